/*
 * clock.c - time controls and the clock a record's time stamps give.
 * See clock.h; stackref-pdn(5) for the TimeControl syntax and
 * stackref(1) for how the clock counts.
 */
#include <ctype.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "game/clock.h"
#include "game/play.h"
#include "base/timeutc.h"
#include "base/util.h"

#define CLOCK_SPAN_MAX (36500LL * TIMEUTC_DAY)  /* a duration: 100 years */
#define CLOCK_WORD 64             /* bytes of one word of a control */

/* --- reading a time control ------------------------------------- */

/* Reads the duration s[0..n): digits, then s, m, h or d (none: seconds);
 * 0, or -1. */
static int
clock_span(const char *s, size_t n, long long *out)
{
	static const char units[] = "smhd";
	static const long long secs[] = { 1, 60, 3600, TIMEUTC_DAY };
	const char *u;
	long long v = 0;
	size_t i;

	for (i = 0; i < n && isdigit((unsigned char)s[i]); i++)
		if ((v = v * 10 + (s[i] - '0')) > CLOCK_SPAN_MAX)
			return -1;
	if (i == 0 || i + 1 < n)
		return -1;
	if (i + 1 == n) {
		if ((u = strchr(units, s[i])) == NULL || s[i] == '\0')
			return -1;
		v *= secs[u - units];
	}
	if (v > CLOCK_SPAN_MAX)
		return -1;
	*out = v;
	return 0;
}

/* The bank: "N/T" (T per N moves), "B+I" or "T" (sudden death). */
static int
clock_bank(const char *w, struct clock_control *c, char *why, size_t size)
{
	const char *sep = strpbrk(w, "/+");
	unsigned long n;
	char num[CLOCK_WORD];

	if (!isdigit((unsigned char)w[0]) && w[0] != '*') {
		snprintf(why, size, "%s: not a duration (as 21d, 12h or 30m) "
		    "nor a key (move=, game=, cap=, double=, remind=, "
		    "leave=)", w);
		return -1;
	}
	if (c->bank || strpbrk(w, ":*") != NULL) {
		snprintf(why, size, "%s: %s", w, c->bank ? "a second bank" :
		    strchr(w, ':') != NULL ? "PGN's periods after the first "
		    "(:) are not supported" : "PGN's sandclock (*) is not "
		    "supported");
		return -1;
	}
	c->bank = 1;
	c->every = 1;
	if (sep == NULL)
		return clock_span(w, strlen(w), &c->base) == 0 ? 0 :
		    (snprintf(why, size, "%s: expected a duration", w), -1);
	if (*sep == '+')
		return clock_span(w, (size_t)(sep - w), &c->base) == 0 &&
		    clock_span(sep + 1, strlen(sep + 1), &c->inc) == 0 ? 0 :
		    (snprintf(why, size, "%s: expected BASE+INCREMENT", w), -1);
	snprintf(num, sizeof(num), "%.*s", (int)(sep - w), w);
	if (util_parse_ulong(num, 1, 1000, &n) == -1 ||
	    clock_span(sep + 1, strlen(sep + 1), &c->base) == -1 ||
	    c->base == 0) {
		snprintf(why, size, "%s: expected MOVES/TIME", w);
		return -1;
	}
	c->every = n;
	c->inc = c->base;
	return 0;
}

/* remind=T[,T...], ascending. */
static int
clock_reminders(const char *v, struct clock_control *c)
{
	const char *comma;
	size_t n;

	c->nremind = 0;
	do {
		comma = strchr(v, ',');
		n = comma != NULL ? (size_t)(comma - v) : strlen(v);
		if (c->nremind == CLOCK_REMINDERS ||
		    clock_span(v, n, &c->remind[c->nremind]) == -1 ||
		    c->remind[c->nremind] == 0 || (c->nremind > 0 &&
		    c->remind[c->nremind] <= c->remind[c->nremind - 1]))
			return -1;
		c->nremind++;
		v += n + 1;
	} while (comma != NULL);
	return 0;
}

