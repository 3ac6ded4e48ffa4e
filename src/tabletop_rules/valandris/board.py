"""The Valandris board: three nested Platonic skeletons, built from coordinates.

The board is computed once, at import, with networkx (V-BOARD-8): vertex
coordinates come from the icosahedron's 12 directions and the 20 centroids of
its faces (section 2.2 of the spec), same-world edges are the pairs at minimum
distance, and the cross-world edges are computed from both sides of each
relation of the manual and checked to agree.  Nothing here is typed in as a
table.  The rules then read only the plain tuples exported below.

Numbering (V-BOARD-9), derived from the coordinates and stable across versions:

* The frame puts a 5-fold axis through ``E0`` (the north pole).  Azimuths are
  measured counter-clockwise from the +x axis, seen from the north pole.
* ``E1``..``E5`` are the upper ring of the icosahedron by increasing azimuth,
  and ``E(11-i)`` is the antipode of ``Ei`` (so ``E11`` is the south pole).
* ``H0``..``H4`` are the Heaven pentagon around ``E0`` by increasing azimuth,
  ``H5``..``H9`` the next ring down by increasing azimuth, and ``H(19-i)`` is
  the antipode of ``Hi``.
* ``Ai`` lies radially below ``Hi`` (same direction, smaller radius).

Vertex indices: ``H0..H19`` are 0..19, ``E0..E11`` are 20..31 and ``A0..A19``
are 32..51.
"""

from __future__ import annotations

import enum
import itertools
import math
from collections.abc import Iterable, Sequence
from typing import Final

import networkx as nx
from networkx.algorithms.isomorphism import GraphMatcher

from tabletop_rules.core.errors import InvalidMoveError
from tabletop_rules.core.frozen import frozen_mapping
from tabletop_rules.core.jsonio import brief

__all__ = [
    "ABYSS_VERTICES",
    "ADJACENT",
    "ADJACENT_MASK",
    "ANTIPODE",
    "BOARD",
    "CREATURES",
    "CROSS",
    "EARTH_VERTICES",
    "FLY",
    "HEAVEN_VERTICES",
    "NAMES",
    "NUM_VERTICES",
    "SAME",
    "WITHIN_TWO",
    "WORLD",
    "Board",
    "Piece",
    "World",
    "vertex_index",
]


class World(enum.IntEnum):
    """The three worlds, each the skeleton of one solid."""

    HEAVEN = 0  # outer dodecahedron, home of the Archangel
    EARTH = 1  # icosahedron, home of the Unicorn
    ABYSS = 2  # inner dodecahedron, home of the Leviathan

    @property
    def prefix(self) -> str:
        return "HEA"[self]


class Piece(enum.IntEnum):
    """The four pieces.  The creatures' values are their order of movement (V-HS-2)."""

    LEVIATHAN = 0
    UNICORN = 1
    ARCHANGEL = 2
    VALANDRIS = 3

    @property
    def letter(self) -> str:
        """The piece's letter in the notation: L, U, A or V."""
        return "LUAV"[self]

    @property
    def home(self) -> World:
        """The creature's home world, where its power works (V-POWER-1)."""
        if self is Piece.VALANDRIS:
            raise ValueError("Valandris has no home world")
        return (World.ABYSS, World.EARTH, World.HEAVEN)[self]


CREATURES: Final = (Piece.LEVIATHAN, Piece.UNICORN, Piece.ARCHANGEL)
"""The three creatures of the Holy Spirit, in their order of movement."""

NUM_VERTICES: Final = 52
_OFFSET: Final = {World.HEAVEN: 0, World.EARTH: 20, World.ABYSS: 32}
_SIZE: Final = {World.HEAVEN: 20, World.EARTH: 12, World.ABYSS: 20}

PHI: Final = (1 + math.sqrt(5)) / 2
RATIO: Final = math.sqrt((5 + 2 * math.sqrt(5)) / 15)  # inradius / circumradius of both solids
RADIUS: Final = frozen_mapping({World.HEAVEN: 1.0, World.EARTH: RATIO, World.ABYSS: RATIO * RATIO})

_EPS = 1e-9
Vec = tuple[float, float, float]


def _normalise(v: Sequence[float]) -> Vec:
    n = math.sqrt(sum(c * c for c in v))
    return (v[0] / n, v[1] / n, v[2] / n)


