// SPDX-License-Identifier: Apache-2.0
// Merging the run folders of a sharded replay (core/replay/merge, runfolder), without network:
// shard folders are written from hand-made records, as `replay --shard` would. The merge must
// give exactly the summary of the whole set of records (percentiles over all requests, never
// averaged), put every shard's times on one axis, and refuse duplicates, gaps and folders that
// are not one run, naming them.

#include "replay/merge.h"
#include "replay/results.h"
#include "replay/runfolder.h"
#include "replay/schedule.h"
#include "replay/servermap.h"
#include "util/error.h"

#include "testutil.h"

#include <QtTest>

#include <filesystem>
#include <fstream>
#include <functional>
#include <sstream>

#include <sys/stat.h>

using namespace lorascope;

namespace {

// Record i of a 40-request run: adapter a(i%3), sent at 0.1·i, TTFT and gaps varying with i
// (so per-shard percentiles differ from the whole run's), every 9th failed.
ReplayRecord rec(std::uint64_t i, double origin)
{
    ReplayRecord r;
    r.index = i;
    r.id = 1000 + i;
    r.adapter = "a" + std::to_string(i % 3);
    r.inputLen = 10;
    r.outputLen = 4;
    r.scheduled = origin + 0.1 * double(i);
    r.dispatched = r.scheduled;
    r.sent = r.scheduled + 0.001 * double(i % 5);
    if (i % 9 == 8) {
        r.outcome = Outcome::Failed;
        r.errorKind = "disconnect";
        r.error = "lost";
        r.end = r.sent + 0.05;
        return r;
    }
    const double ttft = 0.02 + 0.003 * double((i * 7) % 11);
    for (int k = 0; k < 4; ++k)
        r.tokenTimes.push_back(r.sent + ttft + 0.01 * k * double(1 + i % 4));
    r.firstByte = r.tokenTimes.front();
    r.end = r.tokenTimes.back() + 0.001;
    r.tokens = 4;
    r.outcome = Outcome::Completed;
    r.httpStatus = 200;
    return r;
}

nlohmann::json manifest(
    std::uint32_t index, std::uint32_t count, std::size_t requests, double origin, const std::string& sha = "abc")
{
    nlohmann::json m;
    m["trace"] = { { "path", "/nonexistent/trace.jsonl" }, { "sha256", sha }, { "requests", 40 } };
    m["backend"] = "slora";
    m["target"] = "http://127.0.0.1:1";
    m["model"] = "base";
    m["options"] = { { "time_scale", 1.0 }, { "start_at_epoch_s", 1.7e9 }, { "warmup_s", 0 }, { "cooldown_s", 0 } };
    m["shard"] = { { "index", index }, { "count", count }, { "by", "interleave" }, { "requests", requests } };
    RunClock c;
    c.startAt = 1.7e9;
    c.origin = origin;
    c.startWall = 1.7e9 - origin;
    m["clock"] = runClockToJson(c);
    return m;
}

// Writes shard i of n (interleaved) with its own origin; `keep` drops records (a dead shard).
void writeShard(const std::string& dir, std::uint32_t i, std::uint32_t n, double origin, bool finished = true,
    std::size_t keep = 1000, const std::string& sha = "abc")
{
    ResultsFolder f(dir);
    std::vector<ReplayRecord> recs;
    for (std::uint64_t k = i; k < 40; k += n)
        recs.push_back(rec(k, origin));
    f.writeManifest(manifest(i, n, recs.size(), origin, sha));
    for (std::size_t k = 0; k < recs.size() && k < keep; ++k)
        f.append(recs[k]);
    if (finished)
        f.writeSummary(summarizeReplay(recs, {}));
}

/// Rewrites a JSON file of a folder (a manifest edited by hand, or by a tester).
void editJson(const std::string& path, const std::function<void(nlohmann::json&)>& edit)
{
    nlohmann::json j = nlohmann::json::parse(test::readText(path));
    edit(j);
    test::writeText(path, j.dump());
}

/// Replaces line `n` (1-based) of requests.jsonl by `edit` of its JSON.
void editRecord(const std::string& dir, std::size_t n, const std::function<void(nlohmann::json&)>& edit)
{
    std::istringstream in(test::readText(dir + "/requests.jsonl"));
    std::string out, line;
    for (std::size_t k = 1; std::getline(in, line); ++k) {
        if (k == n) {
            nlohmann::json j = nlohmann::json::parse(line);
            edit(j);
            line = j.dump();
        }
        out += line + "\n";
    }
    test::writeText(dir + "/requests.jsonl", out);
}

std::string readError(const std::string& dir)
{
    try {
        readRunFolder(dir);
    } catch (const InputError& e) {
        return e.what();
    }
    return {};
}

} // namespace

