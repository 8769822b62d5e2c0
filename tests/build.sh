#!/bin/sh
# build.sh - what the compiler must refuse, with the library's own flags
# (make print-cflags):
#   build/diag-ok          a diagnostic reported with the arguments its
#                          message asks for compiles (the control);
#   build/diag-wrong-type  a number where its message wants a string,
#   build/diag-missing     an argument left out,
#   build/diag-extra       one too many,
#   build/diag-variable    a diagnostic chosen at run time (its message
#                          could not be checked): each fails the build.
# Run from the top of the tree.  Prints PASS:/FAIL: lines.
set -u
tmp=$(mktemp -d "${TMPDIR:-/tmp}/stackref-build.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
cflags=$(${MAKE:-make} -s print-cflags) || {
	echo "FAIL: build (make print-cflags failed)"
	exit 0
}

# compiles NAME BODY: whether a C file calling BODY compiles.
compiles() {
	cat >"$tmp/$1.c" <<EOC
#include "base/diag.h"
void try_$1(struct diag *d, enum diag_id id);
void try_$1(struct diag *d, enum diag_id id)
{
	(void)id;
	$2;
}
EOC
	# shellcheck disable=SC2086
	$cflags -c -o "$tmp/$1.o" "$tmp/$1.c" >"$tmp/$1.log" 2>&1
}

if compiles ok 'diag_report(d, DIAG_WRONG_PLY, NULL, 3UL, 4UL)'; then
	echo "PASS: build/diag-ok"
else
	echo "FAIL: build/diag-ok"
	cat "$tmp/ok.log"
fi
for c in 'wrong-type:diag_report(d, DIAG_ILLEGAL_MOVE, NULL, "x", 3)' \
    'missing:diag_report(d, DIAG_ILLEGAL_MOVE, NULL, "x")' \
    'extra:diag_report(d, DIAG_NOMEM, NULL, "x")' \
    'variable:diag_report(d, id, NULL, "x")'; do
	name=${c%%:*}
	if compiles "$name" "${c#*:}"; then
		echo "FAIL: build/diag-$name (compiled: ${c#*:})"
	else
		echo "PASS: build/diag-$name"
	fi
done
exit 0
