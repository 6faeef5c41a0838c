// SPDX-License-Identifier: Apache-2.0
#include "compare/comparetab.h"
#include "compare/runcompareview.h"

#include "charts/plotview.h"
#include "compare/compareplots.h"
#include "compare/keyfiguremodel.h"
#include "compare/parametermodel.h"
#include "compare/sweepcompare.h"
#include "document/document.h"
#include "document/session.h"
#include "widgets/chartgrid.h"
#include "widgets/flowlayout.h"

#include <QAction>
#include <QCheckBox>
#include <QComboBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QMessageBox>
#include <QProgressBar>
#include <QPushButton>
#include <QShowEvent>
#include <QSplitter>
#include <QStackedWidget>
#include <QTabBar>
#include <QTableView>
#include <QTime>
#include <QToolButton>
#include <QUndoStack>
#include <QVBoxLayout>

namespace lorascope {

namespace {

constexpr int kDebounceMs = 120;

bool sameInput(const CompareInput& x, const CompareInput& y)
{
    // diffParameters ignores only settings that cannot change the result (cost model on the step
    // clock, vLLM limits under another policy), so "no difference" means "same analysis".
    return diffParameters(x, y).empty();
}

QString issuesText(const std::vector<SpecIssue>& issues)
{
    QStringList lines;
    for (const auto& i : issues)
        lines << QString::fromStdString(i.message).toHtmlEscaped();
    return lines.join(QStringLiteral("; "));
}

} // namespace

CompareTab::CompareTab(Document* document, QWidget* parent)
    : QWidget(parent)
    , m_document(document)
    , m_pinAction(new QAction(tr("Pin Current Parameters as &A"), this))
    , m_model(new KeyFigureModel(this))
    , m_params(new ParameterModel(this))
    , m_jobs(this)
{
    m_pinAction->setObjectName(QStringLiteral("pinAsA"));
    m_pinAction->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_A));
    m_pinAction->setToolTip(tr("Keep the current workload spec and admission settings as A; keep editing: the live "
                               "parameters are B (Ctrl+Shift+A)."));
    connect(m_pinAction, &QAction::triggered, this, &CompareTab::pinCurrentAsA);

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->setSpacing(4);
    // Two kinds of comparison: two parameter sets, or two sweeps (curves over a parameter).
    m_modeBar = new QTabBar(this);
    m_modeBar->setObjectName(QStringLiteral("compareMode"));
    m_modeBar->addTab(tr("Parameter sets"));
    m_modeBar->addTab(tr("Sweeps"));
    m_modeBar->setTabToolTip(0, tr("Two workloads (and servers) side by side."));
    m_modeBar->setTabToolTip(
        1, tr("Two sweeps from the Sweep tab or from sweep files: their curves over the same parameter."));
    m_modeBar->addTab(tr("Replay runs"));
    m_modeBar->setTabToolTip(
        2, tr("Two replay run folders: every metric of B against A with its 95 % confidence interval and a verdict."));
    layout->addWidget(m_modeBar);
    auto* modes = new QStackedWidget(this);
    auto* paramsPage = new QWidget(modes);
    auto* pl = new QVBoxLayout(paramsPage);
    pl->setContentsMargins(0, 0, 0, 0);
    pl->setSpacing(4);
    pl->addWidget(createToolbar());
    m_stack = new QStackedWidget(paramsPage);
    m_stack->addWidget(createPlaceholder());
    m_stack->addWidget(createComparisonPage());
    pl->addWidget(m_stack, 1);
    modes->addWidget(paramsPage);
    m_sweeps = new SweepCompareView(modes);
    modes->addWidget(m_sweeps);
    m_runs = new RunCompareView(modes);
    modes->addWidget(m_runs);
    layout->addWidget(modes, 1);
    connect(m_modeBar, &QTabBar::currentChanged, modes, &QStackedWidget::setCurrentIndex);
    connect(m_sweeps, &SweepCompareView::exportRequested, this, &CompareTab::exportRequested);

    m_debounce.setSingleShot(true);
    m_debounce.setInterval(kDebounceMs);
    connect(&m_debounce, &QTimer::timeout, this, &CompareTab::recompute);
    m_jobs.setOnIdle([this] { m_busy->setVisible(false); });
    connect(m_document, &Document::specChanged, this, &CompareTab::schedule);
    connect(m_document, &Document::admissionConfigChanged, this, &CompareTab::schedule);
    updateButtons();
}

