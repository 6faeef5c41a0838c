// SPDX-License-Identifier: Apache-2.0
#pragma once
// The Replay tab's words: the summary of a run with every figure's unit, the live figures
// (effective latency, token mismatch), how the server compares with the admission preview and
// why they may differ, and the tool tips that say where each number comes from. Translatable.

#include <QCoreApplication>
#include <QString>

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace lorascope {

struct AdmissionAnalysis;
struct ServerSample;

class ReplayText {
    Q_DECLARE_TR_FUNCTIONS(lorascope::ReplayText)
public:
    /// The summary panel's text from summary.json (vLLM `bench serve` keys plus LoraScope's).
    static QString summary(const nlohmann::json& s, const QString& error, const std::vector<std::string>& notes);
    /// One paragraph of live figures (rich text): completed/failed, TTFT and effective TTFT p50,
    /// token mismatch count and share (a warning when any).
    static QString liveFigures(std::uint64_t completed, std::uint64_t failed, const std::vector<double>& ttftMs,
        const std::vector<double>& effTtftMs, std::uint64_t mismatch, bool final);

    struct PreviewContext {
        bool fromFolder = false, started = false, builtin = true, hasDocument = false, running = false;
        double speed = 1.0;
        const AdmissionAnalysis* preview = nullptr;
        double previewAxisScale = 1.0;
        const std::vector<ServerSample>* samples = nullptr;
    };
    /// Server vs preview in plain words ("Server queue 3.0× the preview at t = 42 s"), and why
    /// the two may differ (speed, an external server's own settings, no session).
    static QString previewNote(const PreviewContext& c);
    /// The status line after opening a run folder.
    static QString openedFolder(
        int kind, std::uint32_t shardIndex, std::uint32_t shardCount, std::size_t requests, bool finished);

    static QString figuresHelp();
    static QString previewHelp();
    static QString summaryHelp();
};

} // namespace lorascope
