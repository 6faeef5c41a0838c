<?xml version='1.0' encoding='utf-8'?>
<TS version="2.1" language="zh_CN">
<context>
    <name>QObject</name>
    <message>
        <location filename="../../ui/charts/widgetexport.cpp" line="16" />
        <source>Nothing to export.</source>
        <translation>没有可导出的内容。</translation>
    </message>
    <message>
        <location filename="../../ui/charts/widgetexport.cpp" line="27" />
        <source>Exported from LoraScope</source>
        <translation>由 LoraScope 导出</translation>
    </message>
    <message>
        <location filename="../../ui/charts/widgetexport.cpp" line="40" />
        <source>Could not encode the PNG image.</source>
        <translation>无法编码 PNG 图像。</translation>
    </message>
    <message>
        <location filename="../../ui/charts/widgetexport.cpp" line="42" />
        <source>Unknown image type "%1": use .png or .svg.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../ui/charts/widgetexport.cpp" line="47" />
        <location filename="../../ui/charts/widgetexport.cpp" line="50" />
        <source>Cannot write %1: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
</context>
<context>
    <name>lorascope</name>
    <message>
        <location filename="../../ui/workload/explain.cpp" line="34" />
        <source>Formula</source>
        <translation>公式</translation>
    </message>
    <message>
        <location filename="../../ui/workload/explain.cpp" line="36" />
        <source>Right now</source>
        <translation>当前效果</translation>
    </message>
    <message>
        <location filename="../../ui/workload/explain.cpp" line="43" />
        <source>n = 0: every request uses the base model.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../ui/workload/explain.cpp" line="45" />
        <source>n = %1</source>
        <translation>n = %1</translation>
    </message>
    <message>
        <location filename="../../ui/workload/explain.cpp" line="47" />
        <source>, α = %1</source>
        <translation>，α = %1</translation>
    </message>
    <message>
        <location filename="../../ui/workload/explain.cpp" line="49" />
        <source>, s = %1</source>
        <translation>，s = %1</translation>
    </message>
    <message>
        <location filename="../../ui/workload/explain.cpp" line="50" />
        <source>: the hottest adapter gets %1 of requests, the top 10 get %2; %3 adapter(s) receive half of all requests; the coldest gets %4.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../ui/workload/explain.cpp" line="56" />
        <source> Over the trace (≈ %1 requests) that is ≈ %2 requests for the hottest adapter.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../ui/workload/explain.cpp" line="63" />
        <source>model mean %1 tokens on [%2, %3)</source>
        <translation>模型均值 %1 token，范围 [%2, %3)</translation>
    </message>
    <message>
        <location filename="../../ui/workload/explain.cpp" line="65" />
        <source>; this trace: mean %1, p50 %2, p90 %3, p99 %4, max %5</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../ui/workload/explain.cpp" line="76" />
        <source>Adapters n</source>
        <translation>适配器数 n</translation>
    </message>
    <message>
        <location filename="../../ui/workload/explain.cpp" line="76" />
        <source>How many LoRA adapters the requests are spread over. Each adapter a request uses must be resident on the GPU; in S-LoRA its weights take rank·4 KV-cache slots while loaded.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../ui/workload/explain.cpp" line="78" />
        <source>adapter k is named &lt;code&gt;names[k % L]-(k / L)&lt;/code&gt; from the preset's name list.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../ui/workload/explain.cpp" line="80" />
        <source>Total rate R</source>
        <translation>总速率 R</translation>
    </message>
    <message>
        <location filename="../../ui/workload/explain.cpp" line="80" />
        <source>Requests per second over all adapters together.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../ui/workload/explain.cpp" line="81" />
        <source>E[requests] = R·T; adapter i gets λᵢ = R·pᵢ.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../ui/workload/explain.cpp" line="82" />
        <source>R = %1 req/s over T = %2 s → ≈ %3 requests expected</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../ui/workload/explain.cpp" line="83" />
        <source>; this trace has %1 (achieved %2 req/s).</source>
        <translation>；本轨迹有 %1 个（实际 %2 请求/秒）。</translation>
    </message>
    <message>
        <location filename="../../ui/workload/explain.cpp" line="85" />
        <source>Duration T</source>
        <translation>时长 T</translation>
    </message>
    <message>
        <location filename="../../ui/workload/explain.cpp" line="85" />
        <source>Length of the trace in seconds.</source>
        <translation>轨迹长度（秒）。</translation>
    </message>
    <message>
        <location filename="../../ui/workload/explain.cpp" line="86" />
        <source>slora: exactly int(R·T) requests, nothing is cut at T.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../ui/workload/explain.cpp" line="86" />
        <source>per-adapter: arrivals after T are cut.</source>
        <translation>per-adapter：T 之后的到达被截断。</translation>
    </message>
    <message>
        <location filename="../../ui/workload/explain.cpp" line="87" />
        <source>≈ %1 requests expected.</source>
        <translation>期望约 %1 个请求。</translation>
    </message>
    <message>
        <location filename="../../ui/workload/explain.cpp" line="89" />
        <source>Seed</source>
        <translation>随机种子</translation>
    </message>
    <message>
        <location filename="../../ui/workload/explain.cpp" line="89" />
        <source>Makes the trace reproducible: the same spec and seed give the same trace on every platform; change it to see another sample of the same model (sampling noise).</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../ui/workload/explain.cpp" line="90" />
        <source>seed = %1.</source>
        <translation>种子 = %1。</translation>
    </message>
    <message>
        <location filename="../../ui/workload/explain.cpp" line="92" />
        <source>Generator</source>
        <translation>生成器</translation>
    </message>
    <message>
        <location filename="../../ui/workload/explain.cpp" line="93" />
        <source>&lt;b&gt;per-adapter&lt;/b&gt; (the S-LoRA paper's model): adapter i has its own rate λᵢ and its own Gamma renewal process, started in equilibrium; the trace is their merge. &lt;b&gt;slora&lt;/b&gt;: S-LoRA's benchmarks/trace.py, number for number (NumPy RandomState): one Gamma process at rate R and each request picks its adapter.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../ui/workload/explain.cpp" line="95" />
        <source>slora: adapter = ⌊power(α)·n⌋, gaps Gamma(1/cv², cv²/R); per-adapter: gaps of adapter i Gamma(1/cv², cv²/λᵢ).</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../ui/workload/explain.cpp" line="96" />
        <source>Note: with per-adapter, each adapter's stream has cv = %1, but the merged stream of many adapters looks more like Poisson (cv → 1)%2.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../ui/workload/explain.cpp" line="97" />
        <source>; this trace's overall gap cv is %1</source>
        <translation>；本轨迹整体间隔 cv 为 %1</translation>
    </message>
    <message>
        <location filename="../../ui/workload/explain.cpp" line="99" />
        <source>Preset</source>
        <translation>预设</translation>
    </message>
    <message>
        <location filename="../../ui/workload/explain.cpp" line="99" />
        <source>S1–S6 and Real are the S-LoRA paper's model settings (base model, adapter names and ranks). The named scenarios are the paper's benchmark suites and also set n, α, R, cv and T.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../ui/workload/explain.cpp" line="100" />
        <source>preset %1, base model %2.</source>
        <translation>预设 %1，基础模型 %2。</translation>
    </message>
    <message>
        <location filename="../../ui/workload/explain.cpp" line="105" />
        <source>pᵢ = ((i+1)/n)^α − (i/n)^α. α = 1: uniform; α &amp;lt; 1: the first adapters are hot (α = 0.1: a few adapters get most requests); α &amp;gt; 1: the last ones are.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../ui/workload/explain.cpp" line="108" />
        <source>pᵢ = (i+1)^−s / Σⱼ (j+1)^−s.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../ui/workload/explain.cpp" line="111" />
        <source>pᵢ = 1/n.</source>
        <translation>pᵢ = 1/n。</translation>
    </message>
    <message>
        <location filename="../../ui/workload/explain.cpp" line="114" />
        <source>pᵢ = wᵢ / Σw.</source>
        <translation>pᵢ = wᵢ / Σw。</translation>
    </message>
    <message>
        <location filename="../../ui/workload/explain.cpp" line="117" />
        <source>request j uses adapter j mod n (every request a different adapter, as Punica's batch benchmarks).</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../ui/workload/explain.cpp" line="120" />
        <source>requests spread round-robin over ⌈√k⌉ adapters (k requests).</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../ui/workload/explain.cpp" line="123" />
        <source>every request uses adapter 0.</source>
        <translation>所有请求都使用适配器 0。</translation>
    </message>
    <message>
        <location filename="../../ui/workload/explain.cpp" line="128" />
        <source> Fitted α of this trace: %1 ± %2.</source>
        <translation> 本轨迹拟合的 α：%1 ± %2。</translation>
    </message>
    <message>
        <location filename="../../ui/workload/explain.cpp" line="129" />
        <location filename="../../ui/workload/workloadcharts.cpp" line="39" />
        <source>Adapter popularity</source>
        <translation>适配器热度</translation>
    </message>
    <message>
        <location filename="../../ui/workload/explain.cpp" line="129" />
        <source>How the total rate R is shared among the adapters. Skew decides how many adapters are active at once, and so how much adapter memory and loading the server needs.</source>
        <translation>总速率 R 如何分配给各个适配器。偏斜决定同时活跃的适配器数量，从而决定服务器需要多少适配器内存和加载。</translation>
    </message>
    <message>
        <location filename="../../ui/workload/explain.cpp" line="132" />
        <source>How requests arrive over time. Gaps are Gamma distributed with coefficient of variation cv = std/mean: cv = 0.1 → gaps nearly equal; cv = 1 → Poisson; cv ≥ 2 → bursts of tiny gaps separated by long silences. Gamma arrivals describe real traffic better than Poisson.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../ui/workload/explain.cpp" line="135" />
        <source>gap ~ Gamma(k = 1/cv², θ = cv²/λ): mean 1/λ, std cv/λ.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../ui/workload/explain.cpp" line="139" />
        <source>cv = %1 → k = %2, θ = %3 s for the whole stream at R</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../ui/workload/explain.cpp" line="143" />
        <source>; the model puts %1 of gaps below a tenth of the mean gap and %2 above three times it</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../ui/workload/explain.cpp" line="146" />
        <source>; this trace: gap cv %1</source>
        <translation>；本轨迹：间隔 cv %1</translation>
    </message>
    <message>
        <location filename="../../ui/workload/explain.cpp" line="151" />
        <source>on %1 of the time at %2 req/s, off at %3 req/s: long-run rate %4 req/s.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../ui/workload/explain.cpp" line="154" />
        <source>every adapter's requests come exactly 1/λᵢ apart.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../ui/workload/explain.cpp" line="156" />
        <source>the rate follows the schedule; see the timeline chart.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../ui/workload/explain.cpp" line="158" />
        <source>Arrivals</source>
        <translation>到达过程</translation>
    </message>
    <message>
        <location filename="../../ui/workload/explain.cpp" line="164" />
        <source>Prompt tokens per request. Long prompts fill S-LoRA's batch_max_tokens (Σ input of a new batch) and the KV cache; a request whose input is close to batch_max_tokens makes short requests behind it wait.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../ui/workload/explain.cpp" line="166" />
        <source>Generated tokens per request (max_new_tokens with ignore_eos). Long outputs keep a request in the running batch and its KV slots reserved for longer.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../ui/workload/explain.cpp" line="170" />
        <source>uniform integers in [lo, hi) (S-LoRA's randint: hi exclusive), mean (lo + hi − 1)/2.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../ui/workload/explain.cpp" line="173" />
        <source>P(x) ∝ x^−β on [lo, hi): a long tail; larger β = more short requests.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../ui/workload/explain.cpp" line="176" />
        <source>ln x ~ Normal(μ, σ), rounded and truncated to [lo, hi); median ≈ e^μ.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../ui/workload/explain.cpp" line="179" />
        <source>Normal(mean, std) rounded and truncated to [lo, hi).</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../ui/workload/explain.cpp" line="182" />
        <source>always the same value.</source>
        <translation>始终为同一个值。</translation>
    </message>
    <message>
        <location filename="../../ui/workload/explain.cpp" line="185" />
        <source>the histogram of an imported trace.</source>
        <translation>导入轨迹的直方图。</translation>
    </message>
    <message>
        <location filename="../../ui/workload/explain.cpp" line="190" />
        <source> Requests over the server's per-request limits: %1 (input &amp;gt; %2: %3, input + output &amp;gt; %4: %5).</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../ui/workload/explain.cpp" line="196" />
        <source>Input length</source>
        <translation>输入长度</translation>
    </message>
    <message>
        <location filename="../../ui/workload/explain.cpp" line="196" />
        <source>Output length</source>
        <translation>输出长度</translation>
    </message>
    <message>
        <location filename="../../ui/workload/explain.cpp" line="198" />
        <source>Workload designer</source>
        <translation>工作负载设计器</translation>
    </message>
    <message>
        <location filename="../../ui/workload/explain.cpp" line="198" />
        <source>Move the focus to a parameter (or hover it) to see what it means, its formula and its effect right now.</source>
        <translation>将焦点移到某个参数上（或悬停），即可查看它的含义、公式以及当前的效果。</translation>
    </message>
    <message>
        <location filename="../../ui/workload/workloadcharts.cpp" line="40" />
        <source>adapter rank (by expected share)</source>
        <translation>适配器排名（按期望份额）</translation>
    </message>
    <message>
        <location filename="../../ui/workload/workloadcharts.cpp" line="41" />
        <source>requests</source>
        <translation>请求数</translation>
    </message>
    <message>
        <location filename="../../ui/workload/workloadcharts.cpp" line="52" />
        <source>adapter rank (by observed count)</source>
        <translation>适配器排名（按观测次数）</translation>
    </message>
    <message>
        <location filename="../../ui/workload/workloadcharts.cpp" line="56" />
        <location filename="../../ui/workload/workloadcharts.cpp" line="100" />
        <location filename="../../ui/workload/workloadcharts.cpp" line="115" />
        <location filename="../../ui/workload/workloadcharts.cpp" line="135" />
        <source>observed</source>
        <translation>观测值</translation>
    </message>
    <message>
        <location filename="../../ui/workload/workloadcharts.cpp" line="67" />
        <source>expected (model)</source>
        <translation>期望值（模型）</translation>
    </message>
    <message>
        <location filename="../../ui/workload/workloadcharts.cpp" line="96" />
        <source>Inter-arrival gaps</source>
        <translation>到达间隔</translation>
    </message>
    <message>
        <location filename="../../ui/workload/workloadcharts.cpp" line="97" />
        <source>gap (s, log bins)</source>
        <translation>间隔（秒，对数分箱）</translation>
    </message>
    <message>
        <location filename="../../ui/workload/workloadcharts.cpp" line="98" />
        <source>gaps per bin</source>
        <translation>每箱间隔数</translation>
    </message>
    <message>
        <location filename="../../ui/workload/workloadcharts.cpp" line="102" />
        <source>model: </source>
        <translation>模型：</translation>
    </message>
    <message>
        <location filename="../../ui/workload/workloadcharts.cpp" line="111" />
        <source>Input length (mean %1, p99 %2)</source>
        <translation>输入长度（均值 %1，p99 %2）</translation>
    </message>
    <message>
        <location filename="../../ui/workload/workloadcharts.cpp" line="112" />
        <source>Output length (mean %1, p99 %2)</source>
        <translation>输出长度（均值 %1，p99 %2）</translation>
    </message>
    <message>
        <location filename="../../ui/workload/workloadcharts.cpp" line="113" />
        <source>tokens</source>
        <translation>token</translation>
    </message>
    <message>
        <location filename="../../ui/workload/workloadcharts.cpp" line="114" />
        <source>requests per bin</source>
        <translation>每箱请求数</translation>
    </message>
    <message>
        <location filename="../../ui/workload/workloadcharts.cpp" line="118" />
        <source>model</source>
        <translation>模型</translation>
    </message>
    <message>
        <location filename="../../ui/workload/workloadcharts.cpp" line="126" />
        <source>Request rate over time</source>
        <translation>请求速率随时间变化</translation>
    </message>
    <message>
        <location filename="../../ui/workload/workloadcharts.cpp" line="127" />
        <source>time (s)</source>
        <translation>时间（秒）</translation>
    </message>
    <message>
        <location filename="../../ui/workload/workloadcharts.cpp" line="128" />
        <source>requests/s</source>
        <translation>请求/秒</translation>
    </message>
    <message>
        <location filename="../../ui/workload/workloadcharts.cpp" line="142" />
        <source>model rate</source>
        <translation>模型速率</translation>
    </message>
    <message>
        <location filename="../../ui/workload/workloadcharts.cpp" line="146" />
        <source>R = %1</source>
        <translation>R = %1</translation>
    </message>
</context>
<context>
    <name>lorascope::AdmissionTab</name>
    <message>
        <location filename="../../ui/admission/admissiontab.cpp" line="70" />
        <source>Request Gantt</source>
        <translation>请求甘特图</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissiontab.cpp" line="78" />
        <source>Filter (e.g. token_budget, behind, rejected, an adapter name)…</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../ui/admission/admissiontab.cpp" line="81" />
        <source>All columns</source>
        <translation>所有列</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissiontab.cpp" line="84" />
        <source>Filter:</source>
        <translation>筛选：</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissiontab.cpp" line="106" />
        <source>Requests</source>
        <translation>请求</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissiontab.cpp" line="109" />
        <source>Step through</source>
        <translation>逐步执行</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissiontab.cpp" line="170" />
        <source>Server limits (S-LoRA defaults)</source>
        <translation>服务器限制（S-LoRA 默认值）</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissiontab.cpp" line="171" />
        <source>max_total_token_num</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../ui/admission/admissiontab.cpp" line="172" />
        <source>KV-cache token slots on the GPU, shared with adapter weights (rank·4 slots per resident adapter). Default 6000.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../ui/admission/admissiontab.cpp" line="173" />
        <source>batch_max_tokens</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../ui/admission/admissiontab.cpp" line="174" />
        <source>Max Σ input tokens of a newly admitted (prefill) batch. 0 = S-LoRA's default max(max_total_token_num / 6, max_req_total_len).</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../ui/admission/admissiontab.cpp" line="175" />
        <source>running_max_req_size</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../ui/admission/admissiontab.cpp" line="175" />
        <source>Max requests in the running batch. Default 1000.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../ui/admission/admissiontab.cpp" line="176" />
        <source>max_req_total_len</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../ui/admission/admissiontab.cpp" line="177" />
        <source>input + output of one request must not exceed it (else rejected, HTTP 500). Default 3072.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../ui/admission/admissiontab.cpp" line="178" />
        <source>max_req_input_len</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../ui/admission/admissiontab.cpp" line="178" />
        <source>Max input length of one request (else rejected). Default 2048.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../ui/admission/admissiontab.cpp" line="179" />
        <source>Policy and time</source>
        <translation>策略与时间</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissiontab.cpp" line="180" />
        <source>Policy</source>
        <translation>策略</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissiontab.cpp" line="181" />
        <source>slora: S-LoRA's FIFO queue (exact); slora-abort: drops requests waiting ≥ 5.5 s; vllm: vLLM-style limits.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../ui/admission/admissiontab.cpp" line="182" />
        <source>max_wait_tokens</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../ui/admission/admissiontab.cpp" line="182" />
        <source>Decode steps between admission attempts while a batch runs (S-LoRA: 10).</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../ui/admission/admissiontab.cpp" line="183" />
        <source>Clock</source>
        <translation>时钟</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissiontab.cpp" line="183" />
        <source>steps (1 tick per forward pass)</source>
        <translation>步进（每次前向计算 1 个时钟）</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissiontab.cpp" line="183" />
        <source>cost model (seconds)</source>
        <translation>代价模型（秒）</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissiontab.cpp" line="184" />
        <source>Step clock: exact, deterministic teaching (trace times read as ticks). Cost model: seconds from affine prefill/decode costs.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../ui/admission/admissiontab.cpp" line="188" />
        <source>Cost model</source>
        <translation>代价模型</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissiontab.cpp" line="188" />
        <source>Named cost-model presets (see docs/admission.md for their sources).</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../ui/admission/admissiontab.cpp" line="191" />
        <source>vLLM policy</source>
        <translation>vLLM 策略</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissiontab.cpp" line="192" />
        <source>max_num_seqs</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../ui/admission/admissiontab.cpp" line="192" />
        <source>vLLM: max sequences in a batch (256).</source>
        <translation>vLLM：一个批次中的最大序列数（256）。</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissiontab.cpp" line="193" />
        <source>max_num_batched_tokens</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../ui/admission/admissiontab.cpp" line="193" />
        <source>vLLM: max tokens per step; 0 = max(max_model_len, 2048).</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../ui/admission/admissiontab.cpp" line="194" />
        <source>max_loras</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../ui/admission/admissiontab.cpp" line="194" />
        <source>vLLM: distinct adapters in one batch (default 1).</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../ui/admission/admissiontab.cpp" line="257" />
        <source>Change %1</source>
        <translation>修改 %1</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissiontab.cpp" line="274" />
        <source>steps</source>
        <translation>步</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissiontab.cpp" line="274" />
        <source>s</source>
        <translation>秒</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissiontab.cpp" line="288" />
        <source>Running requests and queue</source>
        <translation>运行中请求与队列</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissiontab.cpp" line="289" />
        <location filename="../../ui/admission/admissiontab.cpp" line="315" />
        <source>time (%1)</source>
        <translation>时间（%1）</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissiontab.cpp" line="290" />
        <source>requests (max per bin)</source>
        <translation>请求数（每箱最大值）</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissiontab.cpp" line="291" />
        <source>running</source>
        <translation>运行中</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissiontab.cpp" line="291" />
        <source>queue</source>
        <translation>队列</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissiontab.cpp" line="296" />
        <source>KV tokens: need vs capacity</source>
        <translation>KV token：需求与容量</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissiontab.cpp" line="298" />
        <source>token slots (max per bin)</source>
        <translation>token 槽位（每箱最大值）</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissiontab.cpp" line="299" />
        <source>need</source>
        <translation>需求</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissiontab.cpp" line="299" />
        <source>used</source>
        <translation>已用</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissiontab.cpp" line="302" />
        <source>capacity %1</source>
        <translation>容量 %1</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissiontab.cpp" line="309" />
        <source>need: S-LoRA's peak KV need of the running batch if every request runs to its end, plus adapter slots;
used: tokens held now plus adapter weights (rank·4 slots per resident adapter).</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../ui/admission/admissiontab.cpp" line="314" />
        <source>Latency distributions</source>
        <translation>延迟分布</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissiontab.cpp" line="316" />
        <source>requests per bin</source>
        <translation>每箱请求数</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissiontab.cpp" line="328" />
        <source>queue wait</source>
        <translation>排队等待</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissiontab.cpp" line="328" />
        <source>TTFT</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../ui/admission/admissiontab.cpp" line="328" />
        <source>E2E</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../ui/admission/admissiontab.cpp" line="334" />
        <source>&lt;b&gt;%1 requests&lt;/b&gt;: %2 finished, %3 rejected, %4 dropped, %5 never admitted.&lt;br&gt;Queue wait mean %6 / p90 %7 / p99 %8 %9&lt;br&gt;TTFT mean %10 / p99 %11 · E2E mean %12 / p99 %13&lt;br&gt;Peak KV need %14 of %15 · %16 forward passes (%17 prefill) · %18 adapter loads</source>
        <translation type="unfinished" />
    </message>
</context>
<context>
    <name>lorascope::GanttView</name>
    <message>
        <location filename="../../ui/admission/ganttview.cpp" line="142" />
        <source>Requests %1–%2: queue wait (grey), prefill (light), decode (colour by adapter); hover for the wait reason</source>
        <translation>请求 %1–%2：排队等待（灰）、预填充（浅色）、解码（按适配器着色）；悬停查看等待原因</translation>
    </message>
    <message>
        <location filename="../../ui/admission/ganttview.cpp" line="160" />
        <source>s</source>
        <translation>秒</translation>
    </message>
    <message>
        <location filename="../../ui/admission/ganttview.cpp" line="160" />
        <source>steps</source>
        <translation>步</translation>
    </message>
    <message>
        <location filename="../../ui/admission/ganttview.cpp" line="187" />
        <source>base model</source>
        <translation>基础模型</translation>
    </message>
    <message>
        <location filename="../../ui/admission/ganttview.cpp" line="189" />
        <source>request %1 · %2 · input %3, output %4
arrival %5, admitted %6, first token %7, finished %8
%9
why it waited: %10</source>
        <translation type="unfinished" />
    </message>
</context>
<context>
    <name>lorascope::MainWindow</name>
    <message>
        <location filename="../../ui/mainwindow.cpp" line="47" />
        <source>LoraScope sessions (*.lorascope.json *.json)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../ui/mainwindow.cpp" line="63" />
        <source>&amp;Workload</source>
        <translation>工作负载(&amp;W)</translation>
    </message>
    <message>
        <location filename="../../ui/mainwindow.cpp" line="64" />
        <source>&amp;Admission preview</source>
        <translation>准入预览(&amp;A)</translation>
    </message>
    <message>
        <location filename="../../ui/mainwindow.cpp" line="66" />
        <source>&amp;Replay</source>
        <translation>回放(&amp;R)</translation>
    </message>
    <message>
        <location filename="../../ui/mainwindow.cpp" line="75" />
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <location filename="../../ui/mainwindow.cpp" line="76" />
        <source>Stop the running generation (Esc)</source>
        <translation>停止正在进行的生成（Esc）</translation>
    </message>
    <message>
        <location filename="../../ui/mainwindow.cpp" line="132" />
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <location filename="../../ui/mainwindow.cpp" line="133" />
        <source>&amp;New</source>
        <translation>新建(&amp;N)</translation>
    </message>
    <message>
        <location filename="../../ui/mainwindow.cpp" line="143" />
        <source>&amp;Open Session…</source>
        <translation>打开会话(&amp;O)…</translation>
    </message>
    <message>
        <location filename="../../ui/mainwindow.cpp" line="146" />
        <location filename="../../ui/mainwindow.cpp" line="150" />
        <location filename="../../ui/mainwindow.cpp" line="424" />
        <source>Open Session</source>
        <translation>打开会话</translation>
    </message>
    <message>
        <location filename="../../ui/mainwindow.cpp" line="153" />
        <source>Open &amp;Recent</source>
        <translation>最近打开(&amp;R)</translation>
    </message>
    <message>
        <location filename="../../ui/mainwindow.cpp" line="156" />
        <location filename="../../ui/mainwindow.cpp" line="162" />
        <location filename="../../ui/mainwindow.cpp" line="168" />
        <source>Save Session</source>
        <translation>保存会话</translation>
    </message>
    <message>
        <location filename="../../ui/mainwindow.cpp" line="164" />
        <source>&amp;Save Session</source>
        <translation>保存会话(&amp;S)</translation>
    </message>
    <message>
        <location filename="../../ui/mainwindow.cpp" line="171" />
        <source>Save Session &amp;As…</source>
        <translation>会话另存为(&amp;A)…</translation>
    </message>
    <message>
        <location filename="../../ui/mainwindow.cpp" line="174" />
        <source>&amp;Import Trace…</source>
        <translation>导入轨迹(&amp;I)…</translation>
    </message>
    <message>
        <location filename="../../ui/mainwindow.cpp" line="186" />
        <source>All trace files (%1)</source>
        <translation>所有轨迹文件 (%1)</translation>
    </message>
    <message>
        <location filename="../../ui/mainwindow.cpp" line="188" />
        <location filename="../../ui/mainwindow.cpp" line="195" />
        <source>Import Trace</source>
        <translation>导入轨迹</translation>
    </message>
    <message>
        <location filename="../../ui/mainwindow.cpp" line="192" />
        <source>All trace files</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../ui/mainwindow.cpp" line="197" />
        <source>&amp;Export Trace…</source>
        <translation>导出轨迹(&amp;E)…</translation>
    </message>
    <message>
        <location filename="../../ui/mainwindow.cpp" line="208" />
        <location filename="../../ui/mainwindow.cpp" line="213" />
        <source>Export Trace</source>
        <translation>导出轨迹</translation>
    </message>
    <message>
        <location filename="../../ui/mainwindow.cpp" line="215" />
        <source>Export &amp;Chart…</source>
        <translation>导出图表(&amp;C)…</translation>
    </message>
    <message>
        <location filename="../../ui/mainwindow.cpp" line="217" />
        <location filename="../../ui/mainwindow.cpp" line="382" />
        <location filename="../../ui/mainwindow.cpp" line="393" />
        <source>Export Chart</source>
        <translation>导出图表</translation>
    </message>
    <message>
        <location filename="../../ui/mainwindow.cpp" line="217" />
        <source>Chart:</source>
        <translation>图表：</translation>
    </message>
    <message>
        <location filename="../../ui/mainwindow.cpp" line="222" />
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <location filename="../../ui/mainwindow.cpp" line="225" />
        <source>&amp;Edit</source>
        <translation>编辑(&amp;E)</translation>
    </message>
    <message>
        <location filename="../../ui/mainwindow.cpp" line="226" />
        <source>&amp;Undo</source>
        <translation>撤销(&amp;U)</translation>
    </message>
    <message>
        <location filename="../../ui/mainwindow.cpp" line="229" />
        <source>&amp;Redo</source>
        <translation>重做(&amp;R)</translation>
    </message>
    <message>
        <location filename="../../ui/mainwindow.cpp" line="235" />
        <source>&amp;Cancel Generation</source>
        <translation>取消生成(&amp;C)</translation>
    </message>
    <message>
        <location filename="../../ui/mainwindow.cpp" line="238" />
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <location filename="../../ui/mainwindow.cpp" line="239" />
        <source>&amp;Language (after restart)</source>
        <translation>语言（重启后生效）(&amp;L)</translation>
    </message>
    <message>
        <location filename="../../ui/mainwindow.cpp" line="242" />
        <source>System default</source>
        <translation>跟随系统</translation>
    </message>
    <message>
        <location filename="../../ui/mainwindow.cpp" line="251" />
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <location filename="../../ui/mainwindow.cpp" line="252" />
        <source>&amp;About LoraScope</source>
        <translation>关于 LoraScope(&amp;A)</translation>
    </message>
    <message>
        <location filename="../../ui/mainwindow.cpp" line="253" />
        <source>About LoraScope</source>
        <translation>关于 LoraScope</translation>
    </message>
    <message>
        <location filename="../../ui/mainwindow.cpp" line="254" />
        <source>&lt;h3&gt;LoraScope %1&lt;/h3&gt;&lt;p&gt;Design, preview and replay multi-LoRA serving workloads.&lt;/p&gt;</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../ui/mainwindow.cpp" line="270" />
        <source>Untitled</source>
        <translation>未命名</translation>
    </message>
    <message>
        <location filename="../../ui/mainwindow.cpp" line="315" />
        <source>Saved %1</source>
        <translation>已保存 %1</translation>
    </message>
    <message>
        <location filename="../../ui/mainwindow.cpp" line="337" />
        <source>There is no trace yet.</source>
        <translation>尚无轨迹。</translation>
    </message>
    <message>
        <location filename="../../ui/mainwindow.cpp" line="343" />
        <source>Exported %1 requests to %2</source>
        <translation>已导出 %1 个请求到 %2</translation>
    </message>
    <message>
        <location filename="../../ui/mainwindow.cpp" line="372" />
        <source>Unknown chart "%1".</source>
        <translation>未知图表“%1”。</translation>
    </message>
    <message>
        <location filename="../../ui/mainwindow.cpp" line="382" />
        <source>PNG image (*.png);;SVG image (*.svg)</source>
        <translation>PNG 图像 (*.png);;SVG 图像 (*.svg)</translation>
    </message>
    <message>
        <location filename="../../ui/mainwindow.cpp" line="434" />
        <source>Unsaved changes</source>
        <translation>未保存的更改</translation>
    </message>
    <message>
        <location filename="../../ui/mainwindow.cpp" line="434" />
        <source>The session has unsaved changes. Save them?</source>
        <translation>会话有未保存的更改。是否保存？</translation>
    </message>
</context>
<context>
    <name>lorascope::ParameterPanel</name>
    <message>
        <location filename="../../ui/workload/parameterpanel.cpp" line="63" />
        <source>Workload</source>
        <translation>工作负载</translation>
    </message>
    <message>
        <location filename="../../ui/workload/parameterpanel.cpp" line="69" />
        <source>Preset</source>
        <translation>预设</translation>
    </message>
    <message>
        <location filename="../../ui/workload/parameterpanel.cpp" line="70" />
        <source>S-LoRA paper model settings (S1–S6, Real: base model and adapter names/ranks) and benchmark suites (scenarios also set n, α, R, cv and duration).</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../ui/workload/parameterpanel.cpp" line="72" />
        <source>Generator</source>
        <translation>生成器</translation>
    </message>
    <message>
        <location filename="../../ui/workload/parameterpanel.cpp" line="73" />
        <source>per-adapter: adapter i is its own Gamma renewal process with rate λᵢ = R·pᵢ, merged.
slora: S-LoRA's trace.py, bit-exact: int(R·T) requests, i.i.d. Gamma gaps, adapter = ⌊power(α)·n⌋.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../ui/workload/parameterpanel.cpp" line="75" />
        <source>Adapters n</source>
        <translation>适配器数 n</translation>
    </message>
    <message>
        <location filename="../../ui/workload/parameterpanel.cpp" line="76" />
        <source>Number of LoRA adapters (0 = base model only).</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../ui/workload/parameterpanel.cpp" line="77" />
        <source>Rate R</source>
        <translation>速率 R</translation>
    </message>
    <message>
        <location filename="../../ui/workload/parameterpanel.cpp" line="77" />
        <location filename="../../ui/workload/parameterpanel.cpp" line="107" />
        <location filename="../../ui/workload/parameterpanel.cpp" line="108" />
        <source>req/s</source>
        <translation>请求/秒</translation>
    </message>
    <message>
        <location filename="../../ui/workload/parameterpanel.cpp" line="78" />
        <source>Total request rate over all adapters: E[requests] = R·T.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../ui/workload/parameterpanel.cpp" line="79" />
        <source>Duration T</source>
        <translation>时长 T</translation>
    </message>
    <message>
        <location filename="../../ui/workload/parameterpanel.cpp" line="79" />
        <location filename="../../ui/workload/parameterpanel.cpp" line="109" />
        <location filename="../../ui/workload/parameterpanel.cpp" line="110" />
        <source>s</source>
        <translation>秒</translation>
    </message>
    <message>
        <location filename="../../ui/workload/parameterpanel.cpp" line="80" />
        <source>Length of the trace in seconds (per-adapter: arrivals after T are cut; slora: int(R·T) requests).</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../ui/workload/parameterpanel.cpp" line="81" />
        <source>Seed</source>
        <translation>随机种子</translation>
    </message>
    <message>
        <location filename="../../ui/workload/parameterpanel.cpp" line="82" />
        <source>Makes the trace reproducible: the same spec and seed give the same trace on every platform.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../ui/workload/parameterpanel.cpp" line="84" />
        <source>Popularity</source>
        <translation>适配器热度</translation>
    </message>
    <message>
        <location filename="../../ui/workload/parameterpanel.cpp" line="85" />
        <location filename="../../ui/workload/parameterpanel.cpp" line="101" />
        <source>Kind</source>
        <translation>类型</translation>
    </message>
    <message>
        <location filename="../../ui/workload/parameterpanel.cpp" line="86" />
        <source>How R is shared among adapters: power pᵢ = ((i+1)/n)^α − (i/n)^α, Zipf pᵢ ∝ (i+1)^−s, uniform, explicit weights, or the batch-style modes distinct / uniform-groups (⌈√k⌉ adapters) / identical.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../ui/workload/parameterpanel.cpp" line="88" />
        <source>Skew α</source>
        <translation>偏斜 α</translation>
    </message>
    <message>
        <location filename="../../ui/workload/parameterpanel.cpp" line="89" />
        <source>pᵢ = ((i+1)/n)^α − (i/n)^α. α = 1: uniform; α &lt; 1: low indices hot (α = 0.1: a few adapters get most requests).</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../ui/workload/parameterpanel.cpp" line="91" />
        <source>Zipf s</source>
        <translation>Zipf s</translation>
    </message>
    <message>
        <location filename="../../ui/workload/parameterpanel.cpp" line="92" />
        <source>pᵢ ∝ (i+1)^−s; s = 0 is uniform, s ≈ 1 classic Zipf.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../ui/workload/parameterpanel.cpp" line="94" />
        <source>One weight per adapter, comma-separated: pᵢ = wᵢ / Σw.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../ui/workload/parameterpanel.cpp" line="95" />
        <source>Weights</source>
        <translation>权重</translation>
    </message>
    <message>
        <location filename="../../ui/workload/parameterpanel.cpp" line="100" />
        <source>Arrivals</source>
        <translation>到达过程</translation>
    </message>
    <message>
        <location filename="../../ui/workload/parameterpanel.cpp" line="102" />
        <source>gamma(cv): renewal process with Gamma gaps; poisson: cv = 1; constant: equal gaps; on-off: two-state modulated rate; schedule: piecewise-linear rate over time.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../ui/workload/parameterpanel.cpp" line="104" />
        <source>Burstiness cv</source>
        <translation>突发度 cv</translation>
    </message>
    <message>
        <location filename="../../ui/workload/parameterpanel.cpp" line="105" />
        <source>Coefficient of variation of the gaps: Gamma(k = 1/cv², θ = cv²/λ). cv = 0.1: nearly regular; cv = 1: Poisson; cv ≥ 2: bursts (many tiny and a few huge gaps).</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../ui/workload/parameterpanel.cpp" line="107" />
        <source>On rate</source>
        <translation>开启速率</translation>
    </message>
    <message>
        <location filename="../../ui/workload/parameterpanel.cpp" line="107" />
        <source>Total rate while the source is on.</source>
        <translation>源开启时的总速率。</translation>
    </message>
    <message>
        <location filename="../../ui/workload/parameterpanel.cpp" line="108" />
        <source>Off rate</source>
        <translation>关闭速率</translation>
    </message>
    <message>
        <location filename="../../ui/workload/parameterpanel.cpp" line="108" />
        <source>Total rate while the source is off.</source>
        <translation>源关闭时的总速率。</translation>
    </message>
    <message>
        <location filename="../../ui/workload/parameterpanel.cpp" line="109" />
        <source>Mean on</source>
        <translation>平均开启时长</translation>
    </message>
    <message>
        <location filename="../../ui/workload/parameterpanel.cpp" line="109" />
        <source>Mean length of an on period (exponential).</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../ui/workload/parameterpanel.cpp" line="110" />
        <source>Mean off</source>
        <translation>平均关闭时长</translation>
    </message>
    <message>
        <location filename="../../ui/workload/parameterpanel.cpp" line="110" />
        <source>Mean length of an off period (exponential).</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../ui/workload/parameterpanel.cpp" line="112" />
        <source>time:rate, time:rate, …</source>
        <translation>时间:速率, 时间:速率, …</translation>
    </message>
    <message>
        <location filename="../../ui/workload/parameterpanel.cpp" line="113" />
        <source>Piecewise-linear total rate r(t): points "t:r" in seconds and req/s.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../ui/workload/parameterpanel.cpp" line="114" />
        <source>Schedule</source>
        <translation>速率计划</translation>
    </message>
    <message>
        <location filename="../../ui/workload/parameterpanel.cpp" line="119" />
        <source>Input length (prompt tokens)</source>
        <translation>输入长度（提示词 token）</translation>
    </message>
    <message>
        <location filename="../../ui/workload/parameterpanel.cpp" line="120" />
        <source>input</source>
        <translation>输入</translation>
    </message>
    <message>
        <location filename="../../ui/workload/parameterpanel.cpp" line="121" />
        <source>Output length (generated tokens)</source>
        <translation>输出长度（生成 token）</translation>
    </message>
    <message>
        <location filename="../../ui/workload/parameterpanel.cpp" line="122" />
        <source>output</source>
        <translation>输出</translation>
    </message>
    <message>
        <location filename="../../ui/workload/parameterpanel.cpp" line="229" />
        <source>Distribution</source>
        <translation>分布</translation>
    </message>
    <message>
        <location filename="../../ui/workload/parameterpanel.cpp" line="230" />
        <source>Distribution of %1 lengths, always confined to the integers [lo, hi): uniform = randint(lo, hi); power law P(x) ∝ x^−β; log-normal (μ, σ of ln x); normal (clipped); constant.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../ui/workload/parameterpanel.cpp" line="232" />
        <source>Min (lo)</source>
        <translation>最小值 (lo)</translation>
    </message>
    <message>
        <location filename="../../ui/workload/parameterpanel.cpp" line="232" />
        <location filename="../../ui/workload/parameterpanel.cpp" line="233" />
        <location filename="../../ui/workload/parameterpanel.cpp" line="238" />
        <location filename="../../ui/workload/parameterpanel.cpp" line="239" />
        <location filename="../../ui/workload/parameterpanel.cpp" line="240" />
        <source>tokens</source>
        <translation>token</translation>
    </message>
    <message>
        <location filename="../../ui/workload/parameterpanel.cpp" line="232" />
        <source>Smallest %1 length (inclusive).</source>
        <translation>最小%1长度（含）。</translation>
    </message>
    <message>
        <location filename="../../ui/workload/parameterpanel.cpp" line="233" />
        <source>Max (hi, exclusive)</source>
        <translation>最大值 (hi，不含)</translation>
    </message>
    <message>
        <location filename="../../ui/workload/parameterpanel.cpp" line="234" />
        <source>Upper end of the %1 range, exclusive as in S-LoRA's randint(lo, hi).</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../ui/workload/parameterpanel.cpp" line="235" />
        <source>Tail β</source>
        <translation>尾部 β</translation>
    </message>
    <message>
        <location filename="../../ui/workload/parameterpanel.cpp" line="235" />
        <source>Power law P(x) ∝ x^−β on [lo, hi): larger β = shorter.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../ui/workload/parameterpanel.cpp" line="236" />
        <source>μ (of ln x)</source>
        <translation>μ（ln x 的均值）</translation>
    </message>
    <message>
        <location filename="../../ui/workload/parameterpanel.cpp" line="236" />
        <source>Log-normal: mean of ln(length); median length = e^μ.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../ui/workload/parameterpanel.cpp" line="237" />
        <source>σ (of ln x)</source>
        <translation>σ（ln x 的标准差）</translation>
    </message>
    <message>
        <location filename="../../ui/workload/parameterpanel.cpp" line="237" />
        <source>Log-normal: standard deviation of ln(length).</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../ui/workload/parameterpanel.cpp" line="238" />
        <source>Mean</source>
        <translation>均值</translation>
    </message>
    <message>
        <location filename="../../ui/workload/parameterpanel.cpp" line="238" />
        <source>Normal: mean before clipping to [lo, hi).</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../ui/workload/parameterpanel.cpp" line="239" />
        <source>Std dev</source>
        <translation>标准差</translation>
    </message>
    <message>
        <location filename="../../ui/workload/parameterpanel.cpp" line="239" />
        <source>Normal: standard deviation before clipping.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../ui/workload/parameterpanel.cpp" line="240" />
        <source>Value</source>
        <translation>取值</translation>
    </message>
    <message>
        <location filename="../../ui/workload/parameterpanel.cpp" line="240" />
        <source>Constant length (must lie in [lo, hi)).</source>
        <translation>固定长度（必须位于 [lo, hi) 内）。</translation>
    </message>
    <message>
        <location filename="../../ui/workload/parameterpanel.cpp" line="419" />
        <source>Change %1</source>
        <translation>修改 %1</translation>
    </message>
    <message>
        <location filename="../../ui/workload/parameterpanel.cpp" line="443" />
        <source>&lt;b&gt;Not generated — fix:&lt;/b&gt;&lt;br&gt;</source>
        <translation>&lt;b&gt;未生成——请修正：&lt;/b&gt;&lt;br&gt;</translation>
    </message>
</context>
<context>
    <name>lorascope::PlotView</name>
    <message>
        <location filename="../../ui/charts/plotview.cpp" line="270" />
        <source>Export Chart as PNG or SVG…</source>
        <translation>将图表导出为 PNG 或 SVG…</translation>
    </message>
</context>
<context>
    <name>lorascope::RasterView</name>
    <message>
        <location filename="../../ui/workload/rasterview.cpp" line="36" />
        <source>Arrivals per adapter over time (hottest adapters on top; darker = more arrivals per pixel).
Wheel: zoom in time · drag: pan · double-click: whole trace.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../ui/workload/rasterview.cpp" line="156" />
        <source>Arrivals per adapter (hottest %1 adapters)</source>
        <translation>各适配器的到达（最热门的 %1 个适配器）</translation>
    </message>
    <message>
        <location filename="../../ui/workload/rasterview.cpp" line="197" />
        <source>time (s)</source>
        <translation>时间（秒）</translation>
    </message>
</context>
<context>
    <name>lorascope::ReplayTab</name>
    <message>
        <location filename="../../ui/replay/replaytab.cpp" line="81" />
        <source>demo trace (preset S1, 20 s)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../ui/replay/replaytab.cpp" line="82" />
        <source>Browse…</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../ui/replay/replaytab.cpp" line="84" />
        <source>Trace to replay</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../ui/replay/replaytab.cpp" line="91" />
        <source>Trace:</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../ui/replay/replaytab.cpp" line="92" />
        <source>Built-in simulated server</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../ui/replay/replaytab.cpp" line="94" />
        <source>Started and stopped with the replay; paces tokens with the S-LoRA admission engine and the default cost model.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../ui/replay/replaytab.cpp" line="95" />
        <source>Server:</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../ui/replay/replaytab.cpp" line="99" />
        <source>Built-in server: run the cost model this many times faster than real time.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../ui/replay/replaytab.cpp" line="100" />
        <source>Server speed:</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../ui/replay/replaytab.cpp" line="103" />
        <source>Target URL:</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../ui/replay/replaytab.cpp" line="111" />
        <source>Backend:</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../ui/replay/replaytab.cpp" line="116" />
        <source>Schedule time = trace time × scale (0.5 replays twice as fast).</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../ui/replay/replaytab.cpp" line="117" />
        <source>Time scale:</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../ui/replay/replaytab.cpp" line="120" />
        <source>unlimited</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../ui/replay/replaytab.cpp" line="121" />
        <source>Max concurrency:</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../ui/replay/replaytab.cpp" line="127" />
        <source>Start</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../ui/replay/replaytab.cpp" line="128" />
        <source>Stop</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../ui/replay/replaytab.cpp" line="136" />
        <source>Idle</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../ui/replay/replaytab.cpp" line="142" />
        <source>Adapter</source>
        <translation>适配器</translation>
    </message>
    <message>
        <location filename="../../ui/replay/replaytab.cpp" line="142" />
        <source>Completed</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../ui/replay/replaytab.cpp" line="142" />
        <location filename="../../ui/replay/replaytab.cpp" line="502" />
        <source>Failed</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../ui/replay/replaytab.cpp" line="142" />
        <source>Mean TTFT (ms)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../ui/replay/replaytab.cpp" line="142" />
        <source>p99 TTFT (ms)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../ui/replay/replaytab.cpp" line="142" />
        <source>Mean E2E (ms)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../ui/replay/replaytab.cpp" line="232" />
        <source>Cannot read the trace: %1</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../ui/replay/replaytab.cpp" line="254" />
        <source>Run folder: %1</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../ui/replay/replaytab.cpp" line="255" />
        <source>Starting…</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../ui/replay/replaytab.cpp" line="322" />
        <source>Stopping…</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../ui/replay/replaytab.cpp" line="349" />
        <source>(base)</source>
        <translation>（基础模型）</translation>
    </message>
    <message>
        <location filename="../../ui/replay/replaytab.cpp" line="382" />
        <source>sent %1/%2, completed %3, failed %4, in flight %5</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../ui/replay/replaytab.cpp" line="400" />
        <source>Requests per second</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../ui/replay/replaytab.cpp" line="401" />
        <location filename="../../ui/replay/replaytab.cpp" line="408" />
        <location filename="../../ui/replay/replaytab.cpp" line="418" />
        <location filename="../../ui/replay/replaytab.cpp" line="441" />
        <source>time (s)</source>
        <translation>时间（秒）</translation>
    </message>
    <message>
        <location filename="../../ui/replay/replaytab.cpp" line="402" />
        <source>req/s</source>
        <translation>请求/秒</translation>
    </message>
    <message>
        <location filename="../../ui/replay/replaytab.cpp" line="403" />
        <source>scheduled</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../ui/replay/replaytab.cpp" line="404" />
        <source>sent</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../ui/replay/replaytab.cpp" line="405" />
        <source>completed</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../ui/replay/replaytab.cpp" line="407" />
        <source>Latency of requests ending per second</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../ui/replay/replaytab.cpp" line="409" />
        <source>ms</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../ui/replay/replaytab.cpp" line="410" />
        <source>TTFT p50</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../ui/replay/replaytab.cpp" line="411" />
        <source>TTFT p90</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../ui/replay/replaytab.cpp" line="413" />
        <source>E2E p50</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../ui/replay/replaytab.cpp" line="414" />
        <source>E2E p90</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../ui/replay/replaytab.cpp" line="417" />
        <source>Output tokens per second</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../ui/replay/replaytab.cpp" line="419" />
        <source>tokens/s</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../ui/replay/replaytab.cpp" line="420" />
        <source>output tokens/s</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../ui/replay/replaytab.cpp" line="440" />
        <source>Requests in flight</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../ui/replay/replaytab.cpp" line="442" />
        <location filename="../../ui/replay/replaytab.cpp" line="452" />
        <source>requests</source>
        <translation>请求数</translation>
    </message>
    <message>
        <location filename="../../ui/replay/replaytab.cpp" line="443" />
        <source>in flight</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../ui/replay/replaytab.cpp" line="450" />
        <source>Errors by kind</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../ui/replay/replaytab.cpp" line="451" />
        <source>kind (see labels)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../ui/replay/replaytab.cpp" line="453" />
        <source>failed</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../ui/replay/replaytab.cpp" line="484" />
        <source>Error: %1
</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../ui/replay/replaytab.cpp" line="487" />
        <source>Completed %1, failed %2, cancelled %3
</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../ui/replay/replaytab.cpp" line="491" />
        <source>Request throughput %1 req/s, output %2 tokens/s
</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../ui/replay/replaytab.cpp" line="493" />
        <source>TTFT mean %1 / p50 %2 / p99 %3 ms
</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../ui/replay/replaytab.cpp" line="494" />
        <source>TPOT mean %1 / p99 %2 ms; ITL mean %3 ms
</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../ui/replay/replaytab.cpp" line="495" />
        <source>E2E mean %1 / p99 %2 ms
</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../ui/replay/replaytab.cpp" line="496" />
        <source>S-LoRA attainment %1, reward %2
</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../ui/replay/replaytab.cpp" line="499" />
        <source>errors %1: %2
</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../ui/replay/replaytab.cpp" line="502" />
        <source>Finished</source>
        <translation>完成</translation>
    </message>
</context>
<context>
    <name>lorascope::RequestTableModel</name>
    <message>
        <location filename="../../ui/admission/requestmodel.cpp" line="109" />
        <source> (s)</source>
        <translation>（秒）</translation>
    </message>
    <message>
        <location filename="../../ui/admission/requestmodel.cpp" line="109" />
        <source> (steps)</source>
        <translation>（步）</translation>
    </message>
    <message>
        <location filename="../../ui/admission/requestmodel.cpp" line="112" />
        <source>Request</source>
        <translation>请求</translation>
    </message>
    <message>
        <location filename="../../ui/admission/requestmodel.cpp" line="114" />
        <source>Adapter</source>
        <translation>适配器</translation>
    </message>
    <message>
        <location filename="../../ui/admission/requestmodel.cpp" line="116" />
        <source>Input</source>
        <translation>输入</translation>
    </message>
    <message>
        <location filename="../../ui/admission/requestmodel.cpp" line="118" />
        <source>Output</source>
        <translation>输出</translation>
    </message>
    <message>
        <location filename="../../ui/admission/requestmodel.cpp" line="120" />
        <source>Arrival</source>
        <translation>到达</translation>
    </message>
    <message>
        <location filename="../../ui/admission/requestmodel.cpp" line="122" />
        <source>Admitted</source>
        <translation>准入</translation>
    </message>
    <message>
        <location filename="../../ui/admission/requestmodel.cpp" line="124" />
        <source>First token</source>
        <translation>首个 token</translation>
    </message>
    <message>
        <location filename="../../ui/admission/requestmodel.cpp" line="126" />
        <source>Finished</source>
        <translation>完成</translation>
    </message>
    <message>
        <location filename="../../ui/admission/requestmodel.cpp" line="128" />
        <source>Queue wait</source>
        <translation>排队等待</translation>
    </message>
    <message>
        <location filename="../../ui/admission/requestmodel.cpp" line="130" />
        <source>TTFT</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../ui/admission/requestmodel.cpp" line="132" />
        <source>E2E</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../ui/admission/requestmodel.cpp" line="134" />
        <source>Status</source>
        <translation>状态</translation>
    </message>
    <message>
        <location filename="../../ui/admission/requestmodel.cpp" line="136" />
        <source>Why it waited</source>
        <translation>等待原因</translation>
    </message>
</context>
<context>
    <name>lorascope::StepThroughPanel</name>
    <message>
        <location filename="../../ui/admission/stepthroughpanel.cpp" line="18" />
        <source>◀ Previous pass</source>
        <translation>◀ 上一次计算</translation>
    </message>
    <message>
        <location filename="../../ui/admission/stepthroughpanel.cpp" line="19" />
        <source>Next pass ▶</source>
        <translation>下一次计算 ▶</translation>
    </message>
    <message>
        <location filename="../../ui/admission/stepthroughpanel.cpp" line="20" />
        <source>Next admission ▶▶</source>
        <translation>下一次准入 ▶▶</translation>
    </message>
    <message>
        <location filename="../../ui/admission/stepthroughpanel.cpp" line="21" />
        <source>Restart</source>
        <translation>重新开始</translation>
    </message>
    <message>
        <location filename="../../ui/admission/stepthroughpanel.cpp" line="108" />
        <source>The trace is done.</source>
        <translation>轨迹已运行完毕。</translation>
    </message>
    <message>
        <location filename="../../ui/admission/stepthroughpanel.cpp" line="108" />
        <source>Press “Next pass” to run the first forward pass.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../ui/admission/stepthroughpanel.cpp" line="109" />
        <source>&lt;p&gt;The step clock runs the admission engine one forward pass at a time: a &lt;b&gt;prefill&lt;/b&gt; of newly admitted requests or one &lt;b&gt;decode&lt;/b&gt; step of the running batch. For every admission scan you see each candidate's numbers (S-LoRA: need = max&lt;sub&gt;k&lt;/sub&gt; left&lt;sub&gt;k&lt;/sub&gt;·k + Σ&lt;sub&gt;j≤k&lt;/sub&gt; used&lt;sub&gt;j&lt;/sub&gt; &amp;lt; max_total_token_num − adapter_size, and Σ input ≤ batch_max_tokens) and why the scan stopped.&lt;/p&gt;</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../ui/admission/stepthroughpanel.cpp" line="117" />
        <source>steps</source>
        <translation>步</translation>
    </message>
    <message>
        <location filename="../../ui/admission/stepthroughpanel.cpp" line="117" />
        <source>s</source>
        <translation>秒</translation>
    </message>
    <message>
        <location filename="../../ui/admission/stepthroughpanel.cpp" line="118" />
        <source>Pass %1: %2, t = %3 → %4 %5</source>
        <translation>第 %1 次计算：%2，t = %3 → %4 %5</translation>
    </message>
    <message>
        <location filename="../../ui/admission/stepthroughpanel.cpp" line="121" />
        <source>base</source>
        <translation>基础模型</translation>
    </message>
    <message>
        <location filename="../../ui/admission/stepthroughpanel.cpp" line="124" />
        <source>&lt;p&gt;&lt;b&gt;Batch&lt;/b&gt;: %1 running request(s) after the pass; KV need %2, used %3 of %4 slots; %5 adapter(s) resident; %6 waiting.&lt;/p&gt;</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../ui/admission/stepthroughpanel.cpp" line="132" />
        <source>&lt;p&gt;&lt;b&gt;Admission scan&lt;/b&gt; (FIFO; the first candidate that fails stops the scan):&lt;/p&gt;</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../ui/admission/stepthroughpanel.cpp" line="133" />
        <source>request</source>
        <translation>请求</translation>
    </message>
    <message>
        <location filename="../../ui/admission/stepthroughpanel.cpp" line="133" />
        <source>adapter (rank)</source>
        <translation>适配器（秩）</translation>
    </message>
    <message>
        <location filename="../../ui/admission/stepthroughpanel.cpp" line="134" />
        <source>input</source>
        <translation>输入</translation>
    </message>
    <message>
        <location filename="../../ui/admission/stepthroughpanel.cpp" line="134" />
        <source>output</source>
        <translation>输出</translation>
    </message>
    <message>
        <location filename="../../ui/admission/stepthroughpanel.cpp" line="134" />
        <source>need</source>
        <translation>需求</translation>
    </message>
    <message>
        <location filename="../../ui/admission/stepthroughpanel.cpp" line="135" />
        <source>limit</source>
        <translation>上限</translation>
    </message>
    <message>
        <location filename="../../ui/admission/stepthroughpanel.cpp" line="135" />
        <source>Σ input</source>
        <translation>Σ 输入</translation>
    </message>
    <message>
        <location filename="../../ui/admission/stepthroughpanel.cpp" line="135" />
        <source>batch_max_tokens</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../ui/admission/stepthroughpanel.cpp" line="135" />
        <source>verdict</source>
        <translation>结论</translation>
    </message>
    <message>
        <location filename="../../ui/admission/stepthroughpanel.cpp" line="138" />
        <source>admitted</source>
        <translation>已准入</translation>
    </message>
    <message>
        <location filename="../../ui/admission/stepthroughpanel.cpp" line="138" />
        <source>stops the scan: %1</source>
        <translation>扫描在此停止：%1</translation>
    </message>
    <message>
        <location filename="../../ui/admission/stepthroughpanel.cpp" line="153" />
        <source>&lt;p&gt;Engine: the scan stopped because &lt;b&gt;%1&lt;/b&gt;.&lt;/p&gt;</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../ui/admission/stepthroughpanel.cpp" line="155" />
        <source>&lt;p&gt;Decode step: every running request generates one token; no admission attempt (S-LoRA tries every %1 decode steps).&lt;/p&gt;</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../ui/admission/stepthroughpanel.cpp" line="162" />
        <source>&lt;p&gt;&lt;b&gt;Finished&lt;/b&gt;: %1&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;完成&lt;/b&gt;：%1&lt;/p&gt;</translation>
    </message>
    <message>
        <location filename="../../ui/admission/stepthroughpanel.cpp" line="164" />
        <source>&lt;p&gt;&lt;b&gt;Running batch&lt;/b&gt; (request: generated / output):&lt;/p&gt;&lt;p&gt;</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../ui/admission/stepthroughpanel.cpp" line="171" />
        <source>… %1 more</source>
        <translation>… 另有 %1 个</translation>
    </message>
    <message>
        <location filename="../../ui/admission/stepthroughpanel.cpp" line="176" />
        <source>&lt;p&gt;&lt;b&gt;Queue head&lt;/b&gt;: %1&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;队首&lt;/b&gt;：%1&lt;/p&gt;</translation>
    </message>
    <message>
        <location filename="../../ui/admission/stepthroughpanel.cpp" line="176" />
        <source>empty</source>
        <translation>空</translation>
    </message>
</context>
<context>
    <name>lorascope::WorkloadTab</name>
    <message>
        <location filename="../../ui/workload/workloadtab.cpp" line="30" />
        <source>log–log</source>
        <translation>双对数</translation>
    </message>
    <message>
        <location filename="../../ui/workload/workloadtab.cpp" line="61" />
        <source>Back to the generator</source>
        <translation>返回生成器</translation>
    </message>
    <message>
        <location filename="../../ui/workload/workloadtab.cpp" line="77" />
        <source>Show the popularity chart on log–log axes (power laws become straight lines).</source>
        <translation>以双对数坐标显示热度图（幂律变为直线）。</translation>
    </message>
    <message>
        <location filename="../../ui/workload/workloadtab.cpp" line="135" />
        <source>Showing the imported trace &lt;b&gt;%1&lt;/b&gt; (%2 requests). Theory curves need a model, so only the data is drawn.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../ui/workload/workloadtab.cpp" line="163" />
        <source>Generating…</source>
        <translation>正在生成…</translation>
    </message>
    <message>
        <location filename="../../ui/workload/workloadtab.cpp" line="166" />
        <source>n/a</source>
        <translation>无</translation>
    </message>
    <message>
        <location filename="../../ui/workload/workloadtab.cpp" line="167" />
        <source>%1 requests · achieved %2 req/s · gap cv %3 · fitted α %4 · over limits %5 (input &gt; %6: %7, total &gt; %8: %9)</source>
        <translation>%1 个请求 · 实际 %2 请求/秒 · 间隔 cv %3 · 拟合 α %4 · 超出限制 %5（输入 &gt; %6：%7，总长 &gt; %8：%9）</translation>
    </message>
</context>
</TS>