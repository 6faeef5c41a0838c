// SPDX-License-Identifier: Apache-2.0
#include "workload/prompttext.h"

namespace lorascope {

namespace {

std::uint64_t mix(std::uint64_t x)
{
    x += 0x9e3779b97f4a7c15ull;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
    return x ^ (x >> 31);
}

void appendPiece(
    std::string& out, const Trace& t, const PromptPiece& p, std::uint64_t seed, const AnswerLookup& answers)
{
    if (p.kind == PromptPiece::Kind::Answer && answers) {
        if (const std::string* text = answers(static_cast<std::size_t>(p.id))) {
            // A completion continues its prompt directly: the answer's own leading space (if any) separates it.
            out += *text;
            return;
        }
    }
    appendContentWords(out, seed, contentKey(t, p), p.tokens);
}

} // namespace

void appendContentWords(std::string& out, std::uint64_t seed, std::uint64_t key, std::uint32_t tokens)
{
    const auto& words = promptWords();
    const std::uint64_t base = mix(seed ^ mix(key));
    out.reserve(out.size() + std::size_t(tokens) * 7);
    for (std::uint32_t k = 0; k < tokens; ++k) {
        // A counter-based draw: word k depends on (seed, key, k) only. The top 10 bits pick it.
        const std::uint64_t h = mix(base + k);
        if (!out.empty())
            out += ' ';
        out += words[h >> 54];
    }
}

std::uint64_t contentKey(const Trace& t, const PromptPiece& p)
{
    const std::uint64_t id = p.kind == PromptPiece::Kind::Segment ? p.id : t.idOf(static_cast<std::size_t>(p.id));
    return mix(mix(static_cast<std::uint64_t>(p.kind) + 0x51) ^ id);
}

std::string promptText(const Trace& t, std::size_t i, std::uint64_t seed, const AnswerLookup& answers)
{
    std::vector<PromptPiece> pieces;
    appendPromptPieces(t, i, pieces);
    std::string out;
    for (const auto& p : pieces)
        appendPiece(out, t, p, seed, answers);
    return out;
}

std::vector<ChatMessage> promptMessages(const Trace& t, std::size_t i, std::uint64_t seed, const AnswerLookup& answers)
{
    std::vector<PromptPiece> pieces;
    appendPromptPieces(t, i, pieces);
    std::vector<ChatMessage> out;
    std::size_t k = 0;
    if (k < pieces.size() && pieces[k].kind == PromptPiece::Kind::Segment && pieces[k].role == SegmentRole::System) {
        out.push_back({ "system", {} });
        for (;
             k < pieces.size() && pieces[k].kind == PromptPiece::Kind::Segment && pieces[k].role == SegmentRole::System;
             ++k)
            appendPiece(out.back().content, t, pieces[k], seed, answers);
    }
    for (; k < pieces.size(); ++k) {
        const auto& p = pieces[k];
        const char* role = p.kind == PromptPiece::Kind::Answer ? "assistant" : "user";
        if (out.empty() || out.back().role != role)
            out.push_back({ role, {} });
        std::string& content = out.back().content;
        if (p.kind == PromptPiece::Kind::Answer && answers) {
            if (const std::string* text = answers(static_cast<std::size_t>(p.id))) {
                content += *text; // the assistant's message as the server returned it
                continue;
            }
        }
        appendContentWords(content, seed, contentKey(t, p), p.tokens);
    }
    if (out.empty())
        out.push_back({ "user", {} });
    return out;
}

std::string sloraPrompt(std::uint32_t tokens)
{
    std::string s;
    s.reserve(6 * std::size_t(tokens));
    for (std::uint32_t i = 0; i < tokens; ++i)
        s += "Hello ";
    return s;
}

} // namespace lorascope
