#!/bin/sh
# json.sh - the JSON that `convert --to json` writes is valid under its
# published JSON Schema (notation/stackref.schema.json), checked by a
# real validator, python3-jsonschema's jsonschema (Draft 2020-12):
#   json/valid/data/F      every real archive of ../shared/data/pdn;
#   json/valid/fixtures    the whole games of fixtures/games, all five
#                          games, in one array;
#   json/valid/broken      a game kept broken and a variant refused;
#   json/valid/timed       a timed game: time stamps, leave, an undo
#                          (its moves under "undone"), a claim on time;
#   json/invalid/*         documents the schema must refuse (a move as a
#                          number, a tag as an object, an unknown result),
#                          so the validator is seen to work;
#   json/valid/positions   the same with --positions;
#   json/fen               the FEN after each move of a game (--positions)
#                          is the one show --format fen prints at that ply;
#   json/round-trip/*      JSON read back: PDN -> JSON -> PDN and XML ->
#                          JSON -> XML byte-identical on every real archive
#                          and fixture; json/size/*: at most twice the PDN;
#   json/read/*            the reader's refusals at file:line:col, bounds;
#   json/written-only/*    HTML, SVG and PNG inputs refused by name;
#   json/referee-status/*  `stackref referee --status --json` is valid
#                          under its schema (notation/referee-status.
#                          schema.json), a mail waiting and late or not
#                          (the status 1 past --max-age, and the text's
#                          summary line), the schema refusing a count as
#                          a string and a field unknown; the status of a
#                          missing state (4) and of bad options (2);
#                          then again on PostgreSQL (pg/json/referee-
#                          status/*: tests/lib/store.sh, pg.sh)
# Prints PASS:/FAIL: lines.  A missing validator is a failure.
set -u
root=$(cd "$(dirname "$0")/.." && pwd)
bin=${STACKREF:-$root/stackref}
schema=$root/notation/stackref.schema.json
. "$root/tests/lib/common.sh"
. "$root/tests/lib/store.sh"
. "$root/tests/lib/pg.sh"
need /usr/bin/jsonschema python3-jsonschema
need flock util-linux
need psql postgresql-15
tmp=$(mktemp -d "${TMPDIR:-/tmp}/stackref-json.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT

# valid NAME FILE: FILE validates.
valid() {
	if /usr/bin/jsonschema -i "$2" "$schema" >"$tmp/v.err" 2>&1; then
		echo "PASS: $1"
	else
		echo "FAIL: $1"
		head -20 "$tmp/v.err"
	fi
}

# invalid NAME SED: the fixtures' JSON changed by the sed script SED is
# refused.
invalid() {
	sed "$2" "$tmp/fixtures.json" >"$tmp/bad.json"
	if cmp -s "$tmp/bad.json" "$tmp/fixtures.json"; then
		echo "FAIL: $1 (the change did not apply)"
	elif /usr/bin/jsonschema -i "$tmp/bad.json" "$schema" \
	    >/dev/null 2>&1; then
		echo "FAIL: $1 (the validator accepted it)"
	else
		echo "PASS: $1"
	fi
}

data=$root/../shared/data/pdn
if [ -d "$data" ]; then
	for f in "$data"/*.pdn; do
		"$bin" convert --to json "$f" >"$tmp/a.json" 2>/dev/null
		valid "json/valid/data/${f##*/}" "$tmp/a.json"
	done
else
	echo "FAIL: json/valid/data (../shared/data/pdn not found)"
