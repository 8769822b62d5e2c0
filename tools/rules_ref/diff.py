#!/usr/bin/env python3
"""diff.py - differential test of stackref against the independent rules
references of this directory (brown.py, mogensen.py).

    python3 tools/rules_ref/diff.py [options] GAME

Plays seeded random games of GAME.  Each game's record is built by
`stackref new` and `stackref move`; at every ply the legal moves that
`stackref moves` lists are compared, as a set of strings, with the
reference's, and so are the end of the game and its result (the record's
Result tag after each move).  The position (`stackref show --format fen`)
is compared every few plies and at the end.  When a position has more
moves than --cap (tall stacks in stackers-brown: a restack of n checkers
has up to C(n, n/2) - 1 orders), the counts are compared with
`stackref perft FILE 1` instead of the lists.

Prints one "PASS: rules-diff/GAME/..." or "FAIL: ..." line per check
group (a run of 10 games or more fails when no game reached its end, as
the results would then go unchecked) (tests/run.sh protocol) and the first disagreements in full.
Exit status 1 when anything failed.
"""

import argparse
import itertools
import os
import random
import re
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import brown  # noqa: E402
import common  # noqa: E402
import mogensen  # noqa: E402

GAMES = {brown.NAME: brown, mogensen.NAME: mogensen}


class Stackref:
    def __init__(self, path):
        self.path = path
        self.calls = 0

    def run(self, *args):
        self.calls += 1
        p = subprocess.run([self.path] + list(args), capture_output=True,
                           text=True)
        return p.returncode, p.stdout, p.stderr


def record_result(path):
    with open(path) as f:
        text = f.read()
    m = re.search(r'^\[Result "([^"]*)"\]', text, re.M)
    return m.group(1) if m else None, text


def movetext(text):
    return " ".join(l for l in text.splitlines()
                    if l.strip() and not l.startswith("["))


def pick(game, rng, ms):
    """A move of MS, biased so that games reach their end: bear-offs and
    advances in mogensen, captures in brown, each kind of turn as likely
    as the others in brown (else restacks of tall stacks swamp the rest)."""
    if game is mogensen:
        offs = [m for m in ms if m[1] == "off"]
        if offs and rng.random() < 0.8:
            return rng.choice(offs)
        if rng.random() < 0.5:
            side = ms[0][2][0] == "b" and "w" or "b"  # the mover
            adv = [m for m in ms if m[1] == "move" and
                   _advances(m[0], side)]
            if adv:
                return rng.choice(adv)
        return rng.choice(ms)
    ends = [m for m in ms if not all(brown.controls(m[2][1], x)
                                     for x in brown.SIDES)]
    if ends and rng.random() < 0.5:
        return rng.choice(ends)
    caps = [m for m in ms if "x" in m[0]]
    if caps and rng.random() < 0.3:
        return rng.choice(caps)
    kinds = sorted({m[1] for m in ms})
    weight = {"build": 1, "restack": 2, "shift": 4, "place": 1}
    k = rng.choices(kinds, [weight[k] for k in kinds])[0]
    return rng.choice([m for m in ms if m[1] == k])


def _advances(text, side):
    a, _, b = text.partition("-")
    a = int(a.split(":")[0])
    b = int(b)
    return b > a if side == "b" else b < a


