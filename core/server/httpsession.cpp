// SPDX-License-Identifier: Apache-2.0
// One coroutine per connection, on the network thread that accepted it. Reading uses Beast's parser with a header limit
// and the server's body limit; answers are written by hand (they are small and fixed), streams as chunked SSE with
// non-blocking writes that fall back to an async write only when the socket's buffer is full. While a stream waits for
// tokens, a zero-byte readiness wait on the socket notices a client that closes or resets, so its request leaves the
// engine at once instead of occupying a batch slot to the end.

#include "server/httpsession.h"

#include "formats/traceio.h"
#include "server/engineloop.h"

#include <boost/asio/post.hpp>
#include <boost/asio/redirect_error.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <boost/asio/write.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>

#include <algorithm>
#include <cctype>
#include <cmath>

namespace lorascope {

namespace beast = boost::beast;
namespace http = beast::http;
using tcp = net::ip::tcp;
using boost::system::error_code;

namespace {

/// A failed request is followed by at most this long of reading and discarding what the client still sends (its body),
/// so the answer reaches it before the close — closing with unread data would send a reset that can destroy the answer
/// in flight (as nginx's lingering_close).
constexpr double kLingerSeconds = 2.0;
/// A request body is read within this long (or the keep-alive timeout if longer).
constexpr double kBodyReadSeconds = 30.0;
/// Token wake-ups of fixed-pace streams are rounded up to this grid, so a network thread wakes once per grid step for
/// all streams due in it instead of once per token (never early).
constexpr double kWakeGridSeconds = 0.0005;

std::string reasonOf(int status)
{
    const auto r = http::obsolete_reason(http::status(status));
    return r.empty() ? std::string("Unknown") : std::string(r);
}

// A complete response with a fixed body.
std::string responseText(int status, const std::string& body, bool keepAlive, int version, const char* contentType,
    const std::string& extraHeaders = {}, bool headOnly = false)
{
    std::string out
        = "HTTP/1.1 " + std::to_string(status) + " " + reasonOf(status) + "\r\nServer: lorascope-serve-sim\r\n";
    out += "Content-Type: ";
    out += contentType;
    out += "\r\nContent-Length: " + std::to_string(body.size()) + "\r\n";
    out += extraHeaders;
    if (!keepAlive)
        out += "Connection: close\r\n";
    else if (version == 10)
        out += "Connection: keep-alive\r\n";
    out += "\r\n";
    if (!headOnly)
        out += body;
    return out;
}

// Writes all of `data`: a non-blocking write first (the common case on a stream: the whole event fits in the socket
// buffer, no suspension), the rest asynchronously.
net::awaitable<bool> writeAll(tcp::socket& s, const std::string& data)
{
    if (data.empty())
        co_return true;
    error_code ec;
    const std::size_t n = s.write_some(net::buffer(data), ec);
    if (!ec && n == data.size())
        co_return true;
    if (ec && ec != net::error::would_block && ec != net::error::try_again)
        co_return false;
    const std::size_t done = ec ? 0 : n;
    co_await net::async_write(
        s, net::buffer(data.data() + done, data.size() - done), net::redirect_error(net::use_awaitable, ec));
    co_return !ec;
}

// Notices a client that goes away while its stream waits: readable with nothing to read means EOF (or a reset).
// Pipelined bytes end the watch (the next request is read after the stream).
void watchClient(tcp::socket& socket, std::shared_ptr<Stream> st)
{
    socket.async_wait(tcp::socket::wait_read, [&socket, st](const error_code& ec) {
        if (ec || !st->wake)
            return; // the stream is over (and the socket may be gone)
        char c;
        error_code e;
        const std::size_t n = socket.receive(net::buffer(&c, 1), tcp::socket::message_peek, e);
        if (e == net::error::would_block || e == net::error::try_again) {
            watchClient(socket, st);
            return;
        }
        if (!e && n > 0)
            return;
        st->gone = true;
        st->wake->cancel();
    });
}

// Everything a connection needs while it serves requests.
class Connection {
public:
    Connection(ServerCore& core, std::size_t worker, tcp::socket socket)
        : m_core(core)
        , m_worker(worker)
        , m_thread(*core.workers[worker])
        , m_socket(std::move(socket))
        , m_deadline(m_thread.io)
        , m_buffer(kHeaderLimitBytes + 16 * 1024)
    {
        m_thread.sockets.insert(&m_socket);
        // Writes try a non-blocking send first (writeAll): a client that stops reading never blocks the thread.
        error_code ec;
        m_socket.non_blocking(true, ec);
    }

