// SPDX-License-Identifier: Apache-2.0
// AIPerf's custom datasets (ai-dynamo/aiperf, read at: src/aiperf/dataset/loader/mooncake_trace.py
// 0308411ce8c3c70e91116dd254c4c6feb9daa604, multi_turn.py 13b4567abe1c493c36150db9545ca22db2f8cb61,
// docs/benchmark-modes/trace-replay.md and docs/reference/conversation-context-mode.md
// 0109a64e75c3f43aa02bc1ce29f66deb16f57bda):
//
// `aiperf`: the mooncake_trace type with sessions, one request a line:
//   {"session_id": "17", "timestamp": ms, "input_length": n, "output_length": m, "hash_ids": [...]}
//   {"session_id": "17", "delay": ms, "input_length": n, "output_length": m}
// A session's rows are its turns in file order; a later turn has a `delay` (milliseconds after the
// previous answer ended: LoraScope's think time) or a `timestamp`. AIPerf accumulates the history
// itself (its default context mode for these rows, deltas_without_responses): input_length is the
// turn's *new* tokens, and hash_ids are 512-token blocks of that new text. Rows without session_id
// are requests of their own.
//
// `aiperf-multi-turn`: the multi_turn type, one session a line:
//   {"session_id": "17", "turns": [{"role": "system", "text": "..."},
//     {"timestamp": ms, "text": "...", "output_length": m}, {"delay": ms, "text": "...", "output_length": m}]}
// Texts are LoraScope's synthetic words (workload/prompttext.h), so a turn's tokens are its words;
// text from elsewhere is counted the same way (whitespace-separated words), an estimate. A leading
// system turn is the session's system prompt (equal texts share one segment). The words are
// synthetic: a file read and written again has other words of the same lengths, and is stable
// from then on.
//
// Designed times of later turns (neither format has them): the previous turn's time plus the
// default service estimate (ServiceEstimate in workload/spec.h) plus the think time.

#include "formats/importer.h"
#include "formats/sessioncolumns.h"
#include "formats/traceio.h"
#include "util/jsonread.h"
#include "workload/prefix.h"
#include "workload/prompttext.h"
#include "workload/sessions.h"

#include <nlohmann/json.hpp>

#include <unordered_map>

