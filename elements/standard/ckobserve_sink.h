/* push and run_task of an element that looks at each packet and passes it on (ToIPSummaryDump,
 * ToIPFlowDumps): CK_OBSERVE(p) (defined by the template, undefined here) sees the packet, which
 * then goes to output 0 when the element has one, else back to the pool.  Pulled from input 0
 * by the task when the input is pull and there is no pull output (a pull sink), one packet per
 * run; a template with a pull output defines its own pull. */
static CK_UNUSED void ELEM(push)(int port, ck_packet *p)
{
    (void)port;
    CK_OBSERVE(p);
    if (NOUTPUTS > 0)
        OUTPUT(0, p);
    else
        ck_packet_kill(p);
}

static CK_UNUSED int ELEM(run_task)(void)
{
    if (INPUT_IS_PUSH(0) || (NOUTPUTS > 0 && !OUTPUT_IS_PUSH(0)))
        return 0;
    ck_packet *p = INPUT_PULL(0);
    if (!p)
        return 0;
    ELEM(push)(0, p);
    return 1;
}
#undef CK_OBSERVE
