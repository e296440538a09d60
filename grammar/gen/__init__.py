"""ANTLR 4.13.2 parser generated from grammar/Click.g4 by make parser; do not edit."""

GRAMMAR_SHA256 = "56522118a18192e5bf928eff691c3d3413b12459a3d419b0dff57c41320ebb85"
