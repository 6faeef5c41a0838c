// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "workload/spec.h"

#include <QHash>
#include <QSet>
#include <QWidget>

#include <optional>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QGroupBox;
class QToolButton;
class QVBoxLayout;
class QFormLayout;
class QLabel;
class QLineEdit;
class QSlider;
class QSpinBox;

namespace lorascope {

class Document;

/// Every workload parameter of docs/workload.md with units, ranges and formula tooltips. Edits go to the
/// Document (undoable); the panel mirrors the Document's spec and shows its problems inline.
class ParameterPanel : public QWidget {
    Q_OBJECT
public:
    explicit ParameterPanel(Document* document, QWidget* parent = nullptr);

    /// The widget editing a parameter (field path as in validate(), e.g. "popularity.alpha").
    QWidget* editor(const QString& field) const { return m_editors.value(field); }
    /// Slider of a parameter that has one (nullptr otherwise).
    QSlider* slider(const QString& field) const { return m_sliders.value(field); }
    QString issuesText() const;
    /// The text the preset box shows ("S4", or "custom (from S4)" after edits).
    QString presetText() const;
    /// The label of a field as the panel shows it ("Skew α").
    QString labelOf(const QString& field) const { return m_labels.value(field, field); }
    /// The "Sessions and shared prefixes" group: its header button and whether it is open.
    QToolButton* sessionsToggle() const { return m_sessionsToggle; }
    bool sessionsExpanded() const;
    /// The note above the parameters: a value far outside a field's usual range waiting to be
    /// confirmed, or keys a number field did not take (empty while hidden).
    QString noteText() const;
    /// Answers the question of the note: use the far-out value, or keep the previous one.
    void confirmFarValue(bool use);

Q_SIGNALS:
    /// The user moved focus to (or hovered) the editor of a parameter.
    void parameterFocused(const QString& field);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    struct LengthEditors {
        QComboBox* kind;
        QSpinBox *lo, *hi, *value;
        QDoubleSpinBox *beta, *mu, *sigma, *mean, *stddev;
    };
    QDoubleSpinBox* addDouble(QFormLayout* form, const QString& field, const QString& label, double lo, double hi,
        int decimals, const QString& unit, const QString& tip, bool logSlider = false, double sliderLo = 0,
        double sliderHi = 0);
    QSpinBox* addInt(QFormLayout* form, const QString& field, const QString& label, int lo, int hi, const QString& unit,
        const QString& tip);
    QComboBox* addCombo(
        QFormLayout* form, const QString& field, const QString& label, const QStringList& items, const QString& tip);
    LengthEditors addLength(QFormLayout* form, const QString& prefix, const QString& what);
    void registerEditor(const QString& field, QWidget* w);
    void setRowVisible(const QString& field, bool visible);

    // Sessions and shared prefixes (parameterpanelsessions.cpp).
    void addSessionGroup(QVBoxLayout* outer);
    void syncSessions(const WorkloadSpec& s);
    void readSessions(WorkloadSpec& s) const;
    void updateSessionVisibility(const WorkloadSpec& s);
    void setSessionsExpanded(bool expanded);

    void syncFromSpec();
    void updateVisibility();
    void showIssues();
    void commit(const QString& field, bool fromSlider);
    /// A typed value far outside the slider's range: asks once per field (true = asked, not committed).
    bool askFarValue(const QString& field, const WorkloadSpec& s);
    /// Keys a number field refused, or text it could not read: said in the note, not dropped silently.
    bool checkTyping(QObject* watched, QEvent* event);
    void showNote(const QString& html, bool question);
    WorkloadSpec specFromEditors() const;
    void readLength(const LengthEditors& e, LengthSpec& l) const;
    void writeLength(const LengthEditors& e, const LengthSpec& l);

    Document* m_document;
    bool m_syncing = false;
    int m_dragSerial = 0;
    QHash<QString, QWidget*> m_editors;
    QHash<QString, QSlider*> m_sliders;
    QHash<QString, QFormLayout*> m_formOf;
    QHash<QString, QString> m_labels; ///< the label of each field, for undo texts
    static constexpr int kCustomRole = Qt::UserRole + 7; ///< marks the "custom (from …)" item of the preset box
    QComboBox* m_preset = nullptr;
    QComboBox* m_generator = nullptr;
    QSpinBox* m_n = nullptr;
    QDoubleSpinBox* m_rate = nullptr;
    QDoubleSpinBox* m_duration = nullptr;
    QSpinBox* m_seed = nullptr;
    QComboBox* m_popKind = nullptr;
    QDoubleSpinBox* m_alpha = nullptr;
    QDoubleSpinBox* m_zipf = nullptr;
    QLineEdit* m_weights = nullptr;
    QComboBox* m_arrKind = nullptr;
    QDoubleSpinBox* m_cv = nullptr;
    QDoubleSpinBox *m_onRate = nullptr, *m_offRate = nullptr, *m_meanOn = nullptr, *m_meanOff = nullptr;
    QLineEdit* m_schedule = nullptr;
    LengthEditors m_input {}, m_output {};
    QLabel* m_issues = nullptr;
    QWidget* m_note = nullptr;
    QLabel* m_noteText = nullptr;
    QWidget* m_noteButtons = nullptr;
    QHash<QString, QPair<double, double>> m_sliderRange; ///< the usual range of each field with a slider
    QSet<QString> m_farConfirmed; ///< fields whose far-out values were confirmed once
    std::optional<WorkloadSpec> m_farPending; ///< the spec waiting for the user's answer
    QString m_farField;
    QString m_refused; ///< keys refused since the field got focus
    struct SessionEditors {
        QCheckBox* enabled = nullptr;
        QComboBox* turnsKind = nullptr;
        QSpinBox *turnsMin = nullptr, *turnsMax = nullptr, *turnsValue = nullptr;
        QDoubleSpinBox* turnsBeta = nullptr;
        QComboBox* thinkKind = nullptr;
        QDoubleSpinBox *thinkMean = nullptr, *thinkSigma = nullptr, *thinkLo = nullptr, *thinkHi = nullptr;
        QSpinBox* maxContext = nullptr;
        QDoubleSpinBox *firstToken = nullptr, *perToken = nullptr;
        QSpinBox* systemTokens = nullptr;
        QLineEdit* groups = nullptr;
    } m_sessions;
    QToolButton* m_sessionsToggle = nullptr;
    QGroupBox* m_sessionsBox = nullptr;
};

} // namespace lorascope
