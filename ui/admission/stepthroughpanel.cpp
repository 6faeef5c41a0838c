// SPDX-License-Identifier: Apache-2.0
#include "admission/stepthroughpanel.h"

#include "document/document.h"
#include "text/terms.h"
#include "widgets/flowlayout.h"

#include <QAction>
#include <QDoubleSpinBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QTextBrowser>
#include <QVBoxLayout>

#include <functional>

namespace lorascope {

namespace {

QString cell(const QString& text)
{
    return QStringLiteral("<td>") + text + QStringLiteral("</td>");
}

QString header(const QString& text)
{
    return QStringLiteral("<th>") + text + QStringLiteral("</th>");
}

} // namespace

QString StepThroughPanel::prefillSlicesHtml(
    const StepSnapshot& s, const SchedulerConfig& server, const std::function<QString(std::uint64_t)>& adapterName)
{
    const auto& slices = s.prefillSlices;
    if (slices.empty())
        return {};
    const QLocale loc;
    const QString limit = server.policy == PolicyKind::Vllm
        ? (server.vllm.enableChunkedPrefill
                ? tr("chunked prefill on: the step's max_num_batched_tokens = %1 tokens are shared by the decodes and "
                     "the prefill chunks%2")
                      .arg(loc.toString(qint64(server.vllm.effectiveMaxNumBatchedTokens())))
                      .arg(server.vllm.longPrefillTokenThreshold > 0
                              ? tr(", a chunk at most long_prefill_token_threshold = %1")
                                    .arg(loc.toString(qint64(server.vllm.longPrefillTokenThreshold)))
                              : QString())
                : tr("chunked prefill off: every prompt is prefilled in one pass"))
        : (server.sglang.chunkedPrefill() ? tr("chunked_prefill_size = %1 tokens per pass, max_prefill_tokens = %2")
                                                .arg(loc.toString(qint64(server.sglang.chunkedPrefillSize)),
                                                    loc.toString(qint64(server.sglang.maxPrefillTokens)))
                                          : tr("chunked prefill off: every prompt is prefilled in one pass"));
    QString html = tr("<p><b>Prefill in this pass</b> (%1):</p>").arg(limit.toHtmlEscaped());
    html += QStringLiteral("<table border=1 cellspacing=0 cellpadding=3><tr>") + header(tr("request"))
        + header(tr("adapter")) + header(tr("prompt tokens in this pass")) + header(tr("still to prefill"))
        + header(tr("state")) + QStringLiteral("</tr>");
    const std::size_t shown = std::min<std::size_t>(slices.size(), 40);
    for (std::size_t i = 0; i < shown; ++i) {
        const PrefillSlice& p = slices[i];
        const QString state = p.remaining > 0 ? tr("a chunk: continues next pass")
                                              : tr("prefill done: first token at the end of this pass");
        html += QStringLiteral("<tr>") + cell(QString::number(p.id)) + cell(adapterName(p.id).toHtmlEscaped())
            + cell(tr("%1 tokens").arg(loc.toString(qint64(p.tokens))))
            + cell(tr("%1 tokens").arg(loc.toString(qint64(p.remaining)))) + cell(state) + QStringLiteral("</tr>");
    }
    html += QStringLiteral("</table>");
    if (slices.size() > shown)
        html += tr("<p>… %1 more</p>").arg(slices.size() - shown);
    return html;
}

StepThroughPanel::StepThroughPanel(Document* document, QWidget* parent)
    : QWidget(parent)
    , m_document(document)
    , m_title(new QLabel(this))
    , m_view(new QTextBrowser(this))
    , m_prev(new QPushButton(tr("◀ Previous"), this))
    , m_next(new QPushButton(tr("Next pass ▶"), this))
    , m_nextAdmission(new QPushButton(tr("Next admission"), this))
    , m_nextWait(new QPushButton(tr("Next wait"), this))
    , m_nextRefusal(new QPushButton(tr("Next refusal"), this))
    , m_reset(new QPushButton(tr("Restart"), this))
    , m_request(new QSpinBox(this))
    , m_time(new QDoubleSpinBox(this))
{
    auto* v = new QVBoxLayout(this);
    v->setContentsMargins(2, 2, 2, 2);
    v->setSpacing(2);
    auto* bar = new QWidget(this);
    auto* h = new FlowLayout(bar, 4);
    for (auto* b : { m_reset, m_prev, m_next, m_nextWait, m_nextAdmission, m_nextRefusal })
        h->addWidget(b);
    auto* requestBox = new QWidget(bar);
    auto* rq = new QHBoxLayout(requestBox);
    rq->setContentsMargins(8, 0, 0, 0);
    auto* requestLabel = new QLabel(tr("Request:"), requestBox);
    requestLabel->setBuddy(m_request);
    rq->addWidget(requestLabel);
    m_request->setParent(requestBox);
    m_request->setObjectName(QStringLiteral("stepRequest"));
    m_request->setKeyboardTracking(false);
    m_request->setToolTip(tr("Go to the pass that admitted (or refused) this request (G)."));
    rq->addWidget(m_request);
    auto* timeLabel = new QLabel(tr("Time:"), requestBox);
    timeLabel->setBuddy(m_time);
    rq->addWidget(timeLabel);
    m_time->setParent(requestBox);
    m_time->setObjectName(QStringLiteral("stepTime"));
    m_time->setKeyboardTracking(false);
    m_time->setDecimals(3);
    m_time->setRange(0, 1e9);
    m_time->setToolTip(tr("Go to the first pass that ends after this time (T)."));
    rq->addWidget(m_time);
    h->addWidget(requestBox);
    v->addWidget(bar);
    m_title->setObjectName(QStringLiteral("stepTitle"));
    m_title->setWordWrap(true);
    m_title->setTextInteractionFlags(Qt::TextSelectableByMouse);
    v->addWidget(m_title);
    v->addWidget(m_view, 1);
    m_prev->setObjectName(QStringLiteral("stepPrevious"));
    m_next->setObjectName(QStringLiteral("stepNext"));
    m_nextAdmission->setObjectName(QStringLiteral("stepNextAdmission"));
    m_nextWait->setObjectName(QStringLiteral("stepNextWait"));
    m_nextRefusal->setObjectName(QStringLiteral("stepNextRefusal"));

    // Actions carry the shortcuts (the admission tab adds them to itself, so they work anywhere in
    // it) and the buttons trigger them.
    auto* aReset = addNavigation(tr("Restart the step-through"), QKeySequence(Qt::Key_Home),
        tr("Back to before the first pass (Home)."), [this] { reset(); });
    auto* aPrev = addNavigation(tr("Previous pass"), QKeySequence(Qt::Key_P), tr("Show the previous forward pass (P)."),
        [this] { previous(); });
    auto* aNext = addNavigation(
        tr("Next pass"), QKeySequence(Qt::Key_N), tr("Run the next forward pass (N)."), [this] { next(); });
    auto* aWait = addNavigation(tr("Next pass where a request waits"), QKeySequence(Qt::Key_W),
        tr("Jump to the next pass in which a request starts waiting in the queue: a limit stopped the admission check, "
           "or the pass had none (W)."),
        [this] { nextWait(); });
    auto* aAdm = addNavigation(tr("Next pass that admits requests"), QKeySequence(Qt::Key_A),
        tr("Jump to the next prefill: requests were admitted (A)."), [this] { nextAdmission(); });
    auto* aRef = addNavigation(tr("Next pass with a refused request"), QKeySequence(Qt::Key_R),
        tr("Jump to the next pass after which a request was refused on arrival (over a per-request limit) (R)."),
        [this] { nextRefusal(); });
    addNavigation(tr("Go to request…"), QKeySequence(Qt::Key_G),
        tr("Type a request number to jump to the pass that admitted it (G)."), [this] {
            Q_EMIT activated();
            m_request->setFocus();
            m_request->selectAll();
        });
    addNavigation(
        tr("Go to time…"), QKeySequence(Qt::Key_T), tr("Type a time to jump to the pass running then (T)."), [this] {
            Q_EMIT activated();
            m_time->setFocus();
            m_time->selectAll();
        });
    const std::pair<QPushButton*, QAction*> links[] = { { m_reset, aReset }, { m_prev, aPrev }, { m_next, aNext },
        { m_nextWait, aWait }, { m_nextAdmission, aAdm }, { m_nextRefusal, aRef } };
    for (const auto& [button, action] : links) {
        button->setToolTip(action->toolTip());
        connect(button, &QPushButton::clicked, action, &QAction::trigger);
    }
    connect(m_request, &QSpinBox::editingFinished, this, [this] {
        if (m_request->hasFocus())
            goToRequest(qulonglong(m_request->value()));
    });
    connect(m_time, &QDoubleSpinBox::editingFinished, this, [this] {
        if (m_time->hasFocus())
            goToTime(m_time->value());
    });
    connect(m_document, &Document::admissionChanged, this, &StepThroughPanel::reset);
    show();
}

QAction* StepThroughPanel::addNavigation(
    const QString& text, const QKeySequence& key, const QString& tip, const std::function<void()>& slot)
{
    auto* a = new QAction(text, this);
    a->setShortcut(key);
    // The whole window while the Admission tab is shown (the tab holds the actions, so they are
    // off on other tabs); text fields keep their letters (they take the key first).
    a->setShortcutContext(Qt::WindowShortcut);
    a->setToolTip(tip);
    connect(a, &QAction::triggered, this, [this, slot] {
        Q_EMIT activated();
        slot();
    });
    m_actions.append(a);
    return a;
}

void StepThroughPanel::reset()
{
    m_stepper.reset();
    m_current = -1;
    m_notice.clear();
    if (auto trace = m_document->trace()) {
        m_stepper = std::make_unique<StepThrough>(trace, m_document->admissionConfig());
        m_request->setRange(
            0, int(std::min<std::size_t>(trace->requests.size(), 2147483647) - (trace->requests.empty() ? 0 : 1)));
    }
    m_time->setSuffix(QLatin1Char(' ') + Terms::clockUnit(m_document->admissionConfig().clock));
    show();
}

bool StepThroughPanel::ensureStepper()
{
    if (!m_stepper)
        reset();
    return m_stepper != nullptr;
}

const StepSnapshot* StepThroughPanel::snapshot() const
{
    if (!m_stepper || m_current < 0 || std::size_t(m_current) >= m_stepper->count())
        return nullptr;
    return &m_stepper->snapshot(std::size_t(m_current));
}

bool StepThroughPanel::jumpTo(std::int64_t index, const QString& notFound, bool focusWaiting)
{
    m_focusWaiting = focusWaiting && index >= 0;
    if (index < 0) {
        m_notice = notFound;
        show();
        return false;
    }
    m_notice.clear();
    m_current = int(index);
    show();
    return true;
}

bool StepThroughPanel::next()
{
    if (!ensureStepper())
        return false;
    return jumpTo(m_stepper->findNext(m_current, StepEvent::Any, 1), tr("The trace is done: no further pass."));
}

bool StepThroughPanel::nextAdmission()
{
    if (!ensureStepper())
        return false;
    return jumpTo(m_stepper->findNext(m_current, StepEvent::Admission), tr("No further pass admits requests."));
}

bool StepThroughPanel::nextWait()
{
    if (!ensureStepper())
        return false;
    return jumpTo(
        m_stepper->findNext(m_current, StepEvent::Wait), tr("No request starts waiting after this pass."), true);
}

bool StepThroughPanel::nextRefusal()
{
    if (!ensureStepper())
        return false;
    return jumpTo(m_stepper->findNext(m_current, StepEvent::Rejection), tr("No request is refused after this pass."));
}

bool StepThroughPanel::goToRequest(qulonglong id)
{
    if (!ensureStepper())
        return false;
    return jumpTo(m_stepper->findRequest(id), tr("There is no request %1.").arg(id));
}

bool StepThroughPanel::goToTime(double time)
{
    if (!ensureStepper())
        return false;
    return jumpTo(m_stepper->findTime(time),
        tr("No pass runs at or after %1.").arg(Terms::time(time, m_document->admissionConfig().clock)));
}

void StepThroughPanel::previous()
{
    if (m_current > 0) {
        m_focusWaiting = false;
        --m_current;
        m_notice.clear();
        show();
    }
}

QString StepThroughPanel::text() const
{
    return m_view->toPlainText();
}

QString StepThroughPanel::titleText() const
{
    return m_title->text();
}

void StepThroughPanel::show()
{
    m_prev->setEnabled(m_current > 0);
    const StepSnapshot* s = snapshot();
    const QString notice = m_notice.isEmpty()
        ? QString()
        : QStringLiteral("<p style=\"color:#8a0010\"><b>") + m_notice.toHtmlEscaped() + QStringLiteral("</b></p>");
    if (!s) {
        m_title->setText(m_stepper && m_stepper->finished() && m_stepper->count() == 0
                ? tr("The trace has no forward pass.")
                : tr("Press “Next pass” (N) to run the first forward pass."));
        m_view->setHtml(notice
            + tr("<p>The step-through runs the admission engine one forward pass at a time: a <b>prefill</b> of newly "
                 "admitted requests "
                 "or one <b>decode</b> step (every running request generates one token).</p>"
                 "<p>At each admission check you see every candidate's numbers: the KV slots the batch would need if "
                 "every request ran to "
                 "its end, the slots free for requests (max_total_token_num minus the adapter weights: rank × 4 slots "
                 "per adapter in the "
                 "batch), the input tokens of the new batch against batch_max_tokens, and why the check stopped.</p>"
                 "<p>Keys (while the Admission tab is shown): N next pass · P previous · W next wait · A next "
                 "admission · R next refusal · G go to request · T go to time · Home restart.</p>"));
        Q_EMIT passCleared();
        return;
    }
    const auto& r = s->result;
    const auto& trace = *m_document->trace();
    const ClockKind clock = m_document->admissionConfig().clock;
    const SchedulerConfig& server = m_document->admissionConfig().scheduler;
    const ServerLimits& limits = server.limits;
    auto t = [clock](double v) { return Terms::time(v, clock, 4); };
    m_title->setText(
        tr("<b>Pass %1</b> · %2 · %3 → %4 (%5)")
            .arg(s->index)
            .arg(Terms::stepKind(r.kind), t(s->start), t(s->end), Terms::time(s->end - s->start, clock, 3)));
    auto adapterName = [&](std::uint64_t id) {
        const auto a = trace.requests[id].adapter;
        return a == kNoAdapter ? tr("base model") : QString::fromStdString(trace.adapters[a].name);
    };
    QString html = notice;
    if (server.policy == PolicyKind::Vllm) {
        // vLLM: KV blocks, the tokens of a mixed pass, preemptions, the adapters in GPU slots and the CPU cache.
        html += tr("<p><b>After this pass</b>: running %1, waiting %2. KV cache: %3 of %4 blocks in use (%5 tokens "
                   "each). This pass "
                   "computed %6 prompt tokens for %7 requests and decoded %8; adapters in GPU slots: %9 (max_loras "
                   "%10), in the CPU "
                   "cache: %11.</p>")
                    .arg(r.runningRequests)
                    .arg(s->queueLength)
                    .arg(r.kvUsed / std::max<std::int64_t>(1, server.vllm.blockSize))
                    .arg(r.kvCapacity / std::max<std::int64_t>(1, server.vllm.blockSize))
                    .arg(server.vllm.blockSize)
                    .arg(r.prefillShape.tokens)
                    .arg(r.prefillShape.requests)
                    .arg(r.decodeShape.requests)
                    .arg(r.residentAdapters)
                    .arg(server.vllm.maxLoras)
                    .arg(r.cpuAdapters);
    } else if (server.policy == PolicyKind::Sglang) {
        // SGLang: the token pool, the tokens of the pass, the LoRA slots and host memory.
        html += tr("<p><b>After this pass</b>: running %1, waiting %2. KV pool: %3 of %4 tokens in use "
                   "(max_total_tokens). This pass "
                   "computed %5 prompt tokens for %6 requests and decoded %7; adapters in GPU LoRA slots: %8 "
                   "(max_loras_per_batch %9), "
                   "in host memory: %10.</p>")
                    .arg(r.runningRequests)
                    .arg(s->queueLength)
                    .arg(r.kvUsed)
                    .arg(r.kvCapacity)
                    .arg(r.prefillShape.tokens)
                    .arg(r.prefillShape.requests)
                    .arg(r.decodeShape.requests)
                    .arg(r.residentAdapters)
                    .arg(server.sglang.maxLorasPerBatch)
                    .arg(server.sglang.maxLoadedLoras > 0
                            ? tr("%1 of max_loaded_loras %2").arg(r.cpuAdapters).arg(server.sglang.maxLoadedLoras)
                            : tr("every adapter (max_loaded_loras unset)"));
    } else {
        html += tr("<p><b>After this pass</b>: running %1, waiting %7. KV cache: %2 of %3 slots in use (%4 of them "
                   "adapter weights); "
                   "the running batch may need up to %5 if every request runs to its end. Adapters resident: %6.</p>")
                    .arg(r.runningRequests)
                    .arg(r.kvUsed)
                    .arg(r.kvCapacity)
                    .arg(r.adapterSlots)
                    .arg(r.kvNeed)
                    .arg(r.residentAdapters)
                    .arg(s->queueLength);
    }
    if (!s->rejected.empty()) {
        QStringList items;
        for (std::size_t i = 0; i < s->rejected.size(); ++i)
            items << tr("request %1 (%2)")
                         .arg(s->rejected[i])
                         .arg(Terms::rejectReason(
                             i < s->rejectedWhy.size() ? s->rejectedWhy[i] : RejectReason::None, server));
        html += tr("<p><b>Refused on arrival</b>: %1.</p>").arg(items.join(QStringLiteral("; ")).toHtmlEscaped());
    }
    const bool chunking = server.policy == PolicyKind::Vllm || server.policy == PolicyKind::Sglang;
    if (chunking)
        html += prefillSlicesHtml(*s, server, adapterName);
    if (chunking && !r.preempted.empty()) {
        QStringList ids;
        for (auto id : r.preempted)
            ids << QString::number(id);
        html += server.policy == PolicyKind::Vllm ? tr("<p><b>Preempted</b> (recompute: its KV blocks freed, back to "
                                                       "the front of the queue; its prompt and generated tokens are "
                                                       "prefilled again when it is scheduled next): %1.</p>")
                                                        .arg(ids.join(QStringLiteral(", ")))
                                                  : tr("<p><b>Retracted</b> (a decode ran out of KV tokens: its KV "
                                                       "freed, back to the end of the queue; its prompt and output so "
                                                       "far are prefilled again later): %1.</p>")
                                                        .arg(ids.join(QStringLiteral(", ")));
    }
    if (chunking) {
        // The server's scan: who was scheduled from the queue, and why the rest waits (in the server's terms).
        const WaitContext context { &server, clock, &trace };
        QStringList taken;
        for (const auto& a : r.admitted)
            taken << tr("%1 (%2)").arg(a.id).arg(adapterName(a.id).toHtmlEscaped());
        for (const auto& a : r.resumed)
            taken << tr("%1 (%2, resumed)").arg(a.id).arg(adapterName(a.id).toHtmlEscaped());
        if (!taken.isEmpty())
            html += tr("<p><b>Scheduled from the queue</b>: %1.</p>").arg(taken.join(QStringLiteral("; ")));
        if (r.blocked.kind != WaitKind::None) {
            // The explanation is whole sentences; the line closes with its own full stop.
            QString why = Terms::waitExplanation(r.blocked, context);
            if (why.endsWith(QLatin1Char('.')) || why.endsWith(QChar(0x3002)))
                why.chop(1);
            html += tr("<p><b>The first request still waiting</b>: %1.</p>").arg(why.toHtmlEscaped());
        }
    } else if (!s->candidates.empty() || r.attempted) {
        html += tr("<p><b>Admission check</b> (first come, first served; the first request that does not fit stops the "
                   "check):</p>");
        QString why;
        html += QStringLiteral("<table border=1 cellspacing=0 cellpadding=3><tr>") + header(tr("request"))
            + header(tr("adapter (rank)")) + header(tr("input / output tokens")) + header(tr("KV slots needed"))
            + header(tr("KV slots free for requests")) + header(tr("input tokens of the new batch"))
            + header(tr("verdict")) + QStringLiteral("</tr>");
        for (const auto& c : s->candidates) {
            const std::int64_t adapterSlots = limits.maxTotalTokenNum - c.limit;
            const QString free = tr("%1 = %2 − %3").arg(c.limit).arg(limits.maxTotalTokenNum).arg(adapterSlots);
            const QString verdict
                = c.admitted ? tr("admitted") : tr("waits: %1").arg(Terms::waitTitle(c.reason.kind).toHtmlEscaped());
            if (!c.admitted)
                why += tr("<p><b>Request %1 waits</b>: %2</p>")
                           .arg(c.id)
                           .arg(Terms::waitExplanation(c.reason, WaitContext { &server, clock, &trace }, c.adapterRanks)
                                    .toHtmlEscaped());
            html += QStringLiteral("<tr>") + cell(QString::number(c.id))
                + cell(tr("%1 (%2)").arg(adapterName(c.id).toHtmlEscaped()).arg(c.rank))
                + cell(tr("%1 / %2").arg(c.inputLen).arg(c.outputLen)) + cell(QString::number(c.need)) + cell(free)
                + cell(tr("%1 of %2").arg(c.batchInput).arg(c.batchMaxTokens)) + cell(verdict)
                + QStringLiteral("</tr>");
        }
        html += QStringLiteral("</table>") + why;
        html += tr("<p><small><b>KV slots needed</b>: the peak KV use if every request of the batch ran to its end "
                   "(S-LoRA: max<sub>k</sub> left<sub>k</sub>·k + "
                   "Σ<sub>j≤k</sub> used<sub>j</sub>); it must stay below the <b>slots free for requests</b> = "
                   "max_total_token_num (%1) − the weights of the "
                   "adapters in the batch (rank × 4 slots each), so the free slots shrink whenever a request brings a "
                   "new adapter. The new batch's input "
                   "tokens must not exceed batch_max_tokens (%2%3).</small></p>")
                    .arg(limits.maxTotalTokenNum)
                    .arg(limits.effectiveBatchMaxTokens())
                    .arg(limits.batchMaxTokens <= 0 ? tr(", the default for 0") : QString());
    } else if (r.kind == StepKind::Decode) {
        html += tr("<p>Decode step: every running request generates one token. No admission check in this pass (S-LoRA "
                   "checks the queue after every %1 decode steps).</p>")
                    .arg(m_document->admissionConfig().scheduler.maxWaitTokens);
    }
    if (!s->startedWaiting.empty()) {
        // Who starts waiting here, and why: the same requests and reasons as the request table.
        QStringList items;
        // Joined by "; ": each reason without its own final full stop ("…steps).; request 4" otherwise).
        auto clause = [](QString sentence) {
            if (sentence.endsWith(QLatin1Char('.')))
                sentence.chop(1);
            return sentence;
        };
        for (std::size_t i = 0; i < s->startedWaiting.size() && i < 8; ++i) {
            const WaitReason& why = i < s->startedWaitingWhy.size() ? s->startedWaitingWhy[i] : WaitReason {};
            items << tr("<b>request %1</b> (arrived %2): %3")
                         .arg(s->startedWaiting[i])
                         .arg(t(trace.requests[s->startedWaiting[i]].time),
                             clause(why.kind == WaitKind::AdmissionWindow && r.kind == StepKind::Decode
                                     ? tr("this pass only decodes, so nobody is admitted until the next admission "
                                          "check (after every %1 decode steps).")
                                           .arg(m_document->admissionConfig().scheduler.maxWaitTokens)
                                     : Terms::waitExplanation(why, WaitContext { &server, clock, &trace }))
                                 .toHtmlEscaped());
        }
        if (s->startedWaiting.size() > 8)
            items << tr("… %1 more").arg(s->startedWaiting.size() - 8);
        html += tr("<p><b>Starts waiting in this pass</b>: %1</p>").arg(items.join(QStringLiteral("; ")));
    }
    if (!r.finished.empty()) {
        QStringList ids;
        for (auto id : r.finished)
            ids << QString::number(id);
        html += tr("<p><b>Finished</b>: %1</p>").arg(ids.join(QStringLiteral(", ")));
    }
    html += tr("<p><b>Running batch</b> (request: tokens generated / output length):</p><p>");
    QStringList items;
    for (std::size_t i = 0; i < s->running.size() && i < 60; ++i) {
        const auto& e = s->running[i];
        items << QStringLiteral("%1: %2/%3").arg(e.id).arg(e.generated).arg(e.outputLen);
    }
    if (s->running.size() > 60)
        items << tr("… %1 more").arg(s->running.size() - 60);
    html += (items.isEmpty() ? tr("empty") : items.join(QStringLiteral(" · "))) + QStringLiteral("</p>");
    QStringList queue;
    for (auto id : s->queueHead)
        queue << QString::number(id);
    if (s->queueLength > s->queueHead.size())
        queue << tr("… %1 more").arg(s->queueLength - s->queueHead.size());
    html += tr("<p><b>Waiting, first in line first</b>: %1</p>")
                .arg(queue.isEmpty() ? tr("nobody") : queue.join(QStringLiteral(", ")));
    m_view->setHtml(html);

    qlonglong focus = -1;
    if (m_focusWaiting && !s->startedWaiting.empty()) // after "Next wait": the request that waits
        focus = qlonglong(s->startedWaiting.front());
    else if (!r.admitted.empty())
        focus = qlonglong(r.admitted.front().id);
    else if (!s->candidates.empty())
        focus = qlonglong(s->candidates.back().id);
    else if (!s->rejected.empty())
        focus = qlonglong(s->rejected.front());
    else if (!s->running.empty())
        focus = qlonglong(s->running.front().id);
    {
        // The boxes show where the step-through is (typing in them jumps).
        const QSignalBlocker b1(m_request), b2(m_time);
        if (focus >= 0 && !m_request->hasFocus())
            m_request->setValue(int(focus));
        if (!m_time->hasFocus())
            m_time->setValue(s->start);
    }
    Q_EMIT passShown(s->start, s->end, focus);
}

} // namespace lorascope
