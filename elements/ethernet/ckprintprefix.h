/* What ARPPrint and IPPrint share (per instance): OUTFILE (ELEM(outfile), opened by
 * ELEM(open_outfile) from init, closed by the cleanup below), the start of a line (ELEM(begin):
 * "LABEL: " when LABEL is given and not empty, then the timestamp annotation and ": " with
 * TIMESTAMP true, Click's Timestamp output, ck_unparse_timestamp) and its end (ELEM(emit): the
 * line goes to OUTFILE with a newline, or to ck_chatter; Click ignores write errors).  The
 * including template declares int ELEM(active) before including this file. */
#include <errno.h>
#include <stdio.h>

static FILE *ELEM(outfile);

static void
ELEM(cleanup)(void)
{
    FILE *f = ELEM(outfile);
    ELEM(outfile) = NULL;
    if (f)
        fclose(f);
}

/* Init: open OUTFILE when given ("wb", as Click); an error names the file and errno's text. */
static CK_UNUSED int ELEM(open_outfile)(ck_errh *errh)
{
    (void)errh;
#if CONF_GIVEN(OUTFILE)
    ELEM(outfile) = fopen(CONF(OUTFILE), "wb");
    if (!ELEM(outfile))
        return ck_error(errh, "%s: %s", (const char *)CONF(OUTFILE), strerror(errno));
#endif
    return 0;
}

/* The network header of p to print, with *sa initialised and holding the line's prefix; NULL
 * (nothing to print, *sa untouched) while not active or without a network header annotation. */
static inline const unsigned char *ELEM(begin)(ck_buf *sa, const ck_packet *p)
{
    const unsigned char *nh = ck_network_header(p);
    if (!ELEM(active) || !nh)
        return NULL;
    ck_buf_init(sa);
#if CONF_GIVEN(LABEL)
    if (CONF_LEN(LABEL) > 0) {
        ck_buf_append(sa, CONF(LABEL), (size_t)CONF_LEN(LABEL));
        ck_buf_puts(sa, ": ");
    }
#endif
    if (CONF(TIMESTAMP)) {
        ck_unparse_timestamp(sa, p->ts_ns);
        ck_buf_puts(sa, ": ");
    }
    return nh;
}

/* Print the line in *sa and free it. */
static inline void ELEM(emit)(ck_buf *sa)
{
    if (ELEM(outfile)) {
        ck_buf_puts(sa, "\n");
        size_t w = fwrite(sa->s, 1, sa->len, ELEM(outfile));
        (void)w; /* Click ignores write errors (ignore_result) */
    } else
        ck_chatter("%.*s", (int)sa->len, sa->s ? sa->s : "");
    ck_buf_free(sa);
}
