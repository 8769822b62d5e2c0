# tests/lib/pg.sh - a private PostgreSQL 15 server for a test script
# (POSIX sh); not a test itself (tests/run.sh runs tests/*.sh only):
#
#     . "$root/tests/lib/common.sh"
#     . "$root/tests/lib/pg.sh"
#     trap 'pg_stop; ...' EXIT
#     pg_start || exit 1
#
# pg_start makes a cluster in a new folder of /tmp (initdb, no fsync),
# as the user nobody when run as root (the server refuses root; the
# tests run as root), starts it listening on a unix socket in that
# folder and on 127.0.0.1 (and PG_LISTEN, more addresses, comma
# separated, for workers in network namespaces) at a free port, and
# creates the database stackref, owned by the superuser stackref, whom
# the server trusts (no password) on the socket and over TCP.  It
# exports what libpq reads - PGHOST (the socket's folder), PGPORT, PGUSER
# and PGDATABASE - and sets:
#     PG_DIR      the folder (data/, the logs init.log and server.log,
#                 the socket)
#     PG_URL      postgresql://stackref@127.0.0.1:PORT/stackref (TCP)
#     PG_STOP_CMD a command that stops the server (for a test that
#                 stops it under a client)
# On failure it prints "FAIL: NAME (why)" with the server's log and
# returns 1: a test without its server fails, never skips.  It waits
# for the server with pg_ctl -w (no sleeps); about a second in all.
#
# pg_password ROLE PASSWORD makes a role that may log in over TCP with
# that password only (scram-sha-256), and gives the password in a file
# of PG_DIR, exported as PGPASSFILE, as an operator would.
#
# pg_suite SCRIPT runs tests/SCRIPT with the store of each of its state
# directories a database of its own on this server (SR_STORE=
# tests/lib/pgstore.sh, exported with PG_DIR; servers of
# tests/servers.sh of its own, not SR_DIR's) and prints its lines, the
# names under pg/SCRIPT/; a script that dies, or passes nothing, fails.
# pg_again SCRIPT: the same on a server of its own, started and stopped
# here, unless SR_STORE is set already (the script runs on PostgreSQL
# now): the end of a script that runs on both stores.
#
# pg_stop stops the server and removes PG_DIR; a script calls it in its
# EXIT trap.  Should the script die without it, a watchdog started by
# pg_start stops the server within a second of the script's end.
PG_BIN=${PG_BIN:-/usr/lib/postgresql/15/bin}
PG_DIR="" PG_URL="" PG_STOP_CMD=""

# pg_as: the prefix that runs a command as the server's user: nobody
# when root, else the user itself.
pg_as() {
	[ "$(id -u)" -eq 0 ] &&
	    echo "setpriv --reuid=nobody --regid=nogroup --clear-groups"
}

# pg_fail WHY: the FAIL line of a server that cannot run; returns 1.
pg_fail() {
	echo "FAIL: ${0##*/}/postgresql (cannot start PostgreSQL: $1)"
	[ -n "$PG_DIR" ] && cat "$PG_DIR/init.log" "$PG_DIR/server.log" \
	    2>/dev/null | tail -n 20 | sed 's/^/    /'
	return 1
}

# pg_port: a port number to try, from this process and the time.
pg_port() {
	awk -v pid=$$ -v n="${1:-0}" 'BEGIN { srand()
	    print 20000 + int(rand() * 20000 + pid * 7 + n * 997) % 40000 }'
}

# pg_hba: who may connect: the superuser stackref without a password,
# any other role with one.
pg_hba() {
	cat <<EOF
local all all trust
host all stackref 0.0.0.0/0 trust
host all all 0.0.0.0/0 scram-sha-256
EOF
}

# pg_init: the cluster in $PG_DIR/data, as the server's user.
pg_init() {
	(cd "$PG_DIR" && $(pg_as) "$PG_BIN/initdb" -D "$PG_DIR/data" \
	    -U stackref -A trust -E UTF8 --locale=C --no-sync \
	    --no-instructions) >"$PG_DIR/init.log" 2>&1 ||
	    return 1
	pg_hba >"$PG_DIR/data/pg_hba.conf"
}

