/*
 * sentence.h - a correspondence action of a record ("offer-draw white",
 * "request-undo red", "leave red 3") in words for people ("White offers
 * a draw.", "Red asks to take back 9-14."): the one function every
 * reader-facing output uses (the referee's mails, the game page); the
 * record formats (PDN, XML, JSON) keep the tokens.  Pure; writes into
 * the caller's buffers.
 */
#ifndef STACKREF_NOTATION_SENTENCE_H
#define STACKREF_NOTATION_SENTENCE_H

#include <stddef.h>

#include "model/record.h"

/* The action text action as a sentence into buf (a text that is no
 * action as it is, in brackets); moves, when neither NULL nor empty, the
 * moves an undo takes back, blank-separated ("9-14 22-18").  Returns
 * buf. */
const char *sentence_action(const char *action, const char *moves, char *buf,
    size_t size);

/* moves, blank-separated ("a b c"), as "a, b and c" into buf; returns
 * how many. */
size_t sentence_list(const char *moves, char *buf, size_t size);

/* The moves of l before element end, blank-separated, into buf (those
 * an undo takes back: a request's variation); returns buf. */
const char *sentence_moves(const struct line *l, size_t end, char *buf,
    size_t size);

#endif
