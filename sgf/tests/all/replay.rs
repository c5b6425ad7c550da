//! `replay_sgf_text`: one replay gives, before each move N, the position
//! `load_sgf_text(…, Some(N))` gives, and at the end the one `None` gives,
//! on games with handicap placement, setup, passes, captures, a ko, `PL`
//! and `IL`; errors are the loader's.

use std::path::Path;

use sgf::{Position, load_sgf_text, replay_sgf_text};

fn check(text: &str) {
    let file = Path::new("game.sgf");
    let mut visited: Vec<Position> = Vec::new();
    let last = replay_sgf_text(text, file, &mut |p| visited.push(p)).unwrap();
    assert_eq!(last, load_sgf_text(text, file, None).unwrap(), "{text}");
    assert_eq!(visited.len(), last.moves_played() as usize, "{text}");
    for (k, position) in visited.iter().enumerate() {
        let n = k as u32 + 1;
        assert_eq!(
            *position,
            load_sgf_text(text, file, Some(n)).unwrap(),
            "{text}: move {n}"
        );
    }
}

#[test]
fn every_position_is_the_loaders() {
    for text in [
        "(;SZ[9];B[ee];W[ed];B[dd];W[fd];B[ec];W[gg];B[fc];W[tt];B[fe];W[de])",
        // A ko taken and the ko point reset by a pass.
        "(;SZ[5];B[bb];W[cb];B[ac];W[dc];B[bd];W[cd];B[cc];W[bc];B[];W[ee])",
        // Handicap placed by the loader, setup and PL mid-game, IL.
        "(;SZ[9]HA[2];W[cc];B[gd]AB[ee]PL[W];W[gg]IL[aa];B[dg])",
        "(;SZ[9]AB[dd][ee]AW[ff];W[cc](;B[gg];W[hh])(;B[aa]))",
        "(;SZ[7]C[no moves])",
    ] {
        check(text);
    }
}

#[test]
fn errors_are_the_loaders() {
    let file = Path::new("bad.sgf");
    for text in ["no sgf", "(;SZ[9]HA[90];B[aa])", "(;SZ[5];B[hh])"] {
        let mut visits = 0;
        let error = replay_sgf_text(text, file, &mut |_| visits += 1).unwrap_err();
        assert_eq!(
            error.to_string(),
            load_sgf_text(text, file, None).unwrap_err().to_string()
        );
    }
    // A move on an occupied point: the whole-game replay refuses it; the
    // loader (GTP `loadsgf`, as GNU Go) stops before it with a warning
    // that gives the same cause.
    let text = "(;SZ[9];B[ee];W[ee])";
    let error = replay_sgf_text(text, file, &mut |_| {})
        .unwrap_err()
        .to_string();
    let warning = load_sgf_text(text, file, None).unwrap().warning.unwrap();
    assert_eq!(error, "bad.sgf: node 2: move 2 (W E5) on an occupied point");
    assert!(warning.starts_with(&error), "{warning}");
}
