// SPDX-License-Identifier: Apache-2.0
// libFuzzer target for the replay target URL parser (core/replay/url.h), built by bench/fuzz/build.sh.
// The parser may accept or throw InputError; anything else is a finding, and so is an accepted
// URL that breaks an invariant: a host, a port 1–65535 in plain decimal, a base path that is
// empty or starts with '/' without a trailing '/', no '?', '#' or whitespace, and str() parsing
// back to the same parts.

#include "replay/url.h"
#include "util/error.h"

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const std::string text(reinterpret_cast<const char*>(data), size);
    try {
        auto t = lorascope::parseTargetUrl(text);
        if (t.host.empty() || t.port.empty() || t.port.size() > 5 || t.port[0] == '0')
            std::abort();
        const long port = std::strtol(t.port.c_str(), nullptr, 10);
        if (port < 1 || port > 65535)
            std::abort();
        if (!t.basePath.empty() && (t.basePath[0] != '/' || t.basePath.back() == '/'))
            std::abort();
        if (t.basePath.find_first_of("?# \t\r\n") != std::string::npos)
            std::abort();
        const auto again = lorascope::parseTargetUrl(t.str());
        if (again.host != t.host || again.port != t.port || again.basePath != t.basePath || again.tls != t.tls)
            std::abort();
        for (const char* path : { "/v1/completions", "/generate_stream", "/generate" }) {
            auto copy = t;
            lorascope::fitBasePathToBackend(copy, path);
            lorascope::parseTargetUrl(copy.str()); // still a valid URL
        }
    } catch (const lorascope::InputError&) {
    }
    return 0;
}
