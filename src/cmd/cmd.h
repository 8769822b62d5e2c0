/*
 * cmd.h - the subcommands of stackref and the glue they share.
 *
 * Each command lives in its own file (src/cmd/<name>.c) with its own
 * usage text and option parsing.  A command gets its arguments with
 * argv[0] the command's name and a diagnostics context printing to
 * standard error; it returns the exit status (SPEC 2, enum status): 0
 * ok, 1 rejected, 2 usage, 3 malformed input, 4 system, 5 transfer.
 */
#ifndef STACKREF_CMD_CMD_H
#define STACKREF_CMD_CMD_H

#include <getopt.h>
#include <stdio.h>

#include "notation/notation.h"
#include "notation/select.h"
#include "base/diag.h"
#include "base/fileio.h"
#include "model/record.h"
#include "game/clock.h"
#include "game/extend.h"
#include "game/judge.h"
#include "game/replay.h"
#include "game/posmatch.h"
#include "rules/rules.h"

typedef int (*cmd_fn)(int argc, char *argv[], struct diag *d);

struct cmd {
	const char *name;
	cmd_fn fn;
	const char *usage;       /* synopsis after "stackref " */
	const char *summary;     /* one line for --help */
	const char *help;        /* its options, a line each, for
				  * stackref CMD --help (CMD_HELP_*) */
};

/*
 * The option lines of the help texts the commands share, each line
 * "  OPTION  what it does": the selection, position, transfer and play
 * options (stackref(1)).
 */
#define CMD_HELP_SELECT \
	"  --game N[,M-K,...]   only the games of these numbers (1-based)\n" \
	"  --tag CRITERION      only the games whose tags match, as" \
	" White~Tinsley\n" \
	"                       (= != ~ !~ < <= > >=); may be repeated\n" \
	CMD_HELP_GAME_TYPE
#define CMD_HELP_GAME_TYPE \
	"  --game-type GAME     read a record without a Game or GameType" \
	" tag as GAME\n" \
	"                       (a GameType number, 20, or a name," \
	" international)\n"
#define CMD_HELP_POSITION \
	"  --fen FEN            positions that are exactly FEN\n" \
	"  --pattern FEN        positions whose squares FEN lists hold" \
	" what it lists\n" \
	"  --empty SQUARES      positions where these squares are empty" \
	" (13,14,17-20)\n" \
	"  --material COUNTS    positions with these counts" \
	" (red=1,white-kings>=2)\n"
#define CMD_HELP_XFER \
	"  --user NAME          log in as NAME (password asked on the" \
	" terminal)\n" \
	"  --password-file FILE the password is the first line of FILE\n" \
	"  --password-env VAR   the password is the value of VAR\n" \
	"  --cacert FILE        trust the authorities of FILE instead of" \
	" the system's\n" \
	"  --starttls           demand STARTTLS from this machine too\n" \
	"  --timeout SECONDS    give up a transfer after SECONDS" \
	" (default 60)\n"
#define CMD_HELP_PLAY \
	"  --as SIDE            refused unless SIDE may act now (red, white," \
	" first, ...,\n" \
	"                       or a player's name from the record)\n" \
	"  --ply N              refused unless this is ply N of the game\n" \
	"  --now TIME           the time now, as 2026-11-24T20:57:07Z" \
	" (default:\n" \
	"                       STACKREF_NOW, else the system clock)\n" \
	"  -n, --dry-run        check only; nothing is written\n" \
	"  -o, --output OUT     write the record to OUT (- for standard" \
	" output), not FILE\n" \
	CMD_HELP_GAME_TYPE

/* Prints c's usage, summary and options (c->help) to standard output,
 * as stackref CMD --help and stackref help CMD do; returns the status
 * of cmd_finish. */
int cmd_help(const struct cmd *c, struct diag *d);

/* Whether argv (a command's arguments, argv[0] its name) asks for its
 * help: -h or --help before any "--". */
