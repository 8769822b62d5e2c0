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
# unreachable (status 5, nothing changed), two runs at once.  Signups
# are confirmed by replying to the referee's mail; their hashes are
# yescrypt at the default cost 5 ($y$j9T$), carol's at --hash-cost 1
# ($y$j75$: i13/hash-cost).
# Then issue 10, in a fresh state directory, one case at a time (each
# starts with the mailbox clear, so that with the referee before it each
# fails on its own): a mail whose decision crashes, spins, hangs or runs
# out of memory (test hook STACKREF_REFEREE_CRASH), the XML record that
# crashed every reader, long, folded and missing Message-IDs, the
# 10,001st signup, automatic mails and two referees answering each
# other, passwords masked, attachment values quoted in the log, a forged
# signup and refusals to a stranger, 60 password guesses, a recipient
# Exim defers (451) for three days; then the load test: a game among 96
# hostile mails.  Then the time pass (issue 12), and records it cannot read
# (issue 19: one over 16 MiB, a directory).  Then issue 21: a mail whose
# body lines have any shape (998 to 100,000 bytes, bare CR or LF, NUL,
# no line end) does not lose the next one, and every malformed variant
# of every verb that takes a password keeps the password out of the
# replies, the log and the state; four players subscribed by a forged
# From get one mail each to confirm and nothing more, a board's watchers
# get no more than its daily budget, and the account verbs (password,
# reset, address, retire) work by mail with their refusals; no pool one
# source can fill: 120 forged signups, then a real one; pbmserv's
# challenge without a password refused; challenges per pair and per
# challenger (--max-challenges), boards per player (--max-boards).
# Then issue 22: ratings: a rated game ended by a resignation and one by
# a move change both players' Glicko-2 ratings once, said in the
# game-over mails, shown by games USERID and GAME ratings; an unrated
# game changes nothing; stats --ratings gives the same numbers.
# Prints PASS:/FAIL: lines; when it cannot run (no curl, servers that
# cannot start: not root, packages missing) it fails.
set -u
root=$(cd "$(dirname "$0")/.." && pwd)
bin=${STACKREF:-$root/stackref}
fx=$root/fixtures/referee
. "$root/tests/lib/common.sh"
. "$root/tests/lib/store.sh"
need curl curl referee/all
need strace strace referee/all
need sqlite3 sqlite3 referee/all
tmp=$(mktemp -d) || exit 1
state=$tmp/state

