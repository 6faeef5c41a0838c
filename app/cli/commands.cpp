// SPDX-License-Identifier: Apache-2.0
#include "cli/commands.h"

#include "cli/args.h"
#include "util/atomicfile.h"
#include "util/error.h"
#include "util/progress.h"
#include "util/version.h"

#include <nlohmann/json.hpp>

#include <iostream>

namespace lorascope::cli {

// The one table of subcommands, in the order `lorascope-cli --help` lists them.
const std::vector<Command>& commands()
{
    static const std::vector<Command> list = {
        { "generate", "generate a synthetic multi-adapter trace", kGenerateHelp, runGenerate },
        { "stats", "statistics of a trace file", kStatsHelp, runStats },
        { "simulate",
            "preview how S-LoRA, vLLM V1 or SGLang would admit and batch a trace (their schedulers, rule for rule)",
            kSimulateHelp, runSimulate },
        { "fleet",
            "preview a fleet of replicas behind a router (GIE, AIBrix, Dynamo, ...): where each request goes and why",
            kFleetHelp, runFleet },
        { "convert",
            "convert a trace between formats (LoraScope, S-LoRA, Mooncake, AIPerf, Azure, BurstGPT, vLLM, GuideLLM)",
            kConvertHelp, runConvert },
        { "fit", "fit a workload spec (rate, cv, alpha, lengths) to a trace, optionally at another scale", kFitHelp,
            runFit },
        { "replay", "replay a trace against a serving system and measure it", kReplayHelp, runReplay },
        { "merge", "merge the run folders of a sharded replay into one run (every request once, metrics recomputed)",
            kMergeHelp, runMerge },
        { "serve-sim", "run the simulated multi-LoRA server (every backend API) on loopback", kServeSimHelp,
            runServeSim },
        { "sweep", "sweep a parameter, find the SLO capacity, compare with S-LoRA's published runs", kSweepHelp,
            runSweep },
        { "calibrate", "fit a cost model to measured runs (S-LoRA's published results, replay run folders)",
            kCalibrateHelp, runCalibrate },
        { "validate", "compare a cost model's predictions with measured runs (MAPE per metric and file, worst runs)",
            kValidateHelp, runValidate },
        { "report", "write a self-contained HTML report of a run folder, a sweep or a trace's preview", kReportHelp,
            runReport },
        { "compare", "compare runs (or previews, or sweeps): every metric with its 95 % confidence interval; CI gates",
            kCompareHelp, runCompare },
    };
    return list;
}

std::string mainHelp()
{
    std::string out = "Usage: lorascope-cli COMMAND [OPTIONS]\n\n"
                      "Design, preview and replay multi-LoRA serving workloads from the command line.\n"
                      "The desktop application is `lorascope`; both use the same core.\n\n"
                      "Commands:\n";
    for (const auto& c : commands()) {
        std::string name = c.name;
        name.resize(12, ' ');
        out += "  " + name + c.summary + "\n";
    }
    out += "\nOptions:\n"
           "  --help       show this help; `lorascope-cli COMMAND --help` for a command\n"
           "  --version    print the version\n"
           "  --quiet      (every command) no progress or live line, no notes, no line about a file\n"
           "               written; it never hides a result: summaries, tables, verdicts, --json and\n"
           "               --explain are still printed, files still written, errors always shown\n\n"
           "Exit status: 0 success, 1 bad input or failure (the message names the file, line and field),\n"
           "2 usage error, 3 a CI gate failed (replay --fail-if, compare --fail-if-worse).\n";
    return out;
}

int runCli(const std::vector<std::string>& argv)
{
    if (argv.empty() || argv[0] == "--help" || argv[0] == "-h" || argv[0] == "help") {
        if (argv.size() >= 2) {
            for (const auto& c : commands())
                if (argv[1] == c.name) {
                    std::cout << c.help;
                    return kExitOk;
                }
        }
        std::cout << mainHelp();
        return argv.empty() ? kExitUsage : kExitOk;
    }
    if (argv[0] == "--version" || argv[0] == "-V") {
        std::cout << "lorascope-cli " << kVersion << "\n";
        return kExitOk;
    }
    for (const auto& c : commands()) {
        if (argv[0] != c.name)
            continue;
        std::vector<std::string> rest(argv.begin() + 1, argv.end());
        for (const auto& a : rest)
            if (a == "--help" || a == "-h") {
                std::cout << c.help;
                return kExitOk;
            }
        // Ctrl-C or a kill during a write removes the temporary output file (replay and serve-sim
        // install their own handlers: they stop cleanly and write their results).
        removeTempFilesOnSignals();
        try {
            return c.run(rest);
        } catch (const UsageError& e) {
            std::cerr << "lorascope-cli " << c.name << ": " << e.what() << "\n"
                      << "Try `lorascope-cli " << c.name << " --help`.\n";
            return kExitUsage;
        } catch (const InputError& e) {
            std::cerr << "lorascope-cli " << c.name << ": error: " << e.what() << "\n";
            return kExitInput;
        } catch (const Cancelled&) {
            std::cerr << "lorascope-cli " << c.name << ": cancelled\n";
            return kExitInput;
        } catch (const nlohmann::json::exception& e) {
            std::cerr << "lorascope-cli " << c.name << ": error: " << e.what() << "\n";
            return kExitInput;
        } catch (const std::bad_alloc&) {
            std::cerr << "lorascope-cli " << c.name << ": error: out of memory\n";
            return kExitInput;
        } catch (const std::exception& e) {
            std::cerr << "lorascope-cli " << c.name << ": error: " << e.what() << "\n";
            return kExitInput;
        }
    }
    std::cerr << "lorascope-cli: unknown command \"" << argv[0] << "\"\n\n" << mainHelp();
    return kExitUsage;
}

} // namespace lorascope::cli
