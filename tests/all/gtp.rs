//! `tesuji gtp` driven as a controller drives it: scripted sessions through
//! the real binary, answers checked in GNU Go 3.8's formats (ids, `=`/`?`,
//! the empty line after each answer) and with its error strings.

use crate::cli_support;

use cli_support::tesuji_with_input;

/// Runs `tesuji gtp ARGS` on `script` and returns the answers (each
/// without its terminating empty line).
fn session(args: &[&str], script: &str) -> Vec<String> {
    let mut all = vec!["gtp"];
    all.extend_from_slice(args);
    let output = tesuji_with_input(&all, script.as_bytes());
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let text = String::from_utf8(output.stdout).unwrap();
    assert!(text.is_empty() || text.ends_with("\n\n"), "{text:?}");
    text.split_terminator("\n\n").map(str::to_string).collect()
}

#[test]
fn protocol_answers_and_ids() {
    let answers = session(
        &[],
        "protocol_version\n7 name\n# comment\n\n  \n8 known_command play\nknown_command foo\nfoo\n9 bar\nquit\nname\n",
    );
    assert_eq!(
        answers,
        [
            "= 2",
            "=7 tesuji",
            "=8 true",
            "= false",
            "? unknown command",
            "?9 unknown command",
            "= "
        ]
    );
}

/// Runs `tesuji gtp` on `script` given as bytes and returns the answers.
fn session_bytes(script: &[u8]) -> Vec<String> {
    let output = tesuji_with_input(&["gtp"], script);
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let text = String::from_utf8(output.stdout).unwrap();
    text.split_terminator("\n\n").map(str::to_string).collect()
}

#[test]
fn lines_that_are_not_utf8_are_answered_and_the_session_goes_on() {
    // GNU Go 3.8 answers these lines `=1 GNU Go`, `?2 invalid color or
    // coordinate`, `=3 GNU Go`, `?4 unknown command`, `=5 GNU Go`.
    let answers = session_bytes(b"1 name\n2 play b \xe9\n3 name\n4 \xe9\xff foo\n5 name\n");
    assert_eq!(
        answers,
        [
            "=1 tesuji",
            "?2 invalid color or coordinate",
            "=3 tesuji",
            "?4 unknown command",
            "=5 tesuji"
        ]
    );
}

#[test]
fn ids_beyond_32_bits_are_read_as_gnugo_reads_them() {
    // GNU Go 3.8: `=0 GNU Go`, `= GNU Go`, `= GNU Go`, `? unknown command`.
    let answers = session(
        &[],
        "4294967296 name\n99999999999999999999 name\n-1 name\n-3 foo\n",
    );
    assert_eq!(
        answers,
        ["=0 tesuji", "= tesuji", "= tesuji", "? unknown command"]
    );
}

#[test]
fn a_huge_line_gets_one_answer_and_the_session_goes_on() {
    let mut script = b"1 name\n2 play b ".to_vec();
    script.extend(std::iter::repeat_n(b'c', 3 << 20));
    script.extend_from_slice(b"\xe9 d4\n3 name\n");
    let answers = session_bytes(&script);
    assert_eq!(
        answers,
        ["=1 tesuji", "?2 command line too long", "=3 tesuji"]
    );
}

#[test]
fn list_commands_lists_only_known_commands() {
    let answers = session(&[], "list_commands\n");
    let listed: Vec<&str> = answers[0].trim_start_matches("= ").lines().collect();
    for command in [
        "protocol_version",
        "name",
        "version",
        "known_command",
        "list_commands",
        "quit",
        "boardsize",
        "clear_board",
        "komi",
        "play",
        "genmove",
        "undo",
        "showboard",
        "final_score",
        "loadsgf",
        "fixed_handicap",
        "set_free_handicap",
        "kata-set-rules",
        "kata-get-rules",
        "final_status_list",
        "place_free_handicap",
        "time_settings",
        "time_left",
        "kgs-time_settings",
    ] {
        assert!(listed.contains(&command), "{command} not listed");
    }
    let script: String = listed
        .iter()
        .map(|c| format!("known_command {c}\n"))
        .collect();
    assert!(session(&[], &script).iter().all(|a| a == "= true"));
}

#[test]
fn setup_errors_use_gnugo_strings() {
    let answers = session(
        &[],
        "boardsize x\nboardsize 0\nboardsize 26\nboardsize 5\nkomi x\nkomi 0.5\n\
         play x D4\nplay B Z9\nplay B\nplay B D4\nplay W D4\nundo\nundo\nundo\n\
         genmove x\nfixed_handicap x\nplay B C3\nfixed_handicap 2\nclear_board\n\
         fixed_handicap 1\nset_free_handicap D4\nset_free_handicap D4 D4\nset_free_handicap D4 Z1\n\
         loadsgf\nloadsgf /nonexistent/file.sgf\n",
    );
    assert_eq!(
        answers,
        [
            "? boardsize not an integer",
            "? unacceptable size",
            "? unacceptable size",
            "= ",
            "? komi not a float",
            "= ",
            "? invalid color or coordinate",
            "? invalid color or coordinate",
            "? invalid color or coordinate",
            "= ",
            "? illegal move",
            "= ",
            "? cannot undo",
            "? cannot undo",
            "? invalid color",
            "? handicap not an integer",
            "= ",
            "? board not empty",
            "= ",
            "? invalid handicap",
            "? invalid handicap",
            "? repeated vertex",
            "? invalid coordinate",
            "? missing filename",
            "? cannot open or parse '/nonexistent/file.sgf': /nonexistent/file.sgf: cannot read: no such file",
        ]
    );
}

#[test]
fn captures_and_undo_show_on_the_board_as_gnugo_draws_it() {
    // Black captures White's B2 at once; later White fills C1 and Black
    // B2; playing on occupied points is illegal; undo takes back B2.
    let answers = session(
        &[],
        "boardsize 5\nplay B B1\nplay B A2\nplay B C2\nplay W B2\nplay B B3\nplay W A3\nplay W C3\nplay W D2\n\
         showboard\nplay W C1\nplay B B2\nshowboard\nplay W C1\nplay W B1\nundo\nshowboard\n",
    );
    let board = |rows: [&str; 2]| {
        format!(
            "= \n   A B C D E\n 5 . . . . . 5\n 4 . + . + . 4\n 3 O X O . . 3\n {} 2     WHITE (O) has captured 0 stones\n {} 1     BLACK (X) has captured 1 stones\n   A B C D E",
            rows[0], rows[1]
        )
    };
    assert!(answers[..9].iter().all(|a| a == "= "), "{answers:?}");
    assert_eq!(answers[9], board(["2 X + X O .", "1 . X . . ."]));
    assert_eq!(answers[10..12], ["= ", "= "]);
    assert_eq!(answers[12], board(["2 X X X O .", "1 . X O . ."]));
    assert_eq!(answers[13..16], ["? illegal move", "? illegal move", "= "]);
    assert_eq!(answers[16], board(["2 X + X O .", "1 . X O . ."]));
}

#[test]
fn simple_ko_is_illegal_then_legal_after_a_move_elsewhere() {
    // 4×4: Black captures at C3 in a ko; White's immediate retake at B3 is
    // illegal, legal again after an exchange elsewhere.
    let script = "boardsize 4\nplay B B4\nplay B A3\nplay B B2\nplay W C4\nplay W B3\nplay W D3\nplay W C2\n\
                  play B C3\nplay W B3\nplay W A1\nplay B D1\nplay W B3\n";
    let answers = session(&[], script);
    assert_eq!(&answers[8..], ["= ", "? illegal move", "= ", "= ", "= "]);
}

#[test]
fn handicap_and_score() {
    let answers = session(
        &[],
        "boardsize 19\nfixed_handicap 9\nclear_board\nfixed_handicap 2\nclear_board\nset_free_handicap D4 Q16 K10\n\
         boardsize 5\nkomi 0.5\nplay B C3\nfinal_score\nkomi 30\nfinal_score\nkomi 25\nfinal_score\n",
    );
    // GNU Go lists the stones in board order.
    assert_eq!(answers[1], "= D16 K16 Q16 D10 K10 Q10 D4 K4 Q4");
    assert_eq!(answers[3], "= Q16 D4");
    assert_eq!(answers[5], "= ");
    // Area scoring on 5×5 with one black stone: Black owns all 25 points.
    assert_eq!(answers[9], "= B+24.5");
    assert_eq!(answers[11], "= W+5.0");
    assert_eq!(answers[13], "= 0");
}

#[test]
fn rules_can_be_read_and_changed() {
    let answers = session(
        &[],
        "kata-get-rules\nkata-set-rules tromp-taylor\nkata-get-rules\nkata-set-rules japanese\nkata-get-rules\nkata-set-rules nonsense\n",
    );
    assert!(answers[0].contains("\"ko\":\"SIMPLE\""), "{}", answers[0]);
    assert!(answers[0].contains("\"suicide\":false"), "{}", answers[0]);
    assert_eq!(answers[1], "= ");
    assert!(
        answers[2].contains("\"ko\":\"POSITIONAL\"") && answers[2].contains("\"suicide\":true")
    );
    // Komi stays what the session had (GNU Go's 5.5).
    assert!(answers[2].contains("\"komi\":5.5"), "{}", answers[2]);
    assert!(
        answers[4].contains("\"scoring\":\"TERRITORY\""),
        "{}",
        answers[4]
    );
    assert!(answers[5].starts_with("? unknown rules"), "{}", answers[5]);
}

#[test]
fn multi_stone_suicide_follows_the_rules() {
    // Black's two stones A1-B1... playing C1 would kill them: legal under
    // Tromp-Taylor (multi-stone suicide), illegal under GNU Go's rules.
    let script = "boardsize 3\nplay B A1\nplay B B1\nplay W A2\nplay W B2\nplay W C2\nplay B C1\n";
    assert_eq!(session(&[], script)[6], "? illegal move");
    let tromp = session(
        &["--rules", "tromp-taylor"],
        &format!("{script}showboard\n"),
    );
    assert_eq!(tromp[6], "= ");
    assert!(tromp[7].contains(" 1 . . . 1"), "{}", tromp[7]);
}

#[test]
fn genmove_plays_a_legal_move_or_passes() {
    let answers = session(
        &[],
        "boardsize 9\nplay B E5\ngenmove W\ngenmove B\nboardsize 1\ngenmove B\n",
    );
    for answer in &answers[2..4] {
        let vertex = answer.trim_start_matches("= ");
        assert!(
            vertex == "PASS"
                || (vertex.len() >= 2 && vertex.chars().next().unwrap().is_ascii_uppercase()),
            "{answer}"
        );
    }
    assert_ne!(answers[2], answers[3]);
    // On a 1×1 board every move is suicide: pass.
    assert_eq!(answers[5], "= PASS");
}

