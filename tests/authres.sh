#!/bin/bash
# authres.sh - the verified sender (--authserv-id, issue 21) end to end,
# as root, with a real verifier: Exim signs mail with DKIM and verifies
# it against keys a DNS server serves, then hands it to the referee.
#   the host    a network namespace of its own (srauth-PID), whose
#               /etc/netns/NS/resolv.conf names 127.0.0.1 there, so that
#               Exim in it resolves through dnsmasq on its loopback
#               (`ip netns exec` bind-mounts the file on /etc/resolv.conf);
#               made here and removed on exit whatever happens;
#   dnsmasq     the DKIM keys: s1._domainkey of sign.test and of
#               other.test, one RSA key made here;
#   Exim        two ports (and KEEP, see kept): OUT, the senders' server, which signs each
#               mail with the domain of its envelope sender (DKIM, the
#               key above) and relays it to IN, the operator's, which
#               removes every Authentication-Results the mail carries
#               (RFC 8601 section 5), verifies the signatures and adds
#               its own with the authserv-id mx.example.test
#               (${authresults}), then gives mail for pbem@example.test
#               to `stackref referee --deliver --authserv-id
#               mx.example.test` through a pipe (run as Debian-exim), a
#               copy of it kept, and keeps mail for sink.test in a file;
#   the cases   (a `help` mail from ann@sign.test each; the decision's
#               log summary, the store's done table, says "(sender
#               verified)" or not)
#     signed      signed by sign.test: verified
#     unsigned    sent to IN without a signature: not verified
#     other       signed by other.test (its own key, a forged From):
#                 not verified
#     altered     signed by sign.test, caught at sink.test, its body
#                 changed, then sent to IN: not verified (dkim=fail)
#     forged      an unsigned mail carrying "Authentication-Results:
#                 mx.example.test; dkim=pass header.d=sign.test" of its
#                 own: IN removed it (the copy holds only IN's own),
#                 not verified
#     kept        the same sent to KEEP, a third port of the operator's
#                 server that verifies as IN does but removes nothing
#                 (a server misconfigured): two fields of the id, not
#                 verified
#     no-id       the signed mail again to a referee without
#                 --authserv-id: not verified
# Not root, or a server that cannot start: it fails.
set -u
root=$(cd "$(dirname "$0")/.." && pwd)
bin=$(readlink -f "${STACKREF:-$root/stackref}")
. "$root/tests/lib/common.sh"
need ip iproute2 authres/all
need dnsmasq dnsmasq-base authres/all
need curl curl authres/all
need sqlite3 sqlite3 authres/all
need exim4 exim4-daemon-light authres/all
need openssl openssl authres/all

