// SPDX-License-Identifier: Apache-2.0
#pragma once
// A real Prometheus server for tests (Debian package `prometheus`): started on 127.0.0.1 with a
// port chosen at run time, a temporary config and TSDB directory, no systemd; waited for until
// /-/ready answers; stopped with SIGTERM (then SIGKILL) when the object goes out of scope, also
// when a test fails half-way. Plus `promtool query instant` as JSON, and small raw-socket helpers.
// Test code only, header-only.

#include "rawhttp.h"
#include "replay/prometheus.h"

#include <nlohmann/json.hpp>

#include <QElapsedTimer>
#include <QProcess>
#include <QStandardPaths>
#include <QString>
#include <QStringList>
#include <QTest>

#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <string>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

namespace lorascope::test {

/// A port free on 127.0.0.1 now (bound to port 0 and released): there is a short window in which
/// another process could take it; callers that can retry do.
inline std::uint16_t freeLoopbackPort()
{
    const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in a {};
    a.sin_family = AF_INET;
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    a.sin_port = 0;
    socklen_t len = sizeof a;
    std::uint16_t port = 0;
    if (::bind(fd, reinterpret_cast<sockaddr*>(&a), sizeof a) == 0
        && ::getsockname(fd, reinterpret_cast<sockaddr*>(&a), &len) == 0)
        port = ntohs(a.sin_port);
    ::close(fd);
    return port;
}

/// GET over HTTP/1.0 (so the body is neither chunked nor kept alive: Go's server closes after
/// it). Returns the body; `status` gets the status code (0 when nothing answered).
inline std::string httpGet10(std::uint16_t port, const std::string& path, int* status = nullptr)
{
    return blockingGet(port,
        "GET " + path
            + " HTTP/1.0\r\nHost: 127.0.0.1\r\nAccept: text/plain;version=0.0.4\r\nAccept-Encoding: identity\r\n\r\n",
        status);
}

/// Seconds since the Unix epoch, now.
inline double wallNow()
{
    return std::chrono::duration<double>(std::chrono::system_clock::now().time_since_epoch()).count();
}

/// Where `prometheus` and `promtool` are. Missing tools are a failure: packaging/install-deps.sh
/// installs them for the tests; LORASCOPE_TEST_WITHOUT_PROMETHEUS=1 turns that into a skip on a
/// machine that deliberately has no Prometheus (a skip is not a pass).
struct PrometheusTools {
    QString prometheus, promtool;
    bool found() const { return !prometheus.isEmpty() && !promtool.isEmpty(); }
    static PrometheusTools find()
    {
        return { QStandardPaths::findExecutable(QStringLiteral("prometheus")),
            QStandardPaths::findExecutable(QStringLiteral("promtool")) };
    }
};

#define LORASCOPE_REQUIRE_PROMETHEUS(tools)                                                                            \
    do {                                                                                                               \
        if (!(tools).found()) {                                                                                        \
            if (qEnvironmentVariableIntValue("LORASCOPE_TEST_WITHOUT_PROMETHEUS") == 1)                                \
                QSKIP("prometheus/promtool not installed and LORASCOPE_TEST_WITHOUT_PROMETHEUS=1");                    \
            QFAIL(                                                                                                     \
                "prometheus and promtool are needed (Debian package prometheus: packaging/install-deps.sh test); set " \
                "LORASCOPE_TEST_WITHOUT_PROMETHEUS=1 to skip on purpose");                                             \
        }                                                                                                              \
    } while (false)

/// One `prometheus` process. `scrapeConfigs` is the YAML of the scrape_configs list (indented by
/// two spaces); `$SELF` in it is replaced by the server's own host:port.
class PrometheusServer {
public:
    PrometheusServer(
        const PrometheusTools& tools, std::filesystem::path dir, std::string scrapeInterval, std::string scrapeConfigs)
        : m_tools(tools)
        , m_dir(std::move(dir))
        , m_interval(std::move(scrapeInterval))
        , m_scrapeConfigs(std::move(scrapeConfigs))
    {
    }
    ~PrometheusServer() { stop(); }
    PrometheusServer(const PrometheusServer&) = delete;
    PrometheusServer& operator=(const PrometheusServer&) = delete;

