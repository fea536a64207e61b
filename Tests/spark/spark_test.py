#!/usr/bin/env python3
"""The Spark recipe, run for real: Examples/spark/validate_users.py in local[2] against a
single-process `validate --jsonl` over the same rows.

    python spark_test.py --validate .build/debug/validate [--rows 1000000] [--work DIR]

1. Generates a seeded users table (make_users.py) as Parquet.
2. Runs the example job on it with Spark in local[2] and reads its Parquet output.
3. Writes the same rows as JSON Lines (pyarrow, in row order) and runs one plain
   `validate --jsonl --jobs 1` process over them, without --keep or --only: the n-th
   report is the n-th row's, which gives the ids independently of --keep.
4. Checks that both name the same invalid ids with the same failures (field, code,
   severity, message, params), and that a broken command fails the Spark job.

Prints the wall times and ends with `spark: N passed, N failed`; exits 1 on a failure.
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile
import time

import pyarrow.parquet as pq

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", ".."))
sys.path.insert(0, os.path.join(ROOT, "Examples", "spark"))
sys.path.insert(0, HERE)

import make_users  # noqa: E402
import validate_users  # noqa: E402

RULES = os.path.join(ROOT, "Rules", "signup.json")
FIELDS = ["email", "password", "password_confirmation"]

results = []


def check(name, ok, detail=""):
    results.append(ok)
    print(f"{'PASS' if ok else 'FAIL'}: {name}" + (f" — {detail}" if detail and not ok else ""), flush=True)


def failures_of(report):
    """(field, code, severity, message, params) of every failure, in report order."""
    return [tuple(e) for e in validate_users.errors_of(report)]


def single_process(validate, users_path, work):
    """The oracle: the rows as JSON Lines through one plain validate process."""
    table = pq.read_table(users_path)
    ids = table.column("id").to_pylist()
    columns = {name: table.column(name).to_pylist() for name in FIELDS}
    jsonl = os.path.join(work, "users.jsonl")
    with open(jsonl, "w", encoding="utf-8") as f:
        for i in range(len(ids)):
            # Null members are written as null; the Spark side leaves them out. Both
            # must read the same.
            f.write(json.dumps({name: columns[name][i] for name in FIELDS}, ensure_ascii=False) + "\n")
    reports = os.path.join(work, "reports.jsonl")
    start = time.monotonic()
    with open(jsonl, "rb") as src, open(reports, "wb") as out:
        proc = subprocess.run([validate, "--rules", RULES, "--jsonl", "--jobs", "1", "--locale", "en"],
                              stdin=src, stdout=out, stderr=subprocess.PIPE)
    elapsed = time.monotonic() - start
    invalid = {}
    with open(reports, "rb") as f:
        for i, line in enumerate(f):
            report = json.loads(line)
            if not report["valid"]:
                invalid[ids[i]] = failures_of(report)
    return invalid, elapsed, proc.returncode, proc.stderr.decode().strip(), len(ids)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--validate", required=True)
    ap.add_argument("--rows", type=int, default=1_000_000)
    ap.add_argument("--work", help="scratch directory (default: a temporary one)")
    args = ap.parse_args()
    validate = os.path.abspath(args.validate)
    work = args.work or tempfile.mkdtemp(prefix="spark-test-")
    os.makedirs(work, exist_ok=True)

    users_path = os.path.join(work, "users.parquet")
    start = time.monotonic()
    pq.write_table(make_users.table(args.rows, make_users.SEED), users_path,
                   row_group_size=max(args.rows // 8, 1))
    print(f"generated {args.rows} rows in {time.monotonic() - start:.1f} s", flush=True)

    # The workers run this interpreter, and get the job's module as spark-submit would
    # ship a job's main file.
    os.environ["PYSPARK_PYTHON"] = sys.executable
    # Spark's driver and block manager listen on this machine's loopback address only.
    os.environ["SPARK_LOCAL_IP"] = "127.0.0.1"
    from pyspark.sql import SparkSession
    start = time.monotonic()
    spark = (SparkSession.builder.master("local[2]").appName("form-rules spark test")
             .config("spark.ui.enabled", "false")
             .config("spark.driver.host", "127.0.0.1")
             .config("spark.driver.bindAddress", "127.0.0.1")
             .config("spark.ui.showConsoleProgress", "false")
             .config("spark.sql.shuffle.partitions", "2")
             .config("spark.driver.memory", "1g")
             # Split the file by its row groups even when it is small, so that both
             # cores get a partition (Spark's default is 128 MB per split).
             .config("spark.sql.files.maxPartitionBytes", "4m")
             .config("spark.sql.files.openCostInBytes", "64k")
             .getOrCreate())
    spark.sparkContext.setLogLevel("ERROR")
    spark.sparkContext.addPyFile(validate_users.__file__)
    startup = time.monotonic() - start

    out_path = os.path.join(work, "invalid.parquet")
    start = time.monotonic()
    users = spark.read.parquet(users_path)
    partitions = users.rdd.getNumPartitions()
    validate_users.invalid_rows(spark, users, validate, RULES).write.mode("overwrite").parquet(out_path)
    spark_time = time.monotonic() - start

    # A command that cannot run (here: a rules file that does not exist) must fail the
    # job, not give an empty result.
    failed = False
    message = ""
    spark.sparkContext.setLogLevel("OFF")  # the failing task's stack traces
    try:
        small = spark.createDataFrame([(1, "a@example.com", "x", "x")], ["id"] + FIELDS)
        validate_users.invalid_rows(spark, small, validate, os.path.join(work, "missing.json")).collect()
    except Exception as error:  # Py4J wraps the task's RuntimeError
        failed = True
        message = str(error)
    spark.stop()
    check("a validate that exits 2 fails the Spark job with its message",
          failed and "validate exited with status 2" in message and "missing.json" in message, message[-300:])

    got = {}
    duplicates = 0
    for row in pq.read_table(out_path).to_pylist():
        if row["id"] in got:
            duplicates += 1
        got[row["id"]] = [tuple(e[k] for k in ("field", "code", "severity", "message", "params"))
                          for e in row["errors"]]
    want, single_time, status, summary, rows = single_process(validate, users_path, work)

    check("the single-process run exits 1 (some invalid) and counts every row",
          status == 1 and summary.startswith(f"records: {rows},"), f"status {status}, {summary}")
    check("the table is read as several partitions", partitions >= 2, f"{partitions} partitions")
    check("some rows are valid and some invalid", 0 < len(want) < rows, f"{len(want)} of {rows} invalid")
    check("no id twice in the Spark output", duplicates == 0, f"{duplicates} duplicates")
    missing = sorted(set(want) - set(got))
    extra = sorted(set(got) - set(want))
    check("Spark and the single process name the same invalid ids", not missing and not extra,
          f"missing {missing[:5]} ({len(missing)}), extra {extra[:5]} ({len(extra)})")
    differ = [i for i in want if i in got and got[i] != want[i]]
    check("each invalid id has the same failures (field, code, severity, message, params)", not differ,
          f"{len(differ)} differ, e.g. {differ[:1]}: {got.get(differ[0]) if differ else ''} vs "
          f"{want.get(differ[0]) if differ else ''}")

    print(f"rows: {rows}, invalid: {len(want)}, partitions: {partitions}")
    print(f"wall time: Spark local[2] job {spark_time:.1f} s (session start {startup:.1f} s more); "
          f"single process validate --jsonl --jobs 1: {single_time:.2f} s")
    passed = sum(results)
    print(f"spark: {passed} passed, {len(results) - passed} failed")
    return 0 if passed == len(results) else 1


if __name__ == "__main__":
    sys.exit(main())
