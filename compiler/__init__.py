"""clickc: an optimizing compiler for Click modular-router configurations."""

__version__ = "0.1.0"
