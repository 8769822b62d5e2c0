#!/bin/sh
# page.sh - the HTML game page of `stackref convert --to html`, for the
# whole game of each of fixtures/games:
#   page/self-contained/GAME  nothing is fetched: no http:// or https://
#                             address, no <link>, no src=, no url(, no
#                             @import; one <script> of its own;
#   page/same/GAME            two runs give the same bytes;
#   page/GAME/*               tests/page.js loads it in headless Chromium
#                             from a file:// URL, steps with the keys,
#                             the buttons and a click on a move, and
#                             compares the stacks the board shows at each
#                             ply N with `stackref show --ply N --format
#                             fen`; then with scripts off: the final
#                             board and the whole list, no buttons;
#   page/self-test            a page whose ply 3 shows the stacks of
#                             ply 0 fails page.js;
#   page/escape               the tags and comments of the record of
#                             tests/golden/html-escape (markup, quotes, a
#                             Latin-1 byte) come out as text: no element
#                             of theirs, valid UTF-8;
#   page/games                a record of two games is one page of two
#                             sections, each board with an id of its own.
# Prints PASS:/FAIL: lines; FAIL without node (package nodejs) or
# chromium (package chromium).
root=$(cd "$(dirname "$0")/.." && pwd)
bin=${STACKREF:-$root/stackref}
. "$root/tests/lib/common.sh"
need node nodejs
need chromium chromium
tmp=$(mktemp -d "${TMPDIR:-/tmp}/stackref-page.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
games="checkers stackup stackers-brown stackers-mogensen accasta-pari
    international russian italian pool spanish brazilian canadian
    portuguese czech turkish thai frisian"

# contained PAGE: whether PAGE fetches nothing.
contained() {
	! grep -Eiq 'https?://|<link|[[:space:]]src=|url\(|@import' "$1" &&
	    [ "$(grep -c '<script' "$1")" = 1 ]
}

cases=
for g in $games; do
	rec=$root/fixtures/games/$g.pdn
	"$bin" convert --to html "$rec" >"$tmp/$g.html" 2>"$tmp/err" &&
	    [ ! -s "$tmp/err" ] && contained "$tmp/$g.html"
	result "page/self-contained/$g" $?
	"$bin" convert --to html "$rec" | cmp -s - "$tmp/$g.html"
	result "page/same/$g" $?
	cases="$cases $g=$rec=$tmp/$g.html"
done
# shellcheck disable=SC2086
node "$root/tests/page.js" chromium "$bin" $cases

# The self-test: ply 3 of the checkers page made to show ply 0's stacks.
s0=$(sed -n 's/.*<li data-ply="0" data-s="\([^"]*\)".*/\1/p' \
    "$tmp/checkers.html")
sed "s/\(<li data-ply=\"3\" data-s=\"\)[^\"]*/\1$s0/" "$tmp/checkers.html" \
    >"$tmp/broken.html"
node "$root/tests/page.js" chromium "$bin" \
    "checkers=$root/fixtures/games/checkers.pdn=$tmp/broken.html" \
    >"$tmp/self" 2>&1
grep -q '^FAIL: page/checkers/key-right (ply 3)' "$tmp/self"
result page/self-test $?

"$bin" convert --to html "$root/tests/golden/html-escape/game.pdn" \
    >"$tmp/e.html" 2>/dev/null
[ "$(grep -c '<script' "$tmp/e.html")" = 1 ] &&
    ! grep -Eq '<img|<b>markup' "$tmp/e.html" &&
    grep -q 'Café &lt;/title&gt;&lt;script&gt;' "$tmp/e.html" &&
    iconv -f UTF-8 -t UTF-8 "$tmp/e.html" >/dev/null 2>&1
result page/escape $?

cat "$root/fixtures/games/checkers.pdn" "$root/fixtures/games/stackup.pdn" |
    "$bin" convert --to html - >"$tmp/two.html"
[ "$(grep -c '<section class="game"' "$tmp/two.html")" = 2 ] &&
    [ "$(sed -n 's/.*<svg id="\([^"]*\)".*/\1/p' "$tmp/two.html" |
    sort -u | wc -l)" = 2 ]
result page/games $?
