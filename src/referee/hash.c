/*
 * hash.c - the referee's password hashes (crypt(3), libxcrypt) and the
 * journal keys of mails (SHA-256, libcrypto): the code of
 * stackref-hash.so (base/module.h), the one file that includes either
 * library.  Pure: no files, no network.
 */
#include <crypt.h>
#include <stdlib.h>
#include <string.h>

#include <openssl/evp.h>

#include "referee/referee.h"

/* crypt_rn(phrase, setting) into out; -1 when it fails ('*' result). */
static int
ref_crypt(const char *phrase, const char *setting, char *out,
    size_t size)
{
	struct crypt_data *cd;
	int rc = -1;

	if ((cd = calloc(1, sizeof(*cd))) == NULL)
		return -1;
	if (crypt_rn(phrase, setting, cd, (int)sizeof(*cd)) != NULL &&
	    cd->output[0] != '*' && strlen(cd->output) < size) {
		memcpy(out, cd->output, strlen(cd->output) + 1);
		rc = 0;
	}
	explicit_bzero(cd, sizeof(*cd));
	free(cd);
	return rc;
}

static int
ref_hash(const char *password, const unsigned char rnd[16], unsigned cost,
    char out[REF_HASH])
{
	char setting[CRYPT_GENSALT_OUTPUT_SIZE];

	if (crypt_gensalt_rn("$y$", cost > 0 ? cost : REF_HASH_COST,
	    (const char *)rnd, 16, setting,
	    (int)sizeof(setting)) == NULL)
		return -1;
	return ref_crypt(password, setting, out, REF_HASH);
}

static int
ref_verify(const char *password, const char *hash)
{
	char got[REF_HASH];
	size_t i;
	unsigned char diff = 0;

	if (hash[0] != '$' || ref_crypt(password, hash, got,
	    sizeof(got)) == -1 || strlen(got) != strlen(hash))
		return 0;
	for (i = 0; got[i] != '\0'; i++)
		diff |= (unsigned char)(got[i] ^ hash[i]);
	return diff == 0;
}

/* Writes the 32 bytes md as 43 characters of base64url into key. */
static void
ref_b64url(const unsigned char md[32], char key[REF_KEY])
{
	static const char b64[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
	    "abcdefghijklmnopqrstuvwxyz0123456789-_";
	unsigned long v = 0;
	int bits = 0;
	size_t i, n = 0;

	for (i = 0; i < 32; i++) {
		v = (v << 8) | md[i];
		for (bits += 8; bits >= 6; bits -= 6)
			key[n++] = b64[(v >> (bits - 6)) & 63];
	}
	key[n++] = b64[(v << (6 - bits)) & 63];
	key[n] = '\0';
}

/* The key of tag followed by p[0..n): SHA-256 (libcrypto), base64url. */
static int
ref_digest(const char *tag, const void *p, size_t n, char key[REF_KEY])
{
	unsigned char md[EVP_MAX_MD_SIZE];
	unsigned int mdlen = 0;
	EVP_MD_CTX *ctx = EVP_MD_CTX_new();
	int ok;

	ok = ctx != NULL && EVP_DigestInit_ex(ctx, EVP_sha256(), NULL) == 1 &&
	    EVP_DigestUpdate(ctx, tag, strlen(tag)) == 1 &&
	    EVP_DigestUpdate(ctx, p, n) == 1 &&
	    EVP_DigestFinal_ex(ctx, md, &mdlen) == 1 && mdlen == 32;
	EVP_MD_CTX_free(ctx);
	if (!ok)
		return -1;
	ref_b64url(md, key);
	return 0;
}

static int
ref_raw_key(const char *raw, size_t len, char key[REF_KEY])
{
	return ref_digest("raw:", raw, len, key);
}

static int
ref_key(const struct ref_letter *l, char key[REF_KEY])
{
	const char *id = l->m.message_id;

	if (id != NULL && id[0] != '\0')
		return ref_digest("id:", id, strlen(id), key);
	return ref_raw_key(l->raw, l->len, key);
}

/* The table stackref-hash.so exports (referee.h). */
MODULE_EXPORT const struct ref_hash_module stackref_hash = {
	.hash = ref_hash,
	.verify = ref_verify,
	.key = ref_key,
	.raw_key = ref_raw_key,
};
