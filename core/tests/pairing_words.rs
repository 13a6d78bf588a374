//! A pair's cost in words: each criterion the round weighs is met fully (all its weight
//! earned), partly, or not at all (none of it), as a director reads the draft.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use arbitre_core::pairing::parameters::System;
use arbitre_core::pairing::{Cost, Criterion, Met, PairingParameters};

/// The pair that earns every criterion's whole weight.
fn ideal(parameters: &PairingParameters) -> Cost {
    Cost {
        duplicate_game: parameters.base.avoid_duplicate_game,
        random: 0,
        colour_balance: parameters.base.balance_white_black,
        categories: parameters.main.avoid_mixing_categories,
        score_difference: parameters.main.minimize_score_difference,
        draw_up_down: parameters.main.draw_up_down,
        seeding: parameters.main.seeding,
        handicap: parameters.secondary.minimize_handicap,
        geography: parameters.secondary.avoid_same_geography,
    }
}

fn words(cost: &Cost, parameters: &PairingParameters) -> Vec<&'static str> {
    cost.in_words(parameters)
        .iter()
        .map(|reason| reason.words())
        .collect()
}

#[test]
fn a_pair_earning_every_weight_meets_every_weighed_criterion_fully() {
    let parameters = PairingParameters::opengotha_defaults(System::McMahon);
    let reasons = ideal(&parameters).in_words(&parameters);
    assert!(reasons.iter().all(|reason| reason.met == Met::Fully));
    assert!(words(&ideal(&parameters), &parameters).contains(&"a first meeting"));
    assert!(words(&ideal(&parameters), &parameters).contains(&"the same score"));
    // The random draw is no reason, and a criterion of weight zero is not weighed.
    let weighed = [
        parameters.base.avoid_duplicate_game,
        parameters.base.balance_white_black,
        parameters.main.avoid_mixing_categories,
        parameters.main.minimize_score_difference,
        parameters.main.draw_up_down,
        parameters.main.seeding,
        parameters.secondary.minimize_handicap,
        parameters.secondary.avoid_same_geography,
    ]
    .iter()
    .filter(|weight| **weight > 0)
    .count();
    assert_eq!(reasons.len(), weighed);
}

#[test]
fn a_rematch_across_score_groups_says_so() {
    let parameters = PairingParameters::opengotha_defaults(System::McMahon);
    let cost = Cost {
        duplicate_game: 0,
        score_difference: parameters.main.minimize_score_difference / 2,
        ..ideal(&parameters)
    };
    let reasons = cost.in_words(&parameters);
    let of = |criterion: Criterion| {
        reasons
            .iter()
            .find(|reason| reason.criterion == criterion)
            .unwrap()
    };
    assert_eq!(of(Criterion::Rematch).met, Met::Not);
    assert_eq!(of(Criterion::Rematch).words(), "a rematch");
    assert_eq!(of(Criterion::Score).met, Met::Partly);
    assert_eq!(of(Criterion::Score).words(), "close scores");
    assert_eq!(
        of(Criterion::Score).criterion.setting(),
        "Minimize score difference"
    );
    assert_eq!(of(Criterion::Colours).words(), "colours balanced");
}
