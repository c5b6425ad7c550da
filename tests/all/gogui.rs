//! GoGui's analyze commands over GTP (`tesuji gtp`): every command that
//! `gogui-analyze_commands` lists is known, listed by `list_commands`, and
//! answers well-formed `gfx` (GoGui's drawing commands, points on the
//! board); what they draw agrees with `tesuji explain` and with the
//! session's own `worm_data` / `dragon_stones`; bad arguments get GTP
//! errors.

use crate::cli_support;
use crate::common;

use std::collections::{BTreeMap, BTreeSet};

use cli_support::tesuji_with_input;
use common::context_for;
use engine::front::explain::{ContextKind, explain_position};
use engine::front::why_not::{NearMissIndex, explain_at};
use goban::Point;
use loader::gnugo_dir as pattern_set;
use matcher::PackedBoard;

/// Runs a GTP script; the answers in order (`Ok(text)` for `=`, `Err` for
/// `?`).
fn gtp(args: &[&str], script: &str) -> Vec<Result<String, String>> {
    let output = tesuji_with_input(args, script.as_bytes());
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let text = String::from_utf8(output.stdout).expect("UTF-8");
    text.split_terminator("\n\n")
        .map(|answer| {
            if let Some(rest) = answer.strip_prefix('=') {
                Ok(rest.trim_start_matches(' ').to_string())
            } else {
                Err(answer.trim_start_matches('?').trim().to_string())
            }
        })
        .collect()
}

/// A parsed `gfx` answer: command → its argument lists.
type Gfx = BTreeMap<String, Vec<Vec<String>>>;

/// Parses and validates a `gfx` answer on a `size` board: every line a
/// known drawing command, every point a vertex of the board, labels in
/// pairs, colours named as GoGui accepts them.
fn parse_gfx(text: &str, size: usize) -> Gfx {
    let mut gfx = Gfx::new();
    let is_vertex = |v: &str| Point::from_gtp(v, size).is_some();
    for line in text.lines() {
        let mut words = line.split_whitespace();
        let command = words.next().expect("a drawing command");
        let args: Vec<String> = words.map(str::to_string).collect();
        match command {
            "TEXT" => {}
            "LABEL" | "INFLUENCE" => {
                assert!(!args.is_empty() && args.len() % 2 == 0, "{line}");
                for pair in args.chunks(2) {
                    assert!(is_vertex(&pair[0]), "{line}");
                }
                if command == "INFLUENCE" {
                    let values = args.chunks(2).map(|pair| pair[1].parse::<f64>().unwrap());
                    assert!(
                        values.into_iter().all(|v| (-1.0..=1.0).contains(&v)),
                        "{line}"
                    );
                }
            }
            "VAR" => {
                assert!(!args.is_empty() && args.len() % 2 == 0, "{line}");
                for pair in args.chunks(2) {
                    assert!(["b", "w"].contains(&pair[0].as_str()), "{line}");
                    assert!(is_vertex(&pair[1]) || pair[1] == "pass", "{line}");
                }
            }
            "COLOR" => {
                let color = &args[0];
                assert!(
                    [
                        "black", "blue", "cyan", "green", "gray", "magenta", "pink", "red",
                        "white", "yellow"
                    ]
                    .contains(&color.as_str())
                        || (color.len() == 7
                            && color.starts_with('#')
                            && color[1..].chars().all(|c| c.is_ascii_hexdigit())),
                    "{line}"
                );
                assert!(args.len() > 1, "{line}");
                assert!(args[1..].iter().all(|p| is_vertex(p)), "{line}");
            }
            "BLACK" | "WHITE" | "CIRCLE" | "MARK" | "SQUARE" | "TRIANGLE" => {
                assert!(!args.is_empty(), "{line}");
                assert!(args.iter().all(|p| is_vertex(p)), "{line}");
            }
            other => panic!("not a gfx command: {other} in {line:?}"),
        }
        gfx.entry(command.to_string()).or_default().push(args);
    }
    gfx
}

/// The points of every `COLOR colour …` line.
fn colored(gfx: &Gfx, colour: &str) -> BTreeSet<String> {
    gfx.get("COLOR")
        .into_iter()
        .flatten()
        .filter(|args| args[0] == colour)
        .flat_map(|args| args[1..].iter().cloned())
        .collect()
}

