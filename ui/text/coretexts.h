// SPDX-License-Identifier: Apache-2.0
#pragma once
// The core's user-visible English texts in the user's language. The core stays Qt-free: it gives
// stable codes and values (UserNote, ValidityWarning) or the fields a text is made of (CostModel),
// and this file says them with tr() (context "lorascope::CoreTexts"). Each function gives back the
// core's English text exactly when no translation is installed, and that text when it does not
// know a code (a note the core adds later shows in English until it is listed here).

#include "util/usernote.h"

#include <QCoreApplication>
#include <QString>

#include <string>

namespace lorascope {

struct CostModel;
struct ValidityWarning;

class CoreTexts {
    Q_DECLARE_TR_FUNCTIONS(lorascope::CoreTexts)
public:
    /// A fixed text (preset and scenario descriptions, listed in coretexts.cpp for lupdate).
    static QString text(const std::string& english);
    /// A note of the core by its code ("cost_stand_in", "num_token_unknown", "gpu_unknown",
    /// "slo_not_monotone").
    static QString note(const UserNote& note);
    /// A cost-model validity warning by its code (calibrate/validity.h).
    static QString warning(const ValidityWarning& warning);
    /// A cost model's description: the shipped presets' sentence made from their fields, else the
    /// model file's own description as it is.
    static QString costModelDescription(const CostModel& model);
    /// What provenanceSummary() says: where the model's numbers come from and how well it was validated.
    static QString provenance(const CostModel& model);
};

/// CoreTexts::text (kept for the callers that had it first).
QString coreText(const std::string& english);

} // namespace lorascope
