/*
 * diag.h - every diagnostic of stackref: one enum value, one table entry
 * (status + message format), one output format, one exit-status policy.
 *
 * Output, on the stream given to diag_init (standard error):
 *     stackref: FILE:LINE:COL: game N, ply P: message
 * where each part that is unknown is left out ("stackref: message" when
 * nothing is known).  The exit status of a run is the worst (largest)
 * status of the diagnostics reported.  Each diagnostic has an entry in
 * the DIAGNOSTICS of stackref(1) after a line `.\" DIAG_ID` (tests/man.sh
 * reads this file and diag.c to hold them together).
 *
 * Nothing here allocates.
 */
#ifndef STACKREF_BASE_DIAG_H
#define STACKREF_BASE_DIAG_H

#include <stdarg.h>
#include <stdio.h>

#include "base/srcloc.h"

/* Exit statuses (SPEC 2), in order of severity. */
enum status {
	STATUS_OK = 0,
	STATUS_REJECTED = 1,   /* illegal move, wrong side or ply, game over */
	STATUS_USAGE = 2,      /* unknown command, option or game */
	STATUS_MALFORMED = 3,  /* unreadable record, position or move text */
	STATUS_SYSTEM = 4,     /* file cannot be read or written, no memory */
	STATUS_TRANSFER = 5    /* server unreachable, refusing, failing */
};

/*
 * The message of each diagnostic, a printf format.  diag_report() is a
 * macro that passes DIAG_<ID>_MSG to diag_emit() as a literal, so the
 * compiler checks every call's arguments against its message
 * (-Werror=format).  The table in diag.c gives each one its status.
 */
#define DIAG_ILLEGAL_MOVE_MSG "illegal move %s; legal moves: %s"
#define DIAG_AMBIGUOUS_MOVE_MSG \
	"ambiguous move %s; it fits %s (write the full path)"
#define DIAG_GAME_OVER_MSG "the game is over (%s, %s); no move may follow"
#define DIAG_WRONG_SIDE_MSG "move sent as %s, but %s is to move"
#define DIAG_WRONG_PLY_MSG \
	"stale move: sent as ply %lu, but the next ply is %lu"
#define DIAG_PLY_PLAYED_MSG "ply %lu was already played (%s)"
#define DIAG_WRONG_RESULT_MSG "result %s contradicts %s"
#define DIAG_ACTION_OVER_MSG "%s refused: the game is over (%s, %s)"
#define DIAG_ACTION_PLY_MSG \
	"stale %s: sent as ply %lu, but the next ply is %lu"
#define DIAG_OFFER_PENDING_MSG "%s refused: a draw offer by %s is pending"
#define DIAG_NO_OFFER_MSG "%s refused: no draw offer is pending"
#define DIAG_OWN_OFFER_MSG \
	"%s refused: the draw offer is %s's own; only %s may answer it"
#define DIAG_UNDO_PENDING_MSG \
	"%s refused: a request by %s to take back moves is pending"
#define DIAG_NOTHING_TO_UNDO_MSG "%s refused: %s has made no move to " \
	"take back since the start or the last undo"
#define DIAG_NO_UNDO_MSG "%s refused: no request to take back moves is pending"
#define DIAG_OWN_UNDO_MSG \
	"%s refused: the request is %s's own; only %s may answer it"
#define DIAG_UNDO_SHAPE_MSG "%s refused: %s"
#define DIAG_TIME_UP_MSG "%s has lost on time (its time ran out at %s); " \
	"no move may follow, %s may claim the win"
#define DIAG_NOT_LOST_MSG "%s refused: %s"
#define DIAG_LEAVE_MSG "%s refused: %s"
#define DIAG_BAD_THEN_MSG "conditional moves refused: %s"
#define DIAG_NOT_EXTENSION_MSG \
	"the fetched record does not extend this one: %s"
#define DIAG_SERVER_NEWER_MSG \
	"this record does not extend the one on the server: %s"
#define DIAG_PAST_END_MSG "%s %lu: the game has only %lu %s"
#define DIAG_PAST_END_SOME_MSG \
	"%s %lu: %lu of %lu games have fewer plies; they are left out"
#define DIAG_REF_LATE_MSG "the oldest mail waiting is %s old, more " \
	"than --max-age %lu min"
#define DIAG_ADMIN_NONE_MSG "no %s %s in the store"
#define DIAG_ADMIN_OPEN_MSG "%s is not removed: its open boards %s " \
	"must end first (or go: --admin remove-board)"
