// SPDX-License-Identifier: Apache-2.0
// The A/B tab comparing two replay runs (docs/report.md): the same core as `lorascope-cli compare`.
#include "compare/runcompareview.h"

#include "report/reportmodel.h"

#include <QDir>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QMessageBox>
#include <QPushButton>
#include <QTableView>
#include <QVBoxLayout>

#include <cmath>

namespace lorascope {

namespace {

QString number(double v, int digits = 2)
{
    return std::isfinite(v) ? QString::number(v, 'f', digits) : QStringLiteral("–");
}

QString number(const std::optional<double>& v, int digits = 2)
{
    return v ? number(*v, digits) : QStringLiteral("–");
}

} // namespace

RunCompareModel::RunCompareModel(QObject* parent)
    : QAbstractTableModel(parent)
{
}

void RunCompareModel::setComparison(std::shared_ptr<const ResultComparison> c, ReportLang lang)
{
    beginResetModel();
    m_comparison = std::move(c);
    m_lang = lang;
    m_rows.clear();
    if (m_comparison && !m_comparison->runs.empty())
        for (const auto& d : m_comparison->runs.front().overall)
            if ((d.a || d.b) && d.info && d.info->headline)
                m_rows.push_back(&d);
    endResetModel();
}

int RunCompareModel::rowOf(const QString& key) const
{
    for (std::size_t i = 0; i < m_rows.size(); ++i)
        if (QString::fromStdString(m_rows[i]->key) == key)
            return int(i);
    return -1;
}

int RunCompareModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int RunCompareModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant RunCompareModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || index.row() >= int(m_rows.size()))
        return {};
    const MetricDelta& d = *m_rows[std::size_t(index.row())];
    const std::string labelB = m_comparison->runs.front().labelB;
    if (role == KeyRole)
        return QString::fromStdString(d.key);
    if (role == ValueRole)
        return d.diff() ? *d.diff() : std::nan("");
    if (role == Qt::TextAlignmentRole)
        return index.column() >= A && index.column() <= Interval ? QVariant(Qt::AlignRight | Qt::AlignVCenter)
                                                                 : QVariant();
    if (role == Qt::ToolTipRole && index.column() == Metric)
        return QString::fromStdString(metricExplain(m_lang, d.key));
    if (role != Qt::DisplayRole && role != Qt::ToolTipRole)
        return {};
    const int digits = d.info && d.info->statistic == Statistic::Count ? 0 : 2; // counts are whole requests
    switch (index.column()) {
    case Metric:
        return QString::fromStdString(metricLabel(m_lang, d.key));
    case Unit:
        return QString::fromLatin1(d.info ? d.info->unit : "");
    case A:
        return number(d.a, digits);
    case B:
        return number(d.b, digits);
    case Delta:
        return number(d.diff(), digits);
    case Interval:
        return d.interval.valid() ? number(d.interval.diffLow) + QStringLiteral(" … ") + number(d.interval.diffHigh)
                                  : QStringLiteral("–");
    case Verdict:
        return QString::fromStdString(verdictText(d, labelB, m_lang));
    default:
        return {};
    }
}

QVariant RunCompareModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case Metric:
        return tr("Metric");
    case Unit:
        return tr("Unit");
    case A:
        return QStringLiteral("A");
    case B:
        return QStringLiteral("B");
    case Delta:
        return tr("B − A");
    case Interval:
        return tr("95 % interval of B − A");
    case Verdict:
        return tr("Verdict");
    default:
        return {};
    }
}

ReportLang RunCompareView::reportLanguage()
{
    // The report follows the language the window is shown in: this string's Chinese translation is "zh_CN".
    const auto lang
        = reportLangFromName(tr("en", "language code of HTML reports and verdicts (zh_CN in Chinese)").toStdString());
    return lang.value_or(ReportLang::En);
}

