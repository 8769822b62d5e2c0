#!/bin/sh
# man.sh - the man pages are clean and their examples run.
#
# 1. `mandoc -Tlint` on every man/*.[1-8]: PASS/FAIL per page (FAIL when
#    mandoc is missing: package mandoc).  A cross-reference to another
#    page of man/ is not a problem even though that page is not installed
#    yet, nor one to a system page this machine lacks (that depends on
#    the machine).
# 2. The EXAMPLES of every page (man/stackref.1 must have some): every
#    `.Bd -literal` block of that section holding `$ ` lines is one example.  Its `$ ` lines are shell
#    commands, run in order in one fresh scratch directory with stackref on
#    PATH; the lines after a command, up to the next `$ ` line or `.Ed`, are
#    its expected standard output and error together, compared exactly
#    after undoing mdoc escapes (\e \- \& \(em ...).  PASS/FAIL per block.
# Run from the top of the tree (tests/run.sh puts ./stackref on PATH).
set -u
top=$(pwd)
PATH=$top:$PATH
tmp=$(mktemp -d "${TMPDIR:-/tmp}/stackref-man.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
. "$top/tests/lib/common.sh"
need mandoc mandoc

# Lint each page.
for page in man/*.[1-8]; do
	[ -f "$page" ] || continue
	name=${page#man/}
	mandoc -Tlint "$page" 2>&1 | while IFS= read -r l; do
		# whether a cross-reference resolves depends on the manuals
		# this machine has installed (and its mandoc.db), not on the
		# page: our own pages must exist in man/, others are let be
		case $l in *"outdated mandoc.db lacks"*) continue ;; esac
		xr=${l##*referenced manual not found: Xr }
		xr=${xr% (*times)}
		if [ "$xr" != "$l" ]; then
			case $xr in
			stackref*) [ -f "man/${xr% *}.${xr#* }" ] && continue ;;
			*) continue ;;
			esac
		fi
		printf '%s\n' "$l"
	done >"$tmp/lint"
	if [ -s "$tmp/lint" ]; then
		echo "FAIL: lint $name"
		cat "$tmp/lint"
	else
		echo "PASS: lint $name"
	fi
done

# extract DIR PAGE: extracts the examples of PAGE: for block B and
# command C, B.C.cmd and B.C.exp; the list "B C LINE" goes to standard
# output.
extract() {
	awk -v dir="$1" '
	function unescape(s,    out, c, n, name) {
		out = ""
		while ((n = index(s, "\\")) > 0) {
			out = out substr(s, 1, n - 1)
			c = substr(s, n + 1, 1)
			s = substr(s, n + 2)
			if (c == "e") out = out "\\"
			else if (c == "-" || c == " " || c == "." || c == "\\") out = out c
			else if (c == "&") ;
			else if (c == "f") s = substr(s, 2)
			else if (c == "(") {
				name = substr(s, 1, 2); s = substr(s, 3)
				out = out (name in glyph ? glyph[name] : "\\(" name)
			} else out = out "\\" c
		}
		return out s
	}
	BEGIN {
		glyph["em"] = "\342\200\224"; glyph["en"] = "\342\200\223"
		glyph["mu"] = "\303\227"; glyph["aq"] = "\047"; glyph["dq"] = "\""
		glyph["ti"] = "~"; glyph["ha"] = "^"; glyph["ga"] = "`"
		glyph["lq"] = "\342\200\234"; glyph["rq"] = "\342\200\235"
	}
	/^\.Sh / { inex = ($2 == "EXAMPLES"); next }
	!inex { next }
	/^\.Bd[ \t]+-literal/ { inblock = 1; nb++; nc = 0; next }
	/^\.Ed/ { inblock = 0; next }
	!inblock || /^\.\\"/ { next }
	/^\$ / {
		nc++
		f = dir "/" nb "." nc
		print unescape(substr($0, 3)) >> (f ".cmd"); close(f ".cmd")
		printf "" >> (f ".exp"); close(f ".exp")
		print nb, nc, NR
		next
	}
	nc > 0 { print unescape($0) >> (f ".exp"); close(f ".exp") }
	' "$2"
}

# run_block PAGE B LINE: runs the commands of block B; PASS or FAIL.
run_block() {
	page=$1 b=$2 ok=1
	rm -rf "$tmp/scratch" && mkdir "$tmp/scratch" || return
	c=1
	while [ -f "$tmp/ex/$b.$c.cmd" ]; do
		cmd=$(cat "$tmp/ex/$b.$c.cmd")
		(cd "$tmp/scratch" && sh -c "$cmd") >"$tmp/out" 2>&1 </dev/null
		if ! diff -u "$tmp/ex/$b.$c.exp" "$tmp/out" >"$tmp/diff"; then
			[ $ok -eq 1 ] && echo "FAIL: man $page example $b (line $3)"
			ok=0
			echo "\$ $cmd"
			sed '1,2d' "$tmp/diff"
		fi
		c=$((c + 1))
	done
	[ $ok -eq 1 ] && echo "PASS: man $page example $b (line $3)"
}

if [ ! -f man/stackref.1 ]; then
	echo "FAIL: man stackref.1 examples (no man/stackref.1)"
	exit 0
fi
for path in man/*.[1-8]; do
	page=${path#man/}
	rm -rf "$tmp/ex" && mkdir "$tmp/ex" || exit 1
	extract "$tmp/ex" "$path" >"$tmp/list"
	awk '$2 == 1 { print $1, $3 }' "$tmp/list" >"$tmp/blocks"
	if [ ! -s "$tmp/blocks" ]; then
		[ "$page" = stackref.1 ] &&
		    echo "FAIL: man stackref.1 examples (none found)"
		continue
	fi
	while read -r b line; do
		run_block "$page" "$b" "$line"
	done <"$tmp/blocks"
done
exit 0
