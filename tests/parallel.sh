#!/bin/bash
# parallel.sh - `stackref referee --jobs N`: a run deciding its mails
# several at once (src/referee/run.c's queue), on the inbox that
# --deliver fills, without servers (the replies wait in the outbox: the
# --smtp given cannot be reached).  Prints PASS:/FAIL: lines.
#   jobs/order    $BOARDS boards of checkers, 4 move mails each from
#                 their two players in turn, a board's mails one after
#                 another, and a move mail whose decision spins
#                 (STACKREF_REFEREE_CRASH=spin:WORD) among them: one run
#                 with --jobs 4 applies every ply, each once and in the
#                 order of its board (a move decided out of turn would
#                 be refused), and sets the spinning mail aside
#   jobs/replies  every mail answered: one done row and its replies
#                 each, none left in the inbox or planned
#   jobs/aside    the spinning mail set aside, why said (its budget of
#                 CPU, or of the clock under load), answered from its
#                 header
#   jobs/one      --jobs 1 applies the same plies in the order of the
#                 mails, board by board
#   jobs/usage    --jobs 0 refused
# Then the same again on PostgreSQL (tests/lib/pg.sh's pg_again: the
# lines named pg/parallel.sh/jobs/NAME), the store held while the mails
# are delivered by a transaction locking it (tests/lib/store.sh).
set -u
root=$(cd "$(dirname "$0")/.." && pwd)
bin=${STACKREF:-$root/stackref}
BOARDS=6                       # boards, 4 move mails each
NOW=2027-01-10T10:00:00Z       # the time of the runs
D=example.test
. "$root/tests/lib/common.sh"
. "$root/tests/lib/store.sh"
. "$root/tests/lib/pg.sh"
need cc gcc jobs/all
need flock util-linux jobs/all
need sqlite3 sqlite3 jobs/all
need psql postgresql-15 jobs/all
tmp=$(mktemp -d) || exit 1
trap '[ -n "${KEEP:-}" ] || rm -rf "$tmp"' EXIT  # KEEP=1: kept

