/*
 * test_transport.c - the URL policy of mail/transport.c: URLs in messages
 * without their credentials (xfer_url_clean), the protocols allowed, no
 * credentials over plain http to another host, and STARTTLS demanded
 * from every host but this machine.  URLs are read as libcurl reads them.
 * No network: refused URLs are refused before any connection; the rest
 * go to closed ports or to a fake IMAP server on the loopback interface.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <cmocka.h>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include "mail/transport.h"

#define PW "hunter2"
#define PLAIN_HTTP "no password is sent over plain http"
#define UNSUPPORTED "unsupported protocol (http, https, smtp"
#define HIDDEN "(a URL that does not parse, not shown)"

/* xfer_url_clean(url) must be want. */
static void
clean_is(const char *url, const char *want)
{
	char buf[256];

	xfer_url_clean(url, buf, sizeof(buf));
	if (strcmp(buf, want) != 0)
		fail_msg("%s: \"%s\", not \"%s\"", url, buf, want);
}

static void
test_url_clean(void **state)
{
	char buf[12];

	(void)state;
	clean_is("http://bob:" PW "@example.org/x", "http://example.org/x");
	clean_is("imaps://bob:" PW "@127.0.0.1:993/INBOX;UID=3",
	    "imaps://127.0.0.1:993/INBOX;UID=3");
	clean_is("imap://bob;AUTH=PLAIN@mail.example.org/INBOX",
	    "imap://mail.example.org/INBOX");
	clean_is("smtp://127.0.0.1:25/client.example.test",
	    "smtp://127.0.0.1:25/client.example.test");
	/* an '@' inside the user and password, percent-encoded */
	clean_is("http://us%40er:p%40ss@127.0.0.1.evil.example/x",
	    "http://127.0.0.1.evil.example/x");
	clean_is("HTTP://Bob:" PW "@LOCALHOST/X", "http://LOCALHOST/X");
	clean_is("pop3s://bob:" PW "@[::1]:995/1", "pop3s://[::1]:995/1");
	clean_is("http://host/?to=a@b", "http://host/?to=a@b");
	clean_is("https://example.org", "https://example.org/");
	/* what libcurl cannot read is shown only when it has no '@' */
	clean_is("not a url", "not a url");
	clean_is("http://127.0.0.1:99999/", "http://127.0.0.1:99999/");
	clean_is("http://bob:pa/ss@host/", HIDDEN);
	clean_is("http://bob:hun?ter2@host/", HIDDEN);
	clean_is("http://bob:hun#ter2@host/", HIDDEN);
	clean_is("http://a@b@c/", HIDDEN);
	clean_is("http://bob:" PW "@exa mple.org/", HIDDEN);
	xfer_url_clean("http://bob:" PW "@example.org/x", buf, sizeof(buf));
	assert_string_equal(buf, "http://exam");
}

/* Runs xfer_get on url with the user and password given (NULL: none),
 * which must fail with a message that does not hold the password; the
 * message goes to err. */
static void
get_err(const char *user, const char *url, char err[XFER_ERR])
{
	struct xfer x = { user, user != NULL ? PW : NULL, NULL, 5, 2, "" };
	struct xfer_buf out;

	if (xfer_get(&x, url, &out) != -1)
		fail_msg("%s: fetched", url);
	assert_null(out.data);
	if (strstr(x.err, PW) != NULL || strstr(x.err, "ter2") != NULL ||
	    strstr(x.err, "p%40ss") != NULL)
		fail_msg("%s: the password is in \"%s\"", url, x.err);
	memcpy(err, x.err, XFER_ERR);
}

/* The transfer of url fails saying want. */
static void
get_fails(const char *user, const char *url, const char *want)
{
	char err[XFER_ERR];

	get_err(user, url, err);
	if (strstr(err, want) == NULL)
		fail_msg("%s: \"%s\" does not say \"%s\"", url, err, want);
}

