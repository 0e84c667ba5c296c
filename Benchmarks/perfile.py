#!/usr/bin/env python3
"""One process per file against one batch process: a folder of real notes converted both ways.

    perfile.py WORK WILLDOC HELLO EMPTY BARE SAMPLES [COUNT]

Fills WORK/perfile-in with COUNT notes (500 by default): the real WILL samples in SAMPLES,
copied in turn under numbered names. Then converts the folder to UIM twice, both on two
processes at a time: `xargs -P 2` running one `willdoc convert NOTE -d OUT --to uim` per note,
and one `willdoc convert FOLDER -d OUT --to uim -j 2`; beside them, the floors of one process
per note, each under the same xargs: `zipinfo` (a C tool), HELLO (a Swift hello world), EMPTY
(an empty static C program: the kernel's and the C library's start) and BARE (a static program
that never enters the C library: the kernel's alone). One process per note costs at least
EMPTY's floor plus the batch's work.
Each way runs $BENCH_PERFILE_ROUNDS
times (3 by default), alternating; prints the Markdown section with wall and CPU seconds
(medians) and the ratio, and writes WORK/perfile.json.
"""
import json
import os
import resource
import shutil
import subprocess
import sys
import time

work, willdoc, hello, empty, bare, samples = (os.path.abspath(a) for a in sys.argv[1:7])
count = int(sys.argv[7]) if len(sys.argv) > 7 else 500
rounds = int(os.environ.get("BENCH_PERFILE_ROUNDS", "3"))
root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

notes = sorted(n for n in os.listdir(samples) if n.endswith(".will"))
if not notes:
    sys.exit(f"perfile: no .will file in {samples}")
folder = os.path.join(work, "perfile-in")
shutil.rmtree(folder, ignore_errors=True)
os.makedirs(folder)
for i in range(count):
    shutil.copyfile(os.path.join(samples, notes[i % len(notes)]),
                    os.path.join(folder, f"note-{i:04d}.will"))
total_bytes = sum(os.path.getsize(os.path.join(folder, n)) for n in os.listdir(folder))


def rel(path):
    path = os.path.abspath(path)
    return os.path.relpath(path, root) if path.startswith(root + os.sep) else path


def timed(argv, out):
    """Wall and CPU seconds (the children's user + system) of one command, from a fresh OUT
    (None: the command writes nothing)."""
    if out:
        shutil.rmtree(out, ignore_errors=True)
        os.makedirs(out)
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    result = subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, cwd=work)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if result.returncode != 0 and out:
        sys.exit(f"perfile: {' '.join(argv)} failed ({result.returncode}): {result.stderr[-400:]!r}")
    written = len(os.listdir(out)) if out else count
    if written != count:
        sys.exit(f"perfile: {' '.join(argv)} wrote {written} files, not {count}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu


per_file = ["sh", "-c",
            f"ls perfile-in/*.will | xargs -P 2 -I{{}} {willdoc} convert -q {{}} -d perfile-a --to uim"]
batch = [willdoc, "convert", "-q", "perfile-in", "-d", "perfile-b", "--to", "uim", "-j", "2"]
# The floors of one process per file: a C tool reading each note's zip directory, and a
# Swift hello world, each once per note under the same xargs (their exit statuses are not
# checked: zipinfo warns about some real notes' zips).
zipinfo = ["sh", "-c", "ls perfile-in/*.will | xargs -P 2 -I{} zipinfo {}"]
hello_floor = ["sh", "-c", f"ls perfile-in/*.will | xargs -P 2 -I{{}} {hello}"]
empty_floor = ["sh", "-c", f"ls perfile-in/*.will | xargs -P 2 -I{{}} {empty}"]
bare_floor = ["sh", "-c", f"ls perfile-in/*.will | xargs -P 2 -I{{}} {bare}"]
ways = {"per-file": (per_file, os.path.join(work, "perfile-a")),
        "batch": (batch, os.path.join(work, "perfile-b")),
        "zipinfo per file": (zipinfo, None), "hello per file": (hello_floor, None),
        "empty C program per file": (empty_floor, None),
        "no C library per file": (bare_floor, None)}
runs = {k: [] for k in ways}
for _ in range(rounds):
    for name, (argv, out) in ways.items():
        runs[name].append(timed(argv, out))


def median(values):
    values = sorted(values)
    return values[len(values) // 2]


cpu_model = next((l.split(":", 1)[1].strip() for l in open("/proc/cpuinfo")
                  if l.startswith("model name")), "?")
commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True,
                        cwd=root).stdout.strip()
dirty = subprocess.run(["git", "status", "--porcelain", "--untracked-files=no"],
                       capture_output=True, text=True, cwd=root).stdout.strip()
figures = {k: {"wall": median([w for w, _ in v]), "cpu": median([c for _, c in v]), "runs": v}
           for k, v in runs.items()}
result = {"commit": commit + (" (with local changes)" if dirty else ""), "cpu": cpu_model,
          "cores": os.cpu_count(), "load": os.getloadavg()[0], "notes": count,
          "bytes": total_bytes, "rounds": rounds, "figures": figures,
          "commands": {"per-file": per_file[2], "batch": " ".join(batch),
                       "zipinfo per file": zipinfo[2], "hello per file": hello_floor[2],
                       "empty C program per file": empty_floor[2],
                       "no C library per file": bare_floor[2]}}
json.dump(result, open(os.path.join(work, "perfile.json"), "w"), indent=1)

print("## One process per file: a folder of notes\n")
print(f"{count} notes ({total_bytes:,} bytes: the {len(notes)} real WILL samples in turn) "
      "converted to UIM on two processes at a time, one process per note under `xargs -P 2` "
      f"and one batch process with `-j 2`; medians of {rounds} alternating runs, run in "
      f"`{rel(work)}` with `{rel(willdoc)}`.\n")
print(f"commit {result['commit']}; {cpu_model}, {os.cpu_count()} cores; "
      f"load {result['load']:.1f}\n")
print("| way | command | wall s | CPU s | wall vs batch |")
print("|---|---|---:|---:|---:|")
for name in ways:
    f = figures[name]
    command = (result["commands"][name].replace(willdoc, "willdoc").replace(hello, "hello")
               .replace(empty, "empty-c").replace(bare, "bare"))
    print(f"| {name} | `{command}` | {f['wall']:.2f} | {f['cpu']:.2f} | "
          f"{f['wall'] / figures['batch']['wall']:.2f}× |")
least = figures["empty C program per file"]["wall"] + figures["batch"]["wall"]
print(f"\nThe least one process per note can cost here, an empty C program's start per note and "
      f"the batch's work: {least:.2f} s, {least / figures['batch']['wall']:.2f}× the batch.")
print()
