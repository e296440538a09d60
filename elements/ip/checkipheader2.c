/* CheckIPHeader2: CheckIPHeader with CHECKSUM false unless given (Click's
 * elements/ip/checkipheader2.cc only changes that default); see checkipheader.c. */
#include "ip/checkipheader_body.h"
