"""Element specs of Click's elements/simple/ group."""
