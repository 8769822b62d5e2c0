#!/usr/bin/env python3
"""draughts_diff.py - the diagonal draughts of stackref against the second
reading of their rules in draughts.py.

    draughts_diff.py [--games N] [--plies N] [--seed N] [--depth N] [GAME...]

First the reading itself against the published perft tables (PUBLISHED:
start positions and mid-game positions, each cited).  Then, for every GAME
(default: every variant draughts.py reads), when stackref's table has it:
  perft from the start to --depth, both ways (`stackref perft GAME D`);
  seeded random games, from the start and from random set-up positions
  (men and kings of both sides), built with `stackref new` and `stackref
  move`: at every ply the legal moves of `stackref moves` and of the
  reading are the same moves (each written move names one legal move, by
  its ends or its whole path, and each legal move is written once), an
  ended game has no move in either and a decided Result, and the position
  (`show --format fen`) is the same every 10 plies and at the end.
A variant stackref lacks is reported by a line of its own (neither PASS nor
FAIL): once it is in the table it is compared.  Prints PASS:/FAIL: lines;
exit status 1 when anything failed.  Standard library only."""

import argparse
import os
import random
import re
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import common2  # noqa: E402
import draughts  # noqa: E402

# (variant, FEN or None for the start, counts from depth 1, all paths?,
# source).  dctl = rhalbersma/dctl @ 21869018 test/src/algo/traversal/,
# which restates the forum threads named.
PUBLISHED = [
    ("checkers", None, [7, 49, 302, 1469, 7361, 36768, 179740, 845931,
                        3963680], False,
     "dctl initial/board_08x08.cpp (shashki.com thread t-627)"),
    ("international", None, [9, 81, 658, 4265, 27117], False,
     "dctl initial/board_10x10.cpp (FMJD forum t=2308)"),
    ("international",
     "B:BK17,K24:W6,9,10,11,20,21,22,23,30,K31,33,37,41,42,43,44,46",
     [14, 55, 1168, 5432, 87195], False,
     "dctl international/fmjd.cpp Random178"),
    ("international",
     "W:B12,13,14,16,18,19,21,23,24,26:W25,27,28,30,32,33,34,35,37,38",
     [6, 12, 30, 73, 215, 590, 1944], False,
     "dctl international/fmjd.cpp Woldouby"),
    ("international", "W:WK31-50:BK1-20", [17, 79, 352, 1399, 7062], False,
     "dctl international/fmjd.cpp AllKings"),
    ("international", "W:W6,7,8,9,10:B41,42,43,44,45",
     [9, 81, 795, 7578, 86351], False,
     "dctl international/fmjd.cpp AlmostPromotion"),
    ("international", "W:B16,17,18,19,20:W31,32,33,34,35",
     [9, 81, 534, 2538, 9052, 29999], True,
     "dctl international/shashki.cpp FrontRows"),
    ("russian", None, [7, 49, 302, 1469, 7482, 37986, 190146, 929899,
                       4570586], False,
     "dctl initial/board_08x08.cpp (shashki.com thread t-627)"),
    ("brazilian", None, [7, 49, 302, 1469, 7473, 37628, 187302, 907836,
                         4431847], True,
     "dctl initial/board_08x08.cpp (shashki.com thread t-627)"),
    ("pool", None, [7, 49, 302, 1469, 7482, 37986, 190146, 929902,
                    4570615], True,
     "dctl initial/board_08x08.cpp (shashki.com thread t-627)"),
    ("canadian", None, [11, 121, 1222, 10053], False,
     "dctl initial/board_large.cpp (FMJD forum t=4563)"),
    ("italian", None, [7, 49, 302, 1469, 7361, 36473, 177532, 828783,
                       3860875], False,
     "dctl initial/board_08x08.cpp (FMJD forum t=2822)"),
    ("italian", "W:W30,26,27,22,23,24,17,18,20:B14,15,16,9,11,5,6,1,3",
     [5, 13, 42, 107, 360, 1099, 3736, 12495], True,
     "dctl italian/gilbert.cpp Position1 (FMJD forum t=2822)"),
    ("italian", "B:W30,21,22,17,20,K6:B25,28,9,5,1,3",
     [6, 47, 271, 1916, 10810], True,
     "dctl italian/gilbert.cpp Position2"),
    ("italian", "W:WK27,K28,17,20,9,K12,8:B21,24,K19,K13,14,K11,4",
     [13, 112, 828, 6756, 46241], True,
     "dctl italian/gilbert.cpp Position3"),
    ("spanish", None, [7, 49, 302, 1469, 7361, 36473, 177532, 828783,
                       3860866], False,
     "dctl initial/board_08x08.cpp (FMJD forum t=2822)"),
    ("portuguese", None, [7, 49, 302, 1469, 7361, 36473, 177532], False,
     "the Spanish table: FPD's Damas Classicas are its rules"),
    ("czech", None, [7, 49, 302, 1469, 7361, 36768, 179740, 845931,
                     3963671], False,
     "dctl initial/board_08x08.cpp (FMJD forum t=2822)"),
    # the forum counted Thai from the three-rank start of the others
    ("thai", "B:W1-12:B21-32", [7, 49, 302, 1469, 7361, 36768, 179740,
                                 845931, 3963648], False, "dctl initial/board_08x08.cpp, initial(2) (FMJD forum t=2822)"),
]


