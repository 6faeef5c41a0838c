// SPDX-License-Identifier: Apache-2.0
#pragma once
// Internal to core/server: one generation request streamed on an open connection (generation.cpp), and the plain
// response writing that the connection layer (httpsession.cpp) shares with it.

#include "server/servercore.h"

#include <boost/asio/awaitable.hpp>
#include <boost/asio/ip/tcp.hpp>

#include <cstddef>
#include <string>

namespace lorascope {

/// Serves `request` on `socket` (network thread `worker`): faults, the engine's verdict, the stream. Returns whether
/// the connection stays open for another request.
boost::asio::awaitable<bool> serveGeneration(ServerCore& core, std::size_t worker, net::ip::tcp::socket& socket,
    const ApiRequest& request, bool keepAlive, int version);

/// A complete HTTP/1.1 response with a fixed body (`headOnly`: without the body, for HEAD).
std::string responseText(int status, const std::string& body, bool keepAlive, int version, const char* contentType,
    const std::string& extraHeaders = {}, bool headOnly = false);

/// Writes all of `data` (a named object of the caller: it must outlive the write): a non-blocking write first, the
/// rest asynchronously. False after a socket error.
boost::asio::awaitable<bool> writeAll(net::ip::tcp::socket& socket, const std::string& data);

} // namespace lorascope
