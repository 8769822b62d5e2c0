/*
 * mogensen.c - Stackers, Torben Mogensen 2009 (RULES.md section 4).
 *
 * On the checkers board (board32), every piece is a stack.  A turn moves
 * a top section of a stack the mover controls, whose lowest checker is
 * also his, one square diagonally in any direction onto any square; or
 * bears off the mover's top checker of a stack on the opponent's back
 * row.  A player who controls no stack passes.  The first to bear off
 * all 12 checkers wins.
 *
 * Rulings where RULES.md is silent (also in the unit tests):
 * - A section landing on an empty square is STEP_MOVE, on any stack (own
 *   or enemy) STEP_ONTO: nothing is captured.  The writer uses '-'
 *   always; the reader takes '-', 'x', 'X' and U+00D7 alike.
 * - Canonical order: origin ascending; for each origin the section moves
 *   (count ascending, then target ascending), then its bear-off.
 * - Borne off = 12 minus the side's checkers on the board (never below
 *   0).  A side with none on the board has won; if both have none (no
 *   game reaches it, and a FEN may not set it up: rules_pos_check), the
 *   side that just moved (not to move) wins.
 * - Crowns mean nothing here; a crowned checker from a set-up position
 *   moves like any other and keeps its mark.
 * - A section move that would make a stack higher than STACK_MAX is not
 *   generated (unreachable with 24 checkers).
 * - Neither side can be without a turn in an unfinished game: any stack
 *   has a top, and a controlled stack can always move its top checker,
 *   so a pass is always followed by a real move.
 */
#include <stdio.h>
#include <string.h>

#include "rules/board32.h"
#include "rules/rules.h"

#define MG_CHECKERS 12    /* checkers per side */

extern const struct rules rules_mogensen;

static const char *const mg_won[2] = {
	"black has borne off all 12 checkers",
	"white has borne off all 12 checkers"
};

/* Checkers of side borne off in p: 12 minus those on the board. */
static unsigned
mg_borne(const struct pos *p, enum side side)
{
	unsigned on = pos_count(p, side);

	return on >= MG_CHECKERS ? 0 : MG_CHECKERS - on;
}

/* The winner of p, or -1 while the game goes on.  The side that just
 * moved is looked at first (see the rulings above). */
static int
mg_winner(const struct pos *p)
{
	enum side last = SIDE_OTHER(p->turn);

	if (mg_borne(p, last) == MG_CHECKERS)
		return last;
	if (mg_borne(p, (enum side)p->turn) == MG_CHECKERS)
		return p->turn;
	return -1;
}

/* Mask of side's checkers in s (bit 0 = bottom). */
static uint32_t
mg_mine(const struct stack *s, unsigned side)
{
	uint32_t all = s->height >= 32 ? 0xFFFFFFFFu :
	    ((uint32_t)1 << s->height) - 1;

	return side == SIDE_SECOND ? s->owner : ~s->owner & all;
}

/* The square one step from sq in direction d, or -1 off the board. */
static int
mg_next(unsigned sq, enum b32_dir d)
{
	uint32_t to = board32_shift((uint32_t)1 << sq, d);

	return to != 0 ? __builtin_ctz(to) : -1;
}

/* Whether sq holds a stack topped by side. */
static int
mg_controls(const struct pos *p, unsigned sq, unsigned side)
{
	return p->sq[sq].height > 0 && stack_top_side(&p->sq[sq]) == side;
}

/* Whether the section of the top k checkers of s is side's to move:
 * its lowest checker is side's. */
static int
mg_section_ok(const struct stack *s, unsigned k, unsigned side)
{
	return (mg_mine(s, side) >> (s->height - k)) & 1u;
}

/* The generator's state: one move reused for every emit. */
struct mg_gen {
	const struct pos *p;
	rules_emit_fn emit;
	void *ctx;
	struct move m;
	unsigned emitted;
};

