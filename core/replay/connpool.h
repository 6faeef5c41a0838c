// SPDX-License-Identifier: Apache-2.0
#pragma once
// Idle keep-alive connections of the replay client (plain POSIX descriptors, no Asio types), and
// a non-blocking write used by the dispatcher to send a request on one of them.

#include <chrono>
#include <cstddef>
#include <mutex>
#include <string>
#include <utility>
#include <vector>

namespace lorascope {

/// Idle keep-alive connections (plain http only: a TLS session is tied to its stream object),
/// shared by the dispatcher, which writes new requests on them, and the network threads, which
/// return them after a complete response. Most recently used first: the least likely to have
/// been closed by the server meanwhile. Thread-safe.
class ConnPool {
public:
    ~ConnPool() { closeAll(); }

    /// Keeps `fd` (an IPv6 socket when `v6`) for reuse, or closes it when the pool is full or closed.
    void put(int fd, bool v6);
    /// A live idle connection, or fd −1. Drops connections idle for long (servers close them
    /// after a few seconds, e.g. uvicorn after 5 s) or already closed by the server.
    std::pair<int, bool> take();
    /// Closes every idle connection; later put() calls close theirs.
    void closeAll();

private:
    using Clock = std::chrono::steady_clock;
    struct Idle {
        int fd = -1;
        bool v6 = false;
        Clock::time_point since;
    };
    static bool quiet(int fd);
    static constexpr std::size_t kMaxIdle = 8192;
    static constexpr auto kMaxIdleTime = std::chrono::seconds(4);
    std::mutex m_mutex;
    std::vector<Idle> m_idle;
    bool m_closed = false;
};

/// Writes as much of `bytes` as the socket takes without blocking. Returns the count written, or
/// npos when the connection is unusable.
std::size_t sendNow(int fd, const std::string& bytes);

} // namespace lorascope
