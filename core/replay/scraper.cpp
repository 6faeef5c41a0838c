// SPDX-License-Identifier: Apache-2.0
// The metrics scraper's thread: its own event loop, one keep-alive connection reused between
// scrapes, a deadline per scrape, and a body size limit. Boost.Beast (compiles slowly).
#include <utility> // before Asio: Boost 1.74's awaitable.hpp needs std::exchange

#include "replay/scraper.h"

#include "replay/prometheus.h"
#include "util/error.h"

#include <boost/asio/co_spawn.hpp>
#include <boost/asio/detached.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/redirect_error.hpp>
#include <boost/asio/ssl.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/ssl.hpp>

#include <algorithm>
#include <cmath>
#include <mutex>
#include <set>
#include <thread>
#include <unordered_map>

namespace lorascope {

namespace net = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
using tcp = net::ip::tcp;

namespace {

// A value as JSON: numbers, or the exposition's own spelling of the non-finite ones.
nlohmann::json jsonValue(double v)
{
    return std::isfinite(v) ? nlohmann::json(v) : nlohmann::json(promFormatValue(v));
}

// Scrapes that fail in a row before the scraper slows down, and how slow it gets.
constexpr int kFailuresBeforeBackoff = 5;
constexpr double kBackoffSeconds = 5.0;

} // namespace

nlohmann::json failedScrapeLine(const ServerSample& s)
{
    nlohmann::json j;
    j["t_s"] = s.t;
    j["t_end_s"] = s.tEnd;
    j["ok"] = false;
    j["error_kind"] = s.errorKind;
    j["error"] = s.error;
    return j;
}

class Scraper::Impl {
public:
    Impl(const ScrapeOptions& o, const TargetUrl& target, bool verifyTls, const std::string& caFile,
        const std::string& apiKey)
        : m_o(o)
        , m_ssl(net::ssl::context::tls_client)
        , m_timer(m_io)
    {
        if (!std::isfinite(o.interval) || o.interval < 0.05 || o.interval > 3600)
            throw InputError("--metrics-interval: must be from 0.05 to 3600 seconds, got " + formatNumber(o.interval),
                {}, 0, "--metrics-interval");
        if (!std::isfinite(o.timeout) || o.timeout < 0 || o.timeout > 3600)
            throw InputError("--metrics-timeout: must be from 0 to 3600 seconds, got " + formatNumber(o.timeout), {}, 0,
                "--metrics-timeout");
        m_timeout = o.timeout > 0 ? o.timeout : std::max(o.interval, 1.0);
        m_final = o.finalScrape;
        if (o.url.empty()) {
            m_url = target;
            m_url.basePath += "/metrics";
        } else {
            m_url = parseTargetUrl(o.url, "--metrics-url");
            if (m_url.basePath.empty())
                m_url.basePath = "/metrics";
        }
        if (m_url.tls) {
            beast::error_code ec;
            m_ssl.set_default_verify_paths(ec);
            if (!caFile.empty())
                m_ssl.load_verify_file(caFile, ec); // checked by the replay already
            m_ssl.set_verify_mode(verifyTls ? net::ssl::verify_peer : net::ssl::verify_none);
            m_verify = verifyTls;
        }
        tcp::resolver resolver(m_io);
        beast::error_code ec;
        m_endpoints = resolver.resolve(m_url.host, m_url.port, ec);
        if (ec || m_endpoints.empty())
            throw InputError("--metrics-url: cannot resolve host '" + urlExcerpt(m_url.host)
                    + "': " + (ec ? ec.message() : std::string("no address")),
                {}, 0, "--metrics-url");
        beast::error_code addrEc;
        net::ip::make_address(m_url.host, addrEc);
        m_hostIsAddress = !addrEc;
        m_request = "GET " + m_url.basePath + " HTTP/1.1\r\nHost: " + m_url.authorityHost() + ":" + m_url.port
            + "\r\nUser-Agent: lorascope-replay\r\nAccept: text/plain;version=0.0.4;q=1,*/*;q=0.1\r\nAccept-Encoding: "
              "identity\r\n";
        const bool sameServer = m_url.tls == target.tls && m_url.host == target.host && m_url.port == target.port;
        if (sameServer && !apiKey.empty())
            m_request += "Authorization: Bearer " + apiKey + "\r\n";
        m_request += "\r\n";
    }