static int
mg_emit_step(struct mg_gen *g, unsigned from, unsigned to, unsigned k,
    unsigned kind)
{
	g->m.step[0] = (struct step){ (uint8_t)from, (uint8_t)to, SQ_NONE,
	    (uint8_t)k, (uint8_t)kind };
	g->emitted++;
	return g->emit(g->ctx, &g->m);
}

/* Emits the moves of the top k checkers of sq, targets ascending. */
static int
mg_gen_section(struct mg_gen *g, unsigned sq, unsigned k)
{
	const struct stack *dst;
	int d, to, rc;

	for (d = 0; d < B32_NDIRS; d++) {
		if ((to = mg_next(sq, (enum b32_dir)d)) < 0)
			continue;
		dst = &g->p->sq[to];
		if (dst->height + k > STACK_MAX)
			continue;
		rc = mg_emit_step(g, sq, (unsigned)to, k,
		    dst->height == 0 ? STEP_MOVE : STEP_ONTO);
		if (rc != 0)
			return rc;
	}
	return 0;
}

/* Emits every turn starting at sq, a stack the mover controls. */
static int
mg_gen_origin(struct mg_gen *g, unsigned sq)
{
	const struct stack *s = &g->p->sq[sq];
	unsigned k, side = g->p->turn;
	int rc;

	for (k = 1; k <= s->height; k++)
		if (mg_section_ok(s, k, side) &&
		    (rc = mg_gen_section(g, sq, k)) != 0)
			return rc;
	if (board32_crown_row(sq, side))
		return mg_emit_step(g, sq, SQ_OFF, 1, STEP_BEAROFF);
	return 0;
}

static int
mogensen_generate(const struct pos *p, rules_emit_fn emit, void *ctx)
{
	struct mg_gen g;
	unsigned sq;
	int rc;

	if (mg_winner(p) >= 0)
		return 0;
	memset(&g, 0, sizeof(g));
	g.p = p;
	g.emit = emit;
	g.ctx = ctx;
	g.m.kind = MOVE_ORDINARY;
	g.m.nsteps = 1;
	for (sq = 0; sq < B32_SQUARES; sq++)
		if (mg_controls(p, sq, p->turn) &&
		    (rc = mg_gen_origin(&g, sq)) != 0)
			return rc;
	if (g.emitted > 0)
		return 0;
	g.m.kind = MOVE_PASS;
	g.m.nsteps = 0;
	return emit(ctx, &g.m);
}

static void
mogensen_apply(struct pos *p, const struct move *m)
{
	const struct step *st = &m->step[0];
	struct stack part;

	if (m->kind == MOVE_ORDINARY && m->nsteps == 1) {
		part = stack_take(&p->sq[st->from], st->count);
		if (st->kind != STEP_BEAROFF)
			stack_put(&p->sq[st->to], &part);
	}
	p->turn = (uint8_t)SIDE_OTHER(p->turn);
}

static enum outcome
mogensen_outcome(const struct pos *p, const char **why)
{
	int w = mg_winner(p);

	if (why != NULL)
		*why = w < 0 ? NULL : mg_won[w];
	if (w < 0)
		return OUTCOME_NONE;
	return w == SIDE_FIRST ? OUTCOME_FIRST_WINS : OUTCOME_SECOND_WINS;
}

/* Number of turns starting at sq, a stack the side to move controls. */
static uint64_t
mg_count_origin(const struct pos *p, unsigned sq)
{
	const struct stack *s = &p->sq[sq];
	uint32_t mine = mg_mine(s, p->turn);
	unsigned lim;
	uint64_t n = board32_crown_row(sq, p->turn) ? 1 : 0;
	int d, to;

	for (d = 0; d < B32_NDIRS; d++) {
		if ((to = mg_next(sq, (enum b32_dir)d)) < 0)
			continue;
		lim = STACK_MAX - p->sq[to].height;
		if (lim >= s->height)
			n += (unsigned)__builtin_popcount(mine);
		else
			n += (unsigned)__builtin_popcount(mine >>
			    (s->height - lim));
	}
	return n;
}

