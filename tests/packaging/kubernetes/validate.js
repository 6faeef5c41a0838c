// SPDX-License-Identifier: Apache-2.0
// pkg_kubernetes: checks the Kubernetes recipes of packaging/kubernetes without a cluster.
//
//   node validate.js SOURCE_DIR
//
// 1. Renders the run manifests with the real lorascope-run.sh --dry-run (several parameter sets)
//    and reads them, storage.yaml and toolbox.yaml with a strict YAML parser (duplicate keys are
//    errors).
// 2. Validates every object against the JSON schemas generated from the Kubernetes OpenAPI spec
//    (npm kubernetes-models: types, required fields, enums, quantities), and then strictly: a field
//    that the API type does not have is an error, as `kubectl apply --validate=strict` would say
//    (the field lists come from the same package's type declarations).
// 3. Checks what docs/distributed.md relies on: an Indexed Job with completions = parallelism = N
//    and no retries, `--shard $(JOB_COMPLETION_INDEX)/N` with that variable defined from the
//    completion-index annotation, one `--start-at` for all shards computed at submission, results
//    in /data/runs/RUN/shard-INDEX on the ReadWriteMany claim, a merge Job that waits for exactly
//    those N folders until start + duration + grace and merges them into /data/runs/RUN/merged,
//    same image, claim and user everywhere, names short enough for pod host names, and a
//    Containerfile on Debian 12 that installs the project's own .deb and the wait helper.
// 4. Shows that the checks can fail: mutated manifests must be rejected, and lorascope-run.sh must
//    refuse bad arguments with exit status 2.
"use strict";
const fs = require("fs");
const path = require("path");
const { execFileSync, spawnSync } = require("child_process");
const YAML = require("yaml");

const src = process.argv[2];
if (!src) {
    console.error("usage: node validate.js SOURCE_DIR");
    process.exit(2);
}
const k8sDir = path.join(src, "packaging", "kubernetes");
const runScript = path.join(k8sDir, "lorascope-run.sh");
let failures = 0;
function fail(msg) {
    console.error(`FAIL: ${msg}`);
    failures++;
}
function note(msg) {
    console.log(`-- ${msg}`);
}

// --- models and strict field lists -----------------------------------------------------------------------
const modelsRoot = path.dirname(require.resolve("kubernetes-models/package.json"));
function modelFor(apiVersion, kind) {
    const rel = apiVersion.includes("/") ? `${apiVersion}/${kind}` : `v1/${kind}`;
    const file = path.join(modelsRoot, rel + ".js");
    if (!fs.existsSync(file)) return null;
    return { Model: require(file)[kind], dts: file.replace(/\.js$/, ".d.ts") };
}

