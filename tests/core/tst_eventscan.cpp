// SPDX-License-Identifier: Apache-2.0
// The exact scanner of token events (replay/eventscan.h) and the fast path of interpretEvent() built on it: the
// scanner accepts only valid JSON, finds members as nlohmann does, and interpretEvent() gives exactly what the
// nlohmann-only path gives — on serve-sim's events of every backend, on hand-written edge cases and on seeded
// mutations of both.

#include "replay/backend.h"
#include "replay/eventscan.h"
#include "replay/sse.h"
#include "server/wireformat.h"

#include <nlohmann/json.hpp>

#include <QtTest>

#include <random>

using namespace lorascope;
namespace js = lorascope::jsonscan;

namespace {

// Events of a whole serve-sim stream for `backend` (tokens, the end, a dropped request, a malformed event).
std::vector<std::string> serveSimEvents(Backend backend)
{
    TokenEvents t(backend, 42, "llama-7b", 16);
    std::string bytes;
    for (int k = 0; k < 4; ++k)
        t.appendToken(bytes, k == 3);
    t.appendDropped(bytes);
    TokenEvents::appendMalformed(bytes);
    SseParser p;
    std::vector<SseEvent> events;
    p.feed(bytes, events);
    p.finish(events);
    std::vector<std::string> out;
    for (const auto& e : events)
        out.push_back(e.data);
    return out;
}

const std::vector<std::string> kEdgeCases = {
    "{}",
    "{\"choices\":[{\"text\":\"\"}]}",
    "{\"choices\":[{\"text\":\"a\"}],\"choices\":[]}", // the last duplicate wins
    "{\"choices\":[],\"choices\":[{\"text\":\"a\"}]}",
    "{\"choices\":[{\"text\":1,\"delta\":{\"content\":\"x\"}}]}",
    "{\"choices\":[{\"delta\":{\"content\":\"x\"}}]}",
    "{\"choices\":[{\"delta\":{\"content\":\"\"}}]}",
    "{\"choices\":[{\"delta\":\"x\"}]}",
    "{\"choices\":[\"x\"]}",
    "{\"choices\":{\"text\":\"x\"}}",
    "{\"choices\":[{\"text\":\"\\n\"}]}",
    "{\"choices\":[{\"text\":\"\\u00e9\"}]}",
    "{\"choices\":[{\"text\":\"\\ud83d\\ude00\"}]}",
    "{\"choices\":[{\"text\":\"\\ud800\"}]}",
    "{\"choices\":[{\"text\":\"\xC3\xA9\"}]}",
    "{\"choices\":[{\"text\":\"\xC3\"}]}",
    "{\"choices\":[{\"text\":\"\xED\xA0\x80\"}]}",
    "{\"choices\":[{\"text\":\"\xF4\x90\x80\x80\"}]}",
    "{\"choices\":[{\"text\":\"\x01\"}]}",
    "{\"choices\":[{\"te\\u0078t\":\"a\"}]}",
    "{\"usage\":{\"completion_tokens\":5,\"prompt_tokens\":-3}}",
    "{\"usage\":{\"completion_tokens\":5.0,\"prompt_tokens\":1e2}}",
    "{\"usage\":{\"completion_tokens\":123456789012345678,\"prompt_tokens\":1234567890123456789}}",
    "{\"usage\":{\"completion_tokens\":18446744073709551616}}",
    "{\"usage\":{\"completion_tokens\":1e999}}",
    "{\"usage\":{\"completion_tokens\":-0}}",
    "{\"usage\":{\"completion_tokens\":01}}",
    "{\"usage\":{\"completion_tokens\":1.}}",
    "{\"usage\":null,\"error\":null}",
    "{\"error\":\"boom\"}",
    "{\"error\":{\"message\":\"m\"}}",
    "{\"error\":[1]}",
    "{\"token\":{\"id\":1},\"finished\":-1}",
    "{\"token\":{\"id\":1},\"finished\":true}",
    "{\"token\":{\"id\":1},\"finished\":1}",
    "{\"token\":[],\"finished\":false}",
    "{\"token\":{},\"details\":{\"generated_tokens\":7}}",
    "{\"token\":{},\"details\":null,\"generated_text\":\"x\"}",
    "{\"token\":{},\"details\":{},\"generated_text\":\"x\"}",
    "{\"text\":\"ab\",\"meta_info\":{\"completion_tokens\":2,\"prompt_tokens\":3}}",
    "{\"text\":\"a\\\"b\"}",
    "{\"text\":\"abc\"}",
    "{\"meta_info\":{\"completion_tokens\":-1}}",
    "[1,2]",
    "\"x\"",
    "null",
    " { \"choices\" : [ { \"text\" : \"a\" } ] } ",
    "\t{\"choices\":[{\"text\":\"a\"}]}\r\n",
    "{\"choices\":[{\"text\":\"a\"}]} x",
    "{\"choices\":[{\"text\":\"a\"}],}",
    "{\"choices\":[{\"text\":\"a\"},]}",
    "{\"choices\" [{\"text\":\"a\"}]}",
    "{'choices':1}",
    "{\"a\":tru}",
    "{\"a\":nul}",
    "{\"a\":-}",
    "{\"a\":[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]}",
    "{\"a\":[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]}",
    "",
    "   ",
    "{",
};

std::string mutate(std::string s, std::mt19937& rng)
{
    static const std::string pieces[] = { "{", "}", "[", "]", "\"", "\\", ",", ":", "0", "-", ".", "e", " ", "\x80",
        "\xC3", "\xFF", "n", "t", "\\u", "\"text\":", "null", "-1", "{\"a\":", "[[" };
    const int ops = 1 + int(rng() % 3);
    for (int k = 0; k < ops; ++k) {
        const std::size_t at = s.empty() ? 0 : rng() % (s.size() + 1);
        switch (rng() % 4) {
        case 0: // replace
            if (at < s.size())
                s[at] = pieces[rng() % std::size(pieces)][0];
            break;
        case 1: // delete a few bytes
            if (at < s.size())
                s.erase(at, 1 + rng() % 3);
            break;
        case 2: // insert
            s.insert(at, pieces[rng() % std::size(pieces)]);
            break;
        default: // truncate
            s.resize(at);
            break;
        }
    }
    return s;
}

// interpretEvent() and the library path agree on `data` for every backend, from a fresh state and from a state
// already inside a stream (SGLang's counts depend on it).
void checkSame(const std::string& data)
{
    for (Backend b : allBackends()) {
        for (int started = 0; started < 2; ++started) {
            StreamState fast, slow;
            if (started) {
                fast.sglangLastTokens = slow.sglangLastTokens = 1;
                fast.sglangLastTextLen = slow.sglangLastTextLen = 1;
                fast.tokens = slow.tokens = 1;
            }
            const SseEvent ev { {}, data };
            const auto nf = interpretEvent(b, ev, fast);
            const auto ns = detail::interpretWithLibrary(b, ev, slow);
            const std::string what = backendName(b) + ": " + data;
            QVERIFY2(nf == ns, what.c_str());
            QVERIFY2(fast.tokens == slow.tokens, what.c_str());
            QVERIFY2(fast.reportedOutputTokens == slow.reportedOutputTokens, what.c_str());
            QVERIFY2(fast.reportedInputTokens == slow.reportedInputTokens, what.c_str());
            QVERIFY2(fast.done == slow.done, what.c_str());
            QVERIFY2(fast.error == slow.error, (what + " -> " + fast.error + " / " + slow.error).c_str());
            QVERIFY2(fast.sglangLastTokens == slow.sglangLastTokens, what.c_str());
            QVERIFY2(fast.sglangLastTextLen == slow.sglangLastTextLen, what.c_str());
        }
    }
}

} // namespace

