// SPDX-License-Identifier: Apache-2.0
#include "util/memory.h"

#include "util/error.h"

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <limits>
#include <sstream>

#include <sys/resource.h>

namespace lorascope {

namespace {

std::optional<std::uint64_t> readNumber(const std::string& file)
{
    std::ifstream in(file);
    std::string text;
    if (!(in >> text) || text.empty() || text == "max")
        return std::nullopt;
    try {
        std::size_t used = 0;
        const auto v = std::stoull(text, &used);
        return used == text.size() ? std::optional<std::uint64_t>(v) : std::nullopt;
    } catch (const std::exception&) {
        return std::nullopt;
    }
}

/// Room under the memory cgroup's limit: v2 ("0::/path": memory.max − memory.current) or v1
/// ("N:memory:/path": memory.limit_in_bytes − memory.usage_in_bytes), at the process's own
/// cgroup or, inside a container that mounts its cgroup as the root, at the root.
std::optional<std::uint64_t> cgroupRoom()
{
    std::ifstream in("/proc/self/cgroup");
    std::string line;
    std::optional<std::uint64_t> room;
    const auto consider = [&](const std::string& limitFile, const std::string& usageFile) {
        const auto limit = readNumber(limitFile), usage = readNumber(usageFile);
        if (!limit || !usage || *limit >= (std::uint64_t { 1 } << 60))
            return;
        const std::uint64_t left = *limit > *usage ? *limit - *usage : 0;
        room = room ? std::min(*room, left) : left;
    };
    while (std::getline(in, line)) {
        const auto a = line.find(':'), b = a == std::string::npos ? a : line.find(':', a + 1);
        if (b == std::string::npos)
            continue;
        const std::string controllers = line.substr(a + 1, b - a - 1), path = line.substr(b + 1);
        if (controllers.empty() && line.compare(0, a, "0") == 0) {
            consider("/sys/fs/cgroup" + path + "/memory.max", "/sys/fs/cgroup" + path + "/memory.current");
            consider("/sys/fs/cgroup/memory.max", "/sys/fs/cgroup/memory.current");
        } else if (("," + controllers + ",").find(",memory,") != std::string::npos) {
            consider("/sys/fs/cgroup/memory" + path + "/memory.limit_in_bytes",
                "/sys/fs/cgroup/memory" + path + "/memory.usage_in_bytes");
            consider("/sys/fs/cgroup/memory/memory.limit_in_bytes", "/sys/fs/cgroup/memory/memory.usage_in_bytes");
        }
    }
    return room;
}

std::optional<std::uint64_t> memAvailable()
{
    std::ifstream in("/proc/meminfo");
    std::string key, unit;
    std::uint64_t value = 0;
    while (in >> key >> value) {
        std::getline(in, unit);
        if (key == "MemAvailable:")
            return value * 1024;
    }
    return std::nullopt;
}

/// Room under an address-space or data limit (ulimit -v / -d), from the process's current size.
std::optional<std::uint64_t> rlimitRoom()
{
    std::optional<std::uint64_t> room;
    std::uint64_t vmSize = 0, dataSize = 0;
    {
        std::ifstream in("/proc/self/status");
        std::string key;
        std::uint64_t kb = 0;
        std::string rest;
        while (in >> key) {
            if (key == "VmSize:" && in >> kb)
                vmSize = kb * 1024;
            else if (key == "VmData:" && in >> kb)
                dataSize = kb * 1024;
            std::getline(in, rest);
        }
    }
    for (const auto& [resource, used] : { std::pair { RLIMIT_AS, vmSize }, std::pair { RLIMIT_DATA, dataSize } }) {
        rlimit rl {};
        if (::getrlimit(resource, &rl) != 0 || rl.rlim_cur == RLIM_INFINITY)
            continue;
        const std::uint64_t limit = rl.rlim_cur;
        const std::uint64_t left = limit > used ? limit - used : 0;
        room = room ? std::min(*room, left) : left;
    }
    return room;
}

} // namespace

std::optional<std::uint64_t> availableMemoryBytes()
{
    std::optional<std::uint64_t> best;
    for (const auto& v : { memAvailable(), cgroupRoom(), rlimitRoom() })
        if (v)
            best = best ? std::min(*best, *v) : *v;
    return best;
}

std::string memoryText(double bytes)
{
    const char* units[] = { "bytes", "kB", "MB", "GB", "TB", "PB", "EB" };
    int u = 0;
    while (bytes >= 1000 && u < 6) {
        bytes /= 1000;
        ++u;
    }
    char buf[48];
    if (u == 0)
        std::snprintf(buf, sizeof buf, "%.0f %s", bytes, units[u]);
    else
        std::snprintf(buf, sizeof buf, bytes < 10 ? "%.1f %s" : "%.0f %s", bytes, units[u]);
    return buf;
}

void checkMemoryFits(double bytes, const std::string& what, const std::string& advice, const std::string& field)
{
    const auto available = availableMemoryBytes();
    if (!available || !(bytes > static_cast<double>(*available)))
        return;
    throw InputError(what + " needs about " + memoryText(bytes) + " of memory; about "
            + memoryText(static_cast<double>(*available)) + " is available"
            + (advice.empty() ? std::string() : ": " + advice),
        {}, 0, field);
}

} // namespace lorascope
