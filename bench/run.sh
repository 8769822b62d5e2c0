#!/bin/sh
# run.sh - speed figures of stackref (run by `make bench`, from the top of
# the tree, once stackref and bench/* are built).  Not a test: it prints.
#   (a) bench/perft: perft nodes/s of every game (best of 3), and the perft
#       of the peer, rapid-draughts, at the same checkers depths;
#   (b) `stackref check -q` on archives of $BENCH_MB MB (default "50 100
#       200") made by repeating the real games of $STACKREF_DATA (default
#       ../shared/data/pdn): best of 3, games/s, plies/s, MB/s and peak
#       RSS for each size; then rapid-draughts replaying the smallest
#       archive, the same figures;
#   (b2) the same for the international (GameType 20) and Russian (25)
#       games of the real archives (../shared/data/real, the files
#       tests/data/draughts_real/expected lists), repeated to the first
#       size of BENCH_MB, each game with its GameType tag;
#   (c) the latency of one `stackref move -n`, one `move -o` (validated and
#       written) on a record of about 100 plies, and one `check`, `show
#       --format svg` and `convert --to xml` of that game, whole
#       processes, wall and CPU time per run: the best of 5 batches of
#       $BENCH_RUNS / 5 runs (default 200 in all); the startup
#       floor, a C program that does nothing (built here), measured the
#       same way, and each figure's ratio to it; the same check by
#       rapid-draughts, node's start included and excluded;
#   (d) scaling: the smallest archive split into parts of 1,000 games by
#       bench/README's awk recipe (Scaling), `check -q` of every part through
#       xargs -P 1 and -P $(nproc), best of 3, and the speed-up;
#   (e) a summary: each figure beside its target and the peer's figure;
#   (f) on the $BENCH_ARCHIVE_MB MB archive (default 100): a position
#       search that matches nothing (every game replayed to its end),
#       dups and convert --dedupe, each beside check, best of 3, with
#       its peak RSS; and the memory dups takes per distinct game, on an
#       archive of distinct games (the positions convert --at makes);
#   (g) the referee (bench/referee.sh): move mails decided per second by
#       one run, and the time pass over 10, 10,000 and 100,000 open
#       boards, and over 1,000 due, against the test servers;
#   (h) mails decided per second by 1, 2 and 4 referee workers on one
#       PostgreSQL store, and the speed-up (bench/workers.sh).
# The peer needs node and npm: bench/node_modules is installed here (npm
# ci, from bench/package-lock.json) and nowhere else; without node the
# peer's lines say skipped.
set -eu
top=$(pwd)
bin=$top/stackref
data=${STACKREF_DATA:-$top/../shared/data/pdn}
sizes=${BENCH_MB:-50 100 200}
runs=${BENCH_RUNS:-200}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/stackref-bench.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
[ -x "$bin" ] || { echo "bench: no ./stackref: run \`make bench\`" >&2; exit 1; }

now() { date +%s%N; }             # nanoseconds (GNU date)
# ratio A B [DIGITS]: A/B as a decimal.
ratio() { awk -v a="$1" -v b="$2" -v d="${3:-2}" \
    'BEGIN { printf "%.*f", d, (b > 0 ? a / b : 0) }'; }
# field N LINE: the Nth blank-separated word of LINE.
field() { echo "$2" | awk -v n="$1" '{ print $n }'; }

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

# mark FILE: notes the CPU time of this shell's finished children so far
# in FILE (`times`, a builtin: nothing is forked, so nothing is counted
# that the figures should not hold).  cpu_since A B sets $cpuns to the
# user + system time between marks A and B, in ns (the last line of
# `times` is "0mU.UUUs 0mS.SSSs").  Not through $(...): a subshell's
# children start at zero.
mark() { times >"$1"; }
cpu_since() {
	cpuns=$(tail -q -n 1 "$1" "$2" | awk '{ t = 0
	    for (i = 1; i <= 2; i++) { split($i, a, /[ms]/); t += a[1] * 60 + a[2] }
	    v[NR] = t } END { printf "%.0f", (v[2] - v[1]) * 1e9 }')
}

