//! `mkpat lsp` driven by a scripted client over standard input and output
//! (JSON-RPC with `Content-Length` framing): its diagnostics equal
//! `mkpat check`'s and `mkpat lint`'s on GNU Go's corpus and on a broken
//! text; hover, definition, references, outline, completion and formatting
//! answer what the database says; and a long series of deterministic
//! random edits never stops it answering.

use std::io::{BufRead, BufReader, Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

use serde_json::{Value, json};

const MKPAT: &str = env!("CARGO_BIN_EXE_mkpat");

/// A client speaking to one server process.
struct Client {
    child: Child,
    input: ChildStdin,
    output: BufReader<ChildStdout>,
    next_id: i64,
    /// Notifications read while waiting for a response.
    pending: Vec<Value>,
}

impl Client {
    /// Starts a server and does the handshake with these initialization
    /// options.
    fn start(options: Value) -> Client {
        let mut child = Command::new(MKPAT)
            .arg("lsp")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("mkpat lsp starts");
        let input = child.stdin.take().unwrap();
        let output = BufReader::new(child.stdout.take().unwrap());
        let mut client = Client {
            child,
            input,
            output,
            next_id: 0,
            pending: Vec::new(),
        };
        let result = client.request(
            "initialize",
            json!({"processId": null, "rootUri": null, "capabilities": {},
                   "initializationOptions": options}),
        );
        let capabilities = &result["result"]["capabilities"];
        for provider in [
            "hoverProvider",
            "definitionProvider",
            "referencesProvider",
            "documentSymbolProvider",
            "documentFormattingProvider",
            "completionProvider",
        ] {
            assert!(
                !capabilities[provider].is_null(),
                "{provider} in {capabilities}"
            );
        }
        client.notify("initialized", json!({}));
        client
    }

    fn send(&mut self, message: &Value) {
        let body = message.to_string();
        write!(self.input, "Content-Length: {}\r\n\r\n{body}", body.len()).unwrap();
        self.input.flush().unwrap();
    }

    /// Reads one message; panics when the server has stopped.
    fn read(&mut self) -> Value {
        let mut length = None;
        loop {
            let mut line = String::new();
            let read = self.output.read_line(&mut line).unwrap();
            assert!(read > 0, "the server stopped talking");
            let line = line.trim_end();
            if line.is_empty() {
                break;
            }
            if let Some(value) = line.strip_prefix("Content-Length: ") {
                length = Some(value.parse::<usize>().unwrap());
            }
        }
        let mut body = vec![0; length.expect("a Content-Length header")];
        self.output.read_exact(&mut body).unwrap();
        serde_json::from_slice(&body).unwrap()
    }

    fn notify(&mut self, method: &str, params: Value) {
        self.send(&json!({"jsonrpc": "2.0", "method": method, "params": params}));
    }

    /// Sends a request and returns the whole response (`result` or
    /// `error`).
    fn request(&mut self, method: &str, params: Value) -> Value {
        self.next_id += 1;
        let id = self.next_id;
        self.send(&json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params}));
        loop {
            let message = self.read();
            if message["id"] == json!(id) && message.get("method").is_none() {
                return message;
            }
            self.pending.push(message);
        }
    }

    /// The next diagnostics published for `uri`.
    fn diagnostics(&mut self, uri: &str) -> Vec<Value> {
        let published = |m: &Value| {
            m["method"] == "textDocument/publishDiagnostics" && m["params"]["uri"] == uri
        };
        if let Some(k) = self.pending.iter().position(published) {
            let message = self.pending.remove(k);
            return message["params"]["diagnostics"].as_array().unwrap().clone();
        }
        loop {
            let message = self.read();
            if published(&message) {
                return message["params"]["diagnostics"].as_array().unwrap().clone();
            }
            self.pending.push(message);
        }
    }

    fn open(&mut self, uri: &str, text: &str) -> Vec<Value> {
        self.notify(
            "textDocument/didOpen",
            json!({"textDocument": {"uri": uri, "languageId": "gnugo-db", "version": 1, "text": text}}),
        );
        self.diagnostics(uri)
    }

    fn at(&mut self, method: &str, uri: &str, (line, character): (usize, usize)) -> Value {
        let position = json!({"line": line, "character": character});
        self.request(method, position_params(method, uri, position))
    }

    /// Shuts the server down and checks that it exits cleanly.
    fn finish(mut self) {
        let answer = self.request("shutdown", Value::Null);
        assert!(answer.get("error").is_none(), "{answer}");
        self.notify("exit", Value::Null);
        let status = self.child.wait().unwrap();
        assert!(status.success(), "mkpat lsp exited with {status}");
    }
}

