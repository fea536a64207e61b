#!/usr/bin/env python3
"""A seeded users table in Parquet, for the Spark test of `validate`.

Columns: id (int64, unique, not the row number), email, password,
password_confirmation (strings, some null). The values come from the benchmark
corpus generator (Benchmarks/gen_corpus.py: messy on purpose — outer spaces,
IDN and quoted addresses, Japanese and emoji passwords, common and all-digit
passwords, confirmations that differ), plus about 1 % null emails and 0.5 % null
passwords. The same --seed and --rows always give the same table.

    python make_users.py --rows 1000000 --out users.parquet [--seed N]
"""
import argparse
import os
import random
import sys

import pyarrow as pa
import pyarrow.parquet as pq

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "Benchmarks"))
import gen_corpus  # noqa: E402

SEED = 20261201


def table(rows, seed):
    corpus = gen_corpus.records(seed)
    r = random.Random(seed + 1)
    ids, emails, passwords, confirmations = [], [], [], []
    # Ids are unique but neither sorted nor the row number, so a result joined by
    # position instead of by id would not match.
    for i, record in zip(range(rows), corpus):
        ids.append(1_000_003 * (i + 1) % 2_147_483_647)
        emails.append(None if r.random() < 0.01 else record["email"])
        passwords.append(None if r.random() < 0.005 else record["password"])
        confirmations.append(record["password_confirmation"])
    return pa.table({
        "id": pa.array(ids, pa.int64()),
        "email": pa.array(emails, pa.string()),
        "password": pa.array(passwords, pa.string()),
        "password_confirmation": pa.array(confirmations, pa.string()),
    })


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--rows", type=int, default=1_000_000)
    ap.add_argument("--seed", type=int, default=SEED)
    ap.add_argument("--out", required=True)
    args = ap.parse_args()
    # Several row groups, so that Spark reads the file as several partitions.
    pq.write_table(table(args.rows, args.seed), args.out, row_group_size=max(args.rows // 8, 1))
    print(f"wrote {args.out} ({args.rows} rows, seed {args.seed})")


if __name__ == "__main__":
    main()
