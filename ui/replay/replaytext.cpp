// SPDX-License-Identifier: Apache-2.0
#include "replay/replaytext.h"

#include "analysis/admissionview.h"
#include "analysis/numberformat.h"
#include "replay/metrics.h"
#include "replay/runview.h"
#include "text/terms.h"

#include <cmath>

namespace lorascope {

namespace {

/// Three significant digits, as everywhere (761.4 ms → "761", 0.1234 → "0.123"); `whole` for counts.
QString fmt(double v, int whole = 1)
{
    if (!std::isfinite(v))
        return QStringLiteral("–");
    return whole == 0 ? QString::number(v, 'f', 0) : QString::fromStdString(formatSigShort(v, 3));
}

double num(const nlohmann::json& s, const char* key)
{
    const auto it = s.find(key);
    return it != s.end() && it->is_number() ? it->get<double>() : std::nan("");
}

} // namespace

QString ReplayText::summary(const nlohmann::json& s, const QString& error, const std::vector<std::string>& notes)
{
    QString text;
    if (!error.isEmpty())
        text += tr("Error: %1\n").arg(error);
    // A summary.json from disk may hold anything: a value of an unexpected type ends the list with
    // a note instead of an exception through a Qt slot.
    try {
        if (s.is_object()) {
            auto n = [&](const char* k) { return num(s, k); };
            const auto count = [&](const char* k) {
                return qulonglong(s.contains(k) && s[k].is_number_unsigned() ? s[k].get<std::uint64_t>() : 0);
            };
            text += tr("Completed %1, failed %2, cancelled %3\n")
                        .arg(count("completed"))
                        .arg(count("failed"))
                        .arg(count("cancelled"));
            // The throughput divides by the whole run including the drain after the last send: the
            // offered rate and the duration stand beside it, so "1.49 req/s" for a trace offering
            // 2.07 reads as what it is.
            if (count("completed") == 0) // no throughput, and no drain after the last send to speak of
                text += tr("Request throughput: none (no request completed)\n");
            else
                text += tr("Request throughput %1 req/s, output %2 tokens/s, over %3 s (first send to last "
                           "completion, incl. %4 s of drain after the last send)\n")
                            .arg(fmt(n("request_throughput"), 3), fmt(n("output_throughput"), 3), fmt(n("duration"), 3),
                                fmt(n("drain_s"), 2));
            if (std::isfinite(n("offered_rate")))
                text += tr("Offered %1 req/s (%2 requests scheduled over %3 s)\n")
                            .arg(fmt(n("offered_rate"), 3))
                            .arg(count("num_requests"))
                            .arg(fmt(n("schedule_span_s"), 3));
            text += tr("TTFT mean %1 / p50 %2 / p90 %3 / p99 %4 ms\n")
                        .arg(fmt(n("mean_ttft_ms")), fmt(n("median_ttft_ms")), fmt(n("p90_ttft_ms")),
                            fmt(n("p99_ttft_ms")));
            text += tr("Effective TTFT (from the scheduled send time) mean %1 / p90 %2 / p99 %3 ms\n")
                        .arg(fmt(n("mean_effective_ttft_ms")), fmt(n("p90_effective_ttft_ms")),
                            fmt(n("p99_effective_ttft_ms")));
            text += tr("TPOT mean %1 / p99 %2 ms; ITL mean %3 ms\n")
                        .arg(fmt(n("mean_tpot_ms")), fmt(n("p99_tpot_ms")), fmt(n("mean_itl_ms")));
            text += tr("E2E mean %1 / p99 %2 ms; effective E2E mean %3 / p99 %4 ms\n")
                        .arg(fmt(n("mean_e2el_ms")), fmt(n("p99_e2el_ms")), fmt(n("mean_effective_e2el_ms")),
                            fmt(n("p99_effective_e2el_ms")));
            if (const auto it = s.find("lateness_ms"); it != s.end() && it->is_object())
                text += tr("Send lateness (sent − scheduled) median %1 / p99 %2 ms\n")
                            .arg(fmt(num(*it, "median"), 2), fmt(num(*it, "p99"), 2));
            if (const auto it = s.find("dispatcher_priority"); it != s.end() && it->is_string()) {
                const auto p = it->get<std::string>();
                const QString what = p == "realtime" ? tr("real-time priority")
                    : p == "short_slice" ? tr("normal priority with a short time slice (no permission for real-time)")
                    : p == "mixed"       ? tr("differs between shards")
                                         : tr("normal priority");
                text += tr("Dispatcher (the thread that sends on schedule): %1\n").arg(what);
            }
            // One name and unit with the Admission and Compare tabs: a percentage.
            text += Terms::sloAttainment() + QLatin1Char(' ') + Terms::percent(n("slora_attainment"))
                + tr(", S-LoRA reward %1\n").arg(fmt(n("slora_reward"), 3));
            if (const auto it = s.find("output_token_mismatch"); it != s.end() && it->is_object())
                for (const auto& [backend, m] : it->items()) {
                    if (!m.is_object())
                        continue;
                    text += tr("Token mismatch (%1): %2 of %3 completed requests (%4) got another number of output "
                               "tokens than "
                               "requested (%5 more, %6 fewer)\n")
                                .arg(QString::fromStdString(backend))
                                .arg(m.value("count", 0))
                                .arg(m.value("completed", 0))
                                .arg(Terms::percent(num(m, "share")))
                                .arg(m.value("more", 0))
                                .arg(m.value("fewer", 0));
                }
            if (const auto it = s.find("server"); it != s.end() && it->is_object()) {
                const auto& sv = *it;
                auto peak = [&](const char* k) {
                    const auto f = sv.find(k);
                    return f != sv.end() && f->is_object() ? num(*f, "max") : std::nan("");
                };
                text += tr(
                    "Server (/metrics, %1 of %2 scrapes answered): running at most %3, waiting at most %4 requests, "
                    "KV-cache usage at most %5\n")
                            .arg(sv.value("scrapes_ok", 0))
                            .arg(sv.value("scrapes", 0))
                            .arg(fmt(peak("running"), 0), fmt(peak("waiting"), 0), Terms::percent(peak("kv_usage")));
            }
            if (const auto it = s.find("errors"); it != s.end() && it->is_object())
                for (const auto& [k, v] : it->items())
                    text += tr("errors %1: %2\n")
                                .arg(QString::fromStdString(k))
                                .arg(v.is_number() ? v.get<qulonglong>() : 0);
            if (s.value("cancelled_run", false))
                text += tr("The run was stopped: unsent and in-flight requests are cancelled.\n");
            if (const auto it = s.find("warnings"); it != s.end() && it->is_array())
                for (const auto& w : *it)
                    if (w.is_string())
                        text += tr("Warning: %1\n").arg(QString::fromStdString(w.get<std::string>()));
        }
    } catch (const std::exception& e) {
        text += tr("(summary.json has a value of an unexpected type: %1)\n").arg(QString::fromUtf8(e.what()));
    }
    for (const auto& note : notes)
        text += tr("Note: %1\n").arg(QString::fromStdString(note));
    return text.trimmed();
}

QString ReplayText::liveFigures(std::uint64_t completed, std::uint64_t failed, const std::vector<double>& ttftMs,
    const std::vector<double>& effTtftMs, std::uint64_t mismatch, bool final)
{
    if (completed + failed == 0)
        return final ? tr("No request ended.") : QString();
    const auto t = distributionOf(ttftMs);
    const auto e = distributionOf(effTtftMs);
    QString text = tr("<b>%1</b> completed, <b>%2</b> failed · TTFT p50 <b>%3 ms</b> · effective TTFT p50 <b>%4 ms</b> "
                      "(from the scheduled send time)")
                       .arg(completed)
                       .arg(failed)
                       .arg(fmt(t.median), fmt(e.median));
    if (mismatch > 0) {
        text += QStringLiteral("<br><span style=\"color:#b00020\">")
            + tr("Token mismatch: %1 of %2 completed requests (%3) got a different number of output tokens than "
                 "requested "
                 "— the server may ignore max_tokens or ignore_eos, which changes the workload.")
                  .arg(mismatch)
                  .arg(completed)
                  .arg(Terms::percent(completed ? double(mismatch) / double(completed) : std::nan("")))
            + QStringLiteral("</span>");
    } else if (completed > 0) {
        text += QStringLiteral("<br>")
            + tr("Token mismatch: none (every completed request got the output tokens it asked for).");
    }
    return text;
}

QString ReplayText::previewNote(const PreviewContext& c)
{
    if (c.fromFolder)
        return tr("Opened from a run folder: no preview overlay (the preview is computed when a replay starts here).");
    QStringList parts;
    if (c.started) {
        if (!c.preview) {
            parts << (c.running ? tr("Computing the admission preview of this trace for the overlay…")
                                : tr("No admission preview for this run (stopped before it was ready)."));
        } else if (c.samples) {
            bool any = false;
            for (const auto& s : *c.samples)
                any = any || (s.ok && (std::isfinite(s.waiting) || std::isfinite(s.running)));
            // The preview's axis: its clock seconds per trace-axis second (the server's speed).
            const auto gap = largestPreviewGap(
                *c.samples, c.preview->timeline, c.previewAxisScale > 0 ? 1.0 / c.previewAxisScale : 1.0);
            if (gap) {
                const QString what
                    = gap->quantity == PreviewGap::Quantity::Queue ? tr("Server queue") : tr("Server running batch");
                parts << QStringLiteral("<span style=\"color:#b00020\">")
                        + tr("%1 %2× the preview at t = %3 s (server %4 requests, preview at most %5).")
                              .arg(what, QString::fromStdString(formatSig(gap->ratio, 2)), fmt(gap->t, 0),
                                  fmt(gap->observed, 0), fmt(gap->predicted, 0))
                        + QStringLiteral("</span>");
            } else if (any) {
                parts << tr("The server's running and waiting requests stay within the preview's band (dashed).");
            } else {
                parts << tr("Preview ready (dashed); the server's figures appear with its first /metrics scrape.");
            }
        }
    }
    // Why the replay and the preview may differ (docs/replay.md).
    if (c.builtin && c.speed > 1.0)
        parts << tr(
            "The built-in server runs %1× faster than real time: each millisecond of network and client delay counts "
            "%1 ms in its model time, so it may queue and batch differently from the preview.")
                     .arg(fmt(c.speed, c.speed == std::floor(c.speed) ? 0 : 1));
    if (!c.builtin)
        parts << tr(
            "External server: the preview uses this session's settings (Admission tab: policy, limits, cost model); "
            "the server's own settings, hardware and scheduler decide what it does.");
    else if (!c.hasDocument)
        parts << tr("No session: the built-in server and the preview both use the default S-LoRA settings.");
    return parts.join(QStringLiteral("<br>"));
}

QString ReplayText::openedFolder(
    int kind, std::uint32_t shardIndex, std::uint32_t shardCount, std::size_t requests, bool finished)
{
    QString what;
    switch (RunView::Kind(kind)) {
    case RunView::Kind::Merge:
        what = tr("merged run");
        break;
    case RunView::Kind::Shard:
        what = tr("shard %1 of %2").arg(shardIndex + 1).arg(shardCount);
        break;
    case RunView::Kind::Single:
        what = tr("run");
        break;
    }
    return finished ? tr("Opened %1: %2 requests.").arg(what).arg(requests)
                    : tr("Opened %1 that did not finish: %2 requests recorded.").arg(what).arg(requests);
}

QString ReplayText::figuresHelp()
{
    return tr(
        "Measured by this client over the requests that ended so far. TTFT counts from the moment a request was sent; "
        "effective TTFT from its scheduled send time, so it includes the client's lateness and concurrency wait. "
        "Token mismatch: completed requests whose output token count (server-reported, else counted) differs from "
        "the max_new_tokens they asked for.");
}

QString ReplayText::previewHelp()
{
    return tr(
        "The admission preview (core/admission) is run on the same trace as sent (trace time × time scale) with the "
        "session's policy, limits and cost model on the cost-model clock, as the built-in server runs them. A scrape "
        "counts as outside the band when the server's waiting (or running) requests exceed 1.5× the preview's largest "
        "value in that time bin and by more than 2 requests.");
}

QString ReplayText::summaryHelp()
{
    return tr(
        "From summary.json: vLLM bench-serve metrics over the requests in the window (TTFT, TPOT, ITL, E2E in ms; "
        "throughput per second of the run), effective latencies from the scheduled send time, S-LoRA's SLO "
        "attainment (share of requests with TTFT < 6 s) and reward, the token mismatch, and the server's figures from "
        "its /metrics scrapes. See the Replay help for the formulas.");
}

} // namespace lorascope
