// SPDX-License-Identifier: Apache-2.0
#include "util/fileio.h"

#include "util/error.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <unistd.h>

namespace lorascope {

namespace {

const char* fileTypeName(mode_t mode)
{
    if (S_ISCHR(mode))
        return "a character device";
    if (S_ISBLK(mode))
        return "a block device";
    if (S_ISSOCK(mode))
        return "a socket";
    if (S_ISFIFO(mode))
        return "a pipe";
    return "not a plain file";
}

std::string prefix(const std::string& what)
{
    return what.empty() ? std::string() : what + ": ";
}

} // namespace

void checkInputFile(const std::string& path, const std::string& what, bool allowPipe)
{
    if (path.empty())
        throw InputError(prefix(what) + "no file name given");
    struct stat st { };
    if (::stat(path.c_str(), &st) != 0) {
        const int err = errno;
        if (err == ENOENT || err == ENOTDIR)
            throw InputError(prefix(what) + "no such file", path);
        throw InputError(prefix(what) + "cannot open: " + std::strerror(err), path);
    }
    if (S_ISDIR(st.st_mode))
        throw InputError(prefix(what) + "is a directory, not a file", path);
    if (!S_ISREG(st.st_mode) && !(allowPipe && S_ISFIFO(st.st_mode)))
        throw InputError(
            prefix(what) + "is not a regular file (it is " + fileTypeName(st.st_mode) + "); give a file on disk", path);
    if (::access(path.c_str(), R_OK) != 0)
        throw InputError(prefix(what) + "cannot open: " + std::strerror(errno), path);
}

bool isPipe(const std::string& path)
{
    struct stat st { };
    return ::stat(path.c_str(), &st) == 0 && S_ISFIFO(st.st_mode);
}

namespace {

std::string sizeText(std::uint64_t bytes)
{
    if (bytes >= (std::uint64_t { 1 } << 30) && bytes % (std::uint64_t { 1 } << 30) == 0)
        return std::to_string(bytes >> 30) + " GiB";
    if (bytes >= (std::uint64_t { 1 } << 30))
        return std::to_string((bytes + (std::uint64_t { 1 } << 29)) >> 30) + " GiB";
    if (bytes >= (std::uint64_t { 1 } << 20))
        return std::to_string(bytes >> 20) + " MiB";
    return std::to_string(bytes) + " bytes";
}

} // namespace

std::ifstream openInputFile(const std::string& path, const std::string& what, std::uint64_t maxBytes)
{
    checkInputFile(path, what);
    std::ifstream in(path, std::ios::binary);
    if (!in)
        throw InputError(prefix(what) + "cannot open: " + std::strerror(errno), path);
    // The size of the file as opened (a link replaced in between is measured as read).
    in.seekg(0, std::ios::end);
    const auto size = static_cast<std::uint64_t>(std::max<std::streamoff>(0, in.tellg()));
    if (size > maxBytes)
        throw InputError(prefix(what) + "the file is " + sizeText(size) + ", more than the " + sizeText(maxBytes)
                + " such a file may have",
            path);
    in.seekg(0);
    return in;
}

InputLines::InputLines(const std::string& path, const std::string& what, std::uint64_t maxBytes, std::size_t maxLine)
    : m_path(path)
    , m_what(what)
    , m_maxLine(std::max<std::size_t>(maxLine, 16))
    , m_in(openInputFile(path, what, maxBytes))
    , m_buf(std::size_t { 1 } << 16)
{
}

bool InputLines::fill()
{
    if (m_eof)
        return false;
    const std::size_t rest = m_end - m_pos;
    if (m_pos > 0 && rest > 0)
        std::memmove(m_buf.data(), m_buf.data() + m_pos, rest);
    m_pos = 0;
    m_end = rest;
    if (m_end == m_buf.size()) {
        if (m_buf.size() > m_maxLine)
            throw InputError(
                prefix(m_what) + "a line longer than " + sizeText(m_maxLine) + " (not a file of this kind?)", m_path,
                m_line + 1);
        m_buf.resize(std::min(m_buf.size() * 2, m_maxLine + 1));
    }
    m_in.read(m_buf.data() + m_end, static_cast<std::streamsize>(m_buf.size() - m_end));
    const auto got = static_cast<std::size_t>(m_in.gcount());
    if (m_in.bad())
        throw InputError(prefix(m_what) + "read failed: " + std::strerror(errno), m_path, m_line + 1);
    m_end += got;
    if (got == 0 || !m_in)
        m_eof = true;
    return got > 0;
}

bool InputLines::next(std::string& line)
{
    for (;;) {
        const char* begin = m_buf.data() + m_pos;
        const void* nl = m_pos < m_end ? std::memchr(begin, '\n', m_end - m_pos) : nullptr;
        std::size_t len = 0;
        if (nl) {
            len = static_cast<std::size_t>(static_cast<const char*>(nl) - begin);
            m_pos += len + 1;
            m_newline = true;
        } else if (!m_eof) {
            fill();
            continue;
        } else if (m_pos < m_end) {
            len = m_end - m_pos;
            m_pos = m_end;
            m_newline = false;
        } else {
            return false;
        }
        ++m_line;
        if (len > m_maxLine)
            throw InputError(
                prefix(m_what) + "a line longer than " + sizeText(m_maxLine) + " (not a file of this kind?)", m_path,
                m_line);
        line.assign(begin, len);
        if (!line.empty() && line.back() == '\r')
            line.pop_back();
        return true;
    }
}

std::string readWholeFile(const std::string& path, const std::string& what, std::uint64_t maxBytes)
{
    std::ifstream in = openInputFile(path, what, maxBytes);
    in.seekg(0, std::ios::end);
    const auto size = static_cast<std::uint64_t>(std::max<std::streamoff>(0, in.tellg()));
    in.seekg(0);
    std::string text(static_cast<std::size_t>(size), '\0');
    in.read(text.data(), static_cast<std::streamsize>(size));
    text.resize(static_cast<std::size_t>(in.gcount()));
    if (in.bad())
        throw InputError(prefix(what) + "read failed", path);
    return text;
}

bool sameFile(const std::string& a, const std::string& b)
{
    if (a.empty() || b.empty())
        return false;
    struct stat sa {
    }, sb {};
    const bool ea = ::stat(a.c_str(), &sa) == 0, eb = ::stat(b.c_str(), &sb) == 0;
    if (ea && eb)
        return sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
    if (ea != eb)
        return false; // one exists, the other does not
    std::error_code e1, e2;
    const auto ca = std::filesystem::weakly_canonical(std::filesystem::absolute(a, e1), e1);
    const auto cb = std::filesystem::weakly_canonical(std::filesystem::absolute(b, e2), e2);
    return !e1 && !e2 && ca == cb;
}

void checkResultsFolder(const std::string& dir, const std::string& option, bool force)
{
    namespace fs = std::filesystem;
    std::error_code ec;
    const auto st = fs::status(dir, ec);
    if (!fs::exists(st)) {
        checkWritableFolder(dir, option, true); // created by the run: its parent must take it
        return;
    }
    if (!fs::is_directory(st))
        throw InputError(
            option + " " + dir + ": exists and is not a folder; choose a new results folder", {}, 0, option);
    std::string example; // the first entry is enough to tell: never walk a huge folder
    fs::directory_iterator it(dir, ec);
    if (ec)
        throw InputError(option + " " + dir + ": cannot read the folder: " + ec.message(), {}, 0, option);
    if (it != fs::directory_iterator())
        example = it->path().filename().string();
    if (!example.empty() && !force)
        throw InputError(option + " " + dir + ": the folder already holds files (" + example
                + "); the new results would overwrite them or be mixed with them. Choose a new or empty folder, or "
                  "give --force",
            {}, 0, option);
    checkWritableFolder(dir, option, true); // said now, not after a run of minutes
}

void checkWritableFolder(const std::string& folder, const std::string& option, bool mayCreate)
{
    namespace fs = std::filesystem;
    const std::string shown = option.empty() ? std::string() : option + " " + folder + ": ";
    fs::path at = folder.empty() ? fs::path(".") : fs::path(folder);
    std::error_code ec;
    if (mayCreate) {
        // The folder is created with its missing parents: the nearest one that exists must take it.
        at = fs::absolute(at, ec);
        while (!fs::exists(fs::symlink_status(at, ec)) && at.has_parent_path() && at.parent_path() != at)
            at = at.parent_path();
    }
    const std::string where = at.string();
    struct stat st { };
    if (::stat(where.c_str(), &st) != 0)
        throw InputError(
            shown + "the folder " + where + " does not exist; create it first or choose another place", {}, 0, option);
    if (!S_ISDIR(st.st_mode))
        throw InputError(shown + where + " is not a folder", {}, 0, option);
    struct statvfs vfs { };
    if (::statvfs(where.c_str(), &vfs) == 0) {
        if (vfs.f_flag & ST_RDONLY)
            throw InputError(shown + where + " is on a read-only file system; choose another place", {}, 0, option);
        const double freeBytes = static_cast<double>(vfs.f_bavail) * static_cast<double>(vfs.f_frsize);
        if (freeBytes < 65536.0)
            throw InputError(shown + "the file system of " + where + " is full ("
                    + std::to_string(static_cast<long long>(freeBytes / 1024))
                    + " KiB free); make room or choose another place",
                {}, 0, option);
    }
    if (::access(where.c_str(), W_OK | X_OK) != 0)
        throw InputError(shown + "cannot write into " + where + ": " + std::strerror(errno), {}, 0, option);
}

FolderClaim::FolderClaim(const std::string& dir, const std::string& option, bool mustBeEmpty)
{
    namespace fs = std::filesystem;
    const std::string shown = option.empty() ? dir : option + " " + dir;
    std::error_code ec;
    fs::create_directories(dir, ec);
    if (ec)
        throw InputError(shown + ": cannot create the folder: " + ec.message(), {}, 0, option);
    m_fd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (m_fd < 0)
        throw InputError(shown + ": cannot open the folder: " + std::strerror(errno), {}, 0, option);
    if (::flock(m_fd, LOCK_EX | LOCK_NB) != 0) {
        const int err = errno;
        ::close(m_fd);
        m_fd = -1;
        if (err == EWOULDBLOCK)
            throw InputError(shown
                    + ": another process is writing its results into this folder right now (a replay, merge or sweep "
                      "given the same folder); two runs in one folder would mix their results. Choose another folder",
                {}, 0, option);
        // No locks on this file system (ENOLCK, EOPNOTSUPP, EBADF on some network mounts): go on
        // with the emptiness check alone.
    }
    if (mustBeEmpty) {
        // Under the claim: a run that finished between the caller's first check and now left files.
        fs::directory_iterator it(dir, ec);
        if (!ec && it != fs::directory_iterator()) {
            const std::string example = it->path().filename().string();
            if (m_fd >= 0)
                ::close(m_fd);
            m_fd = -1;
            throw InputError(shown + ": the folder already holds files (" + example
                    + "), written by another run since this one started; choose a new or empty folder, or give --force",
                {}, 0, option);
        }
    }
}

FolderClaim::~FolderClaim()
{
    if (m_fd >= 0)
        ::close(m_fd); // releases the lock
}

std::string createNewFolder(const std::string& root, const std::string& name)
{
    namespace fs = std::filesystem;
    std::error_code ec;
    fs::create_directories(root, ec);
    if (ec)
        throw InputError("cannot create the folder: " + ec.message(), root);
    for (int n = 1; n <= 10000; ++n) {
        const std::string dir = (fs::path(root) / (n == 1 ? name : name + "-" + std::to_string(n))).string();
        // mkdir fails with EEXIST for anything already there (a folder, a file, a link): never reused.
        if (::mkdir(dir.c_str(), 0777) == 0)
            return dir;
        if (errno != EEXIST)
            throw InputError(std::string("cannot create the folder: ") + std::strerror(errno), dir);
    }
    throw InputError("cannot create a new folder: " + name + " and 10000 numbered variants exist already", root);
}

namespace {

/// The path with its links resolved (as far as it exists) and made absolute.
std::filesystem::path resolvedPath(const std::string& path)
{
    std::error_code ec;
    auto p = std::filesystem::weakly_canonical(std::filesystem::absolute(path, ec), ec);
    return ec ? std::filesystem::path() : p.lexically_normal();
}

bool isDirectory(const std::string& path)
{
    std::error_code ec;
    return !path.empty() && std::filesystem::is_directory(path, ec);
}

/// True when `inner` lies somewhere below the folder `outer` (both resolved).
bool liesInside(const std::filesystem::path& inner, const std::filesystem::path& outer)
{
    if (inner.empty() || outer.empty())
        return false;
    auto i = inner.begin();
    for (auto o = outer.begin(); o != outer.end(); ++o, ++i) {
        if (o->empty() && std::next(o) == outer.end())
            break; // a trailing separator
        if (i == inner.end() || *i != *o)
            return false;
    }
    return i != inner.end();
}

std::string inputName(const NamedPath& in)
{
    return in.option.empty() ? std::string("file") : in.option;
}

} // namespace

void checkOutputs(const std::vector<NamedPath>& outputs, const std::vector<NamedPath>& inputs)
{
    for (std::size_t i = 0; i < outputs.size(); ++i) {
        const auto& out = outputs[i];
        if (out.path.empty())
            continue;
        const auto outResolved = resolvedPath(out.path);
        const bool outIsFolder = isDirectory(out.path);
        for (const auto& in : inputs) {
            if (in.path.empty())
                continue;
            if (sameFile(out.path, in.path))
                throw InputError(out.option + " " + out.path + ": this is the input " + inputName(in)
                        + " (writing it would destroy the input); choose another output file",
                    {}, 0, out.option);
            const auto inResolved = resolvedPath(in.path);
            if (in.folder && isDirectory(in.path) && liesInside(outResolved, inResolved))
                throw InputError(out.option + " " + out.path + ": this lies inside the input folder " + inputName(in)
                        + " (" + in.path + "; writing there could destroy what is read); choose a path outside it",
                    {}, 0, out.option);
            if (outIsFolder && liesInside(inResolved, outResolved))
                throw InputError(out.option + " " + out.path + ": the input " + inputName(in) + " (" + in.path
                        + ") lies inside this output folder; choose another output folder",
                    {}, 0, out.option);
        }
        for (std::size_t k = 0; k < outputs.size(); ++k) {
            if (k == i || outputs[k].path.empty())
                continue;
            if (k < i && sameFile(out.path, outputs[k].path))
                throw InputError(out.option + " and " + outputs[k].option + " name the same file " + out.path
                        + "; give each output its own file",
                    {}, 0, out.option);
            // A path below another output can only be inside that output's folder (a run's results).
            if (liesInside(outResolved, resolvedPath(outputs[k].path)))
                throw InputError(out.option + " " + out.path + ": this lies inside the output folder "
                        + outputs[k].option + " (" + outputs[k].path
                        + "), whose files the command writes; choose a path outside it",
                    {}, 0, out.option);
        }
    }
}

} // namespace lorascope
