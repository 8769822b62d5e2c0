/*
 * challenge.c - a new board: GAME challenge USERID1 PASSWORD USERID2
 * [OPTION...], by USERID1 signed in, waits (in the challenges file) for
 * USERID2 to accept or decline it, or USERID1 to withdraw it; both are
 * told of each step.  The limits of what waits and of the boards a
 * player has open are decided here, each in one function.  The options
 * choose the game's set-up (one table, below: who moves first, a
 * set-up position, the time control, whether it is rated).  The board opens timed: its
 * TimeControl is the players' (time=) or the referee's
 * (REF_TIME_CONTROL), its clock started by a time stamp.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "base/util.h"
#include "game/clock.h"
#include "referee/job.h"

/* An option of a challenge: NAME=VALUE. */
struct ref_option {
	const char *name;
	const char *syntax;
	/* Checks value for j's challenge and writes it as kept into norm;
	 * -1 with the reason in why. */
	int (*check)(struct ref_job *j, const char *value, char *norm,
	    size_t size, char *why, size_t wsize);
	/* Sets value on the new record j->g (NULL: nothing to set). */
	void (*apply)(struct ref_job *j, const char *value);
};

static int ref_opt_first(struct ref_job *, const char *, char *, size_t,
    char *, size_t);
static int ref_opt_fen(struct ref_job *, const char *, char *, size_t,
    char *, size_t);
static void ref_opt_fen_set(struct ref_job *, const char *);
static int ref_opt_time(struct ref_job *, const char *, char *, size_t,
    char *, size_t);
static void ref_opt_time_set(struct ref_job *, const char *);
static int ref_opt_win(struct ref_job *, const char *, char *, size_t,
    char *, size_t);
static int ref_opt_rated(struct ref_job *, const char *, char *, size_t,
    char *, size_t);
static void ref_opt_rated_set(struct ref_job *, const char *);

static const struct ref_option ref_options[] = {
	{ "first", "first=USERID or first=random", ref_opt_first, NULL },
	{ "fen", "fen=POSITION", ref_opt_fen, ref_opt_fen_set },
	{ "time", "time=WORD (a word of a TimeControl each)", ref_opt_time,
	    ref_opt_time_set },
	{ "win", "win=2004 or win=2010 (Accasta Pari's win rule)",
	    ref_opt_win, NULL },
	{ "rated", "rated=yes or rated=no", ref_opt_rated, ref_opt_rated_set },
};

#define REF_NOPTIONS (sizeof(ref_options) / sizeof(ref_options[0]))

/* The value of option name in the options text opts, into buf ("" when
 * it is not there). */
static const char *
ref_opt_value(const char *opts, const char *name, char *buf, size_t size)
{
	char w[PBEM_WORD];
	size_t n = strlen(name);

	buf[0] = '\0';
	while (ref_word(&opts, w, sizeof(w)) == 0)
		if (strncmp(w, name, n) == 0 && w[n] == '=')
			snprintf(buf, size, "%s", w + n + 1);
	return buf;
}

static int
ref_opt_first(struct ref_job *j, const char *value, char *norm,
    size_t size, char *why, size_t wsize)
{
	const char *u = value;

	if (strcmp(value, "random") == 0)
		u = j->c->rnd[REF_RND_PICK] & 1 ? j->cmd.user2 : j->cmd.user;
	else if (strcmp(value, j->cmd.user) != 0 &&
	    strcmp(value, j->cmd.user2) != 0) {
		snprintf(why, wsize, "first=%s: %s or %s moves first, or "
		    "random", value, j->cmd.user, j->cmd.user2);
		return -1;
	}
	snprintf(norm, size, "first=%s", u);
	return 0;
}

/* Accasta Pari's win rule: win=2010 makes the challenge one of
 * accasta-pari-2010 (the defender replies once), win=2004 one of
 * accasta-pari (the game ends at once); stackref-rules(7). */
static int
ref_opt_win(struct ref_job *j, const char *value, char *norm,
    size_t size, char *why, size_t wsize)
{
	const char *game = strcmp(value, "2010") == 0 ? "accasta-pari-2010" :
	    strcmp(value, "2004") == 0 ? "accasta-pari" : NULL;

	if (strncmp(j->r->name, "accasta-pari", 12) != 0 || game == NULL) {
		snprintf(why, wsize, "win=%s: win=2004 or win=2010, and only "
		    "in a challenge to accasta-pari", value);
		return -1;
	}
	j->r = rules_find(game);
	snprintf(norm, size, "win=%s", value);
	return 0;
}

