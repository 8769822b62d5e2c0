#!/bin/bash
# referee.sh - `stackref referee` (stackref-referee(8)) end to end, by
# mail, against real servers on 127.0.0.1 started and stopped here
# (tests/servers.sh: Dovecot IMAPS, Exim SMTPS, a private CA).  Two test
# users, ann and bob, sign up and play two games by mail until they end
# (ann's first checkers move sent with `stackref post --pbem`, the rest
# by hand-made mails):
# a short checkers game (fixtures/referee/checkers-moves, a refused draw
# offer, a resignation) and the accasta-pari game of
# fixtures/games/accasta-pari.pdn to its last ply.  Every reply is read
# from the users' mailboxes and checked.  On the way: a forged move, a
# wrong password, a move out of turn, a duplicate mail, a stale #N, an
# illegal move, a garbage mail, a mail carrying another board's record,
# the referee killed between apply and reply, the SMTP server stopped
# mid-game (status 5, the next run recovers), the IMAP server
# unreachable (status 5, nothing changed), two runs at once.
# Prints PASS:/FAIL:/SKIP: lines.
set -u
root=$(cd "$(dirname "$0")/.." && pwd)
bin=${STACKREF:-$root/stackref}
fx=$root/fixtures/referee
tmp=$(mktemp -d) || exit 1
state=$tmp/state

pass() { echo "PASS: referee/$1"; }
fail() { echo "FAIL: referee/$1"; shift; [ $# -gt 0 ] && printf '%s\n' "$@"; }
skip() { echo "SKIP: referee/all ($1)"; rm -rf "$tmp"; exit 0; }

command -v curl >/dev/null 2>&1 || skip "no curl"
"$bin" help referee >/dev/null 2>&1 || skip "no referee command yet"
env=$("$root/tests/servers.sh" start 2>"$tmp/start.err")
case $? in
0) ;;
77) skip "$(head -n 1 "$tmp/start.err")" ;;
*) fail servers "$(cat "$tmp/start.err")"; rm -rf "$tmp"; exit 1 ;;
esac
eval "$env"
trap '"$root/tests/servers.sh" stop >/dev/null 2>&1; rm -rf "$tmp"' EXIT
trap 'exit 130' INT TERM

D=$SR_DOMAIN
IMAPS=imaps://127.0.0.1:$SR_IMAPS_PORT/INBOX
SMTPS=smtps://127.0.0.1:$SR_SMTPS_PORT
printf 'referee-secret\n' >"$tmp/referee.pw"
declare -A last=()     # last UID read, per mailbox
sent=0                 # mails sent to the referee
seq=0

# mailpw USER: the server password of USER.
mailpw() { echo "$1-secret"; }

# curl_imap USER URL-SUFFIX [ARGS]: an IMAPS request as USER.
curl_imap() {
	local u=$1 s=$2
	shift 2
	curl -sS --cacert "$SR_CACERT" --user "$u:$(mailpw "$u")" \
	    "$IMAPS$s" "$@"
}

# uids USER: the UIDs of USER's INBOX.
uids() {
	curl_imap "$1" "" -X 'UID SEARCH ALL' | tr -d '\r' |
	    sed -n 's/^\* SEARCH//p'
}

# wait_referee: until the referee's INBOX holds every mail sent to it.
wait_referee() {
	local i
	for i in $(seq 200); do	# up to 10 s: CI machines can be busy
		[ "$(uids referee | wc -w)" -ge "$sent" ] && return 0
		sleep 0.05
	done
	return 1
}

# compose USER SUBJECT FROM ATTACH: a mail to the referee on stdout.
compose() {
	seq=$((seq + 1))
	printf 'From: %s\r\nTo: referee@%s\r\nSubject: %s\r\n' "$3" "$D" "$2"
	printf 'Message-ID: <t%d.%s@%s>\r\nDate: %s\r\nMIME-Version: 1.0\r\n' \
	    "$seq" "$$" "$D" "$(date -R)"
	if [ -z "$4" ]; then
		printf 'Content-Type: text/plain\r\n\r\nmy move\r\n'
		return
	fi
	printf 'Content-Type: multipart/mixed; boundary="b0"\r\n\r\n'
	printf -- '--b0\r\nContent-Type: text/plain\r\n\r\nmy move\r\n'
	printf -- '--b0\r\nContent-Type: application/x-pdn\r\n'
	printf 'Content-Disposition: attachment; filename="game.pdn"\r\n\r\n'
	sed 's/$/\r/' "$4"
	printf -- '--b0--\r\n'
}

