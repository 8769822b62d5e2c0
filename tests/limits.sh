#!/bin/bash
# limits.sh - hostile and huge inputs: each gets its exit status and a
# message naming the limit it passes, within a time limit (timeout) and a
# memory bound (peak RSS measured by /usr/bin/time, package time; the
# address space capped with ulimit -v as a safety net).  Big inputs are
# generated on the fly and streamed through pipes into `stackref check -`;
# nothing big is written to disk.
#   garbage/*    a GiB of binary garbage (random bytes), a GiB of text
#                garbage (lines "x", each a move of one endless game),
#                a GiB of NUL bytes, a GiB after '<stackref>' (XML gives
#                up at once)
#   plies/*      a legal game of a million plies (two kings shuffling);
#                the memory it takes beyond a 100000-ply game, per ply;
#                as XML; move appends to it
#   depth/*      variations nested 100000 deep, PDN and XML
#   text/*       a tag value, a comment, a move text and a tag name of
#                ten megabytes (PDN and XML); 64 MiB of comments in a game
#   fen/*        a stack FEN with 5000 checkers on a square (check, new)
#   mime/*       a mail of a thousand nested MIME parts fetched from an
#                IMAP mailbox (Dovecot of tests/servers.sh; FAIL without):
#                refused naming the limit, or skipped for an older mail
#   entity/*     the billion laughs through standard input (the fixture is
#                also refused by tests/xml.sh), and behind a comment
# Each PASS line gives the time and the peak memory measured.
# Prints PASS:/FAIL:/SKIP: lines; the one skip, plies/per-ply-memory, only
# for a sanitizer build (make sanitize; listed in tests/skips).
set -u
root=$(cd "$(dirname "$0")/.." && pwd)
bin=${STACKREF:-$root/stackref}
. "$root/tests/lib/common.sh"
need /usr/bin/time time
tmp=$(mktemp -d) || exit 1
srv_dir=""
cleanup() {
	[ -n "$srv_dir" ] && SR_DIR=$srv_dir bash "$root/tests/servers.sh" stop
	rm -rf "$tmp"
}
trap cleanup EXIT
trap 'exit 130' INT TERM
export LC_ALL=C