/// The `LABEL` pairs.
fn labels(gfx: &Gfx) -> BTreeMap<String, String> {
    gfx.get("LABEL")
        .into_iter()
        .flatten()
        .flat_map(|args| {
            args.chunks(2)
                .map(|p| (p[0].clone(), p[1].clone()))
                .collect::<Vec<_>>()
        })
        .collect()
}

fn points(gfx: &Gfx, command: &str) -> BTreeSet<String> {
    gfx.get(command)
        .into_iter()
        .flatten()
        .flat_map(|args| args.iter().cloned())
        .collect()
}

/// A small written position on 9×9.
const MOVES: &[(&str, &str)] = &[
    ("black", "C3"),
    ("white", "D3"),
    ("black", "C4"),
    ("white", "D4"),
    ("black", "D5"),
    ("white", "E5"),
    ("black", "C6"),
    ("white", "G7"),
];

fn setup_script() -> String {
    let mut script = String::from("boardsize 9\nclear_board\n");
    for (color, vertex) in MOVES {
        script.push_str(&format!("play {color} {vertex}\n"));
    }
    script
}

/// Every listed analyze command works: known, in `list_commands`, and
/// answering valid gfx with its wildcards filled in as GoGui would; in
/// search mode the search's drawings are listed too.
#[test]
fn every_listed_analyze_command_answers_valid_gfx() {
    let plain = listed_commands_answer_valid_gfx(&["gtp"]);
    let search =
        listed_commands_answer_valid_gfx(&["gtp", "--search", "mcts", "--playouts", "300"]);
    assert_eq!(search.len(), plain.len() + 2);
    assert!(search.contains(&"tesuji-search_best".to_string()));
    assert!(search.contains(&"tesuji-search_ownership".to_string()));
}

/// Checks every command `tesuji ARGS` lists; their verbs.
fn listed_commands_answer_valid_gfx(args: &[&str]) -> Vec<String> {
    let set = pattern_set::embedded();
    let name = set
        .shapes
        .iter()
        .flat_map(|s| s.db.patterns.iter())
        .find(|p| p.has_move)
        .map(|p| p.name.to_string())
        .expect("an embedded pattern");
    let mut script = setup_script();
    script.push_str("gogui-analyze_commands\nlist_commands\n");
    let answers = gtp(args, &script);
    let listed = answers[answers.len() - 2]
        .clone()
        .expect("analyze commands");
    let all = answers[answers.len() - 1].clone().expect("list_commands");
    let lines: Vec<&str> = listed.lines().collect();
    assert!(lines.len() >= 7, "{listed}");
    let mut commands = Vec::new();
    for line in &lines {
        let parts: Vec<&str> = line.splitn(3, '/').collect();
        assert_eq!(parts.len(), 3, "{line}");
        assert_eq!(parts[0], "gfx", "{line}");
        assert!(!parts[1].is_empty());
        let command = parts[2]
            .replace("%c", "black")
            .replace("%p", "D6")
            .replace("%s", &name);
        let verb = command.split_whitespace().next().unwrap().to_string();
        assert!(
            all.lines().any(|c| c == verb),
            "{verb} not in list_commands"
        );
        commands.push((verb, command));
    }
    let mut script = setup_script();
    for (verb, command) in &commands {
        script.push_str(&format!("known_command {verb}\n{command}\n"));
    }
    let answers = gtp(args, &script);
    let answers = &answers[2 + MOVES.len()..];
    assert_eq!(answers.len(), 2 * commands.len());
    for ((_, command), pair) in commands.iter().zip(answers.chunks(2)) {
        assert_eq!(pair[0], Ok("true".to_string()), "{command}");
        let text = pair[1].clone().unwrap_or_else(|e| panic!("{command}: {e}"));
        let gfx = parse_gfx(&text, 9);
        assert!(gfx.contains_key("TEXT"), "{command}: {text}");
    }
    commands.into_iter().map(|(verb, _)| verb).collect()
}