pass() { echo "PASS: referee/$1"; }
fail() { echo "FAIL: referee/$1"; shift; [ $# -gt 0 ] && printf '%s\n' "$@"; }
cannot() { fail "all (cannot run: $1)"; rm -rf "$tmp"; exit 1; }

"$bin" help referee >/dev/null 2>&1 || cannot "no referee command"
SR_MORE_USERS="dave:dave-secret erin:erin-secret fay:fay-secret gus:gus-secret"
export SR_MORE_USERS
servers_up

. "$root/tests/lib/mailref.sh"

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
if grep -q '^ann ann@example.test \$y\$j9T\$' "$state/players" &&
    ! grep -q 'ann-pw\|bob-pw' "$state/players" &&
    [ "$(stat -c %a "$state/players")" = 600 ]; then
	pass signup/hashed
else
	fail signup/hashed "$(ls -l "$state"; cat "$state/players")"
fi

# --- two boards: challenged, then accepted (issue 13) -----------------
send ann "checkers challenge ann ann-pw bob"
send ann "accasta-pari challenge ann ann-pw bob"
referee
status challenge/run 0
fetch ann; na=$got; fetch bob
if [ "$got" -eq 2 ] && [ "$na" -eq 2 ] && [ -z "$(ls "$state/games")" ] &&
    grep -qF 'Subject: checkers board 1: ann challenges you' "$tmp/bob.1" &&
    grep -qF 'checkers accept 1 bob PASSWORD' "$tmp/bob.1" &&
    grep -qF 'Subject: accasta-pari board 2: ann challenges you' \
    "$tmp/bob.2" && grep -qF 'checkers decline 1 ann PASSWORD' \
    "$tmp/ann.1"; then
	pass challenge/waits
else
	fail challenge/waits "$(cat "$tmp/bob.1" "$tmp/ref.out")"
fi
send bob "checkers accept 1 bob bob-pw"
send bob "accasta-pari accept 2 bob bob-pw"
referee
status challenge/accept-run 0
fetch ann; fetch bob
if [ "$got" -eq 2 ] && grep -q 'GameId "1"' "$state/games/1.pdn" &&
    grep -q 'GameId "2"' "$state/games/2.pdn" &&
    grep -qF 'Subject: New checkers board 1: ann to move (ply 1)' \
    "$tmp/bob.1" &&
    grep -qF 'Subject: New accasta-pari board 2: ann to move (ply 1)' \
    "$tmp/bob.2" && ! grep -q 'pw\|\$y\$' "$state"/games/*.pdn &&
    ! grep -q '^[0-9]' "$state/challenges"; then
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
expect draw/offer/bob bob 1 "Last action: Red offers a draw."
send bob "checkers move 1 bob bob-pw reject#9"
referee
expect draw/reject/ann ann 1 "Last action: White declines the draw."
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

store "$state" --export "$tmp/state-before"
store "$state" --imap "imaps://127.0.0.1:1/INBOX" \
    --smtp "$SMTPS/referee.$D" --address "referee@$D" \
    --cacert "$SR_CACERT" --user referee \
    --password-file "$tmp/referee.pw" >/dev/null 2>"$tmp/ref.err"
rc=$?
status imap-down/status-5 5
store "$state" --export "$tmp/state-after"
diff -r "$tmp/state-after" "$tmp/state-before" >/dev/null &&
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

# === issue 10: nothing a stranger mails can stop, slow or use it ======
# A fresh state: ann and bob sign up again, board 1 of checkers.  carol
# has a mailbox but is no player; later.example.test is deferred (4xx)
# by Exim.
state=$tmp/abuse

# rawsend USER FILE: submits the mail FILE (LF line ends made CRLF) as
# USER, whatever its From says.
rawsend() {
	sed 's/\r*$/\r/' "$2" >"$tmp/raw.eml"
	submit "$1" "$tmp/raw.eml"
}

# mail_file FILE FROM SUBJECT [HEADER...]: writes a mail to the referee
# with those headers (and a new Message-ID unless one is given) to FILE.
mail_file() {
	local f=$1 from=$2 subj=$3 h
	shift 3
	seq=$((seq + 1))
	{
		printf 'From: %s\nTo: referee@%s\nSubject: %s\n' "$from" "$D" \
		    "$subj"
		case "$*" in
		*Message-I[Dd]:* | *NOID*) ;;
		*) printf 'Message-ID: <x%d.%s@%s>\n' "$seq" "$$" "$D" ;;
		esac
		for h in "$@"; do
			[ "$h" = NOID ] || printf '%s\n' "$h"
		done
		printf '\nhello\n'
	} >"$f"
}

# hostile USER FROM SUBJECT [HEADER...]: mail_file, then rawsend.
hostile() {
	local u=$1
	shift
	mail_file "$tmp/h.eml" "$@"
	rawsend "$u" "$tmp/h.eml"
}

# nolines FILE TEXT: FILE does not hold TEXT.
nolines() { ! grep -qF -- "$2" "$1"; }

# section: a case starts with nothing left unflagged in the referee's
# mailbox (a no-op unless a referee left a mail it could not process,
# as the referee before issue 10 did: then each case still shows its
# own failure, not the first one's).
section() {
	curl_imap referee "" -X "UID STORE 1:* +FLAGS (StackrefDone)" \
	    >/dev/null 2>&1
}

# keyword WORD: the UIDs of the referee's mails flagged WORD.
keyword() {
	curl_imap referee "" -X "UID SEARCH KEYWORD $1" | tr -d '\r' |
	    sed -n 's/^\* SEARCH//p' | wc -w
}

mkdir -m 700 "$state"
cp -p "$tmp/state/players" "$state/players"     # ann and bob, as above
send ann "checkers challenge ann ann-pw bob"
referee
fetch ann; fetch bob
send bob "checkers accept 1 bob bob-pw"
referee
expect abuse/board-ann ann 1 "New checkers board 1"
expect abuse/board-bob bob 1 "New checkers board 1"
grep -q '^Auto-Submitted: auto-replied$' "$tmp/ann.1" &&
    pass loops/replies-auto-submitted ||
    fail loops/replies-auto-submitted "$(head -n 20 "$tmp/ann.1")"

# --- 1: a crash or a hang deciding one mail does not stop the run -----
section
# (test hook: the decision of a mail whose Subject holds the word
# crashes, spins or hangs, as a bug could make it)
poison() {
	local kind=$1 want=$2 move=$3 mover=$4 t0 t1
	send bob "hello poison-$kind"
	send "$mover" "$move"
	t0=$(date +%s)
	STACKREF_REFEREE_CRASH=$kind:poison-$kind referee
	t1=$(date +%s)
	status "poison/$kind/run" 0
	expect "poison/$kind/answered" bob 2 "Subject: Refused" "$want" \
	    "set aside"
	grep -q "played" "$tmp/bob.2" && pass "poison/$kind/next-mail-bob" ||
	    fail "poison/$kind/next-mail-bob" "$(cat "$tmp/bob.2")"
	expect "poison/$kind/next-mail-ann" ann 1 "played"
	[ $((t1 - t0)) -le 25 ] && pass "poison/$kind/bounded" ||
	    fail "poison/$kind/bounded" "$((t1 - t0)) s"
	[ "$(grep -lF "$want" "$state"/aside/* | wc -l)" -eq 1 ] &&
	    pass "poison/$kind/aside" || fail "poison/$kind/aside" \
	    "$(head -n 2 "$state"/aside/* 2>&1)"
}
poison segv "crashed (signal " "checkers move 1 ann ann-pw 11-15#1" ann
poison spin "took more than 2 s of CPU" \
    "checkers move 1 bob bob-pw 23-19#2" bob
poison hang "took more than 10 s" "checkers move 1 ann ann-pw 8-11#3" ann
[ "$(keyword StackrefAside)" -eq 3 ] && pass poison/flagged-aside ||
    fail poison/flagged-aside "$(keyword StackrefAside) mails flagged"
referee
status poison/next-run 0
expect poison/not-again-ann ann 0
expect poison/not-again-bob bob 0
[ "$(ls "$state/aside" | wc -l)" -eq 3 ] && pass poison/aside-once ||
    fail poison/aside-once "$(ls "$state/aside")"

section
# Out of memory in a decision (test hook: as when an allocation fails
# in the decision's wrapper) ends its process, reported: the mail is set
# aside, answered from its header, and the next mail is answered.
send bob "hello poison-nomem"
send ann "checkers show 1"
STACKREF_REFEREE_CRASH=nomem:poison-nomem referee
status poison/nomem/run 0
expect poison/nomem/answered bob 1 "Subject: Refused" \
    "its decision ran out of memory" "set aside"
expect poison/nomem/next-mail ann 1 "Subject: checkers board 1"
grep -qx 'stackref: out of memory' "$tmp/ref.err" &&
    pass poison/nomem/reported || fail poison/nomem/reported \
    "$(cat "$tmp/ref.err")"
[ "$(grep -lF "ran out of memory" "$state"/aside/* | wc -l)" -eq 1 ] &&
    pass poison/nomem/aside || fail poison/nomem/aside \
    "$(head -n 1 "$state"/aside/*)"

# --- a store locked by another process (issue 20): the run says so in
# one line, status 4, and flags no mail done; the next run answers it
section
send ann "checkers show 1"
flagged=$(keyword StackrefDone)
if [ -z "${SR_STORE:-}" ]; then
	store "$state" --import "$state" 2>/dev/null
	sqlite3 "$state/referee.db" 'BEGIN EXCLUSIVE; SELECT 1;' \
	    '.shell sleep 3' 'COMMIT;' >/dev/null 2>&1 &
	holder=$!
	sleep 0.5
	STACKREF_DB_WAIT_MS=300 store "$state" --imap "$IMAPS" \
	    --smtp "$SMTPS/referee.$D" --address "referee@$D" \
	    --cacert "$SR_CACERT" --user referee \
	    --password-file "$tmp/referee.pw" >"$tmp/ref.out" 2>"$tmp/ref.err"
	rc=$?
	wait "$holder"
	status store-locked/status 4
	[ "$(wc -l <"$tmp/ref.err")" -eq 1 ] && grep -q 'locked' "$tmp/ref.err" &&
	    pass store-locked/one-line || fail store-locked/one-line \
	    "$(cat "$tmp/ref.err")"
	[ "$(keyword StackrefDone)" -eq "$flagged" ] &&
	    pass store-locked/not-flagged || fail store-locked/not-flagged
fi
referee
status store-locked/next-run 0
expect store-locked/answered-later ann 1 "Subject: checkers board 1"

section
# The XML record whose first text element is empty (it crashed every
# reader): from a stranger asking to see the board, nothing reads it;
# from a player with a move, whatever it does to its decision, the run
# goes on.
printf '<stackref version="1" xmlns="urn:stackref:record:1"><game><tag name="GameId"></tag><result>*</result></game></stackref>\n' >"$tmp/crash.xml"
att_file() {	# att_file FILE FROM SUBJECT ATTACHMENT NAME
	seq=$((seq + 1))
	{
		printf 'From: %s\nTo: referee@%s\nSubject: %s\n' "$2" "$D" "$3"
		printf 'Message-ID: <a%d.%s@%s>\nMIME-Version: 1.0\n' "$seq" \
		    "$$" "$D"
		printf 'Content-Type: multipart/mixed; boundary="b0"\n\n'
		printf -- '--b0\nContent-Type: text/plain\n\nmy move\n'
		printf -- '--b0\nContent-Type: application/xml\n'
		printf 'Content-Disposition: attachment; filename="%s"\n\n' "$5"
		cat "$4"
		printf -- '--b0--\n'
	} >"$1"
}
att_file "$tmp/x1.eml" "carol@$D" "checkers show 1" "$tmp/crash.xml" g.xml
rawsend carol "$tmp/x1.eml"
att_file "$tmp/x2.eml" "ann@$D" "checkers move 1 ann wrong 9-13#5" \
    "$tmp/crash.xml" g.xml
rawsend ann "$tmp/x2.eml"
att_file "$tmp/x3.eml" "ann@$D" "checkers move 1 ann ann-pw 9-13#5" \
    "$tmp/crash.xml" g.xml
rawsend ann "$tmp/x3.eml"
send bob "checkers show 1"
referee
status xml-crash/run 0
expect xml-crash/stranger-sees-board carol 1 "Subject: checkers board 1"
expect xml-crash/wrong-password-first ann 2 "wrong userid or password"
expect xml-crash/next-mail bob 1 "Subject: checkers board 1"

# --- 2: long, folded or missing Message-IDs ---------------------------
section
long=$(printf 'x%.0s' $(seq 600))
hostile ann "ann@$D" "checkers show 1" "Message-ID: <$long@$D>"
hostile ann "ann@$D" "checkers show 1" "Message-ID:" "  <folded.$$@$D>"
cp "$tmp/h.eml" "$tmp/folded.eml"
hostile ann "ann@$D" "checkers show 1" NOID \
    "X-Padding: $(printf 'y%.0s' $(seq 900))"
referee
status message-id/run 0
expect message-id/all-answered ann 3 "Subject: checkers board 1"
rawsend ann "$tmp/folded.eml"
referee
status message-id/duplicate-run 0
expect message-id/folded-duplicate-ignored ann 0

# --- 3: the 10,001st signup -------------------------------------------
section
cp -r "$state" "$tmp/full"
hash=$(awk '$1 == "ann" { print $3 }' "$state/players")
awk -v h="$hash" 'BEGIN { for (i = 3; i <= 10000; i++)
    printf "p%d p%d@nowhere.test %s\n", i, i, h }' >>"$tmp/full/players"
state=$tmp/full
send bob "signup zed zed-pw"
send ann "checkers show 1"
referee
status full/run 0
expect full/refused bob 1 "Subject: Refused" "the referee is full"
expect full/next-mail ann 1 "Subject: checkers board 1"
state=$tmp/abuse

# --- 8: loops ---------------------------------------------------------
section
hostile ann "ann@$D" "checkers show 1" "Auto-Submitted: auto-replied"
hostile ann "ann@$D" "checkers show 1" "Precedence: bulk"
hostile ann "referee@$D" "checkers show 1"
referee
status loops/run 0
expect loops/not-answered ann 0
# two referees: B serves bob's mailbox as bob@example.test; a mail to A
# forged from B is answered once, and B does not answer that
hostile carol "bob@$D" "hello referee"
referee
refB() {
	store "$tmp/refB" --imap "imaps://127.0.0.1:$SR_IMAPS_PORT/INBOX" \
	    --smtp "$SMTPS/bob.$D" --address "bob@$D" --cacert "$SR_CACERT" \
	    --user bob --password-file <(echo bob-secret) >"$tmp/refB.out" 2>&1
}
before=$(uids referee | wc -w)
for i in 1 2 3; do refB; referee; done
after=$(uids referee | wc -w)
[ "$after" -eq "$before" ] && pass loops/two-referees ||
    fail loops/two-referees "$((after - before)) mails back" \
    "$(cat "$tmp/refB.out")"
expect loops/one-answer bob 1 "Subject: Refused"

# --- 11: the password masked wherever a request is quoted -------------
section
send ann "checkers move 1 ann ann-pw 11-15 #7"
send ann "checkers show 99"
referee
expect masked/subject ann 2 "Subject: Refused: checkers move 1 ann **** **** #7"
grep -q '^Subject: Refused: checkers show 99$' "$tmp/ann.2" &&
    pass masked/no-password || fail masked/no-password "$(cat "$tmp/ann.2")"
if ! grep -rqF ann-pw "$tmp/ann.1" "$tmp/ref.out" "$state/done" \
    "$state/queue"; then
	pass masked/nowhere
else
	fail masked/nowhere "$(grep -rF ann-pw "$tmp/ann.1" "$tmp/ref.out" \
	    "$state/done")"
fi

# --- 12: values of attachments quoted in the log -----------------------
section
printf '<stackref version="1" xmlns="urn:stackref:record:1"><game><tag name="Game">checkers</tag><tag name="GameId">1&#10;stackref: forged line</tag><result>*</result></game></stackref>\n' >"$tmp/nl.xml"
printf '[Game "\033[31mcheckers"]\n[GameId "1"]\n\n1. 11-15 *\n' >"$tmp/esc.pdn"
att_file "$tmp/x4.eml" "ann@$D" "checkers move 1 ann ann-pw 9-13" \
    "$tmp/nl.xml" g.xml
rawsend ann "$tmp/x4.eml"
att_file "$tmp/x5.eml" "ann@$D" "checkers move 1 ann ann-pw 9-13" \
    "$tmp/esc.pdn" g.pdn
rawsend ann "$tmp/x5.eml"
referee
status log/run 0
expect log/refused ann 2 "the attached record"
if [ "$(wc -l <"$tmp/ref.out")" -eq 2 ] &&
    ! grep -q '^stackref: forged' "$tmp/ref.out" "$state"/done/* &&
    ! grep -q "$(printf '\033')" "$tmp/ref.out" "$state"/done/*; then
	pass log/quoted
else
	fail log/quoted "$(cat -v "$tmp/ref.out")"
fi

# --- 9: reflection ----------------------------------------------------
section
hostile bob "bob@$D" "signup mallory pw123 carol@$D"
referee
expect reflect/one-confirmation carol 1 "Subject: confirm mallory "
expect reflect/nothing-to-bob bob 0
nolines "$tmp/carol.1" "pw123" && pass reflect/no-password ||
    fail reflect/no-password
send bob "checkers challenge bob bob-pw mallory"
hostile bob "bob@$D" "signup mallory2 pw carol@$D"
referee
expect reflect/not-a-player bob 2 "has not signed up"
expect reflect/no-second-mail carol 0
grep -q mallory "$state/players" && fail reflect/not-signed-up ||
    pass reflect/not-signed-up
for i in 1 2 3 4; do
	hostile bob "carol@$D" \
	    "checkers move 1 ann SECRETPW 11-15 BUY-CHEAP-PILLS-$i"
done
referee
# three answers a day, one of them the board it asked to see above
expect reflect/three-a-day carol 2 "Subject: Refused: your request"
if ! grep -q 'SECRETPW\|PILLS' "$tmp"/carol.[0-9]*; then
	pass reflect/quotes-nothing
else
	fail reflect/quotes-nothing "$(cat "$tmp/carol.1")"
fi

# --- 10: password guessing --------------------------------------------
section
for i in $(seq 60); do
	hostile carol "carol@$D" "checkers move 1 bob guess$i 22-18"
done
referee
status guess/run 0
expect guess/owner-told bob 1 "locked after 5 wrong passwords" "carol@$D"
expect guess/guesser-not-answered carol 0
[ "$(grep -c 'wrong userid or password\|locked' "$tmp/ref.out")" -eq 60 ] &&
    pass guess/all-refused || fail guess/all-refused "$(cat "$tmp/ref.out")"
# the lock refuses bob's right password from any other address (carol's
# stands for one), unchecked; from his own it is taken (issue 21, 4)
record 1 >"$tmp/before"
send carol "checkers move 1 bob bob-pw 22-18#4" "carol@$D"
referee
grep -q 'refused.*the userid bob is locked' "$tmp/ref.out" &&
    record 1 | cmp -s - "$tmp/before" && pass guess/locked-elsewhere ||
    fail guess/locked-elsewhere "$(cat "$tmp/ref.out")"
expect guess/locked-not-bob bob 0
send bob "checkers move 1 bob bob-pw 22-18#4"
referee
expect guess/own-address bob 1 "played 22-18"
expect guess/own-address-ann ann 1 "played 22-18"

# --- 4: a recipient the submission server defers (last: the referee
# before issue 10 stayed stuck on it) ---------------------------------
section
hostile carol "eve@later.$D" "hello"
send ann "checkers show 1"
referee
status tempfail/run 0
expect tempfail/next-mail ann 1 "Subject: checkers board 1"
try=$(ls "$state"/queue/*/mail-1.try 2>/dev/null | head -n 1)
if [ -n "$try" ] && grep -q "deferred" "$tmp/ref.out"; then
	pass tempfail/deferred
else
	fail tempfail/deferred "$(cat "$tmp/ref.out"; ls -R "$state/queue")"
fi
send ann "checkers show 1"
referee
status tempfail/not-first 0
expect tempfail/not-first-mail ann 1 "Subject: checkers board 1"
nolines "$tmp/ref.out" "eve@later" && pass tempfail/backoff ||
    fail tempfail/backoff "$(cat "$tmp/ref.out")"
if [ -n "$try" ]; then
	echo "1 0" >"$try"
	touch -d '4 days ago' "${try%.try}.eml"
fi
referee
status tempfail/expired-run 0
if grep -q 'eve@later.*dropped' "$tmp/ref.out" &&
    [ -z "$(ls "$state/queue")" ]; then
	pass tempfail/dropped-after-3-days
else
	fail tempfail/dropped-after-3-days "$(cat "$tmp/ref.out")"
fi

# === issue 13: what players see ======================================
# A fresh state: ann and bob as above; carol signs up to watch.  Every
# command of the conversation by mail, the replies read from the
# mailboxes: the subject each player is told to send (sent back as it
# is, with the password and move filled in), the board from each side
# (its PNG the one `show --format png` gives), the move list, the draw
# offer's answers to the right player, the winner, refusals precise and
# masked, a game page published by HTTP PUT (the first attempt failing).
state=$tmp/i13
mkdir -m 700 "$state"
cp -p "$tmp/state/players" "$state/players"
section
all_mails() { cat "$tmp"/ann.[0-9]* "$tmp"/bob.[0-9]* "$tmp"/carol.[0-9]* \
    2>/dev/null; }

# line USER: the subject line USER's last mail tells USER to play with.
line() {
	sed -n "s/^    \\([a-z-]* move [0-9]* $1 PASSWORD MOVE#[0-9]*\\)\$/\\1/p" \
	    "$tmp/$1.1" | head -n 1
}

# play_line USER MOVE: sends the line of USER's last mail, filled in.
play_line() {
	local l
	l=$(line "$1")
	[ -n "$l" ] || { fail "i13/line-$1" "$(cat "$tmp/$1.1")"; return 1; }
	l=${l/PASSWORD/$1-pw}
	send "$1" "${l/MOVE/$2}"
}

send carol "help"
send carol "Re: checkers help"
referee
status i13/help-run 0
expect i13/help carol 2 "Commands:" "GAME chat BOARD USERID PASSWORD TEXT" \
    "text/html"
grep -qF "For example: 11-15 15x22 15x22x29" "$tmp/carol.2" &&
    pass i13/game-help || fail i13/game-help "$(cat "$tmp/carol.2")"
send carol "signup carol carol-pw"
referee --hash-cost 1
if grep -q '^carol carol@example.test \$y\$j75\$' "$state/pending"; then
	pass i13/hash-cost
else
	fail i13/hash-cost "$(cat "$state/pending")"
fi
fetch carol
confirm carol
referee
expect i13/carol-signed-up carol 1 "Welcome, carol: you are signed up"

# a challenge with options, declined, then again and accepted
send ann "checkers challenge ann ann-pw bob first=bob"
referee
expect i13/challenged bob 1 "Subject: checkers board 1: ann challenges you" \
    "bob plays red and moves first" "checkers accept 1 bob PASSWORD"
expect i13/challenger ann 1 "waits for bob's answer" \
    "checkers decline 1 ann PASSWORD"
send bob "checkers decline 1 bob bob-pw"
referee
expect i13/declined-ann ann 1 "Subject: checkers board 1: challenge declined"
expect i13/declined-bob bob 1 "bob declined the challenge of ann"
[ ! -e "$state/games/1.pdn" ] && pass i13/no-board || fail i13/no-board
send ann "checkers challenge ann ann-pw bob first=bob"
referee
fetch ann; fetch bob
send bob "checkers accept 2 bob bob-pw"
referee
expect i13/accepted-bob bob 1 "Subject: New checkers board 2: bob to move (ply 1)" \
    "It is your turn, bob (red), to play ply 1." \
    "    checkers move 2 bob PASSWORD MOVE#1"
expect i13/accepted-ann ann 1 "It is bob's turn (red) to play ply 1; you will" \
    "    checkers move 2 ann PASSWORD propose#1"
grep -q "PASSWORD MOVE" "$tmp/ann.1" && fail i13/waiting-no-mover-line \
    "$(cat "$tmp/ann.1")" || pass i13/waiting-no-mover-line
record 2 | grep -q '^\[Black "bob"\]' && pass i13/first-option ||
    fail i13/first-option "$(record 2)"

# the lines sent back as they came; a watcher's copies
play_line bob 11-15
send carol "checkers subscribe 2"
referee
expect i13/line-bob bob 1 "bob (red) played 11-15." "Moves: 1. 11-15"
expect i13/line-ann ann 1 "    checkers move 2 ann PASSWORD MOVE#2"
expect i13/subscribe-token carol 1 "Subject: checkers subscribe 2 " \
    "within 2 days"
confirm carol
referee
expect i13/subscribed carol 1 "now gets a copy of every move" \
    "checkers unsubscribe 2 " "Moves: 1. 11-15"
play_line ann 23-19
referee
expect i13/copy-bob bob 1 "ann (white) played 23-19." "MOVE#3"
expect i13/copy-ann ann 1 "Moves: 1. 11-15 23-19"
expect i13/copy-carol carol 1 "ann (white) played 23-19." \
    "You get this copy as a watcher of board 2."
grep -q "PASSWORD" "$tmp/carol.1" && fail i13/copy-no-line ||
    pass i13/copy-no-line

# the board's PNG: the one show gives of the record, from each side
b64part() {	# b64part RAW TYPE: the base64 body of the part of TYPE
	tr -d '\r' <"$1" | awk -v t="Content-Type: $2" '
	    index($0, t) == 1 { p = 1; next }
	    p == 1 && $0 == "" { p = 2; next }
	    p == 2 && /^--/ { exit }
	    p == 2 { print }'
}
for u in bob ann; do
	flip=; [ $u = ann ] && flip=--flip
	b64part "$tmp/$u.1.raw" image/png | base64 -d >"$tmp/$u.png"
	"$bin" show --format png --size 320 $flip "$state/games/2.pdn" \
	    >"$tmp/$u-show.png"
	if cmp -s "$tmp/$u.png" "$tmp/$u-show.png" &&
	    [ "$("$root/tests/pngcmp" size "$tmp/$u.png")" = "281 320" ] &&
	    grep -q 'src="cid:board.2.2.' "$tmp/$u.1"; then
		pass "i13/png-$u"
	else
		fail "i13/png-$u" "$(ls -l "$tmp/$u.png" "$tmp/$u-show.png")"
	fi
done

# chat, history, showas, preview, games
send bob "checkers chat 2 bob bob-pw <b>Nice</b> reply, & good luck!"
referee
expect i13/chat-ann ann 1 "bob (red) says:" "<b>Nice</b> reply, & good luck!" \
    "&lt;b&gt;Nice&lt;/b&gt; reply, &amp; good luck!"
expect i13/chat-bob bob 1 "bob (red) says:"
expect i13/chat-not-watched carol 0
record 2 | grep -qF '{bob: <b>Nice</b> reply, & good luck!}' &&
    pass i13/chat-kept || fail i13/chat-kept "$(record 2)"
cp "$state/games/2.pdn" "$tmp/before"
send carol "history checkers 2"
send carol "showas checkers 2 ann"
send carol "checkers preview 2 8-11#3"
send carol "games ann"
referee
status i13/look-run 0
expect i13/history carol 4 "Moves: 1. 11-15 23-19" \
    "{bob: <b>Nice</b> reply, & good luck!}"
grep -qF "      1     2     3     4" "$tmp/carol.2" && pass i13/showas ||
    fail i13/showas "$(cat "$tmp/carol.2")"
grep -qF "bob (red) may play 8-11 as ply 3.  Nothing was played" \
    "$tmp/carol.3" && pass i13/preview || fail i13/preview "$(cat "$tmp/carol.3")"
grep -qF "board 2, checkers: ann (white) v bob (red)" "$tmp/carol.4" &&
    pass i13/games || fail i13/games "$(cat "$tmp/carol.4")"
cmp -s "$tmp/before" "$state/games/2.pdn" && pass i13/looked-unchanged ||
    fail i13/looked-unchanged

# refusals: precise, masked, what to send instead, no man page
send ann "checkers move 2 ann ann-pw 22-17 #3"
send bob "checkers move 2 bob bob-pw 9-14#5"
referee
expect i13/blank ann 1 "Subject: Refused: checkers move 2 ann **** **** #3" \
    "remove the blank before #3" "with the subject" "    help"
expect i13/stale bob 1 "stale request" "    checkers show 2" \
    "    checkers move 2 bob PASSWORD 9-14#3"
all_mails | grep -q "stackref-referee(8)" && fail i13/no-man-page ||
    pass i13/no-man-page
grep -q "ann-pw\|bob-pw" "$tmp/ann.1" "$tmp/bob.1" &&
    fail i13/masked || pass i13/masked

# a draw offer, answered by the player offered it; the end, to all
send bob "checkers move 2 bob bob-pw propose#3"
referee
expect i13/offer-ann ann 1 "bob (red) offers you a draw." \
    "    checkers move 2 ann PASSWORD accept#3" \
    "    checkers move 2 ann PASSWORD reject#3"
expect i13/offer-bob bob 1 "Your draw offer waits for ann's answer."
expect i13/offer-carol carol 1 "Pending: red offers a draw."
send ann "$(sed -n 's/^    \(.*accept#3\)$/\1/p' "$tmp/ann.1" |
    sed 's/PASSWORD/ann-pw/')"
