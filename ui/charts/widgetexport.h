// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QSize>
#include <QString>

class QWidget;

namespace lorascope {

/// Renders a widget (chart, raster, Gantt, the comparison page) to a PNG or SVG file chosen by
/// the path's suffix, laid out at `size` (logical pixels; empty = as on screen) and, for PNG, at
/// `scale` device pixels per logical pixel. Scroll bars and hover hints are left out. Returns an
/// empty string on success, else the error message.
QString exportWidget(
    QWidget* widget, const QString& path, const QString& title = {}, const QSize& size = {}, qreal scale = 1.0);

/// The property a widget's paintEvent can check to leave out hover hints while being exported.
inline constexpr const char* kExportingProperty = "lorascopeExporting";

} // namespace lorascope
