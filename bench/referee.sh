#!/bin/bash
# referee.sh - the figures of `stackref referee` (bench/run.sh's part
# (g); it runs alone too, from the top of the tree once stackref is
# built).  Each run is a cron run of the referee against the suite's own
# servers (tests/servers.sh: Dovecot IMAPS, Exim SMTPS, as root), timed
# whole: wall time, and the CPU time (user + system) of the run and its
# children; the servers' own time is not counted.
#   (a) move mails decided per second: $BENCH_MAILS (default 50) boards
#       of checkers, each between two players of its own, and in the
#       referee's mailbox one mail per board, its first move; one run
#       decides them all (each in a child of its own, the replies with
#       the board's PNG sent to both players); best of 3, each with a
#       fresh state and mailbox: mails/s of wall time, CPU ms per mail;
#       with --jobs 1 (one mail after another) and --jobs 2 (two at
#       once: the CPUs of this machine); each with the players'
#       hashes at yescrypt's default cost (5, as the referee hashes at
#       a signup unless told otherwise) and at the low cost
#       $BENCH_LOW_COST (default 1: `stackref referee --hash-cost 1`);
#       then the CPU time of the password check alone at each cost;
#   (b) the time pass: a run with no mail over 10, 10,000 and 100,000
#       open timed boards none of which is due (best of 3 for 10, one
#       run for more), and one over 1,000 boards whose
#       reminder is due (each judged and its reminder mailed).  A run
#       has $BENCH_PASS_BUDGET seconds (default 120): one over it is
#       stopped and printed "over budget"; the 100,000 boards are tried
#       only when the 10,000 took less than a tenth of it.
# populate is the one function that knows how the referee keeps its
# state.  Prints "skipped: WHY" and exits 0 when the servers cannot
# start (not root, a package missing: tools/deps.sh check).  $STACKREF:
# the binary timed (default ./stackref).
set -u
top=$(pwd)
bin=${STACKREF:-$top/stackref}
mails=${BENCH_MAILS:-50}
low_cost=${BENCH_LOW_COST:-1}
budget=${BENCH_PASS_BUDGET:-120}
NOW=2027-01-10T10:00:00Z         # the time of every run
PLAYERS_MAX=2000                 # players of the time pass's boards
tmp=$(mktemp -d "${TMPDIR:-/tmp}/stackref-bench-ref.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
[ -x "$bin" ] || { echo "bench: no ./stackref: run \`make bench\`" >&2; exit 1; }

ratio() { awk -v a="$1" -v b="$2" -v d="${3:-2}" \
    'BEGIN { printf "%.*f", d, (b > 0 ? a / b : 0) }'; }

# A helper built here, hash N COST: prints the yescrypt hash of the
# password "pw" at COST as the referee makes one (0: crypt(3)'s
# default, 5), then the CPU ns of N checks of it.
cat >"$tmp/hash.c" <<'EOF'
#include <crypt.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
int main(int argc, char **argv)
{
	char set[CRYPT_GENSALT_OUTPUT_SIZE], hash[CRYPT_OUTPUT_SIZE];
	struct crypt_data cd = { 0 };
	struct timespec t0, t1;
	int i, n = argc > 1 ? atoi(argv[1]) : 0;
	unsigned long cost = argc > 2 ? strtoul(argv[2], NULL, 10) : 0;

	if (crypt_gensalt_rn("$y$", cost, "benchsaltbenchsa", 16, set,
	    sizeof(set)) == NULL || crypt_rn("pw", set, &cd, sizeof(cd)) == NULL)
		return 1;
	puts(cd.output);
	snprintf(hash, sizeof(hash), "%s", cd.output);
	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t0);
	for (i = 0; i < n; i++)
		crypt_rn("pw", hash, &cd, sizeof(cd));
	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t1);
	printf("%lld\n", (t1.tv_sec - t0.tv_sec) * 1000000000LL +
	    (t1.tv_nsec - t0.tv_nsec));
	return 0;
}
EOF
if ! ${CC:-cc} -O2 -o "$tmp/hash" "$tmp/hash.c" -lcrypt; then
	echo "skipped: the helper does not build (libcrypt's crypt.h: package libcrypt-dev)"
	exit 0
fi
hash_default=$("$tmp/hash" 0 0 | head -n 1)
hash_low=$("$tmp/hash" 0 "$low_cost" | head -n 1)
hash=$hash_default

env=$("$top/tests/servers.sh" start 2>"$tmp/start.err")
if [ $? -ne 0 ]; then
	echo "skipped: the test servers do not start: $(head -n 1 "$tmp/start.err")"
	exit 0
fi
eval "$env"
trap '"$top/tests/servers.sh" stop >/dev/null 2>&1; rm -rf "$tmp"' EXIT
D=$SR_DOMAIN
printf 'referee-secret\n' >"$tmp/referee.pw"

