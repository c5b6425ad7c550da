//! Diagnostics: the stable code of every error and warning the front end can
//! report, and the [`Diagnostic`] value carrying message, span and hint.
//!
//! Codes never change meaning once published. `E` codes are errors (GNU Go
//! counts them as fatal, or its output would be broken), `W` codes are
//! warnings (often a GNU Go quirk explained), `L` codes are style lints that
//! only `mkpat lint` reports. `EY` (`eyes.db`) and `MC` (`mc_*.db`) codes
//! belong to the two line-based languages and declare their severity.

use crate::ast::Span;

/// How serious a diagnostic is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Severity {
    /// A style remark (`mkpat lint` only).
    Lint,
    /// Accepted, but probably not what the author meant.
    Warning,
    /// The database is invalid.
    Error,
}

impl Severity {
    /// `error`, `warning` or `lint`.
    pub fn name(self) -> &'static str {
        match self {
            Severity::Lint => "lint",
            Severity::Warning => "warning",
            Severity::Error => "error",
        }
    }
}

macro_rules! codes {
    ($($variant:ident = $code:literal $(as $severity:ident)?, $slug:literal, $summary:literal;)*) => {
        /// Every diagnostic code.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
        pub enum Code {
            $(
                #[doc = $summary]
                $variant,
            )*
        }

        impl Code {
            /// All codes, in code order.
            pub const ALL: &'static [Code] = &[$(Code::$variant),*];

            /// The stable code, e.g. `E0103`.
            pub fn as_str(self) -> &'static str {
                match self { $(Code::$variant => $code,)* }
            }

            /// A short kebab-case name (used for fixture file names).
            pub fn slug(self) -> &'static str {
                match self { $(Code::$variant => $slug,)* }
            }

            /// One-line description of the condition.
            pub fn summary(self) -> &'static str {
                match self { $(Code::$variant => $summary,)* }
            }

            /// The severity written beside the code, where the letter of
            /// the code does not tell it.
            fn declared_severity(self) -> Option<Severity> {
                match self { $(Code::$variant => None $(.or(Some(Severity::$severity)))?,)* }
            }
        }
    };
}

