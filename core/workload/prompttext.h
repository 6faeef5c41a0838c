// SPDX-License-Identifier: Apache-2.0
#pragma once
// Synthetic prompt text for a trace's requests that tells a prefix cache the truth: two requests
// share exactly the tokens the trace's prefix structure says they share (workload/trace.h) and
// nothing else. Each content (a declared segment, a request's own text, a request's answer) is a
// stream of words drawn from a fixed list of 1024 one-token words by a hash of (seed, content,
// position): the same trace and seed give the same bytes on every machine, in every shard; a
// different seed gives different text throughout (nothing shared with an earlier run's cache).
// S-LoRA's own prompt ("Hello " × n, which makes every prompt a prefix of every longer one) stays
// available for comparisons with S-LoRA (sloraPrompt()). Used by replay and by the vLLM export.

#include "workload/prefix.h"
#include "workload/trace.h"

#include <array>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace lorascope {

/// Words in the prompt word list (a power of two: each word carries 10 bits).
inline constexpr std::size_t kPromptWordCount = 1024;
/// The word list (workload/promptwords.cpp; docs/replay.md says how it was checked).
const std::array<const char*, kPromptWordCount>& promptWords();

/// Appends `tokens` words of content `key` under `seed`, separated by single spaces, with a space
/// before the first unless `out` is empty. A content's first k words are the same for every length.
void appendContentWords(std::string& out, std::uint64_t seed, std::uint64_t key, std::uint32_t tokens);

/// The content a piece of request `i`'s prompt names, as a text key: segments by id, tails and
/// answers by the request id of their request (so shards and reordered traces agree).
std::uint64_t contentKey(const Trace& trace, const PromptPiece& piece);

/// The text the server actually returned for request j, or nullptr to use the synthetic answer.
using AnswerLookup = std::function<const std::string*(std::size_t j)>;

/// Request i's prompt as one text (completion backends): its pieces in order, synthetic words, and
/// each earlier turn's answer as the server returned it (`answers`) or synthetic.
std::string promptText(const Trace& trace, std::size_t i, std::uint64_t seed, const AnswerLookup& answers = {});

/// One chat message.
struct ChatMessage {
    std::string role; ///< "system", "user" or "assistant"
    std::string content;
    bool operator==(const ChatMessage&) const = default;
};
/// Request i's prompt as chat messages: leading system segments as a system message, then user
/// messages (documents, blocks and own text) and the earlier turns' answers as assistant messages.
std::vector<ChatMessage> promptMessages(
    const Trace& trace, std::size_t i, std::uint64_t seed, const AnswerLookup& answers = {});

/// S-LoRA's benchmark prompt, "Hello " × tokens (every such prompt is a prefix of every longer one).
std::string sloraPrompt(std::uint32_t tokens);

} // namespace lorascope
