//! The reader: one forward pass over the bytes, without recursion and without a tree.
//!
//! SGF structure (brackets, `;`, identifiers) is ASCII in every charset a file may
//! declare, so the reader scans bytes and decodes only the text values it keeps.

use super::text::{Charset, ScanMode};
use super::{SgfError, SgfErrorKind, MAX_DEPTH, MAX_INPUT_BYTES};
use crate::history::{Action, GameRecord, ReadWarning, Setup, Turn};
use crate::point::{BoardSize, Color, Point, MAX_SIDE};

/// Guess of input bytes per turn (`;B[pd]` and a line break now and then), to size the
/// turn list once.
const BYTES_PER_TURN: usize = 6;
/// Cap on the turns reserved up front: a 19×19 game fits, a huge input does not reserve
/// memory it may never use.
const MAX_RESERVED_TURNS: usize = 1024;

pub(super) struct Reader<'a> {
    bytes: &'a [u8],
    position: usize,
}

/// Which node of a game tree is being read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum NodeRole {
    /// The first node, read before `CA` is known.
    Root,
    /// The first node read again with the charset its `CA` declared.
    RootInCharset,
    MainLine,
    /// A node off the main line: checked for syntax, not kept.
    Variation,
}

enum NodeEnd {
    Done,
    /// The root declared a charset that changes how earlier values read: read it again.
    CharsetDeclared(Charset),
}

/// Two uppercase letters packed in a `u16`, the way `FF[4]` names properties.
type PropertyId = u16;

const fn property_id(name: &[u8]) -> PropertyId {
    match name {
        [letter] => *letter as PropertyId,
        [first, second] => (*first as PropertyId) << 8 | *second as PropertyId,
        _ => 0,
    }
}

/// Identifiers of more than two uppercase letters: no property the reader keeps.
const UNKNOWN: PropertyId = 0;

macro_rules! properties {
    ($($name:ident),* $(,)?) => {
        $(const $name: PropertyId = property_id(stringify!($name).as_bytes());)*
    };
}

properties!(
    B, W, AB, AW, AE, SZ, KM, HA, PL, RU, RE, PB, PW, BR, WR, EV, RO, DT, PC, TM, OT, BL, WL, OB,
    OW, CA
);

/// What the reader does with a property, found from its identifier in one step.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Property {
    /// Not kept: its values are checked for syntax and skipped.
    Skipped,
    /// `B`, `W`.
    Move(Color),
    /// `AB`, `AW`, `AE`.
    Setup,
    /// A property whose first value the record keeps.
    Kept(Kept),
}

/// The properties whose first value the record keeps.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kept {
    /// `SZ`.
    Size,
    /// `KM`.
    Komi,
    /// `HA`.
    Handicap,
    /// `TM`.
    MainTime,
    /// `BL`, `WL`.
    TimeLeft(Color),
    /// `OB`, `OW`.
    OvertimeLeft(Color),
    /// `PL`.
    FirstPlayer,
    /// `CA`.
    Charset,
    /// `RU`, `RE`, `PB`, `PW` and the other SimpleText values of the game information.
    Text(TextField),
}

/// Where a text property goes in a [`GameRecord`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum TextField {
    Rules,
    Result,
    BlackName,
    WhiteName,
    BlackRank,
    WhiteRank,
    Event,
    Round,
    Date,
    Place,
    Overtime,
}

impl TextField {
    /// The field of `record` that holds this text.
    fn of(self, record: &mut GameRecord) -> &mut Option<String> {
        let info = &mut record.info;
        match self {
            TextField::Rules => &mut record.rules,
            TextField::Result => &mut record.result,
            TextField::BlackName => &mut info.black_name,
            TextField::WhiteName => &mut info.white_name,
            TextField::BlackRank => &mut info.black_rank,
            TextField::WhiteRank => &mut info.white_rank,
            TextField::Event => &mut info.event,
            TextField::Round => &mut info.round,
            TextField::Date => &mut info.date,
            TextField::Place => &mut info.place,
            TextField::Overtime => &mut info.overtime,
        }
    }
}

/// The [`Property`] of each identifier of two letters, by letter (`A` is 0): a table
/// rather than a search among the identifiers, as a root node holds a dozen properties.
const TWO_LETTER_PROPERTIES: [[Property; 26]; 26] = {
    let kept = [
        (AB, Property::Setup),
        (AW, Property::Setup),
        (AE, Property::Setup),
        (SZ, Property::Kept(Kept::Size)),
        (KM, Property::Kept(Kept::Komi)),
        (HA, Property::Kept(Kept::Handicap)),
        (TM, Property::Kept(Kept::MainTime)),
        (BL, Property::Kept(Kept::TimeLeft(Color::Black))),
        (WL, Property::Kept(Kept::TimeLeft(Color::White))),
        (OB, Property::Kept(Kept::OvertimeLeft(Color::Black))),
        (OW, Property::Kept(Kept::OvertimeLeft(Color::White))),
        (PL, Property::Kept(Kept::FirstPlayer)),
        (CA, Property::Kept(Kept::Charset)),
        (RU, Property::Kept(Kept::Text(TextField::Rules))),
        (RE, Property::Kept(Kept::Text(TextField::Result))),
        (PB, Property::Kept(Kept::Text(TextField::BlackName))),
        (PW, Property::Kept(Kept::Text(TextField::WhiteName))),
        (BR, Property::Kept(Kept::Text(TextField::BlackRank))),
        (WR, Property::Kept(Kept::Text(TextField::WhiteRank))),
        (EV, Property::Kept(Kept::Text(TextField::Event))),
        (RO, Property::Kept(Kept::Text(TextField::Round))),
        (DT, Property::Kept(Kept::Text(TextField::Date))),
        (PC, Property::Kept(Kept::Text(TextField::Place))),
        (OT, Property::Kept(Kept::Text(TextField::Overtime))),
    ];
    let mut table = [[Property::Skipped; 26]; 26];
    let mut index = 0;
    while index < kept.len() {
        let (id, property) = kept[index];
        let [first, second] = id.to_be_bytes();
        table[(first - b'A') as usize][(second - b'A') as usize] = property;
        index += 1;
    }
    table
};

