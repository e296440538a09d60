/* The body of the Script and DriverManager elements (one per instance; their templates
 * define CK_SCRIPT_DRIVER, 0 or 1, and include this file).  The instructions are the element's
 * configuration string, parsed when the router starts by the interpreter in
 * standard/ckscriptlang.h, so run-time parameters reach them. */
#include "standard/ckscriptlang.h"

static ck_script *ELEM(script);

static int
ELEM(init)(ck_errh *errh)
{
    const char *conf = ck_current_router ? ck_current_router->elements[ELEMENT_INDEX].config : "";
    ELEM(script) = ck_script_new(ELEMENT_INDEX, CK_SCRIPT_DRIVER);
    /* a Script with ports is a PACKET script even without TYPE (Click's Script::configure;
     * the compiler refused other TYPEs with ports) */
    ELEM(script)->packet = ELEM(script)->passive = NINPUTS > 0;
    if (ck_script_configure(ELEM(script), conf, errh) < 0)
        return -1;
    return ck_script_initialize(ELEM(script), errh);
}

static void
ELEM(cleanup)(void)
{
    ck_script_free(ELEM(script));
    ELEM(script) = NULL;
}

static CK_UNUSED int ELEM(write_step)(const char *value, ck_errh *errh)
{
    return ck_script_write_handler(ELEM(script), "step", value, errh);
}

static CK_UNUSED int ELEM(write_goto)(const char *value, ck_errh *errh)
{
    return ck_script_write_handler(ELEM(script), "goto", value, errh);
}

static CK_UNUSED int ELEM(write_run)(const char *value, ck_errh *errh)
{
    return ck_script_write_handler(ELEM(script), "run", value, errh);
}

static CK_UNUSED int ELEM(read_run)(ck_buf *out)
{
    return ck_script_read_handler(ELEM(script), "run", out);
}

/* TYPE PACKET scripts (Click's Script::push and Script::pull): the script runs once per
 * packet and its value chooses the output; a packet sent to no output is dropped. */
static CK_UNUSED void ELEM(packet_out)(int port, ck_packet *p)
{
    if (port < 0 || port >= NOUTPUTS)
        ck_drop(p, ELEMENT_INDEX, "script chose no output");
    else
        OUTPUT(port, p);
}

static CK_UNUSED void ELEM(push)(int port, ck_packet *p)
{
    ELEM(packet_out)(ck_script_packet(ELEM(script), port), p);
}

static CK_UNUSED ck_packet *ELEM(pull)(int port)
{
    (void)port;
    ck_packet *p = INPUT_PULL(0);
    if (!p)
        return NULL;
    int out = ck_script_packet(ELEM(script), 0);
    if (out == 0)
        return p;
    ELEM(packet_out)(out, p);
    return NULL;
}
