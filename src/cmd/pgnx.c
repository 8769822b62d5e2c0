/*
 * pgnx.c - pgn-extract's option names in convert, search and dups: its
 * manual's options (pgn-extract -h, version 25), each mapped to
 * stackref's, or refused by name.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd/cmd.h"
#include "cmd/pgnx.h"

enum pgnx_kind {
	PGNX_ALIAS,          /* ours: stackref's option, without a value */
	PGNX_VALUE,          /* ours: stackref's option, with its value
			      * (attached, or the next word) */
	PGNX_RANGE,          /* --selectonly: ours with 1:3 read 1-3 */
	PGNX_BOUNDS,         /* -b or -p: [elu]N, ours the unit */
	PGNX_IGNORE,         /* what stackref does anyway: dropped */
	PGNX_INSTEAD,        /* not provided: ours says what to use */
	PGNX_NA              /* not applicable to draughts: ours says why */
};

struct pgnx {
	const char *name;    /* as pgn-extract spells it (names that mean
			      * the same joined by blanks) */
	enum pgnx_kind kind;
	unsigned cmds;       /* where ALIAS ... IGNORE apply (PGNX_*) */
	const char *ours;
};

#define ALL (PGNX_CONVERT | PGNX_SEARCH | PGNX_DUPS)
#define CV PGNX_CONVERT
#define NOT_PROVIDED "stackref has no such option"

