// SPDX-License-Identifier: Apache-2.0
#include "mainwindow.h"

#include "widgets/confirmreplace.h"

#include "fitting/fitdialog.h"

#include "admission/admissiontab.h"
#include "admission/ganttview.h"
#include "admission/stepthroughpanel.h"
#include "charts/plotview.h"
#include "charts/widgetexport.h"
#include "compare/comparetab.h"
#include "compare/sweepcompare.h"
#include "document/document.h"
#include "document/session.h"
#include "document/uistate.h"
#include "document/tracefiles.h"
#include "charts/exportdialog.h"
#include "text/helptexts.h"
#include "widgets/chartgrid.h"
#include "analysis/capacity.h"
#include "analysis/admissionview.h"
#include "text/terms.h"
#include "formats/traceio.h"
#include "replay/replaytab.h"
#include "sweep/sweeptab.h"
#include "util/version.h"
#include "workload/parameterpanel.h"
#include "workload/rasterview.h"
#include "workload/presets.h"
#include "workload/workloadtab.h"


#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QCheckBox>
#include <QCloseEvent>
#include <QDialog>
#include <QDialogButtonBox>
#include <QDir>
#include <QFile>
#include <QProcess>
#include <QStandardPaths>
#include <QTextBrowser>
#include <QVBoxLayout>
#include <QElapsedTimer>
#include <QFileDialog>
#include <QFileInfo>
#include <QInputDialog>
#include <QJsonObject>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QProgressBar>
#include <QScreen>
#include <QScrollArea>
#include <QSettings>
#include <QStatusBar>
#include <QTabWidget>
#include <QTimer>
#include <QToolButton>
#include <QUndoStack>

namespace lorascope {

namespace {
constexpr int kMaxRecent = 8;
constexpr int kShowProgressAfterMs = 200;
const char* const kSessionFilter = QT_TRANSLATE_NOOP("lorascope::MainWindow", "LoraScope sessions (*.lorascope.json *.json)");
} // namespace

MainWindow::MainWindow(QWidget* parent)
    : QMainWindow(parent)
    , m_document(new Document(this))
    , m_tabs(new QTabWidget(this))
    , m_workload(new WorkloadTab(m_document, m_tabs))
    , m_admission(new AdmissionTab(m_document, m_tabs))
    , m_summary(new QLabel(this))
    , m_progress(new QProgressBar(this))
    , m_cancel(new QToolButton(this))
    , m_progressTimer(new QTimer(this))
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
    setCentralWidget(m_tabs);

