// SPDX-License-Identifier: Apache-2.0
// Predicted-vs-measured tables and their summaries.

#include "calibrate/validate.h"

#include "analysis/numberformat.h"
#include "calibrate/fit.h"
#include "calibrate/validity.h"
#include "util/version.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdio>
#include <ctime>
#include <filesystem>

namespace lorascope {

double validationTarget(Metric m)
{
    switch (m) {
    case Metric::Throughput:
        return 4.0;
    case Metric::AvgLatency:
        return 10.0;
    case Metric::AvgFirstTokenLatency:
        return 25.0;
    case Metric::AvgPerOutputTokenLatency:
        return 10.0;
    case Metric::Attainment:
        return 0.05;
    case Metric::Tpot:
        return 10.0;
    }
    return 10.0;
}

namespace {

struct Accumulator {
    std::array<double, kMetricCount> abs {}, sum {}, max {};
    std::array<int, kMetricCount> count {}, unfinished {};
    void add(const MetricValues& err)
    {
        for (std::size_t k = 0; k < kMetricCount; ++k) {
            if (std::isinf(err[k]))
                ++unfinished[k];
            if (!std::isfinite(err[k]))
                continue;
            abs[k] += std::abs(err[k]);
            sum[k] += err[k];
            max[k] = std::max(max[k], std::abs(err[k]));
            ++count[k];
        }
    }
    MetricErrors result() const
    {
        MetricErrors out;
        for (std::size_t k = 0; k < kMetricCount; ++k) {
            out[k].count = count[k];
            out[k].unfinished = unfinished[k];
            if (count[k]) {
                out[k].error = abs[k] / count[k];
                out[k].bias = sum[k] / count[k];
                out[k].max = max[k];
            }
        }
        return out;
    }
};

std::string fmt(const char* f, double v)
{
    return formatPrintf(f, v, std::isnan(v) ? "-" : "inf");
}

/// An error in % ("12.3%", "+45%"), with an exponent once it is large ("+1.2e+302%"): a model
/// with absurd coefficients must not print a 300-digit number.
std::string percentText(double v, bool sign)
{
    if (!std::isfinite(v))
        return std::isnan(v) ? "-" : "inf";
    if (std::abs(v) >= 1e5)
        return fmt(sign ? "%+.2e%%" : "%.2e%%", v);
    return fmt(sign ? "%+.0f%%" : "%.1f%%", v);
}

/// A measured or predicted value: 3 significant digits, an exponent when large or small.
std::string valueText(Metric m, double v)
{
    if (std::isinf(v) || (!std::isfinite(v) && !std::isnan(v)))
        return "never finishes";
    if (metricIsAbsolute(m) && std::isfinite(v) && std::abs(v) < 1e5)
        return fmt("%.3f", v);
    return fmt("%.3g", v);
}

std::string pad(std::string s, std::size_t w, bool left = true)
{
    if (s.size() >= w)
        return s;
    return left ? s + std::string(w - s.size(), ' ') : std::string(w - s.size(), ' ') + s;
}

std::string fileName(const std::string& path)
{
    return std::filesystem::path(path).filename().string();
}

const Metric kShown[] = { Metric::Throughput, Metric::AvgLatency, Metric::AvgFirstTokenLatency,
    Metric::AvgPerOutputTokenLatency, Metric::Attainment, Metric::Tpot };

std::string errorCell(Metric m, const MetricError& e)
{
    if (e.count == 0)
        return e.unfinished > 0 ? "never" : "-";
    const std::string v = metricIsAbsolute(m) ? (std::abs(e.error) < 1e5 ? fmt("%.3f", e.error) : fmt("%.2e", e.error))
                                              : percentText(e.error, false);
    return e.unfinished > 0 ? v + "*" : v;
}

bool anyCount(const std::vector<const MetricErrors*>& all, Metric m)
{
    for (const auto* e : all)
        if ((*e)[static_cast<std::size_t>(m)].count > 0 || (*e)[static_cast<std::size_t>(m)].unfinished > 0)
            return true;
    return false;
}

nlohmann::json errorsJson(const MetricErrors& e)
{
    nlohmann::json j = nlohmann::json::object();
    for (Metric m : kShown) {
        const MetricError& x = e[static_cast<std::size_t>(m)];
        if (x.count == 0 && x.unfinished == 0)
            continue;
        const auto num = [](double v) { return std::isfinite(v) ? nlohmann::json(v) : nlohmann::json(nullptr); };
        j[metricKey(m)] = { { metricIsAbsolute(m) ? "mae" : "mape_pct", num(x.error) }, { "bias", num(x.bias) },
            { "max", num(x.max) }, { "count", x.count }, { "never_finish", x.unfinished } };
    }
    return j;
}

nlohmann::json statsJson(const RunStats& s)
{
    auto num = [](double v) { return std::isfinite(v) ? nlohmann::json(v) : nlohmann::json(nullptr); };
    return { { "total_time", num(s.totalTime) }, { "throughput", num(s.throughput) },
        { "avg_latency", num(s.avgLatency) }, { "avg_first_token_latency", num(s.avgFirstTokenLatency) },
        { "avg_per_output_token_latency", num(s.avgPerOutputTokenLatency) }, { "avg_attainment", num(s.avgAttainment) },
        { "avg_satisfaction", num(s.avgSatisfaction) }, { "num_abort", s.numAbort }, { "tpot", num(s.meanTpot) } };
}

} // namespace

ValidationReport compare(const CalibrationData& data, const std::vector<RunStats>& predictions)
{
    ValidationReport rep;
    rep.excluded = data.excluded;
    Accumulator all;
    std::map<std::string, Accumulator> perFile, perGroup;
    for (std::size_t i = 0; i < data.experiments.size(); ++i) {
        const Experiment& e = data.experiments[i];
        ValidationRow row;
        row.experiment = i;
        row.source = e.source;
        row.line = e.line;
        row.label = e.label;
        row.group = e.group < data.groups.size() ? data.groups[e.group].name : std::string();
        row.role = e.role;
        row.measured = e.measured;
        row.predicted = predictions.at(i);
        const MetricValues meas = row.measured.metrics(), pred = row.predicted.metrics();
        for (Metric m : kShown) {
            const std::size_t k = static_cast<std::size_t>(m);
            if (!std::isfinite(meas[k]))
                continue;
            if (metricIsAbsolute(m))
                row.error[k] = std::isfinite(pred[k]) ? pred[k] - meas[k] : 1.0;
            else if (meas[k] > 0)
                // A prediction that is not a number is a run the model never finishes: infinite
                // error, counted apart from the MAPE (MetricError::unfinished) and said.
                row.error[k] = std::isfinite(pred[k]) ? 100.0 * (pred[k] - meas[k]) / meas[k]
                                                      : std::numeric_limits<double>::infinity();
            if (std::isfinite(row.error[k]) || std::isinf(row.error[k]))
                row.severity = std::max(row.severity, std::abs(row.error[k]) / validationTarget(m));
        }
        all.add(row.error);
        perFile[row.source].add(row.error);
        perGroup[row.group].add(row.error);
        rep.rows.push_back(std::move(row));
    }
    rep.overall = all.result();
    for (const auto& [k, v] : perFile)
        rep.perFile[k] = v.result();
    for (const auto& [k, v] : perGroup)
        rep.perGroup[k] = v.result();
    return rep;
}

ValidationReport validate(const CalibrationData& data, const std::vector<CostModel>& models, unsigned threads)
{
    return compare(data, predictAll(data, models, threads));
}

ErrorSummary toErrorSummary(const MetricErrors& e, const std::string& on, int rows)
{
    ErrorSummary s;
    s.on = on;
    s.rows = rows;
    auto get = [&](Metric m) {
        const MetricError& x = e[static_cast<std::size_t>(m)];
        return x.count ? x.error : -1.0;
    };
    s.throughputMape = get(Metric::Throughput);
    s.latencyMape = get(Metric::AvgLatency);
    s.firstTokenMape = get(Metric::AvgFirstTokenLatency);
    s.perOutputTokenMape = get(Metric::AvgPerOutputTokenLatency);
    s.attainmentMae = get(Metric::Attainment);
    return s;
}

namespace {

CalibrationData onlyGroup(const CalibrationData& data, const std::string& group)
{
    CalibrationData out;
    for (const auto& e : data.experiments)
        if (data.groups[e.group].name == group) {
            Experiment copy = e;
            copy.group = out.groupIndex(group, data.groups[e.group].model, data.groups[e.group].gpu);
            out.experiments.push_back(std::move(copy));
        }
    return out;
}

} // namespace

CostModel calibratedModel(const CalibrationData& fitData, const CalibrationFitResult& fit,
    const CalibrationFitOptions& options, std::size_t group, const CalibrationData* validation,
    ValidationReport* validationReport)
{
    const std::string name = fitData.groups.at(group).name;
    CostModel m = fit.models.at(group);
    m.name = name;
    const CalibrationData mine = onlyGroup(fitData, name);
    std::vector<RunStats> predictions;
    for (std::size_t i = 0; i < fitData.experiments.size(); ++i)
        if (fitData.experiments[i].group == group)
            predictions.push_back(fit.predictions.at(i));
    const ValidationReport inSample = compare(mine, predictions);
    std::map<std::string, int> rows;
    for (const auto& e : mine.experiments)
        ++rows[e.source];
    for (const auto& [src, n] : rows)
        m.provenance.calibratedOn.push_back(
            std::filesystem::path(src).filename().string() + " (" + std::to_string(n) + (n == 1 ? " run)" : " runs)"));
    std::string freeList;
    for (const auto& k : options.free)
        freeList += (freeList.empty() ? "" : ",") + k;
    m.provenance.method = std::string("lorascope-cli calibrate (")
        + (options.parametrization == Parametrization::Physical ? "engine parameters" : "coefficients")
        + ", Nelder-Mead, " + (options.robust ? "soft-l1" : "linear") + " loss, engine in the loop); free: " + freeList;
    m.provenance.fit = toErrorSummary(inSample.overall, "in sample", static_cast<int>(mine.experiments.size()));
    CalibrationData region = mine;
    if (validation) {
        const CalibrationData theirs = onlyGroup(*validation, name);
        if (!theirs.experiments.empty()) {
            CostModel forValidation = m;
            const ValidationReport rep = lorascope::validate(theirs, { forValidation }, options.threads);
            m.provenance.validation
                = toErrorSummary(rep.overall, "out of sample", static_cast<int>(theirs.experiments.size()));
            if (validationReport)
                *validationReport = rep;
            region.append(theirs);
        }
    }
    const std::time_t t = std::time(nullptr);
    char date[32];
    std::strftime(date, sizeof date, "%Y-%m-%d", std::gmtime(&t));
    m.provenance.created = date;
    m.provenance.toolVersion = kVersion;
    m.validity = validityOf(region);
    const std::string gpu = m.gpu.name.empty() ? std::string("the measured server") : m.gpu.name;
    m.description = (m.model.name.empty() ? std::string("cost model") : m.model.name) + " on " + gpu
        + "; calibrated on " + std::to_string(mine.experiments.size()) + " measured runs"
        + (m.provenance.validation.measured() ? ", validated on " + std::to_string(m.provenance.validation.rows)
                                              : std::string())
        + ".";
    return m;
}

std::string unusableFitReason(const ValidationReport& rep)
{
    std::string out;
    for (Metric m : kShown) {
        const MetricError& e = rep.overall[static_cast<std::size_t>(m)];
        std::string why;
        if (e.unfinished > 0)
            why = std::to_string(e.unfinished) + " of " + std::to_string(e.count + e.unfinished)
                + " runs predicted never to finish";
        else if (e.count > 0 && !metricIsAbsolute(m) && e.error > kUnusableMape)
            why = "error " + percentText(e.error, false) + " (above " + fmt("%.0f%%", kUnusableMape) + ")";
        else if (e.count > 0 && metricIsAbsolute(m) && e.error > kUnusableMae)
            why = "error " + fmt("%.3f", e.error) + " (above " + fmt("%.2f", kUnusableMae) + ")";
        if (!why.empty())
            out += (out.empty() ? "" : "; ") + std::string(metricKey(m)) + ": " + why;
    }
    return out;
}

std::string renderValidationText(const ValidationReport& rep, int worst)
{
    std::vector<const MetricErrors*> allErrors { &rep.overall };
    std::vector<Metric> cols;
    for (Metric m : kShown)
        if (anyCount(allErrors, m))
            cols.push_back(m);
    std::string out;
    auto header = [&](const std::string& first, std::size_t w) {
        out += pad(first, w);
        for (Metric m : cols)
            out += pad(std::string(metricShort(m)) + (metricIsAbsolute(m) ? " MAE" : " MAPE"), 11, false);
        out += "\n";
    };
    auto line = [&](const std::string& name, std::size_t w, const MetricErrors& e, int n) {
        out += pad(name + " (" + std::to_string(n) + ")", w);
        for (Metric m : cols)
            out += pad(errorCell(m, e[static_cast<std::size_t>(m)]), 11, false);
        out += "\n";
    };
    const int total = static_cast<int>(rep.rows.size());
    header("runs", 52);
    line("all", 52, rep.overall, total);
    if (rep.perGroup.size() > 1)
        for (const auto& [g, e] : rep.perGroup) {
            int n = 0;
            for (const auto& r : rep.rows)
                n += r.group == g;
            line("  " + g, 52, e, n);
        }
    // Runs predicted never to finish are not in a MAPE: said, never dropped silently.
    for (Metric m : cols) {
        const MetricError& e = rep.overall[static_cast<std::size_t>(m)];
        if (e.unfinished > 0)
            out += std::string("* ") + metricShort(m) + ": " + std::to_string(e.unfinished) + " of "
                + std::to_string(e.count + e.unfinished) + " runs are predicted never to finish (infinite "
                + metricKey(m) + ") and are not in its error\n";
    }
    out += "\nper file\n";
    for (const auto& [f, e] : rep.perFile) {
        int n = 0;
        for (const auto& r : rep.rows)
            n += r.source == f;
        line("  " + fileName(f), 52, e, n);
    }
    if (worst > 0 && !rep.rows.empty()) {
        std::vector<const ValidationRow*> sorted;
        for (const auto& r : rep.rows)
            sorted.push_back(&r);
        std::stable_sort(
            sorted.begin(), sorted.end(), [](const auto* a, const auto* b) { return a->severity > b->severity; });
        out += "\nworst runs (error: % of measured; attainment: absolute; measured -> predicted)\n";
        for (int i = 0; i < worst && i < static_cast<int>(sorted.size()); ++i) {
            const ValidationRow& r = *sorted[static_cast<std::size_t>(i)];
            out += "  " + fileName(r.source)
                + (r.line ? std::string(":").append(std::to_string(r.line)) : std::string()) + "  " + r.label
                + "\n     ";
            const MetricValues meas = r.measured.metrics(), pred = r.predicted.metrics();
            for (Metric m : cols) {
                const std::size_t k = static_cast<std::size_t>(m);
                if (!std::isfinite(meas[k]))
                    continue;
                const std::string err = std::isinf(r.error[k]) ? std::string("never finishes")
                    : metricIsAbsolute(m)                      ? fmt("%+.3f", r.error[k])
                                                               : percentText(r.error[k], true);
                out += std::string(" ") + metricShort(m) + " " + valueText(m, meas[k]) + "->"
                    + (std::isinf(r.error[k]) ? std::string("?") : valueText(m, pred[k])) + " (" + err + ")";
            }
            out += "\n";
        }
    }
    if (!rep.excluded.empty()) {
        out += "\nexcluded\n";
        for (const auto& x : rep.excluded)
            out += "  " + fileName(x.source)
                + (x.line ? std::string(":").append(std::to_string(x.line)) : std::string()) + ": " + x.reason + "\n";
    }
    return out;
}

nlohmann::json validationToJson(const ValidationReport& rep)
{
    nlohmann::json j;
    j["overall"] = errorsJson(rep.overall);
    j["runs"] = rep.rows.size();
    auto& pf = j["per_file"] = nlohmann::json::object();
    for (const auto& [f, e] : rep.perFile)
        pf[f] = errorsJson(e);
    auto& pg = j["per_group"] = nlohmann::json::object();
    for (const auto& [g, e] : rep.perGroup)
        pg[g] = errorsJson(e);
    auto& rows = j["rows"] = nlohmann::json::array();
    for (const auto& r : rep.rows) {
        nlohmann::json x;
        x["source"] = r.source;
        x["line"] = r.line;
        x["label"] = r.label;
        x["group"] = r.group;
        x["role"] = r.role;
        x["measured"] = statsJson(r.measured);
        x["predicted"] = statsJson(r.predicted);
        nlohmann::json err = nlohmann::json::object();
        for (Metric m : kShown) {
            const double v = r.error[static_cast<std::size_t>(m)];
            if (std::isfinite(v))
                err[metricKey(m)] = v;
            else if (std::isinf(v))
                err[metricKey(m)] = "never finishes";
        }
        x["error"] = err;
        x["severity"] = r.severity;
        rows.push_back(std::move(x));
    }
    auto& ex = j["excluded"] = nlohmann::json::array();
    for (const auto& x : rep.excluded)
        ex.push_back({ { "source", x.source }, { "line", x.line }, { "reason", x.reason } });
    return j;
}

} // namespace lorascope
