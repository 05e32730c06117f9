#!/usr/bin/env bash
# Checks that every relative link in the project's Markdown files leads to a file that exists,
# and that a link's #anchor names a heading of that file (GitHub's way of making anchors).
# Usage: scripts/check-links.sh [FILE.md...]   (default: every tracked .md file). Not in make test.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ $# -eq 0 ]; then mapfile -t files < <(git ls-files '*.md'); else files=("$@"); fi
python3 - "${files[@]}" <<'EOF'
import os, re, sys

def anchors(path):
    """The anchors GitHub makes for a Markdown file's headings."""
    seen, out, fenced = {}, set(), False
    for line in open(path, encoding="utf-8"):
        if line.startswith("```"):
            fenced = not fenced
        if fenced or not re.match(r"#{1,6} ", line):
            continue
        text = re.sub(r"[^\w\- ]", "", line.lstrip("#").strip().lower()).replace(" ", "-")
        n = seen.get(text, 0)
        seen[text] = n + 1
        out.add(text if n == 0 else f"{text}-{n}")
    return out

bad = 0
for md in sys.argv[1:]:
    text = open(md, encoding="utf-8").read()
    text = re.sub(r"```.*?```", "", text, flags=re.S)   # no links inside code blocks
    text = re.sub(r"`[^`\n]*`", "", text)               # nor inside code spans
    for target in re.findall(r"\]\(([^)\s]+)\)", text):
        if re.match(r"[a-z]+:", target):
            continue                                     # http:, https:, mailto:, file:
        path, _, anchor = target.partition("#")
        full = os.path.normpath(os.path.join(os.path.dirname(md), path)) if path else md
        if not os.path.exists(full):
            print(f"{md}: {target}: no such file")
            bad += 1
        elif anchor and full.endswith(".md") and anchor not in anchors(full):
            print(f"{md}: {target}: no heading makes #{anchor}")
            bad += 1
sys.exit(1 if bad else 0)
EOF
