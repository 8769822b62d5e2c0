"""brown.py - StackersTM (Mark R. Brown, 2004): an independent reading of
RULES.md section 3 and seed 000, for differential tests of stackref.

Board: 64 squares, index = rank * 8 + file, a1 = 0, h8 = 63 (chess
coordinates).  Black ("b", the first player) has home rank 1, Red ("r")
rank 8; 12 checkers each.  A stack is a string, top first.

Turns, as RULES.md reads them:
  placement (while fewer than 24 checkers are on the board): put one own
    checker on a square of one's home rank, empty or own-topped;
  shift: from a base A one controls, steps of "top h of A, exactly h
    squares in one of 8 directions", landing on an empty square or
    capturing an opponent-topped stack no higher than h (at most one
    capture a turn); the whole stack only as the only step; the turn ends
    when A's new top is the opponent's; moved parts do not move again;
  build: onto a base B one controls, steps taking the top h (1..all) of
    another own-topped stack exactly h squares in a line onto B; the turn
    ends when a contributor's remainder is opponent-topped;
  restack: a controlled stack into any different order.
No step passes over an opponent-topped stack.  Any prefix of a shift or
build is a turn of its own ("one or more steps").

Notation (SPEC.md): d1; c1-c4, c1xc4; c1:2-c3,1-d2; c1:3xc4;
a3+c3,c5:2+c3 (an origin equal to the previous step's is left out, a
count equal to the whole contributor is left out); c3=rbbbr.
"""

import itertools

from common import parse_fen, write_fen

NAME = "stackers-brown"
SIDES = ("b", "r")
HOME = {"b": 0, "r": 7}
DIRS = [(-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1)]
PER_SIDE = 12


def other(side):
    return "r" if side == "b" else "b"


