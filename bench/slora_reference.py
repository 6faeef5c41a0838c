#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""S-LoRA's generate_requests formula (benchmarks/trace.py) written out with NumPy's legacy
RandomState, used to make golden files for tests and as the NumPy side of the generator benchmark.

Usage:
  slora_reference.py golden OUT.json --adapters N --alpha A --rate R --cv CV --duration S
                     --input-range LO,HI --output-range LO,HI --seed N
  slora_reference.py time  (same flags; seconds for the vectorised NumPy draws alone, best of 3)
  slora_reference.py time-slora  (same flags; seconds for S-LoRA's generate_requests as written:
                     the NumPy draws plus its Python loop building Request objects with dummy prompts)
"""
import argparse
import json
import sys
import time

import numpy as np


def generate(num_adapters, alpha, req_rate, cv, duration, input_range, output_range, seed):
    np.random.seed(seed)
    tot_req = int(req_rate * duration)
    probs = np.random.power(alpha, tot_req)
    ind = (probs * num_adapters).astype(int)
    input_lens = np.random.randint(input_range[0], input_range[1], tot_req)
    output_lens = np.random.randint(output_range[0], output_range[1], tot_req)
    shape = 1 / (cv * cv)
    scale = cv * cv / req_rate
    intervals = np.random.gamma(shape, scale, tot_req)
    times = np.cumsum(intervals)  # same additions, in the same order, as S-LoRA's `tic += ...`
    return ind, input_lens, output_lens, times


class Request:
    """The fields of S-LoRA's benchmarks/trace.py Request."""

    def __init__(self, req_id, model_dir, adapter_dir, prompt, prompt_len, output_len, req_time):
        self.req_id = req_id
        self.model_dir = model_dir
        self.adapter_dir = adapter_dir
        self.prompt = prompt
        self.prompt_len = prompt_len
        self.output_len = output_len
        self.req_time = req_time


def dummy_prompt(prompt_len):
    return "Hello " * prompt_len


def generate_requests_as_slora(num_adapters, alpha, req_rate, cv, duration, input_range, output_range, seed):
    """S-LoRA's generate_requests as its benchmark runs it: NumPy draws, then a Python loop that
    accumulates the arrival time and builds one Request (with its dummy prompt) per request."""
    adapter_dirs = [("base", f"adapter-{i}") for i in range(max(num_adapters, 1))]
    np.random.seed(seed)
    tot_req = int(req_rate * duration)
    probs = np.random.power(alpha, tot_req)
    ind = (probs * num_adapters).astype(int)
    input_lens = np.random.randint(input_range[0], input_range[1], tot_req)
    output_lens = np.random.randint(output_range[0], output_range[1], tot_req)
    requests = []
    tic = 0
    shape = 1 / (cv * cv)
    scale = cv * cv / req_rate
    intervals = np.random.gamma(shape, scale, tot_req)
    for i in range(tot_req):
        tic += intervals[i]
        requests.append(Request(i, adapter_dirs[ind[i]][0], adapter_dirs[ind[i]][1],
                                dummy_prompt(input_lens[i]), int(input_lens[i]), int(output_lens[i]), tic))
    return requests


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("mode", choices=["golden", "time", "time-slora"])
    ap.add_argument("out", nargs="?")
    ap.add_argument("--adapters", type=int, default=100)
    ap.add_argument("--alpha", type=float, default=1.0)
    ap.add_argument("--rate", type=float, default=2.0)
    ap.add_argument("--cv", type=float, default=1.0)
    ap.add_argument("--duration", type=float, default=60.0)
    ap.add_argument("--input-range", default="8,512")
    ap.add_argument("--output-range", default="8,512")
    ap.add_argument("--seed", type=int, default=42)
    a = ap.parse_args()
    ir = [int(x) for x in a.input_range.split(",")]
    orr = [int(x) for x in a.output_range.split(",")]
    args = (a.adapters, a.alpha, a.rate, a.cv, a.duration, ir, orr, a.seed)
    if a.mode in ("time", "time-slora"):
        fn = generate if a.mode == "time" else generate_requests_as_slora
        best = 1e9
        for _ in range(3 if a.mode == "time" else 1):
            t0 = time.perf_counter()
            fn(*args)
            best = min(best, time.perf_counter() - t0)
        print(f"{best:.6f}")
        return
    ind, il, ol, times = generate(*args)
    doc = {
        "source": "S-LoRA generate_requests formula, NumPy %s legacy RandomState" % np.__version__,
        "config": {"num_adapters": a.adapters, "alpha": a.alpha, "req_rate": a.rate, "cv": a.cv,
                   "duration": a.duration, "input_range": ir, "output_range": orr, "seed": a.seed},
        "requests": [{"req_id": i, "adapter_index": int(ind[i]), "prompt_len": int(il[i]),
                      "output_len": int(ol[i]), "req_time": float(times[i])} for i in range(len(times))],
    }
    with open(a.out, "w") as f:
        json.dump(doc, f, indent=0)


if __name__ == "__main__":
    sys.exit(main())
