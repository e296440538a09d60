"""Element specs of Click's elements/aqm/ group."""
