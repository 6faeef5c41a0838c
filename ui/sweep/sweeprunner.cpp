// SPDX-License-Identifier: Apache-2.0
#include "sweep/sweeprunner.h"

#include <QtConcurrent/QtConcurrentRun>

#include <atomic>
#include <mutex>

#ifdef __linux__
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>
#endif

namespace lorascope {

namespace {
constexpr int kBatchMs = 30; // one redraw per batch of points, never one per point
}

struct SweepRunner::State {
    std::mutex mutex;
    std::vector<SweepPoint> pending;
    std::vector<FleetSweepPoint> fleetPending;
    std::atomic<bool> cancel { false };
    bool done = false;
    bool cancelled = false;
    QString error;
    std::optional<CapacityResult> capacity;
    std::optional<FleetCapacityResult> fleetCapacity;

    void add(const SweepPoint& p)
    {
        std::lock_guard lock(mutex);
        pending.push_back(p);
    }
    void addFleet(const FleetSweepPoint& p)
    {
        std::lock_guard lock(mutex);
        fleetPending.push_back(p);
    }
};

SweepRunner::SweepRunner(QObject* parent)
    : QObject(parent)
{
    m_pool.setMaxThreadCount(1); // the core starts its own worker threads per sweep
    m_timer.setInterval(kBatchMs);
    connect(&m_timer, &QTimer::timeout, this, &SweepRunner::poll);
}

SweepRunner::~SweepRunner()
{
    if (m_state)
        m_state->cancel = true;
    m_pool.waitForDone();
}

void SweepRunner::cancel()
{
    if (m_state)
        m_state->cancel = true;
}

void SweepRunner::start(std::shared_ptr<State> state, std::function<void(State&)> work)
{
    if (m_state)
        m_state->cancel = true; // the old run stops; its points are no longer delivered
    ++m_generation;
    m_state = state;
    m_delivered = 0;
    m_fleetCapacity.reset();
    (void)QtConcurrent::run(&m_pool, [state, work = std::move(work)] {
#ifdef __linux__
        // The sweep's threads yield to the GUI thread: on Linux the nice value is per thread and
        // the core's worker threads, created from this one, inherit it.
        setpriority(PRIO_PROCESS, static_cast<id_t>(::syscall(SYS_gettid)), 5);
#endif
        try {
            work(*state);
        } catch (const Cancelled&) {
            std::lock_guard lock(state->mutex);
            state->cancelled = true;
        } catch (const std::exception& e) {
            std::lock_guard lock(state->mutex);
            state->error = QString::fromStdString(e.what());
        }
        std::lock_guard lock(state->mutex);
        state->cancelled = state->cancelled || state->cancel.load();
        state->done = true;
    });
    m_timer.start();
}

void SweepRunner::runSweep(const SweepPlan& plan, unsigned threads)
{
    m_expected = plan.values.size();
    start(std::make_shared<State>(), [plan, threads](State& s) {
        const SweepRun run = runPreviewSweep(
            plan, [&s](const SweepPoint& p) { s.add(p); }, &s.cancel, threads);
        std::lock_guard lock(s.mutex);
        s.cancelled = run.cancelled;
    });
}

void SweepRunner::runFinder(const SweepPlan& plan, const FinderOptions& options, unsigned threads)
{
    m_expected = 0;
    start(std::make_shared<State>(), [plan, options, threads](State& s) {
        CapacityResult r = findCapacityPreview(
            plan, options, [&s](const SweepPoint& p) { s.add(p); }, &s.cancel, threads);
        std::lock_guard lock(s.mutex);
        s.cancelled = r.cancelled;
        s.capacity = std::move(r);
    });
}

void SweepRunner::runFleetSweep(const FleetSweepPlan& plan, unsigned threads)
{
    m_expected
        = plan.axis == FleetAxis::Router ? planRouters(plan).size() : plan.values.size() * planRouters(plan).size();
    start(std::make_shared<State>(), [plan, threads](State& s) {
        const FleetSweepRun run = lorascope::runFleetSweep(
            plan, [&s](const FleetSweepPoint& p) { s.addFleet(p); }, &s.cancel, threads);
        std::lock_guard lock(s.mutex);
        s.cancelled = run.cancelled;
    });
}

void SweepRunner::runFleetFinder(const FleetSweepPlan& plan, int lo, int hi, unsigned threads)
{
    m_expected = 0;
    start(std::make_shared<State>(), [plan, lo, hi, threads](State& s) {
        FleetCapacityResult r = findMinReplicas(
            plan, lo, hi, { plan.base.slo }, [&s](const FleetSweepPoint& p) { s.addFleet(p); }, &s.cancel, threads);
        std::lock_guard lock(s.mutex);
        s.cancelled = r.cancelled;
        s.fleetCapacity = std::move(r);
    });
}

void SweepRunner::poll()
{
    if (!m_state) {
        m_timer.stop();
        return;
    }
    std::vector<SweepPoint> batch;
    std::vector<FleetSweepPoint> fleetBatch;
    bool done = false;
    {
        std::lock_guard lock(m_state->mutex);
        batch.swap(m_state->pending);
        fleetBatch.swap(m_state->fleetPending);
        done = m_state->done;
    }
    if (!batch.empty()) {
        m_delivered += batch.size();
        Q_EMIT pointsReady(batch);
    }
    if (!fleetBatch.empty()) {
        m_delivered += fleetBatch.size();
        Q_EMIT fleetPointsReady(fleetBatch);
    }
    if (done) {
        const auto state = std::exchange(m_state, nullptr);
        m_timer.stop();
        m_fleetCapacity = state->fleetCapacity;
        Q_EMIT finished(state->cancelled, state->error, state->capacity);
    }
}

} // namespace lorascope