referee
for u in ann bob carol; do
	expect "i13/over-$u" $u 1 \
	    "Subject: checkers board 2: game over 1/2-1/2, a draw" \
	    "Game over: 1/2-1/2, a draw: draw agreed."
done
grep -q '^2 ' "$state/watchers" && fail i13/watchers-dropped ||
    pass i13/watchers-dropped

# the game page, published by HTTP PUT: a server down first (logged,
# the mails go), then the latest page and record
pub=https://localhost:$SR_HTTPS_PORT/games/pub
send ann "checkers challenge ann ann-pw bob"
referee
fetch ann; fetch bob
send bob "checkers accept 3 bob bob-pw"
referee --publish "https://localhost:1/games/pub"
status i13/publish-down-run 0
expect i13/publish-down-mails bob 1 "New checkers board 3"
grep -q '^board 3 not published (next attempt in 1 min)' "$tmp/ref.out" &&
    [ -f "$state/publish/3.html" ] && pass i13/publish-down ||
    fail i13/publish-down "$(cat "$tmp/ref.out")"
fetch ann
play_line ann 11-15
echo "1 0" >"$state/publish/3.try"
referee --publish "$pub"
status i13/publish-run 0
if grep -q "^board 3 published: $pub/3.html" "$tmp/ref.out" &&
    cmp -s "$SR_WWW/games/pub/3.pdn" "$state/games/3.pdn" &&
    grep -q '11-15' "$SR_WWW/games/pub/3.html" &&
    [ ! -e "$state/publish/3.html" ]; then
	pass i13/published
else
	fail i13/published "$(cat "$tmp/ref.out"; ls -l "$SR_WWW/games/pub")"
fi
referee --publish "$pub"
grep -q "published" "$tmp/ref.out" && fail i13/published-once ||
    pass i13/published-once

