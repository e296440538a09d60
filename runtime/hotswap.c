/*
 * Hot reconfiguration: the resident host of a `clickc run -R` router (docs/reconfiguration.md).
 *
 * The host is this runtime linked with -rdynamic; the router is a shared object exporting
 * ck_hot_router_entry (runtime/hotswap.h), whose element code calls the host's runtime.  A
 * `hotconfig` write (ControlSocket, Script, any handler caller) runs in four steps:
 *
 *   1. compile, on a thread of its own while the router runs: the installed clickc
 *      (CLICKC_HOT_ARGV, written by `clickc run -R`: the same options) builds the new text
 *      (`-e`, so messages name it "config" as Click's hotconfig does) and prints the program;
 *      its object is copied to a private file and loaded with dlopen (RTLD_LOCAL: the old and
 *      the new router's statics are distinct).  A compile error ends here: answer 520, the old
 *      router never stopped.
 *   2. quiesce: the compile thread publishes the loaded router (release) and asks for a hard
 *      stop; every thread leaves its loop between two task runs (sched.c), ck_run returns to
 *      ck_main on thread 0 after joining the others (the join orders every thread's last
 *      writes before what follows).
 *   3. swap, on thread 0 alone (ck_hot_after_run): the scheduler's tasks, timer owners, active
 *      sources and drop tables are detached; the new router is initialized (each element may ask
 *      ck_hot_predecessor()); on an initialization error everything detached is put back, the
 *      new object is unloaded and the old router runs on (answer 520 with the messages).
 *      Otherwise each new element with an old one of the same name and a compatible class takes
 *      its state (ElementSpec.hot: copied variables, then the hand-written take, then the old
 *      one's give), drop counts are added by name, the old router is cleaned up, its timers
 *      removed, its object unloaded.
 *   4. run: the stop flags are cleared and ck_run starts the new router's threads (thread
 *      creation orders the swap's writes before their first task).  The answer (200) is
 *      published (release) for the waiting ControlSocket connection, which the new router's
 *      ControlSocket took over.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include "clickc.h"
#include "cksched.h"
#include "hotswap.h"
#include "io_dpdk_state.h"

#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <spawn.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

extern char **environ;

/* A loaded router object. */
typedef struct hot_object {
    void *handle;
    const ck_hot_router *entry;
    char path[512]; /* the private copy (removed once loaded) */
} hot_object;

static hot_object current;
static const ck_hot_elem *predecessor; /* during a new router's initialization */
static int swapping;                   /* ck_hot_swapping */
/* Old router objects still mapped because the runtime's release of external buffers points
 * into their code (a DPDK router's, whose zero-copy packets the new router holds): closed at a
 * later swap once it no longer does. */
static hot_object *kept;
static int nkept;

/* Swap states, published with release stores and read with acquire loads. */
enum { HOT_IDLE, HOT_COMPILING, HOT_READY, HOT_DONE };
static _Atomic int state = HOT_IDLE;
static _Atomic int waiting; /* a caller waits for the answer (ck_hot_result) */
static hot_object pending;  /* written by the compile thread before state = HOT_READY */
static int answer_code;
static char *answer_text;   /* the messages of the answer */
static char *compile_text;  /* the new configuration, for the compile thread */
/* -j: the running router's when a swap changed it (0: the command line's), and the one the
 * text being compiled asks for (its `// clickc: -j N` first line; 0: as the router runs). */
static int threads_now, threads_asked;

/* Strings the old routers' drop reasons pointed at (they go away with their objects). */
static char **interned;
static int ninterned;

static const char *intern(const char *s)
{
    for (int i = 0; i < ninterned; i++)
        if (strcmp(interned[i], s) == 0)
            return interned[i];
    char **n = realloc(interned, (size_t)(ninterned + 1) * sizeof *n);
    char *d = strdup(s);
    if (!n || !d) {
        free(d);
        if (n)
            interned = n;
        return "other";
    }
    interned = n;
    interned[ninterned++] = d;
    return d;
}

