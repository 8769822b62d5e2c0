#!/bin/sh
# man.sh - the man pages are clean and their examples run.
#
# 1. `mandoc -Tlint` on every man/*.[1-8]: PASS/FAIL per page (FAIL when
#    mandoc is missing: package mandoc).  A cross-reference to another
#    page of man/ is not a problem even though that page is not installed
#    yet, nor one to a system page this machine lacks (that depends on
#    the machine).  Then the rendered page's double quotes pair up
#    (no second opening quote before a closing one): PASS/FAIL per page.
# 2. The EXAMPLES of every page (man/stackref.1 must have some): every
#    `.Bd -literal` block of that section holding `$ ` lines is one example.  Its `$ ` lines are shell
#    commands, run in order in one fresh scratch directory with stackref on
#    PATH; the lines after a command, up to the next `$ ` line or `.Ed`, are
#    its expected standard output and error together, compared exactly
#    after undoing mdoc escapes (\e \- \& \(em ...).  PASS/FAIL per block.
# 3. The options of every command agree (PASS/FAIL per command): those
#    `stackref CMD --help` lists, those of its usage line, those of its
#    SYNOPSIS in the man pages (selection, filters and credentials
#    expanded as stackref(1) defines them) and those of its entry in
#    DESCRIPTION (which must match one of its SYNOPSIS forms); every
#    option of the help is documented (an `Fl` of some page) and taken
#    by the command (not "unknown option").
# 4. The diagnostics table (src/base/diag.h, diag.c) and the DIAGNOSTICS
#    of the pages agree: each entry `.It STATUS: MESSAGE` follows a line
#    `.\" DIAG_ID` naming the diagnostic it documents (an id may have
#    several entries: the texts it is given), and every diagnostic of
#    the table has an entry; an entry's STATUS is its diagnostic's, and
#    its MESSAGE is what the message format gives when each conversion
#    (%s, %lu, %d) is some text, such as a placeholder (MOVE, LIST), the
#    message after a "FILE: " if it says where.  PASS/FAIL, then a
#    self-test on a copy broken each way: a diagnostic added without an
#    entry, an entry whose diagnostic is gone, an entry's text changed.
# 5. Every game of the rules table (the known games that `stackref perft`
#    lists for an unknown one) is named in stackref(1)'s list of games
#    and in stackref-rules(7) (as `.Cm ID`), and in the README's list of
#    games: PASS/FAIL per game.
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
	# Quotes pair up in the rendered page: a second opening quote
	# before the closing one is a Dq swallowing the rest of its line.
	mandoc -Tutf8 "$page" 2>/dev/null | LC_ALL=C sed 's/.\x08//g' |
	LC_ALL=C awk -v name="$name" '
	{
		s = $0
		while (match(s, /\342\200[\234\235]/)) {
			q = substr(s, RSTART + 2, 1)
			if (q == "\234" && depth++ > 0)
				bad = bad sprintf(" line %d", NR)
			if (q == "\235" && depth-- <= 0) {
				bad = bad sprintf(" line %d", NR)
				depth = 0
			}
			s = substr(s, RSTART + 3)
		}
	}
	END {
		if (depth != 0) bad = bad " (one left open at the end)"
		if (bad == "") print "PASS: quotes " name
		else print "FAIL: quotes " name ": unbalanced at" bad
	}'
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

# synopsis_opts: "FORM CMD OPTION" lines, FORM "S<block>" for each
# SYNOPSIS form of CMD and "D<n>" for its entry in DESCRIPTION, from
# every page of man/.
synopsis_opts() {
	awk '
	function flush(    i, j, n, names, k) {
		if (nc > 0) {
			n = split(cmds, names, " ")
			for (i = 1; i <= n; i++)
				for (k in opt)
					print form, names[i], k
			if (nopt == 0)
				for (i = 1; i <= n; i++)
					print form, names[i], "-"
		}
		nc = 0; cmds = ""; nopt = 0; split("", opt)
	}
	function add(o) { opt[o] = 1; nopt++ }
	function words(line,    w, n, i, o) {
		sub(/^\./, "", line)
		n = split(line, w, /[ \t]+/)
		for (i = 1; i <= n; i++) {
			if (w[i] == "Fl" && i < n) {
				o = w[i + 1]
				add(o ~ /^-/ ? "-" o : "-" o)
			} else if (w[i] == "Ar" && i < n) {
				if (w[i + 1] == "selection") {
					add("--game"); add("--tag")
				} else if (w[i + 1] == "filters") {
					add("--fen"); add("--pattern")
					add("--empty"); add("--material")
				} else if (w[i + 1] == "credentials") {
					add("--user"); add("--password-file")
					add("--password-env"); add("--cacert")
					add("--starttls"); add("--timeout")
				}
			}
		}
	}
	function cmdnames(line,    w, n, i) {
		n = split(line, w, /[ \t|]+/)
		for (i = 2; i <= n; i++)
			if (w[i] ~ /^[a-z][-a-z]*$/ && w[i] != "Cm") {
				cmds = cmds " " w[i]; nc++
			}
	}
	FNR == 1 { flush(); sec = "" }
	/^\.Sh / { flush(); sec = $2; next }
	sec == "SYNOPSIS" && /^\.Nm/ { flush(); form = "S" FILENAME FNR; next }
	sec == "SYNOPSIS" && /^\.Cm / && nc == 0 && !/\.Cm help/ {
		cmdnames($0); next
	}
	sec == "SYNOPSIS" && /^where/ { flush(); next }
	sec == "SYNOPSIS" && nc > 0 { words($0); next }
	sec == "DESCRIPTION" && /^\.It Cm [a-z]/ {
		flush(); form = "D" FILENAME FNR
		line = $0; sub(/^\.It /, "", line)
		cmdnames(line " "); cmds = ""; nc = 0
		split(line, w, /[ \t]+/); cmds = " " w[2]; nc = 1
		words(line); flush(); next
	}
	sec == "DESCRIPTION" && /^\.It Xo/ { flush(); form = "D" FILENAME FNR; inxo = 1; next }
	inxo && /^\.Xc/ { flush(); inxo = 0; next }
	inxo && /^\.Cm / { cmdnames($0); next }
	inxo { words($0); next }
	END { flush() }
	' man/*.[1-8]
}

