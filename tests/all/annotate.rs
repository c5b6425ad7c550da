//! `tesuji annotate`: on real games of the position corpus the output
//! parses (strict `sgf-parse` and our reader), keeps every move and
//! property, and every label it adds stands on a point `tesuji propose`
//! proposes at that move (label 1 on its best point); existing labels and
//! comments are kept; bad input fails with a clear message.

use crate::cli_support;

use std::collections::HashSet;
use std::path::{Path, PathBuf};

use cli_support::tesuji;
use engine::EngineContext;
use engine::front::proposals::{proposals, rank_points};
use loader::gnugo_dir::{self as pattern_set, Databases};
use matcher::board::Point;
use sgf_parse::SgfNode;
use sgf_parse::go::{Prop, parse};

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tesuji-annotate-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn annotate(input: &Path, output: &Path, extra: &[&str]) {
    let run = tesuji()
        .arg("annotate")
        .arg(input)
        .arg("-o")
        .arg(output)
        .args(extra)
        .output()
        .unwrap();
    assert!(
        run.status.success(),
        "{}: {}",
        input.display(),
        String::from_utf8_lossy(&run.stderr)
    );
}

fn root(text: &str) -> SgfNode<Prop> {
    parse(text).unwrap().into_iter().next().unwrap()
}

/// The labels of a node, as (point, text).
fn labels(node: &SgfNode<Prop>) -> HashSet<(Point, String)> {
    node.properties()
        .filter_map(|p| match p {
            Prop::LB(set) => Some(
                set.iter()
                    .map(|(pt, text)| (Point::new(pt.y, pt.x), text.text.clone())),
            ),
            _ => None,
        })
        .flatten()
        .collect()
}

fn comment(node: &SgfNode<Prop>) -> Option<String> {
    node.properties().find_map(|p| match p {
        Prop::C(text) => Some(text.text.clone()),
        _ => None,
    })
}

fn moves_in(node: &SgfNode<Prop>) -> u32 {
    node.properties()
        .filter(|p| matches!(p, Prop::B(_) | Prop::W(_)))
        .count() as u32
}

/// Every node of the input and the output (same shape, variations
/// included) has the same properties apart from the added labels and
/// comment text.
fn assert_kept(input: &SgfNode<Prop>, output: &SgfNode<Prop>) {
    let plain = |node: &SgfNode<Prop>| -> Vec<Prop> {
        node.properties()
            .filter(|p| !matches!(p, Prop::LB(_) | Prop::C(_)))
            .cloned()
            .collect()
    };
    assert_eq!(plain(input), plain(output));
    assert!(labels(input).is_subset(&labels(output)));
    if let Some(before) = comment(input) {
        assert!(comment(output).unwrap().starts_with(&before));
    }
    assert_eq!(input.children.len(), output.children.len());
    for (a, b) in input.children.iter().zip(&output.children) {
        assert_kept(a, b);
    }
}

/// Checks the labels added on the main line against `tesuji propose`'s
/// proposals, position by position; returns how many labels were checked.
fn check_labels(
    input: &SgfNode<Prop>,
    output_file: &Path,
    output: &SgfNode<Prop>,
    set: &Databases,
) -> usize {
    let total = sgf::load_sgf_file(output_file, None)
        .unwrap()
        .moves_played();
    let mut checked = 0;
    let mut moves = 0;
    let mut annotated_nodes = 0;
    for (before, after) in input.main_variation().zip(output.main_variation()) {
        moves += moves_in(after);
        let added: HashSet<(Point, String)> =
            labels(after).difference(&labels(before)).cloned().collect();
        let Some(text) = comment(after).filter(|c| c.contains("tesuji: ")) else {
            assert!(added.is_empty());
            continue;
        };
        annotated_nodes += 1;
        // The annotations of a node are for the next move.
        let number = moves + 1;
        let position =
            sgf::load_sgf_file(output_file, (number <= total).then_some(number)).unwrap();
        let ko = position
            .ko
            .and_then(|p| position.board.geometry().vertex(p));
        let packed = matcher::PackedBoard::try_from(&position.board).expect("square board");
        let mut ctx = EngineContext::new(&position.board, ko, position.to_move);
        let proposals = proposals(set, &packed, position.to_move, &mut ctx);
        let ranked = rank_points(proposals.iter().map(|p| (p.point, p.value)));
        let proposed: HashSet<Point> = ranked.iter().copied().collect();
        let already: HashSet<Point> = labels(before).iter().map(|(p, _)| *p).collect();
        for (point, label) in &added {
            assert!(
                proposed.contains(point),
                "move {number}: label {label} at {point:?} not proposed"
            );
            let rank: usize = label.parse().unwrap();
            assert_eq!(ranked[rank - 1], *point, "move {number}: label {label}");
            checked += 1;
        }
        // Every proposed point is labelled (unless the input had a label there).
        assert_eq!(
            added.len() + proposed.intersection(&already).count(),
            proposed.len(),
            "move {number}"
        );
        assert!(
            text.contains(&format!("{} proposal(s)", proposals.len())),
            "{text}"
        );
        for p in &proposals {
            assert!(
                text.contains(&format!(
                    "{}/{} ll={} {}",
                    p.db,
                    p.pattern,
                    p.ll,
                    p.verdict.name()
                )),
                "{text}"
            );
        }
    }
    assert!(
        annotated_nodes as u32 >= total.min(1),
        "{annotated_nodes} nodes annotated"
    );
    checked
}

