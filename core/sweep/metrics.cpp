// SPDX-License-Identifier: Apache-2.0
#include "sweep/metrics.h"

#include "util/error.h"

#include <algorithm>
#include <charconv>
#include <cstdio>
#include <cstdlib>
#include <deque>
#include <map>
#include <limits>

namespace lorascope {

namespace {

constexpr double kSloraBound = 6.0; // S-LoRA's attainment: first token within 6 s

double percentileSorted(const std::vector<double>& sorted, double p)
{
    // NumPy's default (linear interpolation), as the engine's summary and the replay metrics.
    const double pos = p / 100.0 * static_cast<double>(sorted.size() - 1);
    const auto lo = static_cast<std::size_t>(pos);
    const std::size_t hi = std::min(lo + 1, sorted.size() - 1);
    return sorted[lo] + (sorted[hi] - sorted[lo]) * (pos - static_cast<double>(lo));
}

LatencyStats stats(std::vector<double>& values)
{
    LatencyStats s;
    s.count = values.size();
    if (values.empty())
        return s;
    std::sort(values.begin(), values.end());
    double sum = 0;
    for (double v : values)
        sum += v;
    s.mean = sum / static_cast<double>(values.size());
    s.p50 = percentileSorted(values, 50);
    s.p90 = percentileSorted(values, 90);
    s.p99 = percentileSorted(values, 99);
    return s;
}

double ttftOf(const RequestTiming& r)
{
    return r.firstToken - r.start;
}
double e2eOf(const RequestTiming& r)
{
    return r.finish - r.start;
}
double tpotOf(const RequestTiming& r)
{
    if (!r.completed || r.outputLen <= 1 || std::isnan(r.firstToken))
        return NAN;
    return (r.finish - r.firstToken) / static_cast<double>(r.outputLen - 1);
}

bool meets(const RequestTiming& r, const SloTarget& slo)
{
    if (!r.completed)
        return false;
    if (slo.ttft && !(ttftOf(r) <= *slo.ttft))
        return false;
    if (slo.e2e && !(e2eOf(r) <= *slo.e2e))
        return false;
    if (slo.tpot) {
        const double t = tpotOf(r);
        if (std::isfinite(t) && !(t <= *slo.tpot)) // a one-token answer has no TPOT to miss
            return false;
    }
    return true;
}

std::string trim(const std::string& s)
{
    const auto b = s.find_first_not_of(" \t");
    if (b == std::string::npos)
        return {};
    return s.substr(b, s.find_last_not_of(" \t") - b + 1);
}

} // namespace

SloTarget SloTarget::sloraDefault()
{
    SloTarget s;
    s.ttft = kSloraBound;
    s.attainment = 0.9;
    return s;
}

std::string SloTarget::describe() const
{
    auto time = [](double seconds) {
        char buf[48];
        if (seconds < 1.0)
            std::snprintf(buf, sizeof buf, "%g ms", seconds * 1e3);
        else
            std::snprintf(buf, sizeof buf, "%g s", seconds);
        return std::string(buf);
    };
    std::string out;
    if (ttft)
        out += "TTFT ≤ " + time(*ttft);
    if (tpot)
        out += (out.empty() ? "" : ", ") + std::string("TPOT ≤ ") + time(*tpot);
    if (e2e)
        out += (out.empty() ? "" : ", ") + std::string("E2E ≤ ") + time(*e2e);
    if (out.empty())
        out = "completed";
    char pct[32];
    std::snprintf(pct, sizeof pct, "%g", attainment * 100.0);
    return out + " for ≥ " + pct + " % of requests";
}

SloTarget parseSloTarget(const std::string& text, const std::string& field)
{
    SloTarget slo;
    bool anyBound = false;
    std::vector<std::string> seenKeys;
    auto fail = [&](const std::string& msg) -> void { throw InputError(field + ": " + msg, {}, 0, field); };
    std::size_t pos = 0;
    const std::string all = trim(text);
    if (all.empty())
        fail("empty; give NAME=VALUE items such as ttft=6s,tpot=100ms,attainment=0.9");
    while (pos <= all.size()) {
        auto comma = all.find(',', pos);
        if (comma == std::string::npos)
            comma = all.size();
        const std::string item = trim(all.substr(pos, comma - pos));
        pos = comma + 1;
        const auto eq = item.find('=');
        if (eq == std::string::npos)
            fail("expected NAME=VALUE (ttft, tpot, e2e, attainment), got \"" + item + "\"");
        const std::string name = trim(item.substr(0, eq));
        std::string value = trim(item.substr(eq + 1));
        // One value per item: "ttft=1s,ttft=9s" is a typo, not "the last one wins".
        const std::string key = name == "e2el" ? std::string("e2e") : name;
        if (std::find(seenKeys.begin(), seenKeys.end(), key) != seenKeys.end())
            fail(name + " is given twice (\"" + all + "\"); give each item once");
        seenKeys.push_back(key);
        double scale = 1.0;
        bool percent = false;
        bool unit = false;
        if (value.size() > 2 && value.compare(value.size() - 2, 2, "ms") == 0) {
            value.resize(value.size() - 2);
            scale = 1e-3;
            unit = true;
        } else if (value.size() > 1 && value.back() == 's') {
            value.pop_back();
            unit = true;
        } else if (value.size() > 1 && value.back() == '%') {
            value.pop_back();
            percent = true;
        }
        double v = 0;
        const auto res = std::from_chars(value.data(), value.data() + value.size(), v);
        if (value.empty() || res.ec != std::errc() || res.ptr != value.data() + value.size() || !std::isfinite(v))
            fail("\"" + item + "\" is not NAME=NUMBER");
        if (name == "attainment") {
            if (unit)
                fail("attainment is a share of requests (0.9 or 90%), not a time");
            if (percent)
                v /= 100.0;
            if (!(v > 0 && v <= 1))
                fail("attainment must be in (0, 1] or (0%, 100%] (got " + trim(item.substr(eq + 1)) + ")");
            slo.attainment = v;
            continue;
        }
        if (percent)
            fail(name + " is a time (6s, 500ms), not a percentage");
        if (!unit)
            scale = 1e-3; // as `replay --slo`: bare numbers are milliseconds
        v *= scale;
        if (!(v > 0))
            fail(name + " must be > 0 (got " + trim(item.substr(eq + 1)) + ")");
        if (name == "ttft")
            slo.ttft = v;
        else if (name == "tpot")
            slo.tpot = v;
        else if (name == "e2e" || name == "e2el")
            slo.e2e = v;
        else
            fail("unknown item \"" + name + "\" (ttft, tpot, e2e, attainment)");
        anyBound = true;
    }
    if (!anyBound)
        slo.ttft = kSloraBound;
    return slo;
}

PointMetrics computeMetrics(const MetricsInput& input, const SloTarget& slo, const SaturationOptions& saturation)
{
    PointMetrics m;
    std::vector<double> ttft, tpot, e2e;
    double lastFinish = -std::numeric_limits<double>::infinity();
    double origin = std::numeric_limits<double>::infinity();
    double tokens = 0, reward = 0;
    std::uint64_t good = 0, slora = 0;
    for (const RequestTiming& r : input.requests) {
        if (!r.inWindow)
            continue;
        ++m.requests;
        origin = std::min(origin, r.arrival);
        if (r.lost) {
            ++m.lost;
            continue;
        }
        const double first = ttftOf(r);
        if (std::isfinite(first) && first < kSloraBound) {
            ++slora;
            reward += sloraReward(first, kSloraBound);
        }
        if (!r.completed) {
            ++m.unfinished;
            continue;
        }
        ++m.completed;
        if (std::isfinite(first))
            ttft.push_back(first);
        e2e.push_back(e2eOf(r));
        if (const double p = tpotOf(r); std::isfinite(p))
            tpot.push_back(p);
        tokens += std::max<double>(1, r.outputLen);
        lastFinish = std::max(lastFinish, r.finish);
        good += meets(r, slo);
    }
    m.ttft = stats(ttft);
    m.tpot = stats(tpot);
    m.e2e = stats(e2e);
    // S-LoRA's benchmark time runs from the start of the run (trace time 0, or the end of the
    // warm-up when it is trimmed) to the last response.
    const bool trimmed
        = std::any_of(input.requests.begin(), input.requests.end(), [](const RequestTiming& r) { return !r.inWindow; });
    const double start = trimmed ? (std::isfinite(origin) ? origin : 0.0) : std::min(0.0, origin);
    if (m.completed > 0 && lastFinish > start) {
        m.benchmarkTime = lastFinish - start;
        m.throughput = static_cast<double>(m.completed) / m.benchmarkTime;
        m.tokenThroughput = tokens / m.benchmarkTime;
        m.goodput = static_cast<double>(good) / m.benchmarkTime;
    }
    if (m.requests > 0) {
        m.sloraAttainment = static_cast<double>(slora) / static_cast<double>(m.requests);
        m.sloraReward = reward / static_cast<double>(m.requests);
        m.sloAttainment = static_cast<double>(good) / static_cast<double>(m.requests);
        m.meetsSlo = m.sloAttainment >= slo.attainment - 1e-12;
    }

    // Offered vs achieved in the steady window (docs/sweep.md): achieved = offered − lost per
    // second − d(backlog)/dt, with the backlog's growth a least-squares slope over the window,
    // which is far less noisy than counting completions between two instants.
    double window = input.window;
    if (!(window > 0))
        for (const RequestTiming& r : input.requests)
            window = std::max(window, r.arrival);
    // The steady window skips the ramp-up: an empty server fills for about one request lifetime
    // (its backlog grows then without any overload), so it starts after the 90th percentile of
    // E2E (at least 10 %, at most half of the window) or after the warm-up if that is later.
    double ramp = 0.1 * window;
    if (m.e2e.count > 0)
        ramp = std::min(std::max(ramp, m.e2e.p90), 0.5 * window);
    const double ws = std::max(saturation.windowStart >= 0 ? saturation.windowStart : 0.0, ramp);
    const double we = saturation.windowEnd >= 0 ? std::min(saturation.windowEnd, 0.9 * window) : 0.9 * window;
    m.windowStart = ws;
    m.windowEnd = we;
    if (we > ws) {
        std::vector<double> arrivals, finishes;
        std::uint64_t offered = 0, lost = 0;
        for (const RequestTiming& r : input.requests) {
            if (r.refused)
                continue; // refused by the per-request limits at any load: not offered load
            const bool inSteady = r.arrival >= ws && r.arrival <= we;
            offered += inSteady;
            if (r.lost) {
                lost += inSteady;
                continue;
            }
            arrivals.push_back(r.arrival);
            if (r.completed)
                finishes.push_back(r.finish);
        }
        std::sort(arrivals.begin(), arrivals.end());
        std::sort(finishes.begin(), finishes.end());
        const double len = we - ws;
        m.offeredRate = static_cast<double>(offered) / len;
        constexpr int kSamples = 200;
        double sx = 0, sy = 0, sxx = 0, sxy = 0;
        for (int i = 0; i < kSamples; ++i) {
            const double t = ws + len * (i + 0.5) / kSamples;
            const auto in = std::upper_bound(arrivals.begin(), arrivals.end(), t) - arrivals.begin();
            const auto out = std::upper_bound(finishes.begin(), finishes.end(), t) - finishes.begin();
            const double backlog = static_cast<double>(in - out);
            sx += t;
            sy += backlog;
            sxx += t * t;
            sxy += t * backlog;
        }
        const double n = kSamples;
        const double slope = (sxy - sx * sy / n) / (sxx - sx * sx / n);
        const double intercept = (sy - slope * sx) / n;
        double residual = 0;
        for (int i = 0; i < kSamples; ++i) {
            const double t = ws + len * (i + 0.5) / kSamples;
            const auto in = std::upper_bound(arrivals.begin(), arrivals.end(), t) - arrivals.begin();
            const auto out = std::upper_bound(finishes.begin(), finishes.end(), t) - finishes.begin();
            const double d = static_cast<double>(in - out) - (intercept + slope * t);
            residual += d * d;
        }
        residual = std::sqrt(residual / n);
        if (offered > 0) {
            // The backlog's slope only counts when it is a trend: its growth over the window must
            // exceed three standard errors of a least-squares slope whose samples decorrelate
            // after about one request lifetime (mean E2E), i.e. 3·σ·√(12/K) with σ the backlog's
            // spread around the line and K = window / mean E2E independent samples; and 3
            // requests. A short window with few requests then needs a steep climb.
            const double growth = slope * len;
            m.backlogGrowth = growth;
            const double tau = m.e2e.count > 0 && m.e2e.mean > 0 ? m.e2e.mean : len / n;
            const double k = std::clamp(len / tau, 1.0, n);
            const bool trend = growth > std::max(3.0, 3.0 * residual * std::sqrt(12.0 / k));
            m.achievedRate = std::max(0.0, m.offeredRate - static_cast<double>(lost) / len - (trend ? slope : 0.0));
            m.achievedRatio = m.achievedRate / m.offeredRate;
            m.saturated = m.achievedRatio < saturation.ratio;
        }
    }
    std::vector<RequestTiming> counted;
    counted.reserve(input.requests.size());
    for (const RequestTiming& r : input.requests)
        if (!r.lost)
            counted.push_back(r);
    m.overSaturation = detectOverSaturation(counted);
    return m;
}

std::vector<AdapterMetrics> computeAdapterMetrics(const MetricsInput& input, const SloTarget& slo)
{
    const std::size_t n = input.adapterNames.size();
    std::vector<AdapterMetrics> out(n);
    std::vector<std::vector<double>> ttft(n), tpot(n), e2e(n);
    std::vector<std::uint64_t> good(n), slora(n);
    double lastFinish = -std::numeric_limits<double>::infinity(), origin = std::numeric_limits<double>::infinity();
    bool trimmed = false;
    for (const RequestTiming& r : input.requests) {
        trimmed = trimmed || !r.inWindow;
        if (!r.inWindow || r.adapter >= n)
            continue;
        AdapterMetrics& a = out[r.adapter];
        ++a.requests;
        origin = std::min(origin, r.arrival);
        if (r.lost)
            continue;
        const double first = ttftOf(r);
        slora[r.adapter] += std::isfinite(first) && first < kSloraBound;
        if (!r.completed)
            continue;
        ++a.completed;
        if (std::isfinite(first))
            ttft[r.adapter].push_back(first);
        e2e[r.adapter].push_back(e2eOf(r));
        if (const double p = tpotOf(r); std::isfinite(p))
            tpot[r.adapter].push_back(p);
        good[r.adapter] += meets(r, slo);
        lastFinish = std::max(lastFinish, r.finish);
    }
    const double start = trimmed ? origin : std::min(0.0, origin);
    const double time = lastFinish - start;
    std::vector<AdapterMetrics> used;
    for (std::size_t i = 0; i < n; ++i) {
        AdapterMetrics& a = out[i];
        if (a.requests == 0)
            continue;
        a.name = input.adapterNames[i];
        a.rank = i < input.adapterRanks.size() ? input.adapterRanks[i] : 0;
        a.ttft = stats(ttft[i]);
        a.tpot = stats(tpot[i]);
        a.e2e = stats(e2e[i]);
        a.sloraAttainment = static_cast<double>(slora[i]) / static_cast<double>(a.requests);
        a.sloAttainment = static_cast<double>(good[i]) / static_cast<double>(a.requests);
        if (time > 0)
            a.throughput = static_cast<double>(a.completed) / time;
        used.push_back(std::move(a));
    }
    return used;
}

MetricsInput metricsInputFromPreview(const Trace& trace, const SimulationResult& result, double warmup, double cooldown)
{
    MetricsInput in;
    in.window = trace.window();
    const std::size_t nAdapters = trace.adapters.size();
    in.adapterNames.reserve(nAdapters + 1);
    for (const Adapter& a : trace.adapters) {
        in.adapterNames.push_back(a.name);
        in.adapterRanks.push_back(a.rank);
    }
    in.adapterNames.emplace_back(); // the base model
    in.adapterRanks.push_back(0);
    const double end = in.window - cooldown;
    in.requests.reserve(result.requests.size());
    for (const RequestRecord& rec : result.requests) {
        RequestTiming r;
        r.arrival = rec.arrival;
        r.start = rec.arrival;
        r.firstToken = rec.firstToken;
        r.finish = rec.finished;
        r.outputLen = std::max<std::uint32_t>(1, rec.outputLen); // S-LoRA generates at least one token
        r.adapter = rec.adapter == kNoAdapter ? static_cast<std::uint32_t>(nAdapters) : rec.adapter;
        r.completed = !std::isnan(rec.finished);
        r.lost = rec.rejected != RejectReason::None || rec.dropped != DropReason::None;
        r.refused = rec.rejected != RejectReason::None;
        r.inWindow = rec.arrival >= warmup && (cooldown <= 0 || rec.arrival <= end);
        in.requests.push_back(r);
    }
    return in;
}

MetricsInput metricsInputFromReplay(
    const Trace& trace, const std::vector<ReplayRecord>& records, double timeScale, double warmup, double cooldown)
{
    MetricsInput in;
    in.window = trace.window();
    std::vector<std::string> names;
    std::map<std::string, std::uint32_t> index;
    for (const Adapter& a : trace.adapters) {
        index.emplace(a.name, static_cast<std::uint32_t>(in.adapterNames.size()));
        in.adapterNames.push_back(a.name);
        in.adapterRanks.push_back(a.rank);
    }
    const auto base = static_cast<std::uint32_t>(in.adapterNames.size());
    in.adapterNames.emplace_back();
    in.adapterRanks.push_back(0);
    // Run time → trace time: the schedule is trace time × scale plus a start offset.
    double offset = 0;
    for (const ReplayRecord& r : records)
        if (std::isfinite(r.scheduled) && r.index < trace.requests.size()) {
            offset = r.scheduled - trace.requests[r.index].time * timeScale;
            break;
        }
    auto toTrace = [&](double t) { return std::isfinite(t) ? (t - offset) / timeScale : NAN; };
    in.requests.reserve(records.size());
    for (const ReplayRecord& rec : records) {
        RequestTiming r;
        r.arrival = rec.index < trace.requests.size() ? trace.requests[rec.index].time : toTrace(rec.scheduled);
        r.start = toTrace(rec.sent);
        r.firstToken = rec.tokenTimes.empty() ? NAN : toTrace(rec.tokenTimes.front());
        r.completed = rec.outcome == Outcome::Completed;
        r.finish = r.completed ? toTrace(rec.end) : NAN;
        r.outputLen = static_cast<std::uint32_t>(std::max<std::uint64_t>(1, rec.outputTokens()));
        r.lost = rec.outcome == Outcome::Failed;
        r.inWindow = r.arrival >= warmup && (cooldown <= 0 || r.arrival <= in.window - cooldown);
        const auto it = index.find(rec.adapter);
        r.adapter = rec.adapter.empty() || it == index.end() ? base : it->second;
        in.requests.push_back(r);
    }
    return in;
}

void addPreviewFigures(PointMetrics& m, const SimulationResult& result, const PreviewPeaks& peaks)
{
    m.peakQueue = peaks.queue;
    m.peakRunning = peaks.running;
    m.peakKvNeed = result.summary.peakKvNeed;
    m.peakKvUsed = result.summary.peakKvUsed;
    m.kvCapacity = result.summary.kvCapacity;
    m.adapterLoads = result.summary.adapterLoads;
    m.wait = result.summary.wait;
}

} // namespace lorascope
