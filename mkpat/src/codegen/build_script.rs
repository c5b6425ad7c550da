//! Helpers for `build.rs` scripts that compile pattern databases into a
//! crate: each database becomes `OUT_DIR/<module path>.rs`, an index file
//! nests them into modules and lists them (with their corner trees and
//! automata), problems surface as cargo errors and warnings with
//! `file:line:col`, and every input is registered with
//! `cargo:rerun-if-changed`. A module whose inputs, command line and
//! generator are unchanged is not compiled again ([`super::build_cache`]).

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use super::build_cache::{CachedRun, cache_key, lookup, store};
use super::driver::build;

/// Collects generated databases of one build script.
#[derive(Debug)]
pub struct BuildScript {
    out_dir: PathBuf,
    modules: Vec<String>,
    corner_modules: Vec<String>,
    dfa_modules: Vec<String>,
    failed: bool,
    /// Print cargo directives as they come (a real build script), besides
    /// keeping them.
    echo: bool,
    directives: Vec<String>,
}

impl BuildScript {
    /// A build script writing into `out_dir` that prints its cargo
    /// directives (`cargo::error=…`, `cargo:warning=…`,
    /// `cargo:rerun-if-changed=…`) to standard output.
    pub fn new(out_dir: impl Into<PathBuf>) -> BuildScript {
        BuildScript {
            echo: true,
            ..BuildScript::quiet(out_dir)
        }
    }

    /// Like [`BuildScript::new`] but only keeping the directives
    /// ([`BuildScript::directives`]): for tests and tools.
    pub fn quiet(out_dir: impl Into<PathBuf>) -> BuildScript {
        BuildScript {
            out_dir: out_dir.into(),
            modules: Vec::new(),
            corner_modules: Vec::new(),
            dfa_modules: Vec::new(),
            failed: false,
            echo: false,
            directives: Vec::new(),
        }
    }

    /// The cargo directives issued so far, in order.
    pub fn directives(&self) -> &[String] {
        &self.directives
    }

    fn say(&mut self, directive: String) {
        if self.echo {
            println!("{directive}");
        }
        self.directives.push(directive);
    }

    /// A build script writing into `$OUT_DIR`.
    pub fn from_env() -> BuildScript {
        BuildScript::new(
            std::env::var_os("OUT_DIR")
                .map(PathBuf::from)
                .unwrap_or_else(|| PathBuf::from(".")),
        )
    }

    /// Whether any database failed to compile.
    pub fn failed(&self) -> bool {
        self.failed
    }

    /// The module paths generated so far (`tesuji`, `gnugo::attack`, …).
    pub fn modules(&self) -> &[String] {
        &self.modules
    }

    /// Compiles one database from a GNU Go `mkpat` command line (paths
    /// relative to `base`) into the module `module` (`::`-separated path).
    /// Returns whether it succeeded; failures are reported to cargo.
    pub fn compile(&mut self, module: &str, args: &[&str], base: &Path) -> bool {
        for (flag, name) in args.iter().zip(args.iter().skip(1)) {
            if *flag == "-i" || *flag == "-t" {
                self.say(format!(
                    "cargo:rerun-if-changed={}",
                    base.join(name).display()
                ));
            }
        }
        let file = self.out_dir.join(file_name(module));
        let key = cache_key(module, args, base);
        if let Some(cached) = key.as_deref().and_then(|key| lookup(&file, key)) {
            self.record(module, &cached);
            return true;
        }
        let result = build(args, base).and_then(|built| {
            let rust = built.rust().map_err(|e| vec![e])?;
            let run = CachedRun {
                corner: built.db.corner.is_some(),
                dfa: built.db.dfa.is_some(),
                warnings: built.warnings,
            };
            Ok((rust, run))
        });
        match result {
            Ok((rust, run)) => {
                if let Err(e) = write_if_changed(&file, &rust) {
                    self.say(format!("cargo::error=writing {}: {e}", file.display()));
                    self.failed = true;
                    return false;
                }
                if let Some(key) = &key
                    && let Err(e) = store(&file, key, &run)
                {
                    self.say(format!(
                        "cargo:warning=writing the build cache of {module}: {e}"
                    ));
                }
                self.record(module, &run);
                true
            }
            Err(errors) => {
                for error in errors {
                    self.say(format!("cargo::error={error}"));
                }
                self.failed = true;
                false
            }
        }
    }

