/*
 * help.c - help (the commands, what each does, how a game goes by mail)
 * and GAME help (the rules of the game as the referee enforces them,
 * its notation with examples, the moves from its start, a set-up
 * position), each to the sender as text and HTML.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "referee/job.h"

/* What GAME help says of a game. */
struct ref_game_help {
	const char *game;
	const char *rules;        /* lines */
	const char *notation;     /* lines */
	const char *examples;     /* move texts, one blank apart (each
				   * reads as a move of the game: test_referee) */
	const char *fen;          /* a set-up position (test_referee) */
};

static const struct ref_game_help ref_games_help[] = {
	{ "checkers",
	    "American checkers (English draughts) on the 32 dark squares,\n"
	    "numbered 1 to 32.  Red (PDN's Black) starts on 1 to 12 and moves\n"
	    "first, white on 21 to 32.  A man steps one square diagonally\n"
	    "forward, a king in any direction.  Jumping is compulsory, a\n"
	    "multiple jump is completed, any jump may be chosen.  A man on the\n"
	    "far row is crowned and the move ends.  A player with no legal\n"
	    "move loses.",
	    "a step 11-15, a jump 15x22, a multiple jump 15x22x29 (15x29 when\n"
	    "only one path has those ends).",
	    "11-15 15x22 15x22x29", "W:W18,K27:B12,16" },
	{ "stackup",
	    "Stack-Up checkers (Stillman Drake): checkers played with stacks.\n"
	    "A jump takes only the top checker of the stack jumped, which goes\n"
	    "under the jumping stack; what is left stays, owned by its new top.\n"
	    "Only the top checker is crowned.  Board, setup (black first) and\n"
	    "the rest as in checkers.  A player who controls no stack or has\n"
	    "no legal move loses.",
	    "as in checkers: 11-15, 15x22, 15x22x29.",
	    "11-15 15x22 15x22x29", "w:11=bw,15=b,22=Wwb" },
	{ "stackers-brown",
	    "Stackers (Mark R. Brown) on all 64 squares, a1 to h8.  First\n"
	    "24 placements, black first: one checker on your home rank (black\n"
	    "rank 1, red rank 8).  Then a turn is a shift (the top h checkers\n"
	    "of a stack move exactly h squares in a line, repeated from the\n"
	    "same stack, one capture at most), a build onto one of your\n"
	    "stacks, or a restack.  A player who controls no stack, or has no\n"
	    "legal turn, loses.",
	    "d1 places on d1; c1-c4 and c1xc4 move or capture with the whole\n"
	    "stack; c1:2-c3,1-d2 shifts the top 2 to c3, then the top 1 to d2;\n"
	    "a3+c3,c5:2+c3 builds onto c3; c3=rbbbr restacks c3, top first.",
	    "d1 c1-c4 c1:2-c3,1-d2 a3+c3,c5:2+c3 c3=rbbbr",
	    "b:a1=b,d8=r" },
	{ "stackers-mogensen",
	    "Stackers (Torben Mogensen) on the 32 squares of checkers, black\n"
	    "(1 to 12) first.  Move a top section of a stack you control,\n"
	    "whose lowest checker is yours too, to a diagonal neighbour, empty\n"
	    "or not; or bear off your top checker from the opponent's back\n"
	    "row.  With no legal turn you pass.  Whoever bears off all 12\n"
	    "checkers first wins.",
	    "11-15 moves the whole stack, 11:2-15 its top 2 checkers, 4-off\n"
	    "bears off the top checker of 4; pass only when forced.",
	    "11-15 11:2-15 4-off", "b:1=b,2=w,30=wb" },
	{ "accasta-pari",
	    "Accasta Pari (Dieter Stein) on a hexagon of 37 cells, a1 to g4;\n"
	    "white first.  A turn moves a top portion of a stack you control\n"
	    "in a line over empty cells, as far as the stack holds stones of\n"
	    "yours (3 at most), onto an empty cell or any stack of at most\n"
	    "three stones of each colour; it may go on from the same stack.\n"
	    "Whoever controls three cells of the enemy castle wins at once\n"
	    "(the 2004 rule; the challenge option win=2010 plays Stein's rule\n"
	    "since 2010, accasta-pari-2010); a player with no legal turn loses.",
	    "the origin, a colon, then the steps: an optional count, - onto\n"
	    "an empty cell, + onto your stack, x onto an enemy stack, and the\n"
	    "target: a1:1+b2,-b1; d6:xf4; e4:-e5.",
	    "a1:1+b2,-b1 d6:xf4 e4:-e5", "w:a1=www,g4=bbb" },
	{ "accasta-pari-2010",
	    "Accasta Pari with Dieter Stein's win rule since 2010: as\n"
	    "accasta-pari, but whoever controls three cells of the enemy\n"
	    "castle at the beginning of his turn wins, so the defender has one\n"
	    "reply: retaking a cell saves the game.",
	    "as in accasta-pari: a1:1+b2,-b1; d6:xf4; e4:-e5.",
	    "a1:1+b2,-b1 d6:xf4 e4:-e5", "w:a1=www,g4=bbb" },
	{ "international",
	    "International draughts (FMJD) on the 50 dark squares of 10x10,\n"
	    "numbered 1 to 50.  White starts on 31 to 50 and moves first,\n"
	    "black on 1 to 20.  A man steps one square diagonally forward and\n"
	    "captures forward or backward; a king moves and captures along\n"
	    "whole diagonals.  Capturing is compulsory, the capture of the\n"
	    "most pieces must be chosen, a man is crowned only where its move\n"
	    "ends.  A player with no legal move loses.",
	    "a step 32-28, a capture 19x30 (with its landing squares,\n"
	    "19x30x39, when another capture has the same ends).",
	    "32-28 19x30 19x30x39", "W:W28,K45:B19,23" },
	{ "russian",
	    "Russian draughts on the 32 dark squares of 8x8, a1 to h8.  White\n"
	    "starts on rows 1 to 3 and moves first.  A man steps one square\n"
	    "diagonally forward and captures forward or backward; a king moves\n"
	    "and captures along whole diagonals.  Capturing is compulsory,\n"
	    "any capture may be chosen; a man reaching the far row in a\n"
	    "capture is crowned and goes on as a king.  A player with no legal\n"
	    "move loses.",
	    "a step c3-d4, a capture c3:e5:g3 (its ends c3:g3 will do when\n"
	    "only one capture has them).",
	    "c3-d4 c3:e5 c3:e5:g3", "W:Wc3,Ke1:Bd4,f6" },
	{ "brazilian",
	    "Brazilian draughts: the international rules on the 32 dark\n"
	    "squares of 8x8, a1 to h8, white first on rows 1 to 3.",
	    "a step c3-d4, a capture c3xe5 (c3xe5xg3 when another capture\n"
	    "has the same ends).",
	    "c3-d4 c3xe5 c3xe5xg3", "W:Wc3,Ke1:Bd4,f6" },
	{ "canadian",
	    "Canadian draughts: the international rules on the 72 dark\n"
	    "squares of 12x12, numbered 1 to 72, white first on 43 to 72,\n"
	    "black on 1 to 30.",
	    "a step 44-38, a capture 37x48 (37x48x59 when another capture\n"
	    "has the same ends).",
	    "44-38 37x48 37x48x59", "W:W44,K70:B37,25" },
	{ "pool",
	    "American pool checkers on the 32 dark squares numbered as in\n"
	    "checkers: black on 1 to 12 moves first.  A man steps one square\n"
	    "diagonally forward and captures forward or backward; a king\n"
	    "moves and captures along whole diagonals.  Capturing is\n"
	    "compulsory, any capture may be chosen, a man is crowned only\n"
	    "where its move ends.  A player with no legal move loses.",
	    "as in checkers: 11-15, 15x22, 15x22x29.",
	    "11-15 15x22 15x22x29", "W:W18,K27:B12,16" },
	{ "turkish",
	    "Turkish draughts (dama) on all 64 squares, a1 to h8; white\n"
	    "(ranks 2 and 3) first, black on 6 and 7.  A man steps forward or\n"
	    "sideways, a king any distance along a rank or file.  Capturing\n"
	    "is compulsory, straight ahead or sideways (a king also back),\n"
	    "each piece lifted at once, never turning back; the capture of\n"
	    "the most pieces must be played.  A man that ends its move on the\n"
	    "far row is crowned.  A player with no legal move loses.",
	    "a step a3-a4, a capture c3xc5 or d1xd5xh5 (the whole path when\n"
	    "two captures share their ends).",
	    "a3-a4 c3xc5 d1xd5xh5", "W:Wd4,Ka1:Bd5,Kh8" },
	{ "italian",
	    "Italian draughts (FID) on the 32 dark squares of 8x8, numbered 1\n"
	    "to 32, each player's right-hand corner dark.  White starts on 21\n"
	    "to 32 and moves first, black on 1 to 12.  A man steps one square\n"
	    "diagonally forward and captures forward only, never a king; a\n"
	    "king steps and captures one square in any direction.  Capturing\n"
	    "is compulsory: the most pieces, then with a king, then the most\n"
	    "kings, then the capture meeting a king first.  A player with no\n"
	    "legal move loses.",
	    "a step 21-17, a capture 22x13 (22x13x6 when another capture has\n"
	    "the same ends).",
	    "21-17 22x13 22x13x6", "W:W22,K27:B19,23" },
	{ "spanish",
	    "Spanish draughts on the 32 dark squares of 8x8, numbered 1 to 32\n"
	    "from white's right-hand corner.  White starts on 1 to 12 and\n"
	    "moves first, black on 21 to 32.  A man steps one square\n"
	    "diagonally forward and captures forward only; a king moves and\n"
	    "captures along whole diagonals.  Capturing is compulsory: the most\n"
	    "pieces, then the most kings.  A player with no legal move loses.",
	    "a step 9-13, a capture 11x20 (11x18x25 when another capture has\n"
	    "the same ends).",
	    "9-13 11x20 11x18x25", "W:W11,K2:BK15,14,5" },
	{ "portuguese",
	    "Portuguese draughts: the game of Spanish draughts (see spanish\n"
	    "help), under its own name.",
	    "as in spanish: 9-13, 11x20, 11x18x25.",
	    "9-13 11x20 11x18x25", "W:W11,K2:BK15,14,5" },
	{ "czech",
	    "Czech draughts on the 32 dark squares of 8x8, a1 to h8.  White\n"
	    "starts on rows 1 to 3 and moves first.  A man steps one square\n"
	    "diagonally forward and captures forward only; a king moves and\n"
	    "captures along whole diagonals.  Capturing is compulsory; a king\n"
	    "that can capture must, before any man; else any capture may be\n"
	    "chosen.  A player with no legal move loses.",
	    "a step c3-d4, a capture h8xa1 (c3xe5xc7 when another capture\n"
	    "has the same ends).",
	    "c3-d4 h8xa1 c3xe5xc7", "W:Wa3,Kh8:Bb2,b4,b6" },
	{ "thai",
	    "Thai draughts on the 32 dark squares of 8x8, numbered 1 to 32\n"
	    "from white's right-hand side; two rows of men each: black on 25\n"
	    "to 32 moves first, white on 1 to 8.  A man steps one square\n"
	    "diagonally forward and captures forward only; a king moves along\n"
	    "whole diagonals and captures from afar, landing just beyond the\n"
	    "piece, which leaves the board at once.  Capturing is compulsory,\n"
	    "any capture may be chosen.  A player with no legal move loses.",
	    "a step 25-21, a capture 18x25 (18x25x8 when another capture has\n"
	    "the same ends).",
	    "25-21 18x25 18x25x8", "W:WK18:B22,11" },
	{ "frisian",
	    "Frisian draughts on the 50 dark squares of 10x10, numbered 1 to\n"
	    "50; white on 31 to 50 moves first, black on 1 to 20.  A man\n"
	    "steps one square diagonally forward, a king along whole\n"
	    "diagonals.  Both capture diagonally and straight along rows and\n"
	    "columns (over the next dark square, two squares away), men\n"
	    "backward too, kings from any distance.  Capturing is compulsory\n"
	    "and the capture of the greatest value must be played, a king\n"
	    "worth less than two men and more than one; of equal values, one\n"
	    "made with a king.  A man is crowned only where its move ends.  A\n"
	    "king may not make a fourth plain move in a row while its side has\n"
	    "men.  A player with no legal move loses.",
	    "a step 32-28, a capture 47x29 (47x49x29 when another capture has\n"
	    "the same ends).",
	    "32-28 47x29 47x49x29", "W:W37,K46:B38,29" },
};

