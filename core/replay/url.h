// SPDX-License-Identifier: Apache-2.0
#pragma once
// The replay target: an http(s) base URL parsed into host, port and base path.

#include <string>

namespace lorascope {

/// A parsed http(s) URL.
struct TargetUrl {
    bool tls = false;
    std::string host;
    std::string port;
    std::string basePath; ///< without trailing slash; prefixed to the backend's path
};
/// Parses "http://host[:port][/base]" or "https://..."; throws InputError naming the field.
TargetUrl parseTargetUrl(const std::string& url, const std::string& field = "--target");

} // namespace lorascope
