// SPDX-License-Identifier: Apache-2.0
#pragma once
// One name and one unit for each quantity on every tab, and the translated texts of the core's
// stable ids (wait kinds, refusals, pass kinds, gap models). The core keeps English texts for the
// CLI; the desktop app says the same things through this table, in the user's language.

#include "admission/engine.h"
#include "analysis/theory.h"
#include "workload/limits.h"

#include <QCoreApplication>
#include <QString>

#include <vector>

namespace lorascope {

/// What the text of a wait reason needs besides its own numbers: the server's settings (for the
/// derivation of a limit), the clock of its times and the trace (adapter names). All optional.
struct WaitContext {
    const SchedulerConfig* server = nullptr;
    ClockKind clock = ClockKind::Steps;
    const Trace* trace = nullptr;
};

class Terms {
    Q_DECLARE_TR_FUNCTIONS(lorascope::Terms)
public:
    /// S-LoRA's SLO attainment, the same label on Admission, Compare and Replay.
    static QString sloAttainment();
    /// A fraction (0..1) as a percentage with one decimal ("11.9 %"); "–" for NaN.
    static QString percent(double fraction);
    /// A number with `sig` significant digits (analysis/numberformat).
    static QString number(double value, int sig = 3);
    /// The unit of a clock: "s" or "steps".
    static QString clockUnit(ClockKind clock);
    /// A time or duration on a clock with its unit: "21.47 s", "12.3 ms", "310 steps".
    static QString time(double value, ClockKind clock, int sig = 4);

    /// Short plain title of a wait kind ("KV cache full").
    static QString waitTitle(WaitKind kind);
    /// One line for tables and filters: the title and its numbers ("KV cache full: needs 5038, 4720
    /// free"; vLLM: "needs 38 KV blocks, 12 free", "LoRA slots full: this step's batch already has
    /// max_loras = 2 adapters (ad-3, ad-7)", "preempted at step 4,212 (recompute, 1,840 tokens again)").
    static QString waitShort(const WaitReason& reason, const WaitContext& context = {});
    /// A full sentence with units and the limit's derivation; `ranks` (when known) lists the
    /// ranks of the adapters whose weights the limit leaves out.
    static QString waitExplanation(
        const WaitReason& reason, const WaitContext& context = {}, const std::vector<int>& ranks = {});
    /// Why a request was refused on arrival, with the limit ("input longer than max_req_input_len (2048 tokens)").
    static QString rejectReason(RejectReason reason, const SchedulerConfig& server);
    /// What loading a request's adapter for its first pass cost ("adapter loading from CPU: 3.1 ms");
    /// empty when it was on the GPU already.
    static QString adapterLoad(AdapterTier tier, double seconds, ClockKind clock);
    static QString dropReason(DropReason reason);
    /// "prefill", "decode", "idle".
    static QString stepKind(StepKind kind);
    /// The gap model of the workload designer ("merge of 200 stationary renewal processes").
    static QString gapModel(const GapTheory::Description& model);
};

} // namespace lorascope
