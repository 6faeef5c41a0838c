#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Fills resources/translations/lorascope_zh_CN.ts with the Simplified Chinese strings below.
Run from the repository root after
    /usr/lib/qt6/bin/lupdate -no-obsolete ui app/gui -ts resources/translations/lorascope_zh_CN.ts
Strings without an entry here stay unfinished (shown in English); check with
    grep -c 'type="unfinished"' resources/translations/lorascope_zh_CN.ts   (must print 0).
A warning is printed when a translation loses a placeholder, HTML tag, line break or accelerator.
Terms of the field (TTFT, E2E, KV, S-LoRA limit names, α, cv) are kept as they are written in papers
and server flags."""
import re
import sys
import xml.etree.ElementTree as ET

ZH = {
    "&File": "文件(&F)", "&Edit": "编辑(&E)", "&View": "视图(&V)", "&Help": "帮助(&H)",
    "&New": "新建(&N)", "&Open Session…": "打开会话(&O)…", "Open &Recent": "最近打开(&R)",
    "&Save Session": "保存会话(&S)", "Save Session &As…": "会话另存为(&A)…", "&Import Trace…": "导入轨迹(&I)…",
    "&Export Trace…": "导出轨迹(&E)…", "Export &Chart…": "导出图表(&C)…", "&Quit": "退出(&Q)",
    "&Undo": "撤销(&U)", "&Redo": "重做(&R)", "&Cancel Generation": "取消生成(&C)",
    "&Language (after restart)": "语言（重启后生效）(&L)", "System default": "跟随系统",
    "&About LoraScope": "关于 LoraScope(&A)", "About LoraScope": "关于 LoraScope",
    "&Workload": "工作负载(&W)", "&Admission preview": "准入预览(&A)", "&Replay": "重放(&R)",
    "Workload": "工作负载", "Popularity": "适配器热度", "Arrivals": "到达过程",
    "Input length (prompt tokens)": "输入长度（提示词令牌数）", "Output length (generated tokens)": "输出长度（生成令牌数）",
    "Preset": "预设", "Generator": "生成器", "Adapters n": "适配器数 n", "Rate R": "速率 R", "Duration T": "时长 T",
    "Seed": "随机种子", "Kind": "类型", "Skew α": "偏斜 α", "Zipf s": "Zipf s", "Weights": "权重",
    "Burstiness cv": "突发度 cv", "On rate": "开启速率", "Off rate": "关闭速率", "Mean on": "平均开启时长",
    "Mean off": "平均关闭时长", "Schedule": "速率计划", "Distribution": "分布", "Min (lo)": "最小值 (lo)",
    "Max (hi, exclusive)": "最大值 (hi，不含)", "Tail β": "尾部 β", "μ (of ln x)": "μ（ln x 的均值）",
    "σ (of ln x)": "σ（ln x 的标准差）", "Mean": "均值", "Std dev": "标准差", "Value": "取值",
    "tokens": "令牌", "req/s": "req/s", "s": "s", "steps": "步",
    "Adapter popularity": "适配器热度", "Inter-arrival gaps": "到达间隔", "Request rate over time": "请求速率随时间变化",
    "Input length (mean %1, p99 %2)": "输入长度（均值 %1，p99 %2）", "Output length (mean %1, p99 %2)": "输出长度（均值 %1，p99 %2）",
    "observed": "观测值", "expected (model)": "期望值（模型）", "model": "模型", "model rate": "模型速率", "model: ": "模型：",
    "adapter rank (by expected share)": "适配器排名（按期望份额）", "adapter rank (by observed count)": "适配器排名（按观测次数）",
    "requests": "请求数", "gap (s, log bins)": "间隔（s，对数分箱）", "gaps per bin": "每箱间隔数",
    "requests per bin": "每箱请求数", "time (s)": "时间 (s)", "requests/s": "请求/s", "log–log": "双对数",
    "Back to the generator": "返回生成器", "Generating…": "正在生成…", "n/a": "无",
    "Workload designer": "工作负载设计器", "Formula": "公式", "Right now": "当前效果",
    "Total rate R": "总速率 R", "Input length": "输入长度", "Output length": "输出长度",
    "Server limits (S-LoRA defaults)": "服务器限制（S-LoRA 默认值）", "Policy and time": "策略与时间",
    "Policy": "策略", "Clock": "时钟", "Cost model": "代价模型", "vLLM policy": "vLLM 策略",
    "steps (1 tick per forward pass)": "步进（每次前向计算计 1 个时钟刻度）", "cost model (seconds)": "代价模型（秒）",
    "Running requests and queue": "运行中请求与队列", "KV tokens: need vs capacity": "KV 令牌：需求与容量",
    "Latency distributions": "延迟分布", "running": "运行中", "queue": "队列", "need": "需求", "used": "已用",
    "capacity %1": "容量 %1", "requests (max per bin)": "请求数（每箱最大值）", "token slots (max per bin)": "令牌槽位（每箱最大值）",
    "time (%1)": "时间（%1）", "queue wait": "排队等待", "Request Gantt": "请求甘特图", "Requests": "请求",
    "Step through": "逐步执行", "Filter:": "筛选：", "All columns": "所有列", "Request": "请求", "Adapter": "适配器",
    "Input": "输入", "Output": "输出", "Arrival": "到达", "Admitted": "准入", "First token": "首令牌",
    "Finished": "完成", "Queue wait": "排队等待", "Status": "状态", "Why it waited": "等待原因",
    " (s)": " (s)", " (steps)": "（步）", "(base)": "（基础模型）", "base": "基础模型", "base model": "基础模型",
    "◀ Previous pass": "◀ 上一次计算", "Next pass ▶": "下一次计算 ▶", "Next admission ▶▶": "下一次准入 ▶▶",
    "Restart": "重新开始", "The trace is done.": "轨迹已运行完毕。", "request": "请求", "adapter (rank)": "适配器（秩）",
    "input": "输入", "output": "输出", "limit": "上限", "Σ input": "Σ 输入", "verdict": "判定", "admitted": "已准入",
    "stops the scan: %1": "扫描在此停止：%1", "empty": "空", "… %1 more": "… 另有 %1 个",
    "Import Trace": "导入轨迹", "Export Trace": "导出轨迹", "Export Chart": "导出图表", "Chart:": "图表：",
    "Open Session": "打开会话", "Save Session": "保存会话", "Unsaved changes": "未保存的更改", "Untitled": "未命名",
    "Saved %1": "已保存 %1", "Exported %1 requests to %2": "已导出 %1 个请求到 %2", "There is no trace yet.": "尚无轨迹。",
    "Cancel": "取消", "Stop the running generation (Esc)": "停止正在进行的生成（Esc）", "Change %1": "修改 %1",
    "Export Chart as PNG or SVG…": "将图表导出为 PNG 或 SVG…", "PNG image (*.png);;SVG image (*.svg)": "PNG 图像 (*.png);;SVG 图像 (*.svg)",
    "All trace files (%1)": "所有轨迹文件 (%1)", "Nothing to export.": "没有可导出的内容。",
    "Unknown chart \"%1\".": "未知图表“%1”。", "Could not encode the PNG image.": "无法编码 PNG 图像。",
    "Cannot write %1: %2": "无法写入 %1：%2", "Exported from LoraScope": "由 LoraScope 导出",
    "<b>Not generated — fix:</b><br>": "<b>未生成——请修正：</b><br>",
    "≈ %1 requests expected.": "期望约 %1 个请求。", "seed = %1.": "种子 = %1。",
    "preset %1, base model %2.": "预设 %1，基础模型 %2。", "pᵢ = 1/n.": "pᵢ = 1/n。", "pᵢ = wᵢ / Σw.": "pᵢ = wᵢ / Σw。",
    "every request uses adapter 0.": "所有请求都使用适配器 0。", "always the same value.": "始终为同一个值。",
    "the histogram of an imported trace.": "导入轨迹的直方图。", "model mean %1 tokens on [%2, %3)": "模型均值 %1 个令牌，区间 [%2, %3)",
    "Length of the trace in seconds.": "轨迹长度（秒）。", "Total rate while the source is on.": "源开启时的总速率。",
    "Total rate while the source is off.": "源关闭时的总速率。", "per-adapter: arrivals after T are cut.": "per-adapter：T 之后的到达被截断。",
    "Smallest %1 length (inclusive).": "最小%1长度（含）。", "Constant length (must lie in [lo, hi)).": "固定长度（必须位于 [lo, hi) 内）。",
    "time:rate, time:rate, …": "时间:速率, 时间:速率, …", "vLLM: max sequences in a batch (256).": "vLLM：一个批次中的最大序列数（256）。",
    "R = %1": "R = %1", "n = %1": "n = %1", ", α = %1": "，α = %1", ", s = %1": "，s = %1",
    " Fitted α of this trace: %1 ± %2.": " 本轨迹拟合的 α：%1 ± %2。",
    "; this trace has %1 (achieved %2 req/s).": "；本轨迹有 %1 个（实际 %2 req/s）。",
    "; this trace: gap cv %1": "；本轨迹：间隔 cv %1", "; this trace's overall gap cv is %1": "；本轨迹整体间隔 cv 为 %1",
    "<p><b>Finished</b>: %1</p>": "<p><b>完成</b>：%1</p>", "<p><b>Queue head</b>: %1</p>": "<p><b>队首</b>：%1</p>",
    "Pass %1: %2, t = %3 → %4 %5": "第 %1 次计算：%2，t = %3 → %4 %5",
    "Adapter memory": "适配器内存",
    "Show the popularity chart on log–log axes (power laws become straight lines).": "以双对数坐标显示热度图（幂律变为直线）。",
    "Arrivals per adapter (hottest %1 adapters)": "各适配器的到达（最热门的 %1 个适配器）",
    "%1 requests · achieved %2 req/s · gap cv %3 · fitted α %4 · over limits %5 (input > %6: %7, total > %8: %9)":
        "%1 个请求 · 实际 %2 req/s · 间隔 cv %3 · 拟合 α %4 · 超出限制 %5（输入 > %6：%7，总长 > %8：%9）",
    "Move the focus to a parameter (or hover it) to see what it means, its formula and its effect right now.":
        "将焦点移到某个参数上（或悬停），即可查看它的含义、公式以及当前的效果。",
    "How the total rate R is shared among the adapters. Skew decides how many adapters are active at once, and so how much adapter memory and loading the server needs.":
        "总速率 R 如何分配给各个适配器。偏斜决定同时活跃的适配器数量，从而决定服务器需要多少适配器内存和加载。",
    "Adapter popularity ": "适配器热度",
    "The session has unsaved changes. Save them?": "会话有未保存的更改。是否保存？",
    "Requests %1–%2: queue wait (grey), prefill (light), decode (colour by adapter); hover for the wait reason":
        "请求 %1–%2：排队等待（灰）、预填充（浅色）、解码（按适配器着色）；悬停查看等待原因",
}

# Added with the replay tab, the fit dialog and the explain panel. Terms: 适配器 adapter, 请求 request,
# 到达 arrival, 令牌 token, 批次/批处理 batch, 队列 queue, 准入 admission, 调度 scheduling, 重放 replay,
# 轨迹 trace, 预填充 prefill, 解码 decode, 前向计算 forward pass. Server flag names, policy/kind names
# that the user types or picks (slora, per-adapter, power, …), formulas and units (ms, s, req/s) stay as
# written.
ZH.update({
    # Server flags and metric acronyms: the same in every language.
    **{k: k for k in (
        "max_total_token_num", "batch_max_tokens", "running_max_req_size", "max_req_total_len", "max_req_input_len",
        "max_wait_tokens", "max_num_seqs", "max_num_batched_tokens", "max_loras", "TTFT", "E2E", "ms",
        "TTFT p50", "TTFT p90", "E2E p50", "E2E p90", "%1 … %2", "<b>%1</b><br>%2", "Zipf s = %1", " p50 / p99")},
    # Chart export
    "Unknown image type \"%1\": use .png or .svg.": "未知的图像类型“%1”：请使用 .png 或 .svg。",
    # Explain panel (workload designer)
    "n = 0: every request uses the base model.": "n = 0：所有请求都使用基础模型。",
    ": the hottest adapter gets %1 of requests, the top 10 get %2; %3 adapter(s) receive half of all requests; the coldest gets %4.":
        "：最热门的适配器获得 %1 的请求，前 10 个获得 %2；%3 个适配器承接了一半的请求；最冷门的获得 %4。",
    " Over the trace (≈ %1 requests) that is ≈ %2 requests for the hottest adapter.":
        "整条轨迹（约 %1 个请求）中，最热门的适配器约有 %2 个请求。",
    "; this trace: mean %1, p50 %2, p90 %3, p99 %4, max %5": "；本轨迹：均值 %1，p50 %2，p90 %3，p99 %4，最大值 %5",
    "How many LoRA adapters the requests are spread over. Each adapter a request uses must be resident on the GPU; in S-LoRA its weights take rank·4 KV-cache slots while loaded.":
        "请求分布在多少个 LoRA 适配器上。请求所用的每个适配器都必须驻留在 GPU 上；在 S-LoRA 中，适配器加载期间其权重占用 rank·4 个 KV 缓存槽位。",
    "adapter k is named <code>names[k % L]-(k / L)</code> from the preset's name list.":
        "适配器 k 的名称取自预设的名称列表：<code>names[k % L]-(k / L)</code>。",
    "Requests per second over all adapters together.": "所有适配器合计的每秒请求数。",
    "E[requests] = R·T; adapter i gets λᵢ = R·pᵢ.": "E[requests] = R·T；适配器 i 的速率为 λᵢ = R·pᵢ。",
    "R = %1 req/s over T = %2 s → ≈ %3 requests expected": "R = %1 req/s，持续 T = %2 s → 期望约 %3 个请求",
    "slora: exactly int(R·T) requests, nothing is cut at T.": "slora：恰好 int(R·T) 个请求，不在 T 处截断。",
    "Makes the trace reproducible: the same spec and seed give the same trace on every platform; change it to see another sample of the same model (sampling noise).":
        "使轨迹可复现：相同的规格和种子在任何平台上都生成相同的轨迹；更改种子可查看同一模型的另一个样本（抽样噪声）。",
    "<b>per-adapter</b> (the S-LoRA paper's model): adapter i has its own rate λᵢ and its own Gamma renewal process, started in equilibrium; the trace is their merge. <b>slora</b>: S-LoRA's benchmarks/trace.py, number for number (NumPy RandomState): one Gamma process at rate R and each request picks its adapter.":
        "<b>per-adapter</b>（S-LoRA 论文的模型）：适配器 i 有自己的速率 λᵢ 和自己的 Gamma 更新过程，从平稳状态开始；轨迹是它们的合并。"
        "<b>slora</b>：与 S-LoRA 的 benchmarks/trace.py 逐数一致（NumPy RandomState）：一个速率为 R 的 Gamma 过程，每个请求各自选择适配器。",
    "slora: adapter = ⌊power(α)·n⌋, gaps Gamma(1/cv², cv²/R); per-adapter: gaps of adapter i Gamma(1/cv², cv²/λᵢ).":
        "slora：adapter = ⌊power(α)·n⌋，间隔服从 Gamma(1/cv², cv²/R)；per-adapter：适配器 i 的间隔服从 Gamma(1/cv², cv²/λᵢ)。",
    "Note: with per-adapter, each adapter's stream has cv = %1, but the merged stream of many adapters looks more like Poisson (cv → 1)%2.":
        "注意：使用 per-adapter 时，每个适配器的请求流 cv = %1，但多个适配器合并后的流更接近泊松过程（cv → 1）%2。",
    "S1–S6 and Real are the S-LoRA paper's model settings (base model, adapter names and ranks). The named scenarios are the paper's benchmark suites and also set n, α, R, cv and T.":
        "S1–S6 和 Real 是 S-LoRA 论文中的模型设置（基础模型、适配器名称和秩）。命名场景是论文中的基准测试套件，同时还会设置 n、α、R、cv 和 T。",
    "pᵢ = ((i+1)/n)^α − (i/n)^α. α = 1: uniform; α &lt; 1: the first adapters are hot (α = 0.1: a few adapters get most requests); α &gt; 1: the last ones are.":
        "pᵢ = ((i+1)/n)^α − (i/n)^α。α = 1：均匀；α &lt; 1：靠前的适配器更热门（α = 0.1：少数适配器获得大部分请求）；α &gt; 1：靠后的适配器更热门。",
    "pᵢ = (i+1)^−s / Σⱼ (j+1)^−s.": "pᵢ = (i+1)^−s / Σⱼ (j+1)^−s。",
    "request j uses adapter j mod n (every request a different adapter, as Punica's batch benchmarks).":
        "请求 j 使用适配器 j mod n（每个请求使用不同的适配器，同 Punica 的批处理基准测试）。",
    "requests spread round-robin over ⌈√k⌉ adapters (k requests).": "请求以轮询方式分配到 ⌈√k⌉ 个适配器上（k 为请求数）。",
    "How requests arrive over time. Gaps are Gamma distributed with coefficient of variation cv = std/mean: cv = 0.1 → gaps nearly equal; cv = 1 → Poisson; cv ≥ 2 → bursts of tiny gaps separated by long silences. Gamma arrivals describe real traffic better than Poisson.":
        "请求如何随时间到达。到达间隔服从 Gamma 分布，变异系数 cv = std/mean：cv = 0.1 → 间隔几乎相等；cv = 1 → 泊松；"
        "cv ≥ 2 → 成串的极短间隔，其间隔着长时间的静默。Gamma 到达比泊松更贴近真实流量。",
    "gap ~ Gamma(k = 1/cv², θ = cv²/λ): mean 1/λ, std cv/λ.": "gap ~ Gamma(k = 1/cv², θ = cv²/λ)：均值 1/λ，标准差 cv/λ。",
    "cv = %1 → k = %2, θ = %3 s for the whole stream at R": "速率为 R 的整个请求流：cv = %1 → k = %2，θ = %3 s",
    "; the model puts %1 of gaps below a tenth of the mean gap and %2 above three times it":
        "；按模型，%1 的间隔小于平均间隔的十分之一，%2 的间隔大于平均间隔的三倍",
    "on %1 of the time at %2 req/s, off at %3 req/s: long-run rate %4 req/s.":
        "%1 的时间处于开启状态（%2 req/s），关闭时为 %3 req/s：长期平均速率 %4 req/s。",
    "every adapter's requests come exactly 1/λᵢ apart.": "每个适配器的请求严格以 1/λᵢ 为间隔到达。",
    "the rate follows the schedule; see the timeline chart.": "速率按速率计划变化；见时间线图。",
    "Prompt tokens per request. Long prompts fill S-LoRA's batch_max_tokens (Σ input of a new batch) and the KV cache; a request whose input is close to batch_max_tokens makes short requests behind it wait.":
        "每个请求的提示词令牌数。长提示词会占满 S-LoRA 的 batch_max_tokens（新批次的 Σ 输入）和 KV 缓存；输入接近 batch_max_tokens 的请求会让排在它后面的短请求等待。",
    "Generated tokens per request (max_new_tokens with ignore_eos). Long outputs keep a request in the running batch and its KV slots reserved for longer.":
        "每个请求生成的令牌数（max_new_tokens，配合 ignore_eos）。输出越长，请求在运行批次中停留越久，其 KV 槽位也预留得越久。",
    "uniform integers in [lo, hi) (S-LoRA's randint: hi exclusive), mean (lo + hi − 1)/2.":
        "[lo, hi) 上的均匀整数（S-LoRA 的 randint：不含 hi），均值 (lo + hi − 1)/2。",
    "P(x) ∝ x^−β on [lo, hi): a long tail; larger β = more short requests.": "P(x) ∝ x^−β，定义在 [lo, hi) 上：长尾分布；β 越大，短请求越多。",
    "ln x ~ Normal(μ, σ), rounded and truncated to [lo, hi); median ≈ e^μ.": "ln x ~ Normal(μ, σ)，取整并截断到 [lo, hi)；中位数 ≈ e^μ。",
    "Normal(mean, std) rounded and truncated to [lo, hi).": "Normal(mean, std)，取整并截断到 [lo, hi)。",
    " Requests over the server's per-request limits: %1 (input &gt; %2: %3, input + output &gt; %4: %5).":
        " 超出服务器单请求限制的请求：%1 个（输入 &gt; %2：%3，输入 + 输出 &gt; %4：%5）。",
    # Admission tab
    # token_budget, behind: wait reasons from the engine (not translated); rejected: the status column (已拒绝)
    "Filter (e.g. token_budget, behind, rejected, an adapter name)…": "筛选（例如 token_budget、behind、已拒绝、适配器名称）…",
    # Request status column (the filter matches this text)
    "rejected: %1": "已拒绝：%1", "dropped: %1": "已丢弃：%1", "finished": "已完成", "never admitted": "从未准入",
    "KV-cache token slots on the GPU, shared with adapter weights (rank·4 slots per resident adapter). Default 6000.":
        "GPU 上的 KV 缓存令牌槽位，与适配器权重共用（每个驻留适配器占 rank·4 个槽位）。默认 6000。",
    "Max Σ input tokens of a newly admitted (prefill) batch. 0 = S-LoRA's default max(max_total_token_num / 6, max_req_total_len).":
        "新准入（预填充）批次的最大 Σ 输入令牌数。0 = S-LoRA 默认值 max(max_total_token_num / 6, max_req_total_len)。",
    "Max requests in the running batch. Default 1000.": "运行批次中的最大请求数。默认 1000。",
    "input + output of one request must not exceed it (else rejected, HTTP 500). Default 3072.":
        "单个请求的输入 + 输出不得超过此值（否则被拒绝，HTTP 500）。默认 3072。",
    "Max input length of one request (else rejected). Default 2048.": "单个请求的最大输入长度（超出则被拒绝）。默认 2048。",
    "slora: S-LoRA's FIFO queue (exact); slora-abort: drops requests waiting ≥ 5.5 s; vllm: vLLM-style limits.":
        "slora：S-LoRA 的 FIFO 队列（精确复现）；slora-abort：丢弃等待 ≥ 5.5 s 的请求；vllm：vLLM 风格的限制。",
    "Decode steps between admission attempts while a batch runs (S-LoRA: 10).": "批次运行期间两次准入尝试之间的解码步数（S-LoRA：10）。",
    "Step clock: exact, deterministic teaching (trace times read as ticks). Cost model: seconds from affine prefill/decode costs.":
        "步进时钟：精确、确定性的教学模式（轨迹时间按时钟刻度解读）。代价模型：由仿射的预填充/解码代价算出秒数。",
    "Named cost-model presets (see docs/admission.md for their sources).": "具名的代价模型预设（来源见 docs/admission.md）。",
    "vLLM: max tokens per step; 0 = max(max_model_len, 2048).": "vLLM：每步最大令牌数；0 = max(max_model_len, 2048)。",
    "vLLM: distinct adapters in one batch (default 1).": "vLLM：一个批次中不同适配器的最大数量（默认 1）。",
    "Run preview now": "立即运行预览",
    "Traces over %1 requests are not previewed automatically; this runs the simulation now.":
        "超过 %1 个请求的轨迹不会自动预览；点击此按钮立即运行模拟。",
    "need: S-LoRA's peak KV need of the running batch if every request runs to its end, plus adapter slots;\nused: tokens held now plus adapter weights (rank·4 slots per resident adapter).":
        "需求：假设每个请求都运行到结束，S-LoRA 估算的运行批次 KV 峰值需求，加上适配器槽位；\n已用：当前占用的令牌加上适配器权重（每个驻留适配器占 rank·4 个槽位）。",
    "adapter weights": "适配器权重",
    "need: S-LoRA's peak KV need of the running batch if every request runs to its end, plus adapter slots;\nused: tokens held now plus adapter weights (rank·4 slots per resident adapter);\nadapter weights: the part of used that holds resident adapters.":
        "需求：假设每个请求都运行到结束，S-LoRA 估算的运行批次 KV 峰值需求，加上适配器槽位；\n已用：当前占用的令牌加上适配器权重（每个驻留适配器占 rank·4 个槽位）；\n适配器权重：已用部分中驻留适配器所占的槽位。",
    "<b>%1 requests</b>: %2 finished, %3 rejected, %4 dropped, %5 never admitted.<br>Queue wait mean %6 / p90 %7 / p99 %8 %9<br>TTFT mean %10 / p99 %11 · E2E mean %12 / p99 %13<br>Peak KV need %14 of %15 · %16 forward passes (%17 prefill) · %18 adapter loads":
        "<b>%1 个请求</b>：%2 个完成，%3 个被拒绝，%4 个被丢弃，%5 个从未准入。<br>排队等待 均值 %6 / p90 %7 / p99 %8 %9<br>"
        "TTFT 均值 %10 / p99 %11 · E2E 均值 %12 / p99 %13<br>KV 峰值需求 %14 / 容量 %15 · %16 次前向计算（%17 次预填充）· %18 次适配器加载",
    # Sessions
    "The session was loaded, but its imported trace could not be read: %1": "会话已加载，但无法读取其导入的轨迹：%1",
    # Fit dialog
    "Fit workload from trace": "从轨迹拟合工作负载", "Quantity": "指标", "Trace": "轨迹", "Fitted model": "拟合模型",
    "Fit quality": "拟合优度", "Window (s)": "时间窗口 (s)", "Rate R (req/s)": "速率 R (req/s)",
    "rate over time varies by cv %1": "速率随时间变化的 cv 为 %1", "Gap cv, all adapters": "间隔 cv（全部适配器）",
    "Gap cv per adapter (model parameter)": "单个适配器的间隔 cv（模型参数）", "Adapters used / n": "已使用的适配器数 / n",
    "power α = %1": "幂律 α = %1", "α = %1 ± %2 (power); s = %3 (Zipf)": "α = %1 ± %2（幂律）；s = %3（Zipf）",
    "KS %1; log-lik power %2 vs Zipf %3": "KS %1；对数似然：幂律 %2 vs Zipf %3", "Fitted α of the counts": "按计数拟合的 α",
    # appended to "Input"/"Output" (输入/输出): 输入均值, 输入 p50 / p99, 输入分布
    " mean": "均值", " distribution": "分布",
    "KS %1, BIC %2 (best of %3)": "KS %1，BIC %2（%3 个候选中最优）", "Use fitted model": "使用拟合模型",
    "uniform [%1, %2)": "均匀 [%1, %2)", "power law β=%1 on [%2, %3)": "幂律 β=%1，区间 [%2, %3)",
    "log-normal μ=%1 σ=%2 on [%3, %4)": "对数正态 μ=%1 σ=%2，区间 [%3, %4)", "normal %1 ± %2": "正态 %1 ± %2",
    "constant %1": "常数 %1", "empirical (%1 values)": "经验分布（%1 个取值）",
    # Gantt
    "request %1 · %2 · input %3, output %4\narrival %5, admitted %6, first token %7, finished %8\n%9\nwhy it waited: %10":
        "请求 %1 · %2 · 输入 %3，输出 %4\n到达 %5，准入 %6，首令牌 %7，完成 %8\n%9\n等待原因：%10",
    # Main window
    "LoraScope sessions (*.lorascope.json *.json)": "LoraScope 会话 (*.lorascope.json *.json)",
    "All trace files": "所有轨迹文件",  # must stay the prefix of "All trace files (%1)"
    "&Fit Workload from Trace…": "从轨迹拟合工作负载(&F)…", "Fit Workload from Trace": "从轨迹拟合工作负载",
    "<h3>LoraScope %1</h3><p>Design, preview and replay multi-LoRA serving workloads.</p>":
        "<h3>LoraScope %1</h3><p>设计、预览并重放多 LoRA 服务负载。</p>",
    "Fit from %1": "从 %1 拟合", "Fitted the workload model to %1": "已按 %1 拟合工作负载模型",
    # Parameter panel tooltips
    "S-LoRA paper model settings (S1–S6, Real: base model and adapter names/ranks) and benchmark suites (scenarios also set n, α, R, cv and duration).":
        "S-LoRA 论文中的模型设置（S1–S6、Real：基础模型及适配器名称/秩）与基准测试套件（场景还会设置 n、α、R、cv 和时长）。",
    "per-adapter: adapter i is its own Gamma renewal process with rate λᵢ = R·pᵢ, merged.\nslora: S-LoRA's trace.py, bit-exact: int(R·T) requests, i.i.d. Gamma gaps, adapter = ⌊power(α)·n⌋.":
        "per-adapter：每个适配器 i 是速率为 λᵢ = R·pᵢ 的独立 Gamma 更新过程，再合并。\n"
        "slora：与 S-LoRA 的 trace.py 逐位一致：int(R·T) 个请求，独立同分布的 Gamma 间隔，adapter = ⌊power(α)·n⌋。",
    "Number of LoRA adapters (0 = base model only).": "LoRA 适配器的数量（0 = 只用基础模型）。",
    "Total request rate over all adapters: E[requests] = R·T.": "所有适配器合计的总请求速率：E[requests] = R·T。",
    "Length of the trace in seconds (per-adapter: arrivals after T are cut; slora: int(R·T) requests).":
        "轨迹长度，以秒计（per-adapter：T 之后的到达被截断；slora：int(R·T) 个请求）。",
    "Makes the trace reproducible: the same spec and seed give the same trace on every platform.":
        "使轨迹可复现：相同的规格和种子在任何平台上都生成相同的轨迹。",
    "How R is shared among adapters: power pᵢ = ((i+1)/n)^α − (i/n)^α, Zipf pᵢ ∝ (i+1)^−s, uniform, explicit weights, or the batch-style modes distinct / uniform-groups (⌈√k⌉ adapters) / identical.":
        "R 如何在适配器之间分配：power pᵢ = ((i+1)/n)^α − (i/n)^α、Zipf pᵢ ∝ (i+1)^−s、uniform（均匀）、weights（显式权重），"
        "或批处理式的 distinct / uniform-groups（⌈√k⌉ 个适配器）/ identical。",
    "pᵢ = ((i+1)/n)^α − (i/n)^α. α = 1: uniform; α < 1: low indices hot (α = 0.1: a few adapters get most requests).":
        "pᵢ = ((i+1)/n)^α − (i/n)^α。α = 1：均匀；α < 1：序号小的适配器更热门（α = 0.1：少数适配器获得大部分请求）。",
    "pᵢ ∝ (i+1)^−s; s = 0 is uniform, s ≈ 1 classic Zipf.": "pᵢ ∝ (i+1)^−s；s = 0 为均匀分布，s ≈ 1 为经典 Zipf。",
    "One weight per adapter, comma-separated: pᵢ = wᵢ / Σw.": "每个适配器一个权重，以逗号分隔：pᵢ = wᵢ / Σw。",
    "gamma(cv): renewal process with Gamma gaps; poisson: cv = 1; constant: equal gaps; on-off: two-state modulated rate; schedule: piecewise-linear rate over time.":
        "gamma(cv)：间隔服从 Gamma 分布的更新过程；poisson：cv = 1；constant：等间隔；on-off：双状态调制速率；schedule：随时间分段线性变化的速率。",
    "Coefficient of variation of the gaps: Gamma(k = 1/cv², θ = cv²/λ). cv = 0.1: nearly regular; cv = 1: Poisson; cv ≥ 2: bursts (many tiny and a few huge gaps).":
        "到达间隔的变异系数：Gamma(k = 1/cv², θ = cv²/λ)。cv = 0.1：几乎等间隔；cv = 1：泊松；cv ≥ 2：突发（大量极短间隔和少数极长间隔）。",
    "Mean length of an on period (exponential).": "开启期的平均时长（指数分布）。",
    "Mean length of an off period (exponential).": "关闭期的平均时长（指数分布）。",
    "Piecewise-linear total rate r(t): points \"t:r\" in seconds and req/s.": "分段线性的总速率 r(t)：若干 \"t:r\" 点，t 以 s 计，r 以 req/s 计。",
    # %1 is "输入" or "输出"
    "Distribution of %1 lengths, always confined to the integers [lo, hi): uniform = randint(lo, hi); power law P(x) ∝ x^−β; log-normal (μ, σ of ln x); normal (clipped); constant.":
        "%1长度的分布，始终限定为 [lo, hi) 内的整数：uniform = randint(lo, hi)；power-law 幂律 P(x) ∝ x^−β；"
        "log-normal 对数正态（ln x 的 μ、σ）；normal 正态（截断）；constant 常数。",
    "Upper end of the %1 range, exclusive as in S-LoRA's randint(lo, hi).": "%1范围的上界，与 S-LoRA 的 randint(lo, hi) 一样不含该值。",
    "Power law P(x) ∝ x^−β on [lo, hi): larger β = shorter.": "幂律 P(x) ∝ x^−β，定义在 [lo, hi) 上：β 越大，长度越短。",
    "Log-normal: mean of ln(length); median length = e^μ.": "对数正态：ln(length) 的均值；长度中位数 = e^μ。",
    "Log-normal: standard deviation of ln(length).": "对数正态：ln(length) 的标准差。",
    "Normal: mean before clipping to [lo, hi).": "正态：截断到 [lo, hi) 之前的均值。",
    "Normal: standard deviation before clipping.": "正态：截断之前的标准差。",
    # Arrival raster
    "Arrivals per adapter over time (hottest adapters on top; darker = more arrivals per pixel).\nWheel: zoom in time · drag: pan · double-click: whole trace.":
        "各适配器随时间的到达（最热门的适配器在上方；颜色越深 = 每像素到达越多）。\n滚轮：缩放时间轴 · 拖动：平移 · 双击：显示整条轨迹。",
    # Replay tab
    "demo trace (preset S1, 20 s)": "演示轨迹（预设 S1，20 s）", "Browse…": "浏览…", "Trace to replay": "要重放的轨迹",
    "Trace:": "轨迹：", "Built-in simulated server": "内置模拟服务器",
    "Started and stopped with the replay; paces tokens with the S-LoRA admission engine and the default cost model.":
        "随重放启动和停止；用 S-LoRA 准入引擎和默认代价模型控制令牌的输出节奏。",
    "Server:": "服务器：",
    "Built-in server: run the cost model this many times faster than real time.": "内置服务器：代价模型相对真实时间的加速倍数。",
    "Server speed:": "服务器速度：", "Target URL:": "目标 URL：", "Backend:": "后端：",
    "Schedule time = trace time × scale (0.5 replays twice as fast).": "调度时间 = 轨迹时间 × 缩放系数（0.5 表示以两倍速重放）。",
    "Time scale:": "时间缩放：", "unlimited": "不限", "Max concurrency:": "最大并发数：",
    "Start": "开始", "Stop": "停止", "Idle": "空闲", "Completed": "已完成", "Failed": "失败",
    "Mean TTFT (ms)": "平均 TTFT (ms)", "p99 TTFT (ms)": "p99 TTFT (ms)", "Mean E2E (ms)": "平均 E2E (ms)",
    "current workload (Workload tab)": "当前工作负载（“工作负载”标签页）",
    "Started and stopped with the replay; paces tokens with the admission policy, limits and cost model of the Admission preview tab.":
        "随重放启动和停止；按“准入预览”标签页中的准入策略、限制和代价模型控制令牌的输出节奏。",
    "Replays the trace file above.": "重放上方的轨迹文件。",
    "Replays a demo trace (preset S1, 20 s).": "重放演示轨迹（预设 S1，20 s）。",
    "Replays the current workload (not generated yet).": "重放当前工作负载（尚未生成）。",
    "Replays the current workload%1: %2 requests over %3 s (× time scale).": "重放当前工作负载%1：%2 个请求，历时 %3 s（× 时间缩放）。",
    " (imported trace)": "（导入的轨迹）",
    "The current workload is not generated yet.": "当前工作负载尚未生成。",
    "Cannot read the trace: %1": "无法读取轨迹：%1",
    # Trace import (runs in the background)
    "Import of %1 was cancelled": "已取消导入 %1", "Imported %1": "已导入 %1",
    "%1: no such readable file": "%1：文件不存在或不可读", "Importing %1…": "正在导入 %1…", "Run folder: %1": "运行目录：%1",
    "Starting…": "正在启动…", "Stopping…": "正在停止…",
    "sent %1/%2, completed %3, failed %4, in flight %5": "已发送 %1/%2，已完成 %3，失败 %4，进行中 %5",
    "Requests per second": "每秒请求数", "scheduled": "计划", "sent": "已发送", "completed": "已完成",
    "Latency of requests ending per second": "每秒结束请求的延迟",
    "Output tokens per second": "每秒输出令牌数", "tokens/s": "令牌/s", "output tokens/s": "输出令牌/s",
    "Requests in flight": "进行中的请求", "in flight": "进行中",
    "Errors by kind": "按类型统计的错误", "kind (see labels)": "类型（见标签）", "failed": "失败",
    "Error: %1\n": "错误：%1\n", "Completed %1, failed %2, cancelled %3\n": "已完成 %1，失败 %2，已取消 %3\n",
    "Request throughput %1 req/s, output %2 tokens/s\n": "请求吞吐量 %1 req/s，输出 %2 令牌/s\n",
    "TTFT mean %1 / p50 %2 / p99 %3 ms\n": "TTFT 均值 %1 / p50 %2 / p99 %3 ms\n",
    "TPOT mean %1 / p99 %2 ms; ITL mean %3 ms\n": "TPOT 均值 %1 / p99 %2 ms；ITL 均值 %3 ms\n",
    "E2E mean %1 / p99 %2 ms\n": "E2E 均值 %1 / p99 %2 ms\n",
    "S-LoRA attainment %1, reward %2\n": "S-LoRA SLO 达成率 %1，奖励 %2\n",
    "errors %1: %2\n": "错误 %1：%2\n",
    # Step-through panel
    "Press “Next pass” to run the first forward pass.": "按“下一次计算”执行第一次前向计算。",
    "<p>The step clock runs the admission engine one forward pass at a time: a <b>prefill</b> of newly admitted requests or one <b>decode</b> step of the running batch. For every admission scan you see each candidate's numbers (S-LoRA: need = max<sub>k</sub> left<sub>k</sub>·k + Σ<sub>j≤k</sub> used<sub>j</sub> &lt; max_total_token_num − adapter_size, and Σ input ≤ batch_max_tokens) and why the scan stopped.</p>":
        "<p>步进时钟让准入引擎每次执行一次前向计算：对新准入的请求做一次<b>预填充</b>，或对运行批次做一步<b>解码</b>。"
        "每次准入扫描都会列出各候选请求的数值（S-LoRA：need = max<sub>k</sub> left<sub>k</sub>·k + Σ<sub>j≤k</sub> used<sub>j</sub> "
        "&lt; max_total_token_num − adapter_size，且 Σ input ≤ batch_max_tokens）以及扫描停止的原因。</p>",
    "<p><b>Batch</b>: %1 running request(s) after the pass; KV need %2, used %3 of %4 slots; %5 adapter(s) resident; %6 waiting.</p>":
        "<p><b>批次</b>：本次计算后有 %1 个运行中的请求；KV 需求 %2，已用 %3 / %4 个槽位；%5 个适配器驻留；%6 个在等待。</p>",
    "<p><b>Admission scan</b> (FIFO; the first candidate that fails stops the scan):</p>":
        "<p><b>准入扫描</b>（FIFO；第一个未通过的候选请求会终止扫描）：</p>",
    "<p>Engine: the scan stopped because <b>%1</b>.</p>": "<p>引擎：扫描停止，原因是 <b>%1</b>。</p>",
    "<p>Decode step: every running request generates one token; no admission attempt (S-LoRA tries every %1 decode steps).</p>":
        "<p>解码步：每个运行中的请求生成一个令牌；本步不尝试准入（S-LoRA 每 %1 个解码步尝试一次）。</p>",
    "<p><b>Running batch</b> (request: generated / output):</p><p>": "<p><b>运行批次</b>（请求：已生成 / 输出）：</p><p>",
    # Workload tab
    "Showing the imported trace <b>%1</b> (%2 requests). Theory curves need a model, so only the data is drawn.":
        "正在显示导入的轨迹 <b>%1</b>（%2 个请求）。理论曲线需要模型，因此只绘制数据。",
})

# A/B compare tab.
ZH.update({
    **{k: k for k in ("A", "B", "n", "R", "T", "α", "cv", "Δ (B − A)", "Δ %", "TTFT p50 (%1)", "TTFT p99 (%1)", "E2E p99 (%1)")},
    "Adapter popularity (share of requests)": "适配器热度（请求占比）", "share of requests (%)": "请求占比 (%)",
    "Queue wait by percentile": "排队等待（按百分位）", "TTFT by percentile": "TTFT（按百分位）",
    "E2E latency by percentile": "E2E 延迟（按百分位）", "percentile of requests": "请求百分位", "latency (%1)": "延迟（%1）",
    "Running requests over time": "运行中请求数随时间变化", "Queue length over time": "队列长度随时间变化",
    " (not previewed)": "（未预览）",
    "Pin Current Parameters as &A": "将当前参数固定为 A(&A)",
    "Keep the current workload spec and admission settings as A; keep editing: the live parameters are B (Ctrl+Shift+A).":
        "将当前的工作负载规格和准入设置保存为 A，然后继续编辑：实时参数即为 B（Ctrl+Shift+A）。",
    "Pin current as A": "将当前固定为 A", "Load A…": "加载 A…", "Load B…": "加载 B…", "Load A": "加载 A", "Load B": "加载 B",
    "Read A from a session or spec file.": "从会话或规格文件读取 A。",
    "Read B from a session or spec file (B then no longer follows your edits).": "从会话或规格文件读取 B（此后 B 不再跟随你的编辑）。",
    "B = live parameters": "B = 实时参数",
    "B follows the parameters you edit in the Workload and Admission tabs again.": "B 重新跟随你在“工作负载”和“准入预览”标签页中编辑的参数。",
    "Swap A ↔ B": "交换 A ↔ B", "Swap A and B": "交换 A 和 B",
    "Exchange A and B. With a live B, the document takes A's parameters (undoable) and A keeps the ones you had.":
        "交换 A 和 B。若 B 为实时参数，文档将采用 A 的参数（可撤销），A 则保存你原来的参数。",
    "Same server for A and B": "A 和 B 使用同一服务器",
    "On: both workloads are previewed with B's limits, policy, clock and cost model, so only the workload differs.\nOff: each side keeps its own server limits and admission settings.":
        "开启：两个工作负载都按 B 的限制、策略、时钟和代价模型预览，因此只有工作负载不同。\n关闭：每一侧保留各自的服务器限制和准入设置。",
    "Export comparison…": "导出对比…",
    "Save all comparison charts as one PNG or SVG picture (right-click a chart to export it alone).":
        "将所有对比图表保存为一张 PNG 或 SVG 图片（右键单击某个图表可单独导出）。",
    "LoraScope sessions or specs (*.json)": "LoraScope 会话或规格 (*.json)",
    "<h2>A/B compare of two parameter sets</h2><p><b>Pin current as A</b> (Ctrl+Shift+A) keeps the parameters you have now as A. Then keep editing in the Workload and Admission tabs: your live parameters are B.</p><p>Or load A and B from session files. The header lists what differs; the charts overlay %1 <b>A</b> and %2 <b>B</b>, and the table compares the key numbers and the admission preview of both.</p>":
        "<h2>两组参数的 A/B 对比</h2><p><b>将当前固定为 A</b>（Ctrl+Shift+A）会把你现在的参数保存为 A。然后继续在“工作负载”和“准入预览”标签页中编辑：你的实时参数即为 B。</p>"
        "<p>也可以从会话文件加载 A 和 B。顶部列出两者的差异；图表叠加显示 %1 <b>A</b> 和 %2 <b>B</b>，表格对比两者的关键数值和准入预览结果。</p>",
    "E2E latency": "E2E 延迟", "Which latency the percentile chart shows.": "百分位图显示哪一种延迟。",
    # parameter names in the "Differences" line
    "preset": "预设", "generator": "生成器", "seed": "随机种子", "popularity": "热度", "weights": "权重", "arrivals": "到达",
    "on rate": "开启速率", "off rate": "关闭速率", "mean on": "平均开启时长", "mean off": "平均关闭时长",
    "rate schedule": "速率计划", "adapter groups": "适配器分组", "adapter names": "适配器名称", "ranks": "秩",
    "default rank": "默认秩", "policy": "策略", "clock": "时钟", "cost model": "代价模型", "abort wait": "中止等待时间",
    "rank overrides": "秩覆盖",
    "pinned at %1": "固定于 %1", "swapped at %1": "交换于 %1",
    "live parameters (follows your edits)": "实时参数（跟随你的编辑）",
    "same server for both (B's limits and admission settings)": "两侧使用同一服务器（B 的限制和准入设置）",
    "each side with its own server": "两侧各用自己的服务器",
    "%1 <b>A</b>: %2 &nbsp;&nbsp; %3 <b>B</b>: %4 &nbsp;&nbsp; <i>%5</i><br><b>Differences:</b> %6":
        "%1 <b>A</b>：%2 &nbsp;&nbsp; %3 <b>B</b>：%4 &nbsp;&nbsp; <i>%5</i><br><b>差异：</b>%6",
    "none — A and B are the same parameters. Change a parameter in the Workload tab to compare.":
        "无——A 和 B 的参数相同。在“工作负载”标签页中修改参数即可对比。",
    "<b>A</b> is invalid: %1": "<b>A</b> 无效：%1", "<b>B</b> is invalid: %1": "<b>B</b> 无效：%1",
    "<br>The charts show the last valid comparison.": "<br>图表显示的是上一次有效的对比。",
    "%1 has %2 requests: too many for an automatic admission preview, so its latency figures are missing.":
        "%1 有 %2 个请求，超出自动准入预览的上限，因此缺少其延迟数据。",
    "Admission: %1 policy, %2 clock%3.": "准入：%1 策略，%2 时钟%3。", "step": "步进", "cost-model": "代价模型", " (%1)": "（%1）",
    "Δ is B − A; green = B better, red = B worse (for latencies, refusals and throughput).":
        "Δ 为 B − A；绿色 = B 更好，红色 = B 更差（适用于延迟、拒绝数和吞吐量）。",
    "Achieved rate (req/s)": "实际速率 (req/s)", "Gap cv": "间隔 cv", "Fitted α": "拟合 α", "Over per-request limits": "超出单请求限制",
    "Queue wait p50 (%1)": "排队等待 p50 (%1)", "Queue wait p99 (%1)": "排队等待 p99 (%1)",
    "Throughput (req/%1)": "吞吐量 (req/%1)", "Token throughput (tok/%1)": "令牌吞吐量 (tok/%1)",
    "Lower is better: green when B is lower than A.": "越低越好：B 低于 A 时显示绿色。",
    "Higher is better: green when B is higher than A.": "越高越好：B 高于 A 时显示绿色。",
    '%1 <b>A</b>: %2 &nbsp;&nbsp; %3 <b>B</b>: %4 &nbsp;&nbsp; <i>%5</i><br><span style="font-size:large"><b>Differences:</b> %6</span>':
        '%1 <b>A</b>：%2 &nbsp;&nbsp; %3 <b>B</b>：%4 &nbsp;&nbsp; <i>%5</i><br><span style="font-size:large"><b>差异：</b>%6</span>',
    "Percentile chart:": "百分位图：", "%1 p%2 (%3)": "%1 p%2 (%3)", "SLO: TTFT < 6 s (%)": "SLO：TTFT < 6 s (%)",
    "Peak KV need (tokens)": "KV 峰值需求（令牌）", "Adapter loads": "适配器加载次数",
    "Save the whole comparison (what differs, key numbers, parameters and all charts) as one PNG or SVG picture.\nRight-click a chart to export it alone.":
        "将整个对比（差异、关键数值、参数和所有图表）保存为一张 PNG 或 SVG 图片。\n右键单击某个图表可单独导出。",
    "The Workload tab shows an imported trace; B is generated from the current parameters.":
        "“工作负载”标签页显示的是导入的轨迹；B 由当前参数生成。",
    "Key numbers": "关键数值", "Parameters": "参数", "Parameter": "参数",
    "Figure": "指标", "A/B &Compare": "A/B 对比(&C)",
    "Pinned the current parameters as A: keep editing, the A/B Compare tab shows the difference.":
        "已将当前参数固定为 A：继续编辑，“A/B 对比”标签页会显示差异。",
})


# --- Sweep tab, sweep charts and table, sweeps in the A/B compare tab ---
ZH.update({
    "S&weep": "扫描(&W)", "Sweep": "扫描", "All sweep charts": "全部扫描图表",
    "<p>Licensed under the Apache License, Version 2.0.</p>": "<p>依据 Apache 许可证 2.0 版授权。</p>",
    "Opened %1 in the Workload and Admission tabs (Edit > Undo goes back).": "已在“工作负载”和“准入预览”标签页中打开 %1（“编辑 > 撤销”可返回）。",
    "pinned from the Sweep tab: %1": "从“扫描”标签页固定：%1",
    "Pinned the sweep as A: run another sweep in the Sweep tab, it shows as B.": "已将该扫描固定为 A：在“扫描”标签页再运行一次扫描，它将显示为 B。",
    "Parameter sets": "参数组", "Sweeps": "扫描",
    "Two workloads (and servers) side by side.": "并排对比两个工作负载（及服务器）。",
    "Two sweeps from the Sweep tab or from sweep files: their curves over the same parameter.": "对比来自“扫描”标签页或扫描文件的两次扫描：同一参数下的曲线。",
    # the Sweep tab
    "One row per point. Double-click a row (or click a point on a chart) to open it in the Workload and Admission tabs.":
        "每个点一行。双击一行（或单击图表上的点）即可在“工作负载”和“准入预览”标签页中打开它。",
    "What to sweep": "扫描什么", "Current workload and server": "当前工作负载和服务器", "S-LoRA paper suite": "S-LoRA 论文实验套件",
    "Current: the Workload tab's spec and the Admission tab's server, with one parameter varied.\nS-LoRA paper suite: a benchmark of S-LoRA's exp_suite.py with the settings it ran on (slora generator, seed 42, the server's KV size, the GPU's cost model); S-LoRA's published measurements are drawn over the preview.":
        "当前：使用“工作负载”标签页的规格和“准入预览”标签页的服务器，只改变一个参数。\nS-LoRA 论文实验套件：S-LoRA exp_suite.py 中的基准，使用其运行时的设置（slora 生成器、种子 42、服务器的 KV 容量、该 GPU 的代价模型）；S-LoRA 发表的实测值会叠加在预览曲线上。",
    "Source:": "来源：", "Suite:": "套件：", "Model setting:": "模型设置：", "Server:": "服务器：", "Parameter:": "参数：", "Values:": "取值：",
    "The suites of S-LoRA's benchmarks/exp_suite.py; the first value of the others is kept.":
        "S-LoRA benchmarks/exp_suite.py 中的套件；其他参数取各自的第一个值。",
    "S-LoRA's model setting: base model and adapter ranks (S1: llama-7b rank 8; S2: 7b ranks 64/32/16/8; S4: 13b ranks 64/32/16).":
        "S-LoRA 的模型设置：基础模型和适配器秩（S1：llama-7b，秩 8；S2：7b，秩 64/32/16/8；S4：13b，秩 64/32/16）。",
    "S-LoRA": "S-LoRA", "S-LoRA with abort (--enable-abort)": "S-LoRA 带中止（--enable-abort）",
    "S-LoRA published the cv suites both without and with --enable-abort (requests waiting 5.5 s are dropped).":
        "S-LoRA 发表的 cv 套件结果包括不带和带 --enable-abort 两种（等待达 5.5 s 的请求会被丢弃）。",
    "The parameter to vary: workload parameters (rate, adapters, α, cv, ...) or the server's launch settings.":
        "要改变的参数：工作负载参数（速率、适配器数、α、cv 等）或服务器的启动设置。",
    "0.5:10:0.5 or 1,2,4,8": "0.5:10:0.5 或 1,2,4,8",
    "A list (1,2,4,8) or a range LO:HI:STEP (0.5:10:0.5 = 20 values). At most 1000 points.\nThe capacity finder searches between the smallest and the largest value.":
        "列表（1,2,4,8）或范围 LO:HI:STEP（0.5:10:0.5 = 20 个值）。最多 1000 个点。\n容量搜索在最小值与最大值之间进行。",
    "Service-level objective": "服务等级目标 (SLO)", " s": " s", "off": "关闭", " ms": " ms", " %": " %",
    "A request meets the SLO only if its first token comes within this time after it arrived (S-LoRA: 6 s). 0 = no bound.":
        "只有当请求到达后在此时间内得到首个令牌，才算满足 SLO（S-LoRA：6 s）。0 = 不设上限。",
    "Bound on the time per output token after the first: (E2E − TTFT)/(tokens − 1). 0 = no bound.":
        "首令牌之后每个输出令牌的时间上限：(E2E − TTFT)/(令牌数 − 1)。0 = 不设上限。",
    "Bound on the end-to-end latency. 0 = no bound.": "端到端延迟的上限。0 = 不设上限。",
    "A point meets the SLO when at least this share of all its requests meets every bound.":
        "当一个点的全部请求中至少有这一比例满足所有上限时，该点满足 SLO。",
    "TTFT ≤": "TTFT ≤", "TPOT ≤": "TPOT ≤", "E2E ≤": "E2E ≤", "for at least": "比例至少",
    "Run sweep": "运行扫描", "Find capacity": "寻找容量",
    "Preview every value (in parallel, off the GUI thread); the charts grow point by point.":
        "预览每一个取值（并行，在界面线程之外运行）；图表逐点增长。",
    "The largest value that still meets the SLO, by bracketing and bisection to 1 % (between the smallest and largest of the values), then the saturation point and the adapters that break the SLO first.":
        "通过区间包围和二分法（精度 1 %，在取值的最小值与最大值之间）找出仍满足 SLO 的最大值，然后找出饱和点以及最先违反 SLO 的适配器。",
    "Stop; the points that finished stay.": "停止；已完成的点会保留。",
    "Choose a parameter and its values, then Run sweep or Find capacity.": "选择一个参数及其取值，然后点击“运行扫描”或“寻找容量”。",
    "Export figure…": "导出图…", "Export table…": "导出表格…", "Compare in A/B…": "在 A/B 中对比…",
    "Save all the sweep's charts as one PNG or SVG picture (right-click a chart to save it alone).":
        "将扫描的所有图表保存为一张 PNG 或 SVG 图片（右键单击某个图表可单独保存）。",
    "Save the points as JSON Lines (spec, server, metrics and per-adapter metrics of each) or CSV, as lorascope-cli sweep writes them.":
        "将各点保存为 JSON Lines（每个点的规格、服务器、指标和各适配器指标）或 CSV，格式与 lorascope-cli sweep 的输出相同。",
    "Pin this sweep as A in the A/B Compare tab; the next sweep you run here is B.": "将此扫描固定为“A/B 对比”标签页中的 A；你在这里运行的下一次扫描即为 B。",
    "Export Table": "导出表格", "JSON Lines (*.jsonl);;CSV (*.csv)": "JSON Lines (*.jsonl);;CSV (*.csv)",
    "Per adapter: mean TTFT": "各适配器：平均 TTFT", "Per adapter: SLO attainment": "各适配器：SLO 达成率", "Per adapter: throughput": "各适配器：吞吐量",
    "The six adapters with the most requests over the sweep, one line each.": "整个扫描中请求最多的六个适配器，每个一条线。",
    "Values": "取值",
    "%n point(s); the clock is the cost model's (seconds).": "%n 个点；时钟为代价模型时钟（秒）。",
    "Finding the largest %1 that meets the SLO (%2)…": "正在寻找满足 SLO（%2）的最大 %1…",
    "Previewing %n point(s)…": "正在预览 %n 个点…", "%n point(s)": "%n 个点",
    "Cancelled: %n point(s) finished and kept.": "已取消：%n 个点已完成并保留。",
    "<b>Cost model:</b> %1 — %2": "<b>代价模型：</b>%1 — %2",
    "<br>S-LoRA published no measurements for this suite, model setting and server (%1).": "<br>S-LoRA 没有发表该套件、模型设置和服务器组合的实测值（%1）。",
    "<br><b>%1</b>: preview vs paper over %2 published point(s): throughput off by %3 % on average (MAPE), mean first-token latency by %4 %, SLO attainment by %5 points.":
        "<br><b>%1</b>：预览与论文在 %2 个已发表点上的对比：吞吐量平均偏差 %3 %（MAPE），平均首令牌延迟偏差 %4 %，SLO 达成率相差 %5 个百分点。",
    "<br><small>Published rows: %1.</small>": "<br><small>已发表数据：%1。</small>",
    "sweep of %1": "%1 的扫描", "There is no sweep yet.": "尚无扫描。", "Sweep point %1 = %2": "扫描点 %1 = %2",
    # the table of points
    "%1 of %2": "%1 / %2", " (saturated)": "（饱和）",
    "Meets the SLO: at least %1 % of requests within it.": "满足 SLO：至少 %1 % 的请求在目标之内。",
    "Misses the SLO: fewer than %1 % of requests within it.": "未满足 SLO：在目标之内的请求少于 %1 %。",
    "Saturated: requests complete slower than they arrive (achieved/offered below %1).": "饱和：请求完成得比到达得慢（实际/提供低于 %1）。",
    "Keeps up: no measurable shortfall of completions against arrivals.": "跟得上：完成数相对到达数没有可测量的不足。",
    "Double-click to open this point in the Workload and Admission tabs.": "双击可在“工作负载”和“准入预览”标签页中打开此点。",
    "Completed": "已完成", "Throughput (req/s)": "吞吐量 (req/s)", "Goodput (req/s)": "有效吞吐量 (req/s)",
    "TTFT p50 (s)": "TTFT p50 (s)", "TTFT p90 (s)": "TTFT p90 (s)", "TTFT p99 (s)": "TTFT p99 (s)", "TPOT p50 (ms)": "TPOT p50 (ms)",
    "E2E p50 (s)": "E2E p50 (s)", "E2E p99 (s)": "E2E p99 (s)", "SLO (%)": "SLO (%)", "S-LoRA SLO (%)": "S-LoRA SLO (%)",
    "Achieved / offered": "实际 / 提供", "Peak queue": "队列峰值",
    "The value of the swept parameter at this point.": "该点处被扫描参数的取值。",
    "Requests that completed, of all requests of the point's trace (in the measured window).": "该点轨迹的全部请求（测量窗口内）中已完成的请求数。",
    "Completed requests per second, from the start of the run to the last completion (as S-LoRA and vLLM count it).":
        "每秒完成的请求数，从运行开始到最后一个请求完成（与 S-LoRA 和 vLLM 的计法相同）。",
    "Requests per second that completed within every bound of your SLO.": "每秒在你的 SLO 所有上限之内完成的请求数。",
    "Time to first token: from arrival to the first generated token, at the 50th, 90th or 99th percentile.":
        "首令牌时间：从到达到生成第一个令牌，取第 50、90 或 99 百分位。",
    "Time per output token after the first: (E2E − TTFT) / (output tokens − 1), median.": "首令牌之后每个输出令牌的时间：(E2E − TTFT) / (输出令牌数 − 1)，中位数。",
    "End-to-end latency: from arrival to the last token.": "端到端延迟：从到达到最后一个令牌。",
    "Share of all requests (refused, dropped and unfinished ones count as misses) that met your SLO: %1.":
        "满足你的 SLO 的请求占全部请求的比例（被拒绝、被丢弃和未完成的请求都计为未满足）：%1。",
    "S-LoRA's SLO attainment: share of all requests whose first token came within 6 s.": "S-LoRA 的 SLO 达成率：首令牌在 6 s 内到来的请求占全部请求的比例。",
    "Completion rate over arrival rate in the steady part of the run (after the ramp-up). Below %1 the server is saturated: its backlog grows.":
        "运行稳定阶段（爬升之后）的完成速率与到达速率之比。低于 %1 时服务器饱和：积压不断增长。",
    "Most requests waiting for admission at once.": "同时等待准入的最多请求数。",
    "Largest KV-cache need of the running batch (S-LoRA's admission test), in token slots.": "运行批次的最大 KV 缓存需求（S-LoRA 的准入判断），以令牌槽位计。",
    # sweep charts
    "S-LoRA paper: %1, %2%3": "S-LoRA 论文：%1，%2%3", ", abort": "，带中止", "capacity": "容量",
    "throughput": "吞吐量", "goodput": "有效吞吐量", "offered rate": "提供速率", "offered": "提供速率",
    "TTFT mean": "TTFT 均值", "TTFT p50": "TTFT p50", "TTFT p90": "TTFT p90", "TTFT p99": "TTFT p99", "TPOT p50": "TPOT p50",
    "E2E mean": "E2E 均值", "E2E p50": "E2E p50", "E2E p90": "E2E p90", "E2E p99": "E2E p99",
    "SLO attainment": "SLO 达成率", "S-LoRA attainment (TTFT < 6 s)": "S-LoRA 达成率（TTFT < 6 s）",
    "achieved / offered": "实际 / 提供", "peak queue": "队列峰值", "ms": "ms", "ratio": "比值", "adapters": "适配器",
    "Throughput": "吞吐量", "requests per second (req/s)": "每秒请求数 (req/s)", "paper": "论文",
    "Time to first token": "首令牌时间", "TTFT (s)": "TTFT (s)", "p50": "p50", "p90": "p90", "p99": "p99", "mean": "均值",
    "paper mean": "论文均值", "SLO": "SLO", "End-to-end latency": "端到端延迟", "E2E (s)": "E2E (s)",
    "requests within the SLO (%)": "满足 SLO 的请求 (%)", "your SLO": "你的 SLO", "S-LoRA (6 s)": "S-LoRA（6 s）", "target": "目标",
    "Saturation": "饱和", "achieved / offered rate (ratio)": "实际 / 提供速率（比值）", "threshold %1": "阈值 %1",
    "TTFT mean (s)": "TTFT 均值 (s)", "preview": "预览", "throughput (req/s)": "吞吐量 (req/s)", "within the SLO (%)": "满足 SLO (%)",
    "achieved/offered (ratio)": "实际/提供（比值）",
    # the Sweep tab's sentences (ui/sweep/sweeptext.cpp)
    "%1 ms": "%1 ms", "%1 s": "%1 s", "TTFT ≤ %1": "TTFT ≤ %1", "TPOT ≤ %1": "TPOT ≤ %1", "E2E ≤ %1": "E2E ≤ %1",
    "%1 for at least %2 % of requests": "%1，至少 %2 % 的请求", ", ": "，", "; ": "；",
    "request rate R (req/s)": "请求速率 R (req/s)", "number of adapters n": "适配器数 n", "popularity skew α": "热度偏斜 α",
    "Zipf exponent s": "Zipf 指数 s", "burstiness cv": "突发度 cv", "duration T (s)": "时长 T (s)", "random seed": "随机种子",
    "input length max (tokens)": "输入长度上限（令牌）", "output length max (tokens)": "输出长度上限（令牌）", "server: %1": "服务器：%1",
    "Total request rate over all adapters, requests per second.": "所有适配器的总请求速率，每秒请求数。",
    "Number of adapters (0 = base model only).": "适配器数量（0 = 只用基础模型）。",
    "Popularity skew: adapter i gets ((i+1)/n)^α − (i/n)^α of the traffic; small α, a few hot adapters.":
        "热度偏斜：适配器 i 获得 ((i+1)/n)^α − (i/n)^α 的流量；α 越小，少数适配器越热门。",
    "Zipf exponent of the adapter popularity.": "适配器热度的 Zipf 指数。",
    "Coefficient of variation of the gaps between arrivals: 1 = Poisson, larger = burstier.": "到达间隔的变异系数：1 = 泊松过程，越大越突发。",
    "Length of the trace, seconds.": "轨迹时长，秒。",
    "Random seed: the same workload drawn again, to see the sampling noise.": "随机种子：重新抽取同一工作负载，以观察采样噪声。",
    "Upper end (exclusive) of the input length range, tokens.": "输入长度范围的上端（不含），令牌数。",
    "Upper end (exclusive) of the output length range, tokens.": "输出长度范围的上端（不含），令牌数。",
    "KV-cache token slots of the server, shared with the adapter weights.": "服务器的 KV 缓存令牌槽位，与适配器权重共用。",
    "Largest sum of input tokens of a newly admitted prefill batch.": "新准入的预填充批次的输入令牌总数上限。",
    "Most requests in the running batch.": "运行批次中的最多请求数。", "Decode steps between two admission attempts.": "两次准入尝试之间的解码步数。",
    "vLLM: most running requests.": "vLLM：最多运行中请求数。", "vLLM: most prefill tokens per step.": "vLLM：每步最多预填充令牌数。",
    "vLLM: most distinct adapters in one batch.": "vLLM：一个批次中最多的不同适配器数。",
    "A10G: number of adapters": "A10G：适配器数量", "A10G: popularity skew": "A10G：热度偏斜", "A10G: burstiness": "A10G：突发度",
    "A10G: request rate": "A10G：请求速率", "A100-40G: number of adapters": "A100-40G：适配器数量",
    "A100-80G, S2: number of adapters": "A100-80G，S2：适配器数量", "A100-80G, S4: number of adapters": "A100-80G，S4：适配器数量",
    "A100-80G, S4: request rate": "A100-80G，S4：请求速率", "A100-80G, S4: burstiness": "A100-80G，S4：突发度",
    "A100-80G: throughput table": "A100-80G：吞吐量表", "Ablation: no unified memory pool": "消融：无统一内存池",
    "Ablation: adapter clustering": "消融：适配器聚类", "Ablation: adapter clustering under bursts": "消融：突发下的适配器聚类",
    "number of adapters": "适配器数量", "request rate": "请求速率",
    "S-LoRA paper, %1, %2%3: throughput vs %4": "S-LoRA 论文，%1，%2%3：吞吐量随%4变化", " (abort)": "（带中止）",
    "No point finished.": "没有点完成。",
    "No point meets the SLO (%1). The best, %2, has %3 of requests within it: %4 points short.":
        "没有点满足 SLO（%1）。最好的点 %2 有 %3 的请求满足：差 %4 个百分点。",
    "Largest point meeting the SLO (%1): <b>%2</b>.": "满足 SLO（%1）的最大点：<b>%2</b>。",
    "No point saturates: completions keep up with arrivals (achieved/offered ≥ %1) up to %2.": "没有点饱和：直到 %2，完成都跟得上到达（实际/提供 ≥ %1）。",
    "Saturated from <b>%1</b>: completions fall behind arrivals (achieved/offered %2, below %3).": "从 <b>%1</b> 起饱和：完成落后于到达（实际/提供 %2，低于 %3）。",
    "GuideLLM's over-saturation test (requests in flight and TTFT both rising) fires from %1.": "GuideLLM 的过饱和检测（在途请求数和 TTFT 同时上升）从 %1 起触发。",
    "Stopped before the SLO boundary was bracketed.": "在找到 SLO 边界区间之前就停止了。",
    "Not converged: the evaluation budget is spent. The bracket so far:": "未收敛：评估次数已用完。目前的区间：",
    "Capacity <b>%1</b>: meets the SLO (%2) with %3 of requests; %4 misses it (%5). The bracket is %6 wide after %n point(s) in %7 s.":
        "容量 <b>%1</b>：以 %3 的请求满足 SLO（%2）；%4 不满足（%5）。经过 %n 个点、%7 s，区间宽度为 %6。",
    "No value tried (%1 to %2) meets the SLO (%3). At the lowest, %4, %5 of requests meet it: %6 points short of the target.":
        "所试的取值（%1 到 %2）都不满足 SLO（%3）。在最低值 %4 处，%5 的请求满足：比目标差 %6 个百分点。",
    "Every value up to %1 meets the SLO (%2; %3 at the highest): widen the values' range upwards.": "直到 %1 的所有取值都满足 SLO（%2；最高处为 %3）：请把取值范围向上扩大。",
    "Saturated from <b>%1</b> (achieved/offered %2, below 0.98); %3 keeps up.": "从 <b>%1</b> 起饱和（实际/提供 %2，低于 0.98）；%3 仍跟得上。",
    "The range never saturates: achieved/offered is still %1 at the highest value tried, %2.": "该范围内从未饱和：在所试的最高值 %2 处，实际/提供仍为 %1。",
    "Saturated even at the lowest value tried, %1 (achieved/offered %2).": "即使在所试的最低值 %1 也已饱和（实际/提供 %2）。",
    "rank %1: %2 → %3": "秩 %1：%2 → %3", "SLO attainment by adapter rank, at the capacity → just above it: %1.": "按适配器秩的 SLO 达成率，容量处 → 刚超过容量处：%1。",
    "%1 (rank %2, misses from %3)": "%1（秩 %2，从 %3 起不满足）",
    "First to break the SLO (adapters with at least 5 requests): %1.": "最先违反 SLO 的适配器（至少 5 个请求）：%1。",
    "Note: %1": "注意：%1", "Cancelled: these are the points that finished.": "已取消：以下为已完成的点。",
    "<br>S-LoRA published no measurements for this suite, model setting and server.": "<br>S-LoRA 没有发表该套件、模型设置和服务器组合的实测值。",
    # sweeps in the A/B compare tab
    "Load sweep A…": "加载扫描 A…", "Load sweep B…": "加载扫描 B…",
    "Read A from a sweep file (lorascope-cli sweep -o, or Export table in the Sweep tab: .jsonl or .csv).":
        "从扫描文件读取 A（lorascope-cli sweep -o 的输出，或“扫描”标签页的“导出表格”：.jsonl 或 .csv）。",
    "Read B from a sweep file (B then no longer follows the Sweep tab).": "从扫描文件读取 B（之后 B 不再跟随“扫描”标签页）。",
    "B = Sweep tab": "B = 扫描标签页", "B shows the latest sweep of the Sweep tab again.": "B 重新显示“扫描”标签页的最新扫描。",
    "Save the header, the key numbers and all charts as one PNG or SVG picture.": "将标题、关键数值和所有图表保存为一张 PNG 或 SVG 图片。",
    "Load Sweep A": "加载扫描 A", "Load Sweep B": "加载扫描 B", "Sweep results (*.jsonl *.csv)": "扫描结果 (*.jsonl *.csv)",
    "Load Sweep": "加载扫描", "%1 has no points.": "%1 没有任何点。", "the Sweep tab's next sweep": "“扫描”标签页的下一次扫描", "none": "无",
    "%1 — %2 over %n point(s)%3": "%1 — %2，共 %n 个点%3", "Sweep tab: %1": "扫描标签页：%1", ", cost model %1": "，代价模型 %1",
    "%1 <b>A</b>: %2<br>%3 <b>B</b>: %4": "%1 <b>A</b>：%2<br>%3 <b>B</b>：%4",
    "pin a sweep from the Sweep tab (Compare in A/B…) or load a file": "从“扫描”标签页固定一次扫描（在 A/B 中对比…）或加载文件",
    "A varies %1 and B varies %2: their curves do not share an x axis. Sweep the same parameter to compare them.":
        "A 改变的是 %1，B 改变的是 %2：两者的曲线没有共同的横轴。请扫描同一参数再对比。",
    "points": "点数", "Points in each sweep.": "每次扫描的点数。", "largest value meeting its SLO": "满足其 SLO 的最大取值",
    "The largest swept value whose point still meets the sweep's own SLO (each side's SLO is shown in its file).":
        "其点仍满足该扫描自身 SLO 的最大扫描取值（每一侧的 SLO 记录在其文件中）。",
    "first saturated value": "首个饱和取值",
    "The smallest swept value where completions fall behind arrivals (achieved/offered below 0.98).": "完成数落后于到达数的最小扫描取值（实际/提供低于 0.98）。",
    "peak throughput (req/s)": "峰值吞吐量 (req/s)", "The highest completed requests per second over the sweep's points.": "扫描各点中每秒完成请求数的最大值。",
    "<p>A and B are drawn over the same axis; a point exists only where that sweep has one. Each side's SLO is its own: compare attainment only when both used the same SLO.</p>":
        "<p>A 和 B 画在同一横轴上；只有该扫描在某处有点时才会显示。每一侧的 SLO 各自独立：只有两者使用相同的 SLO 时才可比较达成率。</p>",
})

# vLLM V1 policy (admission tab, wait reasons in the server's terms)
ZH.update({
    "More KV cache blocks (num_gpu_blocks), a lower rate R or shorter requests would help.": "增加 KV 缓存块（num_gpu_blocks）、降低速率 R 或缩短请求会有帮助。",
    "More LoRA slots (max_loras), fewer distinct adapters or a lower rate R would help.": "增加 LoRA 槽位（max_loras）、减少不同适配器的数量或降低速率 R 会有帮助。",
    "<p><b>After this pass</b>: running %1, waiting %2. KV cache: %3 of %4 blocks in use (%5 tokens each). This pass computed %6 prompt tokens for %7 requests and decoded %8; adapters in GPU slots: %9 (max_loras %10), in the CPU cache: %11.</p>": "<p><b>本次计算之后</b>：运行中 %1，等待中 %2。KV 缓存：已用 %3 / %4 个块（每块 %5 个令牌）。本次计算为 %7 个请求计算了 %6 个提示词令牌，解码了 %8 个；GPU 槽位中的适配器：%9 个（max_loras %10），CPU 缓存中：%11 个。</p>",
    "<p><b>Preempted</b> (recompute, back to the front of the queue): %1.</p>": "<p><b>被抢占</b>（重算，回到队列最前面）：%1。</p>",
    "%1 (%2, resumed)": "%1（%2，恢复）",
    "<p><b>Scheduled from the queue</b>: %1.</p>": "<p><b>从队列中调度</b>：%1。</p>",
    "<p><b>The first request still waiting</b>: %1.</p>": "<p><b>仍在等待的第一个请求</b>：%1。</p>",
    "Token slots of the KV cache on the GPU, shared with the adapter weights (rank × 4 slots per resident adapter). S-LoRA's default is %1; its own A100-80G runs of S4 use 65000.": "GPU 上 KV 缓存的令牌槽位，与适配器权重共享（每个驻留适配器占 秩 × 4 个槽位）。S-LoRA 的默认值为 %1；它自己在 A100-80G 上运行 S4 时使用 65000。",
    "Max requests in the running batch. Default %1.": "运行批次中的最大请求数。默认 %1。",
    "Input + output tokens of one request must not exceed it, else the request is refused (HTTP 500). Default %1.": "单个请求的输入 + 输出令牌数不得超过此值，否则请求被拒绝（HTTP 500）。默认 %1。",
    "Input tokens of one request must not exceed it, else the request is refused. Default %1.": "单个请求的输入令牌数不得超过此值，否则请求被拒绝。默认 %1。",
    "vLLM V1": "vLLM V1",
    "S-LoRA: its FIFO queue, exactly. S-LoRA with abort (--enable-abort): newest first, drops requests waiting ≥ 5.5 s. vLLM V1 (%1): its scheduler rule for rule — one token budget per step shared by decodes and prefill chunks, KV blocks with preemption, max_loras adapters per step.": "S-LoRA：精确复现其 FIFO 队列。带中止的 S-LoRA（--enable-abort）：最新请求优先，丢弃等待 ≥ 5.5 s 的请求。vLLM V1（%1）：逐条复现其调度器规则——每步一个令牌预算，由解码和预填充分块共享；KV 块与抢占；每步最多 max_loras 个适配器。",
    "vLLM V1 policy": "vLLM V1 策略",
    "vLLM: max running requests; 0 = vLLM's default min(256, max_num_batched_tokens).": "vLLM：最大运行请求数；0 = vLLM 的默认值 min(256, max_num_batched_tokens)。",
    "vLLM: the token budget of one step, shared by decodes and prefill chunks; 0 = vLLM's default (2048 with chunked prefill).": "vLLM：单步的令牌预算，由解码和预填充分块共享；0 = vLLM 的默认值（启用分块预填充时为 2048）。",
    "KV cache blocks": "KV 缓存块",
    "vLLM: KV cache blocks on the GPU, one of them the reserved null block (default %1, of %2 tokens each).": "vLLM：GPU 上的 KV 缓存块，其中一个是保留的空块（默认 %1 个，每块 %2 个令牌）。",
    "blocks": "块",
    "vLLM: different adapters among the requests of one step (default %1).": "vLLM：单步请求中不同适配器的最大数量（默认 %1）。",
    "Max LoRA rank": "最大 LoRA 秩",
    "vLLM: its LoRA kernels run at this rank for every adapter; adapters of a larger rank are refused (default %1; vLLM accepts 1, 8, 16, 32, 64, 128, 256, 320 or 512).": "vLLM：其 LoRA 内核对每个适配器都按此秩计算；秩更大的适配器会被拒绝（默认 %1；vLLM 接受 1、8、16、32、64、128、256、320 或 512）。",
    "LoRA slots full": "LoRA 槽位已满",
    "step token budget used up": "本步令牌预算已用完",
    "preempted": "被抢占",
    "a running request was preempted": "有运行中的请求被抢占",
    "adapter %1": "适配器 %1",
    "%1 more": "另有 %1 个",
    "step %1": "第 %1 步",
    "needs %1 KV blocks, %2 free": "需要 %1 个 KV 块，空闲 %2 个",
    "LoRA slots full: this step's batch already has max_loras = %1 adapters (%2)": "LoRA 槽位已满：本步批次已有 max_loras = %1 个适配器（%2）",
    "preempted at %1 (recompute, %2 tokens again)": "在%1被抢占（重算，需重新计算 %2 个令牌）",
    "step token budget used up: needs %1 tokens, %2 left": "本步令牌预算已用完：需要 %1 个令牌，剩余 %2 个",
    "running batch full: max_num_seqs = %1": "运行批次已满：max_num_seqs = %1",
    "LoRA slots full: this step's batch already has max_loras = %1 adapters (%2); vLLM sets the request aside and schedules later requests of those adapters (and of the base model) past it.": "LoRA 槽位已满：本步批次已有 max_loras = %1 个适配器（%2）；vLLM 将该请求搁置，让后面使用这些适配器（以及基础模型）的请求越过它先被调度。",
    "The running batch already holds max_num_seqs = %1 requests.": "运行批次已有 max_num_seqs = %1 个请求。",
    "Its prompt needs %1 tokens in one step, but only %2 of the step's max_num_batched_tokens are left (chunked prefill is off, so the scan stops here).": "它的提示词需要在一步内处理 %1 个令牌，但本步的 max_num_batched_tokens 只剩 %2 个（分块预填充已关闭，因此扫描在此停止）。",
    "The step's token budget (max_num_batched_tokens) was used up by requests ahead of it; it needs %1 tokens.": "本步的令牌预算（max_num_batched_tokens）已被排在它前面的请求用完；它需要 %1 个令牌。",
    "It needs %1 KV blocks for this step, but only %2 are free (vLLM: the scan stops at the first request whose blocks do not fit).": "它本步需要 %1 个 KV 块，但只有 %2 个空闲（vLLM：扫描在第一个放不下其 KV 块的请求处停止）。",
    "It was preempted at %1 to free KV blocks for older running requests (recompute: its %2 prompt and generated tokens are prefilled again when it is scheduled next).": "它在%1被抢占，为更早运行的请求腾出 KV 块（重算：下次被调度时，它的 %2 个提示词和已生成令牌会重新预填充）。",
    "A running request was preempted in this step, and vLLM schedules no waiting request in a step that preempted.": "本步有运行中的请求被抢占，而 vLLM 在发生抢占的步中不调度任何等待中的请求。",
    "input + output longer than max_model_len (%1 tokens)": "输入 + 输出超过 max_model_len（%1 个令牌）",
    "adapter rank larger than max_lora_rank (%1)": "适配器的秩大于 max_lora_rank（%1）",
    "adapter loading from disk": "从磁盘加载适配器",
    "adapter loading from CPU": "从 CPU 内存加载适配器",
    "%1 before its first pass": "在其第一次前向计算之前%1",
    "%1: %2": "%1：%2",
    "mixed (prefill chunks and decodes)": "混合（预填充分块与解码）",
    "<h2>LoraScope in five minutes</h2><p>LoraScope designs synthetic workloads for multi-LoRA LLM servers (S-LoRA, vLLM, SGLang, LoRAX), previews how a server would admit and delay them, exports them for other tools and replays them against a server.</p><h3>1. Workload</h3><p>Pick a <b>preset</b> (the S-LoRA paper's settings S1–S6, or one of its benchmark suites), then change the <b>number of adapters n</b>, the <b>rate R</b>, the <b>popularity skew α</b> and the <b>burstiness cv</b>. The charts follow at once: bars are the generated trace, red lines what the model expects, so you see sampling noise against the model. Hover or click a parameter: the explain panel gives its meaning, formula and current effect.</p><h3>2. Admission preview</h3><p>How a server with the given limits (S-LoRA's queue rules, or vLLM V1's scheduler) would run this workload: requests running and waiting over time, the KV cache against its capacity, latency distributions, and every request on a Gantt chart. Hover a request to see <i>why it waited</i>. A red banner says when arrivals exceed what the server can serve. <b>Step through</b> runs the scheduler one forward pass at a time: press W to jump to the next pass where a limit makes a request wait.</p><h3>3. Export and replay</h3><p>File &gt; Export Trace writes the trace in the format another tool reads (S-LoRA, vLLM, GuideLLM, Mooncake, CSV). The Replay tab sends it to a server, or to the built-in simulated server, and charts throughput and latency live.</p><h3>4. Compare</h3><p>View &gt; Pin Current Parameters as A (Ctrl+Shift+A), change something, and the A/B Compare tab shows both workloads and their previews side by side with the differences.</p><h3>5. Sweep</h3><p>The Sweep tab varies one parameter over a range and finds the highest rate that meets your SLO, with S-LoRA's published measurements drawn over the preview for the paper's suites.</p><h3>Tips</h3><ul><li>F1 explains the tab in front of you; F9 hides the side panels to give the charts the whole window.</li><li>Every edit can be undone (Ctrl+Z); sessions (File &gt; Save Session) keep parameters, server settings and view.</li><li>Right-click a chart to export it as PNG or SVG at the size and scale you choose.</li></ul>": "<h2>五分钟上手 LoraScope</h2><p>LoraScope 为多 LoRA 大模型服务系统（S-LoRA、vLLM、SGLang、LoRAX）设计合成工作负载，预览服务器将如何准入和延迟这些请求，将其导出给其他工具，并向服务器回放。</p><h3>1. 工作负载</h3><p>选择一个<b>预设</b>（S-LoRA 论文中的设置 S1–S6，或其中的某个基准测试套件），然后修改<b>适配器数量 n</b>、<b>速率 R</b>、<b>热度偏斜 α</b> 和<b>突发度 cv</b>。图表会立即更新：柱状图是生成的轨迹，红线是模型的期望值，由此可以看出采样噪声与模型的差别。悬停或点击某个参数：说明面板会给出它的含义、公式和当前的影响。</p><h3>2. 准入预览</h3><p>在给定限制下（S-LoRA 的队列规则，或 vLLM V1 的调度器）服务器会如何运行这个工作负载：运行中和等待中的请求随时间的变化、KV 缓存与其容量的对比、延迟分布，以及甘特图上的每一个请求。悬停在某个请求上可以看到<i>它为什么等待</i>。当到达速度超过服务器的处理能力时，会出现红色横幅提示。<b>逐步执行</b>每次运行调度器的一次前向计算：按 W 跳到下一次因某个限制而使请求等待的前向计算。</p><h3>3. 导出与回放</h3><p>“文件 &gt; 导出轨迹”以其他工具可读的格式（S-LoRA、vLLM、GuideLLM、Mooncake、CSV）写出轨迹。“回放”选项卡把轨迹发送到服务器或内置的模拟服务器，并实时绘制吞吐量和延迟。</p><h3>4. 对比</h3><p>“视图 &gt; 将当前参数固定为 A”（Ctrl+Shift+A），然后修改某些参数，“A/B 对比”选项卡会并排显示两个工作负载及其预览，并列出差异。</p><h3>5. 扫描</h3><p>“扫描”选项卡在一个范围内改变某个参数，并找出仍满足 SLO 的最高速率；对论文中的套件，还会把 S-LoRA 发表的 GPU 实测点画在预览曲线上。</p><h3>提示</h3><ul><li>F1 解释当前选项卡；F9 隐藏侧边面板，让图表占据整个窗口。</li><li>每次编辑都可以撤销（Ctrl+Z）；会话（文件 &gt; 保存会话）会保存参数、服务器设置和视图。</li><li>右键单击图表，可按所选尺寸和缩放将其导出为 PNG 或 SVG。</li></ul>",
})

# The desktop's second pass: the main window's parts (ui/window/), "why it waited" read first,
# the sustainable capacity, noise in A/B, replay's throughput against the offered rate.
ZH.update({
    "Admission preview": "准入预览", "A/B Compare": "A/B 对比", "Arrivals per adapter": "各适配器的到达",
    "The whole comparison": "完整对比", "PNG image (*.png)": "PNG 图像 (*.png)", "SVG image (*.svg)": "SVG 图像 (*.svg)",
    "Exported %1 to %2": "已将 %1 导出到 %2", "&What Am I Looking At?": "我在看什么？(&W)", "What am I looking at?": "我在看什么？",
    "&User Guide": "用户指南(&U)", "User Guide": "用户指南", "&Keyboard Shortcuts": "键盘快捷键(&K)", "Keyboard Shortcuts": "键盘快捷键",
    "%1 %": "%1%", "&Language": "语言(&L)", "Language": "语言",
    "The new language applies when LoraScope starts again. Restart now? Your parameters, settings and view are kept.":
        "新语言将在 LoraScope 重新启动后生效。现在重新启动吗？你的参数、设置和视图都会保留。",
    "Could not start LoraScope again; the language applies at the next start.": "无法重新启动 LoraScope；新语言将在下次启动时生效。",
    "base model (no adapter)": "基础模型（无适配器）", "%1 (rank %2)": "%1（秩 %2）", "⚠ Server overloaded": "⚠ 服务器过载",
    "In the admission preview, requests arrive faster than the server takes them in, so the queue grows. Click for the details.":
        "在准入预览中，请求到达的速度超过服务器的接纳速度，因此队列不断增长。点击查看详情。",
    "All files (*)": "所有文件 (*)", "%1 has no known trace extension. Read it as:": "%1 没有已知的轨迹扩展名。按以下格式读取：",
    "Admission preview: step through (while the tab is shown)": "准入预览：逐步执行（在该标签页显示时）",
    "The labels leave out the part every adapter's name starts with: %1": "标签省略了所有适配器名称共有的开头：%1",
    "out of range": "范围之外", "names: %1*": "名称：%1*", "Requests: why each waited": "请求：各自为何等待",
    "Δ is B − A; green = B better, red = B worse (latencies, refusals, throughput), only when B differs from A by %1 % or more: smaller differences are noise and stay grey (another random seed alone moves these figures by 3–8 %).":
        "Δ 为 B − A；绿色 = B 更好，红色 = B 更差（延迟、拒绝、吞吐量），仅当 B 与 A 相差至少 %1 % 时着色：更小的差异属于噪声，保持灰色（仅换一个随机种子就会使这些数字变化 3–8 %）。",
    "Within %1 % of A: noise, not a difference (another random seed alone moves these figures by 3–8 %).":
        "与 A 相差不到 %1 %：这是噪声，不是差异（仅换一个随机种子就会使这些数字变化 3–8 %）。",
    "Lower is better: green when B is lower than A by %1 % or more.": "越低越好：B 比 A 低至少 %1 % 时为绿色。",
    "Higher is better: green when B is higher than A by %1 % or more.": "越高越好：B 比 A 高至少 %1 % 时为绿色。",
    "The charts need more room: <a href=\"hide\">hide the side panel</a> (F9; View > Side Panels shows it again).":
        "图表需要更多空间：<a href=\"hide\">隐藏侧边栏</a>（F9；“视图 > 侧边栏”可再次显示）。",
    "Request throughput %1 req/s, output %2 tokens/s, over %3 s (first send to last completion, incl. %4 s of drain after the last send)\n":
        "请求吞吐量 %1 req/s，输出 %2 令牌/s，统计时长 %3 s（从第一次发送到最后一次完成，包括最后一次发送后 %4 s 的排空）\n",
    "Offered %1 req/s (%2 requests scheduled over %3 s)\n": "提供负载 %1 req/s（%2 个请求，计划在 %3 s 内发送）\n",
    "<p><b>Why it waited</b></p><p>Select a request in the table: its times, how long it waited in the queue and why, in full sentences, appear here.</p>":
        "<p><b>为何等待</b></p><p>在表格中选择一个请求：它的各个时间点、在队列中等待了多久以及原因，会以完整的句子显示在这里。</p>",
    "<p><b>Request %1</b> · %2 · %3 input / %4 output tokens</p>": "<p><b>请求 %1</b> · %2 · %3 输入 / %4 输出令牌</p>",
    "It was never admitted: the trace ended with it still in the queue.": "它从未被准入：轨迹结束时它仍在队列中。",
    "It waited only for the forward pass running when it arrived to end: the next admission check took it in.":
        "它只是在等待到达时正在运行的那次前向计算结束：下一次准入检查就接纳了它。",
    "It did not wait: admitted when it arrived.": "它没有等待：到达时即被准入。",
    "<p><b>Why it waited</b> (%1): %2</p>": "<p><b>为何等待</b>（%1）：%2</p>",
    "<p>Arrived %1 · admitted %2 · first token %3 · finished %4 (TTFT %5, end to end %6).</p>":
        "<p>到达 %1 · 准入 %2 · 首令牌 %3 · 完成 %4（TTFT %5，端到端 %6）。</p>",
    "<p><a href=\"step:%1\">Show the pass that admitted it in the step-through</a> (G in the Admission tab).</p>":
        "<p><a href=\"step:%1\">在逐步执行中显示准入它的那次计算</a>（准入标签页中按 G）。</p>",
    "<b>request %1</b> (arrived %2): %3": "<b>请求 %1</b>（到达 %2）：%3",
    "this pass only decodes, so nobody is admitted until the next admission check (after every %1 decode steps).":
        "这次计算只做解码，因此在下一次准入检查（每 %1 个解码步之后）之前没有请求被准入。",
    "<p><b>Starts waiting in this pass</b>: %1</p>": "<p><b>在这次计算中开始等待</b>：%1</p>",
    "Jump to the next pass in which a request starts waiting in the queue: a limit stopped the admission check, or the pass had none (W).":
        "跳到下一次有请求开始在队列中等待的计算：某个限制使准入检查停止，或这次计算没有准入检查（W）。",
    "No request starts waiting after this pass.": "这次计算之后没有请求开始等待。",
    "<p>The step-through runs the admission engine one forward pass at a time: a <b>prefill</b> of newly admitted requests or one <b>decode</b> step (every running request generates one token).</p><p>At each admission check you see every candidate's numbers: the KV slots the batch would need if every request ran to its end, the slots free for requests (max_total_token_num minus the adapter weights: rank × 4 slots per adapter in the batch), the input tokens of the new batch against batch_max_tokens, and why the check stopped.</p><p>Keys (while the Admission tab is shown): N next pass · P previous · W next wait · A next admission · R next refusal · G go to request · T go to time · Home restart.</p>":
        "<p>逐步执行每次运行准入引擎的一次前向计算：新准入请求的一次<b>预填充</b>，或一次<b>解码</b>（每个运行中的请求生成一个令牌）。</p><p>每次准入检查都会显示每个候选请求的数字：若每个请求都运行到结束，批次所需的 KV 槽位；可供请求使用的槽位（max_total_token_num 减去适配器权重：批次中每个适配器占 秩 × 4 个槽位）；新批次的输入令牌数与 batch_max_tokens 的比较；以及检查为何停止。</p><p>按键（在准入标签页显示时）：N 下一次计算 · P 上一次 · W 下一次等待 · A 下一次准入 · R 下一次拒绝 · G 转到请求 · T 转到时间 · Home 重新开始。</p>",
    "sustainable value": "可持续值",
    "The largest swept value whose point meets the sweep's SLO and keeps up with its arrivals (below the first saturated value).":
        "其点满足该扫描的 SLO 且能跟上到达速度（低于第一个饱和值）的最大扫描取值。",
    "sustainable capacity": "可持续容量", "sustainable %1": "可持续 %1", "Adapters %1*": "适配器 %1*",
    "Run sweep (or Find capacity) draws one point per value here.": "“运行扫描”（或“寻找容量”）会在这里为每个取值画一个点。",
    "Sustainable: <b>%1</b>, the largest point that meets the SLO (%2) and keeps up with its arrivals.":
        "可持续：<b>%1</b>，满足 SLO（%2）且能跟上到达速度的最大点。",
    "<b>Nothing sustainable</b>: every point that meets the SLO (%1) is saturated.": "<b>没有可持续的点</b>：每个满足 SLO（%1）的点都已饱和。",
    "Sustainable: <b>%1</b>, the largest point that meets the SLO (%2) below saturation.": "可持续：<b>%1</b>，低于饱和点且满足 SLO（%2）的最大点。",
    " A trace of at least %1 would tell.": "至少 %1 的轨迹才能看出来。",
    "Short-trace effect: points up to %1 meet the SLO although the server falls behind from %2; their %3 traces end before the backlog grows enough to break it.%4":
        "短轨迹效应：直到 %1 的点都满足 SLO，尽管服务器从 %2 起已跟不上；它们 %3 的轨迹在积压增长到足以打破 SLO 之前就结束了。%4",
    "SLO boundary: %1 meets the SLO (%2 of requests); %3 misses it (%4). The bracket is %5 wide after %n point(s) in %6 s.":
        "SLO 边界：%1 满足 SLO（%2 的请求）；%3 不满足（%4）。经过 %n 个点、%6 s，区间宽度为 %5。",
    "Sustainable capacity <b>%1</b>: the largest value that meets the SLO (%2; %3 of requests) while the server keeps up with its arrivals.":
        "可持续容量 <b>%1</b>：在服务器能跟上到达速度的前提下满足 SLO（%2；%3 的请求）的最大取值。",
    "Sustainable capacity <b>%1</b>, set by saturation: above it the server falls behind its arrivals (from %2), while it still meets the SLO (%3; %4 of requests).":
        "可持续容量 <b>%1</b>，由饱和决定：高于它（从 %2 起）服务器跟不上到达速度，而此处仍满足 SLO（%3；%4 的请求）。",
    "<b>Nothing sustainable</b> in the range tried: every value that meets the SLO is saturated.": "在所试范围内<b>没有可持续的取值</b>：每个满足 SLO 的取值都已饱和。",
    " (The SLO bounds neither TTFT nor E2E, so no trace length can be suggested.)": "（该 SLO 既不限制 TTFT 也不限制 E2E，因此无法建议轨迹长度。）",
    " A trace of at least %1 would tell (Workload tab: Duration T).": "至少 %1 的轨迹才能看出来（工作负载标签页：时长 T）。",
    "<b>Short-trace effect</b>: the SLO still holds up to %1 only because each %2 trace ends before the growing backlog breaks it; that is not a capacity.%3":
        "<b>短轨迹效应</b>：直到 %1 仍满足 SLO，只是因为每条 %2 的轨迹在不断增长的积压打破 SLO 之前就结束了；这不是容量。%3",
    "SLO attainment by adapter rank, at the SLO boundary → just above it: %1.": "按适配器秩的 SLO 达成率，在 SLO 边界 → 刚高于边界：%1。",
    "TTFT mean\n(ms)": "TTFT 均值\n(ms)", "TTFT p90\n(ms)": "TTFT p90\n(ms)", "Effective TTFT\nmean (ms)": "有效 TTFT\n均值 (ms)",
    "E2E mean\n(ms)": "E2E 均值\n(ms)", "Resident\n(% of scrapes)": "驻留\n（抓取占比 %）", "Loads\nseen": "观测到的\n加载次数",
    "Resident\nfrom–to (s)": "驻留\n起止 (s)",
    "Filter (e.g. KV cache, behind, refused, an adapter name)…": "筛选（例如：KV 缓存、排在、拒绝、适配器名称）…",
    "<h2>What am I looking at? — Sweep</h2><p>One parameter of the workload or the server (rate, adapters, α, cv, KV slots, …) over a range, each point previewed like the Admission tab does. The curves grow point by point: throughput, TTFT and E2E percentiles and SLO attainment, per adapter too. For the S-LoRA paper's suites the published GPU measurements are drawn as points over the preview, with the cost model's measured error. <b>Find capacity</b> searches the highest rate that still meets your SLO and where the server saturates; its answer is the sustainable capacity, the lower of the two (past saturation a rate meets the SLO only while the trace is short). Click a point to open it in the Workload and Admission tabs.</p>":
        '<h2>我在看什么？——扫描</h2><p>在一个范围内改变工作负载或服务器的一个参数（速率、适配器数、α、cv、KV 槽位等），每个点都像“准入预览”选项卡那样预览。曲线逐点生成：吞吐量、TTFT 与 E2E 百分位数以及 SLO 达成率，也按适配器给出。对 S-LoRA 论文的套件，发表的 GPU 实测值以点的形式画在预览曲线上，并给出代价模型的实测误差。<b>寻找容量</b>会搜索仍满足你的 SLO 的最高速率，以及服务器饱和的位置；它的答案是可持续容量，即两者中较低的那个（超过饱和点的速率只是在轨迹较短时才满足 SLO）。单击一个点即可在“工作负载”和“准入预览”选项卡中打开它。</p>',
    "<h2>What am I looking at? — Admission preview</h2><p>A simulation of the server on the current workload, with the limits and policy on the left. With the cost-model clock times are seconds on the chosen GPU; with the step clock each forward pass is one tick.</p><ul><li><b>Running requests and queue</b>: how many requests run and wait over time.</li><li><b>KV cache</b>: slots in use and the peak the running batch may need, against the capacity. In S-LoRA the adapter weights share this pool: each resident adapter holds rank × 4 slots.</li><li><b>Latency distributions</b>: queue wait, time to first token (TTFT) and end-to-end latency (E2E) per request.</li><li><b>Requests: why each waited</b>: a sortable, filterable table with the reason right after the request number; beside it the selected request in full sentences: how long it waited, why (with the limit's numbers) and its times.</li><li><b>Request Gantt</b>: one row per request: grey while it waits, light while its prompt is processed, coloured while it generates. Hover for why it waited.</li><li><b>Step through</b>: one forward pass at a time, with every number of the admission check and the requests that start waiting in it. Keys (anywhere while this tab is shown): N next, P previous, W next wait, A next admission, R next refusal, G request, T time, Home restart. A dashed line on the time charts and the Gantt marks the pass shown.</li></ul><p>A red banner appears when requests arrive faster than the server takes them in: the queue then grows for the whole trace.</p>":
        '<h2>我在看什么？——准入预览</h2><p>在当前工作负载上对服务器进行的模拟，限制和策略在左侧设置。使用代价模型时钟时，时间是所选 GPU 上的秒数；使用步进时钟时，每次前向计算计为一个刻度。</p><ul><li><b>运行中请求与队列</b>：运行中和等待中的请求数随时间的变化。</li><li><b>KV 缓存</b>：已用槽位以及运行批次可能需要的峰值，与容量对比。在 S-LoRA 中适配器权重共用这个内存池：每个常驻适配器占用 秩 × 4 个槽位。</li><li><b>延迟分布</b>：每个请求的排队等待、首令牌时间（TTFT）和端到端延迟（E2E）。</li><li><b>请求：各自为何等待</b>：可排序、可筛选的表格，原因紧跟在请求编号之后；旁边以完整的句子显示所选请求：等待了多久、为什么（附带限制的数字）以及它的各个时间点。</li><li><b>请求甘特图</b>：每个请求一行：等待时为灰色，处理提示词时为浅色，生成时为彩色。悬停查看等待原因。</li><li><b>逐步执行</b>：每次一个前向计算，显示准入检查的每个数字以及在其中开始等待的请求。按键（在该标签页显示时任何位置均可）：N 下一步，P 上一步，W 下一次等待，A 下一次准入，R 下一次拒绝，G 跳到请求，T 跳到时间，Home 重新开始。时间图表和甘特图上的虚线标出当前显示的前向计算。</li></ul><p>当请求到达的速度超过服务器的接纳速度时会出现红色横幅：此时队列会在整个轨迹中持续增长。</p>',
})

# The Fleet tab (ui/fleet/): replicas behind a LoRA-aware router, the residency heat map, routing decisions in words.
ZH.update({
    "&Fleet": "集群(&F)", "dropped": "已丢弃", "Arrival (ticks)": "到达（时钟刻度）", "Arrival (s)": "到达 (s)", "Replica": "副本",
    "Why there": "为何发往此处", "TTFT (ticks)": "TTFT（时钟刻度）", "TTFT (s)": "TTFT (s)", "E2E (ticks)": "E2E（时钟刻度）", "E2E (s)": "E2E (s)",
    "The request's id in the trace.": "请求在轨迹中的编号。",
    "When it arrived: the router decided then.": "它的到达时间：路由器在此时做出决定。",
    "The replica the router sent it to.": "路由器把它发往的副本。",
    "The router's rule that decided; hover over a row for the whole reason.": "做出决定的路由规则；悬停在某一行上可查看完整原因。",
    "Time to first token: from its arrival to its first token on that replica.": "首令牌时间：从到达到它在该副本上生成第一个令牌。",
    "End to end: from its arrival to its last token.": "端到端：从到达到最后一个令牌。",
    "Round-robin": "轮询", "Random": "随机", "Least outstanding requests (AIBrix least-request)": "未完成请求最少（AIBrix least-request）",
    "Least KV cache usage": "KV 缓存占用最少", "Session affinity (AIBrix)": "会话亲和（AIBrix）",
    "Prefix-aware (GIE default profile)": "前缀感知（GIE 默认配置）", "GIE LoRA affinity (filter tree)": "GIE LoRA 亲和（过滤树）",
    "GIE LoRA affinity (scorers)": "GIE LoRA 亲和（打分器）",
    "AIBrix: where the adapter is loaded, then least-request": "AIBrix：先选已加载该适配器的副本，再选请求最少的",
    "Rendezvous hashing of adapters (Dynamo)": "适配器的会合哈希（Dynamo）",
    "Each request goes to the next replica in turn, whatever the replicas are doing (a Kubernetes Service, Envoy ROUND_ROBIN).":
        "每个请求依次发往下一个副本，不管副本当前在做什么（Kubernetes Service、Envoy ROUND_ROBIN）。",
    "Each request goes to a replica drawn at random (seeded, so runs repeat).": "每个请求发往随机抽取的副本（使用固定种子，结果可重复）。",
    "The replica with the fewest requests the router sent and has not seen finish. The router counts these itself, so the metrics' age does not matter (AIBrix least_request.go).":
        "选择路由器已发出但尚未看到完成的请求最少的副本。路由器自己计数，因此指标的新旧无关紧要（AIBrix least_request.go）。",
    "The replica whose scraped KV cache usage is lowest (AIBrix least_kv_cache.go); stale metrics send every request of a scrape interval to the same replica.":
        "选择抓取到的 KV 缓存占用最低的副本（AIBrix least_kv_cache.go）；指标过时会让一个抓取间隔内的所有请求都发往同一个副本。",
    "A session's later turns go to the replica its first turn went to; first turns at random (AIBrix session-affinity). Traces without sessions route every request at random.":
        "会话后续轮次发往其第一轮所去的副本；第一轮随机选择（AIBrix session-affinity）。没有会话的轨迹中每个请求都随机路由。",
    "GIE's default profile: the share of the prompt's 16-token blocks the router has sent to a replica before (weight 3), plus the queue (2) and free KV cache (2) scores; the highest total wins.":
        "GIE 默认配置：提示词中路由器此前已发往某副本的 16 令牌块所占比例（权重 3），加上队列（2）和空闲 KV 缓存（2）得分；总分最高者胜出。",
    "GIE's filter tree: replicas with at most 128 waiting requests; of those the ones running or queuing the adapter (taken with probability 0.999) or else with room for another adapter (active + waiting adapters < max_lora); then the fewest waiting and the least KV cache; one at random.":
        "GIE 过滤树：等待请求不超过 128 个的副本；其中正在运行或排队该适配器的副本（以 0.999 的概率选用），否则选还能再加载一个适配器的副本（活跃 + 等待适配器 < max_lora）；再选等待最少、KV 缓存最少的；最后随机取一个。",
    "GIE's scorers: LoRA affinity 1.0 when the adapter is active, 0.8 with room to load it, 0.6 when it is waiting, 0 otherwise; plus the queue and KV scores; the highest total wins.":
        "GIE 打分器：适配器活跃时 LoRA 亲和得 1.0，有空间加载时 0.8，等待中时 0.6，否则 0；加上队列和 KV 得分；总分最高者胜出。",
    "Only the replicas the adapter is loaded on (static placement; with dynamic placement every replica), then the fewest outstanding requests (AIBrix ModelAdapter and least-request).":
        "只考虑已加载该适配器的副本（静态放置；动态放置时为所有副本），再选未完成请求最少的（AIBrix ModelAdapter 与 least-request）。",
    "Each adapter belongs to the replicas with the highest rendezvous hash weight (Dynamo's LoRA allocation); its requests go to the least busy of them.":
        "每个适配器归属于会合哈希权重最高的副本（Dynamo 的 LoRA 分配）；其请求发往这些副本中最空闲的一个。",
    "in turn": "依次轮转", "at random": "随机", "fewest outstanding": "未完成最少", "least KV cache": "KV 缓存最少",
    "session: first turn": "会话：第一轮", "session: same replica": "会话：同一副本", "cached prefix": "已缓存前缀",
    "LoRA affinity": "LoRA 亲和", "room for the adapter": "有空间加载适配器", "queue and KV": "队列与 KV", "highest score": "得分最高",
    "placed, least-request": "已放置，请求最少", "hashed replica": "哈希副本", "replica %1": "副本 %1",
    "%1 → dropped: every replica was saturated (waiting or KV cache above the thresholds) and the request is sheddable":
        "%1 → 已丢弃：所有副本都已饱和（等待数或 KV 缓存超过阈值），且该请求可被丢弃",
    "next in turn": "轮到它", "at random among %n replica(s)": "在 %n 个副本中随机选择",
    "fewest outstanding requests (%1)": "未完成请求最少（%1）", "but more outstanding": "但未完成请求更多",
    "lowest KV cache usage (%1 %)": "KV 缓存占用最低（%1%）", "but more KV cache in use": "但 KV 缓存占用更多",
    "first request of its session: at random": "会话的第一个请求：随机选择", "its session's earlier requests went there": "其会话之前的请求都发往那里",
    "but its session is not there": "但其会话不在那里",
    "%1 of its %2 prompt blocks cached there (highest score)": "其 %2 个提示词块中有 %1 个已缓存在那里（得分最高）",
    "but less of the prompt cached": "但缓存的提示词更少", "%1 waiting there": "%1 在那里等待", "active there": "在那里活跃",
    "but not %1": "但没有 %1", "room to load %1 (active + waiting adapters < max_lora)": "有空间加载 %1（活跃 + 等待适配器 < max_lora）",
    "; replicas with %1 existed, the 0.1 % draw chose room": "；虽有持有 %1 的副本，但 0.1% 的抽签选择了有空间的副本",
    "but no room for %1": "但没有空间加载 %1",
    "no replica had %1 or room for another adapter: fewest waiting, then least KV cache": "没有副本持有 %1 或有空间再加载适配器：先选等待最少，再选 KV 缓存最少",
    "highest score (%1; LoRA %2)": "得分最高（%1；LoRA %2）", "but a lower score": "但得分更低",
    "%1 is loaded on %n replica(s): fewest outstanding requests (%2)": "%1 已加载在 %n 个副本上：未完成请求最少（%2）",
    "but %1 is not loaded there": "但那里没有加载 %1",
    "one of %1's %n hashed replica(s): fewest outstanding requests (%2)": "%1 的 %n 个哈希副本之一：未完成请求最少（%2）",
    "but not one of %1's": "但不是 %1 的副本",
    " (every replica had more waiting requests than the low-queue threshold)": "（每个副本的等待请求都超过低队列阈值）",
    " (static placement: %1 is on %n replica(s))": "（静态放置：%1 位于 %n 个副本上）",
    "%1 → %2: %3": "%1 → %2：%3", "; %1 had fewer waiting requests (%2 vs %3)": "；%1 的等待请求更少（%2 对 %3）",
    "All replicas: the colour counts the replicas holding the adapter. One replica: the share of each time bin the adapter was on its GPU.":
        "所有副本：颜色表示持有该适配器的副本数。单个副本：每个时间箱中该适配器位于其 GPU 上的时间占比。",
    "Hover over a request, or select it, to see why the router sent it where it did.": "悬停或选中一个请求，查看路由器为何把它发往该处。",
    "Routing decisions": "路由决策", "Replicas": "副本", "A/B compare": "A/B 对比",
    "The current workload routed over a fleet of replicas. Every replica runs the Admission tab's server and cost model; the router decides at each arrival from what it can see.":
        "当前工作负载经路由分发到一组副本上。每个副本运行“准入预览”选项卡中的服务器与代价模型；路由器在每个请求到达时根据它能看到的信息做出决定。",
    "Fleet A": "集群 A", " replica(s)": " 个副本",
    "Copies of the server behind the router; each is one model server (vLLM or S-LoRA) on its own GPUs.": "路由器后面的服务器副本；每个副本是运行在自己 GPU 上的一个模型服务器（vLLM 或 S-LoRA）。",
    "Replicas:": "副本数：", " GPU(s)": " 个 GPU",
    "GPUs one replica uses (tensor parallelism); only for the totals in GPUs.": "一个副本使用的 GPU 数（张量并行）；仅用于按 GPU 计的总数。",
    "Per replica:": "每个副本：", "Router:": "路由器：", "0 ms: perfect information": "0 ms：完全信息",
    "How often the router scrapes the replicas' metrics (GIE and AIBrix: every 50 ms). Between scrapes it routes on what it saw last; 0 = it sees every replica as it is at each decision.":
        "路由器抓取副本指标的间隔（GIE 和 AIBrix：每 50 ms）。两次抓取之间它按最后看到的信息路由；0 = 每次决策时都能看到各副本的实时状态。",
    "Metrics every:": "指标间隔：", "Dynamic: loaded where routed": "动态：路由到哪里就在哪里加载", "Static: each adapter pinned": "静态：每个适配器固定位置",
    "Dynamic: any replica loads any adapter when a request needs it. Static: each adapter lives on its replicas only (chosen greedily by expected load), and the router chooses among those.":
        "动态：任何副本在请求需要时都可加载任何适配器。静态：每个适配器只位于其指定副本上（按期望负载贪心选择），路由器在这些副本中选择。",
    "Adapters:": "适配器：", " replica(s) each": " 个副本（每个适配器）",
    "Static placement: on how many replicas each adapter is pinned.": "静态放置：每个适配器固定在多少个副本上。", "Pinned to:": "固定于：",
    "Compare with fleet B": "与集群 B 对比", "Run fleet B on the same workload": "在同一工作负载上运行集群 B",
    "B is fleet A with another router or another number of replicas; the A/B compare page and chart show both.":
        "B 是换用另一个路由器或另一副本数的集群 A；“A/B 对比”页和图表会同时显示两者。",
    "Router B:": "路由器 B：", "Replicas B:": "副本数 B：", "Run": "运行",
    "Route and preview the workload now (it runs by itself after a change, up to 300,000 requests).": "立即路由并预览工作负载（修改后会自动运行，最多 300,000 个请求）。",
    "Routing %n request(s)…": "正在路由 %n 个请求…", "ticks": "时钟刻度",
    "Time (ticks: one forward pass of each busy replica)": "时间（时钟刻度：每个忙碌副本的一次前向计算）", "Time (s)": "时间 (s)",
    "Running requests per replica": "各副本运行中的请求", "Waiting requests per replica": "各副本等待中的请求",
    "Requests in each replica's running batch over time (the largest in each time bin).": "各副本运行批次中的请求数随时间的变化（每个时间箱中的最大值）。",
    "Requests queued at each replica over time (the largest in each time bin): where the router's choices pile up.":
        "各副本排队的请求数随时间的变化（每个时间箱中的最大值）：路由器的选择在哪里堆积。",
    "Running (requests)": "运行中（请求数）", "Waiting (requests)": "等待中（请求数）", "busiest replica": "最忙的副本",
    "mean of %n replica(s)": "%n 个副本的均值", "least busy replica": "最闲的副本",
    "Runs by itself when the workload or a setting changes": "工作负载或设置改变时自动运行",
    "Waiting requests in the fleet: A vs B": "集群中的等待请求：A 对 B",
    "The sum over the replicas of each one's largest queue in a time bin, for fleet A and fleet B on the same workload.":
        "同一工作负载下集群 A 和集群 B 中，各副本在每个时间箱内最大队列长度之和。",
    "A: %1": "A：%1", "B: %1": "B：%1", "A: %1 on %n replica(s).": "A：%1，%n 个副本。", "B: %1 on %n replica(s).": "B：%1，%n 个副本。",
    "Tick “Run fleet B on the same workload” to compare two routers or two fleet sizes": "勾选“在同一工作负载上运行集群 B”以对比两个路由器或两种集群规模",
    "All replicas: how many hold each adapter": "所有副本：持有各适配器的副本数", "Replica %1: its GPU's adapters": "副本 %1：其 GPU 上的适配器",
    "The fleet cannot run: %1": "集群无法运行：%1", "No result yet: the fleet runs when the workload is ready.": "尚无结果：工作负载就绪后集群即会运行。",
    "Tick “Run fleet B on the same workload” (Fleet settings) to compare two routers or two fleet sizes.":
        "勾选“在同一工作负载上运行集群 B”（集群设置）以对比两个路由器或两种集群规模。",
    "%n replica(s)": "%n 个副本", ", %n GPU(s); ": "，%n 个 GPU；", "router: %1": "路由器：%1",
    "%1 of %2 requests finished; TTFT mean %3 %5, p99 %4 %5 (time from arrival to the first token).":
        "%2 个请求中 %1 个已完成；TTFT 均值 %3 %5，p99 %4 %5（从到达到第一个令牌的时间）。",
    "%1 % of all requests got their first token within 6 s (S-LoRA's SLO).": "%1% 的请求在 6 s 内得到第一个令牌（S-LoRA 的 SLO）。",
    "Adapters were copied onto a GPU %n time(s) (loads).": "适配器被复制到 GPU 上 %n 次（加载）。",
    "The router dropped %n sheddable request(s).": "路由器丢弃了 %n 个可丢弃的请求。",
    "Routed\n(requests)": "路由到此\n（请求数）", "Wait p99\n(%1)": "等待 p99\n（%1）", "TTFT mean\n(%1)": "TTFT 均值\n（%1）",
    "TTFT p99\n(%1)": "TTFT p99\n（%1）", "Loads\n(adapters)": "加载\n（适配器次数）", "Evictions\n(adapters)": "逐出\n（适配器次数）",
    "Adapters\nloaded": "加载过的\n适配器数", "Busy\n(%)": "忙碌\n(%)",
    "The replica's name.": "副本的名称。", "Requests the router sent to it.": "路由器发给它的请求数。",
    "99th percentile of the time its requests queued before they ran.": "其请求在运行前排队时间的第 99 百分位数。",
    "Mean time from arrival to first token of its requests.": "其请求从到达到第一个令牌的平均时间。", "99th percentile of the same.": "同一时间的第 99 百分位数。",
    "Times an adapter was copied onto its GPU.": "适配器被复制到其 GPU 上的次数。", "Times an adapter left its GPU.": "适配器离开其 GPU 的次数。",
    "Distinct adapters it ever loaded.": "它加载过的不同适配器数。", "Share of the run its GPU spent in forward passes.": "运行期间其 GPU 用于前向计算的时间占比。",
    "B − A": "B − A", "What is compared, with its unit.": "对比的指标及其单位。", "Fleet A (the Fleet A settings).": "集群 A（“集群 A”中的设置）。",
    "Fleet B (router B, replicas B).": "集群 B（路由器 B、副本数 B）。", "The difference.": "差值。", "GPUs": "GPU 数",
    "TTFT mean (%1)": "TTFT 均值（%1）", "Requests with TTFT < 6 s (%)": "TTFT < 6 s 的请求 (%)", "Throughput (requests/%1)": "吞吐量（请求/%1）",
    "Adapter loads (copies onto a GPU)": "适配器加载（复制到 GPU 的次数）", "Router": "路由器",
    "B (%1, %n replica(s)) against A (%2, %3 replicas) on the same %4 requests: TTFT p99 %5 %6 → %7 %6; adapter loads %8 → %9.":
        "B（%1，%n 个副本）对 A（%2，%3 个副本），同样的 %4 个请求：TTFT p99 %5 %6 → %7 %6；适配器加载 %8 → %9。",
    "Adapters on %1's GPU over time (share of each bin)": "%1 的 GPU 上的适配器随时间变化（每个时间箱中的占比）",
    "Adapters on the replicas' GPUs over time (replicas holding each)": "各副本 GPU 上的适配器随时间变化（持有它的副本数）",
    "No adapter was loaded: the heat map shows which replicas hold which adapters once a fleet runs.": "没有加载任何适配器：集群运行后，热图会显示哪些副本持有哪些适配器。",
    "white: not on the GPU · dark blue: on it the whole time bin": "白色：不在 GPU 上 · 深蓝：整个时间箱都在 GPU 上",
    "white: on no replica · dark blue: on %n replica(s) at once": "白色：不在任何副本上 · 深蓝：同时在 %n 个副本上",
    "%1, %2–%3 %4": "%1，%2–%3 %4", "%1 (%2 % of the bin)": "%1（时间箱的 %2%）", "on no replica's GPU": "不在任何副本的 GPU 上",
    "on the GPU of: %1": "位于这些副本的 GPU 上：%1", "dropped by the router: every replica was saturated": "被路由器丢弃：所有副本都已饱和",
    "Fleet": "集群", "Adapters on the replicas' GPUs": "各副本 GPU 上的适配器",
    "<h2>What am I looking at? — Fleet</h2><p>The current workload routed over several replicas of the Admission tab's server, as a router in front of them would send it (round-robin, least outstanding requests, GIE's LoRA affinity, AIBrix, rendezvous hashing, …). The router sees the replicas through metrics scraped every <b>Metrics every</b> milliseconds, so stale metrics cost what they cost in production.</p><ul><li><b>Running / waiting requests per replica</b>: each replica's batch and queue over time; uneven lines mean the router piles requests on some replicas.</li><li><b>Adapters on the replicas' GPUs</b>: one row per adapter (the busiest), time left to right; the colour counts the replicas holding it, or for one replica the share of each time bin. Many short marks mean adapters are loaded and evicted again and again.</li><li><b>Routing decisions</b>: every request, the replica it went to and the rule that decided; hover over a row for the reason in words.</li><li><b>Replicas</b>: per replica, requests routed, waits and TTFT, adapter loads and evictions, and how busy it was.</li><li><b>A/B compare</b>: tick “Run fleet B on the same workload”: the same workload on another router or another number of replicas.</li></ul>":
        "<h2>我在看什么？— 集群</h2><p>当前工作负载经路由分发到“准入预览”选项卡中服务器的多个副本上，就像副本前面的路由器那样分发（轮询、未完成请求最少、GIE 的 LoRA 亲和、AIBrix、会合哈希……）。路由器每隔<b>指标间隔</b>毫秒抓取一次副本的指标，因此过时的指标在这里的代价与生产环境中相同。</p><ul><li><b>各副本运行中 / 等待中的请求</b>：每个副本的批次与队列随时间的变化；曲线不均说明路由器把请求堆到了某些副本上。</li><li><b>各副本 GPU 上的适配器</b>：每行一个适配器（最繁忙的那些），时间从左到右；颜色表示持有它的副本数，或对单个副本表示每个时间箱中的占比。大量短小的色块说明适配器被反复加载和逐出。</li><li><b>路由决策</b>：每个请求、它被发往的副本以及做出决定的规则；悬停在某一行上可看到文字说明的原因。</li><li><b>副本</b>：每个副本路由到的请求数、等待时间与 TTFT、适配器加载与逐出次数，以及它的忙碌程度。</li><li><b>A/B 对比</b>：勾选“在同一工作负载上运行集群 B”：同一工作负载换用另一个路由器或另一副本数。</li></ul>",
})


# HTML reports, comparisons of replay runs (docs/report.md): File > Export Report, the A/B tab's runs page.
ZH.update({
    "Replay runs": "重放运行",
    "Two replay run folders: every metric of B against A with its 95 % confidence interval and a verdict.":
        "两个重放运行目录：B 相对 A 的每个指标，附 95% 置信区间和结论。",
    "Export &Report…": "导出报告(&R)…",
    "LoraScope desktop app, File > Export Report on the %1 tab": "LoraScope 桌面应用，在 %1 标签页中使用 文件 > 导出报告",
    "The Replay tab has no run yet: run a replay or open a run folder first.": "重放标签页还没有运行：请先运行一次重放或打开一个运行目录。",
    "The Sweep tab has no sweep yet: run one first.": "扫描标签页还没有扫描结果：请先运行一次扫描。",
    "sweep": "扫描",
    "There is no admission preview yet.": "还没有准入预览。",
    "the current workload (generated in the app)": "当前工作负载（在应用中生成）",
    "Export Report": "导出报告",
    "HTML report (*.html)": "HTML 报告 (*.html)",
    "Writing the report %1 …": "正在写入报告 %1 …",
    "Wrote the report %1: it opens in any web browser, offline": "已写入报告 %1：可在任何浏览器中离线打开",
    "Metric": "指标",
    "Unit": "单位",
    "B − A": "B − A",
    "95 % interval of B − A": "B − A 的 95% 区间",
    "Verdict": "结论",
    "en": "zh_CN",
    "Open Run A…": "打开运行 A…",
    "Open Run B…": "打开运行 B…",
    "A replay run folder: a single run, a shard or a merge output (it holds manifest.json and requests.jsonl).":
        "一个重放运行目录：单次运行、一个分片或 merge 的输出（其中有 manifest.json 和 requests.jsonl）。",
    "Export as HTML…": "导出为 HTML…",
    "The comparison as one self-contained HTML file, as lorascope-cli compare --html writes it.":
        "将对比结果导出为一个自包含的 HTML 文件，与 lorascope-cli compare --html 的输出相同。",
    "A: no run open": "A：未打开运行",
    "B: no run open": "B：未打开运行",
    "Open Run A": "打开运行 A",
    "Open Run B": "打开运行 B",
    "Open Run": "打开运行",
    "Export Comparison": "导出对比",
    "Open two replay run folders to see every metric of B against A, with its 95 % confidence interval (a bootstrap over requests; docs/report.md) and whether the difference is real or noise.":
        "打开两个重放运行目录，查看 B 相对 A 的每个指标及其 95% 置信区间（按请求的自助法；见 docs/report.md），以及差异是真实的还是噪声。",
    "Cannot open the run folder: %1": "无法打开运行目录：%1",
    "A: %1 (%2 requests)": "A：%1（%2 个请求）",
    "B: %1 (%2 requests)": "B：%1（%2 个请求）",
    "Comparing: resampling requests …": "正在对比：对请求重采样 …",
    "B against A: %1 headline metrics significantly better, %2 worse (95 % intervals from %3 resamples of the requests).":
        "B 相对 A：%1 个主要指标显著更好，%2 个更差（95% 区间，来自对请求的 %3 次重采样）。",
    "The two runs replayed different traces: the differences include the workload, not only the server.":
        "两次运行回放的是不同的轨迹：差异既来自服务端，也来自负载本身。",
    "Open two runs first.": "请先打开两个运行。",
})

# SGLang's scheduler (--policy sglang): wait reasons and refusals in SGLang's terms
ZH.update({
    "LoRA slots full": "LoRA 槽位已满", "step %1": "第 %1 步", "adapter %1": "适配器 %1", "%1 more": "另有 %1 个",
    "queue paused (batch_is_full)": "队列暂停（batch_is_full）", "prefill chunk full": "预填充分块已满", "retracted": "已撤回",
    "running batch full: max_running_requests = %1": "运行批次已满：max_running_requests = %1",
    "LoRA slots full: with it, %1 of max_loras_per_batch = %2 slots (%3)": "LoRA 槽位已满：加入后需 %1 个槽位，max_loras_per_batch = %2（%3）",
    "KV cache full: needs %1 tokens, %2 free": "KV 缓存已满：需要 %1 个令牌，可用 %2 个",
    "%1: %2 of %3 tokens": "%1：%2 / %3 个令牌",
    "retracted at %1 (%2 tokens to prefill again)": "于 %1 被撤回（需重新预填充 %2 个令牌）",
    "The running batch would hold %1 requests, more than max_running_requests = %2 (requests that finished in the last decode step count until the next one removes them).":
        "运行批次将包含 %1 个请求，超过 max_running_requests = %2（上一次解码步中完成的请求在下一次解码步将其移除之前仍计入）。",
    "SGLang marked the batch full (batch_is_full) when an earlier admission failed, and looks at the queue again only after a running request finishes or is retracted.":
        "之前一次准入失败后，SGLang 将批次标记为已满（batch_is_full），直到某个运行中的请求完成或被撤回才会再次查看队列。",
    "none, only the base model": "无，仅基础模型",
    "LoRA slots full: with it, this step's batch would use %1 GPU LoRA slots, more than max_loras_per_batch = %2 (adapters in the batch: %3; the base model takes a slot when base-model requests run).":
        "LoRA 槽位已满：加入它后，本步批次将占用 %1 个 GPU LoRA 槽位，超过 max_loras_per_batch = %2（批次中的适配器：%3；有基础模型请求运行时，基础模型也占用一个槽位）。",
    "It needs %1 KV tokens, but only %2 are free: the pool (max_total_tokens) minus the tokens held, minus %3 reserved for the output the running and newly admitted requests will still generate (their remaining output × new_token_ratio %4).":
        "它需要 %1 个 KV 令牌，但只有 %2 个空闲：令牌池（max_total_tokens）减去已占用的令牌，再减去为运行中和新准入请求尚需生成的输出预留的 %3 个（其剩余输出 × new_token_ratio %4）。",
    "This step's prefill already takes %1 tokens, reaching max_prefill_tokens = %2.": "本步的预填充已占用 %1 个令牌，达到 max_prefill_tokens = %2。",
    "This step's prefill already takes %1 tokens, reaching chunked_prefill_size = %2: longer prompts are prefilled in chunks over several steps.":
        "本步的预填充已占用 %1 个令牌，达到 chunked_prefill_size = %2：更长的提示词将分块在多步中预填充。",
    "It was retracted at %1: a decode step ran out of KV tokens, so SGLang freed this request's KV (the fewest output tokens first, then the longest prompt). It waits again at the back of the queue and will prefill %2 tokens (its prompt and its output so far) again.":
        "它于 %1 被撤回：某个解码步 KV 令牌不足，SGLang 释放了该请求的 KV（先选输出令牌最少的，再选提示词最长的）。它重新排到队列末尾，之后将再次预填充 %2 个令牌（其提示词及已生成的输出）。",
    "input not shorter than context_length (%1 tokens)": "输入长度不小于 context_length（%1 个令牌）",
    "input + output not shorter than context_length (%1 tokens)": "输入 + 输出长度不小于 context_length（%1 个令牌）",
    "input not shorter than max_req_input_len (%1 tokens: min(context_length, max_total_tokens) − 6)":
        "输入长度不小于 max_req_input_len（%1 个令牌：min(context_length, max_total_tokens) − 6）",
})

# Sessions and shared prefixes (ui/workload/parameterpanelsessions.cpp, sessioncharts.cpp, explain.cpp),
# the Replay tab's prompt and session options, the traffic presets.
ZH.update({
    "%1 sessions, %2 turns each on average (at most %3); mean think time %4 s. ": "%1 个会话，平均每个 %2 轮（最多 %3 轮）；平均思考时间 %4 s。",
    "A perfect prefix cache could reuse %1 of the %2 prompt tokens (the workload declares %3 shared)":
        "理想的前缀缓存可复用 %2 个提示词令牌中的 %1（工作负载声明共享 %3）",
    "; the design's long-run share is %1": "；设计的长期份额为 %1",
    "Nothing is shared: every request's prompt is its own.": "没有任何共享：每个请求的提示词都是它自己的。",
    "Shared prefixes": "共享前缀",
    "Prompt prefixes that requests share: each adapter's system prompt, and prefix groups (documents every adapter's users read). A server with a prefix cache (vLLM's automatic prefix caching, SGLang's radix cache) computes a shared prefix once per adapter and reuses it; S-LoRA has no such cache. Replay sends exactly these shared words and nothing else in common.":
        "请求之间共享的提示词前缀：每个适配器的系统提示词，以及前缀组（每个适配器的用户都会读的文档）。带前缀缓存的服务器（vLLM 的自动前缀缓存、SGLang 的基数树缓存）对每个适配器只计算一次共享前缀并复用；S-LoRA 没有这种缓存。重放只发送这些共享的词，除此之外没有任何共同内容。",
    "reusable share ≈ P / (P + m) without sessions, P = system prompt + Σ wᵍ·tokensᵍ / Σ wᵍ, m = mean new message":
        "无会话时可复用份额 ≈ P / (P + m)，P = 系统提示词 + Σ wᵍ·tokensᵍ / Σ wᵍ，m = 新消息的平均长度",
    "Multi-turn sessions": "多轮会话",
    "Conversations or agent tasks: a session starts by the arrival process on its adapter and stays there; each turn sends the whole history (earlier prompts and answers) plus a new message. In replay a turn is sent its think time after the previous answer ended (closed loop within a session, open loop across sessions); the trace's time for it is the design (previous send + first token + output × per token + think time).":
        "对话或智能体任务：会话按到达过程在其适配器上开始并一直留在该适配器上；每一轮发送完整历史（之前的提示词和回答）加一条新消息。重放时，一轮在上一轮回答结束后再过其思考时间才发送（会话内闭环，会话之间开环）；轨迹中记录的时间是设计值（上一次发送 + 首令牌 + 输出 × 每令牌时间 + 思考时间）。",
    "input_k = P + (k − 1)(m + o) + m; sessions start at R / E[T] per second; reusable share = (E[T]·P + (m + o)·E[T(T − 1)]/2) / (E[T]·(P + m) + (m + o)·E[T(T − 1)]/2)":
        "input_k = P + (k − 1)(m + o) + m；会话以每秒 R / E[T] 个开始；可复用份额 = (E[T]·P + (m + o)·E[T(T − 1)]/2) / (E[T]·(P + m) + (m + o)·E[T(T − 1)]/2)",
    "Turns per session (mean %1)": "每个会话的轮数（均值 %1）", "Turns per session": "每个会话的轮数", "turns": "轮数",
    "sessions": "会话数",
    "No sessions in this workload: every request stands alone. Turn on multi-turn sessions in the parameter panel.":
        "此工作负载没有会话：每个请求都是独立的。请在参数面板中开启多轮会话。",
    "turns distribution": "轮数分布",
    "Sessions by their number of turns; the line is the turns distribution you set. Sessions near the end of the trace, or that reach the context limit, end early (the bars fall short of the line there).":
        "按轮数统计的会话；折线是你设置的轮数分布。接近轨迹末尾或达到上下文上限的会话会提前结束（那里的柱形低于折线）。",
    "Context growth": "上下文增长", "turn": "轮次",
    "No sessions in this workload: a prompt is only its prefix and its own message.": "此工作负载没有会话：提示词只包含其前缀和它自己的消息。",
    "Mean prompt tokens of the k-th turns: each turn holds the whole history. Line: P + (k − 1)(m + o) + m, with P the prefix (system prompt and prefix group), m the mean new message and o the mean answer. Turns that reach the context limit are not sent, so late turns can fall below the line.":
        "第 k 轮的平均提示词令牌数：每一轮都包含完整历史。折线：P + (k − 1)(m + o) + m，其中 P 为前缀（系统提示词和前缀组），m 为新消息的平均长度，o 为回答的平均长度。达到上下文上限的轮次不会发送，因此靠后的轮次可能低于折线。",
    "adapter (by prompt tokens)": "适配器（按提示词令牌数）", "share": "份额",
    "Prefix reuse": "前缀复用",
    "Nothing in this workload is shared: a perfect prefix cache could reuse none of its prompt tokens. Add a system prompt, prefix groups or sessions in the parameter panel.":
        "此工作负载中没有任何共享：理想的前缀缓存也无法复用其任何提示词令牌。请在参数面板中添加系统提示词、前缀组或会话。",
    "Prefix reuse %1 (design %2)": "前缀复用 %1（设计值 %2）", "Prefix reuse %1": "前缀复用 %1",
    "declared": "声明共享", "design": "设计值", "reusable": "可复用",
    "Per adapter: the share of its prompt tokens a perfect prefix cache (unbounded, per adapter, as vLLM and SGLang key a LoRA's KV cache) could serve from earlier requests: a system prompt seen before, a shared document, a session's history. Grey: what the workload declares shared (never below the bar: the first use of a prefix is a miss). Red: the design's long-run share, (E[T]·P + (m + o)·E[T(T − 1)]/2) / (E[T]·(P + m) + (m + o)·E[T(T − 1)]/2).":
        "每个适配器：理想前缀缓存（容量无限，按适配器划分，正如 vLLM 和 SGLang 按 LoRA 组织 KV 缓存）可以从之前的请求中提供的提示词令牌份额：之前见过的系统提示词、共享文档、会话历史。灰色：工作负载声明共享的部分（从不低于柱形：前缀的第一次使用是未命中）。红色：设计的长期份额，(E[T]·P + (m + o)·E[T(T − 1)]/2) / (E[T]·(P + m) + (m + o)·E[T(T − 1)]/2)。",
    "Chat: conversations of 1-8 turns, 15 s think time, a 200-token system prompt per adapter":
        "聊天：1-8 轮对话，思考时间 15 s，每个适配器一个 200 令牌的系统提示词",
    "Agent: 4-20 calls per task, 2 s tool time, a 600-token system prompt per adapter":
        "智能体：每个任务 4-20 次调用，工具耗时 2 s，每个适配器一个 600 令牌的系统提示词",
    "RAG with shared documents: 20 passages of 1536 tokens read by every adapter's users":
        "共享文档的 RAG：20 段 1536 令牌的文本，所有适配器的用户都会读取",
    "The S-LoRA paper's model settings (S1–S6, Real: base model, adapter names and ranks, with the default n, R, α, cv and T), its benchmark suites (which also set n, α, R, cv and T), and traffic with sessions and shared prefixes for servers with a prefix cache (chat, agent, rag). Choosing one keeps your generator, seed and server limits. After you change a parameter the box says “custom (from …)”.":
        "S-LoRA 论文的模型设置（S1–S6、Real：基础模型、适配器名称和秩，以及默认的 n、R、α、cv 和 T）、其基准测试套件（同时设置 n、α、R、cv 和 T），以及面向带前缀缓存服务器的会话与共享前缀流量（chat、agent、rag）。选择后保留你的生成器、随机种子和服务器限制。修改参数后，此框显示“自定义（基于 …）”。",
    "Sessions and shared prefixes": "会话与共享前缀",
    "Multi-turn sessions and prompt prefixes that requests share: what a server with a prefix cache (vLLM, SGLang) reuses. Click to show or hide.":
        "多轮会话以及请求之间共享的提示词前缀：带前缀缓存的服务器（vLLM、SGLang）会复用它们。点击显示或隐藏。",
    "Sessions start by the arrival process (per adapter) at R / E[turns] sessions/s and stay on their adapter. Turn k's prompt = the whole history (earlier prompts and answers) + a new message from the input length distribution: input_k = P + (k − 1)(m + o) + m.":
        "会话按到达过程（按适配器）以每秒 R / E[turns] 个开始，并留在其适配器上。第 k 轮的提示词 = 完整历史（之前的提示词和回答）+ 一条来自输入长度分布的新消息：input_k = P + (k − 1)(m + o) + m。",
    "Turns": "轮数",
    "Turns per session: uniform on [min, max], constant, or a power law P(k) ∝ k^−β on [min, max]. Sessions cut by the end of the trace or the context limit have fewer.":
        "每个会话的轮数：[min, max] 上的均匀分布、常数，或 [min, max] 上的幂律 P(k) ∝ k^−β。被轨迹末尾或上下文上限截断的会话轮数更少。",
    "Turns: min": "轮数：最小", "Fewest turns of a session.": "会话的最少轮数。", "Turns: max": "轮数：最大",
    "Most turns of a session (inclusive; stored as hi = max + 1, as the length ranges [lo, hi)).": "会话的最多轮数（含；按长度区间 [lo, hi) 的方式存为 hi = max + 1）。",
    "Every session has this many turns.": "每个会话都有这么多轮。", "Turns: tail β": "轮数：尾部 β",
    "P(k) ∝ k^−β on [min, max]: larger β = shorter sessions.": "[min, max] 上 P(k) ∝ k^−β：β 越大，会话越短。",
    "Think time": "思考时间", "exponential": "指数分布",
    "Time between the end of an answer and the user's next question. Exponential: memoryless with the given mean; log-normal: mean m and σ of ln x (μ = ln m − σ²/2); uniform on [lo, hi).":
        "从一个回答结束到用户下一个问题之间的时间。指数分布：给定均值的无记忆分布；对数正态：均值 m 和 ln x 的 σ（μ = ln m − σ²/2）；均匀分布：[lo, hi)。",
    "Think: mean": "思考：均值", "Mean think time.": "平均思考时间。", "Think: σ (of ln x)": "思考：σ（ln x 的标准差）",
    "Log-normal think time: standard deviation of ln(seconds).": "对数正态思考时间：ln(秒) 的标准差。",
    "Think: min": "思考：最小", "Uniform think time: shortest.": "均匀思考时间：最短。", "Think: max": "思考：最大",
    "Uniform think time: longest (exclusive).": "均匀思考时间：最长（不含）。", "Context limit": "上下文上限",
    "A session ends before a turn whose prompt + answer would exceed this (0 = no limit), as a chat application stops at the model's context length.":
        "当某一轮的提示词 + 回答将超过此值时，会话在该轮之前结束（0 = 无上限），就像聊天应用在模型的上下文长度处停止。",
    "Designed: first token": "设计：首令牌",
    "Where the designed timeline puts a later turn: previous send + first token + output × per token + think time. Replay does not use it: it sends the turn its think time after the real answer ended.":
        "设计时间线把后续轮次放在：上一次发送 + 首令牌 + 输出 × 每令牌时间 + 思考时间。重放不使用它：重放在真实回答结束后再过思考时间发送该轮。",
    "Designed: per token": "设计：每令牌", "ms": "ms",
    "Designed time per output token of the previous answer (see Designed: first token).": "上一轮回答每个输出令牌的设计时间（参见“设计：首令牌”）。",
    "System prompt": "系统提示词",
    "Each adapter's own system prompt of this length, at the start of every request (of every session's first turn). A prefix cache keeps it per adapter: reusable share ≈ P / (P + m) without sessions.":
        "每个适配器自己的、长度为此值的系统提示词，位于每个请求（每个会话的第一轮）开头。前缀缓存按适配器保存它：无会话时可复用份额 ≈ P / (P + m)。",
    "count×tokens@weight, …": "数量×令牌数@权重, …",
    "Prefix groups (GuideLLM's prefix buckets): \"5×1536@1, 15×1536@1\" = a group of 5 prefixes and one of 15, 1536 tokens each, picked by weight, then a prefix of the group uniformly. Every adapter reads the same prefixes (shared documents); a cache keeps them per adapter. Tokens 0 = no prefix for that share.":
        "前缀组（GuideLLM 的前缀桶）：\"5×1536@1, 15×1536@1\" = 一组 5 个前缀和一组 15 个前缀，每个 1536 令牌；先按权重选组，再在组内均匀选一个前缀。所有适配器读取相同的前缀（共享文档）；缓存按适配器保存。令牌数 0 = 该份额没有前缀。",
    "Prefix groups": "前缀组", "Sessions: %1": "会话：%1",
    "own words per request": "每个请求独有的词", "S-LoRA: \"Hello\" × n": "S-LoRA：\"Hello\" × n",
    "Own words per request: every prompt its own words (one token each), shared only where the workload declares it (system prompts, documents, a session's history), so a prefix cache sees the designed workload. S-LoRA's \"Hello\" × n makes every prompt a prefix of every longer one: use it only to compare with S-LoRA, which has no prefix cache.":
        "每个请求独有的词：每个提示词都由自己的词组成（每个词一个令牌），只在工作负载声明之处共享（系统提示词、文档、会话历史），因此前缀缓存看到的正是设计的工作负载。S-LoRA 的 \"Hello\" × n 让每个提示词都成为更长提示词的前缀：只在与没有前缀缓存的 S-LoRA 对比时使用。",
    "Prompts:": "提示词：", "server's answers": "服务器的回答", "synthetic answers": "合成回答",
    "What a later turn of a session sends back as the earlier answers: the text the server returned (as a chat client does), or synthetic text of the designed length (the same bytes on every run). A later turn is sent its think time after the previous answer ended.":
        "会话的后续轮次作为之前回答发回的内容：服务器返回的文本（如同聊天客户端），或设计长度的合成文本（每次运行字节相同）。后续轮次在上一轮回答结束后再过其思考时间发送。",
    "no header": "无请求头",
    "An HTTP header carrying the session id with each turn, for session-affinity routers (e.g. %1). Empty: none.":
        "每一轮都带上会话 ID 的 HTTP 请求头，供会话亲和路由器使用（例如 %1）。留空：不发送。",
    "Sessions:": "会话：",
})


ZH.update({
    # Admission tab: the server box (S-LoRA, vLLM V1, SGLang with their own knob names), LoRA residency,
    # the step-through's prefill slices and retractions, A/B on two policies, SGLang wait reasons.
    "Server": "服务器",
    "LoRA residency": "LoRA 驻留",
    "SGLang": "SGLang",
    "Time": "时间",
    "More LoRA slots (max_loras_per_batch), fewer distinct adapters or a lower rate R would help.": "更多 LoRA 槽位（max_loras_per_batch）、更少的不同适配器或更低的速率 R 会有帮助。",
    "A larger KV pool (max_total_tokens), a lower rate R or shorter requests would help.": "更大的 KV 池（max_total_tokens）、更低的速率 R 或更短的请求会有帮助。",
    "A larger prefill budget (max_prefill_tokens, chunked_prefill_size) or a lower rate R would help.": "更大的预填充预算（max_prefill_tokens、chunked_prefill_size）或更低的速率 R 会有帮助。",
    "LoRA adapters: GPU and CPU": "LoRA 适配器：GPU 与 CPU",
    "loads from CPU": "从 CPU 加载",
    "loads from disk": "从磁盘加载",
    "on the GPU": "在 GPU 上",
    "in CPU memory": "在 CPU 内存中",
    "GPU slots": "GPU 槽位",
    "max_loras %1": "max_loras %1",
    "max_loras_per_batch %1": "max_loras_per_batch %1",
    "LoRA adapters over time, in time bins of %1:\non the GPU: adapters whose weights are in GPU memory (the most in the bin);\n": "LoRA 适配器随时间变化，时间箱宽 %1：\n在 GPU 上：权重位于 GPU 显存中的适配器（箱内最大值）；\n",
    "in CPU memory: adapters in vLLM's CPU LoRA cache (max_cpu_loras = %1; least recently used leaves first);\n": "在 CPU 内存中：vLLM 的 CPU LoRA 缓存中的适配器（max_cpu_loras = %1；最近最少使用的先移出）；\n",
    "in CPU memory: adapters SGLang holds in host memory (max_loaded_loras = %1);\n": "在 CPU 内存中：SGLang 保存在主机内存中的适配器（max_loaded_loras = %1）；\n",
    "no limit": "不限",
    "S-LoRA keeps every adapter in host memory and loads a batch's adapters onto the GPU before it runs;\n": "S-LoRA 将所有适配器保存在主机内存中，并在批次运行前把其适配器加载到 GPU；\n",
    "loads from CPU / from disk: adapters copied onto the GPU in the bin, from CPU memory or read from disk (not in the CPU cache).": "从 CPU / 磁盘加载：本箱内复制到 GPU 的适配器，来自 CPU 内存，或从磁盘读取（不在 CPU 缓存中）。",
    "KV cache tokens over time (the largest value in each time bin):\nused: tokens in the KV blocks the running requests hold;\nneed: the same plus what they will still generate;\ncapacity: (num_gpu_blocks − 1) × block_size = %1 tokens (one block is vLLM's reserved null block).": "KV 缓存令牌随时间变化（每个时间箱的最大值）：\n已用：运行中请求所持 KV 块中的令牌；\n需求：同上，加上它们还将生成的令牌；\n容量：(num_gpu_blocks − 1) × block_size = %1 个令牌（其中一个块是 vLLM 保留的空块）。",
    "KV pool tokens over time (the largest value in each time bin):\nused: tokens the running requests hold in the pool;\nneed: the same plus what they will still generate;\ncapacity: max_total_tokens = %1 tokens.": "KV 池令牌随时间变化（每个时间箱的最大值）：\n已用：运行中请求在池中持有的令牌；\n需求：同上，加上它们还将生成的令牌；\n容量：max_total_tokens = %1 个令牌。",
    "Which server's scheduler decides who runs: S-LoRA (its FIFO queue, exactly); S-LoRA with abort (--enable-abort: newest first, drops requests waiting ≥ 5.5 s); vLLM V1 (one token budget per step shared by decodes and prefill chunks, KV blocks with preemption, max_loras adapters per step); SGLang (a token pool with a reserve for future output, chunked prefill, retraction, max_loras_per_batch LoRA slots). Each box below holds that server's own settings under its own names.": "由哪个服务器的调度器决定谁运行：S-LoRA（精确复现其 FIFO 队列）；带中止的 S-LoRA（--enable-abort：最新的优先，丢弃等待 ≥ 5.5 s 的请求）；vLLM V1（每步一个令牌预算，由解码与预填充分块共享；KV 块与抢占；每步最多 max_loras 个适配器）；SGLang（为未来输出预留的令牌池、分块预填充、撤回、max_loras_per_batch 个 LoRA 槽位）。下面每个框以该服务器自己的名称列出其设置。",
    "S-LoRA server": "S-LoRA 服务器",
    "vLLM V1 server": "vLLM V1 服务器",
    "SGLang server": "SGLang 服务器",
    "Max running requests (scheduled in one step). 0 = vLLM's default min(256, max_num_batched_tokens).": "最多运行中请求数（一步内调度的）。0 = vLLM 默认值 min(256, max_num_batched_tokens)。",
    "The token budget of one step, shared by decodes (1 token each) and prefill chunks. 0 = vLLM's default: 2048 with chunked prefill, else max_model_len.": "一步的令牌预算，由解码（每个 1 个令牌）与预填充分块共享。0 = vLLM 默认值：启用分块预填充时为 2048，否则为 max_model_len。",
    "The model's context: prompt + output tokens of one request; longer requests are refused (default %1).": "模型的上下文：单个请求的提示词 + 输出令牌数；更长的请求会被拒绝（默认 %1）。",
    "Chunked prefill": "分块预填充",
    "On (vLLM's default): a long prompt is computed in chunks over several steps, sharing each step's token budget with the decodes. Off (--no-enable-chunked-prefill): a prompt is prefilled in one step, and vLLM refuses to start unless max_num_batched_tokens ≥ max_model_len.": "开启（vLLM 默认）：长提示词分块在多步内计算，与解码共享每步的令牌预算。关闭（--no-enable-chunked-prefill）：提示词在一步内完成预填充，且除非 max_num_batched_tokens ≥ max_model_len，否则 vLLM 拒绝启动。",
    "Longest prefill chunk": "最长预填充分块",
    "A prefill takes at most this many tokens in one step (0 = no limit beyond the step's budget; vLLM's default).": "一次预填充在一步内最多取这么多令牌（0 = 除每步预算外不设限；vLLM 默认）。",
    "0 = none": "0 = 无",
    "KV cache blocks on the GPU, one of them the reserved null block (default %1; vLLM sizes it from the GPU memory, --num-gpu-blocks-override sets it).": "GPU 上的 KV 缓存块数，其中一个是保留的空块（默认 %1；vLLM 按 GPU 显存确定，--num-gpu-blocks-override 可指定）。",
    "Block size": "块大小",
    "Tokens per KV block (default %1): a request holds ⌈its tokens / block_size⌉ blocks.": "每个 KV 块的令牌数（默认 %1）：一个请求占用 ⌈其令牌数 / block_size⌉ 个块。",
    "Prefix caching": "前缀缓存",
    "On (vLLM V1's default): full KV blocks of a prompt prefix computed before are reused instead of computed again. It hits only where the trace says which requests share a prefix.": "开启（vLLM V1 默认）：之前计算过的提示词前缀的完整 KV 块被复用而不再重新计算。仅当轨迹标明哪些请求共享前缀时才会命中。",
    "LoRA slots on the GPU": "GPU 上的 LoRA 槽位",
    "Different adapters among the requests of one step; the GPU holds this many adapters (default %1). A request whose adapter would exceed it waits.": "一步内请求中不同适配器的数量上限；GPU 容纳这么多个适配器（默认 %1）。其适配器会超出上限的请求需等待。",
    "Adapters in the CPU cache": "CPU 缓存中的适配器",
    "Adapters kept in CPU memory (least recently used leaves first); an adapter not there is read from disk. 0 = vLLM's default, max_loras.": "保存在 CPU 内存中的适配器数（最近最少使用的先移出）；不在其中的适配器从磁盘读取。0 = vLLM 默认值 max_loras。",
    "0 = max_loras": "0 = max_loras",
    "0 = max_loras (%1)": "0 = max_loras（%1）",
    "vLLM's LoRA kernels run at this rank for every adapter; adapters of a larger rank are refused (default %1; vLLM accepts 1, 8, 16, 32, 64, 128, 256, 320 or 512).": "vLLM 的 LoRA 内核对每个适配器都按此秩计算；秩更大的适配器会被拒绝（默认 %1；vLLM 接受 1、8、16、32、64、128、256、320 或 512）。",
    "Over the LoRA limit": "超出 LoRA 上限时",
    "set aside, later requests go first (since PR #15422)": "暂放一旁，后面的请求先行（自 PR #15422 起）",
    "the queue stops (early V1)": "队列停止（早期 V1）",
    "What vLLM does with a waiting request whose adapter would exceed max_loras: set it aside and keep scanning the queue, so later requests of adapters already in the step overtake it (vLLM since PR #15422), or stop the scan there (early V1).": "当等待中请求的适配器会超出 max_loras 时 vLLM 的做法：将其暂放一旁并继续扫描队列，使本步已有适配器的后续请求超过它（vLLM 自 PR #15422 起），或在此停止扫描（早期 V1）。",
    "KV pool": "KV 池",
    "KV cache tokens on the GPU. SGLang sizes the pool from the GPU memory; %1 here is the same KV capacity as vLLM's default 1,000 blocks of 16.": "GPU 上的 KV 缓存令牌数。SGLang 按 GPU 显存确定池大小；此处的 %1 与 vLLM 默认的 1,000 个 16 令牌块容量相同。",
    "Context length": "上下文长度",
    "The model's context: a request's prompt + output must stay below it, else it is refused (default %1).": "模型的上下文：请求的提示词 + 输出必须小于它，否则被拒绝（默认 %1）。",
    "Requests in the running batch at most. 0 = SGLang's default, derived from the pool: min(max_total_tokens / 2, the request pool).": "运行批次中最多的请求数。0 = SGLang 默认值，由池推导：min(max_total_tokens / 2, 请求池)。",
    "Prefill chunk": "预填充分块",
    "The largest prefill chunk of one step; longer prompts are prefilled in chunks over several steps. −1 (or 0) turns chunked prefill off. SGLang's default depends on the GPU memory (2048 below 35 GB, 4096 below 60 GB, 8192 below 160 GB); %1 here.": "一步中最大的预填充分块；更长的提示词分块在多步内预填充。−1（或 0）关闭分块预填充。SGLang 的默认值取决于 GPU 显存（35 GB 以下 2048，60 GB 以下 4096，160 GB 以下 8192）；此处为 %1。",
    "−1 = off": "−1 = 关闭",
    "Max prefill tokens": "最多预填充令牌",
    "Prompt tokens one prefill step takes in at most (default %1).": "一次预填充步最多接收的提示词令牌数（默认 %1）。",
    "Conservativeness": "保守度",
    "Scales the share of each running request's remaining output that SGLang reserves in the pool before it admits more (the new-token ratio, starting at 0.7 × this, at most 1). Larger: fewer admissions, fewer retractions (default %1).": "缩放 SGLang 在准入更多请求前为每个运行中请求的剩余输出在池中预留的比例（新令牌比率，起始为 0.7 × 此值，最多为 1）。越大：准入越少，撤回越少（默认 %1）。",
    "Mixed chunk": "混合分块",
    "On: a prefill step also decodes the running batch (one token each). Off (SGLang's default): a step either prefills or decodes.": "开启：预填充步同时解码运行批次（每个一个令牌）。关闭（SGLang 默认）：一步要么预填充，要么解码。",
    "Radix cache off": "关闭基数缓存",
    "Checked: no prefix cache. Unchecked (SGLang's default): prompt prefixes computed before are reused. It hits only where the trace says which requests share a prefix.": "勾选：无前缀缓存。不勾选（SGLang 默认）：复用之前计算过的提示词前缀。仅当轨迹标明哪些请求共享前缀时才会命中。",
    "Requests ignore EOS": "请求忽略 EOS",
    "The requests' ignore_eos (LoraScope's replay sends it; so does SGLang's bench_serving). It chooses SGLang's admission check: with it, the whole output is reserved in the pool; without it, a share of it (the new-token ratio).": "请求的 ignore_eos（LoraScope 的重放会发送它，SGLang 的 bench_serving 也会）。它决定 SGLang 的准入检查：设置时在池中预留全部输出；不设置时预留其一部分（新令牌比率）。",
    "GPU LoRA slots: adapters one batch can use; the base model takes one while base-model requests run (default %1).": "GPU LoRA 槽位：一个批次可使用的适配器数；基础模型请求运行时，基础模型占用一个槽位（默认 %1）。",
    "Adapters in host memory": "主机内存中的适配器",
    "Adapters loaded in CPU memory at most; 0 = unset (SGLang's default: no limit).": "CPU 内存中最多加载的适配器数；0 = 未设置（SGLang 默认：不限）。",
    "0 = no limit": "0 = 不限",
    "Slot eviction": "槽位驱逐",
    "lru (least recently used)": "lru（最近最少使用）",
    "fifo (first loaded)": "fifo（最先加载）",
    "Which adapter leaves a GPU LoRA slot when a new one needs it (default lru).": "新适配器需要 GPU LoRA 槽位时由哪个适配器让出（默认 lru）。",
    "skipped, later requests go first (since PR #14795)": "跳过，后面的请求先行（自 PR #14795 起）",
    "the queue stops (before it)": "队列停止（此前）",
    "What SGLang does with a waiting request whose adapter would need one slot more than max_loras_per_batch: skip it and keep scanning (since PR #14795), or stop and mark the batch full (before it; with one slot, the queue A, B, A, A, … never schedules B).": "当等待中请求的适配器会比 max_loras_per_batch 多需要一个槽位时 SGLang 的做法：跳过它并继续扫描（自 PR #14795 起），或停止并将批次标记为已满（此前；只有一个槽位时，队列 A、B、A、A、… 永远不会调度 B）。",
    "Follows the rules of %1.": "遵循 %1 的规则。",
    "The server would refuse to start: %1": "服务器会拒绝启动：%1",
    "B runs on:": "B 运行于：",
    "its own policy": "其自身的策略",
    "The server B's workload runs on. With “Same server for A and B”, both sides share every setting and B only swaps the scheduler: the same workload on S-LoRA, vLLM V1 or SGLang side by side. Each policy reads its own settings (the boxes of the Admission tab); the differences are listed with the server's own names.": "B 的工作负载所运行的服务器。勾选“A 与 B 使用同一服务器”时，两侧共享所有设置，B 只更换调度器：同一工作负载在 S-LoRA、vLLM V1 或 SGLang 上并排比较。每个策略读取自己的设置（准入页中的各个框）；差异以服务器自己的名称列出。",
    "A runs on %1; B runs on %2: the same knobs read by two servers' schedulers.": "A 运行于 %1；B 运行于 %2：同一组参数由两个服务器的调度器读取。",
    "chunked prefill on: the step's max_num_batched_tokens = %1 tokens are shared by the decodes and the prefill chunks%2": "分块预填充开启：本步的 max_num_batched_tokens = %1 个令牌由解码与预填充分块共享%2",
    ", a chunk at most long_prefill_token_threshold = %1": "，每块最多 long_prefill_token_threshold = %1",
    "chunked prefill off: every prompt is prefilled in one pass": "分块预填充关闭：每个提示词在一次计算中完成预填充",
    "chunked_prefill_size = %1 tokens per pass, max_prefill_tokens = %2": "每次计算 chunked_prefill_size = %1 个令牌，max_prefill_tokens = %2",
    "<p><b>Prefill in this pass</b> (%1):</p>": "<p><b>本次计算中的预填充</b>（%1）：</p>",
    "adapter": "适配器",
    "prompt tokens in this pass": "本次计算的提示词令牌",
    "still to prefill": "尚待预填充",
    "state": "状态",
    "a chunk: continues next pass": "一个分块：下次计算继续",
    "prefill done: first token at the end of this pass": "预填充完成：本次计算结束时得到首令牌",
    "%1 tokens": "%1 个令牌",
    "<p>… %1 more</p>": "<p>… 另有 %1 个</p>",
    "<p><b>After this pass</b>: running %1, waiting %2. KV pool: %3 of %4 tokens in use (max_total_tokens). This pass computed %5 prompt tokens for %6 requests and decoded %7; adapters in GPU LoRA slots: %8 (max_loras_per_batch %9), in host memory: %10.</p>": "<p><b>本次计算之后</b>：运行中 %1，等待中 %2。KV 池：%4 个令牌中已用 %3 个（max_total_tokens）。本次计算为 %6 个请求计算了 %5 个提示词令牌，并解码了 %7 个；GPU LoRA 槽位中的适配器：%8（max_loras_per_batch %9），主机内存中：%10。</p>",
    "<p><b>Preempted</b> (recompute: its KV blocks freed, back to the front of the queue; its prompt and generated tokens are prefilled again when it is scheduled next): %1.</p>": "<p><b>被抢占</b>（重新计算：释放其 KV 块，回到队列最前；下次被调度时重新预填充其提示词与已生成的令牌）：%1。</p>",
    "<p><b>Retracted</b> (a decode ran out of KV tokens: its KV freed, back to the end of the queue; its prompt and output so far are prefilled again later): %1.</p>": "<p><b>被撤回</b>（解码时 KV 令牌耗尽：释放其 KV，回到队列末尾；之后重新预填充其提示词与已有输出）：%1。</p>",
    "queue paused (batch_is_full): an earlier request did not fit; SGLang looks again when a running request leaves": "队列暂停（batch_is_full）：之前的请求放不下；SGLang 在有运行中请求离开时再查看",
    "running batch full: running_max_req_size = %1": "运行批次已满：running_max_req_size = %1",
    "prefill batch full: %1 of max_prefill_tokens = %2 tokens": "预填充批次已满：max_prefill_tokens = %2 个令牌中已占 %1 个",
    "prefill chunk full: %1 of chunked_prefill_size = %2 tokens": "预填充分块已满：chunked_prefill_size = %2 个令牌中已占 %1 个",
    "dropped by the router: every replica was saturated": "被路由器丢弃：所有副本均已饱和",
    "%1 of max_loaded_loras %2": "%1 个（max_loaded_loras %2）",
    "every adapter (max_loaded_loras unset)": "所有适配器（未设置 max_loaded_loras）",
})


def check(src, zh):
    """Placeholders (%1…%99, %n), HTML tags, entities, line breaks and the accelerator must survive translation."""
    problems = []
    if sorted(re.findall(r"%(?:\d{1,2}|n)", src)) != sorted(re.findall(r"%(?:\d{1,2}|n)", zh)):
        problems.append("placeholders")
    if sorted(re.findall(r"</?\w+[^>]*>|&[lg]t;", src)) != sorted(re.findall(r"</?\w+[^>]*>|&[lg]t;", zh)):
        problems.append("HTML")
    if src.count("\n") != zh.count("\n"):
        problems.append("line breaks")
    if re.search(r"&\w", re.sub(r"&\w+;", "", src)) and not re.search(r"\(&\w\)", zh):
        problems.append("accelerator")
    return problems


# The admission tab's prefix-cache line (vLLM V1's automatic prefix caching, SGLang's radix cache).
ZH.update({
    "Prefix cache: %1 of %2 prompt tokens found cached (%3): tokens the server does not compute again, where the workload shares them (system prompts, earlier turns of a session)":
        "前缀缓存：%2 个提示词令牌中有 %1 个命中缓存（%3）：服务器无需再次计算的令牌，来自工作负载中共享的部分（系统提示词、会话中较早的轮次）",
})

# The admission tab's banner: requests the server refused on arrival.
ZH.update({
    "<b>%1 of %2 requests refused</b> (%3): the server answers them with an error on arrival, so they are in none of the waits and latencies. %4 of them: %5.":
        "<b>%2 个请求中有 %1 个被拒绝</b>（%3）：服务器在请求到达时即返回错误，因此它们不计入任何等待时间和延迟。其中 %4 个的原因：%5。",
    "A max_lora_rank of %1 (the largest adapter rank in the workload) would serve them.":
        "将 max_lora_rank 设为 %1（工作负载中最大的适配器秩）即可服务这些请求。",
})

# The Sweep tab's fleet sweep (ui/sweep/sweepfleet.cpp, fleetsweepview.cpp, fleetsweepmodel.cpp).
ZH.update({
    "One line per router, each point a fleet preview of the same workload.": "每个路由器一条曲线，每个点是同一工作负载在一个集群上的预览。",
    "metrics staleness (ms)": "指标陈旧度 (ms)",
    "fleet size (replicas)": "集群规模（副本数）",
    "SLO attainment vs fleet size": "SLO 达成率与集群规模",
    "SLO attainment vs metrics staleness": "SLO 达成率与指标陈旧度",
    "SLO attainment by router": "各路由器的 SLO 达成率",
    "The share of all requests that meet every bound of the SLO (%1), for each router and fleet size. The dashed line is the share needed; a ring marks the smallest fleet of each router that reaches it.":
        "每个路由器、每种集群规模下满足 SLO 全部界限的请求占比（%1）。虚线是所需占比；圆点标出每个路由器达到它的最小集群。",
    "target %1 %": "目标 %1 %",
    "smallest fleet meeting the SLO": "满足 SLO 的最小集群",
    "%1: %n replica(s)": "%1：%n 个副本",
    "Time to first token, p90": "首令牌时间 p90",
    "End-to-end latency, p90": "端到端延迟 p90",
    "E2E p90 (s)": "E2E p90 (s)",
    "Goodput": "有效吞吐量",
    "requests within the SLO (req/s)": "满足 SLO 的请求 (req/s)",
    "Keeping up: achieved / offered": "能否跟上：实际 / 提供",
    "achieved / offered (ratio)": "实际 / 提供（比值）",
    "Finished requests per second over offered requests per second: 1 means the fleet keeps up with the arrivals.":
        "每秒完成的请求数除以每秒提供的请求数：1 表示集群跟得上到达速度。",
    "Adapter loads over all replicas": "所有副本上的适配器加载次数",
    "adapter loads (count)": "适配器加载（次）",
    "How many times an adapter was loaded into a replica's GPU memory, summed over the fleet: routers that keep an adapter's requests together load less.":
        "适配器被加载到副本 GPU 显存中的次数，对整个集群求和：把同一适配器的请求集中在一起的路由器加载更少。",
    "Staleness (ms)": "陈旧度 (ms)",
    "The router in front of the replicas (names as in docs/fleet.md and lorascope-cli --routers).":
        "副本前面的路由器（名称与 docs/fleet.md 和 lorascope-cli --routers 相同）。",
    "Replicas in the fleet, each running the Admission tab's server and cost model.": "集群中的副本数，每个副本运行准入选项卡的服务器和代价模型。",
    "GPUs of the whole fleet: replicas × GPUs per replica.": "整个集群的 GPU 数：副本数 × 每副本 GPU 数。",
    "How old the replica metrics the router sees may be, in milliseconds (0: perfect information).":
        "路由器看到的副本指标最多可以有多旧，单位毫秒（0：完全信息）。",
    "Requests completed of those sent.": "已发送请求中完成的数量。",
    "Requests per second that met every bound of the SLO.": "每秒满足 SLO 全部界限的请求数。",
    "Time to first token that 90 % of requests beat, in seconds.": "90 % 的请求都快于的首令牌时间，单位秒。",
    "End-to-end latency that 90 % of requests beat, in seconds.": "90 % 的请求都快于的端到端延迟，单位秒。",
    "Share of all requests (unfinished ones count as misses) within every bound of the SLO, in percent; red when below the share needed.":
        "满足 SLO 全部界限的请求占全部请求的百分比（未完成的算作未满足）；低于所需占比时为红色。",
    "Times an adapter was loaded into a replica's GPU memory, summed over the fleet.": "适配器被加载到副本 GPU 显存中的次数，对整个集群求和。",
    "Fleet of replicas behind routers": "路由器后的副本集群",
    "Current: the Workload tab's spec and the Admission tab's server, with one parameter varied.\nS-LoRA paper suite: a benchmark of S-LoRA's exp_suite.py with the settings it ran on (slora generator, seed 42, the server's KV size, the GPU's cost model); S-LoRA's published measurements are drawn over the preview.\nFleet: the current workload routed over a fleet of the Admission tab's server, one line per router; find the smallest fleet that meets the SLO (docs/fleet.md).":
        "当前：工作负载选项卡的规格和准入选项卡的服务器，改变其中一个参数。\nS-LoRA 论文套件：S-LoRA exp_suite.py 中的基准及其运行设置（slora 生成器、种子 42、服务器的 KV 大小、该 GPU 的代价模型）；S-LoRA 公布的测量值画在预览之上。\n集群：当前工作负载经路由器分发到由准入选项卡的服务器组成的集群，每个路由器一条曲线；找出满足 SLO 的最小集群（docs/fleet.md）。",
    "A fleet of identical replicas, each running the Admission tab's server and cost model, behind each router chosen (docs/fleet.md). The SLO below judges every fleet.":
        "由相同副本组成的集群，每个副本运行准入选项卡的服务器和代价模型，位于所选的每个路由器之后（docs/fleet.md）。下方的 SLO 用来评判每个集群。",
    "Fleet size (replicas)": "集群规模（副本数）",
    "Metrics staleness (ms)": "指标陈旧度 (ms)",
    "Router (one point each)": "路由器（每个一个点）",
    "What varies: the number of replicas (Values: 1:8 or 1,2,4,8), how old the replica metrics the router sees may be (Values in ms), or only the router.":
        "改变什么：副本数（取值：1:8 或 1,2,4,8）、路由器看到的副本指标最多多旧（取值单位 ms），或者只改变路由器。",
    "Vary:": "改变：",
    "The routers to compare: one line each on the charts. Names as in docs/fleet.md and lorascope-cli --routers; hover a name for what it does.":
        "要比较的路由器：图表上每个一条曲线。名称与 docs/fleet.md 和 lorascope-cli --routers 相同；鼠标悬停在名称上可查看其作用。",
    "Routers:": "路由器：",
    "The fleet's size while the staleness or the router varies.": "改变陈旧度或路由器时的集群规模。",
    "How often the router scrapes the replicas' metrics, in milliseconds (GIE and AIBrix: every 50 ms; 0: perfect information), while the size or router varies.":
        "改变规模或路由器时，路由器抓取副本指标的间隔，单位毫秒（GIE 和 AIBrix：每 50 ms；0：完全信息）。",
    "Choose the routers and the fleet sizes, then Run sweep or Find minimum replicas.": "选择路由器和集群规模，然后点击“运行扫描”或“查找最少副本数”。",
    "Find minimum replicas": "查找最少副本数",
    "The smallest fleet between the smallest and the largest of the values that meets the SLO, for each router, and the saving of the best router over round-robin.":
        "对每个路由器，在取值的最小值与最大值之间找出满足 SLO 的最小集群，以及最佳路由器相对 round-robin 节省的数量。",
    "Routers: choose at least one router.": "路由器：请至少选择一个路由器。",
    "Finding the smallest fleet from %1 to %2 replicas that meets the SLO (%3), per router…": "正在为每个路由器查找 %1 到 %2 个副本中满足 SLO（%3）的最小集群…",
    "Previewing %n fleet(s)…": "正在预览 %n 个集群…",
    "%n fleet(s) previewed": "已预览 %n 个集群",
    "Cancelled: %n fleet preview(s) finished and kept.": "已取消：已完成的 %n 个集群预览已保留。",
    "A fleet sweep is exported as JSON Lines (.jsonl), as lorascope-cli sweep writes it.": "集群扫描导出为 JSON Lines (.jsonl)，与 lorascope-cli sweep 写出的格式相同。",
    "%n fleet preview(s) (routers × values); the clock is the cost model's (seconds).": "%n 个集群预览（路由器 × 取值）；时钟为代价模型的时钟（秒）。",
    "Each fleet is of identical replicas, each running the Admission tab's server and this cost model (%n GPU(s) per replica).":
        "每个集群由相同的副本组成，每个副本运行准入选项卡的服务器和此代价模型（每副本 %n 个 GPU）。",
})

# The fleet sweep's verdict in the Sweep tab (ui/sweep/fleetsweeptext.cpp).
ZH.update({
    "1 replica": "1 个副本", "%1 replicas": "%1 个副本", "1 GPU": "1 个 GPU", "%1 GPUs": "%1 个 GPU",
    "SLO %1:": "SLO %1：",
    "%1: no fleet size from %2 to %3 meets it; at %3 (%4) %5 of requests meet it, %6 are needed. Try larger values.":
        "%1：从 %2 到 %3 的集群规模都达不到；在 %3（%4）时 %5 的请求达标，需要 %6。请尝试更大的取值。",
    "%1: <b>%2</b> (%3), %4 of requests meet it": "%1：<b>%2</b>（%3），%4 的请求达标",
    "; the smallest size tried already meets it (try smaller values)": "；所试的最小规模已经达标（可尝试更小的取值）",
    "; with %1: %2": "；%1 个副本时：%2",
    " (a larger fleet missed it: the answer assumes more replicas never hurt, check the points)":
        "（更大的集群反而未达标：此结论假定副本越多不会更差，请检查各点）",
    "No fleet size in the range meets this SLO with any router.": "在此范围内，任何路由器的任何集群规模都达不到此 SLO。",
    "%1 needs %2; round-robin needs more than %3: a saving of at least %4.":
        "%1 需要 %2；round-robin 需要多于 %3：至少节省 %4。",
    "<b>%1 saves %2</b> (%3) over round-robin.": "<b>%1 比 round-robin 节省 %2</b>（%3）。",
    "No router needs fewer replicas than round-robin.": "没有路由器比 round-robin 需要更少的副本。",
    "%1: meets %2 at no point": "%1：没有任何点满足 %2",
    "%1: meets %2 at %3": "%1：在 %3 时满足 %2",
    "%1: the smallest swept fleet meeting %2 has <b>%3</b>": "%1：满足 %2 的最小扫描集群有 <b>%3</b>",
    "%1: no swept fleet size meets %2": "%1：没有扫描的集群规模满足 %2",
    "No swept fleet size meets the SLO with any router: sweep larger fleets.":
        "任何路由器的扫描集群规模都达不到 SLO：请扫描更大的集群。",
    "%1 meets it with %2; round-robin with none of the swept sizes.": "%1 用 %2 即可达标；round-robin 在所有扫描规模下都达不到。",
    "<b>%1 saves %2</b> over round-robin.": "<b>%1 比 round-robin 节省 %2</b>。",
    "<b>Fleets of the Admission tab's server</b>:": "<b>由准入选项卡的服务器组成的集群</b>：",
})

# The desktop, third pass: out-of-date results, far-out values, the server used, refusals with their fix.
ZH.update({
    "%1 %2": "%1%2",
    "%1 (%2)": "%1（%2）",
    "Set max_lora_rank to %1": "将 max_lora_rank 设为 %1",
    "This preview is of the earlier inputs (%1 requests).": "此预览基于之前的输入（%1 个请求）。",
    "<b>Out of date</b>: the inputs changed; recomputing the preview…": "<b>已过期</b>：输入已更改，正在重新计算预览…",
    "<b>Out of date</b>: the workload's parameters have problems (see the Workload tab), so no new trace was generated.":
        "<b>已过期</b>：工作负载参数有问题（见工作负载选项卡），因此未生成新轨迹。",
    " (≈ %1)": "（约 %1）",
    "<b>Out of date</b>: the trace has %1 requests, more than the %2 previewed automatically; preview them%3.":
        "<b>已过期</b>：轨迹有 %1 个请求，超过自动预览的 %2 个；请手动预览%3。",
    "<b>Out of date</b>: the inputs changed since this preview.": "<b>已过期</b>：此预览之后输入已更改。",
    "The server answers them with an error on arrival, so they are in none of the waits and latencies.":
        "服务器在它们到达时即返回错误，因此它们不计入任何等待和延迟。",
    "LoRA adapter loads onto the GPU": "LoRA 适配器加载到 GPU",
    "loads per bin": "每箱加载次数",
    "skip it (since PR #15422)": "跳过它（自 PR #15422 起）",
    "stop the queue (early V1)": "停止扫描队列（早期 V1）",
    "lru": "lru",
    "fifo": "fifo",
    "Which adapter leaves a GPU LoRA slot when a new one needs it: lru, the least recently used (SGLang's default), or fifo, the first loaded.":
        "新适配器需要 GPU LoRA 槽位时由哪个适配器让出：lru 为最近最少使用（SGLang 默认），fifo 为最先加载。",
    "skip it (since PR #14795)": "跳过它（自 PR #14795 起）",
    "stop the queue (before it)": "停止扫描队列（此前）",
    "%1 of %2 requests refused: adapter rank %3 > max_lora_rank %4; set max_lora_rank to %5, the workload's largest (vLLM must be started with --max-lora-rank %5)":
        "%2 个请求中有 %1 个被拒绝：适配器秩 %3 > max_lora_rank %4；请将 max_lora_rank 设为 %5，即工作负载中的最大秩（vLLM 须以 --max-lora-rank %5 启动）",
    "Use it": "使用该值",
    "Keep the previous value": "保留原值",
    "<b>%1 = %2</b> is far above the usual range (%3 to %4).": "<b>%1 = %2</b> 远高于常用范围（%3 到 %4）。",
    "<b>%1 = %2</b> is far below the usual range (%3 to %4).": "<b>%1 = %2</b> 远低于常用范围（%3 到 %4）。",
    "The trace would have about %1 requests (now %2).": "轨迹将有约 %1 个请求（当前 %2 个）。",
    "Use it?": "是否使用？",
    "a number from %1 to %2": "%1 到 %2 之间的数",
    "a whole number from %1 to %2": "%1 到 %2 之间的整数",
    "%1 takes %2: “%3” is not one, so the value stays %4.": "%1 接受%2：“%3”不是有效值，因此数值保持为 %4。",
    "%1 takes %2: “%3” is not part of one, so it was not typed in; the value stays %4.":
        "%1 接受%2：“%3”不属于有效数字，因此未输入；数值保持为 %4。",
    "%1: %2 failed": "%1：%2 个失败",
    "S-LoRA with abort": "S-LoRA 带中止",
    "⚠ Admission preview: %1 overloaded": "⚠ 准入预览：%1 过载",
    "In the admission preview, requests arrive faster than the server (%1) takes them in, so the queue grows. Click for the details.":
        "在准入预览中，请求到达的速度快于服务器（%1）接纳的速度，因此队列不断增长。点击查看详情。",
    "Runs on:": "运行于：",
    " (the Admission tab's server)": "（准入选项卡的服务器）",
    "vLLM V1: max_num_seqs %1, max_num_batched_tokens %2, %3 KV blocks of %4 tokens, max_loras %5, max_lora_rank %6":
        "vLLM V1：max_num_seqs %1，max_num_batched_tokens %2，%3 个 KV 块（每块 %4 令牌），max_loras %5，max_lora_rank %6",
    "SGLang: max_total_tokens %1, max_running_requests %2, max_loras_per_batch %3":
        "SGLang：max_total_tokens %1，max_running_requests %2，max_loras_per_batch %3",
    "S-LoRA with abort: max_total_token_num %1, max_req_total_len %2, running_max_req_size %3":
        "S-LoRA 带中止：max_total_token_num %1，max_req_total_len %2，running_max_req_size %3",
    "S-LoRA: max_total_token_num %1, max_req_total_len %2, running_max_req_size %3":
        "S-LoRA：max_total_token_num %1，max_req_total_len %2，running_max_req_size %3",
    "%1 at every point": "每个点均为 %1",
    "%1 to %2 of each point's": "每个点的 %1 到 %2",
    "<b>%1 refused %2 of the %3 requests</b> (%4): they count as missing the SLO. The Admission tab's banner says why and how to serve them.":
        "<b>%1 拒绝了 %3 个请求中的 %2 个</b>（%4）：它们计为未达到 SLO。准入选项卡的横幅说明了原因及如何服务它们。",
    "KV cache full: needs %1 slots, %2 free (must be fewer)": "KV 缓存已满：需要 %1 个槽位，空闲 %2 个（需严格少于空闲数）",
    "It needs %1 KV slots to run the batch to its end, but only %2 are free for requests: %3 slots (max_total_token_num) − %4. S-LoRA admits it only when it needs strictly fewer slots than are free.":
        "运行该批次直至结束需要 %1 个 KV 槽位，但可供请求使用的只有 %2 个：%3 个槽位（max_total_token_num）− %4。只有当所需槽位严格少于空闲槽位时，S-LoRA 才会准入。",
    "The charts show the last workload generated (%1 requests).": "图表显示的是最近生成的工作负载（%1 个请求）。",
    "<b>Out of date</b>: the parameters have problems (listed under them), so no new trace was generated.":
        "<b>已过期</b>：参数有问题（列在参数下方），因此未生成新轨迹。",
    "<b>Out of date</b>: the generation was stopped.": "<b>已过期</b>：生成已停止。",
    "Generate now": "立即生成",
    "<b>Out of date</b>: generating the changed workload…": "<b>已过期</b>：正在生成更改后的工作负载…",
})

ZH.update({
    "<h2>LoraScope in five minutes</h2><p>LoraScope designs synthetic workloads for multi-LoRA LLM servers (S-LoRA, vLLM, SGLang, LoRAX), previews how a server would admit and delay them, exports them for other tools and replays them against a server.</p><h3>1. Workload</h3><p>Pick a <b>preset</b> (the S-LoRA paper's settings S1–S6, or one of its benchmark suites), then change the <b>number of adapters n</b>, the <b>rate R</b>, the <b>popularity skew α</b> and the <b>burstiness cv</b>. The charts follow at once: bars are the generated trace, red lines what the model expects, so you see sampling noise against the model. Hover or click a parameter: the explain panel gives its meaning, formula and current effect.</p><h3>2. Admission preview</h3><p>How a server with the given limits would run this workload, under the rules of the policy you choose: S-LoRA's queue, vLLM V1's scheduler or SGLang's. You see requests running and waiting over time, the KV cache against its capacity, latency distributions, which LoRA adapters are on the GPU and in CPU memory, and every request on a Gantt chart. The table under the charts gives each request's reason for waiting, and the pane beside it says it in full sentences for the selected request. A red banner says when requests are refused (with the setting that would serve them, one click away) or arrive faster than the server can serve. When an input changed and the preview was not recomputed, a yellow line above it says so. <b>Step through</b> runs the scheduler one forward pass at a time: press W to jump to the next pass where a limit makes a request wait.</p><h3>3. Export and replay</h3><p>File &gt; Export Trace writes the trace in the format another tool reads (S-LoRA, vLLM, GuideLLM, Mooncake, CSV). The Replay tab sends it to a server, or to the built-in simulated server, and charts throughput and latency live.</p><h3>4. Compare</h3><p>View &gt; Pin Current Parameters as A (Ctrl+Shift+A), change something, and the A/B Compare tab shows both workloads and their previews side by side with the differences.</p><h3>5. Sweep</h3><p>The Sweep tab varies one parameter over a range and finds the highest rate that meets your SLO, with S-LoRA's published measurements drawn over the preview for the paper's suites.</p><h3>Tips</h3><ul><li>F1 explains the tab in front of you; F9 hides the side panels to give the charts the whole window.</li><li>Every edit can be undone (Ctrl+Z); sessions (File &gt; Save Session) keep parameters, server settings and view.</li><li>Right-click a chart to export it as PNG or SVG at the size and scale you choose.</li></ul>": "<h2>五分钟上手 LoraScope</h2><p>LoraScope 为多 LoRA 大模型服务系统（S-LoRA、vLLM、SGLang、LoRAX）设计合成工作负载，预览服务器将如何准入和延迟这些请求，将其导出给其他工具，并向服务器回放。</p><h3>1. 工作负载</h3><p>选择一个<b>预设</b>（S-LoRA 论文中的设置 S1–S6，或其中的某个基准测试套件），然后修改<b>适配器数量 n</b>、<b>速率 R</b>、<b>热度偏斜 α</b> 和<b>突发度 cv</b>。图表会立即更新：柱状图是生成的轨迹，红线是模型的期望值，由此可以看出采样噪声与模型的差别。悬停或点击某个参数：说明面板会给出它的含义、公式和当前的影响。</p><h3>2. 准入预览</h3><p>在给定限制下，按你所选策略的规则（S-LoRA 的队列、vLLM V1 的调度器或 SGLang 的调度器），服务器会如何运行这个工作负载。你可以看到运行中和等待中的请求随时间的变化、KV 缓存与其容量的对比、延迟分布、哪些 LoRA 适配器在 GPU 上和在 CPU 内存中，以及甘特图上的每一个请求。图表下方的表格给出每个请求的等待原因，旁边的窗格用完整的句子说明所选请求。当请求被拒绝（并给出可服务它们的设置，一键即可应用）或到达速度超过服务器的处理能力时，会出现红色横幅。当某个输入已更改而预览尚未重新计算时，预览上方的黄色提示行会说明。<b>逐步执行</b>每次运行调度器的一次前向计算：按 W 跳到下一次因某个限制而使请求等待的前向计算。</p><h3>3. 导出与回放</h3><p>“文件 &gt; 导出轨迹”以其他工具可读的格式（S-LoRA、vLLM、GuideLLM、Mooncake、CSV）写出轨迹。“回放”选项卡把轨迹发送到服务器或内置的模拟服务器，并实时绘制吞吐量和延迟。</p><h3>4. 对比</h3><p>“视图 &gt; 将当前参数固定为 A”（Ctrl+Shift+A），然后修改某些参数，“A/B 对比”选项卡会并排显示两个工作负载及其预览，并列出差异。</p><h3>5. 扫描</h3><p>“扫描”选项卡在一个范围内改变某个参数，并找出仍满足 SLO 的最高速率；对论文中的套件，还会把 S-LoRA 发表的 GPU 实测点画在预览曲线上。</p><h3>提示</h3><ul><li>F1 解释当前选项卡；F9 隐藏侧边面板，让图表占据整个窗口。</li><li>每次编辑都可以撤销（Ctrl+Z）；会话（文件 &gt; 保存会话）会保存参数、服务器设置和视图。</li><li>右键单击图表，可按所选尺寸和缩放将其导出为 PNG 或 SVG。</li></ul>",
    "<h2>What am I looking at? — Admission preview</h2><p>A simulation of the server on the current workload, with the limits and policy on the left. With the cost-model clock times are seconds on the chosen GPU; with the step clock each forward pass is one tick.</p><ul><li><b>Running requests and queue</b>: how many requests run and wait over time.</li><li><b>KV cache</b>: slots in use and the peak the running batch may need, against the capacity. In S-LoRA the adapter weights share this pool: each resident adapter holds rank × 4 slots.</li><li><b>Latency distributions</b>: queue wait, time to first token (TTFT) and end-to-end latency (E2E) per request.</li><li><b>Requests: why each waited</b>: a sortable, filterable table with the reason right after the request number; beside it the selected request in full sentences: how long it waited, why (with the limit's numbers) and its times.</li><li><b>Request Gantt</b>: one row per request: grey while it waits, light while its prompt is processed, coloured while it generates. Select a request for why it waited.</li><li><b>Step through</b>: one forward pass at a time, with every number of the admission check and the requests that start waiting in it. Keys (anywhere while this tab is shown): N next, P previous, W next wait, A next admission, R next refusal, G request, T time, Home restart. A dashed line on the time charts and the Gantt marks the pass shown.</li></ul><p>The three policies, each in its own server's words:</p><ul><li><b>S-LoRA</b>: one first-come, first-served queue. A waiting request joins the running batch when the batch's peak KV need, if every request ran to its end, stays strictly below the KV slots free; adapter weights share those slots (rank × 4 each). With abort, requests waiting 5.5 s are dropped.</li><li><b>vLLM V1</b>: every step has a token budget (max_num_batched_tokens) shared by the running requests' decodes and prefill chunks; KV memory comes in blocks, and a request that finds none free preempts the newest running one, which computes its tokens again later. At most max_loras adapters run in one step; adapters above max_lora_rank are refused.</li><li><b>SGLang</b>: a KV token pool with a reserve for the output the running requests will still generate; long prompts are prefilled in slices of chunked_prefill_size; when the pool runs out, running requests are retracted to the queue. max_loras_per_batch GPU slots hold the adapters (the base model takes one).</li></ul><ul><li><b>LoRA residency</b>: adapters on the GPU and in CPU memory over time (the largest count in each bin, against the GPU's slots), and under it the loads onto the GPU per bin, from CPU memory or from disk.</li><li><b>Prefill slices</b> (vLLM, SGLang): the step-through lists the chunk of each long prompt computed in the pass and what remains.</li><li><b>Preemption and retraction</b>: the step-through and the table name the request preempted (vLLM) or retracted (SGLang) and why; it waits again from that pass.</li></ul><p>A red banner appears when requests are refused (with the fix, one click away) or arrive faster than the server takes them in: the queue then grows for the whole trace. A yellow line above the charts says when they are out of date: an input changed and the preview was not recomputed (traces over a million requests are previewed on request, with the button there).</p>": "<h2>我在看什么？——准入预览</h2><p>在当前工作负载上对服务器进行的模拟，限制和策略在左侧设置。使用代价模型时钟时，时间是所选 GPU 上的秒数；使用步进时钟时，每次前向计算计为一个刻度。</p><ul><li><b>运行中请求与队列</b>：运行中和等待中的请求数随时间的变化。</li><li><b>KV 缓存</b>：已用槽位以及运行批次可能需要的峰值，与容量对比。在 S-LoRA 中适配器权重共用这个内存池：每个常驻适配器占用 秩 × 4 个槽位。</li><li><b>延迟分布</b>：每个请求的排队等待、首令牌时间（TTFT）和端到端延迟（E2E）。</li><li><b>请求：各自为何等待</b>：可排序、可筛选的表格，原因紧跟在请求编号之后；旁边以完整的句子显示所选请求：等待了多久、为什么（附带限制的数字）以及它的各个时间点。</li><li><b>请求甘特图</b>：每个请求一行：等待时为灰色，处理提示词时为浅色，生成时为彩色。选中请求查看等待原因。</li><li><b>逐步执行</b>：每次一个前向计算，显示准入检查的每个数字以及在其中开始等待的请求。按键（在该标签页显示时任何位置均可）：N 下一步，P 上一步，W 下一次等待，A 下一次准入，R 下一次拒绝，G 跳到请求，T 跳到时间，Home 重新开始。时间图表和甘特图上的虚线标出当前显示的前向计算。</li></ul><p>三种策略，各用其服务器自己的说法：</p><ul><li><b>S-LoRA</b>：一个先来先服务的队列。只有当运行批次的峰值 KV 需求（假设每个请求都运行到结束）严格小于空闲的 KV 槽位时，等待中的请求才会加入运行批次；适配器权重共用这些槽位（每个占 秩 × 4）。带中止时，等待 5.5 s 的请求会被丢弃。</li><li><b>vLLM V1</b>：每一步有一个令牌预算（max_num_batched_tokens），由运行中请求的解码和预填充分块共享；KV 内存按块分配，找不到空闲块的请求会抢占最新的运行中请求，后者稍后重新计算其令牌。一步中最多运行 max_loras 个适配器；秩高于 max_lora_rank 的适配器会被拒绝。</li><li><b>SGLang</b>：一个 KV 令牌池，并为运行中请求仍将生成的输出预留空间；长提示词按 chunked_prefill_size 分片预填充；令牌池耗尽时，运行中的请求会被撤回到队列。max_loras_per_batch 个 GPU 槽位存放适配器（基础模型占一个）。</li></ul><ul><li><b>LoRA 驻留</b>：随时间变化的 GPU 上和 CPU 内存中的适配器数（每箱最大值，对比 GPU 槽位数），其下方是每箱加载到 GPU 的次数，来自 CPU 内存或磁盘。</li><li><b>预填充分片</b>（vLLM、SGLang）：逐步执行会列出每个长提示词在本次前向计算中计算的分块及剩余部分。</li><li><b>抢占与撤回</b>：逐步执行和表格会指出被抢占（vLLM）或被撤回（SGLang）的请求及原因；它从该次前向计算起重新等待。</li></ul><p>当请求被拒绝（附带修复方法，一键即可应用）或到达速度超过服务器的接纳速度时会出现红色横幅：此时队列会在整个轨迹中持续增长。图表上方的黄色提示行说明图表何时已过期：某个输入已更改而预览尚未重新计算（超过一百万个请求的轨迹需手动预览，按钮就在那里）。</p>",
})

ZH.update({
    "S-LoRA ReqQueue (c1ddf48)": "S-LoRA ReqQueue（c1ddf48）",
    "S-LoRA AbortReqQueue (c1ddf48)": "S-LoRA AbortReqQueue（c1ddf48）",
    "vLLM V1 (main at b4622cf, 2025)": "vLLM V1（main 分支的 b4622cf，2025 年）",
    "SGLang main, January 2026 (after PR #16333, before PR #17913)": "SGLang main 分支，2026 年 1 月（PR #16333 之后，PR #17913 之前）",
})

ZH.update({
    "Folder": "文件夹", "File": "文件", "%1 File": "%1 文件", "Drive": "驱动器", "Shortcut": "快捷方式",
})

ZH.update({
    "share of the bin on the GPU:": "在 GPU 上的时间占比：", "replicas holding it:": "持有它的副本数：",
})

ZH.update({
    "rank-%1 adapters %2": "秩 %1 的适配器 %2",
    "At %1 not every class meets the target of %2: %3 of their requests within the SLO.":
        "在 %1 时并非每一类都达到 %2 的目标：%3 的请求满足 SLO。",
})

ZH.update({"loads": "加载次数", "skip it": "跳过它", "stop the queue": "停止扫描队列"})
# The vLLM 0.8.5 presets (core/admission/costpresets.cpp) and the TPOT error of a preset.
ZH.update({
    "%1 bf16 on one %2 served by vLLM 0.8.5 (V1 scheduler, chunked prefill, prefix caching off); calibrated on %3 real "
    "rank-16 runs of Agullo et al. (arXiv 2508.08343), validated on %4 rank-32 runs.":
        "%1 bf16，运行于单块 %2，由 vLLM 0.8.5（V1 调度器，分块预填充，前缀缓存关闭）服务；"
        "在 Agullo 等人（arXiv 2508.08343）的 %3 次真实 rank-16 运行上校准，并在 %4 次 rank-32 运行上验证。",
    "Agullo et al. (arXiv 2508.08343), real vLLM 0.8.5 runs on one %1":
        "Agullo 等人（arXiv 2508.08343）在单块 %1 上的 vLLM 0.8.5 真实运行",
    "TPOT ±%1 %": "TPOT ±%1 %",
    "Request throughput: none (no request completed)\n": "请求吞吐量：无（没有请求完成）\n",
})

def main(path):
    tree = ET.parse(path)
    root = tree.getroot()
    root.set("language", "zh_CN")
    done = 0
    for msg in root.iter("message"):
        src = msg.find("source").text or ""
        tr = msg.find("translation")
        if src in ZH:
            for problem in check(src, ZH[src]):
                print(f"warning: {problem} differ in {src!r}", file=sys.stderr)
            forms = tr.findall("numerusform")
            if forms:  # %n messages: Chinese has one plural form
                for form in forms:
                    form.text = ZH[src]
            else:
                tr.text = ZH[src]
            if tr.get("type") == "unfinished":  # keep lupdate's "vanished"/"obsolete" marks
                del tr.attrib["type"]
            done += 1
    tree.write(path, encoding="utf-8", xml_declaration=True)
    print(f"translated {done} messages")

if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "resources/translations/lorascope_zh_CN.ts")
