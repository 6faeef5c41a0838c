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

namespace lorascope {

ResultsFolder::ResultsFolder(std::string dir)
    : m_dir(std::move(dir))
{
    std::error_code ec;
    std::filesystem::create_directories(m_dir, ec);
    if (ec)
        throw InputError("cannot create results folder: " + ec.message(), m_dir);
    m_requests = std::fopen(path("requests.jsonl").c_str(), "w");
    if (!m_requests)
        throw InputError(std::string("cannot write: ") + std::strerror(errno), path("requests.jsonl"));
    // An old run's scrapes must not be mistaken for this run's.
    std::filesystem::remove(path("server_metrics.jsonl"), ec);
}

ResultsFolder::~ResultsFolder()
{
    if (m_requests)
        std::fclose(m_requests);
    if (m_serverMetrics)
        std::fclose(m_serverMetrics);
}

void ResultsFolder::appendServerMetrics(const nlohmann::json& j)
{
    if (!m_serverMetrics) {
        m_serverMetrics = std::fopen(path("server_metrics.jsonl").c_str(), "w");
        if (!m_serverMetrics)
            throw InputError(std::string("cannot write: ") + std::strerror(errno), path("server_metrics.jsonl"));
    }
    std::string line = j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
    line += '\n';
    if (std::fwrite(line.data(), 1, line.size(), m_serverMetrics) != line.size() || std::fflush(m_serverMetrics) != 0)
        throw InputError(std::string("write failed: ") + std::strerror(errno), path("server_metrics.jsonl"));
}

void ResultsFolder::append(const ReplayRecord& record)
{
    std::string line = recordToJson(record).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
    line += '\n';
    // One fwrite of the whole line, then fflush: a kill leaves only whole lines (or a torn last
    // line only if the kernel write itself is interrupted, which a single small write is not).
    if (std::fwrite(line.data(), 1, line.size(), m_requests) != line.size() || std::fflush(m_requests) != 0)
        throw InputError(std::string("write failed: ") + std::strerror(errno), path("requests.jsonl"));
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
