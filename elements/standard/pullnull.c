/* PullNull: passes pulled packets through unchanged (Click's elements/standard/nullelement.cc,
 * the pull-only variant of Null). */
static CK_UNUSED ck_packet *ELEM(pull)(int port)
{
    (void)port;
    return INPUT_PULL(0);
}
