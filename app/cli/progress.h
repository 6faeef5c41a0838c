// SPDX-License-Identifier: Apache-2.0
#pragma once
// A progress line on stderr when it is a terminal (nothing otherwise).

#include "util/progress.h"

#include <chrono>
#include <cstdio>
#include <string>

#include <unistd.h>

namespace lorascope::cli {

class TerminalProgress {
public:
    TerminalProgress(std::string label, bool quiet)
        : m_label(std::move(label))
        , m_enabled(!quiet && ::isatty(2))
        , m_start(std::chrono::steady_clock::now())
    {
    }
    ProgressSink sink()
    {
        ProgressSink s;
        if (m_enabled)
            s.report = [this](double f) { show(f); };
        return s;
    }
    void show(double fraction)
    {
        const auto now = std::chrono::steady_clock::now();
        if (now - m_last < std::chrono::milliseconds(100) || now - m_start < std::chrono::milliseconds(300))
            return;
        m_last = now;
        m_shown = true;
        std::fprintf(stderr, "\r%s %5.1f %%", m_label.c_str(), 100.0 * fraction);
        std::fflush(stderr);
    }
    void done()
    {
        if (m_shown)
            std::fprintf(stderr, "\r%s done      \n", m_label.c_str());
        m_shown = false;
    }

private:
    std::string m_label;
    bool m_enabled;
    bool m_shown = false;
    std::chrono::steady_clock::time_point m_start, m_last;
};

} // namespace lorascope::cli
