"""Element specs of Click's elements/ip/ group."""
