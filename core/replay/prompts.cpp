// SPDX-License-Identifier: Apache-2.0
// The prompts replay sends (docs/replay.md, "Prompts"): the options' names, the prompt of a trace
// request under them, and what manifest.json records of them. The text itself is
// workload/prompttext.cpp's.

#include "replay/replay.h"

#include <nlohmann/json.hpp>

#include <stdexcept>

namespace lorascope {

const char* promptStyleName(PromptStyle style)
{
    return style == PromptStyle::SLora ? "slora" : "unique";
}

std::optional<PromptStyle> promptStyleFromName(const std::string& name)
{
    if (name == "unique")
        return PromptStyle::Unique;
    if (name == "slora")
        return PromptStyle::SLora;
    return std::nullopt;
}

const char* sessionHistoryName(SessionHistory history)
{
    return history == SessionHistory::Synthetic ? "synthetic" : "actual";
}

std::optional<SessionHistory> sessionHistoryFromName(const std::string& name)
{
    if (name == "actual")
        return SessionHistory::Actual;
    if (name == "synthetic")
        return SessionHistory::Synthetic;
    return std::nullopt;
}

ReplayPrompt promptFor(const Trace& trace, const ReplayOptions& options, std::uint64_t seed, std::size_t index,
    const AnswerLookup& answers)
{
    ReplayPrompt p;
    if (!options.prompts.empty()) {
        p.text = options.prompts[index % options.prompts.size()];
        return p;
    }
    const std::uint32_t inputLen = trace.requests[index].inputLen;
    if (inputLen > kMaxSyntheticPromptTokens)
        throw std::length_error("input of " + std::to_string(inputLen) + " tokens is over the replay limit of "
            + std::to_string(kMaxSyntheticPromptTokens) + " tokens for synthetic prompts");
    if (options.promptStyle == PromptStyle::SLora)
        p.text = sloraPrompt(inputLen);
    else if (options.backend == Backend::OpenAiChat)
        p.messages = promptMessages(trace, index, seed, answers);
    else
        p.text = promptText(trace, index, seed, answers);
    return p;
}

nlohmann::json promptManifestJson(const ReplayOptions& o, std::uint64_t seed)
{
    return { { "style", o.prompts.empty() ? promptStyleName(o.promptStyle) : "file" }, { "seed", seed },
        { "session_history", sessionHistoryName(o.sessionHistory) },
        { "session_header", o.sessionHeader.empty() ? nlohmann::json(nullptr) : nlohmann::json(o.sessionHeader) } };
}

} // namespace lorascope
