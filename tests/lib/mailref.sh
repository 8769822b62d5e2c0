# tests/lib/mailref.sh - players mailing `stackref referee` and reading
# its replies, for the scripts that play games by mail through the
# servers of tests/servers.sh (bash); sourced by tests/referee.sh and
# tests/referee_draughts.sh, not a test itself (tests/run.sh runs
# tests/*.sh only).
#
# Needs tests/lib/common.sh and tests/lib/store.sh sourced, servers_up
# done, and: bin, the stackref to run; tmp, a folder of the caller's;
# state, the referee's state directory; pass NAME and fail NAME [TEXT...],
# the caller's PASS:/FAIL: lines.  The users are USER@$SR_DOMAIN with the
# server password USER-secret; the referee's in $tmp/referee.pw.
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
	for i in $(seq 1200); do	# up to 60 s: a sanitized run on a busy
					# CI machine; a mail late here would
					# reach the referee after the next
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

# store DIR ARGS: stackref referee ARGS on the store of the state
# directory DIR: SR_STORE's, when set, else the SQLite file
# DIR/referee.db (tests/lib/store.sh).
store() {
	local dir=$1
	shift
	# shellcheck disable=SC2046 # the option and its value, two words
	"$bin" referee $(sr_store_opt "$dir") "$@"
}

# referee [ARGS]: one run; its status in $rc, its output in $tmp/ref.*.
# The state directory $state is the store seen through --import (what
# a test wrote there goes in first) and --export (what the run left is
# written back), so that each test looks at the files it always did.
referee() {
	store "$state" --import "$state" 2>"$tmp/port.err" ||
	    fail "import $state" "$(cat "$tmp/port.err")"
	store "$state" --imap "$IMAPS" \
	    --smtp "$SMTPS/referee.$D" --address "referee@$D" \
	    --cacert "$SR_CACERT" --user referee \
	    --password-file "$tmp/referee.pw" "$@" \
	    >"$tmp/ref.out" 2>"$tmp/ref.err"
	rc=$?
	cat "$tmp/ref.out" "$tmp/ref.err" >>"$tmp/all-runs.log"
	store "$state" --export "$state" 2>"$tmp/port.err" ||
	    fail "export $state" "$(cat "$tmp/port.err")"
}

# decode: joins quoted-printable soft line breaks, drops CRs.
decode() {
	tr -d '\r' | sed -e ':a' -e '/=$/{N;s/=\n//;ba}' -e 's/=3D/=/g'
}

# delivered: waits (up to 60 s) until Exim holds no mail in its spool,
# so that what the referee sent is in the mailboxes: Exim delivers in a
# process of its own after the referee's SMTP session ends, and on a
# busy machine a fetch right after a run could otherwise read a mail of
# that run late, with the next case's.
delivered() { exim_idle 600; }

# fetch USER: the mails USER received since the last fetch, decoded,
# into $tmp/USER.1 ... (as they came: $tmp/USER.1.raw ...); their
# number in $got.
fetch() {
	local u=$1 uid
	delivered
	got=0
	rm -f "$tmp/$u".[0-9]*
	for uid in $(uids "$u"); do
		[ "$uid" -le "${last[$u]:-0}" ] && continue
		got=$((got + 1))
		curl_imap "$u" ";UID=$uid" >"$tmp/$u.$got.raw"
		decode <"$tmp/$u.$got.raw" >"$tmp/$u.$got"
		cat "$tmp/$u.$got" >>"$tmp/all-mails.log"
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
	for i in $(seq 1200); do	# up to 60 s, as wait_referee
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
		# the referee wraps its lines at 78 (issue 22): a text may
		# run on over a line break and the next line's indent
		sed -e ':a' -e 'N' -e '$!ba' -e 's/\n */ /g' "$tmp/$u.1" |
		    grep -qF -- "$t" && continue
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

# stop_line USER BOARD: the line that stops USER's copies of BOARD, as
# the last mail USER got ($tmp/USER.1) writes it.
stop_line() {
	sed -n "s/^    \\([a-z-]* unsubscribe $2 [0-9a-f]*\\)\$/\\1/p" \
	    "$tmp/$1.1" | head -n 1
}

# confirm USER: USER replies to the confirmation in $tmp/USER.1 with its
# subject ("Re: confirm USER TOKEN").
confirm() {
	local subj
	subj=$(sed -n 's/^Subject: //p' "$tmp/$1.1" | head -n 1)
	send "$1" "Re: $subj"
}
