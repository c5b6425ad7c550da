# Tactical reading on GNU Go's regression games, read in place from the
# shared folder (`games/…` and `golois/…` resolve against
# shared/regression, `corpus/…` against shared; nothing is copied here).
# Converted from the Rust cases of tactics/tests/reading.rs; run by
# tests/gtp_suites.rs, where every test must pass and every setup command
# must succeed (so every `trymove` below is legal). Facts about the
# positions that no GTP answer states (liberty counts, string sizes, "no
# liberty nor next to one", the reading board's last move) stay in
# tactics/tests/reading.rs. `loadsgf` again starts a fresh reader.

# reading.tst 198 (blunder17.sgf after Black P5, White L4): White L5 cannot
# be captured (GNU Go: 0); Black M6 is refuted by White L6, which captures
# it (GNU Go after trymove B M6: 1 L6). The defender takes the liberties
# of a big three-liberty chain in a semeai.
loadsgf games/blunder17.sgf
trymove black P5
trymove white L4
1 attack L5
#? [0]
trymove black M6
2 defend L5
#? [1 L6]

# reading15.sgf: White G9-H9-H8 (liberties F9, G8, J9); E8, a liberty of
# White's three-liberty F8-F7-G7-F6 and no liberty of the target nor next
# to one, is the vital point for both sides (GNU Go: attack 1 E8, defend
# 1 E8).
loadsgf games/reading15.sgf
3 attack G9
#? [1 E8]
trymove black E8
4 defend G9
#? [0]
loadsgf games/reading15.sgf
5 defend G9
#? [1 E8]
trymove white E8
6 attack G9
#? [0]

# reading.tst 186 (reading41.sgf at move 130): White's C19 (liberties B19,
# A18) races Black's B16 (three liberties); White D11, in atari at E11,
# touches that string, and saving it keeps Black from gaining liberties
# (GNU Go: defend 1 E11, then attack 0).
loadsgf games/reading41.sgf 130
7 defend C19
#? [1 E11]
trymove white E11
8 attack C19
#? [0]

# reading.tst 39 (ladder1.sgf at move 59): Black K13 starts a ladder on
# White's G12 (liberties K13, L12) to the right edge; its last capture is
# read at stack depth 28, past depth + 10 (GNU Go: attack 1 K13, then
# defend 0).
loadsgf games/ladder1.sgf 59
9 attack G12
#? [1 K13]
trymove black K13
10 defend G12
#? [0]

# reading.tst 35 (incident239.sgf at move 58): Black's A3 (liberties A4,
# B1, A1). After White B1 and Black C5, White's B3 (four stones) has A4
# and A5, and White A5 (liberties A4, A7) captures: the attacker extends
# its own two-liberty string in a semeai below the root (GNU Go: attack
# 1 B1; after B1 defend 0; after B1 and C5 attack 1 A5).
loadsgf games/incident239.sgf 58
11 attack A3
#? [1 B1]
trymove white B1
12 defend A3
#? [0]
trymove black C5
13 attack A3
#? [1 A5]

# incident93.sgf at move 55, after White F4 (four liberties): GNU Go's
# attack F4 is 1 J5; after Black J5 and White E5 the string still has four
# liberties (F9, J4, J3, F1) at stack depth 3, and the attack is at one of
# them (GNU Go: 1 F1).
loadsgf games/incident93.sgf 55
trymove white F4
14 attack F4
#? [1 J5]
trymove black J5
trymove white E5
15 attack F4
#? [1 (F9|J4|J3|F1)]

# zheng.sgf at move 2, after White E3, Black F3, White E1, Black F4, White
# F1: Black's E2-F5 (liberties E5, F6, both suicide for White) is saved by
# a liberty of its friend D5-D6-E6 (GNU Go: defend 1 C5; C6 saves it as
# well).
loadsgf games/zheng.sgf 2
trymove white E3
trymove black F3
trymove white E1
trymove black F4
trymove white F1
16 attack E2
#? [0]
17 defend E2
#? [1 (C5|C6)]
trymove black C5
18 attack E2
#? [0]
popgo
trymove black C6
19 attack E2
#? [0]

# reading.tst 164 (reading35.sgf) after White A5: the attacker's clamp
# refutes the extension along the edge (GNU Go: attack 1 A7; ours is A3),
# and after either attack White has no defence.
loadsgf games/reading35.sgf
trymove white A5
20 attack B6
#? [1 (A3|A7)]
trymove black A3
21 defend B6
#? [0]
popgo
trymove black A7
56 defend B6
#? [0]

