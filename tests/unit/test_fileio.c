/* test_fileio.c - reading and atomic writing (src/base/fileio.c). */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <dirent.h>
#include <signal.h>
#include <unistd.h>
#include <cmocka.h>

#include "base/fileio.h"

struct dir {
	char path[256];
};

static int
setup(void **state)
{
	static struct dir dir;

	snprintf(dir.path, sizeof(dir.path), "/tmp/test_fileio.XXXXXX");
	if (mkdtemp(dir.path) == NULL)
		return -1;
	*state = &dir;
	return 0;
}

static int
teardown(void **state)
{
	struct dir *dir = *state;
	char cmd[300];

	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir->path);
	return system(cmd) == 0 ? 0 : -1;
}

static char t_new[] = "new\n", t_half[] = "half", t_x[] = "x", t_hi[] = "hi\n";

static int
write_text(FILE *out, void *ctx)
{
	return fputs(ctx, out) == EOF ? -1 : 0;
}

/* Writes part of the text, then fails like a full disk. */
static int
write_fail(FILE *out, void *ctx)
{
	fputs(ctx, out);
	errno = ENOSPC;
	return -1;
}

static void
put_file(const char *path, const char *text, mode_t mode)
{
	FILE *f = fopen(path, "w");

	assert_non_null(f);
	fputs(text, f);
	fclose(f);
	chmod(path, mode);
}

static char *
slurp(const char *path)
{
	struct diag d;
	size_t len;

	diag_init(&d, "stackref", NULL);
	return fileio_slurp(path, &len, &d);
}

/* Number of entries in dir besides . and .. */
static int
count_entries(const char *path)
{
	struct dirent *e;
	DIR *dp = opendir(path);
	int n = 0;

	assert_non_null(dp);
	while ((e = readdir(dp)) != NULL)
		if (strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0)
			n++;
	closedir(dp);
	return n;
}

static void
test_replace_keeps_mode(void **state)
{
	struct dir *dir = *state;
	char path[300], *text;
	struct stat st;
	struct diag d;

	snprintf(path, sizeof(path), "%s/g.pdn", dir->path);
	put_file(path, "old\n", 0640);
	diag_init(&d, "stackref", NULL);
	assert_int_equal(fileio_write_atomic(path, write_text, t_new, &d), 0);
	text = slurp(path);
	assert_string_equal(text, "new\n");
	free(text);
	assert_int_equal(stat(path, &st), 0);
	assert_int_equal(st.st_mode & 07777, 0640);
	assert_int_equal(count_entries(dir->path), 1);
}

static void
test_failed_write_leaves_target(void **state)
{
	struct dir *dir = *state;
	char path[300], *text;
	struct diag d;

	snprintf(path, sizeof(path), "%s/g.pdn", dir->path);
	put_file(path, "old\n", 0644);
	diag_init(&d, "stackref", NULL);
	assert_int_equal(fileio_write_atomic(path, write_fail, t_half, &d), -1);
	assert_int_equal(d.status, STATUS_SYSTEM);
	text = slurp(path);
	assert_string_equal(text, "old\n");
	free(text);
	assert_int_equal(count_entries(dir->path), 1);
}

static void
test_missing_directory(void **state)
{
	struct dir *dir = *state;
	char path[300];
	struct diag d;

	snprintf(path, sizeof(path), "%s/no/such/g.pdn", dir->path);
	diag_init(&d, "stackref", NULL);
	assert_int_equal(fileio_write_atomic(path, write_text, t_x, &d), -1);
	assert_int_equal(d.status, STATUS_SYSTEM);
	assert_int_equal(count_entries(dir->path), 0);
}

