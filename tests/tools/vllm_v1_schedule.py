#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""An independent transcription of vLLM V1's scheduler for the tests of the `vllm` policy.

Written from vLLM's own code (vllm-project/vllm, main at b4622cf):
  vllm/v1/core/sched/scheduler.py      Scheduler.schedule(), _preempt_request(), _update_after_schedule(),
                                       update_from_output()
  vllm/v1/core/sched/request_queue.py  FCFSRequestQueue (a deque), PriorityRequestQueue (a heap)
  vllm/v1/request.py                   Request.__lt__ (priority, arrival_time, request_id)
  vllm/v1/core/kv_cache_manager.py     KVCacheManager.allocate_slots(), free(), get_computed_blocks()
  vllm/v1/core/single_type_kv_cache_manager.py  FullAttentionManager (find_longest_cache_hit,
                                       get_num_blocks_to_allocate, save_new_computed_blocks, cache_blocks)
  vllm/v1/core/block_pool.py           BlockPool (the first block is the null block; get_new_blocks
                                       evicts a cached block's hash, touch, free_blocks, cache_full_blocks)
  vllm/v1/core/kv_cache_utils.py       FreeKVCacheBlockQueue (a doubly linked list), hash_block_tokens
                                       (parent hash, the block's tokens, the LoRA id as extra key)
  vllm/v1/metrics/stats.py             PrefixCacheStats.record (preempted requests counted apart)
  vllm/v1/core/sched/utils.py          check_stop()
  vllm/lora/worker_manager.py          LRUCacheWorkerLoRAManager.add_adapter() (CPU cache, then GPU slot)
It keeps vLLM's names and structure on purpose, so that a reader can hold it next to vLLM's files;
it shares no code with LoraScope's C++ engine (core/admission/vllm.cpp) and is deliberately
simple (a deque scanned request by request, block ids in a free list).

Prefix caching is on by default, as in vLLM V1 (--no-enable-prefix-caching turns it off). The trace
declares no shared content, so every request's tokens are its own: token t of request r is the pair
(r, t), prompt and generated tokens alike. Nothing is ever shared between requests, but a preempted
request's blocks stay cached when they are freed, and when it is scheduled again get_computed_blocks
finds those of them that were not evicted meanwhile.

--scheduling-policy priority (vLLM's `--scheduling-policy`): the waiting queue is a heap ordered by
(priority, arrival_time, request_id), a preempted request goes back into it by that order, and when
blocks run out the running request with the largest (priority, arrival_time) is preempted (the
first such in running order); if it was already scheduled in this step its tokens go back to the
budget. Request ids are the trace's row numbers (vLLM's are strings; here ties of arrival time are
broken by row).

Not modelled, as in LoraScope: speculative decoding, structured output, encoders, KV connectors, async
scheduling.

The clock is LoraScope's step clock (docs/admission.md): trace times are steps; requests with
time <= now are added before each schedule(); a schedule() that scheduled nothing does not advance
the clock (it jumps to the next arrival when nothing can run); `admitted` is the start of the step
that first scheduled a request, `first_token` and `finished` the end of the step that completed its
prefill / sampled its last token.

Usage: vllm_v1_schedule.py TRACE.csv OUT.json [--max-num-seqs N] [--max-num-batched-tokens N]
       [--max-model-len N] [--no-chunked-prefill] [--long-prefill-token-threshold N]
       [--num-gpu-blocks N] [--block-size N] [--max-loras N] [--max-cpu-loras N] [--lora-scan stop]
       [--no-enable-prefix-caching] [--scheduling-policy fcfs|priority]
TRACE.csv: header time,adapter,rank,input,output[,priority] (adapter -1 = base model), in arrival order.
OUT.json: {"admitted": [...], "first_token": [...], "finished": [...], "steps": N, "preemptions": N,
           "loads": N, "disk_loads": N, "kinds": {"prefill": N, "decode": N, "mixed": N},
           "cached_tokens": [...] (num_cached_tokens: the hit of each request's first schedule),
           "prefix_cache": {"requests", "queries", "hits", "preempted_requests", "preempted_queries",
           "preempted_hits"}}
"""
import argparse
import collections
import csv
import enum
import heapq
import json
import sys


class RequestStatus(enum.Enum):
    WAITING = 1
    RUNNING = 2
    PREEMPTED = 3
    FINISHED_LENGTH_CAPPED = 4


class Request:
    def __init__(self, request_id, arrival_time, num_prompt_tokens, max_tokens, lora_int_id, priority=0):
        self.request_id = request_id
        self.priority = priority
        self.arrival_time = arrival_time
        self.num_prompt_tokens = num_prompt_tokens
        self.max_tokens = max_tokens
        self.lora_int_id = lora_int_id  # None: no lora_request (the base model)
        self.num_output_tokens = 0  # len(output_token_ids)
        self.num_computed_tokens = 0
        self.status = RequestStatus.WAITING
        self.num_preemptions = 0
        self.num_cached_tokens = -1
        self.block_hashes = []  # of its full blocks of known tokens (prompt and output)

    @property
    def num_tokens(self):
        return self.num_prompt_tokens + self.num_output_tokens

    def __lt__(self, other):
        if self.priority != other.priority:
            return self.priority < other.priority
        if self.arrival_time != other.arrival_time:
            return self.arrival_time < other.arrival_time
        return self.request_id < other.request_id

    def token_id(self, position):
        # The trace declares no shared content: every token of a request is its own.
        return (self.request_id, position)

    def update_block_hashes(self, block_size):
        """Request.block_hashes grows as tokens become known (at creation, then
        append_output_token_ids); hash_block_tokens chains each block on its parent's hash."""
        while (len(self.block_hashes) + 1) * block_size <= self.num_tokens:
            i = len(self.block_hashes)
            parent = self.block_hashes[-1] if self.block_hashes else None
            tokens = tuple(self.token_id(p) for p in range(i * block_size, (i + 1) * block_size))
            extra_keys = (self.lora_int_id,) if self.lora_int_id is not None else None
            self.block_hashes.append(hash((parent, tokens, extra_keys)))

    def is_finished(self):
        return self.status == RequestStatus.FINISHED_LENGTH_CAPPED


class FCFSRequestQueue(collections.deque):
    def add_request(self, request):
        self.append(request)

    def pop_request(self):
        return self.popleft()

    def peek_request(self):
        return self[0]

    def prepend_request(self, request):
        self.appendleft(request)

    def prepend_requests(self, requests):
        # "The requests will be prepended in reverse order of their appearance in `requests`":
        # the skipped queue was built with prepend_request, so this restores their order.
        self.extendleft(requests)


class PriorityRequestQueue:
    """A heap of requests ordered by Request.__lt__; prepending is adding."""

    def __init__(self):
        self._heap = []

    def add_request(self, request):
        heapq.heappush(self._heap, request)

    def pop_request(self):
        return heapq.heappop(self._heap)

    def peek_request(self):
        return self._heap[0]

    def prepend_request(self, request):
        self.add_request(request)

    def prepend_requests(self, requests):
        for request in requests:
            self.add_request(request)

    def __bool__(self):
        return bool(self._heap)

    def __len__(self):
        return len(self._heap)

    def __iter__(self):
        heap_copy = self._heap[:]
        while heap_copy:
            yield heapq.heappop(heap_copy)


def create_request_queue(policy):
    return PriorityRequestQueue() if policy == "priority" else FCFSRequestQueue()


def cdiv(a, b):
    return -(-a // b)


class KVCacheBlock:
    def __init__(self, block_id):
        self.block_id = block_id
        self.ref_cnt = 0
        self.block_hash = None
        self.is_null = False


class FreeKVCacheBlockQueue:
    """The doubly linked list of free blocks (popleft, remove from the middle, append)."""

    def __init__(self, blocks):
        self.queue = collections.OrderedDict((b.block_id, b) for b in blocks)

    def popleft(self):
        return self.queue.popitem(last=False)[1]

    def remove(self, block):
        del self.queue[block.block_id]

    def append(self, block):
        self.queue[block.block_id] = block

    def __len__(self):
        return len(self.queue)


class BlockPool:
    def __init__(self, num_gpu_blocks, enable_caching):
        self.num_gpu_blocks = num_gpu_blocks
        self.enable_caching = enable_caching
        self.blocks = [KVCacheBlock(i) for i in range(num_gpu_blocks)]
        self.free_block_queue = FreeKVCacheBlockQueue(self.blocks)
        # BlockHashToBlockMap: a hash may name several blocks (computed twice); the first is taken.
        self.cached_block_hash_to_block = {}
        self.null_block = self.free_block_queue.popleft()
        self.null_block.is_null = True

    def get_num_free_blocks(self):
        return len(self.free_block_queue)

    def get_cached_block(self, block_hash):
        blocks = self.cached_block_hash_to_block.get(block_hash)
        if not blocks:
            return None
        return next(iter(blocks.values()))

    def cache_full_blocks(self, request, blocks, num_cached_blocks, num_full_blocks):
        if num_cached_blocks >= num_full_blocks:
            return
        for i in range(num_cached_blocks, num_full_blocks):
            blk = blocks[i]
            assert blk.block_hash is None
            block_hash = request.block_hashes[i]
            blk.block_hash = block_hash
            self.cached_block_hash_to_block.setdefault(block_hash, {})[blk.block_id] = blk

    def _maybe_evict_cached_block(self, block):
        block_hash = block.block_hash
        if block_hash is None:
            return False
        blocks = self.cached_block_hash_to_block.get(block_hash)
        if not blocks or block.block_id not in blocks:
            return False
        del blocks[block.block_id]
        if not blocks:
            del self.cached_block_hash_to_block[block_hash]
        block.block_hash = None
        return True

    def get_new_blocks(self, num_blocks):
        assert num_blocks <= self.get_num_free_blocks()
        ret = [self.free_block_queue.popleft() for _ in range(num_blocks)]
        for block in ret:
            if self.enable_caching:
                self._maybe_evict_cached_block(block)
            assert block.ref_cnt == 0
            block.ref_cnt += 1
        return ret

    def touch(self, blocks):
        for block in blocks:
            # ref_cnt == 0: the block is in the free queue (an eviction candidate): take it out.
            if block.ref_cnt == 0 and not block.is_null:
                self.free_block_queue.remove(block)
            block.ref_cnt += 1

    def free_blocks(self, ordered_blocks):
        ordered_blocks = list(ordered_blocks)
        for block in ordered_blocks:
            block.ref_cnt -= 1
        for block in ordered_blocks:
            if block.ref_cnt == 0 and not block.is_null:
                self.free_block_queue.append(block)


class PrefixCacheStats:
    def __init__(self):
        self.requests = self.queries = self.hits = 0
        self.preempted_requests = self.preempted_queries = self.preempted_hits = 0

    def record(self, num_tokens, num_hits, preempted):
        if preempted:
            self.preempted_requests += 1
            self.preempted_queries += num_tokens
            self.preempted_hits += num_hits
        else:
            self.requests += 1
            self.queries += num_tokens
            self.hits += num_hits


class KVCacheManager:
    """One full-attention group (FullAttentionManager), with automatic prefix caching."""

    def __init__(self, block_size, num_gpu_blocks, max_model_len, enable_caching):
        self.block_size = block_size
        self.max_model_len = max_model_len
        self.enable_caching = enable_caching
        self.block_pool = BlockPool(num_gpu_blocks, enable_caching)
        self.req_to_blocks = collections.defaultdict(list)
        self.num_cached_block = {}
        self.prefix_cache_stats = PrefixCacheStats()

    def find_longest_cache_hit(self, block_hashes, max_length):
        computed_blocks = []
        for block_hash in block_hashes[: max_length // self.block_size]:
            cached_block = self.block_pool.get_cached_block(block_hash)
            if cached_block is None:
                break
            computed_blocks.append(cached_block)
        return computed_blocks

    def get_computed_blocks(self, request):
        if not self.enable_caching:
            return [], 0
        # When all tokens hit the cache, the last token is recomputed for its logits.
        max_cache_hit_length = request.num_tokens - 1
        computed_blocks = self.find_longest_cache_hit(request.block_hashes, max_cache_hit_length)
        num_new_computed_tokens = len(computed_blocks) * self.block_size
        self.prefix_cache_stats.record(request.num_tokens, num_new_computed_tokens, request.num_preemptions > 0)
        return computed_blocks, num_new_computed_tokens

    def get_num_blocks_to_allocate(self, request_id, num_tokens, new_computed_blocks):
        num_required_blocks = cdiv(num_tokens, self.block_size)
        num_new_blocks = num_required_blocks - len(new_computed_blocks) - len(self.req_to_blocks[request_id])
        # Hit blocks nobody holds sit in the free queue: taking them takes free blocks.
        num_evictable_computed_blocks = sum(1 for blk in new_computed_blocks if blk.ref_cnt == 0 and not blk.is_null)
        return max(num_new_blocks, 0) + num_evictable_computed_blocks

    def allocate_slots(self, request, num_new_tokens, num_new_computed_tokens=0, new_computed_blocks=()):
        new_computed_blocks = list(new_computed_blocks)
        num_computed_tokens = request.num_computed_tokens + num_new_computed_tokens
        num_tokens_need_slot = min(num_computed_tokens + num_new_tokens, self.max_model_len)
        num_blocks_to_allocate = self.get_num_blocks_to_allocate(
            request.request_id, num_tokens_need_slot, new_computed_blocks)
        if num_blocks_to_allocate > self.block_pool.get_num_free_blocks():
            return None
        if self.enable_caching:
            self.block_pool.touch(new_computed_blocks)
        else:
            assert not new_computed_blocks
        # save_new_computed_blocks
        req_blocks = self.req_to_blocks[request.request_id]
        if request.request_id not in self.num_cached_block:
            assert not req_blocks
            req_blocks.extend(new_computed_blocks)
            self.num_cached_block[request.request_id] = len(new_computed_blocks)
        else:
            assert not new_computed_blocks
        # allocate_new_blocks
        num_new = cdiv(num_tokens_need_slot, self.block_size) - len(req_blocks)
        new_blocks = self.block_pool.get_new_blocks(num_new) if num_new > 0 else []
        req_blocks.extend(new_blocks)
        if not self.enable_caching:
            return new_blocks
        # cache_blocks: the full blocks of the tokens computed by the end of this step
        num_tokens_to_cache = min(num_computed_tokens + num_new_tokens, request.num_tokens)
        num_cached_blocks = self.num_cached_block.get(request.request_id, 0)
        num_full_blocks = num_tokens_to_cache // self.block_size
        if num_cached_blocks < num_full_blocks:
            self.block_pool.cache_full_blocks(request, req_blocks, num_cached_blocks, num_full_blocks)
            self.num_cached_block[request.request_id] = num_full_blocks
        return new_blocks

    def free(self, request):
        # The request's blocks in reverse order, so its last blocks are evicted first; they keep
        # their hashes (also when the request was preempted).
        blocks = self.req_to_blocks.pop(request.request_id, [])
        self.block_pool.free_blocks(reversed(blocks))
        self.num_cached_block.pop(request.request_id, None)

    def num_used_blocks(self):
        return self.block_pool.num_gpu_blocks - 1 - self.block_pool.get_num_free_blocks()


class LRUCache(collections.OrderedDict):
    def touch(self, key):
        self.move_to_end(key)


class LoRAManager:
    """max_loras GPU slots and max_cpu_loras registered adapters, both LRU. The adapters of a
    step already on the GPU are touched first, then the others loaded in the batch's order (vLLM
    iterates a Python set; LoraScope documents this order)."""

    def __init__(self, max_loras, max_cpu_loras):
        self.lora_slots = max_loras
        self.capacity = max_cpu_loras
        self.active = LRUCache()  # GPU slots
        self.registered = LRUCache()  # CPU cache
        self.loads = 0
        self.disk_loads = 0

    def add_adapter(self, lora_id):
        if lora_id not in self.registered:
            if len(self.registered) + 1 > self.capacity:
                oldest, _ = self.registered.popitem(last=False)
                self.active.pop(oldest, None)  # deactivated with it
            self.registered[lora_id] = True
            self.disk_loads += 1
        else:
            self.registered.touch(lora_id)
        if lora_id not in self.active:
            if len(self.active) >= self.lora_slots:
                self.active.popitem(last=False)
            self.active[lora_id] = True
            self.loads += 1
        else:
            self.active.touch(lora_id)
        self.registered.touch(lora_id)

    def set_active_adapters(self, lora_ids):
        for lora_id in [a for a in lora_ids if a in self.active]:
            self.add_adapter(lora_id)
        for lora_id in [a for a in lora_ids if a not in self.active]:
            self.add_adapter(lora_id)


class Scheduler:
    def __init__(self, args):
        self.max_num_running_reqs = args.max_num_seqs
        self.max_num_scheduled_tokens = args.max_num_batched_tokens
        self.max_model_len = args.max_model_len
        self.enable_chunked_prefill = not args.no_chunked_prefill
        self.long_prefill_token_threshold = args.long_prefill_token_threshold
        self.max_loras = args.max_loras
        self.early_lora_rule = args.lora_scan == "stop"
        self.block_size = args.block_size
        self.kv_cache_manager = KVCacheManager(args.block_size, args.num_gpu_blocks, args.max_model_len,
                                               not args.no_enable_prefix_caching)
        self.lora_manager = LoRAManager(args.max_loras, args.max_cpu_loras)
        self.requests = {}
        self.policy = args.scheduling_policy
        self.waiting = create_request_queue(self.policy)
        self.running = []

    def add_request(self, request):
        request.update_block_hashes(self.block_size)
        self.waiting.add_request(request)
        self.requests[request.request_id] = request

    def has_unfinished_requests(self):
        return len(self.waiting) > 0 or len(self.running) > 0

    def _preempt_request(self, request):
        assert request.status == RequestStatus.RUNNING
        self.kv_cache_manager.free(request)
        request.status = RequestStatus.PREEMPTED
        request.num_computed_tokens = 0
        request.num_preemptions += 1
        self.waiting.prepend_request(request)

    def schedule(self):
        scheduled_new_reqs = []
        scheduled_resumed_reqs = []
        scheduled_running_reqs = []
        preempted_reqs = []
        num_scheduled_tokens = {}
        token_budget = self.max_num_scheduled_tokens

        # First, schedule the RUNNING requests.
        req_index = 0
        while req_index < len(self.running) and token_budget > 0:
            request = self.running[req_index]
            num_new_tokens = request.num_tokens - request.num_computed_tokens
            if 0 < self.long_prefill_token_threshold < num_new_tokens:
                num_new_tokens = self.long_prefill_token_threshold
            num_new_tokens = min(num_new_tokens, token_budget)
            num_new_tokens = min(num_new_tokens, self.max_model_len - 1 - request.num_computed_tokens)
            if num_new_tokens == 0:
                req_index += 1
                continue
            while True:
                new_blocks = self.kv_cache_manager.allocate_slots(request, num_new_tokens)
                if new_blocks is not None:
                    break
                # Preempt the lowest-priority request.
                if self.policy == "priority":
                    preempted_req = max(self.running, key=lambda r: (r.priority, r.arrival_time))
                    self.running.remove(preempted_req)
                    if preempted_req in scheduled_running_reqs:
                        scheduled_running_reqs.remove(preempted_req)
                        token_budget += num_scheduled_tokens.pop(preempted_req.request_id)
                        req_index -= 1
                else:
                    preempted_req = self.running.pop()
                self._preempt_request(preempted_req)
                preempted_reqs.append(preempted_req)
                if preempted_req == request:
                    break
            if new_blocks is None:
                break
            scheduled_running_reqs.append(request)
            num_scheduled_tokens[request.request_id] = num_new_tokens
            token_budget -= num_new_tokens
            req_index += 1

        scheduled_loras = set(r.lora_int_id for r in scheduled_running_reqs if r.lora_int_id is not None)
        assert len(scheduled_loras) <= self.max_loras

        skipped_waiting_requests = create_request_queue(self.policy)

        # Next, schedule the WAITING requests.
        if not preempted_reqs:
            while self.waiting and token_budget > 0:
                if len(self.running) == self.max_num_running_reqs:
                    break
                request = self.waiting.peek_request()
                if (request.lora_int_id is not None and len(scheduled_loras) == self.max_loras
                        and request.lora_int_id not in scheduled_loras):
                    if self.early_lora_rule:
                        break  # early V1 (before vLLM PR #15422)
                    self.waiting.pop_request()
                    skipped_waiting_requests.prepend_request(request)
                    continue
                new_computed_blocks, num_new_local_computed_tokens = self.kv_cache_manager.get_computed_blocks(request)
                num_computed_tokens = num_new_local_computed_tokens
                num_new_tokens = request.num_tokens - num_computed_tokens
                threshold = self.long_prefill_token_threshold
                if 0 < threshold < num_new_tokens:
                    num_new_tokens = threshold
                if not self.enable_chunked_prefill and num_new_tokens > token_budget:
                    break
                num_new_tokens = min(num_new_tokens, token_budget)
                assert num_new_tokens > 0
                new_blocks = self.kv_cache_manager.allocate_slots(request, num_new_tokens, num_new_local_computed_tokens,
                                                                  new_computed_blocks)
                if new_blocks is None:
                    break
                request = self.waiting.pop_request()
                self.running.append(request)
                if request.status == RequestStatus.WAITING:
                    scheduled_new_reqs.append(request)
                elif request.status == RequestStatus.PREEMPTED:
                    scheduled_resumed_reqs.append(request)
                if request.lora_int_id is not None:
                    scheduled_loras.add(request.lora_int_id)
                num_scheduled_tokens[request.request_id] = num_new_tokens
                token_budget -= num_new_tokens
                request.status = RequestStatus.RUNNING
                request.num_computed_tokens = num_computed_tokens
                if request.num_cached_tokens < 0:
                    request.num_cached_tokens = num_computed_tokens

        if skipped_waiting_requests:
            self.waiting.prepend_requests(skipped_waiting_requests)

        assert sum(num_scheduled_tokens.values()) <= self.max_num_scheduled_tokens
        assert len(self.running) <= self.max_num_running_reqs

        output = {
            "new": scheduled_new_reqs,
            "resumed": scheduled_resumed_reqs,
            "num_scheduled_tokens": num_scheduled_tokens,
            "preempted": preempted_reqs,
            "loras": [],
            "decode": 0,
            "prefill": 0,
        }
        # What the pass computes (for its kind): a decode is one token of a request past its prompt.
        for req_id, n in num_scheduled_tokens.items():
            r = self.requests[req_id]
            if r.num_output_tokens > 0 and r.num_computed_tokens == r.num_tokens - 1:
                output["decode"] += 1
            else:
                output["prefill"] += 1
            if r.lora_int_id is not None and r.lora_int_id not in output["loras"]:
                output["loras"].append(r.lora_int_id)

        # _update_after_schedule
        for req_id, n in num_scheduled_tokens.items():
            self.requests[req_id].num_computed_tokens += n
        return output

    def update_from_output(self, scheduler_output):
        """The model samples a token for every scheduled request whose prompt is complete (the
        sampled token of a partial prefill is discarded); check_stop ends it at max_tokens."""
        first, finished = [], []
        stopped = set()
        for req_id in scheduler_output["num_scheduled_tokens"]:
            request = self.requests[req_id]
            if request.num_computed_tokens < request.num_tokens:
                continue  # a prefill chunk
            if request.num_output_tokens == 0:
                first.append(req_id)
            request.num_output_tokens += 1
            request.update_block_hashes(self.block_size)  # append_output_token_ids
            if request.num_tokens >= self.max_model_len or request.num_output_tokens >= request.max_tokens:
                request.status = RequestStatus.FINISHED_LENGTH_CAPPED
                self.kv_cache_manager.free(request)
                stopped.add(req_id)
                finished.append(req_id)
        if stopped:
            self.running = [r for r in self.running if r.request_id not in stopped]
        return first, finished


def main():
    p = argparse.ArgumentParser()
    p.add_argument("trace")
    p.add_argument("out")
    p.add_argument("--max-num-seqs", type=int, default=0)
    p.add_argument("--max-num-batched-tokens", type=int, default=0)
    p.add_argument("--max-model-len", type=int, default=4096)
    p.add_argument("--no-chunked-prefill", action="store_true")
    p.add_argument("--long-prefill-token-threshold", type=int, default=0)
    p.add_argument("--num-gpu-blocks", type=int, default=1001)
    p.add_argument("--block-size", type=int, default=16)
    p.add_argument("--max-loras", type=int, default=1)
    p.add_argument("--max-cpu-loras", type=int, default=0)
    p.add_argument("--max-lora-rank", type=int, default=16)
    p.add_argument("--lora-scan", choices=["continue", "stop"], default="continue")
    p.add_argument("--no-enable-prefix-caching", action="store_true")
    p.add_argument("--scheduling-policy", choices=["fcfs", "priority"], default="fcfs")
    args = p.parse_args()
    # vllm/engine/arg_utils.py defaults (GPUs other than H100-class, OpenAI server)
    if args.max_num_batched_tokens == 0:
        args.max_num_batched_tokens = args.max_model_len if args.no_chunked_prefill else 2048
    if args.max_num_seqs == 0:
        args.max_num_seqs = min(256, args.max_num_batched_tokens)
    if args.max_cpu_loras == 0:
        args.max_cpu_loras = args.max_loras

    rows = []
    with open(args.trace, newline="") as f:
        for row in csv.DictReader(f):
            rows.append((float(row["time"]), int(row["adapter"]), int(row["rank"]), int(row["input"]), int(row["output"]),
                         int(row.get("priority") or 0)))
    n = len(rows)
    admitted = [None] * n
    first_token = [None] * n
    finished = [None] * n

    sched = Scheduler(args)
    now = min(0.0, rows[0][0]) if rows else 0.0
    nxt = 0
    steps = preemptions = 0
    kinds = {"prefill": 0, "decode": 0, "mixed": 0}
    while True:
        while nxt < n and rows[nxt][0] <= now:
            t, adapter, rank, inp, out, priority = rows[nxt]
            max_tokens = max(1, out)
            # The API server refuses prompt + max_tokens > max_model_len; vLLM cannot load a larger rank.
            if inp + max_tokens <= args.max_model_len and (adapter < 0 or rank <= args.max_lora_rank):
                sched.add_request(Request(nxt, t, inp, max_tokens, None if adapter < 0 else adapter, priority))
            nxt += 1
        if not sched.has_unfinished_requests():
            if nxt >= n:
                break
            now = max(now, rows[nxt][0])
            continue
        output = sched.schedule()
        preemptions += len(output["preempted"])
        if not output["num_scheduled_tokens"]:
            if output["preempted"]:
                continue  # everyone preempted: prefilled again at the next schedule()
            raise SystemExit("nothing can ever be scheduled (should not happen with vLLM's checks)")
        sched.lora_manager.set_active_adapters(output["loras"])
        first, done = sched.update_from_output(output)
        start, end = now, now + 1
        for r in output["new"]:
            admitted[r.request_id] = start
        for rid in first:
            first_token[rid] = end
        for rid in done:
            finished[rid] = end
        steps += 1
        kinds["mixed" if output["prefill"] and output["decode"] else "prefill" if output["prefill"] else "decode"] += 1
        now = end

    json.dump({"admitted": admitted, "first_token": first_token, "finished": finished, "steps": steps,
               "preemptions": preemptions, "loads": sched.lora_manager.loads,
               "disk_loads": sched.lora_manager.disk_loads, "kinds": kinds,
               "cached_tokens": [sched.requests[i].num_cached_tokens if i in sched.requests else None for i in range(n)],
               "prefix_cache": vars(sched.kv_cache_manager.prefix_cache_stats)}, open(args.out, "w"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
