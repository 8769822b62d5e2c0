#!/bin/sh
# golden.sh - runs every case tests/golden/NAME/: its cmd (one shell line)
# in a scratch copy of the case directory with stackref on PATH, then
# compares standard output with out, standard error with err and the exit
# status with status.  Prints PASS: or FAIL: golden/NAME per case, with
# a diff -u after each failure.  FIXTURES names the repository's
# fixtures/ folder, so a case can use a fixture without a copy of it,
# and DATA the real archives of ../shared/data/pdn (the cases named
# archive-*: without that folder they fail).  GOLDEN_SHARD=K/N runs
# only the cases whose place in the list is K modulo N (K from 0), so
# that N processes share them (tests/valgrind.sh).
root=$(cd "$(dirname "$0")/.." && pwd)
bin=${STACKREF:-$root/stackref}
if [ ! -x "$bin" ]; then
	echo "FAIL: golden (no stackref binary at $bin)"
	exit 1
fi
bindir=$(mktemp -d) || exit 1
scratch=$(mktemp -d) || exit 1
trap 'rm -rf "$bindir" "$scratch"' EXIT
ln -s "$bin" "$bindir/stackref"
shard=${GOLDEN_SHARD:-0/1}
shard_k=${shard%/*} shard_n=${shard#*/} place=0
fails=0
for dir in "$root"/tests/golden/*/; do
	name=$(basename "$dir")
	[ -f "$dir/cmd" ] || continue
	place=$((place + 1))
	[ $(((place - 1) % shard_n)) -eq "$shard_k" ] || continue
	work=$scratch/$name
	rm -rf "$work"
	cp -R "$dir" "$work"
	rm -f "$work/out" "$work/err" "$work/status"
	(cd "$work" && PATH=$bindir:$PATH TZ=UTC LC_ALL=C \
	    FIXTURES=$root/fixtures DATA=$root/../shared/data/pdn \
	    sh -c "$(cat cmd)" >"$scratch/out" 2>"$scratch/err" </dev/null
	echo $? >"$scratch/status")
	ok=1
	for f in out err status; do
		want=$dir/$f
		[ -f "$want" ] || want=/dev/null
		if ! cmp -s "$want" "$scratch/$f"; then
			[ $ok = 1 ] && echo "FAIL: golden/$name"
			ok=0
			diff -u "$want" "$scratch/$f" |
			    sed "s|$scratch/$f|actual $f|"
		fi
	done
	if [ $ok = 1 ]; then
		echo "PASS: golden/$name"
	else
		fails=$((fails + 1))
	fi
done
[ $fails = 0 ]