class TestReplayMerge : public QObject {
    Q_OBJECT
private slots:
    void mergeEqualsTheWholeRun()
    {
        test::TempDir dir;
        // Shards with different origins (each its own run clock): merged times line up.
        const double origins[] = { 0.05, 3.0, -0.2, 10.0 };
        std::vector<RunFolder> shards;
        for (std::uint32_t i = 0; i < 4; ++i) {
            writeShard(dir.file("s" + std::to_string(i)), i, 4, origins[i]);
            shards.push_back(readRunFolder(dir.file("s" + std::to_string(i))));
        }
        std::reverse(shards.begin(), shards.end()); // any order
        const auto m = mergeRuns(shards);
        std::vector<ReplayRecord> whole;
        for (std::uint64_t k = 0; k < 40; ++k)
            whole.push_back(rec(k, 0.0));
        SummaryOptions so;
        so.backend = "slora";
        const auto expected = summarizeReplay(whole, so);
        QCOMPARE(m.records.size(), std::size_t(40));
        for (std::size_t k = 0; k < 40; ++k) {
            QCOMPARE(m.records[k].index, std::uint64_t(k));
            QVERIFY(std::abs(m.records[k].scheduled - whole[k].scheduled) < 1e-9);
        }
        // Every metric equal to the whole run's (token times are written in µs: 1e-6 tolerance).
        for (const auto& [key, value] : expected.items()) {
            if (value.is_number_float())
                QVERIFY2(std::abs(m.summary[key].get<double>() - value.get<double>()) < 1e-3, key.c_str());
            else if (key != "warnings")
                QVERIFY2(m.summary[key] == value || value.is_object(), key.c_str());
        }
        for (const char* k : { "p99_ttft_ms", "median_itl_ms", "p90_e2el_ms", "mean_tpot_ms" })
            QVERIFY2(std::abs(m.summary[k].get<double>() - expected[k].get<double>()) < 1e-3, k);
        QCOMPARE(m.summary["per_adapter"]["a1"]["completed"], expected["per_adapter"]["a1"]["completed"]);
        QVERIFY(std::abs(m.summary["per_adapter"]["a2"]["p99_ttft_ms"].get<double>()
                    - expected["per_adapter"]["a2"]["p99_ttft_ms"].get<double>())
            < 1e-3);
        QCOMPARE(m.summary["merge"]["shards"].size(), std::size_t(4));
        QCOMPARE(m.summary["missing"]["count"].get<int>(), 0);
        // Averaging the shards' p99 would not give the whole run's p99 here.
        double avg = 0;
        for (const auto& s : shards)
            avg += (*s.summary)["p99_ttft_ms"].get<double>() / 4;
        QVERIFY(std::abs(avg - expected["p99_ttft_ms"].get<double>()) > 0.01);

        writeMergedRun(m, dir.file("merged"));
        const auto back = readRunFolder(dir.file("merged"));
        QCOMPARE(back.records.size(), std::size_t(40));
        QVERIFY(back.manifest["merged"].get<bool>());
        // A merged folder can be merged again (idempotent), and re-written in place.
        writeMergedRun(mergeRuns({ back }), dir.file("merged"));
        // Never over a run that is not a merge.
        QVERIFY_THROWS_EXCEPTION(InputError, writeMergedRun(m, dir.file("s0")));
    }

