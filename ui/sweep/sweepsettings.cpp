// SPDX-License-Identifier: Apache-2.0
// The settings panel of the Sweep tab (split out of sweeptab.cpp): what to sweep, the SLO, the
// run/find/cancel buttons, the verdict and cost-model notes, export and compare.
#include "sweep/sweeptab.h"

#include "sweep/sweeptext.h"
#include "widgets/chartgrid.h"
#include "widgets/confirmreplace.h"
#include "workload/presets.h"

#include <QComboBox>
#include <QCoreApplication>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QSpinBox>
#include <QMessageBox>
#include <QProgressBar>
#include <QPushButton>
#include <QVBoxLayout>

namespace lorascope {

QWidget* SweepTab::createSettings()
{
    auto* page = new QWidget(this);
    auto* v = new QVBoxLayout(page);

    auto* what = new QGroupBox(tr("What to sweep"), page);
    auto* form = new QFormLayout(what);
    m_source = new QComboBox(what);
    m_source->addItem(tr("Current workload and server"), int(Source::Current));
    m_source->addItem(tr("S-LoRA paper suite"), int(Source::Suite));
    m_source->addItem(tr("Fleet of replicas behind routers"), int(Source::Fleet));
    m_source->setToolTip(
        tr("Current: the Workload tab's spec and the Admission tab's server, with one parameter varied.\n"
           "S-LoRA paper suite: a benchmark of S-LoRA's exp_suite.py with the settings it ran on "
           "(slora generator, seed 42, the server's KV size, the GPU's cost model); S-LoRA's published "
           "measurements are drawn over the preview.\n"
           "Fleet: the current workload routed over a fleet of the Admission tab's server, one line per router; "
           "find the smallest fleet that meets the SLO (docs/fleet.md)."));
    form->addRow(tr("Source:"), m_source);
    m_suite = new QComboBox(what);
    for (const Scenario& s : scenarios())
        m_suite->addItem(QStringLiteral("%1 — %2").arg(QString::fromStdString(s.name), suiteDescription(s)),
            QString::fromStdString(s.name));
    // Long suite names must not widen the panel: the popup shows them whole.
    m_suite->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_suite->setMinimumContentsLength(16);
    m_suite->setToolTip(tr("The suites of S-LoRA's benchmarks/exp_suite.py; the first value of the others is kept."));
    form->addRow(tr("Suite:"), m_suite);
    m_setting = new QComboBox(what);
    for (const Preset& p : presets())
        m_setting->addItem(QString::fromStdString(p.name), QString::fromStdString(p.name));
    m_setting->setToolTip(tr("S-LoRA's model setting: base model and adapter ranks (S1: llama-7b rank 8; S2: 7b ranks "
                             "64/32/16/8; S4: 13b ranks 64/32/16)."));
    form->addRow(tr("Model setting:"), m_setting);
    m_policy = new QComboBox(what);
    m_policy->addItem(tr("S-LoRA"), QStringLiteral("slora"));
    m_policy->addItem(tr("S-LoRA with abort (--enable-abort)"), QStringLiteral("slora-abort"));
    m_policy->setToolTip(tr(
        "S-LoRA published the cv suites both without and with --enable-abort (requests waiting 5.5 s are dropped)."));
    form->addRow(tr("Server:"), m_policy);
    // The server and limits the sweep actually runs (the Admission tab's, or the suite's).
    m_serverUsed = new QLabel(what);
    m_serverUsed->setObjectName(QStringLiteral("sweepServerUsed"));
    m_serverUsed->setWordWrap(true);
    m_serverUsed->setTextInteractionFlags(Qt::TextSelectableByMouse);
    form->addRow(tr("Runs on:"), m_serverUsed);
    m_param = new QComboBox(what);
    for (const SweepParamInfo& p : sweepParams()) {
        m_param->addItem(sweepParamTitle(p.id), int(p.id));
        m_param->setItemData(m_param->count() - 1, sweepParamDescription(p.id), Qt::ToolTipRole);
    }
    m_param->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_param->setMinimumContentsLength(16);
    m_param->setToolTip(
        tr("The parameter to vary: workload parameters (rate, adapters, α, cv, ...) or the server's launch settings."));
    form->addRow(tr("Parameter:"), m_param);
    m_values = new QLineEdit(what);
    m_values->setPlaceholderText(tr("0.5:10:0.5 or 1,2,4,8"));
    m_values->setToolTip(tr("A list (1,2,4,8) or a range LO:HI:STEP (0.5:10:0.5 = 20 values). At most 1000 points.\n"
                            "The capacity finder searches between the smallest and the largest value."));
    form->addRow(tr("Values:"), m_values);
    m_valuesNote = new QLabel(what);
    m_valuesNote->setObjectName(QStringLiteral("sweepValuesNote"));
    m_valuesNote->setWordWrap(true);
    m_valuesNote->setTextFormat(Qt::PlainText); // errors quote what was typed ("got "x""), never as HTML
    form->addRow(QString(), m_valuesNote);
    v->addWidget(what);
    v->addWidget(createFleetSettings());

    auto* sloBox = new QGroupBox(tr("Service-level objective"), page);
    auto* sf = new QFormLayout(sloBox);
    auto spin = [sloBox](double max, double step, int decimals, const QString& suffix, const QString& special,
                    const QString& tip) {
        auto* s = new QDoubleSpinBox(sloBox);
        s->setRange(0, max);
        s->setSingleStep(step);
        s->setDecimals(decimals);
        s->setSuffix(suffix);
        if (!special.isEmpty())
            s->setSpecialValueText(special);
        s->setToolTip(tip);
        return s;
    };
    m_ttft = spin(3600, 0.5, 2, tr(" s"), tr("off"),
        tr("A request meets the SLO only if its first token comes within this time after it arrived (S-LoRA: 6 s). 0 = "
           "no bound."));
    m_ttft->setValue(6);
    m_tpot = spin(10000, 10, 0, tr(" ms"), tr("off"),
        tr("Bound on the time per output token after the first: (E2E − TTFT)/(tokens − 1). 0 = no bound."));
    m_e2e = spin(36000, 5, 1, tr(" s"), tr("off"), tr("Bound on the end-to-end latency. 0 = no bound."));
    m_attainment = spin(100, 1, 1, tr(" %"), QString(),
        tr("A point meets the SLO when at least this share of all its requests meets every bound."));
    m_attainment->setMinimum(1);
    m_attainment->setValue(90);
    sf->addRow(tr("TTFT ≤"), m_ttft);
    sf->addRow(tr("TPOT ≤"), m_tpot);
    sf->addRow(tr("E2E ≤"), m_e2e);
    sf->addRow(tr("for at least"), m_attainment);
    v->addWidget(sloBox);

    auto* buttons = new QHBoxLayout;
    m_run = new QPushButton(tr("Run sweep"), page);
    m_run->setToolTip(tr("Preview every value (in parallel, off the GUI thread); the charts grow point by point."));
    m_find = new QPushButton(tr("Find capacity"), page);
    m_find->setToolTip(tr("The largest value that still meets the SLO, by bracketing and bisection to 1 % (between the "
                          "smallest and largest of the "
                          "values), then the saturation point and the adapters that break the SLO first."));
    m_cancel = new QPushButton(tr("Cancel"), page);
    m_cancel->setToolTip(tr("Stop; the points that finished stay."));
    buttons->addWidget(m_run);
    buttons->addWidget(m_find);
    buttons->addWidget(m_cancel);
    v->addLayout(buttons);
    m_progress = new QProgressBar(page);
    m_progress->setObjectName(QStringLiteral("sweepProgress"));
    m_progress->setVisible(false);
    v->addWidget(m_progress);

    auto* out = new QHBoxLayout;
    auto* exportFigure = new QPushButton(tr("Export figure…"), page);
    exportFigure->setToolTip(
        tr("Save all the sweep's charts as one PNG or SVG picture (right-click a chart to save it alone)."));
    auto* exportTable = new QPushButton(tr("Export table…"), page);
    exportTable->setToolTip(tr("Save the points as JSON Lines (spec, server, metrics and per-adapter metrics of each) "
                               "or CSV, as lorascope-cli sweep writes them."));
    auto* pin = new QPushButton(tr("Compare in A/B…"), page);
    pin->setToolTip(tr("Pin this sweep as A in the A/B Compare tab; the next sweep you run here is B."));
    out->addWidget(exportFigure);
    out->addWidget(exportTable);
    out->addWidget(pin);
    // Right under Run: the verdict below can be long, and the buttons stay above the fold.
    v->addLayout(out);

    m_verdict = new QLabel(page);
    m_verdict->setObjectName(QStringLiteral("sweepVerdict"));
    m_verdict->setWordWrap(true);
    m_verdict->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_verdict->setStyleSheet(QStringLiteral("QLabel { background: palette(alternate-base); padding: 4px; }"));
    m_verdict->setText(tr("Choose a parameter and its values, then Run sweep or Find capacity."));
    v->addWidget(m_verdict);
    m_modelNote = new QLabel(page);
    m_modelNote->setObjectName(QStringLiteral("sweepModelNote"));
    m_modelNote->setWordWrap(true);
    m_modelNote->setTextInteractionFlags(Qt::TextSelectableByMouse);
    v->addWidget(m_modelNote);

    v->addStretch(1);

    m_editors = { { QStringLiteral("source"), m_source }, { QStringLiteral("suite"), m_suite },
        { QStringLiteral("setting"), m_setting }, { QStringLiteral("policy"), m_policy },
        { QStringLiteral("param"), m_param }, { QStringLiteral("values"), m_values },
        { QStringLiteral("ttft"), m_ttft }, { QStringLiteral("tpot"), m_tpot }, { QStringLiteral("e2e"), m_e2e },
        { QStringLiteral("attainment"), m_attainment }, { QStringLiteral("run"), m_run },
        { QStringLiteral("find"), m_find }, { QStringLiteral("cancel"), m_cancel },
        { QStringLiteral("exportFigure"), exportFigure }, { QStringLiteral("exportTable"), exportTable },
        { QStringLiteral("pin"), pin } };
    m_editors.insert(QStringLiteral("fleetAxis"), m_fleetAxis);
    m_editors.insert(QStringLiteral("fleetRouters"), m_fleetRouters);
    m_editors.insert(QStringLiteral("fleetReplicas"), m_fleetReplicas);
    m_editors.insert(QStringLiteral("fleetStaleness"), m_fleetStaleness);
    m_editors.insert(QStringLiteral("fleetGpus"), m_fleetGpus);
    for (auto it = m_editors.begin(); it != m_editors.end(); ++it)
        it.value()->setObjectName(QStringLiteral("sweep_") + it.key());

    connect(m_source, &QComboBox::currentIndexChanged, this, &SweepTab::syncSource);
    connect(m_suite, &QComboBox::currentIndexChanged, this, &SweepTab::suiteChanged);
    connect(m_setting, &QComboBox::currentIndexChanged, this, [this] {
        validateInline();
        updateModelNote();
    });
    connect(m_policy, &QComboBox::currentIndexChanged, this, &SweepTab::validateInline);
    connect(m_param, &QComboBox::currentIndexChanged, this, &SweepTab::paramChanged);
    connect(m_values, &QLineEdit::textChanged, this, &SweepTab::validateInline);
    connect(m_run, &QPushButton::clicked, this, &SweepTab::runSweep);
    connect(m_find, &QPushButton::clicked, this, &SweepTab::findCapacity);
    connect(m_cancel, &QPushButton::clicked, this, &SweepTab::cancel);
    connect(
        exportFigure, &QPushButton::clicked, this, [this] { Q_EMIT exportRequested(m_grid, QStringLiteral("sweep")); });
    connect(exportTable, &QPushButton::clicked, this, [this] {
        const QString chosen = QFileDialog::getSaveFileName(
            this, tr("Export Table"), QStringLiteral("sweep.jsonl"), tr("JSON Lines (*.jsonl);;CSV (*.csv)"));
        if (chosen.isEmpty())
            return;
        QString path = chosen;
        if (QFileInfo(path).suffix().isEmpty())
            path += QStringLiteral(".jsonl");
        if (!confirmReplace(this, tr("Export Table"), chosen, path))
            return;
        if (const QString err = this->exportTable(path); !err.isEmpty())
            QMessageBox::warning(this, tr("Export Table"), err);
    });
    connect(pin, &QPushButton::clicked, this, [this] {
        if (const auto sweep = currentSweep())
            Q_EMIT pinRequested(sweep);
    });
    return page;
}

} // namespace lorascope