/* ---- loading ---- */

/* Copy `src` to a private file and dlopen it (a second load of one path would share the first
 * load's statics); fills *o or returns -1 with a message in `err`. */
static int load_object(const char *src, hot_object *o, char *err, size_t errlen)
{
    static _Atomic int seq;
    memset(o, 0, sizeof *o);
    const char *tmpdir = getenv("TMPDIR");
    snprintf(o->path, sizeof o->path, "%s/clickc-hot-%d-%d.so", tmpdir && *tmpdir ? tmpdir : "/tmp",
             (int)getpid(), atomic_fetch_add(&seq, 1));
    int in = open(src, O_RDONLY | O_CLOEXEC);
    if (in < 0) {
        snprintf(err, errlen, "%s: %s", src, strerror(errno));
        return -1;
    }
    int out = open(o->path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0700);
    if (out < 0) {
        snprintf(err, errlen, "%s: %s", o->path, strerror(errno));
        close(in);
        return -1;
    }
    char buf[65536];
    ssize_t n;
    int bad = 0;
    while ((n = read(in, buf, sizeof buf)) > 0)
        if (write(out, buf, (size_t)n) != n)
            bad = 1;
    close(in);
    if (close(out) < 0 || n < 0 || bad) {
        snprintf(err, errlen, "%s: cannot copy the router object", o->path);
        unlink(o->path);
        return -1;
    }
    o->handle = dlopen(o->path, RTLD_NOW | RTLD_LOCAL);
    unlink(o->path);
    if (!o->handle) {
        snprintf(err, errlen, "%s", dlerror());
        return -1;
    }
    o->entry = dlsym(o->handle, "ck_hot_router_entry");
    if (!o->entry || o->entry->abi != CK_HOT_ABI) {
        snprintf(err, errlen, "%s: not a clickc -R router object (or another clickc's)", src);
        dlclose(o->handle);
        o->handle = NULL;
        return -1;
    }
    return 0;
}

/* ---- compiling ---- */

/* Read a whole file (NULL on error); the caller frees. */
static char *slurp(const char *path)
{
    FILE *f = fopen(path, "r");
    if (!f)
        return NULL;
    ck_buf b;
    ck_buf_init(&b);
    char buf[4096];
    size_t n;
    while ((n = fread(buf, 1, sizeof buf, f)) > 0)
        ck_buf_append(&b, buf, n);
    fclose(f);
    char *s = strdup(ck_buf_str(&b));
    ck_buf_free(&b);
    return s;
}

/* Whether word `w` of the compiler's command line gives -j: 1 (its value is this word), 2
 * (its value is the next word), 0 (another word). */
static int threads_word(const char *w)
{
    if (strcmp(w, "-j") == 0 || strcmp(w, "--threads") == 0)
        return 2;
    if ((strncmp(w, "-j", 2) == 0 && w[2] >= '0' && w[2] <= '9') || strncmp(w, "--threads=", 10) == 0)
        return 1;
    return 0;
}

/* The thread count a configuration text asks for with a line `// clickc: -j N` (a comment to
 * Click: the same text runs there; the last such line counts), as N; 0 when it has no such
 * line; -1 (with the message in errh) for a malformed one. */
