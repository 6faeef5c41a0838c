// SPDX-License-Identifier: Apache-2.0
#include "server/httprules.h"

#include <boost/asio/error.hpp>
#include <boost/beast/core/error.hpp>
#include <boost/beast/core/string.hpp>
#include <boost/beast/http/error.hpp>
#include <boost/beast/http/rfc7230.hpp>

#include <cctype>

namespace lorascope {

namespace net = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
using boost::system::error_code;

HttpRefusal refusalForReadError(const error_code& ec, std::string_view received, bool requestLineRead)
{
    if (ec == http::error::end_of_stream || ec == net::error::eof || ec == net::error::connection_reset
        || ec == net::error::operation_aborted || ec == http::error::partial_message || ec == net::error::broken_pipe)
        return { 0, {} }; // the client left (or the server is stopping): nobody to answer
    if (ec == beast::error::timeout)
        return received.empty() && !requestLineRead ? HttpRefusal { 0, {} }
                                                    : HttpRefusal { 408, "request not received in time" };
    if (ec == http::error::header_limit || ec == http::error::buffer_overflow) {
        // 414 when the request line alone is too long, else 431. Beast consumes the request line and each field as they
        // complete, so `received` starts with the request line only if that line never completed.
        if (!requestLineRead) {
            const auto eol = received.find("\r\n");
            if ((eol == std::string_view::npos ? received.size() : eol) > kMaxTargetBytes)
                return { 414, "request target longer than " + std::to_string(kMaxTargetBytes) + " bytes" };
        }
        return { 431, "request header fields larger than " + std::to_string(kHeaderLimitBytes) + " bytes" };
    }
    if (ec == http::error::body_limit)
        return { 413, "request body too large" };
    if (ec == http::error::bad_version) {
        // Beast refuses every version but 1.0 and 1.1 alike; a well-formed other one is a 505.
        const auto line = received.substr(0, received.find("\r\n"));
        const auto n = line.size();
        if (n >= 8 && line.substr(n - 8, 5) == "HTTP/" && std::isdigit(static_cast<unsigned char>(line[n - 3]))
            && line[n - 2] == '.' && std::isdigit(static_cast<unsigned char>(line[n - 1])))
            return { 505, "HTTP version not supported: HTTP/1.0 and HTTP/1.1 only" };
    }
    if (ec.category() == make_error_code(http::error::bad_method).category())
        return { 400, "malformed HTTP request: " + ec.message() };
    return { 0, {} }; // a socket error: nothing can be sent
}

std::optional<HttpRefusal> refusalForHead(const http::request_header<>& h, bool chunked)
{
    if (h.version() != 10 && h.version() != 11)
        return HttpRefusal { 505, "HTTP version not supported: HTTP/1.0 and HTTP/1.1 only" };
    const auto target = h.target();
    if (target.size() > kMaxTargetBytes)
        return HttpRefusal { 414, "request target longer than " + std::to_string(kMaxTargetBytes) + " bytes" };
    if (target.empty()
        || (target.front() != '/' && target != "*" && !target.starts_with("http://")
            && !target.starts_with("https://")))
        return HttpRefusal { 400, "malformed request target" };
    const auto hosts = h.count(http::field::host);
    if (h.version() == 11 && hosts == 0)
        return HttpRefusal { 400, "HTTP/1.1 request without a Host header" };
    if (hosts > 1)
        return HttpRefusal { 400, "more than one Host header" };
    if (h.count(http::field::transfer_encoding) > 0) {
        if (h.version() == 10)
            return HttpRefusal { 400, "Transfer-Encoding in an HTTP/1.0 request" };
        if (!chunked) {
            // chunked present but not last is malformed; anything else is a coding serve-sim does not implement.
            const auto te = h[http::field::transfer_encoding];
            bool hasChunked = false;
            for (const auto& coding : http::token_list { te })
                hasChunked |= beast::iequals(coding, "chunked");
            if (hasChunked)
                return HttpRefusal { 400, "chunked must be the last transfer coding" };
            return HttpRefusal { 501, "transfer coding not implemented (only chunked)" };
        }
    }
    return std::nullopt;
}

} // namespace lorascope
