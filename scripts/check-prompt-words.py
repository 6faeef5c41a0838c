#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Checks LoraScope's prompt words (core/workload/promptwords.cpp; docs/replay.md, "Prompts"): each
word must be one token, with and without a leading space, in four tokenizers, and a random text of
the words as many tokens as words. The vocabularies are not in this repository (their licences are
their owners'); fetch them from the repositories docs/replay.md names and pass them:

    scripts/check-prompt-words.py llama-tokenizer.js mistral-tokenizer.js \\
        llama3-tokenizer-with-baked-data.js qwen.tiktoken

Llama 2 and Mistral 7B are SentencePiece BPE (applied with their merges, in priority order, as
llama-tokenizer-js does); Llama 3 and Qwen are byte-level BPE applied by rank, as tiktoken does.
Exit status 0 when every word passes."""
import base64
import random
import re
import sys
from pathlib import Path

WORDS = Path(__file__).resolve().parent.parent / "core" / "workload" / "promptwords.cpp"


def js_vocab(path, var):
    s = open(path, encoding="utf-8").read()
    m = re.search(var + r'\s*=\s*"([^"]+)"', s)
    return base64.b64decode(m.group(1)).decode("utf-8").split("\n"), s


def sp_merges(js, var, vocab):
    m = re.search(var + r'\s*=\s*"([^"]+)"', js)
    b = base64.b64decode(m.group(1))
    ids = [b[i] + (b[i + 1] << 8) for i in range(0, len(b) - 1, 2)]
    return {(vocab[ids[i]], vocab[ids[i + 1]]): i for i in range(0, len(ids) - 1, 2)}


def sp_encode(text, merges):
    """SentencePiece BPE: spaces become U+2581, a dummy prefix space is added, and the pair with
    the earliest merge (leftmost on ties) merges first."""
    syms = list("\u2581" + text.replace(" ", "\u2581"))
    while True:
        best = None
        for i in range(len(syms) - 1):
            p = merges.get((syms[i], syms[i + 1]))
            if p is not None and (best is None or p < best[0]):
                best = (p, i)
        if best is None:
            return syms
        i = best[1]
        syms[i:i + 2] = [syms[i] + syms[i + 1]]


def gpt2_byte_decoder():
    bs = list(range(ord("!"), ord("~") + 1)) + list(range(ord("\xa1"), ord("\xac") + 1)) + list(range(ord("\xae"), ord("\xff") + 1))
    cs = bs[:]
    n = 0
    for b in range(256):
        if b not in bs:
            bs.append(b)
            cs.append(256 + n)
            n += 1
    return {chr(c): b for b, c in zip(bs, cs)}


def rank_encode(data, ranks):
    """tiktoken's byte pair encoding: merge the adjacent pair whose concatenation has the lowest rank."""
    parts = [bytes([c]) for c in data]
    while True:
        best = None
        for i in range(len(parts) - 1):
            r = ranks.get(parts[i] + parts[i + 1])
            if r is not None and (best is None or r < best[0]):
                best = (r, i)
        if best is None:
            return parts
        i = best[1]
        parts[i:i + 2] = [parts[i] + parts[i + 1]]


def main():
    if len(sys.argv) != 5:
        print(__doc__)
        return 2
    l2, mi, l3, qw = sys.argv[1:5]
    words = re.findall(r'"([a-z]+)"', WORDS.read_text())
    v2, js2 = js_vocab(l2, "llama_vocab_base64")
    m2 = sp_merges(js2, "llama_merges_binary", v2)
    vm, jsm = js_vocab(mi, "const vocab_base64")
    mm = sp_merges(jsm, "const merges_binary", vm)
    v3, _ = js_vocab(l3, "llama_vocab_base64")
    dec = gpt2_byte_decoder()
    r3 = {bytes(dec[ch] for ch in tok): i for i, tok in enumerate(v3)}
    rq = {}
    for line in open(qw, "rb"):
        tok, rank = line.split()
        rq[base64.b64decode(tok)] = int(rank)
    bad = 0
    for w in words:
        checks = {
            "llama2": len(sp_encode(w, m2)) == 1 and len(sp_encode("a " + w, m2)) == 2,
            "mistral": len(sp_encode(w, mm)) == 1 and len(sp_encode("a " + w, mm)) == 2,
            "llama3": len(rank_encode(w.encode(), r3)) == 1 and len(rank_encode((" " + w).encode(), r3)) == 1,
            "qwen": len(rank_encode(w.encode(), rq)) == 1 and len(rank_encode((" " + w).encode(), rq)) == 1,
        }
        failed = [k for k, ok in checks.items() if not ok]
        if failed:
            bad += 1
            print("not one token:", w, ",".join(failed))
    text = " ".join(random.Random(1).choice(words) for _ in range(300))
    pieces = re.findall(r" ?[a-z]+", text)  # the BPE pre-tokenizers' split of letters with their space
    counts = [len(sp_encode(text, m2)), len(sp_encode(text, mm)), sum(len(rank_encode(p.encode(), r3)) for p in pieces),
              sum(len(rank_encode(p.encode(), rq)) for p in pieces)]
    print(f"{len(words)} words ({len(set(words))} distinct), {bad} not one token; a 300-word text is {counts} tokens")
    return 0 if bad == 0 and counts == [300] * 4 and len(set(words)) == len(words) == 1024 else 1


if __name__ == "__main__":
    sys.exit(main())
