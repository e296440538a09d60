/* IPFieldInfo: Click's element that installs the IP field names its analysis elements parse
 * (elements/ip/ipfieldinfo.cc).  An instance does nothing at run time. */
