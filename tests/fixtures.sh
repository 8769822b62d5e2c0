#!/bin/sh
# fixtures.sh - every whole-game fixture (fixtures/games/*.pdn, one game
# of each game played from the start to a win) must be valid:
#   fixtures/check/F      `stackref check` accepts it, status 0, and the
#                         game is over by its rules (`moves` lists none);
#   fixtures/roundtrip/F  `convert` is stable and its output checks too.
# Prints PASS:/FAIL: lines, with the diagnostics or a diff on failure.
root=$(cd "$(dirname "$0")/.." && pwd)
bin=${STACKREF:-$root/stackref}
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
for path in "$root"/fixtures/games/*.pdn; do
	f=$(basename "$path")
	if "$bin" check -q "$path" 2>"$tmp/err" &&
	    [ -z "$("$bin" moves "$path")" ]; then
		echo "PASS: fixtures/check/$f"
	else
		echo "FAIL: fixtures/check/$f (invalid, or the game is not over)"
		cat "$tmp/err"
	fi
	"$bin" convert "$path" >"$tmp/a.pdn" 2>"$tmp/err"
	"$bin" convert "$tmp/a.pdn" >"$tmp/b.pdn" 2>>"$tmp/err"
	if cmp -s "$tmp/a.pdn" "$tmp/b.pdn" && [ ! -s "$tmp/err" ] &&
	    "$bin" check -q "$tmp/a.pdn"; then
		echo "PASS: fixtures/roundtrip/$f"
	else
		echo "FAIL: fixtures/roundtrip/$f"
		cat "$tmp/err"
		diff -u "$tmp/a.pdn" "$tmp/b.pdn" | head -40
	fi
done
