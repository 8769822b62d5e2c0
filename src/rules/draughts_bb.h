/*
 * draughts_bb.h - the bitboard half of draughts.c, written once for a
 * bitboard type: draughts.c includes it once per type, with
 *   DBB            the type (uint64_t, unsigned __int128),
 *   DW(name)       name with the type's suffix,
 *   DBB_CTZ(b)     the index of the lowest set bit of b != 0,
 *   DBB_POP(b)     the number of set bits of b,
 *   DBB_WORDS(w)   the DBB of the two 64-bit words w[0], w[1],
 *   DBB_STRAIGHT   1 to play the straight captures of a variant that
 *                  has them (draughts_variant.straight), else 0,
 *   DBB_RUNS       1 to keep the kings' runs of plain moves for a
 *                  variant that limits them (king_moves), else 0;
 * the variants without either play the copy that has neither.
 * Private to draughts.c: no include guard.
 */

/* The directions captures take. */
enum { DW(ndirs) = DBB_STRAIGHT ? GRID_NDIRS_ALL : GRID_NDIRS };

/* A position as far as moving goes, with what the variant's board
 * needs at hand. */
struct DW(board) {
	DBB own[2];             /* each side's pieces */
	DBB kings;
	DBB empty;              /* the playing squares with nothing on them */
	DBB crown[2];           /* the row where each side's men are crowned */
	int sh[DW(ndirs)];      /* grid_shift of each direction */
#if DBB_RUNS
	DBB runner[2];          /* each side's king on a run of plain moves,
				 * or 0 */
	unsigned run[2];        /* the plain moves of that run */
#endif
	unsigned turn;
	const struct draughts_variant *v;
	const struct grid_map *map;
};

static inline DBB
DW(step)(DBB b, int s)
{
	return s > 0 ? b << s : b >> -s;
}

static inline DBB
DW(bit)(unsigned i)
{
	return (DBB)1 << i;
}

/* The squares of b a step in direction d from the squares of x reaches. */
static inline DBB
DW(go)(const struct DW(board) *b, DBB x, int d)
{
#if DBB_STRAIGHT
	return DW(step)(x, b->sh[d]) & DBB_WORDS(b->map->into[d]);
#else
	return DW(step)(x, b->sh[d]);
#endif
}

/* The king of the side to move that may not make a plain move now (it
 * has made the variant's limit of them in a row and its side has men),
 * or 0. */
static inline DBB
DW(stuck)(const struct DW(board) *b)
{
#if DBB_RUNS
	unsigned s = b->turn;

	if (b->v->king_moves != 0 && b->run[s] >= b->v->king_moves &&
	    (b->own[s] & ~b->kings) != 0)
		return b->runner[s];
#else
	(void)b;
#endif
	return 0;
}

/* Whether a man of side may capture in direction d. */
static inline int
DW(man_may)(const struct DW(board) *b, unsigned side, int d)
{
	return b->v->men_back || (side == 0 ? d >= GRID_UP_LEFT :
	    d < GRID_UP_LEFT);
}

#if DBB_RUNS
/* The runs of p->run (model.h: the king's square << 2 | its moves). */
static void
DW(read_runs)(struct DW(board) *b, const struct pos *p)
{
	unsigned s, sq;

	for (s = 0; s < 2; s++) {
		sq = p->run[s] >> 2;
		if (p->run[s] == 0 || sq >= p->nsquares)
			continue;
		b->runner[s] = DW(bit)(b->map->bit[sq]);
		b->run[s] = p->run[s] & 3u;
	}
}
#endif

static void
DW(read_fresh)(struct DW(board) *b, const struct draughts_variant *v,
    const struct pos *p)
{
	const struct grid_map *m = grid_map(&v->grid);
	unsigned sq, n = p->nsquares < POS_SQUARES ? p->nsquares : POS_SQUARES;
	int d;

	memset(b, 0, sizeof(*b));
	b->v = v;
	b->map = m;
	b->turn = p->turn;
	for (d = 0; d < DW(ndirs); d++)
		b->sh[d] = grid_shift(&v->grid, (enum grid_dir)d);
	b->crown[0] = DBB_WORDS(m->crown[0]);
	b->crown[1] = DBB_WORDS(m->crown[1]);
	for (sq = 0; sq < n; sq++) {
		const struct stack *s = &p->sq[sq];

		if (s->height == 0)
			continue;
		b->own[stack_top_side(s)] |= DW(bit)(m->bit[sq]);
		if (stack_top_crowned(s))
			b->kings |= DW(bit)(m->bit[sq]);
	}
	b->empty = DBB_WORDS(m->all) & ~(b->own[0] | b->own[1]);
#if DBB_RUNS
	DW(read_runs)(b, p);
#endif
}

