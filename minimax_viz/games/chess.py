"""Chess, with python-chess's rules: positions as FEN strings, moves named in UCI.

The rules are python-chess's own (move generation, check, castling, en passant,
promotion); this module only speaks the Game protocol over them. A position is given as
a FEN string (``"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"``) or a
python-chess board wherever a state is taken; ``None`` is the start position. Inside, a
position is a :class:`Position`: a ``chess.Board`` that keeps no game history (only the
move that led to it, for the picture), so a search writes no FEN per node and pays one
board copy and one push per move. White is Max.

A move is its UCI string (``"e2e4"``, ``"e7e8q"``): :meth:`Chess.moves` lists them,
``play`` takes one, a search's ``result.move`` and a recorded node's ``move`` are one. The
recordings of searches keep moves as whole numbers: :meth:`Chess.move_code` gives each
move its *code*, ``from + 64 * to + 4096 * promotion`` (squares numbered a1 = 0 to h8 =
63, promotion 2 = knight to 5 = queen, as python-chess numbers them), and
:meth:`Chess.code_move` gives the UCI string back.

Finished games are checkmate, stalemate, insufficient material (python-chess's
``is_insufficient_material``) and the fifty-move rule (``is_fifty_moves``: a hundred
half-moves without a capture or a pawn move, as the player to move may claim it, read from
the FEN's half-move clock). Threefold and fivefold repetition need the game's history,
which a position does not keep: they are not detected.
"""

from __future__ import annotations

from typing import Any

import chess

from ..errors import InvalidBoard, InvalidMove, short_repr
from .base import Game

__all__ = ["Chess", "Position", "MATE", "PIECE_VALUES"]

#: What a checkmate is worth, in pawns, less the plies played before it (see Chess.utility).
MATE = 1000
#: The most plies a mate's score counts: every mate is worth more than MATE - _LONGEST = 500,
#: far beyond any material count (at most 103 pawns a side).
_LONGEST = 500
#: evaluate's piece values, in pawns (the king has none: it is never taken).
PIECE_VALUES = {chess.PAWN: 1, chess.KNIGHT: 3, chess.BISHOP: 3, chess.ROOK: 5, chess.QUEEN: 9}
_VALUES = tuple(PIECE_VALUES[kind] for kind in (chess.PAWN, chess.KNIGHT, chess.BISHOP, chess.ROOK, chess.QUEEN))
_FEN_EXAMPLE = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"


class Position(chess.Board):
    """A chess position as the search passes it around: a python-chess board without the
    game's history (its move stack holds at most the move that led to it).

    It is a ``chess.Board`` in every other way, printed as its FEN, and hashable (equal
    positions, counters included, hash alike). Read it, do not change it: the search
    shares it between calls (a ``push`` undone with ``pop`` is fine). Once
    :meth:`Chess.moves` has listed its legal moves it keeps them by UCI string, so
    :meth:`Chess.play` finds a move with one look-up.

    Parameters
    ----------
    fen : str or None, optional
        The position's FEN (python-chess's ``chess.Board`` argument; the start position
        unless given). :meth:`Chess.state` checks a FEN before it makes a position.
    chess960 : bool, optional
        python-chess's flag for Chess960 castling (False: standard chess).

    Examples
    --------
    >>> Position()
    Position('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1')
    """

    #: The legal moves by UCI string, once :meth:`moves_by_uci` has listed them.
    _by_uci: dict | None = None

    def __repr__(self) -> str:
        return f"Position({self.fen()!r})"

    def moves_by_uci(self) -> dict:
        """The legal moves by UCI string, in python-chess's order, worked out once; none in a
        game drawn with moves left (insufficient material, the fifty-move rule).

        Returns
        -------
        dict of str to chess.Move
            Each legal move's UCI string and python-chess's move.
        """
        by_uci = self._by_uci
        if by_uci is None:
            drawn = self.halfmove_clock >= 100 or self.is_insufficient_material()
            by_uci = self._by_uci = {} if drawn else {
                _UCI[move.from_square | move.to_square << 6 | (move.promotion or 0) << 12]: move
                for move in self.generate_legal_moves()
            }
        return by_uci

    def __hash__(self) -> int:
        return hash(_key(self))

    __eq__ = chess.Board.__eq__   # a class that sets __hash__ keeps its base's equality


