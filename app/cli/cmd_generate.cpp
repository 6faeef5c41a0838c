// SPDX-License-Identifier: Apache-2.0
#include "cli/args.h"
#include "cli/commands.h"
#include "cli/options.h"
#include "cli/progress.h"
#include "cli/specargs.h"

#include "formats/traceio.h"
#include "util/atomicfile.h"
#include "util/error.h"
#include "util/fileio.h"
#include "workload/generator.h"
#include "workload/presets.h"

#include <nlohmann/json.hpp>

#include <iostream>

namespace lorascope::cli {

const char* const kGenerateHelp = R"(Usage: lorascope-cli generate (--spec FILE | --preset NAME) [OPTIONS] -o FILE

Generate a synthetic multi-adapter trace and write it to FILE. The format follows the extension:
  .jsonl        LoraScope JSON Lines: a header line {schemaVersion, spec, tool version},
                then one request a line {id, time_s, adapter, rank, input_len, output_len}
  .json         the same as one JSON object
  .csv          header id,time_s,adapter,rank,input_len,output_len (adapter = adapter name)
  .slora.json   S-LoRA requests (req_id, model_dir, adapter_dir, prompt_len, output_len, req_time)
The file is written to a temporary name and renamed, so a failure never leaves half a file.

Options:
  --spec FILE            workload spec (JSON, or a LoraScope session file)
  --preset NAME          S1..S6, Real, an S-LoRA paper suite such as a10g-alpha or a100-80-S4-cv
                         (the suite's first combination; override it with the flags below), or a
                         traffic shape with sessions and shared prefixes: chat, agent, rag
                         (docs/workload.md; their settings are in the spec: --print-spec)
  --generator NAME       per-adapter (default: each adapter its own stationary Gamma process)
                         or slora (bit-exact S-LoRA benchmarks/trace.py generate_requests)
  --adapters N           number of adapters n, 0 to 100000 (0 = base model only)
  --rate R               total request rate, requests/s
  --alpha A              popularity skew: adapter i gets ((i+1)/n)^A - (i/n)^A of the traffic
  --cv CV                coefficient of variation of inter-arrival gaps, 0.001 to 100 (1 = Poisson)
  --duration S           trace length, seconds
  --seed N               random seed (same seed, same trace, on every platform)
  --input-range LO,HI    input lengths uniform in [LO, HI) (HI exclusive, as S-LoRA)
  --output-range LO,HI   output lengths uniform in [LO, HI)
  --popularity KIND      power, zipf, uniform, distinct, uniform-groups, identical
  --arrival KIND         gamma, poisson, constant (on-off and schedule need a spec file)
  -o, --output FILE      where to write the trace
  --format, --to NAME    override the format chosen by extension (jsonl, json, csv, slora, ...)
  --print-spec           print the effective spec as JSON and exit
  --quiet                no progress or summary on stderr
  --list-presets         list presets and paper suites

Exit status: 0 success, 1 bad input (file, line and field named), 2 usage error.
)";

namespace {

void listPresets()
{
    std::cout << "Presets (adapter sets):\n";
    for (const auto& p : presets())
        std::cout << "  " << p.name << std::string(p.name.size() < 26 ? 26 - p.name.size() : 1, ' ') << p.description
                  << "\n";
    std::cout << "S-LoRA paper suites (first value of each sweep is used):\n";
    for (const auto& s : scenarios())
        std::cout << "  " << s.name << std::string(s.name.size() < 26 ? 26 - s.name.size() : 1, ' ') << s.description
                  << " (" << s.preset << ")\n";
    std::cout << "Traffic with sessions and shared prefixes:\n";
    for (const auto& s : trafficPresets())
        std::cout << "  " << s.name << std::string(s.name.size() < 26 ? 26 - s.name.size() : 1, ' ') << s.description
                  << " (" << s.preset << ")\n";
}

} // namespace

/// Builds the spec from --spec/--preset and the override flags (shared with other commands).
WorkloadSpec specFromArgs(const Args& a)
{
    if (a.value("--spec") && a.value("--preset"))
        throw UsageError("give either --spec or --preset, not both");
    WorkloadSpec spec;
    if (auto f = a.value("--spec")) {
        spec = loadSpecFile(*f);
    } else if (auto p = a.value("--preset")) {
        try {
            spec = specForPreset(*p);
        } catch (const InputError& e) {
            throw UsageError(std::string("--preset: ") + e.what());
        }
    }
    return specFromArgs(a, std::move(spec));
}

WorkloadSpec specFromArgs(const Args& a, WorkloadSpec spec)
{
    if (auto g = a.value("--generator")) {
        auto kind = generatorKindFromString(*g);
        if (!kind)
            throw UsageError("--generator must be per-adapter or slora (got \"" + *g + "\")");
        spec.generator = *kind;
    }
    if (auto p = a.value("--popularity")) {
        auto kind = popularityKindFromString(*p);
        if (!kind)
            throw UsageError("--popularity: unknown kind \"" + *p + "\"");
        spec.popularity.kind = *kind;
    }
    if (auto k = a.value("--arrival")) {
        auto kind = arrivalKindFromString(*k);
        if (!kind)
            throw UsageError("--arrival: unknown kind \"" + *k + "\"");
        spec.arrival.kind = *kind;
    }
    if (a.has("--adapters")) // range checked by parseArgs (cli/options.cpp)
        spec.adapterCount = static_cast<std::uint32_t>(a.integer("--adapters", 0));
    spec.rate = a.number("--rate", spec.rate);
    spec.popularity.alpha = a.number("--alpha", spec.popularity.alpha);
    spec.arrival.cv = a.number("--cv", spec.arrival.cv);
    spec.duration = a.number("--duration", spec.duration);
    if (a.has("--seed"))
        spec.seed = static_cast<std::uint64_t>(a.integer("--seed", 0));
    if (auto r = a.range("--input-range")) {
        spec.input.lo = r->first;
        spec.input.hi = r->second;
    }
    if (auto r = a.range("--output-range")) {
        spec.output.lo = r->first;
        spec.output.hi = r->second;
    }
    // Validation messages name the spec field; when a flag set it, name the flag (a usage error),
    // else the spec file.
    const auto issues = validate(spec);
    if (!issues.empty()) {
        const auto& issue = issues.front();
        static const std::pair<const char*, const char*> kFlagOf[] = { { "adapters.count", "--adapters" },
            { "rate", "--rate" }, { "popularity.alpha", "--alpha" }, { "popularity.kind", "--popularity" },
            { "arrival.cv", "--cv" }, { "arrival.kind", "--arrival" }, { "duration", "--duration" },
            { "seed", "--seed" }, { "input.", "--input-range" }, { "output.", "--output-range" } };
        for (const auto& [field, flag] : kFlagOf)
            if (issue.field.rfind(field, 0) == 0 && a.has(flag))
                throw UsageError(a.spelling(flag) + ": " + issue.message);
        throw InputError(issue.message, a.value("--spec").value_or(""), 0, issue.field);
    }
    return spec;
}

int runGenerate(const std::vector<std::string>& argv)
{
    const Args a = parseArgs("generate", argv,
        { "--spec", "--preset", "--generator", "--adapters", "--rate", "--alpha", "--cv", "--duration", "--seed",
            "--input-range", "--output-range", "--popularity", "--arrival", "-o", "--output", "--format" },
        { "--quiet", "--print-spec", "--list-presets" });
    if (a.has("--list-presets")) {
        listPresets();
        return kExitOk;
    }
    if (!a.positional().empty())
        throw UsageError("unexpected argument \"" + a.positional().front() + "\"");
    const WorkloadSpec spec = specFromArgs(a);
    if (a.has("--print-spec")) {
        std::cout << toJson(spec).dump(2) << "\n";
        return kExitOk;
    }
    if (a.has("-o") && a.has("--output"))
        throw UsageError("give -o or --output, not both");
    auto out = a.value("-o");
    if (!out)
        out = a.value("--output");
    if (!out || out->empty())
        throw UsageError("missing -o FILE (where to write the trace)");
    const std::string format = a.value("--format").value_or("");
    // Fail on an unknown format before doing the work.
    const TraceFormat* target = format.empty() ? formatForPath(*out) : findFormat(format);
    if (!target)
        throw UsageError((format.empty() ? "cannot tell the format of \"" + *out + "\" from its extension"
                                         : "unknown " + a.spelling("--format") + " \"" + format + "\"")
            + "; use one of: " + formatNames(true));
    if (!target->write)
        throw UsageError("the " + target->name + " format cannot be written; use one of: " + formatNames(true));

    // Before the work: the output must not be the spec file, nor read-only or a directory.
    checkOutputs({ { a.has("-o") ? "-o" : "--output", *out } }, { { "--spec", a.value("--spec").value_or("") } });
    checkOutputFile(*out);

    const bool quiet = a.has("--quiet");
    TerminalProgress progress("generating", quiet);
    const Trace trace = generate(spec, progress.sink());
    progress.done();
    writeTrace(trace, *out, format);
    if (!quiet)
        std::cerr << "wrote " << trace.requests.size() << " requests (" << toString(spec.generator)
                  << ", n=" << spec.adapterCount << ") to " << *out << "\n";
    return kExitOk;
}

} // namespace lorascope::cli
