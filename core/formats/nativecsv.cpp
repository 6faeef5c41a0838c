// SPDX-License-Identifier: Apache-2.0
// LoraScope's CSV trace format: header id,time_s,adapter,rank,input_len,output_len[,failed]
// [,session,turn,parent,think_s][,prefix]; columns are found by name and every row has the
// header's number of columns. A prefix cell lists segments as id:tokens:role separated by ';'.

#include "formats/readhelpers.h"
#include "formats/sessioncolumns.h"
#include "formats/textscan.h"
#include "formats/traceio.h"

#include "util/error.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <limits>
#include <optional>

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
        throw InputError(
            std::string("column ") + column + ": expected a number, got \"" + std::string(text.substr(0, 80)) + "\"",
            file, line, column);
    return v;
}

/// A length column: the common case (plain digits) without going through double.
std::uint32_t csvLength(
    std::string_view text, const char* column, const std::string& file, std::uint64_t line, bool failed)
{
    std::uint32_t v = 0;
    const char* b = text.data();
    const char* e = b + text.size();
    auto res = std::from_chars(b, e, v);
    if (res.ec == std::errc() && res.ptr == e && b != e && *b != '-' && (v > 0 || failed) && v <= kMaxTokenLength)
        return v;
    return checkLength(parseCsvNumber(text, column, file, line), column, file, line, failed);
}

} // namespace

/// A prefix cell: "id:tokens:role;..." (workload/trace.h's segments).
void parsePrefixCell(std::string_view cell, Trace& t, const std::string& file, std::uint64_t line)
{
    cell = textscan::trim(cell);
    while (!cell.empty()) {
        const auto end = cell.find(';');
        const std::string_view item = cell.substr(0, end);
        const auto c1 = item.find(':');
        const auto c2 = c1 == std::string_view::npos ? c1 : item.find(':', c1 + 1);
        std::uint64_t id = 0, tokens = 0;
        const auto role
            = c2 == std::string_view::npos ? std::nullopt : segmentRoleFromName(textscan::trim(item.substr(c2 + 1)));
        if (c2 == std::string_view::npos || !textscan::parseUnsigned(textscan::trim(item.substr(0, c1)), id)
            || !textscan::parseUnsigned(textscan::trim(item.substr(c1 + 1, c2 - c1 - 1)), tokens) || tokens == 0
            || !role)
            throw InputError("column prefix: expected segments id:tokens:role separated by ';' (role system, document, "
                             "user or block), got \""
                    + textscan::textExcerpt(item, 60) + "\"",
                file, line, "prefix");
        if (tokens > kMaxTokenLength)
            throw InputError(
                "column prefix: " + tokenBoundMessage("segment " + std::to_string(id), tokens), file, line, "prefix");
        t.segments.push_back({ id, static_cast<std::uint32_t>(tokens), *role });
        if (end == std::string_view::npos)
            break;
        cell = cell.substr(end + 1);
    }
}

