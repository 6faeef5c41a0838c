// SPDX-License-Identifier: Apache-2.0
#pragma once
// The run folder of a replay: requests.jsonl (one line appended and flushed per finished
// request, so a crash loses nothing that finished), server_metrics.jsonl (one line per scrape of
// the server's metrics, appended and flushed the same way), summary.json and manifest.json (atomic).

#include "replay/metrics.h"
#include "util/fileio.h"

#include <cstdint>
#include <string>

namespace lorascope {

/// Writes a replay's results into a folder (created if missing).
class ResultsFolder {
public:
    /// Creates `dir`, claims it for this process (FolderClaim: a second writer of the same folder
    /// is refused before anything is written; with `mustBeEmpty` a folder that another run filled
    /// meanwhile is refused too) and starts requests.jsonl (truncating an old one). `option`
    /// names the folder's flag in messages ("--out"). Throws InputError.
    explicit ResultsFolder(std::string dir, const std::string& option = {}, bool mustBeEmpty = false);
    ~ResultsFolder();
    ResultsFolder(const ResultsFolder&) = delete;
    ResultsFolder& operator=(const ResultsFolder&) = delete;

    /// Appends one request line, handed to the kernel at once (one write per line, no buffer held
    /// back). Throws InputError naming requests.jsonl on a write error (disk full, file too large,
    /// I/O error): the line is then taken back whole, so the file only ever holds whole lines,
    /// and counted in lostRecords(). Later appends are tried again (space may come back).
    void append(const ReplayRecord& record);
    /// Appends one line to server_metrics.jsonl (created on first use) the same way.
    void appendServerMetrics(const nlohmann::json& line);
    /// Records written to requests.jsonl, and records that could not be.
    std::uint64_t writtenRecords() const { return m_written; }
    std::uint64_t lostRecords() const { return m_lost; }
    /// Writes manifest.json atomically.
    void writeManifest(const nlohmann::json& manifest);
    /// Writes summary.json atomically.
    void writeSummary(const nlohmann::json& summary);

    const std::string& dir() const { return m_dir; }
    std::string path(const std::string& name) const { return m_dir + "/" + name; }

private:
    std::string m_dir;
    FolderClaim m_claim;
    /// One line appended to `fd` at `*end`; on failure the file is cut back to `*end`. Throws.
    void appendLine(int fd, std::uint64_t& end, const std::string& line, const std::string& file);
    int m_requests = -1;
    int m_serverMetrics = -1;
    std::uint64_t m_requestsEnd = 0, m_serverMetricsEnd = 0; ///< bytes of whole lines in each
    std::uint64_t m_written = 0, m_lost = 0;
};

/// SHA-256 of a file's bytes as lower-case hex. Throws InputError if unreadable.
std::string sha256OfFile(const std::string& path);

/// Current UTC time as ISO 8601 ("2026-01-31T12:34:56Z").
std::string utcNowIso();

} // namespace lorascope
