// SPDX-License-Identifier: Apache-2.0
#include "replay/schedule.h"

#include "util/error.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace lorascope {

std::optional<ShardBy> shardByFromName(const std::string& name)
{
    if (name == "interleave")
        return ShardBy::Interleave;
    if (name == "adapter")
        return ShardBy::Adapter;
    return std::nullopt;
}

const char* shardByName(ShardBy by)
{
    return by == ShardBy::Adapter ? "adapter" : "interleave";
}

ShardSpec parseShardSpec(const std::string& text, const std::string& field)
{
    const auto bad = [&](const std::string& why) {
        throw InputError(field + ": '" + text.substr(0, 40) + "' " + why, {}, 0, field);
    };
    const auto slash = text.find('/');
    if (slash == std::string::npos || slash == 0 || slash + 1 == text.size())
        bad("is not I/N (e.g. 0/4: the first of four shards)");
    auto number = [&](const std::string& s) {
        std::uint64_t v = 0;
        for (char c : s) {
            if (c < '0' || c > '9')
                bad("is not I/N with whole numbers");
            v = v * 10 + std::uint64_t(c - '0');
            if (v > 100000)
                bad("has a number over 100000");
        }
        return std::uint32_t(v);
    };
    ShardSpec s;
    s.index = number(text.substr(0, slash));
    s.count = number(text.substr(slash + 1));
    if (s.count == 0)
        bad("has N = 0 shards");
    if (s.index >= s.count)
        bad("names shard " + std::to_string(s.index) + " of " + std::to_string(s.count) + ": shards are numbered 0 to "
            + std::to_string(s.count - 1));
    return s;
}

std::vector<std::size_t> shardRequests(const Trace& trace, const ShardSpec& spec)
{
    const std::size_t n = trace.requests.size();
    std::vector<std::size_t> out;
    if (spec.count <= 1) {
        out.resize(n);
        std::iota(out.begin(), out.end(), std::size_t(0));
        return out;
    }
    if (spec.by == ShardBy::Interleave) {
        if (!trace.hasSessions()) {
            for (std::size_t i = spec.index; i < n; i += spec.count)
                out.push_back(i);
            return out;
        }
        // A later turn goes where its first turn went (it waits for the previous turn's answer);
        // first turns and requests outside sessions interleave in trace order.
        std::vector<std::uint32_t> shardOf(n);
        std::uint64_t k = 0;
        for (std::size_t i = 0; i < n; ++i) {
            const auto p = trace.parentOf(i);
            shardOf[i] = p != kNoParent && p < i ? shardOf[p] : std::uint32_t(k++ % spec.count);
            if (shardOf[i] == spec.index)
                out.push_back(i);
        }
        return out;
    }
    // Adapter groups: key = adapter index, the base model as one more group.
    const std::size_t groups = trace.adapters.size() + 1;
    const auto groupOf
        = [&](const Request& r) { return r.adapter == kNoAdapter ? trace.adapters.size() : std::size_t(r.adapter); };
    std::vector<std::uint64_t> count(groups, 0);
    std::vector<std::size_t> first(groups, n);
    for (std::size_t i = 0; i < n; ++i) {
        const auto g = groupOf(trace.requests[i]);
        if (g >= groups)
            continue; // a bad adapter index is the trace reader's to refuse; never index out of range
        ++count[g];
        first[g] = std::min(first[g], i);
    }
    std::vector<std::size_t> order;
    for (std::size_t g = 0; g < groups; ++g)
        if (count[g])
            order.push_back(g);
    std::sort(order.begin(), order.end(),
        [&](std::size_t a, std::size_t b) { return count[a] != count[b] ? count[a] > count[b] : first[a] < first[b]; });
    std::vector<std::uint64_t> load(spec.count, 0);
    std::vector<std::uint32_t> shardOf(groups, 0);
    for (auto g : order) {
        const auto s = std::size_t(std::min_element(load.begin(), load.end()) - load.begin());
        shardOf[g] = std::uint32_t(s);
        load[s] += count[g];
    }
    for (std::size_t i = 0; i < n; ++i) {
        const auto g = groupOf(trace.requests[i]);
        if (g < groups && shardOf[g] == spec.index)
            out.push_back(i);
    }
    return out;
}