codes! {
    LineTooLong = "E0101", "line-too-long", "a line is 499 bytes or longer";
    MalformedLine = "E0102", "malformed-line", "a line that is no command, comment, diagram row, colon, constraint or action line";
    AnotherDiagram = "E0103", "another-diagram", "a diagram row where no diagram may start";
    NoEntryLine = "E0104", "no-entry-line", "a pattern with a diagram but no colon line";
    UnknownAttributeMap = "E0201", "unknown-attribute-map", "an attribute_map name that does not exist";
    AttributeMapTooLate = "E0202", "attribute-map-too-late", "attribute_map changed after the first pattern";
    IllegalElementChar = "E0203", "illegal-element-char", "a character that goal_elements/callback_data does not accept";
    EdgeLineWithoutDash = "E0301", "edge-line-without-dash", "an edge line without any '-'";
    WestEdgeInconsistent = "E0302", "west-edge-inconsistent", "rows disagree about the west edge '|'";
    EastEdgeInconsistent = "E0303", "east-edge-inconsistent", "rows disagree about the east edge '|'";
    RowAfterSouthEdge = "E0304", "row-after-south-edge", "a diagram row below the south edge line";
    ObsoleteElement = "E0305", "obsolete-element", "the obsolete half-eye element 'a' in a main diagram";
    NotRectangular = "E0306", "not-rectangular", "diagram rows of different widths";
    SouthEdgeWidth = "E0307", "south-edge-width", "a south edge line whose dash count differs from the row width";
    StarCount = "E0308", "star-count", "no '*' or more than one '*' in a pattern";
    EmptyDiagram = "E0309", "empty-diagram", "a main diagram made of edge lines only";
    ColonSyntax = "E0401", "colon-syntax", "a colon line without symmetry character and class field";
    UnknownClass = "E0402", "unknown-class", "an unknown classification letter";
    UnknownValueField = "E0403", "unknown-value-field", "a value field the attribute map does not know";
    InvalidLabel = "E0404", "invalid-label", "a label-valued field whose argument is not a label";
    MissingParen = "E0405", "missing-paren", "a value field without ')'";
    AttributeLabelMissing = "E0406", "attribute-label-missing", "a value field label that the constraint diagram does not define";
    LegacyAssistance = "E0407", "legacy-assistance", "a malformed 2.6 assistance field";
    LegacyNumber = "E0408", "legacy-number", "a 2.6 bonus field that is not an integer";
    LegacyHelperNotLast = "E0409", "legacy-helper-not-last", "a field after the 2.6 helper name";
    ConstraintWidth = "E0501", "constraint-width", "a constraint diagram row of another width than the main diagram";
    ConstraintHeight = "E0502", "constraint-height", "a constraint diagram with another number of rows than the main diagram";
    StoneMismatch = "E0503", "stone-mismatch", "X/O/x/o in the constraint diagram differ from the main diagram";
    ExprSyntax = "E0601", "expr-syntax", "a syntax error in constraint or action code";
    ParenExpected = "E0602", "paren-expected", "a function name not directly followed by '('";
    StoneLetterArgument = "E0603", "stone-letter-argument", "X, x, O or o used as a label argument";
    LabelExpected = "E0604", "label-expected", "an argument that is not a label, '*' or '?'";
    UndefinedLabel = "E0605", "undefined-label", "a label the constraint diagram does not define";
    TooManyArguments = "E0606", "too-many-arguments", "more arguments than the function takes";
    CommaOrParenExpected = "E0607", "comma-or-paren-expected", "something other than ',' or ')' after an argument";
    TooFewArguments = "E0608", "too-few-arguments", "fewer arguments than the function needs";
    ArgumentLimit = "E0609", "argument-limit", "more than 20 arguments";
    UnknownFunction = "E0610", "unknown-function", "a call of a function outside the catalogue";
    PrefixMisread = "E0611", "prefix-misread", "an identifier that GNU Go's tokeniser reads as a catalogue name plus garbage";
    UnknownIdentifier = "E0612", "unknown-identifier", "an identifier the engine does not provide";
    UnusableFunction = "E0613", "unusable-function", "a catalogue function GNU Go 3.8 cannot compile";
    TenukiMisplaced = "E0614", "tenuki-misplaced", "'?' outside the move list of a play-sequence function";
    CodeTooLong = "E0615", "code-too-long", "more than 10000 characters of constraint or action text";
    InvalidCharacter = "E0616", "invalid-character", "a character that starts no token";
    LegacyFunction = "E0617", "legacy-function", "a GNU Go 2.6 function (cutstone) called by a pattern with a 3.x colon line";
    CornerEdges = "E0701", "corner-edges", "a corner (-C) pattern that does not touch exactly two adjacent edges (kept but unreachable)";
    CornerElement = "E0702", "corner-element", "a corner (-C) pattern element other than '.', 'X', 'O' (kept but unreachable)";
    NoOrigin = "E0703", "no-origin", "no stone to anchor the pattern on (raised by the compiler)";
    MissingFinalNewline = "W0101", "missing-final-newline", "the last line has no newline (GNU Go rejects it)";
    UnexpectedColon = "W0102", "unexpected-colon", "a colon line where none is expected (ignored)";
    UnexpectedConstraint = "W0103", "unexpected-constraint", "a ';' line where none is expected (ignored)";
    UnexpectedAction = "W0104", "unexpected-action", "a '>' line before the colon line (ignored)";
    EmptyPattern = "W0105", "empty-pattern", "a Pattern line with nothing after it (dropped)";
    UnusedConstraintDiagram = "W0106", "unused-constraint-diagram", "a constraint diagram without constraint lines or label attributes";
    InvalidUtf8 = "W0107", "invalid-utf8", "bytes that are not UTF-8 (replaced)";
    NameTooLong = "W0201", "name-too-long", "a pattern name longer than 79 characters (GNU Go truncates it)";
    DuplicateName = "W0202", "duplicate-name", "a pattern name used before";
    FusedKeyword = "W0203", "fused-keyword", "a command keyword glued to its argument (PatternFoo is Pattern Foo)";
    IgnoredCommandText = "W0204", "ignored-command-text", "text after a command argument (ignored)";
    OversizedPattern = "W0301", "oversized-pattern", "more than 19 rows or columns (GNU Go silently drops the pattern)";
    UncheckedFirstRow = "W0302", "unchecked-first-row", "a stone mismatch in the first constraint row of a north-edge pattern (GNU Go skips that row)";
    UnknownSymmetry = "W0401", "unknown-symmetry", "an unknown symmetry character (read as '8')";
    SymmetryEdges = "W0402", "symmetry-edges", "a symmetry that the edges of the pattern contradict";
    SymmetryNotSquare = "W0403", "symmetry-not-square", "a diagonal symmetry on a pattern that is not square";
    IgnoredValueText = "W0404", "ignored-value-text", "text after ')' in a value field (ignored)";
    IgnoredAfterHelper = "W0405", "ignored-after-helper", "fields after the helper name (ignored)";
    SuspiciousHelper = "W0406", "suspicious-helper", "a helper name that is not a C identifier (maybe a malformed value field)";
    AmbiguousAbbreviation = "W0407", "ambiguous-abbreviation", "an abbreviated value field name that means different fields in different maps";
    UnparsableNumber = "W0408", "unparsable-number", "a numeric value field whose text is not a number (read as 0)";
    LegacyClassIgnored = "W0409", "legacy-class-ignored", "a 2.6 classification character that 2.6 ignores";
    TenukiFirst = "W0601", "tenuki-first", "'?' as the first argument (GNU Go writes broken code)";
    AlwaysFalse = "W0602", "always-false", "a variadic function called without arguments (always false)";
    FusedLines = "W0603", "fused-lines", "a token split across two ';'/'>' lines (the lines are joined without a separator)";
    DuplicateCornerPattern = "W0701", "duplicate-corner-pattern", "a corner (-C) pattern with the same stones and move as an earlier one (discarded)";
    AbbreviatedValueName = "L0001", "abbreviated-value-name", "a value field name written as an abbreviation";
    UnusedLabel = "L0002", "unused-label", "a constraint diagram label that no code uses";
    TrailingWhitespace = "L0003", "trailing-whitespace", "blanks at the end of a line";
    LabelCase = "L0004", "label-case", "a lower-case label on an X stone or an upper-case label on an O stone or empty point";
    SymmetryTooWeak = "L0005", "symmetry-too-weak", "a declared symmetry smaller than the pattern's own: orientations are tried more than once";
    SymmetryTooStrong = "L0006" as Warning, "symmetry-too-strong", "a declared symmetry the pattern does not have: orientations are never tried and their matches lost";
    DuplicatePattern = "L0007", "duplicate-pattern", "a pattern with the same diagram, move and constraint as an earlier one, up to symmetry";
    ConstraintNeverTrue = "L0008" as Warning, "constraint-never-true", "a constraint that can never hold (the pattern never matches)";
    ClassNeverMatches = "L0009" as Warning, "class-never-matches", "a class that rejects every match of the pattern, given its diagram and database";
    ClassWithoutEffect = "L0010", "class-without-effect", "a class that can never act, given the pattern's diagram and database";
    ImpossibleDiagram = "L0011" as Warning, "impossible-diagram", "a diagram no legal position contains (a string without liberty, four edges around a non-square)";
    EyesLineTooLong = "EY001" as Error, "eyes-line-too-long", "eyes.db: a line that mkeyes would truncate";
    EyesPatternNumber = "EY002" as Error, "eyes-pattern-number", "eyes.db: a pattern number that is not a number or not larger than the previous one";
    EyesNoColonLine = "EY003" as Error, "eyes-no-colon-line", "eyes.db: a pattern without its colon line";
    EyesValue = "EY004" as Error, "eyes-value", "eyes.db: an eye value that is not four digits";
    EyesAttackPointNeeded = "EY005" as Error, "eyes-attack-point-needed", "eyes.db: values a and c differ but no attack point is marked";
    EyesDefencePointNeeded = "EY006" as Error, "eyes-defence-point-needed", "eyes.db: values b and d differ but no defence point is marked";
    EyesAttackPointForbidden = "EY007" as Error, "eyes-attack-point-forbidden", "eyes.db: an attack point although values a and c are equal";
    EyesDefencePointForbidden = "EY008" as Error, "eyes-defence-point-forbidden", "eyes.db: a defence point although values b and d are equal";
    EyesInvalidCharacter = "EY009" as Error, "eyes-invalid-character", "eyes.db: a character that is no eye-space vertex or edge";
    EyesOutsidePattern = "EY010" as Error, "eyes-outside-pattern", "eyes.db: a diagram or colon line before any Pattern line";
    EyesNoVertex = "EY012" as Error, "eyes-no-vertex", "eyes.db: a pattern without a vertex";
    McLineTooLong = "MC001" as Error, "mc-line-too-long", "mc_*.db: a line that GNU Go would read as two";
    McNeighbourhoodCharacter = "MC002" as Error, "mc-neighbourhood-character", "mc_*.db: a diagram row with a character outside the neighbourhood alphabet, or too short";
    McDiagramShape = "MC003" as Error, "mc-diagram-shape", "mc_*.db: a diagram without three rows, or a colon line without a diagram";
    McLargeValue = "MC004" as Warning, "mc-large-value", "mc_*.db: a weight above the sensible maximum";
    McFourthRow = "MC005" as Warning, "mc-fourth-row", "mc_*.db: a fourth diagram row (ignored)";
    McNoColonLine = "MC006" as Warning, "mc-no-colon-line", "mc_*.db: a diagram without a colon line (ignored)";
    McUnknownWord = "MC007" as Warning, "mc-unknown-word", "mc_*.db: an unknown property word on a colon line";
    McNoValue = "MC008" as Warning, "mc-no-value", "mc_*.db: a colon line without a numeric weight (ignored)";
}