    ~Impl()
    {
        if (m_thread.joinable()) {
            m_io.stop();
            m_thread.join();
        }
    }

    const TargetUrl& url() const { return m_url; }

    void start(Clock::time_point runStart, Hooks hooks)
    {
        m_start = runStart;
        m_hooks = std::move(hooks);
        net::co_spawn(m_io, loop(), net::detached);
        m_thread = std::thread([this] {
            try {
                m_io.run();
            } catch (...) {
                // The loop catches its own errors; never take the replay down with the scraper.
            }
        });
    }

    std::vector<ServerSample> stop(bool final)
    {
        if (m_thread.joinable()) {
            net::post(m_io, [this, final] {
                m_stopping = true;
                m_final = m_final && final;
                m_timer.cancel();
            });
            m_thread.join();
        }
        std::lock_guard lock(m_mutex);
        return m_samples;
    }

private:
    double now() const { return std::chrono::duration<double>(Clock::now() - m_start).count(); }

    net::awaitable<void> loop()
    {
        double next = now();
        int failuresInRow = 0;
        for (;;) {
            const bool last = m_stopping;
            const double t0 = now();
            ServerSample s = co_await scrapeOnce();
            failuresInRow = s.ok ? 0 : failuresInRow + 1;
            record(std::move(s));
            if (last || (m_stopping && !m_final))
                break;
            // The next tick on the schedule; ticks missed while a scrape was slow are skipped.
            const double interval
                = failuresInRow >= kFailuresBeforeBackoff ? std::max(kBackoffSeconds, m_o.interval) : m_o.interval;
            next = std::max(next + interval, t0 + (failuresInRow >= kFailuresBeforeBackoff ? interval : 0.0));
            while (next < now())
                next += interval;
            if (!m_stopping) {
                m_timer.expires_at(
                    m_start + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(next)));
                beast::error_code ec;
                co_await m_timer.async_wait(net::redirect_error(net::use_awaitable, ec));
            }
            if (m_stopping && !m_final)
                break;
        }
    }

    // One GET with a deadline. Never throws.
    net::awaitable<ServerSample> scrapeOnce()
    {
        ServerSample s;
        s.t = now();
        std::string body;
        std::string contentType;
        int status = 0;
        const char* stage = "connect";
        try {
            if (m_url.tls)
                co_await exchange<beast::ssl_stream<beast::tcp_stream>>(body, contentType, status, stage);
            else
                co_await exchange<beast::tcp_stream>(body, contentType, status, stage);
            s.ok = true;
        } catch (const beast::system_error& e) {
            dropConnection();
            if (e.code() == beast::error::timeout) {
                s.errorKind = "timeout";
                s.error = "no complete answer within " + formatNumber(m_timeout) + " s (--metrics-timeout)";
            } else if (e.code() == http::error::body_limit) {
                s.errorKind = "too_large";
                s.error = "the answer is larger than " + std::to_string(m_o.maxBytes >> 20) + " MiB";
            } else if (e.code() == beast::errc::too_many_files_open
                || e.code() == beast::errc::too_many_files_open_in_system) {
                s.errorKind = "fd_limit";
                s.error = "no file descriptor free for the scrape";
            } else {
                s.errorKind = stage;
                s.error = std::string(stage) + " failed: " + e.code().message();
            }
        } catch (const std::exception& e) {
            dropConnection();
            s.errorKind = stage;
            s.error = std::string(stage) + " failed: " + e.what();
        }
        s.tEnd = now();
        if (!s.ok)
            co_return s;
        s.ok = false;
        const auto lower = [](std::string x) {
            for (auto& c : x)
                c = char(std::tolower(static_cast<unsigned char>(c)));
            return x;
        };
        const std::string ct = lower(contentType);
        if (status != 200) {
            std::string start = body.substr(0, 200);
            for (auto& c : start)
                if (static_cast<unsigned char>(c) < 0x20)
                    c = ' ';
            s.errorKind = "http_status";
            s.error = "HTTP " + std::to_string(status) + (start.empty() ? "" : ": " + start);
            co_return s;
        }
        if (ct.rfind("text/html", 0) == 0 || ct.rfind("application/json", 0) == 0
            || ct.find("protobuf") != std::string::npos) {
            s.errorKind = "not_prometheus";
            s.error = "the endpoint answered '" + contentType.substr(0, 60)
                + "', not Prometheus text (a web page or API, not /metrics?)";
            co_return s;
        }
        PromParseOptions po;
        po.source = m_url.str();
        po.maxSamples = std::max<std::size_t>(m_o.maxSeries * 4, 1000);
        po.maxLabelValueBytes = 1 << 20;
        m_text = parsePrometheusText(body, po);
        if (m_text.samples.empty() && m_text.errorCount > 0) {
            s.errorKind = "parse";
            s.error = "not Prometheus text: line " + std::to_string(m_text.errors.front().line) + ": "
                + m_text.errors.front().message;
            co_return s;
        }
        const double tEnd = s.tEnd;
        const double t = s.t;
        s = mapServerMetrics(m_text);
        s.t = t;
        s.tEnd = tEnd;
        s.ok = true;
        co_return s;
    }

