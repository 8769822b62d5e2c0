/*
 * test_transport.c - the URL policy of mail/transport.c: URLs in messages
 * without their credentials (url_clean), the protocols allowed, no
 * credentials over plain http to another host, and STARTTLS demanded
 * from every host but this machine (and from this machine only when
 * asked), no password read from a URL, the kind of a URL, conditional
 * GET and PUT.  URLs are read as libcurl reads them.  No network:
 * refused URLs are refused before any connection; the rest go to closed
 * ports or to fake IMAP, SMTP and HTTP servers on the loopback
 * interface.
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

#define NET XFER_MODULE            /* the functions under test */
#define PW "hunter2"
#define PLAIN_HTTP "no password is sent over plain http"
#define UNSUPPORTED "unsupported protocol (http, https, smtp"
#define HIDDEN "(a URL that does not parse, not shown)"
#define URL_PASSWORD "a password is never taken from a URL"

/* NET->url_clean(url) must be want. */
static void
clean_is(const char *url, const char *want)
{
	char buf[256];

	NET->url_clean(url, buf, sizeof(buf));
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
	NET->url_clean("http://bob:" PW "@example.org/x", buf, sizeof(buf));
	assert_string_equal(buf, "http://exam");
}

/* Runs get on url with the user and password given (NULL: none),
 * which must fail with a message that does not hold the password; the
 * message goes to err. */
static void
get_err(const char *user, const char *url, char err[XFER_ERR])
{
	struct xfer x = { .user = user, .password = user != NULL ? PW : NULL,
	    .timeout = 5, .connect_timeout = 2 };
	struct xfer_buf out;

	if (NET->get(&x, url, &out) != -1)
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
	if (strstr(err, PLAIN_HTTP) != NULL || strstr(err, UNSUPPORTED) != NULL ||
	    strstr(err, URL_PASSWORD) != NULL)
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
	get_tried(NULL, "http://bob@127.0.0.1:1/x");
	/* https and the other protocols may carry them */
	get_tried("bob", "https://127.0.0.2:1/x");
	get_tried("bob", "imaps://127.0.0.2:1/INBOX");
	get_tried(NULL, "imaps://bob@127.0.0.2:1/INBOX");
}

/* A password is never read from a URL, whatever its scheme and host. */
static void
test_url_password(void **state)
{
	static const char *const refused[] = {
	    "https://bob:" PW "@example.org/x", "http://bob:" PW "@127.0.0.1:1/x",
	    "HTTPS://bob:" PW "@127.0.0.1:1/x", "imaps://bob:" PW "@127.0.0.1:1/",
	    "imap://bob:" PW ";AUTH=PLAIN@127.0.0.1:1/", "pop3s://bob:" PW "@h/",
	    "smtp://bob:" PW "@127.0.0.1:1/", "smtps://bob:@127.0.0.1:1/",
	    "https://bob:p%40ss@127.0.0.1:1/x" };
	struct xfer x = { .timeout = 5, .connect_timeout = 2 };
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(refused) / sizeof(refused[0]); i++)
		get_fails(NULL, refused[i], URL_PASSWORD);
	/* every call: upload, mail, command */
	assert_int_equal(NET->put(&x, refused[0], "x", 1), -1);
	assert_non_null(strstr(x.err, URL_PASSWORD));
	assert_int_equal(NET->send(&x, refused[6], "a@b", NULL, 0, "x", 1), -1);
	assert_non_null(strstr(x.err, URL_PASSWORD));
	assert_null(strstr(x.err, PW));
}

static void
test_url_kind(void **state)
{
	char buf[128];

	(void)state;
	assert_int_equal(NET->url_kind("http://h/x"), XFER_KIND_HTTP);
	assert_int_equal(NET->url_kind("HTTPS://h/x"), XFER_KIND_HTTP);
	assert_int_equal(NET->url_kind("smtps://h"), XFER_KIND_SMTP);
	assert_int_equal(NET->url_kind("Imap://h/INBOX"), XFER_KIND_IMAP);
	assert_int_equal(NET->url_kind("pop3://h"), XFER_KIND_POP3);
	assert_int_equal(NET->url_kind("imapx://h"), XFER_KIND_NONE);
	assert_int_equal(NET->url_kind("ftp://h"), XFER_KIND_NONE);
	assert_int_equal(NET->url_kind("not a url"), XFER_KIND_NONE);
	assert_int_equal(NET->url_kind("http//h"), XFER_KIND_NONE);
	assert_int_equal(NET->url_path("imap://h:1", "/INBOX", 1, buf,
	    sizeof(buf)), 0);
	assert_string_equal(buf, "imap://h:1/INBOX");
	assert_int_equal(NET->url_path("imaps://bob@h/Sent", "/INBOX", 1, buf,
	    sizeof(buf)), 0);
	assert_string_equal(buf, "imaps://bob@h/Sent");
	assert_int_equal(NET->url_path("pop3://h/7", "/", 0, buf,
	    sizeof(buf)), 0);
	assert_string_equal(buf, "pop3://h/");
	assert_int_equal(NET->url_path("http://h:99999/", "/", 0, buf,
	    sizeof(buf)), -1);
	assert_int_equal(NET->url_path("imap://h/INBOX", "/", 1, buf, 8), -1);
}

