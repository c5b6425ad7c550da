//! numpy inputs read with their checks: integer arrays (any integer dtype,
//! or nested Python lists of ints) with the expected shape, and boards
//! given as `(N, N)` arrays of 1 (black), -1 (white) and 0 (empty). Every
//! refusal is a `TypeError` (wrong kind of value or dtype) or a
//! `ValueError` (wrong shape, size or value) naming the argument.

use numpy::{PyArrayDyn, PyArrayMethods, PyUntypedArrayMethods};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;

use goban::{Board, Color, Geometry};

/// `value` as an integer array: its values (C order) and its shape.
/// Booleans and floats are refused (an action or a stone is never a
/// float), as are objects numpy cannot read as an array.
pub fn integers(value: &Bound<'_, PyAny>, what: &str) -> PyResult<(Vec<i64>, Vec<usize>)> {
    let py = value.py();
    let numpy = py.import("numpy")?;
    let array = numpy
        .call_method1("asarray", (value,))
        .map_err(|e| PyTypeError::new_err(format!("{what}: not an array of integers ({e})")))?;
    let dtype = array.getattr("dtype")?;
    let kind: String = dtype.getattr("kind")?.extract()?;
    if kind != "i" && kind != "u" {
        let name: String = dtype.getattr("name")?.extract()?;
        return Err(PyTypeError::new_err(format!(
            "{what}: expected integers, got dtype {name}"
        )));
    }
    let array = array.call_method1("astype", ("int64",))?;
    let array = array
        .cast::<PyArrayDyn<i64>>()
        .map_err(|e| PyTypeError::new_err(format!("{what}: {e}")))?;
    let shape = array.shape().to_vec();
    let values = array.readonly().as_array().iter().copied().collect();
    Ok((values, shape))
}

/// Reads `value` as one integer per environment of a batch of `batch`:
/// shape `(batch,)`, or a scalar for a batch of one.
pub fn batch_integers(value: &Bound<'_, PyAny>, what: &str, batch: usize) -> PyResult<Vec<i64>> {
    let (values, shape) = integers(value, what)?;
    let fits = shape == [batch] || (shape.is_empty() && batch == 1);
    if !fits {
        return Err(PyValueError::new_err(format!(
            "{what}: expected shape ({batch},) for a batch of {batch}, got {shape:?}"
        )));
    }
    Ok(values)
}

/// A board given as a square `(N, N)` integer array: 1 black, -1 white,
/// 0 empty; stones set up as they stand (no captures).
pub fn board(value: &Bound<'_, PyAny>, what: &str) -> PyResult<Board> {
    let (values, shape) = integers(value, what)?;
    let [height, width] = shape[..] else {
        return Err(PyValueError::new_err(format!(
            "{what}: expected a 2-d (N, N) board, got shape {shape:?}"
        )));
    };
    Geometry::new(width, height).map_err(|e| PyValueError::new_err(format!("{what}: {e}")))?;
    let mut rows = Vec::with_capacity(height);
    for (i, row) in values.chunks(width.max(1)).enumerate() {
        let mut text = String::with_capacity(width);
        for (j, &v) in row.iter().enumerate() {
            text.push(match v {
                1 => 'X',
                -1 => 'O',
                0 => '.',
                other => {
                    return Err(PyValueError::new_err(format!(
                        "{what}[{i}, {j}] = {other}: expected 1 (black), -1 (white) or 0 (empty)"
                    )));
                }
            });
        }
        rows.push(text);
    }
    Board::from_rows(&rows).map_err(|e| PyValueError::new_err(format!("{what}: {e}")))
}

/// A colour given as `"B"`/`"W"` (or `"black"`/`"white"`, any case).
pub fn color(value: &str, what: &str) -> PyResult<Color> {
    match value.to_ascii_lowercase().as_str() {
        "b" | "black" => Ok(Color::Black),
        "w" | "white" => Ok(Color::White),
        _ => Err(PyValueError::new_err(format!(
            "{what}: {value:?} is not a colour (\"B\" or \"W\")"
        ))),
    }
}

/// A board's stones as an `(H, W)` array of 1, -1 and 0.
pub fn board_signs(board: &Board) -> (Vec<i8>, [usize; 2]) {
    let geometry = board.geometry();
    let signs = board
        .rows_text()
        .iter()
        .flat_map(|row| {
            row.chars()
                .map(|c| match c {
                    'X' => 1,
                    'O' => -1,
                    _ => 0,
                })
                .collect::<Vec<i8>>()
        })
        .collect();
    (signs, [geometry.height(), geometry.width()])
}
