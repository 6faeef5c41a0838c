// SPDX-License-Identifier: Apache-2.0
#include "widgets/sortarrowstyle.h"

#include <QHeaderView>
#include <QProxyStyle>
#include <QStyleOptionHeader>

namespace lorascope {

namespace {

class SortArrowStyle : public QProxyStyle {
public:
    void drawPrimitive(
        PrimitiveElement element, const QStyleOption* option, QPainter* painter, const QWidget* widget) const override
    {
        // Only Fusion's arrow is the wrong way round; other styles keep their own convention.
        if (element == PE_IndicatorHeaderArrow
            && baseStyle()->name().compare(QLatin1String("fusion"), Qt::CaseInsensitive) == 0)
            if (const auto* header = qstyleoption_cast<const QStyleOptionHeader*>(option)) {
                QStyleOptionHeader flipped = *header;
                if (header->sortIndicator == QStyleOptionHeader::SortUp)
                    flipped.sortIndicator = QStyleOptionHeader::SortDown;
                else if (header->sortIndicator == QStyleOptionHeader::SortDown)
                    flipped.sortIndicator = QStyleOptionHeader::SortUp;
                QProxyStyle::drawPrimitive(element, &flipped, painter, widget);
                return;
            }
        QProxyStyle::drawPrimitive(element, option, painter, widget);
    }
};

} // namespace

void useReadableSortArrows(QHeaderView* header)
{
    auto* style = new SortArrowStyle;
    style->setParent(header);
    header->setStyle(style);
}

} // namespace lorascope
