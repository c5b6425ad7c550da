//! `tesuji.Game`: a game under KataGo's rules (`rules::Game`) with any rule
//! set given by preset name, short form or JSON: play, legality with the
//! reason, undo, phases and scores. Moves are GTP vertices (`"D4"`,
//! `"pass"`), `(row, col)` tuples from the top left, or None for pass.

use pyo3::create_exception;
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;

use goban::{Board, Color, Geometry, Point};
use numpy::{PyArray1, PyArray2, PyArrayMethods};
use rules::{IllegalMove, Move, Rules};

use crate::arrays::{board_signs, color};
use crate::values::to_python;

create_exception!(
    tesuji,
    IllegalMoveError,
    PyValueError,
    "A move the rules forbid; `reason` holds the reason's code (see Game.legality)."
);

/// The code of each reason a move is illegal.
fn reason_code(reason: &IllegalMove) -> &'static str {
    match reason {
        IllegalMove::Occupied => "occupied",
        IllegalMove::OffBoard => "off_board",
        IllegalMove::Suicide { .. } => "suicide",
        IllegalMove::Ko => "ko",
        IllegalMove::Superko { .. } => "superko",
        IllegalMove::KoCaptureRepeated => "ko_capture_repeated",
        IllegalMove::GameOver => "game_over",
    }
}

fn color_letter(color: Color) -> &'static str {
    match color {
        Color::Black => "B",
        Color::White => "W",
    }
}

/// A game under KataGo's rules (see the module docs).
#[pyclass(module = "tesuji", unsendable)]
pub struct Game {
    game: rules::Game,
}

impl Game {
    fn geometry(&self) -> Geometry {
        self.game.board().geometry()
    }

    /// Reads a move: a GTP vertex or "pass", a `(row, col)` tuple, None.
    fn parse_move(&self, value: Option<&Bound<'_, PyAny>>) -> PyResult<Move> {
        let Some(value) = value.filter(|v| !v.is_none()) else {
            return Ok(Move::Pass);
        };
        let geometry = self.geometry();
        if let Ok(text) = value.extract::<String>() {
            if text.eq_ignore_ascii_case("pass") {
                return Ok(Move::Pass);
            }
            return geometry.parse_gtp(&text).map(Move::Play).ok_or_else(|| {
                PyValueError::new_err(format!(
                    "move {text:?} is not a vertex of a {}x{} board",
                    geometry.width(),
                    geometry.height()
                ))
            });
        }
        if let Ok((row, col)) = value.extract::<(i64, i64)>() {
            let on_board = (0..geometry.height() as i64).contains(&row)
                && (0..geometry.width() as i64).contains(&col);
            if !on_board {
                return Err(PyValueError::new_err(format!(
                    "move ({row}, {col}) is off a {}x{} board",
                    geometry.width(),
                    geometry.height()
                )));
            }
            let point = Point::new(row as u8, col as u8);
            return geometry.vertex(point).map(Move::Play).ok_or_else(|| {
                PyValueError::new_err(format!("move ({row}, {col}) is off the board"))
            });
        }
        Err(PyTypeError::new_err(format!(
            "a move is a GTP vertex, \"pass\", a (row, col) tuple or None, not {}",
            value.get_type().name()?
        )))
    }

    fn mover(&self, value: Option<&str>) -> PyResult<Color> {
        value.map_or(Ok(self.game.to_move()), |c| color(c, "color"))
    }
}

#[pymethods]
impl Game {
    /// A game on a `size` board (an int, or `(width, height)`), under
    /// `rules`: a preset name (`"tromp-taylor"`, `"japanese"`,
    /// `"chinese"`, `"aga"`, `"new-zealand"`, `"gnugo"`, ...), a short form
    /// (`"koPOSITIONALscoreAREA..."`) or KataGo's JSON. `board` gives the
    /// starting stones as rows from the top (`X` black, `O` white, `.`
    /// empty) and then fixes the size; `komi` overrides the rules' komi.
    #[new]
    #[pyo3(signature = (size = None, rules = "tromp-taylor", *, board = None, to_move = "B", komi = None))]
    fn new(
        size: Option<&Bound<'_, PyAny>>,
        rules: &str,
        board: Option<Vec<String>>,
        to_move: &str,
        komi: Option<f64>,
    ) -> PyResult<Game> {
        let mut parsed =
            Rules::parse(rules).map_err(|e| PyValueError::new_err(format!("rules: {e}")))?;
        if let Some(komi) = komi {
            parsed.komi = komi;
        }
        let start = match (board, size) {
            (Some(rows), _) => {
                Board::from_rows(&rows).map_err(|e| PyValueError::new_err(format!("board: {e}")))?
            }
            (None, size) => {
                let (width, height) = match size {
                    None => (19, 19),
                    Some(value) => match value.extract::<usize>() {
                        Ok(n) => (n, n),
                        Err(_) => value.extract::<(usize, usize)>().map_err(|_| {
                            PyTypeError::new_err("size: an int or a (width, height) tuple")
                        })?,
                    },
                };
                let geometry = Geometry::new(width, height)
                    .map_err(|e| PyValueError::new_err(format!("size: {e}")))?;
                Board::new(geometry)
            }
        };
        let to_move = color(to_move, "to_move")?;
        Ok(Game {
            game: rules::Game::new(start, parsed, to_move),
        })
    }