def play_game(game, sr, rng, args, tmpdir, gno, report, setup):
    path = os.path.join(tmpdir, "g%d.pdn" % gno)
    if setup:
        pos = game.random_setup(rng)
        fen = game.to_fen(pos)
        if game is mogensen:  # crowns mean nothing: write some
            fen = "".join(c.upper() if c in "bw" and rng.random() < 0.2
                          and i > 2 else c for i, c in enumerate(fen))
        rc, _, err = sr.run("new", game.NAME, "-t", "SetUp=1",
                            "-t", "FEN=" + fen, "-o", path)
    else:
        pos = game.start()
        rc, _, err = sr.run("new", game.NAME, "-o", path)
    if rc != 0:
        report.fail("new", "stackref new %s: %s" % (game.NAME, err.strip()))
        return 0
    played = []

    def where():
        return "game %d (seed %d)%s, after %d plies: %s\n  FEN %s" % (
            gno, args.seed, " from FEN " + fen if setup else "",
            len(played), " ".join(played) or "-", game.to_fen(pos))

    def check_fen():
        rc, out, err = sr.run("show", "--format", "fen", path)
        if rc != 0:
            report.fail("fen", "show --format fen: %s\n  %s" % (
                err.strip(), where()))
            return False
        theirs = game.from_fen(out.strip())
        if theirs != pos:
            report.fail("fen", "positions differ: stackref %s\n  %s" % (
                out.strip(), where()))
            return False
        report.ok("fen")
        return True

    if not check_fen():
        return 0
    for ply in range(args.plies + 1):
        res = game.result(pos)
        if game is brown and not res:
            ms = list(itertools.islice(brown.gen_moves(pos, False),
                                       args.hard_cap + 1))
            if len(ms) > args.hard_cap:
                report.truncated += 1
                check_fen()
                return ply
            n = len(ms) + brown.restack_count(pos[1], pos[0])
            big = n > args.cap
        else:
            big = False
        if big:
            rc, out, err = sr.run("perft", path, "1")
            got = out.split()[-1] if rc == 0 and out.split() else None
            if got != str(n):
                report.fail("moves", "perft 1: stackref %s, reference %d"
                            "\n  %s" % (got or err.strip(), n, where()))
                return ply
            report.ok("counts")
            if not ms:
                return ply
        else:
            if res:
                ms = []
            elif game is brown:
                ms = ms + [m for i in range(64)
                           for m in brown.gen_restack(pos[0], pos[1], i)
                           if pos[1][i] and pos[1][i][0] == pos[0]]
            else:
                ms = game.moves(pos)
            rc, out, err = sr.run("moves", path)
            theirs = out.split("\n")[:-1] if out else []
            if rc != 0 and not (res and not theirs):
                report.fail("moves", "stackref moves exit %d: %s\n  %s" % (
                    rc, err.strip(), where()))
                return ply
            ours = [m[0] for m in ms]
            if set(ours) != set(theirs) or len(theirs) != len(set(theirs)):
                only_sr = sorted(set(theirs) - set(ours))
                only_py = sorted(set(ours) - set(theirs))
                dup = len(theirs) - len(set(theirs))
                report.fail("moves", "legal moves differ: only stackref "
                            "(%d) %s; only reference (%d) %s%s\n  %s" % (
                                len(only_sr), " ".join(only_sr[:12]),
                                len(only_py), " ".join(only_py[:12]),
                                "; %d duplicated" % dup if dup else "",
                                where()))
                return ply
            report.ok("moves")
        rtag, text = record_result(path)
        if not played:
            # `new` writes Result "*" even under a set-up position that is
            # already decided: ask `show`, which judges the position
            rc, out, err = sr.run("show", path)
            m = re.search(r"^result ([-0-9/*]+)", out, re.M)
            rtag = m.group(1) if m else "*"
        if res:
            if rtag != res:
                report.fail("result", "game over %s for the reference, "
                            "record Result %s\n  %s" % (res, rtag, where()))
            else:
                report.ok("result")
                report.ended += 1
            check_fen()
            return ply
        if rtag != "*":
            report.fail("result", "record Result %s, the reference goes "
                        "on\n  %s" % (rtag, where()))
            return ply
        if ply == args.plies:
            break
        if args.perft_every and ply % args.perft_every == args.perft_every - 1 \
                and len(ms) <= args.perft_cap:
            # perft 2 and 3 take stackref's counting path, not its listing
            for depth in (2, 3):
                want = sum(common.perft(game, p, depth - 1) for _, _, p in ms)
                rc, out, err = sr.run("perft", path, str(depth))
                got = out.split()[-1] if rc == 0 and out.split() else None
                if got != str(want):
                    report.fail("perft", "perft %d: stackref %s, reference "
                                "%d\n  %s" % (depth, got or err.strip(), want,
                                              where()))
                    return ply
                report.ok("perft")
                if want > args.perft3_cap:
                    break
        m = pick(game, rng, ms)
        rc, _, err = sr.run("move", path, m[0])
        if rc != 0:
            report.fail("move", "stackref move %s: exit %d: %s\n  %s" % (
                m[0], rc, err.strip(), where()))
            return ply
        played.append(m[0])
        report.kinds[m[1]] = report.kinds.get(m[1], 0) + 1
        pos = m[2]
        if args.fen_every and len(played) % args.fen_every == 0:
            if not check_fen():
                return ply
    check_fen()
    return args.plies


