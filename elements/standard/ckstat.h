/* Element state under concurrency (docs/concurrency.md): helpers for templates whose instance
 * may be executed by several threads.  Each macro reads the instance's ELEMENT_NTHREADS where it
 * is used (the generated code defines it before including the template): with one thread it is
 * a plain load, store or addition, exactly the single-threaded code; with several threads a
 * relaxed atomic operation (the __atomic builtins of GCC and Clang), so a rare counter shared by
 * threads stays exact and a reader on another thread (a handler) sees whole values.
 *
 * CK_STAT_ADD(var, n)    var += n
 * CK_STAT_FETCH_ADD(var, n)  var += n, evaluating to the value before (one atomic operation)
 * CK_STAT_LOAD(var)      the value of var
 * CK_STAT_STORE(var, v)  var = v
 * CK_ONCE(flag)          1 the first time it is evaluated after flag was 0 (sets flag)
 * CK_SLOT_LOCAL(arr)     this thread's element of a per-thread array of CK_MAX_THREADS slots
 *
 * Per-thread counters for counts updated on every packet (an atomic addition there would move
 * one cache line between CPUs per packet): CK_PT_DECL(name) declares one (one slot; with
 * several threads one cache-line-aligned slot per thread, written only by its thread),
 * CK_PT_ADD(name, n) adds on this thread's slot, CK_PT_SUM(name) sums the slots (read
 * handlers) and CK_PT_RESET(name) clears them.
 *
 * CK_ELEMENT_LOCK(m) / CK_ELEMENT_UNLOCK(m) take and release a ck_elem_lock (a spin lock on
 * one atomic flag, for short critical sections such as one table update) only when the router
 * runs several threads: then several threads may execute the instance, and even when one does,
 * its handlers may be called on another (a Script's, DriverManager's or ControlSocket's thread)
 * while it works; with one thread they cost nothing.  CK_ELEMENT_RLOCK(m) / CK_ELEMENT_RUNLOCK(m) do the same with a
 * ck_elem_rlock, which the thread holding it may take again (an element whose packets come
 * back to it through its own push path, or a handler called from inside the element).
 */
#ifndef CLICKC_CKSTAT_H
#define CLICKC_CKSTAT_H

#include <stdint.h>

#define CK_STAT_ADD(var, n) do { \
        if (ELEMENT_NTHREADS > 1) \
            (void)__atomic_fetch_add(&(var), (n), __ATOMIC_RELAXED); \
        else \
            (var) += (n); \
    } while (0)
#define CK_STAT_LOAD(var) \
    (ELEMENT_NTHREADS > 1 ? __atomic_load_n(&(var), __ATOMIC_RELAXED) : (var))
#define CK_STAT_STORE(var, v) do { \
        if (ELEMENT_NTHREADS > 1) \
            __atomic_store_n(&(var), (v), __ATOMIC_RELAXED); \
        else \
            (var) = (v); \
    } while (0)
#define CK_ONCE(flag) \
    (ELEMENT_NTHREADS > 1 ? !__atomic_exchange_n(&(flag), 1, __ATOMIC_ACQ_REL) \
                          : ((flag) ? 0 : ((flag) = 1)))
#define CK_STAT_FETCH_ADD(var, n) \
    (ELEMENT_NTHREADS > 1 ? __atomic_fetch_add(&(var), (n), __ATOMIC_RELAXED) \
                          : (((var) += (n)) - (n)))
#define CK_SLOT_LOCAL(arr) ((arr)[ck_thread_id])

typedef struct ck_pt_u64 {
    _Alignas(64) uint64_t v;
} ck_pt_u64;

#define CK_PT_SLOTS (ELEMENT_NTHREADS > 1 ? CK_MAX_THREADS : 1)
#define CK_PT_DECL(name) static ck_pt_u64 name[CK_PT_SLOTS]
#define CK_PT_ADD(name, n) do { \
        if (ELEMENT_NTHREADS > 1) { \
            ck_pt_u64 *ck_s_ = &(name)[ck_thread_id]; \
            __atomic_store_n(&ck_s_->v, ck_s_->v + (uint64_t)(n), __ATOMIC_RELAXED); \
        } else \
            (name)[0].v += (uint64_t)(n); \
    } while (0)
#define CK_PT_SUM(name) ck_pt_sum((name), CK_PT_SLOTS)
#define CK_PT_RESET(name) ck_pt_reset((name), CK_PT_SLOTS)

static inline CK_UNUSED uint64_t ck_pt_sum(const ck_pt_u64 *a, int n)
{
    uint64_t s = 0;
    for (int i = 0; i < n; i++)
        s += __atomic_load_n(&a[i].v, __ATOMIC_RELAXED);
    return s;
}

static inline CK_UNUSED void ck_pt_reset(ck_pt_u64 *a, int n)
{
    for (int i = 0; i < n; i++)
        __atomic_store_n(&a[i].v, 0, __ATOMIC_RELAXED);
}

typedef struct ck_elem_lock {
    unsigned char held;
} ck_elem_lock;

