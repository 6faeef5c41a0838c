// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QDialog>
#include <QList>
#include <QSize>

#include <functional>

class QComboBox;
class QSpinBox;

namespace lorascope {

/// File > Export Chart: which chart (by its title), at what size and scale. The picture is laid out
/// at the chosen size in logical pixels; a PNG gets `scale` device pixels per logical pixel (2× for
/// sharp slides); an SVG ignores the scale.
class ChartExportDialog : public QDialog {
    Q_OBJECT
public:
    struct Chart {
        QString key; ///< "popularity", "admission.kv", ...
        QString title; ///< "Workload — Adapter popularity"
        QSize onScreen; ///< its size now (the default picture size)
    };
    ChartExportDialog(const QList<Chart>& charts, const QString& current, QWidget* parent = nullptr);

    QString key() const;
    QSize pictureSize() const;
    qreal scale() const;

private:
    void chartChanged();

    QList<Chart> m_charts;
    QComboBox* m_chart;
    QSpinBox* m_width;
    QSpinBox* m_height;
    QComboBox* m_scale;
};

} // namespace lorascope
