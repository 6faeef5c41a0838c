// SPDX-License-Identifier: Apache-2.0
// The validity region of a cost model and the warnings a preview outside it gets.

#include "calibrate/validity.h"

#include <algorithm>
#include <cstdio>

namespace lorascope {

namespace {

std::string number(double v, const char* f = "%.3g")
{
    char buf[48];
    std::snprintf(buf, sizeof buf, f, v);
    return buf;
}

} // namespace

double overloadOf(const Trace& trace, const SimulationSummary& s)
{
    const double window = trace.window();
    if (!(window > 0) || !(s.requestThroughput > 0) || trace.requests.empty())
        return 0;
    return static_cast<double>(trace.requests.size()) / window / s.requestThroughput;
}

ValidityRange validityOf(const CalibrationData& data)
{
    ValidityRange v;
    for (const Experiment& e : data.experiments) {
        for (const Request& q : e.trace.requests) {
            v.maxInputLen = std::max<std::int64_t>(v.maxInputLen, q.inputLen);
            v.maxOutputLen = std::max<std::int64_t>(v.maxOutputLen, q.outputLen);
            v.maxRank = std::max(v.maxRank, e.trace.rankOf(q));
        }
        const std::int64_t kv = e.scheduler.limits.maxTotalTokenNum;
        v.minTotalTokens = v.minTotalTokens == 0 ? kv : std::min(v.minTotalTokens, kv);
        v.maxTotalTokens = std::max(v.maxTotalTokens, kv);
        const std::string p = policyName(e.scheduler.policy);
        if (std::find(v.policies.begin(), v.policies.end(), p) == v.policies.end())
            v.policies.push_back(p);
        if (e.measured.throughput > 0 && !e.trace.requests.empty()) {
            const double window = e.trace.window();
            if (window > 0)
                v.maxOverload = std::max(
                    v.maxOverload, static_cast<double>(e.trace.requests.size()) / window / e.measured.throughput);
        }
    }
    return v;
}

std::vector<ValidityWarning> validityWarnings(
    const Trace& trace, const SimulationConfig& config, const SimulationSummary* summary)
{
    std::vector<ValidityWarning> out;
    if (config.clock != ClockKind::Model)
        return out; // the step clock makes no claim about seconds
    const CostModel& m = config.cost;
    const ValidityRange& v = m.validity;
    if (!m.provenance.validation.measured() && !m.provenance.fit.measured()) {
        out.push_back({ "uncalibrated",
            "The cost model \"" + m.name + "\" carries no calibration: its times are not backed by measurements.",
            { m.name } });
        return out;
    }
    if (!v.policies.empty()
        && std::find(v.policies.begin(), v.policies.end(), policyName(config.scheduler.policy)) == v.policies.end()) {
        std::string list;
        std::vector<std::string> args { policyName(config.scheduler.policy) };
        for (const auto& p : v.policies) {
            list += (list.empty() ? "" : ", ") + p;
            args.push_back(p);
        }
        out.push_back({ "policy",
            "The cost model was validated with the " + list + " polic" + (v.policies.size() > 1 ? "ies" : "y")
                + ", not " + policyName(config.scheduler.policy) + ": its times are extrapolated.",
            std::move(args) });
    }
    std::int64_t maxIn = 0, maxOut = 0;
    int maxRank = 0;
    for (const Request& q : trace.requests) {
        maxIn = std::max<std::int64_t>(maxIn, q.inputLen);
        maxOut = std::max<std::int64_t>(maxOut, q.outputLen);
        maxRank = std::max(maxRank, trace.rankOf(q));
    }
    if (!config.ranks.empty())
        for (int r : config.ranks)
            maxRank = std::max(maxRank, r);
    // 10 % slack: S-LoRA's validation prompts are ≤ 513 tokens; 520 is not a different regime.
    if (v.maxInputLen > 0 && static_cast<double>(maxIn) > 1.1 * static_cast<double>(v.maxInputLen))
        out.push_back({ "input_len",
            "Prompts up to " + std::to_string(maxIn) + " tokens; the model was validated up to "
                + std::to_string(v.maxInputLen) + " (longer prefills and attention are extrapolated).",
            { std::to_string(maxIn), std::to_string(v.maxInputLen) } });
    if (v.maxOutputLen > 0 && static_cast<double>(maxOut) > 1.1 * static_cast<double>(v.maxOutputLen))
        out.push_back({ "output_len",
            "Outputs up to " + std::to_string(maxOut) + " tokens; the model was validated up to "
                + std::to_string(v.maxOutputLen) + ".",
            { std::to_string(maxOut), std::to_string(v.maxOutputLen) } });
    if (v.maxRank > 0 && maxRank > v.maxRank)
        out.push_back({ "rank",
            "LoRA rank " + std::to_string(maxRank) + " is above the largest rank validated ("
                + std::to_string(v.maxRank) + ").",
            { std::to_string(maxRank), std::to_string(v.maxRank) } });
    const std::int64_t kv = config.scheduler.limits.maxTotalTokenNum;
    if (v.maxTotalTokens > 0 && (kv > 2 * v.maxTotalTokens || 2 * kv < v.minTotalTokens))
        out.push_back({ "kv_capacity",
            "max_total_token_num " + std::to_string(kv) + " is far from the validated "
                + std::to_string(v.minTotalTokens)
                + (v.minTotalTokens == v.maxTotalTokens ? std::string() : "–" + std::to_string(v.maxTotalTokens)) + ".",
            { std::to_string(kv), std::to_string(v.minTotalTokens), std::to_string(v.maxTotalTokens) } });
    if (summary && v.maxOverload > 0) {
        const double load = overloadOf(trace, *summary);
        if (load > 1.25 * v.maxOverload)
            out.push_back({ "overload",
                "Requests arrive " + number(load, "%.1f")
                    + "× faster than the modelled server completes them; the model was validated up to "
                    + number(v.maxOverload, "%.1f")
                    + "× (far beyond saturation the queue, not the cost model, sets every latency).",
                { number(load, "%.1f"), number(v.maxOverload, "%.1f") } });
    }
    if (!m.model.name.empty() && !trace.baseModel.empty()) {
        // "huggyllama/llama-13b" vs a llama-7b model: compare the size tag.
        for (const char* size : { "70b", "30b", "13b", "7b" }) {
            const bool inTrace = trace.baseModel.find(size) != std::string::npos;
            const bool inModel = m.model.name.find(size) != std::string::npos;
            if (inTrace != inModel && (inTrace || inModel) && trace.baseModel.find("b") != std::string::npos) {
                if (inTrace) {
                    out.push_back({ "model",
                        "The workload's base model is " + trace.baseModel + " but the cost model describes "
                            + m.model.name + ".",
                        { trace.baseModel, m.model.name } });
                    break;
                }
            }
        }
    }
    return out;
}

} // namespace lorascope
