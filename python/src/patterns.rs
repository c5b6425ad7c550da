//! `tesuji.PatternDatabase`: `.db` files compiled with GNU Go's mkpat
//! options (`loader::compile`) and matched on a numpy board with the grid
//! matcher, giving exactly the records of `tesuji match --json`
//! (`db`, `color`, `pattern`, `ll`, `anchor`, `move`, in GNU Go's order);
//! and `load_sgf`, a position loaded as GTP `loadsgf FILE N` loads it.

use std::path::PathBuf;

use matcher::board::{Color, PackedBoard};
use matcher::grid::GridMatcher;
use matcher::pattern::PatternDb;
use matcher::scan::{ColorMode, ScanOptions, Scanner};
use numpy::{PyArray1, PyArray2, PyArrayMethods};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use serde_json::json;

use crate::arrays::{board, board_signs, color};
use crate::values::to_python;

/// A pattern database compiled for matching (see the module docs).
#[pyclass(module = "tesuji", frozen)]
pub struct PatternDatabase {
    name: String,
    db: PatternDb,
}

/// Reads `files`: one path or a list of them.
fn paths(files: &Bound<'_, PyAny>) -> PyResult<Vec<PathBuf>> {
    if let Ok(one) = files.extract::<PathBuf>() {
        return Ok(vec![one]);
    }
    files
        .extract::<Vec<PathBuf>>()
        .map_err(|_| PyTypeError::new_err("files: a path or a list of paths to .db files"))
}

/// The colours a match is asked for: one colour, or `"both"` (Black then
/// White).
fn colors(value: &str) -> PyResult<Vec<Color>> {
    if value.eq_ignore_ascii_case("both") {
        return Ok(vec![Color::Black, Color::White]);
    }
    Ok(vec![color(value, "color")?])
}

#[pymethods]
impl PatternDatabase {
    /// Compiles `files` (a path or a list, one stream like mkpat's
    /// repeated `-i`) with the mkpat options `mkpat` (e.g. `"-b"`; default:
    /// GNU Go's own options for a database it builds from these file
    /// names, as `tesuji match` does). Errors (a missing file, a syntax
    /// error with its file, line and column) raise ValueError.
    #[new]
    #[pyo3(signature = (files, mkpat = ""))]
    fn new(py: Python<'_>, files: &Bound<'_, PyAny>, mkpat: &str) -> PyResult<PatternDatabase> {
        let files = paths(files)?;
        if files.is_empty() {
            return Err(PyValueError::new_err("files: give at least one .db file"));
        }
        let given = loader::compile::checked_mkpat_options(mkpat)
            .map_err(|e| PyValueError::new_err(format!("mkpat: {e}")))?;
        let options = loader::compile::mkpat_options_for(&files, &given);
        let db = py
            .detach(|| loader::compile::compile_for_matching(&files, &options))
            .map_err(PyValueError::new_err)?;
        Ok(PatternDatabase {
            name: loader::compile::db_name(&files),
            db,
        })
    }

    /// The name the matches are reported under (the first file's).
    #[getter]
    fn name(&self) -> &str {
        &self.name
    }

    /// Patterns in the database.
    fn __len__(&self) -> usize {
        self.db.patterns.len()
    }

    /// Every raw match on `board` (a square `(N, N)` integer array: 1
    /// black, -1 white, 0 empty) for `color` (`"B"`, `"W"` or `"both"`), as
    /// `tesuji match --json` lists them: dicts `{db, color, pattern, ll,
    /// anchor, move}` ordered by colour, anchor, pattern and
    /// transformation.
    #[pyo3(signature = (board, color = "B"))]
    fn matches<'py>(
        &self,
        py: Python<'py>,
        board: &Bound<'py, PyAny>,
        color: &str,
    ) -> PyResult<Vec<Bound<'py, PyAny>>> {
        let colors = colors(color)?;
        let position = crate::arrays::board(board, "board")?;
        let packed = PackedBoard::try_from(&position)
            .map_err(|e| PyValueError::new_err(format!("board: {e}")))?;
        let size = packed.size();
        let scanner = GridMatcher::new(&self.db);
        let mut records = Vec::new();
        for color in colors {
            let mut found = scanner.matches(&packed, &ScanOptions::new(ColorMode::Color(color)));
            found.sort_by_key(|m| (m.anchor, m.pattern, m.transform));
            for m in found {
                let record = json!({
                    "db": self.name,
                    "color": color.letter().to_string(),
                    "pattern": self.db.patterns[m.pattern].name,
                    "ll": m.transform.number(),
                    "anchor": m.anchor.to_gtp(size),
                    "move": m.move_point.map(|p| p.to_gtp(size)),
                });
                records.push(to_python(py, &record)?);
            }
        }
        Ok(records)
    }

    fn __repr__(&self) -> String {
        format!(
            "tesuji.PatternDatabase({:?}, {} patterns)",
            self.name,
            self.db.patterns.len()
        )
    }
}

/// What `load_sgf` returns: the board, the colour to move, the ko point.
type LoadedPosition<'py> = (Bound<'py, PyArray2<i8>>, &'static str, Option<String>);

/// Loads the position of an SGF file as GTP `loadsgf FILE N` does (stop
/// before move `move`; default the whole main line): returns `(board,
/// to_move, ko)`, the board an `(N, N)` int8 array (1 black, -1 white, 0
/// empty), the colour to move ("B" or "W") and the simple-ko point (GTP
/// vertex) or None.
#[pyfunction]
#[pyo3(signature = (path, r#move = None))]
pub fn load_sgf<'py>(
    py: Python<'py>,
    path: PathBuf,
    r#move: Option<u32>,
) -> PyResult<LoadedPosition<'py>> {
    let position =
        sgf::load_sgf_file(&path, r#move).map_err(|e| PyValueError::new_err(e.to_string()))?;
    let (signs, shape) = board_signs(&position.board);
    let to_move = match position.to_move {
        Color::Black => "B",
        Color::White => "W",
    };
    let ko = position.ko.map(|p| p.to_gtp(shape[0]));
    Ok((PyArray1::from_vec(py, signs).reshape(shape)?, to_move, ko))
}

/// Checks that `value` reads as a board (used by the engine too).
pub fn read_board(value: &Bound<'_, PyAny>) -> PyResult<goban::Board> {
    board(value, "board")
}
