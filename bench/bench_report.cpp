// SPDX-License-Identifier: Apache-2.0
// The HTML report and `compare` on a large run (issue: a 100k-request run's report <= 5 MB): time to
// read the run folder, build the report's data, write the page, and its size; time of a comparison
// of two such runs (bootstrap over requests). Prints numbers; never passes or fails.
//
//   bench_report [REQUESTS [OUTPUT_TOKENS]]     default 100000 requests of 200 tokens, 200 adapters
//
// The run folders are synthetic (tests/core/reporttestutil.h) in $TMPDIR and removed at the end.

#include "report/reportmodel.h"

#include "../tests/core/reporttestutil.h"

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>

#include <unistd.h>

using namespace lorascope;

namespace {

double since(std::chrono::steady_clock::time_point a)
{
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - a).count();
}

} // namespace

int main(int argc, char** argv)
{
    const std::size_t n = argc > 1 ? std::size_t(std::strtoull(argv[1], nullptr, 10)) : 100000;
    const std::uint32_t tokens = argc > 2 ? std::uint32_t(std::strtoul(argv[2], nullptr, 10)) : 200;
    namespace fs = std::filesystem;
    const fs::path dir = fs::temp_directory_path() / ("bench_report_" + std::to_string(::getpid()));
    fs::create_directories(dir);
    test::SyntheticRun s;
    s.requests = n;
    s.adapters = 200;
    s.gap = 300.0 / double(n); // five minutes of sends
    s.outputTokens = tokens;
    auto t = std::chrono::steady_clock::now();
    test::writeSyntheticRun((dir / "a").string(), s);
    s.ttftShift = 0.01;
    s.seed = 8;
    test::writeSyntheticRun((dir / "b").string(), s);
    std::printf("run folders: 2 x %zu requests of %u output tokens written in %.2f s (requests.jsonl %.1f MB each)\n",
        n, tokens, since(t), double(fs::file_size(dir / "a" / "requests.jsonl")) / 1e6);

    t = std::chrono::steady_clock::now();
    const RunSource a = loadRun((dir / "a").string());
    const double load = since(t);
    t = std::chrono::steady_clock::now();
    const auto data = runReportData(a, {});
    const double build = since(t);
    t = std::chrono::steady_clock::now();
    const std::string path = (dir / "report.html").string();
    writeReportHtml(path, data);
    const double write = since(t);
    const auto size = fs::file_size(path);
    std::printf(
        "report: read run folder %.2f s, report data %.2f s, page written %.2f s; total %.2f s; %.2f MB (%s 5 MB)\n",
        load, build, write, load + build + write, double(size) / 1e6, size <= 5'000'000 ? "<=" : "> !");

    t = std::chrono::steady_clock::now();
    const RunSource b = loadRun((dir / "b").string());
    const double loadB = since(t);
    t = std::chrono::steady_clock::now();
    const auto c = compareRuns({ &a, &b });
    const double cmp = since(t);
    std::printf("compare: read second run %.2f s, comparison (overall + %zu adapters, %d resamples%s) %.2f s\n", loadB,
        c.runs[0].perAdapter.size(), c.runs[0].resamples, c.runs[0].itlThinned ? ", ITL thinned" : "", cmp);
    t = std::chrono::steady_clock::now();
    writeReportHtml((dir / "compare.html").string(), compareReportData(c, { &a, &b }, {}, {}));
    std::printf("compare page: %.2f s, %.2f MB\n", since(t), double(fs::file_size(dir / "compare.html")) / 1e6);
    fs::remove_all(dir);
    return 0;
}