/// The [`Property`] of any identifier.
fn property_of(id: PropertyId) -> Property {
    match id.to_be_bytes() {
        [0, b'B'] => Property::Move(Color::Black),
        [0, b'W'] => Property::Move(Color::White),
        [first @ b'A'..=b'Z', second @ b'A'..=b'Z'] => {
            TWO_LETTER_PROPERTIES[(first - b'A') as usize][(second - b'A') as usize]
        }
        _ => Property::Skipped,
    }
}

/// A property's name for error messages.
fn property_name(id: PropertyId) -> String {
    id.to_be_bytes()
        .iter()
        .filter(|&&letter| letter != 0)
        .map(|&letter| letter as char)
        .collect()
}

/// A property value: the raw bytes between `[` and `]`, and where they start.
#[derive(Clone, Copy)]
struct Value<'a> {
    raw: &'a [u8],
    start: usize,
    /// Whether the value is known to hold neither `\` nor a byte below 0x0E, and so
    /// nothing [`Charset::simple_text`] would unescape or turn into a space.
    plain: bool,
}

/// The game being read.
struct Game {
    record: GameRecord,
    charset: Charset,
    /// How values end in `charset`, worked out once instead of at every property.
    mode: ScanMode,
    setup: SetupBuilder,
    /// Number of turns before the current node: setup is allowed while it is 0.
    turns_before_node: usize,
    clock: NodeClock,
    /// Whether a text value was decoded before the root's `CA` was read.
    decoded_text: bool,
    /// Whether the turn list is one given back by [`super::recycle`].
    recycled: bool,
    /// Whether a turn on the point `tt` stands for was read (see [`Game::finish`]).
    tt_read: bool,
}

impl Game {
    /// A game whose turns go into `turns`, an empty list.
    fn new(charset: Charset, turns: Vec<Turn>, recycled: bool) -> Game {
        let mut record = GameRecord::new(BoardSize::STANDARD);
        record.turns = turns;
        Game {
            record,
            charset,
            mode: charset.scan_mode(),
            setup: SetupBuilder::default(),
            turns_before_node: 0,
            clock: NodeClock::default(),
            decoded_text: false,
            recycled,
            tt_read: false,
        }
    }

    /// A turn read by the general path, the only one that reads `tt`.
    fn push(&mut self, turn: Turn) {
        self.tt_read |= turn.action == Action::Move(TT);
        self.record.turns.push(turn);
    }

    /// `FF[4]` (go.html, "Move"): `tt` is a pass on boards up to 19×19. The size is final
    /// only after the root, so `tt` is read as the point (19, 19) and turned into a pass
    /// here; no other spelling gives that point on such a board. Turns reserved by a
    /// guess that proved far too large are given back: a collection holds many games.
    /// A recycled list keeps its memory, which is meant for the next games.
    fn finish(mut self) -> GameRecord {
        if self.tt_read && self.record.size.tt_is_pass() {
            for turn in &mut self.record.turns {
                if turn.action == Action::Move(TT) {
                    turn.action = Action::Pass;
                }
            }
        }
        let turns = &mut self.record.turns;
        if !self.recycled && turns.capacity() > 2 * turns.len() + MAX_RESERVED_TURNS / 16 {
            turns.shrink_to_fit();
        }
        self.record.setup = self.setup.finish();
        self.record
    }
}

/// `BL`/`WL`/`OB`/`OW` of the current node (`FF[4]` sgf.html, "Timing properties": time
/// left after the move of this node). Many servers write both players' clocks on every
/// node; only the clock of the player who moved in the node belongs to a turn.
#[derive(Default)]
struct NodeClock {
    time_left: [Option<f64>; 2],
    overtime_left: [Option<u32>; 2],
    present: bool,
}

impl NodeClock {
    fn apply(&mut self, node_turns: &mut [Turn]) {
        for turn in node_turns.iter_mut().rev() {
            let player = turn.color.index();
            if let Some(seconds) = self.time_left[player].take() {
                turn.time_left = Some(seconds);
            }
            if let Some(periods) = self.overtime_left[player].take() {
                turn.overtime_left = Some(periods);
            }
        }
        *self = NodeClock::default();
    }
}

/// `AB`/`AW`/`AE` (`FF[4]` sgf.html, "Setup properties"): the last property naming a point
/// decides it, and each point is listed once, in the order the file first gave it.
struct SetupBuilder {
    setup: Setup,
    /// One bit per SGF-addressable point, per colour.
    placed: [[u64; SETUP_WORDS]; 2],
}

const SETUP_WORDS: usize = (MAX_SIDE as usize * MAX_SIDE as usize).div_ceil(64);

impl Default for SetupBuilder {
    fn default() -> SetupBuilder {
        SetupBuilder {
            setup: Setup::default(),
            placed: [[0; SETUP_WORDS]; 2],
        }
    }
}

impl SetupBuilder {
    fn bit(point: Point) -> (usize, u64) {
        let index = point.y as usize * MAX_SIDE as usize + point.x as usize;
        (index / 64, 1 << (index % 64))
    }

    fn stones(&mut self, color: Color) -> &mut Vec<Point> {
        match color {
            Color::Black => &mut self.setup.black,
            Color::White => &mut self.setup.white,
        }
    }

    fn remove(&mut self, point: Point) {
        let (word, mask) = SetupBuilder::bit(point);
        for color in [Color::Black, Color::White] {
            if self.placed[color.index()][word] & mask != 0 {
                self.placed[color.index()][word] &= !mask;
                self.stones(color).retain(|&stone| stone != point);
            }
        }
    }

    fn add(&mut self, color: Color, point: Point) {
        let (word, mask) = SetupBuilder::bit(point);
        if self.placed[color.index()][word] & mask != 0 {
            return;
        }
        self.remove(point);
        self.placed[color.index()][word] |= mask;
        self.stones(color).push(point);
    }

    fn finish(self) -> Setup {
        self.setup
    }
}

