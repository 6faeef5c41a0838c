// SPDX-License-Identifier: Apache-2.0
#pragma once
// The generator of sessions and shared prefixes (spec.sessions, spec.prefix; docs/workload.md,
// "Sessions and shared prefixes"). generate() calls it when a spec has either. Deterministic from
// the seed: session starts come from the per-adapter generator, and adapter i's turns, think
// times, message lengths and prefix choices from its own stream, so what an adapter produces does
// not depend on the others.

#include "util/progress.h"
#include "workload/spec.h"
#include "workload/trace.h"

#include <cstdint>
#include <utility>

namespace lorascope {

/// The trace of a spec with sessions and/or shared prefixes. Validates first (InputError).
Trace generateWithSessions(const WorkloadSpec& spec, const ProgressSink& progress = {});

/// True when generate() needs generateWithSessions() for this spec.
bool hasSessionsOrPrefixes(const WorkloadSpec& spec);

/// Mean of the spec's turns-per-session distribution (1 without sessions).
double meanTurns(const WorkloadSpec& spec);

/// The designed gap between a turn's send time and the end of its answer, as the generator assumes
/// it: firstTokenSeconds + outputLen × perOutputTokenSeconds.
double estimatedServiceSeconds(const ServiceEstimate& estimate, std::uint32_t outputLen);

/// Adapter a's input and output length specs: the spec's, or its adapter group's override.
std::pair<const LengthSpec*, const LengthSpec*> adapterLengthSpecs(const WorkloadSpec& spec, std::uint32_t adapter);

/// Segment ids the generator gives (opaque to every reader; documented for people reading traces):
/// adapter a's system prompt is a (the base model's: n), prefix group g's prefix m is
/// n + 1 + Σ_{h<g} count_h + m.
std::uint64_t systemPromptSegmentId(const WorkloadSpec& spec, std::uint32_t adapter);
std::uint64_t prefixGroupSegmentId(const WorkloadSpec& spec, std::size_t group, std::uint32_t member);

} // namespace lorascope
