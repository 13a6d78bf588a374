//! The pairing side of an OpenGotha tournament file: the `PairingParameterSet` weights and
//! the version that wrote it. Players registered provisionally (`PRE`,
//! [`crate::standings::Player::preliminary`]) are not paired, but stay in the tournament:
//! OpenGotha counts every player of the file in the score groups.
//!
//! Attribute names: OpenGotha's `tournament.dtd` (data version 201). A missing attribute
//! takes the value OpenGotha's import gives it
//! ([`PairingParameters::opengotha_import_defaults`]), not a new tournament's default.

use super::entrants::MainScore;
use super::parameters::{
    AdditionalOrder, DrawPosition, OpenGothaVersion, PairingParameters, Ratio, Seeding, System,
};
use crate::export::opengotha::{attributes, decode, line_and_column, LineCounter, OpenGothaError};
use crate::standings::Tournament;
use quick_xml::events::Event;
use quick_xml::Reader;
use std::collections::HashMap;
use std::str::FromStr;

/// What an OpenGotha file says about pairing.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PairingSettings {
    pub parameters: PairingParameters,
}

/// Reads the pairing settings of an OpenGotha file whose tournament is `tournament`
/// (read from the same bytes by [`crate::export::opengotha::import`]).
pub fn read(bytes: &[u8], tournament: &Tournament) -> Result<PairingSettings, OpenGothaError> {
    let text = decode(bytes)?;
    let mut reader = Reader::from_str(&text);
    let mut pairing: Option<(usize, HashMap<String, String>)> = None;
    let mut categories = 1;
    let mut version = OpenGothaVersion::V351;
    let mut lines = LineCounter::default();
    loop {
        let offset = usize::try_from(reader.buffer_position()).unwrap_or(usize::MAX);
        let event = reader.read_event().map_err(|error| {
            let (line, column) =
                line_and_column(&text, usize::try_from(reader.error_position()).unwrap_or(0));
            OpenGothaError::Xml {
                line,
                column,
                message: error.to_string(),
            }
        })?;
        let start = match event {
            Event::Start(start) | Event::Empty(start) => start,
            Event::Eof => break,
            _ => continue,
        };
        let line = lines.line_at(&text, offset);
        match start.name().as_ref() {
            b"GeneralParameterSet" => {
                let values = attributes(&start, line)?;
                if let Some(value) = values.get("numberOfCategories") {
                    categories =
                        value
                            .trim()
                            .parse()
                            .map_err(|_| OpenGothaError::InvalidAttribute {
                                line,
                                element: "GeneralParameterSet",
                                attribute: "numberOfCategories",
                                value: value.clone(),
                            })?;
                }
            }
            b"PairingParameterSet" => pairing = Some((line, attributes(&start, line)?)),
            b"Tournament" => version = opengotha_version(&attributes(&start, line)?),
            _ => {}
        }
    }
    let system = system(tournament, categories);
    let mut parameters = PairingParameters::opengotha_import_defaults(system);
    parameters.opengotha = version;
    if let Some((line, values)) = pairing {
        Fields {
            line,
            values: &values,
        }
        .apply(&mut parameters)?;
    }
    Ok(PairingSettings { parameters })
}

/// The system of a tournament with `categories` categories, as its main score says
/// ([`MainScore`]).
fn system(tournament: &Tournament, categories: usize) -> System {
    match MainScore::of(tournament) {
        MainScore::McMahon => System::McMahon,
        MainScore::Wins | MainScore::Cup(_) if categories > 1 => System::SwissWithCategories,
        MainScore::Wins | MainScore::Cup(_) => System::Swiss,
    }
}

/// The system of a tournament, as a file of it says: its main score and categories.
pub fn system_of(tournament: &Tournament) -> System {
    system(tournament, tournament.category_limits.len() + 1)
}

/// `PairingParameterSet`'s attributes, read over the defaults.
struct Fields<'a> {
    line: usize,
    values: &'a HashMap<String, String>,
}