/* A line protocol spoken by a fake server: its greeting, and its answer
 * to each line (1 when the line carries a password). */
struct fake_proto {
	const char *greeting;
	int (*line)(int c, const char *line);
};

static void
fake_say(int c, const char *text)
{
	send(c, text, strlen(text), MSG_NOSIGNAL);
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
	fake_say(c, out);
	return strncasecmp(cmd, "LOGIN", 5) == 0 ||
	    strncasecmp(cmd, "AUTHENTICATE", 12) == 0;
}

/* The fake SMTP server: AUTH offered, STARTTLS not; everything else
 * refused.  1 when the line starts an AUTH (a password follows). */
static int
fake_smtp_line(int c, const char *line)
{
	if (strncasecmp(line, "EHLO", 4) == 0)
		fake_say(c, "250-fake\r\n250 AUTH PLAIN LOGIN\r\n");
	else if (strncasecmp(line, "QUIT", 4) == 0)
		fake_say(c, "221 bye\r\n");
	else
		fake_say(c, "535 no\r\n");
	return strncasecmp(line, "AUTH", 4) == 0;
}

static const struct fake_proto fake_imap = { "* OK fake\r\n",
    fake_imap_line };
static const struct fake_proto fake_smtp = { "220 fake\r\n",
    fake_smtp_line };

/* Serves one connection on the listening socket s in protocol p, then
 * exits 1 when it was sent a password, else 0. */
static void
fake_serve(int s, const struct fake_proto *p)
{
	char buf[1024], *nl;
	size_t n = 0;
	ssize_t r;
	int c, saw = 0;

	alarm(20);
	if ((c = accept(s, NULL, NULL)) == -1)
		_exit(2);
	fake_say(c, p->greeting);
	while ((r = read(c, buf + n, sizeof(buf) - 1 - n)) > 0) {
		n += (size_t)r;
		buf[n] = '\0';
		while ((nl = strchr(buf, '\n')) != NULL) {
			*nl = '\0';
			saw |= p->line(c, buf);
			n -= (size_t)(nl + 1 - buf);
			memmove(buf, nl + 1, n + 1);
		}
		if (n == sizeof(buf) - 1)
			n = 0;
	}
	_exit(saw);
}

/* A listening socket on addr (port 0: any), its port in *port; -1 when
 * addr cannot be bound. */
static int
fake_listen(const char *addr, int *port)
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
	*port = ntohs(sa.sin_port);
	return s;
}

/*
 * A fake server of protocol p on addr, for one connection: it greets,
 * offers no STARTTLS and refuses the rest.  Returns its port, with *pid
 * the process that exits 1 when it was sent a password in clear (IMAP
 * LOGIN or AUTHENTICATE, SMTP AUTH), 0 when not; -1 when addr cannot be
 * bound.
 */
static int
fake_server(const char *addr, const struct fake_proto *p, pid_t *pid)
{
	int s, port;

	if ((s = fake_listen(addr, &port)) == -1)
		return -1;
	if ((*pid = fork()) == 0)
		fake_serve(s, p);
	assert_true(*pid > 0);
	close(s);
	return port;
}

/* The fake server's process: whether it was sent a password. */
static int
fake_saw_password(pid_t pid)
{
	int st;

	assert_int_equal(waitpid(pid, &st, 0), pid);
	assert_true(WIFEXITED(st) && WEXITSTATUS(st) <= 1);
	return WEXITSTATUS(st);
}

/* Logs in to base:PORT on a fake server of protocol p on addr:PORT that
 * offers no STARTTLS, as bob with a password, STARTTLS asked for to
 * this machine when starttls: whether the password was sent; -1 when
 * addr cannot be bound.  Without it, the failure must name STARTTLS. */
