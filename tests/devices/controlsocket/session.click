// A ControlSocket session written for tests/devices/test_controlsocket.py: a source that
// starts inactive, a counter, and the socket on the first free port from $PORT.
define($PORT 41900+);
cs :: ControlSocket(TCP, $PORT, LOCALHOST true);
s :: InfiniteSource(LIMIT 5, ACTIVE false) -> c :: Counter -> Discard;
