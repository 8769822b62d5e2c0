#!/bin/sh
# postgres.sh - the referee's own suites again, on PostgreSQL: the same
# scripts as on SQLite (tests/referee.sh, tests/store.sh), each state
# directory of theirs a database of its own (tests/lib/pgstore.sh) on a
# private server started here (tests/lib/pg.sh's pg_suite).  Their lines
# come out named pg/SCRIPT/NAME.  A script that dies, or passes nothing, fails.
# Then the faults of a server that goes away (gone/*, below).
set -u
root=$(cd "$(dirname "$0")/.." && pwd)
. "$root/tests/lib/common.sh"
. "$root/tests/lib/pg.sh"
need /usr/lib/postgresql/15/bin/initdb postgresql-15
need psql postgresql-15
STACKREF=${STACKREF:-$root/stackref}

# fail NAME WHY: a failure of the suite itself.
fail() { echo "FAIL: $1 ($2)"; }
tmp=$(mktemp -d "${TMPDIR:-/tmp}/stackref-pgsuite.XXXXXX") || exit 1
trap 'pg_stop; rm -rf "$tmp"' EXIT
pg_start || exit 1

pg_suite referee.sh
pg_suite store.sh

# The server gone.  gone/run: a run on a store whose server is down says
# so in one line, status 5.  gone/mid-run: the server stops while a
# --deliver decides its mail (the decision hangs until its budget ends):
# the mail was stored before, so the status is 0, one line says the
# store went, and once the server is back the mail waits in the inbox
# and the next run answers it.
D=example.test
mail() {
	printf 'From: ann@%s\r\nTo: referee@%s\r\nSubject: %s\r\n' "$D" "$D" "$1"
	printf 'Message-ID: <%s@%s>\r\n\r\nhelp\r\n' "$2" "$D"
}
url=postgresql://stackref@127.0.0.1:$PGPORT/gone
createdb gone && "$STACKREF" referee --store "$url" --status >/dev/null ||
    fail gone/store "no store made"
mail "checkers help hang" m1 | STACKREF_REFEREE_CRASH=hang:hang \
    "$STACKREF" referee --store "$url" --deliver --address "referee@$D" \
    --smtp smtp://127.0.0.1:1 >"$tmp/mid.out" 2>"$tmp/mid.err" &
pid=$!
for i in $(seq 50); do
	[ "$(psql -qAt -d gone -c 'SELECT COUNT(*) FROM inbox')" = 1 ] && break
	sleep 0.1
done
sh -c "$PG_STOP_CMD"
wait "$pid"
rc=$?
if [ "$rc" -eq 0 ] && [ "$(wc -l <"$tmp/mid.err")" -eq 1 ] &&
    grep -q 'store' "$tmp/mid.err"; then
	echo "PASS: gone/mid-run"
else
	fail gone/mid-run "status $rc: $(cat "$tmp/mid.err")"
fi
"$STACKREF" referee --store "$url" --address "referee@$D" \
    --smtp smtp://127.0.0.1:1 >/dev/null 2>"$tmp/run.err"
rc=$?
[ "$rc" -eq 5 ] && [ "$(wc -l <"$tmp/run.err")" -eq 1 ] &&
    echo "PASS: gone/run" || fail gone/run "status $rc: $(cat "$tmp/run.err")"
pg_run "$PGPORT" || fail gone/restart "the server did not start again"
n=$(psql -qAt -d gone -c 'SELECT COUNT(*) FROM inbox')
"$STACKREF" referee --store "$url" --address "referee@$D" \
    --smtp smtp://127.0.0.1:1 >"$tmp/after.out" 2>&1
[ "$n" = 1 ] && grep -q 'help' "$tmp/after.out" &&
    [ "$(psql -qAt -d gone -c 'SELECT COUNT(*) FROM inbox')" = 0 ] &&
    echo "PASS: gone/not-lost" ||
    fail gone/not-lost "inbox $n: $(cat "$tmp/after.out")"
