"""Element specs of Click's elements/ethernet/ group."""
