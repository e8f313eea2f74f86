"""The one search: :func:`run_search` puts its parts together and runs it.

A dispatcher (:func:`_dispatcher`) scores the leaves and asks the game the kind of every other
node; one handler per node kind (:func:`_max_handler`, :func:`_min_handler`,
:func:`_chance_handler`) loops over the children; the pruning rule (``Cutoffs``), the recorder,
the memo table, the reuse table and the budget are passed in, each None when unused. The
dispatcher and the handlers are closures with their tools bound to local names: they run once
per node of trees of half a million nodes."""

from __future__ import annotations

import math
import sys
from numbers import Real
from typing import Sequence

from ..games.base import move_coder
from ..errors import ChanceNodeError, InvalidOption, MinimaxError, TreeTooLarge
from ..errors import short_repr as _short
from ..trace import CALL, HORIZON, LEAF, Recorder, SearchTree
from .options import check_game, check_key, evaluator_of, guess_checker, keyed_by_state, Options, outcome_of
from .ordering import open_hook, ordered_moves, fast as _fast
from .results import SearchResult, SearchStats
from .tables import NEVER, NodeBudget, Cutoffs, Memo, OutOfBudget, Reuse, memo_handlers, reuse_handlers

__all__ = ["limited", "run_search", "SPENT"]


def limited(game, state, options: Options) -> SearchResult:
    """One search with the options' budget of calls: past it, a TreeTooLarge that says how
    to go on; a Ctrl-C goes on up.

    Raises
    ------
    TreeTooLarge
        When the search passes ``options.max_calls``.
    KeyboardInterrupt
        When a Ctrl-C stopped it.
    """
    max_calls = options.max_calls
    found, _, stop = run_search(game, state, options, None if max_calls is None else NodeBudget(max_calls, None))
    if stop is SPENT:
        raise TreeTooLarge(
            f"the search passed max_calls={max_calls:,} calls; give a depth limit (depth=...), "
            "or pass a larger max_calls (None: no limit)"
        )
    if stop is not None:
        raise stop
    return found


def run_search(game, state, options: Options, budget: "NodeBudget | None" = None):
    """Put one search together and run it: ``(result, stats, stop)``. ``stop`` is None when
    the search answered, :data:`SPENT` when the budget ran out (``result`` None), or the
    ``KeyboardInterrupt`` that stopped it (``result`` None); ``stats`` counts the work done
    either way (iterative deepening adds up the depths it gave up too).

    Raises
    ------
    InvalidOption
        For a ``game`` that is not a Game.
    InvalidBoard
        For a ``state`` the game refuses.
    """
    check_game(game)
    root = game.state(state)
    parts = _parts_for(game, root, options, budget)
    algorithm, record, recorder = options.algorithm, options.record, parts.recorder
    value, stats = _dispatcher(parts)
    limit = options.limit
    try:
        score = value(root, limit, -math.inf, math.inf, 0, -1, -1)
    except OutOfBudget:
        spent = stats()
        spent.calls -= 1  # the call that found the budget spent does no work
        return None, spent, SPENT
    except KeyboardInterrupt as stop:
        return None, stats(), stop
    except OverflowError as err:  # a score too large for a float: recorded or averaged
        raise MinimaxError(
            f"a score is too large to {'record' if record else 'average'} ({err}): the recording "
            "keeps scores as floats and expectimax averages them, so a score must be at most "
            "about 1.8e308 in size; scale the scores down"
            + (", or pass record=False to get the value without the tree" if record else "")
        ) from None
    except RecursionError:
        raise TreeTooLarge(
            f"the game goes deeper than Python's recursion allows (about "
            f"{sys.getrecursionlimit() // 2} plies below {_short(game.to_text(root))}); search it "
            "with a depth limit, such as depth=300"
        ) from None
    move, found = parts.root_move, stats()
    if (move is None and limit and outcome_of(game, root, options.quick_wins) is None
            and game.node_type(root) in ("max", "min")):
        # Every child scored -inf at a Max root (or +inf at a Min root): none beat the
        # starting value, yet each is a best move; the first one searched answers.
        move = parts.successors(root)[0][0]
    tree = SearchTree(game, root, recorder, algorithm=algorithm) if record else None
    result = SearchResult(
        score=score, move=None if move is None else game.move_name(root, move), tree=tree,
        stats=found, depth=options.depth, solved=found.horizon == 0,
    )
    return result, found, None


