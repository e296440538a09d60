/* AddressInfo(NAME ADDR..., ...): defines names for addresses (Click's
 * elements/standard/addressinfo.cc).  Its names are resolved at compile time, in the other
 * elements' arguments (clickc.args, AddressInfo names): nothing is left to do at run time. */
