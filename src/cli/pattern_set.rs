//! The shape databases of a run (`tesuji explain`, `tesuji propose`,
//! `tesuji gtp`): either the databases compiled into the binary, or GNU
//! Go's pattern directory loaded at run time (`--patterns DIR`), each
//! compiled with GNU Go's own `mkpat` options (the manifest
//! `mkpat::codegen::gnugo_build`):
//!
//! * `patterns` — `patterns.db` + `patterns2.db` as one database (`-b`);
//! * `joseki_corner` — the 7 joseki SGF files converted by the `joseki`
//!   crate and compiled as one corner database (`-C`);
//! * `fuseki` — `fuseki.db` (`-b`);
//! * `endgame` — `endgame.db` (`-b`);
//! * and, apart, `conn.db` (`-c`), which dragon building needs.
//!
//! The shape databases are listed in GNU Go's order within a move
//! generation: pat_db, the joseki corner database, fusekipat_db, then the
//! endgame database (GNU Go matches it in a later pass, only when the best
//! move is small).

use std::borrow::Cow;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use engine::dragons::ConnectionPatterns;
use engine::shapes::ShapeRules;
use matcher::board::{Board, Color, Point};
use matcher::constraint::CodeTable;
use matcher::corner::CornerTables;
use matcher::grid::GridMatcher;
use matcher::pattern::PatternDb;
use matcher::scan::{ColorMode, ScanOptions, Scanner};
use matcher::transform::Transform;
use mkpat::codegen::gnugo_build::{GNUGO_DATABASES, GnuGoDatabase, JOSEKI_SOURCES};
use mkpat::source::SourceSet;

use super::pattern_db::{compile_runtime, compile_runtime_sources};

/// One shape database and how its callback judges matches.
#[derive(Debug, Clone)]
pub struct ShapeDb {
    /// The name matches are reported under (`patterns`, `joseki_corner`,
    /// `fuseki`, `endgame`, or an own database's name).
    pub name: String,
    /// The pattern tables.
    pub db: Cow<'static, PatternDb>,
    /// The constraint and action code (generated or interpreted).
    pub code: CodeTable,
    /// The variation tree of a corner database (matched with it instead of
    /// the grid matcher).
    pub corner: Option<Cow<'static, CornerTables>>,
    /// The stages its callback runs.
    pub rules: ShapeRules,
}

/// The shape databases of a run, and the connection database when there
/// is one.
#[derive(Debug, Clone)]
pub struct PatternSet {
    /// The shape databases, in matching order.
    pub shapes: Vec<ShapeDb>,
    /// `conn.db`, for dragon building.
    pub conn: Option<Arc<ConnectionPatterns>>,
}

/// One raw candidate match of a shape database.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RawCandidate {
    /// Index of the database in [`PatternSet::shapes`].
    pub db: usize,
    /// Index of the pattern in that database.
    pub pattern: usize,
    /// The anchor (`None` for corner matches).
    pub anchor: Option<Point>,
    /// GNU Go's transformation number `ll` (the corner orientation `k` for
    /// corner matches).
    pub transform: Transform,
    /// The move.
    pub move_point: Point,
}

/// The name GNU Go's shape tables are reported under, by module name.
fn gnugo_shape_name(module: &str) -> Option<&'static str> {
    match module {
        "patterns" => Some("patterns"),
        "fuseki" => Some("fuseki"),
        "endgame" => Some("endgame"),
        _ => None,
    }
}

/// The order of reported shape databases: own ones, then GNU Go's in
/// its matching order.
fn shape_rank(name: &str) -> (u8, String) {
    let rank = match name {
        "patterns" => 1,
        "joseki_corner" => 2,
        "fuseki" => 3,
        "endgame" => 4,
        _ => 0,
    };
    (rank, name.to_string())
}

impl PatternSet {
    /// The databases compiled into the binary: our own `patterns/*.db`,
    /// and GNU Go's shape and connection databases when the binary was
    /// built with `TESUJI_PATTERN_DIR`.
    pub fn embedded() -> PatternSet {
        let mut shapes = Vec::new();
        let mut conn = None;
        for &(module, db, code) in ::patterns::DATABASES {
            let (name, rules) = match module.strip_prefix("gnugo::") {
                None => (module.to_string(), ShapeRules::SHAPES),
                Some("conn") => {
                    conn = Some(Arc::new(ConnectionPatterns {
                        db: Cow::Borrowed(db),
                        code: code.clone(),
                    }));
                    continue;
                }
                Some(other) => match gnugo_shape_name(other) {
                    Some(name) => (name.to_string(), ShapeRules::SHAPES),
                    None => continue,
                },
            };
            shapes.push(ShapeDb {
                name,
                db: Cow::Borrowed(db),
                code: code.clone(),
                corner: None,
                rules,
            });
        }
        for &(module, db, corner) in ::patterns::CORNER_DATABASES {
            if module != "gnugo::joseki" {
                continue;
            }
            let Some(&(_, _, code)) = ::patterns::DATABASES
                .iter()
                .find(|(m, _, _)| *m == module)
            else {
                continue;
            };
            shapes.push(ShapeDb {
                name: "joseki_corner".into(),
                db: Cow::Borrowed(db),
                code: code.clone(),
                corner: Some(Cow::Borrowed(corner)),
                rules: ShapeRules::JOSEKI_CORNER,
            });
        }
        shapes.sort_by_key(|s| shape_rank(&s.name));
        PatternSet { shapes, conn }
    }