static const struct pgnx pgnx_table[] = {
	{ "-7 --seven", PGNX_ALIAS, CV, "--seven-tags" },
	{ "-C --nocomments", PGNX_ALIAS, CV, "--no-comments" },
	{ "-V --novars", PGNX_ALIAS, CV, "--no-variations" },
	{ "-N --nonags", PGNX_ALIAS, CV, "--no-nags" },
	{ "-D --noduplicates", PGNX_ALIAS, CV, "--dedupe" },
	{ "--fixresulttags", PGNX_ALIAS, CV, "--fix-results" },
	{ "--totalplycount", PGNX_ALIAS, CV, "--plycount" },
	{ "-e", PGNX_ALIAS, CV, "--opening" },
	{ "--json", PGNX_ALIAS, CV, "--to=json" },
	{ "--selectonly", PGNX_RANGE, ALL, "--game" },
	{ "--minmoves", PGNX_VALUE, CV, "--min-moves" },
	{ "--maxmoves", PGNX_VALUE, CV, "--max-moves" },
	{ "--minply", PGNX_VALUE, CV, "--min-plies" },
	{ "--maxply", PGNX_VALUE, CV, "--max-plies" },
	{ "-b", PGNX_BOUNDS, CV, "moves" },
	{ "-p", PGNX_BOUNDS, CV, "plies" },
	{ "-v", PGNX_VALUE, CV, "--lines" },
	{ "-c --checkfile", PGNX_VALUE, PGNX_DUPS, "--against" },
	{ "-P", PGNX_IGNORE, CV,
	    "--line matches the moves in the order given" },
	{ "-s --quiet", PGNX_IGNORE, ALL, "stackref lists no game as it goes" },
	{ "--keepbroken", PGNX_IGNORE, CV, "convert keeps broken games" },
	{ "-a --append", PGNX_INSTEAD, 0,
	    "stackref writes whole files (-o OUT); append with the"
	    " shell's >>" },
	{ "-A", PGNX_INSTEAD, 0,
	    "give the options as words (xargs reads them from a file)" },
	{ "-f", PGNX_INSTEAD, 0,
	    "give the files as operands (xargs reads a list)" },
	{ "-d --duplicates", PGNX_INSTEAD, 0,
	    "stackref dups lists the repeated games; convert --dedupe"
	    " leaves them out" },
	{ "-U --nounique", PGNX_INSTEAD, 0,
	    "stackref dups lists the games that occur more than once" },
	{ "-E", PGNX_INSTEAD, 0,
	    "use convert --opening --split-by Opening (the ACF"
	    " three-move ballots)" },
	{ "-F", PGNX_INSTEAD, 0,
	    "use show --format fen (the last position) or convert --at"
	    " N" },
	{ "-l", PGNX_INSTEAD, 0, "diagnostics go to standard error: 2>FILE" },
	{ "-L", PGNX_INSTEAD, 0, "diagnostics go to standard error: 2>>FILE" },
	{ "-n", PGNX_INSTEAD, 0,
	    NOT_PROVIDED
	    "; --tag NAME!~VALUE selects the games a criterion does"
	    " not match" },
	{ "--suppressmatched -w --linelength --addelotags"
	    " --addlabeltag --addmatchtag --commented"
	    " --commentlines --deletesamesetup --detag"
	    " --dropbefore --fencomments --fencommentformat"
	    " --fixtagstrings --higherratedwinner"
	    " --lowerratedwinner --linenumbers --markmatches"
	    " --matchplylimit --nestedcomments --nomovenumbers"
	    " --noresults --notags --plylimit --repetition"
	    " --repetition5 --skipmatching --splitvariants"
	    " --startply --stopafter",
	    PGNX_INSTEAD, 0, NOT_PROVIDED },
	{ "-r", PGNX_INSTEAD, 0,
	    "use stackref check: it reports the faults of every game" },
	{ "--nobadresults", PGNX_INSTEAD, 0,
	    "stackref check reports them; convert --fix-results fixes"
	    " them" },
	{ "-R", PGNX_INSTEAD, 0,
	    NOT_PROVIDED
	    "; --seven-tags keeps the roster in its order" },
	{ "--xroster", PGNX_INSTEAD, 0,
	    NOT_PROVIDED
	    "; --seven-tags keeps the roster" },
	{ "-S", PGNX_INSTEAD, 0,
	    NOT_PROVIDED
	    "; --tag NAME~REGEX matches in any case" },
	{ "-t", PGNX_INSTEAD, 0,
	    "use --tag CRITERION, once per criterion (White~Tinsley,"
	    " Date>=1950)" },
	{ "-T", PGNX_INSTEAD, 0,
	    "use --tag CRITERION (White~Tinsley, Date>=1950)" },
	{ "--tagsubstr", PGNX_INSTEAD, 0,
	    "use --tag NAME~TEXT: it matches TEXT anywhere" },
	{ "--onlysetuptags", PGNX_INSTEAD, 0, "use --tag FEN~." },
	{ "--nosetuptags", PGNX_INSTEAD, 0, "use --tag FEN!~." },
	{ "-W", PGNX_INSTEAD, 0,
	    "use --to pdn|xml|json and --squares numeric|algebraic" },
	{ "-x", PGNX_INSTEAD, 0,
	    "use --fen FEN (the position the line reaches) or"
	    " --pattern FEN" },
	{ "-y -z", PGNX_INSTEAD, 0,
	    "use --material COUNTS (red=1,white-kings>=2)" },
	{ "--materialy --materialz --piececount", PGNX_INSTEAD, 0,
	    "use --material COUNTS" },
	{ "--fenpattern --fenpatterni", PGNX_INSTEAD, 0, "use --pattern FEN" },
	{ "--btm --wtm", PGNX_INSTEAD, 0,
	    "use --fen or --pattern with the side to move" },
	{ "--fuzzydepth", PGNX_INSTEAD, 0,
	    "use dups --plies N or convert --dedupe=N" },
	{ "--dropply", PGNX_INSTEAD, 0,
	    "use convert --at N: the game set up after N plies" },
	{ "--firstgame", PGNX_INSTEAD, 0, "use --game N-" },
	{ "--gamelimit", PGNX_INSTEAD, 0, "use --game 1-N" },
	{ "--summary", PGNX_INSTEAD, 0, "use stackref stats" },
	{ "--version", PGNX_INSTEAD, 0, "use stackref --version" },
	{ "--vanywhere", PGNX_INSTEAD, 0,
	    NOT_PROVIDED
	    "; --line matches from the start" },
	{ "-Z", PGNX_INSTEAD, 0,
	    NOT_PROVIDED
	    "; the keys of dups take 48 to 96 bytes a game" },
	{ "-H --addhashcode --hashcomments", PGNX_NA, 0,
	    "Polyglot hashes are of chess positions" },
	{ "-M --checkmate", PGNX_NA, 0, "no checkmate in draughts" },
	{ "--stalemate", PGNX_NA, 0,
	    "no stalemate in draughts: a side without a move loses" },
	{ "--insufficient", PGNX_NA, 0, "chess's insufficient material" },
	{ "--underpromotion", PGNX_NA, 0, "a man is only crowned a king" },
	{ "--nochecks", PGNX_NA, 0, "no check in draughts" },
	{ "--50 --fifty", PGNX_NA, 0, "chess's fifty-move rule" },
	{ "--75 --seventyfive", PGNX_NA, 0, "chess's seventy-five-move rule" },
	{ "--addfencastling", PGNX_NA, 0, "no castling in draughts" },
	{ "--nofauxep", PGNX_NA, 0, "no en passant in draughts" },
	{ "--allownullmoves", PGNX_NA, 0, "no null move in draughts" },
	{ "--odds", PGNX_NA, 0, "chess's odds games" },
	{ "--lichesscommentfix", PGNX_NA, 0, "Lichess's chess exports" },
	{ "--evaluation --quiescent", PGNX_NA, 0, "a chess evaluation" },
	{ "--addfideidtags", PGNX_NA, 0, "FIDE's chess identifiers" },
};