    m_summary->setObjectName(QStringLiteral("summary"));
    statusBar()->addWidget(m_summary, 1);
    m_progress->setRange(0, 1000);
    m_progress->setMaximumWidth(220);
    m_progress->setVisible(false);
    m_cancel->setText(tr("Cancel"));
    m_cancel->setToolTip(tr("Stop the running generation (Esc)"));
    m_cancel->setVisible(false);
    // Says so on every tab when the preview's server cannot keep up; a click shows the details.
    m_overload = new QToolButton(this);
    m_overload->setObjectName(QStringLiteral("overloadIndicator"));
    m_overload->setAutoRaise(true);
    m_overload->setStyleSheet(QStringLiteral("QToolButton { color: #a0001a; font-weight: bold; }"));
    m_overload->setVisible(false);
    connect(m_overload, &QToolButton::clicked, this, [this] { showTab(QStringLiteral("admission")); });
    statusBar()->addPermanentWidget(m_overload);
    statusBar()->addPermanentWidget(m_progress);
    statusBar()->addPermanentWidget(m_cancel);
    // The status bar keeps the height it has with progress, Cancel and the overload button shown:
    // showing them during a long generation would otherwise change its height by a pixel or two,
    // and every chart above would re-lay out and repaint at once (~14 ms on the GUI thread).
    {
        int tallest = m_summary->sizeHint().height();
        for (QWidget* w : { static_cast<QWidget*>(m_progress), static_cast<QWidget*>(m_cancel), static_cast<QWidget*>(m_overload) })
            tallest = std::max(tallest, w->sizeHint().height());
        statusBar()->setFixedHeight(std::max(statusBar()->sizeHint().height(), tallest + 4));
    }
    connect(m_cancel, &QToolButton::clicked, m_document, &Document::cancel);

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
    connect(m_document, &Document::workloadChanged, this, &MainWindow::updateStatus);
    connect(m_document, &Document::admissionChanged, this, &MainWindow::updateOverload);
    connect(m_document, &Document::failed, this, [this](const QString& msg) { statusBar()->showMessage(msg, 8000); });
    connect(m_document, &Document::importFinished, this, [this](const QString& error) {
        if (error.isEmpty()) {
            statusBar()->showMessage(tr("Imported %1").arg(m_document->importSource()), 4000);
            return;
        }
        statusBar()->showMessage(error, 8000);
        if (isVisible()) { // window-modal, not blocking: the app keeps running
            auto* box = new QMessageBox(QMessageBox::Warning, tr("Import Trace"), error, QMessageBox::Ok, this);
            box->setAttribute(Qt::WA_DeleteOnClose);
            box->open();
        }
    });
    connect(m_document->undoStack(), &QUndoStack::cleanChanged, this, &MainWindow::updateTitle);
    connect(m_workload, &WorkloadTab::exportRequested, this, &MainWindow::askExport);
    connect(m_admission, &AdmissionTab::exportRequested, this, &MainWindow::askExport);
    connect(m_compare, &CompareTab::exportRequested, this, &MainWindow::askExport);
    connect(m_sweep, &SweepTab::exportRequested, this, &MainWindow::askExport);
    // A sweep point opens in the Workload and Admission tabs as one undo step.
    connect(m_sweep, &SweepTab::openPointRequested, this, [this](const WorkloadSpec& spec, const SimulationConfig& config, const QString& label) {
        auto* undo = m_document->undoStack();
        undo->beginMacro(label);
        m_document->clearImportedTrace();
        m_document->editSpec(spec, label);
        m_document->editAdmission(config, label);
        undo->endMacro();
        m_tabs->setCurrentWidget(m_admission);
        statusBar()->showMessage(tr("Opened %1 in the Workload and Admission tabs (Edit > Undo goes back).").arg(label), 6000);
    });
    // Sweeps in the A/B compare tab: pinned as A; the Sweep tab's latest sweep is the live B.
    connect(m_sweep, &SweepTab::pinRequested, this, [this](std::shared_ptr<const SweepFile> sweep) {
        m_compare->sweepView()->setSide(SweepCompareView::Side::A, sweep, tr("pinned from the Sweep tab: %1").arg(QString::fromStdString(sweep->path)));
        m_compare->showSweeps();
        m_tabs->setCurrentWidget(m_compare);
        statusBar()->showMessage(tr("Pinned the sweep as A: run another sweep in the Sweep tab, it shows as B."), 6000);
    });
    connect(m_sweep, &SweepTab::sweepChanged, m_compare->sweepView(), &SweepCompareView::setLiveSweep);

    createMenus();
    updateTitle();
    updateStatus();
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
    m_document->undoStack()->disconnect(this);
    m_document->disconnect();
    m_document->cancel();
}

