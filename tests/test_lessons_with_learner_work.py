"""Each lesson run with a learner's work in it, in a fresh kernel, three ways.

(a) The stubs unfinished, as a learner opens the lesson: every check says "Not yet", every
    cell below a stub that judges or draws the learner's code says "Not yet" too, and no
    cell raises (but those tagged ``raises-exception``). The worked solutions run under
    ``%%solution`` and change none of this.
(b) Each stub replaced by its lesson's worked solution (without the ``%%solution`` line), as a
    learner who wrote it: every check says "Right", and so does every cell that judges it.
(c) Some stubs replaced by a wrong version, written here: the solution with one slip planted
    (``>`` for ``<``, a constant changed, a line dropped), the others by their solutions: the
    check of each wrong one says "Not yet".

The verdicts are read from the outputs the kernel stored; the slips are chosen here, each a
mistake a learner makes.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from minimax_viz.handout import find_exercises, solution_code
from test_student_copies import first_error, kernel_env, src, text_of  # noqa: F401 - kernel_env: a fixture

pytestmark = [pytest.mark.slow, pytest.mark.usefixtures("kernel_env")]  # each case runs a lesson in a fresh kernel

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"
LESSONS = sorted(p for p in NOTEBOOKS.glob("[0-9][0-9]-*.ipynb") if "01" <= p.name[:2] <= "11")

#: Cells below a stub that judge or draw the learner's code (not the engine's).
JUDGES = re.compile(r"mv\.exercises\.attempt\(|mv\.exercises\.lesson\d\d\.(replay|draw_parting|draw_your_\w+)\("
                    r"|show_your_search\(")

#: Per lesson, {the stub's first defined name: (text in its solution, the slip put in its place)}.
SLIPS = {
    "01": {"empty_cells": ('cell != "X" and cell != "O"', 'cell != "X"'),      # O's cells counted as empty
           "deepest": ("return 0", "return 1")},                                # a finished game is 1 deep
    "02": {"best_test_play": ('record["score"] < best_score', 'record["score"] > best_score'),  # O maximises
           "calls": ("1 + 3 + 2 + 2 + 1", "1 + 3 + 2 + 2")},                   # the last call forgotten
    "03": {"count_games": ("return 1", "return 0")},                            # no game is ever counted
    "04": {"minimax": ("(value < best_value)", "(value > best_value)"),         # Min maximises too
           "smallest_depth": ("range(1, max_depth + 1)", "range(1, max_depth)")},  # max_depth never tried
    "05": {"window": ("(6, 8)", "(6, 9)"),
           "alphabeta": ("beta = min(beta, best_value)", "beta = max(beta, best_value)")},
    "06": {"entry_kind": ('return "upper"', 'return "lower"')},                 # the two bounds swapped
    "07": {"centre_evaluate": ('row[3] == "O"', 'row[2] == "O"')},              # O counted in column 2
    "08": {"ai_move": ("record=False).move", "record=False, depth=1).move")},   # one ply: not a best move
    "09": {"ghost_value": ("ghost_value = -8", "ghost_value = -10"),            # Pacman went Left
           "expectimax": ("sum(p * v for p, v in zip(odds, values))", "sum(values) / len(values)")},
    "10": {"minimax": ("(value < best_value)", "(value > best_value)"),
           "my_player": ("return game.evaluate(state), None", "return -game.evaluate(state), None"),  # guess for O
           "my_evaluate": ('score += line.count("X") ** 2', 'score -= line.count("X") ** 2')},     # X's lines bad
    "11": {"alphabeta": ("beta = min(beta, best_value)", "beta = max(beta, best_value)"),
           "my_evaluate": ("sign * 0.2 * len(shelter)", "sign * 0.0 * len(shelter)"),              # no king safety
           "quiesce": ("if game.is_capture(state, move):", "if True:")},                          # quiet moves too
}


def lesson_ids(paths):
    return [p.stem[:2] for p in paths]


def first_name(stub: str) -> str:
    return re.search(r"^(?:def )?([A-Za-z_]\w*)", stub, re.MULTILINE).group(1)


def learners_answer(solution: str) -> str:
    """A worked solution as a learner writes it in the stub: no %%solution line, no comment about
    it, and no ``.assert_ok()`` line (the check cell below judges it)."""
    lines = solution_code(solution).splitlines()
    return "\n".join(line for line in lines if not re.fullmatch(r"mv\.exercises\.\S+\.assert_ok\(\)", line))


def with_answers(path: Path, slips: dict[str, tuple[str, str]] | None):
    """The lesson as nbformat, its exercises and the name each stub defines first; with ``slips``
    (maybe empty) each stub holds its solution, or a solution with its slip; with None the stubs
    are left unfinished."""
    import nbformat  # here: make check collects this file without running it

    nb = nbformat.read(path, as_version=4)
    exercises = find_exercises(json.loads(path.read_text(encoding="utf-8")), name=path.name)
    names = [first_name(src(nb.cells[ex.stub])) for ex in exercises]
    if slips is not None:
        for ex in exercises:
            stub = nb.cells[ex.stub]
            answer = learners_answer(src(nb.cells[ex.solution]))
            slip = slips.get(names[exercises.index(ex)])
            if slip is not None:
                assert answer.count(slip[0]) == 1, f"{path.stem}: the solution no longer holds {slip[0]!r}"
                answer = answer.replace(*slip)
            stub.source = answer
    return nb, exercises, names


def run(nb, path: Path) -> None:
    """Run All in a fresh kernel, in a folder of its own (what the lesson writes, lesson 10's
    exported player, stays out of the course); fail with the first cell that raised."""
    import tempfile

    from nbclient import NotebookClient
    from nbclient.exceptions import CellExecutionError

    try:
        with tempfile.TemporaryDirectory() as folder:
            NotebookClient(nb, timeout=600, kernel_name="python3", resources={"metadata": {"path": folder}}).execute()
    except CellExecutionError:
        pytest.fail(f"Run All stops in {path.stem}: {first_error(nb)}", pytrace=False)


def judging_cells(nb, exercises) -> list[int]:
    """The cells below the first stub, not a solution, that judge or draw the learner's code."""
    first = min(ex.stub for ex in exercises)
    solutions = {ex.solution for ex in exercises}
    return [i for i, cell in enumerate(nb.cells) if i > first and i not in solutions
            and cell.cell_type == "code" and JUDGES.search(src(cell))]