fi
"$bin" convert --to json "$root"/fixtures/games/*.pdn >"$tmp/fixtures.json"
valid json/valid/fixtures "$tmp/fixtures.json"
printf '%s\n' '[Event "broken"]' '' '1. 11-15 23-19 2. 15-19 *' '' \
    '[GameType "20"]' '' '1. 32-28 *' >"$tmp/broken.pdn"
"$bin" convert --to json "$tmp/broken.pdn" >"$tmp/broken.json" 2>/dev/null
valid json/valid/broken "$tmp/broken.json"
# A timed game: time stamps, leave, an undo and a claim on time.
t=$tmp/timed.pdn
"$bin" new stackup -t 'TimeControl=move=3d leave=9' \
    --now 2026-01-01T00:00:00Z -o "$t"
"$bin" move --now 2026-01-01T01:00:00Z "$t" 11-15
"$bin" move --now 2026-01-01T02:00:00Z "$t" 23-19
"$bin" request-undo --as white --now 2026-01-01T03:00:00Z "$t"
"$bin" accept-undo --as black --now 2026-01-01T04:00:00Z "$t"
"$bin" leave --as white --days 2 --now 2026-01-01T05:00:00Z "$t"
"$bin" claim-time --as black --now 2026-01-09T00:00:00Z "$t" >/dev/null
"$bin" convert --to json "$tmp/timed.pdn" >"$tmp/timed.json"
valid json/valid/timed "$tmp/timed.json"
if grep -q '{"variation":\["23-19",.*{"action":"accept-undo black"}' \
    "$tmp/timed.json" &&
    grep -q '"time":"2026-01-09T00:00:00Z"' "$tmp/timed.json"; then
	echo "PASS: json/timed-content"
else
	echo "FAIL: json/timed-content"
	cat "$tmp/timed.json"
fi
invalid json/invalid/move-number '0,/"moves":\["[^"]*"/s//"moves":[12/'
invalid json/invalid/tag-object '0,/\["Event",\("[^"]*"\)\]/s//{"name":"Event","value":\1}/'
invalid json/invalid/result '0,/"result":"[^"]*"/s//"result":"3-0"/'
"$bin" convert --to json --positions "$root"/fixtures/games/*.pdn \
    >"$tmp/positions.json"
valid json/valid/positions "$tmp/positions.json"

# The FEN after ply 5 of the checkers fixture, against show.
want=$("$bin" show --ply 5 --format fen "$root/fixtures/games/checkers.pdn")
got=$("$bin" convert --to json --positions \
    "$root/fixtures/games/checkers.pdn" |
    sed -n 's/.*"ply":5,.*"fen":"\([^"]*\)".*/\1/p')
if [ -n "$want" ] && [ "$want" = "$got" ]; then
	echo "PASS: json/fen"
else
	printf '%s\n' "FAIL: json/fen" "want: $want" "got:  $got"
fi

# --- issue 22: json ----------------------------------------------------
# JSON read back as a notation: on every real archive, PDN -> JSON -> PDN
# and XML -> JSON -> XML are byte-identical, and the JSON is at most
# twice the PDN (the positions after each move only with --positions).
# same NAME A B: files A and B are identical.
same() {
	if cmp -s "$2" "$3"; then
		echo "PASS: $1"
	else
		echo "FAIL: $1"
		diff "$2" "$3" | head -5
	fi
}
for f in "$data"/*.pdn "$root"/../shared/data/real/*/*.pdn \
    "$root"/../shared/data/real/*/*/*.pdn "$root"/fixtures/games/*.pdn; do
	[ -f "$f" ] || continue
	n=${f##*/}
	"$bin" convert "$f" >"$tmp/c.pdn" 2>/dev/null
	"$bin" convert --to json "$f" >"$tmp/c.json" 2>/dev/null
	"$bin" convert "$tmp/c.json" >"$tmp/back.pdn" 2>/dev/null
	same "json/round-trip/pdn/$n" "$tmp/c.pdn" "$tmp/back.pdn"
	"$bin" convert --to xml "$f" >"$tmp/c.xml" 2>/dev/null
	"$bin" convert --to json "$tmp/c.xml" >"$tmp/x.json" 2>/dev/null
	"$bin" convert --to xml "$tmp/x.json" >"$tmp/back.xml" 2>/dev/null
	same "json/round-trip/xml/$n" "$tmp/c.xml" "$tmp/back.xml"
	p=$(wc -c <"$tmp/c.pdn") j=$(wc -c <"$tmp/c.json")
	[ "$j" -le $((2 * p + 200)) ] && echo "PASS: json/size/$n" ||
	    echo "FAIL: json/size/$n (JSON $j bytes, PDN $p)"
