// SPDX-License-Identifier: Apache-2.0
#pragma once
// A strict scanner for the small JSON objects of streamed token events: the replay's hot path (one event per token,
// tens of thousands a second). It validates the whole text by the JSON grammar (RFC 8259) and finds member values
// without building a document or allocating. It decides only what it can decide exactly as nlohmann::json does and
// gives up (nullopt) on everything else: invalid JSON, nesting deeper than kMaxScanDepth, an integer part of more than
// 18 digits, exponents, \u escapes of UTF-16 surrogates, escapes in object keys. The caller then parses the event with
// nlohmann, so a malformed or unusual event is judged and reported by one parser only.

#include <cstdint>
#include <initializer_list>
#include <optional>
#include <string_view>

namespace lorascope::jsonscan {

inline constexpr int kMaxScanDepth = 32;

enum class Kind : std::uint8_t { Null, False, True, Integer, Float, String, Array, Object };

struct Value {
    Kind kind = Kind::Null;
    /// The value's text; for a string its content between the quotes, escapes not decoded.
    std::string_view raw;
    std::int64_t integer = 0; ///< Kind::Integer
    bool escaped = false; ///< Kind::String: the content has escapes (its decoded length is not raw.size())
};

/// The one JSON value `text` holds (whitespace around it allowed); nullopt when the text is not valid JSON or not
/// handled here.
std::optional<Value> scan(std::string_view text);

/// Members of an object (a Value that scan() returned, or one found inside it), several keys in one pass: out[k]
/// receives the value of the k-th key, the last one when a key repeats (as nlohmann keeps), or nullopt when absent.
/// All nullopt when `object` is not an object.
void members(const Value& object, std::initializer_list<std::string_view> keys, std::optional<Value>* out);

/// One member (see members()).
std::optional<Value> member(const Value& object, std::string_view key);

/// The first element of an array; nullopt when the array is empty or `array` is not an array.
std::optional<Value> first(const Value& array);

} // namespace lorascope::jsonscan