int cmd_wants_help(int argc, char *const argv[]);


int cmd_new(int, char *[], struct diag *);
int cmd_check(int, char *[], struct diag *);
int cmd_move(int, char *[], struct diag *);
int cmd_moves(int, char *[], struct diag *);
int cmd_show(int, char *[], struct diag *);
int cmd_perft(int, char *[], struct diag *);
int cmd_convert(int, char *[], struct diag *);
int cmd_resign(int, char *[], struct diag *);
int cmd_offer_draw(int, char *[], struct diag *);
int cmd_accept_draw(int, char *[], struct diag *);
int cmd_decline_draw(int, char *[], struct diag *);
int cmd_request_undo(int, char *[], struct diag *);
int cmd_accept_undo(int, char *[], struct diag *);
int cmd_decline_undo(int, char *[], struct diag *);
int cmd_leave(int, char *[], struct diag *);
int cmd_claim_time(int, char *[], struct diag *);
int cmd_clock(int, char *[], struct diag *);
int cmd_referee(int, char *[], struct diag *);
int cmd_fetch(int, char *[], struct diag *);
int cmd_post(int, char *[], struct diag *);
int cmd_search(int, char *[], struct diag *);
int cmd_dups(int, char *[], struct diag *);
int cmd_stats(int, char *[], struct diag *);

extern const char cmd_new_usage[];
extern const char cmd_check_usage[];
extern const char cmd_move_usage[];
extern const char cmd_moves_usage[];
extern const char cmd_show_usage[];
extern const char cmd_perft_usage[];
extern const char cmd_convert_usage[];
extern const char cmd_resign_usage[];
extern const char cmd_offer_draw_usage[];
extern const char cmd_accept_draw_usage[];
extern const char cmd_decline_draw_usage[];
extern const char cmd_request_undo_usage[];
extern const char cmd_accept_undo_usage[];
extern const char cmd_decline_undo_usage[];
extern const char cmd_leave_usage[];
extern const char cmd_claim_time_usage[];
extern const char cmd_clock_usage[];
extern const char cmd_referee_usage[];
extern const char cmd_fetch_usage[];
extern const char cmd_post_usage[];
extern const char cmd_search_usage[];
extern const char cmd_dups_usage[];
extern const char cmd_stats_usage[];

/* The option lines of each command's --help (cmd_action_help: the
 * actions but leave). */
extern const char cmd_new_help[];
extern const char cmd_check_help[];
extern const char cmd_move_help[];
extern const char cmd_moves_help[];
extern const char cmd_show_help[];
extern const char cmd_perft_help[];
extern const char cmd_convert_help[];
extern const char cmd_action_help[];
extern const char cmd_leave_help[];
extern const char cmd_clock_help[];
extern const char cmd_referee_help[];
extern const char cmd_fetch_help[];
extern const char cmd_post_help[];
extern const char cmd_search_help[];
extern const char cmd_dups_help[];
extern const char cmd_stats_help[];

/*
 * Prints "usage: stackref USAGE" on d->out, after the diagnostic that
 * says what is wrong (the status is made STATUS_USAGE if none was
 * reported).  Returns STATUS_USAGE.
 */
int cmd_usage(struct diag *d, const char *usage);

/*
 * Reports the wrong count of arguments: DIAG_NO_ARGUMENT for what when
 * none is given, else DIAG_TOO_MANY_ARGS; then the usage.  Returns
 * STATUS_USAGE.
 */
int cmd_arg_count(struct diag *d, const char *usage, int none,
    const char *what);

/*
 * Explains the getopt_long result c (a '?' or ':') for argv, then the
 * usage.  Call with opterr = 0 and an optstring starting with ':'.
 */
int cmd_bad_option(struct diag *d, const char *usage, int c,
    char *const argv[]);

/* Reports DIAG_UNKNOWN_OPTION for opt (which names the command's help:
 * usage's first word), then the usage.  Returns STATUS_USAGE. */
