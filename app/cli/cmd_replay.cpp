// SPDX-License-Identifier: Apache-2.0
#include "cli/args.h"
#include "cli/commands.h"
#include "cli/gateargs.h"
#include "cli/options.h"
#include "cli/promptflags.h"
#include "cli/replayargs.h"
#include "cli/replayreport.h"

#include "formats/traceio.h"
#include "replay/exporter.h"
#include "replay/replay.h"
#include "replay/results.h"
#include "util/error.h"
#include "util/fileio.h"
#include "util/jsonread.h"
#include "util/version.h"
#include "workload/spec.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <chrono>
#include <thread>
#include <atomic>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <iterator>
#include <mutex>
#include <optional>

#include <unistd.h>

namespace lorascope::cli {

const char* const kReplayHelp = R"(Usage: lorascope-cli replay TRACE --target URL --backend NAME --out DIR [OPTIONS]

Replay a trace against a serving system, open loop: every request is sent at its trace time
(times an optional scale) on an absolute schedule, whatever the server does, and streamed.
Each finished request is appended to DIR/requests.jsonl at once; DIR/summary.json (keys as
vLLM's `bench serve` result where the meaning is the same, plus per-adapter metrics and
S-LoRA's SLO attainment and reward) and DIR/manifest.json (trace and its SHA-256, spec,
target, backend, version, start time) are written at the end. Ctrl-C (or SIGTERM) stops: the
requests in flight and not yet sent are recorded as cancelled and the summary is still written.
Formulas of every metric: docs/replay.md.

Backends (wire formats):
  slora               POST /generate_stream {model_dir, lora_dir, inputs, parameters}
  openai-completions  POST /v1/completions, stream with usage, ignore_eos; adapter = model name
  openai-chat         POST /v1/chat/completions, same
  sglang              POST /generate {text, sampling_params, lora_path, stream}
  tgi, lorax          POST /generate_stream {inputs, parameters.adapter_id}

Options:
  --target URL                 server base URL, http:// or https:// (required)
  --backend NAME               one of the backends above (required)
  --out DIR                    results folder (required; created if missing; a folder that already
                               holds files, such as an earlier run's, is refused unless --force)
  --force                      write into a non-empty --out folder, replacing requests.jsonl,
                               summary.json, manifest.json and server_metrics.jsonl
  --format, --from NAME        read TRACE as this format instead of guessing from the extension
  --model NAME                 base model name sent to the server (default: the trace's, else "base")
  --time-scale X               multiply trace times by X, 10^-6 to 10^6 (0.5 = twice as fast;
                               default 1)
  --max-concurrency N          at most N requests in flight, 1 to 10^6 (default: no cap); waits
                               are recorded as client queue time
  --slo ttft=MS,tpot=MS,e2el=MS  SLOs for goodput (any subset)
  --warmup S                   leave requests scheduled in the first S seconds out of the metrics
  --cooldown S                 leave requests scheduled in the last S seconds out of the metrics
  --timeout S                  fail a request after S seconds, at most 10^6 (default 0 = none)
  --first-token-timeout S      fail a request without a first token after S seconds (0 = none)
  --prompts FILE               prompts, one per line (text, or JSON with "prompt"); request i uses
                               line i mod count. Default: synthetic words (--prompt-style)
  --prompt-style STYLE         unique (default): every request its own words, one token each in the
                               Llama, Mistral and Qwen tokenizers, shared only where the trace declares
                               it (system prompts, shared documents, a session's history), so a prefix
                               cache sees the designed workload; slora: S-LoRA's "Hello " x input length
                               (every prompt a prefix of every longer one), for comparisons with S-LoRA
  --prompt-seed N              seed of the words (0 to 2^64-1): the same trace and seed send the same
                               bytes. Default: drawn at random (recorded in manifest.json), or derived
                               from --start-at so that every shard agrees
  --session-history MODE       what a session's later turn sends as the earlier answers: actual
                               (default: the text the server returned) or synthetic (the designed
                               length, the same bytes every run)
  --session-header NAME        send the session id in this HTTP header with each turn of a session, for
                               session-affinity routers (e.g. x-session-id). A later turn is sent its
                               think time after the previous answer ended (docs/replay.md, "Sessions")
  --api-key KEY                bearer token (default: $LORASCOPE_API_KEY); never written to results
  --ca-cert FILE               also trust the CA certificates in this PEM file for https (in
                               addition to the system store), e.g. a self-signed server's
  --insecure                   do not verify the https certificate
  --no-realtime                keep the dispatcher (the thread that sends on schedule) at normal
                               priority. By default it runs at real-time priority (SCHED_FIFO 1)
                               when the process may (root, CAP_SYS_NICE, or ulimit -r 1), so its
                               sends stay on time on a busy machine; summary.json records which
                               ("dispatcher_priority": realtime, short_slice or normal)
  --json                       print the summary as JSON
  --quiet                      no live line

CI gates (docs/report.md):
  --fail-if LIST               fail (exit status 3) when a condition on summary.json holds, e.g.
                               'p99_ttft_ms>500,request_goodput<4' (>, <, >=, <=; the bound in the
                               metric's unit); each failing metric, value and bound goes to stderr.
                               Names: the summary.json keys (`lorascope-cli compare --help` lists them)
  --junit FILE.xml             write the gates as JUnit XML (one test case per condition)

Sharded runs (several processes, on one or many machines, acting as one client):
  --shard I/N                  send only shard I (0-based) of N; every shard keeps the whole trace's
                               absolute schedule, so N processes started together send exactly what
                               one process would. Records keep the trace's request index and id;
                               combine the N run folders with `lorascope-cli merge`.
  --shard-by MODE              how requests are split: interleave (default: request k goes to shard
                               k mod N, every shard sees every adapter) or adapter (all requests of an
                               adapter go to one shard, adapters balanced by request count; the base
                               model counts as one adapter). Deterministic: the same trace and N give
                               every process the same split.
  --start-at EPOCH_SECONDS     wall-clock instant (UTC, seconds since 1970-01-01, fractions allowed)
                               of trace time 0, shared by every shard, e.g. $(( $(date +%s) + 30 )).
                               The process waits for it; a start instant already past by more than
                               --start-tolerance is refused (exit 1, nothing written); one past by less
                               starts at once and is recorded as late (start_late_ms). Clock state
                               (the kernel's NTP status, the offset to the server's Date headers) is
                               recorded in manifest.json and summary.json ("clock").
  --start-tolerance S          how late a shard may start (default 1 s; 0 to 3600)

Server metrics (Prometheus), scraped on their own thread so they never delay a request:
  --metrics-url URL            the server's Prometheus endpoint (default: the target's /metrics)
  --metrics-interval S         seconds between scrapes (default 0.5; 0.05 to 3600)
  --metrics-timeout S          give up on a scrape after S seconds (default: max(interval, 1 s))
  --no-metrics                 do not scrape
  Every scrape is a line of DIR/server_metrics.jsonl, on the replay's clock (t_s: seconds since
  the run started, like requests.jsonl): what LoraScope understood ("mapped": running, waiting,
  KV usage, LoRA adapters, token counters of vLLM, SGLang, TGI, LoRAX; docs/replay.md has the
  table) and every series as the server named it ("series": all of them every 60th line, only
  those that changed in between). A scrape that fails (refused, timed out, 404, HTML, more than
  16 MiB, not Prometheus text) is a line with its reason and a note on stderr, once per reason.
  summary.json gets "server": peak and percentiles of running/waiting requests and KV usage,
  adapters, the server's own TTFT/E2E percentiles over the run.

The replay's own live metrics for Prometheus/Grafana (names lorascope_replay_*, docs/replay.md):
  --metrics-port N             serve them at http://ADDRESS:N/metrics during the run (0 = any free
                               port; the URL is printed on stderr)
  --metrics-address ADDR       address to listen on (default 127.0.0.1: loopback only; give
                               0.0.0.0 or a routable address to let another machine scrape)
  --metrics-linger S           keep serving S seconds after the run ended, so the last values are
                               scraped (default 0)

Exit status: 0 when the replay ran (even if some requests failed), 1 when the target could not be
reached at all, the run was cancelled, or on bad input, 2 usage error, 3 a --fail-if gate failed.
)";

namespace {

std::atomic<bool> g_cancel { false };

extern "C" void onCancelSignal(int)
{
    g_cancel.store(true);
}

/// Largest --prompts file read.
constexpr std::uint64_t kMaxPromptsFileBytes = std::uint64_t { 4 } << 30;

std::vector<std::string> readPrompts(const std::string& file)
{
    // As every reader: a regular file (not a directory, a device such as /dev/zero or a pipe).
    InputLines in(file, "prompts file", kMaxPromptsFileBytes);
    std::vector<std::string> prompts;
    std::string line;
    while (in.next(line)) {
        const std::uint64_t n = in.lineNumber();
        if (line.empty())
            continue;
        if (line.front() == '{') {
            nlohmann::json j;
            try {
                j = parseJson(line, file, n); // depth-limited, like every JSON LoraScope reads
            } catch (const InputError&) {
            }
            if (!j.is_object() || !j.contains("prompt") || !j["prompt"].is_string())
                throw InputError("expected a JSON object with a string \"prompt\"", file, n, "prompt");
            prompts.push_back(j["prompt"].get<std::string>());
        } else {
            prompts.push_back(line);
        }
    }
    if (prompts.empty())
        throw InputError("no prompts in file", file);
    return prompts;
}

} // namespace

Slo parseSlo(const std::string& text)
{
    Slo slo;
    std::size_t pos = 0;
    while (pos <= text.size()) {
        auto comma = text.find(',', pos);
        if (comma == std::string::npos)
            comma = text.size();
        const std::string item = text.substr(pos, comma - pos);
        const auto eq = item.find('=');
        if (eq == std::string::npos)
            throw UsageError("--slo expects NAME=MS items (ttft, tpot, e2el), got \"" + item + "\"");
        const std::string name = item.substr(0, eq);
        // from_chars, not stod: no leading blanks, "inf", hex; 1e400 is out of range, not an exception.
        const std::string num = item.substr(eq + 1);
        double v = 0;
        const auto res = std::from_chars(num.data(), num.data() + num.size(), v);
        if (num.empty() || res.ptr != num.data() + num.size()
            || (res.ec != std::errc() && res.ec != std::errc::result_out_of_range))
            throw UsageError("--slo: \"" + item.substr(0, 40) + "\" is not NAME=MS");
        if (res.ec != std::errc() || !std::isfinite(v) || !(v > 0) || v > 1e9)
            throw UsageError("--slo: " + name.substr(0, 40) + " must be > 0 and at most 1000000000 ms (got "
                + num.substr(0, 40) + ")");
        std::optional<double>* bound = name == "ttft" ? &slo.ttftMs
            : name == "tpot"                          ? &slo.tpotMs
            : name == "e2el"                          ? &slo.e2elMs
                                                      : nullptr;
        if (!bound)
            throw UsageError("--slo: unknown metric \"" + name.substr(0, 40) + "\" (ttft, tpot, e2el)");
        if (bound->has_value()) // "ttft=100,ttft=900" is a typo, not "the last one wins"
            throw UsageError("--slo: " + name + " is given twice; give each metric once");
        *bound = v;
        pos = comma + 1;
    }
    return slo;
}

namespace {

/// Everything the replay flags ask for, read from `a` (checked by parseArgs and here).
ReplayOptions readReplayOptions(const Args& a, const Trace& trace)
{
    const auto target = a.value("--target");
    ReplayOptions o;
    o.target = *target;
    o.backend = *backendFromName(*a.value("--backend"));
    o.baseModel = a.value("--model").value_or(trace.baseModel.empty() ? std::string("base") : trace.baseModel);
    o.timeScale = a.number("--time-scale", 1.0);
    o.maxConcurrency = std::size_t(a.integer("--max-concurrency", 0)); // 0 (not given) = no cap
    o.warmupSeconds = a.number("--warmup", 0);
    o.cooldownSeconds = a.number("--cooldown", 0);
    o.requestTimeout = a.number("--timeout", 0);
    o.firstTokenTimeout = a.number("--first-token-timeout", 0);
    o.verifyTls = !a.has("--insecure");
    o.realtimeDispatcher = !a.has("--no-realtime");
    if (auto ca = a.value("--ca-cert"))
        o.caFile = *ca; // checked (and loaded) by the Replayer, before the results folder exists
    if (auto sh = a.value("--shard")) {
        try {
            o.shard = parseShardSpec(*sh);
        } catch (const InputError& e) {
            throw UsageError(e.detail()); // a flag's value: a usage error, as every other flag
        }
    }
    if (auto by = a.value("--shard-by")) {
        const auto mode = shardByFromName(*by);
        if (!mode)
            throw UsageError("--shard-by: expected interleave or adapter, got \"" + *by + "\"");
        if (!a.has("--shard"))
            throw UsageError("--shard-by needs --shard I/N");
        o.shard.by = *mode;
    }
    if (a.has("--start-at"))
        o.startAtEpoch = a.number("--start-at", 0);
    o.startTolerance = a.number("--start-tolerance", 1.0);
    if (a.has("--start-tolerance") && !a.has("--start-at"))
        throw UsageError("--start-tolerance needs --start-at");
    o.scrape.enabled = !a.has("--no-metrics");
    if (a.has("--no-metrics") && (a.has("--metrics-url") || a.has("--metrics-interval") || a.has("--metrics-timeout")))
        throw UsageError("--no-metrics with --metrics-url/--metrics-interval/--metrics-timeout");
    o.scrape.url = a.value("--metrics-url").value_or("");
    o.scrape.interval = a.number("--metrics-interval", 0.5);
    o.scrape.timeout = a.number("--metrics-timeout", 0);
    if (auto k = a.value("--api-key"))
        o.apiKey = *k;
    else if (const char* env = std::getenv("LORASCOPE_API_KEY"))
        o.apiKey = env;
    if (auto p = a.value("--prompts"))
        o.prompts = readPrompts(*p);
    applyPromptFlags(a, o);
    return o;
}

/// --metrics-port: the replay's own live metrics for Prometheus (null without it).
std::unique_ptr<ClientMetricsExporter> startExporter(const Args& a, const ReplayOptions& o, const Replayer& replayer)
{
    if (!a.has("--metrics-port")) {
        if (a.has("--metrics-address") || a.has("--metrics-linger"))
            throw UsageError("--metrics-address and --metrics-linger need --metrics-port");
        return nullptr;
    }
    ExporterOptions eo;
    eo.port = std::uint16_t(a.integer("--metrics-port", 0));
    eo.address = a.value("--metrics-address").value_or("127.0.0.1");
    eo.backend = backendName(o.backend);
    eo.target = replayer.target().str();
    eo.shard = std::to_string(o.shard.index) + "/" + std::to_string(o.shard.count);
    eo.version = kVersion;
    auto exporter = std::make_unique<ClientMetricsExporter>(eo);
    std::cerr << "lorascope-cli replay: client metrics at " << exporter->url() << "\n";
    return exporter;
}

nlohmann::json runManifest(
    const Args& a, const std::string& traceFile, const Trace& trace, const ReplayOptions& o, const Replayer& replayer)
{
    nlohmann::json manifest;
    manifest["tool"] = "lorascope";
    manifest["tool_version"] = kVersion;
    manifest["start_time"] = utcNowIso();
    manifest["trace"] = { { "path", traceFile }, { "sha256", sha256OfFile(traceFile) },
        { "requests", trace.requests.size() }, { "adapters", trace.adapters.size() }, { "source", trace.source } };
    if (trace.spec)
        manifest["spec"] = toJson(*trace.spec);
    manifest["target"] = replayer.target().str(); // credentials in URLs are refused by parseTargetUrl
    if (manifest["target"] != o.target)
        manifest["target_given"] = o.target;
    manifest["notes"] = replayer.notes();
    manifest["metrics_url"]
        = replayer.metricsUrl() ? nlohmann::json(replayer.metricsUrl()->str()) : nlohmann::json(nullptr);
    manifest["shard"] = { { "index", o.shard.index }, { "count", o.shard.count }, { "by", shardByName(o.shard.by) },
        { "requests", replayer.requests().size() } };
    manifest["prompt"] = promptManifestJson(o, replayer.promptSeed());
    manifest["backend"] = backendName(o.backend);
    manifest["model"] = o.baseModel;
    manifest["options"] = { { "time_scale", o.timeScale }, { "max_concurrency", o.maxConcurrency },
        { "warmup_s", o.warmupSeconds }, { "cooldown_s", o.cooldownSeconds }, { "timeout_s", o.requestTimeout },
        { "first_token_timeout_s", o.firstTokenTimeout }, { "verify_tls", o.verifyTls },
        { "ca_cert", o.caFile.empty() ? nlohmann::json(nullptr) : nlohmann::json(o.caFile) },
        { "api_key", o.apiKey.empty() ? "none" : "set (not recorded)" },
        { "prompts", a.value("--prompts").value_or("synthetic") },
        { "start_at_epoch_s", o.startAtEpoch ? nlohmann::json(*o.startAtEpoch) : nlohmann::json(nullptr) },
        { "start_tolerance_s", o.startTolerance } };
    return manifest;
}

/// The exit status of a finished run, with its last words on stderr.
int exitStatus(const ReplayResult& result, const Replayer& replayer, bool writeFailed)
{
    if (writeFailed)
        return kExitInput;
    if (!result.stopped.empty()) {
        std::cerr << "lorascope-cli replay: error: " << result.stopped << "\n";
        return kExitInput;
    }
    if (!result.reachable && !result.records.empty() && !result.cancelled) {
        std::string why;
        for (const auto& r : result.records)
            if (!r.error.empty()) {
                why = r.error;
                break;
            }
        std::cerr << "lorascope-cli replay: error: could not reach " << replayer.target().str()
                  << (why.empty() ? "" : ": " + why) << "\n";
        return kExitInput;
    }
    if (result.cancelled) {
        std::cerr << "lorascope-cli replay: cancelled; in-flight and unsent requests recorded as cancelled\n";
        return kExitInput;
    }
    return kExitOk;
}

} // namespace

int runReplay(const std::vector<std::string>& argv)
{
    // Numeric options are range-checked by parseArgs (the shared table in cli/options.cpp).
    const Args a = parseArgs("replay", argv,
        { "--target", "--backend", "--out", "--format", "--model", "--time-scale", "--max-concurrency", "--slo",
            "--warmup", "--cooldown", "--timeout", "--first-token-timeout", "--prompts", "--api-key", "--ca-cert",
            "--shard", "--shard-by", "--start-at", "--start-tolerance", "--metrics-url", "--metrics-interval",
            "--metrics-timeout", "--metrics-port", "--metrics-address", "--metrics-linger", "--fail-if", "--junit",
            "--prompt-style", "--prompt-seed", "--session-history", "--session-header" },
        { "--insecure", "--json", "--quiet", "--no-metrics", "--force", "--no-realtime" });
    if (a.positional().size() != 1)
        throw UsageError(a.positional().empty() ? "missing TRACE file" : "expected one TRACE file");
    if (!a.value("--target"))
        throw UsageError("--target URL is required");
    const auto backendText = a.value("--backend");
    if (!backendText)
        throw UsageError("--backend is required (" + backendNames() + ")");
    const auto outDir = a.value("--out");
    if (!outDir)
        throw UsageError("--out DIR is required");
    const auto gates = failIfFromArgs(a); // a bad gate is a usage error before anything is sent
    if (a.has("--junit") && gates.empty())
        throw UsageError("--junit needs --fail-if");
    if (!backendFromName(*backendText))
        throw InputError(
            std::string("--backend") + ": " + "unknown backend '" + *backendText + "' (" + backendNames() + ")", {}, 0,
            "--backend");

    const std::string traceFile = a.positional().front();
    // No output (the results folder, the JUnit file) may be, or hold, an input (cli/fileio.h).
    checkOutputs({ { "--out", *outDir }, { "--junit", a.value("--junit").value_or("") } },
        { { "TRACE", traceFile }, { "--prompts", a.value("--prompts").value_or("") },
            { "--ca-cert", a.value("--ca-cert").value_or("") } });
    // Never mix or overwrite an earlier run's results without being told to.
    checkResultsFolder(*outDir, "--out", a.has("--force"));
    const Trace trace = readTrace(traceFile, a.value("--format").value_or(""));
    if (trace.requests.empty())
        throw InputError("the trace has no requests: nothing to replay", traceFile);
    const ReplayOptions o = readReplayOptions(a, trace);
    SummaryOptions so;
    if (auto s = a.value("--slo"))
        so.slo = parseSlo(*s);

    // Every check that can fail before a request is sent (URL, resolution, TLS files, schedule
    // range, shard, start instant) happens here, before the results folder exists.
    std::optional<Replayer> made;
    try {
        made.emplace(trace, o);
    } catch (const InputError& e) {
        if (e.field() == "time_s") // a request of the trace itself: name the file
            throw InputError(e.detail(), traceFile, 0, e.field());
        throw;
    }
    Replayer& replayer = *made;
    for (const auto& n : replayer.notes())
        std::cerr << "lorascope-cli replay: note: " << n << "\n";
    const double linger = a.number("--metrics-linger", 0); // range checked by parseArgs
    std::unique_ptr<ClientMetricsExporter> exporter = startExporter(a, o, replayer);

    ResultsFolder folder(*outDir, "--out", !a.has("--force")); // claimed: a second replay into it is refused
    nlohmann::json manifest = runManifest(a, traceFile, trace, o, replayer);
    manifest["command_line"] = commandLineText("replay", argv); // --api-key's value is not recorded
    folder.writeManifest(manifest);

    struct sigaction sa { };
    sa.sa_handler = onCancelSignal;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGINT, &sa, nullptr);
    sigaction(SIGTERM, &sa, nullptr);
    std::signal(SIGPIPE, SIG_IGN);