    void refusesDuplicatesAndGaps()
    {
        test::TempDir dir;
        for (std::uint32_t i = 0; i < 3; ++i)
            writeShard(dir.file("s" + std::to_string(i)), i, 3, 0.05, i != 1, i == 1 ? 5 : 1000);
        std::vector<RunFolder> shards;
        for (int i = 0; i < 3; ++i)
            shards.push_back(readRunFolder(dir.file("s" + std::to_string(i))));
        // Shard 1 died after 5 of its 13 requests: 8 missing, named (indices; ids need the trace).
        try {
            mergeRuns(shards);
            QFAIL("merged with requests missing");
        } catch (const InputError& e) {
            const std::string w = e.what();
            QVERIFY2(w.find("8 of 40 requests are in no folder") != std::string::npos, e.what());
            QVERIFY2(w.find("16, 19, 22") != std::string::npos, e.what()); // indices 1+3k for k ≥ 5
            QVERIFY2(w.find("recorded 5 of its 13 requests and did not finish") != std::string::npos, e.what());
        }
        MergeOptions o;
        o.allowMissing = true;
        Trace trace;
        trace.requests.resize(40);
        for (std::size_t k = 0; k < 40; ++k) {
            trace.requests[k].time = 0.1 * double(k);
            trace.ids.push_back(1000 + k);
        }
        o.trace = &trace;
        const auto m = mergeRuns(shards, o);
        QCOMPARE(m.records.size(), std::size_t(32));
        QCOMPARE(m.missingIds.size(), std::size_t(8));
        QCOMPARE(m.missingCount, std::uint64_t(8));
        QCOMPARE(m.summary["missing"]["ids"][0].get<int>(), 1016);
        QCOMPARE(m.summary["num_requests"].get<int>(), 32);
        QVERIFY(!m.warnings.empty());
        // The same shard twice; two runs of different traces.
        QVERIFY_THROWS_EXCEPTION(InputError, mergeRuns({ shards[0], shards[0] }));
        writeShard(dir.file("other"), 2, 3, 0.05, true, 1000, "def");
        try {
            mergeRuns({ shards[0], shards[1], readRunFolder(dir.file("other")) });
            QFAIL("merged different traces");
        } catch (const InputError& e) {
            QVERIFY2(std::string(e.what()).find("SHA-256") != std::string::npos, e.what());
        }
        // Overlapping folders: a whole run and a shard of it.
        writeShard(dir.file("whole"), 0, 1, 0.05);
        auto whole = readRunFolder(dir.file("whole"));
        whole.manifest["shard"]["count"] = 3; // pretend: same shard count, its index 0 is taken
        whole.manifest["shard"]["index"] = 2;
        whole.shard.count = 3;
        whole.shard.index = 2;
        try {
            mergeRuns({ shards[0], whole });
            QFAIL("merged overlapping folders");
        } catch (const InputError& e) {
            QVERIFY2(std::string(e.what()).find("more than once (ids 1000") != std::string::npos, e.what());
        }
    }

