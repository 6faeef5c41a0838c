// SPDX-License-Identifier: Apache-2.0
#include "replay/results.h"

#include "util/atomicfile.h"
#include "util/error.h"

#include <openssl/evp.h>

#include <cerrno>
#include <cstring>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <memory>

#include <fcntl.h>
#include <unistd.h>

namespace lorascope {

namespace {

int openForAppending(const std::string& file)
{
    const int fd = ::open(file.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
    if (fd < 0)
        throw InputError(std::string("cannot write: ") + std::strerror(errno), file);
    return fd;
}

} // namespace

ResultsFolder::ResultsFolder(std::string dir, const std::string& option, bool mustBeEmpty)
    : m_dir(std::move(dir))
    , m_claim(m_dir, option, mustBeEmpty)
{
    m_requests = openForAppending(path("requests.jsonl"));
    // An old run's scrapes must not be mistaken for this run's.
    std::error_code ec;
    std::filesystem::remove(path("server_metrics.jsonl"), ec);
}

ResultsFolder::~ResultsFolder()
{
    if (m_requests >= 0)
        ::close(m_requests);
    if (m_serverMetrics >= 0)
        ::close(m_serverMetrics);
}

void ResultsFolder::appendLine(int fd, std::uint64_t& end, const std::string& line, const std::string& file)
{
    std::size_t done = 0;
    while (done < line.size()) {
        const ssize_t n = ::write(fd, line.data() + done, line.size() - done);
        if (n > 0) {
            done += static_cast<std::size_t>(n);
            continue;
        }
        if (n < 0 && errno == EINTR)
            continue;
        const int err = n < 0 ? errno : EIO;
        // Take back the part of the line that was written (a torn line would be unreadable),
        // and go on from the end of the last whole line.
        if (done > 0) {
            if (::ftruncate(fd, static_cast<off_t>(end)) != 0 || ::lseek(fd, static_cast<off_t>(end), SEEK_SET) < 0)
                throw InputError(std::string("write failed: ") + std::strerror(err)
                        + ", and the torn line could not be taken back: " + std::strerror(errno),
                    file);
        }
        throw InputError(std::string("write failed: ") + std::strerror(err), file);
    }
    end += line.size();
}

void ResultsFolder::appendServerMetrics(const nlohmann::json& j)
{
    if (m_serverMetrics < 0)
        m_serverMetrics = openForAppending(path("server_metrics.jsonl"));
    std::string line = j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
    line += '\n';
    appendLine(m_serverMetrics, m_serverMetricsEnd, line, path("server_metrics.jsonl"));
}

void ResultsFolder::append(const ReplayRecord& record)
{
    std::string line = recordToJson(record).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
    line += '\n';
    try {
        appendLine(m_requests, m_requestsEnd, line, path("requests.jsonl"));
    } catch (const InputError&) {
        ++m_lost;
        throw;
    }
    ++m_written;
}

void ResultsFolder::writeManifest(const nlohmann::json& manifest)
{
    writeFileAtomically(path("manifest.json"), [&](std::ostream& out) { out << manifest.dump(2) << '\n'; });
}

void ResultsFolder::writeSummary(const nlohmann::json& summary)
{
    writeFileAtomically(path("summary.json"), [&](std::ostream& out) {
        out << summary.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) << '\n';
    });
}

std::string sha256OfFile(const std::string& file)
{
    std::ifstream in(file, std::ios::binary);
    if (!in)
        throw InputError("cannot read file", file);
    std::unique_ptr<EVP_MD_CTX, void (*)(EVP_MD_CTX*)> ctx(EVP_MD_CTX_new(), EVP_MD_CTX_free);
    EVP_DigestInit_ex(ctx.get(), EVP_sha256(), nullptr);
    char buf[1 << 16];
    while (in) {
        in.read(buf, sizeof buf);
        if (in.gcount() > 0)
            EVP_DigestUpdate(ctx.get(), buf, std::size_t(in.gcount()));
    }
    unsigned char md[EVP_MAX_MD_SIZE];
    unsigned int len = 0;
    EVP_DigestFinal_ex(ctx.get(), md, &len);
    static const char* hex = "0123456789abcdef";
    std::string out;
    for (unsigned i = 0; i < len; ++i) {
        out += hex[md[i] >> 4];
        out += hex[md[i] & 15];
    }
    return out;
}

std::string utcNowIso()
{
    const std::time_t t = std::time(nullptr);
    std::tm tm {};
    gmtime_r(&t, &tm);
    char buf[32];
    std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
    return buf;
}

} // namespace lorascope
