<?xml version='1.0' encoding='utf-8'?>
<TS version="2.1" language="zh_CN">
<context>
    <name>QObject</name>
    <message>
        <location filename="../../ui/charts/widgetexport.cpp" line="18" />
        <source>Nothing to export.</source>
        <translation>没有可导出的内容。</translation>
    </message>
    <message>
        <location filename="../../ui/charts/widgetexport.cpp" line="30" />
        <source>Exported from LoraScope</source>
        <translation>由 LoraScope 导出</translation>
    </message>
    <message>
        <location filename="../../ui/charts/widgetexport.cpp" line="43" />
        <source>Could not encode the PNG image.</source>
        <translation>无法编码 PNG 图像。</translation>
    </message>
    <message>
        <location filename="../../ui/charts/widgetexport.cpp" line="45" />
        <source>Unknown image type "%1": use .png or .svg.</source>
        <translation>未知的图像类型“%1”：请使用 .png 或 .svg。</translation>
    </message>
    <message>
        <location filename="../../ui/charts/widgetexport.cpp" line="50" />
        <location filename="../../ui/charts/widgetexport.cpp" line="53" />
        <source>Cannot write %1: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
</context>
<context>
    <name>lorascope</name>
    <message>
        <location filename="../../ui/workload/explain.cpp" line="35" />
        <source>Formula</source>
        <translation>公式</translation>
    </message>
    <message>
        <location filename="../../ui/workload/explain.cpp" line="37" />
        <source>Right now</source>
        <translation>当前效果</translation>
    </message>
    <message>
        <location filename="../../ui/workload/explain.cpp" line="44" />
        <source>n = 0: every request uses the base model.</source>
        <translation>n = 0：所有请求都使用基础模型。</translation>
    </message>
    <message>
        <location filename="../../ui/workload/explain.cpp" line="46" />
        <source>n = %1</source>
        <translation>n = %1</translation>
    </message>
    <message>
        <location filename="../../ui/workload/explain.cpp" line="48" />
        <source>, α = %1</source>
        <translation>，α = %1</translation>
    </message>
    <message>
        <location filename="../../ui/workload/explain.cpp" line="50" />
        <source>, s = %1</source>
        <translation>，s = %1</translation>
    </message>
    <message>
        <location filename="../../ui/workload/explain.cpp" line="51" />
        <source>: the hottest adapter gets %1 of requests, the top 10 get %2; %3 adapter(s) receive half of all requests; the coldest gets %4.</source>
        <translation>：最热门的适配器获得 %1 的请求，前 10 个获得 %2；%3 个适配器承接了一半的请求；最冷门的获得 %4。</translation>
    </message>
    <message>
        <location filename="../../ui/workload/explain.cpp" line="57" />
        <source> Over the trace (≈ %1 requests) that is ≈ %2 requests for the hottest adapter.</source>
        <translation>整条轨迹（约 %1 个请求）中，最热门的适配器约有 %2 个请求。</translation>
    </message>
    <message>
        <location filename="../../ui/workload/explain.cpp" line="64" />
        <source>model mean %1 tokens on [%2, %3)</source>
        <translation>模型均值 %1 个令牌，区间 [%2, %3)</translation>
    </message>
    <message>
        <location filename="../../ui/workload/explain.cpp" line="66" />
        <source>; this trace: mean %1, p50 %2, p90 %3, p99 %4, max %5</source>
        <translation>；本轨迹：均值 %1，p50 %2，p90 %3，p99 %4，最大值 %5</translation>
    </message>
    <message>
        <location filename="../../ui/workload/explain.cpp" line="77" />
        <source>Adapters n</source>
        <translation>适配器数 n</translation>
    </message>
    <message>
        <location filename="../../ui/workload/explain.cpp" line="77" />
        <source>How many LoRA adapters the requests are spread over. Each adapter a request uses must be resident on the GPU; in S-LoRA its weights take rank·4 KV-cache slots while loaded.</source>
        <translation>请求分布在多少个 LoRA 适配器上。请求所用的每个适配器都必须驻留在 GPU 上；在 S-LoRA 中，适配器加载期间其权重占用 rank·4 个 KV 缓存槽位。</translation>
    </message>
    <message>
        <location filename="../../ui/workload/explain.cpp" line="79" />
        <source>adapter k is named &lt;code&gt;names[k % L]-(k / L)&lt;/code&gt; from the preset's name list.</source>
        <translation>适配器 k 的名称取自预设的名称列表：&lt;code&gt;names[k % L]-(k / L)&lt;/code&gt;。</translation>
    </message>
    <message>
        <location filename="../../ui/workload/explain.cpp" line="81" />
        <source>Total rate R</source>
        <translation>总速率 R</translation>
    </message>
    <message>
        <location filename="../../ui/workload/explain.cpp" line="81" />
        <source>Requests per second over all adapters together.</source>
        <translation>所有适配器合计的每秒请求数。</translation>
    </message>
    <message>
        <location filename="../../ui/workload/explain.cpp" line="82" />
        <source>E[requests] = R·T; adapter i gets λᵢ = R·pᵢ.</source>
        <translation>E[requests] = R·T；适配器 i 的速率为 λᵢ = R·pᵢ。</translation>
    </message>
    <message>
        <location filename="../../ui/workload/explain.cpp" line="83" />
        <source>R = %1 req/s over T = %2 s → ≈ %3 requests expected</source>
        <translation>R = %1 req/s，持续 T = %2 s → 期望约 %3 个请求</translation>
    </message>
    <message>
        <location filename="../../ui/workload/explain.cpp" line="84" />
        <source>; this trace has %1 (achieved %2 req/s).</source>
        <translation>；本轨迹有 %1 个（实际 %2 req/s）。</translation>
    </message>
    <message>
        <location filename="../../ui/workload/explain.cpp" line="86" />
        <source>Duration T</source>
        <translation>时长 T</translation>
    </message>
    <message>
        <location filename="../../ui/workload/explain.cpp" line="86" />
        <source>Length of the trace in seconds.</source>
        <translation>轨迹长度（秒）。</translation>
    </message>
    <message>
        <location filename="../../ui/workload/explain.cpp" line="87" />
        <source>slora: exactly int(R·T) requests, nothing is cut at T.</source>
        <translation>slora：恰好 int(R·T) 个请求，不在 T 处截断。</translation>
    </message>
    <message>
        <location filename="../../ui/workload/explain.cpp" line="87" />
        <source>per-adapter: arrivals after T are cut.</source>
        <translation>per-adapter：T 之后的到达被截断。</translation>
    </message>
    <message>
        <location filename="../../ui/workload/explain.cpp" line="88" />
        <source>≈ %1 requests expected.</source>
        <translation>期望约 %1 个请求。</translation>
    </message>
    <message>
        <location filename="../../ui/workload/explain.cpp" line="90" />
        <source>Seed</source>
        <translation>随机种子</translation>
    </message>
    <message>
        <location filename="../../ui/workload/explain.cpp" line="90" />
        <source>Makes the trace reproducible: the same spec and seed give the same trace on every platform; change it to see another sample of the same model (sampling noise).</source>
        <translation>使轨迹可复现：相同的规格和种子在任何平台上都生成相同的轨迹；更改种子可查看同一模型的另一个样本（抽样噪声）。</translation>
    </message>
    <message>
        <location filename="../../ui/workload/explain.cpp" line="91" />
        <source>seed = %1.</source>
        <translation>种子 = %1。</translation>
    </message>
    <message>
        <location filename="../../ui/workload/explain.cpp" line="93" />
        <source>Generator</source>
        <translation>生成器</translation>
    </message>
    <message>
        <location filename="../../ui/workload/explain.cpp" line="94" />
        <source>&lt;b&gt;per-adapter&lt;/b&gt; (the S-LoRA paper's model): adapter i has its own rate λᵢ and its own Gamma renewal process, started in equilibrium; the trace is their merge. &lt;b&gt;slora&lt;/b&gt;: S-LoRA's benchmarks/trace.py, number for number (NumPy RandomState): one Gamma process at rate R and each request picks its adapter.</source>
        <translation>&lt;b&gt;per-adapter&lt;/b&gt;（S-LoRA 论文的模型）：适配器 i 有自己的速率 λᵢ 和自己的 Gamma 更新过程，从平稳状态开始；轨迹是它们的合并。&lt;b&gt;slora&lt;/b&gt;：与 S-LoRA 的 benchmarks/trace.py 逐数一致（NumPy RandomState）：一个速率为 R 的 Gamma 过程，每个请求各自选择适配器。</translation>
    </message>
    <message>
        <location filename="../../ui/workload/explain.cpp" line="96" />
        <source>slora: adapter = ⌊power(α)·n⌋, gaps Gamma(1/cv², cv²/R); per-adapter: gaps of adapter i Gamma(1/cv², cv²/λᵢ).</source>
        <translation>slora：adapter = ⌊power(α)·n⌋，间隔服从 Gamma(1/cv², cv²/R)；per-adapter：适配器 i 的间隔服从 Gamma(1/cv², cv²/λᵢ)。</translation>
    </message>
    <message>
        <location filename="../../ui/workload/explain.cpp" line="97" />
        <source>Note: with per-adapter, each adapter's stream has cv = %1, but the merged stream of many adapters looks more like Poisson (cv → 1)%2.</source>
        <translation>注意：使用 per-adapter 时，每个适配器的请求流 cv = %1，但多个适配器合并后的流更接近泊松过程（cv → 1）%2。</translation>
    </message>
    <message>
        <location filename="../../ui/workload/explain.cpp" line="98" />
        <source>; this trace's overall gap cv is %1</source>
        <translation>；本轨迹整体间隔 cv 为 %1</translation>
    </message>
    <message>
        <location filename="../../ui/workload/explain.cpp" line="100" />
        <source>Preset</source>
        <translation>预设</translation>
    </message>
    <message>
        <location filename="../../ui/workload/explain.cpp" line="100" />
        <source>S1–S6 and Real are the S-LoRA paper's model settings (base model, adapter names and ranks). The named scenarios are the paper's benchmark suites and also set n, α, R, cv and T.</source>
        <translation>S1–S6 和 Real 是 S-LoRA 论文中的模型设置（基础模型、适配器名称和秩）。命名场景是论文中的基准测试套件，同时还会设置 n、α、R、cv 和 T。</translation>
    </message>
    <message>
        <location filename="../../ui/workload/explain.cpp" line="101" />
        <source>preset %1, base model %2.</source>
        <translation>预设 %1，基础模型 %2。</translation>
    </message>
    <message>
        <location filename="../../ui/workload/explain.cpp" line="106" />
        <source>pᵢ = ((i+1)/n)^α − (i/n)^α. α = 1: uniform; α &amp;lt; 1: the first adapters are hot (α = 0.1: a few adapters get most requests); α &amp;gt; 1: the last ones are.</source>
        <translation>pᵢ = ((i+1)/n)^α − (i/n)^α。α = 1：均匀；α &amp;lt; 1：靠前的适配器更热门（α = 0.1：少数适配器获得大部分请求）；α &amp;gt; 1：靠后的适配器更热门。</translation>
    </message>
    <message>
        <location filename="../../ui/workload/explain.cpp" line="109" />
        <source>pᵢ = (i+1)^−s / Σⱼ (j+1)^−s.</source>
        <translation>pᵢ = (i+1)^−s / Σⱼ (j+1)^−s。</translation>
    </message>
    <message>
        <location filename="../../ui/workload/explain.cpp" line="112" />
        <source>pᵢ = 1/n.</source>
        <translation>pᵢ = 1/n。</translation>
    </message>
    <message>
        <location filename="../../ui/workload/explain.cpp" line="115" />
        <source>pᵢ = wᵢ / Σw.</source>
        <translation>pᵢ = wᵢ / Σw。</translation>
    </message>
    <message>
        <location filename="../../ui/workload/explain.cpp" line="118" />
        <source>request j uses adapter j mod n (every request a different adapter, as Punica's batch benchmarks).</source>
        <translation>请求 j 使用适配器 j mod n（每个请求使用不同的适配器，同 Punica 的批处理基准测试）。</translation>
    </message>
    <message>
        <location filename="../../ui/workload/explain.cpp" line="121" />
        <source>requests spread round-robin over ⌈√k⌉ adapters (k requests).</source>
        <translation>请求以轮询方式分配到 ⌈√k⌉ 个适配器上（k 为请求数）。</translation>
    </message>
    <message>
        <location filename="../../ui/workload/explain.cpp" line="124" />
        <source>every request uses adapter 0.</source>
        <translation>所有请求都使用适配器 0。</translation>
    </message>
    <message>
        <location filename="../../ui/workload/explain.cpp" line="129" />
        <source> Fitted α of this trace: %1 ± %2.</source>
        <translation> 本轨迹拟合的 α：%1 ± %2。</translation>
    </message>
    <message>
        <location filename="../../ui/workload/explain.cpp" line="130" />
        <location filename="../../ui/workload/workloadcharts.cpp" line="40" />
        <source>Adapter popularity</source>
        <translation>适配器热度</translation>
    </message>
    <message>
        <location filename="../../ui/workload/explain.cpp" line="130" />
        <source>How the total rate R is shared among the adapters. Skew decides how many adapters are active at once, and so how much adapter memory and loading the server needs.</source>
        <translation>总速率 R 如何分配给各个适配器。偏斜决定同时活跃的适配器数量，从而决定服务器需要多少适配器内存和加载。</translation>
    </message>
    <message>
        <location filename="../../ui/workload/explain.cpp" line="133" />
        <source>How requests arrive over time. Gaps are Gamma distributed with coefficient of variation cv = std/mean: cv = 0.1 → gaps nearly equal; cv = 1 → Poisson; cv ≥ 2 → bursts of tiny gaps separated by long silences. Gamma arrivals describe real traffic better than Poisson.</source>
        <translation>请求如何随时间到达。到达间隔服从 Gamma 分布，变异系数 cv = std/mean：cv = 0.1 → 间隔几乎相等；cv = 1 → 泊松；cv ≥ 2 → 成串的极短间隔，其间隔着长时间的静默。Gamma 到达比泊松更贴近真实流量。</translation>
    </message>
    <message>
        <location filename="../../ui/workload/explain.cpp" line="136" />
        <source>gap ~ Gamma(k = 1/cv², θ = cv²/λ): mean 1/λ, std cv/λ.</source>
        <translation>gap ~ Gamma(k = 1/cv², θ = cv²/λ)：均值 1/λ，标准差 cv/λ。</translation>
    </message>
    <message>
        <location filename="../../ui/workload/explain.cpp" line="140" />
        <source>cv = %1 → k = %2, θ = %3 s for the whole stream at R</source>
        <translation>速率为 R 的整个请求流：cv = %1 → k = %2，θ = %3 s</translation>
    </message>
    <message>
        <location filename="../../ui/workload/explain.cpp" line="144" />
        <source>; the model puts %1 of gaps below a tenth of the mean gap and %2 above three times it</source>
        <translation>；按模型，%1 的间隔小于平均间隔的十分之一，%2 的间隔大于平均间隔的三倍</translation>
    </message>
    <message>
        <location filename="../../ui/workload/explain.cpp" line="147" />
        <source>; this trace: gap cv %1</source>
        <translation>；本轨迹：间隔 cv %1</translation>
    </message>
    <message>
        <location filename="../../ui/workload/explain.cpp" line="152" />
        <source>on %1 of the time at %2 req/s, off at %3 req/s: long-run rate %4 req/s.</source>
        <translation>%1 的时间处于开启状态（%2 req/s），关闭时为 %3 req/s：长期平均速率 %4 req/s。</translation>
    </message>
    <message>
        <location filename="../../ui/workload/explain.cpp" line="155" />
        <source>every adapter's requests come exactly 1/λᵢ apart.</source>
        <translation>每个适配器的请求严格以 1/λᵢ 为间隔到达。</translation>
    </message>
    <message>
        <location filename="../../ui/workload/explain.cpp" line="157" />
        <source>the rate follows the schedule; see the timeline chart.</source>
        <translation>速率按速率计划变化；见时间线图。</translation>
    </message>
    <message>
        <location filename="../../ui/workload/explain.cpp" line="159" />
        <source>Arrivals</source>
        <translation>到达过程</translation>
    </message>
    <message>
        <location filename="../../ui/workload/explain.cpp" line="165" />
        <source>Prompt tokens per request. Long prompts fill S-LoRA's batch_max_tokens (Σ input of a new batch) and the KV cache; a request whose input is close to batch_max_tokens makes short requests behind it wait.</source>
        <translation>每个请求的提示词令牌数。长提示词会占满 S-LoRA 的 batch_max_tokens（新批次的 Σ 输入）和 KV 缓存；输入接近 batch_max_tokens 的请求会让排在它后面的短请求等待。</translation>
    </message>
    <message>
        <location filename="../../ui/workload/explain.cpp" line="167" />
        <source>Generated tokens per request (max_new_tokens with ignore_eos). Long outputs keep a request in the running batch and its KV slots reserved for longer.</source>
        <translation>每个请求生成的令牌数（max_new_tokens，配合 ignore_eos）。输出越长，请求在运行批次中停留越久，其 KV 槽位也预留得越久。</translation>
    </message>
    <message>
        <location filename="../../ui/workload/explain.cpp" line="171" />
        <source>uniform integers in [lo, hi) (S-LoRA's randint: hi exclusive), mean (lo + hi − 1)/2.</source>
        <translation>[lo, hi) 上的均匀整数（S-LoRA 的 randint：不含 hi），均值 (lo + hi − 1)/2。</translation>
    </message>
    <message>
        <location filename="../../ui/workload/explain.cpp" line="174" />
        <source>P(x) ∝ x^−β on [lo, hi): a long tail; larger β = more short requests.</source>
        <translation>P(x) ∝ x^−β，定义在 [lo, hi) 上：长尾分布；β 越大，短请求越多。</translation>
    </message>
    <message>
        <location filename="../../ui/workload/explain.cpp" line="177" />
        <source>ln x ~ Normal(μ, σ), rounded and truncated to [lo, hi); median ≈ e^μ.</source>
        <translation>ln x ~ Normal(μ, σ)，取整并截断到 [lo, hi)；中位数 ≈ e^μ。</translation>
    </message>
    <message>
        <location filename="../../ui/workload/explain.cpp" line="180" />
        <source>Normal(mean, std) rounded and truncated to [lo, hi).</source>
        <translation>Normal(mean, std)，取整并截断到 [lo, hi)。</translation>
    </message>
    <message>
        <location filename="../../ui/workload/explain.cpp" line="183" />
        <source>always the same value.</source>
        <translation>始终为同一个值。</translation>
    </message>
    <message>
        <location filename="../../ui/workload/explain.cpp" line="186" />
        <source>the histogram of an imported trace.</source>
        <translation>导入轨迹的直方图。</translation>
    </message>
    <message>
        <location filename="../../ui/workload/explain.cpp" line="191" />
        <source> Requests over the server's per-request limits: %1 (input &amp;gt; %2: %3, input + output &amp;gt; %4: %5).</source>
        <translation> 超出服务器单请求限制的请求：%1 个（输入 &amp;gt; %2：%3，输入 + 输出 &amp;gt; %4：%5）。</translation>
    </message>
    <message>
        <location filename="../../ui/workload/explain.cpp" line="197" />
        <source>Input length</source>
        <translation>输入长度</translation>
    </message>
    <message>
        <location filename="../../ui/workload/explain.cpp" line="197" />
        <source>Output length</source>
        <translation>输出长度</translation>
    </message>
    <message>
        <location filename="../../ui/workload/explain.cpp" line="199" />
        <source>Workload designer</source>
        <translation>工作负载设计器</translation>
    </message>
    <message>
        <location filename="../../ui/workload/explain.cpp" line="199" />
        <source>Move the focus to a parameter (or hover it) to see what it means, its formula and its effect right now.</source>
        <translation>将焦点移到某个参数上（或悬停），即可查看它的含义、公式以及当前的效果。</translation>
    </message>
    <message>
        <location filename="../../ui/workload/workloadcharts.cpp" line="41" />
        <source>adapter rank (by expected share)</source>
        <translation>适配器排名（按期望份额）</translation>
    </message>
    <message>
        <location filename="../../ui/workload/workloadcharts.cpp" line="42" />
        <source>requests</source>
        <translation>请求数</translation>
    </message>
    <message>
        <location filename="../../ui/workload/workloadcharts.cpp" line="53" />
        <source>adapter rank (by observed count)</source>
        <translation>适配器排名（按观测次数）</translation>
    </message>
    <message>
        <location filename="../../ui/workload/workloadcharts.cpp" line="57" />
        <location filename="../../ui/workload/workloadcharts.cpp" line="101" />
        <location filename="../../ui/workload/workloadcharts.cpp" line="116" />
        <location filename="../../ui/workload/workloadcharts.cpp" line="136" />
        <source>observed</source>
        <translation>观测值</translation>
    </message>
    <message>
        <location filename="../../ui/workload/workloadcharts.cpp" line="68" />
        <source>expected (model)</source>
        <translation>期望值（模型）</translation>
    </message>
    <message>
        <location filename="../../ui/workload/workloadcharts.cpp" line="97" />
        <source>Inter-arrival gaps</source>
        <translation>到达间隔</translation>
    </message>
    <message>
        <location filename="../../ui/workload/workloadcharts.cpp" line="98" />
        <source>gap (s, log bins)</source>
        <translation>间隔（s，对数分箱）</translation>
    </message>
    <message>
        <location filename="../../ui/workload/workloadcharts.cpp" line="99" />
        <source>gaps per bin</source>
        <translation>每箱间隔数</translation>
    </message>
    <message>
        <location filename="../../ui/workload/workloadcharts.cpp" line="103" />
        <source>model: </source>
        <translation>模型：</translation>
    </message>
    <message>
        <location filename="../../ui/workload/workloadcharts.cpp" line="112" />
        <source>Input length (mean %1, p99 %2)</source>
        <translation>输入长度（均值 %1，p99 %2）</translation>
    </message>
    <message>
        <location filename="../../ui/workload/workloadcharts.cpp" line="113" />
        <source>Output length (mean %1, p99 %2)</source>
        <translation>输出长度（均值 %1，p99 %2）</translation>
    </message>
    <message>
        <location filename="../../ui/workload/workloadcharts.cpp" line="114" />
        <source>tokens</source>
        <translation>令牌</translation>
    </message>
    <message>
        <location filename="../../ui/workload/workloadcharts.cpp" line="115" />
        <source>requests per bin</source>
        <translation>每箱请求数</translation>
    </message>
    <message>
        <location filename="../../ui/workload/workloadcharts.cpp" line="119" />
        <source>model</source>
        <translation>模型</translation>
    </message>
    <message>
        <location filename="../../ui/workload/workloadcharts.cpp" line="127" />
        <source>Request rate over time</source>
        <translation>请求速率随时间变化</translation>
    </message>
    <message>
        <location filename="../../ui/workload/workloadcharts.cpp" line="128" />
        <source>time (s)</source>
        <translation>时间 (s)</translation>
    </message>
    <message>
        <location filename="../../ui/workload/workloadcharts.cpp" line="129" />
        <source>requests/s</source>
        <translation>请求/s</translation>
    </message>
    <message>
        <location filename="../../ui/workload/workloadcharts.cpp" line="143" />
        <source>model rate</source>
        <translation>模型速率</translation>
    </message>
    <message>
        <location filename="../../ui/workload/workloadcharts.cpp" line="147" />
        <source>R = %1</source>
        <translation>R = %1</translation>
    </message>
</context>
<context>
    <name>lorascope::AdmissionTab</name>
    <message>
        <location filename="../../ui/admission/admissiontab.cpp" line="71" />
        <source>Request Gantt</source>
        <translation>请求甘特图</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissiontab.cpp" line="79" />
        <source>Filter (e.g. token_budget, behind, rejected, an adapter name)…</source>
        <translation>筛选（例如 token_budget、behind、已拒绝、适配器名称）…</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissiontab.cpp" line="82" />
        <source>All columns</source>
        <translation>所有列</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissiontab.cpp" line="85" />
        <source>Filter:</source>
        <translation>筛选：</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissiontab.cpp" line="107" />
        <source>Requests</source>
        <translation>请求</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissiontab.cpp" line="110" />
        <source>Step through</source>
        <translation>逐步执行</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissiontab.cpp" line="171" />
        <source>Server limits (S-LoRA defaults)</source>
        <translation>服务器限制（S-LoRA 默认值）</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissiontab.cpp" line="172" />
        <source>max_total_token_num</source>
        <translation>max_total_token_num</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissiontab.cpp" line="173" />
        <source>KV-cache token slots on the GPU, shared with adapter weights (rank·4 slots per resident adapter). Default 6000.</source>
        <translation>GPU 上的 KV 缓存令牌槽位，与适配器权重共用（每个驻留适配器占 rank·4 个槽位）。默认 6000。</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissiontab.cpp" line="174" />
        <source>batch_max_tokens</source>
        <translation>batch_max_tokens</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissiontab.cpp" line="175" />
        <source>Max Σ input tokens of a newly admitted (prefill) batch. 0 = S-LoRA's default max(max_total_token_num / 6, max_req_total_len).</source>
        <translation>新准入（预填充）批次的最大 Σ 输入令牌数。0 = S-LoRA 默认值 max(max_total_token_num / 6, max_req_total_len)。</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissiontab.cpp" line="176" />
        <source>running_max_req_size</source>
        <translation>running_max_req_size</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissiontab.cpp" line="176" />
        <source>Max requests in the running batch. Default 1000.</source>
        <translation>运行批次中的最大请求数。默认 1000。</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissiontab.cpp" line="177" />
        <source>max_req_total_len</source>
        <translation>max_req_total_len</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissiontab.cpp" line="178" />
        <source>input + output of one request must not exceed it (else rejected, HTTP 500). Default 3072.</source>
        <translation>单个请求的输入 + 输出不得超过此值（否则被拒绝，HTTP 500）。默认 3072。</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissiontab.cpp" line="179" />
        <source>max_req_input_len</source>
        <translation>max_req_input_len</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissiontab.cpp" line="179" />
        <source>Max input length of one request (else rejected). Default 2048.</source>
        <translation>单个请求的最大输入长度（超出则被拒绝）。默认 2048。</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissiontab.cpp" line="180" />
        <source>Policy and time</source>
        <translation>策略与时间</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissiontab.cpp" line="181" />
        <source>Policy</source>
        <translation>策略</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissiontab.cpp" line="182" />
        <source>slora: S-LoRA's FIFO queue (exact); slora-abort: drops requests waiting ≥ 5.5 s; vllm: vLLM-style limits.</source>
        <translation>slora：S-LoRA 的 FIFO 队列（精确复现）；slora-abort：丢弃等待 ≥ 5.5 s 的请求；vllm：vLLM 风格的限制。</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissiontab.cpp" line="183" />
        <source>max_wait_tokens</source>
        <translation>max_wait_tokens</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissiontab.cpp" line="183" />
        <source>Decode steps between admission attempts while a batch runs (S-LoRA: 10).</source>
        <translation>批次运行期间两次准入尝试之间的解码步数（S-LoRA：10）。</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissiontab.cpp" line="184" />
        <source>Clock</source>
        <translation>时钟</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissiontab.cpp" line="184" />
        <source>steps (1 tick per forward pass)</source>
        <translation>步进（每次前向计算计 1 个时钟刻度）</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissiontab.cpp" line="184" />
        <source>cost model (seconds)</source>
        <translation>代价模型（秒）</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissiontab.cpp" line="185" />
        <source>Step clock: exact, deterministic teaching (trace times read as ticks). Cost model: seconds from affine prefill/decode costs.</source>
        <translation>步进时钟：精确、确定性的教学模式（轨迹时间按时钟刻度解读）。代价模型：由仿射的预填充/解码代价算出秒数。</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissiontab.cpp" line="189" />
        <source>Cost model</source>
        <translation>代价模型</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissiontab.cpp" line="189" />
        <source>Named cost-model presets (see docs/admission.md for their sources).</source>
        <translation>具名的代价模型预设（来源见 docs/admission.md）。</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissiontab.cpp" line="201" />
        <source>Load cost model %1</source>
        <translation>加载成本模型 %1</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissiontab.cpp" line="192" />
        <source>vLLM policy</source>
        <translation>vLLM 策略</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissiontab.cpp" line="193" />
        <source>max_num_seqs</source>
        <translation>max_num_seqs</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissiontab.cpp" line="193" />
        <source>vLLM: max sequences in a batch (256).</source>
        <translation>vLLM：一个批次中的最大序列数（256）。</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissiontab.cpp" line="194" />
        <source>max_num_batched_tokens</source>
        <translation>max_num_batched_tokens</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissiontab.cpp" line="194" />
        <source>vLLM: max tokens per step; 0 = max(max_model_len, 2048).</source>
        <translation>vLLM：每步最大令牌数；0 = max(max_model_len, 2048)。</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissiontab.cpp" line="195" />
        <source>max_loras</source>
        <translation>max_loras</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissiontab.cpp" line="195" />
        <source>vLLM: distinct adapters in one batch (default 1).</source>
        <translation>vLLM：一个批次中不同适配器的最大数量（默认 1）。</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissiontab.cpp" line="201" />
        <source>Run preview now</source>
        <translation>立即运行预览</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissiontab.cpp" line="203" />
        <source>Traces over %1 requests are not previewed automatically; this runs the simulation now.</source>
        <translation>超过 %1 个请求的轨迹不会自动预览；点击此按钮立即运行模拟。</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissiontab.cpp" line="263" />
        <source>Change %1</source>
        <translation>修改 %1</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissiontab.cpp" line="285" />
        <source>steps</source>
        <translation>步</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissiontab.cpp" line="285" />
        <source>s</source>
        <translation>s</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissiontab.cpp" line="299" />
        <source>Running requests and queue</source>
        <translation>运行中请求与队列</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissiontab.cpp" line="300" />
        <location filename="../../ui/admission/admissiontab.cpp" line="329" />
        <source>time (%1)</source>
        <translation>时间（%1）</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissiontab.cpp" line="301" />
        <source>requests (max per bin)</source>
        <translation>请求数（每箱最大值）</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissiontab.cpp" line="302" />
        <source>running</source>
        <translation>运行中</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissiontab.cpp" line="302" />
        <source>queue</source>
        <translation>队列</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissiontab.cpp" line="307" />
        <source>KV tokens: need vs capacity</source>
        <translation>KV 令牌：需求与容量</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissiontab.cpp" line="309" />
        <source>token slots (max per bin)</source>
        <translation>令牌槽位（每箱最大值）</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissiontab.cpp" line="310" />
        <source>need</source>
        <translation>需求</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissiontab.cpp" line="310" />
        <source>used</source>
        <translation>已用</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissiontab.cpp" line="312" />
        <source>adapter weights</source>
        <translation>适配器权重</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissiontab.cpp" line="315" />
        <source>capacity %1</source>
        <translation>容量 %1</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissiontab.cpp" line="322" />
        <source>need: S-LoRA's peak KV need of the running batch if every request runs to its end, plus adapter slots;
used: tokens held now plus adapter weights (rank·4 slots per resident adapter);
adapter weights: the part of used that holds resident adapters.</source>
        <translation>需求：假设每个请求都运行到结束，S-LoRA 估算的运行批次 KV 峰值需求，加上适配器槽位；
已用：当前占用的令牌加上适配器权重（每个驻留适配器占 rank·4 个槽位）；
适配器权重：已用部分中驻留适配器所占的槽位。</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissiontab.cpp" line="328" />
        <source>Latency distributions</source>
        <translation>延迟分布</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissiontab.cpp" line="330" />
        <source>requests per bin</source>
        <translation>每箱请求数</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissiontab.cpp" line="342" />
        <source>queue wait</source>
        <translation>排队等待</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissiontab.cpp" line="342" />
        <source>TTFT</source>
        <translation>TTFT</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissiontab.cpp" line="342" />
        <source>E2E</source>
        <translation>E2E</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissiontab.cpp" line="348" />
        <source>&lt;b&gt;%1 requests&lt;/b&gt;: %2 finished, %3 rejected, %4 dropped, %5 never admitted.&lt;br&gt;Queue wait mean %6 / p90 %7 / p99 %8 %9&lt;br&gt;TTFT mean %10 / p99 %11 · E2E mean %12 / p99 %13&lt;br&gt;Peak KV need %14 of %15 · %16 forward passes (%17 prefill) · %18 adapter loads</source>
        <translation>&lt;b&gt;%1 个请求&lt;/b&gt;：%2 个完成，%3 个被拒绝，%4 个被丢弃，%5 个从未准入。&lt;br&gt;排队等待 均值 %6 / p90 %7 / p99 %8 %9&lt;br&gt;TTFT 均值 %10 / p99 %11 · E2E 均值 %12 / p99 %13&lt;br&gt;KV 峰值需求 %14 / 容量 %15 · %16 次前向计算（%17 次预填充）· %18 次适配器加载</translation>
    </message>
</context>
<context>
    <name>lorascope::ComparePlots</name>
    <message>
        <location filename="../../ui/compare/compareplots.cpp" line="11" />
        <source>A</source>
        <translation>A</translation>
    </message>
    <message>
        <location filename="../../ui/compare/compareplots.cpp" line="16" />
        <source>B</source>
        <translation>B</translation>
    </message>
    <message>
        <location filename="../../ui/compare/compareplots.cpp" line="35" />
        <source>steps</source>
        <translation>步</translation>
    </message>
    <message>
        <location filename="../../ui/compare/compareplots.cpp" line="35" />
        <source>s</source>
        <translation>s</translation>
    </message>
    <message>
        <location filename="../../ui/compare/compareplots.cpp" line="69" />
        <source>Adapter popularity (share of requests)</source>
        <translation>适配器热度（请求占比）</translation>
    </message>
    <message>
        <location filename="../../ui/compare/compareplots.cpp" line="70" />
        <source>adapter rank (by observed count)</source>
        <translation>适配器排名（按观测次数）</translation>
    </message>
    <message>
        <location filename="../../ui/compare/compareplots.cpp" line="71" />
        <source>share of requests (%)</source>
        <translation>请求占比 (%)</translation>
    </message>
    <message>
        <location filename="../../ui/compare/compareplots.cpp" line="90" />
        <source>Inter-arrival gaps</source>
        <translation>到达间隔</translation>
    </message>
    <message>
        <location filename="../../ui/compare/compareplots.cpp" line="91" />
        <source>gap (s, log bins)</source>
        <translation>间隔（s，对数分箱）</translation>
    </message>
    <message>
        <location filename="../../ui/compare/compareplots.cpp" line="92" />
        <source>gaps per bin</source>
        <translation>每箱间隔数</translation>
    </message>
    <message>
        <location filename="../../ui/compare/compareplots.cpp" line="102" />
        <source>Input length</source>
        <translation>输入长度</translation>
    </message>
    <message>
        <location filename="../../ui/compare/compareplots.cpp" line="102" />
        <source>Output length</source>
        <translation>输出长度</translation>
    </message>
    <message>
        <location filename="../../ui/compare/compareplots.cpp" line="103" />
        <source>tokens</source>
        <translation>令牌</translation>
    </message>
    <message>
        <location filename="../../ui/compare/compareplots.cpp" line="104" />
        <source>requests per bin</source>
        <translation>每箱请求数</translation>
    </message>
    <message>
        <location filename="../../ui/compare/compareplots.cpp" line="115" />
        <source>Request rate over time</source>
        <translation>请求速率随时间变化</translation>
    </message>
    <message>
        <location filename="../../ui/compare/compareplots.cpp" line="116" />
        <source>time (s)</source>
        <translation>时间 (s)</translation>
    </message>
    <message>
        <location filename="../../ui/compare/compareplots.cpp" line="117" />
        <source>requests/s</source>
        <translation>请求/s</translation>
    </message>
    <message>
        <location filename="../../ui/compare/compareplots.cpp" line="136" />
        <source>Queue wait by percentile</source>
        <translation>排队等待（按百分位）</translation>
    </message>
    <message>
        <location filename="../../ui/compare/compareplots.cpp" line="139" />
        <source>TTFT by percentile</source>
        <translation>TTFT（按百分位）</translation>
    </message>
    <message>
        <location filename="../../ui/compare/compareplots.cpp" line="142" />
        <source>E2E latency by percentile</source>
        <translation>E2E 延迟（按百分位）</translation>
    </message>
    <message>
        <location filename="../../ui/compare/compareplots.cpp" line="145" />
        <source>percentile of requests</source>
        <translation>请求百分位</translation>
    </message>
    <message>
        <location filename="../../ui/compare/compareplots.cpp" line="146" />
        <source>latency (%1)</source>
        <translation>延迟（%1）</translation>
    </message>
    <message>
        <location filename="../../ui/compare/compareplots.cpp" line="167" />
        <source>Running requests over time</source>
        <translation>运行中请求数随时间变化</translation>
    </message>
    <message>
        <location filename="../../ui/compare/compareplots.cpp" line="167" />
        <source>Queue length over time</source>
        <translation>队列长度随时间变化</translation>
    </message>
    <message>
        <location filename="../../ui/compare/compareplots.cpp" line="168" />
        <source>time (%1)</source>
        <translation>时间（%1）</translation>
    </message>
    <message>
        <location filename="../../ui/compare/compareplots.cpp" line="169" />
        <source>requests (max per bin)</source>
        <translation>请求数（每箱最大值）</translation>
    </message>
    <message>
        <location filename="../../ui/compare/compareplots.cpp" line="176" />
        <source> (not previewed)</source>
        <translation>（未预览）</translation>
    </message>
</context>
<context>
    <name>lorascope::CompareTab</name>
    <message>
        <location filename="../../ui/compare/comparetab.cpp" line="62" />
        <source>Pin Current Parameters as &amp;A</source>
        <translation>将当前参数固定为 A(&amp;A)</translation>
    </message>
    <message>
        <location filename="../../ui/compare/comparetab.cpp" line="69" />
        <source>Keep the current workload spec and admission settings as A; keep editing: the live parameters are B (Ctrl+Shift+A).</source>
        <translation>将当前的工作负载规格和准入设置保存为 A，然后继续编辑：实时参数即为 B（Ctrl+Shift+A）。</translation>
    </message>
    <message>
        <location filename="../../ui/compare/comparetab.cpp" line="102" />
        <location filename="../../ui/compare/comparetab.cpp" line="195" />
        <source>Pin current as A</source>
        <translation>将当前固定为 A</translation>
    </message>
    <message>
        <location filename="../../ui/compare/comparetab.cpp" line="105" />
        <source>Load A…</source>
        <translation>加载 A…</translation>
    </message>
    <message>
        <location filename="../../ui/compare/comparetab.cpp" line="107" />
        <source>Read A from a session or spec file.</source>
        <translation>从会话或规格文件读取 A。</translation>
    </message>
    <message>
        <location filename="../../ui/compare/comparetab.cpp" line="109" />
        <source>Load B…</source>
        <translation>加载 B…</translation>
    </message>
    <message>
        <location filename="../../ui/compare/comparetab.cpp" line="111" />
        <source>Read B from a session or spec file (B then no longer follows your edits).</source>
        <translation>从会话或规格文件读取 B（此后 B 不再跟随你的编辑）。</translation>
    </message>
    <message>
        <location filename="../../ui/compare/comparetab.cpp" line="113" />
        <source>B = live parameters</source>
        <translation>B = 实时参数</translation>
    </message>
    <message>
        <location filename="../../ui/compare/comparetab.cpp" line="115" />
        <source>B follows the parameters you edit in the Workload and Admission tabs again.</source>
        <translation>B 重新跟随你在“工作负载”和“准入预览”标签页中编辑的参数。</translation>
    </message>
    <message>
        <location filename="../../ui/compare/comparetab.cpp" line="117" />
        <source>Swap A ↔ B</source>
        <translation>交换 A ↔ B</translation>
    </message>
    <message>
        <location filename="../../ui/compare/comparetab.cpp" line="119" />
        <source>Exchange A and B. With a live B, the document takes A's parameters (undoable) and A keeps the ones you had.</source>
        <translation>交换 A 和 B。若 B 为实时参数，文档将采用 A 的参数（可撤销），A 则保存你原来的参数。</translation>
    </message>
    <message>
        <location filename="../../ui/compare/comparetab.cpp" line="121" />
        <source>Same server for A and B</source>
        <translation>A 和 B 使用同一服务器</translation>
    </message>
    <message>
        <location filename="../../ui/compare/comparetab.cpp" line="124" />
        <source>On: both workloads are previewed with B's limits, policy, clock and cost model, so only the workload differs.
Off: each side keeps its own server limits and admission settings.</source>
        <translation>开启：两个工作负载都按 B 的限制、策略、时钟和代价模型预览，因此只有工作负载不同。
关闭：每一侧保留各自的服务器限制和准入设置。</translation>
    </message>
    <message>
        <location filename="../../ui/compare/comparetab.cpp" line="128" />
        <source>Percentile chart:</source>
        <translation>百分位图：</translation>
    </message>
    <message>
        <location filename="../../ui/compare/comparetab.cpp" line="132" />
        <source>Queue wait</source>
        <translation>排队等待</translation>
    </message>
    <message>
        <location filename="../../ui/compare/comparetab.cpp" line="133" />
        <source>TTFT</source>
        <translation>TTFT</translation>
    </message>
    <message>
        <location filename="../../ui/compare/comparetab.cpp" line="134" />
        <source>E2E latency</source>
        <translation>E2E 延迟</translation>
    </message>
    <message>
        <location filename="../../ui/compare/comparetab.cpp" line="135" />
        <source>Which latency the percentile chart shows.</source>
        <translation>百分位图显示哪一种延迟。</translation>
    </message>
    <message>
        <location filename="../../ui/compare/comparetab.cpp" line="146" />
        <source>Export comparison…</source>
        <translation>导出对比…</translation>
    </message>
    <message>
        <location filename="../../ui/compare/comparetab.cpp" line="148" />
        <source>Save the whole comparison (what differs, key numbers, parameters and all charts) as one PNG or SVG picture.
Right-click a chart to export it alone.</source>
        <translation>将整个对比（差异、关键数值、参数和所有图表）保存为一张 PNG 或 SVG 图片。
右键单击某个图表可单独导出。</translation>
    </message>
    <message>
        <location filename="../../ui/compare/comparetab.cpp" line="152" />
        <location filename="../../ui/compare/comparetab.cpp" line="155" />
        <source>Load A</source>
        <translation>加载 A</translation>
    </message>
    <message>
        <location filename="../../ui/compare/comparetab.cpp" line="152" />
        <location filename="../../ui/compare/comparetab.cpp" line="158" />
        <source>LoraScope sessions or specs (*.json)</source>
        <translation>LoraScope 会话或规格 (*.json)</translation>
    </message>
    <message>
        <location filename="../../ui/compare/comparetab.cpp" line="158" />
        <location filename="../../ui/compare/comparetab.cpp" line="161" />
        <source>Load B</source>
        <translation>加载 B</translation>
    </message>
    <message>
        <location filename="../../ui/compare/comparetab.cpp" line="186" />
        <source>&lt;h2&gt;A/B compare of two parameter sets&lt;/h2&gt;&lt;p&gt;&lt;b&gt;Pin current as A&lt;/b&gt; (Ctrl+Shift+A) keeps the parameters you have now as A. Then keep editing in the Workload and Admission tabs: your live parameters are B.&lt;/p&gt;&lt;p&gt;Or load A and B from session files. The header lists what differs; the charts overlay %1 &lt;b&gt;A&lt;/b&gt; and %2 &lt;b&gt;B&lt;/b&gt;, and the table compares the key numbers and the admission preview of both.&lt;/p&gt;</source>
        <translation>&lt;h2&gt;两组参数的 A/B 对比&lt;/h2&gt;&lt;p&gt;&lt;b&gt;将当前固定为 A&lt;/b&gt;（Ctrl+Shift+A）会把你现在的参数保存为 A。然后继续在“工作负载”和“准入预览”标签页中编辑：你的实时参数即为 B。&lt;/p&gt;&lt;p&gt;也可以从会话文件加载 A 和 B。顶部列出两者的差异；图表叠加显示 %1 &lt;b&gt;A&lt;/b&gt; 和 %2 &lt;b&gt;B&lt;/b&gt;，表格对比两者的关键数值和准入预览结果。&lt;/p&gt;</translation>
    </message>
    <message>
        <location filename="../../ui/compare/comparetab.cpp" line="258" />
        <source>Key numbers</source>
        <translation>关键数值</translation>
    </message>
    <message>
        <location filename="../../ui/compare/comparetab.cpp" line="259" />
        <source>Parameters</source>
        <translation>参数</translation>
    </message>
    <message>
        <location filename="../../ui/compare/comparetab.cpp" line="309" />
        <source>preset</source>
        <translation>预设</translation>
    </message>
    <message>
        <location filename="../../ui/compare/comparetab.cpp" line="310" />
        <source>generator</source>
        <translation>生成器</translation>
    </message>
    <message>
        <location filename="../../ui/compare/comparetab.cpp" line="311" />
        <source>n</source>
        <translation>n</translation>
    </message>
    <message>
        <location filename="../../ui/compare/comparetab.cpp" line="312" />
        <source>R</source>
        <translation>R</translation>
    </message>
    <message>
        <location filename="../../ui/compare/comparetab.cpp" line="313" />
        <source>T</source>
        <translation>T</translation>
    </message>
    <message>
        <location filename="../../ui/compare/comparetab.cpp" line="314" />
        <source>seed</source>
        <translation>随机种子</translation>
    </message>
    <message>
        <location filename="../../ui/compare/comparetab.cpp" line="315" />
        <source>popularity</source>
        <translation>热度</translation>
    </message>
    <message>
        <location filename="../../ui/compare/comparetab.cpp" line="316" />
        <source>α</source>
        <translation>α</translation>
    </message>
    <message>
        <location filename="../../ui/compare/comparetab.cpp" line="317" />
        <source>Zipf s</source>
        <translation>Zipf s</translation>
    </message>
    <message>
        <location filename="../../ui/compare/comparetab.cpp" line="318" />
        <source>weights</source>
        <translation>权重</translation>
    </message>
    <message>
        <location filename="../../ui/compare/comparetab.cpp" line="319" />
        <source>arrivals</source>
        <translation>到达</translation>
    </message>
    <message>
        <location filename="../../ui/compare/comparetab.cpp" line="320" />
        <source>cv</source>
        <translation>cv</translation>
    </message>
    <message>
        <location filename="../../ui/compare/comparetab.cpp" line="321" />
        <source>on rate</source>
        <translation>开启速率</translation>
    </message>
    <message>
        <location filename="../../ui/compare/comparetab.cpp" line="322" />
        <source>off rate</source>
        <translation>关闭速率</translation>
    </message>
    <message>
        <location filename="../../ui/compare/comparetab.cpp" line="323" />
        <source>mean on</source>
        <translation>平均开启时长</translation>
    </message>
    <message>
        <location filename="../../ui/compare/comparetab.cpp" line="324" />
        <source>mean off</source>
        <translation>平均关闭时长</translation>
    </message>
    <message>
        <location filename="../../ui/compare/comparetab.cpp" line="325" />
        <source>rate schedule</source>
        <translation>速率计划</translation>
    </message>
    <message>
        <location filename="../../ui/compare/comparetab.cpp" line="326" />
        <source>adapter groups</source>
        <translation>适配器分组</translation>
    </message>
    <message>
        <location filename="../../ui/compare/comparetab.cpp" line="327" />
        <source>adapter names</source>
        <translation>适配器名称</translation>
    </message>
    <message>
        <location filename="../../ui/compare/comparetab.cpp" line="328" />
        <source>ranks</source>
        <translation>秩</translation>
    </message>
    <message>
        <location filename="../../ui/compare/comparetab.cpp" line="329" />
        <source>default rank</source>
        <translation>默认秩</translation>
    </message>
    <message>
        <location filename="../../ui/compare/comparetab.cpp" line="330" />
        <source>base model</source>
        <translation>基础模型</translation>
    </message>
    <message>
        <location filename="../../ui/compare/comparetab.cpp" line="331" />
        <source>policy</source>
        <translation>策略</translation>
    </message>
    <message>
        <location filename="../../ui/compare/comparetab.cpp" line="332" />
        <source>clock</source>
        <translation>时钟</translation>
    </message>
    <message>
        <location filename="../../ui/compare/comparetab.cpp" line="333" />
        <source>cost model</source>
        <translation>代价模型</translation>
    </message>
    <message>
        <location filename="../../ui/compare/comparetab.cpp" line="334" />
        <source>abort wait</source>
        <translation>中止等待时间</translation>
    </message>
    <message>
        <location filename="../../ui/compare/comparetab.cpp" line="335" />
        <source>rank overrides</source>
        <translation>秩覆盖</translation>
    </message>
    <message>
        <location filename="../../ui/compare/comparetab.cpp" line="340" />
        <source>input</source>
        <translation>输入</translation>
    </message>
    <message>
        <location filename="../../ui/compare/comparetab.cpp" line="340" />
        <source>output</source>
        <translation>输出</translation>
    </message>
    <message>
        <location filename="../../ui/compare/comparetab.cpp" line="388" />
        <source>pinned at %1</source>
        <translation>固定于 %1</translation>
    </message>
    <message>
        <location filename="../../ui/compare/comparetab.cpp" line="439" />
        <source>swapped at %1</source>
        <translation>交换于 %1</translation>
    </message>
    <message>
        <location filename="../../ui/compare/comparetab.cpp" line="441" />
        <location filename="../../ui/compare/comparetab.cpp" line="446" />
        <location filename="../../ui/compare/comparetab.cpp" line="448" />
        <location filename="../../ui/compare/comparetab.cpp" line="449" />
        <source>Swap A and B</source>
        <translation>交换 A 和 B</translation>
    </message>
    <message>
        <location filename="../../ui/compare/comparetab.cpp" line="514" />
        <source>live parameters (follows your edits)</source>
        <translation>实时参数（跟随你的编辑）</translation>
    </message>
    <message>
        <location filename="../../ui/compare/comparetab.cpp" line="516" />
        <source>same server for both (B's limits and admission settings)</source>
        <translation>两侧使用同一服务器（B 的限制和准入设置）</translation>
    </message>
    <message>
        <location filename="../../ui/compare/comparetab.cpp" line="516" />
        <source>each side with its own server</source>
        <translation>两侧各用自己的服务器</translation>
    </message>
    <message>
        <location filename="../../ui/compare/comparetab.cpp" line="517" />
        <source>%1 &lt;b&gt;A&lt;/b&gt;: %2 &amp;nbsp;&amp;nbsp; %3 &lt;b&gt;B&lt;/b&gt;: %4 &amp;nbsp;&amp;nbsp; &lt;i&gt;%5&lt;/i&gt;&lt;br&gt;&lt;span style="font-size:large"&gt;&lt;b&gt;Differences:&lt;/b&gt; %6&lt;/span&gt;</source>
        <translation>%1 &lt;b&gt;A&lt;/b&gt;：%2 &amp;nbsp;&amp;nbsp; %3 &lt;b&gt;B&lt;/b&gt;：%4 &amp;nbsp;&amp;nbsp; &lt;i&gt;%5&lt;/i&gt;&lt;br&gt;&lt;span style="font-size:large"&gt;&lt;b&gt;差异：&lt;/b&gt;%6&lt;/span&gt;</translation>
    </message>
    <message>
        <location filename="../../ui/compare/comparetab.cpp" line="519" />
        <source>none — A and B are the same parameters. Change a parameter in the Workload tab to compare.</source>
        <translation>无——A 和 B 的参数相同。在“工作负载”标签页中修改参数即可对比。</translation>
    </message>
    <message>
        <location filename="../../ui/compare/comparetab.cpp" line="535" />
        <source>&lt;b&gt;A&lt;/b&gt; is invalid: %1</source>
        <translation>&lt;b&gt;A&lt;/b&gt; 无效：%1</translation>
    </message>
    <message>
        <location filename="../../ui/compare/comparetab.cpp" line="537" />
        <source>&lt;b&gt;B&lt;/b&gt; is invalid: %1</source>
        <translation>&lt;b&gt;B&lt;/b&gt; 无效：%1</translation>
    </message>
    <message>
        <location filename="../../ui/compare/comparetab.cpp" line="542" />
        <source>&lt;br&gt;The charts show the last valid comparison.</source>
        <translation>&lt;br&gt;图表显示的是上一次有效的对比。</translation>
    </message>
    <message>
        <location filename="../../ui/compare/comparetab.cpp" line="610" />
        <source>A</source>
        <translation>A</translation>
    </message>
    <message>
        <location filename="../../ui/compare/comparetab.cpp" line="610" />
        <source>B</source>
        <translation>B</translation>
    </message>
    <message>
        <location filename="../../ui/compare/comparetab.cpp" line="612" />
        <source>%1 has %2 requests: too many for an automatic admission preview, so its latency figures are missing.</source>
        <translation>%1 有 %2 个请求，超出自动准入预览的上限，因此缺少其延迟数据。</translation>
    </message>
    <message>
        <location filename="../../ui/compare/comparetab.cpp" line="619" />
        <source>Admission: %1 policy, %2 clock%3.</source>
        <translation>准入：%1 策略，%2 时钟%3。</translation>
    </message>
    <message>
        <location filename="../../ui/compare/comparetab.cpp" line="621" />
        <source>step</source>
        <translation>步进</translation>
    </message>
    <message>
        <location filename="../../ui/compare/comparetab.cpp" line="621" />
        <source>cost-model</source>
        <translation>代价模型</translation>
    </message>
    <message>
        <location filename="../../ui/compare/comparetab.cpp" line="622" />
        <source> (%1)</source>
        <translation>（%1）</translation>
    </message>
    <message>
        <location filename="../../ui/compare/comparetab.cpp" line="625" />
        <source>The Workload tab shows an imported trace; B is generated from the current parameters.</source>
        <translation>“工作负载”标签页显示的是导入的轨迹；B 由当前参数生成。</translation>
    </message>
    <message>
        <location filename="../../ui/compare/comparetab.cpp" line="626" />
        <source>Δ is B − A; green = B better, red = B worse (for latencies, refusals and throughput).</source>
        <translation>Δ 为 B − A；绿色 = B 更好，红色 = B 更差（适用于延迟、拒绝数和吞吐量）。</translation>
    </message>
</context>
<context>
    <name>lorascope::Document</name>
    <message>
        <location filename="../../ui/document/document.cpp" line="173" />
        <source>Import of %1 was cancelled</source>
        <translation>已取消导入 %1</translation>
    </message>
</context>
<context>
    <name>lorascope::FitDialog</name>
    <message>
        <location filename="../../ui/fitting/fitdialog.cpp" line="26" />
        <source>uniform [%1, %2)</source>
        <translation>均匀 [%1, %2)</translation>
    </message>
    <message>
        <location filename="../../ui/fitting/fitdialog.cpp" line="28" />
        <source>power law β=%1 on [%2, %3)</source>
        <translation>幂律 β=%1，区间 [%2, %3)</translation>
    </message>
    <message>
        <location filename="../../ui/fitting/fitdialog.cpp" line="30" />
        <source>log-normal μ=%1 σ=%2 on [%3, %4)</source>
        <translation>对数正态 μ=%1 σ=%2，区间 [%3, %4)</translation>
    </message>
    <message>
        <location filename="../../ui/fitting/fitdialog.cpp" line="32" />
        <source>normal %1 ± %2</source>
        <translation>正态 %1 ± %2</translation>
    </message>
    <message>
        <location filename="../../ui/fitting/fitdialog.cpp" line="34" />
        <source>constant %1</source>
        <translation>常数 %1</translation>
    </message>
    <message>
        <location filename="../../ui/fitting/fitdialog.cpp" line="36" />
        <source>empirical (%1 values)</source>
        <translation>经验分布（%1 个取值）</translation>
    </message>
    <message>
        <location filename="../../ui/fitting/fitdialog.cpp" line="48" />
        <source>Fit workload from trace</source>
        <translation>从轨迹拟合工作负载</translation>
    </message>
    <message>
        <location filename="../../ui/fitting/fitdialog.cpp" line="57" />
        <source>Quantity</source>
        <translation>指标</translation>
    </message>
    <message>
        <location filename="../../ui/fitting/fitdialog.cpp" line="57" />
        <source>Trace</source>
        <translation>轨迹</translation>
    </message>
    <message>
        <location filename="../../ui/fitting/fitdialog.cpp" line="57" />
        <source>Fitted model</source>
        <translation>拟合模型</translation>
    </message>
    <message>
        <location filename="../../ui/fitting/fitdialog.cpp" line="57" />
        <source>Fit quality</source>
        <translation>拟合优度</translation>
    </message>
    <message>
        <location filename="../../ui/fitting/fitdialog.cpp" line="58" />
        <source>Requests</source>
        <translation>请求</translation>
    </message>
    <message>
        <location filename="../../ui/fitting/fitdialog.cpp" line="59" />
        <source>Window (s)</source>
        <translation>时间窗口 (s)</translation>
    </message>
    <message>
        <location filename="../../ui/fitting/fitdialog.cpp" line="60" />
        <source>Rate R (req/s)</source>
        <translation>速率 R (req/s)</translation>
    </message>
    <message>
        <location filename="../../ui/fitting/fitdialog.cpp" line="61" />
        <source>rate over time varies by cv %1</source>
        <translation>速率随时间变化的 cv 为 %1</translation>
    </message>
    <message>
        <location filename="../../ui/fitting/fitdialog.cpp" line="62" />
        <source>Gap cv, all adapters</source>
        <translation>间隔 cv（全部适配器）</translation>
    </message>
    <message>
        <location filename="../../ui/fitting/fitdialog.cpp" line="63" />
        <source>Gap cv per adapter (model parameter)</source>
        <translation>单个适配器的间隔 cv（模型参数）</translation>
    </message>
    <message>
        <location filename="../../ui/fitting/fitdialog.cpp" line="64" />
        <source>Adapters used / n</source>
        <translation>已使用的适配器数 / n</translation>
    </message>
    <message>
        <location filename="../../ui/fitting/fitdialog.cpp" line="67" />
        <source>Zipf s = %1</source>
        <translation>Zipf s = %1</translation>
    </message>
    <message>
        <location filename="../../ui/fitting/fitdialog.cpp" line="68" />
        <source>power α = %1</source>
        <translation>幂律 α = %1</translation>
    </message>
    <message>
        <location filename="../../ui/fitting/fitdialog.cpp" line="70" />
        <source>Popularity</source>
        <translation>适配器热度</translation>
    </message>
    <message>
        <location filename="../../ui/fitting/fitdialog.cpp" line="70" />
        <source>α = %1 ± %2 (power); s = %3 (Zipf)</source>
        <translation>α = %1 ± %2（幂律）；s = %3（Zipf）</translation>
    </message>
    <message>
        <location filename="../../ui/fitting/fitdialog.cpp" line="71" />
        <source>KS %1; log-lik power %2 vs Zipf %3</source>
        <translation>KS %1；对数似然：幂律 %2 vs Zipf %3</translation>
    </message>
    <message>
        <location filename="../../ui/fitting/fitdialog.cpp" line="72" />
        <source>Fitted α of the counts</source>
        <translation>按计数拟合的 α</translation>
    </message>
    <message>
        <location filename="../../ui/fitting/fitdialog.cpp" line="74" />
        <source> mean</source>
        <translation>均值</translation>
    </message>
    <message>
        <location filename="../../ui/fitting/fitdialog.cpp" line="75" />
        <source> p50 / p99</source>
        <translation> p50 / p99</translation>
    </message>
    <message>
        <location filename="../../ui/fitting/fitdialog.cpp" line="77" />
        <source> distribution</source>
        <translation>分布</translation>
    </message>
    <message>
        <location filename="../../ui/fitting/fitdialog.cpp" line="77" />
        <source>%1 … %2</source>
        <translation>%1 … %2</translation>
    </message>
    <message>
        <location filename="../../ui/fitting/fitdialog.cpp" line="78" />
        <source>KS %1, BIC %2 (best of %3)</source>
        <translation>KS %1，BIC %2（%3 个候选中最优）</translation>
    </message>
    <message>
        <location filename="../../ui/fitting/fitdialog.cpp" line="80" />
        <source>Input</source>
        <translation>输入</translation>
    </message>
    <message>
        <location filename="../../ui/fitting/fitdialog.cpp" line="81" />
        <source>Output</source>
        <translation>输出</translation>
    </message>
    <message>
        <location filename="../../ui/fitting/fitdialog.cpp" line="91" />
        <source>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;%2</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;%2</translation>
    </message>
    <message>
        <location filename="../../ui/fitting/fitdialog.cpp" line="95" />
        <source>Use fitted model</source>
        <translation>使用拟合模型</translation>
    </message>
</context>
<context>
    <name>lorascope::GanttView</name>
    <message>
        <location filename="../../ui/admission/ganttview.cpp" line="143" />
        <source>Requests %1–%2: queue wait (grey), prefill (light), decode (colour by adapter); hover for the wait reason</source>
        <translation>请求 %1–%2：排队等待（灰）、预填充（浅色）、解码（按适配器着色）；悬停查看等待原因</translation>
    </message>
    <message>
        <location filename="../../ui/admission/ganttview.cpp" line="161" />
        <source>s</source>
        <translation>s</translation>
    </message>
    <message>
        <location filename="../../ui/admission/ganttview.cpp" line="161" />
        <source>steps</source>
        <translation>步</translation>
    </message>
    <message>
        <location filename="../../ui/admission/ganttview.cpp" line="191" />
        <source>base model</source>
        <translation>基础模型</translation>
    </message>
    <message>
        <location filename="../../ui/admission/ganttview.cpp" line="193" />
        <source>request %1 · %2 · input %3, output %4
arrival %5, admitted %6, first token %7, finished %8
%9
why it waited: %10</source>
        <translation>请求 %1 · %2 · 输入 %3，输出 %4
到达 %5，准入 %6，首令牌 %7，完成 %8
%9
等待原因：%10</translation>
    </message>
</context>
<context>
    <name>lorascope::KeyFigureModel</name>
    <message>
        <location filename="../../ui/compare/keyfiguremodel.cpp" line="52" />
        <source>steps</source>
        <translation>步</translation>
    </message>
    <message>
        <location filename="../../ui/compare/keyfiguremodel.cpp" line="52" />
        <source>s</source>
        <translation>s</translation>
    </message>
    <message>
        <location filename="../../ui/compare/keyfiguremodel.cpp" line="79" />
        <source>Requests</source>
        <translation>请求</translation>
    </message>
    <message>
        <location filename="../../ui/compare/keyfiguremodel.cpp" line="81" />
        <source>Achieved rate (req/s)</source>
        <translation>实际速率 (req/s)</translation>
    </message>
    <message>
        <location filename="../../ui/compare/keyfiguremodel.cpp" line="83" />
        <source>Gap cv</source>
        <translation>间隔 cv</translation>
    </message>
    <message>
        <location filename="../../ui/compare/keyfiguremodel.cpp" line="85" />
        <source>Fitted α</source>
        <translation>拟合 α</translation>
    </message>
    <message>
        <location filename="../../ui/compare/keyfiguremodel.cpp" line="87" />
        <source>Over per-request limits</source>
        <translation>超出单请求限制</translation>
    </message>
    <message>
        <location filename="../../ui/compare/keyfiguremodel.cpp" line="89" />
        <source>Finished</source>
        <translation>完成</translation>
    </message>
    <message>
        <location filename="../../ui/compare/keyfiguremodel.cpp" line="91" />
        <source>Queue wait</source>
        <translation>排队等待</translation>
    </message>
    <message>
        <location filename="../../ui/compare/keyfiguremodel.cpp" line="91" />
        <source>TTFT</source>
        <translation>TTFT</translation>
    </message>
    <message>
        <location filename="../../ui/compare/keyfiguremodel.cpp" line="92" />
        <source>E2E</source>
        <translation>E2E</translation>
    </message>
    <message>
        <location filename="../../ui/compare/keyfiguremodel.cpp" line="94" />
        <source>%1 p%2 (%3)</source>
        <translation>%1 p%2 (%3)</translation>
    </message>
    <message>
        <location filename="../../ui/compare/keyfiguremodel.cpp" line="97" />
        <source>SLO: TTFT &lt; 6 s (%)</source>
        <translation>SLO：TTFT &lt; 6 s (%)</translation>
    </message>
    <message>
        <location filename="../../ui/compare/keyfiguremodel.cpp" line="99" />
        <source>Peak KV need (tokens)</source>
        <translation>KV 峰值需求（令牌）</translation>
    </message>
    <message>
        <location filename="../../ui/compare/keyfiguremodel.cpp" line="101" />
        <source>Adapter loads</source>
        <translation>适配器加载次数</translation>
    </message>
    <message>
        <location filename="../../ui/compare/keyfiguremodel.cpp" line="103" />
        <source>Throughput (req/%1)</source>
        <translation>吞吐量 (req/%1)</translation>
    </message>
    <message>
        <location filename="../../ui/compare/keyfiguremodel.cpp" line="105" />
        <source>Token throughput (tok/%1)</source>
        <translation>令牌吞吐量 (tok/%1)</translation>
    </message>
    <message>
        <location filename="../../ui/compare/keyfiguremodel.cpp" line="167" />
        <source>Lower is better: green when B is lower than A.</source>
        <translation>越低越好：B 低于 A 时显示绿色。</translation>
    </message>
    <message>
        <location filename="../../ui/compare/keyfiguremodel.cpp" line="167" />
        <source>Higher is better: green when B is higher than A.</source>
        <translation>越高越好：B 高于 A 时显示绿色。</translation>
    </message>
    <message>
        <location filename="../../ui/compare/keyfiguremodel.cpp" line="177" />
        <source>Figure</source>
        <translation>指标</translation>
    </message>
    <message>
        <location filename="../../ui/compare/keyfiguremodel.cpp" line="179" />
        <source>A</source>
        <translation>A</translation>
    </message>
    <message>
        <location filename="../../ui/compare/keyfiguremodel.cpp" line="181" />
        <source>B</source>
        <translation>B</translation>
    </message>
    <message>
        <location filename="../../ui/compare/keyfiguremodel.cpp" line="183" />
        <source>Δ (B − A)</source>
        <translation>Δ (B − A)</translation>
    </message>
    <message>
        <location filename="../../ui/compare/keyfiguremodel.cpp" line="185" />
        <source>Δ %</source>
        <translation>Δ %</translation>
    </message>
</context>
<context>
    <name>lorascope::MainWindow</name>
    <message>
        <location filename="../../ui/mainwindow.cpp" line="50" />
        <source>LoraScope sessions (*.lorascope.json *.json)</source>
        <translation>LoraScope 会话 (*.lorascope.json *.json)</translation>
    </message>
    <message>
        <location filename="../../ui/mainwindow.cpp" line="66" />
        <source>&amp;Workload</source>
        <translation>工作负载(&amp;W)</translation>
    </message>
    <message>
        <location filename="../../ui/mainwindow.cpp" line="67" />
        <source>&amp;Admission preview</source>
        <translation>准入预览(&amp;A)</translation>
    </message>
    <message>
        <location filename="../../ui/mainwindow.cpp" line="71" />
        <source>&amp;Replay</source>
        <translation>重放(&amp;R)</translation>
    </message>
    <message>
        <location filename="../../ui/mainwindow.cpp" line="83" />
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <location filename="../../ui/mainwindow.cpp" line="84" />
        <source>Stop the running generation (Esc)</source>
        <translation>停止正在进行的生成（Esc）</translation>
    </message>
    <message>
        <location filename="../../ui/mainwindow.cpp" line="153" />
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <location filename="../../ui/mainwindow.cpp" line="154" />
        <source>&amp;New</source>
        <translation>新建(&amp;N)</translation>
    </message>
    <message>
        <location filename="../../ui/mainwindow.cpp" line="164" />
        <source>&amp;Open Session…</source>
        <translation>打开会话(&amp;O)…</translation>
    </message>
    <message>
        <location filename="../../ui/mainwindow.cpp" line="167" />
        <location filename="../../ui/mainwindow.cpp" line="171" />
        <location filename="../../ui/mainwindow.cpp" line="488" />
        <source>Open Session</source>
        <translation>打开会话</translation>
    </message>
    <message>
        <location filename="../../ui/mainwindow.cpp" line="174" />
        <source>Open &amp;Recent</source>
        <translation>最近打开(&amp;R)</translation>
    </message>
    <message>
        <location filename="../../ui/mainwindow.cpp" line="177" />
        <location filename="../../ui/mainwindow.cpp" line="183" />
        <location filename="../../ui/mainwindow.cpp" line="189" />
        <source>Save Session</source>
        <translation>保存会话</translation>
    </message>
    <message>
        <location filename="../../ui/mainwindow.cpp" line="185" />
        <source>&amp;Save Session</source>
        <translation>保存会话(&amp;S)</translation>
    </message>
    <message>
        <location filename="../../ui/mainwindow.cpp" line="192" />
        <source>Save Session &amp;As…</source>
        <translation>会话另存为(&amp;A)…</translation>
    </message>
    <message>
        <location filename="../../ui/mainwindow.cpp" line="216" />
        <source>&amp;Import Trace…</source>
        <translation>导入轨迹(&amp;I)…</translation>
    </message>
    <message>
        <location filename="../../ui/mainwindow.cpp" line="208" />
        <source>All trace files (%1)</source>
        <translation>所有轨迹文件 (%1)</translation>
    </message>
    <message>
        <location filename="../../ui/mainwindow.cpp" line="122" />
        <location filename="../../ui/mainwindow.cpp" line="217" />
        <location filename="../../ui/mainwindow.cpp" line="221" />
        <source>Import Trace</source>
        <translation>导入轨迹</translation>
    </message>
    <message>
        <location filename="../../ui/mainwindow.cpp" line="212" />
        <source>All trace files</source>
        <translation>所有轨迹文件</translation>
    </message>
    <message>
        <location filename="../../ui/mainwindow.cpp" line="75" />
        <source>A/B &amp;Compare</source>
        <translation>A/B 对比(&amp;C)</translation>
    </message>
    <message>
        <location filename="../../ui/mainwindow.cpp" line="117" />
        <source>Imported %1</source>
        <translation>已导入 %1</translation>
    </message>
    <message>
        <location filename="../../ui/mainwindow.cpp" line="223" />
        <source>&amp;Fit Workload from Trace…</source>
        <translation>从轨迹拟合工作负载(&amp;F)…</translation>
    </message>
    <message>
        <location filename="../../ui/mainwindow.cpp" line="224" />
        <location filename="../../ui/mainwindow.cpp" line="228" />
        <source>Fit Workload from Trace</source>
        <translation>从轨迹拟合工作负载</translation>
    </message>
    <message>
        <location filename="../../ui/mainwindow.cpp" line="230" />
        <source>&amp;Export Trace…</source>
        <translation>导出轨迹(&amp;E)…</translation>
    </message>
    <message>
        <location filename="../../ui/mainwindow.cpp" line="241" />
        <location filename="../../ui/mainwindow.cpp" line="246" />
        <source>Export Trace</source>
        <translation>导出轨迹</translation>
    </message>
    <message>
        <location filename="../../ui/mainwindow.cpp" line="248" />
        <source>Export &amp;Chart…</source>
        <translation>导出图表(&amp;C)…</translation>
    </message>
    <message>
        <location filename="../../ui/mainwindow.cpp" line="250" />
        <location filename="../../ui/mainwindow.cpp" line="446" />
        <location filename="../../ui/mainwindow.cpp" line="457" />
        <source>Export Chart</source>
        <translation>导出图表</translation>
    </message>
    <message>
        <location filename="../../ui/mainwindow.cpp" line="250" />
        <source>Chart:</source>
        <translation>图表：</translation>
    </message>
    <message>
        <location filename="../../ui/mainwindow.cpp" line="255" />
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <location filename="../../ui/mainwindow.cpp" line="258" />
        <source>&amp;Edit</source>
        <translation>编辑(&amp;E)</translation>
    </message>
    <message>
        <location filename="../../ui/mainwindow.cpp" line="259" />
        <source>&amp;Undo</source>
        <translation>撤销(&amp;U)</translation>
    </message>
    <message>
        <location filename="../../ui/mainwindow.cpp" line="262" />
        <source>&amp;Redo</source>
        <translation>重做(&amp;R)</translation>
    </message>
    <message>
        <location filename="../../ui/mainwindow.cpp" line="268" />
        <source>&amp;Cancel Generation</source>
        <translation>取消生成(&amp;C)</translation>
    </message>
    <message>
        <location filename="../../ui/mainwindow.cpp" line="271" />
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <location filename="../../ui/mainwindow.cpp" line="274" />
        <source>Pinned the current parameters as A: keep editing, the A/B Compare tab shows the difference.</source>
        <translation>已将当前参数固定为 A：继续编辑，“A/B 对比”标签页会显示差异。</translation>
    </message>
    <message>
        <location filename="../../ui/mainwindow.cpp" line="277" />
        <source>&amp;Language (after restart)</source>
        <translation>语言（重启后生效）(&amp;L)</translation>
    </message>
    <message>
        <location filename="../../ui/mainwindow.cpp" line="280" />
        <source>System default</source>
        <translation>跟随系统</translation>
    </message>
    <message>
        <location filename="../../ui/mainwindow.cpp" line="289" />
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <location filename="../../ui/mainwindow.cpp" line="290" />
        <source>&amp;About LoraScope</source>
        <translation>关于 LoraScope(&amp;A)</translation>
    </message>
    <message>
        <location filename="../../ui/mainwindow.cpp" line="291" />
        <source>About LoraScope</source>
        <translation>关于 LoraScope</translation>
    </message>
    <message>
        <location filename="../../ui/mainwindow.cpp" line="292" />
        <source>&lt;h3&gt;LoraScope %1&lt;/h3&gt;&lt;p&gt;Design, preview and replay multi-LoRA serving workloads.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;LoraScope %1&lt;/h3&gt;&lt;p&gt;设计、预览并重放多 LoRA 服务负载。&lt;/p&gt;</translation>
    </message>
    <message>
        <location filename="../../ui/mainwindow.cpp" line="308" />
        <source>Untitled</source>
        <translation>未命名</translation>
    </message>
    <message>
        <location filename="../../ui/mainwindow.cpp" line="353" />
        <source>Saved %1</source>
        <translation>已保存 %1</translation>
    </message>
    <message>
        <location filename="../../ui/mainwindow.cpp" line="361" />
        <source>%1: no such readable file</source>
        <translation>%1：文件不存在或不可读</translation>
    </message>
    <message>
        <location filename="../../ui/mainwindow.cpp" line="363" />
        <source>Importing %1…</source>
        <translation>正在导入 %1…</translation>
    </message>
    <message>
        <location filename="../../ui/mainwindow.cpp" line="382" />
        <source>Fit from %1</source>
        <translation>从 %1 拟合</translation>
    </message>
    <message>
        <location filename="../../ui/mainwindow.cpp" line="383" />
        <source>Fitted the workload model to %1</source>
        <translation>已按 %1 拟合工作负载模型</translation>
    </message>
    <message>
        <location filename="../../ui/mainwindow.cpp" line="392" />
        <source>There is no trace yet.</source>
        <translation>尚无轨迹。</translation>
    </message>
    <message>
        <location filename="../../ui/mainwindow.cpp" line="398" />
        <source>Exported %1 requests to %2</source>
        <translation>已导出 %1 个请求到 %2</translation>
    </message>
    <message>
        <location filename="../../ui/mainwindow.cpp" line="436" />
        <source>Unknown chart "%1".</source>
        <translation>未知图表“%1”。</translation>
    </message>
    <message>
        <location filename="../../ui/mainwindow.cpp" line="446" />
        <source>PNG image (*.png);;SVG image (*.svg)</source>
        <translation>PNG 图像 (*.png);;SVG 图像 (*.svg)</translation>
    </message>
    <message>
        <location filename="../../ui/mainwindow.cpp" line="498" />
        <source>Unsaved changes</source>
        <translation>未保存的更改</translation>
    </message>
    <message>
        <location filename="../../ui/mainwindow.cpp" line="498" />
        <source>The session has unsaved changes. Save them?</source>
        <translation>会话有未保存的更改。是否保存？</translation>
    </message>
</context>
<context>
    <name>lorascope::ParameterModel</name>
    <message>
        <location filename="../../ui/compare/parametermodel.cpp" line="87" />
        <source>Parameter</source>
        <translation>参数</translation>
    </message>
    <message>
        <location filename="../../ui/compare/parametermodel.cpp" line="89" />
        <source>A</source>
        <translation>A</translation>
    </message>
    <message>
        <location filename="../../ui/compare/parametermodel.cpp" line="91" />
        <source>B</source>
        <translation>B</translation>
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
        <translation>S-LoRA 论文中的模型设置（S1–S6、Real：基础模型及适配器名称/秩）与基准测试套件（场景还会设置 n、α、R、cv 和时长）。</translation>
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
        <translation>per-adapter：每个适配器 i 是速率为 λᵢ = R·pᵢ 的独立 Gamma 更新过程，再合并。
slora：与 S-LoRA 的 trace.py 逐位一致：int(R·T) 个请求，独立同分布的 Gamma 间隔，adapter = ⌊power(α)·n⌋。</translation>
    </message>
    <message>
        <location filename="../../ui/workload/parameterpanel.cpp" line="75" />
        <source>Adapters n</source>
        <translation>适配器数 n</translation>
    </message>
    <message>
        <location filename="../../ui/workload/parameterpanel.cpp" line="76" />
        <source>Number of LoRA adapters (0 = base model only).</source>
        <translation>LoRA 适配器的数量（0 = 只用基础模型）。</translation>
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
        <translation>req/s</translation>
    </message>
    <message>
        <location filename="../../ui/workload/parameterpanel.cpp" line="78" />
        <source>Total request rate over all adapters: E[requests] = R·T.</source>
        <translation>所有适配器合计的总请求速率：E[requests] = R·T。</translation>
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
        <translation>s</translation>
    </message>
    <message>
        <location filename="../../ui/workload/parameterpanel.cpp" line="80" />
        <source>Length of the trace in seconds (per-adapter: arrivals after T are cut; slora: int(R·T) requests).</source>
        <translation>轨迹长度，以秒计（per-adapter：T 之后的到达被截断；slora：int(R·T) 个请求）。</translation>
    </message>
    <message>
        <location filename="../../ui/workload/parameterpanel.cpp" line="81" />
        <source>Seed</source>
        <translation>随机种子</translation>
    </message>
    <message>
        <location filename="../../ui/workload/parameterpanel.cpp" line="82" />
        <source>Makes the trace reproducible: the same spec and seed give the same trace on every platform.</source>
        <translation>使轨迹可复现：相同的规格和种子在任何平台上都生成相同的轨迹。</translation>
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
        <translation>R 如何在适配器之间分配：power pᵢ = ((i+1)/n)^α − (i/n)^α、Zipf pᵢ ∝ (i+1)^−s、uniform（均匀）、weights（显式权重），或批处理式的 distinct / uniform-groups（⌈√k⌉ 个适配器）/ identical。</translation>
    </message>
    <message>
        <location filename="../../ui/workload/parameterpanel.cpp" line="88" />
        <source>Skew α</source>
        <translation>偏斜 α</translation>
    </message>
    <message>
        <location filename="../../ui/workload/parameterpanel.cpp" line="89" />
        <source>pᵢ = ((i+1)/n)^α − (i/n)^α. α = 1: uniform; α &lt; 1: low indices hot (α = 0.1: a few adapters get most requests).</source>
        <translation>pᵢ = ((i+1)/n)^α − (i/n)^α。α = 1：均匀；α &lt; 1：序号小的适配器更热门（α = 0.1：少数适配器获得大部分请求）。</translation>
    </message>
    <message>
        <location filename="../../ui/workload/parameterpanel.cpp" line="91" />
        <source>Zipf s</source>
        <translation>Zipf s</translation>
    </message>
    <message>
        <location filename="../../ui/workload/parameterpanel.cpp" line="92" />
        <source>pᵢ ∝ (i+1)^−s; s = 0 is uniform, s ≈ 1 classic Zipf.</source>
        <translation>pᵢ ∝ (i+1)^−s；s = 0 为均匀分布，s ≈ 1 为经典 Zipf。</translation>
    </message>
    <message>
        <location filename="../../ui/workload/parameterpanel.cpp" line="94" />
        <source>One weight per adapter, comma-separated: pᵢ = wᵢ / Σw.</source>
        <translation>每个适配器一个权重，以逗号分隔：pᵢ = wᵢ / Σw。</translation>
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
        <translation>gamma(cv)：间隔服从 Gamma 分布的更新过程；poisson：cv = 1；constant：等间隔；on-off：双状态调制速率；schedule：随时间分段线性变化的速率。</translation>
    </message>
    <message>
        <location filename="../../ui/workload/parameterpanel.cpp" line="104" />
        <source>Burstiness cv</source>
        <translation>突发度 cv</translation>
    </message>
    <message>
        <location filename="../../ui/workload/parameterpanel.cpp" line="105" />
        <source>Coefficient of variation of the gaps: Gamma(k = 1/cv², θ = cv²/λ). cv = 0.1: nearly regular; cv = 1: Poisson; cv ≥ 2: bursts (many tiny and a few huge gaps).</source>
        <translation>到达间隔的变异系数：Gamma(k = 1/cv², θ = cv²/λ)。cv = 0.1：几乎等间隔；cv = 1：泊松；cv ≥ 2：突发（大量极短间隔和少数极长间隔）。</translation>
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
        <translation>开启期的平均时长（指数分布）。</translation>
    </message>
    <message>
        <location filename="../../ui/workload/parameterpanel.cpp" line="110" />
        <source>Mean off</source>
        <translation>平均关闭时长</translation>
    </message>
    <message>
        <location filename="../../ui/workload/parameterpanel.cpp" line="110" />
        <source>Mean length of an off period (exponential).</source>
        <translation>关闭期的平均时长（指数分布）。</translation>
    </message>
    <message>
        <location filename="../../ui/workload/parameterpanel.cpp" line="112" />
        <source>time:rate, time:rate, …</source>
        <translation>时间:速率, 时间:速率, …</translation>
    </message>
    <message>
        <location filename="../../ui/workload/parameterpanel.cpp" line="113" />
        <source>Piecewise-linear total rate r(t): points "t:r" in seconds and req/s.</source>
        <translation>分段线性的总速率 r(t)：若干 "t:r" 点，t 以 s 计，r 以 req/s 计。</translation>
    </message>
    <message>
        <location filename="../../ui/workload/parameterpanel.cpp" line="114" />
        <source>Schedule</source>
        <translation>速率计划</translation>
    </message>
    <message>
        <location filename="../../ui/workload/parameterpanel.cpp" line="119" />
        <source>Input length (prompt tokens)</source>
        <translation>输入长度（提示词令牌数）</translation>
    </message>
    <message>
        <location filename="../../ui/workload/parameterpanel.cpp" line="120" />
        <source>input</source>
        <translation>输入</translation>
    </message>
    <message>
        <location filename="../../ui/workload/parameterpanel.cpp" line="121" />
        <source>Output length (generated tokens)</source>
        <translation>输出长度（生成令牌数）</translation>
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
        <translation>%1长度的分布，始终限定为 [lo, hi) 内的整数：uniform = randint(lo, hi)；power-law 幂律 P(x) ∝ x^−β；log-normal 对数正态（ln x 的 μ、σ）；normal 正态（截断）；constant 常数。</translation>
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
        <translation>令牌</translation>
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
        <translation>%1范围的上界，与 S-LoRA 的 randint(lo, hi) 一样不含该值。</translation>
    </message>
    <message>
        <location filename="../../ui/workload/parameterpanel.cpp" line="235" />
        <source>Tail β</source>
        <translation>尾部 β</translation>
    </message>
    <message>
        <location filename="../../ui/workload/parameterpanel.cpp" line="235" />
        <source>Power law P(x) ∝ x^−β on [lo, hi): larger β = shorter.</source>
        <translation>幂律 P(x) ∝ x^−β，定义在 [lo, hi) 上：β 越大，长度越短。</translation>
    </message>
    <message>
        <location filename="../../ui/workload/parameterpanel.cpp" line="236" />
        <source>μ (of ln x)</source>
        <translation>μ（ln x 的均值）</translation>
    </message>
    <message>
        <location filename="../../ui/workload/parameterpanel.cpp" line="236" />
        <source>Log-normal: mean of ln(length); median length = e^μ.</source>
        <translation>对数正态：ln(length) 的均值；长度中位数 = e^μ。</translation>
    </message>
    <message>
        <location filename="../../ui/workload/parameterpanel.cpp" line="237" />
        <source>σ (of ln x)</source>
        <translation>σ（ln x 的标准差）</translation>
    </message>
    <message>
        <location filename="../../ui/workload/parameterpanel.cpp" line="237" />
        <source>Log-normal: standard deviation of ln(length).</source>
        <translation>对数正态：ln(length) 的标准差。</translation>
    </message>
    <message>
        <location filename="../../ui/workload/parameterpanel.cpp" line="238" />
        <source>Mean</source>
        <translation>均值</translation>
    </message>
    <message>
        <location filename="../../ui/workload/parameterpanel.cpp" line="238" />
        <source>Normal: mean before clipping to [lo, hi).</source>
        <translation>正态：截断到 [lo, hi) 之前的均值。</translation>
    </message>
    <message>
        <location filename="../../ui/workload/parameterpanel.cpp" line="239" />
        <source>Std dev</source>
        <translation>标准差</translation>
    </message>
    <message>
        <location filename="../../ui/workload/parameterpanel.cpp" line="239" />
        <source>Normal: standard deviation before clipping.</source>
        <translation>正态：截断之前的标准差。</translation>
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
        <location filename="../../ui/workload/parameterpanel.cpp" line="422" />
        <source>Change %1</source>
        <translation>修改 %1</translation>
    </message>
    <message>
        <location filename="../../ui/workload/parameterpanel.cpp" line="446" />
        <source>&lt;b&gt;Not generated — fix:&lt;/b&gt;&lt;br&gt;</source>
        <translation>&lt;b&gt;未生成——请修正：&lt;/b&gt;&lt;br&gt;</translation>
    </message>
</context>
<context>
    <name>lorascope::PlotView</name>
    <message>
        <location filename="../../ui/charts/plotview.cpp" line="379" />
        <source>Export Chart as PNG or SVG…</source>
        <translation>将图表导出为 PNG 或 SVG…</translation>
    </message>
</context>
<context>
    <name>lorascope::RasterView</name>
    <message>
        <location filename="../../ui/workload/rasterview.cpp" line="40" />
        <source>Arrivals per adapter over time (hottest adapters on top; darker = more arrivals per pixel).
Wheel: zoom in time · drag: pan · double-click: whole trace.</source>
        <translation>各适配器随时间的到达（最热门的适配器在上方；颜色越深 = 每像素到达越多）。
滚轮：缩放时间轴 · 拖动：平移 · 双击：显示整条轨迹。</translation>
    </message>
    <message>
        <location filename="../../ui/workload/rasterview.cpp" line="187" />
        <source>Arrivals per adapter (hottest %1 adapters)</source>
        <translation>各适配器的到达（最热门的 %1 个适配器）</translation>
    </message>
    <message>
        <location filename="../../ui/workload/rasterview.cpp" line="228" />
        <source>time (s)</source>
        <translation>时间 (s)</translation>
    </message>
</context>
<context>
    <name>lorascope::ReplayTab</name>
    <message>
        <location filename="../../ui/replay/replaytab.cpp" line="83" />
        <source>demo trace (preset S1, 20 s)</source>
        <translation>演示轨迹（预设 S1，20 s）</translation>
    </message>
    <message>
        <location filename="../../ui/replay/replaytab.cpp" line="85" />
        <source>Browse…</source>
        <translation>浏览…</translation>
    </message>
    <message>
        <location filename="../../ui/replay/replaytab.cpp" line="87" />
        <source>Trace to replay</source>
        <translation>要重放的轨迹</translation>
    </message>
    <message>
        <location filename="../../ui/replay/replaytab.cpp" line="94" />
        <source>Trace:</source>
        <translation>轨迹：</translation>
    </message>
    <message>
        <location filename="../../ui/replay/replaytab.cpp" line="95" />
        <source>Built-in simulated server</source>
        <translation>内置模拟服务器</translation>
    </message>
    <message>
        <location filename="../../ui/replay/replaytab.cpp" line="97" />
        <source>Started and stopped with the replay; paces tokens with the S-LoRA admission engine and the default cost model.</source>
        <translation>随重放启动和停止；用 S-LoRA 准入引擎和默认代价模型控制令牌的输出节奏。</translation>
    </message>
    <message>
        <location filename="../../ui/replay/replaytab.cpp" line="98" />
        <source>Server:</source>
        <translation>服务器：</translation>
    </message>
    <message>
        <location filename="../../ui/replay/replaytab.cpp" line="102" />
        <source>Built-in server: run the cost model this many times faster than real time.</source>
        <translation>内置服务器：代价模型相对真实时间的加速倍数。</translation>
    </message>
    <message>
        <location filename="../../ui/replay/replaytab.cpp" line="103" />
        <source>Server speed:</source>
        <translation>服务器速度：</translation>
    </message>
    <message>
        <location filename="../../ui/replay/replaytab.cpp" line="106" />
        <source>Target URL:</source>
        <translation>目标 URL：</translation>
    </message>
    <message>
        <location filename="../../ui/replay/replaytab.cpp" line="114" />
        <source>Backend:</source>
        <translation>后端：</translation>
    </message>
    <message>
        <location filename="../../ui/replay/replaytab.cpp" line="119" />
        <source>Schedule time = trace time × scale (0.5 replays twice as fast).</source>
        <translation>调度时间 = 轨迹时间 × 缩放系数（0.5 表示以两倍速重放）。</translation>
    </message>
    <message>
        <location filename="../../ui/replay/replaytab.cpp" line="120" />
        <source>Time scale:</source>
        <translation>时间缩放：</translation>
    </message>
    <message>
        <location filename="../../ui/replay/replaytab.cpp" line="123" />
        <source>unlimited</source>
        <translation>不限</translation>
    </message>
    <message>
        <location filename="../../ui/replay/replaytab.cpp" line="124" />
        <source>Max concurrency:</source>
        <translation>最大并发数：</translation>
    </message>
    <message>
        <location filename="../../ui/replay/replaytab.cpp" line="130" />
        <source>Start</source>
        <translation>开始</translation>
    </message>
    <message>
        <location filename="../../ui/replay/replaytab.cpp" line="131" />
        <source>Stop</source>
        <translation>停止</translation>
    </message>
    <message>
        <location filename="../../ui/replay/replaytab.cpp" line="139" />
        <source>Idle</source>
        <translation>空闲</translation>
    </message>
    <message>
        <location filename="../../ui/replay/replaytab.cpp" line="148" />
        <source>Adapter</source>
        <translation>适配器</translation>
    </message>
    <message>
        <location filename="../../ui/replay/replaytab.cpp" line="148" />
        <source>Completed</source>
        <translation>已完成</translation>
    </message>
    <message>
        <location filename="../../ui/replay/replaytab.cpp" line="148" />
        <location filename="../../ui/replay/replaytab.cpp" line="566" />
        <source>Failed</source>
        <translation>失败</translation>
    </message>
    <message>
        <location filename="../../ui/replay/replaytab.cpp" line="148" />
        <source>Mean TTFT (ms)</source>
        <translation>平均 TTFT (ms)</translation>
    </message>
    <message>
        <location filename="../../ui/replay/replaytab.cpp" line="148" />
        <source>p99 TTFT (ms)</source>
        <translation>p99 TTFT (ms)</translation>
    </message>
    <message>
        <location filename="../../ui/replay/replaytab.cpp" line="148" />
        <source>Mean E2E (ms)</source>
        <translation>平均 E2E (ms)</translation>
    </message>
    <message>
        <location filename="../../ui/replay/replaytab.cpp" line="213" />
        <source>current workload (Workload tab)</source>
        <translation>当前工作负载（“工作负载”标签页）</translation>
    </message>
    <message>
        <location filename="../../ui/replay/replaytab.cpp" line="214" />
        <source>Started and stopped with the replay; paces tokens with the admission policy, limits and cost model of the Admission preview tab.</source>
        <translation>随重放启动和停止；按“准入预览”标签页中的准入策略、限制和代价模型控制令牌的输出节奏。</translation>
    </message>
    <message>
        <location filename="../../ui/replay/replaytab.cpp" line="227" />
        <source>Replays the trace file above.</source>
        <translation>重放上方的轨迹文件。</translation>
    </message>
    <message>
        <location filename="../../ui/replay/replaytab.cpp" line="231" />
        <source>Replays a demo trace (preset S1, 20 s).</source>
        <translation>重放演示轨迹（预设 S1，20 s）。</translation>
    </message>
    <message>
        <location filename="../../ui/replay/replaytab.cpp" line="236" />
        <source>Replays the current workload (not generated yet).</source>
        <translation>重放当前工作负载（尚未生成）。</translation>
    </message>
    <message>
        <location filename="../../ui/replay/replaytab.cpp" line="240" />
        <source>Replays the current workload%1: %2 requests over %3 s (× time scale).</source>
        <translation>重放当前工作负载%1：%2 个请求，历时 %3 s（× 时间缩放）。</translation>
    </message>
    <message>
        <location filename="../../ui/replay/replaytab.cpp" line="241" />
        <source> (imported trace)</source>
        <translation>（导入的轨迹）</translation>
    </message>
    <message>
        <location filename="../../ui/replay/replaytab.cpp" line="275" />
        <source>The current workload is not generated yet.</source>
        <translation>当前工作负载尚未生成。</translation>
    </message>
    <message>
        <location filename="../../ui/replay/replaytab.cpp" line="287" />
        <source>Cannot read the trace: %1</source>
        <translation>无法读取轨迹：%1</translation>
    </message>
    <message>
        <location filename="../../ui/replay/replaytab.cpp" line="314" />
        <source>Run folder: %1</source>
        <translation>运行目录：%1</translation>
    </message>
    <message>
        <location filename="../../ui/replay/replaytab.cpp" line="315" />
        <source>Starting…</source>
        <translation>正在启动…</translation>
    </message>
    <message>
        <location filename="../../ui/replay/replaytab.cpp" line="386" />
        <source>Stopping…</source>
        <translation>正在停止…</translation>
    </message>
    <message>
        <location filename="../../ui/replay/replaytab.cpp" line="413" />
        <source>(base)</source>
        <translation>（基础模型）</translation>
    </message>
    <message>
        <location filename="../../ui/replay/replaytab.cpp" line="446" />
        <source>sent %1/%2, completed %3, failed %4, in flight %5</source>
        <translation>已发送 %1/%2，已完成 %3，失败 %4，进行中 %5</translation>
    </message>
    <message>
        <location filename="../../ui/replay/replaytab.cpp" line="464" />
        <source>Requests per second</source>
        <translation>每秒请求数</translation>
    </message>
    <message>
        <location filename="../../ui/replay/replaytab.cpp" line="465" />
        <location filename="../../ui/replay/replaytab.cpp" line="472" />
        <location filename="../../ui/replay/replaytab.cpp" line="482" />
        <location filename="../../ui/replay/replaytab.cpp" line="505" />
        <source>time (s)</source>
        <translation>时间 (s)</translation>
    </message>
    <message>
        <location filename="../../ui/replay/replaytab.cpp" line="466" />
        <source>req/s</source>
        <translation>req/s</translation>
    </message>
    <message>
        <location filename="../../ui/replay/replaytab.cpp" line="467" />
        <source>scheduled</source>
        <translation>计划</translation>
    </message>
    <message>
        <location filename="../../ui/replay/replaytab.cpp" line="468" />
        <source>sent</source>
        <translation>已发送</translation>
    </message>
    <message>
        <location filename="../../ui/replay/replaytab.cpp" line="469" />
        <source>completed</source>
        <translation>已完成</translation>
    </message>
    <message>
        <location filename="../../ui/replay/replaytab.cpp" line="471" />
        <source>Latency of requests ending per second</source>
        <translation>每秒结束请求的延迟</translation>
    </message>
    <message>
        <location filename="../../ui/replay/replaytab.cpp" line="473" />
        <source>ms</source>
        <translation>ms</translation>
    </message>
    <message>
        <location filename="../../ui/replay/replaytab.cpp" line="474" />
        <source>TTFT p50</source>
        <translation>TTFT p50</translation>
    </message>
    <message>
        <location filename="../../ui/replay/replaytab.cpp" line="475" />
        <source>TTFT p90</source>
        <translation>TTFT p90</translation>
    </message>
    <message>
        <location filename="../../ui/replay/replaytab.cpp" line="477" />
        <source>E2E p50</source>
        <translation>E2E p50</translation>
    </message>
    <message>
        <location filename="../../ui/replay/replaytab.cpp" line="478" />
        <source>E2E p90</source>
        <translation>E2E p90</translation>
    </message>
    <message>
        <location filename="../../ui/replay/replaytab.cpp" line="481" />
        <source>Output tokens per second</source>
        <translation>每秒输出令牌数</translation>
    </message>
    <message>
        <location filename="../../ui/replay/replaytab.cpp" line="483" />
        <source>tokens/s</source>
        <translation>令牌/s</translation>
    </message>
    <message>
        <location filename="../../ui/replay/replaytab.cpp" line="484" />
        <source>output tokens/s</source>
        <translation>输出令牌/s</translation>
    </message>
    <message>
        <location filename="../../ui/replay/replaytab.cpp" line="504" />
        <source>Requests in flight</source>
        <translation>进行中的请求</translation>
    </message>
    <message>
        <location filename="../../ui/replay/replaytab.cpp" line="506" />
        <location filename="../../ui/replay/replaytab.cpp" line="516" />
        <source>requests</source>
        <translation>请求数</translation>
    </message>
    <message>
        <location filename="../../ui/replay/replaytab.cpp" line="507" />
        <source>in flight</source>
        <translation>进行中</translation>
    </message>
    <message>
        <location filename="../../ui/replay/replaytab.cpp" line="514" />
        <source>Errors by kind</source>
        <translation>按类型统计的错误</translation>
    </message>
    <message>
        <location filename="../../ui/replay/replaytab.cpp" line="515" />
        <source>kind (see labels)</source>
        <translation>类型（见标签）</translation>
    </message>
    <message>
        <location filename="../../ui/replay/replaytab.cpp" line="517" />
        <source>failed</source>
        <translation>失败</translation>
    </message>
    <message>
        <location filename="../../ui/replay/replaytab.cpp" line="548" />
        <source>Error: %1
</source>
        <translation>错误：%1
</translation>
    </message>
    <message>
        <location filename="../../ui/replay/replaytab.cpp" line="551" />
        <source>Completed %1, failed %2, cancelled %3
</source>
        <translation>已完成 %1，失败 %2，已取消 %3
</translation>
    </message>
    <message>
        <location filename="../../ui/replay/replaytab.cpp" line="555" />
        <source>Request throughput %1 req/s, output %2 tokens/s
</source>
        <translation>请求吞吐量 %1 req/s，输出 %2 令牌/s
</translation>
    </message>
    <message>
        <location filename="../../ui/replay/replaytab.cpp" line="557" />
        <source>TTFT mean %1 / p50 %2 / p99 %3 ms
</source>
        <translation>TTFT 均值 %1 / p50 %2 / p99 %3 ms
</translation>
    </message>
    <message>
        <location filename="../../ui/replay/replaytab.cpp" line="558" />
        <source>TPOT mean %1 / p99 %2 ms; ITL mean %3 ms
</source>
        <translation>TPOT 均值 %1 / p99 %2 ms；ITL 均值 %3 ms
</translation>
    </message>
    <message>
        <location filename="../../ui/replay/replaytab.cpp" line="559" />
        <source>E2E mean %1 / p99 %2 ms
</source>
        <translation>E2E 均值 %1 / p99 %2 ms
</translation>
    </message>
    <message>
        <location filename="../../ui/replay/replaytab.cpp" line="560" />
        <source>S-LoRA attainment %1, reward %2
</source>
        <translation>S-LoRA SLO 达成率 %1，奖励 %2
</translation>
    </message>
    <message>
        <location filename="../../ui/replay/replaytab.cpp" line="563" />
        <source>errors %1: %2
</source>
        <translation>错误 %1：%2
</translation>
    </message>
    <message>
        <location filename="../../ui/replay/replaytab.cpp" line="566" />
        <source>Finished</source>
        <translation>完成</translation>
    </message>
</context>
<context>
    <name>lorascope::RequestTableModel</name>
    <message>
        <location filename="../../ui/admission/requestmodel.cpp" line="34" />
        <source>rejected: %1</source>
        <translation>已拒绝：%1</translation>
    </message>
    <message>
        <location filename="../../ui/admission/requestmodel.cpp" line="36" />
        <source>dropped: %1</source>
        <translation>已丢弃：%1</translation>
    </message>
    <message>
        <location filename="../../ui/admission/requestmodel.cpp" line="38" />
        <source>finished</source>
        <translation>已完成</translation>
    </message>
    <message>
        <location filename="../../ui/admission/requestmodel.cpp" line="40" />
        <source>running</source>
        <translation>运行中</translation>
    </message>
    <message>
        <location filename="../../ui/admission/requestmodel.cpp" line="41" />
        <source>never admitted</source>
        <translation>从未准入</translation>
    </message>
    <message>
        <location filename="../../ui/admission/requestmodel.cpp" line="109" />
        <source> (s)</source>
        <translation> (s)</translation>
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
        <translation>首令牌</translation>
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
        <translation>TTFT</translation>
    </message>
    <message>
        <location filename="../../ui/admission/requestmodel.cpp" line="132" />
        <source>E2E</source>
        <translation>E2E</translation>
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
        <translation>按“下一次计算”执行第一次前向计算。</translation>
    </message>
    <message>
        <location filename="../../ui/admission/stepthroughpanel.cpp" line="109" />
        <source>&lt;p&gt;The step clock runs the admission engine one forward pass at a time: a &lt;b&gt;prefill&lt;/b&gt; of newly admitted requests or one &lt;b&gt;decode&lt;/b&gt; step of the running batch. For every admission scan you see each candidate's numbers (S-LoRA: need = max&lt;sub&gt;k&lt;/sub&gt; left&lt;sub&gt;k&lt;/sub&gt;·k + Σ&lt;sub&gt;j≤k&lt;/sub&gt; used&lt;sub&gt;j&lt;/sub&gt; &amp;lt; max_total_token_num − adapter_size, and Σ input ≤ batch_max_tokens) and why the scan stopped.&lt;/p&gt;</source>
        <translation>&lt;p&gt;步进时钟让准入引擎每次执行一次前向计算：对新准入的请求做一次&lt;b&gt;预填充&lt;/b&gt;，或对运行批次做一步&lt;b&gt;解码&lt;/b&gt;。每次准入扫描都会列出各候选请求的数值（S-LoRA：need = max&lt;sub&gt;k&lt;/sub&gt; left&lt;sub&gt;k&lt;/sub&gt;·k + Σ&lt;sub&gt;j≤k&lt;/sub&gt; used&lt;sub&gt;j&lt;/sub&gt; &amp;lt; max_total_token_num − adapter_size，且 Σ input ≤ batch_max_tokens）以及扫描停止的原因。&lt;/p&gt;</translation>
    </message>
    <message>
        <location filename="../../ui/admission/stepthroughpanel.cpp" line="117" />
        <source>steps</source>
        <translation>步</translation>
    </message>
    <message>
        <location filename="../../ui/admission/stepthroughpanel.cpp" line="117" />
        <source>s</source>
        <translation>s</translation>
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
        <translation>&lt;p&gt;&lt;b&gt;批次&lt;/b&gt;：本次计算后有 %1 个运行中的请求；KV 需求 %2，已用 %3 / %4 个槽位；%5 个适配器驻留；%6 个在等待。&lt;/p&gt;</translation>
    </message>
    <message>
        <location filename="../../ui/admission/stepthroughpanel.cpp" line="132" />
        <source>&lt;p&gt;&lt;b&gt;Admission scan&lt;/b&gt; (FIFO; the first candidate that fails stops the scan):&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;准入扫描&lt;/b&gt;（FIFO；第一个未通过的候选请求会终止扫描）：&lt;/p&gt;</translation>
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
        <translation>batch_max_tokens</translation>
    </message>
    <message>
        <location filename="../../ui/admission/stepthroughpanel.cpp" line="135" />
        <source>verdict</source>
        <translation>判定</translation>
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
        <translation>&lt;p&gt;引擎：扫描停止，原因是 &lt;b&gt;%1&lt;/b&gt;。&lt;/p&gt;</translation>
    </message>
    <message>
        <location filename="../../ui/admission/stepthroughpanel.cpp" line="155" />
        <source>&lt;p&gt;Decode step: every running request generates one token; no admission attempt (S-LoRA tries every %1 decode steps).&lt;/p&gt;</source>
        <translation>&lt;p&gt;解码步：每个运行中的请求生成一个令牌；本步不尝试准入（S-LoRA 每 %1 个解码步尝试一次）。&lt;/p&gt;</translation>
    </message>
    <message>
        <location filename="../../ui/admission/stepthroughpanel.cpp" line="162" />
        <source>&lt;p&gt;&lt;b&gt;Finished&lt;/b&gt;: %1&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;完成&lt;/b&gt;：%1&lt;/p&gt;</translation>
    </message>
    <message>
        <location filename="../../ui/admission/stepthroughpanel.cpp" line="164" />
        <source>&lt;p&gt;&lt;b&gt;Running batch&lt;/b&gt; (request: generated / output):&lt;/p&gt;&lt;p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;运行批次&lt;/b&gt;（请求：已生成 / 输出）：&lt;/p&gt;&lt;p&gt;</translation>
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
        <translation>正在显示导入的轨迹 &lt;b&gt;%1&lt;/b&gt;（%2 个请求）。理论曲线需要模型，因此只绘制数据。</translation>
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
        <translation>%1 个请求 · 实际 %2 req/s · 间隔 cv %3 · 拟合 α %4 · 超出限制 %5（输入 &gt; %6：%7，总长 &gt; %8：%9）</translation>
    </message>
</context>
<context>
    <name>lorascope::CostModelPanel</name>
    <message>
        <location filename="../../ui/admission/costmodelpanel.cpp" line="15" />
        <source>Cost model in use</source>
        <translation>当前成本模型</translation>
    </message>
    <message>
        <location filename="../../ui/admission/costmodelpanel.cpp" line="19" />
        <source>Load calibrated model…</source>
        <translation>加载已校准的模型…</translation>
    </message>
    <message>
        <location filename="../../ui/admission/costmodelpanel.cpp" line="38" />
        <source>A cost-model file written by `lorascope-cli calibrate` (from S-LoRA result files or from replays of your own server), or any version-1 coefficient file.</source>
        <translation>由 `lorascope-cli calibrate` 写出的成本模型文件（基于 S-LoRA 结果文件或对您自己服务器的回放），或任何第 1 版系数文件。</translation>
    </message>
    <message>
        <location filename="../../ui/admission/costmodelpanel.cpp" line="49" />
        <source>Load a calibrated cost model</source>
        <translation>加载已校准的成本模型</translation>
    </message>
    <message>
        <location filename="../../ui/admission/costmodelpanel.cpp" line="49" />
        <source>Cost models (*.json);;All files (*)</source>
        <translation>成本模型 (*.json);;所有文件 (*)</translation>
    </message>
    <message>
        <location filename="../../ui/admission/costmodelpanel.cpp" line="90" />
        <source>Not loaded: %1</source>
        <translation>未加载：%1</translation>
    </message>
</context>
</TS>