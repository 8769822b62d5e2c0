/*
 * xml.h - what the XML notation (xml.c, stackref-xml(5)) offers beyond
 * its entry in the notation table.  Only xml.c includes libxml2.
 */
#ifndef STACKREF_NOTATION_XML_H
#define STACKREF_NOTATION_XML_H

#include "notation/notation.h"

/*
 * Variations nested in variations.  Below PDN_DEPTH_MAX: libxml2 refuses
 * documents nested over 256 elements deep, and a variation sits under
 * <stackref> and <game> with <move> and <byte> inside it.
 */
#define XML_DEPTH_MAX 250

extern const struct notation notation_xml;

/* The RELAX NG schema of the notation (notation/stackref.rng), as text. */
const char *xml_schema(void);

#endif