int cmd_unknown_option(struct diag *d, const char *usage, const char *opt);

/*
 * Parses the number text given to option opt into [min, max]; reports
 * DIAG_BAD_NUMBER and returns -1 when it is not one.
 */
int cmd_number(struct diag *d, const char *opt, const char *text,
    unsigned long min, unsigned long max, unsigned long *out);

/*
 * Reads path ("-": standard input), which must hold exactly one game in
 * any notation (notation_read_one), into g (record_init'ed by the
 * caller); *nt (unless nt is NULL) gets the notation it was written in.
 * Returns 0, or -1 after reporting.
 */
int cmd_load_one(const char *path, struct record *g,
    const struct notation **nt, struct diag *d);

/*
 * The selection options every command that reads records takes
 * (stackref(1)): --game N[,M-K...] and --tag NAME OP VALUE, as getopt_long
 * entries with the values CMD_OPT_GAME and CMD_OPT_SELECT_TAG.
 */
enum {
	CMD_OPT_GAME = 0x200,       /* --game 10-20,541 */
	CMD_OPT_SELECT_TAG,         /* --tag White~Tinsley */
	CMD_OPT_GAME_TYPE           /* --game-type 20: how a record that
				     * names no game is read */
};
#define CMD_SELECT_LONGOPTS \
	{ "game", required_argument, NULL, CMD_OPT_GAME }, \
	{ "tag", required_argument, NULL, CMD_OPT_SELECT_TAG }, \
	{ "game-type", required_argument, NULL, CMD_OPT_GAME_TYPE }

/* A command's own options for cmd_getopt_select: ch (a getopt_long
 * value) with its argument arg; returns 0, a nonzero status after
 * reporting, or -1 when ch is no option of the command. */
typedef int (*cmd_opt_fn)(void *ctx, int ch, const char *arg);

/*
 * The option loop of a command that reads records: getopt_long over
 * argv with longopts (which hold CMD_SELECT_LONGOPTS) and the short
 * options -o OUT, -q and -# N (fn refuses those it does not take), the
 * selection options into sel, the others to fn.  Returns 0 (optind is
 * then the first operand), or the usage status after reporting.
 */
int cmd_getopt_select(int argc, char *argv[], const struct option *longopts,
    struct select *sel, const char *usage, cmd_opt_fn fn, void *ctx,
    struct diag *d);

/* cmd_getopt_select, then at least one operand (FILE...) is needed. */
int cmd_getopt_files(int argc, char *argv[], const struct option *longopts,
    struct select *sel, const char *usage, cmd_opt_fn fn, void *ctx,
    struct diag *d);

/* The position options of search and convert (stackref(1), Positions):
 * their getopt_long entries, with the values CMD_OPT_FEN ... */
enum {
	CMD_OPT_FEN = 0x300,        /* --fen FEN */
	CMD_OPT_PATTERN,            /* --pattern FEN */
	CMD_OPT_EMPTY,              /* --empty SQUARES */
	CMD_OPT_MATERIAL            /* --material COUNTS */
};
#define CMD_POSITION_LONGOPTS \
	{ "fen", required_argument, NULL, CMD_OPT_FEN }, \
	{ "pattern", required_argument, NULL, CMD_OPT_PATTERN }, \
	{ "empty", required_argument, NULL, CMD_OPT_EMPTY }, \
	{ "material", required_argument, NULL, CMD_OPT_MATERIAL }

/* Stores position option ch with argument arg in sp; 1, or 0 when ch is
 * not one. */
int cmd_position_opt(struct posmatch_spec *sp, int ch, const char *arg);

/* Reads the text of --game-type (notation_game_named) into as.  Returns
 * 1, or -1 after reporting DIAG_UNKNOWN_GAME and the usage. */
int cmd_game_type(struct select_as *as, const char *text, const char *usage,
    struct diag *d);

/* Makes q a diagnostics context that counts and prints nothing (the
 * problems of games that search, dups and stats pass over). */