#define DIAG_UNKNOWN_COMMAND_MSG "unknown command %s; try stackref --help"
#define DIAG_UNKNOWN_OPTION_MSG "unknown option %s; try stackref %s--help"
#define DIAG_OPTION_VALUE_MSG "option %s needs a value"
#define DIAG_NO_ARGUMENT_MSG "no %s given"
#define DIAG_NO_COMMAND_MSG "no command given; try stackref --help"
#define DIAG_TOO_MANY_ARGS_MSG "too many arguments"
#define DIAG_ARGS_NEEDED_MSG "%s are needed"
#define DIAG_OPTION_NEEDED_MSG "%s is needed"
#define DIAG_NEEDS_MSG "%s needs %s"
#define DIAG_EXCLUSIVE_MSG "%s and %s exclude each other"
#define DIAG_TOO_MANY_OPTIONS_MSG "more than %d %s options"
#define DIAG_BAD_VALUE_MSG "%s %s: expected %s"
#define DIAG_BAD_RANGE_MSG "%s %s: expected %s, %d to %d"
#define DIAG_UNKNOWN_NOTATION_MSG "%s %s: unknown notation (known: %s)"
#define DIAG_NONE_SELECTED_MSG "no game of the %lu read is selected"
#define DIAG_MANY_SELECTED_MSG "%lu games are selected (the first is " \
	"game %lu); give one with --game"
#define DIAG_GAME_BEYOND_MSG "--game %lu: the file holds only %lu %s " \
	"(numbered 1 to %lu)"
#define DIAG_MANY_GAMES_MSG "the file holds %lu games; choose one with " \
	"--game N (1 to %lu)"
#define DIAG_PGNX_ELSEWHERE_MSG "%s is pgn-extract's; stackref %s " \
	"takes it as %s"
#define DIAG_PGNX_INSTEAD_MSG "%s is pgn-extract's: %s"
#define DIAG_PGNX_NA_MSG "%s is pgn-extract's: not applicable to " \
	"draughts (%s)"
#define DIAG_PGNX_VALUE_MSG "%s: expected pgn-extract's option with " \
	"its value as its manual gives it (-bu30, -vFILE, --selectonly 1:3)"
#define DIAG_BAD_ADDRESS_MSG "%s: not a mail address: %s"
#define DIAG_COMPOSE_MSG "cannot compose the mail: %s"
#define DIAG_PBEM_SIDE_MSG "--pbem %s: no player tag is the --user-id " \
	"or holds the --from address, so whose it is cannot be told"
#define DIAG_NO_TTY_MSG "no terminal to ask for the password of %s; " \
	"give a password file or variable"
#define DIAG_PASSWORD_UNSET_MSG "the password variable %s is not set"
#define DIAG_BAD_POSITION_MSG "%s (no record of %s can match)"
#define DIAG_POSITION_TOO_LONG_MSG \
	"the position is too long (no record of %s can match)"
#define DIAG_BAD_EMPTY_MSG "--empty %s: expected squares of %s and ranges, " \
	"as 13,14,17-20 (no record of %s can match)"
#define DIAG_BAD_MATERIAL_MSG "--material %s: expected terms SIDE[-kings]" \
	"OP N joined by commas, SIDE a side of %s, OP one of = != < <= > >= " \
	"(no record of %s can match)"
#define DIAG_UNKNOWN_GAME_MSG "unknown game %s; known games: %s"
#define DIAG_BAD_NUMBER_MSG "%s: expected a number, read %s"
#define DIAG_BAD_SIDE_MSG "unknown side %s; expected one of %s"
#define DIAG_BINARY_TTY_MSG "%s is not written to a terminal; give -o FILE " \
	"or redirect the output"
#define DIAG_DID_YOU_MEAN_MSG "%s; did you mean `%s`?"
#define DIAG_AMBIGUOUS_SIDE_MSG "side %s is ambiguous: it names %s; give " \
	"the side, one of %s"
#define DIAG_BAD_NOW_MSG \
	"%s: expected a UTC time as 2026-11-24T20:57:07Z, read %s"
#define DIAG_NOW_BEHIND_MSG \
	"the time now, %s, is before the record's last time stamp %s"
#define DIAG_BAD_GAME_LIST_MSG "--game %s: expected game numbers and " \
	"ranges from 1, as 10-20,541 or 600-"
