/*
 * The Script language interpreter shared by the Script and DriverManager elements (Click's
 * elements/standard/script.cc and drivermanager; docs/runtime.md, "Script and DriverManager"):
 * a small
 * language of handler reads and writes, waits, variables, jumps and expressions, run by timers
 * and, for the driver script, by the router's stop requests.
 *
 * Instructions: wait [TIME], wait_step [N], wait_stop [N], pause, wait_time/wait_for TIME,
 * print[q|n|nq] [>FILE | >>FILE] TEXT, read[q] HANDLER [ARGS], write[q] HANDLER [ARGS],
 * save/append, set[q] VAR EXPR, init[q]/export[q] VAR EXPR, label L, goto L [COND], loop,
 * return[q] EXPR, end, exit, stop, error[q] [MSG].  Expressions expand $VAR, ${VAR} and
 * $(HANDLER ARGS); handler names without an element are the script's own: add, sub, min, max,
 * mul, div, idiv, mod, rem, neg, abs, eq, ne, lt, gt, le, ge, not, and, or, nand, nor, if,
 * in, first, length, unquote, now, random, readable, writable, get, shift, cat, catq, kill.
 *
 * Stepping follows Click's Script::step: every wait consumes "steps"; a timer expiring gives
 * the script one step, and for the driver script (TYPE DRIVER, i.e. DriverManager) so does
 * each stop request (ck_router_stop), which the script absorbs while it has instructions
 * left.  When the driver script reaches its end it stops the router.
 *
 * Element code, not a runtime mechanism: the element bodies (standard/ckscript.h) include this
 * file, and the include guard compiles it once into a router that has any Script or
 * DriverManager (a router without one does not carry it).  It uses only the runtime's API
 * (timers, the stop hook, handler calls, ck_buf, errors).
 */
#ifndef CLICKC_CKSCRIPTLANG_H
#define CLICKC_CKSCRIPTLANG_H

#include "clickc.h"

#include <arpa/inet.h>
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

/* The interpreter's interface, used by standard/ckscript.h. */
typedef struct ck_script ck_script;
/* A script for element `elem`; driver = 1 for DriverManager (Script TYPE DRIVER). */
ck_script *ck_script_new(int elem, int driver);
/* Parse the instructions (the element's configuration string); -1 with errors reported. */
int ck_script_configure(ck_script *s, const char *config, ck_errh *errh);
/* Set init variables and start: a driver script takes the router's stop requests, another
 * script runs from a timer at once. */
int ck_script_initialize(ck_script *s, ck_errh *errh);
void ck_script_free(ck_script *s);
/* Handlers "step", "goto", "run" (write) and "run" (read with parameters). */
int ck_script_write_handler(ck_script *s, const char *which, const char *value, ck_errh *errh);
int ck_script_read_handler(ck_script *s, const char *which, ck_buf *out);
/* A TYPE PACKET script's run for a packet that arrived on input `port` (Click's Script::push
 * and pull): runs from the top with $input = port; returns the output port the script chose
 * ($_ after "return", 0 after "end", -1 otherwise: the packet is then dropped). */
int ck_script_packet(ck_script *s, int port);

enum {
    CKS_I_INITIAL, CKS_I_WAIT_STEP, CKS_I_WAIT_TIME, CKS_I_PRINT, CKS_I_PRINTQ, CKS_I_PRINTN, CKS_I_PRINTNQ, CKS_I_SAVE,
    CKS_I_APPEND, CKS_I_READ, CKS_I_READQ, CKS_I_WRITE, CKS_I_WRITEQ, CKS_I_SET, CKS_I_SETQ, CKS_I_INIT, CKS_I_INITQ, CKS_I_RETURN,
    CKS_I_RETURNQ, CKS_I_LABEL, CKS_I_GOTO, CKS_I_END, CKS_I_EXIT, CKS_I_STOP, CKS_I_ERROR, CKS_I_ERRORQ
};

typedef struct cks_insn {
    int op;
    int arg;  /* wait_step: N; set/init: variable index; goto: target (-1: end) */
    int arg2; /* wait_step: steps consumed; init: 1 for export (a handler too) */
    char *text;
} cks_insn;

struct ck_script {
    int elem;
    int driver;
    int passive;  /* TYPE PASSIVE or PACKET: no timer at start (Click's Script::initialize) */
    int packet;   /* TYPE PACKET (or PUSH): runs once per packet */
    cks_insn *insns;
    int ninsns, cap;
    char **var_names, **var_values;
    int nvars;
    int pos;
    int step_count;
    int write_status;
    int finished; /* driver: reached stop */
    ck_timer timer;
    char context[512];
    char *run_args;        /* the arguments of the last "run" handler call, or NULL */
    const char *run_name;  /* "run" while a "run" handler call runs the script, else "" */
};

#define CKS_MAX_JUMPS 1000

static ck_script *cks_driver_script;

/* ---- small text helpers (Click's cp_shift_spacevec, cp_unquote, cp_argvec) ---- */

static char *cks_xstrndup(const char *s, size_t n)
{
    char *d = malloc(n + 1);
    if (!d)
        abort();
    memcpy(d, s, n);
    d[n] = '\0';
    return d;
}

static char *cks_trim(const char *s, size_t n)
{
    while (n && isspace((unsigned char)*s))
        s++, n--;
    while (n && isspace((unsigned char)s[n - 1]))
        n--;
    return cks_xstrndup(s, n);
}

/* Skip a quoted string starting at s[0] (a quote); returns the position after it. */
static const char *cks_skip_quote(const char *s)
{
    char q = *s++;
    while (*s && *s != q) {
        if (q == '"' && *s == '\\' && s[1])
            s++;
        s++;
    }
    return *s ? s + 1 : s;
}

/* The first space-separated word of *sp (quotes kept inside a word); advances *sp past it and
 * following space. Returns a new string ("" when none). */
static char *cks_shift_word(const char **sp)
{
    const char *s = *sp;
    while (*s && isspace((unsigned char)*s))
        s++;
    const char *start = s;
    int depth = 0;
    while (*s && (depth > 0 || !isspace((unsigned char)*s))) {
        if (*s == '"' || *s == '\'')
            s = cks_skip_quote(s);
        else {
            if (*s == '(')
                depth++;
            else if (*s == ')' && depth > 0)
                depth--;
            s++;
        }
    }
    char *w = cks_xstrndup(start, (size_t)(s - start));
    while (*s && isspace((unsigned char)*s))
        s++;
    *sp = s;
    return w;
}

/* Click's cp_unquote: remove quotes; process backslash escapes in double quotes. */
static void cks_unquote_into(ck_buf *out, const char *s)
{
    while (*s) {
        if (*s == '\'') {
            s++;
            while (*s && *s != '\'')
                ck_buf_append(out, s++, 1);
            if (*s)
                s++;
        } else if (*s == '"') {
            s++;
            while (*s && *s != '"') {
                if (*s == '\\' && s[1] >= '0' && s[1] <= '7') {
                    /* \ooo: one to three octal digits (cp_unquote) */
                    unsigned c = 0;
                    int k = 0;
                    for (s++; k < 3 && *s >= '0' && *s <= '7'; k++, s++)
                        c = c * 8 + (unsigned)(*s - '0');
                    char ch = (char)(c & 255);
                    ck_buf_append(out, &ch, 1);
                } else if (*s == '\\' && s[1] == '<') {
                    /* \<HEX HEX ...>: bytes in hexadecimal, spaces ignored (cp_unquote) */
                    int half = -1;
                    for (s += 2; *s && *s != '>'; s++) {
                        int v = isdigit((unsigned char)*s) ? *s - '0'
                                : isxdigit((unsigned char)*s) ? (tolower((unsigned char)*s) - 'a' + 10) : -1;
                        if (v < 0)
                            continue;
                        if (half < 0)
                            half = v;
                        else {
                            char ch = (char)(half * 16 + v);
                            ck_buf_append(out, &ch, 1);
                            half = -1;
                        }
                    }
                    if (*s)
                        s++;
                } else if (*s == '\\' && s[1]) {
                    s++;
                    char c = *s == 'n' ? '\n' : *s == 't' ? '\t' : *s == 'r' ? '\r' : *s;
                    ck_buf_append(out, &c, 1);
                    s++;
                } else
                    ck_buf_append(out, s++, 1);
            }
            if (*s)
                s++;
        } else
            ck_buf_append(out, s++, 1);
    }
}

