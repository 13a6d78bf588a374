//! A plain reference implementation of the rules, written from the Tromp-Taylor text
//! (rules 2–7) with the knobs of arbitre's rulesets, and nothing clever: whole-board
//! copies, flood fills, and a linear search of the history. The fast engine must agree
//! with it on every turn.

use arbitre_core::history::Action;
use arbitre_core::rules::{KoRule, Rules, Suicide};
use arbitre_core::{BoardSize, Color, Point};

pub type Grid = Vec<Option<Color>>;

/// The verdict of the reference on one turn.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Judgement {
    Legal {
        cycle_repeats_turn: Option<u32>,
    },
    Illegal {
        code: &'static str,
        repeats_turn: Option<u32>,
    },
}

pub struct Reference {
    pub size: BoardSize,
    rules: Rules,
    pub grid: Grid,
    pub to_move: Option<Color>,
    last_was_move: bool,
    /// Every position: board, player to move next, turn that produced it.
    history: Vec<(Grid, Option<Color>, u32)>,
    turns: u32,
}

impl Reference {
    pub fn new(size: BoardSize, rules: Rules, grid: Grid, first: Option<Color>) -> Reference {
        Reference {
            size,
            rules,
            history: vec![(grid.clone(), first, 0)],
            grid,
            to_move: first,
            last_was_move: false,
            turns: 0,
        }
    }

    fn index(&self, point: Point) -> usize {
        point.y as usize * self.size.width as usize + point.x as usize
    }

    fn neighbours(&self, index: usize) -> Vec<usize> {
        let width = self.size.width as usize;
        let height = self.size.height as usize;
        let (x, y) = (index % width, index / width);
        let mut around = Vec::new();
        if x > 0 {
            around.push(index - 1);
        }
        if x + 1 < width {
            around.push(index + 1);
        }
        if y > 0 {
            around.push(index - width);
        }
        if y + 1 < height {
            around.push(index + width);
        }
        around
    }

    /// Rule 3: a point of colour C "reaches" empty if a path of C-coloured points leads to an empty point.
    fn reaches_empty(&self, grid: &Grid, start: usize) -> bool {
        let color = grid[start];
        let mut seen = vec![false; grid.len()];
        let mut stack = vec![start];
        seen[start] = true;
        while let Some(index) = stack.pop() {
            for neighbour in self.neighbours(index) {
                if grid[neighbour].is_none() {
                    return true;
                }
                if grid[neighbour] == color && !seen[neighbour] {
                    seen[neighbour] = true;
                    stack.push(neighbour);
                }
            }
        }
        false
    }

    /// Rule 4: clearing a colour empties its points that do not reach empty. Returns how many.
    fn clear(&self, grid: &mut Grid, color: Color) -> usize {
        let doomed: Vec<usize> = (0..grid.len())
            .filter(|&index| grid[index] == Some(color) && !self.reaches_empty(grid, index))
            .collect();
        for &index in &doomed {
            grid[index] = None;
        }
        doomed.len()
    }

    pub fn play(&mut self, color: Color, action: Action) -> Judgement {
        if let Some(expected) = self.to_move {
            if expected != color {
                return Judgement::Illegal {
                    code: "wrong_turn",
                    repeats_turn: None,
                };
            }
        }
        let next = Some(color.opponent());
        let mut cycle_repeats_turn = None;
        let mut grid = self.grid.clone();
        let is_move = match action {
            Action::Pass => false,
            Action::Move(point) => {
                if !self.size.contains(point) {
                    return Judgement::Illegal {
                        code: "off_board",
                        repeats_turn: None,
                    };
                }
                let index = self.index(point);
                if grid[index].is_some() {
                    return Judgement::Illegal {
                        code: "occupied",
                        repeats_turn: None,
                    };
                }
                grid[index] = Some(color);
                self.clear(&mut grid, color.opponent());
                if grid[index].is_some() && !self.reaches_empty(&grid, index) {
                    if self.rules.suicide == Suicide::Forbidden {
                        return Judgement::Illegal {
                            code: "suicide",
                            repeats_turn: None,
                        };
                    }
                    self.clear(&mut grid, color);
                }
                let count = self.history.len();
                if self.rules.ko == KoRule::Simple
                    && self.last_was_move
                    && count >= 2
                    && self.history[count - 2].0 == grid
                {
                    return Judgement::Illegal {
                        code: "ko",
                        repeats_turn: Some(self.history[count - 2].2),
                    };
                }
                let earlier = self.history.iter().find(|(board, to_move, _)| {
                    *board == grid
                        && (self.rules.ko == KoRule::PositionalSuperko || *to_move == next)
                });
                if let Some((_, _, turn)) = earlier {
                    if self.rules.ko == KoRule::Simple {
                        cycle_repeats_turn = Some(*turn);
                    } else {
                        return Judgement::Illegal {
                            code: "superko",
                            repeats_turn: Some(*turn),
                        };
                    }
                }
                true
            }
        };
        self.turns += 1;
        self.grid = grid;
        self.to_move = next;
        self.last_was_move = is_move;
        self.history.push((self.grid.clone(), next, self.turns));
        Judgement::Legal { cycle_repeats_turn }
    }
}
