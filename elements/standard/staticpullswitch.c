/* StaticPullSwitch(INPUT): a pull on the output pulls input INPUT; with INPUT negative or not
 * an input it returns nothing (Click's elements/standard/staticpullswitch.cc). */
static CK_UNUSED ck_packet *ELEM(pull)(int port)
{
    (void)port;
    int i = (int)CONF(INPUT);
    return i < 0 || i >= NINPUTS ? NULL : INPUT_PULL(i);
}
