#!/bin/sh
# data.sh - real-world PDN files (../shared/data/pdn from the repository
# root, read-only, nobody here wrote them).  For each file:
#   data/check/F      `stackref check` reports exactly the problems listed
#                     for F in tests/data/pdn-known.err (errors in the
#                     records themselves, each explained there), and every
#                     other game replays cleanly; the status is 0 for a
#                     file without known errors, else the worst of theirs
#                     (3 for a FEN no game reaches, 1 for the others);
#   data/games/F      `stackref check F` prints "F: N games, M valid"
#                     where N is the number of games counted apart from
#                     stackref (tag sections, with awk: tests/lib/common.sh)
#                     and M is N less the games of the known errors;
#   data/roundtrip/F  `convert` is stable: converting the converted file
#                     gives the same bytes, and it is again a valid record;
#   data/roundtrip-diagnostics/F
#                     the first convert reports exactly the known errors
#                     of moves (a game that does not replay, with their
#                     places in F, each with the warning that the game is
#                     kept with the rest of its moves in a comment; a
#                     result that contradicts the position is check's
#                     alone, see stackref(1)) and the warnings of the
#                     ambiguous moves it read by the plies after them, and
#                     exits 1 if there are errors, else 0; the second,
#                     of the converted file, reports only the set-up
#                     positions no game reaches (status 3), as the rest
#                     is now comments and full paths;
#   data/roundtrip-games/F
#                     the converted file has as many games as F (awk).
# And for each game of tests/data/pdn-moves.txt (the moves of a few games
# as their archives print them):
#   data/moves/F/N/archive  the archive still has these moves (awk);
#   data/moves/F/N/convert  game N of `convert F` has the same moves;
#   data/moves/F/N/replay   game N alone replays: `show` counts as many
#                     plies as moves listed, and its last move is the
#                     last one listed.
# Prints PASS:/FAIL: lines, with a diff on failure; without ../shared/data/pdn
# (beside the repository, as CI has it) it fails: it cannot run.
root=$(cd "$(dirname "$0")/.." && pwd)
bin=${STACKREF:-$root/stackref}
data=$root/../shared/data/pdn
. "$root/tests/lib/common.sh"
if [ ! -d "$data" ]; then
	echo "FAIL: data (../shared/data/pdn not found: the shared folder must be beside the repository)"
	exit 1
fi
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
cd "$data" || exit 1

# expect F: the known diagnostics of file F, without the comment lines.
expect() {
	pdn_known "$1"
}

# check_file F: compares the diagnostics of `check F` with the known ones.
check_file() {
	"$bin" check -q "$1" 2>"$tmp/err"
	status=$?
	expect "$1" >"$tmp/want"
	want_status=$(known_status "$tmp/want")
	if diff -u "$tmp/want" "$tmp/err" >"$tmp/diff" &&
	    [ "$status" = "$want_status" ]; then
		echo "PASS: data/check/$1"
	else
		echo "FAIL: data/check/$1 (status $status, want $want_status)"
		head -40 "$tmp/diff"
	fi
}

# count_games F: `check F` prints the number of games counted by awk, and
# as many valid ones as are not named by a known error.  Sets games.
count_games() {
	games=$(pdn_games "$1")
	bad=$(expect "$1" | grep -v ': warning: ' | diag_messages |
	    sed -n 's/^\(game [0-9]*\)[:,].*/\1/p' | sort -u | wc -l)
	s=s
	[ "$games" -eq 1 ] && s=
	want="$1: $games game$s, $((games - bad)) valid"
	got=$("$bin" check "$1" 2>/dev/null)
	if [ "$got" = "$want" ] && [ "$games" -gt 0 ]; then
		echo "PASS: data/games/$1 ($games games)"
	else
		printf '%s\n' "FAIL: data/games/$1" "want: $want" "got:  $got"
	fi
}

