// SPDX-License-Identifier: Apache-2.0
// The one Beast file of the network tests' own server (see ssetestserver.h).
#include <utility> // before Asio: Boost 1.74's awaitable.hpp needs std::exchange

#include "ssetestserver.h"

#include <boost/asio/co_spawn.hpp>
#include <boost/asio/detached.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/redirect_error.hpp>
#include <boost/asio/ssl.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <boost/asio/write.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/ssl.hpp>

#include <nlohmann/json.hpp>

#include <openssl/evp.h>
#include <openssl/pem.h>
#include <openssl/x509.h>
#include <openssl/x509v3.h>

#include <cctype>
#include <chrono>
#include <map>
#include <mutex>
#include <stdexcept>
#include <thread>

namespace lorascope::test {

namespace net = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
using tcp = net::ip::tcp;

// ---------------------------------------------------------------- certificates

namespace {

template <class T, void (*Free)(T*)>
struct Owned {
    T* p = nullptr;
    explicit Owned(T* q)
        : p(q)
    {
        if (!p)
            throw std::runtime_error("OpenSSL allocation failed");
    }
    ~Owned() { Free(p); }
    Owned(const Owned&) = delete;
    Owned& operator=(const Owned&) = delete;
};

void check(int ok, const char* what)
{
    if (ok <= 0)
        throw std::runtime_error(std::string("OpenSSL: ") + what + " failed");
}

std::string bioText(BIO* bio)
{
    char* data = nullptr;
    const long n = BIO_get_mem_data(bio, &data);
    return std::string(data, std::size_t(n));
}

void addExtension(X509* cert, int nid, const std::string& value)
{
    X509V3_CTX ctx;
    X509V3_set_ctx_nodb(&ctx);
    X509V3_set_ctx(&ctx, cert, cert, nullptr, nullptr, 0);
    Owned<X509_EXTENSION, X509_EXTENSION_free> ext(X509V3_EXT_nconf_nid(nullptr, &ctx, nid, value.c_str()));
    check(X509_add_ext(cert, ext.p, -1), "X509_add_ext");
}

} // namespace

TestCert makeSelfSignedCert(const std::string& commonName, const std::vector<std::string>& dnsNames,
    const std::vector<std::string>& ipAddresses)
{
    Owned<EVP_PKEY, EVP_PKEY_free> key(EVP_EC_gen("P-256"));
    Owned<X509, X509_free> cert(X509_new());
    check(X509_set_version(cert.p, 2), "X509_set_version");
    static std::atomic<long> serial { 1 };
    check(ASN1_INTEGER_set(X509_get_serialNumber(cert.p), serial++), "serial");
    check(X509_gmtime_adj(X509_getm_notBefore(cert.p), -3600) != nullptr, "notBefore");
    check(X509_gmtime_adj(X509_getm_notAfter(cert.p), 24 * 3600) != nullptr, "notAfter");
    check(X509_set_pubkey(cert.p, key.p), "X509_set_pubkey");
    X509_NAME* name = X509_get_subject_name(cert.p);
    check(X509_NAME_add_entry_by_txt(
              name, "CN", MBSTRING_ASC, reinterpret_cast<const unsigned char*>(commonName.c_str()), -1, -1, 0),
        "CN");
    check(X509_set_issuer_name(cert.p, name), "issuer");
    std::string san;
    for (const auto& d : dnsNames)
        san += (san.empty() ? "" : ",") + std::string("DNS:") + d;
    for (const auto& ip : ipAddresses)
        san += (san.empty() ? "" : ",") + std::string("IP:") + ip;
    addExtension(cert.p, NID_basic_constraints, "critical,CA:TRUE");
    addExtension(cert.p, NID_key_usage, "critical,digitalSignature,keyCertSign");
    addExtension(cert.p, NID_ext_key_usage, "serverAuth");
    addExtension(cert.p, NID_subject_key_identifier, "hash");
    if (!san.empty())
        addExtension(cert.p, NID_subject_alt_name, san);
    check(X509_sign(cert.p, key.p, EVP_sha256()), "X509_sign");

    TestCert out;
    Owned<BIO, BIO_free_all> certBio(BIO_new(BIO_s_mem()));
    check(PEM_write_bio_X509(certBio.p, cert.p), "PEM_write_bio_X509");
    out.certPem = bioText(certBio.p);
    Owned<BIO, BIO_free_all> keyBio(BIO_new(BIO_s_mem()));
    check(PEM_write_bio_PrivateKey(keyBio.p, key.p, nullptr, nullptr, 0, nullptr, nullptr), "PEM_write_bio_PrivateKey");
    out.keyPem = bioText(keyBio.p);
    return out;
}

// ---------------------------------------------------------------- server

class SseTestServer::Impl {
public:
    explicit Impl(Options o)
        : opt(std::move(o))
        , ssl(net::ssl::context::tls_server)
        , acceptor(io)
    {
        if (opt.tls) {
            ssl.use_certificate_chain(net::buffer(opt.cert.certPem));
            ssl.use_private_key(net::buffer(opt.cert.keyPem), net::ssl::context::pem);
        }
        const tcp::endpoint ep(net::ip::make_address("127.0.0.1"), 0);
        acceptor.open(ep.protocol());
        acceptor.set_option(net::socket_base::reuse_address(true));
        acceptor.bind(ep);
        acceptor.listen(net::socket_base::max_listen_connections);
        port = acceptor.local_endpoint().port();
        net::co_spawn(io, accept(), net::detached);
        thread = std::thread([this] { io.run(); });
    }