def said(nb, indexes) -> dict[int, str]:
    return {i: text_of(nb.cells[i]) for i in indexes}


@pytest.mark.parametrize("path", LESSONS, ids=lesson_ids(LESSONS))
def test_with_the_stubs_unfinished_every_verdict_is_not_yet(path):
    nb, exercises, _ = with_answers(path, None)
    run(nb, path)
    verdicts = said(nb, [ex.check for ex in exercises] + judging_cells(nb, exercises))
    wrong = {i: t[:160] for i, t in verdicts.items() if "Not yet" not in t or "Right" in t}
    assert not wrong, f"{path.stem}: with every stub unfinished these cells do not say Not yet: {wrong}"


@pytest.mark.parametrize("path", LESSONS, ids=lesson_ids(LESSONS))
def test_with_the_solutions_in_the_stubs_every_verdict_is_right(path):
    nb, exercises, _ = with_answers(path, {})
    run(nb, path)
    checks = said(nb, [ex.check for ex in exercises])
    wrong = {i: t[:160] for i, t in checks.items() if "Right" not in t or "Not yet" in t}
    assert not wrong, f"{path.stem}: with the solutions in the stubs these checks do not say Right: {wrong}"
    judged = said(nb, judging_cells(nb, exercises))
    assert not {i: t[:160] for i, t in judged.items() if "Not yet" in t}, f"{path.stem}: {judged}"


@pytest.mark.parametrize("path", LESSONS, ids=lesson_ids(LESSONS))
def test_a_slip_in_a_stub_is_not_yet_at_its_check(path):
    slips = SLIPS[path.name[:2]]
    nb, exercises, names = with_answers(path, slips)
    run(nb, path)
    by_name = dict(zip(names, exercises))
    assert set(slips) <= set(by_name), f"{path.stem}: no exercise defines {set(slips) - set(by_name)}"
    for name in slips:
        verdict = text_of(nb.cells[by_name[name].check])
        assert "Not yet" in verdict and "Right" not in verdict, f"{path.stem}, {name} with a slip: {verdict[:200]}"
