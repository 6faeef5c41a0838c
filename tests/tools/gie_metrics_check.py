#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Reads a model server's /metrics the way the Gateway API Inference Extension's endpoint picker
(EPP) does, and prints what it would know about the endpoint: waiting and running requests, KV-cache
utilization, the active and waiting LoRA adapters and max_lora.

The rules are those of kubernetes-sigs/gateway-api-inference-extension
pkg/epp/backend/metrics/metrics.go at 10e6a04 (promToPodMetrics, getLatestLoraMetric, getMetric):
each metric family by its exact name; of several series the one with the latest timestamp (none
here, so the first); of vllm:lora_requests_info the series with the largest value (a Unix time),
ignoring series whose running and waiting lists are both empty; the lists split at commas. The
names are the EPP's defaults for vLLM (its --total-queued-requests-metric,
--total-running-requests-metric, --kv-cache-usage-percentage-metric, --lora-info-metric flags), or,
with --engine sglang, SGLang's names for the same quantities (no LoRA info: SGLang has none).

Written for docs/servesim.md (Routers): no Kubernetes here, so this checks that serve-sim's
exposition parses into what the EPP reads. Standard library only.

    python3 tests/tools/gie_metrics_check.py http://127.0.0.1:8000/metrics [--engine vllm|sglang]
"""
import argparse
import re
import sys
import urllib.request

NAMES = {
    "vllm": {
        "queued": "vllm:num_requests_waiting",
        "running": "vllm:num_requests_running",
        "kv": "vllm:kv_cache_usage_perc",
        "lora": "vllm:lora_requests_info",
    },
    "sglang": {"queued": "sglang:num_queue_reqs", "running": "sglang:num_running_reqs", "kv": "sglang:token_usage", "lora": None},
}

SAMPLE = re.compile(r'^([a-zA-Z_:][a-zA-Z0-9_:]*)(\{(.*)\})?\s+(\S+)(\s+\S+)?$')
LABEL = re.compile(r'\s*([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"\s*,?')


def parse(text):
    """name -> list of (labels dict, value)."""
    families = {}
    for line in text.splitlines():
        if not line or line.startswith("#"):
            continue
        m = SAMPLE.match(line)
        if not m:
            raise ValueError("not a sample line: " + line[:80])
        labels = {}
        rest = m.group(3) or ""
        pos = 0
        while pos < len(rest):
            lm = LABEL.match(rest, pos)
            if not lm:
                raise ValueError("bad labels: " + rest[:80])
            labels[lm.group(1)] = lm.group(2).replace('\\"', '"').replace("\\n", "\n").replace("\\\\", "\\")
            pos = lm.end()
        families.setdefault(m.group(1), []).append((labels, float(m.group(4))))
    return families


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("url")
    ap.add_argument("--engine", choices=sorted(NAMES), default="vllm")
    args = ap.parse_args()
    text = urllib.request.urlopen(args.url, timeout=10).read().decode("utf-8")
    fam = parse(text)
    names = NAMES[args.engine]
    out = {}
    errors = []
    for key in ("queued", "running", "kv"):
        series = fam.get(names[key])
        if not series:
            errors.append('metric family "%s" not found' % names[key])
            continue
        out[key] = series[0][1]
    if names["lora"]:
        latest, latest_value = None, 0.0
        for labels, value in fam.get(names["lora"], []):
            if not labels.get("running_lora_adapters") and not labels.get("waiting_lora_adapters"):
                continue
            if value > latest_value:
                latest, latest_value = labels, value
        if latest is not None:
            out["active_models"] = [a for a in latest.get("running_lora_adapters", "").split(",") if a]
            out["waiting_models"] = [a for a in latest.get("waiting_lora_adapters", "").split(",") if a]
            out["max_active_models"] = int(latest.get("max_lora", "0"))
    print("WaitingQueueSize=%s RunningQueueSize=%s KVCacheUsagePercent=%s" % (
        out.get("queued"), out.get("running"), out.get("kv")))
    if "active_models" in out:
        print("ActiveModels=%s WaitingModels=%s MaxActiveModels=%d" % (
            ",".join(out["active_models"]), ",".join(out["waiting_models"]), out["max_active_models"]))
    for e in errors:
        print("error:", e)
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