void cmd_quiet(struct diag *q);

/* Adds option ch (a CMD_OPT_* value above) with argument arg to s.
 * Returns 1, 0 when ch is not a selection option, or -1 after reporting
 * a usage error (with usage) or running out of memory. */
int cmd_select_opt(struct select *s, int ch, const char *arg,
    const char *usage, struct diag *d);

/* Called for each selected game of an archive; a nonzero return stops
 * (-1: an error already reported). */
typedef int (*cmd_game_fn)(void *ctx, struct record *g,
    unsigned long index, const char *file);

/* The reading of an archive: the selection and the callback given, the
 * counts and notation found. */
struct cmd_each {
	const struct select *sel;
	cmd_game_fn fn;
	void *ctx;
	const struct notation *nt;  /* the notation read */
	const struct notation *from; /* read as this one, or NULL: found
				     * from the content */
	unsigned long games;        /* games read (selectable by number) */
	unsigned long selected;     /* of them, passed to fn */
	unsigned long malformed;    /* of them, unreadable (reported) */
	unsigned long beyond;       /* a --game number past the last game
				     * (reported), or 0 */
	unsigned long total;        /* with beyond: the games of the file */
};

/*
 * Reads every game of path ("-": standard input), in its notation,
 * calling e->fn with each game e->sel selects, in order, one game at a
 * time.  A game whose number is not selected is read without a word
 * (its problems are not reported); reading stops after the last number
 * selected.  An input that holds no game at all is reported
 * (DIAG_NO_GAME, status 3), as check, search, dups and stats all say;
 * so is a game number of e->sel past its last game (DIAG_GAME_BEYOND).
 * Returns 0, or -1 after reporting (unreadable, out of memory, or fn's
 * -1).
 */
int cmd_each_game(const char *path, struct cmd_each *e, struct diag *d);

/* Reports e->beyond, a --game number past the e->total games of name
 * (DIAG_GAME_BEYOND). */
void cmd_each_beyond(const struct cmd_each *e, const char *name,
    struct diag *d);

/* cmd_each_game of the open stream f, named name. */
int cmd_each_stream(FILE *f, const char *name, struct cmd_each *e,
    struct diag *d);

/*
 * Loads the one game of path that sel selects into g (record_init'ed);
 * *index gets its number in the file.  Without a selection, path must
 * hold one game (as cmd_load_one; *index is 0; a file of several is
 * said with their count and --game: DIAG_MANY_GAMES).  Returns 0, or -1 after
 * reporting (a selection of no game or of several is a usage error).
 */
int cmd_load_selected(const char *path, const struct select *sel,
    struct record *g, unsigned long *index, struct diag *d);

/*
 * Loads the game of path that sel selects (cmd_load_selected; sel may be
 * NULL: the one game of path) and replays it up to ply (the text of a
 * --ply option, or NULL: the whole main line) into rp.  A ply beyond
 * the main line is rejected (DIAG_PAST_END).  Returns 0, or -1 after
 * reporting.
 */
int cmd_replay_to(const char *path, const char *ply,
    const struct select *sel, struct record *g, struct replay *rp,
    struct diag *d);

#define CMD_THEN_MAX 64          /* --then options of one move */

/* The options of the commands that add to a record: move and the
 * correspondence actions. */
struct play_opts {
	int dry;                  /* -n: validate only */
	const char *as;           /* --as SIDE, or NULL */
	const char *ply;          /* --ply N, or NULL */
	const char *out;          /* -o OUT, or NULL: FILE */
	const char *now;          /* --now TIME, or NULL (cmd_now) */
	const char *days;         /* --days N (leave), or NULL */
	const char *then[CMD_THEN_MAX]; /* --then MOVES (move) */
	size_t nthen;
	struct select_as read_as; /* --game-type GAME */
};

/* The options only some of them take (cmd_play_getopt's extra). */
enum {
	CMD_PLAY_THEN = 1,        /* --then MOVES */
	CMD_PLAY_DAYS = 2         /* --days N */
};

