"""Element specs of Click's elements/userlevel/ group."""
