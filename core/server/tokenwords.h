// SPDX-License-Identifier: Apache-2.0
#pragma once
// What serve-sim takes a token to be, for the prefix cache of the policy it runs (workload/tokenkey.h):
// one token per whitespace-separated word of a prompt, the same words countPromptTokens() counts
// (server/apirequest.h), each keyed by a hash of its bytes (a token id given as a number by a hash
// of the id); and the answer it generates, token k of request r being a word of the replay's word
// list (workload/prompttext.h) drawn by a hash of (r, k), so that two answers share nothing by
// accident and a later turn that sends an earlier answer back hits the tokens the cache keeps of it
// (docs/servesim.md, "Prefix cache").

#include "workload/tokenkey.h"

#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

namespace lorascope {

/// The key of one prompt word (its bytes).
std::uint64_t wordToken(std::string_view word);
/// The key of a token given by id (a prompt sent as token ids).
std::uint64_t tokenIdToken(std::uint64_t id);
/// Appends the key of every word of `text` (whitespace as countPromptTokens() splits it).
void appendWordTokens(std::string_view text, std::vector<std::uint64_t>& out);

/// Token k of the answer serve-sim generates for request `request`: a word of the replay's list.
const char* answerWord(std::uint64_t request, std::uint32_t k);
/// wordToken(answerWord(request, k)), without hashing the bytes again.
std::uint64_t answerToken(std::uint64_t request, std::uint32_t k);

/// The key of a request: its prompt's tokens, then the `answerTokens` words it will generate.
TokenKeyPtr requestTokenKey(std::span<const std::uint64_t> prompt, std::uint64_t request, std::uint32_t answerTokens);

} // namespace lorascope
