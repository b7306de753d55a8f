//! A statement and its arguments, written once for every engine.
//!
//! Placeholders are numbered (`$1`, `$2` …), which both SQLite and PostgreSQL read, and the
//! arguments are the few plain types hoard stores: integers, text and booleans, each possibly
//! NULL. The store builds [`Sql`] values; [`super::conn::Conn`] binds them for its engine.
//! Keeping to these types is what lets one statement serve both engines (the column types
//! that differ are the migrations' business, not the callers').

/// One argument of a statement.
#[derive(Clone, Debug, PartialEq)]
pub enum Value {
    Int(Option<i64>),
    Text(Option<String>),
    Bool(bool),
}

impl From<i64> for Value {
    fn from(v: i64) -> Self {
        Value::Int(Some(v))
    }
}

impl From<Option<i64>> for Value {
    fn from(v: Option<i64>) -> Self {
        Value::Int(v)
    }
}

macro_rules! small_ints {
    ($($t:ty),*) => {$(
        impl From<$t> for Value {
            fn from(v: $t) -> Self {
                Value::Int(Some(i64::from(v)))
            }
        }
        impl From<Option<$t>> for Value {
            fn from(v: Option<$t>) -> Self {
                Value::Int(v.map(i64::from))
            }
        }
    )*};
}
small_ints!(i32, u32, u8, i8, u16, i16);

impl From<bool> for Value {
    fn from(v: bool) -> Self {
        Value::Bool(v)
    }
}

impl From<String> for Value {
    fn from(v: String) -> Self {
        Value::Text(Some(v))
    }
}

impl From<&str> for Value {
    fn from(v: &str) -> Self {
        Value::Text(Some(v.to_string()))
    }
}

impl From<&String> for Value {
    fn from(v: &String) -> Self {
        Value::Text(Some(v.clone()))
    }
}

impl From<Option<String>> for Value {
    fn from(v: Option<String>) -> Self {
        Value::Text(v)
    }
}

impl From<Option<&str>> for Value {
    fn from(v: Option<&str>) -> Self {
        Value::Text(v.map(str::to_string))
    }
}

impl From<Option<&String>> for Value {
    fn from(v: Option<&String>) -> Self {
        Value::Text(v.cloned())
    }
}

/// SQL text with numbered placeholders, and the values they stand for.
#[derive(Clone, Debug, Default)]
pub struct Sql {
    text: String,
    args: Vec<Value>,
}

impl Sql {
    /// A statement whose text numbers its own placeholders; give their values, in order, with
    /// [`Sql::bind`].
    pub fn new(text: impl Into<String>) -> Sql {
        Sql {
            text: text.into(),
            args: Vec::new(),
        }
    }

    /// The value of the next placeholder the text already holds.
    pub fn bind(mut self, value: impl Into<Value>) -> Sql {
        self.args.push(value.into());
        self
    }

    /// Append text.
    pub fn push(&mut self, text: &str) -> &mut Sql {
        self.text.push_str(text);
        self
    }

    /// Append a placeholder for `value`, numbered after those already bound.
    pub fn push_bind(&mut self, value: impl Into<Value>) -> &mut Sql {
        self.args.push(value.into());
        let n = self.args.len();
        self.text.push('$');
        self.text.push_str(&n.to_string());
        self
    }

    /// Append `VALUES (…), (…)`: one parenthesised row per item, its values given by `row`.
    pub fn push_values<T>(
        &mut self,
        items: impl IntoIterator<Item = T>,
        mut row: impl FnMut(&mut Row<'_>, T),
    ) -> &mut Sql {
        self.push("VALUES ");
        for (i, item) in items.into_iter().enumerate() {
            self.push(if i == 0 { "(" } else { ", (" });
            row(
                &mut Row {
                    sql: self,
                    first: true,
                },
                item,
            );
            self.push(")");
        }
        self
    }

    pub fn text(&self) -> &str {
        &self.text
    }

    pub fn args(&self) -> &[Value] {
        &self.args
    }
}

/// A name as the statements look it up: they compare `lower(name)` with this, so names are
/// one whatever their ASCII case, on both engines alike. SQLite's `lower()` folds ASCII
/// letters only, and so does PostgreSQL's on the names' `"C"` columns; the name asked for is
/// folded here rather than by `lower($N)`, which on PostgreSQL would fold by the database's
/// own collation (Unicode letters too, under most locales).
pub fn name_key(name: &str) -> String {
    name.to_ascii_lowercase()
}

/// One row of [`Sql::push_values`].
pub struct Row<'a> {
    sql: &'a mut Sql,
    first: bool,
}

impl Row<'_> {
    pub fn push_bind(&mut self, value: impl Into<Value>) -> &mut Self {
        if !std::mem::take(&mut self.first) {
            self.sql.push(", ");
        }
        self.sql.push_bind(value);
        self
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn placeholders_are_numbered_in_the_order_of_their_values() {
        let mut sql = Sql::new("SELECT x FROM t WHERE a = $1").bind(7);
        sql.push(" AND b = ")
            .push_bind("y")
            .push(" AND c = ")
            .push_bind(None::<i64>);
        assert_eq!(
            sql.text(),
            "SELECT x FROM t WHERE a = $1 AND b = $2 AND c = $3"
        );
        assert_eq!(
            sql.args(),
            &[Value::Int(Some(7)), Value::from("y"), Value::Int(None)]
        );
    }

    #[test]
    fn values_make_one_parenthesised_row_per_item() {
        let mut sql = Sql::new("INSERT INTO t (a, b) ");
        sql.push_values([(1, "x"), (2, "y")], |row, (a, b)| {
            row.push_bind(a).push_bind(b);
        });
        assert_eq!(sql.text(), "INSERT INTO t (a, b) VALUES ($1, $2), ($3, $4)");
        assert_eq!(sql.args().len(), 4);
    }
}
