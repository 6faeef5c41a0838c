// SPDX-License-Identifier: Apache-2.0
#include "util/error.h"

#include <charconv>

namespace lorascope {

namespace {
std::string compose(const std::string& message, const std::string& file, std::uint64_t line)
{
    std::string out;
    if (!file.empty()) {
        out += file;
        if (line > 0)
            out += ':' + std::to_string(line);
        out += ": ";
    } else if (line > 0) {
        out += "line " + std::to_string(line) + ": ";
    }
    out += message;
    return out;
}
} // namespace

InputError::InputError(std::string message, std::string file, std::uint64_t line, std::string field)
    : std::runtime_error(compose(message, file, line))
    , m_file(std::move(file))
    , m_line(line)
    , m_field(std::move(field))
    , m_detail(std::move(message))
{
}

std::string formatNumber(double value)
{
    char buf[64];
    auto res = std::to_chars(buf, buf + sizeof buf, value);
    return std::string(buf, res.ptr);
}

} // namespace lorascope
