// SPDX-License-Identifier: Apache-2.0
#pragma once
// Test-only HTTP on 127.0.0.1 with plain POSIX sockets (header-only): a server that answers
// every GET with what a callback returns (status, content type, body, delay, or a connection
// closed without answer), keep-alive, one thread per connection; and a blocking GET client.
// For the metrics scraper's tests: slow, broken, huge or HTML "metrics" endpoints on demand.

#include "rawhttp.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/socket.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <cstring>
#include <functional>
#include <list>
#include <mutex>
#include <stdexcept>
#include <string>
#include <thread>

namespace lorascope::test {

struct CannedAnswer {
    int status = 200;
    std::string contentType = "text/plain; version=0.0.4; charset=utf-8";
    std::string body;
    double delaySeconds = 0; ///< before answering
    bool closeWithoutAnswer = false;
};

class CannedHttpServer {
public:
    using Handler = std::function<CannedAnswer(const std::string& path)>;

    explicit CannedHttpServer(Handler handler)
        : m_handler(std::move(handler))
    {
        m_fd = ::socket(AF_INET, SOCK_STREAM, 0);
        int one = 1;
        ::setsockopt(m_fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
        sockaddr_in a {};
        a.sin_family = AF_INET;
        a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        if (::bind(m_fd, reinterpret_cast<sockaddr*>(&a), sizeof a) != 0 || ::listen(m_fd, 64) != 0)
            throw std::runtime_error("cannot listen");
        socklen_t len = sizeof a;
        ::getsockname(m_fd, reinterpret_cast<sockaddr*>(&a), &len);
        m_port = ntohs(a.sin_port);
        m_accept = std::thread([this] { acceptLoop(); });
    }

    ~CannedHttpServer()
    {
        m_stop = true;
        ::shutdown(m_fd, SHUT_RDWR);
        ::close(m_fd);
        m_accept.join();
        std::lock_guard lock(m_mutex);
        for (int fd : m_conns)
            ::shutdown(fd, SHUT_RDWR);
        for (auto& t : m_threads)
            t.join();
    }

    std::uint16_t port() const { return m_port; }
    std::string url(const std::string& path = "/metrics") const
    {
        return "http://127.0.0.1:" + std::to_string(m_port) + path;
    }
    int requests() const { return m_requests.load(); }
    /// From the `n`th request on a connection on (0 = never), the request is read whole and the
    /// connection closed without an answer: a server dropping a kept-alive connection's request.
    void dropFromRequestOnConnection(int n) { m_dropFrom = n; }
    int dropped() const { return m_dropped.load(); }

private:
    void acceptLoop()
    {
        while (!m_stop) {
            const int c = ::accept(m_fd, nullptr, nullptr);
            if (c < 0)
                return;
            std::lock_guard lock(m_mutex);
            m_conns.push_back(c);
            m_threads.emplace_back([this, c] { serve(c); });
        }
    }

    static bool sendAll(int fd, const std::string& s)
    {
        std::size_t off = 0;
        while (off < s.size()) {
            const auto n = ::send(fd, s.data() + off, s.size() - off, MSG_NOSIGNAL);
            if (n <= 0)
                return false;
            off += std::size_t(n);
        }
        return true;
    }

    void serve(int fd)
    {
        std::string in;
        char buf[4096];
        for (int nth = 1;; ++nth) {
            std::size_t end;
            while ((end = in.find("\r\n\r\n")) == std::string::npos) {
                const auto n = ::recv(fd, buf, sizeof buf, 0);
                if (n <= 0) {
                    ::close(fd);
                    return;
                }
                in.append(buf, std::size_t(n));
            }
            const std::string head = in.substr(0, end);
            in.erase(0, end + 4);
            std::size_t body = 0; // a POST's body is read, not answered
            for (const char* key : { "Content-Length: ", "content-length: " })
                if (const auto k = head.find(key); k != std::string::npos)
                    body = std::stoul(head.substr(k + std::strlen(key)));
            while (in.size() < body) {
                const auto n = ::recv(fd, buf, sizeof buf, 0);
                if (n <= 0) {
                    ::close(fd);
                    return;
                }
                in.append(buf, std::size_t(n));
            }
            in.erase(0, body);
            const auto sp = head.find(' ');
            const std::string path = head.substr(sp + 1, head.find(' ', sp + 1) - sp - 1);
            ++m_requests;
            if (m_dropFrom > 0 && nth >= m_dropFrom) {
                ++m_dropped;
                ::close(fd);
                return;
            }
            const CannedAnswer a = m_handler(path);
            if (a.delaySeconds > 0) {
                const auto until = std::chrono::steady_clock::now() + std::chrono::duration<double>(a.delaySeconds);
                while (!m_stop && std::chrono::steady_clock::now() < until)
                    std::this_thread::sleep_for(std::chrono::milliseconds(10));
            }
            if (a.closeWithoutAnswer || m_stop) {
                ::close(fd);
                return;
            }
            std::string out = "HTTP/1.1 " + std::to_string(a.status) + " X\r\nContent-Type: " + a.contentType
                + "\r\nContent-Length: " + std::to_string(a.body.size()) + "\r\n\r\n";
            if (!sendAll(fd, out) || !sendAll(fd, a.body)) {
                ::close(fd);
                return;
            }
        }
    }

    Handler m_handler;
    int m_fd = -1;
    std::uint16_t m_port = 0;
    std::atomic<bool> m_stop { false };
    std::atomic<int> m_requests { 0 };
    std::atomic<int> m_dropFrom { 0 };
    std::atomic<int> m_dropped { 0 };
    std::thread m_accept;
    std::mutex m_mutex;
    std::list<std::thread> m_threads;
    std::list<int> m_conns;
};

/// A blocking GET of http://127.0.0.1:port/path (HTTP/1.1, Connection: close); returns the body
/// ("" on failure), status in `status`. The canned server answers with Content-Length, never chunked.
inline std::string httpGet(std::uint16_t port, const std::string& path, int* status = nullptr)
{
    return blockingGet(port, "GET " + path + " HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n", status);
}

} // namespace lorascope::test
