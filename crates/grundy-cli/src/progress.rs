//! Progress bars (indicatif, on stderr when it is a terminal) and Ctrl-C handling.

use anyhow::{bail, Result};
use grundy::control::{parse_bytes, ProgressSink};
use grundy::Control;
use indicatif::{ProgressBar, ProgressStyle};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

struct Bars {
    bar: Mutex<Option<ProgressBar>>,
}

impl ProgressSink for Bars {
    fn start(&self, label: &str, total: u64) {
        let bar = ProgressBar::new(total);
        bar.set_style(
            ProgressStyle::with_template("{msg} [{bar:40}] {percent}% ({elapsed}, eta {eta})")
                .expect("valid template")
                .progress_chars("=> "),
        );
        bar.set_message(label.to_string());
        if let Some(old) = self.bar.lock().expect("progress lock").replace(bar) {
            old.finish_and_clear();
        }
    }
    fn set(&self, done: u64) {
        if let Some(b) = self.bar.lock().expect("progress lock").as_ref() {
            b.set_position(done);
        }
    }
    fn finish(&self) {
        if let Some(b) = self.bar.lock().expect("progress lock").take() {
            b.finish_and_clear();
        }
    }
}

/// The run control: memory and work limits, progress bars, and a Ctrl-C handler that
/// asks the engines to stop (a second Ctrl-C exits at once).
pub fn control(memory_limit: Option<&str>, max_work: Option<f64>) -> Result<Control> {
    let mut ctl = Control::new().with_progress(Arc::new(Bars { bar: Mutex::new(None) }));
    if let Some(m) = memory_limit {
        match parse_bytes(m) {
            Some(b) => ctl = ctl.with_memory_limit(b),
            None => bail!("--memory-limit: '{m}' is not a size such as 2G or 512M"),
        }
    }
    if let Some(s) = max_work {
        if !(s.is_finite() && s >= 0.0) {
            bail!("--max-work must be a non-negative number");
        }
        ctl = ctl.with_work_limit(s as u64);
    }
    let flag: Arc<AtomicBool> = ctl.cancel_flag();
    let _ = ctrlc::set_handler(move || {
        if flag.swap(true, Ordering::SeqCst) {
            std::process::exit(130);
        }
    });
    Ok(ctl)
}