# reading.tst 65 (reading06.sgf): Black's S5 (two liberties) cannot be
# saved; GNU Go answers 1 S4, yet after Black S4 its own attack answers
# 1 T5.
loadsgf games/reading06.sgf
22 defend S5
#? [0]
trymove black S4
23 attack S5
#? [1 .*]

# reading.tst 111 (reading12.sgf): White's G9 (liberties F9, H9, J8). After
# White J9 and Black F9 its liberties H9 and J8 are suicide for Black and
# self-ataris for White: no move saves it and none is needed, so White
# J9 defends (GNU Go: 1 J9).
loadsgf games/reading12.sgf
24 defend G9
#? [1 J9]
trymove white J9
25 attack G9
#? [0]
trymove black F9
26 defend G9
#? [0]
27 attack G9
#? [0]

# reading.tst 130 (TSa.sgf at move 298): after White B18 Black's E19
# (liberties D19, C18, C17) is saved by capturing White's A16-A17 (in
# atari at A15) next to Black's B17, in atari at C17 (GNU Go: attack 0;
# after B18 defend 1 A15).
loadsgf games/TSa.sgf 298
28 attack E19
#? [0]
trymove white B18
29 defend E19
#? [1 A15]

# reading.tst 175 (reading39.sgf): a capture taken back by a snapback is
# no attack (GNU Go: defend 1 (N1|N2) at the root, 1 N1 after White N2
# and Black O2, and attack 0 after White N1).
loadsgf games/reading39.sgf
30 defend O3
#? [1 (N1|N2)]
trymove white N2
trymove black O2
31 defend O3
#? [1 N1]
trymove white N1
32 attack O3
#? [0]

# ego2.sgf at move 147 (the shared corpus) after Black O3, White O2, Black
# N2: White's O2-P2-P3-P4 (liberties O1, P1) races a small chain for a
# shared liberty below the usual depth (GNU Go: defend 1 M2; after White
# M2 and Black N1, at stack depth 5, 1 M1).
loadsgf corpus/positions/ego2.sgf 147
trymove black O3
trymove white O2
trymove black N2
33 defend O2
#? [1 M2]
trymove white M2
trymove black N1
34 defend O2
#? [1 M1]

# reading.tst 164 (reading35.sgf): White's B6-B5-B4-C4 (liberties A6, A5,
# A4) is saved by squeezing two weak neighbours at C7, no liberty of the
# target (GNU Go: defend 1 C7, then attack 0).
loadsgf games/reading35.sgf
35 defend B6
#? [1 C7]
trymove white C7
36 attack B6
#? [0]

# reading.tst 14 (incident64.sgf at move 52): Black's G9 against White's
# F7-F6-F5 fails because White ladders Black's F8-F9 chain beyond the
# break-chain depth (GNU Go: attack 0; at stack depth 9 after the line
# below, defend 1 K11).
loadsgf games/incident64.sgf 52
37 attack F7
#? [0]
loadsgf games/incident64.sgf 52
trymove black G9
trymove white H9
trymove black G10
trymove white G11
trymove black H10
trymove white J10
trymove black H11
trymove white H12
trymove black J11
38 defend F7
#? [1 K11]

# reading.tst 123 (reading19.sgf): White J17-K17-K18 (liberties J18, L18);
# Black J18 is suicide among small White stones that seal it: the
# attacker takes their liberties (GNU Go: 1 G19; after Black G19, White
# G16: 1 H19).
loadsgf games/reading19.sgf
39 attack K18
#? [1 G19]
trymove black G19
trymove white G16
40 attack K18
#? [1 H19]

# reading.tst 52 (reading02.sgf): GNU Go's attack C3 is 1 H2, and its line
# after White B1 needs the attacker's A1, the other liberty of B1.
loadsgf games/reading02.sgf
41 attack C3
#? [1 H2]
trymove black H2
trymove white B1
42 attack C3
#? [1 .*]

# reading.tst 171 (golois/Basique990715-1.sgf) after White Q4, Black R4,
# White P4, Black R5, White R3: GNU Go's attack R3 is 1 R2; Black's S3
# fails, and ten plies down White's R3-R2-S2 lives by S4, an atari on
# Black's S3 (GNU Go: defend 1 R2 after S3).
loadsgf golois/Basique990715-1.sgf
trymove white Q4
trymove black R4
trymove white P4
trymove black R5
trymove white R3
43 attack R3
#? [1 R2]
trymove black S3
44 defend R3
#? [1 .*]
trymove white R2
trymove black Q2
trymove white S2
trymove black R1
45 defend R3
#? [1 S4]