/// The coordinate an SGF letter stands for (`FF[4]` go.html: `a`–`z` are 0–25, `A`–`Z`
/// 26–51), or 0xFF. A table, because it runs twice for every move of every game.
const COORDINATES: [u8; 256] = {
    let mut table = [0xFF; 256];
    let mut letter = 0;
    while letter < 26 {
        table[b'a' as usize + letter] = letter as u8;
        table[b'A' as usize + letter] = 26 + letter as u8;
        letter += 1;
    }
    table
};

/// [`COORDINATES`] of `a`–`s` only, the letters of points on boards up to 19×19, for the
/// move fast path. A move with a later letter (a `tt` pass, a move on a larger board)
/// takes the general path, which notes a `tt`: games without one are not read twice to
/// find it.
const COORDINATES_UP_TO_19: [u8; 256] = {
    let mut table = [0xFF; 256];
    let mut letter = 0;
    while letter < 19 {
        table[b'a' as usize + letter] = letter as u8;
        letter += 1;
    }
    table
};

/// The [`Color::index`] of a player's letter, `B` or `W`, or 0xFF: with
/// [`COORDINATES_UP_TO_19`], the move fast path checks a node's three letters at once.
const PLAYERS: [u8; 256] = {
    let mut table = [0xFF; 256];
    table[b'B' as usize] = 0;
    table[b'W' as usize] = 1;
    table
};

/// A player's time left at the start of `bytes`, a [`real`] alone in its brackets
/// (`BL[1795.3]`, `WL[60]`): the player, the seconds, and the bytes the property takes.
/// `None` for anything else, which the general path reads.
fn time_left(bytes: &[u8]) -> Option<(Color, f64, usize)> {
    let [letter @ (b'B' | b'W'), b'L', b'[', ref value @ ..] = *bytes else {
        return None;
    };
    // The value is the real and nothing else: no escape, no white space to trim.
    let (seconds, length) = real_prefix(value)?;
    if value.get(length) != Some(&b']') {
        return None;
    }
    let player = if letter == b'B' {
        Color::Black
    } else {
        Color::White
    };
    Some((player, seconds, length + 4))
}

/// For a node at the start of `rest` that holds a move of `color`, `;B[pd]`, and maybe
/// the time the players have left (`BL[1795.3]WL[1800]`): where the next node starts, when
/// what follows is a node or the end of a game tree, with the time left of the player who
/// moved put in `own`; `None` when the node holds anything else. Not inlined into
/// [`Reader::plain_moves`], whose registers are kept for the nodes that hold a bare move.
#[inline(never)]
fn clocks_and_next_node(rest: &[u8], color: Color, own: &mut Option<f64>) -> Option<usize> {
    let mut end = 6;
    while let Some((player, seconds, length)) = time_left(&rest[end..]) {
        // The other player's clock does not belong to the turn (see `NodeClock`).
        if player == color {
            *own = Some(seconds);
        }
        end += length;
    }
    match rest.get(end..)? {
        [b';', ..] => Some(end),
        after => {
            let next = end + whitespace_length(after);
            matches!(rest.get(next), Some(b';' | b'(' | b')') | None).then_some(next)
        }
    }
}

/// The point `tt` stands for: a pass on boards up to 19×19.
const TT: Point = Point { x: 19, y: 19 };

fn point_of(x: u8, y: u8) -> Option<Point> {
    let (x, y) = (COORDINATES[x as usize], COORDINATES[y as usize]);
    (x != 0xFF && y != 0xFF).then_some(Point { x, y })
}

fn is_whitespace(byte: u8) -> bool {
    matches!(byte, b' ' | b'\t' | b'\n' | b'\r' | 0x0B | 0x0C)
}

/// Bytes of white space at the start of `bytes`.
fn whitespace_length(bytes: &[u8]) -> usize {
    bytes
        .iter()
        .take_while(|&&byte| is_whitespace(byte))
        .count()
}

