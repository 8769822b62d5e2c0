/*
 * hashload.c - the password hashes and journal keys of referee.h in
 * the binary: each function calls its namesake in stackref-hash.so
 * (hash.c, libcrypt and libcrypto), loaded on first use
 * (base/module.h).
 */
#include "base/module.h"
#include "referee/modules.h"

/* The table of hash.c, in the module. */
static struct module_ref ref_hash_ref = { MODULE_HASH, REF_HASH_MODULE, NULL };

static const struct ref_hash_module *
ref_hash_loaded(void)
{
	return module_ref_table(&ref_hash_ref);
}

int
ref_hash(const char *password, const unsigned char rnd[16],
    char out[REF_HASH])
{
	return ref_hash_loaded()->hash(password, rnd, out);
}

int
ref_verify(const char *password, const char *hash)
{
	return ref_hash_loaded()->verify(password, hash);
}

int
ref_key(const struct ref_letter *l, char key[REF_KEY])
{
	return ref_hash_loaded()->key(l, key);
}

int
ref_raw_key(const char *raw, size_t len, char key[REF_KEY])
{
	return ref_hash_loaded()->raw_key(raw, len, key);
}
