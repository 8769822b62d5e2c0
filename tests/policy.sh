#!/bin/bash
# policy.sh - the security policy of stackref(1), each rule a test that
# fails when the rule is broken:
#   stdout/CMD    every command that writes to standard output, run with
#                 it on /dev/full, exits 4 with a "cannot write"
#                 diagnostic (the same command into a file exits 0 and
#                 writes something, so the failure is the write's);
#   tls/PROTO-remote
#                 plain smtp://, imap:// and pop3:// demand STARTTLS
#                 unless the host is this machine by name (127.0.0.1,
#                 ::1, localhost): against servers of this script that do
#                 not offer STARTTLS on 127.0.0.2 (another loopback
#                 address, so a "remote" host that needs no network),
#                 post and fetch exit 5, and the server sees no login,
#                 no password and no mail;
#   tls/PROTO-local
#                 the same servers on 127.0.0.1: the plain session goes
#                 on (a login, a mail delivered, a record fetched), so
#                 the servers are good enough to show the refusal above;
#   http/remote-password
#                 no password goes over plain http to another host: a
#                 fetch with one from 127.0.0.2 exits 5 and the server
#                 sees no request; on 127.0.0.1 it sees the credentials.
# The servers are perl (perl-base) on ports the system picks.  Prints
# PASS:/FAIL: lines.
set -u
root=$(cd "$(dirname "$0")/.." && pwd)
bin=${STACKREF:-$root/stackref}
. "$root/tests/lib/common.sh"
need perl perl-base
tmp=$(mktemp -d) || exit 1
pids=""
# POLICY_KEEP=1 keeps the scratch directory (the servers' logs).
cleanup() {
	local p
	for p in $pids; do kill "$p" 2>/dev/null; done
	if [ -n "${POLICY_KEEP:-}" ]; then echo "kept: $tmp"; else rm -rf "$tmp"; fi
}
trap cleanup EXIT
trap 'exit 130' INT TERM
export LC_ALL=C HOME=$tmp PW=secret-pw
cd "$tmp" || exit 1

