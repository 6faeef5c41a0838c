// SPDX-License-Identifier: Apache-2.0
#include "util/atomicfile.h"

#include "util/error.h"
#include "util/fileio.h"

#include <atomic>
#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <random>
#include <vector>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace lorascope {

namespace {

// ---------------------------------------------------------------------------------------------
// Registry of temporary files, readable from a signal handler: fixed slots, lock-free states, no
// allocation. state 0 = free, 1 = being filled, 2 = holds a path to remove on a signal.

constexpr int kSlots = 64;
constexpr std::size_t kMaxPath = 4096;
struct TempSlot {
    std::atomic<int> state { 0 };
    char path[kMaxPath];
};
static_assert(std::atomic<int>::is_always_lock_free, "the signal handler needs lock-free atomics");
TempSlot g_slots[kSlots];

int registerTemp(const std::string& path)
{
    if (path.size() >= kMaxPath)
        return -1; // not removed on a signal; everything else still works
    for (int i = 0; i < kSlots; ++i) {
        int expected = 0;
        if (g_slots[i].state.compare_exchange_strong(expected, 1)) {
            std::memcpy(g_slots[i].path, path.c_str(), path.size() + 1);
            g_slots[i].state.store(2, std::memory_order_release);
            return i;
        }
    }
    return -1;
}

void unregisterTemp(int slot)
{
    if (slot >= 0)
        g_slots[slot].state.store(0, std::memory_order_release);
}

extern "C" void removeTempsAndDie(int sig)
{
    // Only async-signal-safe calls: unlink, signal, raise.
    for (auto& slot : g_slots)
        if (slot.state.load(std::memory_order_acquire) == 2)
            ::unlink(slot.path);
    ::signal(sig, SIG_DFL);
    ::raise(sig);
}

std::string errnoText()
{
    return std::strerror(errno);
}

/// Paths of the system's devices and process files (/dev/stdout, /dev/null, /proc/self/fd/1):
/// written directly, never replaced.
bool systemPath(const std::string& path)
{
    return path.rfind("/dev/", 0) == 0 || path.rfind("/proc/", 0) == 0;
}

/// The file that writing `path` would replace: `path` itself, or the target of a symbolic link.
std::string resolveTarget(const std::string& path)
{
    struct stat lst { };
    if (systemPath(path) || ::lstat(path.c_str(), &lst) != 0 || !S_ISLNK(lst.st_mode))
        return path;
    std::error_code ec;
    const auto target = std::filesystem::canonical(path, ec);
    if (ec) {
        struct stat st { };
        if (::stat(path.c_str(), &st) == 0)
            return path; // a link to an open pipe or socket (pipe:[1234]): written directly
        // cp: "not writing through dangling symlink"
        throw InputError("output is a symbolic link to a file that does not exist; not writing through it", path);
    }
    return target.string();
}

/// Mode of the existing regular file to replace, or -1 if there is none. Throws if it may not be replaced.
int checkReplaceable(const std::string& shownPath, const std::string& target, bool& special)
{
    special = systemPath(target);
    struct stat st { };
    if (::stat(target.c_str(), &st) != 0)
        return -1; // a new file
    if (S_ISDIR(st.st_mode))
        throw InputError("output is a directory; give a file name", shownPath);
    if (special || !S_ISREG(st.st_mode)) {
        special = true; // /dev/null, /dev/stdout, a FIFO: written directly
        return -1;
    }
    // As cp does: a file we may not write is not replaced, even though the directory would let
    // us rename over it. root may write anything, so a file without any write bit is read-only
    // for root too.
    if (::access(target.c_str(), W_OK) != 0 || (st.st_mode & 0222) == 0)
        throw InputError(
            "output file is read-only; not replacing it (make it writable, e.g. chmod u+w, or choose another name)",
            shownPath);
    return static_cast<int>(st.st_mode & 07777);
}

} // namespace

void checkOutputFile(const std::string& path)
{
    bool special = false;
    const std::string target = resolveTarget(path);
    checkReplaceable(path, target, special);
    if (special)
        return; // a device or a pipe is written directly: no file is created beside it
    // The temporary file is created beside the target: its folder must exist and take it.
    const auto parent = std::filesystem::path(target).parent_path();
    try {
        checkWritableFolder(parent.empty() ? std::string(".") : parent.string(), {}, false);
    } catch (const InputError& e) {
        throw InputError("cannot write the output here: " + e.detail(), path);
    }
}

void removeTempFilesOnSignals()
{
    struct sigaction sa { };
    sa.sa_handler = removeTempsAndDie;
    sigemptyset(&sa.sa_mask);
    for (int sig : { SIGINT, SIGTERM, SIGHUP })
        ::sigaction(sig, &sa, nullptr);
}

std::vector<std::string> pendingTempFiles()
{
    std::vector<std::string> out;
    for (auto& slot : g_slots)
        if (slot.state.load(std::memory_order_acquire) == 2)
            out.emplace_back(slot.path);
    return out;
}

void writeFileAtomically(const std::string& path, const std::function<void(std::ostream&)>& write)
{
    const std::string target = resolveTarget(path);
    bool special = false;
    const int mode = checkReplaceable(path, target, special);
    if (special) {
        // Appending keeps what a shell's ">>" (or an earlier write to the same pipe) put there.
        std::ofstream out(target, std::ios::binary | std::ios::app);
        if (!out)
            throw InputError("cannot open output: " + errnoText(), path);
        write(out);
        out.flush();
        if (!out)
            throw InputError("write failed", path);
        return;
    }

    // A unique name in the target's directory, so rename() stays on one file system and is atomic.
    std::random_device rd;
    const std::string tmp = target + ".tmp-" + std::to_string(::getpid()) + '-' + std::to_string(rd());
    struct Cleanup {
        const std::string& name;
        int slot;
        bool armed = true;
        ~Cleanup()
        {
            if (armed)
                std::remove(name.c_str());
            unregisterTemp(slot);
        }
    } cleanup { tmp, registerTemp(tmp) };

    {
        std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
        if (!out)
            throw InputError(std::string("cannot create output file: ") + errnoText(), path);
        if (mode >= 0)
            ::chmod(tmp.c_str(), static_cast<mode_t>(mode)); // keep the replaced file's permissions, as cp does
        std::vector<char> buffer(1 << 20);
        out.rdbuf()->pubsetbuf(buffer.data(), static_cast<std::streamsize>(buffer.size()));
        errno = 0;
        write(out);
        out.flush();
        if (!out)
            throw InputError(std::string("write failed: ") + (errno ? errnoText() : std::string("disk full?")), path);
    }
    // Make the data durable before the rename makes it visible.
    const int fd = ::open(tmp.c_str(), O_RDONLY);
    if (fd >= 0) {
        ::fsync(fd);
        ::close(fd);
    }
    if (std::rename(tmp.c_str(), target.c_str()) != 0)
        throw InputError(std::string("cannot rename temporary file into place: ") + errnoText(), path);
    cleanup.armed = false;
}

} // namespace lorascope