    /// GNU Go's pattern directory `dir` (e.g.
    /// `../shared/corpus/gnugo-3.8/patterns`), compiled now with GNU Go's
    /// options. Errors name the directory, the missing file or the
    /// compilation error.
    pub fn load(dir: &Path) -> Result<PatternSet, String> {
        if !dir.is_dir() {
            return Err(format!(
                "--patterns {}: not a directory (give GNU Go's patterns/ directory)",
                dir.display()
            ));
        }
        let mut shapes = Vec::new();
        for module in ["patterns", "joseki", "fuseki", "endgame"] {
            if module == "joseki" {
                shapes.push(load_joseki(dir)?);
                continue;
            }
            let manifest = GNUGO_DATABASES
                .iter()
                .find(|db| db.name == module)
                .ok_or_else(|| format!("no build manifest for {module}"))?;
            let (files, options) = split_manifest(dir, manifest)?;
            let runtime = compile_runtime(&files, &options)?;
            shapes.push(ShapeDb {
                name: module.to_string(),
                db: Cow::Owned(runtime.db),
                code: CodeTable::Interpreted(runtime.programs),
                corner: None,
                rules: ShapeRules::SHAPES,
            });
        }
        let conn = Some(Arc::new(load_connection_patterns(dir)?));
        Ok(PatternSet { shapes, conn })
    }

    /// [`PatternSet::load`] for `Some(dir)`, [`PatternSet::embedded`]
    /// otherwise.
    pub fn from_option(dir: Option<&Path>) -> Result<PatternSet, String> {
        dir.map_or_else(|| Ok(PatternSet::embedded()), PatternSet::load)
    }

    /// Every raw candidate match of the shape databases for `color` on
    /// `board`: patterns with a move only; per database in a fixed order
    /// (grid matches by anchor, pattern, `ll`; corner matches by `k`, then
    /// tree order). Scanning many positions, [`PatternSet::prepare`] once
    /// and ask the [`PreparedSet`].
    pub fn candidates(&self, board: &Board, color: Color) -> Vec<RawCandidate> {
        self.prepare().candidates(board, color)
    }

    /// The set ready to scan many positions: each grid database's matcher
    /// (and its per-size tables) is built once and shared, also between
    /// threads.
    pub fn prepare(&self) -> PreparedSet<'_> {
        PreparedSet {
            set: self,
            grids: self
                .shapes
                .iter()
                .map(|shape| shape.corner.is_none().then(|| GridMatcher::new(&shape.db)))
                .collect(),
        }
    }
}

/// A [`PatternSet`] with its grid matchers built ([`PatternSet::prepare`]).
#[derive(Debug)]
pub struct PreparedSet<'a> {
    set: &'a PatternSet,
    /// One per shape database; `None` for corner databases.
    grids: Vec<Option<GridMatcher<'a>>>,
}

impl PreparedSet<'_> {
    /// The pattern set.
    pub fn set(&self) -> &PatternSet {
        self.set
    }

    /// [`PatternSet::candidates`].
    pub fn candidates(&self, board: &Board, color: Color) -> Vec<RawCandidate> {
        let mut found = Vec::new();
        for (index, shape) in self.set.shapes.iter().enumerate() {
            if let Some(corner) = &shape.corner {
                for m in corner.find_matches(board, color) {
                    found.push(RawCandidate {
                        db: index,
                        pattern: m.pattern,
                        anchor: None,
                        transform: Transform::new(m.k).unwrap_or(Transform::IDENTITY),
                        move_point: m.move_point,
                    });
                }
                continue;
            }
            let Some(scanner) = &self.grids[index] else {
                continue;
            };
            let mut matches = scanner.matches(board, &ScanOptions::new(ColorMode::Color(color)));
            matches.sort_by_key(|m| (m.anchor, m.pattern, m.transform));
            for m in matches {
                let pattern = &shape.db.patterns[m.pattern];
                let Some(move_point) = m.move_point.filter(|_| pattern.has_move) else {
                    continue;
                };
                found.push(RawCandidate {
                    db: index,
                    pattern: m.pattern,
                    anchor: Some(m.anchor),
                    transform: m.transform,
                    move_point,
                });
            }
        }
        found
    }
}

