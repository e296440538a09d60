// a Queue without input, a Tee whose output 1 is missing, a source without output
q :: Queue;
q -> Discard;
t :: Tee(3);
Idle -> t;
t[0] -> Discard;
t[2] -> Discard;
s :: InfiniteSource;