def _key(pos: chess.Board) -> tuple:
    """What tells positions apart, from python-chess's public attributes: the pieces, the
    side to move, the castling rights, an en-passant square only when a capture there is
    legal (as python-chess's own equality counts it), and the two move counters (the half-move
    clock ends games by the fifty-move rule; the full-move number scores mates)."""
    ep = pos.ep_square
    if ep is not None and not pos.has_legal_en_passant():
        ep = None
    white, black = pos.occupied_co[chess.WHITE], pos.occupied_co[chess.BLACK]
    return (pos.pawns, pos.knights, pos.bishops, pos.rooks, pos.queens, pos.kings, white, black,
            pos.turn, pos.clean_castling_rights(), ep, pos.halfmove_clock, pos.fullmove_number)


def _child(pos: Position, move: chess.Move) -> Position:
    """The position after ``move`` (legal in ``pos``): a copy without history, then the push."""
    child = pos.copy(stack=False)
    child.push(move)
    return child


def _uci_names() -> tuple[list, dict]:
    """Every move's UCI string by its code (``from + 64 * to + 4096 * promotion``; None for
    a code no move has), and the codes by UCI string: a list index and a dict look-up,
    where python-chess's ``Move.uci()`` would cost a call per move."""
    names: list = [None] * (6 << 12)
    for frm in chess.SQUARES:
        for to in chess.SQUARES:
            names[frm | to << 6] = chess.SQUARE_NAMES[frm] + chess.SQUARE_NAMES[to]
            if chess.square_rank(frm) in (1, 6) and chess.square_rank(to) in (0, 7):
                for piece in (chess.KNIGHT, chess.BISHOP, chess.ROOK, chess.QUEEN):
                    names[frm | to << 6 | piece << 12] = names[frm | to << 6] + chess.piece_symbol(piece)
    return names, {name: code for code, name in enumerate(names) if name is not None}


_UCI, _CODES = _uci_names()