static char *cks_unquote(const char *s)
{
    ck_buf b;
    ck_buf_init(&b);
    cks_unquote_into(&b, s);
    char *r = ck_strdup(ck_buf_str(&b));
    ck_buf_free(&b);
    return r;
}

/* ---- variables ---- */

static int cks_find_var(ck_script *s, const char *name, int add)
{
    for (int i = 0; i < s->nvars; i++)
        if (strcmp(s->var_names[i], name) == 0)
            return i;
    if (!add)
        return -1;
    s->var_names = realloc(s->var_names, (size_t)(s->nvars + 1) * sizeof(char *));
    s->var_values = realloc(s->var_values, (size_t)(s->nvars + 1) * sizeof(char *));
    if (!s->var_names || !s->var_values)
        abort();
    s->var_names[s->nvars] = ck_strdup(name);
    s->var_values[s->nvars] = ck_strdup("");
    return s->nvars++;
}

static void cks_set_var(ck_script *s, int i, char *value)
{
    free(s->var_values[i]);
    s->var_values[i] = value;
}

/* ---- expansion (Click's cp_expand with Script::Expander) ---- */

/* $args, $0, $1 ... $N, $# (Script::Expander::expand): the arguments of a "run" handler call
 * (empty outside one), the handler's name, the Nth argument, their number. */
static void cks_run_arg(ck_script *s, const char *name, ck_buf *out)
{
    const char *args = s->run_args ? s->run_args : "";
    if (strcmp(name, "args") == 0) {
        ck_buf_puts(out, args);
        return;
    }
    if (strcmp(name, "0") == 0) {
        ck_buf_puts(out, s->run_name ? s->run_name : "");
        return;
    }
    long n = strcmp(name, "#") == 0 ? -1 : strtol(name, NULL, 10);
    const char *p = args;
    long count = 0;
    char *w = NULL;
    while (*p && (n < 0 || count < n)) {
        free(w);
        w = cks_shift_word(&p);
        count++;
    }
    if (n < 0)
        ck_buf_printf(out, "%ld", count);
    else if (count == n && w)
        ck_buf_puts(out, w);
    free(w);
}

static int cks_call_read(ck_script *s, const char *call, ck_buf *out, ck_errh *errh);

/* An expanded value as Click's cp_expand inserts it: inside double quotes escaped by
 * cp_quote (its quotes removed), outside quotes quoted too when `expand_quote` is set, else as
 * is, so that unquoting the whole text later gives the value back. */
static void cks_put_value(ck_buf *out, const char *v, int dquote, int expand_quote)
{
    if (!dquote && !expand_quote) {
        ck_buf_puts(out, v);
        return;
    }
    if (!dquote)
        ck_buf_append(out, "\"", 1);
    for (const unsigned char *c = (const unsigned char *)v; *c; c++) {
        if (*c == '\\' || *c == '"' || *c == '$')
            ck_buf_printf(out, "\\%c", *c);
        else if (*c == '\t')
            ck_buf_puts(out, "\\t");
        else if (*c == '\r')
            ck_buf_puts(out, "\\r");
        else if (*c == '\n')
            ck_buf_puts(out, "\\n");
        else if (*c < 32 || *c >= 127)
            ck_buf_printf(out, "\\%c%c%c", '0' + (*c >> 6), '0' + ((*c >> 3) & 7), '0' + (*c & 7));
        else
            ck_buf_append(out, (const char *)c, 1);
    }
    if (!dquote)
        ck_buf_append(out, "\"", 1);
}

/* Click's cp_expand (lib/variableenv.cc) with Script::Expander: $VAR, ${VAR}, $?, $$, $#,
 * $args, $N and $(HANDLER ARGS); nothing inside single quotes. */
static void cks_expand_into_q(ck_script *s, const char *t, ck_buf *out, ck_errh *errh,
                          int expand_quote)
{
    int dquote = 0;
    ck_buf v;
    ck_buf_init(&v);
    while (*t) {
        if (*t == '\'' && !dquote) {
            const char *e = cks_skip_quote(t);
            ck_buf_append(out, t, (size_t)(e - t));
            t = e;
        } else if (*t == '"') {
            dquote = !dquote;
            ck_buf_append(out, t++, 1);
        } else if (*t == '\\' && t[1]) {
            ck_buf_append(out, t, 2);
            t += 2;
        } else if (*t == '$' && t[1] == '(') {
            /* $(HANDLER ARGS): expand inside, then read the handler */
            /* the balanced ')' as Click's cp_expand finds it: parentheses inside quotes do
             * not count, a backslash (outside single quotes) escapes the next character */
            const char *p = t + 2;
            int depth = 1, nquote = 0;
            while (*p && depth > 0) {
                if (*p == '(' && !nquote)
                    depth++;
                else if (*p == ')' && !nquote)
                    depth--;
                else if (*p == '"' || *p == '\'')
                    nquote = !nquote ? *p : nquote == *p ? 0 : nquote;
                else if (*p == '\\' && p[1] && nquote != '\'')
                    p++;
                if (depth > 0)
                    p++;
            }
            if (!*p) { /* no closing ')': Click leaves the rest unexpanded */
                ck_buf_puts(out, t);
                break;
            }
            char *inner = cks_xstrndup(t + 2, (size_t)(p - (t + 2)));
            ck_buf e;
            ck_buf_init(&e);
            cks_expand_into_q(s, inner, &e, errh, 0);
            ck_buf_clear(&v);
            if (cks_call_read(s, ck_buf_str(&e), &v, errh) == CK_HANDLER_EINIT)
                /* Click's cp_expand keeps "$(...)" (its inside expanded) when the handler
                 * cannot be called */
                ck_buf_printf(out, "$(%s)", ck_buf_str(&e));
            else
                cks_put_value(out, ck_buf_str(&v), dquote, expand_quote);
            ck_buf_free(&e);
            free(inner);
            t = *p ? p + 1 : p;
        } else if (*t == '$' && (t[1] == '{' || isalnum((unsigned char)t[1]) || t[1] == '_' ||
                                 t[1] == '?' || t[1] == '$' || t[1] == '#')) {
            const char *start, *end, *next;
            if (t[1] == '{') {
                start = t + 2;
                end = strchr(start, '}');
                if (!end) {
                    ck_buf_append(out, t, 1);
                    t++;
                    continue;
                }
                next = end + 1;
            } else if (t[1] == '?' || t[1] == '$' || t[1] == '#') {
                start = t + 1;
                end = next = t + 2;
            } else {
                start = t + 1;
                end = start;
                while (isalnum((unsigned char)*end) || *end == '_')
                    end++;
                next = end;
            }
            char *name = cks_xstrndup(start, (size_t)(end - start));
            int i = cks_find_var(s, name, 0), known = 1;
            ck_buf_clear(&v);
            if (i >= 0)
                ck_buf_puts(&v, s->var_values[i]);
            else if (strcmp(name, "?") == 0)
                ck_buf_printf(&v, "%d", s->write_status);
            else if (strcmp(name, "$") == 0)
                ck_buf_printf(&v, "%ld", (long)getpid());
            else if (strcmp(name, "args") == 0 || strcmp(name, "#") == 0
                     || (name[0] >= '0' && name[0] <= '9' && !name[strspn(name, "0123456789")]))
                cks_run_arg(s, name, &v);
            else
                known = 0;
            if (known)
                cks_put_value(out, ck_buf_str(&v), dquote, expand_quote);
            else
                ck_buf_append(out, t, (size_t)(next - t)); /* unknown: kept as written */
            free(name);
            t = next;
        } else
            ck_buf_append(out, t++, 1);
    }
    ck_buf_free(&v);
}