#define DIAG_BAD_TAG_CRITERION_MSG "--tag %s: expected NAME OP VALUE, " \
	"OP one of = != ~ !~ < <= > >="
#define DIAG_BAD_TAG_REGEX_MSG "--tag %s: %s"
#define DIAG_SIZE_FORMAT_MSG "--size is for the svg and png formats"
#define DIAG_THEN_NEEDS_FILE_MSG "--then keeps its moves beside the " \
	"record: it needs a record file"
#define DIAG_NOTHING_TO_SEARCH_MSG "nothing to search for: give --fen, " \
	"--pattern, --empty or --material"
#define DIAG_FILE_AND_URL_MSG "expected FILE and URL"
#define DIAG_TOO_MANY_TO_MSG "too many --to"
#define DIAG_BAD_URL_MSG "not a URL, or too long"
#define DIAG_POST_URL_MSG "post sends to smtp(s), imap(s) or http(s) URLs"
#define DIAG_FETCH_URL_MSG "fetch reads http(s), imap(s) or pop3(s) URLs; " \
	"smtp is for post"
#define DIAG_PUBLISH_URL_MSG "--publish: an http:// or https:// URL"
#define DIAG_PBEM_URL_MSG "--pbem sends mail: give an smtp:// or smtps:// URL"
#define DIAG_NO_RECIPIENT_MSG "no recipient: give --to, or addresses in " \
	"the player tags"
#define DIAG_NO_DOMAIN_MSG "--from: no domain for a Message-ID"
#define DIAG_NO_GAME_ID_MSG "--pbem: the record has no GameId tag"
#define DIAG_BAD_PBEM_WORD_MSG "--pbem: a word is empty, too long or " \
	"holds a blank"
#define DIAG_SYNTAX_MSG "expected %s, read %s"
#define DIAG_WRITTEN_ONLY_MSG "%s is written only; convert from PDN, XML or JSON"
#define DIAG_BAD_TAG_MSG "bad tag: %s"
#define DIAG_BAD_FEN_MSG "bad FEN position: %s"
#define DIAG_BAD_MOVE_TEXT_MSG "unreadable move %s: %s"
#define DIAG_BAD_TYPED_MOVE_MSG "unreadable move %s: %s; expected one " \
	"move, one of: %s"
#define DIAG_BAD_ACTION_MSG "unreadable action %s: %s"
#define DIAG_BAD_CONTROL_MSG "bad time control %s: %s"
#define DIAG_BAD_TIME_MSG "bad time stamp %s: %s"
#define DIAG_STAMP_AHEAD_MSG "time stamp %s is later than the time " \
	"now, %s, by more than the %d minutes allowed"
#define DIAG_RECORD_GAME_MSG \
	"the record names the unknown game %s; known games: %s"
#define DIAG_NO_GAME_MSG "no game in the input"
#define DIAG_TOO_BIG_MSG "too big: %s"
#define DIAG_READ_MSG "cannot read: %s"
#define DIAG_WRITE_MSG "cannot write: %s"
#define DIAG_PICTURE_MSG "cannot write: the PNG picture: %s"
#define DIAG_NOMEM_MSG "out of memory"
#define DIAG_MODULE_MSG "cannot load %s: %s"
#define DIAG_TRANSFER_MSG "%s: %s"
#define DIAG_STORE_MSG "store %s: %s"
#define DIAG_STORE_URL_MSG "store %s: no such kind of store " \
	"(sqlite:PATH or postgresql://...)"
#define DIAG_STORE_NEWER_MSG "store %s: written by a newer stackref " \
	"(schema version %ld; this one knows %d and older)"
#define DIAG_STORE_GONE_MSG "store %s: %s"
#define DIAG_NO_RECORD_MAIL_MSG \
	"%s: no message of the newest %d carries a record"
#define DIAG_NO_RECORD_MAIL_UNREAD_MSG "%s: no message of the newest %d " \
	"carries a record (the newest unreadable mail: %s)"
#define DIAG_NO_GAME_MAIL_MSG \
	"%s: no message of the newest %d carries a record of game %s"
#define DIAG_NO_GAME_MAIL_UNREAD_MSG "%s: no message of the newest %d " \
	"carries a record of game %s (the newest unreadable mail: %s)"
#define DIAG_MAIL_CUT_MSG "%s: the message ended after %lu of its %lu bytes"
#define DIAG_AMBIGUOUS_READ_MSG "warning: ambiguous move %s read as %s, " \
	"the only path the record goes on from (it fits %s)"
