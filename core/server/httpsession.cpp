// SPDX-License-Identifier: Apache-2.0
// One coroutine per connection, on the network thread that accepted it. Reading uses Beast's parser on the plain
// socket with a header limit, the server's body limit and a deadline of its own; refusals follow httprules.h and end in
// a lingering close; fixed answers (health, models, metrics, errors) are written here, generations by generation.cpp.

#include "server/httpsession.h"

#include "formats/traceio.h"
#include "server/generation.h"

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

    // A complete answer of the model and LoRA routes.
    void route(Plan& p, const RouteAnswer& a, int version, bool head)
    {
        p.answer = responseText(a.status, a.body, p.keep, version, a.contentType.c_str(), {}, head);
    }

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
        case Endpoint::Models:
            route(p, modelsAnswer(m_core.adapters, m_core.routes), version, head);
            return p;
        case Endpoint::Metrics: {
            int status = 200;
            std::string page = m_core.metricsPage(std::string_view(target.data(), target.size()), status);
            p.answer = responseText(status, page, p.keep, version,
                status == 200 ? "text/plain; version=0.0.4; charset=utf-8" : "application/json", {}, head);
            return p;
        }
        default:
            break;
        }
        if (endpointIsLoraUpdate(endpoint)) {
            route(p, loraUpdateAnswer(endpoint, req.body(), m_core.adapters, m_core.routes), version, head);
            return p;
        }
        ApiParse parsed = parseApiRequest(endpoint, req.body(), m_core.api);
        std::string().swap(req.body()); // the body is no longer needed: free it before streaming
        if (!parsed.request) {
            ++m_core.counters.badRequests;
            m_core.metrics.requestRejected("bad_request");
            json(parsed.error.status, errorBody(parsed.error.status, parsed.error.message, parsed.error.field));
            return p;
        }
        if (!parsed.request->adapter.empty() && !m_core.adapters.use(parsed.request->adapter)) {
            ++m_core.counters.badRequests;
            m_core.metrics.requestRejected("unknown_adapter");
            route(p, unknownAdapterAnswer(*parsed.request, endpoint, m_core.adapters, m_core.routes), version, head);
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
        const bool again = co_await serveGeneration(m_core, m_worker, m_socket, *p.generation, p.keep, version);
        co_return again;
    }
};

} // namespace

net::awaitable<void> serveConnection(ServerCore& core, std::size_t worker, tcp::socket socket)
{
    Connection c(core, worker, std::move(socket));
    co_await c.run();
}

} // namespace lorascope
