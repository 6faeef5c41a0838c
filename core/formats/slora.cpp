// SPDX-License-Identifier: Apache-2.0
// S-LoRA's request list (benchmarks/trace.py Request fields) as one JSON document:
// {"config": {...}, "requests": [{req_id, model_dir, adapter_dir, prompt_len, output_len, req_time}]}.

#include "formats/readhelpers.h"
#include "formats/textscan.h"
#include "formats/traceio.h"

#include "util/error.h"
#include "util/version.h"
#include "workload/generator.h"

#include <nlohmann/json.hpp>

#include <algorithm>

namespace lorascope {

using nlohmann::json;
using readhelpers::checkLength;
using readhelpers::checkTime;
using readhelpers::parseWhole;
using textscan::AdapterIndex;

void writeSloraJson(const Trace& t, std::ostream& out)
{
    json head;
    head["source"] = "LoraScope " + std::string(kVersion) + " (S-LoRA benchmarks/trace.py Request fields)";
    if (t.spec) {
        const auto& s = *t.spec;
        head["config"] = { { "num_adapters", s.adapterCount }, { "alpha", s.popularity.alpha }, { "req_rate", s.rate },
            { "cv", s.arrival.cv }, { "duration", s.duration }, { "input_range", { s.input.lo, s.input.hi } },
            { "output_range", { s.output.lo, s.output.hi } }, { "seed", s.seed },
            { "generator", toString(s.generator) } };
    }
    std::string h = head.dump();
    h.pop_back();
    out << h << ",\"requests\":[\n";
    std::string line;
    std::string model;
    appendJsonString(model, t.baseModel);
    for (std::size_t i = 0; i < t.requests.size(); ++i) {
        const Request& r = t.requests[i];
        line.clear();
        line += "{\"req_id\":";
        appendNumber(line, t.idOf(i));
        line += ",\"model_dir\":" + model + ",\"adapter_dir\":";
        if (r.adapter == kNoAdapter)
            line += "null";
        else
            appendJsonString(line, t.adapters[r.adapter].name);
        line += ",\"prompt_len\":";
        appendNumber(line, static_cast<std::uint64_t>(r.inputLen));
        line += ",\"output_len\":";
        appendNumber(line, static_cast<std::uint64_t>(r.outputLen));
        line += ",\"req_time\":";
        appendTime(line, r.time);
        line += i + 1 < t.requests.size() ? "},\n" : "}\n";
        out.write(line.data(), static_cast<std::streamsize>(line.size()));
    }
    out << "]}\n";
}

/// Adapter indices beyond the spec's adapter limit are input errors, not a reason to allocate.
constexpr std::uint64_t kMaxSloraAdapters = kMaxAdapters;

Trace readSloraJson(std::istream& in, const std::string& file, const ReadOptions& options, ReadReport& report)
{
    const json j = parseWhole(in, file, "an S-LoRA request list: an object with a \"requests\" array");
    if (!j.is_object() || !j.contains("requests") || !j["requests"].is_array())
        throw InputError("expected an object with a \"requests\" array of S-LoRA requests", file, 1, "requests");
    Trace t;
    t.source = file;
    std::uint32_t numAdapters = 0;
    if (j.contains("config") && j["config"].is_object()) {
        const auto& c = j["config"];
        if (c.contains("num_adapters") && c["num_adapters"].is_number_unsigned())
            numAdapters = static_cast<std::uint32_t>(
                std::min<std::uint64_t>(c["num_adapters"].get<std::uint64_t>(), kMaxSloraAdapters));
        if (c.contains("duration") && c["duration"].is_number())
            t.duration = c["duration"].get<double>();
    }
    // adapter_index (S-LoRA's ind[i]) keeps the popularity order; adapter_dir names do not.
    bool byIndex = false;
    AdapterIndex index(t);
    std::vector<std::uint64_t> ids;
    bool idsAreIndex = true;
    const auto& reqs = j["requests"];
    for (std::size_t i = 0; i < reqs.size(); ++i) {
        try {
            const auto& o = reqs[i];
            const std::string where = "requests[" + std::to_string(i) + "].";
            if (!o.is_object())
                throw InputError(where + ": expected an object", file, 0);
            auto num = [&](const char* key) {
                if (!o.contains(key) || !o[key].is_number())
                    throw InputError(where + key + ": expected a number", file, 0, key);
                return o[key].get<double>();
            };
            Request r;
            r.time = checkTime(num("req_time"), "req_time", file, 0);
            r.inputLen = checkLength(num("prompt_len"), "prompt_len", file, 0);
            r.outputLen = checkLength(num("output_len"), "output_len", file, 0);
            if (o.contains("adapter_index") && o["adapter_index"].is_number_unsigned()) {
                const auto a64 = o["adapter_index"].get<std::uint64_t>();
                if (a64 >= kMaxSloraAdapters)
                    throw InputError(where + "adapter_index: expected an index below "
                            + std::to_string(kMaxSloraAdapters) + ", got " + std::to_string(a64),
                        file, 0, "adapter_index");
                const auto a = static_cast<std::uint32_t>(a64);
                while (t.adapters.size() <= a)
                    t.adapters.push_back({ "adapter-" + std::to_string(t.adapters.size()), 0 });
                r.adapter = a;
                byIndex = true;
            } else if (o.contains("adapter_dir") && o["adapter_dir"].is_string()) {
                r.adapter = index.lookup(o["adapter_dir"].get<std::string>(), 0);
            }
            if (o.contains("model_dir") && o["model_dir"].is_string())
                t.baseModel = o["model_dir"].get<std::string>();
            std::uint64_t id = t.requests.size();
            if (o.contains("req_id") && o["req_id"].is_number_unsigned())
                id = o["req_id"].get<std::uint64_t>();
            idsAreIndex = idsAreIndex && id == t.requests.size();
            ids.push_back(id);
            t.requests.push_back(r);
        } catch (const InputError& e) {
            if (!options.skipBad)
                throw;
            if (report.skipped++ == 0)
                report.firstSkipReason = e.what();
            idsAreIndex = false;
        }
    }
    t.adapterOrderKnown = byIndex || t.adapters.empty();
    while (byIndex && t.adapters.size() < numAdapters)
        t.adapters.push_back({ "adapter-" + std::to_string(t.adapters.size()), 0 });
    for (auto& a : t.adapters) {
        if (a.rank == 0) {
            try {
                a.rank = std::max(0, rankFromName(a.name));
            } catch (const InputError& e) {
                throw InputError(e.detail(), file, 0, "adapter_dir");
            }
        }
    }
    textscan::finishImport(t, ids, idsAreIndex);
    return t;
}

} // namespace lorascope
