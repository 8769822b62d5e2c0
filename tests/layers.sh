#!/bin/sh
# layers.sh - the dependency direction of ARCHITECTURE holds
# in the code:
#
#     main -> cmd -> referee -> game -> notation -> rules -> model
#     base (src/base/): a leaf anything may use; it uses nothing else
#     mail (mail/): for cmd and referee only; it uses only base
#     db (src/db/): for referee (and cmd) only; it uses only base
#
# A file may use its own layer, base, and the layers below it that the
# code needs (main only cmd), never one above or beside it.  Checked
# twice:
#   layers/includes      every #include "..." of src/, notation/ and mail/
#                        (an include names its layer: "rules/rules.h"),
#                        and every <...> that names a layer;
#   layers/private       headers behind an interface stay in their layer:
#                        rules/board32.h and rules/bb32.h (square styles
#                        and moves go through struct rules),
#                        notation/pdn.h, notation/xml.h and
#                        notation/html.h and notation/json.h (the notation
#                        table), notation/xmlguard.h (xml.c's),
#                        notation/jsonguard.h (jsonread.c's),
#                        referee/job.h, and db/driver.h (the drivers');
#   layers/libraries     each library's headers are included by its own
#                        files only: libcurl by mail/transport.c, libxml2
#                        by notation/xml.c, jansson by
#                        notation/jsonread.c, librsvg
#                        (and cairo, libpng, GLib, GIO, gdk-pixbuf) by
#                        notation/png.c, libcrypt and libcrypto by
#                        src/referee/hash.c, libsqlite3 by
#                        src/db/sqlite.c, libpq by src/db/pgsql.c (the
#                        code of the modules, src/base/module.h), and
#                        the dynamic loader (dlfcn.h) by
#                        src/base/module.c;
#   layers/library-symbols  and only those files call them (nm);
#   layers/symbols       the symbols each object file takes from the
#                        others (nm), so that a call declared by hand
#                        cannot point up either;
#   layers/no-circle     no two files use each other, directly or not;
#   layers/unique-names  no two library files share a base name (ar keeps
#                        one member per name);
#   layers/job-list      the files of src/referee/ that include job.h are
#                        those its list names;
#   layers/job-order     each of them takes symbols only from those
#                        before it in that list (nm);
#   layers/self-test/*   each check fails on a tree made to break it.
# Run from the top of the tree after a build.  Prints PASS:/FAIL: lines.
set -u
. tests/lib/common.sh
need nm binutils
tmp=$(mktemp -d "${TMPDIR:-/tmp}/stackref-layers.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT

# layer PATH: the layer a source file or an include path belongs to.
layer() {
	case $1 in
	src/main.c) echo main ;;
	src/base/* | base/*) echo base ;;
	src/db/* | db/*) echo db ;;
	src/model/* | model/*) echo model ;;
	src/rules/* | rules/*) echo rules ;;
	notation/*) echo notation ;;
	src/game/* | game/*) echo game ;;
	src/referee/* | referee/*) echo referee ;;
	src/cmd/* | cmd/*) echo cmd ;;
	mail/*) echo mail ;;
	*) echo unknown ;;
	esac
}

# The awk function both checks use: whether layer a may use layer b.
# Each layer may use its own and base/ (which uses no other), and those
# uses() names: the layers below it, narrowed to what the code needs.
allowed_awk='
function uses(a) {
	if (a == "main") return " cmd "
	if (a == "cmd") return " referee game notation rules model mail db "
	if (a == "referee") return " game notation rules model mail db "
	if (a == "game") return " notation rules model "
	if (a == "notation") return " rules model "
	if (a == "rules") return " model "
	return ""
}
function allowed(a, b) {
	if (a == "unknown" || b == "unknown")
		return 0
	if (a == b || b == "base")
		return 1
	return index(uses(a), " " b " ") > 0
}'

# sources DIR: the library and main sources under DIR, one per line.
sources() {
	(cd "$1" && find src notation mail -name '*.[ch]' ! -name '*-rng.h' |
	    sort)
}

# An include of ours, its path \2\3: "PATH", or <PATH> naming a layer
# (-Isrc -I. find it too).
ours='base|db|model|rules|notation|game|referee|cmd|mail'
include_re='^[ 	]*#[ 	]*include[ 	]*("([^"]*)"|<(('$ours')/[^>]*)>).*'

# includes DIR: "FILE FILELAYER INCLUDE INCLUDELAYER" per include of ours.
includes() {
	for f in $(sources "$1"); do
		sed -n -E "s,$include_re,\\2\\3,p" "$1/$f" | while read -r inc; do
			echo "$f $(layer "$f") $inc $(layer "$inc")"
		done
	done
}

# check_includes DIR: prints each include pointing the wrong way.
check_includes() {
	includes "$1" | awk "$allowed_awk"'
	!allowed($2, $4) { print $1 ": includes " $3 " (" $2 " may not use " $4 ")" }'
}

# check_private DIR: prints each private header used outside its room.
check_private() {
	includes "$1" | awk '
	($3 == "rules/board32.h" || $3 == "rules/bb32.h") &&
	    $1 !~ /^src\/rules\// ||
	($3 == "notation/pdn.h" || $3 == "notation/xml.h" ||
	    $3 == "notation/html.h" || $3 == "notation/json.h" ||
	    $3 == "notation/xmlguard.h" || $3 == "notation/jsonguard.h") &&
	    $1 !~ /^notation\// ||
	$3 == "referee/job.h" && $1 !~ /^src\/referee\// ||
	$3 == "db/driver.h" && $1 !~ /^src\/db\// {
		print $1 ": includes " $3 ", private to its layer"
	}'
}

# The awk function both library checks use: the library a header or a
# symbol belongs to ("" for none), and the files that may use it.
library_awk='
function library(name, kind) {
	if (kind == "header" && name ~ /^curl\// || kind == "symbol" && name ~ /^curl_/)
		return "libcurl"
	if (kind == "header" && name ~ /^libxml\// || kind == "symbol" && name ~ /^(xml|html)[A-Z]/)
		return "libxml2"
	if (kind == "header" && name ~ /^jansson/ ||
	    kind == "symbol" && name ~ /^jsonp?_/)
		return "jansson"
	if (kind == "header" && name ~ /^(librsvg|cairo|png\.h|glib|gio|gdk-pixbuf|gobject)/ ||
	    kind == "symbol" && name ~ /^(rsvg|cairo|g|gdk|pango|png)_/)
		return "librsvg"
	if (kind == "header" && name ~ /^openssl\// ||
	    kind == "symbol" && name ~ /^(EVP|OPENSSL|ERR|SHA[0-9]*)_/)
		return "libcrypto"
	if (kind == "header" && name == "crypt.h" ||
	    kind == "symbol" && name ~ /^crypt(_|$)/)
		return "libcrypt"
	if (kind == "header" && name == "sqlite3.h" ||
	    kind == "symbol" && name ~ /^sqlite3_/)
		return "libsqlite3"
	if (kind == "header" && name ~ /^(libpq-fe|libpq\/|pg_config)/ ||
	    kind == "symbol" && name ~ /^(PQ|pg_)[a-z]/)
		return "libpq"
	if (kind == "header" && name == "dlfcn.h" ||
	    kind == "symbol" && name ~ /^dl(open|sym|error|close|vsym)$/)
		return "libdl"
	return ""
}
function library_ok(lib, file) {
	if (lib == "libcurl")
		return file == "mail/transport.c"
	if (lib == "libxml2")
		return file == "notation/xml.c"
	if (lib == "jansson")
		return file == "notation/jsonread.c"
	if (lib == "librsvg")
		return file == "notation/png.c"
	if (lib == "libcrypto" || lib == "libcrypt")
		return file == "src/referee/hash.c"
	if (lib == "libsqlite3")
		return file == "src/db/sqlite.c"
	if (lib == "libpq")
		return file == "src/db/pgsql.c"
	if (lib == "libdl")
		return file == "src/base/module.c"
	return 1
}'

# library_misuse KIND VERB: reads "FILE NAME" lines (NAME a header or a
# symbol, as KIND says) and prints each use of a library outside its
# files.
library_misuse() {
	awk -v kind="$1" -v verb="$2" "$library_awk"'
	{ lib = library($2, kind) }
	lib != "" && !library_ok(lib, $1) { print $1 ": " verb " " $2 " (" lib ")" }'
}

# check_libraries DIR: each #include <...> of a library outside its files.
check_libraries() {
	for f in $(sources "$1"); do
		sed -n 's/^[ 	]*#[ 	]*include[ 	]*<\([^>]*\)>.*/\1/p' \
		    "$1/$f" | while read -r inc; do
			echo "$f $inc"
		done
	done | library_misuse header includes
}

