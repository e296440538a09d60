"""ANTLR 4.13.2 parser generated from grammar/Click.g4 by make parser; do not edit."""

GRAMMAR_SHA256 = "252b67fbc2a9fa779664e3d2364d65a902167573c55b8230e858c65e1e22761b"
