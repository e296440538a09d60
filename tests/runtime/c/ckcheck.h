/* CHECK(cond) for the C test programs of tests/ (test_pool.c, tests/smp/c/test_return.c):
 * counts the checks in nchecks and the failures in nfailed, printing each failure with its
 * file and line; the program prints "ok N" at the end when nfailed is 0. */
#ifndef CKTEST_CHECK_H
#define CKTEST_CHECK_H
#include <stdio.h>

static int nchecks, nfailed;
#define CHECK(cond)                                                                      \
    do {                                                                                 \
        nchecks++;                                                                       \
        if (!(cond)) {                                                                   \
            nfailed++;                                                                   \
            fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond);     \
        }                                                                                \
    } while (0)
#endif
