//! A tournament as the rating exports see it: players, rounds, results and the
//! parameters that decide scores and placement.

use super::rank::Rank;
use crate::clock::TimeControl;
use crate::fields::{check_handicap, check_handicap_correction, FieldIssue};
use crate::pairing::parameters::OpenGothaVersion;
use crate::pairing::PairingParameters;
use crate::point::Color;
use crate::rules::Preset;
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, HashMap};

/// A tournament's players, games and scoring parameters. Dates are ISO `YYYY-MM-DD` strings.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Tournament {
    /// Full name (EGD `EV[]`, FFG `;comm=`).
    pub name: String,
    /// Short name (FFG `;name=`, OpenGotha `shortName`).
    pub short_name: String,
    /// Town (EGD `PC[,city]`, FFG `;vill=`, OpenGotha `location`).
    pub city: String,
    /// Two-letter country code of the venue, as the EGF writes it (`UK`, not `GB`); may be empty.
    pub country: String,
    #[serde(default)]
    pub director: String,
    pub start_date: String,
    pub end_date: String,
    /// Played on a go server: EGF class D at best.
    #[serde(default)]
    pub online: bool,
    pub board_size: u32,
    /// The komi of even games; a handicap game's is the rules' (`KomiPolicy::Fixed`).
    pub komi: f64,
    /// The ruleset announced to the AGA (`rules=`), when known.
    #[serde(default)]
    pub rules: Option<Preset>,
    /// The clock every game was played with: the EGD class and adjusted time (`CL[]`,
    /// `TM[]`, FFG `;ta=`) are computed from it by [`crate::clock::egd_class`].
    pub time: TimeControl,
    pub handicap: HandicapPolicy,
    /// Number of rounds announced, at most [`Tournament::MAX_ROUNDS`]: no game, bye or
    /// absence may be in a later round.
    pub rounds: u32,
    pub mcmahon: McMahon,
    /// Lower rank limits of the categories, strongest category first: a player is in the
    /// first category whose limit their rank reaches, the last category holding everyone
    /// below (OpenGotha `GeneralParameterSet.lowerCategoryLimits`; no limit, one category).
    #[serde(default)]
    pub category_limits: Vec<Rank>,
    /// Lower rank limits of the Breizh groups, strongest group first (OpenGotha 3.52's
    /// `BZHGroup` elements, `numberOfBZHGroups` being one more): a player's Breizh start
    /// score is the number of groups below theirs, see [`Tournament::breizh_start`].
    #[serde(default)]
    pub breizh_limits: Vec<Rank>,
    pub scoring: Scoring,
    /// Placement criteria, most important first.
    pub criteria: Vec<Criterion>,
    pub players: Vec<Player>,
    pub games: Vec<Game>,
    /// Players given a bye (no opponent while present).
    #[serde(default)]
    pub byes: Vec<RoundEntry>,
    /// Players absent for a round.
    #[serde(default)]
    pub absences: Vec<RoundEntry>,
    /// The pairing parameters an OpenGotha file gives back (`PairingParameterSet`);
    /// `None` writes OpenGotha's defaults for the tournament's system.
    #[serde(default)]
    pub pairing: Option<PairingParameters>,
    /// How an OpenGotha file names the players in its games and byes: the key upper-cases
    /// in the locale of the program that saved it, and a file saved under a Turkish locale
    /// writes `İ` for `i` (`YİLMAZ`). Written back as read, so that OpenGotha in that
    /// locale finds every player's games again.
    #[serde(default)]
    pub key_locale: KeyLocale,
    /// OpenGotha's display settings (`DPParameterSet`), attribute by attribute as the file
    /// had them, written back unchanged: `displayNPPlayers` decides whether its standings
    /// list the players who have not played, `gameFormat` how its `.h9` writes a game.
    /// arbitre's own pages and exports do not read them.
    #[serde(default)]
    pub display: BTreeMap<String, String>,
}

/// The locale OpenGotha upper-cased its player keys in (Java's `String.toUpperCase()`
/// under the JVM's default locale).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum KeyLocale {
    /// Every locale but Turkish and Azeri: `i` → `I`.
    #[default]
    Root,
    /// Turkish: `i` → `İ` (U+0130), `ı` → `I`.
    Turkish,
}

