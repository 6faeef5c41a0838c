// SPDX-License-Identifier: Apache-2.0
#pragma once
// The one bound of each count, length and time a trace holds, checked by every reader (the error
// names the user's field) and by the spec's validation, so nothing downstream meets a number at
// the edge of its type. The table of bounds is in docs/formats.md ("Bounds").

#include <cstdint>
#include <string>

namespace lorascope {

/// Most tokens of one request's prompt, of its answer and of one declared prompt segment: ten
/// million, the longest context window of any served model today (10^7 tokens), far below 2^32 so
/// a prompt plus its answer, or a session's history plus a turn, never wraps a 32-bit count.
inline constexpr std::uint32_t kMaxTokenLength = 10'000'000;

/// Longest think time of a session turn, in seconds: 366 days, the longest time a replay waits.
inline constexpr double kMaxThinkSeconds = 366.0 * 86400.0;

/// "input_len: 4294967295 tokens is more than the 10000000 a request may have" (no file or line:
/// the caller's InputError adds them).
inline std::string tokenBoundMessage(const std::string& field, std::uint64_t value, std::uint64_t max = kMaxTokenLength)
{
    return field + ": " + std::to_string(value) + " tokens is more than the " + std::to_string(max)
        + " a request may have";
}

} // namespace lorascope
