#!/bin/bash
# mail.sh - stackref post and fetch against real servers on 127.0.0.1
# (tests/servers.sh: Dovecot IMAP/IMAPS/POP3/POP3S, Exim SMTP/SMTPS
# delivering over LMTP, nginx HTTP/HTTPS with PUT), started here and
# always stopped.  When they cannot run (not root, packages missing: as
# root, tools/deps.sh check installs them) mail.sh fails.
# Prints PASS:/FAIL: lines.
#
#   roundtrip/*   post then fetch: SMTP (STARTTLS) + IMAP, SMTPS + POP3S,
#                 SMTP + POP3 (STARTTLS), HTTP, HTTPS, IMAP APPEND + IMAP
#   put/*         post by conditional PUT: a record that does not extend
#                 the server's refused, the server's copy kept
#   mail/*        the mail on the server: headers, subject, text, the
#                 board from the recipient's side, attachments, TLS used,
#                 the result of a game over
#   tls/*         an untrusted certificate refused without --cacert;
#                 STARTTLS to this machine only with --starttls
#   imap/*        a process's IMAP transfers share one connection: a
#                 fetch (a search, then a mail) logs in once
#   auth/*        wrong password, netrc, password file and variable; a
#                 password in a URL refused
#   redirect/*    redirects followed hop by hop under the policy; no
#                 credentials to another host (its log is checked)
#   down/*        a server that does not answer
#   extend/*      fetch over a local copy: rewritten history, another
#                 game, an illegal move, a result no move or action
#                 gives, changed, added or dropped tags refused; an
#                 extension by moves, a draw agreed, a resignation
#                 accepted
#   stale/*       fetch from a mailbox past delayed copies of older mails
#   parse/*       attachments quoted-printable and 7bit in nested parts;
#                 the newest of several messages chosen
#   inject/*      header injection through options and tags refused
#   pbem/*        a pbmserv command sent to a referee address, then
#                 recorded in the file; a second one refused
#   extend/undo-*, extend/time*, extend/claim-*, extend/future-*
#                 an accepted undo extends the record of its request,
#                 moves dropped otherwise do not; changed time stamps, a
#                 claim on time the clock does not give and a stamp more
#                 than 5 minutes ahead of the clock are refused
#   cond/*        conditional moves (move --then): fetch -o plays the
#                 reply to the move fetched or drops the list; neither
#                 the mail posted nor the record holds them
# A refused fetch must leave the local file as it was (checked by cmp).
root=$(cd "$(dirname "$0")/.." && pwd)
bin=${STACKREF:-$root/stackref}
servers=$root/tests/servers.sh
. "$root/tests/lib/common.sh"
need setsid util-linux
tmp=$(mktemp -d) || exit 1; [ -n "${MAIL_KEEP:-}" ] && echo "tmp=$tmp"
env_text=$(bash "$servers" start 2>"$tmp/start.err")
case $? in
0) ;;
*)
	echo "FAIL: mail/servers (tests/servers.sh start failed)"
	cat "$tmp/start.err"
	rm -rf "$tmp"
	exit 1
	;;
esac
eval "$env_text"
trap 'SR_DIR=$SR_DIR bash "$servers" stop; [ -n "${MAIL_KEEP:-}" ] || rm -rf "$tmp"' EXIT
trap 'exit 130' INT TERM
cd "$tmp" || exit 1
mkdir home
export HOME=$tmp/home TZ=UTC LC_ALL=C
export ANN_PW=ann-secret BOB_PW=bob-secret REF_PW=referee-secret BAD_PW=wrong
CA="--cacert $SR_CACERT"
SMTP=smtp://127.0.0.1:$SR_SMTP_PORT/client.example.test
SMTPS=smtps://localhost:$SR_SMTPS_PORT/client.example.test
IMAP=imap://127.0.0.1:$SR_IMAP_PORT
IMAPS=imaps://127.0.0.1:$SR_IMAPS_PORT
POP3=pop3://127.0.0.1:$SR_POP3_PORT
POP3S=pop3s://127.0.0.1:$SR_POP3S_PORT
HTTP=http://127.0.0.1:$SR_HTTP_PORT
HTTPS=https://localhost:$SR_HTTPS_PORT
ANN="--user ann --password-env ANN_PW"
BOB="--user bob --password-env BOB_PW"

