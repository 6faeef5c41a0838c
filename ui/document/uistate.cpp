// SPDX-License-Identifier: Apache-2.0
#include "document/uistate.h"

#include <QMainWindow>
#include <QSettings>
#include <QSplitter>

namespace lorascope {

void UiState::save(QMainWindow* window)
{
    QSettings settings;
    settings.beginGroup(QStringLiteral("MainWindow"));
    settings.setValue(QStringLiteral("version"), kVersion);
    settings.setValue(QStringLiteral("geometry"), window->saveGeometry());
    settings.setValue(QStringLiteral("state"), window->saveState(kVersion));
    const auto splitters = window->findChildren<QSplitter*>();
    for (auto* s : splitters) {
        if (!s->objectName().isEmpty())
            settings.setValue(QStringLiteral("splitter/") + s->objectName(), s->saveState());
    }
    settings.endGroup();
}

void UiState::restore(QMainWindow* window)
{
    QSettings settings;
    settings.beginGroup(QStringLiteral("MainWindow"));
    if (settings.value(QStringLiteral("version")).toInt() != kVersion)
        return;
    window->restoreGeometry(settings.value(QStringLiteral("geometry")).toByteArray());
    window->restoreState(settings.value(QStringLiteral("state")).toByteArray(), kVersion);
    const auto splitters = window->findChildren<QSplitter*>();
    for (auto* s : splitters) {
        const QVariant v = settings.value(QStringLiteral("splitter/") + s->objectName());
        if (!s->objectName().isEmpty() && v.isValid())
            s->restoreState(v.toByteArray());
    }
    settings.endGroup();
}

} // namespace lorascope
