//! `report.html`: the report as one self-contained page (styles inline, figures as
//! base64 PNG data URIs), to open in a browser.

use anyhow::{Context, Result};
use base64::Engine as _;
use grundy_papers::{paper_title, Report, Verdict};
use std::fmt::Write as _;
use std::path::Path;

fn esc(s: &str) -> String {
    let mut o = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => o.push_str("&amp;"),
            '<' => o.push_str("&lt;"),
            '>' => o.push_str("&gt;"),
            '"' => o.push_str("&quot;"),
            _ => o.push(c),
        }
    }
    o
}

fn verdict_class(v: &Verdict) -> &'static str {
    match v {
        Verdict::Holds => "holds",
        Verdict::Consistent => "consistent",
        Verdict::Disagrees { .. } | Verdict::Counterexample { .. } => "finding",
        Verdict::Error { .. } => "error",
    }
}

const STYLE: &str = "body{font-family:system-ui,sans-serif;max-width:1300px;margin:2em auto;padding:0 1em;color:#222}\
table{border-collapse:collapse;width:100%;margin-bottom:2em;font-size:14px}\
th,td{border:1px solid #ccc;padding:4px 6px;vertical-align:top;text-align:left}th{background:#f2f2f2}\
td.holds{background:#e8f6e8}td.consistent{background:#eef3fb}td.finding{background:#fde8e8;font-weight:bold}\
td.error{background:#fff4d6}figure{margin:2em 0}figure img{max-width:100%;border:1px solid #ddd}\
figcaption{font-style:italic;margin-top:.4em}.note{color:#666;font-size:13px}";

/// The page. Figures are read from `dir` (where `reproduce` wrote them) and inlined.
pub fn page(dir: &Path, r: &Report) -> Result<String> {
    let s = &r.summary;
    let mut o = String::new();
    let _ = write!(
        o,
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>grundy reproduce</title>\
         <style>{STYLE}</style></head><body>\n<h1>grundy reproduce: the claims of the seed papers, checked</h1>\n"
    );
    let _ = writeln!(
        o,
        "<p>grundy {} · {} mode · {} of {} checks ran in {:.1} s</p>\n<p><b>{} hold, {} consistent \
         (conjectures), {} disagree with the paper, {} counterexamples, {} not run.</b></p>",
        r.version,
        r.mode,
        r.ran,
        r.planned,
        r.seconds,
        s.holds,
        s.consistent,
        s.disagrees,
        s.counterexamples,
        s.not_run
    );
    for p in r.papers() {
        let _ = writeln!(o, "<h2>Paper {p}: {}</h2>", esc(paper_title(p)));
        o.push_str(
            "<table><tr><th>id</th><th>source</th><th>claim</th><th>computed</th><th>range</th><th>verdict</th></tr>\n",
        );
        for c in r.checks.iter().filter(|c| c.paper == p) {
            let _ = writeln!(
                o,
                "<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td class=\"{}\">{}</td></tr>",
                esc(&c.id),
                esc(&c.source),
                esc(&c.claim),
                esc(&c.computed),
                esc(&c.range),
                verdict_class(&c.verdict),
                esc(&c.verdict.label())
            );
        }
        o.push_str("</table>\n");
    }
    if !r.figures.is_empty() {
        o.push_str("<h2>Figures</h2>\n");
        for f in &r.figures {
            match &f.file {
                Some(file) => {
                    let path = dir.join(file);
                    let bytes = std::fs::read(&path).with_context(|| format!("cannot read {}", path.display()))?;
                    let _ = writeln!(
                        o,
                        "<figure id=\"{}\"><img alt=\"{}\" src=\"data:image/png;base64,{}\"><figcaption>{}</figcaption>\
                         <div class=\"note\">{}</div></figure>",
                        esc(&f.id),
                        esc(&f.id),
                        base64::engine::general_purpose::STANDARD.encode(&bytes),
                        esc(&f.caption),
                        esc(&f.note)
                    );
                }
                None => {
                    let _ = writeln!(
                        o,
                        "<p><b>{}</b> — {} — <span class=\"note\">{}</span></p>",
                        esc(&f.id),
                        esc(&f.caption),
                        esc(&f.note)
                    );
                }
            }
        }
    }
    o.push_str("</body></html>\n");
    Ok(o)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_markup() {
        assert_eq!(esc("a<b & \"c\">"), "a&lt;b &amp; &quot;c&quot;&gt;");
    }
}