done
# A JSON that is not a record says where, and what it expected.
# refused NAME STATUS WANT: convert of $tmp/bad.json exits with STATUS
# and says WANT.
refused() {
	"$bin" convert "$tmp/bad.json" >/dev/null 2>"$tmp/r.err"
	rc=$?
	if [ "$rc" = "$2" ] && grep -qF -- "$3" "$tmp/r.err"; then
		echo "PASS: $1"
	else
		printf '%s\n' "FAIL: $1 (status $rc)" "$(cat "$tmp/r.err")"
	fi
}
printf '[\n{"tags":[],\n "moves":["11-15" "23-19"],"result":"*"}]\n' \
    >"$tmp/bad.json"
refused json/read/syntax 3 "bad.json:3:25: game 1: expected JSON, read ']' expected near '\"23-19\"'"
printf '[{"tags":[],"moves":["11-15",\n  {"nag":"x"}],"result":"*"}]\n' \
    >"$tmp/bad.json"
refused json/read/nag 3 'bad.json:2:3: game 1: expected a NAG, a number from 0 to 65535, read x'
printf '[{"tags":[],"moves":[],"result":"*","clock":1}]' >"$tmp/bad.json"
refused json/read/member 3 'bad.json:1:45: game 1: expected a member game, tags, start, moves or result of a game, read 1'
printf '[{"tags":[],"moves":[],"result":"*"},]' >"$tmp/bad.json"
refused json/read/comma 3 "bad.json:1:38: game 1: expected a game, a JSON object '{', after ',', read ']'"
{ printf '[{"tags":[],"moves":['; i=0
  while [ $i -lt 600 ]; do printf '{"variation":['; i=$((i + 1)); done
} >"$tmp/bad.json"
refused json/read/deep 3 'too big: arrays and objects nested over 504'
# HTML, SVG and PNG are written only: refused by name.
"$bin" convert --to html "$root/fixtures/games/checkers.pdn" >"$tmp/bad.json"
refused json/written-only/html 3 'HTML is written only; convert from PDN, XML or JSON'
"$bin" show --format svg "$root/fixtures/games/checkers.pdn" >"$tmp/bad.json"
refused json/written-only/svg 3 'SVG is written only; convert from PDN, XML or JSON'
"$bin" show --format png "$root/fixtures/games/checkers.pdn" >"$tmp/bad.json"
refused json/written-only/png 3 'PNG is written only; convert from PDN, XML or JSON'
"$bin" convert --positions "$root/fixtures/games/checkers.pdn" \
    >/dev/null 2>"$tmp/r.err"
[ $? = 2 ] && grep -q -- '--positions needs --to json' "$tmp/r.err" &&
    echo "PASS: json/positions-needs-json" ||
    printf '%s\n' "FAIL: json/positions-needs-json" "$(cat "$tmp/r.err")"

