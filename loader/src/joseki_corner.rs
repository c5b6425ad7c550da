//! The joseki corner database of `tesuji match --joseki`: joseki SGF files
//! (explicit files, or the `*.sgf` of a directory in GNU Go's build order)
//! converted like GNU Go's `joseki` program and threaded into a
//! [`CornerDb`] variation tree.

use std::path::{Path, PathBuf};

use joseki::corner_specs::corner_patterns;
use matcher::corner::CornerDb;
use mkpat::codegen::gnugo_build::JOSEKI_SOURCES;

/// One joseki SGF file and the pattern-name prefix its patterns get.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct JosekiSource {
    /// The SGF file.
    pub path: PathBuf,
    /// Pattern-name prefix (`JG`, `JHK`, ... for GNU Go's files).
    pub prefix: String,
}

/// The prefix for a joseki file: GNU Go's for its seven files (by stem),
/// otherwise `J` and the stem in upper case, letters and digits only.
pub fn prefix_for(path: &Path) -> String {
    let stem = path
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    JOSEKI_SOURCES
        .iter()
        .find(|(name, _)| *name == stem)
        .map_or_else(
            || {
                let tail: String = stem
                    .chars()
                    .filter(char::is_ascii_alphanumeric)
                    .map(|c| c.to_ascii_uppercase())
                    .collect();
                format!("J{tail}")
            },
            |(_, prefix)| (*prefix).to_string(),
        )
}

/// Position of a file stem in the build order: GNU Go's seven files first,
/// in their order, then the others alphabetically.
fn build_rank(path: &Path) -> (usize, String) {
    let stem = path
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    let rank = JOSEKI_SOURCES
        .iter()
        .position(|(name, _)| *name == stem)
        .unwrap_or(JOSEKI_SOURCES.len());
    (rank, stem)
}

/// Expands the `--joseki` arguments: a directory stands for its `*.sgf`
/// files in build order; a file stands for itself (in the order given).
pub fn expand_sources(paths: &[PathBuf]) -> Result<Vec<JosekiSource>, String> {
    let mut files = Vec::new();
    for path in paths {
        if path.is_dir() {
            let entries = std::fs::read_dir(path)
                .map_err(|e| format!("reading directory {}: {e}", path.display()))?;
            let mut found = Vec::new();
            for entry in entries {
                let entry =
                    entry.map_err(|e| format!("reading directory {}: {e}", path.display()))?;
                let file = entry.path();
                if file.is_file() && file.extension().is_some_and(|e| e == "sgf") {
                    found.push(file);
                }
            }
            if found.is_empty() {
                return Err(format!("{}: no .sgf files in directory", path.display()));
            }
            found.sort_by_key(|f| build_rank(f));
            files.extend(found);
        } else {
            files.push(path.clone());
        }
    }
    Ok(files
        .into_iter()
        .map(|path| JosekiSource {
            prefix: prefix_for(&path),
            path,
        })
        .collect())
}

/// Converts every source and builds the corner database (patterns in the
/// order of `sources`). Errors name the file.
pub fn build_corner_db(sources: &[JosekiSource]) -> Result<CornerDb, String> {
    let mut specs = Vec::new();
    for source in sources {
        let text = std::fs::read_to_string(&source.path)
            .map_err(|e| format!("reading {}: {e}", source.path.display()))?;
        let conversion = joseki::sgf_to_db(&source.prefix, &text)
            .map_err(|e| format!("{}: {e}", source.path.display()))?;
        specs.extend(corner_patterns(&conversion));
    }
    Ok(CornerDb::build(specs))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gnugo_files_get_gnugo_prefixes_and_others_a_derived_one() {
        assert_eq!(prefix_for(Path::new("/x/hoshi_keima.sgf")), "JHK");
        assert_eq!(prefix_for(Path::new("takamoku.sgf")), "JT");
        assert_eq!(prefix_for(Path::new("my-own_1.sgf")), "JMYOWN1");
    }

    #[test]
    fn directory_order_is_gnugo_build_order_then_alphabetical() {
        let mut paths: Vec<PathBuf> = [
            "zeta",
            "takamoku",
            "gogo",
            "alpha",
            "sansan",
            "komoku",
            "hoshi_other",
        ]
        .iter()
        .map(|s| PathBuf::from(format!("{s}.sgf")))
        .collect();
        paths.sort_by_key(|p| build_rank(p));
        let stems: Vec<_> = paths.iter().map(|p| build_rank(p).1).collect();
        assert_eq!(
            stems,
            [
                "gogo",
                "hoshi_other",
                "komoku",
                "sansan",
                "takamoku",
                "alpha",
                "zeta"
            ]
        );
    }
}
