// SPDX-License-Identifier: Apache-2.0
#include "admission/costmodelpanel.h"

#include "text/coretexts.h"
#include "util/error.h"

#include <QFileDialog>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QVBoxLayout>

namespace lorascope {

CostModelPanel::CostModelPanel(QWidget* parent)
    : QGroupBox(tr("Cost model in use"), parent)
    , m_name(new QLabel(this))
    , m_provenance(new QLabel(this))
    , m_warnings(new QLabel(this))
    , m_error(new QLabel(this))
    , m_load(new QPushButton(tr("Load calibrated model…"), this))
{
    setObjectName(QStringLiteral("costModelPanel"));
    auto* v = new QVBoxLayout(this);
    m_name->setObjectName(QStringLiteral("costModelName"));
    m_name->setTextFormat(Qt::RichText);
    m_name->setWordWrap(true);
    m_provenance->setObjectName(QStringLiteral("costModelProvenance"));
    m_provenance->setWordWrap(true);
    m_provenance->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_warnings->setObjectName(QStringLiteral("costModelWarnings"));
    m_warnings->setWordWrap(true);
    m_warnings->setTextFormat(Qt::RichText);
    m_warnings->setStyleSheet(QStringLiteral("QLabel { color: #a04000; }"));
    m_warnings->hide();
    m_error->setObjectName(QStringLiteral("costModelError"));
    m_error->setWordWrap(true);
    m_error->setStyleSheet(QStringLiteral("QLabel { color: #b00020; }"));
    m_error->hide();
    m_load->setObjectName(QStringLiteral("loadCostModel"));
    m_load->setToolTip(
        tr("A cost-model file written by `lorascope-cli calibrate` (from S-LoRA result files or from replays of "
           "your own server), or any version-1 coefficient file."));
    v->addWidget(m_name);
    v->addWidget(m_provenance);
    v->addWidget(m_warnings);
    v->addWidget(m_error);
    auto* row = new QHBoxLayout;
    row->addWidget(m_load);
    row->addStretch(1);
    v->addLayout(row);
    connect(m_load, &QPushButton::clicked, this, [this] {
        const QString file = QFileDialog::getOpenFileName(
            this, tr("Load a calibrated cost model"), QString(), tr("Cost models (*.json);;All files (*)"));
        if (!file.isEmpty())
            loadFile(file);
    });
}

void CostModelPanel::setModel(const CostModel& model)
{
    QString what = QString::fromStdString(model.name).toHtmlEscaped();
    if (!model.model.name.empty() || !model.gpu.name.empty())
        what += QStringLiteral(" — ")
            + tr("%1 on %2")
                  .arg(QString::fromStdString(model.model.name).toHtmlEscaped(),
                      QString::fromStdString(model.gpu.name).toHtmlEscaped());
    m_name->setText(QStringLiteral("<b>") + what + QStringLiteral("</b>"));
    m_provenance->setText(CoreTexts::provenance(model));
    m_provenance->setToolTip(CoreTexts::costModelDescription(model));
}

void CostModelPanel::setWarnings(const std::vector<ValidityWarning>& warnings)
{
    m_warningTexts.clear();
    QString html;
    for (const auto& w : warnings) {
        const QString text = CoreTexts::warning(w);
        m_warningTexts << text;
        html += QStringLiteral("⚠ ") + text.toHtmlEscaped() + QStringLiteral("<br>");
    }
    m_warnings->setText(html);
    m_warnings->setVisible(!warnings.empty());
}

QString CostModelPanel::provenanceText() const
{
    return m_provenance->text();
}

bool CostModelPanel::loadFile(const QString& path)
{
    try {
        const CostModel model = loadCostModel(path.toStdString());
        m_error->hide();
        Q_EMIT costModelChosen(model);
        return true;
    } catch (const InputError& e) {
        m_error->setText(tr("Not loaded: %1").arg(QString::fromStdString(e.what())));
        m_error->show();
        return false;
    }
}

} // namespace lorascope