impl Fields<'_> {
    fn get<T: FromStr>(
        &self,
        attribute: &'static str,
        target: &mut T,
    ) -> Result<(), OpenGothaError> {
        if let Some(value) = self.values.get(attribute) {
            *target = value
                .trim()
                .parse()
                .map_err(|_| self.invalid(attribute, value))?;
        }
        Ok(())
    }

    fn choice<T>(
        &self,
        attribute: &'static str,
        target: &mut T,
        read: fn(&str) -> Option<T>,
    ) -> Result<(), OpenGothaError> {
        if let Some(value) = self.values.get(attribute) {
            *target = read(value.trim()).ok_or_else(|| self.invalid(attribute, value))?;
        }
        Ok(())
    }

    fn invalid(&self, attribute: &'static str, value: &str) -> OpenGothaError {
        OpenGothaError::InvalidAttribute {
            line: self.line,
            element: "PairingParameterSet",
            attribute,
            value: value.to_string(),
        }
    }

    fn apply(&self, parameters: &mut PairingParameters) -> Result<(), OpenGothaError> {
        let base = &mut parameters.base;
        self.get("paiBaAvoidDuplGame", &mut base.avoid_duplicate_game)?;
        self.get("paiBaRandom", &mut base.random)?;
        self.get("paiBaDeterministic", &mut base.deterministic)?;
        self.get("paiBaBalanceWB", &mut base.balance_white_black)?;
        let main = &mut parameters.main;
        self.get(
            "paiMaAvoidMixingCategories",
            &mut main.avoid_mixing_categories,
        )?;
        self.get(
            "paiMaMinimizeScoreDifference",
            &mut main.minimize_score_difference,
        )?;
        self.get("paiMaDUDDWeight", &mut main.draw_up_down)?;
        self.get("paiMaCompensateDUDD", &mut main.compensate_draw_up_down)?;
        self.choice(
            "paiMaDUDDUpperMode",
            &mut main.draw_down_position,
            draw_position,
        )?;
        self.choice(
            "paiMaDUDDLowerMode",
            &mut main.draw_up_position,
            draw_position,
        )?;
        self.get("paiMaMaximizeSeeding", &mut main.seeding)?;
        self.get(
            "paiMaLastRoundForSeedSystem1",
            &mut main.last_round_for_seed_system_1,
        )?;
        self.choice("paiMaSeedSystem1", &mut main.seed_system_1, seeding)?;
        self.choice("paiMaSeedSystem2", &mut main.seed_system_2, seeding)?;
        self.choice(
            "paiMaAdditionalPlacementCritSystem1",
            &mut main.additional_order_1,
            additional,
        )?;
        self.choice(
            "paiMaAdditionalPlacementCritSystem2",
            &mut main.additional_order_2,
            additional,
        )?;
        let secondary = &mut parameters.secondary;
        self.get("paiSeRankThreshold", &mut secondary.rank_threshold)?;
        self.get("paiSeNbWinsThresholdActive", &mut secondary.wins_threshold)?;
        self.get("paiSeBarThresholdActive", &mut secondary.bar_threshold)?;
        self.get("paiSeDefSecCrit", &mut secondary.default_weight)?;
        self.get("paiSeMinimizeHandicap", &mut secondary.minimize_handicap)?;
        self.get("paiSeAvoidSameGeo", &mut secondary.avoid_same_geography)?;
        self.get(
            "paiSePreferMMSDiffRatherThanSameCountry",
            &mut secondary.country_gap,
        )?;
        self.get(
            "paiSePreferMMSDiffRatherThanSameClubsGroup",
            &mut secondary.clubs_group_gap,
        )?;
        self.get(
            "paiSePreferMMSDiffRatherThanSameClub",
            &mut secondary.club_gap,
        )?;
        let mut concavity: Ratio = parameters.concavity;
        self.get("paiStandardNX1Factor", &mut concavity)?;
        parameters.concavity = concavity;
        Ok(())
    }
}

/// The OpenGotha that wrote the file. Up to 3.48, and in the first 3.49 releases, it writes
/// `gothaVersion="348"` (or `"349"`) with a `gothaMinorVersion`; later releases write
/// `fullVersionNumber="3.49.05"`, `"3.50.01"`, `"3.51.02"`, `"3.52.03"` (the files in
/// OpenGotha's repository and the ones it saves). A file that says neither (OpenGotha's
/// own `egc2011EssaiLuc.xml`, pairgoth's files) is read as the 3.51 line: OpenGotha
/// 3.51.02 pairs it, and 3.52.03 pairs such files alike.
pub(crate) fn opengotha_version(tournament: &HashMap<String, String>) -> OpenGothaVersion {
    let full = tournament.get("fullVersionNumber").and_then(|version| {
        let mut parts = version.trim().split('.');
        let major = parts.next()?.parse().ok()?;
        let minor = parts.next()?.parse().ok()?;
        Some((major, minor))
    });
    let legacy = || {
        let version: u32 = tournament.get("gothaVersion")?.trim().parse().ok()?;
        Some((version / 100, version % 100))
    };
    full.or_else(legacy)
        .map_or(OpenGothaVersion::V351, |(major, minor)| {
            OpenGothaVersion::of_release(major, minor)
        })
}

fn draw_position(value: &str) -> Option<DrawPosition> {
    match value {
        "TOP" => Some(DrawPosition::Top),
        "MID" => Some(DrawPosition::Middle),
        "BOT" => Some(DrawPosition::Bottom),
        _ => None,
    }
}

fn seeding(value: &str) -> Option<Seeding> {
    match value {
        "SPLITANDFOLD" => Some(Seeding::SplitAndFold),
        "SPLITANDRANDOM" => Some(Seeding::SplitAndRandom),
        "SPLITANDSLIP" => Some(Seeding::SplitAndSlip),
        _ => None,
    }
}

