// SPDX-License-Identifier: Apache-2.0
#pragma once
// The Fleet view's sentences (translatable): routers by name with what each does, and a routing
// decision in words ("ad-7 → replica-3: active there; replica-1 had fewer waiting requests (0 vs
// 2) but not ad-7"), from the core's rule and numbers (fleet/router.h).

#include "fleet/fleetconfig.h"
#include "fleet/router.h"

#include <QCoreApplication>
#include <QString>
#include <QStringList>

namespace lorascope {

class FleetText {
    Q_DECLARE_TR_FUNCTIONS(FleetText)
public:
    /// The router's name as shown, e.g. "GIE LoRA affinity (filters)".
    static QString routerTitle(RouterKind kind);
    /// One or two sentences: what the router does and whose code it follows.
    static QString routerDescription(RouterKind kind);
    /// The decision for trace request `index`, with the replicas' names.
    static QString decision(const RouteDecision& d, const Trace& trace, std::uint32_t index, const QStringList& names);
    /// The rule as a short label for a table column.
    static QString rule(RouteRule rule);
};

} // namespace lorascope
