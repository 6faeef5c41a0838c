// SPDX-License-Identifier: Apache-2.0
// Trace import/export throughput per format (target: >= 1,000,000 requests/s on one core for
// CSV and JSONL, export at least as fast). Prints numbers; never passes or fails.
//
//   bench_formats [REQUESTS]            generate, write and read every format (files in $TMPDIR)
//   bench_formats --write-csv N PATH    stream an N-line native CSV to PATH (not held in memory)
//   bench_formats --read PATH [FORMAT]  import PATH once and print the rate (run it under
//                                       /usr/bin/time -v to see that memory stays ~ the trace)

#include "formats/traceio.h"
#include "workload/generator.h"

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

using namespace lorascope;

namespace {

double seconds(std::chrono::steady_clock::time_point a, std::chrono::steady_clock::time_point b)
{
    return std::chrono::duration<double>(b - a).count();
}

int writeBigCsv(std::uint64_t n, const std::string& path)
{
    std::ofstream out(path, std::ios::binary);
    std::string block;
    block += "id,time_s,adapter,rank,input_len,output_len\n";
    std::uint64_t state = 12345;
    double t = 0;
    for (std::uint64_t i = 0; i < n; ++i) {
        state = state * 6364136223846793005ull + 1442695040888963407ull;
        t += static_cast<double>((state >> 33) % 1000) * 1e-4;
        const unsigned adapter = static_cast<unsigned>((state >> 20) % 200);
        block += std::to_string(i) + ',';
        appendNumber(block, t);
        block += ",adapter-" + std::to_string(adapter) + ",16," + std::to_string(8 + (state >> 40) % 504) + ','
            + std::to_string(8 + (state >> 50) % 504) + '\n';
        if (block.size() > (1 << 16)) {
            out.write(block.data(), static_cast<std::streamsize>(block.size()));
            block.clear();
        }
    }
    out.write(block.data(), static_cast<std::streamsize>(block.size()));
    return out ? 0 : 1;
}

int readOnce(const std::string& path, const std::string& format)
{
    const auto t0 = std::chrono::steady_clock::now();
    const Trace t = readTrace(path, format);
    const auto t1 = std::chrono::steady_clock::now();
    std::printf("read %zu requests from %s in %.3f s: %.0f requests/s (file %.1f MB, trace %.1f MB)\n",
        t.requests.size(), path.c_str(), seconds(t0, t1), static_cast<double>(t.requests.size()) / seconds(t0, t1),
        static_cast<double>(std::filesystem::file_size(path)) / 1e6,
        static_cast<double>(t.requests.capacity() * sizeof(Request) + t.ids.capacity() * 8) / 1e6);
    return 0;
}

} // namespace

int main(int argc, char** argv)
{
    if (argc >= 4 && std::string(argv[1]) == "--write-csv")
        return writeBigCsv(std::strtoull(argv[2], nullptr, 10), argv[3]);
    if (argc >= 3 && std::string(argv[1]) == "--read")
        return readOnce(argv[2], argc >= 4 ? argv[3] : "");
    const double wanted = argc >= 2 ? std::atof(argv[1]) : 2e6;
    WorkloadSpec spec;
    spec.adapterCount = 200;
    spec.rate = 1000;
    spec.duration = wanted / spec.rate;
    spec.seed = 7;
    const Trace trace = generate(spec);
    std::printf("trace: %zu requests, %zu adapters\n", trace.requests.size(), trace.adapters.size());
    const std::string dir = std::filesystem::temp_directory_path().string();
    std::printf("%-9s %14s %14s %10s\n", "format", "write req/s", "read req/s", "MB");
    for (const char* format : { "csv", "jsonl", "mooncake", "guidellm", "burstgpt", "json", "slora" }) {
        const std::string path = dir + "/lorascope-bench." + format;
        double bestW = 1e9, bestR = 1e9;
        for (int rep = 0; rep < 3; ++rep) {
            const auto t0 = std::chrono::steady_clock::now();
            writeTrace(trace, path, format);
            const auto t1 = std::chrono::steady_clock::now();
            const Trace back = readTrace(path, format);
            const auto t2 = std::chrono::steady_clock::now();
            if (back.requests.size() != trace.requests.size()) {
                std::printf(
                    "%s: read back %zu requests, expected %zu\n", format, back.requests.size(), trace.requests.size());
                return 1;
            }
            bestW = std::min(bestW, seconds(t0, t1));
            bestR = std::min(bestR, seconds(t1, t2));
        }
        const double n = static_cast<double>(trace.requests.size());
        std::printf("%-9s %14.0f %14.0f %10.1f\n", format, n / bestW, n / bestR,
            static_cast<double>(std::filesystem::file_size(path)) / 1e6);
        std::filesystem::remove(path);
    }
    return 0;
}
