// SPDX-License-Identifier: Apache-2.0
// LoraScope's CSV trace format: header id,time_s,adapter,rank,input_len,output_len[,failed];
// columns are found by name and every row has the header's number of columns.

#include "formats/readhelpers.h"
#include "formats/textscan.h"
#include "formats/traceio.h"

#include "util/error.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <limits>

namespace lorascope {

using readhelpers::checkLength;
using readhelpers::checkTime;
using readhelpers::pushFailed;
using textscan::AdapterIndex;

namespace {

void appendCsvField(std::string& out, const std::string& field)
{
    if (field.find_first_of(",\"\n\r") == std::string::npos) {
        out += field;
        return;
    }
    out += '"';
    for (char c : field) {
        if (c == '"')
            out += '"';
        out += c;
    }
    out += '"';
}

double parseCsvNumber(std::string_view text, const char* column, const std::string& file, std::uint64_t line)
{
    double v = 0;
    if (!textscan::parseDouble(textscan::trim(text), v))
        throw InputError(std::string("column ") + column + ": expected a number, got \"" + std::string(text.substr(0, 80)) + "\"", file, line, column);
    return v;
}

/// A length column: the common case (plain digits) without going through double.
std::uint32_t csvLength(std::string_view text, const char* column, const std::string& file, std::uint64_t line, bool failed)
{
    std::uint32_t v = 0;
    const char* b = text.data();
    const char* e = b + text.size();
    auto res = std::from_chars(b, e, v);
    if (res.ec == std::errc() && res.ptr == e && b != e && *b != '-' && (v > 0 || failed))
        return v;
    return checkLength(parseCsvNumber(text, column, file, line), column, file, line, failed);
}

} // namespace

void writeNativeCsv(const Trace& t, std::ostream& out)
{
    const bool withFailed = !t.failed.empty();
    out << (withFailed ? "id,time_s,adapter,rank,input_len,output_len,failed\n" : "id,time_s,adapter,rank,input_len,output_len\n");
    // Adapter names are quoted once, not per row.
    std::vector<std::string> names(t.adapters.size());
    for (std::size_t a = 0; a < t.adapters.size(); ++a) {
        appendCsvField(names[a], t.adapters[a].name);
        names[a] += ',';
        appendNumber(names[a], static_cast<std::uint64_t>(std::max(0, t.adapters[a].rank)));
    }
    textscan::BlockWriter w(out);
    std::string& block = w.text();
    for (std::size_t i = 0; i < t.requests.size(); ++i) {
        const Request& r = t.requests[i];
        appendNumber(block, t.idOf(i));
        block += ',';
        appendTime(block, r.time);
        block += ',';
        if (r.adapter != kNoAdapter)
            block += names[r.adapter];
        else
            block += ",0";
        block += ',';
        appendNumber(block, static_cast<std::uint64_t>(r.inputLen));
        block += ',';
        appendNumber(block, static_cast<std::uint64_t>(r.outputLen));
        if (withFailed)
            block += t.failed[i] ? ",1" : ",0";
        block += '\n';
        w.maybeFlush();
    }
}

Trace readNativeCsv(std::istream& in, const std::string& file, const ReadOptions& options, ReadReport& report)
{
    Trace t;
    t.adapterOrderKnown = false;
    textscan::LineReader lines(in, file);
    std::string_view text;
    std::vector<std::string_view> fields;
    std::string scratch;
    std::uint64_t lineNo = 0;
    if (!textscan::nextNonBlank(lines, text))
        throw InputError("empty file (expected the header id,time_s,adapter,rank,input_len,output_len)", file, 1);
    lineNo = lines.lineNumber();
    if (!textscan::splitCsv(text, fields, scratch))
        throw InputError("header: a quoted column name is not closed on the header line", file, lineNo, "header");
    {
        std::vector<std::string> names;
        for (const auto f : fields)
            names.emplace_back(f);
        textscan::refuseDuplicateColumns(names, names, file, lineNo);
    }
    int cId = -1, cTime = -1, cAdapter = -1, cRank = -1, cIn = -1, cOut = -1, cFailed = -1;
    for (int i = 0; i < static_cast<int>(fields.size()); ++i) {
        const auto f = fields[static_cast<std::size_t>(i)];
        if (f == "id") cId = i;
        else if (f == "time_s") cTime = i;
        else if (f == "adapter") cAdapter = i;
        else if (f == "rank") cRank = i;
        else if (f == "input_len") cIn = i;
        else if (f == "output_len") cOut = i;
        else if (f == "failed") cFailed = i;
        else report.ignoredColumns.push_back(textscan::textExcerpt(f, 40));
    }
    if (cTime < 0 || cIn < 0 || cOut < 0)
        throw InputError("header must name the columns time_s, input_len and output_len (LoraScope CSV: id,time_s,adapter,rank,input_len,output_len); got \"" + textscan::textExcerpt(text, 80) + "\"", file, lineNo, "header");
    AdapterIndex index(t);
    std::vector<std::uint64_t> ids;
    bool idsAreIndex = true;
    const std::size_t columns = fields.size();
    std::string record;
    while (textscan::nextCsvRecord(lines, text, record, lineNo)) {
        try {
            textscan::splitCsv(text, fields, scratch); // quotes are balanced: nextCsvRecord joined the lines
            textscan::checkColumnCount(fields.size(), columns, file, lineNo);
            auto field = [&](int c) { return fields[static_cast<std::size_t>(c)]; };
            bool failed = false;
            if (cFailed >= 0) {
                const auto f = textscan::trim(field(cFailed));
                if (f == "1" || f == "true")
                    failed = true;
                else if (!(f.empty() || f == "0" || f == "false"))
                    throw InputError("column failed: expected 0 or 1, got \"" + std::string(f.substr(0, 80)) + "\"", file, lineNo, "failed");
            }
            Request r;
            r.time = checkTime(parseCsvNumber(field(cTime), "time_s", file, lineNo), "time_s", file, lineNo);
            r.inputLen = csvLength(field(cIn), "input_len", file, lineNo, failed);
            r.outputLen = csvLength(field(cOut), "output_len", file, lineNo, failed);
            int rank = 0;
            if (cRank >= 0 && !field(cRank).empty()) {
                const double rv = parseCsvNumber(field(cRank), "rank", file, lineNo);
                if (rv < 0 || std::floor(rv) != rv || rv > std::numeric_limits<int>::max())
                    throw InputError("column rank: expected a non-negative integer, got \"" + std::string(field(cRank).substr(0, 80)) + "\"", file, lineNo, "rank");
                rank = static_cast<int>(rv);
            }
            if (cAdapter >= 0) {
                if (!textscan::isValidUtf8(field(cAdapter)))
                    throw InputError("column adapter: the name is not valid UTF-8", file, lineNo, "adapter");
                r.adapter = index.lookup(field(cAdapter), rank, file, lineNo, options.keepFirstRank, report);
            }
            std::uint64_t id = t.requests.size();
            if (cId >= 0) {
                const auto idText = field(cId);
                const char* b = idText.data();
                const char* e = b + idText.size();
                auto res = std::from_chars(b, e, id);
                if (res.ec != std::errc() || res.ptr != e || b == e) {
                    const double idv = parseCsvNumber(idText, "id", file, lineNo);
                    if (idv < 0 || std::floor(idv) != idv || idv > 1.8e19)
                        throw InputError("column id: expected a non-negative integer, got \"" + std::string(idText.substr(0, 80)) + "\"", file, lineNo, "id");
                    id = static_cast<std::uint64_t>(idv);
                }
            }
            if (id != t.requests.size())
                idsAreIndex = false;
            ids.push_back(id);
            pushFailed(t, failed);
            t.requests.push_back(r);
        } catch (const InputError& e) {
            if (!options.skipBad)
                throw;
            if (report.skipped++ == 0)
                report.firstSkipReason = e.what();
            idsAreIndex = false;
        }
    }
    textscan::finishImport(t, ids, idsAreIndex);
    return t;
}

} // namespace lorascope
