//! Fuzz target: any bytes, read as SGF text, must go through the reader
//! (strict and with `loadsgf`'s leniency) and the `loadsgf` loader (to the
//! end and stopping before a move number taken from the first byte)
//! without panicking; every error must render; a loaded position's board
//! must pass the board core's own consistency check and have replayed no
//! more moves than asked for.

#![no_main]

use std::path::Path;

use libfuzzer_sys::fuzz_target;
use sgf::{ReadOptions, load_sgf_text, read_sgf, read_sgf_with};

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    for result in [read_sgf(&text), read_sgf_with(&text, ReadOptions::LOADSGF)] {
        match result {
            Ok(tree) => {
                assert_eq!(tree.node_paths.len(), count_nodes(&tree.root));
            }
            Err(error) => {
                let _ = error.to_string();
            }
        }
    }
    let move_number = data.first().map(|&b| u32::from(b % 16));
    for n in [None, move_number] {
        match load_sgf_text(&text, Path::new("fuzz.sgf"), n) {
            Ok(position) => {
                if let Err(problem) = position.board.verify() {
                    panic!("inconsistent board after loading: {problem}");
                }
                if let Some(n) = n.filter(|&n| n > 0) {
                    assert!(position.moves_played() < n);
                }
            }
            Err(error) => {
                let _ = error.to_string();
            }
        }
    }
});

/// Nodes of the tree under (and including) `node`.
fn count_nodes<P: sgf_parse::SgfProp>(node: &sgf_parse::SgfNode<P>) -> usize {
    1 + node.children().map(count_nodes).sum::<usize>()
}
