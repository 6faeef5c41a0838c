// SPDX-License-Identifier: Apache-2.0
// The verdict of a fleet sweep and of the minimum-replicas search in the user's language, built
// from the core's answers (core/sweep/fleetsweep.h) as lorascope-cli sweep says them in English.
#include "sweep/sweeptext.h"

#include "analysis/numberformat.h"

#include <QCoreApplication>

namespace lorascope {

namespace {

class FleetSweepText {
    Q_DECLARE_TR_FUNCTIONS(lorascope::FleetSweepText)
};

QString router(RouterKind r)
{
    return QString::fromStdString(routerName(r)).toHtmlEscaped(); // names as docs/fleet.md writes them
}

// Whole words in English too ("1 replica", "3 replicas"): the app ships no English plural forms.
QString replicas(int n)
{
    return n == 1 ? FleetSweepText::tr("1 replica") : FleetSweepText::tr("%1 replicas").arg(n);
}

QString gpus(int n)
{
    return n == 1 ? FleetSweepText::tr("1 GPU") : FleetSweepText::tr("%1 GPUs").arg(n);
}

QString percent(double share)
{
    return QString::fromStdString(formatPrintf("%.1f", 100 * share)) + QStringLiteral(" %");
}

} // namespace

QStringList fleetCapacityLines(const FleetCapacityResult& result, const FleetSweepPlan& plan)
{
    QStringList lines;
    const std::vector<RouterKind> routers = planRouters(plan);
    const std::size_t nr = routers.size();
    const QString indent = QStringLiteral("&nbsp;&nbsp;");
    for (std::size_t s = 0; nr > 0 && s * nr < result.answers.size(); ++s) {
        lines << FleetSweepText::tr("SLO %1:").arg(sloText(result.answers[s * nr].slo).toHtmlEscaped());
        const FleetCapacity* rr = nullptr;
        const FleetCapacity* best = nullptr;
        for (std::size_t r = 0; r < nr && s * nr + r < result.answers.size(); ++r) {
            const FleetCapacity& c = result.answers[s * nr + r];
            if (c.router == RouterKind::RoundRobin)
                rr = &c;
            if (c.outcome == FleetCapacity::Outcome::NoneMeets) {
                lines << indent
                        + FleetSweepText::tr("%1: no fleet size from %2 to %3 meets it; at %3 (%4) %5 of requests "
                                             "meet it, %6 are needed. Try larger values.")
                              .arg(router(c.router))
                              .arg(c.lo)
                              .arg(replicas(c.hi), gpus(pointFleet(plan, c.router, c.hi).gpuCount()),
                                  percent(c.attainmentAtHi), percent(c.slo.attainment));
                continue;
            }
            QString line
                = FleetSweepText::tr("%1: <b>%2</b> (%3), %4 of requests meet it")
                      .arg(router(c.router), replicas(c.minReplicas), gpus(c.gpus), percent(c.attainmentAtMin));
            if (c.minReplicas == c.lo)
                line += FleetSweepText::tr("; the smallest size tried already meets it (try smaller values)");
            else if (std::isfinite(c.attainmentBelow))
                line += FleetSweepText::tr("; with %1: %2").arg(c.minReplicas - 1).arg(percent(c.attainmentBelow));
            if (!c.monotone)
                line += FleetSweepText::tr(
                    " (a larger fleet missed it: the answer assumes more replicas never hurt, check the points)");
            lines << indent + line;
            if (!best || c.minReplicas < best->minReplicas)
                best = &c;
        }
        if (!best) {
            lines << indent + FleetSweepText::tr("No fleet size in the range meets this SLO with any router.");
        } else if (rr && best->router != RouterKind::RoundRobin && rr->outcome == FleetCapacity::Outcome::NoneMeets) {
            lines << indent
                    + FleetSweepText::tr("%1 needs %2; round-robin needs more than %3: a saving of at least %4.")
                          .arg(router(best->router), replicas(best->minReplicas), replicas(rr->hi),
                              replicas(rr->hi + 1 - best->minReplicas));
        } else if (rr && best->router != RouterKind::RoundRobin && rr->minReplicas > best->minReplicas) {
            lines << indent
                    + FleetSweepText::tr("<b>%1 saves %2</b> (%3) over round-robin.")
                          .arg(router(best->router), replicas(rr->minReplicas - best->minReplicas),
                              gpus(rr->gpus - best->gpus));
        } else if (rr && nr > 1) {
            lines << indent + FleetSweepText::tr("No router needs fewer replicas than round-robin.");
        }
    }
    return lines;
}

QStringList fleetSweepLines(const FleetSweepPlan& plan, const std::vector<FleetSweepPoint>& points)
{
    QStringList lines;
    const std::vector<RouterKind> routers = planRouters(plan);
    const QString slo = sloText(plan.base.slo).toHtmlEscaped();
    if (plan.axis != FleetAxis::Replicas) {
        for (RouterKind r : routers) {
            QStringList meeting;
            for (const FleetSweepPoint& p : points)
                if (p.router == r && p.point.metrics.meetsSlo)
                    meeting << (plan.axis == FleetAxis::Staleness
                            ? FleetSweepText::tr("%1 ms").arg(QString::fromStdString(formatSigShort(p.stalenessMs, 4)))
                            : router(p.router));
            lines << (meeting.isEmpty()
                    ? FleetSweepText::tr("%1: meets %2 at no point").arg(router(r), slo)
                    : FleetSweepText::tr("%1: meets %2 at %3").arg(router(r), slo, meeting.join(QStringLiteral(", "))));
        }
        return lines;
    }
    const RouterSaving s = routerSaving(points, routers);
    for (const auto& [r, min] : s.minMeeting)
        lines << (min > 0 ? FleetSweepText::tr("%1: the smallest swept fleet meeting %2 has <b>%3</b>")
                                .arg(router(r), slo, replicas(min))
                          : FleetSweepText::tr("%1: no swept fleet size meets %2").arg(router(r), slo));
    if (s.bestReplicas == 0)
        lines << FleetSweepText::tr("No swept fleet size meets the SLO with any router: sweep larger fleets.");
    else if (s.roundRobinSwept && s.best != RouterKind::RoundRobin) {
        if (s.roundRobinReplicas == 0)
            lines << FleetSweepText::tr("%1 meets it with %2; round-robin with none of the swept sizes.")
                         .arg(router(s.best), replicas(s.bestReplicas));
        else if (s.roundRobinReplicas > s.bestReplicas)
            lines << FleetSweepText::tr("<b>%1 saves %2</b> over round-robin.")
                         .arg(router(s.best), replicas(s.roundRobinReplicas - s.bestReplicas));
    }
    return lines;
}

} // namespace lorascope
