// SPDX-License-Identifier: Apache-2.0
// https end to end: the real replay client (in process and the lorascope-cli binary) against a
// TLS server made in the test (ssetestserver.h) on 127.0.0.1 with a port chosen at run time and
// a self-signed certificate generated in process. Certificate and host-name verification on by
// default, `caFile`/--ca-cert to trust a PEM bundle, verifyTls=false/--insecure to skip; the API
// key reaches the server as a bearer token but no file of the results folder.

#include "formats/traceio.h"
#include "replay/replay.h"
#include "replay/results.h"
#include "util/error.h"

#include "../cli/clitestutil.h"
#include "../core/testutil.h"
#include "ssetestserver.h"

#include <QtTest>

#include <filesystem>
#include <set>
#include <thread>

using namespace lorascope;
using lorascope::test::SseTestServer;
using lorascope::test::TestCert;

namespace {

const std::string kKey = "sk-lorascope-test-8d1f40c2e7";

Trace makeTrace(std::size_t n)
{
    Trace t;
    t.adapters = { { "a0", 8 }, { "a1", 16 } };
    for (std::size_t i = 0; i < n; ++i)
        t.requests.push_back(
            Request { double(i) * 0.005, i % 3 == 2 ? kNoAdapter : std::uint32_t(i % 2), 3, 2 + std::uint32_t(i % 4) });
    return t;
}

SseTestServer::Options tlsServer(const TestCert& cert)
{
    SseTestServer::Options o;
    o.tls = true;
    o.cert = cert;
    o.requiredAuthorization = "Bearer " + kKey;
    return o;
}

ReplayOptions client(const std::string& host, std::uint16_t port)
{
    ReplayOptions o;
    o.target = "https://" + host + ":" + std::to_string(port);
    o.backend = Backend::SLora;
    o.apiKey = kKey;
    // A safety net only: a hang would surface as "timeout", which the tests reject.
    o.requestTimeout = 20;
    return o;
}

const TestCert& localhostCert()
{
    static const TestCert c = test::makeSelfSignedCert("localhost", { "localhost" }, { "127.0.0.1" });
    return c;
}

// Every request failed the TLS handshake because of the certificate, none reached the server.
void checkAllFailedTls(const Trace& trace, const ReplayResult& result, const SseTestServer& server)
{
    QCOMPARE(result.records.size(), trace.requests.size());
    QVERIFY(!result.reachable);
    QVERIFY2(result.wallSeconds < 10.0, std::to_string(result.wallSeconds).c_str());
    for (const auto& r : result.records) {
        QVERIFY2(r.outcome == Outcome::Failed, outcomeName(r.outcome));
        QVERIFY2(QString::fromStdString(r.error).contains(QLatin1String("certificate"), Qt::CaseInsensitive),
            r.error.c_str());
        // docs/replay.md: a failed TLS handshake is error kind `tls` (not `connect`).
        QVERIFY2(r.errorKind == "tls", (r.errorKind + ": " + r.error).c_str());
        QCOMPARE(r.httpStatus, 0);
        QCOMPARE(r.tokens, std::uint64_t(0));
    }
    // The key was never sent to a server that failed verification.
    QVERIFY(server.requests().empty());
    QTRY_COMPARE_WITH_TIMEOUT(server.handshakeFailures(), std::uint64_t(trace.requests.size()), 5000);
}

void checkAllCompleted(const Trace& trace, const ReplayResult& result, const SseTestServer& server)
{
    QCOMPARE(result.records.size(), trace.requests.size());
    QVERIFY(result.reachable);
    for (const auto& r : result.records) {
        QVERIFY2(r.outcome == Outcome::Completed, (r.errorKind + ": " + r.error).c_str());
        QCOMPARE(r.httpStatus, 200);
        QCOMPARE(r.tokens, std::uint64_t(r.outputLen));
        QCOMPARE(r.tokenTimes.size(), std::size_t(r.outputLen));
    }
    const auto seen = test::posts(server.requests());
    QCOMPARE(seen.size(), trace.requests.size());
    for (const auto& s : seen) {
        QCOMPARE(s.method, std::string("POST"));
        QCOMPARE(s.target, std::string("/generate_stream"));
        QCOMPARE(s.authorization, "Bearer " + kKey);
    }
    const auto summary = summarizeReplay(result.records, {});
    QCOMPARE(summary["completed"].get<std::size_t>(), trace.requests.size());
    std::uint64_t want = 0;
    for (const auto& q : trace.requests)
        want += q.outputLen;
    QCOMPARE(summary["total_output_tokens"].get<std::uint64_t>(), want);
}

QStringList cliReplayArgs(const std::string& trace, const std::string& target, const std::string& out)
{
    return { QStringLiteral("replay"), test::q(trace), QStringLiteral("--target"), test::q(target),
        QStringLiteral("--backend"), QStringLiteral("slora"), QStringLiteral("--out"), test::q(out),
        QStringLiteral("--json"), QStringLiteral("--quiet") };
}

// Runs the CLI with LORASCOPE_API_KEY set in its environment (inherited from this process).
test::Run cliWithKey(const QStringList& args)
{
    qputenv("LORASCOPE_API_KEY", QByteArray::fromStdString(kKey));
    auto run = test::cli(args);
    qunsetenv("LORASCOPE_API_KEY");
    return run;
}

} // namespace