    // Both shards' scrapes of the server on the common axis, and the server figures from them.
    void serverMetricsMerged()
    {
        test::TempDir dir;
        const double origins[] = { 0.05, 2.0 };
        std::vector<RunFolder> shards;
        for (std::uint32_t i = 0; i < 2; ++i) {
            const auto d = dir.file(std::string("s") + std::to_string(i));
            writeShard(d, i, 2, origins[i]);
            ResultsFolder f(d + "/scrapes"); // a scratch folder to write the lines with the real writer
            for (int k = 0; k < 3; ++k) {
                ServerSample x;
                x.ok = true;
                x.system = "vllm";
                x.running = double(10 * i + k);
                x.generationTokensTotal = 100.0 * (2 * k + i);
                nlohmann::json line
                    = { { "t_s", origins[i] + 0.5 * k + 0.1 * i }, { "t_end_s", origins[i] + 0.5 * k + 0.1 * i + 0.01 },
                          { "ok", true }, { "mapped", serverSampleToJson(x) } };
                f.appendServerMetrics(line);
            }
            std::filesystem::rename(d + "/scrapes/server_metrics.jsonl", d + "/server_metrics.jsonl");
            shards.push_back(readRunFolder(d));
            QCOMPARE(shards.back().serverMetrics.size(), std::size_t(3));
        }
        const auto m = mergeRuns(shards);
        QCOMPARE(m.serverMetrics.size(), std::size_t(6));
        // On the common axis (t − origin) and in time order: 0, 0.1, 0.5, 0.6, 1.0, 1.1.
        const double expected[] = { 0, 0.1, 0.5, 0.6, 1.0, 1.1 };
        for (std::size_t k = 0; k < 6; ++k) {
            QVERIFY(std::abs(m.serverMetrics[k]["t_s"].get<double>() - expected[k]) < 1e-9);
            QCOMPARE(m.serverMetrics[k]["shard"].get<int>(), int(k % 2));
        }
        QCOMPARE(m.summary["server"]["scrapes"].get<int>(), 6);
        QCOMPARE(m.summary["server"]["running"]["max"].get<double>(), 12.0);
        QCOMPARE(m.summary["server"]["during_run"]["generation_tokens"].get<double>(), 500.0); // 500 (last) − 0 (first)
        writeMergedRun(m, dir.file("merged"));
        QCOMPARE(readRunFolder(dir.file("merged")).serverMetrics.size(), std::size_t(6));
        // Merged again from shards without scrapes, in the same folder: the earlier merge's
        // scrapes are not left behind to be read as this merge's.
        for (std::uint32_t i = 0; i < 2; ++i)
            std::filesystem::remove(dir.file(std::string("s") + std::to_string(i) + "/server_metrics.jsonl"));
        const auto plain = mergeRuns({ readRunFolder(dir.file("s0")), readRunFolder(dir.file("s1")) });
        QVERIFY(plain.serverMetrics.empty());
        writeMergedRun(plain, dir.file("merged"));
        QVERIFY(!std::filesystem::exists(dir.file("merged/server_metrics.jsonl")));
        QVERIFY(readRunFolder(dir.file("merged")).serverMetrics.empty());
    }

    void tornLastLineIsLeftOut()
    {
        test::TempDir dir;
        writeShard(dir.file("s"), 0, 1, 0.05, false, 10);
        {
            std::ofstream out(dir.file("s/requests.jsonl"), std::ios::app | std::ios::binary);
            out << "{\"index\":10,\"id\":10,\"adap"; // killed mid-write
        }
        const auto f = readRunFolder(dir.file("s"));
        QCOMPARE(f.records.size(), std::size_t(10));
        QCOMPARE(f.notes.size(), std::size_t(1));
        QVERIFY(f.notes[0].find("incomplete") != std::string::npos);
        QVERIFY(!f.summary);
        // A bad line that is not the last one is an error naming file and line.
        {
            std::ofstream out(dir.file("s/requests.jsonl"), std::ios::app | std::ios::binary);
            out << "\n{\"ok\":1}\n";
        }
        try {
            readRunFolder(dir.file("s"));
            QFAIL("read a broken line");
        } catch (const InputError& e) {
            QCOMPARE(e.line(), std::uint64_t(11));
        }
        QVERIFY_THROWS_EXCEPTION(InputError, readRunFolder(dir.file("nothing-here")));
    }

