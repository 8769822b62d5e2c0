#!/usr/bin/env python3
"""diff2.py - cross-checks stackref against an independent reading of the
rules of checkers, stackup, accasta-pari and accasta-pari-2010 (checkers.py,
accasta.py).

    diff2.py [--games N] [--plies N] [--seed N] [--jobs N] GAME...
    diff2.py --perft GAME...     perft from the start and from set-up
                                 and mid-game positions
    diff2.py --pdn FILE...       replays checkers records through both
    diff2.py --examples          RULES.md's worked examples and others

Random games: at every ply the legal-move set of the Python reading is
compared with `stackref moves` of the record so far (built with stackref
new and stackref move), and so is the end of the game and its result.
Prints one line per check, `PASS: ...` or `FAIL: ...` with the details;
exit status 1 when anything failed.  Standard library only."""

import argparse
import os
import random
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import accasta            # noqa: E402
import checkers           # noqa: E402
from common2 import (Stackref, result_tag, perft, pdn_games,  # noqa: E402
                     movetext_tokens, checkers_fen, stack_fen, path_match,
                     setup_record)

GAMES = {
    "checkers": checkers.Checkers(),
    "stackup": checkers.StackUp(),
    "accasta-pari": accasta.Accasta(),
    "accasta-pari-2010": accasta.Accasta2010(),
}


def key_of(game, pos):
    """a position as a comparable value (side, set of square entries)"""
    if game.name == "checkers":
        board, side = pos
        return side, frozenset((sq, c, k) for sq, (c, k) in board.items())
    if game.name == "stackup":
        board, side = pos
        return side, frozenset((str(sq), st) for sq, st in board.items())
    board, side = pos
    return side, frozenset((accasta.CELLS[xy], tuple((c, False) for c in st))
                           for xy, st in board.items())


def key_of_fen(game, fen):
    if game.name == "checkers":
        board, side = checkers_fen(fen)
        return side, frozenset((sq, c, k) for sq, (c, k) in board.items())
    letters = "bw" if game.name == "stackup" else "wb"
    side, board = stack_fen(fen, letters)
    if game.name.startswith("accasta-pari"):  # crowns mean nothing there
        board = {sq: tuple((c, False) for c, _ in st)
                 for sq, st in board.items()}
    return side, frozenset(board.items())


def pos_of_fen(game, fen):
    """the Python position of a FEN as stackref writes it"""
    if game.name == "checkers":
        return checkers_fen(fen)
    if game.name == "stackup":
        side, board = stack_fen(fen, "bw")
        return {int(sq): st for sq, st in board.items()}, side
    side, board = stack_fen(fen, "wb")
    return {accasta.NAMES[sq]: tuple(c for c, _ in st)
            for sq, st in board.items()}, side


def listing(moves, cut=12):
    moves = sorted(moves)
    s = " ".join(moves[:cut])
    return s + (" ..." if len(moves) > cut else "")


def play(sr, game, seed, cap):
    """one random game; returns (ok, plies, message)"""
    rng = random.Random(seed)
    record = sr.out(["new", game.name, "-o", "-"])
    pos = game.start()
    played = []
    for ply in range(cap + 1):
        where = "%s seed %d ply %d (after %s)" % (
            game.name, seed, ply, " ".join(played[-6:]) or "the start")
        want = game.result(pos)
        got = result_tag(record)
        ms = game.moves(pos)
        theirs = set(sr.out(["moves", "-"], record).split())
        if set(ms) != theirs:
            fen = sr.out(["show", "--format", "fen", "-"], record).strip()
            return False, ply, (
                "%s: moves differ at %s\n  python only: %s\n  stackref only: %s"
                % (where, fen, listing(set(ms) - theirs),
                   listing(theirs - set(ms))))
        if (want or "*") != got:
            fen = sr.out(["show", "--format", "fen", "-"], record).strip()
            return False, ply, ("%s: result differs at %s: python %s, "
                                "stackref %s" % (where, fen, want or "*", got))
        if want:
            break
        if ply == cap:
            break
        move = rng.choice(sorted(ms))
        st, out, err = sr.run(["move", "-o", "-", "-", move], record)
        if st != 0:
            return False, ply, "%s: stackref refused %s: %s" % (
                where, move, err.strip())
        record = out
        pos = ms[move]
        played.append(move)
    fen = sr.out(["show", "--format", "fen", "-"], record).strip()
    if key_of_fen(game, fen) != key_of(game, pos):
        return False, len(played), "%s seed %d: final positions differ: %s" % (
            game.name, seed, fen)
    return True, len(played), result_tag(record)


