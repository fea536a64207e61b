#!/usr/bin/env python3
"""Turns every ```swift block of the documentation into a program of a scratch package.

Used by scripts/check-snippets.sh. The scratch package depends on this repository by path
exactly as docs/getting-started tells a user to (`.package(path: "../form-rules")`), so a
snippet that compiles here compiles in a user's package unchanged.

Rules, so that a reader can follow a document top to bottom:
- The blocks of one document form one program, in order (later blocks use earlier names).
  `import` lines are hoisted to the top of the program.
- A block that imports SwiftUI, UIKit or AppKit is a program of its own, compiled only where
  that framework exists (`#if canImport(...)`); elsewhere it is reported as skipped.
- A block that imports Testing goes into the scratch package's test target.
- A block that starts with `// swift-tools-version` is a manifest; it is written to its own
  folder beside the scratch package and checked with `swift package dump-package`.
- A block with a `// Prints:` line documents output: the comment lines after it are what the
  program must print; programs with documented output are run and compared.
- `<!-- snippet: skip REASON -->` right before a block leaves it out, with the reason shown.

Usage: snippets.py REPO SCRATCH  → writes SCRATCH/app (the package) and SCRATCH/plan.json.
"""

import json
import os
import re
import sys
from pathlib import Path

APPLE_UI = ("SwiftUI", "UIKit", "AppKit")


def documents(repo: Path):
    paths = [repo / "README.md"]
    paths += sorted((repo / "docs").glob("*.md"))
    paths += sorted(repo.glob("Sources/*/*.docc/*.md"))
    paths += sorted(repo.glob("Examples/*/README.md"))
    return [p for p in paths if p.exists()]


FENCE = re.compile(r"^(\s*)```(\S*)\s*$")
SKIP = re.compile(r"<!--\s*snippet:\s*skip\s*(.*?)\s*-->")


def blocks(path: Path):
    """Yields (line number, text, skip reason or None) for each ```swift block."""
    lines = path.read_text(encoding="utf-8").split("\n")
    i = 0
    pending_skip = None
    while i < len(lines):
        m = FENCE.match(lines[i])
        skip = SKIP.search(lines[i])
        if skip:
            pending_skip = skip.group(1) or "marked skip"
        elif m and m.group(2):
            indent, lang = m.group(1), m.group(2)
            start = i + 1
            body = []
            i += 1
            while i < len(lines) and not re.match(r"^\s*```\s*$", lines[i]):
                line = lines[i]
                body.append(line[len(indent):] if line.startswith(indent) else line.lstrip())
                i += 1
            if lang == "swift":
                yield start, "\n".join(body) + "\n", pending_skip
            pending_skip = None
        elif lines[i].strip():
            pending_skip = None
        i += 1


def imports_of(text):
    return [l.strip() for l in text.split("\n") if re.match(r"^\s*(@testable\s+)?import\s+\w+", l)]


def expected_output(text):
    """The comment lines after `// Prints:` (without `// `), or None."""
    out = None
    for line in text.split("\n"):
        s = line.strip()
        if out is None:
            if s == "// Prints:":
                out = []
        elif s.startswith("//"):
            out.append(s[3:] if s.startswith("// ") else s[2:])
        else:
            break
    return out


def slug(path: Path, repo: Path):
    rel = str(path.relative_to(repo))
    return re.sub(r"[^A-Za-z0-9]+", "_", rel.rsplit(".", 1)[0]).strip("_")


