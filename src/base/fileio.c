/* fileio.c - reading inputs, atomic writes of outputs, record locks. */
#include <sys/file.h>
#include <sys/stat.h>

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "base/fileio.h"

const char *
fileio_name(const char *path)
{
	return strcmp(path, "-") == 0 ? "<stdin>" : path;
}

/* Report that path cannot be read, or written, for errno err; -1. */
static int
fileio_read_fail(struct diag *d, const char *path, int err)
{
	struct diag_where w = { path, NULL, 0, 0 };

	if (err == ENOMEM)
		diag_report(d, DIAG_NOMEM, &w);
	else
		diag_report(d, DIAG_READ, &w, strerror(err));
	return -1;
}

static int
fileio_write_fail(struct diag *d, const char *path, int err)
{
	struct diag_where w = { path, NULL, 0, 0 };

	diag_report(d, DIAG_WRITE, &w, strerror(err));
	return -1;
}

FILE *
fileio_open(const char *path, struct diag *d)
{
	struct stat st;
	FILE *f;

	if (strcmp(path, "-") == 0)
		return stdin;
	if ((f = fopen(path, "r")) == NULL) {
		fileio_read_fail(d, path, errno);
		return NULL;
	}
	if (fstat(fileno(f), &st) == 0 && S_ISDIR(st.st_mode)) {
		fclose(f);
		fileio_read_fail(d, path, EISDIR);
		return NULL;
	}
	return f;
}

void
fileio_close(FILE *f)
{
	if (f != NULL && f != stdin)
		fclose(f);
}

static char *
fileio_read_all(FILE *f, size_t *len)
{
	char *buf = NULL, *nbuf;
	size_t cap = 0, n = 0, got;

	for (;;) {
		if (cap - n < 4096) {
			cap = cap == 0 ? 65536 : cap * 2;
			if ((nbuf = realloc(buf, cap + 1)) == NULL) {
				free(buf);
				errno = ENOMEM;
				return NULL;
			}
			buf = nbuf;
		}
		got = fread(buf + n, 1, cap - n, f);
		n += got;
		if (got == 0)
			break;
	}
	if (ferror(f)) {
		free(buf);
		errno = EIO;
		return NULL;
	}
	buf[n] = '\0';
	*len = n;
	return buf;
}

char *
fileio_slurp(const char *path, size_t *len, struct diag *d)
{
	FILE *f;
	char *buf;
	int err;

	if ((f = fileio_open(path, d)) == NULL)
		return NULL;
	buf = fileio_read_all(f, len);
	err = errno;
	fileio_close(f);
	if (buf == NULL)
		fileio_read_fail(d, fileio_name(path), err);
	return buf;
}

static int
fileio_write_stdout(fileio_write_fn fn, void *ctx, struct diag *d)
{
	if (fn(stdout, ctx) == -1) {
		if (errno == ECANCELED)
			return -1;
		return fileio_write_fail(d, "<stdout>", errno);
	}
	if (fflush(stdout) == EOF || ferror(stdout))
		return fileio_write_fail(d, "<stdout>", errno);
	return 0;
}

/* Splits path into its directory, for the temporary file and fsync. */
static void
fileio_dirname(const char *path, char *dir, size_t size)
{
	const char *slash = strrchr(path, '/');
	size_t n;

	if (slash == NULL) {
		snprintf(dir, size, ".");
		return;
	}
	n = slash == path ? 1 : (size_t)(slash - path);
	snprintf(dir, size, "%.*s", (int)n, path);
}

int
fileio_sync_dir(const char *dir)
{
	int fd, rc;

	if ((fd = open(dir, O_RDONLY | O_DIRECTORY)) == -1)
		return -1;
	rc = fsync(fd);
	close(fd);
	return rc;
}

/* Mode for the new file: the target's bits, or 0666 less the umask. */
static mode_t
fileio_mode(const char *path)
{
	struct stat st;
	mode_t mask;

	if (stat(path, &st) == 0)
		return st.st_mode & 07777;
	mask = umask(022);
	umask(mask);
	return 0666 & ~mask;
}

/* Makes the temporary file of path, mode mode, open for writing. */
static FILE *
fileio_temp_mode(const char *path, mode_t mode, char *tmp, size_t size,
    struct diag *d)
{
	char dir[4096];
	struct stat st;
	FILE *f;
	int fd, err;

