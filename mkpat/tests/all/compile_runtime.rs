//! The run-time loading path: databases compiled in memory into matcher
//! tables carry GNU Go's compiled values (checked against the expected
//! dumps), and loading reports errors instead of panicking.

use mkpat::runtime::load_database;
use serde_json::Value;

fn check(file: &str) {
    let shared = testkit::require_shared!();
    let dir = testkit::gnugo_patterns_dir(&shared);
    let path = testkit::expected_dir(&shared).join("mkpat").join(file);
    let expected: Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    let mut args: Vec<String> = expected["command"]
        .as_str()
        .unwrap()
        .split_whitespace()
        .skip(1)
        .map(String::from)
        .collect();
    for (k, arg) in args.clone().iter().enumerate() {
        if k > 0 && matches!(args[k - 1].as_str(), "-i" | "-t") {
            args[k] = dir.join(arg).display().to_string();
        }
    }
    let loaded = load_database(&args, expected["variant"] == "plain").unwrap();
    let patterns = &loaded.db.db.patterns;
    let want = expected["patterns"].as_array().unwrap();
    assert_eq!(patterns.len(), want.len());
    for (p, e) in patterns.iter().zip(want) {
        let elements: Vec<Value> = p
            .elements
            .iter()
            .map(|el| serde_json::json!([el.offset.di, el.offset.dj, el.kind as u8]))
            .collect();
        assert_eq!(Value::from(elements), e["elements"], "{}", p.name);
        assert_eq!(
            p.move_offset.to_gnugo() as i64,
            e["move_offset"].as_i64().unwrap(),
            "{}",
            p.name
        );
        assert_eq!(
            Value::from(p.and_mask.to_vec()),
            e["and_mask"],
            "{}",
            p.name
        );
        assert_eq!(
            Value::from(p.val_mask.to_vec()),
            e["val_mask"],
            "{}",
            p.name
        );
        assert_eq!(p.trfno as i64, e["trfno"].as_i64().unwrap());
        assert_eq!(p.class.0 as i64, e["class_bits"].as_i64().unwrap());
        assert_eq!(i64::from(p.mini), e["mini"].as_i64().unwrap());
        assert_eq!(i64::from(p.maxj), e["maxj"].as_i64().unwrap());
    }
    // One program per pattern with code.
    let with_code = want.iter().filter(|e| e["autohelper_flag"] != 0).count();
    assert_eq!(loaded.db.programs.iter().flatten().count(), with_code);
}

#[test]
fn conn_loads_like_gnugo() {
    check("conn.json");
}

#[test]
fn endgame_plain_loads_like_gnugo() {
    check("endgame.plain.json");
}

#[test]
fn owl_vital_apats_loads_like_gnugo() {
    check("owl_vital_apats.json");
}

#[test]
fn errors_are_reported_not_panics() {
    let dir = std::env::temp_dir().join(format!("mkpat-runtime-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("bad.db");
    std::fs::write(&path, "Pattern B1\n\nO..\n...\n\n:8,-\n").unwrap();
    let path = path.display().to_string();
    let error = load_database(&["pat", "-i", path.as_str()], false).unwrap_err();
    assert!(error.contains("E0308"), "{error}");
    assert!(error.contains("bad.db:"), "{error}");
    let error = load_database(&["pat", "-i", "/nonexistent/x.db"], false).unwrap_err();
    assert!(error.contains("Cannot open"), "{error}");
    std::fs::remove_dir_all(&dir).ok();
}
