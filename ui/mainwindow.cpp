// SPDX-License-Identifier: Apache-2.0
#include "mainwindow.h"

#include "admission/admissiontab.h"
#include "compare/comparetab.h"
#include "compare/sweepcompare.h"
#include "document/document.h"
#include "document/uistate.h"
#include "fleet/fleettab.h"
#include "replay/replaytab.h"
#include "sweep/sweeptab.h"
#include "widgets/chartgrid.h"
#include "window/chartexporter.h"
#include "window/helpwindow.h"
#include "window/languagemenu.h"
#include "window/reportexporter.h"
#include "window/sessions.h"
#include "window/statusline.h"
#include "window/traceactions.h"
#include "workload/workloadtab.h"

#include <QAction>
#include <QCheckBox>
#include <QCloseEvent>
#include <QMenuBar>
#include <QScreen>
#include <QScrollArea>
#include <QSettings>
#include <QTabWidget>
#include <QUndoStack>

namespace lorascope {

MainWindow::MainWindow(QWidget* parent)
    : QMainWindow(parent)
    , m_document(new Document(this))
    , m_tabs(new QTabWidget(this))
    , m_workload(new WorkloadTab(m_document, m_tabs))
    , m_admission(new AdmissionTab(m_document, m_tabs))
{
    setWindowIcon(QIcon(QStringLiteral(":/icons/io.github.lorascope.LoraScope.svg")));
    m_tabs->setObjectName(QStringLiteral("mainTabs"));
    auto* replay = m_replay = new ReplayTab(m_tabs);
    replay->setDocument(m_document);
    m_compare = new CompareTab(m_document, m_tabs);
    // The tabs, in order: a new tab is one line here; `--tab KEY`, the Help texts and the session's
    // view settings use these keys. Compare stays after Replay, so saved tab indices keep their meaning.
    addTab(QStringLiteral("workload"), m_workload, tr("&Workload"));
    addTab(QStringLiteral("admission"), m_admission, tr("&Admission preview"));
    // The replay tab scrolls at small heights instead of making the whole window taller than a
    // 1024×640 screen.
    auto* replayScroll = new QScrollArea(m_tabs);
    replayScroll->setObjectName(QStringLiteral("replayScroll"));
    replayScroll->setFrameShape(QFrame::NoFrame);
    replayScroll->setWidgetResizable(true);
    replayScroll->setWidget(replay);
    addTab(QStringLiteral("replay"), replayScroll, tr("&Replay"));
    addTab(QStringLiteral("compare"), m_compare, tr("A/B &Compare"));
    m_sweep = new SweepTab(m_document, m_tabs);
    m_sweep->setObjectName(QStringLiteral("sweepTab"));
    addTab(QStringLiteral("sweep"), m_sweep, tr("S&weep"));
    // The fleet comes last: saved tab indices of earlier versions keep their meaning.
    m_fleet = new FleetTab(m_document, m_tabs);
    m_fleet->setObjectName(QStringLiteral("fleetTab"));
    addTab(QStringLiteral("fleet"), m_fleet, tr("&Fleet"));
    setCentralWidget(m_tabs);

    // The parts, each with its own job (ui/window/).
    m_status = new StatusLine(this, m_document);
    m_sessions = new Sessions(this, m_status);
    m_traces = new TraceActions(this, m_status);
    m_charts = new ChartExporter(this, m_status);
    m_reports = new ReportExporter(this, m_status);
    m_help = new HelpWindow(this);
    m_language = new LanguageMenu(this, m_sessions);
    connect(m_status, &StatusLine::overloadClicked, this, [this] { showTab(QStringLiteral("admission")); });
    // The status bar speaks of the tab in front.
    connect(m_tabs, &QTabWidget::currentChanged, this, [this] { m_status->setCurrentTab(currentTabKey()); });
    connect(m_document, &Document::workloadChanged, this, [this] { m_status->setSummary(m_workload->statusText()); });

    // A sweep point opens in the Workload and Admission tabs as one undo step.
    connect(m_sweep, &SweepTab::openPointRequested, this,
        [this](const WorkloadSpec& spec, const SimulationConfig& config, const QString& label) {
            auto* undo = m_document->undoStack();
            undo->beginMacro(label);
            m_document->clearImportedTrace();
            m_document->editSpec(spec, label);
            m_document->editAdmission(config, label);
            undo->endMacro();
            m_tabs->setCurrentWidget(m_admission);
            m_status->showMessage(
                tr("Opened %1 in the Workload and Admission tabs (Edit > Undo goes back).").arg(label), 6000);
        });
    // Sweeps in the A/B compare tab: pinned as A; the Sweep tab's latest sweep is the live B.
    connect(m_sweep, &SweepTab::pinRequested, this, [this](std::shared_ptr<const SweepFile> sweep) {
        m_compare->sweepView()->setSide(SweepCompareView::Side::A, sweep,
            tr("pinned from the Sweep tab: %1").arg(QString::fromStdString(sweep->path)));
        m_compare->showSweeps();
        m_tabs->setCurrentWidget(m_compare);
        m_status->showMessage(tr("Pinned the sweep as A: run another sweep in the Sweep tab, it shows as B."), 6000);
    });
    connect(m_sweep, &SweepTab::sweepChanged, m_compare->sweepView(), &SweepCompareView::setLiveSweep);

    createMenus();
    // Where charts scroll or show fewer columns than they could, a line above them offers the
    // side panel's width (F9), so a small screen's way out is on screen, not only in the menu.
    for (QWidget* tab : { static_cast<QWidget*>(m_workload), static_cast<QWidget*>(m_admission),
             static_cast<QWidget*>(m_compare), static_cast<QWidget*>(m_sweep), static_cast<QWidget*>(m_fleet) })
        for (auto* grid : tab->findChildren<ChartGrid*>()) {
            m_roomGrids.append(grid);
            connect(grid, &ChartGrid::roomRequested, this, [this] { setSidePanelsVisible(false); });
        }
    setSidePanelsVisible(true);
    m_sessions->updateTitle();
    m_status->setSummary(m_workload->statusText());
    // The first size: 1400×900, or the screen's available size when that is smaller (a laptop or a
    // projector at 1280×720); then the window opens maximised so the window manager fits the frame.
    const QSize want(1400, 900);
    const QSize avail = screen() ? screen()->availableGeometry().size() : want;
    resize(want.boundedTo(avail));
    UiState::restore(this);
    if (width() > avail.width() || height() > avail.height())
        resize(size().boundedTo(avail)); // saved on a bigger screen
    // On a smaller screen the window opens maximised (showEvent), unless someone sized it before.
    m_maximizeOnShow = avail.width() < want.width() || avail.height() < want.height();
    m_initialSize = size();
    QSettings settings;
    m_workload->logLogToggle()->setChecked(settings.value(QStringLiteral("prefs/popularityLogLog"), false).toBool());
    // The default start: preset S4, per-adapter generator, all charts filled.
    m_document->regenerate();
}

MainWindow::~MainWindow()
{
    // The document (and its undo stack) dies before the tabs: stop it talking to half-destroyed views.
    m_document->undoStack()->disconnect(m_sessions);
    m_document->disconnect();
    m_document->cancel();
}

void MainWindow::createMenus()
{
    auto* file = menuBar()->addMenu(tr("&File"));
    m_sessions->addActions(file);
    file->addSeparator();
    m_traces->addActions(file);
    m_charts->addActions(file);
    m_reports->addActions(file);
    file->addSeparator();
    auto* quit = file->addAction(tr("&Quit"), this, &QWidget::close);
    quit->setShortcut(QKeySequence::Quit);

    auto* edit = menuBar()->addMenu(tr("&Edit"));
    auto* undo = m_document->undoStack()->createUndoAction(this, tr("&Undo"));
    undo->setShortcut(QKeySequence::Undo);
    undo->setObjectName(QStringLiteral("undoAction"));
    auto* redo = m_document->undoStack()->createRedoAction(this, tr("&Redo"));
    redo->setShortcut(QKeySequence::Redo);
    redo->setObjectName(QStringLiteral("redoAction"));
    edit->addAction(undo);
    edit->addAction(redo);
    edit->addSeparator();
    auto* cancel = edit->addAction(tr("&Cancel Generation"), m_document, &Document::cancel);
    cancel->setShortcut(QKeySequence(Qt::Key_Escape));

    auto* view = menuBar()->addMenu(tr("&View"));
    m_sidePanels = view->addAction(tr("&Side Panels"));
    m_sidePanels->setObjectName(QStringLiteral("sidePanelsAction"));
    m_sidePanels->setCheckable(true);
    m_sidePanels->setChecked(true);
    m_sidePanels->setShortcut(QKeySequence(Qt::Key_F9));
    m_sidePanels->setToolTip(
        tr("Show or hide the parameter and settings columns, to give the charts the whole window (F9)."));
    connect(m_sidePanels, &QAction::toggled, this, &MainWindow::setSidePanelsVisible);
    view->addSeparator();
    view->addAction(m_compare->pinAction());
    connect(m_compare->pinAction(), &QAction::triggered, this, [this] {
        m_status->showMessage(
            tr("Pinned the current parameters as A: keep editing, the A/B Compare tab shows the difference."), 6000);
    });
    view->addSeparator();
    m_language->addActions(view);

    m_help->addActions(menuBar()->addMenu(tr("&Help")));
}

void MainWindow::addTab(const QString& key, QWidget* tab, const QString& title)
{
    m_tabs->addTab(tab, title);
    m_tabKeys.append(key);
}

bool MainWindow::showTab(const QString& key)
{
    const int i = int(m_tabKeys.indexOf(key));
    if (i < 0)
        return false;
    m_tabs->setCurrentIndex(i);
    return true;
}

QString MainWindow::currentTabKey() const
{
    const int i = m_tabs->currentIndex();
    return i >= 0 && i < m_tabKeys.size() ? m_tabKeys[i] : QString();
}

void MainWindow::setSidePanelsVisible(bool visible)
{
    for (QWidget* side : { m_workload->sidePanel(), m_admission->sidePanel(), m_compare->sidePanel(),
             m_sweep->sidePanel(), m_fleet->sidePanel() })
        if (side)
            side->setVisible(visible);
    if (m_sidePanels)
        m_sidePanels->setChecked(visible);
    const QString room = visible ? tr("The charts need more room: <a href=\"hide\">hide the side panel</a> (F9; View > "
                                      "Side Panels shows it again).")
                                 : QString();
    for (ChartGrid* grid : std::as_const(m_roomGrids))
        grid->setRoomHint(room);
}

void MainWindow::showEvent(QShowEvent* event)
{
    if (m_maximizeOnShow && size() == m_initialSize && !(windowState() & Qt::WindowFullScreen))
        setWindowState(windowState() | Qt::WindowMaximized);
    m_maximizeOnShow = false;
    QMainWindow::showEvent(event);
}

void MainWindow::closeEvent(QCloseEvent* event)
{
    if (!m_language->restarting() && !m_sessions->maybeSave()) {
        event->ignore();
        return;
    }
    UiState::save(this);
    QSettings().setValue(QStringLiteral("prefs/popularityLogLog"), m_workload->logLogToggle()->isChecked());
    event->accept();
}

} // namespace lorascope
