// SPDX-License-Identifier: Apache-2.0
#include "admission/requestdetail.h"

#include "admission/requestmodel.h"
#include "text/terms.h"

#include <QUrl>

#include <cmath>

namespace lorascope {

RequestDetail::RequestDetail(QWidget* parent)
    : QTextBrowser(parent)
{
    setObjectName(QStringLiteral("requestDetail"));
    setOpenLinks(false);
    setMinimumWidth(180);
    connect(this, &QTextBrowser::anchorClicked, this, [this](const QUrl& url) {
        if (url.scheme() == QLatin1String("step") && m_index >= 0)
            Q_EMIT stepThroughRequested(qulonglong(m_index));
    });
    showRequest(nullptr, -1);
}

qlonglong RequestDetail::firstWorthShowing(const AdmissionAnalysis& a)
{
    const auto& reqs = a.result.requests;
    qlonglong anyWait = -1;
    for (std::size_t i = 0; i < reqs.size(); ++i) {
        const auto& r = reqs[i];
        if (r.wait.kind == WaitKind::None)
            continue;
        if (r.wait.kind != WaitKind::AdmissionWindow)
            return qlonglong(i);
        if (anyWait < 0)
            anyWait = qlonglong(i);
    }
    return anyWait >= 0 ? anyWait : (reqs.empty() ? -1 : 0);
}

void RequestDetail::showRequest(std::shared_ptr<const AdmissionAnalysis> analysis, qlonglong index)
{
    m_analysis = std::move(analysis);
    m_index = m_analysis && index >= 0 && std::size_t(index) < m_analysis->result.requests.size() ? index : -1;
    if (m_index < 0) {
        setHtml(tr("<p><b>Why it waited</b></p><p>Select a request in the table: its times, how long it waited in the "
                   "queue and why, "
                   "in full sentences, appear here.</p>"));
        return;
    }
    const auto& a = *m_analysis;
    const auto& r = a.result.requests[std::size_t(m_index)];
    const ClockKind clock = a.result.clock;
    const SchedulerConfig& server = a.config.scheduler;
    const WaitContext context { &server, clock, a.trace.get() };
    // Moments to 4 significant digits (they are read against each other), durations to 3.
    auto t = [clock](double v) { return std::isnan(v) ? QStringLiteral("–") : Terms::time(v, clock, 4); };
    auto d = [clock](double v) { return std::isnan(v) ? QStringLiteral("–") : Terms::time(v, clock, 3); };
    QString adapter;
    if (r.adapter == kNoAdapter)
        adapter = tr("base model (no adapter)");
    else if (r.adapter < a.trace->adapters.size())
        adapter = tr("%1 (rank %2)")
                      .arg(QString::fromStdString(a.trace->adapters[r.adapter].name))
                      .arg(a.trace->adapters[r.adapter].rank);
    QString html = tr("<p><b>Request %1</b> · %2 · %3 input / %4 output tokens</p>")
                       .arg(r.id)
                       .arg(adapter.toHtmlEscaped())
                       .arg(r.inputLen)
                       .arg(r.outputLen);
    const double wait = r.admitted - r.arrival;
    // Why it waited, first and whole.
    QString why;
    if (r.rejected != RejectReason::None || r.dropped != DropReason::None)
        why = RequestTableModel::statusOf(r, server);
    else if (std::isnan(r.admitted))
        why = tr("It was never admitted: the trace ended with it still in the queue.") + QLatin1Char(' ')
            + Terms::waitExplanation(r.wait, context);
    else if (r.wait.kind == WaitKind::None)
        why = wait > 0 ? tr("It waited only for the forward pass running when it arrived to end: the next admission "
                            "check took it in.")
                       : tr("It did not wait: admitted when it arrived.");
    else
        why = Terms::waitExplanation(r.wait, context);
    html += tr("<p><b>Why it waited</b> (%1): %2</p>").arg(d(wait), why.toHtmlEscaped());
    html += tr("<p>Arrived %1 · admitted %2 · first token %3 · finished %4 (TTFT %5, end to end %6).</p>")
                .arg(t(r.arrival), t(r.admitted), t(r.firstToken), t(r.finished), d(r.firstToken - r.arrival),
                    d(r.finished - r.arrival));
    html += tr(
        "<p><a href=\"step:%1\">Show the pass that admitted it in the step-through</a> (G in the Admission tab).</p>")
                .arg(r.id);
    setHtml(html);
}

} // namespace lorascope
