#!/usr/bin/env python3
"""A match between two GTP engines: GAMES games on SIZE x SIZE, colours
alternating (the first engine takes Black in games 1, 3, 5, ... as
numbered in the output), Chinese
(area) rules with komi KOMI, `time_settings 0 SECONDS 1` sent to both
(SECONDS per move in byo-yomi, which `tesuji gtp --search mcts` follows).
`{game}` in either command line becomes the game's number (e.g.
`--seed {game}`); `--start K` numbers the games from K + 1 on, so that
single games of two matches can be interleaved. A game ends on two passes in a row, a resignation or MOVE_LIMIT moves;
it is scored by a third process, the referee (GNU Go by default), from
the move list (`final_score`). Every move is also checked legal by the
referee. An engine that stops (a crash) or refuses a command ends its
game without a result (a `no result` line with the cause and the moves so
far, left out of the totals) and the match goes on with the next game.
One line per game, then the totals, go to standard output and,
appended, to --out FILE.

Not part of CI. Example (tesuji's search against GNU Go 3.8 level 10):

    python3 scripts/match.py --games 10 \\
        --first "target/release/tesuji gtp --search mcts --threads 2" \\
        --second "/usr/games/gnugo --mode gtp --level 10 --chinese-rules" \\
        --out docs/tuning/mcts-match.txt
"""

import argparse
import shlex
import subprocess
import sys
import time


class Gtp:
    """One engine process spoken to through GTP."""

    def __init__(self, command, cwd=None):
        self.command = command
        self.process = subprocess.Popen(
            shlex.split(command),
            cwd=cwd,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
        )

    def ask(self, command):
        """The answer's text after `=`; a `?` answer raises."""
        answer = self.ask_raw(command)
        if answer[0] != "=":
            raise RuntimeError(f"{self.command}: `{command}` -> {answer}")
        return answer[1:].strip()

    def ask_raw(self, command):
        """The whole answer, `=` or `?` included."""
        self.process.stdin.write(command + "\n")
        self.process.stdin.flush()
        return self.read_answer(command)

    def read_answer(self, command):
        """The next answer's lines (up to the empty line that ends it);
        `command` names what was asked if the engine stops."""
        lines = []
        while True:
            line = self.process.stdout.readline()
            if line == "":
                raise RuntimeError(f"{self.command}: stopped at `{command}`")
            if line.strip() == "" and lines:
                break
            if line.strip() == "":
                continue
            lines.append(line.rstrip("\n"))
        return "\n".join(lines)

    def close(self):
        try:
            self.ask("quit")
        except (RuntimeError, BrokenPipeError):
            pass
        self.process.wait()


class GameAborted(Exception):
    """A game that ended without a result: an engine stopped or refused a
    command. Holds the cause and the moves played before it."""

    def __init__(self, cause, moves):
        super().__init__(cause)
        self.moves = moves


def reporter(path):
    """A function that prints a line and also appends it to the file PATH (when given)."""
    out = open(path, "a") if path else None

    def say(text):
        print(text, flush=True)
        if out:
            out.write(text + "\n")
            out.flush()

    return say


def play_game(black, white, referee, args):
    """Plays one game; returns (winner 'B'/'W', score text, moves), or
    raises GameAborted when an engine stops or refuses a command."""
    moves = []
    try:
        return play_moves(black, white, referee, args, moves)
    except (RuntimeError, BrokenPipeError) as cause:
        raise GameAborted(str(cause), moves) from cause


def set_up(black, white, referee, args):
    """An empty board of `args.size` with `args.komi` for the three engines, and the players' clock."""
    for engine in (black, white, referee):
        engine.ask(f"boardsize {args.size}")
        engine.ask("clear_board")
        engine.ask(f"komi {args.komi}")
    for engine in (black, white):
        engine.ask(f"time_settings 0 {args.seconds} 1")


def play_moves(black, white, referee, args, moves):
    """The game itself; `moves` grows as it goes."""
    set_up(black, white, referee, args)
    players = {"b": black, "w": white}
    other = {"b": "w", "w": "b"}
    color, passes = "b", 0
    while len(moves) < args.move_limit:
        move = players[color].ask(f"genmove {color}").lower()
        if move == "resign":
            return other[color].upper(), f"{other[color].upper()}+Resign", moves
        referee.ask(f"play {color} {move}")
        players[other[color]].ask(f"play {color} {move}")
        moves.append(f"{color}:{move}")
        passes = passes + 1 if move == "pass" else 0
        if passes == 2:
            break
        color = other[color]
    score = referee.ask("final_score")
    return score[0].upper() if score[0] in "BW" else "0", score, moves


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--first", required=True, help="command line of the first engine")
    parser.add_argument("--second", required=True, help="command line of the second engine")
    parser.add_argument(
        "--referee",
        default="/usr/games/gnugo --mode gtp --chinese-rules",
        help="command line of the scoring engine",
    )
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument(
        "--start",
        type=int,
        default=0,
        help="number of the first game less one (colours and {game} go on from there)",
    )
    parser.add_argument("--size", type=int, default=9)
    parser.add_argument("--komi", type=float, default=7.5)
    parser.add_argument("--seconds", type=int, default=1)
    parser.add_argument("--move-limit", type=int, default=300)
    parser.add_argument("--out", help="file the results are appended to")
    parser.add_argument(
        "--moves", action="store_true", help="also write each game's moves (a `#   moves:` line)"
    )
    args = parser.parse_args()

    say = reporter(args.out)

    say(f"# {time.strftime('%Y-%m-%d %H:%M:%S')} first: {args.first}")
    say(f"# second: {args.second}; {args.games} games {args.size}x{args.size}, komi {args.komi}, {args.seconds} s/move")
    wins = without_result = 0
    for game in range(args.start, args.start + args.games):
        # `{game}` in a command line becomes the game's number (a seed
        # per game for engines that are otherwise deterministic).
        first = Gtp(args.first.replace("{game}", str(game + 1)))
        second = Gtp(args.second.replace("{game}", str(game + 1)))
        referee = Gtp(args.referee)
        first_is_black = game % 2 == 0
        black, white = (first, second) if first_is_black else (second, first)
        start = time.time()
        try:
            winner, score, moves = play_game(black, white, referee, args)
        except GameAborted as aborted:
            without_result += 1
            say(
                f"game {game + 1}: first plays {'B' if first_is_black else 'W'}, no result ({aborted}), "
                f"{len(aborted.moves)} moves, {time.time() - start:.0f} s"
            )
            if args.moves:
                say(f"#   moves: {' '.join(aborted.moves)}")
            continue
        finally:
            for engine in (first, second, referee):
                engine.close()
        first_won = winner == ("B" if first_is_black else "W")
        wins += first_won
        say(
            f"game {game + 1}: first plays {'B' if first_is_black else 'W'}, {score}, "
            f"{len(moves)} moves, {time.time() - start:.0f} s, first {'wins' if first_won else 'loses'}"
        )
        if args.moves:
            say(f"#   moves: {' '.join(moves)}")
    played = args.games - without_result
    without = f" ({without_result} without a result)" if without_result else ""
    say(f"first won {wins} of {played}{without}")


if __name__ == "__main__":
    sys.exit(main())
