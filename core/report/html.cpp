// SPDX-License-Identifier: Apache-2.0
// The report's one self-contained page: the data as JSON in a <script type="application/json">,
// Apache ECharts and the page's script inlined, a Content-Security-Policy that allows no network
// access at all (no fonts, images or scripts from anywhere but the page itself).
#include "report/reportmodel.h"
#include "report/reportstrings.h"

#include "util/atomicfile.h"
#include "util/version.h"

#include <string_view>

namespace lorascope {

namespace assets {
// Generated from resources/report by cmake/embedtext.cmake (core/CMakeLists.txt).
std::string_view echartsJs();
std::string_view reportJs();
std::string_view reportCss();
} // namespace assets

std::string reportHtml(const nlohmann::json& data)
{
    // '<' only occurs inside JSON strings, where \u003c means the same: no "</script>" can end the block early.
    std::string json = data.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
    std::string safe;
    safe.reserve(json.size() + json.size() / 50);
    for (char c : json) {
        if (c == '<')
            safe += "\\u003c";
        else
            safe += c;
    }
    const std::string lang = data.value("lang", std::string("en")) == "zh_CN" ? "zh-CN" : "en";
    const auto ech = assets::echartsJs(), js = assets::reportJs(), css = assets::reportCss();
    std::string out;
    out.reserve(safe.size() + ech.size() + js.size() + css.size() + 2048);
    out += "<!DOCTYPE html>\n<html lang=\"" + lang + "\">\n<head>\n<meta charset=\"utf-8\">\n";
    out += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n";
    out += "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; script-src 'unsafe-inline'; "
           "style-src 'unsafe-inline'; img-src data: blob:\">\n";
    out += std::string("<meta name=\"generator\" content=\"LoraScope ") + kVersion + "\">\n";
    out += "<title>" + markupEscape(data.value("title", std::string("LoraScope report"))) + "</title>\n<style>\n";
    out += css;
    out += "</style>\n</head>\n<body>\n<noscript>" + markupEscape(data.value("title", std::string()))
        + ": JavaScript is needed to draw this report.</noscript>\n";
    out += "<div id=\"app\"></div>\n<script type=\"application/json\" id=\"lorascope-report-data\">";
    out += safe;
    // Errors from here on (the chart library included) are kept for the page's state (report.js).
    out += "</"
           "script>\n<script>window.__lsErrors=[];window.addEventListener('error',function(e){window.__lsErrors.push("
           "String(e.message))});"
           "</script>\n<script>\n";
    out += ech;
    out += "\n</script>\n<script>\n";
    out += js;
    out += "\n</script>\n</body>\n</html>\n";
    return out;
}

void writeReportHtml(const std::string& path, const nlohmann::json& data)
{
    const std::string html = reportHtml(data);
    writeFileAtomically(path, [&](std::ostream& out) { out << html; });
}

} // namespace lorascope
