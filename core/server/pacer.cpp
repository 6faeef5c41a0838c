// SPDX-License-Identifier: Apache-2.0
#include "server/pacer.h"

#include <cmath>
#include <limits>

namespace lorascope {

EnginePacer::EnginePacer(const SchedulerConfig& config, const CostModel& cost, double speed)
    : m_config(config)
    , m_scheduler([&] {
        auto c = config;
        c.reportTokens = true;
        return c;
    }())
    , m_cost(cost)
    , m_speed(speed > 0 ? speed : 1.0)
{
}

namespace {

std::string refusalText(RejectReason reason, std::uint32_t inputLen, std::uint32_t outputLen)
{
    return "request refused: " + rejectReasonName(reason) + " (input " + std::to_string(inputLen) + ", output "
        + std::to_string(outputLen) + ")";
}

} // namespace

std::string EnginePacer::refusal(std::uint32_t inputLen, std::uint32_t outputLen, int rank) const
{
    // A throw-away scheduler of the same policy answers exactly as the real one would, without
    // queueing anything in it (refusals depend on the request and the limits, not on the queue).
    Scheduler probe(m_config);
    SimRequest r;
    r.inputLen = inputLen;
    r.outputLen = outputLen;
    if (rank > 0) {
        r.adapter = 0;
        r.rank = rank;
    }
    const auto reason = probe.submit(r);
    return reason == RejectReason::None ? std::string() : refusalText(reason, inputLen, outputLen);
}

std::string EnginePacer::submit(std::uint64_t id, std::uint32_t inputLen, std::uint32_t outputLen,
    const std::string& adapter, int rank, double now, TokenKeyPtr key)
{
    SimRequest r;
    r.id = id;
    r.key = std::move(key);
    r.arrival = now * m_speed;
    r.inputLen = inputLen;
    r.outputLen = outputLen;
    if (!adapter.empty()) {
        auto [it, inserted] = m_adapterIndex.emplace(adapter, std::uint32_t(m_adapterIndex.size()));
        r.adapter = it->second;
        r.rank = rank;
    }
    const auto reason = m_scheduler.submit(r);
    return reason == RejectReason::None ? std::string() : refusalText(reason, inputLen, outputLen);
}

bool EnginePacer::abort(std::uint64_t id)
{
    return m_scheduler.abort(id);
}

bool EnginePacer::idle() const
{
    return m_scheduler.idle();
}

PacedStep EnginePacer::step(double now)
{
    PacedStep out;
    out.result = m_scheduler.step(now * m_speed);
    const double s = stepSeconds(m_cost, out.result) / m_speed;
    // A fitted cost model may have negative terms; a pass never takes negative time. NaN (inf·0) would make every timer
    // fire at once: treat it as "never", like +inf.
    out.seconds = std::isnan(s) ? std::numeric_limits<double>::infinity() : std::max(0.0, s);
    return out;
}

double EnginePacer::nextTimeout() const
{
    return m_scheduler.nextTimeout() / m_speed;
}

} // namespace lorascope