void writeNativeCsv(const Trace& t, std::ostream& out)
{
    const bool withFailed = !t.failed.empty();
    out << (withFailed ? "id,time_s,adapter,rank,input_len,output_len,failed"
                       : "id,time_s,adapter,rank,input_len,output_len")
        << (t.hasSessions() ? ",session,turn,parent,think_s" : "") << (t.hasSegments() ? ",prefix" : "") << '\n';
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
        if (t.hasSessions()) {
            const SessionTurn& st = t.sessions[i];
            block += ',';
            if (st.session != kNoSession) {
                appendNumber(block, st.session);
                block += ',';
                appendNumber(block, static_cast<std::uint64_t>(st.turn));
                block += ',';
                if (st.parent != kNoParent)
                    appendNumber(block, t.idOf(static_cast<std::size_t>(st.parent)));
                block += ',';
                appendTime(block, st.think);
            } else {
                block += ",,,";
            }
        }
        if (t.hasSegments()) {
            block += ',';
            const auto segs = t.segmentsOf(i);
            for (std::size_t k = 0; k < segs.size(); ++k) {
                if (k)
                    block += ';';
                appendNumber(block, segs[k].id);
                block += ':';
                appendNumber(block, static_cast<std::uint64_t>(segs[k].tokens));
                block += ':';
                block += segmentRoleName(segs[k].role);
            }
        }
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
    int cSession = -1, cTurn = -1, cParent = -1, cThink = -1, cPrefix = -1;
    for (int i = 0; i < static_cast<int>(fields.size()); ++i) {
        const auto f = fields[static_cast<std::size_t>(i)];
        if (f == "id")
            cId = i;
        else if (f == "time_s")
            cTime = i;
        else if (f == "adapter")
            cAdapter = i;
        else if (f == "rank")
            cRank = i;
        else if (f == "input_len")
            cIn = i;
        else if (f == "output_len")
            cOut = i;
        else if (f == "failed")
            cFailed = i;
        else if (f == "session")
            cSession = i;
        else if (f == "turn")
            cTurn = i;
        else if (f == "parent")
            cParent = i;
        else if (f == "think_s")
            cThink = i;
        else if (f == "prefix")
            cPrefix = i;
        else
            report.ignoredColumns.push_back(textscan::textExcerpt(f, 40));
    }
    if (cTime < 0 || cIn < 0 || cOut < 0)
        throw InputError("header must name the columns time_s, input_len and output_len (LoraScope CSV: "
                         "id,time_s,adapter,rank,input_len,output_len); got \""
                + textscan::textExcerpt(text, 80) + "\"",
            file, lineNo, "header");
    AdapterIndex index(t);
    std::vector<std::uint64_t> ids;
    bool idsAreIndex = true;
    textscan::SessionColumns sessions;
    if (cPrefix >= 0)
        t.segmentOffsets.push_back(0);
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
                    throw InputError("column failed: expected 0 or 1, got \"" + std::string(f.substr(0, 80)) + "\"",
                        file, lineNo, "failed");
            }
            Request r;
            r.time = checkTime(parseCsvNumber(field(cTime), "time_s", file, lineNo), "time_s", file, lineNo);
            r.inputLen = csvLength(field(cIn), "input_len", file, lineNo, failed);
            r.outputLen = csvLength(field(cOut), "output_len", file, lineNo, failed);
            int rank = 0;
            if (cRank >= 0 && !field(cRank).empty()) {
                const double rv = parseCsvNumber(field(cRank), "rank", file, lineNo);
                if (rv < 0 || std::floor(rv) != rv || rv > std::numeric_limits<int>::max())
                    throw InputError("column rank: expected a non-negative integer, got \""
                            + std::string(field(cRank).substr(0, 80)) + "\"",
                        file, lineNo, "rank");
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
                        throw InputError("column id: expected a non-negative integer, got \""
                                + std::string(idText.substr(0, 80)) + "\"",
                            file, lineNo, "id");
                    id = static_cast<std::uint64_t>(idv);
                }
            }
            SessionTurn st;
            std::uint64_t parentId = kNoParent;
            auto count = [&](int c, const char* name) -> std::optional<std::uint64_t> {
                if (c < 0 || textscan::trim(field(c)).empty())
                    return std::nullopt;
                std::uint64_t v = 0;
                if (!textscan::parseUnsigned(textscan::trim(field(c)), v) || v == kNoParent)
                    throw InputError(std::string("column ") + name + ": expected a non-negative integer, got \""
                            + std::string(field(c).substr(0, 80)) + "\"",
                        file, lineNo, name);
                return v;
            };
            if (const auto session = count(cSession, "session")) {
                st.session = *session;
                const auto turn = count(cTurn, "turn").value_or(1);
                if (turn == 0 || turn > 0xFFFFFFFFull)
                    throw InputError("column turn: expected a turn number from 1", file, lineNo, "turn");
                st.turn = static_cast<std::uint32_t>(turn);
                parentId = count(cParent, "parent").value_or(kNoParent);
                if (cThink >= 0 && !textscan::trim(field(cThink)).empty()) {
                    st.think = readhelpers::checkThink(
                        parseCsvNumber(field(cThink), "think_s", file, lineNo), "think_s", file, lineNo);
                }
            } else if (count(cTurn, "turn") || count(cParent, "parent")) {
                throw InputError("column session: empty, but turn or parent is given", file, lineNo, "session");
            }
            const auto segmentsBefore = t.segments.size();
            if (cPrefix >= 0) {
                try {
                    parsePrefixCell(field(cPrefix), t, file, lineNo);
                } catch (...) {
                    t.segments.resize(segmentsBefore);
                    throw;
                }
            }
            if (id != t.requests.size())
                idsAreIndex = false;
            ids.push_back(id);
            pushFailed(t, failed);
            t.requests.push_back(r);
            sessions.push(t, lineNo, st, parentId, t.segments.size() > segmentsBefore);
        } catch (const InputError& e) {
            if (!options.skipBad)
                throw;
            if (report.skipped++ == 0)
                report.firstSkipReason = e.what();
            idsAreIndex = false;
        }
    }
    const auto order = textscan::finishImport(t, ids, idsAreIndex);
    sessions.finish(t, order, file);
    return t;
}

} // namespace lorascope
