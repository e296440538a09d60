/* The packet and DATA of InfiniteSource, RatedSource and TimedSource (per instance), and
 * ELEM(conf_data), their init of DATA: the configured DATA, or Click's default when it is not
 * given, copied into ELEM(data) and ELEM(datalen); -1 when out of memory. */
#include "standard/cksource.h"

static ck_packet *ELEM(packet);
static char *ELEM(data);
static size_t ELEM(datalen);

static int ELEM(conf_data)(void)
{
    const char *data = CK_SOURCE_DEFAULT_DATA;
    size_t len = sizeof CK_SOURCE_DEFAULT_DATA - 1;
#if CONF_GIVEN(DATA)
    data = CONF(DATA);
    len = (size_t)CONF_LEN(DATA);
#endif
    return ck_source_set_data(&ELEM(data), &ELEM(datalen), data, len);
}
