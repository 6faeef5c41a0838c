// SPDX-License-Identifier: Apache-2.0
#include "widgets/confirmreplace.h"

#include <QCoreApplication>
#include <QFileInfo>
#include <QMessageBox>

namespace lorascope {

bool confirmReplace(QWidget* parent, const QString& title, const QString& dialogPath, const QString& finalPath)
{
    if (finalPath == dialogPath || !QFileInfo::exists(finalPath))
        return true;
    return QMessageBox::question(parent, title,
               QCoreApplication::translate("ConfirmReplace", "%1 already exists. Replace it?").arg(finalPath))
        == QMessageBox::Yes;
}

} // namespace lorascope
