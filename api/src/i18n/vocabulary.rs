//! The human words for every setting and value a page shows: a result, a colour, a
//! placement criterion, in the reader's language, so that no page shows an identifier
//! (`mc_mahon`, `black_wins`) or an internal number.

use super::Language;
use arbitre_core::clock::TimeControl;
use arbitre_core::ending::ResumptionPolicy;
use arbitre_core::pairing::{self, Met, Reason};
use arbitre_core::rules::Preset;
use arbitre_core::standings::{Basis, Criterion, GameResult};

/// A ruleset as directors name it ("Règles françaises (FFG)").
pub fn ruleset(language: Language, preset: Preset) -> String {
    language.text(match preset {
        Preset::French => "rules-french",
        Preset::TrompTaylor => "rules-tromp-taylor",
        Preset::Chinese => "rules-chinese",
        Preset::Japanese => "rules-japanese",
        Preset::Aga => "rules-aga",
        Preset::NewZealand => "rules-new-zealand",
    })
}

/// The rulesets a form offers: each preset's API name and its words.
pub fn ruleset_choices(language: Language) -> Vec<(&'static str, String)> {
    Preset::ALL
        .iter()
        .map(|preset| (preset.name(), ruleset(language, *preset)))
        .collect()
}

/// A duration as a clock setting says it: "60 min", "30 s", "1 h 30 min" (the units'
/// symbols are the same in every language the pages speak).
pub fn duration(milliseconds: u64) -> String {
    let seconds = milliseconds / 1000;
    let (hours, minutes, seconds) = (seconds / 3600, seconds / 60 % 60, seconds % 60);
    let parts: Vec<String> = [(hours, "h"), (minutes, "min"), (seconds, "s")]
        .iter()
        .filter(|(value, _)| *value > 0)
        .map(|(value, unit)| format!("{value} {unit}"))
        .collect();
    if parts.is_empty() {
        format!("{milliseconds} ms")
    } else if hours > 0 && seconds == 0 && minutes == 0 {
        // A main time is said in minutes: "120 min" rather than "2 h".
        format!("{} min", hours * 60)
    } else {
        parts.join(" ")
    }
}

/// A time control as players say it: "60 min + 5 × 30 s byo-yomi", "Fischer 30 min + 20 s".
pub fn time_control(language: Language, control: &TimeControl) -> String {
    match control {
        TimeControl::None {} => language.text("time-none"),
        TimeControl::Absolute { main_time_ms } => {
            language.text_with("time-absolute", "main", duration(*main_time_ms))
        }
        TimeControl::ByoYomi {
            main_time_ms,
            periods,
            period_ms,
        } => language
            .message("time-byo-yomi")
            .arg("main", duration(*main_time_ms))
            .arg("periods", periods)
            .arg("period", duration(*period_ms))
            .to_string(),
        TimeControl::Canadian {
            main_time_ms,
            stones,
            period_ms,
        } => language
            .message("time-canadian")
            .arg("main", duration(*main_time_ms))
            .arg("stones", stones)
            .arg("period", duration(*period_ms))
            .to_string(),
        TimeControl::Fischer {
            main_time_ms,
            increment_ms,
            max_time_ms,
        } => {
            let fischer = language
                .message("time-fischer")
                .arg("main", duration(*main_time_ms))
                .arg("increment", duration(*increment_ms))
                .to_string();
            match max_time_ms {
                Some(max) => language
                    .message("time-fischer-capped")
                    .arg("fischer", fischer)
                    .arg("max", duration(*max))
                    .to_string(),
                None => fischer,
            }
        }
        TimeControl::Simple { per_move_ms } => {
            language.text_with("time-simple", "move", duration(*per_move_ms))
        }
        TimeControl::OnlineByoYomi {
            main_time_ms,
            byo_yomi_ms,
        } => language
            .message("time-online-byo-yomi")
            .arg("main", duration(*main_time_ms))
            .arg("byo_yomi", duration(*byo_yomi_ms))
            .to_string(),
    }
}

