#!/bin/sh
# modules.sh - the heavy libraries are loaded only by the commands that
# need them (ARCHITECTURE, Heavy libraries;
# src/base/module.h):
#   modules/needed/FILE  the binary is linked against none of libcurl,
#                        libxml2, jansson, librsvg (cairo, GLib), libcrypto,
#                        libcrypt, libsqlite3 and libpq, and each module
#                        against its own
#                        (readelf -d), so that packaging tools that read
#                        the ELF files (ldd, dpkg-shlibdeps) still find
#                        every library stackref needs;
#   modules/light/CMD    under strace, the commands that need no network
#                        and read no XML (new, check, move, moves, show
#                        ascii, fen and svg, perft, the actions, convert
#                        to PDN, XML, HTML and JSON, search, dups, stats)
#                        open no module and none of those libraries, not
#                        even to try;
#   modules/heavy/CMD    and those that need one open it and its library,
#                        and no other module: reading XML stackref-xml.so
#                        and libxml2, JSON stackref-json.so and jansson,
#                        PNG stackref-png.so and librsvg,
#                        fetch and post stackref-net.so and libcurl, the
#                        referee all five modules before it decides any
#                        mail;
#   modules/only/check-xml  reading XML opens no heavy library but
#                        libxml2;
#   modules/missing/M    in a copy of the tree without module M, a command
#                        that needs it prints "cannot load M: REASON" and
#                        exits 4; one that does not still works;
#   modules/library/L    a module whose library L is broken (a library of
#                        that name without its symbols first on
#                        LD_LIBRARY_PATH), or gone: the same message,
#                        REASON the dynamic loader's, and status 4.
# Run from the top of the tree after a build.  Prints PASS:/FAIL: lines;
# strace, readelf (binutils) and cc missing, or strace not working, are
# failures.
root=$(cd "$(dirname "$0")/.." && pwd)
bin=${STACKREF:-$root/stackref}
. "$root/tests/lib/common.sh"
need strace strace
need readelf binutils
need cc gcc
tmp=$(mktemp -d "${TMPDIR:-/tmp}/stackref-modules.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
game=$root/fixtures/games/checkers.pdn
heavy='libcurl|libxml2|libjansson|librsvg|libcairo|libglib|libcrypto|libcrypt\.|libssl'
heavy="$heavy|libsqlite3|libpq"

# needed FILE PATTERN WANT: FILE's NEEDED libraries match PATTERN (egrep)
# when WANT is 1, none does when WANT is 0.
needed() {
	readelf -d "$1" | awk '/\(NEEDED\)/ { print $5 }' >"$tmp/needed"
	if grep -Eq "$2" "$tmp/needed"; then got=1; else got=0; fi
	result "modules/needed/${1##*/}" $((got != $3)) \
	    "NEEDED: $(tr '\n' ' ' <"$tmp/needed")"
}
needed "$bin" "$heavy|stackref" 0
needed "$root/stackref-xml.so" 'libxml2' 1
needed "$root/stackref-json.so" 'libjansson' 1
needed "$root/stackref-png.so" 'librsvg' 1
needed "$root/stackref-net.so" 'libcurl' 1
needed "$root/stackref-hash.so" 'libcrypto' 1
needed "$root/stackref-hash.so" 'libcrypt\.' 1
needed "$root/stackref-sqlite.so" 'libsqlite3' 1
needed "$root/stackref-pq.so" 'libpq' 1

if ! strace -f -o /dev/null true >/dev/null 2>&1; then
	echo "FAIL: modules/strace (strace does not work here: ptrace refused?)"
	exit 1
fi

# trace NAME CMD...: runs CMD in $tmp/work under strace, the files it
# opened (or tried to) in $tmp/NAME.trace.
trace() {
	name=$1
	shift
	(cd "$tmp/work" && strace -f -qq -e trace=open,openat \
	    -o "$tmp/$name.trace" "$@") >/dev/null 2>&1 </dev/null
}

# none TEST NAME PATTERN: the trace of NAME has no file matching PATTERN
# (egrep), opened or tried.
none() {
	grep -E "$3" "$tmp/$2.trace" >"$tmp/bad"
	result "$1" $(($(wc -l <"$tmp/bad") != 0)) "$(head -n 3 "$tmp/bad")"
}

# light NAME CMD...: CMD opens no module and no heavy library.
light() {
	trace "$@"
	none "modules/light/$1" "$1" "$heavy|stackref-[a-z]*\.so"
}

# heavy NAME PATTERN... -- CMD...: CMD opens a file matching each
# PATTERN (egrep), successfully, and no module that none matches.
heavy() {
	name=$1 want=""
	shift
	while [ "$1" != -- ]; do want="$want $1"; shift; done
	shift
	trace "$name" "$@"
	missed=""
	for p in $want; do
		grep -E "$p" "$tmp/$name.trace" | grep -vq '= -1 ' ||
		    missed="$missed $p"
	done
	others=$(grep -oE 'stackref-[a-z]+\.so' "$tmp/$name.trace" |
	    grep -vE "$(echo $want | tr ' ' '|')" | sort -u | tr '\n' ' ')
	result "modules/heavy/$name" $((${#missed} + ${#others} != 0)) \
	    "not opened:$missed; opened: $others"
}

mkdir "$tmp/work"
cp "$game" "$tmp/work/game.pdn"
"$bin" convert --to xml "$game" >"$tmp/work/game.xml"
"$bin" convert --to json "$game" >"$tmp/work/game.json"
light new "$bin" new checkers -o new.pdn
light check "$bin" check game.pdn
light check-stdin sh -c "exec \"$bin\" check - <game.pdn"
light move-n "$bin" move -n new.pdn 11-15
light move "$bin" move new.pdn 11-15
light moves "$bin" moves game.pdn
light show "$bin" show game.pdn
light show-fen "$bin" show --format fen game.pdn
light perft "$bin" perft checkers 4
light offer-draw "$bin" offer-draw --as white new.pdn
light accept-draw "$bin" accept-draw -n --as red new.pdn
light decline-draw "$bin" decline-draw --as red new.pdn
light resign "$bin" resign --as red new.pdn
light convert-pdn "$bin" convert --to pdn game.pdn
light convert-json "$bin" convert --to json game.pdn
light search "$bin" search --material red=1 game.pdn
light dups "$bin" dups game.pdn
light stats "$bin" stats game.pdn
light help "$bin" --help
light show-svg "$bin" show --format svg game.pdn
light convert-xml "$bin" convert --to xml game.pdn
light convert-html "$bin" convert --to html game.pdn
heavy show-png 'stackref-png\.so' 'librsvg' 'libcairo' -- \
    "$bin" show --format png game.pdn
heavy check-xml 'stackref-xml\.so' 'libxml2' -- "$bin" check game.xml
none modules/only/check-xml check-xml "$(echo "$heavy" | sed 's/libxml2|//')"
heavy check-json 'stackref-json\.so' 'libjansson' -- "$bin" check game.json
none modules/only/check-json check-json \
    "$(echo "$heavy" | sed 's/libjansson|//')"
heavy fetch 'stackref-net\.so' 'libcurl' -- \
    "$bin" fetch gopher://127.0.0.1:1/game
heavy post 'stackref-net\.so' 'libcurl' -- \
    "$bin" post --to a@127.0.0.1 --from b@127.0.0.1 game.pdn \
    smtp://127.0.0.1:1
heavy referee 'stackref-xml\.so' 'stackref-json\.so' 'stackref-png\.so' \
    'stackref-net\.so' \
    'stackref-hash\.so' 'libcrypto' 'libcrypt\.' -- \
    "$bin" referee --dir "$tmp/nodir/state" --imap imap://127.0.0.1:1/ \
    --smtp smtp://127.0.0.1:1 --address referee@127.0.0.1

# refused NAME WANT CMD...: CMD exits 4 with exactly the message WANT.
refused() {
	name=$1 want=$2
	shift 2
	(cd "$tmp/work" && "$@") >/dev/null 2>"$tmp/err" </dev/null
	st=$?
	[ $st -eq 4 ] && [ "$(cat "$tmp/err")" = "$want" ]
	result "$name" $? "status $st, want 4 and: $want; got: $(cat "$tmp/err")"
}

# A copy of the tree without one module at a time.
mkdir "$tmp/tree"
cp "$bin" "$root"/stackref-*.so "$tmp/tree/"
copy=$tmp/tree/stackref
for m in xml json png net hash; do
	mv "$tmp/tree/stackref-$m.so" "$tmp/tree/gone.so"
	why="stackref: cannot load stackref-$m.so: not in $tmp/tree/ nor in"
	why="$why $tmp/tree/../lib/stackref/"
	case $m in
	xml) refused modules/missing/$m "$why" "$copy" check game.xml ;;
	json) refused modules/missing/$m "$why" "$copy" check game.json ;;
	png) refused modules/missing/$m "$why" "$copy" show --format png game.pdn ;;
	net) refused modules/missing/$m "$why" "$copy" fetch http://127.0.0.1:1/ ;;
	hash) refused modules/missing/$m "$why" "$copy" referee \
	    --dir "$tmp/nodir/state" --imap imap://127.0.0.1:1/ \
	    --smtp smtp://127.0.0.1:1 --address referee@127.0.0.1 ;;
	esac
	(cd "$tmp/work" && "$copy" check -q game.pdn &&
	    "$copy" show --format svg game.pdn &&
	    "$copy" perft checkers 3) >/dev/null 2>&1
	result modules/missing/$m/others $?
	mv "$tmp/tree/gone.so" "$tmp/tree/stackref-$m.so"
