/*
 * start.c - the referee's verbs that need no board: signup (a
 * userid, its password hashed, its address) and challenge (a new board
 * between two signed-up players, both told).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "referee/job.h"

/* The welcome text of a new player. */
static char *
ref_welcome(const struct ref_job *j, const char *addr)
{
	char *text = NULL;
	size_t len;
	FILE *f;

	if ((f = open_memstream(&text, &len)) == NULL)
		return NULL;
	fprintf(f, "Welcome, %s: you are signed up with the address %s.\n\n"
	    "Your password is stored only as a salted hash; the referee "
	    "cannot\nmail it back.  Keep it: every move you send needs "
	    "it.\n\nTo start a game, mail %s with the subject\n"
	    "    GAME challenge %s OPPONENT\n", j->cmd.user, addr,
	    j->c->referee, j->cmd.user);
	if (fclose(f) == EOF) {
		free(text);
		return NULL;
	}
	return text;
}

/* Adds pl to a copy of the players and sets the new players file. */
static int
ref_players_with(struct ref_job *j, const struct ref_player *pl)
{
	struct ref_players p = { NULL, 0, 0 };
	size_t i;
	int rc = -1;

	for (i = 0; i < j->c->players->n; i++)
		if (ref_player_add(&p, &j->c->players->v[i]) == -1)
			goto out;
	if (ref_player_add(&p, pl) == -1 ||
	    (j->o->players = ref_players_format(&p,
	    &j->o->players_len)) == NULL)
		goto out;
	rc = 0;
out:
	ref_players_free(&p);
	return rc;
}

int
ref_signup(struct ref_job *j)
{
	struct ref_player pl;
	const char *to[1];
	char why[300], name[8], *text;
	int rc;

	memset(&pl, 0, sizeof(pl));
	if (!ref_board_ok(j->cmd.user))
		return ref_refuse(j, "a userid is 1 to 32 letters, digits, "
		    "'_' or '-'", NULL);
	if (ref_player_find(j->c->players, j->cmd.user) != NULL) {
		snprintf(why, sizeof(why), "the userid %s is taken",
		    j->cmd.user);
		return ref_refuse(j, why, NULL);
	}
	if (mail_address(j->cmd.address[0] != '\0' ? j->cmd.address :
	    j->m->from, pl.addr, name, sizeof(name)) == -1)
		return ref_refuse(j, "the address does not read", NULL);
	snprintf(pl.user, sizeof(pl.user), "%s", j->cmd.user);
	if (ref_hash(j->cmd.password, j->c->rnd, pl.hash) == -1 ||
	    ref_players_with(j, &pl) == -1)
		return -1;
	j->o->status = REF_APPLIED;
	snprintf(j->o->summary, sizeof(j->o->summary), "signed up %s <%s>",
	    pl.user, pl.addr);
	if ((text = ref_welcome(j, pl.addr)) == NULL)
		return -1;
	to[0] = pl.addr;
	rc = ref_push(j, to, 1, "Welcome to the stackref referee", text, 0);
	free(text);
	return rc;
}

/* The tags of a new board between users u0 (first side) and u1. */
static int
ref_new_tags(struct ref_job *j, const char *u0, const char *u1)
{
	const struct rules *r = j->r;
	char date[32], tag0[64], tag1[64];
	time_t now = j->c->now;
	struct tm tm;

	if (gmtime_r(&now, &tm) == NULL ||
	    strftime(date, sizeof(date), "%Y.%m.%d", &tm) == 0)
		snprintf(date, sizeof(date), "????.??.??");
	notation_player_tag(r, 0, tag0, sizeof(tag0));
	notation_player_tag(r, 1, tag1, sizeof(tag1));
	if (record_tag_set(&j->g, "Event", "stackref referee", NULL) == -1 ||
	    record_tag_set(&j->g, "Site", j->c->referee, NULL) == -1 ||
	    record_tag_set(&j->g, "Date", date, NULL) == -1 ||
	    record_tag_set(&j->g, "Round", "?", NULL) == -1 ||
	    record_tag_set(&j->g, tag0, u0, NULL) == -1 ||
	    record_tag_set(&j->g, tag1, u1, NULL) == -1 ||
	    record_tag_set(&j->g, "Result", "*", NULL) == -1 ||
	    record_tag_set(&j->g, "Game", r->name, NULL) == -1 ||
	    (r->gametype != NULL &&
	    record_tag_set(&j->g, "GameType", r->gametype, NULL) == -1) ||
	    record_tag_set(&j->g, "GameId", j->cmd.board, NULL) == -1 ||
	    record_set_result(&j->g, "*") == -1)
		return -1;
	return 0;
}

/* Refuses a challenge naming an unknown or the same player. */
static int
ref_challenge_check(struct ref_job *j)
{
	const char *u[2] = { j->cmd.user, j->cmd.user2 };
	char why[600], known[256];
	int i;

	if ((j->r = rules_find(j->cmd.game)) == NULL) {
		rules_names(known, sizeof(known));
		snprintf(why, sizeof(why), "unknown game %s; known games: %s",
		    j->cmd.game, known);
		return ref_refuse(j, why, NULL), -1;
	}
	for (i = 0; i < 2; i++)
		if (ref_player_find(j->c->players, u[i]) == NULL) {
			snprintf(why, sizeof(why), "%s has not signed up",
			    u[i]);
			return ref_refuse(j, why, NULL), -1;
		}
	if (strcmp(u[0], u[1]) == 0)
		return ref_refuse(j, "a game needs two players", NULL), -1;
	return 0;
}

int
ref_challenge(struct ref_job *j)
{
	struct replay_opts ro = { NULL, 0, REPLAY_ALL, 0 };
	struct diag d;
	char intro[800];

	if (ref_challenge_check(j) == -1)
		return 0;
	snprintf(j->cmd.board, sizeof(j->cmd.board), "%lu",
	    j->c->next_board);
	diag_init(&d, "x", NULL);
	d.quiet = 1;
	if (ref_new_tags(j, j->cmd.user, j->cmd.user2) == -1 ||
	    replay_run(&j->rp, &j->g, &ro, &d) == -1)
		return -1;
	snprintf(intro, sizeof(intro), "A new game of %s, board %s: %s "
	    "plays %s and moves first, %s plays %s.", j->r->title,
	    j->cmd.board, j->cmd.user, j->r->side[0], j->cmd.user2,
	    j->r->side[1]);
	snprintf(j->o->summary, sizeof(j->o->summary), "board %s: new %s "
	    "game, %s v %s", j->cmd.board, j->r->name, j->cmd.user,
	    j->cmd.user2);
	return ref_changed(j, "New", intro);
}
