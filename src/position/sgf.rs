//! SGF replay with GTP `loadsgf FILE N` semantics (GNU Go's
//! `gameinfo_play_sgftree`): walk the main line from the root, apply
//! `AB`/`AW` setup, `PL`, `IL` ko marks and `B`/`W` moves, and stop at the
//! move property reached after N − 1 moves. `AE` is ignored, as GNU Go
//! ignores it.

use std::path::{Path, PathBuf};

use matcher::board::{Board, Cell, Color, Point};
use sgf_parse::go::{Move, Prop};

use super::Position;
use super::handicap::fixed_handicap_points;
use super::rules::{is_ko_capture, play};

/// Why a position could not be loaded.
#[derive(Debug, thiserror::Error)]
pub enum LoadError {
    /// The file could not be read.
    #[error("{file}: cannot read: {source}")]
    Io {
        /// The file.
        file: PathBuf,
        /// The cause.
        source: std::io::Error,
    },
    /// The text is not a valid SGF collection.
    #[error("{file}: not valid SGF: {cause}")]
    Syntax {
        /// The file.
        file: PathBuf,
        /// The parser's message.
        cause: String,
    },
    /// The SGF is well formed but cannot be replayed.
    #[error("{file}: node {node}: {cause}")]
    Illegal {
        /// The file.
        file: PathBuf,
        /// Node number along the main line (0 = root).
        node: usize,
        /// What is wrong.
        cause: String,
    },
}

/// Loads `path` like GTP `loadsgf path move_number` (`None`: the whole main
/// line).
pub fn load_sgf_file(path: &Path, move_number: Option<u32>) -> Result<Position, LoadError> {
    let text = std::fs::read(path).map_err(|source| LoadError::Io {
        file: path.into(),
        source,
    })?;
    // SGF files are often Latin-1; only ASCII matters for the game record.
    let text = String::from_utf8_lossy(&text);
    load_sgf_text(&text, path, move_number)
}

/// Loads SGF `text` (named `file` in errors) like GTP `loadsgf`.
pub fn load_sgf_text(
    text: &str,
    file: &Path,
    move_number: Option<u32>,
) -> Result<Position, LoadError> {
    let syntax = |cause: String| LoadError::Syntax {
        file: file.into(),
        cause,
    };
    let text = tolerate_common_damage(text);
    let trees = sgf_parse::go::parse(&text).map_err(|e| syntax(e.to_string()))?;
    let root = trees
        .into_iter()
        .next()
        .ok_or_else(|| syntax("no game tree".into()))?;
    Replay::new(file, &root)?.run(&root, move_number)
}

/// Replay state.
struct Replay<'a> {
    file: &'a Path,
    size: usize,
    board: Board,
    next: Color,
    /// The root `HA` value (0 when absent or below 2).
    handicap: u32,
    /// Fixed handicap stones placed by the loader.
    placed_handicap: u32,
    ko: Option<Point>,
    moves_played: u32,
    black_captured: u32,
    white_captured: u32,
}

