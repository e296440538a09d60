/* The body of Classifier, IPClassifier and IPFilter (one per instance): each packet goes to
 * the output its generated decision function ELEM(classify) returns, or is dropped when that
 * is -1 or no such output exists; the `program` handler prints ELEM(program_text) (see
 * docs/classifier.md).  The including template defines CK_CLASSIFY_CALL(p), the call of
 * ELEM(classify) on packet p, and CK_CLASSIFY_DROP, the drop reason. */

static void ELEM(push)(int port, ck_packet *p)
{
    (void)port;
    int out = CK_CLASSIFY_CALL(p);
    if (out < 0 || out >= NOUTPUTS) {
        ck_drop(p, ELEMENT_INDEX, CK_CLASSIFY_DROP);
        return;
    }
    OUTPUT(out, p);
}

static CK_UNUSED int ELEM(read_program)(ck_buf *out)
{
    ck_buf_printf(out, "%s", ELEM(program_text));
    return 0;
}
#undef CK_CLASSIFY_CALL
#undef CK_CLASSIFY_DROP
