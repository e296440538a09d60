Idle -> m1 :: BandwidthMeter(1kBps, 5MBps);
m1[0] -> Discard; m1[1] -> Discard; m1[2] -> Discard;
// Meter configuration errors: too large a rate, rates not increasing, wrong output count.
