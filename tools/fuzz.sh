#!/bin/sh
# fuzz.sh - run libFuzzer targets for a bounded time (`make fuzz`).
#
#     tools/fuzz.sh DIR TARGET...
#
# Runs DIR/fuzz_TARGET (built by `make fuzz`) on the working corpus
# DIR/corpus/TARGET, seeded from tests/fuzz/corpus/TARGET (in git; never
# written) and the inputs that once found a bug, fixtures/fuzz/TARGET-*
# (copied in), for FUZZ_SECONDS seconds (default 60), FUZZ_JOBS targets
# at a time (default 2), with leak detection, a memory limit and a
# timeout per input.  Crashes, leaks and hangs are written to
# DIR/artifacts/; each target's output to DIR/TARGET.log.  Prints one
# line per target:
#     TARGET: N execs (E/s), cov C, ft F, corpus UNITS/BYTES, S s, ok|FAILED
# then the end of the log of each target that failed (the report), and
# exits 1 if any target failed.
set -u
[ $# -ge 2 ] || { echo "usage: tools/fuzz.sh DIR TARGET..." >&2; exit 2; }
dir=$1
shift
seconds=${FUZZ_SECONDS:-60}
jobs=${FUZZ_JOBS:-2}
mkdir -p "$dir/artifacts" || exit 1

# maxlen TARGET: the longest input worth trying.
maxlen() {
	case $1 in
	fen | move | pbem) echo 512 ;;
	authres) echo 4096 ;;
	mail | referee) echo 16384 ;;
	*) echo 8192 ;;
	esac
}

# run TARGET: one target's run; its status goes to DIR/TARGET.rc.
run() {
	mkdir -p "$dir/corpus/$1"
	for f in fixtures/fuzz/"$1"-*; do
		[ -f "$f" ] && cp "$f" "$dir/corpus/$1/"
	done
	start=$(date +%s)
	ASAN_OPTIONS=detect_leaks=1:allocator_may_return_null=1 \
	LSAN_OPTIONS=suppressions=tests/lsan.supp:print_suppressions=0 \
	UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
	    "$dir/fuzz_$1" -max_total_time="$seconds" \
	    -max_len="$(maxlen "$1")" -rss_limit_mb=2048 -timeout=10 \
	    -detect_leaks=1 -print_final_stats=1 \
	    -artifact_prefix="$dir/artifacts/$1-" \
	    "$dir/corpus/$1" "tests/fuzz/corpus/$1" >"$dir/$1.log" 2>&1
	echo "$? $(( $(date +%s) - start ))" >"$dir/$1.rc"
}

# summary TARGET: the line for TARGET from its log.
summary() {
	set -- "$1" $(cat "$dir/$1.rc")
	awk -v t="$1" -v rc="$2" -v s="$3" '
	/cov: [0-9]+ ft: [0-9]+/ {
		for (i = 1; i < NF; i++) {
			if ($i == "cov:") cov = $(i + 1)
			if ($i == "ft:") ft = $(i + 1)
			if ($i == "corp:") corp = $(i + 1)
		}
	}
	/^stat::number_of_executed_units:/ { execs = $2 }
	/^stat::average_exec_per_sec:/ { rate = $2 }
	END {
		printf "%s: %s execs (%s/s), cov %s, ft %s, corpus %s, %d s, %s\n",
		    t, execs == "" ? "?" : execs, rate == "" ? "?" : rate, cov,
		    ft, corp, s, rc == 0 ? "ok" : "FAILED (see " t ".log)"
	}' "$dir/$1.log"
}

set -- "$@"
targets=$*
while [ $# -gt 0 ]; do
	n=0
	while [ $# -gt 0 ] && [ "$n" -lt "$jobs" ]; do
		run "$1" &
		shift
		n=$((n + 1))
	done
	wait
done
failed=""
for t in $targets; do
	summary "$t"
	[ "$(cut -d' ' -f1 "$dir/$t.rc")" -eq 0 ] || failed="$failed $t"
done
for t in $failed; do
	echo "---- $dir/$t.log (its end) ----"
	tail -n 40 "$dir/$t.log"
done
[ -z "$failed" ]