    ~Connection()
    {
        m_thread.sockets.erase(&m_socket);
        error_code ec;
        m_socket.shutdown(tcp::socket::shutdown_send, ec);
        m_socket.close(ec);
    }

    net::awaitable<void> run()
    {
        while (!m_core.stopping) {
            const bool again = co_await serveOne();
            if (!again)
                break;
        }
    }

private:
    ServerCore& m_core;
    std::size_t m_worker;
    Worker& m_thread; ///< (not through core.workers: that slot is already cleared while the server is destroyed)
    tcp::socket m_socket;
    // Reads run against a deadline that cancels them (not Beast's tcp_stream timeout, which closes the socket: a
    // request that times out halfway must still get its 408).
    net::steady_timer m_deadline;
    std::uint64_t m_deadlineGeneration = 0;
    std::uint64_t m_answered = 0; ///< requests read on this connection
    bool m_deadlineHit = false;
    beast::flat_buffer m_buffer;

    tcp::socket& socket() { return m_socket; }

    // `extendWhileUnread`: bytes waiting in the socket when the deadline comes mean the client did send and this thread
    // is behind (a loaded machine), not an idle or slow client: the deadline moves on instead of closing a connection
    // that carries a request (which the client would see as a close without an answer).
    void armDeadline(double seconds, bool extendWhileUnread = true)
    {
        m_deadlineHit = false;
        m_deadline.expires_after(saturatingDuration(seconds));
        m_deadline.async_wait(
            [this, seconds, extendWhileUnread, generation = ++m_deadlineGeneration](const error_code& ec) {
                if (ec || generation != m_deadlineGeneration)
                    return; // cancelled or superseded (checked in this order: `this` may be gone when cancelled)
                error_code e;
                if (extendWhileUnread && m_socket.available(e) > 0 && !e) {
                    armDeadline(seconds, extendWhileUnread);
                    return;
                }
                m_deadlineHit = true;
                m_socket.cancel(e);
            });
    }

    void disarmDeadline()
    {
        ++m_deadlineGeneration;
        m_deadline.cancel();
    }

    // After a refusal: stop sending, read and drop what the client still sends for a while, close.
    net::awaitable<void> lingeringClose()
    {
        error_code ec;
        m_socket.shutdown(tcp::socket::shutdown_send, ec);
        armDeadline(kLingerSeconds, false);
        char scratch[16384];
        while (!ec)
            co_await m_socket.async_read_some(net::buffer(scratch), net::redirect_error(net::use_awaitable, ec));
        disarmDeadline();
        m_socket.close(ec);
    }

    // Coroutine calls below take only named objects of the caller (never temporaries): GCC 12 mishandles temporaries
    // with destructors in co_await expressions (seen here as double frees and resumed dead frames).

    net::awaitable<void> refuse(const HttpRefusal& r, int version)
    {
        if (r.status != 0) {
            ++m_core.counters.badRequests;
            const std::string text
                = responseText(r.status, errorBody(r.status, r.message), false, version, "application/json");
            co_await writeAll(socket(), text);
            co_await lingeringClose();
        }
    }