#define REF_NGAMES_HELP (sizeof(ref_games_help) / sizeof(ref_games_help[0]))

/* The help of game r, or NULL. */
static const struct ref_game_help *
ref_game_help_of(const struct rules *r)
{
	size_t i;

	for (i = 0; i < REF_NGAMES_HELP; i++)
		if (strcmp(ref_games_help[i].game, r->name) == 0)
			return &ref_games_help[i];
	return NULL;
}

/* Writes the text of help: the commands and how a game goes. */
static void
ref_help_text(struct ref_job *j, struct ref_doc *d)
{
	char games[256];
	size_t i;

	ref_doc_p(d, "The stackref referee at %s plays correspondence games "
	    "by mail, in the\ncommand syntax of Richard's PBeM Server.  A "
	    "command is the Subject line\nof a mail to it; the body is not "
	    "read (but for chat).", j->c->referee);
	rules_names(games, sizeof(games));
	ref_doc_p(d, "GAME is one of %s; BOARD the number the referee gives "
	    "a game.\nVerbs may be in any case; \"Re:\" is ignored, so you "
	    "may reply to the\nreferee's mails and edit the subject.",
	    games);
	ref_doc_p(d, "Commands:");
	for (i = 0; i < ref_ncommands; i++) {
		ref_doc_cmd(d, pbem_syntax(ref_commands[i].verb));
		ref_doc_more(d, "        %s", ref_commands[i].what);
	}
	ref_doc_p(d, "#N is the number of the ply you play (the first move is "
	    "#1): a request\nsent twice, or late, is refused and changes "
	    "nothing.  Every mail about\na board gives the exact subject to "
	    "send next, with its #N.");
	ref_doc_p(d, "To begin: sign up (the referee mails your address once "
	    "to confirm it),\nthen challenge a player, who accepts:");
	ref_doc_cmd(d, "signup USERID PASSWORD");
	ref_doc_cmd(d, "checkers challenge USERID PASSWORD OPPONENT");
	ref_doc_p(d, "For the rules and the notation of a game:");
	ref_doc_cmd(d, "checkers help");
}

