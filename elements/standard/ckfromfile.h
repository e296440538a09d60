/* Opening a trace file as Click's FromFile does (lib/fromfile.cc, used by FromIPSummaryDump and
 * FromTcpdump): "-" is standard input; an empty file is an error; gzip and bzip2 data are read
 * through "gzip -dc" / "bzip2 -dc" (the file on the decompressor's standard input).
 *
 * ck_fromfile_open(fname, &f, &piped): CK_FROMFILE_OK with f open (piped 1 when f is a
 * decompressor's pipe, to be closed with pclose), CK_FROMFILE_ERRNO when the file or the
 * decompressor cannot be opened (errno says why), CK_FROMFILE_EMPTY for an empty file (f is
 * NULL then).  ck_fromfile_close(&f, &piped) closes what ck_fromfile_open opened.
 * ck_fromfile_sample(given, value, errh): the trace readers' SAMPLE probability (2^-28 units;
 * 1 when not given) with Click's warnings for more than 1 and for 0.
 * ck_fromfile_filesize(out, fname, compressed): FromFile's `filesize` handler text: the size
 * of a regular file in bytes, "-" for standard input, compressed data or another kind of
 * file.  ck_fromfile_open_or_error(fname, &f, &piped, errh): ck_fromfile_open, reporting a
 * failure to errh as the readers' initialization does ("FNAME: REASON", "FNAME: empty file");
 * 0, or -1 after the error.  standard/ckfromfile_stop.h defines the readers' `stop` handler. */
#ifndef CLICKC_CKFROMFILE_H
#define CLICKC_CKFROMFILE_H

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "standard/ckrandom.h"

enum { CK_FROMFILE_OK = 0, CK_FROMFILE_ERRNO = -1, CK_FROMFILE_EMPTY = -2 };

static CK_UNUSED int ck_fromfile_open(const char *fname, FILE **f, int *piped)
{
    *piped = 0;
    if (!strcmp(fname, "-")) {
        *f = stdin;
        return CK_FROMFILE_OK;
    }
    *f = fopen(fname, "rb");
    if (!*f)
        return CK_FROMFILE_ERRNO;
    unsigned char magic[3] = {0, 0, 0};
    size_t got = fread(magic, 1, 3, *f);
    if (got == 0) {
        fclose(*f);
        *f = NULL;
        return CK_FROMFILE_EMPTY;
    }
    rewind(*f);
    const char *tool = NULL;
    if (got >= 2 && magic[0] == 0x1F && magic[1] == 0x8B)
        tool = "gzip";
    else if (got == 3 && magic[0] == 'B' && magic[1] == 'Z' && magic[2] == 'h')
        tool = "bzip2";
    if (tool) {
        ck_buf cmd;
        ck_buf_init(&cmd);
        ck_buf_printf(&cmd, "%s -dc < '", tool);
        for (const char *c = fname; *c; c++)
            if (*c == '\'')
                ck_buf_puts(&cmd, "'\\''");
            else
                ck_buf_append(&cmd, c, 1);
        ck_buf_puts(&cmd, "'");
        fclose(*f);
        *f = popen(ck_buf_str(&cmd), "r");
        ck_buf_free(&cmd);
        if (!*f)
            return CK_FROMFILE_ERRNO;
        *piped = 1;
    }
    return CK_FROMFILE_OK;
}

static CK_UNUSED int ck_fromfile_open_or_error(const char *fname, FILE **f, int *piped,
                                               ck_errh *errh)
{
    int rc = ck_fromfile_open(fname, f, piped);
    if (rc == CK_FROMFILE_ERRNO)
        return ck_error(errh, "%s: %s", fname, strerror(errno));
    if (rc == CK_FROMFILE_EMPTY)
        return ck_error(errh, "%s: empty file", fname);
    return 0;
}

static CK_UNUSED uint32_t ck_fromfile_sample(int given, uint32_t value, ck_errh *errh)
{
    uint32_t prob = given ? value : (1u << 28);
    if (prob > (1u << 28)) {
        ck_warning(errh, "SAMPLE probability reduced to 1");
        prob = 1u << 28;
    } else if (prob == 0)
        ck_warning(errh, "SAMPLE probability is 0; emitting no packets");
    return prob;
}

static CK_UNUSED void ck_fromfile_close(FILE **f, int *piped)
{
    if (*f && *piped)
        pclose(*f);
    else if (*f && *f != stdin)
        fclose(*f);
    *f = NULL;
    *piped = 0;
}

static CK_UNUSED int ck_fromfile_sampled(uint32_t prob)
{
    return prob >= (1u << 28) || (ck_click_random() & ((1u << 28) - 1)) < prob;
}

static CK_UNUSED void ck_fromfile_filesize(ck_buf *out, const char *fname, int compressed)
{
    struct stat st;
    if (strcmp(fname, "-") && !compressed && stat(fname, &st) == 0 && S_ISREG(st.st_mode))
        ck_buf_printf(out, "%lld", (long long)st.st_size);
    else
        ck_buf_puts(out, "-");
}

#endif
