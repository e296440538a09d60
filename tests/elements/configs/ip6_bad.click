Idle -> l6 :: LookupIP6Route(::1/128 0, 3ffe::/16 ::1 1, bad 0, 3ffe::/16 2) -> Discard;
l6[1] -> Discard;
Idle -> nd :: IP6NDAdvertiser(3ffe::1/128 00:01:02:03:04:05, 3ffe::2 1:2:3:4:5:6 2:3:4:5:6:7, 00:01:02:03:04:05, zzz) -> Discard;
Idle -> l7 :: LookupIP6Route(::1/128 0, ::2/128 3) -> Discard;