static int asked_threads(const char *text, ck_errh *errh)
{
    static const char tag[] = "// clickc:";
    const char *at = NULL;
    int lineno = 0, line_at = 0;
    for (const char *l = text; l; l = strchr(l, '\n') ? strchr(l, '\n') + 1 : NULL) {
        lineno++;
        if (strncmp(l, tag, sizeof tag - 1) == 0) {
            at = l;
            line_at = lineno;
        }
    }
    if (!at)
        return 0;
    const char *p = at + sizeof tag - 1, *end = strchr(p, '\n');
    char line[128];
    size_t n = end ? (size_t)(end - p) : strlen(p);
    if (n >= sizeof line)
        n = sizeof line - 1;
    memcpy(line, p, n);
    line[n] = 0;
    char *save = NULL, *w = strtok_r(line, " \t\r", &save), *v = NULL;
    int k = w ? threads_word(w) : 0;
    if (k == 2)
        v = strtok_r(NULL, " \t\r", &save);
    else if (k == 1)
        v = w[1] == 'j' ? w + 2 : w + 10;
    char *rest = v ? strtok_r(NULL, " \t\r", &save) : NULL, *e = NULL;
    long j = v ? strtol(v, &e, 10) : 0;
    if (!v || *e || j < 1 || j > CK_MAX_THREADS || rest)
        return ck_error(errh, "config:%d: '// clickc:' takes one option, -j N (N from 1 to %d)",
                        line_at, CK_MAX_THREADS);
    return (int)j;
}

/* Run CLICKC_HOT_ARGV (fields separated by \x1f) with "-e TEXT": 0 and the program's path in
 * `out`, or -1 and the compiler's messages in *messages.  With `threads` > 0 the command
 * line's -j is replaced by -j threads. */
static int run_compiler(const char *text, int threads, char *out, size_t outlen, char **messages)
{
    const char *spec = getenv("CLICKC_HOT_ARGV");
    *messages = NULL;
    if (!spec || !*spec) {
        *messages = strdup("hotconfig: CLICKC_HOT_ARGV is not set (start the router with clickc run -R)");
        return -1;
    }
    char *copy = strdup(spec);
    size_t cap = 10;
    for (const char *p = spec; *p; p++)
        cap += *p == '\x1f';
    char **argv = calloc(cap, sizeof *argv);
    if (!copy || !argv) {
        free(copy);
        free(argv);
        *messages = strdup("out of memory");
        return -1;
    }
    int argc = 0, skip = 0;
    for (char *p = copy, *f; (f = strsep(&p, "\x1f")) != NULL;) {
        int k = threads > 0 && argc > 0 ? threads_word(f) : 0;
        if (skip || k) {
            skip = !skip && k == 2;
            continue;
        }
        argv[argc++] = f;
    }
    char jval[16];
    if (threads > 0) {
        snprintf(jval, sizeof jval, "%d", threads);
        argv[argc++] = "-j";
        argv[argc++] = jval;
    }
    argv[argc++] = "-e";
    argv[argc++] = (char *)text;
    argv[argc] = NULL;
    const char *tmpdir = getenv("TMPDIR");
    char opath[600], epath[600];
    snprintf(opath, sizeof opath, "%s/clickc-hot-XXXXXX", tmpdir && *tmpdir ? tmpdir : "/tmp");
    snprintf(epath, sizeof epath, "%s", opath);
    int ofd = mkstemp(opath), efd = mkstemp(epath);
    int rc = -1;
    if (ofd >= 0 && efd >= 0) {
        posix_spawn_file_actions_t fa;
        posix_spawn_file_actions_init(&fa);
        posix_spawn_file_actions_adddup2(&fa, ofd, 1);
        posix_spawn_file_actions_adddup2(&fa, efd, 2);
        posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0);
        pid_t pid;
        int err = posix_spawnp(&pid, argv[0], &fa, NULL, argv, environ);
        posix_spawn_file_actions_destroy(&fa);
        if (err != 0) {
            char m[700];
            snprintf(m, sizeof m, "hotconfig: %s: %s", argv[0], strerror(err));
            *messages = strdup(m);
        } else {
            int status = 0;
            while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
                ;
            char *o = slurp(opath), *e = slurp(epath);
            if (WIFEXITED(status) && WEXITSTATUS(status) == 0 && o) {
                /* the last line is the program */
                size_t n = strlen(o);
                while (n && (o[n - 1] == '\n' || o[n - 1] == '\r'))
                    o[--n] = 0;
                const char *last = strrchr(o, '\n');
                snprintf(out, outlen, "%s", last ? last + 1 : o);
                rc = 0;
                free(e);
            } else
                *messages = e ? e : strdup("hotconfig: the compiler failed");
            free(o);
        }
    } else
        *messages = strdup("hotconfig: cannot create temporary files");
    if (ofd >= 0) {
        close(ofd);
        unlink(opath);
    }
    if (efd >= 0) {
        close(efd);
        unlink(epath);
    }
    free(argv);
    free(copy);
    return rc;
}

