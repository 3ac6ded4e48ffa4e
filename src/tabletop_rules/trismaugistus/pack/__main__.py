"""``python -m tabletop_rules.trismaugistus.pack validate|show PATH`` (the spelling of spec 6.9)."""

import sys

from tabletop_rules.trismaugistus.cli import main

sys.exit(main())