void MainWindow::createMenus()
{
    auto* file = menuBar()->addMenu(tr("&File"));
    auto* aNew = file->addAction(tr("&New"), this, [this] {
        if (!maybeSave())
            return;
        m_document->clearImportedTrace();
        m_document->setSpec(defaultSessionSpec());
        m_document->setAdmission(defaultAdmissionConfig(m_document->spec()));
        m_document->undoStack()->clear();
        m_document->setFileName({});
        updateTitle();
    });
    aNew->setShortcut(QKeySequence::New);
    auto* aOpen = file->addAction(tr("&Open Session…"), this, [this] {
        if (!maybeSave())
            return;
        const QString path = QFileDialog::getOpenFileName(this, tr("Open Session"), QString(), tr(kSessionFilter));
        if (path.isEmpty())
            return;
        if (const QString err = openSession(path); !err.isEmpty())
            QMessageBox::warning(this, tr("Open Session"), err);
    });
    aOpen->setShortcut(QKeySequence::Open);
    m_recentMenu = file->addMenu(tr("Open &Recent"));
    rebuildRecentMenu();
    auto saveAs = [this] {
        QString path = QFileDialog::getSaveFileName(this, tr("Save Session"), m_document->fileName(), tr(kSessionFilter));
        if (path.isEmpty())
            return;
        if (QFileInfo(path).suffix().isEmpty())
            path += QStringLiteral(".lorascope.json");
        if (const QString err = saveSession(path); !err.isEmpty())
            QMessageBox::warning(this, tr("Save Session"), err);
    };
    auto* aSave = file->addAction(tr("&Save Session"), this, [this, saveAs] {
        if (m_document->fileName().isEmpty())
            return saveAs();
        if (const QString err = saveSession(m_document->fileName()); !err.isEmpty())
            QMessageBox::warning(this, tr("Save Session"), err);
    });
    aSave->setShortcut(QKeySequence::Save);
    auto* aSaveAs = file->addAction(tr("Save Session &As…"), this, saveAs);
    aSaveAs->setShortcut(QKeySequence::SaveAs);
    file->addSeparator();
    // Asks for a trace file to read; returns {path, format name or empty for "by extension"}.
    auto askTraceToRead = [this](const QString& title) -> std::pair<QString, QString> {
        QStringList filters = traceFilters(false);
        QStringList all;
        for (const auto& f : traceFormats())
            if (f.read)
                for (const auto& e : f.extensions)
                    all << QLatin1Char('*') + QString::fromStdString(e);
        filters.prepend(tr("All trace files (%1)").arg(all.join(QLatin1Char(' '))));
        filters.append(tr("All files (*)"));
        QString selected;
        const QString path = QFileDialog::getOpenFileName(this, title, QString(), filters.join(QStringLiteral(";;")), &selected);
        if (path.isEmpty())
            return {};
        QString format = formatOfFilter(selected);
        if (format.isEmpty() && !hasKnownTraceExtension(path) && !detectFormat(path.toStdString())) {
            // A name without a known extension and content LoraScope cannot tell: ask.
            bool ok = false;
            format = QInputDialog::getItem(this, title, tr("%1 has no known trace extension. Read it as:").arg(QFileInfo(path).fileName()),
                readableFormats(), 0, false, &ok);
            if (!ok)
                return {};
        }
        return { path, format };
    };
    file->addAction(tr("&Import Trace…"), this, [this, askTraceToRead] {
        const auto [path, format] = askTraceToRead(tr("Import Trace"));
        if (path.isEmpty())
            return;
        if (const QString err = importTrace(path, format); !err.isEmpty())
            QMessageBox::warning(this, tr("Import Trace"), err);
    });
    file->addAction(tr("&Fit Workload from Trace…"), this, [this, askTraceToRead] {
        const auto [path, format] = askTraceToRead(tr("Fit Workload from Trace"));
        if (path.isEmpty())
            return;
        if (const QString err = fitFromTrace(path, format, true); !err.isEmpty())
            QMessageBox::warning(this, tr("Fit Workload from Trace"), err);
    });
    file->addAction(tr("&Export Trace…"), this, [this] {
        QString selected;
        const QString path = QFileDialog::getSaveFileName(this, tr("Export Trace"), QString(), traceFilters(true).join(QStringLiteral(";;")), &selected);
        if (path.isEmpty())
            return;
        // The file gets the chosen format's extension, so Import lists it and reads it back.
        const TraceTarget target = exportTarget(path, formatOfFilter(selected));
        if (!confirmReplace(this, tr("Export Trace"), path, target.path))
            return;
        if (const QString err = exportTrace(target.path, target.format); !err.isEmpty())
            QMessageBox::warning(this, tr("Export Trace"), err);
    });
    file->addAction(tr("Export &Chart…"), this, [this] { askExport(nullptr, QString()); });
    file->addAction(tr("Export &Report…"), this, &MainWindow::askExportReport)->setObjectName(QStringLiteral("exportReportAction"));
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
    m_sidePanels->setToolTip(tr("Show or hide the parameter and settings columns, to give the charts the whole window (F9)."));
    connect(m_sidePanels, &QAction::toggled, this, &MainWindow::setSidePanelsVisible);
    view->addSeparator();
    view->addAction(m_compare->pinAction());
    connect(m_compare->pinAction(), &QAction::triggered, this, [this] {
        statusBar()->showMessage(tr("Pinned the current parameters as A: keep editing, the A/B Compare tab shows the difference."), 6000);
    });
    view->addSeparator();
    auto* lang = view->addMenu(tr("&Language"));
    auto* group = new QActionGroup(this);
    const QString current = QSettings().value(QStringLiteral("prefs/language"), QStringLiteral("system")).toString();
    for (const auto& [code, name] : { std::pair { QStringLiteral("system"), tr("System default") }, std::pair { QStringLiteral("en"), QStringLiteral("English") },
             std::pair { QStringLiteral("zh_CN"), QStringLiteral("简体中文") } }) {
        auto* a = lang->addAction(name);
        a->setCheckable(true);
        a->setChecked(code == current);
        group->addAction(a);
        connect(a, &QAction::triggered, this, [this, code] {
            if (QSettings().value(QStringLiteral("prefs/language"), QStringLiteral("system")).toString() == code)
                return;
            QSettings().setValue(QStringLiteral("prefs/language"), code);
            offerRestart();
        });
    }

    auto* help = menuBar()->addMenu(tr("&Help"));
    auto* whatsThis = help->addAction(tr("&What Am I Looking At?"), this, [this] { showHelp(tr("What am I looking at?"), HelpTexts::tab(currentTabKey())); });
    whatsThis->setShortcut(QKeySequence::HelpContents);
    whatsThis->setObjectName(QStringLiteral("tabHelpAction"));
    help->addAction(tr("&User Guide"), this, [this] { showHelp(tr("User Guide"), HelpTexts::userGuide()); })->setObjectName(QStringLiteral("userGuideAction"));
    help->addAction(tr("&Keyboard Shortcuts"), this, [this] { showHelp(tr("Keyboard Shortcuts"), shortcutsHtml()); })->setObjectName(QStringLiteral("shortcutsAction"));
    help->addSeparator();
    help->addAction(tr("&About LoraScope"), this, [this] {
        QMessageBox::about(this, tr("About LoraScope"),
            tr("<h3>LoraScope %1</h3><p>Design, preview and replay multi-LoRA serving workloads.</p>").arg(QString::fromLatin1(kVersion))
                + tr("<p>Licensed under the Apache License, Version 2.0.</p>"));
    });
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
    for (QWidget* side : { m_workload->sidePanel(), m_admission->sidePanel(), m_compare->sidePanel(), m_sweep->sidePanel() })
        if (side)
            side->setVisible(visible);
    if (m_sidePanels)
        m_sidePanels->setChecked(visible);
}

