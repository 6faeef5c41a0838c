#include "server/pacer.h"

namespace lorascope {

EnginePacer::EnginePacer(const SchedulerConfig& config, const CostModel& cost, double speed)
    : m_scheduler([&] {
        auto c = config;
        c.reportTokens = true;
        return c;
    }())
    , m_cost(cost)
    , m_speed(speed > 0 ? speed : 1.0)
{
}

std::string EnginePacer::submit(std::uint64_t id, std::uint32_t inputLen, std::uint32_t outputLen, const std::string& adapter,
    int rank, double now)
{
    SimRequest r;
    r.id = id;
    r.arrival = now;
    r.inputLen = inputLen;
    r.outputLen = outputLen;
    if (!adapter.empty()) {
        auto [it, inserted] = m_adapterIndex.emplace(adapter, std::uint32_t(m_adapterIndex.size()));
        r.adapter = it->second;
        r.rank = rank;
    }
    const auto reason = m_scheduler.submit(r);
    if (reason != RejectReason::None)
        return "request refused: " + rejectReasonName(reason) + " (input " + std::to_string(inputLen) + ", output "
            + std::to_string(outputLen) + ")";
    return {};
}

void EnginePacer::abort(std::uint64_t id)
{
    m_scheduler.abort(id);
}

bool EnginePacer::idle() const
{
    return m_scheduler.idle();
}

PacedStep EnginePacer::step(double now)
{
    PacedStep out;
    StepResult r = m_scheduler.step(now);
    out.seconds = stepSeconds(m_cost, r) / m_speed;
    out.tokens = std::move(r.tokens);
    out.finished = std::move(r.finished);
    for (const auto& d : r.dropped)
        out.dropped.push_back(d.id);
    return out;
}

} // namespace lorascope