/* Sets tag name of the new record j->g to value. */
static void
ref_tag(struct ref_job *j, const char *name, const char *value)
{
	ref_need(record_tag_set(&j->g, name, value, NULL));
}

/* Starts the new record j->g, of j's game. */
static void
ref_new_record(struct ref_job *j)
{
	record_free(&j->g);
	record_init(&j->g);
	ref_tag(j, "Game", j->r->name);
}

static void
ref_opt_fen_set(struct ref_job *j, const char *value)
{
	ref_tag(j, "SetUp", "1");
	ref_tag(j, "FEN", value);
}

/* Replays the new record j->g; 0, or -1 with why. */
static int
ref_new_replay(struct ref_job *j, char *why, size_t wsize)
{
	struct replay_opts ro = { NULL, 0, REPLAY_ALL, 0 };
	struct ref_diag dg;
	const char *res, *reason;
	int rc = 0;

	ref_diag_open(&dg);
	if (replay_run(&j->rp, &j->g, &ro, &dg.d) == -1) {
		snprintf(why, wsize, "%s", ref_diag_text(&dg));
		rc = -1;
	} else {
		ref_diag_text(&dg);
		if (play_over(&j->rp, &j->g, &res, &reason)) {
			snprintf(why, wsize, "the position is decided "
			    "already (%s)", reason);
			rc = -1;
		}
	}
	free(dg.buf);
	return rc;
}

static int
ref_opt_fen(struct ref_job *j, const char *value, char *norm, size_t size,
    char *why, size_t wsize)
{
	char sub[300];

	ref_new_record(j);
	ref_opt_fen_set(j, value);
	if (ref_new_replay(j, sub, sizeof(sub)) == -1) {
		snprintf(why, wsize, "fen=%.100s: %s", value, sub);
		return -1;
	}
	snprintf(norm, size, "fen=%s", value);
	return 0;
}

/* time=WORD: one word of the board's TimeControl (stackref-pdn(5)),
 * which must read alone; the words together are checked once the
 * board is made (ref_new_board). */
static int
ref_opt_time(struct ref_job *j, const char *value, char *norm,
    size_t size, char *why, size_t wsize)
{
	struct clock_control c;
	char sub[640];

	(void)j;
	if (value[0] == '\0' || clock_control_parse(value, &c, sub,
	    sizeof(sub)) == -1 || !c.timed) {
		snprintf(why, wsize, "time=%.100s: %s", value, value[0] ==
		    '\0' || !c.timed ? "a word of a time control, as "
		    "time=move=3d time=remind=1d" : sub);
		return -1;
	}
	snprintf(norm, size, "time=%s", value);
	return 0;
}

/* Adds the word value to the TimeControl of the new record. */
static void
ref_opt_time_set(struct ref_job *j, const char *value)
{
	const char *old = record_tag(&j->g, "TimeControl");
	char tc[PBEM_TEXT];

	snprintf(tc, sizeof(tc), "%s%s%s", old != NULL ? old : "",
	    old != NULL ? " " : "", value);
	ref_tag(j, "TimeControl", tc);
}

/* rated=yes|no: whether the game's end changes its players' ratings
 * (rated.c; none: yes, as pbmserv rates every game). */
static int
ref_opt_rated(struct ref_job *j, const char *value, char *norm,
    size_t size, char *why, size_t wsize)
{
	(void)j;
	if (strcmp(value, "yes") != 0 && strcmp(value, "no") != 0) {
		snprintf(why, wsize, "rated=%.100s: rated=yes or rated=no",
		    value);
		return -1;
	}
	snprintf(norm, size, "rated=%s", value);
	return 0;
}

/* The new record's Rated tag. */
static void
ref_opt_rated_set(struct ref_job *j, const char *value)
{
	ref_tag(j, "Rated", value);
}

/* Gives the new record j->g its time control (the players', else the
 * referee's) and starts its clock; -1 after refusing a control that
 * does not read. */
