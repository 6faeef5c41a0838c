// SPDX-License-Identifier: Apache-2.0
// libFuzzer target for the Prometheus text exposition parser and the server-metrics mapping
// (docs/replay.md, Server metrics), built by bench/fuzz/build.sh. Lenient parsing must never throw; strict parsing
// may throw InputError only; every sample kept must have a valid name and a family that lists
// it; series keys and the mapping must not crash.

#include "replay/prometheus.h"
#include "replay/servermap.h"
#include "util/error.h"

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    lorascope::PromParseOptions o;
    o.maxSamples = 5000;
    o.maxLabelValueBytes = 256;
    const auto t = lorascope::parsePrometheusText(text, o);
    for (std::size_t i = 0; i < t.samples.size(); ++i) {
        const auto& s = t.samples[i];
        if (s.name.empty() || s.family >= t.families.size())
            std::abort();
        bool listed = false;
        for (auto k : t.families[s.family].samples)
            listed |= k == i;
        if (!listed)
            std::abort();
        for (const auto& [k, v] : s.labels)
            if (k.empty() || v.size() > o.maxLabelValueBytes)
                std::abort();
        (void)lorascope::promSeriesKey(s);
    }
    const auto mapped = lorascope::mapServerMetrics(t);
    (void)lorascope::serverSampleFromJson(lorascope::serverSampleToJson(mapped));
    o.strict = true;
    try {
        (void)lorascope::parsePrometheusText(text, o);
    } catch (const lorascope::InputError&) {
    }
    return 0;
}
