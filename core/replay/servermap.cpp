// SPDX-License-Identifier: Apache-2.0
#include "replay/servermap.h"

#include "api/metricnames.h"
#include "replay/metrics.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <unordered_map>

namespace lorascope {

namespace {

// One LoraScope quantity and the metric names that carry it, per serving system.
struct Name {
    const char* metric;
    const char* system;
};

const Name kRunning[] = { { metricname::kVllmRunning, "vllm" }, { metricname::kSglangRunning, "sglang" },
    { "tgi_batch_current_size", "tgi" }, { "lorax_batch_current_size", "lorax" } };
const Name kWaiting[] = { { metricname::kVllmWaiting, "vllm" }, { metricname::kSglangQueue, "sglang" },
    { "tgi_queue_size", "tgi" }, { "lorax_queue_size", "lorax" } };
const Name kKvUsage[] = { { metricname::kVllmKvUsage, "vllm" }, { metricname::kVllmGpuCacheUsage, "vllm" },
    { metricname::kSglangTokenUsage, "sglang" } };
// serve-sim's own extras are named without colons (colons are for recording rules); the colon
// spellings are those of serve-sim before 0.1 and are still read.
const Name kKvUsedTokens[] = { { metricname::kKvUsedTokens, "" }, { "lorascope:kv_cache_used_tokens", "vllm" },
    { metricname::kSglangUsedTokens, "sglang" } };
const Name kPromptTokens[] = { { metricname::kVllmPromptTokens, "vllm" }, { "vllm:prompt_tokens", "vllm" },
    { metricname::kSglangPromptTokens, "sglang" }, { "tgi_request_input_length_sum", "tgi" },
    { "lorax_request_input_length_sum", "lorax" } };
const Name kGenerationTokens[] = { { metricname::kVllmGenerationTokens, "vllm" }, { "vllm:generation_tokens", "vllm" },
    { metricname::kSglangGenerationTokens, "sglang" }, { "tgi_request_generated_tokens_sum", "tgi" },
    { "lorax_request_generated_tokens_sum", "lorax" } };
const Name kFinished[] = { { metricname::kVllmRequestSuccess, "vllm" }, { "vllm:request_success", "vllm" },
    { metricname::kSglangRequests, "sglang" }, { "tgi_request_success", "tgi" }, { "lorax_request_success", "lorax" } };
const Name kPreemptions[] = { { metricname::kVllmPreemptions, "vllm" }, { "vllm:num_preemptions", "vllm" },
    { metricname::kSglangRetracted, "sglang" } };
const Name kPrefixQueries[] = { { metricname::kVllmPrefixCacheQueries, "vllm" } };
const Name kPrefixHits[]
    = { { metricname::kVllmPrefixCacheHits, "vllm" }, { metricname::kSglangCachedTokens, "sglang" } };
const Name kLoads[] = { { metricname::kAdapterLoads, "" }, { "lorascope:lora_adapter_loads_total", "" },
    { "lorascope:lora_adapter_loads", "" } };
const Name kUnloads[] = { { metricname::kAdapterUnloads, "" }, { "lorascope:lora_adapter_unloads_total", "" },
    { "lorascope:lora_adapter_unloads", "" } };
const Name kResident[] = { { metricname::kAdaptersResident, "" }, { "lorascope:lora_adapters_resident", "" },
    { metricname::kSglangLoraSlotsUsed, "sglang" } };
const Name kLoraSlots[] = { { metricname::kSglangLoraSlotsTotal, "sglang" } };
const Name kTtft[] = { { metricname::kVllmTtft, "vllm" }, { metricname::kSglangTtft, "sglang" } };
const Name kE2e[] = { { metricname::kVllmE2e, "vllm" }, { metricname::kSglangE2e, "sglang" },
    { "tgi_request_duration", "tgi" }, { "lorax_request_duration", "lorax" } };
const Name kQueue[] = { { metricname::kVllmQueueTime, "vllm" }, { metricname::kSglangQueueTime, "sglang" },
    { "tgi_request_queue_duration", "tgi" }, { "lorax_request_queue_duration", "lorax" } };

class Index {
public:
    explicit Index(const PromText& t)
        : m_t(t)
    {
        for (std::size_t i = 0; i < t.samples.size(); ++i)
            m_byName[t.samples[i].name].push_back(i);
    }
    const std::vector<std::size_t>* find(const std::string& name) const
    {
        const auto it = m_byName.find(name);
        return it == m_byName.end() ? nullptr : &it->second;
    }
    // Sum (or mean) of every series of the first name present; notes the system it belongs to.
    template <std::size_t N>
    double value(const Name (&names)[N], std::string& system, bool mean = false) const
    {
        for (const auto& n : names) {
            const auto* v = find(n.metric);
            if (!v)
                continue;
            double sum = 0;
            std::size_t count = 0;
            for (auto i : *v)
                if (std::isfinite(m_t.samples[i].value)) {
                    sum += m_t.samples[i].value;
                    ++count;
                }
            if (system.empty() && *n.system)
                system = n.system;
            if (!count)
                return ServerSample::kNone;
            return mean ? sum / double(count) : sum;
        }
        return ServerSample::kNone;
    }
    // A histogram family summed over its label sets (other than le).
    template <std::size_t N>
    ServerHistogram histogram(const Name (&names)[N]) const
    {
        for (const auto& n : names) {
            const auto* v = find(std::string(n.metric) + "_bucket");
            if (!v)
                continue;
            std::map<double, double> byLe;
            for (auto i : *v) {
                const auto* le = m_t.samples[i].label("le");
                if (!le)
                    continue;
                char* end = nullptr;
                const double bound = *le == "+Inf" ? INFINITY : std::strtod(le->c_str(), &end);
                // A server's label: "abc" is no bound (strtod gives 0), and NaN as a map key breaks its ordering.
                if (std::isnan(bound) || (*le != "+Inf" && (le->empty() || !end || *end != '\0')))
                    continue;
                byLe[bound] += m_t.samples[i].value;
            }
            ServerHistogram h;
            for (const auto& [le, c] : byLe) {
                h.le.push_back(le);
                h.counts.push_back(c);
            }
            return h;
        }
        return {};
    }

private:
    const PromText& m_t;
    std::unordered_map<std::string, std::vector<std::size_t>> m_byName;
};

void splitList(const std::string& text, std::vector<std::string>& out, std::size_t& count)
{
    std::size_t start = 0;
    while (start <= text.size()) {
        auto comma = text.find(',', start);
        if (comma == std::string::npos)
            comma = text.size();
        std::string item = text.substr(start, comma - start);
        while (!item.empty() && item.front() == ' ')
            item.erase(item.begin());
        while (!item.empty() && item.back() == ' ')
            item.pop_back();
        if (!item.empty()) {
            ++count;
            if (out.size() < kMaxSampleAdapters)
                out.push_back(std::move(item));
        }
        start = comma + 1;
    }
}

nlohmann::json num(double v)
{
    return std::isfinite(v) ? nlohmann::json(v) : nlohmann::json(nullptr);
}
double numOr(const nlohmann::json& j, const char* k)
{
    const auto it = j.find(k);
    return it != j.end() && it->is_number() ? it->get<double>() : ServerSample::kNone;
}

nlohmann::json histToJson(const ServerHistogram& h)
{
    if (h.empty())
        return nullptr;
    nlohmann::json le = nlohmann::json::array();
    for (double b : h.le)
        le.push_back(std::isinf(b) ? nlohmann::json("+Inf") : nlohmann::json(b));
    return { { "le", le }, { "counts", h.counts } };
}
ServerHistogram histFromJson(const nlohmann::json& j)
{
    ServerHistogram h;
    if (!j.is_object() || !j.contains("le") || !j.contains("counts") || !j["le"].is_array() || !j["counts"].is_array())
        return h;
    for (const auto& b : j["le"])
        h.le.push_back(b.is_string() ? INFINITY : b.is_number() ? b.get<double>() : NAN);
    for (const auto& c : j["counts"])
        h.counts.push_back(c.is_number() ? c.get<double>() : NAN);
    if (h.le.size() != h.counts.size())
        return {};
    return h;
}

} // namespace

ServerSample mapServerMetrics(const PromText& text)
{
    ServerSample s;
    const Index idx(text);
    std::string sys;
    s.running = idx.value(kRunning, sys);
    s.waiting = idx.value(kWaiting, sys);
    s.kvUsage = idx.value(kKvUsage, sys, true);
    s.kvUsedTokens = idx.value(kKvUsedTokens, sys);
    s.promptTokensTotal = idx.value(kPromptTokens, sys);
    s.generationTokensTotal = idx.value(kGenerationTokens, sys);
    s.requestsFinishedTotal = idx.value(kFinished, sys);
    s.preemptionsTotal = idx.value(kPreemptions, sys);
    s.prefixQueriesTotal = idx.value(kPrefixQueries, sys);
    s.prefixHitsTotal = idx.value(kPrefixHits, sys);
    s.adapterLoadsTotal = idx.value(kLoads, sys);
    s.adapterUnloadsTotal = idx.value(kUnloads, sys);
    s.adaptersResident = idx.value(kResident, sys);
    s.ttft = idx.histogram(kTtft);
    s.e2e = idx.histogram(kE2e);
    s.queueTime = idx.histogram(kQueue);
    // vLLM's LoRA info gauge: one series per label set ever used, its value the time of that
    // update; the latest is the largest.
    if (const auto* v = idx.find(metricname::kVllmLoraInfo)) {
        const PromSample* latest = nullptr;
        for (auto i : *v)
            if (!latest || text.samples[i].value > latest->value)
                latest = &text.samples[i];
        if (latest) {
            if (sys.empty())
                sys = "vllm";
            s.adapterListsKnown = true;
            if (const auto* r = latest->label("running_lora_adapters"))
                splitList(*r, s.runningAdapters, s.runningAdapterCount);
            if (const auto* w = latest->label("waiting_lora_adapters"))
                splitList(*w, s.waitingAdapters, s.waitingAdapterCount);
            if (const auto* m = latest->label("max_lora")) {
                char* end = nullptr;
                const double x = std::strtod(m->c_str(), &end);
                if (end && *end == '\0' && !m->empty())
                    s.maxLora = x;
            }
        }
    }
    if (std::isnan(s.maxLora)) // SGLang: its LoRA slots per batch
        s.maxLora = idx.value(kLoraSlots, sys);
    s.system = sys;
    return s;
}

nlohmann::json serverSampleToJson(const ServerSample& s)
{
    nlohmann::json j;
    j["system"] = s.system;
    j["running"] = num(s.running);
    j["waiting"] = num(s.waiting);
    j["kv_usage"] = num(s.kvUsage);
    j["kv_used_tokens"] = num(s.kvUsedTokens);
    j["adapters_resident"] = num(s.adaptersResident);
    j["max_lora"] = num(s.maxLora);
    j["prompt_tokens_total"] = num(s.promptTokensTotal);
    j["generation_tokens_total"] = num(s.generationTokensTotal);
    j["requests_finished_total"] = num(s.requestsFinishedTotal);
    j["preemptions_total"] = num(s.preemptionsTotal);
    j["prefix_cache_queries_total"] = num(s.prefixQueriesTotal);
    j["prefix_cache_hits_total"] = num(s.prefixHitsTotal);
    j["adapter_loads_total"] = num(s.adapterLoadsTotal);
    j["adapter_unloads_total"] = num(s.adapterUnloadsTotal);
    if (s.adapterListsKnown) {
        j["running_adapters"] = s.runningAdapters;
        j["waiting_adapters"] = s.waitingAdapters;
        j["running_adapter_count"] = s.runningAdapterCount;
        j["waiting_adapter_count"] = s.waitingAdapterCount;
    }
    j["ttft_seconds"] = histToJson(s.ttft);
    j["e2e_seconds"] = histToJson(s.e2e);
    j["queue_seconds"] = histToJson(s.queueTime);
    return j;
}

ServerSample serverSampleFromJson(const nlohmann::json& j)
{
    ServerSample s;
    if (!j.is_object())
        return s;
    s.system = j.value("system", std::string());
    s.running = numOr(j, "running");
    s.waiting = numOr(j, "waiting");
    s.kvUsage = numOr(j, "kv_usage");
    s.kvUsedTokens = numOr(j, "kv_used_tokens");
    s.adaptersResident = numOr(j, "adapters_resident");
    s.maxLora = numOr(j, "max_lora");
    s.promptTokensTotal = numOr(j, "prompt_tokens_total");
    s.generationTokensTotal = numOr(j, "generation_tokens_total");
    s.requestsFinishedTotal = numOr(j, "requests_finished_total");
    s.preemptionsTotal = numOr(j, "preemptions_total");
    s.prefixQueriesTotal = numOr(j, "prefix_cache_queries_total");
    s.prefixHitsTotal = numOr(j, "prefix_cache_hits_total");
    s.adapterLoadsTotal = numOr(j, "adapter_loads_total");
    s.adapterUnloadsTotal = numOr(j, "adapter_unloads_total");
    if (j.contains("running_adapters") && j["running_adapters"].is_array()) {
        s.adapterListsKnown = true;
        for (const auto& a : j["running_adapters"])
            if (a.is_string() && s.runningAdapters.size() < kMaxSampleAdapters)
                s.runningAdapters.push_back(a.get<std::string>());
        if (j.contains("waiting_adapters") && j["waiting_adapters"].is_array())
            for (const auto& a : j["waiting_adapters"])
                if (a.is_string() && s.waitingAdapters.size() < kMaxSampleAdapters)
                    s.waitingAdapters.push_back(a.get<std::string>());
        s.runningAdapterCount = j.value("running_adapter_count", s.runningAdapters.size());
        s.waitingAdapterCount = j.value("waiting_adapter_count", s.waitingAdapters.size());
    }
    s.ttft = histFromJson(j.value("ttft_seconds", nlohmann::json()));
    s.e2e = histFromJson(j.value("e2e_seconds", nlohmann::json()));
    s.queueTime = histFromJson(j.value("queue_seconds", nlohmann::json()));
    return s;
}

double histogramQuantile(double q, const ServerHistogram& a, const ServerHistogram& b)
{
    if (b.empty() || (!a.empty() && a.le != b.le) || !(q >= 0 && q <= 1))
        return NAN;
    std::vector<double> d(b.counts.size());
    for (std::size_t i = 0; i < d.size(); ++i)
        d[i] = b.counts[i] - (a.empty() ? 0.0 : a.counts[i]);
    const double total = d.back();
    if (!(total > 0))
        return NAN;
    const double rank = q * total;
    for (std::size_t i = 0; i < d.size(); ++i) {
        if (d[i] >= rank) {
            if (std::isinf(b.le[i]))
                return i > 0 ? b.le[i - 1] : NAN; // as histogram_quantile: the highest finite bound
            const double lo = i > 0 ? b.le[i - 1] : 0.0;
            const double below = i > 0 ? d[i - 1] : 0.0;
            const double inBucket = d[i] - below;
            return inBucket > 0 ? lo + (b.le[i] - lo) * (rank - below) / inBucket : b.le[i];
        }
    }
    return NAN;
}

nlohmann::json summarizeServerMetrics(const std::vector<ServerSample>& samples, std::size_t maxAdapters)
{
    nlohmann::json j;
    std::size_t ok = 0;
    std::map<std::string, std::uint64_t> failures;
    std::string system;
    std::vector<double> running, waiting, kv;
    double maxLora = NAN;
    std::size_t maxRunningAdapters = 0, maxResident = 0;
    bool anyLists = false, anyResident = false;
    std::map<std::string, std::uint64_t> runningIn; // adapter → scrapes it was running in
    std::uint64_t adaptersOverCap = 0;
    const ServerSample* first = nullptr;
    const ServerSample* last = nullptr;
    for (const auto& s : samples) {
        if (!s.ok) {
            ++failures[s.errorKind.empty() ? std::string("unknown") : s.errorKind];
            continue;
        }
        ++ok;
        if (!first)
            first = &s;
        last = &s;
        if (system.empty())
            system = s.system;
        if (std::isfinite(s.running))
            running.push_back(s.running);
        if (std::isfinite(s.waiting))
            waiting.push_back(s.waiting);
        if (std::isfinite(s.kvUsage))
            kv.push_back(s.kvUsage);
        if (std::isfinite(s.maxLora))
            maxLora = s.maxLora;
        if (std::isfinite(s.adaptersResident)) {
            anyResident = true;
            maxResident = std::max(maxResident, std::size_t(s.adaptersResident));
        }
        if (s.adapterListsKnown) {
            anyLists = true;
            maxRunningAdapters = std::max(maxRunningAdapters, s.runningAdapterCount);
            for (const auto& a : s.runningAdapters) {
                auto it = runningIn.find(a);
                if (it != runningIn.end())
                    ++it->second;
                else if (runningIn.size() < 10 * maxAdapters)
                    runningIn.emplace(a, 1);
                else
                    ++adaptersOverCap;
            }
        }
    }
    j["system"] = system.empty() ? nlohmann::json(nullptr) : nlohmann::json(system);
    j["scrapes"] = samples.size();
    j["scrapes_ok"] = ok;
    j["scrapes_failed"] = failures;
    const auto dist = [](const std::vector<double>& v) -> nlohmann::json {
        if (v.empty())
            return nullptr;
        const auto d = distributionOf(v);
        return { { "mean", d.mean }, { "median", d.median }, { "p90", d.p90 }, { "p99", d.p99 }, { "max", d.max } };
    };
    j["running"] = dist(running);
    j["waiting"] = dist(waiting);
    j["kv_usage"] = dist(kv);
    const auto delta = [&](double ServerSample::*field) -> nlohmann::json {
        if (!first || !std::isfinite(first->*field) || !std::isfinite(last->*field))
            return nullptr;
        return last->*field - first->*field;
    };
    j["during_run"] = { { "prompt_tokens", delta(&ServerSample::promptTokensTotal) },
        { "generation_tokens", delta(&ServerSample::generationTokensTotal) },
        { "requests_finished", delta(&ServerSample::requestsFinishedTotal) },
        { "preemptions", delta(&ServerSample::preemptionsTotal) },
        { "prefix_cache_queries", delta(&ServerSample::prefixQueriesTotal) },
        { "prefix_cache_hits", delta(&ServerSample::prefixHitsTotal) },
        { "adapter_loads", delta(&ServerSample::adapterLoadsTotal) },
        { "adapter_unloads", delta(&ServerSample::adapterUnloadsTotal) },
        { "seconds", first ? num(last->t - first->t) : nlohmann::json(nullptr) } };
    // The prefix cache's hit share over the run: hits / lookups (vLLM), else hits / prompt tokens
    // (SGLang counts the cached tokens of finished requests, and their prompt tokens, at the finish).
    {
        const auto& d = j["during_run"];
        const auto& of = d["prefix_cache_queries"].is_number() ? d["prefix_cache_queries"] : d["prompt_tokens"];
        const bool known = d["prefix_cache_hits"].is_number() && of.is_number() && of.get<double>() > 0;
        j["prefix_cache_hit_share"]
            = known ? nlohmann::json(d["prefix_cache_hits"].get<double>() / of.get<double>()) : nlohmann::json(nullptr);
    }
    nlohmann::json adapters;
    adapters["max_lora"] = num(maxLora);
    adapters["max_running_at_once"] = anyLists ? nlohmann::json(maxRunningAdapters) : nlohmann::json(nullptr);
    adapters["max_resident"] = anyResident ? nlohmann::json(maxResident) : nlohmann::json(nullptr);
    adapters["distinct_running"] = anyLists ? nlohmann::json(runningIn.size()) : nlohmann::json(nullptr);
    if (anyLists) {
        std::vector<std::pair<std::uint64_t, std::string>> busiest;
        for (const auto& [a, n] : runningIn)
            busiest.emplace_back(n, a);
        std::sort(busiest.begin(), busiest.end(),
            [](const auto& x, const auto& y) { return x.first != y.first ? x.first > y.first : x.second < y.second; });
        auto& per = adapters["running_share"] = nlohmann::json::object();
        for (std::size_t i = 0; i < busiest.size() && i < maxAdapters; ++i)
            per[busiest[i].second] = double(busiest[i].first) / double(ok);
        if (busiest.size() > maxAdapters || adaptersOverCap)
            adapters["running_share_note"] = "only the " + std::to_string(maxAdapters) + " busiest adapters are listed";
    }
    j["adapters"] = adapters;
    const auto latency = [&](ServerHistogram ServerSample::*h) -> nlohmann::json {
        if (!first || (last->*h).empty())
            return nullptr;
        // The increase over the run: requests that ended between the first and the last scrape.
        const auto& a = first->*h;
        const auto& b = last->*h;
        nlohmann::json out;
        for (const auto& [name, q] : { std::pair { "median", 0.5 }, { "p90", 0.9 }, { "p99", 0.99 } })
            out[name] = num(histogramQuantile(q, a, b) * 1e3);
        out["count"] = b.counts.back() - (a.empty() || a.le != b.le ? 0.0 : a.counts.back());
        return out;
    };
    j["server_ttft_ms"] = latency(&ServerSample::ttft);
    j["server_e2el_ms"] = latency(&ServerSample::e2e);
    j["server_queue_ms"] = latency(&ServerSample::queueTime);
    return j;
}

} // namespace lorascope
