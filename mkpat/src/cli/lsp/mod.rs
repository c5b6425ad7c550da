//! `mkpat lsp`: a Language Server Protocol server over standard input and
//! output for GNU Go's databases. Diagnostics on open and change (exactly
//! `mkpat lint`'s, or `mkpat check`'s with the initialization option
//! `{"lints": false}`), a document outline of patterns, formatting
//! (`mkpat fmt`), go to definition and references for constraint labels
//! and pattern names, hover on patterns (their compiled form) and on calls
//! (the autohelper catalogue), completion of autohelper names and class
//! letters. Documents are synchronised incrementally.
//!
//! The transport and message types are `lsp-server` and `lsp-types`; each
//! request is answered from the document's current text, and a handler
//! that fails answers an error instead of ending the server.

mod completion;
mod diagnostics;
mod document;
mod hover;
mod navigation;
mod position;

use std::collections::HashMap;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::process::ExitCode;

use lsp_server::{Connection, ErrorCode, Message, Notification, Request, RequestId, Response};
use lsp_types::notification::{
    DidChangeTextDocument, DidCloseTextDocument, DidOpenTextDocument,
    Notification as NotificationKind, PublishDiagnostics,
};
use lsp_types::request::{
    Completion, DocumentSymbolRequest, Formatting, GotoDefinition, HoverRequest, References,
    Request as RequestKind,
};
use lsp_types::{
    CompletionOptions, CompletionResponse, DocumentSymbol, DocumentSymbolResponse,
    GotoDefinitionResponse, Hover, HoverContents, HoverProviderCapability, Location,
    MarkupContent, MarkupKind, OneOf, PublishDiagnosticsParams, Range, ServerCapabilities,
    SymbolKind, TextDocumentContentChangeEvent, TextDocumentSyncCapability,
    TextDocumentSyncKind, TextEdit, Uri,
};
use mkpat::compile::dfa::hints::TransformationHints;
use mkpat::compile::{CompileOptions, compile};

use self::document::Document;
use self::hover::CompiledDocument;
use self::navigation::Symbol;

use super::Global;

/// Serve the Language Server Protocol on standard input and output
/// (for editors: diagnostics, outline, formatting, definitions and
/// references, hover, completion).
#[derive(clap::Args, Debug)]
pub struct Args {}

/// Runs the server until the client says `exit`.
pub fn run(_args: Args, _global: &Global) -> ExitCode {
    let (connection, io_threads) = Connection::stdio();
    let served = serve(&connection);
    drop(connection);
    let joined = io_threads.join();
    match served.and(joined.map_err(|e| e.to_string())) {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("mkpat lsp: {err}");
            ExitCode::from(1)
        }
    }
}

/// What the server offers.
fn capabilities() -> ServerCapabilities {
    ServerCapabilities {
        text_document_sync: Some(TextDocumentSyncCapability::Kind(
            TextDocumentSyncKind::INCREMENTAL,
        )),
        hover_provider: Some(HoverProviderCapability::Simple(true)),
        definition_provider: Some(OneOf::Left(true)),
        references_provider: Some(OneOf::Left(true)),
        document_symbol_provider: Some(OneOf::Left(true)),
        document_formatting_provider: Some(OneOf::Left(true)),
        completion_provider: Some(CompletionOptions::default()),
        ..ServerCapabilities::default()
    }
}

/// The session: open documents and the client's options.
struct Server {
    /// Open documents by URI.
    documents: HashMap<Uri, Document>,
    /// Whether diagnostics include `mkpat lint`'s lints.
    lints: bool,
}

/// Handshake, then messages until `shutdown` and `exit`.
fn serve(connection: &Connection) -> Result<(), String> {
    let capabilities = serde_json::to_value(capabilities()).map_err(|e| e.to_string())?;
    let params = connection
        .initialize(capabilities)
        .map_err(|e| e.to_string())?;
    let lints = params
        .pointer("/initializationOptions/lints")
        .and_then(serde_json::Value::as_bool)
        .unwrap_or(true);
    let mut server = Server {
        documents: HashMap::new(),
        lints,
    };
    for message in &connection.receiver {
        match message {
            Message::Request(request) => {
                if connection
                    .handle_shutdown(&request)
                    .map_err(|e| e.to_string())?
                {
                    return Ok(());
                }
                let response = guarded(request.id.clone(), || server.request(request));
                send(connection, response.into())?;
            }
            Message::Notification(notification) => {
                let published = catch_unwind(AssertUnwindSafe(|| server.notify(notification)));
                if let Ok(Some(params)) = published {
                    let note = Notification::new(PublishDiagnostics::METHOD.to_string(), params);
                    send(connection, note.into())?;
                }
            }
            Message::Response(_) => {}
        }
    }
    Ok(())
}

