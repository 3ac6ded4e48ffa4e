"""The board: geometry, adjacency, numbering, antipodes and symmetries (section 2 of the spec)."""

from __future__ import annotations

import math
from collections import Counter

import networkx as nx
import pytest
from networkx.algorithms.isomorphism import GraphMatcher

from tabletop_rules.core.errors import InvalidMoveError
from tabletop_rules.valandris import board as b
from tabletop_rules.valandris.board import BOARD, World

G = BOARD.graph
WORLDS = {w: [n for n in G if G.nodes[n]["world"] == w] for w in World}


def same_world(world: World) -> nx.Graph[int]:
    return G.edge_subgraph((u, v) for u, v, k in G.edges(data="kind") if k == "same").subgraph(WORLDS[world])


def direction(v: int) -> tuple[float, float, float]:
    x, y, z = BOARD.xyz[v]
    n = math.sqrt(x * x + y * y + z * z)
    return (x / n, y / n, z / n)


def dot(a: tuple[float, ...], c: tuple[float, ...]) -> float:
    return sum(p * q for p, q in zip(a, c, strict=True))


def centroid(vs: list[int]) -> tuple[float, float, float]:
    return tuple(sum(BOARD.xyz[v][i] for v in vs) / len(vs) for i in range(3))  # type: ignore[return-value]


def close(a: tuple[float, ...], c: tuple[float, ...], tol: float = 1e-9) -> bool:
    return all(abs(x - y) < tol for x, y in zip(a, c, strict=True))


def test_52_vertices_each_in_one_world():  # V-BOARD-1
    assert G.number_of_nodes() == 52
    assert Counter(G.nodes[n]["world"] for n in G) == {World.HEAVEN: 20, World.EARTH: 12, World.ABYSS: 20}
    assert all(b.WORLD[n] == G.nodes[n]["world"] for n in G)


@pytest.mark.parametrize("world", list(World))
def test_same_world_edges_are_the_solid_edges(world):  # V-BOARD-2, V-ORACLE-1
    sub = same_world(world)
    lengths = [math.dist(BOARD.xyz[u], BOARD.xyz[v]) for u, v in sub.edges]
    assert sub.number_of_edges() == 30
    shortest = min(math.dist(BOARD.xyz[u], BOARD.xyz[v]) for u in sub for v in sub if u < v)
    assert all(abs(length - shortest) < 1e-9 for length in lengths)
    expected = {World.HEAVEN: 0.714, World.EARTH: 0.836, World.ABYSS: 0.451}[world]
    assert abs(shortest - expected) < 1e-3


def test_heaven_sees_its_three_nearest_earth_vertices():  # V-BOARD-3
    for h in b.HEAVEN_VERTICES:
        nearest = sorted(b.EARTH_VERTICES, key=lambda e: -dot(direction(h), direction(e)))
        assert set(b.CROSS[h]) == set(nearest[:3])


def test_earth_sees_the_heaven_face_it_centres():  # V-BOARD-4
    heaven = same_world(World.HEAVEN)
    faces = list(nx.simple_cycles(heaven, length_bound=5))
    assert len(faces) == 12
    for e in b.EARTH_VERTICES:
        up = [h for h in b.CROSS[e] if b.WORLD[h] == World.HEAVEN]
        assert len(up) == 5
        assert any(set(f) == set(up) for f in faces)
        # the Earth vertex is exactly the centre of that face (spec 2.2, step 4)
        assert close(centroid(up), BOARD.xyz[e])


def test_earth_sees_its_five_nearest_abyss_vertices():  # V-BOARD-5
    for e in b.EARTH_VERTICES:
        nearest = sorted(b.ABYSS_VERTICES, key=lambda a: -dot(direction(e), direction(a)))
        assert {a for a in b.CROSS[e] if b.WORLD[a] == World.ABYSS} == set(nearest[:5])


def test_abyss_sees_the_earth_triangle_it_centres():  # V-BOARD-6, V-RULING-1
    for a in b.ABYSS_VERTICES:
        tri = list(b.CROSS[a])
        assert len(tri) == 3
        assert all(y in b.SAME[x] for x in tri for y in tri if x != y)
        assert close(centroid(tri), BOARD.xyz[a])  # the inner solid sits at the face centres
    assert abs(math.dist((0, 0, 0), BOARD.xyz[32]) - b.RATIO**2) < 1e-12