/// A game's result as the players say it ("Noir gagne par forfait"); nothing for a game
/// still without one.
pub fn result(language: Language, result: GameResult, by_default: bool) -> String {
    let key = match (result, by_default) {
        (GameResult::Unknown, _) => return String::new(),
        (GameResult::BlackWins, false) => "result-black-wins",
        (GameResult::BlackWins, true) => "result-black-wins-by-default",
        (GameResult::WhiteWins, false) => "result-white-wins",
        (GameResult::WhiteWins, true) => "result-white-wins-by-default",
        (GameResult::Jigo, _) => "result-jigo",
        (GameResult::BothWin, _) => "result-both-win",
        (GameResult::BothLose, _) => "result-both-lose",
        (GameResult::Void, _) => "result-void",
    };
    language.text(key)
}

/// A game record's result (SGF `RE`: `B+R`, `W+2.5`, `B+T`, `B+F`, `0`, `Void`) as the
/// players say it ("Noir gagne par abandon"); a text of another form as it is.
pub fn record_result(language: Language, result: &str) -> String {
    match result {
        "" => return String::new(),
        "0" | "Draw" => return language.text("result-draw"),
        "Void" => return language.text("result-no-result"),
        _ => {}
    }
    let Some((who, how)) = result.split_once('+') else {
        return result.to_string();
    };
    let winner = match who {
        "B" => language.text("colour-black"),
        "W" => language.text("colour-white"),
        _ => return result.to_string(),
    };
    if let Ok(points) = how.parse::<f64>() {
        return language
            .message("result-wins-points")
            .arg("winner", winner)
            .arg("points", language.decimal(points))
            .to_string();
    }
    let key = match how {
        "" => "result-wins",
        "R" | "Resign" => "result-wins-resignation",
        "T" | "Time" => "result-wins-time",
        "F" | "Forfeit" => "result-wins-forfeit",
        _ => return result.to_string(),
    };
    language.text_with(key, "winner", winner)
}

/// A placement criterion as a standings column shows it: OpenGotha's short name (the
/// abbreviation directors know from its printouts) and the criterion's full name.
pub struct CriterionName {
    pub short: String,
    pub name: String,
}

/// `criterion`'s names in `language`.
pub fn criterion(language: Language, criterion: Criterion) -> CriterionName {
    let (key, basis) = match criterion {
        Criterion::Category => ("criterion-cat", None),
        Criterion::Mms => ("criterion-mms", None),
        Criterion::Bzs => ("criterion-bzs", None),
        Criterion::Nbw => ("criterion-nbw", None),
        Criterion::Sts => ("criterion-sts", None),
        Criterion::Sosts => ("criterion-sosts", None),
        Criterion::Cps => ("criterion-cps", None),
        Criterion::Sos(basis) => ("criterion-sos", Some(basis)),
        Criterion::SosMinus1(basis) => ("criterion-sos-minus-1", Some(basis)),
        Criterion::SosMinus2(basis) => ("criterion-sos-minus-2", Some(basis)),
        Criterion::Sodos(basis) => ("criterion-sodos", Some(basis)),
        Criterion::Sosos(basis) => ("criterion-sosos", Some(basis)),
        Criterion::Cuss(basis) => ("criterion-cuss", Some(basis)),
        Criterion::Ext => ("criterion-ext", None),
        Criterion::Exr => ("criterion-exr", None),
        Criterion::DirectConfrontation => ("criterion-dc", None),
        Criterion::SimplifiedDirectConfrontation => ("criterion-sdc", None),
        Criterion::Rank => ("criterion-rank", None),
        Criterion::Rating => ("criterion-rating", None),
    };
    let basis = match basis {
        Some(Basis::Wins) => "wins",
        Some(Basis::Breizh) => "breizh",
        Some(Basis::Mms) | None => "mms",
    };
    let short = match criterion {
        // OpenGotha's own short names for these two are English words: the reader's here.
        Criterion::Rank => language.text("criterion-rank-short"),
        Criterion::Rating => language.text("criterion-rating-short"),
        _ => criterion.short_name().to_string(),
    };
    CriterionName {
        short,
        name: language.message(key).arg("basis", basis).to_string(),
    }
}