class TestEventScan : public QObject {
    Q_OBJECT
private slots:
    void scannerKinds()
    {
        const auto v
            = js::scan(" {\"s\":\"a\\\"b\",\"i\":-12,\"f\":0.5,\"t\":true,\"n\":null,\"a\":[{\"x\":1}],\"i\":7} ");
        QVERIFY(v && v->kind == js::Kind::Object);
        std::optional<js::Value> m[7];
        js::members(*v, { "s", "i", "f", "t", "n", "a", "missing" }, m);
        QVERIFY(m[0] && m[0]->kind == js::Kind::String && m[0]->raw == "a\\\"b" && m[0]->escaped);
        QVERIFY(m[1] && m[1]->kind == js::Kind::Integer && m[1]->integer == 7); // the last of two
        QVERIFY(m[2] && m[2]->kind == js::Kind::Float);
        QVERIFY(m[3] && m[3]->kind == js::Kind::True);
        QVERIFY(m[4] && m[4]->kind == js::Kind::Null);
        QVERIFY(m[5] && m[5]->kind == js::Kind::Array);
        QVERIFY(!m[6]);
        const auto e = js::first(*m[5]);
        QVERIFY(e && e->kind == js::Kind::Object);
        const auto x = js::member(*e, "x");
        QVERIFY(x && x->integer == 1);
        QVERIFY(!js::first(*js::scan("[]")));
        QVERIFY(!js::member(*js::scan("[1]"), "x"));
        QVERIFY(js::scan("-0")->integer == 0);
        QVERIFY(js::scan("123456789012345678")->integer == 123456789012345678);
    }