/* leave=N (days, a final d allowed). */
static int
clock_leave_days(const char *v, struct clock_control *c)
{
	char num[CLOCK_WORD];
	unsigned long n;
	size_t len = strlen(v);

	if (len > 0 && v[len - 1] == 'd')
		len--;
	snprintf(num, sizeof(num), "%.*s", (int)len, v);
	if (util_parse_ulong(num, 0, 366, &n) == -1)
		return -1;
	c->leave = (unsigned)n;
	return 0;
}

/* Refuses a key (w's first n bytes) given a second time: which of the
 * two was meant is not for the reader to guess.  Always -1. */
static int
clock_twice(const char *w, size_t n, char *why, size_t size)
{
	snprintf(why, size, "%s: %.*s given twice; keep one", w, (int)n, w);
	return -1;
}

/* A word KEY=VALUE. */
static int
clock_keyword(const char *w, struct clock_control *c, char *why,
    size_t size)
{
	static const struct {
		const char *key;
		size_t field;
	} spans[] = {
		{ "move=", offsetof(struct clock_control, per_move) },
		{ "game=", offsetof(struct clock_control, game) },
		{ "cap=", offsetof(struct clock_control, cap) },
		{ "double=", offsetof(struct clock_control, doubling) },
	};
	long long *f;
	size_t i, n;

	for (i = 0; i < sizeof(spans) / sizeof(spans[0]); i++) {
		n = strlen(spans[i].key);
		if (strncmp(w, spans[i].key, n) != 0)
			continue;
		f = (long long *)(void *)((char *)c + spans[i].field);
		if (*f > 0)
			return clock_twice(w, n, why, size);
		if (clock_span(w + n, strlen(w + n), f) == 0 && *f > 0)
			return 0;
		snprintf(why, size, "%s: expected a duration above 0", w);
		return -1;
	}
	if (strncmp(w, "remind=", 7) == 0 && c->nremind > 0)
		return clock_twice(w, 7, why, size);
	if (strncmp(w, "remind=", 7) == 0 && clock_reminders(w + 7, c) == 0)
		return 0;
	if (strncmp(w, "leave=", 6) == 0 && clock_leave_days(w + 6, c) == 0)
		return 0;
	snprintf(why, size, "%s: %s", w, strncmp(w, "remind=", 7) == 0 ?
	    "expected durations above 0, ascending, at most 8" :
	    strncmp(w, "leave=", 6) == 0 ? "expected days from 0 to 366" :
	    "unknown; expected move=, game=, cap=, double=, remind= or "
	    "leave=");
	return -1;
}

/* One word of a control. */
static int
clock_word(const char *w, struct clock_control *c, char *why, size_t size)
{
	if (strcmp(w, "days") == 0) {
		c->whole_days = 1;
		return 0;
	}
	if (strchr(w, '=') != NULL)
		return clock_keyword(w, c, why, size);
	return clock_bank(w, c, why, size);
}

/* What the words read make no sense together; NULL if none. */
static const char *
clock_misfit(const struct clock_control *c)
{
	if (c->cap > 0 && !c->bank)
		return "cap= needs a bank (B+I, N/T or T)";
	if (c->cap > 0 && c->base > c->cap)
		return "the bank starts above its cap";
	if ((c->whole_days || c->doubling > 0) && !c->bank && c->game == 0)
		return "days and double= count against a bank or game=";
	return NULL;
}

/* Reads text by the grammar alone: clock_control_parse without its
 * guess at what was meant. */
static int
clock_read(const char *text, struct clock_control *c, char *why,
    size_t size)
{
	char w[CLOCK_WORD];
	const char *bad;
	size_t n;

	memset(c, 0, sizeof(*c));
	text += strspn(text, " \t");
	if (*text == '\0' || ((text[0] == '-' || text[0] == '?') &&
	    text[1 + strspn(text + 1, " \t")] == '\0'))
		return 0;
	c->timed = 1;
	while (*text != '\0') {
		if ((n = strcspn(text, " \t")) >= sizeof(w)) {
			snprintf(why, size, "a word over %d bytes",
			    CLOCK_WORD - 1);
			return -1;
		}
		snprintf(w, sizeof(w), "%.*s", (int)n, text);
		if (clock_word(w, c, why, size) == -1)
			return -1;
		text += n;
		text += strspn(text, " \t");
	}
	if ((bad = clock_misfit(c)) != NULL) {
		snprintf(why, size, "%s", bad);
		return -1;
	}
	return 0;
}

