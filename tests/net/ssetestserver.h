// SPDX-License-Identifier: Apache-2.0
#pragma once
// A small streaming server for the network tests, plain HTTP or HTTPS, on 127.0.0.1 with a port
// chosen at run time. It records every request it gets (target, headers, body) and answers
// POST /generate_stream with one SSE `data:` event per token (`parameters.max_new_tokens` of
// them), the last with `"finished": true`, as S-LoRA's api_server does. It also answers
// /v1/completions, /v1/chat/completions (OpenAI, " tok" per token, usage with
// prompt_tokens_details.cached_tokens) and /generate (SGLang, meta_info.cached_tokens): prompt
// tokens are whitespace-separated words, and cached tokens what a perfect prefix cache of the same
// model would hold (the longest common word prefix with an earlier request's prompt, or its prompt
// and answer once the answer is complete).
// Also: in-process self-signed certificates (OpenSSL) for the TLS tests.
// Boost.Beast lives only in ssetestserver.cpp; this header has no networking types.

#include <atomic>
#include <chrono>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace lorascope::test {

/// A PEM certificate and its private key.
struct TestCert {
    std::string certPem;
    std::string keyPem;
};

/// Makes a self-signed certificate (EC P-256, SHA-256, valid from an hour ago for a day) with
/// CN = `commonName` and subjectAltName DNS:`dnsNames`…, IP:`ipAddresses`…. Throws on failure.
TestCert makeSelfSignedCert(const std::string& commonName, const std::vector<std::string>& dnsNames,
    const std::vector<std::string>& ipAddresses);

/// One request as the server received it.
struct SeenRequest {
    std::string method;
    std::string target;
    std::string authorization; ///< the Authorization header, empty when absent
    std::string body;
    std::vector<std::pair<std::string, std::string>> headers; ///< every header (name as sent, value)
    double receivedAt = 0; ///< seconds on the steady clock when the request was read
    double endedAt = 0; ///< when its last token was written (0 until then; in requests() after)
    std::string answer; ///< the text streamed back (OpenAI and SGLang)
    std::uint64_t cachedTokens = 0; ///< what the server reported as cached
};

/// The POST requests among `seen` (the replay's own; the metrics scraper GETs /metrics).
inline std::vector<SeenRequest> posts(const std::vector<SeenRequest>& seen)
{
    std::vector<SeenRequest> out;
    for (const auto& s : seen)
        if (s.method == "POST")
            out.push_back(s);
    return out;
}

class SseTestServer {
public:
    struct Options {
        bool tls = false;
        TestCert cert; ///< used when tls
        std::string requiredAuthorization; ///< when set, other values get HTTP 401 (no stream)
        double tokenSpacing = 0.002; ///< seconds between token events
    };

    /// Binds 127.0.0.1:0 and serves on its own thread until destroyed. Throws on failure.
    explicit SseTestServer(Options options);
    ~SseTestServer();
    SseTestServer(const SseTestServer&) = delete;
    SseTestServer& operator=(const SseTestServer&) = delete;

    std::uint16_t port() const;
    /// Requests fully read so far (thread-safe copy).
    std::vector<SeenRequest> requests() const;
    /// TCP connections accepted so far.
    std::uint64_t connections() const;
    /// Connections whose TLS handshake failed.
    std::uint64_t handshakeFailures() const;

    class Impl;

private:
    std::unique_ptr<Impl> m_impl;
};

} // namespace lorascope::test
