"""Go (baduk) for Python: a Pgx-compatible batched environment on numpy,
KataGo's rules, GNU Go pattern matching and tesuji's engine."""

from os import PathLike
from typing import Any, Optional, Sequence, Tuple, Union

import numpy as np
import numpy.typing as npt

__version__: str

_Path = Union[str, PathLike]
_IntArray = Union[int, Sequence[int], npt.NDArray[np.integer]]
_Board = Union[Sequence[Sequence[int]], npt.NDArray[np.integer]]
_Move = Union[str, Tuple[int, int], None]

class State:
    """The arrays one step returns (fresh arrays at every step)."""

    observation: Optional[npt.NDArray[np.bool_]]
    """(B, N, N, 17) bool for the player to move: planes 2i / 2i+1 its own /
    the opponent's stones i boards back, plane 16 all true when it is
    White. None with observations=False."""
    legal_action_mask: npt.NDArray[np.bool_]
    """(B, N*N + 1) bool, pass last."""
    rewards: npt.NDArray[np.float32]
    """(B, 2) float32: the last step's rewards by player id."""
    terminated: npt.NDArray[np.bool_]
    """(B,) bool: the last step ended the game."""
    truncated: npt.NDArray[np.bool_]
    """(B,) bool, always false (Pgx's step limit terminates)."""
    current_player: npt.NDArray[np.int32]
    """(B,) int32: the player id to move."""
    step_count: npt.NDArray[np.int32]
    """(B,) int32: steps taken in the current game."""
    board: npt.NDArray[np.int8]
    """(B, N, N) int8: 1 black, -1 white, 0 empty."""

class Env:
    """A batch of Go games with Pgx's exact semantics (pgx.go.Go 2.6)."""

    def __init__(
        self,
        size: int = 19,
        batch_size: int = 1,
        *,
        komi: float = 7.5,
        max_steps: Optional[int] = None,
        seed: int = 0,
        auto_reset: bool = False,
        observations: bool = True,
        threads: Optional[int] = None,
    ) -> None:
        """`batch_size` games on a `size` x `size` board (komi 7.5 and a
        limit of 2*size*size steps by default). `seed` seeds each game's
        generator (black player of each new game, step_random's moves);
        `auto_reset` restarts finished games in the same step (Pgx's
        auto_reset); `threads` sets the threads of batches of 128 or more
        (None: all cores). ValueError for a bad size, batch or thread
        count."""
    @property
    def size(self) -> int: ...
    @property
    def batch_size(self) -> int: ...
    @property
    def num_actions(self) -> int:
        """N*N points (row-major) and pass, the last."""
    @property
    def komi(self) -> float: ...
    @property
    def max_steps(self) -> int: ...
    def reset(self, seed: Optional[int] = None, black_player: Optional[_IntArray] = None) -> State:
        """New games (Pgx's init). `seed` reseeds; `black_player` (one per
        game, 0 or 1) fixes who plays black, else each game draws it."""
    def step(self, actions: _IntArray) -> State:
        """Steps every game with its action (point row*N+col, or N*N for
        pass). An illegal action loses, as in Pgx. TypeError for
        non-integers, ValueError for a wrong shape or an action out of
        range; then nothing has moved."""
    def step_random(self) -> State:
        """Steps every game with a legal action drawn uniformly by its
        own generator."""
    def scores(self) -> npt.NDArray[np.int32]:
        """Pgx's area counts [black, white] of every board, (B, 2)."""

class IllegalMoveError(ValueError):
    """A move the rules forbid."""

    reason: str
    """The reason's code, as Game.legality gives it."""

class Game:
    """A game under KataGo's rules."""

    def __init__(
        self,
        size: Union[int, Tuple[int, int], None] = None,
        rules: str = "tromp-taylor",
        *,
        board: Optional[Sequence[str]] = None,
        to_move: str = "B",
        komi: Optional[float] = None,
    ) -> None:
        """A game on a `size` board (int or (width, height); 19 by
        default) under `rules`: a preset name ("tromp-taylor", "chinese",
        "japanese", "aga", "new-zealand", "gnugo", ...), a short form
        ("koPOSITIONALscoreAREAtaxNONEsui1") or KataGo's JSON. `board`
        gives the starting stones as rows (X, O, .) and fixes the size.
        ValueError for unknown rules, sizes, rows or colours."""
    @property
    def rules(self) -> str:
        """The rules as KataGo's JSON."""
    @property
    def to_move(self) -> str: ...
    @property
    def phase(self) -> int: ...
    @property
    def is_over(self) -> bool: ...
    @property
    def undo_depth(self) -> int: ...
    @property
    def board(self) -> npt.NDArray[np.int8]:
        """(height, width) int8: 1 black, -1 white, 0 empty."""
    @property
    def rows(self) -> list[str]: ...
    def legality(self, move: _Move, color: Optional[str] = None) -> Optional[str]:
        """None when legal, else "occupied", "off_board", "suicide", "ko",
        "superko", "ko_capture_repeated" or "game_over"."""
    def is_legal(self, move: _Move, color: Optional[str] = None) -> bool: ...
    def play(self, move: _Move, color: Optional[str] = None) -> None:
        """Plays a move (GTP vertex, "pass", (row, col) or None); raises
        IllegalMoveError and changes nothing when it is illegal."""
    def undo(self) -> bool: ...
    def score(self) -> Optional[float]:
        """White minus Black if both now pass until the end; None for no
        result."""
    def score_position(self) -> dict[str, Any]:
        """{"white_minus_black": float, "area": rows} as the board stands."""
    def result(self) -> Optional[dict[str, Any]]:
        """{"white_minus_black", "winner", "no_result"} once over."""

class PatternDatabase:
    """A .db pattern database compiled for matching, as `tesuji match`."""

    def __init__(self, files: Union[_Path, Sequence[_Path]], mkpat: str = "") -> None:
        """Compiles the files as one stream with GNU Go's mkpat options
        (default: GNU Go's own for these file names). ValueError with
        file, line and column for a bad database or a missing file."""
    @property
    def name(self) -> str: ...
    def __len__(self) -> int: ...
    def matches(self, board: _Board, color: str = "B") -> list[dict[str, Any]]:
        """Every raw match for "B", "W" or "both": {db, color, pattern,
        ll, anchor, move} as `tesuji match --json` lists them."""

class Engine:
    """tesuji's engine on one position."""

    def __init__(self, patterns: Optional[_Path] = None) -> None:
        """The embedded databases, or GNU Go's patterns/ directory
        compiled now."""
    def set_position(self, board: _Board, ko: Optional[str] = None) -> None:
        """A square (N, N) board of 1 / -1 / 0 and the simple-ko point."""
    def explain(self, color: Optional[str] = None) -> list[dict[str, Any]]:
        """Every raw candidate with verdict, stage, needs and constraint."""
    def propose(self, color: Optional[str] = None) -> list[dict[str, Any]]:
        """The proposals, as `tesuji propose --json` lists them."""
    def genmove(self, color: Optional[str] = None) -> list[str]:
        """The valued moves (then a filled liberty or open-area move), best first."""

def load_sgf(path: _Path, move: Optional[int] = None) -> Tuple[npt.NDArray[np.int8], str, Optional[str]]:
    """(board, to_move, ko) of an SGF file as GTP `loadsgf FILE N`."""