# submit USER FILE: sends the mail FILE as USER.
submit() {
	curl -sS --cacert "$SR_CACERT" "$SMTPS/test.$D" --user \
	    "$1:$(mailpw "$1")" --mail-from "$1@$D" --mail-rcpt "referee@$D" \
	    --upload-file "$2" && sent=$((sent + 1)) && wait_referee
}

# send USER SUBJECT [FROM [ATTACH]]: mails the referee as USER; the
# mail is kept as $tmp/last.eml.
send() {
	compose "$1" "$2" "${3:-$1@$D}" "${4:-}" >"$tmp/last.eml"
	submit "$1" "$tmp/last.eml"
}

# send_pbem USER BOARD MOVE: USER sends MOVE to the referee the way a
# player does from the shell, `stackref post --pbem` on a copy of the
# record, with both passwords from the environment.
send_pbem() {
	record "$2" >"$tmp/$1.pdn"
	PBEM_PW="$1-pw" MAIL_PW="$(mailpw "$1")" "$bin" post --pbem "$3" \
	    --user-id "$1" --pbem-password-env PBEM_PW --from "$1@$D" \
	    --to "referee@$D" --user "$1" --password-env MAIL_PW \
	    --cacert "$SR_CACERT" "$tmp/$1.pdn" "$SMTPS" \
	    2>"$tmp/pbem.err" && sent=$((sent + 1)) && wait_referee
}

# referee [ARGS]: one run; its status in $rc, its output in $tmp/ref.*.
referee() {
	"$bin" referee --dir "$state" --imap "$IMAPS" \
	    --smtp "$SMTPS/referee.$D" --address "referee@$D" \
	    --cacert "$SR_CACERT" --user referee \
	    --password-file "$tmp/referee.pw" "$@" \
	    >"$tmp/ref.out" 2>"$tmp/ref.err"
	rc=$?
}

# decode: joins quoted-printable soft line breaks, drops CRs.
decode() {
	tr -d '\r' | sed -e ':a' -e '/=$/{N;s/=\n//;ba}' -e 's/=3D/=/g'
}

# fetch USER: the mails USER received since the last fetch, decoded,
# into $tmp/USER.1 ...; their number in $got.
fetch() {
	local u=$1 uid
	got=0
	rm -f "$tmp/$u".[0-9]*
	for uid in $(uids "$u"); do
		[ "$uid" -le "${last[$u]:-0}" ] && continue
		got=$((got + 1))
		curl_imap "$u" ";UID=$uid" | decode >"$tmp/$u.$got"
		last[$u]=$uid
	done
}

# pending USER: how many mails USER has not read yet.
pending() {
	local c=0 uid
	for uid in $(uids "$1"); do
		[ "$uid" -gt "${last[$1]:-0}" ] && c=$((c + 1))
	done
	echo $c
}

# expect NAME USER N [TEXT...]: USER received exactly N new mails, and
# the first holds each TEXT.
expect() {
	local name=$1 u=$2 n=$3 t i
	shift 3
	for i in $(seq 200); do	# up to 10 s, as wait_referee
		[ "$(pending "$u")" -ge "$n" ] && break
		sleep 0.05
	done
	[ "$n" -eq 0 ] && sleep 0.1
	fetch "$u"
	if [ "$got" -ne "$n" ]; then
		fail "$name" "$u received $got mails, expected $n" \
		    "$(cat "$tmp/ref.out" "$tmp/ref.err")"
		return 1
	fi
	for t in "$@"; do
		grep -qF -- "$t" "$tmp/$u.1" && continue
		fail "$name" "$u's mail lacks: $t" "$(cat "$tmp/$u.1")"
		return 1
	done
	pass "$name"
}

# status NAME WANT: the last run ended with status WANT.
status() {
	if [ "$rc" -eq "$2" ]; then
		pass "$1"
	else
		fail "$1" "status $rc, expected $2" "$(cat "$tmp/ref.err")"
	fi
}

# record B: the record of board B.
record() { cat "$state/games/$1.pdn" 2>/dev/null; }

# confirm USER: USER replies to the confirmation in $tmp/USER.1 with its
# subject ("Re: confirm USER TOKEN").
confirm() {
	local subj
	subj=$(sed -n 's/^Subject: //p' "$tmp/$1.1" | head -n 1)
	send "$1" "Re: $subj"
}

# --- signing up -------------------------------------------------------
send ann "signup ann ann-pw"
send bob "signup bob bob-pw"
referee
status signup/run 0
expect signup/ann ann 1 "Welcome, ann" "ann@$D"
confirm ann
expect signup/bob bob 1 "Welcome, bob"
confirm bob
if [ ! -s "$state/players" ] && grep -q '^ann ann@example.test \$y\$' \
    "$state/pending"; then
	pass signup/waits-for-confirmation
else
	fail signup/waits-for-confirmation "$(cat "$state/players")"