/*
 * Reads the options -n, --as, --ply, -o, --now and --game-type of argv,
 * and those of extra (CMD_PLAY_*), into po (zeroed by the caller);
 * optind is then the first operand.  Returns 0, or the usage status after reporting.
 */
int cmd_play_getopt(struct play_opts *po, int argc, char *argv[],
    const char *usage, unsigned extra, struct diag *d);

/*
 * Loads the one game of file (as cmd_load_one, read as po->read_as says) for
 * a command that will rewrite it, or po->out: unless po->dry, the output is standard output
 * or file does not exist, first takes the output's lock into lk
 * (fileio_lock: waits up to FILEIO_LOCK_WAIT seconds), so that the
 * record is read, checked and written back by one process at a time,
 * and a second writer replays what the first wrote.  The caller
 * releases lk with fileio_unlock after cmd_play_write, in every case.
 * Returns 0, or -1 after reporting.
 */
int cmd_play_load(const struct play_opts *po, const char *file,
    struct record *g, const struct notation **nt, struct fileio_lock *lk,
    struct diag *d);

/*
 * Catches the operands of a play command out of place, before anything
 * is read: the move where the record is expected (argv[file] names no
 * file, "-" aside, while argv[move] names one), or, for an action
 * (move -1) without --as (no_as), a side given as a second operand
 * (one of two operands names a file, the other none).  Reports
 * DIAG_DID_YOU_MEAN with the command meant and returns 1; else 0.
 */
int cmd_misplaced(int argc, char *argv[], int file, int move, int no_as,
    struct diag *d);

/*
 * The one of names (NULL-ended) that the file name out ends in after
 * its last dot, in any case ("board.SVG": "svg"): the format a user
 * naming such a file means.  NULL if none, or out is NULL.
 */
const char *cmd_format_of(const char *out, const char *const names[]);

/* Reads --as text as a side of rp's game (notation_side_parse), or as
 * the name of a player of g (its player tag, in any case; "Ann" for
 * "Ann <ann@example.org>"), into *side; -1 after reporting
 * DIAG_BAD_SIDE, or DIAG_AMBIGUOUS_SIDE when text names both players,
 * or a side and the other side's player. */
int cmd_play_side(const struct replay *rp, const struct record *g,
    const char *text, int *side, const struct diag_where *w,
    struct diag *d);

/*
 * Puts a play to the judge (judge_play): a->act (set by the caller) by
 * the side of --as (without it, a move by whoever is to move), sent as
 * the ply of --ply, of the days of --days, on g replayed into rp at
 * jc->now (set by the caller); jc gets the record's clock, a the rest.
 * Returns 0, or -1 after reporting a bad option value or the refusal
 * (judge_report at w).
 */
int cmd_play_judge(const struct play_opts *po, struct judge_ask *a,
    struct judge_clock *jc, const struct record *g, const struct replay *rp,
    const struct diag_where *w, struct diag *d);

/* An action command: its action, usage, and the options of
 * cmd_play_getopt it takes beyond the common ones. */
struct cmd_act {
	enum replay_act act;
	const char *usage;
	unsigned extra;
};

/*
 * Runs action command a (src/cmd/action.c): options, the record loaded
 * under its lock and replayed, the judge (cmd_play_judge), the action
 * applied and appended (play_append_act), its time stamp, the write.
 * Returns the exit status.
 */
int cmd_action_main(const struct cmd_act *a, int argc, char *argv[],
    struct diag *d);

/* A record to write, in the notation it was read in, and the
 * fileio_write_fn that writes it (ctx: a struct cmd_out). */
struct cmd_out {
	const struct notation *nt;
	const struct record *g;
};
int cmd_write_record(FILE *out, void *ctx);

/*
 * Writes g back in notation nt to po->out, else file, atomically (see
 * fileio_write_atomic); nothing with po->dry.  Then, when the game has
 * just ended with rp->outcome and the output is not standard output,
 * prints "game over: RESULT (WHY)".  Returns 0, or -1 after reporting.
 */