const interfaceCache = new Map();
function resolveImport(fromFile, spec) {
    if (spec.startsWith(".")) return path.resolve(path.dirname(fromFile), spec) + ".d.ts";
    const parts = spec.split("/");
    const pkg = parts.slice(0, spec.startsWith("@") ? 2 : 1).join("/");
    const rest = parts.slice(spec.startsWith("@") ? 2 : 1).join("/");
    return path.join(path.dirname(require.resolve(`${pkg}/package.json`)), rest + ".d.ts");
}
// readInterface(dts) -> { fields: Map(name -> {ref: dtsFile|null}) } for the first exported interface.
function readInterface(dts) {
    if (interfaceCache.has(dts)) return interfaceCache.get(dts);
    const text = fs.readFileSync(dts, "utf8");
    const imports = new Map();
    for (const m of text.matchAll(/^import \{ ([^}]+) \} from "([^"]+)";$/gm)) {
        for (const name of m[1].split(",").map((s) => s.trim())) imports.set(name, m[2]);
    }
    const lines = text.split("\n");
    let i = lines.findIndex((l) => /^export interface I\w+( extends [\w, ]+)? \{$/.test(l));
    const result = { fields: new Map(), leaf: i < 0 };
    if (i < 0) {
        interfaceCache.set(dts, result);
        return result;
    }
    if (/ extends TypeMeta/.test(lines[i])) {
        result.fields.set("apiVersion", { ref: null });
        result.fields.set("kind", { ref: null });
    }
    for (i++; i < lines.length && lines[i] !== "}"; i++) {
        const m = lines[i].match(/^    "([^"]+)"\??: (.*)$/);
        if (!m) continue;
        let type = m[2];
        if (type === "{") {
            // an inline map type ({ [key: string]: T }): its keys are free, skip to its end
            while (i < lines.length && lines[i] !== "    };") i++;
            result.fields.set(m[1], { ref: null });
            continue;
        }
        type = type.replace(/;$/, "");
        const arr = type.match(/^Array<(\w+)>$/);
        if (arr) type = arr[1];
        const ref = /^I\w+$/.test(type) && imports.has(type) ? resolveImport(dts, imports.get(type)) : null;
        result.fields.set(m[1], { ref });
    }
    interfaceCache.set(dts, result);
    return result;
}
// unknownFields(value, dts, where) -> list of "where.field" the API type does not have
function unknownFields(value, dts, where) {
    const out = [];
    if (value === null || typeof value !== "object") return out;
    if (Array.isArray(value)) {
        value.forEach((v, k) => out.push(...unknownFields(v, dts, `${where}[${k}]`)));
        return out;
    }
    const itf = readInterface(dts);
    if (itf.leaf) return out;
    for (const [key, v] of Object.entries(value)) {
        const f = itf.fields.get(key);
        if (!f) out.push(`${where}.${key}`);
        else if (f.ref) out.push(...unknownFields(v, f.ref, `${where}.${key}`));
    }
    return out;
}

// schemaErrors(doc) -> list of messages (empty = valid)
function schemaErrors(doc, label) {
    if (!doc || typeof doc !== "object") return [`${label}: not a mapping`];
    const m = modelFor(String(doc.apiVersion), String(doc.kind));
    if (!m || !m.Model) return [`${label}: unknown apiVersion/kind ${doc.apiVersion}/${doc.kind}`];
    const errs = [];
    try {
        new m.Model(JSON.parse(JSON.stringify(doc))).validate();
    } catch (e) {
        errs.push(`${label}: ${e.message}`);
    }
    for (const f of unknownFields(doc, m.dts, doc.kind)) errs.push(`${label}: unknown field ${f} (kubectl --validate=strict rejects it)`);
    return errs;
}

function parseDocs(text, label) {
    const docs = YAML.parseAllDocuments(text, { uniqueKeys: true, prettyErrors: true });
    const out = [];
    for (const d of docs) {
        if (d.errors.length) throw new Error(`${label}: YAML error: ${d.errors.map((e) => e.message).join("; ")}`);
        const v = d.toJS();
        if (v !== null && v !== undefined) out.push(v);
    }
    return out;
}

function render(args) {
    const r = spawnSync("bash", [runScript, ...args, "--dry-run"], { encoding: "utf8" });
    return r;
}