	if (stat(path, &st) == 0 && !S_ISREG(st.st_mode)) {
		fileio_write_fail(d, path, S_ISDIR(st.st_mode) ? EISDIR :
		    EINVAL);
		return NULL;
	}
	fileio_dirname(path, dir, sizeof(dir));
	if (snprintf(tmp, size, "%s/.stackref.XXXXXX", dir) >= (int)size) {
		fileio_write_fail(d, path, ENAMETOOLONG);
		return NULL;
	}
	if ((fd = mkstemp(tmp)) == -1) {
		fileio_write_fail(d, path, errno);
		return NULL;
	}
	if (fchmod(fd, mode) == -1 || (f = fdopen(fd, "w")) == NULL) {
		err = errno;
		close(fd);
		unlink(tmp);
		fileio_write_fail(d, path, err);
		return NULL;
	}
	return f;
}

FILE *
fileio_temp_open(const char *path, char *tmp, size_t size, struct diag *d)
{
	return fileio_temp_mode(path, fileio_mode(path), tmp, size, d);
}

void
fileio_temp_abort(FILE *f, const char *tmp)
{
	int err = errno;

	if (f != NULL)
		fclose(f);
	unlink(tmp);
	errno = err;
}

int
fileio_temp_commit(FILE *f, const char *tmp, const char *path,
    struct diag *d)
{
	char dir[4096];
	int err;

	errno = 0;
	if (fflush(f) == EOF || ferror(f) || fsync(fileno(f)) == -1) {
		err = errno != 0 ? errno : EIO;
		fileio_temp_abort(f, tmp);
		return fileio_write_fail(d, path, err);
	}
	if (fclose(f) == EOF || rename(tmp, path) == -1) {
		err = errno != 0 ? errno : EIO;
		unlink(tmp);
		return fileio_write_fail(d, path, err);
	}
	fileio_dirname(path, dir, sizeof(dir));
	fileio_sync_dir(dir);
	return 0;
}

/* fileio_write_atomic, the file made with mode mode. */
static int
fileio_write_mode(const char *path, fileio_write_fn fn, void *ctx,
    mode_t mode, struct diag *d)
{
	char tmp[4096 + 32];
	FILE *f;
	int err;

	if ((f = fileio_temp_mode(path, mode, tmp, sizeof(tmp), d)) == NULL)
		return -1;
	errno = 0;
	if (fn(f, ctx) == -1) {
		err = errno != 0 ? errno : EIO;
		fileio_temp_abort(f, tmp);
		if (err == ECANCELED)
			return -1;
		return fileio_write_fail(d, path, err);
	}
	return fileio_temp_commit(f, tmp, path, d);
}

int
fileio_write_atomic(const char *path, fileio_write_fn fn, void *ctx,
    struct diag *d)
{
	if (strcmp(path, "-") == 0)
		return fileio_write_stdout(fn, ctx, d);
	return fileio_write_mode(path, fn, ctx, fileio_mode(path), d);
}

int
fileio_write_private(const char *path, fileio_write_fn fn, void *ctx,
    struct diag *d)
{
	return fileio_write_mode(path, fn, ctx, 0600, d);
}

int
fileio_beside(const char *path, const char *suffix, char *buf, size_t size)
{
	const char *slash = strrchr(path, '/');
	int n;

	if (slash == NULL)
		n = snprintf(buf, size, ".%s.%s", path, suffix);
	else
		n = snprintf(buf, size, "%.*s/.%s.%s", (int)(slash - path),
		    path, slash + 1, suffix);
	return n < 0 || (size_t)n >= size ? -1 : 0;
}

/* The lock file of path, ".NAME.lock" beside it, into buf. */
static int
fileio_lock_path(const char *path, char *buf, size_t size)
{
	return fileio_beside(path, "lock", buf, size);
}

/* Milliseconds since an arbitrary start, for the lock's deadline. */
static long long
fileio_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/*
 * Takes the exclusive flock on fd, trying again after 1 ms, doubling to
 * 32 ms, until the deadline (fileio_ms).  Returns 0, or -1 with errno
 * set (EWOULDBLOCK: still held by another process at the deadline).
 */