impl<'a> Reader<'a> {
    pub(super) fn new(bytes: &'a [u8]) -> Result<Reader<'a>, SgfError> {
        let reader = Reader { bytes, position: 0 };
        if bytes.len() > MAX_INPUT_BYTES {
            return Err(reader.error_at(MAX_INPUT_BYTES, SgfErrorKind::TooLarge));
        }
        Ok(reader)
    }

    pub(super) fn no_game_tree(&self) -> SgfError {
        self.error_at(self.bytes.len(), SgfErrorKind::NoGameTree)
    }

    /// The next game tree, skipping any text before it; `None` when there is none left.
    pub(super) fn next_game(&mut self) -> Option<Result<GameRecord, SgfError>> {
        self.find_game_tree().then(|| self.game())
    }

    /// Moves to the next `(` followed by `;`: `FF[1]`–`FF[3]` files often carry mail headers or
    /// notes around their game trees.
    fn find_game_tree(&mut self) -> bool {
        while let Some(offset) = self
            .bytes
            .get(self.position..)
            .and_then(|rest| rest.iter().position(|&b| b == b'('))
        {
            self.position += offset + 1;
            let after =
                self.position + self.bytes.get(self.position..).map_or(0, whitespace_length);
            if self.bytes.get(after) == Some(&b';') {
                self.position -= 1;
                return true;
            }
        }
        self.position = self.bytes.len();
        false
    }

    /// Reads a game tree from its `(`.
    fn game(&mut self) -> Result<GameRecord, SgfError> {
        self.position += 1;
        self.skip_whitespace();
        let root = self.position;
        let remaining = self.bytes.len() - self.position;
        let spare = super::spare_turns();
        let recycled = spare.is_some();
        let turns = spare.unwrap_or_else(|| {
            Vec::with_capacity((remaining / BYTES_PER_TURN).min(MAX_RESERVED_TURNS))
        });
        let mut game = Game::new(Charset::Undeclared, turns, recycled);
        if let NodeEnd::CharsetDeclared(charset) = self.node(&mut game, NodeRole::Root)? {
            self.position = root;
            let mut turns = std::mem::take(&mut game.record.turns);
            turns.clear();
            game = Game::new(charset, turns, recycled);
            self.node(&mut game, NodeRole::RootInCharset)?;
        }
        let mut depth = 1;
        let mut role = NodeRole::MainLine;
        while depth > 0 {
            self.skip_whitespace();
            if role == NodeRole::MainLine {
                self.plain_moves(&mut game.record.turns);
            }
            match self.bytes.get(self.position) {
                Some(b';') => {
                    self.node(&mut game, role)?;
                }
                Some(b'(') => {
                    if depth == MAX_DEPTH {
                        return Err(self.error_at(self.position, SgfErrorKind::TooDeep));
                    }
                    depth += 1;
                    self.position += 1;
                    self.skip_whitespace();
                    match self.bytes.get(self.position) {
                        Some(b';') => {}
                        Some(_) => {
                            return Err(self.error_at(self.position, SgfErrorKind::ExpectedNode))
                        }
                        None => {
                            return Err(self.error_at(self.position, SgfErrorKind::UnclosedGameTree))
                        }
                    }
                }
                Some(b')') => {
                    depth -= 1;
                    self.position += 1;
                    role = NodeRole::Variation;
                }
                Some(&byte) => {
                    return Err(self.error_at(self.position, SgfErrorKind::UnexpectedByte(byte)))
                }
                None => return Err(self.error_at(self.position, SgfErrorKind::UnclosedGameTree)),
            }
        }
        Ok(game.finish())
    }

    /// Reads a node from its `;` up to the byte after its last property. Each property is
    /// read up to the next byte that is not white space, where the next property starts.
    fn node(&mut self, game: &mut Game, role: NodeRole) -> Result<NodeEnd, SgfError> {
        self.position += 1;
        game.turns_before_node = game.record.turns.len();
        let mode = game.mode;
        self.skip_whitespace();
        while let Some(&first) = self.bytes.get(self.position) {
            if !first.is_ascii_alphabetic() {
                break;
            }
            if role != NodeRole::Variation && self.single_letter_move(game, first)? {
                continue;
            }
            let identifier = self.position;
            let (id, property) = self.identifier()?;
            if role == NodeRole::Variation {
                self.skip_values(mode)?;
                continue;
            }
            if let NodeEnd::CharsetDeclared(charset) =
                self.property(game, role, id, property, identifier)?
            {
                return Ok(NodeEnd::CharsetDeclared(charset));
            }
        }
        if game.clock.present {
            let turns_before_node = game.turns_before_node;
            game.clock
                .apply(&mut game.record.turns[turns_before_node..]);
        }
        Ok(NodeEnd::Done)
    }

    /// The hottest path: a run of nodes holding nothing but a move, `;B[pd]`, which is
    /// what most of a real game is, or a move and the time the players have left
    /// (`;B[pd]BL[1795.3]`), as servers write it. Stops, without consuming it, at the first
    /// node that holds anything else, for [`Reader::node`] to read. Not inlined into
    /// [`Reader::game`], where it would share registers with the rest of the game's reading.
    #[inline(never)]
    fn plain_moves(&mut self, turns: &mut Vec<Turn>) {
        let Some(mut rest) = self.bytes.get(self.position..) else {
            return;
        };
        // A node and the byte after it, which is there in any game: its tree is closed after it.
        while let [b';', letter, b'[', x, y, b']', after, ..] = *rest {
            let (player, x, y) = (
                PLAYERS[letter as usize],
                COORDINATES_UP_TO_19[x as usize],
                COORDINATES_UP_TO_19[y as usize],
            );
            // One test for the three letters: what they stand for is below 0x80, 0xFF is not.
            if (player | x | y) & 0x80 != 0 {
                break;
            }
            let color = if player == 0 {
                Color::Black
            } else {
                Color::White
            };
            let turn = Turn::play(color, Point { x, y });
            // Most nodes follow the previous one at once, and a line break now and then.
            if after == b';' {
                turns.push(turn);
                rest = &rest[6..];
                continue;
            }
            if after == b'\n' && rest.get(7) == Some(&b';') {
                turns.push(turn);
                rest = &rest[7..];
                continue;
            }
            let mut time_left = None;
            let Some(next) = clocks_and_next_node(rest, color, &mut time_left) else {
                break;
            };
            turns.push(Turn { time_left, ..turn });
            rest = &rest[next..];
        }
        self.position = self.bytes.len() - rest.len();
    }

    /// The hot path inside a node: `B[pd]` or `W[pd]`, read without decoding the identifier or
    /// scanning for the value's end. Returns false when the property is anything else.
    #[inline(always)]
    fn single_letter_move(&mut self, game: &mut Game, first: u8) -> Result<bool, SgfError> {
        let color = match first {
            b'B' => Color::Black,
            b'W' => Color::White,
            _ => return Ok(false),
        };
        let Some(&[b'[', x, y, b']']) = self.bytes.get(self.position + 1..self.position + 5) else {
            return Ok(false);
        };
        let Some(point) = point_of(x, y) else {
            return Ok(false);
        };
        self.position += 5;
        game.push(Turn::play(color, point));
        self.single_value(if first == b'B' { B } else { W })?;
        Ok(true)
    }

    /// Reads a property identifier up to its first value's `[`: `FF[4]` `UcLetter+`; `FF[3]`
    /// files add lowercase letters (`AddBlack`), which are not part of the name (sgf.html,
    /// "Changes from `FF[3]`").
    fn identifier(&mut self) -> Result<(PropertyId, Property), SgfError> {
        let start = self.position;
        // Two uppercase letters and the value, as nearly every property is written.
        if let Some(&[first, second, b'[']) = self.bytes.get(start..start + 3) {
            if first.is_ascii_uppercase() && second.is_ascii_uppercase() {
                self.position += 2;
                let property =
                    TWO_LETTER_PROPERTIES[usize::from(first - b'A')][usize::from(second - b'A')];
                return Ok((property_id(&[first, second]), property));
            }
        }
        let mut id: PropertyId = 0;
        let mut uppercase = 0usize;
        while let Some(&letter) = self.bytes.get(self.position) {
            if letter.is_ascii_uppercase() {
                uppercase += 1;
                id = id << 8 | letter as PropertyId;
            } else if !letter.is_ascii_lowercase() {
                break;
            }
            self.position += 1;
        }
        let end = self.position;
        let id = match uppercase {
            0 => return Err(self.error_at(start, SgfErrorKind::InvalidIdentifier)),
            1 | 2 => id,
            _ => UNKNOWN,
        };
        self.skip_whitespace();
        if self.bytes.get(self.position) != Some(&b'[') {
            let name = String::from_utf8_lossy(&self.bytes[start..end]).into_owned();
            return Err(self.error_at(self.position, SgfErrorKind::MissingValue(name)));
        }
        Ok((id, property_of(id)))
    }

    fn property(
        &mut self,
        game: &mut Game,
        role: NodeRole,
        id: PropertyId,
        property: Property,
        identifier: usize,
    ) -> Result<NodeEnd, SgfError> {
        let mode = game.mode;
        match property {
            Property::Move(color) => {
                let value = self.value(mode)?;
                let action = match value.raw {
                    [] => Action::Pass,
                    &[x, y] => {
                        Action::Move(point_of(x, y).ok_or_else(|| self.invalid_point(id, value))?)
                    }
                    _ => return Err(self.invalid_point(id, value)),
                };
                game.push(Turn {
                    color,
                    action,
                    time_left: None,
                    overtime_left: None,
                });
                self.single_value(id)?;
            }
            Property::Setup => {
                if game.turns_before_node > 0 {
                    return Err(
                        self.error_at(identifier, SgfErrorKind::SetupAfterMoves(property_name(id)))
                    );
                }
                self.setup_list(game, id, mode)?;
            }
            Property::Skipped | Property::Kept(_) => {
                if property == Property::Kept(Kept::Size) && game.turns_before_node > 0 {
                    return Err(
                        self.error_at(identifier, SgfErrorKind::SetupAfterMoves(property_name(id)))
                    );
                }
                // Where most values are read, so that the scan of values is inlined here.
                let value = self.first_value(mode)?;
                if let Property::Kept(kept) = property {
                    return self.kept_value(game, role, kept, id, value);
                }
            }
        }
        Ok(NodeEnd::Done)
    }

    /// The value of a single-valued property the record keeps.
    fn kept_value(
        &self,
        game: &mut Game,
        role: NodeRole,
        kept: Kept,
        id: PropertyId,
        value: Value,
    ) -> Result<NodeEnd, SgfError> {
        match kept {
            Kept::Size => {
                if let Some(raw) = trimmed(value.raw) {
                    game.record.size = board_size(raw).ok_or_else(|| {
                        self.error_at(value.start, SgfErrorKind::InvalidBoardSize)
                    })?;
                }
            }
            Kept::Komi => {
                if let Some(raw) = trimmed(value.raw) {
                    game.record.komi =
                        Some(komi(raw).ok_or_else(|| self.invalid_number(id, value))?);
                }
            }
            Kept::Handicap => {
                if let Some(raw) = trimmed(value.raw) {
                    match count(raw) {
                        Some(handicap) => game.record.handicap = handicap,
                        None => {
                            let place = self.invalid_number(id, value);
                            game.record.handicap = 0;
                            game.record.warnings.push(ReadWarning::InvalidHandicap {
                                value: String::from_utf8_lossy(raw).into_owned(),
                                line: place.line,
                                column: place.column,
                            });
                        }
                    }
                }
            }
            Kept::MainTime => {
                if let Some(raw) = trimmed(value.raw) {
                    game.record.info.main_time =
                        Some(real(raw).ok_or_else(|| self.invalid_number(id, value))?);
                }
            }
            Kept::TimeLeft(player) => {
                if let Some(raw) = trimmed(value.raw) {
                    game.clock.time_left[player.index()] =
                        Some(real(raw).ok_or_else(|| self.invalid_number(id, value))?);
                    game.clock.present = true;
                }
            }
            Kept::OvertimeLeft(player) => {
                if let Some(raw) = trimmed(value.raw) {
                    game.clock.overtime_left[player.index()] =
                        Some(count(raw).ok_or_else(|| self.invalid_number(id, value))?);
                    game.clock.present = true;
                }
            }
            Kept::FirstPlayer => {
                let letter = trimmed(value.raw)
                    .and_then(|raw| raw.first())
                    .copied()
                    .unwrap_or(b'?');
                game.record.first_player = Some(
                    Color::from_letter(letter as char)
                        .ok_or_else(|| self.error_at(value.start, SgfErrorKind::InvalidColor))?,
                );
            }
            Kept::Charset => {
                if role == NodeRole::Root {
                    let charset = Charset::from_label(trimmed(value.raw).unwrap_or_default());
                    let rereads = game.decoded_text || charset.scan_mode() != game.mode;
                    if charset != game.charset && rereads {
                        return Ok(NodeEnd::CharsetDeclared(charset));
                    }
                    game.charset = charset;
                    game.mode = charset.scan_mode();
                }
            }
            Kept::Text(field) => {
                let text = if value.plain {
                    game.charset.plain_text(value.raw)
                } else {
                    game.charset.simple_text(value.raw)
                };
                game.decoded_text = true;
                *field.of(&mut game.record) = Some(text);
            }
        }
        Ok(NodeEnd::Done)
    }

    /// `AB`, `AW`, `AE`: lists of points, each value a point or an `FF[4]` compressed
    /// rectangle `ul:lr` (sgf.html, "Compressed point lists").
    fn setup_list(
        &mut self,
        game: &mut Game,
        id: PropertyId,
        mode: ScanMode,
    ) -> Result<(), SgfError> {
        while self.bytes.get(self.position) == Some(&b'[') {
            let value = self.value(mode)?;
            let (first, last) = match *value.raw {
                [x, y] => (point_of(x, y), point_of(x, y)),
                [x1, y1, b':', x2, y2] => (point_of(x1, y1), point_of(x2, y2)),
                _ => (None, None),
            };
            let (Some(first), Some(last)) = (first, last) else {
                return Err(self.invalid_point(id, value));
            };
            for y in first.y.min(last.y)..=first.y.max(last.y) {
                for x in first.x.min(last.x)..=first.x.max(last.x) {
                    let point = Point::new(x, y);
                    match id {
                        AB => game.setup.add(Color::Black, point),
                        AW => game.setup.add(Color::White, point),
                        _ => game.setup.remove(point),
                    }
                }
            }
            self.skip_whitespace();
        }
        Ok(())
    }

    /// After the value of a move: a second value would leave the move ambiguous.
    fn single_value(&mut self, id: PropertyId) -> Result<(), SgfError> {
        self.skip_whitespace();
        if self.bytes.get(self.position) == Some(&b'[') {
            return Err(self.error_at(
                self.position,
                SgfErrorKind::MultipleValues(property_name(id)),
            ));
        }
        Ok(())
    }

    /// The first value of a game-info property; more values are skipped, as real files
    /// repeat them (`CA[UTF-8][UTF-8]`, `GN[][]`).
    #[inline]
    fn first_value(&mut self, mode: ScanMode) -> Result<Value<'a>, SgfError> {
        let value = self.value(mode)?;
        self.skip_values(mode)?;
        Ok(value)
    }

