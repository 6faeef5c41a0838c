// SPDX-License-Identifier: Apache-2.0
#pragma once
// The cost model in use, where its numbers come from (provenance and measured validation error)
// and whether the previewed workload lies inside what it was validated on. Presents core results
// only: the provenance line and the warnings come from core (provenanceSummary, validityWarnings).

#include "admission/costmodel.h"
#include "calibrate/validity.h"

#include <QGroupBox>

#include <vector>

class QLabel;
class QPushButton;

namespace lorascope {

class CostModelPanel : public QGroupBox {
    Q_OBJECT
public:
    explicit CostModelPanel(QWidget* parent = nullptr);

    /// Shows `model`: its name, GPU/model and provenance.
    void setModel(const CostModel& model);
    /// Shows the preview's validity warnings (none: the line is hidden).
    void setWarnings(const std::vector<ValidityWarning>& warnings);

    QString provenanceText() const;
    QStringList warningTexts() const { return m_warningTexts; }
    /// Loads a cost-model file as the "Load…" button does (no dialog). Returns false and shows the
    /// error in the panel when the file is bad.
    bool loadFile(const QString& path);

Q_SIGNALS:
    /// The user loaded a calibrated model file.
    void costModelChosen(const lorascope::CostModel& model);

private:
    QLabel* m_name;
    QLabel* m_provenance;
    QLabel* m_warnings;
    QLabel* m_error;
    QPushButton* m_load;
    QStringList m_warningTexts;
};

} // namespace lorascope
