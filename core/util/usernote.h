// SPDX-License-Identifier: Apache-2.0
#pragma once
// A sentence for the user that the core makes (English, for the CLI and files) with a stable code
// and the values it names, so the desktop can say it in the user's language (ui/text/coretexts.cpp
// maps each code to a translated sentence; an unknown code shows `text`).

#include <string>
#include <vector>

namespace lorascope {

struct UserNote {
    std::string code; ///< stable id, documented where the note is made
    std::string text; ///< the English sentence
    std::vector<std::string> args; ///< the values `text` names, in the order documented with the code
};

} // namespace lorascope
