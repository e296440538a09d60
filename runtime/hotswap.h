/*
 * Hot reconfiguration (`clickc run -R`, Click's `hotconfig` handler; docs/reconfiguration.md).
 *
 * A `-R` router is two files: a resident host (the runtime and runtime/hotswap.c, linked with
 * -rdynamic) and the generated router built as a shared object that exports one table,
 * ck_hot_router_entry.  The host loads it with dlopen, runs it with ck_main, and on a
 * `hotconfig` write compiles the new configuration (the installed clickc), loads the new object
 * beside the old one, stops every thread between two task runs, initializes the new router,
 * moves the state of the elements both share (same name, compatible class) and runs the new
 * router; the old one is cleaned up and unloaded.  Any failure before the switch leaves the
 * old router running as it was.
 */
#ifndef CLICKC_HOTSWAP_H
#define CLICKC_HOTSWAP_H

#include <stddef.h>

#include "clickc.h"

typedef struct ck_hot_elem ck_hot_elem_fwd;

/* Bumped when the layout of the records below changes: the host refuses another. */
#define CK_HOT_ABI 3

/* What the transfer does with a variable (ck_hot_var.copy; ElementSpec.hot's fields). */
enum {
    CK_HOT_EXPOSED = 0, /* expose: only published for the successor's take */
    CK_HOT_COPIED = 1,  /* copy: copied by value before the take */
    CK_HOT_KEY = 2,     /* key: compared with the predecessor's */
    CK_HOT_KEYED = 3,   /* keyed: copied when every key is equal */
    CK_HOT_TIMER = 4    /* timers: a ck_timer the successor scheduled fires at the old expiry */
};

/* A static variable of an element instance and what the transfer does with it. */
typedef struct ck_hot_var {
    const char *name; /* the ELEM(name) variable's name, without the element prefix */
    void *ptr;
    size_t size;
    int copy; /* CK_HOT_EXPOSED... */
} ck_hot_var;

/* In an element's take: move variable ELEM(var) from the predecessor `old` (copied, then
 * zeroed there so that the predecessor's cleanup does not close or free it). */