QString MainWindow::summaryText() const
{
    return m_summary->text();
}

void MainWindow::updateStatus()
{
    m_summary->setText(m_workload->statusText());
}

void MainWindow::updateOverload()
{
    const auto a = m_document->admission();
    const bool overloaded = a && a->capacity.overloaded;
    m_overload->setText(tr("⚠ Server overloaded"));
    m_overload->setToolTip(tr("In the admission preview, requests arrive faster than the server takes them in, so the queue grows. Click for the details."));
    m_overload->setVisible(overloaded);
}

bool MainWindow::overloadShown() const
{
    return m_overload->isVisible();
}

void MainWindow::updateTitle()
{
    const QString name = m_document->fileName().isEmpty() ? tr("Untitled") : QFileInfo(m_document->fileName()).fileName();
    setWindowTitle(name + QStringLiteral("[*] — LoraScope"));
    setWindowModified(!m_document->undoStack()->isClean());
}

QJsonObject MainWindow::viewSettings() const
{
    QJsonObject view;
    view.insert(QStringLiteral("tab"), m_tabs->currentIndex());
    view.insert(QStringLiteral("popularityLogLog"), m_workload->logLogToggle()->isChecked());
    view.insert(QStringLiteral("explain"), m_workload->currentExplainField());
    return view;
}

void MainWindow::applyViewSettings(const QJsonObject& view)
{
    if (view.contains(QStringLiteral("tab")))
        m_tabs->setCurrentIndex(view.value(QStringLiteral("tab")).toInt());
    if (view.contains(QStringLiteral("popularityLogLog")))
        m_workload->logLogToggle()->setChecked(view.value(QStringLiteral("popularityLogLog")).toBool());
    if (view.contains(QStringLiteral("explain")))
        m_workload->explain(view.value(QStringLiteral("explain")).toString());
}

