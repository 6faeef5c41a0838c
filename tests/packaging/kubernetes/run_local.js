// SPDX-License-Identifier: Apache-2.0
// pkg_kubernetes_local: runs the pods of a rendered sharded run on this machine, as a kubelet would
// start their containers, against serve-sim on 127.0.0.1.
//
//   node run_local.js SOURCE_DIR LORASCOPE_CLI
//
// lorascope-run.sh --dry-run renders the replay and merge Jobs for 3 shards; for each replay pod
// i the container's arguments are expanded exactly as Kubernetes does ($(NAME) from the
// container's environment with JOB_COMPLETION_INDEX = i, $$ -> $), /data is mapped to a temporary
// folder, and the image's entry point (lorascope-cli) is run with them, all 3 at once. Then the
// merge pod's init container (lorascope-wait-for-shards, under sh) and its merge container run the
// same way. The shards must all succeed, cover the trace exactly once between them, and the merge
// must produce one folder whose summary counts every request of the trace. This is the one check
// that the manifests' argument lists are what the real lorascope-cli accepts.
// A lorascope-cli without `merge` or `replay --shard/--start-at` fails the check (the manifests
// need them; docs/distributed.md).
"use strict";
const fs = require("fs");
const os = require("os");
const path = require("path");
const { spawn, spawnSync } = require("child_process");
const YAML = require("yaml");

const [src, cli] = process.argv.slice(2);
if (!src || !cli) {
    console.error("usage: node run_local.js SOURCE_DIR LORASCOPE_CLI");
    process.exit(2);
}
function fail(msg) {
    console.error(`FAIL: ${msg}`);
    process.exit(1);
}
function note(msg) {
    console.log(`-- ${msg}`);
}

const help = spawnSync(cli, ["--help"], { encoding: "utf8" }).stdout || "";
const replayHelp = spawnSync(cli, ["replay", "--help"], { encoding: "utf8" }).stdout || "";
if (!/^\s+merge\s/m.test(help) || !replayHelp.includes("--shard") || !replayHelp.includes("--start-at")) {
    fail("this lorascope-cli has no `merge` command or no `replay --shard/--start-at`, which the manifests use");
}

// Kubernetes' $(VAR) expansion of command and args (k8s.io/kubernetes third_party expansion rules).
function expand(s, env) {
    let out = "";
    for (let i = 0; i < s.length; i++) {
        if (s[i] === "$" && s[i + 1] === "$") {
            out += "$";
            i++;
        } else if (s[i] === "$" && s[i + 1] === "(") {
            const end = s.indexOf(")", i + 2);
            const name = end < 0 ? null : s.slice(i + 2, end);
            if (name !== null && Object.prototype.hasOwnProperty.call(env, name)) {
                out += env[name];
                i = end;
            } else out += "$";
        } else out += s[i];
    }
    return out;
}

const work = fs.mkdtempSync(path.join(os.tmpdir(), "lorascope-k8s-local-"));
const data = path.join(work, "data");
const mapData = (s) => (s === "/data" || s.startsWith("/data/") ? data + s.slice(5) : s);
const children = [];
function cleanup() {
    for (const c of children) if (c.exitCode === null) c.kill("SIGTERM");
    fs.rmSync(work, { recursive: true, force: true });
}
process.on("exit", cleanup);

function run(cmd, args, label) {
    return new Promise((resolve) => {
        const p = spawn(cmd, args, { stdio: ["ignore", "pipe", "pipe"] });
        children.push(p);
        let out = "";
        p.stdout.on("data", (d) => (out += d));
        p.stderr.on("data", (d) => (out += d));
        p.on("close", (code) => resolve({ code, out, label }));
    });
}

