// SPDX-License-Identifier: Apache-2.0
#pragma once
// Checks of a Grafana dashboard against a running Prometheus (test code only, header-only):
// the JSON's shape (Grafana 9/10 schema, a Prometheus datasource variable, client panels on the
// left and server panels on the right, no overlapping panels), every metric name in its PromQL
// among the names a live scrape exposed, every expression accepted by `promtool check rules` and
// returning data, and its variables' label_values() queries returning values.

#include "prometheusserver.h"

#include <nlohmann/json.hpp>

#include <QProcess>
#include <QTest>

#include <cctype>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

namespace lorascope::test {

/// The metric names a PromQL expression selects: identifiers that are not functions, keywords,
/// label names (inside {} or after by/without/on/ignoring/group_left/group_right), strings,
/// durations, numbers or Grafana variables.
inline std::set<std::string> promqlMetricNames(const std::string& e)
{
    static const std::set<std::string> keywords { "and", "or", "unless", "bool", "offset", "by", "without", "on",
        "ignoring", "group_left", "group_right", "inf", "nan", "Inf", "NaN", "atan2",
        // aggregation operators, which may be followed by by/without before their parentheses
        "sum", "min", "max", "avg", "group", "stddev", "stdvar", "count", "count_values", "bottomk", "topk",
        "quantile" };
    static const std::set<std::string> labelLists { "by", "without", "on", "ignoring", "group_left", "group_right" };
    std::set<std::string> names;
    const auto identStart = [](char c) { return std::isalpha(static_cast<unsigned char>(c)) || c == '_' || c == ':'; };
    const auto identChar = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == ':'; };
    const auto skipString = [&](std::size_t i) { // i at the opening quote; returns the index after the closing one
        const char quote = e[i++];
        while (i < e.size() && e[i] != quote)
            i += e[i] == '\\' && quote != '`' ? 2 : 1;
        return i + 1;
    };
    const auto skipGroup = [&](std::size_t i, char open, char close) { // i at `open`
        int depth = 0;
        for (; i < e.size(); ++i) {
            if (e[i] == '"' || e[i] == '\'' || e[i] == '`') {
                i = skipString(i) - 1;
                continue;
            }
            if (e[i] == open)
                ++depth;
            else if (e[i] == close && --depth == 0)
                return i + 1;
        }
        return i;
    };
    for (std::size_t i = 0; i < e.size();) {
        const char c = e[i];
        if (c == '"' || c == '\'' || c == '`') {
            i = skipString(i);
        } else if (c == '{') {
            i = skipGroup(i, '{', '}');
        } else if (c == '[') {
            i = skipGroup(i, '[', ']');
        } else if (c == '$') { // a Grafana variable
            ++i;
            if (i < e.size() && e[i] == '{')
                i = skipGroup(i, '{', '}');
            else
                while (i < e.size() && identChar(e[i]))
                    ++i;
        } else if (std::isdigit(static_cast<unsigned char>(c))
            || (c == '.' && i + 1 < e.size() && std::isdigit(static_cast<unsigned char>(e[i + 1])))) {
            while (i < e.size() && (identChar(e[i]) || e[i] == '.'))
                ++i; // numbers, 1e3, durations such as 5m
        } else if (identStart(c)) {
            std::size_t j = i;
            while (j < e.size() && identChar(e[j]))
                ++j;
            const std::string word = e.substr(i, j - i);
            std::size_t k = j;
            while (k < e.size() && std::isspace(static_cast<unsigned char>(e[k])))
                ++k;
            if (labelLists.count(word) && k < e.size() && e[k] == '(')
                j = skipGroup(k, '(', ')');
            else if (!keywords.count(word) && !(k < e.size() && e[k] == '('))
                names.insert(word);
            i = j;
        } else {
            ++i;
        }
    }
    return names;
}

/// `text` with Grafana's variables replaced: $__rate_interval and $__interval by `interval`,
/// $name / ${name} by vars[name].
inline std::string substituteGrafanaVariables(
    std::string text, const std::map<std::string, std::string>& vars, const std::string& interval)
{
    std::map<std::string, std::string> all = vars;
    all["__rate_interval"] = interval;
    all["__interval"] = interval;
    all["__range"] = interval;
    std::string out;
    for (std::size_t i = 0; i < text.size();) {
        if (text[i] == '$') {
            std::size_t j = i + 1;
            const bool braced = j < text.size() && text[j] == '{';
            if (braced)
                ++j;
            std::size_t k = j;
            while (k < text.size() && (std::isalnum(static_cast<unsigned char>(text[k])) || text[k] == '_'))
                ++k;
            const auto it = all.find(text.substr(j, k - j));
            if (it != all.end() && (!braced || (k < text.size() && text[k] == '}'))) {
                out += it->second;
                i = k + (braced ? 1 : 0);
                continue;
            }
        }
        out += text[i++];
    }
    return out;
}