impl Tournament {
    /// The most rounds a tournament may have. OpenGotha stops at 20
    /// (`Gotha.MAX_NUMBER_OF_ROUNDS`); a season-long league stays far below 100. The
    /// bound keeps the standings table of a malformed tournament small.
    pub const MAX_ROUNDS: u32 = 100;

    /// The last round with a game or a bye: what a results table covers.
    pub fn last_round(&self) -> u32 {
        let games = self.games.iter().map(|game| game.round);
        let byes = self.byes.iter().map(|bye| bye.round);
        games.chain(byes).max().unwrap_or(0)
    }

    /// The players' games that are not their game of the round: OpenGotha reads a file in
    /// which a player has several games in one round (an organizer's test), scores every
    /// one of them, and takes the one at the highest table as the player's game of the
    /// round, whose opponent and colour count for everything else (SOS, games already
    /// played, colour balance, draw-ups and downs), as measured with OpenGotha 3.51.02
    /// (`remote/20201126103200_round3.xml` of OpenGotha's repository and variants of it).
    /// Each is a game (index into [`Tournament::games`]) and the side of the player for
    /// whom it is an extra game, in the order of the games.
    pub fn extra_games(&self) -> Vec<(usize, Color)> {
        let mut kept: HashMap<(u32, &str), usize> = HashMap::new();
        for (index, game) in self.games.iter().enumerate() {
            for player in [game.black.as_str(), game.white.as_str()] {
                let slot = kept.entry((game.round, player)).or_insert(index);
                if self.games[*slot].table.unwrap_or(0) < game.table.unwrap_or(0) {
                    *slot = index;
                }
            }
        }
        let mut extra = Vec::new();
        for (index, game) in self.games.iter().enumerate() {
            for (player, colour) in [(&game.black, Color::Black), (&game.white, Color::White)] {
                if kept.get(&(game.round, player.as_str())) != Some(&index) {
                    extra.push((index, colour));
                }
            }
        }
        extra
    }

    /// Who plays `round`, in the order of registration: one rule for the service and
    /// `arbitre pair` alike. A player registered as preliminary is not paired (OpenGotha
    /// pairs only players registered as final), nor one absent for the round, nor one
    /// already given its bye (a bye is the round's result for that player: to pair a round
    /// again, ask [`Tournament::unpaired`] first).
    pub fn participants(&self, round: u32) -> Vec<String> {
        let away = |player: &Player| {
            self.absences
                .iter()
                .chain(&self.byes)
                .any(|entry| entry.round == round && entry.player == player.id)
        };
        self.players
            .iter()
            .filter(|player| !player.preliminary && !away(player))
            .map(|player| player.id.clone())
            .collect()
    }

    /// The score whose credit a round without a game shows in a results table: the
    /// McMahon score when the first criterion is MMS (a McMahon tournament), the number
    /// of wins otherwise (Swiss, Swiss with categories, anything else), as OpenGotha
    /// decides (`TournamentParameterSet.tournamentType`, `ScoredPlayer.halfGamesStrings`).
    pub fn results_table_basis(&self) -> Basis {
        match self.criteria.first() {
            Some(Criterion::Mms | Criterion::Bzs) => Basis::Mms,
            _ => Basis::Wins,
        }
    }

    pub fn player(&self, id: &str) -> Option<&Player> {
        self.players.iter().find(|player| player.id == id)
    }

    /// The player's category, 0 for the strongest (OpenGotha `Player.category`).
    pub fn category(&self, player: &Player) -> usize {
        self.category_limits
            .iter()
            .position(|&limit| player.rank >= limit)
            .unwrap_or(self.category_limits.len())
    }

    /// The OpenGotha version whose rules the tournament follows: its pairing parameters'
    /// (a file's writer, [`crate::pairing::opengotha`]), 3.52 for a tournament without them.
    pub fn opengotha_version(&self) -> OpenGothaVersion {
        self.pairing
            .map(|parameters| parameters.opengotha)
            .unwrap_or_default()
    }

    /// The player's Breizh start score before their correction: the number of Breizh groups
    /// below theirs, 0 for a player below every limit (OpenGotha 3.52, BZS).
    pub fn breizh_start(&self, player: &Player) -> usize {
        self.breizh_limits
            .iter()
            .position(|&limit| player.rank >= limit)
            .map_or(0, |group| self.breizh_limits.len() - group)
    }

