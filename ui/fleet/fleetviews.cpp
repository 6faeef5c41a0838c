// SPDX-License-Identifier: Apache-2.0
// The Fleet view's charts and tables, filled from a finished run (fleettab.cpp runs it).
#include "fleet/fleettab.h"

#include "charts/plotview.h"
#include "fleet/fleettext.h"
#include "fleet/residencyview.h"

#include <QComboBox>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QTableWidget>

#include <algorithm>
#include <cmath>

namespace lorascope {

namespace {

const QColor kPalette[] = { QColor(31, 119, 180), QColor(255, 127, 14), QColor(44, 160, 44), QColor(214, 39, 40),
    QColor(148, 103, 189), QColor(140, 86, 75), QColor(227, 119, 194), QColor(127, 127, 127), QColor(188, 189, 34),
    QColor(23, 190, 207), QColor(57, 59, 121), QColor(99, 121, 57) };

constexpr int kLinesPerReplica = 12; ///< more replicas: their maximum, mean and minimum instead

QString secondsText(double v, bool steps)
{
    if (std::isnan(v))
        return QStringLiteral("–");
    const QLocale loc;
    return steps ? loc.toString(v, 'f', 1) : loc.toString(v, 'f', v < 10 ? 3 : 1);
}

QTableWidgetItem* item(const QString& text, bool number = true)
{
    auto* it = new QTableWidgetItem(text);
    it->setTextAlignment(number ? (Qt::AlignRight | Qt::AlignVCenter) : (Qt::AlignLeft | Qt::AlignVCenter));
    return it;
}

void setHeaders(QTableWidget* t, const QStringList& titles, const QStringList& tips)
{
    t->setColumnCount(int(titles.size()));
    for (int c = 0; c < titles.size(); ++c) {
        auto* h = new QTableWidgetItem(titles[c]);
        h->setToolTip(tips.value(c));
        t->setHorizontalHeaderItem(c, h);
    }
}

} // namespace

void FleetTab::fillCharts()
{
    const bool steps = m_analysis && m_analysis->a && m_analysis->a->clock == ClockKind::Steps;
    const QString unit = steps ? tr("ticks") : tr("s");
    const QString timeAxis = steps ? tr("Time (ticks: one forward pass of each busy replica)") : tr("Time (s)");
    auto perReplica = [&](const QString& key, bool running) {
        PlotData d;
        d.title = running ? tr("Running requests per replica") : tr("Waiting requests per replica");
        d.note = running ? tr("Requests in each replica's running batch over time (the largest in each time bin).")
                         : tr("Requests queued at each replica over time (the largest in each time bin): where the "
                              "router's choices pile up.");
        d.x.title = timeAxis;
        d.y.title = running ? tr("Running (requests)") : tr("Waiting (requests)");
        d.y.min = 0;
        if (m_analysis && m_analysis->a && m_analysis->a->series.bins() > 0) {
            const FleetSeries& s = m_analysis->a->series;
            const auto& rows = running ? s.running : s.waiting;
            const int bins = s.bins();
            auto mid = [&](int b) { return 0.5 * (s.edges[std::size_t(b)] + s.edges[std::size_t(b) + 1]); };
            if (rows.size() <= std::size_t(kLinesPerReplica)) {
                for (std::size_t r = 0; r < rows.size(); ++r) {
                    PlotSeries line;
                    line.name = QString::fromStdString(m_analysis->a->replicas[r].name);
                    line.color = kPalette[r % std::size(kPalette)];
                    line.width = 1.5;
                    for (int b = 0; b < bins; ++b)
                        line.points.append(QPointF(mid(b), rows[r][std::size_t(b)]));
                    d.series.append(line);
                }
            } else {
                PlotSeries hi, mean, lo;
                hi.name = tr("busiest replica");
                mean.name = tr("mean of %n replica(s)", nullptr, int(rows.size()));
                lo.name = tr("least busy replica");
                hi.color = kPalette[3];
                mean.color = kPalette[0];
                lo.color = kPalette[2];
                for (int b = 0; b < bins; ++b) {
                    double mx = 0, mn = 1e300, sum = 0;
                    for (const auto& row : rows) {
                        mx = std::max(mx, double(row[std::size_t(b)]));
                        mn = std::min(mn, double(row[std::size_t(b)]));
                        sum += row[std::size_t(b)];
                    }
                    hi.points.append(QPointF(mid(b), mx));
                    mean.points.append(QPointF(mid(b), sum / double(rows.size())));
                    lo.points.append(QPointF(mid(b), mn));
                }
                d.series = { hi, mean, lo };
            }
        }
        m_charts.value(key)->setData(d);
        m_charts.value(key)->setEmptyHint(tr("Runs by itself when the workload or a setting changes"));
    };
    perReplica(QStringLiteral("running"), true);
    perReplica(QStringLiteral("waiting"), false);

    PlotData c;
    c.title = tr("Waiting requests in the fleet: A vs B");
    c.note = tr("The sum over the replicas of each one's largest queue in a time bin, for fleet A and fleet B on the "
                "same workload.");
    c.x.title = timeAxis;
    c.y.title = tr("Waiting (requests)");
    c.y.min = 0;
    auto total = [&](const FleetResult& r, const QString& name, const QColor& color) {
        PlotSeries line;
        line.name = name;
        line.color = color;
        const FleetSeries& s = r.series;
        for (int b = 0; b < s.bins(); ++b) {
            double sum = 0;
            for (const auto& row : s.waiting)
                sum += row[std::size_t(b)];
            line.points.append(QPointF(0.5 * (s.edges[std::size_t(b)] + s.edges[std::size_t(b) + 1]), sum));
        }
        return line;
    };
    if (m_analysis && m_analysis->a && m_analysis->b) {
        // Short names in the legend (the chart stays narrow); the note says which fleet is which.
        const FleetConfig& ca = m_analysis->configA;
        const FleetConfig& cb = *m_analysis->configB;
        c.series.append(
            total(*m_analysis->a, tr("A: %1").arg(QString::fromStdString(routerName(ca.router.kind))), kPalette[0]));
        c.series.append(
            total(*m_analysis->b, tr("B: %1").arg(QString::fromStdString(routerName(cb.router.kind))), kPalette[1]));
        c.note += QLatin1Char(' ')
            + tr("A: %1 on %n replica(s).", nullptr, ca.replicaCount()).arg(FleetText::routerTitle(ca.router.kind))
            + QLatin1Char(' ')
            + tr("B: %1 on %n replica(s).", nullptr, cb.replicaCount()).arg(FleetText::routerTitle(cb.router.kind));
    }
    m_charts.value(QStringLiteral("compare"))->setData(c);
    m_charts.value(QStringLiteral("compare"))
        ->setEmptyHint(tr("Tick “Run fleet B on the same workload” to compare two routers or two fleet sizes"));

    // The residency heat map.
    QStringList adapters, replicas;
    if (m_analysis && m_analysis->a) {
        for (std::uint32_t a : m_analysis->a->series.adapters)
            adapters << QString::fromStdString(m_analysis->trace->adapters[a].name);
        for (const ReplicaReport& r : m_analysis->a->replicas)
            replicas << QString::fromStdString(r.name);
        m_residency->setData(m_analysis->a->series, adapters, replicas, unit);
    }
    const int keep = m_residencyReplica->currentData().toInt();
    m_residencyReplica->blockSignals(true);
    m_residencyReplica->clear();
    m_residencyReplica->addItem(tr("All replicas: how many hold each adapter"), -1);
    for (int r = 0; r < replicas.size(); ++r)
        m_residencyReplica->addItem(tr("Replica %1: its GPU's adapters").arg(replicas[r]), r);
    m_residencyReplica->setCurrentIndex(std::max(0, m_residencyReplica->findData(keep)));
    m_residencyReplica->blockSignals(false);
    m_residency->setReplica(m_residencyReplica->currentData().toInt());
}

void FleetTab::fillTables()
{
    const QLocale loc;
    if (!m_analysis || !m_analysis->a) {
        if (m_analysis && !m_analysis->error.isEmpty())
            m_summary->setText(tr("The fleet cannot run: %1").arg(m_analysis->error));
        else
            m_summary->setText(tr("No result yet: the fleet runs when the workload is ready."));
        m_replicaTable->setRowCount(0);
        m_compareTable->setRowCount(0);
        m_compareSummary->setText(
            tr("Tick “Run fleet B on the same workload” (Fleet settings) to compare two routers or two fleet sizes."));
        return;
    }
    const FleetResult& a = *m_analysis->a;
    const bool steps = a.clock == ClockKind::Steps;
    const QString u = steps ? tr("ticks") : tr("s");
    const SimulationSummary& s = a.summary;
    QString text = tr("%n replica(s)", nullptr, int(a.replicas.size())) + tr(", %n GPU(s); ", nullptr, a.gpus)
        + tr("router: %1").arg(FleetText::routerTitle(m_analysis->configA.router.kind)) + QStringLiteral(". ");
    text += tr("%1 of %2 requests finished; TTFT mean %3 %5, p99 %4 %5 (time from arrival to the first token).")
                .arg(loc.toString(qulonglong(s.finished)), loc.toString(qulonglong(s.requests)),
                    secondsText(s.ttft.mean, steps), secondsText(s.ttft.p99, steps), u);
    if (!steps)
        text += QLatin1Char(' ')
            + tr("%1 % of all requests got their first token within 6 s (S-LoRA's SLO).")
                  .arg(loc.toString(100.0 * s.sloAttainment, 'f', 1));
    text += QLatin1Char(' ')
        + tr("Adapters were copied onto a GPU %n time(s) (loads).", nullptr,
            int(std::min<std::uint64_t>(s.adapterLoads, INT32_MAX)));
    if (a.routerDropped)
        text += QLatin1Char(' ') + tr("The router dropped %n sheddable request(s).", nullptr, int(a.routerDropped));
    m_summary->setText(text);

    setHeaders(m_replicaTable,
        { tr("Replica"), tr("Routed\n(requests)"), tr("Wait p99\n(%1)").arg(u), tr("TTFT mean\n(%1)").arg(u),
            tr("TTFT p99\n(%1)").arg(u), tr("Loads\n(adapters)"), tr("Evictions\n(adapters)"), tr("Adapters\nloaded"),
            tr("Busy\n(%)") },
        { tr("The replica's name."), tr("Requests the router sent to it."),
            tr("99th percentile of the time its requests queued before they ran."),
            tr("Mean time from arrival to first token of its requests."), tr("99th percentile of the same."),
            tr("Times an adapter was copied onto its GPU."), tr("Times an adapter left its GPU."),
            tr("Distinct adapters it ever loaded."), tr("Share of the run its GPU spent in forward passes.") });
    m_replicaTable->setRowCount(int(a.replicas.size()));
    const double span = s.makespan > 0 ? s.makespan : 1.0;
    for (int r = 0; r < int(a.replicas.size()); ++r) {
        const ReplicaReport& rep = a.replicas[std::size_t(r)];
        m_replicaTable->setItem(r, 0, item(QString::fromStdString(rep.name), false));
        m_replicaTable->setItem(r, 1, item(loc.toString(qulonglong(rep.routed))));
        m_replicaTable->setItem(r, 2, item(secondsText(rep.summary.wait.p99, steps)));
        m_replicaTable->setItem(r, 3, item(secondsText(rep.summary.ttft.mean, steps)));
        m_replicaTable->setItem(r, 4, item(secondsText(rep.summary.ttft.p99, steps)));
        m_replicaTable->setItem(r, 5, item(loc.toString(qulonglong(rep.summary.adapterLoads))));
        m_replicaTable->setItem(r, 6, item(loc.toString(qulonglong(rep.summary.adapterUnloads))));
        m_replicaTable->setItem(r, 7, item(loc.toString(rep.adaptersLoaded)));
        m_replicaTable->setItem(r, 8, item(loc.toString(100.0 * rep.busySeconds / span, 'f', 0)));
    }
    m_replicaTable->resizeColumnsToContents();

    if (!m_analysis->b) {
        m_compareTable->setRowCount(0);
        m_compareSummary->setText(
            tr("Tick “Run fleet B on the same workload” (Fleet settings) to compare two routers or two fleet sizes."));
        return;
    }
    const FleetResult& b = *m_analysis->b;
    const FleetConfig& ca = m_analysis->configA;
    const FleetConfig& cb = *m_analysis->configB;
    setHeaders(m_compareTable, { tr("Figure"), tr("A"), tr("B"), tr("B − A") },
        { tr("What is compared, with its unit."), tr("Fleet A (the Fleet A settings)."),
            tr("Fleet B (router B, replicas B)."), tr("The difference.") });
    struct Row {
        QString name;
        double va, vb;
        int decimals;
    };
    const std::vector<Row> rows = {
        { tr("Replicas"), double(ca.replicaCount()), double(cb.replicaCount()), 0 },
        { tr("GPUs"), double(a.gpus), double(b.gpus), 0 },
        { tr("TTFT mean (%1)").arg(u), a.summary.ttft.mean, b.summary.ttft.mean, 3 },
        { tr("TTFT p99 (%1)").arg(u), a.summary.ttft.p99, b.summary.ttft.p99, 3 },
        { tr("E2E p99 (%1)").arg(u), a.summary.e2e.p99, b.summary.e2e.p99, 3 },
        { tr("Requests with TTFT < 6 s (%)"), 100.0 * a.summary.sloAttainment, 100.0 * b.summary.sloAttainment, 1 },
        { tr("Throughput (requests/%1)").arg(u), a.summary.requestThroughput, b.summary.requestThroughput, 3 },
        { tr("Adapter loads (copies onto a GPU)"), double(a.summary.adapterLoads), double(b.summary.adapterLoads), 0 },
    };
    m_compareTable->setRowCount(int(rows.size()) + 1);
    m_compareTable->setItem(0, 0, item(tr("Router"), false));
    m_compareTable->setItem(0, 1, item(FleetText::routerTitle(ca.router.kind), false));
    m_compareTable->setItem(0, 2, item(FleetText::routerTitle(cb.router.kind), false));
    m_compareTable->setItem(0, 3, item(QString(), false));
    for (int i = 0; i < int(rows.size()); ++i) {
        const Row& r = rows[std::size_t(i)];
        auto cell = [&](double v) { return std::isnan(v) ? QStringLiteral("–") : loc.toString(v, 'f', r.decimals); };
        m_compareTable->setItem(i + 1, 0, item(r.name, false));
        m_compareTable->setItem(i + 1, 1, item(cell(r.va)));
        m_compareTable->setItem(i + 1, 2, item(cell(r.vb)));
        const double d = r.vb - r.va;
        m_compareTable->setItem(
            i + 1, 3, item(std::isnan(d) ? QStringLiteral("–") : (d > 0 ? QStringLiteral("+") : QString()) + cell(d)));
    }
    m_compareTable->resizeColumnsToContents();
    m_compareSummary->setText(
        tr("B (%1, %n replica(s)) against A (%2, %3 replicas) on the same %4 requests: TTFT p99 %5 %6 → %7 %6; "
           "adapter loads %8 → %9.",
            nullptr, cb.replicaCount())
            .arg(FleetText::routerTitle(cb.router.kind), FleetText::routerTitle(ca.router.kind),
                loc.toString(ca.replicaCount()), loc.toString(qulonglong(a.summary.requests)),
                secondsText(a.summary.ttft.p99, steps), u, secondsText(b.summary.ttft.p99, steps),
                loc.toString(qulonglong(a.summary.adapterLoads)), loc.toString(qulonglong(b.summary.adapterLoads))));
}

} // namespace lorascope
