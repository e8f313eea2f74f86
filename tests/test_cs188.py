"""CS188's game-tree tests: the reader, on trees written here, and the check script.

The trees below are our own, written in the format of UC Berkeley CS188's
``GraphGameTreeTest`` files; their answers are worked out by hand in the comments.
CS188's own files are not part of this project: ``test_cs188_autograder_trees`` runs
``scripts/check_cs188.py`` on them where they are (``../shared/peer/cs188`` next to the
repository, or the folder named by the environment variable MINIMAX_VIZ_CS188).
"""

import os
import subprocess
import sys
from pathlib import Path

import pytest

from minimax_viz import GameTree, InvalidTree, alphabeta, expectimax, minimax

REPO = Path(__file__).resolve().parent.parent
SCRIPT = REPO / "scripts" / "check_cs188.py"

# Pacman (Max) then two ghosts (Min, Min): depth 1 round = 3 plies, so the search stops at
# x1, x2, x3, y1, y2, y3 and l. x1 has a move below the limit (never generated); x3 is a
# lose state with a move of its own (finished all the same).
#
#   minimax:    a1 = min(5, 13) = 5, a2 = 2, a = 2; b1 = min(2, 6) = 2, b2 = 8, b = 2;
#               l = -50; s = max(2, 2, -50) = 2, first best: go
#   expectimax: a1 = 9, a2 = 2, a = 5.5; b1 = 4, b2 = 8, b = 6; s = 6: stay
#   alpha-beta, strict (CS188): at b1, y1 = 2 is not < alpha = 2: nothing is cut
#   alpha-beta, on equality:    y1 = 2 <= 2 cuts y2, then b1 = 2 <= 2 cuts b2
TWO_GHOSTS = '''\
class: "GraphGameTreeTest"
alg: "{alg}"
depth: "1"

# written for minimax_viz's tests
num_agents: "3"
start_state: "s"
win_states: "y3"
lose_states: "x3 l"

successors: """
s go a
s stay b
s quit l
a g1 a1
a g2 a2
b g1 b1
b g2 b2
a1 h1 x1
a1 h2 x2
a2 h1 x3
b1 h1 y1
b1 h2 y2
b2 h1 y3
x1 deeper z
x3 again q
"""

evaluation: """
x1 5
x2 13
x3 2
y1 2
y2 6
y3 8
l -50
z 100
"""
'''

EVERY_STATE = set("s a b l a1 a2 b1 b2 x1 x2 x3 y1 y2 y3".split())


@pytest.fixture
def tree():
    return GameTree.from_cs188(TWO_GHOSTS.format(alg="MinimaxAgent"))


def test_agents_kinds_and_depth(tree):
    assert tree.depth == 3
    assert [tree.player(s) for s in ["s", "a", "a1", "x1"]] == ["Pacman", "ghost 1", "ghost 2", "Pacman"]
    assert [tree.node_type(s) for s in ["s", "a", "a1"]] == ["max", "min", "min"]
    assert tree.moves("s") == (0, 1, 2) and tree.label("s", 1) == "stay"
    assert tree.is_terminal("x3") and tree.utility("x3") == 2 and tree.result_text("x3") == "lose"
    assert tree.evaluate("x1") == 5 and not tree.is_terminal("x1")


def test_minimax_as_the_autograder(tree):
    result = minimax(tree, depth=tree.depth)
    assert (result.move, result.score) == ("go", 2)
    assert set(result.tree.generated_states()) == EVERY_STATE
    assert result.stats.horizon == 1  # x1, scored by its evaluation at the depth limit


def test_expectimax_as_the_autograder(tree):
    result = expectimax(tree, depth=tree.depth)
    assert (result.move, result.score) == ("stay", 6)
    assert set(result.tree.generated_states()) == EVERY_STATE


def test_alphabeta_prunes_as_cs188_only_on_strict_inequality(tree):
    strict = alphabeta(tree, depth=tree.depth, prune_on_equal=False)
    assert (strict.move, strict.score, strict.stats.pruned) == ("go", 2, 0)
    assert set(strict.tree.generated_states()) == EVERY_STATE
    on_equal = alphabeta(tree, depth=tree.depth)
    assert (on_equal.move, on_equal.score, on_equal.stats.pruned) == ("go", 2, 2)
    assert set(on_equal.tree.generated_states()) == EVERY_STATE - {"y2", "b2", "y3"}


def test_states_and_moves_by_name(tree):
    assert tree.board(tree.state("a1")) == "a1" and tree.play("s", "stay") == (1,)
    result = minimax(tree, depth=tree.depth)
    assert [n.state for n in result.tree.root.children] == ["a", "b", "l"]
    assert result.tree.root.children[0].player == "ghost 1"


def test_trace_names_the_agents(tree):
    text = minimax(tree, depth=tree.depth).tree.text()
    assert "root: Pacman to move" in text
    assert "Pacman plays go: ghost 1 to move" in text
    assert "ghost 1 plays g1: ghost 2 to move" in text
    assert "ghost 2 plays h1: +5 (depth limit: heuristic)" in text
    assert "ghost 2 plays h1: +2 (lose)" in text


def test_deeper_than_the_test_searches_the_whole_tree(tree):
    # to the end: x1 = z = 100, so a1 = min(100, 13) = 13, a = 2 still
    assert minimax(tree).score == 2 and "z" in minimax(tree).tree.generated_states()


