// The only replay file that uses Boost.Asio/Beast (they compile slowly): the HTTP client, the
// dispatcher with the schedule timer, the network threads, the keep-alive pool and the
// per-request coroutines.
#include <utility> // before Asio: Boost 1.74's awaitable.hpp needs std::exchange

#include "replay/replay.h"

#include "util/error.h"
#include "util/filelimit.h"

#include <boost/asio/co_spawn.hpp>
#include <boost/asio/connect.hpp>
#include <boost/asio/detached.hpp>
#include <boost/asio/redirect_error.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/ssl.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/ssl.hpp>

#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <deque>
#include <limits>
#include <memory>
#include <mutex>
#include <optional>
#include <thread>
#include <unordered_map>

namespace lorascope {

namespace net = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
using tcp = net::ip::tcp;
using Clock = std::chrono::steady_clock;

TargetUrl parseTargetUrl(const std::string& url, const std::string& field)
{
    TargetUrl t;
    std::string rest;
    if (url.rfind("http://", 0) == 0) {
        rest = url.substr(7);
    } else if (url.rfind("https://", 0) == 0) {
        t.tls = true;
        rest = url.substr(8);
    } else {
        throw InputError(std::string(field) + ": " + "target URL must start with http:// or https://: '" + url + "'", {}, 0, field);
    }
    const auto slash = rest.find('/');
    std::string hostPort = rest.substr(0, slash);
    if (slash != std::string::npos)
        t.basePath = rest.substr(slash);
    while (!t.basePath.empty() && t.basePath.back() == '/')
        t.basePath.pop_back();
    if (hostPort.find('@') != std::string::npos)
        throw InputError(std::string(field) + ": " + "credentials in the URL are not accepted (use --api-key or LORASCOPE_API_KEY)", {}, 0, field);
    if (!hostPort.empty() && hostPort.front() == '[') { // [v6]:port
        const auto close = hostPort.find(']');
        if (close == std::string::npos)
            throw InputError(std::string(field) + ": " + "unterminated IPv6 address in '" + url + "'", {}, 0, field);
        t.host = hostPort.substr(1, close - 1);
        if (close + 1 < hostPort.size() && hostPort[close + 1] == ':')
            t.port = hostPort.substr(close + 2);
    } else {
        const auto colon = hostPort.rfind(':');
        t.host = hostPort.substr(0, colon);
        if (colon != std::string::npos)
            t.port = hostPort.substr(colon + 1);
    }
    if (t.host.empty())
        throw InputError(std::string(field) + ": " + "no host in target URL '" + url + "'", {}, 0, field);
    if (t.port.empty())
        t.port = t.tls ? "443" : "80";
    for (char c : t.port)
        if (c < '0' || c > '9')
            throw InputError(std::string(field) + ": " + "bad port '" + t.port + "' in target URL '" + url + "'", {}, 0, field);
    return t;
}

std::string promptFor(const ReplayOptions& options, std::size_t index, std::uint32_t inputLen)
{
    if (!options.prompts.empty())
        return options.prompts[index % options.prompts.size()];
    return syntheticPrompt(inputLen);
}

namespace {

// Idle keep-alive connections (plain http only: a TLS session is tied to its stream object),
// shared by the dispatcher, which writes new requests on them, and the network threads, which
// return them after a complete response. Most recently used first: the least likely to have
// been closed by the server meanwhile.
class ConnPool {
public:
    ~ConnPool() { closeAll(); }

    void put(int fd, bool v6)
    {
        std::lock_guard lock(m_mutex);
        if (m_closed || m_idle.size() >= kMaxIdle) {
            ::close(fd);
            return;
        }
        m_idle.push_back({ fd, v6, Clock::now() });
    }

    /// A live idle connection, or fd −1. Drops connections idle for long (servers close them
    /// after a few seconds, e.g. uvicorn after 5 s) or already closed by the server.
    std::pair<int, bool> take()
    {
        for (;;) {
            Idle c;
            {
                std::lock_guard lock(m_mutex);
                if (m_idle.empty())
                    return { -1, false };
                c = m_idle.back();
                m_idle.pop_back();
            }
            if (Clock::now() - c.since < kMaxIdleTime && quiet(c.fd))
                return { c.fd, c.v6 };
            ::close(c.fd);
        }
    }

