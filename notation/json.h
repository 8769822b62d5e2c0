/*
 * json.h - the JSON notation (json.c), write-only, as an entry of the
 * notation table; its JSON Schema is notation/stackref.schema.json.
 */
#ifndef STACKREF_NOTATION_JSON_H
#define STACKREF_NOTATION_JSON_H

#include "notation/notation.h"

extern const struct notation notation_json;

#endif
