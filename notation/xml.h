/*
 * xml.h - what the XML notation (stackref-xml(5)) offers beyond its entry
 * in the notation table (notation_xml, xmlwrite.c).  Its reader is xml.c,
 * the code of stackref-xml.so and the only file that includes libxml2.
 */
#ifndef STACKREF_NOTATION_XML_H
#define STACKREF_NOTATION_XML_H

#include "base/module.h"
#include "notation/notation.h"

/*
 * Variations nested in variations.  Below PDN_DEPTH_MAX: libxml2 refuses
 * documents nested over 256 elements deep, and a variation sits under
 * <stackref> and <game> with <move> and <byte> inside it.
 */
#define XML_DEPTH_MAX 250

extern const struct notation notation_xml;

/* The reader: the table stackref-xml.so exports (xml.c, base/module.h),
 * a notation with open, next and close only.  notation_xml reads
 * through it. */
#define XML_MODULE ((const struct notation *)module_table(MODULE_XML))

/* The RELAX NG schema of the notation (notation/stackref.rng), as text:
 * in stackref-xml.so, for programs linked with its code. */
const char *xml_schema(void);

#endif
