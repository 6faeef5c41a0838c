// The only server file that uses Boost.Asio/Beast. One network thread runs every connection as
// a coroutine; token pacing comes from EnginePacer (admission engine + cost model) or from a
// fixed per-token spacing.
#include <utility> // before Asio: Boost 1.74's awaitable.hpp needs std::exchange

#include "server/simserver.h"

#include "formats/traceio.h"
#include "replay/backend.h"
#include "server/pacer.h"
#include "util/error.h"
#include "util/filelimit.h"

#include <boost/asio/co_spawn.hpp>
#include <boost/asio/detached.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/redirect_error.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <boost/asio/write.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>

#include <nlohmann/json.hpp>


#include <atomic>
#include <chrono>
#include <random>
#include <thread>
#include <unordered_map>
#include <unordered_set>

namespace lorascope {

namespace net = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
using tcp = net::ip::tcp;
using Clock = std::chrono::steady_clock;

std::uint32_t countPromptTokens(const std::string& text)
{
    std::uint32_t n = 0;
    bool inWord = false;
    for (char c : text) {
        const bool space = c == ' ' || c == '\n' || c == '\t' || c == '\r';
        if (!space && !inWord)
            ++n;
        inWord = !space;
    }
    return n;
}

namespace {

enum class Fault { None, Error, Disconnect, Stall, Malformed, SlowFirstByte };

// One streaming response in progress.
struct Stream {
    std::uint64_t id = 0;
    Backend wire = Backend::SLora;
    std::string model;
    std::uint32_t inputLen = 0;
    std::uint32_t outputLen = 0;
    std::uint32_t produced = 0;
    Fault fault = Fault::None;
    bool faultDue = false; ///< engine mode: the fault point was reached
    bool finished = false;
    bool dropped = false;
    bool terminated = false; ///< the body's last chunk was written
    std::string pending; ///< SSE bytes not yet written
    net::steady_timer wake;
    explicit Stream(net::io_context& io)
        : wake(io)
    {
    }
};

std::string jsonStr(const std::string& s)
{
    std::string out;
    appendJsonString(out, s);
    return out;
}

// Appends the event carrying token number `s.produced` (then increments it) in the stream's
// wire format; on the last token, the end-of-stream events too.
void appendToken(Stream& s, bool last)
{
    const auto k = s.produced++;
    const std::string id = std::to_string(k);
    std::string& o = s.pending;
    switch (s.wire) {
    case Backend::SLora:
        o += "data:{\"token\": {\"id\": " + id + ", \"text\": \" Hello\", \"logprob\": 0.0, \"special\": false}, "
             "\"generated_text\": null, \"finished\": " + (last ? "true" : "false") + ", \"details\": null}\n\n";
        break;
    case Backend::Tgi:
    case Backend::Lorax:
        o += "data:{\"index\":" + std::to_string(k + 1) + ",\"token\":{\"id\":" + id
            + ",\"text\":\" Hello\",\"logprob\":0.0,\"special\":false},\"generated_text\":";
        if (last)
            o += "\"Hello\",\"details\":{\"finish_reason\":\"length\",\"generated_tokens\":" + std::to_string(s.produced)
                + ",\"seed\":null}}\n\n";
        else
            o += "null,\"details\":null}\n\n";
        break;
    case Backend::OpenAiCompletions:
    case Backend::OpenAiChat: {
        const bool chat = s.wire == Backend::OpenAiChat;
        const std::string head = "data: {\"id\":\"cmpl-" + std::to_string(s.id) + "\",\"object\":\""
            + (chat ? "chat.completion.chunk" : "text_completion") + "\",\"created\":0,\"model\":" + jsonStr(s.model)
            + ",\"choices\":[";
        if (chat && k == 0)
            o += head + "{\"index\":0,\"delta\":{\"role\":\"assistant\",\"content\":\"\"},\"finish_reason\":null}],\"usage\":null}\n\n";
        o += head + "{\"index\":0," + (chat ? "\"delta\":{\"content\":\" Hello\"}" : "\"text\":\" Hello\",\"logprobs\":null")
            + ",\"finish_reason\":" + (last ? "\"length\"" : "null") + "}],\"usage\":null}\n\n";
        if (last) {
            o += head + "],\"usage\":{\"prompt_tokens\":" + std::to_string(s.inputLen) + ",\"completion_tokens\":"
                + std::to_string(s.produced) + ",\"total_tokens\":" + std::to_string(s.inputLen + s.produced) + "}}\n\n";
            o += "data: [DONE]\n\n";
        }
        break;
    }
    case Backend::SgLang:
        o += "data: {\"text\":\"" + std::string(s.produced, 'x') + "\",\"meta_info\":{\"id\":\"" + std::to_string(s.id)
            + "\",\"prompt_tokens\":" + std::to_string(s.inputLen) + ",\"completion_tokens\":" + std::to_string(s.produced)
            + ",\"finish_reason\":" + (last ? "{\"type\":\"length\",\"length\":" + std::to_string(s.produced) + "}" : "null")
            + "}}\n\n";
        if (last)
            o += "data: [DONE]\n\n";
        break;
    }
}

void appendDropped(Stream& s)
{
    if (s.wire == Backend::SLora)
        s.pending += "data:{\"token\": {\"id\": 0, \"text\": \"\", \"logprob\": 0.0, \"special\": false}, "
                     "\"generated_text\": null, \"finished\": -1, \"details\": null}\n\n";
    else
        s.pending += "data:{\"error\":\"request dropped by the server's abort policy\",\"error_type\":\"aborted\"}\n\n";
}

void appendMalformed(Stream& s)
{
    s.pending += "data:{\"token\": {\"id\": 7, \"text\": \n\n";
}

std::string chunked(const std::string& payload)
{
    char head[32];
    std::snprintf(head, sizeof head, "%zx\r\n", payload.size());
    std::string out = head;
    out += payload;
    out += "\r\n";
    return out;
}

} // namespace

class SimServer::Impl {
public:
    explicit Impl(SimServerOptions o)
        : opt(std::move(o))
        , rng(opt.faults.seed)
    {
        if (!opt.tokenSeconds)
            pacer.emplace(opt.scheduler, opt.cost, opt.speed);
    }

