//! The pattern set a run of `tesuji stats` or `tesuji annotate` uses
//! (`--patterns DIR`, `--db FILE.db`, or the embedded databases); the games
//! themselves are the `sgf` crate's ([`sgf::game`]).

use std::path::PathBuf;

use clap::Args;
use matcher::constraint::CodeTable;

use engine::Databases;
use engine::front::ShapeDb;
use engine::shapes::ShapeRules;
use loader::compile::{compile_runtime, db_name, mkpat_options_for};
use loader::gnugo_dir as pattern_set;
use std::borrow::Cow;

pub use sgf::game::{Game, GamePosition, Played, collect_sgf_files};

/// Which patterns a run matches.
#[derive(Debug, Clone, Args)]
pub struct PatternChoice {
    /// GNU Go's pattern directory, compiled now with GNU Go's options
    /// (default: the databases compiled into tesuji).
    #[arg(long, value_name = "DIR", conflicts_with = "dbs")]
    pub patterns: Option<PathBuf>,
    /// A pattern database instead; repeated, the files are compiled as one
    /// database (like mkpat's repeated `-i`), reported under the first
    /// file's name.
    #[arg(long = "db", value_name = "FILE.db")]
    pub dbs: Vec<PathBuf>,
    /// GNU Go mkpat options for `--db` (e.g. "-b"; "-C" for a corner
    /// database; default: GNU Go's own options for a database it builds
    /// from these file names, e.g. "-b" for patterns.db).
    #[arg(
        long,
        value_name = "OPTIONS",
        default_value = "",
        allow_hyphen_values = true,
        value_parser = loader::compile::checked_mkpat_options,
        requires = "dbs"
    )]
    pub mkpat: String,
}

impl PatternChoice {
    /// The pattern set: `--db` files compiled as one shape database (its
    /// constraints interpreted; a `-C` database matched by its corner
    /// tree), `--patterns DIR`, or the embedded databases.
    pub fn load(&self) -> Result<Databases, String> {
        if self.dbs.is_empty() {
            return pattern_set::from_option(self.patterns.as_deref());
        }
        let runtime = compile_runtime(&self.dbs, &mkpat_options_for(&self.dbs, &self.mkpat))?;
        let rules = if runtime.corner.is_some() {
            ShapeRules::JOSEKI_CORNER
        } else {
            ShapeRules::SHAPES
        };
        Ok(Databases {
            shapes: vec![ShapeDb {
                name: db_name(&self.dbs),
                db: Cow::Owned(runtime.db),
                code: CodeTable::Interpreted(runtime.programs),
                corner: runtime.corner.map(Cow::Owned),
                rules,
            }],
            ..Databases::default()
        })
    }

    /// The pattern set in words, recorded in `tesuji stats` results so
    /// that only results of the same set are merged.
    pub fn describe(&self) -> String {
        if !self.dbs.is_empty() {
            let files: Vec<String> = self
                .dbs
                .iter()
                .map(|f| {
                    f.file_name()
                        .map_or_else(|| f.display().to_string(), |n| n.to_string_lossy().into())
                })
                .collect();
            let options = mkpat_options_for(&self.dbs, &self.mkpat).join(" ");
            return format!("db {} mkpat [{options}]", files.join("+"));
        }
        match &self.patterns {
            Some(_) => "gnugo patterns directory".to_string(),
            None => "embedded".to_string(),
        }
    }
}
