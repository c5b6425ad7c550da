//! The `eyes.db` language (eye-space shapes, spec `joseki-and-fuseki.md` §3).
