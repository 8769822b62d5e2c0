/*
 * modules.h - the table stackref-hash.so exports (base/module.h): the
 * functions of referee.h that need libcrypt or libcrypto
 * (ref_hash_module, hash.c).  The stubs the binary has in their place
 * (hashload.c) call through it.  Private to src/referee/.
 */
#ifndef STACKREF_REFEREE_MODULES_H
#define STACKREF_REFEREE_MODULES_H

#include "referee/referee.h"

#define REF_HASH_MODULE "ref_hash_module"   /* the table's symbol */

struct ref_hash_module {
	int (*hash)(const char *password, const unsigned char rnd[16],
	    char out[REF_HASH]);
	int (*verify)(const char *password, const char *hash);
	int (*key)(const struct ref_letter *l, char key[REF_KEY]);
	int (*raw_key)(const char *raw, size_t len, char key[REF_KEY]);
};

#endif