    ~Impl()
    {
        io.stop();
        if (thread.joinable())
            thread.join();
    }

    net::awaitable<void> accept()
    {
        for (;;) {
            beast::error_code ec;
            tcp::socket sock = co_await acceptor.async_accept(net::redirect_error(net::use_awaitable, ec));
            if (ec)
                co_return;
            ++connections;
            net::co_spawn(io, session(std::move(sock)), net::detached);
        }
    }

    net::awaitable<void> session(tcp::socket sock)
    {
        if (opt.tls) {
            beast::ssl_stream<beast::tcp_stream> stream(std::move(sock), ssl);
            beast::error_code ec;
            co_await stream.async_handshake(net::ssl::stream_base::server, net::redirect_error(net::use_awaitable, ec));
            if (ec) {
                ++handshakeFailures;
                co_return;
            }
            co_await serve(stream);
            co_await stream.async_shutdown(net::redirect_error(net::use_awaitable, ec));
        } else {
            beast::tcp_stream stream(std::move(sock));
            co_await serve(stream);
            beast::error_code ec;
            stream.socket().shutdown(tcp::socket::shutdown_send, ec);
        }
    }

    static std::vector<std::string> splitWords(const std::string& text)
    {
        std::vector<std::string> out;
        std::size_t i = 0;
        while (i < text.size()) {
            while (i < text.size() && std::isspace(static_cast<unsigned char>(text[i])))
                ++i;
            const std::size_t start = i;
            while (i < text.size() && !std::isspace(static_cast<unsigned char>(text[i])))
                ++i;
            if (i > start)
                out.push_back(text.substr(start, i - start));
        }
        return out;
    }

    /// A perfect prefix cache per model: the longest common prefix with an earlier prompt (or prompt + answer).
    std::uint64_t cached(const std::string& model, const std::vector<std::string>& tokens)
    {
        std::lock_guard lock(mutex);
        std::size_t best = 0;
        for (const auto& seq : cache[model]) {
            std::size_t k = 0;
            while (k < seq.size() && k < tokens.size() && seq[k] == tokens[k])
                ++k;
            best = std::max(best, k);
        }
        return best;
    }