# check_library_symbols OBJECT...: each call into a library from
# outside its files.
check_library_symbols() {
	for o in "$@"; do
		nm -P "$o" | awk -v f="${o%.o}.c" '$2 == "U" { print f, $1 }'
	done | library_misuse symbol calls
}

# edges OBJECT...: "FROM TO SYMBOL" for each symbol FROM takes from TO.
edges() {
	for o in "$@"; do
		nm -P "$o" | awk -v f="$o" '
		$2 ~ /^[TDRBCV]$/ { print "D", f, $1 }
		$2 == "U" { print "U", f, $1 }'
	done | awk '
	$1 == "D" { def[$3] = $2 }
	$1 == "U" { n++; uf[n] = $2; us[n] = $3 }
	END {
		for (i = 1; i <= n; i++)
			if ((us[i] in def) && def[us[i]] != uf[i])
				print uf[i], def[us[i]], us[i]
	}'
}

# check_symbols EDGES: each edge that points the wrong way, by layer.
check_symbols() {
	while read -r from to sym; do
		from=${from%.o}.c to=${to%.o}.c
		echo "$from $(layer "$from") $to $(layer "$to") $sym"
	done <"$1" | awk "$allowed_awk"'
	!allowed($2, $4) { print $1 ": uses " $5 " of " $3 " (" $2 " may not use " $4 ")" }'
}

