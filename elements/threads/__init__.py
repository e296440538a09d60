"""Element specs of Click's elements/threads/ group."""
