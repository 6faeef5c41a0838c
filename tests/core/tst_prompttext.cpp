// SPDX-License-Identifier: Apache-2.0
// Synthetic prompts that share only what the trace declares (core/workload/prompttext.cpp): the
// word list, n words for n tokens, the same bytes for the same seed, nothing shared by accident,
// exactly the declared prefix when declared, and chat messages.

#include "workload/generator.h"
#include "workload/prefix.h"
#include "workload/prompttext.h"

#include <QtTest>

#include <cctype>
#include <set>
#include <sstream>

using namespace lorascope;

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

WorkloadSpec spec(std::uint64_t seed, std::int64_t systemTokens)
{
    WorkloadSpec s;
    s.adapterCount = 4;
    s.rate = 4;
    s.duration = 50;
    s.seed = seed;
    s.prefix.systemTokens = systemTokens;
    return s;
}

} // namespace

class TestPromptText : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void wordListIsWhatTheDocsSay()
    {
        // 1024 distinct lowercase words (docs/replay.md: checked one token in four tokenizers).
        std::set<std::string> seen;
        for (const char* w : promptWords()) {
            const std::string s(w);
            QVERIFY(!s.empty());
            for (char c : s)
                QVERIFY2(c >= 'a' && c <= 'z', w);
            seen.insert(s);
        }
        QCOMPARE(seen.size(), kPromptWordCount);
    }

    void oneWordPerTokenSameBytesPerSeed()
    {
        const Trace t = generate(spec(5, 0));
        for (std::size_t i = 0; i < t.requests.size(); ++i) {
            const auto text = promptText(t, i, 99);
            QCOMPARE(words(text).size(), std::size_t(t.requests[i].inputLen));
            QVERIFY(text.front() != ' ' && text.back() != ' ');
            QCOMPARE(promptText(t, i, 99), text);
        }
        QVERIFY(promptText(t, 0, 99) != promptText(t, 0, 100));
    }

    void nothingSharedWithoutADeclaredPrefix()
    {
        // 200 requests of one adapter: any two share at most 2 leading words (each word is 1 of 1024:
        // 2 by chance happens about once in 50 pairs' worth of 10^6; 3 never at this size).
        WorkloadSpec s = spec(11, 0);
        s.adapterCount = 1;
        const Trace t = generate(s);
        QVERIFY(t.requests.size() > 150);
        std::vector<std::vector<std::string>> w;
        for (std::size_t i = 0; i < t.requests.size(); ++i)
            w.push_back(words(promptText(t, i, 1)));
        std::size_t longest = 0;
        for (std::size_t i = 0; i < w.size(); ++i)
            for (std::size_t j = i + 1; j < w.size(); ++j)
                longest = std::max(longest, commonWords(w[i], w[j]));
        QVERIFY2(longest <= 2, qPrintable(QString::number(longest)));
    }

    void exactlyTheDeclaredPrefixIsShared()
    {
        const Trace t = generate(spec(11, 48));
        std::vector<std::vector<std::string>> w;
        for (std::size_t i = 0; i < t.requests.size(); ++i)
            w.push_back(words(promptText(t, i, 1)));
        for (std::size_t i = 0; i < w.size(); ++i)
            for (std::size_t j = i + 1; j < w.size() && j < i + 40; ++j) {
                const auto common = commonWords(w[i], w[j]);
                if (t.requests[i].adapter == t.requests[j].adapter)
                    QVERIFY2(common >= 48 && common <= 50,
                        qPrintable(QString::number(common))); // the system prompt (+ at most 2 by chance)
                else
                    QVERIFY(common <= 2); // each adapter has its own system prompt
            }
    }

    void chatMessagesCarryTheHistory()
    {
        WorkloadSpec s = spec(3, 20);
        s.sessions.enabled = true;
        s.sessions.turns.lo = 3;
        s.sessions.turns.hi = 4;
        s.duration = 200;
        const Trace t = generate(s);
        std::size_t third = t.requests.size();
        for (std::size_t i = 0; i < t.requests.size() && third == t.requests.size(); ++i)
            if (t.sessions[i].turn == 3)
                third = i;
        QVERIFY(third < t.requests.size());
        const auto messages = promptMessages(t, third, 4);
        QCOMPARE(messages.size(), std::size_t { 6 }); // system, user, assistant, user, assistant, user
        QCOMPARE(messages[0].role, std::string("system"));
        QCOMPARE(words(messages[0].content).size(), std::size_t { 20 });
        QCOMPARE(messages[2].role, std::string("assistant"));
        const auto first = t.sessions[third].parent, root = t.sessions[first].parent;
        QCOMPARE(words(messages[2].content).size(), std::size_t(t.requests[root].outputLen));
        // The server's actual answer replaces the synthetic one, as returned.
        const std::string said = " Hello there";
        const auto withAnswer = promptMessages(
            t, third, 4, [&](std::size_t j) -> const std::string* { return j == root ? &said : nullptr; });
        QCOMPARE(withAnswer[2].content, said);
        QCOMPARE(withAnswer[4], messages[4]);
        // The completion text is the same words in order.
        std::size_t total = 0;
        for (const auto& m : messages)
            total += words(m.content).size();
        QCOMPARE(total, std::size_t(t.requests[third].inputLen));
        QCOMPARE(words(promptText(t, third, 4)).size(), total);
    }

    void sloraPromptIsHelloRepeated() { QCOMPARE(sloraPrompt(3), std::string("Hello Hello Hello ")); }
};

QTEST_GUILESS_MAIN(TestPromptText)
#include "tst_prompttext.moc"