/// Bad arguments: GTP errors, never a crash.
#[test]
fn bad_arguments_get_gtp_errors() {
    let mut script = setup_script();
    let cases = [
        ("tesuji-proposals purple", "invalid color"),
        ("tesuji-proposals", "invalid color"),
        ("tesuji-explain_at black Z99", "invalid coordinate"),
        ("tesuji-explain_at black", "invalid coordinate"),
        (
            "tesuji-pattern black NoSuchPattern",
            "unknown pattern NoSuchPattern",
        ),
        ("tesuji-pattern black", "missing pattern name"),
        ("tesuji-pattern_elements black J10 X", "invalid coordinate"),
        (
            "tesuji-pattern_elements white D6 NoSuchPattern",
            "unknown pattern",
        ),
        ("tesuji-undecided", "invalid color"),
    ];
    for (command, _) in &cases {
        script.push_str(command);
        script.push('\n');
    }
    let answers = gtp(&["gtp"], &script);
    for ((command, message), answer) in cases.iter().zip(&answers[2 + MOVES.len()..]) {
        let error = answer.clone().expect_err(command);
        assert!(error.contains(message), "{command}: {error}");
    }
}

/// With GNU Go's databases on a public position: proposals, undecided
/// points, the point report and one pattern's placements agree with
/// `tesuji explain`; worms and dragons with `worm_data` and
/// `dragon_stones`.
#[test]
fn drawings_agree_with_explain_worm_data_and_dragon_stones() {
    let shared = testkit::require_shared!();
    let dir = testkit::gnugo_patterns_dir(&shared);
    let set = pattern_set::load(&dir).expect("GNU Go's patterns");
    let p = common::public_positions(&shared)
        .into_iter()
        .find(|p| p.id == "pub02_9x9-5_34")
        .expect("position pub02");
    let position = common::load(&p);
    let color = position.to_move;
    let board = PackedBoard::try_from(&position.board).unwrap();
    let size = board.size();
    let mut ctx = context_for(&position, color, ContextKind::Engine);
    let rows = explain_position(&set, &board, color, ctx.as_mut());
    let moves_with = |verdict: &str| -> BTreeSet<String> {
        rows.iter()
            .filter(|r| r.verdict.name() == verdict)
            .map(|r| r.move_point.clone())
            .collect()
    };
    let accepted = moves_with("accepted");
    let undecided = moves_with("undecided");
    assert!(!accepted.is_empty() && !undecided.is_empty());
    // A point with proposals, and a pattern accepted there.
    let at = rows
        .iter()
        .find(|r| r.verdict.name() == "accepted" && r.db == "patterns")
        .expect("an accepted row");
    let point = Point::from_gtp(&at.move_point, size).unwrap();
    let index = NearMissIndex::new(&set, size);
    let report = explain_at(&set, &index, &board, color, ctx.as_mut(), point);
    let c = if color == goban::Color::Black {
        "black"
    } else {
        "white"
    };
    let script = format!(
        "loadsgf {} {}\ntesuji-proposals {c}\ntesuji-undecided {c}\ntesuji-explain_at {c} {mv}\n\
         tesuji-pattern {c} {name}\ntesuji-pattern_elements {c} {mv} {name}\n\
         tesuji-worms\nworm_data\ntesuji-dragons\ndragon_stones\n",
        p.sgf.display(),
        p.move_number,
        mv = at.move_point,
        name = at.pattern,
    );
    let answers = gtp(&["gtp", "--patterns", dir.to_str().unwrap()], &script);
    let answer = |k: usize| answers[k].clone().unwrap_or_else(|e| panic!("{k}: {e}"));

    // Proposals: green points = accepted moves, labels = accepted counts.
    let proposals = parse_gfx(&answer(1), size);
    assert_eq!(colored(&proposals, "green"), accepted);
    let mut counts: BTreeMap<String, String> = BTreeMap::new();
    for m in &accepted {
        let n = rows
            .iter()
            .filter(|r| r.verdict.name() == "accepted" && &r.move_point == m)
            .count();
        counts.insert(m.clone(), n.to_string());
    }
    assert_eq!(labels(&proposals), counts);

    // Undecided: yellow points = undecided moves.
    let open = parse_gfx(&answer(2), size);
    assert_eq!(colored(&open, "yellow"), undecided);
    assert!(
        labels(&open)
            .values()
            .all(|l| l.chars().all(|c| "TCDIGA".contains(c)))
    );

    // The point report: anchors of the proposing and rejected candidates.
    let at_point = parse_gfx(&answer(3), size);
    let anchors = |list: &[engine::front::why_not::Judged]| -> BTreeSet<String> {
        list.iter().filter_map(|j| j.anchor.clone()).collect()
    };
    assert_eq!(points(&at_point, "TRIANGLE"), anchors(&report.proposing));
    assert_eq!(points(&at_point, "SQUARE"), anchors(&report.rejected));
    assert_eq!(
        points(&at_point, "MARK"),
        BTreeSet::from([at.move_point.clone()])
    );
    let off: BTreeSet<String> = report
        .one_off
        .iter()
        .flat_map(|n| n.misfits.iter().filter_map(|m| m.point.clone()))
        .filter(|p| p != "off board")
        .collect();
    assert_eq!(colored(&at_point, "red"), off);

    // One pattern: its accepted moves green.
    let pattern = parse_gfx(&answer(4), size);
    let its_moves: BTreeSet<String> = rows
        .iter()
        .filter(|r| r.pattern == at.pattern && r.verdict.name() == "accepted")
        .map(|r| r.move_point.clone())
        .collect();
    assert_eq!(colored(&pattern, "green"), its_moves);

    // Its elements at the move where it matched: nothing red.
    let elements = parse_gfx(&answer(5), size);
    assert!(colored(&elements, "red").is_empty(), "{}", answer(5));
    assert!(!colored(&elements, "green").is_empty());
    assert!(answer(5).contains("matches"), "{}", answer(5));

    // Worms: one label per worm origin, with worm_data's liberties.
    let worms = parse_gfx(&answer(6), size);
    let data = answer(7);
    let mut origins = BTreeMap::new();
    let mut origin = None;
    for line in data.lines() {
        let mut words = line.split_whitespace();
        match (words.next(), words.next()) {
            (Some("origin"), Some(v)) => origin = Some(v.to_string()),
            (Some("liberties"), Some(n)) => {
                origins.insert(origin.clone().expect("origin first"), n.to_string());
            }
            _ => {}
        }
    }
    assert!(!origins.is_empty());
    assert_eq!(labels(&worms), origins);

    // Dragons: one COLOR line per dragon, the stones of dragon_stones.
    let dragons = parse_gfx(&answer(8), size);
    let drawn: BTreeSet<BTreeSet<String>> = dragons["COLOR"]
        .iter()
        .map(|args| args[1..].iter().cloned().collect())
        .collect();
    let listed: BTreeSet<BTreeSet<String>> = answer(9)
        .lines()
        .map(|l| l.split_whitespace().map(str::to_string).collect())
        .collect();
    assert_eq!(drawn, listed);
}