    void scannerGivesUp()
    {
        // Invalid JSON, and what it leaves to nlohmann on purpose.
        for (const char* text : { "", " ", "01", "1.", "-", "+1", "1e5", "1234567890123456789", "[1,]", "{\"a\":1,}",
                 "{\"a\" 1}", "{a:1}", "tru", "nul", "1 2", "\"\\x\"", "\"\\u12\"", "\"\\ud800\"", "\"\x01\"",
                 "\"\xC0\x80\"", "\"\xED\xA0\x80\"", "\"\xF4\x90\x80\x80\"", "\"\xE0\x80\x80\"", "\"abc",
                 "{\"k\\n\":1}", "[1]]", "{}}" })
            QVERIFY2(!js::scan(text), text);
        std::string deep(js::kMaxScanDepth, '['), deeper(js::kMaxScanDepth + 1, '[');
        QVERIFY(js::scan(deep + std::string(js::kMaxScanDepth, ']')));
        QVERIFY(!js::scan(deeper + std::string(js::kMaxScanDepth + 1, ']')));
    }

    // Everything the scanner accepts, nlohmann accepts: it never lets a malformed event through.
    void scannerAcceptsOnlyValidJson()
    {
        std::mt19937 rng(20261126);
        std::vector<std::string> seeds = kEdgeCases;
        for (Backend b : allBackends())
            for (auto& e : serveSimEvents(b))
                seeds.push_back(e);
        int accepted = 0;
        for (int round = 0; round < 20000; ++round) {
            const std::string text = mutate(seeds[rng() % seeds.size()], rng);
            if (js::scan(text)) {
                ++accepted;
                QVERIFY2(nlohmann::json::accept(text), text.c_str());
            }
        }
        QVERIFY(accepted > 1000); // the mutations are not all invalid: the property was exercised
    }

    // serve-sim's events take the fast path (the scanner handles them), and give what the library path gives.
    void serveSimEventsFast()
    {
        for (Backend b : allBackends()) {
            const auto events = serveSimEvents(b);
            QVERIFY(events.size() >= 6);
            for (std::size_t k = 0; k + 1 < events.size(); ++k) { // all but the malformed one
                if (events[k] == "[DONE]")
                    continue;
                QVERIFY2(js::scan(events[k]), events[k].c_str());
                checkSame(events[k]);
            }
            QVERIFY(!js::scan(events.back()));
            checkSame(events.back());
        }
    }

    void sameAsLibrary()
    {
        for (const auto& e : kEdgeCases)
            checkSame(e);
        std::mt19937 rng(7);
        std::vector<std::string> seeds = kEdgeCases;
        for (Backend b : allBackends())
            for (auto& e : serveSimEvents(b))
                seeds.push_back(e);
        for (int round = 0; round < 5000; ++round)
            checkSame(mutate(seeds[rng() % seeds.size()], rng));
    }
};

QTEST_GUILESS_MAIN(TestEventScan)
#include "tst_eventscan.moc"