# repeat N ERR CMD...: runs CMD N times, one after the other, its
# standard output thrown away and its standard error appended to the file
# ERR, and prints "WALL CPU STATUS": the wall time of the N runs and the
# user + system time of their processes (wait4, to the microsecond: the
# shell's `times` counts clock ticks of 10 ms) in ns, and the last exit
# status.  A helper built here.
cat >"$tmp/repeat.c" <<'EOF'
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
static long long ns(struct timeval t)
{
	return t.tv_sec * 1000000000LL + t.tv_usec * 1000LL;
}
int main(int argc, char **argv)
{
	struct timespec t0, t1;
	struct rusage ru;
	long long cpu = 0;
	long i, n = argc > 3 ? atol(argv[1]) : 0;
	int st = 0, fd = open("/dev/null", O_RDWR), err;
	pid_t pid;

	err = open(argv[2], O_WRONLY | O_CREAT | O_APPEND, 0644);
	if (fd < 0 || err < 0)
		return 1;

	clock_gettime(CLOCK_MONOTONIC, &t0);
	for (i = 0; i < n; i++) {
		if ((pid = fork()) == 0) {
			dup2(fd, 0), dup2(fd, 1), dup2(err, 2);
			execvp(argv[3], argv + 3);
			_exit(127);
		}
		if (pid < 0 || wait4(pid, &st, 0, &ru) < 0)
			return 1;
		cpu += ns(ru.ru_utime) + ns(ru.ru_stime);
	}
	clock_gettime(CLOCK_MONOTONIC, &t1);
	printf("%lld %lld %d\n", (t1.tv_sec - t0.tv_sec) * 1000000000LL +
	    (t1.tv_nsec - t0.tv_nsec), cpu, WIFEXITED(st) ? WEXITSTATUS(st) : -1);
	return 0;
}
EOF
${CC:-cc} -O2 -o "$tmp/repeat" "$tmp/repeat.c" ||
    { echo "bench: cannot build the helper $tmp/repeat.c" >&2; exit 1; }

# best3 CMD...: runs CMD 3 times (output discarded) and sets $best to the
# shortest wall time in ns, $bestcpu to the smallest CPU time (user +
# system) in ns, and $st to the last exit status.  On a loaded machine
# the CPU time is the steadier figure.
best3() {
	best=0 bestcpu=0
	for try in 1 2 3; do
		: >"$tmp/err"
		out=$("$tmp/repeat" 1 "$tmp/err" "$@")
		dt=$(field 1 "$out") dc=$(field 2 "$out") st=$(field 3 "$out")
		[ $best -eq 0 ] || [ $dt -lt $best ] && best=$dt
		[ $bestcpu -eq 0 ] || [ $dc -lt $bestcpu ] && bestcpu=$dc
	done
	[ $st -eq 0 ] || echo "  (exit status $st: $(head -n 1 "$tmp/err"))"
}

echo "stackref bench, $(date -u '+%Y-%m-%d %H:%M UTC')"
echo "machine: $(uname -sm), $(nproc) CPUs," \
    "$(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -n 1)," \
    "load average $(cut -d ' ' -f 1-3 /proc/loadavg)"
echo "stackref: $(git -C "$top" describe --always --dirty 2>/dev/null || echo '?'), CFLAGS from .buildflags: $(cat "$top/.buildflags" 2>/dev/null)"

# The peer: rapid-draughts under node, installed into bench/node_modules
# from the lock file (the only place npm runs).
peer=""
if command -v node >/dev/null && command -v npm >/dev/null; then
	if [ -d bench/node_modules/rapid-draughts ] ||
	    (cd bench && npm ci --no-audit --no-fund >"$tmp/npm" 2>&1); then
		peer="node $top/bench/rapid.js"
		echo "peer: rapid-draughts $(sed -n 's/.*"version": "\(.*\)".*/\1/p' \
		    bench/node_modules/rapid-draughts/package.json), node $(node --version)"
	else
		echo "peer: skipped, npm ci failed: $(tail -n 1 "$tmp/npm")"
	fi
