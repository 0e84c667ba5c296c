#!/usr/bin/env python3
"""One process per file against one batch process: a folder of real notes converted both ways.

    perfile.py WORK WILLDOC HELLO STATIC_HELLO EMPTY BARE SAMPLES [COUNT]

Fills WORK/perfile-in with COUNT notes (500 by default): the real WILL samples in SAMPLES,
copied in turn under numbered names. Then converts the folder to UIM twice, both on two
processes at a time: `xargs -P 2` running one `willdoc convert NOTE -d OUT --to uim` per note,
and one `willdoc convert FOLDER -d OUT --to uim -j 2`; beside them, the floors of one process
per note, each under the same xargs: `zipinfo` (a C tool), HELLO (a Swift hello world),
STATIC_HELLO (the same, linked statically: the least a Swift program's start costs), EMPTY (an
empty static C program: the kernel's and the C library's start) and BARE (a static program that
never enters the C library: the kernel's alone). One process per note costs at least EMPTY's
floor plus the batch's work, and a Swift one STATIC_HELLO's.
Each way runs $BENCH_PERFILE_ROUNDS times (3 by default), alternating, each run into a folder
of its own: on ext4 without a journal, creating files soon after deleting others makes the
kernel skip each recently freed inode, so a run into a folder just emptied costs more the more
runs came before it (the batch from 0.42 to 0.66 s in nine runs). The folders are deleted at
the end. Prints the Markdown section with wall and CPU seconds (medians) and the ratio, and
writes WORK/perfile.json.
"""
import json
import os
import resource
import shutil
import subprocess
import sys
import time

work, willdoc, hello, static_hello, empty, bare, samples = (
    os.path.abspath(a) for a in sys.argv[1:8])
count = int(sys.argv[8]) if len(sys.argv) > 8 else 500
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


outputs = os.path.join(work, "perfile-out")
shutil.rmtree(outputs, ignore_errors=True)
os.makedirs(outputs)
run_number = 0


def timed(argv, writes):
    """Wall and CPU seconds (the children's user + system) of one command; one that `writes`
    gets a new folder for OUT in its arguments."""
    global run_number
    out = None
    if writes:
        run_number += 1
        out = os.path.join(outputs, str(run_number))
        os.makedirs(out)
        argv = [out if a == "OUT" else a.replace(" -d OUT ", f" -d {out} ") for a in argv]
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
            f"ls perfile-in/*.will | xargs -P 2 -I{{}} {willdoc} convert -q {{}} -d OUT --to uim"]
batch = [willdoc, "convert", "-q", "perfile-in", "-d", "OUT", "--to", "uim", "-j", "2"]
# The floors of one process per file: a C tool reading each note's zip directory, and a
# Swift hello world, each once per note under the same xargs (their exit statuses are not
# checked: zipinfo warns about some real notes' zips).
zipinfo = ["sh", "-c", "ls perfile-in/*.will | xargs -P 2 -I{} zipinfo {}"]
hello_floor = ["sh", "-c", f"ls perfile-in/*.will | xargs -P 2 -I{{}} {hello}"]
static_hello_floor = ["sh", "-c", f"ls perfile-in/*.will | xargs -P 2 -I{{}} {static_hello}"]
empty_floor = ["sh", "-c", f"ls perfile-in/*.will | xargs -P 2 -I{{}} {empty}"]
bare_floor = ["sh", "-c", f"ls perfile-in/*.will | xargs -P 2 -I{{}} {bare}"]
ways = {"per-file": (per_file, True), "batch": (batch, True),
        "zipinfo per file": (zipinfo, False), "hello per file": (hello_floor, False),
        "static hello per file": (static_hello_floor, False),
        "empty C program per file": (empty_floor, False),
        "no C library per file": (bare_floor, False)}
runs = {k: [] for k in ways}
for _ in range(rounds):
    for name, (argv, writes) in ways.items():
        runs[name].append(timed(argv, writes))
shutil.rmtree(outputs)


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
                       "static hello per file": static_hello_floor[2],
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
    command = (result["commands"][name].replace(willdoc, "willdoc")
               .replace(static_hello, "static-hello").replace(hello, "hello")
               .replace(empty, "empty-c").replace(bare, "bare"))
    print(f"| {name} | `{command}` | {f['wall']:.2f} | {f['cpu']:.2f} | "
          f"{f['wall'] / figures['batch']['wall']:.2f}× |")
batch_wall = figures["batch"]["wall"]
least = figures["empty C program per file"]["wall"] + batch_wall
least_swift = figures["static hello per file"]["wall"] + batch_wall
print(f"\nThe least one process per note can cost here, an empty C program's start per note and "
      f"the batch's work: {least:.2f} s, {least / batch_wall:.2f}× the batch; a Swift program's, "
      f"the static hello world's start per note and the batch's work: {least_swift:.2f} s, "
      f"{least_swift / batch_wall:.2f}× the batch.")
print()
