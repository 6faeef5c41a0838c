// SPDX-License-Identifier: Apache-2.0
// libFuzzer target for serve-sim's request handling (docs/replay.md, Simulated server, Bad input): HTTP/1.x parsing with the server's limits and refusal
// rules, and every generation endpoint's body validation. Built by bench/fuzz/build.sh; the checks are in
// servesim_input.h, shared with the corpus replay test.

#include "servesim_input.h"

#include <cstdio>
#include <cstdlib>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const std::string broke
        = lorascope::fuzz::checkServeSimInput(std::string_view(reinterpret_cast<const char*>(data), size));
    if (!broke.empty()) {
        std::fprintf(stderr, "serve-sim input rule broken: %s\n", broke.c_str());
        std::abort();
    }
    return 0;
}
