// SPDX-License-Identifier: Apache-2.0
#include "workload/explain.h"

#include "analysis/numberformat.h"
#include "analysis/theory.h"
#include "workload/generator.h"
#include "workload/lengths.h"

#include <QCoreApplication>

#include <cmath>

namespace lorascope {

namespace {

QString tr(const char* text)
{
    // lupdate files tr() calls in namespace lorascope under the context "lorascope"; look them up there.
    return QCoreApplication::translate("lorascope", text);
}

QString pct(double f)
{
    return QString::number(f * 100, 'f', 1) + QStringLiteral(" %");
}

QString num(double v, int prec = 3)
{
    // No exponent notation ("1e+05", "2.99997e+07"): whole numbers in full, others to `prec` digits.
    return QString::fromStdString(formatSigShort(v, prec));
}

QString section(const QString& title, const QString& meaning, const QString& formula, const QString& now)
{
    QString html = QStringLiteral("<h3>") + title + QStringLiteral("</h3><p>") + meaning + QStringLiteral("</p>");
    if (!formula.isEmpty())
        html += QStringLiteral("<p><b>") + tr("Formula") + QStringLiteral(":</b> ") + formula + QStringLiteral("</p>");
    if (!now.isEmpty())
        html += QStringLiteral("<p><b>") + tr("Right now") + QStringLiteral(":</b> ") + now + QStringLiteral("</p>");
    return html;
}

/// Sessions and shared prefixes: meaning, formula, and the current numbers (core statistics and theory).
QString sessionsExplain(const QString& field, const WorkloadAnalysis* a)
{
    QString now;
    if (a) {
        const auto& s = a->stats.sessions;
        if (s.sessions)
            now += tr("%1 sessions, %2 turns each on average (at most %3); mean think time %4 s. ")
                       .arg(s.sessionCount)
                       .arg(QString::number(s.meanTurns, 'f', 2))
                       .arg(s.maxTurns)
                       .arg(std::isfinite(s.meanThink) ? QString::number(s.meanThink, 'f', 2) : tr("n/a"));
        if (s.prefixes) {
            now += tr("A perfect prefix cache could reuse %1 of the %2 prompt tokens (the workload declares %3 shared)")
                       .arg(pct(s.reusableShare))
                       .arg(s.promptTokens)
                       .arg(pct(s.declaredShare));
            if (std::isfinite(a->sessionTheory.shareBound))
                now += tr("; the design's long-run share is %1").arg(pct(a->sessionTheory.shareBound));
            now += QLatin1Char('.');
        } else {
            now += tr("Nothing is shared: every request's prompt is its own.");
        }
    }
    if (field.startsWith(QLatin1String("prefix")))
        return section(tr("Shared prefixes"),
            tr("Prompt prefixes that requests share: each adapter's system prompt, and prefix groups (documents every "
               "adapter's "
               "users read). A server with a prefix cache (vLLM's automatic prefix caching, SGLang's radix cache) "
               "computes a "
               "shared prefix once per adapter and reuses it; S-LoRA has no such cache. Replay sends exactly these "
               "shared words "
               "and nothing else in common."),
            tr("reusable share ≈ P / (P + m) without sessions, P = system prompt + Σ wᵍ·tokensᵍ / Σ wᵍ, m = mean new "
               "message"),
            now);
    return section(tr("Multi-turn sessions"),
        tr("Conversations or agent tasks: a session starts by the arrival process on its adapter and stays there; each "
           "turn sends "
           "the whole history (earlier prompts and answers) plus a new message. In replay a turn is sent its think "
           "time after "
           "the previous answer ended (closed loop within a session, open loop across sessions); the trace's time for "
           "it is "
           "the design (previous send + first token + output × per token + think time)."),
        tr("input_k = P + (k − 1)(m + o) + m; sessions start at R / E[T] per second; reusable share = (E[T]·P + (m + "
           "o)·E[T(T − 1)]/2) / "
           "(E[T]·(P + m) + (m + o)·E[T(T − 1)]/2)"),
        now);
}

QString popularityNow(const WorkloadSpec& spec)
{
    if (spec.adapterCount == 0)
        return tr("n = 0: every request uses the base model.");
    const auto s = summarizePopularity(spec);
    QString text = tr("n = %1").arg(spec.adapterCount);
    if (spec.popularity.kind == PopularityKind::Power)
        text += tr(", α = %1").arg(num(spec.popularity.alpha));
    else if (spec.popularity.kind == PopularityKind::Zipf)
        text += tr(", s = %1").arg(num(spec.popularity.zipfS));
    text += tr(
        ": the hottest adapter gets %1 of requests, the top 10 get %2; %3 adapter(s) receive half of all requests; "
        "the coldest gets %4.")
                .arg(pct(s.hottestShare), pct(s.top10Share))
                .arg(s.adaptersForHalf)
                .arg(pct(s.coldestShare));
    const double expected = expectedRequestCount(spec);
    text += tr(" Over the trace (≈ %1 requests) that is ≈ %2 requests for the hottest adapter.")
                .arg(num(expected, 6), num(expected * s.hottestShare, 4));
    return text;
}

QString lengthNow(const LengthSpec& l, const LengthStats* st)
{
    LengthSampler sampler(l);
    QString text = tr("model mean %1 tokens on [%2, %3)").arg(num(sampler.mean(), 4)).arg(l.lo).arg(l.hi);
    if (st)
        text += tr("; this trace: mean %1, p50 %2, p90 %3, p99 %4, max %5")
                    .arg(num(st->mean, 4), num(st->p50, 4), num(st->p90, 4), num(st->p99, 4))
                    .arg(st->max);
    return text + QLatin1Char('.');
}

} // namespace

QString explainHtml(const QString& field, const WorkloadSpec& spec, const WorkloadAnalysis* a)
{
    const TraceStats* st = a ? &a->stats : nullptr;
    const double cv = spec.arrival.kind == ArrivalKind::Poisson ? 1.0 : spec.arrival.cv;
    if (field == QLatin1String("adapters.count"))
        return section(tr("Adapters n"),
            tr("How many LoRA adapters the requests are spread over. Each adapter a request uses must be resident on "
               "the GPU; "
               "in S-LoRA its weights take rank·4 KV-cache slots while loaded."),
            tr("adapter k is named <code>names[k % L]-(k / L)</code> from the preset's name list."),
            popularityNow(spec));
    if (field == QLatin1String("rate"))
        return section(tr("Total rate R"), tr("Requests per second over all adapters together."),
            tr("E[requests] = R·T; adapter i gets λᵢ = R·pᵢ."),
            tr("R = %1 req/s over T = %2 s → ≈ %3 requests expected")
                    .arg(num(spec.rate), num(spec.duration), num(expectedRequestCount(spec), 6))
                + (st ? tr("; this trace has %1 (achieved %2 req/s).").arg(st->count).arg(num(st->achievedRate, 4))
                      : QStringLiteral(".")));
    if (field == QLatin1String("duration"))
        return section(tr("Duration T"), tr("Length of the trace in seconds."),
            spec.generator == GeneratorKind::Slora
                ? tr("S-LoRA trace.py: exactly int(R·T) requests, nothing is cut at T.")
                : tr("per adapter: arrivals after T are cut."),
            tr("≈ %1 requests expected.").arg(num(expectedRequestCount(spec), 6)));
    if (field == QLatin1String("seed"))
        return section(tr("Seed"),
            tr("Makes the trace reproducible: the same spec and seed give the same trace on every platform; change it "
               "to see another sample of the same model (sampling noise)."),
            QString(), tr("seed = %1.").arg(spec.seed));
    if (field == QLatin1String("generator"))
        return section(tr("Generator"),
            tr("<b>per adapter</b> (the S-LoRA paper's model): adapter i has its own rate λᵢ and its own Gamma renewal "
               "process, started in equilibrium; the trace is their merge. "
               "<b>S-LoRA trace.py</b>: S-LoRA's benchmarks/trace.py, number for number (NumPy RandomState): one Gamma "
               "process at rate R and each request picks its adapter."),
            tr("S-LoRA trace.py: adapter = ⌊power(α)·n⌋, gaps Gamma(1/cv², cv²/R); per adapter: gaps of adapter i "
               "Gamma(1/cv², cv²/λᵢ)."),
            tr("Note: with the per-adapter generator, each adapter's stream has cv = %1, but the merged stream of many "
               "adapters looks more like Poisson (cv → 1)%2.")
                .arg(num(cv), st ? tr("; this trace's overall gap cv is %1").arg(num(st->gapCv, 3)) : QString()));
    if (field == QLatin1String("preset"))
        return section(tr("Preset"),
            tr("S1–S6 and Real are the S-LoRA paper's model settings (base model, adapter names and ranks). The named "
               "scenarios are the paper's benchmark suites and also set n, α, R, cv and T."),
            QString(),
            tr("preset %1, base model %2.")
                .arg(QString::fromStdString(spec.preset), QString::fromStdString(spec.naming.baseModel)));
    if (field.startsWith(QLatin1String("popularity"))) {
        QString formula;
        switch (spec.popularity.kind) {
        case PopularityKind::Power:
            formula = tr("pᵢ = ((i+1)/n)^α − (i/n)^α. α = 1: uniform; α &lt; 1: the first adapters are hot (α = 0.1: a "
                         "few adapters get most requests); α &gt; 1: the last ones are.");
            break;
        case PopularityKind::Zipf:
            formula = tr("pᵢ = (i+1)^−s / Σⱼ (j+1)^−s.");
            break;
        case PopularityKind::Uniform:
            formula = tr("pᵢ = 1/n.");
            break;
        case PopularityKind::Weights:
            formula = tr("pᵢ = wᵢ / Σw.");
            break;
        case PopularityKind::Distinct:
            formula = tr(
                "request j uses adapter j mod n (every request a different adapter, as Punica's batch benchmarks).");
            break;
        case PopularityKind::UniformGroups:
            formula = tr("requests spread round-robin over ⌈√k⌉ adapters (k requests).");
            break;
        case PopularityKind::Identical:
            formula = tr("every request uses adapter 0.");
            break;
        }
        QString now = popularityNow(spec);
        if (st && std::isfinite(st->fittedAlpha))
            now += tr(" Fitted α of this trace: %1 ± %2.").arg(num(st->fittedAlpha), num(st->fittedAlphaStdErr, 2));
        return section(tr("Adapter popularity"),
            tr("How the total rate R is shared among the adapters. Skew decides how many adapters are active at once, "
               "and so how much adapter memory and loading the server needs."),
            formula, now);
    }
    if (field.startsWith(QLatin1String("arrival"))) {
        QString meaning = tr(
            "How requests arrive over time. Gaps are Gamma distributed with coefficient of variation cv = std/mean: "
            "cv = 0.1 → gaps nearly equal; cv = 1 → Poisson; cv ≥ 2 → bursts of tiny gaps separated by long silences. "
            "Gamma arrivals describe real traffic better than Poisson.");
        QString formula = tr("gap ~ Gamma(k = 1/cv², θ = cv²/λ): mean 1/λ, std cv/λ.");
        QString now;
        if (spec.arrival.kind == ArrivalKind::Gamma || spec.arrival.kind == ArrivalKind::Poisson) {
            const double k = 1.0 / (cv * cv);
            now = tr("cv = %1 → k = %2, θ = %3 s for the whole stream at R")
                      .arg(num(cv), num(k), num(cv * cv / spec.rate));
            // P(gap < mean/10) shows burstiness concretely.
            GapTheory g(spec);
            if (g.supported())
                now += tr("; the model puts %1 of gaps below a tenth of the mean gap and %2 above three times it")
                           .arg(pct(1 - g.survival(0.1 / spec.rate)), pct(g.survival(3.0 / spec.rate)));
            if (st)
                now += tr("; this trace: gap cv %1").arg(num(st->gapCv, 3));
            now += QLatin1Char('.');
        } else if (spec.arrival.kind == ArrivalKind::OnOff) {
            const auto& o = spec.arrival.onOff;
            const double pOn = o.meanOn / (o.meanOn + o.meanOff);
            now = tr("on %1 of the time at %2 req/s, off at %3 req/s: long-run rate %4 req/s.")
                      .arg(pct(pOn), num(o.onRate), num(o.offRate), num(pOn * o.onRate + (1 - pOn) * o.offRate));
        } else if (spec.arrival.kind == ArrivalKind::Constant) {
            now = tr("every adapter's requests come exactly 1/λᵢ apart.");
        } else {
            now = tr("the rate follows the schedule; see the timeline chart.");
        }
        return section(tr("Arrivals"), meaning, formula, now);
    }
    const bool input = field.startsWith(QLatin1String("input"));
    if (input || field.startsWith(QLatin1String("output"))) {
        const LengthSpec& l = input ? spec.input : spec.output;
        const LengthStats* ls = st ? (input ? &st->input : &st->output) : nullptr;
        QString meaning = input
            ? tr("Prompt tokens per request. Long prompts fill S-LoRA's batch_max_tokens (Σ input of a new batch) and "
                 "the KV cache; "
                 "a request whose input is close to batch_max_tokens makes short requests behind it wait.")
            : tr("Generated tokens per request (max_new_tokens with ignore_eos). Long outputs keep a request in the "
                 "running batch and its KV slots reserved for longer.");
        QString formula;
        switch (l.kind) {
        case LengthKind::Uniform:
            formula = tr("uniform integers in [lo, hi) (S-LoRA's randint: hi exclusive), mean (lo + hi − 1)/2.");
            break;
        case LengthKind::PowerLaw:
            formula = tr("P(x) ∝ x^−β on [lo, hi): a long tail; larger β = more short requests.");
            break;
        case LengthKind::LogNormal:
            formula = tr("ln x ~ Normal(μ, σ), rounded and truncated to [lo, hi); median ≈ e^μ.");
            break;
        case LengthKind::Normal:
            formula = tr("Normal(mean, std) rounded and truncated to [lo, hi).");
            break;
        case LengthKind::Constant:
            formula = tr("always the same value.");
            break;
        case LengthKind::Empirical:
            formula = tr("the histogram of an imported trace.");
            break;
        }
        QString now = lengthNow(l, ls);
        if (st)
            now += tr(
                " Requests over the server's per-request limits: %1 (input &gt; %2: %3, input + output &gt; %4: %5).")
                       .arg(st->overAnyLimit)
                       .arg(st->maxReqInputLen)
                       .arg(st->overInputLimit)
                       .arg(st->maxReqTotalLen)
                       .arg(st->overTotalLimit);
        return section(input ? tr("Input length") : tr("Output length"), meaning, formula, now);
    }
    if (field.startsWith(QLatin1String("sessions")) || field.startsWith(QLatin1String("prefix")))
        return sessionsExplain(field, a);
    return section(tr("Workload designer"),
        tr("Move the focus to a parameter (or hover it) to see what it means, its formula and its effect right now."),
        QString(), QString());
}

} // namespace lorascope
