//! The colon line: symmetry, classes, value fields and helper (3.x, spec §6)
//! or the 2.6 numeric form (spec §11).

use super::lines::LineRef;
use crate::ast::{
    Assistance, AttributeMap, ColonLine, LegacyColon, ModernColon, Spanned, Text, ValueArgument,
    ValueField, ValueKey, is_label,
};
use crate::diag::{Code, Diagnostic};

/// Parses a colon line under the active attribute map. `None` when the line
/// is too broken to describe (diagnostics say why).
pub fn parse_colon(
    line: &LineRef<'_>,
    map: AttributeMap,
    diags: &mut Vec<Diagnostic>,
) -> Option<ColonLine> {
    let text = line.text;
    let Some(symmetry) = text[1..].chars().next() else {
        diags.push(syntax_error(line, text.len(), "missing symmetry character"));
        return None;
    };
    let after_sym = 1 + symmetry.len_utf8();
    if text.as_bytes().get(after_sym) != Some(&b',') {
        diags.push(syntax_error(
            line,
            after_sym,
            "',' expected after the symmetry character",
        ));
        return None;
    }
    let class_start = after_sym + 1;
    let class_end = find_byte(&text[class_start..], b',').map_or(text.len(), |i| class_start + i);
    if class_end == class_start {
        diags.push(syntax_error(line, class_start, "the class field is empty"));
        return None;
    }
    let symmetry = Spanned {
        node: symmetry,
        span: line.span(1, after_sym),
    };
    if is_legacy_number(text[class_start..class_end].trim()) {
        return legacy(line, symmetry, class_start, diags).map(ColonLine::Legacy);
    }
    let classes = Spanned {
        node: Text::from(&text[class_start..class_end]),
        span: line.span(class_start, class_end),
    };
    let mut colon = ModernColon {
        symmetry,
        classes,
        values: Vec::new(),
        helper: None,
        helper_is_null: false,
        helper_trailing_whitespace: None,
        span: line.span(0, text.len()),
    };
    let bytes = text.as_bytes();
    let mut pos = class_end;
    loop {
        while pos < bytes.len() && matches!(bytes[pos], b',' | b' ') {
            pos += 1;
        }
        if pos >= bytes.len() {
            break;
        }
        let end = find_byte(&text[pos..], b',').map_or(text.len(), |i| pos + i);
        let field = &text[pos..end];
        if find_byte(field, b'(').is_some() {
            match value_field(line, pos, field, map, diags) {
                Some(value) => colon.values.push(value),
                None => break,
            }
            pos = end;
            continue;
        }
        let name = field.trim_end();
        // GNU Go copies the whole field, the line's newline included when
        // no `,` ends it.
        let mut trailing = Text::from(&field[name.len()..]);
        if end == text.len() && line.terminated {
            trailing.push('\n');
        }
        colon.helper_trailing_whitespace = (!trailing.is_empty()).then_some(trailing);
        if name == "NULL" {
            colon.helper_is_null = true;
        } else {
            if !is_c_identifier(name) {
                diags.push(
                    Diagnostic::new(
                        Code::SuspiciousHelper,
                        line.span(pos, pos + name.len()),
                        format!("`{name}` is taken as the helper function name"),
                    )
                    .with_label("not a C identifier")
                    .with_help("GNU Go takes the first field without '(' as the helper; a value field needs the form name(value)"),
                );
            }
            colon.helper = Some(Spanned {
                node: Text::from(name),
                span: line.span(pos, pos + name.len()),
            });
        }
        if end < text.len() && !text[end..].trim_matches([',', ' ']).is_empty() {
            diags.push(
                Diagnostic::new(
                    Code::IgnoredAfterHelper,
                    line.span(end, text.len()),
                    "fields after the helper name are ignored",
                )
                .with_help("the helper name must be the last field of the colon line"),
            );
        }
        break;
    }
    Some(ColonLine::Modern(colon))
}

/// The index of the first `byte` (an ASCII byte, so never inside a
/// multi-byte character): a plain loop, quicker than `str::find` on the
/// short fields of a colon line.
fn find_byte(text: &str, byte: u8) -> Option<usize> {
    text.bytes().position(|b| b == byte)
}

fn syntax_error(line: &LineRef<'_>, at: usize, what: &str) -> Diagnostic {
    let end = (at + 1).min(line.text.len()).max(at);
    Diagnostic::new(
        Code::ColonSyntax,
        line.span(at, end),
        format!("colon line must contain symmetry character and class: {what}"),
    )
    .with_help("write e.g. `:8,-` (symmetry 8, no class)")
}

