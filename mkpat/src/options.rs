//! GNU Go `mkpat` command-line options (compilation.md §1), read the way
//! GNU Go's `getopt` loop reads them: flags may be grouped (`-cb`), option
//! arguments may be glued (`-iFILE`) or separate, and the prefix may stand
//! anywhere among the options. Also what GNU Go's build implies for a
//! database by its file name ([`defaults_for_path`]): its language, its
//! options (such as `-c` for `conn.db`, `influence.db` and `barriers.db`) and
//! its [`DatabaseRole`], the engine callback that gives its classes their
//! meaning; `mkpat check`, `lint` and `fmt` use it.

use crate::ir::{AnchorColor, DbType};

/// Everything a `mkpat` command line says.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct MkpatOptions {
    /// Database type (`-p` default, `-c`, `-C`, `-D`, `-f`).
    pub db_type: DbType,
    /// `-d N`: optimise the `.dtr` file with N iterations instead of compiling.
    pub optimize_iterations: Option<u32>,
    /// Anchor colours (`-O`, `-X`, `-b`; the last wins).
    pub anchor: AnchorColor,
    /// `-m`: anchor on the stone nearest the centre.
    pub center_anchor: bool,
    /// `-a`: only `Q`/`Y` define the anchor.
    pub fixed_anchor: bool,
    /// `-i FILE` inputs, in order (at most 10).
    pub inputs: Vec<String>,
    /// `-o FILE`.
    pub output: Option<String>,
    /// `-t FILE`: the transformation hint file.
    pub dtr: Option<String>,
    /// `-v`.
    pub verbose: bool,
    /// `-V N`: DFA verbosity.
    pub dfa_verbosity: Option<u32>,
    /// The prefix naming generated objects (GNU Go requires one).
    pub prefix: Option<String>,
}

/// A parsed command line plus GNU Go's warnings about it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParsedOptions {
    /// The options.
    pub options: MkpatOptions,
    /// Non-fatal remarks, worded as GNU Go words them.
    pub warnings: Vec<String>,
}

/// Every option letter [`parse_mkpat_args`] knows, for its error about
/// an unknown one.
pub const KNOWN_OPTIONS: &str =
    "-i -o -t -d -V -A (with an argument), -p -c -C -D -f -O -X -b -m -a -v";

/// Maximum number of `-i` inputs GNU Go accepts.
pub const MAX_INPUT_FILES: usize = 10;

/// Reads a GNU Go `mkpat` argument list (without the program name).
///
/// Errors are GNU Go's fatal command-line errors (`More than one database
/// type specified`, `Too many input files`, `transformation file required
/// (use -t option)`, `Expected a non-negative number of iterations`, a
/// missing option argument) and an unknown option letter (`invalid option
/// -- 'z'`), refused before any work is done.
pub fn parse_mkpat_args<S: AsRef<str>>(args: &[S]) -> Result<ParsedOptions, String> {
    let mut options = MkpatOptions::default();
    let mut warnings = Vec::new();
    let mut type_given = false;
    let mut anchor_options = 0;
    let mut index = 0;
    let mut only_operands = false;
    while index < args.len() {
        let arg = args[index].as_ref();
        index += 1;
        if only_operands || !arg.starts_with('-') || arg == "-" {
            if options.prefix.is_none() {
                options.prefix = Some(arg.to_string());
            } else {
                warnings.push(format!("extra argument '{arg}' ignored"));
            }
            continue;
        }
        if arg == "--" {
            only_operands = true;
            continue;
        }
        let letters: Vec<char> = arg[1..].chars().collect();
        let mut k = 0;
        while k < letters.len() {
            let letter = letters[k];
            k += 1;
            if matches!(letter, 'i' | 'o' | 't' | 'd' | 'V' | 'A') {
                let value = if k < letters.len() {
                    let glued: String = letters[k..].iter().collect();
                    k = letters.len();
                    glued
                } else if index < args.len() {
                    index += 1;
                    args[index - 1].as_ref().to_string()
                } else {
                    return Err(format!("option requires an argument -- '{letter}'"));
                };
                match letter {
                    'i' => {
                        if options.inputs.len() >= MAX_INPUT_FILES {
                            return Err("Too many input files".to_string());
                        }
                        options.inputs.push(value);
                    }
                    'o' => options.output = Some(value),
                    't' => options.dtr = Some(value),
                    'd' => {
                        set_type(&mut options, &mut type_given, DbType::Dfa)?;
                        match value.trim().parse::<u32>() {
                            Ok(n) => options.optimize_iterations = Some(n),
                            Err(_) => {
                                return Err("Expected a non-negative number of iterations".into());
                            }
                        }
                    }
                    'V' => options.dfa_verbosity = value.trim().parse().ok(),
                    _ => {} // -A ARG: accepted and ignored
                }
                continue;
            }
            match letter {
                'p' => set_type(&mut options, &mut type_given, DbType::General)?,
                'c' => set_type(&mut options, &mut type_given, DbType::Connection)?,
                'C' => set_type(&mut options, &mut type_given, DbType::Corner)?,
                'D' => set_type(&mut options, &mut type_given, DbType::Dfa)?,
                'f' => set_type(&mut options, &mut type_given, DbType::Fullboard)?,
                'O' | 'X' | 'b' => {
                    anchor_options += 1;
                    options.anchor = match letter {
                        'O' => AnchorColor::O,
                        'X' => AnchorColor::X,
                        _ => AnchorColor::Both,
                    };
                }
                'm' => options.center_anchor = true,
                'a' => options.fixed_anchor = true,
                'v' => options.verbose = true,
                other => {
                    return Err(format!(
                        "invalid option -- '{other}' (in '{arg}'; mkpat's options: {KNOWN_OPTIONS})"
                    ));
                }
            }
        }
    }
    if anchor_options > 1 {
        warnings.push("Multiple anchor options encountered. The last took precedence".into());
    }
    if options.center_anchor && options.fixed_anchor {
        warnings.push("-m and -a are mutually exclusive".into());
    }
    if options.db_type == DbType::Dfa && options.dtr.is_none() {
        return Err("transformation file required (use -t option)".into());
    }
    Ok(ParsedOptions { options, warnings })
}

