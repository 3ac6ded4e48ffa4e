"""The parts of the Trismaugistus companion (`examples/trismaugistus_companion.py`) that need no terminal.

* `checklist`: the physical actions a step asks for on the table, from the states before and after it;
* `notes`: what is unusual (but accepted) about a report;
* `helptext`: help on the notation, read from the notation module's own table, with examples valid now;
* `completion`: tab completion of the notation from the engine's menu, the pack and the board.

They are plain functions of states and moves, so the tests call them directly.
"""

from __future__ import annotations
