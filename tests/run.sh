#!/bin/sh
# run.sh - run every test of stackref and print one summary line.
#
# Run from the top of the tree by `make check`, after stackref and every
# tests/unit/test_* binary are built.  Runs the cmocka unit tests (TAP
# output: `ok`, `not ok`, `# SKIP`), then every other tests/*.sh script
# but servers.sh (each prints `PASS: name`, `FAIL: name`, `SKIP: name
# (reason)` and free text).  A skip is allowed only when tests/skips names
# it (tests/README: valgrind.sh in make check); any other skip counts as a
# failure, named in the output, and so does a test that cannot run (each
# script fails when a program, ../shared/data or a server is missing).
# The tests run in as many lanes as CPUs (TEST_JOBS, default nproc),
# longest first by the seconds of the last run (tests/out/times); each
# test's line, in the usual order, gives the seconds it took.
# Shows the output of whatever failed and ends with exactly one line
#     N passed, N failed, N skipped
# Exit status 1 if anything failed or if nothing passed at all.
set -u
top=$(pwd)
PATH=$top:$PATH
export PATH
STACKREF=$top/stackref
export STACKREF
. "$top/tests/lib/common.sh"
skips=$top/tests/skips
[ -x "$STACKREF" ] || echo "run.sh: no ./stackref: run \`make check\`" >&2
limit=${TEST_TIMEOUT:-900}   # seconds one binary or script may take
tmp=$(mktemp -d "${TMPDIR:-/tmp}/stackref-run.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
trap 'kill 0 2>/dev/null; exit 130' INT TERM
passed=0 failed=0 skipped=0
# stray: the files of the tree git does not know and does not ignore;
# a test that leaves one behind (a file named 0 from a misplaced `> 0`,
# a lock, a scratch file) fails the run at its end.
stray() {
	[ -d "$top/.git" ] || [ -f "$top/.git" ] || return 0
	git -C "$top" status --porcelain --untracked-files=all 2>/dev/null |
	    sed -n 's/^?? //p' | sort
}
stray >"$tmp/stray.before"

# timed CMD...: runs CMD under timeout(1) (coreutils, Essential).
timed() {
	timeout "$limit" "$@"
}

# count LOG MODE: prints "pass fail skip" counted in LOG; MODE tap or lines.
count() {
	awk -v mode="$2" '
	mode == "tap" && /^1\.\.[0-9]+/ { plan += substr($1, 4) }
	mode == "tap" && /^(not )?ok [0-9]+.*# SKIP/ { s++; next }
	mode == "tap" && /^ok [0-9]+/ { p++ }
	mode == "tap" && /^not ok [0-9]+/ { f++ }
	mode == "lines" && /^PASS: / { p++ }
	mode == "lines" && /^FAIL: / { f++ }
	mode == "lines" && /^SKIP: / { s++ }
	END {
		if (mode == "tap" && p + f + s < plan) f += plan - (p + f + s)
		printf "%d %d %d\n", p, f, s
	}' "$1"
}

# report NAME LOG STATUS MODE SECONDS: adds LOG's counts to the totals and
# prints them with the seconds the test took; shows LOG
# but its passes when something failed.  A nonzero STATUS with no failure
# counted is a failure of its own (a crash, a timeout, a script that
# died), and so is a skip that tests/skips does not list.
report() {
	secs=$5
	set -- "$1" "$2" "$3" "$4" $(count "$2" "$4")
	p=$5 f=$6 s=$7
	for n in $(unlisted_skips "$skips" "$2"); do
		echo "FAIL: $1: skipped $n, which tests/skips does not list" >>"$2"
		echo "$1: unlisted skip $n" >>"$tmp/unlisted"
		f=$((f + 1)) s=$((s - 1))
	done
	if [ "$3" -ne 0 ] && [ "$f" -eq 0 ]; then
		echo "FAIL: $1 exited with status $3" >>"$2"
		f=1
	fi
	printf '%-24s %4d pass, %d fail, %d skip  %4d s\n' "$1" "$p" "$f" "$s" \
	    "$secs"
	if [ "$f" -ne 0 ]; then
		echo "---- output of $1 (passes left out) ----"
		grep -v '^PASS: \|^ok [0-9]' "$2"
		echo "---- end of $1 ----"
	fi
	passed=$((passed + p)) failed=$((failed + f)) skipped=$((skipped + s))
}

# The tests: one program per tests/unit/test_*.c (one not built is a
# failure), then every tests/*.sh but run.sh itself and servers.sh, which
# the mail tests use to start their servers.  Each runs into $tmp/N.log
# and leaves its exit status and seconds in $tmp/N.done.
jobs_list() {
	for src in tests/unit/test_*.c; do
		echo "unit ${src%.c}"
	done
	for t in tests/*.sh; do
		case $t in tests/run.sh | tests/servers.sh) continue ;; esac
		[ -f "$t" ] && echo "script $t"
	done
}

# run_job KIND PATH: runs one test.
run_job() {
	log=$tmp/${2##*/}.log
	started=$(date +%s)
	if [ "$1" = unit ] && [ -f "$2" ] && [ -x "$2" ]; then
		CMOCKA_MESSAGE_OUTPUT=TAP timed "./$2" >"$log" 2>&1 </dev/null
	elif [ "$1" = unit ]; then
		echo "FAIL: ${2#tests/} (not built: run \`make check\`)" >"$log"
		false
	else
		sh=sh
		head -n 1 "$2" | grep -q bash && sh=bash
		timed "$sh" "$2" >"$log" 2>&1 </dev/null
	fi
	status=$?
	echo "$status $(($(date +%s) - started))" >"$log.tmp"
	mv "$log.tmp" "${log%.log}.done"
}