fn set_type(options: &mut MkpatOptions, given: &mut bool, db_type: DbType) -> Result<(), String> {
    // `-d` after `-D` (or the reverse) names the same type.
    if *given && options.db_type != db_type {
        return Err("More than one database type specified".into());
    }
    *given = true;
    options.db_type = db_type;
    Ok(())
}

/// The language a database file is written in, as GNU Go's build decides
/// it by the file's name.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum FileLanguage {
    /// The `.db` pattern language (`mkpat`).
    Patterns,
    /// The eye-shape language of `eyes.db` (`mkeyes`).
    Eyes,
    /// The Monte-Carlo weight language of `mc_*.db` (`mkmcpat`).
    Mc,
}

/// What a pattern database is matched for in GNU Go's engine (its
/// callback; matching-semantics §5), which decides what its classes mean.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum DatabaseRole {
    /// Not one of GNU Go's databases: only role-independent meanings apply.
    #[default]
    Unknown,
    /// The shapes callback: `patterns.db`, `patterns2.db`, `fuseki.db`,
    /// `endgame.db`.
    Shapes,
    /// The connection callback: `conn.db`.
    Connection,
    /// The influence callbacks: `influence.db`, `barriers.db`.
    Influence,
    /// The tactical helpers: `attack.db`, `defense.db`.
    Tactical,
    /// The owl and combination-attack databases (DFA, `-D`).
    Owl,
    /// `handicap.db`, `oracle.db`.
    Other,
}

/// Everything a database's file name tells, from GNU Go's build: its
/// language, the `mkpat` options GNU Go compiles it with (`conn.db`,
/// `influence.db` and `barriers.db` with `-c`) and its role in the engine.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FileDefaults {
    /// The language.
    pub language: FileLanguage,
    /// The check options GNU Go's command line for it implies.
    pub check: crate::check::CheckOptions,
    /// What the engine uses it for.
    pub role: DatabaseRole,
}

/// The defaults GNU Go's build implies for the database at `path` (only its
/// file name counts): `eyes.db` eye shapes, `mc_*.db` Monte-Carlo weights,
/// anything else patterns, with the options of the GNU Go database that
/// reads a file of that name (`codegen::gnugo_build`), or none.
pub fn defaults_for_path(path: &std::path::Path) -> FileDefaults {
    let name = path.file_name().unwrap_or_default().to_string_lossy();
    defaults_for_name(&name)
}