    #[inline]
    fn skip_values(&mut self, mode: ScanMode) -> Result<(), SgfError> {
        self.skip_whitespace();
        while self.bytes.get(self.position) == Some(&b'[') {
            self.skip_value(mode)?;
            self.skip_whitespace();
        }
        Ok(())
    }

    /// A value that is not kept. Not inlined: the scan of values is inlined where most
    /// values are read, once.
    #[inline(never)]
    fn skip_value(&mut self, mode: ScanMode) -> Result<(), SgfError> {
        self.value(mode).map(drop)
    }

    /// Reads a value from its `[` to past its `]`. A `\` escapes the next character
    /// (sgf.html, "Property Value Types: Text"), and in double-byte charsets a second
    /// byte is never structure. Inlined: most values are a few bytes, which a call would
    /// cost more than reading.
    #[inline(always)]
    fn value(&mut self, mode: ScanMode) -> Result<Value<'a>, SgfError> {
        let open = self.position;
        let start = open + 1;
        let end = match mode {
            ScanMode::Ascii => ascii_value_end(self.bytes, start),
            _ => value_end(self.bytes, start, mode).map(|end| (end, false)),
        };
        let Some((end, plain)) = end else {
            return Err(self.error_at(open, SgfErrorKind::UnterminatedValue));
        };
        self.position = end + 1;
        Ok(Value {
            raw: &self.bytes[start..end],
            start,
            plain,
        })
    }

    fn skip_whitespace(&mut self) {
        while self
            .bytes
            .get(self.position)
            .is_some_and(|&byte| is_whitespace(byte))
        {
            self.position += 1;
        }
    }

    fn invalid_point(&self, id: PropertyId, value: Value) -> SgfError {
        self.error_at(value.start, SgfErrorKind::InvalidPoint(property_name(id)))
    }

    fn invalid_number(&self, id: PropertyId, value: Value) -> SgfError {
        self.error_at(value.start, SgfErrorKind::InvalidNumber(property_name(id)))
    }

    /// Locates `offset` as a 1-based line and byte column; `\n`, `\r\n` and a lone `\r`
    /// each end a line. Counted only when an error is reported.
    fn error_at(&self, offset: usize, kind: SgfErrorKind) -> SgfError {
        let before = &self.bytes[..offset.min(self.bytes.len())];
        let mut line = 1usize;
        let mut line_start = 0;
        for (index, &byte) in before.iter().enumerate() {
            let ends_line =
                byte == b'\n' || (byte == b'\r' && self.bytes.get(index + 1) != Some(&b'\n'));
            if ends_line {
                line += 1;
                line_start = index + 1;
            }
        }
        let column = offset - line_start + 1;
        SgfError {
            kind,
            line: u32::try_from(line).unwrap_or(u32::MAX),
            column: u32::try_from(column).unwrap_or(u32::MAX),
        }
    }
}