(async () => {
    fs.mkdirSync(path.join(data, "traces"), { recursive: true });
    const trace = path.join(data, "traces", "t.jsonl");
    let r = spawnSync(cli, ["generate", "--preset", "S1", "--adapters", "8", "--rate", "40", "--duration", "3", "--seed", "11",
        "--quiet", "-o", trace], { encoding: "utf8" });
    if (r.status !== 0) fail(`generate failed: ${r.stderr}`);
    const total = fs.readFileSync(trace, "utf8").trim().split("\n").length - 1;

    const server = spawn(cli, ["serve-sim", "--port", "0", "--token-ms", "2"], { stdio: ["ignore", "pipe", "pipe"] });
    children.push(server);
    const port = await new Promise((resolve) => {
        let buf = "";
        const timer = setTimeout(() => resolve(null), 10000);
        server.stdout.on("data", (d) => {
            buf += d;
            const m = buf.match(/listening on .*:(\d+)/);
            if (m) {
                clearTimeout(timer);
                resolve(m[1]);
            }
        });
    });
    if (!port) fail("serve-sim did not print its port");

    const shards = 3;
    r = spawnSync("bash", [path.join(src, "packaging/kubernetes/lorascope-run.sh"), "--dry-run", "--image", "local",
        "--trace", "/data/traces/t.jsonl", "--target", `http://127.0.0.1:${port}`, "--backend", "openai-completions",
        "--shards", String(shards), "--duration", "4", "--grace", "60", "--lead", "3", "--run-id", "local"], { encoding: "utf8" });
    if (r.status !== 0) fail(`lorascope-run.sh --dry-run failed: ${r.stderr}`);
    const docs = YAML.parseAllDocuments(r.stdout).map((d) => d.toJS());
    const replay = docs.find((d) => d.metadata.name === "lorascope-replay-local");
    const merge = docs.find((d) => d.metadata.name === "lorascope-merge-local");

    // the replay pods, all at once
    const rc = replay.spec.template.spec.containers[0];
    const pods = [];
    for (let i = 0; i < shards; i++) {
        const env = {};
        for (const e of rc.env || []) {
            if (e.name === "JOB_COMPLETION_INDEX") env[e.name] = String(i);
            else if (e.value !== undefined) env[e.name] = expand(e.value, env);
        }
        const args = (rc.args || []).map((a) => mapData(expand(a, env)));
        if (i === 0) note(`pod 0 runs: lorascope-cli ${args.join(" ")}`);
        pods.push(run(cli, args, `shard ${i}`));
    }
    // the merge pod: init container, then the merge container
    const mspec = merge.spec.template.spec;
    const init = mspec.initContainers[0];
    const waitArgs = init.args.map((a) => mapData(expand(a, {})));
    const waiting = run("sh", [path.join(src, "packaging/kubernetes/wait-for-shards.sh"), ...waitArgs, "1"], "wait-for-shards");

    const results = await Promise.all(pods);
    for (const res of results) {
        if (res.code !== 0) fail(`${res.label} exited ${res.code}:\n${res.out}`);
    }
    const w = await waiting;
    if (w.code !== 0 || !w.out.includes(`all ${shards} shards finished`)) fail(`wait-for-shards: exit ${w.code}\n${w.out}`);
    let sent = 0;
    for (let i = 0; i < shards; i++) {
        const lines = fs.readFileSync(path.join(data, "runs/local", `shard-${i}`, "requests.jsonl"), "utf8").trim().split("\n").filter(Boolean);
        if (lines.length === 0) fail(`shard ${i} replayed no request`);
        sent += lines.length;
    }
    if (sent !== total) fail(`the shards replayed ${sent} requests between them, the trace has ${total}`);
    note(`${shards} shard pods replayed ${sent} requests (the trace has ${total}), each its own share`);

    const mc = mspec.containers[0];
    const margs = mc.args.map((a) => mapData(expand(a, {})));
    const m = await run(cli, margs, "merge");
    if (m.code !== 0) fail(`merge exited ${m.code}:\n${m.out}`);
    const summary = JSON.parse(fs.readFileSync(path.join(data, "runs/local/merged/summary.json"), "utf8"));
    if (summary.num_requests !== total) fail(`merged summary counts ${summary.num_requests} requests, expected ${total}`);
    note(`merge pod: one folder, summary.json counts all ${total} requests`);
    server.kill("SIGTERM");
    note("the rendered replay and merge pods run as written against serve-sim");
})().catch((e) => fail(e.stack || String(e)));