#[test]
fn genmove_plays_on_an_empty_board_at_every_size() {
    let script: String = (2..=25)
        .map(|size| format!("boardsize {size}\ngenmove b\n"))
        .collect();
    let answers = session(&[], &script);
    for (size, answer) in (2..=25).zip(answers.chunks(2).map(|pair| &pair[1])) {
        assert!(
            answer != "= PASS" && answer.starts_with("= "),
            "{size}x{size}: {answer}"
        );
    }
}

#[test]
fn genmove_self_play_is_legal_and_never_repeats_a_position() {
    use goban::{Board, Color, Geometry};
    use rules::{Game, Move, Rules};
    let mut script = String::from("boardsize 9\n");
    for _ in 0..100 {
        script.push_str("genmove b\ngenmove w\n");
    }
    let answers = session(&[], &script);
    let geometry = Geometry::square(9).unwrap();
    let mut game = Game::new(
        Board::new(geometry),
        Rules::preset("gnugo").unwrap(),
        Color::Black,
    );
    let mut seen = vec![game.board().hash()];
    for (n, answer) in answers[1..].iter().enumerate() {
        let color = if n % 2 == 0 {
            Color::Black
        } else {
            Color::White
        };
        let vertex = answer.strip_prefix("= ").expect(answer);
        if vertex == "resign" {
            // A resignation ends the game (later answers may still play).
            break;
        }
        let mv = if vertex == "PASS" {
            Move::Pass
        } else {
            Move::Play(geometry.parse_gtp(vertex).expect(vertex))
        };
        game.play(color, mv)
            .unwrap_or_else(|e| panic!("move {}: {color} {vertex}: {e}", n + 1));
        if mv != Move::Pass {
            let hash = game.board().hash();
            assert!(
                !seen.contains(&hash),
                "move {}: {vertex} repeats a position",
                n + 1
            );
            seen.push(hash);
        }
    }
    // The game goes on past the opening: not two passes at once.
    assert!(seen.len() > 20, "{answers:?}");
}

#[test]
fn final_status_list_in_gnugo_format() {
    // A Black box on 9x9 with a White stone inside and two White stones
    // outside. GNU Go 3.8 answers `dead`: `B8\nE5\nH2` (its full
    // evaluation also gives up the outside stones), `alive`: the box's
    // stones on one line `C7 D7 E7 F7 G7 C6 G6 C5 D5 F5 G5 C4 G4 C3 D3 E3
    // F3 G3`, `seki`: empty; `missing status`, `invalid status` for no or
    // an unknown status (the words are case-sensitive).
    let mut script = String::from("boardsize 9\n");
    for v in [
        "C3", "D3", "E3", "F3", "G3", "C4", "G4", "C5", "G5", "C6", "G6", "C7", "D7", "E7", "F7",
        "G7", "D5", "F5",
    ] {
        script.push_str(&format!("play b {v}\n"));
    }
    script.push_str("play w e5\nplay w b8\nplay w h2\n");
    script.push_str("final_status_list dead\nfinal_status_list alive\nfinal_status_list seki\n");
    script.push_str("final_status_list\nfinal_status_list ALIVE\nfinal_status_list alive extra\n");
    let answers = session(&[], &script);
    let answers = &answers[22..];
    assert_eq!(answers[0], "= E5");
    let alive: Vec<&str> = answers[1].trim_start_matches("= ").lines().collect();
    assert!(
        alive.contains(&"C7 D7 E7 F7 G7 C6 G6 C5 D5 F5 G5 C4 G4 C3 D3 E3 F3 G3"),
        "{alive:?}"
    );
    assert!(!alive.contains(&"E5"), "{alive:?}");
    assert_eq!(answers[2], "= ");
    assert_eq!(answers[3], "? missing status");
    assert_eq!(answers[4], "? invalid status");
    assert_eq!(answers[5], answers[1]);
}

#[test]
fn place_free_handicap_and_its_errors_as_gnugo_answers() {
    // GNU Go 3.8: `handicap not an integer` (checked first), `board not
    // empty`, `invalid handicap` below 2; it places its own points (this
    // server GNU Go's fixed points, as many as exist, then others) and
    // fewer stones on a board without room.
    let answers = session(
        &[],
        "boardsize 9\nplace_free_handicap x\nplace_free_handicap\nplace_free_handicap 1\n\
         place_free_handicap 2\nplace_free_handicap 2\nclear_board\nplace_free_handicap 9\n\
         clear_board\nplace_free_handicap 12\nboardsize 19\nplace_free_handicap 3\nshowboard\n\
         boardsize 3\nplace_free_handicap 20\n",
    );
    assert_eq!(answers[1], "? handicap not an integer");
    assert_eq!(answers[2], "? handicap not an integer");
    assert_eq!(answers[3], "? invalid handicap");
    assert_eq!(answers[4], "= G7 C3");
    assert_eq!(answers[5], "? board not empty");
    assert_eq!(answers[7], "= C7 E7 G7 C5 E5 G5 C3 E3 G3");
    let twelve: Vec<&str> = answers[9].trim_start_matches("= ").split(' ').collect();
    assert_eq!(twelve.len(), 12, "{twelve:?}");
    assert_eq!(answers[11], "= D16 Q16 D4");
    // White to move after the handicap: Black's stones on the board.
    assert!(answers[12].contains("16 . . . X"), "{}", answers[12]);
    let small: Vec<&str> = answers[14].trim_start_matches("= ").split(' ').collect();
    assert!((2..9).contains(&small.len()), "{small:?}");
}

#[test]
fn time_commands_are_accepted_with_gnugo_errors() {
    // GNU Go 3.8's answers; it does not know `kgs-time_settings`.
    let answers = session(
        &[],
        "time_settings 300 30 5\ntime_settings 1.5 2 3\ntime_settings 1 2\n\
         time_left b 100 0\ntime_left w -5 0\ntime_left x 1 1\ntime_left\ntime_left b 10.5 1\n\
         time_left b 1\nkgs-time_settings byoyomi 300 30 5\nkgs-time_settings absolute 300\n\
         kgs-time_settings none\nkgs-time_settings canadian 600 300 25\nkgs-time_settings foo\n\
         kgs-time_settings\nkgs-time_settings absolute x\nkgs-time_settings byoyomi 1 2\n",
    );
    assert_eq!(
        answers,
        [
            "= ",
            "? not three integers",
            "? not three integers",
            "= ",
            "= ",
            "? invalid color",
            "? invalid color",
            "? time and stones not two integers",
            "? time and stones not two integers",
            "= ",
            "= ",
            "= ",
            "= ",
            "? invalid time system",
            "? missing time system",
            "? main time not an integer",
            "? not three integers",
        ]
    );
}