RunCompareView::RunCompareView(QWidget* parent)
    : QWidget(parent)
    , m_model(new RunCompareModel(this))
    , m_jobs(this)
{
    setObjectName(QStringLiteral("runCompare"));
    auto* v = new QVBoxLayout(this);
    v->setContentsMargins(0, 0, 0, 0);
    auto* bar = new QHBoxLayout;
    auto* loadA = new QPushButton(tr("Open Run A…"), this);
    auto* loadB = new QPushButton(tr("Open Run B…"), this);
    loadA->setToolTip(tr(
        "A replay run folder: a single run, a shard or a merge output (it holds manifest.json and requests.jsonl)."));
    loadB->setToolTip(loadA->toolTip());
    m_export = new QPushButton(tr("Export as HTML…"), this);
    m_export->setToolTip(
        tr("The comparison as one self-contained HTML file, as lorascope-cli compare --html writes it."));
    bar->addWidget(loadA);
    bar->addWidget(loadB);
    bar->addStretch(1);
    bar->addWidget(m_export);
    v->addLayout(bar);
    m_labelA = new QLabel(tr("A: no run open"), this);
    m_labelB = new QLabel(tr("B: no run open"), this);
    for (auto* l : { m_labelA, m_labelB }) {
        l->setTextInteractionFlags(Qt::TextSelectableByMouse);
        l->setWordWrap(true);
        v->addWidget(l);
    }
    m_header = new QLabel(this);
    m_header->setWordWrap(true);
    m_header->setObjectName(QStringLiteral("runCompareHeader"));
    v->addWidget(m_header);
    m_table = new QTableView(this);
    m_table->setObjectName(QStringLiteral("runCompareTable"));
    m_table->setModel(m_model);
    m_table->verticalHeader()->hide();
    m_table->setWordWrap(false); // one line a metric; the verdict's full text is its tooltip
    m_table->verticalHeader()->setDefaultSectionSize(m_table->fontMetrics().height() + 8);
    m_table->horizontalHeader()->setStretchLastSection(true);
    v->addWidget(m_table, 1);
    auto open = [this](Side side) {
        const QString dir
            = QFileDialog::getExistingDirectory(this, side == Side::A ? tr("Open Run A") : tr("Open Run B"));
        if (!dir.isEmpty())
            if (const QString err = loadSide(side, dir); !err.isEmpty())
                QMessageBox::warning(this, tr("Open Run"), err);
    };
    connect(loadA, &QPushButton::clicked, this, [open] { open(Side::A); });
    connect(loadB, &QPushButton::clicked, this, [open] { open(Side::B); });
    connect(m_export, &QPushButton::clicked, this, [this] {
        const QString path = QFileDialog::getSaveFileName(
            this, tr("Export Comparison"), QStringLiteral("compare.html"), tr("HTML report (*.html)"));
        if (!path.isEmpty())
            if (const QString err = exportHtml(path); !err.isEmpty())
                QMessageBox::warning(this, tr("Export Comparison"), err);
    });
    m_jobs.setOnIdle([this] { m_export->setEnabled(m_comparison != nullptr); });
    m_export->setEnabled(false);
    m_header->setText(
        tr("Open two replay run folders to see every metric of B against A, with its 95 % confidence interval "
           "(a bootstrap over requests; docs/report.md) and whether the difference is real or noise."));
}

QString RunCompareView::loadSide(Side side, const QString& dir)
{
    std::shared_ptr<const RunSource> run;
    try {
        run = std::make_shared<const RunSource>(loadRun(QDir::toNativeSeparators(dir).toStdString()));
    } catch (const std::exception& e) {
        return tr("Cannot open the run folder: %1").arg(QString::fromStdString(e.what()));
    }
    const QString text = (side == Side::A ? tr("A: %1 (%2 requests)") : tr("B: %1 (%2 requests)"))
                             .arg(QDir::toNativeSeparators(dir))
                             .arg(run->view.records.size());
    (side == Side::A ? m_a : m_b) = run;
    (side == Side::A ? m_labelA : m_labelB)->setText(text);
    recompute();
    return {};
}

void RunCompareView::recompute()
{
    if (!m_a || !m_b)
        return;
    m_export->setEnabled(false);
    m_header->setText(tr("Comparing: resampling requests …"));
    auto a = m_a, b = m_b;
    m_jobs.run(
        [a, b](const std::atomic<bool>&) {
            std::shared_ptr<const ResultComparison> c;
            try {
                c = std::make_shared<const ResultComparison>(compareRuns({ a.get(), b.get() }));
            } catch (const std::exception&) {
            }
            return c;
        },
        [this](std::shared_ptr<const ResultComparison> c) {
            m_comparison = std::move(c);
            m_model->setComparison(m_comparison, reportLanguage());
            m_table->resizeColumnsToContents();
            m_header->setText(headerText());
            Q_EMIT updated();
        });
}

QString RunCompareView::headerText() const
{
    if (!m_comparison || m_comparison->runs.empty())
        return {};
    const auto& p = m_comparison->runs.front();
    int better = 0, worse = 0;
    for (const auto& d : p.overall)
        if (d.info && d.info->headline) {
            better += d.verdict == MetricDelta::Verdict::Better;
            worse += d.verdict == MetricDelta::Verdict::Worse;
        }
    QString text = tr("B against A: %1 headline metrics significantly better, %2 worse (95 % intervals from %3 "
                      "resamples of the requests).")
                       .arg(better)
                       .arg(worse)
                       .arg(p.resamples);
    if (m_comparison->differentTraces)
        text = QStringLiteral("<b>%1</b><br>%2")
                   .arg(tr("The two runs replayed different traces: the differences include the workload, not only the "
                           "server."),
                       text.toHtmlEscaped());
    return text;
}

QString RunCompareView::exportHtml(const QString& path) const
{
    if (!m_comparison || !m_a || !m_b)
        return tr("Open two runs first.");
    try {
        ReportOptions o;
        o.lang = reportLanguage();
        writeReportHtml(path.toStdString(), compareReportData(*m_comparison, { m_a.get(), m_b.get() }, {}, o));
    } catch (const std::exception& e) {
        return QString::fromStdString(e.what());
    }
    return {};
}

} // namespace lorascope