# schedule TIMES: the names of the units lanes take, in order, each
# unit's tests in $tmp/unit.NAME: every test a unit of its own (the
# scripts that start servers too: servers.sh claims each instance's
# ports, so that they run side by side); longest first by the seconds
# TIMES gives ("NAME SECONDS" lines), a test it lacks counted long, so
# that it starts early.
schedule() {
	while read -r kind path; do
		unit=${path##*/}
		echo "$kind $path" >>"$tmp/unit.$unit"
		echo "$unit ${path#tests/}"
	done <"$tmp/jobs" | awk -v times="$1" '
	BEGIN { while ((getline l <times) > 0) { split(l, f, " "); s[f[1]] = f[2] } }
	!($1 in cost) { order[++n] = $1 }
	{ cost[$1] += ($2 in s) ? s[$2] : 1000 }
	END { for (i = 1; i <= n; i++) print cost[order[i]], i, order[i] }' |
	    sort -k1,1nr -k2,2n | cut -d' ' -f3
}

# lane: takes the next unit no lane has taken and runs its tests in
# order, until none is left.
lane() {
	while read -r unit; do
		mkdir "$tmp/taken.$unit" 2>/dev/null || continue
		while read -r kind path; do
			run_job "$kind" "$path"
		done <"$tmp/unit.$unit"
	done <"$tmp/order"
}

jobs_list >"$tmp/jobs"
times=$top/tests/out/times
schedule "$times" >"$tmp/order"
njobs=${TEST_JOBS:-$(nproc 2>/dev/null || echo 1)}
[ "$njobs" -ge 1 ] 2>/dev/null || njobs=1
i=0
while [ "$i" -lt "$njobs" ]; do
	lane &
	i=$((i + 1))
done
while read -r kind path; do
	done_file=$tmp/${path##*/}.done
	while [ ! -f "$done_file" ]; do sleep 1; done
	read -r status secs <"$done_file"
	mode=lines
	[ "$kind" = unit ] && [ -x "$path" ] && mode=tap
	report "${path#tests/}" "$tmp/${path##*/}.log" "$status" "$mode" "$secs"
	echo "${path#tests/} $secs" >>"$tmp/times"
done <"$tmp/jobs"
wait
mkdir -p "${times%/*}" 2>/dev/null && cp "$tmp/times" "$times" 2>/dev/null

[ -s "$tmp/unlisted" ] && cat "$tmp/unlisted"
stray | comm -13 "$tmp/stray.before" - >"$tmp/stray.after"
if [ -s "$tmp/stray.after" ]; then
	echo "FAIL: the tests left files in the tree:"
	sed 's/^/    /' "$tmp/stray.after"
	failed=$((failed + 1))
else
	passed=$((passed + 1))
fi
echo "$passed passed, $failed failed, $skipped skipped"
[ "$failed" -eq 0 ] && [ "$passed" -gt 0 ]
