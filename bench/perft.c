/*
 * perft.c - move generator speed: perft from the start position.
 *
 * usage: bench/perft [depth]
 * Without a depth: checkers perft 10 and 11, stackup perft 7 and 8.
 * With one: both games at that depth.  One line per count: game, depth,
 * nodes, seconds, nodes per second.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "../src/rules.h"

#define DEPTH_MAX 20

static double
now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static int
bench(const char *game, unsigned depth)
{
	const struct rules *r = rules_find(game);
	struct pos p;
	uint64_t nodes;
	double t0, secs;

	if (r == NULL) {
		fprintf(stderr, "perft: unknown game %s\n", game);
		return -1;
	}
	r->start(&p);
	t0 = now();
	nodes = rules_perft(r, &p, depth);
	secs = now() - t0;
	printf("%-9s depth %2u  %12llu nodes  %8.3f s  %12.0f nodes/s\n",
	    game, depth, (unsigned long long)nodes, secs,
	    secs > 0 ? (double)nodes / secs : 0.0);
	return fflush(stdout) == 0 ? 0 : -1;
}

/* Reads the depth argument; -1 if it is not a number 1..DEPTH_MAX. */
static int
depth_parse(const char *s)
{
	unsigned long v;
	char *end;

	errno = 0;
	v = strtoul(s, &end, 10);
	if (errno != 0 || end == s || *end != '\0' || *s == '-' || v < 1 ||
	    v > DEPTH_MAX)
		return -1;
	return (int)v;
}

int
main(int argc, char *argv[])
{
	int depth, rc = 0;

	if (argc > 2 || (argc == 2 && (depth = depth_parse(argv[1])) < 0)) {
		fprintf(stderr, "usage: perft [depth]\n");
		return 2;
	}
	if (argc == 2) {
		rc |= bench("checkers", (unsigned)depth);
		rc |= bench("stackup", (unsigned)depth);
	} else {
		rc |= bench("checkers", 10);
		rc |= bench("checkers", 11);
		rc |= bench("stackup", 7);
		rc |= bench("stackup", 8);
	}
	return rc == 0 ? 0 : 1;
}
