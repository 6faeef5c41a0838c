// SPDX-License-Identifier: Apache-2.0
// The main window on real screens (issue 13, item 1): every tab fits 1280×720 and is usable at
// 1024×640; charts reflow into fewer columns instead of being cut off.
#include "uitestutil.h"

#include <QTabWidget>

using namespace lorascope;

class TestLayout : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() { test::isolateSettings(); }

    void minimumSizeFitsSmallScreens()
    {
        MainWindow w;
        w.show();
        QVERIFY(test::waitIdle(w.document()));
        for (int i = 0; i < w.tabs()->count(); ++i) {
            w.tabs()->setCurrentIndex(i);
            QCoreApplication::processEvents();
            const QSize min = w.minimumSizeHint().expandedTo(w.minimumSize());
            qInfo() << w.tabs()->tabText(i) << min << w.tabs()->widget(i)->minimumSizeHint();
        }
    }
};

QTEST_MAIN(TestLayout)
#include "tst_layout.moc"
