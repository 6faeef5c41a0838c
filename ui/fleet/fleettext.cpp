// SPDX-License-Identifier: Apache-2.0
#include "fleet/fleettext.h"

#include <QLocale>

namespace lorascope {

QString FleetText::routerTitle(RouterKind kind)
{
    switch (kind) {
    case RouterKind::RoundRobin:
        return tr("Round-robin");
    case RouterKind::Random:
        return tr("Random");
    case RouterKind::LeastOutstanding:
        return tr("Least outstanding requests (AIBrix least-request)");
    case RouterKind::LeastKv:
        return tr("Least KV cache usage");
    case RouterKind::SessionAffinity:
        return tr("Session affinity (AIBrix)");
    case RouterKind::PrefixAware:
        return tr("Prefix-aware (GIE default profile)");
    case RouterKind::GieLoraFilter:
        return tr("GIE LoRA affinity (filter tree)");
    case RouterKind::GieLoraScorer:
        return tr("GIE LoRA affinity (scorers)");
    case RouterKind::AibrixLora:
        return tr("AIBrix: where the adapter is loaded, then least-request");
    case RouterKind::Hrw:
        return tr("Rendezvous hashing of adapters (Dynamo)");
    }
    return QString::fromStdString(routerName(kind));
}

QString FleetText::routerDescription(RouterKind kind)
{
    switch (kind) {
    case RouterKind::RoundRobin:
        return tr("Each request goes to the next replica in turn, whatever the replicas are doing (a Kubernetes "
                  "Service, Envoy ROUND_ROBIN).");
    case RouterKind::Random:
        return tr("Each request goes to a replica drawn at random (seeded, so runs repeat).");
    case RouterKind::LeastOutstanding:
        return tr("The replica with the fewest requests the router sent and has not seen finish. The router counts "
                  "these itself, so "
                  "the metrics' age does not matter (AIBrix least_request.go).");
    case RouterKind::LeastKv:
        return tr("The replica whose scraped KV cache usage is lowest (AIBrix least_kv_cache.go); stale metrics send "
                  "every request of a "
                  "scrape interval to the same replica.");
    case RouterKind::SessionAffinity:
        return tr("A session's later turns go to the replica its first turn went to; first turns at random (AIBrix "
                  "session-affinity). "
                  "Traces without sessions route every request at random.");
    case RouterKind::PrefixAware:
        return tr("GIE's default profile: the share of the prompt's 16-token blocks the router has sent to a replica "
                  "before (weight 3), "
                  "plus the queue (2) and free KV cache (2) scores; the highest total wins.");
    case RouterKind::GieLoraFilter:
        return tr("GIE's filter tree: replicas with at most 128 waiting requests; of those the ones running or queuing "
                  "the adapter "
                  "(taken with probability 0.999) or else with room for another adapter (active + waiting adapters < "
                  "max_lora); "
                  "then the fewest waiting and the least KV cache; one at random.");
    case RouterKind::GieLoraScorer:
        return tr("GIE's scorers: LoRA affinity 1.0 when the adapter is active, 0.8 with room to load it, 0.6 when it "
                  "is waiting, 0 "
                  "otherwise; plus the queue and KV scores; the highest total wins.");
    case RouterKind::AibrixLora:
        return tr("Only the replicas the adapter is loaded on (static placement; with dynamic placement every "
                  "replica), then the fewest "
                  "outstanding requests (AIBrix ModelAdapter and least-request).");
    case RouterKind::Hrw:
        return tr("Each adapter belongs to the replicas with the highest rendezvous hash weight (Dynamo's LoRA "
                  "allocation); its requests "
                  "go to the least busy of them.");
    }
    return {};
}

QString FleetText::rule(RouteRule rule)
{
    switch (rule) {
    case RouteRule::RoundRobin:
        return tr("in turn");
    case RouteRule::Random:
        return tr("at random");
    case RouteRule::LeastOutstanding:
        return tr("fewest outstanding");
    case RouteRule::LeastKv:
        return tr("least KV cache");
    case RouteRule::SessionFirst:
        return tr("session: first turn");
    case RouteRule::SessionFollow:
        return tr("session: same replica");
    case RouteRule::PrefixScore:
        return tr("cached prefix");
    case RouteRule::GieAffinity:
        return tr("LoRA affinity");
    case RouteRule::GieRoom:
        return tr("room for the adapter");
    case RouteRule::GieNoLora:
        return tr("queue and KV");
    case RouteRule::GieScore:
        return tr("highest score");
    case RouteRule::GieShed:
        return tr("dropped");
    case RouteRule::AibrixPlaced:
        return tr("placed, least-request");
    case RouteRule::HrwReplica:
        return tr("hashed replica");
    }
    return {};
}

QString FleetText::decision(const RouteDecision& d, const Trace& trace, std::uint32_t index, const QStringList& names)
{
    const QLocale loc;
    const std::uint32_t a = trace.requests[index].adapter;
    const QString adapter = a == kNoAdapter ? tr("base model") : QString::fromStdString(trace.adapters[a].name);
    auto name = [&](std::uint32_t r) { return int(r) < names.size() ? names[int(r)] : tr("replica %1").arg(r); };
    auto num = [&](double v) { return loc.toString(v, 'g', 3); };
    if (d.rule == RouteRule::GieShed || d.replica == kNoReplica)
        return tr("%1 → dropped: every replica was saturated (waiting or KV cache above the thresholds) and the "
                  "request is sheddable")
            .arg(adapter);
    QString why, butNot;
    switch (d.rule) {
    case RouteRule::RoundRobin:
        why = tr("next in turn");
        break;
    case RouteRule::Random:
        why = tr("at random among %n replica(s)", nullptr, d.candidates);
        break;
    case RouteRule::LeastOutstanding:
        why = tr("fewest outstanding requests (%1)").arg(num(d.value));
        butNot = tr("but more outstanding");
        break;
    case RouteRule::LeastKv:
        why = tr("lowest KV cache usage (%1 %)").arg(num(100.0 * d.value));
        butNot = tr("but more KV cache in use");
        break;
    case RouteRule::SessionFirst:
        why = tr("first request of its session: at random");
        break;
    case RouteRule::SessionFollow:
        why = tr("its session's earlier requests went there");
        butNot = tr("but its session is not there");
        break;
    case RouteRule::PrefixScore:
        why = tr("%1 of its %2 prompt blocks cached there (highest score)").arg(num(d.value), num(d.altValue));
        butNot = tr("but less of the prompt cached");
        break;
    case RouteRule::GieAffinity:
        why = d.detail == 2 ? tr("%1 waiting there").arg(adapter) : tr("active there");
        butNot = tr("but not %1").arg(adapter);
        break;
    case RouteRule::GieRoom:
        why = tr("room to load %1 (active + waiting adapters < max_lora)").arg(adapter);
        if (d.flags & kRouteExplored)
            why += tr("; replicas with %1 existed, the 0.1 % draw chose room").arg(adapter);
        butNot = tr("but no room for %1").arg(adapter);
        break;
    case RouteRule::GieNoLora:
        why = tr("no replica had %1 or room for another adapter: fewest waiting, then least KV cache").arg(adapter);
        break;
    case RouteRule::GieScore:
        why = tr("highest score (%1; LoRA %2)").arg(num(d.value), num(d.detail / 10.0));
        butNot = tr("but a lower score");
        break;
    case RouteRule::GieShed:
        break;
    case RouteRule::AibrixPlaced:
        why = tr("%1 is loaded on %n replica(s): fewest outstanding requests (%2)", nullptr, d.candidates)
                  .arg(adapter, num(d.value));
        butNot = tr("but %1 is not loaded there").arg(adapter);
        break;
    case RouteRule::HrwReplica:
        why = tr("one of %1's %n hashed replica(s): fewest outstanding requests (%2)", nullptr, d.detail)
                  .arg(adapter, num(d.value));
        butNot = tr("but not one of %1's").arg(adapter);
        break;
    }
    if (d.flags & kRouteQueueFull)
        why += tr(" (every replica had more waiting requests than the low-queue threshold)");
    if ((d.flags & kRoutePinned) && d.rule != RouteRule::AibrixPlaced)
        why += tr(" (static placement: %1 is on %n replica(s))", nullptr, d.candidates).arg(adapter);
    QString out = tr("%1 → %2: %3").arg(adapter, name(d.replica), why);
    if (d.alternative != kNoReplica) {
        out += tr("; %1 had fewer waiting requests (%2 vs %3)")
                   .arg(name(d.alternative), num(d.altWaiting), num(d.chosenWaiting));
        if (!butNot.isEmpty())
            out += QLatin1Char(' ') + butNot;
    }
    return out;
}

} // namespace lorascope