/* Whether text reads by the grammar, as what in words (of size bytes). */
static int
clock_reads(const char *text, char *what, size_t size)
{
	struct clock_control m;
	char sub[8];

	if (text[0] == '\0' || clock_read(text, &m, sub, sizeof(sub)) == -1)
		return 0;
	clock_control_say(&m, what, size);
	return 1;
}

/* Adds to why the spellings of g that read, as "did you mean X (in
 * words) or Y (...)?"; 0, or -1 when none reads. */
static int
clock_did_you_mean(const struct clock_guess *g, char *why, size_t size)
{
	const char *const cand[] = { g->text, g->alt, g->bare };
	char said[CLOCK_GUESS_SIZE], one[2 * CLOCK_GUESS_SIZE + 8];
	const char *sep = "did you mean ";
	size_t i, n = 0;

	for (i = 0; i < 3; i++)
		n += clock_reads(cand[i], said, sizeof(said));
	if (n == 0)
		return -1;
	for (i = 0; i < 3; i++) {
		if (!clock_reads(cand[i], said, sizeof(said)))
			continue;
		snprintf(one, sizeof(one), "%s%s (%s)", sep, cand[i], said);
		util_append(why, size, why[0] != '\0' && sep[0] == 'd' ?
		    "; " : "", one);
		sep = --n > 1 ? ", " : " or ";
	}
	util_append(why, size, "", "?");
	return 0;
}

int
clock_control_parse(const char *text, struct clock_control *c, char *why,
    size_t size)
{
	struct clock_control meant;
	struct clock_guess g;
	char sub[8], said[CLOCK_GUESS_SIZE];
	int rc = clock_read(text, c, sub, sizeof(sub)), guess;

	if (!c->timed || (guess = clock_control_guess(text, &g)) == -1 ||
	    (guess == 0 && rc == 0 && clock_read(g.text, &meant, sub,
	    sizeof(sub)) == 0 && memcmp(c, &meant, sizeof(meant)) == 0))
		return clock_read(text, c, why, size);
	why[0] = '\0';
	if (rc == 0) {
		clock_control_say(c, said, sizeof(said));
		snprintf(why, size, "it reads as %s", said);
	}
	if (clock_did_you_mean(&g, why, size) == 0)
		return -1;
	return clock_read(text, c, why, size);
}

int
clock_control_of(const struct record *g, struct clock_control *c,
    char *why, size_t size)
{
	const char *tc = record_tag(g, "TimeControl");

	return clock_control_parse(tc != NULL ? tc : "", c, why, size);
}

/* Walks the stamps of line l (top: the main line, with the variations
 * of its accepted undos): *t gets the last that reads, and *ahead (when
 * NULL yet) the first later than limit. */
static void
clock_scan(const struct line *l, int top, long long limit, long long *t,
    const struct elem **ahead)
{
	long long v;
	size_t i;

	for (i = 0; i < l->n; i++)
		if (l->elems[i].kind == ELEM_STAMP &&
		    timeutc_parse(l->elems[i].text, &v) == 0) {
			*t = v;
			if (*ahead == NULL && v > limit)
				*ahead = &l->elems[i];
		} else if (top && l->elems[i].var != NULL &&
		    line_undo_var(l, i))
			clock_scan(l->elems[i].var, 0, limit, t, ahead);
}

long long
clock_last_stamp(const struct record *g)
{
	const struct elem *ahead = NULL;
	long long t = -1;

	clock_scan(&g->main, 1, TIMEUTC_MAX, &t, &ahead);
	return t;
}

const struct elem *
clock_stamp_ahead(const struct record *g, long long now)
{
	const struct elem *ahead = NULL;
	long long t = -1;

	if (now >= 0 && now <= TIMEUTC_MAX - CLOCK_AHEAD)
		clock_scan(&g->main, 1, now + CLOCK_AHEAD, &t, &ahead);
	return ahead;
}

