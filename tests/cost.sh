#!/bin/bash
# cost.sh - replaying a record costs time linear in its size, whatever
# the position: a written move is followed against the rules, never found
# among all the legal moves, and a count of moves is computed, not
# enumerated.  Every case runs under a CPU limit (ulimit -t) and a
# timeout, so a regression fails in bounded time rather than hangs.
#   tall/*     the records of fixtures/cost/: Black's twelve checkers on
#              d4 in stackers-brown (535204255 legal turns from ply 29
#              on; each Black ply took about 17 s when replay generated
#              every legal turn) and six tall stacks in accasta-pari
#              (20422): check, move -n of a legal and of an illegal move
#              (refused, the legal moves listed and cut with "..."),
#              show, perft 1, the first lines of moves
#   long/*     for each game, its fixture's or a busy position and four
#              plies repeated: a record of 100000 plies within the CPU
#              limit (Accasta took 16 s before), and not much more than
#              ten times one of 10000 plies
#   xml/*      XML records of many attributes on one element, many
#              namespace declarations, many <byte> elements in one text
#              (libxml2 checked the first two for duplicates, and the
#              schema the third, in quadratic time: 11 s and 3 s for
#              1 MB): 100000 within the CPU limit and not much more than
#              ten times 10000
# Prints PASS:/FAIL: lines.
set -u
root=$(cd "$(dirname "$0")/.." && pwd)
bin=${STACKREF:-$root/stackref}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/stackref-cost.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
trap 'exit 130' INT TERM
export LC_ALL=C
cpu=10                       # seconds of CPU a case may take
fx=$root/fixtures/cost

