use grundy::catalog::parse_position;
use grundy::solve::misere::{quotient, MisereSearch};
use grundy::value::Outcome;
use grundy::Control;
use std::collections::HashMap;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let name = args[0].clone();
    let n: u64 = args[1].parse().unwrap();
    let rs = grundy::catalog::parse_ruleset(&name).unwrap();
    let rs = rs.as_heap("x").unwrap().clone();
    let q = quotient(rs.as_ref(), n - 1, &Control::new()).unwrap();
    println!("Q_{} order {}", q.to, q.order());
    let mut s = MisereSearch::new(Control::new());
    // positions of up to 3 heaps <= n-1
    let mut groups: HashMap<u32, Vec<Vec<u64>>> = HashMap::new();
    let m = n - 1;
    let mut all = vec![vec![]];
    for a in 1..=m { all.push(vec![a]); for b in a..=m { all.push(vec![a,b]); for c in b..=m { if a+b+c <= 2*m { all.push(vec![a,b,c]); } } } }
    for h in &all {
        let e = q.element(&h.iter().map(|&x| (x,1)).collect::<Vec<_>>()).unwrap();
        groups.entry(e).or_default().push(h.clone());
    }
    let expr = |h: &Vec<u64>, extra: &[u64]| {
        let mut v = h.clone(); v.extend_from_slice(extra);
        format!("{}({})", name, v.iter().map(|x| x.to_string()).collect::<Vec<_>>().join(","))
    };
    let mut found = 0;
    for (e, hs) in &groups {
        for ctx in [vec![n], vec![n, 1], vec![n, 2], vec![n, n], vec![n, 3], vec![n,1,1]] {
            let mut seen: HashMap<bool, Vec<u64>> = HashMap::new();
            for h in hs.iter().take(40) {
                let o = s.outcome(&parse_position(&expr(h, &ctx)).unwrap()).unwrap() == Outcome::P;
                if let Some(other) = seen.get(&!o) {
                    if found < 10 { println!("class {e}: {:?} vs {:?} differ with {:?}", h, other, ctx); }
                    found += 1;
                }
                seen.insert(o, h.clone());
            }
        }
    }
    println!("{found} splits found");
}
