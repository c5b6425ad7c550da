//! The options GNU Go 3.8's own build passes to `mkpat` for each of its
//! pattern databases (its `patterns/Makefile.am`), as a small manifest:
//! `build.rs` uses it to compile a GNU Go `patterns/` directory exactly as
//! GNU Go would.

use crate::check::CheckOptions;
use crate::ir::DbType;
use crate::options::parse_mkpat_args;

/// One GNU Go database and its `mkpat` command line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GnuGoDatabase {
    /// The database name (also the Rust module name).
    pub name: &'static str,
    /// The `mkpat` arguments (options, prefix, `-i` inputs, `-t` hints),
    /// relative to the `patterns/` directory.
    pub args: &'static [&'static str],
}

impl GnuGoDatabase {
    /// The input files (`-i` and `-t` arguments) the command reads.
    pub fn inputs(&self) -> impl Iterator<Item = &'static str> + '_ {
        self.args
            .windows(2)
            .filter(|w| w[0] == "-i" || w[0] == "-t")
            .map(|w| w[1])
    }

    /// The pattern files (`-i` arguments) the command reads, in order.
    pub fn pattern_files(&self) -> impl Iterator<Item = &'static str> + '_ {
        self.args.windows(2).filter(|w| w[0] == "-i").map(|w| w[1])
    }

    /// The command line without its inputs (`-i` and `-t` and their
    /// arguments): the options and the table prefix.
    pub fn options(&self) -> impl Iterator<Item = &'static str> + '_ {
        let mut words = self.args.iter();
        std::iter::from_fn(move || {
            loop {
                let &word = words.next()?;
                if word == "-i" || word == "-t" {
                    words.next();
                } else {
                    return Some(word);
                }
            }
        })
    }

    /// The check options GNU Go's build implies: connection databases
    /// (`-c`) need no `*`.
    pub fn check_options(&self) -> CheckOptions {
        let connection = parse_mkpat_args(self.args)
            .is_ok_and(|parsed| parsed.options.db_type == DbType::Connection);
        CheckOptions {
            connection_mode: connection,
        }
    }
}

/// The database of GNU Go's build that reads the input `file` (a name such
/// as `patterns2.db`, without directories).
pub fn database_reading(file: &str) -> Option<&'static GnuGoDatabase> {
    GNUGO_DATABASES
        .iter()
        .find(|db| db.inputs().any(|input| input == file))
}

/// The 14 mkpat-format databases, in GNU Go's build order.
pub const GNUGO_DATABASES: [GnuGoDatabase; 14] = [
    GnuGoDatabase {
        name: "patterns",
        args: &["-b", "pat", "-i", "patterns.db", "-i", "patterns2.db"],
    },
    GnuGoDatabase {
        name: "attack",
        args: &["-X", "attpat", "-i", "attack.db"],
    },
    GnuGoDatabase {
        name: "defense",
        args: &["defpat", "-i", "defense.db"],
    },
    GnuGoDatabase {
        name: "conn",
        args: &["-c", "conn", "-i", "conn.db"],
    },
    GnuGoDatabase {
        name: "endgame",
        args: &["-b", "endpat", "-i", "endgame.db"],
    },
    GnuGoDatabase {
        name: "influence",
        args: &["-c", "influencepat", "-i", "influence.db"],
    },
    GnuGoDatabase {
        name: "barriers",
        args: &["-c", "-b", "barrierspat", "-i", "barriers.db"],
    },
    GnuGoDatabase {
        name: "aa_attackpats",
        args: &[
            "-D",
            "-m",
            "-b",
            "-t",
            "aa_attackpats.dtr",
            "aa_attackpat",
            "-i",
            "aa_attackpats.db",
        ],
    },
    GnuGoDatabase {
        name: "owl_attackpats",
        args: &[
            "-D",
            "-m",
            "-b",
            "-t",
            "owl_attackpats.dtr",
            "owl_attackpat",
            "-i",
            "owl_attackpats.db",
        ],
    },
    GnuGoDatabase {
        name: "owl_vital_apats",
        args: &[
            "-D",
            "-m",
            "-b",
            "-t",
            "owl_vital_apats.dtr",
            "owl_vital_apat",
            "-i",
            "owl_vital_apats.db",
        ],
    },
    GnuGoDatabase {
        name: "owl_defendpats",
        args: &[
            "-D",
            "-m",
            "-b",
            "-t",
            "owl_defendpats.dtr",
            "owl_defendpat",
            "-i",
            "owl_defendpats.db",
        ],
    },
    GnuGoDatabase {
        name: "fuseki",
        args: &["-b", "fusekipat", "-i", "fuseki.db"],
    },
    GnuGoDatabase {
        name: "handicap",
        args: &["-b", "handipat", "-i", "handicap.db"],
    },
    GnuGoDatabase {
        name: "oracle",
        args: &["-b", "oracle", "-i", "oracle.db"],
    },
];

/// The joseki SGF files of GNU Go's `patterns/` directory and the pattern
/// name prefix GNU Go's `joseki` program gives each; their `.db`
/// conversions form one corner database (`mkpat -C joseki`), in this order.
pub const JOSEKI_SOURCES: [(&str, &str); 7] = [
    ("gogo", "JG"),
    ("hoshi_keima", "JHK"),
    ("hoshi_other", "JHO"),
    ("komoku", "JK"),
    ("sansan", "JS"),
    ("mokuhazushi", "JM"),
    ("takamoku", "JT"),
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn connection_databases_are_checked_in_connection_mode() {
        let connection: Vec<&str> = GNUGO_DATABASES
            .iter()
            .filter(|db| db.check_options().connection_mode)
            .map(|db| db.name)
            .collect();
        assert_eq!(connection, ["conn", "influence", "barriers"]);
        assert_eq!(
            database_reading("patterns2.db").map(|db| db.name),
            Some("patterns")
        );
        assert_eq!(database_reading("eyes.db"), None);
    }

    #[test]
    fn every_command_line_parses_and_names_its_inputs() {
        for db in GNUGO_DATABASES {
            let parsed = parse_mkpat_args(db.args).unwrap_or_else(|e| panic!("{}: {e}", db.name));
            assert!(
                parsed.warnings.is_empty(),
                "{}: {:?}",
                db.name,
                parsed.warnings
            );
            assert!(parsed.options.prefix.is_some(), "{}", db.name);
            assert_eq!(
                database_reading(&format!("{}.db", db.name)),
                Some(&db),
                "{}",
                db.name
            );
            assert!(
                db.inputs().any(|f| f == format!("{}.db", db.name)),
                "{}",
                db.name
            );
            // Options and inputs split the command line: every word is
            // an option (or the prefix) or an input with its flag.
            let options: Vec<&str> = db.options().collect();
            assert!(db.inputs().all(|f| !options.contains(&f)), "{}", db.name);
            assert_eq!(
                options.len() + 2 * db.inputs().count(),
                db.args.len(),
                "{}",
                db.name
            );
            assert!(
                options.contains(&parsed.options.prefix.as_deref().unwrap()),
                "{}",
                db.name
            );
            assert_eq!(
                db.pattern_files().count() + db.args.iter().filter(|&&a| a == "-t").count(),
                db.inputs().count(),
                "{}",
                db.name
            );
        }
    }
}
