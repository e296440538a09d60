// a required but unconnected input still ties an agnostic element's outputs together
b :: Block(1);
b[0] -> PushNull -> Discard;
b[1] -> PullNull -> TimedSink;
