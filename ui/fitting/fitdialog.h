// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "fit/fit.h"
#include "workload/stats.h"

#include <QDialog>

#include <memory>

class QTableWidget;
class QLabel;

namespace lorascope {

/// "Fit from trace…": shows an imported trace and the workload model fitted to it side by side
/// (rate, burstiness, popularity, lengths, with goodness-of-fit figures). Accepting the dialog
/// means "use the fitted model"; the caller then puts fittedSpec() into the parameter panel.
/// The numbers come from the core (fitTrace, computeStats of the trace and of a trace generated
/// from the fitted spec); the dialog only presents them.
class FitDialog : public QDialog {
    Q_OBJECT
public:
    FitDialog(std::shared_ptr<const Trace> trace, const QString& source, QWidget* parent = nullptr);

    const WorkloadSpec& fittedSpec() const { return m_fit.spec; }
    const FitResult& fit() const { return m_fit; }
    /// The comparison table (rows: quantities; columns: quantity, trace, fitted model, fit quality).
    QTableWidget* table() const { return m_table; }
    /// Row index of a quantity by its first-column text; -1 if absent (for tests).
    int rowOf(const QString& quantity) const;

private:
    void addRow(const QString& quantity, const QString& trace, const QString& model, const QString& quality = {});

    std::shared_ptr<const Trace> m_trace;
    FitResult m_fit;
    TraceStats m_traceStats;
    TraceStats m_modelStats;
    QTableWidget* m_table;
    QLabel* m_notes;
};

} // namespace lorascope