/// The parameters of a request at a position (references want a context).
fn position_params(method: &str, uri: &str, position: Value) -> Value {
    let mut params = json!({"textDocument": {"uri": uri}, "position": position});
    if method == "textDocument/references" {
        params["context"] = json!({"includeDeclaration": true});
    }
    params
}

/// The UTF-16 position of a byte offset of `text`.
fn position(text: &str, offset: usize) -> Value {
    let before = &text[..offset];
    let line = before.matches('\n').count();
    let line_start = before.rfind('\n').map_or(0, |k| k + 1);
    let character: usize = before[line_start..].chars().map(char::len_utf16).sum();
    json!({"line": line, "character": character})
}

/// `mkpat check` or `lint` (`--format json`) on files; per file name, the
/// diagnostics as the server should publish them: code, severity, range
/// and message (with the hint).
fn command_diagnostics(
    subcommand: &str,
    files: &[PathBuf],
) -> std::collections::BTreeMap<String, Vec<Value>> {
    let output = Command::new(MKPAT)
        .args([subcommand, "--format", "json"])
        .args(files)
        .output()
        .unwrap();
    let found: Vec<Value> = serde_json::from_slice(&output.stdout).unwrap();
    let mut by_file = std::collections::BTreeMap::new();
    let mut texts = std::collections::BTreeMap::new();
    for file in files {
        by_file.insert(file.display().to_string(), Vec::new());
        texts.insert(file.display().to_string(), read_lossy(file));
    }
    for d in found {
        let name = d["file"].as_str().unwrap().to_string();
        let text = &texts[&name];
        let severity = match d["severity"].as_str().unwrap() {
            "error" => 1,
            "warning" => 2,
            _ => 3,
        };
        let mut message = d["message"].as_str().unwrap().to_string();
        if let Some(help) = d["help"].as_str() {
            message = format!("{message}\nhelp: {help}");
        }
        let range = json!({
            "start": position(text, d["start"].as_u64().unwrap() as usize),
            "end": position(text, d["end"].as_u64().unwrap() as usize),
        });
        let mut related: Vec<Value> = d["related"]
            .as_array()
            .into_iter()
            .flatten()
            .map(|r| {
                let range = json!({
                    "start": position(text, r["start"].as_u64().unwrap() as usize),
                    "end": position(text, r["end"].as_u64().unwrap() as usize),
                });
                json!({"range": range, "message": r["message"]})
            })
            .collect();
        if let Some(label) = d["label"].as_str() {
            related.insert(0, json!({"range": range, "message": label}));
        }
        by_file.get_mut(&name).unwrap().push(json!({
            "code": d["code"], "severity": severity, "range": range, "message": message,
            "related": related,
        }));
    }
    by_file
}

/// A file's text, bytes that are not UTF-8 replaced (mc_mogo_classic.db
/// has Latin-1 in a comment; an editor sends its text in UTF-8).
fn read_lossy(path: &Path) -> String {
    String::from_utf8_lossy(&std::fs::read(path).unwrap()).into_owned()
}

