// SPDX-License-Identifier: Apache-2.0
#pragma once
// Parts of the run report (runreport.cpp) that the preview and compare reports reuse.

#include "report/reportmodel.h"

namespace lorascope::runparts {

using report::json;

/// The headline metrics of a summary (summary.json keys, exactly as written; text at fixed digits).
json headlineItem(const nlohmann::json& summary, ReportLang lang);
/// Rate, tokens, latency over time and requests in flight; appends the bins to `timelineRows`.
void addTimeCharts(
    json& items, const std::vector<ReplayRecord>& records, const ReportOptions& options, json& timelineRows);
/// TTFT, TPOT and E2E histograms with the summary's median, p90 and p99 marked.
void addDistributionCharts(
    json& items, const std::vector<ReplayRecord>& records, const nlohmann::json& summary, const ReportOptions& options);
/// The server's running/waiting (with the preview's envelope when given), KV usage, resident adapters.
void addServerCharts(json& items, const std::vector<ServerSample>& samples, const AdmissionAnalysis* preview,
    double timeScale, const ReportOptions& options);
/// The sortable per-adapter table (from summary.json's per_adapter, loads from the scrapes).
json adapterTable(
    const nlohmann::json& summary, const std::vector<ServerSample>& samples, const ReportOptions& options);
/// Per-request rows for download (evenly spaced when there are more than maxRequestRows).
json requestTable(const std::vector<ReplayRecord>& records, const ReportOptions& options);

} // namespace lorascope::runparts
