// SPDX-License-Identifier: Apache-2.0
// Prompts that tell a prefix cache the truth, and sessions replayed closed loop within a session
// (core/replay, workload/prompttext.cpp), against real servers on 127.0.0.1 with ports chosen at
// run time: the tests' recording server (tests/net/ssetestserver.*: it keeps the bytes it received
// and reports cached tokens as a perfect prefix cache would) and the real serve-sim. Assertions on
// what arrived, never on wall time: a later turn is checked to arrive after its think time.

#include "formats/traceio.h"
#include "replay/replay.h"
#include "server/simserver.h"
#include "workload/generator.h"
#include "workload/prefix.h"

#include "../cli/clitestutil.h"
#include "../core/testutil.h"
#include "ssetestserver.h"

#include <nlohmann/json.hpp>

#include <QtTest>

#include <map>
#include <set>
#include <sstream>

using namespace lorascope;
using lorascope::test::q;
using lorascope::test::SseTestServer;

namespace {

std::vector<std::string> words(const std::string& text)
{
    std::istringstream in(text);
    std::vector<std::string> out;
    for (std::string w; in >> w;)
        out.push_back(w);
    return out;
}

std::size_t commonWords(const std::vector<std::string>& a, const std::vector<std::string>& b)
{
    std::size_t k = 0;
    while (k < a.size() && k < b.size() && a[k] == b[k])
        ++k;
    return k;
}

/// The prompt a request body carried (completions: "prompt"; chat: the messages' contents).
std::string promptOf(const test::SeenRequest& s)
{
    const auto body = nlohmann::json::parse(s.body);
    if (body.contains("prompt"))
        return body["prompt"].get<std::string>();
    std::string text;
    for (const auto& m : body["messages"])
        text += m["content"].get<std::string>() + " ";
    return text;
}

std::string header(const test::SeenRequest& s, const std::string& name)
{
    for (const auto& [k, v] : s.headers)
        if (QString::fromStdString(k).compare(QString::fromStdString(name), Qt::CaseInsensitive) == 0)
            return v;
    return {};
}

/// One adapter, `n` requests of different lengths, no declared prefix: what S-LoRA's benchmark replays.
Trace plainTrace(std::size_t n, std::int64_t systemTokens = 0)
{
    WorkloadSpec s;
    s.adapterCount = 2;
    s.rate = 200;
    s.duration = double(n) / 200.0;
    s.seed = 4;
    s.input.lo = 20;
    s.input.hi = 200;
    s.output.lo = 2;
    s.output.hi = 4;
    s.prefix.systemTokens = systemTokens;
    return generate(s);
}

ReplayOptions client(std::uint16_t port, Backend backend)
{
    ReplayOptions o;
    o.target = "http://127.0.0.1:" + std::to_string(port);
    o.backend = backend;
    o.promptSeed = 12345;
    return o;
}

} // namespace

class TestReplaySessions : public QObject {
    Q_OBJECT
private slots:
    void helloPromptsArePrefixesOfEachOther()
    {
        // The defect: with S-LoRA's "Hello " × n every prompt is a prefix of every longer one, and a
        // prefix cache serves almost all of every prefill after the first requests.
        const Trace t = plainTrace(60);
        SseTestServer server(SseTestServer::Options {});
        ReplayOptions o = client(server.port(), Backend::OpenAiCompletions);
        o.promptStyle = PromptStyle::SLora;
        const auto result = runReplay(t, o);
        const auto seen = test::posts(server.requests());
        QCOMPARE(seen.size(), t.requests.size());
        std::vector<std::vector<std::string>> prompts;
        for (const auto& s : seen)
            prompts.push_back(words(promptOf(s)));
        for (const auto& a : prompts)
            for (const auto& b : prompts)
                QCOMPARE(commonWords(a, b), std::min(a.size(), b.size())); // the shorter is a prefix of the longer
        const auto summary = summarizeReplay(result.records, {});
        QVERIFY2(summary["prefix_cache"]["hit_share"].get<double>() > 0.7, summary["prefix_cache"].dump().c_str());
    }

