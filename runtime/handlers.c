/*
 * Handlers: the router's handler table, Click's generic element handlers, `-h` printing in
 * Click's format (userlevel/click.cc call_read_handlers), and drop accounting.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include "clickc.h"
#include "hotswap.h"

#include <errno.h>
#include <fnmatch.h>
#include <stdio.h>
#include <stdlib.h>

const ck_router_def *ck_current_router;
int (*ck_hot_write)(const char *text, ck_errh *errh); /* set by a -R host (hotswap.c) */

/* ---- drops ----
 *
 * Each thread counts its drops in its own table of ck_drop_row (one per element), allocated at
 * its first drop and registered in drop_tables for the readers, which sum over threads. Only
 * the owning thread writes a row: counts are updated with a relaxed load and store (no lock
 * prefix) and read with relaxed loads, so a handler reading them while the router runs sees a
 * recent value; reason pointers are read only after the run (--stats). The fast path is inline
 * in clickc.h (ck_count_drop): the row's last reason compared by pointer. */

_Thread_local ck_drop_row *ck_drop_table;
int ck_drop_nelements;
static _Atomic(ck_drop_row *) drop_tables[CK_MAX_THREADS];

static ck_drop_row *my_drop_table(void)
{
    if (ck_drop_table)
        return ck_drop_table;
    int n = ck_drop_nelements;
    if (n <= 0 || ck_thread_id < 0 || ck_thread_id >= CK_MAX_THREADS)
        return NULL;
    /* a thread started again (a -R router after a swap) counts on in its thread's table */
    ck_drop_row *t = atomic_load_explicit(&drop_tables[ck_thread_id], memory_order_acquire);
    if (t)
        return ck_drop_table = t;
    t = calloc((size_t)n, sizeof *t);
    if (!t)
        return NULL;
    ck_drop_table = t;
    atomic_store_explicit(&drop_tables[ck_thread_id], t, memory_order_release);
    return t;
}

static void bump(_Atomic uint64_t *c)
{
    atomic_store_explicit(c, atomic_load_explicit(c, memory_order_relaxed) + 1, memory_order_relaxed);
}

/* Make room for element `elem` in the tables when no router table sized them (test harnesses
 * count drops without ck_router_attach); only while one thread runs. */
static int grow_drop_tables(int elem)
{
    if (ck_multithreaded)
        return -1;
    int n = elem + 16;
    for (int t = 0; t < CK_MAX_THREADS; t++) {
        ck_drop_row *old = atomic_load_explicit(&drop_tables[t], memory_order_relaxed);
        if (!old)
            continue;
        ck_drop_row *nt = realloc(old, (size_t)n * sizeof *nt);
        if (!nt)
            return -1;
        memset(nt + ck_drop_nelements, 0, (size_t)(n - ck_drop_nelements) * sizeof *nt);
        atomic_store_explicit(&drop_tables[t], nt, memory_order_relaxed);
        if (old == ck_drop_table)
            ck_drop_table = nt;
    }
    ck_drop_nelements = n;
    return 0;
}

void ck_count_drop_slow(int elem, const char *reason)
{
    if (elem < 0 || (elem >= ck_drop_nelements && grow_drop_tables(elem) < 0))
        return;
    ck_drop_row *t = my_drop_table();
    if (!t)
        return;
    ck_drop_row *d = &t[elem];
    for (uint32_t i = 0; i < CK_DROP_REASONS; i++) {
        if (!d->reason[i])
            d->reason[i] = reason;
        else if (d->reason[i] != reason && strcmp(d->reason[i], reason) != 0)
            continue;
        d->last = i;
        bump(&d->count[i]);
        return;
    }
    bump(&d->other);
}

uint64_t ck_drops_of(int elem)
{
    if (elem < 0 || elem >= ck_drop_nelements)
        return 0;
    uint64_t total = 0;
    for (int t = 0; t < CK_MAX_THREADS; t++) {
        ck_drop_row *tab = atomic_load_explicit(&drop_tables[t], memory_order_acquire);
        if (!tab)
            continue;
        for (int i = 0; i < CK_DROP_REASONS; i++)
            total += atomic_load_explicit(&tab[elem].count[i], memory_order_relaxed);
        total += atomic_load_explicit(&tab[elem].other, memory_order_relaxed);
    }
    return total;
}

/* Reasons of element `elem` summed over threads (call after the run): up to `max` entries, in
 * the order threads 0, 1, ... first counted them, then "other" (drops beyond CK_DROP_REASONS
 * reasons in a thread's row, or beyond `max`) when there is room. Returns the number. */