    template <class Stream>
    net::awaitable<void> serve(Stream& stream)
    {
        beast::error_code ec;
        beast::flat_buffer buf;
        http::request<http::string_body> req;
        co_await http::async_read(stream, buf, req, net::redirect_error(net::use_awaitable, ec));
        if (ec)
            co_return;
        SeenRequest seen;
        seen.method = std::string(req.method_string());
        seen.target = std::string(req.target());
        seen.receivedAt = std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
        if (auto it = req.find(http::field::authorization); it != req.end())
            seen.authorization = std::string(it->value());
        for (const auto& f : req)
            seen.headers.emplace_back(std::string(f.name_string()), std::string(f.value()));
        seen.body = req.body();
        std::size_t slot = 0;
        {
            std::lock_guard lock(mutex);
            slot = seen_.size();
            seen_.push_back(seen);
        }

        auto plain = [&](http::status status, std::string text) -> net::awaitable<void> {
            http::response<http::string_body> res { status, 11 };
            res.set(http::field::content_type, "text/plain");
            res.set(http::field::connection, "close");
            res.body() = std::move(text);
            res.prepare_payload();
            beast::error_code wec;
            co_await http::async_write(stream, res, net::redirect_error(net::use_awaitable, wec));
        };
        if (!opt.requiredAuthorization.empty() && seen.authorization != opt.requiredAuthorization) {
            co_await plain(http::status::unauthorized, "bad or missing API key");
            co_return;
        }
        const bool slora = req.target() == "/generate_stream";
        const bool completions = req.target() == "/v1/completions", chat = req.target() == "/v1/chat/completions";
        const bool sglang = req.target() == "/generate";
        if (req.method() != http::verb::post || !(slora || completions || chat || sglang)) {
            co_await plain(http::status::not_found,
                "only POST /generate_stream, /v1/completions, /v1/chat/completions, /generate");
            co_return;
        }
        const auto body = nlohmann::json::parse(seen.body, nullptr, false);
        std::int64_t tokens = -1;
        std::string model;
        std::vector<std::string> prompt; // tokens as the cache sees them
        std::uint64_t promptTokens = 0; // words only (chat role markers are not counted)
        if (body.is_object()) {
            if (slora && body.contains("parameters") && body["parameters"].is_object())
                tokens = body["parameters"].value("max_new_tokens", std::int64_t(-1));
            if (completions || chat) {
                tokens = body.value("max_tokens", std::int64_t(-1));
                model = body.value("model", std::string());
            }
            if (sglang && body.contains("sampling_params") && body["sampling_params"].is_object()) {
                tokens = body["sampling_params"].value("max_new_tokens", std::int64_t(-1));
                model = body.value("lora_path", std::string());
            }
            if (completions || sglang) {
                prompt = splitWords(body.value(completions ? "prompt" : "text", std::string()));
                promptTokens = prompt.size();
            }
            if (chat && body.contains("messages") && body["messages"].is_array())
                for (const auto& m : body["messages"]) {
                    prompt.push_back("<|" + m.value("role", std::string()) + "|>");
                    const auto words = splitWords(m.value("content", std::string()));
                    prompt.insert(prompt.end(), words.begin(), words.end());
                    promptTokens += words.size();
                }
        }
        if (tokens < 1) {
            co_await plain(http::status::bad_request, "max_new_tokens / max_tokens >= 1 required");
            co_return;
        }
        const std::uint64_t hit = slora ? 0 : cached(model, prompt);
        if (!slora) {
            // The prompt is cached once prefilled (here: at once); the answer when it is complete.
            std::lock_guard lock(mutex);
            cache[model].push_back(prompt);
        }

        // S-LoRA's /generate_stream: text/event-stream, one `data:` line per token, the last with
        // "finished": true, no [DONE]; sent chunked as uvicorn's StreamingResponse does.
        http::response<http::empty_body> res { http::status::ok, 11 };
        res.set(http::field::content_type, "text/event-stream");
        res.set(http::field::connection, "close");
        res.chunked(true);
        http::response_serializer<http::empty_body> sr { res };
        co_await http::async_write_header(stream, sr, net::redirect_error(net::use_awaitable, ec));
        if (ec)
            co_return;
        net::steady_timer timer(io);
        std::string generated;
        for (std::int64_t i = 0; i < tokens; ++i) {
            const bool last = i + 1 == tokens;
            nlohmann::json ev;
            if (slora) {
                generated += "tok ";
                ev = { { "token",
                           { { "id", 1000 + i }, { "text", "tok " }, { "logprob", -0.25 }, { "special", false } } },
                    { "generated_text", last ? nlohmann::json(generated) : nlohmann::json(nullptr) },
                    { "finished", last }, { "details", nullptr } };
            } else if (sglang) {
                generated += " tok";
                ev = { { "text", generated },
                    { "meta_info",
                        { { "prompt_tokens", promptTokens }, { "completion_tokens", i + 1 },
                            { "cached_tokens", hit } } } };
            } else {
                generated += " tok";
                ev = { { "choices",
                    nlohmann::json::array(
                        { chat ? nlohmann::json { { "index", 0 }, { "delta", { { "content", " tok" } } } }
                               : nlohmann::json { { "index", 0 }, { "text", " tok" } } }) } };
            }
            std::string line = "data:" + ev.dump() + "\n\n";
            if (last && (completions || chat)) {
                const nlohmann::json usage = { { "choices", nlohmann::json::array() },
                    { "usage",
                        { { "prompt_tokens", promptTokens }, { "completion_tokens", tokens },
                            { "prompt_tokens_details", { { "cached_tokens", hit } } } } } };
                line += "data:" + usage.dump() + "\n\ndata: [DONE]\n\n";
            }
            if (last && sglang)
                line += "data: [DONE]\n\n";
            co_await net::async_write(
                stream, http::make_chunk(net::buffer(line)), net::redirect_error(net::use_awaitable, ec));
            if (ec)
                co_return;
            if (!last && opt.tokenSpacing > 0) {
                timer.expires_after(std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                    std::chrono::duration<double>(opt.tokenSpacing)));
                co_await timer.async_wait(net::redirect_error(net::use_awaitable, ec));
            }
        }
        if (!slora) {
            // The cache now holds this prompt and its answer.
            auto full = prompt;
            const auto answer = splitWords(generated);
            if (chat)
                full.push_back("<|assistant|>");
            full.insert(full.end(), answer.begin(), answer.end());
            std::lock_guard lock(mutex);
            cache[model].push_back(std::move(full));
        }
        {
            std::lock_guard lock(mutex);
            seen_[slot].answer = generated;
            seen_[slot].cachedTokens = hit;
            seen_[slot].endedAt
                = std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
        }
        co_await net::async_write(stream, http::make_chunk_last(), net::redirect_error(net::use_awaitable, ec));
    }

    Options opt;
    net::io_context io { 1 };
    net::ssl::context ssl;
    tcp::acceptor acceptor;
    std::uint16_t port = 0;
    std::thread thread;
    mutable std::mutex mutex;
    std::vector<SeenRequest> seen_;
    std::map<std::string, std::vector<std::vector<std::string>>> cache; ///< per model: every prompt + answer so far
    std::atomic<std::uint64_t> connections { 0 };
    std::atomic<std::uint64_t> handshakeFailures { 0 };
};

SseTestServer::SseTestServer(Options options)
    : m_impl(std::make_unique<Impl>(std::move(options)))
{
}

SseTestServer::~SseTestServer() = default;

std::uint16_t SseTestServer::port() const
{
    return m_impl->port;
}

std::vector<SeenRequest> SseTestServer::requests() const
{
    std::lock_guard lock(m_impl->mutex);
    return m_impl->seen_;
}

std::uint64_t SseTestServer::connections() const
{
    return m_impl->connections.load();
}

std::uint64_t SseTestServer::handshakeFailures() const
{
    return m_impl->handshakeFailures.load();
}

} // namespace lorascope::test
