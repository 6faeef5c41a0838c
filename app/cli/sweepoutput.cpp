// SPDX-License-Identifier: Apache-2.0
#include "cli/sweepoutput.h"

#include "cli/commands.h"
#include "cli/options.h"

#include "analysis/numberformat.h"
#include "util/atomicfile.h"
#include "util/error.h"
#include "util/fileio.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <optional>

#include <unistd.h>

namespace lorascope::cli {

namespace {

} // namespace

SweepOutput::SweepOutput(const Args& a, const SweepPlan& plan, const std::string& source, bool finder)
{
    std::optional<SweepFileFormat> format;
    if (const auto f = a.value("--format")) {
        if (*f == "jsonl")
            format = SweepFileFormat::JsonLines;
        else if (*f == "csv")
            format = SweepFileFormat::Csv;
        else
            throw UsageError("--format must be jsonl or csv (got \"" + *f + "\")");
    }
    m_path = a.value("-o").value_or(a.value("--output").value_or(""));
    const std::string option = a.has("-o") ? "-o" : "--output";
    if (!m_path.empty() && !format && !sweepFormatForPath(m_path))
        throw UsageError(
            "cannot tell the format of \"" + m_path + "\" from its extension: use .jsonl or .csv, or --format");
    checkOutputs({ { option, m_path }, { "--runs-dir", a.value("--runs-dir").value_or("") } },
        { { "--spec", a.value("--spec").value_or("") }, { "--cost-model", a.value("--cost-model").value_or("") },
            { "--fleet", a.value("--fleet").value_or("") }, { "--ca-cert", a.value("--ca-cert").value_or("") } });
    m_toStdout = m_path.empty() && !finder;
    if (m_path.empty()) {
        if (m_toStdout)
            m_writer = std::make_unique<SweepWriter>("-", plan, source, format);
        return;
    }
    checkOutputFile(m_path); // not a folder, not read-only, its folder writable: said now, not after the last point
    std::error_code ec;
    const auto st = std::filesystem::status(m_path, ec);
    const bool regular = !std::filesystem::exists(st) || std::filesystem::is_regular_file(st);
    if (regular) { // a device or a pipe (/dev/stdout) is written directly
        m_partial = m_path + ".partial";
        // A sweep killed outright left its points there: not truncated unasked.
        if (std::filesystem::exists(std::filesystem::symlink_status(m_partial, ec)) && !a.has("--force"))
            throw InputError(option + " " + m_path + ": " + m_partial
                    + " exists (the points of a sweep that was stopped before it could rename it?); move it away, or "
                      "give --force to replace it",
                {}, 0, option);
    }
    m_writer = std::make_unique<SweepWriter>(
        regular ? m_partial : m_path, plan, source, format ? format : sweepFormatForPath(m_path));
}

std::string SweepOutput::finish()
{
    if (m_finished)
        return m_where;
    m_finished = true;
    const bool any = m_writer && m_writer->written() > 0;
    m_writer.reset(); // closes the file
    if (!any) {
        std::error_code ec;
        if (!m_partial.empty())
            std::filesystem::remove(m_partial, ec);
        return m_where;
    }
    if (m_toStdout) {
        m_where = "standard output";
        return m_where;
    }
    if (m_partial.empty()) { // a device or a pipe, written directly
        m_where = m_path;
        return m_where;
    }
    std::error_code ec;
    std::filesystem::rename(m_partial, m_path, ec);
    if (ec) {
        std::cerr << "lorascope-cli sweep: error: cannot rename " << m_partial << " to " << m_path << ": "
                  << ec.message() << "\n";
        m_where = m_partial;
    } else {
        m_where = m_path;
    }
    return m_where;
}

PointProgress::PointProgress(const SweepPlan& plan, SweepWriter* writer, bool replay, bool live, std::size_t total)
    : m_plan(plan)
    , m_writer(writer)
    , m_replay(replay)
    , m_live(live)
    , m_total(total)
{
}

std::function<void(const SweepPoint&)> PointProgress::callback()
{
    return [this](const SweepPoint& p) {
        if (m_writer)
            m_writer->append(p);
        std::lock_guard lock(m_mutex);
        ++m_finished;
        if (m_live) {
            std::fprintf(stderr, "\r%s %zu%s%s  (last: %s = %s, %.2f s)   ", m_replay ? "replayed" : "previewed",
                m_finished, m_total ? "/" : "", m_total ? std::to_string(m_total).c_str() : " points",
                sweepParamInfo(m_plan.param).name, sweepValueText(m_plan.param, p.value).c_str(), p.seconds);
            std::fflush(stderr);
        }
    };
}

void PointProgress::end()
{
    if (m_live && m_finished > 0)
        std::fprintf(stderr, "\n");
    m_finished = 0;
}

int interruptedSweep(SweepOutput& output, std::size_t finished, std::size_t planned)
{
    const std::string where = output.finish();
    if (finished == 0 || where.empty()) {
        std::cerr << "lorascope-cli sweep: interrupted; no point finished, nothing was written"
                  << (output.path().empty() ? std::string() : " (" + output.path() + " was not created or changed)")
                  << "\n";
    } else {
        const std::string what = planned ? std::to_string(finished) + " of " + std::to_string(planned) + " points"
                                         : std::to_string(finished) + (finished == 1 ? " point" : " points");
        std::cerr << "lorascope-cli sweep: interrupted; " << what << " finished and kept in " << where << "\n";
    }
    return kExitInput;
}

void printSweepTable(std::ostream& out, const SweepPlan& plan, std::vector<const SweepPoint*> points)
{
    std::sort(points.begin(), points.end(), [](auto* a, auto* b) { return a->value < b->value; });
    const SweepParamInfo& info = sweepParamInfo(plan.param);
    std::string head = std::string(info.label) + (info.unit[0] ? std::string(" (") + info.unit + ")" : std::string());
    head.resize(std::max<std::size_t>(head.size() + 1, 14), ' ');
    out << head
        << "   done/req   tput   goodput  TTFT p50   p99    TPOT p50  E2E p50   p99    SLO %  S-LoRA %  ach/off  queue "
           " KV peak\n";
    out << std::string(head.size(), ' ')
        << "              req/s  req/s    s          s      ms        s          s                          ratio  "
           "peak   tokens\n";
    for (const SweepPoint* p : points) {
        const PointMetrics& m = p->metrics;
        std::string v = sweepValueText(plan.param, p->value);
        v.resize(std::max(head.size(), v.size() + 1), ' ');
        char line[400];
        std::snprintf(line, sizeof line, "%s%5llu/%-5llu %6s %7s  %7s %7s  %7s  %7s %7s  %6s  %6s    %6s%s %5s  %7s\n",
            v.c_str(), (unsigned long long)m.completed, (unsigned long long)m.requests,
            formatPrintf("%.3f", m.throughput).c_str(), formatPrintf("%.3f", m.goodput).c_str(),
            formatPrintf("%.3f", m.ttft.p50).c_str(), formatPrintf("%.2f", m.ttft.p99).c_str(),
            formatPrintf("%.1f", m.tpot.p50 * 1e3).c_str(), formatPrintf("%.2f", m.e2e.p50).c_str(),
            formatPrintf("%.2f", m.e2e.p99).c_str(), formatPrintf("%.1f", 100 * m.sloAttainment).c_str(),
            formatPrintf("%.1f", 100 * m.sloraAttainment).c_str(), formatPrintf("%.3f", m.achievedRatio).c_str(),
            m.saturated ? "*" : " ", formatPrintf("%.0f", m.peakQueue).c_str(),
            m.kvCapacity > 0 ? std::to_string(m.peakKvNeed).c_str() : "-");
        out << line;
    }
    out << "done/req: completed of requests; tput: completed / time from the start to the last completion; goodput: "
           "requests\n"
           "meeting the SLO per second; SLO %: share of all requests meeting it; S-LoRA %: share with the first token "
           "< 6 s;\n"
           "ach/off: achieved / offered rate in the steady window (* = saturated, below "
        << formatPrintf("%.2f", plan.saturation.ratio) << ")\n";
}

void printPaperComparison(std::ostream& out, const SweepPlan& plan, const std::vector<SweepPoint>& points,
    const std::vector<const PaperFigure*>& figures, SweepWriter* writer)
{
    if (figures.empty()) {
        out << "S-LoRA published no measurements for suite " << plan.suite << " with " << plan.modelSetting
            << " and policy " << policyName(plan.config.scheduler.policy) << " (" << kPaperSource << ")\n";
        return;
    }
    for (const PaperFigure* f : figures) {
        const PaperAgreement a = comparePaper(*f, points);
        if (writer)
            writer->appendJson(paperJson(*f, a, plan.config.cost));
        out << "\n" << f->title() << " (" << f->file << ")\n";
        out << "  " << std::string(sweepParamInfo(f->param).label)
            << "        paper tput  preview   paper TTFT  preview   paper att  preview\n";
        for (const PaperMatch& m : a.matches) {
            char line[200];
            std::snprintf(line, sizeof line, "  %-8s %10.3f %9s %11.2f %9s %10.1f %8s\n",
                sweepValueText(f->param, m.value).c_str(), m.paper.throughput,
                formatPrintf("%.3f", m.throughput).c_str(), m.paper.avgFirstTokenLatency,
                formatPrintf("%.2f", m.avgFirstTokenLatency).c_str(), 100 * m.paper.attainment,
                formatPrintf("%.1f", 100 * m.attainment).c_str());
            out << line;
        }
        out << "  preview vs paper: throughput MAPE " << formatPrintf("%.1f", 100 * a.throughputMape)
            << " %, first-token latency MAPE " << formatPrintf("%.1f", 100 * a.firstTokenMape) << " %, latency MAPE "
            << formatPrintf("%.1f", 100 * a.latencyMape) << " %, attainment MAE "
            << formatPrintf("%.3f", a.attainmentMae) << " (over " << a.matches.size()
            << " published points; req/s, s, %)\n";
    }
    out << "cost model: " << plan.config.cost.name << " — " << plan.config.cost.description << "\n";
}

} // namespace lorascope::cli
