// SPDX-License-Identifier: Apache-2.0
// lorascope-rendericon: renders the application icon SVG to the PNG sizes of the hicolor theme at
// build time with Qt Svg (rsvg-convert and inkscape are not build dependencies).
//
//   lorascope-rendericon ICON.svg OUTDIR NAME SIZE...   writes OUTDIR/SIZExSIZE/apps/NAME.png

#include <QDir>
#include <QFile>
#include <QImage>
#include <QPainter>
#include <QString>
#include <QSvgRenderer>

#include <cstdio>
#include <cstdlib>
#include <string>

int main(int argc, char** argv)
{
    if (argc < 5) {
        std::fprintf(stderr, "usage: lorascope-rendericon ICON.svg OUTDIR NAME SIZE...\n");
        return 2;
    }
    const QString svg = QString::fromLocal8Bit(argv[1]);
    const QString outDir = QString::fromLocal8Bit(argv[2]);
    const QString name = QString::fromLocal8Bit(argv[3]);
    QSvgRenderer renderer(svg);
    if (!renderer.isValid()) {
        std::fprintf(stderr, "lorascope-rendericon: error: %s is not a valid SVG file\n", argv[1]);
        return 1;
    }
    for (int i = 4; i < argc; ++i) {
        char* end = nullptr;
        const long size = std::strtol(argv[i], &end, 10);
        if (!end || *end || size < 8 || size > 1024) {
            std::fprintf(stderr, "lorascope-rendericon: error: bad size \"%s\" (8..1024)\n", argv[i]);
            return 2;
        }
        const int s = static_cast<int>(size);
        QImage image(s, s, QImage::Format_ARGB32_Premultiplied);
        image.fill(Qt::transparent);
        {
            QPainter painter(&image);
            painter.setRenderHint(QPainter::Antialiasing);
            painter.setRenderHint(QPainter::SmoothPixmapTransform);
            renderer.render(&painter, QRectF(0, 0, s, s));
        }
        const QString dir = QStringLiteral("%1/%2x%2/apps").arg(outDir).arg(s);
        if (!QDir().mkpath(dir)) {
            std::fprintf(stderr, "lorascope-rendericon: error: cannot create %s\n", qPrintable(dir));
            return 1;
        }
        const QString file = dir + QLatin1Char('/') + name + QStringLiteral(".png");
        // write to a temporary name and rename, so an interrupted build never leaves half a PNG
        const QString tmp = file + QStringLiteral(".tmp");
        if (!image.convertToFormat(QImage::Format_ARGB32).save(tmp, "PNG")) {
            std::fprintf(stderr, "lorascope-rendericon: error: cannot write %s\n", qPrintable(tmp));
            return 1;
        }
        QFile::remove(file);
        if (!QFile::rename(tmp, file)) {
            std::fprintf(
                stderr, "lorascope-rendericon: error: cannot rename %s to %s\n", qPrintable(tmp), qPrintable(file));
            return 1;
        }
    }
    return 0;
}
