// SPDX-License-Identifier: Apache-2.0
#include "api/backend.h"

namespace lorascope {

namespace {

struct BackendInfo {
    Backend backend;
    const char* name;
};

const BackendInfo kBackends[] = {
    { Backend::SLora, "slora" },
    { Backend::OpenAiCompletions, "openai-completions" },
    { Backend::OpenAiChat, "openai-chat" },
    { Backend::SgLang, "sglang" },
    { Backend::Tgi, "tgi" },
    { Backend::Lorax, "lorax" },
};

} // namespace

std::optional<Backend> backendFromName(const std::string& name)
{
    for (const auto& b : kBackends)
        if (name == b.name)
            return b.backend;
    return std::nullopt;
}

std::string backendName(Backend backend)
{
    for (const auto& b : kBackends)
        if (b.backend == backend)
            return b.name;
    return "?";
}

std::string backendNames()
{
    std::string out;
    for (const auto& b : kBackends) {
        if (!out.empty())
            out += ", ";
        out += b.name;
    }
    return out;
}

const std::vector<Backend>& allBackends()
{
    static const std::vector<Backend> list = { Backend::SLora, Backend::OpenAiCompletions, Backend::OpenAiChat,
        Backend::SgLang, Backend::Tgi, Backend::Lorax };
    return list;
}

} // namespace lorascope