/// Sends a message; the client having gone is an error.
fn send(connection: &Connection, message: Message) -> Result<(), String> {
    connection.sender.send(message).map_err(|e| e.to_string())
}

/// A handler's answer, or an internal error when it panicked.
fn guarded(id: RequestId, handler: impl FnOnce() -> Response) -> Response {
    catch_unwind(AssertUnwindSafe(handler)).unwrap_or_else(|_| {
        Response::new_err(
            id,
            ErrorCode::InternalError as i32,
            "mkpat lsp: the request failed".to_string(),
        )
    })
}

/// The answer to a request of kind `R`: its parameters decoded and given to
/// `handler`, or the protocol's error for parameters that do not decode.
fn answer<R: RequestKind>(
    request: Request,
    handler: impl FnOnce(R::Params) -> R::Result,
) -> Response {
    match serde_json::from_value::<R::Params>(request.params) {
        Ok(params) => Response::new_ok(request.id, handler(params)),
        Err(err) => Response::new_err(
            request.id,
            ErrorCode::InvalidParams as i32,
            format!("invalid parameters: {err}"),
        ),
    }
}

impl Server {
    /// Answers a request.
    fn request(&self, request: Request) -> Response {
        match request.method.as_str() {
            HoverRequest::METHOD => answer::<HoverRequest>(request, |p| {
                let at = p.text_document_position_params;
                self.hover(&at.text_document.uri, at.position)
            }),
            GotoDefinition::METHOD => answer::<GotoDefinition>(request, |p| {
                let at = p.text_document_position_params;
                let locations = self.locations(&at.text_document.uri, at.position, true, false);
                locations.map(GotoDefinitionResponse::Array)
            }),
            References::METHOD => answer::<References>(request, |p| {
                let at = p.text_document_position;
                let with_declaration = p.context.include_declaration;
                self.locations(&at.text_document.uri, at.position, false, with_declaration)
            }),
            DocumentSymbolRequest::METHOD => answer::<DocumentSymbolRequest>(request, |p| {
                self.outline(&p.text_document.uri)
                    .map(DocumentSymbolResponse::Nested)
            }),
            Formatting::METHOD => {
                answer::<Formatting>(request, |p| self.format(&p.text_document.uri))
            }
            Completion::METHOD => answer::<Completion>(request, |p| {
                let at = p.text_document_position;
                let document = self.documents.get(&at.text_document.uri)?;
                let offset = document.lines.offset(&document.text, at.position);
                let line_start = document.text[..offset].rfind('\n').map_or(0, |k| k + 1);
                let items = completion::completions(&document.text[line_start..offset]);
                Some(CompletionResponse::Array(items))
            }),
            _ => Response::new_err(
                request.id,
                ErrorCode::MethodNotFound as i32,
                format!("mkpat lsp does not answer {}", request.method),
            ),
        }
    }

    /// Follows a notification; returns the diagnostics to publish.
    fn notify(&mut self, notification: Notification) -> Option<PublishDiagnosticsParams> {
        let uri = match notification.method.as_str() {
            DidOpenTextDocument::METHOD => {
                let params: lsp_types::DidOpenTextDocumentParams =
                    serde_json::from_value(notification.params).ok()?;
                let item = params.text_document;
                let document = Document::new(&item.uri, item.version, item.text);
                self.documents.insert(item.uri.clone(), document);
                item.uri
            }
            DidChangeTextDocument::METHOD => {
                let params: lsp_types::DidChangeTextDocumentParams =
                    serde_json::from_value(notification.params).ok()?;
                let uri = params.text_document.uri;
                let document = self.documents.get(&uri)?;
                let text = apply_changes(document, params.content_changes);
                let changed = Document::new(&uri, params.text_document.version, text);
                self.documents.insert(uri.clone(), changed);
                uri
            }
            DidCloseTextDocument::METHOD => {
                let params: lsp_types::DidCloseTextDocumentParams =
                    serde_json::from_value(notification.params).ok()?;
                let uri = params.text_document.uri;
                self.documents.remove(&uri);
                return Some(PublishDiagnosticsParams::new(uri, Vec::new(), None));
            }
            _ => return None,
        };
        let document = self.documents.get(&uri)?;
        let diagnostics = diagnostics::diagnostics(&uri, document, self.lints);
        Some(PublishDiagnosticsParams::new(
            uri,
            diagnostics,
            Some(document.version),
        ))
    }

