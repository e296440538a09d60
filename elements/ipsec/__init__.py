"""Element specs of Click's elements/ipsec/ group."""