    // Reads and answers one request; false when the connection is to be closed.
    net::awaitable<bool> serveOne()
    {
        http::request_parser<http::string_body> parser;
        parser.header_limit(std::uint32_t(kHeaderLimitBytes));
        parser.body_limit(m_core.opt.maxBodyBytes);
        const double idle = m_core.opt.idleTimeoutSeconds;
        // An idle kept-alive connection is closed (uvicorn's default: 5 s). As in uvicorn the timeout runs between
        // requests: a new connection waits for its first request as long as for a body (a client on a busy machine may
        // connect well before it gets to write).
        armDeadline(idle > 0 ? (m_answered > 0 ? idle : std::max(idle, kBodyReadSeconds)) : kMaxTimerSeconds);
        error_code ec;
        co_await http::async_read_header(m_socket, m_buffer, parser, net::redirect_error(net::use_awaitable, ec));
        if (ec && m_deadlineHit)
            ec = beast::error::timeout;
        if (ec) {
            const auto data = m_buffer.data();
            const std::string_view received(static_cast<const char*>(data.data()), data.size());
            const HttpRefusal r = refusalForReadError(ec, received, !parser.get().target().empty());
            co_await refuse(r, 11);
            co_return false;
        }
        const int version = parser.get().version();
        if (const auto r = refusalForHead(parser.get().base(), parser.chunked())) {
            co_await refuse(*r, version);
            co_return false;
        }
        const auto expect = parser.get()[http::field::expect];
        if (!expect.empty()) {
            if (!beast::iequals(expect, "100-continue")) {
                const HttpRefusal r { 417, "unsupported Expect: only 100-continue" };
                co_await refuse(r, version);
                co_return false;
            }
            const std::string interim = "HTTP/1.1 100 Continue\r\n\r\n";
            if (!parser.is_done()) {
                const bool written = co_await writeAll(socket(), interim);
                if (!written)
                    co_return false;
            }
        }
        if (!parser.is_done()) {
            armDeadline(idle > 0 ? std::max(idle, kBodyReadSeconds) : kMaxTimerSeconds);
            co_await http::async_read(m_socket, m_buffer, parser, net::redirect_error(net::use_awaitable, ec));
            if (ec && m_deadlineHit)
                ec = beast::error::timeout;
            if (ec) {
                const HttpRefusal r = refusalForReadError(ec, {}, true);
                co_await refuse(r, version);
                co_return false;
            }
        }
        disarmDeadline();
        ++m_answered;
        auto req = parser.release();
        const bool again = co_await dispatch(req);
        co_return again;
    }

    // What to do with a request: write a complete answer, or stream a generation.
    struct Plan {
        std::string answer; ///< the whole response, when there is nothing to stream
        bool keep = true; ///< the connection stays open afterwards
        std::optional<ApiRequest> generation;
    };

    Plan plan(http::request<http::string_body>& req)
    {
        Plan p;
        p.keep = req.keep_alive();
        const int version = req.version();
        const auto target = req.target();
        const Endpoint endpoint = endpointOf(std::string_view(target.data(), target.size()));
        const bool get = req.method() == http::verb::get || req.method() == http::verb::head;
        const bool head = req.method() == http::verb::head;
        auto json = [&](int status, const std::string& body, const std::string& extra = {}) {
            p.answer = responseText(status, body, p.keep, version, "application/json", extra, head);
        };
        if (endpoint == Endpoint::None) {
            ++m_core.counters.badRequests;
            json(404,
                errorBody(
                    404, "no such endpoint: " + std::string(target.data(), std::min<std::size_t>(target.size(), 200))));
            return p;
        }
        const bool post = endpointIsPost(endpoint);
        if (post ? req.method() != http::verb::post : !get) {
            ++m_core.counters.badRequests;
            json(405, errorBody(405, post ? "use POST" : "use GET"), post ? "Allow: POST\r\n" : "Allow: GET, HEAD\r\n");
            return p;
        }
        switch (endpoint) {
        case Endpoint::Health:
            json(200, "{\"status\":\"ok\"}");
            return p;
        case Endpoint::Models: {
            std::string body = "{\"object\":\"list\",\"data\":[{\"id\":";
            appendJsonString(body, m_core.opt.baseModel);
            body += ",\"object\":\"model\",\"owned_by\":\"lorascope-serve-sim\"}]}";
            json(200, body);
            return p;
        }
        case Endpoint::Metrics:
            p.answer = responseText(200, m_core.metrics.exposition(), p.keep, version,
                "text/plain; version=0.0.4; charset=utf-8", {}, head);
            return p;
        default:
            break;
        }
        ApiParse parsed = parseApiRequest(endpoint, req.body(), m_core.api);
        std::string().swap(req.body()); // the body is no longer needed: free it before streaming
        if (!parsed.request) {
            ++m_core.counters.badRequests;
            m_core.metrics.requestRejected("bad_request");
            json(parsed.error.status, errorBody(parsed.error.status, parsed.error.message, parsed.error.field));
            return p;
        }
        p.generation = std::move(parsed.request);
        return p;
    }