    /// The rules as KataGo's JSON.
    #[getter]
    fn rules(&self) -> String {
        self.game.rules().to_json()
    }

    /// The colour to move, "B" or "W".
    #[getter]
    fn to_move(&self) -> &'static str {
        color_letter(self.game.to_move())
    }

    /// The phase: 0 normal play, then the territory cleanup phases.
    #[getter]
    fn phase(&self) -> u8 {
        self.game.phase()
    }

    /// Whether the game is over.
    #[getter]
    fn is_over(&self) -> bool {
        self.game.is_over()
    }

    /// Moves that `undo` can take back.
    #[getter]
    fn undo_depth(&self) -> usize {
        self.game.undo_depth()
    }

    /// The board, `(height, width)` int8: 1 black, -1 white, 0 empty.
    #[getter]
    fn board<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArray2<i8>>> {
        let (signs, shape) = board_signs(self.game.board());
        PyArray1::from_vec(py, signs).reshape(shape)
    }

    /// The board as rows from the top (`X`, `O`, `.`).
    #[getter]
    fn rows(&self) -> Vec<String> {
        self.game.board().rows_text()
    }

    /// Why `move` is illegal for `color` (default: the colour to move), as
    /// a code (`"occupied"`, `"off_board"`, `"suicide"`, `"ko"`,
    /// `"superko"`, `"ko_capture_repeated"`, `"game_over"`), or None when
    /// it is legal.
    #[pyo3(signature = (r#move, color = None))]
    fn legality(
        &self,
        r#move: Option<&Bound<'_, PyAny>>,
        color: Option<&str>,
    ) -> PyResult<Option<&'static str>> {
        let mv = self.parse_move(r#move)?;
        let color = self.mover(color)?;
        Ok(self.game.check(color, mv).err().as_ref().map(reason_code))
    }

    /// Whether `move` is legal for `color` (default: the colour to move).
    #[pyo3(signature = (r#move, color = None))]
    fn is_legal(&self, r#move: Option<&Bound<'_, PyAny>>, color: Option<&str>) -> PyResult<bool> {
        Ok(self.legality(r#move, color)?.is_none())
    }

    /// Plays `move` for `color` (default: the colour to move). An illegal
    /// move raises IllegalMoveError (its `reason` the code, its message
    /// the explanation) and changes nothing.
    #[pyo3(signature = (r#move, color = None))]
    fn play(&mut self, r#move: Option<&Bound<'_, PyAny>>, color: Option<&str>) -> PyResult<()> {
        let mv = self.parse_move(r#move)?;
        let color = self.mover(color)?;
        self.game.play(color, mv).map_err(|reason| {
            let err = IllegalMoveError::new_err(format!(
                "{} {}: {reason}",
                color_letter(color),
                match mv {
                    Move::Pass => "pass".to_string(),
                    Move::Play(v) => self.geometry().gtp(v),
                }
            ));
            Python::attach(|py| {
                let _ = err.value(py).setattr("reason", reason_code(&reason));
            });
            err
        })
    }

    /// Takes back the last move; False when there is none.
    fn undo(&mut self) -> bool {
        self.game.undo()
    }

    /// The final score, White minus Black, if both players now pass until
    /// the game ends (the game's result once it is over); None for no
    /// result.
    fn score(&self) -> Option<f64> {
        self.game.score_now()
    }

    /// The position scored as it stands: `{"white_minus_black": float,
    /// "area": rows}` (area rows: `X` black's, `O` white's, `.` nobody's).
    fn score_position<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let (score, area) = self.game.score_position();
        let value = serde_json::json!({"white_minus_black": score, "area": area.rows()});
        to_python(py, &value)
    }

    /// The result once the game is over: `{"white_minus_black", "winner",
    /// "no_result"}`; None while it goes on.
    fn result<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyAny>>> {
        self.game
            .result()
            .map(|r| {
                let value = serde_json::json!({
                    "white_minus_black": r.white_minus_black,
                    "winner": r.winner().map(color_letter),
                    "no_result": r.no_result,
                });
                to_python(py, &value)
            })
            .transpose()
    }

    fn __repr__(&self) -> String {
        let g = self.geometry();
        format!(
            "tesuji.Game({}x{}, to_move={:?}, moves={})",
            g.width(),
            g.height(),
            self.to_move(),
            self.game.undo_depth()
        )
    }
}
