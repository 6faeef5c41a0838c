// SPDX-License-Identifier: Apache-2.0
#pragma once
// The replay's own live client metrics in Prometheus format (`replay --metrics-port N`), so an
// operator can put LoraScope next to the server's dashboards: requests sent, in flight, queued,
// completed and failed (by kind), output tokens, TTFT / ITL / E2E / send-lateness histograms, per
// adapter as a label (capped). Served by prometheus-cpp's pull exposer on its own threads. The
// metric names are stable and listed in docs/replay.md.

#include "replay/replay.h"

#include <cstdint>
#include <memory>
#include <string>

namespace lorascope {

struct ExporterOptions {
    std::string address = "127.0.0.1"; ///< loopback by default: expose further on purpose only
    std::uint16_t port = 0; ///< 0 = any free port (see ClientMetricsExporter::port)
    std::size_t maxAdapterLabels = 100; ///< adapters beyond get adapter="__other__"
    std::string backend, target, shard, version; ///< labels of lorascope_replay_info
};

class ClientMetricsExporter {
public:
    /// Binds and starts serving /metrics. Throws InputError naming --metrics-port when the
    /// address cannot be bound (in use, not local, no permission).
    explicit ClientMetricsExporter(const ExporterOptions& options);
    ~ClientMetricsExporter();
    ClientMetricsExporter(const ClientMetricsExporter&) = delete;
    ClientMetricsExporter& operator=(const ClientMetricsExporter&) = delete;

    /// The port actually listening.
    std::uint16_t port() const;
    /// "http://address:port/metrics".
    std::string url() const;

    /// Feed from the replay observer (any thread; the exporter is thread-safe).
    void onRecord(const ReplayRecord& record);
    void onStatus(const ReplayStatus& status);

    class Impl;

private:
    std::unique_ptr<Impl> m;
};

} // namespace lorascope
