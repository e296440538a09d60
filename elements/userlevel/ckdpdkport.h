/* The DPDK port of FromDPDKDevice and ToDPDKDevice (per instance): ELEM(port), -1 until init
 * opened it, and ELEM(queue), the element's queue on it; ELEM(open_port), called from init,
 * opens PORT (ck_dpdk_open, runtime/io_dpdk.h, which initializes the EAL on first use) and
 * takes QUEUE: 0, or -1 after reporting why not. */
static int ELEM(port) = -1;
static uint16_t ELEM(queue);

static int ELEM(open_port)(ck_errh *errh)
{
    int port = ck_dpdk_open(CONF(PORT), (int)CONF(QUEUE), errh);
    if (port < 0)
        return -1;
    ELEM(port) = port;
    ELEM(queue) = (uint16_t)CONF(QUEUE);
    return 0;
}
