/* TokenBucketTest: at initialization, checks clickc's token bucket (standard/cktokenbucket.h)
 * against the cases of Click's elements/test/tokenbuckettest.cc (rates and capacities as
 * assigned, refills at given jiffies, a bucket that reaches one token exactly when
 * ck_tb_time_until_contains says, unlimited and idle rates) and reports "All tests pass!", or
 * the first failed check as an error, so the router does not start. */
#include "standard/cktokenbucket.h"

#define CK_TBT_CHECK(x)                                                                       \
    do {                                                                                      \
        if (!(x))                                                                             \
            return ck_error(errh, "%s:%d: test `%s' failed", __FILE__, __LINE__, #x);        \
    } while (0)

/* Click's TokenBucketX(rate, capacity): full when rate and capacity are nonzero, time 0. */
static void ELEM(make)(ck_tokenbucket *tb, uint32_t rate, uint32_t capacity)
{
    ck_tb_assign(tb, rate, capacity);
    tb->tokens = rate != 0 && capacity != 0 ? CK_TB_MAX_TOKENS : 0;
    tb->time_point = 0;
}

static int
ELEM(init)(ck_errh *errh)
{
    ck_tokenbucket tb = {0};
    ck_tb_assign(&tb, 1024, 2048);
    CK_TBT_CHECK(ck_tb_rate(&tb) >= 1022 && ck_tb_rate(&tb) <= 1026);
    CK_TBT_CHECK(ck_tb_capacity_tokens(&tb) >= 2046 && ck_tb_capacity_tokens(&tb) <= 2050);
    tb.tokens = CK_TB_MAX_TOKENS;
    ck_tb_refill_at(&tb, 0);
    CK_TBT_CHECK(ck_tb_remove_if(&tb, 1024));
    CK_TBT_CHECK(ck_tb_remove_if(&tb, 1024));
    CK_TBT_CHECK(!ck_tb_remove_if(&tb, 1024));
    ck_tb_refill_at(&tb, CK_HZ * 99 / 100);
    CK_TBT_CHECK(!ck_tb_remove_if(&tb, 1024));
    ck_tb_refill_at(&tb, CK_HZ);
    CK_TBT_CHECK(ck_tb_remove_if(&tb, 1024));
    CK_TBT_CHECK(!ck_tb_remove_if(&tb, 1024));

    ck_tokenbucket tb2;
    ELEM(make)(&tb2, 1024u * 1024 * 1024, 1); /* the capacity grows to the rate's minimum */
    CK_TBT_CHECK(tb2.tokens == CK_TB_MAX_TOKENS);
    CK_TBT_CHECK(ck_tb_remove_if(&tb2, 1000));

    ck_tokenbucket tb3;
    ELEM(make)(&tb3, 1, 1024u * 1024 * 1024);
    CK_TBT_CHECK(ck_tb_remove_if(&tb3, 2 * (UINT32_MAX / CK_HZ)));

    ck_tokenbucket tb4;
    ELEM(make)(&tb4, 2, 1); /* the rate ends up very slightly less than 2 */
    ck_tb_refill_at(&tb4, 0);
    tb4.tokens = 0;
    ck_tb_refill_at(&tb4, ck_tb_time_until_contains(&tb4, 1));
    CK_TBT_CHECK(ck_tb_contains(&tb4, 1));

    ck_tb_refill_at(&tb4, 0);
    tb4.tokens = 0;
    uint32_t done_at = ck_tb_time_until_contains(&tb4, 1);
    for (uint32_t now = 0; now < done_at;) {
        CK_TBT_CHECK(now == done_at - 1 || !ck_tb_contains(&tb4, 1));
        CK_TBT_CHECK(ck_tb_time_until_contains(&tb4, 1) <= done_at - now);
        ++now;
        ck_tb_refill_at(&tb4, now);
    }
    CK_TBT_CHECK(ck_tb_contains(&tb4, 1));

    ck_tb_assign_unlimited(&tb4, 1);
    CK_TBT_CHECK(ck_tb_rate(&tb4) == CK_TB_MAX_TOKENS);
    CK_TBT_CHECK(ck_tb_capacity_tokens(&tb4) == CK_TB_MAX_TOKENS);

    for (int round = 0; round < 2; round++) {
        ck_tb_assign_unlimited(&tb4, 0);
        tb4.tokens = 0;
        ck_tb_refill_at(&tb4, ck_jiffies());
        CK_TBT_CHECK(ck_tb_rate(&tb4) == 0);
        CK_TBT_CHECK(ck_tb_capacity_tokens(&tb4) == CK_TB_MAX_TOKENS);
        CK_TBT_CHECK(tb4.tokens == 0);

        ck_tb_assign(&tb4, 0, 1024);
        CK_TBT_CHECK(ck_tb_rate(&tb4) == 0);
        CK_TBT_CHECK(ck_tb_capacity_tokens(&tb4) == 1024);
    }

    return ck_message(errh, "All tests pass!");
}
