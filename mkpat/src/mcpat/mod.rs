//! The `mc_*.db` language (Monte-Carlo 3×3 move weights, spec
//! `joseki-and-fuseki.md` §4): parser with diagnostics, compilation into a
//! [`matcher::mc::McTable`], a text dump of the compiled table, and a plain
//! first-matching-line evaluator used as the reference in tests.
//!
//! A pattern is three diagram rows (only their first three characters
//! count; the centre is the move and is not read) followed by one or more
//! colon lines `:VALUE[,word]*`. Every other line is ignored.

use crate::ast::FileId;
use crate::diag::{Code, Diagnostic};
use crate::source::{SourceSet, numbered_lines};
use matcher::mc::{
    McProperties, McTable, NEIGHBOURS, NUM_GEOMETRIES, NUM_PROPERTIES, geometry_table,
};
use std::collections::BTreeMap;
use std::fmt::Write as _;

/// GNU Go reads lines with an 80-byte buffer.
pub const MAX_LINE_CHARS: usize = 79;

/// Values above this give a warning.
pub const MAX_SENSIBLE_VALUE: u32 = 10_000_000;

/// Characters that start a diagram row.
const ROW_START: &str = ".xXoO|+-?%";

/// The known colon-line words (matched as substrings, like GNU Go).
pub const WORDS: [&str; 26] = [
    "near",
    "far",
    "xcap0",
    "xcap1+",
    "xcap1-",
    "xcap1",
    "xcap2+",
    "xcap2-",
    "xcap2",
    "xcap3",
    "ocap0",
    "ocap1+",
    "ocap1-",
    "ocap1",
    "ocap2+",
    "ocap2-",
    "ocap2",
    "ocap3",
    "xsafe",
    "xunsafe",
    "osafe",
    "ounsafe",
    "xsuicide",
    "xnosuicide",
    "ocap",
    "xcap",
];

/// One colon line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct McColon {
    /// 1-based line number.
    pub line: usize,
    /// The weight.
    pub value: u32,
    /// The whole line (the words are searched in it as substrings).
    pub text: String,
}

/// A 3×3 diagram with its colon lines.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct McPattern {
    /// 1-based line of the first diagram row.
    pub line: usize,
    /// The diagram character of each neighbour, indexed like
    /// [`matcher::mc::NEIGHBOURS`].
    pub neighbours: [char; 8],
    /// The colon lines, in file order.
    pub colons: Vec<McColon>,
}

/// A parsed `mc_*.db` file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct McDb {
    /// Table name: the file name without directory, `mc_` prefix and `.db`.
    pub name: String,
    /// Patterns in file order.
    pub patterns: Vec<McPattern>,
}

/// The table name GNU Go's `mkmcpat` derives from a file name.
pub fn table_name(file_name: &str) -> String {
    let base = file_name.rsplit('/').next().unwrap_or(file_name);
    let base = base.strip_prefix("mc_").unwrap_or(base);
    base.strip_suffix(".db").unwrap_or(base).to_string()
}

/// Position of diagram row `row`, column `col` as a neighbour index
/// (`None` for the centre).
fn neighbour_index(row: usize, col: usize) -> Option<usize> {
    let offset = (row as i32 - 1, col as i32 - 1);
    NEIGHBOURS.iter().position(|&d| d == offset)
}

