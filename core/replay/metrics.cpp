// SPDX-License-Identifier: Apache-2.0
#include "replay/metrics.h"
#include "util/error.h"
#include "util/version.h"

#include <algorithm>
#include <cstdio>
#include <limits>
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
    std::uint64_t cachedTokens = 0, cachedOf = 0, cacheReports = 0;
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
        if (r->reportedCachedTokens >= 0) {
            ++cacheReports;
            cachedTokens += std::uint64_t(r->reportedCachedTokens);
            cachedOf += r->reportedInputTokens >= 0 ? std::uint64_t(r->reportedInputTokens) : r->inputLen;
        }
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
    // Prefix cache: the share of the prompt tokens the server said it served from its cache.
    j["cached_prompt_tokens"] = cacheReports ? nlohmann::json(cachedTokens) : nlohmann::json(nullptr);
    j["prefix_cache_hit_share"] = num(cacheReports && cachedOf ? double(cachedTokens) / double(cachedOf) : kNoTime);
    j["slora_attainment"] = num(sloraCount ? attainment / double(sloraCount) : kNoTime);
    j["slora_reward"] = num(sloraCount ? reward / double(sloraCount) : kNoTime);
    return j;
}

/// Prompt tokens as the server counted them against the trace's input lengths, and what it served
/// from its prefix cache: a server that tokenizes the prompts differently (a chat template, another
/// tokenizer, --prompts text) ran another prefill than the design (docs/replay.md, "Prompts").
void promptChecks(const std::vector<const ReplayRecord*>& all, nlohmann::json& j)
{
    std::uint64_t reported = 0, more = 0, fewer = 0, sumReported = 0, sumTrace = 0, cacheReports = 0, cached = 0,
                  cachedOf = 0;
    std::vector<std::uint64_t> examples;
    for (const auto* r : all) {
        if (r->outcome != Outcome::Completed || r->reportedInputTokens < 0)
            continue;
        ++reported;
        const auto got = std::uint64_t(r->reportedInputTokens);
        sumReported += got;
        sumTrace += r->inputLen;
        if (r->reportedCachedTokens >= 0) {
            ++cacheReports;
            cached += std::uint64_t(r->reportedCachedTokens);
            cachedOf += got;
        }
        const double diff = std::abs(double(got) - double(r->inputLen));
        if (diff <= std::max(kPromptTokenTolerance * double(r->inputLen), double(kPromptTokenSlack)))
            continue;
        (got > r->inputLen ? more : fewer) += 1;
        if (examples.size() < 10)
            examples.push_back(r->id);
    }
    const auto count = more + fewer;
    j["prompt_token_mismatch"] = { { "count", count },
        { "share", num(reported ? double(count) / double(reported) : kNoTime) }, { "more", more }, { "fewer", fewer },
        { "reported", reported }, { "ratio", num(sumTrace ? double(sumReported) / double(sumTrace) : kNoTime) },
        { "example_ids", examples } };
    j["prefix_cache"] = { { "reported", cacheReports }, { "cached_tokens", cached }, { "prompt_tokens", cachedOf },
        { "hit_share", num(cacheReports && cachedOf ? double(cached) / double(cachedOf) : kNoTime) } };
    if (count) {
        char share[32], ratio[32];
        std::snprintf(share, sizeof share, "%.1f", 100.0 * double(count) / double(reported));
        std::snprintf(ratio, sizeof ratio, "%.3f", sumTrace ? double(sumReported) / double(sumTrace) : 0.0);
        j["warnings"].push_back(std::to_string(count) + " of " + std::to_string(reported) + " completed requests ("
            + share + " %) had another number of prompt tokens by the server's count than the trace's input length ("
            + std::to_string(more) + " more, " + std::to_string(fewer) + " fewer, by more than 5 % and "
            + std::to_string(kPromptTokenSlack) + " tokens; all prompts: " + ratio
            + " × the trace's): the server tokenizes these prompts differently (a chat template, another tokenizer, "
              "--prompts text), "
              "so the prefill it ran differs from the design");
    }
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
    j["reported_output_tokens"]
        = r.reportedOutputTokens >= 0 ? nlohmann::json(r.reportedOutputTokens) : nlohmann::json(nullptr);
    j["reported_input_tokens"]
        = r.reportedInputTokens >= 0 ? nlohmann::json(r.reportedInputTokens) : nlohmann::json(nullptr);
    if (r.reportedCachedTokens >= 0)
        j["cached_tokens"] = r.reportedCachedTokens;
    if (r.turn > 0) {
        j["session"] = r.session;
        j["turn"] = r.turn;
        if (r.parent >= 0)
            j["parent_index"] = r.parent;
        j["designed_s"] = num(r.designed);
    }
    j["in_window"] = r.inWindow;
    if (r.attempts > 1)
        j["attempts"] = r.attempts;
    // Token times relative to sent, in ms, rounded to µs to keep lines short.
    auto& tt = j["token_times_ms"] = nlohmann::json::array();
    for (double t : r.tokenTimes)
        tt.push_back(std::round((t - r.sent) * 1e6) / 1e3);
    return j;
}

