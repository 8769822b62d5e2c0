#!/bin/sh
# scripts.sh - the awk programs of the tree's shell scripts (tests/,
# tools/, bench/, .ci/run, the golden cases' cmd) write where they mean
# to: in a print or printf, a '>' outside parentheses redirects the
# output, so its target must be a string, a variable or an expression
# in parentheses, never a bare expression.  `printf "%d", s > 0 ? a / s : 0` writes s into a
# file called 0 (bench/run.sh did, issue 19): the comparison goes in
# parentheses.  Prints PASS:/FAIL: scripts/awk-redirect.
set -u
root=$(cd "$(dirname "$0")/.." && pwd)
. "$root/tests/lib/common.sh"
need perl perl-base
cd "$root" || exit 1
bad=$(perl -0777 -ne '
	while (/\bawk\b[^\x27\n]*(?:\\\n[^\x27\n]*)*\x27([^\x27]*)\x27/g) {
		for my $st (split /[;{}\n]/, $1) {
			next unless $st =~ /^\s*printf?\b(.*)$/;
			my ($args, $depth, $quoted) = ($1, 0, 0);
			for (my $i = 0; $i < length $args; $i++) {
				my $c = substr($args, $i, 1);
				if ($quoted) {
					$i++ if $c eq "\\";
					$quoted = 0 if $c eq "\"";
				} elsif ($c eq "\"") {
					$quoted = 1;
				} elsif ($c eq "(") {
					$depth++;
				} elsif ($c eq ")") {
					$depth--;
				} elsif ($c eq ">" && $depth == 0) {
					my $to = substr($args, $i + 1);
					print "$ARGV: $st\n" unless $to =~
					    /^>?\s*("[^"]*"|[\$A-Za-z_]\w*|\(.*\))\s*$/;
					last;
				}
			}
		}
	}' tests/*.sh tests/lib/*.sh tools/*.sh bench/*.sh .ci/run \
    tests/golden/*/cmd)
if [ -z "$bad" ]; then
	echo "PASS: scripts/awk-redirect"
else
	echo "FAIL: scripts/awk-redirect (parenthesise the comparison)"
	printf '%s\n' "$bad"
fi