/// How a game resumed after a disputed count ends (`ResumptionPolicy`), in `language`.
pub fn dispute_policy(language: Language, policy: ResumptionPolicy) -> String {
    language.text(match policy {
        ResumptionPolicy::Strict => "dispute-strict",
        ResumptionPolicy::AgreeAgain => "dispute-agree-again",
        ResumptionPolicy::FourPasses => "dispute-four-passes",
    })
}

/// A criterion of the pairing, as OpenGotha's pairing settings name it, in `language`.
pub fn pairing_criterion(language: Language, criterion: pairing::Criterion) -> String {
    use pairing::Criterion as C;
    language.text(match criterion {
        C::Rematch => "pairing-rematch",
        C::Colours => "pairing-colours",
        C::Category => "pairing-category",
        C::Score => "pairing-score",
        C::DrawUpDown => "pairing-draw-up-down",
        C::Seeding => "pairing-seeding",
        C::Handicap => "pairing-handicap",
        C::Geography => "pairing-geography",
    })
}

/// A pair by one criterion of the pairing, in a few words of `language` (the core's
/// [`Reason::words`] in English).
pub fn pair_reason(language: Language, reason: Reason) -> String {
    use pairing::Criterion as C;
    use Met::{Fully, Not, Partly};
    language.text(match (reason.criterion, reason.met) {
        (C::Rematch, Not) => "pair-rematch",
        (C::Rematch, _) => "pair-first-meeting",
        (C::Colours, Fully) => "pair-colours-balanced",
        (C::Colours, _) => "pair-colours-unbalanced",
        (C::Category, Fully) => "pair-same-category",
        (C::Category, Partly) => "pair-near-categories",
        (C::Category, Not) => "pair-distant-categories",
        (C::Score, Fully) => "pair-same-score",
        (C::Score, Partly) => "pair-close-scores",
        (C::Score, Not) => "pair-distant-scores",
        (C::DrawUpDown, Fully) => "pair-no-draw-up-down",
        (C::DrawUpDown, _) => "pair-draw-up-down",
        (C::Seeding, Fully) => "pair-seeding-placed",
        (C::Seeding, Partly) => "pair-seeding-near",
        (C::Seeding, Not) => "pair-seeding-away",
        (C::Handicap, Fully) => "pair-least-handicap",
        (C::Handicap, Partly) => "pair-some-handicap",
        (C::Handicap, Not) => "pair-large-handicap",
        (C::Geography, Fully) => "pair-apart",
        (C::Geography, Partly) => "pair-apart-partly",
        (C::Geography, Not) => "pair-same-club",
    })
}