def _parts_for(game, root, options: Options, budget: "NodeBudget | None") -> "_Parts":
    """The parts of one search of ``game`` from ``root``: the successors in the order
    searched, the outcome and the horizon's scores, and the recorder, memo table, budget
    and cutoffs (each None when unused; the cutoffs write their stubs to the recorder)."""
    if options.memo or options.reuse:
        check_key(game, root, "memo" if options.memo else "reuse")
    coder = move_coder(game) if options.record else None
    recorder = (Recorder(window=options.algorithm == "alphabeta", max_nodes=options.max_nodes,
                         code=None if coder is None else coder[0])
                if options.record else None)
    key = None if keyed_by_state(game) else game.key
    memo = Memo(key, options.prune_on_equal) if options.memo else None
    return _Parts(
        game, options.algorithm,
        successors=(open_hook(game, "open_successors", "successors") if options.order is None
                    else ordered_moves(game, options.order)),
        outcome=game.quick_outcome if options.quick_wins else _fast(game.outcome),
        score_horizon=game.evaluate if options.evaluate is None else evaluator_of(game, options.evaluate),
        recorder=recorder, memo=memo, budget=budget, reuse=Reuse(key) if options.reuse else None,
        cutoffs=Cutoffs(options.prune_on_equal, recorder) if options.algorithm == "alphabeta" else None,
        win_check=options.win_check, narrow=options.narrow, quick_wins=options.quick_wins,
    )


#: What :func:`run_search` answers as its ``stop`` when the budget ran out.
SPENT = "spent"


class _Parts:
    """What the dispatcher and the handlers of one search share."""

    def __init__(self, game, algorithm, *, successors, outcome, score_horizon, recorder, memo,
                 budget, cutoffs, win_check=False, narrow=False, quick_wins=False, reuse=None):
        self.game, self.algorithm, self.reuse = game, algorithm, reuse
        self.win_check, self.narrow, self.quick_wins = win_check, narrow, quick_wins
        self.successors, self.outcome, self.score_horizon = successors, outcome, score_horizon
        self.recorder, self.memo, self.budget, self.cutoffs = recorder, memo, budget, cutoffs
        self.root_move = None   # set by the root's handler: the first best move


def _unknown_kind(game, kind):
    """The error for a ``node_type`` that is none of the three kinds."""
    return InvalidOption(
        f"{type(game).__name__}.node_type returned {_short(kind)}; it must return 'max', 'min' or 'chance'"
    )