def random_games(sr, args):
    failed = 0
    for name in args.game:
        game = GAMES[name]
        seeds = [args.seed * 100000 + i for i in range(args.games)]
        with ThreadPoolExecutor(max_workers=args.jobs) as ex:
            res = list(ex.map(lambda s: play(sr, game, s, args.plies), seeds))
        bad = [r for r in res if not r[0]]
        plies = sum(r[1] for r in res)
        ends = {}
        for r in res:
            if r[0]:
                ends[r[2]] = ends.get(r[2], 0) + 1
        for r in bad[:5]:
            print("  " + r[2])
        word = "FAIL" if bad else "PASS"
        print("%s: rules_diff2 %s: %d random games, %d plies, %d differ "
              "(results %s)" % (word, name, len(res), plies, len(bad),
                                ", ".join("%s %d" % kv
                                          for kv in sorted(ends.items()))))
        failed += bool(bad)
    return failed


def perft_checks(sr, args):
    failed = 0
    depths = {"checkers": 6, "stackup": 6, "accasta-pari": 2,
              "accasta-pari-2010": 2}
    for name in args.game:
        game = GAMES[name]
        for d in range(1, depths[name] + 1):
            ours = perft(game, game.start(), d)
            theirs = int(sr.out(["perft", name, str(d)]).split()[-1])
            word = "PASS" if ours == theirs else "FAIL"
            failed += ours != theirs
            print("%s: rules_diff2 %s perft %d from the start: python %d, "
                  "stackref %d" % (word, name, d, ours, theirs))
        # mid-game positions: records of random games cut at a few plies
        rng = random.Random(args.seed)
        bad = 0
        n = 0
        for i in range(args.positions):
            record = sr.out(["new", name, "-o", "-"])
            pos = game.start()
            for _ in range(rng.randrange(6, 40)):
                ms = game.moves(pos)
                if not ms:
                    break
                m = rng.choice(sorted(ms))
                record = sr.out(["move", "-o", "-", "-", m], record)
                pos = ms[m]
            d = 3 if not name.startswith("accasta-pari") else (
                2 if i < 2 else 1)
            with tempfile.NamedTemporaryFile("w", suffix=".pdn") as f:
                f.write(record)
                f.flush()
                theirs = int(sr.out(["perft", f.name, str(d)]).split()[-1])
            ours = perft(game, pos, d)
            n += 1
            if ours != theirs:
                bad += 1
                fen = sr.out(["show", "--format", "fen", "-"], record).strip()
                print("  %s perft %d at %s: python %d, stackref %d"
                      % (name, d, fen, ours, theirs))
        print("%s: rules_diff2 %s perft from %d mid-game positions"
              % ("FAIL" if bad else "PASS", name, n))
        failed += bool(bad)
    return failed


def replay(sr, path, args):
    """replays every game of a checkers PDN file through the Python rules;
    a move that names no legal move, or two (unless the record's next
    plies decide, as stackref's reader does), stops the game.  Compares
    the final position with stackref's and perft 2 from it."""
    game = GAMES["checkers"]
    games = pdn_games(open(path, encoding="utf-8", errors="replace").read())
    rng = random.Random(args.seed)
    picked = list(range(len(games)))
    if args.sample and len(picked) > args.sample:
        picked = sorted(rng.sample(picked, args.sample))
    bad, plies, done, unreachable = 0, 0, 0, 0
    for gi in picked:
        tags, text = games[gi]
        if tags.get("GameType", "21").split(",")[0] != "21":
            continue
        pos = checkers_fen(tags["FEN"]) if "FEN" in tags else game.start()
        if not pos[0] or any(not k and checkers.far_row(c, sq)
                             for sq, (c, k) in pos[0].items()):
            # an empty board or a man on its crowning row: no game reaches
            # that, and stackref refuses it (stackref-pdn(5), Positions);
            # a question of the reader, not of the rules
            unreachable += 1
            continue
        toks = movetext_tokens(text)

        def walk(pos, i):
            """the positions after toks[i:] or None; up to 16 plies ahead
            decide between two paths"""
            if i == len(toks):
                return pos, i
            cands = path_match(toks[i], {t: v[0] for t, v in
                                         game.paths(pos).items()})
            if len(cands) == 1:
                return walk(game.moves(pos)[cands[0]], i + 1)
            best = None
            for c in cands:
                r = walk(game.moves(pos)[c], i + 1)
                if best is None or r[1] > best[1]:
                    best = r
            return best if best else (pos, i)
        end, n = walk(pos, 0)
        plies += n
        done += 1
        st, _, err = sr.run(["check", "-q", "--game", str(gi + 1), path])
        ok_sr = st == 0
        ok_py = n == len(toks)
        msg = None
        if ok_py != ok_sr:
            msg = "python %s, stackref %s" % (
                "replays it" if ok_py else "stops at move %d (%s)"
                % (n, toks[n]), "accepts it" if ok_sr else err.strip())
        elif ok_py:
            fen = sr.out(["show", "--format", "fen", "--game", str(gi + 1),
                          path]).strip()
            if key_of_fen(game, fen) != key_of(game, end):
                msg = "final positions differ: stackref %s" % fen
            elif game.result(end) is None:
                theirs = int(sr.out(["perft", "--game", str(gi + 1), path,
                                     "2"]).split()[-1])
                ours = perft(game, end, 2)
                if ours != theirs:
                    msg = "perft 2 at the end: python %d, stackref %d" % (
                        ours, theirs)
        if msg:
            bad += 1
            if bad <= 5:
                print("  %s game %d: %s" % (os.path.basename(path), gi + 1,
                                             msg))
    print("%s: rules_diff2 checkers replays %s: %d games, %d plies, "
          "%d differ (%d unreachable set-ups left out)"
          % ("FAIL" if bad else "PASS", os.path.basename(path), done, plies,
             bad, unreachable))
    return bool(bad)


