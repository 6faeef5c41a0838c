// SPDX-License-Identifier: Apache-2.0
#pragma once
// The wire formats of the serving systems a trace can be replayed against (docs/replay.md, Backends): the request
// each backend expects and how its streamed events are read. Plain C++, no networking.

#include "api/backend.h"
#include "replay/sse.h"
#include "workload/prompttext.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace lorascope {

/// What one request asks for, independent of the wire format.
struct GenerationRequest {
    std::string baseModel; ///< base model (S-LoRA model_dir; OpenAI model when no adapter)
    std::string adapter; ///< adapter name; empty = base model only
    std::string prompt;
    std::uint32_t maxNewTokens = 0;
    /// openai-chat: the messages to send; empty = one user message holding `prompt`.
    std::vector<ChatMessage> messages;
};

/// Path and JSON body of the HTTP POST for a backend.
struct WireRequest {
    std::string path;
    std::string body;
};

/// The POST a backend expects for `request` (always streaming, greedy, ignore_eos where supported).
WireRequest buildWireRequest(Backend backend, const GenerationRequest& request);

/// The state of one response stream while its events are read.
struct StreamState {
    std::uint64_t tokens = 0; ///< tokens counted from events (chunks carrying text for OpenAI)
    std::int64_t reportedOutputTokens = -1; ///< tokens the server reported (usage, details), -1 = none
    std::int64_t reportedInputTokens = -1;
    std::int64_t reportedCachedTokens = -1; ///< prompt tokens served from the prefix cache, -1 = not reported
    bool done = false; ///< the stream's end marker was seen ([DONE], finished, details)
    std::string error; ///< non-empty: the server reported an error or sent a malformed event
    std::uint64_t sglangLastTokens = 0;
    std::size_t sglangLastTextLen = 0;
};

/// Reads one event into `state`; returns the number of new token events it carried (0 or more).
/// Sets state.error on a malformed event or a server-reported error.
/// Events the exact scanner of eventscan.h can judge are read without building a JSON document (the hot path: one
/// event per token); every other event goes to detail::interpretWithLibrary(), which gives the same result.
std::uint32_t interpretEvent(Backend backend, const SseEvent& event, StreamState& state);

namespace detail {
/// interpretEvent() through nlohmann::json alone: the reference the fast path is tested against.
std::uint32_t interpretWithLibrary(Backend backend, const SseEvent& event, StreamState& state);
}

/// Appends the generated text an event carries to `text` (SGLang's cumulative text replaces it):
/// the answer a later turn of a session sends back. Events that carry none leave it as it is.
void appendEventText(Backend backend, const SseEvent& event, std::string& text);

/// True when the backend's streams have an explicit end (then EOF before it is an error).
bool backendHasEndMarker(Backend backend);

} // namespace lorascope