    /// Starts and waits for /-/ready (up to 60 s). A port taken in the meantime is retried with
    /// another. False (with log()) when it never became ready.
    bool start()
    {
        for (int attempt = 0; attempt < 3; ++attempt) {
            m_port = freeLoopbackPort();
            std::string configs = m_scrapeConfigs;
            const std::string self = "127.0.0.1:" + std::to_string(m_port);
            for (auto at = configs.find("$SELF"); at != std::string::npos; at = configs.find("$SELF", at + self.size()))
                configs.replace(at, 5, self);
            const auto config = m_dir / "prometheus.yml";
            std::ofstream(config) << "global:\n  scrape_interval: " << m_interval
                                  << "\n  scrape_timeout: " << m_interval << "\nscrape_configs:\n"
                                  << configs;
            std::filesystem::remove_all(m_dir / "tsdb");
            m_process.setProcessChannelMode(QProcess::MergedChannels);
            m_process.start(m_tools.prometheus,
                { QStringLiteral("--config.file=") + QString::fromStdString(config.string()),
                    QStringLiteral("--storage.tsdb.path=") + QString::fromStdString((m_dir / "tsdb").string()),
                    QStringLiteral("--web.listen-address=") + QString::fromStdString(self),
                    QStringLiteral("--log.level=warn") });
            if (!m_process.waitForStarted(10000))
                return false;
            QElapsedTimer t;
            t.start();
            while (t.elapsed() < 60000 && m_process.state() == QProcess::Running) {
                int status = 0;
                httpGet10(m_port, "/-/ready", &status);
                if (status == 200)
                    return true;
                QTest::qWait(100);
            }
            m_log += m_process.readAll();
            stop();
            if (!m_log.contains("address already in use"))
                return false;
        }
        return false;
    }

    void stop()
    {
        if (m_process.state() == QProcess::NotRunning)
            return;
        m_process.terminate(); // SIGTERM: Prometheus shuts down cleanly
        if (!m_process.waitForFinished(15000)) {
            m_process.kill();
            m_process.waitForFinished(5000);
        }
        m_log += m_process.readAll();
    }

    std::uint16_t port() const { return m_port; }
    std::string url() const { return "http://127.0.0.1:" + std::to_string(m_port); }
    QByteArray log() { return m_log + m_process.readAll(); }

    /// `promtool query instant -o json URL EXPR [--time=T]`: the result vector, or a JSON null
    /// when promtool failed (its message in `error`).
    nlohmann::json query(const std::string& expr, double time = NAN, std::string* error = nullptr) const
    {
        QStringList args { QStringLiteral("query"), QStringLiteral("instant"), QStringLiteral("-o"),
            QStringLiteral("json") };
        if (std::isfinite(time))
            args << QStringLiteral("--time=") + QString::number(time, 'f', 3);
        args << QString::fromStdString(url()) << QString::fromStdString(expr);
        QProcess p;
        p.start(m_tools.promtool, args);
        if (!p.waitForFinished(30000)) {
            p.kill();
            p.waitForFinished(5000);
        }
        const QByteArray out = p.readAllStandardOutput();
        if (p.exitStatus() != QProcess::NormalExit || p.exitCode() != 0) {
            if (error)
                *error = "promtool query instant '" + expr + "' failed: " + p.readAllStandardError().toStdString();
            return nullptr;
        }
        try {
            return nlohmann::json::parse(out.toStdString());
        } catch (const std::exception& e) {
            if (error)
                *error = std::string("promtool printed no JSON: ") + e.what();
            return nullptr;
        }
    }

private:
    PrometheusTools m_tools;
    std::filesystem::path m_dir;
    std::string m_interval, m_scrapeConfigs;
    std::uint16_t m_port = 0;
    QProcess m_process;
    QByteArray m_log;
};

/// A value of a query result ("1", "NaN", "+Inf").
inline double resultValue(const nlohmann::json& sample)
{
    return std::strtod(sample.at("value").at(1).get<std::string>().c_str(), nullptr);
}

/// The series key (promSeriesKey: name and labels sorted, values escaped as in the exposition)
/// of a query result's metric, leaving out the target labels Prometheus added.
inline std::string resultKey(
    const nlohmann::json& sample, std::initializer_list<const char*> drop = { "job", "instance" })
{
    PromSample s;
    for (const auto& [k, v] : sample.at("metric").items()) {
        if (k == "__name__") {
            s.name = v.get<std::string>();
            continue;
        }
        bool dropped = false;
        for (const char* d : drop)
            dropped = dropped || k == d;
        if (!dropped)
            s.labels.emplace_back(k, v.get<std::string>());
    }
    return promSeriesKey(s);
}

/// The samples of a result vector by series key.
inline std::map<std::string, double> resultMap(const nlohmann::json& vector)
{
    std::map<std::string, double> m;
    if (vector.is_array())
        for (const auto& s : vector)
            m[resultKey(s)] = resultValue(s);
    return m;
}

} // namespace lorascope::test