/* The last position read and its board, so that a replay, which reads
 * each position to check its move, reads the next by the squares its
 * move changed (DW(memo_moved)).  Its board's map is grid_map's, which
 * holds one grid at a time: taken again at each use.  The squares and the board always
 * agree: a position is taken from the memo only when its squares,
 * turn and runs are the memo's byte for byte (padding too: a
 * difference there only costs a fresh read). */
struct DW(memo) {
	const struct draughts_variant *v;
	struct stack sq[POS_SQUARES];
	unsigned n;
	uint8_t turn, run[2];
	int valid;
	struct DW(board) b;
};

static _Thread_local struct DW(memo) DW(last);

static int
DW(memo_holds)(const struct draughts_variant *v, const struct pos *p,
    unsigned n)
{
	const struct DW(memo) *m = &DW(last);

	return m->valid && m->v == v && m->n == n && m->turn == p->turn &&
	    memcmp(m->run, p->run, sizeof(m->run)) == 0 &&
	    memcmp(m->sq, p->sq, n * sizeof(p->sq[0])) == 0;
}

static void
DW(read)(struct DW(board) *b, const struct draughts_variant *v,
    const struct pos *p)
{
	struct DW(memo) *m = &DW(last);
	unsigned n = p->nsquares < POS_SQUARES ? p->nsquares : POS_SQUARES;

	if (DW(memo_holds)(v, p, n)) {
		*b = m->b;
		b->map = grid_map(&v->grid);    /* one map at a time */
		return;
	}
	DW(read_fresh)(b, v, p);
	m->v = v;
	m->n = n;
	m->turn = p->turn;
	memcpy(m->run, p->run, sizeof(m->run));
	memcpy(m->sq, p->sq, n * sizeof(p->sq[0]));
	m->b = *b;
	m->valid = 1;
}

/* The memo takes square sq of p, a position of the variant whose
 * board map is map. */
static void
DW(memo_take)(const struct pos *p, const struct grid_map *map, unsigned sq)
{
	struct DW(memo) *m = &DW(last);
	const struct stack *s = &p->sq[sq];
	DBB at;

	if (sq >= m->n)
		return;
	at = DW(bit)(map->bit[sq]);
	memcpy(&m->sq[sq], s, sizeof(*s));
	m->b.own[0] &= ~at;
	m->b.own[1] &= ~at;
	m->b.kings &= ~at;
	if (s->height != 0) {
		m->b.own[stack_top_side(s)] |= at;
		if (stack_top_crowned(s))
			m->b.kings |= at;
	}
}

/* After the move mv of v made on p (p as it now is): the memo takes
 * the squares mv changed, the turn and the runs. */
static void
DW(memo_moved)(const struct draughts_variant *v, const struct pos *p,
    const struct move *mv)
{
	struct DW(memo) *m = &DW(last);
	const struct grid_map *map;
	unsigned i;

	if (!m->valid || m->v != v)
		return;
	map = m->b.map = grid_map(&v->grid);
	DW(memo_take)(p, map, mv->step[0].from);
	DW(memo_take)(p, map, mv->step[mv->nsteps - 1].to);
	for (i = 0; i < mv->nsteps; i++)
		if (mv->step[i].over != SQ_NONE)
			DW(memo_take)(p, map, mv->step[i].over);
	m->b.empty = DBB_WORDS(map->all) & ~(m->b.own[0] | m->b.own[1]);
	m->turn = p->turn;
	m->b.turn = p->turn;
	memcpy(m->run, p->run, sizeof(m->run));
#if DBB_RUNS
	memset(m->b.runner, 0, sizeof(m->b.runner));
	memset(m->b.run, 0, sizeof(m->b.run));
	DW(read_runs)(&m->b, p);
#endif
}

/* ---- Captures ----------------------------------------------------- */

