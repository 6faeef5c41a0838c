// SPDX-License-Identifier: Apache-2.0
// The calibration fit: residuals of S-LoRA's statistics with the engine in the loop, a Nelder–Mead
// search in log-parameter space, and the Jacobian-based uncertainty and sensitivity.

#include "calibrate/fit.h"

#include "util/error.h"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <functional>
#include <limits>
#include <numeric>
#include <thread>

namespace lorascope {

namespace {

constexpr double kFailedResidualLog = 6.907755278982137; // ln(1000): a run that never ends counts as 1000× off

unsigned threadCount(unsigned requested, std::size_t work)
{
    unsigned t = requested ? requested : std::max(1u, std::min(8u, std::thread::hardware_concurrency()));
    return static_cast<unsigned>(std::max<std::size_t>(1, std::min<std::size_t>(t, work)));
}

/// Runs fn(i) for i in [0, n) on `threads` threads (work stealing by an atomic counter).
void parallelFor(std::size_t n, unsigned threads, const std::function<void(std::size_t)>& fn)
{
    threads = threadCount(threads, n);
    if (threads <= 1) {
        for (std::size_t i = 0; i < n; ++i)
            fn(i);
        return;
    }
    std::atomic<std::size_t> next { 0 };
    std::exception_ptr error;
    std::atomic<bool> failed { false };
    auto work = [&] {
        try {
            for (std::size_t i = next++; i < n && !failed; i = next++)
                fn(i);
        } catch (...) {
            if (!failed.exchange(true))
                error = std::current_exception();
        }
    };
    std::vector<std::thread> pool;
    for (unsigned t = 1; t < threads; ++t)
        pool.emplace_back(work);
    work();
    for (auto& t : pool)
        t.join();
    if (error)
        std::rethrow_exception(error);
}

/// Inverse of a small symmetric positive semi-definite matrix by Gauss–Jordan with pivoting.
/// Returns false when it is singular (a parameter the data does not determine).
bool invert(std::vector<std::vector<double>>& a)
{
    const std::size_t n = a.size();
    std::vector<std::vector<double>> inv(n, std::vector<double>(n, 0.0));
    for (std::size_t i = 0; i < n; ++i)
        inv[i][i] = 1;
    double scale = 0;
    for (std::size_t i = 0; i < n; ++i)
        scale = std::max(scale, std::abs(a[i][i]));
    if (scale == 0)
        return false;
    for (std::size_t c = 0; c < n; ++c) {
        std::size_t p = c;
        for (std::size_t r = c + 1; r < n; ++r)
            if (std::abs(a[r][c]) > std::abs(a[p][c]))
                p = r;
        if (std::abs(a[p][c]) < 1e-12 * scale)
            return false;
        std::swap(a[p], a[c]);
        std::swap(inv[p], inv[c]);
        const double d = a[c][c];
        for (std::size_t k = 0; k < n; ++k) {
            a[c][k] /= d;
            inv[c][k] /= d;
        }
        for (std::size_t r = 0; r < n; ++r) {
            if (r == c || a[r][c] == 0)
                continue;
            const double f = a[r][c];
            for (std::size_t k = 0; k < n; ++k) {
                a[r][k] -= f * a[c][k];
                inv[r][k] -= f * inv[c][k];
            }
        }
    }
    a = std::move(inv);
    return true;
}

struct NelderMeadResult {
    std::vector<double> x;
    double f = NAN;
    int evaluations = 0;
    bool converged = false;
    std::string message;
};

/// Nelder–Mead with the dimension-adapted coefficients of Gao & Han (2012), restarted from the best
/// vertex until a restart no longer improves the objective by more than `tol` (relative).
NelderMeadResult nelderMead(const std::function<double(const std::vector<double>&)>& f, std::vector<double> x0,
    double step, int maxEvals, int restarts, double tol, const ProgressSink& progress)
{
    const std::size_t n = x0.size();
    NelderMeadResult out;
    out.x = x0;
    out.f = f(x0);
    out.evaluations = 1;
    if (n == 0) {
        out.converged = true;
        out.message = "nothing to fit";
        return out;
    }
    const double dn = static_cast<double>(n);
    const double alpha = 1, beta = 1 + 2 / dn, gamma = 0.75 - 1 / (2 * dn), delta = 1 - 1 / dn;
    for (int run = 0; run <= restarts; ++run) {
        const double before = out.f;
        std::vector<std::vector<double>> s(n + 1, out.x);
        std::vector<double> fs(n + 1, out.f);
        for (std::size_t i = 0; i < n; ++i) {
            s[i + 1][i] += step;
            fs[i + 1] = f(s[i + 1]);
            ++out.evaluations;
        }
        std::vector<std::size_t> order(n + 1);
        bool settled = false;
        while (out.evaluations < maxEvals) {
            std::iota(order.begin(), order.end(), 0);
            std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return fs[a] < fs[b]; });
            const std::size_t best = order.front(), worst = order.back(), second = order[n - 1];
            double spread = 0;
            for (std::size_t i = 0; i <= n; ++i)
                for (std::size_t k = 0; k < n; ++k)
                    spread = std::max(spread, std::abs(s[i][k] - s[best][k]));
            if (fs[worst] - fs[best] <= tol * (std::abs(fs[best]) + 1e-12) && spread < 1e-3) {
                settled = true;
                break;
            }
            progress.update(std::min(0.99, static_cast<double>(out.evaluations) / maxEvals));
            std::vector<double> c(n, 0.0);
            for (std::size_t i = 0; i <= n; ++i)
                if (i != worst)
                    for (std::size_t k = 0; k < n; ++k)
                        c[k] += s[i][k] / dn;
            auto along = [&](double t) {
                std::vector<double> p(n);
                for (std::size_t k = 0; k < n; ++k)
                    p[k] = c[k] + t * (s[worst][k] - c[k]);
                return p;
            };
            const auto xr = along(-alpha);
            const double fr = f(xr);
            ++out.evaluations;
            if (fr < fs[best]) {
                const auto xe = along(-alpha * beta);
                const double fe = f(xe);
                ++out.evaluations;
                if (fe < fr) {
                    s[worst] = xe;
                    fs[worst] = fe;
                } else {
                    s[worst] = xr;
                    fs[worst] = fr;
                }
                continue;
            }
            if (fr < fs[second]) {
                s[worst] = xr;
                fs[worst] = fr;
                continue;
            }
            const bool outside = fr < fs[worst];
            const auto xc = along(outside ? -alpha * gamma : gamma);
            const double fc = f(xc);
            ++out.evaluations;
            if (fc < (outside ? fr : fs[worst])) {
                s[worst] = xc;
                fs[worst] = fc;
                continue;
            }
            for (std::size_t i = 0; i <= n; ++i) { // shrink towards the best vertex
                if (i == best)
                    continue;
                for (std::size_t k = 0; k < n; ++k)
                    s[i][k] = s[best][k] + delta * (s[i][k] - s[best][k]);
                fs[i] = f(s[i]);
                ++out.evaluations;
            }
        }
        const std::size_t best = static_cast<std::size_t>(std::min_element(fs.begin(), fs.end()) - fs.begin());
        if (fs[best] < out.f) {
            out.f = fs[best];
            out.x = s[best];
        }
        if (!settled) {
            // A restart cut short by the budget still leaves the settled point of the run before.
            out.converged = run > 0;
            out.message = run > 0
                ? "converged after " + std::to_string(out.evaluations) + " evaluations (" + std::to_string(run)
                    + " restarts; the evaluation budget ended the last one)"
                : "stopped after " + std::to_string(out.evaluations) + " evaluations without converging";
            return out;
        }
        if (run > 0 && before - out.f <= tol * (std::abs(out.f) + 1e-12)) {
            out.converged = true;
            out.message = "converged after " + std::to_string(out.evaluations) + " evaluations";
            return out;
        }
        // The next restart explores at the original scale again: a simplex that collapsed along a
        // valley of the (piecewise-smooth) objective gets a fresh orientation.
        (void)step;
    }
    out.converged = true;
    out.message = "converged after " + std::to_string(out.evaluations) + " evaluations (" + std::to_string(restarts)
        + " restarts)";
    return out;
}