CompareTab::~CompareTab()
{
    m_jobs.cancel();
}

void CompareTab::showSweeps()
{
    m_modeBar->setCurrentIndex(1);
}

void CompareTab::showRuns()
{
    m_modeBar->setCurrentIndex(2);
}

CompareInput CompareTab::currentInput() const
{
    return CompareInput { m_document->spec(), m_document->admissionConfig() };
}

CompareInput CompareTab::baseB() const
{
    return m_b ? m_b->input : currentInput();
}

CompareInput CompareTab::effectiveB() const
{
    CompareInput b = baseB();
    if (const int policy = m_policyB ? m_policyB->currentData().toInt() : -1; policy >= 0)
        b.admission.scheduler.policy = PolicyKind(policy); // the same knobs, read by another server
    return b;
}

std::optional<CompareInput> CompareTab::effectiveA() const
{
    if (!m_a)
        return std::nullopt;
    CompareInput a = m_a->input;
    if (m_sameServer->isChecked()) {
        // The server's settings and its limits (B's policy choice applies to B only).
        a.admission = baseB().admission;
    }
    return a;
}

void CompareTab::pinCurrentAsA()
{
    m_a = Pinned { currentInput(), tr("pinned at %1").arg(QTime::currentTime().toString(QStringLiteral("HH:mm:ss"))) };
    updateButtons();
    updateHeader();
    schedule();
}

QString CompareTab::loadSide(Side side, const QString& path)
{
    CompareInput in;
    try {
        const Session s = loadSessionFile(path.toStdString());
        in = { s.spec, s.admission };
    } catch (const std::exception& sessionError) {
        // A plain spec file is fine too: it gets the default admission settings.
        try {
            in.spec = loadSpecFile(path.toStdString());
            in.admission = defaultAdmissionConfig(in.spec);
        } catch (const std::exception&) {
            return QString::fromStdString(sessionError.what());
        }
    }
    Pinned p { in, QFileInfo(path).fileName() };
    if (side == Side::A)
        m_a = p;
    else
        m_b = p;
    updateButtons();
    updateHeader();
    schedule();
    return {};
}

void CompareTab::useLiveB()
{
    m_b.reset();
    updateButtons();
    updateHeader();
    schedule();
}

void CompareTab::swap()
{
    if (!m_a)
        return;
    if (m_b) {
        std::swap(*m_a, *m_b);
    } else {
        // Live B: the document takes A's parameters (one undo step), A keeps what was current.
        const CompareInput oldA = m_a->input;
        const CompareInput current = currentInput();
        m_a = Pinned { current, tr("swapped at %1").arg(QTime::currentTime().toString(QStringLiteral("HH:mm:ss"))) };
        auto* undo = m_document->undoStack();
        undo->beginMacro(tr("Swap A and B"));
        if (m_sameServer->isChecked()) {
            // The server is shared and stays as it is; only the workloads trade places.
            m_document->editSpec(oldA.spec, tr("Swap A and B"));
        } else {
            m_document->editSpec(oldA.spec, tr("Swap A and B"));
            m_document->editAdmission(oldA.admission, tr("Swap A and B"));
        }
        undo->endMacro();
    }
    updateButtons();
    updateHeader();
    schedule();
}

void CompareTab::showEvent(QShowEvent* event)
{
    QWidget::showEvent(event);
    if (m_dirty)
        schedule();
}

void CompareTab::schedule()
{
    // Hidden: nothing to show, so spend no CPU; the work happens when the tab is opened.
    if (!isVisible()) {
        m_dirty = true;
        return;
    }
    m_debounce.start();
}

void CompareTab::updateButtons()
{
    m_stack->setCurrentIndex(m_a ? 1 : 0);
    m_liveB->setEnabled(m_b.has_value());
    m_swap->setEnabled(m_a.has_value());
    m_export->setEnabled(m_comparison != nullptr && m_a.has_value());
}