/// Parses an `mc_*.db` file of `sources` (its name gives the table name).
/// Returns the database and all diagnostics; the database is only
/// meaningful when no diagnostic is an error.
pub fn parse(sources: &SourceSet, file: FileId) -> (McDb, Vec<Diagnostic>) {
    let source = sources.file(file);
    let (file_name, text) = (source.name.as_str(), source.text.as_str());
    let mut diags = Vec::new();
    let mut diag = |line: usize, col: usize, code: Code, message: String| {
        let diagnostic = Diagnostic::new(
            code,
            sources.span_at(file, line as u32, col as u32),
            message,
        );
        diags.push(match code {
            Code::McUnknownWord => {
                diagnostic.with_help(format!("known words: {}", WORDS.join(", ")))
            }
            Code::McDiagramShape => diagnostic.with_help(
                "a pattern is three diagram rows (the centre is the move) then its `:weight` lines",
            ),
            _ => diagnostic,
        });
    };
    let mut patterns: Vec<McPattern> = Vec::new();
    // Rows of the diagram being read (since the last colon line).
    let mut rows: Vec<(usize, Vec<char>)> = Vec::new();
    // Whether the last pattern may take more colon lines.
    let mut open = false;
    for (number, line) in numbered_lines(text) {
        let chars: Vec<char> = line.chars().collect();
        if chars.len() > MAX_LINE_CHARS {
            diag(
                number,
                MAX_LINE_CHARS + 1,
                Code::McLineTooLong,
                format!(
                    "line longer than {MAX_LINE_CHARS} characters (GNU Go would read it as two lines)"
                ),
            );
            continue;
        }
        let Some(&first) = chars.first() else {
            continue;
        };
        if ROW_START.contains(first) {
            if rows.len() == 3 {
                diag(
                    number,
                    1,
                    Code::McFourthRow,
                    "a fourth diagram row is ignored".into(),
                );
                continue;
            }
            let row = rows.len();
            for col in 0..3 {
                if row == 1 && col == 1 {
                    continue;
                }
                match chars.get(col) {
                    Some(c) if ROW_START.contains(*c) => {}
                    Some(c) => diag(
                        number,
                        col + 1,
                        Code::McNeighbourhoodCharacter,
                        format!("`{c}` is not a neighbourhood character (one of `{ROW_START}`)"),
                    ),
                    None => diag(
                        number,
                        chars.len() + 1,
                        Code::McNeighbourhoodCharacter,
                        "diagram row shorter than three characters".into(),
                    ),
                }
            }
            rows.push((number, chars));
            open = false;
            continue;
        }
        if first != ':' {
            continue;
        }
        let rest: String = chars[1..].iter().collect();
        let trimmed = rest.trim_start();
        let digits: String = trimmed.chars().take_while(char::is_ascii_digit).collect();
        let Ok(value) = digits.parse::<u32>() else {
            diag(
                number,
                2,
                Code::McNoValue,
                "colon line without a numeric value is ignored".into(),
            );
            continue;
        };
        if value > MAX_SENSIBLE_VALUE {
            diag(
                number,
                2,
                Code::McLargeValue,
                format!("value {value} is above {MAX_SENSIBLE_VALUE}"),
            );
        }
        let words_start = 1 + (rest.len() - trimmed.len()) + digits.len();
        let mut col = words_start + 1;
        for word in line[line
            .char_indices()
            .nth(words_start)
            .map_or(line.len(), |(b, _)| b)..]
            .split(',')
        {
            let w = word.trim();
            if !w.is_empty() && !WORDS.contains(&w) {
                diag(
                    number,
                    col,
                    Code::McUnknownWord,
                    format!("unknown word `{w}`"),
                );
            }
            col += word.chars().count() + 1;
        }
        let colon = McColon {
            line: number,
            value,
            text: line.to_string(),
        };
        if !rows.is_empty() {
            if rows.len() < 3 {
                diag(
                    number,
                    1,
                    Code::McDiagramShape,
                    format!("diagram has {} rows; three are needed", rows.len()),
                );
            }
            let mut neighbours = ['?'; 8];
            for (row, (_, chars)) in rows.iter().enumerate() {
                for col in 0..3 {
                    if let Some(k) = neighbour_index(row, col) {
                        neighbours[k] = chars.get(col).copied().unwrap_or(' ');
                    }
                }
            }
            patterns.push(McPattern {
                line: rows[0].0,
                neighbours,
                colons: vec![colon],
            });
            rows.clear();
            open = true;
        } else if open && let Some(last) = patterns.last_mut() {
            last.colons.push(colon);
        } else {
            diag(
                number,
                1,
                Code::McDiagramShape,
                "colon line without a diagram".into(),
            );
        }
    }
    if let Some((number, _)) = rows.first() {
        diag(
            *number,
            1,
            Code::McNoColonLine,
            "diagram without a colon line is ignored".into(),
        );
    }
    (
        McDb {
            name: table_name(file_name),
            patterns,
        },
        diags,
    )
}

