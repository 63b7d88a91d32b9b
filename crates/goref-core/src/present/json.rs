//! A compact JSON writer for the report lines, byte for byte what `serde_json::to_writer`
//! writes, without its cost.
//!
//! Why: the JSONL report of a corpus is mostly keys and short strings, and serde_json
//! escapes every string byte by byte through its `io::Write` and `Formatter` layers (a
//! tenth of a check's instructions went there). This writer appends straight to a
//! `Vec<u8>` and looks for bytes that need escaping eight at a time. Everything rare
//! (floats, 128-bit integers) is handed to serde_json itself, so their text is its text.
//! The tests compare the two on tricky values.

use serde::ser::{self, Error as _, Serialize};
use serde_json::Error;

/// Appends `value` as compact JSON to `out`. On an error `out` may hold part of the
/// value; the caller truncates it.
pub fn write<T: Serialize + ?Sized>(out: &mut Vec<u8>, value: &T) -> Result<(), Error> {
    value.serialize(&mut Writer { out })
}

/// `value` as a compact JSON string (the same text as `serde_json::to_string`).
pub fn to_string<T: Serialize + ?Sized>(value: &T) -> Result<String, Error> {
    let mut out = Vec::with_capacity(256);
    write(&mut out, value)?;
    // Only whole UTF-8 strings and ASCII are ever written.
    String::from_utf8(out).map_err(Error::custom)
}

struct Writer<'a> {
    out: &'a mut Vec<u8>,
}

/// The escape of each byte below 0x60 (`0`: none), as serde_json's table: the short forms
/// for the usual controls, `u` for `\u00XX`.
const ESCAPE: [u8; 0x60] = {
    let mut t = [0u8; 0x60];
    let mut i = 0;
    while i < 0x20 {
        t[i] = b'u';
        i += 1;
    }
    t[0x08] = b'b';
    t[0x09] = b't';
    t[0x0a] = b'n';
    t[0x0c] = b'f';
    t[0x0d] = b'r';
    t[b'"' as usize] = b'"';
    t[b'\\' as usize] = b'\\';
    t
};

const ONES: u64 = 0x0101_0101_0101_0101;
const HIGHS: u64 = 0x8080_8080_8080_8080;

/// The high bit set in the lowest byte of `w` that is a control, `"` or `\` (bytes above
/// a match may be flagged too: the borrows only run upwards, so the lowest flag is exact).
#[inline]
fn specials(w: u64) -> u64 {
    let controls = w.wrapping_sub(ONES * 0x20) & !w;
    let q = w ^ (ONES * b'"' as u64);
    let quotes = q.wrapping_sub(ONES) & !q;
    let b = w ^ (ONES * b'\\' as u64);
    let backslashes = b.wrapping_sub(ONES) & !b;
    (controls | quotes | backslashes) & HIGHS
}

/// The little-endian word of the eight bytes of `bytes` from `at`.
#[inline]
fn word(bytes: &[u8], at: usize) -> u64 {
    let mut w = [0u8; 8];
    w.copy_from_slice(&bytes[at..at + 8]);
    u64::from_le_bytes(w)
}

/// Whether any byte of `bytes` needs an escape. Most strings need none: they are checked
/// a word at a time (the last word overlapping the one before), short ones as two
/// overlapping half words, so no byte is looked at alone unless the string has under four.
#[inline]
fn needs_escape(bytes: &[u8]) -> bool {
    let n = bytes.len();
    if n >= 8 {
        let mut flags = specials(word(bytes, n - 8));
        let mut at = 0;
        while at + 8 < n {
            flags |= specials(word(bytes, at));
            at += 8;
        }
        flags != 0
    } else if n >= 4 {
        let half = |at: usize| {
            let mut w = [0u8; 4];
            w.copy_from_slice(&bytes[at..at + 4]);
            u64::from(u32::from_le_bytes(w))
        };
        specials(half(0) | half(n - 4) << 32) != 0
    } else {
        bytes.iter().any(|&b| b < 0x60 && ESCAPE[b as usize] != 0)
    }
}

/// Appends `s` as a JSON string, quotes included.
pub(crate) fn write_str(out: &mut Vec<u8>, s: &str) {
    let bytes = s.as_bytes();
    out.reserve(bytes.len() + 2);
    out.push(b'"');
    if needs_escape(bytes) {
        write_escaped(out, bytes);
    } else {
        out.extend_from_slice(bytes);
    }
    out.push(b'"');
}