static void
test_target_is_directory(void **state)
{
	struct dir *dir = *state;
	char path[300];
	struct stat st;
	struct diag d;

	snprintf(path, sizeof(path), "%s/sub", dir->path);
	assert_int_equal(mkdir(path, 0755), 0);
	diag_init(&d, "stackref", NULL);
	assert_int_equal(fileio_write_atomic(path, write_text, t_x, &d), -1);
	assert_int_equal(d.status, STATUS_SYSTEM);
	assert_int_equal(stat(path, &st), 0);
	assert_true(S_ISDIR(st.st_mode));
	assert_int_equal(count_entries(dir->path), 1);
}

static void
test_read_errors(void **state)
{
	struct dir *dir = *state;
	char path[300];
	struct diag d;
	size_t len;

	snprintf(path, sizeof(path), "%s/absent.pdn", dir->path);
	diag_init(&d, "stackref", NULL);
	assert_null(fileio_slurp(path, &len, &d));
	assert_int_equal(d.status, STATUS_SYSTEM);
	diag_init(&d, "stackref", NULL);
	assert_null(fileio_open(dir->path, &d));
	assert_int_equal(d.status, STATUS_SYSTEM);
	assert_string_equal(fileio_name("-"), "<stdin>");
	assert_string_equal(fileio_name("a.pdn"), "a.pdn");
}

static void
test_new_file(void **state)
{
	struct dir *dir = *state;
	char path[300], *text;
	struct diag d;

	snprintf(path, sizeof(path), "%s/new.pdn", dir->path);
	diag_init(&d, "stackref", NULL);
	assert_int_equal(fileio_write_atomic(path, write_text, t_hi, &d), 0);
	text = slurp(path);
	assert_string_equal(text, "hi\n");
	free(text);
}

/* fileio_lock on dir/g.pdn whose lock file .g.pdn.lock is planted by
 * plant: it must fail at once (an alarm kills a process blocked in
 * open), with status 4 and a message naming the lock file. */
static void
lock_refused(const struct dir *dir, void (*plant)(const char *lpath,
    const char *dir))
{
	char path[300], lpath[320];
	struct fileio_lock lk;
	struct diag d;
	FILE *err;
	char *text = NULL;
	size_t len;

	snprintf(path, sizeof(path), "%s/g.pdn", dir->path);
	snprintf(lpath, sizeof(lpath), "%s/.g.pdn.lock", dir->path);
	put_file(path, "old\n", 0644);
	plant(lpath, dir->path);
	assert_non_null(err = open_memstream(&text, &len));
	diag_init(&d, "stackref", err);
	alarm(5);
	assert_int_equal(fileio_lock(path, &lk, &d), -1);
	alarm(0);
	fclose(err);
	assert_int_equal(d.status, STATUS_SYSTEM);
	assert_int_equal(lk.fd, -1);
	assert_non_null(strstr(text, "lock file"));
	free(text);
}

static void
plant_symlink(const char *lpath, const char *dir)
{
	char target[300];

	snprintf(target, sizeof(target), "%s/planted", dir);
	assert_int_equal(symlink(target, lpath), 0);
}

static void
plant_fifo(const char *lpath, const char *dir)
{
	(void)dir;
	assert_int_equal(mkfifo(lpath, 0600), 0);
}

static void
plant_dir(const char *lpath, const char *dir)
{
	(void)dir;
	assert_int_equal(mkdir(lpath, 0700), 0);
}

/* A symbolic link as lock file is not followed: nothing is created at
 * its target. */
static void
test_lock_symlink(void **state)
{
	struct dir *dir = *state;
	char target[300];
	struct stat st;

	lock_refused(dir, plant_symlink);
	snprintf(target, sizeof(target), "%s/planted", dir->path);
	assert_int_equal(lstat(target, &st), -1);
}

/* A FIFO or a directory as lock file is refused, without blocking. */
static void
test_lock_not_regular(void **state)
{
	struct dir *dir = *state;
	char path[300];

	lock_refused(dir, plant_fifo);
	snprintf(path, sizeof(path), "%s/.g.pdn.lock", dir->path);
	assert_int_equal(unlink(path), 0);
	lock_refused(dir, plant_dir);
}

