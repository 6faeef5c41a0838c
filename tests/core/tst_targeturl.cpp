// SPDX-License-Identifier: Apache-2.0
// The replay target URL parser (core/replay/url.h): every accepted form with what it yields, every
// refused form with the reason named, the /v1 fit to the backend's path, and invariants of
// accepted URLs (the same checks the libFuzzer target bench/fuzz/fuzz_url.cpp makes).

#include "replay/backend.h"
#include "replay/url.h"
#include "util/error.h"

#include <QtTest>

#include <filesystem>
#include <fstream>
#include <sstream>

using namespace lorascope;

class TestTargetUrl : public QObject {
    Q_OBJECT
private slots:
    void accepted_data()
    {
        QTest::addColumn<QString>("url");
        QTest::addColumn<bool>("tls");
        QTest::addColumn<QString>("host");
        QTest::addColumn<QString>("port");
        QTest::addColumn<QString>("path");
        QTest::addColumn<QString>("str");
        const auto row = [](const char* name, const char* url, bool tls, const char* host, const char* port,
                             const char* path, const char* str) {
            QTest::newRow(name) << QString::fromUtf8(url) << tls << QString::fromUtf8(host) << QString::fromUtf8(port)
                                << QString::fromUtf8(path) << QString::fromUtf8(str);
        };
        row("ipv4 port slash", "http://127.0.0.1:8000/", false, "127.0.0.1", "8000", "", "http://127.0.0.1:8000");
        row("https default port", "https://example.org/api/", true, "example.org", "443", "/api",
            "https://example.org:443/api");
        row("http default port", "http://localhost", false, "localhost", "80", "", "http://localhost:80");
        row("scheme case", "HTTPS://Example.ORG:8443", true, "Example.ORG", "8443", "", "https://Example.ORG:8443");
        row("ipv6", "http://[::1]:9000", false, "::1", "9000", "", "http://[::1]:9000");
        row("ipv6 no port", "http://[2001:db8::7]/x", false, "2001:db8::7", "80", "/x", "http://[2001:db8::7]:80/x");
        row("ipv6 mapped", "http://[::ffff:10.0.0.1]:1", false, "::ffff:10.0.0.1", "1", "",
            "http://[::ffff:10.0.0.1]:1");
        row("ipv6 zone", "http://[fe80::1%25eth0]:80", false, "fe80::1%eth0", "80", "", "http://[fe80::1%25eth0]:80");
        row("port max", "http://h:65535", false, "h", "65535", "", "http://h:65535");
        row("port leading zeros", "http://h:008000", false, "h", "8000", "", "http://h:8000");
        row("underscore service", "http://my_svc.ns.svc.cluster.local:8000", false, "my_svc.ns.svc.cluster.local",
            "8000", "", "http://my_svc.ns.svc.cluster.local:8000");
        row("trailing dot", "http://example.com.:81", false, "example.com.", "81", "", "http://example.com.:81");
        row("digits in labels", "http://3com.com", false, "3com.com", "80", "", "http://3com.com:80");
        row("path escapes", "http://h/a%20b/c-d_e~f/v2;x=1", false, "h", "80", "/a%20b/c-d_e~f/v2;x=1",
            "http://h:80/a%20b/c-d_e~f/v2;x=1");
        row("many slashes stripped", "http://h/base///", false, "h", "80", "/base", "http://h:80/base");
    }
    void accepted()
    {
        QFETCH(QString, url);
        QFETCH(bool, tls);
        QFETCH(QString, host);
        QFETCH(QString, port);
        QFETCH(QString, path);
        QFETCH(QString, str);
        const auto t = parseTargetUrl(url.toStdString());
        QCOMPARE(t.tls, tls);
        QCOMPARE(QString::fromStdString(t.host), host);
        QCOMPARE(QString::fromStdString(t.port), port);
        QCOMPARE(QString::fromStdString(t.basePath), path);
        QCOMPARE(QString::fromStdString(t.str()), str);
        // What str() prints parses back to the same.
        const auto again = parseTargetUrl(t.str());
        QCOMPARE(again.host, t.host);
        QCOMPARE(again.port, t.port);
        QCOMPARE(again.basePath, t.basePath);
        QCOMPARE(again.tls, t.tls);
    }