    ~Impl() { stop(); }

    void start()
    {
        raiseFileLimit();
        beast::error_code ec;
        const auto addr = net::ip::make_address(opt.host, ec);
        if (ec)
            throw InputError("bad host address '" + opt.host + "': " + ec.message(), {}, 0, "--host");
        tcp::endpoint ep(addr, opt.port);
        acceptor.open(ep.protocol(), ec);
        if (!ec)
            acceptor.set_option(net::socket_base::reuse_address(true), ec);
        if (!ec)
            acceptor.bind(ep, ec);
        if (!ec)
            acceptor.listen(net::socket_base::max_listen_connections, ec);
        if (ec)
            throw InputError("cannot listen on " + opt.host + ":" + std::to_string(opt.port) + ": " + ec.message(), {}, 0,
                "--port");
        boundPort = acceptor.local_endpoint().port();
        startTime = Clock::now();
        net::co_spawn(io, acceptLoop(), net::detached);
        thread = std::thread([this] { io.run(); });
    }

    void stop()
    {
        if (!thread.joinable())
            return;
        net::post(io, [this] {
            stopping = true;
            beast::error_code ec;
            acceptor.close(ec);
            for (auto* s : sessions) {
                s->socket().shutdown(tcp::socket::shutdown_both, ec);
                s->socket().close(ec);
            }
            for (auto& [id, st] : streams)
                st->wake.cancel();
            stepTimer.cancel();
            // Timers of fixed-pace streams and stalls may still be pending: stop the loop.
            io.stop();
        });
        thread.join();
    }

    double now() const { return std::chrono::duration<double>(Clock::now() - startTime).count(); }
    Clock::time_point at(double t) const
    {
        return startTime + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(t));
    }

    Fault drawFault()
    {
        const auto& f = opt.faults;
        if (!f.any())
            return Fault::None;
        double u = std::uniform_real_distribution<double>(0.0, 1.0)(rng);
        const std::pair<double, Fault> table[] = { { f.errorRate, Fault::Error }, { f.disconnectRate, Fault::Disconnect },
            { f.stallRate, Fault::Stall }, { f.malformedRate, Fault::Malformed },
            { f.slowFirstByteRate, Fault::SlowFirstByte } };
        for (const auto& [p, kind] : table) {
            if (u < p)
                return kind;
            u -= p;
        }
        return Fault::None;
    }

