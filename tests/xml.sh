#!/bin/sh
# xml.sh - the XML notation (stackref-xml(5)), end to end:
#   xml/roundtrip/F  canonical PDN (`stackref convert F`) -> XML -> PDN is
#                    byte-identical, for every file of ../shared/data/pdn
#                    (FAIL if absent), fixtures/games, fixtures/pdn and the
#                    golden cases' .pdn files that read cleanly;
#   xml/diagnostics/data/F, xml/games/data/F
#                    the same for the real archive F checked apart from
#                    stackref itself: F to XML and that XML back to PDN
#                    each report exactly the known errors of moves
#                    (tests/data/pdn-known.err, as tests/data.sh) and
#                    exit 1 if there are any, else 0, and the XML holds as
#                    many games as F has (counted with awk);
#   xml/valid/F      `xmllint --relaxng notation/stackref.rng` accepts
#                    every XML written;
#   xml/refuse/F     each malicious or malformed input of fixtures/xml is
#                    refused with status 3 and its exact message, fast, in
#                    bounded memory, with no network and no file read
#                    (watched with strace, which must work);
#   xml/limits/...   huge texts and attributes are refused, bounded;
#   xml/commands/... check, move, moves, show read XML; move writes XML.
# Until `stackref convert --to xml` exists, the PDN<->XML step goes
# through tests/unit/test_xml --convert (the same notation table).
# Prints PASS:/FAIL: lines, with details on failure; a missing program
# (xmllint, strace) or ../shared/data is a failure.
root=$(cd "$(dirname "$0")/.." && pwd)
bin=${STACKREF:-$root/stackref}
conv=$root/tests/unit/test_xml
rng=$root/notation/stackref.rng
fx=$root/fixtures/xml
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
. "$root/tests/lib/common.sh"
need xmllint libxml2-utils
need strace strace
have_strace=0
strace -f -o /dev/null true >/dev/null 2>&1 && have_strace=1

# Memory bound for the refusals: 200 MB, unless the binary cannot run
# within it at all (built with a sanitizer).
vlimit=200000
(ulimit -v $vlimit 2>/dev/null; exec "$bin" check -q /dev/null) \
    >/dev/null 2>&1
[ $? -eq 3 ] || vlimit=unlimited

pass() { echo "PASS: $1"; }
fail() { echo "FAIL: $1"; shift; [ $# -gt 0 ] && printf '%s\n' "$@"; }

# to_ NOTATION IN OUT: converts IN to NOTATION (pdn or xml).
# A game that does not replay is reported (status 1 or 3) but written.
to_() {
	"$bin" convert --to "$1" "$2" >"$3" 2>"$tmp/conv.err"
	case $? in
	0 | 1 | 3) return 0 ;;
	2) "$conv" --convert "$1" "$2" >"$3" 2>"$tmp/conv.err" ;;
	*) return 1 ;;
	esac
}

# valid NAME FILE: xmllint accepts FILE under the schema.
valid() {
	if xmllint --noout --relaxng "$rng" "$2" >"$tmp/lint" 2>&1; then
		pass "xml/valid/$1"
	else
		fail "xml/valid/$1" "$(head -5 "$tmp/lint")"
	fi
}

# roundtrip NAME F: canonical PDN -> XML -> PDN is byte-identical.
roundtrip() {
	"$bin" convert "$2" >"$tmp/a.pdn" 2>/dev/null
	if [ ! -s "$tmp/a.pdn" ]; then
		fail "xml/roundtrip/$1 (convert wrote nothing)"
		return
	fi
	if to_ xml "$tmp/a.pdn" "$tmp/a.xml" &&
	    to_ pdn "$tmp/a.xml" "$tmp/b.pdn" &&
	    cmp -s "$tmp/a.pdn" "$tmp/b.pdn"; then
		games=$(grep -c '^  <game>' "$tmp/a.xml")
		pass "xml/roundtrip/$1 ($games games)"
	else
		fail "xml/roundtrip/$1" "$(cat "$tmp/conv.err")" \
		    "$(diff -u "$tmp/a.pdn" "$tmp/b.pdn" | head -20)"
	fi
	valid "$1" "$tmp/a.xml"
}

