/*
 * notify.c - the players' choice of mails (referee.h, struct
 * ref_notify), as the decisions read it: whether a "your move" mail is
 * held for the player's daily digest, how often her reminders come, and
 * the paragraph that tells her what she chose (games USERID).
 */
#include <stdio.h>
#include <string.h>

#include "base/timeutc.h"
#include "referee/job.h"

const struct ref_notify *
ref_notify_of(const struct ref_ctx *c, const char *user)
{
	size_t i;

	for (i = 0; i < c->nnotify && i < REF_NOTIFY_MAX; i++)
		if (strcmp(c->notify[i].user, user) == 0)
			return &c->notify[i];
	return NULL;
}

int
ref_notify_holds(const struct ref_job *j, int side)
{
	const struct ref_notify *n;
	const char *user = ref_side_user(j, side), *res, *why;

	n = ref_notify_of(j->c, user);
	return n != NULL && n->hour >= 0 && j->rp.pos.turn == side &&
	    strcmp(user, j->cmd.user) != 0 &&
	    !play_over(&j->rp, &j->g, &res, &why);
}

long long
ref_notify_remind(const struct ref_ctx *c, const char *user)
{
	const struct ref_notify *n = ref_notify_of(c, user);

	return n != NULL ? n->remind : -1;
}

void
ref_notify_text(const struct ref_job *j, struct ref_doc *d,
    const char *user)
{
	const struct ref_notify *n = ref_notify_of(j->c, user);
	static const char *const forms[] = { "digest HOUR", "each",
	    "INTERVAL|off|game" };
	char every[64], line[PBEM_WORD + 64];
	size_t i;

	if (n != NULL && n->hour >= 0)
		ref_doc_p(d, "Mails: a daily digest at %02d:00 UTC of the "
		    "boards where it is your turn.", n->hour);
	else
		ref_doc_p(d, "Mails: one at each move of your opponents.");
	if (n == NULL || n->remind < 0)
		ref_doc_more(d, "Reminders: as each board's time control "
		    "says.");
	else if (n->remind == 0)
		ref_doc_more(d, "Reminders: none.");
	else if (timeutc_span(n->remind, every, sizeof(every)) >= 0)
		ref_doc_more(d, "Reminders: every %s of a turn.", every);
	ref_doc_more(d, "To change them, mail %s one of the subjects",
	    j->c->referee);
	for (i = 0; i < sizeof(forms) / sizeof(forms[0]); i++) {
		snprintf(line, sizeof(line), "%s %s PASSWORD %s", i < 2 ?
		    "notify" : "remind", user, forms[i]);
		ref_doc_cmd(d, line);
	}
}
