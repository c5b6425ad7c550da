//! Value fields of the colon line → the pattern's own value and its
//! attribute list (db-format §6.3, compilation.md §11).

use crate::ast::{AttributeMap, ColonLine, ValueArgument, ValueKey};
use crate::ir::{Attribute, AttributeType, AttributeValue, LabelOffset, Rel};

/// What the value fields of one colon line compile to.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct CompiledValues {
    /// The pattern's own value (value_only / owl maps; last one wins).
    pub value: f32,
    /// The attribute list; `None` when the map emits no attribute table.
    pub attributes: Option<Vec<Attribute>>,
    /// Labels used by label fields that the constraint diagram lacks.
    pub missing_labels: Vec<char>,
}

/// Whether the map makes the compiler emit an attribute table.
pub fn has_attribute_table(map: AttributeMap) -> bool {
    matches!(
        map,
        AttributeMap::General | AttributeMap::OwlAttack | AttributeMap::OwlDefense
    )
}

/// The attribute type a value field stores to, or `None` for the pattern
/// value.
pub fn attribute_type(map: AttributeMap, key: ValueKey) -> Option<AttributeType> {
    use AttributeType as T;
    Some(match key {
        ValueKey::Value if map == AttributeMap::General => T::MinValue,
        ValueKey::Value => return None,
        ValueKey::MinValue => T::MinValue,
        ValueKey::MaxValue => T::MaxValue,
        ValueKey::Terri | ValueKey::MinTerri => T::MinTerritory,
        ValueKey::MaxTerri => T::MaxTerritory,
        ValueKey::Shape => T::Shape,
        ValueKey::Followup | ValueKey::FollowupValue => T::Followup,
        ValueKey::ReverseFollowup => T::ReverseFollowup,
        ValueKey::ThreatensToCapture => T::ThreatensToCapture,
        ValueKey::ThreatensEye => T::ThreatensEye,
        ValueKey::ReverseSente => T::ReverseSente,
    })
}

/// Compiles the value fields; label arguments become offsets taken from
/// `labels` (already relative to the move and transformed).
pub fn compile_values(
    colon: &ColonLine,
    map: AttributeMap,
    labels: &[LabelOffset],
) -> CompiledValues {
    let mut out = CompiledValues {
        attributes: has_attribute_table(map).then(Vec::new),
        ..CompiledValues::default()
    };
    let ColonLine::Modern(colon) = colon else {
        return out;
    };
    for field in &colon.values {
        let Some(key) = field.key else { continue };
        match attribute_type(map, key) {
            None => {
                if let ValueArgument::Number { value, .. } = field.argument {
                    out.value = value;
                }
            }
            Some(kind) => {
                let value = match &field.argument {
                    ValueArgument::Number { value, .. } => AttributeValue::Value(*value),
                    ValueArgument::Label(label) => {
                        match labels.iter().find(|l| l.name == label.node) {
                            Some(l) => AttributeValue::Offset(l.offset),
                            None => {
                                out.missing_labels.push(label.node);
                                AttributeValue::Offset(Rel::default())
                            }
                        }
                    }
                };
                if let Some(list) = out.attributes.as_mut() {
                    list.push(Attribute { kind, value });
                }
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn general_map_stores_value_as_min_value() {
        assert_eq!(
            attribute_type(AttributeMap::General, ValueKey::Value),
            Some(AttributeType::MinValue)
        );
        assert_eq!(
            attribute_type(AttributeMap::ValueOnly, ValueKey::Value),
            None
        );
        assert_eq!(
            attribute_type(AttributeMap::OwlAttack, ValueKey::Value),
            None
        );
        assert_eq!(
            attribute_type(AttributeMap::General, ValueKey::Terri),
            Some(AttributeType::MinTerritory)
        );
        assert_eq!(
            attribute_type(AttributeMap::General, ValueKey::FollowupValue),
            Some(AttributeType::Followup)
        );
        assert!(has_attribute_table(AttributeMap::OwlDefense));
        assert!(!has_attribute_table(AttributeMap::ValueOnly));
        assert!(!has_attribute_table(AttributeMap::None));
    }
}
