#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""SGLang's scheduling loop written out in plain Python, driven by a step clock (each forward pass
= 1 tick; trace times are ticks; when nothing can run the clock jumps to the next arrival). It is
an independent transcription of the rules LoraScope's `sglang` policy models (docs/admission.md,
"SGLang"), kept close to SGLang's own names so a reader can hold the two side by side:

  python/sglang/srt/managers/scheduler.py       get_next_batch_to_run, get_new_batch_prefill,
                                                update_running_batch, self_check_during_idle
  python/sglang/srt/managers/schedule_policy.py PrefillAdder (add_one_req, add_one_req_ignore_eos,
                                                add_chunked_req, budget_state, rem_total_tokens)
  python/sglang/srt/managers/schedule_batch.py  ScheduleBatch (filter_batch, merge_batch,
                                                check_decode_mem, retract_decode), Req
  python/sglang/srt/lora/lora_manager.py        validate_lora_batch (can_run_lora_batch)
  python/sglang/srt/lora/mem_pool.py            LoRAMemoryPool.prepare_lora_batch (GPU slots)
  python/sglang/srt/lora/eviction_policy.py     LRU and FIFO victims

The GPU work is replaced by "one token per request per pass"; the KV pool is a token count
(page size 1, radix cache off: SGLang's ChunkCache). The scheduler is the non-overlap event loop
(--disable-overlap-schedule). It is the reference side of tst_sglang's comparison and of
bench_admission: LoraScope's engine must give the same admitted / first-token / finished tick for
every request.

Usage:
  /usr/bin/python3 sglang_schedule.py TRACE.csv OUT.json [options]
TRACE.csv: header "time,adapter,rank,input,output"; adapter -1 = base model.
OUT.json: {"admitted", "first_token", "finished": [...] (null = never), "rejected": [reason or
           null], "retractions": [...], "steps", "prefill_steps", "decode_steps", "mixed_steps",
           "loads", "disk_loads", "evictions" (adapters, not the base
           model's slot), "seconds": CPU seconds of the scheduling loop}
"""
import argparse
import json
import math
import time

# Environment defaults (python/sglang/srt/environ.py) and schedule_policy.py constants.
INIT_NEW_TOKEN_RATIO = 0.7
MIN_NEW_TOKEN_RATIO_FACTOR = 0.14
NEW_TOKEN_RATIO_DECAY_STEPS = 600
RETRACT_DECODE_STEPS = 20
CLIP_MAX_NEW_TOKENS = 4096
IGNORE_EOS_RESERVE_TOKENS = 1

CONTINUE, NO_TOKEN, OTHER = "continue", "no_token", "other"


class Req:
    def __init__(self, index, arrival, lora_id, input_len, max_new_tokens, ignore_eos):
        self.index = index
        self.arrival = arrival
        self.lora_id = lora_id  # None = base model
        self.origin_input_len = input_len
        self.max_new_tokens = max_new_tokens
        self.ignore_eos = ignore_eos
        self.output_len = 0  # len(req.output_ids)
        self.prefix_len = 0  # len(req.prefix_indices): tokens already prefilled by earlier chunks
        self.extend_input_len = 0
        self.fill_len = 0  # len(req.fill_ids)
        self.is_chunked = 0
        self.is_retracted = False
        self.kv_tokens = 0  # KV slots this request holds in the token pool
        self.finished = False

    def init_next_round_input(self):
        # fill_ids = origin_input_ids + output_ids; ChunkCache matches no prefix, a chunked
        # request keeps the chunks it has already prefilled as its prefix
        self.fill_len = self.origin_input_len + self.output_len
        self.extend_input_len = self.fill_len - self.prefix_len

    def check_finished(self):
        # ignore_eos or not, the trace's output length ends the request (an EOS there)
        if self.output_len >= self.max_new_tokens:
            self.finished = True

    def reset_for_retract(self):
        self.prefix_len = 0
        self.extend_input_len = 0
        self.is_retracted = True
        self.is_chunked = 0


class TokenPool:
    def __init__(self, size):
        self.size = size
        self.used = 0

    def available_size(self):
        return self.size - self.used

    def alloc(self, req, n):
        assert n <= self.available_size(), "KV pool out of memory"
        self.used += n
        req.kv_tokens += n

    def free(self, req):
        self.used -= req.kv_tokens
        req.kv_tokens = 0


class ScheduleBatch:
    def __init__(self, reqs):
        self.reqs = list(reqs)
        self.batch_is_full = False
        self.decoding_reqs = None

    def is_empty(self):
        return len(self.reqs) == 0

    def filter_batch(self, chunked_req_to_exclude=None, keep_indices=None):
        if keep_indices is None:
            exclude = chunked_req_to_exclude or []
            keep_indices = [i for i, r in enumerate(self.reqs) if not r.finished and r not in exclude]
        self.reqs = [self.reqs[i] for i in keep_indices]

    def merge_batch(self, other):
        self.reqs.extend(other.reqs)


class PrefillAdder:
    def __init__(self, pool, running_batch, new_token_ratio, rem_input_tokens, rem_chunk_tokens, mixed_with_decode_tokens):
        self.pool = pool
        self.running_batch = running_batch
        self.new_token_ratio = new_token_ratio
        self.rem_input_tokens = rem_input_tokens - mixed_with_decode_tokens
        self.rem_chunk_tokens = rem_chunk_tokens
        if self.rem_chunk_tokens is not None:
            self.rem_chunk_tokens -= mixed_with_decode_tokens
        self.rem_total_token_offset = mixed_with_decode_tokens
        self.cur_rem_token_offset = mixed_with_decode_tokens
        self.req_states = None
        self.can_run_list = []
        self.new_chunked_req = None
        if running_batch is not None:
            self.rem_total_token_offset += sum(
                [min(r.max_new_tokens - r.output_len, CLIP_MAX_NEW_TOKENS) * self.new_token_ratio for r in running_batch.reqs])

    @property
    def rem_total_tokens(self):
        return self.pool.available_size() - self.rem_total_token_offset

    @property
    def cur_rem_tokens(self):
        return self.pool.available_size() - self.cur_rem_token_offset

    def budget_state(self):
        if self.rem_total_tokens <= 0 or self.cur_rem_tokens <= 0:
            return NO_TOKEN
        if self.rem_input_tokens <= 0 or (self.rem_chunk_tokens is not None and self.rem_chunk_tokens <= 0):
            return OTHER
        return CONTINUE

    def _update_prefill_budget(self, extend_input_len, max_new_tokens):
        self.rem_total_token_offset += extend_input_len + max_new_tokens
        self.cur_rem_token_offset += extend_input_len
        self.rem_input_tokens -= extend_input_len
        if self.rem_chunk_tokens is not None:
            self.rem_chunk_tokens -= extend_input_len

    def add_chunked_req(self, req):
        rem = min(self.rem_chunk_tokens, int(self.rem_total_tokens))
        truncated = req.extend_input_len > rem
        req.extend_input_len = min(req.extend_input_len, rem)
        req.fill_len = req.prefix_len + req.extend_input_len
        self.can_run_list.append(req)
        self._update_prefill_budget(req.extend_input_len, min(req.max_new_tokens, CLIP_MAX_NEW_TOKENS) if not truncated else 0)
        return req if truncated else None

    def add_one_req_ignore_eos(self, req):
        if req.extend_input_len > min(self.cur_rem_tokens, self.rem_total_tokens):
            return NO_TOKEN

        def add_req_state(r, insert_sort=False):
            ratio = 1.0 if r.ignore_eos else self.new_token_ratio
            tokens_left = r.max_new_tokens * ratio - r.output_len
            tokens_occupied = r.origin_input_len + r.output_len
            if tokens_left <= 0:
                return
            if not insert_sort:
                self.req_states.append((tokens_left, tokens_occupied))
            else:
                i = 0
                for i in range(len(self.req_states)):
                    if tokens_left <= self.req_states[i][0]:
                        break
                self.req_states.insert(i, (tokens_left, tokens_occupied))

        if self.req_states is None:
            self.req_states = []
            add_req_state(req)
            for r in self.running_batch.reqs:
                add_req_state(r)
            for r in self.can_run_list:
                add_req_state(r)
            self.req_states.sort(key=lambda x: x[0])
        else:
            add_req_state(req, insert_sort=True)

        cur_rem_tokens = self.cur_rem_tokens - req.extend_input_len
        tokens_freed = 0
        for i, (tokens_left, tokens_occupied) in enumerate(self.req_states):
            bs = len(self.req_states) - i
            min_free_tokens = cur_rem_tokens + tokens_freed - tokens_left * bs
            if min_free_tokens <= IGNORE_EOS_RESERVE_TOKENS * bs:
                return NO_TOKEN
            tokens_freed += tokens_occupied

        if self.rem_chunk_tokens is None or req.extend_input_len <= self.rem_chunk_tokens:
            self.can_run_list.append(req)
            self._update_prefill_budget(req.extend_input_len, min(req.max_new_tokens, CLIP_MAX_NEW_TOKENS))
        else:
            if self.rem_chunk_tokens <= 0:  # SGLang tests == 0; a mixed step can leave it negative
                return OTHER
            trunc_len = self.rem_chunk_tokens
            req.extend_input_len = trunc_len
            req.fill_len = trunc_len
            self.can_run_list.append(req)
            self.new_chunked_req = req
            self._update_prefill_budget(trunc_len, 0)
        return self.budget_state()

    def add_one_req(self, req):
        if req.ignore_eos:  # radix cache off: ChunkCache.disable is True
            return self.add_one_req_ignore_eos(req)
        total_tokens = req.extend_input_len + min(max(req.max_new_tokens - req.output_len, 0), CLIP_MAX_NEW_TOKENS)
        input_tokens = req.extend_input_len
        if total_tokens >= self.rem_total_tokens:
            return NO_TOKEN
        if input_tokens >= self.rem_input_tokens and len(self.can_run_list) != 0:
            return OTHER
        if self.rem_chunk_tokens is None or input_tokens <= self.rem_chunk_tokens:
            self.can_run_list.append(req)
            self._update_prefill_budget(input_tokens, min(req.max_new_tokens, CLIP_MAX_NEW_TOKENS))
        else:
            trunc_len = self.rem_chunk_tokens
            if trunc_len <= 0:
                return OTHER
            req.extend_input_len = trunc_len
            req.fill_len = req.prefix_len + trunc_len
            self.can_run_list.append(req)
            self.new_chunked_req = req
            self._update_prefill_budget(trunc_len, 0)
        return self.budget_state()


class LoRAMemoryPool:
    """GPU slots: max_loras_per_batch buffers; the base model (None) takes a slot too."""

    def __init__(self, slots, policy, pinned, evict_base_first):
        self.slots = slots
        self.policy = policy
        self.pinned = pinned
        self.evict_base_first = evict_base_first  # before SGLang PR #14795
        self.resident = set()  # uids in a buffer slot
        self.order = []  # LRU: least recently used first; FIFO: first inserted first (adapters only)
        self.loads = 0
        self.disk_loads = 0
        self.evictions = 0

    def mark_used(self, uid):
        if uid is None:
            return
        if self.policy == "lru":
            if uid in self.order:
                self.order.remove(uid)
            self.order.append(uid)
        elif uid not in self.order:
            self.order.append(uid)

    def prepare_lora_batch(self, cur_uids, registry):
        # cur_uids: the batch's distinct uids in order of first appearance (SGLang iterates a set)
        for uid in cur_uids:
            self.mark_used(uid)
        for uid in cur_uids:
            if uid in self.resident:
                continue
            if len(self.resident) >= self.slots:
                candidates = [u for u in self.resident if u not in cur_uids and not (u is not None and u[0] in self.pinned)]
                assert candidates, "no LoRA slot to evict"
                if None in candidates and (self.evict_base_first or len(candidates) == 1):
                    victim = None
                else:
                    victim = next(u for u in self.order if u in candidates)
                self.resident.discard(victim)
                if victim is not None:
                    self.order.remove(victim)
                    self.evictions += 1
            self.resident.add(uid)
            if uid is not None:
                self.loads += 1
                if registry.take_disk_load(uid):
                    self.disk_loads += 1


class LoRARegistry:
    """The CPU tier: adapters loaded in host memory, at most max_loaded_loras (LRU by request)."""

    def __init__(self, adapters, max_loaded, pinned):
        self.max_loaded = max_loaded
        self.pinned = pinned
        self.generation = {a: 0 for a in adapters}
        self.pending_disk = set()
        # --lora-paths: adapters 0 .. max_loaded_loras - 1 are read at start-up; without the limit
        # every adapter is in host memory
        self.lru = list(range(max_loaded)) if max_loaded is not None else list(adapters)  # least recently acquired first

    def uid(self, adapter):
        return (adapter, self.generation.get(adapter, 0))

    def acquire(self, adapter, in_flight):
        if adapter in self.lru:
            self.lru.remove(adapter)
            self.lru.append(adapter)
            return
        self.generation[adapter] = self.generation.get(adapter, 0) + 1  # a (re)load registers a new lora_id
        self.pending_disk.add(self.uid(adapter))
        self.lru.append(adapter)
        while self.max_loaded is not None and len(self.lru) > self.max_loaded:
            victims = [a for a in self.lru if a not in self.pinned and a != adapter and in_flight(a) == 0]
            if not victims:
                break  # SGLang would wait for the in-flight requests; we go over the limit
            self.lru.remove(victims[0])

    def take_disk_load(self, uid):
        if uid in self.pending_disk:
            self.pending_disk.discard(uid)
            return True
        return False


class Scheduler:
    def __init__(self, a, adapters):
        self.max_total_num_tokens = a.max_total_tokens
        self.context_len = a.context_length
        self.max_req_len = min(self.context_len - 1, self.max_total_num_tokens - 1)
        self.max_req_input_len = self.max_req_len - 5
        if a.max_running_requests is not None:
            self.max_running_requests = a.max_running_requests
        else:
            estimated = max(min(int(self.max_total_num_tokens / self.context_len * 512), 4096), 2048)
            self.max_running_requests = min(estimated, self.max_total_num_tokens // 2)
        self.max_prefill_tokens = a.max_prefill_tokens
        self.chunked_prefill_size = a.chunked_prefill_size if a.chunked_prefill_size > 0 else None
        self.is_mixed_chunk = self.chunked_prefill_size is not None and a.enable_mixed_chunk
        self.ignore_eos = not a.no_ignore_eos
        # --enable-lora; with base-model requests only it changes nothing ({None} fits any slot count)
        self.enable_lora = True
        self.max_loras_per_batch = a.max_loras_per_batch
        self.lora_scan_stops = a.lora_scan_stops
        self.pinned = set(a.pinned)
        self.num_pinned_loras = len(self.pinned)
        self.mem_pool = LoRAMemoryPool(a.max_loras_per_batch, a.lora_eviction_policy, self.pinned, a.lora_scan_stops)
        self.registry = LoRARegistry(adapters, a.max_loaded_loras, self.pinned)

        self.init_new_token_ratio = min(INIT_NEW_TOKEN_RATIO * a.schedule_conservativeness, 1.0)
        self.min_new_token_ratio = min(self.init_new_token_ratio * MIN_NEW_TOKEN_RATIO_FACTOR, 1.0)
        self.new_token_ratio_decay = (self.init_new_token_ratio - self.min_new_token_ratio) / NEW_TOKEN_RATIO_DECAY_STEPS
        self.new_token_ratio = self.init_new_token_ratio

        self.pool = TokenPool(self.max_total_num_tokens)
        self.waiting_queue = []
        self.running_batch = ScheduleBatch([])
        self.last_batch = None
        self.chunked_req = None
        self.retractions = 0

    # -- arrival (tokenizer manager + scheduler.handle_generate_request) ---------------------
    def handle_generate_request(self, req):
        if req.origin_input_len >= self.context_len:
            return "input_too_long"
        if req.origin_input_len + req.max_new_tokens >= self.context_len:
            return "total_too_long"
        if req.origin_input_len >= self.max_req_input_len:
            return "never_fits"
        req.max_new_tokens = min(req.max_new_tokens, self.max_req_len - req.origin_input_len - 1)
        if req.lora_id is not None:
            self.registry.acquire(req.lora_id, self.in_flight)
            req.lora_id = self.registry.uid(req.lora_id)
        self.waiting_queue.append(req)
        return None

    def in_flight(self, adapter):
        reqs = self.waiting_queue + self.running_batch.reqs + ([self.chunked_req] if self.chunked_req else [])
        return sum(1 for r in reqs if r.lora_id is not None and r.lora_id[0] == adapter and not r.finished)

    # -- LoRA batch check (lora_manager.validate_lora_batch) -----------------------------------
    def can_run_lora_batch(self, lora_ids):
        if len(lora_ids) > self.max_loras_per_batch:
            return False
        if self.num_pinned_loras == 0:
            return True
        pinned_in_batch = sum(1 for u in lora_ids if u is not None and u[0] in self.pinned)
        return len(lora_ids) - pinned_in_batch <= self.max_loras_per_batch - self.num_pinned_loras

    # -- one iteration of the event loop -------------------------------------------------------
    def get_next_batch_to_run(self):
        chunked_req_to_exclude = set()
        if self.chunked_req is not None:
            chunked_req_to_exclude.add(self.chunked_req)
            self.chunked_req.prefix_len = self.chunked_req.fill_len  # cache_unfinished_req
        if self.last_batch is not None and self.last_batch.forward_mode in ("extend", "mixed"):
            last_bs = len(self.last_batch.reqs)
            self.last_batch.filter_batch(chunked_req_to_exclude=list(chunked_req_to_exclude))
            if len(self.last_batch.reqs) < last_bs:
                self.running_batch.batch_is_full = False
            if not self.last_batch.is_empty():
                if self.running_batch.is_empty():
                    self.running_batch = self.last_batch
                    self.running_batch.batch_is_full = False
                else:
                    self.running_batch.merge_batch(self.last_batch)

        new_batch = self.get_new_batch_prefill()
        if new_batch is not None:
            return new_batch
        if not self.running_batch.is_empty():
            self.running_batch = self.update_running_batch(self.running_batch)
            return self.running_batch if not self.running_batch.is_empty() else None
        return None

    def get_new_batch_prefill(self):
        if (self.running_batch.batch_is_full or len(self.waiting_queue) == 0) and self.chunked_req is None:
            return None
        running_bs = len(self.running_batch.reqs)
        if self.max_running_requests - running_bs <= 0 and self.chunked_req is None:
            self.running_batch.batch_is_full = True
            return None

        adder = PrefillAdder(self.pool, self.running_batch, self.new_token_ratio, self.max_prefill_tokens,
                             self.chunked_prefill_size, running_bs if self.is_mixed_chunk else 0)
        if self.chunked_req is not None:
            self.chunked_req.init_next_round_input()
            self.chunked_req = adder.add_chunked_req(self.chunked_req)

        lora_set = set(r.lora_id for r in self.running_batch.reqs)
        for req in self.waiting_queue:
            if self.enable_lora:
                new_lora_set = lora_set | set(r.lora_id for r in adder.can_run_list) | {req.lora_id}
                if not self.can_run_lora_batch(new_lora_set):
                    if self.lora_scan_stops:  # before SGLang PR #14795
                        self.running_batch.batch_is_full = True
                        break
                    continue  # PR #14795 (LoRA requests) and #16333 (base-model requests too)
            if len(adder.can_run_list) >= self.max_running_requests - len(self.running_batch.reqs):
                self.running_batch.batch_is_full = True
            if self.running_batch.batch_is_full:
                break
            req.init_next_round_input()
            res = adder.add_one_req(req)
            if res != CONTINUE:
                if res == NO_TOKEN:
                    self.running_batch.batch_is_full = True
                break

        can_run_list = adder.can_run_list
        if len(can_run_list) == 0:
            return None
        chosen = set(id(r) for r in can_run_list)
        self.waiting_queue = [x for x in self.waiting_queue if id(x) not in chosen]
        if adder.new_chunked_req is not None:
            assert self.chunked_req is None
            self.chunked_req = adder.new_chunked_req
        if self.chunked_req:
            self.chunked_req.is_chunked += 1

        new_batch = ScheduleBatch(can_run_list)
        new_batch.forward_mode = "extend"
        for r in can_run_list:  # prepare_for_extend: allocate the extend tokens
            self.pool.alloc(r, r.extend_input_len)
            r.is_retracted = False
            if not hasattr(r, "admitted_once"):
                r.admitted_once = True
                self.on_admit(r)
        if self.is_mixed_chunk and not self.running_batch.is_empty():
            self.running_batch.filter_batch()
            if not self.running_batch.is_empty():
                for r in self.running_batch.reqs:  # prepare_for_decode, no memory check
                    self.pool.alloc(r, 1)
                new_batch.forward_mode = "mixed"
                new_batch.decoding_reqs = list(self.running_batch.reqs)
                new_batch.merge_batch(self.running_batch)
            carried = self.running_batch.batch_is_full
            self.running_batch = ScheduleBatch([])
            self.running_batch.batch_is_full = carried
        return new_batch

    def update_running_batch(self, batch):
        initial_bs = len(batch.reqs)
        batch.filter_batch()
        if batch.is_empty():
            batch.batch_is_full = False
            return batch
        if not self.check_decode_mem(len(batch.reqs)):
            retracted_reqs, self.new_token_ratio = self.retract_decode(batch)
            self.retractions += len(retracted_reqs)
            for r in retracted_reqs:
                self.waiting_queue.append(r)
                self.on_retract(r)
        else:
            self.new_token_ratio = max(self.new_token_ratio - self.new_token_ratio_decay, self.min_new_token_ratio)
        if len(batch.reqs) < initial_bs:
            batch.batch_is_full = False
        batch.forward_mode = "decode"
        for r in batch.reqs:  # prepare_for_decode
            self.pool.alloc(r, 1)
        return batch

    def check_decode_mem(self, num_reqs):
        return self.pool.available_size() >= num_reqs

    def retract_decode(self, batch):
        sorted_indices = list(range(len(batch.reqs)))
        sorted_indices.sort(key=lambda i: (batch.reqs[i].output_len, -batch.reqs[i].origin_input_len), reverse=True)
        retracted_reqs = []
        first_iter = True
        while first_iter or not self.check_decode_mem(len(sorted_indices)):
            if len(sorted_indices) == 1:
                assert self.pool.available_size() > 0, "no space left for the only request"
                break
            first_iter = False
            idx = sorted_indices.pop()
            req = batch.reqs[idx]
            retracted_reqs.append(req)
            self.pool.free(req)  # release_req: the KV is dropped, not cached
            req.reset_for_retract()
        batch.filter_batch(keep_indices=sorted_indices)
        total_decoded_tokens = sum(r.output_len for r in batch.reqs)
        total_max_new_tokens = sum(r.max_new_tokens for r in batch.reqs)
        new_estimate_ratio = (total_decoded_tokens + RETRACT_DECODE_STEPS * len(batch.reqs)) / (total_max_new_tokens + 1)
        return retracted_reqs, min(1.0, new_estimate_ratio)

    def run_batch(self, batch):
        uids = []
        for r in batch.reqs:
            if r.lora_id not in uids:
                uids.append(r.lora_id)
        if self.enable_lora:
            self.mem_pool.prepare_lora_batch(uids, self.registry)
        decoding = set(id(r) for r in (batch.decoding_reqs or []))
        for r in batch.reqs:
            if batch.forward_mode == "decode" or id(r) in decoding or r.is_chunked <= 0:
                r.output_len += 1
                first = not hasattr(r, "first_token_done")
                if first:
                    r.first_token_done = True
                r.check_finished()
                if r.finished:
                    self.pool.free(r)
                self.on_token(r, first)
            else:
                r.is_chunked -= 1

    def self_check_during_idle(self):
        self.new_token_ratio = self.init_new_token_ratio

    def is_empty(self):
        # nothing to do until a request arrives: SGLang's next iteration would run no batch either
        # (the last batch has been merged and the finished requests filtered out by an idle iteration)
        return (not self.waiting_queue and self.running_batch.is_empty() and self.chunked_req is None
                and self.last_batch is None)

    def step(self):
        """Event-loop iterations until one runs a forward pass (True) or two in a row run none."""
        for _ in range(2):
            batch = self.get_next_batch_to_run()
            if batch is not None:
                self.run_batch(batch)
                self.last_batch = batch
                return batch.forward_mode
            self.self_check_during_idle()
            self.last_batch = None
        return None


def main():
    p = argparse.ArgumentParser()
    p.add_argument("trace")
    p.add_argument("out")
    p.add_argument("--max-total-tokens", type=int, default=16000)
    p.add_argument("--context-length", type=int, default=4096)
    p.add_argument("--max-running-requests", type=int, default=None)
    p.add_argument("--chunked-prefill-size", type=int, default=4096)
    p.add_argument("--max-prefill-tokens", type=int, default=16384)
    p.add_argument("--schedule-conservativeness", type=float, default=1.0)
    p.add_argument("--enable-mixed-chunk", action="store_true")
    p.add_argument("--no-ignore-eos", action="store_true")
    p.add_argument("--max-loras-per-batch", type=int, default=8)
    p.add_argument("--max-loaded-loras", type=int, default=None)
    p.add_argument("--lora-eviction-policy", choices=["lru", "fifo"], default="lru")
    p.add_argument("--pinned", default="", help="comma-separated adapter indices")
    p.add_argument("--lora-scan-stops", action="store_true")
    a = p.parse_args()
    a.pinned = [int(x) for x in a.pinned.split(",") if x]

    rows = []
    with open(a.trace) as f:
        header = f.readline().strip().split(",")
        assert header == ["time", "adapter", "rank", "input", "output"], header
        for line in f:
            t, ad, _rank, i, o = line.strip().split(",")
            rows.append((float(t), int(ad), int(i), int(o)))
    n = len(rows)
    adapters = sorted(set(ad for _, ad, _, _ in rows if ad >= 0))
    sched = Scheduler(a, adapters)

    admitted = [None] * n
    first_token = [None] * n
    finished = [None] * n
    rejected = [None] * n
    retractions = [0] * n
    clock = {"start": 0.0, "end": 0.0}
    sched.on_admit = lambda r: admitted.__setitem__(r.index, clock["start"])
    sched.on_retract = lambda r: retractions.__setitem__(r.index, retractions[r.index] + 1)

    def on_token(r, first):
        if first:
            first_token[r.index] = clock["end"]
        if r.finished:
            finished[r.index] = clock["end"]
    sched.on_token = on_token

    counts = {"extend": 0, "decode": 0, "mixed": 0}
    started = time.process_time()
    now = min(0.0, rows[0][0]) if rows else 0.0
    nxt = 0
    while True:
        while nxt < n and rows[nxt][0] <= now:
            t, ad, i, o = rows[nxt]
            req = Req(nxt, t, None if ad < 0 else ad, i, max(1, o), sched.ignore_eos)
            rejected[nxt] = sched.handle_generate_request(req)
            nxt += 1
        if sched.is_empty():
            if nxt >= n:
                break
            now = max(now, rows[nxt][0])
            continue
        clock["start"], clock["end"] = now, now + 1
        mode = sched.step()
        if mode is None:
            if sched.is_empty():
                continue
            if nxt >= n:
                break  # the queue can never run
            t = rows[nxt][0]
            now = t if t > now else math.nextafter(now, math.inf)
            continue
        counts[mode] += 1
        now += 1
    seconds = time.process_time() - started

    with open(a.out, "w") as f:
        json.dump({"admitted": admitted, "first_token": first_token, "finished": finished, "rejected": rejected,
                   "retractions": retractions, "steps": sum(counts.values()), "prefill_steps": counts["extend"],
                   "decode_steps": counts["decode"], "mixed_steps": counts["mixed"], "loads": sched.mem_pool.loads,
                   "disk_loads": sched.mem_pool.disk_loads, "evictions": sched.mem_pool.evictions,
                   "seconds": seconds}, f)


if __name__ == "__main__":
    main()
