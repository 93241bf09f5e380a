//! A census of the vocabulary (issue 27): how many variants each main enum holds, and which
//! of them a set of card declarations uses. Both are read through serde, so nothing here
//! lists a variant by hand: [`variants`] asks an enum's `Deserialize` for the names it
//! accepts, and [`Usage::record`] walks a declaration's `Serialize` and notes every enum
//! variant it passes, by enum name.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt;

use serde::de::{self, Visitor};
use serde::ser::{self, Serialize};
use serde::Deserialize;

use super::{Behavior, Condition, Cost, Filter, Modifier, Num, Obj, Op, Trigger};

/// The main enums of the vocabulary, by their type names, with every variant each holds.
pub fn vocabulary() -> Vec<(&'static str, &'static [&'static str])> {
    vec![
        ("Op", variants::<Op>()),
        ("Obj", variants::<Obj>()),
        ("Filter", variants::<Filter>()),
        ("Condition", variants::<Condition>()),
        ("Trigger", variants::<Trigger>()),
        ("Modifier", variants::<Modifier>()),
        ("Num", variants::<Num>()),
        ("Cost", variants::<Cost>()),
    ]
}

/// The variant names an enum's `Deserialize` accepts (every variant it declares).
pub fn variants<'de, T: Deserialize<'de>>() -> &'static [&'static str] {
    let mut names: &'static [&'static str] = &[];
    // The deserializer answers nothing but the enum's own list, so this always errs.
    let _ = T::deserialize(Names { out: &mut names });
    names
}

/// Which variants of which enums a set of declarations uses, and by how many cards.
#[derive(Debug, Default)]
pub struct Usage {
    /// (enum, variant) → the number of cards whose declaration uses it.
    pub cards: BTreeMap<(&'static str, &'static str), usize>,
}

impl Usage {
    /// Counts one card: its declarations (a card's versions count as one card; each variant
    /// once, however often they use it).
    pub fn record(&mut self, versions: &[&Behavior]) {
        let mut seen = BTreeSet::new();
        for behavior in versions {
            // The walk never fails: every method records and succeeds.
            let _ = behavior.serialize(Walk { seen: &mut seen });
        }
        for key in seen {
            *self.cards.entry(key).or_insert(0) += 1;
        }
    }

    /// The variants of `enum_name` used by exactly one card.
    pub fn single_use(&self, enum_name: &str) -> Vec<&'static str> {
        self.cards.iter().filter(|((e, _), n)| *e == enum_name && **n == 1).map(|((_, v), _)| *v).collect()
    }
}

/// The error of the census walks (never shown: both walks only collect).
#[derive(Debug)]
pub struct Stop;

impl fmt::Display for Stop {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("census stop")
    }
}
impl std::error::Error for Stop {}
impl de::Error for Stop {
    fn custom<M: fmt::Display>(_: M) -> Self {
        Stop
    }
}
impl ser::Error for Stop {
    fn custom<M: fmt::Display>(_: M) -> Self {
        Stop
    }
}

struct Names<'a> {
    out: &'a mut &'static [&'static str],
}

impl<'de> de::Deserializer<'de> for Names<'_> {
    type Error = Stop;
    fn deserialize_any<V: Visitor<'de>>(self, _: V) -> Result<V::Value, Stop> {
        Err(Stop)
    }
    fn deserialize_enum<V: Visitor<'de>>(self, _: &'static str, variants: &'static [&'static str], _: V) -> Result<V::Value, Stop> {
        *self.out = variants;
        Err(Stop)
    }
    serde::forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string bytes byte_buf option unit
        unit_struct newtype_struct seq tuple tuple_struct map struct identifier ignored_any
    }
}

struct Walk<'a> {
    seen: &'a mut BTreeSet<(&'static str, &'static str)>,
}

impl Walk<'_> {
    fn again(&mut self) -> Walk<'_> {
        Walk { seen: self.seen }
    }
}