impl Code {
    /// How serious this code is.
    pub fn severity(self) -> Severity {
        if let Some(declared) = self.declared_severity() {
            return declared;
        }
        match self.as_str().as_bytes()[0] {
            b'E' => Severity::Error,
            b'W' => Severity::Warning,
            _ => Severity::Lint,
        }
    }

    /// Whether this code belongs to `eyes.db` or `mc_*.db` (the line-based
    /// languages) rather than to the `.db` pattern language.
    pub fn is_line_language(self) -> bool {
        let code = self.as_str();
        code.starts_with("EY") || code.starts_with("MC")
    }

    /// Looks a code up by its string (`E0103`).
    pub fn from_str_code(code: &str) -> Option<Code> {
        Code::ALL.iter().copied().find(|c| c.as_str() == code)
    }
}

/// One reported problem.
#[derive(Debug, Clone, PartialEq)]
pub struct Diagnostic {
    /// What kind of problem.
    pub code: Code,
    /// The message (one line, no trailing period needed).
    pub message: String,
    /// Where; `None` for whole-run problems.
    pub span: Option<Span>,
    /// A short label shown under the caret.
    pub label: Option<String>,
    /// A hint on how to fix it.
    pub help: Option<String>,
    /// Other places it refers to (an earlier definition), each with a note.
    pub related: Vec<(Span, String)>,
}

