// SPDX-License-Identifier: Apache-2.0
// A server's reply is untrusted input (hardening): SSE events whose JSON is nested
// 100,000 deep, served over a real socket on 127.0.0.1 by the test's canned server. Each must be a
// failed request with the error kind malformed_event and a short message, never a crash: before
// the depth check, {"error": [[[...]]]} overflowed the stack when the error was printed.

#include "replay/replay.h"

#include "cannedhttp.h"

#include <QtTest>

using namespace lorascope;
using lorascope::test::CannedAnswer;
using lorascope::test::CannedHttpServer;

namespace {
std::string nested(std::size_t depth, char open, const std::string& inner, char close)
{
    std::string s;
    for (std::size_t i = 0; i < depth; ++i)
        s += open;
    s += inner;
    for (std::size_t i = 0; i < depth; ++i)
        s += close;
    return s;
}
} // namespace

class TestReplayDeepJson : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void deepReplyIsAFailedRequest_data()
    {
        QTest::addColumn<int>("backend");
        QTest::addColumn<QString>("data");
        const std::string arrays = nested(100000, '[', "", ']');
        const std::string objects = nested(100000, '{', "", '}'); // not valid JSON inside, still deep
        for (const Backend b : { Backend::SLora, Backend::OpenAiCompletions, Backend::Tgi }) {
            const std::string name = backendName(b);
            QTest::addRow("%s array", name.c_str()) << int(b) << QString::fromStdString(arrays);
            QTest::addRow("%s error", name.c_str()) << int(b) << QString::fromStdString("{\"error\": " + arrays + "}");
            QTest::addRow("%s token", name.c_str())
                << int(b) << QString::fromStdString("{\"token\": {\"text\": " + arrays + "}}");
            QTest::addRow("%s objects", name.c_str()) << int(b) << QString::fromStdString(objects);
        }
    }
    void deepReplyIsAFailedRequest()
    {
        QFETCH(int, backend);
        QFETCH(QString, data);
        const std::string body = "data: " + data.toStdString() + "\n\n";
        CannedHttpServer server([&](const std::string&) {
            CannedAnswer a;
            a.contentType = "text/event-stream";
            a.body = body;
            return a;
        });
        Trace t;
        t.adapters = { { "a0", 8 } };
        t.requests.push_back(Request { 0.0, 0, 4, 3 });
        ReplayOptions o;
        o.target = "http://127.0.0.1:" + std::to_string(server.port());
        o.backend = Backend(backend);
        o.scrape.enabled = false;
        o.requestTimeout = 20;
        const ReplayResult r = Replayer(t, o).run();
        QCOMPARE(r.records.size(), std::size_t(1));
        const ReplayRecord& rec = r.records.front();
        QCOMPARE(rec.outcome, Outcome::Failed);
        QCOMPARE(rec.errorKind, std::string("malformed_event"));
        QVERIFY2(rec.error.find("nested more than 100 levels deep") != std::string::npos, rec.error.c_str());
        QVERIFY2(rec.error.size() < 200, rec.error.c_str()); // an excerpt, not the reply
    }
};

QTEST_GUILESS_MAIN(TestReplayDeepJson)
#include "tst_replaydeepjson.moc"