static int
ref_new_clock(struct ref_job *j)
{
	const char *tc = record_tag(&j->g, "TimeControl");
	struct clock_control c;
	char why[1024], sub[640];

	if (tc == NULL)
		ref_tag(j, "TimeControl", REF_TIME_CONTROL);
	else if (clock_control_parse(tc, &c, sub, sizeof(sub)) == -1) {
		snprintf(why, sizeof(why), "the time control \"%.250s\" does "
		    "not read: %s", tc, sub);
		return ref_refuse(j, "a bad option", why, NULL);
	}
	ref_need(play_append_stamp(&j->g, j->c->now));
	return 0;
}

/* The option named by word w (NAME=VALUE), its value in *value. */
static const struct ref_option *
ref_option_of(const char *w, const char **value)
{
	const char *eq = strchr(w, '=');
	size_t i;

	if (eq == NULL)
		return NULL;
	for (i = 0; i < REF_NOPTIONS; i++)
		if (strlen(ref_options[i].name) == (size_t)(eq - w) &&
		    strncmp(w, ref_options[i].name, (size_t)(eq - w)) == 0) {
			*value = eq + 1;
			return &ref_options[i];
		}
	return NULL;
}

/* Writes the syntax of every option into buf. */
static void
ref_options_known(char *buf, size_t size)
{
	size_t i;

	buf[0] = '\0';
	for (i = 0; i < REF_NOPTIONS; i++)
		util_append(buf, size, ", ", ref_options[i].syntax);
}

/* Reads the options of j's challenge into norm ("first=USER" always
 * there); -1 after refusing. */
static int
ref_options_read(struct ref_job *j, char *norm, size_t size)
{
	const struct ref_option *op;
	const char *s = j->cmd.text, *value;
	char w[PBEM_WORD], one[PBEM_WORD + 8], why[400], known[200];

	snprintf(norm, size, "first=%s", j->cmd.user);
	while (ref_word(&s, w, sizeof(w)) == 0) {
		if ((op = ref_option_of(w, &value)) == NULL) {
			ref_options_known(known, sizeof(known));
			snprintf(why, sizeof(why), "unknown option %s; the "
			    "options are %s", w, known);
			return ref_refuse(j, "unknown option", why, NULL);
		}
		if (op->check(j, value, one, sizeof(one), why,
		    sizeof(why)) == -1)
			return ref_refuse(j, "a bad option", why, NULL);
		if (strcmp(op->name, "first") == 0)
			snprintf(norm, size, "%s", one);
		else if (util_append(norm, size, " ", one) == -1)
			return ref_refuse(j, "the options are too long", NULL,
			    NULL);
	}
	return 0;
}

/* The limit set, or def when none is (0). */
static unsigned long
ref_limit(unsigned long set, unsigned long def)
{
	return set != 0 ? set : def;
}

/* What waits already that a new challenge of j adds to. */
struct ref_waiting {
	size_t by;                /* challenges by the challenger */
	size_t to;                /* and for the answer of the challenged */
	size_t pair;              /* between the two, either way */
	size_t all;
	char same[PBEM_WORD];     /* the board of the same one, or "" */
};

/* Counts the challenges waiting (not expired) that j's would join. */
static void
ref_waiting_count(const struct ref_job *j, struct ref_waiting *w)
{
	const struct ref_challenges *c = j->c->challenges;
	const char *u = j->cmd.user, *v = j->cmd.user2;
	const struct ref_challenge *x;
	size_t i;

	memset(w, 0, sizeof(*w));
	for (i = 0; c != NULL && i < c->n; i++) {
		x = &c->v[i];
		if (x->expires <= j->c->now)
			continue;
		w->all++;
		w->by += strcmp(x->from, u) == 0;
		w->to += strcmp(x->to, v) == 0;
		w->pair += (strcmp(x->from, u) == 0 && strcmp(x->to, v) == 0) ||
		    (strcmp(x->from, v) == 0 && strcmp(x->to, u) == 0);
		if (strcmp(x->from, u) == 0 && strcmp(x->to, v) == 0 &&
		    strcmp(x->game, j->r->name) == 0)
			snprintf(w->same, sizeof(w->same), "%s", x->board);
	}
}

/*
 * Refuses a challenge one too many: the challenger's own limit
 * (--max-challenges), then the pair's; the limits of the challenged and
 * of the server are safeties far above what one challenger can fill.
 */