static int
login(const char *addr, const char *base, const struct fake_proto *p,
    int starttls)
{
	struct xfer x = { .user = "bob", .password = PW, .timeout = 5,
	    .connect_timeout = 2, .starttls = starttls };
	const char *rcpt[] = { "ann@example.org" };
	struct xfer_buf out;
	char url[128];
	int port, saw;
	pid_t pid;

	if ((port = fake_server(addr, p, &pid)) == -1)
		return -1;
	snprintf(url, sizeof(url), "%s:%d/INBOX", base, port);
	if (p == &fake_imap)
		assert_int_equal(NET->get(&x, url, &out), -1);
	else
		assert_int_equal(NET->send(&x, url, "bob@example.org", rcpt, 1,
		    "x", 1), -1);
	assert_null(strstr(x.err, PW));
	saw = fake_saw_password(pid);
	if (saw == 0 && strstr(x.err, "STARTTLS") == NULL)
		fail_msg("%s: %s", url, x.err);
	return saw;
}

/* The local machine may be logged in to in clear, STARTTLS not tried
 * unless asked for (then demanded); 127.0.0.2, though on the loopback
 * interface, is another host: no STARTTLS, no login. */
static void
test_starttls(void **state)
{
	int rc;

	(void)state;
	assert_int_equal(login("127.0.0.1", "imap://127.0.0.1", &fake_imap, 0),
	    1);
	assert_int_equal(login("127.0.0.1", "IMAP://LocalHost", &fake_imap, 0),
	    1);
	assert_int_equal(login("127.0.0.1", "imap://127.1", &fake_imap, 0), 1);
	assert_int_equal(login("127.0.0.1", "smtp://127.0.0.1", &fake_smtp, 0),
	    1);
	assert_int_equal(login("127.0.0.1", "imap://127.0.0.1", &fake_imap, 1),
	    0);
	assert_int_equal(login("127.0.0.1", "smtp://localhost", &fake_smtp, 1),
	    0);
	if ((rc = login("127.0.0.2", "imap://127.0.0.2", &fake_imap, 0)) == -1)
		skip();
	assert_int_equal(rc, 0);
	assert_int_equal(login("127.0.0.2", "smtp://127.0.0.2", &fake_smtp, 0),
	    0);
}

/* What a fake HTTP server saw of the request, as its exit status. */
enum {
	FAKE_IF_MATCH = 1,          /* If-Match: "v1" */
	FAKE_IF_NONE_MATCH = 2,     /* If-None-Match: * */
	FAKE_IF_UNMODIFIED = 4,     /* If-Unmodified-Since: ... */
	FAKE_PUT = 8                /* the method was PUT */
};

/* The bits of the request head in buf. */
static int
fake_http_bits(const char *buf)
{
	return (strstr(buf, "\r\nIf-Match: \"v1\"\r\n") != NULL ?
	    FAKE_IF_MATCH : 0) |
	    (strstr(buf, "\r\nIf-None-Match: *\r\n") != NULL ?
	    FAKE_IF_NONE_MATCH : 0) |
	    (strstr(buf, "\r\nIf-Unmodified-Since: ") != NULL ?
	    FAKE_IF_UNMODIFIED : 0) |
	    (strncmp(buf, "PUT ", 4) == 0 ? FAKE_PUT : 0);
}

/* Serves one HTTP request on s with answer (a whole response head and
 * body), after reading the request and its body; exits with the bits
 * of what the request held. */
static void
fake_http_serve(int s, const char *answer)
{
	char buf[4096], *end, *cl;
	size_t n = 0, want = 0;
	ssize_t r;
	int c;

	alarm(20);
	if ((c = accept(s, NULL, NULL)) == -1)
		_exit(64);
	while ((end = strstr(buf, "\r\n\r\n")) == NULL || n < (size_t)(end -
	    buf) + 4 + want) {
		if ((r = read(c, buf + n, sizeof(buf) - 1 - n)) <= 0)
			_exit(65);
		n += (size_t)r;
		buf[n] = '\0';
		if ((end = strstr(buf, "\r\n\r\n")) != NULL &&
		    (cl = strstr(buf, "Content-Length: ")) != NULL && cl < end)
			want = strtoul(cl + 16, NULL, 10);
	}
	fake_say(c, answer);
	close(c);
	_exit(fake_http_bits(buf));
}

/* A fake HTTP server on 127.0.0.1 answering one request with answer;
 * its URL into url, its process into *pid. */
static void
fake_http(const char *answer, char *url, size_t size, pid_t *pid)
{
	int s, port;

	assert_true((s = fake_listen("127.0.0.1", &port)) >= 0);
	if ((*pid = fork()) == 0)
		fake_http_serve(s, answer);
	assert_true(*pid > 0);
	close(s);
	snprintf(url, size, "http://127.0.0.1:%d/g.pdn", port);
}

/* The bits of what the fake HTTP server pid saw. */
static int
fake_http_saw(pid_t pid)
{
	int st;

	assert_int_equal(waitpid(pid, &st, 0), pid);
	assert_true(WIFEXITED(st));
	return WEXITSTATUS(st);
}