def _dot(a: Vec, b: Vec) -> float:
    return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]


def _neg(a: Vec) -> Vec:
    return (-a[0], -a[1], -a[2])


def _angle(a: Vec, b: Vec) -> float:
    return math.degrees(math.acos(max(-1.0, min(1.0, _dot(a, b)))))


def _azimuth(v: Vec) -> float:
    degrees = round(math.degrees(math.atan2(v[1], v[0])) % 360.0, 6)
    return 0.0 if degrees == 360.0 else degrees


def _find(directions: Sequence[Vec], target: Vec) -> int:
    """The index of the direction equal to ``target`` (it must be there exactly once)."""
    hits = [i for i, d in enumerate(directions) if _angle(d, target) < 1e-3]
    assert len(hits) == 1, "direction not found exactly once"
    return hits[0]


def _icosahedron_directions() -> list[Vec]:
    """The 12 normalised cyclic permutations of (0, ±1, ±φ), turned so that (0, 1, φ) is the north pole."""
    raw: list[Vec] = []
    for s1, s2 in itertools.product((1.0, -1.0), repeat=2):
        raw += [(0.0, s1, s2 * PHI), (s1, s2 * PHI, 0.0), (s2 * PHI, 0.0, s1)]
    alpha = math.atan2(1.0, PHI)  # rotation about x that takes (0, 1, φ) onto +z
    ca, sa = math.cos(alpha), math.sin(alpha)
    return [_normalise((x, y * ca - z * sa, y * sa + z * ca)) for x, y, z in raw]


def _number_earth(directions: list[Vec]) -> list[Vec]:
    north = max(directions, key=lambda v: v[2])
    upper = sorted((v for v in directions if 0.1 < v[2] < 0.99), key=_azimuth)
    assert len(upper) == 5
    half = [north, *upper]
    return half + [_neg(v) for v in reversed(half)]


def _number_dodecahedron(directions: list[Vec]) -> list[Vec]:
    levels = sorted({round(v[2], 6) for v in directions}, reverse=True)
    assert len(levels) == 4, "a 5-fold axis gives four rings of five vertices"
    top = sorted((v for v in directions if round(v[2], 6) == levels[0]), key=_azimuth)
    second = sorted((v for v in directions if round(v[2], 6) == levels[1]), key=_azimuth)
    half = top + second
    return half + [_neg(v) for v in reversed(half)]


def _same_world_edges(points: Sequence[Vec]) -> list[tuple[int, int]]:
    """Pairs at the minimum distance (the solid's edges), with a strict gap to the next distance."""
    pairs = list(itertools.combinations(range(len(points)), 2))
    dist = {(i, j): math.dist(points[i], points[j]) for i, j in pairs}
    shortest = min(dist.values())
    edges = [p for p in pairs if dist[p] < shortest + _EPS]
    assert min(d for d in dist.values() if d >= shortest + _EPS) > shortest * 1.1
    return edges


def _nearest(direction: Vec, candidates: Sequence[Vec], k: int) -> list[int]:
    """The ``k`` candidates at the smallest angle, asserting a strict gap after the ``k``-th."""
    ranked = sorted(range(len(candidates)), key=lambda i: _angle(direction, candidates[i]))
    angles = [_angle(direction, candidates[i]) for i in ranked]
    assert angles[k - 1] + 1.0 < angles[k], "no strict gap after the k nearest"  # 37.38° vs 79.19°
    return sorted(ranked[:k])


def _centroid(points: Iterable[Vec]) -> Vec:
    pts = list(points)
    return _normalise([sum(p[i] for p in pts) / len(pts) for i in range(3)])


