# Connection reading on 9x9 positions set up here with `play`. Converted
# from the Rust cases of tactics/tests/connection.rs; run by
# tests/gtp_suites.rs, where every test must pass and every setup command
# must succeed. Each answer is also GNU Go 3.8's unless said otherwise.
# `connect A B` and `disconnect A B` on stones of two colours or an empty
# point are refused by GTP (an error, which this format cannot expect),
# so that case, the board restored by every call and the properties on
# random positions stay in tactics/tests/connection.rs.

# A bamboo joint is connected (GNU Go answers E5; this reader takes the
# last shared liberty in board order).
boardsize 9
clear_board
play black D4
play black D5
play black F4
play black F5
1 connect D4 F5
#? [1 (E5|E4)]
2 disconnect D4 F5
#? [0]

# A diagonal with both cutting points empty is connected.
clear_board
play black E5
play black F6
3 disconnect E5 F6
#? [0]
4 connect E5 F6
#? [1 .*]

# A one-point jump on the third line: the cutting stone at C4 would be
# caught against the edge.
clear_board
play black C3
play black C5
5 connect C3 C5
#? [1 C4]
6 disconnect C3 C5
#? [0]

# White F3 occupies one cutting point of a diagonal; White E4 cuts.
clear_board
play black E3
play black F4
play white F3
7 connect E3 F4
#? [1 E4]
8 disconnect E3 F4
#? [1 E4]
# Reading after a trymove sees the tried move: after White's cut at E4
# the diagonal cannot be reconnected.
trymove white E4
9 connect E3 F4
#? [0]
popgo
10 connect E3 F4
#? [1 .*]
# With Black C4 the cutting stone at E4 is caught in a ladder.
play black C4
11 disconnect E3 F4
#? [0]

# One string is connected; a far pair is apart.
clear_board
play black C3
play black C4
12 connect C3 C4
#? [1 PASS]
13 disconnect C3 C4
#? [0]
clear_board
play black C3
play black C8
14 connect C3 C8
#? [0]
15 disconnect C3 C8
#? [1 PASS]

# The cutter may retake a ko through a threat while the reading stack
# holds at most eight moves before the retake (GNU Go's ko_depth at level
# 10): after White's capture at E4 as the eighth move on the stack the
# cut is 3 E5, as the ninth 0 (moves far from the ko first, each side in
# turn).
clear_board
play black E5
play black D4
play black F4
play black E3
play black F6
play black F7
play white D5
play white F5
play white D6
play white E6
play white G5
trymove black A1
trymove white J9
trymove black B1
trymove white H9
trymove black A2
trymove white J8
trymove black B2
trymove white E4
16 disconnect D5 F5
#? [3 E5]
popgo
popgo
popgo
popgo
popgo
popgo
popgo
popgo
trymove white J9
trymove black A1
trymove white H9
trymove black B1
trymove white J8
trymove black A2
trymove white H8
trymove black B2
trymove white E4
17 disconnect D5 F5
#? [0]
