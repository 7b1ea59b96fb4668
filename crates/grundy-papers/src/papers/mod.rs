//! The seed papers, one table of claim rows each, and the classic take-and-break
//! results of the literature (`p100`), the censuses of octal games against the
//! published tables (`p101`) and misère play (`p102`).

pub mod p000;
pub mod p001;
pub mod p002;
pub mod p003;
pub mod p004;
pub mod p100;
pub mod p101;
pub mod p102;

use crate::claim::Claim;

/// Every claim of every paper, paper by paper, in report order (figures included).
pub fn all() -> Vec<Claim> {
    let mut v = p000::claims();
    v.extend(p001::claims());
    v.extend(p002::claims());
    v.extend(p003::claims());
    v.extend(p004::claims());
    v.extend(p100::claims());
    v.extend(p101::claims());
    v.extend(p102::claims());
    v
}