    void closeAll()
    {
        std::lock_guard lock(m_mutex);
        m_closed = true;
        for (const auto& c : m_idle)
            ::close(c.fd);
        m_idle.clear();
    }

private:
    struct Idle {
        int fd = -1;
        bool v6 = false;
        Clock::time_point since;
    };
    // Open and with nothing unread: a peek would block. EOF (0) or stray bytes mean "do not reuse".
    static bool quiet(int fd)
    {
        char b;
        const auto n = ::recv(fd, &b, 1, MSG_PEEK | MSG_DONTWAIT);
        return n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK);
    }
    static constexpr std::size_t kMaxIdle = 8192;
    static constexpr auto kMaxIdleTime = std::chrono::seconds(4);
    std::mutex m_mutex;
    std::vector<Idle> m_idle;
    bool m_closed = false;
};

// Longer synthetic prompts ("Hello " × n) fail their request instead of building gigabytes.
constexpr std::uint32_t kMaxSyntheticPromptTokens = 1u << 20;

// Writes as much of `bytes` as the socket takes without blocking. Returns the count written, or
// npos when the connection is unusable.
std::size_t sendNow(int fd, const std::string& bytes)
{
    std::size_t off = 0;
    while (off < bytes.size()) {
        const auto n = ::send(fd, bytes.data() + off, bytes.size() - off, MSG_DONTWAIT | MSG_NOSIGNAL);
        if (n > 0)
            off += std::size_t(n);
        else if (n < 0 && errno == EINTR)
            continue;
        else if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK))
            break;
        else
            return std::string::npos;
    }
    return off;
}

// One in-flight request's connection on a network thread; shared with its timeout handler so
// either may outlive the other.
struct Conn {
    std::unique_ptr<beast::tcp_stream> plain;
    std::unique_ptr<beast::ssl_stream<beast::tcp_stream>> secure;
    net::steady_timer timer;
    const char* timeoutKind = nullptr;
    bool cancelled = false;

    explicit Conn(net::io_context& io)
        : timer(io)
    {
    }
    tcp::socket& socket() { return plain ? plain->socket() : beast::get_lowest_layer(*secure).socket(); }
    void close()
    {
        if (!plain && !secure)
            return; // the request's coroutine has not started yet
        beast::error_code ec;
        socket().shutdown(tcp::socket::shutdown_both, ec);
        socket().close(ec);
    }
};

// A network thread: its own event loop and the connections it reads.
struct Worker {
    net::io_context io { 1 };
    std::unordered_map<std::size_t, std::shared_ptr<Conn>> inflight; ///< touched on this thread only
    std::thread thread;
};