/// A pairing parameter's value as the settings form shows it: a choice in words
/// ("McMahon", "Séparer et replier", "oui"); a number or an OpenGotha version as it is.
pub fn parameter_value(language: Language, value: &str) -> String {
    let key = match value {
        "mc_mahon" => "choice-mc-mahon",
        "swiss" => "choice-swiss",
        "swiss_with_categories" => "choice-swiss-with-categories",
        "round_robin" => "choice-round-robin",
        "split_and_fold" => "choice-split-and-fold",
        "split_and_random" => "choice-split-and-random",
        "split_and_slip" => "choice-split-and-slip",
        "top" => "choice-top",
        "middle" => "choice-middle",
        "bottom" => "choice-bottom",
        "none" => "choice-none",
        "rating" => "choice-rating",
        "rank" => "choice-rank",
        "true" => "choice-yes",
        "false" => "choice-no",
        _ => return value.to_string(),
    };
    language.text(key)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn french() -> Language {
        Language::of_code("fr").unwrap()
    }

    #[test]
    fn a_time_control_is_said_as_players_say_it() {
        let english = Language::of_code("en").unwrap();
        let byo_yomi = TimeControl::ByoYomi {
            main_time_ms: 3_600_000,
            periods: 5,
            period_ms: 30_000,
        };
        assert_eq!(
            time_control(english, &byo_yomi),
            "60 min + 5 × 30 s byo-yomi"
        );
        let fischer = TimeControl::Fischer {
            main_time_ms: 1_800_000,
            increment_ms: 20_000,
            max_time_ms: None,
        };
        assert_eq!(time_control(french(), &fischer), "Fischer 30 min + 20 s");
        assert_eq!(duration(5_400_000), "1 h 30 min");
        assert_eq!(duration(90_000), "1 min 30 s");
    }

    #[test]
    fn the_french_rules_are_named_as_the_ffg_names_them() {
        assert_eq!(ruleset(french(), Preset::French), "Règles françaises (FFG)");
        assert_eq!(ruleset(french(), Preset::Japanese), "Règles japonaises");
    }

    #[test]
    fn a_records_result_is_said_in_words() {
        assert_eq!(record_result(french(), "B+R"), "Noir gagne par abandon");
        assert_eq!(
            record_result(french(), "W+6.5"),
            "Blanc gagne de 6,5 points"
        );
        assert_eq!(record_result(french(), "0"), "Partie nulle (jigo)");
        assert_eq!(record_result(french(), "?"), "?");
    }

    #[test]
    fn a_forfeit_is_said_as_french_players_say_it() {
        assert_eq!(
            result(french(), GameResult::BlackWins, true),
            "Noir gagne par forfait"
        );
        assert_eq!(result(french(), GameResult::Unknown, false), "");
    }

    #[test]
    fn a_pair_is_explained_in_the_readers_words() {
        let english = Language::of_code("en").unwrap();
        for criterion in [
            pairing::Criterion::Rematch,
            pairing::Criterion::Colours,
            pairing::Criterion::Category,
            pairing::Criterion::Score,
            pairing::Criterion::DrawUpDown,
            pairing::Criterion::Seeding,
            pairing::Criterion::Handicap,
            pairing::Criterion::Geography,
        ] {
            assert_eq!(
                pairing_criterion(english, criterion),
                criterion.setting(),
                "OpenGotha's own name in English"
            );
            for met in [Met::Fully, Met::Partly, Met::Not] {
                let reason = Reason { criterion, met };
                assert_eq!(pair_reason(english, reason), reason.words());
            }
        }
        let rematch = Reason {
            criterion: pairing::Criterion::Rematch,
            met: Met::Not,
        };
        assert_eq!(pair_reason(french(), rematch), "une rencontre déjà jouée");
    }

    #[test]
    fn a_pairing_parameters_choice_is_said_in_words() {
        use arbitre_core::pairing::parameters::{
            AdditionalOrder, Choice, DrawPosition, Seeding, System,
        };
        let names = [
            System::names(),
            Seeding::names(),
            DrawPosition::names(),
            AdditionalOrder::names(),
        ]
        .concat();
        for language in Language::all() {
            for name in names.iter().chain(&["true", "false"]) {
                let words = parameter_value(language, name);
                assert_ne!(&words, name, "{}: {name}", language.code());
            }
        }
        assert_eq!(
            parameter_value(french(), "split_and_random"),
            "Séparer et tirer au sort"
        );
        assert_eq!(parameter_value(french(), "3.52"), "3.52");
    }

    #[test]
    fn a_criterion_keeps_opengothas_short_name_beside_its_full_name() {
        let sos = criterion(french(), Criterion::Sos(Basis::Mms));
        assert_eq!(sos.short, "SOS");
        assert_eq!(sos.name, "Somme des scores McMahon des adversaires");
        let rank = criterion(french(), Criterion::Rank);
        assert_eq!(rank.short, "Niveau");
    }
}
