#pragma once

#include <QMainWindow>

class QLabel;

namespace lorascope {

/// The LoraScope main window. At this stage it shows the default workload's summary; the
/// designer, admission and replay tabs fill it.
class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    explicit MainWindow(QWidget* parent = nullptr);

    /// The summary text currently shown (for tests).
    QString summaryText() const;

private:
    QLabel* m_summary;
};

} // namespace lorascope
