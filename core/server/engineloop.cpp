// SPDX-License-Identifier: Apache-2.0
// The timeline: a pass that starts at real time t ends at t + stepSeconds/speed, and its tokens are sent then — as
// `simulate --clock model` puts a pass's tokens at its end. Passes follow each other without gaps while there is work;
// a late wake-up (a busy machine) is absorbed up to 50 ms, beyond that the timeline slips rather than bursting to catch
// up.

#include "server/engineloop.h"

#include "server/tokenwords.h"

#include <boost/asio/post.hpp>

#include <algorithm>
#include <cmath>
#include <unordered_set>

namespace lorascope {

EngineLoop::EngineLoop(
    ServerCore& core, ServerMetrics& metrics, EngineListener* listener, int replica, const ServerReplica* own)
    : m_core(core)
    , m_metrics(metrics)
    , m_listener(listener)
    , m_replica(replica)
    , m_pacer(own ? own->scheduler : core.opt.scheduler, own ? own->cost : core.opt.cost, core.opt.speed)
    , m_timer(core.engineIo)
    , m_wakes(core.workers.size())
{
}

std::string EngineLoop::submit(const std::shared_ptr<Stream>& st)
{
    if (m_core.stopping)
        return "server stopping";
    auto err = m_pacer.refusal(st->inputLen, st->outputLen, st->adapter.empty() ? 0 : st->rank);
    if (!err.empty())
        return err;
    // Queued for the first pass that starts at or after its arrival (below), as `simulate` submits
    // the requests with time <= now before each step: a pass whose decision this thread makes late
    // (a busy machine) must not take requests that arrived after the pass began.
    auto at = m_arrivals.end();
    while (at != m_arrivals.begin() && std::prev(at)->stream->arrival > st->arrival)
        --at; // stamps from different network threads may come slightly out of order
    m_arrivals.insert(at, Pending { st });
    m_requests.emplace(st->id, Entry { st });
    m_metrics.adapterRequests(st->adapter, 0, +1);
    kick();
    return {};
}

void EngineLoop::connectionEnded(std::uint64_t id, bool clientLeft)
{
    auto it = m_requests.find(id);
    if (it == m_requests.end())
        return; // finished or dropped already
    it->second.connected = false;
    auto pending
        = std::find_if(m_arrivals.begin(), m_arrivals.end(), [id](const Pending& p) { return p.stream->id == id; });
    if (pending != m_arrivals.end()) { // it never reached the scheduler
        m_arrivals.erase(pending);
        m_metrics.adapterRequests(it->second.stream->adapter, 0, -1);
        m_metrics.requestFinished(endOf(it->second, FinishReason::Abort, m_core.now()));
        if (clientLeft)
            ++m_core.counters.clientGone;
        m_requests.erase(it);
        return;
    }
    if (m_pacer.abort(id)) {
        if (clientLeft)
            ++m_core.counters.clientGone;
        kick(); // a waiting request leaves at the next step: run it even if nothing else would
    } else {
        m_requests.erase(it);
    }
}

bool EngineLoop::idle() const
{
    return m_pacer.idle() && m_arrivals.empty();
}

void EngineLoop::admitArrivals(double start)
{
    while (!m_arrivals.empty() && m_arrivals.front().stream->arrival <= start) {
        const Stream& st = *m_arrivals.front().stream;
        // Its tokens for the prefix cache: the prompt's as received, then the answer it will be sent (server/tokenwords.h).
        // Built here, after the limits let it in, so its size is bounded by the model's context.
        TokenKeyPtr key = st.keyed ? requestTokenKey(st.promptKey, st.id, st.outputLen) : nullptr;
        // The verdict was given at submit(); the limits have not changed since.
        m_pacer.submit(st.id, st.inputLen, st.outputLen, st.adapter, st.rank, st.arrival, std::move(key));
        if (m_listener)
            m_listener->submitted(m_replica, st.id);
        m_arrivals.pop_front();
    }
}

void EngineLoop::stop()
{
    m_timer.cancel();
}

void EngineLoop::kick()
{
    if (m_core.stopping || idle() || (m_stepping && !m_waitingTimeout))
        return;
    if (m_waitingTimeout) { // an arrival while the abort queue waits for its next
        // timeout: step now
        m_waitingTimeout = false;
        ++m_timerGeneration;
        m_timer.cancel();
    }
    m_stepping = true;
    // After idle, the first pass starts when its request arrived (simulate jumps to the arrival).
    m_passEnd = std::max(
        m_passEnd, m_pacer.idle() && !m_arrivals.empty() ? m_arrivals.front().stream->arrival : m_core.now());
    runStep();
}

void EngineLoop::runStep()
{
    if (m_core.stopping) {
        m_stepping = false;
        return;
    }
    const double start = m_passEnd;
    admitArrivals(start);
    PacedStep step = m_pacer.step(start);
    if (m_listener)
        m_listener->pass(
            m_replica, step.result, start, step.result.kind == StepKind::Idle ? start : start + step.seconds);
    publish(step.result);
    if (step.result.kind == StepKind::Idle) {
        applyLeaves(step.result);
        flushWakes();
        if (!step.result.preempted.empty()) {
            net::post(m_core.engineIo, [this] { runStep(); }); // vllm: everything preempted, prefill again
            return;
        }
        if (m_pacer.idle()) {
            if (!m_arrivals.empty()) { // requests that arrived after this pass's start: the next pass is theirs
                m_passEnd = std::max(m_passEnd, m_arrivals.front().stream->arrival);
                net::post(m_core.engineIo, [this] { runStep(); });
                return;
            }
            m_stepping = false;
            return;
        }
        if (m_pacer.stalled()) {
            // The queue head can never be admitted (S-LoRA would wait forever): refuse everything still waiting; the
            // next step reports them dropped and their clients get the event.
            for (auto& [id, e] : m_requests)
                if (!e.admitted)
                    m_pacer.abort(id);
            net::post(m_core.engineIo, [this] { runStep(); });
            return;
        }
        // Nothing can run until an arrival (which kicks) or the abort queue's next timeout.
        m_stepping = false;
        const double t = m_pacer.nextTimeout();
        if (std::isfinite(t)) {
            m_stepping = true;
            m_waitingTimeout = true;
            m_timer.expires_at(m_core.at(std::max(t, m_core.now())));
            m_timer.async_wait([this, generation = ++m_timerGeneration](const boost::system::error_code& ec) {
                if (generation != m_timerGeneration)
                    return; // superseded by an arrival (kick)
                m_waitingTimeout = false;
                if (ec || m_core.stopping) {
                    m_stepping = false;
                    return;
                }
                m_passEnd = std::max(m_passEnd, m_core.now());
                runStep();
            });
        }
        return;
    }
    m_passEnd = start + step.seconds;
    m_timer.expires_at(m_core.at(m_passEnd));
    m_timer.async_wait([this, start, step = std::move(step)](const boost::system::error_code& ec) {
        if (ec || m_core.stopping) {
            m_stepping = false;
            return;
        }
        afterPass(step, start);
        if (idle()) {
            m_stepping = false;
            return;
        }
        m_passEnd = std::max(m_passEnd, m_core.now() - 0.05);
        runStep();
    });
}

RequestEnd EngineLoop::endOf(const Entry& e, FinishReason reason, double end)
{
    const Stream& st = *e.stream;
    RequestEnd r;
    r.reason = reason;
    if (reason != FinishReason::Abort)
        r.e2e = end - st.arrival;
    r.queue = e.scheduledAt - st.arrival;
    r.prefill = e.firstTokenAt - e.scheduledAt;
    r.decode = e.lastTokenAt - e.firstTokenAt;
    r.inference = e.lastTokenAt - e.scheduledAt;
    r.promptTokens = st.inputLen;
    r.cachedTokens = e.cachedTokens;
    r.generatedTokens = e.generated;
    r.maxTokens = st.outputLen;
    return r;
}

void EngineLoop::afterPass(const PacedStep& step, double passStart)
{
    const StepResult& r = step.result;
    auto& metrics = m_metrics;
    const double end = m_core.now();
    for (const Admission& a : r.admitted) {
        auto it = m_requests.find(a.id);
        if (it == m_requests.end())
            continue;
        it->second.admitted = true;
        it->second.scheduledAt = passStart;
        it->second.cachedTokens = a.cachedTokens;
        Stream& st = *it->second.stream;
        metrics.adapterRequests(st.adapter, +1, -1);
        metrics.requestScheduled(passStart - st.arrival);
        std::lock_guard lock(st.mutex); // before its first token: the usage of every event reports it
        st.events.setCachedTokens(a.cachedTokens);
    }
    // The prefix cache's lookups of this pass, in tokens, as the policy counted them (vLLM: every
    // lookup; SGLang: the prefill batch's).
    if (r.prefixQueries > 0)
        metrics.prefixCacheLookups(r.prefixQueries, r.prefixHits);
    for (const Admission& a : r.resumed) { // vllm: back from preemption
        auto it = m_requests.find(a.id);
        if (it == m_requests.end() || it->second.admitted)
            continue;
        it->second.admitted = true;
        metrics.adapterRequests(it->second.stream->adapter, +1, -1);
    }
    std::uint64_t preemptedInput = 0, preemptedOutput = 0;
    for (auto id : r.preempted) {
        auto it = m_requests.find(id);
        if (it == m_requests.end() || !it->second.admitted)
            continue;
        it->second.admitted = false;
        preemptedInput += it->second.stream->inputLen;
        preemptedOutput += it->second.generated;
        metrics.adapterRequests(it->second.stream->adapter, -1, +1);
    }
    metrics.addPreemptions(r.preempted.size(), preemptedInput, preemptedOutput);
    const std::unordered_set<std::uint64_t> finished(r.finished.begin(), r.finished.end());
    m_gaps.clear();
    for (auto id : r.tokens) {
        auto it = m_requests.find(id);
        if (it == m_requests.end())
            continue;
        Entry& e = it->second;
        if (e.generated++ == 0) {
            e.firstTokenAt = end;
            metrics.firstToken(end - e.stream->arrival, e.stream->inputLen);
        } else {
            m_gaps.push_back(end - e.lastTokenAt);
        }
        e.lastTokenAt = end;
        if (!e.connected)
            continue;
        const auto& sp = e.stream;
        Stream& st = *sp;
        bool post = false;
        {
            std::lock_guard lock(st.mutex);
            if (st.finished || st.dropped || st.faultDue)
                continue;
            const std::uint32_t k = st.events.produced();
            if (k == faultPoint(st.outputLen) && st.fault != Fault::None) {
                if (st.fault == Fault::Malformed) {
                    ++m_core.counters.faults;
                    TokenEvents::appendMalformed(st.pending);
                } else if (st.fault == Fault::Disconnect || st.fault == Fault::Stall) {
                    st.faultDue = true;
                }
            }
            if (!st.faultDue) {
                const bool last = finished.count(id) > 0 || k + 1 >= st.outputLen;
                st.events.appendToken(st.pending, last);
                st.finished = last;
            }
            post = !st.notified;
            st.notified = true;
        }
        if (post)
            m_wakes[st.worker].push_back(sp);
    }
    metrics.addGenerationTokens(r.tokens.size());
    metrics.observeInterTokenLatencies(m_gaps.data(), m_gaps.size());
    for (auto id : r.finished) {
        auto it = m_requests.find(id);
        if (it == m_requests.end())
            continue;
        metrics.adapterRequests(it->second.stream->adapter, it->second.admitted ? -1 : 0, it->second.admitted ? 0 : -1);
        metrics.requestFinished(endOf(it->second, FinishReason::Length, end));
        m_requests.erase(it);
    }
    applyLeaves(r);
    metrics.addAdapterLoads(r.loadedAdapters.size());
    metrics.addAdapterUnloads(r.unloadedAdapters.size());
    metrics.observeIteration(std::uint64_t(std::max<std::int64_t>(0, r.shape.tokens)));
    flushWakes();
}

void EngineLoop::applyLeaves(const StepResult& r)
{
    for (const Drop& d : r.dropped) {
        auto it = m_requests.find(d.id);
        if (it == m_requests.end())
            continue;
        Entry& e = it->second;
        m_metrics.adapterRequests(e.stream->adapter, e.admitted ? -1 : 0, e.admitted ? 0 : -1);
        m_metrics.requestFinished(endOf(e, FinishReason::Abort, m_core.now()));
        if (e.connected) {
            Stream& st = *e.stream;
            bool post = false;
            {
                std::lock_guard lock(st.mutex);
                if (!st.finished) {
                    st.dropped = true;
                    st.events.appendDropped(st.pending);
                    post = !st.notified;
                    st.notified = true;
                }
            }
            if (post)
                m_wakes[st.worker].push_back(e.stream);
        }
        m_requests.erase(it);
    }
}

void EngineLoop::publish(const StepResult& r)
{
    EngineGauges g;
    g.running = r.runningRequests;
    g.waiting = r.queueLength + m_arrivals.size();
    g.kvUsed = r.kvUsed;
    g.kvCapacity = r.kvCapacity;
    g.residentAdapters = r.residentAdapters;
    m_metrics.setScheduler(g);
}

void EngineLoop::flushWakes()
{
    for (std::size_t w = 0; w < m_wakes.size(); ++w) {
        if (m_wakes[w].empty())
            continue;
        net::post(m_core.workers[w]->io, [list = std::move(m_wakes[w])] {
            for (const auto& s : list)
                if (s->wake)
                    s->wake->cancel();
        });
        m_wakes[w].clear();
    }
}

} // namespace lorascope
