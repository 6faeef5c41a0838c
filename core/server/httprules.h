// SPDX-License-Identifier: Apache-2.0
#pragma once
// What the simulated server answers to a malformed HTTP/1.x request: 400 (bad syntax, no Host in HTTP/1.1, conflicting
// lengths, chunk junk, TE with CL), 408 (not received in time), 413 (body over the limit), 414 (URL too long), 431
// (header fields too large), 501 (a transfer coding other than chunked), 505 (not HTTP/1.0 or 1.1). Pure functions of
// Beast's parse result, so the fuzzer and the tests call them without a network.

#include <boost/beast/http/fields.hpp>
#include <boost/beast/http/message.hpp>
#include <boost/system/error_code.hpp>

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace lorascope {

/// Request line and header fields together may not exceed this (431 above; 414 when the request line alone does).
constexpr std::size_t kHeaderLimitBytes = 64 * 1024;
/// Request targets (URLs) longer than this: 414.
constexpr std::size_t kMaxTargetBytes = 8 * 1024;

/// How to answer a request that cannot be served. Status 0 = close without answering (the client went away or sent
/// nothing).
struct HttpRefusal {
    int status = 400;
    std::string message;
};

/// The answer to a failed read of a request: `received` is what was read and not yet consumed by the parser,
/// `requestLineRead` whether the parser got through the request line.
HttpRefusal refusalForReadError(const boost::system::error_code& ec, std::string_view received, bool requestLineRead);
/// Checks a parsed request head (version, target, Host, Transfer-Encoding); nullopt = fine. `chunked` = the parser saw
/// a final chunked transfer coding.
std::optional<HttpRefusal> refusalForHead(const boost::beast::http::request_header<>& head, bool chunked);

} // namespace lorascope
