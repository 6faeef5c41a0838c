// SPDX-License-Identifier: Apache-2.0
#include "cli/options.h"

#include "admission/schedulerconfig.h"
#include "workload/spec.h"

#include <charconv>
#include <cmath>
#include <cstdio>
#include <limits>
#include <sstream>

namespace lorascope::cli {

namespace {

// Limits shared by many options. Every duration a server, client or simulation waits is at most
// a million seconds (11.6 days): longer is no benchmark, and timers stay far from overflowing.
constexpr double kMaxSeconds = 1e6;
constexpr double kMaxMs = kMaxSeconds * 1e3;
constexpr std::int64_t kMaxTokens = kMaxServerSize; ///< token budgets (KV slots, batch tokens)
constexpr std::int64_t kMaxTokenCount = 4'294'967'295; ///< one request's tokens (32-bit, as the trace formats)
constexpr std::int64_t kMaxCount = 1'000'000'000; ///< requests, steps
constexpr std::int64_t kMaxSeed = std::numeric_limits<std::int64_t>::max();
constexpr double kHuge = std::numeric_limits<double>::max();

OptionSpec integer(const char* flag, std::int64_t lo, std::int64_t hi, const char* unit = "",
    const char* zero = nullptr, const char* commands = nullptr)
{
    return { flag, commands, true, lo, hi, 0, 0, false, unit, zero };
}

OptionSpec number(const char* flag, double lo, double hi, bool loExclusive, const char* unit = "",
    const char* zero = nullptr, const char* commands = nullptr)
{
    return { flag, commands, false, 0, 0, lo, hi, loExclusive, unit, zero };
}

bool listed(const char* commands, const std::string& command)
{
    std::istringstream in(commands);
    std::string c;
    while (in >> c)
        if (c == command)
            return true;
    return false;
}

/// Numbers in messages: integers without exponent, others in their shortest form.
std::string show(double v)
{
    if (std::isfinite(v) && std::floor(v) == v && std::abs(v) < 1e15) {
        char buf[32];
        std::snprintf(buf, sizeof buf, "%.0f", v);
        return buf;
    }
    char buf[32];
    auto res = std::to_chars(buf, buf + sizeof buf, v);
    return std::string(buf, res.ptr);
}

std::string withUnit(const std::string& number, const char* unit)
{
    return unit && *unit ? number + " " + unit : number;
}

} // namespace

const std::vector<OptionSpec>& optionTable()
{
    static const std::vector<OptionSpec> table = {
        // workload (generate; fit rescales)
        integer("--adapters", 0, kMaxAdapters, "adapters", "0 = base model only", "generate sweep"),
        integer("--adapters", 1, kMaxAdapters, "adapters", nullptr, "fit"),
        number("--rate", 0, 1e9, true, "requests/s"),
        number("--duration", 0, 1e9, true, "s", nullptr, "generate fit sweep"),
        number("--alpha", 0, kHuge, true),
        number("--cv", kMinArrivalCv, kMaxArrivalCv, false),
        integer("--seed", 0, kMaxSeed),
        // stats, simulate, serve-sim: S-LoRA's limits
        integer("--max-total-token-num", 1, kMaxTokens, "tokens"),
        integer("--batch-max-tokens", 0, kMaxTokens, "tokens",
            "0 = derived: max(max_total_token_num/6, max_req_total_len)"),
        integer("--running-max-req-size", 1, kMaxCount, "requests"),
        integer("--max-req-total-len", 1, 2 * kMaxTokenCount, "tokens"),
        integer("--max-req-input-len", 1, kMaxTokenCount, "tokens"),
        integer("--max-wait-tokens", 0, kMaxCount, "decode steps"),
        // vLLM V1's (cli/schedulerargs.cpp; vLLM's own checks of their combination in admission/vllmconfig.cpp)
        integer("--max-num-seqs", 1, kMaxCount, "requests"),
        integer("--max-num-batched-tokens", 0, kMaxTokens, "tokens",
            "0 = vLLM's default: 2048, or max_model_len without chunked prefill"),
        integer("--max-model-len", 1, 2 * kMaxTokenCount, "tokens"),
        integer("--long-prefill-token-threshold", 0, kMaxTokens, "tokens", "0 = no limit"),
        integer("--num-gpu-blocks", 2, kMaxTokens, "blocks"),
        integer("--block-size", 1, kMaxBlockSize, "tokens"),
        integer("--max-loras", 1, kMaxAdapters, "adapters"),
        integer("--max-cpu-loras", 0, kMaxAdapters, "adapters", "0 = max_loras"),
        integer("--max-lora-rank", 1, 512),
        // SGLang's (cli/schedulerargs.cpp; SGLang's own checks of their combination in admission/sglangconfig.cpp)
        integer("--context-length", 1, 2 * kMaxTokenCount, "tokens"),
        integer("--max-running-requests", 1, kMaxCount, "requests"),
        integer("--chunked-prefill-size", -1, kMaxTokens, "tokens", "-1 or 0 = chunked prefill off"),
        integer("--max-prefill-tokens", 1, kMaxTokens, "tokens"),
        number("--schedule-conservativeness", 0, 1e6, false),
        integer("--max-loras-per-batch", 1, kMaxAdapters, "adapters"),
        integer("--max-loaded-loras", 1, kMaxAdapters, "adapters"),
        integer("--top", 0, kMaxAdapters, "adapters"),
        integer("--num-token", 1, kMaxTokens, "tokens"),
        // fleet
        integer("--replicas", 1, 4096, "replicas", nullptr, "fleet sweep serve-sim"),
        integer("--gpus-per-replica", 1, 1024, "GPUs"),
        number("--staleness", 0, 1e9, false, "ms (ticks with --clock steps)", "0 = perfect information"),
        integer("--replicas-per-adapter", 1, 4096, "replicas"),
        integer("--explain", 0, 1'000'000'000, "requests"),
        // import (convert, fit)
        integer("--assign-adapters", 1, kMaxAdapters, "adapters"),
        number("--assign-alpha", 0, kHuge, true),
        number("--assign-zipf", 0, kHuge, false),
        integer("--assign-seed", 0, kMaxSeed),
        integer("--rate-bins", 1, 100000, "bins"),
        // replay
        number("--time-scale", 1e-6, 1e6, false),
        integer("--max-concurrency", 1, 1'000'000, "requests"),
        number("--warmup", 0, 1e9, false, "s"),
        number("--cooldown", 0, 1e9, false, "s"),
        number("--timeout", 0, kMaxSeconds, false, "s", "0 = none"),
        number("--first-token-timeout", 0, kMaxSeconds, false, "s", "0 = none"),
        number("--start-at", 0, kHuge, false), // seconds since 1970; the replay names milliseconds given by mistake
        number("--start-tolerance", 0, 3600, false, "s"),
        number("--metrics-interval", 0.05, 3600, false, "s"),
        number("--metrics-timeout", 0, 3600, false, "s", "0 = max(interval, 1 s)"),
        integer("--metrics-port", 0, 65535, "", "0 = any free port"),
        number("--metrics-linger", 0, 3600, false, "s"),
        // sweep, calibrate, validate
        integer("--points", 1, 1000, "points"),
        integer("--max-evaluations", 2, 1'000'000, "points", nullptr, "sweep"),
        integer("--max-evaluations", 1, kMaxCount, "evaluations", nullptr, "calibrate"),
        number("--saturation-ratio", 0, 1, true),
        integer("--threads", 0, 1024, "threads", "0 = one per core", "sweep calibrate validate"),
        integer("--worst", 0, 1'000'000, "rows"),
        // report, compare
        integer("--max-request-rows", 0, 10'000'000, "rows"),
        integer("--resamples", 200, 100000, "resamples"),
        integer("--per-adapter", 0, kMaxAdapters, "adapters", "0 = none", "compare"),
        number("--window", 0, kMaxSeconds, true, "s", nullptr, "simulate"),
        integer("--iterations", 0, 100, "steps", nullptr, "calibrate"),
        // serve-sim
        integer("--port", 0, 65535, "", "0 = any free port"),
        number("--speed", 1e-3, 1e6, false, "(times real time)"),
        number("--token-ms", 0, kMaxMs, false, "ms"),
        number("--first-token-ms", 0, kMaxMs, false, "ms"),
        integer("--adapter-rank", 1, 65536),
        integer("--threads", 0, 64, "threads", "0 = one per core, 2 to 4", "serve-sim"),
        number("--keep-alive-s", 0, kMaxSeconds, false, "s", "0 = never close"),
        number("--duration", 0, kMaxSeconds, false, "s", "0 = until stopped", "serve-sim"),
        number("--error-rate", 0, 1, false),
        integer("--error-status", 400, 599),
        number("--disconnect-rate", 0, 1, false),
        number("--stall-rate", 0, 1, false),
        number("--stall-seconds", 0, kMaxSeconds, false, "s"),
        number("--malformed-rate", 0, 1, false),
        number("--slow-first-byte-rate", 0, 1, false),
        number("--slow-first-byte-ms", 0, kMaxMs, false, "ms"),
        integer("--fault-seed", 0, kMaxSeed),
    };
    return table;
}

const OptionSpec* findOption(const std::string& command, const std::string& flag)
{
    const OptionSpec* general = nullptr;
    for (const auto& o : optionTable()) {
        if (flag != o.flag)
            continue;
        if (o.commands && listed(o.commands, command))
            return &o;
        if (!o.commands && !general)
            general = &o;
    }
    return general;
}

std::vector<std::pair<std::string, std::string>> optionAliases(const std::string& command)
{
    std::vector<std::pair<std::string, std::string>> out;
    // Where a trace is read, --from and --format name its format (convert documented --from,
    // the others --format); generate and convert name the output format --to as well.
    if (listed("stats simulate fleet convert fit replay report compare", command))
        out.emplace_back("--from", "--format");
    if (command == "generate")
        out.emplace_back("--to", "--format");
    // Where a scheduler runs (cli/schedulerargs.h): S-LoRA spells its KV limit --max-total-token-num
    // (sweep and calibrate had --max-total-tokens); vLLM spells two of its flags differently.
    if (listed("simulate fleet serve-sim sweep calibrate validate", command)) {
        out.emplace_back("--max-total-tokens", "--max-total-token-num");
        out.emplace_back("--num-gpu-blocks-override", "--num-gpu-blocks");
        out.emplace_back("--no-enable-chunked-prefill", "--no-chunked-prefill");
    }
    // serve-sim's adapters loaded at start: vLLM spells it --lora-modules, SGLang --lora-paths.
    if (command == "serve-sim")
        out.emplace_back("--lora-paths", "--lora-modules");
    return out;
}

void checkOptionValue(const OptionSpec& o, const std::string& flag, const std::string& value)
{
    const char* b = value.data();
    const char* e = b + value.size();
    std::string range;
    bool ok = false;
    std::string got = value.size() > 40 ? value.substr(0, 40) + "..." : value;
    if (o.integer) {
        std::int64_t v = 0;
        const auto res = std::from_chars(b, e, v);
        if (res.ptr != e || b == e || (res.ec != std::errc() && res.ec != std::errc::result_out_of_range))
            throw UsageError(flag + " expects an integer (got \"" + got + "\")");
        ok = res.ec == std::errc() && v >= o.imin && v <= o.imax;
        range = "an integer from " + std::to_string(o.imin) + " to " + withUnit(std::to_string(o.imax), o.unit);
    } else {
        double v = 0;
        const auto res = std::from_chars(b, e, v);
        if (res.ptr != e || b == e || (res.ec != std::errc() && res.ec != std::errc::result_out_of_range)
            || std::isnan(v))
            throw UsageError(flag + " expects a number (got \"" + got + "\")");
        // from_chars reports values beyond the double range (1e400, 1e-400) as out of range.
        ok = res.ec == std::errc() && std::isfinite(v) && (o.minExclusive ? v > o.min : v >= o.min) && v <= o.max;
        if (o.max >= kHuge)
            range = o.minExclusive ? "> " + show(o.min) : ">= " + show(o.min);
        else if (o.minExclusive)
            range = "> " + show(o.min) + " and at most " + withUnit(show(o.max), o.unit);
        else
            range = "from " + show(o.min) + " to " + withUnit(show(o.max), o.unit);
    }
    if (!ok)
        throw UsageError(flag + " must be " + range + (o.zero ? std::string(" (") + o.zero + ")" : std::string())
            + " (got " + got + ")");
}

Args parseArgs(const std::string& command, const std::vector<std::string>& argv, std::vector<std::string> valueFlags,
    std::vector<std::string> boolFlags)
{
    const auto aliases = optionAliases(command);
    for (const auto& [alias, canonical] : aliases) {
        for (const auto& f : std::vector<std::string>(valueFlags))
            if (f == canonical)
                valueFlags.push_back(alias);
        for (const auto& f : std::vector<std::string>(boolFlags))
            if (f == canonical)
                boolFlags.push_back(alias);
    }
    Args a(argv, std::move(valueFlags), std::move(boolFlags), aliases);
    for (const auto& [flag, value] : a.values())
        if (const OptionSpec* o = findOption(command, flag))
            checkOptionValue(*o, a.spelling(flag), value);
    return a;
}

} // namespace lorascope::cli