else
	echo "peer: skipped, no node and npm"
fi

echo
echo "== (a) perft, best of 3 runs each"
perft10="" perft11="" perftc10="" perftc11="" perftc12=""
if [ -x bench/perft ]; then
	bench/perft -r 3 | tee "$tmp/perft" || echo "bench/perft failed"
	perft10=$(awk '$1 == "checkers" && $4 == 10 { print $9 }' "$tmp/perft")
	perft11=$(awk '$1 == "checkers" && $4 == 11 { print $9 }' "$tmp/perft")
	perftc10=$(awk '$1 == "checkers" && $4 == 10 { print $13 }' "$tmp/perft")
	perftc11=$(awk '$1 == "checkers" && $4 == 11 { print $13 }' "$tmp/perft")
	perftc12=$(awk '$1 == "checkers" && $4 == 12 { print $13 }' "$tmp/perft")
else
	echo "bench/perft not built"
fi
rperft10="" rperft11="" rperftc10="" rperftc11=""
if [ -n "$peer" ]; then
	# The peer's depth 11 takes about 40 s: depth 10 best of 2, 11 once.
	$peer perft 10 10 11 | tee "$tmp/rperft"
	rperft10=$(awk '$4 == 10 { if ($9 > b) b = $9 } END { print b }' \
	    "$tmp/rperft")
	rperft11=$(awk '$4 == 11 { print $9 }' "$tmp/rperft")
	rperftc10=$(awk '$4 == 10 { if ($12 > b) b = $12 } END { print b }' \
	    "$tmp/rperft")
	rperftc11=$(awk '$4 == 11 { print $12 }' "$tmp/rperft")
	awk '{ n[$4] = $5 } END {
	    ok = n[10] == 18391564 && n[11] == 85242128
	    print "rapid-draughts counts " (ok ? "agree with" : "DIFFER FROM") \
	        " the published table (depth 10: 18391564, 11: 85242128)" }' \
	    "$tmp/rperft"
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
		for (i = 1; i <= NF; i++)
			if ($i ~ /^[a-lA-L]?[0-9]+[-x:][a-lA-L]?[0-9]+/ &&
			    $i !~ /^(1-0|0-1|2-0|0-2|1-1|0-0)$/) plies++
		sub(/ (1-0|0-1|1\/2-1\/2|\*)[ \t]*$/, " *")
		open = open $0 "\n"
	}
	END { flush() }' "$1"
}

# keep FILE LIST LINE: when check accepts the game of FILE without a
# word, prints it and a blank line, and appends LINE to the file LIST.
keep() {
	"$bin" check -q "$1" >/dev/null 2>"$tmp/warn" &&
	    [ ! -s "$tmp/warn" ] || return 0
	cat "$1"
	printf '\n'
	echo "$3" >>"$2"
}

echo
echo "== (b) stackref check -q on archives"
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
# Only the games stackref accepts without a word, so that every game is
# replayed to its end (and the peer is given no game stackref reads only
# with a warning: an ambiguous capture read by the moves after it), and
# only those with at least one move: the problem files hold hundreds of
# set-up positions whose solution is a comment, which would count as
# games replayed in no time.  "N PLIES FILE" of each game goes to
# $tmp/accepted.
mkdir "$tmp/g"
k=0 total=0 empty=0
: >"$tmp/accepted"
for f in $files; do
	k=$((k + 1))
	split "$f" "$tmp/g/$k" >"$tmp/list"
	while read -r n p; do
		total=$((total + 1))
		[ "$p" -gt 0 ] || { empty=$((empty + 1)); continue; }
		keep "$tmp/g/$k.$n.pdn" "$tmp/accepted" "$k.$n $p ${f##*/}"
	done <"$tmp/list"