def _dispatcher(parts: _Parts):
    """The recursive ``value(state, depth, alpha, beta, ply, parent, move)`` and a
    ``stats()`` that reads its counts: leaves are scored here, every other node goes to
    the handler of its kind, asked of the game at every node (behind the memo table when
    there is one: :func:`memo_handlers`). Every node, whatever it is, is written as one
    row in one place (the columns' appends inline: a Python call per node would cost a
    third of the recording); a hit's row is written as a call's, which its handler
    turns into a hit."""
    outcome, score_horizon, memo, budget = parts.outcome, parts.score_horizon, parts.memo, parts.budget
    check_guess = guess_checker(parts.game)
    node_type = _fast(parts.game.node_type)
    rec = parts.recorder
    rows = rec.parent if rec is not None else None
    if rec is not None:
        max_nodes, too_large = rec.max_nodes, rec.too_large
        put_parent, put_move, put_kind, put_score, *put_window = rec.appenders()
        window = bool(put_window)
        put_alpha, put_beta = put_window if window else (None, None)
    handlers: dict = {}   # filled below, once the handlers can call ``value``
    calls = leaves = horizon = max_ply = 0
    check_at = NEVER if budget is None else budget.first_check()
    nan = math.nan

    def value(state, depth, alpha, beta, ply, parent, move):
        nonlocal calls, leaves, horizon, max_ply, check_at
        calls += 1
        if calls > check_at:
            check_at = budget.check(calls)
        over = outcome(state)
        if over is None and depth:  # the game goes on, and so does the search: an inner call
            kind, over = CALL, nan
        else:  # game over, or the depth limit: a leaf
            leaves += 1
            kind = LEAF
            if over is None:
                over, kind = score_horizon(state), HORIZON
                if (type(over) is not float and type(over) is not int) or over != over:
                    over = check_guess(over, state)   # not a plain number: a Real, or words
                horizon += 1
        if ply > max_ply:
            max_ply = ply
        if rows is None:
            if kind != CALL:
                return over
            here = -1
        else:
            here = len(rows)
            if here >= max_nodes:
                too_large()
            put_parent(parent)
            put_move(move)
            put_kind(kind)
            put_score(over)
            if window:
                put_alpha(alpha)
                put_beta(beta)
            if kind != CALL:
                return over
        try:
            handle = handlers[node_type(state)]
        except (KeyError, TypeError):
            raise _unknown_kind(parts.game, node_type(state)) from None
        return handle(state, depth, alpha, beta, ply, here)

    def stats() -> SearchStats:
        cuts = parts.cutoffs
        return SearchStats(
            calls=calls, leaves=leaves, max_depth=max_ply, horizon=horizon,
            cutoffs=cuts.cutoffs if cuts else 0, pruned=cuts.pruned if cuts else 0,
            hits=memo.hits if memo else 0,
        )

    def open_subtree(ply: int) -> tuple:
        """The counts before a subtree below ``ply`` is searched (``reuse``); the deepest
        ply is counted afresh from ``ply``, for :func:`close_subtree`."""
        nonlocal max_ply
        seen = calls, leaves, horizon, max_ply
        max_ply = ply
        return seen

    def close_subtree(seen: tuple, ply: int) -> tuple:
        """What the subtree searched since ``open_subtree(ply)`` added: ``(calls, leaves,
        horizon, plies below ply)``; the deepest ply of the whole search is restored."""
        nonlocal max_ply
        grown = calls - seen[0], leaves - seen[1], horizon - seen[2], max_ply - ply
        if seen[3] > max_ply:
            max_ply = seen[3]
        return grown

    def credit(grown: tuple, ply: int) -> None:
        """Count a subtree met again at ``ply`` as its first search counted it."""
        nonlocal calls, leaves, horizon, max_ply, check_at
        calls += grown[0]
        leaves += grown[1]
        horizon += grown[2]
        if ply + grown[3] > max_ply:
            max_ply = ply + grown[3]
        if calls > check_at:
            check_at = budget.check(calls)

    handlers.update(_handlers(parts, value))
    if memo is not None:
        handlers.update(memo_handlers(parts, handlers))
    if parts.reuse is not None:
        handlers.update(reuse_handlers(parts, handlers, (open_subtree, close_subtree, credit)))
    return value, stats


def _handlers(parts: _Parts, value) -> dict:
    """The handler of each node kind, for the search's algorithm."""
    if parts.algorithm == "expectimax":  # Min moves at random: a chance node with equal odds
        return {"max": _max_handler(parts, value), "min": _chance_handler(parts, value, equal=True),
                "chance": _chance_handler(parts, value)}
    if parts.algorithm == "expectiminimax":  # Min chooses; only chance nodes average
        return {"max": _max_handler(parts, value), "min": _min_handler(parts, value),
                "chance": _chance_handler(parts, value)}
    return {"max": _max_handler(parts, value), "min": _min_handler(parts, value),
            "chance": _refuse_chance(parts)}