/* ---- Perft ------------------------------------------------------ */

/*
 * Perft plays each turn on one position and takes it back, keeping the
 * checkers each side has on the board (who has borne off all) and the
 * squares each side controls up to date; the last ply is counted
 * (mg_walk_count), never generated.
 */
struct mg_walk {
	struct pos p;
	unsigned on[2];         /* checkers of each side on the board */
	uint32_t top[2];        /* squares each side controls */
};

/* Brings the bits of sq in w->top up to date. */
static void
mg_walk_square(struct mg_walk *w, unsigned sq)
{
	uint32_t bit = (uint32_t)1 << sq;

	w->top[0] &= ~bit;
	w->top[1] &= ~bit;
	if (w->p.sq[sq].height > 0)
		w->top[stack_top_side(&w->p.sq[sq])] |= bit;
}

/* Number of legal moves of w's position (a pass when no other). */
static uint64_t
mg_walk_count(const struct mg_walk *w)
{
	uint32_t own = w->top[w->p.turn];
	uint64_t n = 0;

	for (; own != 0; own &= own - 1)
		n += mg_count_origin(&w->p, (unsigned)__builtin_ctz(own));
	return n > 0 ? n : 1;
}

static uint64_t mg_walk_perft(struct mg_walk *w, unsigned depth);

/* The leaves below the turn that moves the top k of from onto to. */
static uint64_t
mg_walk_section(struct mg_walk *w, unsigned from, unsigned to, unsigned k,
    unsigned depth)
{
	struct stack part = stack_take(&w->p.sq[from], k);
	uint64_t n;

	stack_put(&w->p.sq[to], &part);
	mg_walk_square(w, from);
	mg_walk_square(w, to);
	w->p.turn ^= 1;
	n = mg_walk_perft(w, depth - 1);
	w->p.turn ^= 1;
	part = stack_take(&w->p.sq[to], k);
	stack_put(&w->p.sq[from], &part);
	mg_walk_square(w, from);
	mg_walk_square(w, to);
	return n;
}

/* The leaves below bearing off the top checker of sq. */
static uint64_t
mg_walk_bearoff(struct mg_walk *w, unsigned sq, unsigned depth)
{
	unsigned side = w->p.turn;
	struct stack part = stack_take(&w->p.sq[sq], 1);
	uint64_t n;

	w->on[side]--;
	mg_walk_square(w, sq);
	w->p.turn ^= 1;
	n = mg_walk_perft(w, depth - 1);
	w->p.turn ^= 1;
	w->on[side]++;
	stack_put(&w->p.sq[sq], &part);
	mg_walk_square(w, sq);
	return n;
}

/* The leaves below every turn from sq, which the mover controls; *moved
 * is set when there is one. */
static uint64_t
mg_walk_origin(struct mg_walk *w, unsigned sq, unsigned depth, int *moved)
{
	unsigned k, h = w->p.sq[sq].height;
	uint64_t n = 0;
	int d, to;

	for (k = 1; k <= h; k++) {
		if (!mg_section_ok(&w->p.sq[sq], k, w->p.turn))
			continue;
		for (d = 0; d < B32_NDIRS; d++) {
			if ((to = mg_next(sq, (enum b32_dir)d)) < 0 ||
			    w->p.sq[to].height + k > STACK_MAX)
				continue;
			*moved = 1;
			n += mg_walk_section(w, sq, (unsigned)to, k, depth);
		}
	}
	if (board32_crown_row(sq, w->p.turn)) {
		*moved = 1;
		n += mg_walk_bearoff(w, sq, depth);
	}
	return n;
}