class Report:
    def __init__(self, game, limit):
        self.game = game
        self.limit = limit
        self.passes = {}
        self.fails = {}
        self.ended = 0
        self.kinds = {}
        self.truncated = 0

    def ok(self, what):
        self.passes[what] = self.passes.get(what, 0) + 1

    def fail(self, what, msg):
        lst = self.fails.setdefault(what, [])
        lst.append(msg)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("game", choices=sorted(GAMES))
    ap.add_argument("--games", type=int,
                    default=int(os.environ.get("RULES_DIFF_GAMES", "200")))
    ap.add_argument("--plies", type=int,
                    default=int(os.environ.get("RULES_DIFF_PLIES", "0")))
    ap.add_argument("--seed", type=int,
                    default=int(os.environ.get("RULES_DIFF_SEED", "1")))
    ap.add_argument("--cap", type=int, default=20000)
    ap.add_argument("--hard-cap", type=int, default=100000,
                    help="a game stops at a position with more shifts "
                    "and builds than this")
    ap.add_argument("--perft-every", type=int, default=25,
                    help="compare perft 2 and 3 every this many plies")
    ap.add_argument("--perft-cap", type=int, default=400,
                    help="... when the position has at most this many "
                    "moves (and perft 2 at most this many squared)")
    ap.add_argument("--perft3-cap", type=int, default=3000,
                    help="perft 3 only when perft 2 is at most this")
    ap.add_argument("--setups", type=float, default=0.5,
                    help="the share of games started from a random FEN")
    ap.add_argument("--fen-every", type=int, default=10)
    ap.add_argument("--stackref", default=os.environ.get("STACKREF",
                                                         "./stackref"))
    ap.add_argument("--show", type=int, default=3,
                    help="disagreements printed in full per check")
    args = ap.parse_args()
    game = GAMES[args.game]
    if args.plies <= 0:
        args.plies = 160 if game is brown else 300
    sr = Stackref(args.stackref)
    report = Report(game.NAME, args.show)
    t0 = time.time()
    plies = 0
    with tempfile.TemporaryDirectory(prefix="stackref-rules-diff.") as tmp:
        for g in range(args.games):
            rng = random.Random(args.seed * 100003 + g)
            setup = rng.random() < args.setups
            plies += play_game(game, sr, rng, args, tmp, g, report, setup)
    base = "rules-diff/%s" % game.NAME
    bad = False
    for what in ("moves", "counts", "perft", "move", "result", "fen",
                 "new"):
        p = report.passes.get(what, 0)
        f = report.fails.get(what, [])
        if not p and not f:
            if what in ("moves", "fen") or (what == "result" and
                                            args.games >= 10):
                print("FAIL: %s/%s (nothing compared)" % (base, what))
                bad = True
            continue
        if f:
            bad = True
            print("FAIL: %s/%s (%d disagreements, %d agreements)" % (
                base, what, len(f), p))
            for msg in f[:args.show]:
                print("  " + msg)
        else:
            print("PASS: %s/%s (%d compared)" % (base, what, p))
    if report.ended == 0 and args.games >= 10:
        print("FAIL: %s/ends (no game reached its end: raise "
              "RULES_DIFF_GAMES or RULES_DIFF_PLIES)" % base)
        bad = True
    else:
        print("PASS: %s/ends (%d of %d games ended and agreed)" % (
            base, report.ended, args.games))
    print("%s: %d games (%d stopped at a position too big), %d plies (%s),"
          " %d stackref runs, %.1f s" % (
        base, args.games, report.truncated, plies, ", ".join(
            "%s %d" % kv for kv in sorted(report.kinds.items())),
        sr.calls, time.time() - t0))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
