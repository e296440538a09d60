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