    void uniquePromptsShareNothing()
    {
        const Trace t = plainTrace(60);
        SseTestServer server(SseTestServer::Options {});
        const auto result = runReplay(t, client(server.port(), Backend::OpenAiCompletions));
        const auto seen = test::posts(server.requests());
        QCOMPARE(seen.size(), t.requests.size());
        std::map<std::string, std::vector<std::string>> byModel; // per adapter, as the server keys its cache
        std::size_t longest = 0;
        std::vector<std::pair<std::string, std::vector<std::string>>> prompts;
        for (const auto& s : seen)
            prompts.emplace_back(nlohmann::json::parse(s.body)["model"].get<std::string>(), words(promptOf(s)));
        for (std::size_t i = 0; i < prompts.size(); ++i)
            for (std::size_t j = i + 1; j < prompts.size(); ++j)
                longest = std::max(longest, commonWords(prompts[i].second, prompts[j].second));
        QVERIFY2(longest <= 2, qPrintable(QString::number(longest))); // a word or two by chance (1 in 1024 each)
        const auto summary = summarizeReplay(result.records, {});
        QVERIFY2(summary["prefix_cache"]["hit_share"].get<double>() < 0.01, summary["prefix_cache"].dump().c_str());
        // The server counts exactly the trace's input lengths: no prompt-token warning.
        QCOMPARE(summary["prompt_token_mismatch"]["count"].get<int>(), 0);
        QCOMPARE(summary["prompt_token_mismatch"]["reported"].get<std::size_t>(), t.requests.size());
        for (const auto& r : result.records)
            QCOMPARE(r.reportedInputTokens, std::int64_t(r.inputLen));
    }

    void exactlyTheDeclaredPrefixIsShared()
    {
        const Trace t = plainTrace(60, 40);
        SseTestServer server(SseTestServer::Options {});
        const auto result = runReplay(t, client(server.port(), Backend::SgLang));
        const auto seen = test::posts(server.requests());
        QCOMPARE(seen.size(), t.requests.size());
        std::vector<std::pair<std::string, std::vector<std::string>>> prompts;
        for (const auto& s : seen) {
            const auto body = nlohmann::json::parse(s.body);
            prompts.emplace_back(body.value("lora_path", std::string()), words(body["text"].get<std::string>()));
        }
        for (std::size_t i = 0; i < prompts.size(); ++i)
            for (std::size_t j = i + 1; j < prompts.size(); ++j) {
                const auto common = commonWords(prompts[i].second, prompts[j].second);
                if (prompts[i].first == prompts[j].first)
                    QVERIFY2(common >= 40 && common <= 42, qPrintable(QString::number(common)));
                else
                    QVERIFY(common <= 2);
            }
        // SGLang reports meta_info.cached_tokens: the system prompt, once each adapter has seen it.
        std::uint64_t cached = 0;
        for (const auto& r : result.records) {
            QVERIFY(r.reportedCachedTokens == 0 || (r.reportedCachedTokens >= 40 && r.reportedCachedTokens <= 42));
            cached += std::uint64_t(r.reportedCachedTokens);
        }
        QVERIFY(cached >= 40 * (t.requests.size() - 2));
    }

