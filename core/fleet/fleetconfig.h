// SPDX-License-Identifier: Apache-2.0
#pragma once
// The one owner of a fleet's configuration (docs/fleet.md): replicas (each group with its own
// server configuration, cost model and GPUs per replica), the router and its settings, how stale
// the router's view of the replicas is, and where adapters may be placed. One JSON form, read
// with errors that name the field ("router.name: unknown router ...") and written back.

#include "admission/costmodel.h"
#include "admission/schedulerconfig.h"

#include <nlohmann/json_fwd.hpp>

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace lorascope {

/// The routers a fleet can use. Each follows one production router's code (docs/fleet.md names
/// the repository, commit and file).
enum class RouterKind : std::uint8_t {
    RoundRobin, ///< the next replica in turn (a Kubernetes Service with round-robin, Envoy ROUND_ROBIN)
    Random, ///< uniformly random, seeded
    LeastOutstanding, ///< AIBrix least-request: fewest requests the router sent and has not seen finish
    LeastKv, ///< fewest KV cache in use (scraped gpu_cache_usage_perc), ties at random
    SessionAffinity, ///< AIBrix session-affinity: a session's later turns go where its first went
    PrefixAware, ///< GIE's default profile: prefix-cache scorer (3) + queue (2) + KV utilisation (2)
    GieLoraFilter, ///< GIE's default filter tree: low queue, LoRA affinity (0.999), least queue, least KV
    GieLoraScorer, ///< GIE's scorers: LoRA affinity (1.0/0.8/0.6/0) + queue + KV utilisation, max score
    AibrixLora, ///< AIBrix: the replicas the adapter is loaded on (ModelAdapter), then least-request
    Hrw, ///< Dynamo: rendezvous (HRW) hashing of the adapter to k replicas, then least outstanding
};
std::string routerName(RouterKind kind);
std::optional<RouterKind> routerFromName(const std::string& name);
/// "round-robin, random, ..." (for messages and help).
std::string routerNames();
/// Every router, in the order of RouterKind.
const std::vector<RouterKind>& allRouters();
/// True when the router reads scraped metrics (then the staleness matters); false when it uses
/// only what it sent and saw finish, or nothing at all.
bool routerReadsMetrics(RouterKind kind);
/// True for the routers that read vllm:lora_requests_info (GIE's).
bool routerReadsLoraInfo(RouterKind kind);

/// A router and its settings (defaults are the sources' defaults; docs/fleet.md).
struct RouterConfig {
    RouterKind kind = RouterKind::RoundRobin;
    std::uint64_t seed = 1; ///< every random choice (random router, ties, GIE's 0.999 draw)
    // Gateway API Inference Extension (GIE).
    int queueingThresholdLora = 128; ///< low-queue filter: waiting <= this (QUEUING_THRESHOLD_LORA)
    double loraAffinityThreshold = 0.999; ///< LoRA-affinity filter: P(affinity set) when both sets exist
    bool sheddable = false; ///< requests are sheddable: dropped when every replica is saturated
    int queueThresholdCritical = 5; ///< saturation: waiting > this (QUEUE_THRESHOLD_CRITICAL)
    double kvCacheThreshold = 0.8; ///< saturation: KV usage > this (KV_CACHE_THRESHOLD)
    bool keepLastLoraInfo = true; ///< GIE ignores lora_requests_info series with both lists empty
    double loraWeight = 1, queueWeight = 1, kvWeight = 1; ///< gie-lora-scorer weights
    double prefixWeight = 3, prefixQueueWeight = 2, prefixKvWeight = 2; ///< prefix-aware weights
    int prefixBlockTokens = 16; ///< prefix-aware: tokens per hashed block
    int prefixMaxBlocks = 256; ///< prefix-aware: blocks of a prompt that are matched
    int prefixLruBlocks = 31250; ///< prefix-aware: blocks the router remembers per replica
    int hrwReplicas = 1; ///< hrw: replicas per adapter (Dynamo's replica_factor)

    bool operator==(const RouterConfig&) const = default;
};

/// A group of identical replicas.
struct ReplicaGroup {
    std::string name; ///< replicas are named "<name>-0", "<name>-1", ...; empty: "replica-<n>"
    int count = 1;
    int gpusPerReplica = 1; ///< GPUs one replica uses (tensor parallelism); for the operator's totals
    SchedulerConfig server;
    std::string costModel = "llama-7b-a10g"; ///< a preset name or a JSON file (loadCostModel)
    /// The cost model itself when the caller already has it (a sweep's, the desktop's edited one);
    /// then `costModel` is only its name.
    std::optional<CostModel> costValue;
};

/// Where adapters may run.
struct PlacementConfig {
    enum class Kind : std::uint8_t {
        Dynamic, ///< any replica: an adapter is loaded where its request is routed
        Static, ///< each adapter only on its replicas (pinned)
    };
    enum class Balancer : std::uint8_t {
        Load, ///< greedy: adapters by expected load (tokens), each copy to the least loaded replica
        LeastAdapters, ///< AIBrix's ModelAdapter scheduler: the replica with the fewest adapters
    };
    Kind kind = Kind::Dynamic;
    int replicasPerAdapter = 1; ///< static: k copies of each adapter
    Balancer balancer = Balancer::Load;
    /// static, explicit: adapter name → replica indices (0-based). Adapters not listed use the balancer.
    std::map<std::string, std::vector<int>> pinned;
    std::string source; ///< where `pinned` came from (the placement file), for messages

    bool operator==(const PlacementConfig&) const = default;
};

/// A whole fleet.
struct FleetConfig {
    std::vector<ReplicaGroup> groups;
    RouterConfig router;
    /// How old the router's view of a replica's metrics may be: metrics are scraped every this
    /// many milliseconds on the cost-model clock (GIE's --refreshMetricsInterval, 50 ms);
    /// 0 = the router sees every replica as it is at each decision.
    double stalenessMs = 50;
    /// The same on the step clock, in ticks (0 = perfect information).
    double stalenessTicks = 0;
    PlacementConfig placement;
    std::string source; ///< the fleet file, for messages

    int replicaCount() const;
    int gpuCount() const;
};

/// A fleet of `replicas` identical replicas of `server` on `costModel`, routed by `router`.
FleetConfig uniformFleet(int replicas, const SchedulerConfig& server, const std::string& costModel, RouterKind router);

/// Why the fleet cannot run (no replica, a server its policy refuses, ...), naming the field; empty if fine.
std::string fleetConfigError(const FleetConfig& config);

/// A router setting changed from its default that the chosen router does not read ("router.weights
/// is gie-lora-scorer's; router round-robin does not read it"), naming the field; empty if none.
/// For a fleet file and the flags that override its router (a sweep over routers shares one set).
std::string routerSettingsError(const RouterConfig& router);

/// Reads a fleet file (docs/fleet.md). Throws InputError naming the file and the field: an unknown
/// router, zero replicas, a server its policy refuses, an unknown member. A placement file named
/// in it is read relative to the fleet file.
FleetConfig readFleetFile(const std::string& path);
/// Reads a fleet from parsed JSON (`file` for messages, `baseDir` for a placement file it names).
FleetConfig readFleetConfig(const nlohmann::json& json, const std::string& file, const std::string& baseDir = {});
/// The one JSON form (what readFleetConfig reads).
void fleetConfigToJson(const FleetConfig& config, nlohmann::ordered_json& into);

/// Reads a placement file: {"adapter name": [replica, ...], ...} (or {"pinned": {...}}).
std::map<std::string, std::vector<int>> readPlacementFile(const std::string& path);

} // namespace lorascope
