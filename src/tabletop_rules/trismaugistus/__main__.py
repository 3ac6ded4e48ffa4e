"""``python -m tabletop_rules.trismaugistus``: see `tabletop_rules.trismaugistus.cli`."""

import sys

from tabletop_rules.trismaugistus.cli import main

sys.exit(main())
