// SPDX-License-Identifier: Apache-2.0
// The parameter panel's "Sessions and shared prefixes" group (docs/workload.md): multi-turn
// sessions (turns, think time, context limit, the service estimate that places later turns on the
// designed timeline) and shared prefixes (a system prompt per adapter, prefix groups). Collapsed
// until a workload has either. Edits go through ParameterPanel::commit like every other parameter
// (undoable, saved in sessions).

#include "workload/parameterpanel.h"

#include "document/document.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QLineEdit>
#include <QRegularExpression>
#include <QSpinBox>
#include <QToolButton>
#include <QVBoxLayout>

namespace lorascope {

namespace {

// Turn-count distributions offered, in combo order.
constexpr LengthKind kTurnKinds[] = { LengthKind::Uniform, LengthKind::Constant, LengthKind::PowerLaw };
// Think-time distributions, in combo order (= DurationKind).
constexpr DurationKind kThinkKinds[]
    = { DurationKind::Constant, DurationKind::Exponential, DurationKind::Uniform, DurationKind::LogNormal };

int turnKindIndex(LengthKind k)
{
    for (int i = 0; i < 3; ++i)
        if (kTurnKinds[i] == k)
            return i;
    return 0;
}

} // namespace

void ParameterPanel::addSessionGroup(QVBoxLayout* outer)
{
    m_sessionsToggle = new QToolButton(this);
    m_sessionsToggle->setObjectName(QStringLiteral("sessionsToggle"));
    m_sessionsToggle->setText(tr("Sessions and shared prefixes"));
    m_sessionsToggle->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    m_sessionsToggle->setArrowType(Qt::RightArrow);
    m_sessionsToggle->setCheckable(true);
    m_sessionsToggle->setAutoRaise(true);
    m_sessionsToggle->setToolTip(
        tr("Multi-turn sessions and prompt prefixes that requests share: what a server with a prefix "
           "cache (vLLM, SGLang) reuses. Click to show or hide."));
    outer->addWidget(m_sessionsToggle);
    m_sessionsBox = new QGroupBox(this);
    m_sessionsBox->setObjectName(QStringLiteral("sessionsGroup"));
    auto* form = new QFormLayout(m_sessionsBox);
    form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    form->setRowWrapPolicy(QFormLayout::DontWrapRows);
    outer->addWidget(m_sessionsBox);
    m_sessionsBox->setVisible(false);
    connect(m_sessionsToggle, &QToolButton::toggled, this, [this](bool on) { setSessionsExpanded(on); });

    auto& e = m_sessions;
    e.enabled = new QCheckBox(tr("Multi-turn sessions"), this);
    e.enabled->setToolTip(
        tr("Sessions start by the arrival process (per adapter) at R / E[turns] sessions/s and stay on their "
           "adapter. Turn k's prompt = the whole history (earlier prompts and answers) + a new message from the "
           "input length distribution: input_k = P + (k − 1)(m + o) + m."));
    registerEditor(QStringLiteral("sessions.enabled"), e.enabled);
    m_labels.insert(QStringLiteral("sessions.enabled"), tr("Multi-turn sessions"));
    m_formOf.insert(QStringLiteral("sessions.enabled"), form);
    form->addRow(e.enabled);
    connect(e.enabled, &QCheckBox::toggled, this, [this] { commit(QStringLiteral("sessions.enabled"), false); });

    e.turnsKind = addCombo(form, QStringLiteral("sessions.turns.kind"), tr("Turns"),
        { tr("uniform"), tr("constant"), tr("power law (long tail)") },
        tr("Turns per session: uniform on [min, max], constant, or a power law P(k) ∝ k^−β on [min, max]. Sessions cut "
           "by the end "
           "of the trace or the context limit have fewer."));
    e.turnsMin = addInt(form, QStringLiteral("sessions.turns.lo"), tr("Turns: min"), 1, 100000, QString(),
        tr("Fewest turns of a session."));
    e.turnsMax = addInt(form, QStringLiteral("sessions.turns.hi"), tr("Turns: max"), 1, 100000, QString(),
        tr("Most turns of a session (inclusive; stored as hi = max + 1, as the length ranges [lo, hi))."));
    e.turnsValue = addInt(form, QStringLiteral("sessions.turns.value"), tr("Turns"), 1, 100000, QString(),
        tr("Every session has this many turns."));
    e.turnsBeta = addDouble(form, QStringLiteral("sessions.turns.beta"), tr("Turns: tail β"), 0, 20, 2, QString(),
        tr("P(k) ∝ k^−β on [min, max]: larger β = shorter sessions."));
    e.thinkKind = addCombo(form, QStringLiteral("sessions.think.kind"), tr("Think time"),
        { tr("constant"), tr("exponential"), tr("uniform"), tr("log-normal") },
        tr("Time between the end of an answer and the user's next question. Exponential: memoryless with the given "
           "mean; "
           "log-normal: mean m and σ of ln x (μ = ln m − σ²/2); uniform on [lo, hi)."));
    e.thinkMean = addDouble(
        form, QStringLiteral("sessions.think.mean"), tr("Think: mean"), 0, 86400, 2, tr("s"), tr("Mean think time."));
    e.thinkSigma = addDouble(form, QStringLiteral("sessions.think.sigma"), tr("Think: σ (of ln x)"), 0.01, 10, 2,
        QString(), tr("Log-normal think time: standard deviation of ln(seconds)."));
    e.thinkLo = addDouble(form, QStringLiteral("sessions.think.lo"), tr("Think: min"), 0, 86400, 2, tr("s"),
        tr("Uniform think time: shortest."));
    e.thinkHi = addDouble(form, QStringLiteral("sessions.think.hi"), tr("Think: max"), 0, 86400, 2, tr("s"),
        tr("Uniform think time: longest (exclusive)."));
    e.maxContext = addInt(form, QStringLiteral("sessions.maxContextTokens"), tr("Context limit"), 0, 2000000000,
        tr("tokens"),
        tr("A session ends before a turn whose prompt + answer would exceed this (0 = no limit), as a chat application "
           "stops at the model's context length."));
    e.maxContext->setSpecialValueText(tr("none"));
    e.firstToken = addDouble(form, QStringLiteral("sessions.service.firstTokenSeconds"), tr("Designed: first token"), 0,
        86400, 3, tr("s"),
        tr("Where the designed timeline puts a later turn: previous send + first token + output × per token + think "
           "time. "
           "Replay does not use it: it sends the turn its think time after the real answer ended."));
    e.perToken = addDouble(form, QStringLiteral("sessions.service.perOutputTokenSeconds"), tr("Designed: per token"), 0,
        86400000, 2, tr("ms"),
        tr("Designed time per output token of the previous answer (see Designed: first token)."));
    e.systemTokens = addInt(form, QStringLiteral("prefix.systemTokens"), tr("System prompt"), 0, 1000000, tr("tokens"),
        tr("Each adapter's own system prompt of this length, at the start of every request (of every session's first "
           "turn). "
           "A prefix cache keeps it per adapter: reusable share ≈ P / (P + m) without sessions."));
    e.groups = new QLineEdit(this);
    e.groups->setPlaceholderText(tr("count×tokens@weight, …"));
    e.groups->setToolTip(
        tr("Prefix groups (GuideLLM's prefix buckets): \"5×1536@1, 15×1536@1\" = a group of 5 prefixes and one of "
           "15, 1536 tokens each, picked by weight, then a prefix of the group uniformly. Every adapter reads the same "
           "prefixes (shared documents); a cache keeps them per adapter. Tokens 0 = no prefix for that share."));
    form->addRow(tr("Prefix groups"), e.groups);
    m_labels.insert(QStringLiteral("prefix.groups"), tr("Prefix groups"));
    registerEditor(QStringLiteral("prefix.groups"), e.groups);
    m_formOf.insert(QStringLiteral("prefix.groups"), form);
    connect(e.groups, &QLineEdit::editingFinished, this, [this] { commit(QStringLiteral("prefix.groups"), false); });
    for (const char* f : { "sessions.turns.kind", "sessions.turns.lo", "sessions.turns.hi", "sessions.turns.value",
             "sessions.turns.beta", "sessions.think.kind", "sessions.think.mean", "sessions.think.sigma",
             "sessions.think.lo", "sessions.think.hi", "sessions.maxContextTokens",
             "sessions.service.firstTokenSeconds", "sessions.service.perOutputTokenSeconds" }) {
        const QString field = QString::fromLatin1(f);
        m_labels.insert(field, tr("Sessions: %1").arg(m_labels.value(field)));
    }
}

bool ParameterPanel::sessionsExpanded() const
{
    return m_sessionsBox && m_sessionsBox->isVisibleTo(this);
}

void ParameterPanel::setSessionsExpanded(bool expanded)
{
    m_sessionsToggle->blockSignals(true);
    m_sessionsToggle->setChecked(expanded);
    m_sessionsToggle->blockSignals(false);
    m_sessionsToggle->setArrowType(expanded ? Qt::DownArrow : Qt::RightArrow);
    m_sessionsBox->setVisible(expanded);
}

void ParameterPanel::syncSessions(const WorkloadSpec& s)
{
    auto& e = m_sessions;
    const auto& ss = s.sessions;
    e.enabled->setChecked(ss.enabled);
    e.turnsKind->setCurrentIndex(turnKindIndex(ss.turns.kind));
    e.turnsMin->setValue(int(std::clamp<std::int64_t>(ss.turns.lo, 1, 100000)));
    e.turnsMax->setValue(int(std::clamp<std::int64_t>(ss.turns.hi - 1, 1, 100000)));
    e.turnsValue->setValue(int(std::clamp<std::int64_t>(ss.turns.value, 1, 100000)));
    e.turnsBeta->setValue(ss.turns.beta);
    e.thinkKind->setCurrentIndex(int(ss.think.kind));
    e.thinkMean->setValue(ss.think.mean);
    e.thinkSigma->setValue(ss.think.sigma);
    e.thinkLo->setValue(ss.think.lo);
    e.thinkHi->setValue(ss.think.hi);
    e.maxContext->setValue(int(std::clamp<std::int64_t>(ss.maxContextTokens, 0, 2000000000)));
    e.firstToken->setValue(ss.service.firstTokenSeconds);
    e.perToken->setValue(ss.service.perOutputTokenSeconds * 1000.0);
    e.systemTokens->setValue(int(std::clamp<std::int64_t>(s.prefix.systemTokens, 0, 1000000)));
    QStringList groups;
    for (const auto& g : s.prefix.groups)
        groups << QStringLiteral("%1×%2@%3").arg(g.count).arg(g.tokens).arg(g.weight);
    e.groups->setText(groups.join(QStringLiteral(", ")));
    // Open the group when the workload has sessions or prefixes (a preset, a loaded session).
    if ((ss.enabled || s.prefix.any()) && !sessionsExpanded())
        setSessionsExpanded(true);
}

void ParameterPanel::readSessions(WorkloadSpec& s) const
{
    const auto& e = m_sessions;
    auto& ss = s.sessions;
    ss.enabled = e.enabled->isChecked();
    ss.turns.kind = kTurnKinds[std::clamp(e.turnsKind->currentIndex(), 0, 2)];
    // Values a spin box cannot show (from a file) stay as they are unless edited.
    if (e.turnsMin->value() != std::clamp<std::int64_t>(ss.turns.lo, 1, 100000))
        ss.turns.lo = e.turnsMin->value();
    if (e.turnsMax->value() != std::clamp<std::int64_t>(ss.turns.hi - 1, 1, 100000))
        ss.turns.hi = std::int64_t(e.turnsMax->value()) + 1;
    ss.turns.value = e.turnsValue->value();
    ss.turns.beta = e.turnsBeta->value();
    ss.think.kind = kThinkKinds[std::clamp(e.thinkKind->currentIndex(), 0, 3)];
    ss.think.mean = e.thinkMean->value();
    ss.think.sigma = e.thinkSigma->value();
    ss.think.lo = e.thinkLo->value();
    ss.think.hi = e.thinkHi->value();
    if (e.maxContext->value() != std::clamp<std::int64_t>(ss.maxContextTokens, 0, 2000000000))
        ss.maxContextTokens = e.maxContext->value();
    ss.service.firstTokenSeconds = e.firstToken->value();
    ss.service.perOutputTokenSeconds = e.perToken->value() / 1000.0;
    if (ss.turns.kind == LengthKind::Constant && (ss.turns.value < ss.turns.lo || ss.turns.value >= ss.turns.hi)) {
        // The constant chosen: the range follows it (as a length's range is kept around its value).
        ss.turns.lo = ss.turns.value;
        ss.turns.hi = ss.turns.value + 1;
    }
    if (e.systemTokens->value() != std::clamp<std::int64_t>(s.prefix.systemTokens, 0, 1000000))
        s.prefix.systemTokens = e.systemTokens->value();
    s.prefix.groups.clear();
    static const QRegularExpression item(
        QStringLiteral("^\\s*(\\d+)\\s*[x×*]\\s*(\\d+)\\s*(?:@\\s*([0-9.eE+-]+))?\\s*$"));
    for (const auto& part : e.groups->text().split(QLatin1Char(','), Qt::SkipEmptyParts)) {
        const auto m = item.match(part);
        PrefixGroupSpec g;
        if (m.hasMatch()) {
            g.count = m.captured(1).toUInt();
            g.tokens = m.captured(2).toLongLong();
            g.weight = m.captured(3).isEmpty() ? 1.0 : m.captured(3).toDouble();
        } else {
            g = { 0, -1, -1.0 }; // validate() names the bad entry
        }
        s.prefix.groups.push_back(g);
    }
}

void ParameterPanel::updateSessionVisibility(const WorkloadSpec& s)
{
    const auto& ss = s.sessions;
    const bool on = ss.enabled;
    const auto k = ss.turns.kind;
    setRowVisible(QStringLiteral("sessions.turns.kind"), on);
    setRowVisible(QStringLiteral("sessions.turns.lo"), on && k != LengthKind::Constant);
    setRowVisible(QStringLiteral("sessions.turns.hi"), on && k != LengthKind::Constant);
    setRowVisible(QStringLiteral("sessions.turns.value"), on && k == LengthKind::Constant);
    setRowVisible(QStringLiteral("sessions.turns.beta"), on && k == LengthKind::PowerLaw);
    const auto t = ss.think.kind;
    setRowVisible(QStringLiteral("sessions.think.kind"), on);
    setRowVisible(QStringLiteral("sessions.think.mean"), on && t != DurationKind::Uniform);
    setRowVisible(QStringLiteral("sessions.think.sigma"), on && t == DurationKind::LogNormal);
    setRowVisible(QStringLiteral("sessions.think.lo"), on && t == DurationKind::Uniform);
    setRowVisible(QStringLiteral("sessions.think.hi"), on && t == DurationKind::Uniform);
    for (const char* f :
        { "sessions.maxContextTokens", "sessions.service.firstTokenSeconds", "sessions.service.perOutputTokenSeconds" })
        setRowVisible(QString::fromLatin1(f), on);
}

} // namespace lorascope