/// Predictions of every experiment; the client's view of each request where the experiment has
/// measured requests to compare with.
struct Predictions {
    std::vector<RunStats> stats;
    std::vector<std::vector<ClientRequest>> requests;
};

/// The fit problem: which parameters vary, how they become models, and the residuals.
class Problem {
public:
    Problem(const CalibrationData& data, const CalibrationFitOptions& options)
        : m_data(data)
        , m_options(options)
    {
        const auto keys = fittableKeys(options.parametrization);
        for (const auto& key : options.free) {
            if (std::find(keys.begin(), keys.end(), key) == keys.end()) {
                std::string known;
                for (const auto& k : keys)
                    known += (known.empty() ? "" : ", ") + k;
                throw InputError("unknown parameter \"" + key + "\" to fit (known: " + known + ")", {}, 0, "free");
            }
            if (std::find(m_free.begin(), m_free.end(), key) == m_free.end())
                m_free.push_back(key);
        }
        if (options.parametrization == Parametrization::Physical)
            for (const auto& g : data.groups)
                if (g.model.layers <= 0 || g.gpu.memoryBandwidth <= 0)
                    throw InputError("group \"" + g.name
                            + "\" has no model/GPU description: the physical parametrization needs them (give --model "
                              "and --gpu, "
                              "or fit the coefficients directly)",
                        {}, 0, "model");
        for (const auto& p : options.priors)
            if (std::find(keys.begin(), keys.end(), p.key) == keys.end())
                throw InputError("unknown parameter \"" + p.key + "\" in a prior", {}, 0, "prior");
    }

