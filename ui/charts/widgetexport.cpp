#include "charts/widgetexport.h"

#include "charts/plotview.h"

#include <QFileInfo>
#include <QImage>
#include <QPainter>
#include <QSaveFile>
#include <QSvgGenerator>
#include <QBuffer>
#include <QWidget>

namespace lorascope {

QString exportWidget(QWidget* widget, const QString& path, const QString& title)
{
    if (!widget)
        return QObject::tr("Nothing to export.");
    PlotView::applyPending(); // charts in `widget` may not show their latest data yet
    const QString suffix = QFileInfo(path).suffix().toLower();
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    if (suffix == QLatin1String("svg")) {
        QSvgGenerator gen;
        gen.setOutputDevice(&buffer);
        gen.setSize(widget->size());
        gen.setViewBox(QRect(QPoint(0, 0), widget->size()));
        gen.setTitle(title);
        gen.setDescription(QObject::tr("Exported from LoraScope"));
        QPainter painter(&gen);
        widget->render(&painter, QPoint(), QRegion(), QWidget::DrawChildren);
        painter.end();
    } else if (suffix == QLatin1String("png")) {
        const qreal dpr = widget->devicePixelRatioF();
        QImage image(widget->size() * dpr, QImage::Format_ARGB32_Premultiplied);
        image.setDevicePixelRatio(dpr);
        image.fill(widget->palette().window().color());
        QPainter painter(&image);
        widget->render(&painter, QPoint(), QRegion(), QWidget::DrawChildren);
        painter.end();
        if (!image.save(&buffer, "PNG"))
            return QObject::tr("Could not encode the PNG image.");
    } else {
        return QObject::tr("Unknown image type \"%1\": use .png or .svg.").arg(suffix);
    }
    // Atomic: a crash or a full disk never leaves half an image behind.
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return QObject::tr("Cannot write %1: %2").arg(path, file.errorString());
    file.write(bytes);
    if (!file.commit())
        return QObject::tr("Cannot write %1: %2").arg(path, file.errorString());
    return {};
}

} // namespace lorascope
