# Tactical reading on positions written for these tests (the SGF files
# beside this file, setup stones only). Converted from the Rust cases of
# tactics/tests/reading.rs; run by tests/gtp_suites.rs, where every test
# must pass and every setup command must succeed (so every `trymove`
# below is legal). Where GNU Go 3.8's answer is known it is quoted.
# Facts about the positions that no GTP answer states (liberty counts,
# "no liberty nor next to one"), the consistency of attack and defence
# over every string, and the reading board's own API stay in
# tactics/tests/reading.rs.

# White C4 has two liberties (C5, D4): the net or a ladder catches it.
loadsgf atari.sgf
1 attack C4
#? [1 .*]

# White D5 (liberties D6, E5) against Black C6, C5, D4: a ladder with no
# breaker works.
loadsgf ladder.sgf
2 attack D5
#? [1 .*]

# A string with five liberties cannot be attacked.
loadsgf five_liberties.sgf
3 attack B3
#? [0]

# White B4 has one liberty, C4: Black captures there and White may
# retake, a ko Black takes first (GNU Go: attack 2 C4, defend 1 C4).
loadsgf ko_capture.sgf
4 attack B4
#? [2 C4]
5 defend B4
#? [1 C4]

# White A2's liberty A1 is a ko, but White B1 next to it is in atari:
# Black captures it at C1 and A2 falls without a ko (GNU Go: 1 C1).
loadsgf ko_avoided.sgf
6 attack A2
#? [1 C1]

# White's B1 after White A2 (on the reading stack): a clean capture, and
# no defence, whether asked after the attack on the same reader or on a
# fresh one (GNU Go: attack 1 C1, defend 0). A table entry searched
# shallower once served a deeper question and answered KO_B at C2.
loadsgf table.sgf
trymove white A2
7 attack B1
#? [1 .*]
8 defend B1
#? [0]
loadsgf table.sgf
trymove white A2
9 defend B1
#? [0]

# White A2-B2-C2-C1 (liberties A1, B1) inside Black's wall. Black throws
# in at B1; capturing it at A1 leaves White one liberty, B1, where Black
# takes the five stones back: a snapback.
loadsgf snapback.sgf
10 attack A2
#? [1 .*]
trymove black B1
11 defend A2
#? [0]
trymove white A1
12 attack A2
#? [1 B1]
popgo
popgo

# White A1 (liberties A2, B1): Black B1 would be a self-atari, so Black
# first fills C2 (backfilling), after which White cannot escape.
loadsgf backfill.sgf
13 attack A1
#? [1 C2]
trymove black C2
14 defend A1
#? [0]

# Two white stones on the first line are captured against the edge.
loadsgf first_line.sgf
15 attack B2
#? [1 B1]
16 defend B2
#? [0]

# White G6 (liberties G7, G5): Black G4 touches G5 with two liberties
# (G5, F4); White F4 puts it in atari, so that Black G5 would be a
# self-atari.
loadsgf defender_takes_liberty.sgf
17 defend G6
#? [1 F4]
trymove white F4
18 attack G6
#? [0]

# Black D2 (liberties E2, E1): White F1 takes the room Black needs at E1;
# Black G1 puts F1 in atari but is itself in atari: White saves F1 by
# capturing at G2, and D2 falls.
loadsgf attacker_saves_own.sgf
19 attack D2
#? [1 F1]
trymove white F1
trymove black G1
20 attack D2
#? [1 G2]

# White A1 (liberties A2, B1): White C1 touches B1 with two liberties and
# Black D1 is ready to put it in atari; White C2 strengthens C1 first.
loadsgf defender_extends_weak.sgf
21 defend A1
#? [1 C2]
trymove white C2
22 attack A1
#? [0]

# White F1 (liberties E1, G1): White G2 touches G1 with two liberties (G1,
# G3). Black G3 first: G1 becomes a self-atari for White.
loadsgf attacker_presses.sgf
23 attack F1
#? [1 G3]
trymove black G3
24 defend F1
#? [0]

# Black A9-C9-C8 (liberties A8, B8, D9) against White A7-C7 (A8, B8, A6,
# C6): only an outside liberty of White's string saves Black (seki at
# worst), none of Black's own liberties does (GNU Go: 1 C6).
loadsgf semeai_outside_liberty.sgf
25 defend A9
#? [1 (A6|C6)]
trymove black A6
26 attack A9
#? [0]
popgo
trymove black C6
27 attack A9
#? [0]
popgo
trymove black A8
28 attack A9
#? [!0]
popgo
trymove black B8
29 attack A9
#? [!0]
popgo
trymove black D9
30 attack A9
#? [!0]
popgo

# Black C3-D3 (liberties D4, E3); F5 breaks the ladder after White D4.
# White's net at E4 captures (GNU Go: 1 E4), also after a move elsewhere,
# where E4 is no longer a root candidate.
loadsgf net_below_root.sgf
31 attack C3
#? [1 E4]
trymove black J9
32 attack C3
#? [1 E4]
trymove white E4
33 defend C3
#? [0]

# White H3-J3 (liberties H4, J4, J2): Black H2 next to it has two
# liberties (G2, J2); Black G2 first connects H2 to G3, and White falls
# (GNU Go: 1 G2).
loadsgf attacker_extends_own.sgf
34 attack H3
#? [1 G2]
trymove black G2
35 defend H3
#? [0]

# Black H1-H2 has four liberties (G1, G2, J1, J2) but no room: no liberty
# saves it; Black F2, next to the liberty G2 and to F1, does (GNU Go:
# 1 F2).
loadsgf four_liberty_second_order.sgf
36 defend H2
#? [1 F2]
trymove black F2
37 attack H2
#? [0]
popgo
trymove black G1
38 attack H2
#? [!0]
popgo
trymove black G2
39 attack H2
#? [!0]
popgo
trymove black J1
40 attack H2
#? [!0]
popgo
trymove black J2
41 attack H2
#? [!0]
popgo

# Black J1-J2 (liberties H1, H2, J3): White H3, next to H2 and J3,
# captures (GNU Go: 1 H3), also one move below the root, where
# second-order liberties are no longer candidates in general.
loadsgf three_liberties_below_root.sgf
trymove black A1
42 attack J2
#? [1 H3]
trymove white H3
43 defend J2
#? [0]