class Stackref(common2.Stackref):
    """common2's, its arguments given one by one"""

    def run(self, *args):
        return super().run(list(args))

    def known(self):
        """the games of stackref's table (from `new`'s refusal)"""
        _, _, err = self.run("new", "no-such-game")
        m = re.search(r"known games: (.*)", err)
        return set(g.strip() for g in m.group(1).split(",")) if m else set()


class Report:
    def __init__(self):
        self.passes = {}
        self.fails = {}

    def ok(self, what, n=1):
        self.passes[what] = self.passes.get(what, 0) + n

    def fail(self, what, msg):
        self.fails.setdefault(what, []).append(msg)

    def print(self, show):
        bad = False
        for what in sorted(set(self.passes) | set(self.fails)):
            f = self.fails.get(what, [])
            p = self.passes.get(what, 0)
            if f:
                bad = True
                print("FAIL: %s (%d disagreements, %d agreements)" % (
                    what, len(f), p))
                for msg in f[:show]:
                    print("  " + msg)
            else:
                print("PASS: %s (%d compared)" % (what, p))
        return bad


def check_published(report, names, leaves):
    """the reading against PUBLISHED, to the depths of at most LEAVES
    leaves (0: every depth)"""
    for name, fen, want, all_paths, source in PUBLISHED:
        if name not in names:
            continue
        want = [n for n in want if not leaves or n <= leaves]
        g = draughts.game(name)
        pos = g.from_fen(fen) if fen else g.start()
        got = [g.perft(pos, d + 1, all_paths) for d in range(len(want))]
        what = "rules_draughts/published/%s" % name
        if got != want:
            report.fail(what, "%s from %s: reading %s, published %s" % (
                source, fen or "the start", got, want))
        else:
            report.ok(what)


def compare_moves(g, pos, texts):
    """'' when the written moves TEXTS are the legal moves of POS (each
    names one, by its ends or its whole path, and each is named, once or
    once a path), else what differs"""
    groups = g.groups(pos)
    used = [0] * len(groups)
    bad = []
    for t in texts:
        sq = g.parse_text(t)
        hits = [i for i, grp in enumerate(groups)
                if sq is not None and g.matches(grp, sq)]
        if len(hits) != 1:
            bad.append("stackref's %s names %d legal moves" % (t, len(hits)))
        else:
            used[hits[0]] += 1
    for i, n in enumerate(used):
        # paths that take the same pieces between the same squares are
        # one move or several as the variant counts them: either way
        if not 1 <= n <= len(set(m.path for m in groups[i])):
            m = groups[i][0]
            bad.append("the reading's %s is written %d times" % (
                min(g.texts(groups[i], True)), n))
    return "; ".join(bad[:8])


def text_for(g, group, texts):
    for t in texts:
        sq = g.parse_text(t)
        if sq is not None and g.matches(group, sq):
            return t
    return None


def result_tag(path):
    with open(path) as f:
        m = re.search(r'^\[Result "([^"]*)"\]', f.read(), re.M)
    return m.group(1) if m else None


def random_setup(g, rng):
    """a random position with men and kings of both sides, each side no
    more pieces than it starts with"""
    v, geo = g.v, g.geo
    most = v.rows * v.width // 2
    while True:
        board = []
        fill = rng.uniform(0.15, 0.45)
        for i in range(len(geo.xy)):
            if rng.random() >= fill:
                board.append(".")
                continue
            c = rng.choice("wb")
            if "".join(board).lower().count(c) >= most:
                board.append(".")
                continue
            king = rng.random() < 0.3 or geo.far_row(c, i)
            board.append(c.upper() if king else c)
        if "w" in "".join(board).lower() and "b" in "".join(board).lower():
            pos = (rng.choice("wb"), tuple(board))
            if g.all_moves(pos):
                return pos