/* The transfer of url fails, but not by the policy: it was tried. */
static void
get_tried(const char *user, const char *url)
{
	char err[XFER_ERR];

	get_err(user, url, err);
	if (strstr(err, PLAIN_HTTP) != NULL || strstr(err, UNSUPPORTED) != NULL)
		fail_msg("%s: refused by the policy: %s", url, err);
}

static void
test_protocols(void **state)
{
	static const char *const refused[] = { "ftp://127.0.0.1/x.pdn",
	    "FILE:///etc/passwd", "gopher://127.0.0.1/", "ldap://localhost/",
	    "example.org/x.pdn", "not a url", "http//example.org/",
	    "x-http://example.org/" };
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(refused) / sizeof(refused[0]); i++)
		get_fails(NULL, refused[i], UNSUPPORTED);
	get_fails(NULL, "http://127.0.0.1:99999/", "URL rejected: Port");
	get_fails(NULL, "http://bob:pa/ss@host/", HIDDEN ": URL rejected");
	get_fails(NULL, "HTTP://127.0.0.1:1/", "127.0.0.1");
}

static void
test_plain_http(void **state)
{
	static const char *const other[] = {
	    "http://example.org/x", "http://127.0.0.1.evil.example/x",
	    "http://localhost.evil.example/x", "http://LOCALHOST.evil.example/",
	    "http://localhost./x", "http://127.0.0.2:1/x", "http://[::2]:1/x",
	    "HTTP://Example.ORG:8080/x", "http://evil.example?@127.0.0.1/",
	    "http://evil.example#@localhost/" };
	static const char *const local[] = { "http://127.0.0.1:1/x",
	    "http://localhost:1/x", "HTTP://LOCALHOST:1/x", "http://[::1]:1/x",
	    "http://127.1:1/x", "http://[0:0::1]:1/x", "http://local%68ost:1/x" };
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(other) / sizeof(other[0]); i++)
		get_fails("bob", other[i], PLAIN_HTTP);
	for (i = 0; i < sizeof(local) / sizeof(local[0]); i++)
		get_tried("bob", local[i]);
	/* credentials in the URL count too; an '@' elsewhere does not */
	get_fails(NULL, "http://bob:" PW "@example.org/x", PLAIN_HTTP);
	get_fails(NULL, "http://us%40er:p%40ss@localhost.evil.example/x",
	    "http://localhost.evil.example/x: " PLAIN_HTTP);
	get_fails(NULL, "http://bob@example.org/x", PLAIN_HTTP);
	get_fails(NULL, "http://@example.org/x", PLAIN_HTTP);
	get_tried(NULL, "http://127.0.0.2:1/?to=a@b");
	get_tried(NULL, "http://bob:" PW "@127.0.0.1:1/x");
	/* https and the other protocols may carry them */
	get_tried("bob", "https://127.0.0.2:1/x");
	get_tried("bob", "imaps://127.0.0.2:1/INBOX");
}

/* The fake IMAP server's answer to the command line; 1 when it carries
 * a password. */
static int
fake_imap_line(int c, const char *line)
{
	const char *cmd = line + strcspn(line, " ");
	char out[160];
	int tag = (int)(cmd - line);

	cmd += *cmd == ' ';
	if (strncasecmp(cmd, "CAPABILITY", 10) == 0)
		snprintf(out, sizeof(out), "* CAPABILITY IMAP4rev1\r\n"
		    "%.*s OK done\r\n", tag, line);
	else
		snprintf(out, sizeof(out), "%.*s NO no\r\n", tag, line);
	send(c, out, strlen(out), MSG_NOSIGNAL);
	return strncasecmp(cmd, "LOGIN", 5) == 0 ||
	    strncasecmp(cmd, "AUTHENTICATE", 12) == 0;
}

/* Serves one connection on the listening socket s, then exits 1 when
 * it was sent a password, else 0. */
