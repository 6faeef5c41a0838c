// SPDX-License-Identifier: Apache-2.0
#include "replay/url.h"

#include "util/error.h"

namespace lorascope {

TargetUrl parseTargetUrl(const std::string& url, const std::string& field)
{
    TargetUrl t;
    std::string rest;
    if (url.rfind("http://", 0) == 0) {
        rest = url.substr(7);
    } else if (url.rfind("https://", 0) == 0) {
        t.tls = true;
        rest = url.substr(8);
    } else {
        throw InputError(std::string(field) + ": " + "target URL must start with http:// or https://: '" + url + "'", {}, 0, field);
    }
    const auto slash = rest.find('/');
    std::string hostPort = rest.substr(0, slash);
    if (slash != std::string::npos)
        t.basePath = rest.substr(slash);
    while (!t.basePath.empty() && t.basePath.back() == '/')
        t.basePath.pop_back();
    if (hostPort.find('@') != std::string::npos)
        throw InputError(std::string(field) + ": " + "credentials in the URL are not accepted (use --api-key or LORASCOPE_API_KEY)", {}, 0, field);
    if (!hostPort.empty() && hostPort.front() == '[') { // [v6]:port
        const auto close = hostPort.find(']');
        if (close == std::string::npos)
            throw InputError(std::string(field) + ": " + "unterminated IPv6 address in '" + url + "'", {}, 0, field);
        t.host = hostPort.substr(1, close - 1);
        if (close + 1 < hostPort.size() && hostPort[close + 1] == ':')
            t.port = hostPort.substr(close + 2);
    } else {
        const auto colon = hostPort.rfind(':');
        t.host = hostPort.substr(0, colon);
        if (colon != std::string::npos)
            t.port = hostPort.substr(colon + 1);
    }
    if (t.host.empty())
        throw InputError(std::string(field) + ": " + "no host in target URL '" + url + "'", {}, 0, field);
    if (t.port.empty())
        t.port = t.tls ? "443" : "80";
    for (char c : t.port)
        if (c < '0' || c > '9')
            throw InputError(std::string(field) + ": " + "bad port '" + t.port + "' in target URL '" + url + "'", {}, 0, field);
    return t;
}

} // namespace lorascope
