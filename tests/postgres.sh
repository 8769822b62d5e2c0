#!/bin/sh
# postgres.sh - the referee's own suites again, on PostgreSQL: the same
# scripts as on SQLite (tests/referee.sh, tests/store.sh), each state
# directory of theirs a database of its own (tests/lib/pgstore.sh) on a
# private server started here (tests/lib/pg.sh).  Their lines come out
# named pg/SCRIPT/NAME.  A script that dies, or passes nothing, fails.
# Those scripts start the mail servers (tests/servers.sh), so tests/run.sh
# runs this one in their lane, never beside them.
set -u
root=$(cd "$(dirname "$0")/.." && pwd)
. "$root/tests/lib/common.sh"
. "$root/tests/lib/pg.sh"
need /usr/lib/postgresql/15/bin/initdb postgresql-15
need psql postgresql-15

# fail NAME WHY: a failure of the suite itself.
fail() { echo "FAIL: $1 ($2)"; }
tmp=$(mktemp -d "${TMPDIR:-/tmp}/stackref-pgsuite.XXXXXX") || exit 1
trap 'pg_stop; rm -rf "$tmp"' EXIT
pg_start || exit 1
SR_STORE=$root/tests/lib/pgstore.sh
export SR_STORE

# suite SCRIPT: runs tests/SCRIPT with the PostgreSQL store and prints
# its lines, the names under pg/SCRIPT/.
suite() {
	sh=sh
	head -n 1 "$root/tests/$1" | grep -q bash && sh=bash
	"$sh" "$root/tests/$1" >"$tmp/$1.out" 2>&1
	rc=$?
	sed -n "s#^\(PASS\|FAIL\|SKIP\): #\1: pg/$1/#p; /^\(PASS\|FAIL\|SKIP\): /!p" \
	    "$tmp/$1.out"
	if [ "$rc" -ne 0 ] && ! grep -q '^FAIL: ' "$tmp/$1.out"; then
		fail "pg/$1/exit" "status $rc"
	fi
	grep -q '^PASS: ' "$tmp/$1.out" || fail "pg/$1/ran" "nothing passed"
}

suite referee.sh
suite store.sh
