// SPDX-License-Identifier: Apache-2.0
// vLLM benchmarks "custom" dataset JSONL (vllm bench serve --dataset-name custom): one line per
// request, {"prompt": text, "output_tokens": n}. The prompt is LoraScope's synthetic text
// (workload/prompttext.h): n one-token words for n input tokens, and shared only where the trace
// declares it (system prompts, shared documents, a session's history with synthetic answers), so
// vLLM's prefix cache sees the designed workload. The seed is the trace's (0 without a spec).
// Export only: the format has no arrival times or adapters (vLLM's bench picks the schedule and
// LoRA adapters itself).

#include "formats/textscan.h"
#include "formats/traceio.h"
#include "workload/prompttext.h"

namespace lorascope {

void writeVllmCustom(const Trace& t, std::ostream& out)
{
    textscan::BlockWriter w(out);
    std::string& s = w.text();
    const std::uint64_t seed = t.spec ? t.spec->seed : 0;
    for (std::size_t i = 0; i < t.requests.size(); ++i) {
        s += "{\"prompt\": ";
        appendJsonString(s, promptText(t, i, seed));
        s += ", \"output_tokens\": ";
        appendNumber(s, static_cast<std::uint64_t>(t.requests[i].outputLen));
        s += "}\n";
        w.maybeFlush();
    }
}

} // namespace lorascope