int ck_drop_reasons(int elem, const char **reasons, uint64_t *counts, int max)
{
    if (elem < 0 || elem >= ck_drop_nelements)
        return 0;
    int n = 0;
    uint64_t other = 0;
    for (int t = 0; t < CK_MAX_THREADS; t++) {
        ck_drop_row *tab = atomic_load_explicit(&drop_tables[t], memory_order_acquire);
        if (!tab)
            continue;
        ck_drop_row *d = &tab[elem];
        for (int i = 0; i < CK_DROP_REASONS && d->reason[i]; i++) {
            uint64_t c = atomic_load_explicit(&d->count[i], memory_order_relaxed);
            int j = 0;
            while (j < n && strcmp(reasons[j], d->reason[i]) != 0)
                j++;
            if (j < n)
                counts[j] += c;
            else if (n < max) {
                reasons[n] = d->reason[i];
                counts[n++] = c;
            } else
                other += c;
        }
        other += atomic_load_explicit(&d->other, memory_order_relaxed);
    }
    if (other && n < max) {
        reasons[n] = "other";
        counts[n++] = other;
    }
    return n;
}

void ck_drops_reset(void)
{
    for (int t = 0; t < CK_MAX_THREADS; t++) {
        free(atomic_load_explicit(&drop_tables[t], memory_order_relaxed));
        atomic_store_explicit(&drop_tables[t], NULL, memory_order_relaxed);
    }
    ck_drop_table = NULL;
    ck_drop_nelements = 0;
}

/* ---- drop tables across a hot swap (runtime/hotswap.c; the threads are stopped) ---- */

void ck_drops_hot_detach(ck_drops_saved *s)
{
    for (int t = 0; t < CK_MAX_THREADS; t++) {
        s->tables[t] = atomic_load_explicit(&drop_tables[t], memory_order_relaxed);
        atomic_store_explicit(&drop_tables[t], NULL, memory_order_relaxed);
    }
    s->nelements = ck_drop_nelements;
    ck_drop_table = NULL;
    ck_drop_nelements = 0;
}

void ck_drops_hot_restore(ck_drops_saved *s)
{
    ck_drops_reset();
    for (int t = 0; t < CK_MAX_THREADS; t++)
        atomic_store_explicit(&drop_tables[t], (ck_drop_row *)s->tables[t], memory_order_relaxed);
    ck_drop_nelements = s->nelements;
    ck_drop_table = NULL;
    memset(s, 0, sizeof *s);
}

void ck_drops_hot_merge(const ck_drops_saved *s, int from, int to, const char *(*intern)(const char *))
{
    if (from < 0 || from >= s->nelements || to < 0 || to >= ck_drop_nelements)
        return;
    for (int t = 0; t < CK_MAX_THREADS; t++) {
        const ck_drop_row *old = s->tables[t];
        if (!old)
            continue;
        ck_drop_row *tab = atomic_load_explicit(&drop_tables[t], memory_order_relaxed);
        if (!tab) {
            tab = calloc((size_t)ck_drop_nelements, sizeof *tab);
            if (!tab)
                return;
            atomic_store_explicit(&drop_tables[t], tab, memory_order_relaxed);
        }
        const ck_drop_row *o = &old[from];
        ck_drop_row *d = &tab[to];
        for (int i = 0; i < CK_DROP_REASONS && o->reason[i]; i++) {
            uint64_t c = atomic_load_explicit(&o->count[i], memory_order_relaxed);
            const char *why = intern(o->reason[i]);
            int j = 0;
            while (j < CK_DROP_REASONS && d->reason[j] && strcmp(d->reason[j], why) != 0)
                j++;
            if (j == CK_DROP_REASONS) {
                atomic_fetch_add(&d->other, c);
                continue;
            }
            if (!d->reason[j])
                d->reason[j] = why;
            atomic_fetch_add(&d->count[j], c);
        }
        atomic_fetch_add(&d->other, atomic_load_explicit(&o->other, memory_order_relaxed));
    }
}

void ck_drops_hot_free(ck_drops_saved *s)
{
    for (int t = 0; t < CK_MAX_THREADS; t++)
        free(s->tables[t]);
    memset(s, 0, sizeof *s);
}

/* ---- the router table ---- */

/* Handlers added at run time (ck_handler_add), searched after the compiled table. */
static ck_handler_def *dyn_handlers;
static int ndyn_handlers;
_Thread_local const ck_handler_def *ck_handler_current;

int ck_handler_add(const char *element, const char *name, int (*read)(ck_buf *out),
                   int (*write)(const char *value, ck_errh *errh))
{
    ck_handler_def *n = realloc(dyn_handlers, (size_t)(ndyn_handlers + 1) * sizeof *n);
    if (!n)
        return -1;
    dyn_handlers = n;
    n[ndyn_handlers++] = (ck_handler_def){ck_strdup(element), ck_strdup(name), read, write, 0};
    return 0;
}

/* Configurations changed at run time (ck_element_reconfigure_keyword), by element index. */
static char **config_now;
static int nconfig_now;

