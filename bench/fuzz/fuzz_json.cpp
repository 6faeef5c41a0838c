// SPDX-License-Identifier: Apache-2.0
// libFuzzer target for the shared JSON reader (core/util/jsonread) and the spec reader on top of
// it: any input must parse or raise InputError with a short message; a parsed value's excerpt
// stays short; a valid spec survives a JSON round trip. Built by bench/fuzz/build.sh.

#include "util/error.h"
#include "util/jsonread.h"
#include "workload/spec.h"

#include <nlohmann/json.hpp>

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    try {
        const nlohmann::json j = lorascope::parseJson(text, "fuzz.json", 3);
        if (lorascope::jsonExcerpt(j).size() > 43
            || lorascope::jsonDepth(text, lorascope::kMaxJsonDepth) > lorascope::kMaxJsonDepth)
            __builtin_trap();
        const lorascope::WorkloadSpec spec = lorascope::specFromJson(j, "fuzz.json");
        if (lorascope::validate(spec).empty()) {
            const lorascope::WorkloadSpec again = lorascope::specFromJson(lorascope::toJson(spec), "again");
            if (!(again == spec))
                __builtin_trap();
        }
    } catch (const lorascope::InputError& e) {
        // Whatever the input, a message is a short line or two.
        if (std::strlen(e.what()) > 600)
            __builtin_trap();
    }
    return 0;
}
