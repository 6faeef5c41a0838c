// SPDX-License-Identifier: Apache-2.0
#pragma once
// The connection layer of the simulated server (internal to core/server): HTTP/1.x requests read with bounded header
// and body sizes, malformed ones answered as httprules.h decides and the connection closed gracefully, generation
// requests streamed — at a fixed pace, or as the engine strand produces tokens.

#include "server/httprules.h"
#include "server/servercore.h"

#include <boost/asio/awaitable.hpp>
#include <boost/asio/ip/tcp.hpp>

#include <cstddef>

namespace lorascope {

/// Serves one accepted connection on network thread `worker` until it closes.
boost::asio::awaitable<void> serveConnection(ServerCore& core, std::size_t worker, net::ip::tcp::socket socket);

} // namespace lorascope