pass() { echo "PASS: $1"; }
fail() { echo "FAIL: $1"; shift; [ $# -gt 0 ] && printf '%s\n' "$@" | head -c 2000; echo; }

# run CMD...: runs CMD (output to $tmp/out, $tmp/err) under the CPU
# limit and a timeout; sets st (exit status) and ms (wall milliseconds).
run() {
	local t0 t1
	t0=$(date +%s%N)
	# (braces: the shell's word on a killed job goes nowhere)
	{ (ulimit -t $cpu; exec timeout $((2 * cpu)) "$@") >"$tmp/out" \
	    2>"$tmp/err"; } 2>/dev/null
	st=$?
	t1=$(date +%s%N)
	ms=$(((t1 - t0) / 1000000))
}

# verdict NAME STATUS PATTERN: PASS when the last run ended with STATUS
# (a CPU limit or a timeout never does) and its output and error hold
# PATTERN (grep -E; "" for none).
verdict() {
	if [ "$st" -ne "$2" ]; then
		fail "$1 (status $st, want $2; $ms ms)" "$(head -c 1000 "$tmp/err")"
	elif [ -n "$3" ] && ! cat "$tmp/out" "$tmp/err" | grep -Eq -- "$3"; then
		fail "$1 (output; $ms ms)" "want: $3" "got: $(head -c 1000 "$tmp/out" "$tmp/err")"
	else
		pass "$1 ($ms ms)"
	fi
}

# --- tall stacks ---------------------------------------------------------
brown=$fx/stackers-brown-tall.pdn
accasta=$fx/accasta-pari-tall.pdn
run "$bin" check "$brown"
verdict tall/brown-check 0 '1 game, 1 valid'
cp "$brown" "$tmp/b.pdn"
run "$bin" move -n "$tmp/b.pdn" d4:1-d5,2-d6,1-e5,3-a1
verdict tall/brown-move 0 ''
run "$bin" move -n "$tmp/b.pdn" d4:1-d5,1-d5
verdict tall/brown-illegal 1 'ply 37: illegal move d4:1-d5,1-d5; legal moves: d4:1-c3, .*\.\.\.$'
run "$bin" move "$tmp/b.pdn" d4:3-d7,1-d5
verdict tall/brown-move-written 0 ''
run "$bin" check "$tmp/b.pdn"
verdict tall/brown-check-after-move 0 '1 game, 1 valid'
run "$bin" show "$brown"
verdict tall/brown-show 0 'd4=bbbbbbbbbbbb\(12\)'
run "$bin" perft "$brown" 1
verdict tall/brown-perft-1 0 '^535204255$'
run sh -c '"$1" moves "$2" | head -n 3' sh "$bin" "$brown"
verdict tall/brown-moves-head 0 'd4:1-c3,1-d3'
run "$bin" check "$accasta"
verdict tall/accasta-check 0 '1 game, 1 valid'
run "$bin" move -n "$accasta" d4:1-d3,-d6
verdict tall/accasta-move 0 ''
run "$bin" move -n "$accasta" d4:1-d3,1-d3
verdict tall/accasta-illegal 1 'illegal move d4:1-d3,1-d3; legal moves: a1:-a2, .*\.\.\.$'
run "$bin" perft "$accasta" 1
verdict tall/accasta-perft-1 0 '^20422$'

# --- long records ----------------------------------------------------------
# gen TAGS MOVES CYCLE N: a record: the tag lines TAGS, the movetext
# MOVES, then the four plies CYCLE N times.
gen() {
	printf '%s\n\n%s\n' "$1" "$2"
	yes "$3" | head -n "$4"
	echo '*'
}

# linear NAME STATUS SMALL BIG: check -q of SMALL, then of BIG (ten times
# its size) end with STATUS within the CPU limit, and BIG takes at most
# thirty times SMALL's time, give or take the start of a process.
linear() {
	local small
	run "$bin" check -q "$3"
	verdict "$1-small" "$2" ''
	small=$ms
	run "$bin" check -q "$4"
	verdict "$1-big" "$2" ''
	if [ "$st" -eq "$2" ] && [ "$ms" -le $((30 * small + 300)) ]; then
		pass "$1-linear ($small ms, then $ms ms)"
	else
		fail "$1-linear ($small ms, then $ms ms)"
	fi
}

# long NAME TAGS MOVES CYCLE: a record of 10000 plies and one of 100000.
long() {
	gen "$2" "$3" "$4" 2500 >"$tmp/small.pdn"
	gen "$2" "$3" "$4" 25000 >"$tmp/big.pdn"
	linear "long/$1" 0 "$tmp/small.pdn" "$tmp/big.pdn"
}

long stackers-brown "$(sed -n '/^\[/p' "$brown")" \
    "$(sed -n '/^1\. /,/^14\. /p' "$brown" | sed 's/ 15\..*//')" \
    'd4:1-d5 a6-a7 d5+d4 a7-a6'
long accasta-pari "$(sed -n '/^\[/p' "$accasta")" '' \
    'a1:-a2 g4:-g3 a2:-a1 g3:-g4'
long checkers '[FEN "B:WK32:BK1,K3,K6,K8,K9,K11,K14,K16,K17,K19,K22,K24"]' '' \
    '1-5 32-28 5-1 28-32'
long stackup '[Game "stackup"]
[FEN "b:1=B,3=B,6=B,8=B,9=B,11=B,14=B,16=B,17=B,19=B,22=B,24=B,32=W"]' '' \
    '1-5 32-28 5-1 28-32'
long stackers-mogensen '[Game "stackers-mogensen"]
[FEN "b:14=bbbbbbbbbbbb,19=wwwwwwwwwwww"]' '' \
    '14:1-9 19:1-23 9-14 23-19'

# --- XML ----------------------------------------------------------------
# xml NAME STATUS OPEN ITEM CLOSE: records of OPEN, ITEM (%d: its number)
# 10000 and 100000 times, CLOSE.
xml() {
	local root='<stackref xmlns="urn:stackref:record:1" version="1"><game>'
	local end='<result>*</result></game></stackref>'
	for n in 10000 100000; do
		awk -v r="$root$3" -v e="$5$end" -v i="$4" -v n=$n \
		    'BEGIN { printf "%s", r; for (k = 0; k < n; k++)
			printf i, k; printf "%s\n", e }' >"$tmp/$n.xml"
	done
	linear "xml/$1" "$2" "$tmp/10000.xml" "$tmp/100000.xml"
}

xml attributes 3 '<tag name="A"' ' a%d="x"' '>x</tag>'
xml namespaces 3 '<tag name="A"' ' xmlns:a%d="u"' '>x</tag>'
xml bytes 0 '<comment>' '<byte>01</byte>' '</comment>'
exit 0