namespace {

[[noreturn]] void badField(const std::string& field, const std::string& what)
{
    throw InputError(field + ": " + what, {}, 0, field);
}

const nlohmann::json& member(const nlohmann::json& j, const char* key)
{
    const auto it = j.find(key);
    if (it == j.end())
        badField(key, "missing (a results line LoraScope wrote has it)");
    return *it;
}

std::uint64_t wholeNumber(const nlohmann::json& j, const char* key, std::uint64_t max)
{
    const auto& v = member(j, key);
    if (v.is_number_unsigned() && v.get<std::uint64_t>() <= max)
        return v.get<std::uint64_t>();
    if (v.is_number_integer() && v.get<std::int64_t>() < 0)
        badField(key, "must be a whole number >= 0 (got " + v.dump() + ")");
    if (v.is_number_unsigned())
        badField(key, "must be at most " + std::to_string(max) + " (got " + v.dump() + ")");
    badField(key, std::string("expected a whole number, got ") + (v.is_number() ? v.dump() : v.type_name()));
}

std::string text(const nlohmann::json& j, const char* key, bool required)
{
    const auto it = j.find(key);
    if (it == j.end() && required)
        badField(key, "missing (a results line LoraScope wrote has it)");
    if (it == j.end() || (!required && it->is_null()))
        return {};
    if (!it->is_string())
        badField(key, std::string("expected a string, got ") + it->type_name());
    return it->get<std::string>();
}

/// A time: a number or null (did not happen). Absent = null (older lines).
double timeOf(const nlohmann::json& j, const char* key)
{
    const auto it = j.find(key);
    if (it == j.end() || it->is_null())
        return kNoTime;
    if (!it->is_number())
        badField(key, std::string("expected a number of seconds or null, got ") + it->type_name());
    return it->get<double>();
}

std::string secondsText(double v)
{
    return formatNumber(v) + " s";
}

} // namespace

void checkRecord(const ReplayRecord& r)
{
    constexpr double tol = 1e-6;
    const std::pair<const char*, double> times[] = { { "scheduled_s", r.scheduled }, { "dispatched_s", r.dispatched },
        { "sent_s", r.sent }, { "first_byte_s", r.firstByte }, { "end_s", r.end } };
    for (const auto& [key, t] : times)
        if (!std::isnan(t) && !(std::abs(t) <= kMaxRecordSeconds))
            badField(key,
                formatNumber(t) + " is not a time of a run (at most " + formatNumber(kMaxRecordSeconds)
                    + " s either side of its start)");
    // Each event after the one before it (when both happened).
    const auto order = [&](const char* laterKey, double later, const char* earlierKey, double earlier) {
        if (std::isfinite(later) && std::isfinite(earlier) && later < earlier - tol)
            badField(laterKey,
                secondsText(later) + " is before " + earlierKey + " " + secondsText(earlier)
                    + ": the events of a request are out of order");
    };
    order("dispatched_s", r.dispatched, "scheduled_s", r.scheduled);
    order("sent_s", r.sent, "dispatched_s", r.dispatched);
    order("first_byte_s", r.firstByte, "sent_s", r.sent);
    order("end_s", r.end, "sent_s", r.sent);
    order("end_s", r.end, "first_byte_s", r.firstByte);
    if (!r.tokenTimes.empty()) {
        if (!std::isfinite(r.sent))
            badField("token_times_ms", "token times without a send time (sent_s is null)");
        double prev = r.sent;
        for (std::size_t i = 0; i < r.tokenTimes.size(); ++i) {
            const double t = r.tokenTimes[i];
            const std::string field = "token_times_ms[" + std::to_string(i) + "]";
            if (!std::isfinite(t) || std::abs(t - r.sent) > kMaxRecordSeconds)
                badField(field, "is not a time of this request");
            if (t < prev - tol)
                badField(field,
                    formatNumber((t - r.sent) * 1e3) + " ms is "
                        + (i == 0 ? std::string("before the request was sent")
                                  : "before the token before it (" + formatNumber((prev - r.sent) * 1e3) + " ms)")
                        + ": token times must not go backwards");
            prev = t;
        }
        if (std::isfinite(r.end) && prev > r.end + tol)
            badField("token_times_ms",
                "the last token (" + formatNumber((prev - r.sent) * 1e3) + " ms after sent) comes after end_s "
                    + secondsText(r.end));
    }
    if (r.outcome == Outcome::Completed && !(std::isfinite(r.sent) && std::isfinite(r.end)))
        badField(
            std::isfinite(r.sent) ? "end_s" : "sent_s", "a completed request needs its send and end times (got null)");
    if (r.httpStatus < 0 || r.httpStatus > 999)
        badField("status", "must be an HTTP status from 0 to 999 (got " + std::to_string(r.httpStatus) + ")");
}

