// SPDX-License-Identifier: Apache-2.0
// `calibrate --vllm-runs` and `validate --vllm-runs`: the vLLM 0.8.5 runs suite
// (calibrate/vllmruns.h, docs/costmodel.md).

#include "cli/vllmrunscmd.h"

#include "cli/commands.h"

#include "cli/args.h"
#include "cli/options.h"

#include "admission/costserving.h"
#include "analysis/numberformat.h"
#include "calibrate/vllmruns.h"
#include "util/atomicfile.h"
#include "util/error.h"
#include "util/fileio.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <exception>
#include <iostream>
#include <mutex>
#include <thread>

namespace lorascope::cli {

namespace {

/// The runs of the table that --group (a substring of the group, e.g. rank_32) and --model select.
std::vector<VllmRun> selectedRuns(const Args& a)
{
    std::vector<VllmRun> runs = readVllmRuns(*a.value("--vllm-runs"), a.value("--twin").value_or(""));
    const std::string group = a.value("--group").value_or(""), model = a.value("--model").value_or("");
    std::vector<VllmRun> out;
    for (VllmRun& r : runs)
        if (r.group.find(group) != std::string::npos && r.model.find(model) != std::string::npos)
            out.push_back(std::move(r));
    if (out.empty())
        throw UsageError("no run of " + *a.value("--vllm-runs") + " matches --group \"" + group + "\" and --model \""
            + model + "\"");
    return out;
}

/// Previews every run on `threads` threads (0 = one per core), each with its model's preset or `fixed`.
std::vector<VllmRunPrediction> predictAll(
    const std::vector<VllmRun>& runs, const CostModel* fixed, std::uint64_t seed, unsigned threads)
{
    std::vector<VllmRunPrediction> out(runs.size());
    std::vector<CostModel> models;
    for (const VllmRun& r : runs) {
        if (fixed)
            models.push_back(*fixed);
        else if (const CostModel* preset = findCostModel(vllmRunPreset(r)))
            models.push_back(*preset);
        else
            throw InputError(
                "no cost-model preset for model \"" + r.model + "\"; give --cost-model", r.source, r.line, "model");
    }
    std::atomic<std::size_t> next { 0 };
    // The first error of any thread (a run the generator refuses, memory) is rethrown after the join:
    // an exception leaving a std::thread would end the process.
    std::exception_ptr failure;
    std::mutex failureMutex;
    auto work = [&] {
        try {
            for (std::size_t i = next++; i < runs.size(); i = next++)
                out[i] = predictVllmRun(runs[i], models[i], seed);
        } catch (...) {
            next = runs.size();
            const std::lock_guard lock(failureMutex);
            if (!failure)
                failure = std::current_exception();
        }
    };
    if (threads == 0)
        threads = std::max(1u, std::thread::hardware_concurrency());
    std::vector<std::thread> pool;
    for (unsigned t = 1; t < threads; ++t)
        pool.emplace_back(work);
    work();
    for (std::thread& t : pool)
        t.join();
    if (failure)
        std::rethrow_exception(failure);
    return out;
}

} // namespace

bool hasVllmRuns(const std::vector<std::string>& args)
{
    for (const std::string& a : args)
        if (a == "--vllm-runs" || a.rfind("--vllm-runs=", 0) == 0)
            return true;
    return false;
}

int runValidateVllm(const std::vector<std::string>& argv)
{
    const Args a = parseArgs("validate", argv,
        { "--vllm-runs", "--twin", "--group", "--model", "--cost-model", "--seed", "--threads" }, { "--quiet" });
    if (!a.positional().empty())
        throw UsageError("unexpected argument \"" + a.positional().front() + "\"");
    const auto t0 = std::chrono::steady_clock::now();
    const std::vector<VllmRun> runs = selectedRuns(a);
    const auto given = a.value("--cost-model");
    const CostModel fixed = given ? loadCostModel(*given) : CostModel {};
    const auto predictions = predictAll(runs, given ? &fixed : nullptr,
        static_cast<std::uint64_t>(a.integer("--seed", 0)), static_cast<unsigned>(a.integer("--threads", 0)));
    const VllmValidation v = validateVllmRuns(runs, predictions);
    std::cout << v.text;
    std::size_t requests = 0;
    for (const VllmRunPrediction& p : predictions)
        requests += p.window.requests;
    std::cout << "\n"
              << runs.size() << " runs, " << requests << " requests previewed in "
              << formatPrintf("%.1f", std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count())
              << " s; cost models: " << (given ? fixed.name : std::string("each run's model preset")) << "\n";
    return kExitOk;
}

int runCalibrateVllm(const std::vector<std::string>& argv)
{
    const Args a = parseArgs(
        "calibrate", argv, { "--vllm-runs", "--twin", "--group", "--model", "--start", "--iterations", "-o" }, {});
    if (!a.positional().empty())
        throw UsageError("unexpected argument \"" + a.positional().front() + "\"");
    if (const auto out = a.value("-o")) {
        // Before any work: the cost model written must not replace a file this command reads.
        std::vector<NamedPath> inputs;
        for (const char* option : { "--vllm-runs", "--twin" })
            if (const auto in = a.value(option))
                inputs.push_back({ option, *in });
        if (const auto start = a.value("--start"); start && !findCostModel(*start))
            inputs.push_back({ "--start", *start });
        checkOutputs({ { "-o", *out } }, inputs);
        checkOutputFile(*out);
    }
    const std::vector<VllmRun> runs = selectedRuns(a);
    const std::string startName = a.value("--start").value_or(vllmRunPreset(runs.front()));
    for (const VllmRun& r : runs)
        if (vllmRunPreset(r) != vllmRunPreset(runs.front()) && !a.has("--start"))
            throw UsageError("the selected runs are of several models; select one with --model");
    const VllmFit analytic = fitVllmRuns(runs, loadCostModel(startName));
    const VllmFit fit = refineVllmFit(runs, analytic, static_cast<int>(a.integer("--iterations", 4)));
    const CostModel& c = fit.model;
    std::cout << "fitted on " << fit.fittedOn << "\n"
              << "base " << formatPrintf("%.17g", c.decodeBase) << " s, per_request "
              << formatPrintf("%.17g", c.decodePerRequest) << " s, per_context_token "
              << formatPrintf("%.17g", c.decodePerContextToken) << " s, per_adapter_rank "
              << formatPrintf("%.17g", c.perAdapterRank) << " s, per_prefill_token "
              << formatPrintf("%.17g", c.prefillPerToken) << " s\n";
    std::cout << "recipe (core/admission/costpresets.cpp): " << formatPrintf("%.17g", c.decodeBase) << ", "
              << formatPrintf("%.17g", c.decodePerRequest) << ", " << formatPrintf("%.17g", c.decodePerContextToken)
              << ", " << formatPrintf("%.17g", c.perAdapterRank) << ", " << formatPrintf("%.17g", c.prefillPerToken)
              << "\n";
    if (const auto out = a.value("-o")) {
        CostModel m = c;
        m.provenance.calibratedOn = { *a.value("--vllm-runs") + ": " + fit.fittedOn };
        saveCostModel(m, *out);
        std::cout << "wrote " << *out << "\n";
    }
    return kExitOk;
}

} // namespace lorascope::cli
