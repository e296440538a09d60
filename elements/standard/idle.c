/* Idle: never pushes or pulls; a packet pushed to it is dropped (counted, reason "idle"),
 * and pulls return nothing (Click's elements/standard/idle.cc). */
static CK_UNUSED void ELEM(push)(int port, ck_packet *p)
{
    (void)port;
    ck_drop(p, ELEMENT_INDEX, "idle");
}

static CK_UNUSED ck_packet *ELEM(pull)(int port)
{
    (void)port;
    return NULL;
}

/* Click's Idle is an empty notifier whose signal is never active (clickc.backend.notifier). */
static CK_UNUSED int ELEM(empty)(void) { return 1; }
