// SPDX-License-Identifier: Apache-2.0
// The one table of report words: key, English, Simplified Chinese. Placeholders {0}, {1}, … are
// filled by reportText(lang, key, args).
#include "report/reportstrings.h"

#include "report/metricinfo.h"

#include <map>

namespace lorascope {

namespace {

struct Entry {
    const char* key;
    const char* en;
    const char* zh;
};

// clang-format off
const Entry kTable[] = {
    // The page's own words (report.js).
    { "page.metric", "Metric", "指标" },
    { "page.value", "Value", "数值" },
    { "page.unit", "Unit", "单位" },
    { "page.meaning", "What it means", "含义" },
    { "page.exact", "exact value in the run folder:", "运行目录中的精确值：" },
    { "page.download", "Download", "下载" },
    { "page.rows", "rows", "行" },
    { "page.sort", "click to sort", "点击排序" },
    { "page.show_all", "Show all rows", "显示全部行" },

    // Titles.
    { "title.run", "LoraScope replay report: {0}", "LoraScope 回放报告：{0}" },
    { "subtitle.run", "A trace replayed against a serving system: what was sent, what came back, and how the server behaved.",
      "将负载轨迹回放到推理服务：发送了什么、返回了什么、服务端表现如何。" },
    { "title.preview", "LoraScope admission preview report: {0}", "LoraScope 准入预览报告：{0}" },
    { "subtitle.preview", "How the server's scheduler would admit, batch and delay this trace (a model of the server, not a measurement).",
      "服务端调度器会如何准入、组批和延迟这条轨迹（这是对服务端的建模，而不是测量）。" },
    { "title.sweep", "LoraScope sweep report: {0}", "LoraScope 参数扫描报告：{0}" },
    { "subtitle.sweep", "One parameter varied over a range; at each point the workload was run and measured.",
      "在一个范围内改变一个参数，在每个点上运行并测量负载。" },
    { "title.compare", "LoraScope comparison: {0}", "LoraScope 对比：{0}" },
    { "subtitle.compare", "Every headline metric of each input against the first, with 95 % confidence intervals: is the difference real or noise?",
      "每个输入的主要指标与第一个输入对比，并给出 95% 置信区间：差异是真实的还是噪声？" },

    // Sections.
    { "section.about", "What was run", "运行了什么" },
    { "section.headline", "Headline numbers", "主要指标" },
    { "section.time", "Over time", "随时间变化" },
    { "section.distributions", "Latency distributions", "时延分布" },
    { "section.server", "Server metrics", "服务端指标" },
    { "section.predicted", "Predicted vs observed", "预测与实测" },
    { "section.adapters", "Per adapter", "按适配器" },
    { "section.notes", "Warnings and notes", "警告与说明" },
    { "section.raw", "Raw numbers", "原始数据" },
    { "section.admission", "Admission over time", "准入随时间变化" },
    { "section.verdict", "Verdict", "结论" },
    { "section.sweep_charts", "Sweep charts", "扫描图表" },
    { "section.points", "Points", "各扫描点" },
    { "section.overlay", "Side by side", "并排对比" },

    // What was run.
    { "about.generated", "Made by LoraScope {0}: {1}", "由 LoraScope {0} 生成：{1}" },
    { "about.run_folder", "Run folder", "运行目录" },
    { "about.kind", "Kind of run", "运行类型" },
    { "about.kind_single", "a single run", "单次运行" },
    { "about.kind_shard", "shard {0} of {1} of a sharded run", "分片运行的第 {0} / {1} 个分片" },
    { "about.kind_merge", "a merge of {0} shards", "{0} 个分片合并的结果" },
    { "about.trace", "Trace", "轨迹" },
    { "about.trace_line", "{0}: {1} requests, {2} adapters, SHA-256 {3}", "{0}：{1} 个请求，{2} 个适配器，SHA-256 {3}" },
    { "about.workload", "Workload", "负载" },
    { "about.spec_line", "{0}{1}: {2} adapters, R = {3} req/s, α = {4} ({5}), {6} arrivals with cv {7}, {8} s, seed {9}; input {10}, output {11} tokens",
      "{0}{1}：{2} 个适配器，R = {3} 请求/秒，α = {4}（{5}），{6} 到达，cv {7}，{8} 秒，种子 {9}；输入 {10}，输出 {11} token" },
    { "about.no_spec", "not recorded (an imported trace)", "未记录（导入的轨迹）" },
    { "about.server", "Server", "服务端" },
    { "about.server_line", "{0}, backend {1}, model {2}, metrics from {3}", "{0}，后端 {1}，模型 {2}，指标来源 {3}" },
    { "about.options", "Replay options", "回放选项" },
    { "about.options_line", "time scale {0}, max concurrency {1} (0 = none), warm-up {2} s, cool-down {3} s, SLO (ms) {4}, prompts {5}",
      "时间缩放 {0}，最大并发 {1}（0 = 不限），预热 {2} 秒，冷却 {3} 秒，SLO（毫秒）{4}，提示词 {5}" },
    { "about.policy", "Scheduler policy", "调度策略" },
    { "about.policy_unknown", "not recorded: a run measures the server as it is; attach --preview to compare with a modelled policy",
      "未记录：回放测量的是服务端本身；加上 --preview 可与建模的策略对比" },
    { "about.limits", "Server limits", "服务端限制" },
    { "about.limits_line", "max_total_token_num {0}, batch_max_tokens {1}, running_max_req_size {2}, max_req_total_len {3}, max_req_input_len {4}, max_wait_tokens {5}",
      "max_total_token_num {0}，batch_max_tokens {1}，running_max_req_size {2}，max_req_total_len {3}，max_req_input_len {4}，max_wait_tokens {5}" },
    { "about.cost_model", "Cost model", "代价模型" },
    { "about.calibrated", "calibrated by {0}", "标定方法：{0}" },
    { "about.validated", "validated on {0}", "验证数据：{0}" },
    { "about.started", "Started", "开始时间" },
    { "about.tool_version", "LoraScope version", "LoraScope 版本" },
    { "about.summary_by", "summary computed by {0}", "汇总由 {0} 计算" },
    { "about.command_line", "Command line", "命令行" },
    { "about.not_recorded", "not recorded", "未记录" },
    { "about.sweep_file", "Sweep file", "扫描文件" },
    { "about.parameter", "Parameter", "参数" },
    { "about.source", "Measured by", "测量方式" },
    { "about.source_preview", "the admission preview (cost-model clock)", "准入预览（代价模型时钟）" },
    { "about.suite", "S-LoRA suite", "S-LoRA 实验组" },
    { "about.slo", "SLO", "SLO" },
    { "about.points", "Points", "扫描点数" },
    { "about.method", "Method", "方法" },

    // Banners and notes.
    { "banner.no_completed", "No request completed: {0} requests in the window, {1} failed, {2} cancelled. The latency numbers below are empty; see the errors table and the notes.",
      "没有请求完成：窗口内 {0} 个请求，{1} 个失败，{2} 个取消。下面的时延指标为空；请查看错误表和说明。" },
    { "banner.unfinished", "The run did not finish (no summary.json): the numbers were recomputed from the requests it recorded.",
      "该运行未完成（没有 summary.json）：指标由已记录的请求重新计算。" },
    { "banner.overloaded", "The server cannot keep up: requests arrive at {0} req/s but are admitted at {1} req/s; {2} were still waiting when the last one arrived.",
      "服务端跟不上：请求以 {0} 请求/秒到达，但只以 {1} 请求/秒被准入；最后一个请求到达时仍有 {2} 个在等待。" },
    { "banner.no_points", "The sweep file has no finished point.", "扫描文件中没有已完成的点。" },
    { "note.none", "Nothing to report.", "无。" },
    { "note.trimmed", "{0} requests were left out of the metrics as warm-up or cool-down.", "{0} 个请求作为预热或冷却未计入指标。" },
    { "note.no_server_metrics", "No server metrics: the run did not scrape the server's /metrics (or every scrape failed).",
      "没有服务端指标：本次运行没有抓取服务端的 /metrics（或每次抓取都失败了）。" },
    { "note.adapters_capped", "The {0} busiest of {1} adapters are listed; summary.json in the run folder has all.",
      "列出了 {1} 个适配器中最繁忙的 {0} 个；运行目录中的 summary.json 包含全部。" },
    { "note.requests_capped", "{0} of {1} requests (every {2}th) are kept here; requests.jsonl in the run folder has every request.",
      "这里保留了 {1} 个请求中的 {0} 个（每 {2} 个取一个）；运行目录中的 requests.jsonl 包含全部请求。" },
    { "note.gap_queue", "The server's waiting requests left the preview's band the most at {0} s: {1} observed, {2} predicted.",
      "服务端等待请求数在 {0} 秒处偏离预览最多：实测 {1}，预测 {2}。" },
    { "note.gap_running", "The server's running requests left the preview's band the most at {0} s: {1} observed, {2} predicted.",
      "服务端运行请求数在 {0} 秒处偏离预览最多：实测 {1}，预测 {2}。" },
    { "note.gap_none", "The server's running and waiting requests stayed within the preview's band (or the server does not expose them).",
      "服务端的运行和等待请求数都在预览范围内（或服务端没有提供这些指标）。" },
    { "note.main_limit", "Most waiting requests were held by {0} ({1} requests).", "大多数等待的请求受限于 {0}（{1} 个请求）。" },
    { "note.itl_thinned", "ITL intervals use at most {0} token gaps of each run (every k-th), to keep the bootstrap fast.",
      "为了加快自助法计算，ITL 区间最多使用每次运行的 {0} 个 token 间隔（每隔 k 个取一个）。" },

    // Explanations.
    { "explain.headline", "As summary.json in the run folder has them (hover a value for every digit). Latencies count from when the request was sent; effective latencies from when it was scheduled. Formulas: docs/replay.md.",
      "与运行目录中 summary.json 的数值一致（鼠标悬停可查看全部位数）。时延从请求发出时算起；有效时延从计划发送时刻算起。公式见 docs/replay.md。" },
    { "explain.headline_preview", "Computed from the preview's requests with the replay's formulas (docs/replay.md): sent = arrival, first token and end as the preview predicts.",
      "用回放的公式（docs/replay.md）从预览的请求计算：发送时刻 = 到达时刻，首 token 和结束时刻取预览的预测值。" },
    { "explain.lateness", "99th percentile of how late the client sent requests after their scheduled time: large values mean the client, not the server, added delay.",
      "客户端发送请求相对计划时刻的延迟的第 99 百分位：数值大说明延迟来自客户端而不是服务端。" },
    { "explain.raw", "Every table of this report can be downloaded as CSV; summary.json is the run's own file.",
      "本报告的每个表都可以下载为 CSV；summary.json 是运行自己的文件。" },
    { "explain.chart.rate", "Requests per second in bins of {0} s: scheduled by the trace, sent by the client, completed and failed (by end time).",
      "每 {0} 秒一个区间的每秒请求数：轨迹计划的、客户端发出的、完成的和失败的（按结束时刻）。" },
    { "explain.chart.tokens", "Output tokens per second of the requests that completed in each bin.", "每个区间内完成请求的每秒输出 token 数。" },
    { "explain.chart.latency_time", "Median and 99th percentile of TTFT and end-to-end latency of the requests completing in each bin (log scale).",
      "每个区间内完成请求的 TTFT 和端到端时延的中位数与第 99 百分位（对数坐标）。" },
    { "explain.chart.inflight", "Requests sent and not yet finished, at the client.", "客户端已发送但尚未结束的请求数。" },
    { "explain.chart.ttft_hist", "Time to first token of each completed request; dotted lines: median, p90, p99 from summary.json.",
      "每个完成请求的首 token 时延；虚线：summary.json 中的中位数、p90、p99。" },
    { "explain.chart.tpot_hist", "Time per output token after the first: (E2E − TTFT) / (output tokens − 1).", "首 token 之后每个输出 token 的时间：(E2E − TTFT) / (输出 token 数 − 1)。" },
    { "explain.chart.e2el_hist", "End-to-end latency: from sending the request to its last token.", "端到端时延：从发送请求到最后一个 token。" },
    { "explain.chart.server_queue", "Requests the server reported running and waiting at each scrape of its /metrics; dashed: the preview's prediction (its maximum per scrape interval).",
      "每次抓取 /metrics 时服务端报告的运行和等待请求数；虚线：预览的预测（每个抓取间隔内的最大值）。" },
    { "explain.chart.server_kv", "Share of the server's KV cache in use, as it reports it.", "服务端报告的 KV 缓存使用比例。" },
    { "explain.chart.server_adapters", "LoRA adapters the server reported resident (loaded on the GPU).", "服务端报告的常驻（已加载到 GPU）LoRA 适配器数。" },
    { "explain.chart.admission_queue", "Requests in the running batch and in the waiting queue (the largest value in each time bin).",
      "运行批次中和等待队列中的请求数（每个时间区间内的最大值）。" },
    { "explain.chart.admission_kv", "Peak KV slots the running batch will need, and those in use, against the server's capacity.",
      "运行批次将需要的 KV 槽峰值和正在使用的 KV 槽，与服务端容量对比。" },
    { "explain.chart.admission_adapters", "Adapters loaded in the preview's server.", "预览服务端中已加载的适配器数。" },
    { "explain.chart.wait_hist", "Time each request waited in the queue before admission.", "每个请求在被准入前在队列中等待的时间。" },
    { "explain.chart.pttft_hist", "Predicted time to first token.", "预测的首 token 时延。" },
    { "explain.chart.pe2e_hist", "Predicted end-to-end latency.", "预测的端到端时延。" },
    { "explain.chart.sweep_throughput", "Completed requests per second at each point, requests meeting the SLO per second, and the offered rate (dashed).",
      "各点每秒完成的请求数、每秒满足 SLO 的请求数，以及提供的请求速率（虚线）。" },
    { "explain.chart.sweep_ttft", "TTFT percentiles at each point (log scale); the dotted line is the SLO.", "各点的 TTFT 百分位（对数坐标）；虚线为 SLO。" },
    { "explain.chart.sweep_e2e", "End-to-end latency percentiles at each point; the dotted line is the SLO.", "各点的端到端时延百分位；虚线为 SLO。" },
    { "explain.chart.sweep_attainment", "Share of requests meeting the SLO (and S-LoRA's TTFT < 6 s); the dotted line is the share required.",
      "满足 SLO 的请求比例（以及 S-LoRA 的 TTFT < 6 秒）；虚线为要求的比例。" },
    { "explain.chart.sweep_saturation", "Achieved / offered rate in the steady window: below the dotted line the server is saturated.",
      "稳态窗口内实际/提供速率之比：低于虚线表示服务端已饱和。" },
    { "explain.chart.quantiles", "Latency at each percentile of the completed requests, one line per input: a line that lies lower is faster at that percentile.",
      "每个输入完成请求在各百分位的时延，一条线代表一个输入：线越低，在该百分位越快。" },
    { "explain.table.per_adapter", "From summary.json's per_adapter; loads = times the adapter appeared in the server's running list after being absent. Click a header to sort.",
      "来自 summary.json 的 per_adapter；加载次数 = 适配器在缺席后再次出现在服务端运行列表中的次数。点击表头排序。" },
    { "explain.table.predicted", "Observed (this run) against predicted (the admission preview of the same trace); ratio = observed / predicted.",
      "实测（本次运行）与预测（同一轨迹的准入预览）对比；比值 = 实测 / 预测。" },
    { "explain.table.points", "One row per sweep point; times in seconds. Click a header to sort.", "每个扫描点一行；时间单位为秒。点击表头排序。" },
    { "explain.table.deltas", "B − A and its 95 % confidence interval: a bootstrap over requests for means, percentiles and shares, a compound-Poisson interval for rates (docs/report.md).",
      "B − A 及其 95% 置信区间：均值、百分位和比例用按请求的自助法，速率用复合泊松区间（docs/report.md）。" },

    // Charts.
    { "chart.rate", "Request rate", "请求速率" },
    { "chart.tokens", "Output token rate", "输出 token 速率" },
    { "chart.latency_time", "Latency over time", "时延随时间变化" },
    { "chart.inflight", "Requests in flight", "进行中的请求" },
    { "chart.ttft_hist", "Time to first token (TTFT)", "首 token 时延（TTFT）" },
    { "chart.tpot_hist", "Time per output token (TPOT)", "每输出 token 时间（TPOT）" },
    { "chart.e2el_hist", "End-to-end latency (E2E)", "端到端时延（E2E）" },
    { "chart.server_queue", "Server: running and waiting requests", "服务端：运行和等待的请求" },
    { "chart.server_kv", "Server: KV cache usage", "服务端：KV 缓存使用率" },
    { "chart.server_adapters", "Server: resident adapters", "服务端：常驻适配器" },
    { "chart.admission_queue", "Running batch and queue", "运行批次与队列" },
    { "chart.admission_kv", "KV cache: need and use against capacity", "KV 缓存：需求与使用对比容量" },
    { "chart.admission_adapters", "Resident adapters", "常驻适配器" },
    { "chart.wait_hist", "Queue wait", "排队等待" },
    { "chart.pttft_hist", "Predicted TTFT", "预测 TTFT" },
    { "chart.pe2e_hist", "Predicted end-to-end latency", "预测端到端时延" },
    { "chart.sweep_throughput", "Throughput", "吞吐量" },
    { "chart.sweep_ttft", "TTFT", "TTFT" },
    { "chart.sweep_e2e", "End-to-end latency", "端到端时延" },
    { "chart.sweep_attainment", "SLO attainment", "SLO 达成率" },
    { "chart.sweep_saturation", "Achieved / offered rate", "实际/提供速率比" },
    { "chart.quantiles_ttft", "TTFT by percentile", "各百分位的 TTFT" },
    { "chart.quantiles_e2e", "End-to-end latency by percentile", "各百分位的端到端时延" },

    // Axes, series and marks.
    { "axis.time_s", "time since trace start (s)", "自轨迹开始的时间（秒）" },
    { "axis.req_per_s", "requests per second", "每秒请求数" },
    { "axis.tok_per_s", "tokens per second", "每秒 token 数" },
    { "axis.ms", "milliseconds", "毫秒" },
    { "axis.seconds", "seconds", "秒" },
    { "axis.requests", "requests", "请求数" },
    { "axis.adapters", "adapters", "适配器数" },
    { "axis.percent", "percent", "百分比" },
    { "axis.percentile", "percentile", "百分位" },
    { "axis.ratio", "ratio", "比值" },
    { "axis.tokens", "KV slots (tokens)", "KV 槽（token）" },
    { "axis.ttft_ms", "TTFT (ms)", "TTFT（毫秒）" },
    { "axis.tpot_ms", "TPOT (ms)", "TPOT（毫秒）" },
    { "axis.e2el_ms", "E2E latency (ms)", "端到端时延（毫秒）" },
    { "series.scheduled", "scheduled", "计划" },
    { "series.sent", "sent", "已发送" },
    { "series.completed", "completed", "已完成" },
    { "series.failed", "failed", "失败" },
    { "series.output_tokens", "output tokens", "输出 token" },
    { "series.inflight", "in flight", "进行中" },
    { "series.requests", "requests", "请求数" },
    { "series.server_running", "running (server)", "运行中（服务端）" },
    { "series.server_waiting", "waiting (server)", "等待中（服务端）" },
    { "series.predicted_running", "running (preview)", "运行中（预览）" },
    { "series.predicted_waiting", "waiting (preview)", "等待中（预览）" },
    { "series.kv_usage", "KV usage", "KV 使用率" },
    { "series.adapters_resident", "resident adapters", "常驻适配器" },
    { "series.running", "running", "运行中" },
    { "series.waiting", "waiting", "等待中" },
    { "series.kv_need", "KV need (peak)", "KV 需求（峰值）" },
    { "series.kv_used", "KV used", "KV 已用" },
    { "series.throughput", "throughput", "吞吐量" },
    { "series.goodput", "goodput", "有效吞吐量" },
    { "series.offered", "offered rate", "提供速率" },
    { "series.slo_attainment", "SLO attainment", "SLO 达成率" },
    { "series.slora_attainment", "S-LoRA attainment (TTFT < 6 s)", "S-LoRA 达成率（TTFT < 6 秒）" },
    { "series.achieved_ratio", "achieved / offered", "实际/提供" },
    { "mark.kv_capacity", "capacity {0}", "容量 {0}" },
    { "mark.capacity", "capacity (largest value meeting the SLO)", "容量（满足 SLO 的最大值）" },
    { "mark.saturated", "saturated from here", "从此处开始饱和" },
    { "mark.required", "required", "要求值" },
    { "mark.saturation_ratio", "saturation threshold", "饱和阈值" },
    { "mark.slo_ttft", "SLO TTFT", "SLO TTFT" },
    { "mark.slo_e2e", "SLO E2E", "SLO E2E" },

    // Tables and columns.
    { "table.per_adapter", "Per adapter", "按适配器" },
    { "table.errors", "Failed requests by error", "按错误类型统计的失败请求" },
    { "table.requests", "Requests", "请求" },
    { "table.timeline", "Time bins", "时间区间" },
    { "table.summary_json", "summary.json", "summary.json" },
    { "table.predicted", "Observed and predicted", "实测与预测" },
    { "table.points", "Sweep points", "扫描点" },
    { "table.deltas", "Every metric", "全部指标" },
    { "table.adapter_deltas", "Per adapter", "按适配器" },
    { "col.adapter", "adapter", "适配器" },
    { "col.completed", "completed", "完成" },
    { "col.failed", "failed", "失败" },
    { "col.loads", "loads", "加载次数" },
    { "col.index", "index", "序号" },
    { "col.id", "id", "ID" },
    { "col.outcome", "outcome", "结果" },
    { "col.input", "input", "输入" },
    { "col.output", "output", "输出" },
    { "col.sent", "sent", "发送时刻" },
    { "col.error", "error", "错误" },
    { "col.requests", "requests", "请求数" },
    { "col.metric", "metric", "指标" },
    { "col.unit", "unit", "单位" },
    { "col.observed", "observed", "实测" },
    { "col.predicted", "predicted", "预测" },
    { "col.ratio", "ratio", "比值" },
    { "col.bin_start", "bin start", "区间起点" },
    { "col.meets_slo", "meets SLO", "满足 SLO" },
    { "col.saturated", "saturated", "已饱和" },
    { "col.interval", "95 % interval of B − A", "B − A 的 95% 区间" },
    { "col.ci_low", "95 % low", "95% 下限" },
    { "col.ci_high", "95 % high", "95% 上限" },
    { "col.verdict", "verdict", "结论" },

    // Comparison.
    { "compare.different_traces", "Warning: the inputs did not all replay the same trace (their SHA-256 differ): differences include the workload, not only the server.",
      "警告：这些输入回放的不是同一条轨迹（SHA-256 不同）：差异既来自服务端，也来自负载本身。" },
    { "compare.pair_heading", "{0} against {1} (bootstrap, {2} resamples, 95 % intervals)", "{0} 对比 {1}（自助法，{2} 次重采样，95% 区间）" },
    { "compare.per_adapter_heading", "Per adapter: {0} adapters in both, {1} significant differences", "按适配器：两边共有 {0} 个适配器，{1} 处显著差异" },
    { "compare.more", "… and {0} more (--json for all)", "……另有 {0} 处（--json 查看全部）" },
    { "compare.sweep_heading", "{0} against {1}, point by point over {2}", "{0} 对比 {1}，按 {2} 逐点对比" },
    { "compare.capacity", "largest value meeting the SLO: A {0}, B {1}", "满足 SLO 的最大值：A {0}，B {1}" },
    { "compare.kind_run", "replay run", "回放运行" },
    { "compare.kind_preview", "admission preview of a trace", "轨迹的准入预览" },
    { "compare.kind_sweep", "sweep", "参数扫描" },
    { "compare.method", "bootstrap over requests (seed {0}) for means, percentiles and shares; compound-Poisson interval for rates; docs/report.md",
      "均值、百分位和比例使用按请求的自助法（种子 {0}）；速率使用复合泊松区间；见 docs/report.md" },
    { "compare.no_significant", "No headline metric differs significantly.", "主要指标均无显著差异。" },
    { "verdict.rel", "{0}'s {1} is {2} % {3} ({4}–{5} %): {6}", "{0} 的 {1} {3} {2}%（{4}–{5}%）：{6}" },
    { "verdict.abs", "{0}'s {1} is {2} {3} {4} ({5}–{6} {3}): {7}", "{0} 的 {1} {4} {2} {3}（{5}–{6} {3}）：{7}" },
    { "verdict.same_rel", "no significant difference (95 % interval {0} % to {1} %)", "无显著差异（95% 区间 {0}% 至 {1}%）" },
    { "verdict.same_abs", "no significant difference (95 % interval {0} to {1} {2})", "无显著差异（95% 区间 {0} 至 {1} {2}）" },
    { "verdict.nodata", "not in both summaries", "并非两边都有" },
    { "verdict.nointerval", "no confidence interval (a count, a maximum, or fewer than 10 values)", "无置信区间（计数、最大值或少于 10 个值）" },
    { "verdict.higher", "higher", "高" },
    { "verdict.lower", "lower", "低" },
    { "verdict.better", "better", "更好" },
    { "verdict.worse", "worse", "更差" },

    // Metric names: statistic and quantity, put together by metricLabel.
    { "metric.pattern", "{0} {1}", "{1} {0}" },
    { "stat.mean_", "mean", "平均" },
    { "stat.median_", "median", "中位数" },
    { "stat.p90_", "p90", "p90" },
    { "stat.p99_", "p99", "p99" },
    { "stat.std_", "std", "标准差" },
    { "stat.max_", "max", "最大" },
    { "q.ttft_ms", "TTFT", "TTFT" },
    { "q.tpot_ms", "TPOT", "TPOT" },
    { "q.itl_ms", "ITL", "ITL" },
    { "q.e2el_ms", "E2E latency", "端到端时延" },
    { "q.effective_ttft_ms", "effective TTFT", "有效 TTFT" },
    { "q.effective_e2el_ms", "effective E2E latency", "有效端到端时延" },
    { "metric.completed", "completed requests", "完成请求数" },
    { "metric.failed", "failed requests", "失败请求数" },
    { "metric.cancelled", "cancelled requests", "取消请求数" },
    { "metric.duration", "duration", "持续时间" },
    { "metric.request_throughput", "request throughput", "请求吞吐量" },
    { "metric.request_goodput", "request goodput", "有效请求吞吐量" },
    { "metric.output_throughput", "output token throughput", "输出 token 吞吐量" },
    { "metric.total_token_throughput", "total token throughput", "总 token 吞吐量" },
    { "metric.slora_attainment", "S-LoRA SLO attainment", "S-LoRA SLO 达成率" },
    { "metric.slora_reward", "S-LoRA reward", "S-LoRA 奖励" },
    { "metric.lateness_p99", "p99 send lateness", "p99 发送延迟" },
    { "explain.metric.completed", "requests that finished with every token", "收到全部 token 的请求" },
    { "explain.metric.failed", "requests that ended in an error (refused, HTTP error, broken stream, time-out)", "以错误结束的请求（被拒、HTTP 错误、流中断、超时）" },
    { "explain.metric.cancelled", "requests stopped by the client before they ended (Ctrl-C)", "在结束前被客户端停止的请求（Ctrl-C）" },
    { "explain.metric.duration", "from the first request sent to the last one finished", "从第一个请求发出到最后一个请求结束" },
    { "explain.metric.request_throughput", "completed requests per second of the run's duration", "运行期间每秒完成的请求数" },
    { "explain.metric.request_goodput", "requests per second that met the SLO given with --slo", "每秒满足 --slo 所给 SLO 的请求数" },
    { "explain.metric.output_throughput", "output tokens of completed requests per second", "完成请求每秒的输出 token 数" },
    { "explain.metric.total_token_throughput", "input and output tokens of completed requests per second", "完成请求每秒的输入与输出 token 数" },
    { "explain.metric.slora_attainment", "share of requests (failed ones count as misses) whose first token came within S-LoRA's 6 s", "首 token 在 S-LoRA 的 6 秒内到达的请求比例（失败的计为未达成）" },
    { "explain.metric.slora_reward", "mean of 1 − (TTFT / 6 s)² over all requests (S-LoRA's satisfaction)", "所有请求 1 − (TTFT / 6 秒)² 的平均值（S-LoRA 的满意度）" },
    { "explain.q.ttft_ms", "time from sending a request to its first token", "从发送请求到收到首个 token 的时间" },
    { "explain.q.tpot_ms", "time per output token after the first", "首个 token 之后每个输出 token 的时间" },
    { "explain.q.itl_ms", "time between two token events of a stream", "流中相邻两次 token 事件之间的时间" },
    { "explain.q.e2el_ms", "time from sending a request to its last token", "从发送请求到收到最后一个 token 的时间" },
    { "explain.q.effective_ttft_ms", "TTFT counted from the scheduled send time (includes the client's lateness)", "从计划发送时刻算起的 TTFT（包含客户端延迟）" },
    { "explain.q.effective_e2el_ms", "E2E latency counted from the scheduled send time", "从计划发送时刻算起的端到端时延" },
    { "explain.stat.mean_", "mean over completed requests", "完成请求的平均值" },
    { "explain.stat.median_", "half the completed requests were faster", "一半的完成请求比它快" },
    { "explain.stat.p90_", "90 % of the completed requests were faster", "90% 的完成请求比它快" },
    { "explain.stat.p99_", "99 % of the completed requests were faster", "99% 的完成请求比它快" },
    { "explain.stat.std_", "population standard deviation", "总体标准差" },
    { "explain.stat.max_", "the slowest completed request", "最慢的完成请求" },
};
// clang-format on

const std::map<std::string, const Entry*>& index()
{
    static const std::map<std::string, const Entry*> m = [] {
        std::map<std::string, const Entry*> out;
        for (const auto& e : kTable)
            out[e.key] = &e;
        return out;
    }();
    return m;
}

// "p99_ttft_ms" → ("p99_", "ttft_ms"); ("", key) when it has no statistic prefix.
std::pair<std::string, std::string> splitMetric(const std::string& key)
{
    for (const char* p : { "mean_", "median_", "p90_", "p99_", "std_", "max_" }) {
        const std::string prefix = p;
        if (key.rfind(prefix, 0) == 0 && index().count("q." + key.substr(prefix.size())))
            return { prefix, key.substr(prefix.size()) };
    }
    return { std::string(), key };
}

} // namespace

std::optional<ReportLang> reportLangFromName(const std::string& name)
{
    if (name == "en" || name == "en_US" || name == "C" || name.rfind("en_", 0) == 0)
        return ReportLang::En;
    if (name == "zh" || name == "zh_CN" || name == "zh-CN" || name.rfind("zh_CN.", 0) == 0)
        return ReportLang::ZhCN;
    return std::nullopt;
}

const char* reportLangName(ReportLang lang)
{
    return lang == ReportLang::ZhCN ? "zh_CN" : "en";
}

std::string reportText(ReportLang lang, const std::string& key)
{
    const auto it = index().find(key);
    if (it == index().end())
        return "[[" + key + "]]";
    return lang == ReportLang::ZhCN ? it->second->zh : it->second->en;
}

std::string reportText(ReportLang lang, const std::string& key, const std::vector<std::string>& args)
{
    std::string s = reportText(lang, key);
    std::string out;
    for (std::size_t i = 0; i < s.size(); ++i) {
        std::size_t j = i + 1, n = 0;
        while (s[i] == '{' && j < s.size() && s[j] >= '0' && s[j] <= '9')
            n = n * 10 + std::size_t(s[j++] - '0');
        if (s[i] == '{' && j > i + 1 && j < s.size() && s[j] == '}') {
            out += n < args.size() ? args[n] : std::string();
            i = j;
        } else {
            out += s[i];
        }
    }
    return out;
}

std::vector<std::string> reportTextKeys()
{
    std::vector<std::string> keys;
    for (const auto& e : kTable)
        keys.push_back(e.key);
    return keys;
}

nlohmann::json pageStrings(ReportLang lang)
{
    nlohmann::json j = nlohmann::json::object();
    for (const auto& e : kTable)
        if (std::string(e.key).rfind("page.", 0) == 0)
            j[e.key] = lang == ReportLang::ZhCN ? e.zh : e.en;
    return j;
}

std::string metricLabel(ReportLang lang, const std::string& key)
{
    const auto [stat, quantity] = splitMetric(key);
    if (stat.empty())
        return index().count("metric." + key) ? reportText(lang, "metric." + key) : key;
    return reportText(lang, "metric.pattern", { reportText(lang, "stat." + stat), reportText(lang, "q." + quantity) });
}

std::string metricExplain(ReportLang lang, const std::string& key)
{
    const auto [stat, quantity] = splitMetric(key);
    if (stat.empty())
        return index().count("explain.metric." + key) ? reportText(lang, "explain.metric." + key) : std::string();
    return reportText(lang, "explain.q." + quantity) + (lang == ReportLang::ZhCN ? "；" : "; ")
        + reportText(lang, "explain.stat." + stat);
}

std::string markupEscape(const std::string& s)
{
    std::string out;
    out.reserve(s.size());
    for (char c : s) {
        switch (c) {
        case '&':
            out += "&amp;";
            break;
        case '<':
            out += "&lt;";
            break;
        case '>':
            out += "&gt;";
            break;
        case '"':
            out += "&quot;";
            break;
        default:
            // Control characters other than tab and newline are not allowed in XML 1.0.
            if (static_cast<unsigned char>(c) < 0x20 && c != '\t' && c != '\n')
                out += ' ';
            else
                out += c;
        }
    }
    return out;
}

} // namespace lorascope