impl<'a> Replay<'a> {
    fn new(file: &'a Path, root: &sgf_parse::SgfNode<Prop>) -> Result<Replay<'a>, LoadError> {
        let illegal = |cause: String| LoadError::Illegal {
            file: file.into(),
            node: 0,
            cause,
        };
        let size = match root.get_property("SZ") {
            Some(Prop::SZ((w, h))) if w == h => *w as usize,
            Some(Prop::SZ((w, h))) => return Err(illegal(format!("board {w}x{h} is not square"))),
            Some(other) => return Err(illegal(format!("bad board size {other}"))),
            None => 19,
        };
        let board = Board::new(size).map_err(|e| illegal(e.to_string()))?;
        let handicap = match root.get_property("HA") {
            Some(Prop::HA(h)) if *h > 1 => *h as u32,
            _ => 0,
        };
        if handicap as usize > size * size - 1 {
            return Err(illegal(format!(
                "handicap {handicap} does not fit a {size}x{size} board"
            )));
        }
        Ok(Replay {
            file,
            size,
            board,
            next: if handicap > 1 {
                Color::White
            } else {
                Color::Black
            },
            handicap,
            placed_handicap: 0,
            ko: None,
            moves_played: 0,
            black_captured: 0,
            white_captured: 0,
        })
    }

    fn position(self) -> Position {
        Position {
            board: self.board,
            to_move: self.next,
            ko: self.ko,
            moves_played: self.moves_played,
            handicap: self.placed_handicap,
            black_captured: self.black_captured,
            white_captured: self.white_captured,
        }
    }

    /// An SGF point as a board point, `None` if off the board.
    fn point(&self, p: sgf_parse::go::Point) -> Option<Point> {
        let (i, j) = (p.y as usize, p.x as usize);
        (i < self.size && j < self.size).then(|| Point::new(i as u8, j as u8))
    }

    fn illegal(&self, node: usize, cause: String) -> LoadError {
        LoadError::Illegal {
            file: self.file.into(),
            node,
            cause,
        }
    }

    /// GNU Go places fixed handicap stones itself when White is about to
    /// move on an empty board.
    fn maybe_place_handicap(&mut self) {
        let empty = self.board.points().all(|p| self.board.at(p) == Cell::Empty);
        if empty && self.next == Color::White {
            let points = fixed_handicap_points(self.size, self.handicap);
            self.placed_handicap = points.len() as u32;
            for p in points {
                self.board.set(p, Cell::Black);
            }
        }
    }

    fn run(
        mut self,
        root: &sgf_parse::SgfNode<Prop>,
        move_number: Option<u32>,
    ) -> Result<Position, LoadError> {
        for (node_index, node) in root.main_variation().enumerate() {
            for prop in node.properties() {
                match prop {
                    Prop::AB(points) | Prop::AW(points) => {
                        let stone = if matches!(prop, Prop::AB(_)) {
                            Cell::Black
                        } else {
                            Cell::White
                        };
                        // GNU Go warns about and skips stones off the board
                        // or on occupied points.
                        let mut points: Vec<Point> =
                            points.iter().filter_map(|&p| self.point(p)).collect();
                        points.sort();
                        for p in points {
                            if self.board.at(p) == Cell::Empty {
                                self.board.set(p, stone);
                            }
                        }
                    }
                    Prop::PL(color) => {
                        self.next = match color {
                            sgf_parse::Color::White => Color::White,
                            sgf_parse::Color::Black => Color::Black,
                        };
                        self.maybe_place_handicap();
                    }
                    Prop::Invalid(id, values) if id == "PL" => {
                        // Like GNU Go: `w`, `W` or FF[3]'s `2` mean White.
                        let white = values
                            .first()
                            .is_some_and(|v| v.starts_with(['w', 'W', '2']));
                        self.next = if white { Color::White } else { Color::Black };
                        self.maybe_place_handicap();
                    }
                    Prop::B(mv) | Prop::W(mv) => {
                        self.next = if matches!(prop, Prop::B(_)) {
                            Color::Black
                        } else {
                            Color::White
                        };
                        self.maybe_place_handicap();
                        if move_number.is_some_and(|n| self.moves_played + 1 == n) {
                            return Ok(self.position());
                        }
                        let point = match *mv {
                            Move::Pass => None,
                            // `tt` is a pass on boards up to 19 lines.
                            Move::Move(p) if p.x == 19 && p.y == 19 && self.size <= 19 => None,
                            Move::Move(p) => match self.point(p) {
                                Some(point) => Some(point),
                                None => {
                                    return Err(self.illegal(
                                        node_index,
                                        format!("move {} off the board", mv_text(prop)),
                                    ));
                                }
                            },
                        };
                        match point {
                            None => self.ko = None,
                            Some(p) if self.board.at(p) != Cell::Empty => {
                                return Err(self.illegal(
                                    node_index,
                                    format!(
                                        "move {} {} on an occupied point",
                                        self.next,
                                        p.to_gtp(self.size)
                                    ),
                                ));
                            }
                            Some(p) => {
                                let outcome = play(&mut self.board, p, self.next);
                                let (own, other) = (&outcome.suicided, &outcome.captured);
                                let (black, white) = match self.next {
                                    Color::Black => (own.len(), other.len()),
                                    Color::White => (other.len(), own.len()),
                                };
                                self.black_captured += black as u32;
                                self.white_captured += white as u32;
                                self.ko = outcome.ko;
                            }
                        }
                        self.moves_played += 1;
                        self.next = self.next.other();
                    }
                    Prop::Invalid(id, values) if id == "B" || id == "W" => {
                        return Err(self.illegal(
                            node_index,
                            format!("invalid move {id}[{}]", values.join("][")),
                        ));
                    }
                    Prop::Invalid(id, values) if id == "IL" => {
                        self.ilegal_mark(node_index, values)?;
                    }
                    Prop::Unknown(id, values) if id == "IL" => {
                        self.ilegal_mark(node_index, values)?;
                    }
                    _ => {}
                }
            }
        }
        Ok(self.position())
    }

    /// GNU Go's `IL` property: a point where the ko capture is illegal; if
    /// it is a ko capture for the colour opposite to its northern (else
    /// southern) neighbour, it becomes the ko point.
    fn ilegal_mark(&mut self, node: usize, values: &[String]) -> Result<(), LoadError> {
        for value in values {
            let bytes = value.as_bytes();
            if bytes.len() != 2 || !bytes.iter().all(u8::is_ascii_lowercase) {
                return Err(self.illegal(node, format!("invalid point IL[{value}]")));
            }
            let (j, i) = ((bytes[0] - b'a') as usize, (bytes[1] - b'a') as usize);
            if i >= self.size || j >= self.size || self.size < 2 {
                continue;
            }
            let p = Point::new(i as u8, j as u8);
            let beside = if i > 0 {
                Point::new(p.i - 1, p.j)
            } else {
                Point::new(p.i + 1, p.j)
            };
            let Some(color) = self.board.at(beside).color() else {
                continue;
            };
            if self.board.at(p) == Cell::Empty && is_ko_capture(&self.board, p, color.other()) {
                self.ko = Some(p);
            }
        }
        Ok(())
    }
}

/// Repairs what GNU Go's lenient SGF reader accepts but a strict parser
/// does not: a byte-order mark or other text before the first `(`, empty
/// nodes (`;` directly followed by `;`, `)` or the end), and missing
/// closing parentheses at the end of the file. Property values are copied
/// untouched.
fn tolerate_common_damage(text: &str) -> String {
    let start = text.find('(').unwrap_or(0);
    let chars: Vec<char> = text[start..].chars().collect();
    let mut out = String::with_capacity(chars.len() + 4);
    let mut depth = 0usize;
    let mut k = 0;
    while k < chars.len() {
        let c = chars[k];
        match c {
            '[' => {
                // Copy the value up to the closing bracket, honouring `\`.
                out.push(c);
                k += 1;
                while k < chars.len() {
                    let v = chars[k];
                    out.push(v);
                    k += 1;
                    if v == '\\' && k < chars.len() {
                        out.push(chars[k]);
                        k += 1;
                    } else if v == ']' {
                        break;
                    }
                }
                continue;
            }
            '(' => depth += 1,
            ')' => depth = depth.saturating_sub(1),
            ';' => {
                let following = chars[k + 1..].iter().find(|ch| !ch.is_whitespace());
                if matches!(following, None | Some(';') | Some(')')) {
                    k += 1;
                    continue;
                }
            }
            _ => {}
        }
        out.push(c);
        k += 1;
    }
    for _ in 0..depth {
        out.push(')');
    }
    out
}

/// `B[..]` / `W[..]` as written.
fn mv_text(prop: &Prop) -> String {
    prop.to_string()
}
