// SPDX-License-Identifier: Apache-2.0
#include "workload/parameterpanel.h"

#include "analysis/numberformat.h"
#include "document/document.h"
#include "text/coretexts.h"
#include "workload/generator.h"
#include "workload/presets.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QEvent>
#include <QFormLayout>
#include <QFrame>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QKeyEvent>
#include <QLineEdit>
#include <QLocale>
#include <QPushButton>
#include <QSignalBlocker>
#include <QSlider>
#include <QSpinBox>
#include <QVBoxLayout>

#include <cmath>
#include <deque>
#include <optional>

#include <QCoreApplication>

namespace lorascope {

namespace {

constexpr int kSliderSteps = 1000;

QString fromStd(const std::string& s)
{
    return QString::fromStdString(s);
}

// Display names in the order of the enums (PopularityKind, ArrivalKind, LengthKind).
const char* const kPopularityKinds[] = { QT_TRANSLATE_NOOP("lorascope::ParameterPanel", "power law (α)"),
    QT_TRANSLATE_NOOP("lorascope::ParameterPanel", "Zipf (s)"),
    QT_TRANSLATE_NOOP("lorascope::ParameterPanel", "uniform"),
    QT_TRANSLATE_NOOP("lorascope::ParameterPanel", "explicit weights"),
    QT_TRANSLATE_NOOP("lorascope::ParameterPanel", "distinct (one adapter per request)"),
    QT_TRANSLATE_NOOP("lorascope::ParameterPanel", "uniform groups (√k adapters)"),
    QT_TRANSLATE_NOOP("lorascope::ParameterPanel", "identical (one adapter)") };
const char* const kArrivalKinds[] = { QT_TRANSLATE_NOOP("lorascope::ParameterPanel", "gamma (cv)"),
    QT_TRANSLATE_NOOP("lorascope::ParameterPanel", "Poisson"),
    QT_TRANSLATE_NOOP("lorascope::ParameterPanel", "constant gaps"),
    QT_TRANSLATE_NOOP("lorascope::ParameterPanel", "on/off bursts"),
    QT_TRANSLATE_NOOP("lorascope::ParameterPanel", "rate schedule") };
const char* const kLengthKinds[] = { QT_TRANSLATE_NOOP("lorascope::ParameterPanel", "uniform"),
    QT_TRANSLATE_NOOP("lorascope::ParameterPanel", "power law (long tail)"),
    QT_TRANSLATE_NOOP("lorascope::ParameterPanel", "log-normal"),
    QT_TRANSLATE_NOOP("lorascope::ParameterPanel", "normal (clipped)"),
    QT_TRANSLATE_NOOP("lorascope::ParameterPanel", "constant") };

QStringList itemsOf(const char* const* names, int n)
{
    QStringList out;
    for (int i = 0; i < n; ++i)
        out << QCoreApplication::translate("lorascope::ParameterPanel", names[i]);
    return out;
}

/// The preset's own spec with the settings a preset does not fix (generator, seed) taken from `spec`.
std::optional<WorkloadSpec> presetSpecLike(const WorkloadSpec& spec, const std::string& name)
{
    try {
        WorkloadSpec p = specForPreset(name);
        p.generator = spec.generator;
        p.seed = spec.seed;
        return p;
    } catch (const std::exception&) {
        return std::nullopt;
    }
}

} // namespace

ParameterPanel::ParameterPanel(Document* document, QWidget* parent)
    : QWidget(parent)
    , m_document(document)
{
    auto* outer = new QVBoxLayout(this);
    outer->setContentsMargins(4, 4, 4, 4);

    auto group = [&](const QString& title) {
        auto* box = new QGroupBox(title, this);
        auto* form = new QFormLayout(box);
        form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
        form->setRowWrapPolicy(QFormLayout::DontWrapRows);
        outer->addWidget(box);
        return form;
    };

    // The note: a far-out value's question, or what a number field did not take.
    m_note = new QFrame(this);
    m_note->setObjectName(QStringLiteral("inputNote"));
    m_note->setStyleSheet(QStringLiteral("#inputNote { background: #fff4d6; border: 1px solid #e0b84c; }"));
    auto* nv = new QVBoxLayout(m_note);
    nv->setContentsMargins(6, 4, 6, 4);
    m_noteText = new QLabel(m_note);
    m_noteText->setWordWrap(true);
    m_noteText->setObjectName(QStringLiteral("inputNoteText"));
    nv->addWidget(m_noteText);
    m_noteButtons = new QWidget(m_note);
    auto* nb = new QHBoxLayout(m_noteButtons);
    nb->setContentsMargins(0, 0, 0, 0);
    auto* use = new QPushButton(tr("Use it"), m_noteButtons);
    use->setObjectName(QStringLiteral("farUse"));
    auto* keep = new QPushButton(tr("Keep the previous value"), m_noteButtons);
    keep->setObjectName(QStringLiteral("farKeep"));
    nb->addWidget(use);
    nb->addWidget(keep);
    nb->addStretch(1);
    nv->addWidget(m_noteButtons);
    connect(use, &QPushButton::clicked, this, [this] { confirmFarValue(true); });
    connect(keep, &QPushButton::clicked, this, [this] { confirmFarValue(false); });
    m_note->setVisible(false);
    outer->addWidget(m_note);

    auto* general = group(tr("Workload"));
    QStringList presetNames;
    for (const auto& p : presets())
        presetNames << fromStd(p.name);
    for (const auto& s : scenarios())
        presetNames << fromStd(s.name);
    for (const auto& s : trafficPresets())
        presetNames << fromStd(s.name);
    m_preset = addCombo(general, QStringLiteral("preset"), tr("Preset"), presetNames,
        tr("The S-LoRA paper's model settings (S1–S6, Real: base model, adapter names and ranks, with the default n, "
           "R, α, cv and T), "
           "its benchmark suites (which also set n, α, R, cv and T), and traffic with sessions and shared prefixes for "
           "servers "
           "with a prefix cache (chat, agent, rag). Choosing one keeps your generator, seed and server limits. "
           "After you change a parameter the box says “custom (from …)”."));
    for (int i = 0; i < m_preset->count(); ++i) {
        const std::string name = m_preset->itemText(i).toStdString();
        for (const auto& p : presets())
            if (p.name == name)
                m_preset->setItemData(i, coreText(p.description), Qt::ToolTipRole);
        for (const auto& sc : scenarios())
            if (sc.name == name)
                m_preset->setItemData(i, coreText(sc.description), Qt::ToolTipRole);
        for (const auto& tp : trafficPresets())
            if (tp.name == name)
                m_preset->setItemData(i, coreText(tp.description), Qt::ToolTipRole);
    }
    m_generator = addCombo(general, QStringLiteral("generator"), tr("Generator"),
        { tr("per adapter (paper model)"), tr("S-LoRA trace.py (bit-exact)") },
        tr("per adapter: adapter i is its own Gamma renewal process with rate λᵢ = R·pᵢ, merged.\n"
           "S-LoRA trace.py: S-LoRA's benchmarks/trace.py, bit-exact: int(R·T) requests, i.i.d. Gamma gaps, adapter = "
           "⌊power(α)·n⌋."));
    m_n = addInt(general, QStringLiteral("adapters.count"), tr("Adapters n"), 0, 100000, QString(),
        tr("Number of LoRA adapters (0 = base model only)."));
    m_rate = addDouble(general, QStringLiteral("rate"), tr("Rate R"), 0.0, 100000, 3, tr("req/s"),
        tr("Total request rate over all adapters: E[requests] = R·T."), true, 0.05, 200);
    m_duration = addDouble(general, QStringLiteral("duration"), tr("Duration T"), 0.0, 1e7, 1, tr("s"),
        tr("Length of the trace in seconds (per-adapter: arrivals after T are cut; slora: int(R·T) requests)."), true,
        5, 7200);
    m_seed = addInt(general, QStringLiteral("seed"), tr("Seed"), 0, 2147483647, QString(),
        tr("Makes the trace reproducible: the same spec and seed give the same trace on every platform."));

    auto* pop = group(tr("Popularity"));
    m_popKind = addCombo(pop, QStringLiteral("popularity.kind"), tr("Kind"), itemsOf(kPopularityKinds, 7),
        tr("How R is shared among adapters: power law pᵢ = ((i+1)/n)^α − (i/n)^α, Zipf pᵢ ∝ (i+1)^−s, uniform, "
           "explicit weights, or the batch-style modes distinct / uniform groups (⌈√k⌉ adapters) / identical."));
    m_alpha = addDouble(pop, QStringLiteral("popularity.alpha"), tr("Skew α"), 0.0, 10, 3, QString(),
        tr("pᵢ = ((i+1)/n)^α − (i/n)^α. α = 1: uniform; α < 1: low indices hot (α = 0.1: a few adapters get most "
           "requests)."),
        true, 0.02, 5);
    m_zipf = addDouble(pop, QStringLiteral("popularity.zipfS"), tr("Zipf s"), 0.0, 10, 3, QString(),
        tr("pᵢ ∝ (i+1)^−s; s = 0 is uniform, s ≈ 1 classic Zipf."), false);
    m_weights = new QLineEdit(this);
    m_weights->setToolTip(tr("One weight per adapter, comma-separated: pᵢ = wᵢ / Σw."));
    pop->addRow(tr("Weights"), m_weights);
    m_labels.insert(QStringLiteral("popularity.weights"), tr("Weights"));
    registerEditor(QStringLiteral("popularity.weights"), m_weights);
    m_formOf.insert(QStringLiteral("popularity.weights"), pop);
    connect(
        m_weights, &QLineEdit::editingFinished, this, [this] { commit(QStringLiteral("popularity.weights"), false); });

    auto* arr = group(tr("Arrivals"));
    m_arrKind = addCombo(arr, QStringLiteral("arrival.kind"), tr("Kind"), itemsOf(kArrivalKinds, 5),
        tr("gamma: renewal process with Gamma gaps of the given cv; Poisson: cv = 1; constant gaps: all equal; "
           "on/off bursts: two-state modulated rate; rate schedule: piecewise-linear rate over time."));
    m_cv = addDouble(arr, QStringLiteral("arrival.cv"), tr("Burstiness cv"), 0.0, 100, 3, QString(),
        tr("Coefficient of variation of the gaps: Gamma(k = 1/cv², θ = cv²/λ). cv = 0.1: nearly regular; "
           "cv = 1: Poisson; cv ≥ 2: bursts (many tiny and a few huge gaps)."),
        true, 0.05, 20);
    m_onRate = addDouble(arr, QStringLiteral("arrival.onOff.onRate"), tr("On rate"), 0, 1e6, 3, tr("req/s"),
        tr("Total rate while the source is on."));
    m_offRate = addDouble(arr, QStringLiteral("arrival.onOff.offRate"), tr("Off rate"), 0, 1e6, 3, tr("req/s"),
        tr("Total rate while the source is off."));
    m_meanOn = addDouble(arr, QStringLiteral("arrival.onOff.meanOn"), tr("Mean on"), 0, 1e6, 2, tr("s"),
        tr("Mean length of an on period (exponential)."));
    m_meanOff = addDouble(arr, QStringLiteral("arrival.onOff.meanOff"), tr("Mean off"), 0, 1e6, 2, tr("s"),
        tr("Mean length of an off period (exponential)."));
    m_schedule = new QLineEdit(this);
    m_schedule->setPlaceholderText(tr("time:rate, time:rate, …"));
    m_schedule->setToolTip(tr("Piecewise-linear total rate r(t): points \"t:r\" in seconds and req/s."));
    arr->addRow(tr("Schedule"), m_schedule);
    m_labels.insert(QStringLiteral("arrival.schedule"), tr("Schedule"));
    registerEditor(QStringLiteral("arrival.schedule"), m_schedule);
    m_formOf.insert(QStringLiteral("arrival.schedule"), arr);
    connect(
        m_schedule, &QLineEdit::editingFinished, this, [this] { commit(QStringLiteral("arrival.schedule"), false); });

    auto* in = group(tr("Input length (prompt tokens)"));
    m_input = addLength(in, QStringLiteral("input"), tr("input"));
    auto* out = group(tr("Output length (generated tokens)"));
    m_output = addLength(out, QStringLiteral("output"), tr("output"));
    addSessionGroup(outer);

    m_issues = new QLabel(this);
    m_issues->setWordWrap(true);
    m_issues->setStyleSheet(QStringLiteral("QLabel { color: #b00020; }"));
    m_issues->setObjectName(QStringLiteral("specIssues"));
    outer->addWidget(m_issues);
    outer->addStretch(1);

    connect(m_document, &Document::specChanged, this, &ParameterPanel::syncFromSpec);
    syncFromSpec();
}

void ParameterPanel::registerEditor(const QString& field, QWidget* w)
{
    w->setProperty("lorascopeField", field);
    w->setObjectName(field);
    w->installEventFilter(this);
    m_editors.insert(field, w);
}

QDoubleSpinBox* ParameterPanel::addDouble(QFormLayout* form, const QString& field, const QString& label, double lo,
    double hi, int decimals, const QString& unit, const QString& tip, bool withSlider, double sliderLo, double sliderHi)
{
    auto* spin = new QDoubleSpinBox(this);
    spin->setRange(lo, hi);
    spin->setDecimals(decimals);
    spin->setKeyboardTracking(false);
    spin->setAccelerated(true);
    if (!unit.isEmpty())
        spin->setSuffix(QLatin1Char(' ') + unit);
    spin->setToolTip(tip);
    registerEditor(field, spin);
    m_labels.insert(field, label);
    m_formOf.insert(field, form);
    QWidget* fieldWidget = spin;
    if (withSlider) {
        m_sliderRange.insert(field, { sliderLo, sliderHi });
        auto* row = new QWidget(this);
        auto* h = new QHBoxLayout(row);
        h->setContentsMargins(0, 0, 0, 0);
        auto* slider = new QSlider(Qt::Horizontal, row);
        slider->setRange(0, kSliderSteps);
        slider->setToolTip(tip);
        slider->setObjectName(field + QStringLiteral(".slider"));
        slider->installEventFilter(this);
        slider->setProperty("lorascopeField", field);
        h->addWidget(spin, 2);
        h->addWidget(slider, 3);
        fieldWidget = row;
        m_sliders.insert(field, slider);
        const double a = std::log(sliderLo), b = std::log(sliderHi);
        auto toSlider = [=](double v) {
            return int(std::lround((std::log(std::max(v, sliderLo)) - a) / (b - a) * kSliderSteps));
        };
        auto fromSlider = [=](int p) {
            const double v = std::exp(a + (b - a) * p / kSliderSteps);
            const double scale = std::pow(10.0, decimals);
            return std::round(v * scale) / scale;
        };
        connect(slider, &QSlider::sliderPressed, this, [this] { ++m_dragSerial; });
        connect(slider, &QSlider::valueChanged, this, [=, this](int p) {
            if (m_syncing)
                return;
            {
                const QSignalBlocker block(spin);
                spin->setValue(fromSlider(p));
            }
            commit(field, true);
        });
        connect(spin, &QDoubleSpinBox::valueChanged, this, [=, this](double v) {
            const QSignalBlocker block(slider);
            slider->setValue(std::clamp(toSlider(v), 0, kSliderSteps));
        });
    }
    connect(spin, &QDoubleSpinBox::valueChanged, this, [this, field] { commit(field, false); });
    form->addRow(label, fieldWidget);
    return spin;
}

QSpinBox* ParameterPanel::addInt(QFormLayout* form, const QString& field, const QString& label, int lo, int hi,
    const QString& unit, const QString& tip)
{
    auto* spin = new QSpinBox(this);
    spin->setRange(lo, hi);
    spin->setKeyboardTracking(false);
    spin->setAccelerated(true);
    if (!unit.isEmpty())
        spin->setSuffix(QLatin1Char(' ') + unit);
    spin->setToolTip(tip);
    registerEditor(field, spin);
    m_labels.insert(field, label);
    m_formOf.insert(field, form);
    connect(spin, &QSpinBox::valueChanged, this, [this, field] { commit(field, false); });
    form->addRow(label, spin);
    return spin;
}

QComboBox* ParameterPanel::addCombo(
    QFormLayout* form, const QString& field, const QString& label, const QStringList& items, const QString& tip)
{
    auto* combo = new QComboBox(this);
    combo->addItems(items);
    combo->setToolTip(tip);
    registerEditor(field, combo);
    m_labels.insert(field, label);
    m_formOf.insert(field, form);
    connect(combo, &QComboBox::currentIndexChanged, this, [this, field] { commit(field, false); });
    form->addRow(label, combo);
    return combo;
}

ParameterPanel::LengthEditors ParameterPanel::addLength(QFormLayout* form, const QString& p, const QString& what)
{
    LengthEditors e {};
    e.kind = addCombo(form, p + QStringLiteral(".kind"), tr("Distribution"), itemsOf(kLengthKinds, 5),
        tr("Distribution of %1 lengths, always confined to the integers [lo, hi): uniform = randint(lo, hi); "
           "power law P(x) ∝ x^−β; log-normal (μ, σ of ln x); normal (clipped); constant.")
            .arg(what));
    e.lo = addInt(form, p + QStringLiteral(".lo"), tr("Min (lo)"), 0, 100000000, tr("tokens"),
        tr("Smallest %1 length (inclusive).").arg(what));
    e.hi = addInt(form, p + QStringLiteral(".hi"), tr("Max (hi, exclusive)"), 0, 100000000, tr("tokens"),
        tr("Upper end of the %1 range, exclusive as in S-LoRA's randint(lo, hi).").arg(what));
    e.beta = addDouble(form, p + QStringLiteral(".beta"), tr("Tail β"), 0, 20, 3, QString(),
        tr("Power law P(x) ∝ x^−β on [lo, hi): larger β = shorter."));
    e.mu = addDouble(form, p + QStringLiteral(".mu"), tr("μ (of ln x)"), -50, 50, 3, QString(),
        tr("Log-normal: mean of ln(length); median length = e^μ."));
    e.sigma = addDouble(form, p + QStringLiteral(".sigma"), tr("σ (of ln x)"), 0, 20, 3, QString(),
        tr("Log-normal: standard deviation of ln(length)."));
    e.mean = addDouble(form, p + QStringLiteral(".mean"), tr("Mean"), -1e9, 1e9, 1, tr("tokens"),
        tr("Normal: mean before clipping to [lo, hi)."));
    e.stddev = addDouble(form, p + QStringLiteral(".stddev"), tr("Std dev"), 0, 1e9, 1, tr("tokens"),
        tr("Normal: standard deviation before clipping."));
    e.value = addInt(form, p + QStringLiteral(".value"), tr("Value"), 0, 100000000, tr("tokens"),
        tr("Constant length (must lie in [lo, hi))."));
    // Undo texts name the group too ("Change input length: Min (lo)").
    for (const char* f : { ".kind", ".lo", ".hi", ".beta", ".mu", ".sigma", ".mean", ".stddev", ".value" })
        m_labels.insert(
            p + QString::fromLatin1(f), tr("%1 length: %2").arg(what, m_labels.value(p + QString::fromLatin1(f))));
    return e;
}

void ParameterPanel::setRowVisible(const QString& field, bool visible)
{
    QWidget* w = m_editors.value(field);
    QFormLayout* form = m_formOf.value(field);
    if (!w || !form)
        return;
    QWidget* rowWidget = m_sliders.contains(field) ? w->parentWidget() : w;
    form->setRowVisible(rowWidget, visible);
}

void ParameterPanel::updateVisibility()
{
    const auto& s = m_document->spec();
    const auto pk = s.popularity.kind;
    setRowVisible(QStringLiteral("popularity.alpha"), pk == PopularityKind::Power);
    setRowVisible(QStringLiteral("popularity.zipfS"), pk == PopularityKind::Zipf);
    setRowVisible(QStringLiteral("popularity.weights"), pk == PopularityKind::Weights);
    const auto ak = s.arrival.kind;
    setRowVisible(QStringLiteral("arrival.cv"),
        ak == ArrivalKind::Gamma || ak == ArrivalKind::OnOff || ak == ArrivalKind::Schedule);
    for (const char* f :
        { "arrival.onOff.onRate", "arrival.onOff.offRate", "arrival.onOff.meanOn", "arrival.onOff.meanOff" })
        setRowVisible(QString::fromLatin1(f), ak == ArrivalKind::OnOff);
    setRowVisible(QStringLiteral("arrival.schedule"), ak == ArrivalKind::Schedule);
    for (const auto& [prefix, l] :
        { std::pair { QStringLiteral("input"), s.input }, std::pair { QStringLiteral("output"), s.output } }) {
        setRowVisible(prefix + QStringLiteral(".beta"), l.kind == LengthKind::PowerLaw);
        setRowVisible(prefix + QStringLiteral(".mu"), l.kind == LengthKind::LogNormal);
        setRowVisible(prefix + QStringLiteral(".sigma"), l.kind == LengthKind::LogNormal);
        setRowVisible(prefix + QStringLiteral(".mean"), l.kind == LengthKind::Normal);
        setRowVisible(prefix + QStringLiteral(".stddev"), l.kind == LengthKind::Normal);
        setRowVisible(prefix + QStringLiteral(".value"), l.kind == LengthKind::Constant);
    }
    updateSessionVisibility(s);
}

void ParameterPanel::writeLength(const LengthEditors& e, const LengthSpec& l)
{
    const int k = int(l.kind);
    e.kind->setCurrentIndex(k < e.kind->count() ? k : 0);
    e.lo->setValue(int(std::min<std::int64_t>(l.lo, e.lo->maximum())));
    e.hi->setValue(int(std::min<std::int64_t>(l.hi, e.hi->maximum())));
    e.beta->setValue(l.beta);
    e.mu->setValue(l.mu);
    e.sigma->setValue(l.sigma);
    e.mean->setValue(l.mean);
    e.stddev->setValue(l.stddev);
    e.value->setValue(int(std::min<std::int64_t>(l.value, e.value->maximum())));
}

void ParameterPanel::readLength(const LengthEditors& e, LengthSpec& l) const
{
    l.kind = LengthKind(e.kind->currentIndex());
    l.lo = e.lo->value();
    l.hi = e.hi->value();
    l.beta = e.beta->value();
    l.mu = e.mu->value();
    l.sigma = e.sigma->value();
    l.mean = e.mean->value();
    l.stddev = e.stddev->value();
    l.value = e.value->value();
}

void ParameterPanel::syncFromSpec()
{
    m_syncing = true;
    std::deque<QSignalBlocker> blockers;
    for (auto* w : std::as_const(m_editors))
        blockers.emplace_back(w);
    for (auto* s : std::as_const(m_sliders))
        blockers.emplace_back(s);
    const auto& s = m_document->spec();
    // "custom (from S4)" once the parameters no longer are the preset's own.
    if (m_preset->itemData(0, kCustomRole).toBool())
        m_preset->removeItem(0);
    const auto own = presetSpecLike(s, s.preset);
    if (own && *own == s) {
        m_preset->setCurrentIndex(m_preset->findText(fromStd(s.preset)));
    } else {
        m_preset->insertItem(0, s.preset.empty() ? tr("custom") : tr("custom (from %1)").arg(fromStd(s.preset)));
        m_preset->setItemData(0, true, kCustomRole);
        m_preset->setItemData(
            0, tr("The parameters differ from the preset's; choose a preset to go back to it."), Qt::ToolTipRole);
        m_preset->setCurrentIndex(0);
    }
    m_generator->setCurrentIndex(s.generator == GeneratorKind::Slora ? 1 : 0);
    m_n->setValue(int(std::min<std::uint32_t>(s.adapterCount, 100000)));
    m_rate->setValue(s.rate);
    m_duration->setValue(s.duration);
    m_seed->setValue(int(std::min<std::uint64_t>(s.seed, 2147483647)));
    m_popKind->setCurrentIndex(int(s.popularity.kind));
    m_alpha->setValue(s.popularity.alpha);
    m_zipf->setValue(s.popularity.zipfS);
    QStringList w;
    for (double x : s.popularity.weights)
        w << QString::number(x);
    m_weights->setText(w.join(QStringLiteral(", ")));
    m_arrKind->setCurrentIndex(int(s.arrival.kind));
    m_cv->setValue(s.arrival.cv);
    m_onRate->setValue(s.arrival.onOff.onRate);
    m_offRate->setValue(s.arrival.onOff.offRate);
    m_meanOn->setValue(s.arrival.onOff.meanOn);
    m_meanOff->setValue(s.arrival.onOff.meanOff);
    QStringList pts;
    for (const auto& p : s.arrival.schedule)
        pts << QString::number(p.time) + QLatin1Char(':') + QString::number(p.rate);
    m_schedule->setText(pts.join(QStringLiteral(", ")));
    writeLength(m_input, s.input);
    writeLength(m_output, s.output);
    syncSessions(s);
    blockers.clear();
    // Re-sync slider positions by emitting the spin boxes' mapping (signals are live again, m_syncing guards commits).
    for (auto it = m_sliders.cbegin(); it != m_sliders.cend(); ++it) {
        if (auto* spin = qobject_cast<QDoubleSpinBox*>(m_editors.value(it.key())))
            Q_EMIT spin->valueChanged(spin->value());
    }
    m_syncing = false;
    updateVisibility();
    showIssues();
}

WorkloadSpec ParameterPanel::specFromEditors() const
{
    WorkloadSpec s = m_document->spec();
    s.generator = m_generator->currentIndex() == 1 ? GeneratorKind::Slora : GeneratorKind::PerAdapter;
    // Values beyond a spin box's range (e.g. from a session file) stay untouched unless edited.
    if (m_n->value() != int(std::min<std::uint32_t>(s.adapterCount, std::uint32_t(m_n->maximum()))))
        s.adapterCount = std::uint32_t(m_n->value());
    s.rate = m_rate->value();
    s.duration = m_duration->value();
    if (m_seed->value() != int(std::min<std::uint64_t>(s.seed, std::uint64_t(m_seed->maximum()))))
        s.seed = std::uint64_t(m_seed->value());
    s.popularity.kind = PopularityKind(m_popKind->currentIndex());
    s.popularity.alpha = m_alpha->value();
    s.popularity.zipfS = m_zipf->value();
    s.popularity.weights.clear();
    for (const auto& part : m_weights->text().split(QLatin1Char(','), Qt::SkipEmptyParts)) {
        bool ok = false;
        const double v = part.trimmed().toDouble(&ok);
        s.popularity.weights.push_back(ok ? v : -1.0); // -1: validate() reports the bad entry
    }
    s.arrival.kind = ArrivalKind(m_arrKind->currentIndex());
    s.arrival.cv = m_cv->value();
    s.arrival.onOff = { m_onRate->value(), m_offRate->value(), m_meanOn->value(), m_meanOff->value() };
    s.arrival.schedule.clear();
    for (const auto& part : m_schedule->text().split(QLatin1Char(','), Qt::SkipEmptyParts)) {
        const auto tr = part.split(QLatin1Char(':'));
        bool ok1 = false, ok2 = false;
        SchedulePoint p;
        if (tr.size() == 2) {
            p.time = tr[0].trimmed().toDouble(&ok1);
            p.rate = tr[1].trimmed().toDouble(&ok2);
        }
        if (!ok1 || !ok2)
            p = { -1.0, -1.0 }; // reported by validate()
        s.arrival.schedule.push_back(p);
    }
    readLength(m_input, s.input);
    readLength(m_output, s.output);
    readSessions(s);
    return s;
}

void ParameterPanel::commit(const QString& field, bool fromSlider)
{
    if (m_syncing)
        return;
    WorkloadSpec s;
    if (field == QLatin1String("preset")) {
        if (m_preset->currentData(kCustomRole).toBool())
            return;
        // The whole preset (or the paper suite's first combination); the generator, the seed and
        // the server limits stay as they are.
        const auto p = presetSpecLike(m_document->spec(), m_preset->currentText().toStdString());
        if (!p)
            return;
        s = *p;
    } else {
        s = specFromEditors();
    }
    if (!fromSlider && askFarValue(field, s))
        return;
    const QString mergeKey = fromSlider ? field + QLatin1Char('#') + QString::number(m_dragSerial) : QString();
    m_document->editSpec(s, tr("Change %1").arg(m_labels.value(field, field)), mergeKey);
}

QString ParameterPanel::presetText() const
{
    return m_preset->currentText();
}

QString ParameterPanel::issuesText() const
{
    return m_issues->text();
}

void ParameterPanel::showIssues()
{
    QStringList lines;
    for (auto* w : std::as_const(m_editors))
        w->setStyleSheet(QString());
    for (const auto& issue : m_document->issues()) {
        const QString field = fromStd(issue.field);
        lines << QStringLiteral("• ") + fromStd(issue.message).toHtmlEscaped();
        // Mark the editor (or the editor of the enclosing field, e.g. "popularity.weights[3]").
        QString key = field;
        const int bracket = key.indexOf(QLatin1Char('['));
        if (bracket > 0)
            key = key.left(bracket);
        if (QWidget* w = m_editors.value(key))
            w->setStyleSheet(QStringLiteral("border: 2px solid #b00020;"));
    }
    m_issues->setText(
        lines.isEmpty() ? QString() : tr("<b>Not generated — fix:</b><br>") + lines.join(QStringLiteral("<br>")));
    m_issues->setVisible(!lines.isEmpty());
}

void ParameterPanel::showNote(const QString& html, bool question)
{
    m_noteText->setText(html);
    m_noteButtons->setVisible(question);
    m_note->setVisible(!html.isEmpty());
}

QString ParameterPanel::noteText() const
{
    return m_note->isHidden() ? QString() : m_noteText->text();
}

bool ParameterPanel::askFarValue(const QString& field, const WorkloadSpec& s)
{
    const auto range = m_sliderRange.constFind(field);
    auto* spin = qobject_cast<QDoubleSpinBox*>(m_editors.value(field));
    if (range == m_sliderRange.cend() || !spin || m_farConfirmed.contains(field))
        return false;
    // Far outside: more than five times the slider's top, or below a fifth of its bottom (0 is a
    // value of its own: an empty trace, no skew, no bursts).
    const double v = spin->value(), lo = range->first, hi = range->second;
    if (v <= hi * 5 && (v == 0 || v >= lo / 5))
        return false;
    m_farPending = s;
    m_farField = field;
    const QString unit = spin->suffix().trimmed();
    auto withUnit = [&](double x) -> QString {
        return QString::fromStdString(formatSigShort(x, 6)) + (unit.isEmpty() ? QString() : QLatin1Char(' ') + unit);
    };
    QString text = (v > hi ? tr("<b>%1 = %2</b> is far above the usual range (%3 to %4).")
                           : tr("<b>%1 = %2</b> is far below the usual range (%3 to %4)."))
                       .arg(m_labels.value(field), withUnit(v), withUnit(lo), withUnit(hi));
    if (field == QLatin1String("rate") || field == QLatin1String("duration")) {
        const double n = expectedRequestCount(s);
        text += QLatin1Char(' ')
            + tr("The trace would have about %1 requests (now %2).")
                  .arg(QLocale().toString(qulonglong(std::llround(n))),
                      QLocale().toString(qulonglong(std::llround(expectedRequestCount(m_document->spec())))));
    }
    text += QLatin1Char(' ') + tr("Use it?");
    showNote(text, true);
    spin->setStyleSheet(QStringLiteral("border: 2px solid #e0b84c;"));
    return true;
}

void ParameterPanel::confirmFarValue(bool use)
{
    if (!m_farPending)
        return;
    const WorkloadSpec s = *std::exchange(m_farPending, std::nullopt);
    const QString field = std::exchange(m_farField, QString());
    showNote({}, false);
    if (use) {
        m_farConfirmed.insert(field); // asked once: later values of this field go through
        m_document->editSpec(s, tr("Change %1").arg(m_labels.value(field, field)));
    } else {
        syncFromSpec(); // the editor shows the document's value again
    }
}

bool ParameterPanel::checkTyping(QObject* watched, QEvent* event)
{
    // The spin box gets the keys first and hands them to its line edit directly (no event filter
    // of the line edit sees them), so they are checked here, on the spin box.
    auto* spin = qobject_cast<QAbstractSpinBox*>(watched);
    auto* line = spin ? spin->findChild<QLineEdit*>() : nullptr;
    const QString field = watched->property("lorascopeField").toString();
    if (field.isEmpty() || !line)
        return false;
    const QString suffix = spin->property("suffix").toString().trimmed();
    QString range;
    if (auto* d = qobject_cast<QDoubleSpinBox*>(spin))
        range = tr("a number from %1 to %2").arg(QLocale().toString(d->minimum()), QLocale().toString(d->maximum()));
    else if (auto* i = qobject_cast<QSpinBox*>(spin))
        range = tr("a whole number from %1 to %2").arg(i->minimum()).arg(i->maximum());
    if (!suffix.isEmpty())
        range = tr("%1 (%2)", "a range and its unit").arg(range, suffix);
    const QString stays = QLocale().toString(spin->property("value").toDouble())
        + (suffix.isEmpty() ? QString() : QLatin1Char(' ') + suffix);
    // Enter or leaving the field with text the box will not take: say so (it keeps its value).
    const auto noteIfNotAccepted = [&] {
        QString text = line->text();
        int pos = 0;
        if (spin->validate(text, pos) != QValidator::Acceptable)
            showNote(tr("%1 takes %2: “%3” is not one, so the value stays %4.")
                         .arg(m_labels.value(field), range, line->text().toHtmlEscaped(), stays),
                false);
    };
    if (event->type() == QEvent::FocusIn) {
        m_refused.clear();
    } else if (event->type() == QEvent::KeyPress) {
        auto* key = static_cast<QKeyEvent*>(event);
        const QString typed = key->text();
        if (key->key() == Qt::Key_Return || key->key() == Qt::Key_Enter) {
            noteIfNotAccepted();
            return false;
        }
        if (typed.isEmpty() || !typed.at(0).isPrint())
            return false;
        QString candidate = line->text();
        int pos = line->cursorPosition();
        if (line->hasSelectedText()) {
            pos = line->selectionStart();
            candidate.remove(pos, line->selectedText().size());
        }
        candidate.insert(pos, typed);
        pos += int(typed.size());
        const QValidator::State state = spin->validate(candidate, pos);
        if (state == QValidator::Invalid) {
            m_refused += typed;
            showNote(tr("%1 takes %2: “%3” is not part of one, so it was not typed in; the value stays %4.")
                         .arg(m_labels.value(field), range, m_refused.toHtmlEscaped(), stays),
                false);
        } else if (state == QValidator::Acceptable && !m_farPending && !m_refused.isEmpty()) {
            m_refused.clear();
            showNote({}, false);
        }
    } else if (event->type() == QEvent::FocusOut) {
        noteIfNotAccepted();
    }
    return false;
}

bool ParameterPanel::eventFilter(QObject* watched, QEvent* event)
{
    if (checkTyping(watched, event))
        return true;
    if (event->type() == QEvent::FocusIn || event->type() == QEvent::Enter) {
        const QString field = watched->property("lorascopeField").toString();
        if (!field.isEmpty())
            Q_EMIT parameterFocused(field);
    }
    return QWidget::eventFilter(watched, event);
}

} // namespace lorascope
