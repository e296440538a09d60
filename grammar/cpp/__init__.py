"""The C++ sources of the optional C++ parser (compiler/frontend/cparser.py builds them)."""