/// Whether a colon line's words admit a property combination (substring
/// tests over the whole line, with GNU Go's precedence among `K+`, `K-`
/// and `K` variants).
pub fn words_admit(line: &str, properties: McProperties) -> bool {
    let has = |w: &str| line.contains(w);
    let count_ok = |prefix: &str, count: u8| {
        let word = |suffix: &str| has(&format!("{prefix}{suffix}"));
        let mut ok = true;
        if word("0") {
            ok &= count == 0;
        }
        for k in [1u8, 2] {
            if word(&format!("{k}+")) {
                ok &= count >= k;
            } else if word(&format!("{k}-")) {
                ok &= count <= k;
            } else if word(&k.to_string()) {
                ok &= count == k;
            }
        }
        if word("3") {
            ok &= count == 3;
        }
        ok
    };
    let p = properties;
    (!has("near") || p.near)
        && (!has("far") || !p.near)
        && count_ok("xcap", p.opponent_captures)
        && count_ok("ocap", p.own_captures)
        && (!has("xsafe") || !p.opponent_self_atari)
        && (!has("xunsafe") || p.opponent_self_atari)
        && (!has("osafe") || !p.own_self_atari)
        && (!has("ounsafe") || p.own_self_atari)
        && (!has("xsuicide") || p.opponent_suicide)
        && (!has("xnosuicide") || !p.opponent_suicide)
}

/// The cell codes (0 empty, 1 own, 2 opponent, 3 off-board) a diagram
/// character stands for.
pub fn cell_choices(c: char) -> &'static [u8] {
    match c {
        '.' => &[0],
        'O' => &[1],
        'X' => &[2],
        '|' | '-' | '+' => &[3],
        'o' => &[0, 1],
        'x' => &[0, 2],
        '?' => &[0, 1, 2],
        '%' => &[0, 1, 2, 3],
        _ => &[],
    }
}

/// The geometry classes a diagram covers (wildcards expanded; impossible
/// neighbourhoods dropped), as a sorted list.
pub fn covered_classes(neighbours: &[char; 8]) -> Vec<u16> {
    let table = geometry_table();
    let mut codes = vec![0u16];
    for (k, &c) in neighbours.iter().enumerate() {
        let choices = cell_choices(c);
        codes = codes
            .iter()
            .flat_map(|&code| {
                choices
                    .iter()
                    .map(move |&cell| code | (u16::from(cell) << (2 * k)))
            })
            .collect();
    }
    let mut classes: Vec<u16> = codes
        .into_iter()
        .map(|code| table.class(code))
        .filter(|&c| c != 0)
        .collect();
    classes.sort_unstable();
    classes.dedup();
    classes
}

/// Compiles a parsed database: each (class, property code) cell takes the
/// value of the first colon line covering it; uncovered cells weigh 1.
pub fn compile(db: &McDb) -> McTable {
    let size = (NUM_GEOMETRIES + 1) * NUM_PROPERTIES;
    let mut values: Vec<Option<u32>> = vec![None; size];
    for pattern in &db.patterns {
        let classes = covered_classes(&pattern.neighbours);
        for colon in &pattern.colons {
            let admitted: Vec<usize> = (0..NUM_PROPERTIES)
                .filter(|&bits| words_admit(&colon.text, McProperties::from_bits(bits as u8)))
                .collect();
            for &class in &classes {
                for &bits in &admitted {
                    values[class as usize * NUM_PROPERTIES + bits].get_or_insert(colon.value);
                }
            }
        }
    }
    McTable {
        name: db.name.clone(),
        values: values.into_iter().map(|v| v.unwrap_or(1)).collect(),
    }
}