    void dropConnection()
    {
        beast::error_code ec;
        if (m_plain)
            m_plain->socket().close(ec);
        if (m_secure)
            beast::get_lowest_layer(*m_secure).socket().close(ec);
        m_plain.reset();
        m_secure.reset();
    }

    template <class Stream>
    net::awaitable<void> exchange(std::string& body, std::string& contentType, int& status, const char*& stage)
    {
        constexpr bool kTls = std::is_same_v<Stream, beast::ssl_stream<beast::tcp_stream>>;
        const auto deadline = std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(m_timeout));
        bool fresh = false;
        Stream* stream;
        if constexpr (kTls) {
            if (!m_secure) {
                m_secure = std::make_unique<Stream>(m_io, m_ssl);
                fresh = true;
            }
            stream = m_secure.get();
        } else {
            if (!m_plain) {
                m_plain = std::make_unique<Stream>(m_io);
                fresh = true;
            }
            stream = m_plain.get();
        }
        auto& lowest = beast::get_lowest_layer(*stream);
        lowest.expires_after(deadline);
        if (fresh) {
            stage = "connect";
            co_await lowest.async_connect(m_endpoints, net::use_awaitable);
            if constexpr (kTls) {
                stage = "tls";
                if (!m_hostIsAddress)
                    SSL_set_tlsext_host_name(stream->native_handle(), m_url.host.c_str());
                if (m_verify)
                    stream->set_verify_callback(net::ssl::host_name_verification(m_url.host));
                co_await stream->async_handshake(net::ssl::stream_base::client, net::use_awaitable);
            }
        }
        stage = "request";
        beast::error_code ec;
        co_await net::async_write(*stream, net::buffer(m_request), net::redirect_error(net::use_awaitable, ec));
        stage = "response";
        http::response_parser<http::string_body> parser;
        parser.header_limit(64 * 1024);
        parser.body_limit(m_o.maxBytes);
        m_buf.clear();
        if (!ec)
            co_await http::async_read_header(*stream, m_buf, parser, net::redirect_error(net::use_awaitable, ec));
        if (ec && !fresh && !parser.got_some() && ec != beast::error::timeout) {
            // The kept-alive connection was closed by the server meanwhile: once more, fresh.
            dropConnection();
            co_await exchange<Stream>(body, contentType, status, stage);
            co_return;
        }
        if (ec)
            throw beast::system_error(ec);
        co_await http::async_read(*stream, m_buf, parser, net::use_awaitable);
        auto& res = parser.get();
        status = int(res.result_int());
        contentType = std::string(res[http::field::content_type]);
        const auto encoding = std::string(res[http::field::content_encoding]);
        if (!encoding.empty() && encoding != "identity")
            throw std::runtime_error(
                "the server sent a '" + encoding.substr(0, 30) + "' encoded answer though asked for identity");
        body = std::move(res.body());
        if (!parser.keep_alive())
            dropConnection();
        else
            lowest.expires_never();
    }

    void record(ServerSample s)
    {
        ScrapeRecord r;
        if (!s.ok) {
            r.line = failedScrapeLine(s);
            const std::string kind = s.errorKind;
            if (m_saidKinds.insert(kind).second && m_hooks.onNote)
                m_hooks.onNote("server metrics: scraping " + m_url.str() + " failed (" + kind + "): " + s.error
                    + ". Such scrapes are recorded in server_metrics.jsonl and never delay requests; after "
                    + std::to_string(kFailuresBeforeBackoff) + " failures in a row the scraper tries every "
                    + formatNumber(kBackoffSeconds) + " s (--no-metrics turns it off).");
        } else {
            r.line = successLine(s);
        }
        r.sample = std::move(s);
        if (m_hooks.onScrape)
            m_hooks.onScrape(r);
        std::lock_guard lock(m_mutex);
        m_samples.push_back(std::move(r.sample));
    }

    // Every series of this scrape (keyframes), or those whose value changed since the last line.
    nlohmann::json successLine(const ServerSample& s)
    {
        nlohmann::json j;
        j["t_s"] = s.t;
        j["t_end_s"] = s.tEnd;
        j["ok"] = true;
        j["mapped"] = serverSampleToJson(s);
        const bool full = m_lines % std::max<std::size_t>(m_o.keyframeEvery, 1) == 0;
        ++m_lines;
        j["full"] = full;
        auto& series = j["series"] = nlohmann::json::object();
        std::size_t total = 0, dropped = 0;
        for (const auto& sample : m_text.samples) {
            ++total;
            std::string key = promSeriesKey(sample);
            auto it = m_last.find(key);
            if (it == m_last.end()) {
                if (m_last.size() >= m_o.maxSeries) {
                    ++dropped;
                    continue;
                }
                it = m_last.emplace(std::move(key), NAN).first;
            }
            const double v = sample.value;
            const bool same = (std::isnan(v) && std::isnan(it->second)) || v == it->second;
            if (full || !same)
                series[it->first] = jsonValue(v);
            it->second = v;
        }
        j["series_total"] = total;
        if (dropped)
            j["series_dropped"] = dropped;
        if (dropped && m_saidKinds.insert("series_cap").second && m_hooks.onNote)
            m_hooks.onNote("server metrics: the endpoint exposes more series than the cap of "
                + std::to_string(m_o.maxSeries) + "; series beyond it are counted (series_dropped), not recorded");
        if (m_text.errorCount) {
            auto& errs = j["parse_errors"] = nlohmann::json::array();
            for (const auto& e : m_text.errors)
                errs.push_back({ { "line", e.line }, { "message", e.message } });
            j["parse_error_count"] = m_text.errorCount;
        }
        if (m_text.truncatedLabels)
            j["truncated_labels"] = m_text.truncatedLabels;
        return j;
    }

    ScrapeOptions m_o;
    double m_timeout = 1;
    TargetUrl m_url;
    bool m_verify = true;
    bool m_hostIsAddress = false;
    net::io_context m_io { 1 };
    net::ssl::context m_ssl;
    net::steady_timer m_timer;
    tcp::resolver::results_type m_endpoints;
    std::string m_request;
    std::unique_ptr<beast::tcp_stream> m_plain;
    std::unique_ptr<beast::ssl_stream<beast::tcp_stream>> m_secure;
    beast::flat_buffer m_buf;
    PromText m_text;
    Clock::time_point m_start;
    Hooks m_hooks;
    std::thread m_thread;
    bool m_stopping = false; ///< scraper thread only
    bool m_final = true; ///< one more scrape when stopping (scraper thread only)
    std::unordered_map<std::string, double> m_last; ///< last recorded value per series
    std::size_t m_lines = 0;
    std::set<std::string> m_saidKinds;
    std::mutex m_mutex;
    std::vector<ServerSample> m_samples;
};

Scraper::Scraper(const ScrapeOptions& options, const TargetUrl& target, bool verifyTls, const std::string& caFile,
    const std::string& apiKey)
    : m(std::make_unique<Impl>(options, target, verifyTls, caFile, apiKey))
{
}

Scraper::~Scraper() = default;

const TargetUrl& Scraper::url() const
{
    return m->url();
}

void Scraper::start(Clock::time_point runStart, Hooks hooks)
{
    m->start(runStart, std::move(hooks));
}

std::vector<ServerSample> Scraper::stop(bool final)
{
    return m->stop(final);
}

} // namespace lorascope