class TestReplayTls : public QObject {
    Q_OBJECT
private slots:
    void defaultVerificationRejectsSelfSigned()
    {
        SseTestServer server(tlsServer(localhostCert()));
        const Trace trace = makeTrace(4);
        const auto result = runReplay(trace, client("127.0.0.1", server.port()));
        checkAllFailedTls(trace, result, server);
    }

    void caFileTrustsSelfSigned_data()
    {
        QTest::addColumn<QString>("host");
        QTest::newRow("ip") << "127.0.0.1"; // matched against subjectAltName IP:127.0.0.1
        QTest::newRow("dns") << "localhost"; // matched against subjectAltName DNS:localhost
    }

    void caFileTrustsSelfSigned()
    {
        QFETCH(QString, host);
        test::TempDir dir;
        test::writeText(dir.file("ca.pem"), localhostCert().certPem);
        SseTestServer server(tlsServer(localhostCert()));
        const Trace trace = makeTrace(6);
        auto opt = client(host.toStdString(), server.port());
        opt.caFile = dir.file("ca.pem");
        const auto result = runReplay(trace, opt);
        checkAllCompleted(trace, result, server);
        if (QTest::currentTestFailed())
            return;
        QCOMPARE(server.handshakeFailures(), std::uint64_t(0));
    }

    void insecureSkipsVerification()
    {
        // Neither trusted nor for this name: only verifyTls=false lets it through.
        const auto cert = test::makeSelfSignedCert("other.example", { "other.example" }, {});
        SseTestServer server(tlsServer(cert));
        const Trace trace = makeTrace(5);
        auto opt = client("127.0.0.1", server.port());
        opt.verifyTls = false;
        const auto result = runReplay(trace, opt);
        checkAllCompleted(trace, result, server);
    }

    void hostNameMismatchFails()
    {
        // Trusted, but issued for the name "localhost" only (no IP:127.0.0.1).
        const auto cert = test::makeSelfSignedCert("localhost", { "localhost" }, {});
        test::TempDir dir;
        test::writeText(dir.file("ca.pem"), cert.certPem);
        const Trace trace = makeTrace(3);
        {
            SseTestServer server(tlsServer(cert));
            auto opt = client("127.0.0.1", server.port());
            opt.caFile = dir.file("ca.pem");
            checkAllFailedTls(trace, runReplay(trace, opt), server);
            if (QTest::currentTestFailed())
                return;
        }
        {
            // Control: the same certificate and CA file work under the name it was issued for.
            SseTestServer server(tlsServer(cert));
            auto opt = client("localhost", server.port());
            opt.caFile = dir.file("ca.pem");
            checkAllCompleted(trace, runReplay(trace, opt), server);
        }
    }

    void badCaFileIsNamed()
    {
        test::TempDir dir;
        SseTestServer server(tlsServer(localhostCert()));
        const Trace trace = makeTrace(1);
        test::writeText(dir.file("garbage.pem"), "not a certificate\n");
        for (const auto& file : { dir.file("missing.pem"), dir.file("garbage.pem") }) {
            auto opt = client("127.0.0.1", server.port());
            opt.caFile = file;
            bool threw = false;
            try {
                runReplay(trace, opt);
            } catch (const InputError& e) {
                threw = true;
                QVERIFY2(std::string(e.what()).find(file) != std::string::npos, e.what());
                QCOMPARE(e.file(), file);
            }
            QVERIFY(threw);
        }
        QCOMPARE(server.connections(), std::uint64_t(0));
    }

