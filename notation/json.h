/*
 * json.h - the JSON notation (json.c) as entries of the notation table;
 * its JSON Schema is notation/stackref.schema.json.  Its reader is
 * jsonread.c, the code of stackref-json.so and the only file that
 * includes jansson.
 */
#ifndef STACKREF_NOTATION_JSON_H
#define STACKREF_NOTATION_JSON_H

#include "base/module.h"
#include "notation/notation.h"

/* Variations nested in variations, as the XML reader's (xml.h). */
#define JSON_DEPTH_MAX 250

/* The notation, and the same with the positions after each move
 * (notation_json.positions: convert --positions). */
extern const struct notation notation_json;
extern const struct notation notation_json_positions;

/* The reader: the table stackref-json.so exports (jsonread.c,
 * base/module.h), a notation with open, next and close only.
 * notation_json reads through it. */
#define JSON_MODULE ((const struct notation *)module_table(MODULE_JSON))

#endif