    void refused_data()
    {
        QTest::addColumn<QString>("url");
        QTest::addColumn<QString>("why"); // a part of the message
        const auto row = [](const char* url, const char* why) {
            QTest::newRow(url) << QString::fromUtf8(url) << QString::fromUtf8(why);
        };
        row("http://127.0.0.1:99999", "port 99999 is out of range (1-65535)");
        row("http://127.0.0.1:65536", "out of range");
        row("http://127.0.0.1:0", "port 0");
        row("http://127.0.0.1:99999999999999999999999", "out of range");
        row("http://[::1]x8000", "unexpected 'x' after the IPv6 address");
        row("http://[::1]8000", "unexpected '8' after the IPv6 address");
        row("http://[::1", "unterminated IPv6");
        row("http://[::g]:80", "is not an IPv6 address");
        row("http://[1:2:3:4:5:6:7:8:9]", "is not an IPv6 address");
        row("http://[]:80", "is not an IPv6 address");
        row("http://[v1.x]:80", "future version");
        row("http://[fe80::1%eth0]", "%25ZONE");
        row("http://::1:8000", "in brackets");
        row("http://host:8x", "not a decimal number");
        row("http://host:-1", "not a decimal number");
        row("http://host:+80", "not a decimal number");
        row("http://host:", "empty port");
        row("http://:80", "no host");
        row("http://", "no host");
        row("http:///v1", "no host");
        row("ftp://x", "must start with http:// or https://");
        row("httpx://x", "must start with http:// or https://");
        row("127.0.0.1:8000", "must start with http:// or https://");
        row("http:/host", "must start with http://");
        row("http:host", "must start with http://");
        row("", "must start with http:// or https://");
        row("http://user:pw@host", "credentials in the URL are not accepted");
        row("http://@host", "credentials");
        row("http://a..b", "empty label");
        row("http://.a", "empty label");
        row("http://-a.b", "starts or ends with '-'");
        row("http://a-.b", "starts or ends with '-'");
        row("http://a b", "a space");
        // Labels that end in a number but are not all digits reached std::stoi("a") ("error: stoi").
        row("http://a.b.c.1", "is not a dotted IPv4 address");
        row("http://1.2.x.4:80", "is not a dotted IPv4 address");
        row("http://host/a b", "a space");
        row(" http://host", "a space");
        row("http://host\t", "control character 0x09");
        row("http://ho%41st", "percent-encoded host");
        row("http://hö.st", "punycode");
        row("http://h!st", "'!' is not allowed in a host name");
        row("http://010.0.0.1", "leading zeros");
        row("http://1.2.3", "dotted IPv4");
        row("http://1.2.3.4.5", "dotted IPv4");
        row("http://256.0.0.1", "over 255");
        row("http://127.1", "dotted IPv4");
        row("http://example.123", "dotted IPv4");
        row("http://h/a?b=1", "a query");
        row("http://h?x", "a query");
        row("http://h/#frag", "a fragment");
        row("http://h/a/../b", "'..' segments");
        row("http://h/./b", "'.' segments");
        row("http://h//v1", "empty path segment");
        row("http://h/a%2", "%HH");
        row("http://h/a%zz", "%HH");
        row("http://h/a\\b", "'\\' in the path must be percent-encoded");
        row("http://h/a\"b", "percent-encoded");
        row("http://h/é", "non-ASCII");
    }
    void refused()
    {
        QFETCH(QString, url);
        QFETCH(QString, why);
        try {
            parseTargetUrl(url.toStdString());
            QFAIL("accepted");
        } catch (const InputError& e) {
            const QString msg = QString::fromStdString(e.what());
            QVERIFY2(msg.contains(why), qPrintable(msg));
            QVERIFY2(msg.startsWith(QLatin1String("--target: ")), qPrintable(msg));
            QCOMPARE(QString::fromStdString(e.field()), QStringLiteral("--target"));
        }
    }

