/*
 * module.h - the parts of stackref that need a heavy library, loaded
 * only by the commands that use them.
 *
 * The code that calls libxml2 (XML records, SVG pictures), librsvg
 * (PNG pictures), libcurl (the network) and libcrypt and libcrypto
 * (the referee's password hashes and journal keys) is built into
 * modules of its own, each linked against its libraries:
 *
 *     stackref-xml.so    notation/xml.c, xmlguard.c, svg.c   libxml2
 *     stackref-png.so    notation/png.c                      librsvg
 *     stackref-net.so    mail/transport.c                    libcurl
 *     stackref-hash.so   src/referee/hash.c       libcrypt, libcrypto
 *
 * The binary links none of these libraries.  In their place it has
 * stubs with the same functions (notation/xmlload.c, svgload.c,
 * pngload.c, mail/xferload.c, src/referee/hashload.c): each calls its
 * namesake through the table the module exports (one symbol, declared
 * in its layer's modules.h), loading the module on first use.  So
 * `check` or `move` never loads what only `show --format png` or
 * `fetch` needs.  A module calls back into the binary, which exports
 * to the modules the functions they use, and only those (the
 * Makefile's stackref.dyn).
 *
 * A module is looked for beside the executable (the build tree), then
 * in ../lib/stackref from it (make install: $(PREFIX)/lib/stackref);
 * the directory is the executable's own, through /proc/self/exe, so a
 * tree installed under DESTDIR or moved works as it is.
 *
 * State: the handles of the modules loaded, for the life of the
 * process (as the dynamic loader's own).
 */
#ifndef STACKREF_BASE_MODULE_H
#define STACKREF_BASE_MODULE_H

enum module_id {
	MODULE_XML,           /* stackref-xml.so */
	MODULE_PNG,           /* stackref-png.so */
	MODULE_NET,           /* stackref-net.so */
	MODULE_HASH,          /* stackref-hash.so */
	MODULE__COUNT
};

/*
 * Marks the table a module exports: module code is compiled with
 * -fvisibility=hidden, so that its own functions bind to each other
 * and never to the binary's stubs of the same name.
 */
#define MODULE_EXPORT __attribute__((visibility("default")))

/*
 * The address of the table called symbol in module id, loading the
 * module on first use.  When the module, or a library it needs, cannot
 * be loaded, or lacks the symbol, prints
 *     stackref: cannot load stackref-NAME.so: REASON
 * (DIAG_MODULE; REASON is the dynamic loader's) and exits with status
 * 4, as the dynamic loader itself stops a program whose library is
 * missing: callers never see a failure.
 */
const void *module_table(enum module_id id, const char *symbol);

/* A table of a module as a stub finds it: once, on first use. */
struct module_ref {
	enum module_id id;
	const char *symbol;
	const void *table;           /* NULL until found */
};

/* ref's table, found by module_table on the first call. */
const void *module_ref_table(struct module_ref *ref);

/*
 * Loads every module now, exiting as module_table does when one cannot
 * be loaded: for the referee, whose decisions run in children under a
 * memory budget and must find the libraries already there.
 */
void module_load_all(void);

#endif
