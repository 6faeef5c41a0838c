// SPDX-License-Identifier: Apache-2.0
#include "replay/runfolder.h"

#include "util/error.h"
#include "util/jsonread.h"

#include <filesystem>
#include <fstream>

namespace lorascope {

namespace {

// Lines of a JSONL file we wrote; `torn` = the last line had no newline and did not parse.
template <class F>
void readLines(const std::string& path, std::vector<std::string>& notes, F&& onLine)
{
    std::ifstream in(path, std::ios::binary);
    if (!in)
        throw InputError("cannot read", path);
    std::string line;
    std::uint64_t n = 0;
    while (std::getline(in, line)) {
        ++n;
        const bool last = in.peek() == std::char_traits<char>::eof();
        const bool hadNewline = !in.eof();
        if (line.empty())
            continue;
        if (line.size() > (64u << 20))
            throw InputError("line longer than 64 MiB", path, n);
        if (jsonDepth(line, kMaxJsonDepth) > kMaxJsonDepth) // as every JSON LoraScope reads
            throw InputError("arrays or objects nested more than " + std::to_string(kMaxJsonDepth) + " levels deep (a results line LoraScope wrote?)", path, n);
        auto j = nlohmann::json::parse(line, nullptr, false);
        if (j.is_discarded() || !j.is_object()) {
            if (last && !hadNewline) {
                notes.push_back(path + ":" + std::to_string(n) + ": the last line is incomplete (the process stopped while "
                    + "writing it); left out");
                break;
            }
            throw InputError("not a JSON object (a results line LoraScope wrote?)", path, n);
        }
        try {
            onLine(j, n);
        } catch (const InputError&) {
            throw;
        } catch (const std::exception& e) {
            throw InputError(std::string("bad results line: ") + e.what(), path, n);
        }
    }
}

} // namespace

std::uint32_t RunFolder::shardIndex() const
{
    const auto it = manifest.find("shard");
    return it != manifest.end() && it->is_object() ? it->value("index", 0u) : 0u;
}

std::uint32_t RunFolder::shardCount() const
{
    const auto it = manifest.find("shard");
    return it != manifest.end() && it->is_object() ? it->value("count", 1u) : 1u;
}

std::optional<std::uint64_t> RunFolder::expectedRequests() const
{
    const auto it = manifest.find("shard");
    if (it != manifest.end() && it->is_object() && it->contains("requests") && (*it)["requests"].is_number_unsigned())
        return (*it)["requests"].get<std::uint64_t>();
    if (manifest.contains("trace") && manifest["trace"].is_object() && manifest["trace"].contains("requests")
        && manifest["trace"]["requests"].is_number_unsigned() && shardCount() == 1)
        return manifest["trace"]["requests"].get<std::uint64_t>();
    return std::nullopt;
}

RunFolder readRunFolder(const std::string& dir)
{
    namespace fs = std::filesystem;
    RunFolder f;
    f.dir = dir;
    std::error_code ec;
    if (!fs::is_directory(dir, ec))
        throw InputError(fs::exists(dir, ec) ? "not a folder (a replay run folder was expected)" : "no such folder", dir);
    const std::string manifest = dir + "/manifest.json";
    if (!fs::exists(manifest, ec))
        throw InputError("no manifest.json: not a replay run folder", dir);
    f.manifest = readJsonFile(manifest, "run manifest");
    if (!f.manifest.is_object())
        throw InputError("expected a JSON object", manifest);
    try {
        if (f.manifest.contains("clock"))
            f.clock = runClockFromJson(f.manifest["clock"]);
    } catch (const std::exception& e) {
        throw InputError(std::string("bad \"clock\": ") + e.what(), manifest, 0, "clock");
    }
    const std::string summary = dir + "/summary.json";
    if (fs::exists(summary, ec))
        f.summary = readJsonFile(summary, "run summary");
    const std::string requests = dir + "/requests.jsonl";
    if (!fs::exists(requests, ec))
        throw InputError("no requests.jsonl: not a replay run folder", dir);
    readLines(requests, f.notes, [&](const nlohmann::json& j, std::uint64_t) { f.records.push_back(recordFromJson(j)); });
    const std::string metrics = dir + "/server_metrics.jsonl";
    if (fs::exists(metrics, ec))
        readLines(metrics, f.notes, [&](const nlohmann::json& j, std::uint64_t) { f.serverMetrics.push_back(j); });
    return f;
}

} // namespace lorascope