int
clock_timed(const struct record *g)
{
	const char *tc = record_tag(g, "TimeControl");
	size_t i;

	if (tc != NULL && tc[strspn(tc, " \t-?")] != '\0')
		return 1;
	for (i = 0; i < g->main.n; i++)
		if (g->main.elems[i].kind == ELEM_STAMP)
			return 1;
	return 0;
}

/* --- the walk over the record ------------------------------------ */

#define CLOCK_STOPS 8             /* stops of a side the walk keeps */

enum clock_ev {
	CLOCK_EV_NONE,
	CLOCK_EV_MOVE,            /* a move of the main line */
	CLOCK_EV_UNDONE,          /* a move an accepted undo took back */
	CLOCK_EV_ACTION           /* an action */
};

struct clock_walk {
	const struct clock_control *c;
	const struct replay *rp;
	struct clock *ck;         /* the state: on, since, the sides */
	long long cur;            /* the last stamp, -1 none */
	long long done;           /* leave of the side on the clock over
				   * since its turn began */
	enum clock_ev pend;       /* the event waiting for its time */
	const struct elem *pend_elem;
	int var_on;               /* the side on the clock when the last
				   * undo's variation began */
	char *why;
	size_t size;
	long long stop[2][CLOCK_STOPS][2];  /* each side's stops, [from,
				   * until), in order (clock_comment) */
	unsigned nstop[2];
};

/* The overlap of [a, b) and [c, d). */
static long long
clock_overlap(long long a, long long b, long long c, long long d)
{
	long long lo = a > c ? a : c, hi = b < d ? b : d;

	return hi > lo ? hi - lo : 0;
}

/* The stops of the side on the clock between its turn's start and t,
 * CLOCK_STOP_MAX at most. */
static long long
clock_stopped(const struct clock_walk *w, long long t)
{
	const struct clock *ck = w->ck;
	const long long (*v)[2] = w->stop[ck->on];
	long long r = 0;
	unsigned i;

	for (i = 0; i < w->nstop[ck->on]; i++)
		r += clock_overlap(ck->since, t, v[i][0], v[i][1]);
	return r < CLOCK_STOP_MAX ? r : CLOCK_STOP_MAX;
}

/* The time the side on the clock has thought on this move at t, its
 * leave and stops excluded (0 when its turn's start or t is unknown). */
static long long
clock_thinking(const struct clock_walk *w, long long t)
{
	const struct clock *ck = w->ck;
	const struct clock_side *s;
	long long r;

	if (ck->on < 0 || ck->since < 0 || t < ck->since)
		return 0;
	s = &ck->side[ck->on];
	r = t - ck->since - w->done - clock_stopped(w, t);
	if (s->leave_from >= 0)
		r -= clock_overlap(ck->since, t, s->leave_from, s->leave_until);
	return r > 0 ? r : 0;
}

/* The charge of r seconds of thinking on one move. */
static long long
clock_charge(const struct clock_control *c, long long r)
{
	if (c->whole_days)
		r -= r % TIMEUTC_DAY;
	if (c->doubling > 0 && r > c->doubling)
		r += r - c->doubling;
	return r;
}

/* Whether the side on the clock has lost on time at t. */
static int
clock_lost_at(const struct clock_walk *w, long long t)
{
	const struct clock_control *c = w->c;
	const struct clock_side *s = &w->ck->side[w->ck->on];
	long long r = clock_thinking(w, t), ch = clock_charge(c, r);

	return (c->bank && ch > s->bank) ||
	    (c->per_move > 0 && r > c->per_move) ||
	    (c->game > 0 && s->used + ch > c->game);
}

/* The first time at or after from at which test holds of w (it stays
 * true once true), or -1 when never. */
static long long
clock_first(const struct clock_walk *w, long long from,
    int (*test)(const struct clock_walk *, long long, long long),
    long long arg)
{
	long long lo = from, hi = TIMEUTC_MAX, mid;

	if (from < 0 || from > hi || !test(w, hi, arg))
		return -1;
	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		if (test(w, mid, arg))
			hi = mid;
		else
			lo = mid + 1;
	}
	return lo;
}

