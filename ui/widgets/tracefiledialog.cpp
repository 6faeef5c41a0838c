// SPDX-License-Identifier: Apache-2.0
#include "widgets/tracefiledialog.h"

#include "document/tracefiles.h"
#include "formats/traceio.h"

#include <QCoreApplication>
#include <QFileDialog>
#include <QFileInfo>
#include <QInputDialog>

namespace lorascope {

namespace {
// The type column of Qt's own file dialog (QAbstractFileIconProvider::type()): Qt 6.4's Chinese
// catalogue has no entry for this context, so "Folder" showed in English; LoraScope's catalogue
// carries them.
[[maybe_unused]] const char* const kFileTypes[] = {
    QT_TRANSLATE_NOOP("QAbstractFileIconProvider", "Folder"),
    QT_TRANSLATE_NOOP("QAbstractFileIconProvider", "File"),
    QT_TRANSLATE_NOOP("QAbstractFileIconProvider", "%1 File"),
    QT_TRANSLATE_NOOP("QAbstractFileIconProvider", "Drive"),
    QT_TRANSLATE_NOOP("QAbstractFileIconProvider", "Shortcut"),
};

/// The translation context of the dialog's texts.
class TraceFileDialog {
    Q_DECLARE_TR_FUNCTIONS(lorascope::TraceFileDialog)
public:
    static QString allTraces(const QString& patterns) { return tr("All trace files (%1)").arg(patterns); }
    static QString allFiles() { return tr("All files (*)"); }
    static QString readAs(const QString& name) { return tr("%1 has no known trace extension. Read it as:").arg(name); }
};
} // namespace

QString traceReadFilter()
{
    QStringList filters = traceFilters(false);
    QStringList all;
    for (const auto& f : traceFormats())
        if (f.read)
            for (const auto& e : f.extensions)
                all << QLatin1Char('*') + QString::fromStdString(e);
    filters.prepend(TraceFileDialog::allTraces(all.join(QLatin1Char(' '))));
    filters.append(TraceFileDialog::allFiles());
    return filters.join(QStringLiteral(";;"));
}

TraceFileChoice askTraceToRead(QWidget* parent, const QString& title)
{
    QString selected;
    const QString path = QFileDialog::getOpenFileName(parent, title, QString(), traceReadFilter(), &selected);
    if (path.isEmpty())
        return {};
    QString format = formatOfFilter(selected);
    if (format.isEmpty() && !hasKnownTraceExtension(path) && !detectFormat(path.toStdString())) {
        // A name without a known extension and content LoraScope cannot tell: ask.
        bool ok = false;
        format = QInputDialog::getItem(
            parent, title, TraceFileDialog::readAs(QFileInfo(path).fileName()), readableFormats(), 0, false, &ok);
        if (!ok)
            return {};
    }
    return { path, format };
}

} // namespace lorascope
