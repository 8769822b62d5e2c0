/*
 * perft_source.h - the perft tables of tests/data/perft-*.txt, line by
 * line, for the rules tests that read them (after cmocka.h and
 * rules/rules.h).
 *
 * A table line is "DEPTH NODES SOURCE": SOURCE says where the number
 * comes from, the strongest first:
 *   published    a published table: RULES.md gives the number;
 *   rule         arithmetic on a rule of RULES.md (8 placements a turn
 *                in stackers-brown: 8^DEPTH), not this program;
 *   naive        the test's own naive generator, written apart from the
 *                rules module on another representation, agrees, and so
 *                do the fast perft and the generic walk (this project
 *                twice over, from the same reading of RULES.md: not an
 *                outside source);
 *   two-methods  this program alone, by two methods: the fast perft
 *                (rules_perft) and the generic walk of generate and
 *                apply (rules_perft_generic) agree;
 *   self         this program alone: the fast perft gives the number,
 *                which it gave before; a regression value, checked by
 *                nothing else;
 *   unchecked    this program alone, computed once with `stackref
 *                perft`, too slow to run in the tests: a record, not an
 *                expectation that was checked.
 * perft_line checks a line as far as its limits allow and fails unless
 * the line names the strongest source it checked, so that no line claims
 * more than the test shows, nor less.
 */
#ifndef PERFT_SOURCE_H
#define PERFT_SOURCE_H

enum perft_source {
	PERFT_UNCHECKED, PERFT_SELF, PERFT_TWO_METHODS, PERFT_NAIVE,
	PERFT_RULE, PERFT_PUBLISHED, PERFT_SOURCES
};

static const char *const perft_source_name[PERFT_SOURCES] = {
	"unchecked", "self", "two-methods", "naive", "rule", "published"
};

/* How far a test checks its table, and what it found. */
struct perft_check {
	const struct rules *r;
	uint64_t fast_max;     /* counts checked with rules_perft */
	uint64_t naive_max;    /* ... also with rules_perft_generic and naive */
	uint64_t (*naive)(const void *nb, unsigned depth);
	unsigned n[PERFT_SOURCES];    /* lines seen, by source */
};

/*
 * Checks line "DEPTH NODES SOURCE" of position p (nb: the same position
 * for c->naive): with the fast perft up to c->fast_max nodes, also the
 * generic walk and the naive generator up to c->naive_max, against the
 * published number or the rule's when nonzero.  Returns the source
 * found, which the line must name.
 */
static inline enum perft_source
perft_line(struct perft_check *c, const struct pos *p, const void *nb,
    const char *line, uint64_t published, uint64_t rule)
{
	enum perft_source got = PERFT_UNCHECKED;
	unsigned long long nodes;
	unsigned depth;
	char word[32];

	if (sscanf(line, "%u %llu %31s", &depth, &nodes, word) != 3)
		fail_msg("perft line without its source: %s", line);
	if (nodes <= c->fast_max) {
		assert_int_equal(rules_perft(c->r, p, depth), nodes);
		got = PERFT_SELF;
	}
	if (nodes <= c->naive_max) {
		assert_int_equal(rules_perft_generic(c->r, p, depth), nodes);
		got = PERFT_TWO_METHODS;
		if (c->naive != NULL) {
			assert_int_equal(c->naive(nb, depth), nodes);
			got = PERFT_NAIVE;
		}
	}
	if (rule != 0) {
		assert_int_equal(nodes, rule);
		got = PERFT_RULE;
	}
	if (published != 0) {
		assert_int_equal(nodes, published);
		got = PERFT_PUBLISHED;
	}
	if (strcmp(word, perft_source_name[got]) != 0)
		fail_msg("perft %u %llu says \"%s\", but the test shows it is "
		    "\"%s\"", depth, nodes, word, perft_source_name[got]);
	c->n[got]++;
	return got;
}

/* Prints the lines of file by source, saying which this program alone
 * gave. */
static inline void
perft_summary(const struct perft_check *c, const char *file)
{
	print_message("# %s: %u published, %u rule, %u naive; this program "
	    "alone: %u two-methods, %u self (a regression check), %u "
	    "unchecked (not run)\n", file, c->n[PERFT_PUBLISHED],
	    c->n[PERFT_RULE], c->n[PERFT_NAIVE], c->n[PERFT_TWO_METHODS],
	    c->n[PERFT_SELF], c->n[PERFT_UNCHECKED]);
}

#endif
