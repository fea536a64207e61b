"""Validate JSON documents against a JSON Schema (draft 2020-12) with the `jsonschema` package.

Used by the Swift tests as an independent validator: it shares no code with the Swift
decoder, so agreement between the two means something.

    schema_check.py SCHEMA [--def NAME] FILE...      one verdict per file
    schema_check.py SCHEMA --instances FILE.jsonl    one verdict per line

Each verdict is one JSON line: {"file" or "line", "valid": bool, "errors": [text, ...]}.
The schema itself is checked against the 2020-12 meta-schema first (exit 3 if it fails).
Format assertion is on, as a web validator with format checks (e.g. Ajv with ajv-formats) runs it.
"""

import json
import sys

import jsonschema
from jsonschema import Draft202012Validator


def describe(error):
    where = "/" + "/".join(str(p) for p in error.absolute_path)
    return f"{where}: {error.message}"


def main(argv):
    if len(argv) < 2:
        print(__doc__, file=sys.stderr)
        return 2
    with open(argv[1], encoding="utf-8") as f:
        schema = json.load(f)
    try:
        Draft202012Validator.check_schema(schema)
    except jsonschema.exceptions.SchemaError as error:
        print(f"the schema is not a valid 2020-12 schema: {error.message}", file=sys.stderr)
        return 3
    args = argv[2:]
    if len(args) >= 2 and args[0] == "--def":
        # Validate against one definition, keeping $defs resolvable from the root.
        schema = dict(schema)
        schema["$ref"] = "#/$defs/" + args[1]
        for key in ("type", "properties", "additionalProperties", "required", "oneOf"):
            schema.pop(key, None)
        args = args[2:]
    validator = Draft202012Validator(schema, format_checker=Draft202012Validator.FORMAT_CHECKER)

    def verdict(instance):
        errors = sorted(validator.iter_errors(instance), key=lambda e: list(e.absolute_path))
        return {"valid": not errors, "errors": [describe(e) for e in errors]}

    if len(args) == 2 and args[0] == "--instances":
        with open(args[1], encoding="utf-8") as f:
            for number, line in enumerate(f, start=1):
                result = {"line": number}
                result.update(verdict(json.loads(line)))
                print(json.dumps(result, ensure_ascii=False))
        return 0
    for path in args:
        result = {"file": path}
        try:
            with open(path, encoding="utf-8") as f:
                instance = json.load(f)
        except (OSError, ValueError) as error:
            result.update({"valid": False, "errors": [f"not JSON: {error}"]})
        else:
            result.update(verdict(instance))
        print(json.dumps(result, ensure_ascii=False))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
