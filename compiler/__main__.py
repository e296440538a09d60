"""``python -m clickc`` is the ``clickc`` command."""

import sys

from .cli import main

sys.exit(main())
