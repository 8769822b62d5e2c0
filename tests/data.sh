#!/bin/sh
# data.sh - real-world PDN files (../shared/data/pdn from the repository
# root, read-only, nobody here wrote them).  For each file:
#   data/check/F      `stackref check` reports exactly the problems listed
#                     for F in tests/data/pdn-known.err (errors in the
#                     records themselves, each explained there), and every
#                     other game replays cleanly; the status is 0 for a
#                     file without known errors, else the worst of theirs
#                     (3 for a FEN no game reaches, 1 for the others);
#   data/roundtrip/F  `convert` is stable: converting the converted file
#                     gives the same bytes, and it is again a valid record.
# Prints PASS:/FAIL:/SKIP: lines, with a diff on failure.
root=$(cd "$(dirname "$0")/.." && pwd)
bin=${STACKREF:-$root/stackref}
data=$root/../shared/data/pdn
known=$root/tests/data/pdn-known.err
if [ ! -d "$data" ]; then
	echo "SKIP: data (../shared/data/pdn not found)"
	exit 0
fi
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
cd "$data" || exit 1

# expect F: the known diagnostics of file F, without the comment lines.
expect() {
	grep -v '^#' "$known" | grep -F "stackref: $1:" || :
}

# check_file F: compares the diagnostics of `check F` with the known ones.
check_file() {
	"$bin" check -q "$1" 2>"$tmp/err"
	status=$?
	expect "$1" >"$tmp/want"
	# the worst status of the known problems: 3 for an unreadable
	# position, else 1
	want_status=0
	[ -s "$tmp/want" ] && want_status=1
	grep -q ': bad FEN position: ' "$tmp/want" && want_status=3
	if diff -u "$tmp/want" "$tmp/err" >"$tmp/diff" &&
	    [ "$status" = "$want_status" ]; then
		echo "PASS: data/check/$1"
	else
		echo "FAIL: data/check/$1 (status $status, want $want_status)"
		head -40 "$tmp/diff"
	fi
}

# roundtrip F: convert twice gives the same bytes, and the result checks
# with no more problems than the original.
roundtrip() {
	"$bin" convert "$1" >"$tmp/a.pdn" 2>/dev/null
	"$bin" convert "$tmp/a.pdn" >"$tmp/b.pdn" 2>/dev/null
	if [ -s "$tmp/a.pdn" ] && cmp -s "$tmp/a.pdn" "$tmp/b.pdn"; then
		echo "PASS: data/roundtrip/$1"
	else
		echo "FAIL: data/roundtrip/$1"
		diff -u "$tmp/a.pdn" "$tmp/b.pdn" | head -40
	fi
}

for f in *.pdn; do
	[ -f "$f" ] || continue
	check_file "$f"
	roundtrip "$f"
done
