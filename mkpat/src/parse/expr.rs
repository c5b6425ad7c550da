//! Constraint expressions and action statements: tokens from
//! [`crate::lexer`], function names recognised with GNU Go's first-prefix
//! rule, label argument lists read character by character, and a
//! precedence-climbing parser with C precedence.
//!
//! Names that are not catalogue functions may be engine builtins
//! ([`EngineBuiltin`], answered by `Context` methods like the catalogue's):
//! GNU Go 2.6's `cutstone(x)` parses as `EngineBuiltin::Cutstone`, and
//! [`crate::check`] rejects it (E0617) in a pattern with a 3.x colon line.

use std::sync::OnceLock;

use logos::Logos;
use matcher::autohelper::{ArgKind, Autohelper, CATALOGUE, EngineBuiltin};

use super::code::CodeText;
use crate::ast::{
    Argument, BinaryOp, Call, Callee, Expr, ExprKind, Span, Spanned, Stmt, Text, UnaryOp, is_label,
};
use crate::diag::{Code, Diagnostic};
use crate::lexer::Token;

/// Identifiers the engine provides besides the catalogue functions.
pub const ENGINE_IDENTIFIERS: [&str; 2] = ["WIN", "doing_scoring"];

/// GNU Go's limit on constraint and action text.
pub const MAX_CODE_LEN: usize = 10000;

/// Catalogue indices grouped by the first byte of their name, in table order.
fn prefix_index() -> &'static [Vec<u8>; 128] {
    static INDEX: OnceLock<[Vec<u8>; 128]> = OnceLock::new();
    INDEX.get_or_init(|| {
        let mut index: [Vec<u8>; 128] = std::array::from_fn(|_| Vec::new());
        for (i, spec) in CATALOGUE.iter().enumerate() {
            index[spec.name.as_bytes()[0] as usize].push(i as u8);
        }
        index
    })
}

/// GNU Go's tokeniser rule ([`Autohelper::first_prefix_of`]), indexed by the
/// first byte so that it is cheap enough to run on every identifier.
pub fn first_prefix(text: &str) -> Option<Autohelper> {
    let first = *text.as_bytes().first()?;
    if first >= 128 {
        return None;
    }
    prefix_index()[first as usize]
        .iter()
        .map(|&i| &CATALOGUE[i as usize])
        .find(|spec| text.starts_with(spec.name))
        .map(|spec| spec.id)
}

