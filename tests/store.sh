#!/bin/bash
# store.sh - the referee's store (src/referee/store.h, stackref-referee(8)
# "The store") without mail servers (tests/referee.sh runs the referee
# on it end to end):
#   store/schema/*     a new store gets its tables and schema version 1;
#                      one of a newer version is refused, status 4, its
#                      version named, and left as it is
#   store/port/*       a state directory of every kind of file --import'ed
#                      then --export'ed comes back the same (lists, last
#                      board, ratings, records, cond, counts, done,
#                      aside, a page and its attempts, a plan not
#                      applied, replies waiting with their attempts and
#                      times); the records exported pass `stackref
#                      check`; a second import changes nothing
#   store/locked/*     a store another process holds the write lock of:
#                      status 4 in one line, within the wait
#                      (STACKREF_DB_WAIT_MS), nothing written
#   store/full/*,      a store on a tmpfs that is full, then remounted
#   store/readonly/*   read-only (root only): status 4, one line, the
#                      store as it was
#   store/prune/*      a run deletes the done keys and mails set aside
#                      older than 30 days, the events older than 7, at
#                      most 2000 rows of a table; the newer stay
# The store is SR_STORE's when set (a command printing a store URL for a
# directory, as tests/referee.sh reads it), else SQLite.  Prints
# PASS:/FAIL: lines.
set -u
root=$(cd "$(dirname "$0")/.." && pwd)
bin=${STACKREF:-$root/stackref}
. "$root/tests/lib/common.sh"
need sqlite3 sqlite3
need mount mount
tmp=$(mktemp -d) || exit 1
mnt=
trap '[ -n "$mnt" ] && umount "$mnt" 2>/dev/null; rm -rf "$tmp"' EXIT

