//! Reading an event without serde's buffer. serde reads an internally tagged enum
//! (`{"kind": "…", …}`) by first copying the whole object into a buffer, since the tag may come
//! anywhere in it; that copy was most of the cost of reading the ledger. hoard always writes
//! `kind` first, so this reader takes it and reads the rest of the object straight into the
//! variant's fields. An object whose `kind` comes later (a hand-written import) is buffered
//! and read as before.
//!
//! Kept for what a referee feels on a long read. Measured 2026-12-01 against plain
//! `#[derive(Deserialize)]` internal tagging (the same tree otherwise), release builds, a
//! 300,000-event campaign with 31,806 control checks, instructions per whole process
//! (callgrind): `audit swords` 1.45 G with this reader, 1.75 G without (1.20x); CPU time on
//! the same run: `check` 1.24x and `log` 1.13x without it. Below ~20 % it would go.

use std::fmt;

use serde::de::value::MapAccessDeserializer;
use serde::de::{
    self, DeserializeSeed, Deserializer, EnumAccess, IntoDeserializer, MapAccess, VariantAccess,
    Visitor,
};
use serde::{Deserialize, forward_to_deserialize_any};

use super::event::{Body, Event};

impl<'de> Deserialize<'de> for Event {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Event, D::Error> {
        deserializer.deserialize_map(KindFirst)
    }
}

struct KindFirst;

impl<'de> Visitor<'de> for KindFirst {
    type Value = Event;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("an event: an object with its kind")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Event, A::Error> {
        let first: Option<Key> = map.next_key()?;
        if let Some(Key::Kind) = first {
            let kind: String = map.next_value()?;
            return Body::deserialize(Fields { kind, map }).map(Event::from);
        }
        // `kind` comes later, or not at all: buffer the object, as serde would.
        let mut object = serde_json::Map::new();
        let mut entry = match first {
            Some(Key::Other(key)) => Some((key, map.next_value()?)),
            _ => map.next_entry()?,
        };
        while let Some((key, value)) = entry {
            if object.contains_key(&key) {
                return Err(de::Error::custom(format_args!("duplicate field `{key}`")));
            }
            object.insert(key, value);
            entry = map.next_entry()?;
        }
        let kind = match object.remove("kind") {
            Some(serde_json::Value::String(kind)) => kind,
            Some(_) => return Err(de::Error::custom("an event's kind must be a string")),
            None => return Err(de::Error::missing_field("kind")),
        };
        let tagged = serde_json::Value::Object([(kind, object.into())].into_iter().collect());
        Body::deserialize(tagged)
            .map(Event::from)
            .map_err(de::Error::custom)
    }
}

/// A `kind` met among an event's fields, after the one already read: always refused.
#[derive(Default)]
pub(super) struct SecondKind;

impl<'de> Deserialize<'de> for SecondKind {
    fn deserialize<D: Deserializer<'de>>(_: D) -> Result<SecondKind, D::Error> {
        Err(de::Error::duplicate_field("kind"))
    }
}

/// An object's key: `kind`, or another (kept only when the object must be buffered).
enum Key {
    Kind,
    Other(String),
}

impl<'de> Deserialize<'de> for Key {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Key, D::Error> {
        struct KeyVisitor;
        impl Visitor<'_> for KeyVisitor {
            type Value = Key;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a field name")
            }
            fn visit_str<E: de::Error>(self, key: &str) -> Result<Key, E> {
                Ok(match key {
                    "kind" => Key::Kind,
                    other => Key::Other(other.to_string()),
                })
            }
        }
        deserializer.deserialize_identifier(KeyVisitor)
    }
}

/// The rest of an event's object, once its kind is read, presented to `Body` as the variant
/// `kind` with these fields.
struct Fields<A> {
    kind: String,
    map: A,
}

impl<'de, A: MapAccess<'de>> Deserializer<'de> for Fields<A> {
    type Error = A::Error;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, A::Error> {
        visitor.visit_enum(self)
    }

    forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string bytes byte_buf
        option unit unit_struct newtype_struct seq tuple tuple_struct map struct enum
        identifier ignored_any
    }
}

