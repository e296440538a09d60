# lit configuration for the pass goldens (tests/passes/lit): each .click file holds RUN: lines
# (clickc --emit flat after a pass list) and CHECK: lines for filecheck.  Run by
# tests/passes/test_lit.py; by hand: `lit -v tests/passes/lit`.
import os
import shutil
import tempfile

import lit.formats

config.name = "clickc-passes"  # noqa: F821 (lit injects config)
config.test_format = lit.formats.ShTest(execute_external=False)  # noqa: F821
config.suffixes = [".click"]  # noqa: F821
config.test_source_root = os.path.dirname(__file__)  # noqa: F821
# temporary files (%t) and lit's timing record go outside the source tree
config.test_exec_root = os.path.join(tempfile.gettempdir(), "clickc-lit-passes")  # noqa: F821
config.excludes = ["inputs"]  # noqa: F821
for tool in ("clickc", "filecheck"):
    path = shutil.which(tool)
    if path is None:
        raise RuntimeError(f"lit: {tool} not found on PATH")
    config.substitutions.append((f"%{tool}", path))  # noqa: F821
config.environment["PATH"] = os.environ.get("PATH", "")  # noqa: F821
# the nominal machine, as in the rest of the suite (docs/passes.md "The calibrated cost
# model"): a plan must not depend on the cross-CPU round trip measured in a loaded minute
config.environment["CLICKC_MACHINE"] = os.environ.get("CLICKC_MACHINE", "nominal")  # noqa: F821
