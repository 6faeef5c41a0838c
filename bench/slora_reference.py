#!/usr/bin/env python3
"""S-LoRA's generate_requests formula (benchmarks/trace.py) written out with NumPy's legacy
RandomState, used to make golden files for tests and as the NumPy side of the generator benchmark.

Usage:
  slora_reference.py golden OUT.json --adapters N --alpha A --rate R --cv CV --duration S
                     --input-range LO,HI --output-range LO,HI --seed N
  slora_reference.py time  (same flags; prints seconds for the NumPy formula, best of 3)
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


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("mode", choices=["golden", "time"])
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
    if a.mode == "time":
        best = 1e9
        for _ in range(3):
            t0 = time.perf_counter()
            generate(*args)
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
