// SPDX-License-Identifier: Apache-2.0
#include "admission/requestspage.h"

#include "admission/requestdetail.h"
#include "admission/requestmodel.h"
#include "widgets/sortarrowstyle.h"

#include <QComboBox>
#include <QEvent>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QLineEdit>
#include <QSortFilterProxyModel>
#include <QTableView>
#include <QVBoxLayout>

#include <algorithm>

namespace lorascope {

RequestsPage::RequestsPage(QWidget* parent)
    : QSplitter(Qt::Horizontal, parent)
    , m_model(new RequestTableModel(this))
    , m_proxy(new QSortFilterProxyModel(this))
{
    setObjectName(QStringLiteral("requestsSplitter"));
    auto* tablePage = new QWidget(this);
    auto* tv = new QVBoxLayout(tablePage);
    tv->setContentsMargins(2, 2, 2, 2);
    auto* filterRow = new QHBoxLayout;
    m_filter = new QLineEdit(tablePage);
    m_filter->setObjectName(QStringLiteral("requestFilter"));
    m_filter->setPlaceholderText(tr("Filter (e.g. KV cache, behind, refused, an adapter name)…"));
    m_filter->setClearButtonEnabled(true);
    m_filterColumn = new QComboBox(tablePage);
    m_filterColumn->addItem(tr("All columns"), -1);
    for (int c = 0; c < RequestTableModel::ColumnCount; ++c)
        m_filterColumn->addItem(m_model->headerData(c, Qt::Horizontal).toString(), c);
    filterRow->addWidget(new QLabel(tr("Filter:"), tablePage));
    filterRow->addWidget(m_filter, 1);
    filterRow->addWidget(m_filterColumn);
    tv->addLayout(filterRow);
    m_proxy->setSourceModel(m_model);
    m_proxy->setSortRole(RequestTableModel::SortRole);
    m_proxy->setFilterCaseSensitivity(Qt::CaseInsensitive);
    m_proxy->setFilterKeyColumn(-1);
    m_table = new QTableView(tablePage);
    m_table->installEventFilter(this);
    m_table->setObjectName(QStringLiteral("requestTable"));
    // The view shows the requests model itself in its own order (request ascending, no filter),
    // the proxy only once the user sorts by another column or filters: a proxy maps every row on
    // each new result (about 25 ms of GUI thread for a million requests), the plain model none.
    m_table->setModel(m_model);
    m_table->setSortingEnabled(true);
    m_table->sortByColumn(RequestTableModel::Id, Qt::AscendingOrder);
    connect(m_table->horizontalHeader(), &QHeaderView::sortIndicatorChanged, this, &RequestsPage::updateTableModel);
    m_table->verticalHeader()->setVisible(false);
    m_table->verticalHeader()->setDefaultSectionSize(m_table->fontMetrics().height() + 4);
    m_table->horizontalHeader()->setStretchLastSection(true);
    // Long adapter names ("dummy-lora-13b-rank-64-12") keep both ends: the rank and the number.
    m_table->setTextElideMode(Qt::ElideMiddle);
    m_table->setWordWrap(false);
    m_table->setAlternatingRowColors(true);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    // Shown second, right after the request number: the reason is what this table is read for.
    m_table->horizontalHeader()->moveSection(RequestTableModel::Reason, 1);
    useReadableSortArrows(m_table->horizontalHeader());
    tv->addWidget(m_table, 1);
    m_detail = new RequestDetail(this);
    addWidget(tablePage);
    addWidget(m_detail);
    setStretchFactor(0, 3);
    setStretchFactor(1, 2);
    setCollapsible(0, false);
    connect(m_filter, &QLineEdit::textChanged, this, [this](const QString& text) {
        m_proxy->setFilterFixedString(text);
        updateTableModel();
    });
    connect(m_filterColumn, &QComboBox::currentIndexChanged, this,
        [this] { m_proxy->setFilterKeyColumn(m_filterColumn->currentData().toInt()); });
    connect(
        m_table, &QTableView::clicked, this, [this](const QModelIndex& idx) { Q_EMIT requestClicked(sourceRow(idx)); });
    watchSelection();
}

int RequestsPage::sourceRow(const QModelIndex& index) const
{
    return index.model() == m_proxy ? m_proxy->mapToSource(index).row() : index.row();
}

void RequestsPage::setAnalysis(std::shared_ptr<const AdmissionAnalysis> analysis)
{
    m_analysis = std::move(analysis);
    // Sorting 100k rows through QVariant costs a few hundred ms: the model's own order is request
    // order, so the default "Request ascending" needs no proxy sort at all.
    const auto* header = m_table->horizontalHeader();
    if (header->sortIndicatorSection() == RequestTableModel::Id && header->sortIndicatorOrder() == Qt::AscendingOrder)
        m_proxy->sort(-1);
    m_model->setAnalysis(m_analysis);
    // The pane is never empty: the first request that waited for a limit (or at all).
    if (m_analysis)
        selectRequest(RequestDetail::firstWorthShowing(*m_analysis));
    // Measuring the first 200 rows' texts costs the GUI thread ~8 ms, and a preview arrives after
    // every designer edit while this tab is usually hidden: measure when the table is shown.
    if (m_table->isVisible())
        sizeTableColumns();
    else
        m_columnsStale = true;
}

bool RequestsPage::proxyNeeded() const
{
    const auto* header = m_table->horizontalHeader();
    return !m_filter->text().isEmpty() || header->sortIndicatorSection() != RequestTableModel::Id
        || header->sortIndicatorOrder() != Qt::AscendingOrder;
}

void RequestsPage::updateTableModel()
{
    QAbstractItemModel* want = proxyNeeded() ? static_cast<QAbstractItemModel*>(m_proxy) : m_model;
    if (m_table->model() == want)
        return;
    // Switching the view's model resets its header: keep the user's column widths and sort order.
    const QByteArray state = m_table->horizontalHeader()->saveState();
    if (want == m_model)
        m_proxy->sort(-1); // nothing needs the proxy's sorted order any more
    m_table->setModel(want);
    auto* header = m_table->horizontalHeader();
    header->restoreState(state);
    if (want == m_proxy)
        m_proxy->sort(header->sortIndicatorSection(), header->sortIndicatorOrder());
    watchSelection(); // a new model, a new selection model
}

void RequestsPage::watchSelection()
{
    connect(
        m_table->selectionModel(), &QItemSelectionModel::currentRowChanged, this, [this](const QModelIndex& current) {
            if (current.isValid())
                m_detail->showRequest(m_analysis, sourceRow(current));
        });
}

bool RequestsPage::selectRequest(qlonglong index)
{
    if (index < 0 || index >= m_model->rowCount())
        return false;
    QModelIndex at = m_model->index(int(index), RequestTableModel::Id);
    if (m_table->model() == m_proxy)
        at = m_proxy->mapFromSource(at);
    if (at.isValid()) { // (filtered out: the pane still shows it)
        m_table->setCurrentIndex(at);
        m_table->scrollTo(at, QAbstractItemView::PositionAtCenter);
    }
    m_detail->showRequest(m_analysis, index);
    return true;
}

bool RequestsPage::eventFilter(QObject* watched, QEvent* event)
{
    if (watched == m_table && event->type() == QEvent::Show) {
        if (m_columnsStale)
            sizeTableColumns();
        if (m_table->currentIndex().isValid()) // selected while hidden: bring it into view
            QMetaObject::invokeMethod(
                this, [this] { m_table->scrollTo(m_table->currentIndex(), QAbstractItemView::PositionAtCenter); },
                Qt::QueuedConnection);
    }
    return QSplitter::eventFilter(watched, event);
}

void RequestsPage::sizeTableColumns()
{
    m_columnsStale = false;
    // To the content of the first rows (measuring 100k rows would take seconds); the adapter
    // column up to a third of the table, elided in the middle beyond that (full name in the tool
    // tip; both ends, which carry the rank and the number, stay).
    auto* header = m_table->horizontalHeader();
    const int rows = std::min(m_proxy->rowCount(), 200);
    const QFontMetrics fm(m_table->font());
    for (int c = 0; c < RequestTableModel::ColumnCount; ++c) {
        int w = header->fontMetrics().horizontalAdvance(m_model->headerData(c, Qt::Horizontal).toString()) + 24;
        if (c == RequestTableModel::Reason) {
            // The reasons of the first 2000 requests that waited or were refused (~3 ms),
            // whole: they carry the numbers ("needs 5040 slots, 5040 free"), so the table scrolls
            // sideways rather than cut them.
            int seen = 0;
            if (m_analysis)
                for (const RequestRecord& r : m_analysis->result.requests) {
                    if (r.wait.kind == WaitKind::None && r.rejected == RejectReason::None)
                        continue; // neither waited nor was refused: nothing to say
                    w = std::max(w,
                        fm.horizontalAdvance(
                            m_model->index(int(&r - m_analysis->result.requests.data()),
                                       RequestTableModel::Reason)
                                .data()
                                .toString())
                            + 12); // the text the table shows (with adapter names, refusals' status)
                    if (++seen == 2000)
                        break;
                }
        } else {
            for (int r = 0; r < rows; ++r)
                w = std::max(w, fm.horizontalAdvance(m_proxy->index(r, c).data().toString()) + 12);
        }
        if (c == RequestTableModel::Adapter)
            w = std::min(w, std::max(120, m_table->viewport()->width() / 3));
        header->resizeSection(c, w);
    }
}

} // namespace lorascope
