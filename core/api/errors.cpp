// SPDX-License-Identifier: Apache-2.0
#include "api/errors.h"

#include "formats/traceio.h"

namespace lorascope {

std::string errorBody(int status, const std::string& message, const std::string& field)
{
    const char* kind = status == 400 ? "validation" : status == 404 ? "not_found" : status < 500 ? "request" : "server";
    std::string out = "{\"error\":";
    appendJsonString(out, message);
    out += ",\"error_type\":\"";
    out += kind;
    out += "\",\"param\":";
    if (field.empty())
        out += "null";
    else
        appendJsonString(out, field);
    out += ",\"code\":" + std::to_string(status) + "}";
    return out;
}

std::string vllmErrorBody(int status, const std::string& type, const std::string& message, const std::string& param)
{
    std::string out = "{\"error\":{\"message\":";
    appendJsonString(out, message);
    out += ",\"type\":";
    appendJsonString(out, type);
    out += ",\"param\":";
    if (param.empty())
        out += "null";
    else
        appendJsonString(out, param);
    out += ",\"code\":" + std::to_string(status) + "}}";
    return out;
}

std::string sglangErrorBody(const std::string& message)
{
    std::string out = "{\"error\":{\"message\":";
    appendJsonString(out, message);
    out += "}}";
    return out;
}

std::string sglangOpenAiErrorBody(int status, const std::string& type, const std::string& message)
{
    std::string out = "{\"error\": {\"object\": \"error\", \"message\": ";
    appendJsonString(out, message);
    out += ", \"type\": ";
    appendJsonString(out, type);
    out += ", \"param\": null, \"code\": " + std::to_string(status) + "}}";
    return out;
}

} // namespace lorascope
