/* StaticSwitch(OUTPUT): sends every packet to output OUTPUT, fixed at configuration (Click's
 * elements/standard/staticswitch.cc); a negative OUTPUT, or one without a port, drops every
 * packet (reason "switched off"). */
static CK_UNUSED void ELEM(push)(int port, ck_packet *p)
{
    (void)port;
    const int o = (int)CONF(OUTPUT);
    if (o >= 0 && o < NOUTPUTS)
        OUTPUT(o, p);
    else
        ck_drop(p, ELEMENT_INDEX, "switched off");
}
