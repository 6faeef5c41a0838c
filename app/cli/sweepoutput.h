// SPDX-License-Identifier: Apache-2.0
#pragma once
// What `lorascope-cli sweep` writes and prints: the rows file (written as FILE.partial, renamed
// when the sweep ends), the live progress line, the table of points, the comparison with S-LoRA's
// published runs and the line that ends an interrupted sweep. The flags are read in cmd_sweep.cpp.

#include "cli/args.h"

#include "sweep/paper.h"
#include "sweep/sweepio.h"

#include <cstddef>
#include <functional>
#include <memory>
#include <mutex>
#include <ostream>
#include <string>
#include <vector>

namespace lorascope::cli {

/// Where the rows go. -o FILE is written as FILE.partial and renamed over FILE when the sweep
/// ends (finished, interrupted, or stopped by an error after some points): an earlier file of
/// that name survives a sweep that wrote no point, and a sweep killed outright (SIGKILL, a crash)
/// leaves its points in FILE.partial. Without -o a sweep streams its rows to standard output
/// (the finder prints its answer there instead).
class SweepOutput {
public:
    /// Reads -o/--output, --format and --force; checks the file before any point runs.
    SweepOutput(const Args& a, const SweepPlan& plan, const std::string& source, bool finder);
    ~SweepOutput() { finish(); }
    SweepOutput(const SweepOutput&) = delete;
    SweepOutput& operator=(const SweepOutput&) = delete;

    SweepWriter* writer() const { return m_writer.get(); }
    bool toStdout() const { return m_toStdout; }
    const std::string& path() const { return m_path; }
    /// Closes the output and renames FILE.partial to FILE. Returns where the points are for the
    /// user ("FILE", or "standard output"), or "" when none was written (the partial file is
    /// removed and an earlier FILE is left as it was).
    std::string finish();

private:
    std::string m_path; ///< -o FILE, empty without
    std::string m_partial; ///< FILE.partial while writing; empty: nothing to rename
    bool m_toStdout = false;
    std::unique_ptr<SweepWriter> m_writer;
    bool m_finished = false;
    std::string m_where;
};

/// Each finished point: written at once, and a live line on a terminal.
class PointProgress {
public:
    PointProgress(const SweepPlan& plan, SweepWriter* writer, bool replay, bool live, std::size_t total);
    /// The callback the sweep calls with each finished point (one call at a time).
    std::function<void(const SweepPoint&)> callback();
    /// Ends the live line; the next stage counts from 0.
    void end();

private:
    const SweepPlan& m_plan;
    SweepWriter* m_writer;
    bool m_replay;
    bool m_live;
    std::size_t m_total;
    std::mutex m_mutex;
    std::size_t m_finished = 0;
};

/// Ends an interrupted sweep: "interrupted; 3 of 10 points finished and kept in rates.jsonl", or
/// that none finished and nothing was written (it never names a file that is not there).
/// `planned` = 0 when the number of points was open (the finder). Returns exit status 1.
int interruptedSweep(SweepOutput& output, std::size_t finished, std::size_t planned);

/// The table of points, sorted by value, with a legend.
void printSweepTable(std::ostream& out, const SweepPlan& plan, std::vector<const SweepPoint*> points);
/// The preview against S-LoRA's published runs of a suite (and the same as JSON lines in `writer`).
void printPaperComparison(std::ostream& out, const SweepPlan& plan, const std::vector<SweepPoint>& points,
    const std::vector<const PaperFigure*>& figures, SweepWriter* writer);

} // namespace lorascope::cli