impl ser::Serializer for Walk<'_> {
    type Ok = ();
    type Error = Stop;
    type SerializeSeq = Self;
    type SerializeTuple = Self;
    type SerializeTupleStruct = Self;
    type SerializeTupleVariant = Self;
    type SerializeMap = Self;
    type SerializeStruct = Self;
    type SerializeStructVariant = Self;

    fn serialize_bool(self, _: bool) -> Result<(), Stop> {
        Ok(())
    }
    fn serialize_i8(self, _: i8) -> Result<(), Stop> {
        Ok(())
    }
    fn serialize_i16(self, _: i16) -> Result<(), Stop> {
        Ok(())
    }
    fn serialize_i32(self, _: i32) -> Result<(), Stop> {
        Ok(())
    }
    fn serialize_i64(self, _: i64) -> Result<(), Stop> {
        Ok(())
    }
    fn serialize_u8(self, _: u8) -> Result<(), Stop> {
        Ok(())
    }
    fn serialize_u16(self, _: u16) -> Result<(), Stop> {
        Ok(())
    }
    fn serialize_u32(self, _: u32) -> Result<(), Stop> {
        Ok(())
    }
    fn serialize_u64(self, _: u64) -> Result<(), Stop> {
        Ok(())
    }
    fn serialize_f32(self, _: f32) -> Result<(), Stop> {
        Ok(())
    }
    fn serialize_f64(self, _: f64) -> Result<(), Stop> {
        Ok(())
    }
    fn serialize_char(self, _: char) -> Result<(), Stop> {
        Ok(())
    }
    fn serialize_str(self, _: &str) -> Result<(), Stop> {
        Ok(())
    }
    fn serialize_bytes(self, _: &[u8]) -> Result<(), Stop> {
        Ok(())
    }
    fn serialize_none(self) -> Result<(), Stop> {
        Ok(())
    }
    fn serialize_some<T: ?Sized + Serialize>(self, value: &T) -> Result<(), Stop> {
        value.serialize(self)
    }
    fn serialize_unit(self) -> Result<(), Stop> {
        Ok(())
    }
    fn serialize_unit_struct(self, _: &'static str) -> Result<(), Stop> {
        Ok(())
    }
    fn serialize_unit_variant(self, name: &'static str, _: u32, variant: &'static str) -> Result<(), Stop> {
        self.seen.insert((name, variant));
        Ok(())
    }
    fn serialize_newtype_struct<T: ?Sized + Serialize>(self, _: &'static str, value: &T) -> Result<(), Stop> {
        value.serialize(self)
    }
    fn serialize_newtype_variant<T: ?Sized + Serialize>(self, name: &'static str, _: u32, variant: &'static str, value: &T) -> Result<(), Stop> {
        self.seen.insert((name, variant));
        value.serialize(self)
    }
    fn serialize_seq(self, _: Option<usize>) -> Result<Self, Stop> {
        Ok(self)
    }
    fn serialize_tuple(self, _: usize) -> Result<Self, Stop> {
        Ok(self)
    }
    fn serialize_tuple_struct(self, _: &'static str, _: usize) -> Result<Self, Stop> {
        Ok(self)
    }
    fn serialize_tuple_variant(self, name: &'static str, _: u32, variant: &'static str, _: usize) -> Result<Self, Stop> {
        self.seen.insert((name, variant));
        Ok(self)
    }
    fn serialize_map(self, _: Option<usize>) -> Result<Self, Stop> {
        Ok(self)
    }
    fn serialize_struct(self, _: &'static str, _: usize) -> Result<Self, Stop> {
        Ok(self)
    }
    fn serialize_struct_variant(self, name: &'static str, _: u32, variant: &'static str, _: usize) -> Result<Self, Stop> {
        self.seen.insert((name, variant));
        Ok(self)
    }
}

macro_rules! walk_compound {
    ($($trait:ident :: $method:ident),*) => {$(
        impl ser::$trait for Walk<'_> {
            type Ok = ();
            type Error = Stop;
            fn $method<T: ?Sized + Serialize>(&mut self, value: &T) -> Result<(), Stop> {
                value.serialize(self.again())
            }
            fn end(self) -> Result<(), Stop> {
                Ok(())
            }
        }
    )*};
}
walk_compound!(
    SerializeSeq::serialize_element,
    SerializeTuple::serialize_element,
    SerializeTupleStruct::serialize_field,
    SerializeTupleVariant::serialize_field
);

macro_rules! walk_fields {
    ($($trait:ident),*) => {$(
        impl ser::$trait for Walk<'_> {
            type Ok = ();
            type Error = Stop;
            fn serialize_field<T: ?Sized + Serialize>(&mut self, _: &'static str, value: &T) -> Result<(), Stop> {
                value.serialize(self.again())
            }
            fn end(self) -> Result<(), Stop> {
                Ok(())
            }
        }
    )*};
}
walk_fields!(SerializeStruct, SerializeStructVariant);

impl ser::SerializeMap for Walk<'_> {
    type Ok = ();
    type Error = Stop;
    fn serialize_key<T: ?Sized + Serialize>(&mut self, key: &T) -> Result<(), Stop> {
        key.serialize(self.again())
    }
    fn serialize_value<T: ?Sized + Serialize>(&mut self, value: &T) -> Result<(), Stop> {
        value.serialize(self.again())
    }
    fn end(self) -> Result<(), Stop> {
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::effect::{EffectDecl, Who};

    #[test]
    fn every_variant_is_listed() {
        let ops = variants::<Op>();
        assert!(ops.contains(&"Draw") && ops.contains(&"Destroy"), "{ops:?}");
        let total: usize = vocabulary().iter().map(|(_, v)| v.len()).sum();
        assert!(total > 100, "{total}");
    }

    #[test]
    fn usage_counts_cards_not_uses() {
        let draw = || EffectDecl::ignition("Draw 1.").op(Op::Draw { who: Who::You, count: Num::Const(1) });
        let mut u = Usage::default();
        u.record(&[&Behavior::with(vec![draw(), draw()]), &Behavior::with(vec![draw()])]);
        assert_eq!(u.cards.get(&("Op", "Draw")), Some(&1));
        assert_eq!(u.cards.get(&("Num", "Const")), Some(&1));
        assert_eq!(u.single_use("Op"), vec!["Draw"]);
        u.record(&[&Behavior::with(vec![draw()])]);
        assert_eq!(u.cards.get(&("Op", "Draw")), Some(&2));
        assert!(u.single_use("Op").is_empty());
    }
}
