#!/usr/bin/env python3
"""Validate a Parquet users table with form-rules on Spark; write the invalid rows as Parquet.

    spark-submit validate_users.py --input users.parquet --output invalid.parquet \\
        --validate /opt/form-rules/validate --rules /opt/form-rules/Rules/signup.json \\
        [--id id] [--columns email,password,password_confirmation] [--locale en]

Each partition's rows, as JSON Lines, go through one
`validate --jsonl --jobs 1 --keep ID --only invalid` process: the report of every
invalid row comes back with the row's id (copied byte for byte from the row) and
nothing comes back for valid rows, so the result is small. The output has one row per
invalid input row: the id (with the input's type) and `errors`, a list of
{field, code, severity, message, params}; `field` is null for a record-level failure
such as `input.malformed`.

Why mapPartitions with a subprocess rather than RDD.pipe: `validate` exits with 1
when some record is invalid and with 2 when it cannot run at all (a missing rules
file, a bad option). PySpark's `RDD.pipe` either ignores the exit status
(`checkCode=False`, the default: a typo in the rules path silently gives an empty
result) or fails the task on any non-zero status (`checkCode=True`: every partition
with an invalid row fails). Here 0 and 1 are success; anything else fails the task
with validate's own error message, and the summary line validate prints on stderr is
checked against the number of rows sent, so no row can go missing unnoticed.
"""
import argparse
import json
import subprocess
import tempfile
import threading

from pyspark.sql import SparkSession
from pyspark.sql import functions as F
from pyspark.sql import types as T

ERROR = T.StructType([
    T.StructField("field", T.StringType()),
    T.StructField("code", T.StringType()),
    T.StructField("severity", T.StringType()),
    T.StructField("message", T.StringType()),
    T.StructField("params", T.StringType()),  # the failure's params object, as JSON
])


def validate_lines(command, lines):
    """Pipes JSON lines (str) through one `validate` process; yields its output lines (bytes).

    Raises RuntimeError when validate fails (exit status above 1) or reports fewer
    records than it was sent.
    """
    with tempfile.TemporaryFile() as stderr:
        proc = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=stderr)
        sent = [0]
        failure = []

        def feed():
            # A thread writes while the caller reads, so neither pipe can fill up and block.
            try:
                for line in lines:
                    proc.stdin.write(line.encode("utf-8") + b"\n")
                    sent[0] += 1
            except BaseException as error:  # e.g. BrokenPipeError when validate stopped early
                failure.append(error)
            finally:
                try:
                    proc.stdin.close()
                except BrokenPipeError:
                    pass

        writer = threading.Thread(target=feed, daemon=True)
        writer.start()
        yield from proc.stdout
        writer.join()
        status = proc.wait()
        stderr.seek(0)
        summary = stderr.read().decode("utf-8", "replace").strip()
        if status not in (0, 1):
            raise RuntimeError(f"validate exited with status {status}: {summary}")
        if failure:
            raise RuntimeError(f"could not send the rows to validate: {failure[0]!r}; validate said: {summary}")
        if not summary.startswith(f"records: {sent[0]},"):
            raise RuntimeError(f"validate saw other records than the {sent[0]} sent: {summary}")


def errors_of(report):
    """The failures of one report as rows of ERROR; form-level ones have no field."""
    rows = []
    for failure in report.get("errors", []):
        rows.append((None, failure["code"], failure["severity"], failure["message"],
                     json.dumps(failure["params"], ensure_ascii=False)))
    for name, field in report["fields"].items():
        for failure in field["errors"]:
            rows.append((name, failure["code"], failure["severity"], failure["message"],
                         json.dumps(failure["params"], ensure_ascii=False)))
    return rows


def invalid_rows(spark, users, validate, rules, id_column="id", columns=None, locale="en"):
    """The invalid rows of the DataFrame `users` as a DataFrame (id, errors).

    `columns` are the members sent to validate besides the id (default: all the
    others); the policy ignores members it does not know.
    """
    columns = columns or [c for c in users.columns if c != id_column]
    command = [validate, "--rules", rules, "--jsonl", "--jobs", "1", "--format", "json",
               "--locale", locale, "--keep", id_column, "--only", "invalid"]

    def partition(lines):
        for line in validate_lines(command, lines):
            report = json.loads(line)
            # An id that could not be read (a malformed record) stays null.
            yield (report.get("keep", {}).get(id_column), errors_of(report))

    schema = T.StructType([
        T.StructField(id_column, users.schema[id_column].dataType),
        T.StructField("errors", T.ArrayType(ERROR)),
    ])
    # to_json leaves out null members; validate reads an absent member as null.
    lines = users.select(F.to_json(F.struct(id_column, *columns)).alias("line")).rdd.map(lambda row: row.line)
    reports = lines.mapPartitions(partition)
    return spark.createDataFrame(reports, schema)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--input", required=True, help="Parquet users table")
    ap.add_argument("--output", required=True, help="where to write the invalid rows (Parquet)")
    ap.add_argument("--validate", required=True, help="path of the validate binary on every executor")
    ap.add_argument("--rules", required=True, help="path of the rules file on every executor")
    ap.add_argument("--id", default="id", help="the column that identifies a row (default: id)")
    ap.add_argument("--columns", help="comma-separated columns to validate (default: all but the id)")
    ap.add_argument("--locale", default="en", help="ja or en (default: en)")
    args = ap.parse_args()
    spark = SparkSession.builder.appName("form-rules validate").getOrCreate()
    users = spark.read.parquet(args.input)
    columns = args.columns.split(",") if args.columns else None
    result = invalid_rows(spark, users, args.validate, args.rules, args.id, columns, args.locale)
    result.write.mode("overwrite").parquet(args.output)
    spark.stop()


if __name__ == "__main__":
    main()
