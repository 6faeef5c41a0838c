// SPDX-License-Identifier: Apache-2.0
#pragma once
// Measurements a cost model is calibrated on or validated against, from two sources:
//   1. S-LoRA's published result rows (one JSON object a line: config + result). LoraScope
//      regenerates each row's trace bit-exactly (generateSlora) and runs the admission engine with
//      the server flags of the launch line that produced the file (a manifest records them).
//   2. LoraScope replay run folders (requests.jsonl with per-token times) against any server.
// Both become Experiments: a trace, the server settings and the RunStats that were measured.

#include "admission/costmodel.h"
#include "admission/engine.h"
#include "calibrate/runstats.h"

#include <cstdint>
#include <string>
#include <vector>

namespace lorascope {

/// A set of experiments that one cost model describes (one GPU, one model, one serving system).
struct ExperimentGroup {
    std::string name; ///< e.g. "llama-7b-a10g" (the preset it calibrates)
    ModelSpec model; ///< empty name = unknown (the fit then works on the coefficients directly)
    GpuSpec gpu;
};

/// One measured run.
struct Experiment {
    std::string source; ///< result file or run folder
    std::uint64_t line = 0; ///< 1-based line of a result file; 0 for a run folder
    std::string label; ///< e.g. "n=200 alpha=1 R=2 cv=1 300s"
    std::size_t group = 0; ///< index into CalibrationData::groups
    Trace trace; ///< input lengths as the server counts them
    SchedulerConfig scheduler;
    std::uint32_t promptExtraTokens = 0; ///< server tokens per prompt beyond the client's prompt_len
    RunStats measured;
    /// What the client saw of each request, in trace order (replay runs; empty for S-LoRA rows,
    /// which publish only the aggregates). The fit compares them request by request too.
    std::vector<ClientRequest> requests;
    std::string role; ///< "fit", "validate" (from a manifest; informational)
    std::string note; ///< what the manifest says about the file's provenance
};

/// A file or row left out, and why (never silently).
struct Exclusion {
    std::string source;
    std::uint64_t line = 0; ///< 0 = the whole file
    std::string reason;
};

/// Groups, experiments and exclusions.
struct CalibrationData {
    std::vector<ExperimentGroup> groups;
    std::vector<Experiment> experiments;
    std::vector<Exclusion> excluded;
    /// Index of the group called `name`, adding it (with model and gpu) if new.
    std::size_t groupIndex(const std::string& name, const ModelSpec& model, const GpuSpec& gpu);
    void append(CalibrationData other);
};

/// The server behind a published S-LoRA result file (from its exp_cmds*.sh launch line).
struct SloraFileSettings {
    std::string setting; ///< S1, S2, S4, ... (adapter names and ranks: workload/presets)
    std::string gpu; ///< a10g, a100-40g, a100-80g
    std::string model; ///< llama-7b, llama-13b (from the setting unless given)
    std::int64_t maxTotalTokenNum = 0; ///< --num-token
    PolicyKind policy = PolicyKind::SLora; ///< SLoraAbort for --enable-abort
    std::uint32_t promptExtraTokens = 2; ///< LLaMA tokenises "Hello " * n as BOS + n words + a trailing "▁"
    std::string group; ///< default model + "-" + gpu
};

/// Reads S-LoRA result rows ({"config": {...}, "result": {...}} per line) and regenerates each
/// trace. Throws InputError naming the file, line and field (a row without its config, a missing
/// metric, an unknown setting).
CalibrationData loadSloraResults(
    const std::string& file, const SloraFileSettings& settings, const std::string& role = "fit");

/// One entry of an S-LoRA manifest.
struct SloraManifestEntry {
    std::string file; ///< path relative to the manifest
    std::string role; ///< "fit", "validate" or "excluded"
    std::string reason; ///< why excluded (role "excluded")
    std::string launch, run, note; ///< the launch and run_exp lines that made it; remarks
    SloraFileSettings settings;
    std::vector<std::pair<std::uint64_t, std::string>> excludedRows; ///< (line, reason)
};

/// A manifest of S-LoRA result files with their server settings and roles
/// (tests/data/slora-paper/manifest.json). Throws InputError naming the file and field.
std::vector<SloraManifestEntry> readSloraManifest(const std::string& manifestFile);

/// Loads the manifest's files with the given role ("fit", "validate", "all") and group (empty =
/// every group). Excluded files and rows are listed in `excluded`.
CalibrationData loadSloraManifest(
    const std::string& manifestFile, const std::string& role, const std::string& group = {});

/// How to read a replay run folder.
struct ReplayRunOptions {
    double speed = 1; ///< the server ran this many times faster than the model to fit: times × speed
    int defaultRank = 16; ///< rank of an adapter whose name has no "rank-N" (serve-sim's default)
    SchedulerConfig scheduler; ///< the server's policy and limits (the client cannot see them)
    std::string group = "replay";
    ModelSpec model;
    GpuSpec gpu;
};

/// A replay run folder as an experiment: the requests as sent (arrival = sent time), what the
/// client measured (S-LoRA's statistics plus the mean TPOT). Throws InputError naming the folder
/// (and line) when requests.jsonl is missing, malformed or has no completed request.
CalibrationData loadReplayRun(const std::string& folder, const ReplayRunOptions& options);

/// The prediction of one experiment under `cost` (the client's view, S-LoRA's statistics).
/// `requests` (optional) receives the client's view of every request, in trace order.
RunStats predictExperiment(
    const Experiment& experiment, const CostModel& cost, std::vector<ClientRequest>* requests = nullptr);

} // namespace lorascope