// --- semantic checks of one rendered run ---------------------------------------------------------------
const envRef = /\$\(([A-Za-z_][A-Za-z0-9_]*)\)/g;
function checkRun(docs, p, label) {
    const errs = [];
    const check = (cond, msg) => {
        if (!cond) errs.push(`${label}: ${msg}`);
    };
    const jobs = docs.filter((d) => d.kind === "Job");
    check(docs.length === 2 && jobs.length === 2, `expected 2 Jobs, got ${docs.map((d) => d.kind).join(", ")}`);
    const replay = jobs.find((j) => j.metadata?.labels?.["app.kubernetes.io/component"] === "replay");
    const merge = jobs.find((j) => j.metadata?.labels?.["app.kubernetes.io/component"] === "merge");
    if (!replay || !merge) return [`${label}: no replay Job or no merge Job (component labels)`];
    const run = p.runId;
    const runDir = `/data/runs/${run}`;

    // replay Job
    const rs = replay.spec || {};
    check(replay.metadata.name === `lorascope-replay-${run}`, `replay Job name ${replay.metadata.name}`);
    check(rs.completionMode === "Indexed", `replay Job completionMode ${rs.completionMode}, expected Indexed`);
    check(rs.completions === p.shards && rs.parallelism === p.shards,
        `completions ${rs.completions} / parallelism ${rs.parallelism}, expected both ${p.shards} (every shard at once)`);
    check(rs.backoffLimit === 0, `replay backoffLimit ${rs.backoffLimit}, expected 0 (a retried shard starts late)`);
    const pod = rs.template?.spec || {};
    check(pod.restartPolicy === "Never", `replay pods restartPolicy ${pod.restartPolicy}, expected Never`);
    check(`lorascope-replay-${run}-${p.shards - 1}`.length <= 63, `pod host name lorascope-replay-${run}-N is longer than 63`);
    const rc = (pod.containers || [])[0] || {};
    const a = rc.args || [];
    const after = (flag) => {
        const i = a.indexOf(flag);
        return i >= 0 ? a[i + 1] : undefined;
    };
    check(a[0] === "replay" && a[1] === p.trace, `replay args start ${JSON.stringify(a.slice(0, 2))}, expected replay ${p.trace}`);
    check(after("--shard") === `$(JOB_COMPLETION_INDEX)/${p.shards}`, `--shard is ${after("--shard")}, expected $(JOB_COMPLETION_INDEX)/${p.shards}`);
    const startAt = after("--start-at");
    check(/^\d+$/.test(startAt || ""), `--start-at is ${startAt}, expected epoch seconds`);
    if (p.startAt) check(Number(startAt) === p.startAt, `--start-at ${startAt}, expected the given ${p.startAt}`);
    else check(Math.abs(Number(startAt) - (p.now + p.lead)) <= 5, `--start-at ${startAt} is not submission time + lead (${p.now + p.lead})`);
    check(replay.metadata.annotations?.["lorascope.github.io/start-at"] === startAt, "start-at annotation differs from --start-at");
    check(after("--target") === p.target && after("--backend") === p.backend, "--target/--backend differ from the request");
    check(after("--out") === `${runDir}/shard-$(JOB_COMPLETION_INDEX)`, `--out is ${after("--out")}`);
    for (const extra of p.extra || []) check(a.includes(extra), `extra replay argument ${extra} missing`);
    check(a.filter((x) => x === "--shard").length === 1 && a.filter((x) => x === "--start-at").length === 1, "--shard/--start-at given twice");
    const env = new Map((rc.env || []).map((e) => [e.name, e]));
    const idx = env.get("JOB_COMPLETION_INDEX");
    check(idx?.valueFrom?.fieldRef?.fieldPath === "metadata.annotations['batch.kubernetes.io/job-completion-index']",
        "JOB_COMPLETION_INDEX is not defined from the batch.kubernetes.io/job-completion-index annotation");
    for (const x of [...(rc.command || []), ...a]) {
        for (const m of String(x).matchAll(envRef)) check(env.has(m[1]), `argument ${x} uses $(${m[1]}), which the container does not define`);
    }
    const rMount = (rc.volumeMounts || []).find((v) => v.mountPath === "/data");
    const rVol = (pod.volumes || []).find((v) => v.name === rMount?.name);
    check(rVol?.persistentVolumeClaim?.claimName === p.pvc, `replay pods do not mount claim ${p.pvc} at /data`);
    check(!rc.resources?.limits?.cpu, "replay container has a CPU limit (throttling shows up as lateness)");
    check(rs.activeDeadlineSeconds >= p.lead + p.duration, `replay activeDeadlineSeconds ${rs.activeDeadlineSeconds} < lead + duration`);

    // merge Job
    const ms = merge.spec || {};
    const mpod = ms.template?.spec || {};
    check(merge.metadata.name === `lorascope-merge-${run}`, `merge Job name ${merge.metadata.name}`);
    check(mpod.restartPolicy === "Never", "merge pod restartPolicy is not Never");
    const wait = (mpod.initContainers || [])[0] || {};
    check((wait.command || [])[0] === "lorascope-wait-for-shards", "merge init container does not run lorascope-wait-for-shards");
    const wa = wait.args || [];
    check(wa[0] === runDir && wa[1] === String(p.shards), `wait-for-shards args ${JSON.stringify(wa)}`);
    check(Number(wa[2]) === Number(startAt) + p.duration + p.grace,
        `wait deadline ${wa[2]} is not start + duration + grace (${Number(startAt) + p.duration + p.grace})`);
    const mc = (mpod.containers || [])[0] || {};
    const ma = mc.args || [];
    const dirs = [...Array(p.shards).keys()].map((i) => `${runDir}/shard-${i}`);
    check(JSON.stringify(ma) === JSON.stringify(["merge", ...dirs, "-o", `${runDir}/merged`]),
        `merge args ${JSON.stringify(ma)}, expected merge of the ${p.shards} shard folders into ${runDir}/merged`);
    check(ms.activeDeadlineSeconds > rs.activeDeadlineSeconds, "merge Job deadline is not after the replay Job's");
    for (const c of [wait, mc]) {
        const mnt = (c.volumeMounts || []).find((v) => v.mountPath === "/data");
        const vol = (mpod.volumes || []).find((v) => v.name === mnt?.name);
        check(vol?.persistentVolumeClaim?.claimName === p.pvc, `merge container ${c.name} does not mount claim ${p.pvc} at /data`);
    }

    // one image, one user everywhere
    for (const c of [rc, wait, mc]) check(c.image === p.image, `container ${c.name} image ${c.image}, expected ${p.image}`);
    for (const sc of [pod.securityContext, mpod.securityContext])
        check(sc?.runAsUser === 10001 && sc?.fsGroup === 10001 && sc?.runAsNonRoot === true, "pods must run as uid 10001, fsGroup 10001, non-root");
    return errs;
}

