/*
 * module.h - the parts of stackref that need a heavy library, loaded
 * only by the commands that call them.
 *
 * The code that calls libxml2 (the XML reader), jansson (the JSON
 * reader), librsvg (PNG pictures),
 * libcurl (the network), libcrypt and libcrypto (the referee's
 * password hashes and journal keys), libsqlite3 and libpq (the
 * referee's store) is built into modules of its own, each linked
 * against its libraries:
 *
 *     stackref-xml.so    notation/xml.c, xmlguard.c  libxml2
 *     stackref-json.so   notation/jsonread.c         jansson
 *     stackref-png.so    notation/png.c              librsvg
 *     stackref-net.so    mail/transport.c            libcurl
 *     stackref-hash.so   src/referee/hash.c          libcrypt, libcrypto
 *     stackref-sqlite.so src/db/sqlite.c             libsqlite3
 *     stackref-pq.so     src/db/pgsql.c              libpq
 *
 * The binary links none of these libraries.  Module NAME exports one
 * table of functions, the symbol stackref_NAME (MODULE_EXPORT), whose
 * type its header declares with a macro that fetches it through
 * module_table: xml.h XML_MODULE, json.h JSON_MODULE, png.h PNG_MODULE,
 * transport.h XFER_MODULE, referee.h REF_HASH_MODULE; a database driver's table
 * is its struct db_driver, which db.h's db_driver_of fetches.  Callers
 * call through it, XFER_MODULE->get(...), and the module's code sets
 * each slot to a function of its own, so the compiler checks both sides
 * against the one declaration.  So `check` or `move` never loads what only
 * `show --format png` or `fetch` needs.  A module calls back into the
 * binary, which exports to the modules the functions they use, and
 * only those (the Makefile's stackref.dyn).
 *
 * A module is looked for beside the executable (the build tree), then
 * in ../lib/stackref from it (make install: $(PREFIX)/lib/stackref);
 * the directory is the executable's own, through /proc/self/exe, so a
 * tree installed under DESTDIR or moved works as it is.  A program
 * linked with a module's code itself (the unit tests, the fuzz
 * targets: the Makefile exports their tables) uses its own table and
 * loads nothing.
 *
 * State: the tables found and the modules loaded, for the life of the
 * process (as the dynamic loader's own).
 */
#ifndef STACKREF_BASE_MODULE_H
#define STACKREF_BASE_MODULE_H

enum module_id {
	MODULE_XML,           /* stackref-xml.so */
	MODULE_JSON,          /* stackref-json.so */
	MODULE_PNG,           /* stackref-png.so */
	MODULE_NET,           /* stackref-net.so */
	MODULE_HASH,          /* stackref-hash.so */
	/* the database drivers, after those the decisions need */
	MODULE_SQLITE,        /* stackref-sqlite.so */
	MODULE_PQ,            /* stackref-pq.so */
	MODULE__COUNT
};

/*
 * Marks the table a module exports: module code is compiled with
 * -fvisibility=hidden, so that nothing else of it is seen.
 */
#define MODULE_EXPORT __attribute__((visibility("default")))

/*
 * The table module id exports, found on the first call (loading the
 * module).  When the module, or a library it needs, cannot be loaded,
 * or lacks its table, prints
 *     stackref: cannot load stackref-NAME.so: REASON
 * (DIAG_MODULE; REASON is the dynamic loader's) and exits with status
 * 4, as the dynamic loader itself stops a program whose library is
 * missing: callers never see a failure.
 */
const void *module_table(enum module_id id);

/*
 * Finds every table a decision needs (those before MODULE_SQLITE) now,
 * exiting as module_table does when one cannot be loaded: for the
 * referee, whose decisions run in children under a memory budget and
 * must find the libraries already there.  A database driver is loaded
 * by db_driver_of, in the parent alone.
 */
void module_load_all(void);

#endif