/* The next top-level argument of a configuration (Click's cp_argvec: split at commas outside
 * quotes and brackets, spaces around dropped); *s moves past it.  NULL at the end. */
static char *next_arg(const char **s)
{
    const char *p = *s;
    while (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r')
        p++;
    if (!*p)
        return NULL;
    const char *b = p;
    int depth = 0;
    char quote = 0;
    for (; *p && (quote || depth || *p != ','); p++) {
        if (quote) {
            if (*p == '\\' && quote == '"' && p[1])
                p++;
            else if (*p == quote)
                quote = 0;
        } else if (*p == '"' || *p == '\'')
            quote = *p;
        else if (*p == '(' || *p == '[' || *p == '{')
            depth++;
        else if ((*p == ')' || *p == ']' || *p == '}') && depth > 0)
            depth--;
    }
    const char *e = p;
    while (e > b && (e[-1] == ' ' || e[-1] == '\t' || e[-1] == '\n' || e[-1] == '\r'))
        e--;
    *s = *p == ',' ? p + 1 : p;
    char *a = malloc((size_t)(e - b) + 1);
    if (a) {
        memcpy(a, b, (size_t)(e - b));
        a[e - b] = '\0';
    }
    return a;
}

/* Whether argument a starts with KEYWORD (an uppercase word) and a space; *rest: what follows. */
static int keyword_arg(const char *a, const char *keyword, const char **rest)
{
    size_t n = strlen(keyword);
    if (strncmp(a, keyword, n) != 0 || (a[n] && a[n] != ' ' && a[n] != '\t'))
        return 0;
    for (*rest = a + n; **rest == ' ' || **rest == '\t'; (*rest)++)
        ;
    return 1;
}

int ck_element_reconfigure_keyword(int elem, int argno, const char *keyword, const char *value)
{
    const ck_router_def *r = ck_current_router;
    if (!r || elem < 0 || elem >= r->nelements)
        return -1;
    if (!config_now) {
        config_now = calloc((size_t)r->nelements, sizeof *config_now);
        if (!config_now)
            return -1;
        nconfig_now = r->nelements;
    }
    const char *s = ck_element_config(elem);
    char *args[256];
    int n = 0, found = 0;
    for (char *a; n < 256 && (a = next_arg(&s)) != NULL;) {
        const char *rest;
        if (keyword && keyword_arg(a, keyword, &rest)) {
            found = 1; /* Args::consume: the keyword's argument goes */
            free(a);
        } else
            args[n++] = a;
    }
    const char *rest;
    int positional = !found && argno >= 0 && argno < n
                     && !(keyword && keyword_arg(args[argno], keyword, &rest) && *rest);
    ck_buf b;
    ck_buf_init(&b);
    for (int i = 0; i < n; i++) {
        ck_buf_printf(&b, "%s%s", i ? ", " : "", positional && i == argno ? value : args[i]);
        free(args[i]);
    }
    if (!positional)
        ck_buf_printf(&b, "%s%s %s", n ? ", " : "", keyword ? keyword : "", value);
    free(config_now[elem]);
    config_now[elem] = ck_strdup(ck_buf_str(&b));
    ck_buf_free(&b);
    return 0;
}

const char *ck_element_config(int elem)
{
    const ck_router_def *r = ck_current_router;
    if (config_now && elem < nconfig_now && config_now[elem])
        return config_now[elem];
    return r && elem >= 0 && elem < r->nelements && r->elements[elem].config
               ? r->elements[elem].config : "";
}

static void dyn_handlers_free(void)
{
    for (int i = 0; i < nconfig_now; i++)
        free(config_now[i]);
    free(config_now);
    config_now = NULL;
    nconfig_now = 0;
    for (int i = 0; i < ndyn_handlers; i++) {
        free((char *)dyn_handlers[i].element);
        free((char *)dyn_handlers[i].name);
    }
    free(dyn_handlers);
    dyn_handlers = NULL;
    ndyn_handlers = 0;
}

void ck_router_attach(const ck_router_def *router)
{
    if (router != ck_current_router)
        dyn_handlers_free();
    ck_current_router = router;
    if (router && router->nelements > ck_drop_nelements)
        grow_drop_tables(router->nelements - 1);
}

int ck_element_find(const char *name)
{
    const ck_router_def *r = ck_current_router;
    if (!r)
        return -1;
    for (int i = 0; i < r->nelements; i++)
        if (strcmp(r->elements[i].name, name) == 0)
            return i;
    return -1;
}

/* Generic handlers every element has (Click's Element::add_default_handlers), and
 * "scheduled", which every element with a task has (Click's Element::add_task_handlers: "true"
 * unless the task sleeps on its notifier). */
enum { G_NONE = -1, G_NAME, G_CLASS, G_CONFIG, G_HANDLERS, G_SCHEDULED };
static const char *const generic_names[] = {"name", "class", "config", "handlers", "scheduled"};

static int generic_handler(int elem, const char *name)
{
    for (int i = 0; i < 4; i++)
        if (strcmp(name, generic_names[i]) == 0)
            return i;
    if (strcmp(name, generic_names[G_SCHEDULED]) == 0 && ck_current_router
        && ck_current_router->elements[elem].run_task)
        return G_SCHEDULED;
    return G_NONE;
}

static const ck_handler_def *find_handler(int elem, const char *name)
{
    const ck_router_def *r = ck_current_router;
    const char *ename = r->elements[elem].name;
    for (int i = 0; i < r->nhandlers; i++)
        if (strcmp(r->handlers[i].name, name) == 0 && strcmp(r->handlers[i].element, ename) == 0)
            return &r->handlers[i];
    for (int i = 0; i < ndyn_handlers; i++)
        if (strcmp(dyn_handlers[i].name, name) == 0 && strcmp(dyn_handlers[i].element, ename) == 0)
            return ck_handler_current = &dyn_handlers[i];
    return NULL;
}

static int read_generic(int elem, int g, ck_buf *out)
{
    const ck_router_def *r = ck_current_router;
    const ck_element_def *e = &r->elements[elem];
    switch (g) {
    case G_NAME:
        ck_buf_puts(out, e->name);
        return 0;
    case G_CLASS:
        ck_buf_puts(out, e->class_name);
        return 0;
    case G_CONFIG:
        ck_buf_puts(out, ck_element_config(elem));
        return 0;
    case G_HANDLERS:
        for (int i = 0; i < r->nhandlers; i++)
            if (strcmp(r->handlers[i].element, e->name) == 0)
                ck_buf_printf(out, "%s\t%s%s\n", r->handlers[i].name, r->handlers[i].read ? "r" : "",
                              r->handlers[i].write ? "w" : "");
        for (int i = 0; i < ndyn_handlers; i++)
            if (strcmp(dyn_handlers[i].element, e->name) == 0)
                ck_buf_printf(out, "%s\t%s%s\n", dyn_handlers[i].name, dyn_handlers[i].read ? "r" : "",
                              dyn_handlers[i].write ? "w" : "");
        if (e->run_task && !find_handler(elem, generic_names[G_SCHEDULED])) /* its own */
            ck_buf_printf(out, "%s\tr\n", generic_names[G_SCHEDULED]);
        for (int i = 3; i >= 0; i--)
            ck_buf_printf(out, "%s\tr\n", generic_names[i]);
        return 0;
    case G_SCHEDULED:
        ck_buf_puts(out, ck_task_asleep && ck_task_asleep[elem] ? "false" : "true");
        return 0;
    default:
        return -1;
    }
}

/* Root (global) read handlers: Click's "version", "list", and "config" and "flatconfig" (the
 * flat configuration; Click's driver gives the router no configuration string, so both are
 * its unparsed text). */
static int read_global(const char *name, ck_buf *out)
{
    const ck_router_def *r = ck_current_router;
    if (r->flat_config && (strcmp(name, "config") == 0 || strcmp(name, "flatconfig") == 0)) {
        ck_buf_puts(out, r->flat_config);
        return 0;
    }
    if (strcmp(name, "version") == 0) {
        ck_buf_puts(out, r->clickc_version ? r->clickc_version : "");
        return 0;
    }
    if (strcmp(name, "list") == 0) {
        ck_buf_printf(out, "%d\n", r->nelements);
        for (int i = 0; i < r->nelements; i++)
            ck_buf_printf(out, "%s\n", r->elements[i].name);
        return 0;
    }
    return -1;
}

/* Split "ELEM.NAME" at the last '.' that leaves an existing element on the left, else at the
 * first '.' (Click's handler names may contain dots; element names may not). */
static int split_name(const char *full, char *ebuf, size_t ecap, const char **hname)
{
    const char *dot = strchr(full, '.');
    if (!dot)
        return 0;
    size_t n = (size_t)(dot - full);
    if (n >= ecap)
        n = ecap - 1;
    memcpy(ebuf, full, n);
    ebuf[n] = '\0';
    *hname = dot + 1;
    return 1;
}

/* A handler call's name split at its last '.': the element (or replica group) name and the
 * handler name (pointing into the full name). */
typedef struct call_name {
    char ename[512];
    const char *hname;
} call_name;

/* What every handler call checks first: without a running router it reports "no router" and
 * returns CK_HANDLER_EINIT; else split_name's answer (1 with *cn set, 0 when `full` has no
 * '.', a global handler's name). */
static int call_split(const char *full, call_name *cn, ck_errh *errh)
{
    if (!ck_current_router) {
        ck_error(errh, "no router");
        return CK_HANDLER_EINIT;
    }
    return split_name(full, cn->ename, sizeof cn->ename, &cn->hname);
}

/* Call a read handler that takes a parameter (CK_HANDLER_READ_PARAM): the parameter goes in a
 * buffer of its own, which holds the value (appended to out) or the error message afterwards. */
static int read_with_param(const ck_handler_def *h, const char *param, ck_buf *out, ck_errh *errh,
                           const char *full, int silent)
{
    ck_buf b;
    ck_buf_init(&b);
    ck_buf_puts(&b, param ? param : "");
    int r = h->read(&b);
    if (r < 0) {
        if (silent)
            ;
        else if (b.len)
            ck_error(errh, "%s", ck_buf_str(&b));
        else
            ck_error(errh, "'%s': %s", full, strerror(-r));
        ck_buf_free(&b);
        return -1;
    }
    ck_buf_append(out, ck_buf_str(&b), b.len);
    ck_buf_free(&b);
    return 0;
}

/* How read_one_param reports and what it does: RF_DRY only checks (HandlerCall::initialize);
 * RF_HCALL words errors as Click's HandlerCall does (Script, DriverManager, -x: "no 'E.H' read
 * handler"), otherwise as userlevel/click.cc's -h does ("no 'E.H' handler", "'E.H' is a write
 * handler"). */
enum { RF_DRY = 1, RF_HCALL = 2, RF_SILENT = 4 /* the call's own failure is not reported */ };

/* Click's Handler::call_read with HandlerCall's checks: a parameter ("" or NULL: none) is an
 * error for a handler without CK_HANDLER_READ_PARAM ("read handler 'E.H' does not take
 * parameters", as lib/handlercall.cc says it).  Returns 0, CK_HANDLER_EINIT or -1. */
static int read_one_param(int elem, const char *hname, const char *param, ck_buf *out,
                          ck_errh *errh, const char *full, int how)
{
    const ck_handler_def *h = find_handler(elem, hname);
    int has_param = param && *param, dry = how & RF_DRY;
    int g = h ? G_NONE : generic_handler(elem, hname);
    if ((h && !h->read) || (!h && g == G_NONE)) {
        if (how & RF_HCALL)
            ck_error(errh, "no '%s' read handler", full);
        else if (h)
            ck_error(errh, "'%s' is a write handler", full);
        else
            ck_error(errh, "no '%s' handler", full);
        return CK_HANDLER_EINIT;
    }
    int takes_param = h && (h->flags & CK_HANDLER_READ_PARAM);
    if (has_param && !takes_param) {
        ck_error(errh, "read handler '%s' does not take parameters", full);
        return CK_HANDLER_EINIT;
    }
    if (dry)
        return 0;
    if (!h)
        return read_generic(elem, g, out);
    if (takes_param)
        return read_with_param(h, param, out, errh, full, how & RF_SILENT);
    size_t len = out->len;
    int r = h->read(out);
    if (r < 0 && (how & RF_SILENT)) {
        out->len = len; /* Click's failed read gives an empty string */
        if (out->s)
            out->s[len] = '\0';
        return -1;
    }
    if (r < 0)
        return ck_error(errh, "'%s': %s", full, strerror(-r));
    return 0;
}

/* ---- replica groups (flow-split; docs/c-interface.md) ----
 *
 * The flow-split pass replaces an element NAME by replicas named NAME@r0, NAME@r1, ... (one per
 * hash bucket).  A handler call on NAME, when no element is called NAME, reaches the group: a
 * read gives the sum of the replicas' values when every value is a number (counts, byte
 * totals, rates), the shared value when all are the same text (config, class), and otherwise
 * each replica's value on its own line; "name" gives NAME.  A write goes to every replica, in
 * replica order, and fails at the first replica that refuses it.  A replica that shares another
 * replica's state (ck_element_def.state_owner: one route table for the group) is not a member
 * here: the call reaches that state once, through its owner. */

#define CK_MAX_REPLICAS 256

static int replica_members(const char *ename, int *members, int max)
{
    char buf[600];
    int n = 0;
    for (int k = 0; n < max; k++) {
        snprintf(buf, sizeof buf, "%s@r%d", ename, k);
        int e = ck_element_find(buf);
        if (e < 0)
            break;
        if (!ck_current_router->elements[e].state_owner) /* a sharer's owner answers for it */
            members[n++] = e;
    }
    return n;
}

/* The element a call names: its index, or, for the name of a replica group (ename@rN), the
 * first member's with *group set (when group is not NULL); CK_HANDLER_EINIT after "no element
 * named" when neither. */
static int call_element(const char *ename, int *group, ck_errh *errh)
{
    int elem = ck_element_find(ename);
    if (group)
        *group = elem < 0;
    if (elem >= 0)
        return elem;
    int members[1];
    if (replica_members(ename, members, 1) == 0) {
        ck_error(errh, "no element named '%s'", ename);
        return CK_HANDLER_EINIT;
    }
    return members[0];
}

static void trim_newline(ck_buf *b)
{
    while (b->len && (b->s[b->len - 1] == '\n' || b->s[b->len - 1] == ' '))
        b->s[--b->len] = '\0';
}

/* Is `s` a decimal number?  Sets *is_int when it has no fraction or exponent. */
static int parse_number(const char *s, double *d, long long *ll, int *is_int)
{
    if (!*s)
        return 0;
    char *end;
    errno = 0;
    long long v = strtoll(s, &end, 10);
    if (!*end && errno == 0) {
        *ll = v;
        *d = (double)v;
        *is_int = 1;
        return 1;
    }
    double x = strtod(s, &end);
    if (*end || end == s)
        return 0;
    *d = x;
    *is_int = 0;
    return 1;
}

static int read_group(const char *ename, const char *hname, const char *param, ck_buf *out,
                      ck_errh *errh, const char *full, int how)
{
    int members[CK_MAX_REPLICAS];
    int n = replica_members(ename, members, CK_MAX_REPLICAS);
    if (n == 0)
        return ck_error(errh, "no element '%s'", ename);
    if (strcmp(hname, "name") == 0) {
        ck_buf_puts(out, ename);
        return 0;
    }
    ck_buf vals[CK_MAX_REPLICAS];
    int ok = 1, numeric = 1, all_int = 1, same = 1, init_failed = 0;
    long long isum = 0;
    double dsum = 0;
    for (int i = 0; i < n; i++) {
        ck_buf_init(&vals[i]);
        int r = ok ? read_one_param(members[i], hname, param, &vals[i], errh, full, how) : 0;
        if (r < 0) {
            ok = 0;
            init_failed = r == CK_HANDLER_EINIT;
        }
        if (!ok)
            continue;
        trim_newline(&vals[i]);
        double d;
        long long ll;
        int is_int;
        if (parse_number(ck_buf_str(&vals[i]), &d, &ll, &is_int)) {
            dsum += d;
            isum += is_int ? ll : 0;
            all_int &= is_int;
        } else
            numeric = 0;
        if (i && strcmp(ck_buf_str(&vals[i]), ck_buf_str(&vals[0])) != 0)
            same = 0;
    }
    if (ok) {
        if (numeric && all_int)
            ck_buf_printf(out, "%lld", isum);
        else if (numeric)
            ck_buf_printf(out, "%.10g", dsum);
        else if (same)
            ck_buf_puts(out, ck_buf_str(&vals[0]));
        else
            for (int i = 0; i < n; i++)
                ck_buf_printf(out, "%s\n", ck_buf_str(&vals[i]));
    }
    for (int i = 0; i < n; i++)
        ck_buf_free(&vals[i]);
    return ok ? 0 : init_failed ? CK_HANDLER_EINIT : -1;
}

static int write_group(const char *ename, const char *hname, const char *value, ck_errh *errh)
{
    int members[CK_MAX_REPLICAS];
    int n = replica_members(ename, members, CK_MAX_REPLICAS);
    if (n == 0)
        return ck_error(errh, "no element named '%s'", ename);
    const ck_router_def *r = ck_current_router;
    for (int i = 0; i < n; i++) {
        char full[1024];
        snprintf(full, sizeof full, "%s.%s", r->elements[members[i]].name, hname);
        if (ck_handler_write(full, value, errh) < 0)
            return -1;
    }
    return 0;
}

/* ck_handler_read_param, and with RF_DRY only its checks (ck_handler_check_read); errors in
 * HandlerCall's words (lib/handlercall.cc). */
static int read_call(const char *full_name, const char *param, ck_buf *out, ck_errh *errh,
                     int how)
{
    how |= RF_HCALL;
    call_name cn;
    int split = call_split(full_name, &cn, errh);
    if (split < 0)
        return split;
    if (!split) {
        ck_buf tmp;
        ck_buf_init(&tmp);
        int r = 0;
        if (read_global(full_name, &tmp) < 0) {
            ck_error(errh, "no '%s' read handler", full_name);
            r = CK_HANDLER_EINIT;
        } else if (param && *param) {
            ck_error(errh, "read handler '%s' does not take parameters", full_name);
            r = CK_HANDLER_EINIT;
        } else if (!(how & RF_DRY))
            ck_buf_append(out, ck_buf_str(&tmp), tmp.len);
        ck_buf_free(&tmp);
        return r;
    }
    int group;
    int elem = call_element(cn.ename, &group, errh);
    if (elem < 0)
        return elem;
    if (!group)
        return read_one_param(elem, cn.hname, param, out, errh, full_name, how);
    if (strcmp(cn.hname, "name") != 0) {
        /* the replicas are alike: the first one's checks are the group's */
        int r = read_one_param(elem, cn.hname, param, out, errh, full_name, how | RF_DRY);
        if (r < 0 || (how & RF_DRY))
            return r;
    } else if (how & RF_DRY)
        return 0;
    return read_group(cn.ename, cn.hname, param, out, errh, full_name, how);
}

int ck_handler_read_param(const char *full_name, const char *param, ck_buf *out, ck_errh *errh)
{
    return read_call(full_name, param, out, errh, 0);
}

int ck_handler_check_read(const char *full_name, const char *param, ck_errh *errh)
{
    ck_buf unused;
    ck_buf_init(&unused);
    int r = read_call(full_name, param, &unused, errh, RF_DRY);
    ck_buf_free(&unused);
    return r;
}

int ck_handler_read(const char *full_name, ck_buf *out, ck_errh *errh)
{
    return ck_handler_read_param(full_name, NULL, out, errh) < 0 ? -1 : 0;
}

int ck_handler_check_write(const char *full_name, ck_errh *errh)
{
    call_name cn;
    int split = call_split(full_name, &cn, errh);
    if (split < 0)
        return split;
    if (!split) {
        if (strcmp(full_name, "stop") == 0) /* Click's global "stop" write handler */
            return 0;
        if (ck_hot_write && strcmp(full_name, "hotconfig") == 0) /* clickc run -R */
            return 0;
        ck_error(errh, "no '%s' write handler", full_name);
        return CK_HANDLER_EINIT;
    }
    /* errors in HandlerCall's words (lib/handlercall.cc handler_error); replicas share their
     * original's handlers */
    int elem = call_element(cn.ename, NULL, errh);
    if (elem < 0)
        return elem;
    const ck_handler_def *h = find_handler(elem, cn.hname);
    if (!h || !h->write) {
        ck_error(errh, "no '%s' write handler", full_name);
        return CK_HANDLER_EINIT;
    }
    return 0;
}

int ck_handler_write(const char *full_name, const char *value, ck_errh *errh)
{
    if (ck_handler_check_write(full_name, errh) < 0)
        return -1;
    char ename[512];
    const char *hname;
    if (!split_name(full_name, ename, sizeof ename, &hname)) { /* "stop" or "hotconfig" */
        if (strcmp(full_name, "hotconfig") == 0)
            return ck_hot_write(value ? value : "", errh);
        ck_router_stop();
        return 0;
    }
    int elem = ck_element_find(ename);
    if (elem < 0)
        return write_group(ename, hname, value ? value : "", errh);
    return find_handler(elem, hname)->write(value ? value : "", errh) < 0 ? -1 : 0;
}

/* ---- -h printing (userlevel/click.cc: call_read_handler, expand_handler_elements) ---- */

static int has_readable(int elem, const char *hname)
{
    const ck_handler_def *h = find_handler(elem, hname);
    if (h)
        return h->read != NULL;
    return generic_handler(elem, hname) != G_NONE;
}

/* Print one handler's value as Click's -h does: "NAME:" first when print_name, a newline ending
 * the value when it lacks one, an empty line after it when print_name. */
static void print_value(const char *full, ck_buf *out, int print_name)
{
    if (print_name)
        printf("%s:\n", full);
    if (out->len && out->s[out->len - 1] != '\n')
        ck_buf_append(out, "\n", 1);
    fputs(ck_buf_str(out), stdout);
    if (print_name)
        fputs("\n", stdout);
}

static void print_one(int elem, const char *hname, int print_name, ck_errh *errh, const char *full)
{
    /* Click's call_read_handler (userlevel/click.cc): the handler's own failure is silent and
     * prints an empty value (e.g. "-h rt.lookup", which has no parameter to look up) */
    ck_buf out;
    ck_buf_init(&out);
    if (read_one_param(elem, hname, NULL, &out, errh, full, RF_DRY) == 0) {
        (void)read_one_param(elem, hname, NULL, &out, errh, full, RF_SILENT);
        print_value(full, &out, print_name);
    }
    ck_buf_free(&out);
}

int ck_print_handlers(const char *const *names, int n)
{
    ck_errh errh;
    ck_errh_init(&errh, NULL, NULL);
    const ck_router_def *r = ck_current_router;
    int print_names = n > 1;
    for (int i = 0; i < n; i++) {
        char ename[512];
        const char *hname;
        if (!split_name(names[i], ename, sizeof ename, &hname)) {
            ck_buf out;
            ck_buf_init(&out);
            if (read_global(names[i], &out) == 0) {
                print_value(names[i], &out, print_names);
            } else
                ck_error(&errh, "no '%s' handler", names[i]);
            ck_buf_free(&out);
            continue;
        }
        int elem = ck_element_find(ename);
        if (elem >= 0) {
            print_one(elem, hname, print_names, &errh, names[i]);
            continue;
        }
        int is_pattern = strpbrk(ename, "?*[") != NULL;
        int group[1];
        if (!is_pattern && replica_members(ename, group, 1) == 1) {
            ck_buf out;
            ck_buf_init(&out);
            if (read_group(ename, hname, NULL, &out, &errh, names[i], 0) == 0) {
                print_value(names[i], &out, print_names);
            }
            ck_buf_free(&out);
            continue;
        }
        int any = 0;
        for (int j = 0; j < r->nelements; j++) {
            const ck_element_def *e = &r->elements[j];
            int match = is_pattern ? fnmatch(ename, e->name, 0) == 0
                                   : strcmp(e->class_name, ename) == 0;
            if (!match)
                continue;
            any = 1;
            if (has_readable(j, hname)) {
                char full[1024];
                snprintf(full, sizeof full, "%s.%s", e->name, hname);
                print_one(j, hname, 1, &errh, full);
            }
        }
        if (!any)
            ck_error(&errh, is_pattern ? "no element matching '%s'" : "no element '%s'", ename);
    }
    fflush(stdout);
    return errh.nerrors ? -1 : 0;
}

/* The value of one hexadecimal digit, or -1. */
static int hex_digit(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

/* One backslash escape inside double quotes (s[0] is the backslash, s + 1 < end), as Click's
 * configuration language defines them (docs/config-arguments.md, `cp_unquote`): \a \b \f \n \r \t \v, up to three
 * octal digits, \x and hex digits, \<hex pairs>, a backslash-newline that disappears, any other
 * character standing for itself.  Appends the byte(s) to out; returns the position after. */
static const char *unquote_escape(const char *s, const char *end, ck_buf *out)
{
    static const char simple[] = "a\ab\bf\fn\nr\rt\tv\v";
    char c = s[1];
    const char *m = c ? strchr(simple, c) : NULL;
    if (m && (m - simple) % 2 == 0) {
        ck_buf_append(out, m + 1, 1);
        return s + 2;
    }
    if (c == '\n' || c == '\r')
        return s + 2 + (c == '\r' && s + 2 < end && s[2] == '\n');
    unsigned v = 0;
    if (c >= '0' && c <= '7') {
        int d = 0;
        for (s++; s < end && *s >= '0' && *s <= '7' && d < 3; s++, d++)
            v = v * 8 + (unsigned)(*s - '0');
    } else if (c == 'x') {
        for (s += 2; s < end && hex_digit(*s) >= 0; s++)
            v = v * 16 + (unsigned)hex_digit(*s);
    } else if (c == '<') {
        int d = 0;
        for (s += 2; s < end && *s != '>'; s++)
            if (hex_digit(*s) >= 0) {
                v = v * 16 + (unsigned)hex_digit(*s);
                if (++d == 2) {
                    char b = (char)v;
                    ck_buf_append(out, &b, 1);
                    v = 0, d = 0;
                }
            }
        return s < end ? s + 1 : s;
    } else {
        ck_buf_append(out, s + 1, 1);
        return s + 2;
    }
    char b = (char)(v & 255);
    ck_buf_append(out, &b, 1);
    return s;
}

/* The handler name that starts a HandlerCall's text, as Click's HandlerCall::initialize takes
 * it: the first space-separated word (a quoted part keeps its spaces), its quotes removed
 * ('...' verbatim, "..." with backslash escapes, unquote_escape).  Appends the name to `name`;
 * returns the rest of the text (the value), its leading space skipped. */
static const char *hcall_name(const char *text, ck_buf *name)
{
    while (*text && strchr(" \t\n\r\f\v", *text))
        text++;
    char q = 0;
    const char *s = text, *end = text + strlen(text);
    for (; *s && (q || !strchr(" \t\n\r\f\v", *s)); ) {
        if (!q && (*s == '"' || *s == '\'')) {
            q = *s++;
        } else if (q && *s == q) {
            q = 0, s++;
        } else if (q == '"' && *s == '\\' && s + 1 < end) {
            s = unquote_escape(s, end, name);
        } else if (!q && *s == '\\' && s[1] == '<') {
            s = unquote_escape(s, end, name);
        } else
            ck_buf_append(name, s++, 1);
    }
    while (*s && strchr(" \t\n\r\f\v", *s))
        s++;
    return s;
}

int ck_check_write_text(const char *call, ck_errh *errh)
{
    ck_buf name;
    ck_buf_init(&name);
    (void)hcall_name(call, &name);
    int r = name.len ? ck_handler_check_write(ck_buf_str(&name), errh)
                     : ck_error(errh, "syntax error");
    ck_buf_free(&name);
    return r;
}

int ck_call_write_text(const char *call, ck_errh *errh)
{
    ck_buf name;
    ck_buf_init(&name);
    const char *value = hcall_name(call, &name);
    int r = name.len ? ck_handler_write(ck_buf_str(&name), value, errh)
                     : ck_error(errh, "syntax error");
    ck_buf_free(&name);
    return r;
}