static int
clock_test_lost(const struct clock_walk *w, long long t, long long arg)
{
	(void)arg;
	return clock_lost_at(w, t);
}

static int
clock_test_thought(const struct clock_walk *w, long long t, long long arg)
{
	return clock_thinking(w, t) >= arg;
}

/* Judges the side on the clock at t into ck: its thinking, lost,
 * runs_out, the reminders. */
static void
clock_judge(struct clock_walk *w, long long t)
{
	struct clock *ck = w->ck;
	const struct clock_control *c = w->c;

	ck->now = t;
	ck->lost = 0;
	ck->runs_out = ck->remind_next = -1;
	ck->remind = 0;
	if (ck->on < 0)
		return;
	ck->thinking = clock_thinking(w, t);
	ck->move_left = c->per_move - ck->thinking;
	ck->lost = c->timed && clock_lost_at(w, t);
	ck->runs_out = c->timed ? clock_first(w, ck->since, clock_test_lost,
	    0) : -1;
	if (ck->runs_out > 0)
		ck->runs_out--;	/* the last second not lost */
	while (ck->remind < c->nremind &&
	    c->remind[ck->remind] <= ck->thinking)
		ck->remind++;
	if (ck->remind < c->nremind)
		ck->remind_next = clock_first(w, ck->since,
		    clock_test_thought, c->remind[ck->remind]);
}

/* Charges the side on the clock its time up to t, then hands the clock
 * to side next from t. */
static void
clock_hand(struct clock_walk *w, long long t, int next)
{
	struct clock *ck = w->ck;
	struct clock_side *s = &ck->side[ck->on];
	long long ch = clock_charge(w->c, clock_thinking(w, t));

	s->bank -= ch;
	s->used += ch;
	ck->on = next;
	ck->since = t;
	w->done = 0;
}

/* Ends the stops of side in force at t (its move). */
static void
clock_stops_end(struct clock_walk *w, int side, long long t)
{
	struct clock_side *s = &w->ck->side[side];
	long long (*v)[2] = w->stop[side];
	unsigned i;

	for (i = 0; t >= 0 && i < w->nstop[side]; i++)
		if (v[i][0] <= t && t < v[i][1])
			v[i][1] = t;
	if (t >= 0 && s->stop_from >= 0 && s->stop_from <= t &&
	    t < s->stop_until)
		s->stop_until = t;
}

/* A move by the side on the clock at t (counted: one of the main
 * line); it ends that side's leave and stops. */
static void
clock_move(struct clock_walk *w, long long t, int counted)
{
	const struct clock_control *c = w->c;
	struct clock_side *s = &w->ck->side[w->ck->on];

	if (t >= 0 && s->leave_from >= 0 && s->leave_from <= t &&
	    t < s->leave_until)
		s->leave_until = t;
	clock_stops_end(w, w->ck->on, t);
	clock_hand(w, t, SIDE_OTHER(w->ck->on));
	if (!counted)
		return;
	if (++s->moves % (c->every > 0 ? c->every : 1) == 0 && c->bank)
		s->bank += c->inc;
	if (c->cap > 0 && s->bank > c->cap)
		s->bank = c->cap;
}

/* Fails the walk at element e with the message fmt. */
static int
clock_fail(struct clock_walk *w, const struct elem *e, const char *what)
{
	w->ck->bad = e;
	snprintf(w->why, w->size, "%s", what);
	return -1;
}

/* Takes side's leave of days days from t. */
static int
clock_leave(struct clock_walk *w, int side, unsigned long days, long long t)
{
	struct clock *ck = w->ck;
	struct clock_side *s = &ck->side[side];
	struct judge_verdict v;
	char why[160];

	if (t < 0)
		return clock_fail(w, w->pend_elem, "leave without a time stamp");
	ck->now = t;
	if (clock_leave_allowed(ck, w->rp, w->c, side, days, &v) == -1) {
		clock_refusal_text(&v, why, sizeof(why));
		return clock_fail(w, w->pend_elem, why);
	}
	if (ck->on == side && s->leave_from >= 0)
		w->done += clock_overlap(ck->since, t, s->leave_from,
		    s->leave_until);
	if (s->leave_year != timeutc_year(t))
		s->leave_taken = 0;
	s->leave_year = timeutc_year(t);
	s->leave_taken += (unsigned)days;
	s->leave_from = t;
	s->leave_until = t + (long long)days * TIMEUTC_DAY;
	return 0;
}

