#!/bin/sh
# needs.sh - tools/deps.sh check installs every program the tests run, and
# no test goes on without one:
#   needs/SCRIPT/PROGRAM   a `need PROGRAM PACKAGE` line of tests/SCRIPT
#                          (tests/lib/common.sh: the test fails when the
#                          program is missing) names a package that
#                          `tools/deps.sh list check` prints, and PROGRAM
#                          is here;
#   needs/no-silent-check  no other test script asks `command -v` (and
#                          quietly does less without a program): they
#                          use need.
# Run from the top of the tree.  Prints PASS:/FAIL: lines.
set -u
tmp=$(mktemp "${TMPDIR:-/tmp}/stackref-needs.XXXXXX") || exit 1
trap 'rm -f "$tmp"' EXIT
list=$(sh tools/deps.sh list check) ||
    { echo "FAIL: needs (tools/deps.sh list check)"; exit 1; }
for t in tests/*.sh; do
	awk -v t="${t#tests/}" '$1 == "need" && NF >= 3 { print t, $2, $3 }' "$t"
done >"$tmp"
while read -r script prog pkg; do
	name=needs/$script/${prog##*/}
	if ! printf '%s\n' $list | grep -qx -- "$pkg"; then
		echo "FAIL: $name (tools/deps.sh check does not install $pkg)"
	elif ! command -v "$prog" >/dev/null 2>&1; then
		echo "FAIL: $name (missing: apt-get install $pkg)"
	else
		echo "PASS: $name (package $pkg)"
	fi
done <"$tmp"
[ -s "$tmp" ] || echo "FAIL: needs (no need line found in tests/*.sh)"
silent=$(grep -n 'command -v' tests/*.sh | grep -v '^tests/needs\.sh:')
if [ -z "$silent" ]; then
	echo "PASS: needs/no-silent-check"
else
	echo "FAIL: needs/no-silent-check (use need, tests/lib/common.sh)"
	printf '%s\n' "$silent"
fi
