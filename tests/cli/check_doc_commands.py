#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Every `lorascope-cli ...` command the documentation shows must parse.

Reads README.md and docs/*.md from the source tree and takes
- every command line in a code block (fenced, or indented by four spaces; `\\` continues a line;
  the command ends at a shell operator or comment), and
- every `lorascope-cli COMMAND ...` inline code span (synopses such as `lorascope-cli fit TRACE -o
  spec.json [--report]`).
For each: the subcommand exists, and every flag it uses is accepted by the real binary. The check
runs the command with one unknown option appended (--doc-check-end): the parser reads the
arguments in order and stops at the first one it does not know, so the answer "unknown option
--doc-check-end" (exit 2) proves every flag before it was accepted, with no work done (no file
read, no server reached). Inline spans are checked the same way with their placeholders.
Then the code-block commands of the offline, cheap subcommands (generate, stats, simulate, convert,
fit) run for real, in document order, in one temporary folder: exit 0, or exit 1 only when the
message names an input file the reader would bring (one not in the folder); never a usage error.
A command with --help must print that subcommand's help.

Usage: check_doc_commands.py --cli PATH/lorascope-cli --root SOURCE_DIR [--verbose]
Exit 0 when all hold; 1 with one line per problem (file:line, command, what the CLI said).
"""
import argparse
import glob
import os
import re
import shlex
import subprocess
import sys
import tempfile

SENTINEL = "--doc-check-end"
RUN_FOR_REAL = {"generate", "stats", "simulate", "convert", "fit"}
# Shell variables in the examples, given values so the commands can be parsed.
SHELL_VARS = {"$i": "0", "$at": "1900000000", "$M": "tests/data/slora-paper/manifest.json"}
COMMAND_STARTERS = {"do", "then", "else", "time", "exec", "sudo", "$"}
SHELL_OPERATORS = {"|", "||", "&", "&&", ";", ">", ">>", "<", "2>", "2>&1", "#"}


def code_lines(path):
    """(line number, text) of each command line inside a code block, continuations joined."""
    lines = open(path, encoding="utf-8").read().split("\n")
    out = []
    fenced = False
    i = 0
    while i < len(lines):
        line = lines[i]
        if line.lstrip().startswith("```"):
            fenced = not fenced
            i += 1
            continue
        indented = line.startswith("    ") and not fenced and not line.lstrip().startswith(("-", "*", "|"))
        if fenced or indented:
            text, first = line.strip(), i
            while text.endswith("\\") and i + 1 < len(lines):
                i += 1
                text = text[:-1] + " " + lines[i].strip()
            out.append((first + 1, text))
        i += 1
    return out


def commands_in(text):
    """The argument lists after each `lorascope-cli` word of a shell line (a word of its own)."""
    try:
        lexer = shlex.shlex(text, posix=True, punctuation_chars="|&;<>")
        lexer.whitespace_split = True
        lexer.commenters = "#"
        words = list(lexer)
    except ValueError:
        return []
    found = []
    for k, w in enumerate(words):
        if w != "lorascope-cli" and not w.endswith("/lorascope-cli"):
            continue
        # Only where a shell command starts (not "lorascope-cli (links the core only)" in a listing).
        before = words[k - 1] if k else None
        if not (before is None or before in COMMAND_STARTERS or set(before) <= set("|&;") or "=" in before):
            continue
        args = []
        for a in words[k + 1:]:
            if a in SHELL_OPERATORS or set(a) <= set("|&;<>"):
                break
            args.append(a)
        found.append(args)
    return found


def inline_spans(path):
    """(line number, argument list) of each `lorascope-cli ...` inline code span outside code blocks."""
    out = []
    fenced = False
    for n, line in enumerate(open(path, encoding="utf-8").read().split("\n"), 1):
        if line.lstrip().startswith("```"):
            fenced = not fenced
            continue
        if fenced or line.startswith("    "):
            continue
        for span in re.findall(r"`([^`]*)`", line):
            if span.startswith("lorascope-cli "):
                out.extend((n, args) for args in commands_in(span))
    return out


def normalise(args):
    """Brackets of optional parts removed, placeholders for more (… or DIR...) made one word,
    shell variables given values."""
    out = []
    for a in args:
        a = a.strip("[]")
        if a == "":
            continue
        if a in ("...", "…"):
            a = "X"
        a = a.rstrip(".…") if a.endswith(("...", "…")) else a
        for var, value in SHELL_VARS.items():
            a = a.replace(var, value)
        out.append(a)
    return out


def run(cli, args, cwd, timeout=60):
    p = subprocess.run([cli] + args, cwd=cwd, capture_output=True, text=True, timeout=timeout,
                       stdin=subprocess.DEVNULL)
    return p.returncode, p.stdout + p.stderr


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--cli", required=True)
    ap.add_argument("--root", required=True)
    ap.add_argument("--verbose", action="store_true", help="list every command checked")
    a = ap.parse_args()
    cli, root = os.path.abspath(a.cli), os.path.abspath(a.root)

    code, text = run(cli, ["--help"], root)
    subcommands = set(re.findall(r"^  ([a-z][a-z-]+)  ", text, re.M))
    if code != 0 or "generate" not in subcommands:
        print(f"lorascope-cli --help failed or lists no subcommands (exit {code}):\n{text}")
        return 1

    docs = [os.path.join(root, "README.md")] + sorted(glob.glob(os.path.join(root, "docs", "*.md")))
    problems = []
    checked = ran = 0
    with tempfile.TemporaryDirectory(prefix="lorascope-doc-commands-") as tmp:
        for path in docs:
            rel = os.path.relpath(path, root)
            blocks = [(n, args, True) for n, line in code_lines(path) for args in commands_in(line)]
            spans = [(n, args, False) for n, args in inline_spans(path)]
            for n, raw, in_block in blocks + spans:
                args = normalise(raw)
                where = f"{rel}:{n}: lorascope-cli {' '.join(raw)}"
                if not args or args[0].startswith("-"):
                    if args and args[0] not in ("--help", "--version"):
                        problems.append(f"{where}: no subcommand")
                    continue
                if args[0].isupper():
                    continue  # a placeholder: `lorascope-cli COMMAND --help`
                if args[0] not in subcommands:
                    problems.append(f"{where}: no subcommand {args[0]!r} (lorascope-cli --help lists {sorted(subcommands)})")
                    continue
                checked += 1
                if a.verbose:
                    print(f"{'block' if in_block else 'span '} {where}")
                if "--help" in args or "-h" in args:
                    code, out = run(cli, args, tmp)
                    if code != 0 or not out.startswith(f"Usage: lorascope-cli {args[0]}"):
                        problems.append(f"{where}: no help (exit {code}): {out.strip()[:400]}")
                    continue
                # Inline synopses carry placeholders (TRACE, DIR); only their flags are checked.
                code, out = run(cli, args + [SENTINEL], tmp)
                if code != 2 or f"unknown option {SENTINEL}" not in out:
                    problems.append(f"{where}: does not parse (exit {code}): {out.strip()[:400]}")
                    continue
                if in_block and args[0] in RUN_FOR_REAL:
                    ran += 1
                    code, out = run(cli, args, tmp)
                    # Exit 1 is fine when it names an input the reader would bring (not in the folder).
                    absent = [x for x in args[1:] if not x.startswith("-") and re.search(r"[./]", x)
                              and not os.path.exists(os.path.join(tmp, x))]
                    missing_input = code == 1 and any(x in out for x in absent)
                    if code != 0 and not missing_input:
                        problems.append(f"{where}: exit {code} when run in a temporary folder: {out.strip()[:400]}")
    for p in problems:
        print(p)
    print(f"{checked} documented commands parsed, {ran} run for real, {len(problems)} problems")
    if checked < 30:
        print("fewer than 30 documented commands found: the extraction is broken")
        return 1
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