/// The input files (`-i`, resolved in `dir`, each required to exist) and
/// the remaining options of a manifest command line (hint files `-t` are
/// dropped: `ll` is reported for the unhinted patterns, as GNU Go's
/// expected files do).
fn split_manifest(
    dir: &Path,
    manifest: &GnuGoDatabase,
) -> Result<(Vec<PathBuf>, Vec<String>), String> {
    let mut files = Vec::new();
    for file in manifest.pattern_files() {
        let path = dir.join(file);
        if !path.is_file() {
            return Err(format!(
                "--patterns {}: {file} is missing (GNU Go's pattern directory holds \
                 patterns.db, patterns2.db, endgame.db, fuseki.db, conn.db and the \
                 joseki .sgf files)",
                dir.display()
            ));
        }
        files.push(path);
    }
    Ok((files, manifest.options().map(str::to_string).collect()))
}

/// The joseki corner database: GNU Go's 7 joseki SGF files converted and
/// compiled with `-C`.
fn load_joseki(dir: &Path) -> Result<ShapeDb, String> {
    let mut sources = SourceSet::new();
    for (name, prefix) in JOSEKI_SOURCES {
        let sgf = dir.join(format!("{name}.sgf"));
        let bytes = std::fs::read(&sgf)
            .map_err(|e| format!("--patterns {}: reading {name}.sgf: {e}", dir.display()))?;
        let text = String::from_utf8_lossy(&bytes);
        let conversion =
            joseki::sgf_to_db(prefix, &text).map_err(|e| format!("{}: {e}", sgf.display()))?;
        sources.add(format!("{name}.db"), conversion.text);
    }
    let runtime = compile_runtime_sources(
        sources,
        &["-C".to_string(), "joseki".to_string()],
        "joseki corner database",
    )?;
    let corner = runtime
        .corner
        .ok_or("the joseki corner database has no variation tree")?;
    Ok(ShapeDb {
        name: "joseki_corner".into(),
        db: Cow::Owned(runtime.db),
        code: CodeTable::Interpreted(runtime.programs),
        corner: Some(Cow::Owned(corner)),
        rules: ShapeRules::JOSEKI_CORNER,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_missing_directory_or_file_is_a_clear_error() {
        let error = PatternSet::load(Path::new("/no/such/dir")).unwrap_err();
        assert!(error.contains("not a directory"), "{error}");
        let dir = std::env::temp_dir().join(format!("tesuji-pattern-set-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let error = PatternSet::load(&dir).unwrap_err();
        assert!(error.contains("patterns.db is missing"), "{error}");
        std::fs::remove_dir_all(&dir).ok();
    }

    #[test]
    fn manifest_lines_split_into_files_and_options() {
        let dir = std::env::temp_dir();
        let manifest = |args| GnuGoDatabase { name: "pat", args };
        let error =
            split_manifest(&dir, &manifest(&["-b", "pat", "-i", "no-such-file.db"])).unwrap_err();
        assert!(error.contains("no-such-file.db is missing"), "{error}");
        let (files, options) =
            split_manifest(&dir, &manifest(&["-D", "-t", "x.dtr", "-b", "pat"])).unwrap();
        assert!(files.is_empty());
        assert_eq!(options, ["-D", "-b", "pat"]);
    }
}

#[cfg(test)]
mod embedded_tests {
    use super::*;

    #[test]
    fn the_embedded_set_holds_every_own_database_and_finds_candidates() {
        let set = PatternSet::embedded();
        let own: Vec<&str> = ::patterns::DATABASES
            .iter()
            .map(|(module, _, _)| *module)
            .filter(|m| !m.starts_with("gnugo::"))
            .collect();
        for name in &own {
            assert!(set.shapes.iter().any(|s| s.name == *name), "{name}");
        }
        let position = crate::cli::propose::load(None, None).unwrap();
        let board = Board::try_from(&position.board).unwrap();
        let found = set.candidates(&board, position.to_move);
        assert!(!found.is_empty());
        for c in &found {
            let pattern = &set.shapes[c.db].db.patterns[c.pattern];
            assert!(pattern.has_move);
            assert_eq!(board.at(c.move_point), matcher::board::Cell::Empty);
        }
    }
}

/// GNU Go's connection database `conn.db` alone from the pattern directory
/// `dir`, compiled with GNU Go's options (what [`PatternSet::load`] puts in
/// [`PatternSet::conn`]).
pub fn load_connection_patterns(dir: &Path) -> Result<ConnectionPatterns, String> {
    let manifest = GNUGO_DATABASES
        .iter()
        .find(|db| db.name == "conn")
        .ok_or("no build manifest for conn")?;
    let (files, options) = split_manifest(dir, manifest)?;
    let runtime = compile_runtime(&files, &options)?;
    Ok(ConnectionPatterns {
        db: Cow::Owned(runtime.db),
        code: CodeTable::Interpreted(runtime.programs),
    })
}
