TimedSource(1) -> a :: ARPQuerier(1.2.3.4, 1:2:3:4:5:6) -> Discard;
// ARPQuerier needs two inputs.
