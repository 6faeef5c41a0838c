#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Reference client for the replay benchmark: a Python aiohttp client shaped like vLLM's
`bench serve` OpenAI-completions request function, on the same absolute schedule as LoraScope's
replay engine. Prints its send-lateness distribution (sent - scheduled) and CPU per request, and
with --json one JSON line (completed, failed, max in flight, lateness p50/p99/max in ms, CPU s)
that `bench_replay sweep` reads to print both clients side by side.

    lorascope-cli serve-sim --port 0 --token-ms 10          # note the port
    bench_replay trace 2000 30 64 /tmp/sched.jsonl          # the schedule LoraScope replays too
    python3 bench_replay_aiohttp.py http://127.0.0.1:PORT /tmp/sched.jsonl [--json]

Needs aiohttp (Debian: python3-aiohttp).
"""
import asyncio
import json
import resource
import sys
import time

import aiohttp

AIOHTTP_TIMEOUT = aiohttp.ClientTimeout(total=6 * 60 * 60)


IN_FLIGHT = [0, 0]  # now, max


async def request_func(session, url, prompt, max_tokens, scheduled, start, out):
    # Shaped like vllm/benchmarks/backend_request_func.py async_request_openai_completions.
    payload = {"model": "base", "prompt": prompt, "max_tokens": max_tokens, "stream": True,
               "stream_options": {"include_usage": True}, "ignore_eos": True, "temperature": 0.0}
    st = time.perf_counter()
    lateness = st - (start + scheduled)
    IN_FLIGHT[0] += 1
    IN_FLIGHT[1] = max(IN_FLIGHT[1], IN_FLIGHT[0])
    ttft = None
    ok = False
    try:
        async with session.post(url=url, json=payload) as response:
            if response.status == 200:
                async for chunk_bytes in response.content:
                    chunk_bytes = chunk_bytes.strip()
                    if not chunk_bytes:
                        continue
                    chunk = chunk_bytes.decode("utf-8").removeprefix("data: ")
                    if chunk != "[DONE]":
                        data = json.loads(chunk)
                        if data.get("choices") and data["choices"][0].get("text") and ttft is None:
                            ttft = time.perf_counter() - st
                ok = True
    except Exception:
        ok = False
    IN_FLIGHT[0] -= 1
    out.append((lateness, ok, ttft))


async def main(base, trace_path, as_json):
    reqs = []
    with open(trace_path) as f:
        for line in f:
            j = json.loads(line)
            if "time_s" in j:
                reqs.append((j["time_s"], j["input_len"], j["output_len"]))
    url = base.rstrip("/") + "/v1/completions"
    out = []
    connector = aiohttp.TCPConnector(limit=0)
    async with aiohttp.ClientSession(timeout=AIOHTTP_TIMEOUT, connector=connector) as session:
        start = time.perf_counter() + 0.2
        tasks = []
        for t, n_in, n_out in reqs:
            delay = start + t - time.perf_counter()
            if delay > 0:
                await asyncio.sleep(delay)
            tasks.append(asyncio.create_task(request_func(session, url, "Hello " * n_in, n_out, t, start, out)))
        await asyncio.gather(*tasks)
    late = sorted(x[0] * 1e3 for x in out)
    ok = sum(1 for x in out if x[1])
    pct = lambda p: late[min(len(late) - 1, int(round(p / 100 * (len(late) - 1))))]
    ru = resource.getrusage(resource.RUSAGE_SELF)
    cpu = ru.ru_utime + ru.ru_stime
    if as_json:
        print(json.dumps({"requests": len(out), "completed": ok, "failed": len(out) - ok, "max_in_flight": IN_FLIGHT[1],
                          "lateness_p50_ms": pct(50), "lateness_p99_ms": pct(99), "lateness_max_ms": late[-1],
                          "cpu_s": cpu}))
        return
    print(f"aiohttp: requests {len(out)} ok {ok}  max in flight {IN_FLIGHT[1]}")
    print(f"send lateness p50 {pct(50):.3f} ms  p99 {pct(99):.3f} ms  max {late[-1]:.3f} ms")
    print(f"CPU {cpu:.2f} s = {1e6 * cpu / len(out):.1f} us per request")


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], sys.argv[2], "--json" in sys.argv[3:]))