impl Diagnostic {
    /// A diagnostic at a span.
    pub fn new(code: Code, span: Span, message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            code,
            message: message.into(),
            span: Some(span),
            label: None,
            help: None,
            related: Vec::new(),
        }
    }

    /// Adds a caret label.
    pub fn with_label(mut self, label: impl Into<String>) -> Diagnostic {
        self.label = Some(label.into());
        self
    }

    /// Adds a hint.
    pub fn with_help(mut self, help: impl Into<String>) -> Diagnostic {
        self.help = Some(help.into());
        self
    }

    /// Adds a related place with a note.
    pub fn with_related(mut self, span: Span, note: impl Into<String>) -> Diagnostic {
        self.related.push((span, note.into()));
        self
    }

    /// The severity of its code.
    pub fn severity(&self) -> Severity {
        self.code.severity()
    }

    /// Whether it is an error.
    pub fn is_error(&self) -> bool {
        self.severity() == Severity::Error
    }
}

/// `(code, line, column)` of each diagnostic (0, 0 where it has no span):
/// what tests compare.
#[cfg(test)]
pub(crate) fn code_positions(diagnostics: &[Diagnostic]) -> Vec<(&'static str, u32, u32)> {
    diagnostics
        .iter()
        .map(|d| {
            let span = d.span.unwrap_or_default();
            (d.code.as_str(), span.line, span.col)
        })
        .collect()
}

/// Sorts diagnostics by file, position and code (stable output order).
pub fn sort(diagnostics: &mut [Diagnostic]) {
    diagnostics.sort_by_key(|d| {
        let span = d.span.unwrap_or_default();
        (span.file, span.start, span.end, d.code)
    });
}
