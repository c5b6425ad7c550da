//! The engine's modules are layered: each may use (`crate::…` paths, in
//! `use` lines or inline) only the modules of its tier or below, in the
//! order of [`ORDER`]; every module under `src/` must have a place in it.
//! The check reads the source files, so it needs no build of a violation to
//! fail; its own rules are tested on synthetic sources below.

use std::collections::BTreeSet;
use std::fs;
use std::path::{Path, PathBuf};

/// The engine's modules in tiers from the bottom up (the order
/// `src/lib.rs` describes): the parts' foundation, the layers after
/// `matcher::layer` (later ones go between `dragons` and the composite),
/// the composite context (`context` is where `lib.rs` re-exports it), the
/// shapes check above every layer it asks, and the front door a program
/// asks through.
const ORDER: &[&[&str]] = &[
    &["compose", "param_text"],
    &["board"],
    &["tactics"],
    &["dragons"],
    &["eyes"],
    &["owl"],
    &["combination"],
    &["influence"],
    &["reasons"],
    &["valuation"],
    &["engine_context", "context"],
    &["shapes"],
    &["front"],
];

/// The layer folders that must exist.
const LAYER_FOLDERS: &[&str] = &[
    "board",
    "tactics",
    "dragons",
    "eyes",
    "owl",
    "combination",
    "influence",
    "reasons",
    "valuation",
    "shapes",
];

/// The tier of a module in [`ORDER`].
fn rank(module: &str) -> Option<usize> {
    ORDER.iter().position(|tier| tier.contains(&module))
}

