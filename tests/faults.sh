#!/bin/bash
# faults.sh - when writing fails or the network does, a record is the old
# one or the new one, never a mix, and nothing is written.
#   disk/*      a full tmpfs (mounted here: root only, FAIL otherwise):
#               move, convert -o and new -o end with status 4, the old
#               record intact, no temporary file left
#   readonly/*  the tmpfs remounted read-only: the same
#               (a split too: each file of convert -# N and --split-by
#               its old contents, or absent)
#   kill/*      `stackref move` on a 1 MB record killed with SIGKILL at
#               random moments, many times: after each kill the record
#               is byte for byte the old or the new one; the only
#               leftovers are temporary files .stackref.XXXXXX, which
#               stay (no run removes them: see stackref(1), LIMITS) and
#               do not disturb the next move; so with convert's splits
#               (-# N, --split-by): after each kill every file of the
#               split is the old one or the new one, never torn
#   net/*       fetch and post against tiny servers of this script (perl,
#               on 127.0.0.1): closing the connection mid-transfer, or
#               accepting and never answering (--timeout 2 must hold);
#               each ends with status 5 and writes nothing
#   tls/*       TLS to a plain port and plain to a TLS port of the
#               servers of tests/servers.sh (FAIL when they cannot run):
#               status 5, nothing written
# Prints PASS:/FAIL: lines.
set -u
root=$(cd "$(dirname "$0")/.." && pwd)
bin=${STACKREF:-$root/stackref}
. "$root/tests/lib/common.sh"
need perl perl-base
need mount mount
tmp=$(mktemp -d) || exit 1
mnt="" srv_dir="" perl_pids=""
cleanup() {
	local p
	for p in $perl_pids; do kill "$p" 2>/dev/null; done
	[ -n "$mnt" ] && umount "$mnt" 2>/dev/null
	[ -n "$srv_dir" ] && SR_DIR=$srv_dir bash "$root/tests/servers.sh" stop
	rm -rf "$tmp"
}
trap cleanup EXIT
trap 'exit 130' INT TERM
export LC_ALL=C HOME=$tmp
cd "$tmp" || exit 1

