// SPDX-License-Identifier: Apache-2.0
#pragma once
// A complete parser of the Prometheus text exposition format (version 0.0.4, what /metrics of
// vLLM, SGLang, TGI, LoRAX and Prometheus itself serve), tolerant of OpenMetrics additions:
// `# HELP` / `# TYPE` / `# UNIT` / `# EOF`, comments, escaped label values (\\ \" \n) and HELP
// text (\\ \n), histograms (`_bucket` with `le`, `_sum`, `_count`) and summaries (`quantile`),
// `+Inf` / `-Inf` / `NaN`, millisecond timestamps, exemplars (`# {labels} value [ts]`, read and
// dropped), trailing commas in label sets, CRLF line ends. Plain C++, no I/O.

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace lorascope {

enum class PromType { Untyped, Counter, Gauge, Histogram, Summary, GaugeHistogram, Info, StateSet };
const char* promTypeName(PromType type);

/// One sample line.
struct PromSample {
    std::string name; ///< the sample's own name (e.g. "x_bucket")
    std::vector<std::pair<std::string, std::string>> labels; ///< in the order given, values unescaped
    double value = 0;
    std::optional<std::int64_t> timestampMs;
    std::size_t line = 0; ///< 1-based line in the text
    std::size_t family = 0; ///< index into PromText::families

    /// The value of label `name`, or nullptr.
    const std::string* label(std::string_view name) const;
};

/// A metric family: the samples under one name and TYPE (a histogram's _bucket/_sum/_count, a
/// summary's quantiles/_sum/_count belong to their family).
struct PromFamily {
    std::string name;
    PromType type = PromType::Untyped;
    std::string help; ///< unescaped
    std::string unit; ///< OpenMetrics `# UNIT`
    std::vector<std::size_t> samples; ///< indices into PromText::samples
};

/// A line that could not be read.
struct PromError {
    std::size_t line = 0;
    std::string message;
};

struct PromText {
    std::vector<PromFamily> families;
    std::vector<PromSample> samples;
    std::vector<PromError> errors; ///< lenient mode: the lines left out (at most maxErrors kept)
    std::size_t errorCount = 0; ///< all errors, also those not kept
    std::size_t droppedSamples = 0; ///< samples over maxSamples, not kept
    std::size_t truncatedLabels = 0; ///< label values cut to maxLabelValueBytes

    /// The first family of that name, or nullptr.
    const PromFamily* family(std::string_view name) const;
};

struct PromParseOptions {
    /// true: the first bad line throws InputError (its line and what is wrong), as `promtool`
    /// would refuse the page; false: bad lines are skipped and listed in `errors`.
    bool strict = false;
    std::size_t maxSamples = 200000; ///< more are counted in droppedSamples, not kept
    std::size_t maxLabelValueBytes = 1 << 20; ///< longer values are cut (counted in truncatedLabels)
    std::size_t maxErrors = 20;
    std::string source = "metrics"; ///< named in errors (a URL or a file)
};

/// Parses exposition text. Strict mode throws InputError naming the source, the line and the
/// problem; lenient mode never throws for bad text.
PromText parsePrometheusText(std::string_view text, const PromParseOptions& options = {});

/// `name{a="x",b="y"}` with labels sorted by name and values escaped as in the format: one key
/// per series, the way Prometheus identifies a series.
std::string promSeriesKey(const PromSample& sample);

/// A value as the text format writes it ("+Inf", "-Inf", "NaN", else shortest round-trip).
std::string promFormatValue(double value);

} // namespace lorascope
