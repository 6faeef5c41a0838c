#pragma once

#include "analysis/stepthrough.h"

#include <QWidget>

#include <memory>

class QLabel;
class QPushButton;
class QTextBrowser;

namespace lorascope {

class Document;

/// Step clock, one forward pass at a time: the batch, the queue head, and for each candidate of
/// the admission scan the numbers of S-LoRA's rule (need vs limit, Σ input vs batch_max_tokens)
/// and why the scan stopped.
class StepThroughPanel : public QWidget {
    Q_OBJECT
public:
    explicit StepThroughPanel(Document* document, QWidget* parent = nullptr);

    /// Current pass (-1 before the first).
    int current() const { return m_current; }
    const StepSnapshot* snapshot() const;
    QString text() const;

public Q_SLOTS:
    void reset();
    bool next();
    void previous();
    /// Advances to the next pass that admitted requests (a prefill).
    bool nextAdmission();

private:
    void show();

    Document* m_document;
    std::unique_ptr<StepThrough> m_stepper;
    int m_current = -1;
    QLabel* m_title;
    QTextBrowser* m_view;
    QPushButton *m_prev, *m_next, *m_nextAdmission, *m_reset;
};

} // namespace lorascope