class Chess(Game):
    """Chess over python-chess: White is Max, positions are FEN strings, moves UCI strings.

    ``moves`` lists the legal moves as UCI strings (``"e2e4"``, ``"e7e8q"``) in the order
    python-chess generates them (``board.legal_moves``: pieces before pawns, each by its
    square from h8 down to a1; see :meth:`moves`); ``play`` takes one, and a search's
    ``result.move`` is one. ``move_code`` and ``code_move`` turn a move into the whole
    number a recording keeps and back.

    A checkmate scores ``MATE - ply`` for the winner (``MATE`` = 1000 pawns; ``ply`` is the
    number of half-moves played, read from the FEN's full-move number and side to move, at
    most 500): beyond any evaluation, and a quicker mate above a slower one. Every draw
    scores 0. :meth:`evaluate` counts material.

    Every method that takes a position takes a FEN string, a python-chess board or a
    :class:`Position`; ``None`` is the start position.

    Raises
    ------
    InvalidBoard
        From each method given a position that is not one (see :meth:`state`).

    See Also
    --------
    Position : the positions the search passes around.

    Examples
    --------
    >>> game = Chess()
    >>> game.moves(None)[:4], len(game.moves(None))
    (('g1h3', 'g1f3', 'b1c3', 'b1a3'), 20)
    >>> after = game.play(None, "e2e4")
    >>> game.fen(after)
    'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1'
    >>> game.player(after), game.node_type(after)
    ('Black', 'min')
    >>> mated = game.state("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3")
    >>> game.result_text(mated), game.utility(mated)   # fool's mate, after 4 plies
    ('Black wins by checkmate', -996)
    """

    max_player = "White"
    min_player = "Black"
    win_utility = None   # a mate's score depends on when it comes
    #: What a learner's search may be handed as a position (a FEN at the root, boards below it).
    position_types = (str, chess.Board)

    # -- forms of a state ---------------------------------------------------------------
    def start(self) -> Position:
        """The start position.

        Returns
        -------
        Position
            The position before White's first move.
        """
        return Position()

    def state(self, value: Any = None) -> Position:
        """Check a position and return it as a :class:`Position` (``None`` is the start).

        Parameters
        ----------
        value : str, chess.Board, Position or None
            A FEN string (the move counters may be left out: ``0 1``), a python-chess
            board (its history is dropped) or a :class:`Position`, returned as it is.

        Returns
        -------
        Position
            The position.

        Raises
        ------
        InvalidBoard
            For a value that is not a FEN (the words say which part is wrong), a side to
            move that is not ``w`` or ``b``, or a position the rules cannot reach (no king
            or two, a pawn on the first or last rank, too many pawns or pieces, the side
            not to move in check, castling rights or an en-passant square that do not fit
            the board, a check no move can give).

        Examples
        --------
        >>> Chess().state("8/8/8/8/8/8/8/K6k w - - 0 1")
        Position('8/8/8/8/8/8/8/K6k w - - 0 1')
        >>> Chess().state("8/8/8/8/8/8/8/K7 w - - 0 1")
        Traceback (most recent call last):
        ...
        minimax_viz.errors.InvalidBoard: Black has no king in '8/8/8/8/8/8/8/K7 w - - 0 1'; each side has exactly one king
        """  # noqa: E501 (the doctest's message is one line)
        if type(value) is Position:
            return value
        if value is None:
            return Position()
        if isinstance(value, str):
            return _from_fen(value)
        if isinstance(value, chess.Board):
            if type(value).uci_variant != "chess":
                raise InvalidBoard(
                    f"a {type(value).__name__} plays the variant {type(value).uci_variant!r}; "
                    "Chess plays standard chess: pass a chess.Board or a FEN"
                )
            return _from_fen(value.fen())
        raise InvalidBoard(
            f"a chess position is a FEN string or a python-chess board, not {type(value).__name__}; "
            f"write it like {_FEN_EXAMPLE!r}"
        )

    def board(self, state: Any) -> Position:
        """The position itself: a python-chess board (read it, do not change it).

        Parameters
        ----------
        state : str, chess.Board, Position or None
            A position.

        Returns
        -------
        Position
            The position as a python-chess board.

        Raises
        ------
        InvalidBoard
            For a value that is not a position (see :meth:`state`).
        """
        return self._position(state)

    def fen(self, state: Any) -> str:
        """The position's FEN string.

        Parameters
        ----------
        state : str, chess.Board, Position or None
            A position.

        Returns
        -------
        str
            Its FEN, with the move counters.

        Raises
        ------
        InvalidBoard
            For a value that is not a position (see :meth:`state`).

        Examples
        --------
        >>> Chess().fen(None)
        'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'
        """
        return self._position(state).fen()

    def to_text(self, state: Any) -> str:
        """The position's FEN, one line (for words about a position).

        Parameters
        ----------
        state : str, chess.Board, Position or None
            A position.

        Returns
        -------
        str
            Its FEN.

        Raises
        ------
        InvalidBoard
            For a value that is not a position (see :meth:`state`).
        """
        return self._position(state).fen()

    def __repr__(self) -> str:
        return "Chess()"

    # -- rules --------------------------------------------------------------------------
    def player(self, state: Any) -> str:
        """The side to move.

        Parameters
        ----------
        state : str, chess.Board, Position or None
            A position.

        Returns
        -------
        str
            ``"White"`` or ``"Black"``.

        Raises
        ------
        InvalidBoard
            For a value that is not a position (see :meth:`state`).
        """
        return "White" if self._position(state).turn else "Black"

    def node_type(self, state: Any) -> str:
        """``"max"`` when White is to move, else ``"min"`` (the search asks at every node).

        Parameters
        ----------
        state : str, chess.Board, Position or None
            A position.

        Returns
        -------
        str
            ``"max"`` or ``"min"``.

        Raises
        ------
        InvalidBoard
            For a value that is not a position (see :meth:`state`).
        """
        pos = state if type(state) is Position else self._position(state)
        return "max" if pos.turn else "min"

    def moves(self, state: Any) -> tuple[str, ...]:
        """The legal moves as UCI strings, in python-chess's order (``board.legal_moves``;
        empty when the game is over): the moves of the pieces other than pawns (by the
        moving piece's square, h8 down to a1, each piece's targets the same way), then
        castling, then the pawns' captures, single steps, double steps and en passant; a
        promotion's pieces queen, rook, bishop, knight. In check, python-chess lists its
        evasions (the king's moves first).

        Parameters
        ----------
        state : str, chess.Board, Position or None
            A position.

        Returns
        -------
        tuple of str
            The moves, such as ``"e2e4"`` or ``"e7e8q"``.

        Raises
        ------
        InvalidBoard
            For a value that is not a position (see :meth:`state`).

        Examples
        --------
        >>> Chess().moves("7k/8/8/8/8/8/P7/K7 w - - 0 1")
        ('a1b2', 'a1b1', 'a2a3', 'a2a4')
        >>> Chess().moves("7k/8/8/8/8/8/8/K7 w - - 0 1")   # two bare kings: a draw
        ()
        """
        return tuple(self._position(state).moves_by_uci())

    def play(self, state: Any, move: str) -> Position:
        """The position after ``move``; the given position is left as it was.

        Parameters
        ----------
        state : str, chess.Board, Position or None
            A position.
        move : str
            A legal move's UCI string, one of :meth:`moves` (a python-chess ``Move`` is
            taken too).

        Returns
        -------
        Position
            The position after the move.

        Raises
        ------
        InvalidMove
            For a move that is not a UCI string, is not legal here, or comes after the end
            of the game.
        InvalidBoard
            For a value that is not a position (see :meth:`state`).

        Examples
        --------
        >>> Chess().play(None, "g1f3")
        Position('rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R b KQkq - 1 1')
        """
        pos = state if type(state) is Position else self._position(state)
        legal = pos.moves_by_uci()
        try:
            found = legal.get(move)
        except TypeError:   # an unhashable move
            found = None
        if found is None:
            if type(move) is chess.Move and move.uci() in legal:
                return _child(pos, legal[move.uci()])
            raise self._bad_move(pos, move)
        return _child(pos, found)

    def successors(self, state: Any) -> tuple:
        """The moves and the positions they lead to.

        Parameters
        ----------
        state : str, chess.Board, Position or None
            A position.

        Returns
        -------
        tuple of tuple
            ``(uci, next_position)`` pairs in :meth:`moves` order; none when the game is over.

        Raises
        ------
        InvalidBoard
            For a value that is not a position (see :meth:`state`).
        """
        pos = state if type(state) is Position else self._position(state)
        return tuple([(uci, _child(pos, move)) for uci, move in pos.moves_by_uci().items()])

    def is_capture(self, state: Any, move: str) -> bool:
        """Whether ``move`` takes a piece (en passant included): what a quiescence search,
        which looks past its depth limit at captures only, asks of each move.

        Parameters
        ----------
        state : str, chess.Board, Position or None
            A position.
        move : str
            A legal move's UCI string, one of :meth:`moves`.

        Returns
        -------
        bool
            True for a capture, False for a quiet move (a promotion that takes nothing is quiet).

        Raises
        ------
        InvalidMove
            For a move that is not legal here (see :meth:`play`).
        InvalidBoard
            For a value that is not a position (see :meth:`state`).

        Examples
        --------
        >>> game = Chess()
        >>> fen = "6k1/5ppp/4p3/3p4/8/8/5PPP/3Q2K1 w - - 0 1"
        >>> [m for m in game.moves(fen) if game.is_capture(fen, m)]
        ['d1d5']
        """
        pos = state if type(state) is Position else self._position(state)
        try:
            found = pos.moves_by_uci().get(move)
        except TypeError:   # an unhashable move
            found = None
        if found is None:
            raise self._bad_move(pos, move)
        return pos.is_capture(found)

    def move_code(self, move: str) -> int:
        """The whole number a recording keeps for a move: ``from + 64 * to + 4096 *
        promotion`` (squares a1 = 0 to h8 = 63; promotion 2 = knight to 5 = queen).

        Parameters
        ----------
        move : str
            A move's UCI string.

        Returns
        -------
        int
            Its code; ``-1`` for anything that is not a UCI move (a learner's call given a
            position no move leads to).

        Examples
        --------
        >>> Chess().move_code("e2e4"), Chess().move_code("a7a8q")
        (1804, 24112)
        """
        try:
            return _CODES.get(move, -1)
        except TypeError:   # an unhashable move
            return -1

    def code_move(self, code: int) -> str | int:
        """The UCI string of a code from :meth:`move_code`.

        Parameters
        ----------
        code : int
            A move's code.

        Returns
        -------
        str or int
            The move's UCI string; a code no move has (``-1``) stays as it is.

        Examples
        --------
        >>> Chess().code_move(1804)
        'e2e4'
        """
        name = _UCI[code] if 0 <= code < len(_UCI) else None
        return code if name is None else name

    def winner(self, state: Any) -> str | None:
        """The side that has mated, or ``None`` (game on, or drawn).

        Parameters
        ----------
        state : str, chess.Board, Position or None
            A position.

        Returns
        -------
        str or None
            ``"White"``, ``"Black"`` or ``None``.

        Raises
        ------
        InvalidBoard
            For a value that is not a position (see :meth:`state`).
        """
        pos = self._position(state)
        if pos.is_checkmate():
            return "Black" if pos.turn else "White"
        return None

    def is_terminal(self, state: Any) -> bool:
        """Whether the game is over: checkmate, stalemate, insufficient material or the
        fifty-move rule.

        Parameters
        ----------
        state : str, chess.Board, Position or None
            A position.

        Returns
        -------
        bool
            True when the game is over.

        Raises
        ------
        InvalidBoard
            For a value that is not a position (see :meth:`state`).
        """
        return self.outcome(state) is not None

    def utility(self, state: Any) -> float:
        """A finished game's value for White.

        ``ply`` counts the half-moves played before the position, from the FEN's full-move
        number and side to move (``2 * (fullmove - 1)``, plus one with Black to move), at
        most 500: a mate found sooner in the search is a mate at a smaller ply, so it
        scores more. It depends on the position alone, as the search's memo table needs.

        Parameters
        ----------
        state : str, chess.Board, Position or None
            A position.

        Returns
        -------
        int
            ``MATE - ply`` when White has mated, ``-(MATE - ply)`` when Black has, 0 for a
            draw (and for a game still on).

        Raises
        ------
        InvalidBoard
            For a value that is not a position (see :meth:`state`).
        """
        return self.outcome(state) or 0

    def result_text(self, state: Any) -> str:
        """How the game ended, in words.

        Parameters
        ----------
        state : str, chess.Board, Position or None
            A position.

        Returns
        -------
        str
            "White wins by checkmate", "draw by stalemate", "draw by insufficient
            material", "draw by the fifty-move rule" or "game on".

        Raises
        ------
        InvalidBoard
            For a value that is not a position (see :meth:`state`).
        """
        pos = self._position(state)
        if next(iter(pos.generate_legal_moves()), None) is None:
            if pos.is_check():
                return f"{'Black' if pos.turn else 'White'} wins by checkmate"
            return "draw by stalemate"
        if pos.is_insufficient_material():
            return "draw by insufficient material"
        if pos.halfmove_clock >= 100:
            return "draw by the fifty-move rule"
        return "game on"

    def evaluate(self, state: Any) -> int:
        """Material for White, in pawns: White's minus Black's. The search calls it at its
        depth limit, after :meth:`outcome` has found the game still on.

        Parameters
        ----------
        state : str, chess.Board, Position or None
            A position.

        Returns
        -------
        int
            The material balance: pawn 1, knight 3, bishop 3, rook 5, queen 9
            (:data:`PIECE_VALUES`).

        Raises
        ------
        InvalidBoard
            For a value that is not a position (see :meth:`state`).

        Examples
        --------
        >>> Chess().evaluate("4k3/8/8/8/8/8/8/RN2K3 w - - 0 1")   # a rook and a knight up
        8
        """
        pos = state if type(state) is Position else self._position(state)
        white, black = pos.occupied_co[chess.WHITE], pos.occupied_co[chess.BLACK]
        score = 0
        for pieces, value in zip((pos.pawns, pos.knights, pos.bishops, pos.rooks, pos.queens), _VALUES):
            score += value * ((pieces & white).bit_count() - (pieces & black).bit_count())
        return score

    def key(self, state: Any) -> tuple:
        """A key for the memo table, equal for equal positions.

        Parameters
        ----------
        state : str, chess.Board, Position or None
            A position.

        Returns
        -------
        tuple
            The position's bit boards, side to move, castling rights, en-passant square
            and counters.

        Raises
        ------
        InvalidBoard
            For a value that is not a position (see :meth:`state`).
        """
        return _key(state if type(state) is Position else self._position(state))

    # -- what the search calls at every node ----------------------------------------------
    def outcome(self, state: Any) -> int | None:
        """The utility if the game is over (see :meth:`utility`), else ``None``.

        Parameters
        ----------
        state : str, chess.Board, Position or None
            A position.

        Returns
        -------
        int or None
            The utility of a finished game; ``None`` while the game goes on.

        Raises
        ------
        InvalidBoard
            For a value that is not a position (see :meth:`state`).

        Examples
        --------
        >>> Chess().outcome("7k/5Q2/6K1/8/8/8/8/8 b - - 0 40")   # stalemate
        0
        """
        pos = state if type(state) is Position else self._position(state)
        if next(iter(pos.generate_legal_moves()), None) is None:
            if not pos.is_check():
                return 0
            ply = min(2 * pos.fullmove_number - (2 if pos.turn else 1), _LONGEST)
            return ply - MATE if pos.turn else MATE - ply
        if pos.halfmove_clock >= 100 or pos.is_insufficient_material():
            return 0
        return None

    # -- inside ---------------------------------------------------------------------------
    def _position(self, state: Any) -> Position:
        return state if type(state) is Position else self.state(state)

    def _bad_move(self, pos: Position, move: Any) -> InvalidMove:
        """The words for a move ``play`` refuses."""
        if self.outcome(pos) is not None:
            return InvalidMove(f"the game is over ({self.result_text(pos)}); no move can follow")
        legal = list(pos.moves_by_uci())
        shown = ", ".join(legal[:12]) + (", ..." if len(legal) > 12 else "")
        if type(move) is not str:
            return InvalidMove(
                f"a chess move is a UCI string such as 'e2e4', not {short_repr(move)}; "
                f"the legal moves here: {shown}"
            )
        if move not in _CODES:
            return InvalidMove(
                f"{short_repr(move)} is not a UCI move: write the from and to squares in lower case, such as "
                f"'e2e4', and a promotion's piece, such as 'e7e8q'; the legal moves here: {shown}"
            )
        return InvalidMove(f"{move} is not legal in {pos.fen()!r}; the legal moves: {shown}")


