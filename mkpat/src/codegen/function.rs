//! Rust code for one pattern's constraint and action: a function with the
//! [`AutohelperFn`](matcher::constraint::AutohelperFn) signature whose body
//! follows the C semantics of the interpreter exactly (usual arithmetic
//! conversions, comparisons yielding `int`, short-circuit `&&`/`||`,
//! wrapping `int` arithmetic, integer division by zero = 0).
//!
//! Expressions are built as tokens with a precedence level, so that
//! parentheses appear only where Rust needs them.

use std::collections::BTreeSet;

use matcher::autohelper::ArgKind;
use matcher::constraint::{Arg, BinaryOp, CType, Expr, Function, Program, Stmt, UnaryOp};
use matcher::context::ResultType;
use proc_macro2::{Ident, Literal, Span, TokenStream};
use quote::{format_ident, quote};

/// Rust precedence levels of the generated expressions (higher binds tighter).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Prec {
    /// `if … else …`, blocks in operand position.
    Lowest,
    Or,
    And,
    Compare,
    Add,
    Mul,
    Cast,
    Unary,
    /// Literals, paths, calls, method calls, parenthesised expressions.
    Atom,
}

#[derive(Clone)]
struct Code {
    tokens: TokenStream,
    prec: Prec,
}

impl Code {
    fn new(tokens: TokenStream, prec: Prec) -> Code {
        Code { tokens, prec }
    }

    /// The tokens, parenthesised unless they bind at least as tight as `min`.
    fn at_least(&self, min: Prec) -> TokenStream {
        let tokens = &self.tokens;
        if self.prec >= min {
            tokens.clone()
        } else {
            quote!((#tokens))
        }
    }
}

/// Generates `fn NAME(ctx: &mut dyn Context, site: Site, phase: Phase) -> i32`.
pub fn generate_function(name: &Ident, program: &Program) -> TokenStream {
    let mut emitter = Emitter {
        program,
        labels_used: BTreeSet::new(),
        ctx_used: false,
        move_used: false,
    };
    let body = emitter.body();
    let Prelude {
        label_lets,
        ctx,
        site,
    } = emitter.prelude();
    let phase = if program.constraint.is_some() && program.action.is_some() {
        quote!(phase)
    } else {
        quote!(_phase)
    };
    quote! {
        fn #name(#ctx: &mut dyn Context, #site: Site, #phase: Phase) -> i32 {
            #(#label_lets)*
            #body
        }
    }
}

/// Generates `fn NAME(ctx: &mut dyn Context, site: Site) -> Tri`, the
/// three-valued form of the program's constraint (which it must have): the
/// generated counterpart of
/// [`run_constraint_tri`](matcher::constraint::run_constraint_tri). Every
/// call goes through [`tri::call`](matcher::constraint::tri::call) and every
/// operator through [`Tri`](matcher::constraint::Tri)'s operations, with
/// the same short circuits as the interpreter.
pub fn generate_constraint_tri(name: &Ident, program: &Program) -> TokenStream {
    let mut emitter = Emitter {
        program,
        labels_used: BTreeSet::new(),
        ctx_used: false,
        move_used: false,
    };
    let body = match &program.constraint {
        Some(constraint) => emitter.tri(constraint),
        None => quote!(Tri::int(0)),
    };
    let Prelude {
        label_lets,
        ctx,
        site,
    } = emitter.prelude();
    quote! {
        fn #name(#ctx: &mut dyn Context, #site: Site) -> Tri {
            #(#label_lets)*
            #body
        }
    }
}

/// The variable holding a label's point: `a` → `a`, `A` → `big_a`.
fn label_var(name: char) -> Ident {
    if name.is_ascii_uppercase() {
        format_ident!("big_{}", name.to_ascii_lowercase())
    } else {
        Ident::new(&name.to_string(), Span::call_site())
    }
}

/// What a generated function starts with: the `let`s of the labels its
/// body uses, and its parameter names (`_ctx` / `_site` when unused).
struct Prelude {
    label_lets: Vec<TokenStream>,
    ctx: TokenStream,
    site: TokenStream,
}

struct Emitter<'a> {
    program: &'a Program,
    labels_used: BTreeSet<u8>,
    ctx_used: bool,
    move_used: bool,
}

