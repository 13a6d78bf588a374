//! Rulesets as data: orthogonal knobs and the named presets built from them.
//!
//! Code asks a knob (`rules.ko`), never the preset's name: a tournament may play
//! French rules with Japanese counting, and nothing else needs to know.

use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// What happens when a move leaves the mover's own chain without liberties.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Suicide {
    /// FFG rule 3: the move is illegal.
    Forbidden,
    /// Tromp-Taylor rule 7: the mover's libertyless chains are cleared after the
    /// opponent's. A one-stone suicide recreates the previous board, so superko forbids it.
    Allowed,
}

/// The repetition rule.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum KoRule {
    /// Japanese-style: no immediate recapture of a single stone that restores the
    /// previous position. Longer cycles are not forbidden; they void the game.
    Simple,
    /// Tromp-Taylor rule 6: no move may recreate any earlier board, whoever moved.
    PositionalSuperko,
    /// FFG rule 4: no move may recreate the board left by any earlier turn (move or
    /// pass) of the same player; equivalently, the same board with the same player to move.
    SituationalSuperko,
}

/// How the final position is counted.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Counting {
    /// FFG rule 6, Chinese, Tromp-Taylor rule 9: stones on the board plus surrounded empty points.
    Area,
    /// Japanese: surrounded empty points plus prisoners; seki eyes and dame count nothing.
    Territory,
}

/// What White receives for Black's handicap stones, on top of the base handicap komi,
/// when no komi is given explicitly. An explicit komi (`KM`, a game's komi) is the whole
/// compensation: nothing is added to it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum HandicapCompensation {
    /// Japanese: nothing.
    None,
    /// Chinese: one point per handicap stone.
    PerStone,
    /// FFG (n − ½ komi) and AGA: one point per handicap stone after the first.
    PerStoneAfterFirst,
}

/// A ruleset: the knobs that decide legality and counting.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Rules {
    pub suicide: Suicide,
    pub ko: KoRule,
    pub counting: Counting,
    pub handicap_compensation: HandicapCompensation,
    /// Default komi of an even game.
    pub even_komi: f64,
    /// Default komi of a handicap game before the compensation is added.
    pub handicap_base_komi: f64,
    /// AGA and FFG rule 6 bis: each pass hands one prisoner to the opponent, so that
    /// territory counting gives the area result.
    pub pass_stones: bool,
}

impl Rules {
    /// The default komi of a game with `handicap` stones (0 for an even game).
    /// FFG preliminary rule and §10: 7.5 even, n − ½ with n stones, so ½ with one
    /// stone (Black simply plays first, without komi).
    pub fn default_komi(&self, handicap: u32) -> f64 {
        if handicap == 0 {
            return self.even_komi;
        }
        let compensation = match self.handicap_compensation {
            HandicapCompensation::None => 0,
            HandicapCompensation::PerStone if handicap >= 2 => handicap,
            HandicapCompensation::PerStone => 0,
            HandicapCompensation::PerStoneAfterFirst => handicap - 1,
        };
        self.handicap_base_komi + f64::from(compensation)
    }
}

/// A tournament's komi rule: the komi of a game nobody gives one, from the tournament's
/// policy and the game's handicap. Every path that sets a game's komi (the pairing
/// engine's draft, a pairing entered or edited by hand, a ruling, an imported tournament)
/// asks this one function, so that one pairing gets one komi whichever way it came.
#[cfg_attr(feature = "utoipa", derive(utoipa::ToSchema))]
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "kebab-case", deny_unknown_fields)]
pub enum KomiPolicy {
    /// The ruleset's komi for the game's handicap (FFG: 7.5 even, n − ½ with n stones).
    Ruleset {},
    /// This komi for even games; a handicap game gets the ruleset's handicap komi. So
    /// OpenGotha applies its tournament komi (`GeneralParameterSet.komi`): it is the even
    /// games', and its pairing gives handicap games the rules' n − ½.
    Fixed {
        #[cfg_attr(feature = "utoipa", schema(minimum = -150, maximum = 150, multiple_of = 0.5))]
        komi: f64,
    },
}