// --- main -------------------------------------------------------------------------------------------------------
const image = "registry.example.org/lorascope-cli:0.1.0";
const cases = [
    { runId: "bench-a", shards: 4, trace: "/data/traces/s4.jsonl", target: "http://vllm-router.serving.svc:8000",
      backend: "openai-completions", duration: 600, lead: 120, grace: 600, pvc: "lorascope-data", image,
      extra: ["--max-concurrency=512", "--slo", "ttft=500"] },
    { runId: "one", shards: 1, trace: "/data/traces/a b.jsonl", target: "https://slora.example.org/x?y=1",
      backend: "slora", duration: 30, lead: 5, grace: 60, pvc: "fast-rwx", image: "lorascope:dev", startAt: Math.floor(Date.now() / 1000) + 3600 },
];
let rendered = null;
for (const c of cases) {
    const args = ["--image", c.image, "--trace", c.trace, "--target", c.target, "--backend", c.backend, "--shards", String(c.shards),
        "--duration", String(c.duration), "--run-id", c.runId, "--grace", String(c.grace), "--pvc", c.pvc];
    if (c.startAt) args.push("--start-at", String(c.startAt));
    else args.push("--lead", String(c.lead));
    for (const e of c.extra || []) args.push(`--replay-arg=${e}`);
    c.now = Math.floor(Date.now() / 1000);
    const r = render(args);
    if (r.status !== 0) {
        fail(`lorascope-run.sh --dry-run failed for ${c.runId} (exit ${r.status}): ${r.stderr}`);
        continue;
    }
    let docs;
    try {
        docs = parseDocs(r.stdout, `rendered run ${c.runId}`);
    } catch (e) {
        fail(e.message);
        continue;
    }
    docs.forEach((d, i) => schemaErrors(d, `run ${c.runId} document ${i + 1} (${d.kind} ${d.metadata?.name})`).forEach(fail));
    checkRun(docs, c, `run ${c.runId}`).forEach(fail);
    if (!rendered) rendered = { docs, c };
    note(`run ${c.runId}: ${c.shards} shards, ${docs.length} objects valid against the Kubernetes schemas (strict) and consistent`);
}