# RULES.md's worked examples and a few positions that random games rarely
# reach: (game, FEN, moves that must be legal, moves that must not be).
EXAMPLES = [
    # RULES.md s5, the worked example from the seed's diagram
    ("accasta-pari", "b:g1=bbb,g2=bbb,g3=bbb,f3=bb,f4=bb,e1=bb,e2=b,d3=b,"
     "e4=bw,a1=www,a2=ww,a3=ww,b1=ww,b2=w,b4=www,b5=ww,d6=wwb,c4=wbw",
     ["e4:-e5", "f4:+e4"], ["e4:1-e5", "g3:xd6"]),
    ("accasta-pari", "b:g1=bbb,g2=bbb,g3=bbb,f3=bb,e1=bb,e2=b,d3=b,"
     "e4=bbbw,a1=www,a2=ww,a3=ww,b1=ww,b2=w,b4=www,b5=ww,d6=wwb,c4=wbw",
     ["e4:xb5", "g3:2xd6"], ["g3:xd6"]),
    ("accasta-pari", "w:g1=bbb,g2=bbb,g3=bbb,f3=bb,f4=bb,e1=bb,e2=b,d3=b,"
     "e4=bw,a1=www,a2=ww,a3=ww,b1=ww,b2=w,b4=www,b5=ww,d6=wwb,c4=wbw",
     ["d6:xf4"], []),
    # a release outside one's castle ends the turn; inside it is illegal
    ("accasta-pari", "w:d4=wbw,a1=w,g1=b",
     ["d4:1-d5", "d4:2-d5", "d4:2-d5,-d3"], ["d4:1-d5,1-d6", "d4:2-d5,-d6"]),
    # the third cell of Black's castle: the 2004 rule ends the game, the
    # 2010 rule lets Black reply (retaking f4 or not)
    ("accasta-pari", "b:e3=w,e4=w,f4=w,g3=b,a1=bbb", [], ["g3:xf4"]),
    ("accasta-pari-2010", "b:e3=w,e4=w,f4=w,g3=b,a1=bbb",
     ["g3:xf4", "a1:1-a2"], []),
    ("accasta-pari-2010", "w:e3=w,e4=w,f4=w,g3=b,a2=b,a1=bb", [], ["e3:-f3"]),
    # stackup: 14x23 takes the top of 18 = wB and releases a black king
    ("stackup", "b:14=b,18=wB,30=w", ["14x23"], ["14-17"]),
    ("stackup", "w:18=B,23=bw,30=w", ["30-25", "30-26"], []),
    ("stackup", "b:18=B,23=bw,30=w", ["18-14", "18-15", "18-22"], []),
    # checkers: a king's single jump and its round trip share both ends
    ("checkers", "B:W8,15,16,23,24:BK11",
     ["11x4", "11x18x27x20x11x4", "11x20x27x18x11x4"], ["11x18x27x20x11"]),
]