static uint64_t
mg_walk_perft(struct mg_walk *w, unsigned depth)
{
	uint32_t own = w->top[w->p.turn];
	uint64_t n = 0;
	int moved = 0;

	if (depth == 0)
		return 1;
	if (w->on[0] == 0 || w->on[1] == 0)
		return 0;	/* someone has borne off all: over */
	if (depth == 1)
		return mg_walk_count(w);
	for (; own != 0; own &= own - 1)
		n += mg_walk_origin(w, (unsigned)__builtin_ctz(own), depth,
		    &moved);
	if (moved)
		return n;
	w->p.turn ^= 1;		/* a pass */
	n = mg_walk_perft(w, depth - 1);
	w->p.turn ^= 1;
	return n;
}

static uint64_t
mogensen_perft(const struct pos *p, unsigned depth)
{
	struct mg_walk w;
	unsigned sq, side;

	w.p = *p;
	w.top[0] = w.top[1] = 0;
	for (sq = 0; sq < B32_SQUARES; sq++)
		mg_walk_square(&w, sq);
	for (side = 0; side < 2; side++)
		w.on[side] = pos_count(p, (enum side)side);
	return mg_walk_perft(&w, depth);
}

/* Appends c to buf at *at; -1 when it does not fit. */
static int
mg_putc(char *buf, size_t size, size_t *at, char c)
{
	if (*at + 1 >= size)
		return -1;
	buf[(*at)++] = c;
	buf[*at] = '\0';
	return 0;
}

/* Appends the decimal v (1..99) to buf at *at. */
static int
mg_putnum(char *buf, size_t size, size_t *at, unsigned v)
{
	if (v >= 10 && mg_putc(buf, size, at, (char)('0' + v / 10)) < 0)
		return -1;
	return mg_putc(buf, size, at, (char)('0' + v % 10));
}

static int
mogensen_move_format(const struct pos *p, const struct move *m, char *buf,
    size_t size)
{
	const struct step *st = &m->step[0];
	size_t at = 0;

	if (size == 0)
		return -1;
	buf[0] = '\0';
	if (m->kind == MOVE_PASS)
		return size > 4 ? (int)strlen(strcpy(buf, "pass")) : -1;
	if (m->nsteps != 1 || mg_putnum(buf, size, &at, st->from + 1u) < 0)
		return -1;
	if (st->kind != STEP_BEAROFF && st->count != p->sq[st->from].height &&
	    (mg_putc(buf, size, &at, ':') < 0 ||
	    mg_putnum(buf, size, &at, st->count) < 0))
		return -1;
	if (mg_putc(buf, size, &at, '-') < 0)
		return -1;
	if (st->kind == STEP_BEAROFF) {
		if (at + 3 >= size)
			return -1;
		strcpy(buf + at, "off");
		return (int)(at + 3);
	}
	if (mg_putnum(buf, size, &at, st->to + 1u) < 0)
		return -1;
	return (int)at;
}

/* Whether s[0..n) is word, ignoring case. */
static int
mg_word(const char *s, size_t n, const char *word)
{
	size_t i;

	if (n != strlen(word))
		return 0;
	for (i = 0; i < n; i++)
		if ((s[i] | 0x20) != word[i])
			return 0;
	return 1;
}

/* Reads a step separator at s[0..n): '-', 'x', 'X' or U+00D7; returns
 * its length, or 0. */
static size_t
mg_sep(const char *s, size_t n)
{
	if (n >= 1 && (s[0] == '-' || s[0] == 'x' || s[0] == 'X'))
		return 1;
	if (n >= 2 && (unsigned char)s[0] == 0xC3 &&
	    (unsigned char)s[1] == 0x97)
		return 2;
	return 0;
}

/* Reads ":count" at s[0..n) (count 1..STACK_MAX); *count stays 0 when
 * there is no ':'.  Returns the bytes read, or -1 with *err set. */