#define CK_HOT_MOVE(old, var)                                                                 \
    do {                                                                                      \
        void *o_ = ck_hot_var_ptr((old), #var, sizeof ELEM(var));                             \
        if (o_) {                                                                             \
            memcpy((void *)&ELEM(var), o_, sizeof ELEM(var));                                 \
            memset(o_, 0, sizeof ELEM(var));                                                  \
        }                                                                                     \
    } while (0)
/* In an element's take: copy variable ELEM(var) from the predecessor `old`. */
#define CK_HOT_COPY(old, var)                                                                 \
    do {                                                                                      \
        void *o_ = ck_hot_var_ptr((old), #var, sizeof ELEM(var));                             \
        if (o_)                                                                               \
            memcpy((void *)&ELEM(var), o_, sizeof ELEM(var));                                 \
    } while (0)
/* The predecessor's string variable `var` equals this element's (same FILENAME...). */
#define CK_HOT_SAME_STRING(old, var)                                                          \
    ck_hot_same_string((old), #var, ELEM(var))
int ck_hot_same_string(const ck_hot_elem_fwd *old, const char *name, const char *mine);

/* One element instance as the hot swap sees it (index-aligned with the router's elements). */
typedef struct ck_hot_elem {
    const char *accepts; /* other classes whose state this one takes, space-separated, or "" */
    const ck_hot_var *vars;
    int nvars;
    /* Queue-like elements: take out the oldest packet (NULL when empty); a successor's take
     * calls it on its predecessor. */
    ck_packet *(*drain)(void);
    /* Hand-written part of the transfer, run on the new element after the copies: `old` is
     * the predecessor; returns 0, or -1 after reporting (the swap still completes). */
    int (*take)(const struct ck_hot_elem *old, ck_errh *errh);
    /* Run on the predecessor after its successor took its state: forget what moved (open
     * descriptors, connections) so that its cleanup does not close or free them. */
    void (*give)(void);
} ck_hot_elem;

typedef struct ck_hot_router {
    int abi; /* CK_HOT_ABI */
    const ck_router_def *router;
    const ck_hot_elem *elements; /* [router->nelements] */
} ck_hot_router;

/* The host's main: loads the router object (CLICKC_HOT_OBJECT, else this program's path with
 * ".so" appended) and runs it with ck_main. */
int ck_hot_main(int argc, char **argv);

/* During a new router's initialization, the old element that will hand its state to the
 * element being initialized (same name, compatible class), else NULL.  An element whose take
 * moves an open device or socket skips opening it when this is not NULL. */
const ck_hot_elem *ck_hot_predecessor(void);
/* During a transfer, the configuration string of the old router's element `e` (NULL when `e`
 * is not one of its elements). */
const char *ck_hot_config_of(const ck_hot_elem_fwd *e);
/* During a transfer: whether the old element `old` had the configuration string of the new
 * router's element `elem` (a source of the same configuration continues where it was); 0 for
 * an anonymous element (a name with '@'). */
int ck_hot_same_config(const ck_hot_elem_fwd *old, int elem);
/* The variable `name` of an element (NULL when it has none of that size). */
void *ck_hot_var_ptr(const ck_hot_elem *e, const char *name, size_t size);

/* Set during a new router's initialization by code with work to do once every element
 * initialized, still with every thread stopped (runtime/io_dpdk.h: the DPDK ports take the new
 * settings): 0, or -1 after reporting through errh, which refuses the swap as an
 * initialization error does.  Reset by the host after each initialization. */
extern int (*ck_hot_ready)(ck_errh *errh);

/* Whether a hot swap is under way: from the new router's initialization to the end of the old
 * router's cleanup (or of the failed new one's).  0 outside a -R host.  The DPDK elements'
 * last cleanup then leaves the EAL and the ports to the process (runtime/io_dpdk.h). */
int ck_hot_swapping(void);

/* Packets that old routers' queue-like elements held when no element of the new router took
 * them (freed at the swap), and those a DPDK port's receive rings held when the port was
 * stopped at a swap (runtime/io_dpdk.h); --stats "hotconfig_dropped"; defined in main.c. */
extern uint64_t ck_hot_unkept_packets;

/* The `hotconfig` write handler's pending answer, for a ControlSocket connection waiting for
 * it: 0 while the swap is under way; 1 when done (*code 200 or 520, *text the messages, owned
 * by the callee until the next call).  -1 when nothing is pending. */
int ck_hot_result(int *code, const char **text);

/* Called by ck_main after ck_run returns (NULL outside a -R host): performs a requested swap,
 * sets *router to the router to run and returns 1 to run it; 0 when the driver stopped. */
extern int (*ck_hot_after_run)(const ck_router_def **router);
/* The `hotconfig` global write handler (NULL outside a -R host): CK_HANDLER_PENDING when the
 * swap was started (the answer comes from ck_hot_result), -1 after reporting. */
extern int (*ck_hot_write)(const char *text, ck_errh *errh);
#define CK_HANDLER_PENDING 1

/* Elements' initialization in index order, as ck_main does (runtime/main.c): 0, or -1 after
 * reporting with *ninitialized the number that succeeded. */
int ck_init_elements(const ck_router_def *r, int *ninitialized);
/* Called by ck_init_elements with each element's index before its init and -1 after (NULL
 * outside a swap; hotswap.c sets ck_hot_predecessor's answer with it). */
extern void (*ck_init_element_hook)(int elem);

/* ---- the scheduler's and the drop tables' part of a swap (sched.c, handlers.c) ---- */
typedef struct ck_sched_saved {
    void *tasks;
    int ntasks, tasks_cap;
    unsigned char *timer_elems;
    int timer_elems_n;
    int sources_active;
} ck_sched_saved;
/* Detach the task list, the timer owners and the active-source count (the scheduler is then
 * empty for a new router's initialization); the threads must be stopped. */
void ck_sched_hot_detach(ck_sched_saved *s);
/* Free the current task list and put the saved one back (a failed swap). */
void ck_sched_hot_restore(ck_sched_saved *s);
/* Free a saved task list (the swap succeeded). */
void ck_sched_hot_free(ck_sched_saved *s);
/* Remove from every thread's timer list the timers `owned` says belong to a router being
 * dropped (their callback is in its code). */
void ck_sched_hot_drop_timers(int (*owned)(void (*fn)(void *)));
/* Whether SIGINT or SIGTERM stopped the router (then no swap runs: the driver stops). */
int ck_sched_hot_signalled(void);
/* Clear the stop flags before ck_run runs again. */
void ck_sched_hot_resume(void);
/* The stop hook installed now (ck_set_stop_hook's; NULL when none): a swap keeps the one the
 * new router's initialization installed (a DriverManager) through the old router's cleanup. */
typedef int (*ck_stop_hook_fn)(void);
ck_stop_hook_fn ck_sched_hot_stop_hook(void);

typedef struct ck_drops_saved {
    void *tables[CK_MAX_THREADS];
    int nelements;
} ck_drops_saved;
/* Detach every thread's drop table (a new router counts in fresh ones). */
void ck_drops_hot_detach(ck_drops_saved *s);
/* Free the current tables and put the saved ones back (a failed swap). */
void ck_drops_hot_restore(ck_drops_saved *s);
/* Add the saved counts of old element `from` to element `to` of the current tables, reasons
 * interned by `intern` (the old router's strings go away with it); then free nothing. */
void ck_drops_hot_merge(const ck_drops_saved *s, int from, int to, const char *(*intern)(const char *));
/* Free the saved tables (the swap succeeded). */
void ck_drops_hot_free(ck_drops_saved *s);

#endif
