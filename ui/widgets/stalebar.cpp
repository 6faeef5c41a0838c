// SPDX-License-Identifier: Apache-2.0
#include "widgets/stalebar.h"

#include <QGraphicsOpacityEffect>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>

namespace lorascope {

StaleBar::StaleBar(QWidget* dimmed, QWidget* parent)
    : QFrame(parent)
    , m_dimmed(dimmed)
    , m_label(new QLabel(this))
    , m_button(new QPushButton(this))
{
    setObjectName(QStringLiteral("staleBar"));
    setStyleSheet(QStringLiteral("#staleBar { background: #fff4d6; border: 1px solid #e0b84c; }"
                                 "#staleBar QLabel { color: #4d3800; }"));
    auto* h = new QHBoxLayout(this);
    h->setContentsMargins(6, 3, 6, 3);
    m_label->setObjectName(QStringLiteral("staleText"));
    m_label->setWordWrap(true);
    m_label->setTextFormat(Qt::RichText);
    m_label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    h->addWidget(m_label, 1);
    m_button->setObjectName(QStringLiteral("staleAction"));
    h->addWidget(m_button, 0, Qt::AlignVCenter);
    connect(m_button, &QPushButton::clicked, this, &StaleBar::actionClicked);
    setVisible(false);
}

void StaleBar::showStale(const QString& text, const QString& action)
{
    m_stale = true;
    m_label->setText(text);
    m_button->setText(action);
    m_button->setVisible(!action.isEmpty());
    setVisible(true);
    if (m_dimmed && !m_dimmed->graphicsEffect()) {
        auto* faint = new QGraphicsOpacityEffect(m_dimmed);
        faint->setOpacity(0.4);
        m_dimmed->setGraphicsEffect(faint);
    }
}

void StaleBar::showCurrent()
{
    m_stale = false;
    setVisible(false);
    if (m_dimmed)
        m_dimmed->setGraphicsEffect(nullptr);
}

QString StaleBar::text() const
{
    return m_stale ? m_label->text() : QString();
}

} // namespace lorascope