# --- stackref referee --status --json, and its text ---------------------
rs=$root/notation/referee-status.schema.json
# status NAME WANT ARGS...: --status ARGS at 10:20 ends with WANT.
status() {
	name=$1 want=$2
	shift 2
	# shellcheck disable=SC2046 # the option and its value, two words
	"$bin" referee --status $(sr_store_opt "$s") \
	    --now 2027-01-01T10:20:00Z "$@" \
	    >"$tmp/st.out" 2>"$tmp/st.err"
	got=$?
	[ "$got" = "$want" ] && echo "PASS: $name" ||
	    printf '%s\n' "FAIL: $name (status $got, want $want)" \
	    "$(cat "$tmp/st.out" "$tmp/st.err")"
}
# rs_valid NAME: the last --status output is valid under the schema.
rs_valid() {
	if /usr/bin/jsonschema -i "$tmp/st.out" "$rs" >"$tmp/v.err" 2>&1
	then
		echo "PASS: $1"
	else
		echo "FAIL: $1"
		cat "$tmp/v.err" "$tmp/st.out"
	fi
}
# rs_invalid NAME SED: the last output changed by SED is refused.
rs_invalid() {
	sed "$2" "$tmp/st.out" >"$tmp/bad.json"
	if cmp -s "$tmp/bad.json" "$tmp/st.out"; then
		echo "FAIL: $1 (the change did not apply)"
	elif /usr/bin/jsonschema -i "$tmp/bad.json" "$rs" >/dev/null 2>&1; then
		echo "FAIL: $1 (the validator accepted it)"
	else
		echo "PASS: $1"
	fi
}
# referee_status: the tests of --status on the store of $s (SQLite, or
# SR_STORE's).  A mail delivered at 10:00 while a run holds the store:
# it waits.
referee_status() {
	mkdir "$s"
	"$bin" referee --status $(sr_store_opt "$s") >/dev/null 2>&1  # made
	printf 'From: carol@example.test\r\nSubject: help\r\nMessage-ID: <s1@x>\r\n\r\nhi\r\n' |
	    sr_hold "$s" "$bin" referee --deliver $(sr_store_opt "$s") \
	    --address referee@example.test --now 2027-01-01T10:00:00Z \
	    >/dev/null 2>"$tmp/d.err"
	result json/referee-status/deliver $? "$(cat "$tmp/d.err")"
	status json/referee-status/on-time 0 --json --max-age 30
	rs_valid json/referee-status/valid
	grep -q '"mails_waiting": 1, "oldest_waiting": 1200,' "$tmp/st.out" &&
	    grep -q '"late": false' "$tmp/st.out" &&
	    echo "PASS: json/referee-status/figures" ||
	    printf '%s\n' "FAIL: json/referee-status/figures" "$(cat "$tmp/st.out")"
	rs_invalid json/referee-status/invalid-string 's/"aside": \([0-9]*\)/"aside": "\1"/'
	rs_invalid json/referee-status/invalid-field 's/"late"/"lately"/'
	status json/referee-status/late 1 --json
	rs_valid json/referee-status/late-valid
	grep -q '"late": true' "$tmp/st.out" &&
	    grep -q 'the oldest mail waiting is 0d00h20m old, more than --max-age 15 min' "$tmp/st.err" &&
	    echo "PASS: json/referee-status/late-says" ||
	    printf '%s\n' "FAIL: json/referee-status/late-says" "$(cat "$tmp/st.out" "$tmp/st.err")"
	status json/referee-status/text 1
	head -n 1 "$tmp/st.out" | grep -q '^stackref referee LATE: 1 waiting, the oldest 0d00h20m old (at most 15 min)$' &&
	    echo "PASS: json/referee-status/text-summary" ||
	    printf '%s\n' "FAIL: json/referee-status/text-summary" "$(cat "$tmp/st.out")"
	for l in 'mails waiting: 1' 'replies waiting: ' 'boards open: ' \
	    'mails set aside: ' 'over the last day: ' 'last run: '; do
		grep -q "^$l" "$tmp/st.out" ||
		    printf '%s\n' "FAIL: json/referee-status/text-line ($l)" \
		    "$(cat "$tmp/st.out")"
	done
	status json/referee-status/bad-max-age 2 --max-age 0
	"$bin" referee --status --dir "$tmp/nowhere/x" >/dev/null 2>&1
	result json/referee-status/missing-state "$([ $? = 4 ]; echo $?)"
	"$bin" referee $(sr_store_opt "$s") --json --smtp smtp://x/y --address a@b \
	    >/dev/null 2>&1
	result json/referee-status/json-needs-status "$([ $? = 2 ]; echo $?)"
}

s=$tmp/referee
referee_status
if pg_start; then
	s=$tmp/referee-pg
	SR_STORE=$root/tests/lib/pgstore.sh referee_status |
	    sed 's#^\(PASS\|FAIL\|SKIP\): #\1: pg/#'
	pg_stop
fi
