/*
 * doc.c - a reply written twice from one description (see job.h, struct
 * ref_doc): the plain text, complete on its own, and its HTML
 * alternative, in which every value is escaped (util_text_escape) and
 * the commands to send are mailto: links.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "referee/job.h"

#define REF_DOC_WIDTH 72      /* the text's wrapped paragraphs */

void
ref_doc_open(struct ref_doc *d, const char *referee, const char *title,
    int html)
{
	memset(d, 0, sizeof(*d));
	d->referee = referee;
	d->t = ref_mem_open(&d->tbuf, &d->tlen);
	if (!html)
		return;
	d->h = ref_mem_open(&d->hbuf, &d->hlen);
	fputs("<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\">"
	    "<title>", d->h);
	util_text_escape(d->h, title);
	fputs("</title></head>\n<body style=\"font-family:sans-serif\">\n",
	    d->h);
}

/* Ends the open paragraph, or the run of words. */
static void
ref_doc_end(struct ref_doc *d)
{
	if (d->col > 0)
		fputc('\n', d->t);
	d->col = 0;
	if (d->h != NULL && d->open)
		fputs("</p>\n", d->h);
	d->open = 0;
}

/* Starts a block: a blank line after the one before it. */
static void
ref_doc_block(struct ref_doc *d, const char *tag)
{
	ref_doc_end(d);
	if (d->started)
		fputc('\n', d->t);
	d->started = 1;
	if (d->h != NULL && tag != NULL) {
		fputs(tag, d->h);
		d->open = 1;
	}
}

/* Writes s as lines of the text and of the open HTML block. */
static void
ref_doc_lines(struct ref_doc *d, const char *s)
{
	const char *nl;
	char *line;

	fputs(s, d->t);
	fputc('\n', d->t);
	if (d->h == NULL)
		return;
	for (; (nl = strchr(s, '\n')) != NULL; s = nl + 1) {
		line = ref_alloc(strndup(s, (size_t)(nl - s)));
		util_text_escape(d->h, line);
		free(line);
		fputs("<br>\n", d->h);
	}
	util_text_escape(d->h, s);
}

/* The text of format as ref_doc_lines writes it. */
static void ref_doc_vlines(struct ref_doc *, const char *, va_list)
    __attribute__((format(printf, 2, 0)));

static void
ref_doc_vlines(struct ref_doc *d, const char *format, va_list ap)
{
	char *s;
	size_t len;
	FILE *f = ref_mem_open(&s, &len);

	vfprintf(f, format, ap);
	ref_mem_close(f);
	ref_doc_lines(d, s);
	free(s);
}

void
ref_doc_p(struct ref_doc *d, const char *format, ...)
{
	va_list ap;

	ref_doc_block(d, "<p>");
	va_start(ap, format);
	ref_doc_vlines(d, format, ap);
	va_end(ap);
}

void
ref_doc_more(struct ref_doc *d, const char *format, ...)
{
	va_list ap;

	if (d->col > 0)
		ref_doc_end(d);
	d->started = 1;
	if (d->h != NULL)
		fputs(d->open ? "<br>\n" : "<p>", d->h);
	d->open = 1;
	va_start(ap, format);
	ref_doc_vlines(d, format, ap);
	va_end(ap);
}

/* Writes subject percent-encoded for a mailto: URL. */
static void
ref_doc_url(FILE *out, const char *subject)
{
	static const char hex[] = "0123456789ABCDEF";
	const unsigned char *s = (const unsigned char *)subject;

	for (; *s != '\0'; s++)
		if ((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') ||
		    (*s >= '0' && *s <= '9') || strchr("-_.~", *s) != NULL)
			fputc(*s, out);
		else
			fprintf(out, "%%%c%c", hex[*s >> 4], hex[*s & 15]);
}

void
ref_doc_cmd(struct ref_doc *d, const char *subject)
{
	if (d->col > 0)
		ref_doc_end(d);
	d->started = 1;
	fprintf(d->t, "    %s\n", subject);
	if (d->h == NULL)
		return;
	if (d->open)
		fputs("</p>\n", d->h);
	d->open = 0;
	fputs("<p style=\"margin-left:2em\"><a href=\"mailto:", d->h);
	util_text_escape(d->h, d->referee);
	fputs("?subject=", d->h);
	ref_doc_url(d->h, subject);
	fputs("\"><code>", d->h);
	util_text_escape(d->h, subject);
	fputs("</code></a></p>\n", d->h);
}

void
ref_doc_board(struct ref_doc *d, const char *ascii,
    const struct ref_picture *pic)
{
	ref_doc_block(d, NULL);
	fputs(ascii, d->t);
	if (d->h == NULL)
		return;
	if (pic == NULL || pic->png == NULL) {
		fputs("<pre>", d->h);
		util_text_escape(d->h, ascii);
		fputs("</pre>\n", d->h);
		return;
	}
	fprintf(d->h, "<p><img src=\"cid:%s\" width=\"%u\" height=\"%u\" "
	    "alt=\"", pic->cid, pic->width, pic->height);
	util_text_escape(d->h, pic->alt);
	fputs("\"></p>\n", d->h);
}

void
ref_doc_word(struct ref_doc *d, const char *w)
{
	size_t n = strlen(w);

	if (d->col == 0) {
		ref_doc_block(d, "<p>");
		fputs(w, d->t);
		d->col = n > 0 ? n : 1;
	} else {
		fputs(d->col + 1 + n > REF_DOC_WIDTH ? "\n" : " ", d->t);
		d->col = d->col + 1 + n > REF_DOC_WIDTH ? n : d->col + 1 + n;
		fputs(w, d->t);
		if (d->h != NULL)
			fputc(' ', d->h);
	}
	if (d->h != NULL)
		util_text_escape(d->h, w);
}

void
ref_doc_close(struct ref_doc *d, char **text, char **html)
{
	ref_doc_end(d);
	ref_mem_close(d->t);
	if (d->h != NULL) {
		fputs("</body></html>\n", d->h);
		ref_mem_close(d->h);
	}
	*text = d->tbuf;
	*html = d->hbuf;
}
