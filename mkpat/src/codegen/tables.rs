//! Rust literals for the `matcher` tables: a [`PatternDb`], a corner tree
//! ([`CornerTables`]) and an automaton ([`DfaTables`]), printed as `static`
//! items that borrow everything (`Cow::Borrowed`).

use matcher::corner::{CornerShape, CornerTables, CornerVariation};
use matcher::dfa::{DfaIndex, DfaState, DfaTables};
use matcher::pattern::{
    Attribute, AttributeValue, DbKind, Element, Label, Offset, Pattern, PatternDb,
};
use proc_macro2::{Ident, Literal, Span, TokenStream};
use quote::quote;

/// `Offset::new(di, dj)`.
fn offset(o: Offset) -> TokenStream {
    let (di, dj) = (Literal::i8_unsuffixed(o.di), Literal::i8_unsuffixed(o.dj));
    quote!(Offset::new(#di, #dj))
}

/// A C `float` literal that reads back to exactly `v`.
pub fn float(v: f32) -> TokenStream {
    if !v.is_finite() {
        return if v.is_nan() {
            quote!(f32::NAN)
        } else if v > 0.0 {
            quote!(f32::INFINITY)
        } else {
            quote!(f32::NEG_INFINITY)
        };
    }
    let lit = Literal::f32_suffixed(v.abs());
    if v.is_sign_negative() {
        quote!(-#lit)
    } else {
        quote!(#lit)
    }
}

/// `0x%08x`, as GNU Go writes masks.
fn hex(v: u32) -> TokenStream {
    format!("0x{v:08x}").parse().unwrap_or_else(|_| {
        let lit = Literal::u32_unsuffixed(v);
        quote!(#lit)
    })
}

/// `e(di, dj, att)`: the generated module's compact element constructor
/// (att = GNU Go's attribute code), one short line per element.
fn element(e: &Element) -> TokenStream {
    let (di, dj) = (
        Literal::i8_unsuffixed(e.offset.di),
        Literal::i8_unsuffixed(e.offset.dj),
    );
    let att = Literal::u8_unsuffixed(e.kind.att());
    quote!(e(#di, #dj, #att))
}

fn attribute(a: &Attribute) -> TokenStream {
    let kind = Ident::new(&format!("{:?}", a.kind), Span::call_site());
    let value = match a.value {
        AttributeValue::Value(v) => {
            let v = float(v);
            quote!(AttributeValue::Value(#v))
        }
        AttributeValue::Offset(o) => {
            let o = offset(o);
            quote!(AttributeValue::Offset(#o))
        }
    };
    quote!(Attribute { kind: AttributeKind::#kind, value: #value })
}

fn label(l: &Label) -> TokenStream {
    let name = l.name;
    let (di, dj) = (
        Literal::i8_unsuffixed(l.offset.di),
        Literal::i8_unsuffixed(l.offset.dj),
    );
    quote!(label(#name, #di, #dj))
}

fn optional_str(s: &Option<std::borrow::Cow<'static, str>>) -> TokenStream {
    match s {
        Some(s) => {
            let s = s.as_ref();
            quote!(Some(Cow::Borrowed(#s)))
        }
        None => quote!(None),
    }
}

/// One `Pattern { … }` literal.
pub fn pattern(p: &Pattern) -> TokenStream {
    let name = p.name.as_ref();
    let elements = p.elements.iter().map(element);
    let (trfno, mini, minj, maxi, maxj, height, width) = (
        Literal::u8_unsuffixed(p.trfno),
        Literal::i8_unsuffixed(p.mini),
        Literal::i8_unsuffixed(p.minj),
        Literal::i8_unsuffixed(p.maxi),
        Literal::i8_unsuffixed(p.maxj),
        Literal::i8_unsuffixed(p.height),
        Literal::i8_unsuffixed(p.width),
    );
    let edges = Literal::u8_unsuffixed(p.edge_constraints.0);
    let move_offset = offset(p.move_offset);
    let (has_move, anchored_at_x) = (p.has_move, p.anchored_at_x);
    let and_mask = p.and_mask.iter().map(|&v| hex(v));
    let val_mask = p.val_mask.iter().map(|&v| hex(v));
    let class = hex(p.class.0);
    let value = float(p.value);
    let attributes = match &p.attributes {
        None => quote!(None),
        Some(list) => {
            let list = list.iter().map(attribute);
            quote!(Some(Cow::Borrowed(&[#(#list),*])))
        }
    };
    let helper = optional_str(&p.helper);
    let autohelper = optional_str(&p.autohelper);
    let flag = Literal::u8_unsuffixed(p.autohelper_flag);
    let labels = p.autohelper_labels.iter().map(label);
    let cost = float(p.constraint_cost);
    let hint = Literal::u8_unsuffixed(p.transformation_hint);
    quote! {
        Pattern {
            name: Cow::Borrowed(#name),
            elements: Cow::Borrowed(&[#(#elements),*]),
            trfno: #trfno,
            mini: #mini,
            minj: #minj,
            maxi: #maxi,
            maxj: #maxj,
            height: #height,
            width: #width,
            edge_constraints: EdgeConstraints(#edges),
            move_offset: #move_offset,
            has_move: #has_move,
            anchored_at_x: #anchored_at_x,
            and_mask: [#(#and_mask),*],
            val_mask: [#(#val_mask),*],
            class: PatternClass(#class),
            value: #value,
            attributes: #attributes,
            helper: #helper,
            autohelper: #autohelper,
            autohelper_flag: #flag,
            autohelper_labels: Cow::Borrowed(&[#(#labels),*]),
            constraint_cost: #cost,
            transformation_hint: #hint,
            ..Pattern::EMPTY
        }
    }
}

/// `PatternDb { … }` borrowing the `PATTERNS` static.
pub fn database(db: &PatternDb) -> TokenStream {
    let name = db.name.as_ref();
    let fixed_anchor = db.fixed_anchor;
    let kind = Ident::new(
        match db.kind {
            DbKind::General => "General",
            DbKind::Connection => "Connection",
            DbKind::Dfa => "Dfa",
        },
        Span::call_site(),
    );
    quote! {
        PatternDb {
            name: Cow::Borrowed(#name),
            patterns: Cow::Borrowed(&PATTERNS),
            fixed_anchor: #fixed_anchor,
            kind: DbKind::#kind,
            ..PatternDb::EMPTY
        }
    }
}

/// `CornerTables { … }` borrowing the `CORNER_SHAPES` and
/// `CORNER_VARIATIONS` statics.
pub fn corner(tables: &CornerTables) -> TokenStream {
    let name = tables.name.as_ref();
    let num_top = Literal::usize_unsuffixed(tables.num_top);
    let (width, height) = (
        Literal::u8_unsuffixed(tables.max_width),
        Literal::u8_unsuffixed(tables.max_height),
    );
    quote! {
        CornerTables {
            name: Cow::Borrowed(#name),
            shapes: Cow::Borrowed(&CORNER_SHAPES),
            variations: Cow::Borrowed(&CORNER_VARIATIONS),
            num_top: #num_top,
            max_width: #width,
            max_height: #height,
        }
    }
}

/// `shape(maxi, maxj, symmetric)`: the generated module's compact
/// [`CornerShape`] constructor.
pub fn corner_shape(shape: &CornerShape) -> TokenStream {
    let (x, y) = (
        Literal::u8_unsuffixed(shape.far_corner.0),
        Literal::u8_unsuffixed(shape.far_corner.1),
    );
    let symmetric = shape.symmetric;
    quote!(shape(#x, #y, #symmetric))
}

/// `v(x, y, xor_att, num_stones, first_child, num_children, pattern)`:
/// the generated module's compact [`CornerVariation`] constructor
/// (`pattern` −1 = none).
pub fn corner_variation(v: &CornerVariation) -> TokenStream {
    let (x, y) = (
        Literal::u8_unsuffixed(v.offset.0),
        Literal::u8_unsuffixed(v.offset.1),
    );
    let (xor_att, num_stones) = (
        Literal::u8_unsuffixed(v.xor_att),
        Literal::u8_unsuffixed(v.num_stones),
    );
    let (first, count) = (
        Literal::u32_unsuffixed(v.first_child),
        Literal::u32_unsuffixed(v.num_children),
    );
    let pattern = Literal::i64_unsuffixed(v.pattern.map_or(-1, i64::from));
    quote!(v(#x, #y, #xor_att, #num_stones, #first, #count, #pattern))
}

/// `DfaTables { … }` borrowing the `DFA_STATES` and `DFA_INDEXES` statics.
pub fn dfa(tables: &DfaTables) -> TokenStream {
    let name = tables.name.as_ref();
    quote! {
        DfaTables {
            name: Cow::Borrowed(#name),
            states: Cow::Borrowed(&DFA_STATES),
            indexes: Cow::Borrowed(&DFA_INDEXES),
        }
    }
}

/// `s(d0, d1, d2, d3, att)`: one automaton state (relative jumps per board
/// value, first match-list entry).
pub fn dfa_state(state: &DfaState) -> TokenStream {
    let next = state.next.map(Literal::i32_unsuffixed);
    let [d0, d1, d2, d3] = &next;
    let att = Literal::u32_unsuffixed(state.att);
    quote!(s(#d0, #d1, #d2, #d3, #att))
}

/// `m(pattern, next)`: one match-list entry.
pub fn dfa_index(index: &DfaIndex) -> TokenStream {
    let pattern = Literal::i32_unsuffixed(index.pattern);
    let next = Literal::u32_unsuffixed(index.next);
    quote!(m(#pattern, #next))
}