    const bool live = !a.has("--quiet") && ::isatty(2);
    RunWriter writer(folder, live, g_cancel);
    std::vector<double> ttfts;
    std::mutex ttftMutex;
    ReplayObserver obs;
    // The run clock goes into the manifest before the first request: a shard that dies still
    // leaves what `merge` needs to place its records on the common time axis.
    obs.onStart = [&](const RunClock& c) {
        manifest["clock"] = runClockToJson(c);
        writer.manifest(manifest);
        if (c.startAt && c.origin > 0.5 && !a.has("--quiet"))
            std::fprintf(stderr, "lorascope-cli replay: waiting %.1f s for --start-at\n", c.origin);
    };
    obs.onScrape = [&](const ScrapeRecord& r) { writer.scrape(r.line); };
    obs.onNote = [&](const std::string& note) {
        std::fprintf(stderr, "%slorascope-cli replay: %s\n", live ? "\n" : "", note.c_str());
        std::fflush(stderr);
    };
    obs.onRecord = [&](const ReplayRecord& r) {
        if (exporter)
            exporter->onRecord(r);
        writer.record(r);
        if (std::isfinite(r.ttft())) {
            std::lock_guard lock(ttftMutex);
            ttfts.push_back(r.ttft() * 1e3);
        }
    };
    if (live || exporter) {
        const auto line = statusLine(ttfts, ttftMutex);
        obs.onStatus = [&, line, live](const ReplayStatus& s) {
            if (exporter)
                exporter->onStatus(s);
            if (live)
                line(s);
        };
    }
    if (exporter)
        obs.statusInterval = std::min(obs.statusInterval, 0.2);
    const auto result = replayer.run(obs, &g_cancel);
    if (live)
        std::fprintf(stderr, "\n");

