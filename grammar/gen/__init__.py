"""ANTLR 4.13.2 parser generated from grammar/Click.g4 by make parser; do not edit."""

GRAMMAR_SHA256 = "b03ca0018ec247312d568ec44e8962cc87193f43745bf99af8b6432ce757b59c"
