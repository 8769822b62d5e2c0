#!/bin/sh
# svg.sh - `stackref show --format svg`, beyond the byte-for-byte golden
# cases tests/golden/svg-*/ (run by golden.sh).  For each:
#   svg/wellformed/CASE  the output of every svg-* case and of show-svg
#                        parses with xmllint --noout;
#   svg/start/GAME       the start position of each game is well-formed,
#                        has a viewBox and one disc (<use>) per checker;
#   svg/same/GAME        two runs give the same bytes (no timestamps);
#   svg/flip/GAME        --flip draws the same discs, elsewhere;
#   svg/escape           tags with <, &, quotes and a Latin-1 byte come
#                        back as the same text from the parsed document;
#   svg/bad-ply          an error writes no picture.
# Prints PASS:/FAIL: lines (FAIL without xmllint, package libxml2-utils).
root=$(cd "$(dirname "$0")/.." && pwd)
bin=${STACKREF:-$root/stackref}
. "$root/tests/lib/common.sh"
need xmllint libxml2-utils
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
games="checkers stackup stackers-brown stackers-mogensen accasta-pari"

# uses FILE: the number of discs drawn in FILE.
uses() {
	grep -c '<use ' "$1"
}

# checkers FEN: the number of checkers in a FEN tag value.
checkers() {
	case $1 in
	*=*) echo "$1" | sed 's/^[^:]*://' | tr ',' '\n' |
	    sed 's/^[^=]*=//' | tr -d '\n' | wc -c ;;
	*) echo "$1" | sed 's/^[^:]*//' | tr ':,' '\n\n' | grep -c . ;;
	esac
}

wellformed() {
	for dir in "$root"/tests/golden/svg-*/ "$root"/tests/golden/show-svg/; do
		name=$(basename "$dir")
		rm -rf "$tmp/case" && cp -R "$dir" "$tmp/case"
		(cd "$tmp/case" && PATH=$(dirname "$bin"):$PATH \
		    FIXTURES=$root/fixtures sh -c "$(cat cmd)" >"$tmp/out" \
		    2>/dev/null </dev/null)
		xmllint --noout "$tmp/out" 2>"$tmp/err"
		result "svg/wellformed/$name" $?
		cat "$tmp/err"
	done
}

# start GAME: the start position, its discs, determinism and flip.
start() {
	if ! "$bin" new "$1" >"$tmp/g.pdn"; then
		result "svg/start/$1 (new failed)" 1
		return
	fi
	"$bin" show --format svg "$tmp/g.pdn" >"$tmp/a.svg"
	"$bin" show --format svg "$tmp/g.pdn" >"$tmp/b.svg"
	"$bin" show --format svg --flip "$tmp/g.pdn" >"$tmp/f.svg"
	fen=$("$bin" show --format fen "$tmp/g.pdn")
	want=$(checkers "$fen")
	ok=1
	xmllint --noout "$tmp/a.svg" && grep -q ' viewBox="0 0 ' "$tmp/a.svg" &&
	    [ "$(uses "$tmp/a.svg")" -eq "$want" ] && ok=0
	result "svg/start/$1" $ok
	[ $ok = 0 ] || echo "want $want discs, got $(uses "$tmp/a.svg")"
	cmp -s "$tmp/a.svg" "$tmp/b.svg"
	result "svg/same/$1" $?
	ok=1
	xmllint --noout "$tmp/f.svg" &&
	    [ "$(uses "$tmp/f.svg")" -eq "$want" ] &&
	    ! cmp -s "$tmp/a.svg" "$tmp/f.svg" && ok=0
	result "svg/flip/$1" $ok
}

# text FILE N: the N-th <text> of FILE as the parser reads it.
text() {
	xmllint --xpath "string((//*[local-name()='text'])[$2])" "$1"
}

escape() {
	"$bin" show --format svg "$root/tests/golden/svg-escape/game.pdn" \
	    >"$tmp/e.svg" 2>"$tmp/err"
	printf '%s\n%s\n' \
	    "Stackers (Mark R. Brown): Café <Noir> & \"Bar\"" \
	    "black: O'Brien & <Sons>, red: \"Q\" <q@example.org> ]]>" \
	    >"$tmp/want"
	{ text "$tmp/e.svg" 1; text "$tmp/e.svg" 2; } \
	    >"$tmp/got" 2>&1
	diff -u "$tmp/want" "$tmp/got"
	result svg/escape $?
}

bad_ply() {
	"$bin" new checkers >"$tmp/g.pdn"
	"$bin" show --format svg --ply 9 "$tmp/g.pdn" >"$tmp/out" 2>/dev/null
	status=$?
	[ "$status" = 1 ] && [ ! -s "$tmp/out" ]	# a ply past the end
	result svg/bad-ply $?
}

wellformed
for g in $games; do
	start "$g"
done
escape
bad_ply
