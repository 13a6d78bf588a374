//! QR codes drawn on the server, as SVG inside the page: a sign-in link scanned by a
//! tablet or a phone, with no script and no other host.

use crate::error::ApiError;

/// The QR code of `text`, as an SVG element.
pub fn qr_svg(text: &str) -> Result<String, ApiError> {
    let code = qrcode::QrCode::new(text.as_bytes()).map_err(ApiError::internal)?;
    let svg = code
        .render::<qrcode::render::svg::Color<'_>>()
        .min_dimensions(180, 180)
        .build();
    // Inline in the page: the XML declaration goes.
    Ok(match svg.find("<svg") {
        Some(start) => svg[start..].to_string(),
        None => svg,
    })
}