    /// The tournament as it stood after `round`: later games, byes and absences left out,
    /// so that an export covers rounds 1 to `round` and a results table ends there.
    pub fn as_after(mut self, round: u32) -> Tournament {
        self.games.retain(|game| game.round <= round);
        self.byes.retain(|bye| bye.round <= round);
        self.absences.retain(|absence| absence.round <= round);
        self
    }

    /// The tournament as it stood before `round` was paired: its games and byes of that
    /// round and later ones dropped (a bye is given by the pairing), its absences kept
    /// (they are known before it). What `arbitre pair` pairs a file's round from.
    pub fn unpaired(mut self, round: u32) -> Tournament {
        self.games.retain(|game| game.round < round);
        self.byes.retain(|bye| bye.round < round);
        self
    }
}

/// How handicaps are given (OpenGotha `HandicapParameterSet`): one type for the API, the
/// store, the OpenGotha files and the exports.
#[cfg_attr(feature = "utoipa", derive(utoipa::ToSchema))]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HandicapPolicy {
    /// Stones taken off the rank difference (EGD `HA[h1]`), -1 to 9: OpenGotha accepts a
    /// negative correction (`hdCorrection="-1"`: one stone more than the rank difference).
    #[cfg_attr(feature = "utoipa", schema(minimum = -1, maximum = 9))]
    pub reduction: i32,
    /// Most stones given, 0 to 9; 0 means even games only (EGD `HA[h9]`).
    #[cfg_attr(feature = "utoipa", schema(maximum = 9))]
    pub ceiling: u32,
    /// Handicap computed from McMahon scores rather than ranks.
    pub based_on_mms: bool,
    /// Games between players of this rank or stronger are even (`1d`, `5k`).
    #[cfg_attr(feature = "utoipa", schema(value_type = String, example = "1d", pattern = r"^(([1-9]|[1-4][0-9]|50)[kK]|[1-9][dDpP])$"))]
    pub no_handicap_from: Rank,
}

impl Default for HandicapPolicy {
    /// OpenGotha's defaults: one stone off, at most nine, from McMahon scores, even games
    /// from 1d up.
    fn default() -> HandicapPolicy {
        HandicapPolicy {
            reduction: 1,
            ceiling: 9,
            based_on_mms: true,
            no_handicap_from: Rank::FIRST_DAN,
        }
    }
}

/// A checked field of a [`HandicapPolicy`], named as each way in names it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum HandicapField {
    Reduction,
    Ceiling,
}

impl HandicapField {
    /// The field's name in the policy's JSON (`handicap_policy.reduction`).
    pub fn name(self) -> &'static str {
        match self {
            HandicapField::Reduction => "reduction",
            HandicapField::Ceiling => "ceiling",
        }
    }

    /// The attribute of OpenGotha's `HandicapParameterSet` that sets it.
    pub fn opengotha_attribute(self) -> &'static str {
        match self {
            HandicapField::Reduction => "hdCorrection",
            HandicapField::Ceiling => "hdCeiling",
        }
    }
}

impl HandicapPolicy {
    /// What is wrong with the policy, field by field (the rank is checked as it is read).
    pub fn issues(&self) -> Vec<(HandicapField, FieldIssue)> {
        let mut issues = Vec::new();
        if let Err(issue) = check_handicap_correction(self.reduction) {
            issues.push((HandicapField::Reduction, issue));
        }
        if let Err(issue) = check_handicap(self.ceiling) {
            issues.push((HandicapField::Ceiling, issue));
        }
        issues
    }

    /// The EGD `HA[hN]` value: "h9 always means no handicap". A negative correction has no
    /// `HA[]` value: OpenGotha then writes no `HA[]` line (`generateH9File` writes it for a
    /// correction above 0), and neither does arbitre.
    pub fn egd_reduction(self) -> Option<u32> {
        if self.ceiling == 0 {
            Some(9)
        } else {
            u32::try_from(self.reduction).ok()
        }
    }
}

/// McMahon bar and floor, and the rank whose start score is zero.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct McMahon {
    pub bar: Rank,
    pub floor: Rank,
    /// OpenGotha `genMMZero`: the start score is the number of grades above this rank (30k).
    pub zero: Rank,
}

