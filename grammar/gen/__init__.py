"""ANTLR 4.13.2 parser generated from grammar/Click.g4 by make parser; do not edit."""

GRAMMAR_SHA256 = "9990b478b114c36440b7be1dabd902fa253ce2a61413985414ac8a2ebb788bfd"
