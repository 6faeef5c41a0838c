// SPDX-License-Identifier: Apache-2.0
#pragma once

class QMainWindow;
class QSettings;

namespace lorascope {

/// Saves and restores window geometry, dock/splitter state and preferences in QSettings, under a
/// version number so an incompatible layout from an older release is ignored (GammaRay's way).
namespace UiState {
inline constexpr int kVersion = 2; // 2: charts in a reflowing grid, explain panel share, admission banner
void save(QMainWindow* window);
void restore(QMainWindow* window);
}

} // namespace lorascope