static void cks_expand_into(ck_script *s, const char *t, ck_buf *out, ck_errh *errh)
{
    cks_expand_into_q(s, t, out, errh, 0);
}

static char *cks_expand(ck_script *s, const char *t, ck_errh *errh)
{
    ck_buf b;
    ck_buf_init(&b);
    cks_expand_into(s, t, &b, errh);
    char *r = ck_strdup(ck_buf_str(&b));
    ck_buf_free(&b);
    return r;
}

/* ---- the script's own read handlers ---- */

static void cks_unparse_number(ck_buf *out, int use_double, double d, long long i)
{
    if (use_double)
        ck_buf_printf(out, "%.12g", d);
    else
        ck_buf_printf(out, "%lld", i);
}

static int cks_arith(const char *op, const char *args, ck_buf *out, ck_errh *errh)
{
    int add = strcmp(op, "add") == 0, sub = strcmp(op, "sub") == 0, mn = strcmp(op, "min") == 0,
        mx = strcmp(op, "max") == 0, mul = strcmp(op, "mul") == 0, div = strcmp(op, "div") == 0,
        idiv = strcmp(op, "idiv") == 0;
    long long acc = add || sub ? 0 : 1;
    double dacc = (double)acc;
    int use_d = div || idiv, first = 1;
    const char *p = args;
    for (;;) {
        char *w = cks_shift_word(&p);
        if (!*w) {
            free(w);
            break;
        }
        int64_t iv;
        double dv;
        if (!use_d && ck_parse_int64(w, &iv) < 0) {
            use_d = 1;
            dacc = (double)acc;
        }
        if (use_d && ck_parse_double(w, &dv) < 0) {
            free(w);
            return ck_error(errh, "expected list of numbers");
        }
        free(w);
        if (use_d) {
            if (first)
                dacc = dv;
            else if (add)
                dacc += dv;
            else if (sub)
                dacc -= dv;
            else if (mn)
                dacc = dacc < dv ? dacc : dv;
            else if (mx)
                dacc = dacc > dv ? dacc : dv;
            else if (mul)
                dacc *= dv;
            else
                dacc /= dv;
        } else {
            if (first)
                acc = iv;
            else if (add)
                acc += iv;
            else if (sub)
                acc -= iv;
            else if (mn)
                acc = acc < iv ? acc : iv;
            else if (mx)
                acc = acc > iv ? acc : iv;
            else if (mul)
                acc *= iv;
            else if (iv != 0)
                acc /= iv;
            else
                return ck_error(errh, "division by zero");
        }
        first = 0;
    }
    if (idiv) {
        use_d = 0;
        acc = (long long)dacc;
    }
    cks_unparse_number(out, use_d, dacc, acc);
    return 0;
}

/* eq ne lt gt le ge: numbers when both parse, else strings (Script::compare_handler). */
static int cks_compare(const char *op, const char *args, ck_buf *out, ck_errh *errh)
{
    const char *p = args;
    char *a = cks_shift_word(&p), *b = cks_shift_word(&p);
    int r = 0;
    if (!*a || !*b || *p) {
        r = ck_error(errh, "expected two numbers");
        goto done;
    }
    int cmp;
    int64_t ia, ib;
    double da, db;
    if (ck_parse_int64(a, &ia) == 0 && ck_parse_int64(b, &ib) == 0)
        cmp = ia < ib ? -1 : ia > ib;
    else if (ck_parse_double(a, &da) == 0 && ck_parse_double(b, &db) == 0)
        cmp = da < db ? -1 : da > db;
    else {
        char *ua = cks_unquote(a), *ub = cks_unquote(b);
        cmp = strcmp(ua, ub);
        cmp = cmp < 0 ? -1 : cmp > 0;
        free(ua);
        free(ub);
    }
    int v = strcmp(op, "eq") == 0 ? cmp == 0 : strcmp(op, "ne") == 0 ? cmp != 0
          : strcmp(op, "lt") == 0 ? cmp < 0 : strcmp(op, "gt") == 0 ? cmp > 0
          : strcmp(op, "le") == 0 ? cmp <= 0 : cmp >= 0;
    ck_unparse_bool(out, v);
done:
    free(a);
    free(b);
    return r;
}

