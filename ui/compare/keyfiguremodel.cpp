// SPDX-License-Identifier: Apache-2.0
#include "compare/keyfiguremodel.h"

#include "compare/compareplots.h"
#include "text/terms.h"

#include "analysis/numberformat.h"

#include <QBrush>
#include <QFont>

#include <cmath>

namespace lorascope {

namespace {

bool isCount(const std::string& key)
{
    return key == "requests" || key == "overLimits" || key == "finished" || key == "peakKvNeed"
        || key == "adapterLoads";
}

/// Figures where a smaller B is better (latencies, requests refused): Δ is coloured by it.
int betterSign(const std::string& key)
{
    if (key.rfind("wait", 0) == 0 || key.rfind("ttft", 0) == 0 || key.rfind("e2e", 0) == 0 || key == "overLimits")
        return -1;
    if (key == "throughput" || key == "tokenThroughput" || key == "finished" || key == "sloAttainment")
        return +1;
    return 0;
}

QString formatValue(const std::string& key, double v)
{
    if (std::isnan(v))
        return QStringLiteral("–");
    if (isCount(key))
        return QString::number(qint64(std::llround(v)));
    // Three significant digits everywhere ("64.0" next to "63.9", not "64" next to "63.87").
    const QString text = Terms::number(v, 3);
    return key == "sloAttainment" ? Terms::percent(v / 100.0) : text;
}

/// The place of the last digit formatValue() shows for v (0.001 for 0.191, 1 for 5999, 0.1 for 64.0).
double shownResolution(const std::string& key, double v)
{
    if (isCount(key) || !std::isfinite(v) || v == 0)
        return 1;
    if (key == "sloAttainment")
        return 0.1; // percent with one decimal
    const int exponent = int(std::floor(std::log10(std::abs(v))));
    return exponent >= 2 ? 1 : std::pow(10.0, exponent - 2); // three significant digits
}

} // namespace

bool KeyFigureModel::isNoise(double a, double b)
{
    if (!std::isfinite(a) || !std::isfinite(b))
        return false;
    return std::abs(b - a) < kNoiseShare * std::abs(a) || (a == 0 && b == 0);
}

QString KeyFigureModel::deltaText(const std::string& key, double a, double b)
{
    const double delta = b - a;
    if (std::isnan(delta))
        return QStringLiteral("–");
    const double res = std::max(shownResolution(key, a), shownResolution(key, b));
    const int decimals = std::max(0, -int(std::floor(std::log10(res) + 1e-9)));
    QString text = QString::fromStdString(formatFixed(delta, decimals));
    if (text.toDouble() == 0)
        return QStringLiteral("0");
    if (key == "sloAttainment")
        text += QStringLiteral(" pt");
    return delta > 0 ? QStringLiteral("+") + text : text;
}

KeyFigureModel::KeyFigureModel(QObject* parent)
    : QAbstractTableModel(parent)
{
}

void KeyFigureModel::setComparison(std::shared_ptr<const Comparison> comparison)
{
    beginResetModel();
    m_comparison = std::move(comparison);
    const AdmissionAnalysis* adm = nullptr;
    if (m_comparison)
        adm = m_comparison->b.admission ? m_comparison->b.admission.get() : m_comparison->a.admission.get();
    m_unit = adm && adm->result.clock == ClockKind::Steps ? tr("steps") : tr("s");
    endResetModel();
}

int KeyFigureModel::rowOf(const QString& key) const
{
    if (!m_comparison)
        return -1;
    for (std::size_t i = 0; i < m_comparison->figures.size(); ++i)
        if (QString::fromStdString(m_comparison->figures[i].key) == key)
            return int(i);
    return -1;
}

int KeyFigureModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() || !m_comparison ? 0 : int(m_comparison->figures.size());
}

int KeyFigureModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QString KeyFigureModel::labelOf(const QString& key, const QString& unit)
{
    if (key == QLatin1String("requests"))
        return tr("Requests");
    if (key == QLatin1String("achievedRate"))
        return tr("Achieved rate (req/s)");
    if (key == QLatin1String("gapCv"))
        return tr("Gap cv");
    if (key == QLatin1String("fittedAlpha"))
        return tr("Fitted α");
    if (key == QLatin1String("overLimits"))
        return tr("Over per-request limits");
    if (key == QLatin1String("finished"))
        return tr("Finished");
    // "waitP90" → "Queue wait p90 (s)".
    for (const auto& [prefix, what] : { std::pair { QStringLiteral("wait"), tr("Queue wait") },
             std::pair { QStringLiteral("ttft"), tr("TTFT") }, std::pair { QStringLiteral("e2e"), tr("E2E") } }) {
        if (key.startsWith(prefix) && key.size() == prefix.size() + 3 && key.at(prefix.size()) == QLatin1Char('P'))
            return tr("%1 p%2 (%3)").arg(what, key.right(2), unit);
    }
    if (key == QLatin1String("sloAttainment"))
        return Terms::sloAttainment();
    if (key == QLatin1String("peakKvNeed"))
        return tr("Peak KV need (tokens)");
    if (key == QLatin1String("adapterLoads"))
        return tr("Adapter loads");
    if (key == QLatin1String("throughput"))
        return tr("Throughput (req/%1)").arg(unit);
    if (key == QLatin1String("tokenThroughput"))
        return tr("Token throughput (tok/%1)").arg(unit);
    return key;
}

QVariant KeyFigureModel::data(const QModelIndex& index, int role) const
{
    if (!m_comparison || !index.isValid() || index.row() >= rowCount() || index.column() >= ColumnCount)
        return {};
    const KeyFigure& f = m_comparison->figures[std::size_t(index.row())];
    const double delta = f.delta();
    const double pct = f.a != 0 && std::isfinite(f.a) ? 100.0 * delta / std::abs(f.a) : NAN;
    if (role == KeyRole)
        return QString::fromStdString(f.key);
    if (role == ValueRole) {
        switch (index.column()) {
        case A:
            return f.a;
        case B:
            return f.b;
        case Delta:
            return delta;
        case DeltaPercent:
            return pct;
        default:
            return {};
        }
    }
    if (role == Qt::DisplayRole) {
        switch (index.column()) {
        case Figure:
            return labelOf(QString::fromStdString(f.key), m_unit);
        case A:
            return formatValue(f.key, f.a);
        case B:
            return formatValue(f.key, f.b);
        case Delta:
            return deltaText(f.key, f.a, f.b);
        case DeltaPercent:
            if (std::isnan(pct))
                return QStringLiteral("–");
            // Two significant digits at most ("−0.4 %", "+12 %", not "+12.3 %" on a 600-request trace).
            return QString((pct > 0 ? QStringLiteral("+") : QString())
                + tr("%1 %", "percentage").arg(QString::fromStdString(formatSigShort(pct, 2))));
        default:
            return {};
        }
    }
    if (role == Qt::TextAlignmentRole)
        return index.column() == Figure ? QVariant(Qt::AlignLeft | Qt::AlignVCenter)
                                        : QVariant(Qt::AlignRight | Qt::AlignVCenter);
    if (role == Qt::ForegroundRole) {
        if (index.column() == A)
            return QBrush(compareColorA().darker(130));
        if (index.column() == B)
            return QBrush(compareColorB().darker(130));
        if ((index.column() == Delta || index.column() == DeltaPercent) && std::isfinite(delta) && delta != 0) {
            // Below the noise threshold: grey, neither better nor worse.
            if (isNoise(f.a, f.b))
                return QBrush(QColor(120, 120, 120));
            const int sign = betterSign(f.key);
            if (sign != 0)
                return QBrush((delta > 0) == (sign > 0) ? QColor(20, 130, 60) : QColor(190, 30, 30));
        }
        return {};
    }
    if (role == Qt::ToolTipRole && (index.column() == Delta || index.column() == DeltaPercent)) {
        if (isNoise(f.a, f.b))
            return tr(
                "Within %1 % of A: noise, not a difference (another random seed alone moves these figures by 3–8 %).")
                .arg(kNoiseShare * 100);
        if (betterSign(f.key) != 0)
            return betterSign(f.key) < 0
                ? tr("Lower is better: green when B is lower than A by %1 % or more.").arg(kNoiseShare * 100)
                : tr("Higher is better: green when B is higher than A by %1 % or more.").arg(kNoiseShare * 100);
    }
    return {};
}

QVariant KeyFigureModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case Figure:
        return tr("Figure");
    case A:
        return tr("A");
    case B:
        return tr("B");
    case Delta:
        return tr("Δ (B − A)");
    case DeltaPercent:
        return tr("Δ %");
    default:
        return {};
    }
}

} // namespace lorascope
