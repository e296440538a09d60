"""ANTLR 4.13.2 parser generated from grammar/Click.g4 by make parser; do not edit."""

GRAMMAR_SHA256 = "008b257e212be69139db26db8cd407ae6e9193b45f1aaf7591e65a6357190d91"
