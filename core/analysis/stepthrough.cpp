// SPDX-License-Identifier: Apache-2.0
#include "analysis/stepthrough.h"

#include "admission/policy.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <set>
#include <unordered_map>
#include <utility>

namespace lorascope {

StepThrough::StepThrough(std::shared_ptr<const Trace> trace, const SimulationConfig& config)
    : m_trace(std::move(trace))
    , m_config(config)
{
    m_config.scheduler.reportTokens = true; // the running batch is tracked from the token events
    m_scheduler = makePolicy(m_config.scheduler);
    const auto& r = m_trace->requests;
    m_now = r.empty() ? 0.0 : std::min(0.0, r.front().time);
}

StepThrough::~StepThrough() = default;

int StepThrough::rankOf(std::uint32_t adapter) const
{
    if (adapter == kNoAdapter)
        return 0;
    if (adapter < m_config.ranks.size())
        return m_config.ranks[adapter];
    return adapter < m_trace->adapters.size() ? m_trace->adapters[adapter].rank : 0;
}

bool StepThrough::next()
{
    if (m_done)
        return false;
    const auto& reqs = m_trace->requests;
    const std::size_t n = reqs.size();
    // Same clock rules as simulate(): submit arrivals up to now; idle → jump to the next arrival.
    std::vector<std::uint64_t> submitted; // queued before this pass: they start waiting unless it admits them
    for (int guard = 0; guard < 1000000; ++guard) {
        while (m_next < n && reqs[m_next].time <= m_now) {
            const Request& q = reqs[m_next];
            SimRequest sr;
            sr.id = m_next;
            sr.arrival = q.time;
            sr.inputLen = q.inputLen;
            sr.outputLen = q.outputLen;
            sr.adapter = q.adapter;
            sr.rank = rankOf(q.adapter);
            if (const RejectReason why = m_scheduler->submit(sr); why == RejectReason::None) {
                m_queue.push_back(m_next);
                submitted.push_back(m_next);
            } else {
                m_pendingRejected.push_back(m_next);
                m_pendingRejectedWhy.push_back(why);
            }
            ++m_next;
        }
        if (m_scheduler->idle()) {
            if (m_next >= n) {
                m_done = true;
                return false;
            }
            m_now = std::max(m_now, reqs[m_next].time);
            continue;
        }
        const std::vector<RunningEntry> before = m_running;
        StepResult s = m_scheduler->step(m_now);
        if (s.kind == StepKind::Idle) {
            for (const auto& d : s.dropped)
                m_queue.erase(std::remove(m_queue.begin(), m_queue.end(), d.id), m_queue.end());
            if (!s.preempted
                     .empty()) { // vllm: the running requests preempted one another; the next step prefills again
                movePreempted(s);
                continue;
            }
            double t = m_next < n ? reqs[m_next].time : std::numeric_limits<double>::infinity();
            t = std::min(t, m_scheduler->nextTimeout());
            if (!std::isfinite(t)) {
                m_done = true; // the queue head can never be admitted
                return false;
            }
            m_now = t > m_now ? t : std::nextafter(m_now, std::numeric_limits<double>::infinity());
            continue;
        }
        StepSnapshot snap;
        snap.index = m_snapshots.size();
        snap.start = m_now;
        snap.end = m_now + (m_config.clock == ClockKind::Steps ? 1.0 : stepSeconds(m_config.cost, s));
        snap.prefillSlices = m_scheduler->prefillSlices();

        // S-LoRA admission numbers for this pass's scan (docs/admission.md, The admission rule), from the batch before the pass; a
        // decode pass whose scan admitted nobody shows the request that stopped it.
        const bool slora
            = m_config.scheduler.policy == PolicyKind::SLora || m_config.scheduler.policy == PolicyKind::SLoraAbort;
        if (slora && (s.kind == StepKind::Prefill || s.attempted)) {
            const auto& lim = m_config.scheduler.limits;
            std::vector<std::pair<std::int64_t, std::int64_t>> list; // (used, left)
            std::set<std::uint32_t> adapters;
            for (const auto& e : before) {
                list.emplace_back(std::int64_t(e.inputLen) + e.generated, std::int64_t(e.outputLen) - e.generated - 1);
                if (e.adapter != kNoAdapter)
                    adapters.insert(e.adapter);
            }
            std::int64_t batchInput = 0;
            auto check = [&](std::uint64_t id) {
                const Request& q = reqs[id];
                CandidateCheck c;
                c.id = id;
                c.inputLen = q.inputLen;
                c.outputLen = q.outputLen;
                c.rank = rankOf(q.adapter);
                auto l = list;
                l.emplace_back(std::int64_t(q.inputLen) + 1, std::int64_t(std::max<std::uint32_t>(q.outputLen, 1)) - 1);
                std::sort(l.begin(), l.end(), [](const auto& a, const auto& b) { return a.second > b.second; });
                std::int64_t usedSum = 0, need = 0;
                for (std::size_t k = 0; k < l.size(); ++k) {
                    usedSum += l[k].first;
                    need = std::max(need, l[k].second * std::int64_t(k + 1) + usedSum);
                }
                auto ads = adapters;
                if (q.adapter != kNoAdapter)
                    ads.insert(q.adapter);
                std::int64_t adapterSize = 0;
                for (auto a : ads) {
                    adapterSize += std::int64_t(rankOf(a)) * 4;
                    c.adapterRanks.push_back(rankOf(a));
                }
                c.need = need;
                c.limit = lim.maxTotalTokenNum - adapterSize;
                c.batchInput = batchInput + q.inputLen;
                c.batchMaxTokens = lim.effectiveBatchMaxTokens();
                return std::make_pair(c, ads);
            };
            for (const auto& a : s.admitted) {
                auto [c, ads] = check(a.id);
                c.admitted = true;
                snap.candidates.push_back(c);
                const Request& q = reqs[a.id];
                list.emplace_back(
                    std::int64_t(q.inputLen) + 1, std::int64_t(std::max<std::uint32_t>(q.outputLen, 1)) - 1);
                adapters = ads;
                batchInput += q.inputLen;
            }
            // The request the scan stopped at: the first one still waiting.
            if (s.blocked.kind != WaitKind::None) {
                for (auto id : m_queue) {
                    const bool taken = std::any_of(
                        s.admitted.begin(), s.admitted.end(), [&](const Admission& a) { return a.id == id; });
                    if (!taken) {
                        auto c = check(id).first;
                        c.reason = s.blocked;
                        snap.candidates.push_back(c);
                        break;
                    }
                }
            }
        }

        // Update the mirrored batch and queue.
        for (const auto& a : s.admitted) {
            const Request& q = reqs[a.id];
            m_running.push_back({ a.id, q.adapter, q.inputLen, q.outputLen, 0 });
            m_queue.erase(std::remove(m_queue.begin(), m_queue.end(), a.id), m_queue.end());
        }
        for (const auto& a : s.resumed) { // vllm: back from preemption, with the tokens it had generated
            const auto it = m_preempted.find(a.id);
            if (it != m_preempted.end()) {
                m_running.push_back(it->second);
                m_preempted.erase(it);
            }
            m_queue.erase(std::remove(m_queue.begin(), m_queue.end(), a.id), m_queue.end());
        }
        std::unordered_map<std::uint64_t, std::size_t> pos;
        for (std::size_t i = 0; i < m_running.size(); ++i)
            pos[m_running[i].id] = i;
        for (auto id : s.tokens) {
            if (auto it = pos.find(id); it != pos.end())
                ++m_running[it->second].generated;
        }
        auto leaves = [&](std::uint64_t id) {
            if (std::find(s.finished.begin(), s.finished.end(), id) != s.finished.end())
                return true;
            return std::any_of(s.dropped.begin(), s.dropped.end(), [&](const Drop& d) { return d.id == id; });
        };
        m_running.erase(
            std::remove_if(m_running.begin(), m_running.end(), [&](const RunningEntry& e) { return leaves(e.id); }),
            m_running.end());
        for (const auto& d : s.dropped)
            m_queue.erase(std::remove(m_queue.begin(), m_queue.end(), d.id), m_queue.end());
        movePreempted(s);

        // Who starts waiting here: arrivals this pass did not admit (and requests it preempted),
        // with the reason the request table gives them (admission/engine.h): the limit for the
        // request the scan stopped at, "behind it" for those after it, and "no admission check in
        // this pass" when the pass only decoded.
        {
            std::vector<std::uint64_t> starting(s.preempted.begin(), s.preempted.end());
            for (auto id : submitted)
                if (std::find(m_queue.begin(), m_queue.end(), id) != m_queue.end())
                    starting.push_back(id);
            const std::uint64_t head = m_queue.empty() ? 0 : m_queue.front();
            for (auto id : starting) {
                WaitReason why;
                if (s.blocked.kind != WaitKind::None && !m_queue.empty()) {
                    if (id == head)
                        why = s.blocked;
                    else
                        why = WaitReason { WaitKind::BehindRequest, 0, 0, head };
                } else {
                    why.kind = WaitKind::AdmissionWindow;
                }
                snap.startedWaiting.push_back(id);
                snap.startedWaitingWhy.push_back(why);
            }
        }
        snap.result = std::move(s);
        snap.rejected = std::exchange(m_pendingRejected, {});
        snap.rejectedWhy = std::exchange(m_pendingRejectedWhy, {});
        snap.running = m_running;
        snap.queueLength = m_queue.size();
        snap.queueHead.assign(
            m_queue.begin(), m_queue.begin() + std::ptrdiff_t(std::min<std::size_t>(20, m_queue.size())));
        m_now = snap.end;
        m_snapshots.push_back(std::move(snap));
        return true;
    }
    m_done = true;
    return false;
}

void StepThrough::movePreempted(const StepResult& s)
{
    // Preempted requests leave the running batch (kept with their tokens for when they resume) and
    // go to the front of the queue; the first preempted was the newest, so it ends up behind the others.
    const bool sglang = m_config.scheduler.policy == PolicyKind::Sglang;
    for (auto it = s.preempted.rbegin(); it != s.preempted.rend(); ++it) {
        const auto run
            = std::find_if(m_running.begin(), m_running.end(), [&](const RunningEntry& e) { return e.id == *it; });
        if (run != m_running.end()) {
            m_preempted[*it] = *run;
            m_running.erase(run);
        }
        if (!sglang)
            m_queue.insert(m_queue.begin(), *it);
    }
    if (sglang) // SGLang's retracted requests join the back of the waiting queue, in the order retracted
        m_queue.insert(m_queue.end(), s.preempted.begin(), s.preempted.end());
}

} // namespace lorascope

