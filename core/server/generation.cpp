// SPDX-License-Identifier: Apache-2.0
// One generation request on an open connection, from the engine's verdict to the stream's last byte: injected faults,
// submission to the engine strand, the response head, then the tokens — at a fixed pace on this network thread, or as
// the engine strand appends them. Writes try a non-blocking send first and fall back to an async write only when the
// socket's buffer is full. While a stream waits for tokens, a zero-byte readiness wait on the socket notices a client
// that closes or resets, so its request leaves the engine at once instead of occupying a batch slot to the end.

#include "server/generation.h"

#include "server/engineloop.h"

#include <boost/asio/post.hpp>
#include <boost/asio/redirect_error.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <boost/asio/write.hpp>
#include <boost/beast/http/status.hpp>

#include <algorithm>
#include <cmath>

namespace lorascope {

namespace http = boost::beast::http;
using tcp = net::ip::tcp;
using boost::system::error_code;

namespace {

std::string reasonOf(int status)
{
    const auto r = http::obsolete_reason(http::status(status));
    return r.empty() ? std::string("Unknown") : std::string(r);
}

} // namespace

std::string responseText(int status, const std::string& body, bool keepAlive, int version, const char* contentType,
    const std::string& extraHeaders, bool headOnly)
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

namespace {

/// Token wake-ups of fixed-pace streams are rounded up to this grid, so a network thread wakes once per grid step for
/// all streams due in it instead of once per token (never early).
constexpr double kWakeGridSeconds = 0.0005;

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

class Generation {
public:
    Generation(ServerCore& core, std::size_t worker, tcp::socket& socket)
        : m_core(core)
        , m_worker(worker)
        , m_thread(*core.workers[worker])
        , m_socket(socket)
    {
    }

private:
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
                    RequestEnd end;
                    end.reason = FinishReason::Abort;
                    end.promptTokens = st->inputLen;
                    end.maxTokens = st->outputLen;
                    core.metrics.requestFinished(end);
                    if (st->gone)
                        ++core.counters.clientGone;
                }
            }
        }
    };

public:
    net::awaitable<bool> run(const ApiRequest& api, bool keep, int version)
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
        auto st = std::make_shared<Stream>(id, m_worker, api, fault, m_core.now(), m_core.server != ServerKind::SLora);
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
                m_core.metrics.firstToken(m_core.now() - st.arrival, st.inputLen);
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
        RequestEnd end;
        end.reason = FinishReason::Length;
        end.e2e = m_core.now() - st.arrival;
        end.promptTokens = st.inputLen;
        end.generatedTokens = st.outputLen;
        end.maxTokens = st.outputLen;
        m_core.metrics.requestFinished(end);
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

    ServerCore& m_core;
    std::size_t m_worker;
    Worker& m_thread;
    tcp::socket& m_socket;

    tcp::socket& socket() { return m_socket; }
};

} // namespace

net::awaitable<bool> serveGeneration(
    ServerCore& core, std::size_t worker, tcp::socket& socket, const ApiRequest& request, bool keepAlive, int version)
{
    Generation g(core, worker, socket);
    const bool again = co_await g.run(request, keepAlive, version);
    co_return again;
}

} // namespace lorascope
