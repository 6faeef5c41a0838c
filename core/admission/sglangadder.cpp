// SPDX-License-Identifier: Apache-2.0
// SGLang's PrefillAdder (python/sglang/srt/managers/schedule_policy.py) for the `sglang` policy:
// see sglangbatch.h. Floating-point operations follow SGLang's order, so the decisions are SGLang's
// to the last bit (the running requests' reservation is a float sum, as in Python).

#include "admission/sglangbatch.h"

#include <algorithm>
#include <cmath>

namespace lorascope::sglang {

void WaitingQueue::pushBack(std::uint32_t i)
{
    Req& e = m_e[i];
    e.waiting = true;
    e.next = kNone;
    e.prev = m_all.tail;
    if (m_all.tail != kNone)
        m_e[m_all.tail].next = i;
    else
        m_all.head = i;
    m_all.tail = i;
    Ends& u = m_byUid[e.uid];
    e.uidNext = kNone;
    e.uidPrev = u.tail;
    if (u.tail != kNone)
        m_e[u.tail].uidNext = i;
    else
        u.head = i;
    u.tail = i;
    ++m_size;
}

void WaitingQueue::remove(std::uint32_t i)
{
    Req& e = m_e[i];
    if (!e.waiting)
        return;
    e.waiting = false;
    (e.prev != kNone ? m_e[e.prev].next : m_all.head) = e.next;
    (e.next != kNone ? m_e[e.next].prev : m_all.tail) = e.prev;
    auto it = m_byUid.find(e.uid);
    Ends& u = it->second;
    (e.uidPrev != kNone ? m_e[e.uidPrev].uidNext : u.head) = e.uidNext;
    (e.uidNext != kNone ? m_e[e.uidNext].uidPrev : u.tail) = e.uidPrev;
    if (u.head == kNone)
        m_byUid.erase(it);
    e.prev = e.next = e.uidPrev = e.uidNext = kNone;
    --m_size;
}

std::uint32_t WaitingQueue::uidFront(std::uint64_t uid) const
{
    const auto it = m_byUid.find(uid);
    return it == m_byUid.end() ? kNone : it->second.head;
}

double reservation(const Req& e, double ratio)
{
    return static_cast<double>(std::min(e.maxNew - e.output, kSglangClipMaxNewTokens)) * ratio;
}

void PrefillAdder::begin(std::int64_t available, const std::vector<std::uint32_t>& running, double ratio,
    std::int64_t mixedTokens, RadixCache* cache)
{
    m_cache = cache;
    m_logHit = m_logInput = 0;
    m_chunk = m_c.chunkedPrefill() ? m_c.chunkedPrefillSize : -1;
    m_available = available;
    m_running = &running;
    m_ratio = ratio;
    m_remInput = m_c.maxPrefillTokens - mixedTokens;
    m_remChunk = m_chunk >= 0 ? m_chunk - mixedTokens : -1;
    double sum = 0;
    for (std::uint32_t i : running)
        sum += reservation(m_e[i], ratio);
    m_remTotalOffset = static_cast<double>(mixedTokens) + sum;
    m_curOffset = mixedTokens;
    m_states.clear();
    m_statesBuilt = false;
    m_canRun.clear();
    m_newChunked = kNone;
}

Add PrefillAdder::add(std::uint32_t i, WaitReason& why)
{
    return m_c.ignoreEos ? addOneIgnoreEos(i, why) : addOne(i, why);
}

WaitReason PrefillAdder::tokenPool(std::int64_t need, double limit) const
{
    WaitReason w { WaitKind::TokenPool, need, static_cast<std::int64_t>(std::floor(limit)), 0 };
    w.reserved = static_cast<std::int64_t>(std::ceil(m_remTotalOffset));
    w.ratio = m_ratio;
    return w;
}

void PrefillAdder::updateBudget(std::int64_t prefix, std::int64_t extend, std::int64_t maxNew)
{
    m_logHit += prefix;
    m_logInput += extend;
    m_remTotalOffset += static_cast<double>(extend + maxNew);
    m_curOffset += extend;
    m_remInput -= extend;
    if (m_chunk >= 0)
        m_remChunk -= extend;
}

Add PrefillAdder::budgetState(WaitReason& why) const
{
    if (remTotal() <= 0 || curRem() <= 0) {
        why = tokenPool(1, std::min(static_cast<double>(curRem()), remTotal()));
        return Add::NoToken;
    }
    if (m_remInput <= 0) {
        why = { WaitKind::MaxPrefillTokens, m_c.maxPrefillTokens - m_remInput, m_c.maxPrefillTokens, 0 };
        return Add::Other;
    }
    if (m_chunk >= 0 && m_remChunk <= 0) {
        why = { WaitKind::ChunkedPrefillSize, m_chunk - m_remChunk, m_chunk, 0 };
        return Add::Other;
    }
    return Add::Continue;
}

bool PrefillAdder::addChunked(std::uint32_t i)
{
    Req& e = m_e[i];
    e.fill = e.req.inputLen + e.output;
    e.extend = e.fill - e.prefix;
    const std::int64_t rem = std::min(m_remChunk, static_cast<std::int64_t>(remTotal()));
    const bool truncated = e.extend > rem;
    e.extend = std::max<std::int64_t>(0, std::min(e.extend, rem));
    e.fill = e.prefix + e.extend;
    m_canRun.push_back(i);
    updateBudget(0, e.extend, truncated ? 0 : std::min(e.maxNew, kSglangClipMaxNewTokens));
    return truncated;
}

void PrefillAdder::lockPrefix(Req& e)
{
    if (m_cache != nullptr && e.match != kNone)
        m_available -= m_cache->lock(e.match); // rem_total_tokens falls with the evictable size
}

void PrefillAdder::unlockPrefix(Req& e)
{
    if (m_cache != nullptr && e.match != kNone)
        m_available += m_cache->unlock(e.match);
}

/// add_one_req_ignore_eos (SGLang uses it with the radix cache off; with a cache hit the matched
/// prefix is locked first, as add_one_req does, and only the extend tokens count)
Add PrefillAdder::addOneIgnoreEos(std::uint32_t i, WaitReason& why)
{
    Req& e = m_e[i];
    const double firstLimit = std::min(static_cast<double>(curRem()), remTotal());
    if (static_cast<double>(e.extend) > firstLimit) {
        why = tokenPool(e.extend, firstLimit);
        return Add::NoToken;
    }
    lockPrefix(e);
    const double lockedLimit = std::min(static_cast<double>(curRem()), remTotal());
    if (static_cast<double>(e.extend) > lockedLimit) { // its own prefix was counted as evictable
        unlockPrefix(e);
        why = tokenPool(e.extend, lockedLimit);
        return Add::NoToken;
    }
    auto state = [this](const Req& x, bool insertSort) {
        const double ratio = m_c.ignoreEos ? 1.0 : m_ratio; // per request in SGLang; one setting here
        const double left = static_cast<double>(x.maxNew) * ratio - static_cast<double>(x.output);
        const std::int64_t occupied = x.req.inputLen + x.output;
        if (left <= 0)
            return;
        if (!insertSort) {
            m_states.push_back({ left, occupied, static_cast<std::uint32_t>(m_states.size()) });
            return;
        }
        // SGLang's insertion keeps a quirk: with no larger entry it inserts before the last one
        std::size_t k = 0;
        for (k = 0; k < m_states.size(); ++k)
            if (left <= m_states[k].left)
                break;
        if (k == m_states.size() && k > 0)
            k = m_states.size() - 1;
        m_states.insert(m_states.begin() + static_cast<std::ptrdiff_t>(k), { left, occupied, 0 });
    };
    if (!m_statesBuilt) {
        m_statesBuilt = true;
        state(e, false);
        for (std::uint32_t j : *m_running)
            state(m_e[j], false);
        for (std::uint32_t j : m_canRun)
            state(m_e[j], false);
        // Python's stable sort: ties keep their order of insertion
        std::sort(m_states.begin(), m_states.end(),
            [](const State& a, const State& b) { return a.left < b.left || (a.left == b.left && a.order < b.order); });
    } else {
        state(e, true);
    }
    const std::int64_t cur = curRem() - e.extend;
    std::int64_t freed = 0;
    for (std::size_t k = 0; k < m_states.size(); ++k) {
        const auto bs = static_cast<std::int64_t>(m_states.size() - k);
        const double minFree = static_cast<double>(cur + freed) - m_states[k].left * static_cast<double>(bs);
        if (minFree <= static_cast<double>(kSglangIgnoreEosReserveTokens * bs)) {
            // the free tokens that would pass: more than left·bs + reserve·bs
            const double needed
                = m_states[k].left * static_cast<double>(bs) + static_cast<double>(kSglangIgnoreEosReserveTokens * bs);
            why = tokenPool(static_cast<std::int64_t>(std::floor(needed)) + 1, static_cast<double>(cur + freed));
            unlockPrefix(e);
            return Add::NoToken;
        }
        freed += m_states[k].occupied;
    }
    if (m_chunk < 0 || e.extend <= m_remChunk) {
        m_canRun.push_back(i);
        e.node = e.match;
        updateBudget(e.prefix, e.extend, std::min(e.maxNew, kSglangClipMaxNewTokens));
    } else {
        if (m_remChunk <= 0) { // SGLang tests == 0; a mixed pass can leave it negative
            unlockPrefix(e);
            why = { WaitKind::ChunkedPrefillSize, m_chunk - m_remChunk, m_chunk, 0 };
            return Add::Other;
        }
        e.extend = m_remChunk;
        e.fill = e.prefix + e.extend;
        m_canRun.push_back(i);
        e.node = e.match;
        m_newChunked = i;
        updateBudget(e.prefix, e.extend, 0);
    }
    return budgetState(why);
}

/// add_one_req: requests without ignore_eos (with the radix cache: the matched prefix is locked
/// while the check runs again, and stays locked when the request is taken)
Add PrefillAdder::addOne(std::uint32_t i, WaitReason& why)
{
    Req& e = m_e[i];
    const std::int64_t total
        = e.extend + std::min(std::max<std::int64_t>(e.maxNew - e.output, 0), kSglangClipMaxNewTokens);
    if (static_cast<double>(total) >= remTotal()) {
        why = tokenPool(total, remTotal());
        return Add::NoToken;
    }
    if (e.extend >= m_remInput && !m_canRun.empty()) {
        why = { WaitKind::MaxPrefillTokens, m_c.maxPrefillTokens - m_remInput + e.extend, m_c.maxPrefillTokens, 0 };
        return Add::Other;
    }
    lockPrefix(e);
    if (static_cast<double>(total) >= remTotal()) { // rem_total_tokens may fall with the lock
        unlockPrefix(e);
        why = tokenPool(total, remTotal());
        return Add::NoToken;
    }
    if (m_chunk < 0 || e.extend <= m_remChunk) {
        m_canRun.push_back(i);
        e.node = e.match;
        updateBudget(e.prefix, e.extend, std::min(e.maxNew, kSglangClipMaxNewTokens));
    } else {
        if (m_remChunk <= 0) {
            unlockPrefix(e);
            why = { WaitKind::ChunkedPrefillSize, m_chunk - m_remChunk, m_chunk, 0 };
            return Add::Other;
        }
        e.extend = m_remChunk;
        e.fill = e.prefix + e.extend;
        m_canRun.push_back(i);
        e.node = e.match;
        m_newChunked = i;
        updateBudget(e.prefix, e.extend, 0);
    }
    return budgetState(why);
}

} // namespace lorascope::sglang