/* A claim on time by side at t. */
static int
clock_claim(struct clock_walk *w, int side, long long t)
{
	struct judge_verdict v;
	char why[160];

	if (t < 0)
		return clock_fail(w, w->pend_elem, "a claim on time without a "
		    "time stamp");
	clock_judge(w, t);
	if (clock_claim_allowed(w->ck, w->rp, w->c, side, &v) == -1) {
		clock_refusal_text(&v, why, sizeof(why));
		return clock_fail(w, w->pend_elem, why);
	}
	clock_hand(w, t, -1);
	return 0;
}

/* The pending action at t. */
static int
clock_action(struct clock_walk *w, long long t)
{
	enum replay_act act;
	unsigned long days;
	char why[256];
	int side;

	if (replay_act_parse(w->rp->r, w->pend_elem->text, &act, &side, &days,
	    why, sizeof(why)) == -1)
		return clock_fail(w, w->pend_elem, why);
	if (w->ck->on < 0)
		return 0;	/* over: replay has refused what follows */
	switch (act) {
	case REPLAY_LEAVE:
		return clock_leave(w, side, days, t);
	case REPLAY_CLAIM_TIME:
		return clock_claim(w, side, t);
	case REPLAY_ACCEPT_UNDO:
		clock_hand(w, t, w->var_on);
		return 0;
	case REPLAY_RESIGN:
	case REPLAY_ACCEPT_DRAW:
		clock_hand(w, t, -1);
		return 0;
	default:
		return 0;
	}
}

/* Settles the pending event at t (-1: unknown). */
static int
clock_event(struct clock_walk *w, long long t)
{
	enum clock_ev ev = w->pend;

	w->pend = CLOCK_EV_NONE;
	if (ev == CLOCK_EV_ACTION)
		return clock_action(w, t);
	if (ev == CLOCK_EV_NONE || w->ck->on < 0)
		return 0;
	clock_move(w, t, ev == CLOCK_EV_MOVE);
	return 0;
}

/* A time stamp. */
static int
clock_stamp(struct clock_walk *w, const struct elem *e)
{
	long long t;
	char what[160];

	if (e->text == NULL || timeutc_parse(e->text, &t) == -1)
		return clock_fail(w, e, "not a time as 2026-11-24T20:57:07Z");
	if (w->cur > t) {
		snprintf(what, sizeof(what), "it is earlier than the one "
		    "before it");
		return clock_fail(w, e, what);
	}
	w->cur = t;
	w->ck->timed = 1;
	if (w->pend != CLOCK_EV_NONE)
		return clock_event(w, t);
	if (w->ck->since < 0 && w->ck->on >= 0)
		w->ck->since = t;	/* the start of the clock */
	return 0;
}

/* Reads the comment text of a stop (play_append_stop) of game r: 0 with
 * *side, *from and *until (from before until), or -1 when text is none. */
static int
clock_stop_parse(const struct rules *r, const char *text, int *side,
    long long *from, long long *until)
{
	char s[40], a[25], b[25];      /* %24s: 24 bytes and the NUL */
	int n = -1;

	if (text == NULL || sscanf(text, " [%%stop %39s %24s %24[^]]]%n", s,
	    a, b, &n) != 3 || n < 0 || text[n + strspn(text + n, " ")] !=
	    '\0' || timeutc_parse(a, from) == -1 ||
	    timeutc_parse(b, until) == -1 || *from >= *until)
		return -1;
	for (*side = 0; *side < 2; (*side)++)
		if (strcasecmp(s, r->side[*side]) == 0)
			return 0;
	return -1;
}

