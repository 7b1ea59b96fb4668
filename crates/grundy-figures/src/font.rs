//! The bundled font: DejaVu Sans (Bitstream Vera licence, see
//! assets/fonts/LICENSE-DejaVu.txt), registered with plotters as "sans-serif".

use anyhow::Result;
use plotters::style::{register_font, FontStyle};
use std::sync::OnceLock;

static DEJAVU_SANS: &[u8] = include_bytes!("../assets/fonts/DejaVuSans.ttf");

/// The font family every figure uses.
pub const FAMILY: &str = "sans-serif";

/// Registers the bundled font once (normal and bold, the same face).
pub fn ensure() -> Result<()> {
    static DONE: OnceLock<bool> = OnceLock::new();
    let ok = *DONE.get_or_init(|| {
        register_font(FAMILY, FontStyle::Normal, DEJAVU_SANS).is_ok()
            && register_font(FAMILY, FontStyle::Bold, DEJAVU_SANS).is_ok()
    });
    if ok {
        Ok(())
    } else {
        anyhow::bail!("the bundled font DejaVu Sans could not be loaded")
    }
}
