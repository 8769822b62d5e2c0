/* board64.c - the names and cells of the 64 squares (board64.h). */
#include <stdio.h>

#include "rules/board64.h"

int
board64_square_parse(const char *s, size_t n, size_t *used)
{
	int f;

	*used = 0;
	if (n < 1)
		return -1;
	f = (s[0] | 0x20) - 'a';
	if (f < 0 || f > 7)
		return -1;
	*used = 1;
	if (n < 2 || s[1] < '1' || s[1] > '8')
		return -1;
	*used = 2;
	return (s[1] - '1') * 8 + f;
}

int
board64_square_name(unsigned sq, char *buf, size_t size)
{
	int len;

	if (sq >= B64_SQUARES)
		return -1;
	len = snprintf(buf, size, "%c%c", 'a' + sq % 8, '1' + sq / 8);
	return len < 0 || (size_t)len >= size ? -1 : len;
}

void
board64_square_xy(unsigned sq, unsigned *x, unsigned *y)
{
	*x = sq % 8;
	*y = sq / 8;
}
