// SPDX-License-Identifier: Apache-2.0
#pragma once
// Fitting sessions and shared prefixes (docs/formats.md, "Fitting sessions and shared prefixes"):
// from a trace with session ids (turns, think times, the service estimate behind its designed
// times) or with prefix segments (Mooncake hash_ids, LoraScope's prefixes): the system prompt its
// adapters share, the prefix groups its requests share, and each request's own new text, which the
// input-length fit uses instead of the whole prompt. Part of fitTrace (fit/fit.h).

#include "fit/fit.h"

namespace lorascope {

/// The fit of the requests `used` of `trace` (indices, ascending). Empty without sessions and segments.
SessionFit fitSessions(const Trace& trace, const std::vector<std::size_t>& used);

/// Writes a session fit into a spec (sessions, prefix).
void applySessionFit(const SessionFit& fit, WorkloadSpec& spec);

} // namespace lorascope