    const std::vector<std::string>& freeKeys() const { return m_free; }

    double startValue(const std::string& key) const
    {
        if (m_options.parametrization == Parametrization::Physical) {
            for (const auto& info : engineParameterInfos())
                if (key == info.key)
                    return m_options.start.*info.member;
        } else {
            for (const auto& info : costCoefficientInfos())
                if (key == info.key)
                    return m_options.startModel.*info.member;
        }
        return 0;
    }

    std::vector<double> startVector() const
    {
        std::vector<double> x;
        for (const auto& key : m_free) {
            const double v = startValue(key);
            // A parameter starting at 0 cannot move in log space: start it at a small positive value.
            x.push_back(std::log(v > 0 ? v : (isEfficiency(key) ? 0.5 : 1e-4)));
        }
        const auto upper = upperBounds();
        for (std::size_t i = 0; i < x.size(); ++i)
            x[i] = std::min(x[i], upper[i] - 1e-9); // a start above a physical bound starts just inside it
        return x;
    }

    /// ln of each free parameter's physical upper bound (+inf when unbounded).
    std::vector<double> upperBounds() const
    {
        std::vector<double> out;
        for (const auto& key : m_free) {
            double u = std::numeric_limits<double>::infinity();
            if (m_options.parametrization == Parametrization::Physical)
                for (const auto& info : engineParameterInfos())
                    if (key == info.key)
                        u = std::log(info.upper);
            out.push_back(u);
        }
        return out;
    }

    bool isEfficiency(const std::string& key) const
    {
        for (const auto& info : engineParameterInfos())
            if (key == info.key)
                return std::string(info.unit).empty();
        return false;
    }

    EngineParameters parametersAt(const std::vector<double>& x) const
    {
        EngineParameters p = m_options.start;
        for (std::size_t i = 0; i < m_free.size(); ++i)
            for (const auto& info : engineParameterInfos())
                if (m_free[i] == info.key)
                    p.*info.member = std::exp(x[i]);
        return p;
    }

