#!/bin/sh
# fuzz.sh - replay the fuzz targets' inputs without libFuzzer.
#
# Each fuzz target (tests/fuzz/fuzz_TARGET.c) is built by `make check` as
# a plain program, tests/fuzz/run_TARGET, that runs the target once on
# each file named.  This runs it on its seeds (tests/fuzz/corpus/TARGET)
# and on the inputs that once found a bug (fixtures/fuzz/TARGET-NAME):
# each must pass, that is, exit 0 without an invariant broken.  Under
# `make sanitize` the sanitizers watch too.
set -u
for run in tests/fuzz/run_*; do
	[ -x "$run" ] || continue
	t=${run##*/run_}
	for f in tests/fuzz/corpus/"$t"/* fixtures/fuzz/"$t"-*; do
		[ -f "$f" ] || continue
		case $f in
		fixtures/*) name="fuzz $t regression ${f##*/}" ;;
		*) name="fuzz $t seed ${f##*/}" ;;
		esac
		if out=$("$run" "$f" 2>&1); then
			echo "PASS: $name"
		else
			echo "FAIL: $name"
			printf '%s\n' "$out" | head -n 20
		fi
	done
done
# every target must have been built: one missing is a failure, not a skip
for src in tests/fuzz/fuzz_*.c; do
	t=${src#tests/fuzz/fuzz_} t=${t%.c}
	[ -x "tests/fuzz/run_$t" ] ||
	    echo "FAIL: fuzz $t (no tests/fuzz/run_$t: \`make check\` builds it)"
done