static int
mg_count_parse(const char *s, size_t n, unsigned *count, size_t *err)
{
	size_t i;
	unsigned v = 0;

	*count = 0;
	if (n == 0 || s[0] != ':')
		return 0;
	for (i = 1; i < n && i < 4 && s[i] >= '0' && s[i] <= '9'; i++)
		v = v * 10 + (unsigned)(s[i] - '0');
	if (i == 1 || i == 4 || v < 1 || v > STACK_MAX) {
		*err = i == 4 ? 3 : 1;
		return -1;
	}
	*count = v;
	return (int)i;
}

/*
 * Reads a move: "pass", or square [":" count] sep (square | "off"),
 * "pass" and "off" in any case.  The pattern has one step of kind
 * STEP_ANY (or STEP_BEAROFF), count 0 when not written.
 */
static int
mogensen_move_parse(const char *s, size_t n, struct move *pt, size_t *err)
{
	size_t i, len, from_len;
	unsigned count;
	int from, to, c;

	memset(pt, 0, sizeof(*pt));
	if (mg_word(s, n, "pass")) {
		pt->kind = MOVE_PASS;
		return 0;
	}
	pt->kind = MOVE_ORDINARY;
	*err = 0;
	if ((from = board32_square_parse(s, n, &len)) < 0) {
		*err = len > 2 ? 2 : 0;
		return -1;
	}
	i = from_len = len;
	if ((c = mg_count_parse(s + i, n - i, &count, err)) < 0) {
		*err += i;
		return -1;
	}
	i += (size_t)c;
	if ((len = mg_sep(s + i, n - i)) == 0) {
		*err = i;
		return -1;
	}
	i += len;
	pt->nsteps = 1;
	pt->step[0] = (struct step){ (uint8_t)from, SQ_OFF, SQ_NONE,
	    (uint8_t)count, STEP_BEAROFF };
	if (mg_word(s + i, n - i, "off")) {
		*err = from_len + 1;	/* only one checker is borne off */
		return count > 1 ? -1 : 0;
	}
	if ((to = board32_square_parse(s + i, n - i, &len)) < 0 ||
	    i + len != n) {
		*err = to < 0 ? (len > 2 ? i + 2 : i) : i + len;
		return -1;
	}
	pt->step[0].to = (uint8_t)to;
	pt->step[0].kind = STEP_ANY;
	return 0;
}

/*
 * Whether pattern denotes legal in p.  Unlike the model's move_match, a
 * count left out means the whole stack, not any count.
 */
static int
mogensen_move_match(const struct pos *p, const struct move *pattern,
    const struct move *legal)
{
	const struct step *ps = &pattern->step[0], *ls = &legal->step[0];

	if (pattern->kind != legal->kind)
		return 0;
	if (pattern->kind == MOVE_PASS)
		return 1;
	if (pattern->nsteps != 1 || legal->nsteps != 1 ||
	    ps->from != ls->from || ps->to != ls->to)
		return 0;
	if (ls->kind == STEP_BEAROFF)
		return ps->kind == STEP_BEAROFF;
	if (ps->count == 0)
		return ls->count == p->sq[ls->from].height;
	return ps->count == ls->count;
}

static int
mogensen_pos_note(const struct pos *p, char *buf, size_t size)
{
	char tmp[64];
	size_t len;

	snprintf(tmp, sizeof(tmp), "borne off: black %u, white %u",
	    mg_borne(p, SIDE_FIRST), mg_borne(p, SIDE_SECOND));
	len = strlen(tmp);
	if (len >= size)
		return -1;
	memcpy(buf, tmp, len + 1);
	return (int)len;
}

const struct rules rules_mogensen = {
	.name = "stackers-mogensen",
	.title = "Stackers (Torben Mogensen)",
	.side = { "black", "white" },
	.letter = { 'b', 'w' },
	.fen = FEN_STACKS,
	BOARD32_RULES,
	.generate = mogensen_generate,
	.apply = mogensen_apply,
	.outcome = mogensen_outcome,
	.move_parse = mogensen_move_parse,
	.move_format = mogensen_move_format,
	.move_match = mogensen_move_match,
	.perft = mogensen_perft,
	.pos_note = mogensen_pos_note,
};
