"""ANTLR 4.13.2 parser generated from grammar/Click.g4 by make parser; do not edit."""

GRAMMAR_SHA256 = "fdfc86dd194aecbd275a68fd5d63b974b7e67bf0e13ea14114e69d902961c000"
