"""Element specs of Click's elements/icmp/ group."""