impl Emitter<'_> {
    /// The prelude of the function whose body was just emitted.
    fn prelude(&self) -> Prelude {
        let label_lets = self
            .labels_used
            .iter()
            .map(|&index| {
                let label = &self.program.labels[index as usize];
                let var = label_var(label.name);
                let (di, dj) = (
                    Literal::i8_unsuffixed(label.di),
                    Literal::i8_unsuffixed(label.dj),
                );
                quote!(let #var = site.label(#di, #dj);)
            })
            .collect();
        let site_used = !self.labels_used.is_empty() || self.move_used;
        Prelude {
            label_lets,
            ctx: if self.ctx_used {
                quote!(ctx)
            } else {
                quote!(_ctx)
            },
            site: if site_used {
                quote!(site)
            } else {
                quote!(_site)
            },
        }
    }

    fn body(&mut self) -> TokenStream {
        let program = self.program;
        match (&program.constraint, &program.action) {
            (Some(constraint), Some(action)) => {
                let value = self.int_value(constraint).tokens;
                let action = self.action(action);
                quote! {
                    if phase == Phase::Constraint {
                        return #value;
                    }
                    #action
                }
            }
            (Some(constraint), None) => self.int_value(constraint).tokens,
            (None, Some(action)) => self.action(action),
            (None, None) => quote!(0),
        }
    }

    /// Statements followed by `0` unless they always return.
    fn action(&mut self, stmts: &[Stmt]) -> TokenStream {
        let (code, returns) = self.stmts(stmts);
        if returns { code } else { quote!(#code 0) }
    }

    /// Statements up to the first one that always returns (later ones are
    /// dead in C too); whether the list always returns.
    fn stmts(&mut self, stmts: &[Stmt]) -> (TokenStream, bool) {
        let mut out = TokenStream::new();
        for stmt in stmts {
            let (code, returns) = self.stmt(stmt);
            out.extend(code);
            if returns {
                return (out, true);
            }
        }
        (out, false)
    }

    fn stmt(&mut self, stmt: &Stmt) -> (TokenStream, bool) {
        match stmt {
            Stmt::Expr(Expr::Call(function, args)) => {
                let call = self.call(*function, args);
                (quote!(#call;), false)
            }
            Stmt::Expr(expr) => {
                let (code, _) = self.value(expr);
                let tokens = code.tokens;
                (quote!(let _ = #tokens;), false)
            }
            Stmt::If(cond, then, otherwise) => {
                let cond = self.truth(cond).tokens;
                let (then, then_returns) = self.branch(then);
                match otherwise.as_deref() {
                    Some(elif @ Stmt::If(..)) => {
                        let (elif, else_returns) = self.stmt(elif);
                        (
                            quote!(if #cond { #then } else #elif),
                            then_returns && else_returns,
                        )
                    }
                    Some(otherwise) => {
                        let (otherwise, else_returns) = self.branch(otherwise);
                        (
                            quote!(if #cond { #then } else { #otherwise }),
                            then_returns && else_returns,
                        )
                    }
                    None => (quote!(if #cond { #then }), false),
                }
            }
            Stmt::Return(expr) => {
                let value = self.int_value(expr).tokens;
                (quote!(return #value;), true)
            }
            Stmt::Block(stmts) => {
                let (code, returns) = self.stmts(stmts);
                (quote!({ #code }), returns)
            }
        }
    }

    /// The body of an `if` branch: a block's statements without extra braces.
    fn branch(&mut self, stmt: &Stmt) -> (TokenStream, bool) {
        match stmt {
            Stmt::Block(stmts) => self.stmts(stmts),
            other => self.stmt(other),
        }
    }

    /// The expression converted to C `int`.
    fn int_value(&mut self, expr: &Expr) -> Code {
        let (code, ty) = self.value(expr);
        convert(code, ty, CType::Int)
    }

    /// The expression as a C value of its static type.
    fn value(&mut self, expr: &Expr) -> (Code, CType) {
        let ty = expr.c_type();
        let code = match expr {
            Expr::Int(v) => {
                let lit = Literal::i32_unsuffixed(*v);
                Code::new(quote!(#lit), if *v < 0 { Prec::Unary } else { Prec::Atom })
            }
            Expr::Double(v) => {
                let lit = Literal::f64_unsuffixed(v.abs());
                if v.is_sign_negative() {
                    Code::new(quote!(-#lit), Prec::Unary)
                } else {
                    Code::new(quote!(#lit), Prec::Atom)
                }
            }
            Expr::DoingScoring => {
                self.ctx_used = true;
                Code::new(quote!(ctx.doing_scoring()), Prec::Atom)
            }
            Expr::Call(function, args) => {
                let call = self.call(*function, args);
                if function.result_type() == ResultType::Unit {
                    Code::new(quote!({ #call; 0 }), Prec::Lowest)
                } else {
                    Code::new(call, Prec::Atom)
                }
            }
            Expr::Unary(UnaryOp::Neg, operand) if matches!(**operand, Expr::Int(_)) => {
                let Expr::Int(v) = **operand else {
                    unreachable!()
                };
                let lit = Literal::i32_unsuffixed(v.wrapping_neg());
                Code::new(quote!(#lit), if v > 0 { Prec::Unary } else { Prec::Atom })
            }
            Expr::Unary(UnaryOp::Neg, operand) => {
                let (code, operand_ty) = self.value(operand);
                if operand_ty == CType::Int {
                    let receiver = code.at_least(Prec::Atom);
                    Code::new(quote!(#receiver.wrapping_neg()), Prec::Atom)
                } else {
                    let operand = code.at_least(Prec::Unary);
                    Code::new(quote!(-#operand), Prec::Unary)
                }
            }
            Expr::Binary(
                op @ (BinaryOp::Add | BinaryOp::Sub | BinaryOp::Mul | BinaryOp::Div),
                left,
                right,
            ) => self.arithmetic(*op, left, right, ty),
            Expr::Conditional(cond, then, otherwise) => {
                let cond = self.truth(cond).tokens;
                let (then_code, then_ty) = self.value(then);
                let then_code = convert(then_code, then_ty, ty).tokens;
                let (else_code, else_ty) = self.value(otherwise);
                let else_code = convert(else_code, else_ty, ty).tokens;
                Code::new(
                    quote!(if #cond { #then_code } else { #else_code }),
                    Prec::Lowest,
                )
            }
            // `!`, comparisons, `&&`, `||`: a C int 0/1.
            Expr::Unary(UnaryOp::Not, _) | Expr::Binary(..) => {
                let truth = self.truth(expr).tokens;
                Code::new(quote!(i32::from(#truth)), Prec::Atom)
            }
        };
        (code, ty)
    }

    fn arithmetic(&mut self, op: BinaryOp, left: &Expr, right: &Expr, ty: CType) -> Code {
        let (l, lt) = self.value(left);
        let (r, rt) = self.value(right);
        let (l, r) = (convert(l, lt, ty), convert(r, rt, ty));
        if ty == CType::Int {
            // A literal receiver needs its type spelled out.
            let receiver = match left {
                Expr::Int(v) => {
                    let lit = Literal::i32_suffixed(*v);
                    if *v < 0 { quote!((#lit)) } else { quote!(#lit) }
                }
                _ => l.at_least(Prec::Atom),
            };
            let arg = r.tokens;
            let tokens = match op {
                BinaryOp::Add => quote!(#receiver.wrapping_add(#arg)),
                BinaryOp::Sub => quote!(#receiver.wrapping_sub(#arg)),
                BinaryOp::Mul => quote!(#receiver.wrapping_mul(#arg)),
                _ => {
                    let left = l.tokens;
                    quote!(::matcher::constraint::value::int_div(#left, #arg))
                }
            };
            Code::new(tokens, Prec::Atom)
        } else {
            let (prec, sym) = match op {
                BinaryOp::Add => (Prec::Add, quote!(+)),
                BinaryOp::Sub => (Prec::Add, quote!(-)),
                BinaryOp::Mul => (Prec::Mul, quote!(*)),
                _ => (Prec::Mul, quote!(/)),
            };
            // Left-associative: the right operand must bind tighter.
            let left = l.at_least(prec);
            let right = r.at_least(next(prec));
            Code::new(quote!(#left #sym #right), prec)
        }
    }

    /// The expression as a Rust `bool` (C truthiness).
    fn truth(&mut self, expr: &Expr) -> Code {
        match expr {
            Expr::Unary(UnaryOp::Not, operand) if !is_logical(operand) => {
                // `!x` on a plain value is `x == 0`.
                let (code, ty) = self.value(operand);
                let operand = code.at_least(Prec::Unary);
                let zero = if ty == CType::Int {
                    quote!(0)
                } else {
                    quote!(0.0)
                };
                Code::new(quote!(#operand == #zero), Prec::Compare)
            }
            Expr::Unary(UnaryOp::Not, operand) => {
                let inner = self.truth(operand).at_least(Prec::Unary);
                Code::new(quote!(!#inner), Prec::Unary)
            }
            Expr::Binary(BinaryOp::And, left, right) => {
                let l = self.truth(left).at_least(Prec::And);
                let r = self.truth(right).at_least(Prec::Compare);
                Code::new(quote!(#l && #r), Prec::And)
            }
            Expr::Binary(BinaryOp::Or, left, right) => {
                let l = self.truth(left).at_least(Prec::Or);
                let r = self.truth(right).at_least(Prec::And);
                Code::new(quote!(#l || #r), Prec::Or)
            }
            Expr::Binary(
                op @ (BinaryOp::Eq
                | BinaryOp::Ne
                | BinaryOp::Lt
                | BinaryOp::Le
                | BinaryOp::Gt
                | BinaryOp::Ge),
                left,
                right,
            ) => {
                let common = left.c_type().common(right.c_type());
                let (l, lt) = self.value(left);
                let (r, rt) = self.value(right);
                // Comparisons do not chain, and `x as T < y` reads as generics.
                let l = convert(l, lt, common).at_least(Prec::Unary);
                let r = convert(r, rt, common).at_least(Prec::Cast);
                let sym = match op {
                    BinaryOp::Eq => quote!(==),
                    BinaryOp::Ne => quote!(!=),
                    BinaryOp::Lt => quote!(<),
                    BinaryOp::Le => quote!(<=),
                    BinaryOp::Gt => quote!(>),
                    _ => quote!(>=),
                };
                Code::new(quote!(#l #sym #r), Prec::Compare)
            }
            _ => {
                let (code, ty) = self.value(expr);
                let operand = code.at_least(Prec::Unary);
                let zero = if ty == CType::Int {
                    quote!(0)
                } else {
                    quote!(0.0)
                };
                Code::new(quote!(#operand != #zero), Prec::Compare)
            }
        }
    }

    /// The expression as a [`Tri`](matcher::constraint::Tri) value.
    fn tri(&mut self, expr: &Expr) -> TokenStream {
        match expr {
            Expr::Int(v) => {
                let lit = Literal::i32_unsuffixed(*v);
                quote!(Tri::int(#lit))
            }
            Expr::Double(v) => {
                let lit = Literal::f64_unsuffixed(v.abs());
                if v.is_sign_negative() {
                    quote!(Tri::double(-#lit))
                } else {
                    quote!(Tri::double(#lit))
                }
            }
            Expr::DoingScoring => {
                self.ctx_used = true;
                quote!(tri::call(
                    ctx,
                    Callee::DoingScoring,
                    |ctx: &mut dyn Context| { Value::Int(ctx.doing_scoring()) }
                ))
            }
            Expr::Call(function, args) => {
                let call = self.call(*function, args);
                let callee = match function {
                    Function::Autohelper(f) => {
                        let variant = Ident::new(&format!("{f:?}"), Span::call_site());
                        quote!(Callee::Autohelper(Autohelper::#variant))
                    }
                    Function::Builtin(b) => {
                        let variant = Ident::new(&format!("{b:?}"), Span::call_site());
                        quote!(Callee::Builtin(EngineBuiltin::#variant))
                    }
                };
                let value = match function.result_type() {
                    ResultType::Int => quote!(Value::Int(#call)),
                    ResultType::Float => quote!(Value::Float(#call)),
                    ResultType::Unit => quote!({ #call; Value::Int(0) }),
                };
                quote!(tri::call(ctx, #callee, |ctx: &mut dyn Context| #value))
            }
            Expr::Unary(UnaryOp::Not, operand) => {
                let operand = self.tri(operand);
                quote!(Tri::logical_not(#operand))
            }
            Expr::Unary(UnaryOp::Neg, operand) => {
                let operand = self.tri(operand);
                quote!(Tri::negate(#operand))
            }
            Expr::Binary(BinaryOp::And, left, right) => {
                let (l, r) = (self.tri(left), self.tri(right));
                quote!({
                    let left = #l;
                    if left.decides_and() { Tri::int(0) } else { Tri::and(left, #r) }
                })
            }
            Expr::Binary(BinaryOp::Or, left, right) => {
                let (l, r) = (self.tri(left), self.tri(right));
                quote!({
                    let left = #l;
                    if left.decides_or() { Tri::int(1) } else { Tri::or(left, #r) }
                })
            }
            Expr::Binary(op, left, right) => {
                let common = c_type_tokens(left.c_type().common(right.c_type()));
                let op = Ident::new(&format!("{op:?}"), Span::call_site());
                let (l, r) = (self.tri(left), self.tri(right));
                quote!(Tri::binary(BinaryOp::#op, #l, #r, #common))
            }
            Expr::Conditional(cond, then, otherwise) => {
                let common = c_type_tokens(then.c_type().common(otherwise.c_type()));
                let c = self.tri(cond);
                let (t, e) = (self.tri(then), self.tri(otherwise));
                quote!({
                    let cond = #c;
                    match cond.truth() {
                        Some(true) => Tri::convert(#t, #common),
                        Some(false) => Tri::convert(#e, #common),
                        None => {
                            let then = Tri::convert(#t, #common);
                            let otherwise = Tri::convert(#e, #common);
                            Tri::either(cond, then, otherwise)
                        }
                    }
                })
            }
        }
    }

    fn point(&mut self, arg: Arg) -> TokenStream {
        match arg {
            Arg::Label(index) => {
                self.labels_used.insert(index);
                let var = label_var(self.program.labels[index as usize].name);
                quote!(#var)
            }
            Arg::Move => {
                self.move_used = true;
                quote!(site.mov)
            }
            // Lowering allows `?` only in move lists.
            Arg::Tenuki => quote!(site.mov),
        }
    }

    fn call(&mut self, function: Function, args: &[Arg]) -> TokenStream {
        self.ctx_used = true;
        let method = Ident::new(function.name(), Span::call_site());
        let variadic_targets = match function {
            Function::Autohelper(f) => match f.spec().args {
                ArgKind::Variadic { targets } => Some(targets as usize),
                _ => None,
            },
            Function::Builtin(_) => None,
        };
        match variadic_targets {
            Some(0) => {
                let points: Vec<_> = args.iter().map(|a| self.point(*a)).collect();
                quote!(ctx.#method(&[#(#points),*]))
            }
            Some(targets) => {
                let split = args.len().saturating_sub(targets);
                let moves: Vec<_> = args[..split]
                    .iter()
                    .map(|a| match a {
                        Arg::Tenuki => quote!(None),
                        _ => {
                            let p = self.point(*a);
                            quote!(Some(#p))
                        }
                    })
                    .collect();
                let targets: Vec<_> = args[split..].iter().map(|a| self.point(*a)).collect();
                quote!(ctx.#method(&[#(#moves),*], #(#targets),*))
            }
            None => {
                let points: Vec<_> = args.iter().map(|a| self.point(*a)).collect();
                quote!(ctx.#method(#(#points),*))
            }
        }
    }
}

/// Whether an expression is already a C truth value (`!`, `&&`, `||`, a
/// comparison), so that its Rust form is a `bool`.
fn is_logical(expr: &Expr) -> bool {
    matches!(
        expr,
        Expr::Unary(UnaryOp::Not, _)
            | Expr::Binary(
                BinaryOp::And
                    | BinaryOp::Or
                    | BinaryOp::Eq
                    | BinaryOp::Ne
                    | BinaryOp::Lt
                    | BinaryOp::Le
                    | BinaryOp::Gt
                    | BinaryOp::Ge,
                _,
                _
            )
    )
}

fn next(prec: Prec) -> Prec {
    match prec {
        Prec::Lowest => Prec::Or,
        Prec::Or => Prec::And,
        Prec::And => Prec::Compare,
        Prec::Compare => Prec::Add,
        Prec::Add => Prec::Mul,
        Prec::Mul => Prec::Cast,
        Prec::Cast => Prec::Unary,
        Prec::Unary | Prec::Atom => Prec::Atom,
    }
}

/// The path of a [`CType`] variant.
fn c_type_tokens(ty: CType) -> TokenStream {
    match ty {
        CType::Int => quote!(CType::Int),
        CType::Float => quote!(CType::Float),
        CType::Double => quote!(CType::Double),
    }
}

/// C conversion of a value of type `from` to type `to`.
fn convert(code: Code, from: CType, to: CType) -> Code {
    if from == to {
        return code;
    }
    let operand = code.at_least(Prec::Unary);
    let target = match to {
        CType::Int => quote!(i32),
        CType::Float => quote!(f32),
        CType::Double => quote!(f64),
    };
    Code::new(quote!(#operand as #target), Prec::Cast)
}