/// The published diagnostics reduced to what [`command_diagnostics`]
/// gives.
fn comparable(published: &[Value]) -> Vec<Value> {
    published
        .iter()
        .map(|d| {
            assert_eq!(d["source"], "mkpat");
            let related: Vec<Value> = d["relatedInformation"]
                .as_array()
                .into_iter()
                .flatten()
                .map(|r| json!({"range": r["location"]["range"], "message": r["message"]}))
                .collect();
            json!({"code": d["code"], "severity": d["severity"], "range": d["range"],
                   "message": d["message"], "related": related})
        })
        .collect()
}

fn uri(path: &Path) -> String {
    format!("file://{}", path.display())
}

#[test]
fn corpus_diagnostics_are_exactly_check_and_lint() {
    let shared = testkit::require_shared!();
    let dir = testkit::gnugo_patterns_dir(&shared);
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "db"))
        .collect();
    files.sort();
    assert_eq!(
        files.len(),
        19,
        "GNU Go's .db files (eyes.db, mc_*.db included)"
    );
    let checked = command_diagnostics("check", &files);
    let mut check_server = Client::start(json!({"lints": false}));
    let mut lint_server = Client::start(json!({}));
    let (mut lints, mut related, mut hovers) = (0, 0, 0);
    for file in &files {
        let name = file.display().to_string();
        let text = read_lossy(file);
        let published = check_server.open(&uri(file), &text);
        assert_eq!(comparable(&published), checked[&name], "check of {name}");
        // Lints look for duplicates among the files of one database, so
        // the command lints each file on its own, as the editor does.
        let linted = command_diagnostics("lint", std::slice::from_ref(file));
        let published = lint_server.open(&uri(file), &text);
        assert_eq!(comparable(&published), linted[&name], "lint of {name}");
        lints += published.len();
        hovers += usize::from(hover_is_dump(&mut lint_server, &dir, file, &text));
        related += published
            .iter()
            .filter(|d| {
                d["code"] == "L0007"
                    && d["relatedInformation"][0]["message"] == "the earlier pattern"
            })
            .count();
    }
    assert!(lints > 100, "the corpus has lints ({lints})");
    assert_eq!(hovers, 15, "one hover per pattern database");
    assert!(related > 0, "duplicate patterns point at the earlier one");
    check_server.finish();
    lint_server.finish();
}

/// Whether the file is a pattern database (`false` for `eyes.db` and
/// `mc_*.db`, whose hover is empty); if so, checks that the hover on the
/// `Pattern` line of its last pattern shows that pattern as `mkpat dump`
/// shows it with GNU Go's options for the file (its `.dtr` hints too).
fn hover_is_dump(client: &mut Client, dir: &Path, file: &Path, text: &str) -> bool {
    let name = file.file_name().unwrap().to_str().unwrap();
    let uri = uri(file);
    if mkpat::options::defaults_for_name(name).language != mkpat::options::FileLanguage::Patterns {
        let hover = client.at("textDocument/hover", &uri, (0, 0));
        assert!(hover["result"].is_null(), "{name}: {hover}");
        return false;
    }
    let at = text.rfind("\nPattern ").unwrap();
    let hover = client.at("textDocument/hover", &uri, {
        let p = position(text, at + 1);
        (p["line"].as_u64().unwrap() as usize, 3)
    });
    let database = mkpat::codegen::gnugo_build::database_reading(name)
        .unwrap_or_else(|| panic!("{name} is read by GNU Go's build"));
    let value = hover["result"]["contents"]["value"].as_str().unwrap();
    let shown = value
        .strip_prefix("```text\n")
        .and_then(|rest| rest.split("```").next())
        .unwrap_or_else(|| panic!("{name}: a compiled form in {value}"));
    let mut args: Vec<&str> = database.options().collect();
    args.extend(["-i", name]);
    if let Some(w) = database.args.windows(2).find(|w| w[0] == "-t") {
        args.extend(w);
    }
    let dump = Command::new(MKPAT)
        .arg("dump")
        .args(&args)
        .current_dir(dir)
        .output()
        .unwrap();
    let dump = String::from_utf8(dump.stdout).unwrap();
    assert!(
        dump.contains(shown),
        "{name}: the hover is no pattern of `mkpat dump {}`:\n{shown}",
        args.join(" ")
    );
    true
}