pass() { echo "PASS: store/$1"; }
fail() { echo "FAIL: store/$1"; shift; [ $# -gt 0 ] && printf '%s\n' "$@"; }

# store DIR ARGS: stackref referee ARGS on the store of DIR.
store() {
	local dir=$1
	shift
	if [ -n "${SR_STORE:-}" ]; then
		"$bin" referee --store "$($SR_STORE "$dir")" "$@"
	else
		"$bin" referee --dir "$dir" "$@"
	fi
}

# status_is NAME WANT GOT ERRFILE: the status, and one line of error.
status_is() {
	if [ "$3" = "$2" ] && [ "$(wc -l <"$4")" -le 1 ]; then
		pass "$1"
	else
		fail "$1" "status $3, want $2" "$(cat "$4")"
	fi
}

# --- schema -----------------------------------------------------------
store "$tmp/s" --export "$tmp/s-out" 2>"$tmp/err"
status_is schema/created 0 $? "$tmp/err"
if [ -z "${SR_STORE:-}" ]; then
	v=$(sqlite3 "$tmp/s/referee.db" "SELECT value FROM meta WHERE name = 'schema'")
	[ "$v" = 1 ] && pass schema/version || fail schema/version "$v"
	sqlite3 "$tmp/s/referee.db" "UPDATE meta SET value = 7 WHERE name = 'schema'"
	cp "$tmp/s/referee.db" "$tmp/newer.db"
	store "$tmp/s" --export "$tmp/s-out" 2>"$tmp/err"
	status_is schema/newer-refused 4 $? "$tmp/err"
	grep -q 'written by a newer stackref (schema version 7; this one knows 1' \
	    "$tmp/err" && pass schema/newer-named ||
	    fail schema/newer-named "$(cat "$tmp/err")"
	cmp -s "$tmp/s/referee.db" "$tmp/newer.db" && pass schema/newer-untouched ||
	    fail schema/newer-untouched
fi

# --- import, export ---------------------------------------------------
# A state directory with one of everything, as the referee wrote them.
d=$tmp/dir
mkdir -p "$d/games" "$d/cond" "$d/counts" "$d/done" "$d/aside" \
    "$d/publish" "$d/queue/planKey_1" "$d/queue/sentKey_2"
ph='# stackref referee players: USERID ADDRESS HASH [TOKEN EXPIRES]'
printf '%s\nann ann@example.test $y$j9T$abc\nbob bob@example.test $y$j9T$def\n' \
    "$ph" >"$d/players"
printf '%s\ncarol carol@example.test $y$j9T$ghi 0123456789abcdef01234567 4102444800\n' \
    "$ph" >"$d/pending"
printf '# stackref referee challenges: BOARD GAME USERID1 USERID2 EXPIRES [OPTION...]\n7 checkers ann bob 4102444800 first=bob\n' \
    >"$d/challenges"
printf '# stackref referee watchers: BOARD ADDRESS [TOKEN EXPIRES]\n%s\n%s\n' \
    '1 carol@example.test 0a1b2c3d4e5f60718293a4b5 0' \
    '1 dave@example.test 5b4a39281706f5e4d3c2b1a0 1795255200' >"$d/watchers"
echo 7 >"$d/last-board"
printf 'ann checkers 1337.7891 290.2305 0.059999 1\nbob checkers 1662.2109 290.2305 0.059999 1\n' \
    >"$d/ratings"
"$bin" new checkers -t White=ann -t Black=bob -t GameId=1 -t Round=? \
    -t TimeControl=move=21d -o "$d/games/1.pdn" 2>/dev/null ||
    printf '[Game "checkers"]\n[Round "?"]\n[White "ann"]\n[Black "bob"]\n[Result "*"]\n\n*\n' \
    >"$d/games/1.pdn"
printf '[Game "checkers"]\n[Round "?"]\n[White "bob"]\n[Black "ann"]\n[Result "1-0"]\n\n1-0\n' \
    >"$d/games/2.pdn"
printf 'white 3 W:W21,22:B9,10\n22 18\n' >"$d/cond/1"
printf '1700000000 2 3 0\n' >"$d/counts/u-ann"
printf 'board 1: ann played 11-15' >"$d/done/doneKey_0"
printf 'board 1: ann played 11-15' >"$d/done/sentKey_2"
printf 'set aside: its decision crashed\nuid: 12\n\nSubject: x\n\n\001\377 body\n' \
    >"$d/aside/asideKey_3"
printf '<html>1</html>\n' >"$d/publish/1.html"
printf '2 1700000600\n' >"$d/publish/1.try"
q=$d/queue/planKey_1
printf '14\n' >"$q/uid"
printf 'StackrefDone' >"$q/flags"
printf 'board 1: bob played 22-18' >"$q/summary"
printf '1' >"$q/board"
cp "$d/games/1.pdn" "$q/record"
printf 'ann ann@example.test $y$j9T$abc\n' >"$q/players"
printf '1700000000 0 1 0\n' >"$q/count.u-bob"
printf 'Subject: a\r\n\r\nmove\r\n' >"$q/mail-1.eml"
printf 'ann@example.test\n' >"$q/mail-1.rcpt"
q=$d/queue/sentKey_2
printf 'Subject: b\r\n\r\nlater\r\n' >"$q/mail-2.eml"
printf 'eve@later.example.test\n' >"$q/mail-2.rcpt"
printf '3 1700003600\n' >"$q/mail-2.try"
touch -d '2 days ago' "$q/mail-2.eml"

store "$tmp/p" --import "$d" 2>"$tmp/err"
status_is port/import 0 $? "$tmp/err"
store "$tmp/p" --export "$tmp/out" 2>"$tmp/err"
status_is port/export 0 $? "$tmp/err"
if diff -r -x next-due "$d" "$tmp/out" >"$tmp/diff"; then
	pass port/round-trip
else
	fail port/round-trip "$(cat "$tmp/diff")"
fi
[ "$(stat -c %Y "$tmp/out/queue/sentKey_2/mail-2.eml")" = \
    "$(stat -c %Y "$d/queue/sentKey_2/mail-2.eml")" ] &&
    pass port/reply-time || fail port/reply-time
grep -qx '1 [0-9]*' "$tmp/out/next-due" && ! grep -q '^2 ' "$tmp/out/next-due" &&
    pass port/next-due || fail port/next-due "$(cat "$tmp/out/next-due")"
"$bin" check "$tmp/out/games/1.pdn" >/dev/null 2>&1 &&
    pass port/check || fail port/check
store "$tmp/p" --import "$tmp/out" 2>"$tmp/err" &&
    store "$tmp/p" --export "$tmp/out2" 2>>"$tmp/err" &&
    diff -r "$tmp/out" "$tmp/out2" >/dev/null &&
    pass port/idempotent || fail port/idempotent "$(cat "$tmp/err")"

# --- faults -------------------------------------------------------------
if [ -z "${SR_STORE:-}" ]; then
	store "$tmp/l" --export "$tmp/l-out" 2>/dev/null
	sqlite3 "$tmp/l/referee.db" 'BEGIN EXCLUSIVE; SELECT 1;' \
	    '.shell sleep 3' 'COMMIT;' >/dev/null 2>&1 &
	holder=$!
	sleep 0.5
	start=$(date +%s)
	STACKREF_DB_WAIT_MS=300 store "$tmp/l" --import "$d" 2>"$tmp/err"
	status_is locked/status 4 $? "$tmp/err"
	grep -q 'locked' "$tmp/err" && [ $(($(date +%s) - start)) -le 2 ] &&
	    pass locked/said || fail locked/said "$(cat "$tmp/err")"
	wait "$holder"
	store "$tmp/l" --export "$tmp/l-after" 2>/dev/null
	[ ! -e "$tmp/l-after/players" ] && pass locked/nothing-written ||
	    fail locked/nothing-written
fi

if [ -n "${SR_STORE:-}" ]; then
	:       # a file store's faults; a server's are tests/db.sh's
elif [ "$(id -u)" != 0 ]; then
	fail "full (not root: cannot mount a tmpfs)"
elif mkdir "$tmp/mnt" && mount -t tmpfs -o size=600k tmpfs "$tmp/mnt" \
    2>"$tmp/err"; then
	mnt=$tmp/mnt
	store "$mnt/s" --import "$d" 2>"$tmp/err" &&
	    store "$mnt/s" --export "$tmp/f-before" 2>>"$tmp/err" ||
	    fail full/setup "$(cat "$tmp/err")"
	big=$tmp/big
	mkdir -p "$big/games"
	for i in 1 2 3 4 5 6; do
		{ cat "$d/games/1.pdn"; head -c 200000 /dev/urandom | base64; } \
		    >"$big/games/$((i + 10)).pdn"
	done
	store "$mnt/s" --import "$big" 2>"$tmp/err"
	status_is full/status 4 $? "$tmp/err"
	grep -q 'full' "$tmp/err" && pass full/said || fail full/said \
	    "$(cat "$tmp/err")"
	store "$mnt/s" --export "$tmp/f-after" 2>/dev/null
	diff -r "$tmp/f-before" "$tmp/f-after" >/dev/null &&
	    pass full/store-as-it-was || fail full/store-as-it-was
	rm -f "$mnt/fill"
	if mount -o remount,ro "$mnt" 2>"$tmp/err"; then
		store "$mnt/s" --import "$d" 2>"$tmp/err"
		status_is readonly/status 4 $? "$tmp/err"
		grep -qi 'read-only\|readonly' "$tmp/err" && pass readonly/said ||
		    fail readonly/said "$(cat "$tmp/err")"
	else
		fail "readonly (remount: $(head -n 1 "$tmp/err"))"
	fi
	umount "$mnt" && mnt=
else
	fail "full (mount: $(head -n 1 "$tmp/err"))"
fi

# --- pruning: each run deletes a batch (2000 rows a table) of the done
# keys and mails set aside older than 30 days and the events older
# than 7 days; newer ones stay
. "$root/tests/lib/store.sh"
now=$(date +%s)                 # the clock that stamps the rows
day=86400
store "$tmp/r" --export "$tmp/r-out" 2>"$tmp/err" ||
    fail prune/setup "$(cat "$tmp/err")"
sr_sql "$tmp/r" "INSERT INTO done (key, summary, status, at) VALUES
    ('old', 'x', 0, $((now - 30 * day - 1))), ('new', 'x', 0,
    $((now - 30 * day + 60)));
    INSERT INTO aside (key, why, uid, mail, at) VALUES ('old', 'x', 0,
    'm', $((now - 31 * day))), ('new', 'x', 0, 'm', $((now - 29 * day)));
    INSERT INTO events (at, kind) WITH RECURSIVE n(i) AS (SELECT 1 UNION
    ALL SELECT i + 1 FROM n WHERE i < 2003) SELECT $((now - 8 * day)) + i,
    'refused' FROM n; INSERT INTO events (at, kind) VALUES
    ($((now - 6 * day)), 'bounced')" >/dev/null 2>"$tmp/err" ||
    fail prune/setup "$(cat "$tmp/err")"
# prune_run: a run (no mailbox, no mail).
prune_run() {
	store "$tmp/r" --address referee@example.test \
	    --smtp smtp://127.0.0.1:1 >/dev/null 2>"$tmp/err"
}
# rows: the keys of done and aside, the number of events, in one line.
rows() {
	echo $(sr_sql "$tmp/r" "SELECT key FROM done ORDER BY key") \
	    $(sr_sql "$tmp/r" "SELECT key FROM aside ORDER BY key") \
	    $(sr_sql "$tmp/r" "SELECT COUNT(*) FROM events")
}
prune_run
status_is prune/run 0 $? "$tmp/err"
r=$(rows)
[ "$r" = "new new 4" ] && pass prune/bounded || fail prune/bounded "$r"
prune_run
r=$(rows)
[ "$r" = "new new 1" ] && pass prune/retention || fail prune/retention "$r"
