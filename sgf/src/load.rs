//! SGF replay with GTP `loadsgf FILE N` semantics (GNU Go's
//! `gameinfo_play_sgftree`): read the text with the workspace's one lenient
//! reader, walk the main line from the root, apply `AB`/`AW` setup, `PL`,
//! `IL` ko marks and `B`/`W` moves on a [`goban::Board`], and stop at the
//! move property reached after N − 1 moves. `AE` is ignored, as GNU Go
//! ignores it.

use std::path::{Path, PathBuf};

use goban::{Board, Cell, Color, Geometry, Point, Vertex};
use sgf_parse::SgfNode;
use sgf_parse::go::{Move, Prop};

use crate::game::Played;
use crate::handicap::fixed_handicap_points;
use crate::position::Position;
use crate::reader::{ReadOptions, read_sgf_with};

/// Where `loadsgf` stops replaying the main line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum StopAt {
    /// At its end (`loadsgf FILE`).
    End,
    /// Before move N, counted from 1 (`loadsgf FILE N`); 0 is the end.
    MoveNumber(u32),
    /// Before the first move at this GTP vertex (`loadsgf FILE VERTEX`,
    /// GNU Go's form); a vertex that is not on the loaded board, or where
    /// no move is played, loads to the end, as GNU Go does.
    FirstMoveAt(String),
}

impl StopAt {
    /// `None` as the end, `Some(N)` as move N.
    pub fn from_move_number(move_number: Option<u32>) -> StopAt {
        move_number.map_or(StopAt::End, StopAt::MoveNumber)
    }
}

/// Why a position could not be loaded.
#[derive(Debug, thiserror::Error)]
pub enum LoadError {
    /// There is no such file.
    #[error("{file}: cannot read: no such file")]
    Missing {
        /// The file.
        file: PathBuf,
    },
    /// The path is a directory or something else that is not a file.
    #[error("{file}: cannot read: not a file")]
    NotAFile {
        /// The path.
        file: PathBuf,
    },
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
        /// The reader's message (line, column, node and cause).
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
    load_sgf_file_at(path, &StopAt::from_move_number(move_number))
}

/// Loads `path` like GTP `loadsgf path [N | VERTEX]`, saying why it
/// cannot: no such file, not a file, not readable, not SGF (line and
/// column), a move that cannot be replayed (its number, vertex and why).
pub fn load_sgf_file_at(path: &Path, stop: &StopAt) -> Result<Position, LoadError> {
    let file = || path.to_path_buf();
    match std::fs::metadata(path) {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            return Err(LoadError::Missing { file: file() });
        }
        Ok(metadata) if !metadata.is_file() => return Err(LoadError::NotAFile { file: file() }),
        _ => {}
    }
    let text = std::fs::read(path).map_err(|source| LoadError::Io {
        file: file(),
        source,
    })?;
    // SGF files are often Latin-1; only ASCII matters for the game record.
    let text = String::from_utf8_lossy(&text);
    load_sgf_text_at(&text, path, stop)
}

/// Loads SGF `text` (named `file` in errors) like GTP `loadsgf`.
pub fn load_sgf_text(
    text: &str,
    file: &Path,
    move_number: Option<u32>,
) -> Result<Position, LoadError> {
    load_sgf_text_at(text, file, &StopAt::from_move_number(move_number))
}

/// Loads SGF `text` (named `file` in errors) like GTP `loadsgf FILE [N |
/// VERTEX]`. A move on an occupied point ends the replay there, as in GNU
/// Go: the position before it, with [`Position::warning`] saying so.
pub fn load_sgf_text_at(text: &str, file: &Path, stop: &StopAt) -> Result<Position, LoadError> {
    let tree = read_sgf_with(text, ReadOptions::LOADSGF).map_err(|e| LoadError::Syntax {
        file: file.into(),
        cause: e.to_string(),
    })?;
    let mut replay = Replay::new(file, &tree.root)?;
    replay.stop_at_occupied = true;
    replay.run(&tree.root, stop, &mut |_| {})
}

/// Replays SGF `text` (named `file` in errors) once, calling `visit` with
/// the position before each move of the main line (for move N, what
/// [`load_sgf_text`] gives with `Some(N)`), and returns the final position
/// (what it gives with `None`), or the error it gives. One replay instead
/// of one per move, for tools that walk a whole game.
pub fn replay_sgf_text(
    text: &str,
    file: &Path,
    visit: &mut dyn FnMut(Position),
) -> Result<Position, LoadError> {
    let tree = read_sgf_with(text, ReadOptions::LOADSGF).map_err(|e| LoadError::Syntax {
        file: file.into(),
        cause: e.to_string(),
    })?;
    Replay::new(file, &tree.root)?.run(&tree.root, &StopAt::End, visit)
}