def play(g, sr, rng, args, path, gno, report, setup):
    base = "rules_draughts/%s" % g.name
    if setup:
        pos = random_setup(g, rng)
        fen = g.to_fen(pos)
        rc, _, err = sr.run("new", g.name, "-t", "SetUp=1", "-t",
                            "FEN=" + fen, "-o", path)
    else:
        pos, fen = g.start(), None
        rc, _, err = sr.run("new", g.name, "-o", path)
    if rc != 0:
        report.fail(base + "/new", "stackref new%s: %s" % (
            " from " + fen if fen else "", err.strip()))
        return
    played = []

    def where():
        return "game %d (seed %d)%s after %d plies: %s\n    FEN %s" % (
            gno, args.seed, " from " + fen if fen else "", len(played),
            " ".join(played) or "-", g.to_fen(pos))

    def same_fen():
        rc, out, err = sr.run("show", "--format", "fen", path)
        try:
            theirs = g.from_fen(out) if rc == 0 else None
        except (KeyError, ValueError, IndexError):
            theirs = None
        if theirs != pos:
            report.fail(base + "/fen", "stackref %s\n    %s" % (
                out.strip() or err.strip(), where()))
            return False
        report.ok(base + "/fen")
        return True

    if not same_fen():
        return
    for ply in range(args.plies + 1):
        rc, out, err = sr.run("moves", path)
        texts = out.split()
        groups = g.groups(pos)
        if not groups:
            res = result_tag(path)
            if texts:
                report.fail(base + "/end", "ended for the reading, stackref "
                            "lists %s\n    %s" % (" ".join(texts[:8]),
                                                  where()))
            elif played and res in (None, "*", "1/2-1/2", "1-1", "0-0"):
                report.fail(base + "/end", "the record's Result is %s after"
                            " the last move\n    %s" % (res, where()))
            else:
                report.ok(base + "/end")
            break
        if rc != 0:
            report.fail(base + "/moves", "stackref moves: %s\n    %s" % (
                err.strip(), where()))
            return
        diff = compare_moves(g, pos, texts)
        if diff:
            report.fail(base + "/moves", "%s\n    %s" % (diff, where()))
            return
        report.ok(base + "/moves")
        if ply == args.plies:
            break
        caps = [grp for grp in groups if grp[0].taken]
        grp = rng.choice(caps if caps and rng.random() < 0.7 else groups)
        t = text_for(g, grp, texts)
        rc, _, err = sr.run("move", path, t)
        if rc != 0:
            report.fail(base + "/move", "stackref move %s: %s\n    %s" % (
                t, err.strip(), where()))
            return
        played.append(t)
        pos = grp[0].after
        if len(played) % 10 == 0 and not same_fen():
            return
    same_fen()


def check_perft(g, sr, report, depth):
    """perft from the start to DEPTH, and with --all-paths where stackref
    has it (not before the draughts engine)"""
    what = "rules_draughts/%s/perft" % g.name
    pos = g.start()
    flags = [[]]
    if "--all-paths" in sr.run("perft", "--help")[1]:
        flags.append(["--all-paths"])
    for d in range(1, depth + 1):
        for flag in flags:
            rc, out, err = sr.run("perft", *(flag + [g.name, str(d)]))
            # plain perft counts the moves as the variant does: the
            # paths merged or not
            want = g.perft(pos, d, True)
            ok = {str(want)} if flag else {str(want),
                                          str(g.perft(pos, d, False))}
            got = out.split()[-1] if rc == 0 and out.split() else None
            if got not in ok:
                report.fail(what, "perft %s%d: stackref %s, reading %d" % (
                    " ".join(flag) + " " if flag else "", d,
                    got or err.strip(), want))
                return
            report.ok(what)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("games", nargs="*")
    ap.add_argument("--games", dest="ngames", type=int, default=4,
                    help="random games of each variant (half from set-ups)")
    ap.add_argument("--plies", type=int, default=150)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--depth", type=int, default=4)
    ap.add_argument("--leaves", type=int, default=40000,
                    help="published counts up to this many leaves (0 all)")
    ap.add_argument("--show", type=int, default=3)
    ap.add_argument("--stackref", default=os.environ.get("STACKREF",
                                                         "./stackref"))
    args = ap.parse_args()
    names = args.games or sorted(draughts.VARIANTS)
    report = Report()
    check_published(report, names, args.leaves)
    sr = Stackref(args.stackref)
    known = sr.known()
    if not known:
        print("FAIL: rules_draughts (stackref lists no game)")
        return 1
    with tempfile.TemporaryDirectory(prefix="stackref-draughts.") as tmp:
        for name in names:
            if name not in known:
                print("rules_draughts/%s: not in stackref's table: only the"
                      " reading was checked" % name)
                continue
            g = draughts.game(name)
            check_perft(g, sr, report, args.depth)
            for n in range(args.ngames):
                rng = random.Random(args.seed * 100003 + n)
                play(g, sr, rng, args, os.path.join(tmp, "g.pdn"), n,
                     report, n % 2 == 1)
    bad = report.print(args.show)
    print("rules_draughts: %d stackref runs" % sr.calls)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
