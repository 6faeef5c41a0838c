// SPDX-License-Identifier: Apache-2.0
// The dispatcher: the schedule timer, the bookkeeping of requests that start, wait for a
// concurrency slot and end, the status poll and cancellation. Runs on the caller's thread.
#include "replay/engine.h"

#include "util/error.h"
#include "util/filelimit.h"

#include <boost/asio/co_spawn.hpp>
#include <boost/asio/detached.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/redirect_error.hpp>
#include <boost/asio/use_awaitable.hpp>

#include <unistd.h>

#include <algorithm>

namespace lorascope {

std::string promptFor(const ReplayOptions& options, std::size_t index, std::uint32_t inputLen)
{
    if (!options.prompts.empty())
        return options.prompts[index % options.prompts.size()];
    return syntheticPrompt(inputLen);
}

namespace replay_detail {

namespace {
// Longer synthetic prompts ("Hello " × n) fail their request instead of building gigabytes.
constexpr std::uint32_t kMaxSyntheticPromptTokens = 1u << 20;
}

Engine::Engine(const Trace& trace, const ReplayOptions& options, const ReplayObserver& observer, const std::atomic<bool>* cancel)
    : m_trace(trace)
    , m_opt(options)
    , m_cancel(cancel)
    , m_ledger(observer)
    , m_ssl(net::ssl::context::tls_client)
    , m_scheduleTimer(m_io)
    , m_pollTimer(m_io)
{
    m_url = parseTargetUrl(options.target);
    if (m_url.tls) {
        boost::system::error_code ec;
        m_ssl.set_default_verify_paths(ec);
        if (!options.caFile.empty()) {
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
    if (ec)
        throw InputError(std::string("--target") + ": " + "cannot resolve host '" + m_url.host + "': " + ec.message(), {}, 0, "--target");
    const bool v6literal = m_url.host.find(':') != std::string::npos;
    m_hostHeader = (v6literal ? "[" + m_url.host + "]" : m_url.host) + ":" + m_url.port;
    boost::system::error_code addrEc;
    net::ip::make_address(m_url.host, addrEc);
    m_hostIsAddress = !addrEc; // SNI carries host names only (RFC 6066)
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

ReplayResult Engine::run()
{
    const auto n = m_trace.requests.size();
    m_result.records.resize(n);
    m_ledger.reset(n);
    double lastScheduled = 0;
    for (std::size_t i = 0; i < n; ++i) {
        const auto& q = m_trace.requests[i];
        auto& r = m_result.records[i];
        r.index = i;
        r.id = m_trace.idOf(i);
        r.adapter = m_trace.adapterName(q);
        r.inputLen = q.inputLen;
        r.outputLen = q.outputLen;
        r.scheduled = m_opt.startDelay + q.time * m_opt.timeScale;
        lastScheduled = std::max(lastScheduled, r.scheduled);
    }
    for (auto& r : m_result.records)
        r.inWindow = r.scheduled - m_opt.startDelay >= m_opt.warmupSeconds
            && r.scheduled <= lastScheduled - m_opt.cooldownSeconds;
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
    m_start = Clock::now();
    net::co_spawn(m_io, schedule(), net::detached);
    poll();
    m_io.run();
    stopWorkers();
    m_pool.closeAll();
    m_result.reachable = m_reachable.load();
    m_result.wallSeconds = now();
    return std::move(m_result);
}

// The open-loop schedule: one timer walks the precomputed absolute times.
net::awaitable<void> Engine::schedule()
{
    for (std::size_t i = 0; i < m_result.records.size(); ++i) {
        auto& r = m_result.records[i];
        if (Clock::now() < at(r.scheduled)) {
            m_scheduleTimer.expires_at(at(r.scheduled));
            boost::system::error_code ec;
            co_await m_scheduleTimer.async_wait(net::redirect_error(net::use_awaitable, ec));
        }
        if (m_stopping)
            break;
        m_next = i + 1;
        r.dispatched = now();
        if (m_opt.maxConcurrency && m_active >= m_opt.maxConcurrency) {
            m_waiting.push_back(i);
            m_ledger.status().queued = m_waiting.size();
        } else {
            start(i);
        }
    }
    m_scheduleDone = true;
    maybeFinish();
}

// The whole HTTP/1.1 request. Keep-alive for plain http (connections are pooled).
std::string Engine::requestBytes(std::size_t i) const
{
    const auto& q = m_trace.requests[i];
    const auto& r = m_result.records[i];
    if (m_opt.prompts.empty() && q.inputLen > kMaxSyntheticPromptTokens)
        throw std::length_error("input of " + std::to_string(q.inputLen) + " tokens is over the replay limit of "
            + std::to_string(kMaxSyntheticPromptTokens) + " tokens for synthetic prompts");
    auto wire = buildWireRequest(m_opt.backend, GenerationRequest { m_opt.baseModel, r.adapter, promptFor(m_opt, i, q.inputLen), q.outputLen });
    std::string s;
    s.reserve(wire.body.size() + 256);
    s += "POST " + m_url.basePath + wire.path + " HTTP/1.1\r\nHost: " + m_hostHeader
        + "\r\nUser-Agent: lorascope-replay\r\nContent-Type: application/json\r\nAccept: text/event-stream\r\n";
    if (m_url.tls)
        s += "Connection: close\r\n";
    if (!m_opt.apiKey.empty())
        s += "Authorization: Bearer " + m_opt.apiKey + "\r\n";
    s += "Content-Length: " + std::to_string(wire.body.size()) + "\r\n\r\n";
    s += wire.body;
    return s;
}

void Engine::start(std::size_t i)
{
    ++m_active;
    ++m_ledger.status().sent;
    auto& r = m_result.records[i];
    r.sent = now();
    std::string bytes;
    try {
        bytes = requestBytes(i);
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

// A network thread finished request i (its record is final and already reported).
void Engine::ended(std::size_t i)
{
    --m_active;
    m_ledger.finish(i, m_result.records[i].outcome);
    while (!m_waiting.empty() && (!m_opt.maxConcurrency || m_active < m_opt.maxConcurrency) && !m_stopping) {
        const auto next = m_waiting.front();
        m_waiting.pop_front();
        m_ledger.status().queued = m_waiting.size();
        start(next);
    }
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
    auto cancelUnsent = [&](std::size_t i) {
        auto& r = m_result.records[i];
        r.outcome = Outcome::Cancelled;
        r.end = t;
        m_ledger.report(r);
        m_ledger.finish(i, r.outcome);
    };
    for (auto i : m_waiting)
        cancelUnsent(i);
    m_waiting.clear();
    for (std::size_t i = m_next; i < m_result.records.size(); ++i)
        cancelUnsent(i);
    for (auto& w : m_workers)
        net::post(w->io, [&w = *w] { cancelInflight(w); });
}

void Engine::poll()
{
    auto& st = m_ledger.status();
    if (!m_stopping && cancelRequested())
        stopAll();
    st.elapsed = now();
    st.inFlight = m_active;
    st.outputTokens = m_outputTokens.load(std::memory_order_relaxed);
    if (m_ledger.observer().onStatus && st.elapsed >= m_nextStatus) {
        m_ledger.publishStatus();
        m_nextStatus = st.elapsed + m_ledger.observer().statusInterval;
    }
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
            m_ledger.publishStatus();
            return;
        }
        poll();
    });
}

} // namespace replay_detail

ReplayResult runReplay(const Trace& trace, const ReplayOptions& options, const ReplayObserver& observer,
    const std::atomic<bool>* cancel)
{
    if (!(options.timeScale > 0))
        throw InputError(std::string("--time-scale") + ": " + "time scale must be > 0", {}, 0, "--time-scale");
    raiseFileLimit();
    replay_detail::Engine engine(trace, options, observer, cancel);
    return engine.run();
}

} // namespace lorascope