static int cks_builtin(ck_script *s, const char *name, const char *args, ck_buf *out, ck_errh *errh)
{
    static const char *const ariths[] = {"add", "sub", "min", "max", "mul", "div", "idiv"};
    for (size_t i = 0; i < sizeof ariths / sizeof ariths[0]; i++)
        if (strcmp(name, ariths[i]) == 0)
            return cks_arith(name, args, out, errh);
    static const char *const cmps[] = {"eq", "ne", "lt", "gt", "le", "ge"};
    for (size_t i = 0; i < sizeof cmps / sizeof cmps[0]; i++)
        if (strcmp(name, cmps[i]) == 0)
            return cks_compare(name, args, out, errh);
    const char *p = args;
    if (strcmp(name, "mod") == 0 || strcmp(name, "rem") == 0) {
        char *a = cks_shift_word(&p), *b = cks_shift_word(&p);
        int64_t ia, ib;
        double da, db;
        int r = 0;
        if (!*a || !*b || *p)
            r = ck_error(errh, "expected two numbers");
        else if (ck_parse_int64(a, &ia) == 0 && ck_parse_int64(b, &ib) == 0 && ib != 0)
            ck_buf_printf(out, "%lld", (long long)(ia % ib));
        else if (strcmp(name, "rem") == 0 && ck_parse_double(a, &da) == 0 &&
                 ck_parse_double(b, &db) == 0)
            ck_buf_printf(out, "%.12g", fmod(da, db));
        else
            r = ck_error(errh, "expected two numbers");
        free(a);
        free(b);
        return r;
    }
    if (strcmp(name, "neg") == 0 || strcmp(name, "abs") == 0) {
        int64_t iv;
        double dv;
        int neg = name[0] == 'n';
        if (ck_parse_int64(args, &iv) == 0)
            ck_buf_printf(out, "%lld", (long long)(neg ? -iv : (iv < 0 ? -iv : iv)));
        else if (ck_parse_double(args, &dv) == 0)
            ck_buf_printf(out, "%.12g", neg ? -dv : fabs(dv));
        else
            return ck_error(errh, "expected number");
        return 0;
    }
    if (strcmp(name, "not") == 0) {
        int b;
        if (ck_parse_bool(args, &b) < 0)
            return ck_error(errh, "syntax error");
        ck_unparse_bool(out, !b);
        return 0;
    }
    if (strcmp(name, "and") == 0 || strcmp(name, "or") == 0 || strcmp(name, "nand") == 0 ||
        strcmp(name, "nor") == 0) {
        int is_and = strcmp(name, "and") == 0 || strcmp(name, "nand") == 0;
        int zero = is_and, cur = zero;
        while (cur == zero && *p) {
            char *w = cks_shift_word(&p);
            int b;
            if (ck_parse_bool(w, &b) < 0) {
                free(w);
                return ck_error(errh, "syntax error");
            }
            free(w);
            cur = is_and ? (cur && b) : (cur || b);
        }
        if (name[0] == 'n')
            cur = !cur;
        ck_unparse_bool(out, cur);
        return 0;
    }
    if (strcmp(name, "if") == 0) {
        char *c = cks_shift_word(&p), *a = cks_shift_word(&p), *b = cks_shift_word(&p);
        int v, r = 0;
        if (ck_parse_bool(c, &v) < 0)
            r = ck_error(errh, "syntax error");
        else
            ck_buf_puts(out, v ? a : b);
        free(c), free(a), free(b);
        return r;
    }
    if (strcmp(name, "in") == 0) {
        char *w = cks_shift_word(&p), *uw = cks_unquote(w);
        int found = 0;
        while (*uw && *p && !found) {
            char *x = cks_shift_word(&p), *ux = cks_unquote(x);
            found = strcmp(uw, ux) == 0;
            free(x), free(ux);
        }
        free(w), free(uw);
        ck_unparse_bool(out, found);
        return 0;
    }
    if (strcmp(name, "first") == 0) {
        char *w = cks_shift_word(&p);
        ck_buf_puts(out, w);
        free(w);
        return 0;
    }
    if (strcmp(name, "length") == 0) {
        char *u = cks_unquote(args);
        ck_buf_printf(out, "%zu", strlen(u));
        free(u);
        return 0;
    }
    if (strcmp(name, "unquote") == 0) {
        cks_unquote_into(out, args);
        return 0;
    }
    if (strcmp(name, "now") == 0) {
        ck_unparse_timestamp(out, ck_now_ns());
        return 0;
    }
    if (strcmp(name, "random") == 0) {
        int64_t n1 = 0, n2 = 0;
        char *a = cks_shift_word(&p), *b = cks_shift_word(&p);
        int r = 0;
        if (!*a)
            ck_buf_printf(out, "%ld", (long)(random() & 0x7FFFFFFF));
        else if (ck_parse_int64(a, &n1) < 0 || (*b && ck_parse_int64(b, &n2) < 0) ||
                 (*b ? n2 < n1 : n1 <= 0))
            r = ck_error(errh, "bad N");
        else if (*b)
            ck_buf_printf(out, "%lld", (long long)(n1 + random() % (n2 - n1 + 1)));
        else
            ck_buf_printf(out, "%lld", (long long)(random() % n1));
        free(a), free(b);
        return r;
    }
    if (strcmp(name, "readable") == 0 || strcmp(name, "writable") == 0) {
        int want_read = name[0] == 'r', ok = 1;
        while (*p && ok) {
            char *h = cks_shift_word(&p);
            const char *dot = strchr(h, '.');
            int elem = -1;
            if (dot) {
                char *en = cks_xstrndup(h, (size_t)(dot - h));
                elem = ck_element_find(en);
                free(en);
            }
            ok = 0;
            const ck_router_def *r = ck_current_router;
            for (int i = 0; elem >= 0 && r && i < r->nhandlers; i++)
                if (strcmp(r->handlers[i].element, r->elements[elem].name) == 0 &&
                    strcmp(r->handlers[i].name, dot + 1) == 0)
                    ok = want_read ? r->handlers[i].read != NULL : r->handlers[i].write != NULL;
            free(h);
        }
        ck_unparse_bool(out, ok);
        return 0;
    }
    if (strcmp(name, "htons") == 0 || strcmp(name, "htonl") == 0 || strcmp(name, "ntohs") == 0 ||
        strcmp(name, "ntohl") == 0) {
        /* Click's ARITH_BYTE_ORDER: an int, its bytes swapped to or from network order */
        int64_t x;
        if (ck_parse_int64(args, &x) < 0 || x < INT32_MIN || x > UINT32_MAX)
            return ck_error(errh, "syntax error");
        if (name[4] == 's')
            ck_buf_printf(out, "%u", (unsigned)(name[0] == 'h' ? htons((uint16_t)x) : ntohs((uint16_t)x)));
        else
            ck_buf_printf(out, "%u", (unsigned)(name[0] == 'h' ? htonl((uint32_t)x) : ntohl((uint32_t)x)));
        return 0;
    }
    if (strcmp(name, "cat") == 0 || strcmp(name, "catq") == 0) {
        /* Click's Script "cat FILE" (userlevel): the file's contents; "catq FILE": the same
         * quoted as cp_quote quotes it */
        char *w = cks_shift_word(&p), *fn = cks_unquote(w);
        free(w);
        if (!*fn) {
            free(fn);
            return ck_error(errh, "bad FILE");
        }
        FILE *f = fopen(fn, "rb");
        if (!f) {
            int e = errno;
            ck_error(errh, "%s: %s", fn, strerror(e));
            free(fn);
            return -e;
        }
        ck_buf body;
        ck_buf_init(&body);
        char chunk[4096];
        size_t n;
        while ((n = fread(chunk, 1, sizeof chunk, f)) > 0)
            ck_buf_append(&body, chunk, n);
        int bad = ferror(f);
        fclose(f);
        free(fn);
        if (bad) {
            ck_buf_free(&body);
            return ck_error(errh, "read error");
        }
        if (name[3] == 'q')
            cks_put_value(out, ck_buf_str(&body), 0, 1);
        else
            ck_buf_append(out, ck_buf_str(&body), body.len);
        ck_buf_free(&body);
        return 0;
    }
    if (strcmp(name, "kill") == 0) {
        /* Click's Script "kill SIGNO PID...": SIGNO a number 0..32 or a name (INT, SIGINT) */
        static const struct { const char *name; int signo; } sigs[] = {
            {"HUP", SIGHUP}, {"INT", SIGINT}, {"QUIT", SIGQUIT}, {"KILL", SIGKILL},
            {"USR1", SIGUSR1}, {"USR2", SIGUSR2}, {"ALRM", SIGALRM}, {"TERM", SIGTERM},
            {"CHLD", SIGCHLD}, {"CONT", SIGCONT}, {"STOP", SIGSTOP}};
        char *w = cks_shift_word(&p);
        const char *nm = strncmp(w, "SIG", 3) == 0 ? w + 3 : w;
        int64_t signo = -1;
        if (ck_parse_int64(w, &signo) < 0) {
            signo = -1;
            for (size_t i = 0; i < sizeof sigs / sizeof sigs[0]; i++)
                if (strcmp(nm, sigs[i].name) == 0)
                    signo = sigs[i].signo;
        }
        free(w);
        if (signo < 0 || signo > 32)
            return ck_error(errh, "bad SIGNO");
        while (*p) {
            char *pw = cks_shift_word(&p);
            int64_t pid;
            int r = ck_parse_int64(pw, &pid);
            free(pw);
            if (r < 0 || pid != (int64_t)(pid_t)pid)
                return ck_error(errh, "bad PID");
            if (kill((pid_t)pid, (int)signo) != 0) {
                int e = errno;
                ck_error(errh, "kill(%ld, %d): %s", (long)pid, (int)signo, strerror(e));
                return e;
            }
        }
        return 0;
    }
    if (strcmp(name, "get") == 0 || strcmp(name, "shift") == 0) {
        /* Click's Script::var_handler: "get VAR" is $VAR; "shift VAR" its first word, removed
         * from it */
        int get = name[0] == 'g';
        char *w = cks_shift_word(&p);
        int i = cks_find_var(s, w, 0);
        free(w);
        if (i < 0)
            return ck_error(errh, get ? "no such variable" : "undefined variable");
        if (get) {
            ck_buf_puts(out, s->var_values[i]);
            return 0;
        }
        const char *rest = s->var_values[i];
        char *first = cks_shift_word(&rest);
        ck_buf_puts(out, first);
        free(first);
        while (isspace((unsigned char)*rest))
            rest++;
        cks_set_var(s, i, ck_strdup(rest));
        return 0;
    }
    /* HandlerCall's message (the name unquoted); the call cannot be made */
    char *u = cks_unquote(name);
    ck_error(errh, "no '%s' read handler", u);
    free(u);
    return CK_HANDLER_EINIT;
}