/* Click's driver ends a failed router with this line; a hotconfig answer has no use for it. */
static void strip_final_line(char *m)
{
    static const char tail[] = "Router could not be initialized!\n";
    size_t n = strlen(m), t = sizeof tail - 1;
    if (n >= t && strcmp(m + n - t, tail) == 0)
        m[n - t] = 0;
}

static void finish(int code, char *text)
{
    if (code != 200 && getenv("CLICKC_HOT_TRACE"))
        fprintf(stderr, "hotconfig: refused:\n%s", text ? text : "");
    free(answer_text);
    answer_code = code;
    answer_text = text ? text : strdup("");
    atomic_store_explicit(&state, HOT_DONE, memory_order_release);
}

static void *compile_thread(void *arg)
{
    (void)arg;
    char program[1024], *messages = NULL;
    int threads = threads_asked > 0 ? threads_asked : threads_now;
    if (run_compiler(compile_text, threads, program, sizeof program - 8, &messages) < 0) {
        strip_final_line(messages);
        finish(520, messages);
        return NULL;
    }
    strcat(program, ".so");
    char err[1200];
    if (load_object(program, &pending, err, sizeof err) < 0) {
        finish(520, strdup(err));
        return NULL;
    }
    /* publish the loaded router, then stop every thread between two task runs */
    atomic_store_explicit(&state, HOT_READY, memory_order_release);
    ck_router_stop_hard();
    return NULL;
}

static int hot_write(const char *text, ck_errh *errh)
{
    /* a finished swap whose answer nobody collected (a Script's write) does not block the next */
    int idle = HOT_IDLE, done = HOT_DONE;
    if (!atomic_compare_exchange_strong(&state, &idle, HOT_COMPILING) &&
        !atomic_compare_exchange_strong(&state, &done, HOT_COMPILING))
        return ck_error(errh, "a hot reconfiguration is already under way");
    int asked = asked_threads(text, errh);
    if (asked < 0) {
        atomic_store(&state, HOT_IDLE);
        return -1;
    }
    threads_asked = asked;
    free(compile_text);
    compile_text = strdup(text);
    atomic_store(&waiting, 1);
    pthread_t t;
    if (!compile_text || pthread_create(&t, NULL, compile_thread, NULL) != 0) {
        atomic_store(&state, HOT_IDLE);
        atomic_store(&waiting, 0);
        return ck_error(errh, "hotconfig: cannot start the compiler");
    }
    if (ck_simtime_enabled())
        /* --simtime: the swap happens at the simulated time of the write, as Click's (whose
         * handler initializes the new router before it returns), not after however many timers
         * the compiler's wall-clock seconds would let the old router run */
        pthread_join(t, NULL);
    else
        pthread_detach(t);
    return CK_HANDLER_PENDING;
}

int ck_hot_result(int *code, const char **text)
{
    if (!atomic_load_explicit(&waiting, memory_order_acquire))
        return -1;
    if (atomic_load_explicit(&state, memory_order_acquire) != HOT_DONE)
        return 0;
    *code = answer_code;
    *text = answer_text ? answer_text : "";
    atomic_store_explicit(&waiting, 0, memory_order_release);
    atomic_store_explicit(&state, HOT_IDLE, memory_order_release);
    return 1;
}

/* ---- the swap (thread 0, every other thread stopped) ---- */

const ck_hot_elem *ck_hot_predecessor(void) { return predecessor; }

int ck_hot_swapping(void) { return swapping; }

