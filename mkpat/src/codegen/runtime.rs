//! The run-time form of a compiled database: the `matcher` tables plus one
//! interpretable [`Program`] per pattern with code, and the corner
//! variation tree (`-C`) or the automaton (`-D`). Code generation prints
//! exactly these values, so a database compiled in memory and the same
//! database compiled by `build.rs` hold equal tables.

use std::borrow::Cow;

use matcher::constraint::{CodeTable, LabelOffset, Program};
use matcher::corner::{CornerShape, CornerTables, CornerVariation};
use matcher::dfa::{DfaIndex, DfaState, DfaTables};
use matcher::pattern::{
    Attribute, AttributeValue, DbKind, EdgeConstraints, Element, Label, Offset, Pattern,
    PatternClass, PatternDb,
};

use super::lower::{LowerError, lower_program};
use crate::ir::{self, CompiledDb, CompiledPattern, DbType, Rel};

/// A database ready for the matcher, with interpretable code.
#[derive(Debug, Clone)]
pub struct RuntimeDb {
    /// The pattern tables.
    pub db: PatternDb,
    /// Each pattern's constraint/action program (`None`: no code).
    pub programs: Vec<Option<Program>>,
    /// The corner variation tree (`-C` databases).
    pub corner: Option<CornerTables>,
    /// The automaton (`-D` databases).
    pub dfa: Option<DfaTables>,
}

impl RuntimeDb {
    /// The code as a [`CodeTable`] for the interpreter.
    pub fn code_table(&self) -> CodeTable {
        CodeTable::Interpreted(self.programs.clone())
    }
}

/// Why a compiled pattern has no run-time form.
#[derive(Debug, Clone, PartialEq)]
pub struct ConvertError {
    /// The pattern.
    pub pattern: String,
    /// Where in the source (pattern or code).
    pub span: crate::ast::Span,
    /// What is wrong.
    pub message: String,
}

/// Converts a compiled database to its run-time form.
pub fn runtime_db(db: &CompiledDb) -> Result<RuntimeDb, ConvertError> {
    let mut patterns = Vec::with_capacity(db.patterns.len());
    let mut programs = Vec::with_capacity(db.patterns.len());
    for pattern in &db.patterns {
        let (runtime, program) = runtime_pattern(&db.prefix, pattern)?;
        patterns.push(runtime);
        programs.push(program);
    }
    let kind = match db.db_type {
        DbType::Connection => DbKind::Connection,
        DbType::Dfa => DbKind::Dfa,
        DbType::General | DbType::Corner | DbType::Fullboard => DbKind::General,
    };
    Ok(RuntimeDb {
        db: PatternDb {
            name: Cow::Owned(db.prefix.clone()),
            patterns: Cow::Owned(patterns),
            fixed_anchor: db.fixed_anchor,
            kind,
        },
        programs,
        corner: db
            .corner
            .as_ref()
            .map(|tree| corner_tables(db, tree))
            .transpose()?,
        dfa: db.dfa.as_ref().map(|dfa| dfa_tables(&db.prefix, dfa)),
    })
}

/// A database-level conversion failure (no single pattern to blame).
fn db_error(db: &CompiledDb, message: String) -> ConvertError {
    ConvertError {
        pattern: db
            .patterns
            .first()
            .map_or_else(String::new, |p| p.name.clone()),
        span: db
            .patterns
            .first()
            .map_or_else(Default::default, |p| p.span),
        message,
    }
}

/// The corner tree in the matcher's form: frame points as `u8` pairs,
/// child links as indices, one shape per pattern of the table.
fn corner_tables(db: &CompiledDb, tree: &ir::CornerDb) -> Result<CornerTables, ConvertError> {
    let byte = |v: i64, what: &str| {
        u8::try_from(v).map_err(|_| db_error(db, format!("corner {what} {v} out of range")))
    };
    let index = |v: usize, what: &str| {
        u32::try_from(v).map_err(|_| db_error(db, format!("corner {what} {v} out of range")))
    };
    let point = |rel: Rel, what: &str| Ok((byte(rel.di.into(), what)?, byte(rel.dj.into(), what)?));
    let shapes = db
        .patterns
        .iter()
        .map(|p| match p.corner {
            Some(info) => Ok(CornerShape::new(
                point(info.second_corner, "pattern corner")?,
                info.symmetric,
            )),
            None => Ok(CornerShape::default()),
        })
        .collect::<Result<Vec<_>, ConvertError>>()?;
    let variations = tree
        .variations
        .iter()
        .map(|v| {
            Ok(CornerVariation::new(
                point(v.rel, "variation point")?,
                v.xor_att,
                byte(v.num_stones.into(), "stone count")?,
                index(v.first_child.unwrap_or(0), "child index")?,
                index(v.num_children, "child count")?,
                v.pattern.map(|p| index(p, "pattern index")).transpose()?,
            ))
        })
        .collect::<Result<Vec<_>, ConvertError>>()?;
    Ok(CornerTables {
        name: Cow::Owned(db.prefix.clone()),
        shapes: Cow::Owned(shapes),
        variations: Cow::Owned(variations),
        num_top: tree.num_top_variations,
        max_width: byte(tree.max_width.into(), "width")?,
        max_height: byte(tree.max_height.into(), "height")?,
    })
}