/* The short pgn-extract options that take a value (attached, or the
 * next word). */
static const char pgnx_short_values[] = "aAbcdeEfFHlLnpRtTvwWxyz";

/* The command that takes an option of mask cmds, for a refusal. */
static const char *
pgnx_command(unsigned cmds)
{
	return cmds & PGNX_CONVERT ? "convert" : cmds & PGNX_DUPS ? "dups" :
	    "search";
}

/* The entry for word w (a pgn-extract spelling, a short one with its
 * value attached), or NULL. */
static const struct pgnx *
pgnx_find(const char *w)
{
	const char *name;
	size_t i, n;

	for (i = 0; i < sizeof(pgnx_table) / sizeof(pgnx_table[0]); i++)
		for (name = pgnx_table[i].name; *name != '\0'; name += n) {
			name += strspn(name, " ");
			n = strcspn(name, " ");
			if (strncmp(w, name, n) == 0 && (w[n] == '\0' ||
			    (w[n] == '=' && n > 2) || (n == 2 &&
			    strchr(pgnx_short_values, w[1]) != NULL)))
				return &pgnx_table[i];
		}
	return NULL;
}

/* The length of the option name the word w (found by pgnx_find)
 * starts with: -v of -vFILE, --selectonly of --selectonly=5. */
static size_t
pgnx_name_len(const char *w)
{
	return w[1] == '-' ? strcspn(w, "=") : 2;
}

/* Appends word w to a (made: a text made here, a's to free). */
static int
pgnx_push(struct pgnx_args *a, char *w, int made)
{
	if (made)
		a->made[a->nmade++] = w;
	a->argv[a->argc++] = w;
	return 0;
}

/* Appends "OPT=VALUE"; -1 when out of memory. */
static int
pgnx_push_value(struct pgnx_args *a, const char *opt, const char *value)
{
	char *w;

	if ((w = malloc(strlen(opt) + strlen(value) + 2)) == NULL)
		return -1;
	sprintf(w, "%s=%s", opt, value);
	return pgnx_push(a, w, 1);
}

/* The value of option word w: attached (-vFILE,
 * --selectonly=5), else the next word argv[*i + 1] (*i moves past it);
 * NULL when there is none. */
static const char *
pgnx_value(const char *w, char *argv[], int argc, int *i)
{
	size_t n = pgnx_name_len(w);

	if (w[n] == '=')
		return w + n + 1;
	if (w[n] != '\0')
		return w + n;
	if (*i + 1 >= argc)
		return NULL;
	return argv[++*i];
}

/* -b[elu]N (moves) or -p[elu]N (plies), or the letter and N as two
 * words (-bU 30), at argv[*i]: the bounds as stackref's options; -1
 * out of memory, -2 not a bound. */
static int
pgnx_bounds(struct pgnx_args *a, const struct pgnx *p, char *argv[],
    int argc, int *i)
{
	const char *v = argv[*i] + 2;
	char lo[16], hi[16], kind = 'e';

	if (*v != '\0' && strchr("eluELU", *v) != NULL)
		kind = (char)(*v++ | 0x20);
	if (*v == '\0' && *i + 1 < argc)
		v = argv[++*i];
	if (*v == '\0' || strspn(v, "0123456789") != strlen(v))
		return -2;
	snprintf(lo, sizeof(lo), "--min-%s", p->ours);
	snprintf(hi, sizeof(hi), "--max-%s", p->ours);
	if (kind != 'u' && pgnx_push_value(a, lo, v) == -1)
		return -1;
	if (kind != 'l' && pgnx_push_value(a, hi, v) == -1)
		return -1;
	return 0;
}

/* --selectonly 1:3,10 as --game=1-3,10; -1 out of memory. */
static int
pgnx_range(struct pgnx_args *a, const struct pgnx *p, const char *v)
{
	char *w;

	if (pgnx_push_value(a, p->ours, v) == -1)
		return -1;
	for (w = a->argv[a->argc - 1]; *w != '\0'; w++)
		if (*w == ':')
			*w = '-';
	return 0;
}