/// Parses and compiles the `mc_*.db` text `bytes` named `file_name`
/// (Latin-1 comments are read lossily): the table, or every error as
/// `file:line:col: message` lines.
pub fn load_table(file_name: &str, bytes: &[u8]) -> Result<McTable, String> {
    let (sources, id) = SourceSet::single(file_name, String::from_utf8_lossy(bytes));
    let (db, diags) = parse(&sources, id);
    let errors: Vec<String> = diags
        .iter()
        .filter(|d| d.is_error())
        .map(|d| crate::render::plain(&sources, d))
        .collect();
    if errors.is_empty() {
        Ok(compile(&db))
    } else {
        Err(errors.join("\n"))
    }
}

/// The plain reference: the value of the first colon line whose diagram
/// matches the concrete neighbourhood `code` under some symmetry and whose
/// words admit `properties`; 1 if none does.
pub fn reference_weight(db: &McDb, code: u16, properties: McProperties) -> u32 {
    for pattern in &db.patterns {
        let matches = matcher::transform::Transform::ALL.iter().any(|&t| {
            let image = matcher::mc::transform_code(code, t);
            (0..8).all(|k| {
                cell_choices(pattern.neighbours[k]).contains(&matcher::mc::cell_of(image, k))
            })
        });
        if !matches {
            continue;
        }
        if let Some(colon) = pattern
            .colons
            .iter()
            .find(|c| words_admit(&c.text, properties))
        {
            return colon.value;
        }
    }
    1
}

/// Draws a neighbourhood code as three rows (`#` = off the board).
pub fn draw_code(code: u16) -> [String; 3] {
    let cell = |k: usize| ['.', 'O', 'X', '#'][matcher::mc::cell_of(code, k) as usize];
    [
        [cell(5), cell(2), cell(6)].iter().collect(),
        [cell(1), '*', cell(3)].iter().collect(),
        [cell(4), cell(0), cell(7)].iter().collect(),
    ]
}

fn ranges(codes: &[usize]) -> String {
    let mut parts = Vec::new();
    let mut k = 0;
    while k < codes.len() {
        let start = codes[k];
        let mut end = start;
        while k + 1 < codes.len() && codes[k + 1] == end + 1 {
            k += 1;
            end += 1;
        }
        parts.push(if start == end {
            format!("{start}")
        } else {
            format!("{start}-{end}")
        });
        k += 1;
    }
    parts.join(",")
}

