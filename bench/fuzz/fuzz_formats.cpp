// SPDX-License-Identifier: Apache-2.0
// libFuzzer target for the trace parsers (docs/formats.md, Fuzzing). Built by bench/fuzz/build.sh with Debian's
// clang (optional; the normal build never needs it). One binary per parser: the format name is
// compiled in (LORASCOPE_FUZZ_FORMAT). A parser may accept the input or throw InputError;
// anything else (another exception, a crash, a sanitizer report) is a finding.

#include "formats/traceio.h"
#include "util/error.h"

#include <cstddef>
#include <cstdint>
#include <sstream>
#include <string>

#ifndef LORASCOPE_FUZZ_FORMAT
#error "define LORASCOPE_FUZZ_FORMAT to a format name, e.g. \"csv\""
#endif

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    static const lorascope::TraceFormat* format = lorascope::findFormat(LORASCOPE_FUZZ_FORMAT);
    const std::string text(reinterpret_cast<const char*>(data), size);
    for (const bool skipBad : { false, true }) {
        std::istringstream in(text);
        lorascope::ReadOptions options;
        options.skipBad = skipBad;
        options.dropFailed = skipBad;
        lorascope::ReadReport report;
        try {
            const lorascope::Trace t = format->read(in, "fuzz", options, report);
            // Everything read must be writable again.
            std::ostringstream out;
            if (format->write)
                format->write(t, out);
        } catch (const lorascope::InputError&) {
        }
    }
    return 0;
}