    /// Reports a successful module's warnings and lists it.
    fn record(&mut self, module: &str, run: &CachedRun) {
        for warning in &run.warnings {
            self.say(format!("cargo:warning={warning}"));
        }
        self.modules.push(module.to_string());
        if run.corner {
            self.corner_modules.push(module.to_string());
        }
        if run.dfa {
            self.dfa_modules.push(module.to_string());
        }
    }

    /// Writes `OUT_DIR/<index>`: nested `pub mod` items including every
    /// generated database; `DATABASES`, a list of `(module path,
    /// &PatternDb, &CodeTable)`; `CORNER_DATABASES`, the corner databases as
    /// `(module path, &PatternDb, &CornerTables)`; and `DFA_DATABASES`, the
    /// DFA databases as `(module path, &PatternDb, &DfaTables)`.
    pub fn write_index(&self, index: &str) -> std::io::Result<()> {
        let mut text =
            String::from("// @generated by mkpat's build-script support. Do not edit.\n");
        let mut sorted = self.modules.clone();
        sorted.sort();
        write_tree(&mut text, &sorted, &[], 0);
        text.push_str(
            "/// Every database compiled into this crate: module path, tables, code.\n\
             pub static DATABASES: &[(&str, &::matcher::pattern::PatternDb, &::matcher::constraint::CodeTable)] = &[\n",
        );
        for module in &sorted {
            let _ = writeln!(text, "    ({module:?}, &{module}::DB, &{module}::CODE),");
        }
        text.push_str("];\n");
        for (list, kind, item, field, modules) in [
            (
                "CORNER_DATABASES",
                "corner databases: module path, tables, variation tree",
                "::matcher::corner::CornerTables",
                "CORNER",
                &self.corner_modules,
            ),
            (
                "DFA_DATABASES",
                "DFA databases: module path, tables, automaton",
                "::matcher::dfa::DfaTables",
                "DFA",
                &self.dfa_modules,
            ),
        ] {
            let mut sorted = modules.clone();
            sorted.sort();
            let _ = writeln!(
                text,
                "/// The {kind}.\npub static {list}: &[(&str, &::matcher::pattern::PatternDb, &{item})] = &["
            );
            for module in &sorted {
                let _ = writeln!(text, "    ({module:?}, &{module}::DB, &{module}::{field}),");
            }
            text.push_str("];\n");
        }
        write_if_changed(&self.out_dir.join(index), &text)
    }
}

fn file_name(module: &str) -> String {
    format!("{}.rs", module.replace("::", "__"))
}

/// Writes the `pub mod` tree for the modules under `prefix`.
fn write_tree(text: &mut String, modules: &[String], prefix: &[&str], depth: usize) {
    let indent = "    ".repeat(depth);
    let mut children: Vec<&str> = modules
        .iter()
        .filter_map(|m| {
            let parts: Vec<&str> = m.split("::").collect();
            (parts.len() > prefix.len() && parts[..prefix.len()] == *prefix)
                .then(|| parts[prefix.len()])
        })
        .collect();
    children.dedup();
    for child in children {
        let mut path = prefix.to_vec();
        path.push(child);
        let full = path.join("::");
        if modules.contains(&full) {
            let _ = writeln!(
                text,
                "{indent}/// Generated from a pattern database.\n{indent}#[allow(clippy::all)] // generated code: literal C semantics, complete struct literals\n{indent}pub mod {child} {{\n{indent}    include!(concat!(env!(\"OUT_DIR\"), \"/{}\"));\n{indent}}}",
                file_name(&full)
            );
        } else {
            let _ = writeln!(
                text,
                "{indent}/// Generated pattern databases.\n{indent}pub mod {child} {{"
            );
            write_tree(text, modules, &path, depth + 1);
            let _ = writeln!(text, "{indent}}}");
        }
    }
}