done >"$tmp/one.pdn"
games1=$(wc -l <"$tmp/accepted")
size1=$(wc -c <"$tmp/one.pdn")
plies1=$(awk '{ s += $2 } END { print s + 0 }' "$tmp/accepted")
echo "games: $games1 of the $total games of$(for f in $files; do
    printf ' %s' "${f##*/}"; done) are accepted by stackref check" \
    "($plies1 plies, $size1 bytes); $empty without a move left out"
if [ "$games1" -eq 0 ]; then
	echo "skipped: no game accepted"
	exit 0
fi
gps="" mbps="" gpscpu="" first=""
for mb in $sizes; do
	reps=$(( (mb * 1000000 + size1 - 1) / size1 ))
	i=0
	while [ $i -lt $reps ]; do cat "$tmp/one.pdn"; i=$((i + 1)); done \
	    >"$tmp/archive.pdn"
	bytes=$(wc -c <"$tmp/archive.pdn")
	games=$((games1 * reps)) plies=$((plies1 * reps))
	best3 "$bin" check -q "$tmp/archive.pdn"
	g=$(ratio "$((games * 1000000000))" "$best" 0)
	p=$(ratio "$((plies * 1000000000))" "$best" 0)
	m=$(ratio "$((bytes * 1000))" "$best" 1)
	gc=$(ratio "$((games * 1000000000))" "$bestcpu" 0)
	pc=$(ratio "$((plies * 1000000000))" "$bestcpu" 0)
	mc=$(ratio "$((bytes * 1000))" "$bestcpu" 1)
	r=$(rss "$bin" check -q "$tmp/archive.pdn")
	echo "$(ratio "$bytes" 1000000 1) MB, $games games, $plies plies" \
	    "($reps copies): $(ratio "$best" 1000000000 3) s, $g games/s," \
	    "$p plies/s, $m MB/s (CPU $(ratio "$bestcpu" 1000000000 3) s:" \
	    "$gc games/s, $pc plies/s, $mc MB/s), peak RSS $r kB"
	[ "$mb" = "${BENCH_ARCHIVE_MB:-100}" ] &&
	    cp "$tmp/archive.pdn" "$tmp/filters.pdn"
	# The first (smallest) archive is the one the peer replays too, and
	# the one split in (d).
	if [ -z "$first" ]; then
		first=$mb gps=$g mbps=$m pps=$p gpscpu=$gc ppscpu=$pc
		mbpscpu=$mc rss1=$r
		mv "$tmp/archive.pdn" "$tmp/first.pdn"
	fi
	rm -f "$tmp/archive.pdn"
done
rgps="" rmbps="" rpps="" rgpscpu="" rppscpu="" rmbpscpu="" rrss=""
if [ -n "$peer" ]; then
	# One run: about 1 MB/s, so 40 s or more for the smallest archive.
	mark "$tmp/c0"
	$peer check "$tmp/first.pdn" >"$tmp/line" || :
	mark "$tmp/c1"
	cpu_since "$tmp/c0" "$tmp/c1"
	line=$(cat "$tmp/line")
	echo "$line (CPU of the whole node process: $(ratio "$cpuns" \
	    1000000000 3) s)"
	rrss=$(rss $peer check "$tmp/first.pdn")
	echo "  (the $first MB archive, timed inside node; peak RSS $rrss kB)"
	rgps=$(field 15 "$line") rmbps=$(field 17 "$line")
	rpps=$(ratio "$(field 9 "$line")" "$(field 13 "$line")" 0)
	rgpscpu=$(ratio "$(($(field 3 "$line") * 1000000000))" "$cpuns" 0)
	rppscpu=$(ratio "$(($(field 9 "$line") * 1000000000))" "$cpuns" 0)
	rmbpscpu=$(ratio "$(($(wc -c <"$tmp/first.pdn") * 1000))" "$cpuns" 1)
fi

