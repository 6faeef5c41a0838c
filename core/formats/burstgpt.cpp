// SPDX-License-Identifier: Apache-2.0
// BurstGPT CSV (HPMLL/BurstGPT): Timestamp,Model,Request tokens,Response tokens,Total tokens,Log Type
// (BurstGPT_3 adds Session ID and Elapsed time). Timestamp is seconds from the trace start. Rows
// with Response tokens = 0 are failed requests: kept and marked (Trace::failed) or dropped
// (ReadOptions::dropFailed). The Model column becomes the adapter by default (ChatGPT, GPT-4);
// ReadOptions::adapterColumn picks another column ("Log Type") or none.

#include "formats/importer.h"
#include "formats/traceio.h"

#include <algorithm>
#include <cctype>

namespace lorascope {

namespace {

std::string lower(std::string_view s)
{
    std::string out(textscan::trim(s));
    std::transform(
        out.begin(), out.end(), out.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return out;
}

} // namespace

Trace readBurstGpt(std::istream& in, const std::string& file, const ReadOptions& options, ReadReport& report)
{
    textscan::Importer imp(file, options, report);
    textscan::LineReader lines(in, file);
    std::string_view line;
    std::vector<std::string_view> fields;
    std::string scratch;
    if (!textscan::nextNonBlank(lines, line))
        throw InputError(
            "empty file (expected the header Timestamp,Model,Request tokens,Response tokens,Total tokens,Log Type)",
            file, 1, "header");
    if (!textscan::splitCsv(line, fields, scratch))
        throw InputError(
            "header: a quoted column name is not closed on the header line", file, lines.lineNumber(), "header");
    const auto headerLine = lines.lineNumber();
    std::vector<std::string> names, shown;
    for (auto f : fields) {
        names.push_back(lower(f));
        shown.emplace_back(f);
    }
    textscan::refuseDuplicateColumns(names, shown, file, headerLine);
    auto column = [&](const std::string& name) {
        auto it = std::find(names.begin(), names.end(), lower(name));
        return it == names.end() ? -1 : static_cast<int>(it - names.begin());
    };
    const int cTime = column("Timestamp"), cModel = column("Model"), cIn = column("Request tokens"),
              cOut = column("Response tokens"), cTotal = column("Total tokens");
    if (cTime < 0 || cIn < 0 || cOut < 0)
        throw InputError("header must name the columns Timestamp, Request tokens and Response tokens (BurstGPT); got \""
                + textscan::textExcerpt(line, 80) + "\"",
            file, headerLine, "header");
    std::string adapterColumn = options.adapterColumn.empty() ? std::string("Model") : options.adapterColumn;
    int cAdapter = -1;
    if (lower(adapterColumn) != "none" && options.assign.count == 0) {
        cAdapter = column(adapterColumn);
        if (cAdapter < 0 && !options.adapterColumn.empty())
            throw InputError("adapter column \"" + adapterColumn + "\" is not in the header \""
                    + textscan::textExcerpt(line, 80) + "\"",
                file, headerLine, "header");
    }
    if (!options.modelFilter.empty() && cModel < 0)
        throw InputError("a model filter needs the Model column, which the header lacks", file, headerLine, "Model");
    // What a LoraScope trace cannot hold (BurstGPT_3's Session ID and Elapsed time, the log type
    // when it is not the adapter, ...) is listed so that convert can say so.
    for (std::size_t i = 0; i < fields.size(); ++i) {
        const int c = static_cast<int>(i);
        const bool kept = c == cTime || c == cIn || c == cOut || c == cTotal || c == cAdapter
            || (c == cModel && !options.modelFilter.empty());
        if (!kept)
            report.ignoredColumns.push_back(textscan::textExcerpt(textscan::trim(fields[i]), 40));
    }
    const std::size_t columns = fields.size();
    textscan::AdapterIndex adapters(imp.trace);
    std::string record;
    std::uint64_t lineNo = 0;
    while (textscan::nextCsvRecord(lines, line, record, lineNo)) {
        imp.row([&] {
            textscan::splitCsv(line, fields, scratch); // quotes are balanced: nextCsvRecord joined the lines
            textscan::checkColumnCount(fields.size(), columns, file, lineNo);
            if (!options.modelFilter.empty()
                && textscan::trim(fields[static_cast<std::size_t>(cModel)]) != options.modelFilter) {
                imp.filtered();
                return;
            }
            const double time = imp.time(fields[static_cast<std::size_t>(cTime)], "Timestamp", lineNo);
            const auto inLen = imp.tokens(fields[static_cast<std::size_t>(cIn)], "Request tokens", lineNo);
            const auto outLen = imp.tokens(fields[static_cast<std::size_t>(cOut)], "Response tokens", lineNo);
            if (cTotal >= 0) {
                const auto total
                    = imp.tokens(fields[static_cast<std::size_t>(cTotal)], "Total tokens", lineNo, 2 * kMaxTokenLength);
                if (total != static_cast<std::uint64_t>(inLen) + outLen)
                    throw InputError("Total tokens: expected Request tokens + Response tokens = "
                            + std::to_string(static_cast<std::uint64_t>(inLen) + outLen) + ", got "
                            + std::to_string(total),
                        file, lineNo, "Total tokens");
            }
            std::uint32_t adapter = kNoAdapter;
            if (cAdapter >= 0) {
                const auto name = textscan::trim(fields[static_cast<std::size_t>(cAdapter)]);
                if (!textscan::isValidUtf8(name))
                    throw InputError(adapterColumn + ": the name is not valid UTF-8", file, lineNo, adapterColumn);
                adapter = adapters.lookup(name, 0);
            }
            imp.add(time, inLen, outLen, adapter);
        });
    }
    if (imp.trace.adapters.empty())
        imp.trace.adapterOrderKnown = true;
    return imp.finish();
}

void writeBurstGpt(const Trace& t, std::ostream& out)
{
    textscan::BlockWriter w(out);
    std::string& s = w.text();
    s += "Timestamp,Model,Request tokens,Response tokens,Total tokens,Log Type\n";
    for (std::size_t i = 0; i < t.requests.size(); ++i) {
        const Request& r = t.requests[i];
        appendTime(s, r.time);
        s += ',';
        static const std::string kBase; // base-model requests: empty Model, read back as no adapter
        const std::string& name = r.adapter == kNoAdapter ? kBase : t.adapters[r.adapter].name;
        if (name.find_first_of(",\"\n\r") == std::string::npos) {
            s += name;
        } else {
            s += '"';
            for (char c : name) {
                if (c == '"')
                    s += '"';
                s += c;
            }
            s += '"';
        }
        s += ',';
        appendNumber(s, static_cast<std::uint64_t>(r.inputLen));
        s += ',';
        appendNumber(s, static_cast<std::uint64_t>(r.outputLen));
        s += ',';
        appendNumber(s, static_cast<std::uint64_t>(r.inputLen) + r.outputLen);
        s += ",Conversation log\n";
        w.maybeFlush();
    }
}

} // namespace lorascope
