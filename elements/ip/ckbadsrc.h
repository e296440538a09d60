/* The source and destination address checks of CheckIPHeader, CheckIPHeader2 and IPInputCombo
 * (RFC 1812 5.3.7: a packet from a broadcast address of this router is bad unless it is for one
 * of its addresses): BADSRC and GOODDST lists, or what INTERFACES implies (Click's
 * CheckIPHeader::InterfacesArg: each interface's broadcast address, 0.0.0.0 and
 * 255.255.255.255 are bad sources; its address is a good destination).  Per instance (no
 * include guard): the template's BADSRC, GOODDST and INTERFACES arguments. */
/* Whether src (memory order) is a bad source address. */
static inline int ELEM(bad_src)(uint32_t src)
{
#if CONF_GIVEN(BADSRC)
    for (int i = 0; i < (int)CONF_LEN(BADSRC); i++)
        if (CONF(BADSRC)[i] == src)
            return 1;
    return 0;
#elif CONF_GIVEN(INTERFACES)
    for (int i = 0; i < (int)CONF_LEN(INTERFACES); i++) {
        uint32_t a = CONF(INTERFACES)[i].addr, m = CONF(INTERFACES)[i].mask;
        if (((a & m) | ~m) == src)
            return 1;
    }
    return src == 0 || src == 0xFFFFFFFFu;
#else
    (void)src;
    return 0;
#endif
}

/* Whether dst (memory order) is a good destination address. */
static inline int ELEM(good_dst)(uint32_t dst)
{
#if CONF_GIVEN(GOODDST)
    for (int i = 0; i < (int)CONF_LEN(GOODDST); i++)
        if (CONF(GOODDST)[i] == dst)
            return 1;
    return 0;
#elif CONF_GIVEN(INTERFACES)
    for (int i = 0; i < (int)CONF_LEN(INTERFACES); i++)
        if (CONF(INTERFACES)[i].addr == dst)
            return 1;
    return 0;
#else
    (void)dst;
    return 0;
#endif
}