/* A capture being followed from one origin. */
struct DW(walk) {
	const struct DW(board) *b;
	DBB empty;              /* empty squares, the origin included */
	DBB enemy;              /* enemy pieces not yet taken */
	DBB taken;
	unsigned from, n, kings_taken;
	unsigned king_order;    /* bit 15 - i set: the i-th piece taken (of
				 * the first 16) is a king */
	int king;               /* moving as a king now */
	int was_king;           /* a king when the move began */
	int dir;                /* of the last jump, -1 before the first */
	int near;               /* the last jump landed next to its piece */
	uint8_t land[DRAUGHTS_MAX_JUMPS];
	uint8_t over[DRAUGHTS_MAX_JUMPS];
	int (*visit)(void *ctx, const struct DW(walk) *w, unsigned at);
	void *ctx;
};

static int DW(walk_from)(struct DW(walk) *w, unsigned at);

/* Takes the piece on bit over, lands on bit land (next to it: near),
 * jumping in direction d, goes on. */
static int
DW(take)(struct DW(walk) *w, unsigned over, unsigned land, int d, int near)
{
	DBB o = DW(bit)(over);
	int king = w->king, k = (w->b->kings & o) != 0, rc;
	int dir = w->dir, was_near = w->near;

	if (w->n >= DRAUGHTS_MAX_JUMPS)
		return 0;
	w->over[w->n] = (uint8_t)over;
	w->land[w->n++] = (uint8_t)land;
	w->enemy &= ~o;
	w->taken |= o;
	if (w->b->v->take_at_once)
		w->empty |= o;
	w->kings_taken += (unsigned)k;
	if (k && w->n <= 16)
		w->king_order |= 1u << (16 - w->n);
	if (!w->king && w->b->v->crown_on_pass &&
	    (w->b->crown[w->b->turn] & DW(bit)(land)))
		w->king = 1;
	w->dir = d;
	w->near = near;
	rc = DW(walk_from)(w, land);
	w->dir = dir;
	w->near = was_near;
	w->king = king;
	if (k && w->n <= 16)
		w->king_order &= ~(1u << (16 - w->n));
	w->kings_taken -= (unsigned)k;
	if (w->b->v->take_at_once)
		w->empty &= ~o;
	w->taken &= ~o;
	w->enemy |= o;
	w->n--;
	return rc;
}

/* Whether a king of walk w that has taken the piece t (a bit) can
 * capture again from the bit l: a capture may not stop on a square
 * from which it could go on. */
static int
DW(goes_on)(const struct DW(walk) *w, DBB t, DBB l, int straight)
{
	DBB enemy = w->enemy & ~t, empty = w->empty, s;
	int d;

	for (d = 0; d < DW(ndirs); d++) {
		if (d == straight)
			continue;
		s = DW(go)(w->b, l, d);
		while (s & empty)
			s = DW(go)(w->b, s, d);
		if ((s & enemy) && (DW(go)(w->b, s, d) & empty))
			return 1;
	}
	return 0;
}

/* The landing squares beyond the piece t (a bit) in direction s: for
 * a flying king every empty square up to the next piece, those it can
 * capture again from when there are such. */
static DBB
DW(landings)(const struct DW(walk) *w, DBB t, int d)
{
	DBB l = DW(go)(w->b, t, d) & w->empty, near = l, all = 0, on = 0;

	if (!(w->king && w->b->v->flying) || w->b->v->land_near)
		return l;
	for (; l != 0; l = DW(go)(w->b, l, d) & w->empty) {
		all |= l;
		if (DW(goes_on)(w, t, l, l == near ? -1 : d))
			on |= l;
	}
	return on != 0 ? on : all;
}

/* Follows the jumps from bit at in direction d; *found set if any. */
static int
DW(walk_dir)(struct DW(walk) *w, unsigned at, int d, int *found)
{
	int s = w->b->sh[d], rc = 0;
	DBB prey = w->enemy, t = DW(go)(w->b, DW(bit)(at), d), l;

	if (!w->king && w->b->v->men_spare_kings)
		prey &= ~w->b->kings;
	if (w->king && w->b->v->flying)
		while (t & w->empty)
			t = DW(go)(w->b, t, d);
	if (!(t & prey))
		return 0;
	l = DW(landings)(w, t, d);
	/* nearer landing squares first */
	while (l != 0 && rc == 0) {
		DBB one = s > 0 ? l & -l : DW(bit)(DBB_BITS - 1u - DBB_CLZ(l));

		*found = 1;
		rc = DW(take)(w, DBB_CTZ(t), DBB_CTZ(one), d,
		    one == DW(go)(w->b, t, d));
		l &= ~one;
	}
	return rc;
}