ReplayRecord recordFromJson(const nlohmann::json& j)
{
    if (!j.is_object())
        throw InputError(std::string("expected a JSON object (a results line LoraScope wrote), got ") + j.type_name());
    constexpr std::uint64_t k32 = 0xFFFFFFFFull;
    // Trace indices and ids are below 2^53 (what a JSON number holds exactly everywhere).
    constexpr std::uint64_t kMaxIndex = (std::uint64_t { 1 } << 53) - 1;
    ReplayRecord r;
    r.index = wholeNumber(j, "index", kMaxIndex);
    r.id = wholeNumber(j, "id", std::numeric_limits<std::uint64_t>::max());
    r.adapter = text(j, "adapter", true);
    r.inputLen = static_cast<std::uint32_t>(wholeNumber(j, "input_len", k32));
    r.outputLen = static_cast<std::uint32_t>(wholeNumber(j, "output_len", k32));
    const std::string o = text(j, "outcome", true);
    if (o == "completed")
        r.outcome = Outcome::Completed;
    else if (o == "failed")
        r.outcome = Outcome::Failed;
    else if (o == "cancelled")
        r.outcome = Outcome::Cancelled;
    else
        badField("outcome", "unknown value \"" + o.substr(0, 40) + "\" (expected completed, failed or cancelled)");
    {
        const auto& st = member(j, "status");
        if (!st.is_number_integer())
            badField("status", std::string("expected a whole number, got ") + st.type_name());
        const auto v = st.get<std::int64_t>();
        if (v < 0 || v > 999)
            badField("status", "must be an HTTP status from 0 to 999 (got " + std::to_string(v) + ")");
        r.httpStatus = static_cast<int>(v);
    }
    r.errorKind = text(j, "error_kind", false);
    r.error = text(j, "error", false);
    r.scheduled = timeOf(j, "scheduled_s");
    r.dispatched = timeOf(j, "dispatched_s");
    r.sent = timeOf(j, "sent_s");
    r.firstByte = timeOf(j, "first_byte_s");
    r.end = timeOf(j, "end_s");
    r.tokens = wholeNumber(j, "tokens", k32 * 1024);
    const auto reported = [&](const char* key) -> std::int64_t {
        const auto& v = member(j, key);
        return v.is_null() ? -1 : static_cast<std::int64_t>(wholeNumber(j, key, k32 * 1024));
    };
    r.reportedOutputTokens = reported("reported_output_tokens");
    r.reportedInputTokens = reported("reported_input_tokens");
    if (const auto it = j.find("cached_tokens"); it != j.end() && !it->is_null())
        r.reportedCachedTokens = static_cast<std::int64_t>(wholeNumber(j, "cached_tokens", k32 * 1024));
    // A turn of a session (docs/sessions.md): its session, the turn it follows and when the design placed it.
    if (const auto it = j.find("turn"); it != j.end() && !it->is_null()) {
        r.turn = static_cast<std::uint32_t>(wholeNumber(j, "turn", k32));
        r.session = wholeNumber(j, "session", kMaxIndex);
        if (const auto p = j.find("parent_index"); p != j.end() && !p->is_null())
            r.parent = static_cast<std::int64_t>(wholeNumber(j, "parent_index", kMaxIndex));
        r.designed = timeOf(j, "designed_s");
    } else {
        r.designed = r.scheduled;
    }
    if (const auto it = j.find("in_window"); it != j.end()) {
        if (!it->is_boolean())
            badField("in_window", std::string("expected true or false, got ") + it->type_name());
        r.inWindow = it->get<bool>();
    }
    if (const auto it = j.find("attempts"); it != j.end() && !it->is_null()) {
        r.attempts = static_cast<std::uint32_t>(wholeNumber(j, "attempts", 1000));
        if (r.attempts < 1)
            badField("attempts", "expected a whole number from 1 to 1000, got 0");
    }
    const auto& tt = member(j, "token_times_ms");
    if (!tt.is_array())
        badField("token_times_ms", std::string("expected an array of numbers, got ") + tt.type_name());
    r.tokenTimes.reserve(tt.size());
    for (std::size_t i = 0; i < tt.size(); ++i) {
        if (!tt[i].is_number())
            badField("token_times_ms[" + std::to_string(i) + "]",
                std::string("expected a number of ms, got ") + tt[i].type_name());
        r.tokenTimes.push_back(r.sent + tt[i].get<double>() / 1e3);
    }
    checkRecord(r);
    return r;
}