{ // --merge-only: just the merge Job of an existing run, merging at once
    const r = render(["--merge-only", "--image", image, "--run-id", "bench-a", "--shards", "4"]);
    const t = Math.floor(Date.now() / 1000);
    try {
        if (r.status !== 0) throw new Error(`lorascope-run.sh --merge-only --dry-run failed (exit ${r.status}): ${r.stderr}`);
        const docs = parseDocs(r.stdout, "merge-only");
        if (docs.length !== 1 || docs[0].metadata?.name !== "lorascope-merge-bench-a") throw new Error("--merge-only must render only the merge Job");
        schemaErrors(docs[0], "merge-only Job").forEach(fail);
        const spec = docs[0].spec.template.spec;
        const args = spec.containers[0].args;
        const want = ["merge", ...[0, 1, 2, 3].map((i) => `/data/runs/bench-a/shard-${i}`), "-o", "/data/runs/bench-a/merged"];
        if (JSON.stringify(args) !== JSON.stringify(want)) fail(`--merge-only merge args ${JSON.stringify(args)}`);
        if (Math.abs(Number(spec.initContainers[0].args[2]) - t) > 5) fail("--merge-only must not wait for the shards");
        note("--merge-only: the merge Job alone, valid, merging the same shard folders at once");
    } catch (e) {
        fail(e.message);
    }
}

const statics = {};
for (const f of ["storage.yaml", "toolbox.yaml"]) {
    try {
        const docs = parseDocs(fs.readFileSync(path.join(k8sDir, f), "utf8"), f);
        docs.forEach((d, i) => schemaErrors(d, `${f} document ${i + 1}`).forEach(fail));
        statics[f] = docs;
        note(`${f}: ${docs.map((d) => d.kind).join(", ")} valid against the Kubernetes schemas (strict)`);
    } catch (e) {
        fail(e.message);
    }
}
const pvc = statics["storage.yaml"]?.[0];
if (pvc) {
    if (pvc.kind !== "PersistentVolumeClaim" || pvc.metadata.name !== "lorascope-data") fail("storage.yaml must define the claim lorascope-data");
    if (!(pvc.spec.accessModes || []).includes("ReadWriteMany")) fail("the claim must be ReadWriteMany (shards on several nodes write to it)");
}
const tb = statics["toolbox.yaml"]?.[0];
if (tb) {
    const vol = (tb.spec.volumes || []).find((v) => v.persistentVolumeClaim);
    if (vol?.persistentVolumeClaim.claimName !== "lorascope-data") fail("toolbox.yaml does not mount lorascope-data");
    if (tb.spec.securityContext?.runAsUser !== 10001) fail("toolbox.yaml must run as uid 10001 like the Jobs");
}

// Containerfile
const cf = fs.readFileSync(path.join(k8sDir, "Containerfile"), "utf8").replace(/\\\n/g, " ");
const from = (cf.match(/^FROM\s+(\S+)/m) || [])[1] || "";
if (!/(^|\/)debian:(12|bookworm)([-.:@]|$)/.test(from)) fail(`Containerfile FROM ${from}: expected Debian 12 (debian:12* or debian:bookworm*)`);
if (!/^COPY\s+.*\blorascope-cli\.deb\b/m.test(cf)) fail("Containerfile does not copy the project's lorascope-cli.deb");
if (!/apt-get install[^\n]*\/tmp\/lorascope\/lorascope-cli\.deb/.test(cf)) fail("Containerfile does not apt-get install the .deb");
if (!/lorascope-wait-for-shards/.test(cf)) fail("Containerfile does not install lorascope-wait-for-shards (the merge Job's init container)");
if (!/^USER\s+10001(:10001)?\s*$/m.test(cf)) fail("Containerfile must switch to USER 10001");
if (!/^ENTRYPOINT\s+\["lorascope-cli"\]/m.test(cf)) fail("Containerfile ENTRYPOINT must be lorascope-cli (the Jobs pass only args)");
const bi = fs.readFileSync(path.join(k8sDir, "build-image.sh"), "utf8");
for (const f of ["lorascope-cli.deb", "wait-for-shards.sh", "Containerfile"]) if (!bi.includes(f)) fail(`build-image.sh does not stage ${f}`);
note(`Containerfile: ${from}, installs lorascope-cli.deb and the wait helper, runs as 10001`);

