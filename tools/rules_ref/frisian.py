"""frisian.py - an independent reading of Frisian draughts (PDN GameType
40), written from the rules texts cited in stackref-rules(7) (the Frisian
draughts association's rules as Mindsports and Wikipedia restate them),
not from src/rules/.  Standard library only.

The board is the 50 dark squares of 10x10, (col, row) with col 0..9 from
White's left and row 0..9 from White's side, dark where col + row is even;
PDN numbers them 1 (row 9, col 1) to 50 (row 0, col 8), White on 31-50.
A position is (board, side, runs): board maps (col, row) -> (colour, king),
colour 0 White (first) and 1 Black; runs[colour] is (square, n): the king
of that colour that made the last n plain moves in a row, on square.

Run as a script, it prints perft from the start, both conventions, to
compare with the published table (dctl; FMJD forum thread 2822).
"""

import sys

WHITE, BLACK = 0, 1
DIAGONAL = ((1, 1), (-1, 1), (1, -1), (-1, -1))
STRAIGHT = ((2, 0), (-2, 0), (0, 2), (0, -2))  # the next dark square


def dark(sq):
    return 0 <= sq[0] < 10 and 0 <= sq[1] < 10 and (sq[0] + sq[1]) % 2 == 0


def number(sq):
    c, r = sq
    return (9 - r) * 5 + c // 2 + 1


def start():
    board = {}
    for r in range(10):
        for c in range(10):
            if dark((c, r)) and r < 4:
                board[(c, r)] = (WHITE, False)
            elif dark((c, r)) and r > 5:
                board[(c, r)] = (BLACK, False)
    return board, WHITE, {WHITE: None, BLACK: None}


def _chains(board, colour, king, at, path, taken, out):
    """the captures going on from AT; pieces taken stay on the board (they
    may not be jumped twice nor passed) until the move ends"""
    more = False
    for d in DIAGONAL + STRAIGHT:
        sq = (at[0] + d[0], at[1] + d[1])
        if king:
            while dark(sq) and sq not in board:
                sq = (sq[0] + d[0], sq[1] + d[1])
        if not dark(sq) or sq in taken or board.get(sq, (colour,))[0] == colour:
            continue
        victim = sq
        sq = (sq[0] + d[0], sq[1] + d[1])
        lands = []
        while dark(sq) and sq not in board:
            lands.append(sq)
            if not king:
                break
            sq = (sq[0] + d[0], sq[1] + d[1])
        for land in lands:
            more = True
            _chains(board, colour, king, land, path + [land],
                    taken + [victim], out)
    if not more and taken:
        out.append((path, taken))


def value(board, taken, with_king):
    """the order of captures: more value first (a king worth a little
    less than two men), then one made with a king"""
    kings = sum(1 for v in taken if board[v][1])
    big = 100
    return ((len(taken) + kings) * big - kings, with_king)


def moves(pos, all_paths=False):
    """[(path, taken, next position)]: the legal moves of POS, paths that
    take the same pieces between the same squares merged unless
    ALL_PATHS"""
    board, colour, runs = pos
    chains = []
    for sq, (c, king) in sorted(board.items()):
        if c == colour:
            lifted = dict(board)
            del lifted[sq]
            found = []
            _chains(lifted, colour, king, sq, [sq], [], found)
            chains += [(p, t, king) for p, t in found]
    if chains:
        best = max(value(board, t, k) for p, t, k in chains)
        chains = [(p, t) for p, t, k in chains
                  if value(board, t, k) == best]
    else:
        chains = _plain(board, colour, runs)
    out, seen = [], set()
    for p, t in chains:
        key = (p[0], p[-1], frozenset(t))
        if key in seen and not all_paths:
            continue
        seen.add(key)
        out.append((p, t, _after(pos, p, t)))
    return out


def _plain(board, colour, runs):
    men_left = any(c == colour and not k for c, k in board.values())
    out = []
    for sq, (c, king) in sorted(board.items()):
        if c != colour:
            continue
        if king and men_left and runs[colour] and \
                runs[colour] == (sq, 3):
            continue  # three plain moves in a row with this king
        dirs = DIAGONAL if king else \
            ((1, 1), (-1, 1)) if colour == WHITE else ((1, -1), (-1, -1))
        for d in dirs:
            to = (sq[0] + d[0], sq[1] + d[1])
            while dark(to) and to not in board:
                out.append(([sq, to], []))
                if not king:
                    break
                to = (to[0] + d[0], to[1] + d[1])
    return out


def _after(pos, path, taken):
    board, colour, runs = pos
    b = dict(board)
    piece = b.pop(path[0])
    for v in taken:
        del b[v]
    if path[-1][1] == (9 if colour == WHITE else 0):
        piece = (colour, True)
    b[path[-1]] = piece
    runs = dict(runs)
    if piece[1] and not taken and board[path[0]][1]:
        last = runs[colour]
        n = last[1] + 1 if last and last[0] == path[0] else 1
        runs[colour] = (path[-1], n)
    else:
        runs[colour] = None
    return b, 1 - colour, runs


class Frisian:
    """the reading in stackref's move text, for diff_orth.py: squares
    by number, captures joined by 'x' and written by their ends unless
    another legal move has the same ends"""
    name = "frisian"
    squares = [(c, r) for r in range(10) for c in range(10) if dark((c, r))]

    def start(self):
        return start()

    def position(self, board, side):
        """a set-up position: no king has moved yet"""
        return board, side, {WHITE: None, BLACK: None}

    def square_name(self, sq):
        return str(number(sq))

    def man_may_stand(self, sq, colour):
        """not on the row where it would have been crowned"""
        return sq[1] != (9 if colour == WHITE else 0)

    def random_setup(self, rng):
        """a position with a few men and kings of each side"""
        board = {}
        for colour in (WHITE, BLACK):
            for _ in range(rng.randint(1, 9)):
                sq = rng.choice(self.squares)
                king = rng.random() < 0.3
                if king or self.man_may_stand(sq, colour):
                    board[sq] = (colour, king)
        return self.position(board, rng.choice((WHITE, BLACK)))

    def move_list(self, pos):
        """[(texts, next position)]: each legal move once, with every text
        that writes it whole"""
        ms = moves(pos, True)
        merged = {}
        for path, taken, nxt in ms:
            merged.setdefault((path[0], path[-1], frozenset(taken)),
                              []).append((path, nxt))
        ends = {}
        for a, b, _ in merged:
            ends[(a, b)] = ends.get((a, b), 0) + 1
        out = []
        for (a, b, taken), ways in merged.items():
            sep = "x" if taken else "-"
            if ends[(a, b)] == 1:
                texts = [self.square_name(a) + sep + self.square_name(b)]
            else:
                texts = [sep.join(self.square_name(s) for s in p)
                         for p, _ in ways]
            out.append((texts, ways[0][1]))
        return out

    def result(self, pos):
        """None while the game goes on, else '1-0' (White won) or '0-1'"""
        if moves(pos):
            return None
        return "0-1" if pos[1] == WHITE else "1-0"


def perft(pos, depth, all_paths=False):
    if depth == 0:
        return 1
    ms = moves(pos, all_paths)
    if depth == 1:
        return len(ms)
    return sum(perft(p, depth - 1, all_paths) for _, _, p in ms)


if __name__ == "__main__":
    depth = int(sys.argv[1]) if len(sys.argv) > 1 else 5
    for d in range(1, depth + 1):
        print(d, perft(start(), d), perft(start(), d, True))
