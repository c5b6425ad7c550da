//! The `.db` parser: GNU Go's line-driven state machine (spec §2.1) building
//! the [`ast`](crate::ast) with spans, plus the diagnostics found on the way.
//!
//! Entry points: [`parse_file`] for one file, [`parse_stream`] for several
//! files read as one stream (the attribute map and the set of pattern names
//! carry over from file to file, as with GNU Go's repeated `-i`), and
//! [`parse_files`] to load and parse paths in one call.

pub mod code;
pub mod colon;
pub mod diagram;
pub mod expr;
pub mod lines;

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::path::Path;

use self::code::CodeText;
use self::diagram::{DiagramBuilder, DiagramKind};
use self::lines::{Keyword, LineClass, LineRef, MAX_LINE_LEN};
use crate::ast::{
    AttributeMap, CodeBlock, ColonLine, Command, CommandKind, CommentBlock, CommentSlot, Diagram,
    ElementKind, ElementSet, File, FileId, Item, Pattern, PatternComment, Span, Spanned, Text,
    ValueArgument,
};
use crate::diag::{Code, Diagnostic};
use crate::source::SourceSet;

/// GNU Go truncates pattern names to this many characters.
pub const MAX_NAME_LEN: usize = 79;

/// The result of parsing one file.
#[derive(Debug, Clone)]
pub struct ParsedFile {
    /// The AST.
    pub file: File,
    /// Everything the parser reported, in source order.
    pub diagnostics: Vec<Diagnostic>,
}

/// A fast hash for the short pattern names (no DoS concern here): eight
/// bytes at a time, rotate-xor-multiply.
#[derive(Default)]
struct NameHasher(u64);

impl Hasher for NameHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        const K: u64 = 0x517c_c1b7_2722_0a95;
        let mut hash = self.0;
        let mut chunks = bytes.chunks_exact(8);
        for chunk in &mut chunks {
            let word = u64::from_le_bytes(chunk.try_into().expect("eight bytes"));
            hash = (hash.rotate_left(5) ^ word).wrapping_mul(K);
        }
        let mut tail = bytes.len() as u64;
        for (i, &b) in chunks.remainder().iter().enumerate() {
            tail ^= u64::from(b) << (8 * i + 8);
        }
        self.0 = (hash.rotate_left(5) ^ tail).wrapping_mul(K);
    }
}

/// State that carries over from one file of a stream to the next.
#[derive(Debug, Clone)]
pub struct StreamState {
    /// The active attribute map.
    pub attribute_map: AttributeMap,
    /// Whether a pattern has been seen (the map is then frozen).
    pub seen_pattern: bool,
    /// Every pattern name seen, with where it was first written.
    names: HashMap<Text, Span, BuildHasherDefault<NameHasher>>,
}

impl Default for StreamState {
    fn default() -> StreamState {
        StreamState {
            attribute_map: AttributeMap::None,
            seen_pattern: false,
            names: HashMap::default(),
        }
    }
}

/// Parses one file on its own.
pub fn parse_file(sources: &SourceSet, file: FileId) -> ParsedFile {
    parse_file_in_stream(sources, file, &mut StreamState::default())
}

/// Parses every file of the set as one stream, in order.
pub fn parse_stream(sources: &SourceSet) -> (Vec<File>, Vec<Diagnostic>) {
    let mut state = StreamState::default();
    let mut files = Vec::with_capacity(sources.len());
    let mut diagnostics = Vec::new();
    for id in sources.ids() {
        let parsed = parse_file_in_stream(sources, id, &mut state);
        files.push(parsed.file);
        diagnostics.extend(parsed.diagnostics);
    }
    (files, diagnostics)
}

/// Reads the files (invalid UTF-8 is replaced, with a warning) and parses
/// them as one stream.
pub fn parse_files<P: AsRef<Path>>(
    paths: &[P],
) -> std::io::Result<(SourceSet, Vec<File>, Vec<Diagnostic>)> {
    let mut sources = SourceSet::new();
    let mut load_diags = Vec::new();
    for path in paths {
        let path = path.as_ref();
        let bytes = std::fs::read(path)?;
        let (id, replaced) = sources.add_bytes(path.display().to_string(), bytes);
        if replaced {
            load_diags.push(invalid_utf8(&sources, id));
        }
    }
    let (files, mut diagnostics) = parse_stream(&sources);
    load_diags.append(&mut diagnostics);
    Ok((sources, files, load_diags))
}

