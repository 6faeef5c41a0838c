<?xml version='1.0' encoding='utf-8'?>
<TS version="2.1" language="zh_CN">
<context>
    <name>ConfirmReplace</name>
    <message>
        <location filename="../../ui/widgets/confirmreplace.cpp" line="15" />
        <source>%1 already exists. Replace it?</source>
        <translation>%1 已存在。是否替换？</translation>
    </message>
</context>
<context>
    <name>FleetText</name>
    <message>
        <location filename="../../ui/fleet/decisionmodel.cpp" line="71" />
        <location filename="../../ui/fleet/fleettext.cpp" line="120" />
        <source>base model</source>
        <translation>基础模型</translation>
    </message>
    <message>
        <location filename="../../ui/fleet/decisionmodel.cpp" line="74" />
        <location filename="../../ui/fleet/fleettext.cpp" line="107" />
        <source>dropped</source>
        <translation>已丢弃</translation>
    </message>
    <message>
        <location filename="../../ui/fleet/decisionmodel.cpp" line="93" />
        <source>Request</source>
        <translation>请求</translation>
    </message>
    <message>
        <location filename="../../ui/fleet/decisionmodel.cpp" line="95" />
        <source>Arrival (ticks)</source>
        <translation>到达（时钟刻度）</translation>
    </message>
    <message>
        <location filename="../../ui/fleet/decisionmodel.cpp" line="95" />
        <source>Arrival (s)</source>
        <translation>到达 (s)</translation>
    </message>
    <message>
        <location filename="../../ui/fleet/decisionmodel.cpp" line="97" />
        <source>Adapter</source>
        <translation>适配器</translation>
    </message>
    <message>
        <location filename="../../ui/fleet/decisionmodel.cpp" line="99" />
        <source>Replica</source>
        <translation>副本</translation>
    </message>
    <message>
        <location filename="../../ui/fleet/decisionmodel.cpp" line="101" />
        <source>Why there</source>
        <translation>为何发往此处</translation>
    </message>
    <message>
        <location filename="../../ui/fleet/decisionmodel.cpp" line="103" />
        <source>TTFT (ticks)</source>
        <translation>TTFT（时钟刻度）</translation>
    </message>
    <message>
        <location filename="../../ui/fleet/decisionmodel.cpp" line="103" />
        <source>TTFT (s)</source>
        <translation>TTFT (s)</translation>
    </message>
    <message>
        <location filename="../../ui/fleet/decisionmodel.cpp" line="105" />
        <source>E2E (ticks)</source>
        <translation>E2E（时钟刻度）</translation>
    </message>
    <message>
        <location filename="../../ui/fleet/decisionmodel.cpp" line="105" />
        <source>E2E (s)</source>
        <translation>E2E (s)</translation>
    </message>
    <message>
        <location filename="../../ui/fleet/decisionmodel.cpp" line="111" />
        <source>The request's id in the trace.</source>
        <translation>请求在轨迹中的编号。</translation>
    </message>
    <message>
        <location filename="../../ui/fleet/decisionmodel.cpp" line="113" />
        <source>When it arrived: the router decided then.</source>
        <translation>它的到达时间：路由器在此时做出决定。</translation>
    </message>
    <message>
        <location filename="../../ui/fleet/decisionmodel.cpp" line="115" />
        <source>The replica the router sent it to.</source>
        <translation>路由器把它发往的副本。</translation>
    </message>
    <message>
        <location filename="../../ui/fleet/decisionmodel.cpp" line="117" />
        <source>The router's rule that decided; hover over a row for the whole reason.</source>
        <translation>做出决定的路由规则；悬停在某一行上可查看完整原因。</translation>
    </message>
    <message>
        <location filename="../../ui/fleet/decisionmodel.cpp" line="119" />
        <source>Time to first token: from its arrival to its first token on that replica.</source>
        <translation>首令牌时间：从到达到它在该副本上生成第一个令牌。</translation>
    </message>
    <message>
        <location filename="../../ui/fleet/decisionmodel.cpp" line="121" />
        <source>End to end: from its arrival to its last token.</source>
        <translation>端到端：从到达到最后一个令牌。</translation>
    </message>
    <message>
        <location filename="../../ui/fleet/fleettext.cpp" line="12" />
        <source>Round-robin</source>
        <translation>轮询</translation>
    </message>
    <message>
        <location filename="../../ui/fleet/fleettext.cpp" line="14" />
        <source>Random</source>
        <translation>随机</translation>
    </message>
    <message>
        <location filename="../../ui/fleet/fleettext.cpp" line="16" />
        <source>Least outstanding requests (AIBrix least-request)</source>
        <translation>未完成请求最少（AIBrix least-request）</translation>
    </message>
    <message>
        <location filename="../../ui/fleet/fleettext.cpp" line="18" />
        <source>Least KV cache usage</source>
        <translation>KV 缓存占用最少</translation>
    </message>
    <message>
        <location filename="../../ui/fleet/fleettext.cpp" line="20" />
        <source>Session affinity (AIBrix)</source>
        <translation>会话亲和（AIBrix）</translation>
    </message>
    <message>
        <location filename="../../ui/fleet/fleettext.cpp" line="22" />
        <source>Prefix-aware (GIE default profile)</source>
        <translation>前缀感知（GIE 默认配置）</translation>
    </message>
    <message>
        <location filename="../../ui/fleet/fleettext.cpp" line="24" />
        <source>GIE LoRA affinity (filter tree)</source>
        <translation>GIE LoRA 亲和（过滤树）</translation>
    </message>
    <message>
        <location filename="../../ui/fleet/fleettext.cpp" line="26" />
        <source>GIE LoRA affinity (scorers)</source>
        <translation>GIE LoRA 亲和（打分器）</translation>
    </message>
    <message>
        <location filename="../../ui/fleet/fleettext.cpp" line="28" />
        <source>AIBrix: where the adapter is loaded, then least-request</source>
        <translation>AIBrix：先选已加载该适配器的副本，再选请求最少的</translation>
    </message>
    <message>
        <location filename="../../ui/fleet/fleettext.cpp" line="30" />
        <source>Rendezvous hashing of adapters (Dynamo)</source>
        <translation>适配器的会合哈希（Dynamo）</translation>
    </message>
    <message>
        <location filename="../../ui/fleet/fleettext.cpp" line="39" />
        <source>Each request goes to the next replica in turn, whatever the replicas are doing (a Kubernetes Service, Envoy ROUND_ROBIN).</source>
        <translation>每个请求依次发往下一个副本，不管副本当前在做什么（Kubernetes Service、Envoy ROUND_ROBIN）。</translation>
    </message>
    <message>
        <location filename="../../ui/fleet/fleettext.cpp" line="42" />
        <source>Each request goes to a replica drawn at random (seeded, so runs repeat).</source>
        <translation>每个请求发往随机抽取的副本（使用固定种子，结果可重复）。</translation>
    </message>
    <message>
        <location filename="../../ui/fleet/fleettext.cpp" line="44" />
        <source>The replica with the fewest requests the router sent and has not seen finish. The router counts these itself, so the metrics' age does not matter (AIBrix least_request.go).</source>
        <translation>选择路由器已发出但尚未看到完成的请求最少的副本。路由器自己计数，因此指标的新旧无关紧要（AIBrix least_request.go）。</translation>
    </message>
    <message>
        <location filename="../../ui/fleet/fleettext.cpp" line="48" />
        <source>The replica whose scraped KV cache usage is lowest (AIBrix least_kv_cache.go); stale metrics send every request of a scrape interval to the same replica.</source>
        <translation>选择抓取到的 KV 缓存占用最低的副本（AIBrix least_kv_cache.go）；指标过时会让一个抓取间隔内的所有请求都发往同一个副本。</translation>
    </message>
    <message>
        <location filename="../../ui/fleet/fleettext.cpp" line="52" />
        <source>A session's later turns go to the replica its first turn went to; first turns at random (AIBrix session-affinity). Traces without sessions route every request at random.</source>
        <translation>会话后续轮次发往其第一轮所去的副本；第一轮随机选择（AIBrix session-affinity）。没有会话的轨迹中每个请求都随机路由。</translation>
    </message>
    <message>
        <location filename="../../ui/fleet/fleettext.cpp" line="56" />
        <source>GIE's default profile: the share of the prompt's 16-token blocks the router has sent to a replica before (weight 3), plus the queue (2) and free KV cache (2) scores; the highest total wins.</source>
        <translation>GIE 默认配置：提示词中路由器此前已发往某副本的 16 令牌块所占比例（权重 3），加上队列（2）和空闲 KV 缓存（2）得分；总分最高者胜出。</translation>
    </message>
    <message>
        <location filename="../../ui/fleet/fleettext.cpp" line="60" />
        <source>GIE's filter tree: replicas with at most 128 waiting requests; of those the ones running or queuing the adapter (taken with probability 0.999) or else with room for another adapter (active + waiting adapters &lt; max_lora); then the fewest waiting and the least KV cache; one at random.</source>
        <translation>GIE 过滤树：等待请求不超过 128 个的副本；其中正在运行或排队该适配器的副本（以 0.999 的概率选用），否则选还能再加载一个适配器的副本（活跃 + 等待适配器 &lt; max_lora）；再选等待最少、KV 缓存最少的；最后随机取一个。</translation>
    </message>
    <message>
        <location filename="../../ui/fleet/fleettext.cpp" line="66" />
        <source>GIE's scorers: LoRA affinity 1.0 when the adapter is active, 0.8 with room to load it, 0.6 when it is waiting, 0 otherwise; plus the queue and KV scores; the highest total wins.</source>
        <translation>GIE 打分器：适配器活跃时 LoRA 亲和得 1.0，有空间加载时 0.8，等待中时 0.6，否则 0；加上队列和 KV 得分；总分最高者胜出。</translation>
    </message>
    <message>
        <location filename="../../ui/fleet/fleettext.cpp" line="70" />
        <source>Only the replicas the adapter is loaded on (static placement; with dynamic placement every replica), then the fewest outstanding requests (AIBrix ModelAdapter and least-request).</source>
        <translation>只考虑已加载该适配器的副本（静态放置；动态放置时为所有副本），再选未完成请求最少的（AIBrix ModelAdapter 与 least-request）。</translation>
    </message>
    <message>
        <location filename="../../ui/fleet/fleettext.cpp" line="74" />
        <source>Each adapter belongs to the replicas with the highest rendezvous hash weight (Dynamo's LoRA allocation); its requests go to the least busy of them.</source>
        <translation>每个适配器归属于会合哈希权重最高的副本（Dynamo 的 LoRA 分配）；其请求发往这些副本中最空闲的一个。</translation>
    </message>
    <message>
        <location filename="../../ui/fleet/fleettext.cpp" line="85" />
        <source>in turn</source>
        <translation>依次轮转</translation>
    </message>
    <message>
        <location filename="../../ui/fleet/fleettext.cpp" line="87" />
        <source>at random</source>
        <translation>随机</translation>
    </message>
    <message>
        <location filename="../../ui/fleet/fleettext.cpp" line="89" />
        <source>fewest outstanding</source>
        <translation>未完成最少</translation>
    </message>
    <message>
        <location filename="../../ui/fleet/fleettext.cpp" line="91" />
        <source>least KV cache</source>
        <translation>KV 缓存最少</translation>
    </message>
    <message>
        <location filename="../../ui/fleet/fleettext.cpp" line="93" />
        <source>session: first turn</source>
        <translation>会话：第一轮</translation>
    </message>
    <message>
        <location filename="../../ui/fleet/fleettext.cpp" line="95" />
        <source>session: same replica</source>
        <translation>会话：同一副本</translation>
    </message>
    <message>
        <location filename="../../ui/fleet/fleettext.cpp" line="97" />
        <source>cached prefix</source>
        <translation>已缓存前缀</translation>
    </message>
    <message>
        <location filename="../../ui/fleet/fleettext.cpp" line="99" />
        <source>LoRA affinity</source>
        <translation>LoRA 亲和</translation>
    </message>
    <message>
        <location filename="../../ui/fleet/fleettext.cpp" line="101" />
        <source>room for the adapter</source>
        <translation>有空间加载适配器</translation>
    </message>
    <message>
        <location filename="../../ui/fleet/fleettext.cpp" line="103" />
        <source>queue and KV</source>
        <translation>队列与 KV</translation>
    </message>
    <message>
        <location filename="../../ui/fleet/fleettext.cpp" line="105" />
        <source>highest score</source>
        <translation>得分最高</translation>
    </message>
    <message>
        <location filename="../../ui/fleet/fleettext.cpp" line="109" />
        <source>placed, least-request</source>
        <translation>已放置，请求最少</translation>
    </message>
    <message>
        <location filename="../../ui/fleet/fleettext.cpp" line="111" />
        <source>hashed replica</source>
        <translation>哈希副本</translation>
    </message>
    <message>
        <location filename="../../ui/fleet/fleettext.cpp" line="121" />
        <source>replica %1</source>
        <translation>副本 %1</translation>
    </message>
    <message>
        <location filename="../../ui/fleet/fleettext.cpp" line="124" />
        <source>%1 → dropped: every replica was saturated (waiting or KV cache above the thresholds) and the request is sheddable</source>
        <translation>%1 → 已丢弃：所有副本都已饱和（等待数或 KV 缓存超过阈值），且该请求可被丢弃</translation>
    </message>
    <message>
        <location filename="../../ui/fleet/fleettext.cpp" line="130" />
        <source>next in turn</source>
        <translation>轮到它</translation>
    </message>
    <message numerus="yes">
        <location filename="../../ui/fleet/fleettext.cpp" line="133" />
        <source>at random among %n replica(s)</source>
        <translation>
            <numerusform>在 %n 个副本中随机选择</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../ui/fleet/fleettext.cpp" line="136" />
        <source>fewest outstanding requests (%1)</source>
        <translation>未完成请求最少（%1）</translation>
    </message>
    <message>
        <location filename="../../ui/fleet/fleettext.cpp" line="137" />
        <source>but more outstanding</source>
        <translation>但未完成请求更多</translation>
    </message>
    <message>
        <location filename="../../ui/fleet/fleettext.cpp" line="140" />
        <source>lowest KV cache usage (%1 %)</source>
        <translation>KV 缓存占用最低（%1%）</translation>
    </message>
    <message>
        <location filename="../../ui/fleet/fleettext.cpp" line="141" />
        <source>but more KV cache in use</source>
        <translation>但 KV 缓存占用更多</translation>
    </message>
    <message>
        <location filename="../../ui/fleet/fleettext.cpp" line="144" />
        <source>first request of its session: at random</source>
        <translation>会话的第一个请求：随机选择</translation>
    </message>
    <message>
        <location filename="../../ui/fleet/fleettext.cpp" line="147" />
        <source>its session's earlier requests went there</source>
        <translation>其会话之前的请求都发往那里</translation>
    </message>
    <message>
        <location filename="../../ui/fleet/fleettext.cpp" line="148" />
        <source>but its session is not there</source>
        <translation>但其会话不在那里</translation>
    </message>
    <message>
        <location filename="../../ui/fleet/fleettext.cpp" line="151" />
        <source>%1 of its %2 prompt blocks cached there (highest score)</source>
        <translation>其 %2 个提示词块中有 %1 个已缓存在那里（得分最高）</translation>
    </message>
    <message>
        <location filename="../../ui/fleet/fleettext.cpp" line="152" />
        <source>but less of the prompt cached</source>
        <translation>但缓存的提示词更少</translation>
    </message>
    <message>
        <location filename="../../ui/fleet/fleettext.cpp" line="155" />
        <source>%1 waiting there</source>
        <translation>%1 在那里等待</translation>
    </message>
    <message>
        <location filename="../../ui/fleet/fleettext.cpp" line="155" />
        <source>active there</source>
        <translation>在那里活跃</translation>
    </message>
    <message>
        <location filename="../../ui/fleet/fleettext.cpp" line="156" />
        <source>but not %1</source>
        <translation>但没有 %1</translation>
    </message>
    <message>
        <location filename="../../ui/fleet/fleettext.cpp" line="159" />
        <source>room to load %1 (active + waiting adapters &lt; max_lora)</source>
        <translation>有空间加载 %1（活跃 + 等待适配器 &lt; max_lora）</translation>
    </message>
    <message>
        <location filename="../../ui/fleet/fleettext.cpp" line="161" />
        <source>; replicas with %1 existed, the 0.1 % draw chose room</source>
        <translation>；虽有持有 %1 的副本，但 0.1% 的抽签选择了有空间的副本</translation>
    </message>
    <message>
        <location filename="../../ui/fleet/fleettext.cpp" line="162" />
        <source>but no room for %1</source>
        <translation>但没有空间加载 %1</translation>
    </message>
    <message>
        <location filename="../../ui/fleet/fleettext.cpp" line="165" />
        <source>no replica had %1 or room for another adapter: fewest waiting, then least KV cache</source>
        <translation>没有副本持有 %1 或有空间再加载适配器：先选等待最少，再选 KV 缓存最少</translation>
    </message>
    <message>
        <location filename="../../ui/fleet/fleettext.cpp" line="168" />
        <source>highest score (%1; LoRA %2)</source>
        <translation>得分最高（%1；LoRA %2）</translation>
    </message>
    <message>
        <location filename="../../ui/fleet/fleettext.cpp" line="169" />
        <source>but a lower score</source>
        <translation>但得分更低</translation>
    </message>
    <message numerus="yes">
        <location filename="../../ui/fleet/fleettext.cpp" line="174" />
        <source>%1 is loaded on %n replica(s): fewest outstanding requests (%2)</source>
        <translation>
            <numerusform>%1 已加载在 %n 个副本上：未完成请求最少（%2）</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../ui/fleet/fleettext.cpp" line="176" />
        <source>but %1 is not loaded there</source>
        <translation>但那里没有加载 %1</translation>
    </message>
    <message numerus="yes">
        <location filename="../../ui/fleet/fleettext.cpp" line="179" />
        <source>one of %1's %n hashed replica(s): fewest outstanding requests (%2)</source>
        <translation>
            <numerusform>%1 的 %n 个哈希副本之一：未完成请求最少（%2）</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../ui/fleet/fleettext.cpp" line="181" />
        <source>but not one of %1's</source>
        <translation>但不是 %1 的副本</translation>
    </message>
    <message>
        <location filename="../../ui/fleet/fleettext.cpp" line="185" />
        <source> (every replica had more waiting requests than the low-queue threshold)</source>
        <translation>（每个副本的等待请求都超过低队列阈值）</translation>
    </message>
    <message numerus="yes">
        <location filename="../../ui/fleet/fleettext.cpp" line="187" />
        <source> (static placement: %1 is on %n replica(s))</source>
        <translation>
            <numerusform>（静态放置：%1 位于 %n 个副本上）</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../ui/fleet/fleettext.cpp" line="188" />
        <source>%1 → %2: %3</source>
        <translation>%1 → %2：%3</translation>
    </message>
    <message>
        <location filename="../../ui/fleet/fleettext.cpp" line="190" />
        <source>; %1 had fewer waiting requests (%2 vs %3)</source>
        <translation>；%1 的等待请求更少（%2 对 %3）</translation>
    </message>
</context>
<context>
    <name>QAbstractFileIconProvider</name>
    <message>
        <location filename="../../ui/widgets/tracefiledialog.cpp" line="19" />
        <source>Folder</source>
        <translation>文件夹</translation>
    </message>
    <message>
        <location filename="../../ui/widgets/tracefiledialog.cpp" line="20" />
        <source>File</source>
        <translation>文件</translation>
    </message>
    <message>
        <location filename="../../ui/widgets/tracefiledialog.cpp" line="21" />
        <source>%1 File</source>
        <translation>%1 文件</translation>
    </message>
    <message>
        <location filename="../../ui/widgets/tracefiledialog.cpp" line="22" />
        <source>Drive</source>
        <translation>驱动器</translation>
    </message>
    <message>
        <location filename="../../ui/widgets/tracefiledialog.cpp" line="23" />
        <source>Shortcut</source>
        <translation>快捷方式</translation>
    </message>
</context>
<context>
    <name>QObject</name>
    <message>
        <location filename="../../ui/charts/widgetexport.cpp" line="94" />
        <source>Nothing to export.</source>
        <translation>没有可导出的内容。</translation>
    </message>
    <message>
        <location filename="../../ui/charts/widgetexport.cpp" line="113" />
        <source>Exported from LoraScope</source>
        <translation>由 LoraScope 导出</translation>
    </message>
    <message>
        <location filename="../../ui/charts/widgetexport.cpp" line="126" />
        <source>Could not encode the PNG image.</source>
        <translation>无法编码 PNG 图像。</translation>
    </message>
    <message>
        <location filename="../../ui/charts/widgetexport.cpp" line="100" />
        <source>Unknown image type "%1": use .png or .svg.</source>
        <translation>未知的图像类型“%1”：请使用 .png 或 .svg。</translation>
    </message>
    <message>
        <location filename="../../ui/charts/widgetexport.cpp" line="132" />
        <location filename="../../ui/charts/widgetexport.cpp" line="135" />
        <source>Cannot write %1: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
</context>
<context>
    <name>lorascope</name>
    <message>
        <location filename="../../ui/workload/explain.cpp" line="38" />
        <source>Formula</source>
        <translation>公式</translation>
    </message>
    <message>
        <location filename="../../ui/workload/explain.cpp" line="40" />
        <source>Right now</source>
        <translation>当前效果</translation>
    </message>
    <message>
        <location filename="../../ui/workload/explain.cpp" line="97" />
        <source>n = 0: every request uses the base model.</source>
        <translation>n = 0：所有请求都使用基础模型。</translation>
    </message>
    <message>
        <location filename="../../ui/workload/explain.cpp" line="99" />
        <source>n = %1</source>
        <translation>n = %1</translation>
    </message>
    <message>
        <location filename="../../ui/workload/explain.cpp" line="101" />
        <source>, α = %1</source>
        <translation>，α = %1</translation>
    </message>
    <message>
        <location filename="../../ui/workload/explain.cpp" line="103" />
        <source>, s = %1</source>
        <translation>，s = %1</translation>
    </message>
    <message>
        <location filename="../../ui/workload/explain.cpp" line="104" />
        <source>: the hottest adapter gets %1 of requests, the top 10 get %2; %3 adapter(s) receive half of all requests; the coldest gets %4.</source>
        <translation>：最热门的适配器获得 %1 的请求，前 10 个获得 %2；%3 个适配器承接了一半的请求；最冷门的获得 %4。</translation>
    </message>
    <message>
        <location filename="../../ui/workload/explain.cpp" line="111" />
        <source> Over the trace (≈ %1 requests) that is ≈ %2 requests for the hottest adapter.</source>
        <translation>整条轨迹（约 %1 个请求）中，最热门的适配器约有 %2 个请求。</translation>
    </message>
    <message>
        <location filename="../../ui/workload/explain.cpp" line="119" />
        <source>model mean %1 tokens on [%2, %3)</source>
        <translation>模型均值 %1 个令牌，区间 [%2, %3)</translation>
    </message>
    <message>
        <location filename="../../ui/workload/explain.cpp" line="121" />
        <source>; this trace: mean %1, p50 %2, p90 %3, p99 %4, max %5</source>
        <translation>；本轨迹：均值 %1，p50 %2，p90 %3，p99 %4，最大值 %5</translation>
    </message>
    <message>
        <location filename="../../ui/workload/explain.cpp" line="134" />
        <source>Adapters n</source>
        <translation>适配器数 n</translation>
    </message>
    <message>
        <location filename="../../ui/workload/explain.cpp" line="135" />
        <source>How many LoRA adapters the requests are spread over. Each adapter a request uses must be resident on the GPU; in S-LoRA its weights take rank·4 KV-cache slots while loaded.</source>
        <translation>请求分布在多少个 LoRA 适配器上。请求所用的每个适配器都必须驻留在 GPU 上；在 S-LoRA 中，适配器加载期间其权重占用 rank·4 个 KV 缓存槽位。</translation>
    </message>
    <message>
        <location filename="../../ui/workload/explain.cpp" line="138" />
        <source>adapter k is named &lt;code&gt;names[k % L]-(k / L)&lt;/code&gt; from the preset's name list.</source>
        <translation>适配器 k 的名称取自预设的名称列表：&lt;code&gt;names[k % L]-(k / L)&lt;/code&gt;。</translation>
    </message>
    <message>
        <location filename="../../ui/workload/explain.cpp" line="141" />
        <source>Total rate R</source>
        <translation>总速率 R</translation>
    </message>
    <message>
        <location filename="../../ui/workload/explain.cpp" line="141" />
        <source>Requests per second over all adapters together.</source>
        <translation>所有适配器合计的每秒请求数。</translation>
    </message>
    <message>
        <location filename="../../ui/workload/explain.cpp" line="142" />
        <source>E[requests] = R·T; adapter i gets λᵢ = R·pᵢ.</source>
        <translation>E[requests] = R·T；适配器 i 的速率为 λᵢ = R·pᵢ。</translation>
    </message>
    <message>
        <location filename="../../ui/workload/explain.cpp" line="143" />
        <source>R = %1 req/s over T = %2 s → ≈ %3 requests expected</source>
        <translation>R = %1 req/s，持续 T = %2 s → 期望约 %3 个请求</translation>
    </message>
    <message>
        <location filename="../../ui/workload/explain.cpp" line="145" />
        <source>; this trace has %1 (achieved %2 req/s).</source>
        <translation>；本轨迹有 %1 个（实际 %2 req/s）。</translation>
    </message>
    <message>
        <location filename="../../ui/workload/explain.cpp" line="148" />
        <source>Duration T</source>
        <translation>时长 T</translation>
    </message>
    <message>
        <location filename="../../ui/workload/explain.cpp" line="148" />
        <source>Length of the trace in seconds.</source>
        <translation>轨迹长度（秒）。</translation>
    </message>
    <message>
        <location filename="../../ui/workload/explain.cpp" line="152" />
        <source>≈ %1 requests expected.</source>
        <translation>期望约 %1 个请求。</translation>
    </message>
    <message>
        <location filename="../../ui/workload/explain.cpp" line="154" />
        <source>Seed</source>
        <translation>随机种子</translation>
    </message>
    <message>
        <location filename="../../ui/workload/explain.cpp" line="155" />
        <source>Makes the trace reproducible: the same spec and seed give the same trace on every platform; change it to see another sample of the same model (sampling noise).</source>
        <translation>使轨迹可复现：相同的规格和种子在任何平台上都生成相同的轨迹；更改种子可查看同一模型的另一个样本（抽样噪声）。</translation>
    </message>
    <message>
        <location filename="../../ui/workload/explain.cpp" line="157" />
        <source>seed = %1.</source>
        <translation>种子 = %1。</translation>
    </message>
    <message>
        <location filename="../../ui/workload/explain.cpp" line="159" />
        <source>Generator</source>
        <translation>生成器</translation>
    </message>
    <message>
        <location filename="../../ui/workload/explain.cpp" line="150" />
        <source>S-LoRA trace.py: exactly int(R·T) requests, nothing is cut at T.</source>
        <translation>S-LoRA trace.py：恰好 int(R·T) 个请求，不在 T 处截断。</translation>
    </message>
    <message>
        <location filename="../../ui/workload/explain.cpp" line="151" />
        <source>per adapter: arrivals after T are cut.</source>
        <translation>按适配器：T 之后的到达被截断。</translation>
    </message>
    <message>
        <location filename="../../ui/workload/explain.cpp" line="160" />
        <source>&lt;b&gt;per adapter&lt;/b&gt; (the S-LoRA paper's model): adapter i has its own rate λᵢ and its own Gamma renewal process, started in equilibrium; the trace is their merge. &lt;b&gt;S-LoRA trace.py&lt;/b&gt;: S-LoRA's benchmarks/trace.py, number for number (NumPy RandomState): one Gamma process at rate R and each request picks its adapter.</source>
        <translation>&lt;b&gt;按适配器&lt;/b&gt;（S-LoRA 论文的模型）：适配器 i 有自己的速率 λᵢ 和自己的 Gamma 更新过程，从平稳状态开始；轨迹是它们的合并。&lt;b&gt;S-LoRA trace.py&lt;/b&gt;：与 S-LoRA 的 benchmarks/trace.py 逐数一致（NumPy RandomState）：一个速率为 R 的 Gamma 过程，每个请求各自选择适配器。</translation>
    </message>
    <message>
        <location filename="../../ui/workload/explain.cpp" line="164" />
        <source>S-LoRA trace.py: adapter = ⌊power(α)·n⌋, gaps Gamma(1/cv², cv²/R); per adapter: gaps of adapter i Gamma(1/cv², cv²/λᵢ).</source>
        <translation>S-LoRA trace.py：适配器编号 = ⌊power(α)·n⌋，间隔服从 Gamma(1/cv², cv²/R)；按适配器：适配器 i 的间隔服从 Gamma(1/cv², cv²/λᵢ)。</translation>
    </message>
    <message>
        <location filename="../../ui/workload/explain.cpp" line="166" />
        <source>Note: with the per-adapter generator, each adapter's stream has cv = %1, but the merged stream of many adapters looks more like Poisson (cv → 1)%2.</source>
        <translation>注意：使用“按适配器”生成器时，每个适配器的请求流 cv = %1，但多个适配器合并后的流更接近泊松过程（cv → 1）%2。</translation>
    </message>
    <message>
        <location filename="../../ui/workload/explain.cpp" line="168" />
        <source>; this trace's overall gap cv is %1</source>
        <translation>；本轨迹整体间隔 cv 为 %1</translation>
    </message>
    <message>
        <location filename="../../ui/workload/explain.cpp" line="170" />
        <source>Preset</source>
        <translation>预设</translation>
    </message>
    <message>
        <location filename="../../ui/workload/explain.cpp" line="171" />
        <source>S1–S6 and Real are the S-LoRA paper's model settings (base model, adapter names and ranks). The named scenarios are the paper's benchmark suites and also set n, α, R, cv and T.</source>
        <translation>S1–S6 和 Real 是 S-LoRA 论文中的模型设置（基础模型、适配器名称和秩）。命名场景是论文中的基准测试套件，同时还会设置 n、α、R、cv 和 T。</translation>
    </message>
    <message>
        <location filename="../../ui/workload/explain.cpp" line="174" />
        <source>preset %1, base model %2.</source>
        <translation>预设 %1，基础模型 %2。</translation>
    </message>
    <message>
        <location filename="../../ui/workload/explain.cpp" line="180" />
        <source>pᵢ = ((i+1)/n)^α − (i/n)^α. α = 1: uniform; α &amp;lt; 1: the first adapters are hot (α = 0.1: a few adapters get most requests); α &amp;gt; 1: the last ones are.</source>
        <translation>pᵢ = ((i+1)/n)^α − (i/n)^α。α = 1：均匀；α &amp;lt; 1：靠前的适配器更热门（α = 0.1：少数适配器获得大部分请求）；α &amp;gt; 1：靠后的适配器更热门。</translation>
    </message>
    <message>
        <location filename="../../ui/workload/explain.cpp" line="184" />
        <source>pᵢ = (i+1)^−s / Σⱼ (j+1)^−s.</source>
        <translation>pᵢ = (i+1)^−s / Σⱼ (j+1)^−s。</translation>
    </message>
    <message>
        <location filename="../../ui/workload/explain.cpp" line="187" />
        <source>pᵢ = 1/n.</source>
        <translation>pᵢ = 1/n。</translation>
    </message>
    <message>
        <location filename="../../ui/workload/explain.cpp" line="190" />
        <source>pᵢ = wᵢ / Σw.</source>
        <translation>pᵢ = wᵢ / Σw。</translation>
    </message>
    <message>
        <location filename="../../ui/workload/explain.cpp" line="193" />
        <source>request j uses adapter j mod n (every request a different adapter, as Punica's batch benchmarks).</source>
        <translation>请求 j 使用适配器 j mod n（每个请求使用不同的适配器，同 Punica 的批处理基准测试）。</translation>
    </message>
    <message>
        <location filename="../../ui/workload/explain.cpp" line="197" />
        <source>requests spread round-robin over ⌈√k⌉ adapters (k requests).</source>
        <translation>请求以轮询方式分配到 ⌈√k⌉ 个适配器上（k 为请求数）。</translation>
    </message>
    <message>
        <location filename="../../ui/workload/explain.cpp" line="200" />
        <source>every request uses adapter 0.</source>
        <translation>所有请求都使用适配器 0。</translation>
    </message>
    <message>
        <location filename="../../ui/workload/explain.cpp" line="205" />
        <source> Fitted α of this trace: %1 ± %2.</source>
        <translation> 本轨迹拟合的 α：%1 ± %2。</translation>
    </message>
    <message>
        <location filename="../../ui/workload/explain.cpp" line="206" />
        <location filename="../../ui/workload/workloadcharts.cpp" line="75" />
        <source>Adapter popularity</source>
        <translation>适配器热度</translation>
    </message>
    <message>
        <location filename="../../ui/workload/explain.cpp" line="207" />
        <source>How the total rate R is shared among the adapters. Skew decides how many adapters are active at once, and so how much adapter memory and loading the server needs.</source>
        <translation>总速率 R 如何分配给各个适配器。偏斜决定同时活跃的适配器数量，从而决定服务器需要多少适配器内存和加载。</translation>
    </message>
    <message>
        <location filename="../../ui/workload/explain.cpp" line="212" />
        <source>How requests arrive over time. Gaps are Gamma distributed with coefficient of variation cv = std/mean: cv = 0.1 → gaps nearly equal; cv = 1 → Poisson; cv ≥ 2 → bursts of tiny gaps separated by long silences. Gamma arrivals describe real traffic better than Poisson.</source>
        <translation>请求如何随时间到达。到达间隔服从 Gamma 分布，变异系数 cv = std/mean：cv = 0.1 → 间隔几乎相等；cv = 1 → 泊松；cv ≥ 2 → 成串的极短间隔，其间隔着长时间的静默。Gamma 到达比泊松更贴近真实流量。</translation>
    </message>
    <message>
        <location filename="../../ui/workload/explain.cpp" line="216" />
        <source>gap ~ Gamma(k = 1/cv², θ = cv²/λ): mean 1/λ, std cv/λ.</source>
        <translation>gap ~ Gamma(k = 1/cv², θ = cv²/λ)：均值 1/λ，标准差 cv/λ。</translation>
    </message>
    <message>
        <location filename="../../ui/workload/explain.cpp" line="220" />
        <source>cv = %1 → k = %2, θ = %3 s for the whole stream at R</source>
        <translation>速率为 R 的整个请求流：cv = %1 → k = %2，θ = %3 s</translation>
    </message>
    <message>
        <location filename="../../ui/workload/explain.cpp" line="225" />
        <source>; the model puts %1 of gaps below a tenth of the mean gap and %2 above three times it</source>
        <translation>；按模型，%1 的间隔小于平均间隔的十分之一，%2 的间隔大于平均间隔的三倍</translation>
    </message>
    <message>
        <location filename="../../ui/workload/explain.cpp" line="228" />
        <source>; this trace: gap cv %1</source>
        <translation>；本轨迹：间隔 cv %1</translation>
    </message>
    <message>
        <location filename="../../ui/workload/explain.cpp" line="233" />
        <source>on %1 of the time at %2 req/s, off at %3 req/s: long-run rate %4 req/s.</source>
        <translation>%1 的时间处于开启状态（%2 req/s），关闭时为 %3 req/s：长期平均速率 %4 req/s。</translation>
    </message>
    <message>
        <location filename="../../ui/workload/explain.cpp" line="236" />
        <source>every adapter's requests come exactly 1/λᵢ apart.</source>
        <translation>每个适配器的请求严格以 1/λᵢ 为间隔到达。</translation>
    </message>
    <message>
        <location filename="../../ui/workload/explain.cpp" line="238" />
        <source>the rate follows the schedule; see the timeline chart.</source>
        <translation>速率按速率计划变化；见时间线图。</translation>
    </message>
    <message>
        <location filename="../../ui/workload/explain.cpp" line="240" />
        <source>Arrivals</source>
        <translation>到达过程</translation>
    </message>
    <message>
        <location filename="../../ui/workload/explain.cpp" line="247" />
        <source>Prompt tokens per request. Long prompts fill S-LoRA's batch_max_tokens (Σ input of a new batch) and the KV cache; a request whose input is close to batch_max_tokens makes short requests behind it wait.</source>
        <translation>每个请求的提示词令牌数。长提示词会占满 S-LoRA 的 batch_max_tokens（新批次的 Σ 输入）和 KV 缓存；输入接近 batch_max_tokens 的请求会让排在它后面的短请求等待。</translation>
    </message>
    <message>
        <location filename="../../ui/workload/explain.cpp" line="250" />
        <source>Generated tokens per request (max_new_tokens with ignore_eos). Long outputs keep a request in the running batch and its KV slots reserved for longer.</source>
        <translation>每个请求生成的令牌数（max_new_tokens，配合 ignore_eos）。输出越长，请求在运行批次中停留越久，其 KV 槽位也预留得越久。</translation>
    </message>
    <message>
        <location filename="../../ui/workload/explain.cpp" line="255" />
        <source>uniform integers in [lo, hi) (S-LoRA's randint: hi exclusive), mean (lo + hi − 1)/2.</source>
        <translation>[lo, hi) 上的均匀整数（S-LoRA 的 randint：不含 hi），均值 (lo + hi − 1)/2。</translation>
    </message>
    <message>
        <location filename="../../ui/workload/explain.cpp" line="258" />
        <source>P(x) ∝ x^−β on [lo, hi): a long tail; larger β = more short requests.</source>
        <translation>P(x) ∝ x^−β，定义在 [lo, hi) 上：长尾分布；β 越大，短请求越多。</translation>
    </message>
    <message>
        <location filename="../../ui/workload/explain.cpp" line="261" />
        <source>ln x ~ Normal(μ, σ), rounded and truncated to [lo, hi); median ≈ e^μ.</source>
        <translation>ln x ~ Normal(μ, σ)，取整并截断到 [lo, hi)；中位数 ≈ e^μ。</translation>
    </message>
    <message>
        <location filename="../../ui/workload/explain.cpp" line="264" />
        <source>Normal(mean, std) rounded and truncated to [lo, hi).</source>
        <translation>Normal(mean, std)，取整并截断到 [lo, hi)。</translation>
    </message>
    <message>
        <location filename="../../ui/workload/explain.cpp" line="267" />
        <source>always the same value.</source>
        <translation>始终为同一个值。</translation>
    </message>
    <message>
        <location filename="../../ui/workload/explain.cpp" line="270" />
        <source>the histogram of an imported trace.</source>
        <translation>导入轨迹的直方图。</translation>
    </message>
    <message>
        <location filename="../../ui/workload/explain.cpp" line="275" />
        <source> Requests over the server's per-request limits: %1 (input &amp;gt; %2: %3, input + output &amp;gt; %4: %5).</source>
        <translation> 超出服务器单请求限制的请求：%1 个（输入 &amp;gt; %2：%3，输入 + 输出 &amp;gt; %4：%5）。</translation>
    </message>
    <message>
        <location filename="../../ui/workload/explain.cpp" line="282" />
        <source>Input length</source>
        <translation>输入长度</translation>
    </message>
    <message>
        <location filename="../../ui/workload/explain.cpp" line="282" />
        <source>Output length</source>
        <translation>输出长度</translation>
    </message>
    <message>
        <location filename="../../ui/workload/explain.cpp" line="286" />
        <source>Workload designer</source>
        <translation>工作负载设计器</translation>
    </message>
    <message>
        <location filename="../../ui/workload/explain.cpp" line="287" />
        <source>Move the focus to a parameter (or hover it) to see what it means, its formula and its effect right now.</source>
        <translation>将焦点移到某个参数上（或悬停），即可查看它的含义、公式以及当前的效果。</translation>
    </message>
    <message>
        <location filename="../../ui/workload/workloadcharts.cpp" line="77" />
        <location filename="../../ui/workload/workloadcharts.cpp" line="199" />
        <source>requests</source>
        <translation>请求数</translation>
    </message>
    <message>
        <location filename="../../ui/workload/workloadcharts.cpp" line="76" />
        <source>adapter rank</source>
        <translation>适配器排名</translation>
    </message>
    <message>
        <location filename="../../ui/workload/workloadcharts.cpp" line="88" />
        <source>adapter rank (by count)</source>
        <translation>适配器排名（按计数）</translation>
    </message>
    <message>
        <location filename="../../ui/workload/sessioncharts.cpp" line="51" />
        <location filename="../../ui/workload/sessioncharts.cpp" line="80" />
        <location filename="../../ui/workload/workloadcharts.cpp" line="92" />
        <location filename="../../ui/workload/workloadcharts.cpp" line="150" />
        <location filename="../../ui/workload/workloadcharts.cpp" line="200" />
        <location filename="../../ui/workload/workloadcharts.cpp" line="222" />
        <source>observed</source>
        <translation>观测值</translation>
    </message>
    <message>
        <location filename="../../ui/workload/workloadcharts.cpp" line="103" />
        <source>expected (model)</source>
        <translation>期望值（模型）</translation>
    </message>
    <message>
        <location filename="../../ui/workload/workloadcharts.cpp" line="133" />
        <source>Requests per adapter, adapters ordered by their expected share; the line is the model's expectation.</source>
        <translation>每个适配器的请求数，适配器按期望份额排序；曲线为模型期望值。</translation>
    </message>
    <message>
        <location filename="../../ui/workload/workloadcharts.cpp" line="135" />
        <source>Hottest: %1</source>
        <translation>最热门：%1</translation>
    </message>
    <message>
        <location filename="../../ui/workload/workloadcharts.cpp" line="138" />
        <source>The labels leave out the part every adapter's name starts with: %1</source>
        <translation>标签省略了所有适配器名称共有的开头：%1</translation>
    </message>
    <message>
        <location filename="../../ui/workload/workloadcharts.cpp" line="145" />
        <source>Inter-arrival gaps</source>
        <translation>到达间隔</translation>
    </message>
    <message>
        <location filename="../../ui/workload/workloadcharts.cpp" line="146" />
        <source>gap (s, log scale)</source>
        <translation>间隔（s，对数刻度）</translation>
    </message>
    <message>
        <location filename="../../ui/workload/workloadcharts.cpp" line="147" />
        <source>gaps</source>
        <translation>间隔数</translation>
    </message>
    <message>
        <location filename="../../ui/workload/workloadcharts.cpp" line="165" />
        <source>out of range</source>
        <translation>范围之外</translation>
    </message>
    <message>
        <location filename="../../ui/workload/workloadcharts.cpp" line="194" />
        <source>Input length (mean %1, p99 %2)</source>
        <translation>输入长度（均值 %1，p99 %2）</translation>
    </message>
    <message>
        <location filename="../../ui/workload/workloadcharts.cpp" line="195" />
        <source>Output length (mean %1, p99 %2)</source>
        <translation>输出长度（均值 %1，p99 %2）</translation>
    </message>
    <message>
        <location filename="../../ui/workload/sessioncharts.cpp" line="73" />
        <location filename="../../ui/workload/workloadcharts.cpp" line="198" />
        <source>tokens</source>
        <translation>令牌</translation>
    </message>
    <message>
        <location filename="../../ui/workload/sessioncharts.cpp" line="91" />
        <location filename="../../ui/workload/workloadcharts.cpp" line="152" />
        <location filename="../../ui/workload/workloadcharts.cpp" line="203" />
        <source>model</source>
        <translation>模型</translation>
    </message>
    <message>
        <location filename="../../ui/workload/workloadcharts.cpp" line="154" />
        <source>Time between consecutive arrivals (all adapters), log-spaced bins over the bulk of the gaps (0.5 %–99.5 % quantiles).</source>
        <translation>相邻两次到达之间的时间（全部适配器），对数间距的分箱覆盖间隔的主体部分（0.5%–99.5% 分位数）。</translation>
    </message>
    <message>
        <location filename="../../ui/workload/workloadcharts.cpp" line="157" />
        <source>Model: %1.</source>
        <translation>模型：%1。</translation>
    </message>
    <message>
        <location filename="../../ui/workload/workloadcharts.cpp" line="183" />
        <source>&lt; %1: %2</source>
        <translation>&lt; %1：%2</translation>
    </message>
    <message>
        <location filename="../../ui/workload/workloadcharts.cpp" line="186" />
        <source>&gt; %1: %2</source>
        <translation>&gt; %1：%2</translation>
    </message>
    <message>
        <location filename="../../ui/workload/workloadcharts.cpp" line="196" />
        <source>Prompt tokens per request; the line is the model's expectation per bin.</source>
        <translation>每个请求的提示词令牌数；曲线为模型在每个分箱上的期望值。</translation>
    </message>
    <message>
        <location filename="../../ui/workload/workloadcharts.cpp" line="197" />
        <source>Generated tokens per request; the line is the model's expectation per bin.</source>
        <translation>每个请求生成的令牌数；曲线为模型在每个分箱上的期望值。</translation>
    </message>
    <message>
        <location filename="../../ui/workload/workloadcharts.cpp" line="211" />
        <source>Request rate over time</source>
        <translation>请求速率随时间变化</translation>
    </message>
    <message>
        <location filename="../../ui/workload/workloadcharts.cpp" line="212" />
        <source>time (s)</source>
        <translation>时间 (s)</translation>
    </message>
    <message>
        <location filename="../../ui/workload/workloadcharts.cpp" line="213" />
        <source>req/s</source>
        <translation>req/s</translation>
    </message>
    <message>
        <location filename="../../ui/workload/workloadcharts.cpp" line="214" />
        <source>Arrivals per second over time (all adapters); the dashed line is the rate R you set, the red line what the model expects.</source>
        <translation>每秒到达数随时间的变化（全部适配器）；虚线是你设置的速率 R，红线是模型的期望值。</translation>
    </message>
    <message>
        <location filename="../../ui/workload/workloadcharts.cpp" line="229" />
        <source>model rate</source>
        <translation>模型速率</translation>
    </message>
    <message>
        <location filename="../../ui/workload/workloadcharts.cpp" line="233" />
        <source>R = %1</source>
        <translation>R = %1</translation>
    </message>
    <message>
        <location filename="../../ui/workload/explain.cpp" line="51" />
        <source>%1 sessions, %2 turns each on average (at most %3); mean think time %4 s. </source>
        <translation>%1 个会话，平均每个 %2 轮（最多 %3 轮）；平均思考时间 %4 s。</translation>
    </message>
    <message>
        <location filename="../../ui/workload/explain.cpp" line="55" />
        <source>n/a</source>
        <translation>无</translation>
    </message>
    <message>
        <location filename="../../ui/workload/explain.cpp" line="57" />
        <source>A perfect prefix cache could reuse %1 of the %2 prompt tokens (the workload declares %3 shared)</source>
        <translation>理想的前缀缓存可复用 %2 个提示词令牌中的 %1（工作负载声明共享 %3）</translation>
    </message>
    <message>
        <location filename="../../ui/workload/explain.cpp" line="62" />
        <source>; the design's long-run share is %1</source>
        <translation>；设计的长期份额为 %1</translation>
    </message>
    <message>
        <location filename="../../ui/workload/explain.cpp" line="65" />
        <source>Nothing is shared: every request's prompt is its own.</source>
        <translation>没有任何共享：每个请求的提示词都是它自己的。</translation>
    </message>
    <message>
        <location filename="../../ui/workload/explain.cpp" line="69" />
        <source>Shared prefixes</source>
        <translation>共享前缀</translation>
    </message>
    <message>
        <location filename="../../ui/workload/explain.cpp" line="70" />
        <source>Prompt prefixes that requests share: each adapter's system prompt, and prefix groups (documents every adapter's users read). A server with a prefix cache (vLLM's automatic prefix caching, SGLang's radix cache) computes a shared prefix once per adapter and reuses it; S-LoRA has no such cache. Replay sends exactly these shared words and nothing else in common.</source>
        <translation>请求之间共享的提示词前缀：每个适配器的系统提示词，以及前缀组（每个适配器的用户都会读的文档）。带前缀缓存的服务器（vLLM 的自动前缀缓存、SGLang 的基数树缓存）对每个适配器只计算一次共享前缀并复用；S-LoRA 没有这种缓存。重放只发送这些共享的词，除此之外没有任何共同内容。</translation>
    </message>
    <message>
        <location filename="../../ui/workload/explain.cpp" line="77" />
        <source>reusable share ≈ P / (P + m) without sessions, P = system prompt + Σ wᵍ·tokensᵍ / Σ wᵍ, m = mean new message</source>
        <translation>无会话时可复用份额 ≈ P / (P + m)，P = 系统提示词 + Σ wᵍ·tokensᵍ / Σ wᵍ，m = 新消息的平均长度</translation>
    </message>
    <message>
        <location filename="../../ui/workload/explain.cpp" line="80" />
        <source>Multi-turn sessions</source>
        <translation>多轮会话</translation>
    </message>
    <message>
        <location filename="../../ui/workload/explain.cpp" line="81" />
        <source>Conversations or agent tasks: a session starts by the arrival process on its adapter and stays there; each turn sends the whole history (earlier prompts and answers) plus a new message. In replay a turn is sent its think time after the previous answer ended (closed loop within a session, open loop across sessions); the trace's time for it is the design (previous send + first token + output × per token + think time).</source>
        <translation>对话或智能体任务：会话按到达过程在其适配器上开始并一直留在该适配器上；每一轮发送完整历史（之前的提示词和回答）加一条新消息。重放时，一轮在上一轮回答结束后再过其思考时间才发送（会话内闭环，会话之间开环）；轨迹中记录的时间是设计值（上一次发送 + 首令牌 + 输出 × 每令牌时间 + 思考时间）。</translation>
    </message>
    <message>
        <location filename="../../ui/workload/explain.cpp" line="88" />
        <source>input_k = P + (k − 1)(m + o) + m; sessions start at R / E[T] per second; reusable share = (E[T]·P + (m + o)·E[T(T − 1)]/2) / (E[T]·(P + m) + (m + o)·E[T(T − 1)]/2)</source>
        <translation>input_k = P + (k − 1)(m + o) + m；会话以每秒 R / E[T] 个开始；可复用份额 = (E[T]·P + (m + o)·E[T(T − 1)]/2) / (E[T]·(P + m) + (m + o)·E[T(T − 1)]/2)</translation>
    </message>
    <message>
        <location filename="../../ui/workload/sessioncharts.cpp" line="35" />
        <source>Turns per session (mean %1)</source>
        <translation>每个会话的轮数（均值 %1）</translation>
    </message>
    <message>
        <location filename="../../ui/workload/sessioncharts.cpp" line="36" />
        <source>Turns per session</source>
        <translation>每个会话的轮数</translation>
    </message>
    <message>
        <location filename="../../ui/workload/sessioncharts.cpp" line="37" />
        <source>turns</source>
        <translation>轮数</translation>
    </message>
    <message>
        <location filename="../../ui/workload/sessioncharts.cpp" line="38" />
        <source>sessions</source>
        <translation>会话数</translation>
    </message>
    <message>
        <location filename="../../ui/workload/sessioncharts.cpp" line="41" />
        <source>No sessions in this workload: every request stands alone. Turn on multi-turn sessions in the parameter panel.</source>
        <translation>此工作负载没有会话：每个请求都是独立的。请在参数面板中开启多轮会话。</translation>
    </message>
    <message>
        <location filename="../../ui/workload/sessioncharts.cpp" line="55" />
        <source>turns distribution</source>
        <translation>轮数分布</translation>
    </message>
    <message>
        <location filename="../../ui/workload/sessioncharts.cpp" line="61" />
        <source>Sessions by their number of turns; the line is the turns distribution you set. Sessions near the end of the trace, or that reach the context limit, end early (the bars fall short of the line there).</source>
        <translation>按轮数统计的会话；折线是你设置的轮数分布。接近轨迹末尾或达到上下文上限的会话会提前结束（那里的柱形低于折线）。</translation>
    </message>
    <message>
        <location filename="../../ui/workload/sessioncharts.cpp" line="71" />
        <source>Context growth</source>
        <translation>上下文增长</translation>
    </message>
    <message>
        <location filename="../../ui/workload/sessioncharts.cpp" line="72" />
        <source>turn</source>
        <translation>轮次</translation>
    </message>
    <message>
        <location filename="../../ui/workload/sessioncharts.cpp" line="76" />
        <source>No sessions in this workload: a prompt is only its prefix and its own message.</source>
        <translation>此工作负载没有会话：提示词只包含其前缀和它自己的消息。</translation>
    </message>
    <message>
        <location filename="../../ui/workload/sessioncharts.cpp" line="97" />
        <source>Mean prompt tokens of the k-th turns: each turn holds the whole history. Line: P + (k − 1)(m + o) + m, with P the prefix (system prompt and prefix group), m the mean new message and o the mean answer. Turns that reach the context limit are not sent, so late turns can fall below the line.</source>
        <translation>第 k 轮的平均提示词令牌数：每一轮都包含完整历史。折线：P + (k − 1)(m + o) + m，其中 P 为前缀（系统提示词和前缀组），m 为新消息的平均长度，o 为回答的平均长度。达到上下文上限的轮次不会发送，因此靠后的轮次可能低于折线。</translation>
    </message>
    <message>
        <location filename="../../ui/workload/sessioncharts.cpp" line="108" />
        <source>adapter (by prompt tokens)</source>
        <translation>适配器（按提示词令牌数）</translation>
    </message>
    <message>
        <location filename="../../ui/workload/sessioncharts.cpp" line="109" />
        <source>share</source>
        <translation>份额</translation>
    </message>
    <message>
        <location filename="../../ui/workload/sessioncharts.cpp" line="113" />
        <source>Prefix reuse</source>
        <translation>前缀复用</translation>
    </message>
    <message>
        <location filename="../../ui/workload/sessioncharts.cpp" line="114" />
        <source>Nothing in this workload is shared: a perfect prefix cache could reuse none of its prompt tokens. Add a system prompt, prefix groups or sessions in the parameter panel.</source>
        <translation>此工作负载中没有任何共享：理想的前缀缓存也无法复用其任何提示词令牌。请在参数面板中添加系统提示词、前缀组或会话。</translation>
    </message>
    <message>
        <location filename="../../ui/workload/sessioncharts.cpp" line="120" />
        <source>Prefix reuse %1 (design %2)</source>
        <translation>前缀复用 %1（设计值 %2）</translation>
    </message>
    <message>
        <location filename="../../ui/workload/sessioncharts.cpp" line="121" />
        <source>Prefix reuse %1</source>
        <translation>前缀复用 %1</translation>
    </message>
    <message>
        <location filename="../../ui/workload/sessioncharts.cpp" line="132" />
        <source>declared</source>
        <translation>声明共享</translation>
    </message>
    <message>
        <location filename="../../ui/workload/sessioncharts.cpp" line="136" />
        <source>design</source>
        <translation>设计值</translation>
    </message>
    <message>
        <location filename="../../ui/workload/sessioncharts.cpp" line="150" />
        <source>reusable</source>
        <translation>可复用</translation>
    </message>
    <message>
        <location filename="../../ui/workload/sessioncharts.cpp" line="154" />
        <source>Per adapter: the share of its prompt tokens a perfect prefix cache (unbounded, per adapter, as vLLM and SGLang key a LoRA's KV cache) could serve from earlier requests: a system prompt seen before, a shared document, a session's history. Grey: what the workload declares shared (never below the bar: the first use of a prefix is a miss). Red: the design's long-run share, (E[T]·P + (m + o)·E[T(T − 1)]/2) / (E[T]·(P + m) + (m + o)·E[T(T − 1)]/2).</source>
        <translation>每个适配器：理想前缀缓存（容量无限，按适配器划分，正如 vLLM 和 SGLang 按 LoRA 组织 KV 缓存）可以从之前的请求中提供的提示词令牌份额：之前见过的系统提示词、共享文档、会话历史。灰色：工作负载声明共享的部分（从不低于柱形：前缀的第一次使用是未命中）。红色：设计的长期份额，(E[T]·P + (m + o)·E[T(T − 1)]/2) / (E[T]·(P + m) + (m + o)·E[T(T − 1)]/2)。</translation>
    </message>
</context>
<context>
    <name>lorascope::AdmissionTab</name>
    <message>
        <location filename="../../ui/admission/admissiontab.cpp" line="107" />
        <source>Request Gantt</source>
        <translation>请求甘特图</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissiontab.cpp" line="110" />
        <source>Step through</source>
        <translation>逐步执行</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissionsettings.cpp" line="221" />
        <source>KV cache slots</source>
        <translation>KV 缓存槽位</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissiontab.cpp" line="531" />
        <source>slots</source>
        <translation>槽位</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissionsettings.cpp" line="228" />
        <source>Prefill batch limit</source>
        <translation>预填充批次上限</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissionsettings.cpp" line="230" />
        <source>Max input tokens of a newly admitted (prefill) batch. 0 = S-LoRA's default max(max_total_token_num / 6, max_req_total_len).</source>
        <translation>新准入（预填充）批次的最大输入令牌数。0 = S-LoRA 的默认值 max(max_total_token_num / 6, max_req_total_len)。</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissionsettings.cpp" line="216" />
        <source>0 = default</source>
        <translation>0 = 默认值</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissionsettings.cpp" line="235" />
        <location filename="../../ui/admission/admissionsettings.cpp" line="350" />
        <source>Max running requests</source>
        <translation>最多运行中请求数</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissiontab.cpp" line="516" />
        <location filename="../../ui/admission/admissiontab.cpp" line="589" />
        <source>requests</source>
        <translation>请求数</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissionsettings.cpp" line="237" />
        <location filename="../../ui/admission/admissionsettings.cpp" line="271" />
        <source>Max request length</source>
        <translation>请求最大长度</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissiontab.cpp" line="106" />
        <source>Requests: why each waited</source>
        <translation>请求：各自为何等待</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissionsettings.cpp" line="227" />
        <source>slots</source>
        <comment>unit after a number</comment>
        <translation>个槽位</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissionsettings.cpp" line="213" />
        <source>tokens</source>
        <comment>unit after a number</comment>
        <translation>令牌</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissionsettings.cpp" line="214" />
        <source>requests</source>
        <comment>unit after a number</comment>
        <translation>请求数</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissionsettings.cpp" line="243" />
        <source>Max input length</source>
        <translation>最大输入长度</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissionsettings.cpp" line="142" />
        <source>S-LoRA (first come, first served)</source>
        <translation>S-LoRA（先到先服务）</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissionsettings.cpp" line="140" />
        <source>Server</source>
        <translation>服务器</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissionsettings.cpp" line="142" />
        <source>S-LoRA with abort</source>
        <translation>S-LoRA 带中止</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissionsettings.cpp" line="248" />
        <source>Steps between checks</source>
        <translation>检查间隔步数</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissionsettings.cpp" line="249" />
        <source>While a batch runs, S-LoRA looks at the queue after every this many decode steps (default 10).</source>
        <translation>批次运行期间，S-LoRA 每隔这么多个解码步检查一次队列（默认 10）。</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissionsettings.cpp" line="250" />
        <source>steps</source>
        <comment>unit after a number</comment>
        <translation>步</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissionsettings.cpp" line="167" />
        <source>Step clock: exact, deterministic teaching (trace times read as ticks). Cost model: seconds from the prefill/decode costs of the chosen GPU and model.</source>
        <translation>步进时钟：精确、确定，适合教学（轨迹时间按刻度读取）。代价模型：按所选 GPU 和模型的预填充/解码开销计算秒数。</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissionsettings.cpp" line="173" />
        <source>Named cost-model presets: seconds per prefill and decode step of a base model on a GPU (see docs/admission.md for their sources).</source>
        <translation>命名的代价模型预设：基础模型在某款 GPU 上每个预填充步和解码步的秒数（来源见 docs/admission.md）。</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissionsettings.cpp" line="184" />
        <source>Load cost model %1</source>
        <translation>加载代价模型 %1</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissionsettings.cpp" line="260" />
        <source>Max sequences</source>
        <translation>最大序列数</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissionsettings.cpp" line="265" />
        <source>Max tokens per step</source>
        <translation>每步最大令牌数</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissiontab.cpp" line="335" />
        <location filename="../../ui/admission/admissiontab.cpp" line="612" />
        <source>req/step</source>
        <translation>请求/步</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissiontab.cpp" line="335" />
        <location filename="../../ui/admission/admissiontab.cpp" line="612" />
        <source>req/s</source>
        <translation>req/s</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissiontab.cpp" line="337" />
        <source>&lt;b&gt;Arrivals exceed capacity&lt;/b&gt;: requests arrive at %1, but the server took in only %2 while they arrived, so the queue grew by %3: %4 requests were still waiting when the last one arrived, and the wait grew from %5 to %6 (mean, first and last fifth of the trace).</source>
        <translation>&lt;b&gt;到达超出容量&lt;/b&gt;：请求以 %1 到达，但在此期间服务器只接纳了 %2，因此队列以 %3 增长：最后一个请求到达时仍有 %4 个请求在等待，等待时间从 %5 增长到 %6（均值，轨迹的前五分之一与后五分之一）。</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissiontab.cpp" line="197" />
        <location filename="../../ui/admission/admissiontab.cpp" line="347" />
        <source>%1 %2</source>
        <comment>two sentences</comment>
        <translation>%1%2</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissiontab.cpp" line="175" />
        <location filename="../../ui/admission/admissiontab.cpp" line="326" />
        <source>Set max_lora_rank to %1</source>
        <translation>将 max_lora_rank 设为 %1</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissiontab.cpp" line="195" />
        <source>This preview is of the earlier inputs (%1 requests).</source>
        <translation>此预览基于之前的输入（%1 个请求）。</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissiontab.cpp" line="206" />
        <location filename="../../ui/admission/admissiontab.cpp" line="209" />
        <source>&lt;b&gt;Out of date&lt;/b&gt;: the inputs changed; recomputing the preview…</source>
        <translation>&lt;b&gt;已过期&lt;/b&gt;：输入已更改，正在重新计算预览…</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissiontab.cpp" line="214" />
        <source>&lt;b&gt;Out of date&lt;/b&gt;: the workload's parameters have problems (see the Workload tab), so no new trace was generated.</source>
        <translation>&lt;b&gt;已过期&lt;/b&gt;：工作负载参数有问题（见工作负载选项卡），因此未生成新轨迹。</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissiontab.cpp" line="227" />
        <source> (≈ %1)</source>
        <translation>（约 %1）</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissiontab.cpp" line="229" />
        <source>&lt;b&gt;Out of date&lt;/b&gt;: the trace has %1 requests, more than the %2 previewed automatically; preview them%3.</source>
        <translation>&lt;b&gt;已过期&lt;/b&gt;：轨迹有 %1 个请求，超过自动预览的 %2 个；请手动预览%3。</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissiontab.cpp" line="234" />
        <source>&lt;b&gt;Out of date&lt;/b&gt;: the inputs changed since this preview.</source>
        <translation>&lt;b&gt;已过期&lt;/b&gt;：此预览之后输入已更改。</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissiontab.cpp" line="323" />
        <source>The server answers them with an error on arrival, so they are in none of the waits and latencies.</source>
        <translation>服务器在它们到达时即返回错误，因此它们不计入任何等待和延迟。</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissiontab.cpp" line="349" />
        <source>Most waiting requests were held by: &lt;b&gt;%1&lt;/b&gt;.</source>
        <translation>大多数等待的请求受限于：&lt;b&gt;%1&lt;/b&gt;。</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissiontab.cpp" line="353" />
        <source>More KV cache slots, a lower rate R, shorter requests or fewer distinct adapters would help.</source>
        <translation>增加 KV 缓存槽位、降低速率 R、缩短请求或减少不同适配器的数量会有帮助。</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissiontab.cpp" line="363" />
        <source>A larger prefill batch limit (batch_max_tokens) or a lower rate R would help.</source>
        <translation>提高预填充批次上限（batch_max_tokens）或降低速率 R 会有帮助。</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissiontab.cpp" line="368" />
        <source>A larger running batch or a lower rate R would help.</source>
        <translation>增大运行批次或降低速率 R 会有帮助。</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissiontab.cpp" line="383" />
        <source>A lower rate R or a faster server (cost model) would help.</source>
        <translation>降低速率 R 或使用更快的服务器（代价模型）会有帮助。</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissiontab.cpp" line="426" />
        <source>LoRA adapter loads onto the GPU</source>
        <translation>LoRA 适配器加载到 GPU</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissiontab.cpp" line="517" />
        <source>waiting</source>
        <translation>等待中</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissiontab.cpp" line="525" />
        <source>Requests in the running batch and in the queue over time (the largest value in each time bin).</source>
        <translation>运行批次中和队列中的请求数随时间的变化（每个时间分箱中的最大值）。</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissiontab.cpp" line="529" />
        <source>KV cache: need vs capacity</source>
        <translation>KV 缓存：需求与容量</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissiontab.cpp" line="421" />
        <location filename="../../ui/admission/admissiontab.cpp" line="540" />
        <source>adapters</source>
        <translation>适配器</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissiontab.cpp" line="120" />
        <source>LoRA residency</source>
        <translation>LoRA 驻留</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissiontab.cpp" line="371" />
        <source>More LoRA slots (max_loras_per_batch), fewer distinct adapters or a lower rate R would help.</source>
        <translation>更多 LoRA 槽位（max_loras_per_batch）、更少的不同适配器或更低的速率 R 会有帮助。</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissiontab.cpp" line="376" />
        <source>A larger KV pool (max_total_tokens), a lower rate R or shorter requests would help.</source>
        <translation>更大的 KV 池（max_total_tokens）、更低的速率 R 或更短的请求会有帮助。</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissiontab.cpp" line="380" />
        <source>A larger prefill budget (max_prefill_tokens, chunked_prefill_size) or a lower rate R would help.</source>
        <translation>更大的预填充预算（max_prefill_tokens、chunked_prefill_size）或更低的速率 R 会有帮助。</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissiontab.cpp" line="419" />
        <source>LoRA adapters: GPU and CPU</source>
        <translation>LoRA 适配器：GPU 与 CPU</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissiontab.cpp" line="429" />
        <source>loads from CPU</source>
        <translation>从 CPU 加载</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissiontab.cpp" line="432" />
        <source>loads from disk</source>
        <translation>从磁盘加载</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissiontab.cpp" line="456" />
        <source>on the GPU</source>
        <translation>在 GPU 上</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissiontab.cpp" line="452" />
        <source>in CPU memory</source>
        <translation>在 CPU 内存中</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissiontab.cpp" line="440" />
        <source>GPU slots</source>
        <translation>GPU 槽位</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissiontab.cpp" line="312" />
        <source>&lt;b&gt;%1 of %2 requests refused&lt;/b&gt; (%3): the server answers them with an error on arrival, so they are in none of the waits and latencies. %4 of them: %5.</source>
        <translation>&lt;b&gt;%2 个请求中有 %1 个被拒绝&lt;/b&gt;（%3）：服务器在请求到达时即返回错误，因此它们不计入任何等待时间和延迟。其中 %4 个的原因：%5。</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissiontab.cpp" line="428" />
        <source>loads</source>
        <translation>加载次数</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissiontab.cpp" line="447" />
        <source>max_loras %1</source>
        <translation>max_loras %1</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissiontab.cpp" line="448" />
        <source>max_loras_per_batch %1</source>
        <translation>max_loras_per_batch %1</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissiontab.cpp" line="464" />
        <source>LoRA adapters over time, in time bins of %1:
on the GPU: adapters whose weights are in GPU memory (the most in the bin);
</source>
        <translation>LoRA 适配器随时间变化，时间箱宽 %1：
在 GPU 上：权重位于 GPU 显存中的适配器（箱内最大值）；
</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissiontab.cpp" line="469" />
        <source>in CPU memory: adapters in vLLM's CPU LoRA cache (max_cpu_loras = %1; least recently used leaves first);
</source>
        <translation>在 CPU 内存中：vLLM 的 CPU LoRA 缓存中的适配器（max_cpu_loras = %1；最近最少使用的先移出）；
</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissiontab.cpp" line="473" />
        <source>in CPU memory: adapters SGLang holds in host memory (max_loaded_loras = %1);
</source>
        <translation>在 CPU 内存中：SGLang 保存在主机内存中的适配器（max_loaded_loras = %1）；
</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissiontab.cpp" line="475" />
        <source>no limit</source>
        <translation>不限</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissiontab.cpp" line="477" />
        <source>S-LoRA keeps every adapter in host memory and loads a batch's adapters onto the GPU before it runs;
</source>
        <translation>S-LoRA 将所有适配器保存在主机内存中，并在批次运行前把其适配器加载到 GPU；
</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissiontab.cpp" line="479" />
        <source>loads from CPU / from disk: adapters copied onto the GPU in the bin, from CPU memory or read from disk (not in the CPU cache).</source>
        <translation>从 CPU / 磁盘加载：本箱内复制到 GPU 的适配器，来自 CPU 内存，或从磁盘读取（不在 CPU 缓存中）。</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissiontab.cpp" line="545" />
        <source>capacity</source>
        <translation>容量</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissiontab.cpp" line="554" />
        <source>capacity %1</source>
        <translation>容量 %1</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissiontab.cpp" line="561" />
        <source>KV cache slots over time (the largest value in each time bin):
need: S-LoRA's peak need of the running batch if every request runs to its end, plus the adapter weights;
used: tokens held now plus the adapter weights;
adapters: the part of used that holds resident adapter weights (rank × 4 slots each);
capacity: max_total_token_num (%1 slots).</source>
        <translation>KV 缓存槽位随时间的变化（每个时间分箱中的最大值）：
需求：若每个请求都运行到结束，运行批次按 S-LoRA 计算的峰值需求，加上适配器权重；
已用：当前占用的令牌加上适配器权重；
适配器：已用部分中存放常驻适配器权重的部分（每个 秩 × 4 个槽位）；
容量：max_total_token_num（%1 个槽位）。</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissiontab.cpp" line="571" />
        <source>KV cache tokens over time (the largest value in each time bin):
used: tokens in the KV blocks the running requests hold;
need: the same plus what they will still generate;
capacity: (num_gpu_blocks − 1) × block_size = %1 tokens (one block is vLLM's reserved null block).</source>
        <translation>KV 缓存令牌随时间变化（每个时间箱的最大值）：
已用：运行中请求所持 KV 块中的令牌；
需求：同上，加上它们还将生成的令牌；
容量：(num_gpu_blocks − 1) × block_size = %1 个令牌（其中一个块是 vLLM 保留的空块）。</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissiontab.cpp" line="578" />
        <source>KV pool tokens over time (the largest value in each time bin):
used: tokens the running requests hold in the pool;
need: the same plus what they will still generate;
capacity: max_total_tokens = %1 tokens.</source>
        <translation>KV 池令牌随时间变化（每个时间箱的最大值）：
已用：运行中请求在池中持有的令牌；
需求：同上，加上它们还将生成的令牌；
容量：max_total_tokens = %1 个令牌。</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissiontab.cpp" line="588" />
        <source>latency (%1)</source>
        <translation>延迟（%1）</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissiontab.cpp" line="605" />
        <source>How many requests waited in the queue, got their first token (TTFT) or finished (E2E) after how long, counted from arrival.</source>
        <translation>从到达算起，多少请求在队列中等待、得到首个令牌（TTFT）或完成（E2E）用了多长时间。</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissiontab.cpp" line="613" />
        <source>&lt;b&gt;%1 requests&lt;/b&gt;: %2 finished, %3 refused, %4 dropped, %5 never admitted.</source>
        <translation>&lt;b&gt;%1 个请求&lt;/b&gt;：%2 个完成，%3 个被拒绝，%4 个被丢弃，%5 个始终未被准入。</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissiontab.cpp" line="620" />
        <source>Queue wait: mean %1 · p90 %2 · p99 %3</source>
        <translation>排队等待：均值 %1 · p90 %2 · p99 %3</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissiontab.cpp" line="621" />
        <source>TTFT: mean %1 · p99 %2</source>
        <translation>TTFT：均值 %1 · p99 %2</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissiontab.cpp" line="622" />
        <source>E2E: mean %1 · p99 %2</source>
        <translation>E2E：均值 %1 · p99 %2</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissiontab.cpp" line="623" />
        <source>Throughput %1 %2</source>
        <translation>吞吐量 %1 %2</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissiontab.cpp" line="628" />
        <source>Peak KV need %1 of %2 slots · %3 forward passes (%4 prefill) · %5 adapter loads</source>
        <translation>KV 峰值需求 %1 / %2 个槽位 · %3 次前向计算（%4 次预填充）· %5 次适配器加载</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissiontab.cpp" line="636" />
        <source>Prefix cache: %1 of %2 prompt tokens found cached (%3): tokens the server does not compute again, where the workload shares them (system prompts, earlier turns of a session)</source>
        <translation>前缀缓存：%2 个提示词令牌中有 %1 个命中缓存（%3）：服务器无需再次计算的令牌，来自工作负载中共享的部分（系统提示词、会话中较早的轮次）</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissionsettings.cpp" line="141" />
        <source>Policy</source>
        <translation>策略</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissionsettings.cpp" line="142" />
        <source>SGLang</source>
        <translation>SGLang</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissionsettings.cpp" line="143" />
        <source>Which server's scheduler decides who runs: S-LoRA (its FIFO queue, exactly); S-LoRA with abort (--enable-abort: newest first, drops requests waiting ≥ 5.5 s); vLLM V1 (one token budget per step shared by decodes and prefill chunks, KV blocks with preemption, max_loras adapters per step); SGLang (a token pool with a reserve for future output, chunked prefill, retraction, max_loras_per_batch LoRA slots). Each box below holds that server's own settings under its own names.</source>
        <translation>由哪个服务器的调度器决定谁运行：S-LoRA（精确复现其 FIFO 队列）；带中止的 S-LoRA（--enable-abort：最新的优先，丢弃等待 ≥ 5.5 s 的请求）；vLLM V1（每步一个令牌预算，由解码与预填充分块共享；KV 块与抢占；每步最多 max_loras 个适配器）；SGLang（为未来输出预留的令牌池、分块预填充、撤回、max_loras_per_batch 个 LoRA 槽位）。下面每个框以该服务器自己的名称列出其设置。</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissionsettings.cpp" line="164" />
        <source>Time</source>
        <translation>时间</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissionsettings.cpp" line="165" />
        <source>Clock</source>
        <translation>时钟</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissionsettings.cpp" line="166" />
        <source>steps (1 tick per forward pass)</source>
        <translation>步进（每次前向计算计 1 个时钟刻度）</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissionsettings.cpp" line="166" />
        <source>cost model (seconds)</source>
        <translation>代价模型（秒）</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissionsettings.cpp" line="172" />
        <source>Cost model</source>
        <translation>代价模型</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissiontab.cpp" line="236" />
        <source>Run preview now</source>
        <translation>立即运行预览</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissionsettings.cpp" line="215" />
        <source>adapters</source>
        <comment>unit after a number</comment>
        <translation>适配器</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissionsettings.cpp" line="220" />
        <source>S-LoRA server</source>
        <translation>S-LoRA 服务器</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissionsettings.cpp" line="259" />
        <source>vLLM V1 server</source>
        <translation>vLLM V1 服务器</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissionsettings.cpp" line="261" />
        <source>Max running requests (scheduled in one step). 0 = vLLM's default min(256, max_num_batched_tokens).</source>
        <translation>最多运行中请求数（一步内调度的）。0 = vLLM 默认值 min(256, max_num_batched_tokens)。</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissionsettings.cpp" line="266" />
        <source>The token budget of one step, shared by decodes (1 token each) and prefill chunks. 0 = vLLM's default: 2048 with chunked prefill, else max_model_len.</source>
        <translation>一步的令牌预算，由解码（每个 1 个令牌）与预填充分块共享。0 = vLLM 默认值：启用分块预填充时为 2048，否则为 max_model_len。</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissionsettings.cpp" line="272" />
        <source>The model's context: prompt + output tokens of one request; longer requests are refused (default %1).</source>
        <translation>模型的上下文：单个请求的提示词 + 输出令牌数；更长的请求会被拒绝（默认 %1）。</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissionsettings.cpp" line="276" />
        <source>Chunked prefill</source>
        <translation>分块预填充</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissionsettings.cpp" line="277" />
        <source>On (vLLM's default): a long prompt is computed in chunks over several steps, sharing each step's token budget with the decodes. Off (--no-enable-chunked-prefill): a prompt is prefilled in one step, and vLLM refuses to start unless max_num_batched_tokens ≥ max_model_len.</source>
        <translation>开启（vLLM 默认）：长提示词分块在多步内计算，与解码共享每步的令牌预算。关闭（--no-enable-chunked-prefill）：提示词在一步内完成预填充，且除非 max_num_batched_tokens ≥ max_model_len，否则 vLLM 拒绝启动。</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissionsettings.cpp" line="282" />
        <source>Longest prefill chunk</source>
        <translation>最长预填充分块</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissionsettings.cpp" line="283" />
        <source>A prefill takes at most this many tokens in one step (0 = no limit beyond the step's budget; vLLM's default).</source>
        <translation>一次预填充在一步内最多取这么多令牌（0 = 除每步预算外不设限；vLLM 默认）。</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissionsettings.cpp" line="286" />
        <source>0 = none</source>
        <translation>0 = 无</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissionsettings.cpp" line="288" />
        <source>KV cache blocks on the GPU, one of them the reserved null block (default %1; vLLM sizes it from the GPU memory, --num-gpu-blocks-override sets it).</source>
        <translation>GPU 上的 KV 缓存块数，其中一个是保留的空块（默认 %1；vLLM 按 GPU 显存确定，--num-gpu-blocks-override 可指定）。</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissionsettings.cpp" line="293" />
        <source>Block size</source>
        <translation>块大小</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissionsettings.cpp" line="294" />
        <source>Tokens per KV block (default %1): a request holds ⌈its tokens / block_size⌉ blocks.</source>
        <translation>每个 KV 块的令牌数（默认 %1）：一个请求占用 ⌈其令牌数 / block_size⌉ 个块。</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissionsettings.cpp" line="296" />
        <source>Prefix caching</source>
        <translation>前缀缓存</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissionsettings.cpp" line="297" />
        <source>On (vLLM V1's default): full KV blocks of a prompt prefix computed before are reused instead of computed again. It hits only where the trace says which requests share a prefix.</source>
        <translation>开启（vLLM V1 默认）：之前计算过的提示词前缀的完整 KV 块被复用而不再重新计算。仅当轨迹标明哪些请求共享前缀时才会命中。</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissionsettings.cpp" line="300" />
        <location filename="../../ui/admission/admissionsettings.cpp" line="386" />
        <source>LoRA slots on the GPU</source>
        <translation>GPU 上的 LoRA 槽位</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissionsettings.cpp" line="301" />
        <source>Different adapters among the requests of one step; the GPU holds this many adapters (default %1). A request whose adapter would exceed it waits.</source>
        <translation>一步内请求中不同适配器的数量上限；GPU 容纳这么多个适配器（默认 %1）。其适配器会超出上限的请求需等待。</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissionsettings.cpp" line="306" />
        <source>Adapters in the CPU cache</source>
        <translation>CPU 缓存中的适配器</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissionsettings.cpp" line="308" />
        <source>Adapters kept in CPU memory (least recently used leaves first); an adapter not there is read from disk. 0 = vLLM's default, max_loras.</source>
        <translation>保存在 CPU 内存中的适配器数（最近最少使用的先移出）；不在其中的适配器从磁盘读取。0 = vLLM 默认值 max_loras。</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissionsettings.cpp" line="311" />
        <source>0 = max_loras</source>
        <translation>0 = max_loras</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissionsettings.cpp" line="313" />
        <source>vLLM's LoRA kernels run at this rank for every adapter; adapters of a larger rank are refused (default %1; vLLM accepts 1, 8, 16, 32, 64, 128, 256, 320 or 512).</source>
        <translation>vLLM 的 LoRA 内核对每个适配器都按此秩计算；秩更大的适配器会被拒绝（默认 %1；vLLM 接受 1、8、16、32、64、128、256、320 或 512）。</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissionsettings.cpp" line="317" />
        <location filename="../../ui/admission/admissionsettings.cpp" line="398" />
        <source>Over the LoRA limit</source>
        <translation>超出 LoRA 上限时</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissionsettings.cpp" line="318" />
        <location filename="../../ui/admission/admissionsettings.cpp" line="399" />
        <source>skip it</source>
        <translation>跳过它</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissionsettings.cpp" line="318" />
        <location filename="../../ui/admission/admissionsettings.cpp" line="399" />
        <source>stop the queue</source>
        <translation>停止扫描队列</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissionsettings.cpp" line="319" />
        <source>What vLLM does with a waiting request whose adapter would exceed max_loras: set it aside and keep scanning the queue, so later requests of adapters already in the step overtake it (vLLM since PR #15422), or stop the scan there (early V1).</source>
        <translation>当等待中请求的适配器会超出 max_loras 时 vLLM 的做法：将其暂放一旁并继续扫描队列，使本步已有适配器的后续请求超过它（vLLM 自 PR #15422 起），或在此停止扫描（早期 V1）。</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissionsettings.cpp" line="338" />
        <source>SGLang server</source>
        <translation>SGLang 服务器</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissionsettings.cpp" line="339" />
        <source>KV pool</source>
        <translation>KV 池</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissionsettings.cpp" line="340" />
        <source>KV cache tokens on the GPU. SGLang sizes the pool from the GPU memory; %1 here is the same KV capacity as vLLM's default 1,000 blocks of 16.</source>
        <translation>GPU 上的 KV 缓存令牌数。SGLang 按 GPU 显存确定池大小；此处的 %1 与 vLLM 默认的 1,000 个 16 令牌块容量相同。</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissionsettings.cpp" line="345" />
        <source>Context length</source>
        <translation>上下文长度</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissionsettings.cpp" line="346" />
        <source>The model's context: a request's prompt + output must stay below it, else it is refused (default %1).</source>
        <translation>模型的上下文：请求的提示词 + 输出必须小于它，否则被拒绝（默认 %1）。</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissionsettings.cpp" line="351" />
        <source>Requests in the running batch at most. 0 = SGLang's default, derived from the pool: min(max_total_tokens / 2, the request pool).</source>
        <translation>运行批次中最多的请求数。0 = SGLang 默认值，由池推导：min(max_total_tokens / 2, 请求池)。</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissionsettings.cpp" line="355" />
        <source>Prefill chunk</source>
        <translation>预填充分块</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissionsettings.cpp" line="357" />
        <source>The largest prefill chunk of one step; longer prompts are prefilled in chunks over several steps. −1 (or 0) turns chunked prefill off. SGLang's default depends on the GPU memory (2048 below 35 GB, 4096 below 60 GB, 8192 below 160 GB); %1 here.</source>
        <translation>一步中最大的预填充分块；更长的提示词分块在多步内预填充。−1（或 0）关闭分块预填充。SGLang 的默认值取决于 GPU 显存（35 GB 以下 2048，60 GB 以下 4096，160 GB 以下 8192）；此处为 %1。</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissionsettings.cpp" line="363" />
        <source>−1 = off</source>
        <translation>−1 = 关闭</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissionsettings.cpp" line="364" />
        <source>Max prefill tokens</source>
        <translation>最多预填充令牌</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissionsettings.cpp" line="365" />
        <source>Prompt tokens one prefill step takes in at most (default %1).</source>
        <translation>一次预填充步最多接收的提示词令牌数（默认 %1）。</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissionsettings.cpp" line="368" />
        <source>Conservativeness</source>
        <translation>保守度</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissionsettings.cpp" line="369" />
        <source>Scales the share of each running request's remaining output that SGLang reserves in the pool before it admits more (the new-token ratio, starting at 0.7 × this, at most 1). Larger: fewer admissions, fewer retractions (default %1).</source>
        <translation>缩放 SGLang 在准入更多请求前为每个运行中请求的剩余输出在池中预留的比例（新令牌比率，起始为 0.7 × 此值，最多为 1）。越大：准入越少，撤回越少（默认 %1）。</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissionsettings.cpp" line="374" />
        <source>Mixed chunk</source>
        <translation>混合分块</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissionsettings.cpp" line="375" />
        <source>On: a prefill step also decodes the running batch (one token each). Off (SGLang's default): a step either prefills or decodes.</source>
        <translation>开启：预填充步同时解码运行批次（每个一个令牌）。关闭（SGLang 默认）：一步要么预填充，要么解码。</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissionsettings.cpp" line="377" />
        <source>Radix cache off</source>
        <translation>关闭基数缓存</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissionsettings.cpp" line="378" />
        <source>Checked: no prefix cache. Unchecked (SGLang's default): prompt prefixes computed before are reused. It hits only where the trace says which requests share a prefix.</source>
        <translation>勾选：无前缀缓存。不勾选（SGLang 默认）：复用之前计算过的提示词前缀。仅当轨迹标明哪些请求共享前缀时才会命中。</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissionsettings.cpp" line="381" />
        <source>Requests ignore EOS</source>
        <translation>请求忽略 EOS</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissionsettings.cpp" line="382" />
        <source>The requests' ignore_eos (LoraScope's replay sends it; so does SGLang's bench_serving). It chooses SGLang's admission check: with it, the whole output is reserved in the pool; without it, a share of it (the new-token ratio).</source>
        <translation>请求的 ignore_eos（LoraScope 的重放会发送它，SGLang 的 bench_serving 也会）。它决定 SGLang 的准入检查：设置时在池中预留全部输出；不设置时预留其一部分（新令牌比率）。</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissionsettings.cpp" line="387" />
        <source>GPU LoRA slots: adapters one batch can use; the base model takes one while base-model requests run (default %1).</source>
        <translation>GPU LoRA 槽位：一个批次可使用的适配器数；基础模型请求运行时，基础模型占用一个槽位（默认 %1）。</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissionsettings.cpp" line="391" />
        <source>Adapters in host memory</source>
        <translation>主机内存中的适配器</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissionsettings.cpp" line="392" />
        <source>Adapters loaded in CPU memory at most; 0 = unset (SGLang's default: no limit).</source>
        <translation>CPU 内存中最多加载的适配器数；0 = 未设置（SGLang 默认：不限）。</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissionsettings.cpp" line="393" />
        <source>0 = no limit</source>
        <translation>0 = 不限</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissionsettings.cpp" line="394" />
        <source>Slot eviction</source>
        <translation>槽位驱逐</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissionsettings.cpp" line="395" />
        <source>lru</source>
        <translation>lru</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissionsettings.cpp" line="395" />
        <source>fifo</source>
        <translation>fifo</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissionsettings.cpp" line="396" />
        <source>Which adapter leaves a GPU LoRA slot when a new one needs it: lru, the least recently used (SGLang's default), or fifo, the first loaded.</source>
        <translation>新适配器需要 GPU LoRA 槽位时由哪个适配器让出：lru 为最近最少使用（SGLang 默认），fifo 为最先加载。</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissionsettings.cpp" line="400" />
        <source>What SGLang does with a waiting request whose adapter would need one slot more than max_loras_per_batch: skip it and keep scanning (since PR #14795), or stop and mark the batch full (before it; with one slot, the queue A, B, A, A, … never schedules B).</source>
        <translation>当等待中请求的适配器会比 max_loras_per_batch 多需要一个槽位时 SGLang 的做法：跳过它并继续扫描（自 PR #14795 起），或停止并将批次标记为已满（此前；只有一个槽位时，队列 A、B、A、A、… 永远不会调度 B）。</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissionsettings.cpp" line="460" />
        <location filename="../../ui/admission/admissionsettings.cpp" line="465" />
        <location filename="../../ui/admission/admissionsettings.cpp" line="468" />
        <location filename="../../ui/admission/admissionsettings.cpp" line="472" />
        <source>0 = default (%1)</source>
        <translation>0 = 默认值（%1）</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissionsettings.cpp" line="469" />
        <source>0 = max_loras (%1)</source>
        <translation>0 = max_loras（%1）</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissionsettings.cpp" line="477" />
        <source>Follows the rules of %1.</source>
        <translation>遵循 %1 的规则。</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissionsettings.cpp" line="480" />
        <source>The server would refuse to start: %1</source>
        <translation>服务器会拒绝启动：%1</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissionsettings.cpp" line="513" />
        <source>Change %1</source>
        <translation>修改 %1</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissiontab.cpp" line="514" />
        <source>Running requests and queue</source>
        <translation>运行中请求与队列</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissiontab.cpp" line="420" />
        <location filename="../../ui/admission/admissiontab.cpp" line="515" />
        <source>time (%1)</source>
        <translation>时间（%1）</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissiontab.cpp" line="517" />
        <source>running</source>
        <translation>运行中</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissiontab.cpp" line="534" />
        <source>need</source>
        <translation>需求</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissiontab.cpp" line="536" />
        <source>used</source>
        <translation>已用</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissiontab.cpp" line="587" />
        <source>Latency distributions</source>
        <translation>延迟分布</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissiontab.cpp" line="601" />
        <source>queue wait</source>
        <translation>排队等待</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissiontab.cpp" line="601" />
        <source>TTFT</source>
        <translation>TTFT</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissiontab.cpp" line="602" />
        <source>E2E</source>
        <translation>E2E</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissionsettings.cpp" line="223" />
        <source>Token slots of the KV cache on the GPU, shared with the adapter weights (rank × 4 slots per resident adapter). S-LoRA's default is %1; its own A100-80G runs of S4 use 65000.</source>
        <translation>GPU 上 KV 缓存的令牌槽位，与适配器权重共享（每个驻留适配器占 秩 × 4 个槽位）。S-LoRA 的默认值为 %1；它自己在 A100-80G 上运行 S4 时使用 65000。</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissionsettings.cpp" line="236" />
        <source>Max requests in the running batch. Default %1.</source>
        <translation>运行批次中的最大请求数。默认 %1。</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissionsettings.cpp" line="239" />
        <source>Input + output tokens of one request must not exceed it, else the request is refused (HTTP 500). Default %1.</source>
        <translation>单个请求的输入 + 输出令牌数不得超过此值，否则请求被拒绝（HTTP 500）。默认 %1。</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissionsettings.cpp" line="245" />
        <source>Input tokens of one request must not exceed it, else the request is refused. Default %1.</source>
        <translation>单个请求的输入令牌数不得超过此值，否则请求被拒绝。默认 %1。</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissionsettings.cpp" line="142" />
        <source>vLLM V1</source>
        <translation>vLLM V1</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissionsettings.cpp" line="287" />
        <source>KV cache blocks</source>
        <translation>KV 缓存块</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissionsettings.cpp" line="292" />
        <source>blocks</source>
        <comment>unit after a number</comment>
        <translation>块</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissionsettings.cpp" line="312" />
        <source>Max LoRA rank</source>
        <translation>最大 LoRA 秩</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissiontab.cpp" line="357" />
        <source>More KV cache blocks (num_gpu_blocks), a lower rate R or shorter requests would help.</source>
        <translation>增加 KV 缓存块（num_gpu_blocks）、降低速率 R 或缩短请求会有帮助。</translation>
    </message>
    <message>
        <location filename="../../ui/admission/admissiontab.cpp" line="360" />
        <source>More LoRA slots (max_loras), fewer distinct adapters or a lower rate R would help.</source>
        <translation>增加 LoRA 槽位（max_loras）、减少不同适配器的数量或降低速率 R 会有帮助。</translation>
    </message>
</context>
<context>
    <name>lorascope::ChartExportDialog</name>
    <message>
        <location filename="../../ui/charts/exportdialog.cpp" line="23" />
        <source>Export Chart</source>
        <translation>导出图表</translation>
    </message>
    <message>
        <location filename="../../ui/charts/exportdialog.cpp" line="29" />
        <source>Chart:</source>
        <translation>图表：</translation>
    </message>
    <message>
        <location filename="../../ui/charts/exportdialog.cpp" line="33" />
        <source> px</source>
        <translation> 像素</translation>
    </message>
    <message>
        <location filename="../../ui/charts/exportdialog.cpp" line="40" />
        <source>As on screen</source>
        <translation>与屏幕相同</translation>
    </message>
    <message>
        <location filename="../../ui/charts/exportdialog.cpp" line="42" />
        <source>Size:</source>
        <translation>尺寸：</translation>
    </message>
    <message>
        <location filename="../../ui/charts/exportdialog.cpp" line="43" />
        <source>1× (screen)</source>
        <translation>1×（屏幕）</translation>
    </message>
    <message>
        <location filename="../../ui/charts/exportdialog.cpp" line="44" />
        <source>2× (sharp on slides and high-DPI screens)</source>
        <translation>2×（在幻灯片和高分屏上清晰）</translation>
    </message>
    <message>
        <location filename="../../ui/charts/exportdialog.cpp" line="45" />
        <source>3× (print)</source>
        <translation>3×（打印）</translation>
    </message>
    <message>
        <location filename="../../ui/charts/exportdialog.cpp" line="48" />
        <source>PNG scale:</source>
        <translation>PNG 缩放：</translation>
    </message>
    <message>
        <location filename="../../ui/charts/exportdialog.cpp" line="50" />
        <source>The chart is laid out at this size, without scroll bars or hover hints. A PNG has size × scale pixels; an SVG is drawn at the size and scales freely.</source>
        <translation>图表按此尺寸排版，不含滚动条和悬停提示。PNG 的像素数为 尺寸 × 缩放；SVG 按此尺寸绘制，可自由缩放。</translation>
    </message>
    <message>
        <location filename="../../ui/charts/exportdialog.cpp" line="56" />
        <source>Choose File…</source>
        <translation>选择文件…</translation>
    </message>
</context>
<context>
    <name>lorascope::ChartExporter</name>
    <message>
        <location filename="../../ui/window/chartexporter.cpp" line="41" />
        <source>Export &amp;Chart…</source>
        <translation>导出图表(&amp;C)…</translation>
    </message>
    <message>
        <location filename="../../ui/window/chartexporter.cpp" line="97" />
        <source>Workload</source>
        <translation>工作负载</translation>
    </message>
    <message>
        <location filename="../../ui/window/chartexporter.cpp" line="99" />
        <source>Admission preview</source>
        <translation>准入预览</translation>
    </message>
    <message>
        <location filename="../../ui/window/chartexporter.cpp" line="101" />
        <source>A/B Compare</source>
        <translation>A/B 对比</translation>
    </message>
    <message>
        <location filename="../../ui/window/chartexporter.cpp" line="103" />
        <source>Sweep</source>
        <translation>扫描</translation>
    </message>
    <message>
        <location filename="../../ui/window/chartexporter.cpp" line="105" />
        <source>Fleet</source>
        <translation>集群</translation>
    </message>
    <message>
        <location filename="../../ui/window/chartexporter.cpp" line="110" />
        <source>Arrivals per adapter</source>
        <translation>各适配器的到达</translation>
    </message>
    <message>
        <location filename="../../ui/window/chartexporter.cpp" line="112" />
        <source>Request Gantt</source>
        <translation>请求甘特图</translation>
    </message>
    <message>
        <location filename="../../ui/window/chartexporter.cpp" line="114" />
        <source>The whole comparison</source>
        <translation>完整对比</translation>
    </message>
    <message>
        <location filename="../../ui/window/chartexporter.cpp" line="116" />
        <source>All sweep charts</source>
        <translation>全部扫描图表</translation>
    </message>
    <message>
        <location filename="../../ui/window/chartexporter.cpp" line="118" />
        <source>Adapters on the replicas' GPUs</source>
        <translation>各副本 GPU 上的适配器</translation>
    </message>
    <message>
        <location filename="../../ui/window/chartexporter.cpp" line="128" />
        <source>Unknown chart "%1".</source>
        <translation>未知图表“%1”。</translation>
    </message>
    <message>
        <location filename="../../ui/window/chartexporter.cpp" line="153" />
        <source>PNG image (*.png)</source>
        <translation>PNG 图像 (*.png)</translation>
    </message>
    <message>
        <location filename="../../ui/window/chartexporter.cpp" line="153" />
        <source>SVG image (*.svg)</source>
        <translation>SVG 图像 (*.svg)</translation>
    </message>
    <message>
        <location filename="../../ui/window/chartexporter.cpp" line="154" />
        <location filename="../../ui/window/chartexporter.cpp" line="164" />
        <location filename="../../ui/window/chartexporter.cpp" line="167" />
        <source>Export Chart</source>
        <translation>导出图表</translation>
    </message>
    <message>
        <location filename="../../ui/window/chartexporter.cpp" line="169" />
        <source>Exported %1 to %2</source>
        <translation>已将 %1 导出到 %2</translation>
    </message>
</context>
<context>
    <name>lorascope::ComparePlots</name>
    <message>
        <location filename="../../ui/compare/compareplots.cpp" line="15" />
        <source>A</source>
        <translation>A</translation>
    </message>
    <message>
        <location filename="../../ui/compare/compareplots.cpp" line="20" />
        <source>B</source>
        <translation>B</translation>
    </message>
    <message>
        <location filename="../../ui/compare/compareplots.cpp" line="41" />
        <source>steps</source>
        <translation>步</translation>
    </message>
    <message>
        <location filename="../../ui/compare/compareplots.cpp" line="42" />
        <source>s</source>
        <translation>s</translation>
    </message>
    <message>
        <location filename="../../ui/compare/compareplots.cpp" line="97" />
        <source>Adapter popularity</source>
        <translation>适配器热度</translation>
    </message>
    <message>
        <location filename="../../ui/compare/compareplots.cpp" line="98" />
        <source>adapter rank (by count)</source>
        <translation>适配器排名（按计数）</translation>
    </message>
    <message>
        <location filename="../../ui/compare/compareplots.cpp" line="99" />
        <source>share (%)</source>
        <translation>份额（%）</translation>
    </message>
    <message>
        <location filename="../../ui/compare/compareplots.cpp" line="120" />
        <source>gap (s, log scale)</source>
        <translation>间隔（s，对数刻度）</translation>
    </message>
    <message>
        <location filename="../../ui/compare/compareplots.cpp" line="121" />
        <source>gaps</source>
        <translation>间隔数</translation>
    </message>
    <message>
        <location filename="../../ui/compare/compareplots.cpp" line="134" />
        <location filename="../../ui/compare/compareplots.cpp" line="203" />
        <source>requests</source>
        <translation>请求数</translation>
    </message>
    <message>
        <location filename="../../ui/compare/compareplots.cpp" line="147" />
        <source>req/s</source>
        <translation>req/s</translation>
    </message>
    <message>
        <location filename="../../ui/compare/compareplots.cpp" line="177" />
        <source>percentile</source>
        <translation>百分位</translation>
    </message>
    <message>
        <location filename="../../ui/compare/compareplots.cpp" line="119" />
        <source>Inter-arrival gaps</source>
        <translation>到达间隔</translation>
    </message>
    <message>
        <location filename="../../ui/compare/compareplots.cpp" line="131" />
        <source>Input length</source>
        <translation>输入长度</translation>
    </message>
    <message>
        <location filename="../../ui/compare/compareplots.cpp" line="132" />
        <source>Output length</source>
        <translation>输出长度</translation>
    </message>
    <message>
        <location filename="../../ui/compare/compareplots.cpp" line="133" />
        <source>tokens</source>
        <translation>令牌</translation>
    </message>
    <message>
        <location filename="../../ui/compare/compareplots.cpp" line="145" />
        <source>Request rate over time</source>
        <translation>请求速率随时间变化</translation>
    </message>
    <message>
        <location filename="../../ui/compare/compareplots.cpp" line="146" />
        <source>time (s)</source>
        <translation>时间 (s)</translation>
    </message>
    <message>
        <location filename="../../ui/compare/compareplots.cpp" line="168" />
        <source>Queue wait by percentile</source>
        <translation>排队等待（按百分位）</translation>
    </message>
    <message>
        <location filename="../../ui/compare/compareplots.cpp" line="171" />
        <source>TTFT by percentile</source>
        <translation>TTFT（按百分位）</translation>
    </message>
    <message>
        <location filename="../../ui/compare/compareplots.cpp" line="174" />
        <source>E2E latency by percentile</source>
        <translation>E2E 延迟（按百分位）</translation>
    </message>
    <message>
        <location filename="../../ui/compare/compareplots.cpp" line="178" />
        <source>latency (%1)</source>
        <translation>延迟（%1）</translation>
    </message>
    <message>
        <location filename="../../ui/compare/compareplots.cpp" line="200" />
        <source>Running requests over time</source>
        <translation>运行中请求数随时间变化</translation>
    </message>
    <message>
        <location filename="../../ui/compare/compareplots.cpp" line="201" />
        <source>Queue length over time</source>
        <translation>队列长度随时间变化</translation>
    </message>
    <message>
        <location filename="../../ui/compare/compareplots.cpp" line="202" />
        <source>time (%1)</source>
        <translation>时间（%1）</translation>
    </message>
    <message>
        <location filename="../../ui/compare/compareplots.cpp" line="211" />
        <source> (not previewed)</source>
        <translation>（未预览）</translation>
    </message>
</context>
<context>
    <name>lorascope::CompareTab</name>
    <message>
        <location filename="../../ui/compare/comparetab.cpp" line="63" />
        <source>Pin Current Parameters as &amp;A</source>
        <translation>将当前参数固定为 A(&amp;A)</translation>
    </message>
    <message>
        <location filename="../../ui/compare/comparetab.cpp" line="70" />
        <source>Keep the current workload spec and admission settings as A; keep editing: the live parameters are B (Ctrl+Shift+A).</source>
        <translation>将当前的工作负载规格和准入设置保存为 A，然后继续编辑：实时参数即为 B（Ctrl+Shift+A）。</translation>
    </message>
    <message>
        <location filename="../../ui/compare/comparetab.cpp" line="80" />
        <source>Parameter sets</source>
        <translation>参数组</translation>
    </message>
    <message>
        <location filename="../../ui/compare/comparetab.cpp" line="81" />
        <source>Sweeps</source>
        <translation>扫描</translation>
    </message>
    <message>
        <location filename="../../ui/compare/comparetab.cpp" line="82" />
        <source>Two workloads (and servers) side by side.</source>
        <translation>并排对比两个工作负载（及服务器）。</translation>
    </message>
    <message>
        <location filename="../../ui/compare/comparetab.cpp" line="84" />
        <source>Two sweeps from the Sweep tab or from sweep files: their curves over the same parameter.</source>
        <translation>对比来自“扫描”标签页或扫描文件的两次扫描：同一参数下的曲线。</translation>
    </message>
    <message>
        <location filename="../../ui/compare/comparepages.cpp" line="43" />
        <location filename="../../ui/compare/comparepages.cpp" line="168" />
        <source>Pin current as A</source>
        <translation>将当前固定为 A</translation>
    </message>
    <message>
        <location filename="../../ui/compare/comparepages.cpp" line="46" />
        <source>Load A…</source>
        <translation>加载 A…</translation>
    </message>
    <message>
        <location filename="../../ui/compare/comparepages.cpp" line="48" />
        <source>Read A from a session or spec file.</source>
        <translation>从会话或规格文件读取 A。</translation>
    </message>
    <message>
        <location filename="../../ui/compare/comparepages.cpp" line="50" />
        <source>Load B…</source>
        <translation>加载 B…</translation>
    </message>
    <message>
        <location filename="../../ui/compare/comparepages.cpp" line="52" />
        <source>Read B from a session or spec file (B then no longer follows your edits).</source>
        <translation>从会话或规格文件读取 B（此后 B 不再跟随你的编辑）。</translation>
    </message>
    <message>
        <location filename="../../ui/compare/comparepages.cpp" line="54" />
        <source>B = live parameters</source>
        <translation>B = 实时参数</translation>
    </message>
    <message>
        <location filename="../../ui/compare/comparepages.cpp" line="56" />
        <source>B follows the parameters you edit in the Workload and Admission tabs again.</source>
        <translation>B 重新跟随你在“工作负载”和“准入预览”标签页中编辑的参数。</translation>
    </message>
    <message>
        <location filename="../../ui/compare/comparepages.cpp" line="58" />
        <source>Swap A ↔ B</source>
        <translation>交换 A ↔ B</translation>
    </message>
    <message>
        <location filename="../../ui/compare/comparepages.cpp" line="60" />
        <source>Exchange A and B. With a live B, the document takes A's parameters (undoable) and A keeps the ones you had.</source>
        <translation>交换 A 和 B。若 B 为实时参数，文档将采用 A 的参数（可撤销），A 则保存你原来的参数。</translation>
    </message>
    <message>
        <location filename="../../ui/compare/comparepages.cpp" line="63" />
        <source>Same server for A and B</source>
        <translation>A 和 B 使用同一服务器</translation>
    </message>
    <message>
        <location filename="../../ui/compare/comparepages.cpp" line="66" />
        <source>On: both workloads are previewed with B's limits, policy, clock and cost model, so only the workload differs.
Off: each side keeps its own server limits and admission settings.</source>
        <translation>开启：两个工作负载都按 B 的限制、策略、时钟和代价模型预览，因此只有工作负载不同。
关闭：每一侧保留各自的服务器限制和准入设置。</translation>
    </message>
    <message>
        <location filename="../../ui/compare/comparepages.cpp" line="73" />
        <source>B runs on:</source>
        <translation>B 运行于：</translation>
    </message>
    <message>
        <location filename="../../ui/compare/comparepages.cpp" line="77" />
        <source>its own policy</source>
        <translation>其自身的策略</translation>
    </message>
    <message>
        <location filename="../../ui/compare/comparepages.cpp" line="80" />
        <source>The server B's workload runs on. With “Same server for A and B”, both sides share every setting and B only swaps the scheduler: the same workload on S-LoRA, vLLM V1 or SGLang side by side. Each policy reads its own settings (the boxes of the Admission tab); the differences are listed with the server's own names.</source>
        <translation>B 的工作负载所运行的服务器。勾选“A 与 B 使用同一服务器”时，两侧共享所有设置，B 只更换调度器：同一工作负载在 S-LoRA、vLLM V1 或 SGLang 上并排比较。每个策略读取自己的设置（准入页中的各个框）；差异以服务器自己的名称列出。</translation>
    </message>
    <message>
        <location filename="../../ui/compare/comparepages.cpp" line="94" />
        <source>Percentile chart:</source>
        <translation>百分位图：</translation>
    </message>
    <message>
        <location filename="../../ui/compare/comparepages.cpp" line="98" />
        <source>Queue wait</source>
        <translation>排队等待</translation>
    </message>
    <message>
        <location filename="../../ui/compare/comparepages.cpp" line="99" />
        <source>TTFT</source>
        <translation>TTFT</translation>
    </message>
    <message>
        <location filename="../../ui/compare/comparepages.cpp" line="100" />
        <source>E2E latency</source>
        <translation>E2E 延迟</translation>
    </message>
    <message>
        <location filename="../../ui/compare/comparepages.cpp" line="101" />
        <source>Which latency the percentile chart shows.</source>
        <translation>百分位图显示哪一种延迟。</translation>
    </message>
    <message>
        <location filename="../../ui/compare/comparepages.cpp" line="113" />
        <source>Export comparison…</source>
        <translation>导出对比…</translation>
    </message>
    <message>
        <location filename="../../ui/compare/comparepages.cpp" line="115" />
        <source>Save the whole comparison (what differs, key numbers, parameters and all charts) as one PNG or SVG picture.
Right-click a chart to export it alone.</source>
        <translation>将整个对比（差异、关键数值、参数和所有图表）保存为一张 PNG 或 SVG 图片。
右键单击某个图表可单独导出。</translation>
    </message>
    <message>
        <location filename="../../ui/compare/comparepages.cpp" line="121" />
        <location filename="../../ui/compare/comparepages.cpp" line="124" />
        <source>Load A</source>
        <translation>加载 A</translation>
    </message>
    <message>
        <location filename="../../ui/compare/comparepages.cpp" line="121" />
        <location filename="../../ui/compare/comparepages.cpp" line="128" />
        <source>LoraScope sessions or specs (*.json)</source>
        <translation>LoraScope 会话或规格 (*.json)</translation>
    </message>
    <message>
        <location filename="../../ui/compare/comparepages.cpp" line="128" />
        <location filename="../../ui/compare/comparepages.cpp" line="131" />
        <source>Load B</source>
        <translation>加载 B</translation>
    </message>
    <message>
        <location filename="../../ui/compare/comparepages.cpp" line="159" />
        <source>&lt;h2&gt;A/B compare of two parameter sets&lt;/h2&gt;&lt;p&gt;&lt;b&gt;Pin current as A&lt;/b&gt; (Ctrl+Shift+A) keeps the parameters you have now as A. Then keep editing in the Workload and Admission tabs: your live parameters are B.&lt;/p&gt;&lt;p&gt;Or load A and B from session files. The header lists what differs; the charts overlay %1 &lt;b&gt;A&lt;/b&gt; and %2 &lt;b&gt;B&lt;/b&gt;, and the table compares the key numbers and the admission preview of both.&lt;/p&gt;</source>
        <translation>&lt;h2&gt;两组参数的 A/B 对比&lt;/h2&gt;&lt;p&gt;&lt;b&gt;将当前固定为 A&lt;/b&gt;（Ctrl+Shift+A）会把你现在的参数保存为 A。然后继续在“工作负载”和“准入预览”标签页中编辑：你的实时参数即为 B。&lt;/p&gt;&lt;p&gt;也可以从会话文件加载 A 和 B。顶部列出两者的差异；图表叠加显示 %1 &lt;b&gt;A&lt;/b&gt; 和 %2 &lt;b&gt;B&lt;/b&gt;，表格对比两者的关键数值和准入预览结果。&lt;/p&gt;</translation>
    </message>
    <message>
        <location filename="../../ui/compare/comparepages.cpp" line="237" />
        <source>Key numbers</source>
        <translation>关键数值</translation>
    </message>
    <message>
        <location filename="../../ui/compare/comparepages.cpp" line="238" />
        <source>Parameters</source>
        <translation>参数</translation>
    </message>
    <message>
        <location filename="../../ui/compare/comparetab.cpp" line="410" />
        <source>Admission policy: %1; %2 clock%3.</source>
        <translation>准入策略：%1；%2时钟%3。</translation>
    </message>
    <message>
        <location filename="../../ui/compare/parameterlabels.cpp" line="16" />
        <source>preset</source>
        <translation>预设</translation>
    </message>
    <message>
        <location filename="../../ui/compare/parameterlabels.cpp" line="17" />
        <source>generator</source>
        <translation>生成器</translation>
    </message>
    <message>
        <location filename="../../ui/compare/parameterlabels.cpp" line="18" />
        <source>n</source>
        <translation>n</translation>
    </message>
    <message>
        <location filename="../../ui/compare/parameterlabels.cpp" line="19" />
        <source>R</source>
        <translation>R</translation>
    </message>
    <message>
        <location filename="../../ui/compare/parameterlabels.cpp" line="20" />
        <source>T</source>
        <translation>T</translation>
    </message>
    <message>
        <location filename="../../ui/compare/parameterlabels.cpp" line="21" />
        <source>seed</source>
        <translation>随机种子</translation>
    </message>
    <message>
        <location filename="../../ui/compare/parameterlabels.cpp" line="22" />
        <source>popularity</source>
        <translation>热度</translation>
    </message>
    <message>
        <location filename="../../ui/compare/parameterlabels.cpp" line="23" />
        <source>α</source>
        <translation>α</translation>
    </message>
    <message>
        <location filename="../../ui/compare/parameterlabels.cpp" line="24" />
        <source>Zipf s</source>
        <translation>Zipf s</translation>
    </message>
    <message>
        <location filename="../../ui/compare/parameterlabels.cpp" line="25" />
        <source>weights</source>
        <translation>权重</translation>
    </message>
    <message>
        <location filename="../../ui/compare/parameterlabels.cpp" line="26" />
        <source>arrivals</source>
        <translation>到达</translation>
    </message>
    <message>
        <location filename="../../ui/compare/parameterlabels.cpp" line="27" />
        <source>cv</source>
        <translation>cv</translation>
    </message>
    <message>
        <location filename="../../ui/compare/parameterlabels.cpp" line="28" />
        <source>on rate</source>
        <translation>开启速率</translation>
    </message>
    <message>
        <location filename="../../ui/compare/parameterlabels.cpp" line="29" />
        <source>off rate</source>
        <translation>关闭速率</translation>
    </message>
    <message>
        <location filename="../../ui/compare/parameterlabels.cpp" line="30" />
        <source>mean on</source>
        <translation>平均开启时长</translation>
    </message>
    <message>
        <location filename="../../ui/compare/parameterlabels.cpp" line="31" />
        <source>mean off</source>
        <translation>平均关闭时长</translation>
    </message>
    <message>
        <location filename="../../ui/compare/parameterlabels.cpp" line="32" />
        <source>rate schedule</source>
        <translation>速率计划</translation>
    </message>
    <message>
        <location filename="../../ui/compare/parameterlabels.cpp" line="33" />
        <source>adapter groups</source>
        <translation>适配器分组</translation>
    </message>
    <message>
        <location filename="../../ui/compare/parameterlabels.cpp" line="34" />
        <source>adapter names</source>
        <translation>适配器名称</translation>
    </message>
    <message>
        <location filename="../../ui/compare/parameterlabels.cpp" line="35" />
        <source>ranks</source>
        <translation>秩</translation>
    </message>
    <message>
        <location filename="../../ui/compare/parameterlabels.cpp" line="36" />
        <source>default rank</source>
        <translation>默认秩</translation>
    </message>
    <message>
        <location filename="../../ui/compare/parameterlabels.cpp" line="37" />
        <source>base model</source>
        <translation>基础模型</translation>
    </message>
    <message>
        <location filename="../../ui/compare/parameterlabels.cpp" line="38" />
        <source>policy</source>
        <translation>策略</translation>
    </message>
    <message>
        <location filename="../../ui/compare/parameterlabels.cpp" line="39" />
        <source>clock</source>
        <translation>时钟</translation>
    </message>
    <message>
        <location filename="../../ui/compare/parameterlabels.cpp" line="40" />
        <source>cost model</source>
        <translation>代价模型</translation>
    </message>
    <message>
        <location filename="../../ui/compare/parameterlabels.cpp" line="41" />
        <source>abort wait</source>
        <translation>中止等待时间</translation>
    </message>
    <message>
        <location filename="../../ui/compare/parameterlabels.cpp" line="42" />
        <source>rank overrides</source>
        <translation>秩覆盖</translation>
    </message>
    <message>
        <location filename="../../ui/compare/parameterlabels.cpp" line="48" />
        <source>distribution</source>
        <translation>分布</translation>
    </message>
    <message>
        <location filename="../../ui/compare/parameterlabels.cpp" line="49" />
        <source>min</source>
        <translation>最小值</translation>
    </message>
    <message>
        <location filename="../../ui/compare/parameterlabels.cpp" line="50" />
        <source>max (exclusive)</source>
        <translation>最大值（不含）</translation>
    </message>
    <message>
        <location filename="../../ui/compare/parameterlabels.cpp" line="51" />
        <source>tail β</source>
        <translation>尾部 β</translation>
    </message>
    <message>
        <location filename="../../ui/compare/parameterlabels.cpp" line="52" />
        <source>μ</source>
        <translation>μ</translation>
    </message>
    <message>
        <location filename="../../ui/compare/parameterlabels.cpp" line="53" />
        <source>σ</source>
        <translation>σ</translation>
    </message>
    <message>
        <location filename="../../ui/compare/parameterlabels.cpp" line="54" />
        <source>mean</source>
        <translation>均值</translation>
    </message>
    <message>
        <location filename="../../ui/compare/parameterlabels.cpp" line="55" />
        <source>std dev</source>
        <translation>标准差</translation>
    </message>
    <message>
        <location filename="../../ui/compare/parameterlabels.cpp" line="56" />
        <source>value</source>
        <translation>取值</translation>
    </message>
    <message>
        <location filename="../../ui/compare/parameterlabels.cpp" line="58" />
        <source>input</source>
        <translation>输入</translation>
    </message>
    <message>
        <location filename="../../ui/compare/parameterlabels.cpp" line="59" />
        <source>output</source>
        <translation>输出</translation>
    </message>
    <message>
        <location filename="../../ui/compare/parameterlabels.cpp" line="63" />
        <source>%1: %2</source>
        <comment>length parameter</comment>
        <translation>%1：%2</translation>
    </message>
    <message>
        <location filename="../../ui/compare/comparetab.cpp" line="85" />
        <source>Replay runs</source>
        <translation>重放运行</translation>
    </message>
    <message>
        <location filename="../../ui/compare/comparetab.cpp" line="87" />
        <source>Two replay run folders: every metric of B against A with its 95 % confidence interval and a verdict.</source>
        <translation>两个重放运行目录：B 相对 A 的每个指标，附 95% 置信区间和结论。</translation>
    </message>
    <message>
        <location filename="../../ui/compare/comparetab.cpp" line="164" />
        <source>pinned at %1</source>
        <translation>固定于 %1</translation>
    </message>
    <message>
        <location filename="../../ui/compare/comparetab.cpp" line="214" />
        <source>swapped at %1</source>
        <translation>交换于 %1</translation>
    </message>
    <message>
        <location filename="../../ui/compare/comparetab.cpp" line="216" />
        <location filename="../../ui/compare/comparetab.cpp" line="219" />
        <location filename="../../ui/compare/comparetab.cpp" line="221" />
        <location filename="../../ui/compare/comparetab.cpp" line="222" />
        <source>Swap A and B</source>
        <translation>交换 A 和 B</translation>
    </message>
    <message>
        <location filename="../../ui/compare/comparetab.cpp" line="289" />
        <source>live parameters (follows your edits)</source>
        <translation>实时参数（跟随你的编辑）</translation>
    </message>
    <message>
        <location filename="../../ui/compare/comparetab.cpp" line="291" />
        <source>same server for both (B's limits and admission settings)</source>
        <translation>两侧使用同一服务器（B 的限制和准入设置）</translation>
    </message>
    <message>
        <location filename="../../ui/compare/comparetab.cpp" line="292" />
        <source>each side with its own server</source>
        <translation>两侧各用自己的服务器</translation>
    </message>
    <message>
        <location filename="../../ui/compare/comparetab.cpp" line="294" />
        <source>%1 &lt;b&gt;A&lt;/b&gt;: %2 &amp;nbsp;&amp;nbsp; %3 &lt;b&gt;B&lt;/b&gt;: %4 &amp;nbsp;&amp;nbsp; &lt;i&gt;%5&lt;/i&gt;&lt;br&gt;&lt;span style="font-size:large"&gt;&lt;b&gt;Differences:&lt;/b&gt; %6&lt;/span&gt;</source>
        <translation>%1 &lt;b&gt;A&lt;/b&gt;：%2 &amp;nbsp;&amp;nbsp; %3 &lt;b&gt;B&lt;/b&gt;：%4 &amp;nbsp;&amp;nbsp; &lt;i&gt;%5&lt;/i&gt;&lt;br&gt;&lt;span style="font-size:large"&gt;&lt;b&gt;差异：&lt;/b&gt;%6&lt;/span&gt;</translation>
    </message>
    <message>
        <location filename="../../ui/compare/comparetab.cpp" line="299" />
        <source>none — A and B are the same parameters. Change a parameter in the Workload tab to compare.</source>
        <translation>无——A 和 B 的参数相同。在“工作负载”标签页中修改参数即可对比。</translation>
    </message>
    <message>
        <location filename="../../ui/compare/comparetab.cpp" line="315" />
        <source>&lt;b&gt;A&lt;/b&gt; is invalid: %1</source>
        <translation>&lt;b&gt;A&lt;/b&gt; 无效：%1</translation>
    </message>
    <message>
        <location filename="../../ui/compare/comparetab.cpp" line="317" />
        <source>&lt;b&gt;B&lt;/b&gt; is invalid: %1</source>
        <translation>&lt;b&gt;B&lt;/b&gt; 无效：%1</translation>
    </message>
    <message>
        <location filename="../../ui/compare/comparetab.cpp" line="322" />
        <source>&lt;br&gt;The charts show the last valid comparison.</source>
        <translation>&lt;br&gt;图表显示的是上一次有效的对比。</translation>
    </message>
    <message>
        <location filename="../../ui/compare/comparetab.cpp" line="392" />
        <source>A</source>
        <translation>A</translation>
    </message>
    <message>
        <location filename="../../ui/compare/comparetab.cpp" line="392" />
        <source>B</source>
        <translation>B</translation>
    </message>
    <message>
        <location filename="../../ui/compare/comparetab.cpp" line="394" />
        <source>%1 has %2 requests: too many for an automatic admission preview, so its latency figures are missing.</source>
        <translation>%1 有 %2 个请求，超出自动准入预览的上限，因此缺少其延迟数据。</translation>
    </message>
    <message>
        <location filename="../../ui/compare/comparetab.cpp" line="406" />
        <source>A runs on %1; B runs on %2: the same knobs read by two servers' schedulers.</source>
        <translation>A 运行于 %1；B 运行于 %2：同一组参数由两个服务器的调度器读取。</translation>
    </message>
    <message>
        <location filename="../../ui/compare/comparetab.cpp" line="413" />
        <source>step</source>
        <translation>步进</translation>
    </message>
    <message>
        <location filename="../../ui/compare/comparetab.cpp" line="413" />
        <source>cost-model</source>
        <translation>代价模型</translation>
    </message>
    <message>
        <location filename="../../ui/compare/comparetab.cpp" line="414" />
        <source> (%1)</source>
        <translation>（%1）</translation>
    </message>
    <message>
        <location filename="../../ui/compare/comparetab.cpp" line="418" />
        <source>The Workload tab shows an imported trace; B is generated from the current parameters.</source>
        <translation>“工作负载”标签页显示的是导入的轨迹；B 由当前参数生成。</translation>
    </message>
    <message>
        <location filename="../../ui/compare/comparetab.cpp" line="419" />
        <source>Δ is B − A; green = B better, red = B worse (latencies, refusals, throughput), only when B differs from A by %1 % or more: smaller differences are noise and stay grey (another random seed alone moves these figures by 3–8 %).</source>
        <translation>Δ 为 B − A；绿色 = B 更好，红色 = B 更差（延迟、拒绝、吞吐量），仅当 B 与 A 相差至少 %1 % 时着色：更小的差异属于噪声，保持灰色（仅换一个随机种子就会使这些数字变化 3–8 %）。</translation>
    </message>
</context>
<context>
    <name>lorascope::CoreTexts</name>
    <message>
        <location filename="../../ui/text/coretexts.cpp" line="26" />
        <source>llama-7b, one rank-8 adapter kind</source>
        <translation>llama-7b，一种秩为 8 的适配器</translation>
    </message>
    <message>
        <location filename="../../ui/text/coretexts.cpp" line="27" />
        <source>llama-7b, ranks 64/32/16/8</source>
        <translation>llama-7b，秩 64/32/16/8</translation>
    </message>
    <message>
        <location filename="../../ui/text/coretexts.cpp" line="28" />
        <source>llama-13b, rank 16</source>
        <translation>llama-13b，秩 16</translation>
    </message>
    <message>
        <location filename="../../ui/text/coretexts.cpp" line="29" />
        <source>llama-13b, ranks 64/32/16</source>
        <translation>llama-13b，秩 64/32/16</translation>
    </message>
    <message>
        <location filename="../../ui/text/coretexts.cpp" line="30" />
        <source>llama-30b, rank 32</source>
        <translation>llama-30b，秩 32</translation>
    </message>
    <message>
        <location filename="../../ui/text/coretexts.cpp" line="31" />
        <source>llama-70b, rank 64</source>
        <translation>llama-70b，秩 64</translation>
    </message>
    <message>
        <location filename="../../ui/text/coretexts.cpp" line="32" />
        <source>llama-7b with two published adapters</source>
        <translation>llama-7b，搭配两个公开发布的适配器</translation>
    </message>
    <message>
        <location filename="../../ui/text/coretexts.cpp" line="33" />
        <source>A10G: number of adapters</source>
        <translation>A10G：适配器数量</translation>
    </message>
    <message>
        <location filename="../../ui/text/coretexts.cpp" line="34" />
        <source>A10G: popularity skew</source>
        <translation>A10G：热度偏斜</translation>
    </message>
    <message>
        <location filename="../../ui/text/coretexts.cpp" line="35" />
        <source>A10G: burstiness</source>
        <translation>A10G：突发度</translation>
    </message>
    <message>
        <location filename="../../ui/text/coretexts.cpp" line="36" />
        <source>A10G: request rate</source>
        <translation>A10G：请求速率</translation>
    </message>
    <message>
        <location filename="../../ui/text/coretexts.cpp" line="37" />
        <source>A100-40G: number of adapters</source>
        <translation>A100-40G：适配器数量</translation>
    </message>
    <message>
        <location filename="../../ui/text/coretexts.cpp" line="38" />
        <source>A100-80G, S2: number of adapters</source>
        <translation>A100-80G，S2：适配器数量</translation>
    </message>
    <message>
        <location filename="../../ui/text/coretexts.cpp" line="39" />
        <source>A100-80G, S4: number of adapters</source>
        <translation>A100-80G，S4：适配器数量</translation>
    </message>
    <message>
        <location filename="../../ui/text/coretexts.cpp" line="40" />
        <source>A100-80G, S4: request rate</source>
        <translation>A100-80G，S4：请求速率</translation>
    </message>
    <message>
        <location filename="../../ui/text/coretexts.cpp" line="41" />
        <source>A100-80G, S4: burstiness</source>
        <translation>A100-80G，S4：突发度</translation>
    </message>
    <message>
        <location filename="../../ui/text/coretexts.cpp" line="42" />
        <source>A100-80G: throughput table</source>
        <translation>A100-80G：吞吐量表</translation>
    </message>
    <message>
        <location filename="../../ui/text/coretexts.cpp" line="43" />
        <source>Ablation: no unified memory pool</source>
        <translation>消融：无统一内存池</translation>
    </message>
    <message>
        <location filename="../../ui/text/coretexts.cpp" line="44" />
        <source>Ablation: adapter clustering</source>
        <translation>消融：适配器聚类</translation>
    </message>
    <message>
        <location filename="../../ui/text/coretexts.cpp" line="45" />
        <source>Ablation: adapter clustering under bursts</source>
        <translation>消融：突发下的适配器聚类</translation>
    </message>
    <message>
        <location filename="../../ui/text/coretexts.cpp" line="52" />
        <source>Llama-7B fp16 on NVIDIA A10G (24 GB, 600 GB/s, 125 TFLOP/s). Roofline estimate from published specs (not measured): weights and KV read at 80 % of the memory bandwidth, prefill GEMMs at 50 % of dense fp16 peak; see docs/admission.md.</source>
        <translation>Llama-7B fp16，运行于 NVIDIA A10G（24 GB，600 GB/s，125 TFLOP/s）。基于公开规格的屋顶线估算（非实测）：权重和 KV 按内存带宽的 80% 读取，预填充 GEMM 按 fp16 稠密峰值的 50% 计算；详见 docs/admission.md。</translation>
    </message>
    <message>
        <location filename="../../ui/text/coretexts.cpp" line="56" />
        <source>Llama-7B fp16 on NVIDIA A100-80G SXM (2039 GB/s, 312 TFLOP/s). Roofline estimate from published specs (not measured): weights and KV read at 80 % of the memory bandwidth, prefill GEMMs at 50 % of dense fp16 peak; see docs/admission.md.</source>
        <translation>Llama-7B fp16，运行于 NVIDIA A100-80G SXM（2039 GB/s，312 TFLOP/s）。基于公开规格的屋顶线估算（非实测）：权重和 KV 按内存带宽的 80% 读取，预填充 GEMM 按 fp16 稠密峰值的 50% 计算；详见 docs/admission.md。</translation>
    </message>
    <message>
        <location filename="../../ui/text/coretexts.cpp" line="60" />
        <source>Llama-13B fp16 on NVIDIA A100-80G SXM (2039 GB/s, 312 TFLOP/s). Roofline estimate from published specs (not measured): weights and KV read at 80 % of the memory bandwidth, prefill GEMMs at 50 % of dense fp16 peak; see docs/admission.md.</source>
        <translation>Llama-13B fp16，运行于 NVIDIA A100-80G SXM（2039 GB/s，312 TFLOP/s）。基于公开规格的屋顶线估算（非实测）：权重和 KV 按内存带宽的 80% 读取，预填充 GEMM 按 fp16 稠密峰值的 50% 计算；详见 docs/admission.md。</translation>
    </message>
    <message>
        <location filename="../../ui/text/coretexts.cpp" line="97" />
        <source>LoraScope has no cost model for %1 on %2; %3 stands in, so its times are not that GPU's</source>
        <translation>LoraScope 没有 %2 上 %1 的代价模型；暂以 %3 代替，因此其时间并非该 GPU 的时间</translation>
    </message>
    <message>
        <location filename="../../ui/text/coretexts.cpp" line="100" />
        <source>the S-LoRA scripts do not give the server's --num-token for %1; max_total_token_num stays %2</source>
        <translation>S-LoRA 的脚本没有给出 %1 的服务器 --num-token；max_total_token_num 保持为 %2</translation>
    </message>
    <message>
        <location filename="../../ui/text/coretexts.cpp" line="108" />
        <source>%1 of %2 requests refused: adapter rank %3 &gt; max_lora_rank %4; set max_lora_rank to %5, the workload's largest (vLLM must be started with --max-lora-rank %5)</source>
        <translation>%2 个请求中有 %1 个被拒绝：适配器秩 %3 &gt; max_lora_rank %4；请将 max_lora_rank 设为 %5，即工作负载中的最大秩（vLLM 须以 --max-lora-rank %5 启动）</translation>
    </message>
    <message>
        <location filename="../../ui/text/coretexts.cpp" line="112" />
        <source>the S-LoRA suite does not name its GPU; the cost model follows the base model only</source>
        <translation>该 S-LoRA 套件未指明其 GPU；代价模型只按基础模型选择</translation>
    </message>
    <message>
        <location filename="../../ui/text/coretexts.cpp" line="144" />
        <source>The cost model "%1" carries no calibration: its times are not backed by measurements.</source>
        <translation>代价模型“%1”没有校准：其时间没有测量数据支撑。</translation>
    </message>
    <message>
        <location filename="../../ui/text/coretexts.cpp" line="152" />
        <source>The cost model was validated with the %1 policy, not %2: its times are extrapolated.</source>
        <translation>代价模型是在 %1 策略下验证的，而非 %2：其时间为外推值。</translation>
    </message>
    <message>
        <location filename="../../ui/text/coretexts.cpp" line="153" />
        <source>The cost model was validated with the %1 policies, not %2: its times are extrapolated.</source>
        <translation>代价模型是在 %1 策略下验证的，而非 %2：其时间为外推值。</translation>
    </message>
    <message>
        <location filename="../../ui/text/coretexts.cpp" line="154" />
        <location filename="../../ui/text/coretexts.cpp" line="276" />
        <source>, </source>
        <translation>，</translation>
    </message>
    <message>
        <location filename="../../ui/text/coretexts.cpp" line="157" />
        <source>Prompts up to %1 tokens; the model was validated up to %2 (longer prefills and attention are extrapolated).</source>
        <translation>提示最长 %1 个令牌；模型只验证到 %2（更长的预填充和注意力为外推）。</translation>
    </message>
    <message>
        <location filename="../../ui/text/coretexts.cpp" line="161" />
        <source>Outputs up to %1 tokens; the model was validated up to %2.</source>
        <translation>输出最长 %1 个令牌；模型只验证到 %2。</translation>
    </message>
    <message>
        <location filename="../../ui/text/coretexts.cpp" line="163" />
        <source>LoRA rank %1 is above the largest rank validated (%2).</source>
        <translation>LoRA 秩 %1 超过了验证过的最大秩（%2）。</translation>
    </message>
    <message>
        <location filename="../../ui/text/coretexts.cpp" line="166" />
        <source>max_total_token_num %1 is far from the validated %2.</source>
        <translation>max_total_token_num %1 与验证过的 %2 相差很远。</translation>
    </message>
    <message>
        <location filename="../../ui/text/coretexts.cpp" line="167" />
        <source>max_total_token_num %1 is far from the validated %2–%3.</source>
        <translation>max_total_token_num %1 与验证过的 %2–%3 相差很远。</translation>
    </message>
    <message>
        <location filename="../../ui/text/coretexts.cpp" line="169" />
        <source>Requests arrive %1× faster than the modelled server completes them; the model was validated up to %2× (far beyond saturation the queue, not the cost model, sets every latency).</source>
        <translation>请求到达的速度是模拟服务器完成速度的 %1 倍；模型只验证到 %2 倍（远超饱和时，决定每个延迟的是队列，而不是代价模型）。</translation>
    </message>
    <message>
        <location filename="../../ui/text/coretexts.cpp" line="174" />
        <source>The workload's base model is %1 but the cost model describes %2.</source>
        <translation>工作负载的基础模型是 %1，而代价模型描述的是 %2。</translation>
    </message>
    <message>
        <location filename="../../ui/text/coretexts.cpp" line="196" />
        <source>(%1 runs)</source>
        <translation>（%1 次运行）</translation>
    </message>
    <message>
        <location filename="../../ui/text/coretexts.cpp" line="217" />
        <source>%1 bf16 on one %2 served by vLLM 0.8.5 (V1 scheduler, chunked prefill, prefix caching off); calibrated on %3 real rank-16 runs of Agullo et al. (arXiv 2508.08343), validated on %4 rank-32 runs.</source>
        <translation>%1 bf16，运行于单块 %2，由 vLLM 0.8.5（V1 调度器，分块预填充，前缀缓存关闭）服务；在 Agullo 等人（arXiv 2508.08343）的 %3 次真实 rank-16 运行上校准，并在 %4 次 rank-32 运行上验证。</translation>
    </message>
    <message>
        <location filename="../../ui/text/coretexts.cpp" line="226" />
        <source>%1 fp16 on %2 served by S-LoRA; calibrated on S-LoRA's published %2 runs (%3), validated on %4 others.</source>
        <translation>%1 fp16，运行于 %2，由 S-LoRA 服务；在 S-LoRA 公布的 %2 运行数据（%3）上校准，并在另外 %4 次运行上验证。</translation>
    </message>
    <message>
        <location filename="../../ui/text/coretexts.cpp" line="229" />
        <source>%1 fp16 on %2 served by S-LoRA; calibrated on S-LoRA's published %2 runs (%3); no other run to validate on.</source>
        <translation>%1 fp16，运行于 %2，由 S-LoRA 服务；在 S-LoRA 公布的 %2 运行数据（%3）上校准；没有其他运行可供验证。</translation>
    </message>
    <message>
        <location filename="../../ui/text/coretexts.cpp" line="243" />
        <source>S-LoRA's published %1 runs</source>
        <translation>S-LoRA 公布的 %1 运行数据</translation>
    </message>
    <message>
        <location filename="../../ui/text/coretexts.cpp" line="245" />
        <source>Agullo et al. (arXiv 2508.08343), real vLLM 0.8.5 runs on one %1</source>
        <translation>Agullo 等人（arXiv 2508.08343）在单块 %1 上的 vLLM 0.8.5 真实运行</translation>
    </message>
    <message>
        <location filename="../../ui/text/coretexts.cpp" line="254" />
        <source>%1 and %2 more</source>
        <translation>%1 及另外 %2 项</translation>
    </message>
    <message>
        <location filename="../../ui/text/coretexts.cpp" line="256" />
        <source>calibrated on %1 (%2 runs)</source>
        <translation>在 %1 上校准（%2 次运行）</translation>
    </message>
    <message>
        <location filename="../../ui/text/coretexts.cpp" line="257" />
        <source>calibrated on %1</source>
        <translation>在 %1 上校准</translation>
    </message>
    <message>
        <location filename="../../ui/text/coretexts.cpp" line="259" />
        <source>calibrated by %1</source>
        <translation>校准方法：%1</translation>
    </message>
    <message>
        <location filename="../../ui/text/coretexts.cpp" line="261" />
        <source>not calibrated (no measurement behind these coefficients)</source>
        <translation>未校准（这些系数背后没有测量数据）</translation>
    </message>
    <message>
        <location filename="../../ui/text/coretexts.cpp" line="267" />
        <source>throughput ±%1 %</source>
        <translation>吞吐量 ±%1 %</translation>
    </message>
    <message>
        <location filename="../../ui/text/coretexts.cpp" line="269" />
        <source>latency ±%1 %</source>
        <translation>延迟 ±%1 %</translation>
    </message>
    <message>
        <location filename="../../ui/text/coretexts.cpp" line="271" />
        <source>first token ±%1 %</source>
        <translation>首令牌 ±%1 %</translation>
    </message>
    <message>
        <location filename="../../ui/text/coretexts.cpp" line="273" />
        <source>TPOT ±%1 %</source>
        <translation>TPOT ±%1 %</translation>
    </message>
    <message>
        <location filename="../../ui/text/coretexts.cpp" line="275" />
        <source>attainment ±%1 points</source>
        <translation>达成率 ±%1 个百分点</translation>
    </message>
    <message>
        <location filename="../../ui/text/coretexts.cpp" line="276" />
        <source>%1; validated on %2 runs: %3</source>
        <translation>%1；在 %2 次运行上验证：%3</translation>
    </message>
    <message>
        <location filename="../../ui/text/coretexts.cpp" line="278" />
        <source>%1; not validated out of sample (fit error: latency ±%2 %)</source>
        <translation>%1；未做样本外验证（拟合误差：延迟 ±%2 %）</translation>
    </message>
    <message>
        <location filename="../../ui/text/coretexts.cpp" line="281" />
        <source>%1; not validated</source>
        <translation>%1；未验证</translation>
    </message>
    <message>
        <location filename="../../ui/text/coretexts.cpp" line="103" />
        <source>the SLO is not monotone in %1: met at %2 but missed at %3 (each point is its own random trace); the capacity is the largest value met below the first miss</source>
        <translation>SLO 在 %1 上不单调：在 %2 时满足，却在 %3 时未满足（每个点都是各自的随机轨迹）；容量取第一次未满足之下满足 SLO 的最大值</translation>
    </message>
    <message>
        <location filename="../../ui/text/coretexts.cpp" line="22" />
        <source>S-LoRA ReqQueue (c1ddf48)</source>
        <translation>S-LoRA ReqQueue（c1ddf48）</translation>
    </message>
    <message>
        <location filename="../../ui/text/coretexts.cpp" line="23" />
        <source>S-LoRA AbortReqQueue (c1ddf48)</source>
        <translation>S-LoRA AbortReqQueue（c1ddf48）</translation>
    </message>
    <message>
        <location filename="../../ui/text/coretexts.cpp" line="24" />
        <source>vLLM V1 (main at b4622cf, 2025)</source>
        <translation>vLLM V1（main 分支的 b4622cf，2025 年）</translation>
    </message>
    <message>
        <location filename="../../ui/text/coretexts.cpp" line="25" />
        <source>SGLang main, January 2026 (after PR #16333, before PR #17913)</source>
        <translation>SGLang main 分支，2026 年 1 月（PR #16333 之后，PR #17913 之前）</translation>
    </message>
    <message>
        <location filename="../../ui/text/coretexts.cpp" line="115" />
        <source>the trace starts at %1 s: the window (%2 s) and the rate are measured from its first arrival, and the fitted spec starts at 0</source>
        <translation>轨迹从 %1 s 开始：时间窗（%2 s）和速率从它的第一个到达算起，拟合出的规格从 0 开始</translation>
    </message>
    <message>
        <location filename="../../ui/text/coretexts.cpp" line="119" />
        <source>input lengths of 0 tokens (%1 requests) are left out of the length fit</source>
        <translation>0 个令牌的输入长度（%1 个请求）不参与长度拟合</translation>
    </message>
    <message>
        <location filename="../../ui/text/coretexts.cpp" line="120" />
        <source>output lengths of 0 tokens (%1 requests) are left out of the length fit</source>
        <translation>0 个令牌的输出长度（%1 个请求）不参与长度拟合</translation>
    </message>
    <message>
        <location filename="../../ui/text/coretexts.cpp" line="123" />
        <source>the burstiness is in the total arrival process (gap cv %1 overall, %2 per adapter): fitted with the slora generator (one Gamma process, adapters drawn per request)</source>
        <translation>突发性来自总的到达过程（间隔 cv：整体 %1，每个适配器 %2）：用 slora 生成器拟合（一个 Gamma 过程，每个请求抽取一个适配器）</translation>
    </message>
    <message>
        <location filename="../../ui/text/coretexts.cpp" line="128" />
        <source>the burstiness is in the total arrival process (gap cv %1 overall, %2 per adapter); the per-adapter model with cv %3 will look less bursty in total</source>
        <translation>突发性来自总的到达过程（间隔 cv：整体 %1，每个适配器 %2）；cv 为 %3 的按适配器模型在整体上会显得不那么突发</translation>
    </message>
    <message>
        <location filename="../../ui/text/coretexts.cpp" line="133" />
        <source>the file does not give the adapters' popularity order: ranks were matched by request count and the skew corrected for that</source>
        <translation>文件没有给出适配器的热度顺序：按请求数匹配了排名，并据此校正了偏斜</translation>
    </message>
    <message>
        <location filename="../../ui/text/coretexts.cpp" line="136" />
        <source>the trace has no adapters (base model only); import with adapter assignment to fit popularity</source>
        <translation>轨迹没有适配器（只用基础模型）；导入时分配适配器才能拟合热度</translation>
    </message>
    <message>
        <location filename="../../ui/text/coretexts.cpp" line="46" />
        <source>Chat: conversations of 1-8 turns, 15 s think time, a 200-token system prompt per adapter</source>
        <translation>聊天：1-8 轮对话，思考时间 15 s，每个适配器一个 200 令牌的系统提示词</translation>
    </message>
    <message>
        <location filename="../../ui/text/coretexts.cpp" line="48" />
        <source>Agent: 4-20 calls per task, 2 s tool time, a 600-token system prompt per adapter</source>
        <translation>智能体：每个任务 4-20 次调用，工具耗时 2 s，每个适配器一个 600 令牌的系统提示词</translation>
    </message>
    <message>
        <location filename="../../ui/text/coretexts.cpp" line="50" />
        <source>RAG with shared documents: 20 passages of 1536 tokens read by every adapter's users</source>
        <translation>共享文档的 RAG：20 段 1536 令牌的文本，所有适配器的用户都会读取</translation>
    </message>
</context>
<context>
    <name>lorascope::CostModelPanel</name>
    <message>
        <location filename="../../ui/admission/costmodelpanel.cpp" line="16" />
        <source>Cost model in use</source>
        <translation>当前代价模型</translation>
    </message>
    <message>
        <location filename="../../ui/admission/costmodelpanel.cpp" line="21" />
        <source>Load calibrated model…</source>
        <translation>加载已校准的模型…</translation>
    </message>
    <message>
        <location filename="../../ui/admission/costmodelpanel.cpp" line="42" />
        <source>A cost-model file written by `lorascope-cli calibrate` (from S-LoRA result files or from replays of your own server), or any version-1 coefficient file.</source>
        <translation>由 `lorascope-cli calibrate` 写出的代价模型文件（基于 S-LoRA 结果文件或对您自己服务器的回放），或任何第 1 版系数文件。</translation>
    </message>
    <message>
        <location filename="../../ui/admission/costmodelpanel.cpp" line="54" />
        <source>Load a calibrated cost model</source>
        <translation>加载已校准的代价模型</translation>
    </message>
    <message>
        <location filename="../../ui/admission/costmodelpanel.cpp" line="54" />
        <source>Cost models (*.json);;All files (*)</source>
        <translation>代价模型 (*.json);;所有文件 (*)</translation>
    </message>
    <message>
        <location filename="../../ui/admission/costmodelpanel.cpp" line="99" />
        <source>Not loaded: %1</source>
        <translation>未加载：%1</translation>
    </message>
    <message>
        <location filename="../../ui/admission/costmodelpanel.cpp" line="65" />
        <source>%1 on %2</source>
        <translation>%1，运行于 %2</translation>
    </message>
</context>
<context>
    <name>lorascope::Document</name>
    <message>
        <location filename="../../ui/document/document.cpp" line="177" />
        <source>Import of %1 was cancelled</source>
        <translation>已取消导入 %1</translation>
    </message>
</context>
<context>
    <name>lorascope::FitDialog</name>
    <message>
        <location filename="../../ui/fitting/fitdialog.cpp" line="29" />
        <source>uniform [%1, %2)</source>
        <translation>均匀 [%1, %2)</translation>
    </message>
    <message>
        <location filename="../../ui/fitting/fitdialog.cpp" line="31" />
        <source>power law β=%1 on [%2, %3)</source>
        <translation>幂律 β=%1，区间 [%2, %3)</translation>
    </message>
    <message>
        <location filename="../../ui/fitting/fitdialog.cpp" line="33" />
        <source>log-normal μ=%1 σ=%2 on [%3, %4)</source>
        <translation>对数正态 μ=%1 σ=%2，区间 [%3, %4)</translation>
    </message>
    <message>
        <location filename="../../ui/fitting/fitdialog.cpp" line="35" />
        <source>normal %1 ± %2</source>
        <translation>正态 %1 ± %2</translation>
    </message>
    <message>
        <location filename="../../ui/fitting/fitdialog.cpp" line="37" />
        <source>constant %1</source>
        <translation>常数 %1</translation>
    </message>
    <message>
        <location filename="../../ui/fitting/fitdialog.cpp" line="39" />
        <source>empirical (%1 values)</source>
        <translation>经验分布（%1 个取值）</translation>
    </message>
    <message>
        <location filename="../../ui/fitting/fitdialog.cpp" line="51" />
        <source>Fit workload from trace</source>
        <translation>从轨迹拟合工作负载</translation>
    </message>
    <message>
        <location filename="../../ui/fitting/fitdialog.cpp" line="60" />
        <source>Quantity</source>
        <translation>指标</translation>
    </message>
    <message>
        <location filename="../../ui/fitting/fitdialog.cpp" line="60" />
        <source>Trace</source>
        <translation>轨迹</translation>
    </message>
    <message>
        <location filename="../../ui/fitting/fitdialog.cpp" line="60" />
        <source>Fitted model</source>
        <translation>拟合模型</translation>
    </message>
    <message>
        <location filename="../../ui/fitting/fitdialog.cpp" line="60" />
        <source>Fit quality</source>
        <translation>拟合优度</translation>
    </message>
    <message>
        <location filename="../../ui/fitting/fitdialog.cpp" line="61" />
        <source>Requests</source>
        <translation>请求</translation>
    </message>
    <message>
        <location filename="../../ui/fitting/fitdialog.cpp" line="62" />
        <source>Window (s)</source>
        <translation>时间窗口 (s)</translation>
    </message>
    <message>
        <location filename="../../ui/fitting/fitdialog.cpp" line="63" />
        <source>Rate R (req/s)</source>
        <translation>速率 R (req/s)</translation>
    </message>
    <message>
        <location filename="../../ui/fitting/fitdialog.cpp" line="64" />
        <source>rate over time varies by cv %1</source>
        <translation>速率随时间变化的 cv 为 %1</translation>
    </message>
    <message>
        <location filename="../../ui/fitting/fitdialog.cpp" line="65" />
        <source>Gap cv, all adapters</source>
        <translation>间隔 cv（全部适配器）</translation>
    </message>
    <message>
        <location filename="../../ui/fitting/fitdialog.cpp" line="66" />
        <source>Gap cv per adapter (model parameter)</source>
        <translation>单个适配器的间隔 cv（模型参数）</translation>
    </message>
    <message>
        <location filename="../../ui/fitting/fitdialog.cpp" line="67" />
        <source>Adapters used / n</source>
        <translation>已使用的适配器数 / n</translation>
    </message>
    <message>
        <location filename="../../ui/fitting/fitdialog.cpp" line="70" />
        <source>Zipf s = %1</source>
        <translation>Zipf s = %1</translation>
    </message>
    <message>
        <location filename="../../ui/fitting/fitdialog.cpp" line="71" />
        <source>power α = %1</source>
        <translation>幂律 α = %1</translation>
    </message>
    <message>
        <location filename="../../ui/fitting/fitdialog.cpp" line="73" />
        <source>Popularity</source>
        <translation>适配器热度</translation>
    </message>
    <message>
        <location filename="../../ui/fitting/fitdialog.cpp" line="74" />
        <source>α = %1 ± %2 (power); s = %3 (Zipf)</source>
        <translation>α = %1 ± %2（幂律）；s = %3（Zipf）</translation>
    </message>
    <message>
        <location filename="../../ui/fitting/fitdialog.cpp" line="75" />
        <source>KS %1; log-lik power %2 vs Zipf %3</source>
        <translation>KS %1；对数似然：幂律 %2 vs Zipf %3</translation>
    </message>
    <message>
        <location filename="../../ui/fitting/fitdialog.cpp" line="76" />
        <source>Fitted α of the counts</source>
        <translation>按计数拟合的 α</translation>
    </message>
    <message>
        <location filename="../../ui/fitting/fitdialog.cpp" line="79" />
        <source> mean</source>
        <translation>均值</translation>
    </message>
    <message>
        <location filename="../../ui/fitting/fitdialog.cpp" line="80" />
        <source> p50 / p99</source>
        <translation> p50 / p99</translation>
    </message>
    <message>
        <location filename="../../ui/fitting/fitdialog.cpp" line="83" />
        <source> distribution</source>
        <translation>分布</translation>
    </message>
    <message>
        <location filename="../../ui/fitting/fitdialog.cpp" line="83" />
        <source>%1 … %2</source>
        <translation>%1 … %2</translation>
    </message>
    <message>
        <location filename="../../ui/fitting/fitdialog.cpp" line="84" />
        <source>KS %1, BIC %2 (best of %3)</source>
        <translation>KS %1，BIC %2（%3 个候选中最优）</translation>
    </message>
    <message>
        <location filename="../../ui/fitting/fitdialog.cpp" line="87" />
        <source>Input</source>
        <translation>输入</translation>
    </message>
    <message>
        <location filename="../../ui/fitting/fitdialog.cpp" line="88" />
        <source>Output</source>
        <translation>输出</translation>
    </message>
    <message>
        <location filename="../../ui/fitting/fitdialog.cpp" line="99" />
        <source>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;%2</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;%2</translation>
    </message>
    <message>
        <location filename="../../ui/fitting/fitdialog.cpp" line="103" />
        <source>Use fitted model</source>
        <translation>使用拟合模型</translation>
    </message>
</context>
<context>
    <name>lorascope::FleetSweepPlots</name>
    <message>
        <location filename="../../ui/sweep/fleetsweepview.cpp" line="59" />
        <source>One line per router, each point a fleet preview of the same workload.</source>
        <translation>每个路由器一条曲线，每个点是同一工作负载在一个集群上的预览。</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/fleetsweepview.cpp" line="73" />
        <source>metrics staleness (ms)</source>
        <translation>指标陈旧度 (ms)</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/fleetsweepview.cpp" line="74" />
        <source>fleet size (replicas)</source>
        <translation>集群规模（副本数）</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/fleetsweepview.cpp" line="87" />
        <source>SLO attainment vs fleet size</source>
        <translation>SLO 达成率与集群规模</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/fleetsweepview.cpp" line="88" />
        <source>requests within the SLO (%)</source>
        <translation>满足 SLO 的请求 (%)</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/fleetsweepview.cpp" line="91" />
        <source>SLO attainment vs metrics staleness</source>
        <translation>SLO 达成率与指标陈旧度</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/fleetsweepview.cpp" line="93" />
        <source>SLO attainment by router</source>
        <translation>各路由器的 SLO 达成率</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/fleetsweepview.cpp" line="96" />
        <source>The share of all requests that meet every bound of the SLO (%1), for each router and fleet size. The dashed line is the share needed; a ring marks the smallest fleet of each router that reaches it.</source>
        <translation>每个路由器、每种集群规模下满足 SLO 全部界限的请求占比（%1）。虚线是所需占比；圆点标出每个路由器达到它的最小集群。</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/fleetsweepview.cpp" line="108" />
        <source>target %1 %</source>
        <translation>目标 %1 %</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/fleetsweepview.cpp" line="118" />
        <source>smallest fleet meeting the SLO</source>
        <translation>满足 SLO 的最小集群</translation>
    </message>
    <message numerus="yes">
        <location filename="../../ui/sweep/fleetsweepview.cpp" line="137" />
        <source>%1: %n replica(s)</source>
        <translation>
            <numerusform>%1：%n 个副本</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../ui/sweep/fleetsweepview.cpp" line="148" />
        <source>Time to first token, p90</source>
        <translation>首令牌时间 p90</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/fleetsweepview.cpp" line="149" />
        <source>TTFT p90 (s)</source>
        <translation>TTFT p90 (s)</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/fleetsweepview.cpp" line="152" />
        <source>End-to-end latency, p90</source>
        <translation>端到端延迟 p90</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/fleetsweepview.cpp" line="153" />
        <source>E2E p90 (s)</source>
        <translation>E2E p90 (s)</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/fleetsweepview.cpp" line="156" />
        <source>Goodput</source>
        <translation>有效吞吐量</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/fleetsweepview.cpp" line="157" />
        <source>requests within the SLO (req/s)</source>
        <translation>满足 SLO 的请求 (req/s)</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/fleetsweepview.cpp" line="160" />
        <source>Keeping up: achieved / offered</source>
        <translation>能否跟上：实际 / 提供</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/fleetsweepview.cpp" line="161" />
        <source>achieved / offered (ratio)</source>
        <translation>实际 / 提供（比值）</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/fleetsweepview.cpp" line="172" />
        <source>Finished requests per second over offered requests per second: 1 means the fleet keeps up with the arrivals.</source>
        <translation>每秒完成的请求数除以每秒提供的请求数：1 表示集群跟得上到达速度。</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/fleetsweepview.cpp" line="182" />
        <source>Adapter loads over all replicas</source>
        <translation>所有副本上的适配器加载次数</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/fleetsweepview.cpp" line="183" />
        <source>adapter loads (count)</source>
        <translation>适配器加载（次）</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/fleetsweepview.cpp" line="185" />
        <source>How many times an adapter was loaded into a replica's GPU memory, summed over the fleet: routers that keep an adapter's requests together load less.</source>
        <translation>适配器被加载到副本 GPU 显存中的次数，对整个集群求和：把同一适配器的请求集中在一起的路由器加载更少。</translation>
    </message>
</context>
<context>
    <name>lorascope::FleetSweepTableModel</name>
    <message>
        <location filename="../../ui/sweep/fleetsweepmodel.cpp" line="102" />
        <source>%1 of %2</source>
        <translation>%1 / %2</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/fleetsweepmodel.cpp" line="121" />
        <source>Meets the SLO: at least %1 % of requests within it.</source>
        <translation>满足 SLO：至少 %1 % 的请求在目标之内。</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/fleetsweepmodel.cpp" line="122" />
        <source>Misses the SLO: fewer than %1 % of requests within it.</source>
        <translation>未满足 SLO：在目标之内的请求少于 %1 %。</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/fleetsweepmodel.cpp" line="133" />
        <source>Router</source>
        <translation>路由器</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/fleetsweepmodel.cpp" line="135" />
        <source>Replicas</source>
        <translation>副本</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/fleetsweepmodel.cpp" line="137" />
        <source>GPUs</source>
        <translation>GPU 数</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/fleetsweepmodel.cpp" line="139" />
        <source>Staleness (ms)</source>
        <translation>陈旧度 (ms)</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/fleetsweepmodel.cpp" line="141" />
        <source>Completed</source>
        <translation>已完成</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/fleetsweepmodel.cpp" line="143" />
        <source>Goodput (req/s)</source>
        <translation>有效吞吐量 (req/s)</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/fleetsweepmodel.cpp" line="145" />
        <source>TTFT p90 (s)</source>
        <translation>TTFT p90 (s)</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/fleetsweepmodel.cpp" line="147" />
        <source>E2E p90 (s)</source>
        <translation>E2E p90 (s)</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/fleetsweepmodel.cpp" line="149" />
        <source>SLO (%)</source>
        <translation>SLO (%)</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/fleetsweepmodel.cpp" line="151" />
        <source>Adapter loads</source>
        <translation>适配器加载次数</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/fleetsweepmodel.cpp" line="157" />
        <source>The router in front of the replicas (names as in docs/fleet.md and lorascope-cli --routers).</source>
        <translation>副本前面的路由器（名称与 docs/fleet.md 和 lorascope-cli --routers 相同）。</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/fleetsweepmodel.cpp" line="159" />
        <source>Replicas in the fleet, each running the Admission tab's server and cost model.</source>
        <translation>集群中的副本数，每个副本运行准入选项卡的服务器和代价模型。</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/fleetsweepmodel.cpp" line="161" />
        <source>GPUs of the whole fleet: replicas × GPUs per replica.</source>
        <translation>整个集群的 GPU 数：副本数 × 每副本 GPU 数。</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/fleetsweepmodel.cpp" line="163" />
        <source>How old the replica metrics the router sees may be, in milliseconds (0: perfect information).</source>
        <translation>路由器看到的副本指标最多可以有多旧，单位毫秒（0：完全信息）。</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/fleetsweepmodel.cpp" line="165" />
        <source>Requests completed of those sent.</source>
        <translation>已发送请求中完成的数量。</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/fleetsweepmodel.cpp" line="167" />
        <source>Requests per second that met every bound of the SLO.</source>
        <translation>每秒满足 SLO 全部界限的请求数。</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/fleetsweepmodel.cpp" line="169" />
        <source>Time to first token that 90 % of requests beat, in seconds.</source>
        <translation>90 % 的请求都快于的首令牌时间，单位秒。</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/fleetsweepmodel.cpp" line="171" />
        <source>End-to-end latency that 90 % of requests beat, in seconds.</source>
        <translation>90 % 的请求都快于的端到端延迟，单位秒。</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/fleetsweepmodel.cpp" line="173" />
        <source>Share of all requests (unfinished ones count as misses) within every bound of the SLO, in percent; red when below the share needed.</source>
        <translation>满足 SLO 全部界限的请求占全部请求的百分比（未完成的算作未满足）；低于所需占比时为红色。</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/fleetsweepmodel.cpp" line="176" />
        <source>Times an adapter was loaded into a replica's GPU memory, summed over the fleet.</source>
        <translation>适配器被加载到副本 GPU 显存中的次数，对整个集群求和。</translation>
    </message>
</context>
<context>
    <name>lorascope::FleetSweepText</name>
    <message>
        <location filename="../../ui/sweep/fleetsweeptext.cpp" line="26" />
        <source>1 replica</source>
        <translation>1 个副本</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/fleetsweeptext.cpp" line="26" />
        <source>%1 replicas</source>
        <translation>%1 个副本</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/fleetsweeptext.cpp" line="31" />
        <source>1 GPU</source>
        <translation>1 个 GPU</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/fleetsweeptext.cpp" line="31" />
        <source>%1 GPUs</source>
        <translation>%1 个 GPU</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/fleetsweeptext.cpp" line="48" />
        <source>SLO %1:</source>
        <translation>SLO %1：</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/fleetsweeptext.cpp" line="57" />
        <source>%1: no fleet size from %2 to %3 meets it; at %3 (%4) %5 of requests meet it, %6 are needed. Try larger values.</source>
        <translation>%1：从 %2 到 %3 的集群规模都达不到；在 %3（%4）时 %5 的请求达标，需要 %6。请尝试更大的取值。</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/fleetsweeptext.cpp" line="66" />
        <source>%1: &lt;b&gt;%2&lt;/b&gt; (%3), %4 of requests meet it</source>
        <translation>%1：&lt;b&gt;%2&lt;/b&gt;（%3），%4 的请求达标</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/fleetsweeptext.cpp" line="69" />
        <source>; the smallest size tried already meets it (try smaller values)</source>
        <translation>；所试的最小规模已经达标（可尝试更小的取值）</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/fleetsweeptext.cpp" line="71" />
        <source>; with %1: %2</source>
        <translation>；%1 个副本时：%2</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/fleetsweeptext.cpp" line="73" />
        <source> (a larger fleet missed it: the answer assumes more replicas never hurt, check the points)</source>
        <translation>（更大的集群反而未达标：此结论假定副本越多不会更差，请检查各点）</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/fleetsweeptext.cpp" line="80" />
        <source>No fleet size in the range meets this SLO with any router.</source>
        <translation>在此范围内，任何路由器的任何集群规模都达不到此 SLO。</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/fleetsweeptext.cpp" line="83" />
        <source>%1 needs %2; round-robin needs more than %3: a saving of at least %4.</source>
        <translation>%1 需要 %2；round-robin 需要多于 %3：至少节省 %4。</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/fleetsweeptext.cpp" line="88" />
        <source>&lt;b&gt;%1 saves %2&lt;/b&gt; (%3) over round-robin.</source>
        <translation>&lt;b&gt;%1 比 round-robin 节省 %2&lt;/b&gt;（%3）。</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/fleetsweeptext.cpp" line="92" />
        <source>No router needs fewer replicas than round-robin.</source>
        <translation>没有路由器比 round-robin 需要更少的副本。</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/fleetsweeptext.cpp" line="109" />
        <source>%1 ms</source>
        <translation>%1 ms</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/fleetsweeptext.cpp" line="112" />
        <source>%1: meets %2 at no point</source>
        <translation>%1：没有任何点满足 %2</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/fleetsweeptext.cpp" line="113" />
        <source>%1: meets %2 at %3</source>
        <translation>%1：在 %3 时满足 %2</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/fleetsweeptext.cpp" line="119" />
        <source>%1: the smallest swept fleet meeting %2 has &lt;b&gt;%3&lt;/b&gt;</source>
        <translation>%1：满足 %2 的最小扫描集群有 &lt;b&gt;%3&lt;/b&gt;</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/fleetsweeptext.cpp" line="121" />
        <source>%1: no swept fleet size meets %2</source>
        <translation>%1：没有扫描的集群规模满足 %2</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/fleetsweeptext.cpp" line="123" />
        <source>No swept fleet size meets the SLO with any router: sweep larger fleets.</source>
        <translation>任何路由器的扫描集群规模都达不到 SLO：请扫描更大的集群。</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/fleetsweeptext.cpp" line="126" />
        <source>%1 meets it with %2; round-robin with none of the swept sizes.</source>
        <translation>%1 用 %2 即可达标；round-robin 在所有扫描规模下都达不到。</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/fleetsweeptext.cpp" line="129" />
        <source>&lt;b&gt;%1 saves %2&lt;/b&gt; over round-robin.</source>
        <translation>&lt;b&gt;%1 比 round-robin 节省 %2&lt;/b&gt;。</translation>
    </message>
</context>
<context>
    <name>lorascope::FleetTab</name>
    <message>
        <location filename="../../ui/fleet/fleettab.cpp" line="70" />
        <source>All replicas: the colour counts the replicas holding the adapter. One replica: the share of each time bin the adapter was on its GPU.</source>
        <translation>所有副本：颜色表示持有该适配器的副本数。单个副本：每个时间箱中该适配器位于其 GPU 上的时间占比。</translation>
    </message>
    <message>
        <location filename="../../ui/fleet/fleettab.cpp" line="104" />
        <source>Hover over a request, or select it, to see why the router sent it where it did.</source>
        <translation>悬停或选中一个请求，查看路由器为何把它发往该处。</translation>
    </message>
    <message>
        <location filename="../../ui/fleet/fleettab.cpp" line="108" />
        <source>Routing decisions</source>
        <translation>路由决策</translation>
    </message>
    <message>
        <location filename="../../ui/fleet/fleettab.cpp" line="114" />
        <location filename="../../ui/fleet/fleetviews.cpp" line="246" />
        <source>Replicas</source>
        <translation>副本</translation>
    </message>
    <message>
        <location filename="../../ui/fleet/fleettab.cpp" line="127" />
        <source>A/B compare</source>
        <translation>A/B 对比</translation>
    </message>
    <message>
        <location filename="../../ui/fleet/fleettab.cpp" line="172" />
        <source>The current workload routed over a fleet of replicas. Every replica runs the Admission tab's server and cost model; the router decides at each arrival from what it can see.</source>
        <translation>当前工作负载经路由分发到一组副本上。每个副本运行“准入预览”选项卡中的服务器与代价模型；路由器在每个请求到达时根据它能看到的信息做出决定。</translation>
    </message>
    <message>
        <location filename="../../ui/fleet/fleettab.cpp" line="178" />
        <source>Fleet A</source>
        <translation>集群 A</translation>
    </message>
    <message>
        <location filename="../../ui/fleet/fleettab.cpp" line="183" />
        <location filename="../../ui/fleet/fleettab.cpp" line="236" />
        <source> replica(s)</source>
        <translation> 个副本</translation>
    </message>
    <message>
        <location filename="../../ui/fleet/fleettab.cpp" line="185" />
        <source>Copies of the server behind the router; each is one model server (vLLM or S-LoRA) on its own GPUs.</source>
        <translation>路由器后面的服务器副本；每个副本是运行在自己 GPU 上的一个模型服务器（vLLM 或 S-LoRA）。</translation>
    </message>
    <message>
        <location filename="../../ui/fleet/fleettab.cpp" line="186" />
        <source>Replicas:</source>
        <translation>副本数：</translation>
    </message>
    <message>
        <location filename="../../ui/fleet/fleettab.cpp" line="189" />
        <source> GPU(s)</source>
        <translation> 个 GPU</translation>
    </message>
    <message>
        <location filename="../../ui/fleet/fleettab.cpp" line="190" />
        <source>GPUs one replica uses (tensor parallelism); only for the totals in GPUs.</source>
        <translation>一个副本使用的 GPU 数（张量并行）；仅用于按 GPU 计的总数。</translation>
    </message>
    <message>
        <location filename="../../ui/fleet/fleettab.cpp" line="191" />
        <source>Per replica:</source>
        <translation>每个副本：</translation>
    </message>
    <message>
        <location filename="../../ui/fleet/fleettab.cpp" line="194" />
        <source>Router:</source>
        <translation>路由器：</translation>
    </message>
    <message>
        <location filename="../../ui/fleet/fleettab.cpp" line="204" />
        <source> ms</source>
        <translation> ms</translation>
    </message>
    <message>
        <location filename="../../ui/fleet/fleettab.cpp" line="205" />
        <source>0 ms: perfect information</source>
        <translation>0 ms：完全信息</translation>
    </message>
    <message>
        <location filename="../../ui/fleet/fleettab.cpp" line="206" />
        <source>How often the router scrapes the replicas' metrics (GIE and AIBrix: every 50 ms). Between scrapes it routes on what it saw last; 0 = it sees every replica as it is at each decision.</source>
        <translation>路由器抓取副本指标的间隔（GIE 和 AIBrix：每 50 ms）。两次抓取之间它按最后看到的信息路由；0 = 每次决策时都能看到各副本的实时状态。</translation>
    </message>
    <message>
        <location filename="../../ui/fleet/fleettab.cpp" line="209" />
        <source>Metrics every:</source>
        <translation>指标间隔：</translation>
    </message>
    <message>
        <location filename="../../ui/fleet/fleettab.cpp" line="211" />
        <source>Dynamic: loaded where routed</source>
        <translation>动态：路由到哪里就在哪里加载</translation>
    </message>
    <message>
        <location filename="../../ui/fleet/fleettab.cpp" line="212" />
        <source>Static: each adapter pinned</source>
        <translation>静态：每个适配器固定位置</translation>
    </message>
    <message>
        <location filename="../../ui/fleet/fleettab.cpp" line="214" />
        <source>Dynamic: any replica loads any adapter when a request needs it. Static: each adapter lives on its replicas only (chosen greedily by expected load), and the router chooses among those.</source>
        <translation>动态：任何副本在请求需要时都可加载任何适配器。静态：每个适配器只位于其指定副本上（按期望负载贪心选择），路由器在这些副本中选择。</translation>
    </message>
    <message>
        <location filename="../../ui/fleet/fleettab.cpp" line="216" />
        <source>Adapters:</source>
        <translation>适配器：</translation>
    </message>
    <message>
        <location filename="../../ui/fleet/fleettab.cpp" line="219" />
        <source> replica(s) each</source>
        <translation> 个副本（每个适配器）</translation>
    </message>
    <message>
        <location filename="../../ui/fleet/fleettab.cpp" line="220" />
        <source>Static placement: on how many replicas each adapter is pinned.</source>
        <translation>静态放置：每个适配器固定在多少个副本上。</translation>
    </message>
    <message>
        <location filename="../../ui/fleet/fleettab.cpp" line="221" />
        <source>Pinned to:</source>
        <translation>固定于：</translation>
    </message>
    <message>
        <location filename="../../ui/fleet/fleettab.cpp" line="224" />
        <source>Compare with fleet B</source>
        <translation>与集群 B 对比</translation>
    </message>
    <message>
        <location filename="../../ui/fleet/fleettab.cpp" line="226" />
        <source>Run fleet B on the same workload</source>
        <translation>在同一工作负载上运行集群 B</translation>
    </message>
    <message>
        <location filename="../../ui/fleet/fleettab.cpp" line="227" />
        <source>B is fleet A with another router or another number of replicas; the A/B compare page and chart show both.</source>
        <translation>B 是换用另一个路由器或另一副本数的集群 A；“A/B 对比”页和图表会同时显示两者。</translation>
    </message>
    <message>
        <location filename="../../ui/fleet/fleettab.cpp" line="232" />
        <source>Router B:</source>
        <translation>路由器 B：</translation>
    </message>
    <message>
        <location filename="../../ui/fleet/fleettab.cpp" line="237" />
        <source>Replicas B:</source>
        <translation>副本数 B：</translation>
    </message>
    <message>
        <location filename="../../ui/fleet/fleettab.cpp" line="240" />
        <source>Run</source>
        <translation>运行</translation>
    </message>
    <message>
        <location filename="../../ui/fleet/fleettab.cpp" line="242" />
        <source>Route and preview the workload now (it runs by itself after a change, up to 300,000 requests).</source>
        <translation>立即路由并预览工作负载（修改后会自动运行，最多 300,000 个请求）。</translation>
    </message>
    <message numerus="yes">
        <location filename="../../ui/fleet/fleettab.cpp" line="363" />
        <source>Routing %n request(s)…</source>
        <translation>
            <numerusform>正在路由 %n 个请求…</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../ui/fleet/fleetviews.cpp" line="58" />
        <location filename="../../ui/fleet/fleetviews.cpp" line="185" />
        <source>ticks</source>
        <translation>时钟刻度</translation>
    </message>
    <message>
        <location filename="../../ui/fleet/fleetviews.cpp" line="58" />
        <location filename="../../ui/fleet/fleetviews.cpp" line="185" />
        <source>s</source>
        <translation>s</translation>
    </message>
    <message>
        <location filename="../../ui/fleet/fleetviews.cpp" line="59" />
        <source>Time (ticks: one forward pass of each busy replica)</source>
        <translation>时间（时钟刻度：每个忙碌副本的一次前向计算）</translation>
    </message>
    <message>
        <location filename="../../ui/fleet/fleetviews.cpp" line="59" />
        <source>Time (s)</source>
        <translation>时间 (s)</translation>
    </message>
    <message>
        <location filename="../../ui/fleet/fleetviews.cpp" line="62" />
        <source>Running requests per replica</source>
        <translation>各副本运行中的请求</translation>
    </message>
    <message>
        <location filename="../../ui/fleet/fleetviews.cpp" line="62" />
        <source>Waiting requests per replica</source>
        <translation>各副本等待中的请求</translation>
    </message>
    <message>
        <location filename="../../ui/fleet/fleetviews.cpp" line="63" />
        <source>Requests in each replica's running batch over time (the largest in each time bin).</source>
        <translation>各副本运行批次中的请求数随时间的变化（每个时间箱中的最大值）。</translation>
    </message>
    <message>
        <location filename="../../ui/fleet/fleetviews.cpp" line="64" />
        <source>Requests queued at each replica over time (the largest in each time bin): where the router's choices pile up.</source>
        <translation>各副本排队的请求数随时间的变化（每个时间箱中的最大值）：路由器的选择在哪里堆积。</translation>
    </message>
    <message>
        <location filename="../../ui/fleet/fleetviews.cpp" line="67" />
        <source>Running (requests)</source>
        <translation>运行中（请求数）</translation>
    </message>
    <message>
        <location filename="../../ui/fleet/fleetviews.cpp" line="67" />
        <location filename="../../ui/fleet/fleetviews.cpp" line="117" />
        <source>Waiting (requests)</source>
        <translation>等待中（请求数）</translation>
    </message>
    <message>
        <location filename="../../ui/fleet/fleetviews.cpp" line="86" />
        <source>busiest replica</source>
        <translation>最忙的副本</translation>
    </message>
    <message numerus="yes">
        <location filename="../../ui/fleet/fleetviews.cpp" line="87" />
        <source>mean of %n replica(s)</source>
        <translation>
            <numerusform>%n 个副本的均值</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../ui/fleet/fleetviews.cpp" line="88" />
        <source>least busy replica</source>
        <translation>最闲的副本</translation>
    </message>
    <message>
        <location filename="../../ui/fleet/fleetviews.cpp" line="107" />
        <source>Runs by itself when the workload or a setting changes</source>
        <translation>工作负载或设置改变时自动运行</translation>
    </message>
    <message>
        <location filename="../../ui/fleet/fleetviews.cpp" line="113" />
        <source>Waiting requests in the fleet: A vs B</source>
        <translation>集群中的等待请求：A 对 B</translation>
    </message>
    <message>
        <location filename="../../ui/fleet/fleetviews.cpp" line="114" />
        <source>The sum over the replicas of each one's largest queue in a time bin, for fleet A and fleet B on the same workload.</source>
        <translation>同一工作负载下集群 A 和集群 B 中，各副本在每个时间箱内最大队列长度之和。</translation>
    </message>
    <message>
        <location filename="../../ui/fleet/fleetviews.cpp" line="137" />
        <source>A: %1</source>
        <translation>A：%1</translation>
    </message>
    <message>
        <location filename="../../ui/fleet/fleetviews.cpp" line="139" />
        <source>B: %1</source>
        <translation>B：%1</translation>
    </message>
    <message numerus="yes">
        <location filename="../../ui/fleet/fleetviews.cpp" line="141" />
        <source>A: %1 on %n replica(s).</source>
        <translation>
            <numerusform>A：%1，%n 个副本。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../ui/fleet/fleetviews.cpp" line="143" />
        <source>B: %1 on %n replica(s).</source>
        <translation>
            <numerusform>B：%1，%n 个副本。</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../ui/fleet/fleetviews.cpp" line="147" />
        <source>Tick “Run fleet B on the same workload” to compare two routers or two fleet sizes</source>
        <translation>勾选“在同一工作负载上运行集群 B”以对比两个路由器或两种集群规模</translation>
    </message>
    <message>
        <location filename="../../ui/fleet/fleetviews.cpp" line="161" />
        <source>All replicas: how many hold each adapter</source>
        <translation>所有副本：持有各适配器的副本数</translation>
    </message>
    <message>
        <location filename="../../ui/fleet/fleetviews.cpp" line="163" />
        <source>Replica %1: its GPU's adapters</source>
        <translation>副本 %1：其 GPU 上的适配器</translation>
    </message>
    <message>
        <location filename="../../ui/fleet/fleetviews.cpp" line="174" />
        <source>The fleet cannot run: %1</source>
        <translation>集群无法运行：%1</translation>
    </message>
    <message>
        <location filename="../../ui/fleet/fleetviews.cpp" line="176" />
        <source>No result yet: the fleet runs when the workload is ready.</source>
        <translation>尚无结果：工作负载就绪后集群即会运行。</translation>
    </message>
    <message>
        <location filename="../../ui/fleet/fleetviews.cpp" line="180" />
        <location filename="../../ui/fleet/fleetviews.cpp" line="231" />
        <source>Tick “Run fleet B on the same workload” (Fleet settings) to compare two routers or two fleet sizes.</source>
        <translation>勾选“在同一工作负载上运行集群 B”（集群设置）以对比两个路由器或两种集群规模。</translation>
    </message>
    <message numerus="yes">
        <location filename="../../ui/fleet/fleetviews.cpp" line="187" />
        <source>%n replica(s)</source>
        <translation>
            <numerusform>%n 个副本</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../ui/fleet/fleetviews.cpp" line="187" />
        <source>, %n GPU(s); </source>
        <translation>
            <numerusform>，%n 个 GPU；</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../ui/fleet/fleetviews.cpp" line="188" />
        <source>router: %1</source>
        <translation>路由器：%1</translation>
    </message>
    <message>
        <location filename="../../ui/fleet/fleetviews.cpp" line="189" />
        <source>%1 of %2 requests finished; TTFT mean %3 %5, p99 %4 %5 (time from arrival to the first token).</source>
        <translation>%2 个请求中 %1 个已完成；TTFT 均值 %3 %5，p99 %4 %5（从到达到第一个令牌的时间）。</translation>
    </message>
    <message>
        <location filename="../../ui/fleet/fleetviews.cpp" line="194" />
        <source>%1 % of all requests got their first token within 6 s (S-LoRA's SLO).</source>
        <translation>%1% 的请求在 6 s 内得到第一个令牌（S-LoRA 的 SLO）。</translation>
    </message>
    <message numerus="yes">
        <location filename="../../ui/fleet/fleetviews.cpp" line="197" />
        <source>Adapters were copied onto a GPU %n time(s) (loads).</source>
        <translation>
            <numerusform>适配器被复制到 GPU 上 %n 次（加载）。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../ui/fleet/fleetviews.cpp" line="200" />
        <source>The router dropped %n sheddable request(s).</source>
        <translation>
            <numerusform>路由器丢弃了 %n 个可丢弃的请求。</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../ui/fleet/fleetviews.cpp" line="204" />
        <source>Replica</source>
        <translation>副本</translation>
    </message>
    <message>
        <location filename="../../ui/fleet/fleetviews.cpp" line="204" />
        <source>Routed
(requests)</source>
        <translation>路由到此
（请求数）</translation>
    </message>
    <message>
        <location filename="../../ui/fleet/fleetviews.cpp" line="204" />
        <source>Wait p99
(%1)</source>
        <translation>等待 p99
（%1）</translation>
    </message>
    <message>
        <location filename="../../ui/fleet/fleetviews.cpp" line="204" />
        <source>TTFT mean
(%1)</source>
        <translation>TTFT 均值
（%1）</translation>
    </message>
    <message>
        <location filename="../../ui/fleet/fleetviews.cpp" line="205" />
        <source>TTFT p99
(%1)</source>
        <translation>TTFT p99
（%1）</translation>
    </message>
    <message>
        <location filename="../../ui/fleet/fleetviews.cpp" line="205" />
        <source>Loads
(adapters)</source>
        <translation>加载
（适配器次数）</translation>
    </message>
    <message>
        <location filename="../../ui/fleet/fleetviews.cpp" line="205" />
        <source>Evictions
(adapters)</source>
        <translation>逐出
（适配器次数）</translation>
    </message>
    <message>
        <location filename="../../ui/fleet/fleetviews.cpp" line="205" />
        <source>Adapters
loaded</source>
        <translation>加载过的
适配器数</translation>
    </message>
    <message>
        <location filename="../../ui/fleet/fleetviews.cpp" line="206" />
        <source>Busy
(%)</source>
        <translation>忙碌
(%)</translation>
    </message>
    <message>
        <location filename="../../ui/fleet/fleetviews.cpp" line="207" />
        <source>The replica's name.</source>
        <translation>副本的名称。</translation>
    </message>
    <message>
        <location filename="../../ui/fleet/fleetviews.cpp" line="207" />
        <source>Requests the router sent to it.</source>
        <translation>路由器发给它的请求数。</translation>
    </message>
    <message>
        <location filename="../../ui/fleet/fleetviews.cpp" line="208" />
        <source>99th percentile of the time its requests queued before they ran.</source>
        <translation>其请求在运行前排队时间的第 99 百分位数。</translation>
    </message>
    <message>
        <location filename="../../ui/fleet/fleetviews.cpp" line="209" />
        <source>Mean time from arrival to first token of its requests.</source>
        <translation>其请求从到达到第一个令牌的平均时间。</translation>
    </message>
    <message>
        <location filename="../../ui/fleet/fleetviews.cpp" line="209" />
        <source>99th percentile of the same.</source>
        <translation>同一时间的第 99 百分位数。</translation>
    </message>
    <message>
        <location filename="../../ui/fleet/fleetviews.cpp" line="210" />
        <source>Times an adapter was copied onto its GPU.</source>
        <translation>适配器被复制到其 GPU 上的次数。</translation>
    </message>
    <message>
        <location filename="../../ui/fleet/fleetviews.cpp" line="210" />
        <source>Times an adapter left its GPU.</source>
        <translation>适配器离开其 GPU 的次数。</translation>
    </message>
    <message>
        <location filename="../../ui/fleet/fleetviews.cpp" line="211" />
        <source>Distinct adapters it ever loaded.</source>
        <translation>它加载过的不同适配器数。</translation>
    </message>
    <message>
        <location filename="../../ui/fleet/fleetviews.cpp" line="211" />
        <source>Share of the run its GPU spent in forward passes.</source>
        <translation>运行期间其 GPU 用于前向计算的时间占比。</translation>
    </message>
    <message>
        <location filename="../../ui/fleet/fleetviews.cpp" line="237" />
        <source>Figure</source>
        <translation>指标</translation>
    </message>
    <message>
        <location filename="../../ui/fleet/fleetviews.cpp" line="237" />
        <source>A</source>
        <translation>A</translation>
    </message>
    <message>
        <location filename="../../ui/fleet/fleetviews.cpp" line="237" />
        <source>B</source>
        <translation>B</translation>
    </message>
    <message>
        <location filename="../../ui/fleet/fleetviews.cpp" line="237" />
        <source>B − A</source>
        <translation>B − A</translation>
    </message>
    <message>
        <location filename="../../ui/fleet/fleetviews.cpp" line="238" />
        <source>What is compared, with its unit.</source>
        <translation>对比的指标及其单位。</translation>
    </message>
    <message>
        <location filename="../../ui/fleet/fleetviews.cpp" line="238" />
        <source>Fleet A (the Fleet A settings).</source>
        <translation>集群 A（“集群 A”中的设置）。</translation>
    </message>
    <message>
        <location filename="../../ui/fleet/fleetviews.cpp" line="239" />
        <source>Fleet B (router B, replicas B).</source>
        <translation>集群 B（路由器 B、副本数 B）。</translation>
    </message>
    <message>
        <location filename="../../ui/fleet/fleetviews.cpp" line="239" />
        <source>The difference.</source>
        <translation>差值。</translation>
    </message>
    <message>
        <location filename="../../ui/fleet/fleetviews.cpp" line="247" />
        <source>GPUs</source>
        <translation>GPU 数</translation>
    </message>
    <message>
        <location filename="../../ui/fleet/fleetviews.cpp" line="248" />
        <source>TTFT mean (%1)</source>
        <translation>TTFT 均值（%1）</translation>
    </message>
    <message>
        <location filename="../../ui/fleet/fleetviews.cpp" line="249" />
        <source>TTFT p99 (%1)</source>
        <translation>TTFT p99 (%1)</translation>
    </message>
    <message>
        <location filename="../../ui/fleet/fleetviews.cpp" line="250" />
        <source>E2E p99 (%1)</source>
        <translation>E2E p99 (%1)</translation>
    </message>
    <message>
        <location filename="../../ui/fleet/fleetviews.cpp" line="251" />
        <source>Requests with TTFT &lt; 6 s (%)</source>
        <translation>TTFT &lt; 6 s 的请求 (%)</translation>
    </message>
    <message>
        <location filename="../../ui/fleet/fleetviews.cpp" line="252" />
        <source>Throughput (requests/%1)</source>
        <translation>吞吐量（请求/%1）</translation>
    </message>
    <message>
        <location filename="../../ui/fleet/fleetviews.cpp" line="253" />
        <source>Adapter loads (copies onto a GPU)</source>
        <translation>适配器加载（复制到 GPU 的次数）</translation>
    </message>
    <message>
        <location filename="../../ui/fleet/fleetviews.cpp" line="256" />
        <source>Router</source>
        <translation>路由器</translation>
    </message>
    <message numerus="yes">
        <location filename="../../ui/fleet/fleetviews.cpp" line="272" />
        <source>B (%1, %n replica(s)) against A (%2, %3 replicas) on the same %4 requests: TTFT p99 %5 %6 → %7 %6; adapter loads %8 → %9.</source>
        <translation>
            <numerusform>B（%1，%n 个副本）对 A（%2，%3 个副本），同样的 %4 个请求：TTFT p99 %5 %6 → %7 %6；适配器加载 %8 → %9。</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>lorascope::GanttView</name>
    <message>
        <location filename="../../ui/admission/ganttview.cpp" line="152" />
        <source>Requests %1–%2: queue wait (grey), prefill (light), decode (colour by adapter)</source>
        <translation>请求 %1–%2：排队等待（灰色）、预填充（浅色）、解码（按适配器着色）</translation>
    </message>
    <message>
        <location filename="../../ui/admission/ganttview.cpp" line="156" />
        <source>; hover for why a request waited</source>
        <translation>；悬停查看请求等待的原因</translation>
    </message>
    <message>
        <location filename="../../ui/admission/ganttview.cpp" line="159" />
        <source>Requests %1–%2 (grey: waiting; colour: running, by adapter)</source>
        <translation>请求 %1–%2（灰色：等待；彩色：运行，按适配器）</translation>
    </message>
    <message>
        <location filename="../../ui/admission/ganttview.cpp" line="162" />
        <source>Requests %1–%2</source>
        <translation>请求 %1–%2</translation>
    </message>
    <message>
        <location filename="../../ui/admission/ganttview.cpp" line="219" />
        <source>base model</source>
        <translation>基础模型</translation>
    </message>
    <message>
        <location filename="../../ui/admission/ganttview.cpp" line="223" />
        <source>%1 (rank %2)</source>
        <translation>%1（秩 %2）</translation>
    </message>
    <message>
        <location filename="../../ui/admission/ganttview.cpp" line="229" />
        <source>Request %1 · %2 · %3 input / %4 output tokens</source>
        <translation>请求 %1 · %2 · 输入 %3 / 输出 %4 个令牌</translation>
    </message>
    <message>
        <location filename="../../ui/admission/ganttview.cpp" line="230" />
        <source>Arrived %1</source>
        <translation>到达 %1</translation>
    </message>
    <message>
        <location filename="../../ui/admission/ganttview.cpp" line="232" />
        <source>, admitted %1 (waited %2)</source>
        <translation>，准入 %1（等待 %2）</translation>
    </message>
    <message>
        <location filename="../../ui/admission/ganttview.cpp" line="234" />
        <source>, first token %1 (TTFT %2)</source>
        <translation>，首个令牌 %1（TTFT %2）</translation>
    </message>
    <message>
        <location filename="../../ui/admission/ganttview.cpp" line="236" />
        <source>, finished %1 (E2E %2)</source>
        <translation>，完成 %1（E2E %2）</translation>
    </message>
    <message>
        <location filename="../../ui/admission/ganttview.cpp" line="237" />
        <source>Status: %1</source>
        <translation>状态：%1</translation>
    </message>
    <message>
        <location filename="../../ui/admission/ganttview.cpp" line="240" />
        <source>Why it waited: %1 — %2</source>
        <translation>等待原因：%1——%2</translation>
    </message>
</context>
<context>
    <name>lorascope::HelpTexts</name>
    <message>
        <location filename="../../ui/text/helptexts.cpp" line="57" />
        <source>&lt;h2&gt;What am I looking at? — Workload&lt;/h2&gt;&lt;p&gt;The left column holds every parameter of the synthetic workload; the explain panel under it describes the parameter you hover or edit. The charts show the generated trace (blue bars or points) and the model's expectation (red line):&lt;/p&gt;&lt;ul&gt;&lt;li&gt;&lt;b&gt;Adapter popularity&lt;/b&gt;: requests per adapter, hottest first. α = 1 spreads requests evenly; small α makes a few adapters hot. The log–log box turns power laws into straight lines.&lt;/li&gt;&lt;li&gt;&lt;b&gt;Inter-arrival gaps&lt;/b&gt;: time between consecutive requests on a log scale. Large cv gives many tiny gaps (bursts) and a few long silences; gaps outside the bulk are counted in the grey bars at the ends.&lt;/li&gt;&lt;li&gt;&lt;b&gt;Input / output length&lt;/b&gt;: prompt and generated tokens per request.&lt;/li&gt;&lt;li&gt;&lt;b&gt;Request rate over time&lt;/b&gt;: arrivals per second; the dashed line is the rate R you set.&lt;/li&gt;&lt;li&gt;&lt;b&gt;Arrivals per adapter&lt;/b&gt;: one row per hot adapter, one mark per request (wheel to zoom, drag to pan).&lt;/li&gt;&lt;/ul&gt;&lt;p&gt;The status bar sums up the trace: requests, achieved rate, gap cv, fitted α and requests over the server's per-request limits.&lt;/p&gt;</source>
        <translation>&lt;h2&gt;我在看什么？——工作负载&lt;/h2&gt;&lt;p&gt;左栏是合成工作负载的全部参数；其下方的说明面板介绍你悬停或编辑的参数。图表显示生成的轨迹（蓝色柱或点）和模型的期望值（红线）：&lt;/p&gt;&lt;ul&gt;&lt;li&gt;&lt;b&gt;适配器热度&lt;/b&gt;：每个适配器的请求数，最热门的在前。α = 1 时请求均匀分布；α 越小，少数适配器越热门。勾选“双对数”后，幂律会变成直线。&lt;/li&gt;&lt;li&gt;&lt;b&gt;到达间隔&lt;/b&gt;：相邻请求之间的时间（对数刻度）。cv 越大，极短的间隔（突发）越多，长时间的空闲也越多；主体范围之外的间隔计入两端的灰色柱。&lt;/li&gt;&lt;li&gt;&lt;b&gt;输入/输出长度&lt;/b&gt;：每个请求的提示词令牌数和生成令牌数。&lt;/li&gt;&lt;li&gt;&lt;b&gt;请求速率随时间变化&lt;/b&gt;：每秒到达数；虚线是你设置的速率 R。&lt;/li&gt;&lt;li&gt;&lt;b&gt;各适配器的到达&lt;/b&gt;：每个热门适配器一行，每个请求一个标记（滚轮缩放，拖动平移）。&lt;/li&gt;&lt;/ul&gt;&lt;p&gt;状态栏汇总轨迹：请求数、实际速率、间隔 cv、拟合的 α，以及超过服务器单请求限制的请求数。&lt;/p&gt;</translation>
    </message>
    <message>
        <location filename="../../ui/text/helptexts.cpp" line="11" />
        <source>&lt;h2&gt;LoraScope in five minutes&lt;/h2&gt;&lt;p&gt;LoraScope designs synthetic workloads for multi-LoRA LLM servers (S-LoRA, vLLM, SGLang, LoRAX), previews how a server would admit and delay them, exports them for other tools and replays them against a server.&lt;/p&gt;&lt;h3&gt;1. Workload&lt;/h3&gt;&lt;p&gt;Pick a &lt;b&gt;preset&lt;/b&gt; (the S-LoRA paper's settings S1–S6, or one of its benchmark suites), then change the &lt;b&gt;number of adapters n&lt;/b&gt;, the &lt;b&gt;rate R&lt;/b&gt;, the &lt;b&gt;popularity skew α&lt;/b&gt; and the &lt;b&gt;burstiness cv&lt;/b&gt;. The charts follow at once: bars are the generated trace, red lines what the model expects, so you see sampling noise against the model. Hover or click a parameter: the explain panel gives its meaning, formula and current effect.&lt;/p&gt;&lt;h3&gt;2. Admission preview&lt;/h3&gt;&lt;p&gt;How a server with the given limits would run this workload, under the rules of the policy you choose: S-LoRA's queue, vLLM V1's scheduler or SGLang's. You see requests running and waiting over time, the KV cache against its capacity, latency distributions, which LoRA adapters are on the GPU and in CPU memory, and every request on a Gantt chart. The table under the charts gives each request's reason for waiting, and the pane beside it says it in full sentences for the selected request. A red banner says when requests are refused (with the setting that would serve them, one click away) or arrive faster than the server can serve. When an input changed and the preview was not recomputed, a yellow line above it says so. &lt;b&gt;Step through&lt;/b&gt; runs the scheduler one forward pass at a time: press W to jump to the next pass where a limit makes a request wait.&lt;/p&gt;&lt;h3&gt;3. Export and replay&lt;/h3&gt;&lt;p&gt;File &amp;gt; Export Trace writes the trace in the format another tool reads (S-LoRA, vLLM, GuideLLM, Mooncake, CSV). The Replay tab sends it to a server, or to the built-in simulated server, and charts throughput and latency live.&lt;/p&gt;&lt;h3&gt;4. Compare&lt;/h3&gt;&lt;p&gt;View &amp;gt; Pin Current Parameters as A (Ctrl+Shift+A), change something, and the A/B Compare tab shows both workloads and their previews side by side with the differences.&lt;/p&gt;&lt;h3&gt;5. Sweep&lt;/h3&gt;&lt;p&gt;The Sweep tab varies one parameter over a range and finds the highest rate that meets your SLO, with S-LoRA's published measurements drawn over the preview for the paper's suites.&lt;/p&gt;&lt;h3&gt;Tips&lt;/h3&gt;&lt;ul&gt;&lt;li&gt;F1 explains the tab in front of you; F9 hides the side panels to give the charts the whole window.&lt;/li&gt;&lt;li&gt;Every edit can be undone (Ctrl+Z); sessions (File &amp;gt; Save Session) keep parameters, server settings and view.&lt;/li&gt;&lt;li&gt;Right-click a chart to export it as PNG or SVG at the size and scale you choose.&lt;/li&gt;&lt;/ul&gt;</source>
        <translation>&lt;h2&gt;五分钟上手 LoraScope&lt;/h2&gt;&lt;p&gt;LoraScope 为多 LoRA 大模型服务系统（S-LoRA、vLLM、SGLang、LoRAX）设计合成工作负载，预览服务器将如何准入和延迟这些请求，将其导出给其他工具，并向服务器回放。&lt;/p&gt;&lt;h3&gt;1. 工作负载&lt;/h3&gt;&lt;p&gt;选择一个&lt;b&gt;预设&lt;/b&gt;（S-LoRA 论文中的设置 S1–S6，或其中的某个基准测试套件），然后修改&lt;b&gt;适配器数量 n&lt;/b&gt;、&lt;b&gt;速率 R&lt;/b&gt;、&lt;b&gt;热度偏斜 α&lt;/b&gt; 和&lt;b&gt;突发度 cv&lt;/b&gt;。图表会立即更新：柱状图是生成的轨迹，红线是模型的期望值，由此可以看出采样噪声与模型的差别。悬停或点击某个参数：说明面板会给出它的含义、公式和当前的影响。&lt;/p&gt;&lt;h3&gt;2. 准入预览&lt;/h3&gt;&lt;p&gt;在给定限制下，按你所选策略的规则（S-LoRA 的队列、vLLM V1 的调度器或 SGLang 的调度器），服务器会如何运行这个工作负载。你可以看到运行中和等待中的请求随时间的变化、KV 缓存与其容量的对比、延迟分布、哪些 LoRA 适配器在 GPU 上和在 CPU 内存中，以及甘特图上的每一个请求。图表下方的表格给出每个请求的等待原因，旁边的窗格用完整的句子说明所选请求。当请求被拒绝（并给出可服务它们的设置，一键即可应用）或到达速度超过服务器的处理能力时，会出现红色横幅。当某个输入已更改而预览尚未重新计算时，预览上方的黄色提示行会说明。&lt;b&gt;逐步执行&lt;/b&gt;每次运行调度器的一次前向计算：按 W 跳到下一次因某个限制而使请求等待的前向计算。&lt;/p&gt;&lt;h3&gt;3. 导出与回放&lt;/h3&gt;&lt;p&gt;“文件 &amp;gt; 导出轨迹”以其他工具可读的格式（S-LoRA、vLLM、GuideLLM、Mooncake、CSV）写出轨迹。“回放”选项卡把轨迹发送到服务器或内置的模拟服务器，并实时绘制吞吐量和延迟。&lt;/p&gt;&lt;h3&gt;4. 对比&lt;/h3&gt;&lt;p&gt;“视图 &amp;gt; 将当前参数固定为 A”（Ctrl+Shift+A），然后修改某些参数，“A/B 对比”选项卡会并排显示两个工作负载及其预览，并列出差异。&lt;/p&gt;&lt;h3&gt;5. 扫描&lt;/h3&gt;&lt;p&gt;“扫描”选项卡在一个范围内改变某个参数，并找出仍满足 SLO 的最高速率；对论文中的套件，还会把 S-LoRA 发表的 GPU 实测点画在预览曲线上。&lt;/p&gt;&lt;h3&gt;提示&lt;/h3&gt;&lt;ul&gt;&lt;li&gt;F1 解释当前选项卡；F9 隐藏侧边面板，让图表占据整个窗口。&lt;/li&gt;&lt;li&gt;每次编辑都可以撤销（Ctrl+Z）；会话（文件 &amp;gt; 保存会话）会保存参数、服务器设置和视图。&lt;/li&gt;&lt;li&gt;右键单击图表，可按所选尺寸和缩放将其导出为 PNG 或 SVG。&lt;/li&gt;&lt;/ul&gt;</translation>
    </message>
    <message>
        <location filename="../../ui/text/helptexts.cpp" line="75" />
        <source>&lt;h2&gt;What am I looking at? — Admission preview&lt;/h2&gt;&lt;p&gt;A simulation of the server on the current workload, with the limits and policy on the left. With the cost-model clock times are seconds on the chosen GPU; with the step clock each forward pass is one tick.&lt;/p&gt;&lt;ul&gt;&lt;li&gt;&lt;b&gt;Running requests and queue&lt;/b&gt;: how many requests run and wait over time.&lt;/li&gt;&lt;li&gt;&lt;b&gt;KV cache&lt;/b&gt;: slots in use and the peak the running batch may need, against the capacity. In S-LoRA the adapter weights share this pool: each resident adapter holds rank × 4 slots.&lt;/li&gt;&lt;li&gt;&lt;b&gt;Latency distributions&lt;/b&gt;: queue wait, time to first token (TTFT) and end-to-end latency (E2E) per request.&lt;/li&gt;&lt;li&gt;&lt;b&gt;Requests: why each waited&lt;/b&gt;: a sortable, filterable table with the reason right after the request number; beside it the selected request in full sentences: how long it waited, why (with the limit's numbers) and its times.&lt;/li&gt;&lt;li&gt;&lt;b&gt;Request Gantt&lt;/b&gt;: one row per request: grey while it waits, light while its prompt is processed, coloured while it generates. Select a request for why it waited.&lt;/li&gt;&lt;li&gt;&lt;b&gt;Step through&lt;/b&gt;: one forward pass at a time, with every number of the admission check and the requests that start waiting in it. Keys (anywhere while this tab is shown): N next, P previous, W next wait, A next admission, R next refusal, G request, T time, Home restart. A dashed line on the time charts and the Gantt marks the pass shown.&lt;/li&gt;&lt;/ul&gt;&lt;p&gt;The three policies, each in its own server's words:&lt;/p&gt;&lt;ul&gt;&lt;li&gt;&lt;b&gt;S-LoRA&lt;/b&gt;: one first-come, first-served queue. A waiting request joins the running batch when the batch's peak KV need, if every request ran to its end, stays strictly below the KV slots free; adapter weights share those slots (rank × 4 each). With abort, requests waiting 5.5 s are dropped.&lt;/li&gt;&lt;li&gt;&lt;b&gt;vLLM V1&lt;/b&gt;: every step has a token budget (max_num_batched_tokens) shared by the running requests' decodes and prefill chunks; KV memory comes in blocks, and a request that finds none free preempts the newest running one, which computes its tokens again later. At most max_loras adapters run in one step; adapters above max_lora_rank are refused.&lt;/li&gt;&lt;li&gt;&lt;b&gt;SGLang&lt;/b&gt;: a KV token pool with a reserve for the output the running requests will still generate; long prompts are prefilled in slices of chunked_prefill_size; when the pool runs out, running requests are retracted to the queue. max_loras_per_batch GPU slots hold the adapters (the base model takes one).&lt;/li&gt;&lt;/ul&gt;&lt;ul&gt;&lt;li&gt;&lt;b&gt;LoRA residency&lt;/b&gt;: adapters on the GPU and in CPU memory over time (the largest count in each bin, against the GPU's slots), and under it the loads onto the GPU per bin, from CPU memory or from disk.&lt;/li&gt;&lt;li&gt;&lt;b&gt;Prefill slices&lt;/b&gt; (vLLM, SGLang): the step-through lists the chunk of each long prompt computed in the pass and what remains.&lt;/li&gt;&lt;li&gt;&lt;b&gt;Preemption and retraction&lt;/b&gt;: the step-through and the table name the request preempted (vLLM) or retracted (SGLang) and why; it waits again from that pass.&lt;/li&gt;&lt;/ul&gt;&lt;p&gt;A red banner appears when requests are refused (with the fix, one click away) or arrive faster than the server takes them in: the queue then grows for the whole trace. A yellow line above the charts says when they are out of date: an input changed and the preview was not recomputed (traces over a million requests are previewed on request, with the button there).&lt;/p&gt;</source>
        <translation>&lt;h2&gt;我在看什么？——准入预览&lt;/h2&gt;&lt;p&gt;在当前工作负载上对服务器进行的模拟，限制和策略在左侧设置。使用代价模型时钟时，时间是所选 GPU 上的秒数；使用步进时钟时，每次前向计算计为一个刻度。&lt;/p&gt;&lt;ul&gt;&lt;li&gt;&lt;b&gt;运行中请求与队列&lt;/b&gt;：运行中和等待中的请求数随时间的变化。&lt;/li&gt;&lt;li&gt;&lt;b&gt;KV 缓存&lt;/b&gt;：已用槽位以及运行批次可能需要的峰值，与容量对比。在 S-LoRA 中适配器权重共用这个内存池：每个常驻适配器占用 秩 × 4 个槽位。&lt;/li&gt;&lt;li&gt;&lt;b&gt;延迟分布&lt;/b&gt;：每个请求的排队等待、首令牌时间（TTFT）和端到端延迟（E2E）。&lt;/li&gt;&lt;li&gt;&lt;b&gt;请求：各自为何等待&lt;/b&gt;：可排序、可筛选的表格，原因紧跟在请求编号之后；旁边以完整的句子显示所选请求：等待了多久、为什么（附带限制的数字）以及它的各个时间点。&lt;/li&gt;&lt;li&gt;&lt;b&gt;请求甘特图&lt;/b&gt;：每个请求一行：等待时为灰色，处理提示词时为浅色，生成时为彩色。选中请求查看等待原因。&lt;/li&gt;&lt;li&gt;&lt;b&gt;逐步执行&lt;/b&gt;：每次一个前向计算，显示准入检查的每个数字以及在其中开始等待的请求。按键（在该标签页显示时任何位置均可）：N 下一步，P 上一步，W 下一次等待，A 下一次准入，R 下一次拒绝，G 跳到请求，T 跳到时间，Home 重新开始。时间图表和甘特图上的虚线标出当前显示的前向计算。&lt;/li&gt;&lt;/ul&gt;&lt;p&gt;三种策略，各用其服务器自己的说法：&lt;/p&gt;&lt;ul&gt;&lt;li&gt;&lt;b&gt;S-LoRA&lt;/b&gt;：一个先来先服务的队列。只有当运行批次的峰值 KV 需求（假设每个请求都运行到结束）严格小于空闲的 KV 槽位时，等待中的请求才会加入运行批次；适配器权重共用这些槽位（每个占 秩 × 4）。带中止时，等待 5.5 s 的请求会被丢弃。&lt;/li&gt;&lt;li&gt;&lt;b&gt;vLLM V1&lt;/b&gt;：每一步有一个令牌预算（max_num_batched_tokens），由运行中请求的解码和预填充分块共享；KV 内存按块分配，找不到空闲块的请求会抢占最新的运行中请求，后者稍后重新计算其令牌。一步中最多运行 max_loras 个适配器；秩高于 max_lora_rank 的适配器会被拒绝。&lt;/li&gt;&lt;li&gt;&lt;b&gt;SGLang&lt;/b&gt;：一个 KV 令牌池，并为运行中请求仍将生成的输出预留空间；长提示词按 chunked_prefill_size 分片预填充；令牌池耗尽时，运行中的请求会被撤回到队列。max_loras_per_batch 个 GPU 槽位存放适配器（基础模型占一个）。&lt;/li&gt;&lt;/ul&gt;&lt;ul&gt;&lt;li&gt;&lt;b&gt;LoRA 驻留&lt;/b&gt;：随时间变化的 GPU 上和 CPU 内存中的适配器数（每箱最大值，对比 GPU 槽位数），其下方是每箱加载到 GPU 的次数，来自 CPU 内存或磁盘。&lt;/li&gt;&lt;li&gt;&lt;b&gt;预填充分片&lt;/b&gt;（vLLM、SGLang）：逐步执行会列出每个长提示词在本次前向计算中计算的分块及剩余部分。&lt;/li&gt;&lt;li&gt;&lt;b&gt;抢占与撤回&lt;/b&gt;：逐步执行和表格会指出被抢占（vLLM）或被撤回（SGLang）的请求及原因；它从该次前向计算起重新等待。&lt;/li&gt;&lt;/ul&gt;&lt;p&gt;当请求被拒绝（附带修复方法，一键即可应用）或到达速度超过服务器的接纳速度时会出现红色横幅：此时队列会在整个轨迹中持续增长。图表上方的黄色提示行说明图表何时已过期：某个输入已更改而预览尚未重新计算（超过一百万个请求的轨迹需手动预览，按钮就在那里）。&lt;/p&gt;</translation>
    </message>
    <message>
        <location filename="../../ui/text/helptexts.cpp" line="123" />
        <source>&lt;h2&gt;What am I looking at? — Replay&lt;/h2&gt;&lt;p&gt;Sends the current workload (or a trace file) to a server, or to LoraScope's built-in simulated server, on the trace's schedule, and charts throughput, latencies and errors live. Results are saved as they arrive, one line per request, with a summary at the end.&lt;/p&gt;&lt;ul&gt;&lt;li&gt;&lt;b&gt;One time axis&lt;/b&gt;: every chart counts seconds since trace time 0 as scheduled (trace time × time scale).&lt;/li&gt;&lt;li&gt;&lt;b&gt;Client charts&lt;/b&gt;: requests scheduled, sent and completed per second; TTFT and E2E (p50, p90) of the requests completed in each second, measured from the send; output tokens per second; requests in flight.&lt;/li&gt;&lt;li&gt;&lt;b&gt;Server charts&lt;/b&gt;: running and waiting requests, KV-cache usage and resident adapters as the server reports them on its Prometheus /metrics (vLLM's names; SGLang, TGI and LoRAX are mapped), scraped every 0.5 s. Dashed: the admission preview of the same trace and settings, as the server receives it. When the server's queue or running batch exceeds the preview's band, the tab says where.&lt;/li&gt;&lt;li&gt;&lt;b&gt;Effective latency&lt;/b&gt;: TTFT and E2E counted from the scheduled send time instead of the actual send, so a client that falls behind is not hidden.&lt;/li&gt;&lt;li&gt;&lt;b&gt;Token mismatch&lt;/b&gt;: completed requests that got another number of output tokens than they asked for (a server that ignores max_tokens or ignore_eos changes the workload).&lt;/li&gt;&lt;li&gt;&lt;b&gt;Per adapter&lt;/b&gt;: completed and failed requests, TTFT and E2E, the share of scrapes the server listed it as running, and the loads the scrapes saw.&lt;/li&gt;&lt;li&gt;&lt;b&gt;Open run…&lt;/b&gt; charts a finished run folder: a single run, one shard, or the output of &lt;code&gt;lorascope-cli merge&lt;/code&gt;. &lt;b&gt;Open folder&lt;/b&gt; shows the run folder's files.&lt;/li&gt;&lt;/ul&gt;</source>
        <translation>&lt;h2&gt;我在看什么？——回放&lt;/h2&gt;&lt;p&gt;按照轨迹的时间表把当前工作负载（或某个轨迹文件）发送到服务器或 LoraScope 内置的模拟服务器，并实时绘制吞吐量、延迟和错误。结果随到随存，每个请求一行，最后附上汇总。&lt;/p&gt;&lt;ul&gt;&lt;li&gt;&lt;b&gt;同一时间轴&lt;/b&gt;：所有图表都以计划中距轨迹时间 0 的秒数计（轨迹时间 × 时间比例）。&lt;/li&gt;&lt;li&gt;&lt;b&gt;客户端图表&lt;/b&gt;：每秒计划、发送和完成的请求；每秒内完成请求的 TTFT 和 E2E（p50、p90），从发送时算起；每秒输出令牌数；进行中的请求。&lt;/li&gt;&lt;li&gt;&lt;b&gt;服务器图表&lt;/b&gt;：服务器在其 Prometheus /metrics 上报告的运行中和等待中请求、KV 缓存使用率和驻留适配器（vLLM 的指标名；SGLang、TGI 和 LoRAX 已映射），每 0.5 s 抓取一次。虚线：对服务器收到的同一轨迹和设置的准入预览。当服务器的队列或运行批次超出预览范围时，标签页会指出位置。&lt;/li&gt;&lt;li&gt;&lt;b&gt;有效延迟&lt;/b&gt;：从计划发送时间而非实际发送时间算起的 TTFT 和 E2E，因此不会掩盖落后的客户端。&lt;/li&gt;&lt;li&gt;&lt;b&gt;令牌数不符&lt;/b&gt;：得到的输出令牌数与所请求的不同的已完成请求（忽略 max_tokens 或 ignore_eos 的服务器会改变工作负载）。&lt;/li&gt;&lt;li&gt;&lt;b&gt;每个适配器&lt;/b&gt;：已完成和失败的请求、TTFT 和 E2E、服务器将其列为运行中的抓取占比，以及抓取观察到的加载次数。&lt;/li&gt;&lt;li&gt;&lt;b&gt;打开运行…&lt;/b&gt; 绘制已完成的运行文件夹：单次运行、一个分片，或 &lt;code&gt;lorascope-cli merge&lt;/code&gt; 的输出。&lt;b&gt;打开文件夹&lt;/b&gt; 显示运行文件夹中的文件。&lt;/li&gt;&lt;/ul&gt;</translation>
    </message>
    <message>
        <location filename="../../ui/text/helptexts.cpp" line="153" />
        <source>&lt;h2&gt;What am I looking at? — A/B Compare&lt;/h2&gt;&lt;p&gt;Two parameter sets side by side: A (pinned, or loaded from a file) and B (your live parameters, or a file). The header lists what differs; the key numbers show A, B and the change (green = B better, red = B worse); the charts overlay A (blue bars) and B (orange outline). With “Same server for A and B” both are previewed on B's server settings.&lt;/p&gt;</source>
        <translation>&lt;h2&gt;我在看什么？——A/B 对比&lt;/h2&gt;&lt;p&gt;两组参数并排对比：A（固定的，或从文件加载）和 B（你正在编辑的参数，或某个文件）。标题栏列出两者的差异；关键数字显示 A、B 及其变化（绿色 = B 更好，红色 = B 更差）；图表叠加显示 A（蓝色柱）和 B（橙色轮廓）。勾选“A 和 B 使用同一服务器”时，两者都按 B 的服务器设置进行预览。&lt;/p&gt;</translation>
    </message>
    <message>
        <location filename="../../ui/text/helptexts.cpp" line="161" />
        <source>&lt;h2&gt;What am I looking at? — Sweep&lt;/h2&gt;&lt;p&gt;One parameter of the workload or the server (rate, adapters, α, cv, KV slots, …) over a range, each point previewed like the Admission tab does. The curves grow point by point: throughput, TTFT and E2E percentiles and SLO attainment, per adapter too. For the S-LoRA paper's suites the published GPU measurements are drawn as points over the preview, with the cost model's measured error. &lt;b&gt;Find capacity&lt;/b&gt; searches the highest rate that still meets your SLO and where the server saturates; its answer is the sustainable capacity, the lower of the two (past saturation a rate meets the SLO only while the trace is short). Click a point to open it in the Workload and Admission tabs.&lt;/p&gt;</source>
        <translation>&lt;h2&gt;我在看什么？——扫描&lt;/h2&gt;&lt;p&gt;在一个范围内改变工作负载或服务器的一个参数（速率、适配器数、α、cv、KV 槽位等），每个点都像“准入预览”选项卡那样预览。曲线逐点生成：吞吐量、TTFT 与 E2E 百分位数以及 SLO 达成率，也按适配器给出。对 S-LoRA 论文的套件，发表的 GPU 实测值以点的形式画在预览曲线上，并给出代价模型的实测误差。&lt;b&gt;寻找容量&lt;/b&gt;会搜索仍满足你的 SLO 的最高速率，以及服务器饱和的位置；它的答案是可持续容量，即两者中较低的那个（超过饱和点的速率只是在轨迹较短时才满足 SLO）。单击一个点即可在“工作负载”和“准入预览”选项卡中打开它。&lt;/p&gt;</translation>
    </message>
    <message>
        <location filename="../../ui/text/helptexts.cpp" line="175" />
        <source>&lt;h2&gt;What am I looking at? — Fleet&lt;/h2&gt;&lt;p&gt;The current workload routed over several replicas of the Admission tab's server, as a router in front of them would send it (round-robin, least outstanding requests, GIE's LoRA affinity, AIBrix, rendezvous hashing, …). The router sees the replicas through metrics scraped every &lt;b&gt;Metrics every&lt;/b&gt; milliseconds, so stale metrics cost what they cost in production.&lt;/p&gt;&lt;ul&gt;&lt;li&gt;&lt;b&gt;Running / waiting requests per replica&lt;/b&gt;: each replica's batch and queue over time; uneven lines mean the router piles requests on some replicas.&lt;/li&gt;&lt;li&gt;&lt;b&gt;Adapters on the replicas' GPUs&lt;/b&gt;: one row per adapter (the busiest), time left to right; the colour counts the replicas holding it, or for one replica the share of each time bin. Many short marks mean adapters are loaded and evicted again and again.&lt;/li&gt;&lt;li&gt;&lt;b&gt;Routing decisions&lt;/b&gt;: every request, the replica it went to and the rule that decided; hover over a row for the reason in words.&lt;/li&gt;&lt;li&gt;&lt;b&gt;Replicas&lt;/b&gt;: per replica, requests routed, waits and TTFT, adapter loads and evictions, and how busy it was.&lt;/li&gt;&lt;li&gt;&lt;b&gt;A/B compare&lt;/b&gt;: tick “Run fleet B on the same workload”: the same workload on another router or another number of replicas.&lt;/li&gt;&lt;/ul&gt;</source>
        <translation>&lt;h2&gt;我在看什么？— 集群&lt;/h2&gt;&lt;p&gt;当前工作负载经路由分发到“准入预览”选项卡中服务器的多个副本上，就像副本前面的路由器那样分发（轮询、未完成请求最少、GIE 的 LoRA 亲和、AIBrix、会合哈希……）。路由器每隔&lt;b&gt;指标间隔&lt;/b&gt;毫秒抓取一次副本的指标，因此过时的指标在这里的代价与生产环境中相同。&lt;/p&gt;&lt;ul&gt;&lt;li&gt;&lt;b&gt;各副本运行中 / 等待中的请求&lt;/b&gt;：每个副本的批次与队列随时间的变化；曲线不均说明路由器把请求堆到了某些副本上。&lt;/li&gt;&lt;li&gt;&lt;b&gt;各副本 GPU 上的适配器&lt;/b&gt;：每行一个适配器（最繁忙的那些），时间从左到右；颜色表示持有它的副本数，或对单个副本表示每个时间箱中的占比。大量短小的色块说明适配器被反复加载和逐出。&lt;/li&gt;&lt;li&gt;&lt;b&gt;路由决策&lt;/b&gt;：每个请求、它被发往的副本以及做出决定的规则；悬停在某一行上可看到文字说明的原因。&lt;/li&gt;&lt;li&gt;&lt;b&gt;副本&lt;/b&gt;：每个副本路由到的请求数、等待时间与 TTFT、适配器加载与逐出次数，以及它的忙碌程度。&lt;/li&gt;&lt;li&gt;&lt;b&gt;A/B 对比&lt;/b&gt;：勾选“在同一工作负载上运行集群 B”：同一工作负载换用另一个路由器或另一副本数。&lt;/li&gt;&lt;/ul&gt;</translation>
    </message>
    <message>
        <location filename="../../ui/text/helptexts.cpp" line="203" />
        <source>&lt;h2&gt;Keyboard shortcuts&lt;/h2&gt;</source>
        <translation>&lt;h2&gt;键盘快捷键&lt;/h2&gt;</translation>
    </message>
    <message>
        <location filename="../../ui/text/helptexts.cpp" line="210" />
        <source>Undo</source>
        <translation>撤销</translation>
    </message>
    <message>
        <location filename="../../ui/text/helptexts.cpp" line="211" />
        <source>Redo</source>
        <translation>重做</translation>
    </message>
</context>
<context>
    <name>lorascope::HelpWindow</name>
    <message>
        <location filename="../../ui/window/helpwindow.cpp" line="29" />
        <source>&amp;What Am I Looking At?</source>
        <translation>我在看什么？(&amp;W)</translation>
    </message>
    <message>
        <location filename="../../ui/window/helpwindow.cpp" line="30" />
        <source>What am I looking at?</source>
        <translation>我在看什么？</translation>
    </message>
    <message>
        <location filename="../../ui/window/helpwindow.cpp" line="33" />
        <source>&amp;User Guide</source>
        <translation>用户指南(&amp;U)</translation>
    </message>
    <message>
        <location filename="../../ui/window/helpwindow.cpp" line="33" />
        <source>User Guide</source>
        <translation>用户指南</translation>
    </message>
    <message>
        <location filename="../../ui/window/helpwindow.cpp" line="35" />
        <source>&amp;Keyboard Shortcuts</source>
        <translation>键盘快捷键(&amp;K)</translation>
    </message>
    <message>
        <location filename="../../ui/window/helpwindow.cpp" line="35" />
        <source>Keyboard Shortcuts</source>
        <translation>键盘快捷键</translation>
    </message>
    <message>
        <location filename="../../ui/window/helpwindow.cpp" line="38" />
        <source>&amp;About LoraScope</source>
        <translation>关于 LoraScope(&amp;A)</translation>
    </message>
    <message>
        <location filename="../../ui/window/helpwindow.cpp" line="39" />
        <source>About LoraScope</source>
        <translation>关于 LoraScope</translation>
    </message>
    <message>
        <location filename="../../ui/window/helpwindow.cpp" line="40" />
        <source>&lt;h3&gt;LoraScope %1&lt;/h3&gt;&lt;p&gt;Design, preview and replay multi-LoRA serving workloads.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;LoraScope %1&lt;/h3&gt;&lt;p&gt;设计、预览并重放多 LoRA 服务负载。&lt;/p&gt;</translation>
    </message>
    <message>
        <location filename="../../ui/window/helpwindow.cpp" line="42" />
        <source>&lt;p&gt;Licensed under the Apache License, Version 2.0.&lt;/p&gt;</source>
        <translation>&lt;p&gt;依据 Apache 许可证 2.0 版授权。&lt;/p&gt;</translation>
    </message>
    <message>
        <location filename="../../ui/window/helpwindow.cpp" line="57" />
        <source>Admission preview: step through (while the tab is shown)</source>
        <translation>准入预览：逐步执行（在该标签页显示时）</translation>
    </message>
</context>
<context>
    <name>lorascope::KeyFigureModel</name>
    <message>
        <location filename="../../ui/compare/keyfiguremodel.cpp" line="92" />
        <source>steps</source>
        <translation>步</translation>
    </message>
    <message>
        <location filename="../../ui/compare/keyfiguremodel.cpp" line="92" />
        <source>s</source>
        <translation>s</translation>
    </message>
    <message>
        <location filename="../../ui/compare/keyfiguremodel.cpp" line="119" />
        <source>Requests</source>
        <translation>请求</translation>
    </message>
    <message>
        <location filename="../../ui/compare/keyfiguremodel.cpp" line="121" />
        <source>Achieved rate (req/s)</source>
        <translation>实际速率 (req/s)</translation>
    </message>
    <message>
        <location filename="../../ui/compare/keyfiguremodel.cpp" line="123" />
        <source>Gap cv</source>
        <translation>间隔 cv</translation>
    </message>
    <message>
        <location filename="../../ui/compare/keyfiguremodel.cpp" line="125" />
        <source>Fitted α</source>
        <translation>拟合 α</translation>
    </message>
    <message>
        <location filename="../../ui/compare/keyfiguremodel.cpp" line="127" />
        <source>Over per-request limits</source>
        <translation>超出单请求限制</translation>
    </message>
    <message>
        <location filename="../../ui/compare/keyfiguremodel.cpp" line="129" />
        <source>Finished</source>
        <translation>完成</translation>
    </message>
    <message>
        <location filename="../../ui/compare/keyfiguremodel.cpp" line="131" />
        <source>Queue wait</source>
        <translation>排队等待</translation>
    </message>
    <message>
        <location filename="../../ui/compare/keyfiguremodel.cpp" line="132" />
        <source>TTFT</source>
        <translation>TTFT</translation>
    </message>
    <message>
        <location filename="../../ui/compare/keyfiguremodel.cpp" line="132" />
        <source>E2E</source>
        <translation>E2E</translation>
    </message>
    <message>
        <location filename="../../ui/compare/keyfiguremodel.cpp" line="134" />
        <source>%1 p%2 (%3)</source>
        <translation>%1 p%2 (%3)</translation>
    </message>
    <message>
        <location filename="../../ui/compare/keyfiguremodel.cpp" line="139" />
        <source>Peak KV need (tokens)</source>
        <translation>KV 峰值需求（令牌）</translation>
    </message>
    <message>
        <location filename="../../ui/compare/keyfiguremodel.cpp" line="141" />
        <source>Adapter loads</source>
        <translation>适配器加载次数</translation>
    </message>
    <message>
        <location filename="../../ui/compare/keyfiguremodel.cpp" line="143" />
        <source>Throughput (req/%1)</source>
        <translation>吞吐量 (req/%1)</translation>
    </message>
    <message>
        <location filename="../../ui/compare/keyfiguremodel.cpp" line="145" />
        <source>Token throughput (tok/%1)</source>
        <translation>令牌吞吐量 (tok/%1)</translation>
    </message>
    <message>
        <location filename="../../ui/compare/keyfiguremodel.cpp" line="187" />
        <source>%1 %</source>
        <comment>percentage</comment>
        <translation>%1%</translation>
    </message>
    <message>
        <location filename="../../ui/compare/keyfiguremodel.cpp" line="212" />
        <source>Within %1 % of A: noise, not a difference (another random seed alone moves these figures by 3–8 %).</source>
        <translation>与 A 相差不到 %1 %：这是噪声，不是差异（仅换一个随机种子就会使这些数字变化 3–8 %）。</translation>
    </message>
    <message>
        <location filename="../../ui/compare/keyfiguremodel.cpp" line="217" />
        <source>Lower is better: green when B is lower than A by %1 % or more.</source>
        <translation>越低越好：B 比 A 低至少 %1 % 时为绿色。</translation>
    </message>
    <message>
        <location filename="../../ui/compare/keyfiguremodel.cpp" line="218" />
        <source>Higher is better: green when B is higher than A by %1 % or more.</source>
        <translation>越高越好：B 比 A 高至少 %1 % 时为绿色。</translation>
    </message>
    <message>
        <location filename="../../ui/compare/keyfiguremodel.cpp" line="229" />
        <source>Figure</source>
        <translation>指标</translation>
    </message>
    <message>
        <location filename="../../ui/compare/keyfiguremodel.cpp" line="231" />
        <source>A</source>
        <translation>A</translation>
    </message>
    <message>
        <location filename="../../ui/compare/keyfiguremodel.cpp" line="233" />
        <source>B</source>
        <translation>B</translation>
    </message>
    <message>
        <location filename="../../ui/compare/keyfiguremodel.cpp" line="235" />
        <source>Δ (B − A)</source>
        <translation>Δ (B − A)</translation>
    </message>
    <message>
        <location filename="../../ui/compare/keyfiguremodel.cpp" line="237" />
        <source>Δ %</source>
        <translation>Δ %</translation>
    </message>
</context>
<context>
    <name>lorascope::LanguageMenu</name>
    <message>
        <location filename="../../ui/window/languagemenu.cpp" line="28" />
        <source>&amp;Language</source>
        <translation>语言(&amp;L)</translation>
    </message>
    <message>
        <location filename="../../ui/window/languagemenu.cpp" line="31" />
        <source>System default</source>
        <translation>跟随系统</translation>
    </message>
    <message>
        <location filename="../../ui/window/languagemenu.cpp" line="51" />
        <location filename="../../ui/window/languagemenu.cpp" line="61" />
        <location filename="../../ui/window/languagemenu.cpp" line="67" />
        <source>Language</source>
        <translation>语言</translation>
    </message>
    <message>
        <location filename="../../ui/window/languagemenu.cpp" line="52" />
        <source>The new language applies when LoraScope starts again. Restart now? Your parameters, settings and view are kept.</source>
        <translation>新语言将在 LoraScope 重新启动后生效。现在重新启动吗？你的参数、设置和视图都会保留。</translation>
    </message>
    <message>
        <location filename="../../ui/window/languagemenu.cpp" line="67" />
        <source>Could not start LoraScope again; the language applies at the next start.</source>
        <translation>无法重新启动 LoraScope；新语言将在下次启动时生效。</translation>
    </message>
</context>
<context>
    <name>lorascope::MainWindow</name>
    <message>
        <location filename="../../ui/mainwindow.cpp" line="48" />
        <source>&amp;Workload</source>
        <translation>工作负载(&amp;W)</translation>
    </message>
    <message>
        <location filename="../../ui/mainwindow.cpp" line="49" />
        <source>&amp;Admission preview</source>
        <translation>准入预览(&amp;A)</translation>
    </message>
    <message>
        <location filename="../../ui/mainwindow.cpp" line="57" />
        <source>&amp;Replay</source>
        <translation>重放(&amp;R)</translation>
    </message>
    <message>
        <location filename="../../ui/mainwindow.cpp" line="61" />
        <source>S&amp;weep</source>
        <translation>扫描(&amp;W)</translation>
    </message>
    <message>
        <location filename="../../ui/mainwindow.cpp" line="65" />
        <source>&amp;Fleet</source>
        <translation>集群(&amp;F)</translation>
    </message>
    <message>
        <location filename="../../ui/mainwindow.cpp" line="92" />
        <source>Opened %1 in the Workload and Admission tabs (Edit &gt; Undo goes back).</source>
        <translation>已在“工作负载”和“准入预览”标签页中打开 %1（“编辑 &gt; 撤销”可返回）。</translation>
    </message>
    <message>
        <location filename="../../ui/mainwindow.cpp" line="97" />
        <source>pinned from the Sweep tab: %1</source>
        <translation>从“扫描”标签页固定：%1</translation>
    </message>
    <message>
        <location filename="../../ui/mainwindow.cpp" line="100" />
        <source>Pinned the sweep as A: run another sweep in the Sweep tab, it shows as B.</source>
        <translation>已将该扫描固定为 A：在“扫描”标签页再运行一次扫描，它将显示为 B。</translation>
    </message>
    <message>
        <location filename="../../ui/mainwindow.cpp" line="143" />
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <location filename="../../ui/mainwindow.cpp" line="58" />
        <source>A/B &amp;Compare</source>
        <translation>A/B 对比(&amp;C)</translation>
    </message>
    <message>
        <location filename="../../ui/mainwindow.cpp" line="167" />
        <source>&amp;Side Panels</source>
        <translation>侧边面板(&amp;S)</translation>
    </message>
    <message>
        <location filename="../../ui/mainwindow.cpp" line="173" />
        <source>Show or hide the parameter and settings columns, to give the charts the whole window (F9).</source>
        <translation>显示或隐藏参数栏和设置栏，让图表占据整个窗口（F9）。</translation>
    </message>
    <message>
        <location filename="../../ui/mainwindow.cpp" line="150" />
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <location filename="../../ui/mainwindow.cpp" line="153" />
        <source>&amp;Edit</source>
        <translation>编辑(&amp;E)</translation>
    </message>
    <message>
        <location filename="../../ui/mainwindow.cpp" line="154" />
        <source>&amp;Undo</source>
        <translation>撤销(&amp;U)</translation>
    </message>
    <message>
        <location filename="../../ui/mainwindow.cpp" line="157" />
        <source>&amp;Redo</source>
        <translation>重做(&amp;R)</translation>
    </message>
    <message>
        <location filename="../../ui/mainwindow.cpp" line="163" />
        <source>&amp;Cancel Generation</source>
        <translation>取消生成(&amp;C)</translation>
    </message>
    <message>
        <location filename="../../ui/mainwindow.cpp" line="166" />
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <location filename="../../ui/mainwindow.cpp" line="179" />
        <source>Pinned the current parameters as A: keep editing, the A/B Compare tab shows the difference.</source>
        <translation>已将当前参数固定为 A：继续编辑，“A/B 对比”标签页会显示差异。</translation>
    </message>
    <message>
        <location filename="../../ui/mainwindow.cpp" line="216" />
        <source>The charts need more room: &lt;a href="hide"&gt;hide the side panel&lt;/a&gt; (F9; View &gt; Side Panels shows it again).</source>
        <translation>图表需要更多空间：&lt;a href="hide"&gt;隐藏侧边栏&lt;/a&gt;（F9；“视图 &gt; 侧边栏”可再次显示）。</translation>
    </message>
    <message>
        <location filename="../../ui/mainwindow.cpp" line="184" />
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
</context>
<context>
    <name>lorascope::ParameterModel</name>
    <message>
        <location filename="../../ui/compare/parametermodel.cpp" line="93" />
        <source>Parameter</source>
        <translation>参数</translation>
    </message>
    <message>
        <location filename="../../ui/compare/parametermodel.cpp" line="95" />
        <source>A</source>
        <translation>A</translation>
    </message>
    <message>
        <location filename="../../ui/compare/parametermodel.cpp" line="97" />
        <source>B</source>
        <translation>B</translation>
    </message>
</context>
<context>
    <name>lorascope::ParameterPanel</name>
    <message>
        <location filename="../../ui/workload/parameterpanel.cpp" line="128" />
        <source>Workload</source>
        <translation>工作负载</translation>
    </message>
    <message>
        <location filename="../../ui/workload/parameterpanel.cpp" line="136" />
        <source>Preset</source>
        <translation>预设</translation>
    </message>
    <message>
        <location filename="../../ui/workload/parameterpanel.cpp" line="45" />
        <source>power law (α)</source>
        <translation>幂律（α）</translation>
    </message>
    <message>
        <location filename="../../ui/workload/parameterpanel.cpp" line="46" />
        <source>Zipf (s)</source>
        <translation>Zipf（s）</translation>
    </message>
    <message>
        <location filename="../../ui/workload/parameterpanel.cpp" line="47" />
        <location filename="../../ui/workload/parameterpanel.cpp" line="57" />
        <location filename="../../ui/workload/parameterpanelsessions.cpp" line="78" />
        <location filename="../../ui/workload/parameterpanelsessions.cpp" line="91" />
        <source>uniform</source>
        <translation>均匀</translation>
    </message>
    <message>
        <location filename="../../ui/workload/parameterpanel.cpp" line="48" />
        <source>explicit weights</source>
        <translation>指定权重</translation>
    </message>
    <message>
        <location filename="../../ui/workload/parameterpanel.cpp" line="49" />
        <source>distinct (one adapter per request)</source>
        <translation>互异（每个请求一个适配器）</translation>
    </message>
    <message>
        <location filename="../../ui/workload/parameterpanel.cpp" line="50" />
        <source>uniform groups (√k adapters)</source>
        <translation>均匀分组（√k 个适配器）</translation>
    </message>
    <message>
        <location filename="../../ui/workload/parameterpanel.cpp" line="51" />
        <source>identical (one adapter)</source>
        <translation>相同（只用一个适配器）</translation>
    </message>
    <message>
        <location filename="../../ui/workload/parameterpanel.cpp" line="52" />
        <source>gamma (cv)</source>
        <translation>伽马（cv）</translation>
    </message>
    <message>
        <location filename="../../ui/workload/parameterpanel.cpp" line="53" />
        <source>Poisson</source>
        <translation>泊松</translation>
    </message>
    <message>
        <location filename="../../ui/workload/parameterpanel.cpp" line="54" />
        <source>constant gaps</source>
        <translation>恒定间隔</translation>
    </message>
    <message>
        <location filename="../../ui/workload/parameterpanel.cpp" line="55" />
        <source>on/off bursts</source>
        <translation>开/关突发</translation>
    </message>
    <message>
        <location filename="../../ui/workload/parameterpanel.cpp" line="56" />
        <source>rate schedule</source>
        <translation>速率计划</translation>
    </message>
    <message>
        <location filename="../../ui/workload/parameterpanel.cpp" line="58" />
        <location filename="../../ui/workload/parameterpanelsessions.cpp" line="78" />
        <source>power law (long tail)</source>
        <translation>幂律（长尾）</translation>
    </message>
    <message>
        <location filename="../../ui/workload/parameterpanel.cpp" line="59" />
        <location filename="../../ui/workload/parameterpanelsessions.cpp" line="91" />
        <source>log-normal</source>
        <translation>对数正态</translation>
    </message>
    <message>
        <location filename="../../ui/workload/parameterpanel.cpp" line="60" />
        <source>normal (clipped)</source>
        <translation>正态（截断）</translation>
    </message>
    <message>
        <location filename="../../ui/workload/parameterpanel.cpp" line="61" />
        <location filename="../../ui/workload/parameterpanelsessions.cpp" line="78" />
        <location filename="../../ui/workload/parameterpanelsessions.cpp" line="91" />
        <source>constant</source>
        <translation>常数</translation>
    </message>
    <message>
        <location filename="../../ui/workload/parameterpanel.cpp" line="155" />
        <source>Generator</source>
        <translation>生成器</translation>
    </message>
    <message>
        <location filename="../../ui/workload/parameterpanel.cpp" line="156" />
        <source>per adapter (paper model)</source>
        <translation>按适配器（论文模型）</translation>
    </message>
    <message>
        <location filename="../../ui/workload/parameterpanel.cpp" line="156" />
        <source>S-LoRA trace.py (bit-exact)</source>
        <translation>S-LoRA trace.py（逐位一致）</translation>
    </message>
    <message>
        <location filename="../../ui/workload/parameterpanel.cpp" line="160" />
        <source>Adapters n</source>
        <translation>适配器数 n</translation>
    </message>
    <message>
        <location filename="../../ui/workload/parameterpanel.cpp" line="161" />
        <source>Number of LoRA adapters (0 = base model only).</source>
        <translation>LoRA 适配器的数量（0 = 只用基础模型）。</translation>
    </message>
    <message>
        <location filename="../../ui/workload/parameterpanel.cpp" line="162" />
        <source>Rate R</source>
        <translation>速率 R</translation>
    </message>
    <message>
        <location filename="../../ui/workload/parameterpanel.cpp" line="162" />
        <location filename="../../ui/workload/parameterpanel.cpp" line="197" />
        <location filename="../../ui/workload/parameterpanel.cpp" line="199" />
        <source>req/s</source>
        <translation>req/s</translation>
    </message>
    <message>
        <location filename="../../ui/workload/parameterpanel.cpp" line="163" />
        <source>Total request rate over all adapters: E[requests] = R·T.</source>
        <translation>所有适配器合计的总请求速率：E[requests] = R·T。</translation>
    </message>
    <message>
        <location filename="../../ui/workload/parameterpanel.cpp" line="164" />
        <source>Duration T</source>
        <translation>时长 T</translation>
    </message>
    <message>
        <location filename="../../ui/workload/parameterpanel.cpp" line="164" />
        <location filename="../../ui/workload/parameterpanel.cpp" line="201" />
        <location filename="../../ui/workload/parameterpanel.cpp" line="203" />
        <location filename="../../ui/workload/parameterpanelsessions.cpp" line="96" />
        <location filename="../../ui/workload/parameterpanelsessions.cpp" line="99" />
        <location filename="../../ui/workload/parameterpanelsessions.cpp" line="101" />
        <location filename="../../ui/workload/parameterpanelsessions.cpp" line="109" />
        <source>s</source>
        <translation>s</translation>
    </message>
    <message>
        <location filename="../../ui/workload/parameterpanel.cpp" line="165" />
        <source>Length of the trace in seconds (per-adapter: arrivals after T are cut; slora: int(R·T) requests).</source>
        <translation>轨迹长度，以秒计（per-adapter：T 之后的到达被截断；slora：int(R·T) 个请求）。</translation>
    </message>
    <message>
        <location filename="../../ui/workload/parameterpanel.cpp" line="167" />
        <source>Seed</source>
        <translation>随机种子</translation>
    </message>
    <message>
        <location filename="../../ui/workload/parameterpanel.cpp" line="168" />
        <source>Makes the trace reproducible: the same spec and seed give the same trace on every platform.</source>
        <translation>使轨迹可复现：相同的规格和种子在任何平台上都生成相同的轨迹。</translation>
    </message>
    <message>
        <location filename="../../ui/workload/parameterpanel.cpp" line="170" />
        <source>Popularity</source>
        <translation>适配器热度</translation>
    </message>
    <message>
        <location filename="../../ui/workload/parameterpanel.cpp" line="171" />
        <location filename="../../ui/workload/parameterpanel.cpp" line="190" />
        <source>Kind</source>
        <translation>类型</translation>
    </message>
    <message>
        <location filename="../../ui/workload/parameterpanel.cpp" line="174" />
        <source>Skew α</source>
        <translation>偏斜 α</translation>
    </message>
    <message>
        <location filename="../../ui/workload/parameterpanel.cpp" line="175" />
        <source>pᵢ = ((i+1)/n)^α − (i/n)^α. α = 1: uniform; α &lt; 1: low indices hot (α = 0.1: a few adapters get most requests).</source>
        <translation>pᵢ = ((i+1)/n)^α − (i/n)^α。α = 1：均匀；α &lt; 1：序号小的适配器更热门（α = 0.1：少数适配器获得大部分请求）。</translation>
    </message>
    <message>
        <location filename="../../ui/workload/parameterpanel.cpp" line="178" />
        <source>Zipf s</source>
        <translation>Zipf s</translation>
    </message>
    <message>
        <location filename="../../ui/workload/parameterpanel.cpp" line="179" />
        <source>pᵢ ∝ (i+1)^−s; s = 0 is uniform, s ≈ 1 classic Zipf.</source>
        <translation>pᵢ ∝ (i+1)^−s；s = 0 为均匀分布，s ≈ 1 为经典 Zipf。</translation>
    </message>
    <message>
        <location filename="../../ui/workload/parameterpanel.cpp" line="181" />
        <source>One weight per adapter, comma-separated: pᵢ = wᵢ / Σw.</source>
        <translation>每个适配器一个权重，以逗号分隔：pᵢ = wᵢ / Σw。</translation>
    </message>
    <message>
        <location filename="../../ui/workload/parameterpanel.cpp" line="182" />
        <location filename="../../ui/workload/parameterpanel.cpp" line="183" />
        <source>Weights</source>
        <translation>权重</translation>
    </message>
    <message>
        <location filename="../../ui/workload/parameterpanel.cpp" line="189" />
        <source>Arrivals</source>
        <translation>到达过程</translation>
    </message>
    <message>
        <location filename="../../ui/workload/parameterpanel.cpp" line="157" />
        <source>per adapter: adapter i is its own Gamma renewal process with rate λᵢ = R·pᵢ, merged.
S-LoRA trace.py: S-LoRA's benchmarks/trace.py, bit-exact: int(R·T) requests, i.i.d. Gamma gaps, adapter = ⌊power(α)·n⌋.</source>
        <translation>按适配器：每个适配器 i 是速率为 λᵢ = R·pᵢ 的独立 Gamma 更新过程，再合并。
S-LoRA trace.py：与 S-LoRA 的 benchmarks/trace.py 逐位一致：int(R·T) 个请求，独立同分布的 Gamma 间隔，适配器编号 = ⌊power(α)·n⌋。</translation>
    </message>
    <message>
        <location filename="../../ui/workload/parameterpanel.cpp" line="115" />
        <source>Use it</source>
        <translation>使用该值</translation>
    </message>
    <message>
        <location filename="../../ui/workload/parameterpanel.cpp" line="117" />
        <source>Keep the previous value</source>
        <translation>保留原值</translation>
    </message>
    <message>
        <location filename="../../ui/workload/parameterpanel.cpp" line="172" />
        <source>How R is shared among adapters: power law pᵢ = ((i+1)/n)^α − (i/n)^α, Zipf pᵢ ∝ (i+1)^−s, uniform, explicit weights, or the batch-style modes distinct / uniform groups (⌈√k⌉ adapters) / identical.</source>
        <translation>R 如何在适配器之间分配：幂律 pᵢ = ((i+1)/n)^α − (i/n)^α、Zipf pᵢ ∝ (i+1)^−s、均匀、指定权重，或批处理式的互异 / 均匀分组（⌈√k⌉ 个适配器）/ 相同。</translation>
    </message>
    <message>
        <location filename="../../ui/workload/parameterpanel.cpp" line="191" />
        <source>gamma: renewal process with Gamma gaps of the given cv; Poisson: cv = 1; constant gaps: all equal; on/off bursts: two-state modulated rate; rate schedule: piecewise-linear rate over time.</source>
        <translation>伽马：间隔服从给定 cv 的 Gamma 分布的更新过程；泊松：cv = 1；恒定间隔：所有间隔相等；开/关突发：双状态调制速率；速率计划：随时间分段线性变化的速率。</translation>
    </message>
    <message>
        <location filename="../../ui/workload/parameterpanel.cpp" line="193" />
        <source>Burstiness cv</source>
        <translation>突发度 cv</translation>
    </message>
    <message>
        <location filename="../../ui/workload/parameterpanel.cpp" line="194" />
        <source>Coefficient of variation of the gaps: Gamma(k = 1/cv², θ = cv²/λ). cv = 0.1: nearly regular; cv = 1: Poisson; cv ≥ 2: bursts (many tiny and a few huge gaps).</source>
        <translation>到达间隔的变异系数：Gamma(k = 1/cv², θ = cv²/λ)。cv = 0.1：几乎等间隔；cv = 1：泊松；cv ≥ 2：突发（大量极短间隔和少数极长间隔）。</translation>
    </message>
    <message>
        <location filename="../../ui/workload/parameterpanel.cpp" line="197" />
        <source>On rate</source>
        <translation>开启速率</translation>
    </message>
    <message>
        <location filename="../../ui/workload/parameterpanel.cpp" line="198" />
        <source>Total rate while the source is on.</source>
        <translation>源开启时的总速率。</translation>
    </message>
    <message>
        <location filename="../../ui/workload/parameterpanel.cpp" line="199" />
        <source>Off rate</source>
        <translation>关闭速率</translation>
    </message>
    <message>
        <location filename="../../ui/workload/parameterpanel.cpp" line="200" />
        <source>Total rate while the source is off.</source>
        <translation>源关闭时的总速率。</translation>
    </message>
    <message>
        <location filename="../../ui/workload/parameterpanel.cpp" line="201" />
        <source>Mean on</source>
        <translation>平均开启时长</translation>
    </message>
    <message>
        <location filename="../../ui/workload/parameterpanel.cpp" line="202" />
        <source>Mean length of an on period (exponential).</source>
        <translation>开启期的平均时长（指数分布）。</translation>
    </message>
    <message>
        <location filename="../../ui/workload/parameterpanel.cpp" line="203" />
        <source>Mean off</source>
        <translation>平均关闭时长</translation>
    </message>
    <message>
        <location filename="../../ui/workload/parameterpanel.cpp" line="204" />
        <source>Mean length of an off period (exponential).</source>
        <translation>关闭期的平均时长（指数分布）。</translation>
    </message>
    <message>
        <location filename="../../ui/workload/parameterpanel.cpp" line="206" />
        <source>time:rate, time:rate, …</source>
        <translation>时间:速率, 时间:速率, …</translation>
    </message>
    <message>
        <location filename="../../ui/workload/parameterpanel.cpp" line="207" />
        <source>Piecewise-linear total rate r(t): points "t:r" in seconds and req/s.</source>
        <translation>分段线性的总速率 r(t)：若干 "t:r" 点，t 以 s 计，r 以 req/s 计。</translation>
    </message>
    <message>
        <location filename="../../ui/workload/parameterpanel.cpp" line="208" />
        <location filename="../../ui/workload/parameterpanel.cpp" line="209" />
        <source>Schedule</source>
        <translation>速率计划</translation>
    </message>
    <message>
        <location filename="../../ui/workload/parameterpanel.cpp" line="215" />
        <source>Input length (prompt tokens)</source>
        <translation>输入长度（提示词令牌数）</translation>
    </message>
    <message>
        <location filename="../../ui/workload/parameterpanel.cpp" line="216" />
        <source>input</source>
        <translation>输入</translation>
    </message>
    <message>
        <location filename="../../ui/workload/parameterpanel.cpp" line="217" />
        <source>Output length (generated tokens)</source>
        <translation>输出长度（生成令牌数）</translation>
    </message>
    <message>
        <location filename="../../ui/workload/parameterpanel.cpp" line="218" />
        <source>output</source>
        <translation>输出</translation>
    </message>
    <message>
        <location filename="../../ui/workload/parameterpanel.cpp" line="334" />
        <source>Distribution</source>
        <translation>分布</translation>
    </message>
    <message>
        <location filename="../../ui/workload/parameterpanel.cpp" line="335" />
        <source>Distribution of %1 lengths, always confined to the integers [lo, hi): uniform = randint(lo, hi); power law P(x) ∝ x^−β; log-normal (μ, σ of ln x); normal (clipped); constant.</source>
        <translation>%1长度的分布，始终限定为 [lo, hi) 内的整数：uniform = randint(lo, hi)；power-law 幂律 P(x) ∝ x^−β；log-normal 对数正态（ln x 的 μ、σ）；normal 正态（截断）；constant 常数。</translation>
    </message>
    <message>
        <location filename="../../ui/workload/parameterpanel.cpp" line="338" />
        <source>Min (lo)</source>
        <translation>最小值 (lo)</translation>
    </message>
    <message>
        <location filename="../../ui/workload/parameterpanel.cpp" line="338" />
        <location filename="../../ui/workload/parameterpanel.cpp" line="340" />
        <location filename="../../ui/workload/parameterpanel.cpp" line="348" />
        <location filename="../../ui/workload/parameterpanel.cpp" line="350" />
        <location filename="../../ui/workload/parameterpanel.cpp" line="352" />
        <location filename="../../ui/workload/parameterpanelsessions.cpp" line="104" />
        <location filename="../../ui/workload/parameterpanelsessions.cpp" line="116" />
        <source>tokens</source>
        <translation>令牌</translation>
    </message>
    <message>
        <location filename="../../ui/workload/parameterpanel.cpp" line="339" />
        <source>Smallest %1 length (inclusive).</source>
        <translation>最小%1长度（含）。</translation>
    </message>
    <message>
        <location filename="../../ui/workload/parameterpanel.cpp" line="340" />
        <source>Max (hi, exclusive)</source>
        <translation>最大值 (hi，不含)</translation>
    </message>
    <message>
        <location filename="../../ui/workload/parameterpanel.cpp" line="341" />
        <source>Upper end of the %1 range, exclusive as in S-LoRA's randint(lo, hi).</source>
        <translation>%1范围的上界，与 S-LoRA 的 randint(lo, hi) 一样不含该值。</translation>
    </message>
    <message>
        <location filename="../../ui/workload/parameterpanel.cpp" line="342" />
        <source>Tail β</source>
        <translation>尾部 β</translation>
    </message>
    <message>
        <location filename="../../ui/workload/parameterpanel.cpp" line="343" />
        <source>Power law P(x) ∝ x^−β on [lo, hi): larger β = shorter.</source>
        <translation>幂律 P(x) ∝ x^−β，定义在 [lo, hi) 上：β 越大，长度越短。</translation>
    </message>
    <message>
        <location filename="../../ui/workload/parameterpanel.cpp" line="344" />
        <source>μ (of ln x)</source>
        <translation>μ（ln x 的均值）</translation>
    </message>
    <message>
        <location filename="../../ui/workload/parameterpanel.cpp" line="345" />
        <source>Log-normal: mean of ln(length); median length = e^μ.</source>
        <translation>对数正态：ln(length) 的均值；长度中位数 = e^μ。</translation>
    </message>
    <message>
        <location filename="../../ui/workload/parameterpanel.cpp" line="346" />
        <source>σ (of ln x)</source>
        <translation>σ（ln x 的标准差）</translation>
    </message>
    <message>
        <location filename="../../ui/workload/parameterpanel.cpp" line="347" />
        <source>Log-normal: standard deviation of ln(length).</source>
        <translation>对数正态：ln(length) 的标准差。</translation>
    </message>
    <message>
        <location filename="../../ui/workload/parameterpanel.cpp" line="348" />
        <source>Mean</source>
        <translation>均值</translation>
    </message>
    <message>
        <location filename="../../ui/workload/parameterpanel.cpp" line="349" />
        <source>Normal: mean before clipping to [lo, hi).</source>
        <translation>正态：截断到 [lo, hi) 之前的均值。</translation>
    </message>
    <message>
        <location filename="../../ui/workload/parameterpanel.cpp" line="350" />
        <source>Std dev</source>
        <translation>标准差</translation>
    </message>
    <message>
        <location filename="../../ui/workload/parameterpanel.cpp" line="351" />
        <source>Normal: standard deviation before clipping.</source>
        <translation>正态：截断之前的标准差。</translation>
    </message>
    <message>
        <location filename="../../ui/workload/parameterpanel.cpp" line="352" />
        <source>Value</source>
        <translation>取值</translation>
    </message>
    <message>
        <location filename="../../ui/workload/parameterpanel.cpp" line="353" />
        <source>Constant length (must lie in [lo, hi)).</source>
        <translation>固定长度（必须位于 [lo, hi) 内）。</translation>
    </message>
    <message>
        <location filename="../../ui/workload/parameterpanel.cpp" line="357" />
        <source>%1 length: %2</source>
        <translation>%1长度：%2</translation>
    </message>
    <message>
        <location filename="../../ui/workload/parameterpanel.cpp" line="440" />
        <source>custom</source>
        <translation>自定义</translation>
    </message>
    <message>
        <location filename="../../ui/workload/parameterpanel.cpp" line="440" />
        <source>custom (from %1)</source>
        <translation>自定义（基于 %1）</translation>
    </message>
    <message>
        <location filename="../../ui/workload/parameterpanel.cpp" line="443" />
        <source>The parameters differ from the preset's; choose a preset to go back to it.</source>
        <translation>参数与预设不同；选择一个预设即可恢复。</translation>
    </message>
    <message>
        <location filename="../../ui/workload/parameterpanel.cpp" line="544" />
        <location filename="../../ui/workload/parameterpanel.cpp" line="632" />
        <source>Change %1</source>
        <translation>修改 %1</translation>
    </message>
    <message>
        <location filename="../../ui/workload/parameterpanel.cpp" line="574" />
        <source>&lt;b&gt;Not generated — fix:&lt;/b&gt;&lt;br&gt;</source>
        <translation>&lt;b&gt;未生成——请修正：&lt;/b&gt;&lt;br&gt;</translation>
    </message>
    <message>
        <location filename="../../ui/workload/parameterpanel.cpp" line="607" />
        <source>&lt;b&gt;%1 = %2&lt;/b&gt; is far above the usual range (%3 to %4).</source>
        <translation>&lt;b&gt;%1 = %2&lt;/b&gt; 远高于常用范围（%3 到 %4）。</translation>
    </message>
    <message>
        <location filename="../../ui/workload/parameterpanel.cpp" line="608" />
        <source>&lt;b&gt;%1 = %2&lt;/b&gt; is far below the usual range (%3 to %4).</source>
        <translation>&lt;b&gt;%1 = %2&lt;/b&gt; 远低于常用范围（%3 到 %4）。</translation>
    </message>
    <message>
        <location filename="../../ui/workload/parameterpanel.cpp" line="613" />
        <source>The trace would have about %1 requests (now %2).</source>
        <translation>轨迹将有约 %1 个请求（当前 %2 个）。</translation>
    </message>
    <message>
        <location filename="../../ui/workload/parameterpanel.cpp" line="617" />
        <source>Use it?</source>
        <translation>是否使用？</translation>
    </message>
    <message>
        <location filename="../../ui/workload/parameterpanel.cpp" line="650" />
        <source>a number from %1 to %2</source>
        <translation>%1 到 %2 之间的数</translation>
    </message>
    <message>
        <location filename="../../ui/workload/parameterpanel.cpp" line="652" />
        <source>a whole number from %1 to %2</source>
        <translation>%1 到 %2 之间的整数</translation>
    </message>
    <message>
        <location filename="../../ui/workload/parameterpanel.cpp" line="654" />
        <source>%1 (%2)</source>
        <comment>a range and its unit</comment>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <location filename="../../ui/workload/parameterpanel.cpp" line="662" />
        <source>%1 takes %2: “%3” is not one, so the value stays %4.</source>
        <translation>%1 接受%2：“%3”不是有效值，因此数值保持为 %4。</translation>
    </message>
    <message>
        <location filename="../../ui/workload/parameterpanel.cpp" line="688" />
        <source>%1 takes %2: “%3” is not part of one, so it was not typed in; the value stays %4.</source>
        <translation>%1 接受%2：“%3”不属于有效数字，因此未输入；数值保持为 %4。</translation>
    </message>
    <message>
        <location filename="../../ui/workload/parameterpanel.cpp" line="137" />
        <source>The S-LoRA paper's model settings (S1–S6, Real: base model, adapter names and ranks, with the default n, R, α, cv and T), its benchmark suites (which also set n, α, R, cv and T), and traffic with sessions and shared prefixes for servers with a prefix cache (chat, agent, rag). Choosing one keeps your generator, seed and server limits. After you change a parameter the box says “custom (from …)”.</source>
        <translation>S-LoRA 论文的模型设置（S1–S6、Real：基础模型、适配器名称和秩，以及默认的 n、R、α、cv 和 T）、其基准测试套件（同时设置 n、α、R、cv 和 T），以及面向带前缀缓存服务器的会话与共享前缀流量（chat、agent、rag）。选择后保留你的生成器、随机种子和服务器限制。修改参数后，此框显示“自定义（基于 …）”。</translation>
    </message>
    <message>
        <location filename="../../ui/workload/parameterpanelsessions.cpp" line="47" />
        <source>Sessions and shared prefixes</source>
        <translation>会话与共享前缀</translation>
    </message>
    <message>
        <location filename="../../ui/workload/parameterpanelsessions.cpp" line="53" />
        <source>Multi-turn sessions and prompt prefixes that requests share: what a server with a prefix cache (vLLM, SGLang) reuses. Click to show or hide.</source>
        <translation>多轮会话以及请求之间共享的提示词前缀：带前缀缓存的服务器（vLLM、SGLang）会复用它们。点击显示或隐藏。</translation>
    </message>
    <message>
        <location filename="../../ui/workload/parameterpanelsessions.cpp" line="66" />
        <location filename="../../ui/workload/parameterpanelsessions.cpp" line="72" />
        <source>Multi-turn sessions</source>
        <translation>多轮会话</translation>
    </message>
    <message>
        <location filename="../../ui/workload/parameterpanelsessions.cpp" line="68" />
        <source>Sessions start by the arrival process (per adapter) at R / E[turns] sessions/s and stay on their adapter. Turn k's prompt = the whole history (earlier prompts and answers) + a new message from the input length distribution: input_k = P + (k − 1)(m + o) + m.</source>
        <translation>会话按到达过程（按适配器）以每秒 R / E[turns] 个开始，并留在其适配器上。第 k 轮的提示词 = 完整历史（之前的提示词和回答）+ 一条来自输入长度分布的新消息：input_k = P + (k − 1)(m + o) + m。</translation>
    </message>
    <message>
        <location filename="../../ui/workload/parameterpanelsessions.cpp" line="77" />
        <location filename="../../ui/workload/parameterpanelsessions.cpp" line="86" />
        <source>Turns</source>
        <translation>轮数</translation>
    </message>
    <message>
        <location filename="../../ui/workload/parameterpanelsessions.cpp" line="79" />
        <source>Turns per session: uniform on [min, max], constant, or a power law P(k) ∝ k^−β on [min, max]. Sessions cut by the end of the trace or the context limit have fewer.</source>
        <translation>每个会话的轮数：[min, max] 上的均匀分布、常数，或 [min, max] 上的幂律 P(k) ∝ k^−β。被轨迹末尾或上下文上限截断的会话轮数更少。</translation>
    </message>
    <message>
        <location filename="../../ui/workload/parameterpanelsessions.cpp" line="82" />
        <source>Turns: min</source>
        <translation>轮数：最小</translation>
    </message>
    <message>
        <location filename="../../ui/workload/parameterpanelsessions.cpp" line="83" />
        <source>Fewest turns of a session.</source>
        <translation>会话的最少轮数。</translation>
    </message>
    <message>
        <location filename="../../ui/workload/parameterpanelsessions.cpp" line="84" />
        <source>Turns: max</source>
        <translation>轮数：最大</translation>
    </message>
    <message>
        <location filename="../../ui/workload/parameterpanelsessions.cpp" line="85" />
        <source>Most turns of a session (inclusive; stored as hi = max + 1, as the length ranges [lo, hi)).</source>
        <translation>会话的最多轮数（含；按长度区间 [lo, hi) 的方式存为 hi = max + 1）。</translation>
    </message>
    <message>
        <location filename="../../ui/workload/parameterpanelsessions.cpp" line="87" />
        <source>Every session has this many turns.</source>
        <translation>每个会话都有这么多轮。</translation>
    </message>
    <message>
        <location filename="../../ui/workload/parameterpanelsessions.cpp" line="88" />
        <source>Turns: tail β</source>
        <translation>轮数：尾部 β</translation>
    </message>
    <message>
        <location filename="../../ui/workload/parameterpanelsessions.cpp" line="89" />
        <source>P(k) ∝ k^−β on [min, max]: larger β = shorter sessions.</source>
        <translation>[min, max] 上 P(k) ∝ k^−β：β 越大，会话越短。</translation>
    </message>
    <message>
        <location filename="../../ui/workload/parameterpanelsessions.cpp" line="90" />
        <source>Think time</source>
        <translation>思考时间</translation>
    </message>
    <message>
        <location filename="../../ui/workload/parameterpanelsessions.cpp" line="91" />
        <source>exponential</source>
        <translation>指数分布</translation>
    </message>
    <message>
        <location filename="../../ui/workload/parameterpanelsessions.cpp" line="92" />
        <source>Time between the end of an answer and the user's next question. Exponential: memoryless with the given mean; log-normal: mean m and σ of ln x (μ = ln m − σ²/2); uniform on [lo, hi).</source>
        <translation>从一个回答结束到用户下一个问题之间的时间。指数分布：给定均值的无记忆分布；对数正态：均值 m 和 ln x 的 σ（μ = ln m − σ²/2）；均匀分布：[lo, hi)。</translation>
    </message>
    <message>
        <location filename="../../ui/workload/parameterpanelsessions.cpp" line="96" />
        <source>Think: mean</source>
        <translation>思考：均值</translation>
    </message>
    <message>
        <location filename="../../ui/workload/parameterpanelsessions.cpp" line="96" />
        <source>Mean think time.</source>
        <translation>平均思考时间。</translation>
    </message>
    <message>
        <location filename="../../ui/workload/parameterpanelsessions.cpp" line="97" />
        <source>Think: σ (of ln x)</source>
        <translation>思考：σ（ln x 的标准差）</translation>
    </message>
    <message>
        <location filename="../../ui/workload/parameterpanelsessions.cpp" line="98" />
        <source>Log-normal think time: standard deviation of ln(seconds).</source>
        <translation>对数正态思考时间：ln(秒) 的标准差。</translation>
    </message>
    <message>
        <location filename="../../ui/workload/parameterpanelsessions.cpp" line="99" />
        <source>Think: min</source>
        <translation>思考：最小</translation>
    </message>
    <message>
        <location filename="../../ui/workload/parameterpanelsessions.cpp" line="100" />
        <source>Uniform think time: shortest.</source>
        <translation>均匀思考时间：最短。</translation>
    </message>
    <message>
        <location filename="../../ui/workload/parameterpanelsessions.cpp" line="101" />
        <source>Think: max</source>
        <translation>思考：最大</translation>
    </message>
    <message>
        <location filename="../../ui/workload/parameterpanelsessions.cpp" line="102" />
        <source>Uniform think time: longest (exclusive).</source>
        <translation>均匀思考时间：最长（不含）。</translation>
    </message>
    <message>
        <location filename="../../ui/workload/parameterpanelsessions.cpp" line="103" />
        <source>Context limit</source>
        <translation>上下文上限</translation>
    </message>
    <message>
        <location filename="../../ui/workload/parameterpanelsessions.cpp" line="105" />
        <source>A session ends before a turn whose prompt + answer would exceed this (0 = no limit), as a chat application stops at the model's context length.</source>
        <translation>当某一轮的提示词 + 回答将超过此值时，会话在该轮之前结束（0 = 无上限），就像聊天应用在模型的上下文长度处停止。</translation>
    </message>
    <message>
        <location filename="../../ui/workload/parameterpanelsessions.cpp" line="107" />
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <location filename="../../ui/workload/parameterpanelsessions.cpp" line="108" />
        <source>Designed: first token</source>
        <translation>设计：首令牌</translation>
    </message>
    <message>
        <location filename="../../ui/workload/parameterpanelsessions.cpp" line="110" />
        <source>Where the designed timeline puts a later turn: previous send + first token + output × per token + think time. Replay does not use it: it sends the turn its think time after the real answer ended.</source>
        <translation>设计时间线把后续轮次放在：上一次发送 + 首令牌 + 输出 × 每令牌时间 + 思考时间。重放不使用它：重放在真实回答结束后再过思考时间发送该轮。</translation>
    </message>
    <message>
        <location filename="../../ui/workload/parameterpanelsessions.cpp" line="113" />
        <source>Designed: per token</source>
        <translation>设计：每令牌</translation>
    </message>
    <message>
        <location filename="../../ui/workload/parameterpanelsessions.cpp" line="114" />
        <source>ms</source>
        <translation>ms</translation>
    </message>
    <message>
        <location filename="../../ui/workload/parameterpanelsessions.cpp" line="115" />
        <source>Designed time per output token of the previous answer (see Designed: first token).</source>
        <translation>上一轮回答每个输出令牌的设计时间（参见“设计：首令牌”）。</translation>
    </message>
    <message>
        <location filename="../../ui/workload/parameterpanelsessions.cpp" line="116" />
        <source>System prompt</source>
        <translation>系统提示词</translation>
    </message>
    <message>
        <location filename="../../ui/workload/parameterpanelsessions.cpp" line="117" />
        <source>Each adapter's own system prompt of this length, at the start of every request (of every session's first turn). A prefix cache keeps it per adapter: reusable share ≈ P / (P + m) without sessions.</source>
        <translation>每个适配器自己的、长度为此值的系统提示词，位于每个请求（每个会话的第一轮）开头。前缀缓存按适配器保存它：无会话时可复用份额 ≈ P / (P + m)。</translation>
    </message>
    <message>
        <location filename="../../ui/workload/parameterpanelsessions.cpp" line="121" />
        <source>count×tokens@weight, …</source>
        <translation>数量×令牌数@权重, …</translation>
    </message>
    <message>
        <location filename="../../ui/workload/parameterpanelsessions.cpp" line="123" />
        <source>Prefix groups (GuideLLM's prefix buckets): "5×1536@1, 15×1536@1" = a group of 5 prefixes and one of 15, 1536 tokens each, picked by weight, then a prefix of the group uniformly. Every adapter reads the same prefixes (shared documents); a cache keeps them per adapter. Tokens 0 = no prefix for that share.</source>
        <translation>前缀组（GuideLLM 的前缀桶）："5×1536@1, 15×1536@1" = 一组 5 个前缀和一组 15 个前缀，每个 1536 令牌；先按权重选组，再在组内均匀选一个前缀。所有适配器读取相同的前缀（共享文档）；缓存按适配器保存。令牌数 0 = 该份额没有前缀。</translation>
    </message>
    <message>
        <location filename="../../ui/workload/parameterpanelsessions.cpp" line="126" />
        <location filename="../../ui/workload/parameterpanelsessions.cpp" line="127" />
        <source>Prefix groups</source>
        <translation>前缀组</translation>
    </message>
    <message>
        <location filename="../../ui/workload/parameterpanelsessions.cpp" line="136" />
        <source>Sessions: %1</source>
        <translation>会话：%1</translation>
    </message>
</context>
<context>
    <name>lorascope::PlotView</name>
    <message>
        <location filename="../../ui/charts/plotviewoverlays.cpp" line="294" />
        <source>Exported from LoraScope</source>
        <translation>由 LoraScope 导出</translation>
    </message>
    <message>
        <location filename="../../ui/charts/plotviewoverlays.cpp" line="308" />
        <source>Could not encode the PNG image.</source>
        <translation>无法编码 PNG 图像。</translation>
    </message>
    <message>
        <location filename="../../ui/charts/plotviewoverlays.cpp" line="310" />
        <source>Unknown image type "%1": use .png or .svg.</source>
        <translation>未知的图像类型“%1”：请使用 .png 或 .svg。</translation>
    </message>
    <message>
        <location filename="../../ui/charts/plotviewoverlays.cpp" line="315" />
        <location filename="../../ui/charts/plotviewoverlays.cpp" line="318" />
        <source>Cannot write %1: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
    <message>
        <location filename="../../ui/charts/plotviewoverlays.cpp" line="391" />
        <source>Export Chart as PNG or SVG…</source>
        <translation>将图表导出为 PNG 或 SVG…</translation>
    </message>
</context>
<context>
    <name>lorascope::RasterView</name>
    <message>
        <location filename="../../ui/workload/rasterview.cpp" line="49" />
        <source>Arrivals per adapter over time (hottest adapters on top; darker = more arrivals per pixel).
Wheel: zoom in time · drag: pan · double-click: whole trace.</source>
        <translation>各适配器随时间的到达（最热门的适配器在上方；颜色越深 = 每像素到达越多）。
滚轮：缩放时间轴 · 拖动：平移 · 双击：显示整条轨迹。</translation>
    </message>
    <message>
        <location filename="../../ui/workload/rasterview.cpp" line="224" />
        <source>Arrivals per adapter (hottest %1 adapters)</source>
        <translation>各适配器的到达（最热门的 %1 个适配器）</translation>
    </message>
    <message>
        <location filename="../../ui/workload/rasterview.cpp" line="267" />
        <source>names: %1*</source>
        <translation>名称：%1*</translation>
    </message>
    <message>
        <location filename="../../ui/workload/rasterview.cpp" line="276" />
        <source>time (s)</source>
        <translation>时间 (s)</translation>
    </message>
</context>
<context>
    <name>lorascope::ReplayAdapterModel</name>
    <message>
        <location filename="../../ui/replay/replayadapters.cpp" line="36" />
        <source>Adapter</source>
        <translation>适配器</translation>
    </message>
    <message>
        <location filename="../../ui/replay/replayadapters.cpp" line="36" />
        <source>Completed</source>
        <translation>已完成</translation>
    </message>
    <message>
        <location filename="../../ui/replay/replayadapters.cpp" line="36" />
        <source>Failed</source>
        <translation>失败</translation>
    </message>
    <message>
        <location filename="../../ui/replay/replayadapters.cpp" line="36" />
        <source>TTFT mean
(ms)</source>
        <translation>TTFT 均值
(ms)</translation>
    </message>
    <message>
        <location filename="../../ui/replay/replayadapters.cpp" line="37" />
        <source>TTFT p90
(ms)</source>
        <translation>TTFT p90
(ms)</translation>
    </message>
    <message>
        <location filename="../../ui/replay/replayadapters.cpp" line="37" />
        <source>Effective TTFT
mean (ms)</source>
        <translation>有效 TTFT
均值 (ms)</translation>
    </message>
    <message>
        <location filename="../../ui/replay/replayadapters.cpp" line="37" />
        <source>E2E mean
(ms)</source>
        <translation>E2E 均值
(ms)</translation>
    </message>
    <message>
        <location filename="../../ui/replay/replayadapters.cpp" line="37" />
        <source>Resident
(% of scrapes)</source>
        <translation>驻留
（抓取占比 %）</translation>
    </message>
    <message>
        <location filename="../../ui/replay/replayadapters.cpp" line="38" />
        <source>Loads
seen</source>
        <translation>观测到的
加载次数</translation>
    </message>
    <message>
        <location filename="../../ui/replay/replayadapters.cpp" line="38" />
        <source>Resident
from–to (s)</source>
        <translation>驻留
起止 (s)</translation>
    </message>
    <message>
        <location filename="../../ui/replay/replayadapters.cpp" line="39" />
        <source>The adapter's name as the trace gives it (sent as the LoRA / model name).</source>
        <translation>轨迹中的适配器名称（作为 LoRA / 模型名发送）。</translation>
    </message>
    <message>
        <location filename="../../ui/replay/replayadapters.cpp" line="40" />
        <source>Requests of this adapter that completed.</source>
        <translation>该适配器已完成的请求数。</translation>
    </message>
    <message>
        <location filename="../../ui/replay/replayadapters.cpp" line="40" />
        <source>Requests of this adapter that failed (any error kind).</source>
        <translation>该适配器失败的请求数（任何错误类型）。</translation>
    </message>
    <message>
        <location filename="../../ui/replay/replayadapters.cpp" line="41" />
        <source>Mean time to first token of its completed requests, from the moment the request was sent (client clock).</source>
        <translation>其已完成请求的首令牌时间均值，从请求发出时刻算起（客户端时钟）。</translation>
    </message>
    <message>
        <location filename="../../ui/replay/replayadapters.cpp" line="42" />
        <source>90th percentile of that TTFT.</source>
        <translation>该 TTFT 的第 90 百分位数。</translation>
    </message>
    <message>
        <location filename="../../ui/replay/replayadapters.cpp" line="43" />
        <source>Mean TTFT counted from the scheduled send time instead: includes the client's lateness and concurrency wait (no coordinated omission).</source>
        <translation>改从计划发送时间算起的 TTFT 均值：包含客户端的延迟和并发等待（避免协同遗漏）。</translation>
    </message>
    <message>
        <location filename="../../ui/replay/replayadapters.cpp" line="46" />
        <source>Mean end-to-end latency (send to last token) of its completed requests.</source>
        <translation>其已完成请求的端到端延迟均值（从发送到最后一个令牌）。</translation>
    </message>
    <message>
        <location filename="../../ui/replay/replayadapters.cpp" line="47" />
        <source>Share of the server's /metrics scrapes that listed this adapter as running (vLLM lora_requests_info); – when the server does not list adapters.</source>
        <translation>服务器 /metrics 抓取中将该适配器列为运行中的占比（vLLM lora_requests_info）；服务器不列出适配器时为 –。</translation>
    </message>
    <message>
        <location filename="../../ui/replay/replayadapters.cpp" line="49" />
        <source>How often the adapter appeared in a scrape after one that did not list it: loads the scrapes saw (a load and unload between two scrapes is not seen).</source>
        <translation>该适配器在一次未列出它的抓取之后重新出现的次数：即抓取观察到的加载（两次抓取之间的加载和卸载观察不到）。</translation>
    </message>
    <message>
        <location filename="../../ui/replay/replayadapters.cpp" line="51" />
        <source>Seconds since trace start of the first and last scrape that listed it.</source>
        <translation>列出它的第一次和最后一次抓取距轨迹开始的秒数。</translation>
    </message>
    <message>
        <location filename="../../ui/replay/replayadapters.cpp" line="82" />
        <source>(base model)</source>
        <translation>（基础模型）</translation>
    </message>
</context>
<context>
    <name>lorascope::ReplayCharts</name>
    <message>
        <location filename="../../ui/replay/replaycharts.cpp" line="25" />
        <source>time since trace start (s)</source>
        <translation>距轨迹开始的时间 (s)</translation>
    </message>
    <message>
        <location filename="../../ui/replay/replaycharts.cpp" line="153" />
        <source>Requests per second</source>
        <translation>每秒请求数</translation>
    </message>
    <message>
        <location filename="../../ui/replay/replaycharts.cpp" line="154" />
        <source>req/s</source>
        <translation>req/s</translation>
    </message>
    <message>
        <location filename="../../ui/replay/replaycharts.cpp" line="155" />
        <source>Per 1-s bin: requests the trace schedules, requests the client sent, and requests that completed (by end time).</source>
        <translation>每 1 秒区间：轨迹计划的请求、客户端已发送的请求和已完成的请求（按结束时间）。</translation>
    </message>
    <message>
        <location filename="../../ui/replay/replaycharts.cpp" line="158" />
        <source>Time to first token (TTFT)</source>
        <translation>首令牌时间 (TTFT)</translation>
    </message>
    <message>
        <location filename="../../ui/replay/replaycharts.cpp" line="159" />
        <location filename="../../ui/replay/replaycharts.cpp" line="165" />
        <source>ms</source>
        <translation>ms</translation>
    </message>
    <message>
        <location filename="../../ui/replay/replaycharts.cpp" line="160" />
        <source>Of the requests that completed in each 1-s bin: time from sending the request to its first token, median (p50) and 90th percentile (p90). Measured by this client.</source>
        <translation>每 1 秒区间内完成的请求：从发送请求到首个令牌的时间，中位数 (p50) 和第 90 百分位数 (p90)。由本客户端测量。</translation>
    </message>
    <message>
        <location filename="../../ui/replay/replaycharts.cpp" line="164" />
        <source>End-to-end latency (E2E)</source>
        <translation>端到端延迟 (E2E)</translation>
    </message>
    <message>
        <location filename="../../ui/replay/replaycharts.cpp" line="166" />
        <source>Of the requests that completed in each 1-s bin: time from sending the request to its last token, median (p50) and 90th percentile (p90). Measured by this client.</source>
        <translation>每 1 秒区间内完成的请求：从发送请求到最后一个令牌的时间，中位数 (p50) 和第 90 百分位数 (p90)。由本客户端测量。</translation>
    </message>
    <message>
        <location filename="../../ui/replay/replaycharts.cpp" line="170" />
        <source>Output tokens per second</source>
        <translation>每秒输出令牌数</translation>
    </message>
    <message>
        <location filename="../../ui/replay/replaycharts.cpp" line="171" />
        <source>tokens/s</source>
        <translation>令牌/s</translation>
    </message>
    <message>
        <location filename="../../ui/replay/replaycharts.cpp" line="172" />
        <source>Output tokens of the requests that ended in each 1-s bin (server-reported when it reports them, else counted).</source>
        <translation>每 1 秒区间内结束的请求的输出令牌数（服务器报告时取报告值，否则为计数值）。</translation>
    </message>
    <message>
        <location filename="../../ui/replay/replaycharts.cpp" line="175" />
        <source>Requests in flight (client)</source>
        <translation>进行中的请求（客户端）</translation>
    </message>
    <message>
        <location filename="../../ui/replay/replaycharts.cpp" line="176" />
        <location filename="../../ui/replay/replaycharts.cpp" line="180" />
        <location filename="../../ui/replay/replaycharts.cpp" line="204" />
        <source>requests</source>
        <translation>请求数</translation>
    </message>
    <message>
        <location filename="../../ui/replay/replaycharts.cpp" line="177" />
        <source>Requests sent and not yet ended, as the client counts them (includes network time).</source>
        <translation>客户端统计的已发送但尚未结束的请求（含网络时间）。</translation>
    </message>
    <message>
        <location filename="../../ui/replay/replaycharts.cpp" line="179" />
        <source>Server: running, waiting (dashed: preview)</source>
        <translation>服务器：运行中、等待中（虚线：预览）</translation>
    </message>
    <message>
        <location filename="../../ui/replay/replaycharts.cpp" line="181" />
        <source>Solid: what the server reports on /metrics at each scrape (vLLM num_requests_running / num_requests_waiting or the equivalent). Dashed: what the admission preview predicts for the same trace and settings (the largest value in each preview bin).</source>
        <translation>实线：每次抓取时服务器在 /metrics 上报告的值（vLLM num_requests_running / num_requests_waiting 或等价指标）。虚线：准入预览对相同轨迹和设置的预测（每个预览区间内的最大值）。</translation>
    </message>
    <message>
        <location filename="../../ui/replay/replaycharts.cpp" line="187" />
        <source>Server KV-cache usage (dashed: preview)</source>
        <translation>服务器 KV 缓存使用率（虚线：预览）</translation>
    </message>
    <message>
        <location filename="../../ui/replay/replaycharts.cpp" line="188" />
        <source>%</source>
        <translation>%</translation>
    </message>
    <message>
        <location filename="../../ui/replay/replaycharts.cpp" line="190" />
        <source>Solid: the server's KV-cache usage (vLLM gpu_cache_usage_perc). Dashed: the preview's KV need (the peak KV tokens the running batch will use if every request runs to completion) as a share of max_total_token_num.</source>
        <translation>实线：服务器的 KV 缓存使用率（vLLM gpu_cache_usage_perc）。虚线：预览的 KV 需求（若每个请求都运行到结束，运行批次将用到的峰值 KV 令牌数）占 max_total_token_num 的比例。</translation>
    </message>
    <message>
        <location filename="../../ui/replay/replaycharts.cpp" line="195" />
        <source>Server: adapters (dashed: preview)</source>
        <translation>服务器：适配器（虚线：预览）</translation>
    </message>
    <message>
        <location filename="../../ui/replay/replaycharts.cpp" line="196" />
        <source>adapters</source>
        <translation>适配器</translation>
    </message>
    <message>
        <location filename="../../ui/replay/replaycharts.cpp" line="198" />
        <source>Solid: adapters the server reports as loaded or running (vLLM lora_requests_info). Dashed: adapters the preview keeps resident.</source>
        <translation>实线：服务器报告为已加载或运行中的适配器（vLLM lora_requests_info）。虚线：预览中驻留的适配器。</translation>
    </message>
    <message>
        <location filename="../../ui/replay/replaycharts.cpp" line="202" />
        <source>Errors by kind</source>
        <translation>按类型统计的错误</translation>
    </message>
    <message>
        <location filename="../../ui/replay/replaycharts.cpp" line="203" />
        <source>error kind</source>
        <translation>错误类型</translation>
    </message>
    <message>
        <location filename="../../ui/replay/replaycharts.cpp" line="205" />
        <source>Failed requests by the client's error kind (connect, http_status, disconnect, timeout, …; see the help).</source>
        <translation>按客户端错误类型统计的失败请求（connect、http_status、disconnect、timeout 等；见帮助）。</translation>
    </message>
    <message>
        <location filename="../../ui/replay/replaycharts.cpp" line="217" />
        <source>Press Start: the server's own figures (from its /metrics) and the preview's prediction appear here.</source>
        <translation>按“开始”：服务器自身的数据（来自其 /metrics）和预览的预测将显示在这里。</translation>
    </message>
    <message>
        <location filename="../../ui/replay/replaycharts.cpp" line="219" />
        <source>Press Start (or open a run folder) to chart a replay here.</source>
        <translation>按“开始”（或打开运行文件夹）即可在此绘制回放图表。</translation>
    </message>
    <message>
        <location filename="../../ui/replay/replaycharts.cpp" line="229" />
        <source>scheduled</source>
        <translation>计划</translation>
    </message>
    <message>
        <location filename="../../ui/replay/replaycharts.cpp" line="230" />
        <source>sent</source>
        <translation>已发送</translation>
    </message>
    <message>
        <location filename="../../ui/replay/replaycharts.cpp" line="231" />
        <source>completed</source>
        <translation>已完成</translation>
    </message>
    <message>
        <location filename="../../ui/replay/replaycharts.cpp" line="270" />
        <source>TTFT p50</source>
        <translation>TTFT p50</translation>
    </message>
    <message>
        <location filename="../../ui/replay/replaycharts.cpp" line="271" />
        <source>TTFT p90</source>
        <translation>TTFT p90</translation>
    </message>
    <message>
        <location filename="../../ui/replay/replaycharts.cpp" line="277" />
        <source>E2E p50</source>
        <translation>E2E p50</translation>
    </message>
    <message>
        <location filename="../../ui/replay/replaycharts.cpp" line="277" />
        <source>E2E p90</source>
        <translation>E2E p90</translation>
    </message>
    <message>
        <location filename="../../ui/replay/replaycharts.cpp" line="285" />
        <source>output tokens/s</source>
        <translation>输出令牌/s</translation>
    </message>
    <message>
        <location filename="../../ui/replay/replaycharts.cpp" line="299" />
        <source>in flight</source>
        <translation>进行中</translation>
    </message>
    <message>
        <location filename="../../ui/replay/replaycharts.cpp" line="313" />
        <source>running</source>
        <translation>运行中</translation>
    </message>
    <message>
        <location filename="../../ui/replay/replaycharts.cpp" line="314" />
        <source>waiting</source>
        <translation>等待中</translation>
    </message>
    <message>
        <location filename="../../ui/replay/replaycharts.cpp" line="316" />
        <source>preview running</source>
        <translation>预览运行中</translation>
    </message>
    <message>
        <location filename="../../ui/replay/replaycharts.cpp" line="317" />
        <source>preview queue</source>
        <translation>预览队列</translation>
    </message>
    <message>
        <location filename="../../ui/replay/replaycharts.cpp" line="327" />
        <source>KV usage</source>
        <translation>KV 使用率</translation>
    </message>
    <message>
        <location filename="../../ui/replay/replaycharts.cpp" line="329" />
        <source>preview KV need</source>
        <translation>预览 KV 需求</translation>
    </message>
    <message>
        <location filename="../../ui/replay/replaycharts.cpp" line="339" />
        <source>resident</source>
        <translation>驻留</translation>
    </message>
    <message>
        <location filename="../../ui/replay/replaycharts.cpp" line="346" />
        <source>preview resident</source>
        <translation>预览驻留</translation>
    </message>
    <message>
        <location filename="../../ui/replay/replaycharts.cpp" line="353" />
        <source>failed</source>
        <translation>失败</translation>
    </message>
    <message>
        <location filename="../../ui/replay/replaycharts.cpp" line="393" />
        <location filename="../../ui/replay/replaycharts.cpp" line="397" />
        <source>Waiting for the first request…</source>
        <translation>等待第一个请求…</translation>
    </message>
    <message>
        <location filename="../../ui/replay/replaycharts.cpp" line="399" />
        <source>No request has completed yet.</source>
        <translation>尚无请求完成。</translation>
    </message>
    <message>
        <location filename="../../ui/replay/replaycharts.cpp" line="404" />
        <source>%1: %2 failed</source>
        <translation>%1：%2 个失败</translation>
    </message>
    <message>
        <location filename="../../ui/replay/replaycharts.cpp" line="407" />
        <source>No errors so far.</source>
        <translation>目前没有错误。</translation>
    </message>
    <message>
        <location filename="../../ui/replay/replaycharts.cpp" line="407" />
        <source>No errors: every request that ended completed.</source>
        <translation>没有错误：所有已结束的请求都已完成。</translation>
    </message>
    <message>
        <location filename="../../ui/replay/replaycharts.cpp" line="419" />
        <source>Waiting for the first scrape of the server's /metrics…</source>
        <translation>等待第一次抓取服务器的 /metrics…</translation>
    </message>
    <message>
        <location filename="../../ui/replay/replaycharts.cpp" line="420" />
        <source>No scrape of the server's /metrics succeeded (see server_metrics.jsonl).</source>
        <translation>对服务器 /metrics 的抓取均未成功（见 server_metrics.jsonl）。</translation>
    </message>
    <message>
        <location filename="../../ui/replay/replaycharts.cpp" line="425" />
        <source>The server does not expose this on /metrics.</source>
        <translation>服务器未在 /metrics 上提供此项。</translation>
    </message>
</context>
<context>
    <name>lorascope::ReplayTab</name>
    <message>
        <location filename="../../ui/replay/replaytab.cpp" line="75" />
        <source>demo trace (preset S1, 20 s)</source>
        <translation>演示轨迹（预设 S1，20 s）</translation>
    </message>
    <message>
        <location filename="../../ui/replay/replaytab.cpp" line="77" />
        <source>Browse…</source>
        <translation>浏览…</translation>
    </message>
    <message>
        <location filename="../../ui/replay/replaytab.cpp" line="79" />
        <source>Trace to replay</source>
        <translation>要重放的轨迹</translation>
    </message>
    <message>
        <location filename="../../ui/replay/replaytab.cpp" line="86" />
        <source>Trace:</source>
        <translation>轨迹：</translation>
    </message>
    <message>
        <location filename="../../ui/replay/replaytab.cpp" line="87" />
        <source>Built-in simulated server</source>
        <translation>内置模拟服务器</translation>
    </message>
    <message>
        <location filename="../../ui/replay/replaytab.cpp" line="89" />
        <source>Started and stopped with the replay; paces tokens with the S-LoRA admission engine and the default cost model.</source>
        <translation>随重放启动和停止；用 S-LoRA 准入引擎和默认代价模型控制令牌的输出节奏。</translation>
    </message>
    <message>
        <location filename="../../ui/replay/replaytab.cpp" line="91" />
        <source>Server:</source>
        <translation>服务器：</translation>
    </message>
    <message>
        <location filename="../../ui/replay/replaytab.cpp" line="100" />
        <source>Server speed:</source>
        <translation>服务器速度：</translation>
    </message>
    <message>
        <location filename="../../ui/replay/replaytab.cpp" line="105" />
        <source>Target URL:</source>
        <translation>目标 URL：</translation>
    </message>
    <message>
        <location filename="../../ui/replay/replaytab.cpp" line="116" />
        <source>Backend:</source>
        <translation>后端：</translation>
    </message>
    <message>
        <location filename="../../ui/replay/replaytab.cpp" line="124" />
        <source>Time scale:</source>
        <translation>时间缩放：</translation>
    </message>
    <message>
        <location filename="../../ui/replay/replaytab.cpp" line="127" />
        <source>unlimited</source>
        <translation>不限</translation>
    </message>
    <message>
        <location filename="../../ui/replay/replaytab.cpp" line="131" />
        <source>Max concurrency:</source>
        <translation>最大并发数：</translation>
    </message>
    <message>
        <location filename="../../ui/replay/replaytab.cpp" line="168" />
        <source>Start</source>
        <translation>开始</translation>
    </message>
    <message>
        <location filename="../../ui/replay/replaytab.cpp" line="169" />
        <source>Stop</source>
        <translation>停止</translation>
    </message>
    <message>
        <location filename="../../ui/replay/replaytab.cpp" line="195" />
        <source>Idle</source>
        <translation>空闲</translation>
    </message>
    <message>
        <location filename="../../ui/replay/replaytab.cpp" line="97" />
        <source>Built-in server: run the cost model this many times faster than real time. Above 1, network and client delays weigh more in the server's time, so the replay may differ from the preview.</source>
        <translation>内置服务器：以实时的这么多倍速度运行成本模型。大于 1 时，网络和客户端延迟在服务器时间中的分量更重，因此回放可能与预览不同。</translation>
    </message>
    <message>
        <location filename="../../ui/replay/replaytab.cpp" line="104" />
        <source>Base URL of the server; its Prometheus metrics are scraped from the same base + /metrics.</source>
        <translation>服务器的基础 URL；其 Prometheus 指标从同一基础地址 + /metrics 抓取。</translation>
    </message>
    <message>
        <location filename="../../ui/replay/replaytab.cpp" line="115" />
        <source>The server's API: slora, openai-completions, openai-chat (vLLM, SGLang), sglang, tgi, lorax.</source>
        <translation>服务器的 API：slora、openai-completions、openai-chat（vLLM、SGLang）、sglang、tgi、lorax。</translation>
    </message>
    <message>
        <location filename="../../ui/replay/replaytab.cpp" line="122" />
        <source>Schedule time = trace time × scale (0.5 replays twice as fast). The preview is computed for the schedule as sent.</source>
        <translation>计划时间 = 轨迹时间 × 比例（0.5 表示以两倍速度回放）。预览按实际发送的计划计算。</translation>
    </message>
    <message>
        <location filename="../../ui/replay/replaytab.cpp" line="129" />
        <source>At most this many requests in flight; a request due while all are busy waits in the client (counted in its lateness and effective latency).</source>
        <translation>最多同时进行这么多请求；所有槽位都忙时到期的请求在客户端等待（计入其延迟和有效延迟）。</translation>
    </message>
    <message>
        <location filename="../../ui/replay/replaytab.cpp" line="171" />
        <source>Open run…</source>
        <translation>打开运行…</translation>
    </message>
    <message>
        <location filename="../../ui/replay/replaytab.cpp" line="173" />
        <source>Chart a finished run folder: a single run, one shard of a sharded run, or the output of lorascope-cli merge.</source>
        <translation>绘制已完成的运行文件夹：单次运行、分片运行中的一个分片，或 lorascope-cli merge 的输出。</translation>
    </message>
    <message>
        <location filename="../../ui/replay/replaytab.cpp" line="205" />
        <source>run folder (after Start)</source>
        <translation>运行文件夹（开始后）</translation>
    </message>
    <message>
        <location filename="../../ui/replay/replaytab.cpp" line="212" />
        <source>Open folder</source>
        <translation>打开文件夹</translation>
    </message>
    <message>
        <location filename="../../ui/replay/replaytab.cpp" line="214" />
        <source>Show the run folder (requests.jsonl, server_metrics.jsonl, summary.json, manifest.json) in the file manager.</source>
        <translation>在文件管理器中显示运行文件夹（requests.jsonl、server_metrics.jsonl、summary.json、manifest.json）。</translation>
    </message>
    <message>
        <location filename="../../ui/replay/replaytab.cpp" line="219" />
        <source>Run folder:</source>
        <translation>运行文件夹：</translation>
    </message>
    <message>
        <location filename="../../ui/replay/replaytab.cpp" line="225" />
        <source>The run's summary appears here when it ends (also saved as summary.json).</source>
        <translation>运行结束时其摘要显示在这里（同时保存为 summary.json）。</translation>
    </message>
    <message>
        <location filename="../../ui/replay/replaytab.cpp" line="299" />
        <source>current workload (Workload tab)</source>
        <translation>当前工作负载（“工作负载”标签页）</translation>
    </message>
    <message>
        <location filename="../../ui/replay/replaytab.cpp" line="300" />
        <source>Started and stopped with the replay; paces tokens with the admission policy, limits and cost model of the Admission preview tab.</source>
        <translation>随重放启动和停止；按“准入预览”标签页中的准入策略、限制和代价模型控制令牌的输出节奏。</translation>
    </message>
    <message>
        <location filename="../../ui/replay/replaytab.cpp" line="335" />
        <source>Replays the trace file above.</source>
        <translation>重放上方的轨迹文件。</translation>
    </message>
    <message>
        <location filename="../../ui/replay/replaytab.cpp" line="339" />
        <source>Replays a demo trace (preset S1, 20 s).</source>
        <translation>重放演示轨迹（预设 S1，20 s）。</translation>
    </message>
    <message>
        <location filename="../../ui/replay/replaytab.cpp" line="344" />
        <source>Replays the current workload (not generated yet).</source>
        <translation>重放当前工作负载（尚未生成）。</translation>
    </message>
    <message>
        <location filename="../../ui/replay/replaytab.cpp" line="348" />
        <source>Replays the current workload%1: %2 requests over %3 s (× time scale).</source>
        <translation>重放当前工作负载%1：%2 个请求，历时 %3 s（× 时间缩放）。</translation>
    </message>
    <message>
        <location filename="../../ui/replay/replaytab.cpp" line="349" />
        <source> (imported trace)</source>
        <translation>（导入的轨迹）</translation>
    </message>
    <message>
        <location filename="../../ui/replay/replaytab.cpp" line="421" />
        <source>The current workload is not generated yet.</source>
        <translation>当前工作负载尚未生成。</translation>
    </message>
    <message>
        <location filename="../../ui/replay/replaytab.cpp" line="434" />
        <source>Cannot read the trace: %1</source>
        <translation>无法读取轨迹：%1</translation>
    </message>
    <message>
        <location filename="../../ui/replay/replaytab.cpp" line="461" />
        <source>Cannot create the run folder: %1</source>
        <translation>无法创建运行文件夹：%1</translation>
    </message>
    <message>
        <location filename="../../ui/replay/replaytab.cpp" line="570" />
        <source>Running: sent %1 of %2, completed %3, failed %4, in flight %5</source>
        <translation>运行中：已发送 %1/%2，已完成 %3，失败 %4，进行中 %5</translation>
    </message>
    <message>
        <location filename="../../ui/replay/replaytab.cpp" line="629" />
        <source>Stopped</source>
        <translation>已停止</translation>
    </message>
    <message>
        <location filename="../../ui/replay/replaytab.cpp" line="630" />
        <source>Failed: %1</source>
        <translation>失败：%1</translation>
    </message>
    <message>
        <location filename="../../ui/replay/replayrunfolder.cpp" line="55" />
        <source>Open a replay run folder</source>
        <translation>打开回放运行文件夹</translation>
    </message>
    <message>
        <location filename="../../ui/replay/replayrunfolder.cpp" line="63" />
        <source>Stop the running replay before opening a run folder.</source>
        <translation>请先停止正在进行的回放，再打开运行文件夹。</translation>
    </message>
    <message>
        <location filename="../../ui/replay/replayrunfolder.cpp" line="71" />
        <source>Cannot open the run folder: %1</source>
        <translation>无法打开运行目录：%1</translation>
    </message>
    <message>
        <location filename="../../ui/replay/replaytab.cpp" line="475" />
        <source>Starting…</source>
        <translation>正在启动…</translation>
    </message>
    <message>
        <location filename="../../ui/replay/replaytab.cpp" line="488" />
        <source>Stopping…</source>
        <translation>正在停止…</translation>
    </message>
    <message>
        <location filename="../../ui/replay/replaytab.cpp" line="629" />
        <source>Finished</source>
        <translation>完成</translation>
    </message>
    <message>
        <location filename="../../ui/replay/replaytab.cpp" line="135" />
        <source>own words per request</source>
        <translation>每个请求独有的词</translation>
    </message>
    <message>
        <location filename="../../ui/replay/replaytab.cpp" line="136" />
        <source>S-LoRA: "Hello" × n</source>
        <translation>S-LoRA："Hello" × n</translation>
    </message>
    <message>
        <location filename="../../ui/replay/replaytab.cpp" line="138" />
        <source>Own words per request: every prompt its own words (one token each), shared only where the workload declares it (system prompts, documents, a session's history), so a prefix cache sees the designed workload. S-LoRA's "Hello" × n makes every prompt a prefix of every longer one: use it only to compare with S-LoRA, which has no prefix cache.</source>
        <translation>每个请求独有的词：每个提示词都由自己的词组成（每个词一个令牌），只在工作负载声明之处共享（系统提示词、文档、会话历史），因此前缀缓存看到的正是设计的工作负载。S-LoRA 的 "Hello" × n 让每个提示词都成为更长提示词的前缀：只在与没有前缀缓存的 S-LoRA 对比时使用。</translation>
    </message>
    <message>
        <location filename="../../ui/replay/replaytab.cpp" line="142" />
        <source>Prompts:</source>
        <translation>提示词：</translation>
    </message>
    <message>
        <location filename="../../ui/replay/replaytab.cpp" line="146" />
        <source>server's answers</source>
        <translation>服务器的回答</translation>
    </message>
    <message>
        <location filename="../../ui/replay/replaytab.cpp" line="147" />
        <source>synthetic answers</source>
        <translation>合成回答</translation>
    </message>
    <message>
        <location filename="../../ui/replay/replaytab.cpp" line="149" />
        <source>What a later turn of a session sends back as the earlier answers: the text the server returned (as a chat client does), or synthetic text of the designed length (the same bytes on every run). A later turn is sent its think time after the previous answer ended.</source>
        <translation>会话的后续轮次作为之前回答发回的内容：服务器返回的文本（如同聊天客户端），或设计长度的合成文本（每次运行字节相同）。后续轮次在上一轮回答结束后再过其思考时间发送。</translation>
    </message>
    <message>
        <location filename="../../ui/replay/replaytab.cpp" line="154" />
        <source>no header</source>
        <translation>无请求头</translation>
    </message>
    <message>
        <location filename="../../ui/replay/replaytab.cpp" line="156" />
        <source>An HTTP header carrying the session id with each turn, for session-affinity routers (e.g. %1). Empty: none.</source>
        <translation>每一轮都带上会话 ID 的 HTTP 请求头，供会话亲和路由器使用（例如 %1）。留空：不发送。</translation>
    </message>
    <message>
        <location filename="../../ui/replay/replaytab.cpp" line="161" />
        <source>Sessions:</source>
        <translation>会话：</translation>
    </message>
</context>
<context>
    <name>lorascope::ReplayText</name>
    <message>
        <location filename="../../ui/replay/replaytext.cpp" line="36" />
        <source>Error: %1
</source>
        <translation>错误：%1
</translation>
    </message>
    <message>
        <location filename="../../ui/replay/replaytext.cpp" line="45" />
        <source>Completed %1, failed %2, cancelled %3
</source>
        <translation>已完成 %1，失败 %2，已取消 %3
</translation>
    </message>
    <message>
        <location filename="../../ui/replay/replaytext.cpp" line="53" />
        <source>Request throughput: none (no request completed)
</source>
        <translation>请求吞吐量：无（没有请求完成）
</translation>
    </message>
    <message>
        <location filename="../../ui/replay/replaytext.cpp" line="55" />
        <source>Request throughput %1 req/s, output %2 tokens/s, over %3 s (first send to last completion, incl. %4 s of drain after the last send)
</source>
        <translation>请求吞吐量 %1 req/s，输出 %2 令牌/s，统计时长 %3 s（从第一次发送到最后一次完成，包括最后一次发送后 %4 s 的排空）
</translation>
    </message>
    <message>
        <location filename="../../ui/replay/replaytext.cpp" line="60" />
        <source>Offered %1 req/s (%2 requests scheduled over %3 s)
</source>
        <translation>提供负载 %1 req/s（%2 个请求，计划在 %3 s 内发送）
</translation>
    </message>
    <message>
        <location filename="../../ui/replay/replaytext.cpp" line="64" />
        <source>TTFT mean %1 / p50 %2 / p90 %3 / p99 %4 ms
</source>
        <translation>TTFT 均值 %1 / p50 %2 / p90 %3 / p99 %4 ms
</translation>
    </message>
    <message>
        <location filename="../../ui/replay/replaytext.cpp" line="67" />
        <source>Effective TTFT (from the scheduled send time) mean %1 / p90 %2 / p99 %3 ms
</source>
        <translation>有效 TTFT（从计划发送时间算起）均值 %1 / p90 %2 / p99 %3 ms
</translation>
    </message>
    <message>
        <location filename="../../ui/replay/replaytext.cpp" line="70" />
        <source>TPOT mean %1 / p99 %2 ms; ITL mean %3 ms
</source>
        <translation>TPOT 均值 %1 / p99 %2 ms；ITL 均值 %3 ms
</translation>
    </message>
    <message>
        <location filename="../../ui/replay/replaytext.cpp" line="72" />
        <source>E2E mean %1 / p99 %2 ms; effective E2E mean %3 / p99 %4 ms
</source>
        <translation>E2E 均值 %1 / p99 %2 ms；有效 E2E 均值 %3 / p99 %4 ms
</translation>
    </message>
    <message>
        <location filename="../../ui/replay/replaytext.cpp" line="76" />
        <source>Send lateness (sent − scheduled) median %1 / p99 %2 ms
</source>
        <translation>发送延迟（发送 − 计划）中位数 %1 / p99 %2 ms
</translation>
    </message>
    <message>
        <location filename="../../ui/replay/replaytext.cpp" line="80" />
        <source>real-time priority</source>
        <translation>实时优先级</translation>
    </message>
    <message>
        <location filename="../../ui/replay/replaytext.cpp" line="81" />
        <source>normal priority with a short time slice (no permission for real-time)</source>
        <translation>普通优先级，短时间片（无实时优先级权限）</translation>
    </message>
    <message>
        <location filename="../../ui/replay/replaytext.cpp" line="82" />
        <source>differs between shards</source>
        <translation>各分片不同</translation>
    </message>
    <message>
        <location filename="../../ui/replay/replaytext.cpp" line="83" />
        <source>normal priority</source>
        <translation>普通优先级</translation>
    </message>
    <message>
        <location filename="../../ui/replay/replaytext.cpp" line="84" />
        <source>Dispatcher (the thread that sends on schedule): %1
</source>
        <translation>调度线程（按计划发送请求的线程）：%1
</translation>
    </message>
    <message>
        <location filename="../../ui/replay/replaytext.cpp" line="88" />
        <source>, S-LoRA reward %1
</source>
        <translation>，S-LoRA 奖励 %1
</translation>
    </message>
    <message>
        <location filename="../../ui/replay/replaytext.cpp" line="93" />
        <source>Token mismatch (%1): %2 of %3 completed requests (%4) got another number of output tokens than requested (%5 more, %6 fewer)
</source>
        <translation>令牌数不符（%1）：%3 个已完成请求中有 %2 个（%4）得到的输出令牌数与请求的不同（多 %5 个，少 %6 个）
</translation>
    </message>
    <message>
        <location filename="../../ui/replay/replaytext.cpp" line="109" />
        <source>Server (/metrics, %1 of %2 scrapes answered): running at most %3, waiting at most %4 requests, KV-cache usage at most %5
</source>
        <translation>服务器（/metrics，%2 次抓取中 %1 次有应答）：运行中最多 %3 个、等待中最多 %4 个请求，KV 缓存使用率最高 %5
</translation>
    </message>
    <message>
        <location filename="../../ui/replay/replaytext.cpp" line="118" />
        <source>errors %1: %2
</source>
        <translation>错误 %1：%2
</translation>
    </message>
    <message>
        <location filename="../../ui/replay/replaytext.cpp" line="122" />
        <source>The run was stopped: unsent and in-flight requests are cancelled.
</source>
        <translation>运行已停止：未发送和进行中的请求已取消。
</translation>
    </message>
    <message>
        <location filename="../../ui/replay/replaytext.cpp" line="126" />
        <source>Warning: %1
</source>
        <translation>警告：%1
</translation>
    </message>
    <message>
        <location filename="../../ui/replay/replaytext.cpp" line="129" />
        <source>(summary.json has a value of an unexpected type: %1)
</source>
        <translation>（summary.json 中有类型不符的值：%1）
</translation>
    </message>
    <message>
        <location filename="../../ui/replay/replaytext.cpp" line="132" />
        <source>Note: %1
</source>
        <translation>注意：%1
</translation>
    </message>
    <message>
        <location filename="../../ui/replay/replaytext.cpp" line="140" />
        <source>No request ended.</source>
        <translation>没有请求结束。</translation>
    </message>
    <message>
        <location filename="../../ui/replay/replaytext.cpp" line="143" />
        <source>&lt;b&gt;%1&lt;/b&gt; completed, &lt;b&gt;%2&lt;/b&gt; failed · TTFT p50 &lt;b&gt;%3 ms&lt;/b&gt; · effective TTFT p50 &lt;b&gt;%4 ms&lt;/b&gt; (from the scheduled send time)</source>
        <translation>已完成 &lt;b&gt;%1&lt;/b&gt;，失败 &lt;b&gt;%2&lt;/b&gt; · TTFT p50 &lt;b&gt;%3 ms&lt;/b&gt; · 有效 TTFT p50 &lt;b&gt;%4 ms&lt;/b&gt;（从计划发送时间算起）</translation>
    </message>
    <message>
        <location filename="../../ui/replay/replaytext.cpp" line="150" />
        <source>Token mismatch: %1 of %2 completed requests (%3) got a different number of output tokens than requested — the server may ignore max_tokens or ignore_eos, which changes the workload.</source>
        <translation>令牌数不符：%2 个已完成请求中有 %1 个（%3）得到的输出令牌数与请求的不同——服务器可能忽略了 max_tokens 或 ignore_eos，这会改变工作负载。</translation>
    </message>
    <message>
        <location filename="../../ui/replay/replaytext.cpp" line="159" />
        <source>Token mismatch: none (every completed request got the output tokens it asked for).</source>
        <translation>令牌数不符：无（每个已完成请求都得到了所请求的输出令牌数）。</translation>
    </message>
    <message>
        <location filename="../../ui/replay/replaytext.cpp" line="167" />
        <source>Opened from a run folder: no preview overlay (the preview is computed when a replay starts here).</source>
        <translation>从运行文件夹打开：无预览叠加（预览在此处开始回放时计算）。</translation>
    </message>
    <message>
        <location filename="../../ui/replay/replaytext.cpp" line="171" />
        <source>Computing the admission preview of this trace for the overlay…</source>
        <translation>正在计算此轨迹的准入预览用于叠加…</translation>
    </message>
    <message>
        <location filename="../../ui/replay/replaytext.cpp" line="172" />
        <source>No admission preview for this run (stopped before it was ready).</source>
        <translation>此次运行没有准入预览（在预览就绪前已停止）。</translation>
    </message>
    <message>
        <location filename="../../ui/replay/replaytext.cpp" line="182" />
        <source>Server queue</source>
        <translation>服务器队列</translation>
    </message>
    <message>
        <location filename="../../ui/replay/replaytext.cpp" line="182" />
        <source>Server running batch</source>
        <translation>服务器运行批次</translation>
    </message>
    <message>
        <location filename="../../ui/replay/replaytext.cpp" line="184" />
        <source>%1 %2× the preview at t = %3 s (server %4 requests, preview at most %5).</source>
        <translation>%1 在 t = %3 s 时为预览的 %2 倍（服务器 %4 个请求，预览最多 %5 个）。</translation>
    </message>
    <message>
        <location filename="../../ui/replay/replaytext.cpp" line="189" />
        <source>The server's running and waiting requests stay within the preview's band (dashed).</source>
        <translation>服务器的运行中和等待中请求保持在预览的范围（虚线）之内。</translation>
    </message>
    <message>
        <location filename="../../ui/replay/replaytext.cpp" line="191" />
        <source>Preview ready (dashed); the server's figures appear with its first /metrics scrape.</source>
        <translation>预览已就绪（虚线）；服务器的数据将在第一次抓取 /metrics 后出现。</translation>
    </message>
    <message>
        <location filename="../../ui/replay/replaytext.cpp" line="197" />
        <source>The built-in server runs %1× faster than real time: each millisecond of network and client delay counts %1 ms in its model time, so it may queue and batch differently from the preview.</source>
        <translation>内置服务器以实时的 %1 倍速度运行：每毫秒的网络和客户端延迟在其模型时间中算作 %1 ms，因此其排队和批处理可能与预览不同。</translation>
    </message>
    <message>
        <location filename="../../ui/replay/replaytext.cpp" line="202" />
        <source>External server: the preview uses this session's settings (Admission tab: policy, limits, cost model); the server's own settings, hardware and scheduler decide what it does.</source>
        <translation>外部服务器：预览使用本会话的设置（准入标签页：策略、限制、成本模型）；服务器的行为由其自身的设置、硬件和调度器决定。</translation>
    </message>
    <message>
        <location filename="../../ui/replay/replaytext.cpp" line="206" />
        <source>No session: the built-in server and the preview both use the default S-LoRA settings.</source>
        <translation>无会话：内置服务器和预览都使用默认的 S-LoRA 设置。</translation>
    </message>
    <message>
        <location filename="../../ui/replay/replaytext.cpp" line="216" />
        <source>merged run</source>
        <translation>合并的运行</translation>
    </message>
    <message>
        <location filename="../../ui/replay/replaytext.cpp" line="219" />
        <source>shard %1 of %2</source>
        <translation>分片 %1/%2</translation>
    </message>
    <message>
        <location filename="../../ui/replay/replaytext.cpp" line="222" />
        <source>run</source>
        <translation>运行</translation>
    </message>
    <message>
        <location filename="../../ui/replay/replaytext.cpp" line="225" />
        <source>Opened %1: %2 requests.</source>
        <translation>已打开%1：%2 个请求。</translation>
    </message>
    <message>
        <location filename="../../ui/replay/replaytext.cpp" line="226" />
        <source>Opened %1 that did not finish: %2 requests recorded.</source>
        <translation>已打开未完成的%1：记录了 %2 个请求。</translation>
    </message>
    <message>
        <location filename="../../ui/replay/replaytext.cpp" line="231" />
        <source>Measured by this client over the requests that ended so far. TTFT counts from the moment a request was sent; effective TTFT from its scheduled send time, so it includes the client's lateness and concurrency wait. Token mismatch: completed requests whose output token count (server-reported, else counted) differs from the max_new_tokens they asked for.</source>
        <translation>由本客户端对目前已结束的请求测量。TTFT 从请求发出时刻算起；有效 TTFT 从其计划发送时间算起，因此包含客户端的延迟和并发等待。令牌数不符：输出令牌数（服务器报告值，否则为计数值）与所请求的 max_new_tokens 不同的已完成请求。</translation>
    </message>
    <message>
        <location filename="../../ui/replay/replaytext.cpp" line="240" />
        <source>The admission preview (core/admission) is run on the same trace as sent (trace time × time scale) with the session's policy, limits and cost model on the cost-model clock, as the built-in server runs them. A scrape counts as outside the band when the server's waiting (or running) requests exceed 1.5× the preview's largest value in that time bin and by more than 2 requests.</source>
        <translation>准入预览（core/admission）按实际发送的同一轨迹（轨迹时间 × 时间比例）运行，使用本会话的策略、限制和成本模型，采用成本模型时钟，与内置服务器的运行方式相同。当服务器的等待（或运行）请求数超过该时间区间内预览最大值的 1.5 倍且多出 2 个以上时，该次抓取视为超出范围。</translation>
    </message>
    <message>
        <location filename="../../ui/replay/replaytext.cpp" line="249" />
        <source>From summary.json: vLLM bench-serve metrics over the requests in the window (TTFT, TPOT, ITL, E2E in ms; throughput per second of the run), effective latencies from the scheduled send time, S-LoRA's SLO attainment (share of requests with TTFT &lt; 6 s) and reward, the token mismatch, and the server's figures from its /metrics scrapes. See the Replay help for the formulas.</source>
        <translation>来自 summary.json：窗口内请求的 vLLM bench-serve 指标（TTFT、TPOT、ITL、E2E 单位为 ms；吞吐量按运行的每秒计），从计划发送时间算起的有效延迟，S-LoRA 的 SLO 达成率（TTFT &lt; 6 s 的请求占比）和奖励，令牌数不符情况，以及服务器 /metrics 抓取得到的数据。公式见回放帮助。</translation>
    </message>
</context>
<context>
    <name>lorascope::ReportExporter</name>
    <message>
        <location filename="../../ui/window/reportexporter.cpp" line="34" />
        <source>Export &amp;Report…</source>
        <translation>导出报告(&amp;R)…</translation>
    </message>
    <message>
        <location filename="../../ui/window/reportexporter.cpp" line="43" />
        <source>LoraScope desktop app, File &gt; Export Report on the %1 tab</source>
        <translation>LoraScope 桌面应用，在 %1 标签页中使用 文件 &gt; 导出报告</translation>
    </message>
    <message>
        <location filename="../../ui/window/reportexporter.cpp" line="49" />
        <source>The Replay tab has no run yet: run a replay or open a run folder first.</source>
        <translation>重放标签页还没有运行：请先运行一次重放或打开一个运行目录。</translation>
    </message>
    <message>
        <location filename="../../ui/window/reportexporter.cpp" line="61" />
        <source>The Sweep tab has no sweep yet: run one first.</source>
        <translation>扫描标签页还没有扫描结果：请先运行一次扫描。</translation>
    </message>
    <message>
        <location filename="../../ui/window/reportexporter.cpp" line="66" />
        <source>sweep</source>
        <translation>扫描</translation>
    </message>
    <message>
        <location filename="../../ui/window/reportexporter.cpp" line="77" />
        <source>There is no admission preview yet.</source>
        <translation>还没有准入预览。</translation>
    </message>
    <message>
        <location filename="../../ui/window/reportexporter.cpp" line="87" />
        <source>the current workload (generated in the app)</source>
        <translation>当前工作负载（在应用中生成）</translation>
    </message>
    <message>
        <location filename="../../ui/window/reportexporter.cpp" line="107" />
        <location filename="../../ui/window/reportexporter.cpp" line="123" />
        <source>Export Report</source>
        <translation>导出报告</translation>
    </message>
    <message>
        <location filename="../../ui/window/reportexporter.cpp" line="107" />
        <source>HTML report (*.html)</source>
        <translation>HTML 报告 (*.html)</translation>
    </message>
    <message>
        <location filename="../../ui/window/reportexporter.cpp" line="111" />
        <source>Writing the report %1 …</source>
        <translation>正在写入报告 %1 …</translation>
    </message>
    <message>
        <location filename="../../ui/window/reportexporter.cpp" line="121" />
        <source>Wrote the report %1: it opens in any web browser, offline</source>
        <translation>已写入报告 %1：可在任何浏览器中离线打开</translation>
    </message>
</context>
<context>
    <name>lorascope::RequestDetail</name>
    <message>
        <location filename="../../ui/admission/requestdetail.cpp" line="47" />
        <source>&lt;p&gt;&lt;b&gt;Why it waited&lt;/b&gt;&lt;/p&gt;&lt;p&gt;Select a request in the table: its times, how long it waited in the queue and why, in full sentences, appear here.&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;为何等待&lt;/b&gt;&lt;/p&gt;&lt;p&gt;在表格中选择一个请求：它的各个时间点、在队列中等待了多久以及原因，会以完整的句子显示在这里。&lt;/p&gt;</translation>
    </message>
    <message>
        <location filename="../../ui/admission/requestdetail.cpp" line="62" />
        <source>base model (no adapter)</source>
        <translation>基础模型（无适配器）</translation>
    </message>
    <message>
        <location filename="../../ui/admission/requestdetail.cpp" line="64" />
        <source>%1 (rank %2)</source>
        <translation>%1（秩 %2）</translation>
    </message>
    <message>
        <location filename="../../ui/admission/requestdetail.cpp" line="67" />
        <source>&lt;p&gt;&lt;b&gt;Request %1&lt;/b&gt; · %2 · %3 input / %4 output tokens&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;请求 %1&lt;/b&gt; · %2 · %3 输入 / %4 输出令牌&lt;/p&gt;</translation>
    </message>
    <message>
        <location filename="../../ui/admission/requestdetail.cpp" line="78" />
        <source>It was never admitted: the trace ended with it still in the queue.</source>
        <translation>它从未被准入：轨迹结束时它仍在队列中。</translation>
    </message>
    <message>
        <location filename="../../ui/admission/requestdetail.cpp" line="81" />
        <source>It waited only for the forward pass running when it arrived to end: the next admission check took it in.</source>
        <translation>它只是在等待到达时正在运行的那次前向计算结束：下一次准入检查就接纳了它。</translation>
    </message>
    <message>
        <location filename="../../ui/admission/requestdetail.cpp" line="83" />
        <source>It did not wait: admitted when it arrived.</source>
        <translation>它没有等待：到达时即被准入。</translation>
    </message>
    <message>
        <location filename="../../ui/admission/requestdetail.cpp" line="86" />
        <source>&lt;p&gt;&lt;b&gt;Why it waited&lt;/b&gt; (%1): %2&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;为何等待&lt;/b&gt;（%1）：%2&lt;/p&gt;</translation>
    </message>
    <message>
        <location filename="../../ui/admission/requestdetail.cpp" line="87" />
        <source>&lt;p&gt;Arrived %1 · admitted %2 · first token %3 · finished %4 (TTFT %5, end to end %6).&lt;/p&gt;</source>
        <translation>&lt;p&gt;到达 %1 · 准入 %2 · 首令牌 %3 · 完成 %4（TTFT %5，端到端 %6）。&lt;/p&gt;</translation>
    </message>
    <message>
        <location filename="../../ui/admission/requestdetail.cpp" line="90" />
        <source>&lt;p&gt;&lt;a href="step:%1"&gt;Show the pass that admitted it in the step-through&lt;/a&gt; (G in the Admission tab).&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;a href="step:%1"&gt;在逐步执行中显示准入它的那次计算&lt;/a&gt;（准入标签页中按 G）。&lt;/p&gt;</translation>
    </message>
</context>
<context>
    <name>lorascope::RequestTableModel</name>
    <message>
        <location filename="../../ui/admission/requestmodel.cpp" line="37" />
        <source>refused: %1</source>
        <translation>被拒绝：%1</translation>
    </message>
    <message>
        <location filename="../../ui/admission/requestmodel.cpp" line="39" />
        <source>dropped: %1</source>
        <translation>已丢弃：%1</translation>
    </message>
    <message>
        <location filename="../../ui/admission/requestmodel.cpp" line="41" />
        <source>finished</source>
        <translation>已完成</translation>
    </message>
    <message>
        <location filename="../../ui/admission/requestmodel.cpp" line="43" />
        <source>running</source>
        <translation>运行中</translation>
    </message>
    <message>
        <location filename="../../ui/admission/requestmodel.cpp" line="44" />
        <source>never admitted</source>
        <translation>从未准入</translation>
    </message>
    <message>
        <location filename="../../ui/admission/requestmodel.cpp" line="77" />
        <source>base model (no adapter)</source>
        <translation>基础模型（无适配器）</translation>
    </message>
    <message>
        <location filename="../../ui/admission/requestmodel.cpp" line="79" />
        <source>%1 (rank %2)</source>
        <translation>%1（秩 %2）</translation>
    </message>
    <message>
        <location filename="../../ui/admission/requestmodel.cpp" line="99" />
        <source>(base model)</source>
        <translation>（基础模型）</translation>
    </message>
    <message>
        <location filename="../../ui/admission/requestmodel.cpp" line="139" />
        <source> (s)</source>
        <translation> (s)</translation>
    </message>
    <message>
        <location filename="../../ui/admission/requestmodel.cpp" line="139" />
        <source> (steps)</source>
        <translation>（步）</translation>
    </message>
    <message>
        <location filename="../../ui/admission/requestmodel.cpp" line="142" />
        <source>Request</source>
        <translation>请求</translation>
    </message>
    <message>
        <location filename="../../ui/admission/requestmodel.cpp" line="144" />
        <source>Adapter</source>
        <translation>适配器</translation>
    </message>
    <message>
        <location filename="../../ui/admission/requestmodel.cpp" line="146" />
        <source>Input</source>
        <translation>输入</translation>
    </message>
    <message>
        <location filename="../../ui/admission/requestmodel.cpp" line="148" />
        <source>Output</source>
        <translation>输出</translation>
    </message>
    <message>
        <location filename="../../ui/admission/requestmodel.cpp" line="150" />
        <source>Arrival</source>
        <translation>到达</translation>
    </message>
    <message>
        <location filename="../../ui/admission/requestmodel.cpp" line="152" />
        <source>Admitted</source>
        <translation>准入</translation>
    </message>
    <message>
        <location filename="../../ui/admission/requestmodel.cpp" line="154" />
        <source>First token</source>
        <translation>首令牌</translation>
    </message>
    <message>
        <location filename="../../ui/admission/requestmodel.cpp" line="156" />
        <source>Finished</source>
        <translation>完成</translation>
    </message>
    <message>
        <location filename="../../ui/admission/requestmodel.cpp" line="158" />
        <source>Queue wait</source>
        <translation>排队等待</translation>
    </message>
    <message>
        <location filename="../../ui/admission/requestmodel.cpp" line="160" />
        <source>TTFT</source>
        <translation>TTFT</translation>
    </message>
    <message>
        <location filename="../../ui/admission/requestmodel.cpp" line="162" />
        <source>E2E</source>
        <translation>E2E</translation>
    </message>
    <message>
        <location filename="../../ui/admission/requestmodel.cpp" line="164" />
        <source>Status</source>
        <translation>状态</translation>
    </message>
    <message>
        <location filename="../../ui/admission/requestmodel.cpp" line="166" />
        <source>Why it waited</source>
        <translation>等待原因</translation>
    </message>
</context>
<context>
    <name>lorascope::RequestsPage</name>
    <message>
        <location filename="../../ui/admission/requestspage.cpp" line="35" />
        <source>Filter (e.g. KV cache, behind, refused, an adapter name)…</source>
        <translation>筛选（例如：KV 缓存、排在、拒绝、适配器名称）…</translation>
    </message>
    <message>
        <location filename="../../ui/admission/requestspage.cpp" line="38" />
        <source>All columns</source>
        <translation>所有列</translation>
    </message>
    <message>
        <location filename="../../ui/admission/requestspage.cpp" line="41" />
        <source>Filter:</source>
        <translation>筛选：</translation>
    </message>
</context>
<context>
    <name>lorascope::ResidencyView</name>
    <message>
        <location filename="../../ui/fleet/residencyview.cpp" line="134" />
        <source>Adapters on %1's GPU over time (share of each bin)</source>
        <translation>%1 的 GPU 上的适配器随时间变化（每个时间箱中的占比）</translation>
    </message>
    <message>
        <location filename="../../ui/fleet/residencyview.cpp" line="135" />
        <source>Adapters on the replicas' GPUs over time (replicas holding each)</source>
        <translation>各副本 GPU 上的适配器随时间变化（持有它的副本数）</translation>
    </message>
    <message>
        <location filename="../../ui/fleet/residencyview.cpp" line="139" />
        <source>No adapter was loaded: the heat map shows which replicas hold which adapters once a fleet runs.</source>
        <translation>没有加载任何适配器：集群运行后，热图会显示哪些副本持有哪些适配器。</translation>
    </message>
    <message>
        <location filename="../../ui/fleet/residencyview.cpp" line="182" />
        <source>share of the bin on the GPU:</source>
        <translation>在 GPU 上的时间占比：</translation>
    </message>
    <message>
        <location filename="../../ui/fleet/residencyview.cpp" line="182" />
        <source>replicas holding it:</source>
        <translation>持有它的副本数：</translation>
    </message>
    <message>
        <location filename="../../ui/fleet/residencyview.cpp" line="210" />
        <source>%1, %2–%3 %4</source>
        <translation>%1，%2–%3 %4</translation>
    </message>
    <message>
        <location filename="../../ui/fleet/residencyview.cpp" line="219" />
        <source>%1 (%2 % of the bin)</source>
        <translation>%1（时间箱的 %2%）</translation>
    </message>
    <message>
        <location filename="../../ui/fleet/residencyview.cpp" line="222" />
        <source>on no replica's GPU</source>
        <translation>不在任何副本的 GPU 上</translation>
    </message>
    <message>
        <location filename="../../ui/fleet/residencyview.cpp" line="222" />
        <source>on the GPU of: %1</source>
        <translation>位于这些副本的 GPU 上：%1</translation>
    </message>
</context>
<context>
    <name>lorascope::RunCompareModel</name>
    <message>
        <location filename="../../ui/compare/runcompareview.cpp" line="116" />
        <source>Metric</source>
        <translation>指标</translation>
    </message>
    <message>
        <location filename="../../ui/compare/runcompareview.cpp" line="118" />
        <source>Unit</source>
        <translation>单位</translation>
    </message>
    <message>
        <location filename="../../ui/compare/runcompareview.cpp" line="124" />
        <source>B − A</source>
        <translation>B − A</translation>
    </message>
    <message>
        <location filename="../../ui/compare/runcompareview.cpp" line="126" />
        <source>95 % interval of B − A</source>
        <translation>B − A 的 95% 区间</translation>
    </message>
    <message>
        <location filename="../../ui/compare/runcompareview.cpp" line="128" />
        <source>Verdict</source>
        <translation>结论</translation>
    </message>
</context>
<context>
    <name>lorascope::RunCompareView</name>
    <message>
        <location filename="../../ui/compare/runcompareview.cpp" line="138" />
        <source>en</source>
        <comment>language code of HTML reports and verdicts (zh_CN in Chinese)</comment>
        <translation>zh_CN</translation>
    </message>
    <message>
        <location filename="../../ui/compare/runcompareview.cpp" line="151" />
        <source>Open Run A…</source>
        <translation>打开运行 A…</translation>
    </message>
    <message>
        <location filename="../../ui/compare/runcompareview.cpp" line="152" />
        <source>Open Run B…</source>
        <translation>打开运行 B…</translation>
    </message>
    <message>
        <location filename="../../ui/compare/runcompareview.cpp" line="153" />
        <source>A replay run folder: a single run, a shard or a merge output (it holds manifest.json and requests.jsonl).</source>
        <translation>一个重放运行目录：单次运行、一个分片或 merge 的输出（其中有 manifest.json 和 requests.jsonl）。</translation>
    </message>
    <message>
        <location filename="../../ui/compare/runcompareview.cpp" line="156" />
        <source>Export as HTML…</source>
        <translation>导出为 HTML…</translation>
    </message>
    <message>
        <location filename="../../ui/compare/runcompareview.cpp" line="158" />
        <source>The comparison as one self-contained HTML file, as lorascope-cli compare --html writes it.</source>
        <translation>将对比结果导出为一个自包含的 HTML 文件，与 lorascope-cli compare --html 的输出相同。</translation>
    </message>
    <message>
        <location filename="../../ui/compare/runcompareview.cpp" line="164" />
        <source>A: no run open</source>
        <translation>A：未打开运行</translation>
    </message>
    <message>
        <location filename="../../ui/compare/runcompareview.cpp" line="165" />
        <source>B: no run open</source>
        <translation>B：未打开运行</translation>
    </message>
    <message>
        <location filename="../../ui/compare/runcompareview.cpp" line="185" />
        <source>Open Run A</source>
        <translation>打开运行 A</translation>
    </message>
    <message>
        <location filename="../../ui/compare/runcompareview.cpp" line="185" />
        <source>Open Run B</source>
        <translation>打开运行 B</translation>
    </message>
    <message>
        <location filename="../../ui/compare/runcompareview.cpp" line="188" />
        <source>Open Run</source>
        <translation>打开运行</translation>
    </message>
    <message>
        <location filename="../../ui/compare/runcompareview.cpp" line="194" />
        <location filename="../../ui/compare/runcompareview.cpp" line="197" />
        <source>Export Comparison</source>
        <translation>导出对比</translation>
    </message>
    <message>
        <location filename="../../ui/compare/runcompareview.cpp" line="194" />
        <source>HTML report (*.html)</source>
        <translation>HTML 报告 (*.html)</translation>
    </message>
    <message>
        <location filename="../../ui/compare/runcompareview.cpp" line="202" />
        <source>Open two replay run folders to see every metric of B against A, with its 95 % confidence interval (a bootstrap over requests; docs/report.md) and whether the difference is real or noise.</source>
        <translation>打开两个重放运行目录，查看 B 相对 A 的每个指标及其 95% 置信区间（按请求的自助法；见 docs/report.md），以及差异是真实的还是噪声。</translation>
    </message>
    <message>
        <location filename="../../ui/compare/runcompareview.cpp" line="212" />
        <source>Cannot open the run folder: %1</source>
        <translation>无法打开运行目录：%1</translation>
    </message>
    <message>
        <location filename="../../ui/compare/runcompareview.cpp" line="214" />
        <source>A: %1 (%2 requests)</source>
        <translation>A：%1（%2 个请求）</translation>
    </message>
    <message>
        <location filename="../../ui/compare/runcompareview.cpp" line="214" />
        <source>B: %1 (%2 requests)</source>
        <translation>B：%1（%2 个请求）</translation>
    </message>
    <message>
        <location filename="../../ui/compare/runcompareview.cpp" line="228" />
        <source>Comparing: resampling requests …</source>
        <translation>正在对比：对请求重采样 …</translation>
    </message>
    <message>
        <location filename="../../ui/compare/runcompareview.cpp" line="259" />
        <source>B against A: %1 headline metrics significantly better, %2 worse (95 % intervals from %3 resamples of the requests).</source>
        <translation>B 相对 A：%1 个主要指标显著更好，%2 个更差（95% 区间，来自对请求的 %3 次重采样）。</translation>
    </message>
    <message>
        <location filename="../../ui/compare/runcompareview.cpp" line="266" />
        <source>The two runs replayed different traces: the differences include the workload, not only the server.</source>
        <translation>两次运行回放的是不同的轨迹：差异既来自服务端，也来自负载本身。</translation>
    </message>
    <message>
        <location filename="../../ui/compare/runcompareview.cpp" line="275" />
        <source>Open two runs first.</source>
        <translation>请先打开两个运行。</translation>
    </message>
</context>
<context>
    <name>lorascope::Sessions</name>
    <message>
        <location filename="../../ui/window/sessions.cpp" line="30" />
        <source>LoraScope sessions (*.lorascope.json *.json)</source>
        <translation>LoraScope 会话 (*.lorascope.json *.json)</translation>
    </message>
    <message>
        <location filename="../../ui/window/sessions.cpp" line="43" />
        <source>&amp;New</source>
        <translation>新建(&amp;N)</translation>
    </message>
    <message>
        <location filename="../../ui/window/sessions.cpp" line="45" />
        <source>&amp;Open Session…</source>
        <translation>打开会话(&amp;O)…</translation>
    </message>
    <message>
        <location filename="../../ui/window/sessions.cpp" line="47" />
        <source>Open &amp;Recent</source>
        <translation>最近打开(&amp;R)</translation>
    </message>
    <message>
        <location filename="../../ui/window/sessions.cpp" line="49" />
        <source>&amp;Save Session</source>
        <translation>保存会话(&amp;S)</translation>
    </message>
    <message>
        <location filename="../../ui/window/sessions.cpp" line="54" />
        <location filename="../../ui/window/sessions.cpp" line="88" />
        <location filename="../../ui/window/sessions.cpp" line="94" />
        <source>Save Session</source>
        <translation>保存会话</translation>
    </message>
    <message>
        <location filename="../../ui/window/sessions.cpp" line="57" />
        <source>Save Session &amp;As…</source>
        <translation>会话另存为(&amp;A)…</translation>
    </message>
    <message>
        <location filename="../../ui/window/sessions.cpp" line="78" />
        <location filename="../../ui/window/sessions.cpp" line="82" />
        <location filename="../../ui/window/sessions.cpp" line="212" />
        <source>Open Session</source>
        <translation>打开会话</translation>
    </message>
    <message>
        <location filename="../../ui/window/sessions.cpp" line="100" />
        <source>Untitled</source>
        <translation>未命名</translation>
    </message>
    <message>
        <location filename="../../ui/window/sessions.cpp" line="153" />
        <source>Saved %1</source>
        <translation>已保存 %1</translation>
    </message>
    <message>
        <location filename="../../ui/window/sessions.cpp" line="225" />
        <source>Unsaved changes</source>
        <translation>未保存的更改</translation>
    </message>
    <message>
        <location filename="../../ui/window/sessions.cpp" line="225" />
        <source>The session has unsaved changes. Save them?</source>
        <translation>会话有未保存的更改。是否保存？</translation>
    </message>
</context>
<context>
    <name>lorascope::StatusLine</name>
    <message>
        <location filename="../../ui/window/statusline.cpp" line="40" />
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <location filename="../../ui/window/statusline.cpp" line="41" />
        <source>Stop the running generation (Esc)</source>
        <translation>停止正在进行的生成（Esc）</translation>
    </message>
    <message>
        <location filename="../../ui/window/statusline.cpp" line="137" />
        <source>vLLM V1</source>
        <translation>vLLM V1</translation>
    </message>
    <message>
        <location filename="../../ui/window/statusline.cpp" line="140" />
        <source>SGLang</source>
        <translation>SGLang</translation>
    </message>
    <message>
        <location filename="../../ui/window/statusline.cpp" line="143" />
        <source>S-LoRA with abort</source>
        <translation>S-LoRA 带中止</translation>
    </message>
    <message>
        <location filename="../../ui/window/statusline.cpp" line="146" />
        <source>S-LoRA</source>
        <translation>S-LoRA</translation>
    </message>
    <message>
        <location filename="../../ui/window/statusline.cpp" line="149" />
        <source>⚠ Admission preview: %1 overloaded</source>
        <translation>⚠ 准入预览：%1 过载</translation>
    </message>
    <message>
        <location filename="../../ui/window/statusline.cpp" line="150" />
        <source>In the admission preview, requests arrive faster than the server (%1) takes them in, so the queue grows. Click for the details.</source>
        <translation>在准入预览中，请求到达的速度快于服务器（%1）接纳的速度，因此队列不断增长。点击查看详情。</translation>
    </message>
</context>
<context>
    <name>lorascope::StepThroughPanel</name>
    <message>
        <location filename="../../ui/admission/stepthroughpanel.cpp" line="83" />
        <source>Next pass ▶</source>
        <translation>下一次计算 ▶</translation>
    </message>
    <message>
        <location filename="../../ui/admission/stepthroughpanel.cpp" line="87" />
        <source>Restart</source>
        <translation>重新开始</translation>
    </message>
    <message>
        <location filename="../../ui/admission/stepthroughpanel.cpp" line="82" />
        <source>◀ Previous</source>
        <translation>◀ 上一步</translation>
    </message>
    <message>
        <location filename="../../ui/admission/stepthroughpanel.cpp" line="46" />
        <source>chunked prefill on: the step's max_num_batched_tokens = %1 tokens are shared by the decodes and the prefill chunks%2</source>
        <translation>分块预填充开启：本步的 max_num_batched_tokens = %1 个令牌由解码与预填充分块共享%2</translation>
    </message>
    <message>
        <location filename="../../ui/admission/stepthroughpanel.cpp" line="50" />
        <source>, a chunk at most long_prefill_token_threshold = %1</source>
        <translation>，每块最多 long_prefill_token_threshold = %1</translation>
    </message>
    <message>
        <location filename="../../ui/admission/stepthroughpanel.cpp" line="53" />
        <location filename="../../ui/admission/stepthroughpanel.cpp" line="57" />
        <source>chunked prefill off: every prompt is prefilled in one pass</source>
        <translation>分块预填充关闭：每个提示词在一次计算中完成预填充</translation>
    </message>
    <message>
        <location filename="../../ui/admission/stepthroughpanel.cpp" line="54" />
        <source>chunked_prefill_size = %1 tokens per pass, max_prefill_tokens = %2</source>
        <translation>每次计算 chunked_prefill_size = %1 个令牌，max_prefill_tokens = %2</translation>
    </message>
    <message>
        <location filename="../../ui/admission/stepthroughpanel.cpp" line="58" />
        <source>&lt;p&gt;&lt;b&gt;Prefill in this pass&lt;/b&gt; (%1):&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;本次计算中的预填充&lt;/b&gt;（%1）：&lt;/p&gt;</translation>
    </message>
    <message>
        <location filename="../../ui/admission/stepthroughpanel.cpp" line="60" />
        <source>adapter</source>
        <translation>适配器</translation>
    </message>
    <message>
        <location filename="../../ui/admission/stepthroughpanel.cpp" line="60" />
        <source>prompt tokens in this pass</source>
        <translation>本次计算的提示词令牌</translation>
    </message>
    <message>
        <location filename="../../ui/admission/stepthroughpanel.cpp" line="60" />
        <source>still to prefill</source>
        <translation>尚待预填充</translation>
    </message>
    <message>
        <location filename="../../ui/admission/stepthroughpanel.cpp" line="61" />
        <source>state</source>
        <translation>状态</translation>
    </message>
    <message>
        <location filename="../../ui/admission/stepthroughpanel.cpp" line="65" />
        <source>a chunk: continues next pass</source>
        <translation>一个分块：下次计算继续</translation>
    </message>
    <message>
        <location filename="../../ui/admission/stepthroughpanel.cpp" line="66" />
        <source>prefill done: first token at the end of this pass</source>
        <translation>预填充完成：本次计算结束时得到首令牌</translation>
    </message>
    <message>
        <location filename="../../ui/admission/stepthroughpanel.cpp" line="68" />
        <location filename="../../ui/admission/stepthroughpanel.cpp" line="69" />
        <source>%1 tokens</source>
        <translation>%1 个令牌</translation>
    </message>
    <message>
        <location filename="../../ui/admission/stepthroughpanel.cpp" line="73" />
        <source>&lt;p&gt;… %1 more&lt;/p&gt;</source>
        <translation>&lt;p&gt;… 另有 %1 个&lt;/p&gt;</translation>
    </message>
    <message>
        <location filename="../../ui/admission/stepthroughpanel.cpp" line="84" />
        <source>Next admission</source>
        <translation>下一次准入</translation>
    </message>
    <message>
        <location filename="../../ui/admission/stepthroughpanel.cpp" line="85" />
        <source>Next wait</source>
        <translation>下一次等待</translation>
    </message>
    <message>
        <location filename="../../ui/admission/stepthroughpanel.cpp" line="86" />
        <source>Next refusal</source>
        <translation>下一次拒绝</translation>
    </message>
    <message>
        <location filename="../../ui/admission/stepthroughpanel.cpp" line="101" />
        <source>Request:</source>
        <translation>请求：</translation>
    </message>
    <message>
        <location filename="../../ui/admission/stepthroughpanel.cpp" line="107" />
        <source>Go to the pass that admitted (or refused) this request (G).</source>
        <translation>跳到准入（或拒绝）此请求的前向计算（G）。</translation>
    </message>
    <message>
        <location filename="../../ui/admission/stepthroughpanel.cpp" line="109" />
        <source>Time:</source>
        <translation>时间：</translation>
    </message>
    <message>
        <location filename="../../ui/admission/stepthroughpanel.cpp" line="117" />
        <source>Go to the first pass that ends after this time (T).</source>
        <translation>跳到在此时间之后结束的第一次前向计算（T）。</translation>
    </message>
    <message>
        <location filename="../../ui/admission/stepthroughpanel.cpp" line="134" />
        <source>Restart the step-through</source>
        <translation>重新开始逐步执行</translation>
    </message>
    <message>
        <location filename="../../ui/admission/stepthroughpanel.cpp" line="135" />
        <source>Back to before the first pass (Home).</source>
        <translation>回到第一次前向计算之前（Home）。</translation>
    </message>
    <message>
        <location filename="../../ui/admission/stepthroughpanel.cpp" line="136" />
        <source>Previous pass</source>
        <translation>上一次前向计算</translation>
    </message>
    <message>
        <location filename="../../ui/admission/stepthroughpanel.cpp" line="136" />
        <source>Show the previous forward pass (P).</source>
        <translation>显示上一次前向计算（P）。</translation>
    </message>
    <message>
        <location filename="../../ui/admission/stepthroughpanel.cpp" line="139" />
        <source>Next pass</source>
        <translation>下一次前向计算</translation>
    </message>
    <message>
        <location filename="../../ui/admission/stepthroughpanel.cpp" line="139" />
        <source>Run the next forward pass (N).</source>
        <translation>运行下一次前向计算（N）。</translation>
    </message>
    <message>
        <location filename="../../ui/admission/stepthroughpanel.cpp" line="140" />
        <source>Next pass where a request waits</source>
        <translation>下一次有请求等待的前向计算</translation>
    </message>
    <message>
        <location filename="../../ui/admission/stepthroughpanel.cpp" line="144" />
        <source>Next pass that admits requests</source>
        <translation>下一次准入请求的前向计算</translation>
    </message>
    <message>
        <location filename="../../ui/admission/stepthroughpanel.cpp" line="145" />
        <source>Jump to the next prefill: requests were admitted (A).</source>
        <translation>跳到下一次预填充：有请求被准入（A）。</translation>
    </message>
    <message>
        <location filename="../../ui/admission/stepthroughpanel.cpp" line="146" />
        <source>Next pass with a refused request</source>
        <translation>下一次有请求被拒绝的前向计算</translation>
    </message>
    <message>
        <location filename="../../ui/admission/stepthroughpanel.cpp" line="147" />
        <source>Jump to the next pass after which a request was refused on arrival (over a per-request limit) (R).</source>
        <translation>跳到下一次在其之前有请求在到达时被拒绝（超过单请求限制）的前向计算（R）。</translation>
    </message>
    <message>
        <location filename="../../ui/admission/stepthroughpanel.cpp" line="149" />
        <source>Go to request…</source>
        <translation>跳到请求…</translation>
    </message>
    <message>
        <location filename="../../ui/admission/stepthroughpanel.cpp" line="150" />
        <source>Type a request number to jump to the pass that admitted it (G).</source>
        <translation>输入请求编号，跳到准入它的前向计算（G）。</translation>
    </message>
    <message>
        <location filename="../../ui/admission/stepthroughpanel.cpp" line="156" />
        <source>Go to time…</source>
        <translation>跳到时间…</translation>
    </message>
    <message>
        <location filename="../../ui/admission/stepthroughpanel.cpp" line="156" />
        <source>Type a time to jump to the pass running then (T).</source>
        <translation>输入一个时间，跳到当时正在运行的前向计算（T）。</translation>
    </message>
    <message>
        <location filename="../../ui/admission/stepthroughpanel.cpp" line="242" />
        <source>The trace is done: no further pass.</source>
        <translation>轨迹已结束：没有更多前向计算。</translation>
    </message>
    <message>
        <location filename="../../ui/admission/stepthroughpanel.cpp" line="249" />
        <source>No further pass admits requests.</source>
        <translation>之后没有前向计算再准入请求。</translation>
    </message>
    <message>
        <location filename="../../ui/admission/stepthroughpanel.cpp" line="264" />
        <source>No request is refused after this pass.</source>
        <translation>此后没有请求被拒绝。</translation>
    </message>
    <message>
        <location filename="../../ui/admission/stepthroughpanel.cpp" line="271" />
        <source>There is no request %1.</source>
        <translation>不存在请求 %1。</translation>
    </message>
    <message>
        <location filename="../../ui/admission/stepthroughpanel.cpp" line="279" />
        <source>No pass runs at or after %1.</source>
        <translation>在 %1 及之后没有前向计算。</translation>
    </message>
    <message>
        <location filename="../../ui/admission/stepthroughpanel.cpp" line="311" />
        <source>The trace has no forward pass.</source>
        <translation>该轨迹没有前向计算。</translation>
    </message>
    <message>
        <location filename="../../ui/admission/stepthroughpanel.cpp" line="312" />
        <source>Press “Next pass” (N) to run the first forward pass.</source>
        <translation>按“下一步”（N）运行第一次前向计算。</translation>
    </message>
    <message>
        <location filename="../../ui/admission/stepthroughpanel.cpp" line="334" />
        <source>&lt;b&gt;Pass %1&lt;/b&gt; · %2 · %3 → %4 (%5)</source>
        <translation>&lt;b&gt;第 %1 次前向计算&lt;/b&gt; · %2 · %3 → %4（%5）</translation>
    </message>
    <message>
        <location filename="../../ui/admission/stepthroughpanel.cpp" line="339" />
        <source>base model</source>
        <translation>基础模型</translation>
    </message>
    <message>
        <location filename="../../ui/admission/stepthroughpanel.cpp" line="362" />
        <source>&lt;p&gt;&lt;b&gt;After this pass&lt;/b&gt;: running %1, waiting %2. KV pool: %3 of %4 tokens in use (max_total_tokens). This pass computed %5 prompt tokens for %6 requests and decoded %7; adapters in GPU LoRA slots: %8 (max_loras_per_batch %9), in host memory: %10.&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;本次计算之后&lt;/b&gt;：运行中 %1，等待中 %2。KV 池：%4 个令牌中已用 %3 个（max_total_tokens）。本次计算为 %6 个请求计算了 %5 个提示词令牌，并解码了 %7 个；GPU LoRA 槽位中的适配器：%8（max_loras_per_batch %9），主机内存中：%10。&lt;/p&gt;</translation>
    </message>
    <message>
        <location filename="../../ui/admission/stepthroughpanel.cpp" line="377" />
        <source>%1 of max_loaded_loras %2</source>
        <translation>%1 个（max_loaded_loras %2）</translation>
    </message>
    <message>
        <location filename="../../ui/admission/stepthroughpanel.cpp" line="378" />
        <source>every adapter (max_loaded_loras unset)</source>
        <translation>所有适配器（未设置 max_loaded_loras）</translation>
    </message>
    <message>
        <location filename="../../ui/admission/stepthroughpanel.cpp" line="394" />
        <source>request %1 (%2)</source>
        <translation>请求 %1（%2）</translation>
    </message>
    <message>
        <location filename="../../ui/admission/stepthroughpanel.cpp" line="398" />
        <source>&lt;p&gt;&lt;b&gt;Refused on arrival&lt;/b&gt;: %1.&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;到达时被拒绝&lt;/b&gt;：%1。&lt;/p&gt;</translation>
    </message>
    <message>
        <location filename="../../ui/admission/stepthroughpanel.cpp" line="407" />
        <source>&lt;p&gt;&lt;b&gt;Preempted&lt;/b&gt; (recompute: its KV blocks freed, back to the front of the queue; its prompt and generated tokens are prefilled again when it is scheduled next): %1.&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;被抢占&lt;/b&gt;（重新计算：释放其 KV 块，回到队列最前；下次被调度时重新预填充其提示词与已生成的令牌）：%1。&lt;/p&gt;</translation>
    </message>
    <message>
        <location filename="../../ui/admission/stepthroughpanel.cpp" line="411" />
        <source>&lt;p&gt;&lt;b&gt;Retracted&lt;/b&gt; (a decode ran out of KV tokens: its KV freed, back to the end of the queue; its prompt and output so far are prefilled again later): %1.&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;被撤回&lt;/b&gt;（解码时 KV 令牌耗尽：释放其 KV，回到队列末尾；之后重新预填充其提示词与已有输出）：%1。&lt;/p&gt;</translation>
    </message>
    <message>
        <location filename="../../ui/admission/stepthroughpanel.cpp" line="434" />
        <source>&lt;p&gt;&lt;b&gt;Admission check&lt;/b&gt; (first come, first served; the first request that does not fit stops the check):&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;准入检查&lt;/b&gt;（先到先服务；第一个放不下的请求使检查停止）：&lt;/p&gt;</translation>
    </message>
    <message>
        <location filename="../../ui/admission/stepthroughpanel.cpp" line="59" />
        <location filename="../../ui/admission/stepthroughpanel.cpp" line="437" />
        <source>request</source>
        <translation>请求</translation>
    </message>
    <message>
        <location filename="../../ui/admission/stepthroughpanel.cpp" line="438" />
        <source>adapter (rank)</source>
        <translation>适配器（秩）</translation>
    </message>
    <message>
        <location filename="../../ui/admission/stepthroughpanel.cpp" line="438" />
        <source>input / output tokens</source>
        <translation>输入 / 输出令牌</translation>
    </message>
    <message>
        <location filename="../../ui/admission/stepthroughpanel.cpp" line="438" />
        <source>KV slots needed</source>
        <translation>所需 KV 槽位</translation>
    </message>
    <message>
        <location filename="../../ui/admission/stepthroughpanel.cpp" line="439" />
        <source>KV slots free for requests</source>
        <translation>可供请求使用的 KV 槽位</translation>
    </message>
    <message>
        <location filename="../../ui/admission/stepthroughpanel.cpp" line="439" />
        <source>input tokens of the new batch</source>
        <translation>新批次的输入令牌</translation>
    </message>
    <message>
        <location filename="../../ui/admission/stepthroughpanel.cpp" line="445" />
        <source>waits: %1</source>
        <translation>等待：%1</translation>
    </message>
    <message>
        <location filename="../../ui/admission/stepthroughpanel.cpp" line="447" />
        <source>&lt;p&gt;&lt;b&gt;Request %1 waits&lt;/b&gt;: %2&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;请求 %1 等待&lt;/b&gt;：%2&lt;/p&gt;</translation>
    </message>
    <message>
        <location filename="../../ui/admission/stepthroughpanel.cpp" line="421" />
        <location filename="../../ui/admission/stepthroughpanel.cpp" line="452" />
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <location filename="../../ui/admission/stepthroughpanel.cpp" line="453" />
        <source>%1 / %2</source>
        <translation>%1 / %2</translation>
    </message>
    <message>
        <location filename="../../ui/admission/stepthroughpanel.cpp" line="454" />
        <source>%1 of %2</source>
        <translation>%1 / %2</translation>
    </message>
    <message>
        <location filename="../../ui/admission/stepthroughpanel.cpp" line="458" />
        <source>&lt;p&gt;&lt;small&gt;&lt;b&gt;KV slots needed&lt;/b&gt;: the peak KV use if every request of the batch ran to its end (S-LoRA: max&lt;sub&gt;k&lt;/sub&gt; left&lt;sub&gt;k&lt;/sub&gt;·k + Σ&lt;sub&gt;j≤k&lt;/sub&gt; used&lt;sub&gt;j&lt;/sub&gt;); it must stay below the &lt;b&gt;slots free for requests&lt;/b&gt; = max_total_token_num (%1) − the weights of the adapters in the batch (rank × 4 slots each), so the free slots shrink whenever a request brings a new adapter. The new batch's input tokens must not exceed batch_max_tokens (%2%3).&lt;/small&gt;&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;small&gt;&lt;b&gt;所需 KV 槽位&lt;/b&gt;：若批次中每个请求都运行到结束时的 KV 峰值用量（S-LoRA：max&lt;sub&gt;k&lt;/sub&gt; left&lt;sub&gt;k&lt;/sub&gt;·k + Σ&lt;sub&gt;j≤k&lt;/sub&gt; used&lt;sub&gt;j&lt;/sub&gt;）；它必须小于&lt;b&gt;可供请求使用的槽位&lt;/b&gt; = max_total_token_num（%1）− 批次中各适配器的权重（每个 秩 × 4 个槽位），因此每当有请求带来新的适配器，可用槽位就会减少。新批次的输入令牌数不得超过 batch_max_tokens（%2%3）。&lt;/small&gt;&lt;/p&gt;</translation>
    </message>
    <message>
        <location filename="../../ui/admission/stepthroughpanel.cpp" line="467" />
        <source>, the default for 0</source>
        <translation>，即 0 对应的默认值</translation>
    </message>
    <message>
        <location filename="../../ui/admission/stepthroughpanel.cpp" line="469" />
        <source>&lt;p&gt;Decode step: every running request generates one token. No admission check in this pass (S-LoRA checks the queue after every %1 decode steps).&lt;/p&gt;</source>
        <translation>&lt;p&gt;解码步：每个运行中的请求生成一个令牌。本次没有准入检查（S-LoRA 每隔 %1 个解码步检查一次队列）。&lt;/p&gt;</translation>
    </message>
    <message>
        <location filename="../../ui/admission/stepthroughpanel.cpp" line="484" />
        <source>&lt;b&gt;request %1&lt;/b&gt; (arrived %2): %3</source>
        <translation>&lt;b&gt;请求 %1&lt;/b&gt;（到达 %2）：%3</translation>
    </message>
    <message>
        <location filename="../../ui/admission/stepthroughpanel.cpp" line="488" />
        <source>this pass only decodes, so nobody is admitted until the next admission check (after every %1 decode steps).</source>
        <translation>这次计算只做解码，因此在下一次准入检查（每 %1 个解码步之后）之前没有请求被准入。</translation>
    </message>
    <message>
        <location filename="../../ui/admission/stepthroughpanel.cpp" line="496" />
        <source>&lt;p&gt;&lt;b&gt;Starts waiting in this pass&lt;/b&gt;: %1&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;在这次计算中开始等待&lt;/b&gt;：%1&lt;/p&gt;</translation>
    </message>
    <message>
        <location filename="../../ui/admission/stepthroughpanel.cpp" line="504" />
        <source>&lt;p&gt;&lt;b&gt;Running batch&lt;/b&gt; (request: tokens generated / output length):&lt;/p&gt;&lt;p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;运行批次&lt;/b&gt;（请求：已生成令牌数 / 输出长度）：&lt;/p&gt;&lt;p&gt;</translation>
    </message>
    <message>
        <location filename="../../ui/admission/stepthroughpanel.cpp" line="518" />
        <source>&lt;p&gt;&lt;b&gt;Waiting, first in line first&lt;/b&gt;: %1&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;等待中（排在前面的在先）&lt;/b&gt;：%1&lt;/p&gt;</translation>
    </message>
    <message>
        <location filename="../../ui/admission/stepthroughpanel.cpp" line="519" />
        <source>nobody</source>
        <translation>无</translation>
    </message>
    <message>
        <location filename="../../ui/admission/stepthroughpanel.cpp" line="440" />
        <source>verdict</source>
        <translation>判定</translation>
    </message>
    <message>
        <location filename="../../ui/admission/stepthroughpanel.cpp" line="141" />
        <source>Jump to the next pass in which a request starts waiting in the queue: a limit stopped the admission check, or the pass had none (W).</source>
        <translation>跳到下一次有请求开始在队列中等待的计算：某个限制使准入检查停止，或这次计算没有准入检查（W）。</translation>
    </message>
    <message>
        <location filename="../../ui/admission/stepthroughpanel.cpp" line="257" />
        <source>No request starts waiting after this pass.</source>
        <translation>这次计算之后没有请求开始等待。</translation>
    </message>
    <message>
        <location filename="../../ui/admission/stepthroughpanel.cpp" line="314" />
        <source>&lt;p&gt;The step-through runs the admission engine one forward pass at a time: a &lt;b&gt;prefill&lt;/b&gt; of newly admitted requests or one &lt;b&gt;decode&lt;/b&gt; step (every running request generates one token).&lt;/p&gt;&lt;p&gt;At each admission check you see every candidate's numbers: the KV slots the batch would need if every request ran to its end, the slots free for requests (max_total_token_num minus the adapter weights: rank × 4 slots per adapter in the batch), the input tokens of the new batch against batch_max_tokens, and why the check stopped.&lt;/p&gt;&lt;p&gt;Keys (while the Admission tab is shown): N next pass · P previous · W next wait · A next admission · R next refusal · G go to request · T go to time · Home restart.&lt;/p&gt;</source>
        <translation>&lt;p&gt;逐步执行每次运行准入引擎的一次前向计算：新准入请求的一次&lt;b&gt;预填充&lt;/b&gt;，或一次&lt;b&gt;解码&lt;/b&gt;（每个运行中的请求生成一个令牌）。&lt;/p&gt;&lt;p&gt;每次准入检查都会显示每个候选请求的数字：若每个请求都运行到结束，批次所需的 KV 槽位；可供请求使用的槽位（max_total_token_num 减去适配器权重：批次中每个适配器占 秩 × 4 个槽位）；新批次的输入令牌数与 batch_max_tokens 的比较；以及检查为何停止。&lt;/p&gt;&lt;p&gt;按键（在准入标签页显示时）：N 下一次计算 · P 上一次 · W 下一次等待 · A 下一次准入 · R 下一次拒绝 · G 转到请求 · T 转到时间 · Home 重新开始。&lt;/p&gt;</translation>
    </message>
    <message>
        <location filename="../../ui/admission/stepthroughpanel.cpp" line="380" />
        <source>&lt;p&gt;&lt;b&gt;After this pass&lt;/b&gt;: running %1, waiting %7. KV cache: %2 of %3 slots in use (%4 of them adapter weights); the running batch may need up to %5 if every request runs to its end. Adapters resident: %6.&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;本次之后&lt;/b&gt;：运行中 %1 个，等待中 %7 个。KV 缓存：已用 %2 / %3 个槽位（其中 %4 个为适配器权重）；若每个请求都运行到结束，运行批次最多可能需要 %5 个。常驻适配器：%6 个。&lt;/p&gt;</translation>
    </message>
    <message>
        <location filename="../../ui/admission/stepthroughpanel.cpp" line="443" />
        <source>%1 = %2 − %3</source>
        <translation>%1 = %2 − %3</translation>
    </message>
    <message>
        <location filename="../../ui/admission/stepthroughpanel.cpp" line="445" />
        <source>admitted</source>
        <translation>已准入</translation>
    </message>
    <message>
        <location filename="../../ui/admission/stepthroughpanel.cpp" line="502" />
        <source>&lt;p&gt;&lt;b&gt;Finished&lt;/b&gt;: %1&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;完成&lt;/b&gt;：%1&lt;/p&gt;</translation>
    </message>
    <message>
        <location filename="../../ui/admission/stepthroughpanel.cpp" line="495" />
        <location filename="../../ui/admission/stepthroughpanel.cpp" line="511" />
        <location filename="../../ui/admission/stepthroughpanel.cpp" line="517" />
        <source>… %1 more</source>
        <translation>… 另有 %1 个</translation>
    </message>
    <message>
        <location filename="../../ui/admission/stepthroughpanel.cpp" line="512" />
        <source>empty</source>
        <translation>空</translation>
    </message>
    <message>
        <location filename="../../ui/admission/stepthroughpanel.cpp" line="344" />
        <source>&lt;p&gt;&lt;b&gt;After this pass&lt;/b&gt;: running %1, waiting %2. KV cache: %3 of %4 blocks in use (%5 tokens each). This pass computed %6 prompt tokens for %7 requests and decoded %8; adapters in GPU slots: %9 (max_loras %10), in the CPU cache: %11.&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;本次计算之后&lt;/b&gt;：运行中 %1，等待中 %2。KV 缓存：已用 %3 / %4 个块（每块 %5 个令牌）。本次计算为 %7 个请求计算了 %6 个提示词令牌，解码了 %8 个；GPU 槽位中的适配器：%9 个（max_loras %10），CPU 缓存中：%11 个。&lt;/p&gt;</translation>
    </message>
    <message>
        <location filename="../../ui/admission/stepthroughpanel.cpp" line="423" />
        <source>%1 (%2, resumed)</source>
        <translation>%1（%2，恢复）</translation>
    </message>
    <message>
        <location filename="../../ui/admission/stepthroughpanel.cpp" line="425" />
        <source>&lt;p&gt;&lt;b&gt;Scheduled from the queue&lt;/b&gt;: %1.&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;从队列中调度&lt;/b&gt;：%1。&lt;/p&gt;</translation>
    </message>
    <message>
        <location filename="../../ui/admission/stepthroughpanel.cpp" line="431" />
        <source>&lt;p&gt;&lt;b&gt;The first request still waiting&lt;/b&gt;: %1.&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;仍在等待的第一个请求&lt;/b&gt;：%1。&lt;/p&gt;</translation>
    </message>
</context>
<context>
    <name>lorascope::SweepCompareView</name>
    <message>
        <location filename="../../ui/compare/sweepcompare.cpp" line="50" />
        <source>Load sweep A…</source>
        <translation>加载扫描 A…</translation>
    </message>
    <message>
        <location filename="../../ui/compare/sweepcompare.cpp" line="53" />
        <source>Read A from a sweep file (lorascope-cli sweep -o, or Export table in the Sweep tab: .jsonl or .csv).</source>
        <translation>从扫描文件读取 A（lorascope-cli sweep -o 的输出，或“扫描”标签页的“导出表格”：.jsonl 或 .csv）。</translation>
    </message>
    <message>
        <location filename="../../ui/compare/sweepcompare.cpp" line="54" />
        <source>Load sweep B…</source>
        <translation>加载扫描 B…</translation>
    </message>
    <message>
        <location filename="../../ui/compare/sweepcompare.cpp" line="56" />
        <source>Read B from a sweep file (B then no longer follows the Sweep tab).</source>
        <translation>从扫描文件读取 B（之后 B 不再跟随“扫描”标签页）。</translation>
    </message>
    <message>
        <location filename="../../ui/compare/sweepcompare.cpp" line="57" />
        <source>B = Sweep tab</source>
        <translation>B = 扫描标签页</translation>
    </message>
    <message>
        <location filename="../../ui/compare/sweepcompare.cpp" line="59" />
        <source>B shows the latest sweep of the Sweep tab again.</source>
        <translation>B 重新显示“扫描”标签页的最新扫描。</translation>
    </message>
    <message>
        <location filename="../../ui/compare/sweepcompare.cpp" line="60" />
        <source>Export comparison…</source>
        <translation>导出对比…</translation>
    </message>
    <message>
        <location filename="../../ui/compare/sweepcompare.cpp" line="62" />
        <source>Save the header, the key numbers and all charts as one PNG or SVG picture.</source>
        <translation>将标题、关键数值和所有图表保存为一张 PNG 或 SVG 图片。</translation>
    </message>
    <message>
        <location filename="../../ui/compare/sweepcompare.cpp" line="106" />
        <source>Load Sweep A</source>
        <translation>加载扫描 A</translation>
    </message>
    <message>
        <location filename="../../ui/compare/sweepcompare.cpp" line="106" />
        <source>Load Sweep B</source>
        <translation>加载扫描 B</translation>
    </message>
    <message>
        <location filename="../../ui/compare/sweepcompare.cpp" line="106" />
        <source>Sweep results (*.jsonl *.csv)</source>
        <translation>扫描结果 (*.jsonl *.csv)</translation>
    </message>
    <message>
        <location filename="../../ui/compare/sweepcompare.cpp" line="109" />
        <source>Load Sweep</source>
        <translation>加载扫描</translation>
    </message>
    <message>
        <location filename="../../ui/compare/sweepcompare.cpp" line="162" />
        <source>%1 has no points.</source>
        <translation>%1 没有任何点。</translation>
    </message>
    <message>
        <location filename="../../ui/compare/sweepcompare.cpp" line="192" />
        <source>the Sweep tab's next sweep</source>
        <translation>“扫描”标签页的下一次扫描</translation>
    </message>
    <message>
        <location filename="../../ui/compare/sweepcompare.cpp" line="192" />
        <source>none</source>
        <translation>无</translation>
    </message>
    <message numerus="yes">
        <location filename="../../ui/compare/sweepcompare.cpp" line="193" />
        <source>%1 — %2 over %n point(s)%3</source>
        <translation>
            <numerusform>%1 — %2，共 %n 个点%3</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../ui/compare/sweepcompare.cpp" line="194" />
        <source>Sweep tab: %1</source>
        <translation>扫描标签页：%1</translation>
    </message>
    <message>
        <location filename="../../ui/compare/sweepcompare.cpp" line="197" />
        <source>, cost model %1</source>
        <translation>，代价模型 %1</translation>
    </message>
    <message>
        <location filename="../../ui/compare/sweepcompare.cpp" line="199" />
        <source>%1 &lt;b&gt;A&lt;/b&gt;: %2&lt;br&gt;%3 &lt;b&gt;B&lt;/b&gt;: %4</source>
        <translation>%1 &lt;b&gt;A&lt;/b&gt;：%2&lt;br&gt;%3 &lt;b&gt;B&lt;/b&gt;：%4</translation>
    </message>
    <message>
        <location filename="../../ui/compare/sweepcompare.cpp" line="202" />
        <source>pin a sweep from the Sweep tab (Compare in A/B…) or load a file</source>
        <translation>从“扫描”标签页固定一次扫描（在 A/B 中对比…）或加载文件</translation>
    </message>
    <message>
        <location filename="../../ui/compare/sweepcompare.cpp" line="206" />
        <source>A varies %1 and B varies %2: their curves do not share an x axis. Sweep the same parameter to compare them.</source>
        <translation>A 改变的是 %1，B 改变的是 %2：两者的曲线没有共同的横轴。请扫描同一参数再对比。</translation>
    </message>
    <message>
        <location filename="../../ui/compare/sweepcompare.cpp" line="250" />
        <source>points</source>
        <translation>点数</translation>
    </message>
    <message>
        <location filename="../../ui/compare/sweepcompare.cpp" line="251" />
        <source>Points in each sweep.</source>
        <translation>每次扫描的点数。</translation>
    </message>
    <message>
        <location filename="../../ui/compare/sweepcompare.cpp" line="252" />
        <source>sustainable value</source>
        <translation>可持续值</translation>
    </message>
    <message>
        <location filename="../../ui/compare/sweepcompare.cpp" line="254" />
        <source>The largest swept value whose point meets the sweep's SLO and keeps up with its arrivals (below the first saturated value).</source>
        <translation>其点满足该扫描的 SLO 且能跟上到达速度（低于第一个饱和值）的最大扫描取值。</translation>
    </message>
    <message>
        <location filename="../../ui/compare/sweepcompare.cpp" line="256" />
        <source>largest value meeting its SLO</source>
        <translation>满足其 SLO 的最大取值</translation>
    </message>
    <message>
        <location filename="../../ui/compare/sweepcompare.cpp" line="258" />
        <source>The largest swept value whose point still meets the sweep's own SLO (each side's SLO is shown in its file).</source>
        <translation>其点仍满足该扫描自身 SLO 的最大扫描取值（每一侧的 SLO 记录在其文件中）。</translation>
    </message>
    <message>
        <location filename="../../ui/compare/sweepcompare.cpp" line="260" />
        <source>first saturated value</source>
        <translation>首个饱和取值</translation>
    </message>
    <message>
        <location filename="../../ui/compare/sweepcompare.cpp" line="262" />
        <source>The smallest swept value where completions fall behind arrivals (achieved/offered below 0.98).</source>
        <translation>完成数落后于到达数的最小扫描取值（实际/提供低于 0.98）。</translation>
    </message>
    <message>
        <location filename="../../ui/compare/sweepcompare.cpp" line="263" />
        <source>peak throughput (req/s)</source>
        <translation>峰值吞吐量 (req/s)</translation>
    </message>
    <message>
        <location filename="../../ui/compare/sweepcompare.cpp" line="265" />
        <source>The highest completed requests per second over the sweep's points.</source>
        <translation>扫描各点中每秒完成请求数的最大值。</translation>
    </message>
    <message>
        <location filename="../../ui/compare/sweepcompare.cpp" line="268" />
        <source>&lt;p&gt;A and B are drawn over the same axis; a point exists only where that sweep has one. Each side's SLO is its own: compare attainment only when both used the same SLO.&lt;/p&gt;</source>
        <translation>&lt;p&gt;A 和 B 画在同一横轴上；只有该扫描在某处有点时才会显示。每一侧的 SLO 各自独立：只有两者使用相同的 SLO 时才可比较达成率。&lt;/p&gt;</translation>
    </message>
</context>
<context>
    <name>lorascope::SweepPlots</name>
    <message>
        <location filename="../../ui/sweep/sweepplots.cpp" line="15" />
        <location filename="../../ui/sweep/sweepplots.cpp" line="202" />
        <source>req/s</source>
        <translation>req/s</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweepplots.cpp" line="16" />
        <source>adapters</source>
        <translation>适配器</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweepplots.cpp" line="17" />
        <location filename="../../ui/sweep/sweepplots.cpp" line="213" />
        <source>s</source>
        <translation>s</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweepplots.cpp" line="18" />
        <source>tokens</source>
        <translation>令牌</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweepplots.cpp" line="19" />
        <location filename="../../ui/sweep/sweepplots.cpp" line="211" />
        <source>requests</source>
        <translation>请求数</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweepplots.cpp" line="20" />
        <source>steps</source>
        <translation>步</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweepplots.cpp" line="59" />
        <source>S-LoRA paper: %1, %2%3</source>
        <translation>S-LoRA 论文：%1，%2%3</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweepplots.cpp" line="61" />
        <source>, abort</source>
        <translation>，带中止</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweepplots.cpp" line="161" />
        <source>throughput</source>
        <translation>吞吐量</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweepplots.cpp" line="163" />
        <location filename="../../ui/sweep/sweepplots.cpp" line="236" />
        <source>goodput</source>
        <translation>有效吞吐量</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweepplots.cpp" line="165" />
        <source>offered rate</source>
        <translation>提供速率</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweepplots.cpp" line="167" />
        <source>TTFT mean</source>
        <translation>TTFT 均值</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweepplots.cpp" line="169" />
        <source>TTFT p50</source>
        <translation>TTFT p50</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweepplots.cpp" line="171" />
        <source>TTFT p90</source>
        <translation>TTFT p90</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweepplots.cpp" line="173" />
        <source>TTFT p99</source>
        <translation>TTFT p99</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweepplots.cpp" line="175" />
        <source>TPOT p50</source>
        <translation>TPOT p50</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweepplots.cpp" line="177" />
        <source>E2E mean</source>
        <translation>E2E 均值</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweepplots.cpp" line="179" />
        <source>E2E p50</source>
        <translation>E2E p50</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweepplots.cpp" line="181" />
        <source>E2E p90</source>
        <translation>E2E p90</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweepplots.cpp" line="183" />
        <source>E2E p99</source>
        <translation>E2E p99</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweepplots.cpp" line="185" />
        <location filename="../../ui/sweep/sweepplots.cpp" line="309" />
        <source>SLO attainment</source>
        <translation>SLO 达成率</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweepplots.cpp" line="187" />
        <source>S-LoRA attainment (TTFT &lt; 6 s)</source>
        <translation>S-LoRA 达成率（TTFT &lt; 6 s）</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweepplots.cpp" line="189" />
        <location filename="../../ui/sweep/sweepplots.cpp" line="340" />
        <location filename="../../ui/sweep/sweepplots.cpp" line="343" />
        <source>achieved / offered</source>
        <translation>实际 / 提供</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweepplots.cpp" line="191" />
        <source>peak queue</source>
        <translation>队列峰值</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweepplots.cpp" line="204" />
        <source>ms</source>
        <translation>ms</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweepplots.cpp" line="209" />
        <source>ratio</source>
        <translation>比值</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweepplots.cpp" line="229" />
        <source>Throughput</source>
        <translation>吞吐量</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweepplots.cpp" line="231" />
        <location filename="../../ui/sweep/sweepplots.cpp" line="375" />
        <source>throughput (req/s)</source>
        <translation>吞吐量 (req/s)</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweepplots.cpp" line="234" />
        <source>preview</source>
        <translation>预览</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweepplots.cpp" line="238" />
        <source>offered</source>
        <translation>提供速率</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweepplots.cpp" line="242" />
        <location filename="../../ui/sweep/sweepplots.cpp" line="271" />
        <location filename="../../ui/sweep/sweepplots.cpp" line="330" />
        <source>paper</source>
        <translation>论文</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweepplots.cpp" line="292" />
        <source>Time to first token</source>
        <translation>首令牌时间</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweepplots.cpp" line="293" />
        <source>TTFT (s)</source>
        <translation>TTFT (s)</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweepplots.cpp" line="265" />
        <source>p50</source>
        <translation>p50</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweepplots.cpp" line="97" />
        <source>sustainable capacity</source>
        <translation>可持续容量</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweepplots.cpp" line="105" />
        <source>sustainable %1</source>
        <translation>可持续 %1</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweepplots.cpp" line="266" />
        <source>p90</source>
        <translation>p90</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweepplots.cpp" line="267" />
        <source>p99</source>
        <translation>p99</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweepplots.cpp" line="270" />
        <source>mean</source>
        <translation>均值</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweepplots.cpp" line="275" />
        <location filename="../../ui/sweep/sweepplots.cpp" line="315" />
        <source>SLO</source>
        <translation>SLO</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweepplots.cpp" line="300" />
        <source>End-to-end latency</source>
        <translation>端到端延迟</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweepplots.cpp" line="301" />
        <source>E2E (s)</source>
        <translation>E2E (s)</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweepplots.cpp" line="311" />
        <location filename="../../ui/sweep/sweepplots.cpp" line="369" />
        <source>within the SLO (%)</source>
        <translation>满足 SLO (%)</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweepplots.cpp" line="316" />
        <source>S-LoRA</source>
        <translation>S-LoRA</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweepplots.cpp" line="319" />
        <source>target</source>
        <translation>目标</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweepplots.cpp" line="338" />
        <source>Saturation</source>
        <translation>饱和</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweepplots.cpp" line="346" />
        <source>threshold %1</source>
        <translation>阈值 %1</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweepplots.cpp" line="364" />
        <source>Per adapter: mean TTFT</source>
        <translation>各适配器：平均 TTFT</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweepplots.cpp" line="365" />
        <source>TTFT mean (s)</source>
        <translation>TTFT 均值 (s)</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweepplots.cpp" line="368" />
        <source>Per adapter: SLO attainment</source>
        <translation>各适配器：SLO 达成率</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweepplots.cpp" line="374" />
        <source>Per adapter: throughput</source>
        <translation>各适配器：吞吐量</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweepplots.cpp" line="413" />
        <source>Adapters %1*</source>
        <translation>适配器 %1*</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweepplots.cpp" line="419" />
        <source>base model</source>
        <translation>基础模型</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweepplots.cpp" line="465" />
        <source>A</source>
        <translation>A</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweepplots.cpp" line="466" />
        <source>B</source>
        <translation>B</translation>
    </message>
</context>
<context>
    <name>lorascope::SweepTab</name>
    <message>
        <location filename="../../ui/sweep/sweepsettings.cpp" line="35" />
        <source>What to sweep</source>
        <translation>扫描什么</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweepsettings.cpp" line="38" />
        <source>Current workload and server</source>
        <translation>当前工作负载和服务器</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweepsettings.cpp" line="39" />
        <source>S-LoRA paper suite</source>
        <translation>S-LoRA 论文实验套件</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweepsettings.cpp" line="40" />
        <source>Fleet of replicas behind routers</source>
        <translation>路由器后的副本集群</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweepsettings.cpp" line="42" />
        <source>Current: the Workload tab's spec and the Admission tab's server, with one parameter varied.
S-LoRA paper suite: a benchmark of S-LoRA's exp_suite.py with the settings it ran on (slora generator, seed 42, the server's KV size, the GPU's cost model); S-LoRA's published measurements are drawn over the preview.
Fleet: the current workload routed over a fleet of the Admission tab's server, one line per router; find the smallest fleet that meets the SLO (docs/fleet.md).</source>
        <translation>当前：工作负载选项卡的规格和准入选项卡的服务器，改变其中一个参数。
S-LoRA 论文套件：S-LoRA exp_suite.py 中的基准及其运行设置（slora 生成器、种子 42、服务器的 KV 大小、该 GPU 的代价模型）；S-LoRA 公布的测量值画在预览之上。
集群：当前工作负载经路由器分发到由准入选项卡的服务器组成的集群，每个路由器一条曲线；找出满足 SLO 的最小集群（docs/fleet.md）。</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweepsettings.cpp" line="48" />
        <source>Source:</source>
        <translation>来源：</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweepsettings.cpp" line="56" />
        <source>The suites of S-LoRA's benchmarks/exp_suite.py; the first value of the others is kept.</source>
        <translation>S-LoRA benchmarks/exp_suite.py 中的套件；其他参数取各自的第一个值。</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweepsettings.cpp" line="57" />
        <source>Suite:</source>
        <translation>套件：</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweepsettings.cpp" line="61" />
        <source>S-LoRA's model setting: base model and adapter ranks (S1: llama-7b rank 8; S2: 7b ranks 64/32/16/8; S4: 13b ranks 64/32/16).</source>
        <translation>S-LoRA 的模型设置：基础模型和适配器秩（S1：llama-7b，秩 8；S2：7b，秩 64/32/16/8；S4：13b，秩 64/32/16）。</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweepsettings.cpp" line="63" />
        <source>Model setting:</source>
        <translation>模型设置：</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweepsettings.cpp" line="65" />
        <source>S-LoRA</source>
        <translation>S-LoRA</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweepsettings.cpp" line="66" />
        <source>S-LoRA with abort (--enable-abort)</source>
        <translation>S-LoRA 带中止（--enable-abort）</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweepsettings.cpp" line="67" />
        <source>S-LoRA published the cv suites both without and with --enable-abort (requests waiting 5.5 s are dropped).</source>
        <translation>S-LoRA 发表的 cv 套件结果包括不带和带 --enable-abort 两种（等待达 5.5 s 的请求会被丢弃）。</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweepsettings.cpp" line="69" />
        <source>Server:</source>
        <translation>服务器：</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweepsettings.cpp" line="75" />
        <source>Runs on:</source>
        <translation>运行于：</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweepsettings.cpp" line="84" />
        <source>The parameter to vary: workload parameters (rate, adapters, α, cv, ...) or the server's launch settings.</source>
        <translation>要改变的参数：工作负载参数（速率、适配器数、α、cv 等）或服务器的启动设置。</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweepsettings.cpp" line="85" />
        <source>Parameter:</source>
        <translation>参数：</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweepsettings.cpp" line="87" />
        <source>0.5:10:0.5 or 1,2,4,8</source>
        <translation>0.5:10:0.5 或 1,2,4,8</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweepsettings.cpp" line="88" />
        <source>A list (1,2,4,8) or a range LO:HI:STEP (0.5:10:0.5 = 20 values). At most 1000 points.
The capacity finder searches between the smallest and the largest value.</source>
        <translation>列表（1,2,4,8）或范围 LO:HI:STEP（0.5:10:0.5 = 20 个值）。最多 1000 个点。
容量搜索在最小值与最大值之间进行。</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweepsettings.cpp" line="90" />
        <source>Values:</source>
        <translation>取值：</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweepsettings.cpp" line="99" />
        <source>Service-level objective</source>
        <translation>服务等级目标 (SLO)</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweepsettings.cpp" line="113" />
        <location filename="../../ui/sweep/sweepsettings.cpp" line="119" />
        <source> s</source>
        <translation> s</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweepsettings.cpp" line="113" />
        <location filename="../../ui/sweep/sweepsettings.cpp" line="117" />
        <location filename="../../ui/sweep/sweepsettings.cpp" line="119" />
        <source>off</source>
        <translation>关闭</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweepsettings.cpp" line="114" />
        <source>A request meets the SLO only if its first token comes within this time after it arrived (S-LoRA: 6 s). 0 = no bound.</source>
        <translation>只有当请求到达后在此时间内得到首个令牌，才算满足 SLO（S-LoRA：6 s）。0 = 不设上限。</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweepfleet.cpp" line="73" />
        <location filename="../../ui/sweep/sweepsettings.cpp" line="117" />
        <source> ms</source>
        <translation> ms</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweepsettings.cpp" line="118" />
        <source>Bound on the time per output token after the first: (E2E − TTFT)/(tokens − 1). 0 = no bound.</source>
        <translation>首令牌之后每个输出令牌的时间上限：(E2E − TTFT)/(令牌数 − 1)。0 = 不设上限。</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweepsettings.cpp" line="119" />
        <source>Bound on the end-to-end latency. 0 = no bound.</source>
        <translation>端到端延迟的上限。0 = 不设上限。</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweepsettings.cpp" line="120" />
        <source> %</source>
        <translation> %</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweepsettings.cpp" line="121" />
        <source>A point meets the SLO when at least this share of all its requests meets every bound.</source>
        <translation>当一个点的全部请求中至少有这一比例满足所有上限时，该点满足 SLO。</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweepsettings.cpp" line="124" />
        <source>TTFT ≤</source>
        <translation>TTFT ≤</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweepsettings.cpp" line="125" />
        <source>TPOT ≤</source>
        <translation>TPOT ≤</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweepsettings.cpp" line="126" />
        <source>E2E ≤</source>
        <translation>E2E ≤</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweepsettings.cpp" line="127" />
        <source>for at least</source>
        <translation>比例至少</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweepsettings.cpp" line="131" />
        <source>Run sweep</source>
        <translation>运行扫描</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweepsettings.cpp" line="132" />
        <source>Preview every value (in parallel, off the GUI thread); the charts grow point by point.</source>
        <translation>预览每一个取值（并行，在界面线程之外运行）；图表逐点增长。</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweepfleet.cpp" line="38" />
        <source>Fleet</source>
        <translation>集群</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweepfleet.cpp" line="39" />
        <source>A fleet of identical replicas, each running the Admission tab's server and cost model, behind each router chosen (docs/fleet.md). The SLO below judges every fleet.</source>
        <translation>由相同副本组成的集群，每个副本运行准入选项卡的服务器和代价模型，位于所选的每个路由器之后（docs/fleet.md）。下方的 SLO 用来评判每个集群。</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweepfleet.cpp" line="43" />
        <source>Fleet size (replicas)</source>
        <translation>集群规模（副本数）</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweepfleet.cpp" line="44" />
        <source>Metrics staleness (ms)</source>
        <translation>指标陈旧度 (ms)</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweepfleet.cpp" line="45" />
        <source>Router (one point each)</source>
        <translation>路由器（每个一个点）</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweepfleet.cpp" line="46" />
        <source>What varies: the number of replicas (Values: 1:8 or 1,2,4,8), how old the replica metrics the router sees may be (Values in ms), or only the router.</source>
        <translation>改变什么：副本数（取值：1:8 或 1,2,4,8）、路由器看到的副本指标最多多旧（取值单位 ms），或者只改变路由器。</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweepfleet.cpp" line="48" />
        <source>Vary:</source>
        <translation>改变：</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweepfleet.cpp" line="59" />
        <source>The routers to compare: one line each on the charts. Names as in docs/fleet.md and lorascope-cli --routers; hover a name for what it does.</source>
        <translation>要比较的路由器：图表上每个一条曲线。名称与 docs/fleet.md 和 lorascope-cli --routers 相同；鼠标悬停在名称上可查看其作用。</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweepfleet.cpp" line="61" />
        <source>Routers:</source>
        <translation>路由器：</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweepfleet.cpp" line="65" />
        <source> replica(s)</source>
        <translation> 个副本</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweepfleet.cpp" line="66" />
        <source>The fleet's size while the staleness or the router varies.</source>
        <translation>改变陈旧度或路由器时的集群规模。</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweepfleet.cpp" line="67" />
        <source>Replicas:</source>
        <translation>副本数：</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweepfleet.cpp" line="74" />
        <source>How often the router scrapes the replicas' metrics, in milliseconds (GIE and AIBrix: every 50 ms; 0: perfect information), while the size or router varies.</source>
        <translation>改变规模或路由器时，路由器抓取副本指标的间隔，单位毫秒（GIE 和 AIBrix：每 50 ms；0：完全信息）。</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweepfleet.cpp" line="76" />
        <source>Metrics every:</source>
        <translation>指标间隔：</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweepfleet.cpp" line="79" />
        <source> GPU(s)</source>
        <translation> 个 GPU</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweepfleet.cpp" line="80" />
        <source>GPUs one replica uses (tensor parallelism); only for the totals in GPUs.</source>
        <translation>一个副本使用的 GPU 数（张量并行）；仅用于按 GPU 计的总数。</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweepfleet.cpp" line="81" />
        <source>Per replica:</source>
        <translation>每个副本：</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweepfleet.cpp" line="115" />
        <source>Choose the routers and the fleet sizes, then Run sweep or Find minimum replicas.</source>
        <translation>选择路由器和集群规模，然后点击“运行扫描”或“查找最少副本数”。</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweepfleet.cpp" line="128" />
        <location filename="../../ui/sweep/sweepsettings.cpp" line="133" />
        <source>Find capacity</source>
        <translation>寻找容量</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweepfleet.cpp" line="128" />
        <source>Find minimum replicas</source>
        <translation>查找最少副本数</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweepfleet.cpp" line="129" />
        <source>The smallest fleet between the smallest and the largest of the values that meets the SLO, for each router, and the saving of the best router over round-robin.</source>
        <translation>对每个路由器，在取值的最小值与最大值之间找出满足 SLO 的最小集群，以及最佳路由器相对 round-robin 节省的数量。</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweepfleet.cpp" line="131" />
        <location filename="../../ui/sweep/sweepsettings.cpp" line="134" />
        <source>The largest value that still meets the SLO, by bracketing and bisection to 1 % (between the smallest and largest of the values), then the saturation point and the adapters that break the SLO first.</source>
        <translation>通过区间包围和二分法（精度 1 %，在取值的最小值与最大值之间）找出仍满足 SLO 的最大值，然后找出饱和点以及最先违反 SLO 的适配器。</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweepfleet.cpp" line="152" />
        <source>Routers: choose at least one router.</source>
        <translation>路由器：请至少选择一个路由器。</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweepfleet.cpp" line="193" />
        <source>Finding the smallest fleet from %1 to %2 replicas that meets the SLO (%3), per router…</source>
        <translation>正在为每个路由器查找 %1 到 %2 个副本中满足 SLO（%3）的最小集群…</translation>
    </message>
    <message numerus="yes">
        <location filename="../../ui/sweep/sweepfleet.cpp" line="201" />
        <source>Previewing %n fleet(s)…</source>
        <translation>
            <numerusform>正在预览 %n 个集群…</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../ui/sweep/sweepfleet.cpp" line="217" />
        <source>%n fleet(s) previewed</source>
        <translation>
            <numerusform>已预览 %n 个集群</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweepfleet.cpp" line="231" />
        <source>&lt;b&gt;Fleets of the Admission tab's server&lt;/b&gt;:</source>
        <translation>&lt;b&gt;由准入选项卡的服务器组成的集群&lt;/b&gt;：</translation>
    </message>
    <message numerus="yes">
        <location filename="../../ui/sweep/sweepfleet.cpp" line="242" />
        <source>Cancelled: %n fleet preview(s) finished and kept.</source>
        <translation>
            <numerusform>已取消：已完成的 %n 个集群预览已保留。</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweepfleet.cpp" line="262" />
        <source>A fleet sweep is exported as JSON Lines (.jsonl), as lorascope-cli sweep writes it.</source>
        <translation>集群扫描导出为 JSON Lines (.jsonl)，与 lorascope-cli sweep 写出的格式相同。</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweepsettings.cpp" line="137" />
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweepsettings.cpp" line="138" />
        <source>Stop; the points that finished stay.</source>
        <translation>停止；已完成的点会保留。</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweepfleet.cpp" line="116" />
        <location filename="../../ui/sweep/sweepsettings.cpp" line="168" />
        <source>Choose a parameter and its values, then Run sweep or Find capacity.</source>
        <translation>选择一个参数及其取值，然后点击“运行扫描”或“寻找容量”。</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweepsettings.cpp" line="149" />
        <source>Export figure…</source>
        <translation>导出图…</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweepsettings.cpp" line="151" />
        <source>Save all the sweep's charts as one PNG or SVG picture (right-click a chart to save it alone).</source>
        <translation>将扫描的所有图表保存为一张 PNG 或 SVG 图片（右键单击某个图表可单独保存）。</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweepsettings.cpp" line="152" />
        <source>Export table…</source>
        <translation>导出表格…</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweepsettings.cpp" line="153" />
        <source>Save the points as JSON Lines (spec, server, metrics and per-adapter metrics of each) or CSV, as lorascope-cli sweep writes them.</source>
        <translation>将各点保存为 JSON Lines（每个点的规格、服务器、指标和各适配器指标）或 CSV，格式与 lorascope-cli sweep 的输出相同。</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweepsettings.cpp" line="155" />
        <source>Compare in A/B…</source>
        <translation>在 A/B 中对比…</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweepsettings.cpp" line="156" />
        <source>Pin this sweep as A in the A/B Compare tab; the next sweep you run here is B.</source>
        <translation>将此扫描固定为“A/B 对比”标签页中的 A；你在这里运行的下一次扫描即为 B。</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweepsettings.cpp" line="210" />
        <location filename="../../ui/sweep/sweepsettings.cpp" line="216" />
        <location filename="../../ui/sweep/sweepsettings.cpp" line="219" />
        <source>Export Table</source>
        <translation>导出表格</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweepsettings.cpp" line="210" />
        <source>JSON Lines (*.jsonl);;CSV (*.csv)</source>
        <translation>JSON Lines (*.jsonl);;CSV (*.csv)</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweeptab.cpp" line="67" />
        <source>One row per point. Double-click a row (or click a point on a chart) to open it in the Workload and Admission tabs.</source>
        <translation>每个点一行。双击一行（或单击图表上的点）即可在“工作负载”和“准入预览”标签页中打开它。</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweeptab.cpp" line="97" />
        <source>Run sweep (or Find capacity) draws one point per value here.</source>
        <translation>“运行扫描”（或“寻找容量”）会在这里为每个取值画一个点。</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweeptab.cpp" line="125" />
        <source>Per adapter: mean TTFT</source>
        <translation>各适配器：平均 TTFT</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweeptab.cpp" line="126" />
        <source>Per adapter: SLO attainment</source>
        <translation>各适配器：SLO 达成率</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweeptab.cpp" line="127" />
        <source>Per adapter: throughput</source>
        <translation>各适配器：吞吐量</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweeptab.cpp" line="128" />
        <source>The four adapters with the most requests over the sweep, one line each (four legend entries fit a laptop's chart).</source>
        <translation>整个扫描中请求最多的四个适配器，每个一条线（笔记本屏幕上的图表图例放得下四项）。</translation>
    </message>
    <message numerus="yes">
        <location filename="../../ui/sweep/sweeptab.cpp" line="284" />
        <source>%n fleet preview(s) (routers × values); the clock is the cost model's (seconds).</source>
        <translation>
            <numerusform>%n 个集群预览（路由器 × 取值）；时钟为代价模型的时钟（秒）。</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweeptab.cpp" line="296" />
        <source> (the Admission tab's server)</source>
        <translation>（准入选项卡的服务器）</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweepfleet.cpp" line="161" />
        <location filename="../../ui/sweep/sweeptab.cpp" line="267" />
        <source>Values</source>
        <translation>取值</translation>
    </message>
    <message numerus="yes">
        <location filename="../../ui/sweep/sweeptab.cpp" line="300" />
        <source>%n point(s); the clock is the cost model's (seconds).</source>
        <translation>
            <numerusform>%n 个点；时钟为代价模型时钟（秒）。</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweeptab.cpp" line="375" />
        <source>Finding the largest %1 that meets the SLO (%2)…</source>
        <translation>正在寻找满足 SLO（%2）的最大 %1…</translation>
    </message>
    <message numerus="yes">
        <location filename="../../ui/sweep/sweeptab.cpp" line="388" />
        <source>Previewing %n point(s)…</source>
        <translation>
            <numerusform>正在预览 %n 个点…</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../ui/sweep/sweeptab.cpp" line="414" />
        <source>%n point(s)</source>
        <translation>
            <numerusform>%n 个点</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../ui/sweep/sweeptab.cpp" line="453" />
        <source>Cancelled: %n point(s) finished and kept.</source>
        <translation>
            <numerusform>已取消：%n 个点已完成并保留。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../ui/sweep/sweeptab.cpp" line="490" />
        <source>Each fleet is of identical replicas, each running the Admission tab's server and this cost model (%n GPU(s) per replica).</source>
        <translation>
            <numerusform>每个集群由相同的副本组成，每个副本运行准入选项卡的服务器和此代价模型（每副本 %n 个 GPU）。</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweeptab.cpp" line="549" />
        <source>sweep of %1</source>
        <translation>%1 的扫描</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweepfleet.cpp" line="260" />
        <location filename="../../ui/sweep/sweeptab.cpp" line="559" />
        <source>There is no sweep yet.</source>
        <translation>尚无扫描。</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweeptab.cpp" line="577" />
        <source>Sweep point %1 = %2</source>
        <translation>扫描点 %1 = %2</translation>
    </message>
</context>
<context>
    <name>lorascope::SweepTableModel</name>
    <message>
        <location filename="../../ui/sweep/sweepmodel.cpp" line="129" />
        <source>%1 of %2</source>
        <translation>%1 / %2</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweepmodel.cpp" line="141" />
        <source> (saturated)</source>
        <translation>（饱和）</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweepmodel.cpp" line="155" />
        <source>Meets the SLO: at least %1 % of requests within it.</source>
        <translation>满足 SLO：至少 %1 % 的请求在目标之内。</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweepmodel.cpp" line="156" />
        <source>Misses the SLO: fewer than %1 % of requests within it.</source>
        <translation>未满足 SLO：在目标之内的请求少于 %1 %。</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweepmodel.cpp" line="159" />
        <source>Saturated: requests complete slower than they arrive (achieved/offered below %1).</source>
        <translation>饱和：请求完成得比到达得慢（实际/提供低于 %1）。</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweepmodel.cpp" line="160" />
        <source>Keeps up: no measurable shortfall of completions against arrivals.</source>
        <translation>跟得上：完成数相对到达数没有可测量的不足。</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweepmodel.cpp" line="162" />
        <source>Double-click to open this point in the Workload and Admission tabs.</source>
        <translation>双击可在“工作负载”和“准入预览”标签页中打开此点。</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweepmodel.cpp" line="176" />
        <source>Completed</source>
        <translation>已完成</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweepmodel.cpp" line="178" />
        <source>Throughput (req/s)</source>
        <translation>吞吐量 (req/s)</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweepmodel.cpp" line="180" />
        <source>Goodput (req/s)</source>
        <translation>有效吞吐量 (req/s)</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweepmodel.cpp" line="182" />
        <source>TTFT p50 (s)</source>
        <translation>TTFT p50 (s)</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweepmodel.cpp" line="184" />
        <source>TTFT p90 (s)</source>
        <translation>TTFT p90 (s)</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweepmodel.cpp" line="186" />
        <source>TTFT p99 (s)</source>
        <translation>TTFT p99 (s)</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweepmodel.cpp" line="188" />
        <source>TPOT p50 (ms)</source>
        <translation>TPOT p50 (ms)</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweepmodel.cpp" line="190" />
        <source>E2E p50 (s)</source>
        <translation>E2E p50 (s)</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweepmodel.cpp" line="192" />
        <source>E2E p99 (s)</source>
        <translation>E2E p99 (s)</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweepmodel.cpp" line="194" />
        <source>SLO (%)</source>
        <translation>SLO (%)</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweepmodel.cpp" line="196" />
        <source>S-LoRA SLO (%)</source>
        <translation>S-LoRA SLO (%)</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweepmodel.cpp" line="198" />
        <source>Achieved / offered</source>
        <translation>实际 / 提供</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweepmodel.cpp" line="200" />
        <source>Peak queue</source>
        <translation>队列峰值</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweepmodel.cpp" line="202" />
        <source>Peak KV need (tokens)</source>
        <translation>KV 峰值需求（令牌）</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweepmodel.cpp" line="208" />
        <source>The value of the swept parameter at this point.</source>
        <translation>该点处被扫描参数的取值。</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweepmodel.cpp" line="210" />
        <source>Requests that completed, of all requests of the point's trace (in the measured window).</source>
        <translation>该点轨迹的全部请求（测量窗口内）中已完成的请求数。</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweepmodel.cpp" line="212" />
        <source>Completed requests per second, from the start of the run to the last completion (as S-LoRA and vLLM count it).</source>
        <translation>每秒完成的请求数，从运行开始到最后一个请求完成（与 S-LoRA 和 vLLM 的计法相同）。</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweepmodel.cpp" line="215" />
        <source>Requests per second that completed within every bound of your SLO.</source>
        <translation>每秒在你的 SLO 所有上限之内完成的请求数。</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweepmodel.cpp" line="219" />
        <source>Time to first token: from arrival to the first generated token, at the 50th, 90th or 99th percentile.</source>
        <translation>首令牌时间：从到达到生成第一个令牌，取第 50、90 或 99 百分位。</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweepmodel.cpp" line="222" />
        <source>Time per output token after the first: (E2E − TTFT) / (output tokens − 1), median.</source>
        <translation>首令牌之后每个输出令牌的时间：(E2E − TTFT) / (输出令牌数 − 1)，中位数。</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweepmodel.cpp" line="225" />
        <source>End-to-end latency: from arrival to the last token.</source>
        <translation>端到端延迟：从到达到最后一个令牌。</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweepmodel.cpp" line="227" />
        <source>Share of all requests (refused, dropped and unfinished ones count as misses) that met your SLO: %1.</source>
        <translation>满足你的 SLO 的请求占全部请求的比例（被拒绝、被丢弃和未完成的请求都计为未满足）：%1。</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweepmodel.cpp" line="231" />
        <source>S-LoRA's SLO attainment: share of all requests whose first token came within 6 s.</source>
        <translation>S-LoRA 的 SLO 达成率：首令牌在 6 s 内到来的请求占全部请求的比例。</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweepmodel.cpp" line="233" />
        <source>Completion rate over arrival rate in the steady part of the run (after the ramp-up). Below %1 the server is saturated: its backlog grows.</source>
        <translation>运行稳定阶段（爬升之后）的完成速率与到达速率之比。低于 %1 时服务器饱和：积压不断增长。</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweepmodel.cpp" line="238" />
        <source>Most requests waiting for admission at once.</source>
        <translation>同时等待准入的最多请求数。</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweepmodel.cpp" line="240" />
        <source>Largest KV-cache need of the running batch (S-LoRA's admission test), in token slots.</source>
        <translation>运行批次的最大 KV 缓存需求（S-LoRA 的准入判断），以令牌槽位计。</translation>
    </message>
</context>
<context>
    <name>lorascope::SweepText</name>
    <message>
        <location filename="../../ui/sweep/sweeptext.cpp" line="48" />
        <source>%1 ms</source>
        <translation>%1 ms</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweeptext.cpp" line="48" />
        <location filename="../../ui/sweep/sweeptext.cpp" line="260" />
        <source>%1 s</source>
        <translation>%1 s</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweeptext.cpp" line="50" />
        <source>TTFT ≤ %1</source>
        <translation>TTFT ≤ %1</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweeptext.cpp" line="52" />
        <source>TPOT ≤ %1</source>
        <translation>TPOT ≤ %1</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweeptext.cpp" line="54" />
        <source>E2E ≤ %1</source>
        <translation>E2E ≤ %1</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweeptext.cpp" line="56" />
        <source>completed</source>
        <translation>已完成</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweeptext.cpp" line="57" />
        <source>%1 for at least %2 % of requests</source>
        <translation>%1，至少 %2 % 的请求</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweeptext.cpp" line="58" />
        <location filename="../../ui/sweep/sweeptext.cpp" line="431" />
        <location filename="../../ui/sweep/sweeptext.cpp" line="517" />
        <source>, </source>
        <translation>，</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweeptext.cpp" line="65" />
        <source>request rate R (req/s)</source>
        <translation>请求速率 R (req/s)</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweeptext.cpp" line="67" />
        <source>number of adapters n</source>
        <translation>适配器数 n</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweeptext.cpp" line="69" />
        <source>popularity skew α</source>
        <translation>热度偏斜 α</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweeptext.cpp" line="71" />
        <source>Zipf exponent s</source>
        <translation>Zipf 指数 s</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweeptext.cpp" line="73" />
        <source>burstiness cv</source>
        <translation>突发度 cv</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweeptext.cpp" line="75" />
        <source>duration T (s)</source>
        <translation>时长 T (s)</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweeptext.cpp" line="77" />
        <source>random seed</source>
        <translation>随机种子</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweeptext.cpp" line="79" />
        <source>input length max (tokens)</source>
        <translation>输入长度上限（令牌）</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweeptext.cpp" line="81" />
        <source>output length max (tokens)</source>
        <translation>输出长度上限（令牌）</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweeptext.cpp" line="90" />
        <source>server: %1</source>
        <translation>服务器：%1</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweeptext.cpp" line="99" />
        <source>Total request rate over all adapters, requests per second.</source>
        <translation>所有适配器的总请求速率，每秒请求数。</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweeptext.cpp" line="101" />
        <source>Number of adapters (0 = base model only).</source>
        <translation>适配器数量（0 = 只用基础模型）。</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweeptext.cpp" line="103" />
        <source>Popularity skew: adapter i gets ((i+1)/n)^α − (i/n)^α of the traffic; small α, a few hot adapters.</source>
        <translation>热度偏斜：适配器 i 获得 ((i+1)/n)^α − (i/n)^α 的流量；α 越小，少数适配器越热门。</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweeptext.cpp" line="106" />
        <source>Zipf exponent of the adapter popularity.</source>
        <translation>适配器热度的 Zipf 指数。</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweeptext.cpp" line="108" />
        <source>Coefficient of variation of the gaps between arrivals: 1 = Poisson, larger = burstier.</source>
        <translation>到达间隔的变异系数：1 = 泊松过程，越大越突发。</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweeptext.cpp" line="110" />
        <source>Length of the trace, seconds.</source>
        <translation>轨迹时长，秒。</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweeptext.cpp" line="112" />
        <source>Random seed: the same workload drawn again, to see the sampling noise.</source>
        <translation>随机种子：重新抽取同一工作负载，以观察采样噪声。</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweeptext.cpp" line="114" />
        <source>Upper end (exclusive) of the input length range, tokens.</source>
        <translation>输入长度范围的上端（不含），令牌数。</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweeptext.cpp" line="116" />
        <source>Upper end (exclusive) of the output length range, tokens.</source>
        <translation>输出长度范围的上端（不含），令牌数。</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweeptext.cpp" line="118" />
        <source>KV-cache token slots of the server, shared with the adapter weights.</source>
        <translation>服务器的 KV 缓存令牌槽位，与适配器权重共用。</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweeptext.cpp" line="120" />
        <source>Largest sum of input tokens of a newly admitted prefill batch.</source>
        <translation>新准入的预填充批次的输入令牌总数上限。</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweeptext.cpp" line="122" />
        <source>Most requests in the running batch.</source>
        <translation>运行批次中的最多请求数。</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweeptext.cpp" line="124" />
        <source>Decode steps between two admission attempts.</source>
        <translation>两次准入尝试之间的解码步数。</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweeptext.cpp" line="126" />
        <source>vLLM: most running requests.</source>
        <translation>vLLM：最多运行中请求数。</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweeptext.cpp" line="128" />
        <source>vLLM: most prefill tokens per step.</source>
        <translation>vLLM：每步最多预填充令牌数。</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweeptext.cpp" line="130" />
        <source>vLLM: most distinct adapters in one batch.</source>
        <translation>vLLM：一个批次中最多的不同适配器数。</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweeptext.cpp" line="191" />
        <source>A10G: number of adapters</source>
        <translation>A10G：适配器数量</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweeptext.cpp" line="192" />
        <source>A10G: popularity skew</source>
        <translation>A10G：热度偏斜</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweeptext.cpp" line="193" />
        <source>A10G: burstiness</source>
        <translation>A10G：突发度</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweeptext.cpp" line="194" />
        <source>A10G: request rate</source>
        <translation>A10G：请求速率</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweeptext.cpp" line="195" />
        <source>A100-40G: number of adapters</source>
        <translation>A100-40G：适配器数量</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweeptext.cpp" line="196" />
        <source>A100-80G, S2: number of adapters</source>
        <translation>A100-80G，S2：适配器数量</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweeptext.cpp" line="197" />
        <source>A100-80G, S4: number of adapters</source>
        <translation>A100-80G，S4：适配器数量</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweeptext.cpp" line="198" />
        <source>A100-80G, S4: request rate</source>
        <translation>A100-80G，S4：请求速率</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweeptext.cpp" line="199" />
        <source>A100-80G, S4: burstiness</source>
        <translation>A100-80G，S4：突发度</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweeptext.cpp" line="200" />
        <source>A100-80G: throughput table</source>
        <translation>A100-80G：吞吐量表</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweeptext.cpp" line="201" />
        <source>Ablation: no unified memory pool</source>
        <translation>消融：无统一内存池</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweeptext.cpp" line="202" />
        <source>Ablation: adapter clustering</source>
        <translation>消融：适配器聚类</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweeptext.cpp" line="203" />
        <source>Ablation: adapter clustering under bursts</source>
        <translation>消融：突发下的适配器聚类</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweeptext.cpp" line="214" />
        <source>number of adapters</source>
        <translation>适配器数量</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweeptext.cpp" line="217" />
        <source>request rate</source>
        <translation>请求速率</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweeptext.cpp" line="220" />
        <source>cv</source>
        <translation>cv</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweeptext.cpp" line="225" />
        <source>S-LoRA paper, %1, %2%3: throughput vs %4</source>
        <translation>S-LoRA 论文，%1，%2%3：吞吐量随%4变化</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweeptext.cpp" line="227" />
        <source> (abort)</source>
        <translation>（带中止）</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweeptext.cpp" line="271" />
        <source>vLLM V1: max_num_seqs %1, max_num_batched_tokens %2, %3 KV blocks of %4 tokens, max_loras %5, max_lora_rank %6</source>
        <translation>vLLM V1：max_num_seqs %1，max_num_batched_tokens %2，%3 个 KV 块（每块 %4 令牌），max_loras %5，max_lora_rank %6</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweeptext.cpp" line="282" />
        <source>SGLang: max_total_tokens %1, max_running_requests %2, max_loras_per_batch %3</source>
        <translation>SGLang：max_total_tokens %1，max_running_requests %2，max_loras_per_batch %3</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweeptext.cpp" line="288" />
        <source>S-LoRA with abort: max_total_token_num %1, max_req_total_len %2, running_max_req_size %3</source>
        <translation>S-LoRA 带中止：max_total_token_num %1，max_req_total_len %2，running_max_req_size %3</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweeptext.cpp" line="293" />
        <source>S-LoRA: max_total_token_num %1, max_req_total_len %2, running_max_req_size %3</source>
        <translation>S-LoRA：max_total_token_num %1，max_req_total_len %2，running_max_req_size %3</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweeptext.cpp" line="316" />
        <source>%1 at every point</source>
        <translation>每个点均为 %1</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweeptext.cpp" line="317" />
        <source>%1 to %2 of each point's</source>
        <translation>每个点的 %1 到 %2</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweeptext.cpp" line="318" />
        <source>&lt;b&gt;%1 refused %2 of the %3 requests&lt;/b&gt; (%4): they count as missing the SLO. The Admission tab's banner says why and how to serve them.</source>
        <translation>&lt;b&gt;%1 拒绝了 %3 个请求中的 %2 个&lt;/b&gt;（%4）：它们计为未达到 SLO。准入选项卡的横幅说明了原因及如何服务它们。</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweeptext.cpp" line="330" />
        <source>No point finished.</source>
        <translation>没有点完成。</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweeptext.cpp" line="340" />
        <source>No point meets the SLO (%1). The best, %2, has %3 of requests within it: %4 points short.</source>
        <translation>没有点满足 SLO（%1）。最好的点 %2 有 %3 的请求满足：差 %4 个百分点。</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweeptext.cpp" line="345" />
        <source>Sustainable: &lt;b&gt;%1&lt;/b&gt;, the largest point that meets the SLO (%2) and keeps up with its arrivals.</source>
        <translation>可持续：&lt;b&gt;%1&lt;/b&gt;，满足 SLO（%2）且能跟上到达速度的最大点。</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweeptext.cpp" line="350" />
        <source>&lt;b&gt;Nothing sustainable&lt;/b&gt;: every point that meets the SLO (%1) is saturated.</source>
        <translation>&lt;b&gt;没有可持续的点&lt;/b&gt;：每个满足 SLO（%1）的点都已饱和。</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweeptext.cpp" line="352" />
        <source>Sustainable: &lt;b&gt;%1&lt;/b&gt;, the largest point that meets the SLO (%2) below saturation.</source>
        <translation>可持续：&lt;b&gt;%1&lt;/b&gt;，低于饱和点且满足 SLO（%2）的最大点。</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweeptext.cpp" line="356" />
        <source> A trace of at least %1 would tell.</source>
        <translation>至少 %1 的轨迹才能看出来。</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweeptext.cpp" line="358" />
        <source>Short-trace effect: points up to %1 meet the SLO although the server falls behind from %2; their %3 traces end before the backlog grows enough to break it.%4</source>
        <translation>短轨迹效应：直到 %1 的点都满足 SLO，尽管服务器从 %2 起已跟不上；它们 %3 的轨迹在积压增长到足以打破 SLO 之前就结束了。%4</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweeptext.cpp" line="427" />
        <source>rank-%1 adapters %2</source>
        <translation>秩 %1 的适配器 %2</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweeptext.cpp" line="429" />
        <source>At %1 not every class meets the target of %2: %3 of their requests within the SLO.</source>
        <translation>在 %1 时并非每一类都达到 %2 的目标：%3 的请求满足 SLO。</translation>
    </message>
    <message numerus="yes">
        <location filename="../../ui/sweep/sweeptext.cpp" line="455" />
        <source>SLO boundary: %1 meets the SLO (%2 of requests); %3 misses it (%4). The bracket is %5 wide after %n point(s) in %6 s.</source>
        <translation>
            <numerusform>SLO 边界：%1 满足 SLO（%2 的请求）；%3 不满足（%4）。经过 %n 个点、%6 s，区间宽度为 %5。</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweeptext.cpp" line="369" />
        <source>No point saturates: completions keep up with arrivals (achieved/offered ≥ %1) up to %2.</source>
        <translation>没有点饱和：直到 %2，完成都跟得上到达（实际/提供 ≥ %1）。</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweeptext.cpp" line="374" />
        <source>Saturated from &lt;b&gt;%1&lt;/b&gt;: completions fall behind arrivals (achieved/offered %2, below %3).</source>
        <translation>从 &lt;b&gt;%1&lt;/b&gt; 起饱和：完成落后于到达（实际/提供 %2，低于 %3）。</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweeptext.cpp" line="380" />
        <source>GuideLLM's over-saturation test (requests in flight and TTFT both rising) fires from %1.</source>
        <translation>GuideLLM 的过饱和检测（在途请求数和 TTFT 同时上升）从 %1 起触发。</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweeptext.cpp" line="402" />
        <source>Sustainable capacity &lt;b&gt;%1&lt;/b&gt;: the largest value that meets the SLO (%2; %3 of requests) while the server keeps up with its arrivals.</source>
        <translation>可持续容量 &lt;b&gt;%1&lt;/b&gt;：在服务器能跟上到达速度的前提下满足 SLO（%2；%3 的请求）的最大取值。</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweeptext.cpp" line="407" />
        <source>Sustainable capacity &lt;b&gt;%1&lt;/b&gt;, set by saturation: above it the server falls behind its arrivals (from %2), while it still meets the SLO (%3; %4 of requests).</source>
        <translation>可持续容量 &lt;b&gt;%1&lt;/b&gt;，由饱和决定：高于它（从 %2 起）服务器跟不上到达速度，而此处仍满足 SLO（%3；%4 的请求）。</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweeptext.cpp" line="412" />
        <source>&lt;b&gt;Nothing sustainable&lt;/b&gt; in the range tried: every value that meets the SLO is saturated.</source>
        <translation>在所试范围内&lt;b&gt;没有可持续的取值&lt;/b&gt;：每个满足 SLO 的取值都已饱和。</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweeptext.cpp" line="435" />
        <source> (The SLO bounds neither TTFT nor E2E, so no trace length can be suggested.)</source>
        <translation>（该 SLO 既不限制 TTFT 也不限制 E2E，因此无法建议轨迹长度。）</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweeptext.cpp" line="436" />
        <source> A trace of at least %1 would tell (Workload tab: Duration T).</source>
        <translation>至少 %1 的轨迹才能看出来（工作负载标签页：时长 T）。</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweeptext.cpp" line="438" />
        <source>&lt;b&gt;Short-trace effect&lt;/b&gt;: the SLO still holds up to %1 only because each %2 trace ends before the growing backlog breaks it; that is not a capacity.%3</source>
        <translation>&lt;b&gt;短轨迹效应&lt;/b&gt;：直到 %1 仍满足 SLO，只是因为每条 %2 的轨迹在不断增长的积压打破 SLO 之前就结束了；这不是容量。%3</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweeptext.cpp" line="447" />
        <source>Stopped before the SLO boundary was bracketed.</source>
        <translation>在找到 SLO 边界区间之前就停止了。</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweeptext.cpp" line="453" />
        <source>Not converged: the evaluation budget is spent. The bracket so far:</source>
        <translation>未收敛：评估次数已用完。目前的区间：</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweeptext.cpp" line="464" />
        <source>No value tried (%1 to %2) meets the SLO (%3). At the lowest, %4, %5 of requests meet it: %6 points short of the target.</source>
        <translation>所试的取值（%1 到 %2）都不满足 SLO（%3）。在最低值 %4 处，%5 的请求满足：比目标差 %6 个百分点。</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweeptext.cpp" line="471" />
        <source>Every value up to %1 meets the SLO (%2; %3 at the highest): widen the values' range upwards.</source>
        <translation>直到 %1 的所有取值都满足 SLO（%2；最高处为 %3）：请把取值范围向上扩大。</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweeptext.cpp" line="479" />
        <source>Saturated from &lt;b&gt;%1&lt;/b&gt; (achieved/offered %2, below 0.98); %3 keeps up.</source>
        <translation>从 &lt;b&gt;%1&lt;/b&gt; 起饱和（实际/提供 %2，低于 0.98）；%3 仍跟得上。</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweeptext.cpp" line="484" />
        <source>The range never saturates: achieved/offered is still %1 at the highest value tried, %2.</source>
        <translation>该范围内从未饱和：在所试的最高值 %2 处，实际/提供仍为 %1。</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweeptext.cpp" line="489" />
        <source>Saturated even at the lowest value tried, %1 (achieved/offered %2).</source>
        <translation>即使在所试的最低值 %1 也已饱和（实际/提供 %2）。</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweeptext.cpp" line="499" />
        <source>rank %1: %2 → %3</source>
        <translation>秩 %1：%2 → %3</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweeptext.cpp" line="504" />
        <source>; </source>
        <translation>；</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweeptext.cpp" line="503" />
        <source>SLO attainment by adapter rank, at the SLO boundary → just above it: %1.</source>
        <translation>按适配器秩的 SLO 达成率，在 SLO 边界 → 刚高于边界：%1。</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweeptext.cpp" line="509" />
        <source>%1 (rank %2, misses from %3)</source>
        <translation>%1（秩 %2，从 %3 起不满足）</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweeptext.cpp" line="510" />
        <source>base model</source>
        <translation>基础模型</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweeptext.cpp" line="516" />
        <source>First to break the SLO (adapters with at least 5 requests): %1.</source>
        <translation>最先违反 SLO 的适配器（至少 5 个请求）：%1。</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweeptext.cpp" line="522" />
        <source>Note: %1</source>
        <translation>注意：%1</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweeptext.cpp" line="525" />
        <source>Cancelled: these are the points that finished.</source>
        <translation>已取消：以下为已完成的点。</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweeptext.cpp" line="532" />
        <source>&lt;b&gt;Cost model:&lt;/b&gt; %1 — %2</source>
        <translation>&lt;b&gt;代价模型：&lt;/b&gt;%1 — %2</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweeptext.cpp" line="540" />
        <source>&lt;br&gt;S-LoRA published no measurements for this suite, model setting and server.</source>
        <translation>&lt;br&gt;S-LoRA 没有发表该套件、模型设置和服务器组合的实测值。</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweeptext.cpp" line="546" />
        <source>&lt;br&gt;&lt;b&gt;%1&lt;/b&gt;: preview vs paper over %2 published point(s): throughput off by %3 % on average (MAPE), mean first-token latency by %4 %, SLO attainment by %5 points.</source>
        <translation>&lt;br&gt;&lt;b&gt;%1&lt;/b&gt;：预览与论文在 %2 个已发表点上的对比：吞吐量平均偏差 %3 %（MAPE），平均首令牌延迟偏差 %4 %，SLO 达成率相差 %5 个百分点。</translation>
    </message>
    <message>
        <location filename="../../ui/sweep/sweeptext.cpp" line="553" />
        <source>&lt;br&gt;&lt;small&gt;Published rows: %1.&lt;/small&gt;</source>
        <translation>&lt;br&gt;&lt;small&gt;已发表数据：%1。&lt;/small&gt;</translation>
    </message>
</context>
<context>
    <name>lorascope::Terms</name>
    <message>
        <location filename="../../ui/text/terms.cpp" line="16" />
        <source>SLO attainment (TTFT &lt; 6 s)</source>
        <translation>SLO 达成率（TTFT &lt; 6 s）</translation>
    </message>
    <message>
        <location filename="../../ui/text/terms.cpp" line="23" />
        <source>%1 %</source>
        <comment>percentage</comment>
        <translation>%1%</translation>
    </message>
    <message>
        <location filename="../../ui/text/terms.cpp" line="33" />
        <source>steps</source>
        <translation>步</translation>
    </message>
    <message>
        <location filename="../../ui/text/terms.cpp" line="33" />
        <source>s</source>
        <translation>s</translation>
    </message>
    <message>
        <location filename="../../ui/text/terms.cpp" line="42" />
        <source>%1 steps</source>
        <translation>%1 步</translation>
    </message>
    <message>
        <location filename="../../ui/text/terms.cpp" line="49" />
        <source>did not wait</source>
        <translation>未等待</translation>
    </message>
    <message>
        <location filename="../../ui/text/terms.cpp" line="51" />
        <source>waiting for the next admission check</source>
        <translation>等待下一次准入检查</translation>
    </message>
    <message>
        <location filename="../../ui/text/terms.cpp" line="53" />
        <location filename="../../ui/text/terms.cpp" line="78" />
        <source>KV cache full</source>
        <translation>KV 缓存已满</translation>
    </message>
    <message>
        <location filename="../../ui/text/terms.cpp" line="55" />
        <location filename="../../ui/text/terms.cpp" line="80" />
        <source>prefill batch full</source>
        <translation>预填充批次已满</translation>
    </message>
    <message>
        <location filename="../../ui/text/terms.cpp" line="58" />
        <location filename="../../ui/text/terms.cpp" line="72" />
        <source>running batch full</source>
        <translation>运行批次已满</translation>
    </message>
    <message>
        <location filename="../../ui/text/terms.cpp" line="64" />
        <source>KV cache blocks full</source>
        <translation>KV 缓存块已满</translation>
    </message>
    <message>
        <location filename="../../ui/text/terms.cpp" line="66" />
        <source>queued behind another request</source>
        <translation>排在另一个请求之后</translation>
    </message>
    <message>
        <location filename="../../ui/text/terms.cpp" line="74" />
        <source>queue paused (batch_is_full)</source>
        <translation>队列暂停（batch_is_full）</translation>
    </message>
    <message>
        <location filename="../../ui/text/terms.cpp" line="82" />
        <source>prefill chunk full</source>
        <translation>预填充分块已满</translation>
    </message>
    <message>
        <location filename="../../ui/text/terms.cpp" line="84" />
        <source>retracted</source>
        <translation>已撤回</translation>
    </message>
    <message>
        <location filename="../../ui/text/terms.cpp" line="126" />
        <source>queue paused (batch_is_full): an earlier request did not fit; SGLang looks again when a running request leaves</source>
        <translation>队列暂停（batch_is_full）：之前的请求放不下；SGLang 在有运行中请求离开时再查看</translation>
    </message>
    <message>
        <location filename="../../ui/text/terms.cpp" line="129" />
        <source>queued behind request %1</source>
        <translation>排在请求 %1 之后</translation>
    </message>
    <message>
        <location filename="../../ui/text/terms.cpp" line="132" />
        <source>KV cache full: needs %1 slots, %2 free (must be fewer)</source>
        <translation>KV 缓存已满：需要 %1 个槽位，空闲 %2 个（需严格少于空闲数）</translation>
    </message>
    <message>
        <location filename="../../ui/text/terms.cpp" line="133" />
        <source>KV cache full: needs %1 slots, %2 free</source>
        <translation>KV 缓存已满：需要 %1 个槽位，可用 %2 个</translation>
    </message>
    <message>
        <location filename="../../ui/text/terms.cpp" line="135" />
        <source>prefill batch full: %1 input tokens &gt; %2</source>
        <translation>预填充批次已满：%1 个输入令牌 &gt; %2</translation>
    </message>
    <message>
        <location filename="../../ui/text/terms.cpp" line="151" />
        <source>running batch full: running_max_req_size = %1</source>
        <translation>运行批次已满：running_max_req_size = %1</translation>
    </message>
    <message>
        <location filename="../../ui/text/terms.cpp" line="153" />
        <source>running batch full: max_running_requests = %1</source>
        <translation>运行批次已满：max_running_requests = %1</translation>
    </message>
    <message>
        <location filename="../../ui/text/terms.cpp" line="155" />
        <source>LoRA slots full: with it, %1 of max_loras_per_batch = %2 slots (%3)</source>
        <translation>LoRA 槽位已满：加入后需 %1 个槽位，max_loras_per_batch = %2（%3）</translation>
    </message>
    <message>
        <location filename="../../ui/text/terms.cpp" line="160" />
        <source>KV cache full: needs %1 tokens, %2 free</source>
        <translation>KV 缓存已满：需要 %1 个令牌，可用 %2 个</translation>
    </message>
    <message>
        <location filename="../../ui/text/terms.cpp" line="163" />
        <source>prefill batch full: %1 of max_prefill_tokens = %2 tokens</source>
        <translation>预填充批次已满：max_prefill_tokens = %2 个令牌中已占 %1 个</translation>
    </message>
    <message>
        <location filename="../../ui/text/terms.cpp" line="166" />
        <source>prefill chunk full: %1 of chunked_prefill_size = %2 tokens</source>
        <translation>预填充分块已满：chunked_prefill_size = %2 个令牌中已占 %1 个</translation>
    </message>
    <message>
        <location filename="../../ui/text/terms.cpp" line="169" />
        <source>retracted at %1 (%2 tokens to prefill again)</source>
        <translation>于 %1 被撤回（需重新预填充 %2 个令牌）</translation>
    </message>
    <message>
        <location filename="../../ui/text/terms.cpp" line="172" />
        <source>%1: %2 &gt; %3</source>
        <translation>%1：%2 &gt; %3</translation>
    </message>
    <message>
        <location filename="../../ui/text/terms.cpp" line="183" />
        <source>It was admitted at the first admission check after it arrived.</source>
        <translation>它在到达后的第一次准入检查中就被准入了。</translation>
    </message>
    <message>
        <location filename="../../ui/text/terms.cpp" line="185" />
        <source>The running batch was decoding: S-LoRA checks the queue only when nothing runs and after every max_wait_tokens decode steps.</source>
        <translation>运行批次正在解码：S-LoRA 只在没有请求运行时以及每隔 max_wait_tokens 个解码步时检查队列。</translation>
    </message>
    <message>
        <location filename="../../ui/text/terms.cpp" line="188" />
        <source>It queued behind request %1, which could not be admitted yet (first come, first served: the first request that does not fit stops the scan).</source>
        <translation>它排在请求 %1 之后，而后者暂时无法准入（先到先服务：第一个放不下的请求使扫描停止）。</translation>
    </message>
    <message>
        <location filename="../../ui/text/terms.cpp" line="197" />
        <source>%1 held by adapter weights (resident adapters: %2, ranks %3; rank × 4 slots each)</source>
        <translation>%1 个被适配器权重占用（常驻适配器：%2 个，秩 %3；每个 秩 × 4 个槽位）</translation>
    </message>
    <message>
        <location filename="../../ui/text/terms.cpp" line="202" />
        <source>%1 held by adapter weights (resident adapters: %2; rank × 4 slots each)</source>
        <translation>%1 个被适配器权重占用（常驻适配器：%2 个；每个 秩 × 4 个槽位）</translation>
    </message>
    <message>
        <location filename="../../ui/text/terms.cpp" line="206" />
        <source>%1 held by adapter weights (rank × 4 slots each)</source>
        <translation>%1 个被适配器权重占用（每个 秩 × 4 个槽位）</translation>
    </message>
    <message>
        <location filename="../../ui/text/terms.cpp" line="217" />
        <source>The new prefill batch would hold %1 input tokens, more than batch_max_tokens = %2.</source>
        <translation>新的预填充批次将包含 %1 个输入令牌，超过 batch_max_tokens = %2。</translation>
    </message>
    <message>
        <location filename="../../ui/text/terms.cpp" line="222" />
        <source>(batch_max_tokens is 0, so S-LoRA's default applies: max(max_total_token_num / 6, max_req_total_len) = max(%1, %2).)</source>
        <translation>（batch_max_tokens 为 0，因此采用 S-LoRA 的默认值：max(max_total_token_num / 6, max_req_total_len) = max(%1, %2)。）</translation>
    </message>
    <message>
        <location filename="../../ui/text/terms.cpp" line="229" />
        <source>The running batch would hold %1 requests, more than running_max_req_size = %2.</source>
        <translation>运行批次将包含 %1 个请求，超过 running_max_req_size = %2。</translation>
    </message>
    <message>
        <location filename="../../ui/text/terms.cpp" line="261" />
        <source>The running batch would hold %1 requests, more than max_running_requests = %2 (requests that finished in the last decode step count until the next one removes them).</source>
        <translation>运行批次将包含 %1 个请求，超过 max_running_requests = %2（上一次解码步中完成的请求在下一次解码步将其移除之前仍计入）。</translation>
    </message>
    <message>
        <location filename="../../ui/text/terms.cpp" line="266" />
        <source>SGLang marked the batch full (batch_is_full) when an earlier admission failed, and looks at the queue again only after a running request finishes or is retracted.</source>
        <translation>之前一次准入失败后，SGLang 将批次标记为已满（batch_is_full），直到某个运行中的请求完成或被撤回才会再次查看队列。</translation>
    </message>
    <message>
        <location filename="../../ui/text/terms.cpp" line="269" />
        <source>none, only the base model</source>
        <translation>无，仅基础模型</translation>
    </message>
    <message>
        <location filename="../../ui/text/terms.cpp" line="270" />
        <source>LoRA slots full: with it, this step's batch would use %1 GPU LoRA slots, more than max_loras_per_batch = %2 (adapters in the batch: %3; the base model takes a slot when base-model requests run).</source>
        <translation>LoRA 槽位已满：加入它后，本步批次将占用 %1 个 GPU LoRA 槽位，超过 max_loras_per_batch = %2（批次中的适配器：%3；有基础模型请求运行时，基础模型也占用一个槽位）。</translation>
    </message>
    <message>
        <location filename="../../ui/text/terms.cpp" line="278" />
        <source>It needs %1 KV tokens, but only %2 are free: the pool (max_total_tokens) minus the tokens held, minus %3 reserved for the output the running and newly admitted requests will still generate (their remaining output × new_token_ratio %4).</source>
        <translation>它需要 %1 个 KV 令牌，但只有 %2 个空闲：令牌池（max_total_tokens）减去已占用的令牌，再减去为运行中和新准入请求尚需生成的输出预留的 %3 个（其剩余输出 × new_token_ratio %4）。</translation>
    </message>
    <message>
        <location filename="../../ui/text/terms.cpp" line="284" />
        <source>This step's prefill already takes %1 tokens, reaching max_prefill_tokens = %2.</source>
        <translation>本步的预填充已占用 %1 个令牌，达到 max_prefill_tokens = %2。</translation>
    </message>
    <message>
        <location filename="../../ui/text/terms.cpp" line="288" />
        <source>This step's prefill already takes %1 tokens, reaching chunked_prefill_size = %2: longer prompts are prefilled in chunks over several steps.</source>
        <translation>本步的预填充已占用 %1 个令牌，达到 chunked_prefill_size = %2：更长的提示词将分块在多步中预填充。</translation>
    </message>
    <message>
        <location filename="../../ui/text/terms.cpp" line="293" />
        <source>It was retracted at %1: a decode step ran out of KV tokens, so SGLang freed this request's KV (the fewest output tokens first, then the longest prompt). It waits again at the back of the queue and will prefill %2 tokens (its prompt and its output so far) again.</source>
        <translation>它于 %1 被撤回：某个解码步 KV 令牌不足，SGLang 释放了该请求的 KV（先选输出令牌最少的，再选提示词最长的）。它重新排到队列末尾，之后将再次预填充 %2 个令牌（其提示词及已生成的输出）。</translation>
    </message>
    <message>
        <location filename="../../ui/text/terms.cpp" line="309" />
        <source>input not shorter than context_length (%1 tokens)</source>
        <translation>输入长度不小于 context_length（%1 个令牌）</translation>
    </message>
    <message>
        <location filename="../../ui/text/terms.cpp" line="310" />
        <source>input longer than max_req_input_len (%1 tokens)</source>
        <translation>输入超过 max_req_input_len（%1 个令牌）</translation>
    </message>
    <message>
        <location filename="../../ui/text/terms.cpp" line="313" />
        <source>input + output not shorter than context_length (%1 tokens)</source>
        <translation>输入 + 输出长度不小于 context_length（%1 个令牌）</translation>
    </message>
    <message>
        <location filename="../../ui/text/terms.cpp" line="314" />
        <source>input + output longer than max_req_total_len (%1 tokens)</source>
        <translation>输入 + 输出超过 max_req_total_len（%1 个令牌）</translation>
    </message>
    <message>
        <location filename="../../ui/text/terms.cpp" line="317" />
        <source>input not shorter than max_req_input_len (%1 tokens: min(context_length, max_total_tokens) − 6)</source>
        <translation>输入长度不小于 max_req_input_len（%1 个令牌：min(context_length, max_total_tokens) − 6）</translation>
    </message>
    <message>
        <location filename="../../ui/text/terms.cpp" line="319" />
        <source>can never fit in the KV cache (%1 slots)</source>
        <translation>永远无法放入 KV 缓存（%1 个槽位）</translation>
    </message>
    <message>
        <location filename="../../ui/text/terms.cpp" line="325" />
        <source>dropped by the router: every replica was saturated</source>
        <translation>被路由器丢弃：所有副本均已饱和</translation>
    </message>
    <message>
        <location filename="../../ui/text/terms.cpp" line="346" />
        <source>aborted by the client</source>
        <translation>被客户端中止</translation>
    </message>
    <message>
        <location filename="../../ui/text/terms.cpp" line="348" />
        <source>waited too long (slora-abort drops requests waiting ≥ 5.5 s)</source>
        <translation>等待时间过长（slora-abort 会丢弃等待 ≥ 5.5 s 的请求）</translation>
    </message>
    <message>
        <location filename="../../ui/text/terms.cpp" line="357" />
        <source>idle</source>
        <translation>空闲</translation>
    </message>
    <message>
        <location filename="../../ui/text/terms.cpp" line="359" />
        <source>prefill</source>
        <translation>预填充</translation>
    </message>
    <message>
        <location filename="../../ui/text/terms.cpp" line="361" />
        <source>decode</source>
        <translation>解码</translation>
    </message>
    <message>
        <location filename="../../ui/text/terms.cpp" line="373" />
        <source>no stationary gap law (the rate varies over time)</source>
        <translation>无平稳的间隔分布（速率随时间变化）</translation>
    </message>
    <message>
        <location filename="../../ui/text/terms.cpp" line="375" />
        <source>constant gaps of %1</source>
        <translation>恒定间隔 %1</translation>
    </message>
    <message>
        <location filename="../../ui/text/terms.cpp" line="377" />
        <source>Gamma(k = %1, θ = %2)</source>
        <translation>Gamma(k = %1, θ = %2)</translation>
    </message>
    <message>
        <location filename="../../ui/text/terms.cpp" line="379" />
        <source>merge of %1 stationary renewal processes</source>
        <translation>%1 个平稳更新过程的合并</translation>
    </message>
    <message>
        <location filename="../../ui/text/terms.cpp" line="60" />
        <location filename="../../ui/text/terms.cpp" line="76" />
        <source>LoRA slots full</source>
        <translation>LoRA 槽位已满</translation>
    </message>
    <message>
        <location filename="../../ui/text/terms.cpp" line="62" />
        <source>step token budget used up</source>
        <translation>本步令牌预算已用完</translation>
    </message>
    <message>
        <location filename="../../ui/text/terms.cpp" line="68" />
        <source>preempted</source>
        <translation>被抢占</translation>
    </message>
    <message>
        <location filename="../../ui/text/terms.cpp" line="70" />
        <source>a running request was preempted</source>
        <translation>有运行中的请求被抢占</translation>
    </message>
    <message>
        <location filename="../../ui/text/terms.cpp" line="99" />
        <source>adapter %1</source>
        <translation>适配器 %1</translation>
    </message>
    <message>
        <location filename="../../ui/text/terms.cpp" line="102" />
        <source>%1 more</source>
        <translation>另有 %1 个</translation>
    </message>
    <message>
        <location filename="../../ui/text/terms.cpp" line="111" />
        <source>step %1</source>
        <translation>第 %1 步</translation>
    </message>
    <message>
        <location filename="../../ui/text/terms.cpp" line="137" />
        <source>needs %1 KV blocks, %2 free</source>
        <translation>需要 %1 个 KV 块，空闲 %2 个</translation>
    </message>
    <message>
        <location filename="../../ui/text/terms.cpp" line="139" />
        <source>LoRA slots full: this step's batch already has max_loras = %1 adapters (%2)</source>
        <translation>LoRA 槽位已满：本步批次已有 max_loras = %1 个适配器（%2）</translation>
    </message>
    <message>
        <location filename="../../ui/text/terms.cpp" line="143" />
        <source>preempted at %1 (recompute, %2 tokens again)</source>
        <translation>在%1被抢占（重算，需重新计算 %2 个令牌）</translation>
    </message>
    <message>
        <location filename="../../ui/text/terms.cpp" line="146" />
        <source>step token budget used up: needs %1 tokens, %2 left</source>
        <translation>本步令牌预算已用完：需要 %1 个令牌，剩余 %2 个</translation>
    </message>
    <message>
        <location filename="../../ui/text/terms.cpp" line="149" />
        <source>running batch full: max_num_seqs = %1</source>
        <translation>运行批次已满：max_num_seqs = %1</translation>
    </message>
    <message>
        <location filename="../../ui/text/terms.cpp" line="208" />
        <source>It needs %1 KV slots to run the batch to its end, but only %2 are free for requests: %3 slots (max_total_token_num) − %4. S-LoRA admits it only when it needs strictly fewer slots than are free.</source>
        <translation>运行该批次直至结束需要 %1 个 KV 槽位，但可供请求使用的只有 %2 个：%3 个槽位（max_total_token_num）− %4。只有当所需槽位严格少于空闲槽位时，S-LoRA 才会准入。</translation>
    </message>
    <message>
        <location filename="../../ui/text/terms.cpp" line="233" />
        <source>LoRA slots full: this step's batch already has max_loras = %1 adapters (%2); vLLM sets the request aside and schedules later requests of those adapters (and of the base model) past it.</source>
        <translation>LoRA 槽位已满：本步批次已有 max_loras = %1 个适配器（%2）；vLLM 将该请求搁置，让后面使用这些适配器（以及基础模型）的请求越过它先被调度。</translation>
    </message>
    <message>
        <location filename="../../ui/text/terms.cpp" line="239" />
        <source>The running batch already holds max_num_seqs = %1 requests.</source>
        <translation>运行批次已有 max_num_seqs = %1 个请求。</translation>
    </message>
    <message>
        <location filename="../../ui/text/terms.cpp" line="241" />
        <source>Its prompt needs %1 tokens in one step, but only %2 of the step's max_num_batched_tokens are left (chunked prefill is off, so the scan stops here).</source>
        <translation>它的提示词需要在一步内处理 %1 个令牌，但本步的 max_num_batched_tokens 只剩 %2 个（分块预填充已关闭，因此扫描在此停止）。</translation>
    </message>
    <message>
        <location filename="../../ui/text/terms.cpp" line="245" />
        <source>The step's token budget (max_num_batched_tokens) was used up by requests ahead of it; it needs %1 tokens.</source>
        <translation>本步的令牌预算（max_num_batched_tokens）已被排在它前面的请求用完；它需要 %1 个令牌。</translation>
    </message>
    <message>
        <location filename="../../ui/text/terms.cpp" line="249" />
        <source>It needs %1 KV blocks for this step, but only %2 are free (vLLM: the scan stops at the first request whose blocks do not fit).</source>
        <translation>它本步需要 %1 个 KV 块，但只有 %2 个空闲（vLLM：扫描在第一个放不下其 KV 块的请求处停止）。</translation>
    </message>
    <message>
        <location filename="../../ui/text/terms.cpp" line="253" />
        <source>It was preempted at %1 to free KV blocks for older running requests (recompute: its %2 prompt and generated tokens are prefilled again when it is scheduled next).</source>
        <translation>它在%1被抢占，为更早运行的请求腾出 KV 块（重算：下次被调度时，它的 %2 个提示词和已生成令牌会重新预填充）。</translation>
    </message>
    <message>
        <location filename="../../ui/text/terms.cpp" line="258" />
        <source>A running request was preempted in this step, and vLLM schedules no waiting request in a step that preempted.</source>
        <translation>本步有运行中的请求被抢占，而 vLLM 在发生抢占的步中不调度任何等待中的请求。</translation>
    </message>
    <message>
        <location filename="../../ui/text/terms.cpp" line="321" />
        <source>input + output longer than max_model_len (%1 tokens)</source>
        <translation>输入 + 输出超过 max_model_len（%1 个令牌）</translation>
    </message>
    <message>
        <location filename="../../ui/text/terms.cpp" line="323" />
        <source>adapter rank larger than max_lora_rank (%1)</source>
        <translation>适配器的秩大于 max_lora_rank（%1）</translation>
    </message>
    <message>
        <location filename="../../ui/text/terms.cpp" line="334" />
        <source>adapter loading from disk</source>
        <translation>从磁盘加载适配器</translation>
    </message>
    <message>
        <location filename="../../ui/text/terms.cpp" line="334" />
        <source>adapter loading from CPU</source>
        <translation>从 CPU 内存加载适配器</translation>
    </message>
    <message>
        <location filename="../../ui/text/terms.cpp" line="336" />
        <source>%1 before its first pass</source>
        <translation>在其第一次前向计算之前%1</translation>
    </message>
    <message>
        <location filename="../../ui/text/terms.cpp" line="337" />
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <location filename="../../ui/text/terms.cpp" line="363" />
        <source>mixed (prefill chunks and decodes)</source>
        <translation>混合（预填充分块与解码）</translation>
    </message>
</context>
<context>
    <name>lorascope::TraceActions</name>
    <message>
        <location filename="../../ui/window/traceactions.cpp" line="31" />
        <source>Imported %1</source>
        <translation>已导入 %1</translation>
    </message>
    <message>
        <location filename="../../ui/window/traceactions.cpp" line="36" />
        <location filename="../../ui/window/traceactions.cpp" line="46" />
        <location filename="../../ui/window/traceactions.cpp" line="50" />
        <source>Import Trace</source>
        <translation>导入轨迹</translation>
    </message>
    <message>
        <location filename="../../ui/window/traceactions.cpp" line="45" />
        <source>&amp;Import Trace…</source>
        <translation>导入轨迹(&amp;I)…</translation>
    </message>
    <message>
        <location filename="../../ui/window/traceactions.cpp" line="52" />
        <source>&amp;Fit Workload from Trace…</source>
        <translation>从轨迹拟合工作负载(&amp;F)…</translation>
    </message>
    <message>
        <location filename="../../ui/window/traceactions.cpp" line="53" />
        <location filename="../../ui/window/traceactions.cpp" line="57" />
        <source>Fit Workload from Trace</source>
        <translation>从轨迹拟合工作负载</translation>
    </message>
    <message>
        <location filename="../../ui/window/traceactions.cpp" line="59" />
        <source>&amp;Export Trace…</source>
        <translation>导出轨迹(&amp;E)…</translation>
    </message>
    <message>
        <location filename="../../ui/window/traceactions.cpp" line="62" />
        <location filename="../../ui/window/traceactions.cpp" line="67" />
        <location filename="../../ui/window/traceactions.cpp" line="70" />
        <source>Export Trace</source>
        <translation>导出轨迹</translation>
    </message>
    <message>
        <location filename="../../ui/window/traceactions.cpp" line="78" />
        <source>%1: no such readable file</source>
        <translation>%1：文件不存在或不可读</translation>
    </message>
    <message>
        <location filename="../../ui/window/traceactions.cpp" line="80" />
        <source>Importing %1…</source>
        <translation>正在导入 %1…</translation>
    </message>
    <message>
        <location filename="../../ui/window/traceactions.cpp" line="100" />
        <source>Fit from %1</source>
        <translation>从 %1 拟合</translation>
    </message>
    <message>
        <location filename="../../ui/window/traceactions.cpp" line="101" />
        <source>Fitted the workload model to %1</source>
        <translation>已按 %1 拟合工作负载模型</translation>
    </message>
    <message>
        <location filename="../../ui/window/traceactions.cpp" line="110" />
        <source>There is no trace yet.</source>
        <translation>尚无轨迹。</translation>
    </message>
    <message>
        <location filename="../../ui/window/traceactions.cpp" line="116" />
        <source>Exported %1 requests to %2</source>
        <translation>已导出 %1 个请求到 %2</translation>
    </message>
</context>
<context>
    <name>lorascope::TraceFileDialog</name>
    <message>
        <location filename="../../ui/widgets/tracefiledialog.cpp" line="30" />
        <source>All trace files (%1)</source>
        <translation>所有轨迹文件 (%1)</translation>
    </message>
    <message>
        <location filename="../../ui/widgets/tracefiledialog.cpp" line="31" />
        <source>All files (*)</source>
        <translation>所有文件 (*)</translation>
    </message>
    <message>
        <location filename="../../ui/widgets/tracefiledialog.cpp" line="32" />
        <source>%1 has no known trace extension. Read it as:</source>
        <translation>%1 没有已知的轨迹扩展名。按以下格式读取：</translation>
    </message>
</context>
<context>
    <name>lorascope::WorkloadTab</name>
    <message>
        <location filename="../../ui/workload/workloadtab.cpp" line="36" />
        <source>log–log</source>
        <translation>双对数</translation>
    </message>
    <message>
        <location filename="../../ui/workload/workloadtab.cpp" line="72" />
        <source>Back to the generator</source>
        <translation>返回生成器</translation>
    </message>
    <message>
        <location filename="../../ui/workload/workloadtab.cpp" line="99" />
        <source>Show the popularity chart on log–log axes (power laws become straight lines).</source>
        <translation>以双对数坐标显示热度图（幂律变为直线）。</translation>
    </message>
    <message>
        <location filename="../../ui/workload/workloadtab.cpp" line="183" />
        <source>Showing the imported trace &lt;b&gt;%1&lt;/b&gt; (%2 requests). Theory curves need a model, so only the data is drawn.</source>
        <translation>正在显示导入的轨迹 &lt;b&gt;%1&lt;/b&gt;（%2 个请求）。理论曲线需要模型，因此只绘制数据。</translation>
    </message>
    <message>
        <location filename="../../ui/workload/workloadtab.cpp" line="225" />
        <source>The charts show the last workload generated (%1 requests).</source>
        <translation>图表显示的是最近生成的工作负载（%1 个请求）。</translation>
    </message>
    <message>
        <location filename="../../ui/workload/workloadtab.cpp" line="227" />
        <location filename="../../ui/workload/workloadtab.cpp" line="234" />
        <location filename="../../ui/workload/workloadtab.cpp" line="242" />
        <source>%1 %2</source>
        <comment>two sentences</comment>
        <translation>%1%2</translation>
    </message>
    <message>
        <location filename="../../ui/workload/workloadtab.cpp" line="228" />
        <source>&lt;b&gt;Out of date&lt;/b&gt;: the parameters have problems (listed under them), so no new trace was generated.</source>
        <translation>&lt;b&gt;已过期&lt;/b&gt;：参数有问题（列在参数下方），因此未生成新轨迹。</translation>
    </message>
    <message>
        <location filename="../../ui/workload/workloadtab.cpp" line="234" />
        <source>&lt;b&gt;Out of date&lt;/b&gt;: the generation was stopped.</source>
        <translation>&lt;b&gt;已过期&lt;/b&gt;：生成已停止。</translation>
    </message>
    <message>
        <location filename="../../ui/workload/workloadtab.cpp" line="235" />
        <source>Generate now</source>
        <translation>立即生成</translation>
    </message>
    <message>
        <location filename="../../ui/workload/workloadtab.cpp" line="242" />
        <source>&lt;b&gt;Out of date&lt;/b&gt;: generating the changed workload…</source>
        <translation>&lt;b&gt;已过期&lt;/b&gt;：正在生成更改后的工作负载…</translation>
    </message>
    <message>
        <location filename="../../ui/workload/workloadtab.cpp" line="243" />
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <location filename="../../ui/workload/workloadtab.cpp" line="256" />
        <source>Generating…</source>
        <translation>正在生成…</translation>
    </message>
    <message>
        <location filename="../../ui/workload/workloadtab.cpp" line="260" />
        <source>n/a</source>
        <translation>无</translation>
    </message>
    <message>
        <location filename="../../ui/workload/workloadtab.cpp" line="261" />
        <source>%1 requests · achieved %2 req/s · gap cv %3 · fitted α %4 · over limits %5 (input &gt; %6: %7, total &gt; %8: %9)</source>
        <translation>%1 个请求 · 实际 %2 req/s · 间隔 cv %3 · 拟合 α %4 · 超出限制 %5（输入 &gt; %6：%7，总长 &gt; %8：%9）</translation>
    </message>
</context>
</TS>