//! GNU Go `mkpat` command-line options (compilation.md §1), read the way
//! GNU Go's `getopt` loop reads them: flags may be grouped (`-cb`), option
//! arguments may be glued (`-iFILE`) or separate, and the prefix may stand
//! anywhere among the options.

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

/// Maximum number of `-i` inputs GNU Go accepts.
pub const MAX_INPUT_FILES: usize = 10;

/// Reads a GNU Go `mkpat` argument list (without the program name).
///
/// Errors are GNU Go's fatal command-line errors (`More than one database
/// type specified`, `Too many input files`, `transformation file required
/// (use -t option)`, `Expected a non-negative number of iterations`, a
/// missing option argument).
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
                other => warnings.push(format!("invalid option -- '{other}'")),
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
        assert!(parse("-A ignored -q p").unwrap().warnings[0].contains("invalid option"));
    }
}
