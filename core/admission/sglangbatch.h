// SPDX-License-Identifier: Apache-2.0
#pragma once
// The `sglang` policy's request record and SGLang's PrefillAdder (schedule_policy.py): the budgets
// one prefill batch is built against — max_prefill_tokens, chunked_prefill_size and the token pool
// minus the running requests' reserved output × new_token_ratio — and the two admission checks
// (add_one_req_ignore_eos, add_one_req). Internal to the sglang policy (admission/sglangpolicy.h).

#include "admission/engine.h"
#include "admission/radixcache.h"
#include "admission/sglanglora.h"

#include <cstdint>
#include <unordered_map>
#include <utility>
#include <vector>

namespace lorascope::sglang {

inline constexpr std::uint32_t kNone = ~std::uint32_t(0);

/// One request (SGLang's Req).
struct Req {
    // hot: read by every pass
    SimRequest req;
    std::uint64_t uid = SglangLoraPool::kBaseUid; ///< lora_id
    std::int64_t maxNew = 1; ///< sampling_params.max_new_tokens (clipped to max_req_len)
    std::int64_t output = 0; ///< len(output_ids)
    std::int64_t kv = 0; ///< KV tokens held in the pool
    std::int64_t prefix = 0; ///< len(prefix_indices): tokens prefilled by earlier chunks
    std::int64_t extend = 0; ///< extend_input_len
    std::int64_t fill = 0; ///< len(fill_ids)
    // the radix cache (radixcache.h); unused (kNone, 0) for requests without a token key
    std::uint32_t match = kNone; ///< last_node of its last match_prefix (waiting)
    std::uint32_t node = kNone; ///< the node it locks while scheduled (last_node)
    std::int64_t cacheProtected = 0; ///< cache_protected_len: its leading tokens the tree holds
    int isChunked = 0;
    bool finished = false, aborted = false, retracted = false, chosen = false, admittedOnce = false, firstDone = false;
    bool live = false; ///< slot in use
    bool waiting = false; ///< in the WaitingQueue
    bool active = false; ///< scheduled, not finished
    // the queue and the wait reasons
    std::uint32_t prev = kNone, next = kNone; ///< WaitingQueue: the whole queue
    std::uint32_t uidPrev = kNone, uidNext = kNone; ///< WaitingQueue: the requests of the same lora_id
    std::uint64_t admissionNumber = 0;
    std::uint64_t seq = 0; ///< order of (re)entering the waiting queue
    std::uint64_t stepAtSubmit = 0;
    std::uint64_t waitAttempt = 0; ///< admission attempt of `wait`
    WaitReason wait; ///< last reason it was passed over
};

/// SGLang's waiting queue (a Python list, first come first served), with the order of each
/// lora_id's requests beside it: once a scan's LoRA slots are closed to new adapters, the scan
/// visits only the requests that can still join instead of skipping the rest one by one (same
/// decisions; a long queue of other adapters' requests costs nothing). Lists of indices into the
/// request vector; removal anywhere is O(1).
class WaitingQueue {
public:
    explicit WaitingQueue(std::vector<Req>& requests)
        : m_e(requests)
    {
    }
    void pushBack(std::uint32_t i);
    void remove(std::uint32_t i);
    std::uint32_t front() const { return m_all.head; }
    std::uint32_t next(std::uint32_t i) const { return m_e[i].next; }
    /// The first waiting request of `uid` (kNone: none), and the one after `i` of the same uid.
    std::uint32_t uidFront(std::uint64_t uid) const;
    std::uint32_t uidNext(std::uint32_t i) const { return m_e[i].uidNext; }
    std::size_t size() const { return m_size; }
    bool empty() const { return m_size == 0; }

private:
    struct Ends {
        std::uint32_t head = kNone, tail = kNone;
    };
    std::vector<Req>& m_e;
    Ends m_all;
    std::unordered_map<std::uint64_t, Ends> m_byUid;
    std::size_t m_size = 0;
};

/// AddReqResult
enum class Add : std::uint8_t { Continue, NoToken, Other };

/// schedule_policy.py _get_running_request_total_token_offset: a running request's reserved output.
double reservation(const Req& e, double ratio);

class PrefillAdder {
public:
    PrefillAdder(const SglangConfig& config, std::vector<Req>& requests)
        : m_c(config)
        , m_e(requests)
    {
    }
    /// PrefillAdder.__init__ for a pool with `available` free or evictable tokens, the running batch
    /// `running`, the mixed chunk's decode tokens and the radix cache (null: off).
    void begin(std::int64_t available, const std::vector<std::uint32_t>& running, double ratio,
        std::int64_t mixedTokens, RadixCache* cache);
    /// add_chunked_req: the next chunk of request i; true while its prefill is not complete.
    bool addChunked(std::uint32_t i);
    /// add_one_req (add_one_req_ignore_eos when the requests ignore EOS); `why` says why it stops.
    Add add(std::uint32_t i, WaitReason& why);
    /// Requests of the batch, in order (the chunked request first).
    const std::vector<std::uint32_t>& canRun() const { return m_canRun; }
    /// The request this batch prefills only a chunk of (kNone: none).
    std::uint32_t newChunked() const { return m_newChunked; }
    /// A token-pool wait reason: `need` tokens against `limit` free ones, with the reservation.
    WaitReason tokenPool(std::int64_t need, double limit) const;
    /// log_hit_tokens and log_input_tokens: prompt tokens of this batch found in the radix cache, and
    /// computed (SGLang's cache_hit_rate = hit / (input + hit)).
    std::int64_t hitTokens() const { return m_logHit; }
    std::int64_t inputTokens() const { return m_logInput; }

private:
    double remTotal() const { return static_cast<double>(m_available) - m_remTotalOffset; }
    std::int64_t curRem() const { return m_available - m_curOffset; }
    void updateBudget(std::int64_t prefix, std::int64_t extend, std::int64_t maxNew);
    /// _lock_node: request i's matched prefix is locked; its tokens no longer count as evictable.
    void lockPrefix(Req& e);
    void unlockPrefix(Req& e);
    Add budgetState(WaitReason& why) const;
    Add addOneIgnoreEos(std::uint32_t i, WaitReason& why);
    Add addOne(std::uint32_t i, WaitReason& why);

    const SglangConfig& m_c;
    std::vector<Req>& m_e;
    const std::vector<std::uint32_t>* m_running = nullptr;
    std::int64_t m_chunk = -1; ///< chunked_prefill_size, -1 = off
    std::int64_t m_available = 0;
    double m_ratio = 0;
    std::int64_t m_remInput = 0, m_remChunk = -1, m_curOffset = 0;
    double m_remTotalOffset = 0;
    struct State {
        double left; ///< tokens left to generate
        std::int64_t occupied; ///< tokens held
        std::uint32_t order; ///< insertion order (the stable sort's tie-break)
    };
    std::vector<State> m_states; ///< req_states
    bool m_statesBuilt = false;
    std::vector<std::uint32_t> m_canRun;
    std::uint32_t m_newChunked = kNone;
    RadixCache* m_cache = nullptr;
    std::int64_t m_logHit = 0, m_logInput = 0;
};

} // namespace lorascope::sglang