# known B F: F (the real archive B) to XML and back reports its known
# errors of moves, with their status; the XML has all its games.
known() {
	pdn_known "$1" convert >"$tmp/want.err"
	pdn_known "$1" reconvert | diag_messages >"$tmp/want.msg"
	want=$(known_status "$tmp/want.err")
	want2=$(known_status "$tmp/want.msg")
	(cd "$(dirname "$2")" && exec "$bin" convert --to xml "$1") \
	    >"$tmp/k.xml" 2>"$tmp/k1.err"
	st1=$?
	"$bin" convert --to pdn "$tmp/k.xml" >/dev/null 2>"$tmp/k2.err"
	st2=$?
	diag_messages <"$tmp/k2.err" >"$tmp/k2.msg"
	if [ $st1 = $want ] && [ $st2 = $want2 ] &&
	    cmp -s "$tmp/want.err" "$tmp/k1.err" &&
	    cmp -s "$tmp/want.msg" "$tmp/k2.msg"; then
		pass "xml/diagnostics/data/$1"
	else
		fail "xml/diagnostics/data/$1 (statuses $st1 and $st2, want" \
		    "$want and $want2)" "want: $(cat "$tmp/want.err")" \
		    "got:  $(cat "$tmp/k1.err" "$tmp/k2.err")"
	fi
	games=$(grep -c '^  <game>' "$tmp/k.xml")
	n=$(pdn_games "$2")
	if [ "$games" -eq "$n" ] && [ "$n" -gt 0 ]; then
		pass "xml/games/data/$1 ($n games)"
	else
		fail "xml/games/data/$1 ($games games in the XML, want $n)"
	fi
}

if [ -d "$root/../shared/data/pdn" ]; then
	for f in "$root"/../shared/data/pdn/*.pdn; do
		roundtrip "data/${f##*/}" "$f"
		known "${f##*/}" "$f"
	done
else
	fail "xml/roundtrip/data (../shared/data/pdn not found: the shared folder must be beside the repository)"
fi
for f in "$root"/fixtures/games/*.pdn "$root"/fixtures/pdn/*.pdn; do
	[ -f "$f" ] && roundtrip "fixtures/${f#"$root"/fixtures/}" "$f"
done
for f in "$root"/tests/golden/*/*.pdn; do
	[ -f "$f" ] || continue
	"$bin" check -q "$f" >/dev/null 2>&1 || continue
	roundtrip "golden/${f#"$root"/tests/golden/}" "$f"
done

# refuse F MESSAGE [OTHER]: F is refused with status 3 and exactly
# MESSAGE (or OTHER, when libxml2 may see it first), in
# under 5 seconds and 200 MB, opening no file but F, using no network.
refuse() {
	f=$fx/$1
	(ulimit -v $vlimit 2>/dev/null; cd "$fx" &&
	    exec timeout 5 "$bin" check -q "$1") >"$tmp/out" 2>"$tmp/err"
	st=$?
	got=$(cat "$tmp/err")
	if [ $st -ne 3 ] || { [ "$got" != "$2" ] && [ "$got" != "${3-}" ]; } ||
	    grep -q 'root:' "$tmp/out" "$tmp/err"; then
		fail "xml/refuse/$1 (status $st)" "want: $2" \
		    "got:  $(cat "$tmp/err")"
		return
	fi
	pass "xml/refuse/$1"
	if [ $have_strace = 0 ]; then
		fail "xml/refuse/$1/syscalls (strace does not work here: ptrace refused?)"
		return
	fi
	(cd "$fx" && strace -f -qq -e trace=network,open,openat \
	    -o "$tmp/trace" "$bin" check -q "$1") >/dev/null 2>&1
	if grep -E 'socket\(|connect\(|passwd|"http' "$tmp/trace" \
	    >"$tmp/bad"; then
		fail "xml/refuse/$1/syscalls" "$(cat "$tmp/bad")"
	else
		pass "xml/refuse/$1/syscalls"
	fi
}

dtd="expected a document with no DOCTYPE or other declaration, read '<!D...'"
refuse xxe-file.xml "stackref: xxe-file.xml:2:1: $dtd"
refuse xxe-http.xml "stackref: xxe-http.xml:2:1: $dtd"
refuse billion-laughs.xml "stackref: billion-laughs.xml:2:1: $dtd"
refuse utf16.xml "stackref: utf16.xml:1:1: expected a document in UTF-8, \
not UTF-16, read byte 0xff"
refuse xinclude.xml "stackref: xinclude.xml:5: game 1: expected a record \
valid under stackref.rng, read Did not expect element include there"
refuse deep-variations.xml "stackref: deep-variations.xml:255: game 1: \
too big: variations nested over 250 deep" "stackref: \
deep-variations.xml:257:5: game 1: too big: elements nested over 254 deep"
refuse entity-undeclared.xml "stackref: entity-undeclared.xml:4:35: \
expected well-formed XML, read Entity 'undeclared' not defined"
refuse not-well-formed.xml "stackref: not-well-formed.xml:5:22: expected \
well-formed XML, read Opening and ending tag mismatch: move line 5 and mve"
refuse invalid.xml "stackref: invalid.xml:6: game 1: expected a record \
valid under stackref.rng, read Did not expect element moves there"

