#!/usr/bin/env python3
"""Whole-process start-up: what one `willdoc` process costs per file, beside its peers.

    startup.py WORK WILLDOC HELLO NOTE [PORTABLE_WILLDOC]

Runs every command once per round, all commands in each round (so the peers share the
machine's state), for $BENCH_STARTUP_ROUNDS rounds (21 by default) after one warm-up round, and
records each process's CPU time (user + system, from wait4's rusage: the kernel's exact runtime,
not clock ticks). Writes WORK/startup.json and prints the Markdown section on standard output.
"""
import json
import os
import platform
import subprocess
import sys

work, willdoc, hello, note = sys.argv[1:5]
portable = sys.argv[5] if len(sys.argv) > 5 else None
rounds = int(os.environ.get("BENCH_STARTUP_ROUNDS", "21"))
root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
png = os.path.join(work, "startup-x.png")


def rel(path):
    """A path as the commands print it: relative to the repository where it lies inside."""
    path = os.path.abspath(path)
    return os.path.relpath(path, root) if path.startswith(root + os.sep) else path


# (workload, peer, argv): the peers of each workload are compared with its willdoc row.
commands = [
    ("version", "willdoc", [willdoc, "--version"]),
    ("inspect", "willdoc", [willdoc, "inspect", "-q", note]),
    ("validate", "willdoc", [willdoc, "validate", note]),
    ("render", "willdoc", [willdoc, "render", "--force", "-o", png, note]),
    ("peer", "zipinfo", ["zipinfo", note]),
    ("peer", "hello", [hello]),
]
if portable:
    commands[4:4] = [
        ("version", "portable", [portable, "--version"]),
        ("inspect", "portable", [portable, "inspect", "-q", note]),
        ("validate", "portable", [portable, "validate", note]),
        ("render", "portable", [portable, "render", "--force", "-o", png, note]),
    ]


def run(argv):
    """CPU seconds (user + system) of one whole process, its output discarded."""
    with open(os.devnull, "wb") as null:
        pid = os.posix_spawnp(argv[0], argv, os.environ, file_actions=[
            (os.POSIX_SPAWN_OPEN, 1, os.devnull, os.O_WRONLY, 0),
            (os.POSIX_SPAWN_OPEN, 2, os.devnull, os.O_WRONLY, 0)])
    _, status, usage = os.wait4(pid, 0)
    if os.waitstatus_to_exitcode(status) not in (0, 1):
        sys.exit(f"{' '.join(argv)} failed ({status})")
    return usage.ru_utime + usage.ru_stime


samples = {i: [] for i in range(len(commands))}
for round_number in range(rounds + 1):
    for i, (_, _, argv) in enumerate(commands):
        seconds = run(argv)
        if round_number > 0:
            samples[i].append(seconds)


def median(values):
    values = sorted(values)
    return values[len(values) // 2]


def libraries(binary):
    """The shared objects `ldd` lists, vdso and loader included; 0 for a static executable."""
    out = subprocess.run(["ldd", binary], capture_output=True, text=True).stdout
    lines = [line for line in out.splitlines() if line.strip()]
    return 0 if lines == ["\tstatically linked"] else len(lines)


def size(binary):
    return os.stat(binary).st_size


cpu = next((l.split(":", 1)[1].strip() for l in open("/proc/cpuinfo") if l.startswith("model name")), "?")
commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True,
                        cwd=root).stdout.strip()
dirty = subprocess.run(["git", "status", "--porcelain", "--untracked-files=no"], capture_output=True,
                       text=True, cwd=root).stdout.strip()
rows = []
for i, (workload, peer, argv) in enumerate(commands):
    rows.append({"workload": workload, "peer": peer, "command": " ".join(rel(a) for a in argv),
                 "cpuSeconds": samples[i], "median": median(samples[i])})
binaries = {"willdoc": willdoc, "hello": hello}
if portable:
    binaries["portable"] = portable
result = {"build": os.environ.get("BENCH_WILLDOC_BUILD"), "commit": commit + (" (with local changes)" if dirty else ""), "cpu": cpu,
          "cores": os.cpu_count(), "rounds": rounds, "note": rel(note),
          "noteBytes": os.stat(note).st_size, "load": os.getloadavg()[0],
          "libraries": {k: libraries(v) for k, v in binaries.items()},
          "bytes": {k: size(v) for k, v in binaries.items()}, "rows": rows}
json.dump(result, open(os.path.join(work, "startup.json"), "w"), indent=1)

by = {(r["workload"], r["peer"]): r["median"] for r in rows}
zipinfo, hello_ms = by[("peer", "zipinfo")], by[("peer", "hello")]
print("## Start-up: one process per file\n")
print(f"Each command is a whole process on `{rel(note)}` ({result['noteBytes']:,} bytes, a real note),")
print(f"run once per round in turn, {rounds} rounds after a warm-up; CPU time is user + system from")
print("`wait4` (the kernel's runtime of the process), median of the rounds. `hello` is a Swift")
print("hello world built with `-static-stdlib`; `zipinfo` lists the same file.\n")
build = os.environ.get("BENCH_WILLDOC_BUILD")
print(f"commit {result['commit']}; {cpu}, {os.cpu_count()} cores; load {result['load']:.1f}; "
      f"{platform.platform()}" + (f"; willdoc built with `{build}`" if build else "") + "\n")
print("| command | CPU ms (median) | min–max ms | vs zipinfo | vs hello |")
print("|---|---:|---:|---:|---:|")
for r in rows:
    m = r["median"]
    print(f"| `{r['command']}` | {m * 1e3:.2f} | {min(r['cpuSeconds']) * 1e3:.2f}–"
          f"{max(r['cpuSeconds']) * 1e3:.2f} | {m / zipinfo:.1f}× | {m / hello_ms:.1f}× |")
print()
print("| binary | bytes | shared objects (`ldd`) |")
print("|---|---:|---:|")
for k, v in binaries.items():
    print(f"| `{rel(v)}` | {result['bytes'][k]:,} | {result['libraries'][k]} |")
print()
