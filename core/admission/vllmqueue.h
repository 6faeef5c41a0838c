// SPDX-License-Identifier: Apache-2.0
#pragma once
// vLLM V1's waiting queue for the `vllm` policy (internal to vllm.cpp): FCFS
// (vllm/v1/core/sched/request_queue.py, FCFSRequestQueue: a deque; new requests appended,
// preempted ones prepended), or, under --scheduling-policy priority, PriorityRequestQueue (a heap
// ordered by Request.__lt__: priority, arrival_time, request_id; a preempted request goes back by
// that order): insertOrdered() with a key that sorts as that tuple.
//
// Kept as a doubly linked list of scheduler slots ordered by a key (append: increasing keys,
// prepend: decreasing ones), plus one list per adapter ("lane"; lane 0 = the base model) in the
// same order. vLLM's scan sets aside requests whose adapter would exceed max_loras and puts them
// back at the head in their order: they never move relative to the others, so set-aside requests
// simply stay where they are. Once the step's batch has max_loras adapters, only requests of those
// adapters or of the base model can be scheduled; the lanes let the scan jump to the next of them
// instead of walking past every set-aside request (a long queue of other adapters' requests costs
// nothing per step).

#include <cstdint>
#include <limits>
#include <vector>

namespace lorascope {

class VllmWaitingQueue {
public:
    static constexpr std::uint32_t kNil = std::numeric_limits<std::uint32_t>::max();

    /// Makes room for slots below `slots` and lanes below `lanes`.
    void reserve(std::size_t slots, std::size_t lanes)
    {
        if (slots > m_node.size())
            m_node.resize(slots);
        if (lanes > m_lane.size())
            m_lane.resize(lanes);
    }

    void append(std::uint32_t slot, std::uint32_t lane) { insert(slot, lane, ++m_backKey, false); }
    void prepend(std::uint32_t slot, std::uint32_t lane) { insert(slot, lane, --m_frontKey, true); }
    /// Priority order: after the last request with a smaller key (keys unique). Walks from the
    /// tail: a request of the worst priority present is placed in O(1), a better one passes the
    /// worse ones waiting.
    void insertOrdered(std::uint32_t slot, std::uint32_t lane, std::int64_t key)
    {
        Node& n = m_node[slot];
        n.key = key;
        n.lane = lane;
        std::uint32_t after = m_tail;
        while (after != kNil && m_node[after].key > key)
            after = m_node[after].all.prev;
        linkAfter(slot, after, m_head, m_tail, [this](std::uint32_t s) -> Links& { return m_node[s].all; });
        after = m_lane[lane].tail;
        while (after != kNil && m_node[after].key > key)
            after = m_node[after].own.prev;
        linkAfter(slot, after, m_lane[lane].head, m_lane[lane].tail,
            [this](std::uint32_t s) -> Links& { return m_node[s].own; });
        ++m_size;
    }

    void remove(std::uint32_t slot)
    {
        Node& n = m_node[slot];
        unlink(n.all, m_head, m_tail, [this](std::uint32_t s) -> Links& { return m_node[s].all; });
        Ends& lane = m_lane[n.lane];
        unlink(n.own, lane.head, lane.tail, [this](std::uint32_t s) -> Links& { return m_node[s].own; });
        --m_size;
    }

    std::uint32_t head() const { return m_head; }
    std::uint32_t next(std::uint32_t slot) const { return m_node[slot].all.next; }
    std::uint32_t laneHead(std::uint32_t lane) const { return lane < m_lane.size() ? m_lane[lane].head : kNil; }
    std::int64_t key(std::uint32_t slot) const { return m_node[slot].key; }
    std::size_t size() const { return m_size; }
    bool empty() const { return m_size == 0; }

private:
    struct Links {
        std::uint32_t prev = kNil, next = kNil;
    };
    struct Node {
        Links all, own; ///< the whole queue; the slot's lane
        std::int64_t key = 0;
        std::uint32_t lane = 0;
    };
    struct Ends {
        std::uint32_t head = kNil, tail = kNil;
    };

    void insert(std::uint32_t slot, std::uint32_t lane, std::int64_t key, bool front)
    {
        Node& n = m_node[slot];
        n.key = key;
        n.lane = lane;
        link(slot, front, m_head, m_tail, n.all, [this](std::uint32_t s) -> Links& { return m_node[s].all; });
        link(slot, front, m_lane[lane].head, m_lane[lane].tail, n.own,
            [this](std::uint32_t s) -> Links& { return m_node[s].own; });
        ++m_size;
    }

    template <typename Get>
    static void link(std::uint32_t slot, bool front, std::uint32_t& head, std::uint32_t& tail, Links& l, Get get)
    {
        if (front) {
            l.prev = kNil;
            l.next = head;
            if (head != kNil)
                get(head).prev = slot;
            head = slot;
            if (tail == kNil)
                tail = slot;
        } else {
            l.next = kNil;
            l.prev = tail;
            if (tail != kNil)
                get(tail).next = slot;
            tail = slot;
            if (head == kNil)
                head = slot;
        }
    }

    /// Links `slot` after `after` (kNil: at the head).
    template <typename Get>
    static void linkAfter(std::uint32_t slot, std::uint32_t after, std::uint32_t& head, std::uint32_t& tail, Get get)
    {
        Links& l = get(slot);
        l.prev = after;
        l.next = after == kNil ? head : get(after).next;
        if (l.next != kNil)
            get(l.next).prev = slot;
        else
            tail = slot;
        if (after != kNil)
            get(after).next = slot;
        else
            head = slot;
    }

    template <typename Get>
    static void unlink(const Links& l, std::uint32_t& head, std::uint32_t& tail, Get get)
    {
        const std::uint32_t prev = l.prev, next = l.next;
        if (prev != kNil)
            get(prev).next = next;
        else
            head = next;
        if (next != kNil)
            get(next).prev = prev;
        else
            tail = prev;
    }

    std::vector<Node> m_node;
    std::vector<Ends> m_lane;
    std::uint32_t m_head = kNil, m_tail = kNil;
    std::int64_t m_frontKey = 0, m_backKey = 0;
    std::size_t m_size = 0;
};

} // namespace lorascope
