#!/usr/bin/env python3
"""docs/ARCHITECTURE.md draws the module graph as one line per target (`Name --> A, B`); this
check fails when those lines and Package.swift (`swift package dump-package`) differ.

Run from anywhere: `python3 Tests/docs/check_architecture.py`. `.ci/run` runs it."""
import json
import os
import re
import subprocess
import sys

root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
package = json.loads(subprocess.run(["swift", "package", "dump-package"], cwd=root, check=True,
                                    capture_output=True, text=True).stdout)
actual = {}
for target in package["targets"]:
    if target["type"] == "test":
        continue
    actual[target["name"]] = {list(dep.values())[0][0] for dep in target.get("dependencies", [])}

text = open(os.path.join(root, "docs", "ARCHITECTURE.md"), encoding="utf-8").read()
modules = text.split("## Modules", 1)[1].split("\n## ", 1)[0]
drawn = {}
for line in modules.splitlines():
    match = re.match(r"^([A-Za-z][\w-]*)\s+-->\s+(.*)$", line)
    if not match:
        continue
    name, rest = match.groups()
    if name in drawn:
        sys.exit(f"ARCHITECTURE.md draws {name} twice")
    drawn[name] = set() if rest.startswith("(nothing") else {d.strip() for d in rest.split(",")}

problems = []
for name in sorted(set(actual) | set(drawn)):
    if name not in drawn:
        problems.append(f"{name} is a target in Package.swift but not drawn in ARCHITECTURE.md")
    elif name not in actual:
        problems.append(f"{name} is drawn in ARCHITECTURE.md but is no target in Package.swift")
    elif actual[name] != drawn[name]:
        missing = ", ".join(sorted(actual[name] - drawn[name])) or "-"
        extra = ", ".join(sorted(drawn[name] - actual[name])) or "-"
        problems.append(f"{name}: not drawn: {missing}; drawn but not in Package.swift: {extra}")
if problems:
    print("docs/ARCHITECTURE.md's module graph differs from Package.swift:", *problems, sep="\n  ")
    sys.exit(1)
print(f"architecture: the module graph of ARCHITECTURE.md matches Package.swift ({len(actual)} targets)")

# Platform code lives only in the modules the "Platform code" paragraph names as its home
# (`PLATFORM_HOMES`): no other Swift file imports the C library (Glibc, Darwin, Musl), switches
# on it with `canImport(Glibc)` or on the system with `#if os(...)`, and the paragraph names
# every home.
PLATFORM_HOMES = ("PlatformSupport", "SocketHTTP")
paragraph = text.split("**Platform code**", 1)[1].split("\n\n", 1)[0]
platform = re.compile(r"canImport\((Glibc|Musl)\)|^\s*import (Glibc|Darwin|Musl)\b|^\s*#(else)?if\s+!?os\(",
                      re.MULTILINE)
importing = []
for folder, _, files in os.walk(os.path.join(root, "Sources")):
    module = os.path.relpath(folder, os.path.join(root, "Sources")).split(os.sep)[0]
    if module in PLATFORM_HOMES:
        continue
    for name in files:
        if name.endswith(".swift"):
            with open(os.path.join(folder, name), encoding="utf-8") as source:
                if platform.search(source.read()):
                    importing.append(os.path.relpath(os.path.join(folder, name), root))
problems = [f"{path} imports the C library outside {', '.join(PLATFORM_HOMES)}" for path in sorted(importing)]
problems += [f"the paragraph does not name {home}" for home in PLATFORM_HOMES if f"`{home}`" not in paragraph]
if problems:
    print("platform code outside its home (docs/ARCHITECTURE.md, \"Platform code\"):", *problems, sep="\n  ")
    sys.exit(1)
print(f"architecture: no Swift file outside {' and '.join(PLATFORM_HOMES)} imports the C library")
