//! Boards: sets of cells of the square grid as bit sets (up to 128 cells), split into
//! connected regions by bit operations and put in a normal form under the symmetries
//! of the grid and translation, for the placement games on boards (Cram,
//! Node-Kayles on grids) searched by [`super::bitgame`].
//!
//! A [`Frame`] is an h×w rectangle whose cell (r, c) is bit r·w + c. A [`Region`] is a
//! set of cells with its frame. Two regions that differ by a translation, a rotation
//! or a reflection of the plane are the same game in every placement game whose moves
//! depend only on which cells are neighbours, so a connected region is stored under
//! its normal form ([`Frame::canonical`]): cropped to its bounding box, turned so that
//! it is at most as tall as wide, and the least (as a number) of its 4 images under
//! the reflections that keep that shape (8 when the box is square).

use super::bitgame::{BitGame, OptionList, TableKey};

/// A set of cells in an h×w frame (cell (r, c) is bit r·w + c), h·w ≤ 128.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Region {
    /// Height of the frame.
    pub h: u8,
    /// Width of the frame.
    pub w: u8,
    /// Cells 0..64.
    pub lo: u64,
    /// Cells 64..128.
    pub hi: u64,
}

impl Region {
    /// The region of the cells `bits` of an h×w frame.
    pub fn new(h: u32, w: u32, bits: u128) -> Region {
        Region {
            h: h as u8,
            w: w as u8,
            lo: bits as u64,
            hi: (bits >> 64) as u64,
        }
    }

    /// The cells as one bit set.
    pub fn bits(&self) -> u128 {
        u128::from(self.lo) | u128::from(self.hi) << 64
    }

    /// The number of cells.
    pub fn cells(&self) -> u32 {
        self.lo.count_ones() + self.hi.count_ones()
    }

    /// The frame of the region.
    pub fn frame(&self) -> Frame {
        Frame::new(u32::from(self.h), u32::from(self.w))
    }

    /// True if the region is its own image under the half-turn about the centre of its
    /// frame and no cell is its own image or next to it. In a placement game whose
    /// moves take cells and possibly their neighbours (Cram's dominoes, Node-Kayles'
    /// cells with their neighbours) such a region is then a P-position: the second
    /// player answers every move with its image, which is still there, and the region
    /// stays so (the symmetry strategy, "Tweedledum and Tweedledee"; Winning Ways ch. 2
    /// and ch. 22; Gardner 1974 for even by even Cram boards).
    pub fn half_turn_free(&self) -> bool {
        let (h, w) = (u32::from(self.h), u32::from(self.w));
        let n = h * w;
        let bits = self.bits();
        if bits.reverse_bits() >> (128 - n) != bits {
            return false;
        }
        // The cells whose image is themselves or a neighbour: the centre cell (both
        // sides odd), or the two cells across the centre (one side even, one odd).
        let (hc, wc) = (h / 2, w / 2);
        let centre = match (h % 2, w % 2) {
            (0, 0) => 0,
            (1, 1) => 1u128 << (hc * w + wc),
            (1, 0) => 1u128 << (hc * w + wc) | 1u128 << (hc * w + wc - 1),
            _ => 1u128 << (hc * w + wc) | 1u128 << ((hc - 1) * w + wc),
        };
        bits & centre == 0
    }
}

impl TableKey for Region {
    fn to_words(&self) -> Option<[u64; 3]> {
        Some([u64::from(self.h) << 8 | u64::from(self.w), self.lo, self.hi])
    }

    fn from_words(w: [u64; 3]) -> Option<Region> {
        let (h, wd) = ((w[0] >> 8) as u32, (w[0] & 0xFF) as u32);
        if w[0] >> 16 != 0 || h == 0 || wd == 0 || h * wd > 128 {
            return None;
        }
        let r = Region::new(h, wd, u128::from(w[1]) | u128::from(w[2]) << 64);
        (r.bits() & !r.frame().all == 0 && r.bits() != 0).then_some(r)
    }

    fn hash64(&self) -> u64 {
        // splitmix64's finalizer over the words.
        let mix = |mut x: u64| {
            x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            x ^ (x >> 31)
        };
        mix(self.lo ^ mix(self.hi ^ (u64::from(self.h) << 8 | u64::from(self.w)).wrapping_mul(0x9E37_79B9_7F4A_7C15)))
    }
}

/// `x << n`, 0 when n ≥ 128.
fn shl(x: u128, n: u32) -> u128 {
    x.checked_shl(n).unwrap_or(0)
}

/// `x >> n`, 0 when n ≥ 128.
fn shr(x: u128, n: u32) -> u128 {
    x.checked_shr(n).unwrap_or(0)
}