static void
fake_imap_serve(int s)
{
	char buf[1024], *nl;
	size_t n = 0;
	ssize_t r;
	int c, saw = 0;

	alarm(20);
	if ((c = accept(s, NULL, NULL)) == -1)
		_exit(2);
	send(c, "* OK fake\r\n", 11, MSG_NOSIGNAL);
	while ((r = read(c, buf + n, sizeof(buf) - 1 - n)) > 0) {
		n += (size_t)r;
		buf[n] = '\0';
		while ((nl = strchr(buf, '\n')) != NULL) {
			*nl = '\0';
			saw |= fake_imap_line(c, buf);
			n -= (size_t)(nl + 1 - buf);
			memmove(buf, nl + 1, n + 1);
		}
		if (n == sizeof(buf) - 1)
			n = 0;
	}
	_exit(saw);
}

/*
 * A fake IMAP server on addr (port 0: any), for one connection: it greets,
 * says it cannot do STARTTLS and answers NO to the rest.  Returns its
 * port, with *pid the process that exits 1 when it was sent LOGIN or
 * AUTHENTICATE (a password in clear), 0 when not; -1 when addr cannot be
 * bound.
 */
static int
fake_imap(const char *addr, pid_t *pid)
{
	struct sockaddr_in sa = { 0 };
	socklen_t len = sizeof(sa);
	int s = socket(AF_INET, SOCK_STREAM, 0);

	assert_true(s >= 0);
	sa.sin_family = AF_INET;
	assert_int_equal(inet_pton(AF_INET, addr, &sa.sin_addr), 1);
	if (bind(s, (struct sockaddr *)&sa, sizeof(sa)) == -1 ||
	    listen(s, 1) == -1 ||
	    getsockname(s, (struct sockaddr *)&sa, &len) == -1) {
		close(s);
		return -1;
	}
	if ((*pid = fork()) == 0)
		fake_imap_serve(s);
	assert_true(*pid > 0);
	close(s);
	return ntohs(sa.sin_port);
}

/* Fetches base:PORT/INBOX from a fake IMAP server on addr:PORT that
 * offers no STARTTLS, as bob with a password: whether the password was
 * sent; -1 when addr cannot be bound. */
static int
imap_login(const char *addr, const char *base)
{
	struct xfer x = { "bob", PW, NULL, 5, 2, "" };
	struct xfer_buf out;
	char url[128];
	int port, st;
	pid_t pid;

	if ((port = fake_imap(addr, &pid)) == -1)
		return -1;
	snprintf(url, sizeof(url), "%s:%d/INBOX", base, port);
	assert_int_equal(xfer_get(&x, url, &out), -1);
	assert_null(strstr(x.err, PW));
	assert_int_equal(waitpid(pid, &st, 0), pid);
	assert_true(WIFEXITED(st) && WEXITSTATUS(st) <= 1);
	if (WEXITSTATUS(st) == 0 && strstr(x.err, "STARTTLS") == NULL)
		fail_msg("%s: %s", url, x.err);
	return WEXITSTATUS(st);
}

/* The local machine may be logged in to in clear, with STARTTLS only
 * when offered; 127.0.0.2, though on the loopback interface, is another
 * host: no STARTTLS, no login. */
static void
test_starttls(void **state)
{
	int rc;

	(void)state;
	assert_int_equal(imap_login("127.0.0.1", "imap://127.0.0.1"), 1);
	assert_int_equal(imap_login("127.0.0.1", "IMAP://LocalHost"), 1);
	assert_int_equal(imap_login("127.0.0.1", "imap://127.1"), 1);
	if ((rc = imap_login("127.0.0.2", "imap://127.0.0.2")) == -1)
		skip();
	assert_int_equal(rc, 0);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_url_clean),
		cmocka_unit_test(test_protocols),
		cmocka_unit_test(test_plain_http),
		cmocka_unit_test(test_starttls),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
