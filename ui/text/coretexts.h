// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QString>

#include <string>

namespace lorascope {

/// A user-visible English text that comes from the core as data (preset, scenario and cost-model
/// descriptions), in the user's language when the translation has it (context
/// "lorascope::CoreTexts", listed in coretexts.cpp for lupdate); else as it is.
QString coreText(const std::string& english);

} // namespace lorascope