// Threads: the caller's thread is the dispatcher. It runs only the schedule timer, the status
// poll and the bookkeeping, so it is idle (and wakes on time) while the network threads are busy
// reading thousands of streams. On a pooled keep-alive connection it writes the request itself,
// so "sent" is when the bytes went to the kernel; otherwise the network thread connects and
// writes, and that time counts in TTFT (as in vLLM's client, whose start time precedes connect).
class Engine {
public:
    Engine(const Trace& trace, const ReplayOptions& options, const ReplayObserver& observer, const std::atomic<bool>* cancel)
        : m_trace(trace)
        , m_opt(options)
        , m_obs(observer)
        , m_cancel(cancel)
        , m_ssl(net::ssl::context::tls_client)
        , m_scheduleTimer(m_io)
        , m_pollTimer(m_io)
    {
        m_url = parseTargetUrl(options.target);
        if (m_url.tls) {
            beast::error_code ec;
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
        beast::error_code ec;
        m_endpoints = resolver.resolve(m_url.host, m_url.port, ec);
        if (ec)
            throw InputError(std::string("--target") + ": " + "cannot resolve host '" + m_url.host + "': " + ec.message(), {}, 0, "--target");
        const bool v6literal = m_url.host.find(':') != std::string::npos;
        m_hostHeader = (v6literal ? "[" + m_url.host + "]" : m_url.host) + ":" + m_url.port;
        beast::error_code addrEc;
        net::ip::make_address(m_url.host, addrEc);
        m_hostIsAddress = !addrEc; // SNI carries host names only (RFC 6066)
        std::size_t threads = options.networkThreads;
        if (threads == 0)
            threads = std::clamp<std::size_t>(std::thread::hardware_concurrency() / 2, 1, 4);
        for (std::size_t k = 0; k < threads; ++k)
            m_workers.push_back(std::make_unique<Worker>());
    }

    ~Engine()
    {
        // Normally the workers are idle and joined already; after an exception, stop them.
        for (auto& w : m_workers)
            w->io.stop();
        stopWorkers();
    }

    ReplayResult run()
    {
        const auto n = m_trace.requests.size();
        m_result.records.resize(n);
        m_done.assign(n, false);
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
        m_status.total = n;
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

private:
    double now() const { return std::chrono::duration<double>(Clock::now() - m_start).count(); }
    Clock::time_point at(double t) const
    {
        return m_start + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(t));
    }
    bool cancelRequested() const { return m_cancel && m_cancel->load(std::memory_order_relaxed); }

    void stopWorkers()
    {
        m_guards.clear();
        for (auto& w : m_workers)
            if (w->thread.joinable())
                w->thread.join();
    }

    // ---- dispatcher thread -------------------------------------------------------------------

    // The open-loop schedule: one timer walks the precomputed absolute times.
    net::awaitable<void> schedule()
    {
        for (std::size_t i = 0; i < m_result.records.size(); ++i) {
            auto& r = m_result.records[i];
            if (Clock::now() < at(r.scheduled)) {
                m_scheduleTimer.expires_at(at(r.scheduled));
                beast::error_code ec;
                co_await m_scheduleTimer.async_wait(net::redirect_error(net::use_awaitable, ec));
            }
            if (m_stopping)
                break;
            m_next = i + 1;
            r.dispatched = now();
            if (m_opt.maxConcurrency && m_active >= m_opt.maxConcurrency) {
                m_waiting.push_back(i);
                m_status.queued = m_waiting.size();
            } else {
                start(i);
            }
        }
        m_scheduleDone = true;
        maybeFinish();
    }

    // The whole HTTP/1.1 request. Keep-alive for plain http (connections are pooled).
    std::string requestBytes(std::size_t i) const
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

    void start(std::size_t i)
    {
        ++m_active;
        ++m_status.sent;
        auto& r = m_result.records[i];
        r.sent = now();
        std::string bytes;
        try {
            bytes = requestBytes(i);
        } catch (const std::exception& e) { // e.g. a user prompt that is not valid UTF-8
            fail(r, "request", std::string("cannot build the request: ") + e.what());
            r.end = now();
            report(r);
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
            auto conn = std::make_shared<Conn>(w.io);
            w.inflight.emplace(i, conn);
            if (m_url.tls)
                net::co_spawn(w.io, request<beast::ssl_stream<beast::tcp_stream>>(w, i, conn, -1, false, std::move(bytes), 0), net::detached);
            else
                net::co_spawn(w.io, request<beast::tcp_stream>(w, i, conn, fd, v6, std::move(bytes), written), net::detached);
        });
    }

    // A network thread finished request i (its record is final and already reported).
    void ended(std::size_t i)
    {
        --m_active;
        finish(i);
        while (!m_waiting.empty() && (!m_opt.maxConcurrency || m_active < m_opt.maxConcurrency) && !m_stopping) {
            const auto next = m_waiting.front();
            m_waiting.pop_front();
            m_status.queued = m_waiting.size();
            start(next);
        }
        maybeFinish();
    }

    void finish(std::size_t i)
    {
        if (m_done[i])
            return;
        m_done[i] = true;
        ++m_finished;
        switch (m_result.records[i].outcome) {
        case Outcome::Completed:
            ++m_status.completed;
            break;
        case Outcome::Failed:
            ++m_status.failed;
            break;
        case Outcome::Cancelled:
            ++m_status.cancelled;
            break;
        }
    }

    void report(const ReplayRecord& r)
    {
        if (!m_obs.onRecord)
            return;
        std::lock_guard lock(m_obsMutex); // never two callbacks at once, whichever thread
        m_obs.onRecord(r);
    }

    void status()
    {
        if (!m_obs.onStatus)
            return;
        std::lock_guard lock(m_obsMutex);
        m_obs.onStatus(m_status);
    }

    void maybeFinish()
    {
        if (m_finished == m_result.records.size() && (m_scheduleDone || m_stopping)) {
            m_pollTimer.cancel();
            m_scheduleTimer.cancel();
        }
    }

