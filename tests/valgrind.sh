#!/bin/sh
# valgrind.sh - the command-line tests again, with every stackref run
# under valgrind: tests/golden.sh (every case), then tests/fixtures.sh
# and tests/data.sh, each given a wrapper as $STACKREF that runs
#     valgrind --error-exitcode=99 --leak-check=full
#         --errors-for-leak-kinds=definite,indirect ./stackref ARGS
# with valgrind's own report in a log file (tests/valgrind.supp: the
# fontconfig patterns pango keeps when librsvg draws a PNG are not
# counted), so that standard output,
# standard error and the exit status stay those of stackref and the
# scripts' comparisons still hold.  A memory error or a definite or
# indirect leak makes the run exit 99 and leaves a log: the case fails,
# with the log shown.  Prints PASS:/FAIL: valgrind/SCRIPT/NAME per case;
# A case the script skipped is a failure here (it did not run), and so is
# valgrind missing (package valgrind).  Exit status 1 when a case failed.
#   tests/valgrind.sh [SCRIPT...]   (default: golden fixtures data;
#   golden@K names the K-th share of golden's cases, GOLDEN_SHARDS of them)
# Any tests/SCRIPT.sh taking $STACKREF can be named: mail (3 min),
# referee (4.5 min) and race (RACE_ROUNDS=2 RACE_STACK_ROUNDS=1
# RACE_PROCS=6: 2 min) were clean too, but are left out of the default.
# It takes about 4.5 minutes (a second or so per run of stackref), too
# long for `make check`: there (STACKREF_VALGRIND unset) it only says
# SKIP (a skip that tests/skips lists); `make valgrind` runs it with
# STACKREF_VALGRIND=1, and so does CI.
root=$(cd "$(dirname "$0")/.." && pwd)
bin=${STACKREF:-$root/stackref}
if [ -z "${STACKREF_VALGRIND:-}" ]; then
	echo "SKIP: valgrind (slow: run by make valgrind)"
	exit 0
fi
. "$root/tests/lib/common.sh"
need valgrind valgrind valgrind
if [ ! -x "$bin" ]; then
	echo "FAIL: valgrind (no stackref binary at $bin)"
	exit 1
fi
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
# A copy, so that a rebuild of stackref meanwhile cannot disturb the run,
# with its modules beside it (src/base/module.h).
cp "$bin" "$tmp/stackref.real" || exit 1
cp "$(dirname "$bin")"/stackref-*.so "$tmp/" || exit 1
bin=$tmp/stackref.real

# wrapper SCRIPT: makes $tmp/SCRIPT/bin/stackref, which runs stackref
# under valgrind with its log in $tmp/SCRIPT/logs, named after the
# directory it runs in (golden.sh runs each case in a scratch directory
# named after the case) and the process id, so that a log can be tied to
# its case.  Each script has its own, so that the scripts can run at
# the same time.
wrapper() {
	mkdir -p "$tmp/$1/bin" "$tmp/$1/logs" || return 1
	cat >"$tmp/$1/bin/stackref" <<EOF
#!/bin/sh
exec valgrind --quiet --error-exitcode=99 --leak-check=full \\
    --suppressions="$root/tests/valgrind.supp" \\
    --errors-for-leak-kinds=definite,indirect \\
    --show-leak-kinds=definite,indirect --track-fds=no \\
    --log-file="$tmp/$1/logs/\${PWD##*/}.%p" "$bin" "\$@"
EOF
	chmod 755 "$tmp/$1/bin/stackref"
}

# logs_of SCRIPT CASE: the nonempty valgrind logs written while CASE ran.
logs_of() {
	for log in "$tmp/$1/logs/$2".*; do
		[ -s "$log" ] && echo "$log"
	done
}

# run SCRIPT: runs tests/SCRIPT.sh with its wrapper; a case passes when
# the script passed it and valgrind logged nothing for it.  golden@K is
# the K-th of the $shards shares of golden.sh's cases (GOLDEN_SHARD).
run() {
	script=${1%@*} sh=sh
	shard=
	[ "$script" != "$1" ] && shard=${1#*@}/$shards
	head -n 1 "$root/tests/$script.sh" | grep -q bash && sh=bash
	GOLDEN_SHARD=${shard:-0/1} STACKREF=$tmp/$1/bin/stackref \
	    $sh "$root/tests/$script.sh" >"$tmp/$1/out" 2>&1 </dev/null
	status=$?
	[ $status -ne 0 ] && ! grep -q '^FAIL: ' "$tmp/$1/out" &&
	    echo "FAIL: $1 (exited with status $status)" >>"$tmp/$1/out"
	while IFS= read -r line; do
		case $line in
		PASS:\ *)
			name=${line#PASS: }
			logs=$(logs_of "$1" "${name##*/}")
			if [ -z "$logs" ] || [ "$script" != golden ]; then
				echo "PASS: valgrind/$name"
			else
				echo "FAIL: valgrind/$name"
				cat $logs
			fi ;;
		FAIL:\ *)
			echo "FAIL: valgrind/${line#*: }" ;;
		SKIP:\ *)
			echo "FAIL: valgrind/${line#*: } (skipped: not run)" ;;
		*)
			echo "$line" ;;
		esac
	done <"$tmp/$1/out"
}

# others SCRIPT: scripts other than golden run stackref from one
# directory, so their logs cannot be tied to a case: any log at all
# fails the script.
others() {
	logs=$(for log in "$tmp/$1/logs"/*; do [ -s "$log" ] && echo "$log"; done)
	if [ -n "$logs" ]; then
		echo "FAIL: valgrind/$1 (valgrind reports)"
		cat $logs
	fi
}

# The scripts run at the same time (valgrind is slow, and each of its
# processes uses one CPU), each into its own report, shown in the order
# they were named.
# golden.sh's cases, the longest share, in GOLDEN_SHARDS processes
# (default 2), so that the CPUs stay busy to the end.
shards=${GOLDEN_SHARDS:-2}
if [ $# -eq 0 ]; then
	set -- fixtures data
	i=$shards
	while [ "$i" -gt 0 ]; do
		i=$((i - 1))
		set -- "golden@$i" "$@"
	done
fi
for s in "$@"; do
	wrapper "$s" || exit 1
	{
		start=$(date +%s)
		run "$s"
		[ "${s%@*}" = golden ] || others "$s"
		echo "valgrind: $s took $(($(date +%s) - start)) s"
	} >"$tmp/$s/report" &
done
wait
for s in "$@"; do cat "$tmp/$s/report"; done >"$tmp/report"
cat "$tmp/report"
echo "valgrind: $(grep -c '^PASS: ' "$tmp/report") passed," \
    "$(grep -c '^FAIL: ' "$tmp/report") failed"
! grep -q '^FAIL: ' "$tmp/report"