int (*ck_hot_ready)(ck_errh *errh);

void *ck_hot_var_ptr(const ck_hot_elem *e, const char *name, size_t size)
{
    for (int i = 0; e && i < e->nvars; i++)
        if (strcmp(e->vars[i].name, name) == 0 && e->vars[i].size == size)
            return e->vars[i].ptr;
    return NULL;
}

const char *ck_hot_config_of(const ck_hot_elem *e)
{
    const ck_hot_router *o = current.entry;
    if (!o || !e)
        return NULL;
    uintptr_t base = (uintptr_t)o->elements, at = (uintptr_t)e;
    size_t n = (size_t)o->router->nelements;
    if (at < base || at >= base + n * sizeof *e || (at - base) % sizeof *e)
        return NULL;
    return o->router->elements[(at - base) / sizeof *e].config;
}

int ck_hot_same_config(const ck_hot_elem *old, int elem)
{
    const char *oc = ck_hot_config_of(old);
    const ck_router_def *r = ck_current_router;
    if (!oc || !r || elem < 0 || elem >= r->nelements || !r->elements[elem].config)
        return 0;
    /* an anonymous element (InfiniteSource@4: a name from its place in the text) is not the
     * same source because a new text has one of that class at that place: it starts anew, as
     * in Click, whose sources take no state */
    if (strchr(r->elements[elem].name, '@'))
        return 0;
    return strcmp(oc, r->elements[elem].config) == 0;
}

int ck_hot_same_string(const ck_hot_elem *old, const char *name, const char *mine)
{
    const char **theirs = ck_hot_var_ptr(old, name, sizeof(const char *));
    return theirs && *theirs && mine && strcmp(*theirs, mine) == 0;
}

/* Whether the old element `o` of class `oc` hands its state to new class `nc` (Click's rule:
 * the same class, or one the new class's take accepts). */
static int compatible(const char *oc, const char *nc, const ck_hot_elem *n)
{
    if (strcmp(oc, nc) == 0)
        return 1;
    size_t l = strlen(oc);
    for (const char *p = n->accepts; p && *p;) {
        const char *e = strchr(p, ' ');
        size_t k = e ? (size_t)(e - p) : strlen(p);
        if (k == l && strncmp(p, oc, l) == 0)
            return 1;
        p = e ? e + 1 : p + k;
    }
    return 0;
}

/* The old element index matching new element `i`, or -1. */
static int match(const ck_hot_router *o, const ck_hot_router *n, int i)
{
    const ck_element_def *ne = &n->router->elements[i];
    for (int j = 0; j < o->router->nelements; j++) {
        const ck_element_def *oe = &o->router->elements[j];
        if (strcmp(oe->name, ne->name) == 0)
            return compatible(oe->class_name, ne->class_name, &n->elements[i]) ? j : -1;
    }
    return -1;
}

static const hot_object *dropping; /* whose timers ck_sched_hot_drop_timers removes */

static int owned_by_dropping(void (*fn)(void *))
{
    Dl_info info;
    void *sym = NULL;
    memcpy(&sym, &fn, sizeof sym < sizeof fn ? sizeof sym : sizeof fn);
    if (!dladdr(sym, &info) || !info.dli_fbase)
        return 0;
    Dl_info mine;
    return dladdr((const void *)dropping->entry, &mine) && mine.dli_fbase == info.dli_fbase;
}

static void drop_timers_of(const hot_object *o)
{
    dropping = o;
    ck_sched_hot_drop_timers(owned_by_dropping);
    dropping = NULL;
}

/* Whether the runtime's release of external buffers (ck_buffer_external_release) is code of
 * the router object `o`. */
static int release_in(const hot_object *o)
{
    void (*fn)(ck_buffer *) = ck_buffer_external_release;
    void *sym = NULL;
    Dl_info info, mine;
    if (!fn || !o->entry)
        return 0;
    memcpy(&sym, &fn, sizeof sym < sizeof fn ? sizeof sym : sizeof fn);
    return dladdr(sym, &info) && info.dli_fbase && dladdr((const void *)o->entry, &mine) &&
           mine.dli_fbase == info.dli_fbase;
}