impl KomiPolicy {
    /// The komi of a game with `handicap` stones under `rules`.
    pub fn komi(self, rules: &Rules, handicap: u32) -> f64 {
        match self {
            KomiPolicy::Fixed { komi } if handicap == 0 => komi,
            KomiPolicy::Fixed { .. } | KomiPolicy::Ruleset {} => rules.default_komi(handicap),
        }
    }
}

/// The named rulesets.
#[cfg_attr(feature = "utoipa", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "utoipa", schema(as = Ruleset))]
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Preset {
    /// FFG rules 1–6: no suicide, situational superko (rule 4), area count (rule 6).
    #[default]
    French,
    TrompTaylor,
    Chinese,
    Japanese,
    Aga,
    NewZealand,
}

impl Preset {
    pub const ALL: [Preset; 6] = [
        Preset::French,
        Preset::TrompTaylor,
        Preset::Chinese,
        Preset::Japanese,
        Preset::Aga,
        Preset::NewZealand,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Preset::French => "french",
            Preset::TrompTaylor => "tromp-taylor",
            Preset::Chinese => "chinese",
            Preset::Japanese => "japanese",
            Preset::Aga => "aga",
            Preset::NewZealand => "new-zealand",
        }
    }

    /// The knobs of this preset.
    pub fn rules(self) -> Rules {
        let french = Rules {
            suicide: Suicide::Forbidden,
            ko: KoRule::SituationalSuperko,
            counting: Counting::Area,
            handicap_compensation: HandicapCompensation::PerStoneAfterFirst,
            even_komi: 7.5,
            handicap_base_komi: 0.5,
            pass_stones: true,
        };
        match self {
            Preset::French => french,
            Preset::TrompTaylor => Rules {
                suicide: Suicide::Allowed,
                ko: KoRule::PositionalSuperko,
                handicap_compensation: HandicapCompensation::None,
                pass_stones: false,
                ..french
            },
            Preset::Chinese => Rules {
                ko: KoRule::PositionalSuperko,
                handicap_compensation: HandicapCompensation::PerStone,
                pass_stones: false,
                ..french
            },
            Preset::Japanese => Rules {
                ko: KoRule::Simple,
                counting: Counting::Territory,
                handicap_compensation: HandicapCompensation::None,
                even_komi: 6.5,
                pass_stones: false,
                ..french
            },
            Preset::Aga => french,
            Preset::NewZealand => Rules {
                suicide: Suicide::Allowed,
                handicap_compensation: HandicapCompensation::None,
                even_komi: 7.0,
                handicap_base_komi: 0.0,
                pass_stones: false,
                ..french
            },
        }
    }

    /// Maps an SGF `RU[]` value to a preset, whatever its case and punctuation
    /// (`French`, `FFG`, `Tromp-Taylor`, `Chinese`, `Japanese`, `AGA`, `NZ`, `Korean`, ...).
    pub fn from_sgf_ru(value: &str) -> Option<Preset> {
        // The usual value is short ASCII: its key is built on the stack, without the
        // allocation of the general path (ASCII letters and digits are the alphanumeric
        // ASCII characters, and lowercase as ASCII).
        let mut ascii = [0u8; 24];
        if value.is_ascii() && value.len() <= ascii.len() {
            let mut length = 0;
            for byte in value.bytes().filter(u8::is_ascii_alphanumeric) {
                ascii[length] = byte.to_ascii_lowercase();
                length += 1;
            }
            return std::str::from_utf8(&ascii[..length])
                .ok()
                .and_then(Preset::from_key);
        }
        let key: String = value
            .chars()
            .filter(|c| c.is_alphanumeric())
            .flat_map(char::to_lowercase)
            .collect();
        Preset::from_key(&key)
    }

    /// The preset named by a lowercase alphanumeric key.
    fn from_key(key: &str) -> Option<Preset> {
        let preset = match key {
            "french" | "ffg" | "fr" | "france" | "francaise" | "français" | "francais" => {
                Preset::French
            }
            "tromptaylor" | "tt" | "logical" | "logicalrules" => Preset::TrompTaylor,
            "chinese" | "cn" | "china" | "zh" | "chineserules" | "cgcf" => Preset::Chinese,
            "japanese" | "jp" | "ja" | "japan" | "nihonkiin" | "korean" | "kr" | "korea" => {
                Preset::Japanese
            }
            "aga" | "american" | "usa" | "us" | "agarules" => Preset::Aga,
            "nz" | "newzealand" | "nzga" => Preset::NewZealand,
            _ => return None,
        };
        Some(preset)
    }
}

