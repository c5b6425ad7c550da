//! Names in a pattern database and where they occur: constraint labels
//! (defined by the constraint diagram's letters, used by constraint and
//! action code and label-valued fields of one pattern) and pattern names
//! (defined by `Pattern` lines, mentioned in `#` comments); the outline of
//! a document's patterns.

use mkpat::ast::{Argument, ColonLine, CommandKind, File, Item, Pattern, Span, ValueArgument, is_label};

/// A name under the cursor.
#[derive(Debug, Clone, Copy)]
pub enum Symbol<'a> {
    /// A constraint label of one pattern.
    Label {
        /// The pattern whose constraint diagram defines it.
        pattern: &'a Pattern,
        /// The letter.
        label: char,
    },
    /// A pattern name.
    PatternName(&'a str),
}

/// One place a name stands.
#[derive(Debug, Clone, Copy)]
pub struct Occurrence {
    /// Where.
    pub span: Span,
    /// Whether this place defines the name (a constraint-diagram letter, a
    /// `Pattern` line).
    pub is_definition: bool,
}

/// Whether a byte offset lies inside a span (its end excluded).
fn inside(span: Span, offset: usize) -> bool {
    (span.start as usize..span.end as usize).contains(&offset)
}

/// The pattern whose text holds a byte offset.
pub fn pattern_at(file: &File, offset: usize) -> Option<&Pattern> {
    file.patterns()
        .find(|p| super::position::covers(p.span, offset))
}

/// Every place a label stands in its pattern, definitions first.
pub fn label_occurrences(pattern: &Pattern, label: char) -> Vec<Occurrence> {
    let mut found = Vec::new();
    if let Some(diagram) = &pattern.constraint_diagram {
        for row in &diagram.rows {
            for (j, c) in row.cells.char_indices() {
                if c == label {
                    found.push(Occurrence {
                        span: row.cell_span(j),
                        is_definition: true,
                    });
                }
            }
        }
    }
    if let ColonLine::Modern(colon) = &pattern.colon {
        for field in &colon.values {
            if let ValueArgument::Label(written) = &field.argument
                && written.node == label
            {
                found.push(Occurrence {
                    span: written.span,
                    is_definition: false,
                });
            }
        }
    }
    pattern.for_each_call(&mut |call, _| {
        for arg in &call.args {
            if arg.node == Argument::Label(label) {
                found.push(Occurrence {
                    span: arg.span,
                    is_definition: false,
                });
            }
        }
    });
    found
}

/// The constraint label at a byte offset of a pattern, if one stands there.
fn label_at(pattern: &Pattern, offset: usize) -> Option<char> {
    if let Some(diagram) = &pattern.constraint_diagram {
        for row in &diagram.rows {
            for (j, c) in row.cells.char_indices() {
                if is_label(c) && inside(row.cell_span(j), offset) {
                    return Some(c);
                }
            }
        }
    }
    let mut found = None;
    if let ColonLine::Modern(colon) = &pattern.colon {
        for field in &colon.values {
            if let ValueArgument::Label(written) = &field.argument
                && inside(written.span, offset)
            {
                found = Some(written.node);
            }
        }
    }
    pattern.for_each_call(&mut |call, _| {
        for arg in &call.args {
            if let Argument::Label(c) = arg.node
                && inside(arg.span, offset)
            {
                found = Some(c);
            }
        }
    });
    found
}

/// Whether a character may be part of a pattern name.
fn is_name_char(c: char) -> bool {
    c.is_alphanumeric() || c == '_' || c == '-' || c == '.'
}

/// The word (a run of name characters) around a byte offset.
fn word_at(text: &str, offset: usize) -> Option<(usize, &str)> {
    let offset = offset.min(text.len());
    if !text.is_char_boundary(offset) {
        return None;
    }
    let start = text[..offset]
        .char_indices()
        .rev()
        .take_while(|&(_, c)| is_name_char(c))
        .last()
        .map_or(offset, |(i, _)| i);
    let end = text[offset..]
        .char_indices()
        .find(|&(_, c)| !is_name_char(c))
        .map_or(text.len(), |(i, _)| offset + i);
    (end > start).then(|| (start, &text[start..end]))
}

/// The label or pattern name at a byte offset.
pub fn symbol_at<'a>(file: &'a File, text: &str, offset: usize) -> Option<Symbol<'a>> {
    if let Some(pattern) = pattern_at(file, offset)
        && !super::position::covers(pattern.name.span, offset)
        && let Some(label) = label_at(pattern, offset)
    {
        return Some(Symbol::Label { pattern, label });
    }
    let (_, word) = word_at(text, offset)?;
    file.patterns()
        .find(|p| p.name.node == word)
        .map(|p| Symbol::PatternName(&p.name.node))
}

