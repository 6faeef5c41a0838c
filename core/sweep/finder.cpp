// SPDX-License-Identifier: Apache-2.0
#include "sweep/finder.h"

#include "analysis/numberformat.h"
#include "util/error.h"

#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>
#include <map>

namespace lorascope {

namespace {

std::string pct(double share)
{
    return formatPrintf("%.1f", 100.0 * share) + " %";
}

constexpr std::uint64_t kMinAdapterRequests = 5;

/// Thrown inside the search when the evaluation budget is spent.
struct Budget { };

class Search {
public:
    Search(const SweepPlan& plan, const FinderOptions& options, const PointEvaluator& evaluate)
        : m_plan(plan)
        , m_options(options)
        , m_evaluate(evaluate)
        , m_integer(sweepParamInfo(plan.param).integer)
    {
    }

    std::map<double, SweepPoint>& cache() { return m_cache; }

    double round(double v) const { return m_integer ? std::round(v) : v; }

    void evaluate(std::vector<double> values)
    {
        std::vector<double> todo;
        for (double v : values) {
            v = std::clamp(round(v), m_lo, m_hi);
            if (!m_cache.count(v) && std::find(todo.begin(), todo.end(), v) == todo.end())
                todo.push_back(v);
        }
        if (todo.empty())
            return;
        const int left = m_options.maxEvaluations - static_cast<int>(m_cache.size());
        if (left <= 0)
            throw Budget {};
        if (static_cast<int>(todo.size()) > left)
            todo.resize(static_cast<std::size_t>(left));
        for (SweepPoint& p : m_evaluate(todo))
            m_cache[p.value] = std::move(p);
    }

    void setRange(double lo, double hi)
    {
        m_lo = lo;
        m_hi = hi;
    }

    bool narrow(double good, double bad) const
    {
        if (m_integer)
            return bad - good <= 1.0;
        const double tol = m_options.relativeTolerance ? m_options.tolerance * std::abs(good) : m_options.tolerance;
        return bad - good <= tol;
    }

    /// The boundary of `good` (true at low values, false at high): returns {largest good, smallest
    /// bad above it}; NaN on a side that was not reached within [lo, hi].
    std::pair<double, double> boundary(const std::function<bool(const SweepPoint&)>& good, double start)
    {
        const int k = std::max(1, m_options.batch);
        start = std::clamp(round(start), m_lo, m_hi);
        auto isGood = [&](double v) { return good(m_cache.at(v)); };
        // Bracketing, seeded by the first batch: the start and (with spare threads) the next
        // values up, since most searches start below the boundary.
        std::vector<double> first { start };
        for (int i = 1; i < k; ++i)
            first.push_back(stepValue(start, i, true));
        evaluate(first);
        double g = NAN, b = NAN;
        if (isGood(start)) {
            g = start;
            for (int step = k;; step += k) {
                b = smallestBadAbove(good, g);
                if (!std::isnan(b))
                    break;
                g = largestGood(good);
                if (g >= m_hi)
                    return { g, NAN };
                std::vector<double> batch;
                for (int i = 0; i < k; ++i)
                    batch.push_back(std::min(m_hi, stepValue(start, step + i, true)));
                evaluate(batch);
            }
        } else {
            b = start;
            for (int step = 1;; step += k) {
                g = largestGoodBelow(good, b);
                if (!std::isnan(g))
                    break;
                b = smallestValue();
                if (b <= m_lo)
                    return { NAN, b };
                std::vector<double> batch;
                for (int i = 0; i < k; ++i)
                    batch.push_back(std::max(m_lo, stepValue(start, step + i, false)));
                evaluate(batch);
            }
        }
        // Bisection (k-section with a batch of k): keep the largest good value below the first bad.
        while (!narrow(g, b)) {
            std::vector<double> batch;
            for (int i = 1; i <= k; ++i) {
                const double v = round(g + (b - g) * i / (k + 1));
                if (v > g && v < b)
                    batch.push_back(v);
            }
            if (batch.empty())
                break;
            evaluate(batch);
            const double newB = smallestBadAbove(good, g);
            b = std::isnan(newB) ? b : std::min(b, newB);
            const double newG = largestGoodBelow(good, b);
            g = std::isnan(newG) ? g : newG;
        }
        return { g, b };
    }

