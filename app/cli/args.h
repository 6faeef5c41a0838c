// SPDX-License-Identifier: Apache-2.0
#pragma once
// A small, strict command-line parser: every unknown flag or missing value is a usage error.

#include <map>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace lorascope::cli {

/// A usage error: exit code 2, message shown with a pointer to --help.
class UsageError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

class Args {
public:
    /// `valueFlags` take a value (`--rate 2` or `--rate=2`), `boolFlags` do not. `aliases` are
    /// other spellings (alias, canonical flag) stored under the canonical flag; giving both is an error.
    Args(std::vector<std::string> argv, std::vector<std::string> valueFlags, std::vector<std::string> boolFlags,
        const std::vector<std::pair<std::string, std::string>>& aliases = {});

    bool has(const std::string& flag) const { return m_values.count(flag) > 0 || m_bools.count(flag) > 0; }
    std::optional<std::string> value(const std::string& flag) const;
    /// Every value option given, by canonical flag.
    const std::map<std::string, std::string>& values() const { return m_values; }
    /// How the user spelt `flag` (an alias, or the flag itself).
    std::string spelling(const std::string& flag) const;
    /// Every value given for a repeatable flag, in command-line order.
    std::vector<std::string> values(const std::string& flag) const;
    const std::vector<std::string>& positional() const { return m_positional; }

    double number(const std::string& flag, double fallback) const;
    std::int64_t integer(const std::string& flag, std::int64_t fallback) const;
    /// "LO,HI" → pair.
    std::optional<std::pair<std::int64_t, std::int64_t>> range(const std::string& flag) const;

private:
    std::map<std::string, std::string> m_values;
    std::vector<std::pair<std::string, std::string>> m_all; ///< every (flag, value), in order
    std::map<std::string, bool> m_bools;
    std::map<std::string, std::string> m_spelling;
    std::vector<std::string> m_positional;
};

} // namespace lorascope::cli