def test_repr_says_where_the_tree_comes_from(tree):
    assert repr(tree) == "<GameTree from a CS188 test: start 's', 3 agents, depth 1 rounds = 3 plies>"


@pytest.mark.parametrize("text, words", [
    ('num_agents: "2"', "the CS188 test has no start_state, win_states, lose_states, successors, evaluation, depth"),
    (TWO_GHOSTS.replace('num_agents: "3"', 'num_agents: "many"'), "num_agents is 'many'; it must be a whole number, 1 or more"),
    (TWO_GHOSTS.replace("s quit l", "s quit"), "successors, line 3: 's quit' has 2 words"),
    (TWO_GHOSTS.replace("s quit l", "s go l"), "successors, line 3: s already has the action 'go'"),
    (TWO_GHOSTS.replace("x2 13", "x2 lots"), "evaluation, line 2: 'x2 lots' is not 'state value'"),
    (TWO_GHOSTS.replace("y3 8\n", ""), "y3 is a finished game \\(a win or lose state\\), but the test gives it no evaluation"),
    (TWO_GHOSTS.replace("x1 deeper z", "x1 deeper s"), "cycle: s is reached again below itself \\(s -> a -> a1 -> x1 -> s\\)"),
    (TWO_GHOSTS.replace('start_state: "s"', 'start_state "s"'), "line 7: 'start_state \"s\"' is not a CS188 field"),
    ('successors: """\ns a b\n', 'line 1: the field \'successors\' opens """ but never closes it'),
])
def test_bad_cs188_files(text, words):
    with pytest.raises(InvalidTree, match=words):
        GameTree.from_cs188(text.format(alg="MinimaxAgent") if "{alg}" in text else text)


def test_a_state_at_the_depth_limit_without_an_evaluation(tree):
    bare = GameTree.from_cs188(TWO_GHOSTS.format(alg="MinimaxAgent").replace("x1 5\n", ""))
    with pytest.raises(InvalidTree, match="the search stopped at x1 at its depth limit, but the test gives x1 no evaluation"):
        minimax(bare, depth=bare.depth)


# -- the script --------------------------------------------------------------------------------

SOLUTIONS = {  # (question, alg, action, generated) for our tree, from the hand working above
    "q2": ("MinimaxAgent", "go", EVERY_STATE),
    "q3": ("AlphaBetaAgent", "go", EVERY_STATE),
    "q4": ("ExpectimaxAgent", "stay", EVERY_STATE),
}


def write_folder(root: Path, *, wrong: str | None = None) -> Path:
    for q, (alg, action, generated) in SOLUTIONS.items():
        (root / q).mkdir(parents=True)
        (root / q / "1-two-ghosts.test").write_text(TWO_GHOSTS.format(alg=alg))
        action = "Right" if q == wrong else action
        (root / q / "1-two-ghosts.solution").write_text(
            f'action: "{action}"\ngenerated: "{" ".join(sorted(generated))}"\n')
    (root / "q2" / "8-pacman-game.test").write_text('class: "PacmanGameTreeTest"\n')
    return root


def run_script(*args) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, str(SCRIPT), *map(str, args)], capture_output=True, text=True,
                          timeout=600)


def test_script_passes_our_trees(tmp_path):
    done = run_script(write_folder(tmp_path))
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.count("PASS") == 3 and "skipped: not a GraphGameTreeTest" in done.stdout
    assert done.stdout.rstrip().endswith("3 of 3 CS188 game-tree tests pass")


def test_script_fails_on_a_wrong_answer(tmp_path):
    done = run_script(write_folder(tmp_path, wrong="q4"))
    assert done.returncode == 1
    assert "q4/1-two-ghosts" in done.stdout and "FAIL" in done.stdout and "(want Right)" in done.stdout
    assert "2 of 3 CS188 game-tree tests pass, 1 fail" in done.stdout


def test_script_says_when_the_folder_is_missing(tmp_path):
    done = run_script(tmp_path / "nowhere")
    assert done.returncode == 2 and "no CS188 test folder at" in done.stderr


def _peer_folder() -> Path:
    return Path(os.environ.get("MINIMAX_VIZ_CS188") or REPO.parent / "shared" / "peer" / "cs188")


def test_cs188_autograder_trees():
    folder = _peer_folder()
    if not folder.is_dir():
        if os.environ.get("CI") == "true":
            pytest.fail(f"CI provides CS188's test trees at {folder}, but the folder is missing")
        pytest.skip(f"CS188's test trees are not here ({folder}); set MINIMAX_VIZ_CS188 to their folder")
    done = run_script(folder)
    assert done.returncode == 0, done.stdout + done.stderr
    total = done.stdout.rstrip().splitlines()[-1]
    passed, _, rest = total.partition(" of ")
    assert int(passed) > 0 and rest.startswith(f"{passed} CS188 game-tree tests pass"), total


def test_a_cs188_tree_is_a_game_tree_subclass_whose_states_are_named(tree):
    from minimax_viz.games.cs188 import CS188Tree

    assert type(tree) is CS188Tree and isinstance(tree, GameTree)
    assert type(CS188Tree(TWO_GHOSTS.format(alg="MinimaxAgent"))) is CS188Tree
    # the plain trees keep the plain answers: no CS188 words leak into the base class
    plain = GameTree(tree.nested)
    assert plain.player(()) == "MAX" and plain.board(()) == () and plain.move_name((), 0) == 0
    assert tree.player(()) == "Pacman" and tree.board(()) == "s" and tree.move_name((), 0) == "go"