/// With GNU Go's databases on a public position: move values, territory,
/// dragon statuses and eye spaces agree with `top_moves_COLOR`,
/// `initial_influence COLOR territory_value`, `dragon_status` and
/// `eval_eye`.
#[test]
fn layer_drawings_agree_with_top_moves_influence_status_and_eyes() {
    let shared = testkit::require_shared!();
    let dir = testkit::gnugo_patterns_dir(&shared);
    let p = common::public_positions(&shared)
        .into_iter()
        .find(|p| p.id == "pub02_9x9-5_34")
        .expect("position pub02");
    let position = common::load(&p);
    let size = position.board.geometry().width();
    let c = if position.to_move == goban::Color::Black {
        "black"
    } else {
        "white"
    };
    let script = format!(
        "loadsgf {} {}\ntesuji-move_values {c}\ntop_moves_{c}\ntesuji-territory {c}\n\
         initial_influence {c} territory_value\ntesuji-dragon_status\ndragon_status\ntesuji-eyes\n",
        p.sgf.display(),
        p.move_number,
    );
    let mut answers = gtp(&["gtp", "--patterns", dir.to_str().unwrap()], &script);
    let eyes = parse_gfx(&answers[7].clone().expect("tesuji-eyes"), size);
    // eval_eye at each labelled eye-space origin.
    // eval_eye answers Black's space where a point is in spaces of both
    // colours: those origins are left out.
    let (black, white) = (colored(&eyes, "#8fb4ff"), colored(&eyes, "#ffe28a"));
    let origins: Vec<(String, String)> = labels(&eyes)
        .into_iter()
        .filter(|(origin, _)| !(black.contains(origin) && white.contains(origin)))
        .collect();
    assert!(origins.len() > 3, "{origins:?}");
    let mut eval_script = format!("loadsgf {} {}\n", p.sgf.display(), p.move_number);
    for (origin, _) in &origins {
        eval_script.push_str(&format!("eval_eye {origin}\n"));
    }
    let evals = gtp(&["gtp", "--patterns", dir.to_str().unwrap()], &eval_script);
    for ((origin, label), eval) in origins.iter().zip(&evals[1..]) {
        let eval = eval.clone().expect("eval_eye");
        let numbers: Vec<&str> = eval.split_whitespace().take(2).collect();
        let expected = if numbers[0] == numbers[1] {
            numbers[0].to_string()
        } else {
            numbers.join("-")
        };
        assert_eq!(label, &expected, "eye space at {origin}");
    }
    answers.truncate(7);
    let answer = |k: usize| answers[k].clone().unwrap_or_else(|e| panic!("{k}: {e}"));

    // Move values: the valued moves of top_moves, the best one green.
    let values = parse_gfx(&answer(1), size);
    let top: Vec<(String, f64)> = answer(2)
        .split_whitespace()
        .collect::<Vec<_>>()
        .chunks(2)
        .map(|pair| (pair[0].to_string(), pair[1].parse().unwrap()))
        .collect();
    assert!(!top.is_empty());
    // (top_moves lists the best 10, the drawing every valued move.)
    let drawn = labels(&values);
    assert!(drawn.len() >= top.len());
    let least_listed = top.last().unwrap().1;
    for (v, label) in &drawn {
        let listed = top.iter().any(|(t, _)| t == v);
        let value: f64 = label.parse().unwrap();
        assert!(
            listed || value <= least_listed + 0.05,
            "{v} {value} not in top_moves"
        );
    }
    for (v, value) in &top {
        let label: f64 = drawn[v].parse().unwrap();
        assert!(
            (label - value).abs() <= 0.051,
            "{v}: {label} against {value}"
        );
    }
    assert_eq!(
        colored(&values, "green"),
        BTreeSet::from([top[0].0.clone()])
    );

    // Territory: GoGui's sign (Black positive) of GNU Go's map (White
    // positive), every point drawn where the map is not near zero.
    let territory = parse_gfx(&answer(3), size);
    let map: Vec<f64> = answer(4)
        .split_whitespace()
        .map(|v| v.parse().unwrap())
        .collect();
    assert_eq!(map.len(), size * size);
    let shaded: BTreeMap<String, f64> = territory["INFLUENCE"][0]
        .chunks(2)
        .map(|pair| (pair[0].clone(), pair[1].parse().unwrap()))
        .collect();
    let mut compared = 0;
    for (k, &value) in map.iter().enumerate() {
        let name = Point::new((k / size) as u8, (k % size) as u8).to_gtp(size);
        match shaded.get(&name) {
            Some(&drawn) => {
                assert!((drawn + value.clamp(-1.0, 1.0)).abs() <= 0.011, "{name}");
                compared += 1;
            }
            None => assert!(value.abs() < 0.06, "{name}: {value} not drawn"),
        }
    }
    assert!(compared > 10, "{compared}");

    // Dragon status: each dragon's letter at its origin is dragon_status's.
    let statuses = parse_gfx(&answer(5), size);
    let drawn = labels(&statuses);
    let listed: BTreeMap<String, String> = answer(6)
        .lines()
        .map(|line| {
            let (origin, status) = line.split_once(": ").expect("origin: status");
            (origin.to_string(), status[..1].to_string())
        })
        .collect();
    assert_eq!(drawn, listed);
    assert!(listed.values().any(|s| s == "a"));
}
