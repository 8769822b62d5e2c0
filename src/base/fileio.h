/*
 * fileio.h - opening inputs and writing outputs safely.
 *
 * A FILE argument of "-" means standard input (or output).  Writes to a
 * named file are atomic: the data goes to a temporary file in the same
 * directory, which is flushed, synced and renamed over the target, so
 * the target holds either its old or its new contents, never a mix.
 *
 * A program that reads a named file, checks it and rewrites it holds
 * the file's lock (fileio_lock) from before the read until after the
 * write, so that two such processes take turns instead of losing one
 * of the two updates.
 *
 * Functions return 0 or -1; on -1 they have reported DIAG_READ or
 * DIAG_WRITE (status 4) to d, naming the file.
 */
#ifndef STACKREF_BASE_FILEIO_H
#define STACKREF_BASE_FILEIO_H

#include <stdio.h>

#include "base/diag.h"

/* Writes the contents of a file: 0, or -1 with errno set.  errno
 * ECANCELED means the callback has reported its own problem: the write
 * is abandoned without a further message. */
typedef int (*fileio_write_fn)(FILE *out, void *ctx);

/* The name diagnostics use for path: "<stdin>" for "-". */
const char *fileio_name(const char *path);

/* Opens path ("-": standard input) for reading; NULL after reporting. */
FILE *fileio_open(const char *path, struct diag *d);

/* Closes what fileio_open returned (standard input is left open). */
void fileio_close(FILE *f);

/*
 * Reads the whole of path ("-": standard input) into a NUL-terminated
 * buffer the caller frees; *len gets its length.  NULL after reporting.
 */
char *fileio_slurp(const char *path, size_t *len, struct diag *d);

/*
 * Writes through fn to path: "-" is standard output (flushed), anything
 * else is replaced atomically (temporary file, fsync, rename, fsync of
 * the directory).  The target keeps its permission bits; a new file
 * gets 0666 less the umask.  On any failure the temporary file is
 * removed and the target is left untouched.
 */
int fileio_write_atomic(const char *path, fileio_write_fn fn, void *ctx,
    struct diag *d);

/*
 * The steps of fileio_write_atomic, for a file written a piece at a
 * time (convert's splits): fileio_temp_open makes the temporary file
 * beside path (mode: path's, else 0666 less the umask) and opens it for
 * writing; its name goes to tmp (of size bytes).  The caller writes it,
 * reopening tmp in append mode if it likes, then either puts it in
 * place with fileio_temp_commit (f: the temporary, open; flushed,
 * synced, closed and renamed over path, the directory synced) or drops
 * it with fileio_temp_abort (f closed unless NULL, tmp removed).  Until
 * the commit path is untouched.  fileio_temp_open returns NULL and
 * fileio_temp_commit -1 after reporting DIAG_WRITE for path; a failed
 * commit removes tmp.
 */
FILE *fileio_temp_open(const char *path, char *tmp, size_t size,
    struct diag *d);
int fileio_temp_commit(FILE *f, const char *tmp, const char *path,
    struct diag *d);
void fileio_temp_abort(FILE *f, const char *tmp);

/* fileio_write_atomic to a named file (not "-") that only its owner
 * may read: mode 0600 whatever the umask or the file it replaces. */
int fileio_write_private(const char *path, fileio_write_fn fn, void *ctx,
    struct diag *d);

/* The file ".NAME.SUFFIX" beside path (NAME: path's last component)
 * into buf: where the lock and the private files of a record are.
 * Returns 0, or -1 when it does not fit. */
int fileio_beside(const char *path, const char *suffix, char *buf,
    size_t size);

/* Seconds fileio_lock waits for a lock another process holds. */
#define FILEIO_LOCK_WAIT 10

/* An exclusive lock on a named file, taken by fileio_lock. */
struct fileio_lock {
	int fd;                 /* the open lock file, or -1: none held */
	char path[4096 + 16];   /* its name, ".NAME.lock" */
};

/*
 * Locks path against the other stackref processes that read, check and
 * rewrite it: an exclusive flock(2) on the lock file ".NAME.lock" in
 * path's directory (NAME: path's last component), created with mode
 * 0666 less the umask when missing and removed by fileio_unlock, so
 * that no lock file stays beside a record.  A lock taken on a lock file
 * that its holder removed meanwhile is let go and taken again on the
 * new one (the file locked must still be the one named), so two
 * processes never both hold it.  A lock file left by a process that
 * died holds no lock (flock(2) ends with the process): the next run
 * takes it and removes it.  Take it before reading path; release it
 * after fileio_write_atomic.  "-" and an
 * existing path that is not a regular file take no lock (lk->fd is -1).
 * The lock file is opened without following a symbolic link (O_NOFOLLOW)
 * and without blocking (O_NONBLOCK), and must be a regular file: a
 * planted symbolic link, FIFO, socket or device is refused with
 * DIAG_WRITE "lock file PATH: ..." (status 4), nothing created.  The
 * wait of FILEIO_LOCK_WAIT seconds counts from before the open; past it
 * reports DIAG_WRITE "record is locked" (status 4).  Returns 0, or -1
 * after reporting.
 */
int fileio_lock(const char *path, struct fileio_lock *lk, struct diag *d);

/* Releases the lock fileio_lock took, if any; lk->fd becomes -1. */
void fileio_unlock(struct fileio_lock *lk);

/* Syncs the directory dir (after a rename into it, so the new entry
 * survives a crash).  Returns 0, or -1 with errno set. */
int fileio_sync_dir(const char *dir);

#endif
