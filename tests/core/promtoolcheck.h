// SPDX-License-Identifier: Apache-2.0
#pragma once
// Prometheus's own promtool as the judge of serve-sim's /metrics expositions (tst_servesimcore,
// tst_servesimmetrics). promtool comes with Debian's prometheus package (packaging/install-deps.sh
// test); without it the check fails, it is not skipped.

#include <QProcess>
#include <QStandardPaths>
#include <QString>
#include <QStringList>

#include <string>

// promtool's verdict on an exposition: empty = clean. A parse error always counts; of the lint remarks, only those
// that the real servers' own metric names draw are excused (vLLM and SGLang put a colon in every name, which
// Prometheus reserves for recording rules, vLLM names a histogram vllm:iteration_tokens_total,
// SGLang a gauge sglang:lora_pool_slots_total) — serve-sim copies
// those names on purpose.
inline QString promtoolProblems(const std::string& text)
{
    const QString promtool = QStandardPaths::findExecutable(QStringLiteral("promtool"));
    if (promtool.isEmpty())
        return QStringLiteral("promtool not found (Debian package prometheus; packaging/install-deps.sh test)");
    QProcess p;
    p.start(promtool, { QStringLiteral("check"), QStringLiteral("metrics") });
    if (!p.waitForStarted(10000))
        return QStringLiteral("promtool did not start");
    p.write(QByteArray::fromStdString(text));
    p.closeWriteChannel();
    p.waitForFinished(30000);
    const QString out = QString::fromUtf8(p.readAllStandardOutput() + p.readAllStandardError()).trimmed();
    if (p.exitCode() == 0 && out.isEmpty())
        return {};
    if (p.exitCode() != 3) // 1 = the text could not be parsed
        return QStringLiteral("exit %1: %2").arg(p.exitCode()).arg(out);
    QStringList left;
    for (const QString& line : out.split(QLatin1Char('\n'), Qt::SkipEmptyParts)) {
        const bool serverName = line.startsWith(QLatin1String("vllm:")) || line.startsWith(QLatin1String("sglang:"));
        if (serverName && line.endsWith(QLatin1String("metric names should not contain ':'")))
            continue;
        if (line == QLatin1String("vllm:iteration_tokens_total non-counter metrics should not have \"_total\" suffix")
            || line
                == QLatin1String("sglang:lora_pool_slots_total non-counter metrics should not have \"_total\" suffix"))
            continue;
        left << line;
    }
    return left.join(QLatin1Char('\n'));
}