    void sessionsRunClosedLoopWithTheRealHistory()
    {
        WorkloadSpec s;
        s.adapterCount = 3;
        s.rate = 30;
        s.duration = 2;
        s.seed = 6;
        s.input.lo = 5;
        s.input.hi = 30;
        s.output.lo = 3;
        s.output.hi = 8;
        s.sessions.enabled = true;
        s.sessions.turns.lo = 3;
        s.sessions.turns.hi = 4;
        s.sessions.think = { DurationKind::Constant, 0.15, 1.0, 2.0, 20.0 };
        s.sessions.service = { 0.01, 0.001 };
        s.prefix.systemTokens = 10;
        const Trace t = generate(s);
        std::size_t later = 0;
        for (const auto& st : t.sessions)
            later += st.parent != kNoParent ? 1 : 0;
        QVERIFY(later >= 10);

        SseTestServer::Options so;
        so.tokenSpacing = 0.02; // answers take longer than the designed service estimate
        SseTestServer server(so);
        ReplayOptions o = client(server.port(), Backend::OpenAiChat);
        o.sessionHeader = kDefaultSessionHeader;
        const auto result = runReplay(t, o);
        for (const auto& r : result.records)
            QCOMPARE(r.outcome, Outcome::Completed);

        // The client: a later turn is due its think time after its previous turn ended, and its
        // lateness is measured from there (not from the designed time).
        std::map<std::uint64_t, const ReplayRecord*> byIndex;
        for (const auto& r : result.records)
            byIndex[r.index] = &r;
        for (const auto& r : result.records) {
            QCOMPARE(r.designed, result.clock.origin + t.requests[r.index].time);
            if (r.parent < 0) {
                QCOMPARE(r.scheduled, r.designed);
                continue;
            }
            const auto& p = *byIndex.at(std::uint64_t(r.parent));
            QCOMPARE(r.scheduled, p.end + t.sessions[r.index].think);
            QVERIFY(r.sent >= r.scheduled);
            QVERIFY(r.scheduled > r.designed); // the answers took longer than designed
        }
        // The server: each later turn arrived after the previous answer's end plus the think time,
        // carried the session header, and sent back the answer the server gave as an assistant message.
        const auto seen = test::posts(server.requests());
        QCOMPARE(seen.size(), t.requests.size());
        std::map<std::string, std::vector<const test::SeenRequest*>> sessions;
        for (const auto& r : seen)
            sessions[header(r, "x-session-id")].push_back(&r);
        QVERIFY(!sessions.count(""));
        for (auto& [id, turns] : sessions) {
            std::sort(turns.begin(), turns.end(), [](auto* a, auto* b) { return a->receivedAt < b->receivedAt; });
            for (std::size_t k = 1; k < turns.size(); ++k) {
                QVERIFY2(turns[k]->receivedAt - turns[k - 1]->endedAt >= 0.15,
                    qPrintable(QString::number(turns[k]->receivedAt - turns[k - 1]->endedAt)));
                const auto messages = nlohmann::json::parse(turns[k]->body)["messages"];
                QCOMPARE(messages.front()["role"].get<std::string>(), std::string("system"));
                QCOMPARE(messages.size(),
                    2 + 2 * k); // system, then a user message and an answer per earlier turn, then the new message
                QCOMPARE(messages[2 * k]["role"].get<std::string>(), std::string("assistant"));
                QCOMPARE(messages[2 * k]["content"].get<std::string>(), turns[k - 1]->answer);
                // Everything before the new message is the previous request's prompt and answer: cached.
                QVERIFY(turns[k]->cachedTokens > 0);
            }
        }
        const auto summary = summarizeReplay(result.records, {});
        QVERIFY(summary["prefix_cache"]["hit_share"].get<double>() > 0.3);
    }

    void completionBackendsSendTheConcatenatedText()
    {
        WorkloadSpec s;
        s.adapterCount = 1;
        s.rate = 10;
        s.duration = 1;
        s.seed = 2;
        s.input.lo = 5;
        s.input.hi = 20;
        s.output.lo = 3;
        s.output.hi = 6;
        s.sessions.enabled = true;
        s.sessions.turns.lo = 2;
        s.sessions.turns.hi = 3;
        s.sessions.think = { DurationKind::Constant, 0.05, 1.0, 2.0, 20.0 };
        const Trace t = generate(s);
        SseTestServer server(SseTestServer::Options {});
        const auto result = runReplay(t, client(server.port(), Backend::OpenAiCompletions));
        const auto seen = test::posts(server.requests());
        QCOMPARE(seen.size(), t.requests.size());
        // A second turn's prompt is the first turn's prompt, the text returned for it, then new words.
        std::size_t laterTurns = 0, continued = 0;
        for (const auto& st : t.sessions)
            laterTurns += st.parent != kNoParent ? 1 : 0;
        for (const auto& c : seen)
            for (const auto& x : seen)
                if (&c != &x && promptOf(c).rfind(promptOf(x) + x.answer + " ", 0) == 0)
                    ++continued;
        QVERIFY(laterTurns > 0);
        QCOMPARE(continued, laterTurns);
        for (const auto& r : result.records)
            QCOMPARE(r.outcome, Outcome::Completed);
    }

