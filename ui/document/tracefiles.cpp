// SPDX-License-Identifier: Apache-2.0
#include "document/tracefiles.h"

#include "formats/traceio.h"

namespace lorascope {

namespace {

const TraceFormat* byExtension(const QString& path)
{
    return formatForPath(path.toStdString());
}

} // namespace

TraceTarget exportTarget(const QString& path, const QString& chosenFormat)
{
    const QString lower = path.toLower();
    auto endsWith = [&](const std::string& ext) { return lower.endsWith(QString::fromStdString(ext)); };
    const TraceFormat* chosen = findFormat(chosenFormat.toStdString());
    const TraceFormat* byExt = byExtension(path);
    if (!chosen || !chosen->write || chosen->extensions.empty())
        return { path, byExt ? QString::fromStdString(byExt->name) : chosenFormat };
    for (const auto& e : chosen->extensions)
        if (endsWith(e))
            return { path, chosenFormat };
    if (byExt) {
        // "t.jsonl" with Mooncake chosen: a shared plain extension; the content tells the formats
        // apart when the file is read, so the choice stands.
        for (const auto& e : byExt->extensions)
            for (const auto& c : chosen->extensions)
                if (endsWith(e) && c.size() > e.size() && c.compare(c.size() - e.size(), e.size(), e) == 0)
                    return { path, chosenFormat };
        // "t.csv" with JSONL chosen: the typed extension wins, so name and content agree.
        if (byExt->write)
            return { path, QString::fromStdString(byExt->name) };
    }
    // "trace1" → "trace1.csv"; "run.v2" (an unknown extension) → "run.v2.csv".
    return { path + QString::fromStdString(chosen->extensions.front()), chosenFormat };
}

bool hasKnownTraceExtension(const QString& path)
{
    const TraceFormat* f = byExtension(path);
    return f && f->read;
}

QStringList traceFilters(bool forWriting)
{
    QStringList filters;
    for (const auto& f : traceFormats()) {
        if (forWriting ? !f.write : !f.read)
            continue;
        QStringList pats;
        for (const auto& e : f.extensions)
            pats << QLatin1Char('*') + QString::fromStdString(e);
        filters << QString::fromStdString(f.name + " — " + f.description) + QStringLiteral(" (")
                + pats.join(QLatin1Char(' ')) + QLatin1Char(')');
    }
    return filters;
}

QString formatOfFilter(const QString& filter)
{
    const QString name = filter.section(QStringLiteral(" — "), 0, 0);
    return findFormat(name.toStdString()) ? name : QString();
}

QStringList readableFormats()
{
    QStringList out;
    for (const auto& f : traceFormats())
        if (f.read)
            out << QString::fromStdString(f.name);
    return out;
}

} // namespace lorascope
