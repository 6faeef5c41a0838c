// SPDX-License-Identifier: Apache-2.0
#pragma once
// Small helpers shared by the core tests (header-only, test code only).

#include "util/error.h"

#include <nlohmann/json.hpp>

#include <QString>

#include <filesystem>
#include <functional>
#include <fstream>
#include <sstream>
#include <string>

#include <unistd.h>

namespace lorascope::test {

inline nlohmann::json readJsonFile(const std::string& path)
{
    std::ifstream in(path);
    std::stringstream ss;
    ss << in.rdbuf();
    return nlohmann::json::parse(ss.str());
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

inline std::string readText(const std::string& path)
{
    std::ifstream in(path, std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
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
        path = std::filesystem::temp_directory_path() / ("lorascope-test-" + std::to_string(::getpid()) + "-" + std::to_string(counter()++));
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
