//! The JSON dump: the field names and encodings of GNU Go's expected files
//! (`shared/expected/mkpat/README.md`), so that a dump can be compared field
//! by field with GNU Go's own compiled tables.

use crate::compile::class_letters;
use crate::ir::{
    AttributeValue, CompiledDb, CompiledPattern, DbType, Dfa, EAST, NORTH, Rel, SOUTH, WEST,
    decode_offset,
};
use serde_json::{Map, Value, json};

/// A C `float` as GNU Go prints it with `%f` (six decimals), read back.
pub fn printed_float(value: f32) -> f64 {
    format!("{value:.6}").parse().unwrap_or(0.0)
}

fn pair(rel: Rel) -> Value {
    json!([rel.di, rel.dj])
}

/// `[di, dj]` as a GNU Go dump decodes the packed offset of `rel`.
fn decoded(rel: Rel) -> Value {
    pair(decode_offset(rel.gnugo()))
}

/// Names of the set edge bits, in bit order.
pub fn edge_names(edges: u8) -> Vec<&'static str> {
    [
        (NORTH, "NORTH"),
        (SOUTH, "SOUTH"),
        (EAST, "EAST"),
        (WEST, "WEST"),
    ]
    .iter()
    .filter(|&&(bit, _)| edges & bit != 0)
    .map(|&(_, name)| name)
    .collect()
}

fn attributes(p: &CompiledPattern) -> Value {
    match &p.attributes {
        None => Value::Null,
        Some(list) => Value::Array(
            list.iter()
                .map(|a| match a.value {
                    AttributeValue::Value(v) => {
                        json!({"type": a.kind.gnugo_name(), "value": printed_float(v)})
                    }
                    AttributeValue::Offset(rel) => json!({
                        "type": a.kind.gnugo_name(),
                        "offset": rel.gnugo(),
                        "delta_from_move": decoded(rel),
                    }),
                })
                .collect(),
        ),
    }
}

fn labels(p: &CompiledPattern) -> Value {
    if p.autohelper_flag == 0 {
        return Value::Null;
    }
    let mut map = Map::new();
    for label in &p.labels {
        map.insert(label.name.to_string(), decoded(label.offset));
    }
    Value::Object(map)
}

fn autohelper_name(prefix: &str, p: &CompiledPattern) -> Value {
    if p.autohelper_flag == 0 {
        Value::Null
    } else {
        json!(format!("autohelper{prefix}{}", p.index))
    }
}

/// One pattern object of a general / connection / DFA database.
pub fn pattern_json(db: &CompiledDb, p: &CompiledPattern) -> Value {
    let mut object = json!({
        "index": p.index,
        "name": p.name,
        "prefix": db.prefix,
        "patlen": p.patlen(),
        "trfno": p.trfno,
        "mini": p.mini,
        "minj": p.minj,
        "maxi": p.maxi,
        "maxj": p.maxj,
        "height": p.height(),
        "width": p.width(),
        "edge_constraints": p.edge_constraints,
        "edge_constraint_names": edge_names(p.edge_constraints),
        "move_offset": p.move_offset.gnugo(),
        "move": decoded(p.move_offset),
        "anchored_at_X": if p.anchored_at_x { 3 } else { 0 },
        "class": format!("{:#x}", p.class),
        "class_bits": p.class,
        "class_letters": class_letters(p.class),
        "value": printed_float(p.value),
        "attributes": attributes(p),
        "helper": p.helper,
        "helper_trailing_whitespace": p.helper_trailing_whitespace,
        "autohelper": autohelper_name(&db.prefix, p),
        "autohelper_flag": p.autohelper_flag,
        "has_constraint": p.has_constraint(),
        "has_action": p.has_action(),
        "constraint_cost": printed_float(p.constraint_cost),
        "and_mask": p.and_mask,
        "val_mask": p.val_mask,
        "elements": p.elements.iter().map(|e| json!([e.rel.di, e.rel.dj, e.kind as u8])).collect::<Vec<_>>(),
        "autohelper_labels": labels(p),
    });
    if db.db_type == DbType::Dfa {
        object["transformation_hint"] = json!(p.transformation_hint);
    }
    object
}

