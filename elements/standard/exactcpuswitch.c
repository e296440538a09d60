/* ExactCPUSwitch: pushes each packet to output (rank % noutputs), the rank being the position
 * of the pushing thread among the threads that execute the element, ascending (FastClick's
 * elements/standard/exactcpuswitch.cc builds the same map from its pushing threads at
 * initialization).  ELEMENT_THREAD_LIST is that list (docs/c-interface.md).  A thread outside
 * the list (a handler's push from another thread) goes by CPUSwitch's rule, thread % noutputs.
 * The map is written once by init, before any thread pushes, and only read afterwards. */
static int ELEM(map)[CK_MAX_THREADS];

static int
ELEM(init)(ck_errh *errh)
{
    static const int threads[] = { ELEMENT_THREAD_LIST };
    (void)errh;
    for (int t = 0; t < CK_MAX_THREADS; t++)
        ELEM(map)[t] = -1;
    for (int i = 0; i < (int)(sizeof threads / sizeof threads[0]); i++)
        if (threads[i] >= 0 && threads[i] < CK_MAX_THREADS)
            ELEM(map)[threads[i]] = i % NOUTPUTS;
    return 0;
}

static CK_UNUSED void ELEM(push)(int port, ck_packet *p)
{
    (void)port;
    unsigned t = (unsigned)ck_thread_id;
    int n = t < CK_MAX_THREADS ? ELEM(map)[t] : -1;
    if (n < 0)
        n = (int)(t % (unsigned)NOUTPUTS);
    OUTPUT(n, p);
}
