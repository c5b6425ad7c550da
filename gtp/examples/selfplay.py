#!/usr/bin/env python3
"""Self-play through ONE `tesuji gtp` process: GAMES games of SIZE x SIZE
(`clear_board`, `genmove b` / `genmove w` alternately until two passes in
a row or MOVE_LIMIT moves), every move checked legal by asking `play` of a
second `tesuji gtp` process (same rules), and the first process's resident
memory (VmRSS) sampled at the start and after every game.

Not part of CI. Usage:
    python3 gtp/examples/selfplay.py [TESUJI] [GAMES] [SIZE] [MOVE_LIMIT]
(default: target/release/tesuji, 200 games, 9x9, 250 moves).
"""

import subprocess
import sys


class Gtp:
    def __init__(self, program):
        self.process = subprocess.Popen(
            [program, "gtp"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
        )

    def ask(self, command):
        self.process.stdin.write(command + "\n")
        self.process.stdin.flush()
        lines = []
        while True:
            line = self.process.stdout.readline()
            if line == "":
                raise RuntimeError(f"{command}: the engine stopped")
            if line == "\n":
                break
            lines.append(line.rstrip("\n"))
        answer = "\n".join(lines)
        return answer[0] == "=", answer[1:].strip()

    def rss_kib(self):
        with open(f"/proc/{self.process.pid}/status") as status:
            for line in status:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1])
        return -1

    def close(self):
        self.ask("quit")
        self.process.wait()


def main():
    program = sys.argv[1] if len(sys.argv) > 1 else "target/release/tesuji"
    games = int(sys.argv[2]) if len(sys.argv) > 2 else 200
    size = int(sys.argv[3]) if len(sys.argv) > 3 else 9
    limit = int(sys.argv[4]) if len(sys.argv) > 4 else 250
    player, referee = Gtp(program), Gtp(program)
    for engine in (player, referee):
        engine.ask(f"boardsize {size}")
    rss_start = player.rss_kib()
    finished = illegal = moves_total = passes_ended = 0
    for game in range(games):
        player.ask("clear_board")
        referee.ask("clear_board")
        passes, moves = 0, 0
        color = "b"
        while moves < limit and passes < 2:
            ok, vertex = player.ask(f"genmove {color}")
            if not ok:
                print(f"game {game + 1} move {moves + 1}: genmove failed: {vertex}")
                illegal += 1
                break
            legal, why = referee.ask(f"play {color} {vertex}")
            if not legal:
                print(f"game {game + 1} move {moves + 1}: {color} {vertex} illegal: {why}")
                illegal += 1
                break
            passes = passes + 1 if vertex.upper() == "PASS" else 0
            moves += 1
            color = "w" if color == "b" else "b"
        finished += 1
        passes_ended += passes >= 2
        moves_total += moves
    rss_end = player.rss_kib()
    player.close()
    referee.close()
    print(f"games finished: {finished}/{games} ({passes_ended} by two passes, "
          f"the others at the {limit}-move limit)")
    print(f"moves: {moves_total}, illegal moves: {illegal}")
    print(f"RSS of the playing process: {rss_start} KiB at start, {rss_end} KiB at the end")
    return 1 if illegal else 0


if __name__ == "__main__":
    sys.exit(main())
