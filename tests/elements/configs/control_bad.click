ControlSocket(TCP, 7777);
ControlSocket(TCP, 7777+, READONLY true);
ControlSocket(TCP, nosuchservice);
ControlSocket(FOO, 1);
ControlSocket(UNIX);
ControlSocket(unix, /tmp/sock, VERBOSE maybe);
a :: Align(4, 0);
Idle -> a -> Discard;
AlignmentInfo(a 4 0, nosuch 4, a 4, , a 8 x);