static int
ref_challenges_room(struct ref_job *j, const struct ref_waiting *w)
{
	char why[500];

	if (w->by >= ref_limit(j->c->limits.challenges, REF_CHALLENGES_BY)) {
		snprintf(why, sizeof(why), "%zu challenges of %s wait for an "
		    "answer, the most one player may have waiting; withdraw "
		    "one (GAME decline BOARD %s PASSWORD) or wait", w->by,
		    j->cmd.user, j->cmd.user);
		return ref_refuse(j, "too many of your challenges wait for an "
		    "answer", why, NULL);
	}
	if (w->pair >= REF_CHALLENGES_PAIR)
		return ref_refuse(j, "too many challenges between these two "
		    "players wait for an answer", NULL, NULL);
	if (w->to >= REF_CHALLENGES_USER || w->all >= REF_CHALLENGES_MAX)
		return ref_refuse(j, "too many challenges wait for an answer; "
		    "try again later", NULL, NULL);
	return 0;
}

/* Refuses a challenge naming an unknown game or player, the same one
 * twice, one too many. */
static int
ref_challenge_check(struct ref_job *j)
{
	const char *u[2] = { j->cmd.user, j->cmd.user2 };
	char why[600], known[256];
	struct ref_waiting w;
	int i;

	if ((j->r = rules_find(j->cmd.game)) == NULL) {
		rules_names(known, sizeof(known));
		snprintf(why, sizeof(why), "unknown game %s; the games are %s",
		    j->cmd.game, known);
		return ref_refuse(j, "unknown game", why, NULL);
	}
	for (i = 0; i < 2; i++)
		if (ref_player_find(j->c->players, u[i]) == NULL) {
			snprintf(why, sizeof(why), "%s has not signed up",
			    u[i]);
			return ref_refuse(j, "a player named has not signed "
			    "up", why, NULL);
		}
	if (strcmp(u[0], u[1]) == 0)
		return ref_refuse(j, "a game needs two players", NULL, NULL);
	if (!ref_answer_ok(j))
		return ref_refuse(j, "too many requests from this address "
		    "today", NULL, NULL);
	ref_waiting_count(j, &w);
	if (w.same[0] != '\0') {
		snprintf(why, sizeof(why), "a challenge of %s by %s to %s "
		    "waits already (board %s)", u[1], u[0], j->r->name, w.same);
		return ref_refuse(j, "the same challenge waits already", why,
		    NULL);
	}
	return ref_challenges_room(j, &w);
}

/* The challenges file without skip (NULL: none) and the expired ones,
 * plus add (NULL: none), into the outcome. */
static void
ref_challenges_with(struct ref_job *j, const struct ref_challenge *skip,
    const struct ref_challenge *add)
{
	const struct ref_challenges *c = j->c->challenges;
	struct ref_challenges q = { NULL, 0, 0 };
	size_t i;

	for (i = 0; c != NULL && i < c->n; i++)
		if (&c->v[i] != skip && c->v[i].expires > j->c->now)
			ref_need(ref_challenge_add(&q, &c->v[i]));
	if (add != NULL)
		ref_need(ref_challenge_add(&q, add));
	j->o->challenges = ref_challenges_format(&q, j->c->now,
	    &j->o->challenges_len);
	ref_challenges_free(&q);
}

/* Sets the tags of j->g for challenge ch between its players, the
 * first player by its options. */
static void
ref_new_tags(struct ref_job *j, const struct ref_challenge *ch)
{
	char date[32], tag[64], first[PBEM_WORD];
	time_t now = j->c->now;
	struct tm tm;

	if (gmtime_r(&now, &tm) == NULL ||
	    strftime(date, sizeof(date), "%Y.%m.%d", &tm) == 0)
		snprintf(date, sizeof(date), "????.??.??");
	ref_opt_value(ch->options, "first", first, sizeof(first));
	ref_tag(j, "Event", "stackref referee");
	ref_tag(j, "Site", j->c->referee);
	ref_tag(j, "Date", date);
	ref_tag(j, "Round", "?");
	notation_player_tag(j->r, j->rp.pos.turn, tag, sizeof(tag));
	ref_tag(j, tag, first[0] != '\0' ? first : ch->from);
	notation_player_tag(j->r, !j->rp.pos.turn, tag, sizeof(tag));
	ref_tag(j, tag, strcmp(first, ch->to) == 0 ? ch->from : ch->to);
	ref_tag(j, "Result", "*");
	if (j->r->gametype != NULL)
		ref_tag(j, "GameType", j->r->gametype);
	ref_tag(j, "GameId", ch->board);
	ref_need(record_set_result(&j->g, "*"));
}

