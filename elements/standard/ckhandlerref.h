/* Reading another element's read handler from C, as Click's elements call a Storage element's
 * size() and capacity() (RED and AdaptiveRED read their queues' `length`, Unqueue2 also
 * `capacity`).  Once per router (include guard). */
#ifndef CLICKC_CKHANDLERREF_H
#define CLICKC_CKHANDLERREF_H

#include <stdlib.h>
#include <string.h>

/* The read function of handler `name` of element `element` in the current router, or NULL. */
static CK_UNUSED ck_read_fn ck_find_read_handler(const char *element, const char *name)
{
    const ck_router_def *r = ck_current_router;
    for (int h = 0; r && h < r->nhandlers; h++)
        if (!strcmp(r->handlers[h].element, element) && !strcmp(r->handlers[h].name, name)
            && r->handlers[h].read)
            return r->handlers[h].read;
    return NULL;
}

/* The integer a read handler prints (0 when it fails or f is NULL); buf is scratch space. */
static CK_UNUSED long ck_read_handler_long(ck_read_fn f, ck_buf *buf)
{
    ck_buf_clear(buf);
    if (f && f(buf) == 0)
        return atol(ck_buf_str(buf));
    return 0;
}
#endif
