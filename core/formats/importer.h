// SPDX-License-Identifier: Apache-2.0
#pragma once
// Shared row handling of the foreign-format readers: validation of times and token counts with
// messages naming file, line and field; zero-token rows marked failed (or dropped); --skip-bad.
// Internal to core/formats.

#include "formats/textscan.h"
#include "formats/traceio.h"
#include "util/error.h"
#include "workload/bounds.h"

#include <cmath>
#include <string>

namespace lorascope::textscan {

/// "14733.087" (milliseconds) → "14.733087" (seconds): the decimal point three places left; empty
/// unless the text is digits with an optional fraction.
inline std::string millisecondsAsSeconds(std::string_view ms)
{
    const auto dot = ms.find('.');
    const std::string_view whole = ms.substr(0, dot),
                           fraction = dot == std::string_view::npos ? std::string_view() : ms.substr(dot + 1);
    if (whole.empty() || whole.size() > 40 || (dot != std::string_view::npos && fraction.empty()))
        return {};
    for (const char c : whole)
        if (c < '0' || c > '9')
            return {};
    for (const char c : fraction)
        if (c < '0' || c > '9')
            return {};
    std::string padded(whole.size() < 4 ? 4 - whole.size() : 0, '0');
    padded += whole;
    std::string out = padded.substr(0, padded.size() - 3) + "." + padded.substr(padded.size() - 3);
    out += fraction;
    return out;
}

class Importer {
public:
    Importer(std::string file, const ReadOptions& options, ReadReport& report)
        : m_file(std::move(file))
        , m_options(options)
        , m_report(report)
    {
        trace.source = m_file;
        trace.adapterOrderKnown = false;
    }

    const std::string& file() const { return m_file; }

    /// A token count from a field: a non-negative integer up to `max` (kMaxTokenLength, workload/bounds.h).
    std::uint32_t tokens(
        std::string_view text, const char* field, std::uint64_t line, std::uint32_t max = kMaxTokenLength) const
    {
        std::uint64_t v = 0;
        const auto t = trim(text);
        if (t.empty() || t.front() == '-' || !parseUnsigned(t, v))
            throw InputError(
                std::string(field) + ": expected a token count (integer >= 0), got \"" + textExcerpt(text, 40) + "\"",
                m_file, line, field);
        if (v > max)
            throw InputError(tokenBoundMessage(field, v, max), m_file, line, field);
        return static_cast<std::uint32_t>(v);
    }

    /// A time in seconds from a field holding units of 1/`unitsPerSecond` s (1 = seconds, 1000 = ms).
    /// Milliseconds written as plain decimals are read by moving the decimal point, so that the
    /// shortest text of a time in seconds, written as milliseconds (appendMilliseconds), reads back
    /// as exactly that time.
    double time(std::string_view text, const char* field, std::uint64_t line, double unitsPerSecond = 1.0) const
    {
        double v = 0;
        const auto t = trim(text);
        const std::string shifted = unitsPerSecond == 1000.0 ? millisecondsAsSeconds(t) : std::string();
        if (!shifted.empty()) {
            if (!parseDouble(shifted, v))
                throw InputError(std::string(field) + ": expected a number, got \"" + textExcerpt(text, 40) + "\"",
                    m_file, line, field);
        } else {
            if (!parseDouble(t, v))
                throw InputError(std::string(field) + ": expected a number, got \"" + textExcerpt(text, 40) + "\"",
                    m_file, line, field);
            v /= unitsPerSecond;
        }
        if (!std::isfinite(v) || v < 0)
            throw InputError(std::string(field) + ": expected a time >= 0, got \"" + textExcerpt(text, 40) + "\"",
                m_file, line, field);
        if (v > kMaxTraceTime)
            throw InputError(std::string(field) + ": " + textExcerpt(t, 40) + (unitsPerSecond == 1000.0 ? " ms" : " s")
                    + " is too late for a trace time (at most 10^12 s, about 31,700 years)",
                m_file, line, field);
        return v;
    }

    /// Adds one request. A request with 0 input or 0 output tokens is marked failed (or dropped).
    /// Returns false if it was dropped.
    bool add(double time, std::uint32_t inputLen, std::uint32_t outputLen, std::uint32_t adapter = kNoAdapter,
        std::uint64_t id = ~std::uint64_t { 0 })
    {
        const bool failed = inputLen == 0 || outputLen == 0;
        if (failed) {
            ++m_report.failed;
            if (m_options.dropFailed) {
                ++m_report.droppedFailed;
                m_idsAreIndex = false;
                ++m_rowIndex;
                return false;
            }
            if (trace.failed.size() < trace.requests.size())
                trace.failed.assign(trace.requests.size(), 0); // also when the first row failed
        }
        if (failed || !trace.failed.empty())
            trace.failed.push_back(failed ? 1 : 0);
        trace.requests.push_back({ time, adapter, inputLen, outputLen });
        const std::uint64_t realId = id == ~std::uint64_t { 0 } ? m_rowIndex : id;
        if (realId != trace.requests.size() - 1)
            m_idsAreIndex = false;
        m_ids.push_back(realId);
        ++m_rowIndex;
        return true;
    }

    /// Runs one row's parsing; with skipBad an InputError skips the row and is counted.
    template <class F>
    void row(F&& parse)
    {
        try {
            parse();
        } catch (const InputError& e) {
            if (!m_options.skipBad)
                throw;
            noteSkipped(m_report.skipped, m_report.firstSkipReason, e.what());
            m_idsAreIndex = false;
            ++m_rowIndex;
        }
    }

    void filtered()
    {
        ++m_report.filtered;
        m_idsAreIndex = false;
        ++m_rowIndex;
    }

    /// Sorts by time, applies rebaseTime and returns the trace (order(): the sort applied).
    Trace finish()
    {
        m_order = finishImport(trace, m_ids, m_idsAreIndex);
        if (m_options.rebaseTime && !trace.requests.empty()) {
            const double t0 = trace.requests.front().time;
            for (auto& r : trace.requests)
                r.time -= t0;
        }
        return std::move(trace);
    }

    Trace trace;
    /// The order finish() sorted the requests in (old indices; empty = they were in order).
    const std::vector<std::size_t>& order() const { return m_order; }

private:
    std::vector<std::size_t> m_order;
    std::string m_file;
    const ReadOptions& m_options;
    ReadReport& m_report;
    std::vector<std::uint64_t> m_ids;
    bool m_idsAreIndex = true;
    std::uint64_t m_rowIndex = 0;
};

} // namespace lorascope::textscan