void
ref_wanted_players(const struct ref_letter *l,
    const struct ref_challenges *c, char users[2][PBEM_WORD])
{
	const struct ref_challenge *ch;

	users[0][0] = users[1][0] = '\0';
	if (l->bad != NULL || l->cmd_why != NULL)
		return;
	if (l->cmd.verb == PBEM_CHALLENGE) {
		snprintf(users[0], PBEM_WORD, "%s", l->cmd.user);
		snprintf(users[1], PBEM_WORD, "%s", l->cmd.user2);
	} else if (l->cmd.verb == PBEM_ACCEPT && c != NULL &&
	    (ch = ref_challenge_find(c, l->cmd.board)) != NULL) {
		snprintf(users[0], PBEM_WORD, "%s", ch->from);
		snprintf(users[1], PBEM_WORD, "%s", ch->to);
	}
}

/* The boards not over of user, as the context counted them. */
static unsigned long
ref_open_boards(const struct ref_job *j, const char *user)
{
	int i;

	for (i = 0; i < 2; i++)
		if (strcmp(j->c->open[i].user, user) == 0)
			return j->c->open[i].n;
	return 0;
}

/* Refuses the board ch opens when one of its players has the most open
 * boards a player may have (--max-boards) already. */
static int
ref_boards_room(struct ref_job *j, const struct ref_challenge *ch)
{
	unsigned long max = ref_limit(j->c->limits.boards, REF_BOARDS_USER);
	const char *u[2] = { ch->from, ch->to };
	char why[400];
	int i;

	for (i = 0; i < 2; i++) {
		if (ref_open_boards(j, u[i]) < max)
			continue;
		snprintf(why, sizeof(why), "open boards: %s has %lu, the "
		    "most one player may have; a new board opens once one "
		    "ends", u[i], ref_open_boards(j, u[i]));
		return ref_refuse(j, "a player of the challenge has the most "
		    "open games a player may have", why, NULL);
	}
	return 0;
}

/* Makes the record of the board ch opens into j->g and j->rp: the game
 * and its options, replayed for the side to move, then the tags; -1
 * after refusing (a player with too many boards, a position that does
 * not read). */
static int
ref_new_board(struct ref_job *j, const struct ref_challenge *ch)
{
	const struct ref_option *op;
	const char *s = ch->options, *value;
	char w[PBEM_WORD], why[400];

	if (ref_boards_room(j, ch) == -1)
		return -1;
	ref_new_record(j);
	while (ref_word(&s, w, sizeof(w)) == 0)
		if ((op = ref_option_of(w, &value)) != NULL &&
		    op->apply != NULL)
			op->apply(j, value);
	if (ref_new_replay(j, why, sizeof(why)) == -1)
		return ref_refuse(j, "the challenge's position does not read; "
		    "send a new challenge", why, NULL);
	ref_new_tags(j, ch);
	return ref_new_clock(j);
}

/* The time control of the new board of challenge ch and the options
 * the challenge carries, as lines for its mails, into buf. */
static void
ref_terms_text(const struct ref_job *j, const struct ref_challenge *ch,
    char *buf, size_t size)
{
	const char *tc = record_tag(&j->g, "TimeControl");

	snprintf(buf, size, "\nTime control: %s%s.\nOptions: %s.",
	    tc != NULL ? tc : "none", tc != NULL && strcmp(tc,
	    REF_TIME_CONTROL) == 0 ? " (the referee's)" : "",
	    ch->options[0] != '\0' ? ch->options : "none");
}

/* Who plays what in challenge ch, with the time control and the
 * options, for its mails, into buf. */