impl fmt::Display for Preset {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A ruleset name that is not one of the presets.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown ruleset {0:?}: expected one of french, tromp-taylor, chinese, japanese, aga, new-zealand")]
pub struct UnknownPreset(pub String);

impl FromStr for Preset {
    type Err = UnknownPreset;

    /// Accepts the preset names and every `RU[]` spelling.
    fn from_str(name: &str) -> Result<Self, Self::Err> {
        Preset::ALL
            .into_iter()
            .find(|preset| preset.name() == name)
            .or_else(|| Preset::from_sgf_ru(name))
            .ok_or_else(|| UnknownPreset(name.to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_fixed_komi_is_the_even_games_and_handicap_games_get_the_rules() {
        let french = Preset::French.rules();
        assert_eq!(KomiPolicy::Fixed { komi: 6.5 }.komi(&french, 0), 6.5);
        assert_eq!(KomiPolicy::Fixed { komi: 6.5 }.komi(&french, 3), 2.5);
        assert_eq!(KomiPolicy::Fixed { komi: 6.5 }.komi(&french, 1), 0.5);
        assert_eq!(KomiPolicy::Ruleset {}.komi(&french, 0), 7.5);
        assert_eq!(KomiPolicy::Ruleset {}.komi(&french, 3), 2.5);
        let japanese = Preset::Japanese.rules();
        assert_eq!(KomiPolicy::Fixed { komi: 5.5 }.komi(&japanese, 4), 0.5);
    }

    #[test]
    fn ffg_komi_is_seven_and_a_half_even_and_n_minus_half_with_handicap() {
        let french = Preset::French.rules();
        assert_eq!(french.default_komi(0), 7.5);
        assert_eq!(french.default_komi(1), 0.5);
        assert_eq!(french.default_komi(3), 2.5);
        assert_eq!(french.default_komi(9), 8.5);
    }

    #[test]
    fn ru_values_in_any_case_map_to_presets() {
        assert_eq!(Preset::from_sgf_ru("Japanese"), Some(Preset::Japanese));
        assert_eq!(Preset::from_sgf_ru("FFG"), Some(Preset::French));
        assert_eq!(
            Preset::from_sgf_ru("tromp-taylor"),
            Some(Preset::TrompTaylor)
        );
        assert_eq!(Preset::from_sgf_ru("New Zealand"), Some(Preset::NewZealand));
        assert_eq!(Preset::from_sgf_ru("CHINESE"), Some(Preset::Chinese));
        assert_eq!(Preset::from_sgf_ru("Ing"), None);
        assert_eq!(Preset::from_sgf_ru("Français"), Some(Preset::French));
        assert_eq!(
            Preset::from_sgf_ru("T r o m p - T a y l o r . . ."),
            Some(Preset::TrompTaylor)
        );
        assert_eq!(Preset::from_sgf_ru("Japanese."), Some(Preset::Japanese));
        assert_eq!(Preset::from_sgf_ru(""), None);
        assert_eq!("aga".parse::<Preset>(), Ok(Preset::Aga));
        assert!("go".parse::<Preset>().is_err());
    }

    #[test]
    fn presets_differ_only_in_their_knobs() {
        assert_eq!(Preset::Japanese.rules().ko, KoRule::Simple);
        assert_eq!(Preset::Chinese.rules().ko, KoRule::PositionalSuperko);
        assert_eq!(Preset::TrompTaylor.rules().suicide, Suicide::Allowed);
        assert_eq!(Preset::French.rules().ko, KoRule::SituationalSuperko);
    }
}