/// Replay state.
struct Replay<'a> {
    file: &'a Path,
    geometry: Geometry,
    board: Board,
    next: Color,
    /// The root `HA` value (0 when absent or below 2).
    handicap: u32,
    /// Fixed handicap stones placed by the loader.
    placed_handicap: u32,
    ko: Option<Point>,
    /// The moves played so far, with their colours.
    moves: Vec<(Color, Played)>,
    black_captured: u32,
    white_captured: u32,
    /// Whether a move on an occupied point ends the replay with a warning
    /// (GTP `loadsgf`, as GNU Go) rather than an error.
    stop_at_occupied: bool,
    /// Why the replay stopped early.
    warning: Option<String>,
}

impl<'a> Replay<'a> {
    fn new(file: &'a Path, root: &SgfNode<Prop>) -> Result<Replay<'a>, LoadError> {
        let illegal = |cause: String| LoadError::Illegal {
            file: file.into(),
            node: 0,
            cause,
        };
        let size = match root.get_property("SZ") {
            Some(Prop::SZ((w, h))) if w == h => usize::from(*w),
            Some(Prop::SZ((w, h))) => return Err(illegal(format!("board {w}x{h} is not square"))),
            Some(other) => return Err(illegal(format!("bad board size {other}"))),
            None => 19,
        };
        let geometry = Geometry::square(size).map_err(|e| illegal(e.to_string()))?;
        let handicap = match root.get_property("HA") {
            Some(Prop::HA(h)) if *h > 1 => u32::try_from(*h).unwrap_or(u32::MAX),
            _ => 0,
        };
        if handicap as usize > size * size - 1 {
            return Err(illegal(format!(
                "handicap {handicap} does not fit a {size}x{size} board"
            )));
        }
        Ok(Replay {
            file,
            geometry,
            board: Board::new(geometry),
            next: if handicap > 1 {
                Color::White
            } else {
                Color::Black
            },
            handicap,
            placed_handicap: 0,
            ko: None,
            moves: Vec::new(),
            black_captured: 0,
            white_captured: 0,
            stop_at_occupied: false,
            warning: None,
        })
    }

    /// The position now, for [`replay_sgf_text`]'s visitor and as the
    /// loader's result.
    fn snapshot(&self) -> Position {
        Position {
            board: self.board.clone(),
            to_move: self.next,
            ko: self.ko,
            moves: self.moves.clone(),
            handicap: self.placed_handicap,
            black_captured: self.black_captured,
            white_captured: self.white_captured,
            warning: self.warning.clone(),
        }
    }

    /// An SGF point as a board vertex, `None` if off the board.
    fn vertex(&self, p: sgf_parse::go::Point) -> Option<Vertex> {
        self.geometry.vertex(Point::new(p.y, p.x))
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
        let empty = Color::BOTH.iter().all(|&c| self.board.stone_count(c) == 0);
        if empty && self.next == Color::White {
            let points = fixed_handicap_points(self.geometry.width(), self.handicap);
            self.placed_handicap = points.len() as u32;
            for p in points {
                self.board
                    .place_stone(Color::Black, self.geometry.vertex_unchecked(p));
            }
        }
    }

    fn run(
        mut self,
        root: &SgfNode<Prop>,
        stop: &StopAt,
        visit: &mut dyn FnMut(Position),
    ) -> Result<Position, LoadError> {
        let move_number = match stop {
            StopAt::MoveNumber(n) if *n > 0 => Some(*n),
            _ => None,
        };
        let stop_vertex = match stop {
            StopAt::FirstMoveAt(text) => self.geometry.parse_gtp(text),
            _ => None,
        };
        for (node_index, node) in root.main_variation().enumerate() {
            for prop in node.properties() {
                match prop {
                    Prop::AB(points) | Prop::AW(points) => {
                        let color = if matches!(prop, Prop::AB(_)) {
                            Color::Black
                        } else {
                            Color::White
                        };
                        // GNU Go warns about and skips stones off the board
                        // or on occupied points.
                        let mut vertices: Vec<Vertex> =
                            points.iter().filter_map(|&p| self.vertex(p)).collect();
                        vertices.sort();
                        for v in vertices {
                            if self.board.cell(v) == Cell::Empty {
                                self.board.place_stone(color, v);
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
                        if move_number.is_some_and(|n| self.moves.len() + 1 == n as usize) {
                            return Ok(self.snapshot());
                        }
                        if stop_vertex.is_some_and(
                            |v| matches!(mv, Move::Move(p) if self.vertex(*p) == Some(v)),
                        ) {
                            return Ok(self.snapshot());
                        }
                        visit(self.snapshot());
                        if let Err(error) = self.play(node_index, prop, *mv) {
                            if self.stop_at_occupied && self.warning.is_some() {
                                return Ok(self.snapshot());
                            }
                            return Err(error);
                        }
                        self.next = self.next.other();
                    }
                    Prop::Invalid(id, values) if id == "B" || id == "W" => {
                        return Err(self.illegal(
                            node_index,
                            format!("invalid move {id}[{}]", values.join("][")),
                        ));
                    }
                    Prop::Invalid(id, values) | Prop::Unknown(id, values) if id == "IL" => {
                        self.illegal_ko_mark(node_index, values)?;
                    }
                    _ => {}
                }
            }
        }
        Ok(self.snapshot())
    }

    /// Plays the move `mv` (property `prop`) for `self.next` with the board
    /// core's rules: captures, removal of a suicidal string, the ko point.
    fn play(&mut self, node_index: usize, prop: &Prop, mv: Move) -> Result<(), LoadError> {
        let vertex = match mv {
            Move::Pass => None,
            // `tt` is a pass on boards up to 19 lines.
            Move::Move(p) if p.x == 19 && p.y == 19 && self.geometry.width() <= 19 => None,
            Move::Move(p) => match self.vertex(p) {
                Some(v) => Some(v),
                None => {
                    return Err(self.illegal(
                        node_index,
                        format!("move {} {prop} off the board", self.moves.len() + 1),
                    ));
                }
            },
        };
        let Some(v) = vertex else {
            self.ko = None;
            self.moves.push((self.next, Played::Pass));
            return Ok(());
        };
        if self.board.cell(v) != Cell::Empty {
            let cause = format!(
                "move {} ({} {}) on an occupied point",
                self.moves.len() + 1,
                self.next,
                self.geometry.gtp(v)
            );
            if self.stop_at_occupied {
                self.warning = Some(format!(
                    "{}: node {node_index}: {cause}; loaded the position before it",
                    self.file.display()
                ));
            }
            return Err(self.illegal(node_index, cause));
        }
        let record = self.board.play(self.next, v);
        let (black, white) = match self.next {
            Color::Black => (record.suicided, record.captured),
            Color::White => (record.captured, record.suicided),
        };
        self.black_captured += black as u32;
        self.white_captured += white as u32;
        self.ko = record.ko.map(|k| self.geometry.point(k));
        self.moves
            .push((self.next, Played::Point(self.geometry.point(v))));
        Ok(())
    }

    /// GNU Go's `IL` property: a point where the ko capture is illegal; if
    /// it is a ko capture for the colour opposite to its northern (else
    /// southern) neighbour, it becomes the ko point.
    fn illegal_ko_mark(&mut self, node: usize, values: &[String]) -> Result<(), LoadError> {
        let size = self.geometry.width();
        for value in values {
            let bytes = value.as_bytes();
            if bytes.len() != 2 || !bytes.iter().all(u8::is_ascii_lowercase) {
                return Err(self.illegal(node, format!("invalid point IL[{value}]")));
            }
            let (j, i) = (bytes[0] - b'a', bytes[1] - b'a');
            if usize::from(i) >= size || usize::from(j) >= size || size < 2 {
                continue;
            }
            let p = Point::new(i, j);
            let beside = if i > 0 {
                Point::new(i - 1, j)
            } else {
                Point::new(i + 1, j)
            };
            let Some(color) = self.board.at(beside).color() else {
                continue;
            };
            let v = self.geometry.vertex_unchecked(p);
            if self.board.cell(v) == Cell::Empty && is_ko_capture(&self.board, v, color.other()) {
                self.ko = Some(p);
            }
        }
        Ok(())
    }
}

/// GNU Go's `is_ko`: whether `color` playing at the empty vertex `v` would
/// capture exactly one stone, every on-board neighbour being an opponent
/// stone.
fn is_ko_capture(board: &Board, v: Vertex, color: Color) -> bool {
    let opponent = color.other().stone();
    board.neighbours(v).all(|n| board.cell(n) == opponent) && board.capture_count(color, v) == 1
}

#[cfg(test)]
mod tests {
    use super::*;

    fn vertex(board: &Board, i: u8, j: u8) -> Vertex {
        board.geometry().vertex_unchecked(Point::new(i, j))
    }

    #[test]
    fn ko_capture_is_one_stone_with_every_neighbour_an_opponent() {
        let mut b = Board::from_rows(&[".XO..", "XO.O.", ".XO..", ".....", "....."]).unwrap();
        assert!(is_ko_capture(&b, vertex(&b, 1, 2), Color::Black));
        assert!(!is_ko_capture(&b, vertex(&b, 1, 2), Color::White));
        let record = b.play(Color::Black, vertex(&b, 1, 2));
        assert_eq!(record.captured, 1);
        assert_eq!(record.ko, Some(vertex(&b, 1, 1)));
        assert!(is_ko_capture(&b, vertex(&b, 1, 1), Color::White));
        // Capturing two stones is no ko.
        let b = Board::from_rows(&["OX..", "OX..", ".X..", "...."]).unwrap();
        assert!(!is_ko_capture(&b, vertex(&b, 2, 0), Color::Black));
        // An empty or own neighbour makes it no ko.
        let b = Board::from_rows(&["OX..", "X...", "....", "...."]).unwrap();
        assert!(!is_ko_capture(&b, vertex(&b, 1, 1), Color::White));
    }
}
