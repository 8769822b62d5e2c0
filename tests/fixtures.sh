#!/bin/sh
# fixtures.sh - every whole-game fixture (fixtures/games/*.pdn, one game
# of each game played from the start to a win) must be valid:
#   fixtures/check/F      `stackref check` accepts it, status 0, and
#                         `moves` lists no move, with status 0 and no
#                         diagnostic (an empty listing alone would not
#                         say the game is over: a crash prints none too);
#   fixtures/over/F       the game is over by its rules: `show` (status 0)
#                         states "result R: WHY", R the record's Result tag
#                         read with sed, a result the rules found (not one
#                         only recorded, nor someone to move), and `check`
#                         prints "F: 1 game, 1 valid";
#   fixtures/plies/F      `show` counts as many plies as the record has
#                         moves (counted with awk, tests/lib/common.sh);
#   fixtures/roundtrip/F  `convert` is stable and its output checks too;
#   fixtures/roundtrip-status/F
#                         both converts exit 0, and the converted record
#                         holds one game with the same moves (awk).
# Prints PASS:/FAIL: lines, with the diagnostics or a diff on failure.
root=$(cd "$(dirname "$0")/.." && pwd)
bin=${STACKREF:-$root/stackref}
. "$root/tests/lib/common.sh"
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
n=0
for path in "$root"/fixtures/games/*.pdn; do
	[ -f "$path" ] || continue
	n=$((n + 1))
	f=$(basename "$path")
	"$bin" moves "$path" >"$tmp/moves" 2>"$tmp/moves.err"
	moves_st=$?
	if "$bin" check -q "$path" 2>"$tmp/err" && [ $moves_st -eq 0 ] &&
	    [ ! -s "$tmp/moves" ] && [ ! -s "$tmp/moves.err" ]; then
		echo "PASS: fixtures/check/$f"
	else
		echo "FAIL: fixtures/check/$f (invalid, or the game is not over;" \
		    "moves exited $moves_st)"
		cat "$tmp/err" "$tmp/moves.err"
		head -5 "$tmp/moves"
	fi
	res=$(sed -n 's/^\[Result "\(.*\)"\][[:space:]]*$/\1/p' "$path")
	"$bin" show "$path" >"$tmp/show" 2>"$tmp/show.err"
	show_st=$?
	said=$(grep '^result ' "$tmp/show")
	checked=$("$bin" check "$path" 2>&1)
	case $res in 1-0 | 0-1 | 2-0 | 0-2) ok=1 ;; *) ok=0 ;; esac
	if [ $ok = 1 ] && [ $show_st -eq 0 ] && [ ! -s "$tmp/show.err" ] &&
	    [ "${said#"result $res: "}" != "$said" ] &&
	    [ "${said%(recorded)}" = "$said" ] &&
	    ! grep -q ' to move$' "$tmp/show" &&
	    [ "$checked" = "$path: 1 game, 1 valid" ]; then
		echo "PASS: fixtures/over/$f (${said#result })"
	else
		echo "FAIL: fixtures/over/$f (show exited $show_st; want" \
		    "\"result $res: ...\" from the rules)"
		tail -n 3 "$tmp/show"
		cat "$tmp/show.err"
		echo "$checked"
	fi
	plies=$(pdn_moves "$path" 1 | wc -l)
	if grep -q " after $plies plies" "$tmp/show" && [ "$plies" -gt 0 ]; then
		echo "PASS: fixtures/plies/$f ($plies plies)"
	else
		echo "FAIL: fixtures/plies/$f (want $plies plies)"
		grep ' after ' "$tmp/show"
	fi
	"$bin" convert "$path" >"$tmp/a.pdn" 2>"$tmp/err"
	st_a=$?
	"$bin" convert "$tmp/a.pdn" >"$tmp/b.pdn" 2>>"$tmp/err"
	st_b=$?
	if cmp -s "$tmp/a.pdn" "$tmp/b.pdn" && [ ! -s "$tmp/err" ] &&
	    "$bin" check -q "$tmp/a.pdn"; then
		echo "PASS: fixtures/roundtrip/$f"
	else
		echo "FAIL: fixtures/roundtrip/$f"
		cat "$tmp/err"
		diff -u "$tmp/a.pdn" "$tmp/b.pdn" | head -40
	fi
	pdn_moves "$path" 1 >"$tmp/want"
	pdn_moves "$tmp/a.pdn" 1 >"$tmp/got"
	if [ $st_a -eq 0 ] && [ $st_b -eq 0 ] &&
	    [ "$(pdn_games "$tmp/a.pdn")" -eq 1 ] &&
	    diff -u "$tmp/want" "$tmp/got" >"$tmp/diff"; then
		echo "PASS: fixtures/roundtrip-status/$f"
	else
		echo "FAIL: fixtures/roundtrip-status/$f (statuses $st_a and $st_b)"
		head -20 "$tmp/diff"
	fi
done
[ $n -gt 0 ] || echo "FAIL: fixtures (no fixtures/games/*.pdn)"