/// The automaton in the matcher's form (the same numbers, GNU Go's layout).
fn dfa_tables(prefix: &str, dfa: &ir::Dfa) -> DfaTables {
    DfaTables {
        name: Cow::Owned(prefix.to_string()),
        states: Cow::Owned(
            dfa.states
                .iter()
                .map(|s| DfaState::new(s.next, s.att))
                .collect(),
        ),
        indexes: Cow::Owned(
            dfa.indexes
                .iter()
                .map(|&(pattern, next)| DfaIndex::new(pattern, next))
                .collect(),
        ),
    }
}

/// GNU Go's name of a pattern's generated autohelper.
pub fn autohelper_name(prefix: &str, index: usize) -> String {
    format!("autohelper{prefix}{index}")
}

fn runtime_pattern(
    prefix: &str,
    p: &CompiledPattern,
) -> Result<(Pattern, Option<Program>), ConvertError> {
    let fail = |message: String| ConvertError {
        pattern: p.name.clone(),
        span: p.span,
        message,
    };
    let small =
        |v: i32, what: &str| i8::try_from(v).map_err(|_| fail(format!("{what} {v} out of range")));
    let offset = |rel: Rel, what: &str| -> Result<Offset, ConvertError> {
        Ok(Offset::new(small(rel.di, what)?, small(rel.dj, what)?))
    };
    let elements = p
        .elements
        .iter()
        .map(|e| {
            Ok(Element {
                offset: offset(e.rel, "element offset")?,
                kind: e.kind,
            })
        })
        .collect::<Result<Vec<_>, ConvertError>>()?;
    let attributes = match &p.attributes {
        None => None,
        Some(list) => Some(Cow::Owned(
            list.iter()
                .map(|a| {
                    Ok(Attribute {
                        kind: a.kind,
                        value: match a.value {
                            ir::AttributeValue::Value(v) => AttributeValue::Value(v),
                            ir::AttributeValue::Offset(rel) => {
                                AttributeValue::Offset(offset(rel, "attribute offset")?)
                            }
                        },
                    })
                })
                .collect::<Result<Vec<_>, ConvertError>>()?,
        )),
    };
    let labels = p
        .labels
        .iter()
        .map(|l| {
            Ok(Label {
                name: l.name,
                offset: offset(l.offset, "label offset")?,
            })
        })
        .collect::<Result<Vec<_>, ConvertError>>()?;
    let program = if p.autohelper_flag != 0 {
        let label_offsets: Vec<LabelOffset> = labels
            .iter()
            .map(|l| LabelOffset {
                name: l.name,
                di: l.offset.di,
                dj: l.offset.dj,
            })
            .collect();
        if p.has_constraint() && p.constraint.is_none() || p.has_action() && p.action.is_none() {
            return Err(fail("constraint or action did not parse".to_string()));
        }
        let program = lower_program(&label_offsets, p.constraint.as_ref(), p.action.as_deref())
            .map_err(|LowerError { span, message }| ConvertError {
                pattern: p.name.clone(),
                span,
                message,
            })?;
        Some(program)
    } else {
        None
    };
    let pattern = Pattern {
        name: Cow::Owned(p.name.clone()),
        elements: Cow::Owned(elements),
        trfno: p.trfno,
        mini: small(p.mini, "mini")?,
        minj: small(p.minj, "minj")?,
        maxi: small(p.maxi, "maxi")?,
        maxj: small(p.maxj, "maxj")?,
        height: small(p.height(), "height")?,
        width: small(p.width(), "width")?,
        edge_constraints: EdgeConstraints(p.edge_constraints),
        move_offset: offset(p.move_offset, "move offset")?,
        has_move: p.star.is_some(),
        anchored_at_x: p.anchored_at_x,
        and_mask: p.and_mask,
        val_mask: p.val_mask,
        class: PatternClass(p.class),
        value: p.value,
        attributes,
        helper: p.helper.clone().map(Cow::Owned),
        autohelper: (p.autohelper_flag != 0).then(|| Cow::Owned(autohelper_name(prefix, p.index))),
        autohelper_flag: p.autohelper_flag,
        autohelper_labels: Cow::Owned(labels),
        constraint_cost: p.constraint_cost,
        transformation_hint: p.transformation_hint,
    };
    Ok((pattern, program))
}