/// Our own database, with a broken pattern appended and an error edited in.
#[test]
fn a_broken_edit_gets_the_commands_diagnostics() {
    let dir = tempdir();
    let path = dir.path().join("conn.db"); // its name implies -c, as for the command
    let good = testkit::read_text(&own_database());
    let mut client = Client::start(json!({}));
    let uri = uri(&path);
    let published = client.open(&uri, &good);
    std::fs::write(&path, &good).unwrap();
    assert_eq!(
        comparable(&published),
        command_diagnostics("lint", std::slice::from_ref(&path))[&path.display().to_string()]
    );
    // Replace `;lib(A)==1` of the first pattern by a call of an unknown
    // function, and append a pattern without colon
    // line, as an editor would: by ranges.
    let at = good.find(";lib(A)==1").unwrap();
    let edit_range = json!({"start": position(&good, at), "end": position(&good, at + 10)});
    let end = position(&good, good.len());
    client.notify(
        "textDocument/didChange",
        json!({"textDocument": {"uri": uri, "version": 2}, "contentChanges": [
            {"range": edit_range, "text": ";nosuchfn(A)==1"},
            {"range": {"start": end, "end": end}, "text": "\nPattern CAP1\n\n.X.\n.*.\n"},
        ]}),
    );
    let published = client.diagnostics(&uri);
    let broken = good.replacen(";lib(A)==1", ";nosuchfn(A)==1", 1) + "\nPattern CAP1\n\n.X.\n.*.\n";
    std::fs::write(&path, &broken).unwrap();
    let expected = command_diagnostics("lint", std::slice::from_ref(&path))
        [&path.display().to_string()]
        .clone();
    let codes: Vec<&str> = expected
        .iter()
        .map(|d| d["code"].as_str().unwrap())
        .collect();
    for code in ["E0610", "E0104", "W0202"] {
        assert!(codes.contains(&code), "{code} in {codes:?}");
    }
    assert_eq!(comparable(&published), expected);
    // The repeated name points at its first use.
    let duplicate = published.iter().find(|d| d["code"] == "W0202").unwrap();
    let first = position(&good, good.find("Pattern CAP1").unwrap() + 8);
    assert_eq!(
        duplicate["relatedInformation"][0]["location"]["range"]["start"],
        first
    );
    assert_eq!(
        duplicate["relatedInformation"][0]["location"]["uri"],
        uri.as_str()
    );
    // Formatting refuses a text with parse errors, as `mkpat fmt` does.
    let formatted = client.request(
        "textDocument/formatting",
        json!({"textDocument": {"uri": uri}, "options": {"tabSize": 4, "insertSpaces": true}}),
    );
    assert!(formatted.get("error").is_none(), "{formatted}");
    assert!(formatted["result"].is_null(), "{formatted}");
    // Malformed messages get errors, and the server goes on: parameters of
    // the wrong shape, an unknown method, a change to a document never
    // opened, a range past the end.
    let answer = client.request("textDocument/hover", json!({"textDocument": 3}));
    assert_eq!(answer["error"]["code"], -32602, "{answer}");
    let answer = client.request("textDocument/unheardOf", json!({}));
    assert_eq!(answer["error"]["code"], -32601, "{answer}");
    client.notify(
        "textDocument/didChange",
        json!({"textDocument": {"uri": "file:///nowhere.db", "version": 1}, "contentChanges": []}),
    );
    client.notify(
        "textDocument/didChange",
        json!({"textDocument": {"uri": uri, "version": 3}, "contentChanges": [
            {"range": {"start": {"line": 9999, "character": 5}, "end": {"line": 0, "character": 0}},
             "text": "# appended\n"}]}),
    );
    let published = client.diagnostics(&uri);
    assert_eq!(
        comparable(&published),
        expected,
        "an appended comment changes nothing"
    );
    let symbols = client.request(
        "textDocument/documentSymbol",
        json!({"textDocument": {"uri": uri}}),
    );
    assert!(
        symbols["result"].as_array().unwrap().len() > 10,
        "{symbols}"
    );
    client.finish();
}