    CostModel coefficientsAt(const std::vector<double>& x) const
    {
        CostModel c = m_options.startModel;
        for (std::size_t i = 0; i < m_free.size(); ++i)
            for (const auto& info : costCoefficientInfos())
                if (m_free[i] == info.key)
                    c.*info.member = std::exp(x[i]);
        c.hasParameters = false;
        return c;
    }

    std::vector<CostModel> modelsAt(const std::vector<double>& x) const
    {
        std::vector<CostModel> models;
        if (m_options.parametrization == Parametrization::Physical) {
            const EngineParameters p = parametersAt(x);
            for (const auto& g : m_data.groups)
                models.push_back(modelForGroup(g, p));
        } else {
            const CostModel c = coefficientsAt(x);
            for (const auto& g : m_data.groups) {
                CostModel m = c;
                m.name = g.name;
                m.gpu = g.gpu;
                m.model = g.model;
                models.push_back(m);
            }
        }
        return models;
    }

    /// Normalised residuals (√weight · error / scale) of every measured metric, then of every
    /// measured request (first-token and end-to-end time), in a fixed order.
    std::vector<double> residuals(const Predictions& predictions) const
    {
        std::vector<double> r;
        for (std::size_t e = 0; e < m_data.experiments.size(); ++e) {
            const Experiment& ex = m_data.experiments[e];
            const MetricValues meas = ex.measured.metrics();
            const MetricValues pred = predictions.stats[e].metrics();
            for (std::size_t k = 0; k < kMetricCount; ++k) {
                const double w = m_options.weights[k];
                if (!(w > 0) || !std::isfinite(meas[k]))
                    continue;
                const Metric m = static_cast<Metric>(k);
                double v;
                if (metricIsAbsolute(m))
                    v = std::isfinite(pred[k]) ? (pred[k] - meas[k]) / m_options.attainmentScale
                                               : 1.0 / m_options.attainmentScale;
                else if (meas[k] <= 0)
                    continue; // a zero measurement has no relative error
                else
                    v = (std::isfinite(pred[k]) && pred[k] > 0 ? std::log(pred[k] / meas[k]) : kFailedResidualLog)
                        / m_options.relativeScale;
                r.push_back(std::sqrt(w) * v);
            }
            if (ex.requests.empty() || !(m_options.requestWeight > 0))
                continue;
            const auto& predReq = predictions.requests[e];
            std::size_t completed = 0;
            for (const auto& c : ex.requests)
                completed += !c.aborted && std::isfinite(c.firstToken) && std::isfinite(c.end);
            const double w
                = std::sqrt(m_options.requestWeight / 2.0 / static_cast<double>(std::max<std::size_t>(1, completed)));
            auto logRatio = [&](double p, double m) {
                return (std::isfinite(p) && p > 0 && m > 0 ? std::log(p / m) : kFailedResidualLog)
                    / m_options.relativeScale;
            };
            for (std::size_t i = 0; i < ex.requests.size() && i < predReq.size(); ++i) {
                const ClientRequest& c = ex.requests[i];
                if (c.aborted || !std::isfinite(c.firstToken) || !std::isfinite(c.end))
                    continue;
                const ClientRequest& p = predReq[i];
                r.push_back(w * logRatio(p.firstToken - p.start, c.firstToken - c.start));
                r.push_back(w * logRatio(p.end - p.start, c.end - c.start));
            }
        }
        return r;
    }

    double objective(const std::vector<double>& r, const std::vector<double>& x) const
    {
        double sum = 0;
        for (double v : r)
            sum += m_options.robust ? 2.0 * (std::sqrt(1.0 + v * v) - 1.0) : v * v;
        for (const auto& p : m_options.priors) {
            const auto it = std::find(m_free.begin(), m_free.end(), p.key);
            if (it == m_free.end() || !(p.logSigma > 0) || !(p.center > 0))
                continue;
            const double z = (x[static_cast<std::size_t>(it - m_free.begin())] - std::log(p.center)) / p.logSigma;
            sum += z * z;
        }
        return sum;
    }