    double lo() const { return m_lo; }
    double hi() const { return m_hi; }

private:
    double stepValue(double start, int step, bool up) const
    {
        // Bracketing: growth^step (doubling), or on a real server growth^(2^(step-1)) so the
        // first steps are small and later ones cover a badly wrong preview quickly.
        const double e = m_options.accelerate ? std::pow(2.0, step - 1) : step;
        const double factor = std::pow(m_options.growth, e);
        double v = up ? start * factor : start / factor;
        if (m_integer)
            v = up ? std::max(v, start + step) : std::min(v, start - step);
        return std::clamp(round(v), m_lo, m_hi);
    }
    double smallestBadAbove(const std::function<bool(const SweepPoint&)>& good, double g) const
    {
        for (const auto& [v, p] : m_cache)
            if (v > g && !good(p))
                return v;
        return NAN;
    }
    double largestGood(const std::function<bool(const SweepPoint&)>& good) const
    {
        double best = NAN;
        for (const auto& [v, p] : m_cache)
            if (good(p))
                best = v;
        return best;
    }
    double largestGoodBelow(const std::function<bool(const SweepPoint&)>& good, double b) const
    {
        double best = NAN;
        for (const auto& [v, p] : m_cache)
            if (v < b && good(p))
                best = v;
        return best;
    }
    double smallestValue() const { return m_cache.begin()->first; }

