/*
 * move.c - stackref move: validate a move against a record and
 * append it.  The record is written back atomically, and only when the
 * move is accepted: no error ever touches it.  A move by the side a draw
 * was offered to declines the offer (replay_ply).  The record is read,
 * checked and written under its lock (cmd_play_load), so of two moves
 * played at once on one record the second sees the first.
 *
 * Whether the move may be played is the judge's (game/judge.h: --ply,
 * the end, --as, the clock); a timed record (clock_timed) stamps the
 * move with the time now.  --then leaves conditional replies beside the
 * record (condfile.c); a move that matches a list kept there is
 * answered at once.
 */
#include <getopt.h>
#include <stdio.h>
#include <string.h>

#include "notation/notation.h"
#include "cmd/cmd.h"
#include "base/fileio.h"
#include "base/util.h"
#include "game/cond.h"
#include "game/play.h"
#include "game/replay.h"

const char cmd_move_usage[] = "move [-n] [--as SIDE] [--ply N] "
    "[--now TIME] [--then 'X Y ...']... [-o OUT] FILE MOVE";

const char cmd_move_help[] =
	CMD_HELP_PLAY
	"  --then 'X Y ...'     conditional moves: if the other side plays X,"
	" reply Y,\n"
	"                       and so on; may be repeated\n";

/* What one move does beyond the record: its clock and conditions. */
struct move_ctx {
	const struct play_opts *po;
	const char *file;         /* FILE */
	const char *out;          /* the record written: OUT, else FILE */
	char path[4096];          /* the file of its conditional moves */
	struct judge_clock cc;
	struct cond mine;         /* the list to keep: --then's, or the
				   * one kept before, after the move */
	struct diag *d;
};

/* Reads the moves of the --then options (blank-separated, X Y ...)
 * into m->mine, from rp after the move; -1 after reporting. */
static int
move_then(struct move_ctx *m, const struct replay *rp,
    const struct diag_where *w)
{
	char buf[2 * COND_MAX * COND_TEXT], why[256], *tok, *save = NULL;
	const char *texts[2 * COND_MAX + 1];
	size_t i, n = 0;

	buf[0] = '\0';
	for (i = 0; i < m->po->nthen; i++)
		if (util_append(buf, sizeof(buf), " ", m->po->then[i]) == -1)
			break;
	for (tok = strtok_r(buf, " \t", &save); tok != NULL &&
	    n < 2 * COND_MAX + 1; tok = strtok_r(NULL, " \t", &save))
		texts[n++] = tok;
	if (i == m->po->nthen && cond_set(&m->mine, rp, texts, n, why,
	    sizeof(why)) == 0)
		return 0;
	if (i < m->po->nthen)
		snprintf(why, sizeof(why), "the --then moves are too long");
	diag_report(m->d, DIAG_BAD_THEN, w, why);
	return -1;
}

/* The conditional moves after the move: the list kept beside the
 * record answers it; then --then's list replaces it (and answers a
 * reply the kept list played).  m->mine gets the list to keep.  0, or
 * -1 after reporting. */
static int
move_conditions(struct move_ctx *m, struct replay *rp, struct record *g,
    const struct diag_where *w)
{
	struct cond kept;
	int n;

	if (cmd_cond_load(m->path, rp->r, &kept, m->d) == -1 ||
	    (n = cmd_cond_apply(&kept, rp, g, &m->cc, w, m->d)) == -1)
		return -1;
	if (m->po->nthen == 0) {
		m->mine = kept;
		return 0;
	}
	if (n > 0 && cmd_cond_apply(&m->mine, rp, g, &m->cc, w, m->d) == -1)
		return -1;
	return 0;
}

/* Whether the conditional moves are kept: a record file is written. */
static int
move_keeps(const struct move_ctx *m)
{
	return !m->po->dry && strcmp(m->out, "-") != 0;
}

/* Everything after loading: replay, the judge, play, append,
 * conditional moves, write. */
static int
move_play(struct move_ctx *m, const char *text, struct record *g,
    const struct notation *nt)
{
	struct replay_opts o = { fileio_name(m->file), 0, REPLAY_ALL, 0 };
	struct diag_where w = { o.file, NULL, 0, 0 };
	struct judge_ask a = { JUDGE_MOVE, -1, 0, 0 };
	struct replay rp;

	if (replay_run(&rp, g, &o, m->d) == -1)
		return -1;
	w.ply = rp.plies + 1;
	if (cmd_play_judge(m->po, &a, &m->cc, g, &rp, &w, m->d) == -1 ||
	    replay_ply(&rp, text, &w, m->d, NULL) == -1 ||
	    (m->po->nthen > 0 && move_then(m, &rp, &w) == -1))
		return -1;
	if (play_append_move(&rp, g, NULL, 0) == -1) {
		diag_report(m->d, DIAG_NOMEM, &w);
		return -1;
	}
	if (cmd_play_stamp(&m->cc, g, &w, m->d) == -1 ||
	    (move_keeps(m) && move_conditions(m, &rp, g, &w) == -1) ||
	    cmd_play_write(m->po, m->file, nt, g, &rp, m->d) == -1)
		return -1;
	return move_keeps(m) ? cmd_cond_save(m->path, rp.r, &m->mine,
	    m->d) : 0;
}

/* Options and operands; 0, or the usage status after reporting. */
static int
move_args(struct play_opts *po, int argc, char *argv[], struct diag *d)
{
	int rc;

	if ((rc = cmd_play_getopt(po, argc, argv, cmd_move_usage,
	    CMD_PLAY_THEN, d)) != 0)
		return rc;
	if (argc - optind < 2)
		return diag_report(d, DIAG_ARGS_NEEDED, NULL, "FILE and MOVE"),
		    cmd_usage(d, cmd_move_usage);
	if (argc - optind > 2)
		return cmd_arg_count(d, cmd_move_usage, 0, NULL);
	if (cmd_misplaced(argc, argv, optind, optind + 1, 0, d))
		return STATUS_USAGE;
	if (po->nthen > 0 && !po->dry && strcmp(po->out != NULL ? po->out :
	    argv[optind], "-") == 0)
		return diag_report(d, DIAG_THEN_NEEDS_FILE, NULL),
		    cmd_usage(d, cmd_move_usage);
	return 0;
}

int
cmd_move(int argc, char *argv[], struct diag *d)
{
	struct move_ctx m;
	struct play_opts po;
	const struct notation *nt;
	struct fileio_lock lk;
	struct record g;
	int rc;

	memset(&po, 0, sizeof(po));
	memset(&m, 0, sizeof(m));
	if ((rc = move_args(&po, argc, argv, d)) != 0)
		return rc;
	m.po = &po;
	m.file = argv[optind];
	m.out = po.out != NULL ? po.out : m.file;
	m.d = d;
	cond_clear(&m.mine);
	if (cmd_now(po.now, &m.cc.now, d) == -1 ||
	    (move_keeps(&m) && cmd_cond_path(m.out, m.path,
	    sizeof(m.path)) == -1))
		return cmd_finish(d);
	record_init(&g);
	if (cmd_play_load(&po, m.file, &g, &nt, &lk, d) == 0)
		move_play(&m, argv[optind + 1], &g, nt);
	fileio_unlock(&lk);
	record_free(&g);
	return cmd_finish(d);
}
