// SPDX-License-Identifier: Apache-2.0
#include "replay/exporter.h"

#include "util/error.h"

#include <prometheus/counter.h>
#include <prometheus/exposer.h>
#include <prometheus/family.h>
#include <prometheus/gauge.h>
#include <prometheus/histogram.h>
#include <prometheus/registry.h>

#include <cmath>
#include <map>
#include <mutex>

namespace lorascope {

namespace {

// Exponential bounds from `start`, × `factor`, `count` of them.
std::vector<double> exponential(double start, double factor, int count)
{
    std::vector<double> b;
    for (int i = 0; i < count; ++i, start *= factor)
        b.push_back(start);
    return b;
}

const std::string kOther = "__other__";

} // namespace

class ClientMetricsExporter::Impl {
public:
    explicit Impl(const ExporterOptions& o)
        : m_o(o)
        , m_registry(std::make_shared<prometheus::Registry>())
        , m_sent(prometheus::BuildCounter()
                     .Name("lorascope_replay_requests_sent_total")
                     .Help("Requests sent by the replay client (HTTP request started).")
                     .Register(*m_registry)
                     .Add({}))
        , m_planned(prometheus::BuildGauge()
                        .Name("lorascope_replay_requests_planned")
                        .Help("Requests this replay process will send in all (its shard of the trace).")
                        .Register(*m_registry)
                        .Add({}))
        , m_inFlight(prometheus::BuildGauge()
                         .Name("lorascope_replay_requests_in_flight")
                         .Help("Requests sent and not ended.")
                         .Register(*m_registry)
                         .Add({}))
        , m_queued(prometheus::BuildGauge()
                       .Name("lorascope_replay_requests_queued")
                       .Help("Requests due but waiting for a --max-concurrency slot (client queue).")
                       .Register(*m_registry)
                       .Add({}))
        , m_fd(prometheus::BuildCounter()
                   .Name("lorascope_replay_fd_exhausted_total")
                   .Help("Requests that failed because no file descriptor was free.")
                   .Register(*m_registry)
                   .Add({}))
        , m_completed(prometheus::BuildCounter()
                          .Name("lorascope_replay_requests_completed_total")
                          .Help("Requests that streamed to their end marker.")
                          .Register(*m_registry))
        , m_failed(prometheus::BuildCounter()
                       .Name("lorascope_replay_requests_failed_total")
                       .Help("Requests that failed, by error kind (connect, http_status, disconnect, timeout, ...).")
                       .Register(*m_registry))
        , m_cancelled(prometheus::BuildCounter()
                          .Name("lorascope_replay_requests_cancelled_total")
                          .Help("Requests cancelled (the run was stopped).")
                          .Register(*m_registry))
        , m_tokens(prometheus::BuildCounter()
                       .Name("lorascope_replay_output_tokens_total")
                       .Help("Output tokens received by completed requests.")
                       .Register(*m_registry))
        , m_ttft(prometheus::BuildHistogram()
                     .Name("lorascope_replay_ttft_seconds")
                     .Help("Time to first token from the actual send, completed requests.")
                     .Register(*m_registry))
        , m_effTtft(prometheus::BuildHistogram()
                        .Name("lorascope_replay_effective_ttft_seconds")
                        .Help("Time to first token from the scheduled send time (coordinated omission included).")
                        .Register(*m_registry))
        , m_itl(prometheus::BuildHistogram()
                    .Name("lorascope_replay_itl_seconds")
                    .Help("Gaps between token events of completed requests.")
                    .Register(*m_registry))
        , m_e2e(prometheus::BuildHistogram()
                    .Name("lorascope_replay_e2e_seconds")
                    .Help("End-to-end latency from the actual send, completed requests.")
                    .Register(*m_registry))
        , m_lateness(prometheus::BuildHistogram()
                         .Name("lorascope_replay_send_lateness_seconds")
                         .Help("Actual send time minus scheduled send time, every sent request.")
                         .Register(*m_registry)
                         .Add({}, exponential(0.0001, 2, 18)))
    {
        prometheus::BuildGauge()
            .Name("lorascope_replay_info")
            .Help("The replay: backend, target, shard, LoraScope version (value 1).")
            .Register(*m_registry)
            .Add({ { "backend", o.backend }, { "target", o.target }, { "shard", o.shard }, { "version", o.version } })
            .Set(1);
        const std::string bind = (o.address.find(':') != std::string::npos ? "[" + o.address + "]" : o.address) + ":"
            + std::to_string(o.port);
        try {
            m_exposer = std::make_unique<prometheus::Exposer>(bind, 2);
        } catch (const std::exception& e) {
            throw InputError("--metrics-port: cannot listen on " + bind + ": " + e.what(), {}, 0, "--metrics-port");
        }
        m_exposer->RegisterCollectable(m_registry);
        const auto ports = m_exposer->GetListeningPorts();
        m_port = ports.empty() ? o.port : std::uint16_t(ports.front());
    }

