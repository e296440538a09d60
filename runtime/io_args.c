/*
 * The DPDK EAL arguments of a router program, given as FastClick takes them:
 *
 *     ./router --dpdk EAL-ARGUMENTS... -- [ROUTER-ARGUMENTS...]
 *
 * ck_main calls ck_io_take_eal_args first: it removes "--dpdk" and everything up to and
 * including the next "--" (or to the end) from argv and keeps it for FromDPDKDevice /
 * ToDPDKDevice, which initialize the EAL with it (runtime/io_dpdk.h).  A router without DPDK
 * elements accepts and ignores them.  Nothing here needs DPDK, so every router links it.
 */
#include "clickc.h"
#include "io_dpdk_state.h"

#include <stdlib.h>

/* The process's DPDK state (io_dpdk_state.h): here, in the runtime, so that in a -R process it
 * stays in the resident host across hot swaps. */
ck_dpdk_state ck_dpdk_shared = {.lock = PTHREAD_MUTEX_INITIALIZER};

/* argv[0] (the program name, as rte_eal_init expects) followed by the EAL arguments. */
int ck_dpdk_eal_argc;
char **ck_dpdk_eal_argv;
/* Whether --dpdk was given at all. */
int ck_dpdk_eal_given;

int ck_io_take_eal_args(int argc, char **argv);

int ck_io_take_eal_args(int argc, char **argv)
{
    int start = -1;
    for (int i = 1; i < argc; i++)
        if (strcmp(argv[i], "--dpdk") == 0) {
            start = i;
            break;
        }
    if (start < 0)
        return argc;
    int end = start + 1;
    while (end < argc && strcmp(argv[end], "--") != 0)
        end++;
    int neal = end - start - 1;
    ck_dpdk_eal_argv = calloc((size_t)neal + 2, sizeof(char *));
    if (!ck_dpdk_eal_argv)
        abort();
    ck_dpdk_eal_argv[0] = argv[0];
    for (int k = 0; k < neal; k++)
        ck_dpdk_eal_argv[k + 1] = argv[start + 1 + k];
    ck_dpdk_eal_argc = neal + 1;
    ck_dpdk_eal_given = 1;
    int skip = end < argc ? end + 1 : end; /* the "--" goes too */
    int out = start;
    for (int i = skip; i < argc; i++)
        argv[out++] = argv[i];
    argv[out] = NULL;
    return out;
}