# reading.tst 189 (tommmal-gnugo-3.5.1-200310071202.sgf at move 194) after
# Black A14, White A15: Black's C19 (four liberties) is saved by a liberty
# of White's seven-stone B19-B14-A15 (three liberties) (GNU Go: defend
# 1 A17, then attack 0).
loadsgf games/nngs/tommmal-gnugo-3.5.1-200310071202.sgf 194
trymove black A14
trymove white A15
46 defend C19
#? [1 A17]
trymove black A17
47 attack C19
#? [0]

# reading.tst 57 (incident252.sgf at move 134): GNU Go's attack H3 is 0;
# eleven plies down its line White's N2 joins M2 in a two-liberty chain
# next to Black's string, and the defender ataris it (GNU Go: defend
# 1 O2).
loadsgf games/incident252.sgf 134
48 attack H3
#? [0]
trymove white J2
trymove black H2
trymove white J1
trymove black H1
trymove white G2
trymove black K1
trymove white G1
trymove black J2
trymove white L1
trymove black M1
trymove white N2
49 defend H3
#? [1 O2]

# reading.tst 63 (reading05.sgf): Black A9-B9-C9-C10-D10 (liberties A10,
# A8, D9) cannot be defended; after Black A8, White B7, Black A7 White
# blocks the first-line crawl at B6 at stack depth 3 (GNU Go: 1 B6).
loadsgf games/reading05.sgf
50 defend A9
#? [0]
trymove black A8
trymove white B7
trymove black A7
51 attack A9
#? [1 B6]

# connection.tst 97 (ManyFaces3-gnugo-3.3.11-200211071935.sgf at move
# 201): four-liberty strings are attacked at stack depth 4 (GNU Go: attack
# O8 1 O6; after White O6, Black P7, White Q7, Black N7: 1 M6).
loadsgf games/nngs/ManyFaces3-gnugo-3.3.11-200211071935.sgf 201
52 attack O8
#? [1 O6]
trymove white O6
trymove black P7
trymove white Q7
trymove black N7
53 attack O8
#? [1 .*]

# owl19.sgf, eight moves down GNU Go's line for attack C16: White's C16
# (liberties B16, suicide for Black, and A19, a self-atari); Black
# extends its B18-B19-C19 at D19 (GNU Go: 1 D19, then defend 0).
loadsgf games/owl19.sgf
trymove black B18
trymove white B17
trymove black C15
trymove white A18
trymove black B19
trymove white A17
trymove black B16
trymove white A16
54 attack C16
#? [1 D19]
trymove black D19
55 defend C16
#? [0]

# Defences that GNU Go's attacker refutes by pressing a weak defender
# string beside the target's liberties, the attacker's reply to the
# defence (stack depth 1: `helpers_at_liberties_depth`). tactics04.sgf
# 264: Black's E19 for H19 (both ours before: 3 E19) is refuted by White
# H18; incident261.sgf 203: Black's L10 for M12 (1 L10 before) by White
# K10; incident74.sgf 150: White's D18 for C19 (3 D18 before) by Black
# C18 (GNU Go: 0 for all three).
loadsgf games/tactics04.sgf 264
56 defend H19
#? [0]
loadsgf games/incident261.sgf 203
57 defend M12
#? [0]
loadsgf games/incident74.sgf 150
58 defend C19
#? [0]

# reading.tst 92 (incident42.sgf 89): White's T15 saves P16 cleanly
# (GNU Go: 1 T15). Against the attacker's helper press at stack depth 1
# the defender's capture of an attacker neighbour that reading says falls
# (`capture_chain_depth` 2, its second move) keeps the win out of ko
# (3 T15 with the fallback at depth 1 only).
loadsgf games/incident42.sgf 89
59 defend P16
#? [1 T15]


# The top-level call's own four-liberty target is read one ply deeper
# than the other strings (`fourlib_own_target_extra_depth` 1): GNU Go's
# attacker refutes each of these defences (after Black N3: 1 O2; after
# White D13: 1 C13; after Black P5: 1 N5) with a line in which the
# target still has four liberties below stack depth 4; at the old
# horizon we answered 1 N3, 1 D13 and 1 P5.
loadsgf corpus/positions/atari_atari05.sgf 113
60 defend O3
#? [0]
loadsgf corpus/positions/iken-tobi.sgf 136
61 defend D12
#? [0]
loadsgf corpus/positions/atari_atari03.sgf 124
62 defend O5
#? [0]

# reading.tst 120 (reading17.sgf, a small semeai): the strings read on
# the way (the neighbours whose fall the defender's `capture_chain`
# fallback reads) keep the horizon; with every four-liberty string read
# one ply deeper (`fourlib_horizon_slack` 2) C7 was refuted and we
# answered 0.
loadsgf games/reading17.sgf
63 attack E8
#? [1 C7]