class Board:
    """The 52-vertex board with its adjacency, antipodes and symmetries.

    Use the module-level instance `BOARD`.  ``graph`` is the networkx
    graph it was built from (node attributes ``name``, ``world``, ``xyz``;
    edge attribute ``kind`` = ``"same"`` or ``"cross"``); every other
    attribute is a plain tuple indexed by vertex.
    """

    def __init__(self) -> None:
        earth_dirs = _number_earth(_icosahedron_directions())
        earth_faces = self._earth_faces(earth_dirs)
        dodeca_dirs = _number_dodecahedron([_centroid(earth_dirs[i] for i in f) for f in earth_faces])

        names: list[str] = []
        worlds: list[World] = []
        xyz: list[Vec] = []
        directions: list[Vec] = []
        for world, dirs in (
            (World.HEAVEN, dodeca_dirs),
            (World.EARTH, earth_dirs),
            (World.ABYSS, dodeca_dirs),
        ):
            for i, d in enumerate(dirs):
                names.append(f"{world.prefix}{i}")
                worlds.append(world)
                directions.append(d)
                r = RADIUS[world]
                xyz.append((d[0] * r, d[1] * r, d[2] * r))

        graph: nx.Graph[int] = nx.Graph()
        for v in range(NUM_VERTICES):
            graph.add_node(v, name=names[v], world=worlds[v], xyz=xyz[v])
        for world in World:
            offset, size = _OFFSET[world], _SIZE[world]
            for i, j in _same_world_edges(xyz[offset : offset + size]):
                graph.add_edge(offset + i, offset + j, kind="same")

        heaven = range(20)
        earth = range(20, 32)
        abyss = range(32, 52)
        earth_d = [directions[e] for e in earth]
        heaven_d = [directions[h] for h in heaven]
        abyss_d = [directions[a] for a in abyss]

        # V-BOARD-3 / V-BOARD-4: Heaven -> Earth by "3 nearest", Earth -> Heaven by
        # "the face of the outer dodecahedron at whose centre the Earth vertex lies".
        h_to_e = {h: {20 + i for i in _nearest(directions[h], earth_d, 3)} for h in heaven}
        e_to_h: dict[int, set[int]] = {}
        for face in self._pentagons(graph.subgraph(heaven)):
            e = 20 + _find(earth_d, _centroid(heaven_d[h] for h in face))
            e_to_h[e] = set(face)
        # V-BOARD-5 / V-BOARD-6: Earth -> Abyss by "5 nearest", Abyss -> Earth by
        # "the icosahedron face at whose centre the Abyss vertex lies".
        e_to_a = {e: {32 + i for i in _nearest(directions[e], abyss_d, 5)} for e in earth}
        a_to_e: dict[int, set[int]] = {}
        for tri in earth_faces:
            a = 32 + _find(abyss_d, _centroid(earth_d[i] for i in tri))
            a_to_e[a] = {20 + i for i in tri}
        for h in heaven:
            assert h_to_e[h] == {e for e in earth if h in e_to_h[e]}, "Heaven-Earth relations disagree"
        for a in abyss:
            assert a_to_e[a] == {e for e in earth if a in e_to_a[e]}, "Earth-Abyss relations disagree"
        for h, es in h_to_e.items():
            graph.add_edges_from(((h, e) for e in es), kind="cross")
        for e, as_ in e_to_a.items():
            graph.add_edges_from(((e, a) for a in as_), kind="cross")

        self.graph: Final = graph
        self.names: Final[tuple[str, ...]] = tuple(names)
        self.world: Final[tuple[World, ...]] = tuple(worlds)
        self.xyz: Final[tuple[Vec, ...]] = tuple(xyz)
        same = [sorted(u for u in graph[v] if graph.edges[v, u]["kind"] == "same") for v in range(52)]
        cross = [sorted(u for u in graph[v] if graph.edges[v, u]["kind"] == "cross") for v in range(52)]
        self.same: Final[tuple[tuple[int, ...], ...]] = tuple(tuple(s) for s in same)
        self.cross: Final[tuple[tuple[int, ...], ...]] = tuple(tuple(c) for c in cross)
        self.adjacent: Final[tuple[tuple[int, ...], ...]] = tuple(
            tuple(sorted(s + c)) for s, c in zip(same, cross, strict=True)
        )
        # V-BOARD-11: the antipode is the vertex of the same world at -xyz.
        self.antipode: Final[tuple[int, ...]] = tuple(
            _OFFSET[worlds[v]]
            + _find([directions[u] for u in self._world_range(worlds[v])], _neg(directions[v]))
            for v in range(52)
        )
        # V-POWER-ARC-3: a fly lands exactly two same-world edges away.
        self.distance_two: Final[tuple[tuple[int, ...], ...]] = tuple(
            tuple(
                sorted(
                    u
                    for u, d in nx.single_source_shortest_path_length(
                        graph.subgraph(self._world_range(worlds[v])), v, cutoff=2
                    ).items()
                    if d == 2
                )
            )
            for v in range(52)
        )
        self._symmetries: tuple[tuple[int, ...], ...] | None = None

    @staticmethod
    def _world_range(world: World) -> range:
        return range(_OFFSET[world], _OFFSET[world] + _SIZE[world])

    @staticmethod
    def _earth_faces(earth_dirs: Sequence[Vec]) -> list[tuple[int, int, int]]:
        """The 20 triangles of the icosahedron: its 3-cliques."""
        skeleton: nx.Graph[int] = nx.Graph(_same_world_edges(earth_dirs))
        faces = [tuple(sorted(c)) for c in nx.enumerate_all_cliques(skeleton) if len(c) == 3]
        assert len(faces) == 20
        return [(f[0], f[1], f[2]) for f in faces]

    @staticmethod
    def _pentagons(skeleton: nx.Graph[int]) -> list[tuple[int, ...]]:
        """The 12 faces of a dodecahedron: its cycles of length 5 (its girth)."""
        faces = [tuple(c) for c in nx.simple_cycles(skeleton, length_bound=5)]
        assert len(faces) == 12
        return faces

    @property
    def symmetries(self) -> tuple[tuple[int, ...], ...]:
        """The 120 world-preserving automorphisms (V-BOARD-12), as vertex permutations.

        Each is a tuple ``g`` with ``g[v]`` the image of vertex ``v``; the
        identity comes first.  They are found from the icosahedron's own
        automorphisms (networkx VF2 on the 12-vertex skeleton), each extended to
        Heaven and the Abyss through the Earth triangle every such vertex sees.
        """
        if self._symmetries is None:
            earth = self.graph.subgraph(range(20, 32))
            seen_by = {
                world: {frozenset(self._earth_neighbours(v)): v for v in self._world_range(world)}
                for world in (World.HEAVEN, World.ABYSS)
            }
            perms: list[tuple[int, ...]] = []
            for mapping in GraphMatcher(earth, earth).isomorphisms_iter():
                perm = list(range(52))
                for v in range(52):
                    world = self.world[v]
                    if world == World.EARTH:
                        perm[v] = mapping[v]
                    else:
                        perm[v] = seen_by[world][frozenset(mapping[e] for e in self._earth_neighbours(v))]
                perms.append(tuple(perm))
            identity = tuple(range(52))
            perms.sort(key=lambda p: (p != identity, p))
            self._symmetries = tuple(perms)
        return self._symmetries

    def _earth_neighbours(self, v: int) -> tuple[int, ...]:
        return tuple(u for u in self.cross[v] if self.world[u] == World.EARTH)


