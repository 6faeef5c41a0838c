// SPDX-License-Identifier: Apache-2.0
#pragma once
// What the Sweep tab says, translated: parameter titles, first value ranges, the verdict of a
// sweep and of the capacity finder in plain words, the cost model and paper note. Built from the
// core's structured results (the core's own sentences are the CLI's, in English).

#include "sweep/finder.h"
#include "sweep/fleetsweep.h"
#include "sweep/paper.h"

#include <QString>
#include <QStringList>

#include <cmath>

namespace lorascope {

struct Scenario;

/// "request rate R (req/s)", "number of adapters n", ...
QString sweepParamTitle(SweepParam param);
/// One plain sentence on what the parameter is.
QString sweepParamDescription(SweepParam param);
/// A first list or range of values for a parameter, around its current value where that makes sense.
QString defaultSweepValues(SweepParam param, double current);
/// Values as the values field shows them ("1,1.5,2").
QString sweepValuesText(SweepParam param, const std::vector<double>& values);
/// A suite's description ("A100-80G, S4: request rate"), translated.
QString suiteDescription(const Scenario& scenario);
/// "S-LoRA paper, A100 (80 GB), S4: throughput vs request rate".
QString paperFigureTitle(const PaperFigure& figure);
/// The SLO in words ("TTFT ≤ 6 s for at least 90 % of requests"), translated (the core's
/// SloTarget::describe() is the CLI's English).
QString sloText(const SloTarget& slo);
/// A value with its unit ("R = 5.5 req/s", "n = 200", "α = 0.3"), to `resolution` when given
/// (a search bracket's width or a sweep's step: 5.4321 within 0.049 reads "5.43").
QString sweepValueWithUnit(SweepParam param, double value, double resolution = NAN);

/// The verdict of a sweep's points (HTML-escaped lines): the largest value meeting the SLO or how
/// far the best one misses it; the first saturated value or that none saturates; GuideLLM's test.
/// The server a sweep runs and the limits it uses ("vLLM V1: max_num_seqs 256, …, max_lora_rank 16").
QString serverUsedText(const SimulationConfig& config);

/// The verdict's first line when the server refused requests at some points (empty when it refused
/// none): how many, where, and that they count against the SLO.
QString refusedLine(const std::vector<SweepPoint>& points, const SimulationConfig& config);

QStringList sweepVerdictLines(const SweepPlan& plan, const std::vector<SweepPoint>& points);
/// The capacity finder's answer in lines (HTML-escaped): capacity and bracket, or no value meets
/// the SLO (by how much at the lowest) / every value does; saturation; ranks and adapters that
/// break the SLO first; notes.
QStringList capacityLines(const CapacityResult& result);

/// The minimum-replicas answer in lines (HTML), per SLO and router, with the saving of the best
/// router over round-robin (ui/sweep/fleetsweeptext.cpp; the CLI says the same in English).
QStringList fleetCapacityLines(const FleetCapacityResult& result, const FleetSweepPlan& plan);
/// A fleet sweep's verdict in lines (HTML): each router's smallest swept fleet meeting the SLO (or
/// the staleness values / routers that meet it), the saving over round-robin.
QStringList fleetSweepLines(const FleetSweepPlan& plan, const std::vector<FleetSweepPoint>& points);

/// The cost model in use and where its numbers come from, the suite's notes, and for a paper suite
/// how far the preview is from S-LoRA's measurements at the points drawn (HTML).
QString costModelNote(const CostModel& cost, const QStringList& notes, const std::string& suite,
    const std::vector<const PaperFigure*>& figures, const std::vector<SweepPoint>& points);

} // namespace lorascope