/* The moves of r from its start position, in the game's naming. */
static void
ref_help_start(const struct rules *r, struct ref_doc *d)
{
	struct replay rp;         /* the start: its rules, position, style */
	char legal[2048], fen[512];
	const struct pos *p = &rp.pos;

	memset(&rp, 0, sizeof(rp));
	rp.r = r;
	rp.style = -1;
	r->start(&rp.pos);
	ref_legal_text(&rp, NULL, legal, sizeof(legal));
	ref_doc_p(d, "From the start, %s moves first and may play:\n%s",
	    r->side[p->turn], legal);
	if (fen_format(r, p, fen, sizeof(fen)) >= 0)
		ref_doc_more(d, "The start position as a FEN: %s", fen);
}

/* Writes the text of GAME help for r. */
static void
ref_game_text(struct ref_job *j, struct ref_doc *d, const struct rules *r)
{
	const struct ref_game_help *h = ref_game_help_of(r);
	char line[PBEM_TEXT];

	ref_doc_p(d, "%s (%s), as the stackref referee at %s enforces it.",
	    r->title, r->name, j->c->referee);
	if (h != NULL) {
		ref_doc_p(d, "%s", h->rules);
		ref_doc_p(d, "Moves are written: %s", h->notation);
		ref_doc_more(d, "For example: %s", h->examples);
	}
	ref_help_start(r, d);
	ref_doc_p(d, "To play, challenge a signed-up player:");
	snprintf(line, sizeof(line), "%s challenge USERID PASSWORD OPPONENT",
	    r->name);
	ref_doc_cmd(d, line);
	ref_doc_more(d, "Options may follow: first=USERID (or first=random) "
	    "says who moves first,\nfen=POSITION sets up a position%s%s.",
	    h != NULL ? ", as " : "", h != NULL ? h->fen : "");
}

int
ref_help(struct ref_job *j)
{
	const struct rules *r = NULL;
	char subject[200], q[300], known[256], why[600];
	struct ref_doc d;

	if (j->cmd.game[0] != '\0' && (r = rules_find(j->cmd.game)) == NULL) {
		rules_names(known, sizeof(known));
		snprintf(why, sizeof(why), "unknown game %s; the games are %s",
		    j->cmd.game, known);
		return ref_refuse(j, "unknown game", why, NULL);
	}
	if (ref_too_often(j, "help"))
		return -1;
	snprintf(subject, sizeof(subject), "stackref referee: %s%s",
	    r != NULL ? r->name : "help", r != NULL ? " help" : "");
	ref_doc_open(&d, j->c->referee, subject, 1);
	if (r != NULL)
		ref_game_text(j, &d, r);
	else
		ref_help_text(j, &d);
	snprintf(j->o->summary, sizeof(j->o->summary), "%s%shelp to %s",
	    r != NULL ? r->name : "", r != NULL ? " " : "",
	    util_quote(j->m->from, q, sizeof(q)));
	return ref_answer_doc(j, subject, &d);
}
