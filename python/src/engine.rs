//! `tesuji.Engine`: the engine's front door (`engine::Engine`) on a
//! position given as a numpy board: `explain` (every candidate with its
//! verdict, stage and constraint tree), `propose` (the proposals) and
//! `genmove` (the ranked points), answers as dicts with the same fields as
//! the `tesuji explain`/`propose --json` records. The databases are the
//! embedded ones or GNU Go's pattern directory compiled at load.

use std::path::PathBuf;
use std::sync::Arc;

use goban::Color;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use crate::arrays::color;
use crate::patterns::read_board;
use crate::values::list_to_python;

/// The engine on one position (see the module docs).
#[pyclass(module = "tesuji", unsendable)]
pub struct Engine {
    engine: engine::Engine,
}

impl Engine {
    fn color(&mut self, value: Option<&str>) -> PyResult<Color> {
        value.map_or(Ok(Color::Black), |c| color(c, "color"))
    }
}

#[pymethods]
impl Engine {
    /// An engine on the databases compiled into tesuji (default), or on
    /// GNU Go's `patterns/` directory `patterns`, compiled now with GNU
    /// Go's options (a few seconds). The position starts as an empty
    /// 19×19 board.
    #[new]
    #[pyo3(signature = (patterns = None))]
    fn new(py: Python<'_>, patterns: Option<PathBuf>) -> PyResult<Engine> {
        let databases = py
            .detach(|| loader::gnugo_dir::from_option(patterns.as_deref()))
            .map_err(PyValueError::new_err)?;
        Ok(Engine {
            engine: engine::Engine::new(Arc::new(databases)),
        })
    }

    /// Sets the position: `board` a square `(N, N)` integer array (1
    /// black, -1 white, 0 empty), `ko` the simple-ko point (GTP vertex)
    /// the side to move may not retake, if any.
    #[pyo3(signature = (board, ko = None))]
    fn set_position(&mut self, board: &Bound<'_, PyAny>, ko: Option<&str>) -> PyResult<()> {
        let board = read_board(board)?;
        let ko = match ko {
            None => None,
            Some(text) => Some(board.geometry().parse_gtp(text).ok_or_else(|| {
                PyValueError::new_err(format!("ko: {text:?} is not a vertex of this board"))
            })?),
        };
        self.engine.set_position(board, ko);
        Ok(())
    }

    /// Every raw candidate for `color` (default "B") explained: dicts
    /// `{db, pattern, ll, move, color, verdict, stage, needs,
    /// constraint?}` in candidate order.
    #[pyo3(signature = (color = None))]
    fn explain<'py>(
        &mut self,
        py: Python<'py>,
        color: Option<&str>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let color = self.color(color)?;
        list_to_python(py, &self.engine.explain(color))
    }

    /// The proposals for `color` (every candidate not known to be
    /// rejected): dicts `{move, db, pattern, ll, color, verdict, needs?}`,
    /// sorted by move, database and pattern.
    #[pyo3(signature = (color = None))]
    fn propose<'py>(
        &mut self,
        py: Python<'py>,
        color: Option<&str>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let color = self.color(color)?;
        list_to_python(py, &self.engine.proposals(color))
    }

    /// `genmove`'s list for `color`: the valued moves as GTP vertices,
    /// best first (legality under a game's rules is the caller's).
    #[pyo3(signature = (color = None))]
    fn genmove(&mut self, color: Option<&str>) -> PyResult<Vec<String>> {
        let color = self.color(color)?;
        let size = self.engine.position().board().geometry().width();
        Ok(self
            .engine
            .genmove(color)
            .into_iter()
            .map(|p| p.to_gtp(size))
            .collect())
    }
}
