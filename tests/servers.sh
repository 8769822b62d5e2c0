#!/bin/bash
# servers.sh start|stop|env - throw-away mail and web servers on 127.0.0.1
# for the transfer tests, run as root without systemd (Debian 12):
#   Dovecot   IMAP (STARTTLS offered), IMAPS, POP3 (STARTTLS offered), POP3S,
#             users from a passwd-file, mail in Maildirs, LMTP delivery
#   Exim      SMTP (STARTTLS offered), SMTPS; AUTH PLAIN/LOGIN required;
#             delivers to Dovecot over LMTP at once
#   nginx     HTTP and HTTPS: GET, PUT, DELETE under /games/; the same
#             behind basic auth under /private/; conditional PUT
#             (If-Match, If-None-Match, If-Unmodified-Since: 412 when
#             they fail), see nginx_conf; redirects to the same
#             server (/same/ to /private/), to another host (/away/ to
#             127.0.0.2, whose requests and credentials go to
#             SR_DIR/http/other.log), to plain http (/down/)
# A private CA and a server certificate for 127.0.0.1 and localhost are
# made with openssl.  Test users (mail domain example.test, the same
# passwords for IMAP, POP3, SMTP AUTH and HTTP): ann, bob, carol,
# referee, and those of SR_MORE_USERS ("USER:PASSWORD ...").  Exim
# defers (451) every recipient at later.example.test and refuses (550)
# every other address it does not deliver.  Dovecot and Exim listen on
# 127.0.0.1 and on the addresses of SR_LISTEN (comma separated: the
# root side of veth pairs, for clients in network namespaces), which
# the server certificate names too.
# Mail to pbem@example.test goes through Exim's pipe transport to
# `stackref referee --deliver` (STACKREF, else ./stackref of this tree),
# run as Debian-exim (Exim drops root for -C, so that is the only user
# it can run a pipe as), its state in SR_PBEM/state (SR_PBEM owned by
# Debian-exim), its replies sent as referee from the address
# pbem@example.test through the --smtp options of the macro line
# `PBEM_SMTP = --smtp URL...` of SR_DIR/exim/exim.conf (this Exim's
# SMTPS), its store that of the line `PBEM_STORE = --dir SR_PBEM/state`
# (Exim reads its configuration again for each delivery, so a test may
# rewrite those lines; PGPASSFILE and PGOPTIONS, when set, are passed
# on to the pipe, for a store on PostgreSQL); a status 75 (EX_TEMPFAIL)
# keeps the mail in Exim's queue, tried again by `exim4 -C
# SR_DIR/exim/exim.conf -qff` (no queue runner runs).
#
#   eval "$(tests/servers.sh start)"   starts everything in a new directory
#                                     and prints its shell assignments
#   tests/servers.sh env              prints them again (needs SR_DIR)
#   tests/servers.sh stop             stops the servers of SR_DIR, removes it
#
# start exits 77 (printing why on standard error) when it cannot run here:
# not root, or a package missing (tools/deps.sh check installs them); the
# tests that use it count that as a failure, as any other.
# Ports: SR_PORT_BASE, else the first base from 20000 up, in steps of 100,
# whose nine ports are free and that no other instance claims (see
# claim below: scripts may start servers at the same time).  Everything
# lives under SR_DIR (a new /tmp/stackref-servers.XXXXXX unless given)
# but the claim, /tmp/stackref-ports/BASE, which stop removes.
set -u
ROOT=$(cd "$(dirname "$0")/.." && pwd)
DOMAIN=example.test
USERS="ann:ann-secret bob:bob-secret carol:carol-secret referee:referee-secret"
USERS="$USERS${SR_MORE_USERS:+ $SR_MORE_USERS}"
LISTEN=${SR_LISTEN:+,$SR_LISTEN}
MAIL_UID=65534 MAIL_GID=65534
# smtp smtps imap imaps pop3 pop3s http https, and nginx's own check
OFFSETS="25 65 43 93 10 95 80 44 81"