static int
DW(walk_from)(struct DW(walk) *w, unsigned at)
{
	int d, rc = 0, found = 0;

	/* A king going on straight after a jump does so from the first
	 * square beyond the piece it took: where else it might have
	 * stopped on the way makes no other path. */
	for (d = 0; d < DW(ndirs) && rc == 0; d++)
		if ((w->king || DW(man_may)(w->b, w->b->turn, d)) &&
		    (d != w->dir || w->near))
			rc = DW(walk_dir)(w, at, d, &found);
	if (rc != 0 || found || w->n == 0)
		return rc;
	return w->visit(w->ctx, w, at);
}

/* Walks the captures from bit from. */
static int
DW(captures_from)(const struct DW(board) *b, unsigned from,
    int (*visit)(void *, const struct DW(walk) *, unsigned), void *ctx)
{
	struct DW(walk) w;

	w.b = b;
	w.empty = b->empty | DW(bit)(from);
	w.enemy = b->own[b->turn ^ 1u];
	w.taken = 0;
	w.from = from;
	w.n = w.kings_taken = w.king_order = 0;
	w.king = w.was_king = (b->kings & DW(bit)(from)) != 0;
	w.dir = -1;
	w.near = 0;
	w.visit = visit;
	w.ctx = ctx;
	return DW(walk_from)(&w, from);
}

/* The pieces of the side to move that may be able to capture: men
 * next to a piece they may take with an empty square beyond, and every
 * king (whose rays are walked). */
static DBB
DW(capturers)(const struct DW(board) *b)
{
	DBB men = b->own[b->turn] & ~b->kings, prey = b->own[b->turn ^ 1u];
	DBB from = 0, x;
	int d;

	if (b->v->men_spare_kings)
		prey &= ~b->kings;
	for (d = 0; d < DW(ndirs); d++) {
		if (!DW(man_may)(b, b->turn, d))
			continue;
		x = DW(go)(b, DW(go)(b, men, d) & prey, d) & b->empty;
		from |= DW(step)(DW(step)(x, -b->sh[d]), -b->sh[d]);
	}
	return from | (b->own[b->turn] & b->kings);
}

/* Whether the king on bit at can capture. */
static int
DW(king_captures)(const struct DW(board) *b, DBB at)
{
	DBB enemy = b->own[b->turn ^ 1u], t;
	int d;

	for (d = 0; d < DW(ndirs); d++) {
		t = DW(go)(b, at, d);
		if (b->v->flying)
			while (t & b->empty)
				t = DW(go)(b, t, d);
		if ((t & enemy) && (DW(go)(b, t, d) & b->empty))
			return 1;
	}
	return 0;
}

/* Whether the side to move has a capture. */
static int
DW(has_capture)(const struct DW(board) *b)
{
	DBB c = DW(capturers)(b), k;

	if (c & ~b->kings)
		return 1;
	for (k = c; k != 0; k &= k - 1)
		if (DW(king_captures)(b, k & -k))
			return 1;
	return 0;
}

/* One capture path in brief: enough to count it, merge it with another
 * or play it. */
struct DW(rec) {
	DBB taken;
	uint32_t score;
	uint8_t from, to, king, keep;
};

/* The captures of one position, kept in the scratch list. */
struct DW(node) {
	struct DW(rec) *r;
	unsigned n, cap;
	int full;               /* the list ran out of room */
};

static _Thread_local struct DW(rec) DW(arena)[DRAUGHTS_ARENA];
static _Thread_local unsigned DW(top);

/* What the majority rule weighs of a capture: greater is preferred. */
static uint32_t
DW(score)(const struct DW(walk) *w)
{
	switch (w->b->v->majority) {
	case DRAUGHTS_MOST:
		return w->n;
	case DRAUGHTS_MOST_KINGS:
		return w->n << 8 | w->kings_taken;
	case DRAUGHTS_KING_FIRST:
		return (uint32_t)w->was_king;
	case DRAUGHTS_VALUE:
		return ((w->n + w->kings_taken) * 64u - w->kings_taken) << 1 |
		    (uint32_t)w->was_king;
	case DRAUGHTS_ITALIAN:
		/* then the king met first, the second king, ... */
		return w->n << 24 | (uint32_t)w->was_king << 23 |
		    w->kings_taken << 16 | w->king_order;
	default:
		return 0;
	}
}