# a watcher stops the copies
send carol "subscribe checkers 3"
referee
expect i13/subscribe-token-3 carol 1 "Subject: checkers subscribe 3 "
confirm carol
referee
expect i13/subscribed-3 carol 1 "checkers unsubscribe 3 "
stop3=$(stop_line carol 3)
fetch ann; fetch bob
send carol "checkers unsubscribe 3"
referee
expect i13/unsubscribe-needs-token carol 1 "GAME unsubscribe BOARD TOKEN"
send carol "$stop3"
play_line bob 22-18
referee
expect i13/unsubscribed carol 1 "gets no more copies of the moves of board 3"
grep -q '^3 ' "$state/watchers" && fail i13/unsubscribed-file ||
    pass i13/unsubscribed-file
expect i13/moved-after ann 1 "bob (white) played 22-18."

# === load: a stream of hostile mails around a real game ===============
# The plies of fixtures/referee/checkers-moves between ann and bob, each
# among twelve hostile
# mails (garbage, guesses, a 600-byte Message-ID, none, an automatic
# mail, a signup flood, a crashing mail, a mail over 1 MiB, a replayed
# and a stale move, the crashing XML record, bulk mail), the referee run
# after every second ply as cron would: every run ends with status 0,
# and each player gets each position once, in order.
# fresh_board DIR [OPTION...]: a fresh state DIR made $state, ann and
# bob signed up (as in $tmp/state), board 1 of checkers between them
# (the challenge's OPTIONs); their mails read.
fresh_board() {
	state=$1
	shift
	mkdir -m 700 "$state"
	cp -p "$tmp/state/players" "$state/players"
	section
	send ann "checkers challenge ann ann-pw bob${*:+ $*}"
	referee
	send bob "checkers accept 1 bob bob-pw"
	referee
	fetch ann
	fetch bob
}
fresh_board "$tmp/load"
{
	printf 'From: big@nowhere.test\nTo: referee@%s\nSubject: checkers ' "$D"
	printf 'show 1\nMessage-ID: <big.%s@%s>\n\n' "$$" "$D"
	head -c 1200000 /dev/zero | tr '\0' 'z' | fold -w 76
} >"$tmp/big.eml"

# hostile_mail N: sends the N-th hostile mail of the stream.
hostile_mail() {
	local n=$1
	case $((n % 12)) in
	0) hostile carol "x$n@nowhere.test" "hello $n, how are you?" ;;
	1) hostile carol "carol@$D" "checkers move 1 admin guess$n 9-13" ;;
	2) hostile carol "x$n@later.$D" "checkers show 1" \
	    "Message-ID: <$long.$n@$D>" ;;
	3) hostile carol "carol@$D" "junk $n" NOID \
	    "X-Padding: $(printf 'y%.0s' $(seq 2000))" ;;
	4) hostile carol "ann@$D" "checkers move 1 ann ann-pw 9-13" \
	    "Auto-Submitted: auto-replied" ;;
	5) hostile carol "x$n@nowhere.test" "signup u$n pw$n v$n@nowhere.test" ;;
	6) hostile carol "carol@$D" "poison-load $n" ;;
	7) rawsend carol "$tmp/big.eml" ;;
	8) [ -f "$tmp/legit.eml" ] && submit carol "$tmp/legit.eml" ;;
	9) [ -n "${legit_subj:-}" ] && send "$legit_user" "$legit_subj" ;;
	10) att_file "$tmp/x$n.eml" "x$n@nowhere.test" "checkers show 1" \
	    "$tmp/crash.xml" g.xml && rawsend carol "$tmp/x$n.eml" ;;
	11) hostile carol "x$n@nowhere.test" "checkers show 1" \
	    "Precedence: bulk" ;;
	esac
}

n=0 h=0 ok=1 started=$SECONDS
while read -r m <&3; do
	n=$((n + 1))
	if [ $((n % 2)) -eq 1 ]; then u=ann; else u=bob; fi
	for k in $(seq 12); do
		h=$((h + 1))
		hostile_mail "$h"
	done
	send "$u" "checkers move 1 $u $u-pw $m#$n"
	cp "$tmp/last.eml" "$tmp/legit.eml"
	legit_user=$u legit_subj="checkers move 1 $u $u-pw $m#$n"
	if [ $((n % 2)) -eq 0 ]; then
		STACKREF_REFEREE_CRASH=segv:poison-load referee
		[ "$rc" -eq 0 ] || { ok=0; fail "load/run-$n" "status $rc" \
		    "$(cat "$tmp/ref.err")"; }
	fi
done 3<"$fx/checkers-moves"
STACKREF_REFEREE_CRASH=segv:poison-load referee
[ "$rc" -eq 0 ] || { ok=0; fail load/last-run "status $rc"; }
[ "$ok" = 1 ] && pass load/every-run-status-0
fetch ann
na=$got
fetch bob
for u in ann bob; do
	missing=""
	for p in $(seq 2 $((n + 1))); do
		c=$(grep -l "^Subject: checkers board 1: .* (ply $p)$" \
		    "$tmp/$u".[0-9]* 2>/dev/null | wc -l)
		[ "$c" -eq 1 ] || missing="$missing ply $p: $c mails;"
	done
	[ -z "$missing" ] && pass "load/$u-each-position-once" ||
	    fail "load/$u-each-position-once" "$missing"
done
echo "load: $h hostile mails, $n plies, $((SECONDS - started)) s," \
    "$(ls "$state/aside" | wc -l) set aside, ann got $na mails"
"$bin" check "$state/games/1.pdn" >/dev/null 2>&1 &&
    record 1 | grep -q -- "$(tail -n 1 "$fx/checkers-moves")" &&
    pass load/record || fail load/record "$(record 1)"

# === issue 12: the referee enforces time =============================
# A fresh state, the clock faked (STACKREF_NOW, stackref-referee(8)):
# ann and bob open a board of the referee's time control (move=21d
# remind=7d); ann moves, bob never answers.  The reminder after 7 days
# and the forfeit after 21 each reach their players exactly once,
# though the referee is killed once each is planned (test hook
# STACKREF_REFEREE_CRASH=planned) and once it is applied (=apply).
state=$tmp/time
mkdir -m 700 "$state"
cp -p "$tmp/state/players" "$state/players"
section
export STACKREF_NOW=2027-01-04T10:00:00Z
send ann "checkers challenge ann ann-pw bob"
referee
fetch ann; fetch bob
send bob "checkers accept 1 bob bob-pw"
referee
expect time/board ann 1 "New checkers board 1" \
    "Clock (move=21d remind=7d): ann has had 0d00h00m for this move"
fetch bob
record 1 | grep -q '^\[TimeControl "move=21d remind=7d"\]' &&
    record 1 | grep -qF '{[%ts 2027-01-04T10:00:00Z]}' &&
    pass time/record-says-the-control || fail time/record-says-the-control \
    "$(record 1)"
send ann "checkers move 1 ann ann-pw 11-15#1"
referee
expect time/bob-to-move bob 1 "bob to move (ply 2)" \
    "without a move by 2027-01-25T10:00:00Z"
fetch ann

# killed: once planned, once applied; then the run that sends it
# killed KIND WHEN NAME: a run at WHEN killed at KIND (status 98 or 99)
killed() {
	STACKREF_NOW=$2 STACKREF_REFEREE_CRASH=$1 referee
	case $1:$rc in
	planned:98 | apply:99) pass "$3/killed-$1" ;;
	*) fail "$3/killed-$1" "status $rc" "$(cat "$tmp/ref.out" "$tmp/ref.err")" ;;
	esac
}
STACKREF_NOW=2027-01-11T09:59:59Z referee
status time/before-7-days 0
expect time/no-reminder-yet bob 0
killed planned 2027-01-11T10:00:00Z time/reminder
[ -n "$(ls "$state/queue")" ] && pass time/reminder/journaled ||
    fail time/reminder/journaled
killed apply 2027-01-11T10:00:30Z time/reminder
expect time/reminder/not-yet bob 0
STACKREF_NOW=2027-01-11T10:01:00Z referee
status time/reminder/run 0
expect time/reminder/once bob 1 \
    "Subject: Reminder 1: checkers board 1: bob to move (ply 2)" \
    "Reminder 1 of 1: it has been your turn on board 1 for 7d" \
    "checkers move 1 bob PASSWORD MOVE#2"
