TimedSource(1) -> t :: Tee;
TimedSource(1) -> [0]s :: Suppressor;
TimedSource(1) -> [1]s;
s[0] -> Discard;
// Tee needs at least one output; Suppressor as many outputs as inputs.
