// SPDX-License-Identifier: Apache-2.0
#pragma once
// One input of the serve-sim request fuzzer (bench/fuzz/fuzz_servesim.cpp), also replayed over the kept corpus by
// tests/core/tst_servesim_corpus.cpp: the bytes as an HTTP/1.x request through Beast's parser with the server's
// limits and its refusal rules, and as the JSON body of every generation endpoint. Returns "" when every rule holds,
// else what broke. (A crash, a sanitizer report or an exception is a finding too.)

#include "server/apirequest.h"
#include "server/httprules.h"

#include <boost/asio/buffer.hpp>
#include <boost/beast/http/error.hpp>
#include <boost/beast/http/parser.hpp>
#include <boost/beast/http/string_body.hpp>

#include <nlohmann/json.hpp>

#include <set>
#include <string>
#include <string_view>

namespace lorascope::fuzz {

inline std::string checkErrorBody(int status, const std::string& message, const std::string& field)
{
    if (message.empty() || message.size() > 1000)
        return "error message empty or long (" + std::to_string(message.size()) + " bytes)";
    const auto j = nlohmann::json::parse(errorBody(status, message, field), nullptr, false);
    if (!j.is_object() || !j["error"].is_string() || j["code"] != status)
        return "error body is not the documented JSON object";
    return {};
}

inline std::string checkServeSimInput(std::string_view bytes)
{
    namespace http = boost::beast::http;
    // The HTTP layer.
    http::request_parser<http::string_body> p;
    p.header_limit(std::uint32_t(kHeaderLimitBytes));
    p.body_limit(1 << 20);
    p.eager(true);
    boost::system::error_code ec;
    std::size_t used = 0;
    if (!bytes.empty())
        used = p.put(boost::asio::buffer(bytes.data(), bytes.size()), ec);
    if (ec && ec != http::error::need_more) {
        const HttpRefusal r = refusalForReadError(ec, bytes.substr(used), !p.get().target().empty());
        static const std::set<int> allowed = { 0, 400, 408, 413, 414, 431, 505 };
        if (!allowed.count(r.status))
            return "read error answered with " + std::to_string(r.status);
        if (r.status != 0)
            if (auto bad = checkErrorBody(r.status, r.message, {}); !bad.empty())
                return bad;
    } else if (p.is_header_done()) {
        if (const auto r = refusalForHead(p.get().base(), p.chunked())) {
            static const std::set<int> allowed = { 400, 414, 501, 505 };
            if (!allowed.count(r->status))
                return "request head answered with " + std::to_string(r->status);
            if (auto bad = checkErrorBody(r->status, r->message, {}); !bad.empty())
                return bad;
        }
    }
    // The API layer: the same bytes as the body of every generation endpoint.
    ApiContext ctx;
    ctx.ranks.explicitRanks = { { "a0", 8 } };
    for (const Endpoint e :
        { Endpoint::Completions, Endpoint::ChatCompletions, Endpoint::SgLangGenerate, Endpoint::GenerateStream }) {
        const ApiParse a = parseApiRequest(e, bytes, ctx);
        if (a.request) {
            const ApiRequest& r = *a.request;
            if (r.maxNewTokens < 1 || r.maxNewTokens > kMaxGenerationTokens)
                return "accepted max tokens " + std::to_string(r.maxNewTokens);
            if (r.adapter.size() > kMaxAdapterNameBytes)
                return "accepted an adapter name of " + std::to_string(r.adapter.size()) + " bytes";
            if (r.adapter.empty() ? r.rank != 0 : (r.rank < kMinRank || r.rank > kMaxRank))
                return "accepted rank " + std::to_string(r.rank);
        } else {
            if (a.error.status != 400)
                return "body refused with " + std::to_string(a.error.status);
            if (auto bad = checkErrorBody(a.error.status, a.error.message, a.error.field); !bad.empty())
                return bad;
        }
    }
    return {};
}

} // namespace lorascope::fuzz