/// The additional order of a seeding system. OpenGotha 3.48 writes an unused one as
/// `NULL`, as it writes an unused placement criterion (`PlacementCriterion name="NULL"`),
/// and 3.52 as `None`: both mean no additional order.
fn additional(value: &str) -> Option<AdditionalOrder> {
    match value.to_ascii_uppercase().as_str() {
        "NONE" | "NULL" | "" => Some(AdditionalOrder::None),
        "RATING" => Some(AdditionalOrder::Rating),
        "RANK" => Some(AdditionalOrder::Rank),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn who_plays_a_round_leaves_out_the_provisional_the_absent_and_the_bye() {
        let xml = r#"<?xml version="1.0" encoding="UTF-8"?>
<Tournament dataVersion="201">
<Players>
<Player club="Ist" country="TR" firstName="Dogac" name="Kose" participating="11111" rank="3D" rating="2300" registeringStatus="FIN"/>
<Player club="Ist" country="TR" firstName="Ertug" name="Akkol" participating="11111" rank="1D" rating="2100" registeringStatus="PRE"/>
<Player club="Ist" country="TR" firstName="Ulas" name="Oren" participating="11111" rank="5D" rating="2500" registeringStatus="FIN"/>
<Player club="Ank" country="TR" firstName="Ali" name="Away" participating="10111" rank="2D" rating="2200" registeringStatus="FIN"/>
<Player club="Ank" country="TR" firstName="Bora" name="Bye" participating="11111" rank="2D" rating="2200" registeringStatus="FIN"/>
</Players>
<Games>
<Game blackPlayer="KOSEDOGAC" handicap="0" knownColor="true" result="RESULT_BLACKWINS" roundNumber="1" tableNumber="1" whitePlayer="ORENULAS"/>
</Games>
<ByePlayers>
<ByePlayer player="BYEBORA" roundNumber="2"/>
</ByePlayers>
<TournamentParameterSet>
<GeneralParameterSet genMMBar="1D" genMMFloor="20K" genMMZero="30K" numberOfRounds="5" shortName="t"/>
<HandicapParameterSet hdBasedOnMMS="true" hdCeiling="9" hdCorrection="1" hdNoHdRankThreshold="1D"/>
<PlacementParameterSet><PlacementCriteria><PlacementCriterion name="MMS" number="1"/></PlacementCriteria></PlacementParameterSet>
</TournamentParameterSet>
</Tournament>"#;
        let tournament = crate::export::opengotha::import(xml.as_bytes()).unwrap();
        // Round 2: neither the provisional player, nor the absent one, nor the one given
        // the round's bye; all five play round 3 but the provisional one.
        assert_eq!(tournament.participants(2), ["KOSEDOGAC", "ORENULAS"]);
        assert_eq!(
            tournament.participants(3),
            ["KOSEDOGAC", "ORENULAS", "AWAYALI", "BYEBORA"]
        );
        assert_eq!(tournament.players.len(), 5);
        // Written back as they were: the provisional player stays provisional.
        let written = crate::export::opengotha::export(&tournament).unwrap();
        let statuses: Vec<&str> = written
            .split("registeringStatus=\"")
            .skip(1)
            .map(|rest| &rest[..3])
            .collect();
        assert_eq!(statuses, ["FIN", "PRE", "FIN", "FIN", "FIN"]);
        let again = crate::export::opengotha::import(written.as_bytes()).unwrap();
        assert_eq!(again.players, tournament.players);
    }

    #[test]
    fn the_writers_version_decides_what_to_reproduce() {
        let attributes = |pairs: &[(&str, &str)]| -> HashMap<String, String> {
            pairs
                .iter()
                .map(|(name, value)| (name.to_string(), value.to_string()))
                .collect()
        };
        let legacy = attributes(&[("gothaVersion", "348"), ("gothaMinorVersion", "5")]);
        assert_eq!(opengotha_version(&legacy), OpenGothaVersion::Until350);
        let early_349 = attributes(&[("gothaVersion", "349"), ("runningMode", "SAL")]);
        assert_eq!(opengotha_version(&early_349), OpenGothaVersion::Until350);
        for (full, version) in [
            ("3.49.05", OpenGothaVersion::Until350),
            ("3.50.01", OpenGothaVersion::Until350),
            ("3.51.02", OpenGothaVersion::V351),
            ("3.52.03", OpenGothaVersion::Since352),
        ] {
            let file = attributes(&[("dataVersion", "201"), ("fullVersionNumber", full)]);
            assert_eq!(opengotha_version(&file), version, "{full}");
        }
        assert_eq!(opengotha_version(&attributes(&[])), OpenGothaVersion::V351);
    }

    #[test]
    fn an_unused_additional_order_is_none_however_opengotha_spells_it() {
        for spelling in ["NULL", "None", ""] {
            assert_eq!(
                additional(spelling),
                Some(AdditionalOrder::None),
                "{spelling}"
            );
        }
        assert_eq!(additional("Rating"), Some(AdditionalOrder::Rating));
        assert_eq!(additional("Elo"), None);
    }
}
