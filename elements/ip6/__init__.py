"""Element specs of Click's elements/ip6/ group."""
