// SPDX-License-Identifier: Apache-2.0
// The app's language reaches Qt's own dialogs (ui/window/translations.h): with zh_CN the button
// box's "Close" and the file dialog's "Look in" / "File name" / "Files of type" are Chinese (Qt's
// qtbase catalogue from Debian's qt6-translations-l10n, a build and package dependency), and the
// trace file dialog offers the trace formats as filters.
#include "uitestutil.h"

#include "widgets/tracefiledialog.h"
#include "window/translations.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFileDialog>
#include <QLabel>
#include <QPushButton>

using namespace lorascope;

namespace {

bool hasChinese(const QString& text)
{
    return std::any_of(
        text.begin(), text.end(), [](QChar c) { return c.unicode() >= 0x4E00 && c.unicode() <= 0x9FFF; });
}

} // namespace

class TestTranslations : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() { test::isolateSettings(); }

    void englishInstallsNothing()
    {
        const InstalledTranslations t = installTranslations(QLocale(QStringLiteral("en_US")));
        QVERIFY(!t.app && !t.qt);
        QDialogButtonBox box(QDialogButtonBox::Close);
        QCOMPARE(box.button(QDialogButtonBox::Close)->text().remove(QLatin1Char('&')), QStringLiteral("Close"));
    }

    void traceFiltersListEveryFormat()
    {
        const QStringList filters = traceReadFilter().split(QStringLiteral(";;"));
        QVERIFY(filters.size() >= 4);
        QVERIFY2(
            filters.front().contains(QStringLiteral("*.jsonl")) && filters.front().contains(QStringLiteral("*.csv")),
            qPrintable(filters.front()));
        QVERIFY(filters.back().contains(QStringLiteral("(*)")));
        QFileDialog dialog(nullptr, QStringLiteral("Import Trace"), QString(), traceReadFilter());
        dialog.setOption(QFileDialog::DontUseNativeDialog);
        QCOMPARE(dialog.nameFilters(), filters);
    }

    void chineseReachesQtsDialogs()
    {
        const InstalledTranslations t = installTranslations(QLocale(QStringLiteral("zh_CN")));
        QVERIFY2(t.app, "LoraScope's zh_CN catalogue (:/i18n/lorascope_zh_CN.qm)");
        QVERIFY2(t.qt,
            qPrintable(QStringLiteral("qtbase_zh_CN.qm in %1 (Debian package qt6-translations-l10n)").arg(t.qtPath)));
        QDialogButtonBox box(QDialogButtonBox::Close | QDialogButtonBox::Cancel);
        QVERIFY2(hasChinese(box.button(QDialogButtonBox::Close)->text()),
            qPrintable(box.button(QDialogButtonBox::Close)->text()));
        QVERIFY2(hasChinese(box.button(QDialogButtonBox::Cancel)->text()),
            qPrintable(box.button(QDialogButtonBox::Cancel)->text()));
        // Qt's own file dialog (the one drawn when the desktop offers none): every label Chinese.
        QFileDialog dialog(nullptr, QStringLiteral("Import Trace"), QString(), traceReadFilter());
        dialog.setOption(QFileDialog::DontUseNativeDialog);
        for (const char* name : { "lookInLabel", "fileNameLabel", "fileTypeLabel" }) {
            auto* label = dialog.findChild<QLabel*>(QLatin1String(name));
            QVERIFY2(label, name);
            QVERIFY2(hasChinese(label->text()), qPrintable(QLatin1String(name) + QStringLiteral(": ") + label->text()));
        }
        // Our own text in the filter list is translated too ("All trace files").
        QVERIFY2(hasChinese(traceReadFilter().section(QStringLiteral(";;"), 0, 0)), qPrintable(traceReadFilter()));
    }
};

QTEST_MAIN(TestTranslations)
#include "tst_translations.moc"
