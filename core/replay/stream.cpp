// SPDX-License-Identifier: Apache-2.0
// The network threads: one coroutine per request connects (or takes a pooled connection the
// dispatcher already wrote on), reads the response headers and then the backend's event stream,
// with the request's timeouts. The only replay file that uses Boost.Beast (it compiles slowly).
#include "replay/engine.h"

#include "util/filelimit.h"

#include <boost/asio/co_spawn.hpp>
#include <boost/asio/connect.hpp>
#include <boost/asio/detached.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/redirect_error.hpp>
#include <boost/asio/ssl.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/ssl.hpp>

#include <limits>
#include <optional>

namespace lorascope::replay_detail {

namespace beast = boost::beast;
namespace http = beast::http;

// One in-flight request's connection on a network thread; shared with its timeout handler so
// either may outlive the other.
struct Conn {
    std::unique_ptr<tcp::socket>
        plain; ///< plain http: the socket itself (Beast's tcp_stream adds a timer layer per read that the request's own timer makes unneeded)
    std::unique_ptr<beast::ssl_stream<beast::tcp_stream>> secure;
    net::steady_timer timer;
    const char* timeoutKind = nullptr;
    bool cancelled = false;
    bool finished = false; ///< the request's record is final and handed to the dispatcher

    explicit Conn(net::io_context& io)
        : timer(io)
    {
    }
    tcp::socket& socket() { return plain ? *plain : beast::get_lowest_layer(*secure).socket(); }
    void close()
    {
        if (!plain && !secure)
            return; // the request's coroutine has not started yet
        beast::error_code ec;
        socket().shutdown(tcp::socket::shutdown_both, ec);
        socket().close(ec);
    }
};

namespace {
// Opening a socket failed for want of a file descriptor (EMFILE/ENFILE). A plain aggregate
// (caught by type before std::exception), not an exception class hierarchy.
struct NoDescriptor {
    bool system = false; ///< the whole system's table is full, not this process's limit
};

// Token event times kept per request (8 bytes each); a server that streams more (it ignores
// max_tokens, or never stops) is still counted, its later times are not kept.
constexpr std::size_t kMaxTokenTimes = std::size_t(1) << 20;

// Hands each event to a function as the SSE parser completes it (no copy, no allocation per event).
// Parses what `buf` holds (an eager parser takes all of it, or stops at an incomplete piece); false when it needs
// more bytes and consumed none. Parse errors throw, as Beast's reads report them.
bool parseBuffered(http::response_parser<http::string_body>& parser, beast::flat_buffer& buf)
{
    beast::error_code ec;
    const std::size_t used = parser.put(buf.data(), ec);
    buf.consume(used);
    if (ec == http::error::need_more)
        return used > 0;
    if (ec)
        throw beast::system_error(ec);
    return true;
}

template <class F>
struct CallSink final : SseSink {
    F& f;
    explicit CallSink(F& fn)
        : f(fn)
    {
    }
    void onEvent(const SseEvent& event) override { f(event); }
};
}

void Engine::spawnRequest(Worker& w, std::size_t i, int fd, bool v6, std::string bytes, std::size_t written)
{
    auto conn = std::make_shared<Conn>(w.io);
    w.inflight.emplace(i, conn);
    // Whatever escapes the coroutine (it catches its own errors; this is the last line of
    // defence, e.g. against an allocation failure), the request still ends exactly once:
    // otherwise the run would wait for it forever and ignore cancellation.
    auto done = [this, &w, i, conn](std::exception_ptr e) {
        if (conn->finished)
            return;
        std::string what = "unknown error";
        try {
            if (e)
                std::rethrow_exception(e);
        } catch (const std::exception& x) {
            what = x.what();
        } catch (...) {
        }
        fail(m_result.records[i], "internal", "the client failed on this request: " + what);
        finishRequest(w, i, *conn, false);
    };
    if (m_url.tls)
        net::co_spawn(
            w.io, request<beast::ssl_stream<beast::tcp_stream>>(w, i, conn, -1, false, std::move(bytes), 0), done);
    else
        net::co_spawn(w.io, request<tcp::socket>(w, i, conn, fd, v6, std::move(bytes), written), done);
}

void Engine::finishRequest(Worker& w, std::size_t i, Conn& conn, bool pooled)
{
    auto& r = m_result.records[i];
    conn.finished = true;
    r.end = now();
    beast::error_code ec;
    conn.timer.cancel(ec);
    if (!pooled)
        conn.close();
    m_ledger.report(r);
    {
        std::lock_guard lock(m_endedMutex);
        m_ended.push_back(i);
    }
    if (m_wakeOnEnd.load())
        net::post(m_io, [this] { drainEnded(); });
    w.inflight.erase(i); // may destroy `conn`: last
}

void Engine::cancelInflight(Worker& w)
{
    for (auto& [i, conn] : w.inflight) {
        conn->cancelled = true;
        conn->close();
    }
}

void Engine::armTimer(const std::shared_ptr<Conn>& conn, double deadline, const char* kind)
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

void Engine::armDeadline(const std::shared_ptr<Conn>& conn, const ReplayRecord& r, bool haveToken)
{
    double deadline = -1;
    const char* kind = nullptr;
    if (m_requestTimeout > 0) {
        deadline = r.sent + m_requestTimeout;
        kind = "timeout";
    }
    if (!haveToken && m_firstTokenTimeout > 0 && (deadline < 0 || r.sent + m_firstTokenTimeout < deadline)) {
        deadline = r.sent + m_firstTokenTimeout;
        kind = "first_token_timeout";
    }
    if (kind)
        armTimer(conn, deadline, kind);
    else
        conn->timer.cancel();
}

template <class Stream>
Stream& Engine::makeStream(net::io_context& io, Conn& conn)
{
    if constexpr (std::is_same_v<Stream, tcp::socket>) {
        conn.plain = std::make_unique<tcp::socket>(io);
        return *conn.plain;
    } else {
        conn.secure = std::make_unique<beast::ssl_stream<beast::tcp_stream>>(io, m_ssl);
        return *conn.secure;
    }
}

template <class Stream>
net::awaitable<void> Engine::connect(Stream& stream, Conn& conn, const char*& stage)
{
    // Each resolved address in turn. Opening the socket is done here so that running out of
    // descriptors is reported as such (Asio's range connect reports it as "Operation canceled").
    beast::error_code ec = net::error::host_not_found;
    for (const auto& entry : m_endpoints) {
        conn.socket().close(ec);
        conn.socket().open(entry.endpoint().protocol(), ec);
        if (ec) {
            if (ec == beast::errc::too_many_files_open || ec == beast::errc::too_many_files_open_in_system)
                throw NoDescriptor { ec == beast::errc::too_many_files_open_in_system };
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
net::awaitable<void> Engine::request(
    Worker& w, std::size_t i, std::shared_ptr<Conn> conn, int fd, bool v6, std::string bytes, std::size_t written)
{
    constexpr bool kTls = std::is_same_v<Stream, beast::ssl_stream<beast::tcp_stream>>;
    auto& r = m_result.records[i];
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
            // request): nothing was answered, so send again on a new connection — a second
            // attempt, never hidden (the server may have received the first).
            if (!reused || response->got_some() || conn->cancelled || conn->timeoutKind)
                throw beast::system_error(ec);
            ++r.attempts; // counted, written to requests.jsonl and summed in the summary ("resent")
            conn->close();
            buf.clear();
        }
        auto& parser = *response;
        r.firstByte = now();
        if (const auto date = parser.get().find(http::field::date); date != parser.get().end())
            serverDate(std::string(date->value()), r.sent, r.firstByte);
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
            double t = 0; // when the bytes being parsed were read
            std::string* answer = m_capture[i] ? &m_answers[i] : nullptr; // a later turn of its session sends it back
            auto onEvent = [&](const SseEvent& ev) {
                if (!st.error.empty())
                    return; // the events after an error event are not read
                const auto n = interpretEvent(m_opt.backend, ev, st);
                if (answer && st.error.empty())
                    appendEventText(m_opt.backend, ev, *answer);
                if (n > 0) {
                    if (r.tokenTimes.size() < kMaxTokenTimes)
                        r.tokenTimes.push_back(t);
                    m_outputTokens.fetch_add(n, std::memory_order_relaxed);
                    if (!haveToken) {
                        haveToken = true;
                        if (m_firstTokenTimeout > 0)
                            armDeadline(conn, r, true);
                    }
                }
            };
            CallSink<decltype(onEvent)> events(onEvent);
            // The body is read here, not with http::async_read_some: that parses one piece (a chunk's size line, or
            // its data) per call and suspends the coroutine for each, two or three times per token event. Here one
            // read takes whatever the socket holds and the eager parser decodes all of it. End of stream and errors
            // follow Beast's read_some exactly (a clean end completes the message, anything else is the error).
            parser.eager(true);
            t = r.firstByte;
            while (!parser.is_done() && r.errorKind.empty()) {
                if (buf.size() == 0 || !parseBuffered(parser, buf)) {
                    beast::error_code ec;
                    const std::size_t n = co_await stream.async_read_some(
                        buf.prepare(beast::read_size(buf, 65536)), net::redirect_error(net::use_awaitable, ec));
                    buf.commit(n);
                    t = now();
                    if (ec == net::error::eof) {
                        parser.put_eof(ec); // (the header was read: Beast's got_some() case)
                        if (ec)
                            throw beast::system_error(ec);
                    } else if (ec) {
                        throw beast::system_error(ec);
                    } else {
                        parseBuffered(parser, buf);
                    }
                }
                auto& body = parser.get().body();
                const bool fed = sse.feed(body, events);
                body.clear();
                if (!fed)
                    fail(r, "oversized_event", "stream error: " + sse.error());
                else if (parser.is_done())
                    sse.finish(events);
                if (!st.error.empty())
                    fail(r, st.error.rfind("malformed", 0) == 0 ? "malformed_event" : "server_error", st.error);
            }
            if (r.errorKind.empty()) {
                if (st.done)
                    r.outcome = Outcome::Completed;
                else
                    fail(r, "incomplete",
                        "stream ended without its end marker after " + std::to_string(st.tokens) + " tokens");
            }
        }
        // Keep the connection for a later request when the exchange ended cleanly.
        if constexpr (!kTls) {
            if (r.outcome == Outcome::Completed && parser.is_done() && parser.keep_alive() && buf.size() == 0
                && !conn->cancelled && !conn->timeoutKind) {
                conn->timer.cancel();
                beast::error_code ec;
                const bool six = conn->socket().local_endpoint(ec).address().is_v6();
                const int released = conn->plain->release(ec);
                if (!ec && released >= 0) {
                    m_pool.put(released, six);
                    pooled = true;
                }
            }
        }
    } catch (const NoDescriptor& e) {
        if (conn->cancelled)
            r.outcome = Outcome::Cancelled;
        else
            fdExhausted(r, e.system);
    } catch (const std::exception& e) {
        if (conn->cancelled)
            r.outcome = Outcome::Cancelled;
        else if (conn->timeoutKind)
            fail(r, conn->timeoutKind,
                std::string(conn->timeoutKind) == "timeout" ? "request timed out" : "no first token in time");
        else if (std::string(stage) == "stream" || (std::string(stage) == "response" && r.httpStatus))
            fail(r, "disconnect",
                "connection lost mid-stream after " + std::to_string(st.tokens) + " tokens: " + e.what());
        else
            fail(r, stage, std::string(stage) + " failed: " + e.what() + tlsVerifyDetail(*conn));
    }
    r.tokens = st.tokens;
    r.reportedOutputTokens = st.reportedOutputTokens;
    r.reportedInputTokens = st.reportedInputTokens;
    r.reportedCachedTokens = st.reportedCachedTokens;
    finishRequest(w, i, *conn, pooled);
}

void Engine::fdExhausted(ReplayRecord& r, bool systemWide)
{
    const auto soft = fileLimit(), hard = fileLimitHard();
    fail(r, "fd_limit",
        systemWide ? "no file descriptor free in the whole system (ENFILE)"
                   : "no file descriptor free (this process may hold " + std::to_string(soft) + ")");
    if (m_fdExhausted.fetch_add(1) != 0)
        return;
    std::string note;
    if (systemWide)
        note = "The system ran out of file descriptors (its table is full, ENFILE): requests that could not open a "
               "connection "
               "fail with error kind fd_limit. Raise fs.file-max (sysctl), or cap requests in flight with "
               "--max-concurrency.";
    else
        note = "The client ran out of file descriptors: it may hold " + std::to_string(soft) + " open files (ulimit -n"
            + (hard > soft ? "; the hard limit is " + std::to_string(hard)
                           : std::string("; it is already at the hard limit"))
            + ") and every one is in use. Requests that could not open a connection fail with error kind fd_limit. "
              "Raise the "
              "limit (ulimit -n N in the shell, LimitNOFILE= for a systemd unit, the container's nofile ulimit), or "
              "cap "
              "requests in flight with --max-concurrency.";
    sayOnce(note);
}

void Engine::serverDate(const std::string& date, double sent, double received)
{
    const auto d = parseHttpDate(date);
    if (!d)
        return;
    std::lock_guard lock(m_clockMutex);
    const double wall0 = m_result.clock.startWall;
    m_result.clock.server.add(*d, wall0 + sent, wall0 + received);
}

// Why certificate verification failed ("self-signed certificate", "hostname mismatch"), if it did.
std::string Engine::tlsVerifyDetail(Conn& conn)
{
    if (!conn.secure)
        return {};
    const long v = SSL_get_verify_result(conn.secure->native_handle());
    return v == X509_V_OK ? std::string() : std::string(" (") + X509_verify_cert_error_string(v) + ")";
}

void Engine::fail(ReplayRecord& r, const std::string& kind, const std::string& text)
{
    if (!r.errorKind.empty())
        return;
    r.outcome = Outcome::Failed;
    r.errorKind = kind;
    r.error = text;
}

} // namespace lorascope::replay_detail
