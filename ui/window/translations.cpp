// SPDX-License-Identifier: Apache-2.0
#include "window/translations.h"

#include <QCoreApplication>
#include <QLibraryInfo>
#include <QTranslator>

namespace lorascope {

QLocale localeForPreference(const QString& preference)
{
    if (preference.isEmpty() || preference == QLatin1String("system"))
        return QLocale::system();
    return QLocale(preference);
}

InstalledTranslations installTranslations(const QLocale& locale)
{
    InstalledTranslations out;
    out.qtPath = QLibraryInfo::path(QLibraryInfo::TranslationsPath);
    if (locale.language() == QLocale::English || locale.language() == QLocale::C)
        return out;
    auto* app = new QTranslator(QCoreApplication::instance());
    if (app->load(locale, QStringLiteral("lorascope"), QStringLiteral("_"), QStringLiteral(":/i18n"))
        && QCoreApplication::installTranslator(app))
        out.app = true;
    else
        delete app;
    auto* qt = new QTranslator(QCoreApplication::instance());
    if (qt->load(locale, QStringLiteral("qtbase"), QStringLiteral("_"), out.qtPath)
        && QCoreApplication::installTranslator(qt))
        out.qt = true;
    else
        delete qt;
    return out;
}

} // namespace lorascope
