// SPDX-License-Identifier: Apache-2.0
#pragma once
// The process's descriptor limit: thousands of concurrent streams need thousands of descriptors.

#include <cstdint>

namespace lorascope {

/// Lifts the soft RLIMIT_NOFILE to the hard limit (best effort).
void raiseFileLimit();
/// The current soft RLIMIT_NOFILE, 0 if unknown.
std::uint64_t fileLimit();
/// The hard RLIMIT_NOFILE (how far an unprivileged process may raise it), 0 if unknown.
std::uint64_t fileLimitHard();

} // namespace lorascope