expect time/reminder/not-to-ann ann 0
STACKREF_NOW=2027-01-18T10:00:00Z referee
expect time/reminder/never-twice bob 0
grep -q 'reminder 1 to bob' "$state"/done/* &&
    pass time/reminder/recorded || fail time/reminder/recorded

STACKREF_NOW=2027-01-25T10:00:00Z referee
expect time/no-forfeit-at-21-days ann 0
killed planned 2027-01-25T10:00:01Z time/forfeit
record 1 | grep -q 'claim-time' && fail time/forfeit/not-applied-yet ||
    pass time/forfeit/not-applied-yet
killed apply 2027-01-25T10:00:02Z time/forfeit
record 1 | grep -qF '{[%claim-time red]} {[%ts 2027-01-25T10:00:01Z]} 1-0' &&
    record 1 | grep -q '^\[Termination "time forfeit"\]' &&
    pass time/forfeit/applied || fail time/forfeit/applied "$(record 1)"
expect time/forfeit/not-yet ann 0
STACKREF_NOW=2027-01-25T10:00:03Z referee
status time/forfeit/run 0
expect time/forfeit/ann-once ann 1 \
    "Subject: checkers board 1: game over 1-0, ann wins" \
    "ann (red) wins by forfeit"
expect time/forfeit/bob-once bob 1 \
    "Subject: checkers board 1: game over 1-0, ann wins" \
    "bob (white) has lost on time"
STACKREF_NOW=2027-03-01T10:00:00Z referee
expect time/nothing-after/ann ann 0
expect time/nothing-after/bob bob 0
"$bin" check "$state/games/1.pdn" >/dev/null 2>&1 &&
    pass time/record-valid || fail time/record-valid "$(record 1)"
unset STACKREF_NOW

# === issue 19: a record the time pass cannot read ====================
# Board 2's record is over the 16 MiB a record may have: it is reported
# ("no time pass", and standard error says why) and the run goes on; no
# crash, no plan under a garbage key (the child once went on with an
# unset key and outcome when the record did not read, and crashed).  (A
# directory in place of a record, board 3 once, cannot be in a store.)
{
	printf '[Event "big"]\n[Result "*"]\n[TimeControl "move=21d"]\n\n'
	head -c 17000000 /dev/zero | tr '\0' ' '
	echo '*'
} >"$state/games/2.pdn"
referee
status time/unreadable/run 0
for b in 2; do
	grep -qx "board $b: no time pass: its decision failed (.*)" \
	    "$tmp/ref.out" && grep -q "games/$b.pdn: cannot read: " \
	    "$tmp/ref.err" && pass "time/unreadable/$b-reported" ||
	    fail "time/unreadable/$b-reported" "$(cat "$tmp/ref.out" \
	    "$tmp/ref.err")"
done
[ -z "$(ls -A "$state/queue")" ] && pass time/unreadable/no-plan ||
    fail time/unreadable/no-plan "$(ls -A "$state/queue")"

# === issue 20: the time pass works in proportion to what is due ======
# 300 more open timed boards whose next due time (DIR/next-due, the
# store's) is far off, and 3 finished boards due now: a run judges
# the 3, each in a process of its own (counted: the run's wait4 calls,
# strace), and none of the 300; the next run judges none (a finished
# board is never due again).
due=$tmp/due
mkdir -p "$due/games"
: >"$due/next-due"
for b in $(seq 100 399); do
	cp "$state/games/1.pdn" "$due/games/$b.pdn"
	echo "$b 4102444800" >>"$due/next-due"
done
for b in 400 401 402; do
	sed 's/^\[Result "\*"\]/[Result "1-0"]/' "$state/games/1.pdn" \
	    >"$due/games/$b.pdn"
	echo "$b 0" >>"$due/next-due"
done
echo "2 4102444800" >>"$due/next-due"     # the record too large too
store "$state" --import "$due" 2>"$tmp/port.err" ||
    fail time/due/import "$(cat "$tmp/port.err")"
for n in 3 0; do
	# LeakSanitizer cannot run under ptrace (make sanitize)
	ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0" \
	    strace -f -qq -e trace=wait4 -o "$tmp/wait4" "$bin" referee \
	    $(sr_store_opt "$state") --imap "$IMAPS" --smtp "$SMTPS/referee.$D" --address "referee@$D" \
	    --cacert "$SR_CACERT" --user referee \
	    --password-file "$tmp/referee.pw" >"$tmp/ref.out" 2>"$tmp/ref.err"
	rc=$?
	status "time/due/run-$n" 0
	got=$(grep -c 'wait4([0-9]' "$tmp/wait4")
	[ "$got" -eq "$n" ] && pass "time/due/judged-$n" ||
	    fail "time/due/judged-$n" "$got processes" "$(cat "$tmp/ref.out")"
done

# === issue 21, cases 4 and 6: no lockout is a forfeit; no stamp ahead ==
# A fresh state: board 1 of checkers at move=1d, the clock faked.  Case
# 4, the review's reproducer: someone sends 5 wrong passwords for ann
# from forged addresses every 4 hours; ann's right moves from her own
# address are taken all along, and nobody loses on time.  Then bob's own
# address forged with 20 wrong passwords: bob's move from it needs the
# code the referee mails him (no guessing oracle, no lockout).  Then a
# lock that refuses ann from another address (carol's) stops her clock
# until it ends: the forfeit comes that much later.  Case 6: a record
# attached with a stamp 27 days ahead is refused.
export STACKREF_NOW=2027-02-01T10:00:00Z
fresh_board "$tmp/clock" time=move=1d
send ann "checkers move 1 ann ann-pw 11-15#1"
referee
STACKREF_NOW=2027-02-01T11:00:00Z
send bob "checkers move 1 bob bob-pw 23-19#2"
referee
fetch ann; fetch bob
record 1 | grep -q '^\[TimeControl "move=1d"\]' && pass clock/board ||
    fail clock/board "$(record 1)"

# guess TIME USER: 5 wrong passwords for USER from forged addresses,
# and a run, at TIME.
guess() {
	local i
	STACKREF_NOW=$1
	for i in 1 2 3 4 5; do
		hostile carol "x$i.${1//[:-]/}@nowhere.test" \
		    "checkers move 1 $2 guess$i 9-14"
	done
	referee
}
# mails USER TEXT: USER's new mails, the number that hold TEXT in $n.
mails() {
	local i
	fetch "$1"
	n=0
	for i in $(seq "$got"); do
		grep -qF -- "$2" "$tmp/$1.$i" && n=$((n + 1))
	done
}
for t in 2027-02-01T12:00:00Z 2027-02-01T16:00:00Z 2027-02-01T20:00:00Z \
    2027-02-02T00:00:00Z 2027-02-02T04:00:00Z 2027-02-02T08:00:00Z; do
	guess $t ann
done
mails ann "locked after 5 wrong passwords"
[ "$n" -eq 6 ] && pass clock/locked-6-times || fail clock/locked-6-times \
    "$n lock notices" "$(cat "$tmp/ref.out")"
STACKREF_NOW=2027-02-02T08:05:00Z
send ann "checkers move 1 ann ann-pw 9-14#3"
referee
expect clock/own-address-taken bob 1 "played 9-14"
fetch ann
STACKREF_NOW=2027-02-02T11:00:01Z referee
STACKREF_NOW=2027-02-02T12:00:00Z referee
record 1 | grep -q 'claim-time' && fail clock/no-forfeit "$(record 1)" ||
    pass clock/no-forfeit
mails ann "lost on time"
[ "$n" -eq 0 ] && pass clock/ann-not-lost || fail clock/ann-not-lost

# --- bob's own address forged: 20 wrong passwords, then his right one
# needs the code mailed to that address alone
STACKREF_NOW=2027-02-02T12:00:00Z
for i in $(seq 20); do
	hostile carol "bob@$D" "checkers move 1 bob guess$i 22-18"
done
referee
fetch bob
STACKREF_NOW=2027-02-02T12:10:00Z
send bob "checkers move 1 bob bob-pw 22-17#4"
referee
mails bob "    code "
code=$(cat "$tmp"/bob.[0-9] "$tmp"/bob.[0-9][0-9] 2>/dev/null |
    awk '/^    code / { print $2; exit }')
fetch ann
[ "$n" -eq 1 ] && [ -n "$code" ] && [ "$got" -eq 0 ] &&
    pass clock/code-mailed || fail clock/code-mailed "$(cat "$tmp/ref.out")"
record 1 | grep -q '22-17' && fail clock/no-oracle "$(record 1)" ||
    pass clock/no-oracle
STACKREF_NOW=2027-02-02T12:20:00Z
compose bob "checkers move 1 bob bob-pw 22-17#4" "bob@$D" "" >"$tmp/last.eml"
sed -i "s/^my move\r\$/code $code\r/" "$tmp/last.eml"
submit bob "$tmp/last.eml"
referee
expect clock/code-taken ann 1 "played 22-17"
fetch bob

# --- case 6: ann's move carrying a copy that claims a win on time with
# a stamp 27 days ahead is refused, at the stamp; nothing played
sed 's/^\[Result "\*"\]/[Result "0-1"]/; s/ \*$/ {[%claim-time white]} {[%ts 2027-03-01T12:20:00Z]} 0-1/' \
    "$state/games/1.pdn" >"$tmp/ahead.pdn"
STACKREF_NOW=2027-02-02T12:25:00Z
send ann "checkers move 1 ann ann-pw 8-11#5" "ann@$D" "$tmp/ahead.pdn"
referee
expect clock/attachment-ahead ann 1 "Subject: Refused" \
    "attachment:" "time stamp 2027-03-01T12:20:00Z is later than the time now, 2027-02-02T12:25:00Z"
record 1 | grep -q '8-11' && fail clock/attachment-ahead-unplayed ||
    pass clock/attachment-ahead-unplayed

# --- a lock that refuses ann from another address stops her clock
# until the lock ends: ann's turn since 12:20, her day ends at 12:20 the
# next day; locked at 20:00 (until 21:00), refused at 20:10 from carol's
# address: 50 minutes more
guess 2027-02-02T20:00:00Z ann
fetch ann
STACKREF_NOW=2027-02-02T20:10:00Z
send carol "checkers move 1 ann ann-pw 8-11#5" "carol@$D"
referee
record 1 | grep -qF '{[%stop red 2027-02-02T20:10:00Z 2027-02-02T21:00:00Z]}' &&
    pass clock/stop-recorded || fail clock/stop-recorded "$(record 1)" \
    "$(cat "$tmp/ref.out")"
STACKREF_NOW=2027-02-03T12:20:30Z referee
record 1 | grep -q 'claim-time' && fail clock/stopped "$(record 1)" ||
    pass clock/stopped
STACKREF_NOW=2027-02-03T13:10:30Z referee
record 1 | tr '\n' ' ' |
    grep -qF '{[%claim-time white]} {[%ts 2027-02-03T13:10:30Z]} 0-1' &&
    pass clock/lost-later || fail clock/lost-later "$(record 1)"
expect clock/ann-told ann 1 "ann (red) has lost on time: the time for ply 5 ran out at 2027-02-03T13:10:00Z"
"$bin" check --now 2027-02-03T13:10:30Z "$state/games/1.pdn" >/dev/null 2>&1 &&
    pass clock/record-valid || fail clock/record-valid "$(record 1)"
unset STACKREF_NOW

# === issue 21: every mail taken whatever its lines; passwords masked ==
# A fresh state (ann and bob, board 1 of checkers).
fresh_board "$tmp/trust"

# --- case 9: a stranger's mail with a body line of any shape, then a
# player's own mail, in one run: both taken (answered, or logged with
# why), nothing left in the mailbox.  The shapes: around RFC 5322's 998,
# around libcurl's 16 KiB write buffer, 100,000 bytes, a bare CR, a bare
# LF, a NUL byte, no line end at all.
# bodyline SHAPE: the body of a mail of that shape, CRLF line ends.
bodyline() {
	local n=${1#*-}
	case $1 in
	len-*) head -c "$n" /dev/zero | tr '\0' x; printf '\r\n' ;;
	cr) printf 'aaa\rbbb\r\n' ;;
	lf) printf 'aaa\nbbb\r\n' ;;
	nul) printf 'aaa\0bbb\r\n' ;;
	noeol) printf 'aaa' ;;
	esac
}
for shape in len-998 len-999 len-1000 len-10000 len-16382 len-16383 \
    len-16384 len-16385 len-100000 cr lf nul noeol; do
	section
	mail_file "$tmp/long.eml" "carol@$D" "checkers show 1"
	sed -e '$d' -e 's/$/\r/' "$tmp/long.eml" >"$tmp/raw.eml"
	bodyline "$shape" >>"$tmp/raw.eml"
	submit carol "$tmp/raw.eml"
	send ann "checkers show 1"
	referee
	status "lines/$shape/run" 0
	expect "lines/$shape/player" ann 1 "checkers board 1"
	fetch carol
	grep -q 'carol@example.test' "$tmp/ref.out" &&
	    pass "lines/$shape/stranger" ||
	    fail "lines/$shape/stranger" "$(cat "$tmp/ref.out")"
	[ -z "$(curl_imap referee "" -X "UID SEARCH UNKEYWORD StackrefDone" |
	    tr -d '\r' | sed -n 's/^\* SEARCH//p')" ] &&
	    pass "lines/$shape/none-left" || fail "lines/$shape/none-left"
done

# --- case 7: every malformed variant of every verb that takes a
# password, sent with the sender's own password: the password is in
# none of the replies, the run's output or the exported state.
# variants LINE: LINE and its malformed variants, one a line: a blank
# before the #N, a word more, the last word gone, the password joined
# to the word after it, user and password swapped, the verb misspelt,
# the game unknown, the board no number, the board gone.
variants() {
	local -a w
	read -ra w <<<"$1"
	echo "$1 #7"
	echo "$1 more words"
	echo "${1% *}"
	echo "${w[*]:0:4} ${w[4]:-}${w[5]:-x} ${w[*]:6}"
	echo "${w[*]:0:3} ${w[4]:-} ${w[3]} ${w[*]:5}"
	echo "${w[0]} ${w[1]}x ${w[*]:2}"
	echo "chekers ${w[*]:1}"
	echo "${w[*]:0:2} one ${w[*]:3}"
	echo "${w[*]:0:2} ${w[*]:3}"
}
section
n=0
for req in "move 1 U U-pw 11-15#3" "mvoe 1 U U-pw 11-15" "resign 1 U U-pw" \
    "move 1 U U-pw propose" "move 1 U U-pw accept" "move 1 U U-pw reject" \
    "move 1 U U-pw undo" "move 1 U U-pw accept-undo" \
    "move 1 U U-pw reject-undo" "accept 1 U U-pw" "decline 1 U U-pw" \
    "chat 1 U U-pw hello there" "leave 1 U U-pw 3" \
    "queue 1 U U-pw 11-15 22-18" "subscribe 1 U-tok7" \
    "unsubscribe 1 U-tok7" "-password U U-pw U-new7" \
    "-address U U-pw U-addr@example.test" "-reset U U-tok7 U-new7" \
    "-retire U U-pw" "challenge U U-pw carol"; do
	while read -r v; do
		n=$((n + 1))
		if [ $((n % 2)) -eq 0 ]; then u=ann; else u=bob; fi
		send "$u" "${v//U/$u}"
	done < <(case $req in	# "-VERB": a verb without a game
		-*) variants "checkers ${req#-}" | sed 's/^[^ ]* //' ;;
		*) variants "checkers $req" ;;
		esac)
done
referee
status masked/variants-run 0
fetch ann; fetch bob
store "$state" --export "$tmp/trust-out" 2>"$tmp/port.err"
secrets='ann-pw|bob-pw|ann-new7|bob-new7|ann-tok7|bob-tok7'
if grep -rlaE "$secrets" "$tmp"/ann.[0-9]* "$tmp"/bob.[0-9]* \
    "$tmp/ref.out" "$tmp/ref.err" "$tmp/trust-out" >"$tmp/leaks"; then
	fail masked/every-variant "$(head -n 5 "$tmp/leaks")" \
	    "$(grep -haE "$secrets" "$tmp/ref.out" | head -n 5)"
else
	pass masked/every-variant
fi

# === issue 21, case 3: watchers by token, within the board's budget ===
# A fresh state: ann and bob on board 1; carol, dave, erin and fay are
# players who watch nothing.  ann forges the four addresses' From to
# subscribe them, then ann and bob send 30 draw offers and refusals:
# each of the four gets one mail (the token to confirm), nothing more.
fresh_board "$tmp/accounts"
for u in carol dave erin fay; do
	sed -n "s/^ann ann@/$u $u@/p" "$tmp/state/players" >>"$state/players"
done
for u in carol dave erin fay; do
	send ann "checkers subscribe 1" "$u@$D"
done
referee
for u in carol dave erin fay; do
	expect "watch/token-$u" "$u" 1 "Subject: checkers subscribe 1 " \
	    "If you did not ask for this, ignore this mail"
done
csub=$(sed -n 's/^Subject: //p' "$tmp/carol.1" | head -n 1)
for i in $(seq 15); do
	send ann "checkers move 1 ann ann-pw propose"
	send bob "checkers move 1 bob bob-pw reject"
	referee
done
for u in carol dave erin fay; do
	expect "watch/forged-$u-nothing-more" "$u" 0
done
fetch ann; fetch bob
# carol confirms; the board's budget (100 copies a day) nearly spent,
# she gets one copy, then none, and the log says so
send carol "Re: $csub"
referee
expect watch/confirmed carol 1 "now gets a copy of every move" \
    "checkers unsubscribe 1 "
stop1=$(stop_line carol 1)
mkdir -p "$state/counts"
printf '%s 0 99 0\n' "$(date +%s)" >"$state/counts/b-1"
send ann "checkers move 1 ann ann-pw propose"
referee
expect watch/budget-last-copy carol 1 "ann (" "checkers unsubscribe 1 "
send bob "checkers move 1 bob bob-pw reject"
referee
expect watch/budget-spent carol 0
grep -q "watcher copies not sent: the board's 100 a day are spent" \
    "$tmp/ref.out" && pass watch/budget-logged ||
    fail watch/budget-logged "$(cat "$tmp/ref.out")"
# an unsubscribe by From alone does nothing; the copy's token stops them
send ann "checkers unsubscribe 1" "carol@$D"
referee
grep -q '^1 carol@' "$state/watchers" && pass watch/forged-unsubscribe ||
    fail watch/forged-unsubscribe "$(cat "$state/watchers")"
fetch carol
send carol "$stop1"
referee
expect watch/unsubscribed carol 1 "gets no more copies"
fetch ann; fetch bob

# === the account verbs: password, reset, address, retire =============
refused pw/wrong-old ann "password ann nope ann-pw2" "wrong userid or password"
send ann "password ann ann-pw ann-pw2"
referee
expect pw/changed ann 1 "The password of ann at the stackref referee" \
    "has changed"
refused pw/old-gone ann "checkers move 1 ann ann-pw propose" \
    "wrong userid or password"
# reset: asked by anybody, the token goes to ann's own address, once
send bob "reset ann" "stranger@nowhere.test"
referee
expect reset/token ann 1 "reset ann " "NEWPASSWORD"
tok=$(sed -n 's/^    reset ann \([0-9a-f]*\) NEWPASSWORD$/\1/p' "$tmp/ann.1")
send bob "reset ann" "stranger@nowhere.test"
referee
expect reset/once ann 0
refused reset/wrong-token ann "reset ann 0123456789abcdef01234567 ann-pw3" \
    "no reset of this userid waits for this token"
send ann "reset ann $tok ann-pw3"
referee
expect reset/done ann 1 "The password of ann at the stackref referee"
refused reset/single-use ann "reset ann $tok ann-pw4" \
    "no reset of this userid waits for this token"
send bob "reset bob"
referee
fetch bob
btok=$(sed -n 's/^    reset bob \([0-9a-f]*\) NEWPASSWORD$/\1/p' "$tmp/bob.1")
send bob "reset bob $btok bob-pw9"
STACKREF_NOW=$(date -u -d '+3 days' +%Y-%m-%dT%H:%M:%SZ) referee
expect reset/expired bob 1 "no reset of this userid waits for this token"
grep -qE 'ann-pw[234]|bob-pw9|'"$tok" "$tmp/ref.out" "$tmp"/ann.[0-9]* &&
    fail reset/not-logged || pass reset/not-logged
# address: a token to the new address; the old one told, without it
refused addr/wrong-password bob "address bob nope gus@$D" \
    "wrong userid or password"
send bob "address bob bob-pw gus@$D"
referee
expect addr/old-told bob 1 "to move the userid from this address to gus@$D"
grep -q 'confirm bob' "$tmp/bob.1" && fail addr/old-no-token ||
    pass addr/old-no-token
expect addr/token gus 1 "Subject: confirm bob "
gsub=$(sed -n 's/^Subject: //p' "$tmp/gus.1" | head -n 1)
refused addr/wrong-token bob "confirm bob 0123456789abcdef01234567" \
    "no change of this userid waits for this token" "gus@$D"
send gus "Re: $gsub"
referee
expect addr/changed gus 1 "The address of bob at the stackref referee"
grep -q "^bob gus@$D " "$state/players" && pass addr/players ||
    fail addr/players "$(cat "$state/players")"
# retire: refused while board 1 is open, then done once it is over
refused retire/open-board ann "retire ann ann-pw3" \
    "ann plays boards not over"
send ann "checkers resign 1 ann ann-pw3"
referee
fetch ann; fetch gus
send ann "retire ann ann-pw3"
referee
expect retire/goodbye ann 1 "The records of your"
if grep -q '^ann - -$' "$state/players" && [ -s "$state/games/1.pdn" ]; then
	pass retire/erased
else
	fail retire/erased "$(cat "$state/players")"
fi
refused retire/userid-kept carol "signup ann x-pw" "the userid ann is taken"

# === issue 21: the operator's commands; set aside, bounded, masked ====
# admin ARGS: `stackref referee --admin ARGS` on $state's store, its
# status in $arc, its output in $tmp/admin.*; then $state exported, so
# that the next run's import brings the change along.
admin() {
	store "$state" --admin "$@" >"$tmp/admin.out" 2>"$tmp/admin.err"
	arc=$?
	store "$state" --export "$state" 2>"$tmp/port.err" ||
	    fail "export $state" "$(cat "$tmp/port.err")"
}
# admin_is NAME STATUS TEXT: the last admin ended with STATUS, and its
# output or error holds TEXT (an extended regular expression).
admin_is() {
	if [ "$arc" -eq "$2" ] && grep -qE -- "$3" "$tmp/admin.out" \
	    "$tmp/admin.err"; then
		pass "$1"
	else
		fail "$1" "status $arc, want $2 and $3" \
		    "$(cat "$tmp/admin.out" "$tmp/admin.err")"
	fi
}
fresh_board "$tmp/admin"

# --- the operator's lock: ann's own right move from her own address is
# refused, naming the operator; unlocked, it is played
admin lock ann
admin_is admin/lock 0 "^ann locked until unlocked"
admin players
admin_is admin/players-locked 0 "^ann +ann@$D +1 +1 operator$"
send ann "checkers move 1 ann ann-pw 11-15#1"
referee
status admin/locked-run 0
expect admin/locked-refused ann 1 "Subject: Refused" \
    "the userid ann is locked by the referee's operator"
admin unlock ann
admin_is admin/unlock 0 "^ann unlocked"
send ann "checkers move 1 ann ann-pw 11-15#1"
referee
expect admin/unlocked-played ann 1 "played"
fetch bob
admin lock ann 2
admin_is admin/lock-days 0 "^ann locked until [0-9-]+T"
admin unlock ann
admin lock nobody
admin_is admin/lock-unknown 1 "no player nobody in the store"
admin frob
admin_is admin/unknown-verb 2 "--admin frob: expected players"
admin lock
admin_is admin/no-userid 2 "no userid given"

# --- boards listed; a player with an open board is not removed; once it
# ended, removed: address and hash erased, the finished board kept
admin boards
admin_is admin/boards 0 "^1 +checkers +[a-z]+ +[a-z]+ +open "
admin remove bob
admin_is admin/remove-open 1 "bob is not removed: its open boards 1 "
send bob "checkers resign 1 bob bob-pw"
referee
fetch ann; fetch bob
admin remove bob
admin_is admin/remove 0 "^bob removed"
[ "$(sr_sql "$state" "SELECT addr, hash FROM players WHERE userid = 'bob'")" \
    = "-|-" ] && pass admin/remove-erased || fail admin/remove-erased \
    "$(sr_sql "$state" "SELECT * FROM players")"
admin boards
admin_is admin/remove-board-kept 0 "^1 +checkers .* 0-1|1-0 "
admin remove-board 1
admin_is admin/remove-board 0 "^board 1 removed"
admin remove-board 1
admin_is admin/remove-board-gone 1 "no board 1 in the store"

# --- case 8: a mail over 1 MiB carrying ann's password is kept as its
# header and 64 KiB of its body, the password masked in both, then
# listed, released (decided again) and deleted
{
	printf 'From: ann@%s\nTo: referee@%s\n' "$D" "$D"
	printf 'Subject: checkers move 2 ann ann-pw 11-15\n'
	printf 'Thread-Topic: checkers move 2 ann ann-pw 11-15\n'
	printf 'Message-ID: <aside.%s@%s>\n\nmy password is ann-pw\n' "$$" "$D"
	head -c 1200000 /dev/zero | tr '\0' 'z' | fold -w 76
} >"$tmp/big-pw.eml"
rawsend ann "$tmp/big-pw.eml"
referee
status aside/run 0
expect aside/answered ann 1 "Subject: Refused" "larger than 1 MiB"
admin aside
admin_is aside/listed 0 "^[A-Za-z0-9_-]+ +0d00h0[0-9]m +[0-9]+ the mail is larger"
kept=$(sr_sql "$state" "SELECT LENGTH(mail) FROM aside")
[ "$kept" -gt 65536 ] && [ "$kept" -lt 69632 ] && pass aside/bounded ||
    fail aside/bounded "$kept bytes kept"
if sr_dump "$state" | grep -qa 'ann-pw'; then
	fail aside/masked "$(sr_dump "$state" | grep -a 'ann-pw' | cut -c 1-200)"
else
	pass aside/masked
fi
grep -qa '^Subject: checkers move 2 ann \*\*\*\* \*\*\*\*' "$state"/aside/* &&
    grep -qa '^\[stackref: [0-9]* more bytes not kept\]' "$state"/aside/* &&
    pass aside/copy || fail aside/copy "$(head -c 600 "$state"/aside/*)"
key=$(awk 'NR == 2 { print $1 }' "$tmp/admin.out")
admin release -- "$key"
admin_is aside/release 0 "released"
referee
status aside/released-run 0
expect aside/released-decided ann 1 "Subject: Refused: checkers move 2 ann"
admin aside
[ "$(wc -l <"$tmp/admin.out")" -eq 1 ] && pass aside/released-gone ||
    fail aside/released-gone "$(cat "$tmp/admin.out")"
send bob "hello poison-segv"
STACKREF_REFEREE_CRASH=segv:poison-segv referee
fetch bob
admin aside
key=$(awk 'NR == 2 { print $1 }' "$tmp/admin.out")
admin delete -- "$key"
admin_is aside/delete 0 "deleted"
admin delete -- "$key"
admin_is aside/delete-gone 1 "no mail set aside .* in the store"

# --- no password in clear anywhere in the state of any run of this
# script: success paths (signups, moves, queues, chats, resignations)
# as refusals, mails set aside: every reply read, every run's output,
# every store dumped and every state directory exported
for d in "$tmp"/*/; do
	[ -f "$d/players" ] || continue
	sr_dump "${d%/}" >"$tmp/dump.$(basename "$d")"