/* The record of the path of w that ends on bit at. */
static void
DW(brief)(const struct DW(walk) *w, unsigned at, struct DW(rec) *r)
{
	r->taken = w->taken;
	r->score = DW(score)(w);
	r->from = (uint8_t)w->from;
	r->to = (uint8_t)at;
	r->king = w->king || (w->b->crown[w->b->turn] & DW(bit)(at)) != 0;
	r->keep = 0;
}

static int
DW(rec_visit)(void *ctx, const struct DW(walk) *w, unsigned at)
{
	struct DW(node) *nd = ctx;

	if (nd->n == nd->cap) {
		nd->full = 1;
		return 1;
	}
	DW(brief)(w, at, &nd->r[nd->n++]);
	return 0;
}

/* Whether r takes what an earlier kept record q takes the same way. */
static int
DW(same)(const struct DW(rec) *q, const struct DW(rec) *r)
{
	return q->from == r->from && q->to == r->to && q->king == r->king &&
	    q->taken == r->taken;
}

/* Marks the legal captures of nd (the majority rule, and merged paths
 * unless all_paths); returns how many. */
static unsigned
DW(mark)(const struct DW(board) *b, struct DW(node) *nd, int all_paths)
{
	uint32_t best = 0;
	unsigned i, j, n = 0;
	int merge = b->v->merge_paths && !all_paths;

	for (i = 0; i < nd->n; i++)
		if (nd->r[i].score > best)
			best = nd->r[i].score;
	for (i = 0; i < nd->n; i++) {
		if (nd->r[i].score != best)
			continue;
		for (j = 0; merge && j < i; j++)
			if (nd->r[j].keep && DW(same)(&nd->r[j], &nd->r[i]))
				break;
		if (merge && j < i)
			continue;
		nd->r[i].keep = 1;
		n++;
	}
	return n;
}

/* Lists the captures of b in the scratch list (origins in square order
 * when ordered): 0, or -1 when the list has no room for them all. */
static int
DW(gather)(const struct DW(board) *b, struct DW(node) *nd, int ordered)
{
	DBB c = DW(capturers)(b);
	unsigned sq;

	nd->r = DW(arena) + DW(top);
	nd->cap = DRAUGHTS_ARENA - DW(top);
	nd->n = 0;
	nd->full = 0;
	if (ordered) {
		for (sq = 0; sq < grid_squares(&b->v->grid) && !nd->full; sq++)
			if (c & DW(bit)(b->map->bit[sq]))
				DW(captures_from)(b, b->map->bit[sq],
				    DW(rec_visit), nd);
	} else
		for (; c != 0 && !nd->full; c &= c - 1)
			DW(captures_from)(b, DBB_CTZ(c), DW(rec_visit), nd);
	if (nd->full)
		return -1;
	DW(top) += nd->n;
	return 0;
}

static void
DW(release)(const struct DW(node) *nd)
{
	DW(top) -= nd->n;
}

/* ---- Plain moves ------------------------------------------------- */

/* The squares the king on bit at reaches in direction d. */
static DBB
DW(king_ray)(const struct DW(board) *b, DBB at, int d)
{
	DBB r = 0, t = DW(step)(at, b->sh[d]) & b->empty;

	if (!b->v->flying)
		return t;
	for (; t != 0; t = DW(step)(t, b->sh[d]) & b->empty)
		r |= t;
	return r;
}

/* The squares the men reach in direction d (forward only). */
static DBB
DW(men_to)(const struct DW(board) *b, int d)
{
	unsigned s = b->turn;

	if (s == 0 ? d < GRID_UP_LEFT : d >= GRID_UP_LEFT)
		return 0;
	return DW(step)(b->own[s] & ~b->kings, b->sh[d]) & b->empty;
}

static uint64_t
DW(count_plain)(const struct DW(board) *b)
{
	DBB k = b->own[b->turn] & b->kings & ~DW(stuck)(b);
	uint64_t n = 0;
	int d;

	for (d = 0; d < GRID_NDIRS; d++)
		n += (uint64_t)DBB_POP(DW(men_to)(b, d));
	for (; k != 0; k &= k - 1)
		for (d = 0; d < GRID_NDIRS; d++)
			n += (uint64_t)DBB_POP(DW(king_ray)(b, k & -k, d));
	return n;
}

