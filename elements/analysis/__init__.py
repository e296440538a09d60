"""Element specs of Click's elements/analysis/ group."""
