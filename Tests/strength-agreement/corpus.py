"""The seeded corpus of the strength comparison: the same 5,100 passwords on every machine.

    python3 Tests/strength-agreement/corpus.py > corpus.jsonl   # {"category": …, "password": …}

Categories (sizes in CATEGORIES): entries of the shipped common-password list (Django's,
which neither estimator uses as a dictionary), random strings over several alphabets,
English passphrases, romaji passphrases, and names with digits and symbols. Words come
from the shipped lists under Sources/FormRulesPassword/Resources/strength, by rank, so common words are drawn
more often than rare ones, as people choose them.
"""
import json
import os
import random
import string
import sys

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
LISTS = os.path.join(ROOT, "Sources", "FormRulesPassword", "Resources")
SEED = 16
CATEGORIES = {"common": 1000, "random": 1200, "english": 1000, "romaji": 900, "names": 1000}


def words(path, top, minimum=3):
    with open(os.path.join(LISTS, "strength", path), encoding="utf-8") as f:
        return [w for w in json.load(f)[:top] if w.isascii() and w.isalpha() and len(w) >= minimum]


def uniform(rng, items):
    return rng.choice(items)


def pick(rng, items):
    """Rank-weighted: the first entries are drawn more often (a log-uniform rank)."""
    index = int(len(items) ** rng.random()) - 1
    return items[max(0, min(index, len(items) - 1))]


def capitalise(rng, word):
    r = rng.random()
    return word.capitalize() if r < 0.35 else word.upper() if r < 0.4 else word


SUFFIXES = ["", "", "1", "12", "123", "!", "7", "99", "2024", "1990", "#1", "!!", "01", "2000", "42", "@"]


def common(rng):
    with open(os.path.join(ROOT, "Rules", "lists", "common-passwords", "common-passwords.txt"), encoding="utf-8") as f:
        entries = [line.strip() for line in f if line.strip()]
    return pick(rng, entries)


ALPHABETS = [
    string.ascii_lowercase,
    string.ascii_lowercase + string.digits,
    string.ascii_letters + string.digits,
    string.ascii_letters + string.digits + "!@#$%^&*()-_=+[]{};:,.<>/?",
    string.digits,
    "abcdef0123456789",
]


def random_string(rng):
    alphabet = rng.choice(ALPHABETS)
    length = rng.choice([4, 5, 6, 7, 8, 8, 9, 10, 10, 11, 12, 12, 14, 16, 20, 24, 32])
    return "".join(rng.choice(alphabet) for _ in range(length))


def english(rng, pool):
    count = rng.choice([2, 2, 3, 3, 4])
    parts = [pick(rng, pool) for _ in range(count)]
    separator = rng.choice(["", "", " ", "-", ".", "_"])
    if rng.random() < 0.3:
        parts = [p.capitalize() for p in parts]
    return separator.join(parts) + rng.choice(SUFFIXES)


def romaji(rng, pools):
    count = rng.choice([1, 2, 2, 3, 3])
    parts = []
    for _ in range(count):
        r = rng.random()
        parts.append(pick(rng, pools[0]) if r < 0.7 else pick(rng, pools[1]) if r < 0.9 else uniform(rng, pools[2]))
    separator = rng.choice(["", "", "", "-", " ", "_"])
    return capitalise(rng, separator.join(parts)) + rng.choice(SUFFIXES)


def name(rng, first, last):
    # The first-name lists are alphabetical, not ranked: drawn uniformly.
    person = uniform(rng, first) if rng.random() < 0.6 else pick(rng, last)
    if rng.random() < 0.25:
        person += pick(rng, last)
    digits = rng.choice(["1", "12", "123", "1234", "7", "88", "99", "2001", "1985", "0", "007", "2023", "31"])
    symbol = rng.choice(["", "", "!", "@", "#", "$", "?", "."])
    form = rng.random()
    word = capitalise(rng, person)
    return word + digits + symbol if form < 0.7 else symbol + digits + word if form < 0.8 else word + symbol + digits


def corpus():
    rng = random.Random(SEED)
    en_pool = words("en/commonWords.json", 20000)
    ja_pool = (words("ja/wikipedia.json", 8000), words("ja/commonWords.json", 1008), words("ja/firstnames.json", 3000))
    first = words("en/firstnames.json", 5000) + words("ja/firstnames.json", 3000)
    last = words("en/lastnames.json", 3000) + words("ja/lastnames.json", 500)
    make = {
        "common": lambda: common(rng),
        "random": lambda: random_string(rng),
        "english": lambda: english(rng, en_pool),
        "romaji": lambda: romaji(rng, ja_pool),
        "names": lambda: name(rng, first, last),
    }
    out = []
    for category, size in CATEGORIES.items():
        for _ in range(size):
            password = make[category]()[:72]  # zxcvbn refuses more than 72 characters
            out.append({"category": category, "password": password})
    return out


if __name__ == "__main__":
    for entry in corpus():
        sys.stdout.write(json.dumps(entry, ensure_ascii=False) + "\n")