def test_adjacency_is_symmetric_and_used_by_each_piece_as_the_rules_say():  # V-BOARD-7
    for v in G:
        assert set(b.ADJACENT[v]) == set(G[v]) == set(b.SAME[v]) | set(b.CROSS[v])
        for u in b.ADJACENT[v]:
            assert v in b.ADJACENT[u]
        assert all(b.WORLD[u] == b.WORLD[v] for u in b.SAME[v])
        assert all(b.WORLD[u] != b.WORLD[v] for u in b.CROSS[v])


def test_board_built_from_coordinates_with_networkx_deterministically():  # V-BOARD-8
    again = b.Board()
    assert isinstance(BOARD.graph, nx.Graph)
    assert again.names == BOARD.names
    assert again.same == BOARD.same
    assert again.cross == BOARD.cross
    assert again.antipode == BOARD.antipode
    # the hot-path tables are plain tuples, not graph views
    for table in (b.SAME, b.CROSS, b.ADJACENT, b.FLY):
        assert isinstance(table, tuple)
        assert all(isinstance(row, tuple) for row in table)


def test_documented_numbering():  # V-BOARD-9
    assert (
        tuple([f"H{i}" for i in range(20)] + [f"E{i}" for i in range(12)] + [f"A{i}" for i in range(20)])
        == b.NAMES
    )
    e0 = b.vertex_index("E0")
    assert max(b.EARTH_VERTICES, key=lambda e: BOARD.xyz[e][2]) == e0  # the north pole
    assert {b.NAMES[x] for x in b.SAME[e0]} == {"E1", "E2", "E3", "E4", "E5"}
    for i in range(12):
        assert b.ANTIPODE[b.vertex_index(f"E{i}")] == b.vertex_index(f"E{11 - i}")
    assert {b.NAMES[h] for h in b.CROSS[e0] if b.WORLD[h] == World.HEAVEN} == {"H0", "H1", "H2", "H3", "H4"}
    for i in range(20):
        h, a = b.vertex_index(f"H{i}"), b.vertex_index(f"A{i}")
        assert b.ANTIPODE[h] == b.vertex_index(f"H{19 - i}")
        assert close(direction(h), direction(a))
    for bad in ("H20", "h0", "", None, ["H0"], 0):  # REL-ERRORS-1: a typed error, never a KeyError
        with pytest.raises(InvalidMoveError, match="is not a vertex"):
            b.vertex_index(bad)  # type: ignore[arg-type]


def test_facts_table():  # V-BOARD-10, V-ORACLE-1
    profile = {World.HEAVEN: [1, 3, 6, 6, 3, 1], World.EARTH: [1, 5, 5, 1], World.ABYSS: [1, 3, 6, 6, 3, 1]}
    degree = {World.HEAVEN: (3, 3, 6), World.EARTH: (5, 10, 15), World.ABYSS: (3, 3, 6)}
    for world in World:
        sub = same_world(world)
        assert nx.diameter(sub) == len(profile[world]) - 1
        for v in sub:
            lengths = nx.single_source_shortest_path_length(sub, v)
            assert [list(lengths.values()).count(d) for d in range(len(profile[world]))] == profile[world]
            assert (len(b.SAME[v]), len(b.CROSS[v]), len(b.ADJACENT[v])) == degree[world]
    assert G.number_of_edges() == 210
    kinds = Counter(frozenset((b.WORLD[u], b.WORLD[v])) for u, v in G.edges)
    assert kinds[frozenset({World.HEAVEN, World.EARTH})] == 60
    assert kinds[frozenset({World.EARTH, World.ABYSS})] == 60
    assert kinds[frozenset({World.HEAVEN, World.ABYSS})] == 0
    assert nx.diameter(G) == 4
    assert nx.is_isomorphic(same_world(World.HEAVEN), nx.dodecahedral_graph())
    assert nx.is_isomorphic(same_world(World.ABYSS), nx.dodecahedral_graph())
    assert nx.is_isomorphic(same_world(World.EARTH), nx.icosahedral_graph())
    for h in b.HEAVEN_VERTICES:
        below = next(a for a in b.ABYSS_VERTICES if close(direction(a), direction(h)))
        assert close(BOARD.xyz[below], tuple(c * b.RATIO**2 for c in BOARD.xyz[h]))
        assert set(b.CROSS[h]) == set(b.CROSS[below])