#[test]
fn five_corpus_games_annotated_with_propose_labels() {
    let shared = testkit::require_shared!();
    let dir = temp_dir("corpus");
    let patterns = testkit::gnugo_patterns_dir(&shared);
    let set = pattern_set::load(&patterns).unwrap();
    let mut total_labels = 0;
    for name in [
        "9x9-1.sgf",
        "9x9-5.sgf",
        "CrazyStone1.sgf",
        "lordofpi.sgf",
        "nodan-guno.sgf",
    ] {
        let input_file = testkit::positions_dir(&shared).join(name);
        let output_file = dir.join(name);
        annotate(
            &input_file,
            &output_file,
            &["--patterns", patterns.to_str().unwrap()],
        );
        let input_text = String::from_utf8_lossy(&std::fs::read(&input_file).unwrap()).into_owned();
        let output_text =
            String::from_utf8_lossy(&std::fs::read(&output_file).unwrap()).into_owned();
        let (input, output) = (root(&input_text), root(&output_text));
        assert!(sgf::read_sgf(&output_text).is_ok(), "{name}");
        assert_eq!(
            sgf::load_sgf_file(&input_file, None).unwrap(),
            sgf::load_sgf_file(&output_file, None).unwrap(),
            "{name}: the game replays the same"
        );
        assert_kept(&input, &output);
        let checked = check_labels(&input, &output_file, &output, &set);
        eprintln!("{name}: {checked} labels checked");
        total_labels += checked;
    }
    std::fs::remove_dir_all(&dir).ok();
    assert!(total_labels > 100, "{total_labels}");
}

#[test]
fn valued_labels_rank_the_moves_as_genmove_does() {
    let shared = testkit::require_shared!();
    let dir = temp_dir("valued");
    let input_file = testkit::positions_dir(&shared).join("9x9-1.sgf");
    let output_file = dir.join("valued.sgf");
    // The embedded databases: genmove's ranking, quickly.
    annotate(&input_file, &output_file, &["--valued"]);
    let output_text = String::from_utf8_lossy(&std::fs::read(&output_file).unwrap()).into_owned();
    let output = root(&output_text);
    let total = sgf::load_sgf_file(&output_file, None)
        .unwrap()
        .moves_played();
    let mut engine = engine::Engine::new(std::sync::Arc::new(pattern_set::embedded()));
    let (mut moves, mut compared) = (0, 0);
    for node in output.main_variation() {
        moves += moves_in(node);
        let Some(text) = comment(node).filter(|c| c.contains("tesuji: ")) else {
            continue;
        };
        let number = moves + 1;
        let position =
            sgf::load_sgf_file(&output_file, (number <= total).then_some(number)).unwrap();
        let ko = position
            .ko
            .and_then(|p| position.board.geometry().vertex(p));
        engine.set_position(position.board.clone(), ko);
        let ranked = engine.genmove(position.to_move);
        let found: Vec<(Point, usize)> = labels(node)
            .into_iter()
            .map(|(p, label)| (p, label.parse().unwrap()))
            .collect();
        assert_eq!(found.len(), ranked.len(), "move {number}");
        for (point, rank) in found {
            assert_eq!(ranked[rank - 1], point, "move {number}: label {rank}");
        }
        assert!(
            text.contains(&format!("{} valued move(s)", ranked.len())),
            "{text}"
        );
        if !ranked.is_empty() {
            assert!(text.contains("\n1 ") && text.contains(" value "), "{text}");
            compared += 1;
        }
    }
    std::fs::remove_dir_all(&dir).ok();
    assert!(compared > 10, "{compared} positions compared");
}

