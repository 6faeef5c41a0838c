// SPDX-License-Identifier: Apache-2.0
// Nothing on screen contradicts the app's own state: a result whose inputs changed says it is out
// of date until it is recomputed (Workload and Admission tabs); a far-out value asks once and a
// key a number field refuses is said, not dropped; the status bar and the Sweep tab name the
// server actually used; refusals for max_lora_rank come with their fix, applied in one click.
#include "uitestutil.h"

#include "admission/admissiontab.h"
#include "analysis/admissionview.h"
#include "replay/replaycharts.h"
#include "replay/replaytab.h"
#include "sweep/sweeptab.h"
#include "widgets/stalebar.h"
#include "workload/parameterpanel.h"
#include "workload/presets.h"
#include "workload/workloadtab.h"

#include <QCheckBox>
#include <QComboBox>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QUndoStack>
#include <QDoubleSpinBox>
#include <QLineEdit>
#include <QPushButton>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

using namespace lorascope;

namespace {

WorkloadSpec smallSpec()
{
    WorkloadSpec s = specForPreset("S4");
    s.adapterCount = 6;
    s.rate = 3;
    s.duration = 40;
    return s;
}

/// Waits until the preview shown is of the current inputs (bounded).
bool waitCurrent(Document* doc)
{
    QElapsedTimer t;
    t.start();
    while (t.elapsed() < 60000) {
        QTest::qWait(10);
        if (!doc->busy() && doc->admissionCurrent())
            return true;
    }
    return false;
}

/// A port on 127.0.0.1 nobody listens on (bound by the system's choice, then closed): every
/// connection to it is refused. 0 when none could be had.
quint16 closedPort()
{
    const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
    if (fd < 0)
        return 0;
    sockaddr_in a {};
    a.sin_family = AF_INET;
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    socklen_t len = sizeof a;
    quint16 port = 0;
    if (::bind(fd, reinterpret_cast<sockaddr*>(&a), sizeof a) == 0
        && ::getsockname(fd, reinterpret_cast<sockaddr*>(&a), &len) == 0)
        port = ntohs(a.sin_port);
    ::close(fd);
    return port;
}

} // namespace