pass() { echo "PASS: $1"; }
fail() { echo "FAIL: $1"; shift; [ $# -gt 0 ] && printf '%s\n' "$@" | head -20; }

"$bin" new checkers -t Date=2026.01.01 -t GameId=sr-00000000000000ff \
    -t 'Black=Ann <ann@example.test>' -t 'White=Bob <bob@example.test>' \
    -o g.pdn || { fail "policy (new)"; exit 1; }
"$bin" move g.pdn 11-15 || { fail "policy (move)"; exit 1; }
"$bin" new checkers -t TimeControl='move=3d leave=10' \
    --now 2026-01-01T00:00:00Z -o timed.pdn || { fail "policy (timed)"; exit 1; }

# --- standard output on a full device ---------------------------------
# full NAME ARGS...: stackref ARGS with standard output on /dev/full
# exits 4 and says "cannot write"; into a file it exits 0 and writes.
full() {
	local name=$1 st
	shift
	"$bin" "$@" >out 2>err
	st=$?
	if [ $st -ne 0 ] || [ ! -s out ]; then
		fail "stdout/$name (control: status $st into a file)" "$(cat err)"
		return
	fi
	"$bin" "$@" >/dev/full 2>err
	st=$?
	if [ $st -eq 4 ] && grep -q 'cannot write: No space left on device' err
	then
		pass "stdout/$name"
	else
		fail "stdout/$name (status $st, want 4 and \"cannot write\")" \
		    "$(cat err)"
	fi
}
full help-option --help
full version --version
full help help
full help-command help move
full new new checkers
full show show g.pdn
full show-svg show --format svg g.pdn
full show-fen show --format fen g.pdn
full show-flip show --flip --ply 0 g.pdn
full moves moves g.pdn
full moves-ply moves --ply 0 g.pdn
full perft perft checkers 3
full perft-divide perft --divide stackup 2
full check check g.pdn
full check-two check g.pdn g.pdn
full convert convert g.pdn
full convert-xml convert --to xml g.pdn
full convert-stdout convert -o - g.pdn
full convert-at convert --at 0 g.pdn
full move-stdout move -o - g.pdn 23-19
full resign-stdout resign --as white -o - g.pdn
full offer-draw-stdout offer-draw --as white -o - g.pdn
full resign-dry resign -n --as white g.pdn
full clock clock --now 2026-01-01T00:00:00Z g.pdn
full request-undo-stdout request-undo --as red -o - g.pdn
full leave-stdout leave --as red --days 1 --now 2026-01-02T00:00:00Z \
    -o - timed.pdn
full claim-time-stdout claim-time --as white --now 2026-02-01T00:00:00Z -o - \
    timed.pdn

# --- servers without STARTTLS, on two loopback addresses ---------------
# srv.pl MODE ADDR PORTFILE LOG [DATA]: listens on ADDR (a port the system
# picks, written to PORTFILE) and serves MODE to one client at a time,
# appending every line a client sends to LOG:
#   smtp  EHLO offers AUTH PLAIN LOGIN and no STARTTLS; accepts any
#         login and any mail, each DATA line logged as "DATA: ...";
#   imap  CAPABILITY offers AUTH=PLAIN and no STARTTLS; refuses logins;
#   pop3  CAPA offers USER and no STLS; any login; one message, DATA;
#   http  answers every GET with DATA.
cat >srv.pl <<'EOF'
use strict;
use IO::Socket::INET;
my ($mode, $addr, $portfile, $log, $datafile) = @ARGV;
my $data = "";
if (defined $datafile) {
	open(my $f, '<', $datafile) or die; local $/; $data = <$f>; close $f;
}
my $s = IO::Socket::INET->new(LocalAddr => $addr, LocalPort => 0,
    Listen => 8, ReuseAddr => 1) or die "listen $addr: $!";
open(my $p, '>', "$portfile.tmp") or die; print $p $s->sockport, "\n";
close $p; rename("$portfile.tmp", $portfile);
open(my $l, '>>', $log) or die; $l->autoflush(1);
$SIG{PIPE} = 'IGNORE';
sub said { my $x = shift; $x =~ s/\r?\n$//; print $l "$x\n"; }
while (my $c = $s->accept) {
	$c->autoflush(1);
	if ($mode eq 'smtp') {
		print $c "220 test ESMTP\r\n";
		while (my $x = <$c>) {
			said($x);
			if ($x =~ /^(EHLO|HELO)/i) {
				print $c "250-test\r\n250-AUTH PLAIN LOGIN\r\n250 8BITMIME\r\n";
			} elsif ($x =~ /^AUTH PLAIN\s*\r?$/i) {
				print $c "334 \r\n"; said(scalar <$c>); print $c "235 ok\r\n";
			} elsif ($x =~ /^AUTH LOGIN/i) {
				print $c "334 VXNlcm5hbWU6\r\n"; said(scalar <$c>);
				print $c "334 UGFzc3dvcmQ6\r\n"; said(scalar <$c>);
				print $c "235 ok\r\n";
			} elsif ($x =~ /^AUTH/i) { print $c "235 ok\r\n"; }
			elsif ($x =~ /^DATA/i) {
				print $c "354 go on\r\n";
				while (my $d = <$c>) { last if $d =~ /^\.\r?\n$/; said("DATA: $d"); }
				print $c "250 queued\r\n";
			} elsif ($x =~ /^QUIT/i) { print $c "221 bye\r\n"; last; }
			elsif ($x =~ /^STARTTLS/i) { print $c "502 no\r\n"; }
			else { print $c "250 ok\r\n"; }
		}
	} elsif ($mode eq 'imap') {
		print $c "* OK test ready\r\n";
		while (my $x = <$c>) {
			said($x);
			my ($t) = $x =~ /^(\S+)/; $t = '*' unless defined $t;
			if ($x =~ /^\S+ CAPABILITY/i) {
				print $c "* CAPABILITY IMAP4rev1 AUTH=PLAIN\r\n$t OK done\r\n";
			} elsif ($x =~ /^\S+ AUTHENTICATE \S+\s*\r?$/i) {
				print $c "+ \r\n"; said(scalar <$c>); print $c "$t NO denied\r\n";
			} elsif ($x =~ /^\S+ LOGOUT/i) { print $c "* BYE\r\n$t OK bye\r\n"; last; }
			else { print $c "$t NO denied\r\n"; }
		}
	} elsif ($mode eq 'pop3') {
		my $n = length($data);
		print $c "+OK test ready\r\n";
		while (my $x = <$c>) {
			said($x);
			if ($x =~ /^CAPA/i) { print $c "+OK\r\nUSER\r\n.\r\n"; }
			elsif ($x =~ /^STAT/i) { print $c "+OK 1 $n\r\n"; }
			elsif ($x =~ /^LIST\s+\d/i) { print $c "+OK 1 $n\r\n"; }
			elsif ($x =~ /^LIST/i) { print $c "+OK\r\n1 $n\r\n.\r\n"; }
			elsif ($x =~ /^RETR/i) {
				(my $d = $data) =~ s/^\./../mg;
				print $c "+OK\r\n$d.\r\n";
			} elsif ($x =~ /^QUIT/i) { print $c "+OK bye\r\n"; last; }
			else { print $c "+OK\r\n"; }
		}
	} elsif ($mode eq 'http') {
		while (my $x = <$c>) { said($x); last if $x =~ /^\r?\n$/; }
		print $c "HTTP/1.1 200 OK\r\nContent-Type: application/x-pdn\r\n",
		    "Content-Length: ", length($data), "\r\nConnection: close\r\n\r\n",
		    $data;
	}
	close $c;
}
EOF
# start MODE ADDR [DATA]: starts srv.pl; sets port, and log (its file).
start() {
	local i
	log=$tmp/$1-$2.log
	: >"$log"
	rm -f port
	perl srv.pl "$1" "$2" "$tmp/port" "$log" ${3:+"$3"} 2>>srv.err &
	pids="$pids $!"
	for i in $(seq 100); do [ -s port ] && break; sleep 0.05; done
	port=$(cat port 2>/dev/null)
	[ -n "$port" ] || fail "tls/servers ($1 on $2 did not start)" \
	    "$(cat srv.err)"
}
# logged PATTERN: whether the server's log holds a line matching PATTERN.
logged() { grep -Eiq -- "$1" "$log"; }
# judge NAME OK WHY: PASS when OK is 1, else FAIL with WHY, stackref's
# message and what the server read.
judge() {
	if [ "$2" = 1 ]; then
		pass "$1"
	else
		fail "$1 ($3)" "$(cat err)" "the server read:" "$(cat "$log")"
	fi
}
# refused NAME STATUS: STATUS is 5, the message says why (STARTTLS, or
# STLS in POP3), and no login went to the server (patterns in $login).
refused() {
	local ok=0
	[ "$2" -eq 5 ] && grep -Eq 'STARTTLS|STLS' err && ! logged "$login" &&
	    ok=1
	judge "$1" $ok "status $2, want 5 with no login sent"
}
post() {
	"$bin" post --from ann@example.test --to bob@example.test \
	    --user ann --password-env PW g.pdn "$1" >out 2>err
}
fetch() { "$bin" fetch --user bob --password-env PW "$1" >out 2>err; }
# both PROTO CMD PATH [DATA]: PROTO's server on 127.0.0.2, where CMD (post
# or fetch) of PROTO://127.0.0.2:PORT/PATH must be refused, then on
# 127.0.0.1, where CMD runs; sets st to its status, ok to 0.
both() {
	start "$1" 127.0.0.2 ${4:+"$4"}
	$2 "$1://127.0.0.2:$port/$3"
	refused "tls/$1-remote" $?
	start "$1" 127.0.0.1 ${4:+"$4"}
	$2 "$1://127.0.0.1:$port/$3"
	st=$? ok=0
}

# SMTP.  Logins are AUTH lines; a mail is MAIL FROM and DATA.
login='^AUTH|^(MAIL|RCPT) |^DATA'
both smtp post client.example.test
[ $st -eq 0 ] && logged '^AUTH' &&
    logged '^DATA: Subject: checkers sr-00000000000000ff: ply 1 11-15' && ok=1
judge tls/smtp-local $ok "status $st: want 0, a login and the mail"

# IMAP.  Logins are LOGIN or AUTHENTICATE commands.
login='^[^ ]+ (LOGIN|AUTHENTICATE)'
both imap fetch INBOX
[ $st -eq 5 ] && logged "$login" && ok=1
judge tls/imap-local $ok "status $st: want a login, refused: 5"

# POP3.  Logins are USER, PASS, APOP or AUTH.
{
	printf 'From: ann@example.test\r\nTo: bob@example.test\r\n'
	printf 'Subject: g\r\nMIME-Version: 1.0\r\n'
	printf 'Content-Type: application/x-pdn; name="g.pdn"\r\n\r\n'
	sed 's/$/\r/' g.pdn
} >mail.eml
login='^(USER|PASS|APOP|AUTH)'
both pop3 fetch "" mail.eml
[ $st -eq 0 ] && logged '^PASS' && cmp -s out g.pdn && ok=1
judge tls/pop3-local $ok "status $st: want 0, a login, the record"
# the local server again, standard output on /dev/full
"$bin" fetch --user bob --password-env PW "pop3://127.0.0.1:$port/" \
    >/dev/full 2>err
st=$?
if [ $st -eq 4 ] && grep -q 'cannot write' err; then
	pass stdout/fetch
else
	fail "stdout/fetch (status $st, want 4 and \"cannot write\")" "$(cat err)"
fi

# HTTP: credentials never go to another host over plain http.
start http 127.0.0.2 g.pdn
fetch "http://127.0.0.2:$port/g.pdn"
st=$? ok=0
[ $st -eq 5 ] && grep -q 'no password is sent over plain http' err &&
    [ ! -s "$log" ] && ok=1
judge http/remote-password $ok "status $st, want 5 and no request"
start http 127.0.0.1 g.pdn
fetch "http://127.0.0.1:$port/g.pdn"
st=$? ok=0
[ $st -eq 0 ] && logged '^Authorization: Basic ' && cmp -s out g.pdn && ok=1
judge http/local-password $ok "status $st: want 0, the credentials sent"
