// SPDX-License-Identifier: Apache-2.0
#pragma once
// How much memory this process can still use, for refusing work that cannot fit before it starts
// (a sweep point of 21 million requests, a generated trace of two billion) instead of running out
// of memory in the middle, or being killed.

#include <cstdint>
#include <optional>
#include <string>

namespace lorascope {

/// Bytes this process can still allocate without swapping or being killed: the smallest of the
/// kernel's MemAvailable (/proc/meminfo), the room left under the process's memory cgroup limit
/// (v1 or v2) and under RLIMIT_AS / RLIMIT_DATA. nullopt when none of them can be read.
std::optional<std::uint64_t> availableMemoryBytes();

/// "1.5 GB", "640 MB", "12 kB" (powers of 1000, as free(1) -h --si and the docs).
std::string memoryText(double bytes);

/// Throws InputError (naming `field`) when `bytes` are more than availableMemoryBytes():
/// "<what> needs about 600 GB; about 20 GB of memory is available: <advice>". Nothing when the
/// available memory is unknown.
void checkMemoryFits(double bytes, const std::string& what, const std::string& advice, const std::string& field);

} // namespace lorascope
