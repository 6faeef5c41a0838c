// SPDX-License-Identifier: Apache-2.0
#include "sweep/sweeptext.h"

#include "text/coretexts.h"

#include "analysis/numberformat.h"

#include "workload/presets.h"

#include <QCoreApplication>

#include <algorithm>
#include <cmath>
#include <map>

namespace lorascope {

/// The translation context of the Sweep tab's sentences.
class SweepText {
    Q_DECLARE_TR_FUNCTIONS(lorascope::SweepText)
};

namespace {

QString pct(double share)
{
    return std::isfinite(share) ? QString::number(100.0 * share, 'f', 1) + QStringLiteral(" %") : QStringLiteral("–");
}

QString ratio(double r)
{
    return std::isfinite(r) ? QString::number(r, 'f', 3) : QStringLiteral("–");
}

const SweepPoint* pointAt(const std::vector<SweepPoint>& points, double value)
{
    for (const SweepPoint& p : points)
        if (p.value == value)
            return &p;
    return nullptr;
}

} // namespace

QString sloText(const SloTarget& slo)
{
    QStringList bounds;
    auto time = [](double s) { return s < 1.0 ? SweepText::tr("%1 ms").arg(s * 1e3) : SweepText::tr("%1 s").arg(s); };
    if (slo.ttft)
        bounds << SweepText::tr("TTFT ≤ %1").arg(time(*slo.ttft));
    if (slo.tpot)
        bounds << SweepText::tr("TPOT ≤ %1").arg(time(*slo.tpot));
    if (slo.e2e)
        bounds << SweepText::tr("E2E ≤ %1").arg(time(*slo.e2e));
    if (bounds.isEmpty())
        bounds << SweepText::tr("completed");
    return SweepText::tr("%1 for at least %2 % of requests")
        .arg(bounds.join(SweepText::tr(", ")), QString::number(100.0 * slo.attainment));
}

QString sweepParamTitle(SweepParam param)
{
    switch (param) {
    case SweepParam::Rate:
        return SweepText::tr("request rate R (req/s)");
    case SweepParam::Adapters:
        return SweepText::tr("number of adapters n");
    case SweepParam::Alpha:
        return SweepText::tr("popularity skew α");
    case SweepParam::ZipfS:
        return SweepText::tr("Zipf exponent s");
    case SweepParam::Cv:
        return SweepText::tr("burstiness cv");
    case SweepParam::Duration:
        return SweepText::tr("duration T (s)");
    case SweepParam::Seed:
        return SweepText::tr("random seed");
    case SweepParam::InputMax:
        return SweepText::tr("input length max (tokens)");
    case SweepParam::OutputMax:
        return SweepText::tr("output length max (tokens)");
    case SweepParam::MaxTotalTokenNum:
    case SweepParam::BatchMaxTokens:
    case SweepParam::RunningMaxReqSize:
    case SweepParam::MaxWaitTokens:
    case SweepParam::MaxNumSeqs:
    case SweepParam::MaxNumBatchedTokens:
    case SweepParam::MaxLoras:
        // The server's launch arguments keep the names users know from S-LoRA and vLLM.
        return SweepText::tr("server: %1").arg(QString::fromUtf8(sweepParamInfo(param).name));
    }
    return {};
}

QString sweepParamDescription(SweepParam param)
{
    switch (param) {
    case SweepParam::Rate:
        return SweepText::tr("Total request rate over all adapters, requests per second.");
    case SweepParam::Adapters:
        return SweepText::tr("Number of adapters (0 = base model only).");
    case SweepParam::Alpha:
        return SweepText::tr(
            "Popularity skew: adapter i gets ((i+1)/n)^α − (i/n)^α of the traffic; small α, a few hot adapters.");
    case SweepParam::ZipfS:
        return SweepText::tr("Zipf exponent of the adapter popularity.");
    case SweepParam::Cv:
        return SweepText::tr("Coefficient of variation of the gaps between arrivals: 1 = Poisson, larger = burstier.");
    case SweepParam::Duration:
        return SweepText::tr("Length of the trace, seconds.");
    case SweepParam::Seed:
        return SweepText::tr("Random seed: the same workload drawn again, to see the sampling noise.");
    case SweepParam::InputMax:
        return SweepText::tr("Upper end (exclusive) of the input length range, tokens.");
    case SweepParam::OutputMax:
        return SweepText::tr("Upper end (exclusive) of the output length range, tokens.");
    case SweepParam::MaxTotalTokenNum:
        return SweepText::tr("KV-cache token slots of the server, shared with the adapter weights.");
    case SweepParam::BatchMaxTokens:
        return SweepText::tr("Largest sum of input tokens of a newly admitted prefill batch.");
    case SweepParam::RunningMaxReqSize:
        return SweepText::tr("Most requests in the running batch.");
    case SweepParam::MaxWaitTokens:
        return SweepText::tr("Decode steps between two admission attempts.");
    case SweepParam::MaxNumSeqs:
        return SweepText::tr("vLLM: most running requests.");
    case SweepParam::MaxNumBatchedTokens:
        return SweepText::tr("vLLM: most prefill tokens per step.");
    case SweepParam::MaxLoras:
        return SweepText::tr("vLLM: most distinct adapters in one batch.");
    }
    return {};
}

QString defaultSweepValues(SweepParam param, double current)
{
    switch (param) {
    case SweepParam::Rate: {
        const double base = current > 0 ? current : 1.0;
        double step = base / 4.0;
        // A round step: 1, 2 or 5 times a power of ten, 20 points up to five times the rate.
        const double mag = std::pow(10.0, std::floor(std::log10(step)));
        step = step / mag < 1.5 ? mag : step / mag < 3.5 ? 2 * mag : 5 * mag;
        return QStringLiteral("%1:%2:%3").arg(step).arg(step * 20).arg(step);
    }
    case SweepParam::Adapters:
        return QStringLiteral("1,10,50,100,200,400");
    case SweepParam::Alpha:
        return QStringLiteral("0.1,0.3,0.6,1");
    case SweepParam::ZipfS:
        return QStringLiteral("0.5,1,1.5,2");
    case SweepParam::Cv:
        return QStringLiteral("1,2,4,6,8");
    case SweepParam::Duration:
        return QStringLiteral("60,120,300,600");
    case SweepParam::Seed:
        return QStringLiteral("1:10:1");
    case SweepParam::InputMax:
    case SweepParam::OutputMax:
        return QStringLiteral("128,256,512,1024,2048");
    case SweepParam::MaxTotalTokenNum:
        return QStringLiteral("6000,10000,14500,30000,65000");
    case SweepParam::BatchMaxTokens:
        return QStringLiteral("1024,2048,3072,4096,8192");
    case SweepParam::RunningMaxReqSize:
        return QStringLiteral("8,16,32,64,128,1000");
    case SweepParam::MaxWaitTokens:
        return QStringLiteral("1,5,10,20,50");
    case SweepParam::MaxNumSeqs:
        return QStringLiteral("16,32,64,128,256");
    case SweepParam::MaxNumBatchedTokens:
        return QStringLiteral("2048,4096,8192,16384");
    case SweepParam::MaxLoras:
        return QStringLiteral("1,2,4,8");
    }
    return {};
}

QString sweepValuesText(SweepParam param, const std::vector<double>& values)
{
    QStringList parts;
    for (double v : values)
        parts << QString::fromStdString(sweepValueText(param, v));
    return parts.join(QLatin1Char(','));
}

QString suiteDescription(const Scenario& s)
{
    // The suites' descriptions (workload/presets.cpp), listed so lupdate finds them.
    static const char* const kDescriptions[] = {
        QT_TRANSLATE_NOOP("lorascope::SweepText", "A10G: number of adapters"),
        QT_TRANSLATE_NOOP("lorascope::SweepText", "A10G: popularity skew"),
        QT_TRANSLATE_NOOP("lorascope::SweepText", "A10G: burstiness"),
        QT_TRANSLATE_NOOP("lorascope::SweepText", "A10G: request rate"),
        QT_TRANSLATE_NOOP("lorascope::SweepText", "A100-40G: number of adapters"),
        QT_TRANSLATE_NOOP("lorascope::SweepText", "A100-80G, S2: number of adapters"),
        QT_TRANSLATE_NOOP("lorascope::SweepText", "A100-80G, S4: number of adapters"),
        QT_TRANSLATE_NOOP("lorascope::SweepText", "A100-80G, S4: request rate"),
        QT_TRANSLATE_NOOP("lorascope::SweepText", "A100-80G, S4: burstiness"),
        QT_TRANSLATE_NOOP("lorascope::SweepText", "A100-80G: throughput table"),
        QT_TRANSLATE_NOOP("lorascope::SweepText", "Ablation: no unified memory pool"),
        QT_TRANSLATE_NOOP("lorascope::SweepText", "Ablation: adapter clustering"),
        QT_TRANSLATE_NOOP("lorascope::SweepText", "Ablation: adapter clustering under bursts"),
    };
    (void)kDescriptions;
    return QCoreApplication::translate("lorascope::SweepText", s.description.c_str());
}

QString paperFigureTitle(const PaperFigure& f)
{
    QString what;
    switch (f.param) {
    case SweepParam::Adapters:
        what = SweepText::tr("number of adapters");
        break;
    case SweepParam::Rate:
        what = SweepText::tr("request rate");
        break;
    case SweepParam::Cv:
        what = SweepText::tr("cv");
        break;
    default:
        what = QString::fromUtf8(sweepParamInfo(f.param).name);
    }
    return SweepText::tr("S-LoRA paper, %1, %2%3: throughput vs %4")
        .arg(QString::fromStdString(f.gpu), QString::fromStdString(f.modelSetting),
            f.policy == PolicyKind::SLoraAbort ? SweepText::tr(" (abort)") : QString(), what);
}

QString sweepValueWithUnit(SweepParam param, double value, double resolution)
{
    if (std::isnan(value))
        return QStringLiteral("–");
    const SweepParamInfo& info = sweepParamInfo(param);
    QString text = QString::fromUtf8(info.label) + QStringLiteral(" = ")
        + QString::fromStdString(sweepValueText(param, value, resolution));
    if (info.unit[0])
        text += QLatin1Char(' ') + QCoreApplication::translate("lorascope::SweepPlots", info.unit);
    return text;
}

namespace {

/// The finest step between a sweep's values: the digits its values are printed to.
double finestStep(const std::vector<SweepPoint>& points)
{
    std::vector<double> values;
    for (const SweepPoint& p : points)
        values.push_back(p.value);
    std::sort(values.begin(), values.end());
    double step = NAN;
    for (std::size_t i = 1; i < values.size(); ++i)
        if (const double d = values[i] - values[i - 1]; d > 0 && !(d >= step))
            step = d;
    return step;
}

QString seconds(double s)
{
    return SweepText::tr("%1 s").arg(QString::fromStdString(formatSigShort(s, 3)));
}

} // namespace

QString serverUsedText(const SimulationConfig& config)
{
    const SchedulerConfig& c = config.scheduler;
    switch (c.policy) {
    case PolicyKind::Vllm: {
        const VllmConfig& v = c.vllm;
        return SweepText::tr("vLLM V1: max_num_seqs %1, max_num_batched_tokens %2, %3 KV blocks of %4 tokens, "
                             "max_loras %5, max_lora_rank %6")
            .arg(v.effectiveMaxNumSeqs())
            .arg(v.effectiveMaxNumBatchedTokens())
            .arg(v.numGpuBlocks)
            .arg(v.blockSize)
            .arg(v.maxLoras)
            .arg(v.maxLoraRank);
    }
    case PolicyKind::Sglang: {
        const SglangConfig& g = c.sglang;
        return SweepText::tr("SGLang: max_total_tokens %1, max_running_requests %2, max_loras_per_batch %3")
            .arg(g.maxTotalTokens)
            .arg(g.effectiveMaxRunningRequests())
            .arg(g.maxLorasPerBatch);
    }
    case PolicyKind::SLoraAbort:
        return SweepText::tr("S-LoRA with abort: max_total_token_num %1, max_req_total_len %2, running_max_req_size %3")
            .arg(c.limits.maxTotalTokenNum)
            .arg(c.limits.maxReqTotalLen)
            .arg(c.limits.runningMaxReqSize);
    default:
        return SweepText::tr("S-LoRA: max_total_token_num %1, max_req_total_len %2, running_max_req_size %3")
            .arg(c.limits.maxTotalTokenNum)
            .arg(c.limits.maxReqTotalLen)
            .arg(c.limits.runningMaxReqSize);
    }
}

QString refusedLine(const std::vector<SweepPoint>& points, const SimulationConfig& config)
{
    std::uint64_t lost = 0, requests = 0;
    double least = 1, most = 0;
    for (const SweepPoint& p : points) {
        if (p.metrics.requests == 0)
            continue;
        lost += p.metrics.lost;
        requests += p.metrics.requests;
        const double share = double(p.metrics.lost) / double(p.metrics.requests);
        least = std::min(least, share);
        most = std::max(most, share);
    }
    if (lost == 0 || requests == 0)
        return {};
    const QString server = serverUsedText(config).section(QLatin1Char(':'), 0, 0);
    const QString range = least == most ? SweepText::tr("%1 at every point").arg(pct(most))
                                        : SweepText::tr("%1 to %2 of each point's").arg(pct(least), pct(most));
    return SweepText::tr("<b>%1 refused %2 of the %3 requests</b> (%4): they count as missing the SLO. The Admission "
                         "tab's banner says why and how to serve them.")
        .arg(server.toHtmlEscaped())
        .arg(lost)
        .arg(requests)
        .arg(range);
}

QStringList sweepVerdictLines(const SweepPlan& plan, const std::vector<SweepPoint>& points)
{
    QStringList lines;
    if (points.empty())
        return { SweepText::tr("No point finished.") };
    const SweepVerdict v = sweepVerdict(plan, points); // the numbers; the words are the tab's
    const double step = finestStep(points);
    auto at = [&](double value) { return sweepValueWithUnit(plan.param, value, step).toHtmlEscaped(); };
    const QString slo = sloText(plan.slo).toHtmlEscaped();
    if (std::isnan(v.largestMeeting)) {
        const SweepPoint* best = &points.front();
        for (const SweepPoint& p : points)
            if (p.metrics.sloAttainment > best->metrics.sloAttainment)
                best = &p;
        lines << SweepText::tr(
            "No point meets the SLO (%1). The best, %2, has %3 of requests within it: %4 points short.")
                     .arg(slo, at(best->value), pct(best->metrics.sloAttainment),
                         QString::number(100.0 * (plan.slo.attainment - best->metrics.sloAttainment), 'f', 1));
    } else if (!v.shortTrace) {
        lines << SweepText::tr(
            "Sustainable: <b>%1</b>, the largest point that meets the SLO (%2) and keeps up with its arrivals.")
                     .arg(at(v.largestMeeting), slo);
    } else {
        lines << (std::isnan(v.sustainable)
                ? SweepText::tr("<b>Nothing sustainable</b>: every point that meets the SLO (%1) is saturated.")
                      .arg(slo)
                : SweepText::tr("Sustainable: <b>%1</b>, the largest point that meets the SLO (%2) below saturation.")
                      .arg(at(v.sustainable), slo));
        QString tell;
        if (!std::isnan(v.suggestedDuration))
            tell = SweepText::tr(" A trace of at least %1 would tell.").arg(seconds(v.suggestedDuration));
        const SweepPoint* largest = pointAt(points, v.largestMeeting);
        lines << SweepText::tr("Short-trace effect: points up to %1 meet the SLO although the server falls behind from "
                               "%2; their %3 traces end before the "
                               "backlog grows enough to break it.%4")
                     .arg(at(v.largestMeeting), at(v.firstSaturated), seconds(largest ? pointDuration(*largest) : NAN),
                         tell);
    }
    if (std::isnan(v.firstSaturated)) {
        const SweepPoint* last = &points.front();
        for (const SweepPoint& p : points)
            if (p.value > last->value)
                last = &p;
        lines << SweepText::tr(
            "No point saturates: completions keep up with arrivals (achieved/offered ≥ %1) up to %2.")
                     .arg(plan.saturation.ratio)
                     .arg(at(last->value));
    } else {
        lines << SweepText::tr(
            "Saturated from <b>%1</b>: completions fall behind arrivals (achieved/offered %2, below %3).")
                     .arg(at(v.firstSaturated), ratio(pointAt(points, v.firstSaturated)->metrics.achievedRatio))
                     .arg(plan.saturation.ratio);
    }
    if (!std::isnan(v.firstOverSaturated))
        lines << SweepText::tr(
            "GuideLLM's over-saturation test (requests in flight and TTFT both rising) fires from %1.")
                     .arg(at(v.firstOverSaturated));
    return lines;
}

QStringList capacityLines(const CapacityResult& r)
{
    QStringList lines;
    const QString slo = sloText(r.slo).toHtmlEscaped();
    // Every value to the search's resolution (5.43, not 5.4321), as the CLI prints it.
    auto at = [&](double v) { return sweepValueWithUnit(r.param, v, r.resolution).toHtmlEscaped(); };
    const SweepParamInfo& info = sweepParamInfo(r.param);
    auto unitOf = [&](const QString& number) {
        return info.unit[0]
            ? number + QLatin1Char(' ') + QCoreApplication::translate("lorascope::SweepPlots", info.unit)
            : number;
    };
    // The answer to act on first: what the server sustains.
    if (!std::isnan(r.sustainable) && (r.outcome != CapacityResult::Outcome::AllMeet || r.shortTrace)) {
        const SweepPoint* s = pointAt(r.evaluations, r.sustainable);
        if (r.limitedBy == CapacityResult::Limit::Slo)
            lines << SweepText::tr("Sustainable capacity <b>%1</b>: the largest value that meets the SLO (%2; %3 of "
                                   "requests) while the server keeps up "
                                   "with its arrivals.")
                         .arg(at(r.sustainable), slo, pct(s ? s->metrics.sloAttainment : NAN));
        else
            lines << SweepText::tr("Sustainable capacity <b>%1</b>, set by saturation: above it the server falls "
                                   "behind its arrivals (from %2), while it "
                                   "still meets the SLO (%3; %4 of requests).")
                         .arg(at(r.sustainable), at(r.saturation), slo, pct(s ? s->metrics.sloAttainment : NAN));
    } else if (r.shortTrace) {
        lines << SweepText::tr(
            "<b>Nothing sustainable</b> in the range tried: every value that meets the SLO is saturated.");
    }
    // The SLO holds over all requests, not for every class: say which ranks fall short there.
    if (!std::isnan(r.sustainable))
        if (const SweepPoint* s = pointAt(r.evaluations, r.sustainable)) {
            std::map<int, std::pair<double, double>> byRank; // rank → (requests meeting, requests)
            for (const AdapterMetrics& a : s->perAdapter)
                if (a.rank > 0 && a.requests > 0 && std::isfinite(a.sloAttainment)) {
                    byRank[a.rank].first += a.sloAttainment * double(a.requests);
                    byRank[a.rank].second += double(a.requests);
                }
            QStringList shortfalls;
            for (const auto& [rank, met] : byRank)
                if (met.first / met.second < r.slo.attainment)
                    shortfalls << SweepText::tr("rank-%1 adapters %2").arg(rank).arg(pct(met.first / met.second));
            if (!shortfalls.isEmpty())
                lines << SweepText::tr("At %1 not every class meets the target of %2: %3 of their requests within "
                                       "the SLO.")
                             .arg(at(r.sustainable), pct(r.slo.attainment), shortfalls.join(SweepText::tr(", ")));
        }
    if (r.shortTrace) {
        QString tell = std::isnan(r.suggestedDuration)
            ? SweepText::tr(" (The SLO bounds neither TTFT nor E2E, so no trace length can be suggested.)")
            : SweepText::tr(" A trace of at least %1 would tell (Workload tab: Duration T).")
                  .arg(seconds(r.suggestedDuration));
        lines << SweepText::tr("<b>Short-trace effect</b>: the SLO still holds up to %1 only because each %2 trace "
                               "ends before the growing backlog "
                               "breaks it; that is not a capacity.%3")
                     .arg(at(r.capacity), seconds(r.duration), tell);
    }
    switch (r.outcome) {
    case CapacityResult::Outcome::Found:
    case CapacityResult::Outcome::Unconverged: {
        if (std::isnan(r.capacity) || std::isnan(r.firstFailing)) {
            lines << SweepText::tr("Stopped before the SLO boundary was bracketed.");
            break;
        }
        const SweepPoint* c = pointAt(r.evaluations, r.capacity);
        const SweepPoint* f = pointAt(r.evaluations, r.firstFailing);
        if (r.outcome == CapacityResult::Outcome::Unconverged)
            lines << SweepText::tr("Not converged: the evaluation budget is spent. The bracket so far:");
        const QString width = unitOf(QString::fromStdString(formatSigShort(r.firstFailing - r.capacity, 2)));
        lines << SweepText::tr("SLO boundary: %1 meets the SLO (%2 of requests); %3 misses it (%4). The bracket is %5 "
                               "wide after %n point(s) in %6 s.",
            nullptr, int(r.evaluations.size()))
                     .arg(at(r.capacity), pct(c ? c->metrics.sloAttainment : NAN), at(r.firstFailing),
                         pct(f ? f->metrics.sloAttainment : NAN), width.toHtmlEscaped(),
                         QString::number(r.seconds, 'f', 2));
        break;
    }
    case CapacityResult::Outcome::NoneMeets:
        lines << SweepText::tr("No value tried (%1 to %2) meets the SLO (%3). At the lowest, %4, %5 of requests meet "
                               "it: %6 points short of the target.")
                     .arg(QString::fromStdString(sweepValueText(r.param, r.lowest, r.resolution)), at(r.highest), slo,
                         at(r.lowest), pct(r.attainmentAtLowest),
                         QString::number(100.0 * (r.slo.attainment - r.attainmentAtLowest), 'f', 1));
        break;
    case CapacityResult::Outcome::AllMeet:
        lines << SweepText::tr(
            "Every value up to %1 meets the SLO (%2; %3 at the highest): widen the values' range upwards.")
                     .arg(at(r.highest), slo, pct(r.attainmentAtHighest));
        break;
    }
    switch (r.saturationOutcome) {
    case CapacityResult::Saturation::Found: {
        const SweepPoint* s = pointAt(r.evaluations, r.saturation);
        lines << SweepText::tr("Saturated from <b>%1</b> (achieved/offered %2, below 0.98); %3 keeps up.")
                     .arg(at(r.saturation), ratio(s ? s->metrics.achievedRatio : NAN), at(r.lastUnsaturated));
        break;
    }
    case CapacityResult::Saturation::Never:
        lines << SweepText::tr(
            "The range never saturates: achieved/offered is still %1 at the highest value tried, %2.")
                     .arg(ratio(r.ratioAtHighest), at(r.highest));
        break;
    case CapacityResult::Saturation::Always:
        lines << SweepText::tr("Saturated even at the lowest value tried, %1 (achieved/offered %2).")
                     .arg(at(r.lowest), ratio(r.ratioAtLowest));
        break;
    case CapacityResult::Saturation::NotSearched:
        break;
    }
    if (!std::isnan(r.capacity) && !std::isnan(r.firstFailing)) {
        QStringList ranks;
        for (const RankBreak& rb : r.ranks)
            if (rb.rank > 0 && std::isfinite(rb.attainmentAtCapacity))
                ranks << SweepText::tr("rank %1: %2 → %3")
                             .arg(rb.rank)
                             .arg(pct(rb.attainmentAtCapacity), pct(rb.attainmentAbove));
        if (!ranks.isEmpty())
            lines << SweepText::tr("SLO attainment by adapter rank, at the SLO boundary → just above it: %1.")
                         .arg(ranks.join(SweepText::tr("; ")));
        QStringList first;
        for (const AdapterBreak& a : r.adapters) {
            if (std::isnan(a.firstFailing) || first.size() == 3)
                break;
            first << SweepText::tr("%1 (rank %2, misses from %3)")
                         .arg((a.name.empty() ? SweepText::tr("base model") : QString::fromStdString(a.name))
                                  .toHtmlEscaped())
                         .arg(a.rank)
                         .arg(QString::fromStdString(sweepValueText(r.param, a.firstFailing, r.resolution)));
        }
        if (!first.isEmpty())
            lines << SweepText::tr("First to break the SLO (adapters with at least 5 requests): %1.")
                         .arg(first.join(SweepText::tr(", ")));
    }
    for (UserNote n : r.notes) {
        if (n.code == "slo_not_monotone" && !n.args.empty())
            n.args[0] = sweepParamTitle(r.param).toStdString(); // the parameter as the tab names it
        lines << SweepText::tr("Note: %1").arg(CoreTexts::note(n).toHtmlEscaped());
    }
    if (r.cancelled)
        lines << SweepText::tr("Cancelled: these are the points that finished.");
    return lines;
}

QString costModelNote(const CostModel& cost, const QStringList& notes, const std::string& suite,
    const std::vector<const PaperFigure*>& figures, const std::vector<SweepPoint>& points)
{
    QString text = SweepText::tr("<b>Cost model:</b> %1 — %2")
                       .arg(QString::fromStdString(cost.name).toHtmlEscaped(),
                           CoreTexts::costModelDescription(cost).toHtmlEscaped());
    for (const QString& n : notes)
        text += QStringLiteral("<br>") + n.toHtmlEscaped();
    if (suite.empty())
        return text;
    if (figures.empty())
        text += SweepText::tr("<br>S-LoRA published no measurements for this suite, model setting and server.");
    for (const PaperFigure* f : figures) {
        const PaperAgreement a = comparePaper(*f, points);
        auto num = [](double v, double scale) {
            return std::isfinite(v) ? QString::number(scale * v, 'f', 1) : QStringLiteral("–");
        };
        text += SweepText::tr("<br><b>%1</b>: preview vs paper over %2 published point(s): throughput off by %3 % on "
                              "average (MAPE), mean first-token "
                              "latency by %4 %, SLO attainment by %5 points.")
                    .arg(paperFigureTitle(*f).toHtmlEscaped())
                    .arg(a.matches.size())
                    .arg(num(a.throughputMape, 100), num(a.firstTokenMape, 100), num(a.attainmentMae, 100));
    }
    text += SweepText::tr("<br><small>Published rows: %1.</small>")
                .arg(QString::fromLatin1(kPaperSource).toHtmlEscaped());
    return text;
}

} // namespace lorascope
