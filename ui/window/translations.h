// SPDX-License-Identifier: Apache-2.0
#pragma once
// The app's language: LoraScope's own catalogue (resources/translations, compiled into the
// binary) and Qt's (qtbase: the buttons and file dialogs Qt draws itself, "Close", "Look in",
// "File name"), both for the same locale. Qt's catalogues come from Debian's
// qt6-translations-l10n package, a dependency of the lorascope package.

#include <QLocale>
#include <QString>

namespace lorascope {

/// What installTranslations() loaded.
struct InstalledTranslations {
    bool app = false; ///< LoraScope's catalogue
    bool qt = false; ///< qtbase's
    QString qtPath; ///< the folder Qt's catalogues were looked for in
};

/// Installs both catalogues for `locale` on the application (they live until it quits); an
/// English locale installs none.
InstalledTranslations installTranslations(const QLocale& locale);

/// The locale for the preference "system", "en" or a locale name such as "zh_CN".
QLocale localeForPreference(const QString& preference);

} // namespace lorascope