/// Text dump of a compiled table (what `mkpat dump --mc` prints): one block
/// per geometry class whose weights are not all 1, with the class's
/// representative neighbourhood and, per weight, the property codes
/// carrying it.
pub fn dump(table: &McTable) -> String {
    let geometry = geometry_table();
    let mut out = String::new();
    let _ = writeln!(
        out,
        "mc table {}: {} geometry classes x {} property codes (bit 0 near, 1-2 xcap, 3-4 ocap, 5 xunsafe, 6 ounsafe, 7 xsuicide)",
        table.name, NUM_GEOMETRIES, NUM_PROPERTIES
    );
    let mut plain = 0;
    for class in 1..=NUM_GEOMETRIES as u16 {
        let mut by_value: BTreeMap<u32, Vec<usize>> = BTreeMap::new();
        for bits in 0..NUM_PROPERTIES {
            by_value
                .entry(table.class_weight(class, bits as u8))
                .or_default()
                .push(bits);
        }
        if by_value.len() == 1 && by_value.contains_key(&1) {
            plain += 1;
            continue;
        }
        let rows = draw_code(geometry.representative(class).unwrap_or(0));
        let _ = writeln!(out, "class {class} {}/{}/{}", rows[0], rows[1], rows[2]);
        for (value, codes) in by_value {
            let _ = writeln!(out, "  {value}: {}", ranges(&codes));
        }
    }
    let _ = writeln!(out, "{plain} classes weigh 1 for every property code");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Parses `text` as the file `name`; also returns the source set.
    fn parse_text(name: &str, text: &str) -> (McDb, Vec<Diagnostic>, SourceSet) {
        let (sources, file) = SourceSet::single(name, text);
        let (parsed, diags) = parse(&sources, file);
        (parsed, diags, sources)
    }

    #[test]
    fn parses_patterns_and_diagnoses() {
        let text = "# c\n\noOo\nO*O\noO?\n\n:0\n:5,near,bogus\n\n.Q.\n.*.\n...\n:20000000\n:\n..\n";
        let (db, diags, sources) = parse_text("mc_test.db", text);
        assert_eq!(db.name, "test");
        assert_eq!(db.patterns.len(), 2);
        assert_eq!(
            db.patterns[0].neighbours,
            ['O', 'O', 'O', 'O', 'o', 'o', 'o', '?']
        );
        assert_eq!(db.patterns[0].colons.len(), 2);
        assert_eq!(
            crate::diag::code_positions(&diags),
            vec![
                ("MC007", 8, 9),
                ("MC002", 10, 2),
                ("MC004", 13, 2),
                ("MC008", 14, 2),
                ("MC002", 15, 3),
                ("MC006", 15, 1)
            ]
        );
        assert_eq!(
            crate::render::header(&sources, &diags[1]),
            "mc_test.db:10:2: error[MC002]: `Q` is not a neighbourhood character (one of `.xXoO|+-?%`)"
        );
        assert_eq!(
            crate::render::header(&sources, &diags[0]),
            "mc_test.db:8:9: warning[MC007]: unknown word `bogus`"
        );
    }

    #[test]
    fn words_follow_gnugo_precedence() {
        let p = |xcap, near| McProperties {
            near,
            opponent_captures: xcap,
            ..McProperties::default()
        };
        assert!(words_admit(":1,xcap1+", p(3, false)));
        assert!(!words_admit(":1,xcap1+", p(0, false)));
        assert!(words_admit(":1,xcap1", p(1, false)));
        assert!(!words_admit(":1,xcap1", p(2, false)));
        assert!(words_admit(":1,xcap2-", p(0, false)));
        assert!(!words_admit(":1,near", p(0, false)));
        assert!(words_admit(":1,far", p(0, false)));
        assert!(words_admit(":1", p(3, true)));
    }

    #[test]
    fn first_colon_line_wins_and_uncovered_cells_weigh_one() {
        let (db, diags, _) = parse_text("mc_t.db", "...\n.*.\n...\n:7,near\n:9\n");
        assert!(diags.is_empty());
        let table = compile(&db);
        let near = McProperties {
            near: true,
            ..McProperties::default()
        };
        assert_eq!(table.weight(0, near), 7);
        assert_eq!(table.weight(0, McProperties::default()), 9);
        // One white neighbour: not covered.
        assert_eq!(table.weight(1, near), 1);
    }

    #[test]
    fn dump_groups_property_codes_by_weight() {
        let (db, _, _) = parse_text("mc_t.db", "...\n.*.\n...\n:7,near\n");
        let text = dump(&compile(&db));
        let lines: Vec<&str> = text.lines().collect();
        assert!(lines[0].starts_with("mc table t: 1107 geometry classes x 256 property codes"));
        assert_eq!(lines[1], "class 1 .../.*./...");
        let odd: Vec<String> = (0..128).map(|k| (2 * k + 1).to_string()).collect();
        let even: Vec<String> = (0..128).map(|k| (2 * k).to_string()).collect();
        assert_eq!(lines[2], format!("  1: {}", even.join(",")));
        assert_eq!(lines[3], format!("  7: {}", odd.join(",")));
        assert_eq!(lines[4], "1106 classes weigh 1 for every property code");
    }
}
