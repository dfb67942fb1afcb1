"""`python -m reddog_tui.cli`, as `python -m reddog_tui`."""

import sys

from . import main

sys.exit(main())