/* Unload the old router's object `o`, unless the runtime still calls its code (release_in: a
 * DPDK router's, whose zero-copy packets a successor without DPDK elements took): it is then
 * kept until a later swap finds it unused. */
static void close_old(const hot_object *o)
{
    int n = 0;
    for (int i = 0; i < nkept; i++) {
        if (release_in(&kept[i]))
            kept[n++] = kept[i];
        else
            dlclose(kept[i].handle);
    }
    nkept = n;
    if (!release_in(o)) {
        dlclose(o->handle);
        return;
    }
    hot_object *k = realloc(kept, (size_t)(nkept + 1) * sizeof *k);
    if (k) {
        kept = k;
        kept[nkept++] = *o;
    } /* else the object stays mapped unrecorded: never closed, never called wrongly */
}

static const ck_hot_router *init_old, *init_new_router;

static void set_predecessor(int elem)
{
    int j = elem >= 0 ? match(init_old, init_new_router, elem) : -1;
    predecessor = j >= 0 ? &init_old->elements[j] : NULL;
}

/* Initialize the new router with stderr captured; 0, or -1 with the messages in *messages. */
static int init_new(const ck_hot_router *o, const ck_hot_router *n, int *ninit, char **messages)
{
    char *cap = NULL;
    size_t caplen = 0;
    fflush(stderr);
    FILE *saved = stderr, *mem = open_memstream(&cap, &caplen);
    if (mem)
        stderr = mem;
    init_old = o;
    init_new_router = n;
    ck_init_element_hook = set_predecessor;
    ck_hot_ready = NULL;
    int rc = ck_init_elements(n->router, ninit);
    ck_init_element_hook = NULL;
    if (rc == 0 && ck_hot_ready) {
        ck_errh errh;
        ck_errh_init(&errh, "config", NULL);
        rc = ck_hot_ready(&errh);
    }
    ck_hot_ready = NULL;
    predecessor = NULL;
    if (mem) {
        fflush(mem);
        stderr = saved;
        fclose(mem);
    }
    *messages = cap;
    return rc;
}

/* The generated part of a transfer (ElementSpec.hot): the copies, the copies keyed by equal
 * values, the timers' expiries, from old element `oe` to new element `ne`. */
static void copy_vars(const ck_hot_elem *ne, const ck_hot_elem *oe)
{
    int same = 1;
    for (int v = 0; v < ne->nvars; v++) {
        const ck_hot_var *nv = &ne->vars[v];
        const void *src = ck_hot_var_ptr(oe, nv->name, nv->size);
        if (nv->copy == CK_HOT_KEY && (!src || memcmp(src, nv->ptr, nv->size) != 0))
            same = 0;
    }
    for (int v = 0; v < ne->nvars; v++) {
        const ck_hot_var *nv = &ne->vars[v];
        void *src = ck_hot_var_ptr(oe, nv->name, nv->size);
        if (!src)
            continue;
        if (nv->copy == CK_HOT_COPIED || (nv->copy == CK_HOT_KEYED && same))
            memcpy(nv->ptr, src, nv->size);
        else if (nv->copy == CK_HOT_TIMER && nv->size == sizeof(ck_timer)) {
            const ck_timer *ot = src;
            ck_timer *nt = nv->ptr;
            if (ot->scheduled && nt->scheduled)
                ck_timer_schedule_at(nt, ot->expiry_ns);
        }
    }
}

/* Move the state of every kept element from `o` to `n` (already initialized); then the packets
 * still held by old elements nobody took are freed and reported. */
