"""mogensen.py - Stackers (Torben Mogensen, 2009): an independent reading
of RULES.md section 4 and seed 003, for differential tests of stackref.

Board: the 32 playable squares of checkers, numbered 1-32 the PDN way:
row (s - 1) // 4 counted from Black's side, and on even rows the squares
sit on the odd columns (1 is adjacent to 5 and 6, 5 to 1 and 9).  Black
("b", first) starts on 1-12, White ("w") on 21-32.  A stack is a string,
top first.

A turn: move a top section of k checkers (1..all) whose top and lowest
checkers are the mover's, order kept, to any diagonally adjacent square
(empty or any stack); or bear off the top checker of a stack on the
opponent's back row (Black: 29-32, White: 1-4) if it is the mover's.
No legal turn: "pass".  The first to have no checker left on the board
(all 12 borne off) wins.

Notation: 11-15 (whole stack), 11:2-15 (top 2), 4-off, pass.
"""

from common import parse_fen, write_fen

NAME = "stackers-mogensen"
SIDES = ("b", "w")
BACK = {"b": range(29, 33), "w": range(1, 5)}


def other(side):
    return "w" if side == "b" else "b"


def _coords(s):
    row = (s - 1) // 4
    col = 2 * ((s - 1) % 4) + (1 if row % 2 == 0 else 0)
    return row, col


_AT = {_coords(s): s for s in range(1, 33)}
NEIGH = {}
for _s in range(1, 33):
    _r, _c = _coords(_s)
    NEIGH[_s] = sorted(_AT[(_r + dr, _c + dc)]
                       for dr in (-1, 1) for dc in (-1, 1)
                       if (_r + dr, _c + dc) in _AT)


def index(sq):
    n = int(sq)
    if not 1 <= n <= 32:
        raise ValueError(sq)
    return n


def start():
    board = [""] * 33  # board[0] unused
    for s in range(1, 13):
        board[s] = "b"
    for s in range(21, 33):
        board[s] = "w"
    return ("b", tuple(board))


def from_fen(text):
    return parse_fen(text, index, 33)  # board[0] unused


def to_fen(pos):
    return write_fen(pos, str)


def on_board(board, side):
    return sum(s.count(side) for s in board)


def result(pos):
    side, board = pos
    nb, nw = on_board(board, "b"), on_board(board, "w")
    if nb and nw:
        return None
    if not nb and not nw:
        winner = other(side)  # the side that just moved
    else:
        winner = "b" if not nb else "w"
    return "1-0" if winner == "b" else "0-1"


def moves(pos):
    if result(pos):
        return []
    side, board = pos
    out = []
    for s in range(1, 33):
        st = board[s]
        if not st or st[0] != side:
            continue
        for k in range(1, len(st) + 1):
            if st[k - 1] != side:
                continue
            for t in NEIGH[s]:
                nb = list(board)
                nb[s] = st[k:]
                nb[t] = st[:k] + board[t]
                text = ("%d-%d" % (s, t) if k == len(st)
                        else "%d:%d-%d" % (s, k, t))
                out.append((text, "move", (other(side), tuple(nb))))
        if s in BACK[side]:
            nb = list(board)
            nb[s] = st[1:]
            out.append(("%d-off" % s, "off", (other(side), tuple(nb))))
    if not out:
        out.append(("pass", "pass", (other(side), board)))
    return out


def random_setup(rng):
    """A random position: each side with 1 to 12 checkers on the board, in
    stacks of random colours on random squares, some of them crowned (a
    crown means nothing in this game)."""
    checkers = (["b"] * rng.randint(1, 12) + ["w"] * rng.randint(1, 12))
    rng.shuffle(checkers)
    n = len(checkers)
    k = rng.randint(1, min(n, 12))
    cuts = sorted(rng.sample(range(1, n), k - 1)) if k > 1 else []
    parts = [checkers[i:j] for i, j in zip([0] + cuts, cuts + [n])]
    squares = rng.sample(range(1, 33), k)
    board = [""] * 33
    for sq, part in zip(squares, parts):
        board[sq] = "".join(part)
    return (rng.choice(SIDES), tuple(board))
