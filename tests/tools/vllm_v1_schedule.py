#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""An independent transcription of vLLM V1's scheduler for the tests of the `vllm` policy.

Written from vLLM's own code (vllm-project/vllm, main at b4622cf):
  vllm/v1/core/sched/scheduler.py      Scheduler.schedule(), _preempt_request(), _update_after_schedule(),
                                       update_from_output()
  vllm/v1/core/sched/request_queue.py  FCFSRequestQueue (a deque)
  vllm/v1/core/kv_cache_manager.py     KVCacheManager.allocate_slots(), free(), get_computed_blocks()
  vllm/v1/core/block_pool.py           BlockPool (the first block is the null block), FreeKVCacheBlockQueue
  vllm/v1/core/sched/utils.py          check_stop()
  vllm/lora/worker_manager.py          LRUCacheWorkerLoRAManager.add_adapter() (CPU cache, then GPU slot)
It keeps vLLM's names and structure on purpose, so that a reader can hold it next to vLLM's files;
it shares no code with LoraScope's C++ engine (core/admission/vllm.cpp) and is deliberately
simple (a deque scanned request by request, block ids in a free list).

Not modelled, as in LoraScope: prompt content (so the prefix cache never hits), speculative decoding,
structured output, encoders, KV connectors, async scheduling, priorities.

The clock is LoraScope's step clock (docs/admission.md): trace times are steps; requests with
time <= now are added before each schedule(); a schedule() that scheduled nothing does not advance
the clock (it jumps to the next arrival when nothing can run); `admitted` is the start of the step
that first scheduled a request, `first_token` and `finished` the end of the step that completed its
prefill / sampled its last token.

Usage: vllm_v1_schedule.py TRACE.csv OUT.json [--max-num-seqs N] [--max-num-batched-tokens N]
       [--max-model-len N] [--no-chunked-prefill] [--long-prefill-token-threshold N]
       [--num-gpu-blocks N] [--block-size N] [--max-loras N] [--max-cpu-loras N] [--lora-scan stop]
TRACE.csv: header time,adapter,rank,input,output (adapter -1 = base model), in arrival order.
OUT.json: {"admitted": [...], "first_token": [...], "finished": [...], "steps": N, "preemptions": N,
           "loads": N, "disk_loads": N, "kinds": {"prefill": N, "decode": N, "mixed": N}}
"""
import argparse
import collections
import csv
import enum
import json
import sys


class RequestStatus(enum.Enum):
    WAITING = 1
    RUNNING = 2
    PREEMPTED = 3
    FINISHED_LENGTH_CAPPED = 4


class Request:
    def __init__(self, request_id, arrival_time, num_prompt_tokens, max_tokens, lora_int_id):
        self.request_id = request_id
        self.arrival_time = arrival_time
        self.num_prompt_tokens = num_prompt_tokens
        self.max_tokens = max_tokens
        self.lora_int_id = lora_int_id  # None: no lora_request (the base model)
        self.num_output_tokens = 0  # len(output_token_ids)
        self.num_computed_tokens = 0
        self.status = RequestStatus.WAITING
        self.num_preemptions = 0

    @property
    def num_tokens(self):
        return self.num_prompt_tokens + self.num_output_tokens

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


def cdiv(a, b):
    return -(-a // b)


class BlockPool:
    def __init__(self, num_gpu_blocks):
        self.num_gpu_blocks = num_gpu_blocks
        self.free_block_queue = collections.deque(range(num_gpu_blocks))
        self.null_block = self.free_block_queue.popleft()

    def get_num_free_blocks(self):
        return len(self.free_block_queue)

    def get_new_blocks(self, n):
        assert n <= len(self.free_block_queue)
        return [self.free_block_queue.popleft() for _ in range(n)]

    def free_blocks(self, blocks):
        self.free_block_queue.extend(blocks)


class KVCacheManager:
    """One full-attention group; prefix caching finds nothing (no prompt content)."""

    def __init__(self, block_size, num_gpu_blocks, max_model_len):
        self.block_size = block_size
        self.max_model_len = max_model_len
        self.block_pool = BlockPool(num_gpu_blocks)
        self.req_to_blocks = collections.defaultdict(list)

    def get_computed_blocks(self, request):
        return [], 0

    def allocate_slots(self, request, num_new_tokens, num_new_computed_tokens=0):
        num_computed_tokens = request.num_computed_tokens + num_new_computed_tokens
        num_tokens_need_slot = min(num_computed_tokens + num_new_tokens, self.max_model_len)
        blocks = self.req_to_blocks[request.request_id]
        num_blocks_to_allocate = max(0, cdiv(num_tokens_need_slot, self.block_size) - len(blocks))
        if num_blocks_to_allocate > self.block_pool.get_num_free_blocks():
            return None
        new_blocks = self.block_pool.get_new_blocks(num_blocks_to_allocate)
        blocks.extend(new_blocks)
        return new_blocks

    def free(self, request):
        blocks = self.req_to_blocks.pop(request.request_id, [])
        self.block_pool.free_blocks(reversed(blocks))

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
        self.kv_cache_manager = KVCacheManager(args.block_size, args.num_gpu_blocks, args.max_model_len)
        self.lora_manager = LoRAManager(args.max_loras, args.max_cpu_loras)
        self.requests = {}
        self.waiting = FCFSRequestQueue()
        self.running = []

    def add_request(self, request):
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

        skipped_waiting_requests = FCFSRequestQueue()

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
                new_blocks = self.kv_cache_manager.allocate_slots(request, num_new_tokens, num_new_local_computed_tokens)
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
            rows.append((float(row["time"]), int(row["adapter"]), int(row["rank"]), int(row["input"]), int(row["output"])))
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
            t, adapter, rank, inp, out = rows[nxt]
            max_tokens = max(1, out)
            # The API server refuses prompt + max_tokens > max_model_len; vLLM cannot load a larger rank.
            if inp + max_tokens <= args.max_model_len and (adapter < 0 or rank <= args.max_lora_rank):
                sched.add_request(Request(nxt, t, inp, max_tokens, None if adapter < 0 else adapter))
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
               "disk_loads": sched.lora_manager.disk_loads, "kinds": kinds}, open(args.out, "w"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