def vertex_index(name: str) -> int:
    """The index of a vertex name such as ``"H0"``, ``"E11"`` or ``"A7"``.

    Raises:
        InvalidMoveError: if ``name`` is not the name of a vertex of the board.
    """
    index = _INDEX.get(name) if type(name) is str else None
    if index is None:
        raise InvalidMoveError(f"{brief(name)} is not a vertex (H0..H19, E0..E11, A0..A19)")
    return index


BOARD: Final = Board()

NAMES: Final = BOARD.names
WORLD: Final[tuple[int, ...]] = tuple(int(w) for w in BOARD.world)
SAME: Final = BOARD.same
CROSS: Final = BOARD.cross
ADJACENT: Final = BOARD.adjacent
ANTIPODE: Final = BOARD.antipode
FLY: Final = BOARD.distance_two
ADJACENT_MASK: Final = tuple(sum(1 << u for u in row) for row in ADJACENT)
"""``ADJACENT_MASK[v]``: the neighbours of ``v`` as a bitset (bit ``u`` set for neighbour ``u``)."""
WITHIN_TWO: Final = tuple(
    tuple(sorted({v, *ADJACENT[v], *(y for x in ADJACENT[v] for y in ADJACENT[x])}))
    for v in range(NUM_VERTICES)
)
"""``WITHIN_TWO[v]``: the vertices at board distance 0, 1 or 2 from ``v``, sorted."""
HEAVEN_VERTICES: Final = tuple(range(20))
EARTH_VERTICES: Final = tuple(range(20, 32))
ABYSS_VERTICES: Final = tuple(range(32, 52))
_INDEX: Final = {name: i for i, name in enumerate(NAMES)}
