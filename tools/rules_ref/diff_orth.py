#!/usr/bin/env python3
"""diff_orth.py - cross-checks stackref against an independent reading of
the draughts games with orthogonal captures (turkish.py, frisian.py).

    diff_orth.py --perft N GAME...           perft 1..N from the start
    diff_orth.py [--games N] [--plies N] [--seed N] GAME...
    diff_orth.py --setups N GAME...          random set-up positions
    diff_orth.py --from-setups [--games N] GAME...
                                             random games from set-ups

Random games: each built with `stackref new` and `stackref move`; at every
ply the legal moves of the Python reading and of `stackref moves` are the
same moves (a move whose paths were merged may be written by any of them),
and so are the end of the game and its result; every 10 plies stackref's
perft 2 of the record equals the reading's.  Set-up positions (kings
and men scattered, a FEN tag) are compared the same way, with the moves of
the position after each legal move; the FEN's colour letters are the ones
stackref writes for the start position.  Random games from random
set-ups (--from-setups) put kings beside men from the first ply and
mostly move again the piece that moved last, so that Frisian's limit on
a king's plain moves in a row binds.  Prints `PASS: ...` or
`FAIL: ...` lines; exit status 1 when anything failed.  Standard library
only."""

import argparse
import os
import random
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import frisian            # noqa: E402
import turkish            # noqa: E402
from common2 import Stackref, result_tag  # noqa: E402


class TurkishGame(turkish.Turkish):
    """turkish.py with what the set-ups need"""
    square_name = staticmethod(turkish.name)

    def random_setup(self, rng):
        """a position with a few men and kings of each side"""
        board = {}
        for colour in (turkish.WHITE, turkish.BLACK):
            for _ in range(rng.randint(1, 7)):
                sq = (rng.randrange(8), rng.randrange(8))
                king = rng.random() < 0.3
                if sq[1] in (0, 7) and not king:
                    continue  # men never stand on either back rank
                board[sq] = (colour, king)
        return board, rng.choice((turkish.WHITE, turkish.BLACK))


GAMES = {"turkish": TurkishGame(), "frisian": frisian.Frisian()}


def perft(game, pos, depth):
    if depth == 0:
        return 1
    ms = game.move_list(pos)
    if depth == 1:
        return len(ms)
    return sum(perft(game, p, depth - 1) for _, p in ms)


def pair(mine, theirs):
    """{stackref text: next position} when the two lists are the same
    moves, else a message"""
    out = {}
    left = set(theirs)
    for texts, p in mine:
        hit = [t for t in texts if t in left]
        if len(hit) != 1:
            return "python's %s: %s in stackref's list" % (
                texts[0], "not" if not hit else "twice")
        left.discard(hit[0])
        out[hit[0]] = p
    if left:
        return "stackref only: " + " ".join(sorted(left))
    return out


def pick(rng, texts, played, again):
    """a random move of texts; when again, mostly one by the piece that
    made the mover's last move (a king on a run of plain moves)"""
    if again and len(played) >= 2:
        last = re.split("[-x:]", played[-2])[-1]
        same = [t for t in texts if re.split("[-x:]", t)[0] == last]
        if same and rng.random() < 0.8:
            return rng.choice(same)
    return rng.choice(texts)


def play(sr, game, seed, cap, letters=None):
    """one random game, from a random set-up when letters (fen_letters)
    are given; None when both agree, else a message"""
    rng = random.Random(seed)
    record = sr.out(["new", game.name, "-o", "-"])
    pos = game.start()
    while letters is not None:
        pos = game.random_setup(rng)
        if game.move_list(pos):
            record = sr.out(["new", game.name, "-t", "FEN=" + setup_fen(
                game, pos, letters), "-o", "-"])
            break
    played = []
    for ply in range(cap + 1):
        where = "%s seed %d ply %d (after %s)" % (
            game.name, seed, ply, " ".join(played[-6:]) or "the start")
        theirs = sr.out(["moves", "-"], record).split()
        moves = pair(game.move_list(pos), theirs)
        if isinstance(moves, str):
            return "%s: moves differ: %s" % (where, moves)
        want = game.result(pos) or "*"
        if result_tag(record) != want:
            return "%s: result python %s, stackref %s" % (
                where, want, result_tag(record))
        if ply % 10 == 5:
            got = sr.out(["perft", "-", "2"], record).split()
            if int(got[-1]) != perft(game, pos, 2):
                return "%s: perft 2 python %d, stackref %s" % (
                    where, perft(game, pos, 2), got[-1])
        if want != "*" or ply == cap:
            return None
        text = pick(rng, sorted(moves), played, letters is not None)
        st, out, err = sr.run(["move", "-o", "-", "-", text], record)
        if st != 0:
            return "%s: stackref refused %s: %s" % (where, text, err.strip())
        record, pos = out, moves[text]
        played.append(text)
    return None


