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

#include <atomic>
#include <functional>
#include <memory>
#include <utility>

namespace lorascope {

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
    template<typename Work, typename Deliver>
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
