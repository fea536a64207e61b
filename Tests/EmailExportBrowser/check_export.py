#!/usr/bin/env python3
"""Checks the promise of `validate export --to html`: the exported inputs are never stricter
than the rules. For every rules file given, the exported <input>s are loaded into headless
Chromium (Debian's /usr/bin/chromium through Playwright); generated values are validated by the
engine (`validate --jsonl`), and every value the engine accepts for a field must pass the
browser's checkValidity() on that field's input, both when script sets `.value` and when the
value is typed (Playwright's fill: a user edit, so minlength/maxlength and the browser's own
sanitizing apply). A value the engine accepts and the browser refuses is a counterexample.

Usage: check_export.py VALIDATE_BIN RULES.json... ; prints one line per rules file and
"N passed, N failed" last; exits 1 when any file has a counterexample or cannot be checked.
"""

import json
import random
import subprocess
import sys

from playwright.sync_api import sync_playwright

SEED = 0x15EA5E

# Addresses that probe the differences between the engine and type=email: Unicode local parts,
# IDNs (U-labels and A-labels), padding the engine trims and the browser keeps or strips,
# quoted strings, literals, dots, hyphens and lengths. Written for this check; the issue's
# examples are among them.
EMAILS = [
    "taro@example.jp", "Taro.Yamada@Example.CO.JP", "a@b.co", "x@x.au", "test@iana.org",
    "first.last@sub.example.co.uk", "!#$%&'*+/=?^_`{|}~-@example.com", "user+tag@gmail.com",
    "taro@例え.jp", "hanako@xn--r8jz45g.jp", "josé@example.es", "伊昭傑@郵件.商務", "test@bücher.de",
    "test@xn--bcher-kva.de", "a@faß.de", "ñoñó1234@iana.org", "😀@example.com", "e\u0301@example.com",
    " taro@example.jp", "taro@example.jp ", "\ttaro@example.jp\n", "taro@example.jp\r\n",
    "\u00a0taro@example.jp", "taro@example.jp\u00a0", "\u3000taro@example.jp\u3000", "ta\nro@example.jp",
    "\"john..doe\"@example.com", "\"a@b\"@example.com", "\"\"@example.com", "user@[192.0.2.1]",
    "user@[IPv6:2001:db8::1]", "a..b@example.com", ".a@example.com", "a.@example.com", "test@io",
    "test@localhost", "test@example.123", "me@\u037e.com", "me@\u1fef.com", "me@⒈wouldbeinvalid.com",
    "username@domain.com©", "me@xn--0.tld", "me@yy--0.tld", "me@bad.tld-2", "z@co.c", "me@mail.test",
    "me@printer.local", "me.\u037e@example.com", "ﬁ@example.com", "test＠example.com", "ｔｅｓｔ@example.com",
    "a" * 64 + "@example.com", "a" * 65 + "@example.com", "a@" + "b" * 63 + ".com", "a@" + "b" * 64 + ".com",
    "a@" + "é" * 57 + ".com", "K@example.com", "\u212a@example.com", "a@b-c.de", "a@-b.de", "a@b.c-d",
    "", " ", "\u3000",
]

LOCAL = list("abcXYZ0129.-_+!#~'") + ["é", "ü", "例", "😀", " ", "\u00a0", "\u3000", "\"", "(", "\\", "..", "ｔ"]
DOMAIN = list("abcxyz019-") + ["é", "例", "xn--", "..", "_", " ", "\u00a0"]
TLDS = ["com", "jp", "co.jp", "org", "io", "c", "123", "test", "xn--p1ai", "рф", "museum", "x1"]
PASSWORD_CHARS = list("abcXYZ019 !#-_@.~") + ["é", "例", "😀", "ｱ", "\u3000", "\u00a0", "\t", "👨‍👩‍👧"]


def generated_emails(rng, count):
    values = []
    for _ in range(count):
        local = "".join(rng.choice(LOCAL) for _ in range(rng.randint(1, 8)))
        labels = [
            "".join(rng.choice(DOMAIN) for _ in range(rng.randint(1, 8))) for _ in range(rng.randint(1, 2))
        ]
        value = local + rng.choice(["@", "@", "@", "@@", "＠"]) + ".".join(labels) + "." + rng.choice(TLDS)
        pad = rng.choice(["", "", "", " ", "\u3000", "\u00a0", "\n"])
        values.append(pad + value + rng.choice(["", "", pad]))
    return values


def generated_ascii_emails(rng, count):
    """Mostly valid ASCII addresses, where type=email and the rules should both say yes."""
    atext = "abcdefghijklmnopqrstuvwxyzABCXYZ0123456789!#$%&'*+/=?^_`{|}~-"
    ldh = "abcdefghijklmnopqrstuvwxyz0123456789"
    values = []
    for _ in range(count):
        local = ".".join("".join(rng.choice(atext) for _ in range(rng.randint(1, 6))) for _ in range(rng.randint(1, 3)))
        labels = []
        for _ in range(rng.randint(1, 3)):
            label = "".join(rng.choice(ldh) for _ in range(rng.randint(1, 10)))
            if len(label) > 2 and rng.random() < 0.2:
                label = label[0] + "-" + label[1:]
            labels.append(label)
        value = local + "@" + ".".join(labels) + "." + rng.choice(["com", "jp", "org", "io", "museum", "xn--p1ai"])
        values.append(rng.choice(["", "", "", " ", "\t", "\r\n"]) + value + rng.choice(["", "", "", " ", "\n"]))
    return values


