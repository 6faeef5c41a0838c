// SPDX-License-Identifier: Apache-2.0
#pragma once
// The replay engine: sends a trace's requests to a serving system on an absolute, open-loop
// schedule and records every request (docs/replay.md). The caller's thread dispatches on the schedule;
// network threads hold any number of concurrent streams. This header has no networking types.
// Sources: dispatcher.cpp (schedule, bookkeeping), stream.cpp (network threads, Beast),
// priority.cpp (the dispatcher thread's CPU priority), connpool.cpp (keep-alive pool), ledger.cpp (counters, callbacks), url.cpp (target URL),
// schedule.cpp (shards, absolute times, limits), clock.cpp (wall clock, start-at, clock offsets),
// scraper.cpp (the server's Prometheus metrics, own thread), servermap.cpp (metric names).
//
// Live data for charts: onRecord (each finished request, times on the run clock), onStatus
// (counters every statusInterval), onScrape (each scrape of the server's metrics: a ServerSample
// on the same run clock, so server running/waiting/KV usage line up with the requests' times).

#include "replay/backend.h"
#include "replay/clock.h"
#include "replay/metrics.h"
#include "replay/schedule.h"
#include "replay/scraper.h"
#include "replay/url.h"
#include "workload/prompttext.h"
#include "workload/trace.h"