    void onRecord(const ReplayRecord& r)
    {
        std::lock_guard lock(m_mutex);
        const auto& a = adapterLabel(r.adapter);
        if (std::isfinite(r.sent) && std::isfinite(r.scheduled))
            m_lateness.Observe(std::max(0.0, r.lateness()));
        switch (r.outcome) {
        case Outcome::Completed: {
            auto& s = series(a);
            s.completed->Increment();
            s.tokens->Increment(double(r.outputTokens()));
            if (std::isfinite(r.ttft()))
                s.ttft->Observe(r.ttft());
            if (std::isfinite(r.effectiveTtft()))
                s.effTtft->Observe(r.effectiveTtft());
            if (std::isfinite(r.e2el()))
                s.e2e->Observe(r.e2el());
            for (std::size_t i = 1; i < r.tokenTimes.size(); ++i)
                s.itl->Observe(r.tokenTimes[i] - r.tokenTimes[i - 1]);
            break;
        }
        case Outcome::Failed:
            m_failed.Add({ { "adapter", a }, { "kind", r.errorKind.empty() ? std::string("unknown") : r.errorKind } })
                .Increment();
            break;
        case Outcome::Cancelled:
            m_cancelled.Add({ { "adapter", a } }).Increment();
            break;
        }
    }

    void onStatus(const ReplayStatus& st)
    {
        std::lock_guard lock(m_mutex);
        if (st.sent > m_lastSent) {
            m_sent.Increment(double(st.sent - m_lastSent));
            m_lastSent = st.sent;
        }
        if (st.fdExhausted > m_lastFd) {
            m_fd.Increment(double(st.fdExhausted - m_lastFd));
            m_lastFd = st.fdExhausted;
        }
        m_planned.Set(double(st.total));
        m_inFlight.Set(double(st.inFlight));
        m_queued.Set(double(st.queued));
    }

    std::uint16_t port() const { return m_port; }
    const ExporterOptions& options() const { return m_o; }

private:
    struct Series {
        prometheus::Counter* completed;
        prometheus::Counter* tokens;
        prometheus::Histogram* ttft;
        prometheus::Histogram* effTtft;
        prometheus::Histogram* itl;
        prometheus::Histogram* e2e;
    };

    // The label of an adapter: its name for the first maxAdapterLabels adapters seen, then
    // "__other__" (thousands of adapters must not become thousands of series per metric).
    const std::string& adapterLabel(const std::string& adapter)
    {
        const std::string name = adapter.empty() ? std::string("(base)") : adapter;
        const auto it = m_labels.find(name);
        if (it != m_labels.end())
            return it->second;
        if (m_labels.size() >= m_o.maxAdapterLabels)
            return kOther;
        return m_labels.emplace(name, name).first->second;
    }

    Series& series(const std::string& a)
    {
        auto it = m_series.find(a);
        if (it != m_series.end())
            return it->second;
        const prometheus::Labels l { { "adapter", a } };
        Series s {
            &m_completed.Add(l),
            &m_tokens.Add(l),
            &m_ttft.Add(l, exponential(0.001, 2, 18)),
            &m_effTtft.Add(l, exponential(0.001, 2, 18)),
            &m_itl.Add(l, exponential(0.0005, 2, 16)),
            &m_e2e.Add(l, exponential(0.01, 2, 18)),
        };
        return m_series.emplace(a, s).first->second;
    }

    ExporterOptions m_o;
    std::shared_ptr<prometheus::Registry> m_registry;
    prometheus::Counter& m_sent;
    prometheus::Gauge& m_planned;
    prometheus::Gauge& m_inFlight;
    prometheus::Gauge& m_queued;
    prometheus::Counter& m_fd;
    prometheus::Family<prometheus::Counter>& m_completed;
    prometheus::Family<prometheus::Counter>& m_failed;
    prometheus::Family<prometheus::Counter>& m_cancelled;
    prometheus::Family<prometheus::Counter>& m_tokens;
    prometheus::Family<prometheus::Histogram>& m_ttft;
    prometheus::Family<prometheus::Histogram>& m_effTtft;
    prometheus::Family<prometheus::Histogram>& m_itl;
    prometheus::Family<prometheus::Histogram>& m_e2e;
    prometheus::Histogram& m_lateness;
    std::unique_ptr<prometheus::Exposer> m_exposer;
    std::uint16_t m_port = 0;
    std::mutex m_mutex;
    std::map<std::string, std::string> m_labels;
    std::map<std::string, Series> m_series;
    std::uint64_t m_lastSent = 0, m_lastFd = 0;
};

ClientMetricsExporter::ClientMetricsExporter(const ExporterOptions& options)
    : m(std::make_unique<Impl>(options))
{
}

ClientMetricsExporter::~ClientMetricsExporter() = default;

std::uint16_t ClientMetricsExporter::port() const
{
    return m->port();
}

std::string ClientMetricsExporter::url() const
{
    const auto& a = m->options().address;
    return "http://" + (a.find(':') != std::string::npos ? "[" + a + "]" : a) + ":" + std::to_string(port())
        + "/metrics";
}

void ClientMetricsExporter::onRecord(const ReplayRecord& record)
{
    m->onRecord(record);
}
void ClientMetricsExporter::onStatus(const ReplayStatus& status)
{
    m->onStatus(status);
}

} // namespace lorascope
