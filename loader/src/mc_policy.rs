//! The playout policy tables of the Monte Carlo search: tesuji's own
//! `mc_tesuji.db` compiled into the binary, or one of GNU Go's `mc_*.db`
//! (`mogo_classic`, `montegnu_classic`, `uniform`) compiled now from the
//! directory `--patterns` gives.

use std::path::Path;

use matcher::mc::McTable;

/// The embedded table's name.
pub const EMBEDDED: &str = "tesuji";

/// The table `name`: [`EMBEDDED`] from the binary, anything else from
/// `dir/mc_NAME.db`. Errors name the file and the cause.
pub fn mc_table(name: &str, dir: Option<&Path>) -> Result<McTable, String> {
    if name == EMBEDDED {
        return Ok(::patterns::mc_tesuji());
    }
    let Some(dir) = dir else {
        return Err(format!(
            "--mc-policy {name}: GNU Go's mc_{name}.db needs --patterns DIR (the embedded policy is `{EMBEDDED}`)"
        ));
    };
    let file = dir.join(format!("mc_{name}.db"));
    let bytes = std::fs::read(&file).map_err(|e| format!("{}: {e}", file.display()))?;
    mkpat::mcpat::load_table(&format!("mc_{name}.db"), &bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn embedded_and_missing_tables() {
        let table = mc_table(EMBEDDED, None).unwrap();
        assert_eq!(table.name, "tesuji");
        assert!(
            mc_table("mogo_classic", None)
                .unwrap_err()
                .contains("--patterns")
        );
        let err = mc_table("nonesuch", Some(Path::new("/nonexistent"))).unwrap_err();
        assert!(err.contains("/nonexistent/mc_nonesuch.db"), "{err}");
    }
}