# check_circles EDGES: each pair of files that use each other.
check_circles() {
	awk '{ r[$1 " " $2] = 1; n[$1] = 1; n[$2] = 1 }
	END {
		for (k in n) for (i in n) if (r[i " " k]) for (j in n)
			if (r[k " " j]) r[i " " j] = 1
		for (i in n) for (j in n)
			if (i < j && r[i " " j] && r[j " " i])
				print i " and " j " use each other"
	}' "$1"
}

# check_names DIR: library files sharing a base name.
check_names() {
	sources "$1" | grep '\.c$' | sed 's|.*/||' | sort | uniq -d |
	    sed 's/$/: two library files of this name/'
}

# job_files DIR: the files src/referee/job.h lists, in its order.
job_files() {
	sed -n '1,/\*\//s/^ \*   \([a-z0-9_]*\.c\) .*/\1/p' \
	    "$1/src/referee/job.h"
}

# check_job_list DIR: each file of src/referee/ that includes job.h but
# is not in its list, and each file of the list that is not there.
check_job_list() {
	list=" $(job_files "$1" | tr '\n' ' ') "
	for f in "$1"/src/referee/*.c; do
		grep -q '^[ 	]*#[ 	]*include[ 	]*"referee/job\.h"' "$f" &&
		    case $list in *" ${f##*/} "*) false ;; esac &&
		    echo "src/referee/${f##*/}: includes job.h, not in its list"
	done
	for f in $list; do
		[ -f "$1/src/referee/$f" ] ||
		    echo "src/referee/job.h: lists $f, which is not there"
	done
}

# check_job_order EDGES DIR: each symbol a file of job.h's list (in DIR)
# takes from one after it in the list.
check_job_order() {
	job_files "$2" | awk '
	NR == FNR { sub(/\.c$/, ".o"); pos["src/referee/" $0] = FNR; next }
	($1 in pos) && ($2 in pos) && pos[$1] < pos[$2] {
		sub(/\.o$/, ".c", $1); sub(/\.o$/, ".c", $2)
		print $1 ": uses " $3 " of " $2 ", after it in job.h"
	}' - "$1"
}

