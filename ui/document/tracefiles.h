// SPDX-License-Identifier: Apache-2.0
#pragma once
// File names for trace export and import: an exported file gets the extension
// of the chosen format, so Import lists it and reads it back; a file without a known extension is
// read by the format the user picks (or the one its content shows).

#include <QString>
#include <QStringList>

namespace lorascope {

/// The file an export writes and its format. A name without an extension gets the format's
/// first one ("trace1" + CSV → "trace1.csv"); a name with another known format's extension keeps
/// it and that format is used ("t.csv" with JSONL chosen writes CSV), so extension and content agree.
struct TraceTarget {
    QString path;
    QString format;
};
TraceTarget exportTarget(const QString& path, const QString& chosenFormat);

/// True if the name ends with an extension a readable format claims.
bool hasKnownTraceExtension(const QString& path);

/// Name filters for a file dialog: "name — description (*.ext …)" per format that can read
/// (or write), each format's name first so formatOfFilter() finds it again.
QStringList traceFilters(bool forWriting);
QString formatOfFilter(const QString& filter);

/// Names of the formats that can read, for "Read as" choices.
QStringList readableFormats();

} // namespace lorascope
