//! `cargo run -p boardsvg --features raster --example svg2png IN.svg OUT.png`:
//! renders an SVG file with resvg, as the tests do, to look at it.

fn main() -> Result<(), String> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [input, output] = args.as_slice() else {
        return Err("usage: svg2png IN.svg OUT.png".into());
    };
    let svg = std::fs::read_to_string(input).map_err(|e| format!("{input}: {e}"))?;
    let raster = boardsvg::raster::render(&svg, &boardsvg::raster::options())?;
    std::fs::write(output, raster.png()?).map_err(|e| format!("{output}: {e}"))?;
    Ok(())
}