    void stopAll()
    {
        m_stopping = true;
        m_result.cancelled = true;
        m_scheduleTimer.cancel();
        const double t = now();
        auto cancelUnsent = [&](std::size_t i) {
            auto& r = m_result.records[i];
            r.outcome = Outcome::Cancelled;
            r.end = t;
            report(r);
            finish(i);
        };
        for (auto i : m_waiting)
            cancelUnsent(i);
        m_waiting.clear();
        for (std::size_t i = m_next; i < m_result.records.size(); ++i)
            cancelUnsent(i);
        for (auto& w : m_workers)
            net::post(w->io, [&w = *w] {
                for (auto& [i, conn] : w.inflight) {
                    conn->cancelled = true;
                    conn->close();
                }
            });
    }

    void poll()
    {
        if (!m_stopping && cancelRequested())
            stopAll();
        m_status.elapsed = now();
        m_status.inFlight = m_active;
        m_status.outputTokens = m_outputTokens.load(std::memory_order_relaxed);
        if (m_obs.onStatus && m_status.elapsed >= m_nextStatus) {
            status();
            m_nextStatus = m_status.elapsed + m_obs.statusInterval;
        }
        if (m_finished == m_result.records.size() && (m_scheduleDone || m_stopping)) {
            status();
            return;
        }
        m_pollTimer.expires_after(std::chrono::milliseconds(20));
        m_pollTimer.async_wait([this](const beast::error_code& ec) {
            if (ec == net::error::operation_aborted && m_finished == m_result.records.size()) {
                m_status.elapsed = now();
                m_status.inFlight = m_active;
                m_status.outputTokens = m_outputTokens.load(std::memory_order_relaxed);
                status();
                return;
            }
            poll();
        });
    }

    // ---- network threads ---------------------------------------------------------------------

    void armTimer(const std::shared_ptr<Conn>& conn, double deadline, const char* kind)
    {
        conn->timer.expires_at(at(deadline));
        conn->timeoutKind = nullptr;
        conn->timer.async_wait([conn, kind](const beast::error_code& ec) {
            if (ec)
                return;
            conn->timeoutKind = kind;
            conn->close();
        });
    }

    void armDeadline(const std::shared_ptr<Conn>& conn, const ReplayRecord& r, bool haveToken)
    {
        double deadline = -1;
        const char* kind = nullptr;
        if (m_opt.requestTimeout > 0) {
            deadline = r.sent + m_opt.requestTimeout;
            kind = "timeout";
        }
        if (!haveToken && m_opt.firstTokenTimeout > 0 && (deadline < 0 || r.sent + m_opt.firstTokenTimeout < deadline)) {
            deadline = r.sent + m_opt.firstTokenTimeout;
            kind = "first_token_timeout";
        }
        if (kind)
            armTimer(conn, deadline, kind);
        else
            conn->timer.cancel();
    }

    template <class Stream>
    Stream& makeStream(net::io_context& io, Conn& conn)
    {
        if constexpr (std::is_same_v<Stream, beast::tcp_stream>) {
            conn.plain = std::make_unique<beast::tcp_stream>(io);
            return *conn.plain;
        } else {
            conn.secure = std::make_unique<beast::ssl_stream<beast::tcp_stream>>(io, m_ssl);
            return *conn.secure;
        }
    }

    template <class Stream>
    net::awaitable<void> connect(Stream& stream, Conn& conn, const char*& stage)
    {
        // Each resolved address in turn. Opening the socket is done here so that running out of
        // descriptors is reported as such (Asio's range connect reports it as "Operation canceled").
        beast::error_code ec = net::error::host_not_found;
        for (const auto& entry : m_endpoints) {
            conn.socket().close(ec);
            conn.socket().open(entry.endpoint().protocol(), ec);
            if (ec) {
                if (ec == beast::errc::too_many_files_open)
                    throw std::runtime_error("cannot open a socket: " + ec.message() + " (the limit is " + std::to_string(fileLimit())
                        + " descriptors: too many requests in flight)");
                throw beast::system_error(ec);
            }
            co_await conn.socket().async_connect(entry.endpoint(), net::redirect_error(net::use_awaitable, ec));
            if (!ec || conn.cancelled || conn.timeoutKind)
                break;
        }
        if (ec)
            throw beast::system_error(ec);
        conn.socket().set_option(tcp::no_delay(true));
        if constexpr (std::is_same_v<Stream, beast::ssl_stream<beast::tcp_stream>>) {
            stage = "tls";
            if (!m_hostIsAddress && !SSL_set_tlsext_host_name(stream.native_handle(), m_url.host.c_str()))
                throw beast::system_error(beast::error_code(int(::ERR_get_error()), net::error::get_ssl_category()));
            if (m_opt.verifyTls)
                stream.set_verify_callback(net::ssl::host_name_verification(m_url.host));
            co_await stream.async_handshake(net::ssl::stream_base::client, net::use_awaitable);
        }
    }