def _max_handler(parts: _Parts, value):
    """Max takes the largest child value; with a window it stops once that reaches beta."""
    successors, cuts = parts.successors, parts.cutoffs
    shortcut, leave = _shortcut(parts, value, maximise=True), _leave(parts.recorder)
    scores, exits = _exit_columns(parts.recorder)
    pruning = cuts is not None
    on_equal, cut = (cuts.on_equal, cuts.cut) if pruning else (None, None)
    lowest = -math.inf

    def max_node(state, depth, alpha, beta, ply, here):
        if shortcut is not None and ply:  # a win at once, or a window narrowed to nothing
            best, alpha, beta = shortcut(state, depth, alpha, beta, ply, here)
            if best is not None:
                if leave is not None:
                    leave(here, best, alpha, beta)
                return best
        children = successors(state)
        best, best_move = lowest, None
        for m, child in children:
            v = value(child, depth - 1, alpha, beta, ply + 1, here, m)
            if v > best:
                best, best_move = v, m
            if pruning:
                if best > alpha:
                    alpha = best
                if best >= beta if on_equal else best > beta:  # Min would never allow it
                    if m != children[-1][0]:  # children are left: a cutoff
                        cut(children, (m, child), here, alpha, beta)
                    break
        if not ply:
            parts.root_move = best_move
        if scores is not None:  # the call returns: its score, and the window it ends with
            scores[here] = best
            if exits is not None:
                exits((here, alpha, beta))
        return best

    return max_node


def _min_handler(parts: _Parts, value):
    """Min takes the smallest child value; with a window it stops once that reaches alpha."""
    successors, cuts = parts.successors, parts.cutoffs
    shortcut, leave = _shortcut(parts, value, maximise=False), _leave(parts.recorder)
    scores, exits = _exit_columns(parts.recorder)
    pruning = cuts is not None
    on_equal, cut = (cuts.on_equal, cuts.cut) if pruning else (None, None)
    highest = math.inf

    def min_node(state, depth, alpha, beta, ply, here):
        if shortcut is not None and ply:  # a win at once, or a window narrowed to nothing
            best, alpha, beta = shortcut(state, depth, alpha, beta, ply, here)
            if best is not None:
                if leave is not None:
                    leave(here, best, alpha, beta)
                return best
        children = successors(state)
        best, best_move = highest, None
        for m, child in children:
            v = value(child, depth - 1, alpha, beta, ply + 1, here, m)
            if v < best:
                best, best_move = v, m
            if pruning:
                if best < beta:
                    beta = best
                if best <= alpha if on_equal else best < alpha:  # Max would never allow it
                    if m != children[-1][0]:  # children are left: a cutoff
                        cut(children, (m, child), here, alpha, beta)
                    break
        if not ply:
            parts.root_move = best_move
        if scores is not None:  # the call returns: its score, and the window it ends with
            scores[here] = best
            if exits is not None:
                exits((here, alpha, beta))
        return best

    return min_node


def _shortcut(parts: _Parts, value, *, maximise: bool):
    """``win_check`` and ``narrow`` at a node of Max (``maximise``) or Min, or None when
    both are off: ``shortcut(state, depth, alpha, beta, ply, here)`` gives the node's
    value when a move wins at once, the narrowed window is empty, or one move must block
    the opponent's win (None otherwise), and the window, narrowed, to go on with."""
    if not parts.win_check:
        return None
    game, successors, cuts = parts.game, parts.successors, parts.cutoffs
    facts, on_equal, skip = game.solver_facts, cuts.on_equal, cuts.skip
    narrow, quick = parts.narrow, parts.quick_wins

    def take_win(state, wins, depth, alpha, beta, ply, here):
        """Search the first of ``wins`` (winning or blocking moves) in the order searched;
        cut the others."""
        children = successors(state)
        for pair in children:
            if pair[0] in wins:
                break
        else:
            raise InvalidOption(
                f"{type(game).__name__}.winning_moves or .threats returned {_short(wins)} at {game.to_text(state)}; "
                f"it must name moves among the legal ones, {[m for m, _ in children]}"
            )
        v = value(pair[1], depth - 1, alpha, beta, ply + 1, here, pair[0])
        if maximise:
            alpha = max(alpha, v)
        else:
            beta = min(beta, v)
        skip(here, children, pair, alpha, beta)
        return v, alpha, beta

    def shortcut(state, depth, alpha, beta, ply, here):
        wins, most, forced = facts(state, quick_wins=quick)   # the game's three answers at once
        if wins:
            return take_win(state, wins, depth, alpha, beta, ply, here)
        if narrow:
            if maximise and most is not None and most < beta:   # Max can reach no more
                beta = most
                if alpha >= beta if on_equal else alpha > beta:
                    skip(here, successors(state), None, alpha, beta)
                    return most, alpha, beta
            elif not maximise and most is not None and most > alpha:   # Min no less
                alpha = most
                if beta <= alpha if on_equal else beta < alpha:
                    skip(here, successors(state), None, alpha, beta)
                    return most, alpha, beta
        if depth > 1 and forced:   # the opponent's wins at once are in sight: only a block can be best
            return take_win(state, forced, depth, alpha, beta, ply, here)
        return None, alpha, beta

    return shortcut