    void syntheticHistoryIsTheSameBytesEveryRun()
    {
        WorkloadSpec s;
        s.adapterCount = 1;
        s.rate = 10;
        s.duration = 1;
        s.seed = 8;
        s.sessions.enabled = true;
        s.sessions.turns.lo = 2;
        s.sessions.turns.hi = 3;
        s.sessions.think = { DurationKind::Constant, 0.02, 1.0, 2.0, 20.0 };
        s.input.hi = 40;
        s.output.hi = 12;
        const Trace t = generate(s);
        std::vector<std::set<std::string>> bodies;
        for (int run = 0; run < 2; ++run) {
            SseTestServer server(SseTestServer::Options {});
            ReplayOptions o = client(server.port(), Backend::OpenAiChat);
            o.sessionHistory = SessionHistory::Synthetic;
            runReplay(t, o);
            std::set<std::string> b;
            for (const auto& x : test::posts(server.requests()))
                b.insert(x.body);
            bodies.push_back(b);
        }
        QCOMPARE(bodies[0], bodies[1]);
        QCOMPARE(bodies[0].size(), t.requests.size());
    }

    void sessionsAgainstServeSim()
    {
        // The real simulated server (vLLM's API), a session workload through the CLI: every turn
        // completes, later turns wait for their answers, and the manifest records the prompt settings.
        test::TempDir dir;
        WorkloadSpec s = specForPresetLike();
        writeTrace(generate(s), dir.file("chat.jsonl"));
        SimServerOptions so;
        so.port = 0;
        so.tokenSeconds = 0.002;
        so.firstTokenSeconds = 0.005;
        SimServer server(so);
        server.start();
        const auto run = test::cli({ QStringLiteral("replay"), q(dir.file("chat.jsonl")), QStringLiteral("--target"),
            q("http://127.0.0.1:" + std::to_string(server.port())), QStringLiteral("--backend"),
            QStringLiteral("openai-chat"), QStringLiteral("--out"), q(dir.file("run")), QStringLiteral("--json"),
            QStringLiteral("--quiet"), QStringLiteral("--prompt-seed"), QStringLiteral("77"),
            QStringLiteral("--session-header"), QStringLiteral("x-session-id") });
        QVERIFY2(run.code == 0, qPrintable(run.err));
        const auto summary = nlohmann::json::parse(run.out.toStdString());
        const Trace t = readTrace(dir.file("chat.jsonl"));
        QCOMPARE(summary["completed"].get<std::size_t>(), t.requests.size());
        QCOMPARE(summary["prompt_token_mismatch"]["count"].get<int>(),
            0); // serve-sim counts words: the prompts are the trace's lengths
        const auto manifest = test::readJsonFile(dir.file("run/manifest.json"));
        QCOMPARE(manifest["prompt"]["seed"].get<std::uint64_t>(), std::uint64_t { 77 });
        QCOMPARE(manifest["prompt"]["style"].get<std::string>(), std::string("unique"));
        QCOMPARE(manifest["prompt"]["session_header"].get<std::string>(), std::string("x-session-id"));
        // requests.jsonl: later turns keep their designed time and were scheduled after their previous turn's end.
        std::ifstream in(dir.file("run/requests.jsonl"));
        std::map<std::uint64_t, ReplayRecord> records;
        for (std::string line; std::getline(in, line);) {
            const auto r = recordFromJson(nlohmann::json::parse(line));
            records[r.index] = r;
        }
        std::size_t later = 0;
        for (const auto& [index, r] : records) {
            if (r.parent < 0)
                continue;
            ++later;
            QCOMPARE(r.turn, records.at(std::uint64_t(r.parent)).turn + 1);
            QVERIFY(r.scheduled >= records.at(std::uint64_t(r.parent)).end);
            QVERIFY(std::isfinite(r.designed));
        }
        QVERIFY(later > 0);
    }

