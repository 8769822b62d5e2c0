/*
 * xmlguard.h - the guard the XML reader (xml.c, its only user) puts
 * between the input and libxml2: every byte is scanned here before the
 * parser sees it, and a document that is unsafe or too costly to parse
 * is refused.
 *
 * Before the root element: an optional UTF-8 byte order mark, white
 * space, the XML declaration, processing instructions and comments
 * only; a DOCTYPE (so a DTD, an entity, an external resource) or any
 * other declaration is refused, anywhere in the document.
 *
 * Everywhere: the shape the schema allows, bounded before libxml2 does
 * work that grows faster than the input (its duplicate-attribute and
 * namespace checks are quadratic in the attributes of one element):
 * attributes (namespace declarations included) of one element, the
 * length of element and attribute names and of attribute values, and
 * the nesting of elements.
 *
 * Nothing here allocates; a struct xml_guard is a plain value.
 */
#ifndef STACKREF_NOTATION_XMLGUARD_H
#define STACKREF_NOTATION_XMLGUARD_H

#include <stddef.h>

#include "base/srcloc.h"
#include "notation/pdn.h"
#include "notation/xml.h"

/* Attributes and namespace declarations of one element: the schema's
 * elements have at most two attributes and a namespace declaration. */
#define XMLGUARD_ATTRS_MAX 8

/* Bytes of an element or attribute name, its prefix included. */
#define XMLGUARD_NAME_MAX 64

/* Bytes of an attribute value: a move suffix (PDN_WORD_MAX) is the
 * longest the schema allows. */
#define XMLGUARD_VALUE_MAX PDN_WORD_MAX

/* Elements nested in elements: <stackref>, <game>, XML_DEPTH_MAX
 * <variation>s, a <move> and a <byte> in it. */
#define XMLGUARD_NEST_MAX (XML_DEPTH_MAX + 4)

enum xmlguard_state {
	XMLGUARD_START, XMLGUARD_BOM1, XMLGUARD_BOM2, XMLGUARD_TEXT,
	XMLGUARD_LT, XMLGUARD_PI, XMLGUARD_BANG, XMLGUARD_BANG2,
	XMLGUARD_COMMENT, XMLGUARD_CDATA, XMLGUARD_NAME, XMLGUARD_TAG,
	XMLGUARD_VALUE, XMLGUARD_END
};

struct xml_guard {
	enum xmlguard_state state;
	int body;                 /* the root element has started */
	int prev, prev2;          /* the two bytes before */
	int quote;                /* of the attribute value being read */
	unsigned depth;           /* elements open */
	unsigned attrs;           /* attributes of the element being read */
	size_t run;               /* bytes of the name or value being read */
	struct srcloc at;         /* of the next byte */
	struct srcloc lt;         /* of the last '<' */
	struct srcloc bad;        /* of what was refused */
	const char *expected;     /* set when refused as malformed */
	const char *toobig;       /* set when refused as too big */
	char read[32];            /* what was read instead of expected */
};

/* Starts a guard at line 1, column 1 of a document. */
void xmlguard_init(struct xml_guard *gd);

/*
 * Scans the next n bytes of the document; -1 when it is refused (then
 * and from then on): gd->bad is where, and either gd->expected and
 * gd->read say what was expected and read instead (DIAG_SYNTAX), or
 * gd->toobig what is too big (DIAG_TOO_BIG).
 */
int xmlguard_scan(struct xml_guard *gd, const unsigned char *buf, size_t n);

/* Whether the guard has refused the document. */
int xmlguard_refused(const struct xml_guard *gd);

#endif
