#!/usr/bin/env python3
"""Convert many ink files with willdoc on a Dask cluster (docs/scale-out.md).

A Dask bag holds the input paths; each partition is one task that runs
`willdoc convert IN... -d OUT --to FORMAT --format json` once per input folder in
the partition (so the output tree mirrors the input tree and no two processes
write the same name), parses each JSON summary and returns its counts and
failures. The driver adds the partitions up and prints one JSON total.

    Examples/dask-convert.py IN_DIR OUT_DIR --to uim [--scheduler ADDRESS]
        [--workers N] [--partition-size N] [--willdoc PATH] [--jobs N]

Without --scheduler, a LocalCluster of --workers processes runs the tasks; with
it, the cluster at ADDRESS does (every worker needs willdoc and the files at the
same paths: a shared filesystem). Exit status: 0 when every input converted, 1
when any failed, 2 when a task could not run willdoc.
"""

import argparse
import json
import os
import subprocess
import sys
from collections import defaultdict

# willdoc's own extensions, and tuhi drawings (.json, sniffed by willdoc).
EXTENSIONS = (".will", ".uim", ".inkml", ".json")


def list_inputs(root):
    """Every file below root that willdoc may convert, relative to root, sorted."""
    found = []
    for folder, folders, names in os.walk(root):
        folders.sort()
        for name in sorted(names):
            if name.lower().endswith(EXTENSIONS):
                found.append(os.path.relpath(os.path.join(folder, name), root))
    return found


def convert_partition(relative_paths, root, out, target, willdoc, jobs):
    """One task: one willdoc run per input folder; the parsed summaries, added up."""
    by_folder = defaultdict(list)
    for path in relative_paths:
        by_folder[os.path.dirname(path)].append(path)
    total = {"inputs": 0, "converted": 0, "failed": 0, "skipped": 0}
    failures = []
    outputs = []
    for folder, paths in sorted(by_folder.items()):
        command = [willdoc, "convert", *[os.path.join(root, p) for p in paths],
                   "-d", os.path.join(out, folder), "--to", target,
                   "--format", "json", "-q", "-j", str(jobs)]
        run = subprocess.run(command, capture_output=True, text=True)
        if run.returncode not in (0, 1):
            raise RuntimeError(f"willdoc exited {run.returncode}: {run.stderr.strip()}")
        summary = json.loads(run.stdout)
        for key in total:
            total[key] += summary["total"][key]
        for entry in summary["files"]:
            if entry["status"] == "failed":
                failures.append({"input": entry["input"], "error": entry["error"]})
            elif entry["status"] == "converted":
                outputs.append(entry["output"])
    return [{"total": total, "failures": failures, "outputs": outputs}]


def combine(results):
    total = {"inputs": 0, "converted": 0, "failed": 0, "skipped": 0}
    failures, outputs = [], []
    for result in results:
        for key in total:
            total[key] += result["total"][key]
        failures += result["failures"]
        outputs += result["outputs"]
    return {"total": total, "failures": failures, "outputs": sorted(outputs)}


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("input")
    parser.add_argument("output")
    parser.add_argument("--to", required=True, choices=["will", "uim", "inkml"])
    parser.add_argument("--scheduler", help="a running Dask scheduler's address")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--partition-size", type=int, default=1000,
                        help="files per task (default 1000)")
    parser.add_argument("--willdoc", default="willdoc")
    parser.add_argument("--jobs", type=int, default=1,
                        help="willdoc's -j inside each task (default 1)")
    args = parser.parse_args()

    import dask.bag as db
    from dask.distributed import Client, LocalCluster

    root = os.path.abspath(args.input)
    out = os.path.abspath(args.output)
    willdoc = os.path.abspath(args.willdoc) if os.sep in args.willdoc else args.willdoc
    inputs = list_inputs(root)
    if not inputs:
        print(json.dumps({"total": {"inputs": 0}}))
        return 0
    if args.scheduler:
        client = Client(args.scheduler)
        cluster = None
    else:
        cluster = LocalCluster(n_workers=args.workers, threads_per_worker=1,
                               processes=True, dashboard_address=None)
        client = Client(cluster)
    try:
        bag = db.from_sequence(inputs, partition_size=args.partition_size)
        results = bag.map_partitions(convert_partition, root, out, args.to, willdoc,
                                     args.jobs).compute()
    except RuntimeError as error:
        print(f"dask-convert: {error}", file=sys.stderr)
        return 2
    finally:
        client.close()
        if cluster is not None:
            cluster.close()
    report = combine(results)
    report["partitions"] = bag.npartitions
    print(json.dumps(report, indent=2))
    return 1 if report["total"]["failed"] else 0


if __name__ == "__main__":
    sys.exit(main())
