/*
 * replay.h - replaying a record's main line under its game's rules.
 *
 * A replay finds the game a record is played under (notation_game), its
 * start position ([FEN] tag, else the rules' start), then reads each move
 * of the main line into a pattern (rules->move_parse), resolves it
 * to the legal move it denotes (rules_resolve) and plays it.  Problems are
 * reported to a struct diag with the file, the move's line:col, the game
 * index and the ply; replay stops at the first one.
 *
 * Speed: replay_run does not format move texts (unless asked to write
 * canonical texts) and builds no lists except to explain an error (cut
 * once the message is full).  A move is resolved through rules_resolve,
 * which follows the written steps (every game but Mogensen's, whose
 * positions have few moves), so a ply costs the same whatever the
 * position (rules.h, Cost).  The outcome is looked at only when a move does not
 * resolve and once at the end, so a rules module must have no legal move
 * in a finished game.
 *
 * Nothing here allocates except elem_set_text() when canonical is set;
 * a struct replay is a plain value.
 */
#ifndef STACKREF_GAME_REPLAY_H
#define STACKREF_GAME_REPLAY_H

#include <limits.h>

#include "base/diag.h"
#include "game/verdict.h"
#include "model/record.h"
#include "rules/rules.h"

#define REPLAY_ALL ULONG_MAX     /* replay_opts.stop: every ply */
#define REPLAY_AHEAD 64          /* plies read ahead to choose between the
				  * paths an ambiguous move fits (a flying
				  * king's may part 21 plies on) */

struct replay_opts {
	const char *file;         /* name for diagnostics, or NULL */
	unsigned long game;       /* 1-based game index for diagnostics, or 0 */
	unsigned long stop;       /* play at most this many plies */
	int canonical;            /* rewrite move texts in canonical form
				   * (1), or keep the full capture paths as
				   * written (REPLAY_KEEP_PATHS) */
};

#define REPLAY_KEEP_PATHS 2      /* replay_opts.canonical: a capture written
				  * with its whole path keeps it (10x17x26
				  * stays, 10x26 is read and written
				  * canonically) */

struct replay {
	const struct rules *r;    /* the game */
	int style;                /* the record's square style
				   * (notation_square_style), or -1: every
				   * text about the record names squares so */
	struct pos pos;           /* position after the plies played */
	struct pos prev;          /* position before the last ply */
	struct move last;         /* the last ply played (if plies > 0) */
	unsigned long plies;      /* plies played */
	unsigned long total;      /* moves in the main line */
	enum outcome outcome;     /* outcome of the game, set by replay_run:
				   * the final position's, else act_outcome */
	const char *why;          /* its reason (static), or NULL */
	int offer;                /* side whose draw offer is pending, or -1 */
	enum outcome act_outcome; /* end by an action: a resignation (the
				   * other side wins), an accepted draw
				   * (OUTCOME_DRAW), or OUTCOME_NONE */
	const char *act_why;      /* its reason (static): "red resigned",
				   * "draw agreed"; NULL if none */
	int undo;                 /* side whose request to take back its
				   * last move (and the reply) is pending,
				   * or -1 */
	size_t undo_elem;         /* then the main-line element its moves
				   * start at */
	unsigned long moved[2];   /* ply of each side's last move since the
				   * start or the last accepted undo, 0:
				   * none (nothing it may take back) */
	size_t move_elem[2];      /* its main-line element (a record's) */
	int started;              /* replay_start succeeded: the game and
				   * its start position are known */
	size_t elem;              /* main-line elements replayed; after a
				   * fault, the index of the offending one */
};

/* The correspondence actions, as ELEM_ACTION and the commands name them. */
enum replay_act {
	REPLAY_RESIGN,            /* "resign" */
	REPLAY_OFFER_DRAW,        /* "offer-draw" */
	REPLAY_ACCEPT_DRAW,       /* "accept-draw" */
	REPLAY_DECLINE_DRAW,      /* "decline-draw" */
	REPLAY_REQUEST_UNDO,      /* "request-undo": take back my last move */
	REPLAY_ACCEPT_UNDO,       /* "accept-undo" */
	REPLAY_DECLINE_UNDO,      /* "decline-undo" */
	REPLAY_LEAVE,             /* "leave": "leave SIDE DAYS" */
	REPLAY_CLAIM_TIME         /* "claim-time": the other side has lost
				   * on time (the clock says so, clock.h) */
};

/*
 * Sets rp to the record's game and start position, no ply played, no
 * offer pending.
 * Returns 0, or -1 after reporting DIAG_RECORD_GAME or DIAG_BAD_FEN.
 */
int replay_start(struct replay *rp, const struct record *g,
    const struct replay_opts *o, struct diag *d);

/*
 * replay_start, then plays the main line of g (at most o->stop plies,
 * and the actions up to the move after the last of them), then sets
 * rp->outcome.  With o->canonical, each move's text is replaced by its
 * canonical text (the suffix is kept; the text as read is kept in
 * elem.written when it differs) and each action's text by
 * "ACTION SIDE" with the colour name.  Time stamps are not looked at
 * (the clock reads them: clock.h).  An accept-undo must follow the
 * variation of the moves it took back (line_undo_before): one or two
 * moves that replay from the position there, the first by the side
 * that asked, then its request-undo and nothing played after it, the
 * game not over (else DIAG_UNDO_SHAPE).  Words glued to a move
 * ("8-11Redoverstepped...") become a comment after it, inserted into
 * g's main line: pointers into g->main.elems are invalid afterwards
 * (record.h, line_insert).  Returns 0, or -1 after
 * reporting the first problem (DIAG_BAD_MOVE_TEXT, DIAG_ILLEGAL_MOVE,
 * DIAG_AMBIGUOUS_MOVE, DIAG_GAME_OVER, DIAG_BAD_ACTION and the refusals
 * of replay_action, DIAG_UNDO_SHAPE, DIAG_NOMEM); rp then holds the
 * state before the offending element.
 */
int replay_run(struct replay *rp, struct record *g,
    const struct replay_opts *o, struct diag *d);

/* Called by replay_walk with its ctx once the start position is set
 * (rp->plies == 0), then after each ply played; a nonzero return ends
 * the replay there, as replay_opts.stop would. */
typedef int (*replay_ply_fn)(void *ctx, const struct replay *rp);

/* replay_run, calling on_ply (unless NULL) at each position reached. */
int replay_walk(struct replay *rp, struct record *g,
    const struct replay_opts *o, replay_ply_fn on_ply, void *ctx,
    struct diag *d);

/*
 * Reads the move text and plays it in rp->pos as ply rp->plies + 1,
 * reporting problems at w (DIAG_GAME_OVER after an end by action).  A
 * move by the side a draw was offered to declines the offer.  *played
 * (may be NULL) gets the legal move.  Returns 0, or -1 after reporting.
 */
int replay_ply(struct replay *rp, const char *text,
    const struct diag_where *w, struct diag *d, struct move *played);

/*
 * Checks the results a replayed record gives (the result after the
 * movetext and the Result tag, variants read as their canonical form)
 * against each other and, when the final position decides the game,
 * against that decision, or the end by a resignation or an accepted
 * draw the record's actions give.  A result on an undecided position
 * without such actions is fine (resignation, agreement not recorded as
 * actions).  Returns 0, or -1 after reporting DIAG_WRONG_RESULT.
 */
int replay_result(const struct replay *rp, const struct record *g,
    const struct replay_opts *o, struct diag *d);

/* Writes the canonical text of the last ply into buf, in the record's
 * square style; -1 if none. */
int replay_last_text(const struct replay *rp, char *buf, size_t size);

/* The PDN result token of an outcome: "1-0", "0-1", "1/2-1/2" or "*". */
const char *replay_result_token(enum outcome o);

/* The name of an action ("offer-draw"); its action by name, or -1. */
const char *replay_act_name(enum replay_act a);
int replay_act_find(const char *name);

/* Names action act by side of game r, "offer-draw by red", into buf. */
void replay_act_label(const struct rules *r, enum replay_act act, int side,
    char *buf, size_t size);

/*
 * Reads an action text "ACTION SIDE" (one space; SIDE as
 * notation_side_parse reads it), or "leave SIDE DAYS" (1 to 366 days),
 * of game r.  Returns 0 with *act, *side and *days (0 but for leave)
 * set, or -1 with the reason written into why (of size bytes).
 */
int replay_act_parse(const struct rules *r, const char *text,
    enum replay_act *act, int *side, unsigned long *days, char *why,
    size_t size);

/*
 * Whether side may take action act in rp, after the plies played, as
 * stackref(1) says each may be taken (the judge's rule of an action's
 * state, judge.h): not once the game is over by its position or an
 * action (JUDGE_OVER); an offer of a draw not while one is pending
 * (JUDGE_OFFER_PENDING, other its side), its accept or decline only
 * while one by the other side is (JUDGE_NO_OFFER, JUDGE_OWN_OFFER); a
 * request to take back moves not while one is pending
 * (JUDGE_UNDO_PENDING) nor without a move of side's since the start or
 * the last accepted undo (JUDGE_NOTHING_TO_UNDO), its accept or decline
 * only while one by the other side is (JUDGE_NO_UNDO, JUDGE_OWN_UNDO).
 * Leave and a claim on time are judged here only against the end of the
 * game: their time is the clock's (clock.h).  Returns 0, or -1 with v
 * the refusal (v is filled either way).
 */
int replay_act_judge(const struct replay *rp, enum replay_act act, int side,
    struct judge_verdict *v);

/* Reports the refusal v of replay_act_judge at w: DIAG_ACTION_OVER,
 * DIAG_OFFER_PENDING, DIAG_NO_OFFER, DIAG_OWN_OFFER, DIAG_UNDO_PENDING,
 * DIAG_NOTHING_TO_UNDO, DIAG_NO_UNDO, DIAG_OWN_UNDO. */
void replay_act_report(const struct judge_verdict *v,
    const struct diag_where *w, struct diag *d);

/*
 * Takes action act by side in rp, once judged (replay_act_judge or
 * judge_play): a resignation, an accepted draw or a claim on time sets
 * act_outcome, act_why, outcome and why; a request to take back moves
 * sets rp->undo and rp->undo_elem; its acceptance clears rp->moved (the
 * caller moves the moves into a variation: play_accept_undo).
 */
void replay_act_apply(struct replay *rp, enum replay_act act, int side);

/* replay_act_judge, reporting a refusal at w (replay_act_report), then
 * replay_act_apply.  Returns 0, or -1 after reporting. */
int replay_action(struct replay *rp, enum replay_act act, int side,
    const struct diag_where *w, struct diag *d);

/*
 * Writes the correspondence state of rp in one line into buf: "white
 * offers a draw", "red asks to take back moves" (both, joined by "; "),
 * "red resigned", "draw agreed", or "" when there is nothing to say.  Returns its length (0: nothing), or -1 if it does not
 * fit.
 */
int replay_state_text(const struct replay *rp, char *buf, size_t size);

/*
 * Writes the canonical texts of the legal moves of p into buf, joined by
 * sep, truncated with "..." when they do not fit.
 */
void replay_legal_list(const struct rules *r, const struct pos *p,
    const char *sep, char *buf, size_t size);

#endif
