/* Classifier: sends each packet to the output of the first pattern it matches (Click's
 * elements/standard/classifier.cc).
 *
 * The patterns are compiled by clickc (compiler/classifier) into a decision DAG and emitted,
 * before this file, as
 *     static int ELEM(classify)(const uint8_t *data, uint32_t len);
 * which returns the output port or -1 (no pattern matched: drop), and
 *     static const char ELEM(program_text)[];
 * the text of the `program` handler (see docs/classifier.md). */

static void ELEM(push)(int port, ck_packet *p)
{
    (void)port;
    int out = ELEM(classify)(p->data, p->len);
    if (out < 0 || out >= NOUTPUTS) {
        ck_drop(p, ELEMENT_INDEX, "no pattern matched");
        return;
    }
    OUTPUT(out, p);
}

static CK_UNUSED int ELEM(read_program)(ck_buf *out)
{
    ck_buf_printf(out, "%s", ELEM(program_text));
    return 0;
}