namespace lorascope {

namespace {

using nlohmann::json;

/// Session names as read: a decimal number up to 2^62 keeps its number (LoraScope writes its ids
/// so); any other name is numbered from 2^62 on in order of first appearance.
class SessionNames {
public:
    std::uint64_t of(const std::string& name)
    {
        auto [it, fresh] = m_ids.emplace(name, 0);
        if (fresh) {
            std::uint64_t v = 0;
            const bool decimal = name.size() <= 19 && name.find_first_not_of("0123456789") == std::string::npos
                && (name.size() == 1 || name[0] != '0') && textscan::parseUnsigned(name, v) && v < kNamedBase;
            it->second = decimal ? v : kNamedBase + m_named++;
        }
        return it->second;
    }

private:
    static constexpr std::uint64_t kNamedBase = 1ull << 62;
    std::unordered_map<std::string, std::uint64_t> m_ids;
    std::uint64_t m_named = 0;
};

/// The state of a session while its rows are read.
struct OpenSession {
    std::size_t last = 0; ///< index of its last request read
    std::uint32_t turns = 0;
};

/// Builds a document like nlohmann::json::parse, but keeps each floating-point number's text (as a
/// binary value): milliseconds then convert to seconds exactly (textscan::millisecondsAsSeconds).
struct KeepNumberText : nlohmann::detail::json_sax_dom_parser<json> {
    using Base = nlohmann::detail::json_sax_dom_parser<json>;
    using Base::Base;
    bool number_float(double, const std::string& text)
    {
        json::binary_t raw(std::vector<std::uint8_t>(text.begin(), text.end()));
        return Base::binary(raw);
    }
};

/// A line as a JSON document (errors as the shared reader names them), float numbers as their text.
json parseLine(std::string_view line, const std::string& file, std::uint64_t lineNo)
{
    parseJson(line, file, lineNo); // the depth limit and the plain-words errors
    json out;
    KeepNumberText sax(out);
    json::sax_parse(line, &sax);
    return out;
}

void msField(const json& o, const char* key, const textscan::Importer& imp, std::uint64_t line, double& seconds)
{
    const auto& v = o.at(key);
    if (v.is_binary()) {
        const auto& raw = v.get_binary();
        seconds = imp.time(std::string(raw.begin(), raw.end()), key, line, 1000.0);
        return;
    }
    if (!v.is_number())
        throw InputError(std::string(key) + ": expected milliseconds, got " + jsonExcerpt(v), imp.file(), line, key);
    seconds = imp.time(v.dump(), key, line, 1000.0);
}

std::uint32_t tokenField(const json& o, const char* key, const textscan::Importer& imp, std::uint64_t line)
{
    auto it = o.find(key);
    if (it == o.end() || it->is_null())
        throw InputError(std::string(key) + ": missing", imp.file(), line, key);
    if (it->is_binary()) {
        const auto& raw = it->get_binary();
        return imp.tokens(std::string(raw.begin(), raw.end()), key, line);
    }
    if (!it->is_number())
        throw InputError(std::string(key) + ": expected a token count (integer >= 0), got " + jsonExcerpt(*it),
            imp.file(), line, key);
    return imp.tokens(it->dump(), key, line);
}

/// "delay: 1e+20 s of think time is more than the 31622400 s (366 days) a turn may wait".
std::string thinkBoundMessage(const std::string& field, double seconds)
{
    return field + ": " + formatNumber(seconds)
        + " s of think time is more than the 31622400 s (366 days) a turn may wait";
}

/// Words separated by whitespace: the token count of LoraScope's synthetic text.
std::uint32_t wordCount(const std::string& text)
{
    std::uint64_t n = 0;
    bool inWord = false;
    for (const unsigned char c : text) {
        const bool space = c == ' ' || c == '\t' || c == '\n' || c == '\r';
        if (!space && !inWord)
            ++n;
        inWord = !space;
    }
    return static_cast<std::uint32_t>(std::min<std::uint64_t>(n, 0xFFFFFFFFull));
}

/// Per request, the hash ids of its own new text: declared Mooncake-style blocks as read, or
/// blocks hashed from the structure for first turns and requests outside sessions (numbered in
/// order of first appearance); later turns' new text is their own and gets none.
std::vector<std::vector<std::uint64_t>> deltaHashIds(const Trace& t)
{
    std::vector<std::vector<std::uint64_t>> out(t.requests.size());
    bool declared = t.hasSegments();
    for (const auto& s : t.segments)
        declared = declared && s.role == SegmentRole::Block;
    if (declared) {
        for (std::size_t i = 0; i < t.requests.size(); ++i)
            for (const auto& s : t.segmentsOf(i))
                out[i].push_back(s.id);
        return out;
    }
    if (!t.hasSegments())
        return out;
    std::unordered_map<std::uint64_t, std::uint64_t> number;
    for (std::size_t i = 0; i < t.requests.size(); ++i)
        if (t.parentOf(i) == kNoParent && !t.segmentsOf(i).empty())
            for (const auto h : blockHashes(t, i, kMooncakeBlockTokens, true))
                out[i].push_back(number.emplace(h, number.size()).first->second);
    return out;
}

} // namespace

Trace readAiperfTrace(std::istream& in, const std::string& file, const ReadOptions& options, ReadReport& report)
{
    textscan::Importer imp(file, options, report);
    textscan::LineReader lines(in, file);
    textscan::SessionColumns sessions;
    Trace& t = imp.trace;
    SessionNames names;
    std::unordered_map<std::uint64_t, OpenSession> open;
    std::vector<std::uint64_t> hashes;
    const ServiceEstimate service;
    std::string_view line;
    bool anyLine = false;
    while (lines.next(line)) {
        if (textscan::trim(line).empty())
            continue;
        anyLine = true;
        const auto lineNo = lines.lineNumber();
        imp.row([&] {
            const json o = parseLine(line, file, lineNo);
            if (!o.is_object())
                throw InputError("expected a JSON object with input_length and output_length", file, lineNo);
            for (const char* key : { "text_input", "messages", "payload" })
                if (o.contains(key))
                    throw InputError(std::string(key)
                            + ": rows with literal text are not read (LoraScope reads input_length rows; the text's "
                              "tokens are unknown)",
                        file, lineNo, key);
            const auto inLen = tokenField(o, "input_length", imp, lineNo);
            const auto outLen = tokenField(o, "output_length", imp, lineNo);
            hashes.clear();
            if (auto it = o.find("hash_ids"); it != o.end() && !it->is_null()) {
                if (!it->is_array() || !textscan::parseUnsignedArray(it->dump(), hashes))
                    throw InputError("hash_ids: expected an array of non-negative integers", file, lineNo, "hash_ids");
                if (!hashes.empty() && (hashes.size() - 1) * std::uint64_t(kMooncakeBlockTokens) >= inLen)
                    throw InputError("hash_ids: " + std::to_string(hashes.size()) + " blocks of "
                            + std::to_string(kMooncakeBlockTokens) + " tokens are longer than this turn's "
                            + std::to_string(inLen) + " new tokens (input_length)",
                        file, lineNo, "hash_ids");
            }
            bool inSession = false;
            std::uint64_t session = kNoSession;
            if (auto it = o.find("session_id"); it != o.end() && !it->is_null()) {
                if (!it->is_string() && !it->is_number_unsigned())
                    throw InputError(
                        "session_id: expected a string, got " + jsonExcerpt(*it), file, lineNo, "session_id");
                session = names.of(it->is_string() ? it->get<std::string>() : std::to_string(it->get<std::uint64_t>()));
                inSession = true;
            }
            const bool hasTimestamp = o.contains("timestamp") && !o["timestamp"].is_null();
            const bool hasDelay = o.contains("delay") && !o["delay"].is_null();
            if (hasTimestamp && hasDelay)
                throw InputError("delay: a row has either a timestamp or a delay, not both", file, lineNo, "delay");
            const auto openIt = inSession ? open.find(session) : open.end();
            SessionTurn st;
            std::uint64_t parent = kNoParent;
            double time = 0;
            std::uint64_t input = inLen;
            if (openIt != open.end()) {
                parent = openIt->second.last;
                const Request& pr = t.requests[parent];
                input += std::uint64_t(pr.inputLen) + pr.outputLen;
                if (input > kMaxPromptTokens)
                    throw InputError("input_length: the session's history and this turn hold " + std::to_string(input)
                            + " tokens, more than the " + std::to_string(kMaxTokenLength) + " a prompt may have",
                        file, lineNo, "input_length");
                double think = 0;
                if (hasTimestamp) {
                    msField(o, "timestamp", imp, lineNo, time);
                    think = std::max(0.0, time - pr.time - estimatedServiceSeconds(service, pr.outputLen));
                    if (think > kMaxThinkSeconds)
                        throw InputError(thinkBoundMessage("timestamp", think), file, lineNo, "timestamp");
                } else {
                    if (hasDelay)
                        msField(o, "delay", imp, lineNo, think);
                    if (think > kMaxThinkSeconds)
                        throw InputError(thinkBoundMessage("delay", think), file, lineNo, "delay");
                    time = pr.time + estimatedServiceSeconds(service, pr.outputLen) + think;
                    if (time > kMaxTraceTime)
                        throw InputError("delay: the turn would be sent after 10^12 s", file, lineNo, "delay");
                }
                st = { session, openIt->second.turns + 1, kNoParent, think };
            } else {
                if (!hasTimestamp)
                    throw InputError("timestamp: missing (the first row of a session, or a row without session_id, "
                                     "needs its time in milliseconds)",
                        file, lineNo, "timestamp");
                msField(o, "timestamp", imp, lineNo, time);
                if (inSession)
                    st = { session, 1, kNoParent, 0.0 };
            }
            if (inSession && (inLen == 0 || outLen == 0))
                throw InputError("input_length: a turn of a session needs input and output tokens (got "
                        + std::to_string(inLen) + " and " + std::to_string(outLen) + ")",
                    file, lineNo, "input_length");
            const auto index = t.requests.size();
            if (!imp.add(time, static_cast<std::uint32_t>(input), outLen))
                return;
            for (std::size_t k = 0; k < hashes.size(); ++k) {
                const std::uint64_t start = k * std::uint64_t(kMooncakeBlockTokens);
                t.segments.push_back({ hashes[k],
                    static_cast<std::uint32_t>(std::min<std::uint64_t>(kMooncakeBlockTokens, inLen - start)),
                    SegmentRole::Block });
            }
            sessions.pushIndexed(t, lineNo, st, parent, !hashes.empty());
            if (inSession)
                open[session] = { index, st.turn };
        });
    }
    if (!anyLine)
        throw InputError("empty file (expected one JSON object a line: {\"session_id\", \"timestamp\" or \"delay\" in "
                         "ms, \"input_length\", \"output_length\"})",
            file);
    Trace out = imp.finish();
    sessions.finish(out, imp.order(), file, "hash_ids");
    return out;
}

namespace {

/// AIPerf holds a session as one chain of turns, its rows (or turns) in order: a session that
/// branches (a turn with two next turns) or starts again (a second first turn with its id) would be
/// read back as other requests, so the writers refuse it, naming the requests.
void checkSessionsAreChains(const Trace& t, const char* format)
{
    if (!t.hasSessions())
        return;
    const std::size_t n = t.requests.size();
    std::vector<std::uint8_t> hasNext(n, 0);
    std::unordered_map<std::uint64_t, std::size_t> firstTurn;
    const std::string keep = std::string(": the ") + format
        + " format holds a session as one chain of turns (write jsonl, json or csv to keep it)";
    for (std::size_t i = 0; i < n; ++i) {
        const SessionTurn& st = t.sessions[i];
        if (st.session == kNoSession)
            continue;
        if (const auto p = st.parent; p != kNoParent && p < n) {
            if (hasNext[p])
                throw InputError("request " + std::to_string(t.idOf(i)) + " is a second next turn of request "
                    + std::to_string(t.idOf(p)) + " in session " + std::to_string(st.session)
                    + " (the session branches)" + keep);
            hasNext[p] = 1;
            // The reader puts a later turn at its designed time: the parent's time, the default
            // service estimate and the think time, which must stay a trace time.
            const double designed
                = t.requests[p].time + estimatedServiceSeconds(ServiceEstimate {}, t.requests[p].outputLen) + st.think;
            if (!(designed <= kMaxTraceTime))
                throw InputError("request " + std::to_string(t.idOf(i)) + " would be read back at "
                    + formatNumber(designed) + " s (its parent's time, the service estimate and its think time), "
                    + "after the latest trace time (10^12 s): the " + format
                    + " format cannot hold it (write jsonl, json or csv to keep it)");
        } else if (const auto [it, added] = firstTurn.emplace(st.session, i); !added) {
            throw InputError("request " + std::to_string(t.idOf(i)) + " starts session " + std::to_string(st.session)
                + " again after request " + std::to_string(t.idOf(it->second)) + " (the session restarts)" + keep);
        }
    }
}

} // namespace

void writeAiperfTrace(const Trace& t, std::ostream& out)
{
    checkSessionsAreChains(t, "aiperf");
    textscan::BlockWriter w(out);
    std::string& s = w.text();
    const auto hashIds = deltaHashIds(t);
    for (std::size_t i = 0; i < t.requests.size(); ++i) {
        const Request& r = t.requests[i];
        const bool inSession = t.hasSessions() && t.sessions[i].session != kNoSession;
        const auto parent = t.parentOf(i);
        s += '{';
        if (inSession) {
            s += "\"session_id\": \"";
            s += std::to_string(t.sessions[i].session);
            s += "\", ";
        }
        if (parent != kNoParent) {
            s += "\"delay\": ";
            appendMilliseconds(s, t.sessions[i].think);
        } else {
            s += "\"timestamp\": ";
            appendMilliseconds(s, r.time);
        }
        s += ", \"input_length\": ";
        appendNumber(s, static_cast<std::uint64_t>(r.inputLen - historyTokens(t, i)));
        s += ", \"output_length\": ";
        appendNumber(s, static_cast<std::uint64_t>(r.outputLen));
        if (!hashIds[i].empty()) {
            s += ", \"hash_ids\": [";
            for (std::size_t k = 0; k < hashIds[i].size(); ++k) {
                if (k)
                    s += ", ";
                appendNumber(s, hashIds[i][k]);
            }
            s += ']';
        }
        s += "}\n";
        w.maybeFlush();
    }
}

Trace readAiperfMultiTurn(std::istream& in, const std::string& file, const ReadOptions& options, ReadReport& report)
{
    textscan::Importer imp(file, options, report);
    textscan::LineReader lines(in, file);
    textscan::SessionColumns sessions;
    Trace& t = imp.trace;
    SessionNames names;
    const ServiceEstimate service;
    std::uint64_t unnamed = 0;
    // Equal system prompts share one segment, numbered in order of first appearance (so a file
    // written again from what was read numbers them the same).
    std::unordered_map<std::string, std::uint64_t> systemIds;
    std::string_view line;
    bool anyLine = false;
    while (lines.next(line)) {
        if (textscan::trim(line).empty())
            continue;
        anyLine = true;
        const auto lineNo = lines.lineNumber();
        imp.row([&] {
            const json o = parseLine(line, file, lineNo);
            if (!o.is_object() || !o.contains("turns") || !o["turns"].is_array() || o["turns"].empty())
                throw InputError("turns: expected an object with a non-empty \"turns\" array (one session a line)",
                    file, lineNo, "turns");
            bool inSession = false;
            std::uint64_t session = kNoSession;
            if (auto it = o.find("session_id"); it != o.end() && !it->is_null()) {
                if (!it->is_string() && !it->is_number_unsigned())
                    throw InputError(
                        "session_id: expected a string, got " + jsonExcerpt(*it), file, lineNo, "session_id");
                session = names.of(it->is_string() ? it->get<std::string>() : std::to_string(it->get<std::uint64_t>()));
                inSession = true;
            }
            const auto& turns = o["turns"];
            // First read the whole line, then add its requests: a bad turn leaves nothing behind.
            struct Row {
                double time;
                std::uint32_t input, output;
                double think;
            };
            std::vector<Row> rows;
            std::string systemText;
            std::size_t k = 0;
            const bool systemRole = turns[0].is_object() && turns[0].contains("role") && turns[0]["role"].is_string()
                && turns[0]["role"].get_ref<const std::string&>() == "system";
            if (systemRole && turns[0].contains("text") && !turns[0].contains("timestamp")
                && !turns[0].contains("delay") && !turns[0].contains("output_length")) {
                if (!turns[0]["text"].is_string())
                    throw InputError("turns[0].text: expected a string", file, lineNo, "turns");
                systemText = turns[0]["text"].get<std::string>();
                k = 1;
            }
            if (k >= turns.size())
                throw InputError("turns: a session needs a turn besides its system prompt", file, lineNo, "turns");
            const std::uint32_t systemTokens = wordCount(systemText);
            std::uint64_t input = 0;
            double time = 0;
            std::uint32_t lastOutput = 0;
            for (; k < turns.size(); ++k) {
                const std::string where = "turns[" + std::to_string(k) + "]";
                const auto& turn = turns[k];
                if (!turn.is_object())
                    throw InputError(where + ": expected an object", file, lineNo, "turns");
                if (!turn.contains("text") || !turn["text"].is_string())
                    throw InputError(
                        where + ".text: expected the turn's text (texts, images and other media are not read)", file,
                        lineNo, "text");
                if (!turn.contains("output_length") || turn["output_length"].is_null())
                    throw InputError(where + ".output_length: missing (each turn needs its output length)", file,
                        lineNo, "output_length");
                const auto output = tokenField(turn, "output_length", imp, lineNo);
                const auto words = wordCount(turn["text"].get<std::string>());
                const bool first = rows.empty();
                const bool hasTimestamp = turn.contains("timestamp") && !turn["timestamp"].is_null();
                const bool hasDelay = turn.contains("delay") && !turn["delay"].is_null();
                if (hasTimestamp && hasDelay)
                    throw InputError(
                        where + ".delay: a turn has either a timestamp or a delay, not both", file, lineNo, "delay");
                double think = 0;
                if (first) {
                    if (!hasTimestamp)
                        throw InputError(
                            where + ".timestamp: missing (a session's first turn needs its time in milliseconds)", file,
                            lineNo, "timestamp");
                    msField(turn, "timestamp", imp, lineNo, time);
                    input = std::uint64_t(systemTokens) + words;
                } else {
                    const double ready = time + estimatedServiceSeconds(service, lastOutput);
                    if (hasTimestamp) {
                        double at = 0;
                        msField(turn, "timestamp", imp, lineNo, at);
                        think = std::max(0.0, at - ready);
                        time = at;
                    } else {
                        if (hasDelay)
                            msField(turn, "delay", imp, lineNo, think);
                        time = ready + think;
                    }
                    if (think > kMaxThinkSeconds)
                        throw InputError(thinkBoundMessage(where + (hasTimestamp ? ".timestamp" : ".delay"), think),
                            file, lineNo, hasTimestamp ? "timestamp" : "delay");
                    input += std::uint64_t(lastOutput) + words;
                }
                if (input == 0 || output == 0 || input > kMaxPromptTokens || time > kMaxTraceTime)
                    throw InputError(where + ": a turn needs text, output tokens, a prompt of at most "
                            + std::to_string(kMaxTokenLength) + " tokens and a time within 10^12 s",
                        file, lineNo, "turns");
                rows.push_back({ time, static_cast<std::uint32_t>(input), output, think });
                lastOutput = output;
            }
            if (!inSession && rows.size() > 1)
                session = names.of("\x01unnamed " + std::to_string(unnamed++)),
                inSession = true; // AIPerf gives such a line a session of its own
            std::uint64_t parent = kNoParent;
            for (std::size_t r = 0; r < rows.size(); ++r) {
                const auto index = t.requests.size();
                if (!imp.add(rows[r].time, rows[r].input, rows[r].output))
                    break;
                if (r == 0 && systemTokens > 0)
                    t.segments.push_back({ systemIds.emplace(systemText, systemIds.size()).first->second, systemTokens,
                        SegmentRole::System });
                const SessionTurn st = inSession
                    ? SessionTurn { session, static_cast<std::uint32_t>(r + 1), kNoParent, rows[r].think }
                    : SessionTurn {};
                sessions.pushIndexed(t, lineNo, st, parent, r == 0 && systemTokens > 0);
                parent = index;
            }
        });
    }
    if (!anyLine)
        throw InputError("empty file (expected one session a line: {\"session_id\", \"turns\": [{\"timestamp\": ms, "
                         "\"text\", \"output_length\"}, ...]})",
            file);
    Trace out = imp.finish();
    sessions.finish(out, imp.order(), file, "turns");
    return out;
}

void writeAiperfMultiTurn(const Trace& t, std::ostream& out)
{
    checkSessionsAreChains(t, "aiperf-multi-turn");
    // One line per session, in order of its first turn; turns by their parents.
    const std::size_t n = t.requests.size();
    std::vector<std::vector<std::size_t>> children(t.hasSessions() ? n : 0);
    for (std::size_t i = 0; i < n && t.hasSessions(); ++i)
        if (const auto p = t.parentOf(i); p != kNoParent)
            children[p].push_back(i);
    const std::uint64_t seed = t.spec ? t.spec->seed : 0;
    textscan::BlockWriter w(out);
    std::string& s = w.text();
    std::vector<PromptPiece> pieces;
    for (std::size_t i = 0; i < n; ++i) {
        if (t.parentOf(i) != kNoParent)
            continue;
        const bool inSession = t.hasSessions() && t.sessions[i].session != kNoSession;
        s += '{';
        if (inSession) {
            s += "\"session_id\": \"";
            s += std::to_string(t.sessions[i].session);
            s += "\", ";
        }
        s += "\"turns\": [";
        // The first turn's leading system segments become the session's system prompt.
        pieces.clear();
        appendPromptPieces(t, i, pieces);
        std::size_t k = 0;
        std::string text;
        for (;
             k < pieces.size() && pieces[k].kind == PromptPiece::Kind::Segment && pieces[k].role == SegmentRole::System;
             ++k)
            appendContentWords(text, seed, contentKey(t, pieces[k]), pieces[k].tokens);
        if (!text.empty()) {
            s += "{\"role\": \"system\", \"text\": ";
            appendJsonString(s, text);
            s += "}, ";
        }
        for (std::size_t turn = i, step = 0;; ++step) {
            // A turn's own text: its segments (after the system prompt, on the first turn) and tail.
            text.clear();
            pieces.clear();
            if (step == 0) {
                appendPromptPieces(t, turn, pieces);
            } else {
                for (const auto& seg : t.segmentsOf(turn))
                    pieces.push_back({ PromptPiece::Kind::Segment, seg.role, seg.tokens, seg.id });
                if (const auto tail = tailTokens(t, turn); tail > 0)
                    pieces.push_back({ PromptPiece::Kind::Tail, SegmentRole::User, tail, turn });
            }
            for (std::size_t q = step == 0 ? k : 0; q < pieces.size(); ++q)
                appendContentWords(text, seed, contentKey(t, pieces[q]), pieces[q].tokens);
            if (step > 0)
                s += ", ";
            if (step == 0) {
                s += "{\"timestamp\": ";
                appendMilliseconds(s, t.requests[turn].time);
            } else {
                s += "{\"delay\": ";
                appendMilliseconds(s, t.sessions[turn].think);
            }
            s += ", \"text\": ";
            appendJsonString(s, text);
            s += ", \"output_length\": ";
            appendNumber(s, static_cast<std::uint64_t>(t.requests[turn].outputLen));
            s += '}';
            if (!t.hasSessions() || children[turn].empty())
                break;
            turn = children[turn]
                       .front(); // a session is a chain; a second child would start a branch AIPerf cannot hold
        }
        s += "]}\n";
        w.maybeFlush();
    }
}

} // namespace lorascope
