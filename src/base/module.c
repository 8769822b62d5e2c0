/*
 * module.c - the modules of stackref (module.h): found from the
 * executable's own directory, dlopen'ed on first use.
 */
#include <dlfcn.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/diag.h"
#include "base/module.h"

#define MODULE_WHY (2 * PATH_MAX + 64)  /* bytes of a reason, at most */

/* The name of each module: its file is stackref-NAME.so, its table the
 * symbol stackref_NAME. */
static const char *const module_names[MODULE__COUNT] = {
	[MODULE_XML] = "xml", [MODULE_JSON] = "json", [MODULE_PNG] = "png",
	[MODULE_NET] = "net", [MODULE_HASH] = "hash",
	[MODULE_SQLITE] = "sqlite", [MODULE_PQ] = "pq",
};

/* Where the modules are, from the executable's directory: beside it
 * (the build tree), then where make install puts them. */
static const char *const module_dirs[] = { "", "../lib/stackref/" };

#define MODULE_DIRS (sizeof(module_dirs) / sizeof(module_dirs[0]))

/* The tables found (module.h, State). */
static const void *module_tables[MODULE__COUNT];

/* Prints why module id cannot be loaded and exits with status 4. */
static void
module_fail(enum module_id id, const char *why)
{
	char file[32];
	struct diag d;

	snprintf(file, sizeof(file), "stackref-%s.so", module_names[id]);
	diag_init(&d, "stackref", stderr);
	exit((int)diag_report(&d, DIAG_MODULE, NULL, file, why));
}

/* Writes into dir (of size bytes) the executable's directory with a
 * trailing '/'; 0, or -1 with the reason in why. */
static int
module_exe_dir(char *dir, size_t size, char *why)
{
	ssize_t n = readlink("/proc/self/exe", dir, size - 1);
	char *slash;

	if (n <= 0 || (slash = memchr(dir, '/', (size_t)n)) == NULL) {
		snprintf(why, MODULE_WHY, "cannot find the executable: "
		    "/proc/self/exe: %s", strerror(n < 0 ? errno : ENOENT));
		return -1;
	}
	dir[n] = '\0';
	strrchr(dir, '/')[1] = '\0';
	return 0;
}

/* dlopen's module id from the first of module_dirs that holds it; NULL
 * with the reason in why. */
static void *
module_open(enum module_id id, char *why)
{
	char dir[PATH_MAX], path[PATH_MAX + 64];
	size_t i;
	void *h;

	if (module_exe_dir(dir, sizeof(dir), why) == -1)
		return NULL;
	for (i = 0; i < MODULE_DIRS; i++) {
		snprintf(path, sizeof(path), "%s%sstackref-%s.so", dir,
		    module_dirs[i], module_names[id]);
		if (access(path, F_OK) == -1)
			continue;
		if ((h = dlopen(path, RTLD_NOW | RTLD_LOCAL)) == NULL)
			snprintf(why, MODULE_WHY, "%s", dlerror());
		return h;
	}
	snprintf(why, MODULE_WHY, "not in %s nor in %s%s", dir, dir,
	    module_dirs[MODULE_DIRS - 1]);
	return NULL;
}

/* The table of module id: the program's own when it is linked with the
 * module's code, else the module's, loaded now. */
static const void *
module_find(enum module_id id)
{
	char sym[32], why[MODULE_WHY];
	const char *err;
	void *h, *t;

	snprintf(sym, sizeof(sym), "stackref_%s", module_names[id]);
	if ((h = dlopen(NULL, RTLD_LAZY)) != NULL &&
	    (t = dlsym(h, sym)) != NULL)
		return t;
	if ((h = module_open(id, why)) == NULL)
		module_fail(id, why);
	dlerror();
	if ((t = dlsym(h, sym)) == NULL)
		module_fail(id, (err = dlerror()) != NULL ? err : sym);
	return t;
}

const void *
module_table(enum module_id id)
{
	if (module_tables[id] == NULL)
		module_tables[id] = module_find(id);
	return module_tables[id];
}

void
module_load_all(void)
{
	int id;

	for (id = 0; id < MODULE_SQLITE; id++)
		module_table((enum module_id)id);
}