echo
echo "== (b2) stackref check -q on archives of international and Russian games"
# draughts TYPE: the games of the real archives that
# tests/data/draughts_real/expected reads as PDN GameType TYPE, each
# with its GameType tag (added where the file has none), with a move,
# that check accepts without a word, repeated to the first of BENCH_MB;
# best of 3 of check -q over it; prints its figures and sets $dgps
# (games/s) and $dgpscpu.
draughts() {
	real=$top/../shared/data/real
	dgps="" dgpscpu=""
	rm -rf "$tmp/d" && mkdir "$tmp/d"
	: >"$tmp/d/accepted"
	k=0
	for f in $(awk -v t="$1" '$1 == "file" && $3 == t { print $2 }' \
	    "$top/tests/data/draughts_real/expected"); do
		[ -f "$real/$f" ] || continue
		k=$((k + 1))
		split "$real/$f" "$tmp/d/$k" >"$tmp/d/list"
		while read -r n p; do
			[ "${p:-0}" -gt 0 ] || continue
			g=$tmp/d/$k.$n.pdn
			grep -q '^\[GameType ' "$g" ||
			    printf '[GameType "%s"]\n' "$1" | cat - "$g" >"$g.t"
			[ -f "$g.t" ] && mv "$g.t" "$g"
			keep "$g" "$tmp/d/accepted" "$p"
		done <"$tmp/d/list"
	done >"$tmp/d/one.pdn"
	dgames1=$(wc -l <"$tmp/d/accepted")
	[ "$dgames1" -gt 0 ] || { echo "GameType $1: no game accepted"; return; }
	dsize1=$(wc -c <"$tmp/d/one.pdn")
	dplies1=$(awk '{ s += $1 } END { print s + 0 }' "$tmp/d/accepted")
	mb=${sizes%% *}
	reps=$(( (mb * 1000000 + dsize1 - 1) / dsize1 ))
	i=0
	while [ $i -lt $reps ]; do cat "$tmp/d/one.pdn"; i=$((i + 1)); done \
	    >"$tmp/d/archive.pdn"
	games=$((dgames1 * reps)) plies=$((dplies1 * reps))
	best3 "$bin" check -q "$tmp/d/archive.pdn"
	dgps=$(ratio "$((games * 1000000000))" "$best" 0)
	dgpscpu=$(ratio "$((games * 1000000000))" "$bestcpu" 0)
	echo "GameType $1: $dgames1 games accepted ($dplies1 plies)," \
	    "$(ratio "$(wc -c <"$tmp/d/archive.pdn")" 1000000 1) MB" \
	    "($reps copies), $games games: $(ratio "$best" 1000000000 3) s," \
	    "$dgps games/s, $(ratio "$((plies * 1000000000))" "$best" 0)" \
	    "plies/s (CPU $dgpscpu games/s)"
	rm -rf "$tmp/d"
}
draughts 20
igps=$dgps igpscpu=$dgpscpu
draughts 25
rugps=$dgps rugpscpu=$dgpscpu

echo
echo "== (c) latency of one run (whole process), best of 5 batches of" \
    "$((runs / 5)) runs"
