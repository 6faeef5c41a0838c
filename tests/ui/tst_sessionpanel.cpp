// SPDX-License-Identifier: Apache-2.0
// The designer's sessions and shared prefixes (ui/workload/parameterpanelsessions.cpp,
// sessioncharts.cpp): the collapsible group, edits through the undo stack, the charts that appear
// with sessions, presets, and a session file that keeps it all. Real widgets, offscreen.
#include "uitestutil.h"

#include "charts/plotview.h"
#include "workload/parameterpanel.h"
#include "workload/presets.h"
#include "workload/workloadtab.h"

#include <QCheckBox>
#include <QComboBox>
#include <QJsonObject>
#include <QScrollArea>
#include <QLineEdit>
#include <QSpinBox>
#include <QTemporaryDir>
#include <QToolButton>
#include <QUndoStack>

using namespace lorascope;

class TestSessionPanel : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() { test::isolateSettings(); }

    void collapsedUntilAWorkloadHasSessions()
    {
        MainWindow w;
        w.show();
        QVERIFY(test::waitIdle(w.document()));
        auto* panel = w.workloadTab()->panel();
        QVERIFY(!panel->sessionsExpanded()); // S4: no sessions, no prefixes
        for (const auto& key : { "turns", "context", "prefixShare" })
            QVERIFY2(!w.workloadTab()->chart(QString::fromLatin1(key))->isVisibleTo(w.workloadTab()), key);
        panel->sessionsToggle()->click();
        QVERIFY(panel->sessionsExpanded());
        panel->sessionsToggle()->click();
        QVERIFY(!panel->sessionsExpanded());
    }

    void editsAreUndoableAndChartsFollow()
    {
        MainWindow w;
        w.show();
        QVERIFY(test::waitIdle(w.document()));
        auto* doc = w.document();
        auto* panel = w.workloadTab()->panel();
        panel->sessionsToggle()->click();
        auto* enabled = qobject_cast<QCheckBox*>(panel->editor(QStringLiteral("sessions.enabled")));
        QVERIFY(enabled);
        enabled->setChecked(true);
        QVERIFY(doc->spec().sessions.enabled);
        QCOMPARE(doc->undoStack()->undoText(), QStringLiteral("Change Multi-turn sessions"));
        auto* system = qobject_cast<QSpinBox*>(panel->editor(QStringLiteral("prefix.systemTokens")));
        system->setValue(128);
        QCOMPARE(doc->spec().prefix.systemTokens, std::int64_t { 128 });
        auto* groups = qobject_cast<QLineEdit*>(panel->editor(QStringLiteral("prefix.groups")));
        groups->setText(QStringLiteral("4×300@1, 1×0@1"));
        Q_EMIT groups->editingFinished();
        QCOMPARE(doc->spec().prefix.groups.size(), std::size_t { 2 });
        QCOMPARE(doc->spec().prefix.groups[0].count, 4u);
        QCOMPARE(doc->spec().prefix.groups[0].tokens, std::int64_t { 300 });
        QVERIFY(test::waitIdle(doc));
        const auto a = doc->workload();
        QVERIFY(a->stats.sessions.sessions);
        auto* tab = w.workloadTab();
        for (const auto& key : { "turns", "context", "prefixShare" }) {
            auto* chart = tab->chart(QString::fromLatin1(key));
            QVERIFY2(chart->isVisibleTo(tab), key);
            QVERIFY2(chart->data().series.size() >= 2, key); // data + theory
        }
        // The share chart never shows a reusable bar above the declared share.
        const auto& share = tab->chart(QStringLiteral("prefixShare"))->data();
        const auto& bars = share.series[0].points;
        const auto& declared = share.series[1].points;
        for (qsizetype k = 0; k < declared.size(); ++k)
            QVERIFY(bars[k].y() <= declared[k].y() + 1e-12);
        // Undo back to no sessions: the charts go.
        while (doc->undoStack()->canUndo())
            doc->undoStack()->undo();
        QVERIFY(!doc->spec().sessions.enabled);
        QVERIFY(test::waitIdle(doc));
        QVERIFY(!tab->chart(QStringLiteral("turns"))->isVisibleTo(tab));
    }

    void presetsAndSessionFiles()
    {
        QTemporaryDir dir;
        const QString file = dir.filePath(QStringLiteral("chat.lorascope.json"));
        {
            MainWindow w;
            w.show();
            QVERIFY(test::waitIdle(w.document()));
            auto* preset = qobject_cast<QComboBox*>(w.workloadTab()->panel()->editor(QStringLiteral("preset")));
            preset->setCurrentIndex(preset->findText(QStringLiteral("chat")));
            QCOMPARE(QString::fromStdString(w.document()->spec().preset), QStringLiteral("chat"));
            QVERIFY(w.document()->spec().sessions.enabled);
            QVERIFY(w.workloadTab()->panel()->sessionsExpanded());
            QVERIFY(test::waitIdle(w.document()));
            QCOMPARE(w.document()->saveSession(file, {}), QString());
        }
        MainWindow w;
        w.show();
        QVERIFY(test::waitIdle(w.document()));
        QCOMPARE(w.document()->loadSession(file, nullptr), QString());
        QVERIFY(w.document()->spec().sessions == specForPreset("chat").sessions);
        QCOMPARE(w.document()->spec().prefix.systemTokens, std::int64_t { 200 });
        QCOMPARE(w.workloadTab()->panel()->presetText(), QStringLiteral("chat"));
    }

    /// Not a check: the designer with sessions and shared prefixes (the chat and rag presets) and
    /// the Replay tab, for looking at. LORASCOPE_SCREENSHOTS=dir xvfb-run -a -s '-screen 0 1280x720x24'
    /// ./tst_sessionpanel -platform xcb screenshots (LORASCOPE_SCREENSHOT_LANG=zh_CN for Chinese).
    void screenshots()
    {
        test::Screenshots shots;
        if (!shots.begin())
            QSKIP("set LORASCOPE_SCREENSHOTS=dir to save screenshots");
        MainWindow w;
        shots.showFullScreen(w);
        QVERIFY(test::waitIdle(w.document()));
        auto* preset = qobject_cast<QComboBox*>(w.workloadTab()->panel()->editor(QStringLiteral("preset")));
        for (const auto& name : { QStringLiteral("chat"), QStringLiteral("rag") }) {
            preset->setCurrentIndex(preset->findText(name));
            QVERIFY(test::waitIdle(w.document()));
            w.workloadTab()->explain(QStringLiteral("sessions.enabled"));
            // The parameter column scrolled to the sessions group, as a user opening it sees it.
            if (auto* box = w.workloadTab()->panel()->findChild<QWidget*>(QStringLiteral("sessionsGroup")))
                if (auto* scroll = qobject_cast<QScrollArea*>(w.workloadTab()->panel()->parentWidget()->parentWidget()))
                    scroll->ensureWidgetVisible(box, 0, 0);
            QVERIFY(shots.shoot(w, QStringLiteral("workload-") + name));
        }
        w.showTab(QStringLiteral("replay"));
        QVERIFY(shots.shoot(w, QStringLiteral("replay-sessions")));
    }
};

QTEST_MAIN(TestSessionPanel)
#include "tst_sessionpanel.moc"
