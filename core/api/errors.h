// SPDX-License-Identifier: Apache-2.0
#pragma once
// The error bodies of the serving APIs, as each server writes them. The replay client reads all of
// them alike (replay/backend.cpp: an "error" that is a string, or an object with a "message"), the
// simulated server writes the one of the server it stands for (docs/servesim.md, Errors). Plain C++.

#include <string>

namespace lorascope {

/// serve-sim's own body, for the S-LoRA and TGI routes and for malformed HTTP: {"error": message,
/// "error_type": kind, "param": field, "code": status} — `error` is a string as TGI and S-LoRA
/// clients expect, `param` and `code` as in OpenAI's error object.
std::string errorBody(int status, const std::string& message, const std::string& field = {});

/// vLLM's ErrorResponse: {"error": {"message", "type", "param", "code"}} with `code` the HTTP
/// status and `type` e.g. "NotFoundError", "BadRequestError", "InvalidUserInput"
/// (vllm/entrypoints/openai/engine/protocol.py ErrorInfo). `param` empty = null.
std::string vllmErrorBody(
    int status, const std::string& type, const std::string& message, const std::string& param = {});

/// SGLang's native routes (/generate and its stream): {"error": {"message": message}}
/// (http_server.py _create_error_response, and the event its stream sends for a ValueError).
std::string sglangErrorBody(const std::string& message);

/// SGLang's OpenAI routes, in a stream: {"error": {"object": "error", "message", "type", "param":
/// null, "code"}} (serving_base.py create_streaming_error_response; json.dumps spacing).
std::string sglangOpenAiErrorBody(int status, const std::string& type, const std::string& message);

} // namespace lorascope
