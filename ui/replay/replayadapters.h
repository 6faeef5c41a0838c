// SPDX-License-Identifier: Apache-2.0
#pragma once
// The Replay tab's per-adapter table: per adapter, requests
// completed and failed, TTFT and E2E as the client measured them, effective TTFT (from the
// scheduled send time), and from the server's scrapes when it was resident and how often it was
// (re)loaded. Fed incrementally while a run goes on; a whole run folder at once when one is opened.

#include <QStandardItemModel>

#include <QHash>

#include <memory>
#include <vector>

class QTableView;

namespace lorascope {

struct ReplayRecord;
struct ServerSample;

class ReplayAdapterModel : public QStandardItemModel {
    Q_OBJECT
public:
    enum Column {
        Adapter,
        Completed,
        Failed,
        TtftMean,
        TtftP90,
        EffTtftMean,
        E2eMean,
        Resident,
        Loads,
        ResidentSpan,
        ColumnCount
    };

    explicit ReplayAdapterModel(QObject* parent = nullptr);

    void reset();
    /// Adds finished requests (times on any one axis; only durations are used).
    void addRecords(const std::vector<ReplayRecord>& records);
    /// Residency columns from every scrape so far (trace-axis times).
    void setSamples(const std::vector<ServerSample>& samples);
    /// The row of an adapter (as the trace names it; "" = base model), or -1.
    int rowOf(const QString& adapter) const;

    /// A table view set up for this model: names elided in the middle (full name in the tool
    /// tip), columns sized to their content.
    static void setUpView(QTableView* view);
    /// After new data: columns sized to content, the name column at most `maxNameWidth` pixels.
    static void fitColumns(QTableView* view, int maxNameWidth = 220);

private:
    struct Row;
    Row& rowFor(const QString& name);
    void refresh(Row& row);

    QHash<QString, std::shared_ptr<Row>> m_rows;
};

} // namespace lorascope
