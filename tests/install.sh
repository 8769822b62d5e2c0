#!/bin/sh
# install.sh - `make install DESTDIR=... PREFIX=/usr` puts the binary,
# its modules, every man page and the XML schema where they belong, the
# binary installed finds its modules (in ../lib/stackref from its own
# directory, so under DESTDIR too), and `make uninstall` removes them.
# Run from the top of the tree, after stackref is built.
set -u
. tests/lib/common.sh
tmp=$(mktemp -d "${TMPDIR:-/tmp}/stackref-install.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
dest=$tmp/root
make_() { ${MAKE:-make} -s "$@" DESTDIR="$dest" PREFIX=/usr >"$tmp/log" 2>&1; }

# The files an install must create: the binary, its modules, man/*.N
# in manN, the XML schema and the JSON Schemas.
expected() {
	echo usr/bin/stackref
	for m in stackref-*.so; do
		[ -f "$m" ] && echo "usr/lib/stackref/$m"
	done
	echo usr/share/stackref/stackref.rng
	echo usr/share/stackref/stackref.schema.json
	echo usr/share/stackref/referee-status.schema.json
	for m in man/*.[1-8]; do
		[ -f "$m" ] && echo "usr/share/man/man${m##*.}/${m##*/}"
	done
}

if ! make_ install; then
	echo "FAIL: make install"
	cat "$tmp/log"
	exit 0
fi
ok=1
for f in $(expected); do
	if [ ! -f "$dest/$f" ]; then
		echo "make install did not create /$f"; ok=0
	elif ! cmp -s "$dest/$f" "${f##*/}" && ! cmp -s "$dest/$f" "man/${f##*/}" &&
	    ! cmp -s "$dest/$f" "notation/${f##*/}"; then
		echo "/$f differs from the built file"; ok=0
	fi
done
[ -x "$dest/usr/bin/stackref" ] || { echo "/usr/bin/stackref is not executable"; ok=0; }
[ $ok -eq 1 ] && echo "PASS: make install" || echo "FAIL: make install"

# The installed binary loads its modules from where make install put
# them: an XML record read (stackref-xml.so) and a PNG (stackref-png.so)
# the same as the built binary's.
ok=1
./stackref convert --to xml -o "$tmp/game.xml" fixtures/games/checkers.pdn ||
    ok=0
for f in "$tmp/game.xml" "--format png fixtures/games/checkers.pdn"; do
	# shellcheck disable=SC2086
	"$dest/usr/bin/stackref" show $f >"$tmp/installed" 2>"$tmp/err" || ok=0
	# shellcheck disable=SC2086
	./stackref show $f >"$tmp/built" 2>&1 || ok=0
	cmp -s "$tmp/installed" "$tmp/built" || ok=0
done
result install/modules $((1 - ok)) "$(head -n 1 "$tmp/err")"

if ! make_ uninstall; then
	echo "FAIL: make uninstall"
	cat "$tmp/log"
	exit 0
fi
left=$(cd "$dest" && find . -type f | sed 's|^\./||')
if [ -n "$left" ]; then
	echo "FAIL: make uninstall (left behind: $left)"
else
	echo "PASS: make uninstall"
fi
