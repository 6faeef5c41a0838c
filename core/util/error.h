// SPDX-License-Identifier: Apache-2.0
#pragma once
// Errors raised by the core. Every error that comes from user input names where it came from:
// the file, the line (1-based, 0 = unknown) and the field, so a message can be acted on.

#include <cstdint>
#include <stdexcept>
#include <string>

namespace lorascope {

/// An error in user input (spec, trace, flag). `what()` is the complete, user-facing message.
class InputError : public std::runtime_error {
public:
    InputError(std::string message, std::string file = {}, std::uint64_t line = 0, std::string field = {});

    const std::string& file() const { return m_file; }
    std::uint64_t line() const { return m_line; }
    const std::string& field() const { return m_field; }
    /// The message without the "file:line: " prefix.
    const std::string& detail() const { return m_detail; }

private:
    std::string m_file;
    std::uint64_t m_line;
    std::string m_field;
    std::string m_detail;
};

/// Formats a double the way messages show numbers: shortest text that reads back exactly.
std::string formatNumber(double value);

} // namespace lorascope