fn is_c_identifier(name: &str) -> bool {
    let mut chars = name.chars();
    chars
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_')
}

/// Resolves a value field name with GNU Go's first-prefix rule.
pub fn resolve_value_key(map: AttributeMap, written: &str) -> Option<ValueKey> {
    map.fields()
        .iter()
        .copied()
        .find(|key| key.name().starts_with(written))
}

fn value_field(
    line: &LineRef<'_>,
    start: usize,
    field: &str,
    map: AttributeMap,
    diags: &mut Vec<Diagnostic>,
) -> Option<ValueField> {
    let open = find_byte(field, b'(').unwrap_or(field.len());
    let written = &field[..open];
    let written_spanned = Spanned {
        node: Text::from(written),
        span: line.span(start, start + open),
    };
    let field_span = line.span(start, start + field.len());
    let Some(key) = resolve_value_key(map, written) else {
        let help = if map == AttributeMap::None {
            "value fields need an `attribute_map` command before the first pattern".to_string()
        } else {
            let names: Vec<&str> = map.fields().iter().map(|k| k.name()).collect();
            format!("attribute_map {} accepts: {}", map.name(), names.join(", "))
        };
        diags.push(
            Diagnostic::new(
                Code::UnknownValueField,
                written_spanned.span,
                format!("unknown value field: {field}"),
            )
            .with_label("no field of the attribute map starts with this")
            .with_help(help),
        );
        return None;
    };
    let inner_start = open + 1;
    let Some(close) = find_byte(&field[inner_start..], b')').map(|i| inner_start + i) else {
        diags.push(
            Diagnostic::new(
                Code::MissingParen,
                field_span,
                format!("')' missed in `{field}`"),
            )
            .with_help("close the value field with ')'"),
        );
        return None;
    };
    if close + 1 < field.len() && !field[close + 1..].trim().is_empty() {
        diags.push(
            Diagnostic::new(
                Code::IgnoredValueText,
                line.span(start + close + 1, start + field.len()),
                "text after ')' is ignored",
            )
            .with_help("separate fields with ','"),
        );
    }
    let text = &field[inner_start..close];
    let argument = if key.takes_label() {
        let c = field[inner_start..].chars().next().unwrap_or(')');
        let span = line.span(start + inner_start, start + inner_start + c.len_utf8());
        if c != '*' && !is_label(c) {
            diags.push(
                Diagnostic::new(
                    Code::InvalidLabel,
                    span,
                    format!("'{c}' is not a valid label"),
                )
                .with_help(format!("{} takes a constraint diagram label", key.name())),
            );
            return None;
        }
        if text.len() > c.len_utf8() {
            diags.push(
                Diagnostic::new(
                    Code::IgnoredValueText,
                    line.span(start + inner_start + c.len_utf8(), start + close),
                    "only the first character of a label argument is read",
                )
                .with_help("write a single label letter"),
            );
        }
        ValueArgument::Label(Spanned { node: c, span })
    } else {
        let (value, used) = c_strtof(text);
        if used == 0 {
            diags.push(
                Diagnostic::new(
                    Code::UnparsableNumber,
                    line.span(start + inner_start, start + close),
                    format!("`{text}` is not a number; GNU Go reads it as 0"),
                )
                .with_help("write a decimal number"),
            );
        } else if !text[used..].trim().is_empty() {
            diags.push(
                Diagnostic::new(
                    Code::UnparsableNumber,
                    line.span(start + inner_start + used, start + close),
                    format!("GNU Go reads `{text}` as {value} and ignores the rest"),
                )
                .with_help("write a plain decimal number"),
            );
        }
        ValueArgument::Number {
            text: Text::from(text),
            value,
        }
    };
    Some(ValueField {
        written: written_spanned,
        key: Some(key),
        argument,
        span: field_span,
    })
}

