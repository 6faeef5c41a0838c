// SPDX-License-Identifier: Apache-2.0
#include "cli/schedulerargs.h"
#include "cli/previewargs.h"

namespace lorascope::cli {

std::vector<std::string> previewValueFlags()
{
    return withSchedulerValueFlags({ "--cost-model" });
}

std::vector<std::string> previewBoolFlags()
{
    return withSchedulerBoolFlags({});
}

std::vector<std::string> previewFlags()
{
    std::vector<std::string> all = previewValueFlags();
    for (const auto& f : previewBoolFlags())
        all.push_back(f);
    return all;
}

SimulationConfig previewConfigFromArgs(const Args& a)
{
    SimulationConfig config;
    config.clock = ClockKind::Model;
    config.cost = loadCostModel(a.value("--cost-model").value_or("llama-7b-a10g"));
    applySchedulerArgs(a, config.scheduler, config.cost);
    return config;
}

} // namespace lorascope::cli