/* ---- Counting and perft ------------------------------------------ */

/* The child of b by the capture r. */
static void
DW(play_rec)(const struct DW(board) *b, const struct DW(rec) *r,
    struct DW(board) *c)
{
	unsigned s = b->turn;
	DBB from = DW(bit)(r->from), to = DW(bit)(r->to);

	*c = *b;
	c->own[s] = (c->own[s] & ~from) | to;
	c->own[s ^ 1u] &= ~r->taken;
	c->kings &= ~(r->taken | from);
	if (r->king)
		c->kings |= to;
	c->empty = (b->empty | from | r->taken) & ~to;
	c->turn = s ^ 1u;
#if DBB_RUNS
	c->runner[s] = 0;
	c->run[s] = 0;
#endif
}

#if DBB_RUNS
/* The run of the side to move of b in its child c by the plain move
 * from -> to: one more plain move of the king on it (up to the limit,
 * which is all that matters), a new run of another king, none after a
 * man's move. */
static void
DW(run_on)(const struct DW(board) *b, DBB from, DBB to, struct DW(board) *c)
{
	unsigned s = b->turn;

	c->runner[s] = 0;
	c->run[s] = 0;
	if (!(b->kings & from))
		return;
	c->runner[s] = to;
	c->run[s] = b->runner[s] == from ? b->run[s] + 1u : 1u;
	if (c->run[s] > b->v->king_moves)
		c->run[s] = b->v->king_moves;
}
#endif

/* The child of b by the plain move from -> to (bits). */
static void
DW(play_plain)(const struct DW(board) *b, DBB from, DBB to,
    struct DW(board) *c)
{
	unsigned s = b->turn;

	*c = *b;
	c->own[s] ^= from | to;
	if (b->kings & from)
		c->kings ^= from | to;
	else
		c->kings |= to & b->crown[s];
	c->empty ^= from | to;
	c->turn = s ^ 1u;
#if DBB_RUNS
	DW(run_on)(b, from, to, c);
#endif
}

static uint64_t DW(perft)(const struct DW(board) *b, unsigned depth,
    int all_paths);

/* The number of captures of b, one by one when the scratch list is
 * full (-1). */
static int64_t
DW(count_captures)(const struct DW(board) *b, int all_paths)
{
	struct DW(node) nd;
	unsigned n;

	if (DW(gather)(b, &nd, 0) == -1)
		return -1;
	n = DW(mark)(b, &nd, all_paths);
	DW(release)(&nd);
	return n;
}

static uint64_t
DW(perft_captures)(const struct DW(board) *b, unsigned depth,
    int all_paths, int *full)
{
	struct DW(node) nd;
	struct DW(board) c;
	uint64_t n = 0;
	unsigned i;

	if (DW(gather)(b, &nd, 0) == -1) {
		*full = 1;
		return 0;
	}
	DW(mark)(b, &nd, all_paths);
	for (i = 0; i < nd.n; i++)
		if (nd.r[i].keep) {
			DW(play_rec)(b, &nd.r[i], &c);
			n += DW(perft)(&c, depth - 1, all_paths);
		}
	DW(release)(&nd);
	return n;
}

static uint64_t
DW(perft_plain)(const struct DW(board) *b, unsigned depth, int all_paths)
{
	struct DW(board) c;
	DBB k = b->own[b->turn] & b->kings & ~DW(stuck)(b), to, r;
	uint64_t n = 0;
	int d;

	for (d = 0; d < GRID_NDIRS; d++)
		for (to = DW(men_to)(b, d); to != 0; to &= to - 1) {
			DW(play_plain)(b, DW(step)(to & -to, -b->sh[d]),
			    to & -to, &c);
			n += DW(perft)(&c, depth - 1, all_paths);
		}
	for (; k != 0; k &= k - 1)
		for (d = 0; d < GRID_NDIRS; d++)
			for (r = DW(king_ray)(b, k & -k, d); r != 0;
			    r &= r - 1) {
				DW(play_plain)(b, k & -k, r & -r, &c);
				n += DW(perft)(&c, depth - 1, all_paths);
			}
	return n;
}

/*
 * When the scratch list is full (a position with thousands of capture
 * paths), the captures are streamed: a first walk finds the best score,
 * a second takes each path of that score from the origins that have
 * one, and a path that merges with an earlier one is known by walking
 * its origin's paths again up to it (only from an origin with two paths
 * or more of that score: a single one merges with none).
 */