int cmd_play_write(const struct play_opts *po, const char *file,
    const struct notation *nt, const struct record *g,
    const struct replay *rp, struct diag *d);

/*
 * The transfer options fetch and post share (src/cmd/xfer.c): their
 * getopt_long entries, with the values CMD_OPT_*, are CMD_XFER_LONGOPTS.
 * A password is never taken from the command line.
 */
enum {
	CMD_OPT_USER = 0x100,       /* --user NAME: password from /dev/tty */
	CMD_OPT_PASSWORD_FILE,      /* --password-file FILE: its first line */
	CMD_OPT_PASSWORD_ENV,       /* --password-env VAR */
	CMD_OPT_CACERT,             /* --cacert FILE */
	CMD_OPT_TIMEOUT,            /* --timeout SECONDS */
	CMD_OPT_STARTTLS            /* --starttls: also to this machine */
};
#define CMD_XFER_LONGOPTS \
	{ "user", required_argument, NULL, CMD_OPT_USER }, \
	{ "password-file", required_argument, NULL, CMD_OPT_PASSWORD_FILE }, \
	{ "password-env", required_argument, NULL, CMD_OPT_PASSWORD_ENV }, \
	{ "cacert", required_argument, NULL, CMD_OPT_CACERT }, \
	{ "timeout", required_argument, NULL, CMD_OPT_TIMEOUT }, \
	{ "starttls", no_argument, NULL, CMD_OPT_STARTTLS }

struct xfer;

struct xfer_opts {
	const char *user;
	const char *password_file;
	const char *password_env;
	const char *cacert;
	const char *timeout;
	int starttls;
};

/* Stores option ch (a CMD_OPT_* value) with argument arg in o; returns
 * 1, or 0 when ch is not a transfer option. */
int cmd_xfer_opt(struct xfer_opts *o, int ch, const char *arg);

/*
 * Sets x (zeroed here) from o, reading the password into pw (of size
 * bytes) from the file, the environment or the terminal.  Returns 0,
 * or -1 after reporting (usage, unreadable file).  Call cmd_xfer_end
 * afterwards in every case: it wipes pw.
 */
int cmd_xfer_begin(const struct xfer_opts *o, struct xfer *x, char *pw,
    size_t size, struct diag *d);
void cmd_xfer_end(char *pw, size_t size);

/*
 * Reads a secret into pw (of size bytes): the first line of file, else
 * the value of the environment variable env, else (when user is not
 * NULL) a line typed on /dev/tty without echo.  Returns 0, 1 when none
 * of the three is given, or -1 after reporting.
 */
int cmd_secret(const char *file, const char *env, const char *user,
    char *pw, size_t size, struct diag *d);

/*
 * Reads the one game of text[0..len) (named name in diagnostics), or of
 * the file path, into cg and replays it (canonical texts, as fetch and
 * post compare records: game/extend.h), its results and time checked
 * (replay_result, cmd_clock_check at now, -1: unknown); *nt (unless
 * NULL) gets its notation.  Returns 0, or -1 after reporting.
 */
int cmd_game_read(struct extend_game *cg, const char *text, size_t len,
    const char *name, long long now, const struct notation **nt,
    struct diag *d);
int cmd_game_load(struct extend_game *cg, const char *path, long long now,
    struct diag *d);

/*
 * Where convert writes its games (src/cmd/sink.c): the stream out, or
 * with per_file (-# N) files PREFIX1.EXT, PREFIX2.EXT, ... of per_file
 * games each, or with by_tag (--split-by TAG) one file PREFIXVALUE.EXT
 * per value of the tag (bytes other than letters, digits, '-', '_' and
 * '.' written '_'; "none" for a game without it), made empty the first
 * time a run meets it.  EXT is the notation's name; each file is a whole
 * document of the notation, written to a temporary beside it and renamed
 * over it once whole (fileio_temp_open): never half written.
 */
