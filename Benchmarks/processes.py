#!/usr/bin/env python3
"""Whole processes on one large raw paths stream, paired with the C loop.

    processes.py WORK WILLDOC CLOOP STREAM

Runs the C loop (`c-decode-file STREAM`: read the file, decode every record into reused
buffers) and `willdoc validate`, `inspect` and `dump --format json` of the same file once per
round, every command in each round (so they share the machine's state, as paired runs do),
for $BENCH_PROCESS_ROUNDS rounds (11 by default) after one warm-up round. Each process's CPU
time is user + system from wait4 (the kernel's runtime of the process). Standard output goes
to /dev/null; the warm-up round writes it to a file to count its bytes. Each willdoc figure is
set beside the C loop's of the same round: the median of the rounds' ratios. Writes
WORK/paired.json and prints the Markdown section on standard output.
"""
import json
import os
import platform
import statistics
import subprocess
import sys
import time

work, willdoc, cloop, stream = sys.argv[1:5]
rounds = int(os.environ.get("BENCH_PROCESS_ROUNDS", "11"))
root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
limits = ["--max-file-bytes", "1000000000", "--max-total-points", "1000000000",
          "--max-strokes", "100000000"]
commands = [
    ("decode-file", "c", [cloop, stream]),
    ("validate", "willdoc", [willdoc, "validate", *limits, stream]),
    ("inspect", "willdoc", [willdoc, "inspect", *limits, stream]),
    ("dump-json", "willdoc", [willdoc, "dump", "--format", "json", *limits, stream]),
]


def rel(path):
    """A path as the commands print it: relative to the repository where it lies inside."""
    path = os.path.abspath(path)
    return os.path.relpath(path, root) if path.startswith(root + os.sep) else path


def run(argv, output=os.devnull):
    """CPU seconds (user + system) and wall seconds of one whole process."""
    start = time.monotonic()
    pid = os.posix_spawnp(argv[0], argv, os.environ, file_actions=[
        (os.POSIX_SPAWN_OPEN, 1, output, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644),
        (os.POSIX_SPAWN_OPEN, 2, os.devnull, os.O_WRONLY, 0)])
    _, status, usage = os.wait4(pid, 0)
    wall = time.monotonic() - start
    if os.waitstatus_to_exitcode(status) not in (0, 1):
        sys.exit(f"{' '.join(argv)} failed ({status})")
    return usage.ru_utime + usage.ru_stime, wall


# The warm-up round: the page cache holds the stream, and each command's output is counted.
output_bytes = []
for _, _, argv in commands:
    out = os.path.join(work, "process.out")
    run(argv, out)
    output_bytes.append(os.path.getsize(out))
    os.remove(out)
cpu = [[] for _ in commands]
wall = [[] for _ in commands]
for _ in range(rounds):
    for index, (_, _, argv) in enumerate(commands):
        seconds, elapsed = run(argv)
        cpu[index].append(seconds)
        wall[index].append(elapsed)

commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=root, capture_output=True,
                        text=True).stdout.strip()
dirty = subprocess.run(["git", "status", "--porcelain", "--untracked-files=no"], cwd=root,
                       capture_output=True, text=True).stdout.strip()
cpu_name = next((line.split(":", 1)[1].strip() for line in open("/proc/cpuinfo")
                 if line.startswith("model name")), platform.processor())
facts = {
    "commit": commit + (" (measured from its working tree before the commit)" if dirty else ""),
    "date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
    "cpu": f"{cpu_name}, {os.cpu_count()} cores",
    "load": os.getloadavg()[0],
    "build": os.environ.get("BENCH_WILLDOC_BUILD", ""),
    "rounds": rounds,
    "inputBytes": os.path.getsize(stream),
    "commands": [],
}
for index, (workload, peer, argv) in enumerate(commands):
    ratios = [cpu[index][r] / cpu[0][r] for r in range(rounds)]
    facts["commands"].append({
        "workload": workload, "peer": peer, "argv": [rel(a) for a in argv],
        "cpuSeconds": cpu[index], "wallSeconds": wall[index], "outputBytes": output_bytes[index],
        "vsC": statistics.median(ratios)})
json.dump(facts, open(os.path.join(work, "paired.json"), "w"), indent=1)

print(f"commit {facts['commit']}, {facts['date']}; {facts['cpu']}; load {facts['load']:.1f}; "
      f"{rounds} paired rounds after a warm-up; input {rel(stream)} "
      f"({facts['inputBytes']:,} bytes)" + (f"; willdoc built with `{facts['build']}`"
                                           if facts["build"] else ""))
print()
print("| command | CPU s (median) | min–max s | wall s (median) | vs the C loop (paired) "
      "| output | output per CPU second |")
print("|---|---:|---|---:|---:|---:|---:|")
for entry in facts["commands"]:
    seconds = statistics.median(entry["cpuSeconds"])
    out = entry["outputBytes"]
    rate = f"{out / seconds / 1e6:.0f} MB/s" if out > 1_000_000 else ""
    size = f"{out / 1e6:.0f} MB" if out > 1_000_000 else f"{out} bytes"
    ratio = "" if entry["peer"] == "c" else f"{entry['vsC']:.2f}×"
    print(f"| `{' '.join(entry['argv'])}` | {seconds:.3f} | {min(entry['cpuSeconds']):.3f}–"
          f"{max(entry['cpuSeconds']):.3f} | {statistics.median(entry['wallSeconds']):.2f} "
          f"| {ratio} | {size} | {rate} |")
