/* PushNull: passes pushed packets through unchanged (Click's elements/standard/nullelement.cc,
 * the push-only variant of Null). */
static CK_UNUSED void ELEM(push)(int port, ck_packet *p)
{
    (void)port;
    OUTPUT(0, p);
}