static inline CK_UNUSED void ck_elem_lock_acquire(ck_elem_lock *m)
{
    while (__atomic_test_and_set(&m->held, __ATOMIC_ACQUIRE)) {
        while (__atomic_load_n(&m->held, __ATOMIC_RELAXED)) {
#if defined(__x86_64__) || defined(__i386__)
            __builtin_ia32_pause();
#endif
        }
    }
}

static inline CK_UNUSED void ck_elem_lock_release(ck_elem_lock *m)
{
    __atomic_clear(&m->held, __ATOMIC_RELEASE);
}

typedef struct ck_elem_rlock {
    int owner;      /* ck_thread_id + 1 of the holder, 0 when free */
    unsigned depth; /* written by the holder only */
} ck_elem_rlock;

static inline CK_UNUSED void ck_elem_rlock_acquire(ck_elem_rlock *m)
{
    int me = ck_thread_id + 1;
    if (__atomic_load_n(&m->owner, __ATOMIC_RELAXED) == me) {
        m->depth++;
        return;
    }
    for (;;) {
        int expected = 0;
        if (__atomic_compare_exchange_n(&m->owner, &expected, me, 0, __ATOMIC_ACQUIRE,
                                        __ATOMIC_RELAXED))
            break;
        while (__atomic_load_n(&m->owner, __ATOMIC_RELAXED) != 0) {
#if defined(__x86_64__) || defined(__i386__)
            __builtin_ia32_pause();
#endif
        }
    }
    m->depth = 1;
}

static inline CK_UNUSED void ck_elem_rlock_release(ck_elem_rlock *m)
{
    if (--m->depth == 0)
        __atomic_store_n(&m->owner, 0, __ATOMIC_RELEASE);
}

/* EWMA rates (ck_rate_ewma, Click's RateEWMAX) kept in per-thread slots and read by handlers
 * on other threads: every field access is a relaxed atomic, so the reads are race-free (on
 * x86 the same plain moves).  The owner updates with ck_rate_update_shared (the same work as
 * ck_rate_update: the clock fold only when the jiffy changed); a reader takes
 * ck_rate_snapshot and a reset stores ck_rate_publish of a fresh EWMA.  A snapshot taken
 * during the owner's fold may mix two consecutive states, off by one jiffy's events. */
static inline CK_UNUSED ck_rate_ewma ck_rate_snapshot(const ck_rate_ewma *r)
{
    ck_rate_ewma c;
    c.epoch = __atomic_load_n(&r->epoch, __ATOMIC_RELAXED);
    c.stability = __atomic_load_n(&r->stability, __ATOMIC_RELAXED);
    c.scale = __atomic_load_n(&r->scale, __ATOMIC_RELAXED);
    c.current = __atomic_load_n(&r->current, __ATOMIC_RELAXED);
    c.avg = __atomic_load_n(&r->avg, __ATOMIC_RELAXED);
    return c;
}

static inline CK_UNUSED void ck_rate_publish(ck_rate_ewma *r, const ck_rate_ewma *c)
{
    __atomic_store_n(&r->epoch, c->epoch, __ATOMIC_RELAXED);
    __atomic_store_n(&r->stability, c->stability, __ATOMIC_RELAXED);
    __atomic_store_n(&r->scale, c->scale, __ATOMIC_RELAXED);
    __atomic_store_n(&r->current, c->current, __ATOMIC_RELAXED);
    __atomic_store_n(&r->avg, c->avg, __ATOMIC_RELAXED);
}

static inline CK_UNUSED void ck_rate_update_shared(ck_rate_ewma *r, int64_t delta)
{
    uint32_t now = ck_jiffies();
    if (CK_UNLIKELY(now != __atomic_load_n(&r->epoch, __ATOMIC_RELAXED))) {
        ck_rate_ewma c = ck_rate_snapshot(r);
        ck_rate_update_time(&c, now);
        ck_rate_publish(r, &c);
    }
    __atomic_store_n(&r->current, __atomic_load_n(&r->current, __ATOMIC_RELAXED) + (uint64_t)delta,
                     __ATOMIC_RELAXED);
}

/* ck_rate_init on a slot another thread may read or update. */
static inline CK_UNUSED void ck_rate_init_shared(ck_rate_ewma *r, unsigned stability, unsigned scale)
{
    ck_rate_ewma c;
    ck_rate_init(&c, stability, scale);
    ck_rate_publish(r, &c);
}

/* Whether the element locks are taken (see the top of this file). */
#define CK_ELEMENT_LOCKING() (ELEMENT_NTHREADS > 1 || ck_router_nthreads > 1)

#define CK_ELEMENT_RLOCK(m) do { if (CK_ELEMENT_LOCKING()) ck_elem_rlock_acquire(&(m)); } while (0)
#define CK_ELEMENT_RUNLOCK(m) do { if (CK_ELEMENT_LOCKING()) ck_elem_rlock_release(&(m)); } while (0)

#define CK_ELEMENT_LOCK(m) do { if (CK_ELEMENT_LOCKING()) ck_elem_lock_acquire(&(m)); } while (0)
#define CK_ELEMENT_UNLOCK(m) do { if (CK_ELEMENT_LOCKING()) ck_elem_lock_release(&(m)); } while (0)

#endif
