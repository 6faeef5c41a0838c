// SPDX-License-Identifier: Apache-2.0
#pragma once
// What `lorascope-cli replay` writes while it runs and prints when it ends: the run's files
// (a failed write said at once, counted, and the counts said at the end), the live status line,
// the summary (JSON, and the text table). The flags are read in cmd_replay.cpp.

#include "replay/replay.h"
#include "replay/results.h"

#include <nlohmann/json.hpp>

#include <atomic>
#include <functional>
#include <mutex>
#include <string>
#include <vector>

namespace lorascope::cli {

/// The run's files while it runs. A write that fails (disk full, file too large) is said at once
/// on stderr, naming the file and the record, and stops the run through `cancel` (results must not
/// be lost silently); every later record is still tried and counted, and counts() says at the end
/// how many reached requests.jsonl. Safe to call from the dispatcher and the scraper threads.
class RunWriter {
public:
    RunWriter(ResultsFolder& folder, bool live, std::atomic<bool>& cancel);
    void record(const ReplayRecord& r);
    void scrape(const nlohmann::json& line);
    void manifest(const nlohmann::json& m);
    bool failed() const;
    /// "results incomplete: run1/requests.jsonl holds 77 of the 123 request records; 46 could not
    /// be written (first failure: ...)"; empty when every write succeeded.
    std::string counts(std::size_t records) const;

private:
    void guarded(const std::function<void()>& write, const std::string& what);
    ResultsFolder& m_folder;
    bool m_live;
    std::atomic<bool>& m_cancel;
    mutable std::mutex m_mutex;
    std::string m_firstError;
};

/// The live line on a terminal: sent, done, failed, in flight, rate, median TTFT of `ttfts` (ms,
/// guarded by `ttftMutex`).
std::function<void(const ReplayStatus&)> statusLine(const std::vector<double>& ttfts, std::mutex& ttftMutex);

/// summary.json of a finished run (vLLM's `bench serve` keys where they mean the same, plus the
/// run's clock, shard, server scrapes and warnings).
nlohmann::json runSummary(const ReplayResult& result, SummaryOptions so, const ReplayOptions& o,
    const Replayer& replayer, const nlohmann::json& shard);

/// The summary as a text table on standard output.
void printReplaySummary(const nlohmann::json& summary, const std::string& dir);

} // namespace lorascope::cli
