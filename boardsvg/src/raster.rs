//! Rendering with a real SVG renderer (resvg, drawing with tiny-skia), for
//! tests: an SVG text becomes pixels and a PNG, and the pixels can be
//! counted, so that a test can tell a picture from a blank page.

use resvg::tiny_skia::{Pixmap, Transform};
pub use resvg::usvg::Options;
use resvg::usvg::Tree;

/// A rendered picture.
pub struct Raster {
    /// The pixels.
    pub pixmap: Pixmap,
}

impl Raster {
    /// Width in pixels.
    pub fn width(&self) -> u32 {
        self.pixmap.width()
    }

    /// Height in pixels.
    pub fn height(&self) -> u32 {
        self.pixmap.height()
    }

    /// How many pixels are exactly the colour `(r, g, b)` (opaque).
    pub fn count_rgb(&self, rgb: (u8, u8, u8)) -> usize {
        self.pixmap
            .pixels()
            .iter()
            .filter(|p| p.alpha() == 255 && (p.red(), p.green(), p.blue()) == rgb)
            .count()
    }

    /// How many distinct opaque colours the picture holds.
    pub fn distinct_colors(&self) -> usize {
        let mut colors: Vec<u32> = self
            .pixmap
            .pixels()
            .iter()
            .filter(|p| p.alpha() == 255)
            .map(|p| u32::from_be_bytes([0, p.red(), p.green(), p.blue()]))
            .collect();
        colors.sort_unstable();
        colors.dedup();
        colors.len()
    }

    /// How many pixels differ from plain white (transparent pixels count
    /// as white).
    pub fn ink_pixels(&self) -> usize {
        self.pixmap
            .pixels()
            .iter()
            .filter(|p| p.alpha() != 0 && (p.red(), p.green(), p.blue()) != (255, 255, 255))
            .count()
    }

    /// The PNG file.
    pub fn png(&self) -> Result<Vec<u8>, String> {
        self.pixmap.encode_png().map_err(|e| e.to_string())
    }
}

/// Font settings shared by every render: the system's fonts, loaded once
/// per call (tests render many pictures; loading is cheap next to
/// parsing).
pub fn options() -> Options<'static> {
    let mut options = Options::default();
    options.fontdb_mut().load_system_fonts();
    options
}

/// Parses and renders `svg` at its own size; errors are the renderer's
/// (bad XML, bad attributes, an empty size).
pub fn render(svg: &str, options: &Options<'_>) -> Result<Raster, String> {
    let tree = Tree::from_str(svg, options).map_err(|e| format!("usvg: {e}"))?;
    let size = tree.size().to_int_size();
    let mut pixmap = Pixmap::new(size.width(), size.height())
        .ok_or_else(|| format!("cannot make a {}x{} pixmap", size.width(), size.height()))?;
    resvg::render(&tree, Transform::default(), &mut pixmap.as_mut());
    Ok(Raster { pixmap })
}