QString MainWindow::openSession(const QString& path)
{
    QJsonObject view;
    const QString err = m_document->loadSession(path, &view);
    if (!err.isEmpty())
        return err;
    applyViewSettings(view);
    addRecent(path);
    updateTitle();
    return {};
}

QString MainWindow::saveSession(const QString& path)
{
    const QString err = m_document->saveSession(path, viewSettings());
    if (!err.isEmpty())
        return err;
    m_document->setFileName(path);
    m_document->undoStack()->setClean();
    addRecent(path);
    updateTitle();
    statusBar()->showMessage(tr("Saved %1").arg(path), 4000);
    return {};
}

QString MainWindow::importTrace(const QString& path, const QString& format)
{
    const QFileInfo info(path);
    if (!info.isFile() || !info.isReadable())
        return tr("%1: no such readable file").arg(path);
    m_document->importTraceFile(path, format); // off the GUI thread; importFinished() reports
    statusBar()->showMessage(tr("Importing %1…").arg(path));
    return {};
}

QString MainWindow::fitFromTrace(const QString& path, const QString& format, bool interactive)
{
    std::unique_ptr<FitDialog> dialog;
    try {
        QApplication::setOverrideCursor(Qt::WaitCursor);
        auto trace = std::make_shared<const Trace>(readTrace(path.toStdString(), format.toStdString()));
        dialog = std::make_unique<FitDialog>(trace, path, this);
        QApplication::restoreOverrideCursor();
    } catch (const std::exception& e) {
        QApplication::restoreOverrideCursor();
        return QString::fromStdString(e.what());
    }
    if (!interactive || dialog->exec() == QDialog::Accepted) {
        // The fitted model replaces the parameters (one undo step); the designer then shows it.
        m_document->clearImportedTrace();
        m_document->editSpec(dialog->fittedSpec(), tr("Fit from %1").arg(QFileInfo(path).fileName()));
        statusBar()->showMessage(tr("Fitted the workload model to %1").arg(path), 6000);
    }
    return {};
}

QString MainWindow::exportTrace(const QString& path, const QString& format)
{
    const auto trace = m_document->trace();
    if (!trace)
        return tr("There is no trace yet.");
    try {
        writeTrace(*trace, path.toStdString(), format.toStdString());
    } catch (const std::exception& e) {
        return QString::fromStdString(e.what());
    }
    statusBar()->showMessage(tr("Exported %1 requests to %2").arg(trace->requests.size()).arg(path), 4000);
    return {};
}

QStringList MainWindow::recentFiles() const
{
    return QSettings().value(QStringLiteral("recentFiles")).toStringList();
}

void MainWindow::addRecent(const QString& path)
{
    QStringList list = recentFiles();
    const QString abs = QFileInfo(path).absoluteFilePath();
    list.removeAll(abs);
    list.prepend(abs);
    while (list.size() > kMaxRecent)
        list.removeLast();
    QSettings().setValue(QStringLiteral("recentFiles"), list);
    rebuildRecentMenu();
}

void MainWindow::rebuildRecentMenu()
{
    if (!m_recentMenu)
        return;
    m_recentMenu->clear();
    const QStringList list = recentFiles();
    for (const auto& path : list) {
        m_recentMenu->addAction(QFileInfo(path).fileName(), this, [this, path] {
            if (!maybeSave())
                return;
            if (const QString err = openSession(path); !err.isEmpty())
                QMessageBox::warning(this, tr("Open Session"), err);
        })->setToolTip(path);
    }
    m_recentMenu->setEnabled(!list.isEmpty());
}

bool MainWindow::maybeSave()
{
    if (m_document->undoStack()->isClean() || QApplication::platformName() == QLatin1String("offscreen"))
        return true;
    const auto answer = QMessageBox::question(this, tr("Unsaved changes"), tr("The session has unsaved changes. Save them?"),
        QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel);
    if (answer == QMessageBox::Cancel)
        return false;
    if (answer == QMessageBox::Save) {
        if (m_document->fileName().isEmpty())
            return false;
        return saveSession(m_document->fileName()).isEmpty();
    }
    return true;
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
    if (!m_restarting && !maybeSave()) {
        event->ignore();
        return;
    }
    UiState::save(this);
    QSettings().setValue(QStringLiteral("prefs/popularityLogLog"), m_workload->logLogToggle()->isChecked());
    event->accept();
}

} // namespace lorascope
