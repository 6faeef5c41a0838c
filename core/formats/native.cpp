// SPDX-License-Identifier: Apache-2.0
// LoraScope's own trace formats JSONL and JSON, the writers' number helpers, and the checks the
// native readers share (formats/readhelpers.h). CSV: nativecsv.cpp; S-LoRA's request list: slora.cpp.

#include "formats/traceio.h"

#include "formats/readhelpers.h"
#include "formats/sessioncolumns.h"
#include "formats/textscan.h"

#include "util/error.h"
#include "util/jsonread.h"
#include "util/version.h"
#include "workload/generator.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstring>
#include <numeric>
#include <optional>
#include <unordered_map>

namespace lorascope {

using nlohmann::json;

void appendJsonString(std::string& out, const std::string& text)
{
    out += '"';
    for (unsigned char c : text) {
        switch (c) {
        case '"':
            out += "\\\"";
            break;
        case '\\':
            out += "\\\\";
            break;
        case '\n':
            out += "\\n";
            break;
        case '\r':
            out += "\\r";
            break;
        case '\t':
            out += "\\t";
            break;
        default:
            if (c < 0x20) {
                char buf[8];
                std::snprintf(buf, sizeof buf, "\\u%04x", c);
                out += buf;
            } else {
                out += static_cast<char>(c);
            }
        }
    }
    out += '"';
}

void appendNumber(std::string& out, double value)
{
    char buf[32];
    auto res = std::to_chars(buf, buf + sizeof buf, value);
    out.append(buf, res.ptr);
}

void appendTime(std::string& out, double seconds)
{
    char buf[64];
    const double a = std::abs(seconds);
    const auto res = a == 0 || (a >= 1e-4 && a < 1e15)
        ? std::to_chars(buf, buf + sizeof buf, seconds, std::chars_format::fixed)
        : std::to_chars(buf, buf + sizeof buf, seconds);
    out.append(buf, res.ptr);
}

void appendMilliseconds(std::string& out, double seconds)
{
    // The reader computes seconds = ms / 1000; write the ms text that gives back exactly `seconds`.
    const double ms = seconds * 1000.0;
    const double whole = std::nearbyint(ms);
    if (std::abs(whole) < 9007199254740992.0 && whole / 1000.0 == seconds) {
        if (whole < 0) {
            out += '-';
            appendNumber(out, static_cast<std::uint64_t>(-whole));
        } else {
            appendNumber(out, static_cast<std::uint64_t>(whole));
        }
        return;
    }
    // Between milliseconds: the shortest decimal of the seconds with the point moved three places,
    // which the readers move back (textscan::millisecondsAsSeconds): exact for every time.
    std::string sec;
    appendTime(sec, seconds);
    if (seconds > 0 && sec.find_first_not_of("0123456789.") == std::string::npos) {
        const auto dot = sec.find('.');
        std::string whole = sec.substr(0, dot),
                    fraction = dot == std::string::npos ? std::string() : sec.substr(dot + 1);
        while (fraction.size() < 3)
            fraction += '0';
        whole += fraction.substr(0, 3);
        fraction.erase(0, 3);
        const auto first = whole.find_first_not_of('0');
        out += first == std::string::npos ? std::string("0") : whole.substr(first);
        if (!fraction.empty())
            out += "." + fraction;
        return;
    }
    double c = ms;
    for (int k = 0; k < 8 && std::isfinite(c) && c / 1000.0 != seconds; ++k)
        c = std::nextafter(c, c / 1000.0 < seconds ? HUGE_VAL : -HUGE_VAL);
    appendTime(out, c / 1000.0 == seconds ? c : ms);
}

void appendNumber(std::string& out, std::uint64_t value)
{
    char buf[24];
    auto res = std::to_chars(buf, buf + sizeof buf, value);
    out.append(buf, res.ptr);
}

namespace readhelpers {

std::uint32_t checkLength(double v, const char* field, const std::string& file, std::uint64_t line, bool failed)
{
    if (failed && v == 0)
        return 0; // a failed request (marked "failed") may have no tokens
    if (!(v >= 1) || std::floor(v) != v)
        throw InputError(std::string(field) + ": expected a positive integer token count, got " + formatNumber(v), file,
            line, field);
    if (v > kMaxTokenLength)
        throw InputError(v < 1.8e19 ? tokenBoundMessage(field, static_cast<std::uint64_t>(v))
                                    : std::string(field) + ": " + formatNumber(v) + " tokens is more than the "
                    + std::to_string(kMaxTokenLength) + " a request may have",
            file, line, field);
    return static_cast<std::uint32_t>(v);
}

double checkTime(double v, const char* field, const std::string& file, std::uint64_t line)
{
    if (!std::isfinite(v) || v < 0)
        throw InputError(
            std::string(field) + ": expected a time >= 0 in seconds, got " + formatNumber(v), file, line, field);
    if (v > kMaxTraceTime)
        throw InputError(std::string(field) + ": " + formatNumber(v)
                + " s is too late for a trace time (at most 10^12 s, about 31,700 years)",
            file, line, field);
    return v;
}

double checkThink(double v, const char* field, const std::string& file, std::uint64_t line)
{
    if (!std::isfinite(v) || v < 0)
        throw InputError(
            std::string(field) + ": expected a think time >= 0 seconds, got " + formatNumber(v), file, line, field);
    if (v > kMaxThinkSeconds)
        throw InputError(std::string(field) + ": " + formatNumber(v)
                + " s is longer than a think time may be (at most 31622400 s, 366 days)",
            file, line, field);
    return v;
}

void pushFailed(Trace& t, bool failed)
{
    // The column is created on the first failed request, also when that is the very first
    // request (an empty column means "none failed": the mark was once lost right there).
    if (failed && t.failed.size() < t.requests.size())
        t.failed.assign(t.requests.size(), 0);
    if (failed || !t.failed.empty())
        t.failed.push_back(failed ? 1 : 0);
}

nlohmann::json parseWhole(std::istream& in, const std::string& file, const char* expected)
{
    std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    if (text.find_first_not_of(" \t\r\n") == std::string::npos)
        throw InputError(std::string("empty file (expected ") + expected + ")", file);
    return parseJson(text, file);
}

} // namespace readhelpers

namespace {

constexpr int kTraceSchemaVersion = 1;

nlohmann::ordered_json headerJson(const Trace& t)
{
    nlohmann::ordered_json h;
    h["schemaVersion"] = kTraceSchemaVersion;
    h["kind"] = "lorascope-trace";
    h["tool"] = kToolName;
    h["toolVersion"] = kVersion;
    h["baseModel"] = t.baseModel;
    h["duration"] = t.duration;
    h["source"] = t.source;
    h["requestCount"] = t.requests.size();
    if (t.spec)
        h["seed"] = t.spec->seed;
    nlohmann::ordered_json adapters = nlohmann::ordered_json::array();
    for (const auto& a : t.adapters)
        adapters.push_back({ { "name", a.name }, { "rank", a.rank } });
    h["adapters"] = adapters;
    h["spec"] = t.spec ? nlohmann::ordered_json::parse(toJson(*t.spec).dump()) : nlohmann::ordered_json(nullptr);
    if (t.hasSegments())
        h["prefixSegments"] = true; // the trace has a prefix structure even where a request lists none
    return h;
}

/// Fills the trace's metadata from a header object (JSONL first line or JSON top level).
void applyHeader(Trace& t, const json& h, const std::string& file, std::uint64_t line, bool& prefixSegments,
    std::optional<std::uint64_t>* requestCount = nullptr)
{
    if (auto it = h.find("requestCount"); requestCount && it != h.end() && !it->is_null()) {
        if (!it->is_number_unsigned() && !(it->is_number_integer() && it->get<std::int64_t>() >= 0))
            throw InputError(
                "requestCount: expected the number of requests, got " + jsonExcerpt(*it), file, line, "requestCount");
        *requestCount = it->get<std::uint64_t>();
    }
    if (auto it = h.find("prefixSegments"); it != h.end()) {
        if (!it->is_boolean())
            throw InputError(
                "prefixSegments: expected true or false, got " + jsonExcerpt(*it), file, line, "prefixSegments");
        prefixSegments = it->get<bool>();
    }
    if (h.contains("schemaVersion")) {
        const auto& v = h["schemaVersion"];
        if (!v.is_number_integer() || v.get<int>() < 1 || v.get<int>() > kTraceSchemaVersion)
            throw InputError("schemaVersion: unsupported trace version " + jsonExcerpt(v) + " (this LoraScope reads 1)",
                file, line, "schemaVersion");
    }
    if (h.contains("baseModel") && h["baseModel"].is_string())
        t.baseModel = h["baseModel"].get<std::string>();
    if (h.contains("duration") && h["duration"].is_number())
        t.duration = h["duration"].get<double>();
    if (h.contains("source") && h["source"].is_string())
        t.source = h["source"].get<std::string>();
    if (h.contains("toolVersion") && h["toolVersion"].is_string())
        t.toolVersion = h["toolVersion"].get<std::string>();
    if (h.contains("adapters")) {
        const auto& arr = h["adapters"];
        if (!arr.is_array())
            throw InputError("adapters: expected an array of {name, rank}", file, line, "adapters");
        for (std::size_t i = 0; i < arr.size(); ++i) {
            const auto& a = arr[i];
            if (!a.is_object() || !a.contains("name") || !a["name"].is_string())
                throw InputError("adapters[" + std::to_string(i) + "].name: expected a string", file, line, "adapters");
            int rank = 0;
            if (a.contains("rank")) {
                if (!a["rank"].is_number_integer())
                    throw InputError(
                        "adapters[" + std::to_string(i) + "].rank: expected an integer", file, line, "adapters");
                rank = a["rank"].get<int>();
            }
            t.adapters.push_back({ a["name"].get<std::string>(), rank });
        }
    }
    if (h.contains("spec") && !h["spec"].is_null()) {
        try {
            t.spec = specFromJson(h["spec"], file);
        } catch (const InputError& e) {
            throw InputError("spec." + e.detail(), file, line, "spec." + e.field());
        }
    }
}

/// Maps adapter names to indices, adding unknown names (whose order is then unknown).
using readhelpers::checkLength;
using readhelpers::checkThink;
using readhelpers::checkTime;
using readhelpers::parseWhole;
using readhelpers::pushFailed;
using textscan::AdapterIndex;

/// Sorts requests by time (stable) if a file listed them out of order, keeping their ids and side
/// columns, then resolves and checks the session parents and prefix segments.
void finishWithSessions(Trace& t, std::vector<std::uint64_t>& ids, bool idsAreIndex, textscan::SessionColumns& sessions,
    bool prefixSegments, const std::string& file)
{
    if (prefixSegments && t.segmentOffsets.empty())
        t.segmentOffsets.assign(t.requests.size() + 1, 0);
    const auto order = textscan::finishImport(t, ids, idsAreIndex);
    sessions.finish(t, order, file);
}

/// A request's session fields and segments from a request object; pushes the segments onto t.
void readSessionFields(const json& o, Trace& t, SessionTurn& s, std::uint64_t& parentId, bool& hasSegments,
    const std::string& file, std::uint64_t line)
{
    auto count = [&](const char* key, std::uint64_t max) -> std::optional<std::uint64_t> {
        auto it = o.find(key);
        if (it == o.end() || it->is_null())
            return std::nullopt;
        if (!it->is_number_unsigned() && !(it->is_number_integer() && it->get<std::int64_t>() >= 0))
            throw InputError(
                std::string(key) + ": expected a non-negative integer, got " + jsonExcerpt(*it), file, line, key);
        const auto v = it->get<std::uint64_t>();
        if (v > max)
            throw InputError(std::string(key) + ": " + std::to_string(v) + " is larger than " + std::to_string(max),
                file, line, key);
        return v;
    };
    if (const auto session = count("session", kNoSession - 1)) {
        s.session = *session;
        s.turn = static_cast<std::uint32_t>(count("turn", 0xFFFFFFFFull).value_or(1));
        if (s.turn == 0)
            throw InputError("turn: expected a turn number from 1", file, line, "turn");
        parentId = count("parent", kNoParent - 1).value_or(kNoParent);
        if (auto it = o.find("think_s"); it != o.end() && !it->is_null()) {
            if (!it->is_number() || !std::isfinite(it->get<double>()) || it->get<double>() < 0)
                throw InputError(
                    "think_s: expected a think time >= 0 seconds, got " + jsonExcerpt(*it), file, line, "think_s");
            s.think = checkThink(it->get<double>(), "think_s", file, line);
        }
    } else {
        for (const char* key : { "turn", "parent", "think_s" })
            if (auto it = o.find(key); it != o.end() && !it->is_null())
                throw InputError(
                    std::string(key) + ": given without a session (give \"session\": its session id)", file, line, key);
    }
    if (auto it = o.find("prefix"); it != o.end() && !it->is_null()) {
        if (!it->is_array())
            throw InputError(
                "prefix: expected an array of [id, tokens, role], got " + jsonExcerpt(*it), file, line, "prefix");
        for (std::size_t k = 0; k < it->size(); ++k) {
            const auto& e = (*it)[k];
            const std::string where = "prefix[" + std::to_string(k) + "]";
            if (!e.is_array() || e.size() != 3
                || !(e[0].is_number_unsigned() || (e[0].is_number_integer() && e[0].get<std::int64_t>() >= 0))
                || !(e[1].is_number_unsigned() || (e[1].is_number_integer() && e[1].get<std::int64_t>() > 0))
                || !e[2].is_string())
                throw InputError(where + ": expected [id, tokens, role] with id >= 0, tokens >= 1 and a role name, got "
                        + jsonExcerpt(e),
                    file, line, "prefix");
            if (e[1].get<std::uint64_t>() > kMaxTokenLength)
                throw InputError(tokenBoundMessage(where + ".tokens", e[1].get<std::uint64_t>()), file, line, "prefix");
            const auto role = segmentRoleFromName(e[2].get<std::string>());
            if (!role)
                throw InputError(
                    where + ": unknown role " + jsonExcerpt(e[2]) + " (expected system, document, user or block)", file,
                    line, "prefix");
            t.segments.push_back(
                { e[0].get<std::uint64_t>(), static_cast<std::uint32_t>(e[1].get<std::uint64_t>()), *role });
        }
        hasSegments = true;
    }
}

/// The request's priority and tier (side columns of the trace, workload/trace.h): absent ones are 0
/// and no tier while another request has one.
void pushPriorityAndTier(Trace& t, const std::optional<std::int32_t>& priority, const std::string* tier,
    const std::string& file, std::uint64_t line)
{
    std::size_t index = kNoTier;
    if (tier) { // checked before anything is kept, so a refused line leaves no trace (--skip-bad)
        index
            = static_cast<std::size_t>(std::find(t.tierNames.begin(), t.tierNames.end(), *tier) - t.tierNames.begin());
        if (index == t.tierNames.size() && t.tierNames.size() >= kMaxTiers)
            throw InputError("tier: more than " + std::to_string(kMaxTiers) + " different tiers", file, line, "tier");
    }
    // The first request that has one fills the column for those before it (none before the first
    // request of all: the test is on the column or this request, not on emptiness).
    if (priority || !t.priorities.empty()) {
        t.priorities.resize(t.requests.size(), 0);
        t.priorities.push_back(priority.value_or(0));
    }
    if (!tier && t.tiers.empty())
        return;
    t.tiers.resize(t.requests.size(), kNoTier);
    if (tier && index == t.tierNames.size())
        t.tierNames.push_back(*tier);
    t.tiers.push_back(static_cast<std::uint16_t>(index));
}

/// Reads one request object (JSONL line or JSON array element).
void readRequestObject(const json& o, Trace& t, AdapterIndex& index, std::vector<std::uint64_t>& ids, bool& idsAreIndex,
    textscan::SessionColumns& sessions, const std::string& file, std::uint64_t line, const ReadOptions& options,
    ReadReport& report)
{
    if (!o.is_object())
        throw InputError("expected a request object, got " + jsonExcerpt(o), file, line);
    auto num = [&](const char* key) -> double {
        auto it = o.find(key);
        if (it == o.end())
            throw InputError(
                std::string(key) + ": missing (a request needs time_s, input_len and output_len)", file, line, key);
        if (!it->is_number())
            throw InputError(std::string(key) + ": expected a number, got " + jsonExcerpt(*it), file, line, key);
        return it->get<double>();
    };
    bool failed = false;
    if (auto it = o.find("failed"); it != o.end() && !it->is_null()) {
        if (!it->is_boolean())
            throw InputError("failed: expected true or false, got " + jsonExcerpt(*it), file, line, "failed");
        failed = it->get<bool>();
    }
    Request r;
    r.time = checkTime(num("time_s"), "time_s", file, line);
    r.inputLen = checkLength(num("input_len"), "input_len", file, line, failed);
    r.outputLen = checkLength(num("output_len"), "output_len", file, line, failed);
    int rank = 0;
    if (auto it = o.find("rank"); it != o.end() && !it->is_null()) {
        if (!it->is_number_integer())
            throw InputError("rank: expected an integer, got " + jsonExcerpt(*it), file, line, "rank");
        rank = it->get<int>();
    }
    if (auto it = o.find("adapter"); it != o.end() && !it->is_null()) {
        if (!it->is_string())
            throw InputError(
                "adapter: expected the adapter name as a string, got " + jsonExcerpt(*it), file, line, "adapter");
        r.adapter = index.lookup(it->get<std::string>(), rank, file, line, options.keepFirstRank, report);
    }
    std::uint64_t id = t.requests.size();
    if (auto it = o.find("id"); it != o.end()) {
        if (!it->is_number_unsigned() && !(it->is_number_integer() && it->get<std::int64_t>() >= 0))
            throw InputError("id: expected a non-negative integer, got " + jsonExcerpt(*it), file, line, "id");
        id = it->get<std::uint64_t>();
    }
    SessionTurn st;
    std::uint64_t parentId = kNoParent;
    bool hasSegments = false;
    const auto segmentsBefore = t.segments.size();
    try {
        readSessionFields(o, t, st, parentId, hasSegments, file, line);
    } catch (...) {
        t.segments.resize(segmentsBefore); // a bad line leaves nothing behind (--skip-bad)
        throw;
    }
    std::optional<std::int32_t> priority;
    if (auto it = o.find("priority"); it != o.end() && !it->is_null()) {
        if (!it->is_number_integer() || it->get<std::int64_t>() < -kMaxPriority
            || it->get<std::int64_t>() > kMaxPriority)
            throw InputError("priority: expected an integer from -" + std::to_string(kMaxPriority) + " to "
                    + std::to_string(kMaxPriority) + ", got " + jsonExcerpt(*it),
                file, line, "priority");
        priority = static_cast<std::int32_t>(it->get<std::int64_t>());
    }
    std::string tierName;
    const std::string* tier = nullptr;
    if (auto it = o.find("tier"); it != o.end() && !it->is_null()) {
        if (!it->is_string() || it->get<std::string>().empty() || it->get<std::string>().size() > 200)
            throw InputError(
                "tier: expected the tier's name (1 to 200 characters), got " + jsonExcerpt(*it), file, line, "tier");
        tierName = it->get<std::string>();
        tier = &tierName;
    }
    if (id != t.requests.size())
        idsAreIndex = false;
    ids.push_back(id);
    pushFailed(t, failed);
    pushPriorityAndTier(t, priority, tier, file, line);
    t.requests.push_back(r);
    sessions.push(t, line, st, parentId, hasSegments);
}

/// The common request line of LoraScope's own writer, read without a general JSON parser.
/// Returns false for anything unusual (then the general path parses it and names any error).
bool readRequestFast(const std::vector<textscan::JsonMember>& members, Trace& t, AdapterIndex& index,
    std::vector<std::uint64_t>& ids, bool& idsAreIndex, textscan::SessionColumns& sessions, const std::string& file,
    std::uint64_t line, const ReadOptions& options, ReadReport& report)
{
    using textscan::JsonMember;
    const JsonMember *mTime = nullptr, *mIn = nullptr, *mOut = nullptr, *mAdapter = nullptr, *mRank = nullptr,
                     *mId = nullptr, *mFailed = nullptr;
    const JsonMember *mSession = nullptr, *mTurn = nullptr, *mParent = nullptr, *mThink = nullptr;
    for (const auto& m : members) {
        const auto k = m.key;
        if (k == "time_s")
            mTime = &m;
        else if (k == "input_len")
            mIn = &m;
        else if (k == "output_len")
            mOut = &m;
        else if (k == "adapter")
            mAdapter = &m;
        else if (k == "rank")
            mRank = &m;
        else if (k == "id")
            mId = &m;
        else if (k == "failed")
            mFailed = &m;
        else if (k == "session")
            mSession = &m;
        else if (k == "turn")
            mTurn = &m;
        else if (k == "parent")
            mParent = &m;
        else if (k == "think_s")
            mThink = &m;
        else if (k == "prefix" || k == "priority" || k == "tier")
            return false; // segments, priorities, tiers: the general path
    }
    // Session fields, all plain numbers here (anything else goes to the general path, which names it).
    SessionTurn st;
    std::uint64_t parentId = kNoParent;
    if (mSession || mTurn || mParent || mThink) {
        std::uint64_t session = 0, turn = 0, parent = 0;
        double think = 0;
        if (!mSession || mSession->type != JsonMember::Type::Number || !textscan::parseUnsigned(mSession->text, session)
            || session == kNoSession || !mTurn || mTurn->type != JsonMember::Type::Number
            || !textscan::parseUnsigned(mTurn->text, turn) || turn == 0 || turn > 0xFFFFFFFFull)
            return false;
        if (mParent
            && (mParent->type != JsonMember::Type::Number || !textscan::parseUnsigned(mParent->text, parent)
                || parent == kNoParent))
            return false;
        if (mThink
            && (mThink->type != JsonMember::Type::Number || !textscan::parseDouble(mThink->text, think)
                || !std::isfinite(think) || think < 0 || think > kMaxThinkSeconds))
            return false;
        st = { session, static_cast<std::uint32_t>(turn), kNoParent, think };
        parentId = mParent ? parent : kNoParent;
    }
    if (!mTime || !mIn || !mOut || mTime->type != JsonMember::Type::Number || mIn->type != JsonMember::Type::Number
        || mOut->type != JsonMember::Type::Number)
        return false;
    bool failed = false;
    if (mFailed && mFailed->type != JsonMember::Type::Null) {
        if (mFailed->type != JsonMember::Type::True && mFailed->type != JsonMember::Type::False)
            return false;
        failed = mFailed->type == JsonMember::Type::True;
    }
    Request r;
    double time = 0;
    std::uint64_t in = 0, out = 0;
    if (!textscan::parseDouble(mTime->text, time) || !std::isfinite(time) || time < 0 || time > kMaxTraceTime)
        return false;
    if (!textscan::parseUnsigned(mIn->text, in) || !textscan::parseUnsigned(mOut->text, out) || in > kMaxTokenLength
        || out > kMaxTokenLength || (!failed && (in == 0 || out == 0)))
        return false;
    r.time = time;
    r.inputLen = static_cast<std::uint32_t>(in);
    r.outputLen = static_cast<std::uint32_t>(out);
    int rank = 0;
    if (mRank && mRank->type != JsonMember::Type::Null) {
        std::int64_t rv = 0;
        const auto* b = mRank->text.data();
        const auto* e = b + mRank->text.size();
        auto res = std::from_chars(b, e, rv);
        if (mRank->type != JsonMember::Type::Number || res.ec != std::errc() || res.ptr != e
            || rv < std::numeric_limits<int>::min() || rv > std::numeric_limits<int>::max())
            return false;
        rank = static_cast<int>(rv);
    }
    std::uint64_t id = t.requests.size();
    if (mId) {
        const auto* b = mId->text.data();
        const auto* e = b + mId->text.size();
        if (mId->type != JsonMember::Type::Number)
            return false;
        auto res = std::from_chars(b, e, id);
        if (res.ec != std::errc() || res.ptr != e)
            return false;
    }
    if (mAdapter && mAdapter->type != JsonMember::Type::Null) {
        if (mAdapter->type != JsonMember::Type::String)
            return false;
        r.adapter = index.lookup(mAdapter->text, rank, file, line, options.keepFirstRank, report);
    }
    if (id != t.requests.size())
        idsAreIndex = false;
    ids.push_back(id);
    pushFailed(t, failed);
    pushPriorityAndTier(t, std::nullopt, nullptr, file, line);
    t.requests.push_back(r);
    sessions.push(t, line, st, parentId, false);
    return true;
}

/// Writes request lines; the adapter part ("adapter":..,"rank":..) is escaped once per adapter.
class RequestLines {
public:
    explicit RequestLines(const Trace& t)
        : m_trace(t)
    {
        m_adapterPart.reserve(t.adapters.size());
        for (const auto& a : t.adapters) {
            std::string part = ",\"adapter\":";
            appendJsonString(part, a.name);
            part += ",\"rank\":";
            appendNumber(part, static_cast<std::uint64_t>(a.rank));
            m_adapterPart.push_back(std::move(part));
        }
    }
    /// Appends request i's JSON object (no newline).
    void append(std::string& line, std::size_t i) const
    {
        const Request& r = m_trace.requests[i];
        line += "{\"id\":";
        appendNumber(line, m_trace.idOf(i));
        line += ",\"time_s\":";
        appendTime(line, r.time);
        if (r.adapter == kNoAdapter)
            line += ",\"adapter\":null,\"rank\":0";
        else
            line += m_adapterPart[r.adapter];
        line += ",\"input_len\":";
        appendNumber(line, static_cast<std::uint64_t>(r.inputLen));
        line += ",\"output_len\":";
        appendNumber(line, static_cast<std::uint64_t>(r.outputLen));
        if (m_trace.isFailed(i))
            line += ",\"failed\":true";
        if (m_trace.hasPriorities()) {
            line += ",\"priority\":";
            const std::int32_t p = m_trace.priorities[i];
            if (p < 0)
                line += '-';
            appendNumber(line, static_cast<std::uint64_t>(p < 0 ? -static_cast<std::int64_t>(p) : p));
        }
        if (!m_trace.tiers.empty() && m_trace.tiers[i] != kNoTier) {
            line += ",\"tier\":";
            appendJsonString(line, m_trace.tierNames[m_trace.tiers[i]]);
        }
        if (m_trace.hasSessions() && m_trace.sessions[i].session != kNoSession) {
            const SessionTurn& s = m_trace.sessions[i];
            line += ",\"session\":";
            appendNumber(line, s.session);
            line += ",\"turn\":";
            appendNumber(line, static_cast<std::uint64_t>(s.turn));
            if (s.parent != kNoParent) {
                line += ",\"parent\":";
                appendNumber(line, m_trace.idOf(static_cast<std::size_t>(s.parent)));
            }
            if (s.think != 0 || s.parent != kNoParent) {
                line += ",\"think_s\":";
                appendTime(line, s.think);
            }
        }
        if (const auto segs = m_trace.segmentsOf(i); !segs.empty()) {
            line += ",\"prefix\":[";
            for (std::size_t k = 0; k < segs.size(); ++k) {
                line += k ? ",[" : "[";
                appendNumber(line, segs[k].id);
                line += ',';
                appendNumber(line, static_cast<std::uint64_t>(segs[k].tokens));
                line += ",\"";
                line += segmentRoleName(segs[k].role);
                line += "\"]";
            }
            line += ']';
        }
        line += '}';
    }

private:
    const Trace& m_trace;
    std::vector<std::string> m_adapterPart;
};

} // namespace

// ---------------------------------------------------------------------------------------------
// JSONL

void writeNativeJsonl(const Trace& t, std::ostream& out)
{
    out << headerJson(t).dump() << '\n';
    const RequestLines lines(t);
    textscan::BlockWriter w(out);
    for (std::size_t i = 0; i < t.requests.size(); ++i) {
        lines.append(w.text(), i);
        w.text() += '\n';
        w.maybeFlush();
    }
}

Trace readNativeJsonl(std::istream& in, const std::string& file, const ReadOptions& options, ReadReport& report)
{
    Trace t;
    t.toolVersion.clear();
    std::vector<std::uint64_t> ids;
    bool idsAreIndex = true;
    textscan::LineReader lines(in, file);
    std::string_view text;
    std::vector<textscan::JsonMember> members;
    std::string scratch;
    std::uint64_t lineNo = 0;
    bool first = true;
    bool prefixSegments = false;
    textscan::SessionColumns sessions;
    std::unique_ptr<AdapterIndex> index;
    std::optional<std::uint64_t> declared; // the header's requestCount
    std::uint64_t headerLine = 0;
    while (lines.next(text)) {
        lineNo = lines.lineNumber();
        if (text.find_first_not_of(" \t") == std::string_view::npos)
            continue;
        try {
            // Request lines as LoraScope writes them take the fast path; the header, and anything
            // the fast path does not handle, go through the JSON parser (which names any error).
            if (!first && !index) // the header line was skipped as bad (--skip-bad)
                index = std::make_unique<AdapterIndex>(t);
            if (!first && textscan::scanFlatObject(text, members, scratch)
                && readRequestFast(members, t, *index, ids, idsAreIndex, sessions, file, lineNo, options, report))
                continue;
            const json o = parseJson(text, file, lineNo);
            if (first) {
                first = false;
                // A header has no request fields: a first line with lengths but a misspelt or
                // missing time_s is a bad request line, not a header (else it reads as 0 requests).
                if (o.is_object() && !o.contains("time_s") && !o.contains("input_len") && !o.contains("output_len")) {
                    applyHeader(t, o, file, lineNo, prefixSegments, &declared);
                    headerLine = lineNo;
                    index = std::make_unique<AdapterIndex>(t);
                    continue;
                }
                t.adapterOrderKnown = false; // no header: adapters in order of first appearance
                index = std::make_unique<AdapterIndex>(t);
            }
            readRequestObject(o, t, *index, ids, idsAreIndex, sessions, file, lineNo, options, report);
        } catch (const InputError& e) {
            if (!options.skipBad)
                throw;
            if (report.skipped++ == 0)
                report.firstSkipReason = e.what();
            idsAreIndex = false;
        }
    }
    if (first)
        throw InputError("empty file (expected a header line and one request a line)", file);
    // The header's count against the request lines present (skipped bad lines count as present):
    // a file cut short (a copy or a write that did not finish) is refused, not read as a smaller trace.
    if (const std::uint64_t present = t.requests.size() + report.skipped; declared && *declared != present)
        throw InputError("requestCount: the header says " + std::to_string(*declared) + " request(s), the file holds "
                + std::to_string(present)
                + (present < *declared ? " (the file is cut short: a copy or a write that did not finish?)"
                                       : " (lines were added after the header was written)"),
            file, headerLine, "requestCount");
    finishWithSessions(t, ids, idsAreIndex, sessions, prefixSegments, file);
    return t;
}

// ---------------------------------------------------------------------------------------------
// JSON

void writeNativeJson(const Trace& t, std::ostream& out)
{
    std::string head = headerJson(t).dump();
    head.pop_back(); // reopen the object to append the requests array
    out << head << ",\"requests\":[\n";
    {
        const RequestLines lines(t);
        textscan::BlockWriter w(out);
        for (std::size_t i = 0; i < t.requests.size(); ++i) {
            lines.append(w.text(), i);
            if (i + 1 < t.requests.size())
                w.text() += ",";
            w.text() += '\n';
            w.maybeFlush();
        }
    }
    out << "]}\n";
}

Trace readNativeJson(std::istream& in, const std::string& file, const ReadOptions& options, ReadReport& report)
{
    const json j = parseWhole(in, file, "a LoraScope JSON trace: an object with a \"requests\" array");
    if (!j.is_object() || !j.contains("requests") || !j["requests"].is_array())
        throw InputError("expected an object with a \"requests\" array", file, 1, "requests");
    Trace t;
    bool prefixSegments = false;
    applyHeader(t, j, file, 0, prefixSegments);
    AdapterIndex index(t);
    std::vector<std::uint64_t> ids;
    bool idsAreIndex = true;
    textscan::SessionColumns sessions;
    const auto& reqs = j["requests"];
    for (std::size_t i = 0; i < reqs.size(); ++i) {
        try {
            readRequestObject(reqs[i], t, index, ids, idsAreIndex, sessions, file, 0, options, report);
        } catch (const InputError& e) {
            const InputError located("requests[" + std::to_string(i) + "]." + e.detail(), file, 0, e.field());
            if (!options.skipBad)
                throw located;
            if (report.skipped++ == 0)
                report.firstSkipReason = located.what();
            idsAreIndex = false;
        }
    }
    finishWithSessions(t, ids, idsAreIndex, sessions, prefixSegments, file);
    return t;
}

} // namespace lorascope
