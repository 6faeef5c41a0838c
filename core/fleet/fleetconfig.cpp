// SPDX-License-Identifier: Apache-2.0
// Router names, the fleet file (read with field paths in every error) and its one JSON form.

#include "fleet/fleetconfig.h"

#include "util/jsonread.h"

#include <nlohmann/json.hpp>

#include <cmath>
#include <filesystem>
#include <unordered_map>

namespace lorascope {

namespace {

/// The one table of routers: kind, name, reads scraped metrics.
struct RouterRow {
    RouterKind kind;
    const char* name;
    bool metrics;
};
const RouterRow kRouters[] = {
    { RouterKind::RoundRobin, "round-robin", false },
    { RouterKind::Random, "random", false },
    { RouterKind::LeastOutstanding, "least-outstanding", false },
    { RouterKind::LeastKv, "least-kv", true },
    { RouterKind::SessionAffinity, "session-affinity", false },
    { RouterKind::PrefixAware, "prefix-aware", true },
    { RouterKind::GieLoraFilter, "gie-lora-filter", true },
    { RouterKind::GieLoraScorer, "gie-lora-scorer", true },
    { RouterKind::AibrixLora, "aibrix-lora", false },
    { RouterKind::Hrw, "hrw", false },
};

constexpr int kMaxReplicas = 4096;
constexpr std::int64_t kMaxInt = 2147483647;

// An integer member that must lie in [lo, hi] (and so fits an int: a larger value never wraps into
// a small one), read with an error naming the field.
int rangedInt(JsonObjectReader& o, const char* key, int fallback, std::int64_t lo, std::int64_t hi)
{
    const std::int64_t v = o.integer(key, fallback);
    if (v < lo || v > hi)
        o.fail(o.pathOf(key),
            "must be an integer from " + std::to_string(lo) + " to " + std::to_string(hi) + " (got " + std::to_string(v)
                + ")");
    return static_cast<int>(v);
}

} // namespace

std::string routerName(RouterKind kind)
{
    for (const RouterRow& r : kRouters)
        if (r.kind == kind)
            return r.name;
    return "round-robin";
}

std::optional<RouterKind> routerFromName(const std::string& name)
{
    for (const RouterRow& r : kRouters)
        if (name == r.name)
            return r.kind;
    return std::nullopt;
}

std::string routerNames()
{
    std::string out;
    for (const RouterRow& r : kRouters)
        out += (out.empty() ? "" : ", ") + std::string(r.name);
    return out;
}

const std::vector<RouterKind>& allRouters()
{
    static const std::vector<RouterKind> all = [] {
        std::vector<RouterKind> v;
        for (const RouterRow& r : kRouters)
            v.push_back(r.kind);
        return v;
    }();
    return all;
}

bool routerReadsMetrics(RouterKind kind)
{
    for (const RouterRow& r : kRouters)
        if (r.kind == kind)
            return r.metrics;
    return false;
}

bool routerReadsLoraInfo(RouterKind kind)
{
    return kind == RouterKind::GieLoraFilter || kind == RouterKind::GieLoraScorer;
}

int FleetConfig::replicaCount() const
{
    long long n = 0;
    for (const ReplicaGroup& g : groups)
        n += g.count;
    return static_cast<int>(std::min<long long>(n, 1 << 30));
}

int FleetConfig::gpuCount() const
{
    long long n = 0;
    for (const ReplicaGroup& g : groups)
        n += static_cast<long long>(g.count) * g.gpusPerReplica;
    return static_cast<int>(std::min<long long>(n, 1 << 30));
}

FleetConfig uniformFleet(int replicas, const SchedulerConfig& server, const std::string& costModel, RouterKind router)
{
    FleetConfig f;
    ReplicaGroup g;
    g.count = replicas;
    g.server = server;
    g.costModel = costModel;
    f.groups.push_back(g);
    f.router.kind = router;
    return f;
}

std::string fleetConfigError(const FleetConfig& c)
{
    const int n = c.replicaCount();
    if (n < 1)
        return "replicas: a fleet needs at least one replica (got " + std::to_string(n) + ")";
    if (n > kMaxReplicas)
        return "replicas: at most " + std::to_string(kMaxReplicas) + " replicas (got " + std::to_string(n) + ")";
    for (std::size_t i = 0; i < c.groups.size(); ++i) {
        const ReplicaGroup& g = c.groups[i];
        const std::string at = c.groups.size() == 1 ? std::string() : "replicas[" + std::to_string(i) + "].";
        if (g.count < 0)
            return at + "count: must be >= 0 (got " + std::to_string(g.count) + ")";
        if (g.gpusPerReplica < 1 || g.gpusPerReplica > 1024)
            return at + "gpus_per_replica: must be from 1 to 1024 (got " + std::to_string(g.gpusPerReplica) + ")";
        if (const std::string e = schedulerConfigError(g.server); !e.empty())
            return at + "server: " + policyName(g.server.policy) + " server: " + e;
    }
    const RouterConfig& r = c.router;
    if (r.queueingThresholdLora < 0)
        return "router.queueing_threshold_lora: must be >= 0";
    if (!(r.loraAffinityThreshold >= 0 && r.loraAffinityThreshold <= 1))
        return "router.lora_affinity_threshold: must be from 0 to 1";
    if (r.queueThresholdCritical < 0)
        return "router.queue_threshold_critical: must be >= 0";
    if (!(r.kvCacheThreshold >= 0 && r.kvCacheThreshold <= 1))
        return "router.kv_cache_threshold: must be from 0 to 1";
    for (double w : { r.loraWeight, r.queueWeight, r.kvWeight, r.prefixWeight, r.prefixQueueWeight, r.prefixKvWeight })
        if (!(w >= 0) || !std::isfinite(w))
            return "router.weights: every weight must be a finite number >= 0";
    if (r.prefixBlockTokens < 1 || r.prefixMaxBlocks < 1 || r.prefixLruBlocks < 1)
        return "router.prefix: block_tokens, max_blocks and lru_blocks_per_replica must be >= 1";
    if (r.hrwReplicas < 1)
        return "router.replicas_per_adapter: must be >= 1 (got " + std::to_string(r.hrwReplicas) + ")";
    // The bounds of --staleness (cli/options.cpp), the same in a file as on the command line.
    if (!(c.stalenessMs >= 0 && c.stalenessMs <= 1e9))
        return "metrics_staleness_ms: must be from 0 to 1e9 ms (as --staleness)";
    if (!(c.stalenessTicks >= 0 && c.stalenessTicks <= 1e9) || c.stalenessTicks != std::floor(c.stalenessTicks))
        return "metrics_staleness_ticks: must be a whole number of ticks from 0 to 1e9 (as --staleness with --clock "
               "steps)";
    const PlacementConfig& p = c.placement;
    if (p.kind == PlacementConfig::Kind::Static && (p.replicasPerAdapter < 1 || p.replicasPerAdapter > n))
        return "placement.replicas_per_adapter: must be from 1 to the number of replicas, " + std::to_string(n)
            + " (got " + std::to_string(p.replicasPerAdapter) + ")";
    for (const auto& [name, replicas] : p.pinned) {
        if (replicas.empty())
            return "placement.pinned." + textExcerpt(name) + ": needs at least one replica";
        for (int rep : replicas)
            if (rep < 0 || rep >= n)
                return "placement.pinned." + textExcerpt(name) + ": replica " + std::to_string(rep)
                    + " does not exist (replicas are 0 to " + std::to_string(n - 1) + ")";
    }
    return {};
}

std::string routerSettingsError(const RouterConfig& r)
{
    const RouterConfig d;
    const std::string name = routerName(r.kind);
    auto unread = [&](const char* field, const char* owner) {
        return "router." + std::string(field) + " is " + owner + "'s setting; router " + name + " does not read it";
    };
    if (r.kind != RouterKind::GieLoraFilter) {
        if (r.queueingThresholdLora != d.queueingThresholdLora)
            return unread("queueing_threshold_lora", "gie-lora-filter");
        if (r.loraAffinityThreshold != d.loraAffinityThreshold)
            return unread("lora_affinity_threshold", "gie-lora-filter");
        if (r.sheddable != d.sheddable)
            return unread("sheddable", "gie-lora-filter");
        if (r.queueThresholdCritical != d.queueThresholdCritical)
            return unread("queue_threshold_critical", "gie-lora-filter");
        if (r.kvCacheThreshold != d.kvCacheThreshold)
            return unread("kv_cache_threshold", "gie-lora-filter");
    }
    if (r.kind != RouterKind::GieLoraScorer
        && (r.loraWeight != d.loraWeight || r.queueWeight != d.queueWeight || r.kvWeight != d.kvWeight))
        return unread("weights", "gie-lora-scorer");
    if (r.kind != RouterKind::PrefixAware
        && (r.prefixWeight != d.prefixWeight || r.prefixQueueWeight != d.prefixQueueWeight
            || r.prefixKvWeight != d.prefixKvWeight || r.prefixBlockTokens != d.prefixBlockTokens
            || r.prefixMaxBlocks != d.prefixMaxBlocks || r.prefixLruBlocks != d.prefixLruBlocks))
        return unread("prefix", "prefix-aware");
    if (r.kind != RouterKind::Hrw && r.hrwReplicas != d.hrwReplicas)
        return unread("replicas_per_adapter", "hrw");
    if (!routerReadsLoraInfo(r.kind) && r.keepLastLoraInfo != d.keepLastLoraInfo)
        return unread("keep_last_lora_info", "the LoRA-aware routers (they read vllm:lora_requests_info)");
    return {};
}

namespace {

std::map<std::string, std::vector<int>> readPinned(
    const nlohmann::json& j, const std::string& path, const std::string& file)
{
    if (!j.is_object())
        throw InputError(path + ": expected an object {\"adapter name\": [replica, ...]}", file, 0, path);
    std::map<std::string, std::vector<int>> out;
    for (auto it = j.begin(); it != j.end(); ++it) {
        const std::string field = path + "." + textExcerpt(it.key());
        if (!it.value().is_array())
            throw InputError(field + ": expected an array of replica indices (0-based)", file, 0, field);
        std::vector<int> reps;
        for (const auto& v : it.value()) {
            if (!v.is_number_integer() || v.get<std::int64_t>() < 0 || v.get<std::int64_t>() > kMaxReplicas)
                throw InputError(
                    field + ": expected replica indices from 0 (got " + jsonExcerpt(v) + ")", file, 0, field);
            reps.push_back(static_cast<int>(v.get<std::int64_t>()));
        }
        out[it.key()] = std::move(reps);
    }
    return out;
}

void readRouter(const nlohmann::json& j, const std::string& file, RouterConfig& r)
{
    auto setKind = [&](const std::string& name, const std::string& path) {
        const auto kind = routerFromName(name);
        if (!kind)
            throw InputError(
                path + ": unknown router \"" + textExcerpt(name) + "\" (known: " + routerNames() + ")", file, 0, path);
        r.kind = *kind;
    };
    if (j.is_string()) {
        setKind(j.get<std::string>(), "router");
        return;
    }
    JsonObjectReader o(j, "router", file);
    if (!o.has("name"))
        o.fail("router.name", "missing (known: " + routerNames() + ")");
    setKind(o.string("name", ""), "router.name");
    r.seed = o.unsignedInteger("seed", r.seed);
    r.queueingThresholdLora = rangedInt(o, "queueing_threshold_lora", r.queueingThresholdLora, 0, kMaxInt);
    r.loraAffinityThreshold = o.number("lora_affinity_threshold", r.loraAffinityThreshold);
    r.sheddable = o.boolean("sheddable", r.sheddable);
    r.queueThresholdCritical = rangedInt(o, "queue_threshold_critical", r.queueThresholdCritical, 0, kMaxInt);
    r.kvCacheThreshold = o.number("kv_cache_threshold", r.kvCacheThreshold);
    r.keepLastLoraInfo = o.boolean("keep_last_lora_info", r.keepLastLoraInfo);
    r.hrwReplicas = rangedInt(o, "replicas_per_adapter", r.hrwReplicas, 1, kMaxReplicas);
    if (o.has("weights")) {
        JsonObjectReader w(o.raw("weights"), "router.weights", file);
        r.loraWeight = w.number("lora_affinity", r.loraWeight);
        r.queueWeight = w.number("queue", r.queueWeight);
        r.kvWeight = w.number("kv_cache", r.kvWeight);
        w.rejectUnknown();
    }
    if (o.has("prefix")) {
        JsonObjectReader p(o.raw("prefix"), "router.prefix", file);
        r.prefixWeight = p.number("weight", r.prefixWeight);
        r.prefixQueueWeight = p.number("queue_weight", r.prefixQueueWeight);
        r.prefixKvWeight = p.number("kv_cache_weight", r.prefixKvWeight);
        r.prefixBlockTokens = rangedInt(p, "block_tokens", r.prefixBlockTokens, 1, 1 << 20);
        r.prefixMaxBlocks = rangedInt(p, "max_blocks", r.prefixMaxBlocks, 1, 1 << 20);
        r.prefixLruBlocks = rangedInt(p, "lru_blocks_per_replica", r.prefixLruBlocks, 1, 1 << 30);
        p.rejectUnknown();
    }
    o.rejectUnknown();
}

void readGroup(JsonObjectReader& o, ReplicaGroup& g, const std::string& at)
{
    g.gpusPerReplica = rangedInt(o, "gpus_per_replica", g.gpusPerReplica, 1, 1024);
    g.costModel = o.string("cost_model", g.costModel);
    if (o.has("server")) {
        JsonObjectReader s(o.raw("server"), at + "server", o.file());
        readSchedulerConfig(s, g.server);
        s.rejectUnknown();
    }
}

} // namespace

std::map<std::string, std::vector<int>> readPlacementFile(const std::string& path)
{
    const nlohmann::json j = readJsonFile(path, "placement file");
    if (j.is_object() && j.contains("pinned") && j.size() == 1)
        return readPinned(j.at("pinned"), "pinned", path);
    return readPinned(j, "(top level)", path);
}

namespace {

/// A group's name: printable text without control characters (it is printed to terminals and
/// written into reports), different from every earlier group's.
void checkGroupName(const JsonObjectReader& go, const std::string& name, const std::string& at,
    const std::vector<ReplicaGroup>& earlier)
{
    if (name.size() > 256)
        go.fail(at + ".name", "at most 256 characters (got " + std::to_string(name.size()) + ")");
    for (const char ch : name) {
        const auto u = static_cast<unsigned char>(ch);
        if (u < 0x20 || u == 0x7F)
            go.fail(at + ".name",
                "\"" + textExcerpt(name, 60) + "\" holds a control character (a group's name is printed and reported)");
    }
    if (name.empty())
        return;
    for (std::size_t k = 0; k < earlier.size(); ++k)
        if (earlier[k].name == name)
            go.fail(at + ".name",
                "\"" + textExcerpt(name, 60) + "\" is also the name of replicas[" + std::to_string(k)
                    + "] (each group needs its own name: its replicas are called " + textExcerpt(name, 60)
                    + "-0, ...)");
}

/// The replicas' names (fleet.cpp: "<group>-<i>", or "replica-<index>" for a group without a
/// name) must differ: a group called "a-1" beside a group "a" of two replicas is refused.
void checkReplicaNames(const FleetConfig& c, const std::string& file)
{
    std::unordered_map<std::string, std::size_t> seen;
    std::size_t index = 0;
    for (std::size_t g = 0; g < c.groups.size(); ++g) {
        const ReplicaGroup& group = c.groups[g];
        for (int i = 0; i < group.count; ++i, ++index) {
            const std::string name
                = group.name.empty() ? "replica-" + std::to_string(index) : group.name + "-" + std::to_string(i);
            const auto [it, added] = seen.emplace(name, g);
            if (!added) {
                const std::string at = "replicas[" + std::to_string(g) + "].name";
                throw InputError(at + ": two replicas would be called \"" + textExcerpt(name, 60) + "\" (replicas["
                        + std::to_string(it->second) + "] and replicas[" + std::to_string(g)
                        + "]): give the groups names that do not overlap",
                    file, 0, at);
            }
        }
    }
}

} // namespace

FleetConfig readFleetConfig(const nlohmann::json& json, const std::string& file, const std::string& baseDir)
{
    FleetConfig c;
    c.source = file;
    JsonObjectReader o(json, "", file);
    if (!o.has("replicas"))
        o.fail("replicas", "missing: the number of replicas, or an array of replica groups");
    const nlohmann::json& reps = o.raw("replicas");
    if (reps.is_number()) {
        ReplicaGroup g;
        const std::int64_t n = o.integer("replicas", 0);
        if (n < 1)
            o.fail("replicas", "a fleet needs at least one replica (got " + std::to_string(n) + ")");
        if (n > kMaxReplicas)
            o.fail("replicas", "at most " + std::to_string(kMaxReplicas) + " replicas (got " + std::to_string(n) + ")");
        g.count = static_cast<int>(n);
        readGroup(o, g, "");
        c.groups.push_back(std::move(g));
    } else if (reps.is_array()) {
        if (reps.empty())
            o.fail("replicas", "a fleet needs at least one replica (got an empty list)");
        for (std::size_t i = 0; i < reps.size(); ++i) {
            const std::string at = "replicas[" + std::to_string(i) + "]";
            JsonObjectReader go(reps[i], at, file);
            ReplicaGroup g;
            g.name = go.string("name", "");
            checkGroupName(go, g.name, at, c.groups);
            const std::int64_t n = go.integer("count", 1);
            if (n < 0 || n > kMaxReplicas)
                go.fail(at + ".count",
                    "must be from 0 to " + std::to_string(kMaxReplicas) + " (got " + std::to_string(n) + ")");
            g.count = static_cast<int>(n);
            readGroup(go, g, at + ".");
            go.rejectUnknown();
            c.groups.push_back(std::move(g));
        }
        if (c.replicaCount() < 1)
            o.fail("replicas", "a fleet needs at least one replica (every group has count 0)");
        checkReplicaNames(c, file);
        for (const char* key : { "server", "cost_model", "gpus_per_replica" })
            if (o.has(key))
                o.fail(key, "belongs in each group of the replicas array when replicas is an array");
    } else {
        o.fail("replicas", "expected a number of replicas or an array of groups, got " + jsonExcerpt(reps));
    }
    if (o.has("router"))
        readRouter(o.raw("router"), file, c.router);
    c.stalenessMs = o.number("metrics_staleness_ms", c.stalenessMs);
    c.stalenessTicks = o.number("metrics_staleness_ticks", c.stalenessTicks);
    if (o.has("placement")) {
        const nlohmann::json& pj = o.raw("placement");
        PlacementConfig& p = c.placement;
        auto setKind = [&](const std::string& kind, const std::string& path) {
            if (kind == "dynamic")
                p.kind = PlacementConfig::Kind::Dynamic;
            else if (kind == "static")
                p.kind = PlacementConfig::Kind::Static;
            else
                throw InputError(
                    path + ": expected \"dynamic\" or \"static\" (got \"" + textExcerpt(kind) + "\")", file, 0, path);
        };
        if (pj.is_string()) {
            setKind(pj.get<std::string>(), "placement");
        } else {
            JsonObjectReader po(pj, "placement", file);
            setKind(po.string("kind", "static"), "placement.kind");
            p.replicasPerAdapter = rangedInt(po, "replicas_per_adapter", p.replicasPerAdapter, 1, kMaxReplicas);
            const std::string bal = po.string("balancer", "load");
            if (bal == "load")
                p.balancer = PlacementConfig::Balancer::Load;
            else if (bal == "least-adapters")
                p.balancer = PlacementConfig::Balancer::LeastAdapters;
            else
                po.fail(
                    "placement.balancer", "expected \"load\" or \"least-adapters\" (got \"" + textExcerpt(bal) + "\")");
            if (po.has("pinned"))
                p.pinned = readPinned(po.raw("pinned"), "placement.pinned", file);
            if (po.has("file")) {
                std::filesystem::path f = po.string("file", "");
                if (f.is_relative() && !baseDir.empty())
                    f = std::filesystem::path(baseDir) / f;
                for (auto& [name, list] : readPlacementFile(f.string()))
                    if (!p.pinned.emplace(name, std::move(list)).second)
                        po.fail("placement.pinned." + textExcerpt(name),
                            "also pinned by the placement file " + f.string()
                                + "; pin each adapter in one place (the file or \"pinned\")");
                p.source = f.string();
            }
            po.rejectUnknown();
            if (p.kind == PlacementConfig::Kind::Dynamic && !p.pinned.empty())
                po.fail("placement.kind", "pinned adapters need \"static\" placement");
        }
    }
    if (const auto version = o.integer("version", 1); version != 1)
        o.fail("version", "unknown version " + std::to_string(version) + " (this LoraScope reads version 1)");
    o.rejectUnknown();
    if (const std::string e = routerSettingsError(c.router); !e.empty())
        throw InputError(e, file, 0, e.substr(0, e.find(' ')));
    if (const std::string e = fleetConfigError(c); !e.empty()) {
        const std::string field = e.substr(0, e.find(':'));
        throw InputError(e, file, 0, field);
    }
    return c;
}

FleetConfig readFleetFile(const std::string& path)
{
    const nlohmann::json j = readJsonFile(path, "fleet file");
    return readFleetConfig(j, path, std::filesystem::path(path).parent_path().string());
}

void fleetConfigToJson(const FleetConfig& c, nlohmann::ordered_json& j)
{
    j["version"] = 1;
    nlohmann::ordered_json groups = nlohmann::ordered_json::array();
    for (const ReplicaGroup& g : c.groups) {
        nlohmann::ordered_json gj;
        if (!g.name.empty())
            gj["name"] = g.name;
        gj["count"] = g.count;
        gj["gpus_per_replica"] = g.gpusPerReplica;
        gj["cost_model"] = g.costModel;
        nlohmann::ordered_json server;
        schedulerConfigToJson(g.server, server);
        gj["server"] = std::move(server);
        groups.push_back(std::move(gj));
    }
    j["replicas"] = std::move(groups);
    const RouterConfig& r = c.router;
    nlohmann::ordered_json rj;
    rj["name"] = routerName(r.kind);
    rj["seed"] = r.seed;
    rj["queueing_threshold_lora"] = r.queueingThresholdLora;
    rj["lora_affinity_threshold"] = r.loraAffinityThreshold;
    rj["sheddable"] = r.sheddable;
    rj["queue_threshold_critical"] = r.queueThresholdCritical;
    rj["kv_cache_threshold"] = r.kvCacheThreshold;
    rj["keep_last_lora_info"] = r.keepLastLoraInfo;
    rj["weights"] = { { "lora_affinity", r.loraWeight }, { "queue", r.queueWeight }, { "kv_cache", r.kvWeight } };
    rj["prefix"] = { { "weight", r.prefixWeight }, { "queue_weight", r.prefixQueueWeight },
        { "kv_cache_weight", r.prefixKvWeight }, { "block_tokens", r.prefixBlockTokens },
        { "max_blocks", r.prefixMaxBlocks }, { "lru_blocks_per_replica", r.prefixLruBlocks } };
    rj["replicas_per_adapter"] = r.hrwReplicas;
    j["router"] = std::move(rj);
    j["metrics_staleness_ms"] = c.stalenessMs;
    j["metrics_staleness_ticks"] = c.stalenessTicks;
    const PlacementConfig& p = c.placement;
    nlohmann::ordered_json pj;
    pj["kind"] = p.kind == PlacementConfig::Kind::Static ? "static" : "dynamic";
    if (p.kind == PlacementConfig::Kind::Static) {
        pj["replicas_per_adapter"] = p.replicasPerAdapter;
        pj["balancer"] = p.balancer == PlacementConfig::Balancer::Load ? "load" : "least-adapters";
        if (!p.pinned.empty())
            pj["pinned"] = p.pinned;
    }
    j["placement"] = std::move(pj);
}

} // namespace lorascope