# Players p1 ... pN get a mailbox on the test servers, so that the
# replies are delivered as they would be.
n=$((2 * mails > PLAYERS_MAX ? 2 * mails : PLAYERS_MAX))
awk -v n="$n" 'BEGIN { for (i = 1; i <= n; i++)
    printf "p%d:{PLAIN}pw::::::\n", i }' >>"$SR_DIR/mail/users"

# populate DIR BOARDS PLAYERS STAMP: the referee's state in DIR: players
# p1 ... pPLAYERS (password "pw", their hash $hash), and boards 1 ... BOARDS, board B a
# new checkers game (red to move) of the players p(2B-1) and p(2B)
# (counted round PLAYERS), its clock started at STAMP (move=21d
# remind=7d: a reminder is due 7 days after STAMP).  The one place that
# knows how the referee keeps its state: a state directory of the
# layout of before the store, written into $1.import with each board's
# next due time (next-due, as --export writes it), then moved into the
# store of --dir DIR by --import (not timed).
populate() {
	local dir=$1.import
	rm -rf "$1" "$dir"
	mkdir -p "$1" "$dir/games" || return 1
	awk -v dir="$dir" -v n="$2" -v np="$3" -v stamp="$4" -v hash="$hash" \
	    -v d="$D" -v due=$(($(date -u -d "$4" +%s) + 7 * 86400)) 'BEGIN {
		f = dir "/players"
		print "# stackref referee players: USERID ADDRESS HASH" > f
		for (i = 1; i <= np; i++)
			printf "p%d p%d@%s %s\n", i, i, d, hash > f
		close(f)
		for (b = 1; b <= n; b++) {
			f = dir "/games/" b ".pdn"
			printf "[Event \"stackref referee\"]\n" \
			    "[Site \"referee@%s\"]\n[Date \"%s\"]\n" \
			    "[Round \"?\"]\n[Black \"p%d\"]\n[White \"p%d\"]\n" \
			    "[Result \"*\"]\n[GameType \"21\"]\n" \
			    "[GameId \"%d\"]\n[Game \"checkers\"]\n" \
			    "[TimeControl \"move=21d remind=7d\"]\n\n" \
			    "{[%%ts %s]} *\n", d, substr(stamp, 1, 10),
			    (2 * b - 2) % np + 1, (2 * b - 1) % np + 1, b,
			    stamp > f
			close(f)
			print b, due > (dir "/next-due")
		}
	}' || return 1
	echo "$2" >"$dir/last-board"
	"$bin" referee --dir "$1" --import "$dir" >"$tmp/import" 2>&1 ||
	    { echo "populate: $(tail -n 1 "$tmp/import")" >&2; return 1; }
	rm -rf "$dir"
}

# mailbox N: the referee's mailbox holds one mail per board 1 ... N, the
# first move of its first player p(2B-1) (Maildir files, as Dovecot's
# LMTP delivery leaves them); none for N 0.
mailbox() {
	local md=$SR_MAILHOME/referee/Maildir
	rm -rf "$md"
	mkdir -p "$md/new" "$md/cur" "$md/tmp"
	awk -v md="$md" -v n="$1" -v d="$D" 'BEGIN {
		for (b = 1; b <= n; b++) {
			f = sprintf("%s/new/%d.M%dP1.bench", md, 1700000000 + b, b)
			printf "From: p%d@%s\r\nTo: referee@%s\r\n" \
			    "Subject: checkers move %d p%d pw 11-15#1\r\n" \
			    "Message-ID: <bench.%d@%s>\r\n" \
			    "Date: Sun, 10 Jan 2027 09:00:00 +0000\r\n" \
			    "MIME-Version: 1.0\r\nContent-Type: text/plain\r\n" \
			    "\r\nmy move\r\n", 2 * b - 1, d, d, b, 2 * b - 1, b,
			    d > f
			close(f)
		}
	}'
	chown -R 65534:65534 "$SR_MAILHOME/referee"
}

# busy: the CPU time (ns) the whole machine has spent busy since boot:
# user, nice, system, irq, softirq and steal of /proc/stat's first line.
tick=$(getconf CLK_TCK)
busy() {
	awk -v t="$tick" '$1 == "cpu" { printf "%.0f", ($2 + $3 + $4 + $7 + \
	    $8 + $9) * 1e9 / t; exit }' /proc/stat
}

