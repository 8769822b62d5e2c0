#!/bin/sh
# screenshot.sh - renders an SVG file to a PNG with headless chromium, to
# look at what `stackref show --format svg` draws.  Not a test (chromium
# comes with `tools/deps.sh check`, for tests/page.sh).
#
#   tools/screenshot.sh IN.svg OUT.png [WIDTH HEIGHT]
#
# The window defaults to the SVG's own width and height attributes
# (rounded up), so the picture fills the screenshot.
set -eu
if [ $# -lt 2 ] || [ $# -gt 4 ]; then
	echo "usage: tools/screenshot.sh IN.svg OUT.png [WIDTH HEIGHT]" >&2
	exit 2
fi
in=$1 out=$2
browser=
for b in chromium chromium-browser google-chrome; do
	if command -v "$b" >/dev/null 2>&1; then
		browser=$b
		break
	fi
done
if [ -z "$browser" ]; then
	echo "screenshot.sh: no chromium found" >&2
	exit 1
fi
# size NAME: the value of the root's NAME attribute, rounded up.
size() {
	sed -n "s/.*<svg [^>]* $1=\"\([0-9.]*\)\".*/\1/p" "$in" | head -n 1 |
	    awk '{ n = int($1); if (n < $1) n++; print n }'
}
w=${3:-$(size width)}
h=${4:-$(size height)}
[ -n "$w" ] || w=800
[ -n "$h" ] || h=600
case $in in /*) abs=$in ;; *) abs=$(pwd)/$in ;; esac
case $out in /*) ;; *) out=$(pwd)/$out ;; esac
profile=$(mktemp -d)
trap 'rm -rf "$profile"' EXIT
"$browser" --headless --no-sandbox --disable-gpu --disable-quic \
    --no-first-run --disable-background-networking \
    --disable-component-update --disable-sync \
    --user-data-dir="$profile" --hide-scrollbars \
    --screenshot="$out" --window-size="$w,$h" "file://$abs" \
    >"$profile/log" 2>&1 || { cat "$profile/log" >&2; exit 1; }
[ -s "$out" ] || { cat "$profile/log" >&2; exit 1; }
echo "$out: ${w}x$h"
