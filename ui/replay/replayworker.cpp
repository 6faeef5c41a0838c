// SPDX-License-Identifier: Apache-2.0
#include "replay/replayworker.h"

#include "admission/costmodel.h"
#include "formats/traceio.h"
#include "replay/results.h"
#include "replay/runview.h"
#include "server/simserver.h"
#include "util/version.h"

#include <filesystem>
#include <future>

#ifdef __linux__
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>
#endif

namespace lorascope {

SimulationConfig replayPreviewConfig(const std::optional<SimulationConfig>& session)
{
    SimulationConfig c;
    if (session)
        c = *session;
    else
        c.cost = costModelPresets().front(); // what the built-in server uses without a session
    c.clock = ClockKind::Model; // the server runs in seconds, whatever the Admission tab shows
    c.recordTimeline = false; // the binner sees every pass; no per-pass records needed
    return c;
}

void startReplayWorker(const std::shared_ptr<ReplayRun>& run, ReplayJob job)
{
    run->worker = std::thread([run, job = std::move(job)]() mutable {
        auto& o = job.options;
        const auto& trace = job.trace;
        std::future<void> preview;
        try {
            std::unique_ptr<SimServer> server;
            if (job.builtin) {
                SimServerOptions so;
                so.cost = costModelPresets().front();
                if (job.serverConfig) {
                    so.scheduler = job.serverConfig->scheduler;
                    so.cost = job.serverConfig->cost;
                }
                so.speed = job.speed;
                // Each adapter's own rank, as the preview uses it (ranks decide S-LoRA's KV budget).
                for (const auto& a : trace->adapters)
                    if (a.rank > 0)
                        so.adapterRanks[a.name] = a.rank;
                if (job.serverConfig && job.serverConfig->ranks.size() == trace->adapters.size())
                    for (std::size_t i = 0; i < trace->adapters.size(); ++i)
                        if (job.serverConfig->ranks[i] > 0)
                            so.adapterRanks[trace->adapters[i].name] = job.serverConfig->ranks[i];
                server = std::make_unique<SimServer>(so);
                server->start();
                o.target = "http://127.0.0.1:" + std::to_string(server->port());
            }
            // The server's metrics, scraped on the replay's clock (serve-sim exposes vLLM's names).
            o.scrape.enabled = true;
            Replayer replayer(*trace, o); // checks the target before anything is written
            // The preview of the same trace as the server sees it: arrivals at trace time × time
            // scale, in the server's model time (real time × speed); its axis is divided back.
            if (job.preview) {
                const double k = o.timeScale * (job.builtin ? job.speed : 1.0);
                const double axis = job.builtin ? job.speed : 1.0;
                auto config = replayPreviewConfig(job.serverConfig);
                preview = std::async(std::launch::async, [run, trace, k, axis, config] {
#ifdef __linux__
                    // The preview must not take CPU from the replay it is compared with: this
                    // thread runs at the lowest priority (Linux sets nice values per thread).
                    ::setpriority(PRIO_PROCESS, static_cast<id_t>(::syscall(SYS_gettid)), 19);
#endif
                    auto scaled = std::make_shared<Trace>(*trace);
                    for (auto& r : scaled->requests)
                        r.time *= k;
                    ProgressSink sink;
                    sink.cancel = &run->cancel;
                    try {
                        auto a = analyzeAdmission(scaled, config, sink, 600, 20);
                        // At the scrapes' resolution (0.5 s of replay time), not per forward pass.
                        a->timeline = coarsenBins(a->timeline, 0.5 * axis);
                        std::lock_guard lock(run->mutex);
                        run->preview = std::move(a);
                        run->previewAxisScale = axis;
                    } catch (const std::exception&) {
                        // Cancelled (Stop) or a trace the preview cannot take: no overlay.
                    }
                });
            }
            ResultsFolder results(job.folder);
            nlohmann::json manifest = { { "tool", "lorascope" }, { "tool_version", kVersion },
                { "start_time", utcNowIso() },
                { "trace",
                    { { "path", job.traceSource },
                        { "sha256", job.tracePath.empty() ? std::string() : sha256OfFile(job.tracePath) },
                        { "requests", trace->requests.size() }, { "adapters", trace->adapters.size() } } },
                { "target", job.builtin ? std::string("built-in simulated server") : replayer.target().str() },
                { "backend", backendName(o.backend) }, { "model", o.baseModel },
                { "metrics_url",
                    replayer.metricsUrl() ? nlohmann::json(replayer.metricsUrl()->str()) : nlohmann::json(nullptr) },
                { "shard",
                    { { "index", 0 }, { "count", 1 }, { "by", shardByName(o.shard.by) },
                        { "requests", trace->requests.size() } } },
                { "options",
                    { { "time_scale", o.timeScale }, { "max_concurrency", o.maxConcurrency },
                        // The same keys as the CLI's manifest, so the report says them instead of "-".
                        { "warmup_s", o.warmupSeconds }, { "cooldown_s", o.cooldownSeconds },
                        { "timeout_s", o.requestTimeout }, { "first_token_timeout_s", o.firstTokenTimeout },
                        { "prompts", o.prompts.empty() ? "synthetic" : "file" }, { "start_at_epoch_s", nullptr },
                        { "server_speed", job.builtin ? nlohmann::json(job.speed) : nlohmann::json(nullptr) } } } };
            if (trace->spec)
                manifest["spec"] = toJson(*trace->spec);
            manifest["prompt"] = promptManifestJson(o, replayer.promptSeed());
            results.writeManifest(manifest);
            {
                std::lock_guard lock(run->mutex);
                run->notes = replayer.notes();
            }
            ReplayObserver obs;
            std::string writeError;
            // A results file that cannot be written stops the run: losing results silently is worse.
            auto guarded = [&](auto&& write) {
                try {
                    write();
                } catch (const std::exception& e) {
                    std::lock_guard lock(run->mutex);
                    if (writeError.empty())
                        writeError = e.what();
                    run->cancel = true;
                }
            };
            obs.onStart = [&](const RunClock& c) {
                // Into the manifest before the first request, so the folder opens on the same axis.
                manifest["clock"] = runClockToJson(c);
                guarded([&] { results.writeManifest(manifest); });
                std::lock_guard lock(run->mutex);
                run->origin = c.origin;
                // The schedule on the trace axis, computed as the engine does and then shifted
                // (origin + t × scale − origin), so a live run and its folder bin the same.
                for (const auto& r : trace->requests)
                    run->schedule.push_back((c.origin + r.time * o.timeScale) - c.origin);
                run->scheduleReady = true;
            };
            obs.onRecord = [&](const ReplayRecord& r) {
                guarded([&] { results.append(r); });
                std::lock_guard lock(run->mutex);
                run->records.push_back(r);
            };
            obs.onStatus = [&](const ReplayStatus& s) {
                std::lock_guard lock(run->mutex);
                run->statuses.push_back(s);
            };
            obs.onScrape = [&](const ScrapeRecord& r) {
                guarded([&] { results.appendServerMetrics(r.line); });
                std::lock_guard lock(run->mutex);
                run->samples.push_back(r.sample);
            };
            obs.onNote = [&](const std::string& note) {
                std::lock_guard lock(run->mutex);
                run->notes.push_back(note);
            };
            const auto result = replayer.run(obs, &run->cancel);
            SummaryOptions so;
            so.backend = backendName(o.backend);
            auto summary = summarizeReplay(result.records, so);
            summary["cancelled_run"] = result.cancelled;
            summary["backend"] = so.backend;
            summary["clock"] = runClockToJson(result.clock);
            summary["dispatcher_priority"] = dispatcherPriorityName(result.dispatcherPriority);
            if (replayer.metricsUrl())
                summary["server"] = summarizeServerMetrics(result.serverSamples);
            results.writeSummary(summary);
            if (server)
                server->stop();
            std::lock_guard lock(run->mutex);
            run->summary = std::move(summary);
            if (!writeError.empty())
                run->error = writeError;
            else if (!result.stopped.empty())
                run->error = result.stopped;
            else if (!result.reachable && !result.records.empty() && !result.cancelled)
                run->error = "could not reach " + replayer.target().str();
        } catch (const std::exception& e) {
            // Refused before anything was written (bad target, server did not start): the tab
            // created the folder, so remove it again if it is still empty (never a folder with files).
            std::error_code ec;
            if (std::filesystem::is_empty(job.folder, ec) && !ec)
                std::filesystem::remove(job.folder, ec);
            std::lock_guard lock(run->mutex);
            run->error = e.what();
        }
        if (preview.valid())
            preview.wait();
        std::lock_guard lock(run->mutex);
        run->finished = true;
    });
}

} // namespace lorascope
