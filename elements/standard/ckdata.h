/* Data handlers: a read or write handler that shows or sets one variable of a known type
 * (what Click's Element::add_data_handlers registers for a member variable: its value printed
 * by type, a written value parsed by type, range-checked and stored).  Each macro DEFINES the
 * handler function of the instance that uses it, with the signature of docs/c-interface.md
 * ("Handlers"), so one line of the template stands for a five-line function:
 *
 *     #include "standard/ckdata.h"
 *     CK_DATA_READ(count, ELEM(count));
 *     CK_DATA_WRITE_UINT(mtu, ELEM(mtu), UINT32_MAX, "expected unsigned integer");
 *
 * defines the read handler function read_count and the write handler function write_mtu of
 * the instance.  NAME is the handler's C name (docs/c-interface.md: read_NAME, write_NAME);
 * the registry (elements/cfacts.py) reads a line starting with CK_DATA_READ... or
 * CK_DATA_WRITE... as the definition of that function.  A use ends with a semicolon: the
 * expansion ends with a _Static_assert that takes it.
 *
 * Read side (the value is any expression, evaluated when the handler is called: a variable,
 * `CK_STAT_LOAD(ELEM(x))` where other threads update it (standard/ckstat.h), a cast, a call):
 *   CK_DATA_READ(NAME, VALUE)       VALUE in decimal; signed or unsigned by its C type, chosen
 *                                   with C11 _Generic (any standard integer type; another type
 *                                   does not compile).  Cast VALUE to print it as another type.
 *   CK_DATA_READ_BOOL(NAME, VALUE)  "true" or "false" (ck_unparse_bool, Click's BoolArg).
 *   CK_DATA_READ_IP(NAME, VALUE)    a dotted quad (ck_buf_ip of ip/ckip.h, which the
 *                                   template includes; VALUE in memory order).
 *   CK_DATA_READ_STRING(NAME, VALUE)  the C string VALUE as it is (ck_buf_puts).
 *   CK_DATA_READ_WITH(NAME, UNPARSE, VALUE...)  what UNPARSE(out, VALUE...) appends: another
 *                                   type's printer (ck_unparse_interval, ck_unparse_ether,
 *                                   ck_unparse_real2 with its fraction bits, ...).
 *
 * Write side: parse the written text, check it, store it in the lvalue VAR and return 0;
 * otherwise leave VAR alone and report MSG (the class's message in Click: messages differ by
 * class) through errh, returning -1.  The _STAT forms store with CK_STAT_STORE
 * (standard/ckstat.h, which the template includes) for a variable other threads read.
 *   CK_DATA_WRITE_UINT(NAME, VAR, MAX, MSG)      an unsigned number (ck_parse_uint64, Click's
 *                                                IntArg) no larger than MAX
 *   CK_DATA_WRITE_INT(NAME, VAR, MIN, MAX, MSG)  a signed number (ck_parse_int64) in [MIN, MAX]
 *   CK_DATA_WRITE_BOOL(NAME, VAR, MSG)           a boolean (ck_parse_bool, Click's BoolArg,
 *                                                as ck_write_bool of standard/ckbool.h); VAR
 *                                                is an int, set to 0 or 1
 *   CK_DATA_WRITE_ETHER(NAME, ADDR, MSG)         an Ethernet address (ck_parse_ether) copied
 *                                                to the 6 bytes at ADDR
 *   CK_DATA_WRITE_IP(NAME, VAR, MSG)             an IPv4 address (ck_ip_parse of ip/ckip.h);
 *                                                VAR is a uint32_t in memory order
 *   CK_DATA_WRITE_UINT_STAT, CK_DATA_WRITE_BOOL_STAT, CK_DATA_WRITE_IP_STAT: the same with
 *   CK_STAT_STORE.
 *   CK_DATA_WRITE_INT_THEN(NAME, VAR, MIN, MAX, MSG, THEN), CK_DATA_WRITE_BOOL_THEN(NAME, VAR,
 *   MSG, THEN): the same, then the statement THEN (e.g. `ELEM(update_live)()`) after the store.
 *   CK_DATA_WRITE_UINT_CALL(NAME, FN, MAX, MSG): calls the setter FN(v) instead of storing
 *   (v as uint64_t, no larger than MAX).
 * The numbers and the boolean are read as the runtime's ck_parse_uint64, ck_parse_int64 and
 * ck_parse_bool read them (runtime/clickc.h).
 *
 * The macros use the including instance's ELEM() when they are expanded, so this header is
 * guarded and may be included by every template of a router. */
#ifndef CLICKC_CKDATA_H
#define CLICKC_CKDATA_H

#include <stdint.h>

static inline CK_UNUSED void ck_data_unparse_unsigned(ck_buf *out, unsigned long long v)
{
    ck_buf_printf(out, "%llu", v);
}

static inline CK_UNUSED void ck_data_unparse_signed(ck_buf *out, long long v)
{
    ck_buf_printf(out, "%lld", v);
}

