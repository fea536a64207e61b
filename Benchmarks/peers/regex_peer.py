"""Peer: plain Python, the WHATWG email regex, lengths and a set lookup.

    python3 Benchmarks/peers/regex_peer.py [corpus.jsonl]

The common-password set is Django's list (the one the notCommon rule ships) when the
venv has Django, else the shipped Rules/lists file if present.
"""
import gzip
import os
import re
import sys

sys.path.insert(0, os.path.dirname(__file__))
import common  # noqa: E402

# https://html.spec.whatwg.org/multipage/input.html#valid-e-mail-address
EMAIL = re.compile(
    r"^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?"
    r"(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$")
DIGITS = re.compile(r"^[0-9]+\Z")


def common_passwords():
    shipped = "Rules/lists/common-passwords/common-passwords.txt"
    if os.path.exists(shipped):
        with open(shipped, encoding="utf-8") as f:
            return {line.strip().lower() for line in f if line.strip()}
    try:
        import django
        path = os.path.join(os.path.dirname(django.__file__), "contrib/auth/common-passwords.txt.gz")
        with gzip.open(path, "rt", encoding="utf-8") as f:
            return {line.strip().lower() for line in f if line.strip()}
    except ImportError:
        sys.exit("needs Django in the venv or Rules/lists/common-passwords/common-passwords.txt")


COMMON = common_passwords()


def validate(record):
    email = (record.get("email") or "").strip()
    password = record.get("password") or ""
    return (EMAIL.match(email) is not None
            and 8 <= len(password) <= 64
            and password.strip().lower() not in COMMON
            and DIGITS.match(password) is None
            and record.get("password_confirmation") == password)


if __name__ == "__main__":
    common.measure("WHATWG regex + length + set (plain Python)", common.load(common.corpus_path()), validate)
