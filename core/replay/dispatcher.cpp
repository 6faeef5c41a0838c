// SPDX-License-Identifier: Apache-2.0
// The dispatcher: the schedule timer, the bookkeeping of requests that start, wait for a
// concurrency slot and end, the status poll and cancellation. Runs on the caller's thread.
#include "replay/engine.h"
#include "replay/priority.h"

#include "util/error.h"
#include "util/fileio.h"
#include "util/filelimit.h"
#include "util/jsonread.h"

#include <boost/asio/co_spawn.hpp>
#include <boost/asio/detached.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/redirect_error.hpp>
#include <boost/asio/use_awaitable.hpp>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <cstring>
#include <iterator>
#include <numeric>
#include <random>

namespace lorascope {

namespace replay_detail {

namespace {
constexpr std::size_t kNoSlot = std::size_t(-1);
// A p99 dispatch lateness above this, at normal priority, gets a note on how to send on time.
constexpr double kLateDispatchSeconds = 0.001;
// A CA bundle is small (Debian's whole system bundle is ~200 KB).
constexpr std::uintmax_t kMaxCaFileBytes = 16u << 20;

// p99 of how late the schedule timer fired (dispatched − scheduled), in seconds; NaN without dispatched requests.
double dispatchLatenessP99(const std::vector<ReplayRecord>& records)
{
    std::vector<double> late;
    late.reserve(records.size());
    for (const auto& r : records)
        if (std::isfinite(r.dispatched) && std::isfinite(r.scheduled))
            late.push_back(r.dispatched - r.scheduled);
    return distributionOf(std::move(late)).p99;
}

// Before OpenSSL reads it: a regular file of sane size that has a PEM certificate in it.
void checkCaFile(const std::string& file)
{
    std::string text;
    try {
        text = readWholeFile(file, "--ca-cert", kMaxCaFileBytes); // as every reader: a regular file of sane size
    } catch (const InputError& e) {
        throw InputError(e.detail(), file, 0, "--ca-cert");
    }
    if (text.find("-----BEGIN CERTIFICATE-----") == std::string::npos)
        throw InputError(
            "--ca-cert: no PEM certificate (-----BEGIN CERTIFICATE-----) in this file", file, 0, "--ca-cert");
}
}

Engine::Engine(const Trace& trace, const ReplayOptions& options, std::vector<std::string>& notes)
    : m_trace(trace)
    , m_opt(options)
    , m_ssl(net::ssl::context::tls_client)
    , m_scheduleTimer(m_io)
    , m_pollTimer(m_io)
{
    // Durations and the schedule first: they need no network.
    checkSchedule(trace, options.timeScale);
    m_requestTimeout = checkedTimeout(options.requestTimeout, "--timeout");
    m_firstTokenTimeout = checkedTimeout(options.firstTokenTimeout, "--first-token-timeout");
    for (const auto& [value, field] : { std::pair { options.warmupSeconds, "--warmup" },
             { options.cooldownSeconds, "--cooldown" }, { options.startDelay, "start delay" } })
        if (!std::isfinite(value) || value < 0 || value > kMaxReplaySeconds)
            throw InputError(std::string(field) + ": must be a number from 0 to " + formatNumber(kMaxReplaySeconds)
                    + " s (366 days), got " + formatNumber(value),
                {}, 0, field);
    if (options.shard.count == 0 || options.shard.index >= options.shard.count)
        throw InputError("--shard: shard " + std::to_string(options.shard.index) + " of "
                + std::to_string(options.shard.count) + " does not exist (0 <= I < N)",
            {}, 0, "--shard");
    m_indices = shardRequests(trace, options.shard);
    if (!options.shard.whole() && m_indices.empty())
        notes.push_back("--shard " + std::to_string(options.shard.index) + "/" + std::to_string(options.shard.count)
            + ": this shard has no requests (split by " + shardByName(options.shard.by) + "); it records an empty run");
    if (options.startAtEpoch) {
        const double at = *options.startAtEpoch, tol = options.startTolerance;
        if (!std::isfinite(tol) || tol < 0 || tol > 3600)
            throw InputError("--start-tolerance: must be from 0 to 3600 seconds, got " + formatNumber(tol), {}, 0,
                "--start-tolerance");
        if (!std::isfinite(at) || at < 0)
            throw InputError(
                "--start-at: must be seconds since 1970-01-01 UTC, got " + formatNumber(at), {}, 0, "--start-at");
        const double ahead = at - wallClockNow();
        if (ahead > kMaxStartAheadSeconds)
            throw InputError("--start-at: " + formatNumber(at) + " is " + formatNumber(std::round(ahead))
                    + " s from now, more than "
                    + "the limit of 7 days (seconds since the epoch are expected, not milliseconds)",
                {}, 0, "--start-at");
        if (-ahead > tol)
            throw InputError("--start-at: the start instant passed " + formatNumber(std::round(-ahead * 1e3) / 1e3)
                    + " s ago, more than the tolerance of " + formatNumber(tol)
                    + " s (--start-tolerance): this shard would " + "start late; give a new --start-at to every shard",
                {}, 0, "--start-at");
    }

    // Prompts: the seed of their words, and the session header's name (an HTTP token, RFC 9110).
    if (options.promptSeed)
        m_promptSeed = *options.promptSeed;
    else if (options.startAtEpoch) // every shard of a run computes the same seed
        m_promptSeed = std::hash<double> {}(*options.startAtEpoch) ^ 0x6c6f726173636f70ull;
    else
        m_promptSeed = (std::uint64_t(std::random_device {}()) << 32) ^ std::random_device {}();
    if (!options.sessionHeader.empty()) {
        const bool token = options.sessionHeader.size() <= 256
            && std::all_of(options.sessionHeader.begin(), options.sessionHeader.end(),
                [](unsigned char c) { return std::isalnum(c) || std::strchr("!#$%&'*+-.^_`|~", c) != nullptr; });
        if (!token)
            throw InputError("--session-header: \"" + textExcerpt(options.sessionHeader)
                    + "\" is not an HTTP header name (letters, digits and !#$%&'*+-.^_`|~, at most 256)",
                {}, 0, "--session-header");
    }

    // The target: strict URL, path fitted to the backend, TLS files, resolution.
    m_url = parseTargetUrl(options.target);
    const std::string backendPath = buildWireRequest(options.backend, GenerationRequest { "m", "", "", 1, {} }).path;
    const auto fitted = fitBasePathToBackend(m_url, backendPath);
    if (!fitted.empty())
        notes.push_back(fitted);
    if (!options.caFile.empty() && !m_url.tls)
        throw InputError(
            "--ca-cert: the target " + m_url.str() + " is plain http; a CA certificate applies to https targets only",
            options.caFile, 0, "--ca-cert");
    if (m_url.tls) {
        boost::system::error_code ec;
        m_ssl.set_default_verify_paths(ec);
        if (!options.caFile.empty()) {
            checkCaFile(options.caFile);
            // Trusted in addition to the system store (set_default_verify_paths above).
            m_ssl.load_verify_file(options.caFile, ec);
            if (ec)
                throw InputError("--ca-cert: cannot load CA certificates (PEM) from this file: " + ec.message(),
                    options.caFile, 0, "--ca-cert");
        }
        m_ssl.set_verify_mode(options.verifyTls ? net::ssl::verify_peer : net::ssl::verify_none);
    }
    tcp::resolver resolver(m_io);
    boost::system::error_code ec;
    m_endpoints = resolver.resolve(m_url.host, m_url.port, ec);
    if (ec || m_endpoints.empty())
        throw InputError("--target: cannot resolve host '" + urlExcerpt(m_url.host)
                + "': " + (ec ? ec.message() : std::string("no address")),
            {}, 0, "--target");
    m_hostHeader = m_url.authorityHost() + ":" + m_url.port;
    boost::system::error_code addrEc;
    net::ip::make_address(m_url.host, addrEc);
    m_hostIsAddress = !addrEc; // SNI carries host names only (RFC 6066)
    if (options.scrape.enabled)
        m_scraper = std::make_unique<Scraper>(options.scrape, m_url, options.verifyTls, options.caFile, options.apiKey);
    std::size_t threads = options.networkThreads;
    if (threads == 0)
        threads = std::clamp<std::size_t>(std::thread::hardware_concurrency() / 2, 1, 4);
    for (std::size_t k = 0; k < threads; ++k)
        m_workers.push_back(std::make_unique<Worker>());
}

Engine::~Engine()
{
    // Normally the workers are idle and joined already; after an exception, stop them.
    for (auto& w : m_workers)
        w->io.stop();
    stopWorkers();
}

void Engine::stopWorkers()
{
    m_guards.clear();
    for (auto& w : m_workers)
        if (w->thread.joinable())
            w->thread.join();
}

ReplayResult Engine::run(const ReplayObserver& observer, const std::atomic<bool>* cancel)
{
    m_cancel = cancel;
    m_ledger.setObserver(observer);
    // Run clock 0 = now, tied to the wall clock (the two read back to back).
    m_start = Clock::now();
    auto& clock = m_result.clock;
    clock.startWall = wallClockNow();
    clock.kernel = kernelClockSync();
    if (m_opt.startAtEpoch) {
        clock.startAt = *m_opt.startAtEpoch;
        clock.startTolerance = m_opt.startTolerance;
        clock.origin = *m_opt.startAtEpoch - clock.startWall;
        clock.startLate = std::max(0.0, -clock.origin);
        if (clock.startLate > m_opt.startTolerance)
            throw InputError("--start-at: the start instant passed "
                    + formatNumber(std::round(clock.startLate * 1e3) / 1e3) + " s ago, more than the tolerance of "
                    + formatNumber(m_opt.startTolerance) + " s (--start-tolerance)",
                {}, 0, "--start-at");
    } else {
        clock.origin = m_opt.startDelay;
    }
    m_result.records = scheduledRecords(
        m_trace, m_indices, m_opt.timeScale, clock.origin, m_opt.warmupSeconds, m_opt.cooldownSeconds);
    m_result.promptSeed = m_promptSeed;
    const auto n = m_result.records.size();
    setUpSessions();
    m_order.clear();
    for (std::size_t k = 0; k < n; ++k)
        if (std::isfinite(m_result.records[k].scheduled)) // later turns are due when their previous turn ended
            m_order.push_back(k);
    std::stable_sort(m_order.begin(), m_order.end(),
        [&](std::size_t a, std::size_t b) { return m_result.records[a].scheduled < m_result.records[b].scheduled; });
    m_ledger.reset(n);
    if (observer.onStart)
        m_ledger.exclusive([&] { observer.onStart(clock); });
    for (auto& w : m_workers) {
        m_guards.push_back(net::make_work_guard(w->io));
        w->thread = std::thread([&io = w->io] {
            for (;;) {
                try {
                    io.run();
                    return;
                } catch (...) {
                    // A handler threw (they catch their own errors); keep serving the others.
                }
            }
        });
    }
    if (m_scraper) {
        Scraper::Hooks hooks;
        if (observer.onScrape)
            hooks.onScrape
                = [this, &observer](const ScrapeRecord& r) { m_ledger.exclusive([&] { observer.onScrape(r); }); };
        hooks.onNote = [this](const std::string& note) { sayOnce(note); };
        m_scraper->start(m_start, std::move(hooks));
    }
    net::co_spawn(m_io, schedule(), net::detached);
    poll();
    {
        const DispatcherThreadPriority priority(m_opt.realtimeDispatcher);
        m_result.dispatcherPriority = priority.priority();
        m_io.run();
    }
    stopWorkers();
    m_pool.closeAll();
    if (m_scraper)
        m_result.serverSamples = m_scraper->stop(!m_result.cancelled);
    m_result.reachable = m_reachable.load();
    m_result.wallSeconds = now();
    m_result.fdExhausted = m_fdExhausted.load();
    if (const double late = dispatchLatenessP99(m_result.records);
        late > kLateDispatchSeconds && m_result.dispatcherPriority != DispatcherPriority::Realtime)
        sayOnce("The schedule timer fired late (p99 " + formatNumber(std::round(late * 1e4) / 10)
            + " ms behind schedule) and the dispatcher ran at normal priority, so requests were sent late when this "
              "machine was busy. "
            + (m_opt.realtimeDispatcher
                    ? std::string("Real-time priority keeps sends on time: run as root, give the program CAP_SYS_NICE "
                                  "(setcap cap_sys_nice+ep), or allow it with ulimit -r 1 (rtprio in limits.conf).")
                    : std::string("Real-time priority was turned off (--no-realtime).")));
    if (m_result.fdExhausted)
        m_result.notes.push_back(std::to_string(m_result.fdExhausted) + " of " + std::to_string(n)
            + " requests failed with error kind fd_limit: no file descriptor was free to open their connection");
    return std::move(m_result);
}

void Engine::sayOnce(const std::string& note)
{
    {
        std::lock_guard lock(m_clockMutex);
        if (std::find(m_said.begin(), m_said.end(), note) != m_said.end())
            return;
        m_said.push_back(note);
        m_result.notes.push_back(note);
    }
    m_ledger.note(note);
}

void Engine::setUpSessions()
{
    const auto n = m_result.records.size();
    m_capture.assign(n, 0);
    m_answers.assign(n, std::string());
    m_childStart.assign(n + 1, 0);
    if (!m_trace.hasSessions())
        return;
    m_slotOf.assign(m_trace.requests.size(), kNoSlot);
    for (std::size_t k = 0; k < n; ++k)
        m_slotOf[m_result.records[k].index] = k;
    std::vector<std::size_t> parentSlot(n, kNoSlot);
    for (std::size_t k = 0; k < n; ++k) {
        auto& r = m_result.records[k];
        if (r.parent < 0 || std::size_t(r.parent) >= m_slotOf.size() || m_slotOf[std::size_t(r.parent)] == kNoSlot)
            continue; // a first turn, or its previous turn is another process's: the trace's time
        parentSlot[k] = m_slotOf[std::size_t(r.parent)];
        r.scheduled = kNoTime; // known when the previous turn ended
        ++m_childStart[parentSlot[k] + 1];
        ++m_unscheduled;
    }
    for (std::size_t k = 0; k < n; ++k)
        m_childStart[k + 1] += m_childStart[k];
    m_children.assign(m_childStart[n], 0);
    std::vector<std::size_t> fill(m_childStart.begin(), m_childStart.end() - 1);
    for (std::size_t k = 0; k < n; ++k)
        if (parentSlot[k] != kNoSlot)
            m_children[fill[parentSlot[k]]++] = k;
    const bool keepAnswers = m_opt.prompts.empty() && m_opt.promptStyle == PromptStyle::Unique
        && m_opt.sessionHistory == SessionHistory::Actual;
    for (std::size_t k = 0; k < n && keepAnswers; ++k)
        m_capture[k] = m_childStart[k + 1] > m_childStart[k] ? 1 : 0;
    updateWakeOnEnd();
}

// The schedule: one timer walks the trace's absolute times (open loop) and, with sessions, the later
// turns that became due a think time after their previous turn ended (closed loop within a session).
net::awaitable<void> Engine::schedule()
{
    auto wait = [this](Clock::time_point when) -> net::awaitable<void> {
        m_scheduleTimer.expires_at(when);
        boost::system::error_code ec;
        co_await m_scheduleTimer.async_wait(net::redirect_error(net::use_awaitable, ec));
    };
    while (!m_stopping) {
        const bool haveStatic = m_next < m_order.size();
        if (!haveStatic && m_due.empty()) {
            if (m_unscheduled == 0)
                break;
            // Later turns wait for their previous turn's end; scheduleLaterTurns() wakes this timer.
            co_await wait(Clock::now() + std::chrono::hours(24 * 366));
            continue;
        }
        const bool fromDue
            = !m_due.empty() && (!haveStatic || m_due.top().first < m_result.records[m_order[m_next]].scheduled);
        const auto i = fromDue ? m_due.top().second : m_order[m_next];
        auto& r = m_result.records[i];
        if (Clock::now() < at(r.scheduled)) {
            // The request's bytes are built while waiting for its time, not after the timer fires (when the timer is
            // late already, they are built in start()). A later turn that becomes due meanwhile wakes the timer early.
            if (!m_prepared || m_prepared->first != i)
                prepare(i);
            co_await wait(at(r.scheduled));
            continue;
        }
        if (fromDue)
            m_due.pop();
        else
            ++m_next;
        r.dispatched = now();
        if (m_opt.maxConcurrency)
            drainEnded(); // the slots freed since the last wake-up
        if (m_opt.maxConcurrency && m_active >= m_opt.maxConcurrency) {
            m_waiting.push_back(i);
            m_ledger.status().queued = m_waiting.size();
            updateWakeOnEnd();
        } else {
            start(i);
        }
    }
    m_scheduleDone = true;
    updateWakeOnEnd();
    drainEnded();
    maybeFinish();
}

void Engine::scheduleLaterTurns(std::size_t i)
{
    const auto& r = m_result.records[i];
    for (std::size_t c = m_childStart[i]; c < m_childStart[i + 1]; ++c) {
        const std::size_t k = m_children[c];
        --m_unscheduled;
        if (m_stopping || r.outcome == Outcome::Cancelled) {
            cancelUnsent(k, now());
            continue;
        }
        // Its think time after the previous answer ended (lateness counts from here, not from the design).
        auto& rk = m_result.records[k];
        rk.scheduled = r.end + m_trace.sessions[rk.index].think * m_opt.timeScale;
        m_due.emplace(rk.scheduled, k);
        m_scheduleTimer.cancel(); // the schedule picks again: this turn may be due before what it waits for
    }
    updateWakeOnEnd();
}

void Engine::cancelUnsent(std::size_t i, double t)
{
    auto& r = m_result.records[i];
    r.outcome = Outcome::Cancelled;
    r.end = t;
    m_ledger.report(r);
    m_ledger.finish(i, r.outcome);
    for (std::size_t c = m_childStart[i]; c < m_childStart[i + 1]; ++c) {
        --m_unscheduled;
        cancelUnsent(m_children[c], t);
    }
}

// The whole HTTP/1.1 request. Keep-alive for plain http (connections are pooled).
std::string Engine::requestBytes(std::size_t i) const
{
    const auto& r = m_result.records[i];
    const auto& q = m_trace.requests[r.index];
    AnswerLookup answers;
    if (!m_slotOf.empty() && m_opt.sessionHistory == SessionHistory::Actual)
        answers = [this](std::size_t j) -> const std::string* {
            const std::size_t k = j < m_slotOf.size() ? m_slotOf[j] : kNoSlot;
            if (k == kNoSlot || m_result.records[k].outcome != Outcome::Completed || m_answers[k].empty())
                return nullptr; // a failed or empty answer: the synthetic one
            return &m_answers[k];
        };
    auto prompt = promptFor(m_trace, m_opt, m_promptSeed, r.index, answers);
    auto wire = buildWireRequest(m_opt.backend,
        GenerationRequest {
            m_opt.baseModel, r.adapter, std::move(prompt.text), q.outputLen, std::move(prompt.messages) });
    std::string s;
    s.reserve(wire.body.size() + 256);
    s += "POST " + m_url.basePath + wire.path + " HTTP/1.1\r\nHost: " + m_hostHeader
        + "\r\nUser-Agent: lorascope-replay\r\nContent-Type: application/json\r\nAccept: text/event-stream\r\n";
    if (m_url.tls)
        s += "Connection: close\r\n";
    if (!m_opt.apiKey.empty())
        s += "Authorization: Bearer " + m_opt.apiKey + "\r\n";
    if (!m_opt.sessionHeader.empty() && r.turn > 0)
        s += m_opt.sessionHeader + ": " + std::to_string(r.session) + "\r\n";
    s += "Content-Length: " + std::to_string(wire.body.size()) + "\r\n\r\n";
    s += wire.body;
    return s;
}

void Engine::prepare(std::size_t i)
{
    m_prepared.reset();
    try {
        m_prepared.emplace(i, requestBytes(i));
    } catch (const std::exception&) {
        // start() builds it again and fails the request with the message.
    }
}

void Engine::start(std::size_t i)
{
    ++m_active;
    ++m_ledger.status().sent;
    auto& r = m_result.records[i];
    r.sent = now();
    std::string bytes;
    try {
        if (m_prepared && m_prepared->first == i) {
            bytes = std::move(m_prepared->second);
            m_prepared.reset();
        } else {
            bytes = requestBytes(i);
        }
        if (!m_slotOf.empty() && m_childStart[i + 1] == m_childStart[i]) {
            // The last turn of its session here: the earlier turns' answers are not needed any more.
            for (auto p = r.parent; p >= 0 && std::size_t(p) < m_slotOf.size() && m_slotOf[std::size_t(p)] != kNoSlot;
                 p = m_result.records[m_slotOf[std::size_t(p)]].parent)
                std::string().swap(m_answers[m_slotOf[std::size_t(p)]]);
        }
    } catch (const std::exception& e) { // e.g. a user prompt that is not valid UTF-8
        fail(r, "request", std::string("cannot build the request: ") + e.what());
        r.end = now();
        m_ledger.report(r);
        net::post(m_io, [this, i] { ended(i); });
        return;
    }
    int fd = -1;
    bool v6 = false;
    std::size_t written = 0;
    if (!m_url.tls) {
        for (;;) {
            std::tie(fd, v6) = m_pool.take();
            if (fd < 0)
                break;
            written = sendNow(fd, bytes);
            if (written != std::string::npos)
                break;
            ::close(fd); // reset by the server: try the next one
            written = 0;
        }
    }
    Worker& w = *m_workers[m_nextWorker++ % m_workers.size()];
    net::post(w.io, [this, &w, i, fd, v6, written, bytes = std::move(bytes)]() mutable {
        spawnRequest(w, i, fd, v6, std::move(bytes), written);
    });
}

void Engine::updateWakeOnEnd()
{
    // A previous turn's end makes its later turn due: take it in at once, not at the next poll.
    m_wakeOnEnd.store(!m_waiting.empty() || m_scheduleDone || m_stopping || m_unscheduled > 0);
}

void Engine::drainEnded()
{
    // (Taken after m_wakeOnEnd was set: an end pushed before that is taken in here, one pushed after it sees the flag.)
    {
        std::lock_guard lock(m_endedMutex);
        m_endedTaken.swap(m_ended);
    }
    for (const auto i : m_endedTaken)
        ended(i);
    m_endedTaken.clear();
}

// Request i ended (its record is final and already reported).
void Engine::ended(std::size_t i)
{
    --m_active;
    m_ledger.finish(i, m_result.records[i].outcome);
    // Nothing connects at the start (a wrong URL, no server): stop rather than send the whole
    // schedule into the same error; poll() stops the run (not here, inside drainEnded()).
    if (const auto& r = m_result.records[i]; !m_answered && !m_stopping) {
        if (r.outcome == Outcome::Failed && r.errorKind == "connect") {
            if (m_opt.stopAfterConnectFailures > 0 && ++m_connectFailsInRow >= m_opt.stopAfterConnectFailures
                && !m_unreachable) {
                m_unreachable = true;
                m_result.stopped = "the first " + std::to_string(m_connectFailsInRow)
                    + " requests could not connect to " + m_opt.target + " (" + r.error
                    + "), so the replay stopped; check that the server runs and listens there (e.g. curl "
                    + m_opt.target + "/v1/models) and that the URL's host and port are right";
            }
        } else {
            m_answered = true;
        }
    }
    if (m_childStart[i + 1] > m_childStart[i])
        scheduleLaterTurns(i);
    while (!m_waiting.empty() && (!m_opt.maxConcurrency || m_active < m_opt.maxConcurrency) && !m_stopping) {
        const auto next = m_waiting.front();
        m_waiting.pop_front();
        m_ledger.status().queued = m_waiting.size();
        start(next);
    }
    updateWakeOnEnd();
    maybeFinish();
}

void Engine::maybeFinish()
{
    if (m_ledger.allFinished() && (m_scheduleDone || m_stopping)) {
        m_pollTimer.cancel();
        m_scheduleTimer.cancel();
    }
}

void Engine::stopAll()
{
    m_stopping = true;
    m_result.cancelled = true;
    m_scheduleTimer.cancel();
    const double t = now();
    for (auto i : m_waiting)
        cancelUnsent(i, t);
    m_waiting.clear();
    for (std::size_t k = m_next; k < m_order.size(); ++k)
        cancelUnsent(m_order[k], t);
    m_next = m_order.size();
    for (; !m_due.empty(); m_due.pop())
        cancelUnsent(m_due.top().second, t);
    // Later turns of requests in flight are cancelled when those end (scheduleLaterTurns).
    for (auto& w : m_workers)
        net::post(w->io, [&w = *w] { cancelInflight(w); });
    updateWakeOnEnd();
    drainEnded();
}

void Engine::poll()
{
    drainEnded();
    auto& st = m_ledger.status();
    if (!m_stopping && (cancelRequested() || m_unreachable))
        stopAll();
    st.elapsed = now();
    st.inFlight = m_active;
    st.outputTokens = m_outputTokens.load(std::memory_order_relaxed);
    st.fdExhausted = m_fdExhausted.load(std::memory_order_relaxed);
    // (Skipped, and tried again at the next poll, while a network thread is in a callback: the dispatcher never waits
    // for one.)
    if (m_ledger.observer().onStatus && st.elapsed >= m_nextStatus && m_ledger.tryPublishStatus())
        m_nextStatus = st.elapsed + m_ledger.observer().statusInterval;
    if (m_ledger.allFinished() && (m_scheduleDone || m_stopping)) {
        m_ledger.publishStatus();
        return;
    }
    m_pollTimer.expires_after(std::chrono::milliseconds(20));
    m_pollTimer.async_wait([this](const boost::system::error_code& ec) {
        if (ec == net::error::operation_aborted && m_ledger.allFinished()) {
            auto& s = m_ledger.status();
            s.elapsed = now();
            s.inFlight = m_active;
            s.outputTokens = m_outputTokens.load(std::memory_order_relaxed);
            s.fdExhausted = m_fdExhausted.load(std::memory_order_relaxed);
            m_ledger.publishStatus();
            return;
        }
        poll();
    });
}

} // namespace replay_detail

struct Replayer::Impl {
    ReplayOptions options;
    std::vector<std::string> notes;
    std::unique_ptr<replay_detail::Engine> engine;
    bool ran = false;
};

Replayer::Replayer(const Trace& trace, ReplayOptions options)
    : m(std::make_unique<Impl>())
{
    m->options = std::move(options);
    m->engine = std::make_unique<replay_detail::Engine>(trace, m->options, m->notes);
}

Replayer::~Replayer() = default;

const TargetUrl& Replayer::target() const
{
    return m->engine->target();
}
const TargetUrl* Replayer::metricsUrl() const
{
    return m->engine->scraper() ? &m->engine->scraper()->url() : nullptr;
}
const std::vector<std::string>& Replayer::notes() const
{
    return m->notes;
}
const std::vector<std::size_t>& Replayer::requests() const
{
    return m->engine->indices();
}
std::uint64_t Replayer::promptSeed() const
{
    return m->engine->promptSeed();
}

ReplayResult Replayer::run(const ReplayObserver& observer, const std::atomic<bool>* cancel)
{
    if (m->ran)
        throw std::logic_error("Replayer::run called twice");
    m->ran = true;
    raiseFileLimit();
    auto result = m->engine->run(observer, cancel);
    result.notes.insert(result.notes.begin(), m->notes.begin(), m->notes.end());
    return result;
}

ReplayResult runReplay(
    const Trace& trace, const ReplayOptions& options, const ReplayObserver& observer, const std::atomic<bool>* cancel)
{
    Replayer replayer(trace, options);
    return replayer.run(observer, cancel);
}

} // namespace lorascope
