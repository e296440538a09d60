/* Reading another element's read handler from C, as Click's elements call a Storage element's
 * size() and capacity() (RED and AdaptiveRED read their queues' `length`, Unqueue2 also
 * `capacity`), and writing one.  Once per router (include guard). */
#ifndef CLICKC_CKHANDLERREF_H
#define CLICKC_CKHANDLERREF_H

#include <stdlib.h>
#include <string.h>

/* Handler `name` of element `element` in the current router (its compiled table), or NULL. */
static CK_UNUSED const ck_handler_def *ck_find_handler_def(const char *element, const char *name)
{
    const ck_router_def *r = ck_current_router;
    for (int h = 0; r && h < r->nhandlers; h++)
        if (!strcmp(r->handlers[h].element, element) && !strcmp(r->handlers[h].name, name))
            return &r->handlers[h];
    return NULL;
}

/* The read function of handler `name` of element `element` in the current router, or NULL. */
static CK_UNUSED ck_read_fn ck_find_read_handler(const char *element, const char *name)
{
    const ck_handler_def *d = ck_find_handler_def(element, name);
    return d ? d->read : NULL;
}

/* The write function of handler `name` of element `element`, or NULL (EtherSpanTree opens
 * and closes its Suppressors' ports through their activeN handlers). */
static CK_UNUSED ck_write_fn ck_find_write_handler(const char *element, const char *name)
{
    const ck_handler_def *d = ck_find_handler_def(element, name);
    return d ? d->write : NULL;
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
