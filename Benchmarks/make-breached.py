#!/usr/bin/env python3
"""Writes Rules/lists/breached-sample.txt, the small Have I Been Pwned style file the
notBreached tests and presets use.

Format: one "SHA1HEX:COUNT" line per password (40 upper-case hex digits), sorted by hash,
CRLF line endings, as the HIBP downloader writes them. The known passwords below are
mixed with random hashes (fixed seed, so the file is reproducible). Their counts are
illustrative, not HIBP's figures.

    python3 Benchmarks/make-breached.py            # writes Rules/lists/breached-sample.txt
    python3 Benchmarks/make-breached.py --out x.txt --random 1000
"""
import argparse
import hashlib
import os
import random

KNOWN = {
    "password": 1_000_000,
    "123456": 2_000_000,
    "qwerty": 500_000,
    "letmein": 150_000,
    "P@ssw0rd": 20_000,
    "correct horse battery staple": 300,
    "Tr0ub4dor&3": 120,
    "hunter2": 25,
    "パスワード": 50,
    "ｐａｓｓｗｏｒｄ": 7,
    "seen-once-only": 1,
}

def main():
    here = os.path.dirname(os.path.abspath(__file__))
    parser = argparse.ArgumentParser()
    parser.add_argument("--out", default=os.path.join(here, "..", "Rules", "lists", "breached-sample.txt"))
    parser.add_argument("--random", type=int, default=500)
    parser.add_argument("--seed", type=int, default=20250401)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    lines = {hashlib.sha1(p.encode("utf-8")).hexdigest().upper(): n for p, n in KNOWN.items()}
    while len(lines) < len(KNOWN) + args.random:
        lines["%040X" % rng.getrandbits(160)] = rng.randint(1, 50_000)
    with open(args.out, "w", newline="") as f:
        for digest in sorted(lines):
            f.write("%s:%d\r\n" % (digest, lines[digest]))

if __name__ == "__main__":
    main()