#[test]
fn loadsgf_answers_the_colour_to_move() {
    let dir = std::env::temp_dir().join(format!("tesuji-gtp-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("game.sgf");
    std::fs::write(&file, "(;SZ[9];B[ee];W[cc];B[gg])").unwrap();
    let script = format!(
        "loadsgf {0}\nshowboard\nloadsgf {0} 2\nshowboard\nloadsgf {0} x\n",
        file.display()
    );
    let answers = session(&[], &script);
    assert_eq!(answers[0], "= white");
    assert!(
        answers[1].contains(" 3 . . + . . . X . . 3"),
        "{}",
        answers[1]
    );
    assert_eq!(answers[2], "= white");
    assert!(
        answers[3].contains(" 5 . . . . X . . . . 5"),
        "{}",
        answers[3]
    );
    assert!(
        answers[3].contains(" 3 . . + . . . + . . 3"),
        "{}",
        answers[3]
    );
    // GNU Go 3.8 loads the whole game for a second argument that is no
    // number and no vertex of the board.
    assert_eq!(answers[4], "= white");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn loadsgf_says_why_and_takes_gnugo_forms() {
    let dir = std::env::temp_dir().join(format!("tesuji-gtp-why-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let game = dir.join("game.sgf");
    std::fs::write(&game, "(;SZ[9];B[ee];W[dd];B[cc];W[ee];B[ff])").unwrap();
    let truncated = dir.join("truncated.sgf");
    std::fs::write(&truncated, "(;SZ[9]\n;B[ee];W[dd").unwrap();
    let (g, d, t) = (game.display(), dir.display(), truncated.display());
    let script = format!(
        "loadsgf {d}/none.sgf\nloadsgf {d}\nloadsgf {t}\nloadsgf {g} D6\nloadsgf {g} e5\n\
         loadsgf {g} 3x\nloadsgf {g} -1\nloadsgf {g}\nshowboard\n"
    );
    let output = tesuji_with_input(&["gtp"], script.as_bytes());
    let answers: Vec<String> = String::from_utf8(output.stdout)
        .unwrap()
        .split_terminator("\n\n")
        .map(str::to_string)
        .collect();
    assert_eq!(
        answers[0],
        format!("? cannot open or parse '{d}/none.sgf': {d}/none.sgf: cannot read: no such file")
    );
    assert_eq!(
        answers[1],
        format!("? cannot open or parse '{d}': {d}: cannot read: not a file")
    );
    assert!(
        answers[2].starts_with(&format!("? cannot open or parse '{t}': {t}: not valid SGF"))
            && answers[2].contains("line 2"),
        "{}",
        answers[2]
    );
    // GNU Go 3.8: `white` (before W D6), `black` (before B E5), `black`
    // (`3x` read as 3), `white` for -1 (the whole game, which stops at
    // the move on an occupied point) and for the whole game: GNU Go warns
    // `Move at E5 ignored, trying to proceed.` and loads the position
    // before W E5 (B E5, W D6, B C7), leaving B F4 unplayed.
    assert_eq!(
        answers[3..8],
        ["= white", "= black", "= black", "= white", "= white"]
    );
    assert!(
        answers[8].contains(" 7 . . X . . . + . . 7"),
        "{}",
        answers[8]
    );
    assert!(
        answers[8].contains(" 4 . . . . . . . . . 4"),
        "{}",
        answers[8]
    );
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("move 4 (W E5) on an occupied point"),
        "{stderr}"
    );
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn color_answers_what_stands_on_a_point_as_gnugo_does() {
    // GNU Go 3.8: `color` answers black, white or empty, sees the moves of
    // `trymove` until `popgo`, ignores words after the vertex and calls a
    // missing or off-board vertex (and `pass`) an invalid coordinate.
    let answers = session(
        &[],
        "boardsize 9\nplay b c3\ncolor c3\ncolor d4\ntrymove w d4\ncolor d4\npopgo\ncolor d4\n\
         color c3 d4\ncolor z99\ncolor\ncolor pass\n",
    );
    assert_eq!(
        &answers[2..],
        [
            "= black",
            "= empty",
            "= ",
            "= white",
            "= ",
            "= empty",
            "= black",
            "? invalid coordinate",
            "? invalid coordinate",
            "? invalid coordinate",
        ]
    );
}

#[test]
fn move_history_lists_the_replayed_and_played_moves_most_recent_first() {
    // GNU Go 3.8 answers these lines for this script: the replayed moves
    // (not the setup stone, a pass as PASS), then `play` adds and `undo`
    // removes one, a partial `loadsgf` keeps only its moves, and a new
    // board has none.
    let dir = std::env::temp_dir().join(format!("tesuji-gtp-history-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("history.sgf");
    std::fs::write(&file, "(;SZ[9]AB[cc];B[aa];W[ba];B[ee];W[];B[gg])").unwrap();
    let script = format!(
        "loadsgf {0}\nmove_history\nplay W C9\nmove_history\nundo\nmove_history\n\
         loadsgf {0} 3\nmove_history\nboardsize 9\nmove_history\n",
        file.display()
    );
    let answers = session(&[], &script);
    let replayed = "black G3\nwhite PASS\nblack E5\nwhite B9\nblack A9";
    assert_eq!(answers[1], format!("= {replayed}"));
    assert_eq!(answers[3], format!("= white C9\n{replayed}"));
    assert_eq!(answers[5], format!("= {replayed}"));
    assert_eq!(answers[7], "= white B9\nblack A9");
    assert_eq!(answers[9], "= ");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn loadsgf_keeps_the_captures_of_the_replayed_moves() {
    // 9x9: B A9, W B9, B E5, W A8 captures A9, B G3. GNU Go 3.8 answers
    // `captures white` 1 and `captures black` 0 after loading such a game,
    // and its showboard says "WHITE (O) has captured 1 stones"; bad colours
    // get "invalid color".
    let dir = std::env::temp_dir().join(format!("tesuji-gtp-captures-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("capture.sgf");
    std::fs::write(&file, "(;SZ[9];B[aa];W[ba];B[ee];W[ab];B[gg])").unwrap();
    let script = format!(
        "loadsgf {0}\ncaptures white\ncaptures black\nshowboard\ncaptures\ncaptures red\n\
         play B C9\nplay B B8\nplay B A9\ncaptures black\nundo\ncaptures black\n\
         loadsgf {0} 4\ncaptures white\n",
        file.display()
    );
    let answers = session(&[], &script);
    assert_eq!(answers[0], "= white");
    assert_eq!(answers[1], "= 1");
    assert_eq!(answers[2], "= 0");
    assert!(
        answers[3].contains("WHITE (O) has captured 1 stones")
            && answers[3].contains("BLACK (X) has captured 0 stones"),
        "{}",
        answers[3]
    );
    assert_eq!(answers[4], "? invalid color");
    assert_eq!(answers[5], "? invalid color");
    assert_eq!(&answers[6..9], ["= ", "= ", "= "]);
    // Black A9 takes the white stone on B9; undo gives it back.
    assert_eq!(answers[9], "= 1");
    assert_eq!(answers[10], "= ");
    assert_eq!(answers[11], "= 0");
    // Loaded up to move 4: nothing captured yet.
    assert_eq!(answers[12], "= white");
    assert_eq!(answers[13], "= 0");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn clear_cache_keeps_the_answers() {
    // GNU Go's `clear_cache` empties the reading cache: the same answers
    // follow, read again (GNU Go 3.8 answers `1 E4`, `1 E4`, then `0` with
    // Black's E4 tried, and `1 E4` again after `popgo`).
    let answers = session(
        &[],
        "boardsize 9\nplay b e5\nplay w e6\nplay w d5\nplay w f5\nattack e5\nclear_cache\n\
         attack e5\ntrymove b e4\nclear_cache\nattack e5\npopgo\nattack e5\n",
    );
    assert_eq!(answers[5], "= 1 E4");
    assert_eq!(answers[6], "= ");
    assert_eq!(answers[7], "= 1 E4");
    // With a try open the kept reader stays on the tried position.
    assert_eq!(answers[8], "= ");
    assert_eq!(answers[9], "= ");
    assert_eq!(answers[10], "= 0");
    assert_eq!(answers[11], "= ");
    assert_eq!(answers[12], "= 1 E4");
}

#[test]
fn reading_commands_answer_in_gnugo_formats() {
    // A lone black stone with three liberties next to a white stone; then
    // a black stone in atari.
    let answers = session(
        &[],
        "boardsize 9\nplay b e5\nplay w e6\nattack e5\nattack\ndefend\nattack e4\nattack zz\n\
         trymove b\ntrymove b d6\ntrymove b d6\ntrymove black e6\npopgo\npopgo\n\
         increase_depths\ndecrease_depths\nplay w d5\nplay w f5\nattack e5\ndefend e5\n\
         trymove w e4\nattack e6\npopgo\nworm_data e6\n",
    );
    assert_eq!(
        answers,
        [
            "= ",
            "= ",
            "= ",
            "= 0",
            "? invalid coordinate",
            "? invalid coordinate",
            "? vertex must not be empty",
            "? invalid coordinate",
            "? invalid color or coordinate",
            "= ",
            "? illegal move",
            "? illegal move",
            "= ",
            "? Stack empty.",
            "= ",
            "= ",
            "= ",
            "= ",
            // E5 has one liberty, E4: White captures there, Black extends.
            "= 1 E4",
            "= 1 E4",
            // White E4 captures E5; E6 is then safe.
            "= ",
            "= 0",
            "= ",
            // GNU Go 3.8's answer, field for field.
            "= E6:\norigin               E6\ncolor                white\nsize                 1\n\
             effective_size       7.50\nliberties            3\nliberties2           9\n\
             liberties3           13\nliberties4           17\nattack_code          0\n\
             attack_point         PASS\ndefense_code         0\ndefense_point        PASS\n\
             lunch                E5\ncutstone             0\ncutstone2            0\n\
             genus                0\ninessential          0\ninvincible           0\n\
             unconditional_status unknown",
        ]
    );
}

#[test]
fn tryko_retakes_a_ko_that_trymove_may_not() {
    // Black captures the white stone at A2 by playing A1, a ko; White may
    // not retake at once with trymove, but may with tryko.
    let answers = session(
        &[],
        "boardsize 5\nplay b a3\nplay w a2\nplay b b2\nplay w b1\n\
         trymove b a1\ntrymove w a2\ntryko w a2\npopgo\npopgo\npopgo\n",
    );
    assert_eq!(
        answers[5..],
        ["= ", "? illegal move", "= ", "= ", "= ", "? Stack empty."]
    );
}

#[test]
fn showboard_draws_the_tried_moves_until_they_are_taken_back() {
    let answers = session(
        &[],
        "boardsize 5\nplay b c3\nshowboard\ntrymove w b2\nshowboard\npopgo\nshowboard\n",
    );
    let row = |text: &str, label: &str| {
        text.lines()
            .find(|line| line.trim_start().starts_with(label))
            .unwrap_or_else(|| panic!("no row {label} in {text}"))
            .to_string()
    };
    assert!(
        row(&answers[2], "2 ").contains(". + . + ."),
        "{}",
        answers[2]
    );
    assert!(
        row(&answers[4], "2 ").contains(". O . + ."),
        "{}",
        answers[4]
    );
    assert!(
        row(&answers[4], "3 ").contains(". . X . ."),
        "{}",
        answers[4]
    );
    assert_eq!(answers[6], answers[2]);
}

#[test]
fn showboard_counts_the_captures_of_tried_moves() {
    // White B1 takes A1 (played); a tried Black E4 takes E5. GNU Go 3.8
    // draws "WHITE (O) has captured 1 stones" throughout and "BLACK (X)
    // has captured 1 stones" only while the try stands.
    let answers = session(
        &[],
        "boardsize 5\nplay b a1\nplay w a2\nplay w b1\nplay w e5\nplay b d5\nshowboard\n\
         trymove b e4\nshowboard\npopgo\nshowboard\n",
    );
    let counts = |text: &str| {
        let count = |who: &str| {
            text.lines()
                .find_map(|l| l.split(who).nth(1))
                .and_then(|rest| rest.split_whitespace().next())
                .map(|n| n.parse::<usize>().unwrap())
                .unwrap_or_else(|| panic!("no count for {who} in {text}"))
        };
        (
            count("WHITE (O) has captured"),
            count("BLACK (X) has captured"),
        )
    };
    assert_eq!(counts(&answers[6]), (1, 0), "{}", answers[6]);
    assert_eq!(counts(&answers[8]), (1, 1), "{}", answers[8]);
    assert_eq!(answers[10], answers[6]);
}

#[test]
fn play_after_loadsgf_respects_the_loaded_ko() {
    // 4×4: the SGF's last move, Black C3, captures White B3 in a ko. As
    // in GNU Go, White may not retake at B3 at once after `loadsgf`, and
    // may after an exchange elsewhere; filling the ko point is Black's
    // right all along.
    let dir = std::env::temp_dir().join(format!("tesuji-gtp-ko-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("ko.sgf");
    std::fs::write(&file, "(;SZ[4]AB[ba][ab][bc]AW[ca][bb][db][cc];B[cb])").unwrap();
    let script = format!(
        "loadsgf {0}\nplay W B3\nplay W A1\nplay B D1\nplay W B3\n\
         loadsgf {0}\nplay B B3\n",
        file.display()
    );
    let answers = session(&[], &script);
    assert_eq!(
        answers,
        [
            "= white",
            "? illegal move",
            "= ",
            "= ",
            "= ",
            "= white",
            "= "
        ]
    );
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn dragon_commands_answer_in_gnugo_formats() {
    // Without a connection database every worm is its own dragon.
    let answers = session(
        &[],
        "boardsize 9\nplay b c3\nplay b d3\nplay w e5\nplay b c5\n\
         dragon_stones\ndragon_stones c3\ndragon_stones white\ndragon_stones b\n\
         dragon_stones a1\ndragon_stones z9\nsame_dragon c3 d3\nsame_dragon c3 c5\n\
         same_dragon c3 e5\nsame_dragon c3 a1\nsame_dragon a1 c3\nsame_dragon c3\n\
         same_dragon\nsame_dragon c3 z99\n",
    );
    assert_eq!(
        answers[5..],
        [
            "= C5 \nE5 \nC3 D3 ",
            "= C3 D3 ",
            "= E5 ",
            "= C5 \nC3 D3 ",
            "? dragon_stones called on an empty vertex",
            "? invalid coordinate",
            "= 1",
            "= 0",
            "= 0",
            "? vertex must not be empty",
            "? vertex must not be empty",
            "? invalid coordinate",
            "? invalid coordinate",
            "? invalid coordinate",
        ]
    );
}

/// A session in this process, with GNU Go's conn.db loaded through
/// `pattern_set::load_connection_patterns` (as `--patterns DIR` will).
mod with_connection_patterns {
    use std::sync::Arc;

    use goban::Point;
    use gtp::session::{Services, Session};
    use loader::gnugo_dir::load_connection_patterns;

    struct NoServices;

    impl Services for NoServices {
        fn load_sgf(&self, _file: &str, _stop: &sgf::StopAt) -> Result<sgf::Position, String> {
            Err("no files here".into())
        }

        fn fixed_handicap(&self, _size: usize, _stones: u32) -> Vec<Point> {
            Vec::new()
        }
    }

    fn run(session: &mut Session<'_>, script: &str) -> Vec<String> {
        script
            .lines()
            .map(|line| {
                let mut words = line.split_whitespace().map(str::to_string);
                let name = words.next().expect("a command");
                let args: Vec<String> = words.collect();
                match session.execute(&name, &args) {
                    Ok(text) => format!("= {text}"),
                    Err(message) => format!("? {message}"),
                }
            })
            .collect()
    }

    #[test]
    fn dragons_are_amalgamated_as_gnugo_does() {
        let shared = testkit::require_shared!();
        let conn = load_connection_patterns(&testkit::gnugo_patterns_dir(&shared))
            .expect("conn.db compiles");
        let services = NoServices;
        let mut session = Session::new(&services, Session::default_rules());
        session.set_connection_patterns(Some(Arc::new(conn)));
        // GNU Go 3.8's answers on this position: the one-point jump C3-C5
        // and the diagonal D4-C5 join Black's stones, the diagonal E5-F6
        // White's; G7 stays alone.
        let answers = run(
            &mut session,
            "boardsize 9\nplay b c3\nplay b d3\nplay w e5\nplay b c5\nplay b d4\n\
             play w e4\nplay b g7\nplay w f6\nplay w e3\n\
             dragon_stones\nsame_dragon c3 c5\nsame_dragon c5 d4\nsame_dragon c3 g7\n\
             same_dragon e5 f6\nsame_dragon e3 e5\ndragon_stones black\ndragon_stones f6",
        );
        assert_eq!(
            answers[10..],
            [
                "= G7 \nF6 E5 E4 E3 \nC5 D4 C3 D3 ",
                "= 1",
                "= 1",
                "= 0",
                "= 1",
                "= 1",
                "= G7 \nC5 D4 C3 D3 ",
                "= F6 E5 E4 E3 ",
            ]
        );
        // Without it, each worm is a dragon again.
        session.set_connection_patterns(None);
        assert_eq!(run(&mut session, "same_dragon c3 c5"), ["= 0"]);
    }
}

#[test]
fn combined_reading_and_the_kept_reader_follow_the_position() {
    // White B2-C2 on the second line under Black's wall (answers checked
    // against GNU Go 3.8). The session keeps one reader while the
    // position stands: `play`, `undo` and `trymove`/`popgo` must each
    // change what it reads.
    let answers = session(
        &[],
        "boardsize 5\nplay b b3\nplay b c3\nplay b a2\nplay b d2\nplay w b2\nplay w c2\n\
         attack b2\nplay b b1\nattack b2\nundo\nattack b2\ntrymove b c1\nattack b2\npopgo\n\
         attack b2\nattack_either b2 b2\nattack_either b2\nattack_either e5 b2\n\
         attack_either b2 e5\ndefend_both b2 c2\ndefend_both a2 b3\nattack_either a2 d2\n\
         attack_either a2 b2\nknown_command attack_either\nknown_command defend_both\n",
    );
    assert_eq!(
        answers[7..],
        [
            "= 1 B1",
            "= ",
            "= 1 C1",
            "= ",
            "= 1 B1",
            "= ",
            "= 1 B1",
            "= ",
            "= 1 B1",
            "= 1",
            "? invalid coordinate",
            // GNU Go's message for an empty first string lacks the "not".
            "? string vertex must be empty",
            "? string vertex must not be empty",
            "= 0",
            "= 1",
            "= 0",
            // GNU Go aborts on strings of two colours.
            "? the strings must have the same color",
            "= true",
            "= true",
        ]
    );
}

#[test]
fn connection_commands_answer_in_gnugo_formats() {
    // GNU Go 3.8 answers this script with the same errors and the same
    // answers for one string (1 PASS / 0) and for a far pair (0 / 1 PASS).
    let answers = session(
        &[],
        "boardsize 9\nplay b c3\nplay w d4\nconnect c3 d4\nconnect c3 a1\nconnect a1 d4\n\
         connect c3\nconnect pass c3\ndisconnect c3 z1\nplay b c4\nconnect c3 c4\n\
         disconnect c3 c4\nplay b c9\nconnect c3 c9\ndisconnect c9 c4\nplay b e3\n\
         connect e3 c3\n",
    );
    assert_eq!(
        answers,
        [
            "= ",
            "= ",
            "= ",
            "? vertices must have same color",
            "? vertex must not be empty",
            "? vertex must not be empty",
            "? invalid coordinate",
            "? invalid coordinate",
            "? invalid coordinate",
            "= ",
            "= 1 PASS",
            "= 0",
            "= ",
            "= 0",
            "= 1 PASS",
            "= ",
            // The shared liberty joins them.
            "= 1 D3",
        ]
    );
}

/// GNU Go's eye commands on a small position, with GNU Go's databases
/// (`eyes.db` gives the values): every answer as GNU Go 3.8 gives it.
#[test]
fn eye_commands_answer_as_gnugo_does() {
    let shared = testkit::require_shared!();
    let patterns = testkit::gnugo_patterns_dir(&shared);
    let answers = session(
        &["--patterns", patterns.to_str().expect("utf-8 path")],
        "boardsize 9\nclear_board\nplay b E5\nplay w C7\nplay b D3\n\
         eye_data black E5\neye_data white F4\neye_data blue E4\neval_eye E4\neval_eye E5\n\
         eval_eye\nhalf_eye_data E4\nhalf_eye_data\neye_data black D2\neval_eye D2\n\
         eye_data black E6\n",
    );
    let empty = "= origin               PASS\ncolor                empty\nesize                0\n\
                 msize                0\nvalue                0000\nmarginal             0\n\
                 neighbors            0\nmarginal_neighbors   0";
    assert_eq!(
        answers[5..],
        [
            empty,
            empty,
            "? invalid color or coordinate",
            "= 0 0",
            "= -1",
            "? invalid coordinate",
            "= value                10.00\ntype                 0\nnum_attacks          0\nnum_defenses         0",
            "? invalid coordinate",
            "= origin               C2\ncolor                black\nesize                4\nmsize                3\n\
             value                0000\nmarginal             0\nneighbors            3\nmarginal_neighbors   3",
            "= 0 0",
            "= origin               E6\ncolor                black\nesize                1\nmsize                1\n\
             value                0000\nmarginal             1\nneighbors            0\nmarginal_neighbors   0",
        ]
    );
}

/// Without `eyes.db` the spaces are found but not valued: `eye_data`
/// prints the value as unknown and `eval_eye` says what it needs.
#[test]
fn eye_values_need_eyes_db() {
    let answers = session(
        &[],
        "boardsize 9\nplay b E5\nplay w C7\nplay b D3\neye_data black D2\neval_eye D2\neval_eye A1\n",
    );
    assert_eq!(
        answers[4..],
        [
            "= origin               C2\ncolor                black\nesize                4\nmsize                3\n\
             value                unknown\nmarginal             0\nneighbors            3\nmarginal_neighbors   3",
            "? eye values need eyes.db: give GNU Go's pattern directory with --patterns DIR",
            "= -1",
        ]
    );
}

/// False margins (the GNU Go manual's §8.10): in GNU Go's regression game
/// `marginal.sgf`, each dead stone's eye space leaves out the empty point
/// between it and a living opponent string where the opponent would be in
/// atari, so the space is one eye, as the `optics` suite (tests 1001–1009)
/// and GNU Go answer.
#[test]
fn false_margins_leave_the_eye_space() {
    let shared = testkit::require_shared!();
    let patterns = testkit::gnugo_patterns_dir(&shared);
    let game = shared.join("regression/games/marginal.sgf");
    let points = ["L19", "O1", "F8", "P6", "Q9", "D11", "E6"];
    let mut script = format!("loadsgf {}\n", game.display());
    for p in points {
        script.push_str(&format!("eval_eye {p}\n"));
    }
    let answers = session(
        &["--patterns", patterns.to_str().expect("utf-8 path")],
        &script,
    );
    assert_eq!(
        answers[1..],
        [
            "= 1 1", "= 1 1", "= 1 1", "= 1 1", "= 1 1", "= 2 2", "= 1 1"
        ]
    );
}

/// Dead opponent stones of an eye space are judged as eye points, as GNU
/// Go's `half_eye_data` judges them: in `eyes2.sgf` Black's A8 inside
/// White's space is a half eye whose key point is B9 (`optics` 212), and
/// in `eyes1.sgf` the false eye A11, the last liberty of Black's dead A10,
/// stays in the graph: taking the stone makes one eye (`optics` 111).
#[test]
fn dead_stones_are_judged_as_eye_points() {
    let shared = testkit::require_shared!();
    let patterns = testkit::gnugo_patterns_dir(&shared);
    let games = shared.join("regression/games");
    let script = format!(
        "loadsgf {}\nhalf_eye_data A8\neval_eye A7\nloadsgf {}\nhalf_eye_data A11\neval_eye A10\n",
        games.join("eyes2.sgf").display(),
        games.join("eyes1.sgf").display()
    );
    let answers = session(
        &["--patterns", patterns.to_str().expect("utf-8 path")],
        &script,
    );
    assert_eq!(
        answers,
        [
            "= black",
            "= value                3.00\ntype                 HALF_EYE\nnum_attacks          1\n\
             attack_point[0]      B9\nnum_defenses         1\ndefense_point[0]     B9",
            "= 0 1 B9 B9",
            "= black",
            "= value                4.00\ntype                 FALSE_EYE\nnum_attacks          0\nnum_defenses         0",
            "= 1 1",
        ]
    );
}

/// `initial_influence` prints its maps in GNU Go's layout and answers
/// GNU Go's errors (the values themselves are measured against GNU Go in
/// `loader/tests/all/influence_agreement.rs`).
#[test]
fn initial_influence_answers_in_gnugos_layout() {
    let answers = session(
        &[],
        "boardsize 3\nclear_board\ninitial_influence white white_attenuation\n\
         initial_influence black black_strength\ninitial_influence purple white_influence\n\
         initial_influence white foo\ninitial_influence black influence_regions\n\
         initial_influence black non_territory\n",
    );
    assert_eq!(
        answers[2..],
        [
            "=   2.40   2.40   2.40 \n  2.40   2.40   2.40 \n  2.40   2.40   2.40 ",
            "=   0.00   0.00   0.00 \n  0.00   0.00   0.00 \n  0.00   0.00   0.00 ",
            "? invalid color",
            "? unknown influence data",
            "=  0  0  0 \n 0  0  0 \n 0  0  0 ",
            "=  0  0  0 \n 0  0  0 \n 0  0  0 ",
        ]
    );
}

/// `--search mcts`: the search's moves are legal and repeat themselves
/// with a playout count (one thread), `reg_genmove` answers the engine's
/// move without playing it, cleanup never passes on an open board, and
/// the end of a game is scored from playout ownership (the white stone
/// in Black's area is dead).
#[test]
fn search_mode_moves_and_scoring() {
    let args = ["--search", "mcts", "--playouts", "400", "--seed", "3"];
    let script = "boardsize 7\nkomi 7.5\ngenmove b\ngenmove w\nkgs-genmove_cleanup b\nreg_genmove w\nshowboard\nlz-analyze w 10\n";
    let first = session(&args, script);
    assert_eq!(
        first,
        session(&args, script),
        "deterministic with --playouts"
    );
    for answer in &first[2..5] {
        let vertex = answer.trim_start_matches("= ");
        assert!(vertex.len() >= 2 && vertex != "PASS", "{answer}");
    }
    // reg_genmove plays nothing: three stones on the board.
    let stones = first[6].matches(['X', 'O']).count();
    assert_eq!(stones, 3 + 2, "{}", first[6]); // two in the legend
    // One analysis line (with --playouts the analysis searches once):
    // moves with visits, win rate, prior, lcb, order, pv.
    let info = first[7].trim_start_matches('=').trim();
    assert!(info.starts_with("info move "), "{info}");
    let visits: u32 = info
        .split("info move ")
        .skip(1)
        .map(|entry| {
            let words: Vec<&str> = entry.split_whitespace().collect();
            assert_eq!(
                (words[1], words[3], words[5], words[7], words[9], words[11]),
                ("visits", "winrate", "prior", "lcb", "order", "pv"),
                "{entry}"
            );
            words[2].parse::<u32>().unwrap()
        })
        .sum();
    // This search's 400 playouts plus what the kept tree held.
    assert!((400..=1600).contains(&visits), "{visits}");
    // With the engine's proposals as root priors.
    let mut with_priors = args.to_vec();
    with_priors.push("--engine-priors");
    let answers = session(&with_priors, "boardsize 9\nplay b e5\ngenmove w\n");
    assert!(
        answers[2].starts_with("= ") && answers[2].len() >= 4,
        "{answers:?}"
    );
    let mut end = String::from("boardsize 5\nkomi 0.5\n");
    for row in 1..=5 {
        end.push_str(&format!("play b c{row}\nplay w d{row}\n"));
    }
    end.push_str("play w a1\nfinal_status_list dead\nfinal_score\n");
    let answers = session(&args, &end);
    let n = answers.len();
    assert_eq!(answers[n - 2], "= A1");
    assert_eq!(answers[n - 1], "= B+4.5");
    // An empty board: no point is anyone's in most playouts, komi alone.
    let answers = session(&args, "boardsize 7\nkomi 7.5\nfinal_score\n");
    assert_eq!(answers[2], "= W+7.5");
}

/// The entries of the last answer of `script` (an `lz-analyze`) under
/// `tesuji gtp --search mcts --playouts 50` and `extra`.
fn search_analysis(
    extra: &[&str],
    script: &str,
) -> Vec<std::collections::BTreeMap<String, String>> {
    let mut args = vec!["--search", "mcts", "--playouts", "50"];
    args.extend_from_slice(extra);
    let answers = session(&args, script);
    let line = answers.last().unwrap().trim_start_matches('=').trim();
    analysis_entries(line)
}

/// The fields of one `info move …` entry of an analysis line, by name.
fn analysis_entries(line: &str) -> Vec<std::collections::BTreeMap<String, String>> {
    let line = line.split(" ownership ").next().unwrap_or(line);
    line.split("info move ")
        .skip(1)
        .map(|entry| {
            let words: Vec<&str> = entry.split_whitespace().collect();
            let pv_at = words.iter().position(|&w| w == "pv").expect("a pv");
            let mut fields: std::collections::BTreeMap<String, String> = words[1..pv_at]
                .chunks(2)
                .map(|pair| (pair[0].to_string(), pair[1].to_string()))
                .collect();
            fields.insert("move".into(), words[0].into());
            fields.insert("pv".into(), words[pv_at + 1..].join(" "));
            fields
        })
        .collect()
}

/// Streaming analysis over a live pipe, as Lizzie and Sabaki use it:
/// `lz-analyze` answers `=` and then a line of `info` entries every
/// interval until the next command arrives, which ends the answer with an
/// empty line and is answered next; `kata-analyze` writes fractions and
/// the ownership map (one value per point, for the player to move).
#[test]
fn analysis_streams_until_the_next_command() {
    use std::io::{BufRead, BufReader, Write};
    let mut child = cli_support::tesuji()
        .args(["gtp", "--search", "mcts"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .expect("tesuji runs");
    let mut stdin = child.stdin.take().unwrap();
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    let mut read_line = || {
        let mut line = String::new();
        stdout.read_line(&mut line).unwrap();
        line.trim_end_matches('\n').to_string()
    };
    stdin
        .write_all(b"boardsize 7\nkomi 7.5\n5 lz-analyze b 2\n")
        .unwrap();
    assert_eq!([read_line(), read_line()], ["= ", ""]);
    assert_eq!([read_line(), read_line()], ["= ", ""]);
    assert_eq!(read_line(), "=5");
    let mut reports = Vec::new();
    while reports.len() < 3 {
        let line = read_line();
        assert!(line.starts_with("info move "), "{line:?}");
        reports.push(line);
    }
    stdin.write_all(b"name\n").unwrap();
    loop {
        let line = read_line();
        if line.is_empty() {
            break;
        }
        assert!(line.starts_with("info move "), "{line:?}");
        reports.push(line);
    }
    assert_eq!([read_line(), read_line()], ["= tesuji", ""]);
    let mut last_total = 0;
    for report in &reports {
        let entries = analysis_entries(report);
        assert!(!entries.is_empty(), "{report}");
        let mut total = 0;
        for (k, entry) in entries.iter().enumerate() {
            let number = |key: &str| entry[key].parse::<i64>().unwrap();
            assert_eq!(number("order"), k as i64, "{report}");
            assert!((0..=10000).contains(&number("winrate")), "{report}");
            assert!(number("lcb") <= number("winrate"), "{report}");
            assert!(entry["pv"].starts_with(&entry["move"]), "{report}");
            total += number("visits");
        }
        // The tree grows report after report.
        assert!(total >= last_total, "{total} < {last_total}");
        last_total = total;
    }
    stdin
        .write_all(b"kata-analyze w interval 2 ownership true\n")
        .unwrap();
    assert_eq!(read_line(), "=");
    let report = read_line();
    stdin.write_all(b"quit\n").unwrap();
    let entries = analysis_entries(&report);
    let winrate: f64 = entries[0]["winrate"].parse().unwrap();
    assert!((0.0..=1.0).contains(&winrate), "{report}");
    let ownership: Vec<f64> = report
        .split(" ownership ")
        .nth(1)
        .expect("an ownership map")
        .split_whitespace()
        .map(|v| v.parse().unwrap())
        .collect();
    assert_eq!(ownership.len(), 49);
    assert!(ownership.iter().all(|o| (-1.0..=1.0).contains(o)));
    loop {
        let line = read_line();
        if line == "= " {
            break;
        }
        assert!(
            line.is_empty() || line.starts_with("info move "),
            "{line:?}"
        );
    }
    assert!(child.wait().unwrap().success());
}

#[test]
fn move_reasons_answers_the_last_generation_in_gnugo_format() {
    // A white stone in atari at E4 (Black's D4, F4, E5 around it): Black's
    // reasons at E3 capture it; before any generation the answer is empty.
    let answers = session(
        &[],
        "boardsize 9\nplay b E5\nplay w D5\nplay b D4\nplay w E4\nplay b F4\n\
         move_reasons E3\nreg_genmove white\nreg_genmove black\nmove_reasons E3\n\
         move_reasons E4\nmove_reasons Z9\nmove_reasons E5\n",
    );
    assert_eq!(answers[6], "= ");
    assert!(
        answers[9]
            .lines()
            .any(|line| line.ends_with("Move at E3 attacks E4")),
        "{answers:?}"
    );
    assert_eq!(answers[10], "? vertex must not be occupied");
    assert_eq!(answers[11], "? invalid coordinate");
    assert_eq!(answers[12], "? vertex must not be occupied");
}

/// The combination reasons' limits (`--review combination_answer_limits`
/// and `combination_safe_attackers`, both on by default): on incident287
/// move 66 (Black), the search without the answers' limits finds a white
/// combination that D19 stops, where GNU Go's `combination_attack white`
/// (and ours, with the answers' limits) finds none; with them the reason
/// goes. On blunder12 move 254 (White) both keep GNU Go's defence at R5.
/// On 13x13.tst 90 (gnugo-gointellect3 move 99, Black) the answers' limits
/// alone let a capturable attacker stone make a combination GNU Go does not
/// find, stopped at N3; the uncapturable attacker stones forbid it again.
#[test]
fn combination_reasons_search_with_the_answers_limits_and_safe_attacker_stones() {
    let shared = testkit::require_shared!();
    let patterns = testkit::gnugo_patterns_dir(&shared);
    let positions = testkit::positions_dir(&shared);
    let script = format!(
        "loadsgf {} 66\nreg_genmove black\nmove_reasons D19\n\
         loadsgf {} 254\nreg_genmove white\nmove_reasons R5\n",
        positions.join("incident287.sgf").display(),
        positions.join("blunder12.sgf").display()
    );
    let patterns = patterns.to_str().expect("utf-8 path");
    let defends = |answer: &str| answer.contains("defends against combination attack");
    let off = session(
        &[
            "--patterns",
            patterns,
            "--review",
            "combination_answer_limits=off",
        ],
        &script,
    );
    assert!(defends(&off[2]), "{off:?}");
    assert!(defends(&off[5]), "{off:?}");
    let on = session(&["--patterns", patterns], &script);
    assert!(!defends(&on[2]), "{on:?}");
    assert!(defends(&on[5]), "{on:?}");

    let game = shared.join("regression/games/mertin13x13/gnugo-gointellect3.W+37.sgf");
    let script = format!(
        "loadsgf {} 99\nreg_genmove black\nmove_reasons N3\n",
        game.display()
    );
    let answers = session(
        &[
            "--patterns",
            patterns,
            "--review",
            "combination_safe_attackers=off",
        ],
        &script,
    );
    assert!(defends(&answers[2]), "{answers:?}");
    let safe = session(&["--patterns", patterns], &script);
    assert!(!defends(&safe[2]), "{safe:?}");
}

#[test]
fn analyze_semeai_answers_a_race_won_through_a_ko_with_ko_codes() {
    // White has just taken the ko at B2; Black's A2 string is in atari
    // (D1 is suicide) and lives only by retaking at B3 through a threat.
    // (GNU Go 3.8 answers `0 0 PASS` for Black on this 5x5 board.)
    let answers = session(
        &[],
        "boardsize 5\nclear_board\nplay b a2\nplay w a3\nplay b c2\nplay w c3\nplay b b1\n\
         play w b4\nplay b a1\nplay w d2\nplay b c1\nplay w e1\nplay b b3\nplay w b2\n\
         analyze_semeai a2 b2\nanalyze_semeai b2 a2\n",
    );
    // KO_B (GTP 3) both ways for Black: it needs the first threat.
    assert_eq!(answers[14], "= 3 3 B3");
    // White moving first captures outright.
    assert_eq!(answers[15], "= 1 1 D1");
}

#[test]
fn dragon_data_prints_gnu_go_fields_and_analyze_semeai_answers() {
    let answers = session(
        &[],
        "boardsize 5\nclear_board\nplay b c3\nplay w d4\ndragon_data a1\ndragon_data C3\n\
         dragon_data\nanalyze_semeai c3 d4\nanalyze_semeai c3 c3\nanalyze_semeai c3 a1\n",
    );
    assert_eq!(answers[4], "= A1 empty");
    let block: Vec<&str> = answers[5].lines().collect();
    assert_eq!(block[0], "= C3:");
    assert_eq!(block[1], "color                   black");
    assert_eq!(block[3], "size                    1");
    // GNU Go 3.8 prints 8.00 for this stone's effective size.
    assert_eq!(block[4], "effective_size          8.00");
    assert_eq!(block.last(), Some(&"strings                 C3 "));
    assert_eq!(block.len(), 43, "GNU Go's 42 fields after the origin line");
    // Without a vertex: every dragon in board order (D4 is above C3).
    assert!(answers[6].starts_with("= D4:\ncolor                   white"));
    assert!(answers[6].contains("\nC3:\n"));
    assert!(answers[7].starts_with("= 1 1 "), "{}", answers[7]);
    assert_eq!(answers[8], "? the dragons must be of opposite colours");
    assert_eq!(answers[9], "? vertex must not be empty");
}

/// `top_moves` and `all_move_values` read the last generation (empty
/// before one); `top_moves_black` runs one; `restricted_genmove` answers
/// one of the listed points or PASS; `reg_genmove` answers the first of
/// `top_moves` without playing it.
#[test]
fn move_generation_commands_read_the_last_generation() {
    let answers = session(
        &[],
        "boardsize 9\nplay B E5\nplay W C3\ntop_moves\nall_move_values\ntop_moves_black\nall_move_values\nshowboard\nreg_genmove black\nrestricted_genmove black A1 J9\nrestricted_genmove black Z1\nshowboard\n",
    );
    assert_eq!(answers[3], "= ");
    assert_eq!(answers[4], "= ");
    let top: Vec<&str> = answers[5]
        .trim_start_matches("= ")
        .split_whitespace()
        .collect();
    assert!(!top.is_empty() && top.len() % 2 == 0, "{}", answers[5]);
    assert!(answers[5].ends_with(' '), "{:?}", answers[5]);
    let values: Vec<f64> = top
        .iter()
        .skip(1)
        .step_by(2)
        .map(|v| v.parse().unwrap())
        .collect();
    assert!(values.windows(2).all(|w| w[0] >= w[1]), "{values:?}");
    // all_move_values: the same moves, one a line, in board order.
    let lines: Vec<&str> = answers[6].trim_start_matches("= ").lines().collect();
    assert!(lines.len() >= top.len() / 2, "{}", answers[6]);
    for pair in top.chunks(2) {
        assert!(
            lines
                .iter()
                .any(|l| l.split_whitespace().collect::<Vec<_>>() == pair),
            "{pair:?} in {lines:?}"
        );
    }
    assert_eq!(answers[8], format!("= {}", top[0]));
    assert!(
        ["= A1", "= J9", "= PASS"].contains(&answers[9].as_str()),
        "{}",
        answers[9]
    );
    assert_eq!(answers[10], "? invalid coordinate");
    // Nothing was played.
    assert_eq!(answers[7], answers[11]);
}

/// `gg_genmove` is `reg_genmove` without a seed (nothing played); with a
/// seed (its argument or `set_random_seed`) the values take GNU Go's
/// random term, the same for the same seed; `get_random_seed` answers the
/// seed (0 before one).
#[test]
fn gg_genmove_is_random_only_with_a_seed() {
    let answers = session(
        &[],
        "boardsize 9\nplay B D4\nplay W E4\nplay B F4\nplay B E3\nplay W C3\nshowboard\nget_random_seed\nreg_genmove black\ntop_moves\n\
         gg_genmove black\ntop_moves\ngg_genmove black 5\ntop_moves\nset_random_seed 5\n\
         get_random_seed\ngg_genmove black\ntop_moves\ngg_genmove black x\nset_random_seed x\nshowboard\n",
    );
    assert_eq!(answers[7], "= 0");
    assert_eq!(answers[10], answers[8]);
    assert_eq!(answers[11], answers[9]);
    assert_ne!(
        answers[13], answers[9],
        "the seeded values take a random term"
    );
    assert_eq!(answers[14], "= ");
    assert_eq!(answers[15], "= 5");
    assert_eq!(answers[16], answers[12]);
    assert_eq!(answers[17], answers[13]);
    assert_eq!(answers[18], "? invalid seed");
    assert_eq!(answers[19], "? invalid seed");
    // Nothing was played.
    assert_eq!(answers[20], answers[6]);
}

/// `owl_does_attack`, `owl_does_defend` and `owl_connection_defends` on
/// GNU Go's regression game handtalk12 (move 29), with GNU Go's
/// databases: the codes and errors GNU Go 3.8 answers there.
#[test]
fn owl_move_questions_answer_as_gnugo_does() {
    let shared = testkit::require_shared!();
    let patterns = testkit::gnugo_patterns_dir(&shared);
    let game = shared.join("regression/games/handtalk/handtalk12.sgf");
    let script = format!(
        "loadsgf {} 29\nowl_does_attack L2 M3\nowl_does_defend L2 M3\n\
         owl_connection_defends L2 M3 K3\nowl_connection_defends L3 K3 G3\n\
         owl_does_defend L2 K3\nowl_does_attack L2 K3\nowl_does_attack M3 A1\n\
         owl_does_attack L2\nowl_does_attack L2 A1\nowl_connection_defends M3 A1 K3\n",
        game.display()
    );
    let answers = session(
        &["--patterns", patterns.to_str().expect("utf-8 path")],
        &script,
    );
    assert_eq!(
        answers[1..],
        [
            "= 0",
            "= 1",
            "? dragon vertices must have the same color",
            "= 1",
            "= 1",
            "= 0",
            "? move vertex must be empty",
            "? invalid coordinate",
            "? dragon vertex must not be empty",
            "? move vertex must be empty",
        ]
    );
}

/// `owl_threaten_attack` and `owl_threaten_defense` on two positions of
/// GNU Go's owl suite (owl.tst tests 39 and 108), with GNU Go's
/// databases: GNU Go 3.8's answers there (`CODE MOVE1 MOVE2`, `PASS` where
/// the first move suffices) and its errors.
#[test]
fn owl_threats_answer_as_gnugo_does() {
    let shared = testkit::require_shared!();
    let patterns = testkit::gnugo_patterns_dir(&shared);
    let games = shared.join("regression/games");
    let script = format!(
        "loadsgf {} 39\nowl_threaten_attack G7\nowl_threaten_defense G7\n\
         owl_threaten_attack A1\nowl_threaten_defense\n\
         loadsgf {} 36\nowl_threaten_attack C3\nowl_threaten_defense C3\n",
        games.join("incident211.sgf").display(),
        games.join("jahy.sgf").display()
    );
    let answers = session(
        &["--patterns", patterns.to_str().expect("utf-8 path")],
        &script,
    );
    assert_eq!(
        answers[1..5],
        [
            "= 3 G8 F7",
            "= 1 G8 PASS",
            "? vertex must not be empty",
            "? invalid coordinate",
        ]
    );
    assert_eq!(answers[6..], ["= 3 C4 B3", "= 1 C4 C5"]);
}

/// `--tactical-priors`: White's stone at E5 (two liberties, Black's
/// stones at D5, E6 and F4) is captured by a ladder; the reader's attack
/// point gets the capture prior (0.8, above any pattern prior's 0.7)
/// in the analysis, and without the option no move has it.
#[test]
fn tactical_priors_give_the_ladder_capture_its_prior() {
    let script = "boardsize 9\nplay w e5\nplay b d5\nplay b e6\nplay b f4\nlz-analyze b 0\n";
    let priors = |extra: &[&str]| {
        search_analysis(extra, script)
            .into_iter()
            .map(|entry| {
                (
                    entry["move"].clone(),
                    entry["prior"].parse::<u32>().unwrap(),
                )
            })
            .collect::<Vec<_>>()
    };
    let with = priors(&["--tactical-priors"]);
    let captures: Vec<&str> = with
        .iter()
        .filter(|(_, prior)| *prior == 8000)
        .map(|(mv, _)| mv.as_str())
        .collect();
    assert!(
        captures.len() == 1 && ["E4", "F5"].contains(&captures[0]),
        "{with:?}"
    );
    let without = priors(&[]);
    assert!(
        without.iter().all(|(_, prior)| *prior <= 7000),
        "{without:?}"
    );
}

/// `--engine-priors`: the engine's valuation (`top_moves_black`, asked in
/// the same session: D4 and E4 best, E3 next, F6 at about a third) gives
/// the root's moves their priors. The best valued moves get the highest prior
/// of all (0.8), the others less in the order of their values, and every
/// valued move at least the best pattern prior (0.7) that unvalued moves
/// reach at most; without the option no move has more than 0.7. One
/// thread with a playout count stays deterministic.
#[test]
fn engine_priors_follow_the_valuation() {
    let script = "boardsize 9\nplay b e5\nplay w c3\nplay b d6\nplay w f3\nplay b d3\nplay w d2\n\
                  top_moves_black\nlz-analyze b 0\n";
    let run = |extra: &[&str]| {
        let mut args = vec!["--search", "mcts", "--playouts", "3000"];
        args.extend_from_slice(extra);
        session(&args, script)
    };
    let answers = run(&["--engine-priors"]);
    assert_eq!(answers, run(&["--engine-priors"]), "deterministic");
    let words: Vec<&str> = answers[answers.len() - 2]
        .trim_start_matches('=')
        .split_whitespace()
        .collect();
    let valued: Vec<(&str, f32)> = words
        .chunks(2)
        .map(|pair| (pair[0], pair[1].parse().unwrap()))
        .collect();
    assert!(valued.len() >= 3, "{valued:?}");
    let line = answers.last().unwrap().trim_start_matches('=').trim();
    let priors: Vec<(String, u32)> = analysis_entries(line)
        .into_iter()
        .map(|entry| (entry["move"].clone(), entry["prior"].parse().unwrap()))
        .collect();
    let prior_of = |mv: &str| priors.iter().find(|(m, _)| m == mv).map(|&(_, p)| p);
    let value_of = |mv: &str| valued.iter().find(|(m, _)| *m == mv).map(|&(_, v)| v);
    assert_eq!(prior_of(valued[0].0), Some(8000), "{priors:?}");
    for (mv, prior) in &priors {
        match value_of(mv) {
            Some(_) => assert!(*prior >= 7000, "{mv} {prior}"),
            None => assert!(*prior <= 7000, "{mv} {prior}"),
        }
    }
    let listed: Vec<u32> = valued.iter().filter_map(|&(mv, _)| prior_of(mv)).collect();
    assert!(
        listed.windows(2).all(|w| w[0] >= w[1]),
        "{valued:?} {priors:?}"
    );
    assert!(listed.iter().any(|&p| p < 8000), "{valued:?} {priors:?}");
    let without = run(&[]);
    let line = without.last().unwrap().trim_start_matches('=').trim();
    assert!(
        analysis_entries(line)
            .iter()
            .all(|entry| entry["prior"].parse::<u32>().unwrap() <= 7000),
        "{line}"
    );
}

/// `--refuse-unsafe-extensions`: Black E5 is in atari and E4 runs it out
/// into White's ladder. With the option the search never tries E4 at the
/// root; with a Black stone on the ladder's path (G3) the extension
/// escapes and is searched again; without the option it is searched.
/// `tesuji-unsafe_extensions b` lists E4, and nothing once G3 stands.
#[test]
fn refused_unsafe_extensions_leave_the_root() {
    let position =
        "boardsize 9\nplay b e5\nplay w d5\nplay w e6\nplay w f5\nplay w d4\nplay w c7\n";
    let searched = |extra: &[&str], breaker: &str| -> Vec<String> {
        let mut args = vec!["--search", "mcts", "--playouts", "2000"];
        args.extend_from_slice(extra);
        let script = format!("{position}{breaker}lz-analyze b 0\n");
        let answers = session(&args, &script);
        let line = answers.last().unwrap().trim_start_matches('=').trim();
        analysis_entries(line)
            .into_iter()
            .map(|entry| entry["move"].clone())
            .collect()
    };
    let refuse = ["--refuse-unsafe-extensions"];
    let with = searched(&refuse, "");
    assert!(
        !with.is_empty() && !with.iter().any(|m| m == "E4"),
        "{with:?}"
    );
    let without = searched(&[], "");
    assert!(without.iter().any(|m| m == "E4"), "{without:?}");
    let broken = searched(&refuse, "play b g3\n");
    assert!(broken.iter().any(|m| m == "E4"), "{broken:?}");
    let listed = session(
        &[],
        &format!("{position}tesuji-unsafe_extensions b\nplay b g3\ntesuji-unsafe_extensions b\n"),
    );
    assert_eq!(
        listed[listed.len() - 3..],
        ["= E4", "= ", "= "].map(String::from),
        "{listed:?}"
    );
}

/// `--engine-opening-stones N`: while fewer than N stones stand on the
/// board, the search player's `genmove` answers the engine's own move (as
/// a session without the search does); from N stones on it searches (the
/// move a search session answers after the same moves). Without the
/// option the search plays from the first move, other moves here.
#[test]
fn engine_opening_plays_the_engines_moves_until_enough_stones() {
    let script = "boardsize 9\ngenmove b\ngenmove w\ngenmove b\n";
    let search = ["--search", "mcts", "--playouts", "300"];
    let with = |extra: &[&str]| {
        let mut args = search.to_vec();
        args.extend_from_slice(extra);
        session(&args, script)
    };
    let engine = session(&[], script);
    let routed = with(&["--engine-opening-stones", "2"]);
    assert_eq!(routed[..3], engine[..3], "{routed:?} {engine:?}");
    let moves: Vec<&str> = routed[1..3]
        .iter()
        .map(|a| a.trim_start_matches("= "))
        .collect();
    let replayed = format!(
        "boardsize 9\nplay b {}\nplay w {}\ngenmove b\n",
        moves[0], moves[1]
    );
    assert_eq!(routed[3], session(&search, &replayed)[3]);
    assert_ne!(
        with(&[])[..3],
        engine[..3],
        "the search alone plays other moves"
    );
}

/// `--nakade-percent`: Black's D1 has just reduced White's eye space in
/// the lower left to a bulky five (A1 B1 C1 A2 B2); White to move, its
/// vital point B1 gets the best pattern prior (0.7) by default, the rule
/// being on (the search's root knows the last move), and with the
/// option's 100, and less, or no visit, with `--nakade-percent 0`.
#[test]
fn nakade_rule_gives_the_vital_point_the_best_prior() {
    let mut script = String::from("boardsize 7\n");
    for v in ["A4", "B4", "C4", "D4", "E4", "F4", "F3", "F2", "F1"] {
        script += &format!("play b {v}\n");
    }
    for v in ["A3", "B3", "C3", "D3", "E3", "C2", "D2", "E2", "E1"] {
        script += &format!("play w {v}\n");
    }
    script += "play b D1\nlz-analyze w 0\n";
    let prior_of_b1 = |extra: &[&str]| {
        search_analysis(extra, &script)
            .into_iter()
            .find(|entry| entry["move"] == "B1")
            .map(|entry| entry["prior"].parse::<u32>().unwrap())
    };
    assert_eq!(prior_of_b1(&[]), Some(7000));
    assert_eq!(prior_of_b1(&["--nakade-percent", "100"]), Some(7000));
    let without = prior_of_b1(&["--nakade-percent", "0"]);
    assert!(without.is_none_or(|prior| prior < 7000), "{without:?}");
}

/// `--ladder-extensions`: Black's E6 is in atari (White D6, E7, E5 and
/// F5), and its escape at F6 leaves two liberties and runs into a ladder
/// across the empty board. By default (the rule on, 20 extensions) the
/// escape gets the lowest prior (0.2) and no visit in 50 playouts; with
/// `--ladder-extensions 0` it is the heaviest move, with the best
/// pattern prior (0.7).
#[test]
fn ladder_rule_is_on_by_default_and_lowers_a_laddered_escape() {
    let script =
        "boardsize 9\nplay b e6\nplay w e7\nplay w d6\nplay w e5\nplay w f5\nlz-analyze b 0\n";
    let prior_of_f6 = |extra: &[&str]| {
        search_analysis(extra, script)
            .into_iter()
            .find(|entry| entry["move"] == "F6")
            .map(|entry| entry["prior"].parse::<u32>().unwrap())
    };
    let by_default = prior_of_f6(&[]);
    assert!(
        by_default.is_none_or(|prior| prior == 2000),
        "{by_default:?}"
    );
    assert_eq!(prior_of_f6(&["--ladder-extensions", "0"]), Some(7000));
}

/// `--capture-percent`: White's D3 has just put Black's D4 in atari, and
/// D3 is itself in atari (Black C3 and D2); Black to move, its two
/// answers, the counter-capture E3 and the extension E4, both get the
/// best pattern prior (0.7) with the option, and not both without it.
#[test]
fn capture_rule_gives_the_atari_answers_the_best_prior() {
    let mut script = String::from("boardsize 7\n");
    for (color, v) in [
        ("b", "D4"),
        ("b", "C3"),
        ("b", "D2"),
        ("w", "D5"),
        ("w", "C4"),
        ("w", "D3"),
    ] {
        script += &format!("play {color} {v}\n");
    }
    script += "lz-analyze b 0\n";
    let priors = |extra: &[&str]| {
        let entries = search_analysis(extra, &script);
        ["E3", "E4"].map(|mv| {
            entries
                .iter()
                .find(|entry| entry["move"] == mv)
                .map(|entry| entry["prior"].parse::<u32>().unwrap())
        })
    };
    assert_eq!(
        priors(&["--capture-percent", "100"]),
        [Some(7000), Some(7000)]
    );
    let without = priors(&[]);
    assert!(
        without.iter().any(|p| p.is_none_or(|prior| prior < 7000)),
        "{without:?}"
    );
}

/// `--criticality-visits`: after the search's first 200 playouts the most
/// critical moves get bonus prior visits, all won, so that their prior
/// rises above the best pattern prior (0.7); without the option no prior
/// does.
#[test]
fn criticality_rule_raises_the_priors_of_critical_moves() {
    let script = "boardsize 7\nplay b d4\nplay w c3\nlz-analyze b 0\n";
    let best_prior = |extra: &[&str]| {
        let mut args = vec!["--search", "mcts", "--playouts", "400"];
        args.extend_from_slice(extra);
        let answers = session(&args, script);
        let line = answers.last().unwrap().trim_start_matches('=').trim();
        analysis_entries(line)
            .iter()
            .map(|entry| entry["prior"].parse::<u32>().unwrap())
            .max()
            .unwrap()
    };
    let with = best_prior(&["--criticality-visits", "20"]);
    assert!(with > 7000, "{with}");
    assert!(best_prior(&[]) <= 7000);
}

/// `combination_attack` and `combination_defend` in GNU Go's formats: the
/// double atari at E4 (white E5 and D4 each with two liberties), `PASS`
/// where there is none, `invalid color` without a colour.
#[test]
fn combination_commands_answer_in_gnu_gos_formats() {
    let setup = "boardsize 9\nplay black E6\nplay black D5\nplay black C4\n\
                 play white E5\nplay white D4\n";
    let script = format!(
        "{setup}combination_attack black\ncombination_defend black\n\
         combination_attack\nplay white E4\ncombination_attack black\n"
    );
    let answers = session(&[], &script);
    let n = answers.len();
    assert_eq!(answers[n - 5], "= E4");
    assert!(
        answers[n - 4].split_whitespace().any(|w| w == "E4"),
        "{}",
        answers[n - 4]
    );
    assert_eq!(answers[n - 3], "? invalid color");
    assert_eq!(answers[n - 1], "= PASS");
}

/// `--territorial-followup` adds GNU Go's territorial followup to genmove's
/// values (it reads GNU Go's `barriers.db`, so the test loads GNU Go's
/// pattern directory): on an open 9×9 position some move is worth more
/// with it, and none less (the followup is never negative).
#[test]
fn territorial_followup_option_raises_open_moves() {
    let shared = testkit::require_shared!();
    let dir = testkit::gnugo_patterns_dir(&shared);
    let dir = dir.to_str().unwrap();
    let script = "boardsize 9\nplay b e5\nplay w c3\nplay b d6\nplay w f3\nplay b d3\nplay w d2\n\
                  top_moves_black\n";
    let values = |args: &[&str]| -> Vec<(String, f32)> {
        let answers = session(args, script);
        let words: Vec<String> = answers
            .last()
            .unwrap()
            .trim_start_matches('=')
            .split_whitespace()
            .map(str::to_string)
            .collect();
        words
            .chunks(2)
            .map(|pair| (pair[0].clone(), pair[1].parse().unwrap()))
            .collect()
    };
    let plain = values(&["--patterns", dir]);
    let with = values(&["--patterns", dir, "--territorial-followup"]);
    assert!(!plain.is_empty(), "{plain:?}");
    let mut raised = 0;
    for (mv, before) in &plain {
        if let Some((_, after)) = with.iter().find(|(m, _)| m == mv) {
            assert!(*after >= before - 0.01, "{mv}: {before} -> {after}");
            raised += usize::from(*after > before + 0.01);
        }
    }
    assert!(raised > 0, "{plain:?} {with:?}");
}

#[test]
fn a_bad_argument_fails_even_with_input_waiting() {
    // More input than a pipe holds: tesuji exits on the argument before
    // reading it, and the run still reports the argument's error.
    let input = "name\n".repeat(64 * 1024);
    let output = tesuji_with_input(
        &["gtp", "--valuation", "territory.no_such_field=1"],
        input.as_bytes(),
    );
    assert!(!output.status.success());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("no_such_field"), "{stderr}");
}

/// `--valuation`'s prefixed settings: `territory.` for the region count,
/// `fill.` for liberty filling. Good ones are taken; a bad value or an
/// unknown field stops the program with an error naming the part.
#[test]
fn valuation_settings_with_a_prefix_are_checked_by_their_part() {
    let parts: [(&[&str], &[&str], &str); 2] = [
        (
            &["territory.point_weight=value", "territory.stone_point=0"],
            &["territory.point_weight=step", "territory.no_such_field=1"],
            "territory",
        ),
        (
            &["fill.combination_safety=on", "fill.territory_share_max=1"],
            &["fill.combination_safety=1", "fill.no_such_field=on"],
            "fill parameter",
        ),
    ];
    for (good, bad, part) in parts {
        let args: Vec<&str> = good.iter().flat_map(|g| ["--valuation", g]).collect();
        assert_eq!(session(&args, "name\n"), ["= tesuji"], "{good:?}");
        for bad in bad {
            let output = tesuji_with_input(&["gtp", "--valuation", bad], b"name\n");
            assert!(!output.status.success(), "{bad} accepted");
            let stderr = String::from_utf8_lossy(&output.stderr);
            assert!(stderr.contains(part), "{bad}: {stderr}");
        }
    }
}

/// `--owl KEY=VALUE` reaches the owl search of the GTP questions: on
/// GNU Go's owl test 1 the attack found with the default node limit is
/// not found within one node; a bad key or value stops the run naming the
/// key and the values it takes.
#[test]
fn owl_settings_reach_the_owl_questions_by_name() {
    let shared = testkit::require_shared!();
    let dir = testkit::gnugo_patterns_dir(&shared);
    let dir = dir.to_str().unwrap();
    let game = shared.join("regression/games/incident66.sgf");
    let script = format!("loadsgf {} 52\nowl_attack D8\n", game.display());
    let attack = |args: &[&str]| session(args, &script).pop().unwrap();
    assert_eq!(attack(&["--patterns", dir]), "= 1 E8");
    assert_eq!(attack(&["--patterns", dir, "--owl", "node_limit=1"]), "= 0");
    settings_refused(
        "--owl",
        &[
            ("no_such_field=1", "node_limit"),
            ("vital_always=1", "on|off"),
            ("node_limit=many", "whole number"),
            ("node_limit", "KEY=VALUE"),
        ],
    );
}

/// `--dragon-data KEY=VALUE` reaches the dragon data: on strategy21.sgf
/// move 197 the black dragon G18 (no eyes, an escape route, a moyo of 22)
/// is crude `unknown` with weakness 0.50 by default and, with
/// `alive_from_moyo=16`, crude `alive` with weakness 0 (GNU Go's answer);
/// a bad key or value stops the run naming the key and the values it takes.
#[test]
fn dragon_data_settings_reach_the_dragon_data_by_name() {
    let shared = testkit::require_shared!();
    let dir = testkit::gnugo_patterns_dir(&shared);
    let dir = dir.to_str().unwrap();
    let game = shared.join("corpus/positions/strategy21.sgf");
    let script = format!("loadsgf {} 197\ndragon_data G18\n", game.display());
    let fields = |args: &[&str]| {
        let data = session(args, &script).pop().unwrap();
        let field = |name: &str| {
            data.lines()
                .find(|l| l.split_whitespace().next() == Some(name))
                .and_then(|l| l.split_whitespace().nth(1))
                .unwrap_or_default()
                .to_string()
        };
        (field("crude_status"), field("weakness"))
    };
    assert_eq!(
        fields(&["--patterns", dir]),
        ("unknown".to_string(), "0.50".to_string())
    );
    assert_eq!(
        fields(&["--patterns", dir, "--dragon-data", "alive_from_moyo=16"]),
        ("alive".to_string(), "0.00".to_string())
    );
    settings_refused(
        "--dragon-data",
        &[
            ("no_such_rule=1", "alive_from_moyo"),
            ("alive_from_moyo=many", "whole number or off"),
            ("alive_from_moyo", "KEY=VALUE"),
        ],
    );
}

/// Each `(setting, named)`: `tesuji gtp OPTION setting` stops with a
/// failure whose message names the setting's key and `named` (the values
/// it takes, or a key it could have meant).
fn settings_refused(option: &str, cases: &[(&str, &str)]) {
    for &(bad, named) in cases {
        let output = tesuji_with_input(&["gtp", option, bad], b"name\n");
        assert!(!output.status.success(), "{option} {bad} accepted");
        let stderr = String::from_utf8_lossy(&output.stderr);
        let key = bad.split('=').next().unwrap();
        assert!(
            stderr.contains(key) && stderr.contains(named),
            "{option} {bad}: {stderr}"
        );
    }
}

/// `--search mcts` leaves out of its root the moves the game forbids but
/// its own board (simple ko) allows: after Black takes the ko at E4 and
/// both pass, White's retake at D4 is legal under simple ko but brings back
/// the position before Black's capture, which the session never plays. The
/// search must not spend playouts on it (nor list it), and `genmove` plays
/// something else.
#[test]
fn search_leaves_out_moves_that_repeat_a_position() {
    let mut position = String::from("boardsize 7\n");
    for v in ["C4", "D5", "D3"] {
        position += &format!("play b {v}\n");
    }
    for v in ["E5", "E3", "F4", "D4"] {
        position += &format!("play w {v}\n");
    }
    position += "play b E4\nplay w pass\nplay b pass\n";
    let listed = search_analysis(&[], &format!("{position}lz-analyze w 0\n"));
    assert!(!listed.is_empty());
    assert!(
        listed.iter().all(|entry| entry["move"] != "D4"),
        "{listed:?}"
    );
    let answers = session(
        &["--search", "mcts", "--playouts", "200", "--seed", "1"],
        &format!("{position}genmove w\n"),
    );
    let played = answers.last().unwrap();
    assert!(played.starts_with("= ") && played != "= D4", "{played}");
}

/// `--semeai KEY=VALUE` reaches `analyze_semeai`: on GNU Go's semeai test
/// 37 (semeai10.sgf, B11 L7) Black's defence B12 leaves the white dragon,
/// which the owl cannot attack as it stands, without a defence, so with
/// `owl.defence_kills_alive=on` the race answers GNU Go's `1 1 B12`
/// (`1 0 B12`, the owl's defence alone, without it); a bad key or value
/// stops the run naming the key and the values it takes.
#[test]
fn semeai_settings_reach_analyze_semeai_by_name() {
    let shared = testkit::require_shared!();
    let dir = testkit::gnugo_patterns_dir(&shared);
    let dir = dir.to_str().unwrap();
    let game = shared.join("regression/games/semeai/semeai10.sgf");
    let script = format!("loadsgf {}\nanalyze_semeai B11 L7\n", game.display());
    let race = |args: &[&str]| session(args, &script).pop().unwrap();
    assert_eq!(race(&["--patterns", dir]), "= 1 0 B12");
    assert_eq!(
        race(&["--patterns", dir, "--semeai", "owl.defence_kills_alive=on"]),
        "= 1 1 B12"
    );
    settings_refused(
        "--semeai",
        &[
            ("no_such_field=on", "owl.defence_kills_alive"),
            ("owl.defence_kills_alive=1", "on|off"),
            ("node_limit=many", "whole number"),
        ],
    );
}
