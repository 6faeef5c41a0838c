// SPDX-License-Identifier: Apache-2.0
#include "charts/widgetexport.h"

#include "charts/plotview.h"

#include <QAbstractScrollArea>
#include <QBuffer>
#include <QCoreApplication>
#include <QFileInfo>
#include <QImage>
#include <QLayout>
#include <QPainter>
#include <QPointer>
#include <QSaveFile>
#include <QScrollBar>
#include <QSvgGenerator>
#include <QWidget>

#include <algorithm>

namespace lorascope {

namespace {

/// Lays `widget` out at another size for the time of a render, without scroll bars; restores all.
class ExportLayout {
public:
    ExportLayout(QWidget* widget, const QSize& size)
        : m_widget(widget)
        , m_geometry(widget->geometry())
    {
        const auto bars = widget->findChildren<QScrollBar*>();
        for (auto* bar : bars) {
            if (bar->isVisible()) {
                m_hidden.append(bar);
                bar->setVisible(false);
            }
        }
        const auto areas = widget->findChildren<QAbstractScrollArea*>();
        for (auto* area : areas) {
            m_policies.append({ area, area->horizontalScrollBarPolicy(), area->verticalScrollBarPolicy() });
            area->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
            area->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
        }
        setExporting(true);
        if (size != widget->size()) {
            widget->resize(size);
            QCoreApplication::sendPostedEvents(nullptr, QEvent::LayoutRequest);
            if (widget->layout())
                widget->layout()->activate();
        }
        PlotView::applyPending();
    }
    ~ExportLayout()
    {
        setExporting(false);
        for (const auto& p : std::as_const(m_policies)) {
            if (p.area) {
                p.area->setHorizontalScrollBarPolicy(p.h);
                p.area->setVerticalScrollBarPolicy(p.v);
            }
        }
        for (const auto& bar : std::as_const(m_hidden))
            if (bar)
                bar->setVisible(true);
        if (m_widget && m_widget->geometry() != m_geometry)
            m_widget->setGeometry(m_geometry);
    }

private:
    void setExporting(bool on)
    {
        m_widget->setProperty(kExportingProperty, on);
        const auto children = m_widget->findChildren<QWidget*>();
        for (auto* w : children)
            w->setProperty(kExportingProperty, on);
    }

    struct Policy {
        QPointer<QAbstractScrollArea> area;
        Qt::ScrollBarPolicy h, v;
    };
    QPointer<QWidget> m_widget;
    QRect m_geometry;
    QList<QPointer<QScrollBar>> m_hidden;
    QList<Policy> m_policies;
};

} // namespace

QString exportWidget(QWidget* widget, const QString& path, const QString& title, const QSize& size, qreal scale)
{
    if (!widget)
        return QObject::tr("Nothing to export.");
    if (auto* plot = qobject_cast<PlotView*>(widget))
        return plot->exportTo(path, size, scale);
    PlotView::applyPending(); // charts in `widget` may not show their latest data yet
    const QString suffix = QFileInfo(path).suffix().toLower();
    if (suffix != QLatin1String("svg") && suffix != QLatin1String("png"))
        return QObject::tr("Unknown image type \"%1\": use .png or .svg.").arg(suffix);
    const QSize logical = size.isValid() && !size.isEmpty() ? size : widget->size();
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    {
        ExportLayout layout(widget, logical);
        if (suffix == QLatin1String("svg")) {
            QSvgGenerator gen;
            gen.setOutputDevice(&buffer);
            gen.setSize(logical);
            gen.setViewBox(QRect(QPoint(0, 0), logical));
            gen.setTitle(title);
            gen.setDescription(QObject::tr("Exported from LoraScope"));
            QPainter painter(&gen);
            widget->render(&painter, QPoint(), QRegion(), QWidget::DrawChildren);
            painter.end();
        } else {
            const qreal dpr = std::clamp(scale, 0.25, 8.0);
            QImage image(logical * dpr, QImage::Format_ARGB32_Premultiplied);
            image.setDevicePixelRatio(dpr);
            image.fill(widget->palette().window().color());
            QPainter painter(&image);
            widget->render(&painter, QPoint(), QRegion(), QWidget::DrawChildren);
            painter.end();
            if (!image.save(&buffer, "PNG"))
                return QObject::tr("Could not encode the PNG image.");
        }
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