static void transfer(const ck_hot_router *o, const ck_hot_router *n, const ck_drops_saved *drops)
{
    unsigned char *taken = calloc((size_t)o->router->nelements + 1, 1);
    for (int i = 0; i < n->router->nelements; i++) {
        int j = match(o, n, i);
        if (j < 0)
            continue;
        if (taken)
            taken[j] = 1;
        const ck_hot_elem *ne = &n->elements[i], *oe = &o->elements[j];
        copy_vars(ne, oe);
        ck_drops_hot_merge(drops, j, i, intern);
        /* the new element's packets and drops belong to its thread */
        const ck_element_def *ed = &n->router->elements[i];
        ck_thread_id = ed->thread >= 0 && ed->thread < ck_nthreads() ? ed->thread : 0;
        if (ne->take) {
            ck_errh errh;
            ck_errh_init(&errh, ed->landmark, NULL);
            ne->take(oe, &errh);
        }
        ck_thread_id = 0;
        if (oe->give)
            oe->give();
    }
    for (int j = 0; taken && j < o->router->nelements; j++) {
        if (taken[j] || !o->elements[j].drain)
            continue;
        uint64_t lost = 0;
        ck_packet *p;
        while ((p = o->elements[j].drain()) != NULL) {
            ck_packet_kill(p);
            lost++;
        }
        ck_hot_unkept_packets += lost;
        /* a named element's loss is reported (keep the name and a compatible class to keep
         * the packets); an anonymous one's (Queue@6: a name the configuration never gave, as
         * Click's driver frees them silently) only counts in --stats' hotconfig_dropped */
        if (lost && !strchr(o->router->elements[j].name, '@'))
            fprintf(stderr, "hotconfig: %s :: %s: %llu queued packets dropped (no compatible "
                            "element of that name in the new configuration)\n",
                    o->router->elements[j].name, o->router->elements[j].class_name,
                    (unsigned long long)lost);
    }
    free(taken);
}

