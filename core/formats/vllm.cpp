// SPDX-License-Identifier: Apache-2.0
// vLLM benchmarks "custom" dataset JSONL (vllm bench serve --dataset-name custom): one line per
// request, {"prompt": text, "output_tokens": n}. The prompt is synthetic text of the request's
// input length in the style S-LoRA's benchmarks use ("Hello " repeated), so it tokenizes to about
// that many tokens with LLaMA-style tokenizers. Export only: the format has no arrival times or
// adapters (vLLM's bench picks the schedule and LoRA adapters itself).

#include "formats/textscan.h"
#include "formats/traceio.h"

namespace lorascope {

void writeVllmCustom(const Trace& t, std::ostream& out)
{
    textscan::BlockWriter w(out);
    std::string& s = w.text();
    for (const Request& r : t.requests) {
        s += "{\"prompt\": \"";
        for (std::uint32_t k = 0; k < r.inputLen; ++k)
            s += "Hello ";
        s += "\", \"output_tokens\": ";
        appendNumber(s, static_cast<std::uint64_t>(r.outputLen));
        s += "}\n";
        w.maybeFlush();
    }
}

} // namespace lorascope
