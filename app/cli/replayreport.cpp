// SPDX-License-Identifier: Apache-2.0
#include "cli/replayreport.h"

#include "replay/servermap.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <iostream>

namespace lorascope::cli {

RunWriter::RunWriter(ResultsFolder& folder, bool live, std::atomic<bool>& cancel)
    : m_folder(folder)
    , m_live(live)
    , m_cancel(cancel)
{
}

void RunWriter::record(const ReplayRecord& r)
{
    std::lock_guard lock(m_mutex);
    guarded([&] { m_folder.append(r); },
        "record " + std::to_string(m_folder.writtenRecords() + m_folder.lostRecords() + 1));
}

void RunWriter::scrape(const nlohmann::json& line)
{
    std::lock_guard lock(m_mutex);
    guarded([&] { m_folder.appendServerMetrics(line); }, "a scrape of the server's metrics");
}

void RunWriter::manifest(const nlohmann::json& m)
{
    std::lock_guard lock(m_mutex);
    guarded([&] { m_folder.writeManifest(m); }, "the manifest");
}

bool RunWriter::failed() const
{
    std::lock_guard lock(m_mutex);
    return !m_firstError.empty();
}

std::string RunWriter::counts(std::size_t records) const
{
    std::lock_guard lock(m_mutex);
    if (m_firstError.empty())
        return {};
    std::string out = "results incomplete: " + m_folder.path("requests.jsonl") + " holds "
        + std::to_string(m_folder.writtenRecords()) + " of the " + std::to_string(records) + " request records";
    if (m_folder.lostRecords() > 0)
        out += "; " + std::to_string(m_folder.lostRecords()) + " could not be written";
    out += " (first failure: " + m_firstError + "). The summary counts all " + std::to_string(records);
    return out;
}

void RunWriter::guarded(const std::function<void()>& write, const std::string& what)
{
    try {
        write();
    } catch (const std::exception& e) {
        if (m_firstError.empty()) {
            m_firstError = std::string(e.what()) + ", at " + what;
            std::fprintf(stderr,
                "%slorascope-cli replay: error: %s; stopping the run (requests not yet finished are recorded as "
                "cancelled; "
                "records that cannot be written are counted)\n",
                m_live ? "\n" : "", m_firstError.c_str());
            std::fflush(stderr);
        }
        m_cancel = true; // losing results silently is worse than stopping
    }
}

std::function<void(const ReplayStatus&)> statusLine(const std::vector<double>& ttfts, std::mutex& ttftMutex)
{
    return [&ttfts, &ttftMutex](const ReplayStatus& s) {
        double p50 = kNoTime;
        {
            std::lock_guard lock(ttftMutex);
            if (!ttfts.empty()) {
                auto v = ttfts;
                std::nth_element(v.begin(), v.begin() + std::ptrdiff_t(v.size() / 2), v.end());
                p50 = v[v.size() / 2];
            }
        }
        std::fprintf(stderr,
            "\rsent %llu/%llu  done %llu  failed %llu  in flight %llu  %.1f req/s  p50 TTFT %.1f ms   ",
            (unsigned long long)s.sent, (unsigned long long)s.total, (unsigned long long)s.completed,
            (unsigned long long)s.failed, (unsigned long long)s.inFlight,
            s.elapsed > 0 ? double(s.completed + s.failed) / s.elapsed : 0.0, p50);
        std::fflush(stderr);
    };
}

nlohmann::json runSummary(const ReplayResult& result, SummaryOptions so, const ReplayOptions& o,
    const Replayer& replayer, const nlohmann::json& shard)
{
    so.backend = backendName(o.backend);
    auto summary = summarizeReplay(result.records, so);
    summary["cancelled_run"] = result.cancelled;
    summary["backend"] = backendName(o.backend);
    summary["target"] = replayer.target().str();
    summary["shard"] = shard;
    summary["clock"] = runClockToJson(result.clock);
    summary["fd_exhausted"] = result.fdExhausted;
    summary["dispatcher_priority"] = dispatcherPriorityName(result.dispatcherPriority);
    summary["notes"] = result.notes;
    if (replayer.metricsUrl()) {
        summary["server"] = summarizeServerMetrics(result.serverSamples);
        summary["server"]["metrics_url"] = replayer.metricsUrl()->str();
    }
    auto& warnings = summary["warnings"];
    if (result.clock.startAt && result.clock.startLate > 0.001) {
        char buf[200];
        std::snprintf(buf, sizeof buf,
            "this shard started %.1f ms after --start-at: its first requests were sent late "
            "(see lateness_ms)",
            result.clock.startLate * 1e3);
        warnings.push_back(buf);
    }
    if (result.clock.kernel.known && !result.clock.kernel.synchronized && result.clock.startAt)
        warnings.push_back(
            "the kernel reports this machine's clock as not synchronised (no NTP/chrony): --start-at is only as "
            "good as the clock");
    return summary;
}

namespace {

std::string fmtMs(const nlohmann::json& j, const char* key)
{
    if (!j.contains(key) || !j[key].is_number())
        return "-";
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.2f", j[key].get<double>());
    return buf;
}

} // namespace

void printReplaySummary(const nlohmann::json& s, const std::string& dir)
{
    auto line = [](const std::string& name, const std::string& value) {
        std::string n = name;
        n.resize(40, ' ');
        std::cout << n << value << "\n";
    };
    auto count = [&](const char* k) { return std::to_string(s.value(k, 0)); };
    std::cout << "============ Replay Result ============\n";
    line("Completed requests:", count("completed"));
    line("Failed requests:", count("failed"));
    line("Cancelled requests:", count("cancelled"));
    line("Trimmed (warm-up/cool-down):", count("trimmed"));
    if (s.value("resent", 0) > 0) // a retry is a new attempt: never hidden (requests.jsonl: "attempts")
        line("Sent again (connection closed unanswered):", count("resent"));
    line("Duration (s):", fmtMs(s, "duration"));
    line("Request throughput (req/s):", fmtMs(s, "request_throughput"));
    line("Output token throughput (tok/s):", fmtMs(s, "output_throughput"));
    line("Total token throughput (tok/s):", fmtMs(s, "total_token_throughput"));
    if (s.contains("request_goodput"))
        line("Request goodput (req/s):", fmtMs(s, "request_goodput"));
    for (const char* m : { "ttft", "tpot", "itl", "e2el" }) {
        const std::string k = std::string(m) + "_ms";
        line(std::string("Mean / median / p99 ") + m + " (ms):",
            fmtMs(s, ("mean_" + k).c_str()) + " / " + fmtMs(s, ("median_" + k).c_str()) + " / "
                + fmtMs(s, ("p99_" + k).c_str()));
    }
    line("S-LoRA attainment / reward:", fmtMs(s, "slora_attainment") + " / " + fmtMs(s, "slora_reward"));
    // Prompt tokens as the server counted them, and what its prefix cache served (docs/replay.md, "Prompts").
    if (const auto m = s.find("prompt_token_mismatch"); m != s.end() && m->is_object() && m->value("reported", 0) > 0) {
        const auto off = m->value("count", 0);
        line("Prompt tokens, server / trace:",
            fmtMs(*m, "ratio") + (off ? " (" + std::to_string(off) + " requests off by more than 5 %)" : ""));
    }
    if (const auto c = s.find("prefix_cache"); c != s.end() && c->is_object()) {
        if (c->value("reported", 0) > 0 && (*c)["hit_share"].is_number()) {
            char share[32];
            std::snprintf(share, sizeof share, "%.1f %%", 100.0 * (*c)["hit_share"].get<double>());
            line("Prefix cache hit share:",
                std::string(share) + " (" + std::to_string(c->value("cached_tokens", 0)) + " of "
                    + std::to_string(c->value("prompt_tokens", 0)) + " prompt tokens served from the cache)");
        } else {
            line("Prefix cache hit share:", "not reported (vLLM reports it with --enable-prompt-tokens-details)");
        }
    }
    line("Effective ttft, e2el from schedule (ms):",
        "mean " + fmtMs(s, "mean_effective_ttft_ms") + ", " + fmtMs(s, "mean_effective_e2el_ms") + "; p99 "
            + fmtMs(s, "p99_effective_ttft_ms") + ", " + fmtMs(s, "p99_effective_e2el_ms"));
    line("Send lateness p50 / p99 / max (ms):",
        fmtMs(s["lateness_ms"], "median") + " / " + fmtMs(s["lateness_ms"], "p99") + " / "
            + fmtMs(s["lateness_ms"], "max"));
    if (!s["errors"].empty()) {
        std::string e;
        for (const auto& [k, v] : s["errors"].items())
            e += (e.empty() ? "" : ", ") + k + " " + std::to_string(v.get<int>());
        line("Errors:", e);
    }
    if (s.contains("server") && s["server"].is_object()) {
        const auto& v = s["server"];
        const auto peak = [&](const char* k) { return v[k].is_object() ? fmtMs(v[k], "max") : std::string("-"); };
        line("Server metrics scrapes (ok / all):",
            std::to_string(v.value("scrapes_ok", 0)) + " / " + std::to_string(v.value("scrapes", 0))
                + (v["system"].is_string() ? " (" + v["system"].get<std::string>() + ")" : std::string()));
        line("Server running / waiting, peak:", peak("running") + " / " + peak("waiting"));
        if (v["kv_usage"].is_object())
            line("Server KV usage median / p99 / max:",
                fmtMs(v["kv_usage"], "median") + " / " + fmtMs(v["kv_usage"], "p99") + " / "
                    + fmtMs(v["kv_usage"], "max"));
        if (v["prefix_cache_hit_share"].is_number()) {
            char share[32];
            std::snprintf(share, sizeof share, "%.1f %%", 100.0 * v["prefix_cache_hit_share"].get<double>());
            line("Server's prefix cache hit share:", std::string(share) + " (its /metrics, over the run)");
        }
        if (v["server_ttft_ms"].is_object())
            line("Server's own TTFT median / p99 (ms):",
                fmtMs(v["server_ttft_ms"], "median") + " / " + fmtMs(v["server_ttft_ms"], "p99"));
    }
    std::cout << "Per adapter (completed, mean TTFT ms, mean E2E ms):\n";
    for (const auto& [name, a] : s["per_adapter"].items())
        std::cout << "  " << name << ": " << a.value("completed", 0) << ", " << fmtMs(a, "mean_ttft_ms") << ", "
                  << fmtMs(a, "mean_e2el_ms") << "\n";
    std::cout << "Results: " << dir << "\n";
}

} // namespace lorascope::cli
