// SPDX-License-Identifier: Apache-2.0
#include "replay/replayadapters.h"

#include "analysis/numberformat.h"

#include "replay/metrics.h"
#include "replay/runview.h"

#include <QHeaderView>
#include <QTableView>

#include <cmath>

namespace lorascope {

struct ReplayAdapterModel::Row {
    int row = 0;
    std::uint64_t completed = 0, failed = 0;
    std::vector<double> ttft, effTtft, e2el;
};

namespace {

/// Milliseconds to three significant digits, as every other figure ("1570", "451", "55.8").
QString ms(double v)
{
    return std::isfinite(v) ? QString::fromStdString(formatSigShort(v, 3)) : QStringLiteral("–");
}

} // namespace

ReplayAdapterModel::ReplayAdapterModel(QObject* parent)
    : QStandardItemModel(0, ColumnCount, parent)
{
    // Headers on two lines: narrow columns, so more of them fit the side panel whole.
    setHorizontalHeaderLabels({ tr("Adapter"), tr("Completed"), tr("Failed"), tr("TTFT mean\n(ms)"),
        tr("TTFT p90\n(ms)"), tr("Effective TTFT\nmean (ms)"), tr("E2E mean\n(ms)"), tr("Resident\n(% of scrapes)"),
        tr("Loads\nseen"), tr("Resident\nfrom–to (s)") });
    const QStringList tips = { tr("The adapter's name as the trace gives it (sent as the LoRA / model name)."),
        tr("Requests of this adapter that completed."), tr("Requests of this adapter that failed (any error kind)."),
        tr("Mean time to first token of its completed requests, from the moment the request was sent (client clock)."),
        tr("90th percentile of that TTFT."),
        tr("Mean TTFT counted from the scheduled send time instead: includes the client's lateness and concurrency "
           "wait "
           "(no coordinated omission)."),
        tr("Mean end-to-end latency (send to last token) of its completed requests."),
        tr("Share of the server's /metrics scrapes that listed this adapter as running (vLLM lora_requests_info); "
           "– when the server does not list adapters."),
        tr("How often the adapter appeared in a scrape after one that did not list it: loads the scrapes saw (a load "
           "and unload between two scrapes is not seen)."),
        tr("Seconds since trace start of the first and last scrape that listed it.") };
    for (int c = 0; c < ColumnCount; ++c)
        setHeaderData(c, Qt::Horizontal, tips[c], Qt::ToolTipRole);
}

void ReplayAdapterModel::reset()
{
    m_rows.clear();
    removeRows(0, rowCount());
}

int ReplayAdapterModel::rowOf(const QString& adapter) const
{
    const auto it = m_rows.constFind(adapter);
    return it == m_rows.cend() ? -1 : it.value()->row;
}

ReplayAdapterModel::Row& ReplayAdapterModel::rowFor(const QString& name)
{
    auto& row = m_rows[name];
    if (!row) {
        row = std::make_shared<Row>();
        row->row = rowCount();
        QList<QStandardItem*> items;
        for (int c = 0; c < ColumnCount; ++c) {
            auto* item = new QStandardItem;
            item->setEditable(false);
            if (c != Adapter)
                item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
            items.append(item);
        }
        const QString shown = name.isEmpty() ? tr("(base model)") : name;
        items[Adapter]->setText(shown);
        items[Adapter]->setToolTip(shown); // the full name: the view elides it in the middle
        items[Resident]->setText(QStringLiteral("–"));
        items[Loads]->setText(QStringLiteral("–"));
        items[ResidentSpan]->setText(QStringLiteral("–"));
        appendRow(items);
    }
    return *row;
}

void ReplayAdapterModel::refresh(Row& row)
{
    const auto t = distributionOf(row.ttft);
    item(row.row, Completed)->setData(qulonglong(row.completed), Qt::DisplayRole);
    item(row.row, Failed)->setData(qulonglong(row.failed), Qt::DisplayRole);
    item(row.row, TtftMean)->setText(ms(t.mean));
    item(row.row, TtftP90)->setText(ms(t.p90));
    item(row.row, EffTtftMean)->setText(ms(distributionOf(row.effTtft).mean));
    item(row.row, E2eMean)->setText(ms(distributionOf(row.e2el).mean));
}

void ReplayAdapterModel::addRecords(const std::vector<ReplayRecord>& records)
{
    QHash<Row*, bool> touched;
    for (const auto& r : records) {
        auto& row = rowFor(QString::fromStdString(r.adapter));
        if (r.outcome == Outcome::Completed) {
            ++row.completed;
            if (std::isfinite(r.ttft()))
                row.ttft.push_back(r.ttft() * 1e3);
            if (std::isfinite(r.effectiveTtft()))
                row.effTtft.push_back(r.effectiveTtft() * 1e3);
            if (std::isfinite(r.e2el()))
                row.e2el.push_back(r.e2el() * 1e3);
        } else if (r.outcome == Outcome::Failed) {
            ++row.failed;
        }
        touched.insert(&row, true);
    }
    for (auto it = touched.cbegin(); it != touched.cend(); ++it)
        refresh(*it.key());
}

void ReplayAdapterModel::setSamples(const std::vector<ServerSample>& samples)
{
    std::size_t known = 0;
    for (const auto& s : samples)
        if (s.ok && s.adapterListsKnown)
            ++known;
    if (!known)
        return;
    const auto residency = adapterResidency(samples);
    for (auto it = m_rows.cbegin(); it != m_rows.cend(); ++it) {
        const int r = it.value()->row;
        const auto found = residency.find(it.key().toStdString());
        if (found == residency.end()) {
            item(r, Resident)->setText(QStringLiteral("0.0"));
            item(r, Loads)->setData(0, Qt::DisplayRole);
            item(r, ResidentSpan)->setText(QStringLiteral("–"));
            continue;
        }
        const auto& a = found->second;
        item(r, Resident)->setText(QString::number(100.0 * double(a.scrapes) / double(known), 'f', 1));
        item(r, Loads)->setData(qulonglong(a.loads), Qt::DisplayRole);
        item(r, ResidentSpan)->setText(QStringLiteral("%1–%2").arg(a.firstSeen, 0, 'f', 1).arg(a.lastSeen, 0, 'f', 1));
    }
}

void ReplayAdapterModel::setUpView(QTableView* view)
{
    view->setTextElideMode(Qt::ElideMiddle);
    view->setWordWrap(false);
    view->setSortingEnabled(false);
    view->verticalHeader()->setVisible(false);
    view->horizontalHeader()->setStretchLastSection(false);
    view->horizontalHeader()->setSectionResizeMode(QHeaderView::Interactive);
}

void ReplayAdapterModel::fitColumns(QTableView* view, int maxNameWidth)
{
    view->resizeColumnsToContents();
    if (view->columnWidth(Adapter) > maxNameWidth)
        view->setColumnWidth(Adapter, maxNameWidth);
}

} // namespace lorascope