    net::awaitable<bool> dispatch(http::request<http::string_body>& req)
    {
        const Plan p = plan(req);
        const int version = req.version();
        if (!p.generation) {
            const bool written = co_await writeAll(socket(), p.answer);
            co_return written&& p.keep;
        }
        const bool again = co_await generate(*p.generation, p.keep, version);
        co_return again;
    }

    // Writes a fixed answer during a generation request (injected error, refusal by the engine).
    net::awaitable<bool> answer(
        int status, const std::string& message, bool keep, int version, const std::string& extra)
    {
        const std::string text
            = responseText(status, errorBody(status, message), keep, version, "application/json", extra);
        const bool written = co_await writeAll(socket(), text);
        co_return written&& keep;
    }

    // Ends a stream whatever way the coroutine leaves (also when the server is destroyed): the engine learns the
    // connection stopped reading, the counters and metrics are settled.
    struct StreamGuard {
        ServerCore& core;
        std::shared_ptr<Stream> st;
        bool engine;
        ~StreamGuard()
        {
            st->wake = nullptr;
            --core.counters.streamsOpen;
            if (engine) {
                net::post(core.engineIo,
                    [engine = core.engine, id = st->id, gone = st->gone] { engine->connectionEnded(id, gone); });
            } else {
                core.metrics.addRunning(-1);
                core.metrics.adapterRequests(st->adapter, -1, 0);
                bool finished;
                {
                    std::lock_guard lock(st->mutex);
                    finished = st->finished;
                }
                if (!finished) {
                    core.metrics.requestFinished(FinishReason::Abort, NAN);
                    if (st->gone)
                        ++core.counters.clientGone;
                }
            }
        }
    };