    void cliCaCertAndApiKey()
    {
        test::TempDir dir;
        test::writeText(dir.file("ca.pem"), localhostCert().certPem);
        const Trace trace = makeTrace(5);
        writeTrace(trace, dir.file("trace.jsonl"));
        SseTestServer server(tlsServer(localhostCert()));
        const std::string target = "https://localhost:" + std::to_string(server.port());

        // Without --ca-cert: every request fails on the certificate, the CLI says so and exits 1.
        auto run = cliWithKey(cliReplayArgs(dir.file("trace.jsonl"), target, dir.file("run-untrusted")));
        QCOMPARE(run.code, 1);
        QVERIFY2(run.err.contains(QLatin1String("could not reach")) && run.err.contains(QLatin1String("certificate")),
            qPrintable(run.err));
        QVERIFY(server.requests().empty());

        // With --ca-cert: all complete, the key reached the server as a bearer token.
        QStringList args = cliReplayArgs(dir.file("trace.jsonl"), target, dir.file("run"));
        args << QStringLiteral("--ca-cert") << test::q(dir.file("ca.pem"));
        run = cliWithKey(args);
        QVERIFY2(run.code == 0, qPrintable(run.err));
        const auto out = nlohmann::json::parse(run.out.toStdString());
        QCOMPARE(out["completed"].get<std::size_t>(), trace.requests.size());
        QCOMPARE(out["failed"].get<int>(), 0);
        const auto seen = test::posts(server.requests());
        QCOMPARE(seen.size(), trace.requests.size());
        for (const auto& s : seen)
            QCOMPARE(s.authorization, "Bearer " + kKey);
        // The CLI also scraped the target's /metrics (over the same verified TLS), with the key:
        // same scheme, host and port as the target.
        std::size_t scrapes = 0;
        for (const auto& s : server.requests())
            if (s.method == "GET") {
                ++scrapes;
                QCOMPARE(s.target, std::string("/metrics"));
                QCOMPARE(s.authorization, "Bearer " + kKey);
            }
        QVERIFY(scrapes >= 1);
        const auto manifest = test::readJsonFile(dir.file("run/manifest.json"));
        QCOMPARE(manifest["options"]["ca_cert"].get<std::string>(), dir.file("ca.pem"));
        QCOMPARE(manifest["options"]["verify_tls"].get<bool>(), true);

        // The key is in no file of either results folder, nor in what the CLI printed.
        std::size_t files = 0;
        for (const char* folder : { "run", "run-untrusted" })
            for (const auto& e : std::filesystem::recursive_directory_iterator(dir.file(folder))) {
                if (!e.is_regular_file())
                    continue;
                ++files;
                QVERIFY2(test::readText(e.path().string()).find(kKey) == std::string::npos, e.path().c_str());
            }
        QVERIFY(files >= 6); // requests.jsonl, summary.json, manifest.json in each
        QVERIFY(!run.out.contains(QString::fromStdString(kKey)) && !run.err.contains(QString::fromStdString(kKey)));
    }

    void cliBadCaCertNamesTheFile()
    {
        test::TempDir dir;
        writeTrace(makeTrace(1), dir.file("trace.jsonl"));
        test::writeText(dir.file("empty.pem"), "");
        for (const auto& file : { dir.file("missing.pem"), dir.file("empty.pem") }) {
            QStringList args = cliReplayArgs(dir.file("trace.jsonl"), "https://127.0.0.1:1", dir.file("run"));
            args << QStringLiteral("--ca-cert") << test::q(file);
            const auto run = test::cli(args);
            QCOMPARE(run.code, 1);
            QVERIFY2(
                run.err.contains(test::q(file)) && run.err.contains(QLatin1String("--ca-cert")), qPrintable(run.err));
            QVERIFY(!std::filesystem::exists(dir.file("run"))); // refused before the results folder
        }
        // Looks like PEM but OpenSSL cannot parse it: the replay engine refuses it, naming the file.
        SseTestServer server(tlsServer(localhostCert()));
        test::writeText(
            dir.file("broken.pem"), "-----BEGIN CERTIFICATE-----\nbm90IGEgY2VydA==\n-----END CERTIFICATE-----\n");
        QStringList args = cliReplayArgs(
            dir.file("trace.jsonl"), "https://127.0.0.1:" + std::to_string(server.port()), dir.file("run-broken"));
        args << QStringLiteral("--ca-cert") << test::q(dir.file("broken.pem"));
        const auto run = test::cli(args);
        QCOMPARE(run.code, 1);
        QVERIFY2(run.err.contains(test::q(dir.file("broken.pem"))), qPrintable(run.err));
        QCOMPARE(server.connections(), std::uint64_t(0));
    }
};

QTEST_GUILESS_MAIN(TestReplayTls)
#include "tst_replaytls.moc"
