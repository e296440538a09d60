/* Click's named spinlocks (include/click/sync.hh Spinlock, elements/threads/spinlockinfo.cc):
 * a router-wide table of locks by name, made by SpinlockInfo and found by SpinlockAcquire,
 * SpinlockRelease and SpinlockPush when the router initializes (get-or-create, so the order
 * of initialization does not matter).  A lock is recursive for the thread that holds it, as
 * Click's: the owner's thread id and a depth; other threads spin (acquire ordering on the
 * owner word).  Releasing a lock the thread does not hold does nothing.  Once per router. */
#ifndef CLICKC_CKSPINLOCK_H
#define CLICKC_CKSPINLOCK_H
#include <stdatomic.h>
#include <string.h>

#define CK_MAX_SPINLOCKS 64

typedef struct ck_spinlock {
    atomic_int owner; /* thread id + 1, 0 when free */
    int depth;
    char name[64];
} ck_spinlock;

static ck_spinlock ck_spinlocks[CK_MAX_SPINLOCKS];
static int ck_nspinlocks;

/* The lock called name (made on first use), or NULL when the table is full or the name is
 * longer than 63 bytes. */
static CK_UNUSED ck_spinlock *ck_spinlock_named(const char *name)
{
    for (int i = 0; i < ck_nspinlocks; i++)
        if (strcmp(ck_spinlocks[i].name, name) == 0)
            return &ck_spinlocks[i];
    if (ck_nspinlocks == CK_MAX_SPINLOCKS || strlen(name) >= sizeof ck_spinlocks[0].name)
        return NULL;
    ck_spinlock *l = &ck_spinlocks[ck_nspinlocks++];
    atomic_init(&l->owner, 0);
    l->depth = 0;
    strcpy(l->name, name);
    return l;
}

static inline CK_UNUSED void ck_spinlock_acquire(ck_spinlock *l)
{
    int me = ck_thread_id + 1;
    if (atomic_load_explicit(&l->owner, memory_order_relaxed) == me) {
        l->depth++;
        return;
    }
    for (;;) {
        int expected = 0;
        if (atomic_compare_exchange_weak_explicit(&l->owner, &expected, me,
                                                  memory_order_acquire, memory_order_relaxed))
            break;
        while (atomic_load_explicit(&l->owner, memory_order_relaxed) != 0)
            ;
    }
    l->depth = 1;
}

static inline CK_UNUSED void ck_spinlock_release(ck_spinlock *l)
{
    if (atomic_load_explicit(&l->owner, memory_order_relaxed) != ck_thread_id + 1)
        return;
    if (--l->depth == 0)
        atomic_store_explicit(&l->owner, 0, memory_order_release);
}

#endif
