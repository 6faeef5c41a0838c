// SPDX-License-Identifier: Apache-2.0
// What each event does to the families of the server serve-sim speaks for (metricfamilies.cpp).
// When a quantity is counted follows the server: vLLM counts a request's prompt tokens when its
// prefill completes and observes its queue time when it finishes (IterationStats), SGLang counts
// prompt tokens when the request finishes (TokenizerMetricsCollector) and observes the queue time
// when it is scheduled.

#include "server/servermetrics.h"

#include "server/metricset.h"

#include <prometheus/text_serializer.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <vector>

namespace lorascope {

namespace {

double unixNow()
{
    return std::chrono::duration<double>(std::chrono::system_clock::now().time_since_epoch()).count();
}

void observe(prometheus::Histogram* h, double v)
{
    if (h && std::isfinite(v))
        h->Observe(std::max(0.0, v));
}

void add(prometheus::Counter* c, double v)
{
    if (c && v > 0)
        c->Increment(v);
}

void set(prometheus::Gauge* g, double v)
{
    if (g)
        g->Set(v);
}

} // namespace

ServerMetrics::ServerMetrics(const MetricsSetup& setup)
    : m_setup(setup)
    , m_registry(std::make_shared<prometheus::Registry>())
    , m_m(buildMetricSet(*m_registry, setup))
{
}

ServerMetrics::~ServerMetrics() = default;

void ServerMetrics::setScheduler(const EngineGauges& g)
{
    const double usage = g.kvCapacity > 0 ? std::clamp(double(g.kvUsed) / double(g.kvCapacity), 0.0, 1.0) : 0.0;
    set(m_m->running, double(g.running));
    set(m_m->waiting, double(g.waiting));
    set(m_m->kvUsage, usage);
    set(m_m->gpuCacheUsage, usage);
    set(m_m->usedTokens, double(g.kvUsed));
    set(m_m->kvUsedTokens, double(g.kvUsed));
    set(m_m->kvCapacityTokens, double(g.kvCapacity));
    set(m_m->resident, double(g.residentAdapters));
    if (m_m->loraSlotsUsed) {
        m_m->loraSlotsUsed->Set(double(g.residentAdapters));
        set(m_m->loraSlotsUtilization,
            m_setup.loraSlots > 0 ? double(g.residentAdapters) / double(m_setup.loraSlots) : 0.0);
    }
}

void ServerMetrics::addRunning(std::int64_t delta)
{
    if (m_m->running)
        m_m->running->Increment(double(delta));
}

void ServerMetrics::requestScheduled(double queueSeconds)
{
    if (!m_m->queueAtFinish)
        observe(m_m->queue, queueSeconds);
}

void ServerMetrics::firstToken(double ttftSeconds, std::uint32_t promptTokens)
{
    observe(m_m->ttft, ttftSeconds);
    if (!m_m->promptTokensAtFinish)
        add(m_m->promptTokens, double(promptTokens));
}

void ServerMetrics::addGenerationTokens(std::uint64_t n)
{
    add(m_m->generationTokens, double(n));
}

void ServerMetrics::observeInterTokenLatencies(const double* seconds, std::size_t n)
{
    if (!m_m->itl || n == 0)
        return;
    // One update for the lot (a pass gives a token to every running request).
    const auto& bounds = m_m->itlBounds;
    std::vector<double> increments(bounds.size() + 1, 0.0);
    double sum = 0;
    for (std::size_t i = 0; i < n; ++i) {
        const double v = std::max(0.0, seconds[i]);
        if (!std::isfinite(v))
            continue;
        const auto at = std::size_t(std::lower_bound(bounds.begin(), bounds.end(), v) - bounds.begin());
        increments[at] += 1;
        sum += v;
    }
    m_m->itl->ObserveMultiple(increments, sum);
}

void ServerMetrics::addPreemptions(std::uint64_t n, std::uint64_t inputTokens, std::uint64_t outputTokens)
{
    add(m_m->preemptions, double(n));
    add(m_m->retractedInputTokens, double(inputTokens));
    add(m_m->retractedOutputTokens, double(outputTokens));
    set(m_m->retractedNow, double(n));
}

void ServerMetrics::addAdapterLoads(std::uint64_t n)
{
    add(m_m->loads, double(n));
}

void ServerMetrics::addAdapterUnloads(std::uint64_t n)
{
    add(m_m->unloads, double(n));
}

void ServerMetrics::observeIteration(std::uint64_t tokens)
{
    if (m_m->iteration)
        m_m->iteration->Observe(double(tokens));
}

void ServerMetrics::requestFinished(const RequestEnd& e)
{
    const MetricSet& m = *m_m;
    switch (e.reason) {
    case FinishReason::Stop:
        add(m.successStop, 1);
        break;
    case FinishReason::Length:
        add(m.successLength, 1);
        break;
    case FinishReason::Abort:
        add(m.successAbort, 1);
        add(m.aborted, 1);
        break;
    }
    add(m.requests, 1);
    if (m.promptTokensAtFinish)
        add(m.promptTokens, double(e.promptTokens));
    add(m.cachedTokens, double(e.cachedTokens)); // sglang:cached_tokens_total, as its tokenizer counts them
    observe(m.e2e, e.e2e);
    if (e.reason == FinishReason::Abort)
        return; // vLLM records a request's phases when it finishes; an abort leaves them out
    if (m.queueAtFinish)
        observe(m.queue, e.queue);
    observe(m.prefill, e.prefill);
    observe(m.decode, e.decode);
    observe(m.inference, e.inference);
    if (m.tpot && e.generatedTokens > 1)
        observe(m.tpot, e.decode / double(e.generatedTokens - 1));
    else if (m.tpot)
        observe(m.tpot, 0.0);
    if (m.requestPromptTokens)
        m.requestPromptTokens->Observe(double(e.promptTokens));
    if (m.requestGenerationTokens)
        m.requestGenerationTokens->Observe(double(e.generatedTokens));
    if (m.requestMaxTokens && e.maxTokens > 0)
        m.requestMaxTokens->Observe(double(e.maxTokens));
    if (m.requestMaxGenerationTokens && e.maxTokens > 0)
        m.requestMaxGenerationTokens->Observe(double(e.maxTokens));
}

void ServerMetrics::requestRejected(const std::string& reason)
{
    // A handful of fixed reasons (never client text), so the label set stays small.
    m_m->rejected->Add({ { "reason", reason } }).Increment();
}

void ServerMetrics::prefixCacheLookups(std::uint64_t queriedTokens, std::uint64_t hitTokens)
{
    add(m_m->prefixQueries, double(queriedTokens));
    add(m_m->prefixHits, double(hitTokens));
    if (queriedTokens > 0)
        set(m_m->cacheHitRate, double(hitTokens) / double(queriedTokens));
}

void ServerMetrics::adapterRequests(const std::string& adapter, std::int64_t runningDelta, std::int64_t waitingDelta)
{
    if (adapter.empty() || (runningDelta == 0 && waitingDelta == 0))
        return;
    std::lock_guard lock(m_adapterMutex);
    auto [it, inserted] = m_adapters.try_emplace(adapter);
    if (inserted)
        it->second.since = ++m_adapterClock;
    it->second.running += runningDelta;
    it->second.waiting += waitingDelta;
    // Only adapters with requests are kept (as vLLM's LoRARequestStates drops an empty one): memory follows the live
    // set, and an adapter that comes back is appended at the end of the lists.
    if (it->second.running <= 0 && it->second.waiting <= 0)
        m_adapters.erase(it);
}

void ServerMetrics::refreshLoraInfo()
{
    if (!m_m->loraInfo)
        return;
    std::lock_guard lock(m_adapterMutex);
    std::vector<std::pair<std::uint64_t, const std::pair<const std::string, AdapterCount>*>> order;
    order.reserve(m_adapters.size());
    for (const auto& entry : m_adapters)
        order.emplace_back(entry.second.since, &entry);
    std::sort(order.begin(), order.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
    // Comma-joined names in the order they got their entry, capped in count and bytes.
    auto join = [&](bool (*wanted)(const AdapterCount&), std::size_t& omitted) {
        std::string out;
        std::size_t listed = 0;
        omitted = 0;
        for (const auto& [since, entry] : order) {
            if (!wanted(entry->second))
                continue;
            const std::string& name = entry->first;
            if (listed >= kMaxInfoAdapters || out.size() + name.size() + 1 > kMaxInfoLabelBytes) {
                ++omitted;
                continue;
            }
            if (!out.empty())
                out += ',';
            out += name;
            ++listed;
        }
        return out;
    };
    std::size_t omittedRunning = 0, omittedWaiting = 0;
    std::string running, waiting;
    if (m_setup.loraInfoSplit) {
        running = join([](const AdapterCount& c) { return c.running > 0; }, omittedRunning);
        waiting = join([](const AdapterCount& c) { return c.waiting > 0; }, omittedWaiting);
    } else {
        running = join([](const AdapterCount&) { return true; }, omittedRunning);
        waiting = running;
        omittedWaiting = omittedRunning;
    }
    m_m->omittedRunning->Set(double(omittedRunning));
    m_m->omittedWaiting->Set(double(omittedWaiting));
    // One series at a time: vLLM's prometheus_client keeps every label combination it ever set, which grows without
    // bound as adapters come and go; the stale one is removed here (readers take the largest value, the latest).
    if (!m_loraInfo || running != m_infoRunning || waiting != m_infoWaiting) {
        if (m_loraInfo)
            m_m->loraInfo->Remove(m_loraInfo);
        m_loraInfo = &m_m->loraInfo->Add({ { "max_lora", std::to_string(m_setup.maxLora) },
            { "running_lora_adapters", running }, { "waiting_lora_adapters", waiting } });
        m_infoRunning = std::move(running);
        m_infoWaiting = std::move(waiting);
    }
    m_loraInfo->Set(unixNow()); // as vLLM: set_to_current_time()
}

std::string ServerMetrics::exposition()
{
    refreshLoraInfo();
    return prometheus::TextSerializer().Serialize(m_registry->Collect());
}

} // namespace lorascope