# roundtrip F: convert twice gives the same bytes, and the result checks
# with no more problems than the original; both converts report the known
# errors of moves, with their status; the games are all there.
roundtrip() {
	"$bin" convert "$1" >"$tmp/a.pdn" 2>"$tmp/a.err"
	st_a=$?
	"$bin" convert "$tmp/a.pdn" >"$tmp/b.pdn" 2>"$tmp/b.err"
	st_b=$?
	if [ -s "$tmp/a.pdn" ] && cmp -s "$tmp/a.pdn" "$tmp/b.pdn"; then
		echo "PASS: data/roundtrip/$1"
	else
		echo "FAIL: data/roundtrip/$1"
		diff -u "$tmp/a.pdn" "$tmp/b.pdn" | head -40
	fi
	pdn_known "$1" convert >"$tmp/want.conv"
	pdn_known "$1" reconvert | diag_messages >"$tmp/want.msg"
	diag_messages <"$tmp/b.err" >"$tmp/b.msg"
	want_conv=$(known_status "$tmp/want.conv")
	want_reconv=$(known_status "$tmp/want.msg")
	if [ "$st_a" = "$want_conv" ] && [ "$st_b" = "$want_reconv" ] &&
	    diff -u "$tmp/want.conv" "$tmp/a.err" >"$tmp/diff" &&
	    diff -u "$tmp/want.msg" "$tmp/b.msg" >>"$tmp/diff"; then
		echo "PASS: data/roundtrip-diagnostics/$1"
	else
		echo "FAIL: data/roundtrip-diagnostics/$1 (statuses $st_a and" \
		    "$st_b, want $want_conv)"
		head -40 "$tmp/diff"
	fi
	n=$(pdn_games "$tmp/a.pdn")
	if [ "$n" -eq "$games" ]; then
		echo "PASS: data/roundtrip-games/$1 ($n games)"
	else
		echo "FAIL: data/roundtrip-games/$1 ($n games, want $games)"
	fi
}

# same_moves NAME FILE N: game N of FILE has the moves of $tmp/want.
same_moves() {
	pdn_moves "$2" "$3" >"$tmp/got"
	if diff -u "$tmp/want" "$tmp/got" >"$tmp/diff"; then
		echo "PASS: $1"
	else
		echo "FAIL: $1"
		head -20 "$tmp/diff"
	fi
}

# known_moves F N MOVES: game N of F has MOVES in the archive, in
# convert's output and in a replay of the game alone.
known_moves() {
	name=data/moves/$1/$2
	printf '%s\n' $3 >"$tmp/want"
	same_moves "$name/archive" "$1" "$2"
	"$bin" convert "$1" >"$tmp/c.pdn" 2>/dev/null
	same_moves "$name/convert" "$tmp/c.pdn" "$2"
	pdn_game "$1" "$2" >"$tmp/one.pdn"
	plies=$(wc -l <"$tmp/want")
	last=$(tail -n 1 "$tmp/want")
	"$bin" show "$tmp/one.pdn" >"$tmp/show" 2>"$tmp/err"
	st=$?
	line=$(grep ' after [0-9]* plies, last move ' "$tmp/show")
	got_last=$(printf '%s\n' "${line##* }" | sed 's/[-x].*[-x]/-/; s/x/-/')
	if [ $st -eq 0 ] && [ ! -s "$tmp/err" ] &&
	    [ "${line#* after $plies plies, }" != "$line" ] &&
	    [ "$got_last" = "$last" ]; then
		echo "PASS: $name/replay ($plies plies)"
	else
		printf '%s\n' "FAIL: $name/replay (status $st; want $plies plies, \
last move $last)" "got: $line" "$(cat "$tmp/err")"
	fi
}

for f in *.pdn; do
	[ -f "$f" ] || continue
	check_file "$f"
	count_games "$f"
	roundtrip "$f"
done
n=0
while read -r f g moves; do
	case $f in '#'* | '') continue ;; esac
	known_moves "$f" "$g" "$moves"
	n=$((n + 1))
done <"$root/tests/data/pdn-moves.txt"
[ $n -gt 0 ] || echo "FAIL: data/moves (no game in tests/data/pdn-moves.txt)"
