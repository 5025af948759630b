#!/usr/bin/env bash
# Rewrites the generated parts of README.md's "ONNX coverage" section: the
# conformance table (seam-onnx-conformance-report, which also rewrites the
# lists the conformance tests check) and the operator list
# (seam-translate --list-onnx-ops). Needs a build in ./build (or SEAM_BUILD_DIR).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build="${SEAM_BUILD_DIR:-$root/build}"
report=$(SEAM_CACHE=off "$build/test/e2e/seam-onnx-conformance-report" --write-lists)
table=$(printf '%s\n' "$report" | grep '^|')
ops=$("$build/bin/seam-translate" --list-onnx-ops)
/usr/bin/python3 - "$root/README.md" "$table" "$ops" <<'PY'
import re, sys
path, table, ops = sys.argv[1:4]
text = open(path).read()
for tag, body in (("conformance", table), ("onnx-ops", ops)):
    begin, end = "<!-- %s begin -->" % tag, "<!-- %s end -->" % tag
    pattern = re.compile(re.escape(begin) + ".*?" + re.escape(end), re.S)
    if not pattern.search(text):
        sys.exit("README.md has no %s ... %s" % (begin, end))
    text = pattern.sub(lambda m: begin + "\n" + body.strip() + "\n" + end, text)
# The summary in the table of components: "N of ONNX's 1,072 backend tests".
passed = table.strip().splitlines()[-1].split("|")[-2].strip()
text = re.sub(r"\d+ of ONNX's 1,072 backend tests", passed +
              " of ONNX's 1,072 backend tests", text)
open(path, "w").write(text)
PY
printf '%s\n' "$table" | tail -1