done

# A library of a module's name with none of its symbols, found first.
mkdir "$tmp/lib"
echo 'int stackref_fake;' >"$tmp/fake.c"
for l in libxml2.so.2 libcurl.so.4; do
	cc -shared -fPIC -Wl,-soname,$l -o "$tmp/lib/$l" "$tmp/fake.c" || {
		echo "FAIL: modules/library/$l (cc cannot build a library)"
		continue
	}
	case $l in
	libxml2*) m=xml; set -- check game.xml ;;
	*) m=net; set -- fetch http://127.0.0.1:1/ ;;
	esac
	(cd "$tmp/work" && LD_LIBRARY_PATH=$tmp/lib "$copy" "$@") \
	    >/dev/null 2>"$tmp/err"
	st=$?
	ok=0
	[ $st -eq 4 ] && grep -q "^stackref: cannot load stackref-$m.so: .*\
undefined symbol" "$tmp/err" && ok=1
	result modules/library/$l $((1 - ok)) "status $st: $(cat "$tmp/err")"
	rm -f "$tmp/lib/$l"
done

# A module whose library is not there at all: one linked against a
# library removed since.
cc -shared -fPIC -Wl,-soname,libstackref-gone.so.1 \
    -o "$tmp/lib/libstackref-gone.so" "$tmp/fake.c" &&
    cc -shared -fPIC -o "$tmp/tree/stackref-png.so" "$tmp/fake.c" \
    -L"$tmp/lib" -Wl,--no-as-needed -lstackref-gone && rm "$tmp/lib/libstackref-gone.so" ||
    echo "FAIL: modules/library/gone (cc cannot build a library)"
refused modules/library/gone "stackref: cannot load stackref-png.so: \
libstackref-gone.so.1: cannot open shared object file: No such file or \
directory" "$copy" show --format png game.pdn
exit 0