struct sink_file;

struct sink {
	const struct notation *to;
	FILE *out;                  /* the stream, without a split */
	const char *prefix;         /* of the files of a split, or NULL */
	unsigned long per_file;     /* -# N, or 0 */
	const char *by_tag;         /* --split-by TAG, or NULL */
	struct diag *d;
	unsigned long written;      /* games written */
	FILE *cur;                  /* -# N: the file being written */
	unsigned long in_cur, files;
	char name[1024];            /* the file being written */
	char tmp[1024 + 32];        /* -# N: its temporary */
	struct sink_file *made;     /* --split-by: the files made */
	size_t nmade, capmade;
};

/* Starts s writing notation to to out (without a split); the caller
 * then sets prefix, per_file or by_tag. */
void sink_init(struct sink *s, const struct notation *to, FILE *out,
    struct diag *d);

/* Writes g where s says; 0, or -1 after reporting. */
int sink_write(struct sink *s, const struct record *g);

/* Ends the files of a split (not the stream out: its caller writes the
 * notation's begin and end); 0, or -1 after reporting. */
int sink_end(struct sink *s);

/*
 * The time now (src/cmd/timed.c): the text of a --now option when not
 * NULL, else the environment variable STACKREF_NOW when set (for tests
 * and scripts: stackref(1), ENVIRONMENT), else the system clock; each
 * a UTC time as 2026-11-24T20:57:07Z.  The one place stackref reads
 * the clock.  Returns 0, or -1 after reporting DIAG_BAD_NOW.
 */
int cmd_now(const char *opt, long long *now, struct diag *d);

/* Loads the clock of g (replayed into rp) at now into jc (judge_clock);
 * 0, or -1 after reporting its refusal at w (judge_report). */
int cmd_clock_load(struct judge_clock *jc, const struct record *g,
    const struct replay *rp, long long now, const struct diag_where *w,
    struct diag *d);

/*
 * The check of a replayed record's time (check, fetch, post): when it
 * holds a time stamp, none may be later than now allows (judge_stamps;
 * now -1: unknown, not checked), its control must read and its clock
 * run (at its last stamp).  Returns 0, or -1 after reporting.
 */
int cmd_clock_check(const struct record *g, const struct replay *rp,
    const struct replay_opts *o, long long now, struct diag *d);

/* Appends the time stamp jc->now to g when g is timed; -1 after
 * reporting DIAG_NOMEM. */
int cmd_play_stamp(const struct judge_clock *jc, struct record *g,
    const struct diag_where *w, struct diag *d);

struct cond;

/* The file of the conditional moves of record (src/cmd/condfile.c),
 * ".NAME.cond" in its directory, into buf; -1 when it does not fit. */
int cmd_cond_path(const char *record, char *buf, size_t size);

/* Reads the list of path for game r into c (empty: no file, or not a
 * list); 0, or -1 after reporting DIAG_READ. */
int cmd_cond_load(const char *path, const struct rules *r, struct cond *c,
    struct diag *d);

/* Writes c to path, mode 0600, atomically; removes path when c is
 * empty.  0, or -1 after reporting. */
int cmd_cond_save(const char *path, const struct rules *r,
    const struct cond *c, struct diag *d);

/*
 * Plays the replies c gives after the last move of rp (appended to g):
 * each reply is appended with its time stamp (jc), announced on
 * standard output as "conditional reply played: MOVE", and the list
 * goes on; a move that does not match drops it (cond_match).  Returns
 * the number of replies played, or -1 after reporting.
 */
int cmd_cond_apply(struct cond *c, struct replay *rp, struct record *g,
    const struct judge_clock *jc, const struct diag_where *w,
    struct diag *d);

/*
 * Ends a command: flushes and closes standard output (a failure is
 * reported as DIAG_WRITE) and returns the worst status seen.
 */
int cmd_finish(struct diag *d);

#endif
