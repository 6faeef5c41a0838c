// SPDX-License-Identifier: Apache-2.0
#pragma once
// Save dialogs ask before replacing the file the user picked, but not the file we then write when
// we add the chosen format's extension ("trace" -> "trace.jsonl"). This asks for that one.

#include <QString>

class QWidget;

namespace lorascope {

/// True when `finalPath` may be written: it is the file the save dialog returned (the dialog
/// asked already), no such file exists, or the user agrees to replace it (a Yes/No question
/// titled `title`, parent `parent`).
bool confirmReplace(QWidget* parent, const QString& title, const QString& dialogPath, const QString& finalPath);

} // namespace lorascope
