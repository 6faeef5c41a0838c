#include "mainwindow.h"

#include "workload/generator.h"
#include "workload/presets.h"
#include "workload/stats.h"

#include <QLabel>
#include <QStatusBar>
#include <QVBoxLayout>

namespace lorascope {

MainWindow::MainWindow(QWidget* parent)
    : QMainWindow(parent)
    , m_summary(new QLabel(this))
{
    setWindowTitle(tr("LoraScope"));
    const WorkloadSpec spec = specForPreset(QStringLiteral("S4").toStdString());
    const Trace trace = generate(spec);
    const TraceStats st = computeStats(trace, spec.limits);
    m_summary->setText(tr("Default workload (preset S4, per-adapter generator): %1 requests over %2 s, "
                          "achieved rate %3 req/s, gap cv %4, fitted α %5")
                           .arg(st.count)
                           .arg(st.window)
                           .arg(st.achievedRate, 0, 'f', 3)
                           .arg(st.gapCv, 0, 'f', 3)
                           .arg(st.fittedAlpha, 0, 'f', 3));
    m_summary->setWordWrap(true);
    m_summary->setMargin(24);
    setCentralWidget(m_summary);
    statusBar()->showMessage(tr("Ready"));
    resize(1400, 900);
}

QString MainWindow::summaryText() const
{
    return m_summary->text();
}

} // namespace lorascope
