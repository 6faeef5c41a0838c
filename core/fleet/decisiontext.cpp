// SPDX-License-Identifier: Apache-2.0
// Routing decisions in words (English: the CLI and the JSON files; the desktop has its own
// translatable sentences in ui/text/).

#include "fleet/router.h"

#include <cmath>
#include <cstdio>

namespace lorascope {

std::string routeRuleName(RouteRule rule)
{
    switch (rule) {
    case RouteRule::RoundRobin:
        return "round_robin";
    case RouteRule::Random:
        return "random";
    case RouteRule::LeastOutstanding:
        return "least_outstanding";
    case RouteRule::LeastKv:
        return "least_kv";
    case RouteRule::SessionFirst:
        return "session_first";
    case RouteRule::SessionFollow:
        return "session_follow";
    case RouteRule::PrefixScore:
        return "prefix_score";
    case RouteRule::GieAffinity:
        return "lora_affinity";
    case RouteRule::GieRoom:
        return "lora_room";
    case RouteRule::GieNoLora:
        return "no_lora_match";
    case RouteRule::GieScore:
        return "score";
    case RouteRule::GieShed:
        return "shed";
    case RouteRule::AibrixPlaced:
        return "placed_least_request";
    case RouteRule::HrwReplica:
        return "hrw_least_outstanding";
    }
    return "round_robin";
}

namespace {

std::string num(double v)
{
    char buf[32];
    if (std::abs(v - std::round(v)) < 1e-9)
        std::snprintf(buf, sizeof buf, "%.0f", v);
    else
        std::snprintf(buf, sizeof buf, "%.3g", v);
    return buf;
}

std::string plural(double n, const char* one, const char* many)
{
    return num(n) + " " + (std::abs(n - 1) < 1e-9 ? one : many);
}

} // namespace

std::string describeDecision(
    const RouteDecision& d, const Trace& trace, std::uint32_t index, const std::vector<std::string>& names)
{
    const std::uint32_t a = trace.requests[index].adapter;
    const std::string adapter = a == kNoAdapter ? std::string("base model") : trace.adapters[a].name;
    auto name = [&](std::uint32_t r) { return r < names.size() ? names[r] : "replica " + std::to_string(r); };
    if (d.rule == RouteRule::GieShed || d.replica == kNoReplica)
        return adapter
            + " → dropped: every replica was saturated (waiting or KV cache above the thresholds) and the request is "
              "sheddable";
    std::string why;
    std::string butNot;
    switch (d.rule) {
    case RouteRule::RoundRobin:
        why = "next in turn";
        break;
    case RouteRule::Random:
        why = "at random among " + plural(d.candidates, "replica", "replicas");
        break;
    case RouteRule::LeastOutstanding:
        why = "fewest outstanding requests (" + num(d.value) + ")";
        butNot = "but more outstanding";
        break;
    case RouteRule::LeastKv:
        why = "lowest KV cache usage (" + num(100.0 * d.value) + " %)";
        butNot = "but more KV cache in use";
        break;
    case RouteRule::SessionFirst:
        why = "first request of its session: at random";
        break;
    case RouteRule::SessionFollow:
        why = "its session's earlier requests went there";
        butNot = "but its session is not there";
        break;
    case RouteRule::PrefixScore:
        why = num(d.value) + " of its " + plural(d.altValue, "prompt block", "prompt blocks")
            + " cached there (highest score)";
        butNot = "but less of the prompt cached";
        break;
    case RouteRule::GieAffinity:
        why = d.detail == 2 ? adapter + " waiting there" : "active there";
        butNot = "but not " + adapter;
        break;
    case RouteRule::GieRoom:
        why = "room to load " + adapter + " (active + waiting adapters < max_lora)";
        if (d.flags & kRouteExplored)
            why += "; replicas with " + adapter + " existed, the 0.1 % draw chose room";
        butNot = "but no room for " + adapter;
        break;
    case RouteRule::GieNoLora:
        why = "no replica had " + adapter + " or room for another adapter: fewest waiting, then least KV cache";
        break;
    case RouteRule::GieScore:
        why = "highest score (" + num(d.value) + "; LoRA " + num(d.detail / 10.0) + ")";
        butNot = "but a lower score";
        break;
    case RouteRule::GieShed:
        break;
    case RouteRule::AibrixPlaced:
        why = adapter + " is loaded on " + plural(d.candidates, "replica", "replicas")
            + ": fewest outstanding requests (" + num(d.value) + ")";
        butNot = "but " + adapter + " is not loaded there";
        break;
    case RouteRule::HrwReplica:
        why = "one of " + adapter + "'s " + plural(d.detail, "hashed replica", "hashed replicas")
            + ": fewest outstanding requests (" + num(d.value) + ")";
        butNot = "but not one of " + adapter + "'s";
        break;
    }
    if ((d.flags & kRouteQueueFull) != 0)
        why += " (every replica had more waiting requests than the low-queue threshold)";
    if ((d.flags & kRoutePinned) != 0 && d.rule != RouteRule::AibrixPlaced)
        why += " (static placement: " + adapter + " is on " + plural(d.candidates, "replica", "replicas") + ")";
    std::string out = adapter + " → " + name(d.replica) + ": " + why;
    if (d.alternative != kNoReplica)
        out += "; " + name(d.alternative) + " had fewer waiting requests (" + num(d.altWaiting) + " vs "
            + num(d.chosenWaiting) + ")" + (butNot.empty() ? std::string() : " " + butNot);
    return out;
}

} // namespace lorascope
