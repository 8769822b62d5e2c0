/*
 * select.h - which games of an archive a command works on: game numbers
 * and ranges (--game 10-20,541) and criteria on tags (--tag
 * White~Tinsley, --tag Date>=1950), as pgn-extract selects games by its
 * tag criteria.  Every command that reads records selects through here.
 *
 * A game is selected when its number is in one of the ranges (or no
 * range is given) and it meets every tag criterion.  Ownership: a struct
 * select owns its ranges and criteria (select_free releases them); it
 * keeps pointers to nothing else.
 */
#ifndef STACKREF_NOTATION_SELECT_H
#define STACKREF_NOTATION_SELECT_H

#include <regex.h>

#include "model/record.h"

#define SELECT_END ((unsigned long)-1)   /* an open range: to the end */

struct select_range {
	unsigned long first, last;           /* 1-based, inclusive */
};

enum select_op {
	SELECT_EQ, SELECT_NE,                /* = != (Result: canonically) */
	SELECT_MATCH, SELECT_NOMATCH,        /* ~ !~ (POSIX ERE, any case) */
	SELECT_LT, SELECT_LE, SELECT_GT, SELECT_GE   /* < <= > >= */
};

struct select_tag {
	char *name, *value;
	enum select_op op;
	regex_t re;                          /* ~ and !~ */
};

/*
 * What a record that names no game (neither a Game nor a GameType tag)
 * is read as (--game-type): the tag it is given and its value (from
 * notation_game_named; neither owned), or tag NULL: as it is, checkers.
 */
struct select_as {
	const char *tag, *value;
};

struct select {
	struct select_range *ranges;
	size_t nranges;
	struct select_tag *tags;
	size_t ntags;
	struct select_as as;                 /* not a selection: how each
					      * game is read */
};

/* Why a --game or --tag text was not added. */
enum select_fault {
	SELECT_FINE,                         /* added */
	SELECT_NOMEM,                        /* out of memory */
	SELECT_BAD_GAMES,                    /* not numbers and ranges */
	SELECT_BAD_CRITERION,                /* not NAME OP VALUE */
	SELECT_BAD_REGEX                     /* VALUE of ~ or !~ does not
					      * compile */
};

/* An empty selection: every game. */
void select_init(struct select *s);
void select_free(struct select *s);

/*
 * Adds the game numbers of text: numbers and ranges joined by commas,
 * "541", "10-20", "600-" (to the end).  Returns SELECT_FINE, SELECT_BAD_GAMES or
 * SELECT_NOMEM.
 */
enum select_fault select_add_games(struct select *s, const char *text);

/*
 * Adds the tag criterion text, NAME OP VALUE with OP one of = != ~ !~ <
 * <= > >=.  = and != compare exactly, but a Result compares in its
 * canonical form (2-0 is 1-0; the result after the moves stands for a
 * missing tag).  ~ and !~ match VALUE as an extended regular expression,
 * in any case.  < <= > >= compare dates (values with dots, 1950.05.12)
 * field by field on the fields VALUE gives (Date>=1950 holds for
 * 1950.??.??, not for ????.??.??), numbers as numbers, other text as
 * bytes.  A game without the tag meets only != and !~.  Returns
 * SELECT_FINE, SELECT_BAD_CRITERION, SELECT_NOMEM, or SELECT_BAD_REGEX
 * with regerror's message in why (of size bytes).
 */
enum select_fault select_add_tag(struct select *s, const char *text,
    char *why, size_t size);

/* Gives g, when it names no game, the tag of as (nothing when as->tag
 * is NULL), so that every reader of g finds its game there.  Returns 0,
 * or -1 when out of memory. */
int select_read_as(const struct select_as *as, struct record *g);

/* Whether s asks for anything (a range or a criterion). */
int select_active(const struct select *s);

/* Whether game number index may be selected (its number is in a range). */
int select_number(const struct select *s, unsigned long index);

/* Whether game index, read as g, is selected. */
int select_game(const struct select *s, unsigned long index,
    const struct record *g);

/* Whether no game after index can be selected (reading may stop). */
int select_past(const struct select *s, unsigned long index);

/* The largest game number s asks for past the count games of a file
 * (a range that starts past the last game: 800 or 800-900 of 724; 1-200
 * of 43 reads the 43), else 0. */
unsigned long select_beyond(const struct select *s, unsigned long count);

/* The one game number s names when it names exactly one game by number
 * and has no criterion, else 0. */
unsigned long select_single(const struct select *s);

#endif
