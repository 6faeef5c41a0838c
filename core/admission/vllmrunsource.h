// SPDX-License-Identifier: Apache-2.0
#pragma once
// Where the vLLM 0.8.5 presets' coefficients come from (core/admission/costpresets.cpp): the first
// `calibratedOn` entry of such a preset starts with this, which the desktop's texts
// (ui/text/coretexts.cpp) recognise to say it in the user's language.

namespace lorascope {

inline constexpr const char* kVllmRunsSource = "Agullo et al. (arXiv 2508.08343), real vLLM 0.8.5 runs";

} // namespace lorascope
