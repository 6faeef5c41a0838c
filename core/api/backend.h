// SPDX-License-Identifier: Apache-2.0
#pragma once
// The serving APIs LoraScope speaks, by name: the one list both sides share — the replay client
// (core/replay: the requests it builds, the streams it reads) and the simulated server
// (core/server: the requests it accepts, the streams it writes). core/api holds the wire shapes
// of those APIs and depends on neither side (docs/replay.md, Backends). Plain C++.

#include <optional>
#include <string>
#include <vector>

namespace lorascope {

/// A serving system's API.
enum class Backend { SLora, OpenAiCompletions, OpenAiChat, SgLang, Tgi, Lorax };

/// Backend from its command-line name ("slora", "openai-completions", "openai-chat", "sglang",
/// "tgi", "lorax"); nullopt if unknown.
std::optional<Backend> backendFromName(const std::string& name);
/// The command-line name of a backend.
std::string backendName(Backend backend);
/// All backend names, comma-separated, for messages and help.
std::string backendNames();
/// Every backend.
const std::vector<Backend>& allBackends();

} // namespace lorascope