void checkSchedule(const Trace& trace, double timeScale)
{
    if (!std::isfinite(timeScale) || !(timeScale > 0))
        throw InputError(
            "--time-scale: must be a finite number > 0 (got " + formatNumber(timeScale) + ")", {}, 0, "--time-scale");
    for (std::size_t i = 0; i < trace.requests.size(); ++i) {
        const double t = trace.requests[i].time;
        const double s = t * timeScale;
        if (std::isfinite(s) && s >= 0 && s <= kMaxReplaySeconds)
            continue;
        const bool scaled = timeScale != 1;
        const std::string what = "request id " + std::to_string(trace.idOf(i)) + " (trace time " + formatNumber(t)
            + " s"
            + (scaled ? " x --time-scale " + formatNumber(timeScale) + " = " + formatNumber(s) + " s)"
                      : std::string(")"));
        if (!std::isfinite(t) || t < 0)
            throw InputError(what + ": a request time must be a finite number >= 0", {}, 0, "time_s");
        throw InputError((scaled ? "--time-scale: " : "") + what + " is scheduled beyond the replay limit of "
                + formatNumber(kMaxReplaySeconds) + " s (366 days)",
            {}, 0, scaled ? "--time-scale" : "time_s");
    }
    if (!trace.hasSessions())
        return;
    // A later turn is due a think time after its previous turn ended: at the earliest, its first
    // turn's time plus every think time of the chain, × the scale. Bounded like a request's time,
    // so no timer is armed past the limit (a think of 1e10 s would overflow the clock's ticks).
    std::vector<double> due(trace.requests.size(), 0.0);
    for (std::size_t i = 0; i < trace.requests.size(); ++i) {
        const SessionTurn& st = trace.sessions[i];
        const double think = st.think * timeScale;
        const bool later = st.parent != kNoParent && st.parent < i;
        due[i] = later ? due[st.parent] + think : trace.requests[i].time * timeScale;
        if (!later || (std::isfinite(think) && think <= kMaxReplaySeconds && due[i] <= kMaxReplaySeconds))
            continue;
        const bool scaled = timeScale != 1;
        throw InputError((scaled ? "--time-scale: " : "") + std::string("request id ") + std::to_string(trace.idOf(i))
                + " (turn " + std::to_string(st.turn) + " of session " + std::to_string(st.session) + ", think time "
                + formatNumber(st.think) + " s"
                + (scaled ? " x --time-scale " + formatNumber(timeScale) : std::string()) + ") would be sent "
                + formatNumber(due[i]) + " s or more after the start, beyond the replay limit of "
                + formatNumber(kMaxReplaySeconds) + " s (366 days)",
            {}, 0, scaled ? "--time-scale" : "think_s");
    }
}

std::vector<ReplayRecord> scheduledRecords(const Trace& trace, const std::vector<std::size_t>& indices,
    double timeScale, double origin, double warmupSeconds, double cooldownSeconds)
{
    double last = 0;
    for (const auto& q : trace.requests)
        last = std::max(last, q.time * timeScale);
    std::vector<ReplayRecord> records(indices.size());
    for (std::size_t k = 0; k < indices.size(); ++k) {
        const auto i = indices[k];
        const auto& q = trace.requests[i];
        auto& r = records[k];
        r.index = i;
        r.id = trace.idOf(i);
        r.adapter = trace.adapterName(q);
        r.inputLen = q.inputLen;
        r.outputLen = q.outputLen;
        const double rel = q.time * timeScale;
        r.scheduled = origin + rel;
        r.designed = r.scheduled;
        r.inWindow = rel >= warmupSeconds && rel <= last - cooldownSeconds;
        if (trace.hasSessions() && trace.sessions[i].session != kNoSession) {
            r.session = trace.sessions[i].session;
            r.turn = trace.sessions[i].turn;
            if (const auto p = trace.sessions[i].parent; p != kNoParent)
                r.parent = std::int64_t(p);
        }
    }
    return records;
}

double checkedTimeout(double seconds, const std::string& field)
{
    if (std::isnan(seconds) || seconds < 0)
        throw InputError(field + ": must be a number >= 0 (got " + formatNumber(seconds) + ")", {}, 0, field);
    if (seconds > kMaxReplaySeconds)
        return 0; // longer than any run can last: the same as none
    return seconds;
}

} // namespace lorascope
