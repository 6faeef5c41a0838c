// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QLayout>
#include <QList>

namespace lorascope {

/// Lays out widgets left to right and wraps them onto further lines when the width runs out
/// (a toolbar that fits a laptop screen). Its minimum width is its widest item's; its height
/// follows the width (heightForWidth).
class FlowLayout : public QLayout {
public:
    explicit FlowLayout(QWidget* parent = nullptr, int spacing = 6);
    ~FlowLayout() override;

    /// Adds a stretchable gap: items after it go to the right end of their line when it fits.
    void addStretch();

    void addItem(QLayoutItem* item) override;
    int count() const override;
    QLayoutItem* itemAt(int index) const override;
    QLayoutItem* takeAt(int index) override;
    Qt::Orientations expandingDirections() const override;
    bool hasHeightForWidth() const override;
    int heightForWidth(int width) const override;
    QSize minimumSize() const override;
    QSize sizeHint() const override;
    void setGeometry(const QRect& rect) override;

private:
    int arrange(const QRect& rect, bool apply) const;

    QList<QLayoutItem*> m_items;
    int m_spacing;
};

} // namespace lorascope