/* A comment: a stop of a side's clock, or nothing to the clock.  A stop
 * that meets the side's last one joins it; past CLOCK_STOPS, the two
 * oldest join. */
static void
clock_comment(struct clock_walk *w, const struct elem *e)
{
	long long from, until, (*v)[2];
	unsigned *n;
	int side;

	if (clock_stop_parse(w->rp->r, e->text, &side, &from, &until) == -1)
		return;
	v = w->stop[side];
	n = &w->nstop[side];
	if (*n > 0 && from <= v[*n - 1][1] && v[*n - 1][0] <= until) {
		v[*n - 1][0] = from < v[*n - 1][0] ? from : v[*n - 1][0];
		v[*n - 1][1] = until > v[*n - 1][1] ? until : v[*n - 1][1];
	} else {
		if (*n == CLOCK_STOPS) {
			v[0][1] = v[1][1];
			memmove(v[1], v[2], (CLOCK_STOPS - 2) * sizeof(v[0]));
			(*n)--;
		}
		v[*n][0] = from;
		v[(*n)++][1] = until;
	}
	w->ck->side[side].stop_from = v[*n - 1][0];
	w->ck->side[side].stop_until = v[*n - 1][1];
}

/* Sets each side's stop (clock.h) to the one in force at t, if any. */
static void
clock_stops_at(struct clock_walk *w, long long t)
{
	unsigned i;
	int s;

	for (s = 0; s < 2; s++)
		for (i = 0; i < w->nstop[s]; i++)
			if (w->stop[s][i][0] <= t && t < w->stop[s][i][1]) {
				w->ck->side[s].stop_from = w->stop[s][i][0];
				w->ck->side[s].stop_until = w->stop[s][i][1];
			}
}

static int clock_line(struct clock_walk *, const struct line *, int);

/* Element i of l (undo: l is the variation of an undo). */
static int
clock_elem(struct clock_walk *w, const struct line *l, size_t i, int undo)
{
	const struct elem *e = &l->elems[i];

	if (e->kind == ELEM_STAMP)
		return clock_stamp(w, e);
	if (e->kind == ELEM_COMMENT && !undo)
		clock_comment(w, e);
	if (e->kind != ELEM_MOVE && e->kind != ELEM_ACTION &&
	    (e->kind != ELEM_VARIATION || undo || !line_undo_var(l, i)))
		return 0;
	if (w->pend != CLOCK_EV_NONE && clock_event(w, w->cur) == -1)
		return -1;
	if (e->kind == ELEM_VARIATION) {
		w->var_on = w->ck->on;
		return e->var == NULL ? 0 : clock_line(w, e->var, 1);
	}
	w->pend = e->kind == ELEM_ACTION ? CLOCK_EV_ACTION :
	    undo ? CLOCK_EV_UNDONE : CLOCK_EV_MOVE;
	w->pend_elem = e;
	return 0;
}

/* The elements of l, then its last event at the last time known. */
static int
clock_line(struct clock_walk *w, const struct line *l, int undo)
{
	size_t i;

	for (i = 0; i < l->n; i++)
		if (clock_elem(w, l, i, undo) == -1)
			return -1;
	return w->pend == CLOCK_EV_NONE ? 0 : clock_event(w, w->cur);
}

/* The side to move at the start of rp's game: the turns alternate. */
static int
clock_first_side(const struct replay *rp)
{
	return (int)((rp->pos.turn + rp->plies) % 2);
}

int
clock_run(struct clock *ck, const struct record *g,
    const struct replay *rp, const struct clock_control *c, long long now,
    char *why, size_t size)
{
	struct clock_walk w = { c, rp, ck, -1, 0, CLOCK_EV_NONE, NULL, 0,
	    why, size, { { { 0 } } }, { 0 } };
	const char *res, *over;
	long long ch;

	memset(ck, 0, sizeof(*ck));
	ck->on = clock_first_side(rp);
	ck->since = -1;
	ck->side[0].leave_from = ck->side[1].leave_from = -1;
	ck->side[0].stop_from = ck->side[1].stop_from = -1;
	ck->side[0].bank = ck->side[1].bank = c->base;
	if (clock_line(&w, &g->main, 0) == -1)
		return -1;
	if (play_over(rp, g, &res, &over))
		ck->on = -1;
	clock_stops_at(&w, now);
	clock_judge(&w, now);
	if (ck->on >= 0) {
		ch = clock_charge(c, ck->thinking);
		ck->side[ck->on].bank -= ch;
		ck->side[ck->on].used += ch;
	}
	return 0;
}