done
if grep -rlaE 'ann-pw|bob-pw' "$tmp"/all-runs.log "$tmp"/all-mails.log \
    "$tmp"/dump.* "$tmp"/*/ >"$tmp/leaks"; then
	fail masked/whole-run "$(cat "$tmp/leaks")" "$(grep -haoE \
	    '.{0,80}(ann-pw|bob-pw).{0,40}' $(cat "$tmp/leaks") | sort -u |
	    head -n 20)"
else
	pass masked/whole-run
fi

# === issue 21, cases 1, 2 and 5: no pool that one source can fill ====
# A fresh state (ann and bob, board 1 of checkers); carol signs up.
fresh_board "$tmp/pools"

# --- case 1: 120 signups from forged senders in one run, each for an
# address of its own, and one for carol's address in another's name:
# carol's own signup is then taken (it replaces the forged one) and
# confirmed.
section
for i in $(seq 120); do
	hostile carol "x$i@nowhere.test" "signup f$i pw$i f$i@nowhere.test"
done
hostile carol "mallet@nowhere.test" "signup mallet pw carol@$D"
referee
status pools/signup-flood-run 0
expect pools/signup-forged carol 1 "Subject: confirm mallet "
send carol "signup carol carol-pw"
referee
expect pools/signup-taken carol 1 "Subject: confirm carol " \
    "Welcome, carol"
confirm carol
referee
expect pools/signup-confirmed carol 1 "Welcome, carol: you are signed up"

# --- case 2: pbmserv's challenge, without a password (the issue's
# reproducer: challenges naming ann sent from anywhere, more than she
# may have waiting), is refused with the form to send and challenges
# nobody; carol's own challenge of ann then waits.
section
for g in checkers stackup accasta-pari stackers-brown; do
	for i in 1 2 3; do
		hostile carol "x$i.$g@nowhere.test" "$g challenge bob ann"
	done
done
send carol "checkers challenge bob ann"
referee
status pools/challenge-forged-run 0
expect pools/challenge-old-form carol 1 "Subject: Refused" \
    "GAME challenge USERID1 PASSWORD USERID2"
expect pools/challenge-forged-nobody ann 0
send carol "checkers challenge carol carol-pw ann"
referee
expect pools/challenge-real ann 1 "carol challenges you, ann"
fetch carol

# two players have three challenges waiting between them at most,
# either way; the fourth is refused
send ann "stackup challenge ann ann-pw bob"
send ann "accasta-pari challenge ann ann-pw bob"
send bob "stackers-brown challenge bob bob-pw ann"
referee
fetch ann; fetch bob
board=$(sed -n 's/^Subject: stackup board \([0-9]*\): ann challenges.*/\1/p' \
    "$tmp"/bob.[0-9]* | head -n 1)