/// [`defaults_for_path`] on a bare file name.
pub fn defaults_for_name(name: &str) -> FileDefaults {
    let language = if name == "eyes.db" {
        FileLanguage::Eyes
    } else if name.starts_with("mc_") && name.ends_with(".db") {
        FileLanguage::Mc
    } else {
        FileLanguage::Patterns
    };
    let database = crate::codegen::gnugo_build::database_reading(name);
    let role = match database.map(|db| db.name) {
        Some("patterns" | "fuseki" | "endgame") => DatabaseRole::Shapes,
        Some("conn") => DatabaseRole::Connection,
        Some("influence" | "barriers") => DatabaseRole::Influence,
        Some("attack" | "defense") => DatabaseRole::Tactical,
        Some("aa_attackpats" | "owl_attackpats" | "owl_vital_apats" | "owl_defendpats") => {
            DatabaseRole::Owl
        }
        Some(_) => DatabaseRole::Other,
        None => DatabaseRole::Unknown,
    };
    FileDefaults {
        language,
        check: database.map(|db| db.check_options()).unwrap_or_default(),
        role,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(line: &str) -> Result<ParsedOptions, String> {
        let args: Vec<&str> = line.split_whitespace().collect();
        parse_mkpat_args(&args)
    }

    #[test]
    fn reads_the_gnugo_build_command_lines() {
        let p = parse("-D -m -b -t ./aa_attackpats.dtr aa_attackpat -i ./aa_attackpats.db -o x.c")
            .unwrap();
        assert_eq!(p.options.db_type, DbType::Dfa);
        assert!(p.options.center_anchor);
        assert_eq!(p.options.anchor, AnchorColor::Both);
        assert_eq!(p.options.dtr.as_deref(), Some("./aa_attackpats.dtr"));
        assert_eq!(p.options.prefix.as_deref(), Some("aa_attackpat"));
        assert_eq!(p.options.inputs, vec!["./aa_attackpats.db"]);
        assert_eq!(p.options.output.as_deref(), Some("x.c"));
        assert!(p.warnings.is_empty());

        let p = parse("-c -b barrierspat -i ./barriers.db").unwrap();
        assert_eq!(p.options.db_type, DbType::Connection);
        assert_eq!(p.options.anchor, AnchorColor::Both);
        let p = parse("defpat -i ./defense.db").unwrap();
        assert_eq!(p.options.db_type, DbType::General);
        assert_eq!(p.options.anchor, AnchorColor::O);
    }

    #[test]
    fn grouped_flags_and_glued_arguments() {
        let p = parse("-cX -ifoo.db -ibar.db pre").unwrap();
        assert_eq!(p.options.db_type, DbType::Connection);
        assert_eq!(p.options.anchor, AnchorColor::X);
        assert_eq!(p.options.inputs, vec!["foo.db", "bar.db"]);
    }

    #[test]
    fn gnugo_warnings_and_errors() {
        let p = parse("-O -X p").unwrap();
        assert_eq!(p.options.anchor, AnchorColor::X);
        assert_eq!(p.warnings.len(), 1);
        let p = parse("-m -a p").unwrap();
        assert!(p.warnings[0].contains("mutually exclusive"));
        assert!(
            parse("-c -C p")
                .unwrap_err()
                .contains("More than one database type")
        );
        assert!(
            parse("-D p")
                .unwrap_err()
                .contains("transformation file required")
        );
        assert!(parse("-d x -t f p").unwrap_err().contains("non-negative"));
        assert_eq!(
            parse("-d 5 -t f p").unwrap().options.optimize_iterations,
            Some(5)
        );
        let many = (0..11)
            .map(|k| format!("-i f{k}"))
            .collect::<Vec<_>>()
            .join(" ");
        assert!(parse(&many).unwrap_err().contains("Too many input files"));
        assert!(parse("-A ignored -b p").unwrap().warnings.is_empty());
        let e = parse("-A ignored -q p").unwrap_err();
        assert!(e.starts_with("invalid option -- 'q' (in '-q'"), "{e}");
        let e = parse("-bZ p").unwrap_err();
        assert!(e.starts_with("invalid option -- 'Z' (in '-bZ'"), "{e}");
    }

    #[test]
    fn file_names_decide_language_options_and_role() {
        for name in ["conn.db", "influence.db", "barriers.db"] {
            let d = defaults_for_name(name);
            assert_eq!(d.language, FileLanguage::Patterns, "{name}");
            assert!(d.check.connection_mode, "{name} is compiled with -c");
        }
        for name in [
            "patterns.db",
            "patterns2.db",
            "attack.db",
            "owl_defendpats.db",
            "x.db",
        ] {
            assert!(!defaults_for_name(name).check.connection_mode, "{name}");
        }
        assert_eq!(defaults_for_name("eyes.db").language, FileLanguage::Eyes);
        assert_eq!(
            defaults_for_name("mc_uniform.db").language,
            FileLanguage::Mc
        );
        assert_eq!(
            defaults_for_name("mc_x.txt").language,
            FileLanguage::Patterns
        );
        assert_eq!(defaults_for_name("patterns2.db").role, DatabaseRole::Shapes);
        assert_eq!(defaults_for_name("conn.db").role, DatabaseRole::Connection);
        assert_eq!(
            defaults_for_name("barriers.db").role,
            DatabaseRole::Influence
        );
        assert_eq!(defaults_for_name("mine.db").role, DatabaseRole::Unknown);
        assert_eq!(
            defaults_for_path(std::path::Path::new("/a/b/conn.db")),
            defaults_for_name("conn.db")
        );
    }
}