impl McMahon {
    /// OpenGotha's defaults (`GeneralParameterSet`): bar 4d, floor 20k, start scores
    /// counted from 30k.
    pub const OPENGOTHA: McMahon = McMahon {
        bar: Rank::FOURTH_DAN,
        floor: Rank::TWENTIETH_KYU,
        zero: Rank::THIRTY_KYU,
    };

    /// What is wrong with a bar and floor, named `bar` or `floor`: a floor below the rank
    /// start scores count from (its players would start below zero), or stronger than the
    /// bar (OpenGotha: every player between floor and bar keeps their rank's score).
    pub fn issues(&self) -> Vec<(&'static str, FieldIssue)> {
        if self.floor < self.zero {
            vec![("floor", FieldIssue::McMahonFloorBelowZero)]
        } else if self.floor > self.bar {
            vec![("floor", FieldIssue::McMahonFloorAboveBar)]
        } else {
            Vec::new()
        }
    }
}

/// What rounds without a game are worth, in half points.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Credit {
    /// Added to the McMahon score (2 = one point).
    pub mms_half_points: u32,
    /// Added to the number of wins.
    pub nbw_half_points: u32,
}

/// Scoring knobs for rounds without a played game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Scoring {
    pub bye: Credit,
    pub absence: Credit,
    /// OpenGotha `genRoundDownNBWMMS`: credits for byes and absences are rounded down to whole points.
    pub round_down: bool,
    /// OpenGotha `genCountNotPlayedGamesAsHalfPoint`: in SOS, an opponent's rounds without a
    /// played game (byes, absences, rounds unpaired, games won by default and games whose
    /// result is not known yet, as OpenGotha's help lists them) count half a point each
    /// instead of what they earned.
    pub unplayed_as_half_point_in_sos: bool,
}

/// The score a tie-breaker sums: McMahon score, number of wins or Breizh score.
#[cfg_attr(feature = "utoipa", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "utoipa", schema(as = ScoreBasis))]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Basis {
    Mms,
    Wins,
    /// The Breizh score (BZS, OpenGotha 3.52): a McMahon score whose start is the player's
    /// Breizh group.
    Breizh,
}

/// A placement criterion: every criterion OpenGotha offers (its help, "Placement
/// settings", and `PlacementParameterSet.allPlacementCriteria`), plus the cup score its help
/// describes.
#[cfg_attr(feature = "utoipa", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "utoipa", schema(as = PlacementCriterion))]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Criterion {
    /// The player's category (`CAT`): the stronger category first, see
    /// [`Tournament::category`].
    Category,
    /// McMahon score.
    Mms,
    /// Number of wins.
    Nbw,
    /// Strasbourg score (`STS`): the McMahon score, plus 2 points from round `n`−2 on for
    /// a player whose McMahon score after round `n`−2 is exactly the bar's start score
    /// plus `n`−2 (`n` the declared rounds), and 2 more from round `n`−1 on when it is
    /// exactly the bar's plus `n`−1 after round `n`−1: the players still unbeaten at the
    /// bar reach the elimination bracket's quarter- and semi-final (OpenGotha's test).
    Sts,
    /// Breizh score (`BZS`, OpenGotha 3.52): the McMahon score counted from the Breizh
    /// start score ([`Tournament::breizh_start`]) instead of the McMahon one.
    Bzs,
    /// Sum of the opponents' Strasbourg scores (`SOSTS`).
    Sosts,
    /// Cup score (`CPS`): "a win in a given round has always a bigger weight than all wins
    /// in following rounds": each round's wins weigh 2 to the power of the rounds after it.
    Cps,
    /// Sum of opponents' scores.
    Sos(Basis),
    /// SOS without the lowest opponent score.
    SosMinus1(Basis),
    /// SOS without the two lowest opponent scores.
    SosMinus2(Basis),
    /// Sum of the scores of the opponents beaten (half for a jigo).
    Sodos(Basis),
    /// Sum of opponents' SOS.
    Sosos(Basis),
    /// Cumulative sum of the score after each round.
    Cuss(Basis),
    /// Exploits tentés (`EXT`): the opponents' numbers of wins, each weighted by how hard
    /// the game was for the player (0 to 3, see `compute`).
    Ext,
    /// Exploits réussis (`EXR`): the same over the games won.
    Exr,
    /// Direct confrontation (`DC`): among the players tied on the criteria before it, each
    /// is placed above those they beat; cycles of wins are merged; see `compute`.
    DirectConfrontation,
    /// Simplified direct confrontation (`SDC`): among the players tied on the criteria
    /// before it, if all have played each other, the number of them each one beat;
    /// otherwise 0 for all.
    SimplifiedDirectConfrontation,
    Rank,
    Rating,
}