#define DIAG_KEPT_BROKEN_MSG "warning: written with the moves before " \
	"ply %lu; the rest is a comment"
#define DIAG_RESULT_FIXED_MSG "warning: result %s fixed to %s (%s)"
#define DIAG_LIKELY_GAME_MSG "warning: the record names no game and " \
	"is read as checkers, but as %s it replays %lu of its %lu plies: " \
	"read it with --game-type %s"
#define DIAG_VARIANT_MSG "%s (GameType %s) is not supported"
#define DIAG_GAMETYPE_MSG "GameType \"%s\": %s"

enum diag_id {
	/* rejected */
	DIAG_ILLEGAL_MOVE,      /* "%s": move text; "%s": legal moves */
	DIAG_AMBIGUOUS_MOVE,    /* "%s": move text; "%s": candidates */
	DIAG_GAME_OVER,         /* "%s": result; "%s": why */
	DIAG_WRONG_SIDE,        /* "%s": side given; "%s": side to move */
	DIAG_WRONG_PLY,         /* %lu: ply given; %lu: next ply */
	DIAG_PLY_PLAYED,        /* %lu: ply given; "%s": what it was */
	DIAG_WRONG_RESULT,      /* "%s": result read; "%s": what it contradicts */
	/* the "%s" action below reads "ACTION by SIDE": "offer-draw by red" */
	DIAG_ACTION_OVER,       /* "%s": action; "%s": result; "%s": why */
	DIAG_ACTION_PLY,        /* "%s": action; %lu: ply given; %lu: next */
	DIAG_OFFER_PENDING,     /* "%s": action; "%s": side offering */
	DIAG_NO_OFFER,          /* "%s": action */
	DIAG_OWN_OFFER,         /* "%s": action; "%s": its side; "%s": other */
	DIAG_UNDO_PENDING,      /* "%s": action; "%s": side asking */
	DIAG_NOTHING_TO_UNDO,   /* "%s": action; "%s": its side */
	DIAG_NO_UNDO,           /* "%s": action */
	DIAG_OWN_UNDO,          /* "%s": action; "%s": its side; "%s": other */
	DIAG_UNDO_SHAPE,        /* "%s": action; "%s": what the variation
				 * before it lacks */
	DIAG_TIME_UP,           /* "%s": side; "%s": when; "%s": the other */
	DIAG_NOT_LOST,          /* "%s": action; "%s": why the clock does
				 * not give the win */
	DIAG_LEAVE,             /* "%s": action; "%s": why no leave */
	DIAG_BAD_THEN,          /* "%s": why */
	DIAG_NOT_EXTENSION,     /* "%s": how a fetched record differs */
	DIAG_SERVER_NEWER,      /* "%s": how a posted record differs */
	DIAG_PAST_END,          /* "%s": --ply or --at; %lu: its ply; %lu:
				 * the game's plies; "%s": "ply" or "plies" */
	DIAG_REF_LATE,          /* "%s": the age (timeutc_span); %lu: the
				 * --max-age minutes */
	DIAG_PAST_END_SOME,     /* "%s": --at; %lu: its ply; %lu, %lu: how
				 * many games of how many are shorter */
	DIAG_ADMIN_NONE,        /* "%s": "player", "board" or "mail set
				 * aside"; "%s": its name */
	DIAG_ADMIN_OPEN,        /* "%s": userid; "%s": its open boards */
	/* usage */
	DIAG_UNKNOWN_COMMAND,   /* "%s" */
	DIAG_UNKNOWN_OPTION,    /* "%s": the option; "%s": "CMD " or "" */
	DIAG_OPTION_VALUE,      /* "%s": the option */
	DIAG_NO_ARGUMENT,       /* "%s": what ("file", "URL", "game") */
	DIAG_NO_COMMAND,
	DIAG_TOO_MANY_ARGS,
	DIAG_ARGS_NEEDED,       /* "%s": "FILE and MOVE" */
	DIAG_OPTION_NEEDED,     /* "%s": "--as SIDE" */
	DIAG_NEEDS,             /* "%s": option or action; "%s": the option
				 * it needs */
	DIAG_EXCLUSIVE,         /* "%s", "%s": what excludes each other */
	DIAG_TOO_MANY_OPTIONS,  /* %d: the most; "%s": the option */
	DIAG_BAD_VALUE,         /* "%s": option; "%s": its value; "%s":
				 * what was expected */
	DIAG_BAD_RANGE,         /* "%s": option; "%s": its value; "%s":
				 * the unit; %d, %d: the bounds */
	DIAG_UNKNOWN_NOTATION,  /* "%s": option; "%s": name; "%s": known */
	DIAG_NONE_SELECTED,     /* %lu: games read (the file is in w) */
	DIAG_MANY_SELECTED,     /* %lu: games selected; %lu: the first */
	DIAG_GAME_BEYOND,       /* %lu: asked; %lu, %s: games, "game(s)"; %lu */
	DIAG_MANY_GAMES,        /* %lu: games in the file; %lu: the same */
	DIAG_PGNX_ELSEWHERE,    /* %s: option; %s: command; %s: stackref's */
	DIAG_PGNX_INSTEAD,      /* %s: option; %s: what to use */
	DIAG_PGNX_NA,           /* %s: option; %s: why */
	DIAG_PGNX_VALUE,        /* %s: the word */
	DIAG_BAD_ADDRESS,       /* "%s": option; "%s": its text */
	DIAG_COMPOSE,           /* "%s": why */
	DIAG_PBEM_SIDE,         /* "%s": the --pbem action */
	DIAG_NO_TTY,            /* "%s": the user */
	DIAG_PASSWORD_UNSET,    /* "%s": the variable */
	DIAG_BAD_POSITION,      /* "%s": why the --fen or --pattern does
				 * not read (fen_error); "%s": the game */
	DIAG_POSITION_TOO_LONG, /* "%s": the game */
	DIAG_BAD_EMPTY,         /* "%s": --empty text; "%s", "%s": game */
	DIAG_BAD_MATERIAL,      /* "%s": --material text; "%s", "%s": game */
	DIAG_UNKNOWN_GAME,      /* "%s": name; "%s": known games */
	DIAG_BAD_NUMBER,        /* "%s": option; "%s": text */
	DIAG_BAD_SIDE,          /* "%s": text; "%s": sides of the game */
	DIAG_AMBIGUOUS_SIDE,    /* "%s": text; "%s": what it names; "%s":
				 * the sides */
	DIAG_DID_YOU_MEAN,      /* "%s": what is wrong; "%s": the command
				 * meant */
	DIAG_BINARY_TTY,        /* "%s": the binary output refused */
	DIAG_BAD_NOW,           /* "%s": --now or STACKREF_NOW; "%s": text */
	DIAG_NOW_BEHIND,        /* "%s": now; "%s": the last stamp */
	DIAG_BAD_GAME_LIST,     /* "%s": the --game text */
	DIAG_BAD_TAG_CRITERION, /* "%s": the --tag text */
	DIAG_BAD_TAG_REGEX,     /* "%s": the --tag text; "%s": regerror */
	DIAG_SIZE_FORMAT,
	DIAG_THEN_NEEDS_FILE,
	DIAG_NOTHING_TO_SEARCH,
	DIAG_FILE_AND_URL,
	DIAG_TOO_MANY_TO,
	DIAG_BAD_URL,
	DIAG_POST_URL,
	DIAG_FETCH_URL,
	DIAG_PUBLISH_URL,
	DIAG_PBEM_URL,
	DIAG_NO_RECIPIENT,
	DIAG_NO_DOMAIN,
	DIAG_NO_GAME_ID,
	DIAG_BAD_PBEM_WORD,
	/* malformed */
	DIAG_SYNTAX,            /* "%s": what was expected; "%s": what was read */
	DIAG_WRITTEN_ONLY,      /* "%s": the format read (HTML, SVG, PNG) */
	DIAG_BAD_TAG,           /* "%s": what is wrong */
	DIAG_BAD_FEN,           /* "%s": what is wrong */
	DIAG_BAD_MOVE_TEXT,     /* "%s": move text; "%s": what is wrong */
	DIAG_BAD_TYPED_MOVE,    /* a move given to adjudicate: "%s": its
				 * text; "%s": what is wrong; "%s": the
				 * legal moves */
	DIAG_BAD_ACTION,        /* "%s": action text; "%s": what is wrong */
	DIAG_BAD_CONTROL,       /* "%s": TimeControl; "%s": what is wrong */
	DIAG_BAD_TIME,          /* "%s": time stamp; "%s": what is wrong */
	DIAG_STAMP_AHEAD,       /* "%s": time stamp; "%s": now; %d: the
				 * minutes it may be ahead (CLOCK_AHEAD) */
	DIAG_RECORD_GAME,       /* "%s": game named by the record; "%s": known */
	DIAG_NO_GAME,           /* no game in the input */
	DIAG_TOO_BIG,           /* "%s": what exceeds its limit */
	/* system */
	DIAG_READ,              /* "%s": strerror */
	DIAG_WRITE,             /* "%s": strerror */
	DIAG_PICTURE,           /* "%s": why the PNG picture failed */
	DIAG_NOMEM,
	DIAG_MODULE,            /* "%s": the module's file; "%s": why */
	DIAG_STORE,             /* "%s": the store's URL; "%s": why */
	DIAG_STORE_URL,         /* "%s": a URL of no known scheme */
	DIAG_STORE_NEWER,       /* "%s": URL; %ld: its version; %d: ours */
	/* transfer */
	DIAG_TRANSFER,          /* "%s": who; "%s": the transfer's message
				 * ("URL: why") */
	DIAG_NO_RECORD_MAIL,    /* "%s": URL; %d: messages looked at */
	DIAG_NO_RECORD_MAIL_UNREAD, /* the same; "%s": why the newest
				 * unreadable mail is */
	DIAG_NO_GAME_MAIL,      /* "%s": URL; %d: messages; "%s": GameId */
	DIAG_NO_GAME_MAIL_UNREAD, /* the same; "%s": why the newest
				 * unreadable mail is */
	DIAG_MAIL_CUT,          /* "%s": URL; %lu: bytes read; %lu: size */
	DIAG_STORE_GONE,        /* "%s": URL; "%s": why: the server went */
	/* warnings (status 0): the message starts with "warning: " */
	DIAG_AMBIGUOUS_READ,    /* "%s": move text; "%s": the path read;
				 * "%s": the paths it fits */
	DIAG_KEPT_BROKEN,       /* %lu: the ply at fault */
	DIAG_RESULT_FIXED,      /* "%s": result read; "%s": result written;
				 * "%s": why ("the final position: ...") */
	/* malformed, continued */
	DIAG_VARIANT,           /* "%s": the variant ("international
				 * draughts"); "%s": its GameType */
	DIAG_GAMETYPE,          /* "%s": the GameType value; "%s": its
				 * field at fault (notation_gametype_fault) */
	/* warnings, continued */
	DIAG_LIKELY_GAME,       /* "%s": the game (notation_gametype_name);
				 * %lu: plies it replays; %lu: of all;
				 * "%s": its GameType */
	DIAG__COUNT
};