/// Writes `contents` unless the file already holds exactly that (keeps
/// modification times stable for incremental builds).
pub fn write_if_changed(path: &Path, contents: &str) -> std::io::Result<()> {
    if std::fs::read(path).is_ok_and(|old| old == contents.as_bytes()) {
        return Ok(());
    }
    std::fs::write(path, contents)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A fresh scratch directory holding `files`.
    fn scratch(name: &str, files: &[(&str, &str)]) -> PathBuf {
        let dir =
            std::env::temp_dir().join(format!("mkpat-build-script-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(dir.join("out")).unwrap();
        for (file, text) in files {
            std::fs::write(dir.join(file), text).unwrap();
        }
        dir
    }

    const GOOD: &str = "Pattern A\n\n?X\nO*\n\n:8,-\n";

    #[test]
    fn errors_become_cargo_errors_with_file_line_and_column() {
        let dir = scratch("error", &[("bad.db", "Pattern A\n\n?X\nO*.\n\n:8,-\n")]);
        let mut script = BuildScript::quiet(dir.join("out"));
        assert!(!script.compile("bad", &["bad", "-i", "bad.db"], &dir));
        assert!(script.failed());
        assert!(script.modules().is_empty());
        let errors: Vec<&String> = script
            .directives()
            .iter()
            .filter(|d| d.starts_with("cargo::error="))
            .collect();
        assert_eq!(errors.len(), 1, "{:?}", script.directives());
        assert!(
            errors[0].starts_with("cargo::error=bad.db:4:1: error[E0306]: row is 3 wide"),
            "{}",
            errors[0]
        );
        assert!(!dir.join("out/bad.rs").exists());
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn inputs_are_registered_warnings_surface_and_the_index_lists_the_module() {
        let with_warning = format!("{GOOD}\nPattern A\n\n*X\n\n:8,-\n");
        let dir = scratch("warning", &[("ok.db", &with_warning)]);
        let mut script = BuildScript::quiet(dir.join("out"));
        assert!(script.compile("mine::ok", &["-b", "okpat", "-i", "ok.db"], &dir));
        assert!(!script.failed());
        assert_eq!(script.modules(), ["mine::ok"]);
        let said = script.directives().to_vec();
        assert_eq!(
            said[0],
            format!("cargo:rerun-if-changed={}", dir.join("ok.db").display())
        );
        assert!(
            said.iter()
                .any(|d| d.starts_with("cargo:warning=ok.db:") && d.contains("[W0202]")),
            "{said:?}"
        );
        let generated = std::fs::read_to_string(dir.join("out/mine__ok.rs")).unwrap();
        assert!(generated.contains("okpat"), "the prefix names the tables");
        script.write_index("index.rs").unwrap();
        let index = std::fs::read_to_string(dir.join("out/index.rs")).unwrap();
        assert!(index.contains("pub mod mine {"), "{index}");
        assert!(index.contains("pub mod ok {"), "{index}");
        assert!(index.contains("(\"mine::ok\", &mine::ok::DB, &mine::ok::CODE)"));

        // Unchanged inputs: the module is reused, and says the same.
        let before = std::fs::metadata(dir.join("out/mine__ok.rs"))
            .unwrap()
            .modified()
            .unwrap();
        let mut again = BuildScript::quiet(dir.join("out"));
        assert!(again.compile("mine::ok", &["-b", "okpat", "-i", "ok.db"], &dir));
        assert_eq!(again.directives(), said);
        let after = std::fs::metadata(dir.join("out/mine__ok.rs"))
            .unwrap()
            .modified()
            .unwrap();
        assert_eq!(before, after);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_missing_input_fails_the_build() {
        let dir = scratch("missing", &[]);
        let mut script = BuildScript::quiet(dir.join("out"));
        assert!(!script.compile("gone", &["gone", "-i", "gone.db"], &dir));
        assert!(script.failed());
        assert!(
            script
                .directives()
                .iter()
                .any(|d| d.starts_with("cargo::error=mkpat: gone.db:")),
            "{:?}",
            script.directives()
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
