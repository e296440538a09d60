"""ANTLR 4.13.2 parser generated from grammar/Click.g4 by make parser; do not edit."""

GRAMMAR_SHA256 = "5cbeaf58f720dd44b66882d2a4e2716ee10498fd754112876392c8e50eb8dfb7"
