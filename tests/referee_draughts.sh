#!/bin/bash
# referee_draughts.sh - international and Russian draughts played by mail
# through `stackref referee` (stackref-referee(8)), against the servers of
# tests/servers.sh, with the helpers of tests/referee.sh
# (tests/lib/mailref.sh).  ann and bob sign up; ann challenges bob with
# each game's name and bob accepts; ann (white) plays the first move and
# bob the reply, one run each; then the rest of the game comes in one
# batch of mails, decided in one run, to its last move, where white has
# no piece left and bob wins.  The games were found apart from stackref
# by tests/data/draughts_real/replay.py (white giving its men away as
# fast as it can), so that each move is legal by another reading:
#   referee_draughts/GAME/challenge  bob is told of the challenge, named
#                       by the game's name, and may accept it
#   referee_draughts/GAME/accepted   the board opens, ann (white) to move
#   referee_draughts/GAME/board      the board of that mail is the one
#                       `stackref show` draws of the record, at the
#                       game's size (10 squares a row for international),
#                       as text and as the PNG of `show --format png`
#   referee_draughts/GAME/ply-1, ply-2  each move told to both players
#   referee_draughts/GAME/over       the last move's mails say the game
#                       is over, bob the winner (0-1, or 0-2 as PDN's
#                       International result set writes it, in the
#                       subject and the Result tag)
#   referee_draughts/GAME/record     the record has every move and the
#                       result, and `stackref check` finds it valid
# Prints PASS:/FAIL: lines; when it cannot run (no curl, servers that
# cannot start) it fails.
set -u
root=$(cd "$(dirname "$0")/.." && pwd)
bin=${STACKREF:-$root/stackref}
. "$root/tests/lib/common.sh"
. "$root/tests/lib/store.sh"
need curl curl referee_draughts/all
tmp=$(mktemp -d) || exit 1
state=$tmp/state
mkdir -m 700 "$state"

pass() { echo "PASS: referee_draughts/$1"; }
fail() {
	echo "FAIL: referee_draughts/$1"
	shift
	[ $# -gt 0 ] && printf '%s\n' "$@"
}
servers_up
. "$root/tests/lib/mailref.sh"

# The games: each a whole game from the start, white losing every piece.
international="33-28 18-22 34-29 22x33x24 35-30 24x35 39-33 13-18 44-39
35x44 49x40 8-13 31-26 18-23 32-28 23x32 38x27 13-18 26-21 17x26 27-22
18x27 37-32 27x38x49 48-43 49x38x24 36-31 26x37x48 47-42 24x47x36 39-34
48x30 40-34 30x39 46-41 36x47 50-44 39x50 45-40 50-45 40-34 45x23"
russian="c3-d4 b6-a5 a3-b4 a5xc3xe5 e3-d4 e5xc3 b2xd4 d6-e5 a1-b2 e5xc3xa1
d2-c3 a1xd4 f2-e3 d4xf2xh4 e1-f2 h4xe1 h2-g3 e1xh4 g1-f2 h4xe1 c1-d2 e1xc3"

# board GAME B USER: USER's last mail ($tmp/USER.1) draws board B as
# `stackref show` does, as text (every line of show's board) and PNG.
board() {
	local g=$1 b=$2 u=$3 flip="" l missing=""
	[ "$u" = bob ] && flip=--flip
	"$bin" show $flip "$state/games/$b.pdn" >"$tmp/show.txt"
	while IFS= read -r l; do
		[ -z "${l// /}" ] && continue
		grep -qF -- "$l" "$tmp/$u.1" || missing="$missing
$l"
	done < <(sed '$d' "$tmp/show.txt")	# the board, not its summary
	tr -d '\r' <"$tmp/$u.1.raw" | awk '
	    index($0, "Content-Type: image/png") == 1 { p = 1; next }
	    p == 1 && $0 == "" { p = 2; next }
	    p == 2 && /^--/ { exit }
	    p == 2 { print }' | base64 -d >"$tmp/mail.png" 2>/dev/null
	"$bin" show --format png --size 320 $flip "$state/games/$b.pdn" \
	    >"$tmp/show.png"
	if [ -z "$missing" ] && cmp -s "$tmp/mail.png" "$tmp/show.png" &&
	    grep -q "$4" "$tmp/show.txt"; then
		pass "$g/board"
	else
		fail "$g/board" "lines not in $u's mail:$missing" \
		    "$(cat "$tmp/show.txt")"
	fi
}

# game GAME B MOVES SIZE: board B of GAME played to its end by mail;
# SIZE a pattern of show's text at the game's size.
game() {
	local g=$1 b=$2 p=0 m u o lost=0-1
	[ "$g" = international ] && lost=0-2	# PDN's International set
	set -- $3 "$4"
	send ann "$g challenge ann ann-pw bob"
	referee
	fetch ann
	expect "$g/challenge" bob 1 "Subject: $g board $b: ann challenges you" \
	    "$g accept $b bob PASSWORD"
	send bob "$g accept $b bob bob-pw"
	referee
	expect "$g/accepted" ann 1 \
	    "Subject: New $g board $b: ann to move (ply 1)" || return
	fetch bob
	board "$g" "$b" ann "${!#}"
	while [ $# -gt 1 ]; do
		p=$((p + 1)) m=$1 u=ann o=bob
		shift
		[ $((p % 2)) -eq 0 ] && u=bob o=ann
		send "$u" "$g move $b $u $u-pw $m#$p"
		[ $p -gt 2 ] && continue
		referee
		expect "$g/ply-$p" "$o" 1 "Subject: $g board $b: $o to move" \
		    "played $m" && fetch "$u"
	done
	referee
	for u in ann bob; do
		fetch "$u"
		grep -q "Subject: $g board $b: game over $lost" "$tmp/$u.$got" ||
		    fail "$g/over" "$u's last mail:" "$(cat "$tmp/$u.$got")"
	done
	grep -q "Subject: $g board $b: game over $lost" "$tmp/ann.$got" &&
	    pass "$g/over"
	"$bin" check "$state/games/$b.pdn" >"$tmp/check" 2>&1
	if grep -q ': 1 game, 1 valid$' "$tmp/check" &&
	    [ "$("$bin" show "$state/games/$b.pdn" | grep -c 'after '$p' plies')" \
	    -eq 1 ] && grep -q "^\[Result \"$lost\"\]" "$state/games/$b.pdn"; then
		pass "$g/record"
	else
		fail "$g/record" "$(cat "$tmp/check")" "$(record "$b")"
	fi
}

send ann "signup ann ann-pw"
send bob "signup bob bob-pw"
referee
fetch ann; confirm ann
fetch bob; confirm bob
referee
expect signed-up ann 1 "Welcome, ann: you are signed up"
fetch bob
game international 1 "$international" "46    47    48    49    50"
game russian 2 "$russian" "a b c d e f g h"
rm -rf "$tmp"