/// The code of a source file without its `//` comments (doc comments
/// included: a link to a higher layer is no dependency).
fn without_comments(source: &str) -> String {
    source
        .lines()
        .map(|line| match line.find("//") {
            Some(k) if !line[..k].contains('"') => &line[..k],
            _ => line,
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// The engine modules a source names through `crate::` (or `$crate::`)
/// paths: the first segment of each path, each item of a `crate::{…}`
/// group.
fn crate_modules(source: &str) -> BTreeSet<String> {
    let code = without_comments(source);
    let mut found = BTreeSet::new();
    let bytes = code.as_bytes();
    let mut from = 0;
    while let Some(k) = code[from..].find("crate::") {
        let start = from + k;
        from = start + "crate::".len();
        let before = start.checked_sub(1).map(|b| bytes[b] as char);
        if before.is_some_and(|c| c.is_alphanumeric() || c == '_') {
            continue;
        }
        let rest = &code[from..];
        if let Some(group) = rest.strip_prefix('{') {
            let mut depth = 0;
            let mut item = String::new();
            let mut items = Vec::new();
            for c in group.chars() {
                match c {
                    '{' => depth += 1,
                    '}' if depth == 0 => break,
                    '}' => depth -= 1,
                    ',' if depth == 0 => items.push(std::mem::take(&mut item)),
                    _ => {}
                }
                if !(c == ',' && depth == 0) {
                    item.push(c);
                }
            }
            items.push(item);
            for item in items {
                let name: String = item
                    .trim()
                    .chars()
                    .take_while(|c| c.is_alphanumeric() || *c == '_')
                    .collect();
                if !name.is_empty() {
                    found.insert(name);
                }
            }
        } else {
            let name: String = rest
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect();
            if !name.is_empty() {
                found.insert(name);
            }
        }
    }
    found
}

/// What is wrong with `module` using what `source` names: each module
/// above it, and each module without a rank.
fn violations(module: &str, source: &str) -> Vec<String> {
    let Some(own) = rank(module) else {
        return vec![format!("{module} has no place in ORDER")];
    };
    crate_modules(source)
        .into_iter()
        .filter_map(|used| match rank(&used) {
            None => Some(format!(
                "{module} uses crate::{used}, which has no place in ORDER"
            )),
            Some(r) if r > own => Some(format!(
                "{module} uses crate::{used}, a higher layer ({used} > {module})"
            )),
            Some(_) => None,
        })
        .collect()
}

/// The `.rs` files under `path` (a file or a folder), in name order.
fn sources(path: &Path) -> Vec<PathBuf> {
    if path.is_file() {
        return vec![path.to_path_buf()];
    }
    let mut files = Vec::new();
    let mut entries: Vec<PathBuf> = fs::read_dir(path)
        .expect("a readable folder")
        .map(|e| e.expect("an entry").path())
        .collect();
    entries.sort();
    for entry in entries {
        if entry.is_dir() {
            files.extend(sources(&entry));
        } else if entry.extension().is_some_and(|e| e == "rs") {
            files.push(entry);
        }
    }
    files
}

/// Every module under `src/` (a folder or a `.rs` file other than
/// `lib.rs`) by name, with its path.
fn modules() -> Vec<(String, PathBuf)> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut found: Vec<(String, PathBuf)> = fs::read_dir(&src)
        .expect("src/")
        .map(|e| e.expect("an entry").path())
        .filter_map(|path| {
            let name = if path.is_dir() {
                path.file_name()?.to_str()?.to_string()
            } else if path.extension().is_some_and(|e| e == "rs") {
                path.file_stem()?.to_str()?.to_string()
            } else {
                return None;
            };
            (name != "lib").then_some((name, path))
        })
        .collect();
    found.sort();
    found
}

#[test]
fn every_module_uses_only_the_layers_below_it() {
    let modules = modules();
    assert!(modules.len() >= 4, "{modules:?}");
    let mut problems = Vec::new();
    for (module, path) in &modules {
        for file in sources(path) {
            let source = fs::read_to_string(&file).expect("a readable source");
            for problem in violations(module, &source) {
                problems.push(format!("{}: {problem}", file.display()));
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn every_layer_is_a_folder() {
    let folders: BTreeSet<String> = modules()
        .into_iter()
        .filter(|(_, path)| path.is_dir())
        .map(|(name, _)| name)
        .collect();
    for layer in LAYER_FOLDERS {
        assert!(folders.contains(*layer), "src/{layer}/ is missing");
        assert!(rank(layer).is_some(), "{layer} has no place in ORDER");
    }
}

#[test]
fn a_lower_layer_using_a_higher_one_fails() {
    let source = "use goban::Board;\nuse crate::compose::Part;\nuse crate::dragons::Dragons;\n";
    assert_eq!(
        violations("tactics", source),
        ["tactics uses crate::dragons, a higher layer (dragons > tactics)"]
    );
    assert!(violations("dragons", source).is_empty());
}

#[test]
fn groups_inline_paths_and_macros_count_too() {
    let grouped = "use crate::{\n    board::BoardPart,\n    shapes::{judge, Verdict},\n};";
    assert_eq!(violations("board", grouped).len(), 1, "{grouped}");
    let inline = "fn f() { let v = crate::engine_context::EngineContext::new(b, None, c); }";
    assert_eq!(violations("dragons", inline).len(), 1);
    let front = "use crate::context::EngineContext;\nuse crate::{dragons::Dragons, shapes::judge};";
    assert!(violations("front", front).is_empty());
    assert_eq!(violations("shapes", "use crate::front::Engine;").len(), 1);
    let in_macro = "$crate::shapes::judge!()";
    assert_eq!(violations("compose", in_macro).len(), 1);
    assert_eq!(
        crate_modules(grouped).into_iter().collect::<Vec<_>>(),
        ["board", "shapes"]
    );
}

#[test]
fn comments_other_crates_and_unranked_modules() {
    // A doc link is no dependency; `::tactics` is the tactics crate.
    let harmless = "//! See [`x`](crate::shapes::judge).\nuse ::tactics::reader::Reader;\n\
                    use tactics::codes::Code; // crate::shapes\nlet s = \"// \"; use crate::board::BoardPart;";
    assert!(violations("tactics", harmless).is_empty());
    assert_eq!(
        crate_modules(harmless).into_iter().collect::<Vec<_>>(),
        ["board"]
    );
    assert_eq!(
        violations("board", "use crate::semeai::Semeai;"),
        ["board uses crate::semeai, which has no place in ORDER"]
    );
    assert_eq!(violations("semeai", ""), ["semeai has no place in ORDER"]);
    // Words that end in `crate` are no paths.
    assert!(crate_modules("use subcrate::shapes;").is_empty());
}