/// Where the value starting at `start` ends: its closing `]`, or `None` when the input
/// ends first.
fn value_end(bytes: &[u8], start: usize, mode: ScanMode) -> Option<usize> {
    let mut index = start;
    loop {
        match bytes.get(index)? {
            b']' => return Some(index),
            b'\\' => index += 2,
            &byte if mode.is_lead(byte) => index += 2,
            _ => index += 1,
        }
    }
}

/// [`value_end`] in [`ScanMode::Ascii`], where only `]` and `\` are structure, eight bytes
/// at a time; and whether the value is plain (see [`Value::plain`]), found on the way.
fn ascii_value_end(bytes: &[u8], start: usize) -> Option<(usize, bool)> {
    let mut index = start;
    let mut plain = true;
    loop {
        if let Some(chunk) = bytes.get(index..).and_then(<[u8]>::first_chunk::<8>) {
            let word = u64::from_le_bytes(*chunk);
            let structure = bytes_equal(word, b']') | bytes_equal(word, b'\\');
            let controls = bytes_below(word, 0x0E);
            if structure == 0 {
                plain &= controls == 0;
                index += 8;
                continue;
            }
            // The bytes before the first `]` or `\`, which are part of the value.
            let before = (1 << structure.trailing_zeros()) - 1;
            plain &= controls & before == 0;
            index += structure.trailing_zeros() as usize / 8;
        }
        match bytes.get(index)? {
            b']' => return Some((index, plain)),
            b'\\' => {
                plain = false;
                index += 2;
            }
            // Fewer than eight bytes are left.
            &byte => {
                plain &= byte >= 0x0E;
                index += 1;
            }
        }
    }
}

/// 0x01 in each byte of a word.
const LOW_BITS: u64 = u64::from_le_bytes([0x01; 8]);
/// 0x80 in each byte of a word.
const HIGH_BITS: u64 = u64::from_le_bytes([0x80; 8]);

/// The top bit of the bytes of `word` below `limit` (at most 0x80), and maybe of bytes
/// after such a byte, which a borrow reaches: the lowest bit set marks the first such
/// byte, and none is set when there is none.
const fn bytes_below(word: u64, limit: u8) -> u64 {
    word.wrapping_sub(LOW_BITS * limit as u64) & !word & HIGH_BITS
}

