// SPDX-License-Identifier: Apache-2.0
#pragma once
// Raw TCP for the server tests: bytes exactly as written (malformed on purpose), sent while the
// answer is read, so a server that answers early and stops reading is seen as a client sees it.
// POSIX sockets only (test code, header-only).

#include <arpa/inet.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <functional>
#include <string>

namespace lorascope::test {

/// A connected TCP socket to 127.0.0.1:port (closed on destruction), -1 on failure.
struct RawSocket {
    int fd = -1;
    explicit RawSocket(std::uint16_t port)
    {
        fd = ::socket(AF_INET, SOCK_STREAM, 0);
        sockaddr_in a {};
        a.sin_family = AF_INET;
        a.sin_port = htons(port);
        a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        if (::connect(fd, reinterpret_cast<sockaddr*>(&a), sizeof a) != 0) {
            ::close(fd);
            fd = -1;
        }
    }
    ~RawSocket() { close(); }
    RawSocket(const RawSocket&) = delete;
    RawSocket& operator=(const RawSocket&) = delete;
    void close()
    {
        if (fd >= 0)
            ::close(fd);
        fd = -1;
    }
    /// Closes with a reset (SO_LINGER 0), as a client that dies does.
    void reset()
    {
        linger l { 1, 0 };
        ::setsockopt(fd, SOL_SOCKET, SO_LINGER, &l, sizeof l);
        close();
    }
    bool sendAll(const std::string& data)
    {
        std::size_t off = 0;
        while (off < data.size()) {
            const auto n = ::send(fd, data.data() + off, data.size() - off, MSG_NOSIGNAL);
            if (n <= 0)
                return false;
            off += std::size_t(n);
        }
        return true;
    }
};

/// Sends a whole GET `request` (head only) to 127.0.0.1:port and reads until the server closes.
/// Returns the body ("" when nothing or no whole head answered); `status` gets the status code
/// (0 then). The request must ask the server to close (HTTP/1.0, or "Connection: close").
inline std::string blockingGet(std::uint16_t port, const std::string& request, int* status = nullptr)
{
    if (status)
        *status = 0;
    RawSocket s(port);
    if (s.fd < 0 || !s.sendAll(request))
        return {};
    std::string in;
    char buf[65536];
    for (;;) {
        const auto n = ::recv(s.fd, buf, sizeof buf, 0);
        if (n <= 0)
            break;
        in.append(buf, std::size_t(n));
    }
    const auto end = in.find("\r\n\r\n");
    if (end == std::string::npos || in.find(' ') == std::string::npos)
        return {};
    if (status)
        *status = std::atoi(in.c_str() + in.find(' ') + 1);
    return in.substr(end + 4);
}

/// What an exchange saw.
struct RawExchange {
    std::string response; ///< every byte read
    bool closedByServer = false; ///< the server closed (EOF or reset) before the deadline
    std::uint64_t sent = 0; ///< bytes of the request that went out
};

/// Sends `head`, then `bodyBytes` bytes produced by `body(offset, maxLen)` (may be empty), while
/// reading whatever the server answers; stops sending when the server stops reading or closes.
/// Returns when the server closed, or `seconds` passed, or (with `untilResponseEnd`) once a complete
/// response head and `Content-Length` body are in.
inline RawExchange rawExchange(std::uint16_t port, const std::string& head, std::uint64_t bodyBytes = 0,
    std::function<std::string(std::uint64_t, std::size_t)> body = {}, double seconds = 10,
    bool untilResponseEnd = false)
{
    RawExchange out;
    RawSocket s(port);
    if (s.fd < 0)
        return out;
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::duration<double>(seconds);
    std::string pending = head;
    std::uint64_t bodyOffset = 0;
    bool sending = true;
    char buf[65536];
    auto complete = [&] {
        const auto end = out.response.find("\r\n\r\n");
        if (end == std::string::npos)
            return false;
        const auto cl = out.response.find("Content-Length: ");
        if (cl == std::string::npos || cl > end)
            return true;
        const auto n = std::stoull(out.response.substr(cl + 16));
        return out.response.size() >= end + 4 + n;
    };
    while (std::chrono::steady_clock::now() < deadline) {
        if (sending && pending.empty() && bodyOffset < bodyBytes && body) {
            const std::size_t n = std::size_t(std::min<std::uint64_t>(bodyBytes - bodyOffset, 1 << 20));
            pending = body(bodyOffset, n);
            bodyOffset += n;
        }
        if (sending && pending.empty())
            sending = false;
        pollfd p { s.fd, short(POLLIN | (sending ? POLLOUT : 0)), 0 };
        if (::poll(&p, 1, 50) < 0)
            break;
        if (p.revents & (POLLIN | POLLHUP | POLLERR)) {
            const auto n = ::recv(s.fd, buf, sizeof buf, 0);
            if (n <= 0) {
                out.closedByServer = true;
                break;
            }
            out.response.append(buf, std::size_t(n));
            if (untilResponseEnd && complete())
                break;
        }
        if (sending && (p.revents & POLLOUT)) {
            const auto n = ::send(s.fd, pending.data(), pending.size(), MSG_NOSIGNAL | MSG_DONTWAIT);
            if (n < 0 && errno != EAGAIN && errno != EWOULDBLOCK) {
                sending = false; // the server stopped reading (closed): keep reading its answer
            } else if (n > 0) {
                pending.erase(0, std::size_t(n));
                out.sent += std::uint64_t(n);
            }
        }
    }
    return out;
}

/// The status code of the first response in `response`, 0 if none.
inline int statusOf(const std::string& response)
{
    if (response.rfind("HTTP/1.", 0) != 0 || response.size() < 12)
        return 0;
    return std::atoi(response.c_str() + 9);
}

/// The body of the first response (after the blank line; not de-chunked).
inline std::string bodyOf(const std::string& response)
{
    const auto end = response.find("\r\n\r\n");
    return end == std::string::npos ? std::string() : response.substr(end + 4);
}

/// A POST with a JSON body, as a well-formed HTTP/1.1 request.
inline std::string postRequest(const std::string& path, const std::string& json, bool close = true)
{
    return "POST " + path + " HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: "
        + std::to_string(json.size()) + "\r\n" + (close ? "Connection: close\r\n" : "") + "\r\n" + json;
}

} // namespace lorascope::test
