//! Charsets (`CA`) and SimpleText values.

use encoding_rs::{Encoding, BIG5, GB18030, GBK, SHIFT_JIS, UTF_8, WINDOWS_1252};

/// The charset text values are decoded with (`FF[4]` `CA`, a root property).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Charset {
    /// No usable `CA`. `FF[4]` says ISO-8859-1, but modern writers leave `CA` out of UTF-8
    /// files, so a value is read as UTF-8 when it is valid UTF-8 and as Latin-1 otherwise.
    Undeclared,
    /// Bytes invalid in the declared charset become U+FFFD: a record is never refused
    /// for its names.
    Declared(&'static Encoding),
}

impl Charset {
    /// Reads a `CA` value by its WHATWG label (`UTF-8`, `GB2312`, `ISO-8859-1`, `Big5`,
    /// `Shift_JIS`, `EUC-KR`, ...), also without `-` and `_` (`Latin-1`, `UTF8`).
    /// ISO-8859-1 is read as windows-1252, its WHATWG superset.
    ///
    /// A charset whose bytes are not ASCII-compatible (UTF-16, ISO-2022-JP) cannot be
    /// the charset of a file whose brackets and identifiers are ASCII, so it is ignored,
    /// like an unknown label.
    pub(super) fn from_label(label: &[u8]) -> Charset {
        let compact = || {
            label
                .iter()
                .copied()
                .filter(|&byte| byte != b'-' && byte != b'_')
                .collect::<Vec<u8>>()
        };
        let encoding = if label.eq_ignore_ascii_case(b"UTF-8") {
            // The label of most files, known without the search of every WHATWG label.
            Some(UTF_8)
        } else {
            Encoding::for_label(label).or_else(|| Encoding::for_label(&compact()))
        };
        match encoding {
            Some(encoding) if encoding.is_ascii_compatible() => Charset::Declared(encoding),
            _ => Charset::Undeclared,
        }
    }

    pub(super) fn scan_mode(self) -> ScanMode {
        match self {
            Charset::Declared(encoding) if encoding == SHIFT_JIS => ScanMode::ShiftJis,
            Charset::Declared(encoding)
                if encoding == BIG5 || encoding == GBK || encoding == GB18030 =>
            {
                ScanMode::DoubleByte
            }
            _ => ScanMode::Ascii,
        }
    }

    /// A SimpleText value (`FF[4]` sgf.html, "Property Value Types: SimpleText"): escapes
    /// resolved, soft line breaks (`\` + newline) removed, other line breaks and white
    /// space turned into spaces, then decoded from the charset.
    pub(super) fn simple_text(self, raw: &[u8]) -> String {
        if !raw
            .iter()
            .any(|&byte| matches!(byte, b'\\' | b'\n' | b'\r' | b'\t' | 0x0B | 0x0C))
        {
            return self.plain_text(raw);
        }
        self.decode(unescape_simple_text(raw, self.scan_mode()))
    }

    /// [`Charset::simple_text`] of a value with nothing to unescape or to turn into a space,
    /// the usual value: valid UTF-8 read as UTF-8 is itself, and so is ASCII in every
    /// charset (all are ASCII-compatible).
    pub(super) fn plain_text(self, raw: &[u8]) -> String {
        let utf8 = match self {
            Charset::Undeclared => true,
            Charset::Declared(encoding) => encoding == UTF_8,
        };
        if utf8 || raw.is_ascii() {
            if let Ok(text) = std::str::from_utf8(raw) {
                return text.to_owned();
            }
        }
        self.decode(raw.to_vec())
    }

    /// Unescaped SimpleText bytes as text.
    fn decode(self, bytes: Vec<u8>) -> String {
        match self {
            Charset::Undeclared => String::from_utf8(bytes).unwrap_or_else(|error| {
                WINDOWS_1252
                    .decode_without_bom_handling(error.as_bytes())
                    .0
                    .into_owned()
            }),
            Charset::Declared(encoding) if encoding == UTF_8 => match String::from_utf8(bytes) {
                Ok(text) => text,
                Err(error) => String::from_utf8_lossy(error.as_bytes()).into_owned(),
            },
            Charset::Declared(encoding) => {
                encoding.decode_without_bom_handling(&bytes).0.into_owned()
            }
        }
    }
}

/// How to find the closing `]` of a value. In Shift_JIS, Big5 and GBK the second byte of a
/// double-byte character may be `\` (0x5C) or `]` (0x5D), so these bytes only mean escape
/// or end of value at a character boundary; `FF[4]` escapes characters, not bytes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum ScanMode {
    Ascii,
    /// Lead bytes 0x81–0x9F and 0xE0–0xFC; 0xA1–0xDF are one-byte katakana.
    ShiftJis,
    /// Lead bytes 0x81–0xFE (Big5, GBK, and GB18030 whose four-byte forms are pairs of
    /// such two-byte units).
    DoubleByte,
}

