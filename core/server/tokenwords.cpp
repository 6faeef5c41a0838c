// SPDX-License-Identifier: Apache-2.0
#include "server/tokenwords.h"

#include "workload/prompttext.h"

#include <array>

namespace lorascope {

namespace {

// SplitMix64's finaliser.
std::uint64_t mix(std::uint64_t x)
{
    x += 0x9e3779b97f4a7c15ull;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
    return x ^ (x >> 31);
}

constexpr std::uint64_t kAnswerSeed = 0x736572766573696dull; // serve-sim's answers: one fixed stream per request id

std::uint32_t answerIndex(std::uint64_t request, std::uint32_t k)
{
    // A counter-based draw as the replay's prompt words (workload/prompttext.cpp): the top 10 bits.
    return static_cast<std::uint32_t>(mix(mix(kAnswerSeed ^ mix(request)) + k) >> 54);
}

const std::array<std::uint64_t, kPromptWordCount>& answerWordTokens()
{
    static const auto table = [] {
        std::array<std::uint64_t, kPromptWordCount> t {};
        for (std::size_t i = 0; i < kPromptWordCount; ++i)
            t[i] = wordToken(promptWords()[i]);
        return t;
    }();
    return table;
}

} // namespace

std::uint64_t wordToken(std::string_view word)
{
    std::uint64_t h = 0xcbf29ce484222325ull; // FNV-1a over the bytes, then mixed
    for (unsigned char c : word) {
        h ^= c;
        h *= 0x100000001b3ull;
    }
    return mix(h);
}

std::uint64_t tokenIdToken(std::uint64_t id)
{
    return mix(mix(id) ^ 0x746f6b656e2d6964ull); // a stream apart from the words' keys
}

void appendWordTokens(std::string_view text, std::vector<std::uint64_t>& out)
{
    std::size_t start = 0;
    bool inWord = false;
    for (std::size_t i = 0; i <= text.size(); ++i) {
        const bool space = i == text.size() || text[i] == ' ' || text[i] == '\n' || text[i] == '\t' || text[i] == '\r';
        if (!space && !inWord)
            start = i;
        else if (space && inWord)
            out.push_back(wordToken(text.substr(start, i - start)));
        inWord = !space;
    }
}

const char* answerWord(std::uint64_t request, std::uint32_t k)
{
    return promptWords()[answerIndex(request, k)];
}

std::uint64_t answerToken(std::uint64_t request, std::uint32_t k)
{
    return answerWordTokens()[answerIndex(request, k)];
}

TokenKeyPtr requestTokenKey(std::span<const std::uint64_t> prompt, std::uint64_t request, std::uint32_t answerTokens)
{
    std::vector<std::uint64_t> answer(answerTokens);
    for (std::uint32_t k = 0; k < answerTokens; ++k)
        answer[k] = answerToken(request, k);
    return tokenKeyFromTokens(prompt, answer);
}

} // namespace lorascope