/* Read "HANDLER [ARGS]" (already expanded), as Click's HandlerCall::call_read: an element's
 * handler (ARGS is its parameter: "rt.lookup 10.0.0.1"; a handler that takes none refuses
 * ARGS), a global handler, or one of the script's own.  When `context` is set, errors of the
 * call itself (not of finding the handler) are reported under "While calling 'HANDLER ARGS':",
 * as Script's print and read do.  Returns 0, -1, or CK_HANDLER_EINIT when the handler cannot
 * be called (reported; Click's HandlerCall::initialize failed). */
static int cks_call_read_args(ck_script *s, const char *name, const char *p, ck_buf *out,
                              ck_errh *errh, int context);

static int cks_call_read_ctx(ck_script *s, const char *call, ck_buf *out, ck_errh *errh,
                         int context)
{
    const char *p = call;
    char *name = cks_shift_word(&p);
    int r = cks_call_read_args(s, name, p, out, errh, context);
    free(name);
    return r;
}

/* The same with the handler's name and its parameter apart (readq passes an unquoted
 * parameter as it is, spaces and all: Click's HandlerCall with UNQUOTE_PARAM). */
static int cks_call_read_args(ck_script *s, const char *name, const char *p, ck_buf *out,
                              ck_errh *errh, int context)
{
    int r;
    if (strchr(name, '.') || strcmp(name, "version") == 0 || strcmp(name, "list") == 0) {
        r = ck_handler_check_read(name, p, errh);
        if (r == 0 && context) {
            char *what = malloc(strlen(name) + strlen(p) + 20);
            if (!what)
                abort();
            sprintf(what, "While calling '%s%s%s':", name, *p ? " " : "", p);
            ck_errh cerrh;
            ck_errh_child(&cerrh, errh, what);
            r = ck_handler_read_param(name, p, out, &cerrh);
            free(what);
        } else if (r == 0)
            r = ck_handler_read_param(name, p, out, errh);
    } else
        r = cks_builtin(s, name, p, out, errh);
    return r;
}

static int cks_call_read(ck_script *s, const char *call, ck_buf *out, ck_errh *errh)
{
    return cks_call_read_ctx(s, call, out, errh, 0);
}

/* ---- configuration ---- */

static void cks_add_insn(ck_script *s, int op, int arg, const char *text)
{
    if (s->ninsns == s->cap) {
        s->cap = s->cap ? 2 * s->cap : 16;
        s->insns = realloc(s->insns, (size_t)s->cap * sizeof(cks_insn));
        if (!s->insns)
            abort();
    }
    s->insns[s->ninsns++] = (cks_insn){op, arg, 0, ck_strdup(text ? text : "")};
}

/* Split a configuration string at top-level commas (Click's cp_argvec), dropping comments. */
static char **cks_split_args(const char *conf, int *n)
{
    char **v = NULL;
    int nv = 0;
    ck_buf cur;
    ck_buf_init(&cur);
    const char *s = conf;
    int depth = 0;
    for (;;) {
        if (*s == '\0' || (*s == ',' && depth == 0)) {
            v = realloc(v, (size_t)(nv + 1) * sizeof(char *));
            if (!v)
                abort();
            v[nv++] = cks_trim(ck_buf_str(&cur), cur.len);
            ck_buf_clear(&cur);
            if (!*s)
                break;
            s++;
        } else if (*s == '"' || *s == '\'') {
            const char *e = cks_skip_quote(s);
            ck_buf_append(&cur, s, (size_t)(e - s));
            s = e;
        } else if (s[0] == '/' && s[1] == '/') {
            while (*s && *s != '\n')
                s++;
        } else if (s[0] == '/' && s[1] == '*') {
            const char *e = strstr(s + 2, "*/");
            s = e ? e + 2 : s + strlen(s);
            ck_buf_append(&cur, " ", 1);
        } else {
            if (*s == '(')
                depth++;
            else if (*s == ')' && depth > 0)
                depth--;
            ck_buf_append(&cur, s++, 1);
        }
    }
    ck_buf_free(&cur);
    *n = nv;
    return v;
}

static const struct { const char *name; int op; } insn_names[] = {
    {"append", CKS_I_APPEND}, {"end", CKS_I_END}, {"error", CKS_I_ERROR}, {"errorq", CKS_I_ERRORQ},
    {"exit", CKS_I_EXIT}, {"export", CKS_I_INIT}, {"exportq", CKS_I_INITQ}, {"goto", CKS_I_GOTO},
    {"init", CKS_I_INIT}, {"initq", CKS_I_INITQ}, {"label", CKS_I_LABEL}, {"loop", -2},
    {"pause", CKS_I_WAIT_STEP}, {"print", CKS_I_PRINT}, {"printn", CKS_I_PRINTN}, {"printnq", CKS_I_PRINTNQ},
    {"printq", CKS_I_PRINTQ}, {"read", CKS_I_READ}, {"readq", CKS_I_READQ}, {"return", CKS_I_RETURN},
    {"returnq", CKS_I_RETURNQ}, {"save", CKS_I_SAVE}, {"set", CKS_I_SET}, {"setq", CKS_I_SETQ},
    {"stop", CKS_I_STOP}, {"wait", -1}, {"wait_for", CKS_I_WAIT_TIME}, {"wait_step", CKS_I_WAIT_STEP},
    {"wait_stop", CKS_I_WAIT_STEP}, {"wait_time", CKS_I_WAIT_TIME}, {"write", CKS_I_WRITE},
    {"writeq", CKS_I_WRITEQ},
};

ck_script *ck_script_new(int elem, int driver)
{
    ck_script *s = calloc(1, sizeof *s);
    if (!s)
        abort();
    s->elem = elem;
    s->driver = driver;
    return s;
}

/* A label's instruction index (Click's Script::find_label): the script's own labels first,
 * then "exit" and "end" (CKS_LABEL_EXIT: the script ends there, as at an "exit"), "begin"
 * and "loop" (0); ninsns when there is no such label. */
#define CKS_LABEL_EXIT (-1)
static int cks_label_index(ck_script *s, const char *label)
{
    for (int i = 0; i < s->ninsns; i++)
        if (s->insns[i].op == CKS_I_LABEL && strcmp(s->insns[i].text, label) == 0)
            return i;
    if (strcmp(label, "exit") == 0 || strcmp(label, "end") == 0)
        return CKS_LABEL_EXIT;
    if (strcmp(label, "begin") == 0 || strcmp(label, "loop") == 0)
        return 0;
    return s->ninsns;
}

