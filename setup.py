"""Assemble the `clickc` import package from the project's top-level directories.

compiler/ is `clickc`, passes/ is `clickc.passes`, grammar/ is `clickc.grammar` (with the
generated parser), elements/ is `clickc.elements` (specs and C implementations) and runtime/ is
`clickc.runtime` (the C runtime the generated routers link).  Everything in these trees that is
not Python (C sources, headers, Jinja2 templates, grammar files) ships as package data, so an
installed clickc compiles routers from any directory.
"""

from pathlib import Path

from setuptools import setup

ROOTS = {
    "clickc": "compiler",
    "clickc.passes": "passes",
    "clickc.grammar": "grammar",
    "clickc.elements": "elements",
    "clickc.runtime": "runtime",
}
DATA = ["*.c", "*.cpp", "*.h", "*.j2", "*.g4", "*.tokens", "*.interp", "*.md", "*.pcap", "Makefile"]

packages: list[str] = []
package_dir: dict[str, str] = {}
package_data: dict[str, list[str]] = {}
here = Path(__file__).parent
for pkg, d in ROOTS.items():
    package_dir[pkg] = d
    for init in sorted((here / d).rglob("__init__.py")):
        rel = init.parent.relative_to(here / d)
        name = pkg if str(rel) == "." else pkg + "." + ".".join(rel.parts)
        packages.append(name)
        package_data[name] = DATA

setup(packages=packages, package_dir=package_dir, package_data=package_data)
