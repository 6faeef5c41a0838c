// SPDX-License-Identifier: Apache-2.0
#include "widgets/sidepanel.h"

#include <QHBoxLayout>
#include <QScrollArea>
#include <QScrollBar>
#include <QSplitter>

#include <algorithm>

namespace lorascope {

int SidePanel::settingsWidth(int max) const
{
    const int wanted = scroll->widget()->sizeHint().width() + scroll->verticalScrollBar()->sizeHint().width()
        + 2 * scroll->frameWidth();
    return std::min(wanted, max);
}

SidePanel createSidePanel(QWidget* tab, QWidget* settings, const QString& splitterName, const QString& scrollName)
{
    SidePanel p;
    auto* layout = new QHBoxLayout(tab);
    layout->setContentsMargins(0, 0, 0, 0);
    p.splitter = new QSplitter(Qt::Horizontal, tab);
    p.splitter->setObjectName(splitterName);
    layout->addWidget(p.splitter);
    p.scroll = new QScrollArea(p.splitter);
    if (!scrollName.isEmpty())
        p.scroll->setObjectName(scrollName);
    p.scroll->setWidget(settings);
    p.scroll->setWidgetResizable(true);
    p.scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAsNeeded);
    p.scroll->setMinimumWidth(200);
    p.splitter->addWidget(p.scroll);
    return p;
}

} // namespace lorascope
