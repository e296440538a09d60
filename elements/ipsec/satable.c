/* SATable: Click's elements/ipsec/satable.cc.  Its table is reached only through C++ methods
 * that no element of Click calls, so a running router has nothing to do for it (clickc's
 * security associations live in RadixIPsecLookup, ipsec/ipsec.h). */
