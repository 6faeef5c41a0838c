// SPDX-License-Identifier: Apache-2.0
#include "replay/connpool.h"

#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>

namespace lorascope {

void ConnPool::put(int fd, bool v6)
{
    std::lock_guard lock(m_mutex);
    if (m_closed || m_idle.size() >= kMaxIdle) {
        ::close(fd);
        return;
    }
    m_idle.push_back({ fd, v6, Clock::now() });
}

std::pair<int, bool> ConnPool::take()
{
    for (;;) {
        Idle c;
        {
            std::lock_guard lock(m_mutex);
            if (m_idle.empty())
                return { -1, false };
            c = m_idle.back();
            m_idle.pop_back();
        }
        if (Clock::now() - c.since < kMaxIdleTime && quiet(c.fd))
            return { c.fd, c.v6 };
        ::close(c.fd);
    }
}

void ConnPool::closeAll()
{
    std::lock_guard lock(m_mutex);
    m_closed = true;
    for (const auto& c : m_idle)
        ::close(c.fd);
    m_idle.clear();
}

// Open and with nothing unread: a peek would block. EOF (0) or stray bytes mean "do not reuse".
bool ConnPool::quiet(int fd)
{
    char b;
    const auto n = ::recv(fd, &b, 1, MSG_PEEK | MSG_DONTWAIT);
    return n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK);
}

std::size_t sendNow(int fd, const std::string& bytes)
{
    std::size_t off = 0;
    while (off < bytes.size()) {
        const auto n = ::send(fd, bytes.data() + off, bytes.size() - off, MSG_DONTWAIT | MSG_NOSIGNAL);
        if (n > 0)
            off += std::size_t(n);
        else if (n < 0 && errno == EINTR)
            continue;
        else if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK))
            break;
        else
            return std::string::npos;
    }
    return off;
}

} // namespace lorascope