struct DW(stream) {
	const struct DW(board) *b;
	uint32_t best;
	int merge;
	unsigned ord;           /* paths seen from the current origin */
	uint32_t obest;         /* the best score from the current origin */
	unsigned ocount;        /* its paths of that score */
	struct DW(rec) want;    /* first_of_kind: the path looked for */
	unsigned want_ord, found_ord;
	int (*take)(void *ctx, const struct DW(walk) *w, unsigned at);
	void *ctx;
};

static int
DW(best_visit)(void *ctx, const struct DW(walk) *w, unsigned at)
{
	struct DW(stream) *st = ctx;
	uint32_t s = DW(score)(w);

	(void)at;
	if (s > st->obest) {
		st->obest = s;
		st->ocount = 0;
	}
	st->ocount += s == st->obest;
	return 0;
}

/* Stops at the first path of the best score that merges with want. */
static int
DW(kind_visit)(void *ctx, const struct DW(walk) *w, unsigned at)
{
	struct DW(stream) *st = ctx;
	struct DW(rec) r;

	DW(brief)(w, at, &r);
	if (r.score == st->best && DW(same)(&st->want, &r)) {
		st->found_ord = st->ord;
		return 1;
	}
	st->ord++;
	return 0;
}

static int
DW(stream_visit)(void *ctx, const struct DW(walk) *w, unsigned at)
{
	struct DW(stream) *st = ctx, look;
	unsigned ord = st->ord++;

	if (DW(score)(w) != st->best)
		return 0;
	if (st->merge) {
		look = *st;
		DW(brief)(w, at, &look.want);
		look.ord = 0;
		DW(captures_from)(st->b, w->from, DW(kind_visit), &look);
		if (look.found_ord != ord)
			return 0;
	}
	return st->take(st->ctx, w, at);
}

/* Calls take for each legal capture path of b from the squares of
 * only (origins in square order), merged paths once; 0 or what take
 * returned. */
static int
DW(stream)(const struct DW(board) *b, int all_paths, DBB only,
    int (*take)(void *, const struct DW(walk) *, unsigned), void *ctx)
{
	struct DW(stream) st;
	DBB c = DW(capturers)(b), many = 0;
	uint32_t obest[DBB_BITS];
	unsigned sq, bit, n = grid_squares(&b->v->grid);
	int rc = 0, merge = b->v->merge_paths && !all_paths;

	memset(&st, 0, sizeof(st));
	st.b = b;
	st.take = take;
	st.ctx = ctx;
	for (; c != 0; c &= c - 1) {
		bit = DBB_CTZ(c);
		st.obest = st.ocount = 0;
		DW(captures_from)(b, bit, DW(best_visit), &st);
		obest[bit] = st.obest;
		if (st.ocount > 1)
			many |= DW(bit)(bit);
		if (st.obest > st.best)
			st.best = st.obest;
	}
	c = DW(capturers)(b) & only;
	for (sq = 0; sq < n && c != 0 && rc == 0; sq++) {
		bit = b->map->bit[sq];
		if (!(c & DW(bit)(bit)) || obest[bit] != st.best)
			continue;       /* nothing of the best score from it */
		st.ord = 0;
		st.merge = merge && (many & DW(bit)(bit));
		rc = DW(captures_from)(b, bit, DW(stream_visit), &st);
	}
	return rc;
}

struct DW(tally) {
	int all_paths;
	unsigned depth;
	uint64_t n;
};

static int
DW(tally_visit)(void *ctx, const struct DW(walk) *w, unsigned at)
{
	struct DW(tally) *t = ctx;
	struct DW(board) c;
	struct DW(rec) r;

	if (t->depth <= 1) {
		t->n++;
		return 0;
	}
	DW(brief)(w, at, &r);
	DW(play_rec)(w->b, &r, &c);
	t->n += DW(perft)(&c, t->depth - 1, t->all_paths);
	return 0;
}

/* Leaves below the captures of b, streamed. */
static uint64_t
DW(perft_stream)(const struct DW(board) *b, unsigned depth, int all_paths)
{
	struct DW(tally) t = { all_paths, depth, 0 };

	DW(stream)(b, all_paths, ~(DBB)0, DW(tally_visit), &t);
	return t.n;
}