impl<'de, A: MapAccess<'de>> EnumAccess<'de> for Fields<A> {
    type Error = A::Error;
    type Variant = Rest<A>;

    fn variant_seed<S: DeserializeSeed<'de>>(
        self,
        seed: S,
    ) -> Result<(S::Value, Rest<A>), A::Error> {
        let Fields { kind, map } = self;
        let variant = seed.deserialize(kind.as_str().into_deserializer())?;
        Ok((variant, Rest(map)))
    }
}

/// The fields after `kind`: every event is a struct variant.
struct Rest<A>(A);

impl<'de, A: MapAccess<'de>> VariantAccess<'de> for Rest<A> {
    type Error = A::Error;

    fn unit_variant(self) -> Result<(), A::Error> {
        Err(de::Error::invalid_type(de::Unexpected::Map, &"a unit"))
    }

    /// How serde reads a struct variant with flattened fields: as one map.
    fn newtype_variant_seed<T: DeserializeSeed<'de>>(self, seed: T) -> Result<T::Value, A::Error> {
        seed.deserialize(MapAccessDeserializer::new(self.0))
    }

    fn tuple_variant<V: Visitor<'de>>(self, _: usize, _: V) -> Result<V::Value, A::Error> {
        Err(de::Error::invalid_type(de::Unexpected::Map, &"a tuple"))
    }

    fn struct_variant<V: Visitor<'de>>(
        self,
        _: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, A::Error> {
        visitor.visit_map(self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ledger::Act;

    fn check() -> Event {
        let roll = crate::rules::dice::Roll {
            expr: "1d10".into(),
            faces: vec![7],
            total: 7,
        };
        Event::ControlChecked {
            act: Act {
                item: "s".into(),
                item_name: "Blade".into(),
                item_name_fr: "Lame".into(),
                character: "c".into(),
                character_name: "Arnaud".into(),
            },
            trigger: crate::rules::control::Trigger::Alignment,
            sword_will: crate::rules::control::SwordWill {
                int: 7,
                ego: 1,
                extraordinary: 0,
                alignment_roll: Some(roll),
                total: 15,
            },
            character_will: crate::rules::control::CharacterWill {
                str: 12,
                wis: 11,
                penalty: None,
                total: 23,
            },
            controlled: false,
            weapon: None,
        }
    }

    #[test]
    fn reads_what_it_writes_with_kind_first() {
        let event = check();
        let text = serde_json::to_string(&event).unwrap();
        assert!(text.starts_with(r#"{"kind":"control_checked","#));
        assert_eq!(serde_json::from_str::<Event>(&text).unwrap(), event);
    }

    #[test]
    fn reads_an_object_whose_kind_comes_last() {
        let event = check();
        let mut value = serde_json::to_value(&event).unwrap();
        let object = value.as_object_mut().unwrap();
        let kind = object.remove("kind").unwrap();
        object.insert("kind".into(), kind);
        let text = serde_json::to_string(&value).unwrap();
        assert!(!text.starts_with(r#"{"kind""#));
        assert_eq!(serde_json::from_str::<Event>(&text).unwrap(), event);
    }

    #[test]
    fn names_what_is_wrong() {
        for (text, wanted) in [
            (
                r#"{"kind":"no_such_event"}"#,
                "unknown variant `no_such_event`",
            ),
            (r#"{"name":"x"}"#, "missing field `kind`"),
            (r#"{"name":"x","kind":7}"#, "kind must be a string"),
            (r#"{"kind":"campaign_created"}"#, "missing field `name`"),
            (r#"[1]"#, "invalid type"),
            (
                r#"{"kind":"campaign_created","kind":"session_ended","name":"x"}"#,
                "duplicate field `kind`",
            ),
            (
                r#"{"name":"x","name":"y","kind":"campaign_created"}"#,
                "duplicate field `name`",
            ),
            (
                r#"{"kind":"campaign_created","name":"x","name":"y"}"#,
                "duplicate field `name`",
            ),
        ] {
            let e = serde_json::from_str::<Event>(text).unwrap_err().to_string();
            assert!(e.contains(wanted), "{text}: {e}");
        }
    }
}