pass() { echo "PASS: $1"; }
fail() { echo "FAIL: $1"; shift; [ $# -gt 0 ] && printf '%s\n' "$@" | head -20; }
# status_is NAME WANT STATUS [PATTERN]: the status, and err holds PATTERN.
status_is() {
	if [ "$3" -ne "$2" ]; then
		fail "$1" "status $3, want $2" "$(cat err 2>/dev/null)"
	elif [ -n "${4:-}" ] && ! grep -Eq -- "$4" err; then
		fail "$1" "message: want $4" "got: $(cat err)"
	else
		pass "$1"
	fi
}
# same NAME A B: files A and B are identical.
same() {
	if cmp -s "$2" "$3"; then pass "$1"; else fail "$1" "$2 differs from $3"; fi
}
# no_temp NAME DIR: no .stackref.* temporary file in DIR.
no_temp() {
	local left
	left=$(ls -A "$2" | grep '^\.stackref\.')
	if [ -z "$left" ]; then pass "$1"; else fail "$1" "left: $left"; fi
}
ms() { echo $(($(date +%s%N) / 1000000)); }

# gen_plies N: a legal checkers game of N plies, two kings going back
# and forth (N a multiple of 4).
gen_plies() {
	printf '[Event "long"]\n[GameId "sr-00000000000000ee"]\n'
	printf '[FEN "B:WK32:BK1"]\n\n'
	yes '1-5 32-28 5-1 28-32' | head -n $(($1 / 4))
	echo '*'
}
gen_plies 100000 >small.pdn
"$bin" move -o small-new.pdn small.pdn 1-5

# --- a full disk, a read-only one ------------------------------------------
if [ "$(id -u)" -ne 0 ]; then
	fail "disk (not root: cannot mount a tmpfs; make check runs as root)"
elif mkdir mnt && mount -t tmpfs -o size=2m tmpfs mnt 2>mount.err; then
	mnt=$tmp/mnt
	cp small.pdn mnt/rec.pdn
	# fill the rest, then free 64 KB: less than a rewrite needs
	cat /dev/zero >mnt/fill 2>/dev/null
	truncate -s -65536 mnt/fill
	"$bin" move mnt/rec.pdn 1-5 2>err
	status_is disk/move-status 4 $? 'cannot write: No space left on device'
	same disk/move-record-intact mnt/rec.pdn small.pdn
	no_temp disk/move-no-temp mnt
	"$bin" convert -o mnt/rec.pdn small-new.pdn 2>err
	status_is disk/convert-status 4 $? 'No space left on device'
	same disk/convert-record-intact mnt/rec.pdn small.pdn
	"$bin" convert --to xml -o mnt/rec.xml small.pdn 2>err
	status_is disk/convert-new-status 4 $? 'No space left on device'
	if [ -e mnt/rec.xml ]; then fail disk/convert-nothing; else pass disk/convert-nothing; fi
	# the files of a split that runs out of space keep their old
	# contents (a file is renamed into place once whole)
	"$bin" new checkers >mnt/part1.pdn && cp mnt/part1.pdn old-part.pdn
	cp old-part.pdn mnt/ev-long.pdn
	"$bin" convert -# 1 -o mnt/part small.pdn small-new.pdn 2>err
	status_is disk/split-status 4 $? 'No space left on device'
	same disk/split-file-intact mnt/part1.pdn old-part.pdn
	if [ -e mnt/part2.pdn ]; then fail disk/split-nothing; else pass disk/split-nothing; fi
	"$bin" convert --split-by Event -o mnt/ev- small.pdn small-new.pdn 2>err
	status_is disk/split-by-status 4 $? 'No space left on device'
	same disk/split-by-file-intact mnt/ev-long.pdn old-part.pdn
	no_temp disk/split-no-temp mnt
	rm -f mnt/part1.pdn mnt/ev-long.pdn
	cat /dev/zero >mnt/fill2 2>/dev/null
	"$bin" new checkers -o mnt/new.pdn 2>err
	status_is disk/new-status 4 $? 'No space left on device'
	if [ -e mnt/new.pdn ]; then fail disk/new-nothing; else pass disk/new-nothing; fi
	no_temp disk/no-temp mnt
	rm -f mnt/fill mnt/fill2
	# read-only: root ignores permission bits, not a read-only mount
	if mount -o remount,ro mnt 2>mount.err; then
		"$bin" move mnt/rec.pdn 1-5 2>err
		status_is readonly/move-status 4 $? 'Read-only file system'
		same readonly/move-record-intact mnt/rec.pdn small.pdn
		"$bin" convert -o mnt/rec.pdn small-new.pdn 2>err
		status_is readonly/convert-status 4 $? 'Read-only file system'
		same readonly/convert-record-intact mnt/rec.pdn small.pdn
		no_temp readonly/no-temp mnt
	else
		fail "readonly (remount: $(head -n 1 mount.err))"
	fi
	umount mnt && mnt=""
else
	fail "disk (mount -t tmpfs: $(head -n 1 mount.err))"
fi

# --- killed at any point --------------------------------------------------
mkdir kill && cd kill || exit 1
gen_plies 200000 >old.pdn
"$bin" move -o new.pdn old.pdn 1-5
cp old.pdn rec.pdn
t0=$(ms)
"$bin" move rec.pdn 1-5
span=$(($(ms) - t0 + 5))    # ms a whole move takes, a little more
n_old=0 n_new=0 n_bad=0 n_temp=0 runs=${FAULTS_KILLS:-150}
for i in $(seq "$runs"); do
	cp old.pdn rec.pdn
	# a delay from 0 to span ms, in microseconds
	delay=$(awk -v r=$RANDOM -v s=$span 'BEGIN { printf "%.6f", r / 32768 * s / 1000 }')
	"$bin" move rec.pdn 1-5 2>/dev/null &
	pid=$!
	sleep "$delay"
	kill -KILL $pid 2>/dev/null
	wait $pid 2>/dev/null
	if cmp -s rec.pdn old.pdn; then
		n_old=$((n_old + 1))
	elif cmp -s rec.pdn new.pdn; then
		n_new=$((n_new + 1))
	else
		n_bad=$((n_bad + 1))
		cp rec.pdn "bad.$i"
	fi
	n_temp=$(ls -A | grep -c '^\.stackref\.')
done
what="$runs kills within $span ms: old $n_old, new $n_new, torn $n_bad; $n_temp temporary files left"
if [ $n_bad -eq 0 ]; then pass "kill/old-or-new ($what)"; else fail "kill/old-or-new ($what)"; fi
# a run killed while it holds the lock leaves its .NAME.lock (which holds
# no lock once the process is gone: src/base/fileio.c)
others=$(ls -A | grep -v '^\.stackref\.......$' |
    grep -Ev '^(old|new|rec)\.pdn$|^\.(old|new|rec)\.pdn\.lock$')
if [ -z "$others" ]; then
	pass kill/only-temp-files-left
else
	fail kill/only-temp-files-left "$others"
fi
# the next run does not trip over the stale temporary files, nor
# removes them (another run may be writing its own)
cp old.pdn rec.pdn
"$bin" move rec.pdn 1-5 2>err
status_is kill/next-move 0 $?
same kill/next-move-record rec.pdn new.pdn
if [ "$(ls -A | grep -c '^\.stackref\.')" -eq "$n_temp" ]; then
	pass kill/stale-temp-files-kept
else
	fail kill/stale-temp-files-kept
fi
cd "$tmp" || exit 1
rm -rf kill

# kill_split NAME OPTION...: convert OPTION... -o s- of b.pdn killed at
# random moments: every file s-* is then its old version (was/, the
# same split of a.pdn) or its new one (want/), or absent when new.
kill_split() {
	local name=$1 f n_bad=0 n_done=0 n_temp runs=${FAULTS_KILLS:-150}
	shift
	rm -rf was want s-* .stackref.* && mkdir was want || return
	(cd was && "$bin" convert "$@" -o s- ../a.pdn) &&
	    (cd want && "$bin" convert "$@" -o s- ../b.pdn) || {
		fail "$name (the splits cannot be made)"; return; }
	t0=$(ms)
	"$bin" convert "$@" -o s- b.pdn
	span=$(($(ms) - t0 + 5))
	for i in $(seq $((runs / 3))); do
		rm -f s-*; cp was/* .
		delay=$(awk -v r=$RANDOM -v s=$span 'BEGIN { printf "%.6f", r / 32768 * s / 1000 }')
		"$bin" convert "$@" -o s- b.pdn 2>/dev/null &
		pid=$!
		sleep "$delay"
		kill -KILL $pid 2>/dev/null
		wait $pid 2>/dev/null
		cmp -s s-1.pdn want/s-1.pdn 2>/dev/null ||
		    cmp -s s-e1.pdn want/s-e1.pdn 2>/dev/null &&
		    n_done=$((n_done + 1))
		for f in want/*; do
			f=${f#want/}
			if [ -e "$f" ] && ! cmp -s "$f" "want/$f" &&
			    ! cmp -s "$f" "was/$f"; then
				n_bad=$((n_bad + 1)); cp "$f" "bad.$i.$f"
			fi
		done
	done
	n_temp=$(ls -A | grep -c '^\.stackref\.')
	what="$((runs / 3)) kills within $span ms, $n_done with a first file new: $n_bad files torn; $n_temp temporary files left"
	if [ $n_bad -eq 0 ]; then pass "$name ($what)"; else fail "$name ($what)"; fi
}
mkdir split && cd split || exit 1
# eight games, Events e1..e8: short in a.pdn, long in b.pdn
for i in 1 2 3 4 5 6 7 8; do gen_plies 4 | sed "s/\"long\"/\"e$i\"/"; done >a.pdn
for i in 1 2 3 4 5 6 7 8; do gen_plies 40000 | sed "s/\"long\"/\"e$i\"/"; done >b.pdn
kill_split kill/split-old-or-new -# 1
kill_split kill/split-by-old-or-new --split-by Event
cd "$tmp" || exit 1
rm -rf split

# --- network faults: servers of our own -----------------------------------
# srv.pl MODE PORTFILE [DATAFILE]: listens on 127.0.0.1 (a free port,
# written to PORTFILE) and, to every connection:
#   silent     accepts, holds it open, never says a word
#   http-half  answers an HTTP request with a Content-Length of all of
#              DATAFILE, sends half of it, closes
#   pop3-half  a POP3 server that lists one message and closes halfway
#              through sending it
#   smtp-half  an SMTP server that closes in the middle of DATA
cat >srv.pl <<'EOF'
use strict;
use IO::Socket::INET;
my ($mode, $portfile, $datafile) = @ARGV;
my $data = "";
if (defined $datafile) {
	open(my $f, '<', $datafile) or die; local $/; $data = <$f>; close $f;
}
my $s = IO::Socket::INET->new(LocalAddr => '127.0.0.1', LocalPort => 0,
    Listen => 16, ReuseAddr => 1) or die "listen: $!";
open(my $p, '>', "$portfile.tmp") or die; print $p $s->sockport, "\n";
close $p; rename("$portfile.tmp", $portfile);
$SIG{PIPE} = 'IGNORE';
my @held;
while (my $c = $s->accept) {
	$c->autoflush(1);
	if ($mode eq 'silent') { push @held, $c; next; }
	if ($mode eq 'http-half') {
		while (my $l = <$c>) { last if $l =~ /^\r?\n$/; }
		print $c "HTTP/1.1 200 OK\r\nContent-Type: application/x-pdn\r\n",
		    "Content-Length: ", length($data), "\r\n\r\n",
		    substr($data, 0, length($data) / 2);
	} elsif ($mode eq 'pop3-half') {
		print $c "+OK ready\r\n";
		while (my $l = <$c>) {
			if ($l =~ /^CAPA/i) { print $c "+OK\r\nUSER\r\n.\r\n"; }
			elsif ($l =~ /^LIST/i) {
				print $c "+OK\r\n1 ", length($data), "\r\n.\r\n";
			} elsif ($l =~ /^RETR/i) {
				print $c "+OK\r\n", substr($data, 0, length($data) / 2);
				last;
			} elsif ($l =~ /^QUIT/i) { print $c "+OK\r\n"; last; }
			else { print $c "+OK\r\n"; }
		}
	} elsif ($mode eq 'smtp-half') {
		print $c "220 ready\r\n";
		while (my $l = <$c>) {
			if ($l =~ /^DATA/i) { print $c "354 go on\r\n"; <$c>; last; }
			print $c "250 ok\r\n";
		}
	}
	close $c;
}
EOF
# serve MODE [DATAFILE]: starts srv.pl; sets port.
serve() {
	local i
	rm -f port
	perl srv.pl "$1" "$tmp/port" ${2:+"$2"} &
	perl_pids="$perl_pids $!"
	for i in $(seq 100); do [ -s port ] && break; sleep 0.05; done
	port=$(cat port 2>/dev/null)
}
# net_fetch NAME PATTERN SECONDS ARGS...: `fetch -o keep.pdn ARGS` and
# `fetch -o none.pdn ARGS` end with status 5 (err holding PATTERN)
# within SECONDS, leaving keep.pdn as it was and creating no file.
net_fetch() {
	local name=$1 pat=$2 limit=$3 t0 el
	shift 3
	cp small.pdn keep.pdn
	t0=$(ms)
	timeout 30 "$bin" fetch -o keep.pdn "$@" >out 2>err
	status_is "$name" 5 $? "$pat"
	el=$(($(ms) - t0))
	if [ $el -le $((limit * 1000)) ]; then
		pass "$name-time ($el ms)"
	else
		fail "$name-time ($el ms, over $limit s)"
	fi
	same "$name-unchanged" keep.pdn small.pdn
	timeout 30 "$bin" fetch -o none.pdn "$@" >out 2>err
	if [ $? -eq 5 ] && [ ! -e none.pdn ] && [ ! -s out ]; then
		pass "$name-nothing-written"
	else
		fail "$name-nothing-written" "$(cat err)"
	fi
	no_temp "$name-no-temp" .
}
# net_post NAME PATTERN SECONDS URL [ARGS]: post ends with status 5 within
# SECONDS, the record untouched.
net_post() {
	local name=$1 pat=$2 limit=$3 url=$4 t0 el
	shift 4
	cp small.pdn keep.pdn
	t0=$(ms)
	timeout 30 "$bin" post --from ann@example.test --to bob@example.test \
	    "$@" keep.pdn "$url" >out 2>err
	status_is "$name" 5 $? "$pat"
	el=$(($(ms) - t0))
	if [ $el -le $((limit * 1000)) ]; then
		pass "$name-time ($el ms)"
	else
		fail "$name-time ($el ms, over $limit s)"
	fi
	same "$name-unchanged" keep.pdn small.pdn
}

export NOPE=wrong
serve http-half small-new.pdn
net_fetch net/http-closed-mid-transfer 'transfer closed|Partial' 10 \
    "http://127.0.0.1:$port/g.pdn"
# a mail with the record attached as 7bit text: cut in half, the record
# still reads (a shorter game), so the cut must be seen (libcurl takes a
# POP3 message cut short for a whole one; fetch compares with LIST)
{
	printf 'From: ann@example.test\r\nTo: bob@example.test\r\n'
	printf 'Subject: g\r\nMIME-Version: 1.0\r\n'
	printf 'Content-Type: multipart/mixed; boundary="XX"\r\n\r\n--XX\r\n'
	printf 'Content-Type: application/x-pdn; name="g.pdn"\r\n\r\n'
	sed 's/$/\r/' small-new.pdn
	printf '\r\n--XX--\r\n'
} >mail.eml
serve pop3-half mail.eml
net_fetch net/pop3-closed-mid-transfer \
    'the message ended after [0-9]+ of its [0-9]+ bytes' 10 --user bob \
    --password-env NOPE "pop3://127.0.0.1:$port/"
serve smtp-half
net_post net/smtp-closed-mid-data 'post|smtp' 10 "smtp://127.0.0.1:$port/x" \
    --user ann --password-env NOPE
serve silent
silent=$port
net_fetch net/http-silent 'Operation timed out|timed out|Timeout' 4 \
    --timeout 2 "http://127.0.0.1:$silent/g.pdn"
net_fetch net/imap-silent 'timed out|Timeout' 4 --timeout 2 \
    --user bob --password-env NOPE "imap://127.0.0.1:$silent/INBOX"
net_fetch net/pop3-silent 'timed out|Timeout' 4 --timeout 2 \
    --user bob --password-env NOPE "pop3://127.0.0.1:$silent/"
net_post net/smtp-silent 'timed out|Timeout' 4 "smtp://127.0.0.1:$silent/x" \
    --timeout 2 --user ann --password-env NOPE
for p in $perl_pids; do kill "$p" 2>/dev/null; done
perl_pids=""

# --- TLS mismatch against the real servers -----------------------------------
env_text=$(bash "$root/tests/servers.sh" start 2>start.err)
case $? in
0)
	eval "$env_text"
	srv_dir=$SR_DIR
	export BOB_PW=bob-secret ANN_PW=ann-secret
	cp small.pdn "$SR_WWW/games/g.pdn"
	CA="--cacert $SR_CACERT"
	BOB="--user bob --password-env BOB_PW"
	tls='SSL|TLS|wrong version|handshake'
	net_fetch tls/https-to-http-port "$tls" 10 $CA \
	    "https://localhost:$SR_HTTP_PORT/games/g.pdn"
	net_fetch tls/http-to-https-port 'error: 400|answered 400' 10 \
	    "http://127.0.0.1:$SR_HTTPS_PORT/games/g.pdn"
	net_fetch tls/imaps-to-imap-port "$tls" 10 $CA $BOB \
	    "imaps://127.0.0.1:$SR_IMAP_PORT/INBOX"
	net_fetch tls/imap-to-imaps-port 'timed out|Timeout|Weird|response' 4 \
	    --timeout 2 $CA $BOB "imap://127.0.0.1:$SR_IMAPS_PORT/INBOX"
	net_fetch tls/pop3s-to-pop3-port "$tls" 10 $CA $BOB \
	    "pop3s://127.0.0.1:$SR_POP3_PORT/"
	net_fetch tls/pop3-to-pop3s-port 'timed out|Timeout|Weird|response' 4 \
	    --timeout 2 $CA $BOB "pop3://127.0.0.1:$SR_POP3S_PORT/"
	net_post tls/smtps-to-smtp-port "$tls" 10 \
	    "smtps://localhost:$SR_SMTP_PORT/x" $CA --user ann --password-env ANN_PW
	net_post tls/smtp-to-smtps-port 'timed out|Timeout|Weird|response' 4 \
	    "smtp://127.0.0.1:$SR_SMTPS_PORT/x" --timeout 2 $CA --user ann \
	    --password-env ANN_PW
	;;
*) fail tls/servers "$(cat start.err)" ;;
esac