    void longUrlsQuotedShort()
    {
        const std::string url = "http://h/" + std::string(100000, 'a') + " ";
        try {
            parseTargetUrl(url);
            QFAIL("accepted");
        } catch (const InputError& e) {
            QVERIFY(std::string(e.what()).size() < 400);
        }
        try {
            parseTargetUrl("http://h:" + std::string(5000, '9'), "--metrics-url");
            QFAIL("accepted");
        } catch (const InputError& e) {
            QVERIFY(std::string(e.what()).size() < 400);
            QVERIFY(std::string(e.what()).rfind("--metrics-url: ", 0) == 0);
        }
    }

    // A target ending in /v1 (or the whole endpoint) must not send to /v1/v1/completions.
    void basePathFitsBackend_data()
    {
        QTest::addColumn<QString>("url");
        QTest::addColumn<QString>("backend");
        QTest::addColumn<QString>("sentTo"); // base + backend path after the fit
        QTest::addColumn<bool>("noted");
        const auto row = [](const char* url, const char* backend, const char* sentTo, bool noted) {
            QTest::newRow((std::string(url) + " " + backend).c_str())
                << QString::fromUtf8(url) << QString::fromUtf8(backend) << QString::fromUtf8(sentTo) << noted;
        };
        row("http://h:8000/v1", "openai-completions", "http://h:8000/v1/completions", true);
        row("http://h:8000/v1/", "openai-completions", "http://h:8000/v1/completions", true);
        row("http://h:8000/v1", "openai-chat", "http://h:8000/v1/chat/completions", true);
        row("http://h:8000/v1/completions", "openai-completions", "http://h:8000/v1/completions", true);
        row("http://h:8000/proxy/v1", "openai-completions", "http://h:8000/proxy/v1/completions", true);
        row("http://h:8000/v1", "slora", "http://h:8000/generate_stream", true);
        row("http://h:8000/generate", "sglang", "http://h:8000/generate", true);
        row("http://h:8000", "openai-completions", "http://h:8000/v1/completions", false);
        row("http://h:8000/proxy", "tgi", "http://h:8000/proxy/generate_stream", false);
        row("http://h:8000/v10", "openai-completions", "http://h:8000/v10/v1/completions", false);
    }
    void basePathFitsBackend()
    {
        QFETCH(QString, url);
        QFETCH(QString, backend);
        QFETCH(QString, sentTo);
        QFETCH(bool, noted);
        auto t = parseTargetUrl(url.toStdString());
        const auto path
            = buildWireRequest(*backendFromName(backend.toStdString()), GenerationRequest { "m", "", "", 1, {} }).path;
        const auto note = fitBasePathToBackend(t, path);
        QCOMPARE(QString::fromStdString(t.str() + path), sentTo);
        QCOMPARE(!note.empty(), noted);
        if (noted)
            QVERIFY2(note.find("requests go to " + sentTo.toStdString()) != std::string::npos, note.c_str());
    }

    // The kept libFuzzer corpus (bench/fuzz/corpus/url): accepted or InputError, never another
    // exception, and accepted URLs keep the invariants.
    void fuzzCorpus()
    {
        const auto dir = std::filesystem::path(LORASCOPE_FUZZ_CORPUS) / "url";
        QVERIFY2(std::filesystem::is_directory(dir), dir.c_str());
        int files = 0, accepted = 0;
        for (const auto& entry : std::filesystem::directory_iterator(dir)) {
            std::ifstream in(entry.path(), std::ios::binary);
            std::stringstream ss;
            ss << in.rdbuf();
            ++files;
            try {
                auto t = parseTargetUrl(ss.str());
                ++accepted;
                QVERIFY(!t.host.empty());
                const int port = std::stoi(t.port);
                QVERIFY(port >= 1 && port <= 65535);
                QVERIFY(t.basePath.empty() || (t.basePath[0] == '/' && t.basePath.back() != '/'));
                QVERIFY(t.basePath.find_first_of("?# ") == std::string::npos);
                const auto again = parseTargetUrl(t.str());
                QCOMPARE(again.host, t.host);
                QCOMPARE(again.basePath, t.basePath);
                fitBasePathToBackend(t, "/v1/completions");
            } catch (const InputError&) {
            }
        }
        QVERIFY(files >= 20);
        QVERIFY(accepted >= 3);
    }
};

QTEST_GUILESS_MAIN(TestTargetUrl)
#include "tst_targeturl.moc"