int ck_script_configure(ck_script *s, const char *conf, ck_errh *errh)
{
    int nargs;
    char **args = cks_split_args(conf ? conf : "", &nargs);
    int before = errh->nerrors;
    cks_add_insn(s, CKS_I_INITIAL, 0, NULL);
    for (int i = 0; i < nargs; i++) {
        const char *rest = args[i];
        char *word = cks_shift_word(&rest);
        if (!*word) {
            free(word);
            continue;
        }
        if (strcmp(word, "TYPE") == 0) {
            char *t = cks_shift_word(&rest);
            int packet = strcmp(t, "PACKET") == 0 || strcmp(t, "PUSH") == 0;
            if (strcmp(t, "DRIVER") == 0 && !*rest)
                s->driver = 1;
            else if ((packet || strcmp(t, "PASSIVE") == 0) && !*rest) {
                s->passive = 1;
                s->packet = packet;
            } else if (!(strcmp(t, "ACTIVE") == 0 && !*rest))
                ck_error(errh, "TYPE %s is not supported by clickc yet", t);
            free(t);
            free(word);
            continue;
        }
        int op = -3;
        for (size_t k = 0; k < sizeof insn_names / sizeof insn_names[0]; k++)
            if (strcmp(word, insn_names[k].name) == 0)
                op = insn_names[k].op;
        if (op == -1) /* wait: a step without argument, a time with one */
            op = *rest ? CKS_I_WAIT_TIME : CKS_I_WAIT_STEP;
        switch (op) {
        case CKS_I_WAIT_STEP: {
            int64_t n = 1;
            if (*rest && (ck_parse_int64(rest, &n) < 0 || n < 0))
                goto syntax_error;
            cks_add_insn(s, CKS_I_WAIT_STEP, (int)n, NULL);
            break;
        }
        case CKS_I_WAIT_TIME:
        case CKS_I_WRITE: case CKS_I_WRITEQ: case CKS_I_READ: case CKS_I_READQ: case CKS_I_PRINT: case CKS_I_PRINTQ:
        case CKS_I_PRINTN: case CKS_I_PRINTNQ: case CKS_I_SAVE: case CKS_I_APPEND: case CKS_I_GOTO:
            cks_add_insn(s, op, 0, rest);
            break;
        case CKS_I_RETURN: case CKS_I_RETURNQ: case CKS_I_SET: case CKS_I_SETQ: case CKS_I_INIT: case CKS_I_INITQ: {
            const char *r2 = rest;
            char *var = (op == CKS_I_RETURN || op == CKS_I_RETURNQ) ? ck_strdup("_") : cks_shift_word(&r2);
            if (!*var || ((op == CKS_I_SET || op == CKS_I_SETQ) && !*r2)) {
                free(var);
                goto syntax_error;
            }
            cks_add_insn(s, op, cks_find_var(s, var, 1), r2);
            /* export[q]: an init whose variable is also a read/write handler (arg2 = 1) */
            s->insns[s->ninsns - 1].arg2 = strncmp(word, "export", 6) == 0;
            free(var);
            break;
        }
        case CKS_I_LABEL: {
            const char *r2 = rest;
            char *l = cks_shift_word(&r2);
            if (!*l || *r2) {
                free(l);
                goto syntax_error;
            }
            cks_add_insn(s, CKS_I_LABEL, 0, l);
            free(l);
            break;
        }
        case -2: /* loop */
            if (*rest)
                goto syntax_error;
            cks_add_insn(s, CKS_I_GOTO, 0, NULL);
            s->insns[s->ninsns - 1].arg = 0;
            break;
        case CKS_I_END: case CKS_I_EXIT: case CKS_I_STOP: case CKS_I_ERROR: case CKS_I_ERRORQ:
            if (*rest && op != CKS_I_ERROR && op != CKS_I_ERRORQ)
                goto syntax_error;
            cks_add_insn(s, op, 0, rest);
            break;
        default:
        syntax_error:
            ck_error(errh, "syntax error at '%s'", word);
            break;
        }
        free(word);
    }
    for (int i = 0; i < nargs; i++)
        free(args[i]);
    free(args);
    /* resolve gotos (loop's target is 0, already set) */
    for (int i = 0; i < s->ninsns; i++)
        if (s->insns[i].op == CKS_I_GOTO && s->insns[i].text[0]) {
            const char *p = s->insns[i].text;
            char *l = cks_shift_word(&p);
            s->insns[i].arg = cks_label_index(s, l);
            if (s->insns[i].arg >= s->ninsns)
                ck_error(errh, "no such label '%s'", l);
            /* keep only the condition */
            char *cond = ck_strdup(p);
            free(s->insns[i].text);
            s->insns[i].text = cond;
            free(l);
        }
    if (s->ninsns == 1 && s->driver)
        cks_add_insn(s, CKS_I_WAIT_STEP, 1, NULL);
    cks_add_insn(s, s->driver ? CKS_I_STOP : CKS_I_END, 0, NULL);
    return errh->nerrors > before ? -1 : 0;
}

/* ---- running ---- */

static void cks_report_context(ck_script *s, ck_errh *errh)
{
    const ck_router_def *r = ck_current_router;
    snprintf(s->context, sizeof s->context, "While executing '%s :: %s':",
             r ? r->elements[s->elem].name : "?", r ? r->elements[s->elem].class_name : "Script");
    ck_errh_init(errh, NULL, s->context);
}

enum { CKS_STEP_ROUTER, CKS_STEP_TIMER, CKS_STEP_JUMP };

/* Click's Script::step: run with nsteps more steps; returns 1 when the script reached
 * "stop" (the router must stop), 0 otherwise. */