# alive PID: PID runs and is not a zombie.
alive() {
	[ -r "/proc/$1/status" ] && ! grep -q '^State:[[:space:]]*Z' "/proc/$1/status"
}

# in_session SID: the live processes of session SID.
in_session() {
	local sid=$1 f st
	for f in /proc/[0-9]*/stat; do
		{ read -r st <"$f"; } 2>/dev/null || continue
		set -- ${st##*) }
		[ "$4" = "$sid" ] && [ "$1" != Z ] && echo "${f//[^0-9]/}"
	done
}

# stop_pid PIDFILE EXE: stops the daemon of PIDFILE if it really is EXE,
# then waits for its session to end.
stop_pid() {
	local pid i
	[ -s "$1" ] || return 0
	pid=$(tr -dc 0-9 <"$1")
	if [ -n "$pid" ] && alive "$pid" && [ "$(readlink "/proc/$pid/exe")" = "$2" ]; then
		kill -TERM "$pid"
		for i in $(seq 50); do alive "$pid" || break; sleep 0.1; done
		alive "$pid" && kill -KILL -- "-$pid" 2>/dev/null
		for i in $(seq 50); do
			[ -z "$(in_session "$pid")" ] && break
			sleep 0.1
		done
	fi
	rm -f "$1"
}

port_free() { ! (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

wait_port() {
	local i
	for i in $(seq 100); do port_free "$1" || return 0; sleep 0.05; done
	echo "servers.sh: port $1 did not open" >&2
	return 1
}

# Claims: a base in use by a servers.sh instance is the folder
# CLAIMS/BASE holding the path of its SR_DIR, made with mkdir (atomic), so
# that scripts starting servers at once never take the same base; a
# claim whose SR_DIR is gone (its script was killed) is stale and taken.
CLAIMS=/tmp/stackref-ports

# claim BASE: takes BASE for $D; 1 when another instance holds it.
claim() {
	local c=$CLAIMS/$1 owner
	mkdir -p "$CLAIMS" 2>/dev/null
	if ! mkdir "$c" 2>/dev/null; then
		owner=$(cat "$c/dir" 2>/dev/null) || return 1
		[ -n "$owner" ] && [ ! -d "$owner" ] || return 1
		rm -rf "$c" && mkdir "$c" 2>/dev/null || return 1
	fi
	echo "$D" >"$c/dir"
}

# unclaim: gives back the base of $D.
unclaim() {
	local b
	b=$(cat "$D/base" 2>/dev/null) || return 0
	[ "$(cat "$CLAIMS/$b/dir" 2>/dev/null)" = "$D" ] && rm -rf "$CLAIMS/$b"
	return 0
}

# pick_base [AFTER]: sets BASE to a base above AFTER whose ports are all
# free, claimed for $D (and written to $D/base).
pick_base() {
	local b o ok
	for b in ${SR_PORT_BASE:-$(seq 20000 100 29900)}; do
		[ "$b" -gt "${1:-0}" ] || continue
		ok=1
		for o in $OFFSETS; do port_free $((b + o)) || { ok=0; break; }; done
		[ $ok = 1 ] && claim "$b" && { BASE=$b; echo "$b" >"$D/base"; return 0; }
	done
	echo "servers.sh: no free ports" >&2
	return 1
}

set_ports() {
	set -- $OFFSETS
	SMTP=$((BASE + $1)) SMTPS=$((BASE + $2)) IMAP=$((BASE + $3))
	IMAPS=$((BASE + $4)) POP3=$((BASE + $5)) POP3S=$((BASE + $6))
	HTTP=$((BASE + $7)) HTTPS=$((BASE + $8)) CHECK=$((BASE + $9))
}

can_run() {
	local p
	if [ "$(id -u)" -ne 0 ]; then
		echo "servers.sh: not root" >&2
		return 1
	fi
	# program:package, as tools/deps.sh check installs them
	for p in /usr/sbin/dovecot:dovecot-imapd /usr/lib/dovecot/pop3:dovecot-pop3d \
	    /usr/lib/dovecot/lmtp:dovecot-lmtpd /usr/sbin/exim4:exim4-daemon-light \
	    /usr/sbin/nginx:nginx /usr/bin/openssl:openssl; do
		[ -x "${p%%:*}" ] && continue
		echo "servers.sh: ${p%%:*} not installed (package ${p#*:})" >&2
		return 1
	done
}

# make_certs: a private CA, and a server certificate it signs.
make_certs() {
	local ec="-newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes"
	openssl req -x509 $ec -days 3650 -subj "/CN=stackref test CA" \
	    -keyout "$D/ca.key" -out "$D/ca.pem" 2>/dev/null &&
	openssl req $ec -subj /CN=localhost -keyout "$D/key.pem" \
	    -out "$D/server.csr" 2>/dev/null &&
	printf '%s\n' "subjectAltName=DNS:localhost,IP:127.0.0.1${LISTEN//,/,IP:}" \
	    "basicConstraints=CA:FALSE" "extendedKeyUsage=serverAuth" >"$D/ext" &&
	openssl x509 -req -in "$D/server.csr" -CA "$D/ca.pem" -CAkey "$D/ca.key" \
	    -CAcreateserial -days 3650 -extfile "$D/ext" -out "$D/cert.pem" 2>/dev/null
}

make_users() {
	local up u p
	: >"$D/mail/users"
	: >"$D/http/htpasswd"
	for up in $USERS; do
		u=${up%%:*} p=${up#*:}
		echo "$u:{PLAIN}$p::::::" >>"$D/mail/users"
		echo "$u:$(openssl passwd -apr1 "$p")" >>"$D/http/htpasswd"
	done
}

dovecot_conf() {
	cat <<EOF
base_dir = $D/mail/run
state_dir = $D/mail/state
instance_name = stackref-test-$BASE
log_path = $D/mail/dovecot.log
protocols = imap pop3 lmtp
listen = 127.0.0.1$LISTEN
ssl = yes
ssl_cert = <$D/cert.pem
ssl_key = <$D/key.pem
ssl_dh = </usr/share/dovecot/dh.pem
disable_plaintext_auth = no
auth_mechanisms = plain login
auth_failure_delay = 0
passdb {
  driver = passwd-file
  args = scheme=PLAIN username_format=%n $D/mail/users
}
userdb {
  driver = static
  args = uid=$MAIL_UID gid=$MAIL_GID home=$D/mail/home/%n
}
mail_location = maildir:~/Maildir
namespace inbox {
  inbox = yes
  mailbox Sent {
    auto = create
    special_use = \\Sent
  }
}
service imap-login {
  inet_listener imap {
    port = $IMAP
  }
  inet_listener imaps {
    port = $IMAPS
    ssl = yes
  }
}
service pop3-login {
  inet_listener pop3 {
    port = $POP3
  }
  inet_listener pop3s {
    port = $POP3S
    ssl = yes
  }
}
service lmtp {
  unix_listener lmtp {
    mode = 0666
  }
}
service anvil {
  unix_listener anvil-auth-penalty {
    mode = 0
  }
}
EOF
}

# pipe_command: the command line of Exim's pipe to the referee.  Exim
# splits it into arguments itself (no shell) and runs it with an
# environment of its own (keep_environment is empty), PATH the
# transport's path: everything is given by absolute path, nothing comes
# from the environment.
pipe_command() {
	printf '%s' "${STACKREF:-$ROOT/stackref} referee --deliver" \
	    " PBEM_STORE --address pbem@$DOMAIN --cacert $D/ca.pem" \
	    " --user referee --password-file $D/pbem/password PBEM_SMTP"
}

# pipe_environment: the sanitizers' options of make sanitize and
# libpq's PGPASSFILE and PGOPTIONS, passed on to the pipe (Exim gives it
# a bare environment), as an Exim list separated by ";" (their values
# hold ":").
pipe_environment() {
	local v list=""
	for v in ASAN_OPTIONS LSAN_OPTIONS UBSAN_OPTIONS PGPASSFILE PGOPTIONS; do
		[ -n "${!v:-}" ] && list="$list; $v=${!v}"
	done
	[ -n "$list" ] && printf '  environment = <%s\n' "$list"
}

# Exim drops root for -C: its spool, log and the key are Debian-exim's.
exim_conf() {
	local look="\${lookup{\$auth2}lsearch{$D/mail/users}}"
	local look1="\${lookup{\$auth1}lsearch{$D/mail/users}}"
	cat <<EOF
PBEM_SMTP = --smtp smtps://127.0.0.1:$SMTPS/pbem.$DOMAIN
PBEM_STORE = --dir $D/pbem/state
primary_hostname = mail.$DOMAIN
spool_directory = $D/exim/spool
log_file_path = $D/exim/log/%slog
pid_file_path = $D/exim/exim.pid
keep_environment =
local_interfaces = 127.0.0.1${LISTEN//,/ : }
daemon_smtp_ports = $SMTP : $SMTPS
tls_on_connect_ports = $SMTPS
tls_advertise_hosts = *
tls_certificate = $D/cert.pem
tls_privatekey = $D/key.pem
auth_advertise_hosts = *
host_lookup =
rfc1413_hosts =
domainlist local_domains = $DOMAIN
acl_smtp_rcpt = acl_check_rcpt

begin acl
acl_check_rcpt:
  deny    message = authentication required
          !authenticated = *
  defer   message = try again later
          domains = later.$DOMAIN
  accept  domains = +local_domains
          condition = \${lookup{\$local_part}lsearch{$D/mail/users}{yes}{no}}
  accept  domains = +local_domains
          local_parts = pbem
  deny    message = unknown user

begin routers
to_referee:
  driver = accept
  domains = +local_domains
  local_parts = pbem
  transport = referee_pipe

to_dovecot:
  driver = accept
  domains = +local_domains
  transport = dovecot_lmtp

begin transports
dovecot_lmtp:
  driver = lmtp
  socket = $D/mail/run/lmtp

referee_pipe:
  driver = pipe
  command = $(pipe_command)
  user = Debian-exim
  group = Debian-exim
  home_directory = $D/pbem
  current_directory = $D/pbem
  path = /usr/bin:/bin
$(pipe_environment)
  umask = 077
  temp_errors = 75
  timeout = 5m
  max_output = 1M
  log_output
  return_fail_output

begin retry
*   *   F,3d,1m

begin authenticators
PLAIN:
  driver = plaintext
  public_name = PLAIN
  server_prompts = :
  server_condition = \${if eq{\$auth3}{\${substr_7:\${extract{1}{:}{$look}}}}}
  server_set_id = \$auth2
LOGIN:
  driver = plaintext
  public_name = LOGIN
  server_prompts = Username:: : Password::
  server_condition = \${if eq{\$auth2}{\${substr_7:\${extract{1}{:}{$look1}}}}}
  server_set_id = \$auth1
EOF
}

# nginx's WebDAV PUT (Debian 12, nginx 1.22) ignores If-Match,
# If-None-Match and If-Unmodified-Since: it always writes.  Here a PUT
# that carries one is first checked by auth_request: a HEAD of the same
# URI, with the same headers, to a plain static server on port CHECK,
# whose answer says whether the preconditions hold (200; or 404 without
# If-Match: a new file) or fail (412, or 304 for If-None-Match: * on an
# existing file), and a failure becomes 412 Precondition Failed.  The
# check and the write are two steps, not one atomic one: enough for
# tests that post one after the other, not for two posts at the same
# instant (a real server that honours If-Match checks and writes at
# once).
nginx_conf() {
	cat <<EOF
worker_processes 1;
daemon on;
user nobody nogroup;
pid $D/http/nginx.pid;
error_log $D/http/error.log;
events { worker_connections 64; }
http {
    access_log $D/http/access.log;
    client_body_temp_path $D/http/tmp/body;
    proxy_temp_path $D/http/tmp/proxy;
    fastcgi_temp_path $D/http/tmp/fastcgi;
    uwsgi_temp_path $D/http/tmp/uwsgi;
    scgi_temp_path $D/http/tmp/scgi;
    default_type application/octet-stream;
    map "\$http_if_match\$http_if_none_match\$http_if_unmodified_since" \$sr_conditional {
        "" 0;
        default 1;
    }
    server {
        listen 127.0.0.1:$HTTP;
        listen 127.0.0.1:$HTTPS ssl;
        ssl_certificate $D/cert.pem;
        ssl_certificate_key $D/key.pem;
        root $D/http/www;
        client_max_body_size 10m;
        location /games/ {
            dav_methods PUT DELETE MKCOL;
            create_full_put_path on;
            dav_access user:rw group:r all:r;
            auth_request /_precondition;
            error_page 403 = @precondition_failed;
        }
        location /private/ {
            auth_basic "stackref test";
            auth_basic_user_file $D/http/htpasswd;
            dav_methods PUT DELETE MKCOL;
            create_full_put_path on;
            auth_request /_precondition;
            error_page 403 = @precondition_failed;
        }
        location = /_precondition {
            internal;
            if (\$request_method != PUT) {
                return 204;
            }
            if (\$sr_conditional = 0) {
                return 204;
            }
            proxy_pass http://127.0.0.1:$CHECK\$request_uri;
            proxy_method HEAD;
            proxy_pass_request_body off;
            proxy_set_header Content-Length "";
            proxy_set_header Authorization "";
            proxy_intercept_errors on;
            error_page 304 412 = @precondition_deny;
        }
        location @precondition_deny {
            return 403;
        }
        location @precondition_failed {
            return 412;
        }
        location /redirect/ {
            return 302 ftp://127.0.0.1/x;
        }
        # redirects: to this server (/same/), to another host (/away/),
        # to plain http (/down/: from https, a downgrade)
        location /same/ {
            rewrite ^/same/(.*)\$ /private/\$1 redirect;
        }
        location /away/ {
            rewrite ^/away/(.*)\$ http://127.0.0.2:$HTTP/games/\$1 redirect;
        }
        location /down/ {
            rewrite ^/down/(.*)\$ http://127.0.0.1:$HTTP/games/\$1 redirect;
        }
    }
    # "another host" for the redirects: 127.0.0.2, logging the
    # credentials it is sent in other.log
    log_format auth '\$remote_addr "\$request" auth=[\$http_authorization]';
    server {
        listen 127.0.0.2:$HTTP;
        access_log $D/http/other.log auth;
        root $D/http/www;
    }
    # the preconditions of a PUT, checked on a HEAD (see above)
    server {
        listen 127.0.0.1:$CHECK;
        access_log off;
        root $D/http/www;
        error_page 404 = @missing;
        location @missing {
            if (\$http_if_match) {
                return 412;
            }
            return 204;
        }
    }
}
EOF
}

write_configs() {
	mkdir -p "$D/mail/run" "$D/mail/state" "$D/mail/home" \
	    "$D/http/www/games" "$D/http/www/private" "$D/http/tmp" || return 1
	chown "$MAIL_UID:$MAIL_GID" "$D/mail/home"
	chown -R "$MAIL_UID:$MAIL_GID" "$D/http/www" "$D/http/tmp"
	make_certs || { echo "servers.sh: openssl failed" >&2; return 1; }
	make_users
	install -d -o Debian-exim -g Debian-exim "$D/exim" "$D/exim/spool" \
	    "$D/exim/log"
	install -d -m 700 -o Debian-exim -g Debian-exim "$D/pbem"
	install -m 600 -o Debian-exim -g Debian-exim /dev/null "$D/pbem/password"
	echo referee-secret >"$D/pbem/password"
	chgrp Debian-exim "$D/key.pem" && chmod 640 "$D/key.pem"
	chmod 755 "$D"
	dovecot_conf >"$D/mail/dovecot.conf"
	exim_conf >"$D/exim/exim.conf"
	nginx_conf >"$D/http/nginx.conf"
}

print_env() {
	local b
	b=$(cat "$D/base") || return 1
	BASE=$b
	set_ports
	cat <<EOF
SR_DIR=$D
SR_CACERT=$D/ca.pem
SR_DOMAIN=$DOMAIN
SR_USERS='$USERS'
SR_MAILHOME=$D/mail/home
SR_WWW=$D/http/www
SR_SMTP_PORT=$SMTP
SR_SMTPS_PORT=$SMTPS
SR_IMAP_PORT=$IMAP
SR_IMAPS_PORT=$IMAPS
SR_POP3_PORT=$POP3
SR_POP3S_PORT=$POP3S
SR_HTTP_PORT=$HTTP
SR_HTTPS_PORT=$HTTPS
SR_PBEM=$D/pbem
export SR_DIR
EOF
}

# stop_daemons: stops the servers of $D.
stop_daemons() {
	stop_pid "$D/exim/exim.pid" /usr/sbin/exim4
	stop_pid "$D/http/nginx.pid" /usr/sbin/nginx
	stop_pid "$D/mail/run/master.pid" /usr/sbin/dovecot
}

do_stop() {
	local d=${SR_DIR:-}
	case $d in
	/tmp/stackref-servers.?*) ;;
	*) echo "servers.sh: SR_DIR is not a servers.sh directory" >&2; return 2 ;;
	esac
	D=$d
	stop_daemons
	unclaim
	rm -rf "$D"
}

# start_daemons: starts Dovecot, Exim and nginx on the ports of $D's
# configs and waits for each port; 1 (the servers stopped) when one
# does not start.
start_daemons() {
	local p
	# the daemons must not keep the caller's output open (eval "$(...)")
	if ! { dovecot -c "$D/mail/dovecot.conf" &&
	    exim4 -C "$D/exim/exim.conf" -bd &&
	    nginx -p "$D/http" -c "$D/http/nginx.conf" -e "$D/http/error.log"
	    } </dev/null >"$D/start.log" 2>&1; then
		stop_daemons
		return 1
	fi
	for p in $SMTP $SMTPS $IMAP $IMAPS $POP3 $POP3S $HTTP $HTTPS $CHECK; do
		wait_port "$p" || { stop_daemons; return 1; }
	done
}

# do_start: the servers on a claimed base; should a port be taken
# meanwhile by a program that is no servers.sh, the next base, three
# times at most.
do_start() {
	local try
	can_run || return 77
	D=${SR_DIR:-$(mktemp -d /tmp/stackref-servers.XXXXXX)} || return 1
	BASE=0
	for try in 1 2 3; do
		pick_base "$BASE" || break
		set_ports
		write_configs || break
		start_daemons && { print_env; return 0; }
		unclaim
	done
	cat "$D/start.log" >&2 2>/dev/null
	echo "servers.sh: a server did not start" >&2
	SR_DIR=$D do_stop
	return 1
}

case ${1:-} in
start) do_start ;;
stop) do_stop ;;
env)
	D=${SR_DIR:?servers.sh: SR_DIR is not set}
	print_env
	;;
"")
	# tests/run.sh runs every tests/*.sh: this one is no test by itself
	echo "usage: tests/servers.sh start|stop|env (a helper of tests/mail.sh)"
	;;
*)
	echo "usage: tests/servers.sh start|stop|env" >&2
	exit 2
	;;
esac