send ann "checkers challenge ann ann-pw bob"
referee
expect pools/challenge-pair ann 1 "Subject: Refused" \
    "too many challenges between these two players"

# --max-challenges 2: carol's second challenge waits, her third is
# refused
send carol "stackup challenge carol carol-pw bob"
send carol "accasta-pari challenge carol carol-pw bob"
referee --max-challenges 2
fetch bob
expect pools/max-challenges carol 2 "your challenge to bob"
grep -qF "2 challenges of carol wait" "$tmp/carol.2" &&
    pass pools/max-challenges-refused ||
    fail pools/max-challenges-refused "$(cat "$tmp/carol.2")"

# --- case 5: --max-boards 1: bob, with board 1 open, cannot accept
# ann's challenge; without it, he can
send bob "stackup accept $board bob bob-pw"
referee --max-boards 1
status pools/max-boards-run 0
expect pools/max-boards bob 1 "Subject: Refused" \
    "open boards: ann has 1"
[ ! -e "$state/games/$board.pdn" ] && pass pools/max-boards-no-board ||
    fail pools/max-boards-no-board
send bob "stackup accept $board bob bob-pw"
referee
expect pools/max-boards-default bob 1 "New stackup board $board"

# --- issue 22, item 15: per-move mails or a daily digest, reminders ---
# A fresh state, the clock faked: boards 1-3 of checkers between ann and
# bob (move=21d remind=7d).  ann chooses a digest at 07:00 UTC; bob's
# moves on the 3 boards mail her nothing; her digest at 07:00 lists
# exactly the 3 with their time left, and comes once that day (not at
# 07:30 nor at 20:00), again the next day.  Back to a mail at each move;
# reminders every day (her boards judged again at once), then none.
export STACKREF_NOW=2027-04-05T09:00:00Z
fresh_board "$tmp/digest"
for b in 2 3; do
	send ann "checkers challenge ann ann-pw bob"
	referee
	send bob "checkers accept $b bob bob-pw"
	referee
done
fetch ann; fetch bob
send ann "notify ann ann-pw digest 7"
referee
expect digest/chosen ann 1 "a daily digest at 07:00 UTC"
STACKREF_NOW=2027-04-05T09:30:00Z
for b in 1 2 3; do
	send ann "checkers move $b ann ann-pw 11-15#1"
done
referee
expect digest/own-moves-answered ann 3 "bob's turn"
expect digest/bob-per-move bob 3 "played 11-15"
STACKREF_NOW=2027-04-05T10:00:00Z
for b in 1 2 3; do
	send bob "checkers move $b bob bob-pw 24-19#2"
done
referee
expect digest/bob-answered bob 3 "ann's turn"
expect digest/no-per-move-mail ann 0
STACKREF_NOW=2027-04-06T06:59:59Z referee
expect digest/not-before-the-hour ann 0
STACKREF_NOW=2027-04-06T07:00:00Z referee
status digest/run 0
expect digest/sent ann 1 "Subject: stackref referee: your turn on 3 boards" \
    "20d03h00m left" "checkers move 3 ann PASSWORD MOVE#3" \
    "checkers show 2"
n=$(grep -c '^board [0-9]*, checkers: you (red) v bob' "$tmp/ann.1")
[ "$n" -eq 3 ] && pass digest/three-boards ||
    fail digest/three-boards "$n boards listed" "$(cat "$tmp/ann.1")"
awk '/^Content-Type: text\/html/ { exit } /^Content-Type: text\/plain/ {
    text = 1 } text && length > 78 { bad = 1 } END { exit bad }' \
    "$tmp/ann.1" && pass digest/lines-78 ||
    fail digest/lines-78 "$(cat "$tmp/ann.1")"
