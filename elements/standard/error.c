/* Error(...) (Click's elements/standard/errorelement.cc): accepts any configuration, any
 * ports, and fails to initialize without a message of its own, so the router stops before it
 * runs ("Router could not be initialized!").  Its push and pull never run. */
static int
ELEM(init)(ck_errh *errh)
{
    (void)errh;
    return -1;
}

static CK_UNUSED void ELEM(push)(int port, ck_packet *p)
{
    (void)port;
    ck_drop(p, ELEMENT_INDEX, "Error element");
}

static CK_UNUSED ck_packet *ELEM(pull)(int port)
{
    (void)port;
    return NULL;
}