impl ScanMode {
    /// Whether `byte` starts a two-byte character, whose second byte is never structure.
    #[inline(always)]
    pub(super) fn is_lead(self, byte: u8) -> bool {
        match self {
            ScanMode::Ascii => false,
            ScanMode::ShiftJis => matches!(byte, 0x81..=0x9F | 0xE0..=0xFC),
            ScanMode::DoubleByte => matches!(byte, 0x81..=0xFE),
        }
    }
}

fn unescape_simple_text(raw: &[u8], mode: ScanMode) -> Vec<u8> {
    let mut text = Vec::with_capacity(raw.len());
    let mut index = 0;
    while let Some(&byte) = raw.get(index) {
        index += 1;
        match byte {
            b'\\' => match raw.get(index) {
                Some(&newline @ (b'\n' | b'\r')) => index += line_break_length(raw, index, newline),
                Some(&escaped) => {
                    index += 1;
                    text.push(escaped);
                    if mode.is_lead(escaped) {
                        push_trail(&mut text, raw, &mut index);
                    }
                }
                None => {}
            },
            b'\n' | b'\r' => {
                index += line_break_length(raw, index - 1, byte) - 1;
                text.push(b' ');
            }
            b'\t' | 0x0B | 0x0C => text.push(b' '),
            _ => {
                text.push(byte);
                if mode.is_lead(byte) {
                    push_trail(&mut text, raw, &mut index);
                }
            }
        }
    }
    text
}

fn push_trail(text: &mut Vec<u8>, raw: &[u8], index: &mut usize) {
    if let Some(&trail) = raw.get(*index) {
        text.push(trail);
        *index += 1;
    }
}

/// Bytes of the line break starting at `start`: `\r\n` and `\n\r` are one line break.
fn line_break_length(raw: &[u8], start: usize, first: u8) -> usize {
    let pair = if first == b'\n' { b'\r' } else { b'\n' };
    if raw.get(start + 1) == Some(&pair) {
        2
    } else {
        1
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn simple_text_resolves_escapes_and_line_breaks() {
        let text = Charset::Undeclared.simple_text(b"a\\]b\\\\c\\\r\nd\r\ne\tf\\:");
        assert_eq!(text, "a]b\\cd e f:");
    }

    #[test]
    fn labels_are_whatwg_labels_with_spelling_variants() {
        assert_eq!(Charset::from_label(b"GB2312"), Charset::Declared(GBK));
        assert_eq!(
            Charset::from_label(b"Latin-1"),
            Charset::Declared(WINDOWS_1252)
        );
        assert_eq!(Charset::from_label(b"UTF8"), Charset::Declared(UTF_8));
        assert_eq!(Charset::from_label(b"utf-8"), Charset::Declared(UTF_8));
        assert_eq!(Charset::from_label(b"UTF-16"), Charset::Undeclared);
        assert_eq!(Charset::from_label(b"klingon"), Charset::Undeclared);
    }

    #[test]
    fn plain_values_read_as_unescaped_values() {
        let values: [&[u8]; 6] = [
            b"Lee Sedol",
            b"\xE6\x9D\x8E\xE4\xB8\x96\xE7\x9F\xB3",
            b"Jos\xE9",
            b"\x95\x5C",
            b"\xC0\xEE",
            b"",
        ];
        let charsets = [
            Charset::Undeclared,
            Charset::Declared(UTF_8),
            Charset::Declared(GBK),
            Charset::Declared(SHIFT_JIS),
            Charset::Declared(WINDOWS_1252),
        ];
        for charset in charsets {
            for raw in values {
                let expected = charset.decode(unescape_simple_text(raw, charset.scan_mode()));
                assert_eq!(charset.simple_text(raw), expected, "{charset:?} {raw:?}");
                if !raw.iter().any(|&byte| byte == b'\\' || byte < 0x0E) {
                    assert_eq!(charset.plain_text(raw), expected, "{charset:?} {raw:?}");
                }
            }
        }
    }

    #[test]
    fn shift_jis_trail_backslash_is_not_an_escape() {
        let hyou = [0x95, 0x5C];
        assert_eq!(Charset::Declared(SHIFT_JIS).simple_text(&hyou), "表");
    }

    #[test]
    fn undeclared_invalid_utf8_is_latin1() {
        assert_eq!(Charset::Undeclared.simple_text(b"Jos\xE9"), "José");
        assert_eq!(
            Charset::Declared(UTF_8).simple_text(b"Jos\xE9"),
            "Jos\u{FFFD}"
        );
    }
}