pass() { echo "PASS: jobs/$1"; }
fail() { echo "FAIL: jobs/$1"; shift; [ $# -gt 0 ] && printf '%s\n' "$@"; }

# The yescrypt hash of the password "pw", as a signup writes one.
cat >"$tmp/hash.c" <<'EOF'
#include <crypt.h>
#include <stdio.h>
int main(void)
{
	char set[CRYPT_GENSALT_OUTPUT_SIZE];
	struct crypt_data cd = { 0 };

	if (crypt_gensalt_rn("$y$", 0, "testsalttestsalt", 16, set,
	    sizeof(set)) == NULL || crypt_rn("pw", set, &cd, sizeof(cd)) == NULL)
		return 1;
	puts(cd.output);
	return 0;
}
EOF
cc -o "$tmp/hash" "$tmp/hash.c" -lcrypt ||
    { fail all "the helper does not build (libcrypt-dev)"; exit 1; }
hash=$("$tmp/hash")

# state DIR: players p1 ... p(2*BOARDS) and spinner (password "pw"),
# boards 1 ... BOARDS of p(2B-1) (red, to move) and p(2B), and board
# BOARDS+1 of spinner and p1, moved into the store of --dir DIR.
state() {
	local dir=$1.import
	mkdir -p "$1" "$dir/games"
	awk -v dir="$dir" -v n="$BOARDS" -v hash="$hash" -v d="$D" 'BEGIN {
		f = dir "/players"
		print "# stackref referee players: USERID ADDRESS HASH" > f
		for (i = 1; i <= 2 * n; i++)
			printf "p%d p%d@%s %s\n", i, i, d, hash > f
		printf "spinner spinner@%s %s\n", d, hash > f
		close(f)
		for (b = 1; b <= n + 1; b++) {
			f = dir "/games/" b ".pdn"
			printf "[Event \"stackref referee\"]\n" \
			    "[Site \"referee@%s\"]\n[Date \"2027.01.10\"]\n" \
			    "[Round \"?\"]\n[Black \"%s\"]\n[White \"p%d\"]\n" \
			    "[Result \"*\"]\n[GameType \"21\"]\n[GameId \"%d\"]\n" \
			    "[Game \"checkers\"]\n\n*\n", d,
			    b <= n ? "p" (2 * b - 1) : "spinner",
			    b <= n ? 2 * b : 1, b > f
			close(f)
		}
	}'
	echo $((BOARDS + 1)) >"$dir/last-board"
	# shellcheck disable=SC2046 # the option and its value, two words
	"$bin" referee $(sr_store_opt "$1") --import "$dir" >/dev/null 2>&1
}

# mail N FROM BOARD MOVE PLY: move mail N of FROM on BOARD.
mail() {
	printf 'From: %s@%s\r\nTo: referee@%s\r\nSubject: checkers move %s %s pw %s#%s\r\nMessage-ID: <jobs.%s@%s>\r\nDate: Sun, 10 Jan 2027 09:00:00 +0000\r\n\r\nmy move\r\n' \
	    "$2" "$D" "$D" "$3" "$2" "$4" "$5" "$1" "$D"
}

# inbox DIR: the move mails, board by board (the 4 plies of a board
# one after another, so that a run deciding them at once would decide a
# ply before the one before it is applied), the spinning one after the
# first board's, delivered while a run holds the store (so that none is
# decided yet), all in the same second (the inbox is decided in the
# order of arrival, which the second alone cannot tell).
inbox() {
	local dir=$1 n=0 k b from
	set -- 11-15 23-19 8-11 22-17
	for b in $(seq 1 "$BOARDS"); do
		for k in 1 2 3 4; do
			from=p$((2 * b - (k % 2)))
			n=$((n + 1))
			mail "$n" "$from" "$b" "${!k}" "$k" >"$tmp/m.$n"
		done
		[ "$b" = 1 ] && n=$((n + 1)) &&
		    mail "$n" spinner $((BOARDS + 1)) 11-15 1 >"$tmp/m.$n"
	done
	echo "$n" >"$tmp/count"
	sr_hold "$dir" sh -c 'for i in $(seq 1 "$2"); do
		"$0" referee $1 --deliver --address referee@'"$D"' \
		    --now 2027-01-10T09:00:00Z <"$3/m.$i" 2>/dev/null ||
		    exit 1
	done' "$bin" "$(sr_store_opt "$dir")" "$n" "$tmp"
}

# run DIR JOBS: one run deciding the inbox, its output in DIR.out.
run() {
	# shellcheck disable=SC2046 # the option and its value, two words
	STACKREF_REFEREE_CRASH=spin:spinner "$bin" referee $(sr_store_opt "$1") \
	    --smtp smtp://127.0.0.1:1 --address "referee@$D" --now "$NOW" \
	    --jobs "$2" >"$1.out" 2>&1
}

# plies OUT: the plies applied, "BOARD PLY", in the order of OUT.
plies() {
	sed -n 's/^board \([0-9]*\): ply \([0-9]*\) .*/\1 \2/p' "$1"
}

q() { sr_sql "$@"; }

state "$tmp/par" && inbox "$tmp/par" && run "$tmp/par" 4
mails=$(cat "$tmp/count")
plies "$tmp/par.out" >"$tmp/par.plies"
want=$((4 * BOARDS))
per_board=$(awk '{ if ($2 != ++n[$1]) bad++ } END { print bad + 0 }' \
    "$tmp/par.plies")
if [ "$(wc -l <"$tmp/par.plies")" -eq "$want" ] && [ "$per_board" = 0 ] &&
    [ "$(sort -u "$tmp/par.plies" | wc -l)" -eq "$want" ]; then
	pass order
else
	fail order "want $want plies each once in order" "$(cat "$tmp/par.out")"
fi

done_rows=$(q "$tmp/par" "SELECT count(*) FROM done")
left=$(q "$tmp/par" "SELECT (SELECT count(*) FROM inbox) + (SELECT count(*)
    FROM plans)")
unanswered=$(q "$tmp/par" "SELECT count(*) FROM done WHERE key NOT IN
    (SELECT key FROM outbox)")
if [ "$done_rows" = "$mails" ] && [ "$left" = 0 ] && [ "$unanswered" = 0 ]
then
	pass replies
else
	fail replies "done $done_rows of $mails, left $left," \
	    "unanswered $unanswered" "$(cat "$tmp/par.out")"
fi

# its budget: 2 s of CPU, or 10 s on the clock on a loaded machine
# (the CPUs shared: the spin may not get its 2 s within the 10)
budget='more than \(2 s of CPU time\|10 s\)'
if [ "$(q "$tmp/par" "SELECT count(*) FROM aside WHERE why LIKE
    '%more than 2 s of CPU%' OR why LIKE '%more than 10 s'")" = 1 ] &&
    grep -q "^set aside (its decision took $budget)" "$tmp/par.out"; then
	pass aside
else
	fail aside "$(q "$tmp/par" "SELECT key, why FROM aside")" \
	    "$(cat "$tmp/par.out")"
fi

state "$tmp/one" && inbox "$tmp/one" && run "$tmp/one" 1
plies "$tmp/one.out" >"$tmp/one.plies"
if [ "$(wc -l <"$tmp/one.plies")" -eq "$want" ] &&
    sort -c -n -k 1,1 -k 2,2 "$tmp/one.plies" 2>/dev/null; then
	pass one
else
	fail one "$(cat "$tmp/one.out")"
fi

# shellcheck disable=SC2046 # the option and its value, two words
if "$bin" referee $(sr_store_opt "$tmp/par") --smtp smtp://127.0.0.1:1 \
    --address "referee@$D" --jobs 0 >"$tmp/usage" 2>&1; then
	fail usage "$(cat "$tmp/usage")"
elif grep -q -- '--jobs' "$tmp/usage"; then
	pass usage
else
	fail usage "$(cat "$tmp/usage")"
fi
pg_again parallel.sh
exit 0
