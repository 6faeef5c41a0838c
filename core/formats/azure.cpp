// SPDX-License-Identifier: Apache-2.0
// Azure LLM inference trace CSV (Azure/AzurePublicDataset, 2023 "AzureLLMInferenceTrace_{code,conv}"
// and 2024 week-long traces): TIMESTAMP,ContextTokens,GeneratedTokens with TIMESTAMP a date-time
// such as "2023-11-16 18:15:46.6805900" (optionally with "T", "Z" or a "+00:00" offset). Times
// become seconds after the first row's timestamp, computed in integer nanoseconds so the 100 ns
// ticks survive. Import only: the trace has no adapters (assign them with ReadOptions::assign).

#include "formats/importer.h"
#include "formats/traceio.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <optional>

namespace lorascope {

namespace {

/// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's days_from_civil).
std::int64_t daysFromCivil(std::int64_t y, unsigned m, unsigned d)
{
    y -= m <= 2;
    const std::int64_t era = (y >= 0 ? y : y - 399) / 400;
    const auto yoe = static_cast<unsigned>(y - era * 400);
    const unsigned doy = (153 * (m > 2 ? m - 3 : m + 9) + 2) / 5 + d - 1;
    const unsigned doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    return era * 146097 + static_cast<std::int64_t>(doe) - 719468;
}

bool digits(std::string_view s, std::size_t pos, std::size_t count, int& out)
{
    if (pos + count > s.size())
        return false;
    out = 0;
    for (std::size_t i = pos; i < pos + count; ++i) {
        if (s[i] < '0' || s[i] > '9')
            return false;
        out = out * 10 + (s[i] - '0');
    }
    return true;
}

} // namespace

/// Nanoseconds since the Unix epoch of "YYYY-MM-DD[ T]HH:MM:SS[.fraction][Z|±HH:MM]"; nullopt if malformed.
std::optional<std::int64_t> parseDateTimeNs(std::string_view s)
{
    int y, mo, d, h, mi, se;
    if (!digits(s, 0, 4, y) || s.size() < 19 || s[4] != '-' || !digits(s, 5, 2, mo) || s[7] != '-'
        || !digits(s, 8, 2, d) || (s[10] != ' ' && s[10] != 'T') || !digits(s, 11, 2, h) || s[13] != ':'
        || !digits(s, 14, 2, mi) || s[16] != ':' || !digits(s, 17, 2, se))
        return std::nullopt;
    // Years outside 1900..2200 are not trace timestamps (and would overflow the nanoseconds).
    if (y < 1900 || y > 2200 || mo < 1 || mo > 12 || d < 1 || h > 23 || mi > 59 || se > 60)
        return std::nullopt;
    static constexpr int kDays[] = { 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31 };
    const bool leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
    if (d > kDays[mo - 1] + (mo == 2 && leap ? 1 : 0))
        return std::nullopt; // 2023-02-30 is no date
    std::size_t pos = 19;
    std::int64_t frac = 0;
    if (pos < s.size() && s[pos] == '.') {
        ++pos;
        int n = 0;
        while (pos < s.size() && s[pos] >= '0' && s[pos] <= '9') {
            if (n < 9) {
                frac = frac * 10 + (s[pos] - '0');
                ++n;
            }
            ++pos;
        }
        if (n == 0)
            return std::nullopt;
        for (; n < 9; ++n)
            frac *= 10;
    }
    std::int64_t offset = 0;
    if (pos < s.size() && (s[pos] == 'Z' || s[pos] == 'z')) {
        ++pos;
    } else if (pos < s.size() && (s[pos] == '+' || s[pos] == '-')) {
        int oh, om;
        if (!digits(s, pos + 1, 2, oh) || pos + 3 >= s.size() || s[pos + 3] != ':' || !digits(s, pos + 4, 2, om)
            || oh > 23 || om > 59)
            return std::nullopt; // "+25:99" is no offset
        offset = (oh * 3600 + om * 60) * (s[pos] == '+' ? 1 : -1);
        pos += 6;
    }
    if (pos != s.size())
        return std::nullopt;
    const std::int64_t secs = daysFromCivil(y, static_cast<unsigned>(mo), static_cast<unsigned>(d)) * 86400 + h * 3600
        + mi * 60 + se - offset;
    return secs * 1'000'000'000 + frac;
}

Trace readAzureCsv(std::istream& in, const std::string& file, const ReadOptions& options, ReadReport& report)
{
    textscan::Importer imp(file, options, report);
    textscan::LineReader lines(in, file);
    std::string_view line;
    std::vector<std::string_view> fields;
    std::string scratch;
    if (!textscan::nextNonBlank(lines, line))
        throw InputError("empty file (expected the header TIMESTAMP,ContextTokens,GeneratedTokens)", file, 1, "header");
    if (!textscan::splitCsv(line, fields, scratch))
        throw InputError(
            "header: a quoted column name is not closed on the header line", file, lines.lineNumber(), "header");
    const auto headerLine = lines.lineNumber();
    int cTime = -1, cIn = -1, cOut = -1;
    std::vector<std::string> names, shown;
    for (const auto field : fields) {
        std::string f(textscan::trim(field));
        shown.push_back(f);
        std::transform(
            f.begin(), f.end(), f.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
        names.push_back(f);
    }
    textscan::refuseDuplicateColumns(names, shown, file, headerLine);
    for (int i = 0; i < static_cast<int>(fields.size()); ++i) {
        const std::string& f = names[static_cast<std::size_t>(i)];
        if (f == "timestamp")
            cTime = i;
        else if (f == "contexttokens")
            cIn = i;
        else if (f == "generatedtokens")
            cOut = i;
        else
            report.ignoredColumns.push_back(
                textscan::textExcerpt(textscan::trim(fields[static_cast<std::size_t>(i)]), 40));
    }
    if (cTime < 0 || cIn < 0 || cOut < 0)
        throw InputError("header must name the columns TIMESTAMP, ContextTokens and GeneratedTokens (Azure LLM "
                         "inference trace); got \""
                + textscan::textExcerpt(line, 80) + "\"",
            file, headerLine, "header");
    const std::size_t columns = fields.size();
    std::optional<std::int64_t> originNs;
    std::optional<double> originS;
    std::string record;
    std::uint64_t lineNo = 0;
    while (textscan::nextCsvRecord(lines, line, record, lineNo)) {
        imp.row([&] {
            textscan::splitCsv(line, fields, scratch); // quotes are balanced: nextCsvRecord joined the lines
            textscan::checkColumnCount(fields.size(), columns, file, lineNo);
            const auto ts = textscan::trim(fields[static_cast<std::size_t>(cTime)]);
            double time;
            if (auto ns = parseDateTimeNs(ts)) {
                if (originS)
                    throw InputError("TIMESTAMP: expected a number of seconds like the rows before, got \""
                            + std::string(ts.substr(0, 60)) + "\"",
                        file, lineNo, "TIMESTAMP");
                if (!originNs)
                    originNs = *ns;
                // Integer nanoseconds, divided once: 52 ms is 0.052 s exactly as a double would
                // print it (multiplying by 1e-9 gave 0.052000000000000005).
                time = static_cast<double>(*ns - *originNs) / 1e9;
            } else {
                double v;
                if (originNs || !textscan::parseDouble(ts, v) || !std::isfinite(v))
                    throw InputError("TIMESTAMP: expected a date-time like 2023-11-16 18:15:46.6805900, got \""
                            + std::string(ts.substr(0, 60)) + "\"",
                        file, lineNo, "TIMESTAMP");
                if (!originS)
                    originS = v;
                time = v - *originS;
            }
            if (time > kMaxTraceTime)
                throw InputError("TIMESTAMP: more than 10^12 s after the first row's", file, lineNo, "TIMESTAMP");
            if (time < 0)
                throw InputError("TIMESTAMP: earlier than the first row's (" + std::string(ts.substr(0, 60))
                        + "); times are measured from the first row",
                    file, lineNo, "TIMESTAMP");
            const auto inLen = imp.tokens(fields[static_cast<std::size_t>(cIn)], "ContextTokens", lineNo);
            const auto outLen = imp.tokens(fields[static_cast<std::size_t>(cOut)], "GeneratedTokens", lineNo);
            imp.add(time, inLen, outLen);
        });
    }
    imp.trace.adapterOrderKnown = true; // no adapters
    return imp.finish();
}

} // namespace lorascope