    Predictions predict(const std::vector<double>& x) const { return predictWithRequests(modelsAt(x)); }

    Predictions predictWithRequests(const std::vector<CostModel>& models) const
    {
        Predictions out;
        out.stats.resize(m_data.experiments.size());
        out.requests.resize(m_data.experiments.size());
        std::vector<std::size_t> order(m_data.experiments.size());
        std::iota(order.begin(), order.end(), 0);
        std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
            return m_data.experiments[a].trace.requests.size() > m_data.experiments[b].trace.requests.size();
        });
        parallelFor(order.size(), m_options.threads, [&](std::size_t i) {
            const std::size_t k = order[i];
            const Experiment& e = m_data.experiments[k];
            out.stats[k] = predictExperiment(e, models.at(e.group), e.requests.empty() ? nullptr : &out.requests[k]);
        });
        return out;
    }

private:
    const CalibrationData& m_data;
    const CalibrationFitOptions& m_options;
    std::vector<std::string> m_free;
};

} // namespace

std::vector<std::string> fittableKeys(Parametrization parametrization)
{
    std::vector<std::string> keys;
    if (parametrization == Parametrization::Physical)
        for (const auto& info : engineParameterInfos())
            keys.push_back(info.key);
    else
        for (const auto& info : costCoefficientInfos())
            keys.push_back(info.key);
    return keys;
}

CostModel modelForGroup(const ExperimentGroup& group, const EngineParameters& parameters)
{
    CostModel c = deriveCostModel(group.model, group.gpu, parameters);
    c.name = group.name;
    return c;
}

std::vector<RunStats> predictAll(const CalibrationData& data, const std::vector<CostModel>& models, unsigned threads)
{
    std::vector<RunStats> out(data.experiments.size());
    // Longest experiments first so the threads finish together.
    std::vector<std::size_t> order(data.experiments.size());
    std::iota(order.begin(), order.end(), 0);
    std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
        return data.experiments[a].trace.requests.size() > data.experiments[b].trace.requests.size();
    });
    parallelFor(order.size(), threads, [&](std::size_t i) {
        const Experiment& e = data.experiments[order[i]];
        out[order[i]] = predictExperiment(e, models.at(e.group));
    });
    return out;
}

