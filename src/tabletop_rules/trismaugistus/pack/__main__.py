"""``python -m tabletop_rules.trismaugistus.pack template|validate|show ...`` (the spelling of spec 6.9).

The same as ``python -m tabletop_rules.trismaugistus pack ...``.
"""

import sys

from tabletop_rules.trismaugistus.cli import main

sys.exit(main(["pack", *sys.argv[1:]]))
