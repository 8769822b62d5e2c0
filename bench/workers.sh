#!/bin/bash
# bench/workers.sh - mails decided per second by 1, 2 and 4 `stackref
# referee` workers on one PostgreSQL store (issue 20, item 7); run by
# bench/run.sh, from the top of the tree, as root (the mail servers of
# tests/servers.sh need it); not a test: it prints.
#
# For each number of workers: a new database; tests/lib/workers.sh's
# players sign up and open their boards (one worker, not timed); then
# the workers, looping runs over the referee's mailbox, decide
# W_PLIES rounds of one move mail a board (and a show a board once):
# each round is sent while the workers are held back, and timed from
# their release until the store has done it all.  The figure is the
# mails of the rounds over the sum of those times, so mail submission
# is not counted; a round's mails are spread over the workers by the
# mailbox itself (each run claims what is not done nor claimed yet).
# Each figure is the best of BENCH_WORKERS_TRIES (3) measures, the
# others shown beside it.  On this 2-core machine the speed-up is bounded by the cores: beyond
# 2, workers share them (and with Dovecot, Exim and PostgreSQL).
set -u
root=$(pwd)
bin=$root/stackref
. "$root/tests/lib/common.sh"
. "$root/tests/lib/pg.sh"
. "$root/tests/lib/workers.sh"

if [ "$(id -u)" -ne 0 ]; then
	echo "workers: skipped (the mail servers need root)"
	exit 0
fi
W_NPLAYERS=${BENCH_WORKERS_PLAYERS:-16}
tries=${BENCH_WORKERS_TRIES:-3}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/stackref-wbench.XXXXXX") || exit 1
W_DIR=$tmp
trap 'w_stop; pg_stop; [ -n "${SR_DIR:-}" ] &&
    "$root/tests/servers.sh" stop >/dev/null 2>&1; rm -rf "$tmp"' EXIT
trap 'exit 130' INT TERM
env=$(SR_MORE_USERS=$(w_users) "$root/tests/servers.sh" start) || exit 1
eval "$env"
pg_start >/dev/null || exit 1
w_secrets || exit 1
w_sql() { psql -qAt -d "$W_DB" -c "$1"; }

# measure N TRY: the seconds N workers take to decide the rounds.
measure() {
	local n=$1 i specs=""
	W_DB=sr_bench${n}_$2
	psql -q -d stackref -c "CREATE DATABASE $W_DB OWNER worker" || return 1
	url=postgresql://worker@HOST:$PGPORT/$W_DB
	w_clear
	W_SENT=0 W_EVENTS=0 W_BUSY=0
	rm -rf "$W_DIR/out"
	w_clock "$W_T0"
	w_start "$url" open:127.0.0.1:
	w_open >/dev/null || { w_stop; return 1; }
	w_stop
	for i in $(seq "$n"); do specs="$specs w$i:127.0.0.1:"; done
	sent=$W_SENT
	W_TIMED=1
	# shellcheck disable=SC2086 # one word a worker
	w_start "$url" $specs
	w_play
	rc=$?
	w_stop
	W_TIMED=
	mails=$((W_SENT - sent))
	return $rc
}

base=""
for n in 1 2 4; do
	best="" all="" secs=""
	for t in $(seq "$tries"); do
		measure "$n" "$t" || continue
		rate=$(awk -v m="$mails" -v t="$W_BUSY" \
		    'BEGIN { printf "%.1f", m / (t / 1e9) }')
		all="$all $rate"
		if [ -z "$best" ] || awk -v a="$rate" -v b="$best" \
		    'BEGIN { exit !(a > b) }'; then
			best=$rate
			secs=$(awk -v t="$W_BUSY" 'BEGIN { printf "%.1f", t / 1e9 }')
		fi
	done
	if [ -z "$best" ]; then
		echo "workers: $n on PostgreSQL: failed"
		continue
	fi
	[ -n "$base" ] || base=$best
	printf 'workers: %d on PostgreSQL: %d mails decided in %s s: %s mails/s (speed-up %s; best of%s)\n' \
	    "$n" "$mails" "$secs" "$best" "$(awk -v a="$best" -v b="$base" \
	    'BEGIN { printf "%.2fx", (b > 0 ? a / b : 0) }')" "$all"
done
echo "workers: the speed-up is bounded by the $(nproc) cores of this machine," \
    "shared with Dovecot, Exim and PostgreSQL"