    const SweepPlan& m_plan;
    const FinderOptions& m_options;
    const PointEvaluator& m_evaluate;
    const bool m_integer;
    std::map<double, SweepPoint> m_cache;
    double m_lo = 0, m_hi = 0;
};

const AdapterMetrics* findAdapter(const SweepPoint& p, const std::string& name)
{
    for (const AdapterMetrics& a : p.perAdapter)
        if (a.name == name)
            return &a;
    return nullptr;
}

void adapterBreaks(CapacityResult& r)
{
    const SweepPoint* capacity = nullptr;
    const SweepPoint* above = nullptr;
    for (const SweepPoint& p : r.evaluations) {
        if (p.value == r.capacity)
            capacity = &p;
        if (p.value == r.firstFailing)
            above = &p;
    }
    std::map<std::string, AdapterBreak> by;
    for (const SweepPoint& p : r.evaluations) {
        for (const AdapterMetrics& a : p.perAdapter) {
            AdapterBreak& b = by[a.name];
            b.name = a.name;
            b.rank = a.rank;
            // An adapter with a handful of requests "fails" on one slow request: too noisy to
            // say it breaks first, so only points where it had enough requests decide.
            if (a.requests < kMinAdapterRequests)
                continue;
            if (a.sloAttainment < r.slo.attainment - 1e-12) {
                if (std::isnan(b.firstFailing) || p.value < b.firstFailing)
                    b.firstFailing = p.value;
            } else if (std::isnan(b.lastMeeting) || p.value > b.lastMeeting) {
                b.lastMeeting = p.value;
            }
        }
    }
    std::map<int, std::array<double, 5>> ranks; // good@cap, n@cap, good@above, n@above, adapters
    for (auto& [name, b] : by) {
        if (capacity)
            if (const AdapterMetrics* a = findAdapter(*capacity, name)) {
                b.attainmentAtCapacity = a->sloAttainment;
                ranks[b.rank][0] += a->sloAttainment * static_cast<double>(a->requests);
                ranks[b.rank][1] += static_cast<double>(a->requests);
            }
        if (above)
            if (const AdapterMetrics* a = findAdapter(*above, name)) {
                b.attainmentAbove = a->sloAttainment;
                b.requestsAbove = a->requests;
                ranks[b.rank][2] += a->sloAttainment * static_cast<double>(a->requests);
                ranks[b.rank][3] += static_cast<double>(a->requests);
            }
        ranks[b.rank][4] += 1;
        r.adapters.push_back(b);
    }
    std::stable_sort(r.adapters.begin(), r.adapters.end(), [](const AdapterBreak& x, const AdapterBreak& y) {
        const double fx = std::isnan(x.firstFailing) ? INFINITY : x.firstFailing;
        const double fy = std::isnan(y.firstFailing) ? INFINITY : y.firstFailing;
        if (fx != fy)
            return fx < fy;
        const double ax = std::isnan(x.attainmentAbove) ? 2.0 : x.attainmentAbove;
        const double ay = std::isnan(y.attainmentAbove) ? 2.0 : y.attainmentAbove;
        if (ax != ay)
            return ax < ay;
        return x.requestsAbove > y.requestsAbove;
    });
    for (auto it = ranks.rbegin(); it != ranks.rend(); ++it) {
        RankBreak rb;
        rb.rank = it->first;
        rb.adapters = static_cast<std::size_t>(it->second[4]);
        rb.attainmentAtCapacity = it->second[1] > 0 ? it->second[0] / it->second[1] : NAN;
        rb.attainmentAbove = it->second[3] > 0 ? it->second[2] / it->second[3] : NAN;
        rb.requestsAbove = static_cast<std::uint64_t>(it->second[3]);
        r.ranks.push_back(rb);
    }
}

/// The sustainable capacity: the largest value that meets the SLO and is not saturated, and how
/// finely it is known; whether the SLO held past saturation only because the trace was short.
void sustainableVerdict(CapacityResult& r, const FinderOptions& options)
{
    const SweepPoint* atCapacity = nullptr;
    for (const SweepPoint& p : r.evaluations)
        if (p.value == r.capacity)
            atCapacity = &p;
    if (!r.evaluations.empty())
        r.duration = pointDuration(atCapacity ? *atCapacity : r.evaluations.front());
    const bool saturates = r.saturationOutcome == CapacityResult::Saturation::Found
        || r.saturationOutcome == CapacityResult::Saturation::Always;
    const double firstSaturated = r.saturationOutcome == CapacityResult::Saturation::Always ? r.lowest : r.saturation;
    for (const SweepPoint& p : r.evaluations) {
        if (!p.metrics.meetsSlo || p.metrics.saturated || (saturates && p.value >= firstSaturated))
            continue;
        if (!std::isnan(r.capacity) && p.value > r.capacity)
            continue;
        r.sustainable = p.value;
    }
    r.shortTrace = !std::isnan(r.capacity) && saturates && r.capacity >= firstSaturated;
    r.limitedBy = r.shortTrace || (saturates && std::isnan(r.capacity)) ? CapacityResult::Limit::Saturation
                                                                        : CapacityResult::Limit::Slo;
    if (r.shortTrace && atCapacity)
        r.suggestedDuration = durationToTell(atCapacity->metrics, r.slo, r.duration);
    // How finely the answer is known: its bracket (the SLO's, or the saturation search's), or
    // the search's tolerance when the bracket is open on one side.
    double width = NAN;
    if (r.limitedBy == CapacityResult::Limit::Slo && !std::isnan(r.firstFailing) && !std::isnan(r.capacity))
        width = r.firstFailing - r.capacity;
    else if (r.limitedBy == CapacityResult::Limit::Saturation && !std::isnan(r.saturation)
        && !std::isnan(r.lastUnsaturated))
        width = r.saturation - r.lastUnsaturated;
    const double at = std::isnan(r.sustainable) ? r.capacity : r.sustainable;
    if (!(width > 0) && std::isfinite(at))
        width = options.relativeTolerance ? options.tolerance * std::abs(at) : options.tolerance;
    r.resolution = width > 0 ? width : NAN;
}

} // namespace

std::string capacityParamProblem(SweepParam param)
{
    const SweepParamInfo& info = sweepParamInfo(param);
    switch (param) {
    case SweepParam::Seed:
        return "the capacity finder cannot search seed: a seed only draws the same workload again (sampling noise), no "
               "seed is "
               "more load than another; sweep it with --param seed --values 1,2,3";
    case SweepParam::MaxTotalTokenNum:
    case SweepParam::BatchMaxTokens:
    case SweepParam::RunningMaxReqSize:
    case SweepParam::MaxNumSeqs:
    case SweepParam::MaxNumBatchedTokens:
    case SweepParam::MaxLoras:
        return std::string("the capacity finder cannot search ") + info.name + ": a larger " + info.name
            + " lets the server serve more, so the SLO gets easier as it grows and the largest value meeting it is "
              "just the top of "
              "the range; to see which values meet the SLO, sweep it with --param "
            + info.name;
    default:
        return {};
    }
}

CapacityResult findCapacity(const SweepPlan& plan, const FinderOptions& options, const PointEvaluator& evaluate)
{
    const auto t0 = std::chrono::steady_clock::now();
    const SweepParamInfo& info = sweepParamInfo(plan.param);
    if (const std::string why = capacityParamProblem(plan.param); !why.empty())
        throw InputError(why, {}, 0, info.name);
    if (const std::string why = sweepParamNotApplicable(plan.param, plan.spec, plan.config); !why.empty())
        throw InputError(why, {}, 0, info.name);
    if (!(options.tolerance > 0))
        throw InputError("the tolerance must be > 0 (got " + formatNumber(options.tolerance) + ")", {}, 0, "tolerance");
    if (options.maxEvaluations < 2)
        throw InputError("the finder needs at least 2 evaluations", {}, 0, "max-evaluations");
    if (!(options.growth > 1))
        throw InputError("the bracketing factor must be > 1", {}, 0, "growth");

    CapacityResult r;
    r.param = plan.param;
    r.slo = plan.slo;
    double start = std::isnan(options.start) ? sweepParamValue(plan.param, plan.spec, plan.config) : options.start;
    double lo = std::isnan(options.lo) ? start / 100.0 : options.lo;
    double hi = std::isnan(options.hi) ? start * 100.0 : options.hi;
    // Keep within what the parameter accepts (rate > 0, whole adapters, ...).
    const double minValid = info.minExclusive ? std::max(info.min, 0.0) + (info.integer ? 1.0 : 1e-6) : info.min;
    lo = std::max(lo, minValid);
    hi = std::min(hi, info.max);
    if (info.integer) {
        lo = std::ceil(lo);
        hi = std::floor(hi);
    }
    if (!(lo < hi))
        throw InputError(
            std::string("empty search range for ") + info.name + ": " + formatNumber(lo) + " to " + formatNumber(hi),
            {}, 0, "range");
    if (!std::isfinite(start) || start < lo || start > hi)
        start = info.integer ? std::round(std::sqrt(std::max(lo, 1.0) * hi)) : std::sqrt(lo * hi);
    for (double v : { lo, hi }) {
        WorkloadSpec spec;
        SimulationConfig config;
        pointSettings(plan, v, spec, config);
        if (const auto issues = validate(spec); !issues.empty())
            throw InputError(std::string("at ") + info.name + " = " + sweepValueText(plan.param, v) + ": "
                    + issues.front().message + " (narrow the search range)",
                {}, 0, issues.front().field);
    }

    Search search(plan, options, evaluate);
    search.setRange(lo, hi);
    auto meets = [](const SweepPoint& p) { return p.metrics.meetsSlo; };
    auto unsaturated = [](const SweepPoint& p) { return !p.metrics.saturated; };
    bool budget = false;
    try {
        const auto [g, b] = search.boundary(meets, start);
        r.capacity = g;
        r.firstFailing = b;
        if (std::isnan(g))
            r.outcome = CapacityResult::Outcome::NoneMeets;
        else if (std::isnan(b))
            r.outcome = CapacityResult::Outcome::AllMeet;
        if (options.findSaturation) {
            const auto [u, s] = search.boundary(unsaturated, std::isnan(g) ? start : g);
            r.lastUnsaturated = u;
            r.saturation = s;
            r.saturationOutcome = std::isnan(u) ? CapacityResult::Saturation::Always
                : std::isnan(s)                 ? CapacityResult::Saturation::Never
                                                : CapacityResult::Saturation::Found;
        }
    } catch (const Budget&) {
        budget = true;
    } catch (const Cancelled&) {
        r.cancelled = true;
    }
    for (auto& [v, p] : search.cache())
        r.evaluations.push_back(std::move(p));
    if (!r.evaluations.empty()) {
        const SweepPoint& first = r.evaluations.front();
        const SweepPoint& last = r.evaluations.back();
        r.lowest = first.value;
        r.highest = last.value;
        r.attainmentAtLowest = first.metrics.sloAttainment;
        r.attainmentAtHighest = last.metrics.sloAttainment;
        r.ratioAtLowest = first.metrics.achievedRatio;
        r.ratioAtHighest = last.metrics.achievedRatio;
    }
    if (budget || (r.cancelled && r.outcome == CapacityResult::Outcome::Found)) {
        // Report the bracket the points seen so far give.
        double g = NAN, b = NAN;
        for (const SweepPoint& p : r.evaluations)
            if (p.metrics.meetsSlo && std::isnan(b))
                g = p.value;
            else if (!p.metrics.meetsSlo && std::isnan(b))
                b = p.value;
        r.capacity = g;
        r.firstFailing = b;
        if (budget)
            r.outcome = CapacityResult::Outcome::Unconverged;
    }
    // Monotonicity: a value that meets the SLO above one that misses it.
    double firstMiss = NAN;
    for (const SweepPoint& p : r.evaluations) {
        if (!p.metrics.meetsSlo && std::isnan(firstMiss))
            firstMiss = p.value;
        if (p.metrics.meetsSlo && !std::isnan(firstMiss)) {
            const std::string met = sweepValueText(plan.param, p.value), missed = sweepValueText(plan.param, firstMiss);
            r.notes.push_back({ "slo_not_monotone",
                std::string("the SLO is not monotone in ") + info.name + ": met at " + met + " but missed at " + missed
                    + " (each point is its own random trace); the capacity is the largest value met below the first "
                      "miss",
                { info.name, met, missed } });
            break;
        }
    }
    adapterBreaks(r);
    sustainableVerdict(r, options);
    r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    return r;
}

CapacityResult findCapacityPreview(const SweepPlan& plan, FinderOptions options,
    const std::function<void(const SweepPoint&)>& onPoint, const std::atomic<bool>* cancel, unsigned threads)
{
    const unsigned n = sweepThreads(threads, 64);
    options.batch = static_cast<int>(n);
    std::size_t counter = 0;
    PointEvaluator evaluate = [&](const std::vector<double>& values) {
        bool cancelled = false;
        auto points = previewValues(plan, values, counter, onPoint, cancel, n, &cancelled);
        counter += values.size();
        if (cancelled)
            throw Cancelled();
        return points;
    };
    return findCapacity(plan, options, evaluate);
}

FinderOptions confirmationOptions(const FinderOptions& base, double previewed)
{
    FinderOptions o = base;
    o.start = previewed;
    o.batch = 1;
    o.growth = 1.0 + 2.0 * base.tolerance;
    o.accelerate = true;
    o.findSaturation = false; // every run costs GPU time; the sweep (--target) finds it if asked
    return o;
}

std::string CapacityResult::valueText(double value) const
{
    const SweepParamInfo& info = sweepParamInfo(param);
    return std::string(info.label) + " = " + sweepValueText(param, value, resolution)
        + (info.unit[0] ? std::string(" ") + info.unit : std::string());
}

std::vector<std::string> CapacityResult::describe() const
{
    const SweepParamInfo& info = sweepParamInfo(param);
    const std::string unit = info.unit[0] ? std::string(" ") + info.unit : std::string();
    auto at = [&](double v) { return valueText(v); };
    auto point = [&](double v) -> const SweepPoint* {
        for (const SweepPoint& p : evaluations)
            if (p.value == v)
                return &p;
        return nullptr;
    };
    std::vector<std::string> out;
    const std::string target = slo.describe();
    // First the answer to act on: what the server sustains, and when the SLO alone says more,
    // that it says so only because the trace is short.
    // (When every value tried meets the SLO and keeps up, the range's top says it first.)
    if (!std::isnan(sustainable) && (outcome != Outcome::AllMeet || shortTrace)) {
        const SweepPoint* s = point(sustainable);
        if (limitedBy == Limit::Slo)
            out.push_back("sustainable capacity " + at(sustainable) + ": the largest " + info.name
                + " that meets the SLO (" + target + "; " + pct(s ? s->metrics.sloAttainment : NAN)
                + " of requests) while the server keeps up with its arrivals");
        else
            out.push_back("sustainable capacity " + at(sustainable)
                + ", set by saturation: above it the server falls behind its arrivals (from " + at(saturation)
                + ", achieved/offered below 0.98), while it still meets the SLO (" + target + "; "
                + pct(s ? s->metrics.sloAttainment : NAN) + " of requests)");
    } else if (shortTrace) {
        out.push_back("no sustainable " + std::string(info.name)
            + " in the range tried: every value that meets the SLO is saturated");
    }
    if (shortTrace)
        out.push_back("short-trace effect: the SLO still holds up to " + at(capacity) + " only because each "
            + formatSigShort(duration, 3) + " s trace ends before the growing backlog breaks it; that is not a capacity"
            + (std::isnan(suggestedDuration)
                    ? std::string(" (the SLO bounds neither TTFT nor E2E, so no trace length can be suggested)")
                    : "; a duration of at least " + formatSigShort(suggestedDuration, 3) + " s would tell (--duration "
                        + formatSigShort(suggestedDuration, 3) + ")"));
    switch (outcome) {
    case Outcome::Found:
    case Outcome::Unconverged: {
        if (std::isnan(capacity) || std::isnan(firstFailing)) {
            out.push_back("stopped before the SLO boundary was bracketed");
            break;
        }
        const SweepPoint* c = point(capacity);
        const SweepPoint* f = point(firstFailing);
        out.push_back(
            std::string(outcome == Outcome::Unconverged ? "not converged (evaluation budget spent); so far: " : "")
            + "SLO boundary: " + at(capacity) + " meets the SLO (" + target + "; "
            + pct(c ? c->metrics.sloAttainment : NAN) + " of requests), " + at(firstFailing) + " misses it ("
            + pct(f ? f->metrics.sloAttainment : NAN) + "); bracket " + formatSigShort(firstFailing - capacity, 2)
            + unit + " wide after " + std::to_string(evaluations.size()) + " points in " + formatPrintf("%.2f", seconds)
            + " s");
        break;
    }
    case Outcome::NoneMeets:
        out.push_back("no " + std::string(info.name) + " tried (" + sweepValueText(param, lowest, resolution) + " to "
            + sweepValueText(param, highest, resolution) + unit + ") meets the SLO (" + target + "): at the lowest, "
            + at(lowest) + ", " + pct(attainmentAtLowest) + " of requests meet it, "
            + formatPrintf("%.1f", 100.0 * (slo.attainment - attainmentAtLowest)) + " points short of the target");
        break;
    case Outcome::AllMeet:
        out.push_back("every " + std::string(info.name) + " up to " + at(highest) + " meets the SLO (" + target + "; "
            + pct(attainmentAtHighest) + " at the highest): raise the top of the search range");
        break;
    }
    switch (saturationOutcome) {
    case Saturation::Found: {
        const SweepPoint* s = point(saturation);
        const SweepPoint* u = point(lastUnsaturated);
        out.push_back("saturation from " + at(saturation) + ": achieved/offered "
            + formatPrintf("%.3f", s ? s->metrics.achievedRatio : NAN) + " < 0.98 ("
            + formatPrintf("%.3f", u ? u->metrics.achievedRatio : NAN) + " at " + at(lastUnsaturated) + ")");
        break;
    }
    case Saturation::Never:
        out.push_back("the range never saturates: achieved/offered is still " + formatPrintf("%.3f", ratioAtHighest)
            + " at the highest value tried, " + at(highest));
        break;
    case Saturation::Always:
        out.push_back("saturated even at the lowest value tried, " + at(lowest) + " (achieved/offered "
            + formatPrintf("%.3f", ratioAtLowest) + ")");
        break;
    case Saturation::NotSearched:
        break;
    }
    if (!adapters.empty() && !std::isnan(firstFailing) && !std::isnan(capacity)) {
        std::string list;
        int shown = 0;
        for (const AdapterBreak& a : adapters) {
            if (std::isnan(a.firstFailing) || shown == 5)
                break;
            list += (list.empty() ? "" : ", ") + (a.name.empty() ? std::string("(base model)") : a.name) + " (rank "
                + std::to_string(a.rank) + ", misses from " + sweepValueText(param, a.firstFailing, resolution) + unit
                + ", " + pct(a.attainmentAbove) + " at " + sweepValueText(param, firstFailing, resolution) + ")";
            ++shown;
        }
        if (!list.empty())
            out.push_back(
                "adapters that break the SLO first (among those with at least 5 requests at a point): " + list);
        std::string ranksText;
        for (const RankBreak& rb : ranks)
            if (rb.rank > 0 && std::isfinite(rb.attainmentAtCapacity))
                ranksText += (ranksText.empty() ? "" : ", ") + std::string("rank ") + std::to_string(rb.rank) + " "
                    + pct(rb.attainmentAtCapacity) + " → " + pct(rb.attainmentAbove);
        if (!ranksText.empty())
            out.push_back("SLO attainment by adapter rank, at the SLO boundary → just above it: " + ranksText);
    }
    for (const UserNote& n : notes)
        out.push_back("note: " + n.text);
    if (cancelled)
        out.push_back("cancelled: the numbers above are from the points that finished");
    return out;
}

} // namespace lorascope
