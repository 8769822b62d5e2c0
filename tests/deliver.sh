#!/bin/bash
# deliver.sh - the referee as the mail server's program, against real
# servers on 127.0.0.1 started and stopped here (tests/servers.sh:
# Exim, Dovecot, a private CA).  Prints PASS:/FAIL: lines; when it
# cannot run (no curl, servers that cannot start) it fails.
#   smtp/*      several --smtp: a reply goes through the second server
#               when the first cannot be reached (one log line, status
#               0); none reachable: status 5, the reply kept and sent by
#               the next run; the first that works takes it; a ninth
#               --smtp refused
#   pipe/*      mail for pbem@example.test goes through Exim's router
#               and pipe transport to `stackref referee --deliver`, run
#               as Debian-exim in Exim's environment: stored, decided in
#               the same process, the reply back through Exim to
#               Dovecot; the store that user's, --status after it
#   held/*      a run holds the store: the mail is stored (status 0),
#               waits (--status), and a run from cron without a mailbox
#               decides and answers it
#   tempfail/*  a store the pipe's user cannot write: status 75, Exim
#               keeps the mail queued (a queue run does not lose it);
#               once writable, a queue run delivers it, and it is
#               answered
#   big/*       a mail over 1 MiB accepted (status 0), set aside and
#               answered from its header: its header and 64 KiB of its
#               body kept (run.h ref_aside_copy), and why
#   day/*       --status counts a refusal (answered) and a reply dropped
#               (Exim refuses its address for good)
#   lines/*     issue 21 case 9 through the pipe: a mail whose body line
#               is over RFC 5322's 998 bytes (1,000 and 100,000), then an
#               ordinary one, both sent at once: Exim hands both to
#               --deliver and both are decided (a done row each naming
#               its sender; the second by a run from cron when the
#               first's run held the store), none left waiting
#   usage/*     --deliver without --dir, a missing state and an
#               unreadable standard input: 75 (the mail stays queued)
# Then the same again on PostgreSQL (tests/lib/pg.sh's pg_again: the
# lines named pg/deliver.sh/deliver/NAME): the pipe's store a database
# of the role pbem, which logs in with a password from the PGPASSFILE
# Exim passes on to the pipe (Debian-exim's to read); the store held
# (held/*) by a transaction locking it, the pipe's statements giving
# up after PGOPTIONS' lock_timeout; a store it cannot write (tempfail/*)
# one whose inbox the role may not insert into.
set -u
root=$(cd "$(dirname "$0")/.." && pwd)
bin=${STACKREF:-$root/stackref}
. "$root/tests/lib/common.sh"
. "$root/tests/lib/store.sh"
. "$root/tests/lib/pg.sh"
need curl curl deliver/all
need sqlite3 sqlite3 deliver/all
need runuser util-linux deliver/all
need psql postgresql-15 deliver/all
tmp=$(mktemp -d) || exit 1

