"""Shared harness for the peer benchmarks: read the corpus, time the validation loop.

Each peer does the work of the sign-up case (docs/performance.md): trim the email and
check its syntax; password 8-64 characters, not a common password, not all digits;
confirmation equal to the password. Like the figures in the shared bench README, the
timing covers the loop (JSON decoding and the checks), not writing reports.
"""
import json
import statistics
import sys
import time


def load(path):
    with open(path, "rb") as f:
        return f.read().splitlines()


def measure(name, lines, validate, runs=3):
    rates = []
    valid = 0
    for _ in range(runs):
        valid = 0
        start = time.perf_counter()
        for line in lines:
            if validate(json.loads(line)):
                valid += 1
        rates.append(len(lines) / (time.perf_counter() - start))
    print(f"{name}: {len(lines)} records, {valid} valid; records/s min {min(rates):,.0f} "
          f"median {statistics.median(rates):,.0f} max {max(rates):,.0f}")
    sys.stdout.flush()


def corpus_path():
    return sys.argv[1] if len(sys.argv) > 1 else "Benchmarks/data/corpus-100000.jsonl"
