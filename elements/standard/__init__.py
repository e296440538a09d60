"""Element specs of Click's elements/standard/ group."""