/// Appends `bytes` with every special byte escaped (the rare path of [`write_str`]).
#[cold]
fn write_escaped(out: &mut Vec<u8>, bytes: &[u8]) {
    let mut start = 0;
    for (i, &byte) in bytes.iter().enumerate() {
        let escape = if byte < 0x60 {
            ESCAPE[byte as usize]
        } else {
            0
        };
        if escape == 0 {
            continue;
        }
        out.extend_from_slice(&bytes[start..i]);
        if escape == b'u' {
            const HEX: &[u8; 16] = b"0123456789abcdef";
            out.extend_from_slice(b"\\u00");
            out.push(HEX[(byte >> 4) as usize]);
            out.push(HEX[(byte & 0xf) as usize]);
        } else {
            out.extend_from_slice(&[b'\\', escape]);
        }
        start = i + 1;
    }
    out.extend_from_slice(&bytes[start..]);
}

/// Appends the decimal digits of `n`.
pub(crate) fn write_u64(out: &mut Vec<u8>, mut n: u64) {
    let mut buf = [0u8; 20];
    let mut i = buf.len();
    loop {
        i -= 1;
        buf[i] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    out.extend_from_slice(&buf[i..]);
}

fn write_i64(out: &mut Vec<u8>, n: i64) {
    if n < 0 {
        out.push(b'-');
    }
    write_u64(out, n.unsigned_abs());
}

/// serde_json's own text for a rare scalar (floats, 128-bit integers).
fn delegate<T: Serialize>(out: &mut Vec<u8>, v: T) -> Result<(), Error> {
    serde_json::to_writer(out, &v)
}

/// A sequence or map being written: whether the next element is the first. Named by
/// the `Serializer` impl of the private writer only.
#[allow(unnameable_types)]
pub struct Compound<'w, 'a> {
    w: &'w mut Writer<'a>,
    first: bool,
    /// What closes it: `]`, `}`, or `]}` / `}}` for a variant's wrapper object.
    close: &'static [u8],
}

impl<'w, 'a> Compound<'w, 'a> {
    #[inline]
    fn comma(&mut self) {
        if !self.first {
            self.w.out.push(b',');
        }
        self.first = false;
    }

    #[inline]
    fn finish(self) -> Result<(), Error> {
        self.w.out.extend_from_slice(self.close);
        Ok(())
    }
}

impl<'w, 'a> ser::Serializer for &'w mut Writer<'a> {
    type Ok = ();
    type Error = Error;
    type SerializeSeq = Compound<'w, 'a>;
    type SerializeTuple = Compound<'w, 'a>;
    type SerializeTupleStruct = Compound<'w, 'a>;
    type SerializeTupleVariant = Compound<'w, 'a>;
    type SerializeMap = Compound<'w, 'a>;
    type SerializeStruct = Compound<'w, 'a>;
    type SerializeStructVariant = Compound<'w, 'a>;

    fn serialize_bool(self, v: bool) -> Result<(), Error> {
        self.out
            .extend_from_slice(if v { b"true" } else { b"false" });
        Ok(())
    }
    fn serialize_i8(self, v: i8) -> Result<(), Error> {
        self.serialize_i64(v.into())
    }
    fn serialize_i16(self, v: i16) -> Result<(), Error> {
        self.serialize_i64(v.into())
    }
    fn serialize_i32(self, v: i32) -> Result<(), Error> {
        self.serialize_i64(v.into())
    }
    fn serialize_i64(self, v: i64) -> Result<(), Error> {
        write_i64(self.out, v);
        Ok(())
    }
    fn serialize_i128(self, v: i128) -> Result<(), Error> {
        delegate(self.out, v)
    }
    fn serialize_u8(self, v: u8) -> Result<(), Error> {
        self.serialize_u64(v.into())
    }
    fn serialize_u16(self, v: u16) -> Result<(), Error> {
        self.serialize_u64(v.into())
    }
    fn serialize_u32(self, v: u32) -> Result<(), Error> {
        self.serialize_u64(v.into())
    }
    fn serialize_u64(self, v: u64) -> Result<(), Error> {
        write_u64(self.out, v);
        Ok(())
    }
    fn serialize_u128(self, v: u128) -> Result<(), Error> {
        delegate(self.out, v)
    }
    fn serialize_f32(self, v: f32) -> Result<(), Error> {
        delegate(self.out, v)
    }
    fn serialize_f64(self, v: f64) -> Result<(), Error> {
        delegate(self.out, v)
    }
    fn serialize_char(self, v: char) -> Result<(), Error> {
        write_str(self.out, v.encode_utf8(&mut [0u8; 4]));
        Ok(())
    }
    fn serialize_str(self, v: &str) -> Result<(), Error> {
        write_str(self.out, v);
        Ok(())
    }
    fn serialize_bytes(self, v: &[u8]) -> Result<(), Error> {
        // serde_json writes bytes as an array of numbers.
        let mut seq = ser::Serializer::serialize_seq(self, Some(v.len()))?;
        for b in v {
            ser::SerializeSeq::serialize_element(&mut seq, b)?;
        }
        ser::SerializeSeq::end(seq)
    }
    fn serialize_none(self) -> Result<(), Error> {
        self.serialize_unit()
    }
    fn serialize_some<T: Serialize + ?Sized>(self, value: &T) -> Result<(), Error> {
        value.serialize(self)
    }
    fn serialize_unit(self) -> Result<(), Error> {
        self.out.extend_from_slice(b"null");
        Ok(())
    }
    fn serialize_unit_struct(self, _name: &'static str) -> Result<(), Error> {
        self.serialize_unit()
    }
    fn serialize_unit_variant(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
    ) -> Result<(), Error> {
        self.serialize_str(variant)
    }
    fn serialize_newtype_struct<T: Serialize + ?Sized>(
        self,
        _name: &'static str,
        value: &T,
    ) -> Result<(), Error> {
        value.serialize(self)
    }
    fn serialize_newtype_variant<T: Serialize + ?Sized>(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
        value: &T,
    ) -> Result<(), Error> {
        self.out.push(b'{');
        write_str(self.out, variant);
        self.out.push(b':');
        value.serialize(&mut *self)?;
        self.out.push(b'}');
        Ok(())
    }
    fn serialize_seq(self, _len: Option<usize>) -> Result<Compound<'w, 'a>, Error> {
        self.out.push(b'[');
        Ok(Compound {
            w: self,
            first: true,
            close: b"]",
        })
    }
    fn serialize_tuple(self, len: usize) -> Result<Compound<'w, 'a>, Error> {
        self.serialize_seq(Some(len))
    }
    fn serialize_tuple_struct(
        self,
        _name: &'static str,
        len: usize,
    ) -> Result<Compound<'w, 'a>, Error> {
        self.serialize_seq(Some(len))
    }
    fn serialize_tuple_variant(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
        _len: usize,
    ) -> Result<Compound<'w, 'a>, Error> {
        self.out.push(b'{');
        write_str(self.out, variant);
        self.out.extend_from_slice(b":[");
        Ok(Compound {
            w: self,
            first: true,
            close: b"]}",
        })
    }
    fn serialize_map(self, _len: Option<usize>) -> Result<Compound<'w, 'a>, Error> {
        self.out.push(b'{');
        Ok(Compound {
            w: self,
            first: true,
            close: b"}",
        })
    }
    fn serialize_struct(self, _name: &'static str, len: usize) -> Result<Compound<'w, 'a>, Error> {
        self.serialize_map(Some(len))
    }
    fn serialize_struct_variant(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
        _len: usize,
    ) -> Result<Compound<'w, 'a>, Error> {
        self.out.push(b'{');
        write_str(self.out, variant);
        self.out.extend_from_slice(b":{");
        Ok(Compound {
            w: self,
            first: true,
            close: b"}}",
        })
    }
}

impl ser::SerializeSeq for Compound<'_, '_> {
    type Ok = ();
    type Error = Error;
    fn serialize_element<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Error> {
        self.comma();
        value.serialize(&mut *self.w)
    }
    fn end(self) -> Result<(), Error> {
        self.finish()
    }
}

impl ser::SerializeTuple for Compound<'_, '_> {
    type Ok = ();
    type Error = Error;
    fn serialize_element<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Error> {
        ser::SerializeSeq::serialize_element(self, value)
    }
    fn end(self) -> Result<(), Error> {
        self.finish()
    }
}

impl ser::SerializeTupleStruct for Compound<'_, '_> {
    type Ok = ();
    type Error = Error;
    fn serialize_field<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Error> {
        ser::SerializeSeq::serialize_element(self, value)
    }
    fn end(self) -> Result<(), Error> {
        self.finish()
    }
}

impl ser::SerializeTupleVariant for Compound<'_, '_> {
    type Ok = ();
    type Error = Error;
    fn serialize_field<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Error> {
        ser::SerializeSeq::serialize_element(self, value)
    }
    fn end(self) -> Result<(), Error> {
        self.finish()
    }
}

impl ser::SerializeMap for Compound<'_, '_> {
    type Ok = ();
    type Error = Error;
    fn serialize_key<T: Serialize + ?Sized>(&mut self, key: &T) -> Result<(), Error> {
        self.comma();
        key.serialize(KeyWriter { out: self.w.out })
    }
    fn serialize_value<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Error> {
        self.w.out.push(b':');
        value.serialize(&mut *self.w)
    }
    fn end(self) -> Result<(), Error> {
        self.finish()
    }
}

impl ser::SerializeStruct for Compound<'_, '_> {
    type Ok = ();
    type Error = Error;
    fn serialize_field<T: Serialize + ?Sized>(
        &mut self,
        key: &'static str,
        value: &T,
    ) -> Result<(), Error> {
        self.comma();
        write_str(self.w.out, key);
        self.w.out.push(b':');
        value.serialize(&mut *self.w)
    }
    fn end(self) -> Result<(), Error> {
        self.finish()
    }
}

impl ser::SerializeStructVariant for Compound<'_, '_> {
    type Ok = ();
    type Error = Error;
    fn serialize_field<T: Serialize + ?Sized>(
        &mut self,
        key: &'static str,
        value: &T,
    ) -> Result<(), Error> {
        ser::SerializeStruct::serialize_field(self, key, value)
    }
    fn end(self) -> Result<(), Error> {
        self.finish()
    }
}

/// A map key: a string as is, a number or bool quoted, anything else refused (serde_json's
/// rules for keys).
struct KeyWriter<'a> {
    out: &'a mut Vec<u8>,
}