static int after_run(const ck_router_def **router)
{
    /* The driver stopped for another reason (a DriverManager or Script ended, a source's STOP)
     * while a written configuration compiles: Click's hotconfig handler builds and initializes
     * the new router before it returns, and the swap then follows, so the driver waits for the
     * compiler here (a signal still wins). */
    while (atomic_load_explicit(&state, memory_order_acquire) == HOT_COMPILING
           && !ck_sched_hot_signalled()) {
        struct timespec ms = {0, 1000000};
        nanosleep(&ms, NULL);
    }
    if (atomic_load_explicit(&state, memory_order_acquire) != HOT_READY || ck_sched_hot_signalled())
        return 0; /* the driver stopped for another reason (a signal, the end of the work) */
    const ck_hot_router *o = current.entry, *n = pending.entry;
    int64_t t0 = ck_real_monotonic_ns();
    ck_sched_saved sched;
    ck_drops_saved drops;
    ck_sched_hot_detach(&sched);
    ck_drops_hot_detach(&drops);
    unsigned char *old_asleep = ck_task_asleep;
    ck_task_asleep = calloc((size_t)n->router->nelements + 1, 1);
    /* a swap that changes -j: the new router's elements initialize (timers, tasks) on its
     * threads; the state moves to the thread each new element runs on (transfer) */
    const int old_threads = ck_nthreads();
    ck_set_nthreads(n->router->nthreads);
    ck_router_attach(n->router);
    /* the stop requests that ended the old run are spent; the new router's initialization
     * may make its own (a DriverManager's first step) and install its own stop hook */
    const ck_stop_hook_fn old_hook = ck_sched_hot_stop_hook();
    ck_set_stop_hook(NULL);
    ck_sched_hot_resume();
    /* what the new router's initialization may point at its own code (a DPDK element's release
     * of zero-copy buffers, runtime/io_dpdk.h): put back if it fails */
    void (*const old_release)(ck_buffer *) = ck_buffer_external_release;
    void (*const old_thread_exit)(void) = ck_thread_exit_hook;
    swapping = 1;
    int ninit = 0;
    char *messages = NULL;
    if (!ck_task_asleep || init_new(o, n, &ninit, &messages) < 0) {
        /* failure is safe: the old router runs on as it was */
        for (int i = 0; i < ninit; i++)
            if (n->router->elements[i].cleanup)
                n->router->elements[i].cleanup();
        swapping = 0;
        ck_buffer_external_release = old_release;
        ck_thread_exit_hook = old_thread_exit;
        drop_timers_of(&pending);
        ck_drops_hot_restore(&drops);
        ck_sched_hot_restore(&sched);
        free(ck_task_asleep);
        ck_task_asleep = old_asleep;
        ck_set_nthreads(old_threads);
        ck_router_attach(o->router);
        ck_set_stop_hook(old_hook);
        dlclose(pending.handle);
        memset(&pending, 0, sizeof pending);
        if (messages)
            strip_final_line(messages);
        finish(520, messages ? messages : strdup("out of memory"));
        ck_sched_hot_resume();
        *router = o->router;
        return 1;
    }
    free(messages);
    const int64_t t_init = ck_real_monotonic_ns();
    for (int i = 0; i < n->router->nelements; i++)
        if (n->router->elements[i].run_task)
            ck_task_register(n->router->elements[i].run_task, i, n->router->elements[i].thread);
    ck_adapt_pin_tasks(n->router);
    transfer(o, n, &drops);
    const int64_t t_moved = ck_real_monotonic_ns();
    /* the old router goes: its elements' cleanup (what moved was given away), its timers; a
     * source it ends (ck_source_active) was counted in its own run, not in the new one's */
    int sources = ck_sources_active();
    const ck_stop_hook_fn new_hook = ck_sched_hot_stop_hook();
    for (int i = 0; i < o->router->nelements; i++)
        if (o->router->elements[i].cleanup)
            o->router->elements[i].cleanup();
    swapping = 0;
    ck_set_stop_hook(new_hook); /* an old DriverManager's cleanup removes the hook it sees */
    ck_source_active(sources - ck_sources_active());
    drop_timers_of(&current);
    ck_drops_hot_free(&drops);
    ck_sched_hot_free(&sched);
    free(old_asleep);
    close_old(&current);
    current = pending;
    memset(&pending, 0, sizeof pending);
    if (n->router->nthreads != old_threads || threads_asked > 0)
        threads_now = n->router->nthreads; /* later swaps compile for these threads */
    if (getenv("CLICKC_HOT_TRACE")) {
        fprintf(stderr, "hotconfig: switched in %.3f ms (initialization %.3f, transfer %.3f, the "
                        "old router's cleanup %.3f)", (double)(ck_real_monotonic_ns() - t0) / 1e6,
                (double)(t_init - t0) / 1e6, (double)(t_moved - t_init) / 1e6,
                (double)(ck_real_monotonic_ns() - t_moved) / 1e6);
        if (n->router->nthreads != old_threads)
            fprintf(stderr, " from %d to %d threads", old_threads, n->router->nthreads);
        fputc('\n', stderr);
    }
    finish(200, NULL);
    *router = n->router;
    return 1;
}

int ck_hot_main(int argc, char **argv)
{
    char path[1024];
    const char *obj = getenv("CLICKC_HOT_OBJECT");
    if (!obj || !*obj) {
        ssize_t n = readlink("/proc/self/exe", path, sizeof path - 8);
        if (n <= 0) {
            fprintf(stderr, "%s: cannot find the router object\n", argc > 0 ? argv[0] : "router");
            return 1;
        }
        path[n] = 0;
        strcat(path, ".so");
        obj = path;
    }
    char err[1200];
    if (load_object(obj, &current, err, sizeof err) < 0) {
        fprintf(stderr, "%s\n", err);
        return 1;
    }
    ck_hot_after_run = after_run;
    ck_hot_write = hot_write;
    int rc = ck_main(current.entry->router, argc, argv);
    /* the process ends here: the object stays mapped (atexit handlers may point into it) */
    return rc;
}
