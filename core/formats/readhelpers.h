// SPDX-License-Identifier: Apache-2.0
#pragma once
// Checks the native readers share (JSONL, JSON, CSV, S-LoRA's list; defined in native.cpp), with
// messages naming file, line and field. Internal to core/formats.

#include "workload/bounds.h"
#include "workload/trace.h"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <istream>
#include <string>

namespace lorascope::readhelpers {

/// A token count read as a number: a positive integer up to kMaxTokenLength (0 allowed on a failed request).
std::uint32_t checkLength(
    double v, const char* field, const std::string& file, std::uint64_t line, bool failed = false);
/// A time in seconds from 0 to kMaxTraceTime.
double checkTime(double v, const char* field, const std::string& file, std::uint64_t line);
/// A think time in seconds from 0 to kMaxThinkSeconds.
double checkThink(double v, const char* field, const std::string& file, std::uint64_t line);
/// Appends a request's failed flag (the column is created on the first failed request).
void pushFailed(Trace& t, bool failed);
/// A whole JSON document (the shared reader: depth limit, plain-words errors); an empty file names what was `expected`.
nlohmann::json parseWhole(std::istream& in, const std::string& file, const char* expected);

} // namespace lorascope::readhelpers
