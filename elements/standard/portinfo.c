/* PortInfo(NAME PORT/PROTO..., ...): defines names for TCP and UDP ports (Click's
 * elements/standard/portinfo.cc).  Its names are resolved at compile time, in the other
 * elements' port arguments (clickc.args, PortInfo names): nothing is left to do at run time. */
