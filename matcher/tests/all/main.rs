//! The integration tests of `matcher`, one module per subject, built as one test
//! binary (one link instead of one per file; the tests of all subjects share
//! the test threads).

mod fullboard_reference;
mod scan_properties;
mod tri_properties;
