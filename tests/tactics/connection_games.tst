# Connection reading on GNU Go's regression games, read in place from the
# shared folder (`games/…` resolves against shared/regression; nothing is
# copied here). Converted from the Rust cases of
# tactics/tests/connection.rs; run by tests/gtp_suites.rs, where every
# test must pass and every setup command must succeed. The check that the
# search's attack memo changes no answer nor node count stays in Rust
# (node counts are no GTP answer).

# connection.tst 21 (trevor_09.sgf): a cutting stone with two liberties
# that the reader captures does not cut: after White E5 and Black F5
# White still connects D4 to G5 by capturing F5 (GNU Go: 1 F4).
loadsgf games/trevor/trevor_09.sgf
1 connect D4 G5
#? [1 .*]
trymove white E5
trymove black F5
2 connect D4 G5
#? [1 .*]

# connection.tst 35 (connection3.sgf): a capture the reader claims on the
# way is played out, not trusted: Black's cut at K12 fails (GNU Go:
# disconnect 0, connect 1 K13).
loadsgf games/connection3.sgf
3 disconnect L12 H13
#? [0]
4 connect L12 H13
#? [1 K13]

# connection.tst 115 (gunnar9.sgf at move 4): near the root the cutter
# gives room to a two-liberty cutting string next to both strings (GNU
# Go: 1 H7 at the root, 1 H6 after Black H7 and White E5).
loadsgf games/gunnar/gunnar9.sgf 4
5 disconnect D10 J7
#? [1 H7]
trymove black H7
trymove white E5
6 disconnect D10 J7
#? [1 H6]

# connection.tst 79 (viking4 at move 134): the root node budget reaches
# the connecting move (GNU Go: 1 S6).
loadsgf games/nngs/gnugo-3.1.34-viking4-200204240801.sgf 134
7 connect S4 R7
#? [1 S6]

# connection.tst 62 (Lazarus-gnugo-3.1.19-200201092246.sgf at move 238): a
# string walling off a third string of the connecter is captured on the
# way (GNU Go: 1 T15, the suite accepts T15 or T17; after Black T15, White
# S16, Black T16, White T17: 1 S17).
loadsgf games/nngs/Lazarus-gnugo-3.1.19-200201092246.sgf 238
8 connect S18 S14
#? [1 (T15|T17)]
trymove black T15
trymove white S16
trymove black T16
trymove white T17
9 connect S18 S14
#? [1 .*]

# connection.tst 23 (incident169.sgf at move 110): beyond its wide window
# the cutter still looks one step off the cheapest path (GNU Go: connect
# 1 M17, the suite accepts M17 or L16; after White L18 disconnect 1 M17).
loadsgf games/incident169.sgf 110
10 connect K17 N16
#? [1 (M17|L16)]
trymove white L18
11 disconnect K17 N16
#? [1 M17]

# connection.tst 69 (trevor/auto/b67.sgf at move 58): at the root the
# connecter first mends a half link (GNU Go: 1 M3; the suite accepts M2 or
# M3).
loadsgf games/trevor/auto/b67.sgf 58
12 connect M6 L1
#? [1 (M3|M2)]

# connection.tst 117 (trevor_15.sgf): in the narrow window the cutter
# gives its short string room (GNU Go: 3 E7).
loadsgf games/trevor/trevor_15.sgf
13 disconnect D7 F7
#? [3 E7]

# connection.tst 51 (Lazarus-gnugo-3.1.19-200201092246.sgf at move 108): a
# four-liberty cutting string that the reader captures connects (GNU Go:
# connect 1 Q15; after Black Q15, White Q14: attack R15 1 S15).
loadsgf games/nngs/Lazarus-gnugo-3.1.19-200201092246.sgf 108
14 connect R14 Q16
#? [1 Q15]
trymove black Q15
trymove white Q14
15 attack R15
#? [1 .*]
16 connect R14 Q16
#? [1 .*]

# connection.tst 103 (incident169.sgf at move 210): far strings join
# through cutting strings (GNU Go: 1 K2 at the root; after Black K2, White
# K3: 1 J3; after Black K2, White J3, Black K3, White K4: 1 H2).
loadsgf games/incident169.sgf 210
17 connect L2 G4
#? [1 K2]
trymove black K2
trymove white K3
18 connect L2 G4
#? [1 J3]
popgo
popgo
trymove black K2
trymove white J3
trymove black K3
trymove white K4
19 connect L2 G4
#? [1 H2]

# connection.tst 97 (ManyFaces3-gnugo-3.3.11-200211071935.sgf at move 201):
# a far pair joined by a captured cutting string needs a cut (GNU Go:
# connect 1 O6, disconnect 1 O5; after Black O5 connect 0).
loadsgf games/nngs/ManyFaces3-gnugo-3.3.11-200211071935.sgf 201
20 connect P8 O9
#? [1 O6]
21 disconnect P8 O9
#? [1 O5]
trymove black O5
22 connect P8 O9
#? [0]