static int
fileio_flock_wait(int fd, long long deadline)
{
	struct timespec pause = { 0, 1000000 };

	for (;;) {
		if (flock(fd, LOCK_EX | LOCK_NB) == 0)
			return 0;
		if (errno != EWOULDBLOCK && errno != EINTR)
			return -1;
		if (fileio_ms() >= deadline) {
			errno = EWOULDBLOCK;
			return -1;
		}
		nanosleep(&pause, NULL);
		if (pause.tv_nsec < 32000000)
			pause.tv_nsec *= 2;
	}
}

/*
 * Opens (creating it) the lock file lpath without following a symbolic
 * link and without waiting (O_NONBLOCK: a FIFO opens at once), and
 * keeps it only when it is a regular file.  Returns the descriptor, or
 * -1 with why (of size bytes) saying what the lock file is, or "" and
 * errno set when it cannot be opened.
 */
static int
fileio_lock_open(const char *lpath, char *why, size_t size)
{
	struct stat st;
	int fd;

	why[0] = '\0';
	do
		fd = open(lpath, O_RDONLY | O_CREAT | O_NOFOLLOW | O_NONBLOCK |
		    O_CLOEXEC, 0666);
	while (fd == -1 && errno == EINTR);
	if (fd == -1) {
		if (errno == ELOOP)
			snprintf(why, size, "lock file %s: a symbolic link, "
			    "not followed", lpath);
		else if (errno == EISDIR || errno == ENXIO)
			snprintf(why, size, "lock file %s: not a regular file",
			    lpath);
		return -1;
	}
	if (fstat(fd, &st) == -1 || !S_ISREG(st.st_mode)) {
		close(fd);
		snprintf(why, size, "lock file %s: not a regular file", lpath);
		return -1;
	}
	return fd;
}

/* Whether the open lock file fd is still the one at lpath: a process
 * that held it may have removed it (fileio_unlock) while fd waited. */
static int
fileio_lock_current(int fd, const char *lpath)
{
	struct stat a, b;

	return fstat(fd, &a) == 0 && lstat(lpath, &b) == 0 &&
	    a.st_dev == b.st_dev && a.st_ino == b.st_ino;
}

/* Opens and locks lk->path until deadline; 0, or -1 with why (or "" and
 * errno). */
static int
fileio_lock_take(struct fileio_lock *lk, long long deadline, char *why,
    size_t size)
{
	for (;;) {
		if ((lk->fd = fileio_lock_open(lk->path, why, size)) == -1)
			return -1;
		why[0] = '\0';
		if (fileio_flock_wait(lk->fd, deadline) == -1)
			return -1;
		if (fileio_lock_current(lk->fd, lk->path))
			return 0;
		close(lk->fd);	/* removed meanwhile: take the new one */
		lk->fd = -1;
	}
}

int
fileio_lock(const char *path, struct fileio_lock *lk, struct diag *d)
{
	char what[4096 + 80];
	struct diag_where w = { path, NULL, 0, 0 };
	long long deadline = fileio_ms() + FILEIO_LOCK_WAIT * 1000LL;
	struct stat st;

	lk->fd = -1;
	if (strcmp(path, "-") == 0 ||
	    (stat(path, &st) == 0 && !S_ISREG(st.st_mode)))
		return 0;
	if (fileio_lock_path(path, lk->path, sizeof(lk->path)) == -1)
		return fileio_write_fail(d, path, ENAMETOOLONG);
	if (fileio_lock_take(lk, deadline, what, sizeof(what)) == 0)
		return 0;
	if (what[0] != '\0')
		diag_report(d, DIAG_WRITE, &w, what);
	else if (errno == EWOULDBLOCK) {
		snprintf(what, sizeof(what), "record is locked by another "
		    "process (waited %d s)", FILEIO_LOCK_WAIT);
		diag_report(d, DIAG_WRITE, &w, what);
	} else
		fileio_write_fail(d, path, errno);
	if (lk->fd != -1)
		close(lk->fd);
	lk->fd = -1;
	return -1;
}

void
fileio_unlock(struct fileio_lock *lk)
{
	if (lk->fd == -1)
		return;
	if (fileio_lock_current(lk->fd, lk->path))
		unlink(lk->path);
	close(lk->fd);
	lk->fd = -1;
}
