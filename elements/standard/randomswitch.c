/* RandomSwitch: sends each packet to an output chosen uniformly at random (Click's
 * elements/standard/randomswitch.cc, click_random(0, noutputs() - 1)).  The draw is Click's
 * (standard/ckrandom.h over the C library's random(), which RandomSeed seeds), so with the
 * same seed the outputs are Click's. */
#include "standard/ckrandom.h"

static CK_UNUSED void ELEM(push)(int port, ck_packet *p)
{
    (void)port;
    OUTPUT((int)ck_click_random_range(0, (uint32_t)NOUTPUTS - 1), p);
}