/// The warning for a file whose invalid UTF-8 was replaced.
pub fn invalid_utf8(sources: &SourceSet, id: FileId) -> Diagnostic {
    let text = &sources.file(id).text;
    let at = text.find('\u{fffd}').unwrap_or(0);
    Diagnostic::new(
        Code::InvalidUtf8,
        sources.span(id, at, at + '\u{fffd}'.len_utf8().min(text.len() - at)),
        "the file is not valid UTF-8; invalid bytes were replaced by U+FFFD",
    )
    .with_help("save the file as UTF-8 (pattern files are normally plain ASCII)")
}

/// Parses one file as part of a stream.
pub fn parse_file_in_stream(
    sources: &SourceSet,
    file: FileId,
    stream: &mut StreamState,
) -> ParsedFile {
    let text = &sources.file(file).text;
    let mut parser = FileParser {
        file,
        stream,
        // About one item per pattern; a pattern takes at least ~100 bytes.
        items: Vec::with_capacity(text.len() / 128 + 4),
        diags: Vec::new(),
        top_comments: None,
        top_blank: false,
        open: None,
        buffered: Vec::new(),
        tokens: expr::Tokens::default(),
    };
    let mut last_line = None;
    for line in lines::lines(file, text) {
        parser.line(&line);
        last_line = Some(line);
    }
    if let Some(line) = last_line
        && !line.terminated
    {
        let end = line.text.len();
        parser.diags.push(
            Diagnostic::new(
                Code::MissingFinalNewline,
                line.span(end.saturating_sub(1), end),
                "the last line has no newline; GNU Go rejects it as a truncated line",
            )
            .with_help("end the file with a newline"),
        );
    }
    parser.close_pattern(true);
    parser.flush_top_comments();
    let mut diagnostics = parser.diags;
    crate::diag::sort(&mut diagnostics);
    ParsedFile {
        file: File {
            file,
            items: parser.items,
        },
        diagnostics,
    }
}

/// The parser states of spec §2.1 (inside a pattern).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum State {
    /// 1: after `Pattern`.
    Header,
    /// 2: reading the main diagram.
    Diagram,
    /// 3: main diagram finished.
    DiagramDone,
    /// 4: after the colon line.
    Colon,
    /// 5: reading the constraint diagram.
    ConstraintDiagram,
    /// 6: constraint diagram finished.
    ConstraintDiagramDone,
    /// 7: reading `;` lines.
    Constraint,
    /// 8: reading `>` lines.
    Action,
}

impl State {
    fn comment_slot(self) -> CommentSlot {
        match self {
            State::Header => CommentSlot::AfterHeader,
            State::Diagram | State::DiagramDone => CommentSlot::AfterDiagram,
            State::Colon => CommentSlot::AfterColon,
            State::ConstraintDiagram | State::ConstraintDiagramDone => {
                CommentSlot::AfterConstraintDiagram
            }
            State::Constraint => CommentSlot::InConstraint,
            State::Action => CommentSlot::InAction,
        }
    }
}

/// A pattern being read.
struct OpenPattern {
    name: Spanned<Text>,
    header_span: Span,
    state: State,
    comments: Vec<PatternComment>,
    main: Option<DiagramBuilder>,
    diagram: Option<Diagram>,
    main_broken: bool,
    colon: Option<ColonLine>,
    constraint_builder: Option<DiagramBuilder>,
    constraint_diagram: Option<Diagram>,
    constraint_lines: Vec<Spanned<Text>>,
    action_lines: Vec<Spanned<Text>>,
    last: Span,
}

/// A buffered comment or blank line inside a pattern.
enum Buffered {
    Comment(CommentSlot, Spanned<Text>),
    Blank,
}

struct FileParser<'s> {
    file: FileId,
    stream: &'s mut StreamState,
    items: Vec<Item>,
    diags: Vec<Diagnostic>,
    top_comments: Option<CommentBlock>,
    top_blank: bool,
    open: Option<OpenPattern>,
    buffered: Vec<Buffered>,
    tokens: expr::Tokens,
}

