//! A per-module cache for build scripts: when a database's inputs, its
//! command line and the generator (the running build-script binary) are
//! unchanged since the last run, the generated module already in `OUT_DIR`
//! is reused instead of compiled again. The key and what the run reported
//! (which tables the module has, its warnings) sit in a stamp file beside
//! the module.

use std::path::{Path, PathBuf};

use super::{GENERATOR_VERSION, fnv1a64};

/// What a module's last compilation reported.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct CachedRun {
    /// The module has a corner tree (`CORNER`).
    pub corner: bool,
    /// The module has an automaton (`DFA`).
    pub dfa: bool,
    /// The warnings, as printed.
    pub warnings: Vec<String>,
}

/// The cache key of one module: the generator (version, and the running
/// executable's size and modification time, which change whenever cargo
/// rebuilds the build script with a changed `mkpat`), the module path, the
/// arguments, and every `-i` / `-t` input's contents. `None` when an input
/// cannot be read (then the compiler reports the problem).
pub fn cache_key(module: &str, args: &[&str], base: &Path) -> Option<String> {
    let mut bytes: Vec<u8> = Vec::new();
    let mut part = |b: &[u8]| {
        bytes.extend_from_slice(b);
        bytes.push(0);
    };
    part(GENERATOR_VERSION.as_bytes());
    let exe = std::env::current_exe().ok()?;
    let meta = std::fs::metadata(&exe).ok()?;
    let modified = meta
        .modified()
        .ok()
        .and_then(|t| t.duration_since(std::time::UNIX_EPOCH).ok())
        .map_or(0, |d| d.as_nanos());
    part(format!("{}:{}:{modified}", exe.display(), meta.len()).as_bytes());
    part(module.as_bytes());
    for arg in args {
        part(arg.as_bytes());
    }
    for (flag, name) in args.iter().zip(args.iter().skip(1)) {
        if *flag == "-i" || *flag == "-t" {
            part(&std::fs::read(base.join(name)).ok()?);
        }
    }
    Some(format!("{:016x}", fnv1a64(&bytes)))
}

/// The stamp file of the generated module `module_file`.
pub fn stamp_path(module_file: &Path) -> PathBuf {
    let mut name = module_file.as_os_str().to_owned();
    name.push(".stamp");
    PathBuf::from(name)
}

/// The cached run of `module_file` if its stamp holds `key` and the module
/// file exists.
pub fn lookup(module_file: &Path, key: &str) -> Option<CachedRun> {
    if !module_file.is_file() {
        return None;
    }
    let text = std::fs::read_to_string(stamp_path(module_file)).ok()?;
    let mut lines = text.lines();
    if lines.next()? != key {
        return None;
    }
    let tables = lines.next()?;
    Some(CachedRun {
        corner: tables.contains("corner"),
        dfa: tables.contains("dfa"),
        warnings: lines.map(str::to_string).collect(),
    })
}

/// Records a run of `module_file` under `key`.
pub fn store(module_file: &Path, key: &str, run: &CachedRun) -> std::io::Result<()> {
    let mut text = format!("{key}\n");
    let tables: Vec<&str> = [(run.corner, "corner"), (run.dfa, "dfa")]
        .into_iter()
        .filter_map(|(has, name)| has.then_some(name))
        .collect();
    text.push_str(&format!("tables:{}\n", tables.join(",")));
    for warning in &run.warnings {
        text.push_str(warning);
        text.push('\n');
    }
    std::fs::write(stamp_path(module_file), text)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_stored_run_is_found_under_its_key_only() {
        let dir = std::env::temp_dir().join(format!("mkpat-build-cache-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("in.db"), "Pattern A\n").unwrap();
        let module = dir.join("m.rs");
        let key = cache_key("m", &["-D", "p", "-i", "in.db"], &dir).unwrap();
        assert_eq!(lookup(&module, &key), None, "no module file yet");
        std::fs::write(&module, "// generated\n").unwrap();
        let run = CachedRun {
            corner: false,
            dfa: true,
            warnings: vec!["in.db:1:1: warning: w".into()],
        };
        store(&module, &key, &run).unwrap();
        assert_eq!(lookup(&module, &key), Some(run));
        // Changing an input or an argument changes the key.
        std::fs::write(dir.join("in.db"), "Pattern B\n").unwrap();
        let changed = cache_key("m", &["-D", "p", "-i", "in.db"], &dir).unwrap();
        assert_ne!(changed, key);
        assert_eq!(lookup(&module, &changed), None);
        let other_args = cache_key("m", &["-b", "p", "-i", "in.db"], &dir).unwrap();
        assert_ne!(other_args, changed);
        assert_eq!(cache_key("m", &["p", "-i", "missing.db"], &dir), None);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
