//! A cap on each multipart part's header block, checked on the raw body before the
//! multipart reader sees it. The reader buffers a part's headers until the blank line
//! that ends them and searches the whole buffer again on every chunk, with no limit:
//! a stop-43 tester's 48 MB header block took ~9 s of a core and a 63 MB field name
//! 238 MB of memory, neither counted in the upload budget. A header block past
//! [`MAX_PART_HEADER_BYTES`] ends the body with an error naming it.

use axum::body::Bytes;

/// Most bytes one part's header block may hold (its `Content-Disposition` and
/// `Content-Type` lines take well under 1 KiB).
pub const MAX_PART_HEADER_BYTES: usize = 16 * 1024;

/// The boundary of a `multipart/form-data` content type, unquoted.
pub fn boundary(content_type: &str) -> Option<String> {
    let i = content_type.to_ascii_lowercase().find("boundary=")? + "boundary=".len();
    let b = content_type[i..].split(';').next()?.trim().trim_matches('"');
    (!b.is_empty()).then(|| b.to_string())
}

/// Tracks where part headers start and end across the body's chunks.
pub struct PartHeaders {
    /// `\r\n--boundary`: a part starts after it (the body is read as if a CRLF came
    /// first, so the opening boundary matches too).
    delimiter: Vec<u8>,
    /// Inside a part's header block.
    in_head: bool,
    /// Its bytes so far.
    head_len: usize,
    /// The last bytes of the previous chunk, for a match across chunks.
    carry: Vec<u8>,
}

fn find(hay: &[u8], needle: &[u8]) -> Option<usize> {
    if needle.is_empty() || hay.len() < needle.len() {
        return None;
    }
    hay.windows(needle.len()).position(|w| w == needle)
}

impl PartHeaders {
    /// For a body whose parts are separated by `boundary`.
    pub fn new(boundary: &str) -> Self {
        let mut delimiter = b"\r\n--".to_vec();
        delimiter.extend_from_slice(boundary.as_bytes());
        PartHeaders { delimiter, in_head: false, head_len: 0, carry: b"\r\n".to_vec() }
    }

    /// Reads one chunk; an error once a header block passes the cap.
    ///
    /// # Errors
    /// The words for the refusal.
    pub fn check(&mut self, chunk: &Bytes) -> Result<(), String> {
        let new_start = self.carry.len();
        let mut data = std::mem::take(&mut self.carry);
        data.extend_from_slice(chunk);
        let mut pos = 0;
        loop {
            if self.in_head {
                match find(&data[pos..], b"\r\n\r\n") {
                    Some(j) => {
                        self.head_len += (pos + j).saturating_sub(pos.max(new_start));
                        self.in_head = false;
                        pos += j + 4;
                    }
                    None => {
                        self.head_len += data.len().saturating_sub(pos.max(new_start));
                        break;
                    }
                }
                if self.head_len > MAX_PART_HEADER_BYTES {
                    break;
                }
            } else {
                match find(&data[pos..], &self.delimiter) {
                    Some(i) => {
                        self.in_head = true;
                        self.head_len = 0;
                        pos += i + self.delimiter.len();
                    }
                    None => break,
                }
            }
        }
        if self.head_len > MAX_PART_HEADER_BYTES {
            return Err(format!("a form part's headers run past {} KiB: a part has a short Content-Disposition and Content-Type", MAX_PART_HEADER_BYTES / 1024));
        }
        let keep = self.delimiter.len().max(4) - 1;
        self.carry = data[data.len().saturating_sub(keep).max(pos.min(data.len()))..].to_vec();
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn feed(body: &[u8], step: usize) -> Result<(), String> {
        let mut g = PartHeaders::new("XbX");
        body.chunks(step).try_for_each(|c| g.check(&Bytes::copy_from_slice(c)))
    }

    /// An ordinary form passes in any chunking, one byte at a time too; a header block
    /// past the cap is refused, whether sent whole or a byte at a time; a file part's
    /// long data is not a header.
    #[test]
    fn header_blocks_past_the_cap_are_refused_in_any_chunking() {
        let file = vec![b'a'; 200_000];
        let mut ok = b"--XbX\r\nContent-Disposition: form-data; name=\"nodes\"\r\n\r\n3\r\n--XbX\r\nContent-Disposition: form-data; name=\"file\"; filename=\"f.csv\"\r\n\r\n".to_vec();
        ok.extend_from_slice(&file);
        ok.extend_from_slice(b"\r\n--XbX--\r\n");
        for step in [1, 7, 4096, ok.len()] {
            assert_eq!(feed(&ok, step), Ok(()), "step {step}");
        }
        let mut bad = b"--XbX\r\nContent-Disposition: form-data; name=\"title\"\r\n".to_vec();
        bad.extend(std::iter::repeat_n(b"X-A: b\r\n".as_slice(), 3000).flatten());
        bad.extend_from_slice(b"\r\nt\r\n--XbX--\r\n");
        for step in [1, 4096, bad.len()] {
            assert!(feed(&bad, step).is_err(), "step {step}");
        }
        assert_eq!(boundary("multipart/form-data; boundary=\"XbX\""), Some("XbX".into()));
    }
}