pass() { echo "PASS: $1"; }
fail() { echo "FAIL: $1"; shift; [ $# -gt 0 ] && printf '%s\n' "$@" | head -20; }

# The memory bound of every case, and the address space cap.  A binary
# built with a sanitizer (ASan: __asan_init) needs far more: then peak
# memory is only shown.  A plain build must keep within the bounds.
mem_max=262144               # KB of peak RSS
vlimit=1048576               # KB of address space
have_time=0
[ -x /usr/bin/time ] && have_time=1
(ulimit -v $vlimit 2>/dev/null; exec "$bin" check -q /dev/null) \
    >/dev/null 2>&1
[ $? -eq 3 ] || { vlimit=unlimited; mem_max=0; }
if [ $have_time = 1 ]; then
	/usr/bin/time -f %M -o "$tmp/base" "$bin" check -q /dev/null 2>/dev/null
	[ "$(tail -n 1 "$tmp/base")" -gt 65536 ] && mem_max=0
fi
asan=0
grep -q __asan_init "$bin" 2>/dev/null && asan=1
if [ $asan = 0 ] && [ $mem_max -eq 0 ]; then
	fail "memory-bounds (a plain build: \`check /dev/null\` needs over \
1 GiB of address space or 64 MB of memory)"
fi

# run SECONDS CMD...: runs CMD (standard input, output and error as
# given) under a timeout and the address space cap; sets st (exit
# status, 124 on a timeout), secs and kb (peak RSS, or "?").
run() {
	local limit=$1 t0 t1
	shift
	t0=$(date +%s%N)
	if [ $have_time = 1 ]; then
		(ulimit -v $vlimit 2>/dev/null
		 exec /usr/bin/time -f %M -o "$tmp/kb" timeout "$limit" "$@")
		st=$?
		kb=$(tail -n 1 "$tmp/kb")
		case $kb in *[!0-9]* | "") kb="?" ;; esac
	else
		(ulimit -v $vlimit 2>/dev/null; exec timeout "$limit" "$@")
		st=$?
		kb="?"
	fi
	t1=$(date +%s%N)
	secs=$(awk -v n=$((t1 - t0)) 'BEGIN { printf "%.2f", n / 1e9 }')
}

# verdict NAME STATUS PATTERN [KB]: PASS when the last run ended with
# STATUS, its standard error holds PATTERN (grep -E; "" for none), and
# its peak stayed within KB (default mem_max; 0: not checked).
verdict() {
	local name=$1 want=$2 pat=$3 max=${4:-$mem_max}
	local what="$secs s, ${kb} KB"
	if [ "$st" -eq 124 ]; then
		fail "$name" "timed out after $secs s"
	elif [ "$st" -ne "$want" ]; then
		fail "$name (status $st, want $want; $what)" "$(head -c 2000 "$tmp/err")"
	elif [ -n "$pat" ] && ! grep -Eq -- "$pat" "$tmp/err"; then
		fail "$name (message; $what)" "want: $pat" "got: $(head -c 2000 "$tmp/err")"
	elif [ "$max" -gt 0 ] && [ "$kb" != "?" ] && [ "$kb" -gt "$max" ]; then
		fail "$name (peak $kb KB over $max KB; $secs s)"
	else
		pass "$name ($what)"
	fi
}

# check_pipe NAME STATUS PATTERN SECONDS GEN...: the output of GEN piped
# into `stackref check -`.
check_pipe() {
	local name=$1 want=$2 pat=$3 limit=$4
	shift 4
	run "$limit" "$bin" check - < <("$@" 2>/dev/null) >"$tmp/out" 2>"$tmp/err"
	verdict "$name" "$want" "$pat"
}

GiB=1073741824
# A GiB of random bytes.
gen_random() { head -c $GiB /dev/urandom; }
# A GiB of lines "x": one endless game of moves "x".
gen_lines() { yes x | head -c $GiB; }
gen_zeros() { head -c $GiB /dev/zero; }
gen_lt() { printf '<stackref>'; head -c $GiB /dev/zero; }

# --- a gigabyte of garbage --------------------------------------------
check_pipe garbage/random-1GiB 3 'expected ' 60 gen_random
check_pipe garbage/lines-1GiB 3 \
    'too big: game over 2097152 tags and movetext elements' 60 gen_lines
check_pipe garbage/zeros-1GiB 3 'expected text, read a NUL byte' 60 gen_zeros
check_pipe garbage/xml-1GiB 3 'expected well-formed XML' 60 gen_lt

# --- a game of a million plies ------------------------------------------
# gen_plies N: a legal checkers game of N plies (N a multiple of 4): the
# two kings go back and forth, far from each other, and never meet.
gen_plies() {
	printf '[Event "long"]\n[FEN "B:WK32:BK1"]\n\n'
	yes '1-5 32-28 5-1 28-32' | head -n $(($1 / 4))
	echo '*'
}
check_pipe plies/100k 0 '' 30 gen_plies 100000
kb_small=$kb
check_pipe plies/1M 0 '' 60 gen_plies 1000000
kb_big=$kb
if [ $asan = 1 ]; then
	echo "SKIP: plies/per-ply-memory (a sanitizer build: its memory is not the program's)"
elif [ "$kb_small" = "?" ] || [ "$kb_big" = "?" ] || [ $mem_max -eq 0 ]; then
	fail "plies/per-ply-memory (no peak measured: $kb_small KB, $kb_big KB)"
else
	# the record costs about 90 bytes a ply (element, text); replay
	# must add nothing per ply
	per=$(((kb_big - kb_small) * 1024 / 900000))
	if [ $per -le 120 ]; then
		pass "plies/per-ply-memory ($per bytes a ply)"
	else
		fail "plies/per-ply-memory ($per bytes a ply, over 120)"
	fi
fi
gen_plies 1000000 | "$bin" convert --to xml - >"$tmp/long.xml" 2>"$tmp/err"
run 60 "$bin" check "$tmp/long.xml" >"$tmp/out" 2>"$tmp/err"
verdict plies/1M-xml 0 ''
rm -f "$tmp/long.xml"
gen_plies 1000000 >"$tmp/long.pdn"
run 60 "$bin" move "$tmp/long.pdn" 1-5 >"$tmp/out" 2>"$tmp/err"
verdict plies/1M-move 0 ''
if tail -n 2 "$tmp/long.pdn" | grep -q '500001\. 1-5 \*$'; then
	pass "plies/1M-move-appended"
else
	fail "plies/1M-move-appended" "$(tail -n 2 "$tmp/long.pdn")"
fi
rm -f "$tmp/long.pdn"

# --- variations nested 100000 deep ---------------------------------------
gen_deep_pdn() {
	printf '[Event "deep"]\n\n1. 11-15 '
	head -c 100000 /dev/zero | tr '\0' '('
	head -c 100000 /dev/zero | tr '\0' ')'
	echo ' *'
}
gen_deep_xml() {
	printf '<stackref xmlns="urn:stackref:record:1" version="1"><game>'
	printf '<move>11-15</move>'
	yes '<variation><move>23-19</move>' | head -n 100000 | tr -d '\n'
	yes '</variation>' | head -n 100000 | tr -d '\n'
	printf '<result>*</result></game></stackref>\n'
}
check_pipe depth/pdn-100000 3 'too big: variations nested over 256 deep' \
    10 gen_deep_pdn
# the guard may see the depth before the reader does
check_pipe depth/xml-100000 3 'too big: variations nested over 250 deep|elements nested over 254 deep' \
    10 gen_deep_xml

# --- ten megabytes in one text --------------------------------------------
ten=$((10 * 1024 * 1024))
gen_a() { head -c "$1" /dev/zero | tr '\0' a; }
gen_tag() { printf '[Event "'; gen_a $ten; printf '"]\n\n*\n'; }
gen_comment() { printf '[Event "c"]\n\n{'; gen_a $ten; printf '} *\n'; }
gen_move() { printf '[Event "m"]\n\n1. '; gen_a $ten; printf ' *\n'; }
gen_name() { printf '['; gen_a $ten; printf ' "v"]\n\n*\n'; }
check_pipe text/pdn-tag-value-10MB 3 'too big: tag value over 1 MiB' 10 gen_tag
check_pipe text/pdn-comment-10MB 3 'too big: comment over 1 MiB' 10 gen_comment
check_pipe text/pdn-move-10MB 3 'too big: move text over 4096 bytes' 10 gen_move
check_pipe text/pdn-tag-name-10MB 3 'too big: tag name over 256 bytes' 10 gen_name
# XML: libxml2 refuses a text node over 10000000 bytes before the reader
gen_xml_tag() {
	printf '<stackref xmlns="urn:stackref:record:1" version="1"><game>'
	printf '<tag name="Event">'; gen_a $ten
	printf '</tag><result>*</result></game></stackref>\n'
}
check_pipe text/xml-tag-value-10MB 3 'too big: tag value over 1 MiB|huge text node' \
    10 gen_xml_tag
# 65 comments of 1 MiB less a byte: each within its limit, the game not
gen_comments() {
	local c i
	c=$(gen_a $((1024 * 1024 - 1)))
	printf '[Event "c"]\n\n'
	for i in $(seq 65); do printf '{%s}\n' "$c"; done
	echo '*'
}
check_pipe text/pdn-game-64MiB 3 'too big: game over 64 MiB of text' 20 gen_comments

# --- thousands of checkers on a square -----------------------------------
stack=$(gen_a 5000 | tr a w)
gen_stack() { printf '[Game "stackup"]\n[FEN "w:1=%s,2=b"]\n\n*\n' "$stack"; }
check_pipe fen/stack-5000 3 'bad FEN position: stack too high at character 5' 10 gen_stack
# the same square 3000 times in a checkers FEN
gen_squares() { printf '[FEN "B:W%s:B5"]\n\n*\n' "$(yes 9 | head -n 3000 | paste -sd,)"; }
check_pipe fen/square-3000-times 3 'given twice' 10 gen_squares
run 10 "$bin" new stackup -o "$tmp/n.pdn" -t "FEN=w:1=$stack" >"$tmp/out" 2>"$tmp/err"
verdict fen/new-stack-5000 3 'bad FEN position: stack too high'
if [ -e "$tmp/n.pdn" ]; then fail fen/new-nothing-written; else pass fen/new-nothing-written; fi

# --- the XML entity bomb ---------------------------------------------------
dtd='expected a document with no DOCTYPE or other declaration'
run 5 "$bin" check - <"$root/fixtures/xml/billion-laughs.xml" >"$tmp/out" 2>"$tmp/err"
verdict entity/billion-laughs-stdin 3 "$dtd" 65536
gen_bomb() {
	printf '<?xml version="1.0"?>\n<!-- a comment first -->\n'
	cat "$root/fixtures/xml/billion-laughs.xml" | sed 1d
	head -c $GiB /dev/zero | tr '\0' ' '
}
check_pipe entity/billion-laughs-after-comment 3 "$dtd" 5 gen_bomb

# --- a thousand nested MIME parts, through fetch ----------------------------
# nested N: a mail whose body is N multiparts one in the other, a record
# attached at the bottom.
nested() {
	local i
	printf 'From: ann@example.test\nTo: bob@example.test\nSubject: deep\n'
	printf 'Message-ID: <deep@example.test>\nMIME-Version: 1.0\n'
	printf 'Content-Type: multipart/mixed; boundary="b0"\n\n'
	for i in $(seq 1 "$1"); do
		printf -- '--b%d\nContent-Type: multipart/mixed; boundary="b%d"\n\n' \
		    $((i - 1)) "$i"
	done
	printf -- '--b%d\nContent-Type: application/x-pdn; name="g.pdn"\n\n' "$1"
	cat "$tmp/g.pdn"
	for i in $(seq "$1" -1 0); do printf -- '\n--b%d--\n' "$i"; done
}
env_text=$(bash "$root/tests/servers.sh" start 2>"$tmp/start.err")
case $? in
0)
	eval "$env_text"
	srv_dir=$SR_DIR
	export BOB_PW=bob-secret
	d=$SR_MAILHOME/bob/Maildir
	mkdir -p "$d/new" "$d/cur" "$d/tmp"
	"$bin" new checkers -t GameId=sr-00000000000000dd -o "$tmp/g.pdn"
	nested 1000 | sed 's/$/\r/' >"$d/tmp/deep"
	chown -R 65534:65534 "$SR_MAILHOME/bob"
	mv "$d/tmp/deep" "$d/new/1.deep"
	imap=imap://127.0.0.1:$SR_IMAP_PORT/INBOX
	run 20 "$bin" fetch --user bob --password-env BOB_PW \
	    --cacert "$SR_CACERT" -o "$tmp/got.pdn" "$imap" >"$tmp/out" 2>"$tmp/err"
	verdict mime/nested-1000-alone 5 'no message of the newest 200 carries a record \(the newest unreadable mail: MIME parts nested deeper than 16 levels\)'
	if [ -e "$tmp/got.pdn" ]; then fail mime/nothing-written; else pass mime/nothing-written; fi
	# an older mail with the record at a sane depth is still found:
	# the deep one is skipped as carrying no record.  One mail at a
	# time, each seen by a fetch, so that their order is sure.
	nested 3 | sed 's/$/\r/' >"$d/tmp/ok"
	nested 1000 | sed 's/$/\r/' >"$d/tmp/deep2"
	chown -R 65534:65534 "$SR_MAILHOME/bob"
	mv "$d/tmp/ok" "$d/new/2.ok"
	"$bin" fetch --user bob --password-env BOB_PW --cacert "$SR_CACERT" \
	    "$imap" >/dev/null 2>&1
	mv "$d/tmp/deep2" "$d/new/3.deep"
	run 20 "$bin" fetch --user bob --password-env BOB_PW \
	    --cacert "$SR_CACERT" -o "$tmp/got.pdn" "$imap" >"$tmp/out" 2>"$tmp/err"
	verdict mime/nested-1000-skipped 0 ''
	if cmp -s "$tmp/g.pdn" "$tmp/got.pdn"; then
		pass mime/older-record-found
	else
		fail mime/older-record-found "$(cat "$tmp/err")"
	fi
	;;
*) fail mime/servers "$(cat "$tmp/start.err")" ;;
esac
