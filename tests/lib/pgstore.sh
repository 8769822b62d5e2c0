#!/bin/sh
# tests/lib/pgstore.sh DIR - an SR_STORE for the referee's tests
# (tests/referee.sh, tests/store.sh): prints the URL of a PostgreSQL
# database of DIR's own, made the first time, on the server libpq's
# environment names (PGHOST, PGPORT, PGUSER: tests/lib/pg.sh's pg_start
# exports them).  So the same suite runs on PostgreSQL:
#
#     . tests/lib/common.sh; . tests/lib/pg.sh; pg_start
#     SR_STORE=$PWD/tests/lib/pgstore.sh bash tests/referee.sh
#
# Not a test itself (tests/run.sh runs tests/*.sh only).
set -u
name=sr_$(printf '%s' "$1" | md5sum | cut -c 1-24)
if ! psql -qAt -d postgres -c "SELECT 1 FROM pg_database WHERE datname = '$name'" |
    grep -q 1; then
	createdb "$name" >/dev/null 2>&1 || exit 1
fi
echo "postgresql://${PGUSER:-stackref}@127.0.0.1:${PGPORT:-5432}/$name"