/* Refuses option w of entry p in command cmd; the usage status. */
static int
pgnx_refuse(const struct pgnx *p, const char *w, unsigned cmd,
    const char *usage, struct diag *d)
{
	char opt[64], why[128];

	snprintf(opt, sizeof(opt), "%.*s", (int)strcspn(w, "="), w);
	opt[pgnx_name_len(opt)] = '\0';	/* -H19b4..., -TpTinsley */
	if (p->kind == PGNX_ALIAS && (p->cmds & cmd)) {
		snprintf(why, sizeof(why), "here it is %s, which takes no value",
		    p->ours);
		diag_report(d, DIAG_PGNX_INSTEAD, NULL, opt, why);
	} else if (p->kind == PGNX_NA)
		diag_report(d, DIAG_PGNX_NA, NULL, opt, p->ours);
	else if (p->kind == PGNX_INSTEAD)
		diag_report(d, DIAG_PGNX_INSTEAD, NULL, opt, p->ours);
	else
		diag_report(d, DIAG_PGNX_ELSEWHERE, NULL, opt,
		    pgnx_command(p->cmds & ~cmd), p->kind == PGNX_BOUNDS ?
		    "--min-moves N, --max-moves N (plies: --min-plies ...)" :
		    p->ours);
	return cmd_usage(d, usage);
}

/* Rewrites the pgn-extract option w (entry p) at argv[*i] into a;
 * 0, -1 out of memory, -2 refused (value missing or wrong). */
static int
pgnx_rewrite(struct pgnx_args *a, const struct pgnx *p, char *argv[],
    int argc, int *i)
{
	const char *w = argv[*i], *v = NULL;

	if (p->kind == PGNX_IGNORE)
		return 0;
	if (p->kind == PGNX_ALIAS)
		return pgnx_push(a, (char *)(uintptr_t)p->ours, 0);
	if (p->kind == PGNX_BOUNDS)
		return pgnx_bounds(a, p, argv, argc, i);
	if ((v = pgnx_value(w, argv, argc, i)) == NULL)
		return -2;
	if (p->kind == PGNX_RANGE)
		return pgnx_range(a, p, v);
	return pgnx_push_value(a, p->ours, v);
}

/* Whether word w is a stackref option of longopts (or -o, -#) whose
 * value is the next word. */
static int
pgnx_takes_next(const char *w, const struct option *longopts)
{
	const struct option *o;

	if (strcmp(w, "-o") == 0 || strcmp(w, "-#") == 0)
		return 1;
	if (strncmp(w, "--", 2) != 0 || strchr(w, '=') != NULL)
		return 0;
	for (o = longopts; o->name != NULL; o++)
		if (strcmp(o->name, w + 2) == 0)
			return o->has_arg == required_argument;
	return 0;
}

int
pgnx_args(struct pgnx_args *a, int argc, char *argv[], unsigned cmd,
    const struct option *longopts, const char *usage, struct diag *d)
{
	const struct pgnx *p;
	const char *w;
	int i, rc = 0, rest = 0;

	memset(a, 0, sizeof(*a));
	if ((a->argv = calloc(2 * (size_t)argc + 1, sizeof(char *))) == NULL ||
	    (a->made = calloc(2 * (size_t)argc + 1, sizeof(char *))) == NULL)
		return diag_report(d, DIAG_NOMEM, NULL), STATUS_SYSTEM;
	for (i = 0; i < argc && rc == 0; i++) {
		if (i == 0 || rest || argv[i][0] != '-' ||
		    (p = pgnx_find(argv[i])) == NULL) {
			rest |= strcmp(argv[i], "--") == 0;
			pgnx_push(a, argv[i], 0);
			if (i > 0 && !rest && pgnx_takes_next(argv[i],
			    longopts) && i + 1 < argc)
				pgnx_push(a, argv[++i], 0);
			continue;
		}
		if (!(p->cmds & cmd) && p->kind != PGNX_IGNORE)
			return pgnx_refuse(p, argv[i], cmd, usage, d);
		w = argv[i];
		if (p->kind == PGNX_ALIAS && w[pgnx_name_len(w)] != '\0')
			return pgnx_refuse(p, w, cmd, usage, d);
		if ((rc = pgnx_rewrite(a, p, argv, argc, &i)) == -2) {
			diag_report(d, DIAG_PGNX_VALUE, NULL, w);
			return cmd_usage(d, usage);
		}
	}
	if (rc == -1)
		return diag_report(d, DIAG_NOMEM, NULL), STATUS_SYSTEM;
	return 0;
}

void
pgnx_free(struct pgnx_args *a)
{
	while (a->nmade > 0)
		free(a->made[--a->nmade]);
	free(a->made);
	free(a->argv);
	memset(a, 0, sizeof(*a));
}

int
pgnx_run(int argc, char *argv[], unsigned cmd,
    const struct option *longopts, const char *usage,
    int (*fn)(int, char *[], struct diag *), struct diag *d)
{
	struct pgnx_args a;
	int rc;

	if ((rc = pgnx_args(&a, argc, argv, cmd, longopts, usage, d)) == 0)
		rc = fn(a.argc, a.argv, d);
	pgnx_free(&a);
	return rc;
}
