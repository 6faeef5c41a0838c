// SPDX-License-Identifier: Apache-2.0
#pragma once
// Checks on the files a user names: inputs must be files we can read to an end (not a directory,
// a device such as /dev/zero, or a socket), outputs must not be one of the inputs.

#include <cstdint>
#include <fstream>
#include <string>
#include <vector>

namespace lorascope {

/// Throws InputError naming `path` unless it is a readable regular file (or, with `allowPipe`, a
/// pipe): "<what>: no such file", "<what>: is a directory", "<what>: is not a regular file (a
/// character device)", "<what>: permission denied". `what` names the file's role ("spec file").
void checkInputFile(const std::string& path, const std::string& what, bool allowPipe = false);

/// True if `path` is a pipe (FIFO), e.g. a shell's <(...) substitution.
bool isPipe(const std::string& path);

/// Reads a whole regular file (checkInputFile first). Throws InputError naming the file when it
/// is larger than `maxBytes` or cannot be read.
std::string readWholeFile(const std::string& path, const std::string& what, std::uint64_t maxBytes);

/// Opens a file for reading with the checks every reader in LoraScope applies (checkInputFile: a
/// regular file, never a directory, a device such as /dev/zero, a socket or a pipe, which could be
/// endless or block; then the size): throws InputError naming `path` and `what` when it is larger
/// than `maxBytes` ("the file is 70 GiB, more than the 64 GiB a requests file may have").
std::ifstream openInputFile(const std::string& path, const std::string& what, std::uint64_t maxBytes);

/// A text file read line by line through openInputFile, holding one line at a time: each line
/// without its newline (and a trailing '\r'). A line longer than `maxLine` bytes is an
/// InputError naming the file and line.
class InputLines {
public:
    static constexpr std::size_t kDefaultMaxLine = std::size_t { 64 } << 20;
    InputLines(const std::string& path, const std::string& what, std::uint64_t maxBytes,
        std::size_t maxLine = kDefaultMaxLine);
    /// The next line; false at the end of the file.
    bool next(std::string& line);
    /// 1-based number of the line last returned.
    std::uint64_t lineNumber() const { return m_line; }
    /// Whether the line last returned ended with a newline (false: the file's last bytes, e.g. a
    /// line torn by a process killed while writing it).
    bool hadNewline() const { return m_newline; }
    const std::string& path() const { return m_path; }

private:
    bool fill();
    std::string m_path;
    std::string m_what;
    std::size_t m_maxLine;
    std::ifstream m_in;
    std::vector<char> m_buf;
    std::size_t m_pos = 0, m_end = 0;
    bool m_eof = false;
    bool m_newline = false;
    std::uint64_t m_line = 0;
};

/// True if the two paths name the same file: the same existing inode (hard links, symbolic links,
/// "./x" and "x"), or, for files that do not exist yet, the same normalised absolute path.
bool sameFile(const std::string& a, const std::string& b);

/// One named file of a command, for checkOutputs: the option that named it and the path.
struct NamedPath {
    std::string option; ///< e.g. "--requests-out", "TRACE", "-o"
    std::string path;
    /// An input the command may read as a folder (a run folder): an output inside it is refused.
    bool folder = false;
};

/// The one check of every command, before any work: throws InputError when an output would
/// overwrite an input or another output ("-o t.jsonl is the input trace t.jsonl: choose another
/// output file"), lies inside an input folder (a run folder's summary.json), or is a folder
/// holding an input. Links are resolved first. Empty paths are ignored.
void checkOutputs(const std::vector<NamedPath>& outputs, const std::vector<NamedPath>& inputs);

/// Throws InputError naming `dir` unless it can receive a new run's results: a folder that does
/// not exist yet or is empty. A folder that already holds files (a previous run's requests.jsonl,
/// anything else) is refused unless `force` ("--out r1: the folder already holds files
/// (requests.jsonl); ... give --force"); something that is not a folder is always refused, and so is
/// a place that cannot take it (checkWritableFolder). Used by replay --out, sweep --runs-dir,
/// calibrate --output-dir and merge -o.
void checkResultsFolder(const std::string& dir, const std::string& option, bool force);

/// Throws InputError (naming `option` and the folder) when `folder` cannot receive new files:
/// it does not exist (with `mayCreate`, its nearest existing parent is checked instead, as the
/// folder will be created), it is not a folder, we may not write into it, its file system is
/// mounted read-only or has less than 64 KiB free. Without writing anything: checkOutputFile and
/// the results-folder options call it before long work, so a fit of minutes or a replay never
/// ends in "cannot write".
void checkWritableFolder(const std::string& folder, const std::string& option, bool mayCreate);

/// This process's exclusive claim on a results folder, for as long as the object lives: the folder
/// is created if missing and locked (flock on the folder itself, so the kernel releases it however
/// the process ends: never a stale lock file). A second process claiming the same folder is
/// refused at once, before it writes anything ("r1: another process is writing into this folder
/// right now ..."). With `mustBeEmpty` the folder must also hold no file once claimed: a run that
/// filled it between an earlier checkResultsFolder and this claim is not overwritten. On a file
/// system without locks (some network mounts) only the emptiness check is made.
class FolderClaim {
public:
    FolderClaim(const std::string& dir, const std::string& option, bool mustBeEmpty);
    ~FolderClaim();
    FolderClaim(const FolderClaim&) = delete;
    FolderClaim& operator=(const FolderClaim&) = delete;
    /// False on a file system that does not lock (the claim is then only the emptiness check).
    bool locked() const { return m_fd >= 0; }

private:
    int m_fd = -1;
};

/// Creates a new, empty folder `root/name` (and `root` if missing) and returns its path. When
/// `root/name` exists already (an earlier run started in the same millisecond, another window or
/// process, a clock set back), the next free `name-2`, `name-3`, ... is created instead: the
/// folder is created exclusively, so two callers never share one and nothing in an existing
/// folder is touched. Throws InputError naming the folder when it cannot be created.
std::string createNewFolder(const std::string& root, const std::string& name);

} // namespace lorascope