/// An h×w rectangle of cells with the masks of its moves.
#[derive(Clone, Copy, Debug)]
pub struct Frame {
    /// Height.
    pub h: u32,
    /// Width.
    pub w: u32,
    /// Every cell.
    pub all: u128,
    /// Cells that have a left neighbour in the frame (not in column 0).
    pub not_first: u128,
    /// Cells that have a right neighbour (not in the last column).
    pub not_last: u128,
    /// The cells of the first and last rows and columns.
    edges: [u128; 4],
    /// ⌊2^16 / w⌋ + 1: the row of cell i is (i · recip) >> 16 (exact for i < 128).
    recip: u32,
}

impl Frame {
    /// The h×w frame (h·w ≤ 128, both ≥ 1).
    pub fn new(h: u32, w: u32) -> Frame {
        debug_assert!(h >= 1 && w >= 1 && h * w <= 128);
        let mut first = 0u128;
        for r in 0..h {
            first |= 1u128 << (r * w);
        }
        let all = if h * w == 128 {
            u128::MAX
        } else {
            (1u128 << (h * w)) - 1
        };
        let row = all >> ((h - 1) * w);
        Frame {
            h,
            w,
            all,
            not_first: all & !first,
            not_last: all & !(first << (w - 1)),
            edges: [row, row << ((h - 1) * w), first, first << (w - 1)],
            recip: (1 << 16) / w + 1,
        }
    }

    /// The row of cell i (< 128).
    #[inline]
    pub fn row_of(&self, i: u32) -> u32 {
        (i * self.recip) >> 16
    }

    /// The cells next to a cell of `x` (left, right, up, down), within the frame.
    #[inline]
    pub fn neighbours(&self, x: u128) -> u128 {
        ((x << 1) & self.not_first) | ((x >> 1) & self.not_last) | (shl(x, self.w) & self.all) | shr(x, self.w)
    }

    /// Calls `f` with each connected region of `s` (4-neighbourhood), from the one
    /// holding the lowest cell.
    #[inline]
    pub fn for_each_component(&self, s: u128, mut f: impl FnMut(u128)) {
        let mut rest = s;
        while rest != 0 {
            let mut c = rest & rest.wrapping_neg();
            loop {
                let n = (c | self.neighbours(c)) & rest;
                if n == c {
                    break;
                }
                c = n;
            }
            rest ^= c;
            f(c);
        }
    }

    /// The normal form of the connected region `c` of this frame: cropped, at most as
    /// tall as wide, the least of its images under the symmetries that keep its box.
    pub fn canonical(&self, c: u128) -> Region {
        if self.h >= 2 && self.h <= self.w && self.edges.iter().all(|&e| c & e != 0) {
            // The region fills its frame's box (the common case of an option): no crop,
            // no turn.
            return self.least_in_frame(c);
        }
        let w = self.w;
        let r0 = self.row_of(c.trailing_zeros());
        let r1 = self.row_of(127 - c.leading_zeros());
        let bh = r1 - r0 + 1;
        if bh == 1 {
            // A connected region in one row is a segment.
            let n = c.count_ones();
            return Region::new(1, n, shl(1, n).wrapping_sub(1));
        }
        if w == 1 {
            // A connected region in one column is a segment.
            return Region::new(1, bh, shl(1, bh).wrapping_sub(1));
        }
        // Two rows or more, w ≥ 2: w ≤ 64.
        let shifted = c >> (r0 * w);
        let row_mask = self.edges[0] as u64;
        let row = |i: u32| (shifted >> (i * w)) as u64 & row_mask;
        let mut cols = 0u64;
        for i in 0..bh {
            cols |= row(i);
        }
        let c0 = cols.trailing_zeros();
        let bw = 64 - cols.leading_zeros() - c0;
        if bw == 1 {
            // A connected region in one column is a segment.
            return Region::new(1, bh, shl(1, bh).wrapping_sub(1));
        }
        // Two rows and two columns or more: h·w ≤ 128, so the short side is at most 11
        // and the long side at most 64.
        let mut rows = [0u64; 11];
        let (h, wd) = if bh <= bw {
            for (i, r) in rows[..bh as usize].iter_mut().enumerate() {
                *r = row(i as u32) >> c0;
            }
            (bh as usize, bw as usize)
        } else {
            // Taller than wide: read it transposed.
            for i in 0..bh {
                let mut x = row(i) >> c0;
                while x != 0 {
                    rows[x.trailing_zeros() as usize] |= 1 << i;
                    x &= x - 1;
                }
            }
            (bw as usize, bh as usize)
        };
        let mut best = least_image(&rows[..h], wd);
        if h == wd {
            best = best.min(least_image(&transpose(&rows[..h])[..h], wd));
        }
        Region::new(h as u32, wd as u32, best)
    }
}