/// [`bytes_below`] for the bytes of `word` equal to `byte`.
const fn bytes_equal(word: u64, byte: u8) -> u64 {
    bytes_below(word ^ (LOW_BITS * byte as u64), 1)
}

/// A numeric value without its surrounding white space; `None` when empty, as some
/// servers write `KM[]` or `TM[]` for "unknown".
fn trimmed(raw: &[u8]) -> Option<&[u8]> {
    let start = raw.iter().position(|&byte| !is_whitespace(byte))?;
    let end = raw.iter().rposition(|&byte| !is_whitespace(byte))?;
    Some(&raw[start..=end])
}

/// `FF[4]` `SZ`: `19`, or `width:height` for a rectangle, each side 1 to 52.
fn board_size(raw: &[u8]) -> Option<BoardSize> {
    let side = |digits: &[u8]| count(trimmed(digits)?).and_then(|side| u8::try_from(side).ok());
    match raw.iter().position(|&byte| byte == b':') {
        Some(colon) => BoardSize::new(side(&raw[..colon])?, side(&raw[colon + 1..])?),
        None => BoardSize::square(side(raw)?),
    }
}

/// `FF[4]` `Number` without a sign, as a count (handicap stones, byo-yomi periods).
fn count(raw: &[u8]) -> Option<u32> {
    let digits = raw.strip_prefix(b"+").unwrap_or(raw);
    if digits.is_empty() {
        return None;
    }
    digits.iter().try_fold(0u32, |total, &digit| {
        let digit = u32::from(digit)
            .checked_sub(u32::from(b'0'))
            .filter(|&digit| digit < 10)?;
        total.checked_mul(10)?.checked_add(digit)
    })
}

/// `FF[4]` `Real`: `["+"|"-"] Digit+ ["." Digit+]`. Stricter than Rust's float syntax,
/// which would also take `inf` and `1e9`.
fn real(raw: &[u8]) -> Option<f64> {
    real_prefix(raw).and_then(|(value, length)| (length == raw.len()).then_some(value))
}

/// The [`real`] that `bytes` start with, read up to the first byte that cannot continue it,
/// and its length; `None` when that is not a `Real`. The move fast path reads clocks with
/// it, without looking for the end of their values first; inlined there, as a clock is a
/// few digits, which a call would cost about as much as reading.
#[inline(always)]
fn real_prefix(bytes: &[u8]) -> Option<(f64, usize)> {
    let negative = bytes.first() == Some(&b'-');
    let start = usize::from(negative || bytes.first() == Some(&b'+'));
    // The digits as an integer, exact while there are at most `EXACT_DIGITS`.
    let (mut mantissa, mut length) = digits(bytes, start, 0);
    let whole_digits = length - start;
    let mut fraction_digits = 0;
    if bytes.get(length) == Some(&b'.') {
        let point = length;
        (mantissa, length) = digits(bytes, point + 1, mantissa);
        fraction_digits = length - point - 1;
        if fraction_digits == 0 {
            return None;
        }
    }
    if whole_digits == 0 {
        return None;
    }
    if whole_digits + fraction_digits <= EXACT_DIGITS {
        // Both the digits as an integer and the power of ten are exact doubles, so their
        // quotient is the correctly rounded value, the one `parse` returns, without its
        // general algorithm (a root node holds several reals: `KM`, `TM`, `BL`, `WL`).
        let value = mantissa as f64 / POWERS_OF_TEN[fraction_digits];
        return Some((if negative { -value } else { value }, length));
    }
    let value = std::str::from_utf8(&bytes[..length]).ok()?.parse().ok()?;
    Some((value, length))
}

/// The decimal digits of `bytes` from `index` on, appended to `mantissa` (wrapping past
/// 19 digits), and the index of the first byte that is not a digit.
fn digits(bytes: &[u8], mut index: usize, mut mantissa: u64) -> (u64, usize) {
    while let Some(digit) = bytes
        .get(index)
        .map(|&byte| byte.wrapping_sub(b'0'))
        .filter(|&digit| digit < 10)
    {
        mantissa = mantissa.wrapping_mul(10).wrapping_add(u64::from(digit));
        index += 1;
    }
    (mantissa, index)
}

/// Decimal digits that always fit a double's 53-bit mantissa exactly.
const EXACT_DIGITS: usize = 15;

/// 10^0 to 10^15, each exact as a double.
const POWERS_OF_TEN: [f64; EXACT_DIGITS + 1] = [
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15,
];

/// Komi (`KM`). Some servers write it in hundredths (`KM[750]` for 7.5, `KM[375]` for
/// 3.75). No real komi is 100 points or more, so a value written without a decimal point,
/// of at least 100 in size and a multiple of 25 (hundredths of a quarter point) is read
/// as hundredths. Written with a decimal point (`KM[750.0]`), a value is taken as is.
fn komi(raw: &[u8]) -> Option<f64> {
    let value = real(raw)?;
    let hundredths = !raw.contains(&b'.') && value.abs() >= 100.0 && multiple_of_25(value);
    Some(if hundredths { value / 100.0 } else { value })
}

/// Largest magnitude below which every whole double is exact as an `i64` (2^53).
const EXACT_WHOLE: f64 = 9_007_199_254_740_992.0;