class TestCurrency : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() { test::isolateSettings(); }

    void admissionPreviewIsOutOfDateUntilRecomputed()
    {
        MainWindow w;
        w.show();
        w.document()->setSpec(smallSpec());
        QVERIFY(waitCurrent(w.document()));
        auto* tab = w.admissionTab();
        QTest::qWait(50);
        QVERIFY(!tab->staleBar()->isStale());
        const auto before = w.document()->admission();
        // A changed setting: the preview shown is of the earlier inputs until the new one arrives.
        SimulationConfig c = w.document()->admissionConfig();
        c.scheduler.limits.maxTotalTokenNum = 4000;
        w.document()->editAdmission(c, QStringLiteral("KV slots"));
        QVERIFY(!w.document()->admissionCurrent());
        QCOMPARE(w.document()->admission(), before);
        QVERIFY(waitCurrent(w.document()));
        QVERIFY(w.document()->admission() != before);
        QTRY_VERIFY(!tab->staleBar()->isStale());
        QCOMPARE(w.document()->admission()->config.scheduler.limits.maxTotalTokenNum, 4000);

        // A trace above the automatic limit: no preview runs, and the view says so where the
        // result is, with the button that runs it.
        w.document()->setAutoAdmissionLimit(50);
        WorkloadSpec big = smallSpec();
        big.rate = 5; // 200 requests
        const auto small = w.document()->admission();
        w.document()->setSpec(big);
        QVERIFY(test::waitIdle(w.document()));
        QTest::qWait(50);
        QCOMPARE(w.document()->admission(), small);
        QVERIFY(!w.document()->admissionCurrent());
        QVERIFY(!w.document()->admissionPending());
        QVERIFY(tab->staleBar()->isStale());
        QVERIFY2(tab->staleText().contains(QStringLiteral("Out of date")), qPrintable(tab->staleText()));
        QVERIFY2(tab->staleText().contains(QString::number(w.document()->trace()->requests.size())),
            qPrintable(tab->staleText()));
        QVERIFY(tab->staleBar()->button()->isVisibleTo(tab));
        QTest::mouseClick(tab->staleBar()->button(), Qt::LeftButton);
        QVERIFY(waitCurrent(w.document()));
        QCOMPARE(w.document()->admission()->result.summary.requests, w.document()->trace()->requests.size());
        QTRY_VERIFY(!tab->staleBar()->isStale());
    }

    void workloadIsOutOfDateWhileTheSpecHasProblems()
    {
        MainWindow w;
        w.show();
        w.document()->setSpec(smallSpec());
        QVERIFY(waitCurrent(w.document()));
        auto* tab = w.workloadTab();
        QVERIFY(w.document()->workloadCurrent());
        WorkloadSpec bad = smallSpec();
        bad.input.lo = 500;
        bad.input.hi = 100; // an empty range: not generated
        w.document()->setSpec(bad);
        QVERIFY(!w.document()->issues().empty());
        QTRY_VERIFY(!tab->staleText().isEmpty());
        QVERIFY(!w.document()->workloadCurrent());
        QVERIFY(!w.document()->admissionCurrent()); // the preview is of the earlier workload too
        QVERIFY2(tab->staleText().contains(QStringLiteral("problems")), qPrintable(tab->staleText()));
        QTRY_VERIFY(w.admissionTab()->staleBar()->isStale());
        // Fixed: both are current again.
        w.document()->setSpec(smallSpec());
        QVERIFY(waitCurrent(w.document()));
        QTRY_VERIFY(tab->staleText().isEmpty());
        QTRY_VERIFY(!w.admissionTab()->staleBar()->isStale());
    }

    void farOutValueAsksOnceAndRefusedKeysAreSaid()
    {
        MainWindow w;
        w.show();
        w.document()->setSpec(smallSpec());
        QVERIFY(test::waitIdle(w.document()));
        auto* panel = w.workloadTab()->panel();
        auto* rate = qobject_cast<QDoubleSpinBox*>(panel->editor(QStringLiteral("rate")));
        QVERIFY(rate);
        // 99999 req/s: far above the slider's range; not applied until confirmed.
        rate->setValue(99999);
        QCOMPARE(w.document()->spec().rate, 3.0);
        QVERIFY2(panel->noteText().contains(QStringLiteral("far above")), qPrintable(panel->noteText()));
        QVERIFY2(panel->noteText().contains(QLocale().toString(qulonglong(3999960))), qPrintable(panel->noteText()));
        panel->confirmFarValue(false);
        QCOMPARE(w.document()->spec().rate, 3.0);
        QCOMPARE(rate->value(), 3.0);
        QVERIFY(panel->noteText().isEmpty());
        // Asked again, confirmed: applied; a later far-out value of the same field is not asked again.
        rate->setValue(5000);
        QVERIFY(!panel->noteText().isEmpty());
        panel->confirmFarValue(true);
        QCOMPARE(w.document()->spec().rate, 5000.0);
        rate->setValue(8000);
        QCOMPARE(w.document()->spec().rate, 8000.0);
        QVERIFY(panel->noteText().isEmpty());
        w.document()->undoStack()->undo();
        w.document()->undoStack()->undo();
        QCOMPARE(w.document()->spec().rate, 3.0);

        // "abc-5" typed into Rate: the keys it refuses are said, the value stays.
        w.activateWindow();
        rate->setFocus();
        rate->selectAll();
        QTest::keyClicks(rate, QStringLiteral("abc-"));
        QVERIFY2(panel->noteText().contains(QStringLiteral("“abc”")), qPrintable(panel->noteText()));
        QVERIFY2(panel->noteText().contains(QStringLiteral("Rate R")), qPrintable(panel->noteText()));
        QCOMPARE(w.document()->spec().rate, 3.0);
        // "-" alone is not a value: Enter keeps the rate and says so instead of reverting silently.
        QTest::keyClick(rate, Qt::Key_Return);
        QVERIFY2(panel->noteText().contains(QStringLiteral("“-")), qPrintable(panel->noteText()));
        QVERIFY2(panel->noteText().contains(QStringLiteral("stays 3")), qPrintable(panel->noteText()));
        QCOMPARE(w.document()->spec().rate, 3.0);
        // A value it takes clears the note and is applied.
        rate->selectAll();
        QTest::keyClicks(rate, QStringLiteral("5"));
        QVERIFY(panel->noteText().isEmpty());
        QTest::keyClick(rate, Qt::Key_Return);
        QCOMPARE(w.document()->spec().rate, 5.0);
    }

    void statusBarAndSweepNameTheServerUsed()
    {
        MainWindow w;
        w.show();
        // 200 req/s: more than either server takes in.
        WorkloadSpec fast = smallSpec();
        fast.rate = 200;
        fast.duration = 20;
        w.document()->setSpec(fast);
        QVERIFY(waitCurrent(w.document()));
        QVERIFY(w.document()->admission()->capacity.overloaded);
        w.showTab(QStringLiteral("admission"));
        QVERIFY(w.status()->overloadShown());
        QVERIFY2(w.status()->overloadText().contains(QStringLiteral("S-LoRA")), qPrintable(w.status()->overloadText()));
        SimulationConfig c = w.document()->admissionConfig();
        c.scheduler.policy = PolicyKind::Vllm;
        c.scheduler.vllm.maxLoraRank = 64;
        w.document()->setAdmission(c);
        QVERIFY(waitCurrent(w.document()));
        QVERIFY(w.document()->admission()->capacity.overloaded);
        w.showTab(QStringLiteral("admission"));
        QVERIFY(w.status()->overloadShown());
        QVERIFY2(
            w.status()->overloadText().contains(QStringLiteral("vLLM V1")), qPrintable(w.status()->overloadText()));
        // The fleet has its own verdict: the admission preview's indicator is not shown there.
        w.showTab(QStringLiteral("fleet"));
        QVERIFY(!w.status()->overloadShown());
        w.showTab(QStringLiteral("workload"));
        QVERIFY(w.status()->overloadShown());

        // The Sweep tab names the server it runs (the Admission tab's) and its limits, and the
        // suite's server choice is not shown for it.
        w.showTab(QStringLiteral("sweep"));
        auto* sweep = w.sweepTab();
        QVERIFY2(sweep->serverUsedText().startsWith(QStringLiteral("vLLM V1")), qPrintable(sweep->serverUsedText()));
        QVERIFY2(
            sweep->serverUsedText().contains(QStringLiteral("max_lora_rank 64")), qPrintable(sweep->serverUsedText()));
        QVERIFY(!sweep->editor(QStringLiteral("policy"))->isVisible());
        c.scheduler.policy = PolicyKind::Sglang;
        w.document()->setAdmission(c);
        QVERIFY2(sweep->serverUsedText().startsWith(QStringLiteral("SGLang")), qPrintable(sweep->serverUsedText()));
    }

    void rankRefusalsComeWithTheirFix()
    {
        MainWindow w;
        w.show();
        w.document()->setSpec(smallSpec()); // S4: ranks 64/32/16
        QVERIFY(waitCurrent(w.document()));
        SimulationConfig c = w.document()->admissionConfig();
        c.scheduler.policy = PolicyKind::Vllm;
        c.scheduler.vllm.maxLoraRank = 16;
        w.document()->setAdmission(c);
        QVERIFY(waitCurrent(w.document()));
        const auto& s = w.document()->admission()->result.summary;
        QVERIFY(s.rejected > 0);
        const QString banner = w.admissionTab()->bannerText();
        QVERIFY2(
            banner.contains(QStringLiteral("%1 of %2 requests refused: adapter rank ").arg(s.rejected).arg(s.requests)),
            qPrintable(banner));
        QVERIFY2(banner.contains(QStringLiteral("set max_lora_rank to 64")), qPrintable(banner));
        QVERIFY2(banner.contains(QStringLiteral("href=\"fix-rank\"")), qPrintable(banner));
        // One click: the setting changes (undoable) and nothing is refused any more.
        QVERIFY(w.admissionTab()->fixMaxLoraRank());
        QCOMPARE(w.document()->admissionConfig().scheduler.vllm.maxLoraRank, 64);
        QVERIFY(waitCurrent(w.document()));
        QCOMPARE(w.document()->admission()->result.summary.rejected, std::uint64_t(0));
        QVERIFY(!w.admissionTab()->bannerText().contains(QStringLiteral("refused")));
        w.document()->undoStack()->undo();
        QCOMPARE(w.document()->admissionConfig().scheduler.vllm.maxLoraRank, 16);
    }

    void replayAgainstADeadUrlStopsAndSaysWhy()
    {
        // A port nobody listens on (bound, then closed): every connection is refused.
        const quint16 port = closedPort();
        QVERIFY(port != 0);
        MainWindow w;
        w.show();
        WorkloadSpec s = smallSpec();
        s.rate = 10; // 400 requests over 40 s
        w.document()->setSpec(s);
        QVERIFY(test::waitIdle(w.document()));
        QTemporaryDir dir;
        auto* tab = w.replayTab();
        tab->setResultsRoot(dir.filePath(QStringLiteral("runs")));
        qobject_cast<QCheckBox*>(tab->editor(QStringLiteral("builtin")))->setChecked(false);
        const QString url = QStringLiteral("http://127.0.0.1:%1").arg(port);
        qobject_cast<QLineEdit*>(tab->editor(QStringLiteral("target")))->setText(url);
        QSignalSpy finished(tab, &ReplayTab::runFinished);
        tab->start();
        // Stopped within seconds, not after the 40 s schedule.
        QVERIFY(finished.wait(20000));
        QVERIFY2(tab->statusText().contains(QStringLiteral("could not connect to ")), qPrintable(tab->statusText()));
        QVERIFY2(tab->statusText().contains(QStringLiteral("127.0.0.1:%1").arg(port)), qPrintable(tab->statusText()));
        QVERIFY2(
            tab->statusText().contains(QStringLiteral("check that the server runs")), qPrintable(tab->statusText()));
        // The kinds of error are named with their counts, not drawn on a numeric axis.
        QVERIFY2(tab->charts()->hint(QStringLiteral("errors")).contains(QStringLiteral("connect: ")),
            qPrintable(tab->charts()->hint(QStringLiteral("errors"))));
        QVERIFY(!tab->charts()->chartShown(QStringLiteral("errors")));
    }

    /// Not a check: pictures of the states this file tests, for docs/screenshots and for looking at:
    /// LORASCOPE_SCREENSHOTS=dir xvfb-run -a -s '-screen 0 1280x720x24' ./tst_currency -platform xcb screenshots
    /// (LORASCOPE_SCREENSHOT_LANG=zh_CN for Chinese).
    void screenshots()
    {
        test::Screenshots shots;
        if (!shots.begin())
            QSKIP("set LORASCOPE_SCREENSHOTS=dir to save screenshots");
        MainWindow w;
        shots.showFullScreen(w);
        w.document()->setSpec(smallSpec());
        QVERIFY(waitCurrent(w.document()));
        auto shoot = [&](const QString& name) { QVERIFY(shots.shoot(w, name)); };
        // A far-out rate, asked about once.
        auto* rate = qobject_cast<QDoubleSpinBox*>(w.workloadTab()->panel()->editor(QStringLiteral("rate")));
        rate->setValue(99999);
        shoot(QStringLiteral("workload-far-value"));
        w.workloadTab()->panel()->confirmFarValue(false);
        // Keys Rate does not take, said under the parameters.
        w.activateWindow();
        rate->setFocus();
        rate->selectAll();
        QTest::keyClicks(rate, QStringLiteral("abc-"));
        shoot(QStringLiteral("workload-refused-keys"));
        rate->clearFocus();
        // A trace over the automatic limit: the preview shown is the earlier one, dimmed, with the button.
        w.document()->setAutoAdmissionLimit(300);
        WorkloadSpec big = smallSpec();
        big.rate = 10;
        w.document()->setSpec(big);
        QVERIFY(test::waitIdle(w.document()));
        w.showTab(QStringLiteral("admission"));
        shoot(QStringLiteral("admission-out-of-date"));
        w.document()->setAutoAdmissionLimit(Document::kAutoAdmissionLimit);
        w.admissionTab()->staleBar()->button()->click();
        QVERIFY(waitCurrent(w.document()));
        // vLLM with its default max_lora_rank 16 on S4's ranks: refusals and the fix.
        SimulationConfig c = w.document()->admissionConfig();
        c.scheduler.policy = PolicyKind::Vllm;
        w.document()->setAdmission(c);
        QVERIFY(waitCurrent(w.document()));
        shoot(QStringLiteral("admission-rank-refused"));
        // The Sweep tab on that server: its name and limits, refusals first in the verdict.
        w.showTab(QStringLiteral("sweep"));
        qobject_cast<QLineEdit*>(w.sweepTab()->editor(QStringLiteral("values")))->setText(QStringLiteral("2,4,6"));
        QSignalSpy swept(w.sweepTab(), &SweepTab::runFinished);
        QVERIFY(w.sweepTab()->runSweep());
        QVERIFY(swept.wait(120000));
        shoot(QStringLiteral("sweep-server-used"));
        // The fix applied; the residency tab with the loads on their own chart, overloaded at 30 req/s.
        w.showTab(QStringLiteral("admission"));
        QVERIFY(w.admissionTab()->fixMaxLoraRank());
        QVERIFY(waitCurrent(w.document()));
        c = w.document()->admissionConfig();
        c.scheduler.vllm.maxLoras = 2;
        c.scheduler.vllm.maxCpuLoras = 4;
        w.document()->setAdmission(c);
        WorkloadSpec fast = smallSpec();
        fast.rate = 30;
        w.document()->setSpec(fast);
        QVERIFY(waitCurrent(w.document()));
        if (auto* lower = w.admissionTab()->findChild<QTabWidget*>(QStringLiteral("admissionLowerTabs")))
            lower->setCurrentWidget(w.admissionTab()->chart(QStringLiteral("residency"))->parentWidget());
        shoot(QStringLiteral("admission-residency-loads"));
        // The fleet tab: the admission preview's overload indicator is not there.
        w.showTab(QStringLiteral("fleet"));
        shoot(QStringLiteral("fleet-status"));
        // A replay against a dead URL: stopped, the reason at the top.
        const quint16 port = closedPort();
        QVERIFY(port != 0);
        QTemporaryDir dir;
        auto* replay = w.replayTab();
        replay->setResultsRoot(dir.filePath(QStringLiteral("runs")));
        qobject_cast<QCheckBox*>(replay->editor(QStringLiteral("builtin")))->setChecked(false);
        qobject_cast<QLineEdit*>(replay->editor(QStringLiteral("target")))
            ->setText(QStringLiteral("http://127.0.0.1:%1").arg(port));
        QSignalSpy finished(replay, &ReplayTab::runFinished);
        w.showTab(QStringLiteral("replay"));
        replay->start();
        QVERIFY(finished.wait(20000));
        shoot(QStringLiteral("replay-dead-url"));
    }
};

QTEST_MAIN(TestCurrency)
#include "tst_currency.moc"
