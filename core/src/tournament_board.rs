//! The one board a tournament is played on. The results files rate a tournament's games
//! as played on the board they name (OpenGotha `GeneralParameterSet size="19"`, FFG
//! `;size=19`; SGF `SZ` for each game), so every game of a tournament is on its board:
//! a game started, or a record imported, on another board is refused rather than
//! reported to a rating body as a game it was not. For the same reason the board stays
//! as it is once a game is recorded: changing it would rewrite what those games were.
//!
//! The side itself is a field the service checks like any other
//! ([`crate::fields::check_board_side`]).

use crate::point::BoardSize;

/// The side of a tournament's board when none is given: 19, the board every rating body
/// rates by default (OpenGotha writes `size="19"` for a new tournament).
pub const DEFAULT_SIDE: u8 = 19;

/// Why a board is refused in a tournament.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum BoardRefusal {
    #[error(
        "the tournament is played on {tournament}×{tournament} boards: a game on a \
         {width}×{height} board is not one of its games"
    )]
    OtherBoard {
        tournament: u8,
        width: u8,
        height: u8,
    },
    #[error(
        "the tournament has recorded games on {current}×{current} boards: its board size \
         stays {current} (delete its games and results first to play on {wanted}×{wanted})"
    )]
    GamesRecorded { current: u8, wanted: u8 },
}

impl BoardRefusal {
    /// The stable code: `terms.board_size` for a game's board (a term of the game, as
    /// `terms.komi` is), `tournament.board_size_locked` for a change refused.
    pub fn code(self) -> &'static str {
        match self {
            BoardRefusal::OtherBoard { .. } => "terms.board_size",
            BoardRefusal::GamesRecorded { .. } => "tournament.board_size_locked",
        }
    }
}

/// The board of a tournament played on `side`×`side` boards.
pub fn board(side: u8) -> BoardSize {
    BoardSize {
        width: side,
        height: side,
    }
}

/// Whether a game on `game` may be a game of a tournament played on `side`×`side` boards.
pub fn check_game_board(side: u8, game: BoardSize) -> Result<(), BoardRefusal> {
    if game.width == side && game.height == side {
        Ok(())
    } else {
        Err(BoardRefusal::OtherBoard {
            tournament: side,
            width: game.width,
            height: game.height,
        })
    }
}

/// Whether a tournament on `current`×`current` boards may move to `wanted`: always while
/// nothing is recorded; once a game or a result is (`recorded`), only to the same side.
pub fn check_board_change(current: u8, wanted: u8, recorded: bool) -> Result<(), BoardRefusal> {
    if current == wanted || !recorded {
        Ok(())
    } else {
        Err(BoardRefusal::GamesRecorded { current, wanted })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_game_is_on_its_tournament_s_board() {
        let nine = BoardSize {
            width: 9,
            height: 9,
        };
        assert_eq!(check_game_board(9, nine), Ok(()));
        assert_eq!(
            check_game_board(DEFAULT_SIDE, nine),
            Err(BoardRefusal::OtherBoard {
                tournament: 19,
                width: 9,
                height: 9
            })
        );
        let rectangle = BoardSize {
            width: 9,
            height: 13,
        };
        assert!(check_game_board(9, rectangle).is_err());
        assert_eq!(
            check_game_board(19, nine).unwrap_err().to_string(),
            "the tournament is played on 19×19 boards: a game on a 9×9 board is not one of its games"
        );
        assert_eq!(
            check_game_board(19, nine).unwrap_err().code(),
            "terms.board_size"
        );
    }

    #[test]
    fn the_board_changes_only_while_nothing_is_recorded() {
        assert_eq!(check_board_change(19, 9, false), Ok(()));
        assert_eq!(check_board_change(19, 19, true), Ok(()));
        let refusal = check_board_change(19, 9, true).unwrap_err();
        assert_eq!(
            refusal,
            BoardRefusal::GamesRecorded {
                current: 19,
                wanted: 9
            }
        );
        assert_eq!(refusal.code(), "tournament.board_size_locked");
    }
}