/// C's `strtof` on a prefix of `text`: the value and the bytes used (0 when
/// no number was read).
pub fn c_strtof(text: &str) -> (f32, usize) {
    let bytes = text.as_bytes();
    let mut i = bytes.iter().take_while(|b| b.is_ascii_whitespace()).count();
    let number_start = i;
    if matches!(bytes.get(i), Some(b'+' | b'-')) {
        i += 1;
    }
    let int_digits = bytes[i..].iter().take_while(|b| b.is_ascii_digit()).count();
    i += int_digits;
    let int_end = i;
    let mut frac_digits = 0;
    if bytes.get(i) == Some(&b'.') {
        frac_digits = bytes[i + 1..]
            .iter()
            .take_while(|b| b.is_ascii_digit())
            .count();
        if int_digits + frac_digits > 0 {
            i += 1 + frac_digits;
        }
    }
    if int_digits + frac_digits == 0 {
        return (0.0, 0);
    }
    if i == int_end && int_digits <= 7 && !matches!(bytes.get(i), Some(b'e' | b'E')) {
        // A plain integer below 2^24 is exact in an f32: the value is the
        // integer itself, as the general path below would also find.
        let digits = &bytes[int_end - int_digits..int_end];
        let magnitude = digits
            .iter()
            .fold(0u32, |n, &d| n * 10 + u32::from(d - b'0'));
        let negative = bytes[number_start] == b'-';
        let value = if negative {
            -(magnitude as f32)
        } else {
            magnitude as f32
        };
        return (value, i);
    }
    if matches!(bytes.get(i), Some(b'e' | b'E')) {
        let mut j = i + 1;
        if matches!(bytes.get(j), Some(b'+' | b'-')) {
            j += 1;
        }
        let exp_digits = bytes[j..].iter().take_while(|b| b.is_ascii_digit()).count();
        if exp_digits > 0 {
            i = j + exp_digits;
        }
    }
    let value = text[number_start..i].parse::<f32>().unwrap_or(0.0);
    (value, i)
}

/// Whether a 2.6 field is a number: optional sign, digits, optional fraction.
fn is_legacy_number(field: &str) -> bool {
    let digits = field.strip_prefix(['+', '-']).unwrap_or(field);
    let (int, frac) = digits.split_once('.').unwrap_or((digits, ""));
    !int.is_empty()
        && int.bytes().all(|b| b.is_ascii_digit())
        && frac.bytes().all(|b| b.is_ascii_digit())
}

/// Splits on commas at parenthesis depth 0; yields (start, end) of each
/// field with surrounding blanks trimmed.
fn split_depth0(text: &str, from: usize) -> Vec<(usize, usize)> {
    let mut fields = Vec::new();
    let mut depth = 0i32;
    let mut start = from;
    let bytes = text.as_bytes();
    for i in from..=bytes.len() {
        if i < bytes.len() {
            match bytes[i] {
                b'(' => depth += 1,
                b')' => depth -= 1,
                b',' if depth <= 0 => {
                    fields.push(trimmed(text, start, i));
                    start = i + 1;
                }
                _ => {}
            }
        } else {
            fields.push(trimmed(text, start, i));
        }
    }
    fields
}

/// The range `start..end` of `text` without surrounding blanks.
fn trimmed(text: &str, start: usize, end: usize) -> (usize, usize) {
    let raw = &text[start..end];
    let lead = raw.len() - raw.trim_start().len();
    (start + lead, start + lead + raw.trim().len())
}

fn legacy(
    line: &LineRef<'_>,
    symmetry: Spanned<char>,
    fields_start: usize,
    diags: &mut Vec<Diagnostic>,
) -> Option<LegacyColon> {
    let text = line.text;
    let fields = split_depth0(text, fields_start);
    let field = |k: usize| fields.get(k).map(|&(s, e)| (&text[s..e], line.span(s, e)));
    let (weight_text, weight_span) = field(0)?;
    let weight = weight_text.parse::<f64>().unwrap_or(0.0);
    let mut colon = LegacyColon {
        symmetry,
        weight: Spanned {
            node: (Text::from(weight_text), weight),
            span: weight_span,
        },
        assistance: Spanned {
            node: Assistance::None,
            span: line.span(text.len(), text.len()),
        },
        classes: Spanned {
            node: Text::default(),
            span: line.span(text.len(), text.len()),
        },
        bonuses: [0; 5],
        bonuses_written: 0,
        helper: None,
        helper_is_null: false,
        span: line.span(0, text.len()),
    };
    let mut k = 1;
    let last = fields.len() - 1;
    let take_helper = |colon: &mut LegacyColon, name: &str, span| {
        if name == "NULL" {
            colon.helper_is_null = true;
        } else {
            colon.helper = Some(Spanned {
                node: Text::from(name),
                span,
            });
        }
    };
    if let Some((assist, span)) = field(k) {
        let is_helper = k == last
            && is_c_identifier(assist)
            && !assist.starts_with("wind")
            && !assist.starts_with("moyo");
        if is_helper {
            take_helper(&mut colon, assist, span);
            return Some(colon);
        }
        colon.assistance = Spanned {
            node: assistance(assist, span, diags)?,
            span,
        };
        k += 1;
    }
    if let Some((classes, span)) = field(k) {
        for (i, c) in classes.char_indices() {
            if !"snOoXxADBC-, ".contains(c) {
                let at = span.start as usize - line.offset + i;
                diags.push(
                    Diagnostic::new(
                        Code::LegacyClassIgnored,
                        line.span(at, at + c.len_utf8()),
                        format!("'{c}' is not a 2.6 classification letter and is ignored"),
                    )
                    .with_help("2.6 classes are s n O o X x A D B C"),
                );
            }
        }
        colon.classes = Spanned {
            node: Text::from(classes),
            span,
        };
        k += 1;
    }
    while let Some((value, span)) = field(k) {
        if let Ok(number) = value.parse::<i64>()
            && colon.bonuses_written < 5
        {
            colon.bonuses[colon.bonuses_written as usize] = number;
            colon.bonuses_written += 1;
        } else if k == last && is_c_identifier(value) {
            take_helper(&mut colon, value, span);
        } else if is_c_identifier(value) {
            diags.push(
                Diagnostic::new(
                    Code::LegacyHelperNotLast,
                    span,
                    format!("helper `{value}` must be the last field"),
                )
                .with_help("remove the fields after the helper name"),
            );
            return None;
        } else {
            diags.push(
                Diagnostic::new(
                    Code::LegacyNumber,
                    span,
                    format!("`{value}` is not an integer bonus field"),
                )
                .with_help("2.6 fields after the classification are obonus, xbonus, splitbonus, minrand, maxrand (integers), then the helper"),
            );
            return None;
        }
        k += 1;
    }
    Some(colon)
}

