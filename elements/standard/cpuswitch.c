/* CPUSwitch: pushes each packet to output (thread % noutputs), the thread being the one that
 * runs the push (Click's elements/standard/cpuswitch.cc uses click_current_cpu_id(); clickc's
 * thread i is pinned to the i-th allowed CPU, docs/runtime.md "Threads"). */
static CK_UNUSED void ELEM(push)(int port, ck_packet *p)
{
    (void)port;
    OUTPUT((int)((unsigned)ck_thread_id % (unsigned)NOUTPUTS), p);
}
