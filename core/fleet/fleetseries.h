// SPDX-License-Identifier: Apache-2.0
#pragma once
// The Fleet view's series, recorded while a fleet runs: each replica's running and waiting
// requests (binned as its passes end) and its adapter loads and evictions, put on one time grid at
// the end (fleet.h, FleetSeries). Qt-free.

#include "fleet/fleet.h"
#include "fleet/replica.h"

#include <memory>
#include <vector>

namespace lorascope {

class StepTimelineBinner;

class FleetSeriesRecorder {
public:
    FleetSeriesRecorder(const FleetOptions& options, int replicas);
    ~FleetSeriesRecorder();
    /// Records replica `index` (call before it runs).
    void attach(FleetReplica& replica, std::size_t index);
    /// Everything on one grid of options.seriesBins bins; residency for the busiest adapters.
    FleetSeries finish(const std::vector<std::unique_ptr<FleetReplica>>& replicas, const Trace& trace,
        const std::vector<FleetAdapterReport>& perAdapter) const;

private:
    FleetOptions m_options;
    std::vector<std::unique_ptr<StepTimelineBinner>> m_binners;
    std::vector<StepObserver> m_observers;
};

} // namespace lorascope
