"""ANTLR 4.13.2 parser generated from grammar/Click.g4 by make parser; do not edit."""

GRAMMAR_SHA256 = "76a12bcdeacec78102580d6cf6ffa38a3d4ebb233b272ad9c8fcbc303527b844"
