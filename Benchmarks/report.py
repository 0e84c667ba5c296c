#!/usr/bin/env python3
"""Turns a Tools/bench run into BENCHMARKS.md (printed on standard output)."""
import datetime
import json
import os
import platform
import subprocess
import sys

work = sys.argv[1]
root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def run(*command):
    try:
        return subprocess.run(command, capture_output=True, text=True, cwd=root).stdout.strip()
    except OSError:
        return "?"


facts = json.load(open(os.path.join(work, "facts.json")))
results = json.load(open(os.path.join(work, "results.json")))["benchmarks"]
memory = [json.loads(line) for line in open(os.path.join(work, "memory.jsonl")) if line.strip()]

# "suite.workload/input/peer" -> (workload, input, peer): times in ns.
times = {}
for entry in results:
    name = entry["name"].split(".", 1)[1]
    workload, input_name, peer = name.split("/")
    times[(workload, input_name, peer)] = entry

cpu = next((l.split(":", 1)[1].strip() for l in open("/proc/cpuinfo") if l.startswith("model name")), "?")
memory_total = next((l.split(":", 1)[1].strip() for l in open("/proc/meminfo") if l.startswith("MemTotal")), "?")
print("# Benchmarks\n")
print("Written by `Tools/bench` (the nested package `Benchmarks/`, google/swift-benchmark as the")
print("harness); every figure below comes from one run, peers side by side on the same input.")
print("Times are the median of the runs, with min–max; ratios compare medians.\n")
print("| | |\n|---|---|")
print(f"| machine | {cpu}, {os.cpu_count()} cores, {memory_total} |")
print(f"| system | {platform.platform()} |")
print(f"| toolchain | {run('swift', '--version').splitlines()[0] if run('swift', '--version') else '?'} |")
print(f"| build | release, `-cross-module-optimization`; C peer `-O2` |")
print(f"| allocator | glibc malloc, `GLIBC_TUNABLES={os.environ.get('GLIBC_TUNABLES', '')}` |")
print(f"| commit | {run('git', 'rev-parse', '--short', 'HEAD')}{' (with local changes)' if run('git', 'status', '--porcelain') else ''} |")
print(f"| date | {datetime.datetime.now(datetime.timezone.utc).strftime('%Y-%m-%d %H:%M UTC')} |")
print()

inputs = sorted({k[1] for k in times})
print("Inputs: " + ", ".join(
    f"`{i}` ({int(facts['units'].get(f'decode/{i}/willdoc', {}).get('values', 0)):,} values, "
    f"{int(facts['units'].get(f'decode/{i}/willdoc', {}).get('bytes', 0)):,} bytes of paths stream)"
    for i in inputs if f"decode/{i}/willdoc" in facts["units"]) + ".")
print("`generated-*` comes from the project's handwriting synthesis (`BenchInput.benchmarkStrokes`,")
print("seed 2015: wandering pen strokes of 4…2,000 points, log-uniform, precision 2, built by")
print("InkInput's path builder); `real-samples` concatenates every real sample's strokes. Both")
print("are drawn on a white 2000 × 2000 page; `largest-sample` is the real sample with the most")
print("points, drawn on its own page (size, background and transforms from its section).\n")


def ms(ns):
    return f"{ns / 1e6:.2f}"


def rate(unit, count, ns):
    per_second = count / (ns / 1e9)
    if unit == "bytes":
        return f"{per_second / 1e6:.0f} MB/s"
    if unit in ("values", "points", "pixels"):
        return f"{per_second / 1e6:.1f} M {unit}/s"
    return f"{per_second:,.0f} {unit}/s"


sections = [
    ("Decode a paths stream to points", "decode", ["values", "bytes"]),
    ("Encode the points back", "encode", ["values", "bytes"]),
    ("Open an OPC document from memory (libzip + XML + decode)", "open-opc", ["points", "bytes"]),
    ("Open a RIFF document from memory", "open-riff", ["points", "bytes"]),
    ("Validate a document (what `willdoc validate` does)", "validate", ["points", "bytes"]),
    ("Fill the same outlines, scale 1", "fill-1x", ["pixels", "strokes", "points"]),
    ("Fill the same outlines, scale 2", "fill-2x", ["pixels", "strokes", "points"]),
    ("Render end to end (spline → outline → raster → composite), scale 1", "render-1x", ["pixels", "strokes", "points"]),
    ("Render end to end, scale 2", "render-2x", ["pixels", "strokes", "points"]),
]
for title, workload, units in sections:
    keys = [k for k in times if k[0] == workload]
    if not keys:
        continue
    print(f"## {title}\n")
    print("| input | peer | median ms | min–max ms | " + " | ".join(units) + " | willdoc vs peer |")
    print("|---|---|---:|---:|" + "---:|" * len(units) + "---|")
    for input_name in sorted({k[1] for k in keys}):
        ours = times.get((workload, input_name, "willdoc"))
        for peer in ["willdoc", "willdoc-buffer", "c", "swift-protobuf", "cairo"]:
            entry = times.get((workload, input_name, peer))
            if not entry:
                continue
            counts = facts["units"].get(f"{workload}/{input_name}/{peer}", {})
            rates = [rate(u, counts[u], entry["median"]) if u in counts else "–" for u in units]
            if peer == "willdoc" or not ours:
                ratio = ""
            else:
                r = entry["median"] / ours["median"]
                ratio = f"{r:.2f}× faster" if r >= 1 else f"{1 / r:.2f}× slower"
            print(f"| {input_name} | {peer} | {ms(entry['median'])} | {ms(entry['min'])}–{ms(entry['max'])} | "
                  + " | ".join(rates) + f" | {ratio} |")
    checks = [v for k, v in sorted(facts["checks"].items()) if k.startswith(workload + "/")]
    if checks:
        print()
        for check in checks:
            print(f"- {check}")
    print()

