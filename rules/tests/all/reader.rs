//! Bad input for the case reader: every error names the line, the record
//! and the field, and nothing panics.

use rules::cases::{CaseError, Record, Spelling, parse_record, read_records, replay};

const RULES: &str = r#"{"ko":"SIMPLE","scoring":"AREA","tax":"NONE","multi_stone_suicide":false,"button":false,"white_handicap_bonus":"0","komi":0.5}"#;

fn game_line(size: &str, board: &str, rules: &str, steps: &str) -> String {
    format!(
        r#"{{"name":"g","kind":"game","category":"main_phase","size":{size},"rules":{rules},"board":{board},"to_move":"B","steps":{steps}}}"#
    )
}

fn error_of(line: &str) -> CaseError {
    match parse_record(line, 7) {
        Err(e) => e,
        Ok(record) => panic!("accepted {:?}", record.name()),
    }
}

#[test]
fn a_well_formed_game_replays() {
    let line = game_line(
        "[3,2]",
        r#"["...","..."]"#,
        RULES,
        r#"[{"move":"B A1"},{"move":"W pass"}]"#,
    );
    let record = parse_record(&line, 1).unwrap();
    assert!(matches!(record, Record::Game(_)));
    let report = replay(&record, Spelling::Primary);
    assert_eq!(report["steps"][0]["state"]["board"][1], "x..");
    assert_eq!(report["steps"][1]["state"]["to_move"], "B");
    assert!(report.get("stopped").is_none());
}

#[test]
fn malformed_json_names_the_line() {
    let e = error_of("{\"name\": ");
    assert_eq!(e.line, 7);
    assert_eq!(e.field, "json");
    assert!(
        e.to_string().starts_with("7: record ?: field json: "),
        "{e}"
    );
}

#[test]
fn unknown_rule_values_name_the_rules_field() {
    let bad = RULES.replace("SIMPLE", "SUPER");
    let e = error_of(&game_line("[3,2]", r#"["...","..."]"#, &bad, "[]"));
    assert_eq!(e.field, "rules");
    assert_eq!(e.record.as_deref(), Some("g"));
    assert!(e.cause.contains("SUPER"), "{e}");
    let extra = RULES.replace("\"komi\"", "\"colour\":1,\"komi\"");
    assert_eq!(
        error_of(&game_line("[3,2]", r#"["...","..."]"#, &extra, "[]")).field,
        "rules"
    );
}

#[test]
fn impossible_boards_are_refused() {
    let ragged = error_of(&game_line("[3,2]", r#"["...",".."]"#, RULES, "[]"));
    assert_eq!(ragged.field, "board");
    assert!(ragged.cause.contains("row 1"), "{ragged}");
    let rows = error_of(&game_line("[3,3]", r#"["...","..."]"#, RULES, "[]"));
    assert_eq!(rows.field, "board");
    let size = error_of(&game_line("[0,2]", r#"["",""]"#, RULES, "[]"));
    assert_eq!(size.field, "size");
    let huge = error_of(&game_line(
        "[26,1]",
        r#"["..........................."]"#,
        RULES,
        "[]",
    ));
    assert_eq!(huge.field, "size");
    let letter = error_of(&game_line("[3,1]", r#"[".q."]"#, RULES, "[]"));
    assert_eq!(letter.field, "board");
}

#[test]
fn unparsable_moves_name_the_step() {
    let off = error_of(&game_line(
        "[3,2]",
        r#"["...","..."]"#,
        RULES,
        r#"[{"move":"B A1"},{"move":"B D1"}]"#,
    ));
    assert_eq!(off.field, "steps[1].move");
    let colour = error_of(&game_line(
        "[3,2]",
        r#"["...","..."]"#,
        RULES,
        r#"[{"move":"Q A1"}]"#,
    ));
    assert_eq!(colour.field, "steps[0].move");
    let shape = error_of(&game_line(
        "[3,2]",
        r#"["...","..."]"#,
        RULES,
        r#"[{"move":"B"}]"#,
    ));
    assert_eq!(shape.field, "steps[0].move");
    let branch = error_of(&game_line(
        "[3,2]",
        r#"["...","..."]"#,
        RULES,
        r#"[{"move":"B A1","branch":[{"move":"W Z9"}]}]"#,
    ));
    assert_eq!(branch.field, "steps[0].branch[0].move");
    let probe = error_of(&game_line(
        "[3,2]",
        r#"["...","..."]"#,
        RULES,
        r#"[{"move":"B A1","probe_moves":[{"move":"W 11","legal":true}]}]"#,
    ));
    assert_eq!(probe.field, "steps[0].probe_moves[0].move");
}

#[test]
fn missing_fields_and_unknown_kinds_are_named() {
    let e = error_of(r#"{"name":"a","kind":"area","size":[2,2],"board":["..",".."]}"#);
    assert_eq!(e.field, "area_mode");
    let e = error_of(
        r#"{"name":"a","kind":"area","size":[2,2],"board":["..",".."],"area_mode":{"safe_big_territories":1}}"#,
    );
    assert_eq!(e.field, "area_mode.safe_big_territories");
    let e = error_of(r#"{"name":"a","kind":"puzzle","size":[2,2],"board":["..",".."]}"#);
    assert_eq!(e.field, "kind");
    let e = error_of(r#"{"kind":"game"}"#);
    assert_eq!(e.field, "name");
    let e = error_of(r#"[1,2]"#);
    assert_eq!(e.field, "json");
}

#[test]
fn read_records_reports_the_line_of_the_bad_record() {
    let good = game_line("[2,2]", r#"["..",".."]"#, RULES, "[]");
    let text = format!("{good}\n\n{good}\n{{oops\n");
    let e = read_records(&text).unwrap_err();
    assert_eq!(e.line, 4);
}

#[test]
fn an_illegal_unforced_move_stops_the_replay_with_a_reason() {
    let line = game_line(
        "[2,1]",
        r#"["x."]"#,
        RULES,
        r#"[{"move":"W B1"},{"move":"B A1"}]"#,
    );
    let record = parse_record(&line, 1).unwrap();
    let report = replay(&record, Spelling::Primary);
    // White captures at B1 in a ko shape; Black may not retake at once.
    assert_eq!(report["stopped"]["step"], 1, "{report}");
    assert!(
        report["stopped"]["why"].as_str().unwrap().contains("ko"),
        "{report}"
    );
    assert_eq!(report["steps"].as_array().unwrap().len(), 1);
}