# latency LABEL CMD...: CMD's wall and CPU time per run, run once and then
# in 5 batches of $runs / 5 (repeat): the best batch of each; sets $ms and
# $mscpu (ms per run) and prints them, with their ratio to the floor when
# it is measured, and CMD's exit status.
latency() {
	label=$1; shift
	n=$((runs / 5)) bw=0 bc=0
	"$tmp/repeat" 1 /dev/null "$@" >/dev/null
	for batch in 1 2 3 4 5; do
		out=$("$tmp/repeat" "$n" /dev/null "$@")
		w=$(field 1 "$out") c=$(field 2 "$out") st=$(field 3 "$out")
		[ "$bw" -eq 0 ] || [ "$w" -lt "$bw" ] && bw=$w
		[ "$bc" -eq 0 ] || [ "$c" -lt "$bc" ] && bc=$c
	done
	ms=$(ratio "$bw" "$((n * 1000000))" 3)
	mscpu=$(ratio "$bc" "$((n * 1000000))" 3)
	echo "$label: $ms ms (CPU $mscpu ms${floor:+, $(ratio "$mscpu" \
	    "$floor" 2) x the floor}; status $st)"
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
# The startup floor: a C program that does nothing, linked as stackref is
# (dynamically, against the C library alone), built with the same
# compiler: exec, the dynamic loader and the C library's start.
floor=""
printf 'int main(void) { return 0; }\n' >"$tmp/floor.c"
${CC:-cc} -O2 -o "$tmp/floor" "$tmp/floor.c"
latency "the startup floor: a C program that does nothing" "$tmp/floor"
ms_floor=$ms floor=$mscpu
latency "move -n $move after $plies plies (a game of $name)" \
    "$bin" move -n "$game" "$move"
ms_moven=$ms cpu_moven=$mscpu
latency "move -o OUT $move (validated, written, fsync'd)" \
    "$bin" move -o "$tmp/out.pdn" "$game" "$move"
ms_move=$ms cpu_move=$mscpu
latency "check of that one game" "$bin" check "$game"
ms_check=$ms cpu_check=$mscpu
latency "show --format svg of that game" "$bin" show --format svg "$game"
cpu_svg=$mscpu
latency "convert --to xml of that game" "$bin" convert --to xml "$game"
cpu_xml=$mscpu
echo "libraries loaded: stackref $(ldd "$bin" 2>/dev/null | grep -c '=>')" \
    "(the modules, only when a command needs one: $(for m in "$top"/stackref-*.so; do
    printf '%s %s, ' "${m##*/}" "$(ldd "$m" 2>/dev/null | grep -c '=>')"; done |
    sed 's/, $//'))"
rms="" rcpu="" rms_in=""
if [ -n "$peer" ]; then
	save=$runs
	runs=$((runs / 4 + 1))
	latency "rapid-draughts check of that game, node's start included" \
	    "$(command -v node)" "$top/bench/rapid.js" check "$game"
	rms=$ms rcpu=$mscpu
	runs=$save
	line=$($peer latency "$game" 2000)
	echo "$line"
	rms_in=$(field 7 "$line")
	# stackref in the same way: the replay alone, no process start.  Not
	# measurable from outside; check of 2000 copies in one process is.
	i=0
	while [ $i -lt 2000 ]; do cat "$game"; echo; i=$((i + 1)); done \
	    >"$tmp/copies.pdn"
	best3 "$bin" check -q "$tmp/copies.pdn"
	sms_in=$(ratio "$best" 2000000000 3)
	echo "stackref in-process check of one game (2000 copies, one" \
	    "process, best of 3): $sms_in ms"
fi

echo
echo "== (d) scaling: the $first MB archive in parts of 1,000 games," \
    "check -q of each through xargs, best of 3"
