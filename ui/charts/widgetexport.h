#pragma once

#include <QString>

class QWidget;

namespace lorascope {

/// Renders a widget (chart, raster, Gantt) to a PNG or SVG file chosen by the path's suffix.
/// Returns an empty string on success, else the error message.
QString exportWidget(QWidget* widget, const QString& path, const QString& title = {});

} // namespace lorascope
