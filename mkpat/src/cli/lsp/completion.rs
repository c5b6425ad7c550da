//! Completion: autohelper names (the catalogue and the engine builtins) on
//! `;` constraint and `>` action lines, class letters on the colon line's
//! class field.

use lsp_types::{CompletionItem, CompletionItemKind, Documentation, MarkupContent, MarkupKind};
use matcher::autohelper::{CATALOGUE, EngineBuiltin};
use matcher::layer::Callee;

use super::hover::catalogue_entry;

/// The short meaning of each class letter of the 3.x dialect, in bit
/// order (the classification table of `spec/db-format.md` §6.5; what a
/// class does depends on the database that matches the pattern).
const CLASS_MEANINGS: [(char, &str); 26] = [
    ('O', "own stones must be alive"),
    ('o', "own stones must not be alive"),
    ('X', "opponent stones must not be dead"),
    ('x', "opponent stones must not be alive"),
    ('s', "sacrifice: the move need not be safe"),
    ('n', "the opponent could play here too"),
    ('D', "defence (defense.db; barrier blocking X in influence)"),
    ('C', "connection"),
    ('c', "weak connection / combinable"),
    ('B', "cut"),
    ('A', "attack (attack.db; barrier where X blocks)"),
    ('b', "block (obsolete in shapes databases)"),
    ('e', "territory"),
    ('E', "moyo"),
    ('a', "strategic attack"),
    ('d', "strategic defence"),
    ('I', "invasion"),
    ('J', "standard joseki"),
    ('j', "lesser joseki"),
    ('t', "minor joseki / non-territory"),
    ('U', "urgent joseki"),
    ('T', "trick joseki (never played)"),
    ('W', "worthwhile threat"),
    ('F', "fuseki"),
    ('N', "antisuji (corner databases only)"),
    ('Y', "experimental"),
];

/// What a line offers, from its first character.
pub fn completions(line: &str) -> Vec<CompletionItem> {
    match line.trim_start().chars().next() {
        Some(';' | '>') => functions(),
        Some(':') if line.contains(',') => classes(),
        _ => Vec::new(),
    }
}

/// Every usable catalogue function and engine builtin.
fn functions() -> Vec<CompletionItem> {
    let catalogue = CATALOGUE
        .iter()
        .filter(|spec| spec.usable)
        .map(|spec| Callee::Autohelper(spec.id));
    let builtins = EngineBuiltin::ALL.into_iter().map(Callee::Builtin);
    catalogue
        .chain(builtins)
        .map(|function| CompletionItem {
            label: function.name().to_string(),
            kind: Some(CompletionItemKind::FUNCTION),
            detail: Some(format!("engine layer: {}", function.layer())),
            documentation: Some(Documentation::MarkupContent(MarkupContent {
                kind: MarkupKind::Markdown,
                value: catalogue_entry(function),
            })),
            ..CompletionItem::default()
        })
        .collect()
}

/// Every class letter with its meaning.
fn classes() -> Vec<CompletionItem> {
    CLASS_MEANINGS
        .iter()
        .map(|&(letter, meaning)| CompletionItem {
            label: letter.to_string(),
            kind: Some(CompletionItemKind::ENUM_MEMBER),
            detail: Some(meaning.to_string()),
            ..CompletionItem::default()
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_class_table_names_every_class_letter_in_bit_order() {
        let letters: Vec<char> = CLASS_MEANINGS.iter().map(|&(c, _)| c).collect();
        let runtime: Vec<char> = matcher::pattern::PatternClass::LETTERS
            .iter()
            .map(|&(c, _)| c)
            .collect();
        assert_eq!(letters, runtime);
    }

    #[test]
    fn lines_offer_what_they_can_hold() {
        assert!(completions(";lib(a)>1 && ").iter().any(|i| i.label == "oplay_attack"));
        assert!(completions(">").iter().any(|i| i.label == "disconnect_helper"));
        assert_eq!(completions(":8,").len(), 26);
        assert!(completions("Pattern X").is_empty());
        assert!(completions(":8").is_empty(), "symmetry field");
    }
}
