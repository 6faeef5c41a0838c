// SPDX-License-Identifier: Apache-2.0
#include "charts/exportdialog.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QSpinBox>
#include <QVBoxLayout>

namespace lorascope {

ChartExportDialog::ChartExportDialog(const QList<Chart>& charts, const QString& current, QWidget* parent)
    : QDialog(parent)
    , m_charts(charts)
    , m_chart(new QComboBox(this))
    , m_width(new QSpinBox(this))
    , m_height(new QSpinBox(this))
    , m_scale(new QComboBox(this))
{
    setWindowTitle(tr("Export Chart"));
    auto* v = new QVBoxLayout(this);
    auto* form = new QFormLayout;
    for (const auto& c : charts)
        m_chart->addItem(c.title, c.key);
    m_chart->setObjectName(QStringLiteral("exportChartChoice"));
    form->addRow(tr("Chart:"), m_chart);
    auto* sizeRow = new QHBoxLayout;
    for (auto* spin : { m_width, m_height }) {
        spin->setRange(100, 8000);
        spin->setSuffix(tr(" px"));
    }
    m_width->setObjectName(QStringLiteral("exportWidth"));
    m_height->setObjectName(QStringLiteral("exportHeight"));
    sizeRow->addWidget(m_width);
    sizeRow->addWidget(new QLabel(QStringLiteral("×"), this));
    sizeRow->addWidget(m_height);
    auto* screenSize = new QPushButton(tr("As on screen"), this);
    sizeRow->addWidget(screenSize);
    form->addRow(tr("Size:"), sizeRow);
    m_scale->addItem(tr("1× (screen)"), 1.0);
    m_scale->addItem(tr("2× (sharp on slides and high-DPI screens)"), 2.0);
    m_scale->addItem(tr("3× (print)"), 3.0);
    m_scale->setCurrentIndex(1);
    m_scale->setObjectName(QStringLiteral("exportScale"));
    form->addRow(tr("PNG scale:"), m_scale);
    v->addLayout(form);
    auto* hint = new QLabel(tr("The chart is laid out at this size, without scroll bars or hover hints. "
                               "A PNG has size × scale pixels; an SVG is drawn at the size and scales freely."),
        this);
    hint->setWordWrap(true);
    v->addWidget(hint);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    buttons->button(QDialogButtonBox::Ok)->setText(tr("Choose File…"));
    v->addWidget(buttons);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_chart, &QComboBox::currentIndexChanged, this, &ChartExportDialog::chartChanged);
    connect(screenSize, &QPushButton::clicked, this, &ChartExportDialog::chartChanged);
    const int i = m_chart->findData(current);
    m_chart->setCurrentIndex(i >= 0 ? i : 0);
    chartChanged();
}

void ChartExportDialog::chartChanged()
{
    const int i = m_chart->currentIndex();
    if (i < 0 || i >= m_charts.size())
        return;
    const QSize s
        = m_charts[i].onScreen.isValid() && !m_charts[i].onScreen.isEmpty() ? m_charts[i].onScreen : QSize(800, 500);
    m_width->setValue(std::max(s.width(), 100));
    m_height->setValue(std::max(s.height(), 100));
}

QString ChartExportDialog::key() const
{
    return m_chart->currentData().toString();
}

QSize ChartExportDialog::pictureSize() const
{
    return QSize(m_width->value(), m_height->value());
}

qreal ChartExportDialog::scale() const
{
    return m_scale->currentData().toDouble();
}

} // namespace lorascope
