// SPDX-License-Identifier: Apache-2.0
#pragma once
// Small helpers shared by the core tests (header-only, test code only).

#include "util/error.h"

#include <nlohmann/json.hpp>

#include <QString>
#include <QTest>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <functional>
#include <fstream>
#include <iterator>
#include <sstream>
#include <string>

#include <unistd.h>

namespace lorascope::test {

/// Fails the current test with "<path>: <why>" (Qt Test goes on with the next test function).
inline void failOnFile(
    const std::string& path, const std::string& why, const char* file = __FILE__, int line = __LINE__)
{
    QTest::qFail(("test file " + path + ": " + why).c_str(), file, line);
}

/// False (and the current test fails naming the file) when `path` does not exist or is a folder.
inline bool pathIsAFile(const std::string& path)
{
    std::error_code ec;
    if (!std::filesystem::exists(path, ec)) {
        failOnFile(path, "no such file (test data belongs in tests/data, see tests/data/README.md)");
        return false;
    }
    if (std::filesystem::is_directory(path, ec)) {
        failOnFile(path, "is a directory");
        return false;
    }
    return true;
}

/// True when `path` can be opened for reading; otherwise the current test fails naming the file
/// (a missing tests/data file is a failure that says which file, never a crash). Use it as
/// QVERIFY(test::requireFile(path)) before handing a path to a reader that throws. (It opens the
/// file: not for FIFOs.)
inline bool requireFile(const std::string& path)
{
    if (!pathIsAFile(path))
        return false;
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        failOnFile(path, std::string("cannot open: ") + std::strerror(errno));
        return false;
    }
    return true;
}

/// Reads the whole file into `text` (opened once, so a FIFO works); false, with the current test
/// failed naming the file, when it cannot be read.
inline bool readInto(const std::string& path, std::string& text)
{
    if (!pathIsAFile(path))
        return false;
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        failOnFile(path, std::string("cannot open: ") + std::strerror(errno));
        return false;
    }
    text.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
    if (in.bad()) {
        failOnFile(path, std::string("read error: ") + std::strerror(errno));
        return false;
    }
    return true;
}

/// The whole file. A file that cannot be read fails the current test naming it and gives "".
inline std::string readText(const std::string& path)
{
    std::string text;
    return readInto(path, text) ? text : std::string();
}

/// The file parsed as JSON. A file that cannot be read or is not JSON fails the current test
/// naming it (and the parser's position) and gives null; check QTest::currentTestFailed() before
/// going deeper when null would throw.
inline nlohmann::json readJsonFile(const std::string& path)
{
    std::string text;
    if (!readInto(path, text))
        return {};
    try {
        return nlohmann::json::parse(text);
    } catch (const nlohmann::json::exception& e) {
        failOnFile(path, std::string("not JSON: ") + e.what());
        return {};
    }
}

/// The message of the InputError that `f` throws ("" when it throws none).
inline QString inputErrorMessage(const std::function<void()>& f)
{
    try {
        f();
    } catch (const InputError& e) {
        return QString::fromStdString(e.what());
    }
    return {};
}

inline void writeText(const std::string& path, const std::string& text)
{
    std::ofstream out(path, std::ios::binary);
    out << text;
}

/// A fresh temporary directory removed at scope exit.
struct TempDir {
    std::filesystem::path path;
    TempDir()
    {
        path = std::filesystem::temp_directory_path()
            / ("lorascope-test-" + std::to_string(::getpid()) + "-" + std::to_string(counter()++));
        std::filesystem::remove_all(path);
        std::filesystem::create_directories(path);
    }
    ~TempDir() { std::filesystem::remove_all(path); }
    std::string file(const std::string& name) const { return (path / name).string(); }
    static int& counter()
    {
        static int c = 0;
        return c;
    }
};

} // namespace lorascope::test