nlohmann::json summarizeReplay(const std::vector<ReplayRecord>& records, const SummaryOptions& o)
{
    std::vector<const ReplayRecord*> all;
    std::map<std::string, std::vector<const ReplayRecord*>> byAdapter;
    double first = kNoTime, last = kNoTime, lastSent = kNoTime, firstScheduled = kNoTime, lastScheduled = kNoTime;
    std::vector<double> lateness, queue;
    std::map<std::string, std::uint64_t> errors;
    std::uint64_t trimmed = 0, resent = 0;
    for (const auto& r : records) {
        resent += r.attempts > 1 ? 1 : 0;
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
    const double span
        = std::isfinite(firstScheduled) && std::isfinite(lastScheduled) ? lastScheduled - firstScheduled : kNoTime;
    j["schedule_span_s"] = num(span);
    j["offered_rate"] = num(span > 0 && all.size() > 1 ? double(all.size() - 1) / span : kNoTime);
    j["num_requests"] = all.size();
    j["trimmed"] = trimmed;
    // Requests sent twice because a kept-alive connection closed without an answer (ReplayRecord::attempts).
    j["resent"] = resent;
    j["errors"] = errors;
    const auto ld = distributionOf(lateness);
    j["lateness_ms"] = { { "mean", num(ld.mean) }, { "median", num(ld.median) }, { "p90", num(ld.p90) },
        { "p99", num(ld.p99) }, { "max", num(ld.max) } };
    const auto qd = distributionOf(queue);
    j["client_queue_ms"]
        = { { "mean", num(qd.mean) }, { "median", num(qd.median) }, { "p99", num(qd.p99) }, { "max", num(qd.max) } };
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
        nlohmann::json m
            = { { "count", count }, { "share", num(completed ? double(count) / double(completed) : kNoTime) },
                  { "more", more }, { "fewer", fewer }, { "completed", completed }, { "example_ids", examples } };
        j["output_token_mismatch"] = { { backend, m } };
        auto& warnings = j["warnings"] = nlohmann::json::array();
        if (count) {
            char share[32];
            std::snprintf(share, sizeof share, "%.1f", 100.0 * double(count) / double(completed));
            warnings.push_back(std::to_string(count) + " of " + std::to_string(completed) + " completed requests ("
                + share + " %) received another number of output tokens than requested (" + std::to_string(more)
                + " more, " + std::to_string(fewer) + " fewer; backend " + backend
                + "): the server does not honour max_tokens/ignore_eos, so the workload it ran differs from the trace");
        }
    }
    promptChecks(all, j);
    auto& per = j["per_adapter"] = nlohmann::json::object();
    for (const auto& [name, recs] : byAdapter)
        per[name.empty() ? std::string("(base)") : name] = groupMetrics(recs, duration, o);
    return j;
}

} // namespace lorascope