/* --- judgements ------------------------------------------------- */

unsigned
clock_leave_left(const struct clock *ck, const struct clock_control *c,
    int side)
{
	const struct clock_side *s = &ck->side[side];
	unsigned taken = s->leave_year == timeutc_year(ck->now) ?
	    s->leave_taken : 0;

	return taken >= c->leave ? 0 : c->leave - taken;
}

/* Starts v, the verdict on act by side at ck's time. */
static void
clock_verdict(struct judge_verdict *v, const struct clock *ck,
    const struct replay *rp, enum replay_act act, int side)
{
	memset(v, 0, sizeof(*v));
	v->r = rp->r;
	v->act = (int)act;
	v->side = side;
	v->other = SIDE_OTHER(side);
	v->now = ck->now;
}

int
clock_leave_allowed(const struct clock *ck, const struct replay *rp,
    const struct clock_control *c, int side, unsigned long days,
    struct judge_verdict *v)
{
	const struct clock_side *s = &ck->side[side];

	clock_verdict(v, ck, rp, REPLAY_LEAVE, side);
	v->left = clock_leave_left(ck, c, side);
	v->allowance = c->leave;
	v->year = timeutc_year(ck->now);
	v->when = s->leave_until;
	if (c->leave == 0)
		v->kind = JUDGE_NO_LEAVE;
	else if (s->leave_from >= 0 && s->leave_from <= ck->now &&
	    ck->now < s->leave_until)
		v->kind = JUDGE_ON_LEAVE;
	else if (days > v->left)
		v->kind = JUDGE_LEAVE_SPENT;
	return v->kind == JUDGE_OK ? 0 : -1;
}

int
clock_claim_allowed(const struct clock *ck, const struct replay *rp,
    const struct clock_control *c, int claimant, struct judge_verdict *v)
{
	clock_verdict(v, ck, rp, REPLAY_CLAIM_TIME, claimant);
	v->when = ck->runs_out;
	if (!c->timed)
		v->kind = JUDGE_UNTIMED;
	else if (ck->on != v->other)
		v->kind = JUDGE_NOT_TO_MOVE;
	else if (ck->lost)
		return 0;
	else
		v->kind = ck->runs_out < 0 ? JUDGE_NO_LIMIT : JUDGE_TIME_LEFT;
	return -1;
}

void
clock_refusal_text(const struct judge_verdict *v, char *why, size_t size)
{
	const char *me = v->r->side[v->side], *other = v->r->side[v->other];
	char t[TIMEUTC_SIZE];

	why[0] = '\0';
	if (v->kind == JUDGE_NO_LEAVE || (v->kind == JUDGE_UNTIMED &&
	    v->act == REPLAY_LEAVE))
		snprintf(why, size, "the time control gives no leave");
	else if (v->kind == JUDGE_UNTIMED)
		snprintf(why, size, "the game has no time control");
	else if (v->kind == JUDGE_ON_LEAVE &&
	    timeutc_format(v->when, t, sizeof(t)) == 0)
		snprintf(why, size, "%s is on leave until %s", me, t);
	else if (v->kind == JUDGE_LEAVE_SPENT)
		snprintf(why, size, "%s has %u of %u days of leave left in %d",
		    me, v->left, v->allowance, v->year);
	else if (v->kind == JUDGE_NOT_TO_MOVE)
		snprintf(why, size, "%s is not to move", other);
	else if (v->kind == JUDGE_NO_LIMIT)
		snprintf(why, size, "%s cannot run out of time", other);
	else if (v->kind == JUDGE_TIME_LEFT &&
	    timeutc_span(v->when - v->now, t, sizeof(t)) > 0)
		snprintf(why, size, "%s has %s left", other, t);
}
