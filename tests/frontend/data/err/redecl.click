// expected errors: recorded from Click's click-flatten by tests/frontend/data/record.sh
a :: Counter;
a :: Queue;