#: What each flag of python-chess's Board.status() means, in words.
_STATUS_WORDS = (
    (chess.STATUS_EMPTY, "the board is empty; each side has exactly one king"),
    (chess.STATUS_NO_WHITE_KING, "White has no king in {fen!r}; each side has exactly one king"),
    (chess.STATUS_NO_BLACK_KING, "Black has no king in {fen!r}; each side has exactly one king"),
    (chess.STATUS_TOO_MANY_KINGS, "a side has more than one king in {fen!r}; each side has exactly one king"),
    (chess.STATUS_PAWNS_ON_BACKRANK,
     "a pawn stands on the first or the last rank in {fen!r}; pawns live on ranks 2 to 7 (a pawn that "
     "reaches the last rank is promoted)"),
    (chess.STATUS_TOO_MANY_WHITE_PAWNS, "White has more than 8 pawns in {fen!r}"),
    (chess.STATUS_TOO_MANY_BLACK_PAWNS, "Black has more than 8 pawns in {fen!r}"),
    (chess.STATUS_TOO_MANY_WHITE_PIECES, "White has more than 16 pieces in {fen!r}"),
    (chess.STATUS_TOO_MANY_BLACK_PIECES, "Black has more than 16 pieces in {fen!r}"),
    (chess.STATUS_OPPOSITE_CHECK,
     "the side not to move is in check in {fen!r}: the last move left its own king in check, which "
     "the rules forbid; check the side to move (w or b)"),
    (chess.STATUS_BAD_CASTLING_RIGHTS,
     "the castling rights in {fen!r} do not fit the board: a right needs its king and rook on their "
     "starting squares; drop the letter or write '-'"),
    (chess.STATUS_INVALID_EP_SQUARE,
     "the en-passant square in {fen!r} does not fit the board: it must be the square a pawn just "
     "crossed with a double step; write '-'"),
    (chess.STATUS_TOO_MANY_CHECKERS, "the king is in check from more than two pieces in {fen!r}; no move can do that"),
    (chess.STATUS_IMPOSSIBLE_CHECK,
     "the check in {fen!r} cannot come from any last move (two pieces aligned with the king); no game reaches it"),
)


def _from_fen(fen: str) -> Position:
    """A checked :class:`Position` from a FEN string."""
    parts = fen.split()
    if not parts:
        raise InvalidBoard(f"an empty string is not a FEN; write a position like {_FEN_EXAMPLE!r}")
    if len(parts) > 1 and parts[1] not in ("w", "b"):
        raise InvalidBoard(
            f"the side to move in {short_repr(fen)} is {short_repr(parts[1])}; write w (White) or b (Black) "
            "after the board"
        )
    try:
        pos = Position(fen)
    except ValueError as err:
        raise InvalidBoard(f"{short_repr(fen)} is not a FEN ({err}); write a position like {_FEN_EXAMPLE!r}") from None
    status = pos.status()
    if status:
        for flag, words in _STATUS_WORDS:
            if status & flag:
                raise InvalidBoard(words.format(fen=pos.fen()))
    return pos