impl Criterion {
    /// The column title OpenGotha prints (`PlacementCriterion.shortName`).
    pub fn short_name(self) -> &'static str {
        match self {
            Criterion::Category => "CAT",
            Criterion::Mms => "MMS",
            Criterion::Nbw => "NBW",
            Criterion::Sts => "STS",
            Criterion::Cps => "CPS",
            Criterion::Bzs => "BZS",
            Criterion::Sosts => "SOSTS",
            Criterion::Sos(_) => "SOS",
            Criterion::SosMinus1(_) => "SOS-1",
            Criterion::SosMinus2(_) => "SOS-2",
            Criterion::Sodos(_) => "SODOS",
            Criterion::Sosos(_) => "SOSOS",
            Criterion::Cuss(_) => "CUSS",
            Criterion::Ext => "EXT",
            Criterion::Exr => "EXR",
            Criterion::DirectConfrontation => "DC",
            Criterion::SimplifiedDirectConfrontation => "SDC",
            Criterion::Rank => "Rank",
            Criterion::Rating => "Rating",
        }
    }
}

/// A registered player.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Player {
    /// Unique within the tournament; games, byes and absences refer to it.
    pub id: String,
    pub surname: String,
    pub first_name: String,
    pub rank: Rank,
    #[serde(default)]
    pub rating: Option<i32>,
    /// Two-letter country code, EGF style.
    pub country: String,
    pub club: String,
    #[serde(default)]
    pub egd_pin: Option<String>,
    #[serde(default)]
    pub ffg_licence: Option<String>,
    #[serde(default)]
    pub aga_id: Option<String>,
    /// Added to the McMahon start score (OpenGotha `smmsCorrection`).
    #[serde(default)]
    pub mms_correction: i32,
    /// Registered provisionally (OpenGotha `registeringStatus="PRE"`): in the tournament
    /// and in its score groups, not paired; written back as such.
    #[serde(default)]
    pub preliminary: bool,
}

/// A game of a round.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Game {
    /// 1-based.
    pub round: u32,
    /// 1-based table number, when known.
    #[serde(default)]
    pub table: Option<u32>,
    pub black: String,
    pub white: String,
    pub handicap: u32,
    /// This game's komi when it differs from the tournament's.
    #[serde(default)]
    pub komi: Option<f64>,
    /// False when the colours were not recorded (OpenGotha `knownColor`).
    #[serde(default = "colours_known_by_default")]
    pub colours_known: bool,
    pub result: GameResult,
    /// Won by default (forfeit): counts for the score, is not rated.
    #[serde(default)]
    pub by_default: bool,
}

fn colours_known_by_default() -> bool {
    true
}

/// What the referees recorded.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum GameResult {
    /// Not yet known: counts nothing, the opponent still counts in SOS.
    Unknown,
    BlackWins,
    WhiteWins,
    Jigo,
    BothWin,
    BothLose,
    /// Annulled: counts for nobody, as if the round had no game.
    Void,
}

impl GameResult {
    /// Half points earned by the player who had `colour`.
    pub fn half_points(self, colour: Color) -> u32 {
        match (self, colour) {
            (GameResult::BlackWins, Color::Black) | (GameResult::WhiteWins, Color::White) => 2,
            (GameResult::BothWin, _) => 2,
            (GameResult::Jigo, _) => 1,
            _ => 0,
        }
    }

    /// Half points the McMahon score (and the Strasbourg score built on it) counts for the
    /// player who had `colour`: the game's points, except that OpenGotha 3.52 gives Black
    /// no McMahon point for "both win" (its number of wins and Breizh score keep it; 24
    /// public files rank otherwise under 3.51.02 and 3.52.03).
    pub fn mcmahon_half_points(self, colour: Color, version: OpenGothaVersion) -> u32 {
        match (self, colour, version) {
            (GameResult::BothWin, Color::Black, OpenGothaVersion::Since352) => 0,
            _ => self.half_points(colour),
        }
    }
}

/// A player in a round: a bye or an absence.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct RoundEntry {
    pub round: u32,
    pub player: String,
}