# verdict NAME OUTPUT: PASS when OUTPUT is empty, else FAIL with it.
verdict() {
	if [ -z "$2" ]; then
		echo "PASS: $1"
	else
		echo "FAIL: $1"
		echo "$2" | sed 's/^/    /'
	fi
}

# expect_fail NAME OUTPUT: the self-tests, the other way round.
expect_fail() {
	if [ -n "$2" ]; then
		echo "PASS: layers/self-test/$1"
	else
		echo "FAIL: layers/self-test/$1 (the check found nothing)"
	fi
}

# self_test_narrowed: the self-tests of mail/ and main's narrowed uses,
# of includes in <>, the private headers of rules/ and notation/, and
# job.h's list: one copy broken in several files, each test finding its
# own.
self_test_narrowed() {
	rm -rf "$t" && mkdir "$t" && cp -R src notation mail "$t/"
	printf '#include "mail/pbem.h"\n' >>"$t/src/model/model.c"
	printf '#include <mail/pbem.h>\n' >>"$t/src/rules/rules.c"
	printf '#include "game/play.h"\n' >>"$t/src/main.c"
	printf '#include "referee/referee.h"\n' >>"$t/src/db/db.h"
	printf '#include "db/db.h"\n' >>"$t/src/game/play.c"
	check_includes "$t" >"$tmp/found"
	expect_fail db-includes-referee "$(grep db.h "$tmp/found")"
	expect_fail game-includes-db "$(grep play.c "$tmp/found")"
	expect_fail model-includes-mail "$(grep model.c "$tmp/found")"
	expect_fail rules-includes-mail-in-angles "$(grep rules.c "$tmp/found")"
	expect_fail main-includes-game "$(grep main.c "$tmp/found")"
	printf '#include <sqlite3.h>\n' >>"$t/src/db/db.c"
	printf '#include <libpq-fe.h>\n' >>"$t/src/referee/state.c"
	check_libraries "$t" >"$tmp/found"
	expect_fail db-includes-sqlite3 "$(grep db.c "$tmp/found")"
	expect_fail state-includes-libpq "$(grep state.c "$tmp/found")"
	printf '#include "rules/bb32.h"\n' >>"$t/notation/fen.c"
	expect_fail fen-includes-bb32 "$(check_private "$t" | grep fen.c)"
	printf '#include "db/driver.h"\n' >>"$t/src/referee/store.c"
	expect_fail store-includes-driver \
	    "$(check_private "$t" | grep store.c)"
	printf '#include "referee/job.h"\n' >"$t/src/referee/extra.c"
	rm "$t/src/referee/help.c"
	check_job_list "$t" >"$tmp/found"
	expect_fail job-unlisted "$(grep extra.c "$tmp/found")"
	expect_fail job-lists-gone "$(grep help.c "$tmp/found")"
	printf 'src/game/play.o mail/pbem.o pbem_parse\n' >"$tmp/mail"
	expect_fail game-uses-mail "$(check_symbols "$tmp/mail")"
	printf 'src/referee/timing.o src/referee/decide.o ref_outcome_free\n' \
	    >"$tmp/order"
	expect_fail timing-uses-decide "$(check_job_order "$tmp/order" .)"
}

verdict layers/includes "$(check_includes .)"
verdict layers/private "$(check_private .)"
verdict layers/libraries "$(check_libraries .)"
verdict layers/unique-names "$(check_names .)"
verdict layers/job-list "$(check_job_list .)"

objs=$(sources . | grep '\.c$' | sed 's/\.c$/.o/')
missing=""
for o in $objs; do
	[ -f "$o" ] || missing="$missing $o"
done
if [ -n "$missing" ]; then
	echo "FAIL: layers/symbols (not built:$missing; run make first)"
