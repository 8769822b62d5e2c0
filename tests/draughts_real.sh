#!/bin/sh
# draughts_real.sh - the real draughts archives of ../shared/data/real
# (wiegerw-pdn: the PDN 3.0 conformance set; hcheckers: Russian openings;
# read-only, nobody here wrote them) replay.  For each file that
# tests/data/draughts_real/expected lists:
#   draughts_real/reading/F  replay.py, an independent reading of the rules
#                     beside the table, finds the games, the valid ones and
#                     the refused ones the table gives;
#   draughts_real/check/F    `stackref check F` (with --game-type N where F
#                     has no GameType tag) prints "F: N games, M valid" as
#                     the table says, refuses each game the table names
#                     with the diagnostic it names, and no other game.
# A game the build has no rules for yet is a SKIP the tests/skips list
# names (draughts_real/GAME), so that the other files still count.
# Prints PASS:/FAIL: lines; without ../shared/data/real or python3 it fails.
root=$(cd "$(dirname "$0")/.." && pwd)
bin=${STACKREF:-$root/stackref}
data=$root/../shared/data/real
table=$root/tests/data/draughts_real/expected
. "$root/tests/lib/common.sh"
need python3 python3 draughts_real
need_dir "$data" draughts_real
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
cd "$data" || exit 1

# game_of TYPE: the rules table's name of PDN GameType TYPE (replay.py's
# names too).
game_of() {
	case $1 in
	20) echo international ;; 22) echo italian ;; 25) echo russian ;;
	29) echo czech ;; *) echo "unknown-$1" ;;
	esac
}

# refused F: "GAME TEXT" of each game the table refuses in F.
refused() {
	awk -v f="$1" '$1 == "refused" && $2 == f {
		t = $0; sub(/^refused [^ ]+ [0-9]+ /, "", t); print $3 " " t }' \
	    "$table"
}

# reading F TYPE GAMES VALID: replay.py's count agrees with the table.
reading() {
	python3 "$root/tests/data/draughts_real/replay.py" "$(game_of "$2")" \
	    "$1" >"$tmp/read" 2>&1
	awk '{ print $2 }' "$tmp/read" | sort -n >"$tmp/all"
	awk '$3 != "ok" && $3 != "nomoves" { print $2 }' "$tmp/read" |
	    sort -n >"$tmp/bad"
	refused "$1" | awk '{ print $1 }' | sort -n >"$tmp/want"
	[ "$(wc -l <"$tmp/all")" -eq "$3" ] &&
	    [ "$(($3 - $(wc -l <"$tmp/bad")))" -eq "$4" ] &&
	    cmp -s "$tmp/bad" "$tmp/want"
	result "draughts_real/reading/$1" $? "$(wc -l <"$tmp/all") games," \
	    "refused: $(tr '\n' ' ' <"$tmp/bad")"
}

# check F TYPE READ GAMES VALID: stackref check agrees with the table.
check() {
	opt=""
	[ "$3" = option ] && opt="--game-type $2"
	# shellcheck disable=SC2086 # opt is two words or none
	"$bin" check $opt "$1" >"$tmp/out" 2>"$tmp/err"
	why=""
	n=games
	[ "$4" -eq 1 ] && n=game
	grep -qFx "$1: $4 $n, $5 valid" "$tmp/out" ||
	    why="said $(cat "$tmp/out"), not $4 $n, $5 valid; "
	refused "$1" >"$tmp/want"
	while read -r g text; do
		grep -qF "game $g$text" "$tmp/err" ||
		    why="${why}no \"game $g$text\"; "
	done <"$tmp/want"
	# the games refused, by the diagnostics that are not warnings
	grep -v ': warning: ' "$tmp/err" |
	    sed -n 's/.*: game \([0-9]*\)[,:].*/\1/p' | sort -nu >"$tmp/games"
	awk '{ print $1 }' "$tmp/want" | sort -nu | cmp -s - "$tmp/games" ||
	    why="${why}refused games $(tr '\n' ' ' <"$tmp/games")"
	st=0
	[ -n "$why" ] && st=1
	result "draughts_real/check/$1" $st "$why$(head -n 3 "$tmp/err")"
}

grep '^file ' "$table" | while read -r _ f type read games valid; do
	reading "$f" "$type" "$games" "$valid"
	game=$(game_of "$type")
	if ! "$bin" perft "$game" 1 >/dev/null 2>&1; then
		echo "SKIP: draughts_real/$game ($f: no $game rules in this build)"
		continue
	fi
	check "$f" "$type" "$read" "$games" "$valid"
done
