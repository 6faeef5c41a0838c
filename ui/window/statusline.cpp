// SPDX-License-Identifier: Apache-2.0
#include "window/statusline.h"

#include "analysis/capacity.h"
#include "analysis/admissionview.h"
#include "document/document.h"

#include <QElapsedTimer>
#include <QLabel>
#include <QMainWindow>
#include <QProgressBar>
#include <QStatusBar>
#include <QTimer>
#include <QToolButton>

#include <algorithm>

namespace lorascope {

namespace {
constexpr int kShowProgressAfterMs = 200;
}

StatusLine::StatusLine(QMainWindow* window, Document* document)
    : QObject(window)
    , m_window(window)
    , m_document(document)
    , m_summary(new QLabel(window))
    , m_progress(new QProgressBar(window))
    , m_cancel(new QToolButton(window))
    , m_overload(new QToolButton(window))
    , m_progressTimer(new QTimer(this))
{
    QStatusBar* bar = window->statusBar();
    m_summary->setObjectName(QStringLiteral("summary"));
    bar->addWidget(m_summary, 1);
    m_progress->setRange(0, 1000);
    m_progress->setMaximumWidth(220);
    m_progress->setVisible(false);
    m_cancel->setText(tr("Cancel"));
    m_cancel->setToolTip(tr("Stop the running generation (Esc)"));
    m_cancel->setVisible(false);
    // Says so on every tab when the preview's server cannot keep up; a click shows the details.
    m_overload->setObjectName(QStringLiteral("overloadIndicator"));
    m_overload->setAutoRaise(true);
    m_overload->setStyleSheet(QStringLiteral("QToolButton { color: #a0001a; font-weight: bold; }"));
    m_overload->setVisible(false);
    connect(m_overload, &QToolButton::clicked, this, &StatusLine::overloadClicked);
    bar->addPermanentWidget(m_overload);
    bar->addPermanentWidget(m_progress);
    bar->addPermanentWidget(m_cancel);
    // The status bar keeps the height it has with progress, Cancel and the overload button shown:
    // showing them during a long generation would otherwise change its height by a pixel or two,
    // and every chart above would re-lay out and repaint at once (~14 ms on the GUI thread).
    {
        int tallest = m_summary->sizeHint().height();
        for (QWidget* w :
            { static_cast<QWidget*>(m_progress), static_cast<QWidget*>(m_cancel), static_cast<QWidget*>(m_overload) })
            tallest = std::max(tallest, w->sizeHint().height());
        bar->setFixedHeight(std::max(bar->sizeHint().height(), tallest + 4));
    }
    connect(m_cancel, &QToolButton::clicked, m_document, &Document::cancel);
    // A passing message takes the summary's place. QStatusBar hides its normal widgets for one,
    // but shows them again whenever it re-lays itself out (a permanent widget appearing changes its
    // height), and then both are drawn over each other: keep that explicit.
    connect(bar, &QStatusBar::messageChanged, m_summary,
        [this](const QString& message) { m_summary->setVisible(message.isEmpty()); });

    // Long work (≥ 200 ms) shows progress; a timer polls the worker's atomic fraction.
    m_progressTimer->setInterval(50);
    connect(m_progressTimer, &QTimer::timeout, this, [this] {
        QElapsedTimer now;
        now.start();
        const bool show = m_busySince >= 0 && now.msecsSinceReference() - m_busySince >= kShowProgressAfterMs;
        m_progress->setVisible(show);
        m_cancel->setVisible(show);
        m_progress->setValue(int(m_document->progress() * 1000));
    });
    connect(m_document, &Document::busyChanged, this, [this](bool busy) {
        if (busy && m_busySince < 0) {
            QElapsedTimer now;
            now.start();
            m_busySince = now.msecsSinceReference();
            m_progressTimer->start();
        } else if (!busy) {
            m_busySince = -1;
            m_progressTimer->stop();
            m_progress->setVisible(false);
            m_cancel->setVisible(false);
        }
    });
    connect(m_document, &Document::admissionChanged, this, &StatusLine::updateOverload);
    connect(m_document, &Document::failed, this, [this](const QString& msg) { showMessage(msg, 8000); });
}

QString StatusLine::summaryText() const
{
    return m_summary->text();
}

void StatusLine::setSummary(const QString& text)
{
    m_summary->setText(text);
}

bool StatusLine::overloadShown() const
{
    return m_overload->isVisible();
}

void StatusLine::showMessage(const QString& text, int ms)
{
    m_window->statusBar()->showMessage(text, ms);
}

QString StatusLine::overloadText() const
{
    return m_overload->isVisible() ? m_overload->text() : QString();
}

void StatusLine::setCurrentTab(const QString& key)
{
    m_tab = key;
    updateOverload();
}

void StatusLine::updateOverload()
{
    const auto a = m_document->admission();
    const bool overloaded = a && a->capacity.overloaded;
    const bool here = m_tab == QLatin1String("workload") || m_tab == QLatin1String("admission");
    // The server the preview ran, by the name the Admission tab gives it.
    QString server;
    if (a)
        switch (a->config.scheduler.policy) {
        case PolicyKind::Vllm:
            server = tr("vLLM V1");
            break;
        case PolicyKind::Sglang:
            server = tr("SGLang");
            break;
        case PolicyKind::SLoraAbort:
            server = tr("S-LoRA with abort");
            break;
        default:
            server = tr("S-LoRA");
            break;
        }
    m_overload->setText(tr("⚠ Admission preview: %1 overloaded").arg(server));
    m_overload->setToolTip(tr("In the admission preview, requests arrive faster than the server (%1) takes them in, "
                              "so the queue grows. Click for the details.")
                               .arg(server));
    m_overload->setVisible(overloaded && here);
}

} // namespace lorascope
