// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "analysis/stepthrough.h"

#include <QWidget>

#include <functional>
#include <memory>

class QAction;
class QDoubleSpinBox;
class QLabel;
class QPushButton;
class QSpinBox;
class QTextBrowser;

namespace lorascope {

class Document;

/// Step clock, one forward pass at a time: the batch, the queue head, and for each candidate of
/// the admission scan the numbers of S-LoRA's rule (KV slots needed vs free, Σ input vs
/// batch_max_tokens) in plain words, and why the scan stopped. Jumps to the next pass where a
/// request starts waiting (as the request table counts waits), is admitted or is refused, to a
/// request or to a time; keyboard shortcuts (navigationActions()) work in the whole window while
/// the admission tab is shown.
class StepThroughPanel : public QWidget {
    Q_OBJECT
public:
    explicit StepThroughPanel(Document* document, QWidget* parent = nullptr);

    /// Current pass (-1 before the first).
    int current() const { return m_current; }
    const StepSnapshot* snapshot() const;
    QString text() const;
    QString titleText() const;
    /// Restart, previous, next, next wait/admission/refusal, go to request/time, with shortcuts.
    QList<QAction*> navigationActions() const { return m_actions; }

public Q_SLOTS:
    void reset();
    bool next();
    void previous();
    /// Advances to the next pass that admitted requests (a prefill).
    bool nextAdmission();
    /// Advances to the next pass in which a request starts waiting (StepSnapshot::startedWaiting);
    /// the Request box then shows that request.
    bool nextWait();
    /// Advances to the next pass after which requests were refused on arrival.
    bool nextRefusal();
    /// Shows the pass that admitted (or refused) request `id`, or the first after its arrival.
    bool goToRequest(qulonglong id);
    /// Shows the first pass that ends after `time` (the clock's unit).
    bool goToTime(double time);

Q_SIGNALS:
    /// The pass shown changed: [start, end] in the clock's unit and the request to look at
    /// (admitted, stopped or running; -1 if none).
    void passShown(double start, double end, qlonglong request);
    /// No pass is shown (before the first, or after a new preview).
    void passCleared();
    /// A jump was asked for (e.g. by a shortcut): the panel should be brought to the front.
    void activated();

private:
    /// The prefill chunks of a pass (vllm, sglang): who got how many prompt tokens, how many remain.
    static QString prefillSlicesHtml(const StepSnapshot& snapshot, const SchedulerConfig& server,
        const std::function<QString(std::uint64_t)>& adapterName);
    bool ensureStepper();
    bool jumpTo(std::int64_t index, const QString& notFound, bool focusWaiting = false);
    void show();
    QAction* addNavigation(
        const QString& text, const QKeySequence& key, const QString& tip, const std::function<void()>& slot);

    Document* m_document;
    std::unique_ptr<StepThrough> m_stepper;
    int m_current = -1;
    QString m_notice;
    bool m_focusWaiting = false; ///< the last jump was "Next wait": the Request box shows the request that waits
    QLabel* m_title;
    QTextBrowser* m_view;
    QPushButton *m_prev, *m_next, *m_nextAdmission, *m_nextWait, *m_nextRefusal, *m_reset;
    QSpinBox* m_request;
    QDoubleSpinBox* m_time;
    QList<QAction*> m_actions;
};

} // namespace lorascope
