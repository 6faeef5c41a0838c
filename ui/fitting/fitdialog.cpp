// SPDX-License-Identifier: Apache-2.0
#include "fitting/fitdialog.h"

#include "text/coretexts.h"

#include "workload/generator.h"

#include <QDialogButtonBox>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QTableWidget>
#include <QVBoxLayout>

#include <cmath>

namespace lorascope {

namespace {
QString num(double v, int decimals = 3)
{
    return std::isfinite(v) ? QString::number(v, 'f', decimals) : QStringLiteral("–");
}

QString lengthText(const LengthSpec& l)
{
    switch (l.kind) {
    case LengthKind::Uniform:
        return FitDialog::tr("uniform [%1, %2)").arg(l.lo).arg(l.hi);
    case LengthKind::PowerLaw:
        return FitDialog::tr("power law β=%1 on [%2, %3)").arg(num(l.beta)).arg(l.lo).arg(l.hi);
    case LengthKind::LogNormal:
        return FitDialog::tr("log-normal μ=%1 σ=%2 on [%3, %4)").arg(num(l.mu), num(l.sigma)).arg(l.lo).arg(l.hi);
    case LengthKind::Normal:
        return FitDialog::tr("normal %1 ± %2").arg(num(l.mean, 1), num(l.stddev, 1));
    case LengthKind::Constant:
        return FitDialog::tr("constant %1").arg(l.value);
    case LengthKind::Empirical:
        return FitDialog::tr("empirical (%1 values)").arg(l.empirical.size());
    }
    return {};
}
} // namespace

FitDialog::FitDialog(std::shared_ptr<const Trace> trace, const QString& source, QWidget* parent)
    : QDialog(parent)
    , m_trace(std::move(trace))
    , m_table(new QTableWidget(0, 4, this))
    , m_notes(new QLabel(this))
{
    setWindowTitle(tr("Fit workload from trace"));
    m_fit = fitTrace(*m_trace);
    m_traceStats = computeStats(*m_trace, ServerLimits {}); // the fit tables do not show the over-limit counts
    // The fitted model, synthesised: what the designer will show after "Use fitted model".
    const Trace model = generate(m_fit.spec);
    m_modelStats = computeStats(model, ServerLimits {});
    const FitReport& rep = m_fit.report;
    const WorkloadSpec& s = m_fit.spec;

    m_table->setHorizontalHeaderLabels({ tr("Quantity"), tr("Trace"), tr("Fitted model"), tr("Fit quality") });
    addRow(tr("Requests"), QString::number(m_traceStats.count), QString::number(m_modelStats.count));
    addRow(tr("Window (s)"), num(m_traceStats.window, 1), num(s.duration, 1));
    addRow(tr("Rate R (req/s)"), num(rep.rate), num(m_modelStats.achievedRate),
        tr("rate over time varies by cv %1").arg(num(rep.rateCv, 2)));
    addRow(tr("Gap cv, all adapters"), num(rep.cvOverall), num(m_modelStats.gapCv));
    addRow(tr("Gap cv per adapter (model parameter)"), num(rep.cvPerAdapter), num(s.arrival.cv));
    addRow(tr("Adapters used / n"), QStringLiteral("%1 / %2").arg(rep.adaptersUsed).arg(m_trace->adapters.size()),
        QStringLiteral("%1 / %2").arg(m_modelStats.adaptersUsed).arg(s.adapterCount));
    const auto& pop = rep.popularity;
    const QString popModel = s.popularity.kind == PopularityKind::Zipf ? tr("Zipf s = %1").arg(num(s.popularity.zipfS))
        : s.popularity.kind == PopularityKind::Power ? tr("power α = %1").arg(num(s.popularity.alpha))
                                                     : QString::fromLatin1(toString(s.popularity.kind));
    addRow(tr("Popularity"),
        tr("α = %1 ± %2 (power); s = %3 (Zipf)").arg(num(pop.alpha), num(pop.alphaStdErr), num(pop.zipfS)), popModel,
        tr("KS %1; log-lik power %2 vs Zipf %3").arg(num(pop.ks, 4), num(pop.alphaLogLik, 1), num(pop.zipfLogLik, 1)));
    addRow(tr("Fitted α of the counts"), num(m_traceStats.fittedAlpha), num(m_modelStats.fittedAlpha));
    auto lengths = [&](const QString& name, const LengthStats& t, const LengthStats& m, const LengthFit& f,
                       const LengthSpec& chosen) {
        addRow(name + tr(" mean"), num(t.mean, 1), num(m.mean, 1));
        addRow(name + tr(" p50 / p99"), num(t.p50, 0) + QStringLiteral(" / ") + num(t.p99, 0),
            num(m.p50, 0) + QStringLiteral(" / ") + num(m.p99, 0));
        const LengthCandidate* best = f.best();
        addRow(name + tr(" distribution"), tr("%1 … %2").arg(t.min).arg(t.max), lengthText(chosen),
            best ? tr("KS %1, BIC %2 (best of %3)").arg(num(best->ks, 4), num(best->bic, 0)).arg(f.candidates.size())
                 : QString());
    };
    lengths(tr("Input"), m_traceStats.input, m_modelStats.input, rep.input, s.input);
    lengths(tr("Output"), m_traceStats.output, m_modelStats.output, rep.output, s.output);

    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->verticalHeader()->hide();
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);

    QStringList notes;
    for (const auto& n : rep.notes)
        notes << CoreTexts::note(n); // in the user's language
    m_notes->setText(
        tr("<b>%1</b><br>%2").arg(source.toHtmlEscaped(), notes.join(QStringLiteral("<br>")).toHtmlEscaped()));
    m_notes->setWordWrap(true);

    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Cancel, this);
    auto* use = buttons->addButton(tr("Use fitted model"), QDialogButtonBox::AcceptRole);
    use->setObjectName(QStringLiteral("useFitted"));
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_notes);
    layout->addWidget(m_table, 1);
    layout->addWidget(buttons);
    resize(900, 560);
}

void FitDialog::addRow(const QString& quantity, const QString& trace, const QString& model, const QString& quality)
{
    const int row = m_table->rowCount();
    m_table->insertRow(row);
    m_table->setItem(row, 0, new QTableWidgetItem(quantity));
    m_table->setItem(row, 1, new QTableWidgetItem(trace));
    m_table->setItem(row, 2, new QTableWidgetItem(model));
    m_table->setItem(row, 3, new QTableWidgetItem(quality));
}

int FitDialog::rowOf(const QString& quantity) const
{
    for (int r = 0; r < m_table->rowCount(); ++r)
        if (m_table->item(r, 0)->text() == quantity)
            return r;
    return -1;
}

} // namespace lorascope