    /// The hover at a position.
    fn hover(&self, uri: &Uri, position: lsp_types::Position) -> Option<Hover> {
        let document = self.documents.get(uri)?;
        let file = document.parsed.as_ref()?;
        let offset = document.lines.offset(&document.text, position);
        let (text, span) = hover::hover(file, offset, || {
            let (options, hints) = compile_setup(&document.path);
            let db = compile(std::slice::from_ref(file), &options, &hints).db;
            let runtime = mkpat::codegen::runtime::runtime_db(&db).ok();
            Some(CompiledDocument { db, runtime })
        })?;
        Some(Hover {
            contents: HoverContents::Markup(MarkupContent {
                kind: MarkupKind::Markdown,
                value: text,
            }),
            range: Some(document.lines.range(&document.text, span)),
        })
    }

    /// The definitions (`definitions`) or all occurrences (definitions
    /// only when `with_declaration`) of the name at a position.
    fn locations(
        &self,
        uri: &Uri,
        position: lsp_types::Position,
        definitions: bool,
        with_declaration: bool,
    ) -> Option<Vec<Location>> {
        let document = self.documents.get(uri)?;
        let file = document.parsed.as_ref()?;
        let offset = document.lines.offset(&document.text, position);
        let symbol: Symbol<'_> = navigation::symbol_at(file, &document.text, offset)?;
        let locations = navigation::occurrences(file, &document.text, symbol)
            .into_iter()
            .filter(|o| {
                if definitions {
                    o.is_definition
                } else {
                    with_declaration || !o.is_definition
                }
            })
            .map(|o| Location::new(uri.clone(), document.lines.range(&document.text, o.span)))
            .collect();
        Some(locations)
    }

    /// The outline of a document.
    fn outline(&self, uri: &Uri) -> Option<Vec<DocumentSymbol>> {
        let document = self.documents.get(uri)?;
        let file = document.parsed.as_ref()?;
        let range = |span| document.lines.range(&document.text, span);
        let symbols = navigation::outline(file)
            .into_iter()
            .map(|entry| {
                #[allow(deprecated)] // `deprecated` is a required field.
                DocumentSymbol {
                    name: entry.name,
                    detail: None,
                    kind: if entry.is_pattern {
                        SymbolKind::CLASS
                    } else {
                        SymbolKind::PROPERTY
                    },
                    tags: None,
                    deprecated: None,
                    range: range(entry.span),
                    selection_range: range(entry.name_span),
                    children: None,
                }
            })
            .collect();
        Some(symbols)
    }

    /// The edits that give a pattern database `mkpat fmt`'s layout: none
    /// for other languages and for texts the parser reports errors in
    /// (which `mkpat fmt` leaves alone too).
    fn format(&self, uri: &Uri) -> Option<Vec<TextEdit>> {
        let document = self.documents.get(uri)?;
        let file = document.parsed.as_ref()?;
        if document.has_parse_errors {
            return None;
        }
        let formatted = mkpat::fmt::format_file(file);
        if formatted == document.text {
            return Some(Vec::new());
        }
        let whole = Range::new(
            lsp_types::Position::new(0, 0),
            document.lines.position(&document.text, document.text.len()),
        );
        Some(vec![TextEdit::new(whole, formatted)])
    }
}

/// A document's text after a didChange's edits (each a range and its new
/// text, or a whole new text), applied in order.
fn apply_changes(document: &Document, changes: Vec<TextDocumentContentChangeEvent>) -> String {
    let mut text = document.text.clone();
    for change in changes {
        match change.range {
            Some(range) => {
                let lines = position::LineIndex::new(&text);
                let start = lines.offset(&text, range.start);
                let end = lines.offset(&text, range.end).max(start);
                text.replace_range(start..end, &change.text);
            }
            None => text = change.text,
        }
    }
    text
}

/// The compile options GNU Go's build uses for a file of this name (the
/// defaults for other names), without the automaton, and the database's
/// `.dtr` transformation hints when it names one and the file beside the
/// document reads: what `mkpat dump` is given for that database.
fn compile_setup(path: &str) -> (CompileOptions, TransformationHints) {
    let path = std::path::Path::new(path);
    let name = path.file_name().unwrap_or_default().to_string_lossy();
    let database = mkpat::codegen::gnugo_build::database_reading(&name);
    let mut options = database
        .and_then(|db| mkpat::options::parse_mkpat_args(db.args).ok())
        .map(|parsed| CompileOptions::from_mkpat(&parsed.options))
        .unwrap_or_default();
    options.build_automaton = false;
    let hints = database
        .and_then(|db| db.args.windows(2).find(|w| w[0] == "-t"))
        .and_then(|w| std::fs::read_to_string(path.with_file_name(w[1])).ok())
        .and_then(|text| TransformationHints::parse(&text).ok())
        .unwrap_or_else(TransformationHints::none);
    (options, hints)
}
