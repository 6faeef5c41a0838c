#include "admission/stepthroughpanel.h"

#include "document/document.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QTextBrowser>
#include <QVBoxLayout>

namespace lorascope {

StepThroughPanel::StepThroughPanel(Document* document, QWidget* parent)
    : QWidget(parent)
    , m_document(document)
    , m_title(new QLabel(this))
    , m_view(new QTextBrowser(this))
    , m_prev(new QPushButton(tr("◀ Previous pass"), this))
    , m_next(new QPushButton(tr("Next pass ▶"), this))
    , m_nextAdmission(new QPushButton(tr("Next admission ▶▶"), this))
    , m_reset(new QPushButton(tr("Restart"), this))
{
    auto* v = new QVBoxLayout(this);
    v->setContentsMargins(0, 0, 0, 0);
    auto* h = new QHBoxLayout;
    h->addWidget(m_reset);
    h->addWidget(m_prev);
    h->addWidget(m_next);
    h->addWidget(m_nextAdmission);
    h->addWidget(m_title, 1);
    v->addLayout(h);
    v->addWidget(m_view, 1);
    m_prev->setObjectName(QStringLiteral("stepPrevious"));
    m_next->setObjectName(QStringLiteral("stepNext"));
    m_nextAdmission->setObjectName(QStringLiteral("stepNextAdmission"));
    connect(m_prev, &QPushButton::clicked, this, &StepThroughPanel::previous);
    connect(m_next, &QPushButton::clicked, this, &StepThroughPanel::next);
    connect(m_nextAdmission, &QPushButton::clicked, this, &StepThroughPanel::nextAdmission);
    connect(m_reset, &QPushButton::clicked, this, &StepThroughPanel::reset);
    connect(m_document, &Document::admissionChanged, this, &StepThroughPanel::reset);
    show();
}

void StepThroughPanel::reset()
{
    m_stepper.reset();
    m_current = -1;
    if (auto trace = m_document->trace()) {
        SimulationConfig config = m_document->admissionConfig();
        config.scheduler.limits = m_document->spec().limits;
        m_stepper = std::make_unique<StepThrough>(trace, config);
    }
    show();
}

const StepSnapshot* StepThroughPanel::snapshot() const
{
    if (!m_stepper || m_current < 0 || std::size_t(m_current) >= m_stepper->count())
        return nullptr;
    return &m_stepper->snapshot(std::size_t(m_current));
}

bool StepThroughPanel::next()
{
    if (!m_stepper)
        reset();
    if (!m_stepper)
        return false;
    if (std::size_t(m_current + 1) < m_stepper->count() || m_stepper->next()) {
        ++m_current;
        show();
        return true;
    }
    show();
    return false;
}

bool StepThroughPanel::nextAdmission()
{
    // Bounded: a pass with an admission comes within a few thousand decode steps in practice.
    for (int i = 0; i < 100000; ++i) {
        if (!next())
            return false;
        if (auto* s = snapshot(); s && !s->result.admitted.empty())
            return true;
    }
    return false;
}

void StepThroughPanel::previous()
{
    if (m_current > 0) {
        --m_current;
        show();
    }
}

QString StepThroughPanel::text() const
{
    return m_view->toPlainText();
}

void StepThroughPanel::show()
{
    m_prev->setEnabled(m_current > 0);
    const StepSnapshot* s = snapshot();
    if (!s) {
        m_title->setText(m_stepper && m_stepper->finished() ? tr("The trace is done.") : tr("Press “Next pass” to run the first forward pass."));
        m_view->setHtml(tr("<p>The step clock runs the admission engine one forward pass at a time: a <b>prefill</b> of newly admitted requests "
                           "or one <b>decode</b> step of the running batch. For every admission scan you see each candidate's numbers "
                           "(S-LoRA: need = max<sub>k</sub> left<sub>k</sub>·k + Σ<sub>j≤k</sub> used<sub>j</sub> &lt; max_total_token_num − adapter_size, "
                           "and Σ input ≤ batch_max_tokens) and why the scan stopped.</p>"));
        return;
    }
    const auto& r = s->result;
    const auto& trace = *m_document->trace();
    const QString unit = m_document->admissionConfig().clock == ClockKind::Steps ? tr("steps") : tr("s");
    m_title->setText(tr("Pass %1: %2, t = %3 → %4 %5").arg(s->index).arg(QString::fromStdString(stepKindName(r.kind))).arg(s->start, 0, 'g', 6).arg(s->end, 0, 'g', 6).arg(unit));
    auto adapterName = [&](std::uint64_t id) {
        const auto a = trace.requests[id].adapter;
        return a == kNoAdapter ? tr("base") : QString::fromStdString(trace.adapters[a].name);
    };
    QString html;
    html += tr("<p><b>Batch</b>: %1 running request(s) after the pass; KV need %2, used %3 of %4 slots; %5 adapter(s) resident; %6 waiting.</p>")
                .arg(r.runningRequests)
                .arg(r.kvNeed)
                .arg(r.kvUsed)
                .arg(r.kvCapacity)
                .arg(r.residentAdapters)
                .arg(s->queueLength);
    if (!s->candidates.empty() || r.attempted) {
        html += tr("<p><b>Admission scan</b> (FIFO; the first candidate that fails stops the scan):</p>");
        html += QStringLiteral("<table border=1 cellspacing=0 cellpadding=3><tr><th>") + tr("request") + QStringLiteral("</th><th>") + tr("adapter (rank)")
            + QStringLiteral("</th><th>") + tr("input") + QStringLiteral("</th><th>") + tr("output") + QStringLiteral("</th><th>") + tr("need") + QStringLiteral("</th><th>")
            + tr("limit") + QStringLiteral("</th><th>") + tr("Σ input") + QStringLiteral("</th><th>") + tr("batch_max_tokens") + QStringLiteral("</th><th>") + tr("verdict")
            + QStringLiteral("</th></tr>");
        for (const auto& c : s->candidates) {
            const QString verdict = c.admitted ? tr("admitted") : tr("stops the scan: %1").arg(QString::fromStdString(c.reason.describe()).toHtmlEscaped());
            html += QStringLiteral("<tr><td>%1</td><td>%2 (%3)</td><td>%4</td><td>%5</td><td>%6</td><td>%7</td><td>%8</td><td>%9</td><td>")
                        .arg(c.id)
                        .arg(adapterName(c.id).toHtmlEscaped())
                        .arg(c.rank)
                        .arg(c.inputLen)
                        .arg(c.outputLen)
                        .arg(c.need)
                        .arg(c.limit)
                        .arg(c.batchInput)
                        .arg(c.batchMaxTokens)
                + verdict + QStringLiteral("</td></tr>");
        }
        html += QStringLiteral("</table>");
        if (r.blocked.kind != WaitKind::None)
            html += tr("<p>Engine: the scan stopped because <b>%1</b>.</p>").arg(QString::fromStdString(r.blocked.describe()).toHtmlEscaped());
    } else if (r.kind == StepKind::Decode) {
        html += tr("<p>Decode step: every running request generates one token; no admission attempt (S-LoRA tries every %1 decode steps).</p>")
                    .arg(m_document->admissionConfig().scheduler.maxWaitTokens);
    }
    if (!r.finished.empty()) {
        QStringList ids;
        for (auto id : r.finished)
            ids << QString::number(id);
        html += tr("<p><b>Finished</b>: %1</p>").arg(ids.join(QStringLiteral(", ")));
    }
    html += tr("<p><b>Running batch</b> (request: generated / output):</p><p>");
    QStringList items;
    for (std::size_t i = 0; i < s->running.size() && i < 60; ++i) {
        const auto& e = s->running[i];
        items << QStringLiteral("%1: %2/%3").arg(e.id).arg(e.generated).arg(e.outputLen);
    }
    if (s->running.size() > 60)
        items << tr("… %1 more").arg(s->running.size() - 60);
    html += items.join(QStringLiteral(" · ")) + QStringLiteral("</p>");
    QStringList queue;
    for (auto id : s->queueHead)
        queue << QString::number(id);
    html += tr("<p><b>Queue head</b>: %1</p>").arg(queue.isEmpty() ? tr("empty") : queue.join(QStringLiteral(", ")));
    m_view->setHtml(html);
}

} // namespace lorascope
