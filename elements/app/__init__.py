"""Element specs of Click's elements/app/ group."""