fn assistance(
    text: &str,
    span: crate::ast::Span,
    diags: &mut Vec<Diagnostic>,
) -> Option<Assistance> {
    if text == "0" {
        return Some(Assistance::None);
    }
    let parse_args = |inner: &str, n: usize| -> Option<Vec<i64>> {
        let values: Option<Vec<i64>> = inner.split(',').map(|v| v.trim().parse().ok()).collect();
        values.filter(|v| v.len() == n)
    };
    let call = |name: &str| {
        text.strip_prefix(name)
            .and_then(|rest| rest.trim_start().strip_prefix('('))
            .and_then(|rest| rest.strip_suffix(')'))
    };
    if let Some(args) = call("wind").and_then(|inner| parse_args(inner, 4)) {
        return Some(Assistance::Wind {
            ucutoff: args[0],
            uvalue: args[1],
            mycutoff: args[2],
            myvalue: args[3],
        });
    }
    if let Some(args) = call("moyo").and_then(|inner| parse_args(inner, 2)) {
        return Some(Assistance::Moyo {
            cutoff: args[0],
            value: args[1],
        });
    }
    diags.push(
        Diagnostic::new(
            Code::LegacyAssistance,
            span,
            format!("`{text}` is not a 2.6 assistance"),
        )
        .with_help(
            "write 0, wind(ucutoff,uvalue,mycutoff,myvalue) or moyo(cutoff,value) with integers",
        ),
    );
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// `c_strtof` without the integer fast path.
    fn c_strtof_reference(text: &str) -> (f32, usize) {
        let bytes = text.as_bytes();
        let mut i = bytes.iter().take_while(|b| b.is_ascii_whitespace()).count();
        let number_start = i;
        if matches!(bytes.get(i), Some(b'+' | b'-')) {
            i += 1;
        }
        let int_digits = bytes[i..].iter().take_while(|b| b.is_ascii_digit()).count();
        i += int_digits;
        let mut frac_digits = 0;
        if bytes.get(i) == Some(&b'.') {
            frac_digits = bytes[i + 1..]
                .iter()
                .take_while(|b| b.is_ascii_digit())
                .count();
            if int_digits + frac_digits > 0 {
                i += 1 + frac_digits;
            }
        }
        if int_digits + frac_digits == 0 {
            return (0.0, 0);
        }
        if matches!(bytes.get(i), Some(b'e' | b'E')) {
            let mut j = i + 1;
            if matches!(bytes.get(j), Some(b'+' | b'-')) {
                j += 1;
            }
            let exp_digits = bytes[j..].iter().take_while(|b| b.is_ascii_digit()).count();
            if exp_digits > 0 {
                i = j + exp_digits;
            }
        }
        (text[number_start..i].parse::<f32>().unwrap_or(0.0), i)
    }

    proptest! {
        #[test]
        fn strtof_fast_path_agrees_with_the_general_one(text in "[ ]?[+-]?[0-9]{0,9}[.]?[0-9]{0,2}([eE][+-]?[0-9]{0,2})?[a ]?") {
            let (value, used) = c_strtof(&text);
            let (expected, expected_used) = c_strtof_reference(&text);
            prop_assert_eq!(used, expected_used);
            prop_assert_eq!(value.to_bits(), expected.to_bits());
        }
    }
}