pass() { echo "PASS: deliver/$1"; }
fail() { echo "FAIL: deliver/$1"; shift; [ $# -gt 0 ] && printf '%s\n' "$@"; }

# On PostgreSQL the pipe logs in as pbem (the password in PGPASSFILE)
# and gives up a lock after a second.
if [ -n "${SR_STORE:-}" ]; then
	pg_password pbem pbem-secret && chown Debian-exim "$PGPASSFILE" ||
	    { fail all "no role pbem"; exit 1; }
	PGOPTIONS="-c lock_timeout=1s"
	export PGOPTIONS
fi
servers_up

D=$SR_DOMAIN
IMAPS=imaps://127.0.0.1:$SR_IMAPS_PORT/INBOX
SMTPS=smtps://127.0.0.1:$SR_SMTPS_PORT
DEAD=smtps://127.0.0.1:1
printf 'referee-secret\n' >"$tmp/referee.pw"
state=$tmp/state
seq=0

# uids USER: the UIDs of USER's INBOX.
uids() {
	curl -sS --cacert "$SR_CACERT" --user "$1:$1-secret" "$IMAPS" \
	    -X 'UID SEARCH ALL' | tr -d '\r' | sed -n 's/^\* SEARCH//p'
}

# count USER: how many mails USER has.
count() { uids "$1" | wc -w; }

# wait_count USER N: until USER has N mails.
wait_count() { wait_for "$2" count "$1"; }

# newest USER: USER's newest mail, CRs dropped.
newest() {
	local u
	u=$(uids "$1" | tr ' ' '\n' | sort -n | tail -n 1)
	curl -sS --cacert "$SR_CACERT" --user "$1:$1-secret" "$IMAPS;UID=$u" |
	    tr -d '\r'
}

# mail TO SUBJECT [FROM]: a mail to TO on stdout.
mail() {
	seq=$((seq + 1))
	printf 'From: %s\r\nTo: %s\r\nSubject: %s\r\n' "${3:-carol@$D}" "$1" "$2"
	printf 'Message-ID: <d%d.%s@%s>\r\nDate: %s\r\n\r\nhello\r\n' \
	    "$seq" "$$" "$D" "$(date -R)"
}

# submit USER TO FILE: USER sends FILE to TO through Exim.
submit() {
	curl -sS --cacert "$SR_CACERT" "$SMTPS/test.$D" --user "$1:$1-secret" \
	    --mail-from "$1@$D" --mail-rcpt "$2" --upload-file "$3"
}

# referee ARGS: a run of the referee over its IMAP mailbox; its status
# in $rc, its output in $tmp/ref.*.
referee() {
	# shellcheck disable=SC2046 # the option and its value, two words
	"$bin" referee $(sr_store_opt "$state") --imap "$IMAPS" \
	    --address "referee@$D" \
	    --cacert "$SR_CACERT" --user referee \
	    --password-file "$tmp/referee.pw" "$@" \
	    >"$tmp/ref.out" 2>"$tmp/ref.err"
	rc=$?
}

# is NAME WANT GOT [MORE...]: PASS when GOT is WANT.
is() {
	local name=$1 want=$2 got=$3
	shift 3
	if [ "$got" = "$want" ]; then pass "$name"; else
		fail "$name" "got $got, want $want" "$@"; fi
}

# --- several --smtp ---------------------------------------------------
asked=0
# help_run URL...: carol asks the referee for help, then a run with
# these --smtp URLs (its status in $rc); carol's mails before it in $n.
help_run() {
	local u a=
	mail "referee@$D" help >"$tmp/m.eml"
	submit carol "referee@$D" "$tmp/m.eml"
	asked=$((asked + 1))
	wait_count referee $asked
	n=$(count carol)
	for u; do a="$a --smtp $u"; done
	referee $a
}
# answered NAME [USER]: carol (or USER) got one more mail.
answered() {
	wait_count "${2:-carol}" $((n + 1))
	is "$1" $((n + 1)) "$(count "${2:-carol}")"
}

help_run "$DEAD/referee.$D" "$SMTPS/referee.$D"
is smtp/second-server-status 0 "$rc" "$(cat "$tmp/ref.out" "$tmp/ref.err")"
answered smtp/second-server-sent
is smtp/first-server-logged 1 "$(grep -c "^smtp server 1 of 2 not tried again in this run: \"$DEAD/referee.$D: " "$tmp/ref.out")" \
    "$(cat "$tmp/ref.out")"

help_run "$DEAD/a.$D" "smtp://127.0.0.1:2/b.$D"
is smtp/none-reachable-status 5 "$rc" "$(cat "$tmp/ref.err")"
referee --smtp "$DEAD/a.$D" --smtp "$SMTPS/referee.$D"
is smtp/kept-then-sent-status 0 "$rc" "$(cat "$tmp/ref.err")"
answered smtp/kept-then-sent

# in their order: the first one that works takes it
help_run "$SMTPS/referee.$D" "$DEAD/a.$D"
is smtp/first-server-status 0 "$rc" "$(cat "$tmp/ref.err")"
answered smtp/first-server-sent
is smtp/first-server-quiet 1 "$(wc -l <"$tmp/ref.out")" "$(cat "$tmp/ref.out")"

set -- $(for i in $(seq 9); do echo --smtp "$SMTPS/$i"; done)
referee "$@"
is smtp/nine 2 "$rc"
grep -q 'more than 8 --smtp options' "$tmp/ref.err" && pass smtp/nine-message ||
    fail smtp/nine-message "$(cat "$tmp/ref.err")"

# --- --deliver through Exim's pipe transport --------------------------
# Exim hands mail for pbem@ to `stackref referee --deliver` as
# Debian-exim (tests/servers.sh); the referee's state is P/state.
P=$SR_PBEM
exim() { exim4 -C "$SR_DIR/exim/exim.conf" "$@"; }
# pq SQL: SQL on the pipe's store, as its superuser.
pq() { sr_sql "$P/state" "$1"; }
# The pipe's store: --dir P/state, or a database of the role pbem.
pstore="--dir $P/state"
if [ -n "${SR_STORE:-}" ]; then
	url=$($SR_STORE "$P/state")
	psql -qX -d postgres -c "ALTER DATABASE \"${url##*/}\" OWNER TO pbem" ||
	    fail pipe/store "no database for pbem"
	pstore="--store postgresql://pbem@127.0.0.1:$PGPORT/${url##*/}"
	sed -i "s#^PBEM_STORE = .*#PBEM_STORE = $pstore#" "$SR_DIR/exim/exim.conf"
fi
# as_exim CMD...: CMD as the pipe's user (a store root opened could
# leave files the pipe's user cannot write).
as_exim() { runuser -u Debian-exim -- "$@"; }
# pstatus ARGS: --status of the pipe's referee, into $tmp/st.*, $rc.
pstatus() {
	# shellcheck disable=SC2086 # the option and its value, two words
	as_exim "$bin" referee --status $pstore "$@" \
	    >"$tmp/st.out" 2>"$tmp/st.err"
	rc=$?
}
# figure NAME: a figure of the last --status --json.
figure() { sed -n "s/.*\"$1\": \\([^,}]*\\).*/\\1/p" "$tmp/st.out"; }
# queued: the messages in Exim's queue.
queued() { exim -bpc; }
# wait_queue: until Exim's queue is empty.
unqueued() { echo $((-$(queued))); }
wait_queue() { wait_for 0 unqueued; }
# mainlog: Exim's main log.
mainlog() { cat "$SR_DIR/exim/log/mainlog"; }

# to_pbem SUBJECT: carol mails SUBJECT to pbem@; her mails before in $n.
to_pbem() {
	n=$(count carol)
	mail "pbem@$D" "$1" >"$tmp/m.eml"
	submit carol "pbem@$D" "$tmp/m.eml"
}
# has NAME TEXT...: the newest mail of carol (of $who) holds each TEXT.
has() {
	local name=$1 t
	shift
	newest "${who:-carol}" >"$tmp/newest"
	for t; do
		grep -qF -- "$t" "$tmp/newest" && continue
		fail "$name" "lacks: $t" "$(head -c 3000 "$tmp/newest")"
		return
	done
	pass "$name"
}
delivered() { mainlog | grep -c '=> pbem <pbem@example.test> R=to_referee T=referee_pipe'; }

# decided at once: the reply comes back through Exim to Dovecot
to_pbem help
wait_queue
is pipe/delivered 1 "$(delivered)" "$(mainlog | tail -n 20)"
answered pipe/answered
has pipe/reply "From: \"stackref referee\" <pbem@$D>" "To: carol@$D" "Commands:"
pstatus --json
is pipe/status-run 0 "$rc" "$(cat "$tmp/st.err")"
is pipe/none-waiting 0 "$(figure mails_waiting)" "$(cat "$tmp/st.out")"
figure last_run | grep -q '^"20' && pass pipe/last-run ||
    fail pipe/last-run "$(cat "$tmp/st.out")"
if [ -n "${SR_STORE:-}" ]; then
	is pipe/store-owner pbem "$(pq "SELECT tableowner FROM pg_tables
	    WHERE tablename = 'inbox'")"
else
	is pipe/store-owner Debian-exim "$(stat -c %U "$P/state/referee.db")"
fi

# a run holds the store: the mail is stored and left to the next run,
# which a run from cron (no mailbox) makes
sr_hold "$P/state" sleep 3 &
locker=$!
sleep 0.3
to_pbem help
wait_queue
is held/delivered 2 "$(delivered)" "$(mainlog | tail -n 5)"
pstatus --json
is held/waiting 1 "$(figure mails_waiting)" "$(cat "$tmp/st.out")"
is held/not-answered "$n" "$(count carol)"
wait "$locker"
# shellcheck disable=SC2086 # the option and its value, two words
as_exim "$bin" referee $pstore --address "pbem@$D" \
    --smtp "$SMTPS/pbem.$D" --cacert "$SR_CACERT" --user referee \
    --password-file "$P/password" >"$tmp/ref.out" 2>"$tmp/ref.err"
is held/cron-run 0 $? "$(cat "$tmp/ref.err")"
answered held/answered
pstatus --json
is held/none-waiting 0 "$(figure mails_waiting)" "$(cat "$tmp/st.out")"

# the store cannot be written: status 75, the mail stays in Exim's
# queue; once it can, a queue run delivers it
before=$(mainlog | grep -c 'returned 75')
if [ -n "${SR_STORE:-}" ]; then
	pq 'REVOKE INSERT ON inbox FROM pbem'
else
	chmod 500 "$P/state"
	chmod 400 "$P/state/referee.db"
fi
to_pbem help
sleep 1
is tempfail/queued 1 "$(queued)" "$(mainlog | tail -n 5)"
is tempfail/logged $((before + 1)) "$(mainlog | grep -c 'defer (0): Child process of referee_pipe transport returned 75')" \
    "$(mainlog | tail -n 5)"
exim -qff
is tempfail/still-queued 1 "$(queued)"
if [ -n "${SR_STORE:-}" ]; then
	pq 'GRANT INSERT ON inbox TO pbem'
else
	chmod 700 "$P/state"
	chmod 600 "$P/state/referee.db"
fi
exim -qff
wait_queue
is tempfail/delivered-later 0 "$(queued)" "$(mainlog | tail -n 5)"
is tempfail/delivered 3 "$(delivered)"
answered tempfail/answered-later

# a mail larger than 1 MiB is accepted (status 0), never lost (from
# bob: a stranger gets three answers a day, and carol had them)
mail "pbem@$D" "a big one" "bob@$D" >"$tmp/big.eml"
head -c 1600000 /dev/zero | tr '\0' 'x' | fold -w 76 | sed 's/$/\r/' \
    >>"$tmp/big.eml"
n=$(count bob)
submit bob "pbem@$D" "$tmp/big.eml"
wait_queue
is big/delivered 4 "$(delivered)" "$(mainlog | tail -n 5)"
answered big/answered bob
who=bob has big/refusal "larger than 1 MiB"
pstatus --json
is big/aside 1 "$(figure aside)" "$(cat "$tmp/st.out")"
# as root too, without --smtp: its first MiB kept, set aside, and why
# shellcheck disable=SC2046 # the option and its value, two words
"$bin" referee --deliver $(sr_store_opt "$tmp/big") --address "pbem@$D" \
    <"$tmp/big.eml" >/dev/null 2>"$tmp/big.err"
is big/status 0 $? "$(cat "$tmp/big.err")"
kept=$(sr_sql "$tmp/big" 'SELECT length(mail), why FROM aside' | tr '|' ' ')
case $kept in
6[56][0-9][0-9][0-9]" the mail is larger than 1 MiB") pass big/kept ;;
*) fail big/kept "$kept" ;;
esac

