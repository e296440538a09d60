/* Hub: a packet arriving on input i leaves on every output but output i (Click's
 * elements/standard/hub.cc): clones on all of them but the last, the packet itself on the
 * last.  A Hub with one port has nowhere to send it: the packet is dropped with the reason
 * "no other port" (Click frees it silently). */
static CK_UNUSED void ELEM(push)(int port, ck_packet *p)
{
    int last = NOUTPUTS - 1;
    if (last == port)
        last--;
    if (last < 0) {
        ck_drop(p, ELEMENT_INDEX, "no other port");
        return;
    }
    for (int i = 0; i < last; i++) {
        if (i == port)
            continue;
        ck_packet *q = ck_packet_clone(p);
        if (q)
            OUTPUT(i, q);
        else
            ck_count_drop(ELEMENT_INDEX, "out of memory");
    }
    OUTPUT(last, p);
}
