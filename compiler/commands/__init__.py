"""Sub-commands of the ``clickc`` command line.

Each module here defines ``NAME`` (the sub-command), ``HELP`` (one line), ``add_arguments(parser)``
and ``run(args) -> int`` (the exit status).  ``clickc.cli`` discovers them; the module named
``compile`` is also what runs when no sub-command is given (``clickc -O2 router.click -o router``).
"""