impl KeyWriter<'_> {
    fn quoted(self, write: impl FnOnce(&mut Vec<u8>) -> Result<(), Error>) -> Result<(), Error> {
        self.out.push(b'"');
        write(self.out)?;
        self.out.push(b'"');
        Ok(())
    }
}

fn key_must_be_a_string() -> Error {
    Error::custom("key must be a string")
}

fn finite_key<T: Serialize>(out: &mut Vec<u8>, v: T, finite: bool) -> Result<(), Error> {
    if !finite {
        return Err(Error::custom(
            "float key must be finite (got NaN or +/-inf)",
        ));
    }
    delegate(out, v)
}

impl ser::Serializer for KeyWriter<'_> {
    type Ok = ();
    type Error = Error;
    type SerializeSeq = ser::Impossible<(), Error>;
    type SerializeTuple = ser::Impossible<(), Error>;
    type SerializeTupleStruct = ser::Impossible<(), Error>;
    type SerializeTupleVariant = ser::Impossible<(), Error>;
    type SerializeMap = ser::Impossible<(), Error>;
    type SerializeStruct = ser::Impossible<(), Error>;
    type SerializeStructVariant = ser::Impossible<(), Error>;

    fn serialize_str(self, v: &str) -> Result<(), Error> {
        write_str(self.out, v);
        Ok(())
    }
    fn serialize_char(self, v: char) -> Result<(), Error> {
        self.serialize_str(v.encode_utf8(&mut [0u8; 4]))
    }
    fn serialize_unit_variant(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
    ) -> Result<(), Error> {
        self.serialize_str(variant)
    }
    fn serialize_newtype_struct<T: Serialize + ?Sized>(
        self,
        _name: &'static str,
        value: &T,
    ) -> Result<(), Error> {
        value.serialize(self)
    }
    fn serialize_some<T: Serialize + ?Sized>(self, value: &T) -> Result<(), Error> {
        value.serialize(self)
    }
    fn serialize_bool(self, v: bool) -> Result<(), Error> {
        self.quoted(|o| {
            o.extend_from_slice(if v { b"true" } else { b"false" });
            Ok(())
        })
    }
    fn serialize_i8(self, v: i8) -> Result<(), Error> {
        self.serialize_i64(v.into())
    }
    fn serialize_i16(self, v: i16) -> Result<(), Error> {
        self.serialize_i64(v.into())
    }
    fn serialize_i32(self, v: i32) -> Result<(), Error> {
        self.serialize_i64(v.into())
    }
    fn serialize_i64(self, v: i64) -> Result<(), Error> {
        self.quoted(|o| {
            write_i64(o, v);
            Ok(())
        })
    }
    fn serialize_i128(self, v: i128) -> Result<(), Error> {
        self.quoted(|o| delegate(o, v))
    }
    fn serialize_u8(self, v: u8) -> Result<(), Error> {
        self.serialize_u64(v.into())
    }
    fn serialize_u16(self, v: u16) -> Result<(), Error> {
        self.serialize_u64(v.into())
    }
    fn serialize_u32(self, v: u32) -> Result<(), Error> {
        self.serialize_u64(v.into())
    }
    fn serialize_u64(self, v: u64) -> Result<(), Error> {
        self.quoted(|o| {
            write_u64(o, v);
            Ok(())
        })
    }
    fn serialize_u128(self, v: u128) -> Result<(), Error> {
        self.quoted(|o| delegate(o, v))
    }
    fn serialize_f32(self, v: f32) -> Result<(), Error> {
        self.quoted(|o| finite_key(o, v, v.is_finite()))
    }
    fn serialize_f64(self, v: f64) -> Result<(), Error> {
        self.quoted(|o| finite_key(o, v, v.is_finite()))
    }
    fn serialize_bytes(self, _v: &[u8]) -> Result<(), Error> {
        Err(key_must_be_a_string())
    }
    fn serialize_none(self) -> Result<(), Error> {
        Err(key_must_be_a_string())
    }
    fn serialize_unit(self) -> Result<(), Error> {
        Err(key_must_be_a_string())
    }
    fn serialize_unit_struct(self, _name: &'static str) -> Result<(), Error> {
        Err(key_must_be_a_string())
    }
    fn serialize_newtype_variant<T: Serialize + ?Sized>(
        self,
        _name: &'static str,
        _index: u32,
        _variant: &'static str,
        _value: &T,
    ) -> Result<(), Error> {
        Err(key_must_be_a_string())
    }
    fn serialize_seq(self, _len: Option<usize>) -> Result<Self::SerializeSeq, Error> {
        Err(key_must_be_a_string())
    }
    fn serialize_tuple(self, _len: usize) -> Result<Self::SerializeTuple, Error> {
        Err(key_must_be_a_string())
    }
    fn serialize_tuple_struct(
        self,
        _name: &'static str,
        _len: usize,
    ) -> Result<Self::SerializeTupleStruct, Error> {
        Err(key_must_be_a_string())
    }
    fn serialize_tuple_variant(
        self,
        _name: &'static str,
        _index: u32,
        _variant: &'static str,
        _len: usize,
    ) -> Result<Self::SerializeTupleVariant, Error> {
        Err(key_must_be_a_string())
    }
    fn serialize_map(self, _len: Option<usize>) -> Result<Self::SerializeMap, Error> {
        Err(key_must_be_a_string())
    }
    fn serialize_struct(
        self,
        _name: &'static str,
        _len: usize,
    ) -> Result<Self::SerializeStruct, Error> {
        Err(key_must_be_a_string())
    }
    fn serialize_struct_variant(
        self,
        _name: &'static str,
        _index: u32,
        _variant: &'static str,
        _len: usize,
    ) -> Result<Self::SerializeStructVariant, Error> {
        Err(key_must_be_a_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde::Serialize;
    use std::collections::BTreeMap;

    fn same<T: Serialize + ?Sized>(v: &T) {
        let ours = to_string(v).unwrap();
        let theirs = serde_json::to_string(v).unwrap();
        assert_eq!(ours, theirs);
    }

    #[test]
    fn strings_are_escaped_as_serde_json_escapes_them() {
        let mut tricky: Vec<String> = vec![
            String::new(),
            "plain".into(),
            "exactly8".into(),
            "sixteen bytes ok".into(),
            "\"".into(),
            "\\".into(),
            "a\"b\\c\nd\re\tf\u{8}g\u{c}h".into(),
            "\u{0}\u{1}\u{1f}\u{7f}".into(),
            "棋譜 \"囲碁\" ☯ é\u{1}".into(),
            "1234567\"".into(),
            "12345678\\".into(),
            "\u{1f}1234567890abcdef\u{1f}".into(),
            "ÿÿÿÿÿÿÿÿ\"ÿ".into(),
            "  \u{1f}\u{20}\u{21}\u{22}\u{5b}\u{5c}\u{5d}\u{80}\u{ff}".into(),
        ];
        // Every byte value below 0x80 at every position of strings of 1 to 17 bytes (the
        // byte, half-word, word and overlapping-word checks), beside ASCII and beside a
        // two-byte character.
        for len in 1..=17 {
            for c in 0u8..0x80 {
                for at in 0..len {
                    let mut s = vec![b'x'; len];
                    s[at] = c;
                    tricky.push(String::from_utf8(s).unwrap());
                    let mut wide = "é".repeat(len).into_bytes();
                    wide[2 * at] = c;
                    wide[2 * at + 1] = b'y';
                    tricky.push(String::from_utf8(wide).unwrap());
                }
            }
        }
        for s in &tricky {
            same(s);
        }
    }

    #[test]
    fn scalars_match_serde_json() {
        same(&0u64);
        same(&u64::MAX);
        same(&i64::MIN);
        same(&-1i32);
        same(&7u8);
        same(&u128::MAX);
        same(&i128::MIN);
        same(&0.5f64);
        same(&8.0f64);
        same(&-0.0f64);
        same(&f64::NAN);
        same(&f64::INFINITY);
        same(&1e300f64);
        same(&0.85f32);
        same(&f32::NAN);
        same(&true);
        same(&'"');
        same(&'é');
        same(&());
        same(&Option::<u8>::None);
        same(&Some("x"));
    }

    #[derive(Serialize)]
    enum E {
        Unit,
        New(u8),
        Tuple(u8, &'static str),
        Struct { a: Option<u8>, b: Vec<u8> },
    }

    #[derive(Serialize)]
    struct UnitStruct;

    #[derive(Serialize)]
    struct Inner {
        #[serde(rename = "B")]
        b: u32,
        s: &'static str,
    }

    #[derive(Serialize)]
    struct Outer {
        name: String,
        #[serde(flatten)]
        inner: Inner,
        #[serde(skip_serializing_if = "Option::is_none")]
        skipped: Option<u8>,
        list: Vec<E>,
        empty: Vec<u8>,
        tuple: (u8, i8, f64),
        unit: UnitStruct,
        map: BTreeMap<String, Option<f32>>,
        num_keys: BTreeMap<i32, bool>,
        bool_keys: BTreeMap<bool, u8>,
        bytes: serde_bytes_like::Bytes,
    }

    mod serde_bytes_like {
        /// Serializes through `serialize_bytes`.
        pub struct Bytes(pub Vec<u8>);
        impl serde::Serialize for Bytes {
            fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.serialize_bytes(&self.0)
            }
        }
    }

    #[test]
    fn structures_match_serde_json() {
        let v = Outer {
            name: "n\"m".into(),
            inner: Inner { b: 3, s: "x\ty" },
            skipped: None,
            list: vec![
                E::Unit,
                E::New(1),
                E::Tuple(2, "t"),
                E::Struct {
                    a: None,
                    b: vec![1, 2],
                },
            ],
            empty: vec![],
            tuple: (1, -1, 2.5),
            unit: UnitStruct,
            map: [("k\n".to_string(), Some(0.8f32)), ("z".into(), None)]
                .into_iter()
                .collect(),
            num_keys: [(-3, true), (40, false)].into_iter().collect(),
            bool_keys: [(true, 1)].into_iter().collect(),
            bytes: serde_bytes_like::Bytes(vec![0, 255]),
        };
        same(&v);
        same(&serde_json::json!({"a": [1, {"b": null}], "c": "d", "e": 1.5}));
    }

    #[test]
    fn refused_keys_are_errors() {
        let m: BTreeMap<Option<u8>, u8> = [(None, 1)].into_iter().collect();
        assert!(to_string(&m).is_err());
        assert!(serde_json::to_string(&m).is_err());
        let f: BTreeMap<u8, u8> = [(1, 2)].into_iter().collect();
        same(&f);
    }

    #[test]
    fn decimal_digits() {
        for n in [0u64, 9, 10, 99, 100, 12345, u32::MAX as u64, u64::MAX] {
            let mut out = Vec::new();
            write_u64(&mut out, n);
            assert_eq!(out, n.to_string().as_bytes());
        }
    }
}