/* Append integer x to out in decimal, as %u/%lu/%llu or %d/%ld/%lld print it by its type. */
#define ck_data_unparse(out, x) _Generic((x), \
        _Bool: ck_data_unparse_unsigned, \
        unsigned char: ck_data_unparse_unsigned, \
        unsigned short: ck_data_unparse_unsigned, \
        unsigned int: ck_data_unparse_unsigned, \
        unsigned long: ck_data_unparse_unsigned, \
        unsigned long long: ck_data_unparse_unsigned, \
        signed char: ck_data_unparse_signed, \
        short: ck_data_unparse_signed, \
        int: ck_data_unparse_signed, \
        long: ck_data_unparse_signed, \
        long long: ck_data_unparse_signed)((out), (x))

/* The stores of the write macros: an assignment (the _STAT forms use CK_STAT_STORE instead)
 * or, for the _CALL forms, a call of a setter. */
#define CK_DATA_SET(var, v) ((var) = (v))
#define CK_DATA_CALL(fn, v) fn(v)

#define CK_DATA_READ_WITH(name, unparse, ...) \
    static CK_UNUSED int ELEM(read_##name)(ck_buf *out) \
    { \
        unparse(out, __VA_ARGS__); \
        return 0; \
    } \
    _Static_assert(1, "data handler")

#define CK_DATA_READ(name, value) CK_DATA_READ_WITH(name, ck_data_unparse, value)
#define CK_DATA_READ_BOOL(name, value) CK_DATA_READ_WITH(name, ck_unparse_bool, value)
#define CK_DATA_READ_IP(name, value) CK_DATA_READ_WITH(name, ck_buf_ip, value)
#define CK_DATA_READ_STRING(name, value) CK_DATA_READ_WITH(name, ck_buf_puts, value)

/* One write handler: parse `value` into v_ of `type` (parse_fails is true when it is not
 * one), report msg or store(var, v_) and run `then` (a statement). */
#define CK_DATA_WRITE_(name, type, parse_fails, msg, store, var, then) \
    static CK_UNUSED int ELEM(write_##name)(const char *value, ck_errh *errh) \
    { \
        type v_ = 0; \
        if (parse_fails) \
            return ck_error(errh, "%s", (msg)); \
        store(var, v_); \
        then; \
        return 0; \
    } \
    _Static_assert(1, "data handler")

#define CK_DATA_WRITE_UINT_(store, then, name, var, max, msg) \
    CK_DATA_WRITE_(name, uint64_t, ck_parse_uint64(value, &v_) < 0 || v_ > (max), msg, \
                   store, var, then)
#define CK_DATA_WRITE_INT_(store, then, name, var, min, max, msg) \
    CK_DATA_WRITE_(name, int64_t, ck_parse_int64(value, &v_) < 0 || v_ < (min) || v_ > (max), \
                   msg, store, var, then)
#define CK_DATA_WRITE_BOOL_(store, then, name, var, msg) \
    CK_DATA_WRITE_(name, int, ck_parse_bool(value, &v_) < 0, msg, store, var, then)
#define CK_DATA_WRITE_IP_(store, then, name, var, msg) \
    CK_DATA_WRITE_(name, uint32_t, ck_ip_parse(value, &v_) < 0, msg, store, var, then)

#define CK_DATA_WRITE_UINT(name, var, max, msg) \
    CK_DATA_WRITE_UINT_(CK_DATA_SET, (void)0, name, var, max, msg)
#define CK_DATA_WRITE_UINT_STAT(name, var, max, msg) \
    CK_DATA_WRITE_UINT_(CK_STAT_STORE, (void)0, name, var, max, msg)
#define CK_DATA_WRITE_UINT_CALL(name, fn, max, msg) \
    CK_DATA_WRITE_UINT_(CK_DATA_CALL, (void)0, name, fn, max, msg)
#define CK_DATA_WRITE_INT(name, var, min, max, msg) \
    CK_DATA_WRITE_INT_(CK_DATA_SET, (void)0, name, var, min, max, msg)
#define CK_DATA_WRITE_INT_THEN(name, var, min, max, msg, then) \
    CK_DATA_WRITE_INT_(CK_DATA_SET, then, name, var, min, max, msg)
#define CK_DATA_WRITE_BOOL(name, var, msg) CK_DATA_WRITE_BOOL_(CK_DATA_SET, (void)0, name, var, msg)
#define CK_DATA_WRITE_BOOL_STAT(name, var, msg) \
    CK_DATA_WRITE_BOOL_(CK_STAT_STORE, (void)0, name, var, msg)
#define CK_DATA_WRITE_BOOL_THEN(name, var, msg, then) \
    CK_DATA_WRITE_BOOL_(CK_DATA_SET, then, name, var, msg)
#define CK_DATA_WRITE_IP(name, var, msg) CK_DATA_WRITE_IP_(CK_DATA_SET, (void)0, name, var, msg)
#define CK_DATA_WRITE_IP_STAT(name, var, msg) \
    CK_DATA_WRITE_IP_(CK_STAT_STORE, (void)0, name, var, msg)
/* An Ethernet address (ck_parse_ether, Click's EtherAddressArg) copied to the 6 bytes at
 * ADDR; a value that does not parse leaves them alone. */
#define CK_DATA_WRITE_ETHER(name, addr, msg) \
    static CK_UNUSED int ELEM(write_##name)(const char *value, ck_errh *errh) \
    { \
        unsigned char a_[6]; \
        if (ck_parse_ether(value, a_) < 0) \
            return ck_error(errh, "%s", (msg)); \
        memcpy((addr), a_, 6); \
        return 0; \
    } \
    _Static_assert(1, "data handler")

#endif
