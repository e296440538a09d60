/* Boolean write handlers (Click's BoolArg through a write handler): shared by the element
 * templates whose handlers set a flag. */
#ifndef CLICKC_CKBOOL_H
#define CLICKC_CKBOOL_H

/* Parse `value` as a boolean (ck_parse_bool: true/false, yes/no, 1/0, t/f, y/n) into *flag
 * (0 or 1) and return 0; when it is not one, leave *flag alone and report `msg` (the class's
 * message in Click) through errh, returning -1. */
static inline int ck_write_bool(const char *value, int *flag, const char *msg, ck_errh *errh)
{
    int b;
    if (ck_parse_bool(value, &b) < 0)
        return ck_error(errh, "%s", msg);
    *flag = b;
    return 0;
}

#endif
