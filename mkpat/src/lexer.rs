//! Tokens of constraint and action code, recognised with `logos`.
//!
//! Label arguments of calls are not tokens: GNU Go reads them with a
//! character-level state machine (no blanks allowed), which
//! [`crate::parse::expr`] reproduces on the raw text after a function name.

use logos::Logos;

/// A token of constraint/action text.
#[derive(Logos, Debug, Clone, Copy, PartialEq, Eq)]
#[logos(skip r"[ \t\r\n\f\x0b]+")]
pub enum Token {
    /// An identifier (function name, `WIN`, keyword ...).
    #[regex(r"[A-Za-z_][A-Za-z0-9_]*")]
    Ident,
    /// A decimal integer.
    #[regex(r"[0-9]+")]
    Int,
    /// A decimal fraction (`0.7`, `1.`, `.5`, `1e3`).
    #[regex(r"[0-9]+\.[0-9]*([eE][+-]?[0-9]+)?|\.[0-9]+([eE][+-]?[0-9]+)?|[0-9]+[eE][+-]?[0-9]+")]
    Float,
    /// `||`
    #[token("||")]
    OrOr,
    /// `&&`
    #[token("&&")]
    AndAnd,
    /// `==`
    #[token("==")]
    EqEq,
    /// `!=`
    #[token("!=")]
    NotEq,
    /// `<=`
    #[token("<=")]
    LessEq,
    /// `>=`
    #[token(">=")]
    GreaterEq,
    /// `<`
    #[token("<")]
    Less,
    /// `>`
    #[token(">")]
    Greater,
    /// `!`
    #[token("!")]
    Bang,
    /// `+`
    #[token("+")]
    Plus,
    /// `-`
    #[token("-")]
    Minus,
    /// `*`
    #[token("*")]
    Star,
    /// `/`
    #[token("/")]
    Slash,
    /// `?`
    #[token("?")]
    Question,
    /// `:`
    #[token(":")]
    Colon,
    /// `(`
    #[token("(")]
    LParen,
    /// `)`
    #[token(")")]
    RParen,
    /// `{`
    #[token("{")]
    LBrace,
    /// `}`
    #[token("}")]
    RBrace,
    /// `;`
    #[token(";")]
    Semicolon,
    /// `,`
    #[token(",")]
    Comma,
}

impl Token {
    /// How the token is written (for messages).
    pub fn describe(self) -> &'static str {
        match self {
            Token::Ident => "identifier",
            Token::Int => "integer",
            Token::Float => "number",
            Token::OrOr => "'||'",
            Token::AndAnd => "'&&'",
            Token::EqEq => "'=='",
            Token::NotEq => "'!='",
            Token::LessEq => "'<='",
            Token::GreaterEq => "'>='",
            Token::Less => "'<'",
            Token::Greater => "'>'",
            Token::Bang => "'!'",
            Token::Plus => "'+'",
            Token::Minus => "'-'",
            Token::Star => "'*'",
            Token::Slash => "'/'",
            Token::Question => "'?'",
            Token::Colon => "':'",
            Token::LParen => "'('",
            Token::RParen => "')'",
            Token::LBrace => "'{'",
            Token::RBrace => "'}'",
            Token::Semicolon => "';'",
            Token::Comma => "','",
        }
    }
}