def main():
    repo, scratch = Path(sys.argv[1]).resolve(), Path(sys.argv[2]).resolve()
    app = scratch / "app"
    programs = []  # {name, kind, sources: [(file, line)], text, expected}
    manifests = []
    skipped = []
    for doc in documents(repo):
        rel = str(doc.relative_to(repo))
        name = "Snippets_" + slug(doc, repo)
        plain = {"name": name, "kind": "executable", "blocks": [], "texts": [], "expected": None}
        tests = {"name": name, "kind": "test", "blocks": [], "texts": [], "expected": None}
        own = []
        for line, text, skip in blocks(doc):
            where = f"{rel}:{line}"
            if skip is not None:
                skipped.append({"block": where, "reason": skip})
                continue
            if text.lstrip().startswith("// swift-tools-version"):
                manifests.append({"block": where, "text": text})
                continue
            mods = [i.split()[-1] for i in imports_of(text)]
            ui = [m for m in mods if m in APPLE_UI]
            if ui:
                own.append({"name": f"{name}_{line}", "kind": "executable", "blocks": [where], "texts": [text],
                            "expected": None, "requires": ui[0]})
            elif "Testing" in mods:
                tests["blocks"].append(where)
                tests["texts"].append(text)
            else:
                plain["blocks"].append(where)
                plain["texts"].append(text)
                out = expected_output(text)
                if out is not None:
                    plain["expected"] = (plain["expected"] or []) + out
        for p in [plain, tests] + own:
            if p["blocks"]:
                programs.append(p)

    if app.exists():
        for old in (app / "Sources").glob("*"):
            if old.is_symlink():  # an example's sources: remove the link, never what it points to
                old.unlink()
                continue
            for f in old.glob("*"):
                f.unlink()
            old.rmdir()
        if (app / "Tests" / "SnippetTests").exists():
            for f in (app / "Tests" / "SnippetTests").glob("*"):
                f.unlink()
    (app / "Sources").mkdir(parents=True, exist_ok=True)
    (app / "Tests" / "SnippetTests").mkdir(parents=True, exist_ok=True)

    targets = []
    test_files = []
    plan = {"programs": [], "manifests": [], "skipped": skipped, "examples": []}
    for p in programs:
        imports = []
        for t in p["texts"]:
            for i in imports_of(t):
                if i not in imports:
                    imports.append(i)
        body = []
        for where, t in zip(p["blocks"], p["texts"]):
            body.append(f"// {where}")
            body += [l for l in t.split("\n") if l.strip() not in imports]
        text = "\n".join(imports + [""] + body) + "\n"
        if p.get("requires"):
            text = f"#if canImport({p['requires']})\n{text}#endif\n"
        if p["kind"] == "test":
            test_files.append((p["name"] + ".swift", text))
        else:
            folder = app / "Sources" / p["name"]
            folder.mkdir(parents=True, exist_ok=True)
            (folder / "main.swift").write_text(text, encoding="utf-8")
            targets.append(p["name"])
        plan["programs"].append({"name": p["name"], "kind": p["kind"], "blocks": p["blocks"],
                                 "expected": p["expected"], "requires": p.get("requires")})
    for file, text in test_files:
        (app / "Tests" / "SnippetTests" / file).write_text(text, encoding="utf-8")
    if not test_files:
        (app / "Tests" / "SnippetTests" / "Empty.swift").write_text("// no snippet imports Testing\n")

    deps = (
        "[" + ", ".join(f'.product(name: "{p}", package: "form-rules")' for p in ["FormRules", "FormRulesUI", "FormRulesPassword", "FormRulesExport"]) + "]"
    )
    manifest = ["// swift-tools-version: 6.0", "import PackageDescription", "",
                "// Generated by scripts/snippets.py from the documentation's Swift blocks.",
                "let package = Package(",
                '  name: "snippet-check",',
                '  platforms: [.macOS(.v14), .iOS(.v17)],',
                '  dependencies: [.package(path: "../form-rules")],',
                "  targets: ["]
    for t in targets:
        manifest.append(f'    .executableTarget(name: "{t}", dependencies: {deps}),')
    # The examples' executables (Examples/NAME/Sources/TARGET), linked in so that one build of
    # the package serves the snippets and the examples' own tests (Examples/identity-rest/test.sh
    # runs the binary built here: IDENTITY_REST_BIN in scripts/test.sh).
    for source in sorted(repo.glob("Examples/*/Sources/*")):
        if not source.is_dir() or (app / "Sources" / source.name).exists():
            continue
        (app / "Sources" / source.name).symlink_to(source.resolve(), target_is_directory=True)
        manifest.append(f'    .executableTarget(name: "{source.name}", dependencies: {deps}),')
        plan["examples"].append({"name": source.name, "folder": str(source.parent.parent)})
    manifest.append(f'    .testTarget(name: "SnippetTests", dependencies: {deps}),')
    manifest += ["  ]", ")", ""]
    (app / "Package.swift").write_text("\n".join(manifest), encoding="utf-8")

    for n, m in enumerate(manifests):
        folder = scratch / f"manifest{n}"
        folder.mkdir(parents=True, exist_ok=True)
        (folder / "Package.swift").write_text(m["text"], encoding="utf-8")
        plan["manifests"].append({"block": m["block"], "folder": str(folder)})
    (scratch / "plan.json").write_text(json.dumps(plan, indent=1), encoding="utf-8")


if __name__ == "__main__":
    main()
