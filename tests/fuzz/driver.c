/*
 * driver.c - a plain main() for a fuzz target, without libFuzzer: runs
 * LLVMFuzzerTestOneInput once on each file named.  `make check` builds
 * every target so (tests/fuzz/run_*) and tests/fuzz.sh replays the seeds
 * and the regression inputs of fixtures/fuzz through them.
 */
#include <stdio.h>
#include <stdlib.h>

#include "common.h"

static int
run_file(const char *path)
{
	unsigned char *buf = NULL, *p;
	size_t len = 0, cap = 0, n;
	FILE *f;

	if ((f = fopen(path, "rb")) == NULL) {
		perror(path);
		return -1;
	}
	for (;;) {
		if (len == cap) {
			cap = cap == 0 ? 4096 : cap * 2;
			if ((p = realloc(buf, cap)) == NULL) {
				perror(path);
				free(buf);
				fclose(f);
				return -1;
			}
			buf = p;
		}
		if ((n = fread(buf + len, 1, cap - len, f)) == 0)
			break;
		len += n;
	}
	n = ferror(f);
	fclose(f);
	if (n == 0)
		LLVMFuzzerTestOneInput(buf, len);
	else
		perror(path);
	free(buf);
	return n == 0 ? 0 : -1;
}

int
main(int argc, char *argv[])
{
	int i, rc = 0;

	for (i = 1; i < argc; i++)
		if (run_file(argv[i]) == -1)
			rc = 1;
	return rc;
}
