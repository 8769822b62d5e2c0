#!/bin/sh
# run.sh - speed figures of stackref (run by `make bench`, from the top of
# the tree, once stackref and bench/* are built).  Not a test: it prints.
#   (a) bench/perft: checkers/stackup perft nodes/s, when built;
#   (b) `stackref check -q` on an archive of about $BENCH_MB MB (default
#       100) made by repeating the real games of $STACKREF_DATA (default
#       ../shared/data/pdn): best of 3, games/s and MB/s against the target
#       of 27,000 games/s, and peak RSS;
#   (c) the latency of one `stackref move -n` on a long record and of one
#       `stackref check` of one game, averaged over $BENCH_RUNS runs (200).
set -eu
top=$(pwd)
bin=$top/stackref
data=${STACKREF_DATA:-$top/../shared/data/pdn}
mb=${BENCH_MB:-100}
runs=${BENCH_RUNS:-200}
target=27000
tmp=$(mktemp -d "${TMPDIR:-/tmp}/stackref-bench.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
[ -x "$bin" ] || { echo "bench: no ./stackref: run \`make bench\`" >&2; exit 1; }

now() { date +%s%N; }             # nanoseconds (GNU date)
# ratio A B [DIGITS]: A/B as a decimal.
ratio() { awk -v a="$1" -v b="$2" -v d="${3:-2}" \
    'BEGIN { printf "%.*f", d, (b > 0 ? a / b : 0) }'; }

# rss CMD...: runs CMD (output discarded) and prints its peak RSS in kB,
# by /usr/bin/time when installed, else by a tiny getrusage helper.
rss() {
	if [ -x /usr/bin/time ]; then
		/usr/bin/time -f %M -o "$tmp/rss" "$@" >/dev/null 2>&1 || :
		tail -n 1 "$tmp/rss"
		return
	fi
	if [ ! -x "$tmp/maxrss" ]; then
		cat >"$tmp/maxrss.c" <<-'EOF'
		#include <stdio.h>
		#include <sys/resource.h>
		#include <sys/wait.h>
		#include <unistd.h>
		int main(int argc, char **argv)
		{
			struct rusage ru;
			int st;
			pid_t pid;
			(void)argc;
			if ((pid = fork()) == 0) {
				execvp(argv[1], argv + 1);
				_exit(127);
			}
			if (pid < 0 || wait4(pid, &st, 0, &ru) < 0)
				return 1;
			printf("%ld\n", ru.ru_maxrss);
			return 0;
		}
		EOF
		${CC:-cc} -O -o "$tmp/maxrss" "$tmp/maxrss.c" || { echo "?"; return; }
	fi
	"$tmp/maxrss" "$@" 2>/dev/null </dev/null | tail -n 1
}

echo "stackref bench, $(date -u '+%Y-%m-%d %H:%M UTC')"
echo "machine: $(uname -sm), $(nproc) CPUs," \
    "$(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -n 1)"
echo "stackref: $(git -C "$top" describe --always --dirty 2>/dev/null || echo '?'), CFLAGS from .buildflags: $(cat "$top/.buildflags" 2>/dev/null)"

echo
echo "== (a) perft"
if [ -x bench/perft ]; then
	bench/perft || echo "bench/perft failed (status $?)"
else
	echo "bench/perft not built (no bench/perft.c yet)"
fi

# split FILE PREFIX: writes each game of FILE to PREFIX.N.pdn as it is,
# and a copy PREFIX.N.open with the result cleared (the game goes on);
# prints "N PLIES" per game.
split() {
	awk -v pre="$2" '
	function flush() {
		if (game != "") {
			printf "%s", game > (pre "." n ".pdn"); close(pre "." n ".pdn")
			printf "%s", open > (pre "." n ".open"); close(pre "." n ".open")
			print n, plies
		}
		game = open = ""; plies = 0; n++
	}
	{ line = $0; sub(/\r$/, "") }
	/^\[/ && !tags { flush() }
	{ game = game line "\n" }
	/^\[Result / { open = open "[Result \"*\"]\n"; tags = 1; next }
	/^\[/ { open = open $0 "\n"; tags = 1; next }
	{
		tags = 0
		for (i = 1; i <= NF; i++) if ($i ~ /^[0-9]+[-x][0-9]+/) plies++
		sub(/ (1-0|0-1|1\/2-1\/2|\*)[ \t]*$/, " *")
		open = open $0 "\n"
	}
	END { flush() }' "$1"
}

echo
echo "== (b) stackref check -q on an archive"
files=""
for f in "$data"/*.pdn; do
	[ -f "$f" ] || continue
	# 11_man_english.pdn holds start positions only: no moves to replay.
	case $f in */11_man_english.pdn) continue ;; esac
	files="$files $f"
done
if [ -z "$files" ]; then
	echo "skipped: no real games in $data (set STACKREF_DATA)"
	exit 0
fi
# Only the games stackref accepts, so that every game is replayed to its
# end; "N PLIES FILE" of each goes to $tmp/accepted.
mkdir "$tmp/g"
k=0 total=0
: >"$tmp/accepted"
for f in $files; do
	k=$((k + 1))
	split "$f" "$tmp/g/$k" >"$tmp/list"
	while read -r n p; do
		total=$((total + 1))
		"$bin" check -q "$tmp/g/$k.$n.pdn" >/dev/null 2>&1 || continue
		cat "$tmp/g/$k.$n.pdn"
		printf '\n'
		echo "$k.$n $p ${f##*/}" >>"$tmp/accepted"
	done <"$tmp/list"
done >"$tmp/one.pdn"
games1=$(wc -l <"$tmp/accepted")
size1=$(wc -c <"$tmp/one.pdn")
echo "games: $games1 of the $total games of$(for f in $files; do
    printf ' %s' "${f##*/}"; done) are accepted by stackref check"
if [ "$games1" -eq 0 ]; then
	echo "skipped: no game accepted"
	exit 0
fi
reps=$(( (mb * 1000000 + size1 - 1) / size1 ))
i=0
while [ $i -lt $reps ]; do cat "$tmp/one.pdn"; i=$((i + 1)); done \
    >"$tmp/archive.pdn"
bytes=$(wc -c <"$tmp/archive.pdn")
games=$((games1 * reps))
echo "archive: $(ratio "$bytes" 1000000 1) MB, $games games" \
    "(those $games1, $reps times)"
best=0 st=0
for try in 1 2 3; do
	t0=$(now)
	"$bin" check -q "$tmp/archive.pdn" >/dev/null 2>"$tmp/err" || st=$?
	t1=$(now)
	dt=$((t1 - t0))
	echo "  run $try: $(ratio "$dt" 1000000000 3) s"
	[ $best -eq 0 ] || [ $dt -lt $best ] && best=$dt
done
[ $st -eq 0 ] || echo "  (check exited with status $st:" \
    "$(head -n 1 "$tmp/err"))"
gps=$(ratio "$((games * 1000000000))" "$best" 0)
mbps=$(ratio "$((bytes * 1000))" "$best" 1)
echo "check -q, best of 3: $(ratio "$best" 1000000000 3) s:" \
    "$gps games/s, $mbps MB/s;" \
    "$(ratio "$gps" $target) x the target of $target games/s"
echo "peak RSS: $(rss "$bin" check -q "$tmp/archive.pdn") kB"

echo
echo "== (c) latency, average of $runs runs"
# latency LABEL CMD...: average wall time of CMD over $runs runs.
latency() {
	label=$1; shift
	st=0
	"$@" >/dev/null 2>&1 || st=$?
	t0=$(now)
	i=0
	while [ $i -lt $runs ]; do "$@" >/dev/null 2>&1 || :; i=$((i + 1)); done
	t1=$(now)
	echo "$label: $(ratio "$((t1 - t0))" "$((runs * 1000000))" 3) ms (status $st)"
}
# The accepted game nearest 100 plies that still has a legal move once
# its result is cleared.
move=""
awk '{ d = $2 - 100; print (d < 0 ? -d : d), $0 }' "$tmp/accepted" |
    sort -n >"$tmp/near"
while read -r d id plies name; do
	move=$("$bin" moves "$tmp/g/$id.open" 2>/dev/null | head -n 1) || :
	[ -n "$move" ] && break
done <"$tmp/near"
if [ -z "$move" ]; then
	echo "skipped: no accepted game has a legal move left"
	exit 0
fi
game=$tmp/g/$id.open
latency "move -n $move after $plies plies (a game of $name)" \
    "$bin" move -n "$game" "$move"
latency "check of that one game" "$bin" check "$game"