    net::awaitable<void> acceptLoop()
    {
        while (!stopping) {
            beast::error_code ec;
            tcp::socket sock = co_await acceptor.async_accept(net::redirect_error(net::use_awaitable, ec));
            if (ec) {
                if (stopping || ec == net::error::operation_aborted)
                    break;
                // EMFILE and friends: back off briefly instead of spinning.
                net::steady_timer t(io);
                t.expires_after(std::chrono::milliseconds(10));
                co_await t.async_wait(net::redirect_error(net::use_awaitable, ec));
                continue;
            }
            sock.set_option(tcp::no_delay(true), ec);
            ++connections;
            net::co_spawn(io, session(std::move(sock)), net::detached);
        }
    }

    template <class Body>
    net::awaitable<void> reply(beast::tcp_stream& s, http::status status, const std::string& body, bool keep, int version)
    {
        http::response<http::string_body> res { status, version };
        res.set(http::field::server, "lorascope-serve-sim");
        res.set(http::field::content_type, "application/json");
        if (status == http::status::too_many_requests)
            res.set(http::field::retry_after, "1");
        res.keep_alive(keep);
        res.body() = body;
        res.prepare_payload();
        co_await http::async_write(s, res, net::use_awaitable);
    }

    net::awaitable<void> session(tcp::socket sock)
    {
        beast::tcp_stream stream(std::move(sock));
        sessions.insert(&stream);
        beast::flat_buffer buf;
        try {
            while (!stopping) {
                http::request_parser<http::string_body> parser;
                parser.body_limit(16 << 20);
                // An idle kept-alive connection is closed after a while, as real servers do.
                if (opt.idleTimeoutSeconds > 0)
                    stream.expires_after(std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(opt.idleTimeoutSeconds)));
                co_await http::async_read(stream, buf, parser, net::use_awaitable);
                stream.expires_never();
                auto req = parser.release();
                const bool keep = req.keep_alive();
                const bool open = co_await handle(stream, req, keep);
                if (!open || !keep)
                    break;
            }
        } catch (const std::exception&) {
            // Client went away or sent garbage: nothing to answer.
        }
        sessions.erase(&stream);
        beast::error_code ec;
        stream.socket().shutdown(tcp::socket::shutdown_send, ec);
        stream.socket().close(ec);
    }

    static std::string errorJson(const std::string& message)
    {
        return "{\"error\":" + jsonStr(message) + "}";
    }

    // Returns false when the connection must be closed.
    net::awaitable<bool> handle(beast::tcp_stream& s, const http::request<http::string_body>& req, bool keep)
    {
        std::string path(req.target());
        if (auto q = path.find('?'); q != std::string::npos)
            path.resize(q);
        const int ver = req.version();
        if (req.method() == http::verb::get && path == "/health") {
            co_await reply<void>(s, http::status::ok, "{\"status\":\"ok\"}", keep, ver);
            co_return true;
        }
        if (req.method() == http::verb::get && path == "/v1/models") {
            co_await reply<void>(s, http::status::ok, "{\"object\":\"list\",\"data\":[]}", keep, ver);
            co_return true;
        }
        std::optional<Backend> wire;
        if (path == "/v1/completions")
            wire = Backend::OpenAiCompletions;
        else if (path == "/v1/chat/completions")
            wire = Backend::OpenAiChat;
        else if (path == "/generate")
            wire = Backend::SgLang;
        else if (path == "/generate_stream")
            wire = Backend::Tgi; // refined below: S-LoRA's body has model_dir / lora_dir
        if (!wire) {
            co_await reply<void>(s, http::status::not_found, errorJson("no such endpoint: " + path), keep, ver);
            co_return true;
        }
        if (req.method() != http::verb::post) {
            co_await reply<void>(s, http::status::method_not_allowed, errorJson("use POST"), keep, ver);
            co_return true;
        }
        const auto body = nlohmann::json::parse(req.body(), nullptr, false);
        std::string bad;
        auto st = std::make_shared<Stream>(io);
        st->wire = *wire;
        std::string adapter;
        std::string prompt;
        std::int64_t maxNew = -1;
        auto str = [&](const nlohmann::json& j, const char* key) -> std::string {
            auto it = j.find(key);
            return (it != j.end() && it->is_string()) ? it->get<std::string>() : std::string();
        };
        auto integer = [&](const nlohmann::json& j, const char* key, std::int64_t fallback) -> std::int64_t {
            auto it = j.find(key);
            if (it == j.end() || it->is_null())
                return fallback;
            return it->is_number_integer() ? it->get<std::int64_t>() : -2;
        };
        if (body.is_discarded() || !body.is_object()) {
            bad = "request body is not a JSON object";
        } else if (*wire == Backend::Tgi) {
            if (body.contains("model_dir") || body.contains("lora_dir"))
                st->wire = Backend::SLora;
            prompt = str(body, "inputs");
            const auto params = body.value("parameters", nlohmann::json::object());
            maxNew = params.is_object() ? integer(params, "max_new_tokens", st->wire == Backend::SLora ? 16 : 20) : -2;
            adapter = st->wire == Backend::SLora ? str(body, "lora_dir") : (params.is_object() ? str(params, "adapter_id") : "");
            st->model = st->wire == Backend::SLora ? str(body, "model_dir") : "tgi";
            if (!body.contains("inputs"))
                bad = "missing field 'inputs'";
        } else if (*wire == Backend::SgLang) {
            prompt = str(body, "text");
            const auto sp = body.value("sampling_params", nlohmann::json::object());
            maxNew = sp.is_object() ? integer(sp, "max_new_tokens", 128) : -2;
            adapter = str(body, "lora_path");
            if (!body.value("stream", false))
                bad = "serve-sim only streams: set \"stream\": true";
        } else {
            st->model = str(body, "model");
            if (st->model != opt.baseModel)
                adapter = st->model;
            maxNew = integer(body, "max_tokens", -1);
            if (maxNew == -1)
                maxNew = integer(body, "max_completion_tokens", 16);
            if (*wire == Backend::OpenAiChat) {
                auto m = body.find("messages");
                if (m == body.end() || !m->is_array())
                    bad = "missing field 'messages'";
                else
                    for (const auto& msg : *m)
                        if (msg.is_object())
                            prompt += str(msg, "content") + " ";
            } else {
                prompt = str(body, "prompt");
            }
            if (!body.value("stream", false))
                bad = "serve-sim only streams: set \"stream\": true";
        }
        if (bad.empty() && maxNew < 0)
            bad = "bad max_new_tokens / max_tokens";
        if (!bad.empty()) {
            co_await reply<void>(s, http::status::bad_request, errorJson(bad), keep, ver);
            co_return true;
        }
        st->id = nextId++;
        st->inputLen = countPromptTokens(prompt);
        st->outputLen = std::uint32_t(std::max<std::int64_t>(1, maxNew));
        st->fault = drawFault();
        ++requests;
        if (st->fault == Fault::Error) {
            ++faults;
            co_await reply<void>(s, http::status(opt.faults.errorStatus),
                errorJson("injected fault: HTTP " + std::to_string(opt.faults.errorStatus)), keep, ver);
            co_return true;
        }
        if (st->fault == Fault::SlowFirstByte) {
            ++faults;
            net::steady_timer t(io);
            t.expires_after(std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(opt.faults.slowFirstByteSeconds)));
            beast::error_code ec;
            co_await t.async_wait(net::redirect_error(net::use_awaitable, ec));
            if (stopping)
                co_return false;
        }
        if (pacer) {
            const auto err = pacer->submit(st->id, st->inputLen, st->outputLen, adapter, opt.adapterRank, now());
            if (!err.empty()) {
                ++refused;
                co_await reply<void>(s, http::status::internal_server_error, errorJson(err), keep, ver);
                co_return true;
            }
        }
        std::string head = "HTTP/1.1 200 OK\r\nServer: lorascope-serve-sim\r\nContent-Type: text/event-stream\r\n"
                           "Cache-Control: no-cache\r\nTransfer-Encoding: chunked\r\n";
        if (!keep)
            head += "Connection: close\r\n";
        head += "\r\n";
        ++streamsOpen;
        struct Guard {
            Impl* self;
            std::shared_ptr<Stream> st;
            ~Guard()
            {
                --self->streamsOpen;
                if (self->pacer && !st->finished && !st->dropped && self->streams.count(st->id)) {
                    self->pacer->abort(st->id);
                    ++self->clientGone;
                }
                self->streams.erase(st->id);
            }
        } guard { this, st };
        if (pacer) {
            streams.emplace(st->id, st);
            kickStepper();
        }
        co_await net::async_write(s, net::buffer(head), net::use_awaitable);
        const bool ok = pacer ? co_await streamEngine(s, *st) : co_await streamFixed(s, *st);
        if (!ok)
            co_return false;
        if (!st->terminated)
            co_await net::async_write(s, net::buffer(std::string("0\r\n\r\n")), net::use_awaitable);
        ++completed;
        co_return true;
    }

    std::uint32_t faultPoint(const Stream& st) const { return st.outputLen / 2; }

    // Applies a disconnect or stall fault; returns false (the connection is to be closed).
    net::awaitable<bool> breakStream(beast::tcp_stream& s, Stream& st)
    {
        ++faults;
        if (st.fault == Fault::Stall) {
            // Flush what was produced so far, then go silent.
            if (!st.pending.empty()) {
                co_await net::async_write(s, net::buffer(chunked(st.pending)), net::use_awaitable);
                st.pending.clear();
            }
            net::steady_timer t(io);
            t.expires_after(std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(opt.faults.stallSeconds)));
            beast::error_code ec;
            co_await t.async_wait(net::redirect_error(net::use_awaitable, ec));
        }
        beast::error_code ec;
        s.socket().close(ec);
        co_return false;
    }

    net::awaitable<bool> streamFixed(beast::tcp_stream& s, Stream& st)
    {
        const double t0 = now();
        net::steady_timer timer(io);
        for (std::uint32_t k = 0; k < st.outputLen; ++k) {
            if (k == faultPoint(st)) {
                if (st.fault == Fault::Disconnect || st.fault == Fault::Stall)
                    co_return co_await breakStream(s, st);
                if (st.fault == Fault::Malformed) {
                    ++faults;
                    appendMalformed(st);
                }
            }
            timer.expires_at(at(t0 + opt.firstTokenSeconds + double(k) * *opt.tokenSeconds));
            beast::error_code ec;
            co_await timer.async_wait(net::redirect_error(net::use_awaitable, ec));
            if (stopping)
                co_return false;
            const bool last = k + 1 == st.outputLen;
            appendToken(st, last);
            std::string out = chunked(st.pending);
            if (last) { // the last chunk (end of body) goes with the last token: one write fewer
                out += "0\r\n\r\n";
                st.terminated = true;
            }
            co_await net::async_write(s, net::buffer(out), net::use_awaitable);
            st.pending.clear();
        }
        st.finished = true;
        co_return true;
    }

    net::awaitable<bool> streamEngine(beast::tcp_stream& s, Stream& st)
    {
        for (;;) {
            if (st.faultDue && (st.fault == Fault::Disconnect || st.fault == Fault::Stall)) {
                pacer->abort(st.id);
                st.dropped = true; // counted as a fault, not as a client gone
                co_return co_await breakStream(s, st);
            }
            if (!st.pending.empty()) {
                std::string out = chunked(st.pending);
                st.pending.clear();
                co_await net::async_write(s, net::buffer(out), net::use_awaitable);
                continue;
            }
            if (st.finished || st.dropped)
                co_return true;
            if (stopping)
                co_return false;
            st.wake.expires_at(Clock::time_point::max());
            beast::error_code ec;
            co_await st.wake.async_wait(net::redirect_error(net::use_awaitable, ec));
        }
    }

    void kickStepper()
    {
        if (!stepping && pacer && !pacer->idle() && !stopping) {
            stepping = true;
            stepEnd = std::max(stepEnd, now());
            runStep();
        }
    }

    void runStep()
    {
        PacedStep step = pacer->step(now());
        if (step.seconds <= 0 && step.tokens.empty() && step.finished.empty() && step.dropped.empty()) {
            if (pacer->idle()) {
                stepping = false;
                return;
            }
            if (pacer->stalled()) {
                // The queue head can never be admitted: refuse every request still waiting.
                for (auto& [id, st] : streams)
                    if (st->produced == 0 && !st->finished && !st->dropped) {
                        pacer->abort(id);
                        st->dropped = true;
                        appendDropped(*st);
                        st->wake.cancel();
                    }
            }
            // Nothing ran this time (e.g. waiting for an abort to take effect): try again shortly
            // rather than spinning.
            stepTimer.expires_after(std::chrono::milliseconds(1));
            stepTimer.async_wait([this](const beast::error_code& ec) {
                if (ec || stopping) {
                    stepping = false;
                    return;
                }
                stepEnd = std::max(stepEnd, now());
                runStep();
            });
            return;
        }
        stepEnd += step.seconds;
        stepTimer.expires_at(at(stepEnd));
        stepTimer.async_wait([this, step = std::move(step)](const beast::error_code& ec) {
            if (ec || stopping) {
                stepping = false;
                return;
            }
            deliver(step);
            if (pacer->idle()) {
                stepping = false;
                return;
            }
            stepEnd = std::max(stepEnd, now() - 0.05); // never try to catch up more than 50 ms
            runStep();
        });
    }

    void deliver(const PacedStep& step)
    {
        std::unordered_set<std::uint64_t> fin(step.finished.begin(), step.finished.end());
        for (auto id : step.tokens) {
            auto it = streams.find(id);
            if (it == streams.end())
                continue;
            Stream& st = *it->second;
            if (st.dropped || st.finished)
                continue;
            if (st.produced == faultPoint(st)) {
                if (st.fault == Fault::Malformed) {
                    ++faults;
                    appendMalformed(st);
                } else if (st.fault == Fault::Disconnect || st.fault == Fault::Stall) {
                    st.faultDue = true;
                    st.wake.cancel();
                    continue;
                }
            }
            const bool last = fin.count(id) > 0 || st.produced + 1 >= st.outputLen;
            appendToken(st, last);
            if (last)
                st.finished = true;
            st.wake.cancel();
        }
        for (auto id : step.dropped) {
            auto it = streams.find(id);
            if (it == streams.end())
                continue;
            it->second->dropped = true;
            appendDropped(*it->second);
            it->second->wake.cancel();
        }
    }

    SimServerOptions opt;
    net::io_context io { 1 };
    tcp::acceptor acceptor { io };
    net::steady_timer stepTimer { io };
    std::thread thread;
    std::optional<EnginePacer> pacer;
    Clock::time_point startTime;
    std::mt19937_64 rng;
    std::unordered_map<std::uint64_t, std::shared_ptr<Stream>> streams;
    std::unordered_set<beast::tcp_stream*> sessions;
    std::uint64_t nextId = 1;
    double stepEnd = 0;
    bool stepping = false;
    bool stopping = false;
    std::uint16_t boundPort = 0;
    std::atomic<std::uint64_t> requests { 0 }, streamsOpen { 0 }, completed { 0 }, refused { 0 }, faults { 0 }, clientGone { 0 },
        connections { 0 };
};

SimServer::SimServer(SimServerOptions options)
    : m_impl(std::make_unique<Impl>(std::move(options)))
{
}

SimServer::~SimServer() = default;

void SimServer::start()
{
    m_impl->start();
}

void SimServer::stop()
{
    m_impl->stop();
}

std::uint16_t SimServer::port() const
{
    return m_impl->boundPort;
}

SimServerStats SimServer::stats() const
{
    SimServerStats s;
    s.requests = m_impl->requests;
    s.streamsOpen = m_impl->streamsOpen;
    s.completed = m_impl->completed;
    s.refused = m_impl->refused;
    s.faults = m_impl->faults;
    s.clientGone = m_impl->clientGone;
    s.connections = m_impl->connections;
    return s;
}

} // namespace lorascope