    // Every number a merge takes from a manifest is range-checked as the flag behind it: a shard
    // count of 10^12 or 2^32 + 2 (which once wrapped to 2), a negative index, a trace of 10^12
    // requests, a schedule origin of 1e300 are refused naming the file and field, before any
    // memory is sized by them.
    void manifestNumbersAreRangeChecked_data()
    {
        QTest::addColumn<QString>("field");
        QTest::addColumn<QString>("value");
        QTest::newRow("shard count 10^12") << "shard.count"
                                           << "1000000000000";
        QTest::newRow("shard count 2^32+2") << "shard.count"
                                            << "4294967298";
        QTest::newRow("shard count 0") << "shard.count"
                                       << "0";
        QTest::newRow("shard count text") << "shard.count"
                                          << "\"4\"";
        QTest::newRow("negative shard index") << "shard.index"
                                              << "-1";
        QTest::newRow("index not below count") << "shard.index"
                                               << "2";
        QTest::newRow("unknown split") << "shard.by"
                                       << "\"random\"";
        QTest::newRow("shard requests over trace") << "shard.requests"
                                                   << "41";
        QTest::newRow("trace of 10^12 requests") << "trace.requests"
                                                 << "1000000000000";
        QTest::newRow("negative trace requests") << "trace.requests"
                                                 << "-40";
        QTest::newRow("origin 1e300") << "clock.schedule_origin_s"
                                      << "1e300";
        QTest::newRow("origin -1e9") << "clock.schedule_origin_s"
                                     << "-1e9";
        QTest::newRow("start wall 1e300") << "clock.start_wall_epoch_s"
                                          << "1e300";
        QTest::newRow("time scale 0") << "options.time_scale"
                                      << "0";
        QTest::newRow("warm-up 1e300") << "options.warmup_s"
                                       << "1e300";
    }
    void manifestNumbersAreRangeChecked()
    {
        QFETCH(QString, field);
        QFETCH(QString, value);
        test::TempDir dir;
        writeShard(dir.file("s"), 0, 2, 0.05);
        const std::string f = field.toStdString();
        const auto dot = f.find('.');
        editJson(dir.file("s/manifest.json"), [&](nlohmann::json& m) {
            m[f.substr(0, dot)][f.substr(dot + 1)] = nlohmann::json::parse(value.toStdString());
        });
        const std::string e = readError(dir.file("s"));
        QVERIFY2(e.find("manifest.json") != std::string::npos && e.find(f) != std::string::npos, e.c_str());
    }

    // One reader of records for merge, calibrate, validate and the GUI: a record that cannot be a
    // measurement is refused naming the file, line and field.
    void recordsMustBeConsistent_data()
    {
        QTest::addColumn<QString>("edit");
        QTest::addColumn<QString>("field");
        QTest::newRow("unknown outcome") << R"({"outcome": "exploded"})"
                                         << "outcome: unknown value \"exploded\"";
        QTest::newRow("end before sent") << R"({"end_s": 0.0001})"
                                         << "end_s";
        QTest::newRow("token before sent") << R"({"token_times_ms": [-1e9, 1, 2, 3]})"
                                           << "token_times_ms[0]";
        QTest::newRow("reversed tokens") << R"({"token_times_ms": [40, 30, 20, 10]})"
                                         << "token_times_ms[1]";
        QTest::newRow("token after end") << R"({"token_times_ms": [1, 2, 3, 1e6]})"
                                         << "token_times_ms";
        QTest::newRow("time 1e300") << R"({"sent_s": 1e300})"
                                    << "sent_s";
        QTest::newRow("negative index") << R"({"index": -3})"
                                        << "index";
        QTest::newRow("index beyond the trace") << R"({"index": 1000000})"
                                                << "index";
        QTest::newRow("index of another shard") << R"({"index": 3})"
                                                << "does not belong to shard 0/2";
        QTest::newRow("status") << R"({"status": 70000})"
                                << "status";
        QTest::newRow("completed without end") << R"({"end_s": null})"
                                               << "end_s";
        QTest::newRow("input_len not a number") << R"({"input_len": "ten"})"
                                                << "input_len";
    }
    void recordsMustBeConsistent()
    {
        QFETCH(QString, edit);
        QFETCH(QString, field);
        test::TempDir dir;
        writeShard(dir.file("s"), 0, 2, 0.05);
        const auto patch = nlohmann::json::parse(edit.toStdString());
        editRecord(dir.file("s"), 2, [&](nlohmann::json& j) { j.update(patch); }); // line 2: record 2, completed
        const std::string e = readError(dir.file("s"));
        QVERIFY2(e.find("requests.jsonl") != std::string::npos && e.find(field.toStdString()) != std::string::npos,
            e.c_str());
    }

    void duplicatedRecordsRefused()
    {
        test::TempDir dir;
        writeShard(dir.file("s"), 0, 1, 0.05);
        const std::string text = test::readText(dir.file("s/requests.jsonl"));
        test::writeText(dir.file("s/requests.jsonl"), text + text); // every record twice
        const std::string e = readError(dir.file("s"));
        QVERIFY2(e.find("request index 0 is recorded twice (lines 1 and 41)") != std::string::npos, e.c_str());
    }