void CompareTab::setError(const QString& html)
{
    m_error->setText(html);
    m_error->setVisible(!html.isEmpty());
}

QString CompareTab::errorText() const
{
    return m_error->isVisible() ? m_error->text() : QString();
}

QString CompareTab::diffText() const
{
    const auto a = effectiveA();
    if (!a)
        return {};
    QStringList parts;
    for (const auto& d : diffParameters(*a, effectiveB())) {
        const QString field = QString::fromStdString(d.field);
        parts << fieldLabel(field) + QStringLiteral(": ") + valueLabel(field, QString::fromStdString(d.a))
                + QStringLiteral(" → ") + valueLabel(field, QString::fromStdString(d.b));
    }
    return parts.join(QStringLiteral(", "));
}

void CompareTab::updateHeader()
{
    if (!m_a) {
        m_header->clear();
        m_params->setRows({});
        return;
    }
    m_params->setRows(parameterRows(*effectiveA(), effectiveB()));
    const QString b = m_b ? m_b->label : tr("live parameters (follows your edits)");
    const QString diffs = diffText();
    const QString server = m_sameServer->isChecked() ? tr("same server for both (B's limits and admission settings)")
                                                     : tr("each side with its own server");
    m_header->setText(
        tr("%1 <b>A</b>: %2 &nbsp;&nbsp; %3 <b>B</b>: %4 &nbsp;&nbsp; <i>%5</i><br><span "
           "style=\"font-size:large\"><b>Differences:</b> %6</span>")
            .arg(compareSwatch(compareColorA()), m_a->label.toHtmlEscaped(), compareSwatch(compareColorB()),
                b.toHtmlEscaped(), server,
                diffs.isEmpty()
                    ? tr("none — A and B are the same parameters. Change a parameter in the Workload tab to compare.")
                    : diffs.toHtmlEscaped()));
}

void CompareTab::recompute()
{
    m_dirty = false;
    updateHeader();
    const auto a = effectiveA();
    if (!a) {
        m_jobs.cancel();
        return;
    }
    const CompareInput b = effectiveB();
    QStringList problems;
    if (const auto issues = validate(a->spec); !issues.empty())
        problems << tr("<b>A</b> is invalid: %1").arg(issuesText(issues));
    if (const auto issues = validate(b.spec); !issues.empty())
        problems << tr("<b>B</b> is invalid: %1").arg(issuesText(issues));
    if (!problems.isEmpty()) {
        // Keep the last comparison on screen; say inline why it is not updated.
        m_jobs.cancel();
        m_busy->setVisible(false);
        setError(problems.join(QStringLiteral("<br>")) + tr("<br>The charts show the last valid comparison."));
        return;
    }
    setError({});
    // Reuse an analysed side when its inputs did not change (e.g. A while B is being edited, or
    // both after a swap).
    auto cached = [this](const CompareInput& in) -> std::optional<CompareSide> {
        for (const auto* c : { &m_cacheA, &m_cacheB })
            if (*c && sameInput((*c)->input, in))
                return (*c)->side;
        return std::nullopt;
    };
    const auto haveA = cached(*a);
    const auto haveB = cached(b);
    auto diffs = diffParameters(*a, b);
    struct Result {
        std::shared_ptr<const Comparison> comparison;
        QString error;
    };
    const CompareInput inA = *a;
    m_busy->setVisible(true);
    m_jobs.run(
        [inA, b, haveA, haveB, diffs](const std::atomic<bool>& cancel) -> Result {
            ProgressSink sink;
            sink.cancel = &cancel;
            try {
                const CompareSide sa = haveA ? *haveA : analyzeSide(inA, sink, Document::kAutoAdmissionLimit);
                const CompareSide sb = haveB ? *haveB : analyzeSide(b, sink, Document::kAutoAdmissionLimit);
                return { std::make_shared<const Comparison>(compareSides(sa, sb, diffs)), {} };
            } catch (const Cancelled&) {
                return {};
            } catch (const std::exception& e) {
                return { nullptr, QString::fromStdString(e.what()) };
            }
        },
        [this, inA, b](Result r) {
            if (!r.comparison) {
                if (!r.error.isEmpty())
                    setError(r.error.toHtmlEscaped());
                return;
            }
            m_cacheA = Cached { inA, r.comparison->a };
            m_cacheB = Cached { b, r.comparison->b };
            m_comparison = std::move(r.comparison);
            present();
        });
}