#define HTTP_HEAD(status, headers) "HTTP/1.1 " status "\r\n" headers \
    "Content-Length: 3\r\nConnection: close\r\n\r\nabc"

/* A GET that tells the version: a strong ETag and Last-Modified kept, a
 * weak ETag not; a 404 is a resource not found, no failure. */
static void
test_get_version(void **state)
{
	struct xfer x = { .timeout = 5, .connect_timeout = 2 };
	struct xfer_version v;
	struct xfer_buf out;
	char url[64];
	pid_t pid;

	(void)state;
	fake_http(HTTP_HEAD("200 OK", "ETag: \"v1\"\r\nLast-Modified: Sat, 21 "
	    "Nov 2026 10:00:00 GMT\r\n"), url, sizeof(url), &pid);
	assert_int_equal(NET->get_version(&x, url, &out, &v), 0);
	assert_int_equal(fake_http_saw(pid), 0);
	assert_true(v.found);
	assert_string_equal(v.etag, "\"v1\"");
	assert_string_equal(v.modified, "Sat, 21 Nov 2026 10:00:00 GMT");
	assert_string_equal(out.data, "abc");
	xfer_buf_free(&out);
	fake_http(HTTP_HEAD("200 OK", "ETag: W/\"v1\"\r\n"), url, sizeof(url),
	    &pid);
	assert_int_equal(NET->get_version(&x, url, &out, &v), 0);
	fake_http_saw(pid);
	assert_string_equal(v.etag, "");
	xfer_buf_free(&out);
	fake_http(HTTP_HEAD("404 Not Found", ""), url, sizeof(url), &pid);
	assert_int_equal(NET->get_version(&x, url, &out, &v), 0);
	fake_http_saw(pid);
	assert_false(v.found);
	assert_string_equal(out.data, "");
	xfer_buf_free(&out);
	fake_http(HTTP_HEAD("302 Found", "Location: /x\r\n"), url, sizeof(url),
	    &pid);
	assert_int_equal(NET->get_version(&x, url, &out, &v), -1);
	fake_http_saw(pid);
	assert_null(out.data);
}

/* put_version against a fake answering answer: its result, the bits of
 * what the server saw into *saw. */
static int
put_version(const struct xfer_version *v, const char *answer, int *saw)
{
	struct xfer x = { .timeout = 5, .connect_timeout = 2 };
	char url[64];
	pid_t pid;
	int rc;

	fake_http(answer, url, sizeof(url), &pid);
	rc = NET->put_version(&x, url, "record", 6, v);
	*saw = fake_http_saw(pid);
	return rc;
}

/* A PUT is conditional: If-Match the ETag seen, else If-Unmodified-Since
 * the date seen, If-None-Match: * for a new resource; a 412 answer is
 * XFER_STALE; a version with nothing to check is refused unsent. */
static void
test_put_version(void **state)
{
	struct xfer_version v = { 1, "\"v1\"", "Sat, 21 Nov 2026 10:00:00 GMT" };
	struct xfer x = { .timeout = 5, .connect_timeout = 2 };
	int saw;

	(void)state;
	assert_int_equal(put_version(&v, HTTP_HEAD("204 No Content", ""), &saw),
	    0);
	assert_int_equal(saw, FAKE_PUT | FAKE_IF_MATCH);
	assert_int_equal(put_version(&v, HTTP_HEAD("412 Precondition Failed",
	    ""), &saw), XFER_STALE);
	assert_int_equal(saw, FAKE_PUT | FAKE_IF_MATCH);
	v.etag[0] = '\0';
	assert_int_equal(put_version(&v, HTTP_HEAD("204 No Content", ""), &saw),
	    0);
	assert_int_equal(saw, FAKE_PUT | FAKE_IF_UNMODIFIED);
	v.found = 0;
	assert_int_equal(put_version(&v, HTTP_HEAD("201 Created", ""), &saw),
	    0);
	assert_int_equal(saw, FAKE_PUT | FAKE_IF_NONE_MATCH);
	assert_int_equal(put_version(&v, HTTP_HEAD("500 Oops", ""), &saw), -1);
	v.found = 1;
	v.modified[0] = '\0';
	assert_int_equal(NET->put_version(&x, "http://127.0.0.1:1/g.pdn",
	    "record", 6, &v), -1);
	assert_non_null(strstr(x.err, "neither an ETag"));
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_url_clean),
		cmocka_unit_test(test_protocols),
		cmocka_unit_test(test_plain_http),
		cmocka_unit_test(test_url_password),
		cmocka_unit_test(test_url_kind),
		cmocka_unit_test(test_starttls),
		cmocka_unit_test(test_get_version),
		cmocka_unit_test(test_put_version),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