/// Checks the dashboard at `path` (QVERIFY-style failures; the caller checks currentTestFailed()).
/// `names`: the metric names the endpoints exposed (from a live scrape); `vars`: values for the
/// dashboard's own variables; expressions are evaluated at `time` with 1m rate windows.
inline void checkDashboard(const std::string& path, const std::set<std::string>& names, const PrometheusServer& prom,
    double time, const PrometheusTools& tools, const std::string& rulesPath,
    const std::map<std::string, std::string>& vars)
{
    std::ifstream in(path);
    QVERIFY2(in, path.c_str());
    nlohmann::json d;
    try {
        d = nlohmann::json::parse(in);
    } catch (const std::exception& e) {
        QFAIL((path + ": " + e.what()).c_str());
    }
    // Grafana 9 and 10 (schema 36 = 9.0 .. 39 = 10.2) import it as is.
    QVERIFY(d.at("schemaVersion").get<int>() >= 36 && d.at("schemaVersion").get<int>() <= 39);
    QVERIFY(!d.at("uid").get<std::string>().empty() && !d.at("title").get<std::string>().empty());
    QCOMPARE(d.at("graphTooltip").get<int>(), 1); // one time axis: a shared crosshair across panels
    // The datasource is a variable of type datasource restricted to Prometheus.
    std::map<std::string, nlohmann::json> variables;
    for (const auto& v : d.at("templating").at("list"))
        variables[v.at("name").get<std::string>()] = v;
    QVERIFY(variables.count("datasource"));
    QCOMPARE(variables["datasource"].at("type").get<std::string>(), std::string("datasource"));
    QCOMPARE(variables["datasource"].at("query").get<std::string>(), std::string("prometheus"));
    const nlohmann::json dsRef = { { "type", "prometheus" }, { "uid", "${datasource}" } };

    struct Expr {
        std::string where, expr;
    };
    std::vector<Expr> exprs;
    std::set<int> ids;
    struct Box {
        int x, y, w, h;
    };
    std::vector<std::pair<std::string, Box>> boxes;
    for (const auto& p : d.at("panels")) {
        const std::string title = p.at("title").get<std::string>();
        QVERIFY2(ids.insert(p.at("id").get<int>()).second, ("duplicate panel id: " + title).c_str());
        const auto& g = p.at("gridPos");
        const Box b { g.at("x").get<int>(), g.at("y").get<int>(), g.at("w").get<int>(), g.at("h").get<int>() };
        QVERIFY2(b.x >= 0 && b.w > 0 && b.x + b.w <= 24 && b.h > 0 && b.y >= 0, title.c_str());
        for (const auto& [other, o] : boxes)
            QVERIFY2(b.x >= o.x + o.w || o.x >= b.x + b.w || b.y >= o.y + o.h || o.y >= b.y + b.h,
                (title + " overlaps " + other).c_str());
        boxes.emplace_back(title, b);
        if (p.at("type") == "row")
            continue;
        QVERIFY2(p.at("datasource") == dsRef, title.c_str());
        // One time axis: no panel shifts or narrows the dashboard's time range.
        QVERIFY2(!p.contains("timeFrom") && !p.contains("timeShift"), title.c_str());
        // Side by side: the client's panels on the left half, the server's on the right.
        if (b.w == 12)
            QVERIFY2(title.rfind(b.x == 0 ? "Client: " : "Server: ", 0) == 0, title.c_str());
        QVERIFY2(!p.at("description").get<std::string>().empty(), title.c_str());
        QVERIFY2(p.at("fieldConfig").at("defaults").contains("unit"), title.c_str());
        QVERIFY2(!p.at("targets").empty(), title.c_str());
        for (const auto& t : p.at("targets")) {
            QVERIFY2(t.at("datasource") == dsRef, title.c_str());
            exprs.push_back({ title + " / " + t.at("refId").get<std::string>(), t.at("expr").get<std::string>() });
        }
    }

    // Every metric name is one the endpoints exposed; together they cover what the issue asks.
    std::set<std::string> used;
    for (const auto& x : exprs)
        for (const auto& name : promqlMetricNames(x.expr)) {
            QVERIFY2(
                names.count(name), (x.where + ": '" + name + "' is not exposed by the replay or serve-sim").c_str());
            used.insert(name);
        }
    for (const char* need : { "lorascope_replay_requests_sent_total", "lorascope_replay_requests_in_flight",
             "lorascope_replay_requests_completed_total", "lorascope_replay_requests_failed_total",
             "lorascope_replay_ttft_seconds_bucket", "lorascope_replay_itl_seconds_bucket",
             "lorascope_replay_e2e_seconds_bucket", "lorascope_replay_send_lateness_seconds_bucket",
             "vllm:num_requests_running", "vllm:num_requests_waiting", "vllm:kv_cache_usage_perc",
             "vllm:lora_requests_info", "vllm:prompt_tokens_total", "vllm:generation_tokens_total",
             "vllm:time_to_first_token_seconds_bucket" })
        QVERIFY2(used.count(need), (std::string("no panel shows ") + need).c_str());
    bool perAdapterTtft = false;
    for (const auto& x : exprs)
        perAdapterTtft = perAdapterTtft
            || (x.expr.find("lorascope_replay_ttft_seconds_bucket") != std::string::npos
                && x.expr.find("by (le, adapter)") != std::string::npos);
    QVERIFY2(perAdapterTtft, "no per-adapter TTFT panel");

    // promtool accepts every expression (as recording rules), and each returns data.
    std::ostringstream rules;
    rules << "groups:\n  - name: lorascope-dashboard\n    rules:\n";
    for (std::size_t i = 0; i < exprs.size(); ++i)
        rules << "      - record: lorascope:dashboard_expr_" << i
              << "\n        expr: " << nlohmann::json(substituteGrafanaVariables(exprs[i].expr, vars, "1m")).dump()
              << "\n";
    std::ofstream(rulesPath) << rules.str();
    QProcess check;
    check.start(
        tools.promtool, { QStringLiteral("check"), QStringLiteral("rules"), QString::fromStdString(rulesPath) });
    QVERIFY(check.waitForFinished(30000));
    QVERIFY2(check.exitCode() == 0, (check.readAllStandardOutput() + check.readAllStandardError()).constData());
    for (const auto& x : exprs) {
        std::string error;
        const std::string e = substituteGrafanaVariables(x.expr, vars, "1m");
        const auto r = prom.query(e, time, &error);
        QVERIFY2(r.is_array(), (x.where + ": " + error).c_str());
        bool finite = false;
        for (const auto& s : r)
            finite = finite || std::isfinite(resultValue(s));
        QVERIFY2(finite, (x.where + ": no data for " + e).c_str());
    }

    // The variables' label_values(SELECTOR, LABEL) queries find values (the expected one among them).
    for (const auto& [name, v] : variables) {
        if (v.at("type") != "query")
            continue;
        const std::string query = v.at("query").is_object() ? v.at("query").at("query").get<std::string>()
                                                            : v.at("query").get<std::string>();
        QCOMPARE(v.at("definition").get<std::string>(), query);
        QVERIFY2(query.rfind("label_values(", 0) == 0 && query.back() == ')', query.c_str());
        const std::string inner = query.substr(13, query.size() - 14);
        const auto comma = inner.rfind(',');
        QVERIFY2(comma != std::string::npos, query.c_str());
        const std::string selector = inner.substr(0, comma);
        std::string label = inner.substr(comma + 1);
        label.erase(0, label.find_first_not_of(' '));
        for (const auto& m : promqlMetricNames(selector))
            QVERIFY2(names.count(m), (name + ": '" + m + "' is not exposed").c_str());
        const auto r
            = prom.query("count by (" + label + ") (" + substituteGrafanaVariables(selector, vars, "1m") + ")", time);
        std::set<std::string> values;
        for (const auto& s : r)
            if (s.at("metric").contains(label))
                values.insert(s.at("metric").at(label).get<std::string>());
        QVERIFY2(!values.empty(), (name + ": " + query + " finds no value").c_str());
        const auto want = vars.find(name);
        if (want != vars.end() && want->second != ".*")
            QVERIFY2(values.count(want->second), (name + ": " + query + " does not find " + want->second).c_str());
    }
}

} // namespace lorascope::test
