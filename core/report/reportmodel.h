// SPDX-License-Identifier: Apache-2.0
#pragma once
// The HTML reports of `lorascope-cli report` / `compare --html` and the desktop's File > Export
// Report: the data of each kind of report (core/report/reportdoc.h describes its shape) and the
// one self-contained page it goes into (data as JSON, the chart library and the page's script
// inlined; no network, fonts or files besides). Qt-free.

#include "report/reportdoc.h"
#include "report/reportinput.h"
#include "report/runcompare.h"

#include <string>

namespace lorascope {

struct ReportOptions {
    ReportLang lang = ReportLang::En;
    std::string commandLine; ///< how this report was made (shown under "what was run")
    std::size_t maxRequestRows = 20000; ///< per-request rows kept for download (evenly spaced; a note says so)
    std::size_t maxAdapterRows = 5000; ///< per-adapter table rows (the busiest)
    int timeBins = 300; ///< bins of the over-time charts
    int histogramBins = 60;
    std::size_t maxServerPoints = 1500; ///< per server-metric series (min/max envelope)
};

/// A replay run (with `run.preview` set: predicted vs observed as well).
nlohmann::json runReportData(const RunSource& run, const ReportOptions& options);
/// A trace previewed with the admission engine.
nlohmann::json previewReportData(const RunSource& preview, const ReportOptions& options);
/// A sweep file.
nlohmann::json sweepReportData(const SweepSource& sweep, const ReportOptions& options);
/// A comparison (`compare --html`), with the inputs for overlaid charts.
nlohmann::json compareReportData(const ResultComparison& comparison, const std::vector<const RunSource*>& runs,
    const std::vector<const SweepSource*>& sweeps, const ReportOptions& options);

/// The whole page.
std::string reportHtml(const nlohmann::json& data);
/// Writes the page atomically. Throws InputError naming the file.
void writeReportHtml(const std::string& path, const nlohmann::json& data);

} // namespace lorascope