    net::awaitable<bool> generate(const ApiRequest& api, bool keep, int version)
    {
        const std::uint64_t id = m_core.nextId++;
        const Fault fault = drawFault(m_core.opt.faults, id);
        ++m_core.counters.requests;
        if (fault == Fault::Error) {
            ++m_core.counters.faults;
            m_core.metrics.requestRejected("injected_error");
            const int status = m_core.opt.faults.errorStatus;
            const std::string message = "injected fault: HTTP " + std::to_string(status);
            const std::string extra = status == 429 ? "Retry-After: 1\r\n" : "";
            const bool again = co_await answer(status, message, keep, version, extra);
            co_return again;
        }
        net::steady_timer timer(m_thread.io);
        if (fault == Fault::SlowFirstByte) {
            ++m_core.counters.faults;
            timer.expires_after(saturatingDuration(m_core.opt.faults.slowFirstByteSeconds));
            error_code ec;
            co_await timer.async_wait(net::redirect_error(net::use_awaitable, ec));
            if (m_core.stopping)
                co_return false;
        }
        auto st = std::make_shared<Stream>(id, m_worker, api, fault, m_core.now());
        if (m_core.engine) {
            // The engine strand decides; its answer comes back to this thread and wakes the timer. (The handlers refer
            // to this frame: they only run while the server runs, and the frame outlives the server's threads.)
            std::string err;
            bool answered = false;
            net::post(m_core.engineIo, [engine = m_core.engine, st, &err, &answered, &timer, io = &m_thread.io] {
                net::post(*io, [e = engine->submit(st), &err, &answered, &timer]() mutable {
                    err = std::move(e);
                    answered = true;
                    timer.cancel();
                });
            });
            while (!answered) {
                timer.expires_at(SimClock::time_point::max());
                error_code ec;
                co_await timer.async_wait(net::redirect_error(net::use_awaitable, ec));
                if (m_core.stopping)
                    co_return false;
            }
            if (!err.empty()) {
                ++m_core.counters.refused;
                m_core.metrics.requestRejected("over_limits");
                const std::string none;
                const bool again = co_await answer(500, err, keep, version, none);
                co_return again;
            }
        } else {
            m_core.metrics.addRunning(+1);
            m_core.metrics.adapterRequests(st->adapter, +1, 0);
            m_core.metrics.addPromptTokens(st->inputLen);
        }
        ++m_core.counters.streamsOpen;
        st->wake = &timer;
        StreamGuard guard { m_core, st, m_core.engine != nullptr };
        // HTTP/1.0 has no chunked coding: the body ends when the connection closes.
        const bool chunked = version >= 11;
        keep = keep && chunked;
        const std::string head = streamResponseHead(keep, chunked);
        if (!co_await writeAll(socket(), head))
            co_return false;
        watchClient(socket(), st);
        bool ok = false;
        if (m_core.engine)
            ok = co_await streamEngine(*st, timer, chunked);
        else
            ok = co_await streamFixed(*st, timer, chunked);
        if (!ok)
            co_return false;
        ++m_core.counters.completed;
        co_return keep;
    }

    // Flushes `payload` as one write (chunk-framed if `chunked`, with the last chunk when `end`).
    // Flushes `payload` (chunk-framed if `chunked`, with the last chunk when `end`): a non-blocking send, and an async
    // write only for what the socket buffer did not take. (Not a coroutine itself: the common case, the whole event
    // taken at once, then costs no coroutine frame.) Returns the bytes still to write asynchronously from `out`, or
    // npos after a socket error.
    std::size_t sendNow(std::string& payload, std::string& framed, bool chunked, bool end, const std::string*& out)
    {
        out = &payload;
        if (chunked) {
            framed.clear();
            appendChunk(framed, payload);
            if (end)
                framed += kLastChunk;
            out = &framed;
        }
        error_code ec;
        const std::size_t n = socket().write_some(net::buffer(*out), ec);
        if (ec)
            return ec == net::error::would_block || ec == net::error::try_again ? 0 : std::string::npos;
        return n;
    }

    net::awaitable<bool> send(std::string& payload, std::string& framed, bool chunked, bool end)
    {
        const std::string* out = nullptr;
        const std::size_t done = sendNow(payload, framed, chunked, end, out);
        if (done == std::string::npos)
            co_return false;
        if (done < out->size()) {
            error_code ec;
            co_await net::async_write(socket(), net::buffer(out->data() + done, out->size() - done),
                net::redirect_error(net::use_awaitable, ec));
            if (ec)
                co_return false;
        }
        payload.clear();
        co_return true;
    }

    // A disconnect or stall fault strikes: go silent (stall) for a while, then close.
    net::awaitable<bool> breakStream(Stream& st, net::steady_timer& timer)
    {
        ++m_core.counters.faults;
        if (st.fault == Fault::Stall && !st.gone) {
            timer.expires_after(saturatingDuration(m_core.opt.faults.stallSeconds));
            error_code ec;
            co_await timer.async_wait(net::redirect_error(net::use_awaitable, ec));
        }
        error_code ec;
        socket().close(ec);
        co_return false;
    }

