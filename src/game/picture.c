/* picture.c - the picture of a replayed record's position (picture.h). */
#include <stdio.h>
#include <string.h>

#include "notation/notation.h"
#include "game/picture.h"

void
game_status_text(const struct replay *rp, const struct record *g,
    int at_end, char *buf, size_t size)
{
	const char *res = g->result != NULL ? g->result : record_tag(g,
	    "Result");
	char last[256];
	size_t n;

	snprintf(buf, size, "%s after %lu pl%s", rp->r->name, rp->plies,
	    rp->plies == 1 ? "y" : "ies");
	n = strlen(buf);
	if (replay_last_text(rp, last, sizeof(last)) >= 0)
		n += (size_t)snprintf(buf + n, size - n, ", last move %s",
		    last);
	if (n >= size)
		return;
	if (rp->outcome != OUTCOME_NONE)
		snprintf(buf + n, size - n, "\nresult %s: %s",
		    notation_result_of(rp->r, replay_result_token(rp->outcome)),
		    rp->why != NULL ? rp->why : "no legal move");
	else if (at_end && res != NULL && strcmp(res, "*") != 0 &&
	    res[0] != '\0')
		snprintf(buf + n, size - n, "\nresult %s (recorded)", res);
	else
		snprintf(buf + n, size - n, "; %s to move",
		    rp->r->side[rp->pos.turn]);
}

const char *
game_state_text(const struct replay *rp, char *buf, size_t size)
{
	if (rp->outcome != OUTCOME_NONE ||
	    replay_state_text(rp, buf, size) <= 0)
		return NULL;
	return buf;
}

void
game_picture(struct game_picture *p, const struct replay *rp,
    const struct record *g, int flip, unsigned size)
{
	const char *event = record_tag(g, "Event");

	memset(p, 0, sizeof(*p));
	p->v.r = rp->r;
	p->v.pos = &rp->pos;
	p->v.last = rp->plies > 0 ? &rp->last : NULL;
	p->v.flip = flip;
	p->v.style = rp->style;
	p->v.size = size;
	if (event != NULL && event[0] != '\0' && strcmp(event, "?") != 0) {
		snprintf(p->title, sizeof(p->title), "%s: %s", rp->r->title,
		    event);
		p->v.title = p->title;
	}
	p->v.player[0] = notation_player(rp->r, g, 0);
	p->v.player[1] = notation_player(rp->r, g, 1);
	game_status_text(rp, g, rp->plies >= rp->total, p->status,
	    sizeof(p->status));
	p->v.status = p->status;
	p->v.state = game_state_text(rp, p->state, sizeof(p->state));
}