pass() { echo "PASS: $1"; }
fail() {
	echo "FAIL: $1"
	shift
	[ $# -gt 0 ] && printf '%s\n' "$@" | head -30
}
# check NAME CONDITION...: PASS when the command succeeds.
check() {
	local name=$1
	shift
	if "$@"; then pass "$name"; else fail "$name" "$(cat err 2>/dev/null)"; fi
}
# check_not NAME COMMAND...: PASS when the command fails.
check_not() {
	local name=$1
	shift
	if ! "$@"; then pass "$name"; else fail "$name" "$(cat err 2>/dev/null)"; fi
}
# status_is NAME WANT STATUS
status_is() {
	if [ "$3" = "$2" ]; then pass "$1"; else fail "$1" "status $3, want $2" \
	    "$(cat err 2>/dev/null)"; fi
}

# mails USER [BOX]: the files of USER's mailbox (INBOX, or .BOX).
mails() {
	ls -tr "$SR_MAILHOME/$1/Maildir/${2:+.$2/}"new/* \
	    "$SR_MAILHOME/$1/Maildir/${2:+.$2/}"cur/* 2>/dev/null
}
# wait_mails USER N: waits (wait_for) until USER has N mails.
mail_count() { mails "$1" | wc -l; }
wait_mails() { wait_for "$2" mail_count "$1"; }
# headers FILE: the header of a stored mail.
headers() { sed '/^\r\{0,1\}$/q' "$1"; }
# newest USER: USER's newest mail file.
newest() { mails "$1" | tail -n 1; }

# drop USER FILE: puts the raw mail FILE into USER's Maildir, as a new
# message that arrived after the others.
drop() {
	local d=$SR_MAILHOME/$1/Maildir n
	mkdir -p "$d/new" "$d/cur" "$d/tmp"
	n=$(date +%s).$RANDOM$RANDOM.stackref-test
	sed 's/$/\r/' "$2" >"$d/tmp/$n"
	chown -R 65534:65534 "$SR_MAILHOME/$1"
	mv "$d/tmp/$n" "$d/new/$n"
}

# game_of ID FILE [MOVE]...: game ID between ann (red) and bob (white).
game_of() {
	"$bin" new checkers -t Date=2026.01.01 -t "GameId=$1" \
	    -t 'Black=Ann <ann@example.test>' -t 'White=Bob <bob@example.test>' \
	    -o "$2" || return
	local f=$2
	shift 2
	for m; do "$bin" move "$f" "$m" || return; done
}
game() { game_of sr-00000000000000aa "$@"; }
game3() {
	game "$1" && "$bin" move "$1" 11-15 && "$bin" move "$1" 23-19 &&
	    "$bin" move "$1" 8-11
}

start_time=$(date +%s%N)
game3 a.pdn
game b1.pdn
"$bin" move b1.pdn 11-15
cp b1.pdn bob.pdn

# --- SMTP with STARTTLS to the players' addresses, fetched over IMAP.
"$bin" post --from 'Ann <ann@example.test>' $ANN $CA --starttls a.pdn "$SMTP" 2>err
status_is roundtrip/smtp-post 0 $?
wait_mails bob 1
"$bin" fetch -o bob.pdn $BOB $CA --starttls "$IMAP/INBOX" >took 2>err
status_is roundtrip/imap-fetch-status 0 $?
check roundtrip/smtp-imap cmp -s a.pdn bob.pdn
check roundtrip/imap-fetch-says-which grep -q '^bob.pdn: took message 1 of imap://127.0.0.1:[0-9]*/INBOX (<' took
m=$(newest bob)
check mail/not-to-sender test -z "$(mails ann)"
check mail/starttls-used grep -q 'with esmtpsa' "$m"
check mail/date grep -q '^Date: ' "$m"
check mail/message-id grep -Eq '^Message-ID: <[0-9a-f.]+@example\.test>' "$m"
check mail/subject grep -q '^Subject: checkers sr-00000000000000aa: ply 3 8-11, white to move' "$m"
check mail/to grep -q '^To: "Bob" <bob@example.test>' "$m"
check mail/attachment grep -q 'filename="sr-00000000000000aa.pdn"' "$m"
check mail/attachment-type grep -q '^Content-Type: application/x-pdn' "$m"
check mail/last-move grep -q 'Last move: ply 3, 8-11 by red' "$m"
check mail/turn grep -q 'white to move, ply 4' "$m"
# white's side: red's home squares 1-4 are on the top row
check mail/board-from-recipient grep -q '^    r   r   r   r         1     2     3     4' "$m"

# --- A game over: the result in the subject and the text.
game3 over.pdn
"$bin" resign --as white over.pdn >/dev/null
"$bin" post --to bob@example.test --from ann@example.test $ANN $CA over.pdn "$SMTP" 2>err
status_is mail/game-over-post 0 $?
wait_mails bob 2
m=$(newest bob)
check mail/game-over-subject grep -q '^Subject: checkers sr-00000000000000aa: ply 3 8-11, game over 1-0' "$m"
check mail/game-over-text grep -q '^Game over: 1-0 (white resigned)' "$m"

# --- SMTPS (implicit TLS) to one address, with the SVG and the PNG;
# fetched over POP3S.
"$bin" post --svg --png --to bob@example.test --from ann@example.test \
    --user ann --password-file <(echo ann-secret) $CA a.pdn "$SMTPS" 2>err
status_is roundtrip/smtps-post 0 $?
wait_mails bob 3
m=$(newest bob)
check mail/svg grep -q 'filename="sr-00000000000000aa.svg"' "$m"
check mail/png grep -q 'filename="sr-00000000000000aa.png"' "$m"
check mail/png-type grep -q '^Content-Type: image/png' "$m"
check mail/png-data grep -q '^iVBORw0KGgo' "$m"	# base64 of the PNG signature
check mail/smtps-tls grep -q 'with esmtpsa' "$m"
"$bin" fetch --game sr-00000000000000aa $BOB $CA "$POP3S" >pop.pdn 2>err
status_is roundtrip/pop3s-fetch-status 0 $?
check roundtrip/smtps-pop3s cmp -s a.pdn pop.pdn
"$bin" fetch --game sr-00000000000000aa $BOB $CA --starttls "$POP3/" >pop.pdn 2>err
check roundtrip/smtp-pop3-starttls cmp -s a.pdn pop.pdn

# --- IMAP APPEND to a Sent folder, read back.
"$bin" post --from ann@example.test $ANN $CA a.pdn "$IMAPS/Sent" 2>err
status_is roundtrip/imap-append 0 $?
check mail/append-stored test -n "$(mails ann Sent)"
"$bin" fetch $ANN $CA "$IMAP/Sent" >sent.pdn 2>err
check roundtrip/imap-append-fetch cmp -s a.pdn sent.pdn

# --- HTTP and HTTPS.
"$bin" post a.pdn "$HTTP/games/a.pdn" 2>err
status_is roundtrip/http-put 0 $?
check roundtrip/http-stored cmp -s a.pdn "$SR_WWW/games/a.pdn"
"$bin" fetch "$HTTP/games/a.pdn" >h.pdn 2>err
check roundtrip/http cmp -s a.pdn h.pdn
"$bin" post $CA a.pdn "$HTTPS/games/s/a.pdn" 2>err
status_is roundtrip/https-put 0 $?
"$bin" fetch $CA -o hs.pdn "$HTTPS/games/s/a.pdn" 2>err
check roundtrip/https cmp -s a.pdn hs.pdn
"$bin" fetch --user ann --password-env ANN_PW "$HTTP/private/none.pdn" 2>err
status_is roundtrip/http-404 5 $?

# --- post by PUT is conditional: the server's record must be one the
# local one extends, and is replaced only if it is still the copy read
# (If-Match its ETag; If-None-Match: * for a new one).
check put/new-file-stored cmp -s a.pdn "$SR_WWW/games/s/a.pdn"
cp "$SR_WWW/games/a.pdn" srv.before
"$bin" post b1.pdn "$HTTP/games/a.pdn" 2>err
status_is put/stale-refused 1 $?
check put/stale-message grep -q 'this record does not extend the one on the server: it lacks 23-19, and what follows' err
check put/stale-server-unchanged cmp -s srv.before "$SR_WWW/games/a.pdn"
game put-rw.pdn 9-13 23-19
"$bin" post put-rw.pdn "$HTTP/games/a.pdn" 2>err
status_is put/rewritten-refused 1 $?
check put/rewritten-message grep -q "it has 9-13 where the server's has 11-15" err
"$bin" new checkers -t GameId=sr-00000000000000bb -o put-other.pdn
"$bin" post put-other.pdn "$HTTP/games/a.pdn" 2>err
status_is put/other-game-refused 1 $?
check put/refused-server-unchanged cmp -s srv.before "$SR_WWW/games/a.pdn"
"$bin" post a.pdn "$HTTP/games/a.pdn" 2>err
status_is put/same 0 $?
cp a.pdn a4.pdn
"$bin" move a4.pdn 22-18
"$bin" post a4.pdn "$HTTP/games/a.pdn" 2>err
status_is put/extension 0 $?
check put/extension-stored cmp -s a4.pdn "$SR_WWW/games/a.pdn"
"$bin" post a.pdn "$HTTP/games/a.pdn" 2>err
status_is put/older-refused 1 $?
check put/older-server-unchanged cmp -s a4.pdn "$SR_WWW/games/a.pdn"
cp a4.pdn "$SR_WWW/private/p.pdn"
"$bin" post $ANN a4.pdn "$HTTP/private/p.pdn" 2>err
status_is put/private-same 0 $?
printf 'garbage\n' >"$SR_WWW/games/g.pdn"
"$bin" post a.pdn "$HTTP/games/g.pdn" 2>err
status_is put/server-garbage 3 $?
# the test server honours the preconditions (servers.sh: nginx itself
# does not): a PUT with a stale If-Match, or If-None-Match: * on an
# existing file, gets 412 and writes nothing
etag=$(curl -sI "$HTTP/games/a.pdn" | tr -d '\r' | sed -n 's/^ETag: //ip')
code=$(curl -s -o /dev/null -w '%{http_code}' -T a.pdn -H 'If-Match: "0-0"' "$HTTP/games/a.pdn")
check put/server-if-match-stale test "$code" = 412
code=$(curl -s -o /dev/null -w '%{http_code}' -T a.pdn -H 'If-None-Match: *' "$HTTP/games/a.pdn")
check put/server-if-none-match test "$code" = 412
check put/server-unchanged cmp -s a4.pdn "$SR_WWW/games/a.pdn"
code=$(curl -s -o /dev/null -w '%{http_code}' -T a4.pdn -H "If-Match: $etag" "$HTTP/games/a.pdn")
check put/server-if-match test "$code" = 204

# --- Certificates.
cp b1.pdn keep.pdn
"$bin" fetch -o keep.pdn "$HTTPS/games/s/a.pdn" 2>err
status_is tls/https-untrusted 5 $?
check tls/https-untrusted-message grep -q 'SSL certificate problem' err
check tls/https-untrusted-unchanged cmp -s keep.pdn b1.pdn
"$bin" fetch $BOB "$IMAPS/INBOX" >/dev/null 2>err
status_is tls/imaps-untrusted 5 $?
"$bin" post --from ann@example.test $ANN --starttls a.pdn "$SMTP" 2>err
status_is tls/starttls-untrusted 5 $?
"$bin" fetch $BOB --starttls "$IMAP/INBOX" >/dev/null 2>err
status_is tls/imap-starttls-untrusted 5 $?
"$bin" fetch $BOB --starttls "$POP3" >/dev/null 2>err
status_is tls/pop3-starttls-untrusted 5 $?
# To this machine, STARTTLS is not tried unless asked for (--starttls):
# a local server's certificate is often self-signed ("snakeoil"), and
# the servers here offer STARTTLS with one no system CA knows.
n=$(mails bob | wc -l)
"$bin" post --to bob@example.test --from ann@example.test $ANN a.pdn "$SMTP" 2>err
status_is tls/local-smtp-no-starttls 0 $?
wait_mails bob $((n + 1))
check tls/local-smtp-in-clear grep -q 'with esmtpa ' "$(newest bob)"
"$bin" fetch $BOB "$IMAP/INBOX" >/dev/null 2>err
status_is tls/local-imap-no-starttls 0 $?
"$bin" fetch $BOB "$POP3" >/dev/null 2>err
status_is tls/local-pop3-no-starttls 0 $?
"$bin" fetch $BOB "smtp://localhost:$SR_SMTP_PORT/" >/dev/null 2>err
status_is tls/fetch-smtp-usage 2 $?
check tls/imap-login-over-tls grep -q 'imap-login: Info: Login: user=<bob>.*, TLS' \
    "$SR_DIR/mail/dovecot.log"
# A fetch searches the mailbox, then reads a mail: two transfers over
# one connection, logged in once (the referee's run reads all its mails
# so).
logins() { grep -c 'imap-login: Info: Login: user=<bob>' "$SR_DIR/mail/dovecot.log"; }
l0=$(logins)
"$bin" fetch $BOB $CA "$IMAPS/INBOX" >/dev/null 2>err
sleep 0.3     # Dovecot's log process writes a moment later
check imap/one-login-a-process [ "$(logins)" -eq $((l0 + 1)) ]
"$bin" fetch $BOB --cacert "$SR_DIR/key.pem" "$IMAPS/INBOX" >/dev/null 2>err
status_is tls/wrong-ca 5 $?

# --- Credentials.
"$bin" fetch -o keep.pdn --user bob --password-env BAD_PW $CA "$IMAP/INBOX" 2>err
status_is auth/imap-wrong-password 5 $?
check auth/wrong-password-unchanged cmp -s keep.pdn b1.pdn
check_not auth/no-password-in-message grep -q wrong err
n=$(mails bob | wc -l)
"$bin" post --to bob@example.test --from ann@example.test --user ann \
    --password-env BAD_PW $CA a.pdn "$SMTP" 2>err
status_is auth/smtp-wrong-password 5 $?
check auth/smtp-wrong-password-nothing-sent test "$(mails bob | wc -l)" = "$n"
"$bin" fetch $CA "$IMAP/INBOX" >/dev/null 2>err
status_is auth/no-credentials 5 $?
printf 'machine 127.0.0.1\nlogin bob\npassword bob-secret\n' >home/.netrc
chmod 600 home/.netrc
"$bin" fetch $CA "$IMAP/INBOX" >n.pdn 2>err
status_is auth/netrc 0 $?
check auth/netrc-record cmp -s a.pdn n.pdn
rm home/.netrc
echo bob-secret >pw
"$bin" fetch --user bob --password-file pw $CA "$POP3S" >f.pdn 2>err
check auth/password-file cmp -s a.pdn f.pdn
"$bin" fetch --user bob --password-file missing $CA "$POP3S" >/dev/null 2>err
status_is auth/password-file-missing 4 $?
"$bin" fetch --user bob --password-env NO_SUCH_VAR $CA "$POP3S" >/dev/null 2>err
status_is auth/password-env-unset 2 $?
# without a terminal (setsid), --user alone cannot ask for the password
setsid "$bin" fetch --user bob $CA "$POP3S" </dev/null >/dev/null 2>err
status_is auth/no-tty 2 $?
"$bin" fetch --user bob --password-env BOB_PW http://example.invalid/x 2>err
status_is auth/plain-http-other-host 5 $?
check auth/plain-http-message grep -q 'no password is sent over plain http' err
"$bin" fetch "http://bob:hunter2@127.0.0.1:$SR_HTTP_PORT/private/none" 2>err
check_not auth/url-password-not-shown grep -q hunter2 err
# Hosts as libcurl reads them: names that only look local are other
# hosts; this machine, however written, may be sent a password over plain
# http; a URL libcurl cannot read is not shown when it may hold one.
for h in 127.0.0.1.evil.example localhost.evil.example LOCALHOST.evil.example \
    127.0.0.2; do
	"$bin" fetch --user bob --password-env BOB_PW \
	    "http://$h:$SR_HTTP_PORT/private/none" 2>err
	status_is "auth/plain-http-lookalike-$h" 5 $?
	check "auth/plain-http-lookalike-$h-message" \
	    grep -q 'no password is sent over plain http' err
done
"$bin" fetch 'http://us%40er:p%40ss@localhost.evil.example/x' 2>err
check auth/plain-http-url-user grep -q \
    'http://localhost.evil.example/x: no password is sent over plain http' err
check_not auth/url-encoded-password-not-shown grep -q 'p%40ss' err
cp a.pdn "$SR_WWW/private/a.pdn"
"$bin" fetch --user ann --password-env ANN_PW \
    "HTTP://LOCALHOST:$SR_HTTP_PORT/private/a.pdn" >pa.pdn 2>err
check auth/plain-http-local-uppercase cmp -s a.pdn pa.pdn
"$bin" fetch --user ann --password-env ANN_PW \
    "http://127.1:$SR_HTTP_PORT/private/a.pdn" >pa.pdn 2>err
check auth/plain-http-local-127.1 cmp -s a.pdn pa.pdn
# A password is never taken from the command line: not in a URL either,
# whatever the scheme, for fetch and post alike; and never shown.
url_password() {   # NAME EXPECTED-STATUS COMMAND...
	local name=$1 want=$2
	shift 2
	"$@" 2>err
	status_is "auth/url-password-$name" "$want" $?
	check "auth/url-password-$name-message" grep -q \
	    'a password is never taken from a URL' err
	check_not "auth/url-password-$name-not-shown" grep -q ann-secret err
}
url_password https 5 "$bin" fetch $CA "https://ann:ann-secret@localhost:$SR_HTTPS_PORT/private/a.pdn"
url_password http-local 5 "$bin" fetch "http://ann:ann-secret@127.1:$SR_HTTP_PORT/private/a.pdn"
url_password imaps 5 "$bin" fetch $CA "imaps://bob:ann-secret@127.0.0.1:$SR_IMAPS_PORT/INBOX"
url_password pop3 5 "$bin" fetch "pop3://bob:ann-secret@127.0.0.1:$SR_POP3_PORT/"
n=$(mails bob | wc -l)
url_password smtp 5 "$bin" post --to bob@example.test --from ann@example.test \
    a.pdn "smtp://ann:ann-secret@127.0.0.1:$SR_SMTP_PORT/c"
url_password https-put 5 "$bin" post $CA a.pdn \
    "https://ann:ann-secret@localhost:$SR_HTTPS_PORT/private/u.pdn"
url_password imap-append 5 "$bin" post --from ann@example.test $CA a.pdn \
    "imaps://ann:ann-secret@127.0.0.1:$SR_IMAPS_PORT/Sent"
check auth/url-password-nothing-sent test "$(mails bob | wc -l)" = "$n"
check auth/url-password-nothing-put test ! -e "$SR_WWW/private/u.pdn"
# a user in the URL, the password from ~/.netrc, is fine
printf 'machine 127.0.0.1\nlogin ann\npassword ann-secret\n' >home/.netrc
chmod 600 home/.netrc
"$bin" fetch "http://ann@127.0.0.1:$SR_HTTP_PORT/private/a.pdn" >pa.pdn 2>err
check auth/url-user-netrc-password cmp -s a.pdn pa.pdn
rm home/.netrc
"$bin" fetch "http://bob:hun?ter2@127.0.0.1:$SR_HTTP_PORT/x" 2>err
status_is auth/url-unreadable 5 $?
check_not auth/url-unreadable-password-not-shown grep -q ter2 err

# --- Redirects: every hop judged by the policy; credentials (given or
# from ~/.netrc) only to the origin of the URL given.
cp a.pdn "$SR_WWW/games/a.pdn"
"$bin" fetch $ANN "$HTTP/same/a.pdn" >ra.pdn 2>err
check redirect/same-origin-credentials cmp -s a.pdn ra.pdn
printf 'machine %s\nlogin bob\npassword bob-secret\n' 127.0.0.1 127.0.0.2 \
    >home/.netrc
chmod 600 home/.netrc
"$bin" fetch "$HTTP/away/a.pdn" >ra.pdn 2>err
status_is redirect/other-host 0 $?
check redirect/other-host-record cmp -s a.pdn ra.pdn
"$bin" fetch $ANN "$HTTP/away/a.pdn" >ra.pdn 2>err
status_is redirect/other-host-given 0 $?
rm home/.netrc
check redirect/other-host-reached grep -q 'GET /games/a.pdn' "$SR_DIR/http/other.log"
check_not redirect/other-host-no-credentials grep -q 'auth=\[Basic' \
    "$SR_DIR/http/other.log"
"$bin" fetch $CA "$HTTPS/down/a.pdn" 2>err
status_is redirect/https-to-http 5 $?
check redirect/https-to-http-message grep -q 'a redirect from https' err
"$bin" fetch "$HTTP/redirect/x" 2>err
status_is redirect/ftp 5 $?
check redirect/ftp-message grep -q 'unsupported protocol' err
"$bin" fetch "$HTTP/down/a.pdn" >ra.pdn 2>err
check redirect/http-to-http cmp -s a.pdn ra.pdn

# --- A server that does not answer.
"$bin" fetch -o keep.pdn --timeout 5 http://127.0.0.1:1/x.pdn 2>err
status_is down/http 5 $?
check down/unchanged cmp -s keep.pdn b1.pdn
"$bin" post --from ann@example.test --to bob@example.test $ANN a.pdn \
    smtp://127.0.0.1:1/c 2>err
status_is down/smtp 5 $?
"$bin" fetch ftp://127.0.0.1/x.pdn 2>err
status_is down/ftp-refused 5 $?

# --- Fetch over a local copy.  keep.pdn: 11-15.
extend_case() {   # NAME WANT-STATUS REMOTE-FILE
	cp "$3" "$SR_WWW/games/r.pdn"
	cp b1.pdn keep.pdn
	"$bin" fetch -o keep.pdn "$HTTP/games/r.pdn" 2>err
	status_is "extend/$1" "$2" $?
}
game rw.pdn 9-13 23-19
extend_case rewritten 1 rw.pdn
check extend/rewritten-unchanged cmp -s keep.pdn b1.pdn
check extend/rewritten-message grep -q 'does not extend this one: it has 9-13 where this one has 11-15' err
"$bin" new checkers -t GameId=sr-00000000000000bb -o other.pdn
"$bin" move other.pdn 11-15
extend_case other-game 1 other.pdn
check extend/other-game-unchanged cmp -s keep.pdn b1.pdn
"$bin" new stackup -t GameId=sr-00000000000000aa -o su.pdn
extend_case other-rules 1 su.pdn
check extend/other-rules-unchanged cmp -s keep.pdn b1.pdn
sed 's/^1\. 11-15 \*$/1. 11-15 23-19 2. 15-24 */' b1.pdn >ill.pdn
extend_case illegal-move 1 ill.pdn
check extend/illegal-move-unchanged cmp -s keep.pdn b1.pdn
game short.pdn
extend_case shorter 1 short.pdn
printf 'garbage\n' >garbage.pdn
extend_case garbage 3 garbage.pdn
check extend/garbage-unchanged cmp -s keep.pdn b1.pdn
extend_case extension 0 a.pdn
check extend/extension-written cmp -s keep.pdn a.pdn
"$bin" convert --to xml -o a.xml a.pdn
extend_case extension-xml 0 a.xml
check extend/extension-xml-written cmp -s keep.pdn a.xml
# A record extends the local one only by legal moves and recorded
# actions: the same tags (but Result, Termination, PlyCount as moves and
# actions change them), and the result its moves and actions give.
sed 's/^\[Result "\*"\]/[Result "0-1"]/; s/ \*$/ 0-1/' b1.pdn >res.pdn
extend_case result-declared 1 res.pdn
check extend/result-declared-message grep -q 'declares the result 0-1 where this one has \*' err
check extend/result-declared-unchanged cmp -s keep.pdn b1.pdn
sed 's/^\[Result "\*"\]/[Result "0-1"]/; s/ \*$/ 0-1/' a.pdn >res3.pdn
extend_case result-after-moves 1 res3.pdn
check extend/result-after-moves-message grep -q 'declares the result 0-1, but its moves and actions give \*' err
sed 's/bob@example.test/eve@evil.example/' b1.pdn >addr.pdn
extend_case address-changed 1 addr.pdn
check extend/address-changed-message grep -q 'sets the tag White "Bob <eve@evil.example>"' err
check extend/address-changed-unchanged cmp -s keep.pdn b1.pdn
sed 's/bob@example.test/eve@evil.example/' a.pdn >addr3.pdn
extend_case address-changed-with-moves 1 addr3.pdn
sed '/^\[Round /d' a.pdn >dropped.pdn
extend_case tag-dropped 1 dropped.pdn
check extend/tag-dropped-message grep -q 'lacks the tag Round' err
sed 's/^\[Round .*/&\n[Annotator "Eve"]/' a.pdn >added.pdn
extend_case tag-added 1 added.pdn
sed 's/^\[Result "\*"\]/[Result "*"]\n[Termination "time forfeit"]/' b1.pdn >term.pdn
extend_case termination-without-move 1 term.pdn
cp b1.pdn act.pdn
"$bin" offer-draw --as white act.pdn && "$bin" accept-draw --as red act.pdn >/dev/null
extend_case draw-agreed 0 act.pdn
check extend/draw-agreed-written cmp -s keep.pdn act.pdn
cp b1.pdn rs.pdn
"$bin" resign --as red rs.pdn >/dev/null
extend_case resigned 0 rs.pdn
sed 's/{\[%resign red\]}//' rs.pdn >rs2.pdn
extend_case result-without-resign 1 rs2.pdn
sed 's/^1\. 11-15/1. 11-15 {a comment}/' a.pdn >comment.pdn
extend_case annotations 0 comment.pdn

# --- Attachments in other encodings, nested; the newest message chosen.
qp() { sed 's/=/=3D/g; s/^\[Event/[Ev=\n\ent/'; }
{
	printf 'From: ann@example.test\nTo: bob@example.test\n'
	printf 'Subject: qp\nDate: Sat, 21 Nov 2026 10:00:00 +0000\n'
	printf 'Message-ID: <qp@example.test>\nMIME-Version: 1.0\n'
	printf 'Content-Type: multipart/mixed; boundary="XX"\n\n--XX\n'
	printf 'Content-Type: text/plain\n\nhello\n--XX\n'
	printf 'Content-Type: application/x-pdn; name="g.pdn"\n'
	printf 'Content-Transfer-Encoding: quoted-printable\n\n'
	game qp.pdn 11-15 23-19 9-13
	qp <qp.pdn
	printf '\n--XX--\n'
} >qp.eml
drop bob qp.eml
"$bin" fetch $BOB $CA "$IMAP/INBOX" >got-qp.pdn 2>err
check parse/quoted-printable cmp -s qp.pdn got-qp.pdn
{
	printf 'From: ann@example.test\nTo: bob@example.test\nSubject: 7bit\n'
	printf 'Message-ID: <7bit@example.test>\nMIME-Version: 1.0\n'
	printf 'Content-Type: multipart/mixed; boundary="A"\n\n--A\n'
	printf 'Content-Type: multipart/alternative; boundary="B"\n\n--B\n'
	printf 'Content-Type: text/plain\n\nhi\n--B\n'
	printf 'Content-Type: text/html\n\n<p>hi</p>\n--B--\n--A\n'
	printf 'Content-Type: multipart/mixed; boundary="C"\n\n--C\n'
	printf 'Content-Type: text/plain; name="game.pdn"\n'
	printf 'Content-Disposition: attachment; filename="game.pdn"\n'
	printf 'Content-Transfer-Encoding: 7bit\n\n'
	game sb.pdn 11-15 23-19 9-13 22-18
	cat sb.pdn
	printf '\n--C--\n--A--\n'
} >7bit.eml
drop bob 7bit.eml
"$bin" fetch $BOB $CA "$POP3" >got-7bit.pdn 2>err
check parse/7bit-nested cmp -s sb.pdn got-7bit.pdn
printf 'From: ann@example.test\nTo: bob@example.test\nSubject: chat\n\nno record here\n' >chat.eml
drop bob chat.eml
"$bin" new checkers -t GameId=sr-00000000000000cc -o cc.pdn
"$bin" post --to bob@example.test --from ann@example.test $ANN $CA cc.pdn "$SMTP" 2>err
wait_mails bob 7
"$bin" fetch --game sr-00000000000000aa $BOB $CA "$IMAPS/INBOX" >got-aa.pdn 2>err
check parse/newest-of-game cmp -s sb.pdn got-aa.pdn
"$bin" fetch $BOB $CA "$IMAPS/INBOX" >got.pdn 2>err
check parse/newest-any cmp -s cc.pdn got.pdn
"$bin" fetch --game sr-0000000000000099 $BOB $CA "$IMAPS/INBOX" 2>err
status_is parse/no-such-game 5 $?

# --- Delayed mails: the newest record that extends the local one is
# taken, past stale copies; which mail it came from is said.  bob7.pdn
# is at ply 2; mails come in as g1 (ply 1, delayed: it arrives last), g3
# (ply 3), and later a copy of g3 after g3d (ply 3 and a draw offer).
send_ann() {   # FILE: ann mails FILE to bob, and it arrives
	local n
	n=$(mails bob | wc -l)
	"$bin" post --to bob@example.test --from ann@example.test $ANN "$1" \
	    "$SMTP" 2>err && wait_mails bob $((n + 1))
}
game7() { game_of sr-0000000000000077 "$@"; }
game7 g1.pdn 11-15
game7 bob7.pdn 11-15 23-19
game7 g3.pdn 11-15 23-19 8-11
cp g3.pdn g3d.pdn
"$bin" offer-draw --as red g3d.pdn
send_ann g3.pdn && send_ann g1.pdn
cp bob7.pdn bob7.before
"$bin" fetch -o bob7.pdn $BOB $CA "$IMAP/INBOX" >took 2>err
status_is stale/past-delayed-copy 0 $?
check stale/past-delayed-copy-record cmp -s bob7.pdn g3.pdn
check stale/says-which grep -q 'bob7.pdn: took message [0-9]* of imap://.*; passed over 1 newer record of the game' took
"$bin" fetch -o bob7.pdn $BOB $CA "$POP3" >took 2>err
status_is stale/up-to-date 0 $?
check stale/up-to-date-unchanged cmp -s bob7.pdn g3.pdn
check stale/up-to-date-message grep -q 'bob7.pdn: up to date: message [0-9]* of pop3://.* holds the same game' took
send_ann g3d.pdn && send_ann g3.pdn
"$bin" fetch -o bob7.pdn $BOB $CA "$IMAPS/INBOX" >took 2>err
status_is stale/past-copy 0 $?
check stale/past-copy-record cmp -s bob7.pdn g3d.pdn
cp bob7.before bob7.pdn
game7 bob7.pdn 9-13
"$bin" fetch -o bob7.pdn $BOB $CA "$IMAP/INBOX" >took 2>err
status_is stale/none-extends 1 $?
check stale/none-extends-message grep -q 'does not extend this one: it has 11-15 where this one has 9-13' err

# --- Header injection: options and tags with line breaks.
n=$(mails bob | wc -l)
"$bin" post --to bob@example.test --from $'ann@example.test\r\nBcc: referee@example.test' \
    $ANN $CA a.pdn "$SMTP" 2>err
status_is inject/from 2 $?
"$bin" post --to $'bob@example.test\r\nBcc: referee@example.test' --from ann@example.test \
    $ANN $CA a.pdn "$SMTP" 2>err
status_is inject/to 2 $?
"$bin" new checkers -t $'GameId=sr-1\r\nBcc: referee@example.test' -o inj1.pdn
"$bin" post --to bob@example.test --from ann@example.test $ANN $CA inj1.pdn "$SMTP" 2>err
status_is inject/pdn-tag-unreadable 3 $?
# XML can carry line breaks in tag values
"$bin" new checkers -t GameId=sr-2 -t 'Black=Ann <ann@example.test>' \
    -t 'White=Bob <bob@example.test>' | "$bin" convert --to xml - >inj.xml
sed 's|>sr-2<|>sr-2\&#13;\&#10;Bcc: referee@example.test<|' inj.xml >inj2.xml
"$bin" post --to bob@example.test --from ann@example.test $ANN $CA inj2.xml "$SMTP" 2>err
status_is inject/game-id-tag 2 $?
sed 's|example.test&gt;</tag>|example.test\&gt;\&#13;\&#10;Bcc: referee@example.test</tag>|' \
    inj.xml >inj3.xml
"$bin" post --from ann@example.test $ANN $CA inj3.xml "$SMTP" 2>err
status_is inject/player-tag 2 $?
"$bin" post --to bob@example.test --from ann@example.test $ANN $CA inj3.xml "$SMTP" 2>err
status_is inject/player-tag-text 0 $?
wait_mails bob $((n + 1))
m=$(newest bob)
headers "$m" >h
check_not inject/no-bcc-header grep -qi '^Bcc:' h
check inject/xml-attachment grep -q 'filename="sr-2.xml"' "$m"
check inject/referee-got-nothing test -z "$(mails referee)"
check inject/mails-kept test "$(mails bob | wc -l)" = $((n + 1))

# --- A move sent to a referee as a pbmserv command, then recorded in
# the file (a second one for the same turn is refused).
cp a.pdn pbem.pdn
cp a.pdn pbemp.pdn
"$bin" post --pbem 9-14 --user-id bob --pbem-password-env BOB_PW \
    --from bob@example.test --to referee@example.test $BOB $CA pbem.pdn "$SMTP" 2>err
status_is pbem/move 1 $?
"$bin" post --pbem 22-18 --user-id bob --pbem-password-env BOB_PW \
    --from bob@example.test --to referee@example.test $BOB $CA pbem.pdn "$SMTP" 2>err
status_is pbem/move-sent 0 $?
wait_mails referee 1
check pbem/subject grep -q '^Subject: checkers move sr-00000000000000aa bob bob-secret 22-18#4' "$(newest referee)"
"$bin" move -o pbem.want a.pdn 22-18
check pbem/move-recorded cmp -s pbem.want pbem.pdn
"$bin" post --pbem 24-20 --user-id bob --pbem-password-env BOB_PW \
    --from bob@example.test --to referee@example.test $BOB $CA pbem.pdn "$SMTP" 2>err
status_is pbem/second-move-refused 1 $?
check pbem/second-move-message grep -q 'move sent as white, but red is to move' err
check pbem/second-move-not-sent test "$(mails referee | wc -l)" = 1
check pbem/second-move-unchanged cmp -s pbem.want pbem.pdn
"$bin" post --pbem propose --user-id bob --pbem-password-env BOB_PW \
    --from bob@example.test --to referee@example.test $BOB $CA pbemp.pdn "$SMTP" 2>err
wait_mails referee 2
check pbem/propose grep -q '^Subject: checkers move sr-00000000000000aa bob bob-secret propose[[:space:]]*$' "$(newest referee)"
check_not pbem/password-not-printed grep -q bob-secret err
cp a.pdn pbemp.want
"$bin" offer-draw --as white pbemp.want
check pbem/propose-recorded cmp -s pbemp.want pbemp.pdn
"$bin" post --pbem propose --user-id bob --pbem-password-env BOB_PW \
    --from bob@example.test --to referee@example.test $BOB $CA pbemp.pdn "$SMTP" 2>err
status_is pbem/second-propose-refused 1 $?
check pbem/second-propose-not-sent test "$(mails referee | wc -l)" = 2
"$bin" new checkers -t GameId=sr-00000000000000dd -o anon.pdn
"$bin" post --pbem resign --user-id zed --pbem-password-env BOB_PW \
    --from zed@example.test --to referee@example.test $BOB $CA anon.pdn "$SMTP" 2>err
status_is pbem/action-side-unknown 2 $?
"$bin" post --pbem 22-18 --user-id bob --from bob@example.test \
    --to referee@example.test a.pdn "$HTTP/games/x" 2>err
status_is pbem/needs-smtp 2 $?

# --- issue 22: pbmserv: actions as a real pbmserv reads them (the
# whole fourth word of a move, no #N; resign with exactly three words).
n=2
for act in resign undo; do
	cp a.pdn "pbem-$act.pdn"
	"$bin" post --pbem $act --user-id bob --pbem-password-env BOB_PW \
	    --from bob@example.test --to referee@example.test $BOB $CA \
	    "pbem-$act.pdn" "$SMTP" 2>err
	status_is "pbem/$act-sent" 0 $?
	wait_mails referee $((n += 1))
done
check pbem/resign-three-words grep -q '^Subject: checkers resign sr-00000000000000aa bob bob-secret[[:space:]]*$' $(mails referee)
check pbem/undo-no-guard grep -q '^Subject: checkers move sr-00000000000000aa bob bob-secret undo[[:space:]]*$' $(mails referee)

# --- Time, undo and conditional moves through fetch and post.
# extend_from BASE NAME WANT-STATUS REMOTE-FILE: fetch -o over a copy of
# BASE (keep.pdn) of REMOTE-FILE.
extend_from() {
	cp "$4" "$SR_WWW/games/r.pdn"
	cp "$1" keep.pdn
	"$bin" fetch -o keep.pdn "$HTTP/games/r.pdn" >took 2>err
	status_is "$2" "$3" $?
}
# An accepted undo extends the record that holds its request: the moves
# taken back stand in a variation; dropping moves any other way is not.
game un.pdn 11-15 23-19 8-11
"$bin" request-undo --as red un.pdn
cp un.pdn unacc.pdn
"$bin" accept-undo --as white unacc.pdn
extend_from un.pdn extend/undo-accepted 0 unacc.pdn
check extend/undo-accepted-written cmp -s keep.pdn unacc.pdn
game undrop.pdn 11-15 23-19
extend_from un.pdn extend/undo-moves-dropped 1 undrop.pdn
check extend/undo-moves-dropped-unchanged cmp -s keep.pdn un.pdn
sed 's/ 2\. 8-11 {\[%request-undo red\]}/ {[%request-undo red]} {[%accept-undo white]}/' \
    un.pdn >unfake.pdn
extend_from un.pdn extend/undo-without-variation 1 unfake.pdn
check extend/undo-without-variation-message grep -q 'accept-undo by white refused: no variation' err
# The time stamps of a record are part of its history; a claim on time
# must be one the clock gives.
"$bin" new checkers -t Date=2026.01.01 -t GameId=sr-00000000000000aa \
    -t 'Black=Ann <ann@example.test>' -t 'White=Bob <bob@example.test>' \
    -t TimeControl=move=3d --now 2026-01-01T00:00:00Z -o ti.pdn
"$bin" move --now 2026-01-01T01:00:00Z ti.pdn 11-15
cp ti.pdn ti2.pdn
"$bin" move --now 2026-01-02T00:00:00Z ti2.pdn 23-19
extend_from ti.pdn extend/timed 0 ti2.pdn
sed 's/2026-01-01T01:00:00Z/2026-01-01T03:00:00Z/' ti2.pdn >tiwarp.pdn
extend_from ti.pdn extend/time-changed 1 tiwarp.pdn
check extend/time-changed-message grep -q 'it has 2026-01-01T03:00:00Z where this one has 2026-01-01T01:00:00Z' err
sed 's/^\[Result "\*"\]/[Result "0-1"]\n[Termination "time forfeit"]/; s/ \*$/ {[%claim-time white]} {[%ts 2026-01-02T00:00:00Z]} 0-1/' \
    ti.pdn >ticlaim.pdn
extend_from ti.pdn extend/claim-early 1 ticlaim.pdn
check extend/claim-early-message grep -q 'claim-time by white refused: red is not to move' err
"$bin" claim-time --as red --now 2026-01-05T00:00:00Z -o ticlaim2.pdn ti.pdn >/dev/null
extend_from ti.pdn extend/claim-right 0 ticlaim2.pdn
# Issue 21, case 6: time comes from the clock, not from a record.  Bob's
# copy adds a win on time stamped 27 days ahead of the clock (a day of
# ann's 21 gone): refused at the stamp, the local copy kept; the same
# claim stamped once the time has come is taken.
"$bin" new checkers -t Date=2026.03.01 -t GameId=sr-00000000000000aa \
    -t 'Black=Ann <ann@example.test>' -t 'White=Bob <bob@example.test>' \
    -t TimeControl=move=21d --now 2026-03-01T00:00:00Z -o fu.pdn
"$bin" move --now 2026-03-01T00:00:00Z fu.pdn 11-15
"$bin" move --now 2026-03-01T12:00:00Z fu.pdn 23-19
sed 's/^\[Result "\*"\]/[Result "0-1"]\n[Termination "time forfeit"]/; s/ \*$/ {[%claim-time white]} {[%ts 2026-03-29T12:00:00Z]} 0-1/' \
    fu.pdn >fuclaim.pdn
STACKREF_NOW=2026-03-02T12:00:00Z extend_from fu.pdn extend/future-claim 3 \
    fuclaim.pdn
check extend/future-claim-unchanged cmp -s keep.pdn fu.pdn
check extend/future-claim-message grep -q 'r.pdn:[0-9]*:[0-9]*: time stamp 2026-03-29T12:00:00Z is later than the time now, 2026-03-02T12:00:00Z, by more than the 5 minutes allowed' err
STACKREF_NOW=2026-03-29T11:56:00Z extend_from fu.pdn extend/claim-come 0 \
    fuclaim.pdn
# Conditional moves: fetch -o plays the reply to the move fetched, and
# drops the list on a move not foreseen; they are in no mail.
game co.pdn
"$bin" move --then '23-19 8-11' co.pdn 11-15
game cr.pdn 11-15 23-19
cp cr.pdn "$SR_WWW/games/r.pdn"
"$bin" fetch -o co.pdn "$HTTP/games/r.pdn" >took 2>err
status_is cond/fetch 0 $?
check cond/fetch-reply grep -q '^conditional reply played: 8-11$' took
game cw.pdn 11-15 23-19 8-11
check cond/fetch-written cmp -s co.pdn cw.pdn
check_not cond/fetch-list-spent test -e .co.pdn.cond
game cm.pdn
"$bin" move --then '22-18 8-11' cm.pdn 11-15
"$bin" fetch -o cm.pdn "$HTTP/games/r.pdn" >took 2>err
status_is cond/fetch-mismatch 0 $?
check cond/fetch-mismatch-written cmp -s cm.pdn cr.pdn
check_not cond/fetch-mismatch-dropped test -e .cm.pdn.cond
game ch.pdn
"$bin" move --then '23-19 8-11 22-18 15x22' ch.pdn 11-15
n=$(mails bob | wc -l)
"$bin" post --to bob@example.test --from ann@example.test $ANN $CA ch.pdn \
    "$SMTP" 2>err
status_is cond/post 0 $?
wait_mails bob $((n + 1))
m=$(newest bob)
check cond/mail-has-the-move grep -q 'Last move: ply 1, 11-15 by red' "$m"
check_not cond/not-in-mail grep -q -e 8-11 -e 15x22 "$m"
check_not cond/not-in-record grep -q -e 8-11 -e 15x22 ch.pdn
check cond/kept-private test "$(stat -c %a .ch.pdn.cond)" = 600

# --- The web server stopped.
kill "$(cat "$SR_DIR/http/nginx.pid")"
for i in $(seq 100); do
	(exec 3<>"/dev/tcp/127.0.0.1/$SR_HTTP_PORT") 2>/dev/null || break
	sleep 0.05
done
cp b1.pdn keep.pdn
"$bin" fetch -o keep.pdn "$HTTP/games/a.pdn" 2>err
status_is down/server-stopped 5 $?
check down/server-stopped-unchanged cmp -s keep.pdn b1.pdn
"$bin" post a.pdn "$HTTP/games/a.pdn" 2>err
status_is down/server-stopped-post 5 $?

echo "mail.sh: the tests took $((($(date +%s%N) - start_time) / 1000000)) ms"