impl Frame {
    /// The least image of the cells `c` under the symmetries of this frame (h ≤ w):
    /// itself, turned a half-turn, upside down, mirrored, and for a square the same of
    /// its transpose.
    fn least_in_frame(&self, c: u128) -> Region {
        let (h, w) = (self.h as usize, self.w as usize);
        let mask = self.edges[0] as u64;
        let mut rows = [0u64; 11];
        let mut x = c;
        for r in rows[..h].iter_mut() {
            *r = x as u64 & mask;
            x >>= w;
        }
        let mut best = least_image(&rows[..h], w);
        if h == w {
            best = best.min(least_image(&transpose(&rows[..h])[..h], w));
        }
        Region::new(h as u32, w as u32, best)
    }
}

/// The least of the four images of the h×w matrix `rows` (h = rows.len() ≤ 11, w ≤
/// 64) under the reflections that keep its box: itself, mirrored left–right, upside
/// down, both. As numbers (row i at bits i·w…) images compare row by row from the
/// last, so the least is found on the rows and only it is assembled.
#[inline]
fn least_image(rows: &[u64], w: usize) -> u128 {
    let h = rows.len();
    let mut rev = [0u64; 11];
    for (m, &r) in rev.iter_mut().zip(rows) {
        *m = r.reverse_bits() >> (64 - w);
    }
    // Row j of an image, counted from its last row.
    let key = |kind: u8, j: usize| match kind {
        0 => rows[h - 1 - j],
        1 => rev[h - 1 - j],
        2 => rows[j],
        _ => rev[j],
    };
    let mut best = 0u8;
    for kind in 1..4 {
        for j in 0..h {
            let (a, b) = (key(kind, j), key(best, j));
            if a != b {
                if a < b {
                    best = kind;
                }
                break;
            }
        }
    }
    let mut out = 0u128;
    for j in 0..h {
        out = out << w | u128::from(key(best, j));
    }
    out
}

/// The transpose of the square matrix `rows` (n × n, n ≤ 11).
fn transpose(rows: &[u64]) -> [u64; 11] {
    let mut t = [0u64; 11];
    for (i, &r) in rows.iter().enumerate() {
        let mut x = r;
        while x != 0 {
            t[x.trailing_zeros() as usize] |= 1 << i;
            x &= x - 1;
        }
    }
    t
}

/// The rules of a placement game on boards: the sets of cells left by each move.
pub trait GridRules: Send + Sync {
    /// Calls `f` with the cells left by each move from the connected region `s` of
    /// `frame`.
    fn for_each_move(&self, s: u128, frame: &Frame, f: &mut dyn FnMut(u128));

    /// The value of a region without search, where it is immediate.
    fn known(&self, _r: &Region) -> Option<u32> {
        None
    }

    /// Calls `f` with the cells left by the moves from the connected region `s` that
    /// the search needs: a move whose option has the same value as another's may be
    /// left out. The default: every move ([`Self::for_each_move`]).
    fn for_each_useful_move(&self, s: u128, frame: &Frame, f: &mut dyn FnMut(u128)) {
        self.for_each_move(s, frame, f);
    }

    /// The number of moves [`Self::for_each_useful_move`] makes from `s`.
    fn count_useful_moves(&self, s: u128, frame: &Frame) -> usize {
        let mut n = 0;
        self.for_each_useful_move(s, frame, &mut |_| n += 1);
        n
    }

    /// A set of cells with the same value as `s` (cells the game can do without taken
    /// out), applied to every option before it is split into regions. The default
    /// keeps `s`.
    fn reduce(&self, s: u128, _frame: &Frame) -> u128 {
        s
    }

    /// Calls `f` with parts of `s` whose values nim-sum to the value of `s`: its
    /// connected regions, or finer parts where the game allows. Each part, read as a
    /// region of the grid, must have the value the game gives it as a part. The
    /// default: the connected regions ([`Frame::for_each_component`]).
    fn for_each_part(&self, s: u128, frame: &Frame, f: &mut dyn FnMut(u128)) {
        frame.for_each_component(s, f);
    }

    /// The size up to which regions are folded into the heap in the outcome search on
    /// sums (see [`BitGame::outcome_search`]).
    fn small(&self) -> u32 {
        12
    }
}

/// A placement game on boards as a [`BitGame`]: regions as canonical keys.
pub struct GridGame<R: GridRules>(pub R);

impl<R: GridRules> BitGame for GridGame<R> {
    type Key = Region;

    fn options(&self, k: &Region, out: &mut OptionList<Region>) {
        let frame = k.frame();
        self.0.for_each_useful_move(k.bits(), &frame, &mut |rest| {
            let rest = self.0.reduce(rest, &frame);
            self.0
                .for_each_part(rest, &frame, &mut |c| out.push(frame.canonical(c)));
            out.end_option();
        });
    }

    fn count_options(&self, k: &Region) -> usize {
        self.0.count_useful_moves(k.bits(), &k.frame())
    }