impl FileParser<'_> {
    fn line(&mut self, line: &LineRef<'_>) {
        if line.raw_len > MAX_LINE_LEN {
            self.diags.push(
                Diagnostic::new(
                    Code::LineTooLong,
                    line.span(MAX_LINE_LEN, line.raw_len),
                    format!(
                        "line is {} bytes long; GNU Go's limit is {MAX_LINE_LEN}",
                        line.raw_len
                    ),
                )
                .with_label("GNU Go truncates the line here")
                .with_help("split the line (constraint and action code may continue on further ';'/'>' lines)"),
            );
        }
        match lines::classify(line.text) {
            LineClass::Command {
                keyword,
                arg_start,
                arg_end,
            } => self.command(line, keyword, arg_start, arg_end),
            LineClass::Blank => self.blank_or_comment(line, false),
            LineClass::Comment => self.blank_or_comment(line, true),
            LineClass::Diagram => self.diagram_line(line),
            LineClass::Colon => self.colon_line(line),
            LineClass::Constraint => self.code_line(line, true),
            LineClass::Action => self.code_line(line, false),
            LineClass::Malformed => {
                let pattern = self
                    .open
                    .as_ref()
                    .map(|p| format!(" in pattern {}", p.name.node))
                    .unwrap_or_default();
                let first = line.text.chars().next().unwrap_or(' ');
                self.diags.push(
                    Diagnostic::new(
                        Code::MalformedLine,
                        line.span(0, first.len_utf8()),
                        format!("malformed line{pattern}"),
                    )
                    .with_label(format!("no line may start with {first:?}"))
                    .with_help("lines start with a command, '#', a diagram character, ':', ';' or '>' in column 1"),
                );
            }
        }
    }

    fn pattern_name(&self) -> Text {
        self.open
            .as_ref()
            .map(|p| p.name.node.clone())
            .unwrap_or_default()
    }

    fn command(&mut self, line: &LineRef<'_>, keyword: Keyword, arg_start: usize, arg_end: usize) {
        self.close_pattern(false);
        let argument = Spanned {
            node: Text::from(&line.text[arg_start..arg_end]),
            span: line.span(arg_start, arg_end),
        };
        let keyword_len = keyword.text().len();
        if arg_start == keyword_len {
            self.diags.push(
                Diagnostic::new(
                    Code::FusedKeyword,
                    line.span(0, arg_end),
                    format!(
                        "`{}` is read as `{} {}`",
                        &line.text[..arg_end],
                        keyword.text(),
                        argument.node
                    ),
                )
                .with_label("no blank after the keyword")
                .with_help(format!("write `{} {}`", keyword.text(), argument.node)),
            );
        }
        if arg_end < line.text.len() {
            self.diags.push(
                Diagnostic::new(
                    Code::IgnoredCommandText,
                    line.span(arg_end, line.text.len()),
                    format!("text after `{}` is ignored", argument.node),
                )
                .with_help("a command takes one argument; use a '#' line for comments"),
            );
        }
        let span = line.span(0, line.text.len());
        if keyword == Keyword::Pattern {
            self.flush_top_comments();
            self.open_pattern(argument, span);
            return;
        }
        let kind = match keyword {
            Keyword::AttributeMap => {
                let map = AttributeMap::from_name(&argument.node);
                match map {
                    None => self.diags.push(
                        Diagnostic::new(
                            Code::UnknownAttributeMap,
                            argument.span,
                            format!("unknown attribute map '{}'", argument.node),
                        )
                        .with_help("known maps: none, general, value_only, owl_attack, owl_defense"),
                    ),
                    Some(map) if self.stream.seen_pattern && map != self.stream.attribute_map => {
                        self.diags.push(
                            Diagnostic::new(
                                Code::AttributeMapTooLate,
                                argument.span,
                                "attribute map can only be set before the first pattern",
                            )
                            .with_help(format!(
                                "the map in force is `{}`; move this command to the top of the first file",
                                self.stream.attribute_map.name()
                            )),
                        )
                    }
                    Some(map) => self.stream.attribute_map = map,
                }
                CommandKind::AttributeMap(map)
            }
            Keyword::GoalElements => {
                CommandKind::GoalElements(self.element_set(&argument, line, arg_start, true))
            }
            Keyword::CallbackData => {
                CommandKind::CallbackData(self.element_set(&argument, line, arg_start, false))
            }
            Keyword::Pattern => unreachable!("handled above"),
        };
        self.flush_top_comments();
        self.items.push(Item::Command(Command {
            kind,
            argument,
            span,
        }));
    }

    fn element_set(
        &mut self,
        argument: &Spanned<Text>,
        line: &LineRef<'_>,
        arg_start: usize,
        goal: bool,
    ) -> ElementSet {
        let mut set = ElementSet::default();
        if argument.node == "none" {
            return set;
        }
        for (i, c) in argument.node.char_indices() {
            let kinds: &[ElementKind] = match c {
                '.' if goal => &[ElementKind::Empty, ElementKind::Comma, ElementKind::Bang],
                '.' => &[ElementKind::Empty],
                'X' => &[ElementKind::Opponent],
                'O' => &[ElementKind::Own],
                'x' => &[ElementKind::OpponentOrEmpty],
                'o' => &[ElementKind::OwnOrEmpty],
                ',' if !goal => &[ElementKind::Comma],
                '!' if !goal => &[ElementKind::Bang],
                _ => {
                    let help = if goal && matches!(c, ',' | '!') {
                        "goal_elements takes . X O x o (and `.` already includes , and !)"
                    } else if goal {
                        "goal_elements takes `none` or characters from . X O x o"
                    } else {
                        "callback_data takes `none` or characters from . X O x o , !"
                    };
                    self.diags.push(
                        Diagnostic::new(
                            Code::IllegalElementChar,
                            line.span(arg_start + i, arg_start + i + c.len_utf8()),
                            format!("illegal character '{c}'"),
                        )
                        .with_help(help),
                    );
                    continue;
                }
            };
            for &kind in kinds {
                set = set.with(kind);
            }
        }
        set
    }

    fn open_pattern(&mut self, name: Spanned<Text>, header_span: Span) {
        if name.node.chars().count() > MAX_NAME_LEN {
            self.diags.push(
                Diagnostic::new(
                    Code::NameTooLong,
                    name.span,
                    format!(
                        "pattern name is {} characters long; GNU Go truncates it to {MAX_NAME_LEN}",
                        name.node.chars().count()
                    ),
                )
                .with_help("use a shorter name"),
            );
        }
        if let Some(&first) = self.stream.names.get(&name.node) {
            self.diags.push(
                Diagnostic::new(
                    Code::DuplicateName,
                    name.span,
                    format!("duplicate pattern name '{}'", name.node),
                )
                .with_help("pattern names should be unique; generated code and dumps refer to them")
                .with_related(first, "the name's first use"),
            );
        } else {
            self.stream.names.insert(name.node.clone(), name.span);
        }
        self.stream.seen_pattern = true;
        self.open = Some(OpenPattern {
            name,
            header_span,
            state: State::Header,
            comments: Vec::new(),
            main: None,
            diagram: None,
            main_broken: false,
            colon: None,
            constraint_builder: None,
            constraint_diagram: None,
            constraint_lines: Vec::new(),
            action_lines: Vec::new(),
            last: header_span,
        });
    }

    fn blank_or_comment(&mut self, line: &LineRef<'_>, comment: bool) {
        let Some(open) = self.open.as_mut() else {
            self.top_comment(line, comment);
            return;
        };
        match open.state {
            State::Diagram => {
                finish_main(open);
                open.state = State::DiagramDone;
            }
            State::ConstraintDiagram => {
                finish_constraint_diagram(open, &mut self.diags);
                open.state = State::ConstraintDiagramDone;
            }
            _ => {}
        }
        if comment {
            let slot = open.state.comment_slot();
            self.buffered.push(Buffered::Comment(
                slot,
                Spanned {
                    node: Text::from(line.text),
                    span: line.span(0, line.text.len()),
                },
            ));
        } else {
            // A blank line only matters after a buffered comment (it
            // separates trailing comment paragraphs at the top level); the
            // top-level block is empty while a pattern is open.
            if !self.buffered.is_empty() {
                self.buffered.push(Buffered::Blank);
            }
        }
    }

    fn top_comment(&mut self, line: &LineRef<'_>, comment: bool) {
        if !comment {
            self.top_blank = self.top_comments.is_some();
            return;
        }
        self.push_top_comment(Text::from(line.text), line.span(0, line.text.len()));
    }

    /// Adds a comment line (spanned at the whole line) to the top-level block.
    fn push_top_comment(&mut self, text: Text, span: Span) {
        match self.top_comments.as_mut() {
            Some(block) => {
                if self.top_blank {
                    block.lines.push(Text::default());
                }
                block.lines.push(text);
                block.span.end = span.end;
            }
            None => {
                self.top_comments = Some(CommentBlock {
                    lines: vec![text],
                    span,
                });
            }
        }
        self.top_blank = false;
    }

    fn flush_top_comments(&mut self) {
        self.top_blank = false;
        if let Some(block) = self.top_comments.take() {
            // A dropped (empty) pattern can leave two blocks in a row:
            // merge them, as a reparse of the formatted text would.
            if let Some(Item::Comment(previous)) = self.items.last_mut() {
                previous.lines.push(Text::default());
                previous.lines.extend(block.lines);
                previous.span.end = block.span.end;
            } else {
                self.items.push(Item::Comment(block));
            }
        }
    }

    /// Moves buffered comments into the open pattern (a pattern line follows).
    fn adopt_comments(&mut self) {
        if self.buffered.is_empty() {
            return;
        }
        if let Some(open) = self.open.as_mut() {
            for entry in self.buffered.drain(..) {
                if let Buffered::Comment(slot, text) = entry {
                    open.comments.push(PatternComment { slot, text });
                }
            }
        }
    }

    fn diagram_line(&mut self, line: &LineRef<'_>) {
        let Some(state) = self.open.as_ref().map(|p| p.state) else {
            self.another_diagram(line, "between patterns");
            return;
        };
        self.adopt_comments();
        let open = self.open.as_mut().expect("checked above");
        open.last = line.span(0, line.text.len());
        match state {
            State::Header => {
                let mut builder = DiagramBuilder::new(DiagramKind::Main, open.last);
                builder.line(line, None, &mut self.diags);
                open.main = Some(builder);
                open.state = State::Diagram;
            }
            State::Diagram => {
                if let Some(builder) = open.main.as_mut() {
                    builder.line(line, None, &mut self.diags);
                }
            }
            State::Colon => {
                let width = if open.main_broken {
                    None
                } else {
                    open.diagram
                        .as_ref()
                        .and_then(|d| d.rows.first())
                        .map(|r| r.cells.len())
                };
                let mut builder = DiagramBuilder::new(DiagramKind::Constraint, open.last);
                builder.line(line, width, &mut self.diags);
                open.constraint_builder = Some(builder);
                open.state = State::ConstraintDiagram;
            }
            State::ConstraintDiagram => {
                let width = if open.main_broken {
                    None
                } else {
                    open.diagram
                        .as_ref()
                        .and_then(|d| d.rows.first())
                        .map(|r| r.cells.len())
                };
                if let Some(builder) = open.constraint_builder.as_mut() {
                    builder.line(line, width, &mut self.diags);
                }
            }
            State::DiagramDone
            | State::ConstraintDiagramDone
            | State::Constraint
            | State::Action => {
                let why = match state {
                    State::DiagramDone => {
                        "after the main diagram was ended by a blank or comment line"
                    }
                    State::ConstraintDiagramDone => {
                        "after the constraint diagram was ended by a blank or comment line"
                    }
                    _ => "after the constraint or action lines",
                };
                self.another_diagram(line, why);
            }
        }
    }

    fn another_diagram(&mut self, line: &LineRef<'_>, why: &str) {
        let pattern = self
            .open
            .as_ref()
            .map(|p| format!(" (pattern {})", p.name.node))
            .unwrap_or_default();
        let help = if self.open.is_none() && line.text == "Pattern" {
            "a `Pattern` line needs a name".to_string()
        } else {
            "diagram rows may not be separated by blank or comment lines; a new pattern starts with `Pattern NAME`".to_string()
        };
        self.diags.push(
            Diagnostic::new(
                Code::AnotherDiagram,
                line.span(0, line.text.len()),
                format!("what, another diagram here?{pattern}"),
            )
            .with_label(format!("diagram line {why}"))
            .with_help(help),
        );
    }

    fn colon_line(&mut self, line: &LineRef<'_>) {
        let state = self.open.as_ref().map(|p| p.state);
        match state {
            Some(State::Diagram | State::DiagramDone) => {
                self.adopt_comments();
                let map = self.stream.attribute_map;
                let open = self.open.as_mut().expect("checked above");
                if open.state == State::Diagram {
                    finish_main(open);
                }
                open.last = line.span(0, line.text.len());
                open.colon = colon::parse_colon(line, map, &mut self.diags);
                open.state = State::Colon;
            }
            _ => {
                let name = self.pattern_name();
                let why = match state {
                    None => "outside a pattern".to_string(),
                    Some(State::Header) => format!("before the diagram of pattern {name}"),
                    Some(_) => format!("pattern {name} already has its colon line"),
                };
                self.diags.push(
                    Diagnostic::new(
                        Code::UnexpectedColon,
                        line.span(0, line.text.len()),
                        format!("unexpected entry line: {why}; the line is ignored"),
                    )
                    .with_help("each pattern has exactly one colon line, right after its diagram"),
                );
            }
        }
    }

    fn code_line(&mut self, line: &LineRef<'_>, constraint: bool) {
        let state = self.open.as_ref().map(|p| p.state);
        let accepted = match (constraint, state) {
            (
                true,
                Some(State::ConstraintDiagram | State::ConstraintDiagramDone | State::Constraint),
            ) => Some(State::Constraint),
            (
                false,
                Some(
                    State::Colon
                    | State::ConstraintDiagram
                    | State::ConstraintDiagramDone
                    | State::Constraint
                    | State::Action,
                ),
            ) => Some(State::Action),
            _ => None,
        };
        let Some(next) = accepted else {
            let name = self.pattern_name();
            let (code, message, help) = if constraint {
                let why = match state {
                    Some(State::Colon) => "there is no constraint diagram".to_string(),
                    Some(State::Action) => {
                        "constraint lines must come before action lines".to_string()
                    }
                    None => "outside a pattern".to_string(),
                    Some(_) => "before the colon line".to_string(),
                };
                (
                    Code::UnexpectedConstraint,
                    format!(
                        "unexpected constraint line in pattern {name}: {why}; the line is ignored"
                    ),
                    "constraint lines need a constraint diagram (a labelled copy of the diagram) before them",
                )
            } else {
                (
                    Code::UnexpectedAction,
                    format!(
                        "unexpected action line in pattern {name}: it comes before the colon line; the line is ignored"
                    ),
                    "action lines come after the colon line (and after any constraint lines)",
                )
            };
            self.diags.push(
                Diagnostic::new(code, line.span(0, line.text.len()), message).with_help(help),
            );
            return;
        };
        self.adopt_comments();
        let open = self.open.as_mut().expect("accepted only inside a pattern");
        if open.state == State::ConstraintDiagram {
            finish_constraint_diagram(open, &mut self.diags);
        }
        open.state = next;
        open.last = line.span(0, line.text.len());
        let text = Spanned {
            node: Text::from(&line.text[1..]),
            span: line.span(1, line.text.len()),
        };
        if constraint {
            open.constraint_lines.push(text);
        } else {
            open.action_lines.push(text);
        }
    }

    /// Closes the open pattern (a command or the end of the file follows).
    fn close_pattern(&mut self, at_end: bool) {
        let Some(mut open) = self.open.take() else {
            return;
        };
        let name = open.name.node.clone();
        match open.state {
            State::Header => {
                self.diags.push(
                    Diagnostic::new(
                        Code::EmptyPattern,
                        open.name.span,
                        format!("empty pattern {name}; it is dropped"),
                    )
                    .with_help(
                        "give the pattern a diagram and a colon line, or remove the `Pattern` line",
                    ),
                );
            }
            State::Diagram | State::DiagramDone => {
                self.diags.push(
                    Diagnostic::new(
                        Code::NoEntryLine,
                        open.name.span,
                        format!("no entry line for pattern {name}"),
                    )
                    .with_label("this pattern has a diagram but no colon line")
                    .with_help("add a colon line such as `:8,-` after the diagram"),
                );
            }
            _ => {
                if open.state == State::ConstraintDiagram {
                    finish_constraint_diagram(&mut open, &mut self.diags);
                }
                if matches!(
                    open.state,
                    State::ConstraintDiagram | State::ConstraintDiagramDone
                ) && !has_label_attribute(&open)
                {
                    let consequence = if at_end {
                        "; as the last pattern of the input GNU Go also drops it"
                    } else {
                        ""
                    };
                    self.diags.push(
                        Diagnostic::new(
                            Code::UnusedConstraintDiagram,
                            open.constraint_diagram.as_ref().map_or(open.name.span, |d| d.span),
                            format!(
                                "constraint diagram but no constraint line or offset attributes for pattern {name}{consequence}"
                            ),
                        )
                        .with_help("add ';' constraint lines that use the labels, or remove the constraint diagram"),
                    );
                }
                if let Some(pattern) = self.build_pattern(open) {
                    self.items.push(Item::Pattern(pattern));
                }
            }
        }
        // Comments after the pattern's last line belong to the top level.
        if self.buffered.is_empty() {
            return;
        }
        // The buffer is handed back afterwards to keep its capacity.
        let mut buffered = std::mem::take(&mut self.buffered);
        for entry in buffered.drain(..) {
            match entry {
                Buffered::Comment(_, text) => self.push_top_comment(text.node, text.span),
                Buffered::Blank => self.top_blank = self.top_comments.is_some(),
            }
        }
        self.buffered = buffered;
    }

    fn build_pattern(&mut self, open: OpenPattern) -> Option<Box<Pattern>> {
        let diagram = open.diagram?;
        let colon = open.colon?;
        let constraint = (!open.constraint_lines.is_empty()).then(|| {
            let code = CodeText::borrow(self.file, &open.constraint_lines);
            let parsed = expr::parse_constraint_with(&code, &mut self.diags, &mut self.tokens);
            CodeBlock {
                lines: open.constraint_lines,
                code: parsed,
            }
        });
        let action = (!open.action_lines.is_empty()).then(|| {
            let code = CodeText::borrow(self.file, &open.action_lines);
            let parsed = expr::parse_action_with(&code, &mut self.diags, &mut self.tokens);
            CodeBlock {
                lines: open.action_lines,
                code: parsed,
            }
        });
        let span = Span {
            end: open.last.end,
            ..open.header_span
        };
        Some(Box::new(Pattern {
            name: open.name,
            header_span: open.header_span,
            comments: open.comments,
            diagram,
            colon,
            constraint_diagram: open.constraint_diagram,
            constraint,
            action,
            span,
        }))
    }
}

