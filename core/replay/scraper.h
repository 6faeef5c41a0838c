// SPDX-License-Identifier: Apache-2.0
#pragma once
// Scrapes the target's Prometheus endpoint during a replay, on its own thread (never the
// dispatcher's or a network thread's), one scrape at a time every `interval` seconds on the
// replay's clock: a slow or broken endpoint delays only the next scrape, never a request. Every
// scrape becomes a ServerSample (for the summary and live charts) and a server_metrics.jsonl
// line (every series, changes only between keyframes; failures with their reason).

#include "replay/servermap.h"
#include "replay/url.h"

#include <nlohmann/json.hpp>

#include <chrono>
#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace lorascope {

/// What to scrape and how (ReplayOptions::scrape).
struct ScrapeOptions {
    bool enabled = false; ///< the library default; `lorascope-cli replay` scrapes unless --no-metrics
    std::string url; ///< empty = the target's base URL + "/metrics"
    double interval = 0.5; ///< seconds between scrape starts
    double timeout = 0; ///< per scrape, seconds; 0 = max(interval, 1 s)
    std::size_t maxBytes = 16u << 20; ///< a larger answer fails the scrape (too_large)
    std::size_t maxSeries = 20000; ///< series recorded per scrape; more are counted, not kept
    std::size_t keyframeEvery = 60; ///< every N-th line lists every series; the others only changes
    bool finalScrape = true; ///< one more scrape after the last request ended
};

/// One scrape: its mapped sample and its line of server_metrics.jsonl.
struct ScrapeRecord {
    ServerSample sample;
    nlohmann::json line;
};

/// The scraper thread. Construct (checks the URL and resolves the host: InputError naming
/// --metrics-url), then start() and stop(). Not copyable.
class Scraper {
public:
    using Clock = std::chrono::steady_clock;
    struct Hooks {
        std::function<void(const ScrapeRecord&)> onScrape; ///< scraper thread
        std::function<void(const std::string&)> onNote; ///< scraper thread, once per kind of trouble
    };

    /// `target` gives the default URL (target base + /metrics); TLS settings are the replay's.
    /// `apiKey` is sent (as the requests' bearer token) only to the target's own scheme, host and
    /// port, never to another host.
    Scraper(const ScrapeOptions& options, const TargetUrl& target, bool verifyTls, const std::string& caFile,
        const std::string& apiKey = {});
    ~Scraper();
    Scraper(const Scraper&) = delete;
    Scraper& operator=(const Scraper&) = delete;

    /// The URL scraped.
    const TargetUrl& url() const;
    /// Starts the thread; sample times are seconds since `runStart`.
    void start(Clock::time_point runStart, Hooks hooks);
    /// Stops (after one final scrape when options.finalScrape and `final`; a cancelled run
    /// skips it), joins, and returns every sample.
    std::vector<ServerSample> stop(bool final = true);

    class Impl;

private:
    std::unique_ptr<Impl> m;
};

/// The server_metrics.jsonl line of a failed scrape (also used for scrapes that never ran).
nlohmann::json failedScrapeLine(const ServerSample& sample);

} // namespace lorascope