def name(i):
    return "abcdefgh"[i % 8] + str(i // 8 + 1)


def index(sq):
    sq = sq.lower()
    f = "abcdefgh".index(sq[0])
    r = int(sq[1:]) - 1
    if not 0 <= r < 8:
        raise ValueError(sq)
    return r * 8 + f


def start():
    return ("b", ("",) * 64)


def from_fen(text):
    return parse_fen(text, index, 64)


def to_fen(pos):
    return write_fen(pos, name)


def on_board_count(board):
    return sum(len(s) for s in board)


def placement_phase(board):
    return on_board_count(board) < 2 * PER_SIDE


def controls(board, side):
    return any(s and s[0] == side for s in board)


def path_clear(board, side, frm, df, dr, n):
    """The n - 1 squares strictly between frm and frm + n * (df, dr) hold
    no opponent-topped stack."""
    f, r = frm % 8, frm // 8
    for k in range(1, n):
        s = board[(r + dr * k) * 8 + f + df * k]
        if s and s[0] != side:
            return False
    return True


def gen_place(side, board):
    placed = sum(s.count(side) for s in board)
    if placed >= PER_SIDE:
        return
    r = HOME[side]
    for f in range(8):
        i = r * 8 + f
        s = board[i]
        if s == "" or s[0] == side:
            nb = list(board)
            nb[i] = side + s
            yield (name(i), "place", (other(side), tuple(nb)))


def gen_shift(side, board, a):
    fa, ra = a % 8, a // 8

    def rec(board, text, captured, first):
        stack = board[a]
        height = len(stack)
        for h in range(1, height + 1):
            whole = h == height
            if whole and not first:
                continue
            for df, dr in DIRS:
                tf, tr = fa + df * h, ra + dr * h
                if not (0 <= tf < 8 and 0 <= tr < 8):
                    continue
                t = tr * 8 + tf
                target = board[t]
                if target == "":
                    kind = "-"
                elif target[0] != side and len(target) <= h and not captured:
                    kind = "x"
                else:
                    continue
                if not path_clear(board, side, a, df, dr, h):
                    continue
                nb = list(board)
                nb[a] = stack[h:]
                nb[t] = stack[:h] + target
                nb = tuple(nb)
                if first:
                    step = name(a) + ("" if whole else ":%d" % h)
                else:
                    step = text + ",%d" % h
                mtext = step + kind + name(t)
                yield (mtext, "shift", (other(side), nb))
                if whole or nb[a][0] != side:
                    continue
                yield from rec(nb, mtext, captured or kind == "x", False)

    yield from rec(board, "", False, True)


def line_between(c, b):
    """(df, dr, distance) from c to b when they share a rank, file or
    diagonal, else None."""
    df, dr = b % 8 - c % 8, b // 8 - c // 8
    if df != 0 and dr != 0 and abs(df) != abs(dr):
        return None
    n = max(abs(df), abs(dr))
    return ((df > 0) - (df < 0), (dr > 0) - (dr < 0), n)


def gen_build(side, board, b):
    lines = {}
    for c in range(64):
        if c != b:
            ln = line_between(c, b)
            if ln:
                lines[c] = ln

    def rec(board, text, prev):
        for c, (df, dr, d) in lines.items():
            s = board[c]
            if not s or s[0] != side or len(s) < d:
                continue
            if not path_clear(board, side, c, df, dr, d):
                continue
            nb = list(board)
            nb[c] = s[d:]
            nb[b] = s[:d] + board[b]
            nb = tuple(nb)
            step = "" if c == prev else name(c)
            if d < len(s):
                step += (":%d" if step else "%d") % d
            step += "+" + name(b)
            mtext = text + ("," if text else "") + step
            yield (mtext, "build", (other(side), nb))
            if nb[c] and nb[c][0] != side:
                continue
            yield from rec(nb, mtext, c)

    yield from rec(board, "", None)


def restack_count(board, side):
    n = 0
    for s in board:
        if s and s[0] == side:
            k = s.count("r")
            n += _binom(len(s), k) - 1
    return n


def _binom(n, k):
    r = 1
    for i in range(k):
        r = r * (n - i) // (i + 1)
    return r


def gen_restack(side, board, i):
    s = board[i]
    n, k = len(s), s.count("r")
    for reds in itertools.combinations(range(n), k):
        t = ["b"] * n
        for j in reds:
            t[j] = "r"
        t = "".join(t)
        if t == s:
            continue
        nb = list(board)
        nb[i] = t
        yield ("%s=%s" % (name(i), t), "restack", (other(side), tuple(nb)))


def gen_moves(pos, restacks=True):
    side, board = pos
    if placement_phase(board):
        yield from gen_place(side, board)
        return
    for i in range(64):
        s = board[i]
        if not s or s[0] != side:
            continue
        yield from gen_shift(side, board, i)
        yield from gen_build(side, board, i)
        if restacks:
            yield from gen_restack(side, board, i)


def _over(pos):
    side, board = pos
    if not placement_phase(board):
        for x in SIDES:
            if not controls(board, x):
                return x
    for _ in gen_moves(pos):
        return None
    return side


def result(pos):
    loser = _over(pos)
    if loser is None:
        return None
    return "0-1" if loser == "b" else "1-0"


def moves(pos, restacks=True):
    if result(pos):
        return []
    return list(gen_moves(pos, restacks))


def count_fast(pos):
    """The number of legal moves, restacks counted without listing them."""
    if result(pos):
        return 0
    side, board = pos
    n = sum(1 for _ in gen_moves(pos, restacks=False))
    if not placement_phase(board):
        n += restack_count(board, side)
    return n


def random_setup(rng):
    """A random movement-phase position (all 24 checkers on the board, in
    2 to 8 stacks of random colours), for tests that reach the end; one
    with fewer than 20000 shifts and builds."""
    while True:
        pos = _random_setup(rng)
        if sum(1 for _ in itertools.islice(gen_moves(pos, False),
                                           20000)) < 20000:
            return pos


def _random_setup(rng):
    k = rng.randint(2, 8)
    checkers = ["b"] * PER_SIDE + ["r"] * PER_SIDE
    rng.shuffle(checkers)
    cuts = sorted(rng.sample(range(1, 24), k - 1))
    parts = [checkers[i:j] for i, j in zip([0] + cuts, cuts + [24])]
    squares = rng.sample(range(64), k)
    board = [""] * 64
    for sq, part in zip(squares, parts):
        board[sq] = "".join(part)
    return (rng.choice(SIDES), tuple(board))
