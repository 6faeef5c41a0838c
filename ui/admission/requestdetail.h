// SPDX-License-Identifier: Apache-2.0
#pragma once
// "Why it waited", read first: the admission preview's request selected in the table, in full
// sentences beside the table (its times, how long it waited and why, with the limit's numbers),
// and a link to the pass that admitted it in the step-through.

#include "analysis/admissionview.h"

#include <QTextBrowser>

#include <memory>

namespace lorascope {

class RequestDetail : public QTextBrowser {
    Q_OBJECT
public:
    explicit RequestDetail(QWidget* parent = nullptr);

    /// Shows request `index` (into the analysis's requests); nothing selected for a negative index.
    void showRequest(std::shared_ptr<const AdmissionAnalysis> analysis, qlonglong index);
    qlonglong request() const { return m_index; }
    /// The text as shown (plain).
    QString text() const { return toPlainText(); }

    /// The request to show first: the first that waited for a limit (not only for the next
    /// admission check), else the first that waited at all, else the first; -1 when there are none.
    static qlonglong firstWorthShowing(const AdmissionAnalysis& analysis);

Q_SIGNALS:
    /// "Show its admission in the step-through" was clicked.
    void stepThroughRequested(qulonglong request);

private:
    std::shared_ptr<const AdmissionAnalysis> m_analysis;
    qlonglong m_index = -1;
};

} // namespace lorascope