processes_path = os.path.join(work, "processes.jsonl")
processes = [json.loads(l) for l in open(processes_path) if l.strip()] if os.path.exists(processes_path) else []


def middle(values):
    return sorted(values)[len(values) // 2]


if processes:
    print("## Whole processes\n")
    print("Each command run three times as people run it (`/usr/bin/time`: wall time and peak resident")
    print("memory, median of the runs), on one raw paths stream: `stream-*` is the real samples'")
    print("streams repeated; the C loop (`c-decode-file`) reads the file and decodes it record by")
    print("record into reused buffers with the same C decoder as above. The Python peer is the")
    print("oracle (Wacom's `universal-ink-library`) writing its JSON of the same stream.\n")
    print("| workload | input | peer | median s | runs s | peak MiB | peak / file | output | vs the C loop |")
    print("|---|---|---|---:|---|---:|---:|---:|---|")
    c_loop = {p["input"]: middle(p["seconds"]) for p in processes if p["peer"] == "c"}
    for p in processes:
        seconds = middle(p["seconds"])
        peak = middle(p["peakKiB"]) / 1024
        ratio = ""
        if p["peer"] != "c" and p["input"] in c_loop and c_loop[p["input"]] > 0:
            ratio = f"{seconds / c_loop[p['input']]:.2f}× its time"
        out = p["outputBytes"]
        output = f"{out / 1e6:.0f} MB ({out / 1e6 / max(seconds, 1e-9):.0f} MB/s)" if out > 1e6 else f"{out:,} bytes"
        print(f"| {p['workload']} | {p['input']} | {p['peer']} | {seconds:.2f} | "
              + ", ".join(f"{s:.2f}" for s in p["seconds"])
              + f" | {peak:.0f} | {peak * 1024 * 1024 / max(1, p['inputBytes']):.2f}× | {output} | {ratio} |")
    print()

# Whole processes paired with the C loop (Benchmarks/processes.py): its table as written.
paired_path = os.path.join(work, "paired.json")
paired = json.load(open(paired_path)) if os.path.exists(paired_path) else None
if paired and os.path.exists(os.path.join(work, "paired.md")):
    print("## Whole processes, paired with the C loop\n")
    print("Each command is a whole process on the same stream, run once per round in turn with the")
    print("C loop, after a warm-up round; CPU time is user + system from `wait4`, and each willdoc")
    print("command's ratio is the median of its rounds' ratios to the C loop of the same round, so")
    print("the load of a shared machine falls on both alike. Output goes to `/dev/null`; MB/s is the")
    print("output's size over the command's CPU time.\n")
    print(open(os.path.join(work, "paired.md")).read())

# Start-up (Benchmarks/startup.py): its section as that script wrote it.
startup_path = os.path.join(work, "startup.md")
if os.path.exists(startup_path):
    print(open(startup_path).read())

print("## Memory\n")
print("Peak resident memory of a process that reads one file and opens it (`/proc/self/status`),")
print("against the decoded point data (x and y as `Double` per point, and each stored width).\n")
print("| document | file KiB | points | decoded KiB | baseline KiB | peak KiB | held after open KiB | (peak − baseline) / decoded |")
print("|---|---:|---:|---:|---:|---:|---:|---:|")
for m in memory:
    ratio = (m["peakKiB"] - m["baselineKiB"]) / max(1, m["decodedKiB"])
    print(f"| {m['file']} | {m['fileKiB']:,} | {m['points']:,} | {m['decodedKiB']:,} | {m['baselineKiB']:,} | "
          f"{m['peakKiB']:,} | {m['heldKiB']:,} | {ratio:.2f} |")
print()


def median(workload, input_name, peer):
    entry = times.get((workload, input_name, peer))
    return entry["median"] if entry else None


print("## Targets\n")
print("| target | measured | held |")
print("|---|---|---|")
generated = next((i for i in inputs if i.startswith("generated") and not i.endswith("-1M")), None) or \
    next((i for i in inputs if i.startswith("generated")), None)
rows = []
ours, proto, c = (median("decode", generated, p) for p in ("willdoc", "swift-protobuf", "c"))
if ours and proto:
    rows.append(("decode ≥ 3× swift-protobuf", f"{proto / ours:.2f}×", proto / ours >= 3))
if ours and c:
    rows.append(("decode within 1.5× of the C loop", f"{ours / c:.2f}× the C time", ours / c <= 1.5))
ours, c = median("encode", generated, "willdoc"), median("encode", generated, "c")
if ours and c:
    rows.append(("encode within 2× of the C loop", f"{ours / c:.2f}× the C time", ours / c <= 2))
largest = median("render-2x", "largest-sample", "willdoc")
if largest:
    rows.append(("render the largest real sample at scale 2 in well under 100 ms",
                 f"{largest / 1e6:.1f} ms", largest < 100e6))
for scale in ("1x", "2x"):
    for page in ("generated-1M", "real-samples", "largest-sample"):
        ours, cairo = median(f"fill-{scale}", page, "willdoc"), median(f"fill-{scale}", page, "cairo")
        if ours and cairo:
            rows.append((f"render (fill) no slower than cairo, {page}, {scale}",
                         f"{ours / cairo:.2f}× cairo's time", ours <= cairo))
one_m = median("open-opc", "generated-1M", "willdoc")
if one_m:
    rows.append(("open a 1 M-point OPC document < 100 ms", f"{one_m / 1e6:.1f} ms", one_m < 100e6))
for m in memory:
    if m["file"].startswith("generated"):
        ratio = (m["peakKiB"] - m["baselineKiB"]) / max(1, m["decodedKiB"])
        rows.append((f"memory of an open document < 3× its point data ({m['file']})", f"{ratio:.2f}×", ratio < 3))
# Issue 17's targets: decoding into a reused buffer against the C loop, whole processes.
for input_name, limit in (("real-samples", 1.2), (generated, 1.05)):
    buffered, c = median("decode", input_name, "willdoc-buffer"), median("decode", input_name, "c")
    if buffered and c:
        rows.append((f"decode into a reused buffer ≤ {limit}× the C loop ({input_name})",
                     f"{buffered / c:.2f}× the C time", buffered / c <= limit))
if one_m:
    rows.append(("open a 1 M-point OPC document < 30 ms", f"{one_m / 1e6:.1f} ms", one_m < 30e6))
by_key = {(p["workload"], p["input"], p["peer"]): p for p in processes}
for (workload, input_name, peer), p in by_key.items():
    if peer != "willdoc" or not input_name.startswith("stream"):
        continue
    seconds, peak = middle(p["seconds"]), middle(p["peakKiB"]) * 1024
    c = by_key.get(("decode-file", input_name, "c"))
    if workload == "validate" and c and not paired:
        ratio = seconds / middle(c["seconds"])
        rows.append(("whole-process validate ≤ 1.3× the C loop", f"{ratio:.2f}×", ratio <= 1.3))
    if workload in ("validate", "dump-json"):
        rows.append((f"whole-process {workload}: peak memory ≤ 2× the file",
                     f"{peak / p['inputBytes']:.2f}×", peak <= 2 * p["inputBytes"]))
    if workload == "dump-json":
        rate_mb = p["outputBytes"] / 1e6 / seconds
        rows.append(("dump --format json ≥ 150 MB/s of JSON", f"{rate_mb:.0f} MB/s", rate_mb >= 150))
# Issue 31's targets, from the paired rounds: CPU time against the C loop of the same round,
# and JSON per CPU second.
for entry in (paired or {}).get("commands", []):
    cpu = middle(entry["cpuSeconds"])
    if entry["workload"] == "validate":
        rows.append(("whole-process validate ≤ 1.0× the C loop (paired CPU time)",
                     f"{entry['vsC']:.2f}×", entry["vsC"] <= 1.0))
    if entry["workload"] == "dump-json":
        rate = entry["outputBytes"] / 1e6 / cpu
        rows.append(("dump --format json ≥ 220 MB/s of JSON (per CPU second)", f"{rate:.0f} MB/s",
                     rate >= 220))
for target, measured, held in rows:
    print(f"| {target} | {measured} | {'yes' if held else '**no**'} |")
print()

notes = os.path.join(root, "Benchmarks", "NOTES.md")
if os.path.exists(notes):
    print(open(notes).read())