# help_opts CMD: the options its --help lists, one a line.
help_opts() {
	stackref "$1" --help | awk '/^  -/ {
		sub(/^  /, ""); sub(/  .*/, "")
		n = split($0, part, /, /)
		for (i = 1; i <= n; i++) {
			o = part[i]; sub(/[ \[=].*/, "", o); print o
		}
	}' | sort -u
}

# usage_opts CMD: the options of its usage line.
usage_opts() {
	stackref "$1" --help | head -n 1 |
	    grep -oE "(^|[][ |])--?[a-z#][-a-z]*" | sed 's/^[][ |]//' | sort -u
}

synopsis_opts >"$tmp/syn"
for c in $(stackref --help | awk '/^commands:/ { on = 1; next }
    on && /^  / { print $1 }'); do
	problems=
	help_opts "$c" | grep -vx -e -h -e --help >"$tmp/h"
	usage_opts "$c" >"$tmp/u"
	awk -v c="$c" '$2 == c && $1 ~ /^S/ && $3 != "-" { print $3 }' \
	    "$tmp/syn" | sort -u >"$tmp/s"
	for o in $(comm -23 "$tmp/u" "$tmp/h"); do
		problems="$problems; $o in the usage line, not in --help"
	done
	for o in $(comm -23 "$tmp/s" "$tmp/h"); do
		problems="$problems; $o in SYNOPSIS, not in --help"
	done
	[ "$c" = referee ] ||	# its SYNOPSIS is stackref-referee(8)
	for o in $(comm -3 "$tmp/s" "$tmp/u" | tr -d '\t'); do
		problems="$problems; $o in only one of SYNOPSIS and usage"
	done
	# the DESCRIPTION entry is one of the SYNOPSIS forms
	awk -v c="$c" '$2 == c { print $1, $3 }' "$tmp/syn" >"$tmp/forms"
	for d in $(awk '$1 ~ /^D/ { print $1 }' "$tmp/forms" | sort -u); do
		awk -v d="$d" '$1 == d && $2 != "-" { print $2 }' \
		    "$tmp/forms" | sort >"$tmp/d"
		[ -s "$tmp/d" ] || continue
		ok=0
		for f in $(awk '$1 ~ /^S/ { print $1 }' "$tmp/forms" | sort -u); do
			awk -v f="$f" '$1 == f && $2 != "-" { print $2 }' \
			    "$tmp/forms" | sort | cmp -s - "$tmp/d" && ok=1
		done
		[ $ok = 1 ] || problems="$problems; its DESCRIPTION entry"\
" ($(tr '\n' ' ' <"$tmp/d"| sed 's/ $//')) is none of its SYNOPSIS forms"
	done
	while read -r o; do
		mdoc=$(printf '%s' "$o" | sed 's/^-//')
		grep -qE "Fl $mdoc( |\$)" man/*.[1-8] ||
		    problems="$problems; $o undocumented"
		stackref "$c" "$o" </dev/null 2>&1 >/dev/null |
		    grep -q "unknown option" && problems="$problems; $o refused"
	done <"$tmp/h"
	if [ -n "$problems" ]; then
		echo "FAIL: man options $c${problems#;}" | sed 's/; */\n  /g' |
		    sed '1s/FAIL: man options \([^ ]*\)/&:/'
	else
		echo "PASS: man options $c"
	fi
done

# diagnostics DIR: each disagreement between the diagnostics table of
# DIR/src/base and the DIAGNOSTICS of DIR/man/*.[1-8] (4. above).
diagnostics() {
	awk '
	function literal(def,    out, i, c, inq) {   # the C strings of def
		out = ""
		for (i = 1; i <= length(def); i++) {
			c = substr(def, i, 1)
			if (c == "\"") inq = !inq
			else if (inq && c == "\\") out = out substr(def, ++i, 1)
			else if (inq) out = out c
		}
		return out
	}
	function pattern(f,    out, c) {   # a format as an ERE
		out = ""
		while (f != "")
			if (match(f, /^%[lz]?[cdsu]/)) {
				out = out ".+"; f = substr(f, RLENGTH + 1)
			} else {
				c = substr(f, 1, 1); f = substr(f, 2)
				out = out (index("\\^$.[]|()*+?{}", c) ? "\\" : "") c
			}
		return "^(.+: )?" out "$"
	}
	function entry(where, id, st, msg) {
		gsub(/\\&/, "", msg); gsub(/\\-/, "-", msg)
		if (id == "")
			print where ": names no diagnostic (.\\\" DIAG_ID before it)"
		else if (!(id in status))
			print where ": " id " is not in the diagnostics table"
		else {
			documented[id] = 1
			if (st != status[id])
				print where ": status " st ", " id " has " status[id]
			if (msg !~ pattern(format[id]))
				print where ": \"" msg "\" is not what " id \
				    " says (\"" format[id] "\")"
		}
	}
	FILENAME ~ /diag\.h$/ && $1 ~ /^STATUS_/ && $2 == "=" {
		code[$1] = $3 + 0; next
	}
	FILENAME ~ /diag\.h$/ && $1 == "#define" && $2 ~ /_MSG$/ {
		id = $2; sub(/_MSG$/, "", id); def = ""
	}
	FILENAME ~ /diag\.h$/ && id != "" {
		def = def $0
		if (!/\\$/) { format[id] = literal(def); id = "" }
		next
	}
	FILENAME ~ /diag\.c$/ && $1 ~ /^\[DIAG_/ && $4 ~ /^STATUS_/ {
		gsub(/[][]/, "", $1); sub(/,$/, "", $4)
		status[$1] = code[$4]; order[++n] = $1; next
	}
	FNR == 1 { sec = ""; named = "" }
	/^\.Sh / { sec = $2 }
	sec == "DIAGNOSTICS" && /^\.It [0-9]+: / {
		where = FILENAME; sub(/.*\/man\//, "man/", where)
		st = $2; sub(/:$/, "", st)
		entry(where ":" FNR, named, st, substr($0, length($2) + 6))
	}
	{ named = /^\.\\" DIAG_/ ? $2 : "" }
	END {
		for (i = 1; i <= n; i++)
			if (!(order[i] in documented))
				print order[i] ": no DIAGNOSTICS entry in man/"
	}' "$1/src/base/diag.h" "$1/src/base/diag.c" "$1"/man/*.[1-8]
}

problems=$(diagnostics .)
if [ -n "$problems" ]; then
	echo "FAIL: man diagnostics"
	printf '%s\n' "$problems" | sed 's/^/  /'
else
	echo "PASS: man diagnostics"
fi
# copy: a fresh copy of the table and the pages in $tmp/d, to break.
copy() {
	rm -rf "$tmp/d" && mkdir -p "$tmp/d/src/base" && cp -R man "$tmp/d/" &&
	    cp src/base/diag.h src/base/diag.c "$tmp/d/src/base/"
}
# broken NAME ID: PASS when the check of the broken copy names ID.
broken() {
	if diagnostics "$tmp/d" | grep -q "$2"; then
		echo "PASS: man diagnostics self-test/$1"
	else
		echo "FAIL: man diagnostics self-test/$1 (the check found nothing)"
	fi
}
copy
awk '{ print } /^static const struct diag_msg diag_table/ {
	print "\t[DIAG_ADDED] = { STATUS_USAGE, \"added\", DIAG_ADDED_MSG }," }' \
    src/base/diag.c >"$tmp/d/src/base/diag.c"
printf '#define DIAG_ADDED_MSG "added %%s"\n' >>"$tmp/d/src/base/diag.h"
broken undocumented DIAG_ADDED
copy
grep -v '^	\[DIAG_VARIANT\]' src/base/diag.c >"$tmp/d/src/base/diag.c"
broken gone DIAG_VARIANT
copy
sed 's/^\(\.It 1: illegal move MOVE; legal\) moves/\1/' man/stackref.1 \
    >"$tmp/d/man/stackref.1"
broken changed DIAG_ILLEGAL_MOVE

# The games of the rules table, one a line.
stackref perft no-such-game 1 2>&1 | sed -n 's/.*known games: //p' |
    tr -d ' ' | tr ',' '\n' >"$tmp/games"
[ -s "$tmp/games" ] || echo "FAIL: man games (stackref lists no game)"
while read -r g; do
	why=""
	for page in stackref.1 stackref-rules.7; do
		grep -qx "\.Cm $g\( [,.]\)\{0,1\}" "man/$page" ||
		    why="$why no .Cm $g in $page;"
	done
	sed -n '/^Games:/,/Written in C11/p' README | grep -qw -- "$g" ||
	    why="$why not in README's Games;"
	st=0
	[ -z "$why" ] || st=1
	result "man games/$g" $st "${why# }"
done <"$tmp/games"

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
