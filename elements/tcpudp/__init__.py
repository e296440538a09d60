"""Element specs of Click's elements/tcpudp/ group."""
