// SPDX-License-Identifier: Apache-2.0
#pragma once
// Runs a sweep or the capacity finder off the GUI thread (the core's worker threads) and hands the
// finished points back in batches on a ~30 ms timer, PlotJuggler-style: producers fill a buffer
// under a mutex, the GUI thread takes what is there and redraws once. Starting a new run cancels
// the old one; points of a superseded run are dropped (generation id, as ui/document/jobtracker.h).

#include "sweep/finder.h"
#include "sweep/fleetsweep.h"

#include <QObject>
#include <QThreadPool>
#include <QTimer>

#include <memory>
#include <optional>
#include <vector>

namespace lorascope {

class SweepRunner : public QObject {
    Q_OBJECT
public:
    explicit SweepRunner(QObject* parent = nullptr);
    ~SweepRunner() override;

    /// Previews every value of the plan (checkPlan() must have passed). `threads` 0 = one per core.
    void runSweep(const SweepPlan& plan, unsigned threads = 0);
    /// Runs the capacity finder on the plan's parameter.
    void runFinder(const SweepPlan& plan, const FinderOptions& options, unsigned threads = 0);
    /// A fleet sweep (core/sweep/fleetsweep.h: every router × value; checkFleetPlan() must have passed).
    void runFleetSweep(const FleetSweepPlan& plan, unsigned threads = 0);
    /// The smallest fleet in [lo, hi] replicas meeting the plan's SLO, per router (findMinReplicas).
    void runFleetFinder(const FleetSweepPlan& plan, int lo, int hi, unsigned threads = 0);
    /// The last fleet finder's answer (set before finished() of that run; reset by every start).
    const std::optional<FleetCapacityResult>& fleetCapacity() const { return m_fleetCapacity; }
    /// Stops the running job; what finished stays delivered.
    void cancel();
    bool isRunning() const { return m_state != nullptr; }
    /// Points delivered so far by the current (or last) run, and its plan's size (0 for the finder).
    std::size_t delivered() const { return m_delivered; }
    std::size_t expected() const { return m_expected; }
    quint64 generation() const { return m_generation; }

Q_SIGNALS:
    /// New finished points of the current run, in finishing order (a batch per timer tick).
    void pointsReady(const std::vector<lorascope::SweepPoint>& points);
    /// New finished points of the current fleet run (a batch per timer tick).
    void fleetPointsReady(const std::vector<lorascope::FleetSweepPoint>& points);
    /// The run ended: `cancelled`, an error message (empty when none) and the finder's result.
    void finished(bool cancelled, const QString& error, const std::optional<lorascope::CapacityResult>& capacity);

private:
    struct State;
    void start(std::shared_ptr<State> state, std::function<void(State&)> work);
    void poll();

    QThreadPool m_pool;
    QTimer m_timer;
    std::shared_ptr<State> m_state;
    quint64 m_generation = 0;
    std::size_t m_delivered = 0;
    std::size_t m_expected = 0;
    std::optional<FleetCapacityResult> m_fleetCapacity;
};

} // namespace lorascope
