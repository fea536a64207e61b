#!/usr/bin/env python3
"""The public API of a module, from the compiler's symbol graphs.

    python3 scripts/api-surface.py GRAPH_DIR MODULE [--list] [--undocumented] [--check] [--unsafe]

Counts the public symbols the module declares (its own and its extensions of other modules'
types; members synthesized by the compiler, such as `!=` or protocol defaults, left out), how
many have no doc comment (an implementation of a protocol requirement, such as `description` or
a rule's `name`, shows the requirement's and counts as documented), and the top-level symbols. `--list` prints every top-level symbol
with its members' count, `--undocumented` every public symbol without a doc comment, and
`--check` exits 1 when one is undocumented. `--unsafe` lists every public symbol whose
declaration names a pointer type (`Unsafe…Pointer`, `OpaquePointer`, `Unmanaged`) and exits 1
when there is one (issue 27: an app never gets a pointer; scripts/public-api-safety.sh).
scripts/build-docs.sh writes the graphs.
"""
import glob
import json
import os
import re
import sys

POINTER = re.compile(r"\b(Unsafe(Mutable)?(Raw)?(Buffer)?Pointer|OpaquePointer|Unmanaged)\b")


def symbols(graph_dir, module):
    """The module's public symbols, each with `inherits`: whether it implements a protocol
    requirement (`description`, `Rule.name`, `init(rawValue:)`), whose doc comment DocC shows."""
    found = {}
    inherited = set()
    for path in glob.glob(os.path.join(graph_dir, f"{module}.symbols.json")) + glob.glob(
        os.path.join(graph_dir, f"{module}@*.symbols.json")
    ):
        with open(path) as f:
            graph = json.load(f)
        for relation in graph.get("relationships", []):
            if relation.get("sourceOrigin"):
                inherited.add(relation["source"])
        for symbol in graph["symbols"]:
            precise = symbol["identifier"]["precise"]
            if "::SYNTHESIZED::" in precise:
                continue
            if symbol.get("accessLevel") not in ("public", "open"):
                continue
            # FormRulesUI re-exports FormRules: count only what the module's own sources declare.
            uri = symbol.get("location", {}).get("uri", "")
            if uri and f"/Sources/{module}/" not in uri:
                continue
            found[precise] = symbol
    for precise, symbol in found.items():
        symbol["inherits"] = precise in inherited
    return list(found.values())


def name(symbol):
    return ".".join(symbol["pathComponents"])


def main():
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    flags = {a for a in sys.argv[1:] if a.startswith("--")}
    if len(args) != 2:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    graph_dir, module = args
    public = symbols(graph_dir, module)
    undocumented = [s for s in public if not s.get("docComment") and not s["inherits"]]
    top = sorted({s["pathComponents"][0] for s in public if len(s["pathComponents"]) == 1})
    print(f"{module}: {len(public)} public symbols, {len(undocumented)} without a doc comment, {len(top)} top-level")
    if "--list" in flags:
        for t in top:
            members = sum(1 for s in public if len(s["pathComponents"]) > 1 and s["pathComponents"][0] == t)
            kind = next(s["kind"]["displayName"] for s in public if s["pathComponents"] == [t])
            print(f"  {t} ({kind.lower()}, {members} members)")
    if "--undocumented" in flags:
        for s in sorted(undocumented, key=name):
            print(f"  undocumented: {name(s)} ({s['kind']['displayName'].lower()})")
    if "--unsafe" in flags:
        pointers = sorted(
            (s for s in public if POINTER.search("".join(f["spelling"] for f in s.get("declarationFragments", [])))),
            key=name,
        )
        for s in pointers:
            declaration = "".join(f["spelling"] for f in s["declarationFragments"])
            print(f"FAIL {module}: {name(s)} is public and names a pointer: {declaration}")
        print(f"{len(public) - len(pointers)} passed, {len(pointers)} failed")
        if pointers:
            return 1
    if "--check" in flags:
        for s in sorted(undocumented, key=name):
            print(f"api-surface: {name(s)} is public and has no doc comment", file=sys.stderr)
        if undocumented:
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
