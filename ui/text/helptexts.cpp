// SPDX-License-Identifier: Apache-2.0
#include "text/helptexts.h"

#include <QAction>
#include <QKeySequence>

namespace lorascope {

QString HelpTexts::userGuide()
{
    return tr(
        "<h2>LoraScope in five minutes</h2>"
        "<p>LoraScope designs synthetic workloads for multi-LoRA LLM servers (S-LoRA, vLLM, SGLang, LoRAX), previews "
        "how a server "
        "would admit and delay them, exports them for other tools and replays them against a server.</p>"
        "<h3>1. Workload</h3>"
        "<p>Pick a <b>preset</b> (the S-LoRA paper's settings S1–S6, or one of its benchmark suites), then change the "
        "<b>number of adapters n</b>, the <b>rate R</b>, the <b>popularity skew α</b> and the <b>burstiness cv</b>. "
        "The charts "
        "follow at once: bars are the generated trace, red lines what the model expects, so you see sampling noise "
        "against the "
        "model. Hover or click a parameter: the explain panel gives its meaning, formula and current effect.</p>"
        "<h3>2. Admission preview</h3>"
        "<p>How a server with the given limits would run this workload, under the rules of the policy you choose: "
        "S-LoRA's queue, vLLM V1's scheduler or SGLang's. You see requests running and waiting over time, the KV cache "
        "against its capacity, latency distributions, which LoRA adapters are on the GPU and in CPU memory, and every "
        "request on a Gantt chart. The table under the charts gives each request's reason for waiting, and the pane "
        "beside it says it in full sentences for the selected request. A red banner says when requests are refused "
        "(with the setting that would serve them, one click away) or arrive faster than the server can serve. When an "
        "input changed and the preview was not recomputed, a yellow line above it says so. "
        "<b>Step through</b> runs the scheduler one forward pass at a time: press W to jump to the next pass where a "
        "limit makes a request wait.</p>"
        "<h3>3. Export and replay</h3>"
        "<p>File &gt; Export Trace writes the trace in the format another tool reads (S-LoRA, vLLM, GuideLLM, "
        "Mooncake, CSV). The "
        "Replay tab sends it to a server, or to the built-in simulated server, and charts throughput and latency "
        "live.</p>"
        "<h3>4. Compare</h3>"
        "<p>View &gt; Pin Current Parameters as A (Ctrl+Shift+A), change something, and the A/B Compare tab shows both "
        "workloads "
        "and their previews side by side with the differences.</p>"
        "<h3>5. Sweep</h3>"
        "<p>The Sweep tab varies one parameter over a range and finds the highest rate that meets your SLO, with "
        "S-LoRA's "
        "published measurements drawn over the preview for the paper's suites.</p>"
        "<h3>Tips</h3>"
        "<ul><li>F1 explains the tab in front of you; F9 hides the side panels to give the charts the whole "
        "window.</li>"
        "<li>Every edit can be undone (Ctrl+Z); sessions (File &gt; Save Session) keep parameters, server settings and "
        "view.</li>"
        "<li>Right-click a chart to export it as PNG or SVG at the size and scale you choose.</li></ul>");
}

QString HelpTexts::tab(const QString& key)
{
    if (key == QLatin1String("workload"))
        return tr("<h2>What am I looking at? — Workload</h2>"
                  "<p>The left column holds every parameter of the synthetic workload; the explain panel under it "
                  "describes the parameter "
                  "you hover or edit. The charts show the generated trace (blue bars or points) and the model's "
                  "expectation (red line):</p>"
                  "<ul><li><b>Adapter popularity</b>: requests per adapter, hottest first. α = 1 spreads requests "
                  "evenly; small α makes a "
                  "few adapters hot. The log–log box turns power laws into straight lines.</li>"
                  "<li><b>Inter-arrival gaps</b>: time between consecutive requests on a log scale. Large cv gives "
                  "many tiny gaps (bursts) "
                  "and a few long silences; gaps outside the bulk are counted in the grey bars at the ends.</li>"
                  "<li><b>Input / output length</b>: prompt and generated tokens per request.</li>"
                  "<li><b>Request rate over time</b>: arrivals per second; the dashed line is the rate R you set.</li>"
                  "<li><b>Arrivals per adapter</b>: one row per hot adapter, one mark per request (wheel to zoom, drag "
                  "to pan).</li></ul>"
                  "<p>The status bar sums up the trace: requests, achieved rate, gap cv, fitted α and requests over "
                  "the server's per-request limits.</p>");
    if (key == QLatin1String("admission"))
        return tr("<h2>What am I looking at? — Admission preview</h2>"
                  "<p>A simulation of the server on the current workload, with the limits and policy on the left. With "
                  "the cost-model clock "
                  "times are seconds on the chosen GPU; with the step clock each forward pass is one tick.</p>"
                  "<ul><li><b>Running requests and queue</b>: how many requests run and wait over time.</li>"
                  "<li><b>KV cache</b>: slots in use and the peak the running batch may need, against the capacity. In "
                  "S-LoRA the adapter "
                  "weights share this pool: each resident adapter holds rank × 4 slots.</li>"
                  "<li><b>Latency distributions</b>: queue wait, time to first token (TTFT) and end-to-end latency "
                  "(E2E) per request.</li>"
                  "<li><b>Requests: why each waited</b>: a sortable, filterable table with the reason right after the "
                  "request number; "
                  "beside it the selected request in full sentences: how long it waited, why (with the limit's "
                  "numbers) and its times.</li>"
                  "<li><b>Request Gantt</b>: one row per request: grey while it waits, light while its prompt is "
                  "processed, coloured while "
                  "it generates. Select a request for why it waited.</li>"
                  "<li><b>Step through</b>: one forward pass at a time, with every number of the admission check and "
                  "the requests that start "
                  "waiting in it. Keys (anywhere while this tab is shown): N next, P previous, W next wait, A next "
                  "admission, R next refusal, "
                  "G request, T time, Home restart. A dashed line on the time charts and the Gantt marks the pass "
                  "shown.</li></ul>"
                  "<p>The three policies, each in its own server's words:</p><ul>"
                  "<li><b>S-LoRA</b>: one first-come, first-served queue. A waiting request joins the running batch "
                  "when the batch's peak KV need, if every request ran to its end, stays strictly below the KV slots "
                  "free; adapter weights share those slots (rank × 4 each). With abort, requests waiting 5.5 s are "
                  "dropped.</li>"
                  "<li><b>vLLM V1</b>: every step has a token budget (max_num_batched_tokens) shared by the running "
                  "requests' decodes and prefill chunks; KV memory comes in blocks, and a request that finds none "
                  "free preempts the newest running one, which computes its tokens again later. At most max_loras "
                  "adapters run in one step; adapters above max_lora_rank are refused.</li>"
                  "<li><b>SGLang</b>: a KV token pool with a reserve for the output the running requests will still "
                  "generate; long prompts are prefilled in slices of chunked_prefill_size; when the pool runs out, "
                  "running requests are retracted to the queue. max_loras_per_batch GPU slots hold the adapters (the "
                  "base model takes one).</li></ul>"
                  "<ul><li><b>LoRA residency</b>: adapters on the GPU and in CPU memory over time (the largest count "
                  "in each bin, against the GPU's slots), and under it the loads onto the GPU per bin, from CPU memory "
                  "or from disk.</li>"
                  "<li><b>Prefill slices</b> (vLLM, SGLang): the step-through lists the chunk of each long prompt "
                  "computed in the pass and what remains.</li>"
                  "<li><b>Preemption and retraction</b>: the step-through and the table name the request preempted "
                  "(vLLM) or retracted (SGLang) and why; it waits again from that pass.</li></ul>"
                  "<p>A red banner appears when requests are refused (with the fix, one click away) or arrive faster "
                  "than the server takes them in: the queue then grows for the whole trace. A yellow line above the "
                  "charts says when they are out of date: an input changed and the preview was not recomputed (traces "
                  "over a million requests are previewed on request, with the button there).</p>");
    if (key == QLatin1String("replay"))
        return tr("<h2>What am I looking at? — Replay</h2>"
                  "<p>Sends the current workload (or a trace file) to a server, or to LoraScope's built-in simulated "
                  "server, on the trace's "
                  "schedule, and charts throughput, latencies and errors live. Results are saved as they arrive, one "
                  "line per request, "
                  "with a summary at the end.</p>"
                  "<ul><li><b>One time axis</b>: every chart counts seconds since trace time 0 as scheduled (trace "
                  "time × time scale).</li>"
                  "<li><b>Client charts</b>: requests scheduled, sent and completed per second; TTFT and E2E (p50, "
                  "p90) of the requests "
                  "completed in each second, measured from the send; output tokens per second; requests in flight.</li>"
                  "<li><b>Server charts</b>: running and waiting requests, KV-cache usage and resident adapters as the "
                  "server reports "
                  "them on its Prometheus /metrics (vLLM's names; SGLang, TGI and LoRAX are mapped), scraped every 0.5 "
                  "s. Dashed: the "
                  "admission preview of the same trace and settings, as the server receives it. When the server's "
                  "queue or running "
                  "batch exceeds the preview's band, the tab says where.</li>"
                  "<li><b>Effective latency</b>: TTFT and E2E counted from the scheduled send time instead of the "
                  "actual send, so a "
                  "client that falls behind is not hidden.</li>"
                  "<li><b>Token mismatch</b>: completed requests that got another number of output tokens than they "
                  "asked for (a "
                  "server that ignores max_tokens or ignore_eos changes the workload).</li>"
                  "<li><b>Per adapter</b>: completed and failed requests, TTFT and E2E, the share of scrapes the "
                  "server listed it as "
                  "running, and the loads the scrapes saw.</li>"
                  "<li><b>Open run…</b> charts a finished run folder: a single run, one shard, or the output of "
                  "<code>lorascope-cli merge</code>. <b>Open folder</b> shows the run folder's files.</li></ul>");
    if (key == QLatin1String("compare"))
        return tr("<h2>What am I looking at? — A/B Compare</h2>"
                  "<p>Two parameter sets side by side: A (pinned, or loaded from a file) and B (your live parameters, "
                  "or a file). The header "
                  "lists what differs; the key numbers show A, B and the change (green = B better, red = B worse); the "
                  "charts overlay A "
                  "(blue bars) and B (orange outline). With “Same server for A and B” both are previewed on B's server "
                  "settings.</p>");
    if (key == QLatin1String("sweep"))
        return tr(
            "<h2>What am I looking at? — Sweep</h2>"
            "<p>One parameter of the workload or the server (rate, adapters, α, cv, KV slots, …) over a range, each "
            "point previewed "
            "like the Admission tab does. The curves grow point by point: throughput, TTFT and E2E percentiles and SLO "
            "attainment, "
            "per adapter too. For the S-LoRA paper's suites the published GPU measurements are drawn as points over "
            "the preview, with "
            "the cost model's measured error. <b>Find capacity</b> searches the highest rate that still meets your SLO "
            "and where "
            "the server saturates; its answer is the sustainable capacity, the lower of the two (past saturation a "
            "rate meets the "
            "SLO only while the trace is short). Click a point to open it in the Workload and Admission tabs.</p>");
    if (key == QLatin1String("fleet"))
        return tr("<h2>What am I looking at? — Fleet</h2>"
                  "<p>The current workload routed over several replicas of the Admission tab's server, as a router in "
                  "front of them "
                  "would send it (round-robin, least outstanding requests, GIE's LoRA affinity, AIBrix, rendezvous "
                  "hashing, …). The router "
                  "sees the replicas through metrics scraped every <b>Metrics every</b> milliseconds, so stale metrics "
                  "cost what they "
                  "cost in production.</p><ul>"
                  "<li><b>Running / waiting requests per replica</b>: each replica's batch and queue over time; uneven "
                  "lines mean the "
                  "router piles requests on some replicas.</li>"
                  "<li><b>Adapters on the replicas' GPUs</b>: one row per adapter (the busiest), time left to right; "
                  "the colour counts the "
                  "replicas holding it, or for one replica the share of each time bin. Many short marks mean adapters "
                  "are loaded and "
                  "evicted again and again.</li>"
                  "<li><b>Routing decisions</b>: every request, the replica it went to and the rule that decided; "
                  "hover over a row for the "
                  "reason in words.</li>"
                  "<li><b>Replicas</b>: per replica, requests routed, waits and TTFT, adapter loads and evictions, and "
                  "how busy it was.</li>"
                  "<li><b>A/B compare</b>: tick “Run fleet B on the same workload”: the same workload on another "
                  "router or another number of replicas.</li></ul>");
    return userGuide();
}

QString HelpTexts::shortcuts(const QList<std::pair<QString, QList<QAction*>>>& groups)
{
    QString html = tr("<h2>Keyboard shortcuts</h2>");
    for (const auto& [title, actions] : groups) {
        QString rows;
        for (const auto* a : actions) {
            if (!a || a->shortcut().isEmpty())
                continue;
            // Undo/redo texts name the last edit ("Undo Change Skew α"): list them by what they do.
            QString text = a->objectName() == QLatin1String("undoAction") ? tr("Undo")
                : a->objectName() == QLatin1String("redoAction")          ? tr("Redo")
                                                                          : a->text();
            text.remove(QLatin1Char('&'));
            rows += QStringLiteral("<tr><td><b>%1</b></td><td>%2</td></tr>")
                        .arg(a->shortcut().toString(QKeySequence::NativeText).toHtmlEscaped(), text.toHtmlEscaped());
        }
        if (!rows.isEmpty())
            html += QStringLiteral("<h3>") + title.toHtmlEscaped() + QStringLiteral("</h3><table cellpadding=3>") + rows
                + QStringLiteral("</table>");
    }
    return html;
}

} // namespace lorascope
