"""Element specs of Click's elements/etherswitch/ group."""