pass() { echo "PASS: authres/$1"; }
fail() { echo "FAIL: authres/$1"; shift; [ $# -gt 0 ] && printf '%s\n' "$@"; }

ID=mx.example.test
OUT=2525 IN=2526 KEEP=2527

# ---- in the namespace ----

# dns_start: dnsmasq on 127.0.0.1:53 serving the key of $D/dkim.pem as
# s1._domainkey of sign.test and other.test, nothing else.
dns_start() {
	local p txt
	p=$(openssl rsa -in "$D/dkim.pem" -pubout -outform DER 2>/dev/null |
	    base64 -w0) || return 1
	txt="v=DKIM1; k=rsa; p=$p"
	dnsmasq --conf-file=/dev/null --no-resolv --no-hosts --no-poll \
	    --listen-address=127.0.0.1 --bind-interfaces --port=53 \
	    --user=root --pid-file="$D/dnsmasq.pid" \
	    --log-facility="$D/dnsmasq.log" \
	    --txt-record="s1._domainkey.sign.test,$txt" \
	    --txt-record="s1._domainkey.other.test,$txt"
}

# sanitizers: the options of make sanitize, as the list of an Exim
# environment option (Exim gives the pipe a bare environment).
sanitizers() {
	local v
	for v in ASAN_OPTIONS LSAN_OPTIONS UBSAN_OPTIONS; do
		[ -z "${!v:-}" ] || printf '; %s=%s' "$v" "${!v}"
	done
}

# exim_conf: the two servers of one Exim (see the head of this file).
exim_conf() {
	local env
	env=$(sanitizers)
	cat <<EOF
primary_hostname = $ID
spool_directory = $D/exim/spool
log_file_path = $D/exim/log/%slog
pid_file_path = $D/exim/exim.pid
keep_environment =
local_interfaces = 127.0.0.1
daemon_smtp_ports = $OUT : $IN : $KEEP
host_lookup =
rfc1413_hosts =
tls_advertise_hosts =
domainlist local_domains = example.test : sink.test
acl_smtp_rcpt = acl_rcpt
acl_smtp_data = acl_data

begin acl
acl_rcpt:
  accept hosts = 127.0.0.1
  deny

acl_data:
  accept condition = \${if eq{\$received_port}{$OUT}}
  warn   condition = \${if !eq{\$received_port}{$KEEP}}
         remove_header = Authentication-Results
  warn   add_header = :at_start:\${authresults{$ID}}
  accept

begin routers
sign_out:
  driver = manualroute
  condition = \${if eq{\$received_port}{$OUT}}
  route_list = * 127.0.0.1
  self = send
  transport = dkim_smtp

sink:
  driver = accept
  domains = sink.test
  transport = keep_sink

copy_in:
  driver = accept
  domains = example.test
  local_parts = pbem
  transport = keep_copy
  unseen

to_referee:
  driver = accept
  domains = example.test
  local_parts = pbem
  transport = referee_pipe

begin transports
dkim_smtp:
  driver = smtp
  port = $IN
  allow_localhost
  hosts_avoid_esmtp = *
  dkim_domain = \$sender_address_domain
  dkim_selector = s1
  dkim_private_key = $D/dkim.pem
  dkim_canon = relaxed

keep_sink:
  driver = appendfile
  file = $D/sink/\$message_exim_id
  user = Debian-exim
  mode = 0644

keep_copy:
  driver = appendfile
  file = $D/copies/\$message_exim_id
  user = Debian-exim
  mode = 0644

referee_pipe:
  driver = pipe
  command = $bin referee --deliver REFEREE_OPTIONS
  user = Debian-exim
  group = Debian-exim
  home_directory = $D/pbem
  current_directory = $D/pbem
  path = /usr/bin:/bin
${env:+  environment = <$env}
  umask = 077
  temp_errors = 75
  timeout = 5m
  log_output
  return_fail_output

begin retry
*   *   F,3d,1m
EOF
}

# referee_options [ID]: the pipe's referee options, in Exim's
# configuration as the macro REFEREE_OPTIONS (Exim reads it again for
# each delivery): a new store, --authserv-id ID when given; the copies
# of the mails delivered before gone.
referee_options() {
	rm -f "$D"/copies/*
	local opts="--dir $D/pbem/state$((++nstate)) --address pbem@example.test"
	STATE=$D/pbem/state$nstate
	[ -n "${1:-}" ] && opts="$opts --authserv-id $1"
	sed -i '/^REFEREE_OPTIONS = /d' "$D/exim/exim.conf"
	sed -i "1i REFEREE_OPTIONS = $opts" "$D/exim/exim.conf"
}
nstate=0

exim_start() {
	install -d -o Debian-exim -g Debian-exim "$D/exim" "$D/exim/spool" \
	    "$D/exim/log" "$D/sink" "$D/copies" &&
	    install -d -m 700 -o Debian-exim -g Debian-exim "$D/pbem" &&
	    chgrp Debian-exim "$D/dkim.pem" && chmod 640 "$D/dkim.pem" &&
	    chmod 755 "$D" && exim_conf >"$D/exim/exim.conf" &&
	    referee_options "$ID" &&
	    exim4 -C "$D/exim/exim.conf" -bd </dev/null >"$D/exim.out" 2>&1 &&
	    listening $OUT && listening $IN && listening $KEEP
}

# listening PORT: waits (5 s at most) until PORT takes connections.
listening() {
	local i
	for i in $(seq 100); do
		(exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null && return 0
		sleep 0.05
	done
	return 1
}

# idle: waits (10 s at most) until Exim holds no mail.
idle() {
	local i
	for i in $(seq 200); do
		ls "$D/exim/spool/input" 2>/dev/null | grep -q -- '-H$' ||
		    return 0
		sleep 0.05
	done
	return 1
}

# mail FILE FROM SUBJECT [HEADER]: writes a mail from FROM into FILE.
mail() {
	printf 'From: Ann <%s>\r\nTo: pbem@example.test\r\nSubject: %s\r\n' \
	    "$2" "$3" >"$1"
	printf 'Message-ID: <%s.%s@sign.test>\r\n' "$(echo "$3" | tr ' ' -)" \
	    "$$$RANDOM" >>"$1"
	[ -n "${4:-}" ] && printf '%s\r\n' "$4" >>"$1"
	printf 'Date: %s\r\n\r\nPlease send the help.\r\n' \
	    "$(date -R)" >>"$1"
}

# send PORT ENVFROM RCPT FILE: submits FILE over SMTP; says why not.
send() {
	curl -sS --url "smtp://127.0.0.1:$1" --mail-from "$2" \
	    --mail-rcpt "$3" --upload-file "$4" 2>&1
}

# summaries: the log summaries of STATE's decisions.
summaries() {
	sqlite3 "$STATE/referee.db" "SELECT summary FROM done" 2>/dev/null
}

# decided NAME WANT: the last mail was decided, its summary verified
# (WANT yes) or not (no).
decided() {
	local s
	idle
	s=$(summaries)
	if ! printf '%s\n' "$s" | grep -q .; then
		fail "$1" "no decision: $(tail -n 5 "$D/exim/log/mainlog")"
	elif printf '%s\n' "$s" | grep -q '(sender verified)'; then
		[ "$2" = yes ] && pass "$1" || fail "$1" "$s"
	else
		[ "$2" = no ] && pass "$1" || fail "$1" "$s"
	fi
}

# verifier NAME PATTERN: IN's own Authentication-Results in the copy of
# the last mail delivered matches PATTERN (grep -E): the verifier saw
# what the case means it to (a pass of the wrong domain, a failure).
verifier() {
	local f
	f=$(ls "$D/copies" | head -n 1)
	if [ -z "$f" ]; then
		fail "$1/verifier" "no copy of the mail delivered"
	elif sed -n "/^Authentication-Results: $ID/,/^[^ 	]/p" \
	    "$D/copies/$f" | grep -Eq "$2"; then
		pass "$1/verifier"
	else
		fail "$1/verifier" "$(grep -A3 '^Authentication-Results' \
		    "$D/copies/$f")"
	fi
}

FORGED="Authentication-Results: $ID; dkim=pass (forged) header.d=sign.test"

# one NAME PORT ENVFROM WANT [PATTERN [HEADER]]: a case on a store of its
# own (the referee's --authserv-id AUTHSERV, default ID): a help mail
# from ann@sign.test, HEADER added when given, sent to PORT with the
# envelope sender ENVFROM; decided verified (WANT yes) or not; the
# verifier's field matching PATTERN when given.
one() {
	referee_options "${AUTHSERV-$ID}"
	mail "$D/$1" ann@sign.test help "${6:-}"
	send "$2" "$3" pbem@example.test "$D/$1"
	decided "$1" "$4"
	[ -z "${5:-}" ] || verifier "$1" "$5"
}

# altered: a mail signed by sign.test, caught at sink.test, its body
# changed, then sent to IN.
altered() {
	local f
	referee_options "$ID"
	mail "$D/altered" ann@sign.test help
	send $OUT ann@sign.test box@sink.test "$D/altered"
	idle
	f=$(ls "$D/sink" | head -n 1)
	if ! grep -q '^DKIM-Signature:' "$D/sink/$f" 2>/dev/null; then
		fail altered "no signed mail at sink.test"
		return
	fi
	sed -e '1{/^From /d}' -e 's/Please send the help/Please send the HELP/' \
	    "$D/sink/$f" >"$D/altered.b"
	send $IN ann@sign.test pbem@example.test "$D/altered.b"
	decided altered no
	verifier altered 'dkim=fail'
}

# removed: the copy of the forged case holds IN's field alone.
removed() {
	local f
	f=$(ls "$D/copies" | head -n 1)
	if [ -z "$f" ]; then
		fail forged/removed "no copy of the mail delivered"
	elif grep -q '(forged)' "$D/copies/$f"; then
		fail forged/removed "$(grep -i '^Authentication-Results' -A2 \
		    "$D/copies/$f")"
	elif [ "$(grep -c "^Authentication-Results: $ID" "$D/copies/$f")" != 1 ]
	then
		fail forged/removed "IN's own header missing"
	else
		pass forged/removed
	fi
}

inside() {
	D=$AUTHRES_DIR
	ip link set lo up || { fail all "no loopback in the namespace"; return; }
	openssl genrsa -out "$D/dkim.pem" 1024 2>/dev/null ||
	    { fail all "openssl genrsa failed"; return; }
	dns_start || { fail all "dnsmasq did not start"; return; }
	exim_start || { fail all "exim did not start: $(cat "$D/exim.out")"; return; }
	one signed $OUT ann@sign.test yes 'dkim=pass header.d=sign.test'
	one unsigned $IN ann@sign.test no
	one other $OUT eve@other.test no 'dkim=pass header.d=other.test'
	altered
	one forged $IN ann@sign.test no '' "$FORGED"
	removed
	one kept $KEEP ann@sign.test no 'dkim=pass \(forged\)' "$FORGED"
	AUTHSERV='' one no-id $OUT ann@sign.test no
}

# ---- around it ----

if [ -n "${AUTHRES_DIR:-}" ]; then
	inside
	exit 0
fi
if [ "$(id -u)" -ne 0 ]; then
	fail "all (not root: the test's host is a network namespace)"
	exit 1
fi
NS=srauth-$$
tmp=$(mktemp -d /tmp/stackref-authres.XXXXXX) || exit 1
chmod 755 "$tmp"
cleanup() {
	local pid
	for pid in "$tmp/exim/exim.pid" "$tmp/dnsmasq.pid"; do
		[ -s "$pid" ] && kill "$(cat "$pid")" 2>/dev/null
	done
	ip netns del "$NS" 2>/dev/null
	rm -rf "/etc/netns/$NS"
	rmdir /etc/netns 2>/dev/null
	[ -n "${AUTHRES_KEEP:-}" ] && echo "authres.sh: kept $tmp" >&2 ||
	    rm -rf "$tmp"
}
trap cleanup EXIT
trap 'exit 130' INT TERM
mkdir -p "/etc/netns/$NS" &&
    echo "nameserver 127.0.0.1" >"/etc/netns/$NS/resolv.conf" &&
    ip netns add "$NS" || { fail all "cannot make the namespace $NS"; exit 1; }
AUTHRES_DIR=$tmp STACKREF=$bin ip netns exec "$NS" bash "$0"