/* The record g.pdn of dir, its lock file, and a diag to report to. */
struct lock_case {
	char path[300], lpath[320];
	struct diag d;
};

static void
lock_case_init(struct lock_case *c, const struct dir *dir)
{
	snprintf(c->path, sizeof(c->path), "%s/g.pdn", dir->path);
	snprintf(c->lpath, sizeof(c->lpath), "%s/.g.pdn.lock", dir->path);
	diag_init(&c->d, "stackref", NULL);
}

/* The normal case: the lock file is created, taken, and removed when
 * released: no .NAME.lock stays beside the record. */
static void
test_lock_taken(void **state)
{
	struct lock_case c;
	struct fileio_lock lk;
	struct stat st;

	lock_case_init(&c, *state);
	assert_int_equal(fileio_lock(c.path, &lk, &c.d), 0);
	assert_true(lk.fd >= 0);
	assert_int_equal(stat(c.lpath, &st), 0);
	assert_true(S_ISREG(st.st_mode));
	fileio_unlock(&lk);
	assert_int_equal(lk.fd, -1);
	assert_int_equal(stat(c.lpath, &st), -1);
}

/* A lock file left by a run that died holds no lock: it is taken at
 * once, and removed with the lock. */
static void
test_lock_stale(void **state)
{
	struct lock_case c;
	struct fileio_lock lk;
	struct stat st;
	int fd;

	lock_case_init(&c, *state);
	assert_true((fd = open(c.lpath, O_WRONLY | O_CREAT, 0666)) >= 0);
	close(fd);
	assert_int_equal(fileio_lock(c.path, &lk, &c.d), 0);
	fileio_unlock(&lk);
	assert_int_equal(stat(c.lpath, &st), -1);
}

/* A waiter whose lock file was removed by the holder takes the lock on
 * the file named now, never on the removed one. */
static void
test_lock_removed_while_waiting(void **state)
{
	struct lock_case c;
	struct fileio_lock a, b;
	struct stat sf, sp;
	pid_t pid;
	int status;

	lock_case_init(&c, *state);
	assert_int_equal(fileio_lock(c.path, &a, &c.d), 0);
	if ((pid = fork()) == 0) {
		/* the child lets go of its copy of a's lock (flock's are
		 * per open file), waits for it, then checks its own */
		int ok = close(a.fd) == 0 && fileio_lock(c.path, &b,
		    &c.d) == 0 && fstat(b.fd, &sf) == 0 &&
		    lstat(c.lpath, &sp) == 0 && sf.st_ino == sp.st_ino;
		_exit(ok ? 0 : 1);
	}
	assert_true(pid > 0);
	usleep(200000);
	fileio_unlock(&a);
	assert_int_equal(waitpid(pid, &status, 0), pid);
	assert_true(WIFEXITED(status) && WEXITSTATUS(status) == 0);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_replace_keeps_mode, setup,
		    teardown),
		cmocka_unit_test_setup_teardown(test_lock_stale, setup,
		    teardown),
		cmocka_unit_test_setup_teardown(test_lock_removed_while_waiting,
		    setup, teardown),
		cmocka_unit_test_setup_teardown(test_failed_write_leaves_target,
		    setup, teardown),
		cmocka_unit_test_setup_teardown(test_missing_directory, setup,
		    teardown),
		cmocka_unit_test_setup_teardown(test_target_is_directory, setup,
		    teardown),
		cmocka_unit_test_setup_teardown(test_read_errors, setup,
		    teardown),
		cmocka_unit_test_setup_teardown(test_new_file, setup, teardown),
		cmocka_unit_test_setup_teardown(test_lock_symlink, setup,
		    teardown),
		cmocka_unit_test_setup_teardown(test_lock_not_regular, setup,
		    teardown),
		cmocka_unit_test_setup_teardown(test_lock_taken, setup,
		    teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