def test_antipodes():  # V-BOARD-11, V-ORACLE-2
    for world in (World.HEAVEN, World.ABYSS):
        sub = same_world(world)
        for v in sub:
            far = b.ANTIPODE[v]
            lengths = nx.single_source_shortest_path_length(sub, v)
            assert [u for u, d in lengths.items() if d == 5] == [far]
            assert close(BOARD.xyz[far], tuple(-c for c in BOARD.xyz[v]))
            assert b.ANTIPODE[far] == v != far
    for e in b.EARTH_VERTICES:
        assert nx.shortest_path_length(same_world(World.EARTH), e, b.ANTIPODE[e]) == 3


def test_symmetries_are_the_120_colour_preserving_automorphisms():  # V-BOARD-12, V-ORACLE-3
    perms = BOARD.symmetries
    assert len(perms) == len(set(perms)) == 120
    assert perms[0] == tuple(range(52))
    edges = {frozenset(e) for e in G.edges}
    for g in perms:
        assert all(b.WORLD[g[v]] == b.WORLD[v] for v in range(52))
        assert {frozenset((g[u], g[v])) for u, v in G.edges} == edges
    inversion = tuple(b.ANTIPODE)
    assert inversion in perms
    for g in perms:
        assert tuple(g[inversion[v]] for v in range(52)) == tuple(inversion[g[v]] for v in range(52))
    # transitive on each world: orbits of 20, 12 and 20
    orbits = {frozenset(g[v] for g in perms) for v in range(52)}
    assert sorted(len(o) for o in orbits) == [12, 20, 20]


def test_symmetries_are_orthogonal_maps():  # V-BOARD-12
    e = [b.vertex_index(n) for n in ("E0", "E1", "E2")]
    for g in BOARD.symmetries:
        # solve M·x_i = g(x_i) for three independent Earth vertices, then check M on all vertices
        m = _linear_map([BOARD.xyz[v] for v in e], [BOARD.xyz[g[v]] for v in e])
        for v in range(52):
            image = tuple(sum(m[r][c] * BOARD.xyz[v][c] for c in range(3)) for r in range(3))
            assert close(image, BOARD.xyz[g[v]], 1e-9)
        for r in range(3):
            for c in range(3):
                assert abs(sum(m[k][r] * m[k][c] for k in range(3)) - (r == c)) < 1e-9


def _linear_map(src: list[tuple[float, ...]], dst: list[tuple[float, ...]]) -> list[list[float]]:
    # M = D · S^-1, with S and D having the vectors as columns
    s = [[src[j][i] for j in range(3)] for i in range(3)]
    det = (
        s[0][0] * (s[1][1] * s[2][2] - s[1][2] * s[2][1])
        - s[0][1] * (s[1][0] * s[2][2] - s[1][2] * s[2][0])
        + s[0][2] * (s[1][0] * s[2][1] - s[1][1] * s[2][0])
    )
    inv = [[0.0] * 3 for _ in range(3)]
    for i in range(3):
        for j in range(3):
            rows = [r for r in range(3) if r != j]
            cols = [c for c in range(3) if c != i]
            minor = s[rows[0]][cols[0]] * s[rows[1]][cols[1]] - s[rows[0]][cols[1]] * s[rows[1]][cols[0]]
            inv[i][j] = (-1) ** (i + j) * minor / det
    d = [[dst[j][i] for j in range(3)] for i in range(3)]
    return [[sum(d[r][k] * inv[k][c] for k in range(3)) for c in range(3)] for r in range(3)]


def test_graph_matcher_counts():  # V-ORACLE-3
    coloured = GraphMatcher(G, G, node_match=lambda x, y: x["world"] == y["world"])
    assert sum(1 for _ in coloured.isomorphisms_iter()) == 120
    plain = nx.Graph(G.edges)
    assert sum(1 for _ in GraphMatcher(plain, plain).isomorphisms_iter()) == 240


def test_fly_destinations_are_exactly_two_away():  # V-POWER-ARC-3
    heaven = same_world(World.HEAVEN)
    for h in b.HEAVEN_VERTICES:
        assert len(b.FLY[h]) == 6
        lengths = nx.single_source_shortest_path_length(heaven, h)
        assert set(b.FLY[h]) == {u for u, d in lengths.items() if d == 2}
        for x in b.FLY[h]:
            assert len(set(b.SAME[h]) & set(b.SAME[x])) == 1  # exactly one middle vertex