def random_fen(game, rng):
    """a random set-up position of GAME, as its FEN"""
    side = rng.randrange(2)
    if game.name == "checkers":
        sqs = rng.sample(range(1, 33), rng.randrange(2, 16))
        items = ([], [])
        for sq in sqs:
            c = rng.randrange(2)
            king = checkers.far_row(c, sq) or rng.random() < 0.4
            items[c].append(("K" if king else "") + str(sq))
        return "%s:W%s:B%s" % ("BW"[side], ",".join(items[1]),
                               ",".join(items[0]))
    if game.name == "stackup":
        left = [12, 12]
        ents = []
        for sq in rng.sample(range(1, 33), rng.randrange(2, 14)):
            st = ""
            for _ in range(rng.choice((1, 1, 2, 3, 4))):
                c = rng.randrange(2)
                if left[c]:
                    left[c] -= 1
                    st += "bw"[c].upper() if rng.random() < 0.3 else "bw"[c]
            if st:
                ents.append("%d=%s" % (sq, st))
        return "bw"[side] + ":" + ",".join(ents)
    left = [20, 20]
    ents = []
    for cell in rng.sample(sorted(accasta.NAMES), rng.randrange(2, 16)):
        st, n = "", [0, 0]
        for _ in range(rng.choice((1, 2, 3, 3, 4, 5, 6))):
            c = rng.randrange(2)
            if left[c] and n[c] < 3:
                left[c] -= 1
                n[c] += 1
                st += "wb"[c]
        if st:
            ents.append("%s=%s" % (cell, st))
    return "wb"[side] + ":" + ",".join(ents)


def random_positions(sr, args):
    """random set-up positions: tall stacks, buried and released kings,
    mixed stacks that play reaches rarely; the legal moves and the result
    of each, and of each position one move on"""
    failed = 0
    for name in args.game:
        game = GAMES[name]
        rng = random.Random(args.seed)
        n = bad = refused = ended = 0
        for _ in range(args.setups):
            fen = random_fen(game, rng)
            record = setup_record(name, fen)
            st, out, err = sr.run(["moves", "-"], record)
            if st != 0:
                refused += 1        # a position no game reaches
                continue
            pos = pos_of_fen(game, fen)
            for ply in range(2):
                n += 1
                ms = game.moves(pos)
                theirs = set(sr.out(["moves", "-"], record).split())
                want = game.result(pos) or "*"
                got = "*"
                for line in sr.out(["show", "-"], record).splitlines():
                    if line.startswith("result "):
                        got = line.split()[1].rstrip(":")
                ended += want != "*"
                if set(ms) != theirs or want != got:
                    bad += 1
                    if bad <= 5:
                        print("  %s at %s: python only: %s; stackref only: "
                              "%s; result python %s, stackref %s" % (
                                  name, sr.out(["show", "--format", "fen",
                                                "-"], record).strip(),
                                  listing(set(ms) - theirs),
                                  listing(theirs - set(ms)), want, got))
                    break
                if not ms:
                    break
                m = rng.choice(sorted(ms))
                record = sr.out(["move", "-o", "-", "-", m], record)
                pos = ms[m]
        print("%s: rules_diff2 %s %d random set-up positions, %d differ "
              "(%d over; %d set-ups refused as unreachable)"
              % ("FAIL" if bad else "PASS", name, n, bad, ended, refused))
        failed += bool(bad)
    return failed


def examples(sr):
    bad = 0
    for name, fen, legal, illegal in EXAMPLES:
        game = GAMES[name]
        ms = game.moves(pos_of_fen(game, fen))
        theirs = set(sr.out(["moves", "-"], setup_record(name, fen)).split())
        why = []
        if set(ms) != theirs:
            why.append("python only: %s; stackref only: %s" % (
                listing(set(ms) - theirs), listing(theirs - set(ms))))
        for m in legal:
            if m not in ms or m not in theirs:
                why.append("%s not legal in %s" % (
                    m, " and ".join(w for w, s in (("python", ms),
                                                    ("stackref", theirs))
                                    if m not in s)))
        for m in illegal:
            if m in ms or m in theirs:
                why.append("%s legal" % m)
        bad += bool(why)
        print("%s: rules_diff2 %s example %s%s" % (
            "FAIL" if why else "PASS", name, fen,
            " (%s)" % "; ".join(why) if why else ""))
    return bad


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("game", nargs="*")
    ap.add_argument("--stackref", default=os.environ.get("STACKREF",
                                                         "./stackref"))
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--plies", type=int, default=150)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--positions", type=int, default=6)
    ap.add_argument("--sample", type=int, default=0)
    ap.add_argument("--perft", action="store_true")
    ap.add_argument("--pdn", action="store_true")
    ap.add_argument("--examples", action="store_true")
    ap.add_argument("--setups", type=int, default=0,
                    help="random set-up positions of each game")
    args = ap.parse_args()
    sr = Stackref(args.stackref)
    if args.setups:
        failed = random_positions(sr, args)
    elif args.examples:
        failed = examples(sr)
    elif args.pdn:
        failed = sum(replay(sr, p, args) for p in args.game)
    elif args.perft:
        failed = perft_checks(sr, args)
    else:
        failed = random_games(sr, args)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