static int cks_step(ck_script *s, int nsteps, int step_type)
{
    ck_errh errh;
    if (step_type == CKS_STEP_ROUTER)
        /* the driver's stop requests step a DriverManager with Click's default error handler:
         * no "While executing" context */
        ck_errh_init(&errh, NULL, NULL);
    else
        cks_report_context(s, &errh);
    int njumps = 0;
    nsteps += s->step_count;
    while (nsteps - s->step_count >= 0 && s->pos < s->ninsns && njumps < CKS_MAX_JUMPS) {
        int ipos = s->pos++;
        cks_insn *in = &s->insns[ipos];
        switch (in->op) {
        case CKS_I_STOP:
            s->step_count++;
            s->pos--;
            if (step_type != CKS_STEP_ROUTER)
                ck_router_stop();
            return 1;
        case CKS_I_WAIT_STEP:
            while (s->step_count < nsteps && in->arg2 < in->arg) {
                in->arg2++;
                s->step_count++;
            }
            if (s->step_count == nsteps && in->arg2 < in->arg) {
                s->pos--;
                return 0;
            }
            break;
        case CKS_I_WAIT_TIME:
            if (s->step_count == nsteps) {
                char *t = cks_expand(s, in->text, &errh);
                int64_t ns;
                if (ck_parse_time_ns(t, &ns) == 0) {
                    ck_timer_schedule_after(&s->timer, ns);
                    s->pos--;
                } else
                    ck_error(&errh, "syntax error at 'wait'");
                free(t);
                return 0;
            }
            s->step_count++;
            ck_timer_unschedule(&s->timer);
            break;
        case CKS_I_INITIAL:
            if (in->arg) {
                s->step_count++;
                in->arg = 0;
            }
            break;
        case CKS_I_SAVE:
        case CKS_I_APPEND:
        case CKS_I_PRINT:
        case CKS_I_PRINTQ:
        case CKS_I_PRINTN:
        case CKS_I_PRINTNQ: {
            const char *text = in->text;
            char *handler_text = NULL;
            FILE *f = stdout;
            char *fname = NULL;
            int append = 0;
            if (in->op == CKS_I_SAVE || in->op == CKS_I_APPEND) {
                const char *p = text;
                char *w = cks_shift_word(&p);
                fname = ck_strdup(*p ? p : "-");
                append = in->op == CKS_I_APPEND;
                handler_text = w;
                text = handler_text;
            } else if (text[0] == '>') {
                append = text[1] == '>';
                const char *p = text + 1 + append;
                fname = cks_shift_word(&p);
                text = p;
            }
            if (fname && strcmp(fname, "-") != 0 && !(f = fopen(fname, append ? "ab" : "wb"))) {
                ck_error(&errh, "%s: %s", fname, strerror(errno));
                free(fname);
                free(handler_text);
                break;
            }
            int before = errh.nerrors;
            ck_buf result;
            ck_buf_init(&result);
            int quoted = in->op == CKS_I_PRINTQ || in->op == CKS_I_PRINTNQ;
            if (text[0] && (isalpha((unsigned char)text[0]) || text[0] == '@' || text[0] == '_')) {
                char *call = cks_expand(s, text, &errh);
                if (quoted) {
                    const char *p = call;
                    char *h = cks_shift_word(&p), *u = cks_unquote(p);
                    char *c2 = malloc(strlen(h) + strlen(u) + 2);
                    if (!c2)
                        abort();
                    sprintf(c2, "%s %s", h, u);
                    free(call);
                    call = c2;
                    free(h), free(u);
                }
                (void)cks_call_read_ctx(s, call, &result, &errh, 1);
                free(call);
            } else {
                /* Click: cp_unquote(cp_expand(text, expander, true)) */
                ck_buf e;
                ck_buf_init(&e);
                cks_expand_into_q(s, text, &e, &errh, 1);
                cks_unquote_into(&result, ck_buf_str(&e));
                ck_buf_free(&e);
            }
            if (errh.nerrors == before && (result.len == 0 || result.s[result.len - 1] != '\n') &&
                in->op != CKS_I_PRINTN && in->op != CKS_I_PRINTNQ)
                ck_buf_append(&result, "\n", 1);
            fwrite(ck_buf_str(&result), 1, result.len, f);
            if (f == stdout)
                fflush(f);
            else
                fclose(f);
            ck_buf_free(&result);
            free(fname);
            free(handler_text);
            break;
        }
        case CKS_I_READ:
        case CKS_I_READQ: {
            char *call = cks_expand(s, in->text, &errh);
            ck_buf result;
            ck_buf_init(&result);
            const char *p = call;
            char *h = cks_shift_word(&p);
            /* Click's UNQUOTE_PARAM for readq: the parameter unquoted, passed as it is */
            char *param = in->op == CKS_I_READQ ? cks_unquote(p) : ck_strdup(p);
            /* Click prints the handler's name (the script's own handlers as ELEMENT.NAME, as
             * HandlerCall unparses them) and value even when the call failed */
            const ck_router_def *rd = ck_current_router;
            int own = !strchr(h, '.') && strcmp(h, "version") != 0 && strcmp(h, "list") != 0;
            if (cks_call_read_args(s, h, param, &result, &errh, 1) != CK_HANDLER_EINIT)
                fprintf(stderr, "%s%s%s:\n%s\n", own && rd ? rd->elements[s->elem].name : "",
                        own && rd ? "." : "", h, ck_buf_str(&result));
            free(param);
            free(h);
            ck_buf_free(&result);
            free(call);
            break;
        }
        case CKS_I_WRITE:
        case CKS_I_WRITEQ: {
            char *call = cks_expand(s, in->text, &errh);
            const char *p = call;
            char *h = cks_shift_word(&p);
            char *value = in->op == CKS_I_WRITEQ ? cks_unquote(p) : ck_strdup(p);
            /* Click's Script: HandlerCall::initialize first (its errors bare, the status
             * unchanged), then the call under "While calling 'HANDLER VALUE':" */
            if (strcmp(h, "set") == 0) {
                /* the script's own "set VAR VALUE" (Click's Script::var_handler, vh_set) */
                const char *v = value;
                char *var = cks_shift_word(&v);
                if (!*var)
                    ck_error(&errh, "no variable");
                else
                    cks_set_var(s, cks_find_var(s, var, 1), ck_strdup(v));
                s->write_status = *var ? 0 : -EINVAL;
                free(var);
            } else if (ck_handler_check_write(h, &errh) == 0) {
                char *what = malloc(strlen(h) + strlen(value) + 20);
                if (!what)
                    abort();
                sprintf(what, "While calling '%s%s%s':", h, *value ? " " : "", value);
                ck_errh cerrh;
                ck_errh_child(&cerrh, &errh, what);
                s->write_status = ck_handler_write(h, value, &cerrh) < 0 ? -EINVAL : 0;
                free(what);
            }
            free(h), free(value), free(call);
            break;
        }
        case CKS_I_RETURN:
        case CKS_I_RETURNQ:
        case CKS_I_SET:
        case CKS_I_SETQ: {
            char *v = cks_expand(s, in->text, &errh);
            if (in->op == CKS_I_SETQ || in->op == CKS_I_RETURNQ) {
                char *u = cks_unquote(v);
                free(v);
                v = u;
            }
            cks_set_var(s, in->arg, v);
            if ((in->op == CKS_I_RETURN || in->op == CKS_I_RETURNQ) && s->pos == ipos + 1) {
                s->pos--;
                return 0;
            }
            break;
        }
        case CKS_I_INIT:
        case CKS_I_INITQ:
        case CKS_I_LABEL:
            break;
        case CKS_I_GOTO: {
            char *cond = cks_expand(s, in->text, &errh);
            int c = 1;
            if (cond[0] && ck_parse_bool(cond, &c) < 0)
                ck_error(&errh, "bad condition '%s'", cond);
            else if (c && in->arg == CKS_LABEL_EXIT) {
                free(cond);
                s->pos = ipos; /* as an "exit" here */
                return 0;
            } else if (c) {
                for (int i = in->arg; i < ipos; i++)
                    if (s->insns[i].op == CKS_I_WAIT_STEP)
                        s->insns[i].arg2 = 0;
                s->pos = in->arg;
            }
            free(cond);
            break;
        }
        case CKS_I_ERROR:
        case CKS_I_ERRORQ: {
            char *msg = cks_expand(s, in->text, &errh);
            if (in->op == CKS_I_ERRORQ) {
                char *u = cks_unquote(msg);
                free(msg);
                msg = u;
            }
            if (msg[0])
                ck_error(&errh, "%s", msg);
            free(msg);
        }
            /* fall through */
        case CKS_I_END:
        case CKS_I_EXIT:
            s->pos--;
            return 0;
        }
        if (s->pos != ipos + 1)
            njumps++;
    }
    if (njumps >= CKS_MAX_JUMPS) {
        const ck_router_def *r = ck_current_router;
        ck_chatter("%s :: %s: too many jumps, giving up", r ? r->elements[s->elem].name : "?",
                   r ? r->elements[s->elem].class_name : "Script");
        s->pos = s->ninsns;
        ck_timer_unschedule(&s->timer);
    }
    return 0;
}

static void cks_on_timer(void *arg)
{
    ck_script *s = arg;
    (void)cks_step(s, 1, CKS_STEP_TIMER);
}

/* The driver script sees every stop request (Click's Router::check_driver). */
static int cks_driver_hook(void)
{
    ck_script *s = cks_driver_script;
    if (!s || s->finished)
        return 0;
    if (cks_step(s, 1, CKS_STEP_ROUTER)) {
        s->finished = 1;
        return 0;
    }
    return 1;
}

/* Every script, for the handlers of exported variables (ck_script_initialize). */
static ck_script **cks_all;
static int cks_nall;

/* The script and variable index of the exported-variable handler being called. */
static ck_script *cks_exported(int *var)
{
    const ck_handler_def *h = ck_handler_current;
    int elem = h ? ck_element_find(h->element) : -1;
    for (int i = 0; i < cks_nall; i++)
        if (cks_all[i]->elem == elem && (*var = cks_find_var(cks_all[i], h->name, 0)) >= 0)
            return cks_all[i];
    return NULL;
}