# pg_run PORT: starts the server on PORT, waiting until it answers.
pg_run() {
	(cd "$PG_DIR" && $(pg_as) "$PG_BIN/pg_ctl" -D "$PG_DIR/data" -w \
	    -t 30 -l "$PG_DIR/server.log" -o "-c port=$1 \
	    -c listen_addresses=127.0.0.1${PG_LISTEN:+,$PG_LISTEN} \
	    -c unix_socket_directories=$PG_DIR -c fsync=off \
	    -c synchronous_commit=off -c full_page_writes=off" start) \
	    >/dev/null 2>&1
}

# pg_watch: stops the server once the script ($$) has ended.
pg_watch() {
	(
		trap '' INT TERM HUP
		while kill -0 $$ 2>/dev/null; do sleep 1; done
		pg_stop
	) </dev/null >/dev/null 2>&1 &
}

pg_start() {
	[ -x "$PG_BIN/initdb" ] ||
	    pg_fail "no $PG_BIN/initdb: apt-get install postgresql-15" ||
	    return 1
	PG_DIR=$(mktemp -d /tmp/stackref-pg.XXXXXX) && chmod 755 "$PG_DIR" ||
	    pg_fail mktemp || return 1
	[ "$(id -u)" -ne 0 ] || chown nobody:nogroup "$PG_DIR" ||
	    pg_fail "chown nobody $PG_DIR" || return 1
	pg_init || pg_fail initdb || return 1
	i=0
	until PGPORT=$(pg_port $i) && pg_run "$PGPORT"; do
		i=$((i + 1))
		[ $i -lt 5 ] || pg_fail "pg_ctl start" || return 1
	done
	pg_watch
	PG_STOP_CMD="$(pg_as) $PG_BIN/pg_ctl -D $PG_DIR/data -m fast -w stop"
	PG_STOP_CMD="$PG_STOP_CMD >/dev/null"
	PGHOST=$PG_DIR PGUSER=stackref PGDATABASE=stackref
	export PGHOST PGPORT PGUSER PGDATABASE
	unset PGPASSWORD PGPASSFILE PGSERVICE PGSERVICEFILE PGOPTIONS
	PG_URL=postgresql://stackref@127.0.0.1:$PGPORT/stackref
	"$PG_BIN/createdb" stackref >>"$PG_DIR/init.log" 2>&1 ||
	    pg_fail createdb
}

pg_password() {
	"$PG_BIN/psql" -q -v ON_ERROR_STOP=1 -d stackref \
	    -c "CREATE ROLE \"$1\" LOGIN PASSWORD '$2'" \
	    -c "GRANT ALL ON SCHEMA public TO \"$1\"" >/dev/null &&
	    printf '127.0.0.1:%s:*:%s:%s\n' "$PGPORT" "$1" "$2" \
	    >"$PG_DIR/pgpass" && chmod 600 "$PG_DIR/pgpass" &&
	    PGPASSFILE=$PG_DIR/pgpass && export PGPASSFILE
}

pg_suite() {
	_pg_sh=sh
	head -n 1 "$root/tests/$1" | grep -q bash && _pg_sh=bash
	_pg_out=$(mktemp "${TMPDIR:-/tmp}/stackref-pgsuite.XXXXXX") || return 1
	SR_STORE=$root/tests/lib/pgstore.sh PG_DIR=$PG_DIR env -u SR_DIR \
	    "$_pg_sh" "$root/tests/$1" >"$_pg_out" 2>&1
	_pg_rc=$?
	sed -n "s#^\(PASS\|FAIL\|SKIP\): #\1: pg/$1/#p; /^\(PASS\|FAIL\|SKIP\): /!p" \
	    "$_pg_out"
	[ "$_pg_rc" -eq 0 ] || grep -q '^FAIL: ' "$_pg_out" ||
	    echo "FAIL: pg/$1/exit (status $_pg_rc)"
	grep -q '^PASS: ' "$_pg_out" || echo "FAIL: pg/$1/ran (nothing passed)"
	rm -f "$_pg_out"
}

pg_again() {
	[ -z "${SR_STORE:-}" ] || return 0
	pg_start && pg_suite "$1"
	pg_stop
}

pg_stop() {
	[ -n "$PG_DIR" ] && [ -d "$PG_DIR" ] || return 0
	[ -f "$PG_DIR/data/postmaster.pid" ] &&
	    $(pg_as) "$PG_BIN/pg_ctl" -D "$PG_DIR/data" -m immediate -w stop \
	    >/dev/null 2>&1
	rm -rf "$PG_DIR"
}