    // Fixed pace: token k is due at arrival + first + k·spacing. Tokens already due when the thread gets to the stream
    // (a busy thread) go out together in one write.
    net::awaitable<bool> streamFixed(Stream& st, net::steady_timer& timer, bool chunked)
    {
        const double spacing = *m_core.opt.tokenSeconds;
        const double t0 = st.arrival + m_core.opt.firstTokenSeconds;
        const std::uint32_t faultAt = st.fault == Fault::None ? UINT32_MAX : faultPoint(st.outputLen);
        std::string payload, framed;
        std::uint32_t k = 0;
        while (k < st.outputLen) {
            if (k == faultAt && (st.fault == Fault::Disconnect || st.fault == Fault::Stall)) {
                const bool result = co_await breakStream(st, timer);
                co_return result;
            }
            const double due = t0 + double(k) * spacing;
            double now = m_core.now();
            if (now < due) {
                const double wake = std::ceil(due / kWakeGridSeconds) * kWakeGridSeconds;
                timer.expires_at(m_core.at(std::max(wake, due)));
                error_code ec;
                co_await timer.async_wait(net::redirect_error(net::use_awaitable, ec));
                if (m_core.stopping || st.gone)
                    co_return false;
                now = m_core.now();
                if (now < due)
                    continue; // woken early (only by a cancel): wait again
            }
            const std::uint32_t first = k;
            do {
                if (k == faultAt && st.fault == Fault::Malformed) { // (disconnect and stall strike above)
                    ++m_core.counters.faults;
                    TokenEvents::appendMalformed(payload);
                }
                st.events.appendToken(payload, k + 1 == st.outputLen);
                ++k;
            } while (k < st.outputLen && t0 + double(k) * spacing <= now && k != faultAt);
            if (first == 0)
                m_core.metrics.observeTimeToFirstToken(m_core.now() - st.arrival);
            m_core.metrics.addGenerationTokens(k - first);
            const bool end = k == st.outputLen;
            if (end) {
                std::lock_guard lock(st.mutex);
                st.finished = true;
            }
            const std::string* out = nullptr;
            const std::size_t done = sendNow(payload, framed, chunked, end, out);
            if (done == std::string::npos)
                co_return false;
            if (done < out->size()) { // the socket buffer is full: finish asynchronously
                error_code ec;
                co_await net::async_write(socket(), net::buffer(out->data() + done, out->size() - done),
                    net::redirect_error(net::use_awaitable, ec));
                if (ec)
                    co_return false;
            }
            payload.clear();
        }
        m_core.metrics.requestFinished(FinishReason::Length, m_core.now() - st.arrival);
        co_return true;
    }

    // Engine pace: the engine strand appends events and wakes this coroutine; whatever has accumulated since the last
    // write goes out in one write.
    net::awaitable<bool> streamEngine(Stream& st, net::steady_timer& timer, bool chunked)
    {
        std::string payload, framed;
        for (;;) {
            bool finished, dropped, faultDue;
            {
                std::lock_guard lock(st.mutex);
                payload.swap(st.pending);
                st.notified = false;
                finished = st.finished;
                dropped = st.dropped;
                faultDue = st.faultDue;
            }
            const bool end = finished || dropped;
            if (!payload.empty() && !co_await send(payload, framed, chunked, end && !faultDue))
                co_return false;
            if (faultDue) {
                const bool result = co_await breakStream(st, timer);
                co_return result;
            }
            if (end)
                co_return true;
            if (m_core.stopping || st.gone)
                co_return false;
            timer.expires_at(SimClock::time_point::max());
            error_code ec;
            co_await timer.async_wait(net::redirect_error(net::use_awaitable, ec));
        }
    }
};

} // namespace

net::awaitable<void> serveConnection(ServerCore& core, std::size_t worker, tcp::socket socket)
{
    Connection c(core, worker, std::move(socket));
    co_await c.run();
}

} // namespace lorascope
