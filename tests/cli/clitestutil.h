// SPDX-License-Identifier: Apache-2.0
#pragma once
// Runs the real lorascope-cli binary (LORASCOPE_CLI_PATH) for CLI tests.

#include <QProcess>
#include <QString>
#include <QStringList>

#include <string>

namespace lorascope::test {

struct Run {
    int code; ///< exit code; -1 timed out, -2 crashed
    QString out, err;
};

inline Run cli(const QStringList& args)
{
    QProcess p;
    p.start(QStringLiteral(LORASCOPE_CLI_PATH), args);
    if (!p.waitForFinished(120000)) {
        p.kill();
        p.waitForFinished(5000);
        return { -1, {}, QStringLiteral("timed out") };
    }
    return { p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -2, QString::fromUtf8(p.readAllStandardOutput()),
        QString::fromUtf8(p.readAllStandardError()) };
}

inline QString q(const std::string& s)
{
    return QString::fromStdString(s);
}

} // namespace lorascope::test