/* Where a diagnostic points.  Any field may be 0/NULL when unknown. */
struct diag_where {
	const char *file;
	const struct srcloc *at;
	unsigned long game;     /* 1-based game number in the file */
	unsigned long ply;      /* 1-based ply of the main line */
};

struct diag {
	const char *prog;       /* "stackref" */
	FILE *out;
	int quiet;              /* count and set status, print nothing */
	enum status status;     /* worst status so far */
	unsigned long count;    /* diagnostics reported */
	unsigned long counts[DIAG__COUNT]; /* of each kind */
};

/* Starts a diagnostics context printing to out. */
void diag_init(struct diag *d, const char *prog, FILE *out);

/*
 * diag_report(d, DIAG_ID, w, ...) reports diagnostic DIAG_ID at w (may
 * be NULL) with the arguments its message DIAG_ID_MSG asks for; raises
 * d->status to the message's status (a warning, status 0, leaves it)
 * and returns that status.  DIAG_ID
 * must be written out (an enum diag_id constant, not a variable) so
 * that its message can be checked against the arguments.
 */
#define diag_report(d, id, w, ...) \
	diag_emit((d), (id), (w), id##_MSG, ##__VA_ARGS__)

/* A diag_where that names a file only, for diag_report's w. */
#define DIAG_FILE(file) (&(struct diag_where){ (file), NULL, 0, 0 })

/* What diag_report expands to: format must be id's message. */
enum status diag_emit(struct diag *d, enum diag_id id,
    const struct diag_where *w, const char *format, ...)
    __attribute__((format(printf, 4, 5)));

/* The status a diagnostic carries. */
enum status diag_status(enum diag_id id);

/* The message format of a diagnostic (tests/unit/test_diag.c checks
 * every entry with it). */
const char *diag_format(enum diag_id id);

/* A short name of the kind of problem ("illegal move"), for summaries
 * (stackref stats); NULL for an unknown id. */
const char *diag_name(enum diag_id id);

#endif