    void badSessionHeaderIsRefusedBeforeAnything()
    {
        const Trace t = plainTrace(5);
        ReplayOptions o = client(1, Backend::OpenAiChat);
        o.sessionHeader = "x session";
        const QString message = test::inputErrorMessage([&] { Replayer r(t, o); });
        QVERIFY2(message.contains(QStringLiteral("--session-header")), qPrintable(message));
    }

    void hugeThinkTimesAreBoundedEverywhere()
    {
        WorkloadSpec s = specForPresetLike();
        s.sessions.turns.lo = 3; // every session has a second and a third turn
        Trace t = generate(s);
        std::size_t later = t.requests.size();
        for (std::size_t i = 0; i < t.requests.size() && later == t.requests.size(); ++i)
            if (t.sessions[i].parent != kNoParent)
                later = i;
        QVERIFY(later < t.requests.size());
        // The replay's arithmetic: a think time × --time-scale past 366 days is refused before
        // anything is sent (it overflowed the timer and was sent at once), naming the flag.
        t.sessions[later].think = 1e9;
        ReplayOptions o = client(1, Backend::OpenAiChat);
        o.timeScale = 100;
        QString message = test::inputErrorMessage([&] { Replayer r(t, o); });
        QVERIFY2(message.contains(QStringLiteral("--time-scale")) && message.contains(QStringLiteral("366 days"))
                && message.contains(QStringLiteral("think time 1e+09 s")),
            qPrintable(message));
        // Unscaled: a year and a half of thinking is past the limit too; a day is not.
        o.timeScale = 1;
        message = test::inputErrorMessage([&] { Replayer r(t, o); });
        QVERIFY2(message.contains(QStringLiteral("366 days")), qPrintable(message));
        t.sessions[later].think = 86400;
        QVERIFY(test::inputErrorMessage([&] { Replayer r(t, o); }).isEmpty());
        // A chain of long thinks adds up: each under the limit, their sum past it.
        for (std::size_t i = 0; i < t.requests.size(); ++i)
            if (t.sessions[i].parent != kNoParent)
                t.sessions[i].think = 300.0 * 86400.0;
        message = test::inputErrorMessage([&] { Replayer r(t, o); });
        QVERIFY2(message.contains(QStringLiteral("turn 3 of session")) && message.contains(QStringLiteral("366 days")),
            qPrintable(message));
        // On read (and so on convert, which reads first): every trace time's bound, the field named.
        test::TempDir dir;
        t.sessions[later].think = 1e13;
        const std::string file = dir.file("t.jsonl");
        writeTrace(t, file);
        message = test::inputErrorMessage([&] { (void)readTrace(file); });
        QVERIFY2(message.contains(QStringLiteral("think_s")) && message.contains(QStringLiteral("366 days")),
            qPrintable(message));
    }

private:
    static WorkloadSpec specForPresetLike()
    {
        WorkloadSpec s;
        s.adapterCount = 4;
        s.rate = 20;
        s.duration = 3;
        s.seed = 9;
        s.input.lo = 5;
        s.input.hi = 40;
        s.output.lo = 2;
        s.output.hi = 10;
        s.sessions.enabled = true;
        s.sessions.turns.lo = 1;
        s.sessions.turns.hi = 5;
        s.sessions.think = { DurationKind::Exponential, 0.1, 1.0, 2.0, 20.0 };
        s.prefix.systemTokens = 16;
        return s;
    }
};

QTEST_GUILESS_MAIN(TestReplaySessions)
#include "tst_replaysessions.moc"