void CompareTab::present()
{
    const auto& c = *m_comparison;
    m_charts.value(QStringLiteral("popularity"))->setData(comparePopularityPlot(c));
    m_charts.value(QStringLiteral("gaps"))->setData(compareGapPlot(c));
    m_charts.value(QStringLiteral("input"))->setData(compareLengthPlot(c, true));
    m_charts.value(QStringLiteral("output"))->setData(compareLengthPlot(c, false));
    m_charts.value(QStringLiteral("arrivals"))->setData(compareArrivalPlot(c));
    m_charts.value(QStringLiteral("latency"))
        ->setData(compareLatencyPlot(c, CompareLatency(m_latencyChoice->currentData().toInt())));
    m_charts.value(QStringLiteral("running"))->setData(compareTimelinePlot(c, true));
    m_charts.value(QStringLiteral("queue"))->setData(compareTimelinePlot(c, false));
    m_model->setComparison(m_comparison);
    // The key numbers take the height they need; the parameter list below gets the rest.
    if (auto* box = m_table->parentWidget()) {
        const int rows = m_model->rowCount();
        const int tableHeight = m_table->horizontalHeader()->sizeHint().height()
            + rows * m_table->verticalHeader()->defaultSectionSize() + 2 * m_table->frameWidth() + 2;
        box->setMaximumHeight(tableHeight + box->layout()->itemAt(0)->sizeHint().height() + box->layout()->spacing());
    }

    QStringList notes;
    for (const auto& [name, side] : { std::pair { tr("A"), &c.a }, std::pair { tr("B"), &c.b } }) {
        if (!side->admission)
            notes << tr(
                "%1 has %2 requests: too many for an automatic admission preview, so its latency figures are missing.")
                         .arg(name)
                         .arg(side->workload->trace->requests.size());
    }
    const auto* adm = c.b.admission ? c.b.admission.get() : c.a.admission.get();
    auto rulesOf = [](const AdmissionAnalysis& x) -> QString { // a QString, not a QStringBuilder of temporaries
        return valueLabel(QStringLiteral("policy"), QString::fromStdString(policyName(x.config.scheduler.policy)))
            + QStringLiteral(" (") + QString::fromStdString(policyRules(x.config.scheduler.policy)) + QLatin1Char(')');
    };
    if (c.a.admission && c.b.admission
        && c.a.admission->config.scheduler.policy != c.b.admission->config.scheduler.policy)
        notes << tr("A runs on %1; B runs on %2: the same knobs read by two servers' schedulers.")
                     .arg(rulesOf(*c.a.admission), rulesOf(*c.b.admission));
    if (adm) {
        const auto& cfg = adm->config;
        notes << tr("Admission policy: %1; %2 clock%3.")
                     .arg(
                         valueLabel(QStringLiteral("policy"), QString::fromStdString(policyName(cfg.scheduler.policy))),
                         cfg.clock == ClockKind::Steps ? tr("step") : tr("cost-model"),
                         cfg.clock == ClockKind::Model ? tr(" (%1)").arg(QString::fromStdString(cfg.cost.name))
                                                       : QString());
    }
    if (!m_b && m_document->hasImportedTrace())
        notes << tr("The Workload tab shows an imported trace; B is generated from the current parameters.");
    notes << tr("Δ is B − A; green = B better, red = B worse (latencies, refusals, throughput), only when B differs "
                "from A by %1 % or more: "
                "smaller differences are noise and stay grey (another random seed alone moves these figures by 3–8 %).")
                 .arg(KeyFigureModel::kNoiseShare * 100);
    m_note->setText(notes.join(QLatin1Char('\n')));
    updateHeader();
    updateButtons();
    Q_EMIT comparisonUpdated();
}

} // namespace lorascope
