//! Named helpers: the hand-written functions a pattern names on its colon
//! line (`:8,-,some_helper`). The engine fills a [`HelperRegistry`] with
//! them; matching looks them up by name.
//!
//! # Unknown helpers
//!
//! One policy: **a match whose helper is not registered is rejected**
//! ([`HelperRegistry::accepts`] answers `false`). An engine lists what it
//! lacks with [`HelperRegistry::missing`] (e.g. at start-up, over the helper
//! names of its databases) so the gap is visible instead of silent.

use std::collections::BTreeMap;
use std::fmt;

use crate::constraint::Site;
use crate::context::{Context, Point};

/// What a named helper is told about the match it judges.
#[derive(Debug, Clone, Copy)]
pub struct HelperCall<'a> {
    /// The pattern's name.
    pub pattern: &'a str,
    /// The anchor point of the match.
    pub anchor: Point,
    /// The transformation and move of the match.
    pub site: Site,
}

/// A named helper: `true` accepts the match.
pub type NamedHelper<C> = Box<dyn Fn(&mut C, &HelperCall<'_>) -> bool + Send + Sync>;

/// Named helpers by name, for engines whose context type is `C`.
pub struct HelperRegistry<C: ?Sized = dyn Context> {
    helpers: BTreeMap<String, NamedHelper<C>>,
}

impl<C: ?Sized> Default for HelperRegistry<C> {
    fn default() -> Self {
        HelperRegistry {
            helpers: BTreeMap::new(),
        }
    }
}

impl<C: ?Sized> fmt::Debug for HelperRegistry<C> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.helpers.keys()).finish()
    }
}

impl<C: ?Sized> HelperRegistry<C> {
    /// An empty registry.
    pub fn new() -> Self {
        Self::default()
    }

    /// Registers (or replaces) the helper called `name`.
    pub fn register(
        &mut self,
        name: impl Into<String>,
        helper: impl Fn(&mut C, &HelperCall<'_>) -> bool + Send + Sync + 'static,
    ) {
        self.helpers.insert(name.into(), Box::new(helper));
    }

    /// Whether `name` is registered.
    pub fn contains(&self, name: &str) -> bool {
        self.helpers.contains_key(name)
    }

    /// Registered names, sorted.
    pub fn names(&self) -> impl Iterator<Item = &str> {
        self.helpers.keys().map(String::as_str)
    }

    /// Runs the helper `name` on a match. An unregistered helper rejects
    /// the match (the module's policy).
    pub fn accepts(&self, name: &str, ctx: &mut C, call: &HelperCall<'_>) -> bool {
        match self.helpers.get(name) {
            Some(helper) => helper(ctx, call),
            None => false,
        }
    }

    /// The names among `wanted` that are not registered, sorted and without
    /// duplicates.
    pub fn missing<'a>(&self, wanted: impl IntoIterator<Item = &'a str>) -> Vec<String> {
        let mut missing: Vec<String> = wanted
            .into_iter()
            .filter(|name| !self.contains(name))
            .map(str::to_owned)
            .collect();
        missing.sort();
        missing.dedup();
        missing
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::constraint::test_double::PseudoRandomContext;
    use crate::context::layers::*;
    use crate::transform::Transform;

    fn call() -> HelperCall<'static> {
        HelperCall {
            pattern: "P1",
            anchor: Point::new(3, 3),
            site: Site::new(Transform::IDENTITY, Point::new(3, 4)),
        }
    }

    #[test]
    fn registered_helpers_decide_and_unknown_ones_reject() {
        let mut registry: HelperRegistry<PseudoRandomContext> = HelperRegistry::new();
        registry.register("yes_helper", |_, call| call.pattern == "P1");
        registry.register("lib_helper", |ctx, call| ctx.lib(call.site.mov) >= 0);
        let mut ctx = PseudoRandomContext::new(1);
        assert!(registry.accepts("yes_helper", &mut ctx, &call()));
        assert!(registry.accepts("lib_helper", &mut ctx, &call()));
        assert_eq!(ctx.log.len(), 1);
        assert!(!registry.accepts("no_such_helper", &mut ctx, &call()));
        assert_eq!(
            registry.missing(["b_helper", "yes_helper", "a_helper", "b_helper"]),
            vec!["a_helper".to_string(), "b_helper".to_string()]
        );
        assert_eq!(
            registry.names().collect::<Vec<_>>(),
            ["lib_helper", "yes_helper"]
        );
    }

    #[test]
    fn registry_over_dyn_context() {
        let mut registry: HelperRegistry = HelperRegistry::new();
        registry.register("never", |_, _| false);
        let mut ctx = PseudoRandomContext::new(2);
        assert!(!registry.accepts("never", &mut ctx, &call()));
    }
}