fn own_database() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../patterns/tesuji.db")
}

/// A fresh directory, removed when the returned guard is dropped.
fn tempdir() -> tempfile::TempDir {
    tempfile::Builder::new()
        .prefix("mkpat-lsp-")
        .tempdir()
        .unwrap()
}

/// The 0-based line and UTF-16 column of the first `needle` after `from`.
fn find(text: &str, needle: &str, from: usize) -> (usize, usize) {
    let at = text[from..].find(needle).unwrap() + from;
    let p = position(text, at);
    (
        p["line"].as_u64().unwrap() as usize,
        p["character"].as_u64().unwrap() as usize,
    )
}

#[test]
fn hover_definition_references_outline_completion_and_formatting() {
    let text = testkit::read_text(&own_database());
    let uri = "file:///work/own/tesuji.db";
    let mut client = Client::start(json!({}));
    let diagnostics = client.open(uri, &text);
    assert!(
        diagnostics.iter().all(|d| d["severity"] != 1),
        "{diagnostics:?}"
    );

    // Hover on a pattern line: its compiled form.
    let hover = client.at("textDocument/hover", uri, find(&text, "Pattern CAP1", 0));
    let value = hover["result"]["contents"]["value"].as_str().unwrap();
    for needle in [
        "Pattern CAP1 (#0)",
        "anchor at row",
        "symmetry '8' -> trfno 8 (transformations 0..7)",
        "constraint calls: `lib`",
        "engine layers the constraint needs: strings",
    ] {
        assert!(value.contains(needle), "{needle:?} in hover:\n{value}");
    }
    // Hover on a call: the catalogue entry.
    let cap1 = text.find("Pattern CAP1").unwrap();
    let (line, col) = find(&text, ";lib(A)", cap1);
    let hover = client.at("textDocument/hover", uri, (line, col + 2));
    let value = hover["result"]["contents"]["value"].as_str().unwrap();
    assert!(
        value.starts_with("**`lib`** — autohelper catalogue entry 4 of 126"),
        "{value}"
    );
    assert!(value.contains("engine layer: strings"), "{value}");
    // Nowhere in particular: nothing.
    let hover = client.at("textDocument/hover", uri, (0, 3));
    assert!(hover["result"].is_null(), "{hover}");

    // The label A of `lib(A)` is defined in CAP1's constraint diagram.
    let definition = client.at("textDocument/definition", uri, (line, col + 5));
    let targets = definition["result"].as_array().unwrap();
    assert_eq!(targets.len(), 1, "{definition}");
    let (dline, dcol) = find(&text, "OA*", cap1);
    assert_eq!(
        targets[0]["range"],
        json!({"start": {"line": dline, "character": dcol + 1},
               "end": {"line": dline, "character": dcol + 2}})
    );
    let references = client.at("textDocument/references", uri, (dline, dcol + 1));
    let references = references["result"].as_array().unwrap();
    assert_eq!(references.len(), 2, "the letter and lib(A): {references:?}");
    assert_eq!(references[1]["range"]["start"]["line"], line);

    // A pattern name's definition is its Pattern line.
    let (pline, pcol) = find(&text, "Pattern CAP2", 0);
    let definition = client.at("textDocument/definition", uri, (pline, pcol + 9));
    assert_eq!(
        definition["result"][0]["range"]["start"],
        json!({"line": pline, "character": 8})
    );

    // The outline lists the patterns.
    let symbols = client.request(
        "textDocument/documentSymbol",
        json!({"textDocument": {"uri": uri}}),
    );
    let names: Vec<&str> = symbols["result"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["name"].as_str().unwrap())
        .collect();
    let patterns = text.lines().filter(|l| l.starts_with("Pattern ")).count();
    assert_eq!(names[0], "attribute_map general");
    assert_eq!(names.len(), patterns + 1);
    assert_eq!(names[1], "CAP1");

    // Completion: functions on a constraint line, classes on a colon line.
    let completion = client.at("textDocument/completion", uri, (line, 1));
    let items = completion["result"].as_array().unwrap();
    assert!(items.iter().any(|i| i["label"] == "oplay_attack"));
    let (cline, ccol) = find(&text, ":8,-", cap1);
    let completion = client.at("textDocument/completion", uri, (cline, ccol + 3));
    assert_eq!(completion["result"].as_array().unwrap().len(), 26);

    // Formatting: our database is formatted; a misindented copy is not,
    // and the edit gives `mkpat fmt`'s text.
    let format = |client: &mut Client, uri: &str| {
        client.request(
            "textDocument/formatting",
            json!({"textDocument": {"uri": uri}, "options": {"tabSize": 4, "insertSpaces": true}}),
        )
    };
    assert_eq!(format(&mut client, uri)["result"], json!([]));
    let messy_uri = "file:///work/own/messy.db";
    let messy = text
        .replace(":8,-", ":8,-   ")
        .replace("\n\n\nPattern", "\nPattern");
    client.open(messy_uri, &messy);
    let edits = format(&mut client, messy_uri)["result"].clone();
    assert_eq!(edits.as_array().unwrap().len(), 1, "{edits}");
    let dir = tempdir();
    let messy_path = dir.path().join("messy.db");
    std::fs::write(&messy_path, &messy).unwrap();
    let fmt = Command::new(MKPAT)
        .args(["fmt", "--stdout"])
        .arg(&messy_path)
        .output()
        .unwrap();
    assert_eq!(edits[0]["newText"], String::from_utf8(fmt.stdout).unwrap());
    assert_eq!(edits[0]["range"]["end"], position(&messy, messy.len()));
    client.finish();
}

