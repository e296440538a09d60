/* Tee([N]): pushes a clone of each packet to every output but the last, and the packet
 * itself to the last (Click's elements/standard/tee.cc). Clones share the data; an element
 * that writes makes its copy (ck_packet_uniqueify). A clone that cannot be allocated is
 * counted as a drop. */
static CK_UNUSED void ELEM(push)(int port, ck_packet *p)
{
    (void)port;
    for (int i = 0; i < NOUTPUTS - 1; i++) {
        ck_packet *q = ck_packet_clone(p);
        if (q)
            OUTPUT(i, q);
        else
            ck_count_drop(ELEMENT_INDEX, "out of memory");
    }
    OUTPUT(NOUTPUTS - 1, p);
}
