// SPDX-License-Identifier: Apache-2.0
#include "replay/metrics.h"
#include "util/version.h"

#include <algorithm>
#include <cstdio>
#include <numeric>

namespace lorascope {

const char* outcomeName(Outcome outcome)
{
    switch (outcome) {
    case Outcome::Completed:
        return "completed";
    case Outcome::Failed:
        return "failed";
    case Outcome::Cancelled:
        return "cancelled";
    }
    return "?";
}

double ReplayRecord::tpot() const
{
    const auto out = outputTokens();
    if (out <= 1 || tokenTimes.empty())
        return kNoTime;
    return (e2el() - ttft()) / double(out - 1);
}

namespace {

nlohmann::json num(double v)
{
    return std::isfinite(v) ? nlohmann::json(v) : nlohmann::json(nullptr);
}

double getNum(const nlohmann::json& j, const char* key)
{
    auto it = j.find(key);
    return (it != j.end() && it->is_number()) ? it->get<double>() : kNoTime;
}

double pctSorted(const std::vector<double>& v, double pct)
{
    const double pos = pct / 100.0 * double(v.size() - 1);
    const auto lo = std::size_t(pos);
    const auto hi = std::min(lo + 1, v.size() - 1);
    return v[lo] + (pos - double(lo)) * (v[hi] - v[lo]);
}

void putDistribution(nlohmann::json& out, const std::string& name, const Distribution& d)
{
    out["mean_" + name] = num(d.mean);
    out["median_" + name] = num(d.median);
    out["std_" + name] = num(d.stddev);
    out["p90_" + name] = num(d.p90);
    out["p99_" + name] = num(d.p99);
    out["max_" + name] = num(d.max);
}

// Metrics of one group of records (all, or one adapter's).
nlohmann::json groupMetrics(const std::vector<const ReplayRecord*>& recs, double duration, const SummaryOptions& o)
{
    std::uint64_t completed = 0, failed = 0, cancelled = 0, inTokens = 0, outTokens = 0, good = 0;
    std::vector<double> ttft, tpot, itl, e2el, ettft, ee2el;
    double attainment = 0, reward = 0;
    std::uint64_t sloraCount = 0;
    for (const auto* r : recs) {
        if (r->outcome == Outcome::Cancelled) {
            ++cancelled;
            continue;
        }
        ++sloraCount; // S-LoRA counts aborted/failed requests as 0 attainment and 0 reward
        if (r->outcome == Outcome::Failed) {
            ++failed;
            continue;
        }
        ++completed;
        inTokens += r->reportedInputTokens >= 0 ? std::uint64_t(r->reportedInputTokens) : r->inputLen;
        outTokens += r->outputTokens();
        const double t = r->ttft(), p = r->tpot(), e = r->e2el();
        if (std::isfinite(t)) {
            ttft.push_back(t * 1e3);
            if (t < o.sloraTtftSeconds)
                attainment += 1;
            reward += sloraReward(t, o.sloraTtftSeconds);
        }
        if (std::isfinite(p))
            tpot.push_back(p * 1e3);
        if (std::isfinite(e))
            e2el.push_back(e * 1e3);
        if (const double et = r->effectiveTtft(); std::isfinite(et))
            ettft.push_back(et * 1e3);
        if (const double ee = r->effectiveE2el(); std::isfinite(ee))
            ee2el.push_back(ee * 1e3);
        for (std::size_t i = 1; i < r->tokenTimes.size(); ++i)
            itl.push_back((r->tokenTimes[i] - r->tokenTimes[i - 1]) * 1e3);
        bool ok = true;
        if (o.slo.ttftMs && !(std::isfinite(t) && t * 1e3 <= *o.slo.ttftMs))
            ok = false;
        if (o.slo.tpotMs && std::isfinite(p) && p * 1e3 > *o.slo.tpotMs)
            ok = false;
        if (o.slo.e2elMs && !(std::isfinite(e) && e * 1e3 <= *o.slo.e2elMs))
            ok = false;
        good += ok ? 1 : 0;
    }
    nlohmann::json j;
    j["completed"] = completed;
    j["failed"] = failed;
    j["cancelled"] = cancelled;
    j["total_input_tokens"] = inTokens;
    j["total_output_tokens"] = outTokens;
    j["request_throughput"] = num(duration > 0 ? double(completed) / duration : kNoTime);
    j["output_throughput"] = num(duration > 0 ? double(outTokens) / duration : kNoTime);
    j["total_token_throughput"] = num(duration > 0 ? double(inTokens + outTokens) / duration : kNoTime);
    if (o.slo.any())
        j["request_goodput"] = num(duration > 0 ? double(good) / duration : kNoTime);
    putDistribution(j, "ttft_ms", distributionOf(ttft));
    putDistribution(j, "tpot_ms", distributionOf(tpot));
    putDistribution(j, "itl_ms", distributionOf(itl));
    putDistribution(j, "e2el_ms", distributionOf(e2el));
    putDistribution(j, "effective_ttft_ms", distributionOf(ettft));
    putDistribution(j, "effective_e2el_ms", distributionOf(ee2el));
    j["slora_attainment"] = num(sloraCount ? attainment / double(sloraCount) : kNoTime);
    j["slora_reward"] = num(sloraCount ? reward / double(sloraCount) : kNoTime);
    return j;
}

} // namespace

double sloraReward(double t, double bound)
{
    if (!(t < bound))
        return 0.0;
    return 1.0 - (t / bound) * (t / bound);
}

Distribution distributionOf(std::vector<double> v)
{
    Distribution d;
    d.count = v.size();
    if (v.empty())
        return d;
    std::sort(v.begin(), v.end());
    const double sum = std::accumulate(v.begin(), v.end(), 0.0);
    d.mean = sum / double(v.size());
    double ss = 0;
    for (double x : v)
        ss += (x - d.mean) * (x - d.mean);
    d.stddev = std::sqrt(ss / double(v.size())); // population std, as numpy.std
    d.median = pctSorted(v, 50);
    d.p90 = pctSorted(v, 90);
    d.p99 = pctSorted(v, 99);
    d.min = v.front();
    d.max = v.back();
    return d;
}

nlohmann::json recordToJson(const ReplayRecord& r)
{
    nlohmann::json j;
    j["index"] = r.index;
    j["id"] = r.id;
    j["adapter"] = r.adapter;
    j["input_len"] = r.inputLen;
    j["output_len"] = r.outputLen;
    j["outcome"] = outcomeName(r.outcome);
    j["status"] = r.httpStatus;
    if (!r.errorKind.empty()) {
        j["error_kind"] = r.errorKind;
        j["error"] = r.error;
    }
    j["scheduled_s"] = num(r.scheduled);
    j["dispatched_s"] = num(r.dispatched);
    j["sent_s"] = num(r.sent);
    j["first_byte_s"] = num(r.firstByte);
    j["end_s"] = num(r.end);
    j["lateness_ms"] = num(r.lateness() * 1e3);
    j["queue_ms"] = num(r.queueTime() * 1e3);
    j["ttft_ms"] = num(r.ttft() * 1e3);
    j["tpot_ms"] = num(r.tpot() * 1e3);
    j["e2el_ms"] = num(r.e2el() * 1e3);
    j["tokens"] = r.tokens;
    j["reported_output_tokens"] = r.reportedOutputTokens >= 0 ? nlohmann::json(r.reportedOutputTokens) : nlohmann::json(nullptr);
    j["reported_input_tokens"] = r.reportedInputTokens >= 0 ? nlohmann::json(r.reportedInputTokens) : nlohmann::json(nullptr);
    j["in_window"] = r.inWindow;
    // Token times relative to sent, in ms, rounded to µs to keep lines short.
    auto& tt = j["token_times_ms"] = nlohmann::json::array();
    for (double t : r.tokenTimes)
        tt.push_back(std::round((t - r.sent) * 1e6) / 1e3);
    return j;
}

ReplayRecord recordFromJson(const nlohmann::json& j)
{
    ReplayRecord r;
    r.index = j.at("index").get<std::uint64_t>();
    r.id = j.at("id").get<std::uint64_t>();
    r.adapter = j.at("adapter").get<std::string>();
    r.inputLen = j.at("input_len").get<std::uint32_t>();
    r.outputLen = j.at("output_len").get<std::uint32_t>();
    const auto o = j.at("outcome").get<std::string>();
    r.outcome = o == "completed" ? Outcome::Completed : o == "failed" ? Outcome::Failed : Outcome::Cancelled;
    r.httpStatus = j.at("status").get<int>();
    r.errorKind = j.value("error_kind", std::string());
    r.error = j.value("error", std::string());
    r.scheduled = getNum(j, "scheduled_s");
    r.dispatched = getNum(j, "dispatched_s");
    r.sent = getNum(j, "sent_s");
    r.firstByte = getNum(j, "first_byte_s");
    r.end = getNum(j, "end_s");
    r.tokens = j.at("tokens").get<std::uint64_t>();
    const auto& ro = j.at("reported_output_tokens");
    r.reportedOutputTokens = ro.is_null() ? -1 : ro.get<std::int64_t>();
    const auto& ri = j.at("reported_input_tokens");
    r.reportedInputTokens = ri.is_null() ? -1 : ri.get<std::int64_t>();
    r.inWindow = j.value("in_window", true);
    for (const auto& t : j.at("token_times_ms"))
        r.tokenTimes.push_back(r.sent + t.get<double>() / 1e3);
    return r;
}

nlohmann::json summarizeReplay(const std::vector<ReplayRecord>& records, const SummaryOptions& o)
{
    std::vector<const ReplayRecord*> all;
    std::map<std::string, std::vector<const ReplayRecord*>> byAdapter;
    double first = kNoTime, last = kNoTime, lastSent = kNoTime, firstScheduled = kNoTime, lastScheduled = kNoTime;
    std::vector<double> lateness, queue;
    std::map<std::string, std::uint64_t> errors;
    std::uint64_t trimmed = 0;
    for (const auto& r : records) {
        if (!r.inWindow) {
            ++trimmed;
            continue;
        }
        all.push_back(&r);
        byAdapter[r.adapter].push_back(&r);
        if (std::isfinite(r.scheduled)) {
            firstScheduled = std::isfinite(firstScheduled) ? std::min(firstScheduled, r.scheduled) : r.scheduled;
            lastScheduled = std::isfinite(lastScheduled) ? std::max(lastScheduled, r.scheduled) : r.scheduled;
        }
        if (std::isfinite(r.sent)) {
            first = std::isfinite(first) ? std::min(first, r.sent) : r.sent;
            lastSent = std::isfinite(lastSent) ? std::max(lastSent, r.sent) : r.sent;
            lateness.push_back(r.lateness() * 1e3);
            if (std::isfinite(r.dispatched))
                queue.push_back(r.queueTime() * 1e3);
        }
        if (std::isfinite(r.end) && r.outcome != Outcome::Cancelled)
            last = std::isfinite(last) ? std::max(last, r.end) : r.end;
        if (r.outcome == Outcome::Failed)
            ++errors[r.errorKind.empty() ? std::string("unknown") : r.errorKind];
    }
    // Duration: from the first request sent to the last one finished, within the window.
    const double duration = (std::isfinite(first) && std::isfinite(last)) ? std::max(0.0, last - first) : 0.0;
    nlohmann::json j = groupMetrics(all, duration, o);
    j["tool_version"] = kVersion; // the LoraScope that computed this summary (CLI, GUI and merge alike)
    j["duration"] = duration;
    // What the throughputs are measured against: the duration runs on past the last send while
    // the server drains its queue, so a run that kept up shows a throughput below the offered rate.
    j["drain_s"] = num(std::isfinite(lastSent) && std::isfinite(last) ? std::max(0.0, last - lastSent) : kNoTime);
    const double span = std::isfinite(firstScheduled) && std::isfinite(lastScheduled) ? lastScheduled - firstScheduled : kNoTime;
    j["schedule_span_s"] = num(span);
    j["offered_rate"] = num(span > 0 && all.size() > 1 ? double(all.size() - 1) / span : kNoTime);
    j["num_requests"] = all.size();
    j["trimmed"] = trimmed;
    j["errors"] = errors;
    const auto ld = distributionOf(lateness);
    j["lateness_ms"] = { { "mean", num(ld.mean) }, { "median", num(ld.median) }, { "p90", num(ld.p90) },
        { "p99", num(ld.p99) }, { "max", num(ld.max) } };
    const auto qd = distributionOf(queue);
    j["client_queue_ms"] = { { "mean", num(qd.mean) }, { "median", num(qd.median) }, { "p99", num(qd.p99) },
        { "max", num(qd.max) } };
    if (o.slo.any()) {
        nlohmann::json s;
        if (o.slo.ttftMs)
            s["ttft"] = *o.slo.ttftMs;
        if (o.slo.tpotMs)
            s["tpot"] = *o.slo.tpotMs;
        if (o.slo.e2elMs)
            s["e2el"] = *o.slo.e2elMs;
        j["slo_ms"] = s;
    }
    j["slora_ttft_bound_s"] = o.sloraTtftSeconds;
    // Completed requests that got another number of tokens than they asked for: a server that
    // ignores max_tokens / ignore_eos silently changes the workload.
    {
        std::uint64_t completed = 0, more = 0, fewer = 0;
        std::vector<std::uint64_t> examples;
        for (const auto* r : all) {
            if (r->outcome != Outcome::Completed)
                continue;
            ++completed;
            const auto got = r->outputTokens();
            if (got == r->outputLen)
                continue;
            (got > r->outputLen ? more : fewer) += 1;
            if (examples.size() < 10)
                examples.push_back(r->id);
        }
        const std::string backend = o.backend.empty() ? std::string("unknown") : o.backend;
        const auto count = more + fewer;
        nlohmann::json m = { { "count", count }, { "share", num(completed ? double(count) / double(completed) : kNoTime) },
            { "more", more }, { "fewer", fewer }, { "completed", completed }, { "example_ids", examples } };
        j["output_token_mismatch"] = { { backend, m } };
        auto& warnings = j["warnings"] = nlohmann::json::array();
        if (count) {
            char share[32];
            std::snprintf(share, sizeof share, "%.1f", 100.0 * double(count) / double(completed));
            warnings.push_back(std::to_string(count) + " of " + std::to_string(completed) + " completed requests (" + share
                + " %) received another number of output tokens than requested (" + std::to_string(more) + " more, "
                + std::to_string(fewer) + " fewer; backend " + backend
                + "): the server does not honour max_tokens/ignore_eos, so the workload it ran differs from the trace");
        }
    }
    auto& per = j["per_adapter"] = nlohmann::json::object();
    for (const auto& [name, recs] : byAdapter)
        per[name.empty() ? std::string("(base)") : name] = groupMetrics(recs, duration, o);
    return j;
}

} // namespace lorascope
