//! The three `mc_*.db` files of GNU Go: clean parse, and the compiled 3×3
//! table agrees with the plain first-matching-colon-line reference on
//! random neighbourhoods and property combinations (proptest), and on every
//! geometry class for a few property codes.

use matcher::mc::{McProperties, McTable, geometry_table};
use mkpat::mcpat::{McDb, compile, parse, reference_weight};
use mkpat::source::SourceSet;
use proptest::prelude::*;
use std::sync::OnceLock;

const FILES: [(&str, usize, usize); 3] = [
    ("mc_uniform.db", 3, 3),
    ("mc_mogo_classic.db", 28, 28),
    ("mc_montegnu_classic.db", 17, 23),
];

fn load() -> Option<&'static Vec<(McDb, McTable)>> {
    static DBS: OnceLock<Option<Vec<(McDb, McTable)>>> = OnceLock::new();
    DBS.get_or_init(|| {
        let shared = testkit::shared_dir()?;
        Some(
            FILES
                .iter()
                .map(|(file, _, _)| {
                    let bytes =
                        std::fs::read(testkit::gnugo_patterns_dir(&shared).join(file)).unwrap();
                    let (sources, id) = SourceSet::single(*file, String::from_utf8_lossy(&bytes));
                    let (db, diags) = parse(&sources, id);
                    assert!(diags.is_empty(), "{file}: {diags:?}");
                    let table = compile(&db);
                    (db, table)
                })
                .collect(),
        )
    })
    .as_ref()
}

/// Every neighbourhood code that can occur on a board.
fn valid_codes() -> &'static Vec<u16> {
    static CODES: OnceLock<Vec<u16>> = OnceLock::new();
    CODES.get_or_init(|| {
        (0..=u16::MAX)
            .filter(|&c| geometry_table().class(c) != 0)
            .collect()
    })
}

#[test]
fn corpus_files_parse_cleanly() {
    let Some(dbs) = load() else { return };
    for ((file, patterns, colons), (db, table)) in FILES.iter().zip(dbs) {
        assert_eq!(db.patterns.len(), *patterns, "{file}");
        assert_eq!(
            db.patterns.iter().map(|p| p.colons.len()).sum::<usize>(),
            *colons,
            "{file}"
        );
        // Filling one's own proper eye weighs 0 in every file.
        assert_eq!(
            table.weight(0b01_01_01_01_01_01_01_01, McProperties::default()),
            0,
            "{file}"
        );
    }
    assert_eq!(dbs[0].0.name, "uniform");
}

#[test]
fn every_class_agrees_with_reference_for_some_property_codes() {
    let Some(dbs) = load() else { return };
    let geometry = geometry_table();
    for (db, table) in dbs {
        for class in 1..=geometry.len() as u16 {
            let code = geometry.representative(class).unwrap();
            for bits in [0u8, 1, 0x08, 0x09, 0x0b, 0x13, 0x19, 0x41, 0x80] {
                let props = McProperties::from_bits(bits);
                assert_eq!(
                    table.weight(code, props),
                    reference_weight(db, code, props),
                    "{} class {class} bits {bits:#x}",
                    db.name
                );
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]
    #[test]
    fn table_lookup_equals_reference(pick in any::<prop::sample::Index>(), bits in any::<u8>(), which in 0usize..3) {
        let Some(dbs) = load() else { return Ok(()) };
        let codes = valid_codes();
        let code = codes[pick.index(codes.len())];
        let (db, table) = &dbs[which];
        let props = McProperties::from_bits(bits);
        prop_assert_eq!(table.weight(code, props), reference_weight(db, code, props));
    }
}