# The recipe of bench/README (Scaling), as it is written there.
mkdir "$tmp/parts"
(cd "$tmp/parts" &&
    awk '/^\[/ && !tag { if (n++ % 1000 == 0) { close(f)
            f = sprintf("part.%05d.pdn", n / 1000) } }
         { tag = /^\[/; print > f }' "$tmp/first.pdn")
nparts=$(ls "$tmp/parts" | wc -l)
cpus=$(nproc)
# parts P: check -q of every part, P processes at a time.
parts() {
	best3 sh -c 'cd "$1" && ls part.*.pdn | xargs -P "$2" -n 1 "$3" check -q' \
	    sh "$tmp/parts" "$1" "$bin"
	echo "xargs -P $1: $(ratio "$best" 1000000000 3) s," \
	    "$(ratio "$((games1 * reps1 * 1000000000))" "$best" 0) games/s" \
	    "(CPU $(ratio "$bestcpu" 1000000000 3) s in all)"
}
reps1=$(( (first * 1000000 + size1 - 1) / size1 ))
echo "$nparts parts of $(ratio "$(wc -c <"$tmp/first.pdn")" 1000000 1) MB;" \
    "$cpus CPUs (nproc), load average $(cut -d ' ' -f 1-3 /proc/loadavg)"
parts 1
scale1=$best
parts "$cpus"
speedup=$(ratio "$scale1" "$best" 2)
echo "speed-up of -P $cpus over -P 1: $speedup (wall)"
rm -rf "$tmp/parts" "$tmp/first.pdn"

echo
echo "== (e) summary: figure, target, peer (rapid-draughts), ratio"
# row LABEL OURS UNIT TARGET PEER HIGHER: one line; HIGHER is 1 when more
# is better (rates), 0 when less is better (times).
row() {
	awk -v l="$1" -v o="$2" -v u="$3" -v t="$4" -v p="$5" -v h="$6" 'BEGIN {
	    if (o == "") { printf "%-36s not measured\n", l; exit }
	    tr = t == "" ? "" : sprintf("%.2f x target", h ? o / t : t / o)
	    pr = p == "" ? "" : sprintf("peer %s: %.1f x", p, h ? o / p : p / o)
	    printf "%-36s %12s %-8s target %-9s %-17s %s\n", l, o, u, \
	        (t == "" ? "-" : t), tr, pr }'
}
row "checkers perft 10" "$perft10" nodes/s 150000000 "$rperft10" 1
row "checkers perft 11" "$perft11" nodes/s 150000000 "$rperft11" 1
row "checkers perft 10, CPU" "$perftc10" nodes/s 150000000 "$rperftc10" 1
row "checkers perft 11, CPU" "$perftc11" nodes/s 150000000 "$rperftc11" 1
row "checkers perft 12, CPU" "$perftc12" nodes/s 150000000 "" 1
row "archive check ($first MB)" "$gps" games/s 100000 "$rgps" 1
row "archive check ($first MB)" "$pps" plies/s "" "$rpps" 1
row "archive check ($first MB)" "$mbps" MB/s "" "$rmbps" 1
row "archive check ($first MB), CPU" "$gpscpu" games/s 100000 "$rgpscpu" 1
row "archive check ($first MB), CPU" "$ppscpu" plies/s "" "$rppscpu" 1
row "archive check ($first MB), CPU" "$mbpscpu" MB/s "" "$rmbpscpu" 1
row "archive check ($first MB), peak RSS" "$rss1" kB "" "$rrss" 0
row "international archive check" "$igps" games/s 50000 "" 1
row "international archive check, CPU" "$igpscpu" games/s 50000 "" 1
row "Russian archive check" "$rugps" games/s "" "" 1
row "Russian archive check, CPU" "$rugpscpu" games/s "" "" 1
# The deepest count of each game bench/perft prints, CPU nodes/s; the
# target of the draughts' is a third of checkers'.
perftcpu() { awk -v g="$1" '$1 == g && match($0, /\(CPU [0-9]+/) {
    v = substr($0, RSTART + 5, RLENGTH - 5) } END { print v }' \
    "$tmp/perft" 2>/dev/null; }
third=$(ratio "${perftc12:-0}" 3 0)
row "international perft, CPU" "$(perftcpu international)" nodes/s \
    "$third" "" 1
row "Russian perft, CPU" "$(perftcpu russian)" nodes/s "$third" "" 1
row "startup floor (whole process)" "${ms_floor:-}" ms "" "" 0
row "startup floor, CPU" "${floor:-}" ms "" "" 0
row "move -n (whole process)" "$ms_moven" ms 1 "" 0
row "move -n, CPU" "$cpu_moven" ms 1 "" 0
row "move -o, written (whole process)" "$ms_move" ms 2 "" 0
row "move -o, written, CPU" "$cpu_move" ms 2 "" 0
row "check, one game (whole process)" "$ms_check" ms 1 "$rms" 0
row "check, one game, CPU" "$cpu_check" ms 1 "${rcpu:-}" 0
row "check, one game (in process)" "${sms_in:-}" ms "" "$rms_in" 0
row "show --format svg, CPU" "$cpu_svg" ms "" "" 0
row "convert --to xml, CPU" "$cpu_xml" ms "" "" 0
if [ -n "${floor:-}" ]; then
	echo "CPU over the floor: move -n $(ratio "$cpu_moven" "$floor" 2) x," \
	    "move -o $(ratio "$cpu_move" "$floor" 2) x," \
	    "check $(ratio "$cpu_check" "$floor" 2) x," \
	    "show --format svg $(ratio "$cpu_svg" "$floor" 2) x," \
	    "convert --to xml $(ratio "$cpu_xml" "$floor" 2) x"
