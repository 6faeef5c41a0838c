// SPDX-License-Identifier: Apache-2.0
#include "window/traceactions.h"

#include "document/document.h"
#include "document/tracefiles.h"
#include "fitting/fitdialog.h"
#include "formats/traceio.h"
#include "mainwindow.h"
#include "widgets/confirmreplace.h"
#include "widgets/tracefiledialog.h"
#include "window/statusline.h"

#include <QApplication>
#include <QFileDialog>
#include <QFileInfo>
#include <QMenu>
#include <QMessageBox>

#include <memory>

namespace lorascope {

TraceActions::TraceActions(MainWindow* window, StatusLine* status)
    : QObject(window)
    , m_window(window)
    , m_status(status)
{
    Document* doc = m_window->document();
    connect(doc, &Document::importFinished, this, [this, doc](const QString& error) {
        if (error.isEmpty()) {
            m_status->showMessage(tr("Imported %1").arg(doc->importSource()), 4000);
            return;
        }
        m_status->showMessage(error, 8000);
        if (m_window->isVisible()) { // window-modal, not blocking: the app keeps running
            auto* box = new QMessageBox(QMessageBox::Warning, tr("Import Trace"), error, QMessageBox::Ok, m_window);
            box->setAttribute(Qt::WA_DeleteOnClose);
            box->open();
        }
    });
}

void TraceActions::addActions(QMenu* file)
{
    file->addAction(tr("&Import Trace…"), this, [this] {
        const auto [path, format] = askTraceToRead(m_window, tr("Import Trace"));
        if (path.isEmpty())
            return;
        if (const QString err = importTrace(path, format); !err.isEmpty())
            QMessageBox::warning(m_window, tr("Import Trace"), err);
    });
    file->addAction(tr("&Fit Workload from Trace…"), this, [this] {
        const auto [path, format] = askTraceToRead(m_window, tr("Fit Workload from Trace"));
        if (path.isEmpty())
            return;
        if (const QString err = fitFromTrace(path, format, true); !err.isEmpty())
            QMessageBox::warning(m_window, tr("Fit Workload from Trace"), err);
    });
    file->addAction(tr("&Export Trace…"), this, [this] {
        QString selected;
        const QString path = QFileDialog::getSaveFileName(
            m_window, tr("Export Trace"), QString(), traceFilters(true).join(QStringLiteral(";;")), &selected);
        if (path.isEmpty())
            return;
        // The file gets the chosen format's extension, so Import lists it and reads it back.
        const TraceTarget target = exportTarget(path, formatOfFilter(selected));
        if (!confirmReplace(m_window, tr("Export Trace"), path, target.path))
            return;
        if (const QString err = exportTrace(target.path, target.format); !err.isEmpty())
            QMessageBox::warning(m_window, tr("Export Trace"), err);
    });
}

QString TraceActions::importTrace(const QString& path, const QString& format)
{
    const QFileInfo info(path);
    if (!info.isFile() || !info.isReadable())
        return tr("%1: no such readable file").arg(path);
    m_window->document()->importTraceFile(path, format); // off the GUI thread; importFinished() reports
    m_status->showMessage(tr("Importing %1…").arg(path));
    return {};
}

QString TraceActions::fitFromTrace(const QString& path, const QString& format, bool interactive)
{
    std::unique_ptr<FitDialog> dialog;
    try {
        QApplication::setOverrideCursor(Qt::WaitCursor);
        auto trace = std::make_shared<const Trace>(readTrace(path.toStdString(), format.toStdString()));
        dialog = std::make_unique<FitDialog>(trace, path, m_window);
        QApplication::restoreOverrideCursor();
    } catch (const std::exception& e) {
        QApplication::restoreOverrideCursor();
        return QString::fromStdString(e.what());
    }
    if (!interactive || dialog->exec() == QDialog::Accepted) {
        // The fitted model replaces the parameters (one undo step); the designer then shows it.
        Document* doc = m_window->document();
        doc->clearImportedTrace();
        doc->editSpec(dialog->fittedSpec(), tr("Fit from %1").arg(QFileInfo(path).fileName()));
        m_status->showMessage(tr("Fitted the workload model to %1").arg(path), 6000);
    }
    return {};
}

QString TraceActions::exportTrace(const QString& path, const QString& format)
{
    const auto trace = m_window->document()->trace();
    if (!trace)
        return tr("There is no trace yet.");
    try {
        writeTrace(*trace, path.toStdString(), format.toStdString());
    } catch (const std::exception& e) {
        return QString::fromStdString(e.what());
    }
    m_status->showMessage(tr("Exported %1 requests to %2").arg(trace->requests.size()).arg(path), 4000);
    return {};
}

} // namespace lorascope