/// The automaton in the `<db>.dfa.json` layout.
pub fn dfa_json(dfa: &Dfa) -> Value {
    json!({
        "num_states": dfa.states.len(),
        "num_indexes": dfa.indexes.len(),
        "states": dfa.states.iter().map(|s| json!([s.next[0], s.next[1], s.next[2], s.next[3], s.att])).collect::<Vec<_>>(),
        "indexes": dfa.indexes.iter().map(|&(p, n)| json!([p, n])).collect::<Vec<_>>(),
    })
}

/// The whole database. `inputs` and `command` are recorded as given.
pub fn db_json(db: &CompiledDb, inputs: &[String], command: &str) -> Value {
    if db.db_type == DbType::Corner {
        return corner_json(db, inputs, command);
    }
    let mut object = json!({
        "prefix": db.prefix,
        "inputs": inputs,
        "command": command,
        "pattern_db": {
            "name": format!("{}_db", db.prefix),
            "fixed_for_size": -1,
            "fixed_anchor": u8::from(db.fixed_anchor),
            "patterns": db.prefix,
            "has_dfa": db.dfa.is_some(),
            "attributes_table": db.attributes_table,
        },
        "num_patterns": db.patterns.len(),
        "patterns": db.patterns.iter().map(|p| pattern_json(db, p)).collect::<Vec<_>>(),
    });
    if let Some(dfa) = &db.dfa {
        object["dfa_summary"] = json!({
            "num_states": dfa.states.len(),
            "num_indexes": dfa.indexes.len(),
        });
        object["dfa"] = dfa_json(dfa);
    }
    object
}

/// The corner database in the `joseki_corner.json` layout.
pub fn corner_json(db: &CompiledDb, inputs: &[String], command: &str) -> Value {
    let corner = db.corner.clone().unwrap_or_default();
    let variations: Vec<Value> = corner
        .variations
        .iter()
        .enumerate()
        .map(|(index, v)| {
            json!({
                "index": index,
                "move_offset": v.rel.gnugo(),
                "move": decoded(v.rel),
                "xor_att": v.xor_att,
                "num_stones": v.num_stones,
                "num_variations": v.num_children,
                "variations": v.first_child,
                "pattern": v.pattern,
            })
        })
        .collect();
    let patterns: Vec<Value> = db
        .patterns
        .iter()
        .map(|p| {
            let second = p.corner.map_or(Rel::default(), |c| c.second_corner);
            json!({
                "index": p.index,
                "name": p.name,
                "second_corner_offset": second.gnugo(),
                "second_corner": decoded(second),
                "symmetric": p.corner.is_some_and(|c| c.symmetric),
                "class": format!("{:#x}", p.class),
                "class_bits": p.class,
                "class_letters": class_letters(p.class),
                "attributes": attributes(p),
                "autohelper_flag": p.autohelper_flag,
                "autohelper": autohelper_name(&db.prefix, p),
                "autohelper_labels": labels(p),
            })
        })
        .collect();
    json!({
        "prefix": db.prefix,
        "command": command,
        "inputs": inputs,
        "corner_db": {
            "max_width": corner.max_width,
            "max_height": corner.max_height,
            "num_top_variations": corner.num_top_variations,
            "top_variations": 0,
        },
        "num_patterns": db.patterns.len(),
        "num_variations": corner.variations.len(),
        "variations": variations,
        "patterns": patterns,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn floats_are_rounded_like_printf() {
        assert_eq!(printed_float(0.6136), 0.6136);
        assert_eq!(printed_float(19.6), 19.6);
        assert_eq!(printed_float(1.0 / 3.0), 0.333333);
    }

    #[test]
    fn edge_name_order() {
        assert_eq!(edge_names(10), vec!["SOUTH", "WEST"]);
        assert_eq!(edge_names(15), vec!["NORTH", "SOUTH", "EAST", "WEST"]);
    }
}
