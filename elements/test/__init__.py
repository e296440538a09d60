"""Element specs of Click's elements/test/ group."""