// --- the checks can fail -------------------------------------------------------------------------------------
if (rendered) {
    const mutations = [
        ["a misspelt field", (d) => { d[0].spec.completionmode = d[0].spec.completionMode; delete d[0].spec.completionMode; }],
        ["a field of the wrong type", (d) => { d[0].spec.completions = "four"; }],
        ["an unknown field deep inside", (d) => { d[0].spec.template.spec.containers[0].volumeMount = []; }],
        ["a container without a name", (d) => { delete d[1].spec.template.spec.containers[0].name; }],
        ["parallelism below completions", (d) => { d[0].spec.parallelism = 1; }],
        ["an undefined $(VAR)", (d) => { d[0].spec.template.spec.containers[0].args.push("$(SHARD)"); }],
        ["a merge that forgets a shard", (d) => { d[1].spec.template.spec.containers[0].args.splice(1, 1); }],
        ["retries of a shard", (d) => { d[0].spec.backoffLimit = 3; }],
    ];
    for (const [what, mutate] of mutations) {
        const docs = JSON.parse(JSON.stringify(rendered.docs));
        mutate(docs);
        const errs = [...docs.flatMap((d, i) => schemaErrors(d, `doc ${i + 1}`)), ...checkRun(docs, rendered.c, "mutated")];
        if (errs.length === 0) fail(`the validation accepts ${what}`);
    }
    const dup = "apiVersion: v1\nkind: Pod\nmetadata:\n  name: a\n  name: b\n";
    let dupOk = false;
    try {
        parseDocs(dup, "dup");
    } catch (e) {
        dupOk = true;
    }
    if (!dupOk) fail("the YAML reader accepts a duplicate key");
    note(`the validation rejects ${mutations.length} kinds of broken manifest and duplicate keys`);
}

const good = ["--image", image, "--trace", "/data/t.jsonl", "--target", "http://x:1", "--backend", "slora", "--shards", "2", "--duration", "10"];
const bad = [
    ["no --shards", good.filter((x, i) => i !== 8 && i !== 9)],
    ["--shards 0", [...good, "--shards", "0"]],
    ["--shards abc", [...good, "--shards", "abc"]],
    ["a run id with capitals", [...good, "--run-id", "Run1"]],
    ["a trace outside /data", [...good, "--trace", "/tmp/t.jsonl"]],
    ["a '$' in the target", [...good, "--target", "http://x/$(HOME)"]],
    ["an unknown backend", [...good, "--backend", "vllm"]],
    ["--replay-arg that sets --shard", [...good, "--replay-arg=--shard=1/2"]],
    ["a start time in the past", [...good, "--start-at", "1000"]],
    ["an unknown option", [...good, "--shard", "2"]],
];
for (const [what, args] of bad) {
    const r = render(args);
    if (r.status !== 2 || !/lorascope-run: error: /.test(r.stderr)) fail(`lorascope-run.sh with ${what}: exit ${r.status}, expected 2 with an error message (${r.stderr.trim()})`);
}
note(`lorascope-run.sh refuses ${bad.length} kinds of bad arguments with exit status 2`);

if (failures) {
    console.error(`${failures} problem(s)`);
    process.exit(1);
}
note("Kubernetes recipes valid");
