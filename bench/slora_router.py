#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""S-LoRA's request queue and router loop written out in plain Python + NumPy, driven by a step
clock (each prefill or decode forward pass = 1 tick; trace times are ticks; when nothing runs the
clock jumps to the next arrival). It follows slora/server/router/req_queue.py (ReqQueue),
slora/server/router/manager.py (RouterManager._step and the batch helpers it calls) and
slora/server/io_struct.py (Req, Batch) with the GPU work replaced by "one token per request per
pass". It is the reference side of bench_admission: LoraScope's engine must give the same
admitted / first token / finished tick for every request, and the two run times are compared.

Usage:
  /usr/bin/python3 slora_router.py TRACE.csv OUT.json --max-total-tokens N [--batch-max-tokens N]
        [--running-max-req-size N] [--max-wait-tokens N]
TRACE.csv: header "time,adapter,rank,input,output"; adapter -1 = base model.
OUT.json: {"admitted": [...], "first_token": [...], "finished": [...], "seconds": run time,
           "steps": forward passes, "loads": adapter loads, "unloads": adapter unloads}
"""
import argparse
import json
import math
import time

import numpy as np


class Req:
    def __init__(self, adapter_dir, request_id, input_len, max_new_tokens):
        self.adapter_dir = adapter_dir
        self.request_id = request_id
        self.input_len = input_len
        self.max_output_len = max_new_tokens
        self.output_ids = []
        self.has_generate_finished = False
        self.aborted = False


class Batch:
    def __init__(self, reqs):
        self.reqs = reqs
        self.id_to_reqs = {req.request_id: req for req in reqs}
        self.adapter_dirs = set()
        for req in reqs:
            self.adapter_dirs.add(req.adapter_dir)

    def mark_finished_req(self):
        has_new_finish = False
        for req in self.reqs:
            # ignore_eos = True in benchmarks: only the length (or an abort) ends a request
            if len(req.output_ids) >= req.max_output_len or req.aborted:
                req.has_generate_finished = True
                has_new_finish = True
        return has_new_finish

    def filter_finished(self):
        unfinished_req = []
        for req in self.reqs:
            if not req.has_generate_finished:
                unfinished_req.append(req)
        self.reqs = unfinished_req
        self.id_to_reqs = {req.request_id: req for req in self.reqs}
        self.adapter_dirs = set()
        for req in self.reqs:
            self.adapter_dirs.add(req.adapter_dir)

    def is_clear(self):
        return len(self.reqs) == 0

    def merge(self, mini_batch):
        for _req in mini_batch.reqs:
            self.reqs.append(_req)
            self.adapter_dirs.add(_req.adapter_dir)
        self.id_to_reqs = {req.request_id: req for req in self.reqs}


class ReqQueue:
    def __init__(self, max_total_tokens, batch_max_tokens, running_max_req_size):
        self.max_total_tokens = max_total_tokens
        self.batch_max_tokens = batch_max_tokens
        self.running_max_req_size = running_max_req_size
        self.waiting_req_list = []

    def append(self, req):
        self.waiting_req_list.append(req)

    def _init_cache_list(self, current_batch, lora_ranks):
        self.cache_len_list = []
        self.adapters = set()
        self.adapter_size = 0
        if current_batch is not None:
            for req in current_batch.reqs:
                self.cache_len_list.append((req.input_len + len(req.output_ids),
                                            req.max_output_len - len(req.output_ids) - 1))
                if req.adapter_dir not in self.adapters:
                    self.adapter_size += lora_ranks[req.adapter_dir] * 4
                    self.adapters.add(req.adapter_dir)

    def _can_add_new_req(self, req, lora_ranks):
        self.cache_len_list.append((req.input_len + 1, req.max_output_len - 1))
        self.cache_len_list.sort(key=lambda x: -x[1])
        if req.adapter_dir not in self.adapters:
            self.adapter_size += lora_ranks[req.adapter_dir] * 4
            self.adapters.add(req.adapter_dir)
        left_out_len_array = np.array([e[1] for e in self.cache_len_list])
        has_run_len_array = np.array([e[0] for e in self.cache_len_list])
        cum_run_len_array = np.cumsum(has_run_len_array)
        size_array = np.arange(1, len(self.cache_len_list) + 1, 1)
        need_max_token_num = (left_out_len_array * size_array + cum_run_len_array).max()
        return (need_max_token_num < self.max_total_tokens - self.adapter_size and
                len(self.cache_len_list) <= self.running_max_req_size)

    def generate_new_batch(self, current_batch, lora_ranks):
        if current_batch is not None and len(current_batch.reqs) >= self.running_max_req_size:
            return None
        self._init_cache_list(current_batch, lora_ranks)
        can_run_list = []
        new_batch_total_tokens = 0
        aborted_count = 0
        for req in self.waiting_req_list:
            if req.aborted:
                aborted_count += 1
                continue
            if (self._can_add_new_req(req, lora_ranks) and
                    new_batch_total_tokens + req.input_len <= self.batch_max_tokens):
                can_run_list.append(req)
                new_batch_total_tokens += req.input_len
            else:
                break
        if len(can_run_list) != 0:
            new_batch = Batch(can_run_list)
            self.waiting_req_list = self.waiting_req_list[len(can_run_list) + aborted_count:]
            return new_batch
        return None


class Router:
    """RouterManager._step with the model RPCs replaced by one token per request per pass."""

    def __init__(self, queue, lora_ranks, max_wait_tokens, on_admit, on_token, on_finish):
        self.req_queue = queue
        self.lora_ranks = lora_ranks
        self.running_batch = None
        self.has_wait_tokens = 0
        self.max_wait_tokens = max_wait_tokens
        self.loaded = set()  # InferAdapter.adapter_dirs
        self.loads = 0
        self.unloads = 0
        self.on_admit, self.on_token, self.on_finish = on_admit, on_token, on_finish

    def load_adapters(self, adapter_dirs):
        for a in adapter_dirs:
            if a is not None and a not in self.loaded:
                self.loaded.add(a)
                self.loads += 1

    def offload_adapters(self, reserve=()):
        # InferAdapter.offload_adapters: nothing to do when the sizes match (reserve may hold None)
        if len(reserve) == len(self.loaded):
            return
        for a in list(self.loaded):
            if a not in reserve:
                self.loaded.discard(a)
                self.unloads += 1

    def _forward(self, batch):
        for req in batch.reqs:
            if not req.output_ids:
                self.on_token(req)
            req.output_ids.append(0)
        has_new_finished_req = batch.mark_finished_req()
        for req in batch.reqs:
            if req.has_generate_finished:
                self.on_finish(req)
        return has_new_finished_req

    def _prefill_batch(self, batch):
        for req in batch.reqs:
            self.on_admit(req)
        has_new = self._forward(batch)
        self._handle_finish_req(batch, has_new, minibatch=True)

    def _decode_batch(self, batch):
        has_new = self._forward(batch)
        self._handle_finish_req(batch, has_new)

    def _handle_finish_req(self, batch, has_new_finished_req, minibatch=False):
        if has_new_finished_req:
            batch.filter_finished()
            if not minibatch:
                self.offload_adapters(batch.adapter_dirs)

    def _filter_runing_batch(self):
        if self.running_batch is not None and self.running_batch.is_clear():
            self.offload_adapters()
            self.running_batch = None

    def step(self):
        """One _step(); returns False when it did no forward pass."""
        if self.running_batch is None:
            new_batch = self.req_queue.generate_new_batch(self.running_batch, self.lora_ranks)
            if new_batch is not None:
                self.running_batch = new_batch
                self.load_adapters(new_batch.adapter_dirs)
                self._prefill_batch(self.running_batch)
                self._filter_runing_batch()
                self.has_wait_tokens = 0
                return True
            return False
        if self.has_wait_tokens < self.max_wait_tokens:
            self._decode_batch(self.running_batch)
            self._filter_runing_batch()
            self.has_wait_tokens += 1
            return True
        new_mini_batch = self.req_queue.generate_new_batch(self.running_batch, self.lora_ranks)
        if new_mini_batch is not None:
            self.load_adapters(new_mini_batch.adapter_dirs)
            self._prefill_batch(new_mini_batch)
            if not new_mini_batch.is_clear():
                self.running_batch.merge(new_mini_batch)
            self.has_wait_tokens = 0
        else:
            self._decode_batch(self.running_batch)
            self._filter_runing_batch()
        return True


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("trace")
    ap.add_argument("out")
    ap.add_argument("--max-total-tokens", type=int, default=6000)
    ap.add_argument("--batch-max-tokens", type=int, default=0)
    ap.add_argument("--running-max-req-size", type=int, default=1000)
    ap.add_argument("--max-req-total-len", type=int, default=3072)
    ap.add_argument("--max-wait-tokens", type=int, default=10)
    a = ap.parse_args()
    batch_max = a.batch_max_tokens or max(int(a.max_total_tokens / 6), a.max_req_total_len)

    times, adapters, inputs, outputs, lora_ranks = [], [], [], [], {None: 0}
    with open(a.trace) as f:
        next(f)
        for line in f:
            t, ad, rank, inp, out = line.strip().split(",")
            ad = None if int(ad) < 0 else "adapter-" + ad
            lora_ranks[ad] = int(rank) if ad is not None else 0
            times.append(float(t))
            adapters.append(ad)
            inputs.append(int(inp))
            outputs.append(int(out))
    n = len(times)
    admitted = [None] * n
    first = [None] * n
    finished = [None] * n
    clock = {"now": 0.0}

    def on_admit(req):
        admitted[req.request_id] = clock["now"]

    def on_token(req):
        first[req.request_id] = clock["now"] + 1

    def on_finish(req):
        finished[req.request_id] = clock["now"] + 1

    start = time.perf_counter()
    router = Router(ReqQueue(a.max_total_tokens, batch_max, a.running_max_req_size), lora_ranks,
                    a.max_wait_tokens, on_admit, on_token, on_finish)
    now, nxt, steps = 0.0, 0, 0
    while True:
        while nxt < n and times[nxt] <= now:
            router.req_queue.append(Req(adapters[nxt], nxt, inputs[nxt], max(1, outputs[nxt])))
            nxt += 1
        clock["now"] = now
        if router.step():
            steps += 1
            now += 1.0
            continue
        if nxt >= n:
            break  # empty, or the queue head can never be admitted
        now = max(now, times[nxt])
    seconds = time.perf_counter() - start
    with open(a.out, "w") as f:
        json.dump({"admitted": admitted, "first_token": first, "finished": finished, "seconds": seconds,
                   "steps": steps, "loads": router.loads, "unloads": router.unloads}, f)


if __name__ == "__main__":
    main()
