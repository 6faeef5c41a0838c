// SPDX-License-Identifier: Apache-2.0
#pragma once
// The file dialog for reading a trace (File > Import Trace, Fit Workload from Trace, the Replay
// tab's Browse…): every readable format as a filter, all trace files first; a file without a
// known extension whose content does not tell its format is read as the format the user picks.

#include <QString>

class QWidget;

namespace lorascope {

/// The file chosen and its format (empty: by extension or content).
struct TraceFileChoice {
    QString path; ///< empty when cancelled
    QString format;
};
TraceFileChoice askTraceToRead(QWidget* parent, const QString& title);

/// "All trace files (*.jsonl *.csv …)", then each readable format, then "All files (*)".
QString traceReadFilter();

} // namespace lorascope
