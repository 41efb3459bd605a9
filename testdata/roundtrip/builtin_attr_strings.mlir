// Covers: string attributes with escapes (quote, backslash, newline, tab, hex escapes, unicode).
func.func @strings() attributes {
    s.plain = "hello",
    s.empty = "",
    s.quote = "say \"hi\"",
    s.backslash = "C:\\path\\to",
    s.newline = "line1\nline2",
    s.tab = "a\tb",
    s.hex = "\00\01\FF",
    s.utf8 = "caf\C3\A9",
    s.typed = "abc" : i32} {
  return
}

func.func @string_in_array() attributes {s.list = ["a", "b\"c", "d\\e"]} {
  return
}