    const auto summary = runSummary(result, so, o, replayer, manifest["shard"]);
    // The summary is printed even when its file cannot be written: the counts are never lost.
    std::string summaryError;
    try {
        folder.writeSummary(summary);
    } catch (const std::exception& e) {
        summaryError = e.what();
    }
    for (const auto& w : summary["warnings"])
        std::cerr << "lorascope-cli replay: warning: " << w.get<std::string>() << "\n";
    if (a.has("--json"))
        std::cout << summary.dump(2) << "\n";
    else
        printReplaySummary(summary, folder.dir());
    std::cout.flush();
    if (exporter && linger > 0 && !result.cancelled) {
        // Keep /metrics up so the last values are scraped; Ctrl-C ends the wait.
        const auto until = std::chrono::steady_clock::now() + std::chrono::duration<double>(linger);
        while (std::chrono::steady_clock::now() < until && !g_cancel.load())
            std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
    if (const std::string counts = writer.counts(result.records.size()); !counts.empty())
        std::cerr << "lorascope-cli replay: error: " << counts << "\n";
    if (!summaryError.empty())
        std::cerr << "lorascope-cli replay: error: " << summaryError << " (the summary printed above is complete)\n";
    const int status = exitStatus(result, replayer, writer.failed() || !summaryError.empty());
    if (status != kExitOk)
        return status;
    return finishGates("replay", a, checkGates(gates, summary), kExitOk, result.wallSeconds);
}

} // namespace lorascope::cli