fn finish_main(open: &mut OpenPattern) {
    if let Some(builder) = open.main.take() {
        open.main_broken = builder.broken;
        let diagram = builder.finish();
        open.diagram = Some(diagram);
    }
}

fn finish_constraint_diagram(open: &mut OpenPattern, diags: &mut Vec<Diagnostic>) {
    let Some(builder) = open.constraint_builder.take() else {
        return;
    };
    let diagram = builder.finish();
    if let Some(main) = open.diagram.as_ref()
        && !open.main_broken
        && main.rows.len() != diagram.rows.len()
    {
        diags.push(
            Diagnostic::new(
                Code::ConstraintHeight,
                diagram.span,
                format!(
                    "constraint diagram has {} rows but the main diagram has {} (pattern {})",
                    diagram.rows.len(),
                    main.rows.len(),
                    open.name.node
                ),
            )
            .with_help("the constraint diagram must copy the main diagram row for row"),
        );
    }
    open.constraint_diagram = Some(diagram);
}

fn has_label_attribute(open: &OpenPattern) -> bool {
    match &open.colon {
        Some(ColonLine::Modern(colon)) => colon
            .values
            .iter()
            .any(|v| matches!(v.argument, ValueArgument::Label(_))),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ast::{Edges, ValueKey};

    fn parse(text: &str) -> ParsedFile {
        let mut sources = SourceSet::new();
        let id = sources.add("t.db", text);
        parse_file(&sources, id)
    }

    fn patterns(file: &File) -> Vec<&Pattern> {
        file.patterns().collect()
    }

    #[test]
    fn comments_get_their_slots_and_trailing_ones_go_to_the_top_level() {
        let parsed = parse(
            "# file header\n\n# second paragraph\nPattern A\n# header note\n\n.X.\n.*O\n# after diagram\n\n:8,-\n# after colon\n\n.a.\n.*O\n\n;lib(a)>1\n# in constraint\n>antisuji(a)\n# trailing\n\nPattern B\n\n*\n\n:8,-\n",
        );
        assert!(parsed.diagnostics.is_empty(), "{:?}", parsed.diagnostics);
        let items = &parsed.file.items;
        assert!(
            matches!(&items[0], Item::Comment(c) if c.lines == ["# file header", "", "# second paragraph"])
        );
        let pattern = patterns(&parsed.file)[0];
        let slots: Vec<_> = pattern.comments.iter().map(|c| c.slot).collect();
        assert_eq!(
            slots,
            [
                CommentSlot::AfterHeader,
                CommentSlot::AfterDiagram,
                CommentSlot::AfterColon,
                CommentSlot::InConstraint
            ]
        );
        assert!(matches!(&items[2], Item::Comment(c) if c.lines == ["# trailing"]));
        assert_eq!(patterns(&parsed.file).len(), 2);
    }

    #[test]
    fn edges_rows_and_remarks() {
        let parsed = parse("Pattern A\n\n+---+\n|.X.|  remark\n|.*O|\n\n:8,-\n");
        assert!(parsed.diagnostics.is_empty(), "{:?}", parsed.diagnostics);
        let pattern = patterns(&parsed.file)[0];
        let diagram = &pattern.diagram;
        assert_eq!(diagram.edges.0, Edges::NORTH | Edges::WEST | Edges::EAST);
        assert_eq!(diagram.rows[0].cells, ".X.");
        assert_eq!(diagram.rows[0].remark, "  remark");
        assert_eq!(diagram.rows[0].cells_offset, 1);
        let cell = diagram.rows[1].cell_span(1);
        assert_eq!((cell.line, cell.col), (5, 3));
    }

    #[test]
    fn attribute_map_carries_over_a_stream_and_resolves_prefixes() {
        let mut sources = SourceSet::new();
        sources.add("a.db", "attribute_map owl_attack\n");
        sources.add(
            "b.db",
            "Pattern A\n\n.X.\n.*O\n\n:8,-,t(A),(3)\n\n.A.\n.*O\n",
        );
        let (files, diags) = parse_stream(&sources);
        assert!(diags.iter().all(|d| !d.is_error()), "{diags:?}");
        let pattern = patterns(&files[1])[0];
        let ColonLine::Modern(colon) = &pattern.colon else {
            panic!("modern colon line expected");
        };
        let keys: Vec<_> = colon.values.iter().map(|v| v.key).collect();
        assert_eq!(
            keys,
            [Some(ValueKey::ThreatensToCapture), Some(ValueKey::Value)]
        );
    }

    #[test]
    fn fused_keyword_reads_as_pattern_name() {
        let parsed = parse("PatternFoo\n\n*\n\n:8,-\n");
        assert_eq!(patterns(&parsed.file)[0].name.node, "Foo");
        assert_eq!(parsed.diagnostics[0].code, Code::FusedKeyword);
        let bare = parse("Pattern\n");
        assert_eq!(bare.diagnostics[0].code, Code::AnotherDiagram);
    }

    #[test]
    fn legacy_colon_lines() {
        let parsed = parse(
            "Pattern A\n\n*\n\n:8,55,wind(20,1,0,0),-,0,0,0,NULL\n\nPattern B\n\n*\n\n:8,80,helper\n",
        );
        assert!(parsed.diagnostics.is_empty(), "{:?}", parsed.diagnostics);
        let pats = patterns(&parsed.file);
        let ColonLine::Legacy(a) = &pats[0].colon else {
            panic!("legacy expected")
        };
        assert_eq!(a.weight.node.1, 55.0);
        assert_eq!(
            a.assistance.node,
            crate::ast::Assistance::Wind {
                ucutoff: 20,
                uvalue: 1,
                mycutoff: 0,
                myvalue: 0
            }
        );
        assert_eq!(a.bonuses_written, 3);
        assert!(a.helper_is_null);
        let ColonLine::Legacy(b) = &pats[1].colon else {
            panic!("legacy expected")
        };
        assert_eq!(b.helper.as_ref().map(|h| h.node.as_str()), Some("helper"));
    }
}