/// Every place a pattern name stands: its `Pattern` lines (the first is
/// the definition; later ones repeat it, which `check` reports) and whole
/// words of `#` comment lines.
pub fn name_occurrences(file: &File, text: &str, name: &str) -> Vec<Occurrence> {
    let mut found: Vec<Occurrence> = file
        .patterns()
        .filter(|p| p.name.node == name)
        .enumerate()
        .map(|(k, p)| Occurrence {
            span: p.name.span,
            is_definition: k == 0,
        })
        .collect();
    let mut line_start = 0;
    for line in text.split_inclusive('\n') {
        if line.trim_start().starts_with('#') {
            for (at, _) in line.match_indices(name) {
                let before = line[..at].chars().next_back();
                let after = line[at + name.len()..].chars().next();
                if !before.is_some_and(is_name_char) && !after.is_some_and(is_name_char) {
                    let start = line_start + at;
                    found.push(Occurrence {
                        span: Span {
                            file: file.file,
                            start: start as u32,
                            end: (start + name.len()) as u32,
                            ..Span::default()
                        },
                        is_definition: false,
                    });
                }
            }
        }
        line_start += line.len();
    }
    found
}

/// The occurrences of a symbol.
pub fn occurrences(file: &File, text: &str, symbol: Symbol<'_>) -> Vec<Occurrence> {
    match symbol {
        Symbol::Label { pattern, label } => label_occurrences(pattern, label),
        Symbol::PatternName(name) => name_occurrences(file, text, name),
    }
}

/// One entry of a document's outline.
#[derive(Debug, Clone)]
pub struct OutlineEntry {
    /// The pattern's name, or the command line (`attribute_map general`).
    pub name: String,
    /// Whether it is a pattern (else a command).
    pub is_pattern: bool,
    /// The whole pattern or command line.
    pub span: Span,
    /// The name (the command's argument).
    pub name_span: Span,
}

/// The document's outline: its patterns and the commands between them,
/// in source order.
pub fn outline(file: &File) -> Vec<OutlineEntry> {
    file.items
        .iter()
        .filter_map(|item| match item {
            Item::Pattern(p) => Some(OutlineEntry {
                name: p.name.node.to_string(),
                is_pattern: true,
                span: p.span,
                name_span: p.name.span,
            }),
            Item::Command(c) => {
                let keyword = match c.kind {
                    CommandKind::AttributeMap(_) => "attribute_map",
                    CommandKind::GoalElements(_) => "goal_elements",
                    CommandKind::CallbackData(_) => "callback_data",
                };
                Some(OutlineEntry {
                    name: format!("{keyword} {}", c.argument.node),
                    is_pattern: false,
                    span: c.span,
                    name_span: c.argument.span,
                })
            }
            Item::Comment(_) => None,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use mkpat::source::SourceSet;

    const DB: &str = "# A1 and A10 are different\n\nattribute_map owl_attack\n\nPattern A1\n\n?O?\nOX*\n\n:8,-\n\n?O?\nOa*\n\n;lib(a)==1 && !attack(a)\n\n\nPattern A10\n# unlike A1\n\nXO*\n\n:8,-,value(3),threatens_to_capture(b)\n\nbO*\n\n";

    fn file() -> (File, SourceSet) {
        let (sources, id) = SourceSet::single("t.db", DB);
        (mkpat::parse::parse_file(&sources, id).file, sources)
    }

    fn texts(found: &[Occurrence]) -> Vec<(&str, bool)> {
        found
            .iter()
            .map(|o| (&DB[o.span.range()], o.is_definition))
            .collect()
    }

    #[test]
    fn labels_are_defined_by_their_pattern_and_used_in_its_code_and_fields() {
        let (file, _) = file();
        let at = DB.find("attack(a)").unwrap() + 7;
        let Some(Symbol::Label { pattern, label }) = symbol_at(&file, DB, at) else {
            panic!("a label at the call's argument");
        };
        assert_eq!((pattern.name.node.as_str(), label), ("A1", 'a'));
        let found = label_occurrences(pattern, label);
        assert_eq!(texts(&found), [("a", true), ("a", false), ("a", false)]);
        assert_eq!(found[0].span.start as usize, DB.find("Oa*").unwrap() + 1);
        // The value field's label of A10 is its own pattern's `b`.
        let at = DB.find("capture(b)").unwrap() + 8;
        let Some(Symbol::Label { pattern, label }) = symbol_at(&file, DB, at) else {
            panic!("a label in the value field");
        };
        assert_eq!((pattern.name.node.as_str(), label), ("A10", 'b'));
        assert_eq!(texts(&label_occurrences(pattern, label)), [("b", true), ("b", false)]);
    }

    #[test]
    fn pattern_names_are_found_on_pattern_lines_and_in_comments_as_whole_words() {
        let (file, _) = file();
        let at = DB.find("Pattern A1\n").unwrap() + 9;
        let Some(Symbol::PatternName(name)) = symbol_at(&file, DB, at) else {
            panic!("a pattern name");
        };
        assert_eq!(name, "A1");
        let found = name_occurrences(&file, DB, name);
        assert_eq!(texts(&found), [("A1", true), ("A1", false), ("A1", false)]);
        let in_comment = DB.find("unlike A1").unwrap() + 8;
        assert!(matches!(symbol_at(&file, DB, in_comment), Some(Symbol::PatternName("A1"))));
        assert!(symbol_at(&file, DB, DB.find("different").unwrap()).is_none());
        let names: Vec<String> = outline(&file).into_iter().map(|e| e.name).collect();
        assert_eq!(names, ["attribute_map owl_attack", "A1", "A10"]);
    }
}
