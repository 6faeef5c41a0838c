// SPDX-License-Identifier: Apache-2.0
#pragma once
// The words of LoraScope's HTML reports and of `compare`'s verdicts, in English and Simplified
// Chinese: one table (reportstrings.cpp), owned here, since the core has no Qt translations. The
// page's script (resources/report/report.js) receives the strings it needs with the data and holds
// no text of its own. Qt-free.

#include <nlohmann/json.hpp>

#include <optional>
#include <string>
#include <vector>

namespace lorascope {

enum class ReportLang { En, ZhCN };

/// `s` as text in HTML or XML: & < > " escaped; control characters other than tab and newline (not
/// allowed in XML 1.0) become spaces.
std::string markupEscape(const std::string& s);

/// "en" / "zh_CN" (also "zh", "zh-CN", "zh_CN.UTF-8"); nullopt otherwise.
std::optional<ReportLang> reportLangFromName(const std::string& name);
/// "en" or "zh_CN".
const char* reportLangName(ReportLang lang);

/// The text of `key`. A key missing from the table gives "[[key]]", so a test can find it.
std::string reportText(ReportLang lang, const std::string& key);
/// `reportText` with "{0}", "{1}", … replaced by `args`.
std::string reportText(ReportLang lang, const std::string& key, const std::vector<std::string>& args);
/// Every key of the table (for tests: each has both languages).
std::vector<std::string> reportTextKeys();
/// The strings the page's script uses (keys starting with "page."), as a JSON object.
nlohmann::json pageStrings(ReportLang lang);

/// Label of a metric key ("p99_ttft_ms" → "p99 TTFT"), its plain-words explanation and its unit
/// as shown ("ms", "req/s", "%" for shares shown as percentages).
std::string metricLabel(ReportLang lang, const std::string& key);
std::string metricExplain(ReportLang lang, const std::string& key);

} // namespace lorascope