static uint64_t
DW(perft)(const struct DW(board) *b, unsigned depth, int all_paths)
{
	int64_t n;
	int full = 0;
	uint64_t sum;

	if (depth == 0)
		return 1;
	if (!DW(has_capture)(b))
		return depth == 1 ? DW(count_plain)(b) :
		    DW(perft_plain)(b, depth, all_paths);
	if (depth == 1 && (n = DW(count_captures)(b, all_paths)) >= 0)
		return (uint64_t)n;
	if (depth > 1) {
		sum = DW(perft_captures)(b, depth, all_paths, &full);
		if (!full)
			return sum;
	}
	return DW(perft_stream)(b, depth, all_paths);
}

/* ---- The moves in square numbers --------------------------------- */

struct DW(emit) {
	int (*visit)(void *ctx, const struct draughts_move *m);
	void *ctx;
};

static int
DW(emit_capture)(void *ctx, const struct DW(walk) *w, unsigned at)
{
	struct DW(emit) *e = ctx;
	const uint8_t *sq = w->b->map->sq;
	struct draughts_move m;
	unsigned i;

	m.from = sq[w->from];
	m.to = sq[at];
	m.n = (uint8_t)w->n;
	m.king = w->king || (w->b->crown[w->b->turn] & DW(bit)(at)) != 0;
	for (i = 0; i < w->n; i++) {
		m.land[i] = sq[w->land[i]];
		m.over[i] = sq[w->over[i]];
	}
	return e->visit(e->ctx, &m);
}

/* The plain moves from the square sq (a piece of the side to move). */
static int
DW(emit_plain_from)(const struct DW(board) *b, unsigned sq,
    struct DW(emit) *e)
{
	DBB at = DW(bit)(b->map->bit[sq]), to;
	struct draughts_move m;
	int d, rc = 0, king = (b->kings & at) != 0;

	if (at & DW(stuck)(b))
		return 0;
	memset(&m, 0, sizeof(m));
	m.from = (uint8_t)sq;
	for (d = 0; d < GRID_NDIRS && rc == 0; d++) {
		if (king)
			to = DW(king_ray)(b, at, d);
		else
			to = DW(men_to)(b, d) & DW(step)(at, b->sh[d]);
		/* nearer first: the ray runs away from at */
		while (to != 0 && rc == 0) {
			DBB t = b->sh[d] > 0 ? to & -to :
			    DW(bit)(DBB_BITS - 1u - DBB_CLZ(to));
			m.to = b->map->sq[DBB_CTZ(t)];
			m.king = king || (t & b->crown[b->turn]) != 0;
			rc = e->visit(e->ctx, &m);
			to &= ~t;
		}
	}
	return rc;
}

static int
DW(moves)(const struct draughts_variant *v, const struct pos *p,
    int (*visit)(void *ctx, const struct draughts_move *m), void *ctx)
{
	struct DW(board) b;
	struct DW(emit) e = { visit, ctx };
	unsigned sq, n = grid_squares(&v->grid);
	int rc = 0;

	DW(read)(&b, v, p);
	if (DW(has_capture)(&b))
		return DW(stream)(&b, 0, ~(DBB)0, DW(emit_capture), &e);
	for (sq = 0; sq < n && rc == 0; sq++)
		if (b.own[b.turn] & DW(bit)(b.map->bit[sq]))
			rc = DW(emit_plain_from)(&b, sq, &e);
	return rc;
}

/* The legal moves of p from the square sq, as DW(moves) lists them:
 * its captures (the majority rule weighing those of every piece; each
 * path when all_paths), or its plain moves when p has no capture. */
static int
DW(moves_from)(const struct draughts_variant *v, const struct pos *p,
    unsigned sq, int all_paths,
    int (*visit)(void *ctx, const struct draughts_move *m), void *ctx)
{
	struct DW(board) b;
	struct DW(emit) e = { visit, ctx };
	DBB at;

	DW(read)(&b, v, p);
	at = DW(bit)(b.map->bit[sq]);
	if (DW(has_capture)(&b))
		return DW(stream)(&b, all_paths, at, DW(emit_capture), &e);
	return b.own[b.turn] & at ? DW(emit_plain_from)(&b, sq, &e) : 0;
}

static uint64_t
DW(pos_perft)(const struct draughts_variant *v, const struct pos *p,
    unsigned depth, int all_paths)
{
	struct DW(board) b;

	DW(read)(&b, v, p);
	return DW(perft)(&b, depth, all_paths);
}
