// SPDX-License-Identifier: Apache-2.0
#pragma once
// Atomic output: write to a temporary file beside the target, then rename it over the target.
// A failure (exception, full disk) removes the temporary file and leaves any old target intact;
// so does SIGINT/SIGTERM/SIGHUP once removeTempFilesOnSignals() is installed (a small,
// async-signal-safe registry of the temporary files being written).

#include <functional>
#include <ostream>
#include <string>
#include <vector>

namespace lorascope {

/// Calls `write` with a stream to a temporary file, flushes, fsyncs and renames it to `path`.
/// Like `cp`, it refuses to replace a read-only file (also when running as root: a file without
/// any write permission bit is refused explicitly) and a directory; it writes through a symbolic
/// link to its target and keeps the mode of the file it replaces. A target that is a device or a
/// pipe (/dev/null, /dev/stdout, a FIFO) is written directly, never replaced.
/// Throws InputError naming `path` when the file cannot be written; rethrows what `write` throws.
void writeFileAtomically(const std::string& path, const std::function<void(std::ostream&)>& write);

/// Throws InputError when `path` cannot be an output file (a directory, a read-only file, a dangling
/// symbolic link, a folder that does not exist, is read-only or on a full or read-only file system:
/// checkWritableFolder), so commands can check before long work.
void checkOutputFile(const std::string& path);

/// Installs handlers for SIGINT, SIGTERM and SIGHUP that remove the temporary files
/// writeFileAtomically is writing, then end the process by the same signal (its default action).
/// Commands that handle these signals themselves (replay, serve-sim) install their own handlers.
void removeTempFilesOnSignals();

/// The temporary files being written right now (for tests and diagnostics; not signal-safe).
std::vector<std::string> pendingTempFiles();

} // namespace lorascope
