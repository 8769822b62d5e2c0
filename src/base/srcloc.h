/*
 * srcloc.h - where something was read in a text: what the diagnostics
 * point at and what a record remembers of each element.
 */
#ifndef STACKREF_BASE_SRCLOC_H
#define STACKREF_BASE_SRCLOC_H

/* 1-based line and column (bytes); 0 when unknown. */
struct srcloc {
	unsigned long line, col;
};

#endif
