// SPDX-License-Identifier: Apache-2.0
// The replay's prompt options: which prompts it sends (--prompt-style, --prompt-seed) and how a
// session's later turns send back the earlier answers and say which session they belong to
// (--session-history, --session-header). docs/replay.md, "Prompts" and "Sessions".

#include "cli/promptflags.h"

#include "cli/commands.h"
#include "replay/replay.h"

#include <nlohmann/json.hpp>

#include <charconv>

namespace lorascope::cli {

std::vector<std::string> promptValueFlags()
{
    return { "--prompt-style", "--prompt-seed", "--session-history", "--session-header" };
}

void applyPromptFlags(const Args& a, ReplayOptions& o)
{
    if (auto s = a.value("--prompt-style")) {
        const auto style = promptStyleFromName(*s);
        if (!style)
            throw UsageError("--prompt-style: expected unique or slora, got \"" + *s + "\"");
        o.promptStyle = *style;
    }
    if (auto s = a.value("--prompt-seed")) {
        std::uint64_t seed = 0;
        const auto* b = s->data();
        const auto* e = b + s->size();
        const auto res = std::from_chars(b, e, seed);
        if (s->empty() || res.ec != std::errc() || res.ptr != e)
            throw UsageError("--prompt-seed: expected an integer from 0 to 18446744073709551615, got \"" + *s + "\"");
        o.promptSeed = seed;
    }
    if (auto s = a.value("--session-history")) {
        const auto h = sessionHistoryFromName(*s);
        if (!h)
            throw UsageError("--session-history: expected actual or synthetic, got \"" + *s + "\"");
        o.sessionHistory = *h;
    }
    if (auto s = a.value("--session-header")) {
        if (s->empty())
            throw UsageError("--session-header: expected a header name, e.g. " + std::string(kDefaultSessionHeader));
        o.sessionHeader = *s; // its syntax is checked by the Replayer (an InputError naming the flag)
    }
    if (!o.prompts.empty() && (a.has("--prompt-style") || a.has("--prompt-seed")))
        throw UsageError("--prompts FILE sends the file's prompts: --prompt-style and --prompt-seed do not apply");
}

} // namespace lorascope::cli
