"""Element specs of Click's elements/local/ group."""