    // One request on network thread `w`. `fd` ≥ 0: a pooled connection on which the dispatcher
    // already wrote `written` bytes of `bytes`; otherwise connect first.
    template <class Stream>
    net::awaitable<void> request(Worker& w, std::size_t i, std::shared_ptr<Conn> conn, int fd, bool v6, std::string bytes,
        std::size_t written)
    {
        constexpr bool kTls = std::is_same_v<Stream, beast::ssl_stream<beast::tcp_stream>>;
        auto& r = m_result.records[i];
        r.tokenTimes.reserve(r.outputLen);
        const char* stage = "connect";
        StreamState st;
        bool haveToken = false;
        bool pooled = false;
        try {
            if (conn->cancelled) {
                if (fd >= 0)
                    ::close(fd);
                throw std::runtime_error("cancelled before it started");
            }
            Stream& stream = makeStream<Stream>(w.io, *conn);
            armDeadline(conn, r, false);
            beast::flat_buffer buf;
            std::optional<http::response_parser<http::string_body>> response;
            for (bool reused = fd >= 0;; reused = false) {
                response.emplace();
                response->body_limit(std::numeric_limits<std::uint64_t>::max());
                if (reused) {
                    conn->socket().assign(v6 ? tcp::v6() : tcp::v4(), fd);
                    fd = -1;
                } else {
                    stage = "connect";
                    co_await connect(stream, *conn, stage);
                    written = 0;
                }
                stage = "write";
                beast::error_code ec;
                if (written < bytes.size())
                    co_await net::async_write(stream, net::buffer(bytes.data() + written, bytes.size() - written),
                        net::redirect_error(net::use_awaitable, ec));
                stage = "response";
                if (!ec)
                    co_await http::async_read_header(stream, buf, *response, net::redirect_error(net::use_awaitable, ec));
                if (!ec)
                    break;
                // A kept-alive connection the server had closed (its FIN or RST crossed our
                // request): nothing was answered, so send again on a new connection.
                if (!reused || response->got_some() || conn->cancelled || conn->timeoutKind)
                    throw beast::system_error(ec);
                conn->close();
                buf.clear();
            }
            auto& parser = *response;
            r.firstByte = now();
            r.httpStatus = int(parser.get().result_int());
            m_reachable.store(true, std::memory_order_relaxed);
            if (r.httpStatus != 200) {
                // Read a little of the error body for the message, bounded.
                beast::error_code ec;
                while (!parser.is_done() && parser.get().body().size() < 4096) {
                    co_await http::async_read_some(stream, buf, parser, net::redirect_error(net::use_awaitable, ec));
                    if (ec)
                        break;
                }
                std::string body = parser.get().body().substr(0, 300);
                for (auto& c : body)
                    if (c == '\n' || c == '\r')
                        c = ' ';
                fail(r, "http_status", "HTTP " + std::to_string(r.httpStatus) + (body.empty() ? "" : ": " + body));
            } else {
                stage = "stream";
                SseParser sse(m_opt.maxEventBytes);
                std::vector<SseEvent> events;
                while (!parser.is_done() && r.errorKind.empty()) {
                    co_await http::async_read_some(stream, buf, parser, net::use_awaitable);
                    const double t = now();
                    auto& body = parser.get().body();
                    if (!sse.feed(body, events))
                        fail(r, "oversized_event", "stream error: " + sse.error());
                    body.clear();
                    if (parser.is_done())
                        sse.finish(events);
                    for (const auto& ev : events) {
                        const auto n = interpretEvent(m_opt.backend, ev, st);
                        if (n > 0) {
                            r.tokenTimes.push_back(t);
                            m_outputTokens.fetch_add(n, std::memory_order_relaxed);
                            if (!haveToken) {
                                haveToken = true;
                                if (m_opt.firstTokenTimeout > 0)
                                    armDeadline(conn, r, true);
                            }
                        }
                        if (!st.error.empty()) {
                            fail(r, st.error.rfind("malformed", 0) == 0 ? "malformed_event" : "server_error", st.error);
                            break;
                        }
                    }
                    events.clear();
                }
                if (r.errorKind.empty()) {
                    if (st.done)
                        r.outcome = Outcome::Completed;
                    else
                        fail(r, "incomplete", "stream ended without its end marker after " + std::to_string(st.tokens) + " tokens");
                }
            }
            // Keep the connection for a later request when the exchange ended cleanly.
            if constexpr (!kTls) {
                if (r.outcome == Outcome::Completed && parser.is_done() && parser.keep_alive() && buf.size() == 0
                    && !conn->cancelled && !conn->timeoutKind) {
                    conn->timer.cancel();
                    beast::error_code ec;
                    const bool six = conn->socket().local_endpoint(ec).address().is_v6();
                    const int released = conn->plain->release_socket().release(ec);
                    if (!ec && released >= 0) {
                        m_pool.put(released, six);
                        pooled = true;
                    }
                }
            }
        } catch (const std::exception& e) {
            if (conn->cancelled)
                r.outcome = Outcome::Cancelled;
            else if (conn->timeoutKind)
                fail(r, conn->timeoutKind,
                    std::string(conn->timeoutKind) == "timeout" ? "request timed out" : "no first token in time");
            else if (std::string(stage) == "stream" || (std::string(stage) == "response" && r.httpStatus))
                fail(r, "disconnect", "connection lost mid-stream after " + std::to_string(st.tokens) + " tokens: " + e.what());
            else
                fail(r, stage, std::string(stage) + " failed: " + e.what() + tlsVerifyDetail(*conn));
        }
        r.tokens = st.tokens;
        r.reportedOutputTokens = st.reportedOutputTokens;
        r.reportedInputTokens = st.reportedInputTokens;
        r.end = now();
        conn->timer.cancel();
        if (!pooled)
            conn->close();
        w.inflight.erase(i);
        report(r);
        net::post(m_io, [this, i] { ended(i); });
    }