fi
referee
status signup/confirm-run 0
expect signup/confirmed-ann ann 1 "Welcome, ann: you are signed up"
expect signup/confirmed-bob bob 1 "Welcome, bob: you are signed up"
if grep -q '^ann ann@example.test \$y\$' "$state/players" &&
    ! grep -q 'ann-pw\|bob-pw' "$state/players" &&
    [ "$(stat -c %a "$state/players")" = 600 ]; then
	pass signup/hashed
else
	fail signup/hashed "$(ls -l "$state"; cat "$state/players")"
fi

# --- two boards -------------------------------------------------------
send ann "checkers challenge ann bob"
send bob "accasta-pari challenge ann bob"
referee
status challenge/run 0
fetch ann; fetch bob
if [ "$got" -eq 2 ] && grep -q 'GameId "1"' "$state/games/1.pdn" &&
    grep -q 'GameId "2"' "$state/games/2.pdn" &&
    grep -qF 'Subject: New checkers board 1: ann to move (ply 1)' \
    "$tmp/bob.1" &&
    grep -qF 'Subject: New accasta-pari board 2: ann to move (ply 1)' \
    "$tmp/bob.2" && ! grep -q 'pw\|\$y\$' "$state"/games/*.pdn; then
	pass challenge/boards
else
	fail challenge/boards "$(cat "$tmp/bob.1" "$tmp/ref.out")"
fi

# play USER BOARD GAME PLY MOVE OTHER NEXT: USER plays MOVE as ply PLY;
# both players are told, NEXT is to move (or "game over RESULT").
play() {
	local u=$1 b=$2 g=$3 p=$4 m=$5 o=$6 next=$7 subj
	if [ "$g" = checkers ] && [ "$p" -eq 1 ]; then
		send_pbem "$u" "$b" "$m" ||
		    fail "$g/ply-$p/post-pbem" "$(cat "$tmp/pbem.err")"
	else
		send "$u" "$g move $b $u $u-pw $m#$p"
	fi
	referee
	[ "$rc" -eq 0 ] || { fail "$g/ply-$p" "status $rc" "$(cat "$tmp/ref.err")"; return; }
	case $next in
	"game over"*) subj="$g board $b: $next" ;;
	*) subj="$g board $b: $next to move (ply $((p + 1)))" ;;
	esac
	expect "$g/ply-$p/$u" "$u" 1 "Subject: $subj" "$u (" "application/x-pdn"
	expect "$g/ply-$p/$o" "$o" 1 "Subject: $subj" "played $m"
}

# refused NAME USER SUBJECT TEXT [FROM [ATTACH]]: the request is refused
# with a reply to the sender (FROM) holding TEXT; the boards unchanged.
refused() {
	local name=$1 u=$2 s=$3 t=$4 from=${5:-$2@$D} att=${6:-} to o
	to=${from%@*}
	cat "$state"/games/*.pdn >"$tmp/before"
	send "$u" "$s" "$from" "$att"
	referee
	status "$name/run" 0
	expect "$name/reply" "$to" 1 "Subject: Refused:" "$t"
	for o in ann bob; do
		[ "$o" = "$to" ] || expect "$name/nothing-to-$o" "$o" 0
	done
	cat "$state"/games/*.pdn | cmp -s - "$tmp/before" &&
	    pass "$name/unchanged" || fail "$name/unchanged"
}

# --- the checkers game, and the refusals on the way ------------------
n=0
while read -r m <&3; do
	n=$((n + 1))
	if [ $((n % 2)) -eq 1 ]; then u=ann o=bob; else u=bob o=ann; fi
	case $n in
	3) refused forged bob "checkers move 1 ann guess 8-11#3" \
	    "wrong userid or password" "ann@$D" ;;
	4) refused wrong-password bob "checkers move 1 bob ann-pw 22-17#4" \
	    "wrong userid or password" ;;
	5) refused out-of-turn bob "checkers move 1 bob bob-pw 22-18#5" \
	    "it is ann's turn" ;;
	6) refused stale bob "checkers move 1 bob bob-pw 17-14#5" \
	    "stale request: sent as ply #5, but the next ply is #6" ;;
	7) refused illegal ann "checkers move 1 ann ann-pw 11-16#7" \
	    "legal moves: 10x17" ;;
	8) refused garbage ann "hello referee, how are you?" "Commands"
	   refused other-record bob "checkers move 1 bob bob-pw 21x14#8" \
	    "the attached record game.pdn is of accasta-pari board 2" \
	    "" "$state/games/2.pdn" ;;
	esac
	play $u 1 checkers $n "$m" $o "$o"
	if [ $n -eq 2 ]; then
		# the same mail again: nothing changes, nothing is sent
		cp "$state/games/1.pdn" "$tmp/before"
		submit bob "$tmp/last.eml"
		referee
		status duplicate/run 0
		expect duplicate/ann ann 0
		expect duplicate/bob bob 0
		cmp -s "$state/games/1.pdn" "$tmp/before" &&
		    pass duplicate/unchanged || fail duplicate/unchanged
	fi
done 3<"$fx/checkers-moves"

# a draw offer (ply 9), refused; then the referee killed between apply
# and reply; then the SMTP server stopped; then bob resigns
send ann "checkers move 1 ann ann-pw propose#9"
referee
expect draw/offer/ann ann 1 "Pending: red offers a draw"
expect draw/offer/bob bob 1 "Last action: offer-draw red"
send bob "checkers move 1 bob bob-pw reject#9"
referee
expect draw/reject/ann ann 1 "Last action: decline-draw white"
expect draw/reject/bob bob 1 "ann's turn"

send ann "checkers move 1 ann ann-pw 15-18#9"
export STACKREF_REFEREE_CRASH=apply
referee
unset STACKREF_REFEREE_CRASH
if [ "$rc" -eq 99 ] && record 1 | grep -q '15-18'; then
	pass crash/applied
else
	fail crash/applied "status $rc" "$(record 1)"
fi
expect crash/nothing-yet ann 0
referee
status crash/recover 0
expect crash/ann-once ann 1 "bob to move (ply 10)"
expect crash/bob-once bob 1 "played 15-18"
referee
expect crash/no-more ann 0

send bob "checkers move 1 bob bob-pw 25-22#10"
exim_pid=$(tr -dc 0-9 <"$SR_DIR/exim/exim.pid")
kill -TERM "$exim_pid"
for i in $(seq 50); do [ -d "/proc/$exim_pid" ] || break; sleep 0.1; done
referee
status smtp-down/status-5 5
if record 1 | grep -q '25-22' && [ -n "$(ls "$state/queue")" ]; then
	pass smtp-down/kept
else
	fail smtp-down/kept "$(ls -R "$state/queue")"
fi
exim4 -C "$SR_DIR/exim/exim.conf" -bd
for i in $(seq 100); do
	(exec 3<>"/dev/tcp/127.0.0.1/$SR_SMTPS_PORT") 2>/dev/null && break
	sleep 0.05
done
referee
status smtp-down/recover 0
expect smtp-down/ann ann 1 "ann to move (ply 11)" "played 25-22"
expect smtp-down/bob bob 1 "ann to move (ply 11)"

cp -r "$state" "$tmp/state-before"
"$bin" referee --dir "$state" --imap "imaps://127.0.0.1:1/INBOX" \
    --smtp "$SMTPS/referee.$D" --address "referee@$D" \
    --cacert "$SR_CACERT" --user referee \
    --password-file "$tmp/referee.pw" >/dev/null 2>"$tmp/ref.err"
rc=$?
status imap-down/status-5 5
diff -r "$state" "$tmp/state-before" >/dev/null &&
    pass imap-down/unchanged || fail imap-down/unchanged

# two runs at once: the lock makes them take turns; one reply
send ann "checkers show 1"
referee & referee
wait
expect overlap/one-reply ann 1 "Subject: checkers board 1: ann to move"

send bob "checkers resign 1 bob bob-pw#11"
referee
expect checkers/resign/ann ann 1 "game over 1-0" "Game over: 1-0"
expect checkers/resign/bob bob 1 "game over 1-0"
refused after-end ann "checkers move 1 ann ann-pw 9-13" "the game is over"
"$bin" check "$state/games/1.pdn" >/dev/null 2>&1 &&
    pass checkers/record-valid || fail checkers/record-valid

# --- the accasta-pari game, to its end --------------------------------
sed '/^\[/d' "$root/fixtures/games/accasta-pari.pdn" | tr ' ' '\n' |
    grep -v '^[0-9]*\.$' | grep -v '^$' | grep -v -- '-[01]$' >"$tmp/plies"
total=$(wc -l <"$tmp/plies")
n=0
while read -r m <&3; do
	n=$((n + 1))
	if [ $((n % 2)) -eq 1 ]; then u=ann o=bob; else u=bob o=ann; fi
	next=$o
	[ "$n" -eq "$total" ] && next="game over 0-1"
	play $u 2 accasta-pari $n "$m" $o "$next"
done 3<"$tmp/plies"
if record 2 | grep -q '^\[Result "0-1"\]' &&
    "$bin" check "$state/games/2.pdn" >/dev/null 2>&1; then
	pass accasta-pari/over
else
	fail accasta-pari/over "$(record 2)"
fi
referee
status idle/run 0
expect idle/nothing ann 0