namespace lorascope {

bool StepThrough::matches(const StepSnapshot& s, StepEvent event) const
{
    switch (event) {
    case StepEvent::Any:
        return true;
    case StepEvent::Wait:
        return !s.startedWaiting.empty();
    case StepEvent::Admission:
        return !s.result.admitted.empty();
    case StepEvent::Rejection:
        return !s.rejected.empty();
    }
    return false;
}

template <typename Pred>
std::int64_t StepThrough::advanceUntil(std::size_t from, std::size_t maxPasses, Pred done)
{
    for (std::size_t i = from; i < m_snapshots.size(); ++i)
        if (done(i))
            return static_cast<std::int64_t>(i);
    for (std::size_t n = 0; n < maxPasses && next(); ++n)
        if (done(m_snapshots.size() - 1))
            return static_cast<std::int64_t>(m_snapshots.size() - 1);
    return -1;
}

std::int64_t StepThrough::findNext(std::int64_t after, StepEvent event, std::size_t maxPasses)
{
    const std::size_t from = after < 0 ? 0 : static_cast<std::size_t>(after) + 1;
    return advanceUntil(from, maxPasses, [&](std::size_t i) { return matches(m_snapshots[i], event); });
}

std::int64_t StepThrough::findRequest(std::uint64_t id, std::size_t maxPasses)
{
    if (id >= m_trace->requests.size())
        return -1;
    const double arrival = m_trace->requests[id].time;
    std::int64_t firstAfterArrival = -1;
    const std::int64_t found = advanceUntil(0, maxPasses, [&](std::size_t i) {
        const auto& s = m_snapshots[i];
        if (firstAfterArrival < 0 && s.end >= arrival)
            firstAfterArrival = static_cast<std::int64_t>(i);
        if (std::find(s.rejected.begin(), s.rejected.end(), id) != s.rejected.end())
            return true;
        return std::any_of(
            s.result.admitted.begin(), s.result.admitted.end(), [&](const Admission& a) { return a.id == id; });
    });
    return found >= 0 ? found : firstAfterArrival;
}

std::int64_t StepThrough::findTime(double time, std::size_t maxPasses)
{
    return advanceUntil(0, maxPasses, [&](std::size_t i) { return m_snapshots[i].end > time; });
}

} // namespace lorascope