# utf7.xml declares UTF-7 to hide a DOCTYPE in a comment: it is read as
# UTF-8, so the comment stays a comment and the tag keeps its text.
if "$bin" check -q "$fx/utf7.xml" 2>"$tmp/err" &&
    "$conv" --convert pdn "$fx/utf7.xml" | grep -q '^\[Event "&x;"\]$'; then
	pass "xml/refuse/utf7.xml (read as UTF-8)"
else
	fail "xml/refuse/utf7.xml" "$(cat "$tmp/err")"
fi

# big NAME N PRE POST MESSAGE: N bytes of 'a' between PRE and POST are
# refused with status 3 and MESSAGE within 200 MB.
big() {
	{ printf '<stackref xmlns="urn:stackref:record:1" version="1">'
	  printf '<game>%s' "$3"; head -c "$2" /dev/zero | tr '\0' a
	  printf '%s<result>*</result></game></stackref>\n' "$4"; } >"$tmp/big.xml"
	(ulimit -v $vlimit 2>/dev/null; cd "$tmp" &&
	    exec timeout 10 "$bin" check -q big.xml) 2>"$tmp/err"
	st=$?
	if [ $st -eq 3 ] && [ "$(cat "$tmp/err")" = "$5" ]; then
		pass "xml/limits/$1"
	else
		fail "xml/limits/$1 (status $st)" "want: $5" \
		    "got:  $(cat "$tmp/err")"
	fi
}

big comment 1048577 '<comment>' '</comment>' \
    "stackref: big.xml:1: game 1: too big: comment over 1 MiB"
big tag-value 1048577 '<tag name="A">' '</tag>' \
    "stackref: big.xml:1: game 1: too big: tag value over 1 MiB"
big move 4097 '<move>' '</move>' \
    "stackref: big.xml:1: game 1: too big: move text over 4096 bytes"
big tag-name 257 '<tag name="' '">x</tag>' "stackref: big.xml:1: game 1: \
expected a record valid under stackref.rng, read Element tag failed to \
validate attributes"
big huge-text 20000000 '<comment>' '</comment>' "stackref: \
big.xml:1:10000389: game 1: expected well-formed XML, read \
xmlSAX2Characters: huge text node"
big huge-attribute 20000000 '<tag name="' '">x</tag>' "stackref: \
big.xml:1:59: game 1: too big: an attribute value over 4096 bytes"

# The commands read XML; move writes XML back, still valid.
cd "$tmp" || exit 1
"$bin" new checkers -t Date=2026.01.01 -o g.pdn 2>/dev/null
to_ xml g.pdn g.xml
if "$bin" move g.xml 11-15 && "$bin" move g.xml 23-19 &&
    grep -q '<move>23-19</move>' g.xml && "$bin" check -q g.xml; then
	pass "xml/commands/move"
else
	fail "xml/commands/move" "$(cat g.xml)"
fi
valid commands/move g.xml
printf '8-11\n' >want
if "$bin" moves g.xml | head -2 | tail -1 | cmp -s - want; then
	pass "xml/commands/moves"
else
	fail "xml/commands/moves"
fi
"$bin" show g.xml >show.xml.out 2>&1
st_xml=$?
to_ pdn g.xml g2.pdn
"$bin" show g2.pdn >show.pdn.out 2>&1
st_pdn=$?
# the same board, the status 0 and, after 11-15 23-19, red to move
if cmp -s show.xml.out show.pdn.out && [ -s show.xml.out ] &&
    [ $st_xml -eq 0 ] && [ $st_pdn -eq 0 ] &&
    grep -q 'after 2 plies, last move 23-19; red to move$' show.xml.out; then
	pass "xml/commands/show"
else
	fail "xml/commands/show" "$(diff show.pdn.out show.xml.out)"
fi
if { printf '\357\273\277'; cat g.xml; } | "$bin" check -q - &&
    { printf '\n\n'; cat g2.pdn; } | "$bin" check -q -; then
	pass "xml/commands/stdin"
else
	fail "xml/commands/stdin"
fi
if "$bin" move -o - g.xml 8-11 | grep -q '^<stackref '; then
	pass "xml/commands/move-stdout"
else
	fail "xml/commands/move-stdout"
fi

# The example document of stackref-xml(5) is valid and reads.
sed -n '/^\.Bd -literal/,/^\.Ed/p' "$root/man/stackref-xml.5" |
    sed -n '/^<?xml/,/^<\/stackref>/p' | sed 's/\\e/\\/g; s/\\&//g' >ex.xml
if [ -s ex.xml ] && "$bin" check -q ex.xml; then
	pass "xml/man-example"
else
	fail "xml/man-example" "$("$bin" check ex.xml 2>&1)"
fi
valid man-example ex.xml