STACKREF_NOW=2027-04-06T07:30:00Z referee
expect digest/once-a-day ann 0
STACKREF_NOW=2027-04-06T20:00:00Z referee
expect digest/not-again-that-day ann 0
STACKREF_NOW=2027-04-07T07:00:30Z referee
expect digest/next-day ann 1 "your turn on 3 boards"
grep -q "digest to ann: 3 boards to play" "$state"/done/* &&
    pass digest/recorded || fail digest/recorded

# back to a mail at each move: bob's move on board 1 mails ann
STACKREF_NOW=2027-04-07T08:00:00Z
send ann "notify ann ann-pw each"
referee
expect digest/each ann 1 "Mails: one at each move of your opponents."
send ann "checkers move 1 ann ann-pw 15x24#3"
referee
fetch ann
send bob "checkers move 1 bob bob-pw 28x19#4"
referee
expect digest/per-move-again ann 1 "bob (white) played 28x19"
fetch bob
STACKREF_NOW=2027-04-08T07:00:00Z referee
expect digest/no-digest-after-each ann 0

# reminders every day: at once her boards are judged again, and remind
# her: boards 2 and 3 (ann's turn for 2d22h) reminder 2, board 1 (1d)
# reminder 1; then each day once: 2 and 3 at 3d; none after "off",
# though the time control's remind=7d falls due
STACKREF_NOW=2027-04-08T08:00:00Z
send ann "remind ann ann-pw 1d"
referee
mails ann "Reminder 2: it has been your turn on board"
[ "$n" -eq 2 ] && [ "$got" -eq 4 ] && grep -qF "Reminder 1: it has been \
your turn on board 1 for 1d00h00m" "$tmp"/ann.[0-9] &&
    pass digest/remind-at-once || fail digest/remind-at-once \
    "$got mails, $n reminders" "$(cat "$tmp/ref.out")"
STACKREF_NOW=2027-04-08T09:00:00Z referee
expect digest/remind-not-twice ann 0
STACKREF_NOW=2027-04-08T10:00:30Z referee
mails ann "Reminder 3: it has been your turn on board"
[ "$n" -eq 2 ] && [ "$got" -eq 2 ] && pass digest/remind-daily ||
    fail digest/remind-daily "$got mails, $n reminders"
STACKREF_NOW=2027-04-09T11:00:00Z
send ann "remind ann ann-pw off"
referee
expect digest/remind-off ann 1 "Reminders: none."
STACKREF_NOW=2027-04-12T10:30:00Z referee
expect digest/no-reminder-when-off ann 0
STACKREF_NOW=2027-04-13T10:30:00Z
send ann "games ann"
referee
expect digest/games-says ann 1 "Reminders: none." \
    "notify ann PASSWORD digest HOUR"
unset STACKREF_NOW

# --- issue 22: pbmserv: what its players send, through the mail path
# (lymanhurd/lyngk's game.cpp: qmove and its aliases, submit then
# confirm, the board alias, a bare trailing #, games USERID next, a **
# word, change password).  ann moves first on board 1.
fresh_board "$tmp/pbmserv" first=ann
send bob "checkers qmove 1 bob bob-pw 22-18"
referee
expect pbmserv/qmove-not-your-turn bob 1 "Subject: Refused" \
    "it is ann's turn" "checkers queue 1 bob PASSWORD X Y"
send ann "checkers confirm 1 ann ann-pw"
referee
expect pbmserv/confirm-nothing ann 1 "Subject: Refused" \
    "ann has no move submitted for ply 1" \
    "checkers submit 1 ann PASSWORD MOVE#1"
nolines "$tmp/ann.1" ann-pw && pass pbmserv/confirm-masked ||
    fail pbmserv/confirm-masked
send ann "checkers submit 1 ann ann-pw 11-15#1"
referee
expect pbmserv/submit ann 1 "Submission: ann" "Nothing was played" \
    "checkers confirm 1 ann PASSWORD"
record 1 | grep -q '11-15' && fail pbmserv/submit-not-played ||
    pass pbmserv/submit-not-played
nolines "$state/cond/1" ann-pw && pass pbmserv/submit-kept-masked ||
    fail pbmserv/submit-kept-masked "$(cat "$state/cond/1")"
send ann "checkers confirm 1 ann ann-pw"
referee
fetch ann; fetch bob
record 1 | grep -q '1\. *11-15' && pass pbmserv/confirm-plays ||
    fail pbmserv/confirm-plays "$(cat "$tmp/ref.err")"
send ann "checkers confirm 1 ann ann-pw"
referee
expect pbmserv/confirm-once ann 1 "Subject: Refused" \
    "ann has no move submitted for ply 2"
send bob "checkers boardq 1 bob bob-pw 22-18"
referee
fetch ann; fetch bob
record 1 | grep -q '22-18' && pass pbmserv/qmove-your-turn ||
    fail pbmserv/qmove-your-turn "$(cat "$tmp/ref.err")"
send ann "checkers board 1 ann ann-pw 15x22#"
referee
fetch ann; fetch bob
record 1 | grep -q '15x22' && pass pbmserv/board-alias-bare-hash ||
    fail pbmserv/board-alias-bare-hash "$(cat "$tmp/ref.err")"
send ann "games ann next"
send bob "checkers games bob next **"
referee
expect pbmserv/games-next-none ann 1 "none."
expect pbmserv/games-next bob 1 "board 1, checkers" "ply 4 to play"
send ann "games ann soon"
referee
expect pbmserv/games-selector-refused ann 1 "Subject: Refused" \
    "games USERID [next|active|inactive|all]"
send bob "change password bob bob-pw bob-pw2"
referee
expect pbmserv/change-password bob 1 "the password of bob changed"
send bob "Re: checkers board 1 bob bob-pw2 25x18"
referee
fetch ann; fetch bob
record 1 | grep -q '25x18' && pass pbmserv/new-password-used ||
    fail pbmserv/new-password-used "$(cat "$tmp/ref.err")"

# === issue 22: replies (items 2, 3, 4, 9) ==============================
# Through the real mail path: an illegal move is answered with a legal
# example subject; a reply to the referee's own mail, its Subject left
# as it was (Re:, RE: Fwd:, AW:), is answered with the command to send
# and changes nothing; Accasta's 192 moves come as a count by stack, or
# the moves of the stack named, in lines of at most 78 bytes; a
# challenge names its time control; an undo request names its moves.
# text_lines_fit NAME FILE: no line of the text/plain part of the
# decoded mail FILE is longer than 78 bytes.
text_lines_fit() {
	local long
	long=$(awk '/^Content-Type: text\/plain/ { part = 1; body = 0; next }
	    part && !body && /^$/ { body = 1; next }
	    part && body && /^--/ { part = 0 }
	    part && body && length($0) > 78' "$2")
	[ -z "$long" ] && pass "$1" || fail "$1" "lines over 78 bytes:" "$long"
}
fresh_board "$tmp/replies"
cp "$state/games/1.pdn" "$tmp/replies.1.pdn"
send ann "checkers move 1 ann ann-pw 11-18#1"
referee
expect replies/illegal-example ann 1 "Subject: Refused" \
    "one of the legal moves, for example:" \
    "checkers move 1 ann PASSWORD 11-15#1"
grep -qF "PASSWORD 11-18" "$tmp/ann.1" &&
    fail replies/illegal-not-itself "$(cat "$tmp/ann.1")" ||
    pass replies/illegal-not-itself
send ann "Re: checkers board 1: ann to move (ply 1)"
send bob "RE: Fwd: checkers board 1: ann to move (ply 1)"
referee
expect replies/own-turn ann 1 "nothing was done" \
    "checkers move 1 ann PASSWORD MOVE#1"
expect replies/own-turn-other bob 1 "It is ann's turn"
cmp -s "$state/games/1.pdn" "$tmp/replies.1.pdn" &&
    pass replies/own-unchanged || fail replies/own-unchanged
send ann "accasta-pari challenge ann ann-pw bob"
referee
expect replies/challenge-terms bob 1 \
    "Subject: accasta-pari board 2: ann challenges you" \
    "Time control: move=21d remind=7d"
fetch ann
send bob "AW: accasta-pari board 2: ann challenges you"
referee
expect replies/own-challenge bob 1 "accasta-pari accept 2 bob PASSWORD"
[ ! -e "$state/games/2.pdn" ] && pass replies/own-challenge-no-board ||
    fail replies/own-challenge-no-board
send bob "accasta-pari accept 2 bob bob-pw"
referee
expect replies/accasta-turn ann 1 "from each square: a1: 48" \
    "accasta-pari preview 2 SQUARE"
text_lines_fit replies/accasta-turn-lines "$tmp/ann.1"
fetch bob
send ann "accasta-pari move 2 ann ann-pw b2:1-g4#1"
referee
expect replies/accasta-illegal ann 1 "legal moves from b2: b2:" \
    "accasta-pari move 2 ann PASSWORD b2:"
text_lines_fit replies/accasta-illegal-lines "$tmp/ann.1"
send ann "checkers move 1 ann ann-pw 11-15#1"
referee
fetch ann; fetch bob
send ann "checkers move 1 ann ann-pw undo#2"
referee
expect replies/undo-names-moves bob 1 "asks to take back 11-15." \
    "Last action: Red asks to take back 11-15."
expect replies/undo-own-reply ann 1 "Your request to take back 11-15"
# === issue 22: ratings ================================================
# Glicko-2 as Lichess rates a game (stackref-referee(8), Ratings), by
# mail: board 1, rated (the default, said in the challenge), ends by
# ann's resignation: both game-over mails say each change in pbmserv's
# words, games USERID and checkers ratings show it, and a chat on the
# finished board changes nothing; board 2 (fen=) ends by ann's move,
# from the ratings board 1 left; board 3, rated=no, ends and changes
# nothing.  stats --ratings on the three records gives the same
# numbers as the referee's list.
section
fresh_board "$tmp/rated"
grep -qF "The game is rated" "$tmp/bob.1" && pass ratings/challenge-says ||
    fail ratings/challenge-says "$(cat "$tmp/bob.1")"
send ann "checkers resign 1 ann ann-pw"
referee
status ratings/resign-run 0
expect ratings/resign-ann ann 1 "game over 0-1" \
    "ann's rating went down from 1500 to 1337 (checkers)." \
    "bob's rating went up from 1500 to 1662 (checkers)."
expect ratings/resign-bob bob 1 "game over 0-1" \
    "bob's rating went up from 1500 to 1662 (checkers)."
[ "$(sr_sql "$state" "SELECT userid, shown FROM ratings ORDER BY userid")" = \
    "$(printf 'ann|1337\nbob|1662')" ] && pass ratings/stored ||
    fail ratings/stored "$(sr_sql "$state" "SELECT * FROM ratings")"
grep -q '^bob checkers 1662\.2[0-9]* 290\.2[0-9]* 0\.0[0-9]* 1$' \
    "$state/ratings" && pass ratings/exported ||
    fail ratings/exported "$(cat "$state/ratings")"
send ann "checkers chat 1 ann ann-pw good game"
referee
status ratings/chat-run 0
fetch ann; fetch bob
send bob "games bob"
send carol "checkers ratings"
referee
status ratings/list-run 0
expect ratings/games-user bob 1 "Ratings of bob (Glicko-2):" \
    "checkers: 1662, deviation 290, 1 rated games"
expect ratings/list carol 1 "1. bob 1662, deviation 290, 1 rated games" \
    "2. ann 1337, deviation 290, 1 rated games"
send ann "checkers challenge ann ann-pw bob fen=B:W18:B14"
referee
send bob "checkers accept 2 bob bob-pw"
referee
fetch ann; fetch bob
send ann "checkers move 2 ann ann-pw 14x23"
referee
status ratings/move-run 0
expect ratings/move-ends ann 1 "game over 1-0" \
    "ann's rating went up from 1337 to" \
    "bob's rating went down from 1662 to"
fetch bob
send ann "checkers challenge ann ann-pw bob rated=no"
referee
expect ratings/unrated-says bob 1 "The game is unrated"
send bob "checkers accept 3 bob bob-pw"
referee
fetch ann; fetch bob
before=$(sr_sql "$state" "SELECT userid, game, value FROM ratings ORDER BY userid")
send bob "checkers resign 3 bob bob-pw"
referee
expect ratings/unrated-ends ann 1 "game over 1-0"
if ! grep -q "rating went\|rating stayed" "$tmp/ann.1" &&
    grep -qF '[Rated "no"]' "$state/games/3.pdn" && [ "$before" = \
    "$(sr_sql "$state" "SELECT userid, game, value FROM ratings ORDER BY userid")" ]; then
	pass ratings/unrated-changes-nothing
else
	fail ratings/unrated-changes-nothing "$(cat "$tmp/ann.1")" "$before"
fi
fetch bob
send carol "checkers ratings"
referee
expect ratings/list-after carol 1 "1. "
sed -n 's/^\([0-9]*\)\. \([a-z]*\) \([0-9]*\), deviation \([0-9]*\), \([0-9]*\) rated games$/\2 \3 \4 \5/p' \
    "$tmp/carol.1" >"$tmp/rated.mail"
cat "$state/games/1.pdn" "$state/games/2.pdn" "$state/games/3.pdn" \
    >"$tmp/rated.pdn"
"$bin" stats --ratings "$tmp/rated.pdn" |
    awk '$1 ~ /^[0-9]+$/ { print $5, $2, $3, $4 }' >"$tmp/rated.cli"
if [ -s "$tmp/rated.mail" ] && [ "$(wc -l <"$tmp/rated.mail")" -eq 2 ] &&
    cmp -s "$tmp/rated.mail" "$tmp/rated.cli"; then
	pass ratings/cli-same
else
	fail ratings/cli-same "$(cat "$tmp/rated.mail")" "---" \
	    "$(cat "$tmp/rated.cli")" "$(cat "$tmp/carol.1")"
fi
# --- issue 22: cli - a time control that is not what it says ----------
# The challenge's time= options reach the parser of new -t: a bare 21
# (21 seconds, or days?) and 3days (per move, or for the game?) are
# refused with the spelling meant, never taken as something else.
# A fresh state of its own (ann and bob): the sections before change
# players and passwords.
fresh_board "$tmp/tc22"
send ann "checkers challenge ann ann-pw bob time=21"
referee
expect tc22/bare-number ann 1 "Subject: Refused" "time=21:" \
    "move=21d" "21s"
send ann "checkers challenge ann ann-pw bob time=3days"
referee
expect tc22/spelled-unit ann 1 "Subject: Refused" "time=3days:" \
    "move=3d" "3d"