CalibrationFitResult fitCostModel(const CalibrationData& data, const CalibrationFitOptions& options)
{
    if (data.experiments.empty())
        throw InputError("nothing to calibrate on: no measured run", {}, 0, "calibrate");
    Problem problem(data, options);
    CalibrationFitResult result;
    const std::vector<double> x0 = problem.startVector();
    const std::vector<double> upper = problem.upperBounds();
    auto f = [&](const std::vector<double>& x) {
        for (std::size_t i = 0; i < x.size(); ++i)
            if (!std::isfinite(x[i]) || std::abs(x[i]) > 80 || x[i] > upper[i]) // e^80: far outside anything physical
                return std::numeric_limits<double>::infinity();
        return problem.objective(problem.residuals(problem.predict(x)), x);
    };
    result.objectiveStart = f(x0);
    const NelderMeadResult nm
        = nelderMead(f, x0, 0.4, options.maxEvaluations, options.restarts, options.tolerance, options.progress);
    result.converged = nm.converged;
    result.message = nm.message;
    result.evaluations = nm.evaluations;
    result.objective = nm.f;
    const std::vector<double>& x = nm.x;
    result.parameters = problem.parametersAt(x);
    result.coefficients = problem.coefficientsAt(x);
    result.models = problem.modelsAt(x);
    const Predictions best = problem.predictWithRequests(result.models);
    result.predictions = best.stats;

    // Uncertainty and sensitivity: central differences of ±10 % in every free parameter (wide
    // enough to average over the discrete admission events a small change flips).
    const auto& freeKeys = problem.freeKeys();
    const std::size_t p = freeKeys.size();
    const std::vector<double> r0 = problem.residuals(best);
    const double h = std::log(1.1);
    std::vector<std::vector<double>> jac(p);
    std::vector<MetricValues> sens(p, noMetrics());
    for (std::size_t i = 0; i < p; ++i) {
        auto xp = x, xm = x;
        xp[i] += h;
        xm[i] -= h;
        const auto pp = problem.predict(xp), pm = problem.predict(xm);
        const auto rp = problem.residuals(pp), rm = problem.residuals(pm);
        jac[i].resize(r0.size());
        for (std::size_t k = 0; k < r0.size(); ++k)
            jac[i][k] = (rp[k] - rm[k]) / (2 * h);
        std::array<double, kMetricCount> sum {};
        std::array<int, kMetricCount> count {};
        for (std::size_t e = 0; e < data.experiments.size(); ++e) {
            const MetricValues a = pp.stats[e].metrics(), b = pm.stats[e].metrics();
            for (std::size_t k = 0; k < kMetricCount; ++k) {
                double d;
                if (metricIsAbsolute(static_cast<Metric>(k)))
                    d = (a[k] - b[k]) / (2 * h);
                else
                    d = a[k] > 0 && b[k] > 0 ? std::log(a[k] / b[k]) / (2 * h) : NAN;
                if (std::isfinite(d)) {
                    sum[k] += std::abs(d);
                    ++count[k];
                }
            }
        }
        for (std::size_t k = 0; k < kMetricCount; ++k)
            sens[i][k] = count[k] ? sum[k] / count[k] : NAN;
    }
    std::vector<double> relErr(p, std::numeric_limits<double>::infinity());
    if (p > 0 && r0.size() > p) {
        double rss = 0;
        for (double v : r0)
            rss += v * v;
        const double s2 = rss / static_cast<double>(r0.size() - p);
        // A parameter that moves no residual is not determined by the data: leave it out (+inf)
        // and estimate the others from the rest of JᵀJ.
        double largest = 0;
        std::vector<double> norm(p, 0.0);
        for (std::size_t a = 0; a < p; ++a) {
            for (double v : jac[a])
                norm[a] += v * v;
            largest = std::max(largest, norm[a]);
        }
        std::vector<std::size_t> used;
        for (std::size_t a = 0; a < p; ++a)
            if (norm[a] > 1e-12 * largest && norm[a] > 0)
                used.push_back(a);
        std::vector<std::vector<double>> jtj(used.size(), std::vector<double>(used.size(), 0.0));
        for (std::size_t a = 0; a < used.size(); ++a)
            for (std::size_t b = 0; b < used.size(); ++b)
                for (std::size_t k = 0; k < r0.size(); ++k)
                    jtj[a][b] += jac[used[a]][k] * jac[used[b]][k];
        if (!used.empty() && invert(jtj))
            for (std::size_t a = 0; a < used.size(); ++a)
                relErr[used[a]] = jtj[a][a] >= 0 ? std::sqrt(s2 * jtj[a][a]) : std::numeric_limits<double>::infinity();
    }
    for (const auto& key : fittableKeys(options.parametrization)) {
        ParameterEstimate est;
        est.key = key;
        est.start = problem.startValue(key);
        const auto it = std::find(freeKeys.begin(), freeKeys.end(), key);
        est.free = it != freeKeys.end();
        if (options.parametrization == Parametrization::Physical) {
            for (const auto& info : engineParameterInfos())
                if (key == info.key)
                    est.value = result.parameters.*info.member;
        } else {
            for (const auto& info : costCoefficientInfos())
                if (key == info.key)
                    est.value = result.coefficients.*info.member;
        }
        if (est.free) {
            const std::size_t i = static_cast<std::size_t>(it - freeKeys.begin());
            est.relativeError = relErr[i];
            est.sensitivity = sens[i];
        }
        result.estimates.push_back(est);
    }
    options.progress.update(1.0);
    return result;
}

} // namespace lorascope
