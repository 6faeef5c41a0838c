// SPDX-License-Identifier: Apache-2.0
#pragma once
// The JSON forms of a preview's results that simulate and fleet both print and write: a request's
// line of --requests-out, a summary, latency figures; and the flags both read (--per-adapter, --ranks).

#include "cli/args.h"

#include "admission/engine.h"

#include <nlohmann/json.hpp>

#include <cstddef>
#include <string>
#include <vector>

namespace lorascope::cli {

/// A number, or null for NaN and infinities.
nlohmann::json num(double v);
/// A wait reason ({kind, need, limit, ...}) or null.
nlohmann::json waitJson(const WaitReason& w, const Trace& trace);
nlohmann::json latencyJson(const LatencyStats& s);
/// Counts, latencies and throughput; with `withSteps` also the KV peaks and pass/adapter counters.
nlohmann::json summaryJson(const SimulationSummary& s, bool withSteps);
/// One line of --requests-out: id, arrival, admitted, first_token, finished, rejected, dropped,
/// wait_reason, adapter, input_len, output_len, admission, preemptions, adapter_load.
nlohmann::ordered_json requestJson(const RequestRecord& r, const Trace& trace);

/// --per-adapter N|all|none: how many adapters (the busiest) --json lists.
std::size_t perAdapterOption(const Args& a);
/// --ranks FILE: {"name": rank} or [rank, ...] → rank per adapter index.
std::vector<int> readRanks(const std::string& file, const Trace& trace);

} // namespace lorascope::cli
