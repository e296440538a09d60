"""Jinja2 templates of the generated C (a package so that setup.py ships them as data)."""
