// SPDX-License-Identifier: Apache-2.0
// The vLLM runs suite: reading the table, regenerating each run's workload, previewing it, fitting
// the pass-time coefficients and the validation report (calibrate/vllmruns.h, docs/costmodel.md).

#include "calibrate/vllmruns.h"

#include "admission/costserving.h"
#include "admission/engine.h"
#include "analysis/numberformat.h"
#include "random/rng.h"
#include "util/error.h"
#include "util/fileio.h"
#include "workload/generator.h"
#include "workload/spec.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <fstream>
#include <map>
#include <sstream>

namespace lorascope {

namespace {

/// Splits one CSV line (double quotes around fields with commas).
std::vector<std::string> splitCsv(const std::string& line)
{
    std::vector<std::string> out(1);
    bool quoted = false;
    for (char c : line) {
        if (c == '"')
            quoted = !quoted;
        else if (c == ',' && !quoted)
            out.emplace_back();
        else if (c != '\r')
            out.back() += c;
    }
    return out;
}

struct CsvTable {
    std::string file;
    std::vector<std::string> header;
    std::vector<std::vector<std::string>> rows;
    std::vector<std::uint64_t> lines;
};

CsvTable readCsv(const std::string& file)
{
    // A runs table is small (the 294 runs: 75 kB); 64 MiB bounds a wrong file (a device, a FIFO, a
    // trace given by mistake) before its lines are held. openInputFile refuses what is no file.
    InputLines in(file, "runs table", std::uint64_t { 64 } << 20, 1'000'000);
    CsvTable t;
    t.file = file;
    std::string line;
    while (in.next(line)) {
        const std::uint64_t n = in.lineNumber();
        if (line.empty())
            continue;
        if (t.header.empty()) {
            t.header = splitCsv(line);
            continue;
        }
        t.rows.push_back(splitCsv(line));
        t.lines.push_back(n);
        if (t.rows.back().size() != t.header.size())
            throw InputError("expected " + std::to_string(t.header.size()) + " fields (got "
                    + std::to_string(t.rows.back().size()) + ")",
                file, n);
    }
    if (t.header.empty())
        throw InputError("empty runs table (no header line)", file, 1);
    return t;
}

/// Reads the fields of one row by column name.
struct Row {
    const CsvTable& t;
    std::size_t i;
    std::size_t column(const char* name) const
    {
        for (std::size_t c = 0; c < t.header.size(); ++c)
            if (t.header[c] == name)
                return c;
        throw InputError(std::string("missing column \"") + name + "\"", t.file, 1, name);
    }
    const std::string& text(const char* name) const { return t.rows[i][column(name)]; }
    double number(const char* name, bool allowEmpty = false) const
    {
        const std::string& s = text(name);
        if (s.empty() && allowEmpty)
            return NAN;
        char* end = nullptr;
        const double v = std::strtod(s.c_str(), &end);
        if (s.empty() || end != s.c_str() + s.size() || !std::isfinite(v) || v < 0)
            throw InputError("expected a number >= 0 (got \"" + s.substr(0, 40) + "\")", t.file, t.lines[i], name);
        return v;
    }
    std::int64_t integer(const char* name, std::int64_t lo, std::int64_t hi) const
    {
        const double v = number(name);
        if (v != std::floor(v) || v < static_cast<double>(lo) || v > static_cast<double>(hi))
            throw InputError("expected a whole number from " + std::to_string(lo) + " to " + std::to_string(hi)
                    + " (got \"" + text(name).substr(0, 40) + "\")",
                t.file, t.lines[i], name);
        return static_cast<std::int64_t>(v);
    }
};

double mapeOf(const std::vector<double>& errors)
{
    if (errors.empty())
        return NAN;
    double s = 0;
    for (double e : errors)
        s += std::fabs(e);
    return 100.0 * s / static_cast<double>(errors.size());
}

/// Mean of a log-normal(μ, σ) truncated to (a, b).
double truncatedLogNormalMean(double mu, double sigma, double a, double b)
{
    auto phi = [](double x) { return 0.5 * std::erfc(-x / std::sqrt(2.0)); };
    const double la = std::log(a), lb = std::log(b);
    const double mass = phi((lb - mu) / sigma) - phi((la - mu) / sigma);
    const double part = phi((lb - mu - sigma * sigma) / sigma) - phi((la - mu - sigma * sigma) / sigma);
    return std::exp(mu + sigma * sigma / 2) * part / mass;
}

/// A log-normal length of σ 1 on [lo, hi) whose truncated mean is `mean` (bisection on μ).
LengthSpec lengthWithMean(double mean, std::int64_t lo, std::int64_t hi)
{
    LengthSpec l;
    l.kind = LengthKind::LogNormal;
    l.lo = lo;
    l.hi = hi;
    l.sigma = 1.0;
    double a = 0, b = std::log(static_cast<double>(hi)) + 3;
    for (int i = 0; i < 80; ++i) {
        const double m = 0.5 * (a + b);
        (truncatedLogNormalMean(m, l.sigma, static_cast<double>(lo) - 0.5, static_cast<double>(hi) - 0.5) < mean ? a
                                                                                                                 : b)
            = m;
    }
    l.mu = 0.5 * (a + b);
    return l;
}

/// Expected distinct adapters with at least one request in the server, capped at max_loras:
/// adapter i holds Poisson(λᵢ·E2E) requests.
double activeAdapters(const VllmRun& r, double e2e)
{
    double k = 0;
    for (std::int64_t i = 0; i < r.adapters; ++i) {
        const double rate = r.rates[static_cast<std::size_t>(i) % r.rates.size()];
        k += 1.0 - std::exp(-rate * e2e);
    }
    return std::min(k, static_cast<double>(r.maxLoras));
}

/// Least squares with non-negative unknowns (active set: drop the most negative, refit).
std::vector<double> nonNegativeLeastSquares(const std::vector<std::vector<double>>& x, const std::vector<double>& y)
{
    const std::size_t n = x.empty() ? 0 : x[0].size();
    std::vector<bool> active(n, true);
    std::vector<double> beta(n, 0.0);
    for (std::size_t round = 0; round <= n; ++round) {
        std::vector<std::size_t> cols;
        for (std::size_t j = 0; j < n; ++j)
            if (active[j])
                cols.push_back(j);
        const std::size_t m = cols.size();
        // Normal equations with column scaling (the regressors span ten orders of magnitude).
        std::vector<double> scale(m, 0.0);
        for (std::size_t a = 0; a < m; ++a) {
            for (const auto& row : x)
                scale[a] = std::max(scale[a], std::fabs(row[cols[a]]));
            if (scale[a] == 0)
                scale[a] = 1;
        }
        std::vector<std::vector<double>> A(m, std::vector<double>(m + 1, 0.0));
        for (std::size_t r = 0; r < x.size(); ++r)
            for (std::size_t a = 0; a < m; ++a) {
                const double xa = x[r][cols[a]] / scale[a];
                for (std::size_t b = 0; b < m; ++b)
                    A[a][b] += xa * x[r][cols[b]] / scale[b];
                A[a][m] += xa * y[r];
            }
        for (std::size_t p = 0; p < m; ++p) {
            std::size_t best = p;
            for (std::size_t q = p + 1; q < m; ++q)
                if (std::fabs(A[q][p]) > std::fabs(A[best][p]))
                    best = q;
            std::swap(A[p], A[best]);
            if (std::fabs(A[p][p]) < 1e-300)
                continue;
            for (std::size_t q = 0; q < m; ++q) {
                if (q == p)
                    continue;
                const double f = A[q][p] / A[p][p];
                for (std::size_t c = p; c <= m; ++c)
                    A[q][c] -= f * A[p][c];
            }
        }
        std::fill(beta.begin(), beta.end(), 0.0);
        std::size_t worst = n;
        for (std::size_t a = 0; a < m; ++a) {
            const double v = std::fabs(A[a][a]) < 1e-300 ? 0.0 : A[a][m] / A[a][a] / scale[a];
            beta[cols[a]] = v;
            if (v < 0 && (worst == n || v * scale[a] < beta[worst] * 1.0))
                worst = cols[a];
        }
        if (worst == n)
            return beta;
        active[worst] = false;
    }
    return beta;
}

} // namespace

std::vector<double> vllmAdapterRates(const std::vector<double>& rates, std::uint32_t adapters, std::uint64_t seed)
{
    std::vector<double> out(adapters);
    if (rates.empty())
        return out;
    for (std::uint32_t i = 0; i < adapters; ++i)
        out[i] = rates[i % rates.size()];
    // Fisher-Yates on a stream of its own (the arrivals' streams are the generator's).
    Rng rng(seed, 0x7a7e5ull);
    for (std::size_t i = out.size(); i > 1; --i)
        std::swap(out[i - 1], out[rng.below(i)]);
    return out;
}

double VllmRun::offeredRate() const
{
    double total = 0;
    for (std::int64_t i = 0; i < adapters; ++i)
        total += rates[static_cast<std::size_t>(i) % rates.size()];
    return total;
}

bool VllmRun::saturated() const
{
    return requestThroughput < 0.95 * offeredRate() || ttftMean >= 5000.0;
}

std::string VllmRun::label() const
{
    return model + "/" + group + "/_" + std::to_string(maxLoras) + "_" + std::to_string(maxCpuLoras) + "_"
        + std::to_string(maxLoraRank) + "_";
}

std::vector<VllmRun> readVllmRuns(const std::string& runsCsv, const std::string& twinCsv)
{
    const CsvTable t = readCsv(runsCsv);
    std::vector<VllmRun> runs;
    for (std::size_t i = 0; i < t.rows.size(); ++i) {
        const Row row { t, i };
        VllmRun r;
        r.source = runsCsv;
        r.line = t.lines[i];
        r.model = row.text("model");
        r.group = row.text("group");
        r.maxLoras = row.integer("max_loras", 1, 100000);
        r.maxCpuLoras = row.integer("max_cpu_loras", 1, 100000);
        r.maxLoraRank = row.integer("max_lora_rank", 1, 512);
        r.adapters = row.integer("adapters", 1, 100000);
        std::stringstream rates(row.text("adapter_rates"));
        std::string item;
        while (std::getline(rates, item, ',')) {
            char* end = nullptr;
            const double v = std::strtod(item.c_str(), &end);
            if (item.empty() || end != item.c_str() + item.size() || !(v > 0) || !std::isfinite(v))
                throw InputError(
                    "expected rates > 0 separated by commas (got \"" + row.text("adapter_rates").substr(0, 40) + "\")",
                    runsCsv, r.line, "adapter_rates");
            r.rates.push_back(v);
        }
        if (r.rates.empty())
            throw InputError("expected at least one rate", runsCsv, r.line, "adapter_rates");
        r.completed = row.number("completed");
        r.duration = row.number("duration_s");
        if (!(r.duration > 0))
            throw InputError("must be > 0", runsCsv, r.line, "duration_s");
        r.inputTokens = row.number("input_tokens");
        r.outputTokens = row.number("output_tokens");
        r.requestThroughput = row.number("req_per_s");
        r.outputThroughput = row.number("output_tok_per_s");
        r.ttftMean = row.number("ttft_mean_ms");
        r.tpotMean = row.number("tpot_mean_ms");
        r.itlMean = row.number("itl_mean_ms");
        r.poolPrompts = row.number("pool_prompts");
        r.poolInputTokens = row.number("pool_input_tokens");
        r.poolOutputTokens = row.number("pool_output_tokens");
        if (!(r.poolPrompts > 0))
            throw InputError("must be > 0", runsCsv, r.line, "pool_prompts");
        runs.push_back(std::move(r));
    }
    if (twinCsv.empty())
        return runs;
    const CsvTable d = readCsv(twinCsv);
    for (std::size_t i = 0; i < d.rows.size(); ++i) {
        const Row row { d, i };
        const std::string model = row.text("model"), group = row.text("group");
        const std::int64_t l = row.integer("max_loras", 1, 100000), c = row.integer("max_cpu_loras", 1, 100000),
                           rank = row.integer("max_lora_rank", 1, 512);
        for (VllmRun& r : runs)
            if (r.model == model && r.group == group && r.maxLoras == l && r.maxCpuLoras == c
                && r.maxLoraRank == rank) {
                r.twinOutputThroughput = row.number("dt_output_throughput", true);
                r.twinItl = row.number("dt_itl", true);
                r.twinTtft = row.number("dt_ttft", true);
            }
    }
    return runs;
}

std::string vllmRunPreset(const VllmRun& run)
{
    if (run.model.rfind("llama-3.1-8b", 0) == 0)
        return "llama-3.1-8b-h100-64g";
    if (run.model.rfind("qwen-2.5-7b", 0) == 0)
        return "qwen-2.5-7b-h100-64g";
    return {};
}

WorkloadSpec vllmRunSpec(const VllmRun& run, std::uint64_t seed)
{
    WorkloadSpec s;
    s.generator = GeneratorKind::PerAdapter;
    // (the spec's `preset` names LoraScope's own presets only: left empty)
    s.adapterCount = static_cast<std::uint32_t>(run.adapters);
    s.duration = run.duration;
    s.seed = seed;
    // The per-adapter rate table: `weights` holds each adapter's rate and `rate` their sum, so
    // adapter i runs at exactly weights[i] requests/s.
    s.popularity.kind = PopularityKind::Weights;
    s.popularity.weights = vllmAdapterRates(run.rates, s.adapterCount, seed);
    s.rate = 0;
    for (double r : s.popularity.weights)
        s.rate += r;
    s.arrival.kind = ArrivalKind::Poisson;
    s.input = lengthWithMean(run.poolInputTokens / run.poolPrompts, 4, 1025);
    s.output = lengthWithMean(run.poolOutputTokens / run.poolPrompts, 4, 1025);
    s.naming.names = { "lora" };
    s.naming.ranks = { static_cast<int>(run.maxLoraRank) };
    s.naming.baseModel = run.model;
    return s;
}

VllmRunPrediction predictVllmRun(const VllmRun& run, const CostModel& model, std::uint64_t seed)
{
    VllmRunPrediction p;
    const auto t0 = std::chrono::steady_clock::now();
    SimulationConfig config;
    config.clock = ClockKind::Model;
    config.cost = model;
    config.recordTimeline = false;
    config.scheduler.policy = PolicyKind::Vllm;
    config.scheduler.reportTokens = false;
    VllmConfig& v = config.scheduler.vllm;
    v.maxNumSeqs = 2048;
    v.enablePrefixCaching = false;
    v.maxLoras = run.maxLoras;
    v.maxCpuLoras = run.maxCpuLoras;
    v.maxLoraRank = run.maxLoraRank;
    p.error = applyServingDefaults(model, v, {});
    if (p.error.empty())
        p.error = schedulerConfigError(config.scheduler);
    if (!p.error.empty())
        return p;
    const WorkloadSpec spec = vllmRunSpec(run, seed);
    validateOrThrow(spec, run.source); // the table's duration and rates within the spec's bounds
    const Trace trace = generate(spec);
    const SimulationResult result = simulate(trace, config);
    p.window = windowMetrics(result.requests, 0.0, run.duration);
    p.saturated = p.window.requestThroughput < 0.95 * run.offeredRate() || p.window.ttft.mean >= 5.0;
    p.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    return p;
}

VllmFit fitVllmRuns(const std::vector<VllmRun>& runs, const CostModel& start)
{
    // Two terms are physical, not fitted (the few unsaturated runs cannot separate them from the
    // running requests: their KV tokens grow with them): reading the KV cache at 60 % of the
    // memory bandwidth, and the prefill GEMMs at 40 % of fp16 peak (2 FLOP a parameter a token).
    const double perContext = start.model.kvBytesPerToken() / (0.6 * start.gpu.memoryBandwidth);
    const double perPrefill = 2.0 * start.model.params / (0.4 * start.gpu.fp16Flops);
    std::vector<std::vector<double>> x;
    std::vector<double> y;
    std::map<std::string, int> groups;
    for (const VllmRun& r : runs) {
        if (r.saturated() || !(r.completed > 0))
            continue;
        const double lambda = r.requestThroughput;
        const double in = r.inputTokens / r.completed, out = r.outputTokens / r.completed;
        const double tpot = r.tpotMean / 1000.0, ttft = r.ttftMean / 1000.0;
        const double e2e = ttft + (out - 1) * tpot;
        const double running = lambda * e2e; // Little's law
        const double context = running * (in + out / 2);
        const double rankAdapters = static_cast<double>(r.maxLoraRank) * activeAdapters(r, e2e);
        x.push_back({ 1.0, running, rankAdapters });
        y.push_back(tpot - perContext * context - perPrefill * lambda * in * tpot);
        ++groups[r.model + " " + r.group];
    }
    VllmFit fit;
    fit.model = start;
    fit.runsUsed = static_cast<int>(y.size());
    if (y.size() < 5)
        throw InputError("too few unsaturated runs to fit (" + std::to_string(y.size()) + "; need 5)");
    const std::vector<double> b = nonNegativeLeastSquares(x, y);
    CostModel& c = fit.model;
    c.prefillBase = c.decodeBase = b[0];
    c.decodePerRequest = b[1];
    c.perAdapterRank = b[2];
    c.decodePerContextToken = perContext;
    c.prefillPerToken = perPrefill;
    c.prefillPerRequest = c.prefillPerTokenSquared = c.prefillPerTokenRank = c.prefillPerTokenMaxRank = 0;
    c.decodePerTokenRank = c.decodePerRequestMaxRank = c.loraBase = 0;
    c.hasParameters = false;
    for (const auto& [g, n] : groups)
        fit.fittedOn += (fit.fittedOn.empty() ? "" : ", ") + g + " (" + std::to_string(n) + ")";
    fit.fittedOn = std::to_string(fit.runsUsed) + " unsaturated runs: " + fit.fittedOn;
    return fit;
}

VllmFit refineVllmFit(const std::vector<VllmRun>& runs, const VllmFit& start, int iterations)
{
    // The unsaturated runs, previewed with the model in the loop: Gauss-Newton on the log of
    // base, per_request and per_adapter_rank against log(TPOT measured / TPOT previewed), with
    // finite differences (the preview is deterministic for a seed).
    // Unsaturated runs weigh in with their TPOT; saturated runs of at most `kSaturatedRequests`
    // offered requests (the cheap ones to preview) with their throughput, the capacity they measure.
    constexpr double kSaturatedRequests = 100000;
    std::vector<const VllmRun*> used;
    for (const VllmRun& r : runs)
        if (r.completed > 0 && (!r.saturated() || r.offeredRate() * r.duration <= kSaturatedRequests))
            used.push_back(&r);
    double CostModel::*const params[]
        = { &CostModel::decodeBase, &CostModel::decodePerRequest, &CostModel::perAdapterRank };
    constexpr int kParams = 3;
    auto residuals = [&](const CostModel& m) {
        std::vector<double> out;
        for (const VllmRun* r : used) {
            const VllmRunPrediction p = predictVllmRun(*r, m, 0);
            if (r->saturated()) {
                const double thr = p.window.outputThroughput;
                out.push_back(p.error.empty() && thr > 0 ? std::log(thr / r->outputThroughput) : 0.0);
                continue;
            }
            const double tpot = 1000.0 * p.window.tpot.mean;
            out.push_back(p.error.empty() && tpot > 0 ? std::log(tpot / r->tpotMean) : 0.0);
        }
        return out;
    };
    auto withScale = [&](const CostModel& m, int k, double factor) {
        CostModel c = m;
        c.*params[k] *= factor;
        if (k == 0)
            c.prefillBase = c.decodeBase;
        return c;
    };
    VllmFit fit = start;
    std::vector<double> r0 = residuals(fit.model);
    for (int it = 0; it < iterations; ++it) {
        std::vector<std::vector<double>> jac(r0.size(), std::vector<double>(kParams, 0.0));
        for (int k = 0; k < kParams; ++k) {
            if (!(fit.model.*params[k] > 0))
                continue;
            const std::vector<double> rk = residuals(withScale(fit.model, k, std::exp(0.05)));
            for (std::size_t i = 0; i < r0.size(); ++i)
                jac[i][k] = (rk[i] - r0[i]) / 0.05;
        }
        std::vector<double> neg(r0.size());
        for (std::size_t i = 0; i < r0.size(); ++i)
            neg[i] = -r0[i];
        // Unconstrained steps on log parameters (the parameters stay positive), damped to ±0.5.
        std::vector<std::vector<double>> x = jac;
        std::vector<double> step(kParams, 0.0);
        {
            // least squares by the normal equations with a small ridge
            double a[kParams][kParams + 1] = {};
            for (std::size_t i = 0; i < x.size(); ++i)
                for (int p = 0; p < kParams; ++p) {
                    for (int q = 0; q < kParams; ++q)
                        a[p][q] += x[i][p] * x[i][q];
                    a[p][kParams] += x[i][p] * neg[i];
                }
            for (int p = 0; p < kParams; ++p)
                a[p][p] += 1e-3 + 1e-3 * a[p][p];
            for (int p = 0; p < kParams; ++p)
                for (int q = 0; q < kParams; ++q) {
                    if (q == p || a[p][p] == 0)
                        continue;
                    const double f = a[q][p] / a[p][p];
                    for (int c = 0; c <= kParams; ++c)
                        a[q][c] -= f * a[p][c];
                }
            for (int p = 0; p < kParams; ++p)
                step[p] = a[p][p] != 0 ? std::clamp(a[p][kParams] / a[p][p], -0.5, 0.5) : 0.0;
        }
        CostModel next = fit.model;
        for (int k = 0; k < kParams; ++k)
            next = withScale(next, k, std::exp(step[k]));
        const std::vector<double> r1 = residuals(next);
        double before = 0, after = 0;
        for (std::size_t i = 0; i < r0.size(); ++i) {
            before += r0[i] * r0[i];
            after += r1[i] * r1[i];
        }
        if (!(after < before))
            break;
        fit.model = next;
        r0 = r1;
    }
    return fit;
}

VllmValidation validateVllmRuns(const std::vector<VllmRun>& runs, const std::vector<VllmRunPrediction>& predictions)
{
    VllmValidation v;
    struct Acc {
        std::vector<double> thr, tpot, ttft, itl, twinThr, twinItl, twinTtft;
        int runs = 0, right = 0, failed = 0, saturated = 0;
    };
    std::map<std::string, Acc> byGroup;
    Acc all;
    struct Worst {
        double error;
        std::size_t i;
    };
    std::vector<Worst> worst;
    for (std::size_t i = 0; i < runs.size() && i < predictions.size(); ++i) {
        const VllmRun& r = runs[i];
        const VllmRunPrediction& p = predictions[i];
        for (Acc* a : { &all, &byGroup[r.model + " " + r.group] }) {
            ++a->runs;
            if (!p.error.empty()) {
                ++a->failed;
                continue;
            }
            const bool sat = r.saturated();
            a->saturated += sat;
            a->right += sat == p.saturated;
            const double thrErr = (p.window.outputThroughput - r.outputThroughput) / r.outputThroughput;
            a->thr.push_back(thrErr);
            if (std::isfinite(r.twinOutputThroughput))
                a->twinThr.push_back((r.twinOutputThroughput - r.outputThroughput) / r.outputThroughput);
            if (!sat) {
                a->tpot.push_back((1000.0 * p.window.tpot.mean - r.tpotMean) / r.tpotMean);
                a->itl.push_back((1000.0 * p.window.itlMean - r.itlMean) / r.itlMean);
                a->ttft.push_back((1000.0 * p.window.ttft.mean - r.ttftMean) / r.ttftMean);
                if (std::isfinite(r.twinItl))
                    a->twinItl.push_back((r.twinItl - r.itlMean) / r.itlMean);
                if (std::isfinite(r.twinTtft))
                    a->twinTtft.push_back((r.twinTtft - r.ttftMean) / r.ttftMean);
            }
            if (a == &all)
                worst.push_back({ thrErr, i });
        }
    }
    std::ostringstream o;
    auto pct = [](double x) { return formatPrintf("%7.1f", x); };
    o << "vLLM 0.8.5 runs (V1 scheduler, one H100 64GB): preview vs measured; the authors' digital twin beside it\n"
      << "MAPE % (throughput on all runs; TPOT, ITL, TTFT on unsaturated runs: throughput >= 95 % of offered and mean "
         "TTFT < 5 s)\n\n";
    o << "group                                                runs sat  thr  twin   TPOT    ITL  twin   TTFT   twin  "
         "sat-ok\n";
    auto line = [&](const std::string& name, const Acc& a) {
        std::string n = name;
        n.resize(std::max<std::size_t>(n.size(), 52), ' ');
        o << n << formatPrintf("%5.0f", a.runs) << formatPrintf("%4.0f", a.saturated) << pct(mapeOf(a.thr))
          << pct(mapeOf(a.twinThr)) << pct(mapeOf(a.tpot)) << pct(mapeOf(a.itl)) << pct(mapeOf(a.twinItl))
          << pct(mapeOf(a.ttft)) << pct(mapeOf(a.twinTtft))
          << formatPrintf("%7.1f", a.runs - a.failed > 0 ? 100.0 * a.right / (a.runs - a.failed) : NAN)
          << (a.failed ? "  (" + std::to_string(a.failed) + " not run)" : std::string()) << "\n";
    };
    for (const auto& [g, a] : byGroup)
        line(g, a);
    line("all", all);
    std::sort(worst.begin(), worst.end(),
        [](const Worst& a, const Worst& b) { return std::fabs(a.error) > std::fabs(b.error); });
    o << "\nworst runs by throughput error:\n";
    for (std::size_t k = 0; k < worst.size() && k < 8; ++k) {
        const VllmRun& r = runs[worst[k].i];
        const VllmRunPrediction& p = predictions[worst[k].i];
        o << "  " << r.label() << (r.saturated() ? " (saturated)" : "") << ": measured "
          << formatPrintf("%.0f", r.outputThroughput) << " tok/s, preview "
          << formatPrintf("%.0f", p.window.outputThroughput) << formatPrintf(" (%+.1f %%)", 100.0 * worst[k].error)
          << "; TTFT " << formatPrintf("%.0f", r.ttftMean) << " vs "
          << formatPrintf("%.0f", 1000.0 * p.window.ttft.mean) << " ms\n";
    }
    for (std::size_t i = 0; i < runs.size() && i < predictions.size(); ++i)
        if (!predictions[i].error.empty())
            o << "  not run: " << runs[i].label() << ": " << predictions[i].error << "\n";
    v.text = o.str();
    v.runs = all.runs;
    v.failed = all.failed;
    v.throughputMape = mapeOf(all.thr);
    v.tpotMape = mapeOf(all.tpot);
    v.ttftMape = mapeOf(all.ttft);
    v.saturationAccuracy = all.runs - all.failed > 0 ? 100.0 * all.right / (all.runs - all.failed) : NAN;
    v.twinThroughputMape = mapeOf(all.twinThr);
    v.twinItlMape = mapeOf(all.twinItl);
    v.twinTtftMape = mapeOf(all.twinTtft);
    return v;
}

} // namespace lorascope