def _leave(recorder):
    """The recorder's ``exit(index, score, alpha, beta)``, which closes a call's row (None
    when nothing is recorded)."""
    return None if recorder is None else recorder.exit


def _exit_columns(recorder):
    """What a handler writes when its call returns: the score column, and the ``append``
    of the recorder's ``exits`` (``(index, alpha, beta)`` per inner call) when it keeps the
    window (None for what is not recorded)."""
    if recorder is None:
        return None, None
    return recorder.score, recorder.exits.append if recorder.window else None


def _chance_handler(parts: _Parts, value, *, equal: bool = False):
    """A chance node takes the probability-weighted mean of its children's values
    (``equal``: the plain mean, for a Min node that expectimax treats as moving at random)."""
    game = parts.game
    successors = game.successors   # the probabilities follow the game's own move order
    leave = parts.recorder.exit if parts.recorder is not None else None

    def chance_node(state, depth, alpha, beta, ply, here):
        children = successors(state)
        values = [value(child, depth - 1, alpha, beta, ply + 1, here, m) for m, child in children]
        if equal:
            mean = sum(values) / len(values)
        else:
            odds = _probabilities(game, state, len(values))
            mean = sum(p * v for p, v in zip(odds, values))
        if mean != mean:   # NaN: +inf and -inf among the outcomes (the values are never NaN)
            raise _undefined_mean(game, state, values, equal=equal)
        if leave is not None:
            leave(here, mean, alpha, beta)
        return mean

    return chance_node


def _probabilities(game, state, n: int) -> Sequence[float]:
    """The game's probabilities at a chance node, checked: one per move, summing to 1 (any
    iterable of numbers will do, a generator too)."""
    given = game.probabilities(state)
    try:
        odds = tuple(given)
    except TypeError:   # None, a number: nothing to read one probability per move from
        odds = None
    ok = odds is not None and len(odds) == n and all(
        isinstance(p, Real) and not isinstance(p, bool) and 0 < p <= 1 for p in odds
    )
    if not ok or abs(math.fsum(odds) - 1) > 1e-9:
        raise InvalidOption(
            f"{type(game).__name__}.probabilities returned {_short(given if odds is None else list(odds))} at "
            f"{game.to_text(state)}; it must give one probability in (0, 1] per move ({n} moves), summing to 1"
        )
    return odds


def _undefined_mean(game, state, values, *, equal: bool) -> MinimaxError:
    """The error for a chance node (or a Min node moving at random) whose mean is NaN: its
    outcomes include both +inf and -inf (inf - inf is undefined), or a NaN."""
    where = "the chance node" if not equal else "the Min node (moving at random)"
    if any(v != v for v in values):
        why = "an outcome scored NaN, which is no value"
    else:
        why = "it has outcomes worth +inf and -inf, whose average is undefined (inf - inf)"
    return MinimaxError(
        f"{where} at {game.to_text(state)} has no mean: {why} ({_short(values)}); score the "
        "game's ends with finite numbers, such as +1000 and -1000"
    )


def _refuse_chance(parts: _Parts):
    """Minimax and alpha-beta have no rule for a chance node: say what to use instead."""
    game, algorithm = parts.game, parts.algorithm

    def refuse(state, depth, alpha, beta, ply, here):
        raise ChanceNodeError(
            f"{algorithm} cannot search {game.to_text(state)}: it is a chance node (its outcomes "
            "come with probabilities, nobody chooses); use expectimax(game, state) for a game "
            "with chance nodes"
        )

    return refuse
