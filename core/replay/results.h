// SPDX-License-Identifier: Apache-2.0
#pragma once
// The run folder of a replay: requests.jsonl (one line appended and flushed per finished
// request, so a crash loses nothing that finished), server_metrics.jsonl (one line per scrape of
// the server's metrics, appended and flushed the same way), summary.json and manifest.json (atomic).

#include "replay/metrics.h"

#include <cstdio>
#include <string>

namespace lorascope {

/// Writes a replay's results into a folder (created if missing).
class ResultsFolder {
public:
    /// Creates `dir` and starts requests.jsonl (truncating an old one). Throws InputError.
    explicit ResultsFolder(std::string dir);
    ~ResultsFolder();
    ResultsFolder(const ResultsFolder&) = delete;
    ResultsFolder& operator=(const ResultsFolder&) = delete;

    /// Appends one request line and flushes it to the kernel. Throws InputError on a write error.
    void append(const ReplayRecord& record);
    /// Appends one line to server_metrics.jsonl (created on first use) and flushes it.
    void appendServerMetrics(const nlohmann::json& line);
    /// Writes manifest.json atomically.
    void writeManifest(const nlohmann::json& manifest);
    /// Writes summary.json atomically.
    void writeSummary(const nlohmann::json& summary);

    const std::string& dir() const { return m_dir; }
    std::string path(const std::string& name) const { return m_dir + "/" + name; }

private:
    std::string m_dir;
    std::FILE* m_requests = nullptr;
    std::FILE* m_serverMetrics = nullptr;
};

/// SHA-256 of a file's bytes as lower-case hex. Throws InputError if unreadable.
std::string sha256OfFile(const std::string& path);

/// Current UTC time as ISO 8601 ("2026-01-31T12:34:56Z").
std::string utcNowIso();

} // namespace lorascope
