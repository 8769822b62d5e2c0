#!/bin/sh
# data.sh - real-world PDN files (../shared/data/pdn from the repository
# root): every file must pass `stackref check`, and `convert` must be
# stable (converting the converted file gives the same bytes).  Prints
# PASS:/FAIL:/SKIP: lines, with the diagnostics or a diff on failure.
root=$(cd "$(dirname "$0")/.." && pwd)
bin=${STACKREF:-$root/stackref}
data=$root/../shared/data/pdn
if [ ! -d "$data" ]; then
	echo "SKIP: data (../shared/data/pdn not found)"
	exit 0
fi
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
fails=0
cd "$data" || exit 1
for f in *.pdn; do
	[ -f "$f" ] || continue
	name=$f
	if "$bin" check -q "$f" 2>"$tmp/err"; then
		echo "PASS: data/check/$name"
	else
		echo "FAIL: data/check/$name"
		head -20 "$tmp/err"
		fails=$((fails + 1))
	fi
	"$bin" convert "$f" >"$tmp/a.pdn" 2>/dev/null
	"$bin" convert "$tmp/a.pdn" >"$tmp/b.pdn" 2>/dev/null
	if [ -s "$tmp/a.pdn" ] && cmp -s "$tmp/a.pdn" "$tmp/b.pdn"; then
		echo "PASS: data/roundtrip/$name"
	else
		echo "FAIL: data/roundtrip/$name"
		diff -u "$tmp/a.pdn" "$tmp/b.pdn" | head -40
		fails=$((fails + 1))
	fi
done
[ $fails = 0 ]