#include <nlohmann/json_fwd.hpp>

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace lorascope {

/// The prompts replay sends (docs/replay.md, "Prompts").
enum class PromptStyle {
    Unique, ///< LoraScope's synthetic words: every request's own text, shared only as the trace declares
    SLora, ///< S-LoRA's benchmark prompt "Hello " × input length (every prompt a prefix of every longer one)
};
/// "unique", "slora"; and back (nullopt if unknown).
const char* promptStyleName(PromptStyle style);
std::optional<PromptStyle> promptStyleFromName(const std::string& name);

/// The session header most session-affinity routers read (the GUI's default name).
inline constexpr const char* kDefaultSessionHeader = "x-session-id";

/// What a later turn of a session sends as the earlier turns' answers.
enum class SessionHistory {
    Actual, ///< the text the server returned (synthetic when it returned none: a failed turn)
    Synthetic, ///< LoraScope's synthetic answer of the designed length (the same bytes on every run)
};
const char* sessionHistoryName(SessionHistory history);
std::optional<SessionHistory> sessionHistoryFromName(const std::string& name);

/// What to replay and how.
struct ReplayOptions {
    std::string target; ///< base URL of the server
    Backend backend = Backend::SLora;
    std::string baseModel = "base"; ///< base model name sent to the server
    double timeScale = 1.0; ///< schedule time = trace time × timeScale (0.5 = twice as fast)
    std::size_t maxConcurrency = 0; ///< 0 = unlimited; otherwise waits are client queue time
    double warmupSeconds = 0; ///< requests scheduled before this are trimmed from the metrics
    double cooldownSeconds = 0; ///< requests scheduled in the last seconds are trimmed
    double requestTimeout = 0; ///< seconds, 0 = none
    double firstTokenTimeout = 0; ///< seconds from send to the first token, 0 = none
    bool verifyTls = true; ///< verify the server certificate and host name for https
    std::string caFile; ///< PEM bundle trusted for https in addition to the system store; empty = none
    std::string apiKey; ///< sent as "Authorization: Bearer"; never written to results
    std::vector<std::string> prompts; ///< user prompts (request i uses i mod size); empty = synthetic
    PromptStyle promptStyle = PromptStyle::Unique; ///< synthetic prompts' style
    /// Seed of the synthetic prompts' words: the same trace and seed give the same bytes. Unset: derived
    /// from startAtEpoch when given (every shard of a run agrees), else drawn at random (nothing shared
    /// with an earlier run's cache); the seed used is ReplayResult::promptSeed and in the manifest.
    std::optional<std::uint64_t> promptSeed;
    SessionHistory sessionHistory = SessionHistory::Actual;
    /// Non-empty: requests of a session carry this HTTP header with the session id (session-affinity routers).
    std::string sessionHeader;
    std::size_t maxEventBytes = 1 << 20; ///< larger events fail the request
    std::size_t networkThreads = 0; ///< threads reading streams; 0 = half the cores, 1 to 4
    double startDelay = 0.05; ///< seconds between run start and the first scheduled time 0
    /// This process sends only this share of the trace, on the whole trace's schedule.
    ShardSpec shard;
    /// Wall-clock instant (UTC, seconds since the epoch) of trace time 0, shared by the processes
    /// of a sharded run; unset = `startDelay` after the run starts.
    std::optional<double> startAtEpoch;
    /// With startAtEpoch: refuse to start when that instant is already more than this many
    /// seconds past (a shard that starts later is reported as late in its result).
    double startTolerance = 1.0;
    /// Scraping the server's Prometheus endpoint during the run (off by default in the library).
    ScrapeOptions scrape;
    /// Ask for real-time priority (SCHED_FIFO 1) for the dispatcher thread while the run lasts, when the process may
    /// have it (root, CAP_SYS_NICE, or `ulimit -r` of 1 or more); otherwise, and when false, it asks for a short time
    /// slice. See DispatcherPriority.
    bool realtimeDispatcher = true;
    /// Stop when this many requests in a row failed to connect before any got an answer (a wrong
    /// URL, a server that is not running): the rest would fail the same way. 0 = never stop.
    std::size_t stopAfterConnectFailures = 8;
};

/// The CPU priority the dispatcher thread (the one that sends on schedule) ran at.
enum class DispatcherPriority {
    Normal, ///< the caller's normal priority: nothing could be changed
    ShortSlice, ///< normal priority with a 0.1 ms time slice (Linux 6.12+ honours it; older kernels ignore it)
    Realtime, ///< SCHED_FIFO or SCHED_RR: it preempts normal threads as soon as its timer fires
};
/// "normal", "short_slice", "realtime" (summary.json's dispatcher_priority).
std::string dispatcherPriorityName(DispatcherPriority p);

/// Live counters, reported now and then from the network thread.
struct ReplayStatus {
    double elapsed = 0; ///< seconds since the run started
    std::uint64_t total = 0, sent = 0, completed = 0, failed = 0, cancelled = 0, inFlight = 0, queued = 0;
    std::uint64_t outputTokens = 0;
    std::uint64_t fdExhausted = 0; ///< requests that found no free file descriptor
};

/// Callbacks. onStatus runs on the thread that called runReplay, onRecord on whichever engine
/// thread ended the request; the engine never runs two callbacks at the same time.
struct ReplayObserver {
    std::function<void(const ReplayRecord&)> onRecord; ///< a request finished (any outcome)
    std::function<void(const ReplayStatus&)> onStatus; ///< about every `statusInterval` seconds
    /// A scrape of the server's metrics ended (scraper thread). Its sample's times are on the run
    /// clock, like the records'.
    std::function<void(const ScrapeRecord&)> onScrape;
    /// The run clock is set (start instant, origin), before the first request (caller's thread).
    std::function<void(const RunClock&)> onStart;
    /// Something the user must know now, said once (e.g. the client ran out of file descriptors).
    std::function<void(const std::string&)> onNote;
    double statusInterval = 0.2;
};

/// What a replay returns: one record per request sent by this process (the whole trace, or the
/// shard's share), in trace order; `index` is the request's position in the whole trace.
struct ReplayResult {
    std::vector<ReplayRecord> records;
    bool reachable = false; ///< at least one request got an HTTP response
    bool cancelled = false;
    double wallSeconds = 0;
    RunClock clock; ///< run clock ↔ wall clock, start-at lateness, clock offsets observed
    std::vector<std::string> notes; ///< things the user should know (said once each), e.g. descriptor exhaustion
    std::uint64_t fdExhausted = 0; ///< requests failed because no file descriptor was free
    std::vector<ServerSample> serverSamples; ///< every scrape of the server's metrics, in time order
    DispatcherPriority dispatcherPriority = DispatcherPriority::Normal;
    std::uint64_t promptSeed = 0; ///< the seed of the synthetic prompts' words (ReplayOptions::promptSeed)
    /// Why the run stopped by itself (ReplayOptions::stopAfterConnectFailures): what failed and how
    /// to check the URL; empty when it did not. The run is then also `cancelled`.
    std::string stopped;
};

/// A replay, checked and ready to run. Everything that can be known to fail before the first
/// request is checked by the constructor, so a caller can refuse before creating any output:
/// the target URL (strictly), host resolution, TLS files, the schedule's range, the shard,
/// the start instant. Not copyable; one run per object.
class Replayer {
public:
    /// Throws InputError naming the option (`--target`, `--ca-cert`, `--time-scale`, ...).
    Replayer(const Trace& trace, ReplayOptions options);
    ~Replayer();
    Replayer(const Replayer&) = delete;
    Replayer& operator=(const Replayer&) = delete;

    /// The target as it will be used (after any `/v1` fix, see fitBasePathToBackend).
    const TargetUrl& target() const;
    /// The metrics URL scraped, or nullptr when not scraping.
    const TargetUrl* metricsUrl() const;
    /// What the constructor adjusted and the user should know ("the target ends in /v1 ...").
    const std::vector<std::string>& notes() const;
    /// The trace indices this process sends, ascending.
    const std::vector<std::size_t>& requests() const;
    /// The seed the synthetic prompts use (chosen by the constructor: see ReplayOptions::promptSeed).
    std::uint64_t promptSeed() const;

    /// Runs the replay. Blocks the calling thread (it runs the dispatcher) until every request
    /// has ended or `cancel` became true (then in-flight and unsent requests are recorded as
    /// cancelled). Throws InputError when the start instant has passed by more than the tolerance.
    ReplayResult run(const ReplayObserver& observer = {}, const std::atomic<bool>* cancel = nullptr);

private:
    struct Impl;
    std::unique_ptr<Impl> m;
};

/// Replayer(trace, options).run(observer, cancel).
ReplayResult runReplay(const Trace& trace, const ReplayOptions& options, const ReplayObserver& observer = {},
    const std::atomic<bool>* cancel = nullptr);

/// Trace request `index`'s prompt under `options` with the prompt seed `seed`, as one text and, for
/// openai-chat, as messages. `answers` gives the server's answer text of an earlier turn (trace
/// index), or nullptr for the synthetic one. Throws std::length_error for a synthetic prompt over
/// kMaxSyntheticPromptTokens.
struct ReplayPrompt {
    std::string text;
    std::vector<ChatMessage> messages; ///< empty unless the backend is openai-chat
};
ReplayPrompt promptFor(const Trace& trace, const ReplayOptions& options, std::uint64_t seed, std::size_t index,
    const AnswerLookup& answers = {});

/// What manifest.json records of the prompt options ("prompt": style, seed, session history and header).
nlohmann::json promptManifestJson(const ReplayOptions& options, std::uint64_t seed);

/// Longer synthetic prompts fail their request instead of building gigabytes.
inline constexpr std::uint32_t kMaxSyntheticPromptTokens = 1u << 20;

} // namespace lorascope
