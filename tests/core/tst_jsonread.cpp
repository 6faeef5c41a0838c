// SPDX-License-Identifier: Apache-2.0
// The shared JSON reader (core/util/jsonread): depth limit before parsing, syntax errors in the
// user's terms with line and column, short excerpts of values and text in every message.

#include "util/error.h"
#include "util/jsonread.h"

#include "testutil.h"

#include <QTest>

using namespace lorascope;

namespace {

std::string nested(int depth, const std::string& inner = "1")
{
    return std::string(static_cast<std::size_t>(depth), '[') + inner
        + std::string(static_cast<std::size_t>(depth), ']');
}

/// Runs f, which must throw InputError; returns it.
template <class F>
InputError expectInputError(F&& f)
{
    try {
        f();
    } catch (const InputError& e) {
        return e;
    }
    QTest::qFail("no InputError thrown", __FILE__, __LINE__);
    return InputError("none");
}

} // namespace

class TestJsonRead : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void depthLimit()
    {
        QCOMPARE(jsonDepth(nested(kMaxJsonDepth), kMaxJsonDepth), kMaxJsonDepth);
        QVERIFY(parseJson(nested(kMaxJsonDepth)).is_array());
        // Brackets inside strings (with escaped quotes) do not count.
        const std::string inString = "{\"a\": \"" + std::string(500, '[') + "\\\"" + std::string(500, '{') + "\"}";
        QCOMPARE(jsonDepth(inString, kMaxJsonDepth), 1);
        QVERIFY(parseJson(inString).is_object());
        // One level more is refused before parsing, naming the line it happened on.
        const std::string deep = "{\n\"x\": 1,\n\"rate\": " + nested(kMaxJsonDepth) + "}";
        const InputError e = expectInputError([&] { parseJson(deep, "s.json"); });
        QCOMPARE(e.file(), std::string("s.json"));
        QCOMPARE(e.line(), std::uint64_t(3));
        QVERIFY2(std::string(e.what()).find("nested more than 100 levels") != std::string::npos, e.what());
        // The case: 50,000 levels (a segfault before); the message stays short.
        const std::string huge = "{\"rate\":" + nested(50000) + "}";
        const InputError h = expectInputError([&] { parseJson(huge, "d.json"); });
        QVERIFY2(std::string(h.what()).size() < 200, h.what());
        // JSONL: the line number counts from the line the text started on.
        QCOMPARE(expectInputError([&] { parseJson(nested(200), "t.jsonl", 17); }).line(), std::uint64_t(17));
    }

    void syntaxErrorsInUserTerms_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<int>("line");
        QTest::addColumn<QString>("expected");
        QTest::newRow("literal")
            << QStringLiteral("{\"rate\": 2,\n \"duration\": Hello}") << 2
            << QStringLiteral("s.json:2: not valid JSON at column 14: unexpected text where a value should be");
        QTest::newRow("end") << QStringLiteral("{\"rate\": 2") << 1 << QStringLiteral("the text ends too early");
        QTest::newRow("key") << QStringLiteral("{\"rate\": 2, ]") << 1 << QStringLiteral("unexpected ']'");
        QTest::newRow("string") << QStringLiteral("{\"a\": \"x") << 1 << QStringLiteral("malformed string");
        QTest::newRow("number") << QStringLiteral("[1.]") << 1 << QStringLiteral("malformed number");
        QTest::newRow("overflow") << QStringLiteral("{\"a\": 1,\n\"b\": [1e999]}") << 2
                                  << QStringLiteral("a number is too large");
        QTest::newRow("empty") << QString() << 1 << QStringLiteral("empty input");
    }
    void syntaxErrorsInUserTerms()
    {
        QFETCH(QString, text);
        QFETCH(int, line);
        QFETCH(QString, expected);
        const InputError e = expectInputError([&] { parseJson(text.toStdString(), "s.json"); });
        const QString what = QString::fromStdString(e.what());
        QVERIFY2(what.contains(expected), qPrintable(what));
        QCOMPARE(e.line(), std::uint64_t(line));
        QVERIFY2(!what.contains(QStringLiteral("json.exception")) && !what.contains(QStringLiteral("last read")),
            qPrintable(what));
    }

    void excerptsStayShort()
    {
        // A bad token inside a 1 MB line: the message quotes a few characters only.
        const std::string line = "{\"a\": " + std::string(1 << 20, 'x') + "}";
        const InputError e = expectInputError([&] { parseJson(line, "t.jsonl", 4); });
        QVERIFY2(std::string(e.what()).size() < 250, e.what());
        QCOMPARE(e.line(), std::uint64_t(4));
        // Values: deep, long strings, long arrays, big objects.
        QVERIFY(jsonExcerpt(parseJson(nested(kMaxJsonDepth))).size() <= 43);
        QCOMPARE(jsonExcerpt(parseJson(nested(kMaxJsonDepth))).substr(0, 5), std::string("[[[[["));
        QVERIFY(jsonExcerpt(nlohmann::json(std::string(1 << 20, 'y'))).size() <= 43);
        nlohmann::json arr = nlohmann::json::array();
        for (int i = 0; i < 100000; ++i)
            arr.push_back(i);
        QVERIFY(jsonExcerpt(arr).size() <= 43);
        nlohmann::json obj;
        obj[std::string(100000, 'k')] = 1;
        QVERIFY(jsonExcerpt(obj).size() <= 43);
        // Small values come out whole.
        QCOMPARE(jsonExcerpt(parseJson("[1,2,{\"a\":null}]")), std::string("[1,2,{\"a\":null}]"));
        QCOMPARE(textExcerpt(std::string("a\nb\x01") + std::string(100, 'c'), 10), std::string("a\\nb\\x01cc..."));
    }

    void objectReaderQuotesExcerpts()
    {
        // A spec member of the wrong type holding a large value: the message names the field and
        // shows the start of the value only.
        const nlohmann::json j = parseJson("{\"rate\": " + nested(90) + "}");
        JsonObjectReader r(j, "", "s.json");
        const InputError e = expectInputError([&] { r.number("rate", 1.0); });
        QVERIFY2(std::string(e.what()).find("rate: expected a number, got [[[[") != std::string::npos, e.what());
        QVERIFY2(std::string(e.what()).size() < 120, e.what());
    }

    void readJsonFileChecksTheFile()
    {
        test::TempDir dir;
        QVERIFY(std::string(expectInputError([&] { readJsonFile(dir.path.string(), "spec file"); }).what())
                    .find("is a directory")
            != std::string::npos);
        QVERIFY(std::string(expectInputError([&] { readJsonFile("/dev/zero", "spec file"); }).what())
                    .find("not a regular file")
            != std::string::npos);
        QVERIFY(std::string(expectInputError([&] { readJsonFile(dir.file("missing.json"), "spec file"); }).what())
                    .find("no such file")
            != std::string::npos);
        test::writeText(dir.file("empty.json"), " \n");
        const InputError empty = expectInputError([&] { readJsonFile(dir.file("empty.json"), "spec file"); });
        QVERIFY2(std::string(empty.what()).find("empty") != std::string::npos, empty.what());
        QCOMPARE(empty.file(), dir.file("empty.json"));
        test::writeText(dir.file("ok.json"), "{\"a\": [1, 2]}");
        QCOMPARE(readJsonFile(dir.file("ok.json"))["a"][1].get<int>(), 2);
    }
};

QTEST_GUILESS_MAIN(TestJsonRead)
#include "tst_jsonread.moc"