    // Why certificate verification failed ("self-signed certificate", "hostname mismatch"), if it did.
    static std::string tlsVerifyDetail(Conn& conn)
    {
        if (!conn.secure)
            return {};
        const long v = SSL_get_verify_result(conn.secure->native_handle());
        return v == X509_V_OK ? std::string() : std::string(" (") + X509_verify_cert_error_string(v) + ")";
    }

    static void fail(ReplayRecord& r, const std::string& kind, const std::string& text)
    {
        if (!r.errorKind.empty())
            return;
        r.outcome = Outcome::Failed;
        r.errorKind = kind;
        r.error = text;
    }

    const Trace& m_trace;
    const ReplayOptions& m_opt;
    const ReplayObserver& m_obs;
    const std::atomic<bool>* m_cancel;
    net::io_context m_io { 1 }; ///< the dispatcher's loop (the caller's thread)
    net::ssl::context m_ssl;
    net::steady_timer m_scheduleTimer;
    net::steady_timer m_pollTimer;
    TargetUrl m_url;
    std::string m_hostHeader;
    bool m_hostIsAddress = false;
    tcp::resolver::results_type m_endpoints;
    Clock::time_point m_start;
    ConnPool m_pool;
    std::vector<std::unique_ptr<Worker>> m_workers;
    std::vector<net::executor_work_guard<net::io_context::executor_type>> m_guards;
    std::size_t m_nextWorker = 0;
    std::mutex m_obsMutex;
    std::atomic<std::uint64_t> m_outputTokens { 0 };
    std::atomic<bool> m_reachable { false };
    // Owned by the dispatcher thread:
    ReplayResult m_result; ///< records: each written by one thread at a time, handed over by post
    ReplayStatus m_status;
    std::vector<bool> m_done;
    std::deque<std::size_t> m_waiting;
    std::size_t m_active = 0;
    std::size_t m_next = 0;
    std::size_t m_finished = 0;
    bool m_scheduleDone = false;
    bool m_stopping = false;
    double m_nextStatus = 0;
};

} // namespace

ReplayResult runReplay(const Trace& trace, const ReplayOptions& options, const ReplayObserver& observer,
    const std::atomic<bool>* cancel)
{
    if (!(options.timeScale > 0))
        throw InputError(std::string("--time-scale") + ": " + "time scale must be > 0", {}, 0, "--time-scale");
    raiseFileLimit();
    Engine engine(trace, options, observer, cancel);
    return engine.run();
}

} // namespace lorascope
