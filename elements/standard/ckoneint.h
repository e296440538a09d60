/* The write handlers of Click that split the value with cp_argvec and parse its one argument
 * with IntArg (Block's `thresh`, CompareBlock's `fwd_weight` and `rev_weight`): guarded, compiled
 * once per router. */
#ifndef CLICKC_CKONEINT_H
#define CLICKC_CKONEINT_H

/* value: exactly one argument (spaces around it ignored; a comma outside double quotes
 * separates arguments), a signed 32-bit integer.  Returns 0 with *out set, or -1 after
 * reporting count_msg (not one argument; Block: "expecting 1 integer") or "not an integer". */
static CK_UNUSED int ck_parse_one_int32(const char *value, ck_errh *errh, const char *count_msg,
                                        int32_t *out)
{
    while (*value == ' ' || *value == '\t' || *value == '\n' || *value == '\r')
        value++;
    size_t n = strlen(value);
    while (n > 0 && (value[n - 1] == ' ' || value[n - 1] == '\t' || value[n - 1] == '\n'
                     || value[n - 1] == '\r'))
        n--;
    int quoted = 0, args = n > 0;
    for (size_t i = 0; i < n; i++) {
        if (value[i] == '"')
            quoted = !quoted;
        else if (value[i] == '\\' && quoted && i + 1 < n)
            i++;
        else if (value[i] == ',' && !quoted)
            args++;
    }
    if (args != 1)
        return ck_error(errh, "%s", count_msg);
    char buf[32];
    int64_t v;
    if (n >= sizeof buf)
        return ck_error(errh, "not an integer");
    memcpy(buf, value, n);
    buf[n] = '\0';
    if (ck_parse_int64(buf, &v) < 0 || v < INT32_MIN || v > INT32_MAX)
        return ck_error(errh, "not an integer");
    *out = (int32_t)v;
    return 0;
}

#endif
