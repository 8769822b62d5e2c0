/*
 * perft.c - move generator speed: perft of every game, nodes per second.
 *
 * usage: bench/perft [-r RUNS]
 * Counts the positions of the table below, each RUNS times (default 3;
 * the machine is shared, so the best run is kept), and prints one line
 * per count: game, position, depth, nodes, best seconds, nodes per second,
 * whether the count agrees with the published table (checkers,
 * international and Russian draughts, dctl's restatement of the
 * shashki.com and FMJD forum tables: "published") or with this program's own earlier counts (the stack
 * games, which have no published table: "same as before", not an
 * independent check), and nodes per second of CPU.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "rules/rules.h"

/* One count: a position reached by moves played from the start (space-
 * separated move texts, "" for the start itself), a depth, the count. */
struct entry {
	const char *game;
	const char *label;
	const char *moves;
	unsigned depth;
	uint64_t nodes;
};

/* Depths chosen for about 0.3-3 s each on a 2020s x86 core when they
 * were chosen; the stack games' are much quicker since issue 15 (kept,
 * to compare).  The stack games' counts are those of tests/data/perft-
 * *.txt (the first movement turn of Brown: 631799854, "unchecked"). */
static const struct entry entries[] = {
	{ "checkers", "start", "", 10, 18391564 },
	{ "checkers", "start", "", 11, 85242128 },
	{ "checkers", "start", "", 12, 388623673 },
	{ "international", "start", "", 9, 41022423 },
	{ "russian", "start", "", 11, 110961169 },
	{ "stackup", "start", "", 9, 3931426 },
	{ "stackup", "start", "", 10, 18079064 },
	{ "stackers-brown", "start (placement)", "", 8, 16777216 },
	{ "stackers-brown", "placement -> movement",
	    "a1 a8 b1 b8 c1 c8 d1 d8 e1 e8 f1 f8 g1 g8 h1 h8 d1 d8 d1 e8 "
	    "e1 e8", 4, 10484635 },
	{ "stackers-brown", "first movement turn",
	    "a1 a8 b1 b8 c1 c8 d1 d8 e1 e8 f1 f8 g1 g8 h1 h8 d1 d8 d1 e8 "
	    "e1 e8 c1 c8", 3, 631799854 },
	{ "stackers-brown", "movement",
	    "a1 a8 b1 b8 c1 c8 d1 d8 e1 e8 f1 f8 g1 g8 h1 h8 d1 d8 d1 e8 "
	    "e1 e8 c1 c8 d1:2-d3 e8:2-e6 d3:1-e4 e6xe4", 3, 10170337 },
	{ "stackers-mogensen", "start", "", 5, 52564624 },
	{ "stackers-mogensen", "middle game",
	    "11-16 21-17 5-9 31-26 2-6 26-22 9-14 22-26 14-18 30-26 18-22 "
	    "26-22 6-10 22:4-18 10-14 18-14 22-25 24-28 25:2-29 14:4-9", 5,
	    44515583 },
	{ "accasta-pari", "start", "", 3, 13012342 },
	{ "accasta-pari", "middle game",
	    "c4:-c5 f2:1-f1 b2:-d2 f4:1+e4 a4:1-c6 e3:-e2 b4:1-b5,+b5 "
	    "e2:-e3 b3:1-b4 e4:1xc3 a1:-b2 c3:-c2", 3, 34874323 },
};

/* Seconds on clock id: wall (CLOCK_MONOTONIC) or this process's CPU
 * time (CLOCK_PROCESS_CPUTIME_ID, steadier on a shared machine). */
static double
now(clockid_t id)
{
	struct timespec ts;

	clock_gettime(id, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* Plays the space-separated move texts of line on p from the start;
 * -1 with a message if one is not exactly one legal move. */
static int
play_line(const struct rules *r, struct pos *p, const char *line)
{
	struct move pat, m;
	size_t len, err;

	r->start(p);
	while (*(line += strspn(line, " ")) != '\0') {
		len = strcspn(line, " ");
		if (r->move_parse(line, len, &pat, &err) != 0 ||
		    rules_resolve(r, p, &pat, &m) != 1) {
			fprintf(stderr, "perft: %s: bad move %.*s\n", r->name,
			    (int)len, line);
			return -1;
		}
		r->apply(p, &m);
		line += len;
	}
	return 0;
}

/* Counts e's tree runs times and prints the best; -1 on a failure. */
static int
bench(const struct entry *e, unsigned runs)
{
	const struct rules *r = rules_find(e->game);
	struct pos p;
	uint64_t nodes = 0;
	double t0, c0, secs, cpu, best = 0, bestcpu = 0;
	unsigned i;

	if (r == NULL) {
		fprintf(stderr, "perft: unknown game %s\n", e->game);
		return -1;
	}
	if (play_line(r, &p, e->moves) != 0)
		return -1;
	for (i = 0; i < runs; i++) {
		c0 = now(CLOCK_PROCESS_CPUTIME_ID);
		t0 = now(CLOCK_MONOTONIC);
		nodes = rules_perft(r, &p, e->depth);
		secs = now(CLOCK_MONOTONIC) - t0;
		cpu = now(CLOCK_PROCESS_CPUTIME_ID) - c0;
		if (i == 0 || secs < best)
			best = secs;
		if (i == 0 || cpu < bestcpu)
			bestcpu = cpu;
	}
	printf("%-17s %-21s depth %2u %11llu nodes %7.3f s %11.0f nodes/s "
	    "%s (CPU %.0f nodes/s)\n", e->game, e->label, e->depth,
	    (unsigned long long)nodes, best,
	    best > 0 ? (double)nodes / best : 0.0,
	    nodes != e->nodes ? "WRONG COUNT" :
	    strncmp(e->game, "stack", 5) != 0 &&
	    strncmp(e->game, "accasta", 7) != 0 ? "published" :
	    "same as before",
	    bestcpu > 0 ? (double)nodes / bestcpu : 0.0);
	if (fflush(stdout) != 0)
		return -1;
	return nodes == e->nodes ? 0 : -1;
}

/* Reads the runs argument; 0 if it is not a number 1..100. */
static unsigned
runs_parse(const char *s)
{
	unsigned long v;
	char *end;

	errno = 0;
	v = strtoul(s, &end, 10);
	if (errno != 0 || end == s || *end != '\0' || *s == '-' || v < 1 ||
	    v > 100)
		return 0;
	return (unsigned)v;
}

int
main(int argc, char *argv[])
{
	unsigned runs = 3;
	size_t i;
	int c, rc = 0;

	while ((c = getopt(argc, argv, "r:")) != -1) {
		if (c != 'r' || (runs = runs_parse(optarg)) == 0) {
			fprintf(stderr, "usage: perft [-r RUNS]\n");
			return 2;
		}
	}
	if (optind != argc) {
		fprintf(stderr, "usage: perft [-r RUNS]\n");
		return 2;
	}
	for (i = 0; i < sizeof(entries) / sizeof(entries[0]); i++)
		rc |= bench(&entries[i], runs);
	return rc == 0 ? 0 : 1;
}
