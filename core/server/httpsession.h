// SPDX-License-Identifier: Apache-2.0
#pragma once
// The connection layer of the simulated server (internal to core/server): HTTP/1.x requests read with bounded header
// and body sizes, malformed ones answered with the status HTTP prescribes (400, 405, 408, 413, 414, 417, 431, 501, 505)
// and the connection closed gracefully, generation requests streamed — at a fixed pace, or as the engine strand
// produces tokens.

#include "server/servercore.h"

#include <boost/asio/awaitable.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/http/fields.hpp>
#include <boost/beast/http/message.hpp>

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

/// Serves one accepted connection on network thread `worker` until it closes.
boost::asio::awaitable<void> serveConnection(ServerCore& core, std::size_t worker, net::ip::tcp::socket socket);

} // namespace lorascope
