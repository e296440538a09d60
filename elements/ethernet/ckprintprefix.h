/* The start of an ARPPrint or IPPrint line (per instance): "LABEL: " when LABEL is given and
 * not empty, then the timestamp annotation and ": " with TIMESTAMP true (Click's Timestamp
 * output, ck_unparse_timestamp). */

static inline void ELEM(print_prefix)(ck_buf *sa, const ck_packet *p)
{
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
}
