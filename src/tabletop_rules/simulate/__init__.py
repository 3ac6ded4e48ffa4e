"""Simulations at scale: many seeded games, in-process or on any executor.

::

    from concurrent.futures import ProcessPoolExecutor
    from tabletop_rules import valandris
    from tabletop_rules.simulate import simulate
    from tabletop_rules.valandris.agents import greedy_agent

    result = simulate(valandris, 1000, agents=[greedy_agent, greedy_agent], master_seed=7)
    print(result.summary()["outcome"]["score"])

    with ProcessPoolExecutor() as pool:               # the same records, in parallel
        assert simulate(valandris, 1000, agents=[greedy_agent, greedy_agent],
                        master_seed=7, executor=pool) == result

Each game's seed is derived from the master seed and the game's index alone, so
the records are identical whatever runs them: in-process, a process pool, or a
Dask cluster through ``client.get_executor()``.  Games are sent to an executor
in chunks by the game module's *name*, so agents must be picklable (module-level
functions); ``None`` stands for the uniformly random agent.  Seeds, master seeds
included, are the integers ``0 .. 2**64 - 1`` (`core.records.check_seed`).

A game module may define ``outcome(state) -> dict`` describing a finished game
(for example Valandris' score and capturing creature); the summary aggregates
its numeric fields into distributions and the others into counts.

Results are data: ``Simulation.to_dataframe()`` gives a pandas DataFrame (the
``data`` extra), ``save_jsonl``/``load_jsonl`` store the records as JSON Lines,
and ``simulate(..., records_path=PATH)`` appends every finished game to such a
file as it goes and, run again, resumes from it.  The file's header describes
the run (game and rules version, player count, options, setup, move limit,
agents, master seed); a resumed run must match it, or it is refused with a
sentence naming the first difference.  Every argument is checked before the
first game is played.  An error in one game raises ``SimulationError``, which
names the game's index and seed and keeps the records of every game that
finished; so does a worker that dies.  A ``KeyboardInterrupt`` raises
``SimulationInterrupted``, a ``KeyboardInterrupt`` that does the same.

``docs/simulation.md`` has a tested example of every name of ``__all__``.
"""

from __future__ import annotations

# The public names live in private modules (records, the run's setup, records files, results, playing);
# the names imported "as" themselves are importable from here but not in __all__, as before the split.
from tabletop_rules.simulate._files import MAX_RECORD_LINE as MAX_RECORD_LINE
from tabletop_rules.simulate._files import RECORDS_FORMAT as RECORDS_FORMAT
from tabletop_rules.simulate._files import RECORDS_FORMAT_VERSION as RECORDS_FORMAT_VERSION
from tabletop_rules.simulate._records import (
    MAX_CHUNK_SIZE,
    MAX_GAMES,
    MAX_MOVE_LIMIT,
    AgentSpec,
    GameRecord,
    derive_seed,
    records_table,
)
from tabletop_rules.simulate._records import MAX_PLAYERS as MAX_PLAYERS
from tabletop_rules.simulate._records import SEED_SCHEME as SEED_SCHEME
from tabletop_rules.simulate._records import Scalar as Scalar
from tabletop_rules.simulate._results import Simulation
from tabletop_rules.simulate._run import SimulationError, SimulationInterrupted, play_one, simulate

__all__ = [
    "MAX_CHUNK_SIZE",
    "MAX_GAMES",
    "MAX_MOVE_LIMIT",
    "AgentSpec",
    "GameRecord",
    "Simulation",
    "SimulationError",
    "SimulationInterrupted",
    "derive_seed",
    "play_one",
    "records_table",
    "simulate",
]
