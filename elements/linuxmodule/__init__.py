"""Element specs of Click's elements/linuxmodule/ group."""
