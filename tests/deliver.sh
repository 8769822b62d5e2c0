#!/bin/bash
# deliver.sh - the referee as the mail server's program, against real
# servers on 127.0.0.1 started and stopped here (tests/servers.sh:
# Exim, Dovecot, a private CA).  Prints PASS:/FAIL: lines; when it
# cannot run (no curl, servers that cannot start) it fails.
#   smtp/*      several --smtp: a reply goes through the second server
#               when the first cannot be reached (one log line, status
#               0); none reachable: status 5, the reply kept and sent by
#               the next run; a ninth --smtp refused
set -u
root=$(cd "$(dirname "$0")/.." && pwd)
bin=${STACKREF:-$root/stackref}
. "$root/tests/lib/common.sh"
need curl curl deliver/all
tmp=$(mktemp -d) || exit 1

pass() { echo "PASS: deliver/$1"; }
fail() { echo "FAIL: deliver/$1"; shift; [ $# -gt 0 ] && printf '%s\n' "$@"; }

env=$("$root/tests/servers.sh" start 2>"$tmp/start.err")
case $? in
0) ;;
*) fail servers "$(cat "$tmp/start.err")"; rm -rf "$tmp"; exit 1 ;;
esac
eval "$env"
trap '"$root/tests/servers.sh" stop >/dev/null 2>&1; rm -rf "$tmp"' EXIT
trap 'exit 130' INT TERM

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

# wait_count USER N: until USER has N mails (up to 10 s).
wait_count() {
	local i
	for i in $(seq 200); do
		[ "$(count "$1")" -ge "$2" ] && return 0
		sleep 0.05
	done
	return 1
}

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
	"$bin" referee --dir "$state" --imap "$IMAPS" --address "referee@$D" \
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
mail "referee@$D" help >"$tmp/m.eml"
submit carol "referee@$D" "$tmp/m.eml"
wait_count referee 1
n=$(count carol)
referee --smtp "$DEAD/referee.$D" --smtp "$SMTPS/referee.$D"
is smtp/second-server-status 0 "$rc" "$(cat "$tmp/ref.out" "$tmp/ref.err")"
wait_count carol $((n + 1))
is smtp/second-server-sent $((n + 1)) "$(count carol)"
is smtp/first-server-logged 1 "$(grep -c "^smtp server 1 of 2 not tried again in this run: \"$DEAD/referee.$D: " "$tmp/ref.out")" \
    "$(cat "$tmp/ref.out")"

mail "referee@$D" help >"$tmp/m.eml"
submit carol "referee@$D" "$tmp/m.eml"
wait_count referee 2
n=$(count carol)
referee --smtp "$DEAD/a.$D" --smtp "smtp://127.0.0.1:2/b.$D"
is smtp/none-reachable-status 5 "$rc" "$(cat "$tmp/ref.err")"
is smtp/none-reachable-kept 1 "$(ls "$state/queue" | wc -l)"
referee --smtp "$DEAD/a.$D" --smtp "$SMTPS/referee.$D"
is smtp/kept-then-sent-status 0 "$rc" "$(cat "$tmp/ref.err")"
wait_count carol $((n + 1))
is smtp/kept-then-sent $((n + 1)) "$(count carol)"

# in their order: the first one that works takes it
mail "referee@$D" help >"$tmp/m.eml"
submit carol "referee@$D" "$tmp/m.eml"
wait_count referee 3
n=$(count carol)
referee --smtp "$SMTPS/referee.$D" --smtp "$DEAD/a.$D"
is smtp/first-server-status 0 "$rc" "$(cat "$tmp/ref.err")"
wait_count carol $((n + 1))
is smtp/first-server-sent $((n + 1)) "$(count carol)"
is smtp/first-server-quiet 1 "$(wc -l <"$tmp/ref.out")" "$(cat "$tmp/ref.out")"

set -- $(for i in $(seq 9); do echo --smtp "$SMTPS/$i"; done)
referee "$@"
is smtp/nine 2 "$rc"
grep -q 'more than 8 --smtp options' "$tmp/ref.err" && pass smtp/nine-message ||
    fail smtp/nine-message "$(cat "$tmp/ref.err")"
