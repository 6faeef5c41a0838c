// SPDX-License-Identifier: Apache-2.0
#include "window/helpwindow.h"

#include "admission/admissiontab.h"
#include "admission/stepthroughpanel.h"
#include "mainwindow.h"
#include "text/helptexts.h"
#include "util/version.h"

#include <QAction>
#include <QDialog>
#include <QDialogButtonBox>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QTextBrowser>
#include <QVBoxLayout>

namespace lorascope {

HelpWindow::HelpWindow(MainWindow* window)
    : QObject(window)
    , m_window(window)
{
}

void HelpWindow::addActions(QMenu* help)
{
    auto* whatsThis = help->addAction(tr("&What Am I Looking At?"), this,
        [this] { show(tr("What am I looking at?"), HelpTexts::tab(m_window->currentTabKey())); });
    whatsThis->setShortcut(QKeySequence::HelpContents);
    whatsThis->setObjectName(QStringLiteral("tabHelpAction"));
    help->addAction(tr("&User Guide"), this, [this] { show(tr("User Guide"), HelpTexts::userGuide()); })
        ->setObjectName(QStringLiteral("userGuideAction"));
    help->addAction(tr("&Keyboard Shortcuts"), this, [this] { show(tr("Keyboard Shortcuts"), shortcutsHtml()); })
        ->setObjectName(QStringLiteral("shortcutsAction"));
    help->addSeparator();
    help->addAction(tr("&About LoraScope"), this, [this] {
        QMessageBox::about(m_window, tr("About LoraScope"),
            tr("<h3>LoraScope %1</h3><p>Design, preview and replay multi-LoRA serving workloads.</p>")
                    .arg(QString::fromLatin1(kVersion))
                + tr("<p>Licensed under the Apache License, Version 2.0.</p>"));
    });
}

QString HelpWindow::shortcutsHtml() const
{
    QList<std::pair<QString, QList<QAction*>>> groups;
    for (auto* menu : m_window->menuBar()->findChildren<QMenu*>(QString(), Qt::FindDirectChildrenOnly)) {
        QList<QAction*> actions;
        for (auto* a : menu->actions())
            actions << a;
        QString title = menu->title();
        title.remove(QLatin1Char('&'));
        groups.append({ title, actions });
    }
    groups.append({ tr("Admission preview: step through (while the tab is shown)"),
        m_window->admissionTab()->stepThrough()->navigationActions() });
    return HelpTexts::shortcuts(groups);
}

void HelpWindow::show(const QString& title, const QString& html)
{
    // One help window, not modal: it can stay open beside the charts it explains.
    if (!m_dialog) {
        m_dialog = new QDialog(m_window);
        m_dialog->setObjectName(QStringLiteral("helpWindow"));
        auto* v = new QVBoxLayout(m_dialog);
        auto* browser = new QTextBrowser(m_dialog);
        browser->setObjectName(QStringLiteral("helpText"));
        v->addWidget(browser);
        auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, m_dialog);
        connect(buttons, &QDialogButtonBox::rejected, m_dialog, &QDialog::close);
        v->addWidget(buttons);
        m_dialog->resize(QSize(640, 560).boundedTo(m_window->size()));
    }
    m_dialog->setWindowTitle(title);
    m_dialog->findChild<QTextBrowser*>(QStringLiteral("helpText"))->setHtml(html);
    m_dialog->show();
    m_dialog->raise();
}

QString HelpWindow::text() const
{
    return m_dialog && m_dialog->isVisible()
        ? m_dialog->findChild<QTextBrowser*>(QStringLiteral("helpText"))->toPlainText()
        : QString();
}

} // namespace lorascope