    // Shards that were declared but not given are never "missing 0": four declared, two given
    // (a two-shard run relabelled) is refused by the membership of its records; shards that held
    // no request and were not given need --allow-missing too.
    void shardsMustBeWhatTheyDeclare()
    {
        test::TempDir dir;
        for (std::uint32_t i = 0; i < 2; ++i) {
            const auto d = dir.file("s" + std::to_string(i));
            writeShard(d, i, 2, 0.05);
            editJson(d + "/manifest.json", [](nlohmann::json& m) { m["shard"]["count"] = 4; });
        }
        const std::string e = readError(dir.file("s1"));
        QVERIFY2(e.find("request index 3 (id 1003) does not belong to shard 1/4") != std::string::npos, e.c_str());
        // An adapter split without the trace: no adapter in two shards.
        for (std::uint32_t i = 0; i < 2; ++i)
            editJson(dir.file("s" + std::to_string(i) + "/manifest.json"), [](nlohmann::json& m) {
                m["shard"]["count"] = 2;
                m["shard"]["by"] = "adapter";
            });
        try {
            mergeRuns({ readRunFolder(dir.file("s0")), readRunFolder(dir.file("s1")) });
            QFAIL("merged an adapter split with an adapter in two shards");
        } catch (const InputError& err) {
            QVERIFY2(std::string(err.what()).find("adapter \"a") != std::string::npos, err.what());
        }
        // Five shards of a 40-request run, shard 4 not given: its 8 requests are missing.
        std::vector<RunFolder> shards;
        for (std::uint32_t i = 0; i < 4; ++i) {
            writeShard(dir.file("f" + std::to_string(i)), i, 5, 0.05);
            shards.push_back(readRunFolder(dir.file("f" + std::to_string(i))));
        }
        try {
            mergeRuns(shards);
            QFAIL("merged without shard 4");
        } catch (const InputError& err) {
            const std::string w = err.what();
            QVERIFY2(w.find("8 of 40 requests are in no folder") != std::string::npos
                    && w.find("Shards not given (1 of 5): 4/5") != std::string::npos,
                err.what());
        }
        // 50 shards of a 40-request run: shards 40..49 sent nothing; not given, they are still said.
        shards.clear();
        for (std::uint32_t i = 0; i < 40; ++i) {
            writeShard(dir.file("g" + std::to_string(i)), i, 50, 0.05);
            shards.push_back(readRunFolder(dir.file("g" + std::to_string(i))));
        }
        try {
            mergeRuns(shards);
            QFAIL("merged without shards 40..49");
        } catch (const InputError& err) {
            QVERIFY2(std::string(err.what()).find("not every shard was given") != std::string::npos, err.what());
        }
        MergeOptions o;
        o.allowMissing = true;
        QCOMPARE(mergeRuns(shards, o).records.size(), std::size_t(40));
    }

    // A device or a pipe in place of a run folder's file is refused before a byte is read.
    void devicesAndPipesRefused_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<bool>("fifo");
        for (const char* f : { "requests.jsonl", "server_metrics.jsonl", "summary.json", "manifest.json" }) {
            QTest::newRow((std::string(f) + " -> /dev/zero").c_str()) << f << false;
            QTest::newRow((std::string(f) + " as a FIFO").c_str()) << f << true;
        }
    }
    void devicesAndPipesRefused()
    {
        QFETCH(QString, file);
        QFETCH(bool, fifo);
        test::TempDir dir;
        writeShard(dir.file("s"), 0, 1, 0.05);
        const std::string path = dir.file("s/" + file.toStdString());
        std::filesystem::remove(path);
        if (fifo)
            QVERIFY(::mkfifo(path.c_str(), 0600) == 0);
        else
            std::filesystem::create_symlink("/dev/zero", path);
        const std::string e = readError(dir.file("s"));
        QVERIFY2(e.find(file.toStdString()) != std::string::npos
                && e.find(fifo ? "it is a pipe" : "character device") != std::string::npos,
            e.c_str());
    }
};

QTEST_GUILESS_MAIN(TestReplayMerge)
#include "tst_replaymerge.moc"