/// Whether `value`, a whole number, is a multiple of 25: in integers while they hold it
/// exactly, as the remainder of doubles is a call to the C library's `fmod`.
fn multiple_of_25(value: f64) -> bool {
    if value.abs() < EXACT_WHOLE {
        value as i64 % 25 == 0
    } else {
        value % 25.0 == 0.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every string of up to four bytes that matter to the scan, after 0 to 17 other bytes
    /// (so that it starts anywhere in an eight-byte word), with and without a closing `]`.
    #[test]
    fn ascii_values_end_where_the_general_scan_ends_them() {
        let alphabet = [b']', b'\\', b'a', 0x00, 0x0D, 0x0E, 0xE9];
        let mut strings: Vec<Vec<u8>> = vec![Vec::new()];
        for length in 1..=4 {
            let shorter: Vec<Vec<u8>> = strings
                .iter()
                .filter(|string| string.len() == length - 1)
                .cloned()
                .collect();
            for string in shorter {
                for byte in alphabet {
                    strings.push([string.as_slice(), &[byte]].concat());
                }
            }
        }
        for string in &strings {
            for filler in 0..18 {
                for end in [&b""[..], b"]yyyyyyyyy"] {
                    let bytes = [&vec![b'x'; filler][..], string, end].concat();
                    let general = value_end(&bytes, 0, ScanMode::Ascii);
                    let fast = ascii_value_end(&bytes, 0);
                    assert_eq!(fast.map(|(end, _)| end), general, "{bytes:?}");
                    if let Some((end, plain)) = fast {
                        let expected = !bytes[..end]
                            .iter()
                            .any(|&byte| byte == b'\\' || byte < 0x0E);
                        assert_eq!(plain, expected, "{bytes:?}");
                    }
                }
            }
        }
    }

    #[test]
    fn properties_by_identifier() {
        let kept = TWO_LETTER_PROPERTIES
            .iter()
            .flatten()
            .filter(|&&property| property != Property::Skipped)
            .count();
        assert_eq!(kept, 24);
        assert_eq!(property_of(B), Property::Move(Color::Black));
        assert_eq!(property_of(AE), Property::Setup);
        assert_eq!(
            property_of(WL),
            Property::Kept(Kept::TimeLeft(Color::White))
        );
        assert_eq!(
            property_of(PB),
            Property::Kept(Kept::Text(TextField::BlackName))
        );
        assert_eq!(
            property_of(OT),
            Property::Kept(Kept::Text(TextField::Overtime))
        );
        assert_eq!(property_of(property_id(b"GN")), Property::Skipped);
        assert_eq!(property_of(property_id(b"C")), Property::Skipped);
        assert_eq!(property_of(UNKNOWN), Property::Skipped);
    }

    #[test]
    fn komi_in_hundredths() {
        assert_eq!(komi(b"750"), Some(7.5));
        assert_eq!(komi(b"375"), Some(3.75));
        assert_eq!(komi(b"-650"), Some(-6.5));
        assert_eq!(komi(b"7.50"), Some(7.5));
        assert_eq!(komi(b"750.0"), Some(750.0));
        assert_eq!(komi(b"110"), Some(110.0));
        assert_eq!(komi(b"0"), Some(0.0));
        assert_eq!(komi(b"inf"), None);
        assert_eq!(komi(b"1e3"), None);
        assert_eq!(komi(b"7."), None);
    }

    #[test]
    fn multiples_of_25_as_the_remainder_of_doubles_finds_them() {
        let mut values = vec![
            0.0,
            -0.0,
            25.0,
            -25.0,
            100.0,
            110.0,
            375.0,
            -650.0,
            750.0,
            1e15,
            1e15 + 1.0,
            1e22,
            3e22 + 4e6,
        ];
        values.extend([
            EXACT_WHOLE - 1.0,
            EXACT_WHOLE - 25.0,
            EXACT_WHOLE,
            EXACT_WHOLE + 2.0,
            -EXACT_WHOLE + 1.0,
        ]);
        values.extend((-1000..=1000).map(f64::from));
        for value in values {
            assert_eq!(multiple_of_25(value), value % 25.0 == 0.0, "{value}");
        }
    }

    #[test]
    fn reals_read_as_parse_reads_them() {
        for text in [
            "0",
            "-0",
            "+0",
            "7.5",
            "-6.5",
            "0.1",
            "0.3",
            "123456789012345",
            "1234567890123456",
            "3.14159265358979",
            "0.000000000000001",
            "600.25",
            "-0.0",
            "99999999999999.9",
        ] {
            let expected: f64 = text.parse().unwrap_or(f64::NAN);
            let read = real(text.as_bytes()).unwrap_or(f64::NAN);
            assert_eq!(read.to_bits(), expected.to_bits(), "{text}");
        }
        for text in [
            "",
            "-",
            "+",
            ".",
            ".5",
            "5.",
            "1.2.3",
            "+-1",
            "1e5",
            "inf",
            "NaN",
            " 1",
            "1,5",
            "12345678901234567.8.9",
        ] {
            assert_eq!(real(text.as_bytes()), None, "{text}");
        }
    }

    #[test]
    fn real_prefixes_read_as_whole_reals() {
        for text in [
            "0",
            "-0",
            "+7.5",
            "1799.799",
            "60",
            "1234567890123456",
            "12345678901234567.5",
            "1.",
            ".5",
            "-",
            "",
            "1.2.3",
            "1e5",
            " 1",
        ] {
            let expected = real(text.as_bytes()).map(|value| (value.to_bits(), text.len()));
            for end in ["]", "]x", ";", ""] {
                let bytes = [text.as_bytes(), end.as_bytes()].concat();
                let read = real_prefix(&bytes)
                    .filter(|&(_, length)| length == text.len())
                    .map(|(value, length)| (value.to_bits(), length));
                assert_eq!(read, expected, "{text}{end}");
            }
        }
    }

    #[test]
    fn board_sizes() {
        assert_eq!(board_size(b"19"), BoardSize::square(19));
        assert_eq!(board_size(b"9:13"), BoardSize::new(9, 13));
        assert_eq!(board_size(b"52"), BoardSize::square(52));
        assert_eq!(board_size(b"53"), None);
        assert_eq!(board_size(b"0"), None);
        assert_eq!(board_size(b"300"), None);
        assert_eq!(board_size(b"9:"), None);
    }

    #[test]
    fn counts_are_unsigned() {
        assert_eq!(count(b"3"), Some(3));
        assert_eq!(count(b"-3"), None);
        assert_eq!(count(b"99999999999"), None);
    }

    #[test]
    fn coordinates_match_point_from_sgf() {
        for x in 0..=255u8 {
            for y in [b'a', b'Z', b'0'] {
                let text = [x, y];
                let expected = std::str::from_utf8(&text).ok().and_then(Point::from_sgf);
                assert_eq!(point_of(x, y), expected);
            }
        }
    }
}