def generated_passwords(rng, count):
    values = ["", "abc123", "correct horse", "kq7#mzxp", "password1", "8302951746", "日本語のパスワードです", "😀" * 8]
    for _ in range(count):
        values.append("".join(rng.choice(PASSWORD_CHARS) for _ in range(rng.randint(0, 80))))
    return values


def export_html(validate, rules):
    done = subprocess.run(
        [validate, "export", "--rules", rules, "--to", "html"], capture_output=True, text=True, timeout=60
    )
    if done.returncode != 0:
        raise RuntimeError(f"export failed ({done.returncode}): {done.stderr.strip()}")
    return done.stdout, done.stderr


def engine_accepts(validate, rules, fields, values):
    """{field: [values the engine accepts for that field]}: each value is put in every field of one
    record, so a confirmation field equals its password."""
    lines = "".join(json.dumps({name: value for name in fields}, ensure_ascii=False) + "\n" for value in values)
    done = subprocess.run(
        [validate, "--rules", rules, "--jsonl", "--jobs", "1", "--format", "json"],
        input=lines, capture_output=True, text=True, timeout=300,
    )
    reports = [json.loads(line) for line in done.stdout.splitlines() if line.strip()]
    if len(reports) != len(values):
        raise RuntimeError(f"engine gave {len(reports)} reports for {len(values)} records: {done.stderr[-300:]}")
    accepted = {name: [] for name in fields}
    for value, report in zip(values, reports):
        for name in fields:
            if report.get("fields", {}).get(name, {}).get("valid"):
                accepted[name].append(value)
    return accepted


PAGE = """<!doctype html><meta charset="utf-8"><title>export</title><form novalidate>{inputs}</form>"""

CHECK = """([name, values]) => {
  const input = document.querySelector(`input[name="${name}"]`);
  const refused = [];
  for (const value of values) {
    input.value = value;
    if (!input.checkValidity()) refused.push([value, input.value, input.validationMessage]);
  }
  input.value = "";
  return refused;
}"""


def field_names(html):
    names = []
    for part in html.split("<input ")[1:]:
        start = part.index('name="') + 6
        names.append(part[start : part.index('"', start)])
    return names


def check_file(browser, validate, rules, rng):
    html, notes = export_html(validate, rules)
    names = field_names(html)
    values_by_field = {}
    emails = EMAILS + generated_emails(rng, 300) + generated_ascii_emails(rng, 300)
    passwords = generated_passwords(rng, 250)
    for name in names:
        values_by_field[name] = emails if "email" in name else passwords
    accepted = {}
    for pool in {id(v): v for v in values_by_field.values()}.values():
        result = engine_accepts(validate, rules, names, pool)
        for name in names:
            if values_by_field[name] is pool:
                accepted[name] = result[name]
    page = browser.new_page()
    page.set_content(PAGE.format(inputs=html))
    counterexamples = []
    checked = 0
    for name in names:
        values = accepted[name]
        checked += len(values)
        for value, held, message in page.evaluate(CHECK, [name, values]):
            counterexamples.append((name, "script", value, held, message))
        # Typed: a user edit, so length constraints apply and the browser sanitizes as it does for a user.
        locator = page.locator(f'input[name="{name}"]')
        for value in values:
            if "\n" in value or "\r" in value or "\t" in value:
                continue  # fill() cannot type these into a one-line input as a user would
            locator.fill(value)
            if not locator.evaluate("e => e.checkValidity()"):
                held = locator.evaluate("e => e.value")
                message = locator.evaluate("e => e.validationMessage")
                counterexamples.append((name, "typed", value, held, message))
        locator.fill("")
    page.close()
    types = {name: ("email" if f'name="{name}" type="email"' in html else "other") for name in names}
    return checked, counterexamples, types, notes


# The type the email input must get: type=email only where it is provably no stricter than the rules.
EXPECTED_EMAIL_TYPE = {
    "html-exact.json": "email", "practical-ascii.json": "email", "rfc-trimmed.json": "text",
    "login.json": "text", "signup.json": "text",
}


def main():
    validate, rule_files = sys.argv[1], sys.argv[2:]
    rng = random.Random(SEED)
    passed = failed = 0
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox"])
        print(f"chromium {browser.version}")
        for rules in rule_files:
            try:
                checked, counterexamples, types, _ = check_file(browser, validate, rules, rng)
            except Exception as error:  # a file that cannot be checked is a failure, not a skip
                print(f"FAIL {rules}: {error}")
                failed += 1
                continue
            shown = ", ".join(f"{name}: {kind}" for name, kind in types.items())
            expected = EXPECTED_EMAIL_TYPE.get(rules.rsplit("/", 1)[-1])
            actual = "email" if types.get("email") == "email" else "text"
            if expected and "email" in types and actual != expected:
                failed += 1
                print(f"FAIL {rules}: the email input is type={actual}, expected type={expected}")
            elif counterexamples:
                failed += 1
                print(f"FAIL {rules}: {len(counterexamples)} values the engine accepts and the browser refuses ({shown})")
                for name, mode, value, held, message in counterexamples[:15]:
                    print(f"     {name} [{mode}] {value!r} (browser holds {held!r}): {message}")
            else:
                passed += 1
                print(f"PASS {rules}: {checked} engine-accepted values, 0 refused by the browser ({shown})")
        browser.close()
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
