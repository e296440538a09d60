Idle -> m2 :: Meter(200, 100);
m2[0] -> Discard; m2[1] -> Discard; m2[2] -> Discard;
Idle -> m3 :: BandwidthMeter(1kBps, 2kBps);
m3[0] -> Discard; m3[1] -> Discard;
