// SPDX-License-Identifier: Apache-2.0
#pragma once
// SLO gates for CI: `replay … --fail-if 'p99_ttft_ms>500,request_goodput<4'` (a run's summary
// against fixed bounds) and `compare A B --fail-if-worse 'p99_e2el_ms:5%'` (B against A, with the
// comparison's confidence interval), their results as text and as a JUnit XML file that CI
// systems display. Metric names are the summary.json keys of core/report/metricinfo.h. Qt-free.

#include "report/metricinfo.h"

#include <nlohmann/json.hpp>

#include <optional>
#include <string>
#include <vector>

namespace lorascope {

/// One `--fail-if` condition: the gate fails when `metric op bound` holds.
struct Gate {
    enum class Op { Greater, GreaterEqual, Less, LessEqual };
    std::string metric;
    Op op = Op::Greater;
    double bound = 0;
    std::string text; ///< as given, e.g. "p99_ttft_ms>500"
};

/// One `--fail-if-worse` condition: fails when the later run is worse than the first by more than
/// `tolerance` (relative: a fraction, 0.05 for "5%"; absolute: in the metric's unit) and the
/// difference is significant (its 95 % confidence interval excludes zero; metrics without an
/// interval compare the values alone).
struct WorseGate {
    std::string metric;
    double tolerance = 0;
    bool relative = true;
    std::string text; ///< as given, e.g. "p99_e2el_ms:5%"
};

/// What a gate found.
struct GateResult {
    std::string name; ///< the condition as given (and the run it was checked on, for compare)
    std::string metric;
    std::optional<double> value; ///< the measured value (absent: the summary has no such number)
    double bound = 0; ///< the bound it was checked against (for a worse gate: the allowed value)
    bool failed = false;
    std::string message; ///< one line: "p99_ttft_ms = 612.3 ms > 500 ms" or why it could not be checked
};

/// Parses a comma-separated list of conditions "METRIC>X", "METRIC<X", ">=" and "<=" (X in the
/// metric's unit). Throws InputError with field `flag` naming the unknown metric or the malformed item.
std::vector<Gate> parseGates(const std::string& text, const std::string& flag = "--fail-if");
/// Parses "METRIC:5%" (relative) or "METRIC:20" (absolute, in the metric's unit), comma separated.
std::vector<WorseGate> parseWorseGates(const std::string& text, const std::string& flag = "--fail-if-worse");

/// Checks each gate against a summary (summary.json). A metric the summary does not have (e.g.
/// request_goodput of a run without --slo) fails its gate, with a message saying why.
std::vector<GateResult> checkGates(const std::vector<Gate>& gates, const nlohmann::json& summary);

/// The one-line message of each failed gate, for stderr.
std::vector<std::string> failedGateLines(const std::vector<GateResult>& results);

/// JUnit XML with one test case per gate (failures carry the message). `suite` names the test suite.
std::string junitXml(const std::string& suite, const std::vector<GateResult>& results, double seconds = 0);
/// Writes junitXml atomically. Throws InputError naming the file.
void writeJunit(
    const std::string& path, const std::string& suite, const std::vector<GateResult>& results, double seconds = 0);

/// A number as gate messages show it: up to 6 significant digits, plus the unit ("612.3 ms").
std::string gateNumber(double value, const char* unit);

} // namespace lorascope