static void
ref_sides_text(struct ref_job *j, const struct ref_challenge *ch,
    char *buf, size_t size)
{
	char first[PBEM_WORD], fen[PBEM_WORD], rated[PBEM_WORD];
	const char *second;
	int t = j->rp.pos.turn;

	if (ref_opt_value(ch->options, "first", first, sizeof(first))[0] ==
	    '\0')
		snprintf(first, sizeof(first), "%s", ch->from);
	second = strcmp(first, ch->to) == 0 ? ch->from : ch->to;
	ref_opt_value(ch->options, "fen", fen, sizeof(fen));
	ref_opt_value(ch->options, "rated", rated, sizeof(rated));
	snprintf(buf, size, "%s plays %s and moves first, %s plays %s%s%s.  "
	    "The game is %s.", first, j->r->side[t], second, j->r->side[!t],
	    fen[0] != '\0' ? ", from the position " : "", fen,
	    strcmp(rated, "no") == 0 ? "unrated: its end changes no rating" :
	    "rated: its end changes both players' ratings");
	ref_terms_text(j, ch, buf + strlen(buf), size - strlen(buf));
}

/* The mails of a new challenge ch: to its challenged, to its sender. */
static int
ref_challenge_mails(struct ref_job *j, const struct ref_challenge *ch)
{
	const struct ref_player *to = ref_player_find(j->c->players, ch->to);
	const struct ref_player *from = ref_player_find(j->c->players,
	    ch->from);
	char sides[500], subject[600], *text;

	ref_sides_text(j, ch, sides, sizeof(sides));
	text = ref_text("%s challenges you, %s, to a game of %s: board "
	    "%s.\n%s\n\nTo accept, mail %s the subject\n    %s accept %s %s "
	    "PASSWORD\nTo decline:\n    %s decline %s %s PASSWORD\n\nThe "
	    "challenge waits %d days.\n", ch->from, ch->to, j->r->title,
	    ch->board, sides, j->c->referee, ch->game, ch->board, ch->to,
	    ch->game, ch->board, ch->to, REF_CHALLENGE_TIME / 86400);
	snprintf(subject, sizeof(subject), "%s board %s: %s challenges you",
	    ch->game, ch->board, ch->from);
	ref_push_text(j, to->addr, subject, text);
	free(text);
	text = ref_text("Your challenge to %s, a game of %s (board %s),\n"
	    "waits for %s's answer; you will be mailed it.\n%s\n\nTo "
	    "withdraw it (or if you did not send it), mail %s\nthe subject\n"
	    "    %s decline %s %s PASSWORD\n", ch->to, j->r->title,
	    ch->board, ch->to, sides, j->c->referee, ch->game, ch->board,
	    ch->from);
	snprintf(subject, sizeof(subject), "%s board %s: your challenge to "
	    "%s", ch->game, ch->board, ch->to);
	ref_push_text(j, from->addr, subject, text);
	free(text);
	return 0;
}

int
ref_challenge(struct ref_job *j)
{
	struct ref_challenge ch;

	if ((j->cmd.password[0] != '\0' ? ref_login(j) :
	    ref_login_verified(j)) == -1 || ref_challenge_check(j) == -1)
		return -1;
	memset(&ch, 0, sizeof(ch));
	if (ref_options_read(j, ch.options, sizeof(ch.options)) == -1)
		return -1;
	snprintf(ch.board, sizeof(ch.board), "%lu", j->c->next_board);
	snprintf(ch.game, sizeof(ch.game), "%s", j->r->name);
	snprintf(ch.from, sizeof(ch.from), "%s", j->cmd.user);
	snprintf(ch.to, sizeof(ch.to), "%s", j->cmd.user2);
	ch.expires = j->c->now + REF_CHALLENGE_TIME;
	if (ref_new_board(j, &ch) == -1)
		return -1;
	ref_challenges_with(j, NULL, &ch);
	j->o->status = REF_APPLIED;
	j->o->last_board = j->c->next_board;
	snprintf(j->o->summary, sizeof(j->o->summary), "board %.32s: "
	    "challenge of %.32s, %.32s v %.32s, waits for %.32s", ch.board,
	    ch.game, ch.from, ch.to,
	    ch.to);
	ref_answered(j);        /* a challenge counts as an answer */
	return ref_challenge_mails(j, &ch);
}

/* Whether command c (accept or decline) may answer challenge ch: its
 * challenged player accepts or declines, its sender withdraws it. */
static int
ref_may_answer(const struct ref_challenge *ch, const struct pbem_cmd *c)
{
	return strcmp(ch->to, c->user) == 0 || (c->verb != PBEM_ACCEPT &&
	    strcmp(ch->from, c->user) == 0);
}

/* The challenge of j's board that j's userid may answer, into *chp;
 * -1 after refusing. */
