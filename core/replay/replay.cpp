// The only replay file that uses Boost.Asio/Beast (they compile slowly): the HTTP client, the
// schedule timer and the per-request coroutines.
#include <utility> // before Asio: Boost 1.74's awaitable.hpp needs std::exchange

#include "replay/replay.h"

#include "util/error.h"

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

#include <sys/resource.h>

#include <chrono>
#include <deque>
#include <limits>
#include <memory>
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

// Thousands of concurrent streams need thousands of descriptors: lift the soft limit to the hard one.
void raiseFileLimit()
{
    rlimit rl {};
    if (getrlimit(RLIMIT_NOFILE, &rl) == 0 && rl.rlim_cur < rl.rlim_max) {
        rl.rlim_cur = rl.rlim_max;
        setrlimit(RLIMIT_NOFILE, &rl);
    }
}

// One in-flight connection; shared with its timeout handler so either may outlive the other.
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
            m_ssl.set_verify_mode(options.verifyTls ? net::ssl::verify_peer : net::ssl::verify_none);
        }
        tcp::resolver resolver(m_io);
        beast::error_code ec;
        m_endpoints = resolver.resolve(m_url.host, m_url.port, ec);
        if (ec)
            throw InputError(std::string("--target") + ": " + "cannot resolve host '" + m_url.host + "': " + ec.message(), {}, 0, "--target");
        m_hostHeader = m_url.host + ":" + m_url.port;
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
        m_start = Clock::now();
        net::co_spawn(m_io, schedule(), net::detached);
        poll();
        m_io.run();
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

    // The open-loop schedule: one timer walks the precomputed absolute times; sending a request
    // only spawns its coroutine, so a slow stream never delays the next send.
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

    void start(std::size_t i)
    {
        ++m_active;
        ++m_status.sent;
        m_result.records[i].sent = now();
        auto conn = std::make_shared<Conn>(m_io);
        m_inflight.emplace(i, conn);
        if (m_url.tls)
            net::co_spawn(m_io, request<beast::ssl_stream<beast::tcp_stream>>(i, conn), net::detached);
        else
            net::co_spawn(m_io, request<beast::tcp_stream>(i, conn), net::detached);
    }

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
    Stream& makeStream(Conn& conn)
    {
        if constexpr (std::is_same_v<Stream, beast::tcp_stream>) {
            conn.plain = std::make_unique<beast::tcp_stream>(m_io);
            return *conn.plain;
        } else {
            conn.secure = std::make_unique<beast::ssl_stream<beast::tcp_stream>>(m_io, m_ssl);
            return *conn.secure;
        }
    }

    template <class Stream>
    net::awaitable<void> request(std::size_t i, std::shared_ptr<Conn> conn)
    {
        auto& r = m_result.records[i];
        const char* stage = "connect";
        StreamState st;
        bool haveToken = false;
        try {
            if (conn->cancelled)
                throw std::runtime_error("cancelled before it started");
            Stream& stream = makeStream<Stream>(*conn);
            armDeadline(conn, r, false);
            co_await net::async_connect(conn->socket(), m_endpoints, net::use_awaitable);
            conn->socket().set_option(tcp::no_delay(true));
            if constexpr (std::is_same_v<Stream, beast::ssl_stream<beast::tcp_stream>>) {
                stage = "tls";
                if (!SSL_set_tlsext_host_name(stream.native_handle(), m_url.host.c_str()))
                    throw beast::system_error(beast::error_code(int(::ERR_get_error()), net::error::get_ssl_category()));
                if (m_opt.verifyTls)
                    stream.set_verify_callback(net::ssl::host_name_verification(m_url.host));
                co_await stream.async_handshake(net::ssl::stream_base::client, net::use_awaitable);
            }
            stage = "write";
            const auto& q = m_trace.requests[i];
            GenerationRequest g { m_opt.baseModel, r.adapter, promptFor(m_opt, i, q.inputLen), q.outputLen };
            auto wire = buildWireRequest(m_opt.backend, g);
            http::request<http::string_body> req { http::verb::post, m_url.basePath + wire.path, 11 };
            req.set(http::field::host, m_hostHeader);
            req.set(http::field::user_agent, "lorascope-replay");
            req.set(http::field::content_type, "application/json");
            req.set(http::field::accept, "text/event-stream");
            req.set(http::field::connection, "close");
            if (!m_opt.apiKey.empty())
                req.set(http::field::authorization, "Bearer " + m_opt.apiKey);
            req.body() = std::move(wire.body);
            req.prepare_payload();
            co_await http::async_write(stream, req, net::use_awaitable);

            stage = "response";
            beast::flat_buffer buf;
            http::response_parser<http::string_body> parser;
            parser.body_limit(std::numeric_limits<std::uint64_t>::max());
            co_await http::async_read_header(stream, buf, parser, net::use_awaitable);
            r.firstByte = now();
            r.httpStatus = int(parser.get().result_int());
            m_result.reachable = true;
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
                            m_status.outputTokens += n;
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
        } catch (const std::exception& e) {
            if (conn->cancelled)
                r.outcome = Outcome::Cancelled;
            else if (conn->timeoutKind)
                fail(r, conn->timeoutKind,
                    std::string(conn->timeoutKind) == "timeout" ? "request timed out" : "no first token in time");
            else if (std::string(stage) == "stream" || (std::string(stage) == "response" && r.httpStatus))
                fail(r, "disconnect", "connection lost mid-stream after " + std::to_string(st.tokens) + " tokens: " + e.what());
            else
                fail(r, stage, std::string(stage) + " failed: " + e.what());
        }
        r.tokens = st.tokens;
        r.reportedOutputTokens = st.reportedOutputTokens;
        r.reportedInputTokens = st.reportedInputTokens;
        r.end = now();
        conn->timer.cancel();
        conn->close();
        m_inflight.erase(i);
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

    static void fail(ReplayRecord& r, const std::string& kind, const std::string& text)
    {
        if (!r.errorKind.empty())
            return;
        r.outcome = Outcome::Failed;
        r.errorKind = kind;
        r.error = text;
    }

    void finish(std::size_t i)
    {
        if (m_done[i])
            return;
        m_done[i] = true;
        ++m_finished;
        const auto& r = m_result.records[i];
        switch (r.outcome) {
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
        if (m_obs.onRecord)
            m_obs.onRecord(r);
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
        for (auto i : m_waiting) {
            auto& r = m_result.records[i];
            r.outcome = Outcome::Cancelled;
            r.end = t;
            finish(i);
        }
        m_waiting.clear();
        for (std::size_t i = m_next; i < m_result.records.size(); ++i) {
            m_result.records[i].outcome = Outcome::Cancelled;
            finish(i);
        }
        for (auto& [i, conn] : m_inflight) {
            conn->cancelled = true;
            conn->close();
        }
    }

    void poll()
    {
        if (!m_stopping && cancelRequested())
            stopAll();
        m_status.elapsed = now();
        m_status.inFlight = m_active;
        if (m_obs.onStatus && m_status.elapsed >= m_nextStatus) {
            m_obs.onStatus(m_status);
            m_nextStatus = m_status.elapsed + m_obs.statusInterval;
        }
        if (m_finished == m_result.records.size() && (m_scheduleDone || m_stopping)) {
            if (m_obs.onStatus)
                m_obs.onStatus(m_status);
            return;
        }
        m_pollTimer.expires_after(std::chrono::milliseconds(20));
        m_pollTimer.async_wait([this](const beast::error_code& ec) {
            if (ec == net::error::operation_aborted && m_finished == m_result.records.size()) {
                if (m_obs.onStatus) {
                    m_status.elapsed = now();
                    m_status.inFlight = m_active;
                    m_obs.onStatus(m_status);
                }
                return;
            }
            poll();
        });
    }

    const Trace& m_trace;
    const ReplayOptions& m_opt;
    const ReplayObserver& m_obs;
    const std::atomic<bool>* m_cancel;
    net::io_context m_io { 1 };
    net::ssl::context m_ssl;
    net::steady_timer m_scheduleTimer;
    net::steady_timer m_pollTimer;
    TargetUrl m_url;
    std::string m_hostHeader;
    tcp::resolver::results_type m_endpoints;
    Clock::time_point m_start;
    ReplayResult m_result;
    ReplayStatus m_status;
    std::vector<bool> m_done;
    std::unordered_map<std::size_t, std::shared_ptr<Conn>> m_inflight;
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