/// A deterministic pseudo-random sequence (SplitMix64).
struct Random(u64);

impl Random {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// Pieces of the language to splice in: diagram characters, line starts,
/// calls, labels, edges, commands, and characters of several UTF-16
/// widths.
const PIECES: [&str; 24] = [
    ".",
    "X",
    "O",
    "*",
    "?",
    "x",
    "o",
    "|",
    "-",
    "+",
    "\n",
    "\n:8,OX\n",
    "\n;lib(a)>1\n",
    "\n>antisuji(b);\n",
    "Pattern ",
    "\nattribute_map value_only\n",
    "(",
    ")",
    "a",
    "B",
    "é",
    "𝄞",
    "\n\n",
    "oplay_attack(*,a,b,",
];

/// Replays random edits (splices of language pieces, deletions, moved
/// lines) as didChange ranges and checks after each that the server
/// publishes diagnostics and answers requests; at the end, that its text
/// is the client's (its diagnostics equal the command's on that text).
#[test]
fn random_edits_never_stop_the_server() {
    let mut text = testkit::read_text(&own_database());
    let dir = tempdir();
    let path = dir.path().join("edited.db");
    let uri = uri(&path);
    let mut client = Client::start(json!({}));
    client.open(&uri, &text);
    let mut random = Random(29);
    let methods = [
        "textDocument/hover",
        "textDocument/definition",
        "textDocument/references",
        "textDocument/completion",
    ];
    for version in 2..=400 {
        let boundaries: Vec<usize> = text
            .char_indices()
            .map(|(i, _)| i)
            .chain([text.len()])
            .collect();
        let a = boundaries[random.below(boundaries.len())];
        let b = boundaries[random.below(boundaries.len())];
        let (start, end) = (a.min(b), a.max(b));
        let (end, insert) = match random.below(3) {
            0 => (start, PIECES[random.below(PIECES.len())].to_string()),
            1 => (
                char_boundary_at_or_before(&text, end.min(start + 40)),
                String::new(),
            ),
            _ => {
                let copied = char_boundary_at_or_before(&text, end.min(start + 60));
                (start, text[start..copied].to_string())
            }
        };
        let range = json!({"start": position(&text, start), "end": position(&text, end)});
        text.replace_range(start..end, &insert);
        client.notify(
            "textDocument/didChange",
            json!({"textDocument": {"uri": uri, "version": version},
                   "contentChanges": [{"range": range, "text": insert}]}),
        );
        let _ = client.diagnostics(&uri);
        let boundaries: Vec<usize> = text.char_indices().map(|(i, _)| i).collect();
        let p = match boundaries.len() {
            0 => position(&text, 0),
            n => position(&text, boundaries[random.below(n)]),
        };
        let method = methods[version as usize % methods.len()];
        let answer = client.request(method, position_params(method, &uri, p));
        assert!(
            answer.get("error").is_none(),
            "{method} after edit {version}: {answer}"
        );
        if version % 50 == 0 {
            let answer = client.request(
                "textDocument/formatting",
                json!({"textDocument": {"uri": uri}, "options": {"tabSize": 4, "insertSpaces": true}}),
            );
            assert!(
                answer.get("error").is_none(),
                "formatting after edit {version}: {answer}"
            );
        }
    }
    // One more (empty) edit, so that the diagnostics come from the final text.
    let end = position(&text, text.len());
    client.notify(
        "textDocument/didChange",
        json!({"textDocument": {"uri": uri, "version": 401},
               "contentChanges": [{"range": {"start": end, "end": end}, "text": ""}]}),
    );
    let published = client.diagnostics(&uri);
    std::fs::write(&path, &text).unwrap();
    let expected = command_diagnostics("lint", std::slice::from_ref(&path))
        [&path.display().to_string()]
        .clone();
    assert_eq!(comparable(&published), expected);
    assert!(!expected.is_empty(), "400 random edits leave errors");
    client.finish();
}

/// The parser fuzzer's seed corpus (`fuzz/seeds/parse/`: inputs the
/// `parse` target found from our own databases, minimised), each read as
/// UTF-8 (lossily, as the editor would hold it) and sent as one whole-text
/// edit of an open document: the server answers every edit with
/// diagnostics and a hover without an error, and stays up.
#[test]
fn the_fuzz_corpus_replayed_as_edits_never_stops_the_server() {
    let seeds = Path::new(env!("CARGO_MANIFEST_DIR")).join("../fuzz/seeds/parse");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&seeds)
        .expect("the committed seed corpus")
        .map(|entry| entry.expect("entry").path())
        .collect();
    files.sort();
    assert!(
        files.len() >= 50,
        "the seed corpus has {} inputs",
        files.len()
    );
    let dir = tempdir();
    let uri = uri(&dir.path().join("fuzzed.db"));
    let mut client = Client::start(json!({}));
    client.open(&uri, "");
    for (k, file) in files.iter().enumerate() {
        let text = read_lossy(file);
        client.notify(
            "textDocument/didChange",
            json!({"textDocument": {"uri": uri, "version": k + 2},
                   "contentChanges": [{"text": text}]}),
        );
        let _ = client.diagnostics(&uri);
        let offset = text
            .char_indices()
            .map(|(i, _)| i)
            .nth(text.chars().count() / 2)
            .unwrap_or(0);
        let answer = client.request(
            "textDocument/hover",
            position_params("textDocument/hover", &uri, position(&text, offset)),
        );
        assert!(
            answer.get("error").is_none(),
            "hover after {}: {answer}",
            file.display()
        );
    }
    client.finish();
}

/// The largest char boundary of `text` at or before byte `index`.
fn char_boundary_at_or_before(text: &str, mut index: usize) -> usize {
    while !text.is_char_boundary(index) {
        index -= 1;
    }
    index
}