# run BUDGET: one run of the referee on $tmp/state at $NOW (--jobs
# $jobs), its output in $tmp/out, stopped with its children after BUDGET seconds (timeout's
# process group); sets $wall and $cpu (ns: the CPU time is that of the
# shell's children as `times` counts it, the run's and its waited-for
# children's, in ticks of 10 ms), $mcpu (ns: the whole machine's, the
# servers' and the kernel's included) and $st (its status, or "over").
run() {
	local t0 m0
	m0=$(busy)
	times >"$tmp/times0"
	t0=$(date +%s%N)
	timeout -k 5 "$1" "$bin" referee --dir "$tmp/state" \
	    --imap "imaps://127.0.0.1:$SR_IMAPS_PORT/INBOX" \
	    --smtp "smtps://127.0.0.1:$SR_SMTPS_PORT/referee.$D" \
	    --address "referee@$D" --cacert "$SR_CACERT" --user referee \
	    --password-file "$tmp/referee.pw" --now "$NOW" --jobs "$jobs" \
	    >"$tmp/out" 2>&1
	st=$?
	wall=$(($(date +%s%N) - t0))
	times >"$tmp/times1"
	mcpu=$(($(busy) - m0))
	[ $st -eq 124 ] && st=over
	cpu=$(awk 'FNR == 2 { for (i = 1; i <= 2; i++) { split($i, t, /[ms]/)
	    c += (FILENAME ~ /1$/ ? 1 : -1) * (t[1] * 60 + t[2]) } }
	    END { printf "%.0f", c * 1e9 }' "$tmp/times0" "$tmp/times1")
}

# best TRIES BUDGET SETUP...: runs SETUP (which makes the state and the
# mailbox) then one run, TRIES times, fewer when a run is over BUDGET;
# sets $best, $bestcpu and $bestm (ns), $st, $tries.
best() {
	local n=$1 b=$2
	shift 2
	best=0 bestcpu=0 bestm=0 tries=0
	while [ $tries -lt "$n" ]; do
		"$@"
		run "$b"
		tries=$((tries + 1))
		[ "$st" = over ] && return
		[ $best -eq 0 ] || [ "$wall" -lt $best ] && best=$wall
		[ $bestcpu -eq 0 ] || [ "$cpu" -lt $bestcpu ] && bestcpu=$cpu
		[ $bestm -eq 0 ] || [ "$mcpu" -lt $bestm ] && bestm=$mcpu
	done
}

echo "== (g) the referee, one run against the test servers (tests/servers.sh)"
echo "$(nproc) CPUs, load average $(cut -d ' ' -f 1-3 /proc/loadavg)"

moves() { populate "$tmp/state" "$mails" $((2 * mails)) 2027-01-10T00:00:00Z &&
    mailbox "$mails"; }
for cost in 0 "$low_cost"; do
	label="hash cost 5 (the default)"
	hash=$hash_default
	if [ "$cost" != 0 ]; then
		label="hash cost $cost (--hash-cost $cost)"
		hash=$hash_low
	fi
	for jobs in 1 2; do
		best 3 600 moves
		applied=$(grep -c '^board [0-9]*: ply 1 11-15 by ' "$tmp/out")
		mps=$(ratio "$((mails * 1000000000))" "$best" 1)
		echo "move mails, $label, --jobs $jobs: $mails decided in" \
		    "one run ($applied applied, status $st), best of $tries:" \
		    "$(ratio "$best" 1000000000 3) s, $mps mails/s (target" \
		    "50; CPU $(ratio "$bestcpu" "$((mails * 1000000))" 1) ms" \
		    "per mail; the whole machine's, Exim's, Dovecot's and" \
		    "the kernel's included: $(ratio "$bestm" \
		    "$((mails * 1000000))" 1) ms)"
	done
	c=$("$tmp/hash" 20 "$cost" | tail -n 1)
	echo "  of which the password check alone: $(ratio "$c" 20000000 \
	    1) ms of CPU (crypt(3) of the players' hash, yescrypt)"
done
jobs=1
hash=$hash_default

# nodue BOARDS STAMP: BOARDS boards started at STAMP, no mail.
nodue() { populate "$tmp/state" "$1" "$PLAYERS_MAX" "$2" && mailbox 0; }

# pass BOARDS STAMP LABEL: prints the time pass over BOARDS boards
# started at STAMP, no mail; 1 when it was over budget.
pass() {
	local n=3
	[ "$1" -ge 1000 ] && n=1
	best $n "$budget" nodue "$1" "$2"
	if [ "$st" = over ]; then
		echo "$3: over budget (stopped after $budget s)"
		return 1
	fi
	echo "$3: $(ratio "$best" 1000000000 3) s (CPU $(ratio "$bestcpu" \
	    1000000000 3) s, best of $tries), $(grep -c 'reminder 1 to' \
	    "$tmp/out") reminders sent, status $st"
}
pass 10 2027-01-09T00:00:00Z "time pass, 10 boards, none due"
if pass 10000 2027-01-09T00:00:00Z "time pass, 10000 boards, none due" &&
    [ "$best" -lt $((budget * 100000000)) ]; then
	pass 100000 2027-01-09T00:00:00Z "time pass, 100000 boards, none due"
else
	echo "time pass, 100000 boards, none due: not tried (10000 took" \
	    "more than a tenth of the budget of $budget s)"
fi
pass 1000 2027-01-01T00:00:00Z "time pass, 1000 boards, each reminder due"
exit 0