fi
row "scaling, xargs -P $cpus over -P 1" "$speedup" x "$cpus" "" 1

echo
echo "== (f) archive filters on ${BENCH_ARCHIVE_MB:-100} MB, best of 3 runs each"
# filter LABEL CMD...: CMD's games/s on the archive beside check's.
filter() {
	label=$1; shift
	best3 "$@"
	fg=$(ratio "$((fgames * 1000000000))" "$best" 0)
	fc=$(ratio "$((fgames * 1000000000))" "$bestcpu" 0)
	echo "$label: $(ratio "$best" 1000000000 3) s, $fg games/s" \
	    "(CPU $fc games/s, $(ratio "$fc" "$checkcpu" 2) x check)," \
	    "peak RSS $(rss "$@") kB"
}
if [ -f "$tmp/filters.pdn" ]; then
	fgames=$(grep -c '^\[Event ' "$tmp/filters.pdn" || :)
	[ "$fgames" -gt 0 ] || fgames=$(awk '/^\[/ && !t { n++ } { t = /^\[/ } END { print n }' "$tmp/filters.pdn")
	best3 "$bin" check -q "$tmp/filters.pdn"
	checkcpu=$(ratio "$((fgames * 1000000000))" "$bestcpu" 0)
	echo "check -q: $(ratio "$best" 1000000000 3) s, $(ratio \
	    "$((fgames * 1000000000))" "$best" 0) games/s (CPU $checkcpu" \
	    "games/s), $fgames games"
	filter "search --fen W:WK1:BK32 (no match)" \
	    "$bin" search --fen W:WK1:BK32 "$tmp/filters.pdn"
	filter "search --material red=1,white=1" \
	    "$bin" search --material red=1,white=1 "$tmp/filters.pdn"
	filter "dups" "$bin" dups "$tmp/filters.pdn"
	filter "convert --dedupe" \
	    "$bin" convert --dedupe "$tmp/filters.pdn"
	rm -f "$tmp/filters.pdn"
else
	echo "skipped: no ${BENCH_ARCHIVE_MB:-100} MB archive in BENCH_MB"
fi
# Distinct games: the positions after 1 to 60 plies of the accepted
# games, each a record of its own (convert --at), so that every key is
# new; the peak RSS of dups over them, less that of check, per game.
i=1
while [ $i -le 60 ]; do
	# the games shorter than $i plies are left out (status 1)
	"$bin" convert --at $i "$tmp/one.pdn" 2>/dev/null || :
	i=$((i + 1))
done >"$tmp/distinct.pdn"
dn=$("$bin" dups "$tmp/distinct.pdn" | tail -n 1)
dgames=$(echo "$dn" | awk '{ print $1 - $3 }')
r_dups=$(rss "$bin" dups "$tmp/distinct.pdn")
r_check=$(rss "$bin" check -q "$tmp/distinct.pdn")
echo "dups memory: $dn, so $dgames distinct: peak RSS $r_dups kB," \
    "check $r_check kB: $(ratio "$(((r_dups - r_check) * 1024))" \
    "$dgames" 1) bytes per distinct game"

echo
bash "$top/bench/referee.sh" || echo "bench/referee.sh failed (status $?)"
# (h) mails decided per second by 1, 2 and 4 referee workers on one
# PostgreSQL store (bench/workers.sh)
echo
bash "$top/bench/workers.sh" || echo "bench/workers.sh failed (status $?)"
