# tests/lib/store.sh - the store of a test's state directory, SQLite or
# SR_STORE's (POSIX sh); not a test itself (tests/run.sh runs tests/*.sh
# only):
#     . "$root/tests/lib/store.sh"
#
# SR_STORE, when set, is a command printing the URL of a store of a
# state directory's own (tests/lib/pgstore.sh: a PostgreSQL database);
# unset, the store is SQLite, DIR/referee.db (--dir DIR).  So the same
# script runs on both stores (tests/lib/pg.sh's pg_again).
#
# sr_store_opt DIR      the referee's option naming DIR's store, two words
# sr_sql DIR SQL        runs SQL on DIR's store, rows printed "a|b"
# sr_dump DIR           the whole of DIR's store as SQL text (every
#                       table, every value, blobs as their bytes; none
#                       when DIR has no SQLite store)
# sr_hold DIR CMD...    runs CMD while another process holds DIR's store,
#                       so that a run CMD starts finds it held: SQLite,
#                       the lock of runs (DIR/referee.db.lock); PostgreSQL,
#                       the table done locked by a transaction, CMD's
#                       statements giving up after SR_LOCK_WAIT
#                       (lock_timeout, through PGOPTIONS)
SR_LOCK_WAIT=${SR_LOCK_WAIT:-300ms}

sr_store_opt() {
	if [ -n "${SR_STORE:-}" ]; then
		echo "--store $($SR_STORE "$1")"
	else
		echo "--dir $1"
	fi
}

sr_sql() {
	if [ -n "${SR_STORE:-}" ]; then
		psql -qAtX -d "$($SR_STORE "$1")" -c "$2"
	else
		sqlite3 "$1/referee.db" "$2"
	fi
}

sr_dump() {
	if [ -n "${SR_STORE:-}" ]; then
		pg_dump -d "$($SR_STORE "$1")" --inserts 2>/dev/null
		psql -qAtX -d "$($SR_STORE "$1")" -c "SELECT encode(mail,
		    'escape') FROM aside UNION ALL SELECT encode(raw, 'escape')
		    FROM inbox UNION ALL SELECT encode(mail, 'escape') FROM
		    outbox UNION ALL SELECT encode(record, 'escape') FROM boards" \
		    2>/dev/null
	elif [ -f "$1/referee.db" ]; then
		sqlite3 "$1/referee.db" .dump
		# blobs are dumped as hex: their bytes too
		sqlite3 "$1/referee.db" "SELECT CAST(mail AS TEXT) FROM aside;
		    SELECT CAST(raw AS TEXT) FROM inbox; SELECT CAST(mail AS TEXT)
		    FROM outbox; SELECT CAST(record AS TEXT) FROM boards"
	fi
}

sr_hold() {
	_sr_dir=$1
	shift
	[ -n "${SR_STORE:-}" ] || { flock "$_sr_dir/referee.db.lock" "$@"; return; }
	_sr_fifo=$(mktemp -u "${TMPDIR:-/tmp}/sr-hold.XXXXXX") &&
	    mkfifo "$_sr_fifo" || return 1
	psql -qAtX -d "$($SR_STORE "$_sr_dir")" <"$_sr_fifo" >/dev/null &
	_sr_psql=$!
	exec 9>"$_sr_fifo"
	rm -f "$_sr_fifo"
	echo 'BEGIN; LOCK TABLE done IN ACCESS EXCLUSIVE MODE;' >&9
	until [ "$(psql -qAtX -d "$($SR_STORE "$_sr_dir")" -c "SELECT COUNT(*)
	    FROM pg_locks l JOIN pg_class c ON c.oid = l.relation WHERE
	    c.relname = 'done' AND l.mode = 'AccessExclusiveLock' AND
	    l.granted")" = 1 ]; do
		kill -0 "$_sr_psql" 2>/dev/null || return 1
		sleep 0.05
	done
	PGOPTIONS="-c lock_timeout=$SR_LOCK_WAIT" "$@" 9>&-
	_sr_rc=$?
	echo 'COMMIT;' >&9
	exec 9>&-
	wait "$_sr_psql"
	return $_sr_rc
}
