/*
 * Click's simple_action for agnostic 1-in/1-out elements: the including element defines
 *     static ck_packet *ELEM(simple_action)(ck_packet *p);
 * (returning the packet to pass on, or NULL after it consumed or dropped p) and this header
 * defines its push and pull functions (Element::push and Element::pull in Click's
 * element.cc: push forwards the result to output 0; pull returns it).
 *
 * Included once per instance, after the instance's macros (docs/c-interface.md); no include
 * guard on purpose.
 */
static CK_UNUSED void ELEM(push)(int port, ck_packet *p)
{
    (void)port;
    p = ELEM(simple_action)(p);
    if (p)
        OUTPUT(0, p);
}

static CK_UNUSED ck_packet *ELEM(pull)(int port)
{
    (void)port;
    ck_packet *p = INPUT_PULL(0);
    if (p)
        p = ELEM(simple_action)(p);
    return p;
}