/// For each first byte, the catalogue names starting with it, each with what
/// [`first_prefix`] reads for an identifier spelled exactly like it (an
/// earlier, shorter name may win).
fn exact_index() -> &'static [Vec<(&'static str, Autohelper)>; 128] {
    static INDEX: OnceLock<[Vec<(&'static str, Autohelper)>; 128]> = OnceLock::new();
    INDEX.get_or_init(|| {
        let mut index: [Vec<(&'static str, Autohelper)>; 128] = std::array::from_fn(|_| Vec::new());
        for spec in CATALOGUE.iter() {
            let read = first_prefix(spec.name).expect("a name is a prefix of itself");
            index[spec.name.as_bytes()[0] as usize].push((spec.name, read));
        }
        index
    })
}

/// [`first_prefix`] of a whole identifier (a maximal run of identifier
/// characters). Catalogue names are made of identifier characters, so a name
/// that is a prefix of the text from the identifier on is a prefix of the
/// identifier itself; an identifier spelled like a catalogue name (the
/// common case) is answered from a table without prefix comparisons.
pub fn identifier_function(identifier: &str) -> Option<Autohelper> {
    let first = *identifier.as_bytes().first()?;
    if first >= 128 {
        return None;
    }
    exact_index()[first as usize]
        .iter()
        .find(|(name, _)| name.len() == identifier.len() && *name == identifier)
        .map(|&(_, read)| read)
        .or_else(|| first_prefix(identifier))
}

/// Keywords of action statements.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Keyword {
    If,
    Else,
    Return,
}

#[derive(Debug, Clone, Copy, PartialEq)]
enum TokKind {
    Plain(Token),
    /// A call; index into the call table.
    Call(u32),
    /// An identifier: `WIN`, `doing_scoring`, or one already reported.
    Ident,
    Keyword(Keyword),
}

#[derive(Debug, Clone, Copy)]
struct Tok {
    kind: TokKind,
    start: u32,
    end: u32,
}

/// Tokens of one code block plus the calls they refer to; reused from
/// block to block to save allocations.
#[derive(Debug, Default)]
pub struct Tokens {
    toks: Vec<Tok>,
    calls: Vec<Option<Call>>,
    /// Arguments of the call being read (copied out at their exact length).
    args: Vec<Spanned<Argument>>,
}

/// Parses constraint text into an expression. `None` when it does not parse
/// (diagnostics say why).
pub fn parse_constraint(code: &CodeText<'_>, diags: &mut Vec<Diagnostic>) -> Option<Expr> {
    parse_constraint_with(code, diags, &mut Tokens::default())
}

/// [`parse_constraint`] with a reusable token buffer.
pub fn parse_constraint_with(
    code: &CodeText<'_>,
    diags: &mut Vec<Diagnostic>,
    tokens: &mut Tokens,
) -> Option<Expr> {
    if !tokenize(code, diags, tokens) {
        return None;
    }
    let mut parser = Parser::new(code, tokens, diags);
    if parser.toks.is_empty() {
        let span = code.span(0, code.text.len());
        parser.diags.push(
            Diagnostic::new(Code::ExprSyntax, span, "empty constraint")
                .with_help("write a C expression after ';', or remove the ';' lines"),
        );
        return None;
    }
    let expr = parser.expr().ok()?;
    // GNU Go emits `return <text>;`, so trailing semicolons are harmless.
    while parser.peek_plain() == Some(Token::Semicolon) {
        parser.pos += 1;
    }
    if let Some(tok) = parser.peek() {
        parser.error_at(tok, "unexpected {} after the end of the expression");
        return None;
    }
    Some(expr)
}

/// Parses action text into statements (a final `;` is optional).
pub fn parse_action(code: &CodeText<'_>, diags: &mut Vec<Diagnostic>) -> Option<Vec<Stmt>> {
    parse_action_with(code, diags, &mut Tokens::default())
}

/// [`parse_action`] with a reusable token buffer.
pub fn parse_action_with(
    code: &CodeText<'_>,
    diags: &mut Vec<Diagnostic>,
    tokens: &mut Tokens,
) -> Option<Vec<Stmt>> {
    if !tokenize(code, diags, tokens) {
        return None;
    }
    let mut parser = Parser::new(code, tokens, diags);
    let mut stmts = Vec::new();
    while parser.peek().is_some() {
        if let Some(stmt) = parser.stmt().ok()? {
            stmts.push(stmt);
        }
    }
    Some(stmts)
}

fn tokenize(code: &CodeText<'_>, diags: &mut Vec<Diagnostic>, out: &mut Tokens) -> bool {
    let text: &str = &code.text;
    if text.len() > MAX_CODE_LEN {
        diags.push(
            Diagnostic::new(
                Code::CodeTooLong,
                code.span(MAX_CODE_LEN, text.len()),
                format!(
                    "constraint or action text is {} characters long; GNU Go allows {MAX_CODE_LEN}",
                    text.len()
                ),
            )
            .with_help("split the pattern or simplify the code"),
        );
        return false;
    }
    let errors_before = diags.iter().filter(|d| d.is_error()).count();
    out.toks.clear();
    out.calls.clear();
    let mut lex = Token::lexer(text);
    while let Some(result) = lex.next() {
        let range = lex.span();
        match result {
            Err(()) => {
                let bad = text[range.start..].chars().next().unwrap_or('?');
                diags.push(
                    Diagnostic::new(
                        Code::InvalidCharacter,
                        code.span(range.start, range.start + bad.len_utf8()),
                        format!("unexpected character {bad:?} in constraint or action"),
                    )
                    .with_label("no token starts here"),
                );
            }
            Ok(Token::Ident) => {
                if code.crosses_line(range.start, range.end) {
                    fused_warning(code, range.start, range.end, diags);
                }
                ident(code, &mut lex, range.start, range.end, out, diags);
            }
            Ok(token) => {
                if range.end - range.start > 1 && code.crosses_line(range.start, range.end) {
                    fused_warning(code, range.start, range.end, diags);
                }
                out.toks.push(Tok {
                    kind: TokKind::Plain(token),
                    start: range.start as u32,
                    end: range.end as u32,
                });
            }
        }
    }
    let errors_after = diags.iter().filter(|d| d.is_error()).count();
    errors_after == errors_before
}

fn fused_warning(code: &CodeText, start: usize, end: usize, diags: &mut Vec<Diagnostic>) {
    diags.push(
        Diagnostic::new(
            Code::FusedLines,
            code.span(start, end),
            format!(
                "token `{}` is split across two lines; GNU Go joins the lines without a separator",
                &code.text[start..end]
            ),
        )
        .with_help("start the continuation line with a blank or an operator"),
    );
}

/// Handles an identifier: catalogue call, builtin call, engine identifier,
/// keyword, or an error.
fn ident(
    code: &CodeText,
    lex: &mut logos::Lexer<'_, Token>,
    start: usize,
    end: usize,
    out: &mut Tokens,
    diags: &mut Vec<Diagnostic>,
) {
    let text: &str = &code.text;
    let name = &text[start..end];
    if let Some(helper) = identifier_function(name) {
        let matched = helper.name().len();
        if matched < name.len() {
            diags.push(
                Diagnostic::new(
                    Code::PrefixMisread,
                    code.span(start, end),
                    format!(
                        "`{name}` starts with the function name `{}`; GNU Go reads it as `{}` followed by `{}`",
                        helper.name(),
                        helper.name(),
                        &name[matched..]
                    ),
                )
                .with_label("misread by GNU Go's tokeniser")
                .with_help("GNU Go matches function names as prefixes without a word boundary; rename the identifier"),
            );
            skip_call_arguments(lex);
            out.toks.push(Tok {
                kind: TokKind::Ident,
                start: start as u32,
                end: end as u32,
            });
            return;
        }
        call(
            code,
            lex,
            Callee::Autohelper(helper),
            start,
            end,
            out,
            diags,
        );
        return;
    }
    if inner_table_name(code, start, end, diags) {
        skip_call_arguments(lex);
        out.toks.push(Tok {
            kind: TokKind::Ident,
            start: start as u32,
            end: end as u32,
        });
        return;
    }
    if let Some(builtin) = EngineBuiltin::from_name(name) {
        call(code, lex, Callee::Builtin(builtin), start, end, out, diags);
        return;
    }
    let kind = match name {
        "if" => TokKind::Keyword(Keyword::If),
        "else" => TokKind::Keyword(Keyword::Else),
        "return" => TokKind::Keyword(Keyword::Return),
        _ if ENGINE_IDENTIFIERS.contains(&name) => TokKind::Ident,
        _ => {
            if lex.remainder().starts_with('(') {
                diags.push(
                    Diagnostic::new(
                        Code::UnknownFunction,
                        code.span(start, end),
                        format!("unknown function `{name}`"),
                    )
                    .with_label("not in the autohelper catalogue")
                    .with_help(
                        "constraints may call the 126 catalogue functions and disconnect_helper, \
                         distrust_tactics_helper, bent_four_helper",
                    ),
                );
                skip_call_arguments(lex);
            } else {
                diags.push(
                    Diagnostic::new(
                        Code::UnknownIdentifier,
                        code.span(start, end),
                        format!("unknown identifier `{name}`"),
                    )
                    .with_help("the engine provides only `WIN` and `doing_scoring`"),
                );
            }
            TokKind::Ident
        }
    };
    out.toks.push(Tok {
        kind,
        start: start as u32,
        end: end as u32,
    });
}

/// Reports a catalogue name that GNU Go would find inside a non-catalogue
/// identifier (its tokeniser restarts at every character).
fn inner_table_name(
    code: &CodeText,
    start: usize,
    end: usize,
    diags: &mut Vec<Diagnostic>,
) -> bool {
    let name = &code.text[start..end];
    for i in 1..name.len() {
        if let Some(helper) = first_prefix(&name[i..]) {
            diags.push(
                Diagnostic::new(
                    Code::PrefixMisread,
                    code.span(start, end),
                    format!(
                        "`{name}` contains the function name `{}`; GNU Go's tokeniser would read a call there",
                        helper.name()
                    ),
                )
                .with_label("misread by GNU Go's tokeniser")
                .with_help("GNU Go matches function names at every character; rename the identifier"),
            );
            return true;
        }
    }
    false
}

/// After an erroneous name: skips a directly following `( ... )`.
fn skip_call_arguments(lex: &mut logos::Lexer<'_, Token>) {
    let rest = lex.remainder();
    if rest.starts_with('(') {
        let len = rest.find(')').map_or(rest.len(), |i| i + 1);
        lex.bump(len);
    }
}

/// Reads the call after a function name.
fn call(
    code: &CodeText,
    lex: &mut logos::Lexer<'_, Token>,
    function: Callee,
    start: usize,
    end: usize,
    out: &mut Tokens,
    diags: &mut Vec<Diagnostic>,
) {
    let rest = lex.remainder();
    let mut parenthesized = rest.starts_with('(');
    let mut args = std::mem::take(&mut out.args);
    args.clear();
    let mut call_end = end;
    if parenthesized {
        let consumed = arguments(code, end, &mut args, diags);
        lex.bump(consumed);
        call_end = end + consumed;
    } else {
        let optional = match function {
            Callee::Autohelper(helper) => matches!(
                helper.spec().args,
                ArgKind::PatternValue | ArgKind::Fixed(0) | ArgKind::Variadic { targets: 0 }
            ),
            Callee::Builtin(_) => false,
        };
        if !optional {
            let name = &code.text[start..end];
            diags.push(
                Diagnostic::new(
                    Code::ParenExpected,
                    code.span(start, end),
                    format!("'(' expected directly after `{name}`"),
                )
                .with_label("function name without '('")
                .with_help("GNU Go allows no blank between a function name and '('"),
            );
            let blanks = rest.len() - rest.trim_start().len();
            if rest[blanks..].starts_with('(') {
                lex.bump(blanks);
                let consumed = arguments(code, end + blanks, &mut args, diags);
                lex.bump(consumed);
                call_end = end + blanks + consumed;
                parenthesized = true;
            }
        }
    }
    out.calls.push(Some(Call {
        function,
        parenthesized,
        args: args.to_vec(),
    }));
    out.args = args;
    out.toks.push(Tok {
        kind: TokKind::Call(out.calls.len() as u32 - 1),
        start: start as u32,
        end: call_end as u32,
    });
}

/// Reads `(label,label,...)` starting at `open` (the `(`), GNU Go style: no
/// blanks, labels, `*` or `?` separated by `,`. Returns the bytes consumed.
fn arguments(
    code: &CodeText,
    open: usize,
    args: &mut Vec<Spanned<Argument>>,
    diags: &mut Vec<Diagnostic>,
) -> usize {
    let text = &code.text[open..];
    let bytes = text.as_bytes();
    if bytes.get(1) == Some(&b')') {
        return 2;
    }
    let mut i = 1;
    loop {
        let Some(c) = text[i..].chars().next() else {
            diags.push(
                Diagnostic::new(
                    Code::LabelExpected,
                    code.span(open + i, open + i),
                    "label expected, found the end of the text",
                )
                .with_help("close the argument list with ')'"),
            );
            return i;
        };
        let span = code.span(open + i, open + i + c.len_utf8());
        let argument = match c {
            '*' => Some(Argument::Move),
            '?' => Some(Argument::Tenuki),
            'X' | 'x' | 'O' | 'o' => {
                diags.push(
                    Diagnostic::new(
                        Code::StoneLetterArgument,
                        span,
                        format!("'{c}' is not allowed as a constraint label"),
                    )
                    .with_help(
                        "X, x, O and o are diagram characters; label the point with another letter",
                    ),
                );
                None
            }
            c if is_label(c) => Some(Argument::Label(c)),
            _ => {
                diags.push(
                    Diagnostic::new(
                        Code::LabelExpected,
                        span,
                        format!("label expected, found {c:?}"),
                    )
                    .with_label("not a label, '*' or '?'")
                    .with_help(
                        "arguments are single label letters separated by ',' without blanks",
                    ),
                );
                return recover(text, i);
            }
        };
        if let Some(argument) = argument {
            args.push(Spanned {
                node: argument,
                span,
            });
        }
        i += c.len_utf8();
        match bytes.get(i) {
            Some(b',') => i += 1,
            Some(b')') => return i + 1,
            _ => {
                let found = text[i..].chars().next();
                let end = open + i + found.map_or(0, char::len_utf8);
                let message = match found {
                    Some(f) => format!("',' or ')' expected, found {f:?}"),
                    None => "',' or ')' expected, found the end of the text".to_string(),
                };
                diags.push(
                    Diagnostic::new(
                        Code::CommaOrParenExpected,
                        code.span(open + i, end),
                        message,
                    )
                    .with_help(
                        "arguments are single label letters separated by ',' without blanks",
                    ),
                );
                return recover(text, i);
            }
        }
    }
}

/// Skips to just after the next `)` (or to the end).
fn recover(text: &str, from: usize) -> usize {
    text[from..].find(')').map_or(text.len(), |j| from + j + 1)
}

struct Parser<'a> {
    code: &'a CodeText<'a>,
    toks: &'a [Tok],
    calls: &'a mut [Option<Call>],
    pos: usize,
    diags: &'a mut Vec<Diagnostic>,
}

type ParseResult<T> = Result<T, ()>;

impl<'a> Parser<'a> {
    fn new(
        code: &'a CodeText<'a>,
        tokens: &'a mut Tokens,
        diags: &'a mut Vec<Diagnostic>,
    ) -> Parser<'a> {
        Parser {
            code,
            toks: &tokens.toks,
            calls: &mut tokens.calls,
            pos: 0,
            diags,
        }
    }

    fn peek(&self) -> Option<Tok> {
        self.toks.get(self.pos).copied()
    }

    fn peek_plain(&self) -> Option<Token> {
        match self.peek()?.kind {
            TokKind::Plain(token) => Some(token),
            _ => None,
        }
    }

    fn span(&self, start: u32, end: u32) -> Span {
        self.code.span(start as usize, end as usize)
    }

    fn describe(&self, tok: Tok) -> String {
        match tok.kind {
            TokKind::Plain(token) => token.describe().to_string(),
            _ => format!(
                "`{}`",
                &self.code.text[tok.start as usize..tok.end as usize]
            ),
        }
    }

    fn error_at(&mut self, tok: Tok, template: &str) {
        let what = self.describe(tok);
        let span = self.span(tok.start, tok.end);
        self.diags.push(Diagnostic::new(
            Code::ExprSyntax,
            span,
            template.replace("{}", &what),
        ));
    }

    fn error_eof(&mut self, expected: &str) {
        let end = self.code.text.len();
        let span = self.code.span(end.saturating_sub(1), end);
        self.diags.push(
            Diagnostic::new(
                Code::ExprSyntax,
                span,
                format!("{expected} expected, found the end of the code"),
            )
            .with_label("the code ends here"),
        );
    }

    fn expect(&mut self, token: Token) -> ParseResult<Tok> {
        match self.peek() {
            Some(tok) if tok.kind == TokKind::Plain(token) => {
                self.pos += 1;
                Ok(tok)
            }
            Some(tok) => {
                self.error_at(tok, &format!("{} expected, found {{}}", token.describe()));
                Err(())
            }
            None => {
                self.error_eof(token.describe());
                Err(())
            }
        }
    }

    /// `cond ? a : b` (right-associative) or a binary expression.
    fn expr(&mut self) -> ParseResult<Expr> {
        let cond = self.binary(1)?;
        if self.peek_plain() != Some(Token::Question) {
            return Ok(cond);
        }
        self.pos += 1;
        let then = self.expr()?;
        self.expect(Token::Colon)?;
        let otherwise = self.expr()?;
        let span = join(cond.span, otherwise.span);
        Ok(Expr {
            kind: ExprKind::Conditional(Box::new(cond), Box::new(then), Box::new(otherwise)),
            span,
        })
    }

    fn binary_op(&self) -> Option<BinaryOp> {
        Some(match self.peek_plain()? {
            Token::OrOr => BinaryOp::Or,
            Token::AndAnd => BinaryOp::And,
            Token::EqEq => BinaryOp::Eq,
            Token::NotEq => BinaryOp::Ne,
            Token::Less => BinaryOp::Lt,
            Token::LessEq => BinaryOp::Le,
            Token::Greater => BinaryOp::Gt,
            Token::GreaterEq => BinaryOp::Ge,
            Token::Plus => BinaryOp::Add,
            Token::Minus => BinaryOp::Sub,
            Token::Star => BinaryOp::Mul,
            Token::Slash => BinaryOp::Div,
            _ => return None,
        })
    }

    fn binary(&mut self, min_precedence: u8) -> ParseResult<Expr> {
        let mut lhs = self.unary()?;
        while let Some(op) = self.binary_op() {
            if op.precedence() < min_precedence {
                break;
            }
            self.pos += 1;
            let rhs = self.binary(op.precedence() + 1)?;
            let span = join(lhs.span, rhs.span);
            lhs = Expr {
                kind: ExprKind::Binary(op, Box::new(lhs), Box::new(rhs)),
                span,
            };
        }
        Ok(lhs)
    }

    fn unary(&mut self) -> ParseResult<Expr> {
        let op = match self.peek_plain() {
            Some(Token::Bang) => UnaryOp::Not,
            Some(Token::Minus) => UnaryOp::Neg,
            _ => return self.primary(),
        };
        let tok = self.toks[self.pos];
        self.pos += 1;
        let operand = self.unary()?;
        let span = join(self.span(tok.start, tok.end), operand.span);
        Ok(Expr {
            kind: ExprKind::Unary(op, Box::new(operand)),
            span,
        })
    }

    fn primary(&mut self) -> ParseResult<Expr> {
        let Some(tok) = self.peek() else {
            self.error_eof("expression");
            return Err(());
        };
        let text = &self.code.text[tok.start as usize..tok.end as usize];
        let span = self.span(tok.start, tok.end);
        let kind = match tok.kind {
            TokKind::Call(index) => {
                let call = self.calls[index as usize].take().ok_or(())?;
                ExprKind::Call(call)
            }
            TokKind::Ident => ExprKind::Ident(Text::from(text)),
            TokKind::Plain(Token::Int) => match text.parse::<i64>() {
                Ok(value) => ExprKind::Int(value),
                Err(_) => {
                    self.diags.push(Diagnostic::new(
                        Code::ExprSyntax,
                        span,
                        format!("integer `{text}` is too large"),
                    ));
                    return Err(());
                }
            },
            TokKind::Plain(Token::Float) => ExprKind::Float(Text::from(text)),
            TokKind::Plain(Token::LParen) => {
                self.pos += 1;
                let inner = self.expr()?;
                let close = self.expect(Token::RParen)?;
                return Ok(Expr {
                    kind: ExprKind::Paren(Box::new(inner)),
                    span: self.span(tok.start, close.end),
                });
            }
            _ => {
                self.error_at(tok, "expression expected, found {}");
                return Err(());
            }
        };
        self.pos += 1;
        Ok(Expr { kind, span })
    }

    /// One statement; `None` for an empty statement `;`.
    fn stmt(&mut self) -> ParseResult<Option<Stmt>> {
        let Some(tok) = self.peek() else {
            self.error_eof("statement");
            return Err(());
        };
        match tok.kind {
            TokKind::Plain(Token::Semicolon) => {
                self.pos += 1;
                Ok(None)
            }
            TokKind::Plain(Token::LBrace) => {
                self.pos += 1;
                let mut body = Vec::new();
                loop {
                    match self.peek() {
                        Some(t) if t.kind == TokKind::Plain(Token::RBrace) => {
                            self.pos += 1;
                            let span = self.span(tok.start, t.end);
                            return Ok(Some(Stmt::Block(body, span)));
                        }
                        Some(_) => {
                            if let Some(stmt) = self.stmt()? {
                                body.push(stmt);
                            }
                        }
                        None => {
                            self.error_eof("'}'");
                            return Err(());
                        }
                    }
                }
            }
            TokKind::Keyword(Keyword::If) => {
                self.pos += 1;
                self.expect(Token::LParen)?;
                let cond = self.expr()?;
                self.expect(Token::RParen)?;
                let then = self.required_stmt()?;
                let mut end = self.toks[self.pos - 1].end;
                let otherwise =
                    if self.peek().map(|t| t.kind) == Some(TokKind::Keyword(Keyword::Else)) {
                        self.pos += 1;
                        let stmt = self.required_stmt()?;
                        end = self.toks[self.pos - 1].end;
                        Some(Box::new(stmt))
                    } else {
                        None
                    };
                Ok(Some(Stmt::If {
                    cond,
                    then: Box::new(then),
                    otherwise,
                    span: self.span(tok.start, end),
                }))
            }
            TokKind::Keyword(Keyword::Return) => {
                self.pos += 1;
                let value = self.expr()?;
                self.end_of_statement()?;
                Ok(Some(Stmt::Return(value)))
            }
            TokKind::Keyword(Keyword::Else) => {
                self.error_at(tok, "{} without a matching `if`");
                Err(())
            }
            _ => {
                let value = self.expr()?;
                self.end_of_statement()?;
                Ok(Some(Stmt::Expr(value)))
            }
        }
    }

    fn required_stmt(&mut self) -> ParseResult<Stmt> {
        let start = self.peek();
        match self.stmt()? {
            Some(stmt) => Ok(stmt),
            None => {
                let tok = start.ok_or(())?;
                Ok(Stmt::Block(Vec::new(), self.span(tok.start, tok.end)))
            }
        }
    }

    /// `;`, or the end of the text (GNU Go appends the final `;`).
    fn end_of_statement(&mut self) -> ParseResult<()> {
        match self.peek() {
            None => Ok(()),
            Some(tok) if tok.kind == TokKind::Plain(Token::Semicolon) => {
                self.pos += 1;
                Ok(())
            }
            Some(tok) if tok.kind == TokKind::Plain(Token::RBrace) => Ok(()),
            Some(tok) => {
                self.error_at(tok, "';' expected, found {}");
                Err(())
            }
        }
    }
}

fn join(a: Span, b: Span) -> Span {
    Span {
        end: b.end.max(a.end),
        ..a
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn indexed_prefix_lookup_agrees_with_the_catalogue_rule() {
        for spec in CATALOGUE.iter() {
            for suffix in ["", "(a)", "s", "_x", "2"] {
                let text = format!("{}{suffix}", spec.name);
                assert_eq!(
                    first_prefix(&text),
                    Autohelper::first_prefix_of(&text),
                    "{text}"
                );
            }
        }
        for text in ["", "WIN", "doing_scoring", "eyes", "é", "value_x"] {
            assert_eq!(
                first_prefix(text),
                Autohelper::first_prefix_of(text),
                "{text}"
            );
        }
    }

    #[test]
    fn identifier_lookup_agrees_with_the_catalogue_rule() {
        for spec in CATALOGUE.iter() {
            assert!(
                spec.name
                    .bytes()
                    .all(|b| b.is_ascii_alphanumeric() || b == b'_'),
                "{} is not an identifier",
                spec.name
            );
            for suffix in ["", "s", "_x", "2", "_attack"] {
                let text = format!("{}{suffix}", spec.name);
                assert_eq!(
                    identifier_function(&text),
                    Autohelper::first_prefix_of(&text),
                    "{text}"
                );
            }
        }
        for text in ["", "WIN", "doing_scoring", "eyes", "é", "value_x", "a", "Z"] {
            assert_eq!(
                identifier_function(text),
                Autohelper::first_prefix_of(text),
                "{text}"
            );
        }
    }

    fn code(text: &str) -> CodeText<'static> {
        let lines: &'static [Spanned<Text>] = Vec::leak(vec![Spanned {
            node: text.into(),
            span: Span::default(),
        }]);
        CodeText::borrow(crate::ast::FileId(0), lines)
    }

    /// A compact prefix form of an expression.
    fn sexpr(expr: &Expr) -> String {
        match &expr.kind {
            ExprKind::Int(n) => n.to_string(),
            ExprKind::Float(f) => f.to_string(),
            ExprKind::Ident(name) => name.to_string(),
            ExprKind::Call(call) => {
                let name = match call.function {
                    Callee::Autohelper(h) => h.name(),
                    Callee::Builtin(b) => b.name(),
                };
                let args: Vec<String> = call
                    .args
                    .iter()
                    .map(|a| match a.node {
                        Argument::Label(c) => c.to_string(),
                        Argument::Move => "*".to_string(),
                        Argument::Tenuki => "?".to_string(),
                    })
                    .collect();
                format!("{name}[{}]", args.join(","))
            }
            ExprKind::Unary(UnaryOp::Not, e) => format!("(! {})", sexpr(e)),
            ExprKind::Unary(UnaryOp::Neg, e) => format!("(- {})", sexpr(e)),
            ExprKind::Binary(op, a, b) => format!("({} {} {})", op.symbol(), sexpr(a), sexpr(b)),
            ExprKind::Conditional(c, a, b) => format!("(? {} {} {})", sexpr(c), sexpr(a), sexpr(b)),
            ExprKind::Paren(e) => format!("[{}]", sexpr(e)),
        }
    }

    fn parse(text: &str) -> (Option<String>, Vec<Diagnostic>) {
        let mut diags = Vec::new();
        let expr = parse_constraint(&code(text), &mut diags);
        (expr.as_ref().map(sexpr), diags)
    }

    #[test]
    fn c_precedence_and_associativity() {
        let cases = [
            (
                "!lib(a) && lib(b)<=2 || dead(c)",
                "(|| (&& (! lib[a]) (<= lib[b] 2)) dead[c])",
            ),
            ("a_b", ""),
            ("1+2+3 > 4 == 1", "(== (> (+ (+ 1 2) 3) 4) 1)"),
            ("lib(a) ? 1 : lib(b) ? 2 : 3", "(? lib[a] 1 (? lib[b] 2 3))"),
            ("(attack(A)) == WIN", "(== [attack[A]] WIN)"),
            ("weakness(a)<0.7", "(< weakness[a] 0.7)"),
            (
                "value > 3 && value() < 5",
                "(&& (> value[] 3) (< value[] 5))",
            ),
            ("oplay_attack(*,?,a,B)", "oplay_attack[*,?,a,B]"),
            (
                "!doing_scoring && -1 < 2*3/4",
                "(&& (! doing_scoring) (< (- 1) (/ (* 2 3) 4)))",
            ),
            ("disconnect_helper(a,b)", "disconnect_helper[a,b]"),
        ];
        for (text, expected) in cases {
            let (got, diags) = parse(text);
            if expected.is_empty() {
                assert!(got.is_none() && !diags.is_empty(), "{text} should fail");
            } else {
                assert_eq!(got.as_deref(), Some(expected), "{text}: {diags:?}");
            }
        }
    }

    #[test]
    fn gnu_go_tokeniser_quirks() {
        let code_of = |text: &str| parse(text).1.iter().map(|d| d.code).collect::<Vec<_>>();
        assert_eq!(code_of("eyes(a)"), vec![Code::PrefixMisread]);
        assert_eq!(code_of("lib (a)"), vec![Code::ParenExpected]);
        assert_eq!(code_of("lib(a, b)"), vec![Code::LabelExpected]);
        assert_eq!(code_of("lib(X)"), vec![Code::StoneLetterArgument]);
        assert_eq!(code_of("lib(ab)"), vec![Code::CommaOrParenExpected]);
        assert_eq!(code_of("frob(a)"), vec![Code::UnknownFunction]);
        assert_eq!(code_of("LIMIT"), vec![Code::UnknownIdentifier]);
        assert_eq!(code_of("lib(a)>1;"), Vec::<Code>::new());
    }

    #[test]
    fn action_statements() {
        let mut diags = Vec::new();
        let stmts = parse_action(
            &code("if (lib(a)>1) antisuji(a); else { amalgamate(a,b); } return (!attack(a))"),
            &mut diags,
        )
        .expect("parses");
        assert!(diags.is_empty(), "{diags:?}");
        assert_eq!(stmts.len(), 2);
        assert!(
            matches!(&stmts[0], Stmt::If { otherwise: Some(o), .. } if matches!(**o, Stmt::Block(ref b, _) if b.len() == 1))
        );
        assert!(matches!(&stmts[1], Stmt::Return(e) if matches!(e.kind, ExprKind::Paren(_))));
        let mut diags = Vec::new();
        assert!(parse_action(&code("else antisuji(a);"), &mut diags).is_none());
        assert_eq!(diags[0].code, Code::ExprSyntax);
    }
}