/* Click's Script::var_handler: an exported variable reads as its value and is set by a write. */
static int cks_read_exported(ck_buf *out)
{
    int var;
    ck_script *s = cks_exported(&var);
    if (!s)
        return -ENOENT;
    ck_buf_puts(out, s->var_values[var]);
    return 0;
}

static int cks_write_exported(const char *value, ck_errh *errh)
{
    (void)errh;
    int var;
    ck_script *s = cks_exported(&var);
    if (!s)
        return -ENOENT;
    cks_set_var(s, var, ck_strdup(value));
    return 0;
}

int ck_script_initialize(ck_script *s, ck_errh *errh)
{
    const ck_router_def *r = ck_current_router;
    ck_script **all = realloc(cks_all, (size_t)(cks_nall + 1) * sizeof *all);
    if (!all)
        abort();
    cks_all = all;
    cks_all[cks_nall++] = s;
    for (int i = 0; i < s->ninsns; i++)
        if ((s->insns[i].op == CKS_I_INIT || s->insns[i].op == CKS_I_INITQ) && s->insns[i].arg2 && r &&
            ck_handler_add(r->elements[s->elem].name, s->var_names[s->insns[i].arg],
                           cks_read_exported, cks_write_exported) < 0)
            return ck_error(errh, "out of memory");
    ck_timer_init(&s->timer, cks_on_timer, s);
    for (int i = 0; i < s->ninsns; i++)
        if (s->insns[i].op == CKS_I_INIT || s->insns[i].op == CKS_I_INITQ) {
            char *v = cks_expand(s, s->insns[i].text, errh);
            if (s->insns[i].op == CKS_I_INITQ) {
                char *u = cks_unquote(v);
                free(v);
                v = u;
            }
            cks_set_var(s, s->insns[i].arg, v);
        }
    s->pos = 0;
    s->step_count = 0;
    s->insns[0].arg = !s->passive; /* the initial step (a passive script is not started) */
    if (s->driver) {
        if (cks_driver_script)
            return ck_error(errh, "router has more than one driver script");
        cks_driver_script = s;
        ck_set_stop_hook(cks_driver_hook);
        ck_router_stop(); /* the first "stop" request runs the script to its first wait */
    } else if (!s->passive && s->ninsns > 1 &&
               (s->insns[1].op == CKS_I_WAIT_TIME || s->insns[1].op == CKS_I_WAIT_STEP)) {
        /* A script that begins with a wait has no initial step in Click (Script::add_insn):
         * Script::initialize schedules a timed wait now, and a wait for steps waits for a
         * step.  So no timer at 0 runs first (a FromDump's STOP at the end of its file may stop
         * the router before it would), and a "step" written before the wait ends passes it. */
        s->insns[0].arg = 0;
        s->pos = 1;
        (void)cks_step(s, 0, CKS_STEP_TIMER);
    } else if (!s->passive)
        ck_timer_schedule_after(&s->timer, 0);
    return 0;
}

void ck_script_free(ck_script *s)
{
    if (!s)
        return;
    for (int i = 0; i < cks_nall; i++)
        if (cks_all[i] == s)
            cks_all[i--] = cks_all[--cks_nall];
    if (cks_nall == 0) {
        free(cks_all);
        cks_all = NULL;
    }
    ck_timer_unschedule(&s->timer);
    if (cks_driver_script == s) {
        cks_driver_script = NULL;
        ck_set_stop_hook(NULL);
    }
    for (int i = 0; i < s->ninsns; i++)
        free(s->insns[i].text);
    free(s->insns);
    for (int i = 0; i < s->nvars; i++) {
        free(s->var_names[i]);
        free(s->var_values[i]);
    }
    free(s->var_names);
    free(s->var_values);
    free(s->run_args);
    free(s);
}

static int cks_run(ck_script *s, const char *args, ck_buf *retval);

/* Click's Script::complete_step: the value of a run that stopped at instruction s->pos: $_
 * after "return", "0" after "end" in a PACKET script, nothing otherwise. */
static void cks_result(ck_script *s, ck_buf *out)
{
    int op = s->pos >= 0 && s->pos < s->ninsns ? s->insns[s->pos].op : -1;
    if (op == CKS_I_RETURN || op == CKS_I_RETURNQ) {
        int i = cks_find_var(s, "_", 0);
        if (i >= 0)
            ck_buf_puts(out, s->var_values[i]);
    } else if (op == CKS_I_END && s->packet)
        ck_buf_puts(out, "0");
}

int ck_script_packet(ck_script *s, int port)
{
    char num[16];
    snprintf(num, sizeof num, "%d", port);
    cks_set_var(s, cks_find_var(s, "input", 1), ck_strdup(num));
    s->pos = 0;
    (void)cks_step(s, 0, CKS_STEP_JUMP);
    ck_buf out;
    ck_buf_init(&out);
    cks_result(s, &out);
    int64_t chosen = -1;
    if (ck_parse_int64(ck_buf_str(&out), &chosen) < 0 || chosen < 0 || chosen > INT32_MAX)
        chosen = -1;
    ck_buf_free(&out);
    return (int)chosen;
}

/* Handlers "step", "goto", "run" (Click's Script::step_handler, simplified: "run [ARGS]"
 * runs the script from the top with $args; "step [N]" gives N steps; "goto LABEL" jumps). */
int ck_script_write_handler(ck_script *s, const char *which, const char *value, ck_errh *errh)
{
    if (strcmp(which, "step") == 0) {
        int64_t n = 1;
        if (value[0] && ck_parse_int64(value, &n) < 0)
            return ck_error(errh, "syntax error");
        if (cks_step(s, (int)n, CKS_STEP_JUMP) && s->driver)
            ck_router_stop();
        return 0;
    }
    if (strcmp(which, "goto") == 0) {
        const char *p = value;
        char *l = cks_shift_word(&p);
        int t = cks_label_index(s, l);
        free(l);
        if (t >= s->ninsns || t < 0) /* Click: "exit" is no target here */
            return ck_error(errh, "jump to nonexistent label");
        s->pos = t;
        (void)cks_step(s, 0, CKS_STEP_JUMP);
        return 0;
    }
    if (strcmp(which, "run") == 0) {
        (void)cks_run(s, value, NULL);
        return 0;
    }
    return ck_error(errh, "no such handler");
}

/* Click's Script::step_handler for "run" (ST_RUN) and complete_step: run from the top with
 * `args` as $args ($1, $2, ...); the value is $_ when the script stopped at a "return".  As in
 * Click, the arguments stay the script's $args after the call (until the next "run"), so a
 * script that waits still reads them when it resumes. */
static int cks_run(ck_script *s, const char *args, ck_buf *retval)
{
    const char *old_name = s->run_name;
    free(s->run_args);
    s->run_args = ck_strdup(args ? args : "");
    s->run_name = "run";
    s->pos = 0;
    (void)cks_step(s, 0, CKS_STEP_JUMP);
    if (retval)
        cks_result(s, retval);
    if (s->run_args && !s->run_args[0]) {
        free(s->run_args);
        s->run_args = NULL;
    }
    s->run_name = old_name;
    return 0;
}

int ck_script_read_handler(ck_script *s, const char *which, ck_buf *out)
{
    if (strcmp(which, "run") == 0) {
        /* a read handler with a parameter: the buffer holds the arguments */
        char *args = ck_strdup(ck_buf_str(out));
        ck_buf_clear(out);
        cks_run(s, args, out);
        free(args);
        return 0;
    }
    return -ENOENT;
}

#endif