#[test]
fn existing_labels_and_comments_are_kept_and_escaped_text_parses() {
    let dir = temp_dir("own");
    let input_file = dir.join("in.sgf");
    // Labels of move 2 go on the node of move 1, which has a label at C7
    // already; the root's comment holds an escaped bracket.
    let text =
        "(;GM[1]SZ[9]AB[dd][ff]AW[df]C[root \\] comment];B[ee]LB[cc:A]C[hi];W[gc](;B[cg])(;B[gg]))";
    std::fs::write(&input_file, text).unwrap();
    let output_file = dir.join("out.sgf");
    annotate(&input_file, &output_file, &[]);
    let output_text = std::fs::read_to_string(&output_file).unwrap();
    let (input, output) = (root(text), root(&output_text));
    assert_kept(&input, &output);
    let set = pattern_set::embedded();
    check_labels(&input, &output_file, &output, &set);
    let node1 = output.children().next().unwrap();
    assert!(labels(node1).contains(&(Point::new(2, 2), "A".to_string())));
    assert_eq!(
        labels(node1)
            .iter()
            .filter(|(p, _)| *p == Point::new(2, 2))
            .count(),
        1
    );
    assert!(comment(node1).unwrap().starts_with("hi\n\ntesuji: "));
    assert!(
        comment(&output)
            .unwrap()
            .starts_with("root ] comment\n\ntesuji: ")
    );
    // The same output every time.
    let again = dir.join("again.sgf");
    annotate(&input_file, &again, &[]);
    assert_eq!(std::fs::read(&again).unwrap(), output_text.as_bytes());
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn bad_input_fails_with_a_clear_message() {
    let dir = temp_dir("bad");
    let cases: [(&str, Option<&str>, &str); 3] = [
        ("missing.sgf", None, "cannot read"),
        ("garbage.sgf", Some("this is no SGF"), "garbage.sgf"),
        ("illegal.sgf", Some("(;SZ[9];B[ee];W[ee])"), "occupied"),
    ];
    for (name, content, expected) in cases {
        let input = dir.join(name);
        if let Some(content) = content {
            std::fs::write(&input, content).unwrap();
        }
        let run = tesuji()
            .arg("annotate")
            .arg(&input)
            .arg("-o")
            .arg(dir.join("out.sgf"))
            .output()
            .unwrap();
        assert!(!run.status.success(), "{name}");
        let stderr = String::from_utf8_lossy(&run.stderr);
        assert!(
            stderr.contains(expected) && !stderr.contains("panicked"),
            "{name}: {stderr}"
        );
        assert!(!dir.join("out.sgf").exists(), "{name}");
    }
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn an_unwritable_output_is_refused_before_any_work_and_stderr_stays_quiet_off_a_terminal() {
    let shared = testkit::require_shared!();
    let dir = temp_dir("unwritable");
    let game = testkit::positions_dir(&shared).join("9x9-1.sgf");
    let no_dir = dir.join("no/such/dir/out.sgf");
    for output in [no_dir.as_path(), dir.as_path()] {
        // The input is missing too: the output is checked first.
        let run = tesuji()
            .arg("annotate")
            .arg(dir.join("missing.sgf"))
            .arg("-o")
            .arg(output)
            .output()
            .unwrap();
        assert!(!run.status.success());
        let stderr = String::from_utf8_lossy(&run.stderr);
        assert!(
            stderr.contains(&format!("{}: cannot write", output.display()))
                && !stderr.contains("missing.sgf"),
            "{stderr}"
        );
    }
    // A good run through the temporary file: the result in place, no
    // temporary file left, and no progress bar when stderr is a pipe.
    let out = dir.join("out.sgf");
    let run = tesuji()
        .arg("annotate")
        .arg(&game)
        .arg("-o")
        .arg(&out)
        .output()
        .unwrap();
    assert!(
        run.status.success(),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );
    assert!(
        run.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );
    assert!(std::fs::read_to_string(&out).unwrap().contains("tesuji:"));
    let left: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .filter(|n| n != "out.sgf")
        .collect();
    assert!(left.is_empty(), "{left:?}");
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(&out).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode, 0o644);
    }
    std::fs::remove_dir_all(&dir).ok();
}