# what --status counts over the day: a refusal (a move from nobody
# signed up), a reply the submission server refuses for good (550 for
# an address Exim does not know: dropped)
pstatus --json
refused=$(figure refused_day) bounced=$(figure bounced_day)
n=$(count bob)
mail "pbem@$D" "checkers move 1 bob pw 11-15" "bob@$D" >"$tmp/m.eml"
submit bob "pbem@$D" "$tmp/m.eml"
wait_queue
answered day/refusal-answered bob
mail "pbem@$D" help "nobody@$D" >"$tmp/m.eml"
submit carol "pbem@$D" "$tmp/m.eml"
wait_queue
pstatus --json
is day/refused $((refused + 1)) "$(figure refused_day)" "$(cat "$tmp/st.out")"
is day/bounced $((bounced + 1)) "$(figure bounced_day)" "$(cat "$tmp/st.out")"

# case 9 through the pipe: a long line does not lose the next mail
# (after day/*: the replies to these senders bounce)
for len in 1000 100000; do
	m1="long$len@$D" m2="next$len@$D"
	mail "pbem@$D" help "$m1" >"$tmp/long.eml"   # not in a pipe: seq
	sed -i '$d' "$tmp/long.eml"
	{ head -c "$len" /dev/zero | tr '\0' x; printf '\r\n'; } >>"$tmp/long.eml"
	mail "pbem@$D" help "$m2" >"$tmp/next.eml"
	submit carol "pbem@$D" "$tmp/long.eml"
	submit carol "pbem@$D" "$tmp/next.eml"
	wait_queue
	# the second may find the first's run holding the store: a run
	# from cron decides it (held/*)
	# shellcheck disable=SC2086 # the option and its value, two words
	as_exim "$bin" referee $pstore --address "pbem@$D" \
	    --smtp "$SMTPS/pbem.$D" --cacert "$SR_CACERT" --user referee \
	    --password-file "$P/password" >"$tmp/ref.out" 2>"$tmp/ref.err"
	is "lines/$len/cron-run" 0 $? "$(cat "$tmp/ref.err")"
	is "lines/$len/long-decided" 1 "$(pq "SELECT COUNT(*) FROM done WHERE
	    summary LIKE '%$m1%'")" "$(mainlog | tail -n 5)"
	is "lines/$len/next-decided" 1 "$(pq "SELECT COUNT(*) FROM done WHERE
	    summary LIKE '%$m2%'")" "$(pq 'SELECT summary FROM done')"
	is "lines/$len/none-waiting" 0 "$(pq 'SELECT COUNT(*) FROM inbox')"
done

# usage: --deliver without its state, an unreadable standard input
"$bin" referee --deliver --address "pbem@$D" </dev/null 2>"$tmp/u.err"
is usage/no-dir 75 $?
"$bin" referee --deliver --dir "$tmp/nowhere/x" --address "pbem@$D" \
    <"$tmp/m.eml" 2>"$tmp/u.err"
is usage/missing-state 75 $? "$(cat "$tmp/u.err")"
"$bin" referee --deliver --dir "$tmp/rd" --address "pbem@$D" \
    <"$tmp" 2>"$tmp/u.err"
is usage/unreadable-input 75 $? "$(cat "$tmp/u.err")"
"$root/tests/servers.sh" stop >/dev/null 2>&1  # the next lane's are its own
pg_again deliver.sh