def fen_letters(sr, game):
    """stackref's FEN letters of (White, Black): the colour of the list
    that holds White's first square in its start position, then the
    other"""
    white = min(sq for sq, (c, _) in game.start()[0].items() if c == 0)
    fen = sr.out(["show", "--format", "fen", "-"],
                 sr.out(["new", game.name, "-o", "-"])).strip()
    for part in fen.split(":")[1:]:
        if game.square_name(white) in part[1:].split(","):
            return part[0], "W" if part[0] == "B" else "B"
    raise RuntimeError("no %s in the start FEN %s" % (
        game.square_name(white), fen))


def setup_fen(game, pos, letters):
    board, side = pos[0], pos[1]
    lists = []
    for colour in (0, 1):
        sqs = [("K" if k else "") + game.square_name(sq)
               for sq, (c, k) in sorted(board.items()) if c == colour]
        lists.append(letters[colour] + ",".join(sqs))
    return "%s:%s:%s" % (letters[side], lists[0], lists[1])


def check_setup(sr, game, pos, letters, where):
    """None when stackref and the reading agree in pos and after each of
    its moves, else a message"""
    fen = setup_fen(game, pos, letters)
    record = sr.out(["new", game.name, "-t", "FEN=" + fen, "-o", "-"])
    moves = pair(game.move_list(pos), sr.out(["moves", "-"], record).split())
    if isinstance(moves, str):
        return "%s %s: %s" % (where, fen, moves)
    for text, nxt in sorted(moves.items()):
        after = sr.out(["move", "-o", "-", "-", text], record)
        theirs = sr.out(["moves", "-"], after).split()
        got = pair(game.move_list(nxt), theirs)
        if isinstance(got, str):
            return "%s %s after %s: %s" % (where, fen, text, got)
    return None


def setups(sr, game, n, seed):
    rng = random.Random(seed)
    letters = fen_letters(sr, game)
    fails = []
    for i in range(n):
        pos = game.random_setup(rng)
        if not game.move_list(pos):
            continue
        m = check_setup(sr, game, pos, letters, "%s set-up %d" % (
            game.name, i))
        if m:
            fails.append(m)
    return fails


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--stackref", required=True)
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--plies", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--perft", type=int, default=0)
    ap.add_argument("--setups", type=int, default=0)
    ap.add_argument("--from-setups", action="store_true")
    ap.add_argument("game", nargs="+")
    a = ap.parse_args()
    sr = Stackref(a.stackref)
    bad = 0
    for name in a.game:
        game = GAMES[name]
        if a.perft:
            for d in range(1, a.perft + 1):
                got = sr.out(["perft", name, str(d)]).split()[-1]
                want = perft(game, game.start(), d)
                ok = int(got) == want
                bad += not ok
                print("%s: %s perft %d: python %d, stackref %s" % (
                    "PASS" if ok else "FAIL", name, d, want, got))
            continue
        if a.setups:
            fails = setups(sr, game, a.setups, a.seed)
            what = "%d set-up positions agree" % a.setups
        else:
            letters = fen_letters(sr, game) if a.from_setups else None
            fails = [m for m in (play(sr, game, a.seed + i, a.plies, letters)
                                 for i in range(a.games)) if m]
            what = "%d random games%s agree at every ply" % (
                a.games, " from set-ups" if a.from_setups else "")
        bad += len(fails)
        for m in fails[:5]:
            print("FAIL: " + m)
        if not fails:
            print("PASS: %s: %s" % (name, what))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