else
	# shellcheck disable=SC2086
	edges $objs >"$tmp/edges"
	if [ ! -s "$tmp/edges" ]; then
		echo "FAIL: layers/symbols (nm found no symbol taken across files)"
	else
		verdict layers/symbols "$(check_symbols "$tmp/edges")"
		# shellcheck disable=SC2086
		verdict layers/library-symbols "$(check_library_symbols $objs)"
		verdict layers/no-circle "$(check_circles "$tmp/edges")"
		verdict layers/job-order \
		    "$(check_job_order "$tmp/edges" .)"
	fi
fi

# Self-tests: a copy of the tree broken one way at a time.
mkdir "$tmp/tree"
cp -R src notation mail "$tmp/tree/"
find "$tmp/tree" -name '*.[oda]' -delete
t=$tmp/tree
printf '#include "cmd/cmd.h"\n' >>"$t/src/rules/rules.c"
expect_fail rules-includes-cmd "$(check_includes "$t")"
rm -rf "$t" && mkdir "$t" && cp -R src notation mail "$t/"
printf '#include "notation/notation.h"\n' >>"$t/src/base/diag.c"
expect_fail base-includes-notation "$(check_includes "$t")"
printf '#include "rules/board32.h"\n' >>"$t/src/cmd/move.c"
expect_fail cmd-includes-board32 "$(check_private "$t")"
printf '#include "notation/pdn.h"\n' >>"$t/src/game/replay.c"
expect_fail game-includes-pdn "$(check_private "$t")"
rm -rf "$t" && mkdir "$t" && cp -R src notation mail "$t/"
printf '#include <libxml/xmlwriter.h>\n' >>"$t/notation/svg.c"
expect_fail svg-includes-libxml2 "$(check_libraries "$t")"
rm -rf "$t" && mkdir "$t" && cp -R src notation mail "$t/"
printf '#include <jansson.h>\n' >>"$t/notation/json.c"
expect_fail json-writer-includes-jansson "$(check_libraries "$t")"
rm -rf "$t" && mkdir "$t" && cp -R src notation mail "$t/"
printf '#include <cairo.h>\n' >>"$t/notation/svg.c"
expect_fail svg-includes-cairo "$(check_libraries "$t")"
printf '#include <curl/curl.h>\n' >>"$t/src/cmd/post.c"
expect_fail post-includes-curl "$(check_libraries "$t")"
rm -rf "$t" && mkdir "$t" && cp -R src notation mail "$t/"
printf '#include <openssl/sha.h>\n' >>"$t/src/referee/state.c"
expect_fail state-includes-openssl "$(check_libraries "$t")"
rm -rf "$t" && mkdir "$t" && cp -R src notation mail "$t/"
printf '#include <crypt.h>\n' >>"$t/src/referee/players.c"
expect_fail players-includes-crypt "$(check_libraries "$t")"
rm -rf "$t" && mkdir "$t" && cp -R src notation mail "$t/"
printf '#include <dlfcn.h>\n' >>"$t/src/cmd/show.c"
expect_fail show-includes-dlfcn "$(check_libraries "$t")"
nm -P src/cmd/show.o >"$tmp/show.nm"
printf 'rsvg_handle_new_from_data U\n' >>"$tmp/show.nm"
printf '#!/bin/sh\ncat "%s"\n' "$tmp/show.nm" >"$tmp/nm"
chmod +x "$tmp/nm"
expect_fail show-calls-librsvg "$(PATH=$tmp:$PATH check_library_symbols src/cmd/show.o)"
for sym in EVP_DigestInit_ex crypt_rn dlopen; do
	nm -P src/cmd/show.o >"$tmp/show.nm"
	printf '%s U\n' $sym >>"$tmp/show.nm"
	expect_fail show-calls-$sym \
	    "$(PATH=$tmp:$PATH check_library_symbols src/cmd/show.o)"
done
cp src/cmd/move.c "$t/notation/move.c"
expect_fail same-name "$(check_names "$t")"
printf 'src/rules/rules.o src/cmd/common.o cmd_usage\n' >"$tmp/up"
expect_fail symbol-up "$(check_symbols "$tmp/up")"
printf 'a.o b.o f\nb.o c.o g\nc.o a.o h\n' >"$tmp/circle"
expect_fail circle "$(check_circles "$tmp/circle")"
self_test_narrowed
exit 0
