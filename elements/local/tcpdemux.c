/* TCPDemux: Click's demultiplexer of TCP flows to TCPConn elements (elements/local/
 * tcpdemux.cc, research code).  Its flow table is filled only by TCPConn elements, through
 * their C++ interface; clickc refuses TCPConn (clickc.elements.refuse), so the table of a
 * compiled router is always empty and every packet takes Click's unknown-flow path: the
 * message "reject packet from unknown flow" and a drop (counted, "unknown flow"). */

static void ELEM(push)(int port, ck_packet *p)
{
    (void)port;
    ck_chatter("reject packet from unknown flow");
    ck_drop(p, ELEMENT_INDEX, "unknown flow");
}
