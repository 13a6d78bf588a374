//! What the three readers share: lines, encodings, binary files and zip archives.

use super::ReadError;
use std::io::Read;

/// The largest list accepted once unzipped: the EGD's whole world is about 4 MB.
const MAX_UNZIPPED: u64 = 64 * 1024 * 1024;

/// A zip archive starts with a local file header (`PK\x03\x04`, APPNOTE 4.3.7).
pub fn is_zip(bytes: &[u8]) -> bool {
    bytes.starts_with(b"PK\x03\x04")
}

/// The one file of a zip archive (the EGD's `allworld_lp.zip` holds `allworld_lp.html`);
/// an archive of several files gives its first `.html` or `.txt`.
pub fn unzip(bytes: &[u8]) -> Result<Vec<u8>, ReadError> {
    let zip_error = |error: zip::result::ZipError| ReadError::Zip(error.to_string());
    let mut archive = zip::ZipArchive::new(std::io::Cursor::new(bytes)).map_err(zip_error)?;
    let names: Vec<String> = archive.file_names().map(str::to_string).collect();
    let name = names
        .iter()
        .find(|name| {
            let lower = name.to_ascii_lowercase();
            lower.ends_with(".html") || lower.ends_with(".htm") || lower.ends_with(".txt")
        })
        .or(names.first())
        .ok_or_else(|| ReadError::Zip("the archive is empty".to_string()))?
        .clone();
    let file = archive.by_name(&name).map_err(zip_error)?;
    let mut content = Vec::new();
    file.take(MAX_UNZIPPED + 1)
        .read_to_end(&mut content)
        .map_err(|error| ReadError::Zip(error.to_string()))?;
    if content.len() as u64 > MAX_UNZIPPED {
        return Err(ReadError::Zip(format!(
            "{name} is larger than {} MiB once unzipped",
            MAX_UNZIPPED / 1024 / 1024
        )));
    }
    Ok(content)
}

/// A NUL or a control character other than tab, line feed, form feed and carriage return
/// is not in any list: the file is binary (an image, a spreadsheet, UTF-16).
pub fn check_not_binary(bytes: &[u8]) -> Result<(), ReadError> {
    let Some(position) = bytes
        .iter()
        .position(|&byte| byte < 0x20 && !matches!(byte, b'\t' | b'\n' | b'\r' | 0x0c))
    else {
        return Ok(());
    };
    let (line, column) = position_of(bytes, position);
    Err(ReadError::Binary {
        line,
        column,
        byte: bytes[position],
    })
}

/// The line and column (1-based, bytes) of a byte offset.
fn position_of(bytes: &[u8], offset: usize) -> (u32, u32) {
    let before = &bytes[..offset];
    let line = before.iter().filter(|&&byte| byte == b'\n').count() + 1;
    let line_start = before
        .iter()
        .rposition(|&byte| byte == b'\n')
        .map_or(0, |newline| newline + 1);
    (to_u32(line), to_u32(offset - line_start + 1))
}

pub fn to_u32(value: usize) -> u32 {
    u32::try_from(value).unwrap_or(u32::MAX)
}

/// The lines of a file with their numbers (1-based), without their `\r\n` or `\n`.
pub fn lines(bytes: &[u8]) -> impl Iterator<Item = (u32, &[u8])> {
    let bytes = bytes.strip_suffix(b"\n").unwrap_or(bytes);
    bytes
        .split(|&byte| byte == b'\n')
        .enumerate()
        .map(|(index, line)| (to_u32(index + 1), line.strip_suffix(b"\r").unwrap_or(line)))
}

/// ISO-8859-1: each byte is the code point of its value.
pub fn latin1(bytes: &[u8]) -> String {
    bytes.iter().map(|&byte| char::from(byte)).collect()
}

/// UTF-8 when the bytes are, else ISO-8859-1: the EGD's list is ASCII in principle, but
/// real copies carry names in either (`Naïm` in UTF-8 and `Säärlainen` in Latin-1 in
/// the same file).
pub fn utf8_or_latin1(bytes: &[u8]) -> String {
    match std::str::from_utf8(bytes) {
        Ok(text) => text.to_string(),
        Err(_) => latin1(bytes),
    }
}

/// The text of a field, trimmed, `_` read as a space inside names (the EGD's and FFG's
/// lists join the words of a name with `_`).
pub fn name_words(text: &str) -> String {
    text.trim().replace('_', " ")
}

/// The inverse of [`name_words`]: spaces inside a name written `_`.
pub fn joined(name: &str) -> String {
    name.trim().replace(' ', "_")
}

/// A fixed-width field of a line: bytes `start..end` (fewer when the line is shorter).
pub fn field(line: &[u8], start: usize, end: usize) -> &[u8] {
    let end = end.min(line.len());
    line.get(start..end).unwrap_or_default()
}

/// A decimal with at most five decimals as hundred-thousandths (`-20.05711` is
/// `-2005711`): the AGA's ratings and sigmas. `None` when it is not one.
pub fn hundred_thousandths(text: &str) -> Option<i32> {
    let (negative, digits) = match text.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, text),
    };
    let (whole, fraction) = digits.split_once('.').unwrap_or((digits, ""));
    let is_digits = |part: &str| part.bytes().all(|byte| byte.is_ascii_digit());
    if whole.is_empty() || whole.len() > 4 || fraction.len() > 5 || !is_digits(whole) {
        return None;
    }
    if !is_digits(fraction) {
        return None;
    }
    let whole: i32 = whole.parse().ok()?;
    let mut scaled_fraction = 0;
    for (index, digit) in fraction.bytes().enumerate() {
        scaled_fraction += i32::from(digit - b'0') * 10_i32.pow(4 - index as u32);
    }
    let value = whole * 100_000 + scaled_fraction;
    Some(if negative { -value } else { value })
}

/// Hundred-thousandths written with five decimals (`-2005711` is `-20.05711`).
pub fn decimal(value: i32) -> String {
    let sign = if value < 0 { "-" } else { "" };
    let magnitude = value.unsigned_abs();
    format!("{sign}{}.{:05}", magnitude / 100_000, magnitude % 100_000)
}
