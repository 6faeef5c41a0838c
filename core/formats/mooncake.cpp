// SPDX-License-Identifier: Apache-2.0
// Mooncake trace JSONL and GuideLLM trace_synthetic JSONL: one request a line,
//   {"timestamp": T, "input_length": I, "output_length": O, "hash_ids": [...]}
// Mooncake (kvcache-ai/Mooncake FAST25 traces) gives T in milliseconds and may carry hash_ids
// (one id per 512-token block of the prompt, equal ids = equal blocks from the start of the prompt);
// GuideLLM's trace_synthetic data type reads T in seconds. Other members (e.g. "messages",
// "extra") are allowed and ignored. hash_ids become the trace's prefix segments (role "block", the
// last one partial) and are written back from them (workload/prefix.h).

#include "formats/importer.h"
#include "formats/traceio.h"
#include "util/jsonread.h"
#include "workload/prefix.h"

#include <unordered_map>

#include <nlohmann/json.hpp>

namespace lorascope {

namespace {

using textscan::JsonMember;

/// Reads the timestamp/input_length/output_length lines; T / `unitsPerSecond` is seconds.
Trace readTimedJsonl(std::istream& in, const std::string& file, const ReadOptions& options, ReadReport& report,
    double unitsPerSecond, bool withHashIds)
{
    textscan::Importer imp(file, options, report);
    textscan::LineReader lines(in, file);
    std::vector<JsonMember> members;
    std::string scratch;
    std::string_view line;
    bool anyHash = false;
    Trace& t = imp.trace;
    t.segmentOffsets.push_back(0);
    std::vector<std::uint64_t> hashes;
    bool anyLine = false;
    while (lines.next(line)) {
        if (textscan::trim(line).empty())
            continue;
        anyLine = true;
        const auto lineNo = lines.lineNumber();
        imp.row([&] {
            std::string numbers[4];
            std::string_view ts, il, ol, hs;
            bool haveHash = false;
            if (textscan::scanFlatObject(line, members, scratch)) {
                auto get = [&](const char* key, bool required) -> std::string_view {
                    const JsonMember* m = textscan::findMember(members, key);
                    if (!m) {
                        if (required)
                            throw InputError(std::string(key)
                                    + ": missing (each line needs timestamp, input_length and output_length)",
                                file, lineNo, key);
                        return {};
                    }
                    if (m->type != JsonMember::Type::Number
                        && !(m->type == JsonMember::Type::Array && std::string_view(key) == "hash_ids")) {
                        if (m->type == JsonMember::Type::Null && !required)
                            return {};
                        throw InputError(std::string(key) + ": expected a number", file, lineNo, key);
                    }
                    return m->text;
                };
                ts = get("timestamp", true);
                il = get("input_length", true);
                ol = get("output_length", true);
                hs = get("hash_ids", false);
                haveHash = !hs.empty();
            } else {
                // Not a flat object: let the full parser report the error, or handle nesting.
                const nlohmann::json o = parseJson(line, file, lineNo);
                if (!o.is_object())
                    throw InputError(
                        "expected a JSON object with timestamp, input_length and output_length", file, lineNo);
                int k = 0;
                for (const char* key : { "timestamp", "input_length", "output_length" }) {
                    auto it = o.find(key);
                    if (it == o.end())
                        throw InputError(
                            std::string(key) + ": missing (each line needs timestamp, input_length and output_length)",
                            file, lineNo, key);
                    if (!it->is_number())
                        throw InputError(
                            std::string(key) + ": expected a number, got " + jsonExcerpt(*it), file, lineNo, key);
                    numbers[k++] = it->dump();
                }
                ts = numbers[0];
                il = numbers[1];
                ol = numbers[2];
                if (auto it = o.find("hash_ids"); it != o.end() && !it->is_null()) {
                    numbers[3] = it->dump();
                    hs = numbers[3];
                    haveHash = true;
                }
            }
            const double time = imp.time(ts, "timestamp", lineNo, unitsPerSecond);
            const auto inLen = imp.tokens(il, "input_length", lineNo);
            const auto outLen = imp.tokens(ol, "output_length", lineNo);
            hashes.clear();
            if (haveHash && withHashIds && !textscan::parseUnsignedArray(hs, hashes))
                throw InputError("hash_ids: expected an array of non-negative integers", file, lineNo, "hash_ids");
            // Block k covers tokens [512k, 512(k+1)) of the prompt; the last one may be partial.
            if (!hashes.empty() && (hashes.size() - 1) * std::uint64_t(kMooncakeBlockTokens) >= inLen)
                throw InputError("hash_ids: " + std::to_string(hashes.size()) + " blocks of "
                        + std::to_string(kMooncakeBlockTokens) + " tokens are longer than the prompt of "
                        + std::to_string(inLen) + " tokens (input_length; at most "
                        + std::to_string((std::uint64_t(inLen) + kMooncakeBlockTokens - 1) / kMooncakeBlockTokens)
                        + " blocks)",
                    file, lineNo, "hash_ids");
            if (imp.add(time, inLen, outLen)) {
                for (std::size_t k = 0; k < hashes.size(); ++k) {
                    const std::uint64_t start = k * std::uint64_t(kMooncakeBlockTokens);
                    const auto tokens
                        = static_cast<std::uint32_t>(std::min<std::uint64_t>(kMooncakeBlockTokens, inLen - start));
                    t.segments.push_back({ hashes[k], tokens, SegmentRole::Block });
                }
                t.segmentOffsets.push_back(t.segments.size());
                anyHash = anyHash || haveHash;
            }
        });
    }
    if (!anyLine)
        throw InputError(std::string("empty file (expected one JSON object a line: {\"timestamp\": ")
                + (unitsPerSecond == 1.0 ? "seconds" : "milliseconds")
                + ", \"input_length\": ..., \"output_length\": ...})",
            file);
    if (!anyHash) {
        t.segments.clear();
        t.segmentOffsets.clear();
    }
    return imp.finish();
}

/// True when the trace's segments are Mooncake blocks as read (role block, 512 tokens each, the last
/// one ending the prompt) and there are no sessions: then they are written back as the same ids.
bool segmentsAreMooncakeBlocks(const Trace& t)
{
    if (t.hasSessions())
        return false;
    for (std::size_t i = 0; i < t.requests.size(); ++i) {
        const auto segs = t.segmentsOf(i);
        std::uint64_t sum = 0;
        for (std::size_t k = 0; k < segs.size(); ++k) {
            if (segs[k].role != SegmentRole::Block)
                return false;
            const bool last = k + 1 == segs.size();
            if (segs[k].tokens != kMooncakeBlockTokens && !(last && sum + segs[k].tokens == t.requests[i].inputLen))
                return false;
            sum += segs[k].tokens;
        }
    }
    return true;
}

/// Per request, Mooncake hash ids: the declared blocks as read, or the prompt's 512-token blocks
/// hashed from the prefix structure and numbered 0, 1, 2, ... in order of first appearance.
std::vector<std::vector<std::uint64_t>> mooncakeHashIds(const Trace& t)
{
    std::vector<std::vector<std::uint64_t>> out(t.requests.size());
    if (segmentsAreMooncakeBlocks(t)) {
        for (std::size_t i = 0; i < t.requests.size(); ++i)
            for (const auto& s : t.segmentsOf(i))
                out[i].push_back(s.id);
        return out;
    }
    std::unordered_map<std::uint64_t, std::uint64_t> number;
    forEachBlockHashes(t, kMooncakeBlockTokens, true, [&](std::size_t i, const std::vector<std::uint64_t>& hashes) {
        out[i].reserve(hashes.size());
        for (const auto h : hashes)
            out[i].push_back(number.emplace(h, number.size()).first->second);
    });
    return out;
}

void writeTimedJsonl(const Trace& t, std::ostream& out, double unitsPerSecond, bool withHashIds)
{
    textscan::BlockWriter w(out);
    std::string& s = w.text();
    const bool hashes = withHashIds && (t.hasSegments() || t.hasSessions());
    const auto ids = hashes ? mooncakeHashIds(t) : std::vector<std::vector<std::uint64_t>> {};
    for (std::size_t i = 0; i < t.requests.size(); ++i) {
        const Request& r = t.requests[i];
        s += "{\"timestamp\": ";
        if (unitsPerSecond == 1000.0)
            appendMilliseconds(s, r.time);
        else
            appendTime(s, r.time);
        s += ", \"input_length\": ";
        appendNumber(s, static_cast<std::uint64_t>(r.inputLen));
        s += ", \"output_length\": ";
        appendNumber(s, static_cast<std::uint64_t>(r.outputLen));
        if (hashes) {
            s += ", \"hash_ids\": [";
            for (std::size_t k = 0; k < ids[i].size(); ++k) {
                if (k > 0)
                    s += ", ";
                appendNumber(s, ids[i][k]);
            }
            s += ']';
        }
        s += "}\n";
        w.maybeFlush();
    }
}

} // namespace

Trace readMooncake(std::istream& in, const std::string& file, const ReadOptions& options, ReadReport& report)
{
    return readTimedJsonl(in, file, options, report, 1000.0, true);
}

void writeMooncake(const Trace& trace, std::ostream& out)
{
    writeTimedJsonl(trace, out, 1000.0, true);
}

Trace readGuidellmTrace(std::istream& in, const std::string& file, const ReadOptions& options, ReadReport& report)
{
    return readTimedJsonl(in, file, options, report, 1.0, false);
}

void writeGuidellmTrace(const Trace& trace, std::ostream& out)
{
    writeTimedJsonl(trace, out, 1.0, false);
}

} // namespace lorascope
