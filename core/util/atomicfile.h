#pragma once
// Atomic output: write to a temporary file beside the target, then rename it over the target.
// A failure (exception, full disk) removes the temporary file and leaves any old target intact.

#include <functional>
#include <ostream>
#include <string>

namespace lorascope {

/// Calls `write` with a stream to a temporary file, flushes, fsyncs and renames it to `path`.
/// Throws InputError naming `path` when the file cannot be written; rethrows what `write` throws.
void writeFileAtomically(const std::string& path, const std::function<void(std::ostream&)>& write);

} // namespace lorascope
