/* Print([LABEL, MAXLENGTH, CONTENTS, TIMESTAMP, PRINTANNO, ACTIVE, HEADROOM]): prints one line
 * per packet to standard error and passes the packet on (Click's
 * elements/standard/print.cc): "LABEL: [TIMESTAMP: ]LEN | hex bytes in groups of 4". */
#include "ckargs.h"
static int ELEM(contents) = 1; /* 0 NONE, 1 HEX, 2 ASCII */
static int ELEM(active);
static int32_t ELEM(bytes);

static CK_UNUSED int ELEM(eq_upper)(const char *a, const char *b)
{
    for (; *a && *b; a++, b++)
        if ((*a >= 'a' && *a <= 'z' ? *a - 32 : *a) != *b)
            return 0;
    return *a == *b;
}

static int
ELEM(init)(ck_errh *errh)
{
    ELEM(active) = (int)CONF(ACTIVE);
    ELEM(bytes) = (int32_t)CONF(MAXLENGTH);
#if CONF_GIVEN(LENGTH)
    ELEM(bytes) = (int32_t)CONF(LENGTH);
#endif
#if CONF_GIVEN(NBYTES)
    ELEM(bytes) = (int32_t)CONF(NBYTES);
#endif
#if CONF_GIVEN(CONTENTS)
    {
        const char *c = CONF(CONTENTS);
        int b;
        if (ck_parse_bool(c, &b) == 0)
            ELEM(contents) = b;
        else if (ELEM(eq_upper)(c, "NONE"))
            ELEM(contents) = 0;
        else if (ELEM(eq_upper)(c, "HEX"))
            ELEM(contents) = 1;
        else if (ELEM(eq_upper)(c, "ASCII"))
            ELEM(contents) = 2;
        else
            return ck_error(errh, "bad contents value '%s'; should be 'NONE', 'HEX', or 'ASCII'", c);
    }
#endif
    (void)errh;
    return 0;
}

static ck_packet *ELEM(simple_action)(ck_packet *p)
{
    if (!ELEM(active))
        return p;
    int bytes = ELEM(contents) ? ELEM(bytes) : 0;
    if (bytes < 0 || (int)p->len < bytes)
        bytes = (int)p->len;
    ck_buf sa;
    ck_buf_init(&sa);
    const char *sep = "";
#if CONF_GIVEN(LABEL)
    if (CONF_LEN(LABEL) > 0) {
        ck_buf_append(&sa, CONF(LABEL), (size_t)CONF_LEN(LABEL));
        sep = ": ";
    }
#endif
    if (CONF(TIMESTAMP)) {
        ck_buf_puts(&sa, sep);
        ck_unparse_timestamp(&sa, p->ts_ns);
        sep = ": ";
    }
    ck_buf_printf(&sa, "%s%4d", sep, (int)p->len);
    if (CONF(HEADROOM))
        ck_buf_printf(&sa, " (h%u t%u)", ck_packet_headroom(p), ck_packet_tailroom(p));
    if (CONF(PRINTANNO)) {
        ck_buf_puts(&sa, " | ");
        for (int j = 0; j < CK_ANNO_SIZE; j++)
            ck_buf_printf(&sa, "%02x", p->anno[j]);
    }
    if (bytes) {
        ck_buf_puts(&sa, " | ");
        const unsigned char *data = p->data;
        for (int i = 0; i < bytes; i++) {
            if (ELEM(contents) == 1) {
                if (i && i % 4 == 0)
                    ck_buf_puts(&sa, " ");
                ck_buf_printf(&sa, "%02x", data[i]);
            } else {
                if (i % 8 == 0)
                    ck_buf_puts(&sa, " ");
                char c = data[i] < 32 || data[i] > 126 ? '.' : (char)data[i];
                ck_buf_append(&sa, &c, 1);
            }
        }
    }
    ck_chatter("%s", ck_buf_str(&sa));
    ck_buf_free(&sa);
    return p;
}
#include "simple_action.h"

#include "standard/ckdata.h"
CK_DATA_READ_BOOL(active, ELEM(active));

static CK_UNUSED int ELEM(write_active)(const char *value, ck_errh *errh)
{
    int b;
    if (ck_arg_data_bool(errh, value, &b) < 0)
        return -1;
    ELEM(active) = b;
    return 0;
}
