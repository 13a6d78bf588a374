//! Large rounds are paired in several groups, as OpenGotha pairs them: above
//! [`LARGEST`] players, the players are cut into groups of at least [`SMALLEST`] and at
//! most [`LARGEST`], an even number each, and each group is matched on its own (OpenGotha
//! 3.51: `Pairing.PAIRING_GROUP_MIN_SIZE` 200 and `PAIRING_GROUP_MAX_SIZE` 600, the rule
//! below observed by running it on rounds of 602 to 2,000 players, one score or many).
//!
//! The players are taken category by category, then by main score from the top. A group
//! gathers whole score groups until it holds at least [`SMALLEST`] players, an even
//! number; where that would take it past [`LARGEST`], or leave fewer than [`SMALLEST`] for
//! the groups after it, it is cut inside a score group instead, at [`LARGEST`] players or
//! at as many as leave [`SMALLEST`]. Once [`LARGEST`] players or fewer remain, they are the
//! last group. Examples from OpenGotha: one score of 1,300 players is paired as 600, 500
//! and 200; two scores of 500 as 500 and 500; scores of 500 and 150 as 450 and 200; scores
//! of 100 players each as groups of 200 and a last one of 600.

/// The largest group matched at once.
pub const LARGEST: usize = 600;

/// The smallest group.
pub const SMALLEST: usize = 200;

/// The groups of a round whose players (in pairing order, their number even) have the
/// given keys: category, then main score in points rounded down. Each group lists
/// positions in pairing order.
pub fn split(keys: &[(usize, i64)]) -> Vec<Vec<usize>> {
    let total = keys.len();
    if total <= LARGEST {
        return vec![(0..total).collect()];
    }
    let mut order: Vec<usize> = (0..total).collect();
    order.sort_by_key(|&position| (keys[position].0, std::cmp::Reverse(keys[position].1)));
    let mut groups = Vec::new();
    let mut start = 0;
    while total - start > LARGEST {
        let end = group_end(&order, keys, start);
        let mut group = order[start..end].to_vec();
        group.sort_unstable();
        groups.push(group);
        start = end;
    }
    let mut last = order[start..].to_vec();
    last.sort_unstable();
    groups.push(last);
    groups
}

/// Where the group starting at `start` (in `order`) ends.
fn group_end(order: &[usize], keys: &[(usize, i64)], start: usize) -> usize {
    let total = order.len();
    let cut = start + LARGEST.min(total - start - SMALLEST);
    let mut end = start;
    loop {
        let key = keys[order[end]];
        while end < total && keys[order[end]] == key {
            end += 1;
        }
        let size = end - start;
        if size > LARGEST || total - end < SMALLEST {
            return cut;
        }
        if size >= SMALLEST && size.is_multiple_of(2) {
            return end;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sizes(scores: &[usize]) -> Vec<usize> {
        let keys: Vec<(usize, i64)> = scores
            .iter()
            .enumerate()
            .flat_map(|(group, &size)| std::iter::repeat_n((0, -(group as i64)), size))
            .collect();
        split(&keys).iter().map(Vec::len).collect()
    }

    #[test]
    fn opengotha_groups_observed() {
        assert_eq!(sizes(&[1300]), [600, 500, 200]);
        assert_eq!(sizes(&[1900]), [600, 600, 500, 200]);
        assert_eq!(sizes(&[700]), [500, 200]);
        assert_eq!(sizes(&[602]), [402, 200]);
        assert_eq!(sizes(&[1000]), [600, 400]);
        assert_eq!(sizes(&[500, 500]), [500, 500]);
        assert_eq!(sizes(&[700, 700]), [600, 600, 200]);
        assert_eq!(sizes(&[500, 150]), [450, 200]);
        assert_eq!(sizes(&[100; 20]), [200, 200, 200, 200, 200, 200, 200, 600]);
        assert_eq!(sizes(&[150; 10]), [300, 300, 300, 600]);
        let b2000 = [
            23, 76, 108, 94, 84, 96, 118, 128, 135, 142, 140, 133, 131, 123, 104, 78, 66, 62, 56,
            43, 29, 20, 8, 3,
        ];
        assert_eq!(sizes(&b2000), [600, 262, 282, 264, 592]);
        assert_eq!(sizes(&[600]), [600]);
    }

    #[test]
    fn categories_come_first_and_groups_keep_pairing_order() {
        // 700 players: the strongest category's 100 are listed after the others' 600.
        let keys: Vec<(usize, i64)> = (0..700)
            .map(|position| if position < 600 { (1, 0) } else { (0, 0) })
            .collect();
        let groups = split(&keys);
        assert_eq!(groups.len(), 2);
        assert_eq!(groups[0], (0..400).chain(600..700).collect::<Vec<_>>());
        assert_eq!(groups[1], (400..600).collect::<Vec<_>>());
    }
}
