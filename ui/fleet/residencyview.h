// SPDX-License-Identifier: Apache-2.0
#pragma once
// The adapter × replica residency heat map of the Fleet view: one row per adapter (the busiest),
// time left to right, the colour how many replicas held the adapter on their GPU (or, for one
// replica, the share of the time it did). Painted with QPainter into a cached image (dense pictures
// are images here, as the arrival raster is), rebuilt only when the data or the replica changes.

#include "fleet/fleet.h"

#include <QImage>
#include <QStringList>
#include <QWidget>

namespace lorascope {

class ResidencyView : public QWidget {
    Q_OBJECT
public:
    explicit ResidencyView(QWidget* parent = nullptr);
    /// The series of a fleet run (FleetOptions::recordSeries), adapter and replica names, the unit.
    void setData(const FleetSeries& series, const QStringList& adapterNames, const QStringList& replicaNames,
        const QString& unit);
    /// -1: how many replicas hold each adapter; r: replica r's share of each bin.
    void setReplica(int replica);
    int replica() const { return m_replica; }
    /// The value drawn in (row, bin): replicas holding it, or the one replica's share (0..1).
    double value(int row, int bin) const;
    /// What the tool tip says at a cell (for tests and the hover).
    QString cellText(int row, int bin) const;
    const QImage& image() const { return m_image; }
    QSize sizeHint() const override { return { 560, 300 }; }
    QSize minimumSizeHint() const override { return { 300, 180 }; }

protected:
    void paintEvent(QPaintEvent* event) override;
    bool event(QEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;

private:
    void rebuild();
    QRect plotRect() const;
    double maxValue() const;
    int leftMargin() const;

    FleetSeries m_series;
    QStringList m_adapters, m_replicas;
    QString m_unit;
    int m_replica = -1;
    QImage m_image;
    double m_max = 1; ///< the value drawn dark blue (maxValue() at the last rebuild)
};

} // namespace lorascope
