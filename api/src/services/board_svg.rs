//! A game's position as a picture, for the board route (`GET /games/{id}/board.svg`) and
//! the referee's pages: during counting the proposed dead stones are crossed and the
//! territory they would leave is marked with small squares of its owner's colour; once
//! counted, the count's dead stones and territory. The last stone played is ringed. The
//! edges carry the coordinates as a real board's do (columns `A`–`T` without `I`, rows
//! from the bottom), so that a referee reads and names points as the players do, and each
//! stone names its point (`data-point` in SGF, `data-name` as players say it) for the
//! referee's page, where tapping stones chooses the dead ones.

use crate::error::{ApiError, GameError};
use crate::services::live::LoadedGame;
use arbitre_core::scoring::territory;
use arbitre_core::{Color, Point};
use std::fmt::Write as _;

const CELL: u32 = 24;
/// A cell and a half: the coordinates sit in the band outside the edge stones.
const MARGIN: u32 = 36;
/// Where the coordinates' centres sit, from the picture's edges.
const LABEL: u32 = 13;

/// The position of `game` as an SVG document.
pub fn render(game: &LoadedGame) -> Result<String, GameError> {
    let board = game.table.game().board();
    let size = board.size();
    let width = MARGIN * 2 + CELL * (u32::from(size.width) - 1);
    let height = MARGIN * 2 + CELL * (u32::from(size.height) - 1);
    let at = |coordinate: u8| MARGIN + CELL * u32::from(coordinate);
    let mut svg = String::new();
    let _ = write!(
        svg,
        r##"<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}"><rect width="100%" height="100%" fill="#dcb35c"/>"##
    );
    for x in 0..size.width {
        let _ = write!(
            svg,
            r#"<line x1="{0}" y1="{1}" x2="{0}" y2="{2}" stroke="black"/>"#,
            at(x),
            at(0),
            at(size.height - 1)
        );
    }
    for y in 0..size.height {
        let _ = write!(
            svg,
            r#"<line x1="{1}" y1="{0}" x2="{2}" y2="{0}" stroke="black"/>"#,
            at(y),
            at(0),
            at(size.width - 1)
        );
    }
    // The coordinates, on all four edges as on a goban.
    let far_x = width - LABEL;
    let far_y = height - LABEL;
    // Presentation attributes, not a style sheet: the pages' policy allows no inline style.
    svg.push_str(r#"<g class="coordinates" font-family="sans-serif" font-size="12" text-anchor="middle" dominant-baseline="central">"#);
    for x in 0..size.width {
        let column = Point::column_name(x);
        for y in [LABEL, far_y] {
            let _ = write!(svg, r#"<text x="{}" y="{y}">{column}</text>"#, at(x));
        }
    }
    for y in 0..size.height {
        let row = size.height - y;
        for x in [LABEL, far_x] {
            let _ = write!(svg, r#"<text x="{x}" y="{}">{row}</text>"#, at(y));
        }
    }
    svg.push_str("</g>");
    // The dead stones on the table during counting, or those of the count.
    let dead: Option<&[Point]> = match (game.table.agreement(), game.table.count()) {
        (Some(agreement), _) => Some(agreement.proposal().points()),
        (None, Some(count)) => Some(count.dead.points()),
        (None, None) => None,
    };
    let radius = CELL / 2 - 1;
    for point in size.all_points() {
        if let Some(color) = board.get(point) {
            let (fill, stroke, letter) = match color {
                Color::Black => ("black", "black", 'B'),
                Color::White => ("white", "black", 'W'),
            };
            let _ = write!(
                svg,
                r#"<circle class="stone" data-point="{point}" data-name="{}" data-color="{letter}" cx="{}" cy="{}" r="{radius}" fill="{fill}" stroke="{stroke}"/>"#,
                point.name(size.height),
                at(point.x),
                at(point.y)
            );
            if dead.is_some_and(|dead| dead.contains(&point)) {
                let (x, y, arm) = (at(point.x), at(point.y), CELL / 4);
                let mark = if color == Color::Black {
                    "white"
                } else {
                    "black"
                };
                let _ = write!(
                    svg,
                    r#"<path class="dead" d="M{} {}L{} {}M{} {}L{} {}" stroke="{mark}" stroke-width="2"/>"#,
                    x - arm,
                    y - arm,
                    x + arm,
                    y + arm,
                    x - arm,
                    y + arm,
                    x + arm,
                    y - arm
                );
            }
        }
    }
    // The last stone played, ringed in the other colour, as every Go board marks it (a
    // suicide, where the rules allow it, leaves no stone to ring).
    let last = game.table.last_move();
    if let Some((point, color)) = last.and_then(|point| Some((point, board.get(point)?))) {
        let ring = match color {
            Color::Black => "white",
            Color::White => "black",
        };
        let _ = write!(
            svg,
            r#"<circle class="last-move" data-point="{point}" cx="{}" cy="{}" r="{}" fill="none" stroke="{ring}" stroke-width="2"/>"#,
            at(point.x),
            at(point.y),
            CELL / 4
        );
    }
    if let Some(dead) = dead {
        let side = CELL / 3;
        // The territory the count scores, as the core counts it.
        let owned = territory(board, dead).map_err(ApiError::internal)?;
        for (point, owner) in owned {
            let fill = if owner == Color::Black {
                "black"
            } else {
                "white"
            };
            let _ = write!(
                svg,
                r#"<rect class="territory" x="{}" y="{}" width="{side}" height="{side}" fill="{fill}" stroke="gray"/>"#,
                at(point.x) - side / 2,
                at(point.y) - side / 2
            );
        }
    }
    svg.push_str("</svg>");
    Ok(svg)
}