static int
ref_answerable(struct ref_job *j, const struct ref_challenge **chp)
{
	const struct ref_challenge *ch = ref_challenge_find(j->c->challenges,
	    j->cmd.board);
	struct pbem_cmd fixed = j->cmd;
	char why[800], extra[800] = "";

	if (ch == NULL || ch->expires <= j->c->now) {
		snprintf(why, sizeof(why), "no challenge for board %s waits "
		    "for an answer%s", j->cmd.board, j->c->record != NULL ?
		    " (the board is open)" : ch != NULL ? " (it expired)" : "");
		if (j->c->record != NULL)
			snprintf(extra, sizeof(extra), "To see the board and "
			    "what you may send on it (a draw offer is\n"
			    "answered with a move: accept or reject), send\n"
			    "    %s show %s\n", j->cmd.game, j->cmd.board);
		return ref_refuse(j, "no such challenge waits", why, extra[0] !=
		    '\0' ? extra : NULL);
	}
	if (strcmp(ch->game, j->cmd.game) != 0) {
		snprintf(why, sizeof(why), "the challenge of board %s is of "
		    "%s, not %s", ch->board, ch->game, j->cmd.game);
		snprintf(fixed.game, sizeof(fixed.game), "%s", ch->game);
		if (ref_may_answer(ch, &fixed))
			ref_instead(&fixed, NULL, extra, sizeof(extra));
		return ref_refuse(j, "the challenge is of another game", why,
		    extra[0] != '\0' ? extra : NULL);
	}
	if (!ref_may_answer(ch, &j->cmd)) {
		snprintf(why, sizeof(why), "the challenge of board %s is %s's "
		    "to %s: only %s may accept it", ch->board, ch->from, ch->to,
		    ch->to);
		return ref_refuse(j, why, NULL, NULL);
	}
	*chp = ch;
	return 0;
}

int
ref_accept(struct ref_job *j)
{
	const struct ref_challenge *ch;
	char intro[1400], sides[500];

	if (ref_login(j) == -1 || ref_answerable(j, &ch) == -1)
		return -1;
	if ((j->r = rules_find(ch->game)) == NULL)
		return ref_refuse(j, "unknown game", ch->game, NULL);
	if (ref_new_board(j, ch) == -1)
		return -1;
	ref_challenges_with(j, ch, NULL);
	ref_sides_text(j, ch, sides, sizeof(sides));
	snprintf(intro, sizeof(intro), "%s accepted the challenge of %s: a new "
	    "game of %s, board %s.\n%s", ch->to, ch->from, j->r->title,
	    ch->board, sides);
	snprintf(j->o->summary, sizeof(j->o->summary), "board %.32s: new "
	    "%.32s game, %.32s v %.32s", ch->board, ch->game, ch->from,
	    ch->to);
	return ref_changed(j, "New", intro, 0);
}

int
ref_decline(struct ref_job *j)
{
	const struct ref_challenge *ch;
	const struct ref_player *pl;
	char subject[300], *text;
	const char *u[2];
	int i, withdrawn;

	if (ref_login(j) == -1 || ref_answerable(j, &ch) == -1)
		return -1;
	ref_challenges_with(j, ch, NULL);
	withdrawn = strcmp(ch->from, j->cmd.user) == 0;
	j->o->status = REF_APPLIED;
	snprintf(j->o->summary, sizeof(j->o->summary), "board %s: challenge "
	    "%s by %s", ch->board, withdrawn ? "withdrawn" : "declined",
	    j->cmd.user);
	j->r = rules_find(ch->game);
	text = ref_text("%s %s the challenge of %s to %s, a game of %s "
	    "(board %s).\nNo board was opened.\n", j->cmd.user, withdrawn ?
	    "withdrew" : "declined", ch->from, ch->to, j->r != NULL ?
	    j->r->title : ch->game, ch->board);
	snprintf(subject, sizeof(subject), "%s board %s: challenge %s",
	    ch->game, ch->board, withdrawn ? "withdrawn" : "declined");
	u[0] = ch->from, u[1] = ch->to;
	for (i = 0; i < 2; i++)
		if ((pl = ref_player_find(j->c->players, u[i])) != NULL)
			ref_push_text(j, pl->addr, subject, text);
	free(text);
	return 0;
}
