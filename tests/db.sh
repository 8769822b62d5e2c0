#!/bin/sh
# db.sh - the database drivers (src/db/): tests/unit/test_db, the same
# tests on each, with the faults that need a file system or a server
# made here (root only: mount; make check runs as root):
#   db/sqlite-tmpfs/TEST  SQLite on a tmpfs, which then turns read-only
#   db/sqlite/TEST        SQLite in a temporary folder, with that
#                         read-only folder (DB_READONLY) and a full tmpfs
#                         of 1 MB (DB_FULL)
#   db/pg-socket/TEST     PostgreSQL (tests/lib/pg.sh) over its unix
#                         socket, from libpq's environment ("postgresql:")
#   db/pg-tcp/TEST        PostgreSQL over TCP (a URI), with a role whose
#                         password is in PGPASSFILE, and last the server
#                         stopped under a connection (DB_GONE)
#   db/RUN/groups         each run ran every group of tests it was given
#                         (no fault test left out)
# Prints PASS:/FAIL: lines.
set -u
root=$(cd "$(dirname "$0")/.." && pwd)
. "$root/tests/lib/common.sh"
. "$root/tests/lib/pg.sh"
need mount mount
need /usr/lib/postgresql/15/bin/initdb postgresql-15
bin=$root/tests/unit/test_db
tmp=$(mktemp -d "${TMPDIR:-/tmp}/stackref-db.XXXXXX") || exit 1
mounts=""
cleanup() {
	for m in $mounts; do umount "$m" 2>/dev/null; done
	pg_stop
	rm -rf "$tmp"
}
trap cleanup EXIT
trap 'exit 130' INT TERM
if [ ! -x "$bin" ]; then
	echo "FAIL: db (no $bin: run make check)"
	exit 1
fi

# unit RUN WANT [VAR=VALUE...]: runs test_db with the variables; a PASS
# or FAIL line per test, and db/RUN/groups: the TAP output holds WANT
# groups, all passed.
unit() {
	name=$1 want=$2
	shift 2
	env "$@" CMOCKA_MESSAGE_OUTPUT=TAP "$bin" >"$tmp/$name.out" 2>&1
	st=$?
	awk -v run="db/$name" '
	/^ok [0-9]+ - / { print "PASS: " run "/" $4 }
	/^not ok [0-9]+ - / { print "FAIL: " run "/" $5 }' "$tmp/$name.out"
	groups=$(grep -c '^# ok - ' "$tmp/$name.out")
	[ $st -eq 0 ] && [ "$groups" -eq "$want" ]
	result "db/$name/groups" $? "status $st, $groups groups of $want"
	[ $st -eq 0 ] || grep -v '^ok ' "$tmp/$name.out" | head -n 30
}

# tmpfs DIR SIZE: a tmpfs of SIZE mounted on DIR.
tmpfs() {
	mkdir "$1" && mount -t tmpfs -o "size=$2" tmpfs "$1" &&
	    mounts="$1 $mounts"
}

if [ "$(id -u)" -ne 0 ]; then
	echo "FAIL: db/sqlite (not root: cannot mount a tmpfs)"
elif ! tmpfs "$tmp/ro" 8m || ! tmpfs "$tmp/full" 1m; then
	echo "FAIL: db/sqlite (mount -t tmpfs failed)"
else
	unit sqlite-tmpfs 2 STACKREF_TEST_DB="sqlite:$tmp/ro/ro.db"
	mount -o remount,ro "$tmp/ro" ||
	    echo "FAIL: db/sqlite (mount -o remount,ro failed)"
	unit sqlite 4 STACKREF_TEST_DB="sqlite:$tmp/main.db" \
	    STACKREF_TEST_DB_RO="$tmp/ro" STACKREF_TEST_DB_FULL="$tmp/full"
fi

started=$(date +%s%N)
pg_start || exit 1
echo "db: PostgreSQL started in $((($(date +%s%N) - started) / 1000000)) ms"
pg_password stackref_pw "pw-$$" ||
    echo "FAIL: db/pg (pg_password: cannot make a role)"
unit pg-socket 2 STACKREF_TEST_DB=postgresql:
pw_url=postgresql://stackref_pw@127.0.0.1:$PGPORT/stackref
unit pg-tcp 4 STACKREF_TEST_DB="$PG_URL" STACKREF_TEST_PG_PWURL="$pw_url" \
    STACKREF_TEST_PG_STOP="$PG_STOP_CMD"
exit 0
