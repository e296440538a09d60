"""ANTLR 4.9.3 C++ parser generated from grammar/Click.g4 by make parser; do not edit."""

GRAMMAR_SHA256 = "601e1df8656e28b7bf45909a03d273be35d29e63029213820050a6d5ba18cb2c"
