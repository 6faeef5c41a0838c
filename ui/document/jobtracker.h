// SPDX-License-Identifier: Apache-2.0
#pragma once
// hotspot-style job tracker: every background job carries a generation id; its result comes back
// through a queued invokeMethod guarded by a QPointer, and results of superseded jobs are dropped.
// Each job also gets a cancel flag that the next job sets, so superseded work stops early.

#include <QCoreApplication>
#include <QMetaObject>
#include <QObject>
#include <QPointer>
#include <QThreadPool>
#include <QtConcurrent/QtConcurrentRun>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <functional>

#ifdef Q_OS_LINUX
#include <sys/resource.h>
#include <unistd.h>
#endif
#include <memory>
#include <utility>

namespace lorascope {

/// Background work yields to the GUI thread: the calling thread's nice value is raised by 5 (once
/// per thread; threads it starts, like the generator's merge helpers, inherit it). On two cores a
/// generation or an admission preview at the GUI's own priority took the core the GUI thread woke
/// up to paint on: event-loop gaps of 20 ms where the GUI thread's own work was 11-14 ms. Nice 5
/// (CFS weight 335 against 1024) still leaves the worker a good share when it competes with other
/// processes; on a quiet machine it changes nothing. Raising nice needs no privilege.
inline void yieldToGuiThread()
{
#ifdef Q_OS_LINUX
    thread_local bool done = false;
    if (done)
        return;
    done = true;
    const pid_t tid = gettid();
    errno = 0;
    const int now = getpriority(PRIO_PROCESS, id_t(tid));
    if (errno == 0)
        (void)setpriority(PRIO_PROCESS, id_t(tid), std::min(now + 5, 19));
#endif
}

class JobTracker {
public:
    explicit JobTracker(QObject* receiver)
        : m_receiver(receiver)
    {
        m_pool.setMaxThreadCount(2);
    }
    ~JobTracker()
    {
        cancel();
        m_pool.waitForDone();
    }

    /// Cancels the running job (its result will be dropped).
    void cancel()
    {
        if (m_cancel)
            m_cancel->store(true);
        ++m_generation;
    }
    bool isRunning() const { return m_running > 0; }
    /// Called on the receiver's thread whenever the last running job has come back (delivered or dropped).
    void setOnIdle(std::function<void()> onIdle) { m_onIdle = std::move(onIdle); }
    quint64 generation() const { return m_generation; }

    /// Runs work(cancelFlag) on the pool; then deliver(result) on the receiver's thread unless a newer
    /// job started (or the receiver died) meanwhile. `progress` (atomic double 0..1) may be polled.
    template <typename Work, typename Deliver>
    void run(Work work, Deliver deliver)
    {
        cancel();
        const quint64 gen = m_generation;
        auto flag = std::make_shared<std::atomic<bool>>(false);
        m_cancel = flag;
        ++m_running;
        QPointer<QObject> receiver = m_receiver;
        auto* self = this;
        // The tracker lives as long as the receiver (it is its member), so `self` is valid whenever
        // the QPointer is.
        (void)QtConcurrent::run(&m_pool, [=]() mutable {
            yieldToGuiThread();
            auto result = work(*flag);
            // A superseded job's result is freed here: dropping a multi-million-request result
            // takes tens of milliseconds, which the GUI thread must not spend.
            if (flag->load())
                result = decltype(result) {};
            QMetaObject::invokeMethod(
                receiver.data() ? receiver.data() : QCoreApplication::instance(),
                [=]() mutable {
                    if (!receiver)
                        return;
                    --self->m_running;
                    if (gen == self->m_generation && !flag->load())
                        deliver(std::move(result));
                    if (self->m_running == 0 && self->m_onIdle)
                        self->m_onIdle();
                },
                Qt::QueuedConnection);
        });
    }

private:
    QObject* m_receiver;
    QThreadPool m_pool;
    quint64 m_generation = 0;
    int m_running = 0;
    std::shared_ptr<std::atomic<bool>> m_cancel;
    std::function<void()> m_onIdle;
};

} // namespace lorascope