    fn options_until(&self, k: &Region, out: &mut OptionList<Region>, stop: &mut dyn FnMut(&[Region]) -> bool) {
        let frame = k.frame();
        let mut done = false;
        self.0.for_each_useful_move(k.bits(), &frame, &mut |rest| {
            if done {
                return;
            }
            let rest = self.0.reduce(rest, &frame);
            self.0
                .for_each_part(rest, &frame, &mut |c| out.push(frame.canonical(c)));
            out.end_option();
            done = stop(out.last());
        });
    }

    fn options_exact(&self, k: &Region, out: &mut OptionList<Region>) {
        let frame = k.frame();
        self.0.for_each_move(k.bits(), &frame, &mut |rest| {
            frame.for_each_component(rest, |c| out.push(frame.canonical(c)));
            out.end_option();
        });
    }

    fn size(&self, k: &Region) -> u32 {
        k.cells()
    }

    fn known(&self, k: &Region) -> Option<u32> {
        self.0.known(k)
    }

    fn outcome_search(&self) -> Option<u32> {
        Some(self.0.small())
    }
}

/// The canonical regions of the cells `bits` of an h×w frame (any set, connected or
/// not).
pub fn components(h: u32, w: u32, bits: u128) -> Vec<Region> {
    let frame = Frame::new(h, w);
    let mut out = Vec::new();
    frame.for_each_component(bits & frame.all, |c| out.push(frame.canonical(c)));
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The cells of a picture ('#' a cell), rows separated by '/'.
    fn region(text: &str) -> (Frame, u128) {
        let rows: Vec<&str> = text.split('/').collect();
        let (h, w) = (rows.len() as u32, rows[0].len() as u32);
        let mut bits = 0u128;
        for (r, row) in rows.iter().enumerate() {
            for (c, ch) in row.chars().enumerate() {
                if ch == '#' {
                    bits |= 1 << (r as u32 * w + c as u32);
                }
            }
        }
        (Frame::new(h, w), bits)
    }

    #[test]
    fn components_split_and_are_normalized() {
        let (f, s) = region("##..#/#...#/..#..");
        let mut parts = Vec::new();
        f.for_each_component(s, |c| parts.push(c));
        assert_eq!(parts.len(), 3);
        let canon: Vec<Region> = parts.iter().map(|&c| f.canonical(c)).collect();
        // The L of three cells, a vertical domino (a segment of 2), a single cell.
        assert_eq!((canon[0].h, canon[0].w, canon[0].cells()), (2, 2, 3));
        assert_eq!(canon[1], Region::new(1, 2, 0b11));
        assert_eq!(canon[2], Region::new(1, 1, 1));
    }

    #[test]
    fn the_eight_images_of_a_shape_have_one_normal_form() {
        // An asymmetric pentomino (F) in every orientation, placed anywhere.
        let images = [
            ".##/##./.#.",
            "##./.##/.#.",
            ".#./##./.##",
            ".#./.##/##.",
            "#../###/.#.",
            "..#/###/.#.",
            ".#./###/#..",
            ".#./###/..#",
        ];
        let forms: Vec<Region> = images
            .iter()
            .map(|t| {
                let (f, s) = region(t);
                f.canonical(s)
            })
            .collect();
        assert!(forms.iter().all(|r| *r == forms[0]), "{forms:?}");
        // Translated inside a larger frame, and in a frame that is taller than wide.
        let (f, s) = region("...../..##./.##../..#../.....");
        assert_eq!(f.canonical(s), forms[0]);
        let (f, s) = region("..../.##./##../.#../..../....");
        assert_eq!(f.canonical(s), forms[0]);
        // A different shape (P pentomino) has another form.
        let (f, s) = region("##/##/#.");
        assert_ne!(f.canonical(s), forms[0]);
    }

    #[test]
    fn rows_by_reciprocal() {
        for w in 1..=128 {
            let f = Frame::new(128 / w, w);
            for i in 0..128 {
                assert_eq!(f.row_of(i), i / w, "cell {i}, width {w}");
            }
        }
    }

    #[test]
    fn long_strips_and_full_frames() {
        let f = Frame::new(1, 128);
        assert_eq!(f.canonical(u128::MAX), Region::new(1, 128, u128::MAX));
        let f = Frame::new(128, 1);
        assert_eq!(f.canonical(u128::MAX), Region::new(1, 128, u128::MAX));
        let f = Frame::new(2, 64);
        let mut n = 0;
        f.for_each_component(f.all, |_| n += 1);
        assert_eq!(n, 1);
        assert_eq!(f.canonical(f.all), Region::new(2, 64, u128::MAX));
        let f = Frame::new(64, 2);
        assert_eq!(f.canonical(f.all), Region::new(2, 64, u128::MAX));
    }
}
